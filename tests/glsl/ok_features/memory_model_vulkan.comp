// GL_KHR_memory_scope_semantics with the Vulkan memory model: QueueFamily scope, availability/visibility semantics on atomics and barriers switch the module to `OpMemoryModel ... Vulkan`, whose accesses to shared memory are NonPrivatePointer
// expect: OpCapability VulkanMemoryModel
// expect: OpCapability VulkanMemoryModelDeviceScope
// expect: OpMemoryModel Logical Vulkan
// expect: %uint_5 %uint_66
// expect: %uint_1 %uint_8260 %uint_1
// expect: OpControlBarrier %uint_2 %uint_2 %uint_16712
// expect: NonPrivatePointer
#version 450
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { uint flag; uint value; uint seen; } data;
void main() {
    if (gl_LocalInvocationIndex == 0u) {
        data.value = 42u;
        atomicStore(data.flag, 1u, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelease | gl_SemanticsMakeAvailable);
    }
    controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsBuffer | gl_StorageSemanticsShared, gl_SemanticsAcquireRelease | gl_SemanticsMakeVisible);
    uint f = atomicLoad(data.flag, gl_ScopeQueueFamily, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);
    if (f == 1u) {
        data.seen = data.value;
    }
}
