//! Hot reload: computes one row of a pattern in a loop and draws it as text, picking up edits
//! to `examples/shaders/hot_reload.wgsl` while it runs (shader-runtime feature `hot-reload`).
//! An edit that does not compile, or that changes the interface the program was built for,
//! prints the reason and the previous shader keeps running.
//!
//! ```text
//! cargo run --example hot_reload [ITERATIONS]     (default: until Ctrl-C)
//! ```

use std::process::ExitCode;
use std::time::Duration;

use shader_runtime::{shader, Gpu, GpuError};

shader! {
    mod pattern;
    path: "examples/shaders/hot_reload.wgsl",
}

const WIDTH: u32 = 64;

fn main() -> ExitCode {
    let iterations: Option<u64> = match std::env::args().nth(1).map(|s| s.parse()) {
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(_)) => {
            eprintln!("usage: hot_reload [ITERATIONS]");
            return ExitCode::FAILURE;
        }
    };
    match Gpu::new_blocking().and_then(|gpu| run(&gpu, iterations, Duration::from_millis(500))) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `iterations` rounds (forever with `None`) of: reload the shader if its file changed, run it,
/// print the row; `pause` between rounds.
pub fn run(gpu: &Gpu, iterations: Option<u64>, pause: Duration) -> Result<(), GpuError> {
    println!("adapter: {}; edit examples/shaders/hot_reload.wgsl while this runs", gpu.adapter_name());
    let mut pipeline = pattern::Pipeline::new(gpu)?;
    let row = gpu.storage_buffer_zeroed::<f32>(WIDTH as usize);
    let mut round = 0u64;
    while iterations.is_none_or(|n| round < n) {
        match pipeline.reload_if_changed(gpu) {
            Ok(true) => println!("-- reloaded"),
            Ok(false) => {}
            // The old pipeline keeps running; the message has the diagnostic or the change.
            Err(e) => eprintln!("-- not reloaded: {e}"),
        }
        let params = gpu.uniform_buffer(&pattern::Params::new(WIDTH, round as f32 * 0.3));
        pipeline.dispatch(gpu, pattern::Bindings { params: &params, row: &row }, [WIDTH.div_ceil(pattern::WORKGROUP_SIZE[0]), 1, 1])?;
        let values = row.read_blocking(gpu)?;
        let line: String = values.iter().map(|v| [' ', '.', ':', '-', '=', '+', '*', '#', '%', '@'][(v.clamp(0.0, 0.999) * 10.0) as usize]).collect();
        println!("{line}");
        round += 1;
        std::thread::sleep(pause);
    }
    Ok(())
}
