// A uniform struct with vec3 padding and a storage array of structs.
struct Params {
    offset: vec3<f32>,
    scale: f32,
    count: u32,
}

struct Particle {
    pos: vec3<f32>,
    mass: f32,
    vel: vec2<f32>,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> particles: array<Particle, 16>;

@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) i: u32) {
    if i < params.count {
        var p = particles[i];
        p.pos = p.pos * params.scale + params.offset;
        p.vel = vec2(p.mass, f32(i));
        particles[i] = p;
    }
}
