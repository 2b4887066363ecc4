// Shifts of AbstractInt constants are 64-bit: `1 << 30u` stays abstract, so shifting it again
// beyond 32 bits is fine (repro shared/repros/wgsl/abstract_shift.wgsl and neighbours: vectors,
// abstract shift amounts, a const left side with a runtime amount).
const a = 1 << 30u;
const b = a << 10u;
const c = 6000000000 << 3u;
const d = c >> 40u;
const e = vec2(1, 3) << vec2(40u, 33u);
const f = (-1) << 62;
const g = 0x7fffffffffffffff >> 60;
@group(0) @binding(0) var<storage, read_write> out: array<i32, 6>;
@compute @workgroup_size(1) fn main() {
    let x: i32 = i32(d);
    out[0] = x;
    out[1] = i32(b >> 35u);
    out[2] = i32(e.y >> 32u);
    out[3] = i32(f >> 60);
    out[4] = i32(g);
    out[5] = 1 << u32(out[5]);
}
