// atomic built-ins on storage and workgroup atomics, including atomicCompareExchangeWeak
struct Counters {
    hits: atomic<u32>,
    balance: atomic<i32>,
}
@group(0) @binding(0) var<storage, read_write> c: Counters;
var<workgroup> local_max: atomic<u32>;

@compute @workgroup_size(32)
fn main(@builtin(local_invocation_index) li: u32) {
    atomicStore(&local_max, 0u);
    let old = atomicAdd(&c.hits, 1u);
    atomicSub(&c.balance, 2);
    atomicMax(&local_max, li);
    atomicMin(&c.hits, 1000u);
    atomicAnd(&c.hits, 0xffffu);
    atomicOr(&c.hits, 1u);
    atomicXor(&c.balance, 5);
    let prev = atomicExchange(&c.balance, 7);
    let r = atomicCompareExchangeWeak(&c.hits, old, old + 1u);
    if r.exchanged && prev > 0 {
        atomicStore(&c.hits, r.old_value + atomicLoad(&local_max));
    }
}
