//! Robustness of the whole GLSL pipeline on broken input, as `wgsl_mutants` does for WGSL:
//! corpus files glslang accepts and every `tests/glsl/ok` program are mutated with a
//! fixed-seed generator. For every mutant the compiler must return (no panic, no hang) with a
//! diagnostic when it rejects, and when it accepts the mutant its SPIR-V must pass spirv-val:
//! accepting broken input and emitting invalid SPIR-V is a bug too.
//!
//! Programs using GL_EXT_spirv_intrinsics are left out: that extension writes the SPIR-V
//! numbers the source gives (opcodes, operands, decorations, execution modes) as given, as
//! glslang does, so a mutated number is invalid SPIR-V by the source's own request. (Checking
//! raw instructions against the SPIR-V grammar is a known gap.)

mod common;

use common::mutate::{mutate, Rng};
use common::Outcome;
use shader_core::ir::Stage;
use std::path::PathBuf;
use std::time::Duration;

/// Mutants per corpus file and per own test program (the corpus is large; our programs are
/// where the newest features are).
const PER_CORPUS_FILE: usize = 10;
const PER_OWN_FILE: usize = 40;

fn stage_of(name: &str) -> Option<Stage> {
    shader_core::glsl::stage_from_path(name)
}

#[test]
fn mutated_glsl_never_panics_and_accepted_output_validates() {
    let mut files: Vec<(PathBuf, Stage, usize)> = Vec::new();
    if let Some((corpus, manifest)) = common::corpus_manifest() {
        for line in manifest.lines().skip(1) {
            let cells: Vec<&str> = line.split('\t').collect();
            if cells.len() >= 4 && cells[1] == "glsl" && cells[3] == "1" {
                if let Some(stage) = stage_of(cells[0]) {
                    files.push((corpus.join(cells[0]), stage, PER_CORPUS_FILE));
                }
            }
        }
    }
    let own_dir = common::workspace_root().join("tests/glsl/ok");
    let mut own: Vec<PathBuf> = std::fs::read_dir(&own_dir).expect("tests/glsl/ok").filter_map(|e| e.ok().map(|e| e.path())).collect();
    own.sort();
    for path in own {
        if let Some(stage) = stage_of(&path.to_string_lossy()) {
            files.push((path, stage, PER_OWN_FILE));
        }
    }
    let include = common::workspace_root().join("tests/glsl/include");
    let mut rng = Rng(0x5eed_0f_61_51);
    let (mut accepted, mut total) = (0, 0);
    let mut failures = Vec::new();
    for (path, stage, count) in &files {
        let Ok(source) = std::fs::read_to_string(path) else { continue };
        if source.contains("GL_EXT_spirv_intrinsics") {
            continue;
        }
        for k in 0..*count {
            let mutant = mutate(&source, &mut rng);
            total += 1;
            let name = format!("{}#{k}", path.file_name().unwrap_or_default().to_string_lossy());
            let (file, text, stage, include) = (name.clone(), mutant.clone(), *stage, include.clone());
            let outcome = common::guarded(Duration::from_secs(20), move || {
                let options = shader_core::CompileOptions {
                    language: shader_core::Language::Glsl,
                    stage: Some(stage),
                    target: shader_core::Target::Vulkan,
                    include_dirs: vec![include],
                    ..Default::default()
                };
                shader_core::compile(&file, &text, &options)
            });
            match outcome {
                Outcome::Done(Ok(compiled)) => {
                    accepted += 1;
                    let extra: &[&str] = if mutant.contains("GL_EXT_scalar_block_layout") { &["--scalar-block-layout"] } else { &[] };
                    if let Err(e) = common::spirv_val_with(&compiled.spirv, common::vulkan_env_for(&compiled.spirv), extra) {
                        failures.push(format!("{name}: accepted, but the SPIR-V is invalid: {e}\n--- mutant ---\n{mutant}"));
                    }
                }
                Outcome::Done(Err(e)) => {
                    if e.diagnostics.is_empty() {
                        failures.push(format!("{name}: rejected without a diagnostic"));
                    }
                }
                Outcome::Panicked(m) => failures.push(format!("{name}: panicked: {m}\n--- mutant ---\n{mutant}")),
                Outcome::TimedOut => failures.push(format!("{name}: hung\n--- mutant ---\n{mutant}")),
            }
        }
    }
    eprintln!("{total} GLSL mutants, {accepted} accepted");
    assert!(total > 1000, "only {total} mutants: corpus or tests/glsl/ok missing");
    assert!(failures.is_empty(), "{} mutants broke the compiler:\n\n{}", failures.len(), failures.join("\n\n"));
}
