// WGSL array value constructor `array(...)` with the element type taken from struct (and
// array-of-struct) arguments (repro shared/repros/wgsl/array_of_structs.wgsl and neighbours).
struct Face { forward: vec3<f32>, up: vec3<f32> }
struct P { a: i32, b: u32 }
const K = array(Face(vec3(1.0), vec3(0.0)), Face(vec3(0.0), vec3(1.0)));
const NESTED = array(array(P(1, 2u), P(3, 4u)), array(P(5, 6u), P(7, 8u)));
@group(0) @binding(0) var<storage, read_write> out: array<f32, 4>;
@compute @workgroup_size(1) fn main() {
    var f: array<Face, 2> = array(
        Face(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0)),
        Face (vec3(-1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0)),
    );
    let r = out[0];
    let l = array(P(i32(r), 1u), P(2, u32(r)), P());
    var v = array(Face(vec3(r), vec3(0.0)), K[1]);
    out[1] = (f[1].up + K[0].up).y + v[0].forward.x;
    out[2] = f32(l[1].a) + f32(NESTED[1][0].b) + f32(l[2].b);
}
