// glslang-args: --target-env vulkan1.1
// A built-in function called before the #extension (inside the same body) that declares it.
#version 450
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { uint x; } b;
void main() {
    b.x = subgroupElect() ? 1u : 0u;
#extension GL_KHR_shader_subgroup_basic : require
    b.x = subgroupElect() ? 2u : 3u;
}
