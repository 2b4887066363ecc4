//! The GLSL preprocessor: data-driven snapshots (`test_data/glsl_pp/*.glsl` -> `.expected`,
//! rewritten with `UPDATE_EXPECT=1`), the glslang-accepted corpus (no errors), and robustness
//! (no panic or hang on truncated or garbage input).
//!
//! A test file's first line may be `// pp: OPTION...` with options `vulkan`, `kinds` (print
//! token kinds), `include=DIR` and `define=NAME=VALUE`. Paths are relative to the test
//! directory so that snapshots do not depend on where the repository lives.

use shader_core::glsl::preprocess::{is_supported_extension, preprocess, PpOptions, PpOutput, TokenKind, SUPPORTED_EXTENSIONS};
use shader_core::span::{FileId, SourceMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long one file may take before the test calls it a hang.
const HANG: Duration = Duration::from_secs(60);

fn test_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/glsl_pp")
}

/// Preprocesses `text` as file `name`, loading includes from `root`.
fn run(root: &Path, name: &str, text: &str, options: &PpOptions) -> (PpOutput, SourceMap) {
    let mut sources = SourceMap::new();
    let main = sources.add(name, text);
    let mut loader = |p: &Path| std::fs::read_to_string(root.join(p));
    let out = preprocess(&mut sources, main, options, &mut loader);
    (out, sources)
}

/// The snapshot text: tokens grouped by the physical line they point at, then everything else.
fn render(out: &PpOutput, sources: &SourceMap, kinds: bool) -> String {
    let mut s = String::new();
    let mut current = None;
    for t in &out.tokens {
        let file = sources.get(t.span.file);
        let line = file.line_col(t.span.start).0;
        if current != Some((t.span.file, line)) {
            if current.is_some() {
                s.push('\n');
            }
            let _ = write!(s, "{}:{line}:", file.name);
            current = Some((t.span.file, line));
        }
        s.push(' ');
        if kinds {
            let k = match t.kind {
                TokenKind::Ident => "id",
                TokenKind::IntLit => "int",
                TokenKind::FloatLit => "float",
                TokenKind::Punct => "p",
                TokenKind::StrLit => "str",
            };
            let _ = write!(s, "{k}:");
        }
        s.push_str(&t.text);
    }
    if current.is_some() {
        s.push('\n');
    }
    if let Some(v) = &out.version {
        let _ = writeln!(s, "version: {} {:?}", v.number, v.profile);
    }
    for e in &out.extensions {
        let _ = writeln!(s, "extension: {} {:?}", e.name, e.behavior);
    }
    for p in &out.pragmas {
        let _ = writeln!(s, "pragma: {}", p.text);
    }
    for l in &out.line_directives {
        let _ = writeln!(s, "line: {} physical {} -> {} {:?}", sources.get(l.at.file).name, l.at.physical_line, l.at.line, l.source);
    }
    for f in &out.included_files {
        let _ = writeln!(s, "included: {}", f.display());
    }
    if !out.diagnostics.is_empty() {
        s.push_str("diagnostics:\n");
        s.push_str(&out.diagnostics.render(sources));
    }
    s
}

fn options_from_header(text: &str) -> (PpOptions, bool) {
    let mut options = PpOptions::default();
    let mut kinds = false;
    if let Some(header) = text.lines().next().and_then(|l| l.strip_prefix("// pp:")) {
        for word in header.split_whitespace() {
            if word == "vulkan" {
                options.vulkan = true;
            } else if word == "kinds" {
                kinds = true;
            } else if let Some(dir) = word.strip_prefix("include=") {
                options.include_dirs.push(PathBuf::from(dir));
            } else if let Some(d) = word.strip_prefix("define=") {
                let (name, value) = d.split_once('=').unwrap_or((d, "1"));
                options.defines.push((name.to_string(), value.to_string()));
            } else {
                panic!("unknown test option `{word}`");
            }
        }
    }
    (options, kinds)
}

#[test]
fn snapshots() {
    let dir = test_dir();
    let update = std::env::var("UPDATE_EXPECT").is_ok_and(|v| v == "1");
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("test_data/glsl_pp exists")
        .map(|e| e.expect("readable dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "glsl"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 10, "found only {} preprocessor tests", inputs.len());
    let mut failures = Vec::new();
    for input in &inputs {
        let name = input.file_name().and_then(|n| n.to_str()).expect("UTF-8 file name");
        let text = std::fs::read_to_string(input).expect("readable test input");
        let (options, kinds) = options_from_header(&text);
        let (out, sources) = run(&dir, name, &text, &options);
        let actual = render(&out, &sources, kinds);
        let expected_path = input.with_extension("expected");
        if update {
            std::fs::write(&expected_path, &actual).expect("write snapshot");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            failures.push(format!("=== {name}: expected\n{expected}=== actual\n{actual}"));
        }
    }
    assert!(failures.is_empty(), "{} snapshot(s) differ (UPDATE_EXPECT=1 rewrites them):\n{}", failures.len(), failures.join("\n"));
}

/// Spans of expanded tokens point at the invocation; `#line` renumbers what `presumed_line`
/// reports; tokens of included files point into those files.
#[test]
fn spans_and_presumed_lines() {
    let src = "#define TWO 1 + 1\nint x = TWO;\n#line 100\nint y;\n";
    let (out, sources) = run(&test_dir(), "spans.glsl", src, &PpOptions::default());
    assert!(out.diagnostics.is_empty(), "{}", out.diagnostics.render(&sources));
    let two: Vec<_> = out.tokens.iter().filter(|t| t.text == "1" || t.text == "+").collect();
    assert_eq!(two.len(), 3);
    for t in two {
        assert_eq!(sources.slice(t.span), "TWO");
    }
    let y = out.tokens.iter().find(|t| t.text == "y").expect("y");
    assert_eq!(sources.get(y.span.file).line_col(y.span.start).0, 4);
    assert_eq!(out.presumed_line(&sources, y.span), 100);
}

#[test]
fn main_file_id_need_not_be_zero() {
    let mut sources = SourceMap::new();
    sources.add("other.glsl", "unrelated");
    let main = sources.add("main.glsl", "#version 450\n__FILE__ __LINE__ __VERSION__");
    let out = preprocess(&mut sources, main, &PpOptions::default(), &mut |_| Err(std::io::ErrorKind::NotFound.into()));
    let texts: Vec<&str> = out.tokens.iter().map(|t| t.text.as_str()).collect();
    assert_eq!(texts, ["0", "2", "450"]);
    assert!(out.tokens.iter().all(|t| t.span.file == main));
}

fn corpus_root() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    if root.join("glsl").is_dir() {
        Some(root)
    } else {
        eprintln!("skipped: no GLSL corpus at {}", root.display());
        None
    }
}

/// Preprocesses on a thread with a deadline, so a hang or stack overflow fails the test. The
/// deadline only tells a hang from a slow run (tests assert no timings: speed is measured in
/// the benches); it is generous because the suite shares two cores with other test binaries.
fn run_guarded(root: PathBuf, name: String, text: String) -> (PpOutput, SourceMap) {
    let (tx, rx) = std::sync::mpsc::channel();
    let label = name.clone();
    std::thread::Builder::new()
        .stack_size(4 << 20)
        .spawn(move || {
            let result = std::panic::catch_unwind(move || {
                let (out, sources) = run(&root, &name, &text, &PpOptions { vulkan: true, ..PpOptions::default() });
                (out, sources)
            });
            let _ = tx.send(result.map_err(|_| ()));
        })
        .expect("spawn preprocessor thread");
    match rx.recv_timeout(HANG) {
        Ok(Ok(result)) => result,
        Ok(Err(())) => panic!("{label}: the preprocessor panicked"),
        Err(_) => panic!("{label}: the preprocessor did not finish within {HANG:?} (a hang)"),
    }
}

/// `(path relative to the corpus, glslang accepts it)` for every GLSL file of the manifest.
fn corpus_files(root: &Path) -> Vec<(String, bool)> {
    let manifest = std::fs::read_to_string(root.join("MANIFEST.tsv")).expect("the corpus has a MANIFEST.tsv");
    manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            (cols.len() >= 4 && cols[1] == "glsl").then(|| (cols[0].to_string(), cols[3] == "1"))
        })
        .collect()
}

#[test]
fn corpus_files_glslang_accepts_preprocess_without_errors() {
    let Some(root) = corpus_root() else { return };
    let files = corpus_files(&root);
    let accepted: Vec<_> = files.iter().filter(|(_, ok)| *ok).collect();
    assert!(accepted.len() > 100, "the manifest lists {} glslang-accepted GLSL files", accepted.len());
    let mut failures = Vec::new();
    for (path, _) in accepted {
        let text = std::fs::read_to_string(root.join(path)).expect("corpus file is readable");
        let (out, sources) = run_guarded(root.clone(), path.clone(), text);
        // Excused: includes of files the corpus does not carry, and what the compiler does not
        // implement (extensions it does not support, debugPrintfEXT's strings).
        let excused = |m: &str| {
            m.starts_with("cannot find include file") || m.ends_with("is not supported") || m == "GLSL has no string literals"
        };
        let errors: Vec<_> = out
            .diagnostics
            .iter()
            .filter(|d| d.is_error() && !excused(&d.message))
            .cloned()
            .collect();
        if !errors.is_empty() {
            failures.push(shader_core::diag::render(&errors, &sources));
        }
        // (No token count check: a file may sit entirely under `#ifdef GL_<unsupported>`.)
        let _ = out.tokens.len();
    }
    assert!(failures.is_empty(), "{} accepted files have preprocessor errors:\n{}", failures.len(), failures.join("\n"));
}

/// Every file of the corpus (accepted or not), cut at a few points and with bytes changed,
/// must preprocess without panicking or hanging.
#[test]
fn truncated_and_mangled_inputs_do_not_panic() {
    let Some(root) = corpus_root() else { return };
    let files = corpus_files(&root);
    for (i, (path, _)) in files.iter().enumerate().step_by(7) {
        let text = std::fs::read_to_string(root.join(path)).expect("corpus file is readable");
        for cut in [text.len() / 3, text.len() / 2, text.len() * 9 / 10] {
            let mut cut = cut;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            run_guarded(root.clone(), path.clone(), text[..cut].to_string());
        }
        // Turn every 13th byte (offset by the file index) into a preprocessor-hostile character.
        let mangled: String = text
            .chars()
            .enumerate()
            .map(|(j, c)| if (j + i) % 13 == 0 { ['#', '\\', '(', ')', ',', '"', '/', '*'][j % 8] } else { c })
            .collect();
        run_guarded(root.clone(), path.clone(), mangled);
    }
    let hostile = [
        "#define A A A\n#define B A B\nB B B",
        "#define F(x) F(F(x))\nF(F(F(1)))",
        "#define P(a,b) a##b\nP(P(1,2),3) P(,) P(+,+) P(<<,=) P(/,/)",
        "#if 1 / 0\n#endif\n#if (((((\n#endif\n#if 1 ? 2\n#endif",
        "#define E(x) x\nE(",
        "#if\n#elif\n#else\n#else\n#endif\n#endif\n#elif",
        "\\\n\\\n#\\\ndefine X 1\nX",
        "/* unterminated",
        "\"unterminated\n#include \"",
        "#extension GL_GOOGLE_include_directive : enable\n#include \"self_cycle.glsl\"",
    ];
    for (i, text) in hostile.iter().enumerate() {
        run_guarded(test_dir(), format!("hostile{i}.glsl"), text.to_string());
    }
    // Deep nesting of argument parentheses and of #if.
    let deep = format!("#define I(x) x\n{}1{}", "I(".repeat(5000), ")".repeat(5000));
    run_guarded(test_dir(), "deep.glsl".into(), deep);
    let deep_if = format!("{}{}", "#if 1\n".repeat(200), "#endif\n".repeat(200));
    run_guarded(test_dir(), "deep_if.glsl".into(), deep_if);
    // An exponential expansion stops at the budget instead of hanging.
    let mut bomb = String::from("#define X0 1\n");
    for i in 1..40 {
        bomb.push_str(&format!("#define X{i} X{} X{}\n", i - 1, i - 1));
    }
    bomb.push_str("X39\n");
    let (out, _) = run_guarded(test_dir(), "bomb.glsl".into(), bomb);
    assert!(out.diagnostics.has_errors());
}

/// No `FileId` in the output refers to a file missing from the source map.
#[test]
fn every_span_is_in_the_source_map() {
    let dir = test_dir();
    let text = std::fs::read_to_string(dir.join("includes.glsl")).expect("includes.glsl");
    let (options, _) = options_from_header(&text);
    let (out, sources) = run(&dir, "includes.glsl", &text, &options);
    let n = sources.files().len();
    assert!(out.tokens.iter().all(|t| (t.span.file.0 as usize) < n));
    assert!(out.tokens.iter().any(|t| t.span.file != FileId(0)), "no token from an included file");
}

/// Every predefined macro against glslang's, for each version Vulkan takes: the name of every
/// supported extension ([`SUPPORTED_EXTENSIONS`]) and the profile macros, written alone on a
/// line and expanded by our preprocessor and by `glslangValidator -E` (a defined name becomes
/// `1`). `-E` takes no target environment; the extension macros do not depend on it (the same
/// table came out of `-V` compiles with `#ifndef NAME` / `#error`). `VULKAN` is left out (only
/// `-V` defines it; every compile test reads it), and so is `GL_es_profile`: GLSL 4.60 §3.3
/// defines it for ES shaders, glslang does not.
#[test]
fn predefined_macros_match_glslang() {
    const VERSIONS: &[&str] = &["310 es", "320 es", "140", "150", "150 compatibility", "330", "400", "410", "420", "430", "440", "450", "450 compatibility", "460"];
    let mut names: Vec<&str> = SUPPORTED_EXTENSIONS.iter().map(|(name, _)| *name).collect();
    names.extend(["GL_ES", "GL_core_profile", "GL_compatibility_profile", "GL_FRAGMENT_PRECISION_HIGH"]);
    let dir = std::env::temp_dir().join(format!("glsl_predefined_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let mut failures = Vec::new();
    for version in VERSIONS {
        let text = format!("#version {version}\n{}\nvoid main() {{}}\n", names.join("\n"));
        let (ours, _) = run(&dir, "a.frag", &text, &PpOptions { vulkan: true, ..PpOptions::default() });
        assert!(!ours.diagnostics.has_errors(), "#version {version}: {:?}", ours.diagnostics);
        let ours: Vec<&str> = ours.tokens.iter().take(names.len()).map(|t| t.text.as_str()).collect();
        std::fs::write(dir.join("a.frag"), &text).expect("write a.frag");
        let output = match std::process::Command::new("glslangValidator").arg("-E").arg(dir.join("a.frag")).output() {
            Ok(output) => output,
            Err(_) => {
                assert!(std::env::var("CI").map_or(true, |v| v != "true"), "glslangValidator is required with CI=true");
                eprintln!("!!!!!!!! SKIPPED: glslangValidator is missing !!!!!!!!");
                return;
            }
        };
        let expanded = String::from_utf8_lossy(&output.stdout).to_string();
        // After the `#version` line, one word per name.
        let theirs: Vec<&str> = expanded.lines().skip_while(|l| !l.starts_with("#version")).skip(1).flat_map(str::split_whitespace).take(names.len()).collect();
        for (name, (a, b)) in names.iter().zip(ours.iter().zip(&theirs)) {
            if a != b {
                let defined = |t: &str| if t == "1" { "defined" } else { "not defined" };
                failures.push(format!("#version {version}: {name} is {} here, {} by glslang", defined(a), defined(b)));
            }
        }
        assert_eq!(theirs.len(), names.len(), "#version {version}: glslangValidator -E printed\n{expanded}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{} predefined macros differ from glslang's:\n{}", failures.len(), failures.join("\n"));
}

/// Differential check against glslang: for every accepted corpus file, our token stream must
/// equal our tokenization of `glslangValidator -E` output (which has all macros expanded).
/// Every third file (glslang takes a fifth of a second per run; all of them agreed when last
/// run in full). Files that enable an extension we do not support are excused: they often sit
/// under `#ifdef GL_<extension>`, which glslang defines and we do not. Skipped without the binary.
#[test]
fn corpus_tokens_match_glslang_e() {
    let Some(root) = corpus_root() else { return };
    if std::process::Command::new("glslangValidator").arg("--version").output().is_err() {
        eprintln!("!!!!!!!! SKIPPED: glslangValidator is missing !!!!!!!!");
        return;
    }
    let mut failures = Vec::new();
    let mut compared = 0;
    for (path, accepted) in corpus_files(&root).into_iter().step_by(3) {
        if !accepted {
            continue;
        }
        let output = std::process::Command::new("glslangValidator").arg("-E").arg(root.join(&path)).output().expect("run glslangValidator");
        if !output.status.success() {
            continue;
        }
        let expanded = String::from_utf8_lossy(&output.stdout).to_string();
        let text = std::fs::read_to_string(root.join(&path)).expect("corpus file is readable");
        let (ours, _) = run(&root, &path, &text, &PpOptions::default());
        let tests_unsupported = text.lines().filter(|l| l.trim_start().starts_with("#if")).any(|l| {
            l.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .any(|w| w.starts_with("GL_") && w.contains(|c: char| c.is_ascii_lowercase()) && !is_supported_extension(w))
        });
        if tests_unsupported || ours.diagnostics.iter().any(|d| d.message.ends_with("is not supported")) {
            continue;
        }
        let (theirs, _) = run(&root, &path, &expanded, &PpOptions::default());
        let a: Vec<&str> = ours.tokens.iter().map(|t| t.text.as_str()).collect();
        let b: Vec<&str> = theirs.tokens.iter().map(|t| t.text.as_str()).collect();
        compared += 1;
        if a != b {
            let i = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
            let lo = i.saturating_sub(5);
            failures.push(format!(
                "{path}: token {i} differs\n  ours:    {}\n  glslang: {}",
                a[lo..(i + 6).min(a.len())].join(" "),
                b[lo..(i + 6).min(b.len())].join(" ")
            ));
        }
    }
    assert!(compared > 25, "only {compared} files compared");
    assert!(failures.is_empty(), "{} files differ from glslang -E:\n{}", failures.len(), failures.join("\n"));
}
