//! What the CPU device refuses of what our compiler emits (issue 11: "cover everything this
//! compiler emits for compute and fragment stages").
//!
//! Every `ok` program of tests/wgsl, tests/glsl (`ok` and `ok_features`) and tests/agsl, and
//! every file of the shared corpus that both our compiler and the reference (glslang for GLSL,
//! naga for WGSL; the manifest's column) accept, is compiled for the wgpu target and for the
//! Vulkan target; every compute and fragment entry point of every distinct module is decoded
//! by the CPU device (`shader_cpu::Program::new`, default specialization constants; nothing
//! runs). The modules themselves are validated by the suites that own the programs
//! (wgsl_suite, glsl_suite, glsl_features, agsl_suite, corpus_wgsl, corpus_glsl).
//!
//! A refusal (`Error::Unsupported`) must be one of [`KNOWN`], with exactly the count listed
//! there: a new refusal, or a known one that grows or shrinks, fails the test, which prints the
//! measured table to paste. Any other decode error (`Invalid`, `Binding`) or a panic of the
//! decoder is a failure whatever the message. BENCHMARKS.md ("What the CPU device refuses")
//! keeps the counts with the history.

mod common;

use common::Outcome;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(20);

/// The refusals of the CPU device's decoder over the modules above: (message with every `%id`
/// written `%N`, why it is refused, how many entry points).
const KNOWN: &[(&str, &str, usize)] = &[
    ("built-in input CoreIDARM", "a vendor's hardware core id (GL_ARM_shader_core_builtins)", 1),
    ("built-in input WarpMaxIDARM", "a vendor's hardware warp id (GL_ARM_shader_core_builtins)", 1),
    ("built-in input WarpsPerSMNV", "a vendor's hardware warp count (GL_NV_shader_sm_builtins)", 1),
    ("extended instruction set SPV_AMD_shader_explicit_vertex_parameter", "AMD's explicit vertex parameters (interpolateAtVertexAMD)", 1),
    ("instruction GroupFAdd", "AMD's shader ballot group operations at workgroup scope (GL_AMD_shader_ballot)", 1),
    ("instruction GroupSMin", "AMD's shader ballot group operations at workgroup scope (GL_AMD_shader_ballot)", 1),
    ("memory of type None", "ray queries (GL_EXT_ray_query): no acceleration structures", 4),
];

/// One source program.
struct Program {
    /// `tests/glsl/ok/x.frag`, `corpus:glsl/glslang/y.comp`.
    label: String,
    language: shader_core::Language,
    stage: Option<shader_core::ir::Stage>,
    source: String,
}

#[test]
fn cpu_device_refusals() {
    let programs = programs();
    let (mut modules, mut entries, mut decoded) = (0usize, 0usize, 0usize);
    let mut refusals: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut failures = Vec::new();
    for program in &programs {
        let mut seen: Vec<Vec<u32>> = Vec::new();
        for target in [shader_core::Target::Wgpu, shader_core::Target::Vulkan] {
            let Some(words) = compile(program, target) else { continue };
            if seen.contains(&words) {
                continue;
            }
            modules += 1;
            for name in compute_and_fragment_entry_points(&words) {
                entries += 1;
                let what = format!("{} ({target:?}) `{name}`", program.label);
                let (w, n) = (words.clone(), name.clone());
                match common::guarded(TIMEOUT, move || shader_cpu::Program::new(&w, &n, &[]).map(|_| ())) {
                    Outcome::Done(Ok(())) => decoded += 1,
                    Outcome::Done(Err(shader_cpu::Error::Unsupported(message))) => {
                        refusals.entry(normalize(&message)).or_default().push(what)
                    }
                    Outcome::Done(Err(e)) => failures.push(format!("{what}: {e}")),
                    Outcome::Panicked(message) => failures.push(format!("{what}: the decoder panicked: {message}")),
                    Outcome::TimedOut => failures.push(format!("{what}: the decoder did not finish within {TIMEOUT:?}")),
                }
            }
            seen.push(words);
        }
    }
    let refused: usize = refusals.values().map(Vec::len).sum();
    eprintln!(
        "cpu_coverage: {} programs, {modules} distinct modules, {entries} compute/fragment entry points: {decoded} decoded, {refused} refused",
        programs.len()
    );
    let mut table = String::new();
    for (message, at) in &refusals {
        eprintln!("  {:4}  {message}\n        e.g. {}", at.len(), at.iter().take(3).cloned().collect::<Vec<_>>().join("; "));
        let why = KNOWN.iter().find(|(m, _, _)| m == message).map_or("WHY", |(_, why, _)| why);
        table.push_str(&format!("    ({message:?}, {why:?}, {}),\n", at.len()));
    }
    for (message, at) in &refusals {
        match KNOWN.iter().find(|(m, _, _)| m == message) {
            None => failures.push(format!("a refusal not in KNOWN ({}x): {message}\n  {}", at.len(), at.join("\n  "))),
            Some((_, _, count)) if *count != at.len() => {
                failures.push(format!("`{message}`: {} refusals, KNOWN says {count}:\n  {}", at.len(), at.join("\n  ")))
            }
            Some(_) => {}
        }
    }
    for (message, _, count) in KNOWN {
        if !refusals.contains_key(*message) {
            failures.push(format!("`{message}` (KNOWN: {count}) is no longer refused: remove it from KNOWN"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n\n{}\n\nthe measured table:\n{table}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// `%123` -> `%N`, so a message does not depend on the module's numbering.
fn normalize(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut chars = message.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '%' && chars.peek().is_some_and(char::is_ascii_digit) {
            while chars.peek().is_some_and(char::is_ascii_digit) {
                chars.next();
            }
            out.push('N');
        }
    }
    out
}

/// The names of the module's compute and fragment entry points.
fn compute_and_fragment_entry_points(words: &[u32]) -> Vec<String> {
    let module = rspirv::dr::load_words(words).expect("our SPIR-V loads");
    let mut names = Vec::new();
    for entry in &module.entry_points {
        let model = match entry.operands.first() {
            Some(rspirv::dr::Operand::ExecutionModel(model)) => *model,
            _ => continue,
        };
        if !matches!(model, rspirv::spirv::ExecutionModel::GLCompute | rspirv::spirv::ExecutionModel::Fragment) {
            continue;
        }
        if let Some(rspirv::dr::Operand::LiteralString(name)) = entry.operands.get(2) {
            if !names.contains(name) {
                names.push(name.clone());
            }
        }
    }
    names
}

/// Our module for `target`, or `None` where we reject the program for that target (a feature
/// only Vulkan has, a corpus file we do not compile yet).
fn compile(program: &Program, target: shader_core::Target) -> Option<Vec<u32>> {
    let options = shader_core::CompileOptions {
        language: program.language,
        stage: program.stage,
        target,
        include_dirs: vec![PathBuf::from("tests/glsl/include")],
        ..Default::default()
    };
    let name = program.label.rsplit('/').next().unwrap_or(&program.label).to_string();
    let source = program.source.clone();
    match common::guarded(TIMEOUT, move || shader_core::compile(&name, &source, &options)) {
        Outcome::Done(Ok(compiled)) => Some(compiled.spirv),
        _ => None,
    }
}

fn programs() -> Vec<Program> {
    let root = common::workspace_root().join("tests");
    let mut programs = Vec::new();
    let mut add = |path: &Path, label: String, language: shader_core::Language, stage: Option<shader_core::ir::Stage>| {
        let source = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        programs.push(Program { label, language, stage, source });
    };
    let suites: [(&str, &[&str], shader_core::Language); 4] = [
        ("wgsl/ok", &["wgsl"], shader_core::Language::Wgsl),
        ("glsl/ok", &["comp", "frag"], shader_core::Language::Glsl),
        ("glsl/ok_features", &["comp", "frag"], shader_core::Language::Glsl),
        ("agsl/ok", &["agsl"], shader_core::Language::Agsl),
    ];
    for (folder, extensions, language) in suites {
        let files = common::expect::files(&root.join(folder), extensions);
        assert!(!files.is_empty(), "no programs under tests/{folder}");
        for path in files {
            add(&path, format!("tests/{folder}/{}", common::expect::file_name(&path)), language, None);
        }
    }
    if let Some((corpus, manifest)) = common::corpus_manifest() {
        let mut lines = manifest.lines();
        let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
        let column = |name: &str| header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("MANIFEST.tsv has no `{name}` column"));
        let (path, lang, stage, glslang, naga) = (column("path"), column("lang"), column("stage"), column("glslang"), column("naga"));
        for cells in lines.map(|line| line.split('\t').collect::<Vec<_>>()) {
            let accepted = |column: usize| cells.get(column) == Some(&"1");
            let (language, stage) = match (cells.get(lang).copied(), cells.get(stage).copied()) {
                (Some("glsl"), Some("comp")) if accepted(glslang) => (shader_core::Language::Glsl, Some(shader_core::ir::Stage::Compute)),
                (Some("glsl"), Some("frag")) if accepted(glslang) => (shader_core::Language::Glsl, Some(shader_core::ir::Stage::Fragment)),
                (Some("wgsl"), _) if accepted(naga) => (shader_core::Language::Wgsl, None),
                _ => continue,
            };
            add(&corpus.join(cells[path]), format!("corpus:{}", cells[path]), language, stage);
        }
    }
    programs
}
