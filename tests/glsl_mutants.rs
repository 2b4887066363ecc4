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
//!
//! Differential: the first [`COMPARED_PER_CORPUS_FILE`] / [`COMPARED_PER_OWN_FILE`] mutants of
//! each program both compilers accept are also compiled by `glslangValidator -V` (batched,
//! `common::differential::glslang_verdicts`), and where the verdicts differ the disagreement
//! must be an intended difference (`common::differential::INTENDED`, with rule and spec
//! section); any other is a bug. `SHADER_MUTANTS=N` runs N times as many mutants and compares
//! them all (README, development).

mod common;

use common::differential::{glslang_verdicts, our_first_error, scale, GlslJob, Lang, Tally};
use common::mutate::{mutate, Rng};
use common::Outcome;
use shader_core::ir::Stage;
use std::path::PathBuf;
use std::time::Duration;

/// Mutants per corpus file and per own test program (the corpus is large; our programs are
/// where the newest features are).
const PER_CORPUS_FILE: usize = 10;
const PER_OWN_FILE: usize = 40;
/// Of those, how many are compared with glslang in a default run (a glslang process costs
/// ~50 ms; `SHADER_MUTANTS` compares them all).
const COMPARED_PER_CORPUS_FILE: usize = 1;
const COMPARED_PER_OWN_FILE: usize = 4;

fn stage_of(name: &str) -> Option<Stage> {
    shader_core::glsl::stage_from_path(name)
}

#[test]
fn mutated_glsl_never_panics_and_accepted_output_validates() {
    // (path, stage, mutants, how many of them to compare with glslang)
    let mut files: Vec<(PathBuf, Stage, usize, usize)> = Vec::new();
    let (scale, long) = (scale(), scale() > 1);
    if let Some((corpus, manifest)) = common::corpus_manifest() {
        for line in manifest.lines().skip(1) {
            let cells: Vec<&str> = line.split('\t').collect();
            if cells.len() >= 4 && cells[1] == "glsl" && cells[3] == "1" {
                if let Some(stage) = stage_of(cells[0]) {
                    let compared = if long { usize::MAX } else { COMPARED_PER_CORPUS_FILE };
                    files.push((corpus.join(cells[0]), stage, PER_CORPUS_FILE * scale, compared));
                }
            }
        }
    }
    let own_dir = common::workspace_root().join("tests/glsl/ok");
    let mut own: Vec<PathBuf> = std::fs::read_dir(&own_dir).expect("tests/glsl/ok").filter_map(|e| e.ok().map(|e| e.path())).collect();
    own.sort();
    for path in own {
        if let Some(stage) = stage_of(&path.to_string_lossy()) {
            // Programs whose glslang verdict the suite does not compare are not compared here.
            let source = std::fs::read_to_string(&path).unwrap_or_default();
            let directives = common::glsl_directives(&source);
            let comparable = !directives.glslang_disagrees && directives.glslang_args.is_empty();
            let compared = if !comparable { 0 } else if long { usize::MAX } else { COMPARED_PER_OWN_FILE };
            files.push((path, stage, PER_OWN_FILE * scale, compared));
        }
    }
    let include = common::workspace_root().join("tests/glsl/include");
    let mut rng = Rng(common::differential::seed(0x5eed_0f_61_51));
    let (mut accepted, mut total) = (0, 0);
    let mut failures = Vec::new();
    // Mutants to compare with glslang: (name, mutant, our verdict), and glslang's jobs.
    let mut compared: Vec<(String, String, Result<(), String>)> = Vec::new();
    let mut jobs: Vec<GlslJob> = Vec::new();
    let mut we_reject_original = 0;
    for (path, stage, count, compare) in &files {
        let Ok(source) = std::fs::read_to_string(path) else { continue };
        if source.contains("GL_EXT_spirv_intrinsics") {
            continue;
        }
        let extension = path.extension().unwrap_or_default().to_string_lossy().to_string();
        // Only mutants of programs both compilers accept are compared.
        let mut compare = *compare;
        if compare > 0 && compile_glsl(path.to_string_lossy().to_string(), source.clone(), *stage, include.clone()).is_err() {
            we_reject_original += 1;
            compare = 0;
        }
        for k in 0..*count {
            let mutant = mutate(&source, &mut rng);
            total += 1;
            let name = format!("{}#{k}", path.file_name().unwrap_or_default().to_string_lossy());
            let (file, text, stage, include) = (name.clone(), mutant.clone(), *stage, include.clone());
            let outcome = common::guarded(Duration::from_secs(20), move || compile_glsl(file, text, stage, include));
            if k < compare {
                if let Outcome::Done(result) = &outcome {
                    compared.push((name.clone(), mutant.clone(), result.as_ref().map(drop).map_err(our_first_error)));
                    jobs.push(GlslJob { stage: extension.clone(), source: mutant.clone() });
                }
            }
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

    let started = std::time::Instant::now();
    let Some(theirs) = glslang_verdicts(&jobs, &include) else { return };
    eprintln!("glslang judged {} mutants in {:?}", jobs.len(), started.elapsed());
    let mut tally = Tally { mutants: total, ..Tally::default() };
    for ((name, mutant, ours), theirs) in compared.iter().zip(&theirs) {
        tally.record(name, mutant, ours, theirs);
    }
    let (report, unexplained) = tally.report(Lang::Glsl, "glslang");
    let report = format!("{report}\n{we_reject_original} programs glslang accepts but we reject were mutated for robustness only.\n");
    common::write_corpus_report("MUTANTS_GLSL_REPORT", "mutants-glsl.md", &report);
    eprintln!("{report}");
    assert!(
        unexplained.is_empty(),
        "{} classes of disagreement with glslang are not intended differences (fix the front end or, for a \
         reference gap, add an entry to common::differential::INTENDED):\n\n{}",
        unexplained.len(),
        unexplained.join("\n\n")
    );
}

/// Our compiler on a GLSL program, Vulkan target (glslang's `-V`), with the suite's includes.
fn compile_glsl(
    file: String,
    text: String,
    stage: Stage,
    include: PathBuf,
) -> Result<shader_core::Compiled, shader_core::CompileError> {
    let options = shader_core::CompileOptions {
        language: shader_core::Language::Glsl,
        stage: Some(stage),
        target: shader_core::Target::Vulkan,
        include_dirs: vec![include],
        ..Default::default()
    };
    shader_core::compile(&file, &text, &options)
}
