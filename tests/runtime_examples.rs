//! Every example's kernel end to end: `shader!` (the same shader files the examples use) ->
//! SPIR-V -> wgpu -> lavapipe, with results computed independently on the CPU. Sizes are small:
//! lavapipe runs shaders on the CPU.
//!
//! Then the example programs themselves: each `examples/NAME.rs` is compiled into this test as
//! a module (`#[path]`), and its `run` (everything `main` does after parsing arguments) runs with
//! small sizes; it returns `Ok(false)` when its own CPU check fails. The PNGs that `triangle` and
//! `blur` write are read back and compared with a CPU computation here.
#![deny(warnings)]

mod common;

use shader_runtime::{shader, Gpu, Std430};

/// The body of an n-body step; bound to the shader's `Body` through `types`, so a layout that
/// differs from the shader's std430 layout is a compile error.
#[derive(Clone, Copy, Debug, PartialEq, Std430)]
#[repr(C)]
pub struct Body {
    pos: [f32; 3],
    mass: f32,
    vel: [f32; 3],
    _pad: f32,
}

shader! {
    mod saxpy;
    path: "examples/shaders/saxpy.wgsl",
    mod reduction;
    path: "examples/shaders/reduction.wgsl",
    mod matmul;
    path: "examples/shaders/matmul.comp",
    mod nbody;
    path: "examples/shaders/nbody.comp",
    types: { Body = crate::Body },
}

/// Every module embedded here passes spirv-val and naga's SPIR-V front end + validator.
#[test]
fn embedded_spirv_is_valid() {
    for (name, words) in [("saxpy", saxpy::SPIRV), ("reduction", reduction::SPIRV), ("matmul", matmul::SPIRV), ("nbody", nbody::SPIRV)] {
        common::validate_spirv_glsl(words, true).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn saxpy_matches_cpu() {
    common::on_devices(|gpu| {
        for n in [1u32, 255, 256, 1000] {
            let x: Vec<f32> = (0..n).map(|i| i as f32 * 0.25).collect();
            let y: Vec<f32> = (0..n).map(|i| 100.0 - i as f32).collect();
            let out = run_saxpy(gpu, 1.5, &x, &y).expect("saxpy");
            for i in 0..n as usize {
                let expected = 1.5f32.mul_add(x[i], y[i]);
                assert!((out[i] - expected).abs() <= 1e-4 * expected.abs().max(1.0), "n={n} i={i}: {} vs {expected}", out[i]);
            }
        }
    });
}

fn run_saxpy(gpu: &Gpu, a: f32, x: &[f32], y: &[f32]) -> Result<Vec<f32>, shader_runtime::GpuError> {
    let n = x.len() as u32;
    let params = gpu.uniform_buffer(&saxpy::Params::new(a, n));
    let xb = gpu.storage_buffer(x);
    let yb = gpu.storage_buffer(y);
    let pipeline = saxpy::Pipeline::new(gpu)?;
    pipeline.dispatch(gpu, saxpy::Bindings { params: &params, x: &xb, y: &yb }, [n.div_ceil(saxpy::WORKGROUP_SIZE[0]), 1, 1])?;
    yb.read_blocking(gpu)
}

/// Workgroup memory and barriers: multi-pass sums of sizes around the 512-element step of one
/// workgroup, ping-ponging between two buffers and rewriting the uniform between passes.
#[test]
fn reduction_matches_cpu() {
    common::on_devices(|gpu| {
        let pipeline = reduction::Pipeline::new(gpu).expect("pipeline");
        for n in [1usize, 511, 512, 513, 3000] {
            let data: Vec<u32> = (0..n as u32).map(|i| i.wrapping_mul(2_654_435_761) % 1000).collect();
            let expected: u32 = data.iter().fold(0u32, |a, b| a.wrapping_add(*b));
            let mut src = gpu.storage_buffer(&data[..]);
            let mut dst = gpu.storage_buffer_zeroed::<u32>(n.div_ceil(512));
            let params = gpu.uniform_buffer(&reduction::Params::new(n as u32));
            let mut len = n as u32;
            while len > 1 {
                let groups = len.div_ceil(512);
                params.write(gpu, &reduction::Params::new(len)).expect("write");
                pipeline.dispatch(gpu, reduction::Bindings { params: &params, src: &src, dst: &dst }, [groups, 1, 1]).expect("dispatch");
                std::mem::swap(&mut src, &mut dst);
                len = groups;
            }
            let sum = src.read_blocking(gpu).expect("read")[0];
            assert_eq!(sum, expected, "n={n}");
        }
    });
}

/// Tiled matrix product (GLSL, shared memory) for shapes that are not multiples of the tile.
#[test]
fn matmul_matches_cpu() {
    common::on_devices(|gpu| {
        let pipeline = matmul::Pipeline::new(gpu).expect("pipeline");
        for (m, k, n) in [(1u32, 1u32, 1u32), (16, 16, 16), (17, 5, 33), (40, 23, 9)] {
            let a: Vec<f32> = (0..m * k).map(|i| ((i * 7) % 11) as f32 - 5.0).collect();
            let b: Vec<f32> = (0..k * n).map(|i| ((i * 3) % 13) as f32 * 0.5).collect();
            let mut expected = vec![0.0f32; (m * n) as usize];
            for r in 0..m {
                for c in 0..n {
                    expected[(r * n + c) as usize] = (0..k).map(|i| a[(r * k + i) as usize] * b[(i * n + c) as usize]).sum();
                }
            }
            let (ab, bb) = (gpu.storage_buffer(&a[..]), gpu.storage_buffer(&b[..]));
            let cb = gpu.storage_buffer_zeroed::<f32>((m * n) as usize);
            let dims = gpu.uniform_buffer(&matmul::Dims::new(m, n, k));
            let [wx, wy, _] = matmul::WORKGROUP_SIZE;
            pipeline
                .dispatch(gpu, matmul::Bindings { a: &ab, b: &bb, c: &cb, dims: &dims }, [n.div_ceil(wx), m.div_ceil(wy), 1])
                .expect("dispatch");
            // Small integers and halves: every product and partial sum is exact in f32.
            assert_eq!(cb.read_blocking(gpu).expect("read"), expected, "{m}x{k} * {k}x{n}");
        }
    });
}

/// std430 structs with vec3 members through `types`, a uniform block, and a data-dependent loop.
#[test]
fn nbody_step_matches_cpu() {
    common::on_devices(|gpu| {
        let n = 70u32;
        let bodies: Vec<Body> = (0..n)
            .map(|i| {
                let t = i as f32;
                Body { pos: [t.sin() * 3.0, t.cos() * 2.0, t * 0.1], mass: 1.0 + (i % 3) as f32, vel: [0.0, 0.1, -0.1], _pad: 0.0 }
            })
            .collect();
        let (dt, softening) = (0.01f32, 0.05f32);
        let before = gpu.storage_buffer(&bodies[..]);
        let after = gpu.storage_buffer_zeroed::<Body>(n as usize);
        let params = gpu.uniform_buffer(&nbody::Params::new(dt, softening, n));
        let pipeline = nbody::Pipeline::new(gpu).expect("pipeline");
        pipeline
            .dispatch(gpu, nbody::Bindings { before: &before, after: &after, params: &params }, [n.div_ceil(nbody::WORKGROUP_SIZE[0]), 1, 1])
            .expect("dispatch");
        let out = after.read_blocking(gpu).expect("read");
        for (i, me) in bodies.iter().enumerate() {
            let mut acc = [0.0f64; 3];
            for other in &bodies {
                let d: Vec<f64> = (0..3).map(|c| f64::from(other.pos[c]) - f64::from(me.pos[c])).collect();
                let inv = 1.0 / (d.iter().map(|v| v * v).sum::<f64>() + f64::from(softening)).sqrt();
                for c in 0..3 {
                    acc[c] += d[c] * f64::from(other.mass) * inv * inv * inv;
                }
            }
            for c in 0..3 {
                let vel = f64::from(me.vel[c]) + acc[c] * f64::from(dt);
                let pos = f64::from(me.pos[c]) + vel * f64::from(dt);
                // inversesqrt is approximate on GPUs (GLSL 4.60 §8.2 gives it 2 ULP); sums of 70 terms.
                assert!((f64::from(out[i].vel[c]) - vel).abs() < 1e-3 * vel.abs().max(1.0), "body {i} vel[{c}]: {} vs {vel}", out[i].vel[c]);
                assert!((f64::from(out[i].pos[c]) - pos).abs() < 1e-4 * pos.abs().max(1.0), "body {i} pos[{c}]: {} vs {pos}", out[i].pos[c]);
            }
            assert_eq!(out[i].mass, me.mass, "mass of body {i} is carried over");
        }
    });
}

// The example programs, as modules: their `main`s and argument parsing are unused here.
#[allow(dead_code)]
#[path = "../examples/saxpy.rs"]
mod saxpy_example;
#[allow(dead_code)]
#[path = "../examples/reduction.rs"]
mod reduction_example;
#[allow(dead_code)]
#[path = "../examples/matmul.rs"]
mod matmul_example;
#[allow(dead_code)]
#[path = "../examples/nbody.rs"]
mod nbody_example;
#[allow(dead_code)]
#[path = "../examples/triangle.rs"]
mod triangle_example;
#[allow(dead_code)]
#[path = "../examples/blur.rs"]
mod blur_example;

/// A fresh directory for the files an example writes.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("shader-examples-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create a scratch directory");
    dir
}

#[test]
fn compute_example_programs_pass_their_cpu_checks() {
    common::on_devices(|gpu| {
        assert_eq!(saxpy_example::run(gpu, 10_000).expect("saxpy"), true, "saxpy");
        assert_eq!(reduction_example::run(gpu, 5_000).expect("reduction"), true, "reduction");
        assert_eq!(matmul_example::run(gpu, 33, 17, 40).expect("matmul"), true, "matmul");
        assert_eq!(nbody_example::run(gpu, 96, 3).expect("nbody"), true, "nbody");
    });
}

/// `triangle` writes a PNG; every pixel whose centre is clearly inside the triangle must be the
/// barycentric mix of the corner colours, every pixel clearly outside the clear colour. The
/// example picks its device like `Gpu::new` (the CPU device in the run without a driver).
#[test]
fn triangle_example_png_matches_cpu_rasterization() {
    let dir = scratch("triangle");
    let output = dir.join("triangle.png");
    assert!(triangle_example::run(output.to_str().expect("utf-8 path")).expect("triangle"));
    let (width, height, pixels) = blur_example::read_png(output.to_str().expect("utf-8 path")).expect("read the PNG");
    assert_eq!((width, height), (512, 512));
    let corners = [[0.0f32, 0.8], [-0.8, -0.8], [0.8, -0.8]];
    let colors = [[1.0f32, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let edge = |a: [f32; 2], b: [f32; 2], p: [f32; 2]| (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    let area = edge(corners[0], corners[1], corners[2]);
    let (mut inside, mut outside) = (0, 0);
    for y in 0..height {
        for x in 0..width {
            // Pixel centre in normalized device coordinates (y up).
            let p = [(x as f32 + 0.5) / width as f32 * 2.0 - 1.0, 1.0 - (y as f32 + 0.5) / height as f32 * 2.0];
            let l = [edge(corners[1], corners[2], p) / area, edge(corners[2], corners[0], p) / area, edge(corners[0], corners[1], p) / area];
            let got = &pixels[((y * width + x) * 4) as usize..][..4];
            if l.iter().all(|&v| v > 0.01) {
                for c in 0..3 {
                    let expected = (l[0] * colors[0][c] + l[1] * colors[1][c] + l[2] * colors[2][c]) * 255.0;
                    assert!((f32::from(got[c]) - expected).abs() <= 3.0, "pixel ({x}, {y}) channel {c}: {} vs {expected}", got[c]);
                }
                inside += 1;
            } else if l.iter().any(|&v| v < -0.01) {
                assert_eq!(got, [26, 26, 31, 255], "pixel ({x}, {y}) is outside the triangle");
                outside += 1;
            }
        }
    }
    // The triangle covers 0.64 of the 4-unit NDC square (area 1.28 of 4).
    let covered = f64::from(inside) / f64::from(width * height);
    assert!((covered - 0.32).abs() < 0.02 && outside > 0, "inside {inside}, outside {outside}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `blur` reads a PNG and writes one; the output file must be the CPU box blur of the input.
#[test]
fn blur_example_png_matches_cpu_blur() {
    let dir = scratch("blur");
    let (input, output) = (dir.join("in.png"), dir.join("out.png"));
    let (input, output) = (input.to_str().expect("utf-8 path"), output.to_str().expect("utf-8 path"));
    let image = blur_example::pattern(96, 64);
    blur_example::write_png(input, &image).expect("write the input PNG");
    let passes = 2;
    assert!(blur_example::run(Some(input), output, passes).expect("blur"));
    let (width, height, pixels) = blur_example::read_png(output).expect("read the output PNG");
    assert_eq!((width, height), (96, 64));
    let mut expected = image.2;
    for _ in 0..passes {
        expected = blur_example::blur_cpu(&expected, width, height);
    }
    let worst = pixels.iter().zip(&expected).map(|(g, c)| g.abs_diff(*c)).max().unwrap_or(0);
    assert!(u32::from(worst) <= passes, "max channel difference {worst}");
    let _ = std::fs::remove_dir_all(&dir);
}
