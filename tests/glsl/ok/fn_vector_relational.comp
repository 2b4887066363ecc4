// Tests: chapter 8.7 vector relational functions: lessThan(Equal), greaterThan(Equal), equal, notEqual, any, all, not on float/int/uint/bool vectors.
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { vec4 a; ivec3 b; uvec2 c; uint mask; };

void main() {
    bvec4 x = lessThan(a, vec4(0.5));
    bvec4 y = greaterThanEqual(a, vec4(0.25));
    bvec3 z = equal(b, ivec3(1)) ;
    bvec3 w = notEqual(b, ivec3(2));
    bvec2 u = lessThanEqual(c, uvec2(3u));
    bvec2 v = greaterThan(c, uvec2(1u));
    bvec4 q = equal(x, not(y));
    mask = uint(any(x)) | uint(all(y)) << 1 | uint(any(z)) << 2 | uint(all(w)) << 3
         | uint(any(u)) << 4 | uint(all(v)) << 5 | uint(all(q)) << 6 | uint(any(notEqual(z, w))) << 7;
}
