// Tests: packDouble2x32 and unpackDouble2x32 (GLSL 4.60 §8.4) round-tripping buffer data.
// wgpu-target-error: the GLSL.std.450 instruction `PackDouble2x32`
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { uvec2 bits; double d; };

void main() {
    d = packDouble2x32(bits);
    bits = unpackDouble2x32(d * 2.0lf);
}
