// naga-disagrees: January 2021 draft syntax ([[...]] attributes, stage(), -> void)
[[block]] struct Data {
    values: [[stride(4)]] array<f32>;
};

[[group(0), binding(0)]] var<storage> data: [[access(read_write)]] Data;

[[stage(compute), workgroup_size(64)]]
fn main([[builtin(global_invocation_id)]] id: vec3<u32>) -> void {
    data.values[id.x] = data.values[id.x] * 2.0;
    return;
}
