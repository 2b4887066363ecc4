//! saxpy (`y = a * x + y`) on the GPU: compile WGSL with shader-core at run time, run it with
//! shader-runtime, and check the result against the CPU.
//!
//! ```text
//! cargo run --release --example saxpy [N]
//! ```

use std::process::ExitCode;
use std::time::Instant;

use shader_runtime::{BufferBinding, BufferKind, Gpu};

const SAXPY: &str = r#"
struct Params {
    a: f32,
    n: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> x: array<f32>;
@group(0) @binding(2) var<storage, read_write> y: array<f32>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    if i < params.n {
        y[i] = params.a * x[i] + y[i];
    }
}
"#;

const WORKGROUP_SIZE: u32 = 256;

fn main() -> ExitCode {
    let n: u32 = match std::env::args().nth(1).map(|s| s.parse()) {
        None => 1 << 20,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: saxpy [N]   (N: element count, default 1048576)");
            return ExitCode::FAILURE;
        }
    };
    let a = 2.5f32;

    let started = Instant::now();
    let compiled = match shader_core::compile("saxpy.wgsl", SAXPY, &shader_core::CompileOptions::default()) {
        Ok(compiled) => compiled,
        Err(e) => {
            eprintln!("{}", e.render());
            return ExitCode::FAILURE;
        }
    };
    let compile_time = started.elapsed();

    let gpu = match Gpu::new_blocking() {
        Ok(gpu) => gpu,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };

    let x: Vec<f32> = (0..n).map(|i| (i % 1000) as f32 * 0.001).collect();
    let y: Vec<f32> = (0..n).map(|i| 1.0 - (i % 777) as f32 * 0.002).collect();
    let mut params = a.to_le_bytes().to_vec();
    params.extend(n.to_le_bytes());
    let buffers = [
        BufferBinding { group: 0, binding: 0, kind: BufferKind::Uniform, data: &params },
        BufferBinding { group: 0, binding: 1, kind: BufferKind::Storage { read_only: true }, data: bytemuck::cast_slice(&x) },
        BufferBinding { group: 0, binding: 2, kind: BufferKind::Storage { read_only: false }, data: bytemuck::cast_slice(&y) },
    ];

    let started = Instant::now();
    let out = match gpu.run_compute(&compiled.spirv, "main", &buffers, [n.div_ceil(WORKGROUP_SIZE), 1, 1]) {
        Ok(out) => out,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let gpu_time = started.elapsed();

    let result: Vec<f32> = out[2].chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    // The GPU may fuse the multiply-add, so allow a rounding step either way.
    let max_error = x.iter().zip(&y).zip(&result).map(|((x, y), r)| (a.mul_add(*x, *y) - r).abs()).fold(0.0f32, f32::max);

    println!("adapter:   {}", gpu.adapter_name());
    println!("elements:  {n}");
    println!("compile:   {:.2} ms ({} SPIR-V words)", compile_time.as_secs_f64() * 1e3, compiled.spirv.len());
    println!("gpu run:   {:.2} ms (upload, dispatch, read back)", gpu_time.as_secs_f64() * 1e3);
    println!("max error: {max_error:e}");
    if max_error > 1e-5 {
        eprintln!("error: the GPU result differs from the CPU");
        return ExitCode::FAILURE;
    }
    println!("ok");
    ExitCode::SUCCESS
}
