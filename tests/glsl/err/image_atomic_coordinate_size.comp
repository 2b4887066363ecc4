#version 450
// An image atomic's coordinate has the image's components (found by glsl_mutants).
layout(local_size_x = 1) in;
layout(binding = 0, r32ui) uniform uimage2D counts;
void main() {
    imageAtomicAdd(counts, 1, 1u);
}
