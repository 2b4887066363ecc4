// Tests: memory qualifiers coherent, volatile, restrict, readonly, writeonly on buffers and members; restrict/readonly/writeonly on images.
#version 450
layout(local_size_x = 16) in;
layout(std430, set = 0, binding = 0) readonly buffer In { float data[]; } src;
layout(std430, set = 0, binding = 1) writeonly buffer Out { float data[]; } dst;
layout(std430, set = 0, binding = 2) coherent buffer Flags { uint flag; volatile uint spin; } flags;
layout(std430, set = 0, binding = 3) restrict buffer Priv { readonly float a; writeonly float b; } priv;
layout(set = 0, binding = 4, r32f) uniform restrict readonly image2D img;
layout(set = 0, binding = 5, r32f) uniform writeonly image2D outImg;

void main() {
    uint i = gl_GlobalInvocationID.x;
    dst.data[i] = src.data[i] + priv.a;
    priv.b = 1.0;
    flags.flag = flags.spin + 1u;
    ivec2 p = ivec2(i, 0);
    imageStore(outImg, p, imageLoad(img, p));
}
