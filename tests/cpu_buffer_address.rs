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
use std::process::Command;

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

/// A reference that breaks the alignment its loads promise (`Aligned`: the head 2 bytes into a
/// node, every `Node` member access promising at least 4): nothing is read through it, and the
/// sanitizer reports each access with its address.
#[test]
fn misaligned_references_are_reported() {
    for (compiler, words) in modules() {
        let program = Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let nodes = nodes_buffer();
        let out = Buffer::zeroed(16 + 32 + 8 + 16);
        let base = nodes.device_address();
        let head = base + LIST[0] as u64 * STRIDE + 2;
        let push = push_constants(head, base, out.device_address() + 48);
        let options = Options { sanitize: true, threads: Some(1) };
        let report = program
            .dispatch(&[Binding::buffer(0, 0, &out), Binding::by_address(&nodes)], &push, [1, 1, 1], &options)
            .unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let out = out.to_bytes();
        for i in 0..4 {
            assert_eq!(i32_at(&out, 4 * i), 0, "[{compiler}] sums[{i}]: the value is not read");
            assert_eq!(u64_at(&out, 16 + 8 * i), 0, "[{compiler}] ends[{i}]: nor the next reference");
        }
        let misaligned = |address: u64| {
            report.findings.iter().filter(|f| matches!(f.kind, FindingKind::AddressMisaligned { address: a, write: false, .. } if a == address)).count()
        };
        assert_eq!(misaligned(head + 8), 4, "[{compiler}] the value's read: {:#?}", report.findings);
        assert_eq!(misaligned(head), 4, "[{compiler}] the next reference's read: {:#?}", report.findings);
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

/// `OpPtrAccessChain` on a physical pointer (neither our compiler nor glslang emits one; other
/// producers do): element `i` of an array of `Elem { int x; int y; }` behind a push-constant
/// pointer whose type has `ArrayStride 8`, then member `y`; and element 3 followed by element -1
/// (signed) and member `x`. Hand-written SPIR-V, assembled by spirv-as; values from SPIR-V's
/// rule (the element's address is the base's plus element times the stride):
/// `r[i] = 100 * elems[i].y + elems[2].x`.
#[test]
fn ptr_access_chain_on_physical_pointers() {
    const ASM: &str = "OpCapability Shader\nOpCapability PhysicalStorageBufferAddresses\n\
        OpExtension \"SPV_KHR_physical_storage_buffer\"\nOpMemoryModel PhysicalStorageBuffer64 GLSL450\n\
        OpEntryPoint GLCompute %main \"main\" %lid\nOpExecutionMode %main LocalSize 4 1 1\n\
        OpDecorate %lid BuiltIn LocalInvocationId\nOpDecorate %Elem Block\nOpMemberDecorate %Elem 0 Offset 0\n\
        OpMemberDecorate %Elem 1 Offset 4\nOpDecorate %pElem ArrayStride 8\nOpDecorate %Push Block\n\
        OpMemberDecorate %Push 0 Offset 0\nOpDecorate %arr ArrayStride 4\nOpDecorate %Out Block\n\
        OpMemberDecorate %Out 0 Offset 0\nOpDecorate %out DescriptorSet 0\nOpDecorate %out Binding 0\n\
        %void = OpTypeVoid\n%fn = OpTypeFunction %void\n%int = OpTypeInt 32 1\n%uint = OpTypeInt 32 0\n\
        %v3u = OpTypeVector %uint 3\n%Elem = OpTypeStruct %int %int\n%pElem = OpTypePointer PhysicalStorageBuffer %Elem\n\
        %pInt = OpTypePointer PhysicalStorageBuffer %int\n%Push = OpTypeStruct %pElem\n\
        %ptrPush = OpTypePointer PushConstant %Push\n%ptrPcElem = OpTypePointer PushConstant %pElem\n\
        %uint_4 = OpConstant %uint 4\n%arr = OpTypeArray %int %uint_4\n%Out = OpTypeStruct %arr\n\
        %ptrOut = OpTypePointer StorageBuffer %Out\n%ptrOutInt = OpTypePointer StorageBuffer %int\n\
        %ptrLid = OpTypePointer Input %v3u\n%int_0 = OpConstant %int 0\n%int_1 = OpConstant %int 1\n\
        %int_3 = OpConstant %int 3\n%int_m1 = OpConstant %int -1\n%int_100 = OpConstant %int 100\n\
        %pc = OpVariable %ptrPush PushConstant\n%out = OpVariable %ptrOut StorageBuffer\n%lid = OpVariable %ptrLid Input\n\
        %main = OpFunction %void None %fn\n%entry = OpLabel\n%ids = OpLoad %v3u %lid\n\
        %i = OpCompositeExtract %uint %ids 0\n%bpp = OpAccessChain %ptrPcElem %pc %int_0\n\
        %base = OpLoad %pElem %bpp\n%e = OpPtrAccessChain %pInt %base %i %int_1\n%v = OpLoad %int %e Aligned 4\n\
        %third = OpPtrAccessChain %pElem %base %int_3\n%back = OpPtrAccessChain %pInt %third %int_m1 %int_0\n\
        %w = OpLoad %int %back Aligned 4\n%v100 = OpIMul %int %v %int_100\n%sum = OpIAdd %int %v100 %w\n\
        %at = OpAccessChain %ptrOutInt %out %int_0 %i\nOpStore %at %sum\nOpReturn\nOpFunctionEnd\n";
    let Some(words) = assemble(ASM) else { return };
    common::validate_spirv_glsl(&words, false).expect("the module is valid");
    let program = Program::new(&words, "main", &[]).expect("decodes");
    let elems = Buffer::from_bytes(&(0..4).flat_map(|k| [10 * k + 1, 10 * k + 2]).flat_map(i32::to_le_bytes).collect::<Vec<u8>>());
    let out = Buffer::zeroed(16);
    let options = Options { sanitize: true, threads: Some(1) };
    let report = program
        .dispatch(&[Binding::buffer(0, 0, &out), Binding::by_address(&elems)], &elems.device_address().to_le_bytes(), [1, 1, 1], &options)
        .expect("runs");
    assert!(report.findings.is_empty(), "{:?}", report.findings);
    let out = out.to_bytes();
    for i in 0..4 {
        assert_eq!(i32_at(&out, 4 * i), 100 * (10 * i as i32 + 2) + 21, "r[{i}]");
    }
}

/// A fragment shader reading through a buffer reference in the push constants (a draw reaches
/// the buffers given with `Binding::by_address` as a dispatch does): each pixel's colour is
/// `palette.colors[x]`, ours and glslang's fragment stage.
#[test]
fn fragment_stage_reads_through_a_reference() {
    const VS: &str = "#version 450\nvoid main() {\n  vec2 c = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));\n\
        gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);\n}\n";
    const FS: &str = "#version 450\n#extension GL_EXT_buffer_reference : require\n\
        layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer Palette { vec4 colors[]; };\n\
        layout(push_constant) uniform Push { Palette palette; } pc;\nlayout(location = 0) out vec4 color;\n\
        void main() {\n  color = pc.palette.colors[int(gl_FragCoord.x)];\n}\n";
    let compile = |name: &str, source: &str, stage: shader_core::ir::Stage| {
        let options = shader_core::CompileOptions { language: shader_core::Language::Glsl, stage: Some(stage), target: shader_core::Target::Vulkan, ..Default::default() };
        let words = shader_core::compile(name, source, &options).unwrap_or_else(|e| panic!("we reject it:\n{}", e.render())).spirv;
        common::validate_spirv_glsl(&words, false).expect("our SPIR-V is valid");
        words
    };
    let vertex = Program::new(&compile("fs_ref.vert", VS, shader_core::ir::Stage::Vertex), "main", &[]).expect("vertex stage");
    let mut fragments = vec![("ours", compile("fs_ref.frag", FS, shader_core::ir::Stage::Fragment))];
    if !common::skip_without_glslang() {
        let words = common::compile_glslang(FS, "frag").expect("glslang compiles the test program");
        common::validate_spirv_glsl(&words, false).expect("glslang's SPIR-V is valid");
        fragments.push(("glslang", words));
    }
    let (w, h) = (5u32, 3u32);
    let colour = |x: u32| [x as f32, 10.0 + x as f32, 0.5, 1.0 - x as f32 / 8.0];
    // One colour past the target's width: the helper invocations of the last quads (x = w) read it.
    let palette = Buffer::from_bytes(&(0..=w).flat_map(colour).flat_map(f32::to_le_bytes).collect::<Vec<u8>>());
    let push = palette.device_address().to_le_bytes();
    for (compiler, words) in fragments {
        let fragment = Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let target = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [w, h, 1], 1);
        let draw = shader_cpu::Draw {
            bindings: &[Binding::by_address(&palette)],
            push_constants: &push,
            vertex_buffer: None,
            vertices: &[0, 1, 2],
            instances: 0..1,
            topology: shader_cpu::Topology::TriangleList,
            cull: None,
            blend: None,
            blend_constant: [0.0; 4],
            colors: &[Some(&target)],
            depth: None,
            depth_compare: shader_cpu::Compare::Less,
            depth_write: true,
            stencil: None,
            samples: 1,
            alpha_to_coverage: false,
        };
        let report = shader_cpu::draw(&vertex, &fragment, &draw, &Options { sanitize: true, threads: Some(2) }).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        assert!(report.findings.is_empty(), "[{compiler}] {:?}", report.findings);
        let pixels = common::f32s(&target.read_level(0));
        for y in 0..h {
            for x in 0..w {
                let at = ((y * w + x) * 4) as usize;
                assert_eq!(pixels[at..at + 4], colour(x), "[{compiler}] pixel ({x}, {y})");
            }
        }
    }
}

/// `text` assembled by spirv-as (`None` after a loud skip without it; a failure on CI).
fn assemble(text: &str) -> Option<Vec<u32>> {
    let dir = std::env::temp_dir();
    let (src, spv) = (dir.join(format!("cpu-address-{}.spvasm", std::process::id())), dir.join(format!("cpu-address-{}.spv", std::process::id())));
    std::fs::write(&src, text).expect("writes the assembly");
    let run = Command::new("spirv-as").args(["--target-env", "vulkan1.1"]).arg(&src).arg("-o").arg(&spv).output();
    let _ = std::fs::remove_file(&src);
    match run {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            assert!(!common::ci(), "spirv-as is not installed but CI=true");
            eprintln!("*** SKIPPED: spirv-as not installed ***");
            None
        }
        Err(e) => panic!("cannot run spirv-as: {e}"),
        Ok(out) => {
            assert!(out.status.success(), "spirv-as: {}", String::from_utf8_lossy(&out.stderr));
            let bytes = std::fs::read(&spv).expect("reads the module");
            let _ = std::fs::remove_file(&spv);
            Some(bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
        }
    }
}
