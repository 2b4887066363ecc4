// structs with @align and @size members in uniform and storage buffers
struct Params {
    @align(16) scale: f32,
    @size(16) offset: f32,
    tint: vec3<f32>,
    @align(16) items: array<vec4<f32>, 2>,
}

struct Out {
    @size(8) a: u32,
    @align(8) b: vec2<f32>,
    rest: array<f32>,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> out: Out;

@compute @workgroup_size(1)
fn main() {
    out.a = 1u;
    out.b = vec2<f32>(params.scale, params.offset);
    out.rest[0] = params.tint.z + params.items[1].w;
}
