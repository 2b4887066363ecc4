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
use std::path::Path;
use std::time::Duration;

/// Far longer than any small test program takes; longer means a hang.
const TIMEOUT: Duration = Duration::from_secs(20);

fn main() {
    let root = common::workspace_root().join("tests/wgsl");
    let ok = expect::files(&root.join("ok"), &["wgsl"]);
    let err = expect::files(&root.join("err"), &["wgsl"]);
    assert!(!ok.is_empty() && !err.is_empty(), "no test programs under {}", root.display());
    let mut trials = Vec::new();
    for path in ok {
        trials.push(expect::trial(format!("ok/{}", expect::file_name(&path)), move || check_ok(&path)));
    }
    for path in err {
        trials.push(expect::trial(format!("err/{}", expect::file_name(&path)), move || check_err(&path)));
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
        for path in expect::files(&root.join(folder), &["wgsl"]) {
            let source = std::fs::read_to_string(&path).unwrap_or_default();
            if source.starts_with("// naga-disagrees:") {
                continue;
            }
            let result = common::compile_naga(&source);
            match (should_parse, result) {
                (true, Err(e)) => failures.push(format!("{folder}/{}: naga rejects it:\n{e}", expect::file_name(&path))),
                (false, Ok(_)) => failures.push(format!("{folder}/{}: naga accepts it", expect::file_name(&path))),
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
    match common::compile_guarded(&expect::file_name(path), &source, TIMEOUT) {
        Outcome::Done(Ok(compiled)) => {
            let snapshot = expect::check(&expect::disassemble(&compiled.spirv), &expect::with_suffix(path, ".spvasm"), "wgsl_suite");
            common::validate_spirv(&compiled.spirv).and(snapshot)
        }
        Outcome::Done(Err(e)) => Err(format!("expected to compile, got:\n{}", e.render())),
        Outcome::Panicked(message) => Err(format!("compiler panicked: {message}")),
        Outcome::TimedOut => Err(format!("compiler did not finish within {TIMEOUT:?}")),
    }
}

fn check_err(path: &Path) -> Result<(), String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let actual = common::expect_rejection(common::compile_guarded(&expect::file_name(path), &source, TIMEOUT), TIMEOUT)?;
    expect::check(&actual, &path.with_extension("stderr"), "wgsl_suite")
}

