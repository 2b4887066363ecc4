// `sign` of AbstractInt and AbstractFloat constants stays abstract (WGSL §17.5 sign has
// AbstractInt and AbstractFloat overloads): `sign(vec4(-4294967295))` is `vec4(-1)`, which then
// fits i32, though its argument does not.
@group(0) @binding(0) var<storage, read_write> out: array<i32, 6>;

@compute @workgroup_size(1)
fn main() {
    let a = sign(vec4(-4294967295));
    let b = sign(8589934592);
    const c = sign(-3000000000.5);
    out[0] = a.x;
    out[1] = a.w;
    out[2] = b;
    out[3] = i32(c);
    out[4] = sign(0);
    out[5] = sign(-7);
}
