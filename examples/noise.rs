//! A shader library used from another crate: the `noise` package of
//! `examples/shader-library/noise` (crate `noise-shaders`) is imported by name in
//! `tests/shaders/shader_library/noise.wesl` (`import noise::value::{cell, sample};`). The
//! whole set-up is `noise-shaders` as a dependency and a one-line build.rs
//! (`shader_build::forward()`); README "Shader libraries". Prints the noise field as text
//! and checks it against the library's Rust functions.
//!
//! ```text
//! cargo run --example noise
//! ```

use std::process::ExitCode;

use shader_runtime::{shader, Gpu, GpuError};

shader! {
    mod field;
    path: "tests/shaders/shader_library/noise.wesl",
}

const WIDTH: u32 = 64;

fn main() -> ExitCode {
    match Gpu::new_blocking().and_then(|gpu| run(&gpu)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

pub fn run(gpu: &Gpu) -> Result<bool, GpuError> {
    let cells = gpu.storage_buffer(&[0f32; WIDTH as usize][..]);
    let values = gpu.storage_buffer(&[0f32; WIDTH as usize][..]);
    let pipeline = field::Pipeline::new(gpu)?;
    pipeline.dispatch(gpu, field::Bindings { cells: &cells, values: &values }, [WIDTH / field::WORKGROUP_SIZE[0], 1, 1])?;
    let values = values.read_blocking(gpu)?;
    let shades = [' ', '.', ':', '-', '=', '+', '*', '#', '%', '@'];
    let line: String = values.iter().map(|v| shades[((v * shades.len() as f32) as usize).min(shades.len() - 1)]).collect();
    println!("{line}");
    let max_error =
        values.iter().enumerate().map(|(x, v)| (v - noise_shaders::noise2(x as f32 * 0.37, 1.5)).abs()).fold(0.0f32, f32::max);
    println!("max error against the library's Rust functions: {max_error:e}");
    Ok(max_error <= 1e-5)
}
