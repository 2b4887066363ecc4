//! Robustness of the whole WGSL pipeline on broken input: every corpus file naga accepts and
//! every `tests/wgsl/ok` program is mutated (bytes deleted, lines duplicated or swapped,
//! identifiers and numbers replaced) with a fixed-seed generator. For every mutant the compiler
//! must return (no panic, no hang), and when it accepts the mutant its SPIR-V must pass
//! spirv-val and naga: accepting broken input and emitting invalid SPIR-V is a bug too.
//!
//! Differential: every mutant of a program naga compiles is also compiled by naga (front end,
//! validator, SPIR-V writer), and where the verdicts differ the disagreement must be an
//! intended difference (`common::differential::INTENDED`, each with its rule and spec
//! section); any other is a bug. `SHADER_MUTANTS=N` runs N times as many mutants (README,
//! development).

mod common;

use common::differential::{naga_verdict, our_first_error, scale, Lang, Tally};
use common::mutate::{mutate, Rng};
use common::Outcome;
use std::time::Duration;

const MUTANTS_PER_FILE: usize = 40;

#[test]
fn mutated_wgsl_never_panics_and_accepted_output_validates() {
    let root = common::workspace_root();
    let mut files = Vec::new();
    if let Ok(manifest) = std::fs::read_to_string(root.join("../shared/corpus/MANIFEST.tsv")) {
        for line in manifest.lines().skip(1) {
            let cells: Vec<&str> = line.split('\t').collect();
            if cells.len() >= 5 && cells[1] == "wgsl" && cells[4] == "1" {
                files.push(root.join("../shared/corpus").join(cells[0]));
            }
        }
    } else if common::ci() {
        panic!("corpus missing but CI=true");
    }
    let mut own: Vec<_> = std::fs::read_dir(root.join("tests/wgsl/ok")).expect("tests/wgsl/ok").filter_map(|e| e.ok().map(|e| e.path())).collect();
    own.sort();
    files.extend(own);
    let mut rng = Rng(common::differential::seed(0x4242_4242_4242_u64));
    let (mut accepted, mut total) = (0, 0);
    let mut failures = Vec::new();
    let mut tally = Tally::default();
    let mut reference_rejects_original = 0;
    for path in &files {
        let Ok(source) = std::fs::read_to_string(path) else { continue };
        // Only mutants of programs the reference compiles are compared.
        let compare = naga_verdict(&source).is_ok();
        if !compare {
            reference_rejects_original += 1;
        }
        for k in 0..MUTANTS_PER_FILE * scale() {
            let mutant = mutate(&source, &mut rng);
            total += 1;
            let name = format!("{}#{k}", path.file_name().unwrap_or_default().to_string_lossy());
            let outcome = common::compile_verdict_guarded(&name, &mutant, Duration::from_secs(20));
            if compare {
                if let Outcome::Done(result) = &outcome {
                    let ours = result.as_ref().map(drop).map_err(our_first_error);
                    tally.record(&name, &mutant, &ours, &naga_verdict(&mutant));
                }
            }
            match outcome {
                Outcome::Done(Ok(compiled)) => {
                    accepted += 1;
                    if let Err(e) = common::validate_spirv(&compiled.spirv).or_else(|e| if common::is_known_naga_bug(&e) { Ok(()) } else { Err(e) }) {
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
    eprintln!("{total} mutants, {accepted} accepted");
    tally.mutants = total;
    let (report, unexplained) = tally.report(Lang::Wgsl, "naga");
    let report = format!("{report}\n{reference_rejects_original} programs naga rejects were mutated for robustness only.\n");
    common::write_corpus_report("MUTANTS_WGSL_REPORT", "mutants-wgsl.md", &report);
    eprintln!("{report}");
    assert!(failures.is_empty(), "{} mutants broke the compiler:\n\n{}", failures.len(), failures.join("\n\n"));
    assert!(
        unexplained.is_empty(),
        "{} classes of disagreement with naga are not intended differences (fix the front end or, for a \
         reference gap, add an entry to common::differential::INTENDED):\n\n{}",
        unexplained.len(),
        unexplained.join("\n\n")
    );
}
