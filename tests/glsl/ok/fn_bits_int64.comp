// Tests: bitCount, findLSB and findMSB of 64-bit integers (GL_ARB_gpu_shader_int64), scalar and vector, signed and unsigned, built from the 32-bit instructions.
#version 450
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Data {
    uint64_t u;
    int64_t i;
    u64vec2 uv;
    i64vec3 iv;
    int counts[4];
    ivec2 lsb;
    ivec3 msb;
    int smsb;
};

void main() {
    // glslang types these as 64-bit, GL_ARB_gpu_shader_int64 as int: convert explicitly.
    counts[0] = int(bitCount(u));
    counts[1] = int(bitCount(i));
    counts[2] = int(findLSB(u));
    counts[3] = int(findMSB(u));
    lsb = ivec2(findLSB(uv));
    msb = ivec3(findMSB(iv));
    smsb = int(findMSB(i));
}
