// glslang-args: --target-env vulkan1.1
// A built-in variable read before the #extension (inside the same body) that declares it.
#version 450
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Masks { uint64_t masks[]; };
void main() {
    uint64_t eq = gl_SubGroupEqMaskARB;
#extension GL_ARB_shader_ballot : require
    masks[gl_GlobalInvocationID.x] = eq | gl_SubGroupGeMaskARB;
}
