//! Data-driven IR suite: validator and back-end tests kept as IR text (`shader_core::ir::text`)
//! instead of Rust code building modules.
//!
//! - `shader-core/test_data/ir/ok/NAME.ir` must parse, pass the IR validator and give SPIR-V that
//!   passes spirv-val (vulkan1.1) and naga and whose disassembly equals the committed
//!   `NAME.ir.spvasm`.
//! - `shader-core/test_data/ir/err/NAME.ir` must be rejected, without a panic, by the text parser
//!   (a located diagnostic: `NAME.ir:line:col`, the line and a caret), the validator or the back
//!   end; the rendered diagnostics are the committed `NAME.ir.err`.
//!
//! A file may start with `// spirv-version: 1.N` (default 1.0, the back end's default).
//! `UPDATE_EXPECT=1 cargo test --test ir_suite` rewrites the `.spvasm` and `.err` files; review
//! the diff. One trial per file: `cargo test --test ir_suite -- err/NAME.ir` runs one.

mod common;

use common::{expect, Outcome};
use shader_core::diag::Diagnostics;
use shader_core::ir;
use shader_core::span::SourceMap;
use std::path::Path;
use std::time::Duration;

/// Far longer than any small module takes; longer means a hang.
const TIMEOUT: Duration = Duration::from_secs(20);

fn main() {
    let root = common::workspace_root().join("shader-core/test_data/ir");
    let mut trials = Vec::new();
    for folder in ["ok", "err"] {
        let files = expect::files(&root.join(folder), &["ir"]);
        assert!(!files.is_empty(), "no .ir files under {}", root.join(folder).display());
        for path in files {
            let name = format!("{folder}/{}", expect::file_name(&path));
            let ok = folder == "ok";
            trials.push(expect::trial(name, move || if ok { check_ok(&path) } else { check_err(&path) }));
        }
    }
    expect::run(trials)
}

/// What happened to one `.ir` file: its SPIR-V, or the rendered diagnostics of the stage that
/// rejected it.
fn run(path: &Path) -> Result<Result<Vec<u32>, String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let name = expect::file_name(path);
    let options = options(&text)?;
    match common::guarded(TIMEOUT, move || compile(&name, &text, &options)) {
        Outcome::Done(result) => Ok(result),
        Outcome::Panicked(message) => Err(format!("panicked: {message}")),
        Outcome::TimedOut => Err(format!("did not finish within {TIMEOUT:?}")),
    }
}

/// Parse, validate, emit.
fn compile(name: &str, text: &str, options: &shader_core::spirv::Options) -> Result<Vec<u32>, String> {
    let sources = SourceMap::single(name, text);
    let module = ir::text::parse(text).map_err(|d| d.render(&sources))?;
    let validated = ir::validate::validate(module).map_err(|d| unlocated(&d))?;
    shader_core::spirv::emit(&validated, options).map_err(|d| unlocated(&d))
}

/// Parsed items have no source span, so the validator's and back end's diagnostics are shown
/// without a location: severity, message and notes.
fn unlocated(diagnostics: &Diagnostics) -> String {
    let mut out = String::new();
    for d in diagnostics.iter() {
        let severity = if d.is_error() { "error" } else { "warning" };
        out.push_str(&format!("{severity}: {}\n", d.message));
        for label in d.labels.iter().filter(|l| !l.message.is_empty()) {
            out.push_str(&format!("  label: {}\n", label.message));
        }
        for note in &d.notes {
            out.push_str(&format!("  = note: {note}\n"));
        }
    }
    out
}

/// The back-end options a file asks for in its first line.
fn options(text: &str) -> Result<shader_core::spirv::Options, String> {
    let mut options = shader_core::spirv::Options::default();
    if let Some(version) = text.lines().next().and_then(|l| l.strip_prefix("// spirv-version: ")) {
        let minor = version.trim().strip_prefix("1.").and_then(|m| m.parse().ok());
        options.version = (1, minor.ok_or_else(|| format!("bad `// spirv-version: {version}` line"))?);
    }
    Ok(options)
}

fn check_ok(path: &Path) -> Result<(), String> {
    let words = run(path)?.map_err(|e| format!("expected to compile, got:\n{e}"))?;
    let snapshot = expect::check(&expect::disassemble(&words), &expect::with_suffix(path, ".spvasm"), "ir_suite");
    common::validate_spirv(&words).and(snapshot)
}

fn check_err(path: &Path) -> Result<(), String> {
    let rendered = match run(path)? {
        Ok(words) => return Err(format!("expected an error, but it compiled:\n{}", expect::disassemble(&words))),
        Err(rendered) => rendered,
    };
    expect::check(&rendered, &expect::with_suffix(path, ".err"), "ir_suite")
}

