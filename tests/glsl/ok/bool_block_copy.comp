// Tests: bools a block stores as 32-bit words, copied whole into another block (arrays of arrays, the bool members of a struct, a bvec, one element; a whole struct is left out: glslang 12 emits an OpSelect on a uint for it, which spirv-val refuses): each true word is stored as 1, as glslang's bool conversions store it, not as the word read (executed by the compute differential against glslang's module).
#version 450
layout(local_size_x = 1) in;
struct S { bool b; bvec2 v; };
layout(std140, set = 0, binding = 0) uniform U { bool bi[2][3]; S s; bvec3 bv; };
layout(std430, set = 0, binding = 1) buffer O { bool bo[2][3]; S so; bvec3 bvo; bool one; };
void main() {
    bo = bi;
    so.b = s.b;
    so.v = s.v;
    bvo = bv;
    one = bi[1][2];
}
