//! Data-driven GLSL suite: every `tests/glsl/ok/*.{comp,vert,frag}` must compile with our
//! compiler to SPIR-V that passes spirv-val (vulkan1.1, or the version the module declares) and
//! naga, for both targets (wgpu: combined samplers split; vulkan: kept); every
//! `tests/glsl/err/*.{comp,vert,frag}` must be rejected with exactly the diagnostics in
//! `tests/glsl/err/NAME.stderr`. glslang must agree: it accepts every ok file and rejects every
//! err file, so a typo cannot turn one kind of test into the other.
//!
//! `UPDATE_EXPECT=1 cargo test --test glsl_suite` rewrites the `.stderr` files; review the diff.

mod common;

use common::Outcome;
use std::path::{Path, PathBuf};
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(20);

#[test]
fn glsl_suite() {
    let root = common::workspace_root().join("tests/glsl");
    let update = std::env::var("UPDATE_EXPECT").is_ok_and(|v| v == "1");
    let mut failures = Vec::new();
    let ok = glsl_files(&root.join("ok"));
    let err = glsl_files(&root.join("err"));
    assert!(!ok.is_empty(), "no test programs under {}", root.display());
    for path in &ok {
        for target in [shader_core::Target::Wgpu, shader_core::Target::Vulkan] {
            if let Err(why) = check_ok(path, target) {
                failures.push(format!("ok/{} ({target:?}): {why}", file_name(path)));
            }
        }
    }
    for path in &err {
        if let Err(why) = check_err(path, update) {
            failures.push(format!("err/{}: {why}", file_name(path)));
        }
    }
    eprintln!("glsl suite: {} ok files, {} err files, {} failures", ok.len(), err.len(), failures.len());
    assert!(failures.is_empty(), "{} failures:\n\n{}", failures.len(), failures.join("\n\n"));
}

/// glslang must accept every ok file and reject every err file (skipped without glslang).
#[test]
fn suite_programs_agree_with_glslang() {
    if !common::glslang_available() {
        eprintln!("*** SKIPPED: glslangValidator not found ***");
        return;
    }
    let root = common::workspace_root().join("tests/glsl");
    let mut failures = Vec::new();
    for (folder, should_compile) in [("ok", true), ("err", false)] {
        for path in glsl_files(&root.join(folder)) {
            let source = std::fs::read_to_string(&path).unwrap_or_default();
            if source.contains("// glslang-disagrees:") {
                continue;
            }
            let stage = path.extension().and_then(|e| e.to_str()).unwrap_or("comp");
            match (should_compile, common::compile_glslang(&source, stage)) {
                (true, Err(e)) => failures.push(format!("{folder}/{}: glslang rejects it:\n{e}", file_name(&path))),
                (false, Ok(_)) => failures.push(format!("{folder}/{}: glslang accepts it", file_name(&path))),
                _ => {}
            }
        }
    }
    assert!(failures.is_empty(), "test programs glslang disagrees with:\n\n{}", failures.join("\n\n"));
}

fn check_ok(path: &Path, target: shader_core::Target) -> Result<(), String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let name = file_name(path);
    let outcome = common::guarded(TIMEOUT, move || {
        let options = shader_core::CompileOptions { language: shader_core::Language::Glsl, target, ..Default::default() };
        shader_core::compile(&name, &source, &options)
    });
    match outcome {
        Outcome::Done(Ok(compiled)) => common::validate_spirv_glsl(&compiled.spirv, target == shader_core::Target::Wgpu),
        Outcome::Done(Err(e)) => Err(format!("expected to compile, got:\n{}", e.render())),
        Outcome::Panicked(message) => Err(format!("compiler panicked: {message}")),
        Outcome::TimedOut => Err(format!("compiler did not finish within {TIMEOUT:?}")),
    }
}

fn check_err(path: &Path, update: bool) -> Result<(), String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let name = file_name(path);
    let outcome = common::guarded(TIMEOUT, move || {
        let options = shader_core::CompileOptions { language: shader_core::Language::Glsl, ..Default::default() };
        shader_core::compile(&name, &source, &options)
    });
    let actual = match outcome {
        Outcome::Done(Ok(_)) => return Err("expected an error, but it compiled".to_string()),
        Outcome::Done(Err(e)) => e.render(),
        Outcome::Panicked(message) => return Err(format!("compiler panicked: {message}")),
        Outcome::TimedOut => return Err(format!("compiler did not finish within {TIMEOUT:?}")),
    };
    let expect_path = path.with_extension(format!("{}.stderr", path.extension().and_then(|e| e.to_str()).unwrap_or("")));
    if update {
        return std::fs::write(&expect_path, &actual).map_err(|e| format!("cannot write {}: {e}", expect_path.display()));
    }
    let expected = std::fs::read_to_string(&expect_path)
        .map_err(|_| format!("{} is missing; run with UPDATE_EXPECT=1 to create it. Got:\n{actual}", file_name(&expect_path)))?;
    if expected == actual {
        Ok(())
    } else {
        Err(format!("diagnostics differ from {}\n--- expected\n{expected}\n--- actual\n{actual}", file_name(&expect_path)))
    }
}

fn glsl_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "comp" || e == "vert" || e == "frag"));
    files.sort();
    files
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}
