// compound assignment operators, ++/-- and phony assignment `_ =`
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<storage, read_write> f: array<f32>;

@compute @workgroup_size(1)
fn main() {
    var a = 100u;
    a += 3u; a -= 1u; a *= 2u; a /= 3u; a %= 50u;
    a &= 0xffu; a |= 0x100u; a ^= 0x3u; a <<= 2u; a >>= 1u;
    a++;
    a--;
    var v = vec3<f32>(1.0);
    v *= 2.0;
    v.x += 1.0;
    f[0] = v.x + v.y;
    _ = f[1];
    _ = arrayLength(&out);
    out[0] = a;
}
