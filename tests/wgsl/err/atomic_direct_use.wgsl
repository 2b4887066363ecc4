// atomics: an atomic cannot be read like a plain value
var<workgroup> counter: atomic<u32>;

@compute @workgroup_size(1)
fn main() {
    let x = counter + 1u;
}
