// Tests: compute built-in variables: gl_NumWorkGroups, gl_WorkGroupID, gl_LocalInvocationID, gl_GlobalInvocationID, gl_LocalInvocationIndex, gl_WorkGroupSize.
#version 450
layout(local_size_x = 4, local_size_y = 2, local_size_z = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { uvec4 r[]; };

void main() {
    uvec3 n = gl_NumWorkGroups;
    uvec3 g = gl_WorkGroupID;
    uvec3 l = gl_LocalInvocationID;
    uvec3 gid = gl_GlobalInvocationID;
    uint flat_id = gid.x + gid.y * n.x * gl_WorkGroupSize.x;
    r[flat_id] = uvec4(g.x, l.y, gl_LocalInvocationIndex, gl_WorkGroupSize.x * gl_WorkGroupSize.y * gl_WorkGroupSize.z + n.z + g.z + l.z + gid.z);
}
