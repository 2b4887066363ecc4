// resources: a uniform without @group and @binding
var<uniform> scale: vec4<f32>;

@compute @workgroup_size(1)
fn main() {
}
