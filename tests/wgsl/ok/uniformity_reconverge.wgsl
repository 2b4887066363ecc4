// Control flow reconverges after branches, switches and loops that do not return, and after
// calls; discard demotes to a helper and keeps derivatives valid.
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<storage, read_write> out: array<u32>;
var<workgroup> tile: array<u32, 64>;

fn early_out(x: u32) -> u32 {
    if (x == 0u) {
        return 1u;
    }
    return x * 2u;
}

@compute @workgroup_size(64)
fn cs(@builtin(local_invocation_index) li: u32) {
    if (li == 0u) {
        tile[0] = 1u;
    } else {
        tile[li] = li;
    }
    workgroupBarrier();
    switch (li % 4u) {
        case 0u: { tile[li] += 1u; }
        case 1u, 2u: { tile[li] += 2u; }
        default: { }
    }
    workgroupBarrier();
    for (var i = 0u; i < 64u; i++) {
        if (i == li) {
            break;
        }
        if (i == 7u) {
            continue;
        }
        tile[li] += i;
    }
    workgroupBarrier();
    let y = early_out(li);
    workgroupBarrier();
    out[li] = tile[li] + y;
}

@fragment
fn fs(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    if (uv.x < 0.1) {
        discard;
    }
    let c = textureSample(t, s, uv);
    return c + vec4<f32>(dpdy(uv.y));
}
