//! Data-driven AGSL suite: every `tests/agsl/ok/*.agsl` must compile, for both targets, to
//! SPIR-V that passes spirv-val (vulkan1.1) and naga's SPIR-V front end + validator, and must
//! have the documented ABI (`shader_core::glsl::agsl`): one fragment entry point `main` writing
//! a `vec4` at location 0, the uniform block at set 0 binding 0 with the uniforms in
//! declaration order, each `uniform shader` a texture + sampler pair at bindings 1+2i / 2+2i.
//! Every `tests/agsl/err/*.agsl` must be rejected with exactly the diagnostics in
//! `tests/agsl/err/NAME.agsl.stderr`.
//!
//! Every ok program's SPIR-V disassembly is snapshotted as `tests/agsl/ok/NAME.agsl.spvasm`.
//! `UPDATE_EXPECT=1 cargo test --test agsl_suite` rewrites the `.spvasm` and `.stderr` files;
//! review the diff. Each file is its own trial (`harness = false`, libtest-mimic):
//! `cargo test --test agsl_suite -- ok/NAME.agsl` runs one.
//! Every ok program starts with a `// Tests: ...` line naming what it covers; the `ref_*`
//! programs hold the example snippets of the AGSL quick reference.
//!
//! Independent oracle for the ABI's memory layout: hand translations of some programs to
//! Vulkan GLSL (`tests/agsl/oracle/*.frag`, the AGSL `main` renamed and wrapped exactly as the
//! ABI says) compiled by glslangValidator must give the same uniform block offsets, array and
//! matrix strides, the same bindings, and the same interface as our AGSL compilation.

mod common;

use common::{expect, Outcome};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(20);

fn main() {
    let root = common::workspace_root().join("tests/agsl");
    let ok = expect::files(&root.join("ok"), &["agsl"]);
    let err = expect::files(&root.join("err"), &["agsl"]);
    assert!(ok.len() >= 25, "expected at least 25 AGSL programs under {}", root.display());
    let mut trials = Vec::new();
    for path in ok {
        trials.push(expect::trial(format!("ok/{}", expect::file_name(&path)), move || check_ok_both(&path)));
    }
    for path in err {
        trials.push(expect::trial(format!("err/{}", expect::file_name(&path)), move || check_err(&path)));
    }
    trials.push(expect::trial("abi_matches_hand_translations_compiled_by_glslang", || {
        abi_matches_hand_translations_compiled_by_glslang();
        Ok(())
    }));
    trials.push(expect::trial("damaged_programs_give_diagnostics_or_valid_spirv", || {
        damaged_programs_give_diagnostics_or_valid_spirv();
        Ok(())
    }));
    expect::run(trials)
}

/// Both targets valid with the ABI, and the wgpu module's disassembly equal to
/// `ok/NAME.agsl.spvasm` (AGSL has no combined samplers, so the targets agree: checked too).
fn check_ok_both(path: &Path) -> Result<(), String> {
    let mut failures = Vec::new();
    let mut modules = Vec::new();
    for target in [shader_core::Target::Wgpu, shader_core::Target::Vulkan] {
        match check_ok(path, target) {
            Ok(words) => modules.push(words),
            Err(why) => failures.push(format!("({target:?}) {why}")),
        }
    }
    if let [wgpu, vulkan] = &modules[..] {
        let text = expect::disassemble(wgpu);
        if let Err(why) = expect::check(&text, &PathBuf::from(format!("{}.spvasm", path.display())), "agsl_suite") {
            failures.push(why);
        }
        if wgpu != vulkan {
            failures.push("the wgpu and Vulkan targets give different modules".into());
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n\n"))
    }
}

fn options(target: shader_core::Target) -> shader_core::CompileOptions {
    shader_core::CompileOptions { language: shader_core::Language::Agsl, target, ..Default::default() }
}

fn compile(name: &str, source: &str, target: shader_core::Target) -> Result<shader_core::Compiled, String> {
    let (name, source) = (name.to_string(), source.to_string());
    match common::guarded(TIMEOUT, move || shader_core::compile(&name, &source, &options(target))) {
        Outcome::Done(Ok(compiled)) => Ok(compiled),
        Outcome::Done(Err(e)) => Err(format!("expected to compile, got:\n{}", e.render())),
        Outcome::Panicked(message) => Err(format!("compiler panicked: {message}")),
        Outcome::TimedOut => Err(format!("compiler did not finish within {TIMEOUT:?}")),
    }
}

fn check_ok(path: &Path, target: shader_core::Target) -> Result<Vec<u32>, String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    if !source.starts_with("// Tests: ") {
        return Err("the first line must be a `// Tests: ...` comment".into());
    }
    let compiled = compile(&expect::file_name(path), &source, target)?;
    common::spirv_val(&compiled.spirv, "vulkan1.1")?;
    common::naga_check(&compiled.spirv)?;
    check_abi(&source, &compiled)?;
    Ok(compiled.spirv)
}

/// The ABI, read from the reflection of the module and compared with the declarations in the
/// source (found with a plain text scan, independent of the compiler's parser).
fn check_abi(source: &str, compiled: &shader_core::Compiled) -> Result<(), String> {
    let reflection = shader_core::reflect::reflect_compiled(compiled);
    let json = serde_json::to_value(&reflection).map_err(|e| e.to_string())?;
    let eps = json["entry_points"].as_array().ok_or("no entry points")?;
    if eps.len() != 1 || eps[0]["name"] != "main" || eps[0]["stage"] != "fragment" {
        return Err(format!("expected one fragment entry point `main`, got {}", json["entry_points"]));
    }
    let outputs = &eps[0]["fragment_outputs"];
    if outputs.as_array().map(Vec::len) != Some(1) || outputs[0]["location"] != 0 || outputs[0]["type"] != "vec4<f32>" {
        return Err(format!("expected one vec4<f32> output at location 0, got {outputs}"));
    }
    let (uniforms, shaders) = declared_uniforms(source);
    let bindings = json["bindings"].as_array().ok_or("no bindings")?;
    let mut expected: Vec<(u64, String, &str)> = Vec::new();
    if !uniforms.is_empty() {
        expected.push((0, "AgslUniforms".into(), "uniform_buffer"));
    }
    for (i, name) in shaders.iter().enumerate() {
        expected.push((1 + 2 * i as u64, name.clone(), "sampled_texture"));
        expected.push((2 + 2 * i as u64, format!("{name}_sampler"), "sampler"));
    }
    let actual: Vec<(u64, String, &str)> = bindings
        .iter()
        .map(|b| (b["binding"].as_u64().unwrap_or(u64::MAX), b["name"].as_str().unwrap_or("").to_string(), b["kind"].as_str().unwrap_or("")))
        .collect();
    if bindings.iter().any(|b| b["group"] != 0) || actual != expected {
        return Err(format!("bindings: expected {expected:?}, got {actual:?}"));
    }
    if !uniforms.is_empty() {
        let members: Vec<&str> = bindings[0]["buffer"]["members"].as_array().ok_or("no members")?.iter().map(|m| m["name"].as_str().unwrap_or("")).collect();
        if members != uniforms {
            return Err(format!("uniform block members: expected {uniforms:?}, got {members:?}"));
        }
    }
    let agsl = compiled.agsl.as_ref().ok_or("no AGSL interface")?;
    let interface_uniforms: Vec<&str> = agsl.uniforms.iter().flat_map(|u| u.members.iter().map(|m| m.name.as_str())).collect();
    let interface_shaders: Vec<(&str, u32, u32)> = agsl.shaders.iter().map(|s| (s.name.as_str(), s.texture_binding, s.sampler_binding)).collect();
    let expected_shaders: Vec<(&str, u32, u32)> = shaders.iter().enumerate().map(|(i, n)| (n.as_str(), 1 + 2 * i as u32, 2 + 2 * i as u32)).collect();
    if interface_uniforms != uniforms || interface_shaders != expected_shaders {
        return Err(format!("AGSL interface: {agsl:?}"));
    }
    Ok(())
}

/// Uniform names and `uniform shader` names, in order, from lines `[layout(...)] uniform [precision] TYPE NAME[...];`.
fn declared_uniforms(source: &str) -> (Vec<String>, Vec<String>) {
    let (mut uniforms, mut shaders) = (Vec::new(), Vec::new());
    for line in source.lines() {
        let line = line.trim();
        let line = if line.starts_with("layout(") { line.split_once(')').map_or(line, |(_, r)| r.trim()) } else { line };
        let Some(rest) = line.strip_prefix("uniform ") else { continue };
        let words: Vec<&str> = rest.split_whitespace().filter(|w| !matches!(*w, "lowp" | "mediump" | "highp")).collect();
        let (Some(ty), Some(name)) = (words.first(), words.get(1)) else { continue };
        let name = name.trim_end_matches(';');
        let name = name.split('[').next().unwrap_or(name).to_string();
        if *ty == "shader" {
            shaders.push(name);
        } else {
            uniforms.push(name);
        }
    }
    (uniforms, shaders)
}

fn check_err(path: &Path) -> Result<(), String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let name = expect::file_name(path);
    let outcome = common::guarded(TIMEOUT, move || shader_core::compile(&name, &source, &options(shader_core::Target::Wgpu)));
    let actual = common::expect_rejection(outcome, TIMEOUT)?;
    expect::check(&actual, &path.with_extension("agsl.stderr"), "agsl_suite")
}

// ---------------------------------------------------------------------------------------------
// Oracle: hand translations to Vulkan GLSL compiled by glslang.

/// The uniform block's member offsets, the strides and the bindings, read straight from
/// SPIR-V words.
#[derive(Debug, Default, PartialEq)]
struct Layout {
    /// Block member offsets, by member index.
    offsets: BTreeMap<u32, u32>,
    /// Every ArrayStride value and the MatrixStride values of block members, sorted. Merged
    /// because the ABI stores a two-row matrix uniform as an array of its columns (the same
    /// bytes; naga rejects the 16-byte MatrixStride std140 gives such matrices).
    strides: Vec<u32>,
    /// (binding, name) of every bound variable; glslang leaves the variable of a block without
    /// instance name unnamed, so an empty name reads as the block's.
    bindings: Vec<(u32, String)>,
}

fn layout_of(words: &[u32], block: &str) -> Layout {
    let mut names: BTreeMap<u32, String> = BTreeMap::new();
    let mut member_decorations = Vec::new();
    let mut array_strides = Vec::new();
    let mut binding_of = BTreeMap::new();
    let mut i = 5;
    while i < words.len() {
        let (count, opcode) = ((words[i] >> 16) as usize, words[i] & 0xFFFF);
        let ops = &words[i + 1..(i + count.max(1)).min(words.len())];
        match opcode {
            // OpName
            5 => {
                let bytes: Vec<u8> = ops[1..].iter().flat_map(|w| w.to_le_bytes()).take_while(|b| *b != 0).collect();
                names.insert(ops[0], String::from_utf8_lossy(&bytes).into_owned());
            }
            // OpDecorate: ArrayStride (6), Binding (33)
            71 if ops[1] == 6 => array_strides.push(ops[2]),
            71 if ops[1] == 33 => {
                binding_of.insert(ops[0], ops[2]);
            }
            // OpMemberDecorate: Offset (35), MatrixStride (7)
            72 if ops[2] == 35 || ops[2] == 7 => member_decorations.push((ops[0], ops[1], ops[2], ops[3])),
            _ => {}
        }
        i += count.max(1);
    }
    let mut layout = Layout::default();
    for (target, member, decoration, value) in member_decorations {
        if names.get(&target).map(String::as_str) != Some(block) {
            continue;
        }
        if decoration == 35 {
            layout.offsets.insert(member, value);
        } else {
            array_strides.push(value);
        }
    }
    array_strides.sort();
    layout.strides = array_strides;
    let name_of = |id: &u32| match names.get(id).map(String::as_str) {
        None | Some("") => block.to_string(),
        Some(n) => n.to_string(),
    };
    let mut bindings: Vec<(u32, String)> = binding_of.iter().map(|(id, b)| (*b, name_of(id))).collect();
    bindings.sort();
    layout.bindings = bindings;
    layout
}

fn abi_matches_hand_translations_compiled_by_glslang() {
    if common::skip_without_glslang() {
        return;
    }
    let root = common::workspace_root().join("tests/agsl");
    let oracles: Vec<PathBuf> = std::fs::read_dir(root.join("oracle"))
        .expect("tests/agsl/oracle")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "frag"))
        .collect();
    assert!(oracles.len() >= 3, "expected hand translations under tests/agsl/oracle");
    let mut failures = Vec::new();
    for oracle in &oracles {
        let stem = oracle.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        let agsl_path = root.join("ok").join(format!("{stem}.agsl"));
        let agsl = std::fs::read_to_string(&agsl_path).unwrap_or_else(|_| panic!("{} has no {}", oracle.display(), agsl_path.display()));
        let glsl = std::fs::read_to_string(oracle).expect("oracle source");
        let ours = match compile(&stem, &agsl, shader_core::Target::Wgpu) {
            Ok(c) => c.spirv,
            Err(e) => {
                failures.push(format!("{stem}: {e}"));
                continue;
            }
        };
        let theirs = match common::compile_glslang(&glsl, "frag") {
            Ok(words) => words,
            Err(e) => {
                failures.push(format!("{stem}: glslang rejects the translation:\n{e}"));
                continue;
            }
        };
        let (a, b) = (layout_of(&ours, "AgslUniforms"), layout_of(&theirs, "AgslUniforms"));
        if a != b {
            failures.push(format!("{stem}: layouts differ\nours:    {a:?}\nglslang: {b:?}"));
        }
        if a.offsets.is_empty() && !agsl.contains("uniform float") && !agsl.contains("uniform half") {
            continue;
        }
        if a.offsets.is_empty() {
            failures.push(format!("{stem}: no uniform block found"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

// ---------------------------------------------------------------------------------------------
// Robustness: damaged programs.

/// Every ok program with one line removed, and cut short at every tenth of its length: the
/// compiler must not panic or hang, and whatever it accepts must still be valid SPIR-V with the
/// ABI's entry point.
fn damaged_programs_give_diagnostics_or_valid_spirv() {
    let root = common::workspace_root().join("tests/agsl/ok");
    let mut failures = Vec::new();
    let (mut accepted, mut rejected) = (0, 0);
    for path in expect::files(&root, &["agsl"]) {
        let source = std::fs::read_to_string(&path).expect("readable");
        let lines: Vec<&str> = source.lines().collect();
        let mut mutants: Vec<(String, String)> = (0..lines.len())
            .map(|skip| {
                let text: Vec<&str> = lines.iter().enumerate().filter(|(i, _)| *i != skip).map(|(_, l)| *l).collect();
                (format!("without line {}", skip + 1), text.join("\n"))
            })
            .collect();
        for tenth in 1..10 {
            let mut cut = source.len() * tenth / 10;
            while !source.is_char_boundary(cut) {
                cut -= 1;
            }
            mutants.push((format!("cut at byte {cut}"), source[..cut].to_string()));
        }
        for (what, text) in mutants {
            let name = expect::file_name(&path);
            let outcome = common::guarded(TIMEOUT, move || shader_core::compile(&name, &text, &options(shader_core::Target::Wgpu)));
            match outcome {
                Outcome::Done(Ok(compiled)) => {
                    accepted += 1;
                    if let Err(e) = common::spirv_val(&compiled.spirv, "vulkan1.1").and_then(|_| common::naga_check(&compiled.spirv).map(drop)) {
                        failures.push(format!("{} {what}: accepted but invalid: {e}", expect::file_name(&path)));
                    }
                }
                Outcome::Done(Err(e)) => {
                    rejected += 1;
                    if e.diagnostics.is_empty() {
                        failures.push(format!("{} {what}: rejected without a diagnostic", expect::file_name(&path)));
                    }
                }
                Outcome::Panicked(message) => failures.push(format!("{} {what}: panicked: {message}", expect::file_name(&path))),
                Outcome::TimedOut => failures.push(format!("{} {what}: timed out", expect::file_name(&path))),
            }
        }
    }
    eprintln!("damaged AGSL programs: {accepted} accepted, {rejected} rejected");
    assert!(rejected > 0 && accepted > 0, "mutations should both break and keep programs");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
