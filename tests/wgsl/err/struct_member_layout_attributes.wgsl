// layout: every bad @align/@size of a struct is reported (WGSL §"align", §"size" attributes)
struct S {
    a: f32,
    @align(3) b: f32,
    @size(2) c: vec2<f32>,
    @align(4) d: vec4<f32>,
}

@compute @workgroup_size(1)
fn main() {
    var s: S;
}
