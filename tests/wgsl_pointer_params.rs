//! Pointer parameters in the private, workgroup, uniform and storage address spaces (WGSL
//! language feature `unrestricted_pointer_parameters`, WGSL §11 "Function calls": pointer
//! arguments are memory views rooted at a variable), lowered by specialising each function per
//! root variable and access path (`shader_core::ir::pointer_params`).
//!
//! Each program runs on the device from our SPIR-V, on wgpu's default path and as emitted
//! (passthrough, where the device offers it); expected values are written from WGSL's
//! semantics (the comment above each case derives them), not from our output. naga 30 rejects
//! these programs (it lacks the language feature), so there is no naga reference path; every
//! module still passes spirv-val and naga's SPIR-V reader and validator (`compile_ours`).

mod common;

use common::{bytes_i32, bytes_u32, BufferBinding as B};

struct Case {
    name: &'static str,
    source: String,
    bindings: Vec<B>,
    workgroups: [u32; 3],
    /// (index into `bindings`, expected final contents as i32 words)
    expect: Vec<(usize, Vec<i32>)>,
}

#[test]
fn pointer_params_run() {
    let gpu = common::gpu();
    let mut failures = Vec::new();
    let cases = cases();
    for case in &cases {
        if let Err(why) = run_case(case, gpu.is_some()) {
            failures.push(format!("{}: {why}", case.name));
        }
    }
    eprintln!(
        "wgsl_pointer_params: {} cases, {} failed{}",
        cases.len(),
        failures.len(),
        if gpu.is_none() { " (compile and validation only: no GPU)" } else { "" }
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn run_case(case: &Case, have_gpu: bool) -> Result<(), String> {
    let words = common::compile_ours(&format!("{}.wgsl", case.name), &case.source)?;
    if !have_gpu {
        return Ok(());
    }
    // Both of wgpu's paths (issue 17): naga reads and rewrites our module; the driver gets it
    // as emitted (passthrough, where the device offers it).
    let mut problems = Vec::new();
    let default = common::run_compute(common::ShaderInput::SpirV(&words), "main", &case.bindings, case.workgroups)?;
    let mut runs = vec![("default path", default)];
    if common::has_passthrough() {
        runs.push(("passthrough", common::run_compute_passthrough(&words, "main", &case.bindings, case.workgroups)?));
    }
    for (path, out) in &runs {
        for (index, want) in &case.expect {
            let got = common::i32s(&out[*index]);
            if got[..want.len()] != want[..] {
                problems.push(format!("{path}: buffer {index}: gpu {:?}, expected {want:?}", &got[..want.len()]));
            }
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(problems.join("\n")) }
}

/// The repro from `../shared/repros` when present (its header gives the expected value), else
/// the same program as kept here.
fn repro_source() -> String {
    let path = common::workspace_root().join("../shared/repros/wgsl/pointer_params.wgsl");
    std::fs::read_to_string(path).unwrap_or_else(|_| REPRO.to_string())
}

const REPRO: &str = r#"
@group(0) @binding(0) var<storage, read_write> buf: array<i32, 4>;
@group(0) @binding(1) var<uniform> u: vec4<i32>;
var<workgroup> wg: array<i32, 4>;
var<private> pv: i32;
fn load_u(p: ptr<uniform, vec4<i32>>) -> i32 { return (*p).x; }
fn store_s(p: ptr<storage, i32, read_write>, v: i32) { *p = v; }
fn bump_w(p: ptr<workgroup, i32>) { *p += 1; }
fn set_p(p: ptr<private, i32>) { *p = 7; }
@compute @workgroup_size(1)
fn main() {
    set_p(&pv);
    wg[1] = pv;
    bump_w(&wg[1]);
    store_s(&buf[0], load_u(&u) + wg[1]);
}
"#;

fn cases() -> Vec<Case> {
    let mut cases = Vec::new();

    // The repro: pv = 7, wg[1] = 7 + 1 = 8, buf[0] = u.x + 8 = 5 + 8 = 13; the rest untouched.
    cases.push(Case {
        name: "repro",
        source: repro_source(),
        bindings: vec![B::storage(0, bytes_i32(&[-1, -2, -3, -4])), B::uniform(1, bytes_i32(&[5, 6, 7, 8]))],
        workgroups: [1, 1, 1],
        expect: vec![(0, vec![13, -2, -3, -4])],
    });

    // Storage: a runtime-sized array inside a struct, a run-time index, and a pointer passed on
    // through a second function to a member of the element. Invocation i (0..8) adds i + 1 to
    // items[i].b through `add`, and 10 to items[i].a through `add_a`: a = 100 * i + 10,
    // b = 100 * i + 1 + i + 1.
    cases.push(Case {
        name: "storage_runtime_array_path",
        source: r#"
struct Item { a: i32, b: i32 }
struct Data { count: u32, items: array<Item> }
@group(0) @binding(0) var<storage, read_write> data: Data;

fn add(p: ptr<storage, i32, read_write>, v: i32) { *p = *p + v; }
fn add_b(item: ptr<storage, Item, read_write>, v: i32) { add(&(*item).b, v); add(&(*item).b, 1); }
fn add_a(item: ptr<storage, Item, read_write>) { (*item).a += 10; }

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
    add_b(&data.items[i], i32(i));
    add_a(&data.items[i]);
}
"#
        .into(),
        bindings: vec![B::storage(0, bytes_i32(&[8, 0, 0, 100, 100, 200, 200, 300, 300, 400, 400, 500, 500, 600, 600, 700, 700]))],
        workgroups: [1, 1, 1],
        expect: vec![(0, {
            let mut v = vec![8];
            for i in 0..8 {
                v.push(100 * i + 10);
                v.push(100 * i + i + 1);
            }
            v
        })],
    });

    // A pointer `let` keeps the element it was made from: `q = &values[k]` with k = 2, then
    // k = 5 before the call, so values[2] = 20 + 1 and values[5] stays 50. Then the same
    // function through a different root (a second specialisation) bumps other[3].
    cases.push(Case {
        name: "pointer_let_evaluated_once",
        source: r#"
@group(0) @binding(0) var<storage, read_write> values: array<i32, 8>;
@group(0) @binding(1) var<storage, read_write> other: array<i32, 4>;
fn bump(p: ptr<storage, i32, read_write>) { *p += 1; }
@compute @workgroup_size(1)
fn main() {
    var k = 2;
    let q = &values[k];
    k = 5;
    bump(q);
    let r = &other;
    bump(&(*r)[k - 2]);
}
"#
        .into(),
        bindings: vec![B::storage(0, bytes_i32(&[0, 10, 20, 30, 40, 50, 60, 70])), B::storage(1, bytes_i32(&[0, 1, 2, 3]))],
        workgroups: [1, 1, 1],
        expect: vec![(0, vec![0, 10, 21, 30, 40, 50, 60, 70]), (1, vec![0, 1, 2, 4])],
    });

    // Workgroup atomics through a pointer parameter: 64 invocations each add 1 to counters[1]
    // and their index to counters[0]; after the barrier invocation 0 stores both:
    // 0 + 1 + ... + 63 = 2016 and 64.
    cases.push(Case {
        name: "workgroup_atomic_param",
        source: r#"
var<workgroup> counters: array<atomic<u32>, 2>;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 2>;
fn add_to(p: ptr<workgroup, atomic<u32>>, v: u32) { atomicAdd(p, v); }
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    add_to(&counters[0], i);
    add_to(&counters[1], 1u);
    workgroupBarrier();
    if i == 0u {
        out[0] = atomicLoad(&counters[0]);
        out[1] = atomicLoad(&counters[1]);
    }
}
"#
        .into(),
        bindings: vec![B::storage(0, bytes_u32(&[0, 0]))],
        workgroups: [1, 1, 1],
        expect: vec![(0, vec![2016, 64])],
    });

    // Uniform reads along a path with a run-time index (through a struct member and an array
    // element), private writes to a matrix column and to a struct member. sum = u.rows[1].y +
    // u.rows[2].w = 6 + 12 = 18; m[1] = (18, 19) so m[1].y = 19; s.b = 18 * 2 = 36.
    cases.push(Case {
        name: "uniform_and_private_paths",
        source: r#"
struct U { pad: vec4<i32>, rows: array<vec4<i32>, 3> }
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<storage, read_write> out: array<i32, 3>;
struct S { a: i32, b: i32 }
var<private> m: mat2x2<f32>;
var<private> s: S;
fn fetch(p: ptr<uniform, vec4<i32>>, c: u32) -> i32 { return (*p)[c]; }
fn set_col(p: ptr<private, vec2<f32>>, v: f32) { *p = vec2(v, v + 1.0); }
fn twice(p: ptr<private, i32>, v: i32) { *p = 2 * v; }
@compute @workgroup_size(1)
fn main() {
    var r = 1u;
    let sum = fetch(&u.rows[r], 1u) + fetch(&u.rows[r + 1u], 3u);
    set_col(&m[1], f32(sum));
    twice(&s.b, sum);
    out[0] = sum;
    out[1] = i32(m[1].y);
    out[2] = s.b;
}
"#
        .into(),
        bindings: vec![
            B::uniform(0, bytes_i32(&[0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])),
            B::storage(1, bytes_i32(&[0, 0, 0])),
        ],
        workgroups: [1, 1, 1],
        expect: vec![(1, vec![18, 19, 36])],
    });

    // `arrayLength` of a runtime-sized array reached through a pointer parameter, and a
    // function taking a function-space and a storage pointer together: the buffer holds 6
    // words, so n = 6; total = 1 + ... + 6 = 21 is written to a local through the function
    // pointer and stored after the call.
    cases.push(Case {
        name: "array_length_and_mixed_spaces",
        source: r#"
@group(0) @binding(0) var<storage, read_write> xs: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<u32, 2>;
fn count(p: ptr<storage, array<u32>, read_write>) -> u32 { return arrayLength(p); }
fn total(acc: ptr<function, u32>, p: ptr<storage, array<u32>, read_write>) {
    for (var i = 0u; i < count(p); i++) { *acc += (*p)[i]; }
}
@compute @workgroup_size(1)
fn main() {
    var t = 0u;
    total(&t, &xs);
    out[0] = count(&xs);
    out[1] = t;
}
"#
        .into(),
        bindings: vec![B::storage(0, bytes_u32(&[1, 2, 3, 4, 5, 6])), B::storage(1, bytes_u32(&[0, 0]))],
        workgroups: [1, 1, 1],
        expect: vec![(1, vec![6, 21])],
    });

    cases
}
