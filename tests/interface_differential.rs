//! Interface differential: the interface of every module we produce must be the one the
//! reference compiler produces for the same source. GLSL is compared with `glslangValidator -V`
//! (ours with `--target vulkan`, so combined image samplers compare as such), WGSL with naga's
//! SPIR-V writer. Inputs: every GLSL file of `../shared/corpus` with a vert/frag/comp stage that
//! glslang accepts, every WGSL file there that naga accepts, the GLSL and WGSL files of
//! `../shared/repros`, our suite programs (`tests/glsl/ok`, `tests/glsl/ok_features`,
//! `tests/wgsl/ok`) and the WGSL shaders of `examples/shaders` and `tests/shaders` that both
//! compilers compile.
//!
//! The interface is read from the SPIR-V words of both modules (a small reader below, so that
//! modules rspirv's parser refuses are compared too):
//! - per resource (descriptor set, binding): the type in full (image dimension, depth, arrayed,
//!   multisampled, sampled, format, sampled type; sampler; combined image sampler; acceleration
//!   structure; block layout: every `Offset`, `ArrayStride`, `MatrixStride`, `RowMajor`), array
//!   lengths (the literal, or the specialization constant's SpecId / the spec-constant
//!   operation), the storage class, and the memory decorations `NonReadable`, `NonWritable`,
//!   `Coherent`, `Volatile`, `Restrict` (a decoration on a block variable counts for each of its
//!   members, so both placements compare equal);
//! - push-constant blocks (type and layout);
//! - the blocks buffer references point to (`GL_EXT_buffer_reference`), with their layout and
//!   their members' memory decorations (a reference block's own qualifiers are on its members);
//! - specialization constants: SpecId, type and default;
//! - stage inputs and outputs location by location (location, component, dual-source index):
//!   the scalar or vector type, `Flat`/`NoPerspective`/`Centroid`/`Sample`/`PerVertexKHR`/`Patch`
//!   and whether the entry point's interface lists the variable.
//!
//! Differences that are intended (each with its reason) are listed in [`INTENDED`] and
//! [`intended`]; every other difference fails the test. The counts (files compared, identical,
//! identical up to the intended differences) are printed. Without glslang the GLSL half skips
//! with a message (fails when `CI=true`).

mod common;

use common::Outcome;
use rspirv::spirv::{Decoration, Dim, ImageFormat, Op, StorageClass};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(20);

/// The intended differences, as documentation; [`intended`] implements them.
///
/// - Struct, block, array and matrix varyings are compared location by location (flattened
///   as Vulkan assigns locations, Vulkan 1.3 §15.1.4): our GLSL front end may flatten them into
///   one variable per location (the wgpu target needs that), which Vulkan matches the same way.
/// - Inputs a shader declares but never reads may be left out of our module (and its entry
///   point): nothing can observe them. Outputs may not (the next stage may read them).
/// - naga wraps every uniform/storage/push-constant global whose type is a struct not ending in
///   a runtime array in a one-member struct (`global_needs_wrapper`); that wrapper is read as
///   the struct it wraps.
/// - naga writes overrides as their values (its SPIR-V writer has no OpSpecConstant), so for
///   WGSL the specialization constants are compared with naga's IR instead: every override
///   naga declares must be one of our spec constants with the same SpecId, type and default.
/// - Built-in variables are not compared (glslang declares `gl_PerVertex` blocks, naga single
///   variables; the location-matched interface is what pipelines check).
/// - Resources glslang declares that the shader never uses are compared when we declare them
///   too; a resource only glslang declares is reported (it is part of the interface).
pub const INTENDED: &str = "see the doc comment of INTENDED";

#[test]
fn interface_matches_reference_compilers() {
    let Some((corpus, manifest)) = common::corpus_manifest() else { return };
    let mut report = Report::default();
    if !common::skip_without_glslang() {
        let mut files: Vec<(String, PathBuf, Option<shader_core::ir::Stage>)> = glsl_corpus_files(&manifest)
            .into_iter()
            .map(|(path, stage)| (path.clone(), corpus.join(&path), Some(stage)))
            .collect();
        for path in sorted_files(&corpus.join("../repros/glsl")) {
            let name = format!("repros/glsl/{}", path.file_name().unwrap_or_default().to_string_lossy());
            files.push((name, path, None));
        }
        for folder in ["tests/glsl/ok", "tests/glsl/ok_features"] {
            for path in sorted_files(&common::workspace_root().join(folder)) {
                let name = format!("{folder}/{}", path.file_name().unwrap_or_default().to_string_lossy());
                files.push((name, path, None));
            }
        }
        for (name, path, stage) in files {
            let Ok(source) = std::fs::read_to_string(&path) else { continue };
            let Some(ours) = compile_ours_glsl(&name, &path, &source, stage) else { continue };
            let Some(theirs) = compile_glslang(&path, &source) else { continue };
            report.compare(&name, Lang::Glsl, &ours, &theirs, None);
        }
    }
    let mut wgsl: Vec<(String, PathBuf)> = wgsl_corpus_files(&manifest).into_iter().map(|p| (p.clone(), corpus.join(&p))).collect();
    // Every other WGSL program of the repository and of `../shared` (the corpus holds 132 WGSL
    // files, 105 of which naga accepts).
    let root = common::workspace_root();
    for (name, dir) in [
        ("tests/wgsl/ok", root.join("tests/wgsl/ok")),
        ("repros/wgsl", corpus.join("../repros/wgsl")),
        ("examples/shaders", root.join("examples/shaders")),
        ("tests/shaders", root.join("tests/shaders")),
        ("tests/shaders/hot_reload", root.join("tests/shaders/hot_reload")),
    ] {
        for path in sorted_files(&dir).into_iter().filter(|p| p.extension().is_some_and(|e| e == "wgsl")) {
            wgsl.push((format!("{name}/{}", path.file_name().unwrap_or_default().to_string_lossy()), path));
        }
    }
    for (name, path) in wgsl {
        let Ok(source) = std::fs::read_to_string(&path) else { continue };
        let Some(ours) = compile_ours_wgsl(&name, &source) else { continue };
        let Ok(theirs) = common::compile_naga(&source) else { continue };
        if source.starts_with("// naga-disagrees:") {
            // Our suite programs where naga is wrong (each says why); wgsl_suite.rs skips them too.
            report.skipped += 1;
            continue;
        }
        let overrides = naga_overrides(&source);
        report.compare(&name, Lang::Wgsl, &ours, &theirs, overrides.as_ref());
    }
    let summary = format!(
        "interface differential: GLSL {} files compared ({} identical, {} identical up to intended differences); \
         WGSL {} files compared ({} identical, {} identical up to intended differences); {} known (FIXME) and {} unexpected differences",
        report.compared[0],
        report.identical[0],
        report.identical_up_to_intended[0],
        report.compared[1],
        report.identical[1],
        report.identical_up_to_intended[1],
        report.known,
        report.unexpected.len()
    );
    eprintln!("{summary}");
    let mut intended: Vec<_> = report.intended.iter().collect();
    intended.sort();
    for (reason, count) in intended {
        eprintln!("  intended ({count}x): {reason}");
    }
    assert!(report.compared[0] + report.compared[1] > 100, "too few files compared: is the corpus there?");
    let fixed: Vec<String> = KNOWN
        .iter()
        .enumerate()
        .filter(|(i, _)| !report.known_seen.contains(i))
        .map(|(_, (file, text))| format!("{file}: {text}"))
        .collect();
    assert!(fixed.is_empty(), "known differences no longer seen (remove them from KNOWN):\n{}", fixed.join("\n"));
    assert!(
        report.unexpected.is_empty(),
        "{summary}\n{}",
        report.unexpected.join("\n")
    );
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Lang {
    Glsl,
    Wgsl,
}

#[derive(Default)]
struct Report {
    /// Index 0: GLSL, 1: WGSL.
    compared: [usize; 2],
    identical: [usize; 2],
    identical_up_to_intended: [usize; 2],
    intended: HashMap<String, usize>,
    /// Differences listed in [`KNOWN`], and which entries were seen.
    known: usize,
    known_seen: BTreeSet<usize>,
    /// Suite programs marked `// naga-disagrees:` (naga is the one that is wrong).
    skipped: usize,
    unexpected: Vec<String>,
}

impl Report {
    fn compare(&mut self, name: &str, lang: Lang, ours: &[u32], theirs: &[u32], overrides: Option<&NagaOverrides>) {
        let i = (lang == Lang::Wgsl) as usize;
        let (ours, theirs) = match (Spirv::parse(ours), Spirv::parse(theirs)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => {
                self.unexpected.push(format!("{name}: cannot read a module: {e}"));
                return;
            }
        };
        self.compared[i] += 1;
        let a = Interface::of(&ours, lang);
        let mut b = Interface::of(&theirs, lang);
        if let Some(overrides) = overrides {
            b.spec_constants.clear();
            for (id, desc) in &overrides.with_id {
                b.spec_constants.entry(*id).or_default().push(desc.clone());
            }
            // Overrides without @id: the SpecId is ours to choose (`reflect::override_ids`),
            // so they are matched by type (and default) only.
            let mut unnamed = overrides.without_id.clone();
            for (id, list) in &a.spec_constants {
                if b.spec_constants.contains_key(id) {
                    continue;
                }
                for desc in list {
                    if let Some(i) = unnamed.iter().position(|u| u == desc || desc.starts_with(u.as_str())) {
                        unnamed.remove(i);
                        b.spec_constants.entry(*id).or_default().push(desc.clone());
                    }
                }
            }
        }
        let differences = a.differences(&b);
        if differences.is_empty() {
            self.identical[i] += 1;
            self.identical_up_to_intended[i] += 1;
            return;
        }
        let mut unexpected = false;
        for d in differences {
            if let Some(k) = KNOWN.iter().position(|(file, text)| *file == name && d.message.contains(text)) {
                self.known_seen.insert(k);
                self.known += 1;
                unexpected = true;
                continue;
            }
            if let Some((_, _, reason)) = INTENDED_IN.iter().find(|(file, text, _)| *file == name && d.message.contains(text)) {
                *self.intended.entry(reason.to_string()).or_default() += 1;
                continue;
            }
            match intended(&d) {
                Some(reason) => *self.intended.entry(reason.to_string()).or_default() += 1,
                None => {
                    unexpected = true;
                    self.unexpected.push(format!("{name}: {}", d.message));
                }
            }
        }
        if !unexpected {
            self.identical_up_to_intended[i] += 1;
        }
    }
}

/// Differences that are bugs not fixed yet: `(file, text the difference contains)`. Each must
/// still occur (remove the entry when it is fixed); the test fails on any other.
const KNOWN: &[(&str, &str)] = &[];

/// Differences intended in one file: `(file, text the difference contains, reason)`.
const INTENDED_IN: &[(&str, &str, &str)] = &[(
    "glsl/glslang/spv.specConstantOperations.vert",
    "specialization constant 204",
    "`const double sp_double = 2.9` without `lf`: ours widens the float literal's value (GLSL 4.60 §4.1.4: \
     a literal without `lf` is a float), glslang keeps the literal's double precision",
)];

/// The reason a difference is intended, or `None`.
fn intended(d: &Difference) -> Option<&'static str> {
    match d.kind {
        Kind::UnusedInputOmitted => Some("an input the shader never reads is left out of our module"),
        // glslang marks a `textureND` that the shader combines with a `samplerShadow` as a depth
        // image (Depth 1); ours keeps the declared type (Depth 0). Vulkan ignores the operand
        // (Vulkan 1.3 appendix A, "The Depth operand of OpTypeImage is ignored"); the
        // `OpImageSample*Dref` instruction is what compares.
        // glslang leaves integer members of fragment input blocks without `Flat`; Vulkan
        // requires it (VUID-StandaloneSpirv-Flat-04744), and ours adds it.
        Kind::FlatRequired => Some("Flat on an integer fragment input (Vulkan requires it; glslang omits it in blocks)"),
        Kind::DepthFromUse => Some("a separate texture used with a shadow sampler: Depth 0 (declared) vs glslang's 1 (from use)"),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Inputs and compilers

fn sorted_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
    files.retain(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("comp" | "vert" | "frag" | "wgsl")));
    files.sort();
    files
}

/// `(path, stage)` of every GLSL file of the manifest with a vert/frag/comp stage that glslang
/// accepts (the `glslang` column).
fn glsl_corpus_files(manifest: &str) -> Vec<(String, shader_core::ir::Stage)> {
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

/// Every WGSL file of the manifest naga accepts (the `naga` column).
fn wgsl_corpus_files(manifest: &str) -> Vec<String> {
    manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            (cells.get(1) == Some(&"wgsl") && cells.get(4) == Some(&"1")).then(|| cells[0].to_string())
        })
        .collect()
}

fn compile_ours_glsl(name: &str, path: &Path, source: &str, stage: Option<shader_core::ir::Stage>) -> Option<Vec<u32>> {
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
        // Rejections, panics and hangs are the conformance tests' business (corpus_glsl.rs).
        _ => None,
    }
}

fn compile_ours_wgsl(name: &str, source: &str) -> Option<Vec<u32>> {
    let options = shader_core::CompileOptions { target: shader_core::Target::Vulkan, ..Default::default() };
    let (name, source) = (name.to_string(), source.to_string());
    match common::guarded(TIMEOUT, move || shader_core::compile(&name, &source, &options)) {
        Outcome::Done(Ok(compiled)) => Some(compiled.spirv),
        _ => None,
    }
}

/// naga's overrides, read from its IR (its SPIR-V has none).
struct NagaOverrides {
    /// `(SpecId, "type = default")` of the overrides with `@id`.
    with_id: Vec<(u32, String)>,
    /// `"type = default"` of the others (`"type = "` when the default is computed from other
    /// overrides, which naga keeps as an expression).
    without_id: Vec<String>,
}

fn naga_overrides(source: &str) -> Option<NagaOverrides> {
    let module = naga::front::wgsl::parse_str(source).ok()?;
    let mut out = NagaOverrides { with_id: Vec::new(), without_id: Vec::new() };
    for (_, o) in module.overrides.iter() {
        let ty = match module.types[o.ty].inner {
            naga::TypeInner::Scalar(s) => scalar_name(s.kind, u32::from(s.width) * 8),
            _ => "?".to_string(),
        };
        let default = match o.init.map(|e| &module.global_expressions[e]) {
            Some(naga::Expression::Literal(l)) => match *l {
                naga::Literal::Bool(b) => b.to_string(),
                naga::Literal::I32(v) => (v as u32).to_string(),
                naga::Literal::U32(v) => v.to_string(),
                naga::Literal::F32(v) => v.to_bits().to_string(),
                naga::Literal::AbstractInt(v) => (v as u32).to_string(),
                naga::Literal::AbstractFloat(v) => (v as f32).to_bits().to_string(),
                _ => "?".to_string(),
            },
            None => "none".to_string(),
            // A default computed from other overrides: compared by type only.
            _ => String::new(),
        };
        let desc = format!("{ty} = {default}");
        match o.id {
            Some(id) => out.with_id.push((u32::from(id), desc)),
            None => out.without_id.push(desc),
        }
    }
    Some(out)
}

fn scalar_name(kind: naga::ScalarKind, bits: u32) -> String {
    match kind {
        naga::ScalarKind::Bool => "bool".into(),
        naga::ScalarKind::Sint => format!("i{bits}"),
        naga::ScalarKind::Uint => format!("u{bits}"),
        _ => format!("f{bits}"),
    }
}

/// glslang on the file itself, so that its extension gives the stage and includes resolve
/// (plus our include dir and the program's `// glslang-args:`).
fn compile_glslang(path: &Path, source: &str) -> Option<Vec<u32>> {
    let out = std::env::temp_dir().join(format!(
        "shader-e2e-iface-{}-{}.spv",
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

// ---------------------------------------------------------------------------------------------
// A SPIR-V reader: just the instructions the interface needs

struct Inst {
    op: Op,
    /// Operand words (result type and result id included, as they come).
    words: Vec<u32>,
}

#[derive(Default)]
struct Spirv {
    /// Types, constants and spec constants by result id.
    defs: HashMap<u32, Inst>,
    /// Module-scope variables: `(id, pointer type, storage class)`.
    variables: Vec<(u32, u32, StorageClass)>,
    decorations: HashMap<u32, Vec<(Decoration, Vec<u32>)>>,
    member_decorations: HashMap<(u32, u32), Vec<(Decoration, Vec<u32>)>>,
    /// `(execution model, name, interface ids)`.
    entry_points: Vec<(u32, String, Vec<u32>)>,
    /// While describing a WGSL uniform buffer: write each `matCx2` (matrix stride 8) as its C
    /// `vec2` columns, the form naga's SPIR-V writer gives them in uniform buffers (its std140
    /// compatibility structs). The layout is the same; the spelling is naga's.
    split_cx2: std::cell::Cell<bool>,
}

fn string_at(words: &[u32]) -> (String, usize) {
    let mut bytes = Vec::new();
    for (i, w) in words.iter().enumerate() {
        for b in w.to_le_bytes() {
            if b == 0 {
                return (String::from_utf8_lossy(&bytes).into_owned(), i + 1);
            }
            bytes.push(b);
        }
    }
    (String::from_utf8_lossy(&bytes).into_owned(), words.len())
}

impl Spirv {
    fn parse(words: &[u32]) -> Result<Spirv, String> {
        if words.len() < 5 || words[0] != 0x0723_0203 {
            return Err("not a SPIR-V module".into());
        }
        let mut m = Spirv::default();
        let mut i = 5;
        let mut in_function = false;
        while i < words.len() {
            let count = (words[i] >> 16) as usize;
            let opcode = words[i] & 0xffff;
            if count == 0 || i + count > words.len() {
                return Err(format!("truncated instruction at word {i}"));
            }
            let operands = &words[i + 1..i + count];
            i += count;
            let Some(op) = Op::from_u32(opcode) else { continue };
            match op {
                Op::Function => in_function = true,
                Op::FunctionEnd => in_function = false,
                Op::EntryPoint => {
                    let (name, used) = string_at(&operands[2..]);
                    m.entry_points.push((operands[0], name, operands[2 + used..].to_vec()));
                }
                Op::Decorate | Op::DecorateId => {
                    if let Some(d) = Decoration::from_u32(operands[1]) {
                        m.decorations.entry(operands[0]).or_default().push((d, operands[2..].to_vec()));
                    }
                }
                Op::MemberDecorate => {
                    if let Some(d) = Decoration::from_u32(operands[2]) {
                        m.member_decorations.entry((operands[0], operands[1])).or_default().push((d, operands[3..].to_vec()));
                    }
                }
                Op::Variable if !in_function => {
                    if let Some(class) = StorageClass::from_u32(operands[2]) {
                        m.variables.push((operands[1], operands[0], class));
                    }
                }
                _ if !in_function => {
                    let name = format!("{op:?}");
                    let result_first = name.starts_with("Type");
                    let constant = name.starts_with("Constant") || name.starts_with("SpecConstant");
                    if result_first && !operands.is_empty() {
                        m.defs.insert(operands[0], Inst { op, words: operands.to_vec() });
                    } else if constant && operands.len() >= 2 {
                        m.defs.insert(operands[1], Inst { op, words: operands.to_vec() });
                    }
                }
                _ => {}
            }
        }
        Ok(m)
    }

    /// For a `matCx2` of 32-bit floats (or an array of them, any depth): the column count and
    /// the column's description.
    fn cx2_columns(&self, ty: u32) -> Option<(u32, String)> {
        let inst = self.defs.get(&ty)?;
        match inst.op {
            Op::TypeArray => self.cx2_columns(inst.words[1]),
            Op::TypeMatrix => {
                let column = self.describe(inst.words[1], 0);
                (column == "vec2<f32>").then(|| (inst.words[2], column))
            }
            _ => None,
        }
    }

    fn decoration(&self, id: u32, d: Decoration) -> Option<&[u32]> {
        self.decorations.get(&id)?.iter().find(|(x, _)| *x == d).map(|(_, w)| w.as_slice())
    }

    fn member_decoration(&self, id: u32, member: u32, d: Decoration) -> Option<&[u32]> {
        self.member_decorations.get(&(id, member))?.iter().find(|(x, _)| *x == d).map(|(_, w)| w.as_slice())
    }

    fn has(&self, id: u32, d: Decoration) -> bool {
        self.decoration(id, d).is_some()
    }

    fn pointee(&self, ptr: u32) -> Option<u32> {
        let inst = self.defs.get(&ptr)?;
        (inst.op == Op::TypePointer).then(|| inst.words[2])
    }

    /// The members of a struct type.
    fn members(&self, ty: u32) -> &[u32] {
        match self.defs.get(&ty) {
            Some(inst) if inst.op == Op::TypeStruct => &inst.words[1..],
            _ => &[],
        }
    }

    /// A constant's description: its value, `spec#ID` for a specialization constant, or the
    /// spec-constant operation over its operands.
    fn constant(&self, id: u32) -> String {
        let Some(inst) = self.defs.get(&id) else { return format!("?{id}") };
        match inst.op {
            Op::Constant => inst.words[2..].iter().map(u32::to_string).collect::<Vec<_>>().join(":"),
            Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse => match self.decoration(id, Decoration::SpecId) {
                Some([spec_id, ..]) => format!("spec#{spec_id}"),
                _ => format!("spec-without-id({})", inst.words.get(2).copied().unwrap_or(0)),
            },
            Op::SpecConstantOp => {
                let opcode = Op::from_u32(inst.words[2]).map(|o| format!("{o:?}")).unwrap_or_default();
                let args: Vec<String> = inst.words[3..].iter().map(|a| self.constant(*a)).collect();
                format!("{opcode}({})", args.join(", "))
            }
            op => format!("{op:?}"),
        }
    }

    /// The full description of a type: scalar kinds and widths, image and sampler properties,
    /// array lengths (literal or specialization constant) and every layout decoration.
    fn describe(&self, ty: u32, depth: usize) -> String {
        if depth > 16 {
            return "...".into();
        }
        let Some(inst) = self.defs.get(&ty) else { return format!("?{ty}") };
        let w = &inst.words;
        match inst.op {
            Op::TypeVoid => "void".into(),
            Op::TypeBool => "bool".into(),
            Op::TypeInt => format!("{}{}", if w[2] == 1 { "i" } else { "u" }, w[1]),
            Op::TypeFloat => format!("f{}", w[1]),
            Op::TypeVector => format!("vec{}<{}>", w[2], self.describe(w[1], depth + 1)),
            Op::TypeMatrix => format!("mat{}<{}>", w[2], self.describe(w[1], depth + 1)),
            Op::TypeImage => {
                let dim = Dim::from_u32(w[2]).map(|d| format!("{d:?}")).unwrap_or_default();
                let format = ImageFormat::from_u32(w[7]).map(|f| format!("{f:?}")).unwrap_or_default();
                format!(
                    "image<{}, {dim}, depth={}, arrayed={}, ms={}, sampled={}, {format}>",
                    self.describe(w[1], depth + 1),
                    w[3],
                    w[4],
                    w[5],
                    w[6]
                )
            }
            Op::TypeSampler => "sampler".into(),
            Op::TypeSampledImage => format!("sampled<{}>", self.describe(w[1], depth + 1)),
            Op::TypeAccelerationStructureKHR => "acceleration_structure".into(),
            Op::TypeArray | Op::TypeRuntimeArray if self.split_cx2.get() && self.cx2_columns(w[1]).is_some() && self.defs.get(&w[1]).is_some_and(|e| e.op == Op::TypeMatrix) => {
                // An array of matCx2 in a uniform buffer: naga's elements are structs of columns.
                let (columns, column) = self.cx2_columns(w[1]).unwrap_or_default();
                let element: Vec<String> = (0..columns).map(|c| format!("@{} {column}", 8 * c)).collect();
                let stride = match self.decoration(ty, Decoration::ArrayStride) {
                    Some([s, ..]) => format!(" stride={s}"),
                    _ => String::new(),
                };
                let len = if inst.op == Op::TypeArray { format!(", {}", self.constant(w[2])) } else { String::new() };
                format!("array<struct{{{}}}{len}{stride}>", element.join("; "))
            }
            Op::TypeArray | Op::TypeRuntimeArray => {
                let stride = match self.decoration(ty, Decoration::ArrayStride) {
                    Some([s, ..]) => format!(" stride={s}"),
                    _ => String::new(),
                };
                let len = if inst.op == Op::TypeArray { format!(", {}", self.constant(w[2])) } else { String::new() };
                format!("array<{}{len}{stride}>", self.describe(w[1], depth + 1))
            }
            Op::TypeStruct => {
                let mut s = String::from("struct{");
                for (i, m) in w[1..].iter().enumerate() {
                    let i = i as u32;
                    if i > 0 {
                        s.push_str("; ");
                    }
                    if let Some([stride, ..]) = self.member_decoration(ty, i, Decoration::MatrixStride) {
                        if let (true, 8, Some(columns), Some([offset, ..])) = (
                            self.split_cx2.get(),
                            *stride,
                            self.cx2_columns(*m).filter(|_| self.defs.get(m).is_some_and(|d| d.op == Op::TypeMatrix)),
                            self.member_decoration(ty, i, Decoration::Offset),
                        ) {
                            let cols: Vec<String> = (0..columns.0).map(|c| format!("@{} {}", offset + 8 * c, columns.1)).collect();
                            s.push_str(&cols.join("; "));
                            continue;
                        }
                    }
                    if let Some([offset, ..]) = self.member_decoration(ty, i, Decoration::Offset) {
                        let _ = write!(s, "@{offset} ");
                    }
                    // Inside a block (a buffer reference's), the members' memory decorations;
                    // a resource block's are compared with its variable's in `Interface::of`.
                    let memory: BTreeSet<String> =
                        MEMORY.iter().filter(|d| depth > 0 && self.member_decoration(ty, i, **d).is_some()).map(|d| format!("{d:?}")).collect();
                    if !memory.is_empty() {
                        let _ = write!(s, "[{}] ", memory.into_iter().collect::<Vec<_>>().join(" "));
                    }
                    if let Some([stride, ..]) = self.member_decoration(ty, i, Decoration::MatrixStride) {
                        if !(self.split_cx2.get() && *stride == 8 && self.cx2_columns(*m).is_some()) {
                            let _ = write!(s, "matrix_stride={stride} ");
                        }
                    }
                    if self.member_decoration(ty, i, Decoration::RowMajor).is_some() {
                        s.push_str("row_major ");
                    }
                    s.push_str(&self.describe(*m, depth + 1));
                }
                s.push('}');
                s
            }
            Op::TypePointer => {
                let class = StorageClass::from_u32(w[1]).map(|c| format!("{c:?}")).unwrap_or_default();
                format!("ptr<{class}, {}>", self.describe(w[2], depth + 1))
            }
            op => format!("{op:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The interface

const MEMORY: [Decoration; 5] =
    [Decoration::NonReadable, Decoration::NonWritable, Decoration::Coherent, Decoration::Volatile, Decoration::Restrict];
const INTERPOLATION: [Decoration; 6] = [
    Decoration::Flat,
    Decoration::NoPerspective,
    Decoration::Centroid,
    Decoration::Sample,
    Decoration::PerVertexKHR,
    Decoration::Patch,
];

/// `(entry point, "in"/"out", location, component, index)`.
type SlotKey = (String, &'static str, u32, u32, u32);

#[derive(Default)]
struct Interface {
    /// `(set, binding)` -> descriptions of the variables there (aliases included), sorted.
    resources: BTreeMap<(u32, u32), Vec<String>>,
    push_constants: Vec<String>,
    /// SpecId -> "type = default" of each constant with that id (glslang gives a
    /// `local_size_x_id` its own uint constant next to an `int` one sharing the id).
    spec_constants: BTreeMap<u32, Vec<String>>,
    /// Stage inputs and outputs: description, and whether the entry point lists the variable.
    slots: BTreeMap<SlotKey, (String, bool)>,
    /// The blocks buffer references point to (GLSL `buffer_reference`), described with their
    /// members' memory decorations.
    references: BTreeSet<String>,
}

impl Interface {
    fn of(m: &Spirv, lang: Lang) -> Interface {
        let mut interface = Interface::default();
        for &(var, ptr, class) in &m.variables {
            let Some(mut ty) = m.pointee(ptr) else { continue };
            match class {
                StorageClass::Uniform | StorageClass::StorageBuffer | StorageClass::UniformConstant | StorageClass::PushConstant => {
                    // Descriptor arrays: the array stays in the description, the block below it
                    // is where memory decorations go.
                    let mut outer = Vec::new();
                    let mut block = ty;
                    while let Some(inst) = m.defs.get(&block) {
                        if matches!(inst.op, Op::TypeArray | Op::TypeRuntimeArray) {
                            outer.push((inst.op, inst.words.get(2).copied()));
                            block = inst.words[1];
                        } else {
                            break;
                        }
                    }
                    if lang == Lang::Wgsl && class != StorageClass::UniformConstant {
                        block = unwrap_naga_wrapper(m, block);
                        ty = block;
                    }
                    let var_memory: BTreeSet<String> =
                        MEMORY.iter().filter(|d| m.has(var, **d)).map(|d| format!("{d:?}")).collect();
                    m.split_cx2.set(lang == Lang::Wgsl && class == StorageClass::Uniform);
                    let mut desc = String::new();
                    let kind = match class {
                        StorageClass::PushConstant => "push_constant",
                        StorageClass::StorageBuffer => "buffer",
                        StorageClass::Uniform if m.has(block, Decoration::BufferBlock) => "buffer",
                        StorageClass::Uniform => "uniform",
                        _ => "handle",
                    };
                    let _ = write!(desc, "{kind} ");
                    let members = m.members(block);
                    if members.is_empty() || class == StorageClass::UniformConstant {
                        if !var_memory.is_empty() {
                            let _ = write!(desc, "[{}] ", var_memory.iter().cloned().collect::<Vec<_>>().join(" "));
                        }
                        desc.push_str(&m.describe(ty, 0));
                    } else {
                        // Memory decorations per member: the variable's and the member's.
                        let mut access = Vec::new();
                        for i in 0..members.len() as u32 {
                            let mut set = var_memory.clone();
                            set.extend(
                                MEMORY.iter().filter(|d| m.member_decoration(block, i, **d).is_some()).map(|d| format!("{d:?}")),
                            );
                            access.push(set.into_iter().collect::<Vec<_>>().join(" "));
                        }
                        if access.iter().any(|a| !a.is_empty()) {
                            let _ = write!(desc, "[{}] ", access.join(" | "));
                        }
                        for (op, len) in outer.iter().rev() {
                            let _ = match (op, len) {
                                (Op::TypeArray, Some(len)) => write!(desc, "array<{}> of ", m.constant(*len)),
                                _ => write!(desc, "runtime_array of "),
                            };
                        }
                        desc.push_str(&m.describe(block, 0));
                    }
                    m.split_cx2.set(false);
                    if class == StorageClass::PushConstant {
                        interface.push_constants.push(desc);
                    } else {
                        let set = m.decoration(var, Decoration::DescriptorSet).and_then(|w| w.first().copied()).unwrap_or(0);
                        let binding = m.decoration(var, Decoration::Binding).and_then(|w| w.first().copied()).unwrap_or(u32::MAX);
                        interface.resources.entry((set, binding)).or_default().push(desc);
                    }
                }
                StorageClass::Input | StorageClass::Output => {
                    let direction = if class == StorageClass::Input { "in" } else { "out" };
                    // Built-ins (variables or blocks of them) are not compared.
                    if m.has(var, Decoration::BuiltIn) || builtin_block(m, ty) {
                        continue;
                    }
                    let listed_by: Vec<&str> =
                        m.entry_points.iter().filter(|(_, _, ids)| ids.contains(&var)).map(|(_, n, _)| n.as_str()).collect();
                    let entries: Vec<(&str, bool)> = if !listed_by.is_empty() {
                        listed_by.iter().map(|n| (*n, true)).collect()
                    } else if m.entry_points.len() == 1 {
                        vec![(m.entry_points[0].1.as_str(), false)]
                    } else {
                        continue;
                    };
                    let mut slots = Vec::new();
                    let mut decos: BTreeSet<String> =
                        INTERPOLATION.iter().filter(|d| m.has(var, **d)).map(|d| format!("{d:?}")).collect();
                    let mut per_vertex = m.has(var, Decoration::PerVertexKHR);
                    for (i, _) in m.members(ty).iter().enumerate() {
                        per_vertex |= m.member_decoration(ty, i as u32, Decoration::PerVertexKHR).is_some();
                    }
                    if per_vertex {
                        // The outer array indexes the vertices, not locations.
                        if let Some(inst) = m.defs.get(&ty) {
                            if inst.op == Op::TypeArray {
                                decos.insert(format!("PerVertexKHR[{}]", m.constant(inst.words[2])));
                                ty = inst.words[1];
                            }
                        }
                        decos.remove("PerVertexKHR");
                    }
                    let mut location = m.decoration(var, Decoration::Location).and_then(|w| w.first().copied());
                    let component = m.decoration(var, Decoration::Component).and_then(|w| w.first().copied()).unwrap_or(0);
                    let index = m.decoration(var, Decoration::Index).and_then(|w| w.first().copied()).unwrap_or(0);
                    flatten(m, ty, &mut location, component, index, &decos, &mut slots, 0);
                    for (entry, listed) in entries {
                        for (loc, comp, index, desc) in &slots {
                            interface.slots.insert((entry.to_string(), direction, *loc, *comp, *index), (desc.clone(), listed));
                        }
                    }
                }
                _ => {}
            }
        }
        for inst in m.defs.values() {
            // Pointers to the reference blocks (not those to their members, which access
            // chains declare as they need them).
            if inst.op == Op::TypePointer
                && StorageClass::from_u32(inst.words[1]) == Some(StorageClass::PhysicalStorageBuffer)
                && m.has(inst.words[2], Decoration::Block)
            {
                interface.references.insert(m.describe(inst.words[2], 1));
            }
        }
        for (id, inst) in &m.defs {
            if !matches!(inst.op, Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse) {
                continue;
            }
            let Some([spec_id, ..]) = m.decoration(*id, Decoration::SpecId) else { continue };
            let default = match inst.op {
                Op::SpecConstantTrue => "true".to_string(),
                Op::SpecConstantFalse => "false".to_string(),
                _ => inst.words[2..].iter().map(u32::to_string).collect::<Vec<_>>().join(":"),
            };
            interface.spec_constants.entry(*spec_id).or_default().push(format!("{} = {default}", m.describe(inst.words[0], 0)));
        }
        for list in interface.resources.values_mut().chain(interface.spec_constants.values_mut()) {
            list.sort();
        }
        interface.push_constants.sort();
        interface
    }

    /// Every difference of `self` (ours) from `reference`.
    fn differences(&self, reference: &Interface) -> Vec<Difference> {
        let mut out = Vec::new();
        let keys: BTreeSet<&(u32, u32)> = self.resources.keys().chain(reference.resources.keys()).collect();
        for key in keys {
            let (a, b) = (self.resources.get(key), reference.resources.get(key));
            if a != b {
                let depth_only = match (a, b) {
                    (Some(a), Some(b)) => {
                        let b: Vec<String> = b.iter().map(|d| d.replace("depth=1, arrayed", "depth=0, arrayed")).collect();
                        *a == b
                    }
                    _ => false,
                };
                out.push(Difference {
                    kind: if depth_only { Kind::DepthFromUse } else { Kind::Resource },
                    message: format!("resource (set {}, binding {}): ours {a:?}, reference {b:?}", key.0, key.1),
                });
            }
        }
        if self.push_constants != reference.push_constants {
            out.push(Difference {
                kind: Kind::PushConstant,
                message: format!("push constants: ours {:?}, reference {:?}", self.push_constants, reference.push_constants),
            });
        }
        if self.references != reference.references {
            let (ours, theirs) = (&self.references - &reference.references, &reference.references - &self.references);
            out.push(Difference {
                kind: Kind::Reference,
                message: format!("buffer reference blocks: only ours {ours:?}, only the reference {theirs:?}"),
            });
        }
        let keys: BTreeSet<&u32> = self.spec_constants.keys().chain(reference.spec_constants.keys()).collect();
        for key in keys {
            let (a, b) = (self.spec_constants.get(key), reference.spec_constants.get(key));
            if a != b {
                out.push(Difference {
                    kind: Kind::SpecConstant,
                    message: format!("specialization constant {key}: ours {a:?}, reference {b:?}"),
                });
            }
        }
        let keys: BTreeSet<&SlotKey> = self.slots.keys().chain(reference.slots.keys()).collect();
        for key in keys {
            let (a, b) = (self.slots.get(key), reference.slots.get(key));
            if a == b {
                continue;
            }
            let (entry, direction, location, component, index) = key;
            let kind = match (a, b) {
                (None, Some(_)) if *direction == "in" => Kind::UnusedInputOmitted,
                (Some((ours, l1)), Some((theirs, l2)))
                    if *direction == "in" && l1 == l2 && !theirs.contains('[') && *ours == format!("{theirs} [Flat]") =>
                {
                    Kind::FlatRequired
                }
                _ => Kind::Varying,
            };
            let show = |s: Option<&(String, bool)>| match s {
                None => "absent".to_string(),
                Some((d, listed)) => format!("{d}{}", if *listed { "" } else { " (not listed by the entry point)" }),
            };
            out.push(Difference {
                kind,
                message: format!(
                    "{entry} {direction} location {location} component {component}{}: ours {}, reference {}",
                    if *index > 0 { format!(" index {index}") } else { String::new() },
                    show(a),
                    show(b)
                ),
            });
        }
        out
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Resource,
    PushConstant,
    Reference,
    SpecConstant,
    Varying,
    UnusedInputOmitted,
    DepthFromUse,
    FlatRequired,
}

struct Difference {
    kind: Kind,
    message: String,
}

/// naga's wrapper: a struct whose only member, at offset 0, is itself a struct.
fn unwrap_naga_wrapper(m: &Spirv, ty: u32) -> u32 {
    match m.members(ty) {
        [inner] if !m.members(*inner).is_empty() => *inner,
        _ => ty,
    }
}

fn builtin_block(m: &Spirv, mut ty: u32) -> bool {
    while let Some(inst) = m.defs.get(&ty) {
        if matches!(inst.op, Op::TypeArray | Op::TypeRuntimeArray) {
            ty = inst.words[1];
        } else {
            break;
        }
    }
    let members = m.members(ty);
    !members.is_empty() && (0..members.len() as u32).any(|i| m.member_decoration(ty, i, Decoration::BuiltIn).is_some())
}

/// Flattens a stage variable of type `ty` into its locations (Vulkan 1.3 §15.1.4: struct members
/// and array elements take consecutive locations unless a member has its own; matrices take one
/// per column; 64-bit three- and four-component vectors take two).
#[allow(clippy::too_many_arguments)]
fn flatten(
    m: &Spirv,
    ty: u32,
    location: &mut Option<u32>,
    component: u32,
    index: u32,
    decos: &BTreeSet<String>,
    out: &mut Vec<(u32, u32, u32, String)>,
    depth: usize,
) {
    let Some(inst) = m.defs.get(&ty) else { return };
    if depth > 8 {
        return;
    }
    match inst.op {
        Op::TypeStruct => {
            for (i, member) in inst.words[1..].iter().enumerate() {
                let i = i as u32;
                if let Some([l, ..]) = m.member_decoration(ty, i, Decoration::Location) {
                    *location = Some(*l);
                }
                let comp = m.member_decoration(ty, i, Decoration::Component).and_then(|w| w.first().copied()).unwrap_or(component);
                let mut decos = decos.clone();
                decos.extend(
                    INTERPOLATION
                        .iter()
                        .filter(|d| **d != Decoration::PerVertexKHR && m.member_decoration(ty, i, **d).is_some())
                        .map(|d| format!("{d:?}")),
                );
                flatten(m, *member, location, comp, index, &decos, out, depth + 1);
            }
        }
        Op::TypeArray => {
            let len = m.defs.get(&inst.words[2]).filter(|c| c.op == Op::Constant).map(|c| c.words[2]).unwrap_or(1);
            for _ in 0..len.min(64) {
                flatten(m, inst.words[1], location, component, index, decos, out, depth + 1);
            }
        }
        Op::TypeMatrix => {
            for _ in 0..inst.words[2] {
                flatten(m, inst.words[1], location, component, index, decos, out, depth + 1);
            }
        }
        _ => {
            let Some(loc) = *location else { return };
            let mut desc = m.describe(ty, 0);
            if !decos.is_empty() {
                let _ = write!(desc, " [{}]", decos.iter().cloned().collect::<Vec<_>>().join(" "));
            }
            out.push((loc, component, index, desc));
            let wide = m.describe(ty, 0).contains("64") && matches!(inst.op, Op::TypeVector) && inst.words[2] > 2;
            *location = Some(loc + if wide { 2 } else { 1 });
        }
    }
}

/// Arrays sized by a specialization constant follow it when a pipeline specializes it
/// (`../shared/repros/glsl/spec_sized_array.comp`: a `shared` array, a local array and a
/// uniform block's array, `N` = 4 by default). Both Vulkan-target modules, ours and glslang's,
/// get `N` = 8 from `spirv-opt --set-spec-const-default-value` (independent of both compilers),
/// pass spirv-val and run as emitted (wgpu passthrough on lavapipe): ours must give glslang's
/// values and the CPU's, all 8 elements (with literal lengths of 4, elements 4..8 would be read
/// and written past the arrays).
#[test]
fn spec_sized_array_specialized_to_8_runs_like_glslang() {
    const N: usize = 8;
    let path = common::workspace_root().join("../shared/repros/glsl/spec_sized_array.comp");
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if common::skip_without_glslang() {
        return;
    }
    let ours = compile_ours_glsl("spec_sized_array.comp", &path, &source, Some(shader_core::ir::Stage::Compute))
        .expect("we compile spec_sized_array.comp");
    let theirs = common::compile_glslang(&source, "comp").expect("glslang compiles spec_sized_array.comp");
    let mut specialized = Vec::new();
    for (who, words) in [("ours", &ours), ("glslang's", &theirs)] {
        let Some(words) = common::specialize_with_spirv_opt(words, &[(0, "8")]).unwrap_or_else(|e| panic!("{who}: {e}")) else {
            return;
        };
        common::spirv_val(&words, "vulkan1.1").unwrap_or_else(|e| panic!("{who} module specialized to N = 8: {e}"));
        specialized.push(words);
    }
    if !can_run_as_emitted() {
        return;
    }
    // values[i] = (i, 10 i, 100 i, -i) + 0.5; result[i] = values[N - 1 - i] + i.
    let values: Vec<f32> = (0..N).flat_map(|i| [i as f32, 10.0 * i as f32, 100.0 * i as f32, -(i as f32)].map(|v| v + 0.5)).collect();
    let expected: Vec<f32> = (0..N).flat_map(|i| (0..4).map(move |c| (i, c))).map(|(i, c)| values[(N - 1 - i) * 4 + c] + i as f32).collect();
    let bindings = [common::BufferBinding::uniform(0, common::bytes_f32(&values)), common::BufferBinding::storage(1, vec![0; 16 * N])];
    let mut results = Vec::new();
    for (who, words) in ["ours", "glslang's"].iter().zip(&specialized) {
        let out = common::run_compute_passthrough(words, "main", &bindings, [1, 1, 1]).unwrap_or_else(|e| panic!("{who} module: {e}"));
        results.push(common::f32s(&out[1]));
    }
    assert_eq!(results[1], expected, "glslang's module specialized to N = 8 (checks the test itself)");
    assert_eq!(results[0], results[1], "ours specialized to N = 8 differs from glslang's");
}

/// WGSL overrides at values other than their defaults: ours (Vulkan target, its spec constants
/// set by `spirv-opt --set-spec-const-default-value` through the SpecIds our reflection
/// reports) and naga's module (`process_overrides` with the same values by `@id` or name) run
/// as emitted and agree, and give the values worked out by hand. Covers an `@id` override, id-less
/// ones of each scalar kind, an override computed from another (`OpSpecConstantOp` in ours,
/// folded by naga) and an override sizing a workgroup array kept at its default (the runtime
/// refuses to change such one, `GpuError::ArrayLengthConstant`).
#[test]
fn wgsl_overrides_at_non_default_values_run_like_naga() {
    const SOURCE: &str = "
@id(3) override scale: f32 = 1.0;
override offset: i32 = -2;
override squared: bool = false;
override doubled = offset * 2;
override wg: u32 = 4;
var<workgroup> tile: array<f32, wg>;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) i: u32) {
    tile[i] = f32(i) * scale;
    workgroupBarrier();
    var v = tile[(i + 1u) % wg] + f32(doubled);
    if squared {
        v = v * v;
    }
    out[i] = v;
}
";
    // (@id or name, value as spirv-opt reads it, value as naga reads it)
    let values: [(&str, &str, f64); 3] = [("3", "2.5", 2.5), ("offset", "7", 7.0), ("squared", "true", 1.0)];
    let options = shader_core::CompileOptions { target: shader_core::Target::Vulkan, ..Default::default() };
    let compiled = shader_core::compile("overrides.wgsl", SOURCE, &options).unwrap_or_else(|e| panic!("{e:?}"));
    let reflection = shader_core::reflect::reflect(&compiled.ir);
    let spec: Vec<(u32, &str)> = values
        .iter()
        .map(|&(key, value, _)| {
            let id = reflection
                .specialization_constants
                .iter()
                .find(|c| c.name.as_deref() == Some(key) || c.id.to_string() == key)
                .unwrap_or_else(|| panic!("our reflection has no specialization constant `{key}`"))
                .id;
            (id, value)
        })
        .collect();
    let Some(ours) = common::specialize_with_spirv_opt(&compiled.spirv, &spec).expect("spirv-opt specializes our module") else { return };
    common::spirv_val(&ours, "vulkan1.1").expect("our specialized module passes spirv-val");

    let module = naga::front::wgsl::parse_str(SOURCE).expect("naga parses the source");
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .expect("naga validates the source");
    let mut constants = naga::back::PipelineConstants::default();
    for (key, _, value) in values {
        constants.insert(key.to_string(), value);
    }
    let (module, info) = naga::back::pipeline_constants::process_overrides(&module, &info, None, &constants).expect("naga applies the values");
    let theirs = naga::back::spv::write_vec(&module, &info, &naga::back::spv::Options::default(), None).expect("naga writes SPIR-V");

    if !can_run_as_emitted() {
        return;
    }
    // tile[j] = 2.5 j; out[i] = (tile[(i + 1) % 4] + 14)^2.
    let expected: Vec<f32> = (0..4).map(|i| (2.5 * ((i + 1) % 4) as f32 + 14.0).powi(2)).collect();
    let bindings = [common::BufferBinding::storage(0, vec![0; 16])];
    let mut results = Vec::new();
    for (who, words) in [("ours", &ours), ("naga's", &theirs)] {
        let out = common::run_compute_passthrough(words, "main", &bindings, [1, 1, 1]).unwrap_or_else(|e| panic!("{who} module: {e}"));
        results.push(common::f32s(&out[0]));
    }
    assert_eq!(results[1], expected, "naga's module with the values (checks the test itself)");
    assert_eq!(results[0], results[1], "ours at the same override values differs from naga's");
}

/// Whether modules can run as emitted (a device with passthrough); `false` after saying why
/// (a panic on CI when the device lacks passthrough).
fn can_run_as_emitted() -> bool {
    if common::gpu().is_none() {
        return false;
    }
    if !common::has_passthrough() {
        assert!(!common::ci(), "the device lacks Features::PASSTHROUGH_SHADERS but CI=true");
        eprintln!("SKIPPED: no device with passthrough");
        return false;
    }
    true
}
