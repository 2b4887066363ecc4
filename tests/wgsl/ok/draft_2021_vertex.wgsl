// naga-disagrees: January 2021 draft syntax, vertex shader with [[builtin(position)]] var<out>
[[location(0)]] var<in> in_pos: vec3<f32>;
[[builtin(position)]] var<out> out_pos: vec4<f32>;

[[stage(vertex)]]
fn main() -> void {
    out_pos = vec4<f32>(in_pos, 1.0);
}
