//! An n-body simulation on the GPU (GLSL): std430 bodies with `vec3` members bound to a Rust
//! struct through `types` (layout checked at compile time), a uniform block of parameters, two
//! storage buffers swapped every step. The final state is checked against the same steps on
//! the CPU.
//!
//! ```text
//! cargo run --release --example nbody [BODIES] [STEPS]
//! ```

use std::process::ExitCode;
use std::time::Instant;

use shader_runtime::{shader, Gpu, GpuError, Std430};

/// One body; `_pad` is the std430 padding after `vel` (the struct is 16-byte aligned).
#[derive(Clone, Copy, Debug, Std430)]
#[repr(C)]
pub struct Body {
    pos: [f32; 3],
    mass: f32,
    vel: [f32; 3],
    _pad: f32,
}

shader! {
    mod nbody;
    path: "examples/shaders/nbody.comp",
    types: { Body = super::Body },
}

const DT: f32 = 0.005;
const SOFTENING: f32 = 0.01;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1).map(|s| s.parse::<u32>());
    let (bodies, steps) = match (args.next(), args.next()) {
        (None, _) => (1024, 50),
        (Some(Ok(b)), None) if b > 0 => (b, 50),
        (Some(Ok(b)), Some(Ok(s))) if b > 0 => (b, s),
        _ => {
            eprintln!("usage: nbody [BODIES] [STEPS]   (default 1024 bodies, 50 steps)");
            return ExitCode::FAILURE;
        }
    };
    match Gpu::new_blocking().and_then(|gpu| run(&gpu, bodies, steps)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn initial(n: u32) -> Vec<Body> {
    (0..n)
        .map(|i| {
            // A disc with a little rotation, so the system stays bound for a while.
            let angle = i as f32 * 2.399_963; // the golden angle
            let radius = (i as f32 / n as f32).sqrt() * 4.0;
            let (s, c) = angle.sin_cos();
            Body { pos: [c * radius, s * radius, 0.1 * (i % 7) as f32], mass: 1.0 / n as f32, vel: [-s * 0.3, c * 0.3, 0.0], _pad: 0.0 }
        })
        .collect()
}

fn step_cpu(before: &[Body]) -> Vec<Body> {
    before
        .iter()
        .map(|me| {
            let mut acc = [0.0f32; 3];
            for other in before {
                let d = [other.pos[0] - me.pos[0], other.pos[1] - me.pos[1], other.pos[2] - me.pos[2]];
                let inv = 1.0 / (d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + SOFTENING).sqrt();
                for c in 0..3 {
                    acc[c] += d[c] * (other.mass * inv * inv * inv);
                }
            }
            let mut next = *me;
            for c in 0..3 {
                next.vel[c] += acc[c] * DT;
                next.pos[c] += next.vel[c] * DT;
            }
            next
        })
        .collect()
}

pub fn run(gpu: &Gpu, n: u32, steps: u32) -> Result<bool, GpuError> {
    println!("adapter: {}", gpu.adapter_name());
    let bodies = initial(n);
    let pipeline = nbody::Pipeline::new(gpu)?;
    let params = gpu.uniform_buffer(&nbody::Params::new(DT, SOFTENING, n));
    let mut a = gpu.storage_buffer(&bodies[..]);
    let mut b = gpu.storage_buffer_zeroed::<Body>(n as usize);
    let started = Instant::now();
    for step in 1..=steps {
        pipeline.dispatch(gpu, nbody::Bindings { before: &a, after: &b, params: &params }, [n.div_ceil(nbody::WORKGROUP_SIZE[0]), 1, 1])?;
        std::mem::swap(&mut a, &mut b);
        if step % 10 == 0 || step == steps {
            gpu.wait()?;
            println!("step {step}/{steps} ({:.1} s)", started.elapsed().as_secs_f64());
        }
    }
    let gpu_bodies = a.read_blocking(gpu)?;

    println!("checking against {steps} CPU steps...");
    let mut cpu = bodies;
    for _ in 0..steps {
        cpu = step_cpu(&cpu);
    }
    let worst = gpu_bodies
        .iter()
        .zip(&cpu)
        .flat_map(|(g, c)| (0..3).map(move |i| (g.pos[i] - c.pos[i]).abs()))
        .fold(0.0f32, f32::max);
    println!("max position difference: {worst:e}");
    // inversesqrt and summation order differ from the CPU; the differences grow with steps.
    if worst > 1e-2 {
        eprintln!("error: the GPU simulation drifted from the CPU");
        return Ok(false);
    }
    println!("ok");
    Ok(true)
}
