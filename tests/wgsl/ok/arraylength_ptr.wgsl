// `arrayLength` takes `ptr<storage, array<E>, A>`, also when the pointer is a `let`
// (repro shared/repros/wgsl/arraylength_ptr.wgsl and neighbours: a runtime-sized last member,
// a `let` of a `let`, read and read_write access).
struct Buf { head: u32, data: array<f32> }
@group(0) @binding(0) var<storage> g: array<i32>;
@group(0) @binding(1) var<storage, read_write> s: Buf;
@compute @workgroup_size(1) fn main() {
    let p = &g;
    let q = p;
    let d = &s.data;
    let whole = &s;
    s.head = arrayLength(p) + arrayLength(q) + arrayLength(d) + arrayLength(&(*whole).data) + arrayLength(&g);
}
