//! A compute shader split over four WESL modules (`tests/wesl/exec`: an item import, a nested
//! `{ }` list, a whole-module import used as `ops::mix`, `super::`, a struct from another
//! module, `@if`) runs on the device (lavapipe in CI) with its feature on and off; every output
//! is compared with the same functions computed here on the CPU.

mod common;

use common::BufferBinding;

/// `lib/hash.wesl`.
fn pcg(v: u32) -> u32 {
    let state = v.wrapping_mul(747796405).wrapping_add(2891336453);
    let word = ((state >> ((state >> 28) + 4)) ^ state).wrapping_mul(277803737);
    (word >> 22) ^ word
}

/// `lib/ops.wesl`.
fn mix(a: u32, b: u32, scale: bool) -> u32 {
    if scale {
        pcg(a ^ b).wrapping_mul(3)
    } else {
        pcg(a ^ b).wrapping_add(b)
    }
}

fn run(scale: bool) {
    let dir = "tests/wesl/exec";
    let path = format!("{dir}/main.wesl");
    let source = std::fs::read_to_string(common::workspace_root().join(&path)).expect("read main.wesl");
    let options = shader_core::CompileOptions {
        module_root: Some(common::workspace_root().join(dir)),
        features: vec![("SCALE".to_string(), scale)],
        ..Default::default()
    };
    let compiled = shader_core::compile(&path, &source, &options).unwrap_or_else(|e| panic!("{}", e.render()));
    common::validate_spirv(&compiled.spirv).expect("valid SPIR-V");
    if common::gpu().is_none() {
        return;
    }
    let input: Vec<u32> = (0..200u32).map(|i| i.wrapping_mul(2654435761) ^ (i << 7)).collect();
    let bindings = [
        BufferBinding::storage_read(0, common::bytes_u32(&input)),
        BufferBinding::storage(1, vec![0; input.len() * 8]),
    ];
    let out = common::run_compute(common::ShaderInput::SpirV(&compiled.spirv), "main", &bindings, [4, 1, 1]).expect("dispatch");
    let got = common::u32s(&out[1]);
    for (i, &x) in input.iter().enumerate() {
        let expected = [pcg(x), mix(x, i as u32, scale)];
        assert_eq!(&got[2 * i..2 * i + 2], &expected, "element {i} (input {x}, SCALE = {scale})");
    }
}

#[test]
fn multi_module_compute_shader_with_feature_on() {
    run(true);
}

#[test]
fn multi_module_compute_shader_with_feature_off() {
    run(false);
}
