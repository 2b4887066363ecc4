// Tests: bools a block stores as 32-bit words, copied through swizzles into another block (a swizzled target from a swizzled source, a whole bvec from a swizzle, one component): each true word is stored as 1, as glslang's bool conversions store it, not as the word read (executed by the compute differential against glslang's module).
#version 450
layout(local_size_x = 1) in;
layout(std140, set = 0, binding = 0) uniform U { bvec4 bi; bvec3 bj; };
layout(std430, set = 0, binding = 1) buffer O { bvec4 bo; bvec2 bp; bool one; bvec3 bq; };
void main() {
    bo.xy = bi.xy;
    bo.wz = bj.zx;
    bp = bi.wy;
    one = bj.y;
    bq.zx = bi.xw;
    bq.y = bi.z;
}
