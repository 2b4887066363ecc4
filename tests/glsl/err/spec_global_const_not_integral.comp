// Error: a global const computed from a specialization constant takes only integer and bool scalars and vectors, operators, conversions and vector constructors (GLSL 4.60 §4.3.3, GL_KHR_vulkan_glsl; glslang: "global const initializers must be constant")
#version 450
layout(local_size_x = 1) in;
layout(constant_id = 0) const int K = 2;
const ivec2 PAIR = ivec2(K, 1);
const int COMPONENT = PAIR.y * K;
const float SCALE = float(K);
const int TABLE[2] = int[2](K, 1);
const int LARGER = max(K, 3);
const int ROUNDED = int(float(PAIR.x));
float scaled = float(K);
layout(std430, set = 0, binding = 0) buffer Out { int i; float f; };
void main() {
    const float local = float(K) * 0.5;
    i = COMPONENT + TABLE[0] + LARGER + ROUNDED;
    f = SCALE + scaled + local;
}
