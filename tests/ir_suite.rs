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
//! A file may start with header lines (before the IR, each `// key: value`):
//! - `// spirv-version: 1.N`: the version emitted and snapshotted (default 1.0, the back end's
//!   default); `// also-at: 1.N 1.M`: versions also emitted, validated and checked (not
//!   snapshotted);
//! - `// debug-names: off`: no `OpName`/`OpMemberName`; `// bounds-checks: off`: indices are not
//!   clamped (`BoundsChecks::Unchecked`, for modules that count other rules' instructions);
//! - `// naga: rejects: WHY`: naga's SPIR-V front end or validator is known to refuse the module
//!   (a `FIXME(naga 30)` of the reference); the test fails when naga starts accepting it;
//! - `// expect: FACT` or `// expect@1.N: FACT` (at that version only), facts stated from the
//!   rule under test, independent of the snapshot: `capabilities = A, B`, `extensions = A` (an
//!   empty list after `=` means none), `count OpX = N` / `count OpX > N` (instructions by
//!   opcode name, all sections), `interface = N` (ids listed by the first `OpEntryPoint`),
//!   `contains TEXT` / `lacks TEXT` (in the disassembly).
//! Every `ok` module is emitted twice and must be word for word the same (determinism).
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

/// What happened to one `.ir` file at one SPIR-V version: its SPIR-V, or the rendered
/// diagnostics of the stage that rejected it.
fn run(path: &Path, header: &Header, version: (u8, u8)) -> Result<Result<Vec<u32>, String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let name = expect::file_name(path);
    let options = shader_core::spirv::Options { version, debug_names: header.debug_names, bounds_checks: header.bounds_checks, ..Default::default() };
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

/// What a file's header lines ask for (see the module documentation).
struct Header {
    version: (u8, u8),
    also_at: Vec<(u8, u8)>,
    debug_names: bool,
    bounds_checks: shader_core::spirv::BoundsChecks,
    naga_rejects: Option<String>,
    /// `(version it applies to, or every version; the fact)`.
    facts: Vec<(Option<(u8, u8)>, String)>,
}

fn parse_version(text: &str) -> Result<(u8, u8), String> {
    let parsed = text.trim().split_once('.').and_then(|(major, minor)| Some((major.parse().ok()?, minor.parse().ok()?)));
    parsed.ok_or_else(|| format!("bad SPIR-V version `{text}`"))
}

fn header(text: &str) -> Result<Header, String> {
    let defaults = shader_core::spirv::Options::default();
    let mut header = Header { version: defaults.version, also_at: Vec::new(), debug_names: defaults.debug_names, bounds_checks: defaults.bounds_checks, naga_rejects: None, facts: Vec::new() };
    for line in text.lines().map_while(|l| l.strip_prefix("// ")) {
        let Some((key, value)) = line.split_once(": ") else { continue };
        match key {
            "spirv-version" => header.version = parse_version(value)?,
            "also-at" => header.also_at = value.split_whitespace().map(parse_version).collect::<Result<_, _>>()?,
            "debug-names" if value == "off" => header.debug_names = false,
            "bounds-checks" if value == "off" => header.bounds_checks = shader_core::spirv::BoundsChecks::Unchecked,
            "naga" => header.naga_rejects = Some(value.strip_prefix("rejects: ").ok_or_else(|| format!("bad `// naga: {value}`"))?.to_string()),
            "expect" => header.facts.push((None, value.to_string())),
            _ => match key.strip_prefix("expect@") {
                Some(version) => header.facts.push((Some(parse_version(version)?), value.to_string())),
                // Prose in a comment: a header key is lower case, digits, `-`, `@` and `.`.
                None if !key.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-@.".contains(&b)) => {}
                None => return Err(format!("unknown header line `// {line}`")),
            },
        }
    }
    Ok(header)
}

/// The names of an instruction list's first operands (capabilities, extensions).
fn operand_names(instructions: &[rspirv::dr::Instruction]) -> Vec<String> {
    instructions
        .iter()
        .map(|i| match &i.operands[0] {
            rspirv::dr::Operand::Capability(c) => format!("{c:?}"),
            rspirv::dr::Operand::LiteralString(s) => s.clone(),
            other => format!("{other:?}"),
        })
        .collect()
}

/// Checks one `expect` fact against a module; the error says what was found.
fn check_fact(fact: &str, words: &[u32], dis: &str) -> Result<(), String> {
    let load = || shader_cpu::load_module(words).map_err(|e| format!("rspirv cannot load the module: {e}"));
    let list = |value: &str| -> Vec<String> { value.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect() };
    let (found, wanted): (String, String) = if let Some(value) = fact.strip_prefix("capabilities =") {
        (operand_names(&load()?.capabilities).join(", "), list(value).join(", "))
    } else if let Some(value) = fact.strip_prefix("extensions =") {
        (operand_names(&load()?.extensions).join(", "), list(value).join(", "))
    } else if let Some(rest) = fact.strip_prefix("count ") {
        let mut parts = rest.split_whitespace();
        let (Some(op), Some(relation), Some(n), None) = (parts.next(), parts.next(), parts.next().and_then(|n| n.parse::<usize>().ok()), parts.next()) else {
            return Err(format!("bad fact `{fact}`: `count OpX = N` or `count OpX > N`"));
        };
        let name = op.strip_prefix("Op").ok_or_else(|| format!("bad fact `{fact}`: opcode names start with `Op`"))?;
        let count = load()?.all_inst_iter().filter(|i| i.class.opname == name).count();
        let holds = match relation {
            "=" => count == n,
            ">" => count > n,
            _ => return Err(format!("bad fact `{fact}`: the relation is `=` or `>`")),
        };
        return if holds { Ok(()) } else { Err(format!("expected {fact}, found {count}")) };
    } else if let Some(value) = fact.strip_prefix("interface =") {
        // OpEntryPoint operands: execution model, function, name, then the interface.
        let interface = load()?.entry_points.first().map_or(0, |e| e.operands.len().saturating_sub(3));
        (interface.to_string(), value.trim().to_string())
    } else if let Some(text) = fact.strip_prefix("contains ") {
        return if dis.contains(text) { Ok(()) } else { Err(format!("expected the disassembly to contain `{text}`")) };
    } else if let Some(text) = fact.strip_prefix("lacks ") {
        return if dis.contains(text) { Err(format!("expected the disassembly to lack `{text}`")) } else { Ok(()) };
    } else {
        return Err(format!("unknown fact `{fact}`"));
    };
    if found == wanted { Ok(()) } else { Err(format!("expected {fact}, found [{found}]")) }
}

/// spirv-val in the Vulkan environment of the module's version, then naga unless the header
/// says naga rejects it, in which case naga must still reject it.
fn validate(words: &[u32], header: &Header) -> Result<(), String> {
    common::spirv_val(words, common::vulkan_env_for(words))?;
    match (&header.naga_rejects, common::naga_check(words)) {
        (None, result) => result.map(drop),
        (Some(_), Err(_)) => Ok(()),
        (Some(why), Ok(_)) => Err(format!("the header says naga rejects this module ({why}), but naga accepts it: remove the `// naga:` line")),
    }
}

fn check_ok(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let header = header(&text)?;
    let mut failures = Vec::new();
    for version in std::iter::once(header.version).chain(header.also_at.iter().copied()) {
        let words = run(path, &header, version)?.map_err(|e| format!("expected to compile at SPIR-V {version:?}, got:\n{e}"))?;
        let again = run(path, &header, version)?.map_err(|e| format!("the second compile failed:\n{e}"))?;
        if words != again {
            failures.push(format!("at {version:?}: two compiles of the same module differ (output must be deterministic)"));
        }
        let dis = expect::disassemble(&words);
        if version == header.version {
            if let Err(e) = expect::check(&dis, &expect::with_suffix(path, ".spvasm"), "ir_suite") {
                failures.push(e);
            }
        }
        if let Err(e) = validate(&words, &header) {
            failures.push(format!("at {version:?}: {e}"));
        }
        for (only_at, fact) in &header.facts {
            if only_at.is_none_or(|v| v == version) {
                if let Err(e) = check_fact(fact, &words, &dis) {
                    failures.push(format!("at {version:?}: {e}"));
                }
            }
        }
    }
    if failures.is_empty() { Ok(()) } else { Err(failures.join("\n")) }
}

fn check_err(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let header = header(&text)?;
    let rendered = match run(path, &header, header.version)? {
        Ok(words) => return Err(format!("expected an error, but it compiled:\n{}", expect::disassemble(&words))),
        Err(rendered) => rendered,
    };
    expect::check(&rendered, &expect::with_suffix(path, ".err"), "ir_suite")
}
