//! Buffer device addresses on the CPU device (issue 11; GL_EXT_buffer_reference, SPIR-V's
//! `PhysicalStorageBuffer` pointers): a compute shader that walks a linked list of nodes
//! through references held in push constants and in memory, writes through a reference made
//! from an integer, and updates (atomically) a block reached through the address of a bound
//! buffer. wgpu has no buffer device addresses, so lavapipe cannot run it through wgpu; the
//! expected values are computed here from the GLSL semantics, and our module and glslang's of
//! the same source must both give them. Every module passes spirv-val (naga's SPIR-V front end
//! reads no physical pointers: the Vulkan target's modules are checked by spirv-val alone, as
//! in glsl_suite).

mod common;

use shader_cpu::{Binding, Buffer, FindingKind, Options, Program};

const SOURCE: &str = r#"#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 4) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Node {
    Node next;
    int value;
    vec4 payload;
};
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Counter { uint hits; uint pad; int items[]; };
layout(push_constant) uniform Push { Node head; uint64_t nodes; Counter counter; } pc;
layout(std430, set = 0, binding = 0) buffer Out { int sums[4]; uint64_t ends[4]; uint hits; uint pad; int items[4]; } o;

void main() {
    uint i = gl_LocalInvocationID.x;
    Node n = pc.head;
    int sum = 0;
    for (uint k = 0u; k <= i && uint64_t(n) != 0ul; k++) {
        sum += n.value;
        n = n.next;
    }
    o.sums[i] = sum;
    o.ends[i] = uint64_t(n);
    Node mine = Node(pc.nodes + uint64_t(32u * i));
    mine.payload.y = float(sum);
    mine.payload.w = mine.payload.x + 1.0;
    atomicAdd(pc.counter.hits, uint(sum));
    pc.counter.items[i] = sum * 10;
}
"#;

/// Nodes of the list (std430 `Node`: `next` at byte 0, `value` at 8, `payload` at 16; 32 bytes
/// apart in the nodes buffer).
const NODES: usize = 6;
const STRIDE: u64 = 32;
/// The list: node 2, then 5, 0, 3, then null.
const LIST: [usize; 4] = [2, 5, 0, 3];

fn value(k: usize) -> i32 {
    10 * k as i32 + 1
}

fn payload_x(k: usize) -> f32 {
    k as f32 * 0.5
}

/// Ours (Vulkan target) and glslang's module of `SOURCE`, each after spirv-val.
fn modules() -> Vec<(&'static str, Vec<u32>)> {
    let options = shader_core::CompileOptions {
        language: shader_core::Language::Glsl,
        stage: Some(shader_core::ir::Stage::Compute),
        target: shader_core::Target::Vulkan,
        ..Default::default()
    };
    let ours = shader_core::compile("buffer_address.comp", SOURCE, &options).unwrap_or_else(|e| panic!("we reject it:\n{}", e.render())).spirv;
    common::validate_spirv_glsl(&ours, false).expect("our SPIR-V is valid");
    let mut modules = vec![("ours", ours)];
    if !common::skip_without_glslang() {
        let words = common::compile_glslang(SOURCE, "comp").expect("glslang compiles the test program");
        common::validate_spirv_glsl(&words, false).expect("glslang's SPIR-V is valid");
        modules.push(("glslang", words));
    }
    modules
}

fn nodes_buffer() -> Buffer {
    let nodes = Buffer::zeroed(NODES * STRIDE as usize);
    let base = nodes.device_address();
    for (at, &k) in LIST.iter().enumerate() {
        let next = LIST.get(at + 1).map_or(0, |&n| base + n as u64 * STRIDE);
        nodes.write(k * STRIDE as usize, &next.to_le_bytes());
    }
    for k in 0..NODES {
        nodes.write(k * STRIDE as usize + 8, &value(k).to_le_bytes());
        nodes.write(k * STRIDE as usize + 16, &payload_x(k).to_le_bytes());
    }
    nodes
}

fn push_constants(head: u64, nodes: u64, counter: u64) -> Vec<u8> {
    [head, nodes, counter].iter().flat_map(|v| v.to_le_bytes()).collect()
}

fn i32_at(bytes: &[u8], at: usize) -> i32 {
    i32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap())
}

fn f32_at(bytes: &[u8], at: usize) -> f32 {
    f32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

/// The list walked, nodes written through a reference made from an integer, a bound buffer
/// updated through its own address: with and without the sanitizer (which must find nothing).
#[test]
fn linked_list_through_buffer_references() {
    for (compiler, words) in modules() {
        let program = Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        for sanitize in [true, false] {
            let nodes = nodes_buffer();
            let out = Buffer::zeroed(16 + 32 + 8 + 16);
            let base = nodes.device_address();
            let push = push_constants(base + LIST[0] as u64 * STRIDE, base, out.device_address() + 48);
            let options = Options { sanitize, threads: Some(1) };
            let report = program
                .dispatch(&[Binding::buffer(0, 0, &out), Binding::by_address(&nodes)], &push, [1, 1, 1], &options)
                .unwrap_or_else(|e| panic!("[{compiler}] {e}"));
            assert!(report.findings.is_empty(), "[{compiler}] the sanitizer found: {:?}", report.findings);
            let (out, nodes) = (out.to_bytes(), nodes.to_bytes());
            // GLSL: invocation i sums the values of the first i + 1 nodes of the list and ends
            // at the node after them (null past the last).
            let mut hits = 0u32;
            for i in 0..4 {
                let sum: i32 = LIST[..=i].iter().map(|&k| value(k)).sum();
                let end = LIST.get(i + 1).map_or(0, |&k| base + k as u64 * STRIDE);
                assert_eq!(i32_at(&out, 4 * i), sum, "[{compiler}] sums[{i}] (sanitize {sanitize})");
                assert_eq!(u64_at(&out, 16 + 8 * i), end, "[{compiler}] ends[{i}] (sanitize {sanitize})");
                assert_eq!(i32_at(&out, 56 + 4 * i), sum * 10, "[{compiler}] items[{i}] through the reference");
                let node = i * STRIDE as usize;
                assert_eq!(f32_at(&nodes, node + 16), payload_x(i), "[{compiler}] node {i} payload.x");
                assert_eq!(f32_at(&nodes, node + 20), sum as f32, "[{compiler}] node {i} payload.y");
                assert_eq!(f32_at(&nodes, node + 28), payload_x(i) + 1.0, "[{compiler}] node {i} payload.w");
                hits += sum as u32;
            }
            assert_eq!(u32::from_le_bytes(out[48..52].try_into().unwrap()), hits, "[{compiler}] hits, atomically through the reference");
            for k in 4..NODES {
                assert_eq!(f32_at(&nodes, k * STRIDE as usize + 20), 0.0, "[{compiler}] node {k} is nobody's");
            }
        }
    }
}

/// A reference past its buffer's end, and one into a buffer the dispatch was not given: the
/// accesses read 0 and write nothing, and the sanitizer reports each with its address.
#[test]
fn references_into_no_buffer_are_reported() {
    for (compiler, words) in modules() {
        let program = Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let nodes = nodes_buffer();
        let stranger = nodes_buffer();
        let before = stranger.to_bytes();
        let out = Buffer::zeroed(16 + 32 + 8 + 16);
        let base = nodes.device_address();
        // The head past the nodes' end; the counter in a buffer not given to the dispatch.
        let head = base + NODES as u64 * STRIDE;
        let push = push_constants(head, base, stranger.device_address());
        let options = Options { sanitize: true, threads: Some(1) };
        let report = program
            .dispatch(&[Binding::buffer(0, 0, &out), Binding::by_address(&nodes)], &push, [1, 1, 1], &options)
            .unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let out_bytes = out.to_bytes();
        for i in 0..4 {
            assert_eq!(i32_at(&out_bytes, 4 * i), 0, "[{compiler}] sums[{i}]: the head reads 0");
            assert_eq!(u64_at(&out_bytes, 16 + 8 * i), 0, "[{compiler}] ends[{i}]: its next reads null");
            assert_eq!(i32_at(&out_bytes, 56 + 4 * i), 0, "[{compiler}] items[{i}]: not written");
        }
        assert_eq!(stranger.to_bytes(), before, "[{compiler}] the buffer not given is untouched");
        let found = |address: u64, bytes: u32, write: bool| {
            report.findings.iter().filter(|f| f.kind == FindingKind::AddressOutOfBounds { address, bytes, write }).count()
        };
        // Each invocation: the head's value and next read, the counter's atomic and item write.
        assert_eq!(found(head + 8, 4, false), 4, "[{compiler}] {:#?}", report.findings);
        assert_eq!(found(head, 8, false), 4, "[{compiler}] {:#?}", report.findings);
        assert_eq!(found(stranger.device_address(), 4, true), 4, "[{compiler}] {:#?}", report.findings);
        for i in 0..4u64 {
            assert_eq!(found(stranger.device_address() + 8 + 4 * i, 4, true), 1, "[{compiler}] item {i}: {:#?}", report.findings);
        }
    }
}

/// Reference arithmetic and conversions (GL_EXT_buffer_reference2, _uvec2): a reference made
/// from a `uvec2` and back, `ref + n` and `ref[n]` (16-byte cells: the block's size), references
/// in a struct passed to a function, `?:` on references, the difference of two addresses, a
/// dynamic vector index through a reference. Cells `a[k].v = (100k + 1, .., 100k + 4)` and
/// `b[k].v = (1000k + 5, .., 1000k + 8)` in two buffers reached by address only.
#[test]
fn reference_arithmetic_and_conversions() {
    const ARITHMETIC: &str = r#"#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference2 : require
#extension GL_EXT_buffer_reference_uvec2 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 4) in;
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Cell { ivec4 v; };
struct Pair { Cell a; Cell b; };
layout(std430, set = 0, binding = 0) buffer Io { uvec2 packed; Cell base; int outs[16]; uvec2 back[4]; } io;
int total(Pair p, int k) { return p.a.v[k & 3] + p.b.v[k & 3]; }
void main() {
    uint i = gl_LocalInvocationID.x;
    Cell c = Cell(io.packed);
    Cell d = c + int(i);
    Cell e = io.base[i + 1u];
    Pair p = Pair(d, e);
    Cell pick = (i % 2u == 0u) ? d : e;
    io.outs[4 * i + 0] = total(p, int(i));
    io.outs[4 * i + 1] = pick.v.x;
    io.outs[4 * i + 2] = int(uint64_t(e) - uint64_t(d));
    io.outs[4 * i + 3] = d.v[i];
    io.back[i] = uvec2(e);
    e.v.w = int(i) * 100;
}
"#;
    let options = shader_core::CompileOptions {
        language: shader_core::Language::Glsl,
        stage: Some(shader_core::ir::Stage::Compute),
        target: shader_core::Target::Vulkan,
        ..Default::default()
    };
    let ours = shader_core::compile("arithmetic.comp", ARITHMETIC, &options).unwrap_or_else(|e| panic!("we reject it:\n{}", e.render())).spirv;
    common::validate_spirv_glsl(&ours, false).expect("our SPIR-V is valid");
    let mut modules = vec![("ours", ours)];
    if !common::skip_without_glslang() {
        let words = common::compile_glslang(ARITHMETIC, "comp").expect("glslang compiles the test program");
        common::validate_spirv_glsl(&words, false).expect("glslang's SPIR-V is valid");
        modules.push(("glslang", words));
    }
    let cells = |k0: i32, step: i32| {
        let bytes: Vec<u8> = (0..6).flat_map(|k| (0..4).map(move |c| step * k + k0 + c)).flat_map(i32::to_le_bytes).collect();
        Buffer::from_bytes(&bytes)
    };
    for (compiler, words) in modules {
        let program = Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let (a, b) = (cells(1, 100), cells(5, 1000));
        let (ab, bb) = (a.device_address(), b.device_address());
        let mut io = vec![0u8; 112];
        io[0..4].copy_from_slice(&(ab as u32).to_le_bytes());
        io[4..8].copy_from_slice(&((ab >> 32) as u32).to_le_bytes());
        io[8..16].copy_from_slice(&bb.to_le_bytes());
        let io = Buffer::from_bytes(&io);
        let options = Options { sanitize: true, threads: Some(1) };
        let report = program
            .dispatch(&[Binding::buffer(0, 0, &io), Binding::by_address(&a), Binding::by_address(&b)], &[], [1, 1, 1], &options)
            .unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        assert!(report.findings.is_empty(), "[{compiler}] the sanitizer found: {:?}", report.findings);
        let (io, b) = (io.to_bytes(), b.to_bytes());
        let av = |k: usize, c: usize| 100 * k as i32 + 1 + c as i32;
        let bv = |k: usize, c: usize| 1000 * k as i32 + 5 + c as i32;
        for i in 0..4 {
            let (d, e) = (ab + 16 * i as u64, bb + 16 * (i as u64 + 1));
            let want = [
                av(i, i & 3) + bv(i + 1, i & 3),
                if i % 2 == 0 { av(i, 0) } else { bv(i + 1, 0) },
                e.wrapping_sub(d) as i32,
                av(i, i),
            ];
            for (k, w) in want.iter().enumerate() {
                assert_eq!(i32_at(&io, 16 + 4 * (4 * i + k)), *w, "[{compiler}] outs[{}]", 4 * i + k);
            }
            assert_eq!(u64_at(&io, 80 + 8 * i), e, "[{compiler}] back[{i}]: uvec2(e)");
            assert_eq!(i32_at(&b, 16 * (i + 1) + 12), 100 * i as i32, "[{compiler}] b[{}].v.w written through e", i + 1);
        }
        assert_eq!(i32_at(&b, 12), bv(0, 3), "[{compiler}] b[0] untouched");
    }
}
