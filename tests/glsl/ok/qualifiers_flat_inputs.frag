// Tests: integer and double fragment inputs qualified `flat` (scalars, vectors, 64-bit); a block member needs no `flat` (glslang accepts it; Vulkan's Flat decoration is added).
#version 450
#extension GL_ARB_gpu_shader_int64 : enable
layout(location = 0) flat in int a;
layout(location = 1) flat in uvec2 b;
layout(location = 2) flat in double c;
layout(location = 3) flat in dvec2 d;
layout(location = 4) flat in uint64_t e;
layout(location = 5) in B { int f; float g; } blk;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(float(a), float(b.y), float(c + d.y), float(e))
          + vec4(float(blk.f) + blk.g);
}
