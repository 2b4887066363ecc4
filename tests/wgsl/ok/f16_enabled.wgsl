// f16 with `enable f16;`: literals, vectors, matrices, conversions
enable f16;

@group(0) @binding(0) var<storage, read_write> out: array<f16>;
@group(0) @binding(1) var<storage, read_write> wide: array<f32>;

@compute @workgroup_size(1)
fn main() {
    let a: f16 = 1.5h;
    let b = vec3<f16>(a, 2.0h, 0.25);
    let m = mat2x2<f16>(1.0h, 0.0h, 0.0h, 1.0h);
    let c = m * b.xy;
    out[0] = c.x + b.z * 2.0;
    wide[0] = f32(out[0]) + f32(a);
}
