//! Shared test helpers: external SPIR-V validation (`spirv-val`) and naga's SPIR-V front end +
//! validator. (Modules written by hand are IR text: `shader-core/test_data/ir`, `tests/ir_suite.rs`.)
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// The spirv-val target environment for a SPIR-V version (Vulkan 1.1 covers up to 1.3).
pub fn target_env(version: (u8, u8)) -> &'static str {
    match version.1 {
        0..=3 => "vulkan1.1",
        4 => "vulkan1.1spv1.4",
        5 => "vulkan1.2",
        _ => "vulkan1.3",
    }
}

/// Runs `spirv-val` on the words. Without the binary: fails under `CI=true`, otherwise prints
/// a loud skip notice and returns.
pub fn spirv_val(words: &[u32], version: (u8, u8)) {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let child = Command::new("spirv-val")
        .args(["--target-env", target_env(version), "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) => {
            if std::env::var("CI").is_ok_and(|v| v == "true") {
                panic!("spirv-val is required in CI but could not run: {e}");
            }
            eprintln!("!!!!!!!! SKIPPED spirv-val check: the binary is missing ({e}) !!!!!!!!");
            return;
        }
    };
    child.stdin.take().unwrap().write_all(&bytes).unwrap();
    let out = child.wait_with_output().unwrap();
    if !out.status.success() {
        panic!(
            "spirv-val failed:\n{}{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
            disassemble(words)
        );
    }
}

/// naga's SPIR-V front end and validator: what wgpu does with our words.
pub fn naga_check(words: &[u32]) -> Result<naga::Module, String> {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let options = naga::front::spv::Options { adjust_coordinate_space: false, ..Default::default() };
    let module = naga::front::spv::parse_u8_slice(&bytes, &options).map_err(|e| format!("naga spv-in: {e:?}"))?;
    naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .map_err(|e| format!("naga validation: {:?}", e.into_inner()))?;
    Ok(module)
}

/// Both checks; panics with the disassembly on failure.
pub fn check(words: &[u32], version: (u8, u8)) {
    spirv_val(words, version);
    if let Err(e) = naga_check(words) {
        panic!("{e}\n{}", disassemble(words));
    }
}

pub fn load(words: &[u32]) -> rspirv::dr::Module {
    shader_cpu::load_module(words).expect("rspirv can load our output")
}

pub fn disassemble(words: &[u32]) -> String {
    use rspirv::binary::Disassemble;
    match shader_cpu::load_module(words) {
        Ok(module) => module.disassemble(),
        Err(e) => format!("(cannot disassemble: {e:?})"),
    }
}
