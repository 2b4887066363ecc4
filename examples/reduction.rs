//! Sum of a large `u32` array on the GPU: each pass reduces 512 elements per workgroup in
//! workgroup shared memory with barriers (WGSL), passes repeat until one value is left.
//!
//! ```text
//! cargo run --release --example reduction [N]
//! ```

use std::process::ExitCode;
use std::time::Instant;

use shader_runtime::{shader, Gpu, GpuError};

shader! {
    mod reduction;
    path: "examples/shaders/reduction.wgsl",
}

fn main() -> ExitCode {
    let n: usize = match std::env::args().nth(1).map(|s| s.parse()) {
        None => 1 << 22,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: reduction [N]   (N: element count, default 4194304)");
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

pub fn run(gpu: &Gpu, n: usize) -> Result<bool, GpuError> {
    println!("adapter:  {}", gpu.adapter_name());
    let data: Vec<u32> = (0..n as u32).map(|i| i.wrapping_mul(2_654_435_761) % 1000).collect();

    let started = Instant::now();
    let pipeline = reduction::Pipeline::new(gpu)?;
    let params = gpu.uniform_buffer(&reduction::Params::new(n as u32));
    let mut src = gpu.storage_buffer(&data[..]);
    let mut dst = gpu.storage_buffer_zeroed::<u32>(n.div_ceil(512));
    let mut len = n as u32;
    let mut pass = 0;
    while len > 1 {
        let groups = len.div_ceil(512);
        pass += 1;
        println!("pass {pass}: {len} -> {groups} values ({groups} workgroups of {})", reduction::WORKGROUP_SIZE[0]);
        // The write lands before the next submit, so each pass sees its own length.
        params.write(gpu, &reduction::Params::new(len))?;
        pipeline.dispatch(gpu, reduction::Bindings { params: &params, src: &src, dst: &dst }, [groups, 1, 1])?;
        std::mem::swap(&mut src, &mut dst);
        len = groups;
    }
    let sum = src.read_blocking(gpu)?[0];
    let elapsed = started.elapsed();

    let expected = data.iter().fold(0u32, |a, b| a.wrapping_add(*b));
    println!("elements: {n}");
    println!("gpu sum:  {sum} in {:.2} ms", elapsed.as_secs_f64() * 1e3);
    println!("cpu sum:  {expected}");
    if sum != expected {
        eprintln!("error: the GPU sum differs from the CPU");
        return Ok(false);
    }
    println!("ok");
    Ok(true)
}
