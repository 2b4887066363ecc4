// Tests: constant arrays of diagonal matrices (`mat4[](mat4(1.0), mat4(2.0))`) fold to constants and index dynamically.
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer SSBO { mat4 a; mat2x3 b; uint index; };

const mat4 scales[] = mat4[](mat4(1.0), mat4(2.0));
const mat2x3 narrow[2] = mat2x3[2](mat2x3(-1), mat2x3(0.5));

void main() {
    a = scales[index % 2u];
    b = narrow[index % 2u];
}
