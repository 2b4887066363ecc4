#version 450
// An array sized by a specialization constant is checked against the constant's default, as
// glslang checks it (glslang: "array index out of range"). (glslang leaves an array sized by
// an expression of specialization constants, `a + a`, unchecked on the Vulkan target; the wgpu
// target gives such arrays their default length, so there it is checked too.)
layout(local_size_x = 1) in;
layout(constant_id = 0) const uint a = 1;
layout(constant_id = 1) const uint b = 2;
layout(std430, set = 0, binding = 0) buffer Data { uint o; };

void main() {
    uint arr1[a + a];
    uint arr2[b];
    arr1[1] = 1u;
    arr2[1] = 2u;
    o = arr2[6];
}
