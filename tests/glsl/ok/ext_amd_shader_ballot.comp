// Tests: GL_AMD_shader_ballot group arithmetic: {add,min,max}Invocations[Inclusive|ExclusiveScan][NonUniform]AMD on float, int and uint scalars and vectors (OpGroup* at subgroup scope, Groups capability).
// wgpu-target-error: AMD shader ballot / group operations
#version 450
#extension GL_AMD_shader_ballot : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { float f[64]; ivec2 i[64]; uvec3 u[64]; };

void main() {
    uint x = gl_LocalInvocationIndex;
    f[x] = addInvocationsAMD(f[x]) + minInvocationsInclusiveScanAMD(f[x]) + maxInvocationsExclusiveScanNonUniformAMD(f[x]);
    i[x] = minInvocationsAMD(i[x]) + maxInvocationsNonUniformAMD(i[x]) + addInvocationsInclusiveScanNonUniformAMD(i[x]);
    u[x] = maxInvocationsAMD(u[x]) + minInvocationsExclusiveScanAMD(u[x]) + addInvocationsExclusiveScanAMD(u[x]);
}
