//! The WGSL parser against real shaders: every corpus file naga accepts parses without errors,
//! and no input (corpus files, their truncations, garbage, deep nesting) panics or hangs.

use shader_core::span::FileId;
use shader_core::wgsl::parse;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long one file may take before the test calls it a hang.
const HANG: Duration = Duration::from_secs(60);

fn corpus_root() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    if root.join("wgsl").is_dir() {
        Some(root)
    } else {
        eprintln!("skipped: no WGSL corpus at {}", root.display());
        None
    }
}

/// `(path relative to the corpus, naga accepts it)` for every WGSL file of the manifest.
fn corpus_files(root: &Path) -> Vec<(String, bool)> {
    let manifest = std::fs::read_to_string(root.join("MANIFEST.tsv"))
        .or_else(|_| std::fs::read_to_string(root.join("wgsl/MANIFEST.tsv")))
        .expect("the corpus has a MANIFEST.tsv");
    manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            (cols.len() >= 5 && cols[1] == "wgsl").then(|| (cols[0].to_string(), cols[4] == "1"))
        })
        .collect()
}

/// Parses `source` on a thread with a small stack and a deadline, so that a stack overflow or a
/// hang fails this test instead of aborting the whole run.
fn parse_guarded(name: &str, source: String) -> shader_core::diag::Diagnostics {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .stack_size(4 << 20)
        .spawn(move || {
            let result = std::panic::catch_unwind(|| parse(&source, FileId(0)).1);
            let _ = tx.send(result);
        })
        .expect("spawn parser thread");
    // The deadline only tells a hang from a slow run (tests assert no timings: parse speed is
    // measured in the benches); generous, because the suite shares two cores.
    match rx.recv_timeout(HANG) {
        Ok(Ok(diags)) => diags,
        Ok(Err(_)) => panic!("{name}: the parser panicked"),
        Err(_) => panic!("{name}: the parser did not finish within {HANG:?} (a hang)"),
    }
}

#[test]
fn corpus_files_naga_accepts_parse_without_errors() {
    let Some(root) = corpus_root() else { return };
    let files = corpus_files(&root);
    assert!(files.len() > 50, "the manifest lists {} WGSL files", files.len());
    let mut failures = Vec::new();
    for (path, accepted) in &files {
        let source = std::fs::read_to_string(root.join(path)).expect("corpus file is readable");
        let diags = parse_guarded(path, source.clone());
        if *accepted && diags.has_errors() {
            let sources = shader_core::span::SourceMap::single(path.clone(), source);
            failures.push(diags.render(&sources));
        }
    }
    assert!(failures.is_empty(), "{} accepted files failed to parse:\n{}", failures.len(), failures.join("\n"));
}

/// What the parser built must match what naga sees in the same file: as many functions
/// (naga splits them into functions and entry points), module-scope variables and overrides.
/// This catches declarations silently lost by recovery or mis-parsed into something else.
#[test]
fn declaration_counts_match_naga() {
    use shader_core::wgsl::ast::GlobalDecl;
    let Some(root) = corpus_root() else { return };
    let mut mismatches = Vec::new();
    let mut compared = 0;
    for (path, accepted) in corpus_files(&root) {
        if !accepted {
            continue;
        }
        let source = std::fs::read_to_string(root.join(&path)).expect("corpus file is readable");
        let Ok(module) = naga::front::wgsl::parse_str(&source) else { continue };
        let (unit, _) = parse(&source, FileId(0));
        compared += 1;
        let count = |f: fn(&GlobalDecl) -> bool| unit.decls.iter().filter(|d| f(d)).count();
        let ours = (
            count(|d| matches!(d, GlobalDecl::Function(_))),
            count(|d| matches!(d, GlobalDecl::Var(_))),
            count(|d| matches!(d, GlobalDecl::Override(_))),
        );
        let theirs =
            (module.functions.len() + module.entry_points.len(), module.global_variables.len(), module.overrides.len());
        if ours != theirs {
            mismatches.push(format!("{path}: (functions, vars, overrides) ours {ours:?}, naga {theirs:?}"));
        }
    }
    assert!(compared > 50, "only {compared} files compared");
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[test]
fn truncated_and_corrupted_corpus_files_do_not_panic() {
    let Some(root) = corpus_root() else { return };
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut with_errors = 0;
    let mut total = 0;
    for (path, _) in corpus_files(&root) {
        let source = std::fs::read_to_string(root.join(&path)).expect("corpus file is readable");
        if source.trim().is_empty() {
            continue;
        }
        for _ in 0..3 {
            // Truncate at a random char boundary.
            let mut cut = rng.below(source.len());
            while !source.is_char_boundary(cut) {
                cut -= 1;
            }
            let truncated = source[..cut].to_string();
            parse_guarded(&format!("{path} truncated at {cut}"), truncated);
            // Delete a random span and splice in a random byte-ish character.
            let a = rng.below(source.len());
            let b = (a + rng.below(40)).min(source.len());
            if source.is_char_boundary(a) && source.is_char_boundary(b) {
                let junk = ["{", "}", "(", "<", ">", ";", "@", "[[", "$", "0x", "1e", "/*"][rng.below(12)];
                let corrupted = format!("{}{}{}", &source[..a], junk, &source[b..]);
                let diags = parse_guarded(&format!("{path} corrupted at {a}..{b}"), corrupted);
                total += 1;
                with_errors += diags.has_errors() as usize;
            }
        }
    }
    // Most corruptions must be noticed; some (deleting a comment) are harmless.
    assert!(with_errors * 2 > total, "only {with_errors} of {total} corrupted files had errors");
}

/// Random soups of WGSL tokens reach parser states that corrupted real files rarely do.
#[test]
fn random_token_soup_does_not_panic() {
    const VOCAB: &[&str] = &[
        "fn",
        "var",
        "let",
        "const",
        "override",
        "struct",
        "alias",
        "type",
        "if",
        "else",
        "elseif",
        "switch",
        "case",
        "default",
        "loop",
        "continuing",
        "break",
        "continue",
        "for",
        "while",
        "return",
        "discard",
        "fallthrough",
        "const_assert",
        "enable",
        "requires",
        "diagnostic",
        "true",
        "x",
        "y",
        "_",
        "vec3",
        "array",
        "f32",
        "ptr",
        "void",
        "1",
        "2u",
        "0x1p3",
        "1.5h",
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        "[[",
        "]]",
        "<",
        ">",
        ">>",
        ">=",
        "<=",
        "<<",
        "<<=",
        ">>=",
        "=",
        "==",
        "!=",
        "+",
        "-",
        "*",
        "/",
        "%",
        "&",
        "|",
        "^",
        "&&",
        "||",
        "!",
        "~",
        "++",
        "--",
        "+=",
        "->",
        "@",
        ".",
        ",",
        ":",
        ";",
        "@group(0)",
        "/*",
        "*/",
    ];
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    for round in 0..1500 {
        let len = 1 + rng.below(80);
        let soup: Vec<&str> = (0..len).map(|_| VOCAB[rng.below(VOCAB.len())]).collect();
        let sep = if round % 2 == 0 { " " } else { "" };
        let source = soup.join(sep);
        parse_guarded(&format!("soup {round}: {source}"), source);
    }
}

#[test]
fn malformed_inputs_report_errors_without_panicking() {
    let deep_parens = format!("fn f() {{ let x = {}1{}; }}", "(".repeat(5000), ")".repeat(5000));
    let deep_blocks = format!("fn f() {{ {} {} }}", "{".repeat(5000), "}".repeat(5000));
    let deep_unary = format!("fn f() {{ let x = {}1; }}", "- ".repeat(5000));
    let deep_templates = format!("var<private> x: {}f32{};", "array<".repeat(3000), ">".repeat(3000));
    let long_else_if = format!("fn f() {{ if a {{}} {} }}", "else if a {} ".repeat(5000));
    let long_sum = format!("const x = 1{};", " + 1".repeat(5000));
    let garbage: String = (0u32..3000).filter_map(|i| char::from_u32((i * 7919) % 0x3000)).collect();
    let cases = [
        ("deep parens", deep_parens),
        ("deep blocks", deep_blocks),
        ("deep unary", deep_unary),
        ("deep templates", deep_templates),
        ("long else-if chain", long_else_if),
        ("garbage", garbage),
        ("unclosed everything", "fn f( { [ < struct S { a: ".to_string()),
        ("lone attribute", "@".to_string()),
        ("lone draft attribute", "[[".to_string()),
        ("unterminated comment", "/* /* */ fn".to_string()),
        ("nul bytes", "fn\0main\0(){}".to_string()),
    ];
    for (name, source) in cases {
        let diags = parse_guarded(name, source);
        assert!(diags.has_errors(), "{name}: no error reported");
    }
    // A flat chain is not nesting (issue 14): it parses whatever its length.
    let diags = parse_guarded("long sum", long_sum);
    assert!(!diags.has_errors(), "long sum: {:?}", diags.iter().map(|d| &d.message).collect::<Vec<_>>());
}
