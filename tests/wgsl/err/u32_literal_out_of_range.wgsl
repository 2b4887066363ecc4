// literals: 4294967296u does not fit in u32
@compute @workgroup_size(1)
fn main() {
    let x = 4294967296u;
}
