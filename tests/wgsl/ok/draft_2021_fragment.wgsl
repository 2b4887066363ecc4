// naga-disagrees: January 2021 draft syntax, fragment shader with [[location(0)]] var<out>
[[location(0)]] var<in> in_color: vec3<f32>;
[[location(0)]] var<out> out_color: vec4<f32>;

[[stage(fragment)]]
fn main() -> void {
    out_color = vec4<f32>(in_color, 1.0);
    return;
}
