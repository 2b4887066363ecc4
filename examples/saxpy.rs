//! saxpy (`y = a * x + y`) on the GPU: the shader is compiled and checked at compile time by
//! `shader!`, run through the typed runtime, and the result is checked against the CPU.
//!
//! ```text
//! cargo run --release --example saxpy [N]
//! ```

use std::process::ExitCode;
use std::time::Instant;

use shader_runtime::{shader, Gpu, GpuError};

shader! {
    mod saxpy;
    path: "examples/shaders/saxpy.wgsl",
}

fn main() -> ExitCode {
    let n: u32 = match std::env::args().nth(1).map(|s| s.parse()) {
        None => 1 << 20,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: saxpy [N]   (N: element count, default 1048576)");
            return ExitCode::FAILURE;
        }
    };
    match Gpu::new_blocking().and_then(|gpu| run(&gpu, n)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

pub fn run(gpu: &Gpu, n: u32) -> Result<bool, GpuError> {
    let a = 2.5f32;
    println!("adapter:   {}", gpu.adapter_name());

    let x: Vec<f32> = (0..n).map(|i| (i % 1000) as f32 * 0.001).collect();
    let y: Vec<f32> = (0..n).map(|i| 1.0 - (i % 777) as f32 * 0.002).collect();

    let started = Instant::now();
    let params = gpu.uniform_buffer(&saxpy::Params::new(a, n));
    let x_buffer = gpu.storage_buffer(&x[..]);
    let y_buffer = gpu.storage_buffer(&y[..]);
    let pipeline = saxpy::Pipeline::new(gpu)?;
    pipeline.dispatch(
        gpu,
        saxpy::Bindings { params: &params, x: &x_buffer, y: &y_buffer },
        [n.div_ceil(saxpy::WORKGROUP_SIZE[0]), 1, 1],
    )?;
    let result = y_buffer.read_blocking(gpu)?;
    let gpu_time = started.elapsed();

    // The GPU may fuse the multiply-add, so compare with a tolerance of a rounding step.
    let max_error = x.iter().zip(&y).zip(&result).map(|((x, y), r)| (a.mul_add(*x, *y) - r).abs()).fold(0.0f32, f32::max);
    println!("elements:  {n}");
    println!("SPIR-V:    {} words, compiled at build time", saxpy::SPIRV.len());
    println!("gpu run:   {:.2} ms (upload, pipeline, dispatch, read back)", gpu_time.as_secs_f64() * 1e3);
    println!("max error: {max_error:e}");
    if max_error > 1e-5 {
        eprintln!("error: the GPU result differs from the CPU");
        return Ok(false);
    }
    println!("ok");
    Ok(true)
}
