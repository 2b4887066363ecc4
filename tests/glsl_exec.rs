//! Differential execution: GLSL compute shaders compiled by our compiler and by
//! `glslangValidator -V`, run through wgpu (lavapipe) with the same inputs; the outputs must
//! agree.
//!
//! Our module runs on both of wgpu's paths, one test each so that a failure names its path
//! (issue 17, "proven by execution"): `ours_default_path` (wgpu's naga reads our SPIR-V and
//! writes it again for the driver) and `ours_passthrough` (the driver gets our words as
//! emitted). Both are compared with the same truth: glslang's module run as emitted
//! (passthrough). Without passthrough (never on CI) glslang's module runs on the default path
//! instead, and where naga cannot read it (OpIAddCarry, OpISubBorrow, OpUMulExtended) the case's
//! CPU reference is the truth.
//!
//! Every case reads `inp.a[i]` (64 values) and writes `outp.r[i]`, one invocation per element.
//! Integer results must be bit-exact. Float results are compared as `|ours - glslang| <= ulps`
//! units in the last place, written next to each case: 0 where GLSL requires exact results
//! (+, -, *, conversions, floor/ceil/trunc/fract/abs/min/max/clamp/mix of exact values), a few
//! ULP for transcendental functions (both compilers emit the same GLSL.std.450 instruction, so
//! the driver usually gives identical bits; the bound only allows for different instruction
//! sequences around it). Skipped (loudly) without glslangValidator or a GPU.

mod common;

use common::glsl_exec_cases::{cpu_reference, input, source, ulps, Case, Ty, CASES};
use common::{BufferBinding as B, ShaderInput};

#[test]
fn ours_default_path() {
    run_table(Path::Default);
}

#[test]
fn ours_passthrough() {
    run_table(Path::Passthrough);
}

/// The way wgpu takes our module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Path {
    /// naga reads the SPIR-V and writes it again for the driver.
    Default,
    /// The driver gets the SPIR-V as emitted.
    Passthrough,
}

fn run_table(path: Path) {
    assert!(CASES.len() >= 30, "the issue asks for at least 30 differential programs");
    if common::skip_without_glslang() {
        return;
    }
    if common::gpu().is_none() {
        return;
    }
    if !common::has_passthrough() {
        assert!(!common::ci(), "the device lacks Features::PASSTHROUGH_SHADERS but CI=true");
        if path == Path::Passthrough {
            eprintln!("*** SKIPPED [{path:?}]: no device with passthrough ***");
            return;
        }
        eprintln!("*** [{path:?}]: no device with passthrough: glslang's module runs on the default path ***");
    }
    let failures: Vec<String> = CASES.iter().filter_map(|case| run_case(case, path).err().map(|e| format!("[{path:?}] {}: {e}", case.0))).collect();
    eprintln!("glsl_exec [{path:?}]: {} cases, {} failed", CASES.len(), failures.len());
    assert!(failures.is_empty(), "{} of {} cases failed:\n\n{}", failures.len(), CASES.len(), failures.join("\n\n"));
}

/// One case: our module on `path` against the truth (see the file's comment).
fn run_case(case: &Case, path: Path) -> Result<(), String> {
    let (name, tin, tout, _, _, max_ulps) = *case;
    let src = source(case);
    let ours = common::compile_glsl_compute(name, &src)?;
    let theirs = common::compile_glslang(&src, "comp").map_err(|e| format!("glslang rejects it (test bug):\n{e}"))?;
    let bindings = [B::storage(0, input(tin)), B::storage(1, vec![0u8; 256])];
    let run = |words: &[u32], path: Path| {
        let out = match path {
            Path::Default => common::run_compute(ShaderInput::SpirV(words), "main", &bindings, [1, 1, 1]),
            Path::Passthrough => common::run_compute_passthrough(words, "main", &bindings, [1, 1, 1]),
        };
        out.map(|mut buffers| buffers.swap_remove(1))
    };
    let got = run(&ours, path).map_err(|e| format!("running ours failed: {e}"))?;
    let (truth, whose) = if common::has_passthrough() {
        (run(&theirs, Path::Passthrough).map_err(|e| format!("running glslang's module as emitted failed: {e}"))?, "glslang")
    } else {
        match (run(&theirs, Path::Default), cpu_reference(name)) {
            (Ok(out), _) => (out, "glslang"),
            (Err(_), Some(f)) => ((0..64).flat_map(|i| f(i).to_le_bytes()).collect(), "CPU"),
            (Err(e), None) => return Err(format!("running glslang's module failed: {e}")),
        }
    };
    let (a, b) = (common::u32s(&got), common::u32s(&truth));
    let same = |x: u32, y: u32| match tout {
        Ty::F32 => ulps(f32::from_bits(x), f32::from_bits(y)) <= max_ulps,
        _ => x == y,
    };
    match a.iter().zip(&b).position(|(x, y)| !same(*x, *y)) {
        Some(k) => Err(format!("element {k} differs: ours {:#x}, {whose} {:#x}", a[k], b[k])),
        None if a.len() != b.len() => Err(format!("{} elements, {whose} {}", a.len(), b.len())),
        None => Ok(()),
    }
}
