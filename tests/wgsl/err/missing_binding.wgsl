// resources: a storage buffer without @binding
@group(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(1)
fn main() {
    data[0] = 1u;
}
