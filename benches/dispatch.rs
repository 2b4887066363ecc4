//! Dispatch overhead: the typed `saxpy::Pipeline::dispatch` against hand-written wgpu code doing
//! the same work (same SPIR-V, same buffers, a bind group made once), in the same run.
//!
//! ```text
//! cargo bench --bench dispatch
//! ```
//!
//! Two workloads: `dispatch+wait` (one small dispatch, submit, wait for the GPU) and
//! `submit` (record and submit only; both sides wait every 64 submissions). Criterion reports
//! each; the ratio printed at the end comes from interleaved batches of both sides, so drift of
//! a busy machine affects them alike.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use shader_runtime::{shader, wgpu, Buffer, Gpu};

shader! {
    mod saxpy;
    lang: wgsl,
    src: r#"
        struct Params { a: f32, n: u32 }
        @group(0) @binding(0) var<uniform> params: Params;
        @group(0) @binding(1) var<storage, read> x: array<f32>;
        @group(0) @binding(2) var<storage, read_write> y: array<f32>;
        @compute @workgroup_size(256)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            if id.x < params.n { y[id.x] = params.a * x[id.x] + y[id.x]; }
        }
    "#,
}

const N: u32 = 256;

struct Setup {
    gpu: Gpu,
    params: Buffer<saxpy::Params>,
    x: Buffer<[f32]>,
    y: Buffer<[f32]>,
    typed: saxpy::Pipeline,
    raw_pipeline: wgpu::ComputePipeline,
    raw_group: wgpu::BindGroup,
}

/// What a careful hand-written wgpu program does once: module, layout, pipeline, bind group.
fn setup() -> Option<Setup> {
    // A wgpu device: this compares the runtime's overhead with hand-written wgpu code.
    let gpu = match Gpu::with_options_blocking(&shader_runtime::GpuOptions::from_env()) {
        Ok(gpu) => gpu,
        Err(e) if std::env::var("CI").is_ok_and(|v| v == "true") => panic!("{e}"),
        Err(e) => {
            eprintln!("*** SKIPPED: {e} ***");
            return None;
        }
    };
    let params = gpu.uniform_buffer(&saxpy::Params::new(0.5, N));
    let x = gpu.storage_buffer(&vec![1.0f32; N as usize][..]);
    let y = gpu.storage_buffer(&vec![2.0f32; N as usize][..]);
    let typed = saxpy::Pipeline::new(&gpu).expect("pipeline");

    let device = &gpu.wgpu().expect("a wgpu device").device;
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: None,
        source: wgpu::ShaderSource::SpirV(saxpy::SPIRV.into()),
    });
    let entry = |binding, ty| wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::COMPUTE,
        ty: wgpu::BindingType::Buffer { ty, has_dynamic_offset: false, min_binding_size: None },
        count: None,
    };
    let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: None,
        entries: &[
            entry(0, wgpu::BufferBindingType::Uniform),
            entry(1, wgpu::BufferBindingType::Storage { read_only: true }),
            entry(2, wgpu::BufferBindingType::Storage { read_only: false }),
        ],
    });
    let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: None,
        bind_group_layouts: &[Some(&layout)],
        immediate_size: 0,
    });
    let raw_pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout: Some(&pipeline_layout),
        module: &module,
        entry_point: Some("main"),
        compilation_options: Default::default(),
        cache: None,
    });
    let raw_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &layout,
        entries: &[
            wgpu::BindGroupEntry { binding: 0, resource: params.raw().expect("wgpu buffer").as_entire_binding() },
            wgpu::BindGroupEntry { binding: 1, resource: x.raw().expect("wgpu buffer").as_entire_binding() },
            wgpu::BindGroupEntry { binding: 2, resource: y.raw().expect("wgpu buffer").as_entire_binding() },
        ],
    });
    Some(Setup { gpu, params, x, y, typed, raw_pipeline, raw_group })
}

fn typed_submit(s: &Setup) {
    s.typed
        .dispatch(&s.gpu, saxpy::Bindings { params: &s.params, x: &s.x, y: &s.y }, [N.div_ceil(saxpy::WORKGROUP_SIZE[0]), 1, 1])
        .expect("dispatch");
}

fn raw_submit(s: &Setup) {
    let w = s.gpu.wgpu().expect("a wgpu device");
    let mut encoder = w.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
    {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor::default());
        pass.set_pipeline(&s.raw_pipeline);
        pass.set_bind_group(0, &s.raw_group, &[]);
        pass.dispatch_workgroups(N.div_ceil(256), 1, 1);
    }
    w.queue.submit([encoder.finish()]);
}

fn wait(s: &Setup) {
    s.gpu.wgpu().expect("a wgpu device").device.poll(wgpu::PollType::wait_indefinitely()).expect("poll");
}

fn bench(c: &mut Criterion) {
    let Some(s) = setup() else { return };
    eprintln!("adapter: {}", s.gpu.adapter_name());
    let mut group = c.benchmark_group("dispatch+wait");
    group.bench_function("typed", |b| b.iter(|| {
        typed_submit(&s);
        wait(&s);
    }));
    group.bench_function("hand-written", |b| b.iter(|| {
        raw_submit(&s);
        wait(&s);
    }));
    group.finish();
    let mut group = c.benchmark_group("submit");
    let mut count = 0u32;
    group.bench_function("typed", |b| b.iter(|| {
        typed_submit(&s);
        count += 1;
        if count % 64 == 0 {
            wait(&s);
        }
    }));
    group.bench_function("hand-written", |b| b.iter(|| {
        raw_submit(&s);
        count += 1;
        if count % 64 == 0 {
            wait(&s);
        }
    }));
    group.finish();
    wait(&s);
    ratio(&s);
}

/// Median time per operation of interleaved batches of both sides, and their ratio.
fn ratio(s: &Setup) {
    for (name, waits) in [("dispatch+wait", true), ("submit (wait every 64)", false)] {
        let mut typed = Vec::new();
        let mut raw = Vec::new();
        let batch = 64;
        let deadline = Instant::now() + Duration::from_secs(6);
        while Instant::now() < deadline {
            for (side, times) in [(true, &mut typed), (false, &mut raw)] {
                let started = Instant::now();
                for _ in 0..batch {
                    if side {
                        typed_submit(s);
                    } else {
                        raw_submit(s);
                    }
                    if waits {
                        wait(s);
                    }
                }
                wait(s);
                times.push(started.elapsed().as_secs_f64() / f64::from(batch));
            }
        }
        let median = |v: &mut Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        let (t, r) = (median(&mut typed), median(&mut raw));
        eprintln!(
            "{name}: typed {:.2} us, hand-written {:.2} us, ratio typed/hand-written {:.3} ({} batches each)",
            t * 1e6,
            r * 1e6,
            t / r,
            typed.len()
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
