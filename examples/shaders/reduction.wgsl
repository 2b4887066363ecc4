// Sum of a u32 array, one pass: each workgroup of 256 invocations adds 512 elements into one
// partial sum through workgroup memory (a tree with a barrier per level). Run passes until
// one value is left.

struct Params { n: u32 }

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read_write> dst: array<u32>;

var<workgroup> partial: array<u32, 256>;

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let first = wid.x * 512u + lid.x;
    var sum = 0u;
    if first < params.n {
        sum = src[first];
    }
    if first + 256u < params.n {
        sum += src[first + 256u];
    }
    partial[lid.x] = sum;
    workgroupBarrier();
    for (var stride = 128u; stride > 0u; stride = stride / 2u) {
        if lid.x < stride {
            partial[lid.x] += partial[lid.x + stride];
        }
        workgroupBarrier();
    }
    if lid.x == 0u {
        dst[wid.x] = partial[0];
    }
}
