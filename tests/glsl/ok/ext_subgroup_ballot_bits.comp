// Tests: GL_KHR_shader_subgroup_ballot on ballots: subgroupInverseBallot, subgroupBallotBitExtract, subgroupBallot{,Inclusive,Exclusive}BitCount, subgroupBallotFind{LSB,MSB}.
// wgpu-target-error: subgroup ballot bit counts (`subgroupBallot*Count`)
// glslang-args: --target-env vulkan1.1
#version 450
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { uint v[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    uvec4 ballot = subgroupBallot(v[i] % 3u == 0u);
    uint n = subgroupBallotBitCount(ballot) + subgroupBallotInclusiveBitCount(ballot) * 3u;
    n += subgroupBallotExclusiveBitCount(ballot) * 5u;
    n += subgroupBallotFindLSB(ballot) + subgroupBallotFindMSB(ballot) * 7u;
    if (subgroupInverseBallot(ballot)) {
        n += 1000u;
    }
    if (subgroupBallotBitExtract(ballot, 2u)) {
        n += 2000u;
    }
    v[i] = n;
}
