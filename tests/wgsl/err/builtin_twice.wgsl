// WGSL §13.3.1.1: a built-in value is at most once among an entry point's inputs, and at most
// once among its outputs: directly, through two parameters of one struct type, or in a struct.
struct In {
    @builtin(position) position: vec4<f32>,
}

struct Out {
    @builtin(frag_depth) depth: f32,
    @builtin(frag_depth) again: f32,
}

@fragment
fn fs(a: In, b: In) -> Out {
    return Out(a.position.z, b.position.z);
}

@compute @workgroup_size(1)
fn cs(@builtin(local_invocation_index) i: u32, @builtin(local_invocation_index) j: u32) {
}

@vertex
fn vs(@builtin(vertex_index) v: u32, @builtin(instance_index) i: u32) -> @builtin(position) vec4<f32> {
    return vec4<f32>(f32(v + i));
}
