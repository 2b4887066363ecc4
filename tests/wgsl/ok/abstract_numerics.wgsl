// abstract int and float in const expressions, with conversions at use sites
const BIG = 1 << 40;
const SMALL = BIG >> 38;
const HALF = 1 / 2.0;
const MIXED = 3 * 0.5 + 1;
const VEC = vec3(1, 2, 3) * 2;
const FVEC = vec2(0.5, 1) + 1;
const NEG = -2147483648;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(1)
fn main() {
    let i: i32 = SMALL;
    let u: u32 = VEC.z;
    let f: f32 = HALF + MIXED;
    let n: i32 = NEG;
    out[0] = f + FVEC.y + f32(i) + f32(u) + f32(n);
}
