//! Shader libraries between crates: `examples/shader-library/noise` (crate `noise-shaders`)
//! publishes its `shaders/` folder as the package `noise` (its build.rs:
//! `shader_build::publish`), this crate forwards it to `shader!` (build.rs:
//! `shader_build::forward()`), and the shaders below import it by name, in WESL
//! (`import noise::value::cell;`, `noise::value::noise2(..)`) and GLSL (`#include
//! <noise/value.glsl>`). Without the mechanism neither compiles. The results are checked
//! against the library's Rust functions on the wgpu device (lavapipe in CI) and the CPU device,
//! and the SPIR-V the macro embeds is checked by spirv-val and naga.
#![deny(warnings)]

mod common;

use shader_runtime::{shader, Buffer, Gpu};

shader! {
    mod wesl_noise;
    path: "tests/shaders/shader_library/noise.wesl",
}

shader! {
    mod glsl_noise;
    path: "tests/shaders/shader_library/noise.comp",
}

const COUNT: u32 = 64;

fn expected() -> (Vec<f32>, Vec<f32>) {
    let cells = (0..COUNT).map(|x| noise_shaders::cell(x, x * 7 + 3)).collect();
    let values = (0..COUNT).map(|x| noise_shaders::noise2(x as f32 * 0.37, 1.5)).collect();
    (cells, values)
}

fn check((cells, values): (Vec<f32>, Vec<f32>)) {
    let (want_cells, want_values) = expected();
    // Cells are exact (24-bit integers over 2^24); the blend is float arithmetic.
    assert_eq!(cells, want_cells);
    for (i, (got, want)) in values.iter().zip(&want_values).enumerate() {
        assert!((got - want).abs() <= 1e-5, "noise2 at {i}: {got}, expected {want}");
    }
}

/// Runs `dispatch` over fresh `cells` and `values` buffers on each device and checks them.
fn check_on_devices(dispatch: impl Fn(&Gpu, &Buffer<[f32]>, &Buffer<[f32]>)) {
    common::on_devices(|gpu| {
        let cells = gpu.storage_buffer(&[0f32; COUNT as usize][..]);
        let values = gpu.storage_buffer(&[0f32; COUNT as usize][..]);
        dispatch(gpu, &cells, &values);
        check((cells.read_blocking(gpu).expect("readback"), values.read_blocking(gpu).expect("readback")));
    });
}

#[test]
fn wesl_imports_a_library_by_package_name() {
    check_on_devices(|gpu, cells, values| {
        let pipeline = wesl_noise::Pipeline::new(gpu).expect("pipeline");
        pipeline.dispatch(gpu, wesl_noise::Bindings { cells, values }, [COUNT / 8, 1, 1]).expect("dispatch");
    });
}

#[test]
fn glsl_includes_a_library_by_package_name() {
    check_on_devices(|gpu, cells, values| {
        let pipeline = glsl_noise::Pipeline::new(gpu).expect("pipeline");
        pipeline.dispatch(gpu, glsl_noise::Bindings { cells, values }, [COUNT / 8, 1, 1]).expect("dispatch");
    });
}

#[test]
fn the_embedded_spirv_is_valid() {
    common::validate_spirv(wesl_noise::SPIRV).expect("WESL module");
    common::validate_spirv(glsl_noise::SPIRV).expect("GLSL module");
}

/// The package map reached `shader!` through the build script, and the names the library's
/// declarations get are readable.
#[test]
fn the_build_script_forwards_the_package() {
    let packages = shader_build::decode(env!("SHADER_PACKAGES"));
    let dir = common::workspace_root().join("examples/shader-library/noise/shaders");
    assert_eq!(packages, vec![(noise_shaders::PACKAGE.to_string(), dir)]);
}
