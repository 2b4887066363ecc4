// atomics: atomics are only allowed in storage or workgroup memory
var<private> counter: atomic<u32>;

@compute @workgroup_size(1)
fn main() {
    atomicAdd(&counter, 1u);
}
