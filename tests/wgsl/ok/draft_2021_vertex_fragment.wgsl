// naga-disagrees: January 2021 draft syntax with var<in>/var<out> entry point interfaces
[[location(0)]] var<in> in_pos: vec3<f32>;
[[builtin(position)]] var<out> out_pos: vec4<f32>;
[[location(0)]] var<out> out_color: vec4<f32>;

[[stage(vertex)]]
fn vs_main() -> void {
    out_pos = vec4<f32>(in_pos, 1.0);
    return;
}

[[stage(fragment)]]
fn fs_main() -> void {
    out_color = vec4<f32>(1.0, 0.0, 0.0, 1.0);
    return;
}
