// GL_KHR_memory_scope_semantics outside compute: memoryBarrier with device and subgroup scopes
#version 450
#extension GL_KHR_memory_scope_semantics : require
layout(set = 0, binding = 0) buffer Data { uint v[]; };
layout(location = 0) out vec4 color;
void main() {
    uint n = v[0];
    memoryBarrier(gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);
    memoryBarrier(gl_ScopeSubgroup, gl_StorageSemanticsBuffer | gl_StorageSemanticsImage, gl_SemanticsAcquireRelease);
    color = vec4(float(n) + float(gl_ScopeDevice));
}
