//! Robustness of the whole WGSL pipeline on broken input: every corpus file naga accepts and
//! every `tests/wgsl/ok` program is mutated (bytes deleted, lines duplicated or swapped,
//! identifiers and numbers replaced) with a fixed-seed generator. For every mutant the compiler
//! must return (no panic, no hang), and when it accepts the mutant its SPIR-V must pass
//! spirv-val and naga: accepting broken input and emitting invalid SPIR-V is a bug too.

mod common;

use common::Outcome;
use std::time::Duration;

const MUTANTS_PER_FILE: usize = 40;

/// xorshift64*: deterministic, so a failure reproduces.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next() % n as u64) as usize }
    }
}

fn words(source: &str, pred: impl Fn(char) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in source.char_indices() {
        match (start, pred(c) || (start.is_some() && (c.is_alphanumeric() || c == '_' || c == '.'))) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    out
}

fn mutate(source: &str, rng: &mut Rng) -> String {
    let mut s = source.to_string();
    for _ in 0..1 + rng.below(2) {
        let len = s.len();
        match rng.below(5) {
            0 => {
                let a = rng.below(len);
                let b = (a + 1 + rng.below(20)).min(len);
                if s.is_char_boundary(a) && s.is_char_boundary(b) {
                    s.replace_range(a..b, "");
                }
            }
            1 | 2 => {
                let lines: Vec<&str> = s.lines().collect();
                if lines.len() > 1 {
                    let (i, j) = (rng.below(lines.len()), rng.below(lines.len()));
                    let mut new: Vec<&str> = lines.clone();
                    if rng.below(2) == 0 {
                        new.insert(j, lines[i]);
                    } else {
                        new.swap(i, j);
                    }
                    s = new.join("\n");
                }
            }
            3 => {
                let ids = words(&s, |c| c.is_alphabetic() || c == '_');
                if ids.len() > 1 {
                    let (a, b) = (ids[rng.below(ids.len())], ids[rng.below(ids.len())]);
                    let replacement = s[b.0..b.1].to_string();
                    s.replace_range(a.0..a.1, &replacement);
                }
            }
            _ => {
                let nums = words(&s, |c| c.is_ascii_digit());
                if !nums.is_empty() {
                    let a = nums[rng.below(nums.len())];
                    let choices = ["0", "-1", "4294967295", "2147483648", "1e40", "0u", "7.5", "9999999999999999999"];
                    s.replace_range(a.0..a.1, choices[rng.below(choices.len())]);
                }
            }
        }
    }
    s
}

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
    let mut rng = Rng(0x4242_4242_4242_u64);
    let (mut accepted, mut total) = (0, 0);
    let mut failures = Vec::new();
    for path in &files {
        let Ok(source) = std::fs::read_to_string(path) else { continue };
        for k in 0..MUTANTS_PER_FILE {
            let mutant = mutate(&source, &mut rng);
            total += 1;
            let name = format!("{}#{k}", path.file_name().unwrap_or_default().to_string_lossy());
            match common::compile_guarded(&name, &mutant, Duration::from_secs(20)) {
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
    assert!(failures.is_empty(), "{} mutants broke the compiler:\n\n{}", failures.len(), failures.join("\n\n"));
}
