//! The repros of `../shared/repros` (README there), each compiled as its README section says:
//!
//! - "Invalid programs accepted": every file is rejected, for both targets, with exactly the
//!   errors of [`INVALID`] (line, column and the words of the message), each located in the file
//!   (`file:line:col` in the rendered text) and naming the rule it breaks (a spec section, `§`,
//!   in the message or a note). The reference compiler must reject the file too (glslang `-V`
//!   for GLSL, naga for WGSL), so a repro that turned valid cannot pass.
//! - every other section (valid programs rejected, compiled to wrong results, refused by wgpu,
//!   compiled to invalid SPIR-V): every file compiles for the Vulkan target to SPIR-V spirv-val
//!   accepts, and for the wgpu target to SPIR-V spirv-val and naga's front end and validator (as
//!   wgpu runs them) accept, or to the wgpu target's deliberate error for the features listed in
//!   [`WGPU_REFUSES`]. The reference compiler must accept the file (glslang `-V`; naga, or Tint
//!   where naga lacks the feature).
//!
//! Every file of `repros/glsl` and `repros/wgsl` must be in the README's tables, and every
//! table row must name an existing file. Without the repros (no `../shared`) the test skips
//! (fails when `CI=true`). Results of the wrong-results and invalid-SPIR-V rows are checked by
//! execution elsewhere (`wgpu_paths`, `wgsl_pointer_params`, `interface_differential`).

mod common;

use common::Outcome;
use std::path::{Path, PathBuf};
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(20);

/// The errors each invalid repro must give: (line, column, words of the message).
const INVALID: &[(&str, &[(u32, u32, &str)])] = &[
    (
        "wgsl/repeated_attribute.wgsl",
        &[(4, 15, "attribute `@size` is given more than once"), (6, 23, "attribute `@binding` is given more than once"), (8, 10, "attribute `@compute` is given more than once")],
    ),
    (
        "glsl/duplicate_member.vert",
        &[(4, 48, "two members named `position`"), (5, 74, "two members named `intensity`"), (6, 43, "two members named `gl_Position`")],
    ),
    (
        "glsl/layout_without_storage.frag",
        &[(5, 8, "layout qualifier `location` needs a storage qualifier"), (6, 8, "a default-qualifier declaration needs a storage qualifier")],
    ),
    (
        "glsl/location_out_of_range.frag",
        &[(5, 8, "location 2147483647 is too large"), (6, 8, "location 32 is too large for a fragment output")],
    ),
    ("glsl/empty_block.comp", &[(5, 36, "a block must declare at least one member")]),
];

/// Valid repros the wgpu target refuses on purpose (the feature and the way out in the error,
/// `common::NOT_FOR_WGPU`), with words of that error. The Vulkan target compiles them.
const WGPU_REFUSES: &[(&str, &str)] = &[
    ("glsl/buffer_reference.comp", "buffer references (GL_EXT_buffer_reference)"),
    ("glsl/int_image_without_format.comp", "a storage image declared without a format qualifier"),
    ("glsl/sparse.frag", "`SparseResidency`"),
    ("wgsl/num_layers.wgsl", "the layer count of an array texture"),
    ("wgsl/sample_mask.wgsl", "the sample mask"),
];

#[test]
fn every_repro_gets_the_verdict_of_its_readme_section() {
    let root = common::workspace_root().join("../shared/repros");
    let Ok(readme) = std::fs::read_to_string(root.join("README.md")) else {
        assert!(!common::ci(), "../shared/repros/README.md not found but CI=true");
        eprintln!("*** SKIPPED: no ../shared/repros ***");
        return;
    };
    let rows = readme_rows(&readme);
    let mut failures = Vec::new();
    for dir in ["glsl", "wgsl"] {
        for entry in std::fs::read_dir(root.join(dir)).into_iter().flatten().flatten() {
            let name = format!("{dir}/{}", entry.file_name().to_string_lossy());
            if !rows.iter().any(|(file, _)| *file == name) {
                failures.push(format!("{name}: not in any table of repros/README.md"));
            }
        }
    }
    for file in INVALID.iter().map(|(f, _)| *f).chain(WGPU_REFUSES.iter().map(|(f, _)| *f)) {
        if !rows.iter().any(|(name, _)| name == file) {
            failures.push(format!("{file}: listed in this test but not in repros/README.md"));
        }
    }
    let (mut invalid, mut valid) = (0, 0);
    for (file, invalid_section) in &rows {
        let path = root.join(file);
        let Ok(source) = std::fs::read_to_string(&path) else {
            failures.push(format!("{file}: in repros/README.md but not readable at {}", path.display()));
            continue;
        };
        let result = if *invalid_section {
            invalid += 1;
            check_invalid(file, &path, &source)
        } else {
            valid += 1;
            check_valid(file, &path, &source)
        };
        if let Err(e) = result {
            failures.push(format!("{file}: {e}"));
        }
    }
    eprintln!("repros: {invalid} invalid programs, {valid} valid programs checked");
    assert!(invalid >= 5 && valid >= 20, "too few repros read from the README ({invalid} invalid, {valid} valid)");
    assert!(failures.is_empty(), "{} repros fail:\n\n{}", failures.len(), failures.join("\n\n"));
}

/// The file column of every table row of the README, with whether its section is "Invalid
/// programs accepted".
fn readme_rows(readme: &str) -> Vec<(String, bool)> {
    let mut rows = Vec::new();
    let mut invalid = false;
    for line in readme.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            invalid = heading.starts_with("Invalid programs accepted");
            continue;
        }
        let Some(cell) = line.strip_prefix('|').and_then(|rest| rest.split('|').next()) else { continue };
        let cell = cell.trim();
        if [".wgsl", ".vert", ".frag", ".comp"].iter().any(|e| cell.ends_with(e)) {
            rows.push((cell.to_string(), invalid));
        }
    }
    rows
}

fn compile(file: &str, path: &Path, source: &str, target: shader_core::Target) -> Outcome<Result<shader_core::Compiled, shader_core::CompileError>> {
    let language = if file.ends_with(".wgsl") { shader_core::Language::Wgsl } else { shader_core::Language::Glsl };
    let options = shader_core::CompileOptions {
        language,
        target,
        include_dirs: path.parent().map(PathBuf::from).into_iter().collect(),
        ..Default::default()
    };
    let (name, source) = (file.to_string(), source.to_string());
    common::guarded(TIMEOUT, move || shader_core::compile(&name, &source, &options))
}

fn stage_extension(file: &str) -> &str {
    file.rsplit('.').next().unwrap_or("comp")
}

/// The reference compiler's verdict: `Ok` when it compiles the file, `None` when the tool is
/// missing (a failure on CI).
fn reference_verdict(file: &str, source: &str) -> Option<Result<(), String>> {
    if file.ends_with(".wgsl") {
        return Some(common::compile_naga(source).map(drop));
    }
    if common::skip_without_glslang() {
        return None;
    }
    Some(common::compile_glslang(source, stage_extension(file)).map(drop))
}

/// Tint's verdict on a WGSL file (`tint FILE --format wgsl`), for the features naga 30 lacks;
/// `None` without Tint (a failure on CI).
fn tint_verdict(path: &Path) -> Option<Result<(), String>> {
    let out = std::env::temp_dir().join(format!("shader-e2e-repros-{}.wgsl", std::process::id()));
    let run = std::process::Command::new("tint").arg(path).arg("--format").arg("wgsl").arg("-o").arg(&out).output();
    let _ = std::fs::remove_file(&out);
    match run {
        Ok(run) if run.status.success() => Some(Ok(())),
        Ok(run) => Some(Err(format!("{}{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr)))),
        Err(_) => {
            assert!(!common::ci(), "tint is not installed but CI=true");
            eprintln!("*** SKIPPED: tint not installed ***");
            None
        }
    }
}

fn check_invalid(file: &str, path: &Path, source: &str) -> Result<(), String> {
    let Some((_, expected)) = INVALID.iter().find(|(f, _)| *f == file) else {
        return Err("an invalid repro without its expected errors in INVALID (tests/repros.rs)".into());
    };
    if let Some(Ok(())) = reference_verdict(file, source) {
        return Err("the reference compiler accepts it: it is no longer an invalid program".into());
    }
    for target in [shader_core::Target::Vulkan, shader_core::Target::Wgpu] {
        let error = match compile(file, path, source, target) {
            Outcome::Done(Err(e)) => e,
            Outcome::Done(Ok(_)) => return Err(format!("{target:?} target: accepted")),
            Outcome::Panicked(m) => return Err(format!("{target:?} target: panicked: {m}")),
            Outcome::TimedOut => return Err(format!("{target:?} target: hung")),
        };
        let rendered = error.render();
        let mut found = Vec::new();
        for d in error.diagnostics.iter().filter(|d| d.is_error()) {
            let Some(span) = d.primary_span() else {
                return Err(format!("{target:?} target: an error without a location: {}", d.message));
            };
            let source_file = error.sources.get(span.file);
            let (line, col) = source_file.line_col(span.start);
            if !rendered.contains(&format!("{}:{line}:{col}", source_file.name)) {
                return Err(format!("{target:?} target: `{file}:{line}:{col}` is not in the rendered errors:\n{rendered}"));
            }
            if !d.message.contains('§') && !d.notes.iter().any(|n| n.contains('§')) {
                return Err(format!("{target:?} target: the error at {line}:{col} names no rule (a spec section): {}", d.message));
            }
            found.push((line, col, d.message.clone()));
        }
        let matches = found.len() == expected.len()
            && found.iter().zip(expected.iter()).all(|((l, c, m), (el, ec, words))| l == el && c == ec && m.contains(words));
        if !matches {
            return Err(format!("{target:?} target: expected the errors {expected:?}, got {found:?}:\n{rendered}"));
        }
    }
    Ok(())
}

fn check_valid(file: &str, path: &Path, source: &str) -> Result<(), String> {
    match reference_verdict(file, source) {
        Some(Err(naga)) if file.ends_with(".wgsl") => {
            if let Some(Err(tint)) = tint_verdict(path) {
                return Err(format!("neither naga nor Tint accepts it: it is not a valid program\nnaga: {naga}\nTint: {tint}"));
            }
        }
        Some(Err(e)) => return Err(format!("glslang rejects it: it is not a valid program\n{e}")),
        _ => {}
    }
    let refused = WGPU_REFUSES.iter().find(|(f, _)| *f == file).map(|(_, words)| *words);
    for target in [shader_core::Target::Vulkan, shader_core::Target::Wgpu] {
        match (compile(file, path, source, target), target, refused) {
            (Outcome::Done(Ok(compiled)), shader_core::Target::Vulkan, _) => {
                common::spirv_val(&compiled.spirv, common::vulkan_env_for(&compiled.spirv)).map_err(|e| format!("Vulkan target: {e}"))?;
            }
            (Outcome::Done(Ok(_)), shader_core::Target::Wgpu, Some(words)) => {
                return Err(format!("the wgpu target compiles it now: remove it from WGPU_REFUSES (`{words}`) and check the module"));
            }
            (Outcome::Done(Ok(compiled)), shader_core::Target::Wgpu, None) => {
                common::validate_spirv(&compiled.spirv).map_err(|e| format!("wgpu target: {e}"))?;
            }
            (Outcome::Done(Err(e)), shader_core::Target::Wgpu, Some(words))
                if e.render().contains(common::NOT_FOR_WGPU) && e.render().contains(words) => {}
            (Outcome::Done(Err(e)), target, _) => return Err(format!("{target:?} target: rejected:\n{}", e.render())),
            (Outcome::Panicked(m), target, _) => return Err(format!("{target:?} target: panicked: {m}")),
            (Outcome::TimedOut, target, _) => return Err(format!("{target:?} target: hung")),
        }
    }
    Ok(())
}
