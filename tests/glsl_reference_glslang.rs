//! Buffer references and the memory model against glslang, on the shared corpus: our module
//! and `glslangValidator -V`'s must agree on the `OpMemoryModel`, and
//! - for buffer reference programs, on the `Aligned` operand of every load and store (as a
//!   multiset: glslang derives it from the reference alignment, member offsets and array
//!   strides, and so do we);
//! - for memory-model programs, on every atomic and barrier instruction's opcode and constant
//!   scope, semantics and value operands;
//! - for suite programs under the Vulkan memory model ([`MEMORY_OPERANDS`]), also on the memory
//!   operands of every load and store and the image operands of every storage image read and
//!   write (as a multiset, `NonPrivatePointer` aside: we mark every access to shared memory so,
//!   glslang only the coherent ones): a `coherent`/`volatile` block member makes only the
//!   accesses to that member available/visible, as glslang does, and scoped coherence
//!   (`workgroupcoherent`, ...) at its own scope.
//!
//! Corpus programs where glslang writes different accesses are left out on purpose:
//! `spv.bufferhandle20/21/22.frag` (glslang copies structs member by member and writes
//! `Aligned 0`), `spv.bufferhandle23/24.frag` (glslang aligns a loaded reference by the
//! alignment of the block it points to, not of the block it is loaded from).

mod common;

use std::process::Command;

const ALIGNED: &[&str] = &[
    "glsl/glslang/spv.bufferhandle11.frag",
    "glsl/glslang/spv.bufferhandle12.frag",
    "glsl/glslang/spv.bufferhandle25.frag",
    "glsl/spirv-cross/shaders-msl_comp_buffer_device_address-packed-vec-and-cast-to-and-from-uvec2.msl23.comp",
    "glsl/spirv-cross/shaders-msl_comp_buffer_device_address-recursive-struct-pointers.msl23.comp",
    "glsl/spirv-cross/shaders-msl_comp_buffer_device_address.msl2.comp",
    "glsl/spirv-cross/shaders-msl_comp_metal3_1_regression_patch.replace-recursive-inputs.msl3.comp",
    "glsl/spirv-cross/shaders-msl_vert_buffer_device_address.msl2.vert",
    "glsl/glslang/spv.atomicAdd.bufferReference.comp",
    "glsl/glslang/spv.bufferReferenceNestedStruct.comp",
    "glsl/glslang/spv.bufferhandleRuntimeArray.frag",
];

const ATOMICS: &[&str] = &[
    "glsl/glslang/spv.queueFamilyScope.comp",
    "glsl/glslang/spv.atomicStoreInt64.comp",
    "glsl/glslang/spv.atomicAdd.bufferReference.comp",
    "glsl/glslang/spv.imageAtomic64.comp",
];

/// Suite programs (paths in the workspace) compared by [`memory_operands`] and [`atomics`].
const MEMORY_OPERANDS: &[&str] = &[
    "tests/glsl/ok_features/memory_model_members.comp",
    "tests/glsl/ok_features/memory_model_coherent.comp",
    "tests/glsl/ok_features/scoped_coherence_memory_model.comp",
    "tests/glsl/ok_features/buffer_reference_vulkan_memory_model.comp",
    "tests/glsl/ok_features/image_memory_model.comp",
];

#[test]
fn buffer_references_and_atomics_agree_with_glslang() {
    let Some((corpus, _)) = common::corpus_manifest() else { return };
    if common::skip_without_glslang() {
        return;
    }
    let mut failures = Vec::new();
    for (files, compare) in [(ALIGNED, aligned as fn(&str) -> Vec<String>), (ATOMICS, atomics)] {
        for path in files {
            if let Err(why) = check(&corpus.join(path), compare) {
                failures.push(format!("{path}: {why}"));
            }
        }
    }
    let with_atomics = |text: &str| [memory_operands(text), atomics(text)].concat();
    for path in MEMORY_OPERANDS {
        if let Err(why) = check(&common::workspace_root().join(path), with_atomics) {
            failures.push(format!("{path}: {why}"));
        }
    }
    assert!(failures.is_empty(), "{} disagreements:\n\n{}", failures.len(), failures.join("\n\n"));
}

fn check(path: &std::path::Path, compare: fn(&str) -> Vec<String>) -> Result<(), String> {
    let source = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let stage = path.extension().and_then(|e| e.to_str()).unwrap_or("comp");
    let ir_stage = match stage {
        "vert" => shader_core::ir::Stage::Vertex,
        "frag" => shader_core::ir::Stage::Fragment,
        _ => shader_core::ir::Stage::Compute,
    };
    let options = shader_core::CompileOptions {
        language: shader_core::Language::Glsl,
        stage: Some(ir_stage),
        target: shader_core::Target::Vulkan,
        ..Default::default()
    };
    let ours = shader_core::compile("corpus", &source, &options).map_err(|e| format!("we reject it:\n{}", e.render()))?.spirv;
    common::spirv_val(&ours, common::vulkan_env_for(&ours))?;
    let theirs = common::compile_glslang(&source, stage)?;
    let (ours, theirs) = (disassemble(&ours)?, disassemble(&theirs)?);
    let model = |text: &str| text.lines().find(|l| l.contains("OpMemoryModel")).map(str::trim).unwrap_or_default().to_string();
    if model(&ours) != model(&theirs) {
        return Err(format!("memory model: ours `{}`, glslang `{}`", model(&ours), model(&theirs)));
    }
    let (a, b) = (compare(&ours), compare(&theirs));
    if a != b {
        return Err(format!("ours:\n  {}\nglslang:\n  {}", a.join("\n  "), b.join("\n  ")));
    }
    Ok(())
}

/// The sorted `Aligned N` operands of loads and stores.
fn aligned(text: &str) -> Vec<String> {
    let mut found: Vec<String> = text
        .lines()
        .filter(|l| l.contains("OpLoad") || l.contains("OpStore"))
        .filter_map(|l| l.split_once("Aligned").map(|(_, rest)| format!("Aligned{}", rest.split_whitespace().find(|t| t.parse::<u32>().is_ok()).map(|t| format!(" {t}")).unwrap_or_default())))
        .collect();
    found.sort();
    found
}

/// The sorted memory operands of loads and stores (`OpLoad Volatile|MakePointerVisible %uint_5`)
/// and the image operands of storage image reads and writes (`OpImageWrite
/// MakeTexelAvailable %uint_2`), without `NonPrivatePointer`/`NonPrivateTexel`; accesses left
/// without any are not listed.
fn memory_operands(text: &str) -> Vec<String> {
    let mut found: Vec<String> = text
        .lines()
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let op = words.iter().position(|w| matches!(*w, "OpLoad" | "OpStore" | "OpImageRead" | "OpImageWrite"))?;
            // After the opcode: ids (`%...`), then the operand mask and its literals and ids.
            let rest: Vec<&str> = words[op + 1..].iter().copied().skip_while(|w| w.starts_with('%')).collect();
            let (mask, tail) = rest.split_first()?;
            let mask: Vec<&str> = mask.split('|').filter(|f| *f != "NonPrivatePointer" && *f != "NonPrivateTexel").collect();
            (!mask.is_empty()).then(|| format!("{} {} {}", words[op], mask.join("|"), tail.join(" ")).trim_end().to_string())
        })
        .collect();
    found.sort();
    found
}

/// Atomic and barrier instructions as `opcode constants...`: integer constants are named by
/// their value by spirv-dis (`%uint_66`, `%int_1`), other operands are ids and dropped.
fn atomics(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let op = words.iter().position(|w| w.starts_with("OpAtomic") || *w == "OpControlBarrier" || *w == "OpMemoryBarrier")?;
            let constants: Vec<&str> = words[op + 1..]
                .iter()
                .filter_map(|w| w.strip_prefix('%'))
                .filter_map(|w| w.split_once('_').filter(|(kind, _)| matches!(*kind, "int" | "uint" | "long" | "ulong")).map(|(_, v)| v))
                .collect();
            Some(format!("{} {}", words[op], constants.join(" ")))
        })
        .collect()
}

fn disassemble(words: &[u32]) -> Result<String, String> {
    static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("shader-e2e-reference-{}-{n}.spv", std::process::id()));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&path, bytes).map_err(|e| e.to_string())?;
    let output = Command::new("spirv-dis").arg(&path).output();
    let _ = std::fs::remove_file(&path);
    let output = output.map_err(|e| format!("cannot run spirv-dis: {e}"))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}
