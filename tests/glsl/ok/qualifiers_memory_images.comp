// Tests: coherent and volatile on storage images (Coherent/Volatile decorations on the image variable).
#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, r32ui) uniform coherent uimage2D a;
layout(set = 0, binding = 1, rgba32f) uniform volatile coherent image2D b;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    imageStore(a, p, imageLoad(a, p.yx) + 1u);
    imageStore(b, p, imageLoad(b, p) * 0.5);
}
