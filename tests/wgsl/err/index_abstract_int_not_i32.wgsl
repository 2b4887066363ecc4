// indexing: an AbstractInt index converts to i32, so it must fit in i32 (WGSL §8.5.3,
// §15.7.1), also into a runtime-sized array, a vector, a matrix and a `let` array;
// `4294967295u` is a u32 and fits
@group(0) @binding(0) var<storage, read_write> rt: array<f32>;

@compute @workgroup_size(1)
fn main() {
    rt[4294967295] = 1.0;
    rt[2147483648] = 2.0;
    rt[4294967295u] = 3.0;
    var v = vec4(1.0);
    v[4294967296] = 0.0;
    let m = mat2x2<f32>();
    _ = m[-2147483649];
    let a = array(1, 2, 3);
    _ = a[4294967295];
}
