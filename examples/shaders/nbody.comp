#version 450
// One step of an n-body simulation (softened gravity, semi-implicit Euler). Bodies are std430
// structs with vec3 members: `mass` fills the 4 bytes after `pos`, and the struct is 32 bytes.

layout(local_size_x = 64) in;

struct Body {
    vec3 pos;
    float mass;
    vec3 vel;
};

layout(std430, set = 0, binding = 0) readonly buffer Before { Body bodies[]; } before;
layout(std430, set = 0, binding = 1) writeonly buffer After { Body bodies[]; } after;
layout(std140, set = 0, binding = 2) uniform Params { float dt; float softening; uint count; } params;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= params.count) {
        return;
    }
    Body me = before.bodies[i];
    vec3 acc = vec3(0.0);
    for (uint j = 0u; j < params.count; ++j) {
        vec3 d = before.bodies[j].pos - me.pos;
        float inv = inversesqrt(dot(d, d) + params.softening);
        acc += d * (before.bodies[j].mass * inv * inv * inv);
    }
    me.vel += acc * params.dt;
    me.pos += me.vel * params.dt;
    after.bodies[i] = me;
}
