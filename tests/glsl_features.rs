//! GLSL extension and corner-case features, one small program each under
//! `tests/glsl/ok_features/` (first line: a `//` comment naming the feature). Every program must
//! compile for the Vulkan target to SPIR-V that spirv-val accepts in the environment its
//! version needs; glslang must accept it too (so the program is real GLSL); and where the
//! header says `naga: reads`, naga's SPIR-V front end + validator must accept our output as
//! well (naga lacks most of these extensions' capabilities, so this is opt-in per file).
//! A program may also list `// expect: <text>` lines: disassembly text our output must contain
//! (the instruction or decoration the feature is about), so a silent fallback cannot pass.

mod common;

use common::Outcome;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(20);

#[test]
fn glsl_features() {
    let dir = common::workspace_root().join("tests/glsl/ok_features");
    let files = common::expect::files(&dir, &["comp", "vert", "frag"]);
    assert!(!files.is_empty(), "no feature programs under {}", dir.display());
    let mut failures = Vec::new();
    for path in &files {
        if let Err(why) = check(path) {
            failures.push(format!("{}: {why}", path.file_name().unwrap_or_default().to_string_lossy()));
        }
    }
    eprintln!("glsl features: {} programs, {} failures", files.len(), failures.len());
    assert!(failures.is_empty(), "{} failures:\n\n{}", failures.len(), failures.join("\n\n"));
}

fn check(path: &Path) -> Result<(), String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    if !source.starts_with("//") {
        return Err("the first line must be a `//` comment naming the feature".into());
    }
    let stage = path.extension().and_then(|e| e.to_str()).unwrap_or("comp").to_string();
    if !common::skip_without_glslang() {
        common::compile_glslang(&source, &stage).map_err(|e| format!("glslang rejects it:\n{e}"))?;
    }
    let name = path.file_name().unwrap_or_default().to_string_lossy().to_string();
    let src = source.clone();
    let outcome = common::guarded(TIMEOUT, move || {
        let options = shader_core::CompileOptions {
            language: shader_core::Language::Glsl,
            target: shader_core::Target::Vulkan,
            ..Default::default()
        };
        shader_core::compile(&name, &src, &options)
    });
    let words = match outcome {
        Outcome::Done(Ok(compiled)) => compiled.spirv,
        Outcome::Done(Err(e)) => return Err(format!("expected to compile, got:\n{}", e.render())),
        Outcome::Panicked(message) => return Err(format!("compiler panicked: {message}")),
        Outcome::TimedOut => return Err(format!("compiler did not finish within {TIMEOUT:?}")),
    };
    let extra: &[&str] = if source.contains("GL_EXT_scalar_block_layout") { &["--scalar-block-layout"] } else { &[] };
    common::spirv_val_with(&words, common::vulkan_env_for(&words), extra)?;
    if source.lines().any(|l| l.trim() == "// naga: reads") {
        common::naga_check(&words)?;
    }
    let expected: Vec<&str> = source.lines().filter_map(|l| l.trim().strip_prefix("// expect:")).map(str::trim).collect();
    if !expected.is_empty() {
        let text = disassemble(&words)?;
        for e in expected {
            if !text.contains(e) {
                return Err(format!("disassembly lacks `{e}`:\n{text}"));
            }
        }
    }
    Ok(())
}

fn disassemble(words: &[u32]) -> Result<String, String> {
    static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("shader-e2e-features-{}-{n}.spv", std::process::id()));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).map_err(|e| e.to_string())?;
    let output = Command::new("spirv-dis").arg(&path).output();
    let _ = std::fs::remove_file(&path);
    let output = output.map_err(|e| format!("cannot run spirv-dis: {e}"))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

