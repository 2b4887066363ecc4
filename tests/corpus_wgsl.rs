//! Conformance over the shared WGSL corpus (`../shared/corpus/wgsl`, listed in `MANIFEST.tsv`).
//!
//! Every file is compiled by our compiler on its own thread with a timeout: a panic or a hang is
//! a failure for any file. For files naga accepts (`naga` column = 1) we count how many compile,
//! and every module we emit must pass spirv-val and naga; a file naga accepts that WGSL does not
//! allow ([`NAGA_ACCEPTS_INVALID`]) passes when we reject it as WGSL does. The pass rate must reach
//! [`MIN_PASS_RATE`], and every file listed `valid` in `tests/corpus_wgsl.verdicts` must still
//! be valid (per-file verdicts, `common::expect::check_verdicts`: a file that starts passing is
//! reported, `UPDATE_EXPECT=1` records it); a markdown summary goes to `target/corpus-wgsl.md` (or `$CORPUS_WGSL_REPORT`)
//! for BENCHMARKS.md.

mod common;

use common::Outcome;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// The share of naga-accepted corpus files that must compile to valid SPIR-V. The lead raises
/// it as the compiler improves, so a regression fails the test.
const MIN_PASS_RATE: f64 = 1.0;

/// A corpus file takes milliseconds; this long means a hang.
const TIMEOUT: Duration = Duration::from_secs(20);

/// Files naga accepts that WGSL does not allow: each with the first error we must give and the
/// rule (Tint rejects them too). Rejected with that error, they count as passing.
const NAGA_ACCEPTS_INVALID: &[(&str, &str, &str)] = &[(
    "wgsl/naga/const-exprs.wgsl",
    "the arguments of @workgroup_size must all have one type, i32 or u32",
    "WGSL `workgroup_size` attribute: all parameters must be the same type, either i32 or u32 (`@workgroup_size(TWO, THREE, \
     TWO - 1u)` mixes u32 and i32; naga 30 does not check it, Tint: \"'@workgroup_size' arguments must be of the same type\")",
)];


/// One `MANIFEST.tsv` row for a WGSL file.
struct Entry {
    path: String,
    naga_accepts: bool,
}

#[derive(Debug)]
enum Result_ {
    /// Compiled and both validators accept the output.
    Valid,
    /// Compiled, spirv-val accepts it, and naga fails on it only through a known naga bug.
    NagaBug(String),
    /// Our compiler rejected it: the first diagnostic line.
    Rejected(String),
    /// Naga accepts it, WGSL does not, and we reject it with the error listed in
    /// [`NAGA_ACCEPTS_INVALID`].
    RightlyRejected(String),
    /// A failure for any file: panic, hang, or SPIR-V a validator rejects.
    Broken(String),
}

#[test]
fn corpus_wgsl() {
    let Some((corpus, manifest)) = common::corpus_manifest() else { return };
    let entries = parse_manifest(&manifest);
    assert!(!entries.is_empty(), "MANIFEST.tsv lists no WGSL files");

    let started = Instant::now();
    let mut results = Vec::with_capacity(entries.len());
    for entry in &entries {
        let result = match std::fs::read_to_string(corpus.join(&entry.path)) {
            Ok(source) => check(entry, &source),
            Err(e) => Result_::Broken(format!("cannot read: {e}")),
        };
        results.push(result);
    }
    let elapsed = started.elapsed();

    let accepted = entries.iter().filter(|e| e.naga_accepts).count();
    let valid_accepted = entries
        .iter()
        .zip(&results)
        .filter(|(e, r)| e.naga_accepts && matches!(r, Result_::Valid | Result_::NagaBug(_) | Result_::RightlyRejected(_)))
        .count();
    let valid_other = entries.iter().zip(&results).filter(|(e, r)| !e.naga_accepts && matches!(r, Result_::Valid)).count();
    let broken: Vec<String> = entries
        .iter()
        .zip(&results)
        .filter_map(|(e, r)| match r {
            Result_::Broken(why) => Some(format!("{}: {why}", e.path)),
            _ => None,
        })
        .collect();
    let rate = if accepted == 0 { 1.0 } else { valid_accepted as f64 / accepted as f64 };

    let report = markdown(&entries, &results, accepted, valid_accepted, valid_other, rate, elapsed);
    common::write_corpus_report("CORPUS_WGSL_REPORT", "corpus-wgsl.md", &report);
    eprintln!("{report}");

    assert!(broken.is_empty(), "{} corpus files broke the compiler or produced invalid SPIR-V:\n{}", broken.len(), broken.join("\n"));
    let verdicts: Vec<(String, bool)> =
        entries.iter().zip(&results).map(|(e, r)| (e.path.clone(), matches!(r, Result_::Valid | Result_::NagaBug(_)))).collect();
    let verdict_file = common::workspace_root().join("tests/corpus_wgsl.verdicts");
    if let Err(e) = common::expect::check_verdicts(&verdicts, &verdict_file, true, "corpus_wgsl") {
        panic!("{e}");
    }
    assert!(
        rate >= MIN_PASS_RATE,
        "pass rate {:.1}% ({valid_accepted}/{accepted}) is below MIN_PASS_RATE {:.1}%",
        rate * 100.0,
        MIN_PASS_RATE * 100.0
    );
}

fn parse_manifest(manifest: &str) -> Vec<Entry> {
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let column = |name: &str| header.iter().position(|h| *h == name);
    let (Some(path), Some(lang), Some(naga)) = (column("path"), column("lang"), column("naga")) else {
        panic!("MANIFEST.tsv header lacks path/lang/naga columns: {header:?}");
    };
    lines
        .map(|line| line.split('\t').collect::<Vec<_>>())
        .filter(|cells| cells.get(lang) == Some(&"wgsl"))
        .map(|cells| Entry { path: cells[path].to_string(), naga_accepts: cells.get(naga) == Some(&"1") })
        .collect()
}

fn check(entry: &Entry, source: &str) -> Result_ {
    let name = entry.path.rsplit('/').next().unwrap_or(&entry.path);
    let outcome = common::compile_verdict_guarded(name, source, TIMEOUT);
    let compiled = match outcome {
        Outcome::Done(Ok(compiled)) => compiled,
        Outcome::Done(Err(e)) => {
            let first = e.render().lines().next().unwrap_or("(no diagnostics)").to_string();
            let invalid = NAGA_ACCEPTS_INVALID.iter().find(|(path, error, _)| *path == entry.path && first.contains(error));
            return match invalid {
                Some((_, _, rule)) => Result_::RightlyRejected(format!("{first} ({rule})")),
                None => Result_::Rejected(first),
            };
        }
        Outcome::Panicked(message) => return Result_::Broken(format!("compiler panicked: {message}")),
        Outcome::TimedOut => return Result_::Broken(format!("compiler did not finish within {TIMEOUT:?}")),
    };
    // Same rules as `common::validate_spirv`, with naga's verdict classified.
    if !common::has_entry_point(&compiled.spirv) {
        return match common::spirv_val(&compiled.spirv, "spv1.5") {
            Ok(()) => Result_::Valid,
            Err(e) => Result_::Broken(first_line(&e)),
        };
    }
    if let Err(e) = common::spirv_val(&compiled.spirv, "vulkan1.1") {
        return Result_::Broken(first_line(&e));
    }
    match common::naga_check(&compiled.spirv) {
        Ok(_) => Result_::Valid,
        Err(e) if common::is_known_naga_bug(&e) => Result_::NagaBug(first_line(&e)),
        Err(e) if entry.naga_accepts => Result_::Broken(first_line(&e)),
        // naga rejects the WGSL too, so its SPIR-V front end may lack the feature: not our bug.
        Err(_) => Result_::Valid,
    }
}

fn first_line(text: &str) -> String {
    text.lines().filter(|l| !l.trim().is_empty()).take(2).collect::<Vec<_>>().join(" ")
}

fn markdown(
    entries: &[Entry],
    results: &[Result_],
    accepted: usize,
    valid_accepted: usize,
    valid_other: usize,
    rate: f64,
    elapsed: Duration,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "## WGSL corpus conformance\n");
    let _ = writeln!(out, "| files | naga accepts | we compile to valid SPIR-V (of those; or reject as WGSL does) | pass rate | others we compile | time |");
    let _ = writeln!(out, "|---|---|---|---|---|---|");
    let _ = writeln!(
        out,
        "| {} | {accepted} | {valid_accepted} | {:.1}% | {valid_other} of {} | {:.2} s |\n",
        entries.len(),
        rate * 100.0,
        entries.len() - accepted,
        elapsed.as_secs_f64()
    );
    let mut failures = String::new();
    for (entry, result) in entries.iter().zip(results) {
        let (kind, why) = match result {
            Result_::Valid => continue,
            Result_::NagaBug(why) => ("valid (naga bug)", why),
            Result_::Rejected(why) => ("rejected", why),
            Result_::RightlyRejected(why) => ("rejected (invalid WGSL naga accepts)", why),
            Result_::Broken(why) => ("BROKEN", why),
        };
        let naga = if entry.naga_accepts { "" } else { " (naga rejects too)" };
        let _ = writeln!(failures, "| `{}`{naga} | {kind} | {} |", entry.path, why.replace('|', "\\|"));
    }
    if !failures.is_empty() {
        let _ = writeln!(out, "| file | result | first diagnostic |\n|---|---|---|\n{failures}");
    }
    out
}
