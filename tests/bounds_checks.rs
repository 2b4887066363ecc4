//! Memory safety as emitted (issue 19, item 4): with `BoundsChecks::Clamp` (the default) an
//! out-of-bounds index into a fixed-size or runtime-sized array, a vector or a matrix reads a
//! value of the composite or zero and writes one of its elements or nothing (WGSL §14.5.2
//! "Out-of-Bounds Access"), on wgpu's default path and when the driver runs our SPIR-V as
//! emitted (passthrough), where no naga bounds check helps. Expected values come from that rule:
//! a read gives a member of the composite's values or 0 (our policy, like naga's `Restrict`,
//! picks the last element: checked too), and a write never changes what lies next to the
//! composite, in the same struct or in a neighbouring binding of the same buffer.

mod common;

use common::{bytes_i32, u32s, BufferBinding as B};
use shader_core::{BoundsChecks, CompileOptions, Language};

fn compile(language: Language, source: &str, bounds_checks: BoundsChecks) -> Vec<u32> {
    let options = CompileOptions { language, stage: Some(shader_core::ir::Stage::Compute), bounds_checks, ..Default::default() };
    let compiled = shader_core::compile("bounds", source, &options).unwrap_or_else(|e| panic!("{e}"));
    common::validate_spirv(&compiled.spirv).unwrap_or_else(|e| panic!("{e}"));
    compiled.spirv
}

/// The indices every test tries: in bounds, just past the end, negative, far away.
const INDICES: [i32; 4] = [1, 7, -1, 1_000_000];

/// What a read of `values[i]` may give (WGSL §14.5.2), and what clamping gives.
fn check_read(what: &str, got: u32, values: &[u32], i: i32) {
    let n = values.len();
    assert!(values.contains(&got) || got == 0, "{what}[{i}] read {got}, which is neither an element of {values:?} nor 0");
    let clamped = values[(i as u32 as usize).min(n - 1)];
    assert_eq!(got, clamped, "{what}[{i}]: the clamp policy reads the last element for an index past the end");
}

const FIXED_WGSL: &str = r#"
struct Data {
    a: array<u32, 4>,
    after_a: array<u32, 4>,
    v: vec4<u32>,
    after_v: vec4<u32>,
    m: mat2x2<f32>,
    after_m: mat2x2<f32>,
}
@group(0) @binding(0) var<storage, read_write> d: Data;
@group(0) @binding(1) var<storage, read_write> indices: array<i32, 4>;
@group(0) @binding(2) var<storage, read_write> out: array<u32, 40>;

var<private> p: array<u32, 4> = array<u32, 4>(30u, 31u, 32u, 33u);
var<workgroup> w: array<u32, 4>;

@compute @workgroup_size(1)
fn main() {
    for (var j = 0u; j < 4u; j++) { w[j] = 40u + j; }
    var f = array<u32, 4>(50u, 51u, 52u, 53u);
    for (var k = 0u; k < 4u; k++) {
        let i = indices[k];
        let o = k * 10u;
        out[o + 0u] = d.a[i];
        out[o + 1u] = d.v[i];
        out[o + 2u] = bitcast<u32>(d.m[i].x);
        out[o + 3u] = p[i];
        out[o + 4u] = w[i];
        out[o + 5u] = f[i];
        let av = d.a;
        out[o + 6u] = av[i];
        let vv = d.v;
        out[o + 7u] = vv[i];
        let mv = d.m;
        out[o + 8u] = bitcast<u32>(mv[i].y);
        out[o + 9u] = vec3<u32>(60u, 61u, 62u)[i];
    }
    d.a[indices[1]] = 77u;
    d.v[indices[2]] = 78u;
    d.m[indices[3]] = vec2<f32>(7.0, 7.0);
}
"#;

const FIXED_GLSL: &str = r#"#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Data {
    uint a[4];
    uint after_a[4];
    uvec4 v;
    uvec4 after_v;
    mat2 m;
    mat2 after_m;
} d;
layout(std430, binding = 1) buffer Indices { int indices[4]; };
layout(std430, binding = 2) buffer Out { uint out_[40]; };
uint p[4] = uint[4](30u, 31u, 32u, 33u);
shared uint w[4];

void main() {
    for (uint j = 0u; j < 4u; j++) { w[j] = 40u + j; }
    uint f[4] = uint[4](50u, 51u, 52u, 53u);
    for (uint k = 0u; k < 4u; k++) {
        int i = indices[k];
        uint o = k * 10u;
        out_[o + 0u] = d.a[i];
        out_[o + 1u] = d.v[i];
        out_[o + 2u] = floatBitsToUint(d.m[i].x);
        out_[o + 3u] = p[i];
        out_[o + 4u] = w[i];
        out_[o + 5u] = f[i];
        uint av[4] = d.a;
        out_[o + 6u] = av[i];
        uvec4 vv = d.v;
        out_[o + 7u] = vv[i];
        mat2 mv = d.m;
        out_[o + 8u] = floatBitsToUint(mv[i].y);
        out_[o + 9u] = uvec3(60u, 61u, 62u)[i];
    }
    d.a[indices[1]] = 77u;
    d.v[indices[2]] = 78u;
    d.m[indices[3]] = vec2(7.0, 7.0);
}
"#;

/// `Data` of [`FIXED_WGSL`] as std430 words: a, after_a, v, after_v, m (2 columns of 2),
/// after_m.
fn fixed_data() -> Vec<u32> {
    let mut words = vec![10, 11, 12, 13, 90, 91, 92, 93, 20, 21, 22, 23, 94, 95, 96, 97];
    words.extend([1.0f32, 2.0, 3.0, 4.0, 95.0, 96.0, 97.0, 98.0].map(f32::to_bits));
    words
}

fn check_fixed(path: &str, results: &[Vec<u8>]) {
    let data = u32s(&results[0]);
    let out = u32s(&results[2]);
    let before = fixed_data();
    let f = |x: f32| x.to_bits();
    for (k, &i) in INDICES.iter().enumerate() {
        let o = k * 10;
        let what = |name: &str| format!("{path}: {name}");
        check_read(&what("storage array"), out[o], &[10, 11, 12, 13], i);
        check_read(&what("storage vector"), out[o + 1], &[20, 21, 22, 23], i);
        check_read(&what("storage matrix column .x"), out[o + 2], &[f(1.0), f(3.0)], i);
        check_read(&what("private array"), out[o + 3], &[30, 31, 32, 33], i);
        check_read(&what("workgroup array"), out[o + 4], &[40, 41, 42, 43], i);
        check_read(&what("function array"), out[o + 5], &[50, 51, 52, 53], i);
        check_read(&what("array value"), out[o + 6], &[10, 11, 12, 13], i);
        check_read(&what("vector value"), out[o + 7], &[20, 21, 22, 23], i);
        check_read(&what("matrix value column .y"), out[o + 8], &[f(2.0), f(4.0)], i);
        check_read(&what("vector constant"), out[o + 9], &[60, 61, 62], i);
    }
    // Writes out of bounds land on an element (or nowhere), never next to the composite.
    assert_eq!(data[4..8], before[4..8], "{path}: `d.a[7] = 77` changed the array after it");
    assert_eq!(data[12..16], before[12..16], "{path}: `d.v[-1] = 78` changed the vector after it");
    assert_eq!(data[20..24], before[20..24], "{path}: `d.m[1000000] = ...` changed the matrix after it");
    // Clamped: the last element took each write.
    assert_eq!(data[3], 77, "{path}: a[7] clamps to a[3]");
    assert_eq!(data[11], 78, "{path}: v[-1] clamps to v[3]");
    assert_eq!(data[18..20], [f(7.0), f(7.0)], "{path}: m[1000000] clamps to m[1]");
}

fn run_fixed(language: Language, source: &str) {
    if common::gpu().is_none() {
        return;
    }
    let words = compile(language, source, BoundsChecks::Clamp);
    let bindings = [
        B::storage(0, common::bytes_u32(&fixed_data())),
        B::storage(1, bytes_i32(&INDICES)),
        B::storage(2, vec![0; 160]),
    ];
    let (default, passthrough) = common::run_compute_both(&words, "main", &bindings, [1, 1, 1]).unwrap_or_else(|e| panic!("{e}"));
    check_fixed("default path", &default);
    if let Some(passthrough) = passthrough {
        check_fixed("passthrough", &passthrough);
    }
}

#[test]
fn wgsl_fixed_size_arrays_vectors_and_matrices_are_clamped() {
    run_fixed(Language::Wgsl, FIXED_WGSL);
}

#[test]
fn glsl_fixed_size_arrays_vectors_and_matrices_are_clamped() {
    run_fixed(Language::Glsl, FIXED_GLSL);
}

const RUNTIME_WGSL: &str = r#"
struct B { n: u32, data: array<u32> }
@group(0) @binding(0) var<storage, read_write> a: array<u32>;
@group(0) @binding(1) var<storage, read_write> b: B;
@group(0) @binding(2) var<storage, read_write> indices: array<i32, 4>;
@group(0) @binding(3) var<storage, read_write> out: array<u32, 12>;

@compute @workgroup_size(1)
fn main() {
    let p = &b.data;
    for (var k = 0u; k < 4u; k++) {
        out[k] = a[indices[k]];
        out[4u + k] = b.data[indices[k]];
        out[8u + k] = (*p)[indices[k]];
    }
    a[indices[1]] = 99u;
    b.data[indices[3]] = 98u;
}
"#;

const RUNTIME_GLSL: &str = r#"#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer A { uint a[]; };
layout(std430, binding = 1) buffer B { uint n; uint data[]; } b;
layout(std430, binding = 2) buffer Indices { int indices[4]; };
layout(std430, binding = 3) buffer Out { uint out_[12]; };

void main() {
    for (uint k = 0u; k < 4u; k++) {
        out_[k] = a[indices[k]];
        out_[4u + k] = b.data[indices[k]];
        out_[8u + k] = b.data[indices[k]];
    }
    a[indices[1]] = 99u;
    b.data[indices[3]] = 98u;
}
"#;

/// Each binding's slice of the one buffer: 256 bytes (wgpu's default
/// `min_storage_buffer_offset_alignment`), so `a` (64 words) ends where `b` starts.
const SLICE: u64 = 256;
const WORDS: usize = (SLICE / 4) as usize;

/// In bounds, one past the end of `a` (64 elements), negative, far away.
const RUNTIME_INDICES: [i32; 4] = [1, 64, -1, 1_000_000];

/// Runs `words` with its four storage bindings as consecutive 256-byte slices of one buffer
/// (so reading past the end of `a` would read `b`), on the default path or as emitted. Returns
/// the whole buffer.
fn run_adjacent(words: &[u32], passthrough: bool, initial: &[u32]) -> Vec<u32> {
    use shader_runtime::wgpu;
    let gpu = if passthrough { common::passthrough_gpu() } else { common::gpu() }.expect("a device");
    let w = gpu.wgpu().expect("a wgpu device");
    let device = &w.device;
    let size = SLICE * 4;
    let buffer = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    w.queue.write_buffer(&buffer, 0, &common::bytes_u32(initial));
    let entries: Vec<wgpu::BindGroupLayoutEntry> = (0..4)
        .map(|binding| wgpu::BindGroupLayoutEntry {
            binding,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty: wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Storage { read_only: false },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        })
        .collect();
    let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor { label: None, entries: &entries });
    let group_entries: Vec<wgpu::BindGroupEntry> = (0..4u32)
        .map(|binding| wgpu::BindGroupEntry {
            binding,
            resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                buffer: &buffer,
                offset: u64::from(binding) * SLICE,
                size: wgpu::BufferSize::new(SLICE),
            }),
        })
        .collect();
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor { label: None, layout: &layout, entries: &group_entries });
    let pipeline_layout =
        device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor { label: None, bind_group_layouts: &[Some(&layout)], immediate_size: 0 });
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let module = if passthrough {
        let descriptor = wgpu::ShaderModuleDescriptorPassthrough {
            label: None,
            entry_points: vec![wgpu::PassthroughShaderEntryPoint { name: "main".into(), workgroup_size: (1, 1, 1) }].into(),
            spirv: Some(words.into()),
            ..Default::default()
        };
        // SAFETY: spirv-val accepted the module (`compile`), and it was compiled with
        // `BoundsChecks::Clamp`: what this test checks is that its accesses stay in bounds.
        unsafe { device.create_shader_module_passthrough(descriptor) }
    } else {
        device.create_shader_module(wgpu::ShaderModuleDescriptor { label: None, source: wgpu::ShaderSource::SpirV(words.into()) })
    };
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout: Some(&pipeline_layout),
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    });
    let staging = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
    {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    }
    encoder.copy_buffer_to_buffer(&buffer, 0, &staging, 0, size);
    w.queue.submit([encoder.finish()]);
    if let Some(error) = pollster::block_on(scope.pop()) {
        panic!("wgpu: {error}");
    }
    staging.slice(..).map_async(wgpu::MapMode::Read, |r| r.expect("map"));
    device
        .poll(wgpu::PollType::Wait { submission_index: None, timeout: Some(shader_runtime::POLL_TIMEOUT) })
        .expect("poll");
    let view = staging.get_mapped_range(..).expect("mapped");
    u32s(&view)
}

fn run_runtime(language: Language, source: &str) {
    if common::gpu().is_none() {
        return;
    }
    let words = compile(language, source, BoundsChecks::Clamp);
    // a: 1000.., b: n = 5000 then 2000.., indices, out.
    let mut initial: Vec<u32> = (0..WORDS as u32).map(|i| 1000 + i).collect();
    initial.push(5000);
    initial.extend((0..WORDS as u32 - 1).map(|i| 2000 + i));
    initial.extend(RUNTIME_INDICES.map(|i| i as u32));
    initial.resize(4 * WORDS, 0);
    let a: Vec<u32> = initial[..WORDS].to_vec();
    let b_data: Vec<u32> = initial[WORDS + 1..2 * WORDS].to_vec();
    let mut paths = vec![("default path", false)];
    if common::has_passthrough() {
        paths.push(("passthrough", true));
    } else if common::ci() {
        panic!("the device lacks Features::PASSTHROUGH_SHADERS but CI=true");
    } else {
        eprintln!("*** SKIPPED (passthrough half): the device lacks Features::PASSTHROUGH_SHADERS ***");
    }
    for (path, passthrough) in paths {
        let after = run_adjacent(&words, passthrough, &initial);
        let out = &after[3 * WORDS..];
        for (k, &i) in RUNTIME_INDICES.iter().enumerate() {
            check_read(&format!("{path}: runtime-sized a"), out[k], &a, i);
            check_read(&format!("{path}: runtime-sized b.data"), out[4 + k], &b_data, i);
            check_read(&format!("{path}: runtime-sized b.data through a pointer"), out[8 + k], &b_data, i);
        }
        assert_eq!(after[WORDS], 5000, "{path}: `a[64] = 99` wrote into the next binding");
        assert_eq!(after[2 * WORDS..2 * WORDS + 4], RUNTIME_INDICES.map(|i| i as u32), "{path}: `b.data[1000000] = 98` wrote into the next binding");
        assert_eq!((after[WORDS - 1], after[2 * WORDS - 1]), (99, 98), "{path}: the writes clamp to the last elements");
    }
}

#[test]
fn wgsl_runtime_sized_arrays_stay_inside_their_binding() {
    run_runtime(Language::Wgsl, RUNTIME_WGSL);
}

#[test]
fn glsl_runtime_sized_arrays_stay_inside_their_binding() {
    run_runtime(Language::Glsl, RUNTIME_GLSL);
}

/// `unchecked` writes indices as given: no `UMin` in the module (the clamped module has one per
/// run-time index).
#[test]
fn unchecked_leaves_indices_alone() {
    let count = |words: &[u32]| {
        let module = shader_cpu::load_module(words).expect("parse");
        module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions).filter(|i| {
            i.class.opcode == rspirv::spirv::Op::ExtInst
                && matches!(i.operands.get(1), Some(rspirv::dr::Operand::LiteralExtInstInteger(op)) if *op == rspirv::spirv::GlslStd450Op::UMin as u32)
        }).count()
    };
    assert_eq!(count(&compile(Language::Wgsl, RUNTIME_WGSL, BoundsChecks::Unchecked)), 0);
    // out[k], a[..], b.data[..] and (*p)[..] in the loop, indices[k] three times, the two writes.
    assert_eq!(count(&compile(Language::Wgsl, RUNTIME_WGSL, BoundsChecks::Clamp)), 11);
}
