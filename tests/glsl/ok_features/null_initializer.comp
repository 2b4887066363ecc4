// GL_EXT_null_initializer: `= {}` zero-initializes shared, private and local variables
#version 450
#extension GL_EXT_null_initializer : enable
layout(local_size_x = 4) in;
shared float sShared[4] = {};
vec2 priv = {};
layout(set = 0, binding = 0) buffer Out { float v[]; };
// expect: OpConstantNull
void main() {
    float local[2] = {};
    sShared[gl_LocalInvocationIndex] = float(gl_LocalInvocationIndex) + local[1] + priv.y;
    barrier();
    v[gl_LocalInvocationIndex] = sShared[3u - gl_LocalInvocationIndex];
}
