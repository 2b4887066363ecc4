//! Conformance over the shared GLSL corpus (`../shared/corpus/glsl`, listed in `MANIFEST.tsv`
//! with stage `vert`, `frag` or `comp`).
//!
//! Every file is compiled by our compiler (Vulkan target, so that combined image samplers and
//! subpass inputs stay what glslang makes of them; stage from the manifest) on its own
//! thread with a timeout: a panic or a hang is a failure for any file. For files glslang accepts
//! (`glslang` column = 1) we count how many compile with output passing spirv-val (vulkan1.1, or
//! vulkan1.2/1.3 where the module's SPIR-V version needs it). The pass rate must reach
//! [`MIN_PASS_RATE`], and every file listed `valid` in `tests/corpus_glsl.verdicts` must still
//! be valid (per-file verdicts, `common::expect::check_verdicts`: a file that starts passing is
//! reported, `UPDATE_EXPECT=1` records it; with `CORPUS_GLSL_ONLY` only the files run are
//! compared); a markdown summary goes to `target/corpus-glsl.md` (or
//! `$CORPUS_GLSL_REPORT`) for BENCHMARKS.md. naga's verdict on our output is reported, not
//! required: glslang's corpus uses many features naga's SPIR-V front end does not read.
//!
//! Files glslang rejects that we compile are listed with the reason in
//! `tests/corpus_glsl.glslang_rejects` (`path<TAB>reason`): the test fails when the set changes,
//! so a file we start accepting must be explained (or fixed) and a fixed one leaves the list.
//!
//! For each glslang-accepted file we reject, glslang's own output is run through spirv-val too:
//! where it fails, glslang "accepts" only by emitting invalid SPIR-V (rectangle textures for
//! Vulkan, overlapping locations, ...), and the report says so and gives the rate without those
//! files besides the plain one (the gate uses the plain rate).

mod common;

use common::Outcome;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// The share of glslang-accepted corpus files that must compile to valid SPIR-V. Raised as the
/// front end improves, so a regression fails the test.
const MIN_PASS_RATE: f64 = 0.97;

const TIMEOUT: Duration = Duration::from_secs(20);

struct Entry {
    path: String,
    stage: shader_core::ir::Stage,
    glslang_accepts: bool,
}

#[derive(Debug)]
enum Result_ {
    /// Compiled; spirv-val accepts it. `naga` says whether naga's front end + validator did too.
    Valid { naga: bool },
    /// Our compiler rejected it: the first diagnostic line.
    Rejected(String),
    /// A failure for any file: panic, hang, or SPIR-V spirv-val rejects.
    Broken(String),
}

#[test]
fn corpus_glsl() {
    let Some((corpus, manifest)) = common::corpus_manifest() else { return };
    let only = std::env::var("CORPUS_GLSL_ONLY").ok();
    let mut entries = parse_manifest(&manifest);
    if let Some(filter) = &only {
        entries.retain(|e| e.path.contains(filter.as_str()));
    }
    assert!(!entries.is_empty(), "MANIFEST.tsv lists no GLSL files");

    let started = Instant::now();
    let results: Vec<Result_> = entries
        .iter()
        .map(|entry| match std::fs::read_to_string(corpus.join(&entry.path)) {
            Ok(source) => check(entry, &source),
            Err(e) => Result_::Broken(format!("cannot read: {e}")),
        })
        .collect();
    let elapsed = started.elapsed();

    let accepted = entries.iter().filter(|e| e.glslang_accepts).count();
    let valid_accepted =
        entries.iter().zip(&results).filter(|(e, r)| e.glslang_accepts && matches!(r, Result_::Valid { .. })).count();
    let broken: Vec<String> = entries
        .iter()
        .zip(&results)
        .filter_map(|(e, r)| match r {
            Result_::Broken(why) => Some(format!("{}: {why}", e.path)),
            _ => None,
        })
        .collect();
    let rate = if accepted == 0 { 1.0 } else { valid_accepted as f64 / accepted as f64 };
    // glslang's verdict checked by spirv-val, for the accepted files we reject.
    let glslang_invalid: Vec<bool> = entries
        .iter()
        .zip(&results)
        .map(|(e, r)| e.glslang_accepts && matches!(r, Result_::Rejected(_)) && glslang_output_invalid(&corpus.join(&e.path)))
        .collect();
    let report = markdown(&entries, &results, &glslang_invalid, accepted, valid_accepted, rate, elapsed);
    common::write_corpus_report("CORPUS_GLSL_REPORT", "corpus-glsl.md", &report);
    eprintln!("{}", report.lines().take(8).collect::<Vec<_>>().join("\n"));

    assert!(broken.is_empty(), "{} corpus files broke the compiler or produced invalid SPIR-V:\n{}", broken.len(), broken.join("\n"));
    let verdicts: Vec<(String, bool)> =
        entries.iter().zip(&results).map(|(e, r)| (e.path.clone(), matches!(r, Result_::Valid { .. }))).collect();
    let verdict_file = common::workspace_root().join("tests/corpus_glsl.verdicts");
    if let Err(e) = common::expect::check_verdicts(&verdicts, &verdict_file, only.is_none(), "corpus_glsl") {
        panic!("{e}");
    }
    if only.is_none() {
        check_glslang_rejects(&entries, &results);
        assert!(
            rate >= MIN_PASS_RATE,
            "pass rate {:.1}% ({valid_accepted}/{accepted}) is below MIN_PASS_RATE {:.1}%",
            rate * 100.0,
            MIN_PASS_RATE * 100.0
        );
    }
}

/// The files glslang rejects that we compile must be exactly those of
/// `tests/corpus_glsl.glslang_rejects`, each with a reason.
fn check_glslang_rejects(entries: &[Entry], results: &[Result_]) {
    let path = common::workspace_root().join("tests/corpus_glsl.glslang_rejects");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let mut listed: BTreeMap<&str, &str> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (file, reason) = line.split_once('\t').unwrap_or((line, ""));
        assert!(!reason.trim().is_empty(), "{}: `{file}` has no reason", path.display());
        listed.insert(file, reason);
    }
    let ours: Vec<&str> =
        entries.iter().zip(results).filter(|(e, r)| !e.glslang_accepts && matches!(r, Result_::Valid { .. })).map(|(e, _)| e.path.as_str()).collect();
    let new: Vec<&&str> = ours.iter().filter(|f| !listed.contains_key(*f)).collect();
    let gone: Vec<&&str> = listed.keys().filter(|f| !ours.contains(f)).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "files glslang rejects that we compile changed ({}):\nnewly accepted (fix, or list with a reason): {new:?}\nno longer accepted (remove from the list): {gone:?}",
        path.display()
    );
}

fn parse_manifest(manifest: &str) -> Vec<Entry> {
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let column = |name: &str| header.iter().position(|h| *h == name);
    let (Some(path), Some(lang), Some(stage), Some(glslang)) = (column("path"), column("lang"), column("stage"), column("glslang")) else {
        panic!("MANIFEST.tsv header lacks path/lang/stage/glslang columns: {header:?}");
    };
    lines
        .map(|line| line.split('\t').collect::<Vec<_>>())
        .filter(|cells| cells.get(lang) == Some(&"glsl"))
        .filter_map(|cells| {
            let stage = match *cells.get(stage)? {
                "vert" => shader_core::ir::Stage::Vertex,
                "frag" => shader_core::ir::Stage::Fragment,
                "comp" => shader_core::ir::Stage::Compute,
                _ => return None,
            };
            Some(Entry { path: cells[path].to_string(), stage, glslang_accepts: cells.get(glslang) == Some(&"1") })
        })
        .collect()
}

fn check(entry: &Entry, source: &str) -> Result_ {
    let name = entry.path.rsplit('/').next().unwrap_or(&entry.path).to_string();
    let scalar = source.contains("GL_EXT_scalar_block_layout");
    let source = source.to_string();
    let stage = entry.stage;
    let outcome = common::guarded(TIMEOUT, move || {
        let options = shader_core::CompileOptions {
            language: shader_core::Language::Glsl,
            stage: Some(stage),
            target: shader_core::Target::Vulkan,
            ..Default::default()
        };
        shader_core::compile(&name, &source, &options)
    });
    let compiled = match outcome {
        Outcome::Done(Ok(compiled)) => compiled,
        Outcome::Done(Err(e)) => {
            let text = e.render();
            let first = text.lines().find(|l| l.starts_with("error")).or_else(|| text.lines().next()).unwrap_or("(no diagnostics)").to_string();
            return Result_::Rejected(first);
        }
        Outcome::Panicked(message) => return Result_::Broken(format!("compiler panicked: {message}")),
        Outcome::TimedOut => return Result_::Broken(format!("compiler did not finish within {TIMEOUT:?}")),
    };
    let extra: &[&str] = if scalar { &["--scalar-block-layout"] } else { &[] };
    if let Err(e) = common::spirv_val_with(&compiled.spirv, common::vulkan_env_for(&compiled.spirv), extra) {
        return Result_::Broken(first_line(&e));
    }
    Result_::Valid { naga: common::naga_check(&compiled.spirv).is_ok() }
}

/// Whether glslangValidator compiles `path` to SPIR-V that spirv-val rejects (false when either
/// tool is missing or glslang fails: then nothing is claimed).
fn glslang_output_invalid(path: &std::path::Path) -> bool {
    if !common::glslang_available() {
        return false;
    }
    let out = std::env::temp_dir().join(format!("corpus-glslang-{}.spv", std::process::id()));
    let status = std::process::Command::new("glslangValidator").arg("-V").arg(path).arg("-o").arg(&out).output();
    let words = match (status, std::fs::read(&out)) {
        (Ok(s), Ok(bytes)) if s.status.success() && bytes.len() % 4 == 0 => {
            bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect::<Vec<u32>>()
        }
        _ => return false,
    };
    let _ = std::fs::remove_file(&out);
    let source = std::fs::read_to_string(path).unwrap_or_default();
    let extra: &[&str] = if source.contains("GL_EXT_scalar_block_layout") { &["--scalar-block-layout"] } else { &[] };
    // Checked at the newest environment the module could need, so only real errors count.
    common::spirv_val_with(&words, "vulkan1.3", extra).is_err()
}

fn first_line(text: &str) -> String {
    text.lines().filter(|l| !l.trim().is_empty()).take(2).collect::<Vec<_>>().join(" ")
}

fn markdown(
    entries: &[Entry],
    results: &[Result_],
    glslang_invalid: &[bool],
    accepted: usize,
    valid_accepted: usize,
    rate: f64,
    elapsed: Duration,
) -> String {
    let mut out = String::new();
    let naga_ok = results.iter().filter(|r| matches!(r, Result_::Valid { naga: true })).count();
    let _ = writeln!(out, "## GLSL corpus conformance\n");
    let _ = writeln!(out, "| files (vert/frag/comp) | glslang accepts | we compile to valid SPIR-V (of those) | pass rate | naga also reads ours | time |");
    let _ = writeln!(out, "|---|---|---|---|---|---|");
    let _ = writeln!(
        out,
        "| {} | {accepted} | {valid_accepted} | {:.1}% | {naga_ok} | {:.2} s |\n",
        entries.len(),
        rate * 100.0,
        elapsed.as_secs_f64()
    );
    let excluded = glslang_invalid.iter().filter(|&&x| x).count();
    if excluded > 0 {
        let base = accepted - excluded;
        let _ = writeln!(
            out,
            "Of the files glslang accepts, {excluded} we reject get SPIR-V from glslang that spirv-val rejects too (marked below); without them: {valid_accepted}/{base} = {:.1}%.\n",
            valid_accepted as f64 * 100.0 / base.max(1) as f64
        );
    }
    // Most frequent first diagnostics among glslang-accepted files we reject: the work list.
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for (e, r) in entries.iter().zip(results) {
        if let (true, Result_::Rejected(why)) = (e.glslang_accepts, r) {
            let key: String = why.split('`').enumerate().map(|(i, p)| if i % 2 == 1 { "`…`" } else { p }).collect();
            *reasons.entry(key).or_default() += 1;
        }
    }
    let mut reasons: Vec<_> = reasons.into_iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(&a.1));
    if !reasons.is_empty() {
        let _ = writeln!(out, "| rejections (glslang accepts) | files |\n|---|---|");
        for (why, n) in &reasons {
            let _ = writeln!(out, "| {} | {n} |", why.replace('|', "\\|"));
        }
        let _ = writeln!(out);
    }
    let mut failures = String::new();
    for ((entry, result), &invalid) in entries.iter().zip(results).zip(glslang_invalid) {
        let (kind, why) = match result {
            Result_::Valid { .. } => continue,
            Result_::Rejected(why) => ("rejected", why),
            Result_::Broken(why) => ("BROKEN", why),
        };
        let g = match (entry.glslang_accepts, invalid) {
            (false, _) => " (glslang rejects too)",
            (true, true) => " (glslang's output fails spirv-val)",
            (true, false) => "",
        };
        let _ = writeln!(failures, "| `{}`{g} | {kind} | {} |", entry.path, why.replace('|', "\\|"));
    }
    if !failures.is_empty() {
        let _ = writeln!(out, "| file | result | first diagnostic |\n|---|---|---|\n{failures}");
    }
    out
}
