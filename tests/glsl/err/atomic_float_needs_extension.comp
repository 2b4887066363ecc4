#version 450
layout(local_size_x = 1) in;
layout(binding = 0, std430) buffer SSBO { float f; } ssbo;
void main() {
    atomicAdd(ssbo.f, 1.0);
}
