// Barriers under conditions every invocation of a workgroup agrees on.
struct Params { count: u32, enabled: u32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> sizes: array<u32>;
@group(0) @binding(2) var<storage, read_write> out: array<u32>;
override passes: u32 = 2u;
const LIMIT: u32 = 8u;
var<workgroup> tile: array<u32, 64>;

fn sync_if(enabled: bool) {
    if (enabled) {
        workgroupBarrier();
    }
}

fn counted_sync(n: u32) -> u32 {
    var done = 0u;
    for (var i = 0u; i < n; i++) {
        workgroupBarrier();
        done += 1u;
    }
    return done;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) wg: vec3<u32>, @builtin(num_workgroups) groups: vec3<u32>) {
    tile[li] = li;
    if (params.enabled != 0u) {
        workgroupBarrier();
    }
    for (var i = 0u; i < params.count && i < LIMIT; i++) {
        storageBarrier();
    }
    if (sizes[wg.x] > groups.x) {
        workgroupBarrier();
    }
    for (var p = 0u; p < passes; p++) {
        workgroupBarrier();
    }
    sync_if(params.count > 3u);
    let total = counted_sync(sizes[0]);
    var stride = 32u;
    loop {
        if (stride == 0u) { break; }
        if (li < stride) {
            tile[li] += tile[li + stride];
        }
        workgroupBarrier();
        stride = stride / 2u;
    }
    out[li] = tile[0] + total;
}
