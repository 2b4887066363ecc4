// An abstract literal compared with an element of a zero-valued const expression converts to
// the element's type (repro shared/repros/wgsl/index_then_compare.wgsl and neighbours:
// arrays, matrices, vectors and structs built with `T()`, const and runtime uses).
struct S { a: u32, b: vec2<f32> }
const foo = array<f32, 4>()[0] == 0;
const bar = mat4x4<f32>()[0][0] == 0;
const baz = vec3<u32>()[1] + 1;
const qux = S().b.y < 1;
const quux = array<vec2<i32>, 2>()[1].x - 1;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 4>;
@compute @workgroup_size(1) fn main() {
    out[0] = u32(foo && bar && qux) + baz + u32(quux + 1);
    let i = out[1];
    out[2] = u32(array<f32, 4>()[i] == 0);
}
