//! Expectation files and the data-driven harness of the suites (`harness = false` tests built on
//! libtest-mimic): one trial per program, so `cargo test --test wgsl_suite -- ok/foo.wgsl` runs
//! one file, and `UPDATE_EXPECT=1` rewrites every expectation file a trial compares against
//! (SPIR-V disassembly `*.spvasm`, rendered diagnostics `*.stderr`, corpus verdicts).

use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};

/// The variable that rewrites expectation files instead of comparing with them.
pub const UPDATE_VAR: &str = "UPDATE_EXPECT";

/// True when `UPDATE_EXPECT=1`.
pub fn update() -> bool {
    std::env::var(UPDATE_VAR).is_ok_and(|v| v == "1")
}

/// A trial named `name` whose failure message is the `Err` of `check`.
pub fn trial(name: impl Into<String>, check: impl FnOnce() -> Result<(), String> + Send + 'static) -> Trial {
    Trial::test(name, move || check().map_err(Failed::from))
}

/// Runs the trials with libtest's command line (filters, `--exact`, `--test-threads`, ...) and
/// exits the process with its verdict.
pub fn run(trials: Vec<Trial>) -> ! {
    libtest_mimic::run(&Arguments::from_args(), trials).exit()
}

/// The SPIR-V text form of a module snapshot: rspirv's disassembler (pure Rust, so snapshots
/// are checked wherever the tests run; deterministic: ids are ours, nothing depends on time or
/// the machine), without the source-line debug info ([`strip_line_info`]: snapshots stay
/// readable and do not change when a comment moves a line; tests/debug_info.rs checks the
/// lines). Words rspirv cannot parse (raw SPIR-V from GL_EXT_spirv_intrinsics may use
/// opcodes its grammar lacks) are shown as hex, one instruction word per line.
pub fn disassemble(words: &[u32]) -> String {
    use rspirv::binary::Disassemble;
    let mut text = match shader_cpu::load_module(words) {
        Ok(mut module) => {
            strip_line_info(&mut module);
            module.disassemble()
        }
        Err(e) => {
            let mut text = format!("; rspirv cannot disassemble this module ({e}); raw words:\n");
            for word in words {
                text.push_str(&format!("{word:#010x}\n"));
            }
            text
        }
    };
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// Removes `OpSource`, `OpLine`, `OpNoLine` and the `OpString`s they name (not those of
/// `debugPrintfEXT` formats) from `module`. Our back end allocates the ids of those `OpString`s
/// last, so the bound then drops by their number and the module is word for word what
/// `CompileOptions::strip_debug` gives (tests/debug_info.rs checks it).
pub fn strip_line_info(module: &mut rspirv::dr::Module) {
    use rspirv::dr::{Instruction, Operand};
    use rspirv::spirv::Op;
    let is_line = |i: &Instruction| matches!(i.class.opcode, Op::Line | Op::NoLine);
    let mut files = std::collections::BTreeSet::new();
    let blocks = module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions);
    for inst in module.global_inst_iter().chain(blocks).filter(|i| matches!(i.class.opcode, Op::Line | Op::Source)) {
        files.extend(inst.operands.iter().filter_map(|o| match o {
            Operand::IdRef(id) => Some(*id),
            _ => None,
        }));
    }
    let strings: Vec<u32> = files.into_iter().collect();
    module.debug_string_source.retain(|i| i.class.opcode != Op::Source && !(i.class.opcode == Op::String && i.result_id.is_some_and(|id| strings.contains(&id))));
    module.types_global_values.retain(|i| !is_line(i));
    for block in module.functions.iter_mut().flat_map(|f| &mut f.blocks) {
        block.instructions.retain(|i| !is_line(i));
    }
    if let Some(header) = &mut module.header {
        let count = strings.len() as u32;
        if strings.iter().all(|&id| id + count >= header.bound) {
            header.bound -= count;
        }
    }
}

/// The files of `dir` whose extension is one of `extensions`, sorted so trial names and reports
/// come in a stable order (a missing folder gives none; the suites assert they found some).
pub fn files(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    entries(dir, |p| p.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.contains(&e)))
}

/// The entries of `dir` (files or folders) that `keep` accepts, sorted; a missing folder gives
/// none.
pub fn entries(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    entries.retain(|p| keep(p));
    entries.sort();
    entries
}

/// The last component of `path`, as a trial name and the file name of diagnostics.
pub fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// `NAME.EXT` -> `NAME.EXT<suffix>`: where an expectation file of `path` lives.
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Compares `actual` with the file at `path`, or writes it there under `UPDATE_EXPECT=1`.
/// `test` names the cargo test that owns the file, for the message telling how to create or
/// update it.
pub fn check(actual: &str, path: &Path, test: &str) -> Result<(), String> {
    let shown = path.strip_prefix(super::workspace_root()).unwrap_or(path).display().to_string();
    if update() {
        let unchanged = std::fs::read_to_string(path).is_ok_and(|old| old == actual);
        if !unchanged {
            std::fs::write(path, actual).map_err(|e| format!("cannot write {shown}: {e}"))?;
        }
        return Ok(());
    }
    let Ok(expected) = std::fs::read_to_string(path) else {
        return Err(format!(
            "{shown} is missing; create it with `{UPDATE_VAR}=1 cargo test --test {test}`, review it and commit it. Got:\n{}",
            head(actual, 40)
        ));
    };
    if expected == actual {
        Ok(())
    } else {
        Err(format!(
            "output differs from {shown} (`{UPDATE_VAR}=1 cargo test --test {test}` rewrites it; review the diff):\n{}",
            line_diff(&expected, actual)
        ))
    }
}

/// Removes a stale expectation file under `UPDATE_EXPECT=1`; otherwise its presence is an error.
pub fn check_absent(path: &Path, test: &str, why: &str) -> Result<(), String> {
    if !path.exists() {
        return Ok(());
    }
    if update() {
        return std::fs::remove_file(path).map_err(|e| format!("cannot remove {}: {e}", path.display()));
    }
    let shown = path.strip_prefix(super::workspace_root()).unwrap_or(path).display().to_string();
    Err(format!("{shown} is stale ({why}); `{UPDATE_VAR}=1 cargo test --test {test}` removes it"))
}

fn head(text: &str, lines: usize) -> String {
    let mut out: String = text.lines().take(lines).map(|l| format!("{l}\n")).collect();
    if text.lines().count() > lines {
        out.push_str("...\n");
    }
    out
}

/// The changed region of two texts: the lines between their common prefix and common suffix,
/// `-` expected and `+` actual, with three lines of context (enough to read a snapshot change
/// without a diff tool; the real review happens on the rewritten file).
fn line_diff(expected: &str, actual: &str) -> String {
    let (old, new): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    let prefix = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
    let suffix = old[prefix..].iter().rev().zip(new[prefix..].iter().rev()).take_while(|(a, b)| a == b).count();
    let mut out = format!("@@ line {} @@\n", prefix + 1);
    for line in &old[prefix.saturating_sub(3)..prefix] {
        out.push_str(&format!(" {line}\n"));
    }
    let (removed, added) = (&old[prefix..old.len() - suffix], &new[prefix..new.len() - suffix]);
    for line in removed.iter().take(60) {
        out.push_str(&format!("-{line}\n"));
    }
    for line in added.iter().take(60) {
        out.push_str(&format!("+{line}\n"));
    }
    if removed.len() > 60 || added.len() > 60 {
        out.push_str(&format!("... ({} lines removed, {} added in all)\n", removed.len(), added.len()));
    }
    for line in old[old.len() - suffix..].iter().take(3) {
        out.push_str(&format!(" {line}\n"));
    }
    out
}

/// Checks per-file corpus verdicts (`valid`: compiled to SPIR-V every validator accepts;
/// `rejected`: our compiler refused it) against the committed list at `path`, one
/// `verdict<TAB>corpus path` line per file.
///
/// - A file listed `valid` that is now `rejected` is a regression: the result is `Err`.
/// - A file listed `rejected` that is now `valid`, a corpus file the list lacks, and a listed
///   file the corpus no longer has are reported on stderr but do not fail: an improvement must
///   not break CI. `UPDATE_EXPECT=1` records them (and, being a rewrite, also accepts
///   regressions: review the diff).
///
/// `complete` is false when the run covered only part of the corpus (a filter): then the list
/// is neither checked for stale entries nor rewritten.
pub fn check_verdicts(actual: &[(String, bool)], path: &Path, complete: bool, test: &str) -> Result<(), String> {
    let shown = path.strip_prefix(super::workspace_root()).unwrap_or(path).display().to_string();
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(_) if update() => String::new(),
        Err(_) => return Err(format!("{shown} is missing; create it with `{UPDATE_VAR}=1 cargo test --test {test}` and commit it")),
    };
    let mut expected = std::collections::BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        match line.split_once('\t') {
            Some(("valid", file)) => expected.insert(file.to_string(), true),
            Some(("rejected", file)) => expected.insert(file.to_string(), false),
            _ => return Err(format!("{shown}: malformed line {line:?} (want `valid|rejected<TAB>path`)")),
        };
    }
    let (mut regressed, mut improved, mut new) = (Vec::new(), Vec::new(), Vec::new());
    for (file, valid) in actual {
        match expected.remove(file) {
            Some(true) if !valid => regressed.push(file.as_str()),
            Some(false) if *valid => improved.push(file.as_str()),
            Some(_) => {}
            None => new.push(format!("{file} ({})", if *valid { "valid" } else { "rejected" })),
        }
    }
    let gone: Vec<&String> = if complete { expected.keys().collect() } else { Vec::new() };
    let rerun = format!("`{UPDATE_VAR}=1 cargo test --test {test}`");
    if !improved.is_empty() {
        eprintln!("{} corpus file(s) now compile to valid SPIR-V (record with {rerun}):\n  {}", improved.len(), improved.join("\n  "));
    }
    if !new.is_empty() {
        eprintln!("{} corpus file(s) have no verdict in {shown} yet (record with {rerun}):\n  {}", new.len(), new.join("\n  "));
    }
    if !gone.is_empty() {
        eprintln!("{} file(s) of {shown} are no longer in the corpus (drop with {rerun}):\n  {}", gone.len(), gone.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n  "));
    }
    if update() && complete {
        let mut out = format!(
            "# Per-file verdicts of {test} (tests/{test}.rs): `valid` compiles to SPIR-V the validators accept,\n\
             # `rejected` is refused by our compiler. A `valid` file turning `rejected` fails the test;\n\
             # {UPDATE_VAR}=1 rewrites this list (review the diff).\n"
        );
        let mut sorted: Vec<&(String, bool)> = actual.iter().collect();
        sorted.sort();
        for (file, valid) in sorted {
            out.push_str(&format!("{}\t{file}\n", if *valid { "valid" } else { "rejected" }));
        }
        if out != text {
            std::fs::write(path, out).map_err(|e| format!("cannot write {shown}: {e}"))?;
        }
        return Ok(());
    }
    if regressed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} corpus file(s) listed `valid` in {shown} no longer compile to valid SPIR-V (see the report for why; \
             if intended, {rerun} records it):\n  {}",
            regressed.len(),
            regressed.join("\n  ")
        ))
    }
}
