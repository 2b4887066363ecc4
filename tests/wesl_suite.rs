//! WESL module resolution and conditional translation suite. Every folder under
//! `tests/wesl/ok` and `tests/wesl/err` is one program: its `main.wesl` is the root module and
//! the folder is the package root. A first line `// features: A, B=false` sets features.
//! Every folder `packages/NAME` of a case is the shader library `NAME` (`import NAME::a::b;`,
//! `CompileOptions::packages`).
//!
//! - `ok/NAME`: must compile to SPIR-V that passes spirv-val and naga, whose disassembly equals
//!   `ok/NAME/main.wesl.spvasm`, and which is the same module our compiler makes from
//!   `ok/NAME/linked.wgsl`, the program linked by hand (naga must accept that file, so it is
//!   valid WGSL): resolution, renaming, what is left out and `@if` are checked against a
//!   program written without WESL.
//! - `err/NAME`: must be rejected with exactly the diagnostics in `err/NAME/main.stderr`.
//!
//! `UPDATE_EXPECT=1 cargo test --test wesl_suite` rewrites the snapshots; review the diff.

mod common;

use common::{expect, Outcome};
use std::path::{Path, PathBuf};
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(20);

fn main() {
    let root = common::workspace_root().join("tests/wesl");
    let ok = case_dirs(&root.join("ok"));
    let err = case_dirs(&root.join("err"));
    assert!(!ok.is_empty() && !err.is_empty(), "no test programs under {}", root.display());
    let mut trials = Vec::new();
    for dir in ok {
        trials.push(expect::trial(format!("ok/{}", expect::file_name(&dir)), move || check_ok(&dir)));
    }
    for dir in err {
        trials.push(expect::trial(format!("err/{}", expect::file_name(&dir)), move || check_err(&dir)));
    }
    expect::run(trials)
}

/// The folder's path relative to the workspace root (the tests' working directory), so file
/// names in diagnostics do not depend on the machine.
fn relative(dir: &Path) -> PathBuf {
    dir.strip_prefix(common::workspace_root()).map_or_else(|_| dir.to_path_buf(), Path::to_path_buf)
}

fn features(source: &str) -> Vec<(String, bool)> {
    let Some(list) = source.lines().next().and_then(|l| l.strip_prefix("// features:")) else { return Vec::new() };
    list.split(',')
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .map(|f| match f.split_once('=') {
            Some((name, value)) => (name.trim().to_string(), value.trim() == "true"),
            None => (f.to_string(), true),
        })
        .collect()
}

fn compile(dir: &Path, file: &str) -> Result<Outcome<Result<shader_core::Compiled, shader_core::CompileError>>, String> {
    let dir = relative(dir);
    let path = dir.join(file);
    let source = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let packages = expect::entries(&dir.join("packages"), |p| p.is_dir()).into_iter().map(|p| (expect::file_name(&p), p)).collect();
    let options =
        shader_core::CompileOptions { module_root: Some(dir.clone()), features: features(&source), packages, ..Default::default() };
    let name = path.display().to_string();
    Ok(common::guarded(TIMEOUT, move || shader_core::compile(&name, &source, &options)))
}

fn check_ok(dir: &Path) -> Result<(), String> {
    let compiled = match compile(dir, "main.wesl")? {
        Outcome::Done(Ok(compiled)) => compiled,
        Outcome::Done(Err(e)) => return Err(format!("expected to compile, got:\n{}", e.render())),
        Outcome::Panicked(message) => return Err(format!("compiler panicked: {message}")),
        Outcome::TimedOut => return Err(format!("compiler did not finish within {TIMEOUT:?}")),
    };
    let text = expect::disassemble(&compiled.spirv);
    let snapshot = expect::check(&text, &dir.join("main.wesl.spvasm"), "wesl_suite");
    let valid = common::validate_spirv(&compiled.spirv);
    let linked_path = dir.join("linked.wgsl");
    let linked_source = std::fs::read_to_string(&linked_path).map_err(|e| format!("{}: {e}", linked_path.display()))?;
    common::compile_naga(&linked_source).map_err(|e| format!("naga rejects linked.wgsl:\n{e}"))?;
    let same = match compile(dir, "linked.wgsl")? {
        Outcome::Done(Ok(linked)) if expect::disassemble(&linked.spirv) == text => Ok(()),
        Outcome::Done(Ok(linked)) => Err(format!(
            "main.wesl and linked.wgsl give different SPIR-V:\n--- linked.wgsl\n{}\n--- main.wesl\n{text}",
            expect::disassemble(&linked.spirv)
        )),
        Outcome::Done(Err(e)) => Err(format!("linked.wgsl does not compile:\n{}", e.render())),
        _ => Err("linked.wgsl: compiler panicked or hung".to_string()),
    };
    valid.and(same).and(snapshot)
}

fn check_err(dir: &Path) -> Result<(), String> {
    let actual = common::expect_rejection(compile(dir, "main.wesl")?, TIMEOUT)?;
    expect::check(&actual, &dir.join("main.stderr"), "wesl_suite")
}

/// The case folders (each holding a `main.wesl`), sorted.
fn case_dirs(dir: &Path) -> Vec<PathBuf> {
    expect::entries(dir, |p| p.join("main.wesl").is_file())
}
