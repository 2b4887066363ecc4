//! `auto_map_bindings` / `auto_map_locations` (glslang's `--amb` / `--aml`, shaderc's
//! `auto_map_bindings` / `auto_map_locations`) against glslang's numbering.
//!
//! Without the options a resource without `layout(binding = N)` and a user input or output
//! without `layout(location = N)` are errors, as with `glslangValidator -V`. With them, every
//! corpus file glslang rejects without the options and accepts with `-V --amb --aml` (and the
//! programs of `tests/glsl/auto_map`) must compile with both options, pass spirv-val, and give
//! every named variable the `DescriptorSet`, `Binding` and `Location` glslang gives it (our
//! interface blocks are one variable per member: the block's location is its first member's).

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Corpus files compared in a default run: a sample of those glslang -V rejects and accepts
/// with `--amb --aml` (bindings in several sets, arrays, blocks, unused resources).
const LISTED: &[&str] = &[
    "glsl/glslang/spv.1.4.OpCopyLogical.funcall.frag",
    "glsl/glslang/spv.1.6.specConstant.comp",
    "glsl/glslang/spv.16bitstorage-int.frag",
    "glsl/glslang/spv.16bitstorage-uint.frag",
    "glsl/glslang/spv.16bitstorage.frag",
    "glsl/glslang/spv.8bit-16bit-construction.frag",
    "glsl/glslang/spv.8bitstorage-int.frag",
    "glsl/glslang/spv.8bitstorage-uint.frag",
    "glsl/glslang/spv.bool.vert",
    "glsl/glslang/spv.bufferhandle1.frag",
    "glsl/glslang/spv.bufferhandle10.frag",
    "glsl/glslang/spv.bufferhandle13.frag",
    "glsl/glslang/spv.bufferhandle15.frag",
    "glsl/glslang/spv.bufferhandle2.frag",
    "glsl/glslang/spv.bufferhandle4.frag",
    "glsl/glslang/spv.bufferhandle7.frag",
    "glsl/glslang/spv.bufferhandle8.frag",
    "glsl/glslang/spv.computeShaderDerivatives.comp",
    "glsl/glslang/spv.computeShaderDerivatives2.comp",
    "glsl/glslang/spv.debugInfo.frag",
    "glsl/glslang/spv.debuginfo.interface_bool.glsl.comp",
    "glsl/glslang/spv.double.comp",
    "glsl/glslang/spv.multiStructFuncall.frag",
    "glsl/glslang/spv.specConstant.comp",
    "glsl/glslang/spv.storageBuffer.vert",
    "glsl/glslang/spv.vulkan110.storageBuffer.vert",
    "glsl/spirv-cross/shaders-hlsl_vert_basic.vert",
    "glsl/spirv-cross/shaders-msl_vert_basic.capture.vert",
    "glsl/spirv-cross/shaders-msl_vert_basic.for-tess.vert",
    "glsl/spirv-cross/shaders-msl_vert_basic.vert",
    "glsl/spirv-cross/shaders-msl_vert_copy.flatten.vert",
    "glsl/spirv-cross/shaders-msl_vert_dynamic.flatten.vert",
    "glsl/spirv-cross/shaders-msl_vert_functions.vert",
    "glsl/spirv-cross/shaders-msl_vert_leaf-function.capture.vert",
    "glsl/spirv-cross/shaders-msl_vert_leaf-function.for-tess.vert",
    "glsl/spirv-cross/shaders-msl_vert_no_pointsize.default-point-size.vert",
    "glsl/spirv-cross/shaders-msl_vert_out_block.vert",
    "glsl/spirv-cross/shaders-msl_vert_pointsize.default-point-size.vert",
    "glsl/spirv-cross/shaders-msl_vert_pointsize.vert",
    "glsl/spirv-cross/shaders-msl_vert_sign-int-types.vert",
    "glsl/spirv-cross/shaders_vert_basic.vert",
];

/// Corpus files glslang accepts with `--amb --aml` that we reject with both options, each with
/// the reason (they are rejected for a rule of their own, not for bindings or locations).
const REJECTED: &[(&str, &str)] = &[];

#[test]
fn auto_mapped_bindings_and_locations_match_glslang() {
    if common::skip_without_glslang() {
        return;
    }
    // A glslang process costs ~0.4 s here: a default run compares the listed files;
    // `AUTO_MAP_SCAN=1` tries every corpus file glslang -V rejects (and prints those to list).
    let scan = std::env::var_os("AUTO_MAP_SCAN").is_some();
    let mut files: Vec<PathBuf> = Vec::new();
    if let Some((corpus, manifest)) = common::corpus_manifest() {
        for line in manifest.lines().skip(1) {
            let cells: Vec<&str> = line.split('\t').collect();
            if cells.len() >= 4 && cells[1] == "glsl" && cells[3] == "0" && matches!(cells[2], "vert" | "frag" | "comp") && (scan || LISTED.contains(&cells[0])) {
                files.push(corpus.join(cells[0]));
            }
        }
        assert!(scan || files.len() == LISTED.len(), "a LISTED file is not in the corpus as glslang-rejected");
    }
    let own = common::workspace_root().join("tests/glsl/auto_map");
    let mut own_files: Vec<PathBuf> = std::fs::read_dir(&own).expect("tests/glsl/auto_map").filter_map(|e| e.ok().map(|e| e.path())).collect();
    own_files.sort();
    assert!(!own_files.is_empty());
    files.extend(own_files.iter().cloned());

    let (mut compared, mut failures) = (0, Vec::new());
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(stage) = shader_core::glsl::stage_from_path(&name) else { continue };
        let source = std::fs::read_to_string(path).unwrap();
        let theirs = match glslang(path, &["--amb", "--aml"]) {
            Ok(words) => words,
            Err(e) if own_files.contains(path) => {
                failures.push(format!("{name}: glslang rejects our own test program: {e}"));
                continue;
            }
            Err(_) => continue,
        };
        // (The manifest says glslang -V rejects the corpus files without the options.)
        let ours = |amb: bool, aml: bool| {
            let options = shader_core::CompileOptions {
                language: shader_core::Language::Glsl,
                stage: Some(stage),
                target: shader_core::Target::Vulkan,
                auto_map_bindings: amb,
                auto_map_locations: aml,
                ..Default::default()
            };
            shader_core::compile(&name, &source, &options)
        };
        let rejected = REJECTED.iter().find(|(f, _)| path.ends_with(f));
        let words = match (ours(true, true), rejected) {
            (Ok(c), None) => c.spirv,
            (Ok(_), Some(_)) => {
                failures.push(format!("{name}: listed in REJECTED but compiles now"));
                continue;
            }
            (Err(_), Some(_)) => continue,
            (Err(e), None) => {
                failures.push(format!("{name}: rejected with --amb --aml: {}", e.render().lines().next().unwrap_or_default()));
                continue;
            }
        };
        if let Err(e) = common::spirv_val(&words, common::vulkan_env_for(&words)) {
            failures.push(format!("{name}: spirv-val: {e}"));
            continue;
        }
        let (ours_map, theirs_map) = (decorations(&words), decorations(&theirs));
        for (var, want) in &theirs_map {
            let got = match ours_map.get(var) {
                Some(got) => *got,
                // An interface block: our members are `instance.member`; its location is the
                // first member's.
                None => {
                    let members: Vec<&Deco> = ours_map.iter().filter(|(n, _)| n.starts_with(&format!("{var}."))).map(|(_, d)| d).collect();
                    match members.iter().filter_map(|d| d.location).min() {
                        Some(first) if want.location.is_some() => Deco { location: Some(first), ..Deco::default() },
                        _ => continue,
                    }
                }
            };
            if got != *want {
                failures.push(format!("{name}: `{var}`: ours {got:?}, glslang {want:?}"));
            }
        }
        compared += 1;
        if scan {
            eprintln!("compared: {}", path.display());
        }
        // glslang -V rejects it without the options and accepts it with them: so must we.
        if ours(false, false).is_ok() {
            failures.push(format!("{name}: compiled without --amb/--aml although glslang -V needs them"));
        }
    }
    eprintln!("auto_map: {compared} files compared with glslang --amb --aml");
    assert!(compared >= 20, "only {compared} files compared");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// A program without bindings or locations: rejected without the options, with a located
/// error naming each declaration.
#[test]
fn missing_bindings_and_locations_are_errors_without_the_options() {
    let source = "#version 450\nuniform sampler2D s;\nuniform U { vec4 a; } u;\nin vec4 v;\nlayout(location = 0) out vec4 o;\nvoid main() { o = texture(s, v.xy) + u.a; }\n";
    let options = |amb: bool| shader_core::CompileOptions {
        language: shader_core::Language::Glsl,
        stage: Some(shader_core::ir::Stage::Fragment),
        target: shader_core::Target::Vulkan,
        auto_map_bindings: amb,
        ..Default::default()
    };
    let err = shader_core::compile("t.frag", source, &options(false)).expect_err("no binding, no location").render();
    assert!(err.contains("stage input/output `v` needs a `layout(location = N)`"), "{err}");
    // With locations given, the bindings are reported (after the other errors are fixed).
    let source = source.replace("in vec4 v;", "layout(location = 0) in vec4 v;");
    let err = shader_core::compile("t.frag", &source, &options(false)).expect_err("no binding").render();
    assert!(err.contains("sampler, texture or image `s` needs a `layout(binding = N)`"), "{err}");
    assert!(err.contains("t.frag:2:"), "{err}");
    assert!(err.contains("uniform or buffer block `u` needs a `layout(binding = N)`"), "{err}");
    assert!(err.contains("t.frag:3:"), "{err}");
    assert!(common::glslang_available() && common::compile_glslang(&source, "frag").is_err() || !common::glslang_available());
    let ok = shader_core::compile("t.frag", &source, &options(true)).expect("auto-mapped");
    common::spirv_val(&ok.spirv, "vulkan1.1").unwrap();
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Deco {
    set: Option<u32>,
    binding: Option<u32>,
    location: Option<u32>,
}

/// `DescriptorSet`, `Binding` and `Location` decorations of every named id.
fn decorations(words: &[u32]) -> BTreeMap<String, Deco> {
    let mut names: BTreeMap<u32, String> = BTreeMap::new();
    let mut decos: BTreeMap<u32, Deco> = BTreeMap::new();
    let mut i = 5;
    while i < words.len() {
        let (count, opcode) = ((words[i] >> 16) as usize, words[i] & 0xffff);
        if count == 0 || i + count > words.len() {
            break;
        }
        let operands = &words[i + 1..i + count];
        match opcode {
            // OpName
            5 if operands.len() >= 2 => {
                let bytes: Vec<u8> = operands[1..].iter().flat_map(|w| w.to_le_bytes()).take_while(|&b| b != 0).collect();
                names.insert(operands[0], String::from_utf8_lossy(&bytes).into_owned());
            }
            // OpDecorate id Location(30) / Binding(33) / DescriptorSet(34) value
            71 if operands.len() >= 3 => {
                let d = decos.entry(operands[0]).or_default();
                match operands[1] {
                    30 => d.location = Some(operands[2]),
                    33 => d.binding = Some(operands[2]),
                    34 => d.set = Some(operands[2]),
                    _ => {}
                }
            }
            _ => {}
        }
        i += count;
    }
    decos.into_iter().filter_map(|(id, d)| names.get(&id).filter(|n| !n.is_empty()).map(|n| (n.clone(), d))).collect()
}

/// `glslangValidator -V ARGS path`: the SPIR-V words.
fn glslang(path: &Path, args: &[&str]) -> Result<Vec<u32>, String> {
    let out = std::env::temp_dir().join(format!("auto-map-{}.spv", std::process::id()));
    let output = std::process::Command::new("glslangValidator").arg("-V").args(args).arg(path).arg("-o").arg(&out).output().map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stdout).into_owned());
    }
    let bytes = std::fs::read(&out).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&out);
    Ok(bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
}
