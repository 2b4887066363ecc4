//! `Gpu::new` and `SHADER_DEVICE`: `cpu` forces the CPU device, `gpu` a wgpu adapter, and
//! without it no adapter means the CPU device. The environment is process-wide, so this file
//! holds one `#[test]`.
#![deny(warnings)]

mod common;

use shader_runtime::{shader, Gpu, GpuError};

shader! {
    mod saxpy;
    path: "examples/shaders/saxpy.wgsl",
}

fn saxpy_on(gpu: &Gpu) -> Vec<f32> {
    let x: Vec<f32> = (0..100).map(|i| i as f32).collect();
    let params = gpu.uniform_buffer(&saxpy::Params::new(2.0, 100));
    let (xb, yb) = (gpu.storage_buffer(&x[..]), gpu.storage_buffer(&vec![1.0f32; 100][..]));
    let pipeline = saxpy::Pipeline::new(gpu).expect("pipeline");
    pipeline.dispatch(gpu, saxpy::Bindings { params: &params, x: &xb, y: &yb }, [2, 1, 1]).expect("dispatch");
    yb.read_blocking(gpu).expect("read")
}

/// `SHADER_DEVICE` picks the device `Gpu::new` returns; without it, no adapter means the CPU
/// device. One test: it changes the process environment.
#[test]
fn shader_device_chooses_and_no_adapter_falls_back_to_the_cpu() {
    let expected: Vec<f32> = (0..100).map(|i| 2.0 * i as f32 + 1.0).collect();
    // What a wgpu device does here, before the environment changes (`common::gpu` reads it once).
    let wgpu = common::gpu();

    std::env::set_var("SHADER_DEVICE", "cpu");
    let gpu = Gpu::new_blocking().expect("SHADER_DEVICE=cpu always works");
    assert!(gpu.is_cpu() && gpu.wgpu().is_none(), "{}", gpu.adapter_name());
    assert!(gpu.adapter_name().starts_with("shader-cpu ("), "{}", gpu.adapter_name());
    assert_eq!(saxpy_on(&gpu), expected);

    std::env::set_var("SHADER_DEVICE", "tpu");
    let err = Gpu::new_blocking().expect_err("an unknown device name");
    assert!(err.to_string().contains("SHADER_DEVICE") && err.to_string().contains("`tpu`"), "{err}");

    // No adapter (a name none has): `gpu` refuses, the default falls back to the CPU device.
    std::env::set_var("WGPU_ADAPTER_NAME", "no-such-adapter-anywhere");
    std::env::set_var("SHADER_DEVICE", "gpu");
    let err = Gpu::new_blocking().expect_err("SHADER_DEVICE=gpu without an adapter");
    assert!(matches!(err, GpuError::NoAdapter(_)), "{err}");
    std::env::remove_var("SHADER_DEVICE");
    let gpu = Gpu::new_blocking().expect("the fallback");
    assert!(gpu.is_cpu(), "{}", gpu.adapter_name());
    assert_eq!(saxpy_on(&gpu), expected);
    std::env::remove_var("WGPU_ADAPTER_NAME");

    // With an adapter, the default and `gpu` take it.
    if let Some(wgpu) = wgpu {
        for choice in [None, Some("gpu")] {
            match choice {
                Some(c) => std::env::set_var("SHADER_DEVICE", c),
                None => std::env::remove_var("SHADER_DEVICE"),
            }
            let gpu = Gpu::new_blocking().expect("an adapter");
            assert!(!gpu.is_cpu() && gpu.adapter_name() == wgpu.adapter_name(), "{choice:?}: {}", gpu.adapter_name());
            assert_eq!(saxpy_on(&gpu), expected);
        }
        std::env::remove_var("SHADER_DEVICE");
    }
}
