// WGSL `select(f: T, t: T, cond)`: T is any scalar or vector, bool included (repro
// shared/repros/wgsl/select_bool.wgsl and its neighbours: const and runtime conditions,
// every vector size, component-wise conditions, abstract and concrete values).
@group(0) @binding(0) var<storage, read_write> buf: array<u32, 4>;
const C = select(false, true, 1 > 0);
const CV = select(vec3(true, false, true), vec3(false), vec3(true, false, false));
@compute @workgroup_size(1) fn main() {
    let a = buf[0] == 1u;
    let v = select(false, a, 1 > 0);
    let w = select(vec2(true, false), vec2(false, true), a);
    let x = select(vec3<bool>(), vec3(a), vec3(a, !a, true));
    let y = select(vec4(a), vec4(!a), vec4(a, a, !a, !a));
    let z = select(a, !a, buf[1] > 2u);
    let n = select(1, 2, a);
    let m = select(vec2(1.5), vec2<f32>(f32(buf[2])), vec2(a, false));
    buf[3] = u32(v) + u32(w.x) + u32(x.y) + u32(y.w) + u32(z) + u32(C) + u32(CV.z) + u32(n) + u32(m.x);
}
