// WGSL uniformity analysis: statements after one that cannot end normally (return, break,
// continue, an endless loop) are unreachable and do not take part (repro
// shared/repros/wgsl/uniformity_unreachable.wgsl and neighbours).
@group(0) @binding(0) var<storage, read_write> v: i32;
fn after_return() {
    v += 1;
    return;
    if v == 0 { workgroupBarrier(); }
}
@compute @workgroup_size(1) fn main() {
    loop {
        if v == 0 { break; }
        break;
        if v == 1 { workgroupBarrier(); }
    }
    for (var i = 0; i < 4; i++) {
        continue;
        if v == 2 { storageBarrier(); }
    }
    after_return();
    return;
    if v == 0 { workgroupBarrier(); }
}
