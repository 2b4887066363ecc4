//! Layout differential over the shared GLSL corpus: for every uniform, storage and
//! push-constant block of every `../shared/corpus/glsl` file (stage vert/frag/comp in
//! `MANIFEST.tsv`), and of our own `tests/glsl/ok` programs, that both our compiler (Vulkan target) and `glslangValidator -V` compile,
//! every `Offset`, `ArrayStride`, `MatrixStride` and `RowMajor` decoration reachable from the
//! block's type must be equal in both modules.
//!
//! Blocks are matched by (storage class, descriptor set, binding), push constants by storage
//! class alone; inside a block, members by index (their `OpMemberName`s must agree too, so a
//! reordering cannot pass as a layout match) and recursively through arrays and structs. glslang
//! may emit one GLSL struct as several SPIR-V types (one per layout); walking from the variable
//! compares each use in its own block. Counts are printed; any difference fails. Without
//! glslang the test skips with a message (fails when `CI=true`).

mod common;

use common::Outcome;
use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Decoration, Op, StorageClass};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(20);

#[test]
fn glsl_layout_matches_glslang_over_corpus() {
    if !common::glslang_available() {
        assert!(!common::ci(), "glslangValidator not found but CI=true");
        eprintln!("*** SKIPPED: glslangValidator not found ***");
        return;
    }
    let corpus = common::workspace_root().join("../shared/corpus");
    let Ok(manifest) = std::fs::read_to_string(corpus.join("MANIFEST.tsv")) else {
        assert!(!common::ci(), "corpus not found at {} but CI=true", corpus.display());
        eprintln!("*** SKIPPED: no corpus at {} ***", corpus.display());
        return;
    };
    let mut stats = Stats::default();
    let mut differences = Vec::new();
    let mut files: Vec<(String, PathBuf, Option<shader_core::ir::Stage>)> =
        glsl_files(&manifest).into_iter().map(|(path, stage)| (path.clone(), corpus.join(&path), Some(stage))).collect();
    let own = common::workspace_root().join("tests/glsl/ok");
    let mut own_files: Vec<PathBuf> = std::fs::read_dir(&own)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    own_files.sort();
    files.extend(own_files.into_iter().map(|p| (format!("tests/glsl/ok/{}", p.file_name().unwrap_or_default().to_string_lossy()), p, None)));
    for (path, full, stage) in files {
        let Ok(source) = std::fs::read_to_string(&full) else { continue };
        let Some(ours) = compile_ours(&path, &full, &source, stage) else { continue };
        let Some(theirs) = compile_glslang(&full, &source) else { continue };
        stats.files += 1;
        let ours = match rspirv::dr::load_words(&ours) {
            Ok(module) => module,
            Err(e) => {
                differences.push(format!("{path}: rspirv cannot parse our module: {e}"));
                continue;
            }
        };
        // rspirv 0.13 cannot read some valid modules glslang writes (OpSpecConstantOp with
        // opcodes it does not list); those files are counted and skipped, not compared.
        let Ok(theirs) = rspirv::dr::load_words(&theirs) else {
            stats.unreadable += 1;
            continue;
        };
        compare_modules(&path, &Spirv::new(&ours), &Spirv::new(&theirs), &mut stats, &mut differences);
    }
    eprintln!(
        "glsl layout differential: {} files both compile ({} skipped: rspirv cannot read glslang's module), \
         {} blocks matched ({} only in glslang's module), {} decorations compared, {} differences",
        stats.files,
        stats.unreadable,
        stats.blocks,
        stats.unmatched_blocks,
        stats.decorations,
        differences.len()
    );
    assert!(stats.decorations > 0, "no decorations compared: is the corpus there?");
    assert!(
        differences.is_empty(),
        "{} layout differences from glslang:\n{}",
        differences.len(),
        differences.join("\n")
    );
}

#[derive(Default)]
struct Stats {
    files: usize,
    blocks: usize,
    /// Blocks glslang keeps that our module does not declare (e.g. unused ones we dropped).
    unmatched_blocks: usize,
    decorations: usize,
    /// Files whose glslang module rspirv cannot parse.
    unreadable: usize,
}

/// `(path, stage)` of every GLSL file of the manifest with a vert/frag/comp stage that glslang
/// accepts (the `glslang` column).
fn glsl_files(manifest: &str) -> Vec<(String, shader_core::ir::Stage)> {
    manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            let stage = match *cells.get(2)? {
                "vert" => shader_core::ir::Stage::Vertex,
                "frag" => shader_core::ir::Stage::Fragment,
                "comp" => shader_core::ir::Stage::Compute,
                _ => return None,
            };
            (cells.get(1) == Some(&"glsl") && cells.get(3) == Some(&"1")).then(|| (cells[0].to_string(), stage))
        })
        .collect()
}

fn compile_ours(name: &str, path: &Path, source: &str, stage: Option<shader_core::ir::Stage>) -> Option<Vec<u32>> {
    let mut include_dirs: Vec<PathBuf> = path.parent().map(PathBuf::from).into_iter().collect();
    include_dirs.push(common::workspace_root().join("tests/glsl/include"));
    let options = shader_core::CompileOptions {
        language: shader_core::Language::Glsl,
        stage,
        target: shader_core::Target::Vulkan,
        include_dirs,
        ..Default::default()
    };
    let (name, source) = (name.to_string(), source.to_string());
    match common::guarded(TIMEOUT, move || shader_core::compile(&name, &source, &options)) {
        Outcome::Done(Ok(compiled)) => Some(compiled.spirv),
        // Rejections, panics and hangs are the conformance test's business (corpus_glsl.rs).
        _ => None,
    }
}

/// glslang on the file itself, so that its extension gives the stage and includes resolve
/// (plus our include dir and the program's `// glslang-args:`).
fn compile_glslang(path: &Path, source: &str) -> Option<Vec<u32>> {
    let out = std::env::temp_dir().join(format!(
        "shader-e2e-layout-{}-{}.spv",
        std::process::id(),
        path.file_name()?.to_string_lossy()
    ));
    let include = format!("-I{}", common::workspace_root().join("tests/glsl/include").display());
    let status = std::process::Command::new("glslangValidator")
        .arg("-V")
        .arg(include)
        .args(common::glsl_directives(source).glslang_args)
        .arg(path)
        .arg("-o")
        .arg(&out)
        .output()
        .ok()?;
    let bytes = std::fs::read(&out).ok();
    let _ = std::fs::remove_file(&out);
    if !status.status.success() {
        return None;
    }
    Some(bytes?.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
}

/// The parts of a module the comparison reads, indexed by result id.
struct Spirv<'a> {
    types: HashMap<u32, &'a Instruction>,
    variables: Vec<&'a Instruction>,
    /// `(target, decoration) -> literal operand` for OpDecorate.
    decorations: HashMap<(u32, Decoration), Option<u32>>,
    /// `(struct, member, decoration) -> literal operand` for OpMemberDecorate.
    member_decorations: HashMap<(u32, u32, Decoration), Option<u32>>,
    member_names: HashMap<(u32, u32), String>,
    names: HashMap<u32, String>,
}

impl<'a> Spirv<'a> {
    fn new(module: &'a Module) -> Spirv<'a> {
        let mut spirv = Spirv {
            types: HashMap::new(),
            variables: Vec::new(),
            decorations: HashMap::new(),
            member_decorations: HashMap::new(),
            member_names: HashMap::new(),
            names: HashMap::new(),
        };
        for inst in &module.types_global_values {
            if inst.class.opcode == Op::Variable {
                spirv.variables.push(inst);
            } else if let Some(id) = inst.result_id {
                spirv.types.insert(id, inst);
            }
        }
        for inst in &module.annotations {
            match (inst.class.opcode, inst.operands.as_slice()) {
                (Op::Decorate, [Operand::IdRef(target), Operand::Decoration(d), rest @ ..]) => {
                    spirv.decorations.insert((*target, *d), literal(rest));
                }
                (Op::MemberDecorate, [Operand::IdRef(target), Operand::LiteralBit32(member), Operand::Decoration(d), rest @ ..]) => {
                    spirv.member_decorations.insert((*target, *member, *d), literal(rest));
                }
                _ => {}
            }
        }
        for inst in &module.debug_names {
            if let (Op::MemberName, [Operand::IdRef(target), Operand::LiteralBit32(member), Operand::LiteralString(name)]) =
                (inst.class.opcode, inst.operands.as_slice())
            {
                spirv.member_names.insert((*target, *member), name.clone());
            }
            if let (Op::Name, [Operand::IdRef(target), Operand::LiteralString(name)]) =
                (inst.class.opcode, inst.operands.as_slice())
            {
                spirv.names.insert(*target, name.clone());
            }
        }
        spirv
    }

    /// Block variables: `(kind, set, binding, block type name) -> pointee type`, descriptor
    /// arrays unwrapped (they carry no layout). The name tells apart blocks that alias one
    /// binding (spirv-cross's tests do that).
    fn blocks(&self) -> BTreeMap<BlockKey, u32> {
        let mut blocks = BTreeMap::new();
        for var in &self.variables {
            let Some(Operand::StorageClass(class)) = var.operands.first() else { continue };
            if !matches!(class, StorageClass::Uniform | StorageClass::StorageBuffer | StorageClass::PushConstant) {
                continue;
            }
            let Some(var_id) = var.result_id else { continue };
            let Some(pointee) = var.result_type.and_then(|ptr| self.types.get(&ptr)).and_then(|ptr| id_operand(ptr, 1)) else {
                continue;
            };
            let mut ty = pointee;
            while let Some(inst) = self.types.get(&ty) {
                match inst.class.opcode {
                    Op::TypeArray | Op::TypeRuntimeArray => ty = id_operand(inst, 0).unwrap_or(ty),
                    _ => break,
                }
            }
            // glslang declares SSBOs as Uniform + BufferBlock in SPIR-V 1.0; we may use
            // StorageBuffer + Block. Both are "a buffer"; uniform blocks are Uniform + Block.
            let buffer_block = self.decorations.contains_key(&(ty, Decoration::BufferBlock));
            let kind = match class {
                StorageClass::PushConstant => "push_constant",
                StorageClass::StorageBuffer => "buffer",
                _ if buffer_block => "buffer",
                _ => "uniform",
            };
            let (set, binding) = if *class == StorageClass::PushConstant {
                (None, None)
            } else {
                (
                    self.decorations.get(&(var_id, Decoration::DescriptorSet)).copied().flatten(),
                    self.decorations.get(&(var_id, Decoration::Binding)).copied().flatten(),
                )
            };
            let name = self.names.get(&ty).cloned().unwrap_or_default();
            blocks.insert((kind.to_string(), set, binding, name), ty);
        }
        blocks
    }
}

/// `(kind, set, binding, block type name)`; set and binding are `None` for push constants.
type BlockKey = (String, Option<u32>, Option<u32>, String);

fn literal(operands: &[Operand]) -> Option<u32> {
    match operands.first() {
        Some(Operand::LiteralBit32(v)) => Some(*v),
        _ => None,
    }
}

fn id_operand(inst: &Instruction, index: usize) -> Option<u32> {
    match inst.operands.get(index) {
        Some(Operand::IdRef(id)) => Some(*id),
        _ => None,
    }
}

fn compare_modules(path: &str, ours: &Spirv<'_>, theirs: &Spirv<'_>, stats: &mut Stats, differences: &mut Vec<String>) {
    let our_blocks = ours.blocks();
    for (key, their_ty) in theirs.blocks() {
        let Some(&our_ty) = our_blocks.get(&key) else {
            stats.unmatched_blocks += 1;
            continue;
        };
        stats.blocks += 1;
        let (kind, set, binding, name) = &key;
        let place = match (set, binding) {
            (Some(s), Some(b)) => format!("{path}: {kind} block {name} (set {s}, binding {b})"),
            _ => format!("{path}: {kind} block {name}"),
        };
        let mut seen = HashSet::new();
        compare_type(&place, ours, our_ty, theirs, their_ty, stats, differences, &mut seen);
    }
}

/// Compares the layout decorations of `our_ty` and `their_ty` (the same GLSL type), recursing
/// through arrays and struct members.
#[allow(clippy::too_many_arguments)]
fn compare_type(
    place: &str,
    ours: &Spirv<'_>,
    our_ty: u32,
    theirs: &Spirv<'_>,
    their_ty: u32,
    stats: &mut Stats,
    differences: &mut Vec<String>,
    seen: &mut HashSet<(u32, u32)>,
) {
    if !seen.insert((our_ty, their_ty)) {
        return;
    }
    let (Some(o), Some(t)) = (ours.types.get(&our_ty), theirs.types.get(&their_ty)) else { return };
    if o.class.opcode != t.class.opcode {
        differences.push(format!("{place}: type is {:?} in ours, {:?} in glslang's", o.class.opcode, t.class.opcode));
        return;
    }
    match o.class.opcode {
        Op::TypeArray | Op::TypeRuntimeArray => {
            let ours_stride = ours.decorations.get(&(our_ty, Decoration::ArrayStride)).copied().flatten();
            let theirs_stride = theirs.decorations.get(&(their_ty, Decoration::ArrayStride)).copied().flatten();
            stats.decorations += 1;
            if ours_stride != theirs_stride {
                differences.push(format!("{place}: ArrayStride {ours_stride:?} (ours) != {theirs_stride:?} (glslang)"));
            }
            if let (Some(oe), Some(te)) = (id_operand(o, 0), id_operand(t, 0)) {
                compare_type(&format!("{place}[]"), ours, oe, theirs, te, stats, differences, seen);
            }
        }
        Op::TypeStruct => {
            if o.operands.len() != t.operands.len() {
                differences.push(format!(
                    "{place}: {} members in ours, {} in glslang's",
                    o.operands.len(),
                    t.operands.len()
                ));
                return;
            }
            for member in 0..o.operands.len() as u32 {
                let our_name = ours.member_names.get(&(our_ty, member));
                let their_name = theirs.member_names.get(&(their_ty, member));
                let name = their_name.or(our_name).cloned().unwrap_or_else(|| format!("#{member}"));
                if let (Some(a), Some(b)) = (our_name, their_name) {
                    if a != b {
                        differences.push(format!("{place}: member {member} is `{a}` in ours, `{b}` in glslang's"));
                        continue;
                    }
                }
                let member_place = format!("{place}.{name}");
                for decoration in [Decoration::Offset, Decoration::MatrixStride, Decoration::RowMajor] {
                    let a = ours.member_decorations.get(&(our_ty, member, decoration));
                    let b = theirs.member_decorations.get(&(their_ty, member, decoration));
                    if a.is_none() && b.is_none() {
                        continue;
                    }
                    stats.decorations += 1;
                    if a != b {
                        let show = |v: Option<&Option<u32>>| match v {
                            None => "absent".to_string(),
                            Some(None) => "present".to_string(),
                            Some(Some(n)) => n.to_string(),
                        };
                        differences.push(format!(
                            "{member_place}: {decoration:?} {} (ours) != {} (glslang)",
                            show(a),
                            show(b)
                        ));
                    }
                }
                if let (Some(oe), Some(te)) = (id_operand(o, member as usize), id_operand(t, member as usize)) {
                    compare_type(&member_place, ours, oe, theirs, te, stats, differences, seen);
                }
            }
        }
        _ => {}
    }
}
