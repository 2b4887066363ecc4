// assignment: storage buffer declared read-only
@group(0) @binding(0) var<storage, read> data: array<u32>;

@compute @workgroup_size(1)
fn main() {
    data[0] = 1u;
}
