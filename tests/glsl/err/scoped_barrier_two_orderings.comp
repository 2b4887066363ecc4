// GL_KHR_memory_scope_semantics: at most one of acquire, release and acquire-release
#version 450
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 1) in;
void main() {
    controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsAcquire | gl_SemanticsRelease);
}
