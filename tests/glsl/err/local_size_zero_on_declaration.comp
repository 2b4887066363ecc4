// A workgroup size of 0 is an error on any declaration (glslang: "must be at least 1")
#version 450
layout(local_size_x = 8, local_size_y = 0, binding = 0, r32ui) uniform coherent uimage2D a;
void main() {
    imageStore(a, ivec2(gl_GlobalInvocationID.xy), uvec4(1u));
}
