#version 450
#extension GL_AMD_shader_ballot : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { uint u[64]; };

void main() {
    u[gl_LocalInvocationIndex] = uint(addInvocationsAMD(u[gl_LocalInvocationIndex] > 3u));
}
