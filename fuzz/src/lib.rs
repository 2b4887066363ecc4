//! What every fuzz target checks (issue 14, "no input crashes or hangs the compiler"): the
//! compiler returns for any input (a panic, an abort, a stack overflow or a time-out is a
//! finding), a rejected input has at least one located diagnostic, and an accepted input's
//! SPIR-V passes `spirv-val` (our IR validator has already run inside `compile`). spirv-val runs
//! as a process (there is no in-process SPIR-V validator without building SPIRV-Tools from C++
//! source); `FUZZ_SPIRV_VAL=0` leaves it out for speed, keeping the in-process checks.

use shader_core::{compile, ir::Stage, CompileOptions, Language, Target};
use std::io::Write;
use std::process::{Command, Stdio};

/// Compiles `source` as `language` (the GLSL stage from `stage`, through the preprocessor as
/// every GLSL compile does) for both targets and checks the result as described above.
pub fn check(language: Language, stage: Option<Stage>, source: &str) {
    let name = match (language, stage) {
        (Language::Wgsl, _) => "fuzz.wgsl",
        (Language::Agsl, _) => "fuzz.agsl",
        (Language::Glsl, Some(Stage::Vertex)) => "fuzz.vert",
        (Language::Glsl, Some(Stage::Compute)) => "fuzz.comp",
        (Language::Glsl, _) => "fuzz.frag",
    };
    for target in [Target::Wgpu, Target::Vulkan] {
        let options = CompileOptions { language, stage, target, ..Default::default() };
        match compile(name, source, &options) {
            Ok(compiled) => validate(&compiled.spirv, source),
            Err(e) => {
                assert!(!e.diagnostics.is_empty(), "rejected without a diagnostic");
                // Rendering walks the source map: the caret window must not panic either.
                let _ = e.render();
                // Only the Wgpu target's verdict is needed to know the input is invalid.
                return;
            }
        }
    }
}

/// The GLSL stage a fuzz input is compiled as: compute when it declares a local size, vertex
/// when it writes `gl_Position`, fragment otherwise (the inputs have no file name).
pub fn glsl_stage(source: &str) -> Stage {
    if source.contains("local_size_") {
        Stage::Compute
    } else if source.contains("gl_Position") {
        Stage::Vertex
    } else {
        Stage::Fragment
    }
}

fn validate(words: &[u32], source: &str) {
    // GL_EXT_spirv_intrinsics writes the SPIR-V the source asks for, valid or not (as the
    // mutation tests, `tests/glsl_mutants.rs`, leave it out).
    if std::env::var("FUZZ_SPIRV_VAL").is_ok_and(|v| v == "0") || source.contains("GL_EXT_spirv_intrinsics") {
        return;
    }
    let env = if !has_entry_point(words) {
        "spv1.5"
    } else {
        match words.get(1).map(|v| (v >> 8) & 0xFF) {
            Some(4 | 5) => "vulkan1.2",
            Some(6) => "vulkan1.3",
            _ => "vulkan1.1",
        }
    };
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    // The flags of the tests' spirv-val (`tests/common/mod.rs`, `spirv_val_with`): WGSL's one
    // layout for every address space needs uniformBufferStandardLayout (wgpu requires it of
    // Vulkan devices), and GL_EXT_scalar_block_layout needs scalarBlockLayout.
    let mut args = vec!["--target-env", env, "--uniform-buffer-standard-layout"];
    if source.contains("GL_EXT_scalar_block_layout") {
        args.push("--scalar-block-layout");
    }
    args.push("-");
    let mut child = Command::new("spirv-val")
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spirv-val must be installed (or set FUZZ_SPIRV_VAL=0)");
    child.stdin.take().expect("piped").write_all(&bytes).expect("write to spirv-val");
    let out = child.wait_with_output().expect("spirv-val runs");
    assert!(
        out.status.success(),
        "accepted input gives invalid SPIR-V:\n{}{}\n--- source ---\n{source}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn has_entry_point(words: &[u32]) -> bool {
    const OP_ENTRY_POINT: u32 = 15;
    let mut at = 5;
    while let Some(&word) = words.get(at) {
        if word & 0xFFFF == OP_ENTRY_POINT {
            return true;
        }
        match (word >> 16) as usize {
            0 => return false,
            n => at += n,
        }
    }
    false
}
