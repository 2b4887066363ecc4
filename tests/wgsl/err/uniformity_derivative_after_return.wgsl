// naga-disagrees: naga does not check derivative uniformity
@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    if (uv.x > 0.5) {
        return vec4<f32>(1.0);
    }
    let d = dpdx(uv.y);
    return vec4<f32>(d);
}
