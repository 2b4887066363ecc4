// built-ins: the derivative built-ins take f32 or vecN<f32> (WGSL §17.6); an AbstractInt or
// AbstractFloat argument converts to f32 (`dpdx(1)` is fine)
@fragment
fn main(@location(0) @interpolate(flat) i: i32, @location(1) @interpolate(flat) u: vec2<u32>) -> @location(0) vec4<f32> {
    let a = dpdx(i);
    let b = dpdyFine(u);
    let c = fwidth(true);
    let m = mat2x2<f32>();
    let d = dpdxCoarse(m);
    let fine = dpdx(1) + fwidth(-1.5);
    return vec4(fine);
}
