//! Tiled matrix multiplication on the GPU (GLSL, 16 x 16 tiles in shared memory), checked
//! against a CPU product.
//!
//! ```text
//! cargo run --release --example matmul [SIZE]
//! ```

use std::process::ExitCode;
use std::time::Instant;

use shader_runtime::{shader, Gpu, GpuError};

shader! {
    mod matmul;
    path: "examples/shaders/matmul.comp",
}

fn main() -> ExitCode {
    let size: u32 = match std::env::args().nth(1).map(|s| s.parse()) {
        None => 256,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: matmul [SIZE]   (square matrices, default 256)");
            return ExitCode::FAILURE;
        }
    };
    match Gpu::new_blocking().and_then(|gpu| run(&gpu, size, size, size)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

pub fn run(gpu: &Gpu, m: u32, k: u32, n: u32) -> Result<bool, GpuError> {
    println!("adapter: {}", gpu.adapter_name());
    let a: Vec<f32> = (0..m * k).map(|i| ((i * 7) % 11) as f32 - 5.0).collect();
    let b: Vec<f32> = (0..k * n).map(|i| ((i * 3) % 13) as f32 * 0.5).collect();

    let pipeline = matmul::Pipeline::new(gpu)?;
    let (a_buffer, b_buffer) = (gpu.storage_buffer(&a[..]), gpu.storage_buffer(&b[..]));
    let c_buffer = gpu.storage_buffer_zeroed::<f32>((m * n) as usize);
    let dims = gpu.uniform_buffer(&matmul::Dims::new(m, n, k));
    let [wx, wy, _] = matmul::WORKGROUP_SIZE;
    let started = Instant::now();
    pipeline.dispatch(gpu, matmul::Bindings { a: &a_buffer, b: &b_buffer, c: &c_buffer, dims: &dims }, [n.div_ceil(wx), m.div_ceil(wy), 1])?;
    let c = c_buffer.read_blocking(gpu)?;
    let elapsed = started.elapsed();
    let flops = 2.0 * f64::from(m) * f64::from(n) * f64::from(k);
    println!("{m}x{k} * {k}x{n}: {:.2} ms ({:.2} GFLOP/s)", elapsed.as_secs_f64() * 1e3, flops / elapsed.as_secs_f64() / 1e9);

    println!("checking against the CPU...");
    let mut worst = 0.0f32;
    for r in 0..m {
        for col in 0..n {
            let expected: f32 = (0..k).map(|i| a[(r * k + i) as usize] * b[(i * n + col) as usize]).sum();
            worst = worst.max((c[(r * n + col) as usize] - expected).abs() / expected.abs().max(1.0));
        }
    }
    println!("max relative error: {worst:e}");
    if worst > 1e-5 {
        eprintln!("error: the GPU product differs from the CPU");
        return Ok(false);
    }
    println!("ok");
    Ok(true)
}
