//! The wgpu target as a contract, over the shared corpus (`../shared/corpus`, every WGSL file
//! and every GLSL file whose stage the manifest gives): every file that compiles for the wgpu
//! target (the default) must give a module wgpu accepts, i.e. one that passes spirv-val and
//! naga's SPIR-V front end + validator configured as wgpu 30 configures them
//! (`common::naga_check`). No list of excused errors: 0 refused modules.
//!
//! Files the compiler rejects are not this test's business (the per-language corpus tests
//! count those), except that a rejection for the wgpu target must not be a crash; the report
//! counts the files rejected because they use a feature wgpu cannot run (a deliberate error for
//! this target) apart from the others. A module without entry points (a WGSL library) cannot be
//! given to wgpu and is only checked by spirv-val. A markdown summary goes to
//! `target/corpus-wgpu.md` (or `$CORPUS_WGPU_REPORT`).

mod common;

use common::Outcome;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(20);

/// Modules of the wgpu target that naga, as wgpu runs it, refuses: none (the contract).
const MAX_REFUSED: usize = 0;

struct Entry {
    path: String,
    language: shader_core::Language,
    stage: Option<shader_core::ir::Stage>,
}

enum Verdict {
    /// Compiled; spirv-val and naga (as wgpu) accept it.
    Accepted,
    /// Compiled without entry points (a library): spirv-val only.
    Library,
    /// Compiled, but naga (as wgpu runs it) refuses the module: the first line of its error.
    Refused(String),
    /// Rejected by our compiler because wgpu cannot run a feature it uses.
    NotForWgpu,
    /// Rejected by our compiler for another reason.
    Rejected,
    /// Panic, hang, or SPIR-V spirv-val rejects.
    Broken(String),
}

#[test]
fn corpus_wgpu() {
    let Some((corpus, manifest)) = common::corpus_manifest() else { return };
    let only = std::env::var("CORPUS_WGPU_ONLY").ok();
    let mut entries = parse_manifest(&manifest);
    if let Some(filter) = &only {
        entries.retain(|e| e.path.contains(filter.as_str()));
    }
    assert!(!entries.is_empty(), "MANIFEST.tsv lists no files");

    let started = Instant::now();
    let verdicts: Vec<Verdict> = entries
        .iter()
        .map(|entry| match std::fs::read_to_string(corpus.join(&entry.path)) {
            Ok(source) => check(entry, &source),
            Err(e) => Verdict::Broken(format!("cannot read: {e}")),
        })
        .collect();
    let elapsed = started.elapsed();

    let report = markdown(&entries, &verdicts, elapsed);
    common::write_corpus_report("CORPUS_WGPU_REPORT", "corpus-wgpu.md", &report);
    eprintln!("{}", report.lines().take(12).collect::<Vec<_>>().join("\n"));

    let broken: Vec<String> = entries
        .iter()
        .zip(&verdicts)
        .filter_map(|(e, v)| match v {
            Verdict::Broken(why) => Some(format!("{}: {why}", e.path)),
            _ => None,
        })
        .collect();
    assert!(broken.is_empty(), "{} corpus files broke the compiler or gave invalid SPIR-V for the wgpu target:\n{}", broken.len(), broken.join("\n"));
    let refused: Vec<String> = entries
        .iter()
        .zip(&verdicts)
        .filter_map(|(e, v)| match v {
            Verdict::Refused(why) => Some(format!("{}: {why}", e.path)),
            _ => None,
        })
        .collect();
    assert!(
        refused.len() <= MAX_REFUSED,
        "{} corpus modules of the wgpu target are refused by naga as wgpu runs it (at most {MAX_REFUSED} allowed):\n{}",
        refused.len(),
        refused.join("\n")
    );
}

fn parse_manifest(manifest: &str) -> Vec<Entry> {
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let column = |name: &str| header.iter().position(|h| *h == name);
    let (Some(path), Some(lang), Some(stage)) = (column("path"), column("lang"), column("stage")) else {
        panic!("MANIFEST.tsv header lacks path/lang/stage columns: {header:?}");
    };
    lines
        .map(|line| line.split('\t').collect::<Vec<_>>())
        .filter_map(|cells| {
            let language = match *cells.get(lang)? {
                "wgsl" => shader_core::Language::Wgsl,
                "glsl" => shader_core::Language::Glsl,
                _ => return None,
            };
            let stage = match (language, *cells.get(stage)?) {
                (shader_core::Language::Wgsl, _) => None,
                (_, "vert") => Some(shader_core::ir::Stage::Vertex),
                (_, "frag") => Some(shader_core::ir::Stage::Fragment),
                (_, "comp") => Some(shader_core::ir::Stage::Compute),
                _ => return None,
            };
            Some(Entry { path: cells[path].to_string(), language, stage })
        })
        .collect()
}

fn check(entry: &Entry, source: &str) -> Verdict {
    let name = entry.path.rsplit('/').next().unwrap_or(&entry.path).to_string();
    let scalar = source.contains("GL_EXT_scalar_block_layout");
    let options = shader_core::CompileOptions {
        language: entry.language,
        stage: entry.stage,
        target: shader_core::Target::Wgpu,
        ..Default::default()
    };
    let source = source.to_string();
    let compiled = match common::guarded(TIMEOUT, move || shader_core::compile(&name, &source, &options)) {
        Outcome::Done(Ok(compiled)) => compiled,
        Outcome::Done(Err(e)) if e.render().contains(common::NOT_FOR_WGPU) => return Verdict::NotForWgpu,
        Outcome::Done(Err(_)) => return Verdict::Rejected,
        Outcome::Panicked(message) => return Verdict::Broken(format!("compiler panicked: {message}")),
        Outcome::TimedOut => return Verdict::Broken(format!("compiler did not finish within {TIMEOUT:?}")),
    };
    if !common::has_entry_point(&compiled.spirv) {
        return match common::spirv_val(&compiled.spirv, "spv1.5") {
            Ok(()) => Verdict::Library,
            Err(e) => Verdict::Broken(first_line(&e)),
        };
    }
    let extra: &[&str] = if scalar { &["--scalar-block-layout"] } else { &[] };
    if let Err(e) = common::spirv_val_with(&compiled.spirv, common::vulkan_env_for(&compiled.spirv), extra) {
        return Verdict::Broken(first_line(&e));
    }
    match common::naga_check(&compiled.spirv) {
        Ok(_) => Verdict::Accepted,
        Err(e) => Verdict::Refused(first_line(&e)),
    }
}

fn first_line(text: &str) -> String {
    text.lines().filter(|l| !l.trim().is_empty()).take(2).collect::<Vec<_>>().join(" ")
}

fn markdown(entries: &[Entry], verdicts: &[Verdict], elapsed: Duration) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "## The wgpu target over the corpus\n");
    let _ = writeln!(out, "| language | files | compiled (with entry points) | accepted by naga as wgpu | refused | libraries | rejected: feature wgpu cannot run | rejected: other |");
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|");
    for (label, language) in [("WGSL", shader_core::Language::Wgsl), ("GLSL", shader_core::Language::Glsl)] {
        let of = |f: fn(&Verdict) -> bool| entries.iter().zip(verdicts).filter(|(e, v)| e.language == language && f(v)).count();
        let files = entries.iter().filter(|e| e.language == language).count();
        let accepted = of(|v| matches!(v, Verdict::Accepted));
        let refused = of(|v| matches!(v, Verdict::Refused(_) | Verdict::Broken(_)));
        let _ = writeln!(
            out,
            "| {label} | {files} | {} | {accepted} | {refused} | {} | {} | {} |",
            accepted + refused,
            of(|v| matches!(v, Verdict::Library)),
            of(|v| matches!(v, Verdict::NotForWgpu)),
            of(|v| matches!(v, Verdict::Rejected)),
        );
    }
    let _ = writeln!(out, "\n({:.2} s)\n", elapsed.as_secs_f64());
    let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
    for v in verdicts {
        if let Verdict::Refused(why) | Verdict::Broken(why) = v {
            *reasons.entry(why.as_str()).or_default() += 1;
        }
    }
    if !reasons.is_empty() {
        let _ = writeln!(out, "| refused because | files |\n|---|---|");
        for (why, n) in reasons {
            let _ = writeln!(out, "| {} | {n} |", why.replace('|', "\\|"));
        }
        let _ = writeln!(out, "\n| file | why |\n|---|---|");
        for (e, v) in entries.iter().zip(verdicts) {
            if let Verdict::Refused(why) | Verdict::Broken(why) = v {
                let _ = writeln!(out, "| `{}` | {} |", e.path, why.replace('|', "\\|"));
            }
        }
    }
    out
}
