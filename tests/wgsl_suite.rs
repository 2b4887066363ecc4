//! Data-driven WGSL suite: every `tests/wgsl/ok/*.wgsl` must compile with our compiler to SPIR-V
//! that passes spirv-val (vulkan1.1) and naga and whose disassembly equals the committed
//! snapshot `tests/wgsl/ok/NAME.wgsl.spvasm`; every `tests/wgsl/err/*.wgsl` must be rejected
//! with exactly the diagnostics in `tests/wgsl/err/NAME.stderr`.
//!
//! `UPDATE_EXPECT=1 cargo test --test wgsl_suite` rewrites the `.spvasm` and `.stderr` files;
//! review the diff. Each file is its own trial (`harness = false`, libtest-mimic):
//! `cargo test --test wgsl_suite -- ok/NAME.wgsl` runs one.

mod common;

use common::{expect, Outcome};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Far longer than any small test program takes; longer means a hang.
const TIMEOUT: Duration = Duration::from_secs(20);

fn main() {
    let root = common::workspace_root().join("tests/wgsl");
    let ok = wgsl_files(&root.join("ok"));
    let err = wgsl_files(&root.join("err"));
    assert!(!ok.is_empty() && !err.is_empty(), "no test programs under {}", root.display());
    let mut trials = Vec::new();
    for path in ok {
        trials.push(expect::trial(format!("ok/{}", file_name(&path)), move || check_ok(&path)));
    }
    for path in err {
        trials.push(expect::trial(format!("err/{}", file_name(&path)), move || check_err(&path)));
    }
    trials.push(expect::trial("suite_programs_agree_with_naga", suite_programs_agree_with_naga));
    expect::run(trials)
}

/// Checks the test data, not our compiler: naga must accept every ok file and reject every err
/// file, so a typo cannot turn an ok test into an error test or the reverse. A file naga gets
/// wrong (it lags the spec in places, and knows no 2021-draft syntax) starts with a line
/// `// naga-disagrees: <why>` and is left out.
fn suite_programs_agree_with_naga() -> Result<(), String> {
    let root = common::workspace_root().join("tests/wgsl");
    let mut failures = Vec::new();
    for (folder, should_parse) in [("ok", true), ("err", false)] {
        for path in wgsl_files(&root.join(folder)) {
            let source = std::fs::read_to_string(&path).unwrap_or_default();
            if source.starts_with("// naga-disagrees:") {
                continue;
            }
            let result = common::compile_naga(&source);
            match (should_parse, result) {
                (true, Err(e)) => failures.push(format!("{folder}/{}: naga rejects it:\n{e}", file_name(&path))),
                (false, Ok(_)) => failures.push(format!("{folder}/{}: naga accepts it", file_name(&path))),
                _ => {}
            }
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("test programs naga disagrees with:\n\n{}", failures.join("\n\n")))
    }
}

fn check_ok(path: &Path) -> Result<(), String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    match common::compile_guarded(&file_name(path), &source, TIMEOUT) {
        Outcome::Done(Ok(compiled)) => {
            let snapshot = expect::check(&expect::disassemble(&compiled.spirv), &snapshot_path(path), "wgsl_suite");
            common::validate_spirv(&compiled.spirv).and(snapshot)
        }
        Outcome::Done(Err(e)) => Err(format!("expected to compile, got:\n{}", e.render())),
        Outcome::Panicked(message) => Err(format!("compiler panicked: {message}")),
        Outcome::TimedOut => Err(format!("compiler did not finish within {TIMEOUT:?}")),
    }
}

fn check_err(path: &Path) -> Result<(), String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let actual = common::expect_rejection(common::compile_guarded(&file_name(path), &source, TIMEOUT), TIMEOUT)?;
    expect::check(&actual, &path.with_extension("stderr"), "wgsl_suite")
}

/// `ok/NAME.wgsl` -> `ok/NAME.wgsl.spvasm`.
fn snapshot_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".spvasm");
    PathBuf::from(name)
}

/// The `.wgsl` files of a folder, sorted so the report order is stable.
fn wgsl_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "wgsl"));
    files.sort();
    files
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}
