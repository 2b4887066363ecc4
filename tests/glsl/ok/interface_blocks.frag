// Tests: fragment input block matching a vertex output block by location, and a buffer block array indexed by a constant.
// wgpu-target-error: arrays of uniform or storage buffers
#version 450
layout(location = 0) in VertexData {
    vec2 uv;
    flat int layer;
    vec3 normal;
} fin;
layout(location = 4) in Extra { vec4 tint; };

layout(std430, set = 0, binding = 0) readonly buffer Material { vec4 albedo; float rough; } materials[3];

layout(location = 0) out vec4 color;

void main() {
    color = materials[2].albedo * tint + vec4(fin.normal, materials[0].rough) + vec4(fin.uv, float(fin.layer), 0.0);
}
