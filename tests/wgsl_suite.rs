//! Data-driven WGSL suite: every `tests/wgsl/ok/*.wgsl` must compile with our compiler to SPIR-V
//! that passes spirv-val (vulkan1.1) and naga; every `tests/wgsl/err/*.wgsl` must be rejected
//! with exactly the diagnostics in `tests/wgsl/err/NAME.stderr`.
//!
//! `UPDATE_EXPECT=1 cargo test --test wgsl_suite` rewrites the `.stderr` files; review the diff.
//! All files run and every failure is reported at once, so one broken file hides nothing.

mod common;

use common::Outcome;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Far longer than any small test program takes; longer means a hang.
const TIMEOUT: Duration = Duration::from_secs(20);

#[test]
fn wgsl_suite() {
    let root = common::workspace_root().join("tests/wgsl");
    let update = std::env::var("UPDATE_EXPECT").is_ok_and(|v| v == "1");
    let mut failures = Vec::new();
    let ok = wgsl_files(&root.join("ok"));
    let err = wgsl_files(&root.join("err"));
    assert!(!ok.is_empty() && !err.is_empty(), "no test programs under {}", root.display());

    for path in &ok {
        if let Err(why) = check_ok(path) {
            failures.push(format!("ok/{}: {why}", file_name(path)));
        }
    }
    for path in &err {
        if let Err(why) = check_err(path, update) {
            failures.push(format!("err/{}: {why}", file_name(path)));
        }
    }

    eprintln!("wgsl suite: {} ok files, {} err files, {} failures", ok.len(), err.len(), failures.len());
    assert!(failures.is_empty(), "{} of {} files failed:\n\n{}", failures.len(), ok.len() + err.len(), failures.join("\n\n"));
}

/// Checks the test data, not our compiler: naga must accept every ok file and reject every err
/// file, so a typo cannot turn an ok test into an error test or the reverse. A file naga gets
/// wrong (it lags the spec in places, and knows no 2021-draft syntax) starts with a line
/// `// naga-disagrees: <why>` and is left out.
#[test]
fn suite_programs_agree_with_naga() {
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
    assert!(failures.is_empty(), "test programs naga disagrees with:\n\n{}", failures.join("\n\n"));
}

fn check_ok(path: &Path) -> Result<(), String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    match common::compile_guarded(&file_name(path), &source, TIMEOUT) {
        Outcome::Done(Ok(compiled)) => common::validate_spirv(&compiled.spirv),
        Outcome::Done(Err(e)) => Err(format!("expected to compile, got:\n{}", e.render())),
        Outcome::Panicked(message) => Err(format!("compiler panicked: {message}")),
        Outcome::TimedOut => Err(format!("compiler did not finish within {TIMEOUT:?}")),
    }
}

fn check_err(path: &Path, update: bool) -> Result<(), String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let actual = common::expect_rejection(common::compile_guarded(&file_name(path), &source, TIMEOUT), TIMEOUT)?;
    common::check_snapshot(&actual, &path.with_extension("stderr"), update)
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
