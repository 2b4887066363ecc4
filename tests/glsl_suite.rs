//! Data-driven GLSL suite: every `tests/glsl/ok/*.{comp,vert,frag}` must compile with our
//! compiler to SPIR-V that passes spirv-val (vulkan1.1, or the version the module declares) and
//! naga, for both targets (wgpu: combined samplers split; vulkan: kept); every
//! `tests/glsl/err/*.{comp,vert,frag}` must be rejected with exactly the diagnostics in
//! `tests/glsl/err/NAME.stderr` (for the wgpu target; for Vulkan with `// wgpu-target-error:`).
//! glslang must agree: it accepts every ok file and rejects every err file, so a typo cannot
//! turn one kind of test into the other.
//!
//! Every ok program's SPIR-V disassembly is snapshotted next to it (`NAME.EXT.spvasm` for the
//! wgpu target, plus `NAME.EXT.vulkan.spvasm` where the Vulkan target's module differs).
//! `UPDATE_EXPECT=1 cargo test --test glsl_suite` rewrites the `.spvasm` and `.stderr` files;
//! review the diff. Each file is its own trial (`harness = false`, libtest-mimic):
//! `cargo test --test glsl_suite -- ok/NAME.comp` runs one.
//!
//! Both folders compile with `tests/glsl/include` as the `#include` path, given relative to the
//! workspace root (cargo runs tests there) so that diagnostics inside included files name a
//! stable path. Programs carry directives in comments (see `common::GlslDirectives`):
//! `// naga-unsupported: TEXT` for capabilities naga's SPIR-V front end lacks (naga's error must
//! contain TEXT), `// glslang-disagrees: WHY` where glslangValidator cannot be the referee, `// glslang-args: ARGS`
//! for glslang options a program needs, `// expect-warning: TEXT` for a warning the compiler must give.
//! Every ok program starts with a `// Tests: ...` line naming what it covers.

mod common;

use common::{expect, Outcome};
use std::path::{Path, PathBuf};
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(20);

fn main() {
    let root = common::workspace_root().join("tests/glsl");
    let ok = expect::files(&root.join("ok"), &["comp", "vert", "frag"]);
    let err = expect::files(&root.join("err"), &["comp", "vert", "frag"]);
    assert!(!ok.is_empty(), "no test programs under {}", root.display());
    let mut trials = Vec::new();
    for path in ok {
        trials.push(expect::trial(format!("ok/{}", expect::file_name(&path)), move || check_ok(&path)));
    }
    for path in err {
        trials.push(expect::trial(format!("err/{}", expect::file_name(&path)), move || check_err(&path)));
    }
    trials.push(expect::trial("suite_programs_agree_with_glslang", suite_programs_agree_with_glslang));
    trials.push(expect::trial("combined_samplers_split_numbering", || {
        combined_samplers_split_numbering();
        Ok(())
    }));
    expect::run(trials)
}

/// glslang must accept every ok file and reject every err file (skipped without glslang).
fn suite_programs_agree_with_glslang() -> Result<(), String> {
    if common::skip_without_glslang() {
        return Ok(());
    }
    let root = common::workspace_root().join("tests/glsl");
    let mut failures = Vec::new();
    for (folder, should_compile) in [("ok", true), ("err", false)] {
        for path in expect::files(&root.join(folder), &["comp", "vert", "frag"]) {
            let source = std::fs::read_to_string(&path).unwrap_or_default();
            let directives = common::glsl_directives(&source);
            if directives.glslang_disagrees {
                continue;
            }
            let stage = path.extension().and_then(|e| e.to_str()).unwrap_or("comp");
            let mut args = vec![format!("-I{}", root.join("include").display())];
            args.extend(directives.glslang_args);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            match (should_compile, common::compile_glslang_with(&source, stage, &args)) {
                (true, Err(e)) => failures.push(format!("{folder}/{}: glslang rejects it:\n{e}", expect::file_name(&path))),
                (false, Ok(_)) => failures.push(format!("{folder}/{}: glslang accepts it", expect::file_name(&path))),
                _ => {}
            }
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("test programs glslang disagrees with:\n\n{}", failures.join("\n\n")))
    }
}

/// Both targets: valid SPIR-V for each, the wgpu module's disassembly equal to
/// `ok/NAME.EXT.spvasm`, and the Vulkan module's to `ok/NAME.EXT.vulkan.spvasm`, a file that
/// exists only where the two targets' modules differ (combined samplers, workgroup-size
/// overrides).
fn check_ok(path: &Path) -> Result<(), String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let directives = common::glsl_directives(&source);
    // ES shaders must start with `#version` (GLSL ES 3.20 §3.3), so there it is the second line.
    let mut lines = source.lines();
    let first = lines.next().unwrap_or_default();
    let tests_line = if first.starts_with("#version") { lines.next().unwrap_or_default() } else { first };
    if !tests_line.starts_with("// Tests: ") {
        return Err("the first line (after `#version` for ES) must be a `// Tests: ...` comment".into());
    }
    let mut failures = Vec::new();
    let mut modules = Vec::new();
    for target in [shader_core::Target::Wgpu, shader_core::Target::Vulkan] {
        let (name, source) = (expect::file_name(path), source.clone());
        let outcome = common::guarded(TIMEOUT, move || shader_core::compile(&name, &source, &options(target)));
        let result = match (target, &directives.wgpu_target_error, outcome) {
            // A feature wgpu cannot run: a compile-time error for the wgpu target (issue 17).
            (shader_core::Target::Wgpu, Some(expected), Outcome::Done(Err(e)))
                if e.render().contains(expected.as_str()) && e.render().contains(common::NOT_FOR_WGPU) =>
            {
                Ok(())
            }
            (shader_core::Target::Wgpu, Some(expected), Outcome::Done(Err(e))) => {
                Err(format!("expected the wgpu-target error `{expected}`, got:\n{}", e.render()))
            }
            (shader_core::Target::Wgpu, Some(expected), Outcome::Done(Ok(_))) => {
                Err(format!("compiles for the wgpu target now; remove `// wgpu-target-error: {expected}`"))
            }
            (_, _, Outcome::Done(Ok(compiled))) => {
                let valid = common::validate_spirv_glsl_with(&compiled.spirv, target == shader_core::Target::Wgpu, &directives);
                let warnings = compiled.warnings.render(&compiled.sources);
                let missing: Vec<&String> = directives.expected_warnings.iter().filter(|w| !warnings.contains(w.as_str())).collect();
                modules.push(compiled.spirv);
                match valid {
                    Ok(()) if !missing.is_empty() => Err(format!("expected the warnings {missing:?}, got:\n{warnings}")),
                    other => other,
                }
            }
            (_, _, Outcome::Done(Err(e))) => Err(format!("expected to compile, got:\n{}", e.render())),
            (_, _, Outcome::Panicked(message)) => Err(format!("compiler panicked: {message}")),
            (_, _, Outcome::TimedOut) => Err(format!("compiler did not finish within {TIMEOUT:?}")),
        };
        if let Err(why) = result {
            failures.push(format!("({target:?}) {why}"));
        }
    }
    if let ([vulkan], Some(_)) = (&modules[..], &directives.wgpu_target_error) {
        // Only the Vulkan target has a module.
        let snapshot = |suffix: &str| {
            let mut name = path.as_os_str().to_owned();
            name.push(suffix);
            PathBuf::from(name)
        };
        failures.extend(expect::check(&expect::disassemble(vulkan), &snapshot(".vulkan.spvasm"), "glsl_suite").err());
        failures.extend(expect::check_absent(&snapshot(".spvasm"), "glsl_suite", "the wgpu target rejects the program").err());
    }
    if let [wgpu, vulkan] = &modules[..] {
        let snapshot = |suffix: &str| {
            let mut name = path.as_os_str().to_owned();
            name.push(suffix);
            PathBuf::from(name)
        };
        let wgpu_text = expect::disassemble(wgpu);
        let vulkan_text = expect::disassemble(vulkan);
        let mut results = vec![expect::check(&wgpu_text, &snapshot(".spvasm"), "glsl_suite")];
        results.push(if vulkan_text == wgpu_text {
            expect::check_absent(&snapshot(".vulkan.spvasm"), "glsl_suite", "both targets give the same module")
        } else {
            expect::check(&vulkan_text, &snapshot(".vulkan.spvasm"), "glsl_suite")
        });
        failures.extend(results.into_iter().filter_map(Result::err));
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n\n"))
    }
}

/// An err program is compiled for the wgpu target, or for the Vulkan target when it says
/// `// wgpu-target-error:` (it uses a feature only Vulkan has, whose own rules it tests).
fn check_err(path: &Path) -> Result<(), String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let name = expect::file_name(path);
    let target = if common::glsl_directives(&source).wgpu_target_error.is_some() { shader_core::Target::Vulkan } else { shader_core::Target::Wgpu };
    let outcome = common::guarded(TIMEOUT, move || shader_core::compile(&name, &source, &options(target)));
    let actual = common::expect_rejection(outcome, TIMEOUT)?;
    common::expect::check(&actual, &path.with_extension(format!("{}.stderr", path.extension().and_then(|e| e.to_str()).unwrap_or(""))), "glsl_suite")
}

/// GLSL options for the suite: stage from the file extension, `tests/glsl/include` on the
/// include path.
fn options(target: shader_core::Target) -> shader_core::CompileOptions {
    shader_core::CompileOptions {
        language: shader_core::Language::Glsl,
        target,
        include_dirs: vec![PathBuf::from("tests/glsl/include")],
        ..Default::default()
    }
}

/// The numbering of split combined image samplers, as reflection shows it: for the Vulkan
/// target every `sampler*` stays one combined binding; for wgpu it becomes the texture at the
/// declared binding and a sampler at binding + 100 in the same set (named `<name>_sampler`,
/// comparison samplers for shadow samplers, arrays split element-wise). Separate
/// texture/sampler pairs are untouched by either target.
fn combined_samplers_split_numbering() {
    let path = common::workspace_root().join("tests/glsl/ok/targets_combined_samplers.frag");
    let source = std::fs::read_to_string(&path).expect("targets_combined_samplers.frag");
    let table = |target| -> Vec<(u32, u32, String, String, String)> {
        let compiled = shader_core::compile("targets_combined_samplers.frag", &source, &options(target))
            .unwrap_or_else(|e| panic!("{target:?}: {}", e.render()));
        let reflection = shader_core::reflect::reflect(&compiled.ir);
        let json = serde_json::to_value(&reflection.bindings).expect("reflection serializes");
        json.as_array()
            .expect("bindings is an array")
            .iter()
            .map(|b| {
                let text = |key: &str| b[key].as_str().unwrap_or("-").to_string();
                let number = |key: &str| b[key].as_u64().unwrap_or(u64::MAX) as u32;
                (number("group"), number("binding"), text("name"), text("kind"), text("type"))
            })
            .collect()
    };
    let row = |g: u32, b: u32, name: &str, kind: &str, ty: &str| (g, b, name.into(), kind.into(), ty.into());
    assert_eq!(
        table(shader_core::Target::Vulkan),
        vec![
            row(0, 0, "albedo", "combined_image_sampler", "combined_image_sampler<texture_2d<f32>>"),
            row(0, 1, "shadowMap", "combined_image_sampler", "combined_image_sampler<texture_depth_2d>"),
            row(1, 0, "plain", "sampled_texture", "texture_2d<f32>"),
            row(1, 1, "plainSampler", "sampler", "sampler"),
            row(1, 3, "sky", "combined_image_sampler", "binding_array<combined_image_sampler<texture_cube<f32>>, 2>"),
        ]
    );
    assert_eq!(
        table(shader_core::Target::Wgpu),
        vec![
            row(0, 0, "albedo", "sampled_texture", "texture_2d<f32>"),
            row(0, 1, "shadowMap", "depth_texture", "texture_depth_2d"),
            row(0, 100, "albedo_sampler", "sampler", "sampler"),
            row(0, 101, "shadowMap_sampler", "comparison_sampler", "sampler_comparison"),
            row(1, 0, "plain", "sampled_texture", "texture_2d<f32>"),
            row(1, 1, "plainSampler", "sampler", "sampler"),
            row(1, 3, "sky", "sampled_texture", "binding_array<texture_cube<f32>, 2>"),
            row(1, 103, "sky_sampler", "sampler", "binding_array<sampler, 2>"),
        ]
    );
}
