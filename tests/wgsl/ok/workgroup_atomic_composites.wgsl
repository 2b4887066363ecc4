// Workgroup variables whose types contain atomics: arrays of atomics (short and long), structs
// mixing atomic and plain members, arrays of such structs. Their zero-initialization must be
// written so that naga's SPIR-V front end still type-checks it after giving the atomics their
// atomic types: one atomic store per atomic, plain stores for the rest.
struct Counter {
    hits: atomic<u32>,
    weight: f32,
}

struct Mixed {
    plain: array<u32, 4>,
    few: array<atomic<i32>, 3>,
    many: array<Counter, 40>,
    one: atomic<u32>,
}

var<workgroup> short_list: array<atomic<u32>, 2>;
var<workgroup> long_list: array<atomic<u32>, 256>;
var<workgroup> mixed: Mixed;
var<workgroup> grid: array<array<atomic<i32>, 16>, 16>;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) i: u32) {
    atomicAdd(&short_list[i % 2u], 1u);
    atomicAdd(&long_list[i], 1u);
    atomicAdd(&mixed.few[i % 3u], 1);
    atomicAdd(&mixed.many[i].hits, 1u);
    atomicMax(&mixed.one, i);
    atomicAdd(&grid[i][i], 2);
    mixed.many[i].weight = f32(i);
    workgroupBarrier();
    if i == 0u {
        out[0] = atomicLoad(&short_list[0]) + atomicLoad(&long_list[255]);
        out[1] = u32(atomicLoad(&mixed.few[2])) + atomicLoad(&mixed.many[39].hits) + mixed.plain[3];
        out[2] = atomicLoad(&mixed.one) + u32(atomicLoad(&grid[3][3]));
    }
}
