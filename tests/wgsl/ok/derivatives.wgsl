// derivative built-ins in a fragment shader
@fragment
fn main(@location(0) uv: vec2<f32>, @location(1) h: f32) -> @location(0) vec4<f32> {
    let a = dpdx(uv);
    let b = dpdy(h);
    let c = fwidth(uv);
    let d = dpdxCoarse(h) + dpdyCoarse(h) + fwidthCoarse(h);
    let e = dpdxFine(uv) + dpdyFine(uv) + fwidthFine(uv);
    return vec4<f32>(a + c + e, b, d);
}
