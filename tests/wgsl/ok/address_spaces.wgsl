// variables in the private, workgroup and function address spaces, plus let
var<private> seed: u32 = 7u;
var<private> table: array<u32, 4> = array<u32, 4>(1u, 2u, 3u, 4u);
var<workgroup> tile: array<f32, 64>;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32) {
    var acc: f32 = 0.0;
    let k = table[li % 4u] + seed;
    tile[li] = f32(k);
    workgroupBarrier();
    acc += tile[63u - li];
    seed = k;
    out[li] = acc;
}
