// GL_KHR_memory_scope_semantics: controlBarrier/memoryBarrier with explicit scopes and semantics
#version 450
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { uint v[]; };
shared uint tile[64];
void main() {
    uint i = gl_LocalInvocationID.x;
    tile[i] = v[gl_GlobalInvocationID.x];
    controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsAcquireRelease);
    uint x = tile[63u - i];
    controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, 0, 0);
    v[gl_GlobalInvocationID.x] = x;
    memoryBarrier(gl_ScopeDevice, gl_StorageSemanticsBuffer | gl_StorageSemanticsShared, gl_SemanticsRelease);
    memoryBarrier(gl_ScopeSubgroup, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);
}
