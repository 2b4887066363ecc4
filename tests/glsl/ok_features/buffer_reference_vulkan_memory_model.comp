// GL_EXT_buffer_reference with `#pragma use_vulkan_memory_model`: accesses through a coherent reference carry Aligned plus MakePointerVisible/MakePointerAvailable at QueueFamily scope (glslang's operands), addressing stays PhysicalStorageBuffer64
// expect: OpMemoryModel PhysicalStorageBuffer64 Vulkan
// expect: Aligned|MakePointerVisible|NonPrivatePointer 16 %uint_5
// expect: Aligned|MakePointerAvailable|NonPrivatePointer 16 %uint_5
#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_KHR_memory_scope_semantics : require
#pragma use_vulkan_memory_model
layout(local_size_x = 1) in;
layout(buffer_reference) coherent buffer Node { int value; };
layout(set = 0, binding = 0) buffer Roots { Node head; } roots;
void main() {
    roots.head.value = roots.head.value + 1;
}
