//! Structure-aware target on the mutation engine of the robustness tests
//! (`tests/common/mutate.rs`: deleted ranges, duplicated or swapped lines, identifiers replaced
//! by other identifiers of the program, numbers replaced by extreme ones), so mutants stay close
//! to real programs and reach the later passes that random bytes rarely do.
//!
//! An input is a language byte (`W`, `G` or `A`) followed by the source. The custom mutator
//! applies the engine's edits to the source, now and then starts over from a program of
//! `../shared/corpus` or `tests/*/ok` (read at start-up, not copied), and lets libFuzzer's own
//! byte mutations loose one time in eight.
#![no_main]

#[path = "../../tests/common/mutate.rs"]
#[allow(dead_code)]
mod mutate;

use mutate::{mutate, Rng};
use shader_core::Language;
use std::path::Path;
use std::sync::OnceLock;

fn seeds() -> &'static [(u8, String)] {
    static SEEDS: OnceLock<Vec<(u8, String)>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut out = Vec::new();
        let dirs = [
            (root.join("../shared/corpus/wgsl"), b'W'),
            (root.join("../shared/corpus/glsl"), b'G'),
            (root.join("tests/wgsl/ok"), b'W'),
            (root.join("tests/glsl/ok"), b'G'),
            (root.join("tests/agsl/ok"), b'A'),
        ];
        for (dir, tag) in dirs {
            collect(&dir, tag, &mut out);
        }
        out.sort();
        assert!(!out.is_empty(), "no seed programs found under ../shared/corpus or tests/*/ok");
        out
    })
}

fn collect(dir: &Path, tag: u8, out: &mut Vec<(u8, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, tag, out);
            continue;
        }
        let name = p.to_string_lossy().to_string();
        let wanted = match tag {
            b'W' => name.ends_with(".wgsl"),
            b'A' => name.ends_with(".agsl"),
            _ => shader_core::glsl::stage_from_path(&name).is_some(),
        };
        if let (true, Ok(text)) = (wanted, std::fs::read_to_string(&p)) {
            if text.len() < 60_000 {
                out.push((tag, text));
            }
        }
    }
}

fn decode(data: &[u8]) -> Option<(u8, &str)> {
    let (&tag, rest) = data.split_first()?;
    matches!(tag, b'W' | b'G' | b'A').then_some(())?;
    Some((tag, std::str::from_utf8(rest).ok()?))
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((tag, source)) = decode(data) else { return };
    match tag {
        b'W' => shader_fuzz::check(Language::Wgsl, None, source),
        b'A' => shader_fuzz::check(Language::Agsl, None, source),
        _ => shader_fuzz::check(Language::Glsl, Some(shader_fuzz::glsl_stage(source)), source),
    }
});

libfuzzer_sys::fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    let mut rng = Rng(u64::from(seed) | 1 << 40);
    let current = decode(&data[..size]).map(|(t, s)| (t, s.to_string()));
    let (tag, source) = match current {
        Some(c) if rng.below(16) != 0 => c,
        _ => {
            let s = seeds();
            s[rng.below(s.len())].clone()
        }
    };
    if rng.below(8) == 0 && size > 1 {
        // libFuzzer's byte-level mutations on the source part.
        let n = libfuzzer_sys::fuzzer_mutate(&mut data[1..], size - 1, max_size - 1);
        return n + 1;
    }
    let mutated = mutate(&source, &mut rng);
    let bytes = mutated.as_bytes();
    let n = bytes.len().min(max_size.saturating_sub(1));
    data[0] = tag;
    data[1..1 + n].copy_from_slice(&bytes[..n]);
    // A cut in the middle of a UTF-8 character is left for `decode` to refuse.
    n + 1
});
