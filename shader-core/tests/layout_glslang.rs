//! Differential test of `shader_core::layout` against glslang: each case is a tiny GLSL block
//! description from which the test builds both a compute shader (compiled by
//! `glslangValidator -V`) and the IR types (laid out by `layout::lay_out_struct`). Every
//! member `Offset`, `ArrayStride`, `MatrixStride` and `RowMajor`/`ColMajor` of the block's
//! struct types, recursively, must agree.

use rspirv::dr::{Instruction, Module as SpvModule, Operand};
use shader_core::ir::{ArraySize, Handle, Scalar, StructMember, Type, TypeInner, UniqueArena, VectorSize};
use shader_core::layout::{lay_out_struct, MemberSpec, Rule};
use shader_core::span::Span;
use spirv::{Decoration, Op};
use std::collections::HashMap;
use std::process::Command;

/// `qualifiers` go in the block's `layout(...)` (with `set`/`binding` added unless it is a
/// push constant); `structs` are struct declarations before the block; `members` its body.
struct Case {
    name: &'static str,
    qualifiers: &'static str,
    storage: &'static str,
    structs: &'static str,
    members: &'static str,
    /// glslang and we must both reject the block.
    error: bool,
}

const fn ok(name: &'static str, qualifiers: &'static str, storage: &'static str, structs: &'static str, members: &'static str) -> Case {
    Case { name, qualifiers, storage, structs, members, error: false }
}

const fn bad(name: &'static str, qualifiers: &'static str, storage: &'static str, members: &'static str) -> Case {
    Case { name, qualifiers, storage, structs: "", members, error: true }
}

const U: &str = "uniform";
const B: &str = "buffer";

#[rustfmt::skip]
const CASES: &[Case] = &[
    // std140 uniform blocks
    ok("std140 scalars and vectors", "std140", U, "", "float a; vec2 b; vec3 c; float d; vec4 e;"),
    ok("std140 vec3 packing", "std140", U, "", "vec3 a; float b; vec3 c; vec2 d; float e;"),
    ok("std140 arrays round to vec4", "std140", U, "", "float a[3]; float b; vec2 c[2]; vec3 d[2]; int e;"),
    ok("std140 square matrices", "std140", U, "", "mat3 m; float f; mat2 m2; mat4 m4; vec2 v;"),
    ok("std140 non-square matrices", "std140", U, "", "mat2x3 a; mat3x2 b; mat4x3 c; mat3x4 d; float e;"),
    ok("std140 row_major members", "std140", U, "", "layout(row_major) mat2x3 a; layout(row_major) mat3x2 b; layout(row_major) mat4x3 c; float f;"),
    ok("std140 block row_major", "std140, row_major", U, "", "mat3 a; layout(column_major) mat3x2 b; mat2 c; mat2x4 d;"),
    ok("std140 arrays of matrices", "std140", U, "", "mat3 a[2]; layout(row_major) mat2x3 b[3]; float f; mat2 c[2];"),
    ok("std140 struct padded to 16", "std140", U, "struct S { float x; };", "float a; S s; float b;"),
    ok("std140 array of structs", "std140", U, "struct S { vec3 v; float f; };", "S s[3]; vec2 t;"),
    ok("std140 nested structs", "std140", U, "struct A { vec2 p; }; struct B { A a; float f; A arr[2]; };", "float x; B b; B bs[2]; float y;"),
    ok("std140 arrays of arrays", "std140", U, "", "float a[2][3]; vec2 b[2][2]; float c;"),
    ok("std140 doubles", "std140", U, "", "double d; dvec2 d2; dvec3 d3; float f; dvec4 d4; double e;"),
    ok("std140 double matrices", "std140", U, "", "dmat3 m; dmat2x3 n; float f; layout(row_major) dmat3x2 r;"),
    ok("std140 ints and bools", "std140", U, "", "bool b; int i; uvec3 u; bvec2 bb; ivec4 iv; ivec3 a; int c;"),
    ok("std140 explicit offsets", "std140", U, "", "layout(offset = 0) float a; layout(offset = 16) vec3 b; layout(offset = 32) float c; float d;"),
    ok("std140 align qualifiers", "std140", U, "", "float a; layout(align = 32) float b; layout(align = 16) vec2 c; layout(align = 64) float d[2]; float e;"),
    ok("std140 offset and align", "std140", U, "", "layout(offset = 4) float a; layout(offset = 8, align = 16) float b; float c;"),
    ok("std140 struct matrices inherit row_major", "std140", U, "struct M { mat2x3 m; vec3 v; };", "layout(row_major) M r; M c; float f;"),
    ok("std140 struct with arrays of matrices", "std140", U, "struct T { mat3x2 m[2]; float f; };", "float a; T t[2]; layout(row_major) T r;"),
    ok("std140 block align", "std140, align = 32", U, "", "float a; vec2 b; layout(align = 8) float c;"),
    // std430 buffer blocks
    ok("std430 scalars and vectors", "std430", B, "", "float a; vec2 b; vec3 c; float d; vec4 e;"),
    ok("std430 arrays not rounded", "std430", B, "", "float a[3]; float b; vec2 c[2]; vec3 d[2]; float e;"),
    ok("std430 matrices", "std430", B, "", "mat2 a; mat3 b; mat2x3 c; mat3x2 d; mat4x3 e; float f;"),
    ok("std430 row_major", "std430", B, "", "layout(row_major) mat3x2 a; layout(row_major) mat2x3 b; layout(row_major) mat4x3 c[2]; float f;"),
    ok("std430 small structs", "std430", B, "struct S { float x; };", "float a; S s; float b; S arr[3]; float c;"),
    ok("std430 vec3 struct", "std430", B, "struct S { vec3 v; };", "S s; float f; S t[2];"),
    ok("std430 runtime array of structs", "std430", B, "struct P { vec3 pos; float mass; vec3 vel; };", "uint count; P particles[];"),
    ok("std430 runtime array of vec3", "std430", B, "", "float x; vec3 data[];"),
    ok("std430 doubles", "std430", B, "", "float f; dvec3 d; float g; dmat3 m; dmat2x3 n[2]; double h;"),
    ok("std430 arrays of arrays", "std430", B, "", "vec3 a[2][2]; float b; mat2 m[2][3]; float c[3][2];"),
    ok("std430 explicit offsets", "std430", B, "", "layout(offset = 8) vec2 a; layout(offset = 24) float b; vec3 c; float d;"),
    ok("std430 16 and 64 bit", "std430", B, "", "float16_t h; int64_t i; f16vec3 v; uint64_t u; f16vec2 w; i64vec3 x; float16_t arr[3]; int8_t b; int16_t s; u8vec3 c; i16vec3 d;"),
    ok("std430 half matrices", "std430", B, "", "f16mat3 m; float16_t h; f16mat2x3 n; layout(row_major) f16mat3x2 r;"),
    ok("std430 bools", "std430", B, "", "bool a; bvec3 b; bool c[2]; bvec2 d;"),
    ok("std430 block row_major nested", "std430, row_major", B, "struct S { mat2x3 m; float f; };", "mat2x3 a; S s; layout(column_major) S c; S arr[2];"),
    ok("std430 deep nesting", "std430", B, "struct A { float f; vec3 v; }; struct B2 { A a[2]; mat3 m; }; struct C { float x; B2 b; };", "C c; C cs[2]; float z[];"),
    // push constants (std430 by default)
    ok("push constant default", "push_constant", U, "", "mat4 mvp; vec3 color; float alpha;"),
    ok("push constant arrays", "push_constant", U, "", "float f[3]; vec2 v; int i; vec3 w;"),
    ok("push constant offset", "push_constant", U, "", "layout(offset = 16) vec4 a; float b; mat3x2 m;"),
    ok("push constant std140", "push_constant, std140", U, "", "float f[2]; vec2 v; mat2 m;"),
    // scalar layout
    ok("scalar vectors", "scalar", B, "", "float a; vec3 b; vec2 c; vec4 d; float e;"),
    ok("scalar arrays and matrices", "scalar", B, "", "vec3 a[3]; float b; mat3 m; layout(row_major) mat2x3 r; float c;"),
    ok("scalar unpadded struct", "scalar", B, "struct S { double d; float f; };", "S s[3]; float x; S t; float y;"),
    ok("scalar 16 bit", "scalar", B, "", "float16_t h; f16vec3 v; int8_t b; int64_t l; float16_t hs[3]; i8vec3 c;"),
    ok("scalar uniform", "scalar", U, "", "vec3 a; vec3 b; float c[3]; mat2x3 m;"),
    ok("scalar offset", "scalar", B, "", "float a; layout(offset = 8) vec3 b; float c;"),
    ok("scalar runtime array", "scalar", B, "struct S { vec3 a; float b; vec2 c; };", "uint n; S s[];"),
    ok("scalar dvec3 and doubles", "scalar", B, "struct D { float f; dvec3 d; };", "float a; D d[2]; float b; dmat2x3 m;"),
    // misaligned explicit offsets: both reject
    bad("std430 misaligned offset", "std430", B, "layout(offset = 4) vec2 a;"),
    bad("std140 misaligned offset", "std140", U, "float x; layout(offset = 8) vec4 a;"),
];

#[test]
fn layouts_match_glslang() {
    if Command::new("glslangValidator").arg("--version").output().is_err() {
        let message = "glslangValidator not found (Debian package glslang-tools)";
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("{message}: CI must run the layout differential test");
        }
        eprintln!("\n==== SKIPPED layouts_match_glslang: {message} ====\n");
        return;
    }
    let dir = std::env::temp_dir().join(format!("layout_glslang_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (i, case) in CASES.iter().enumerate() {
        match run_case(case, &dir.join(format!("case{i}"))) {
            Ok(n) => checked += n,
            Err(e) => failures.push(format!("case `{}`: {e}", case.name)),
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), CASES.len(), failures.join("\n\n"));
    assert!(CASES.len() >= 40 && checked > 300, "only {checked} decorations compared");
    eprintln!("{} cases, {checked} decorations equal to glslang's", CASES.len());
}

fn run_case(case: &Case, base: &std::path::Path) -> Result<usize, String> {
    let source = glsl_source(case);
    let comp = base.with_extension("comp");
    let spv = base.with_extension("spv");
    std::fs::write(&comp, &source).unwrap();
    let out = Command::new("glslangValidator")
        .args(["-V", "--target-env", "vulkan1.1", "-S", "comp"])
        .arg(&comp)
        .arg("-o")
        .arg(&spv)
        .output()
        .map_err(|e| e.to_string())?;
    let ours = our_layout(case);
    if case.error {
        return match (out.status.success(), ours) {
            (false, Err(_)) => Ok(1),
            (glslang, ours) => Err(format!("expected both to reject; glslang accepted: {glslang}, ours: {ours:?}")),
        };
    }
    if !out.status.success() {
        return Err(format!("glslang failed:\n{}\n{source}", String::from_utf8_lossy(&out.stdout)));
    }
    let (types, block) = ours.map_err(|e| format!("we rejected it: {e}"))?;
    let bytes = std::fs::read(&spv).unwrap();
    let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let module = rspirv::dr::load_words(words).map_err(|e| e.to_string())?;
    let spv = Spv::new(&module);
    let block_id = spv.named("Block").ok_or("no struct named Block in glslang's output")?;
    let mut cmp = Compare { types: &types, spv: &spv, mismatches: Vec::new(), checked: 0 };
    cmp.ty(block, block_id, "Block");
    if cmp.mismatches.is_empty() {
        Ok(cmp.checked)
    } else {
        Err(format!("{}\n{source}", cmp.mismatches.join("\n")))
    }
}

fn glsl_source(case: &Case) -> String {
    let text = format!("{} {} {}", case.qualifiers, case.structs, case.members);
    let mut ext = String::new();
    if text.contains("scalar") {
        ext.push_str("#extension GL_EXT_scalar_block_layout : require\n");
    }
    if ["float16_t", "f16", "int8_t", "int16_t", "int64_t", "i8", "u8", "i16", "u16", "i64", "u64"].iter().any(|t| text.contains(t)) {
        ext.push_str("#extension GL_EXT_shader_explicit_arithmetic_types : require\n");
    }
    let layout = if case.qualifiers.contains("push_constant") {
        case.qualifiers.to_string()
    } else {
        format!("{}, set = 0, binding = 0", case.qualifiers)
    };
    format!(
        "#version 450\n{ext}layout(local_size_x = 1) in;\n{}\nlayout({layout}) {} Block {{ {} }} blk;\n\
         layout(std430, set = 0, binding = 1) buffer Out {{ uint out_value; }};\nvoid main() {{ out_value = 1u; }}\n",
        case.structs, case.storage, case.members
    )
}

// ---------------------------------------------------------------------------------------------
// The description -> IR types

/// A parsed member declaration: `layout(q...) TYPE NAME[dims];`.
struct Decl {
    qualifiers: Vec<(String, Option<u32>)>,
    ty: String,
    name: String,
    /// Outermost first, `None` for `[]`.
    dims: Vec<Option<u32>>,
}

fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            if !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
            if !c.is_whitespace() {
                out.push(c.to_string());
            }
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

fn parse_qualifiers(toks: &[String], i: &mut usize) -> Vec<(String, Option<u32>)> {
    let mut out = Vec::new();
    if toks.get(*i).map(String::as_str) != Some("layout") {
        return out;
    }
    *i += 2; // layout (
    while toks[*i] != ")" {
        let name = toks[*i].clone();
        *i += 1;
        let mut value = None;
        if toks[*i] == "=" {
            value = Some(toks[*i + 1].parse().unwrap());
            *i += 2;
        }
        out.push((name, value));
        if toks[*i] == "," {
            *i += 1;
        }
    }
    *i += 1;
    out
}

/// Parses member declarations until `}` or the end.
fn parse_decls(toks: &[String], i: &mut usize) -> Vec<Decl> {
    let mut out = Vec::new();
    while *i < toks.len() && toks[*i] != "}" {
        let qualifiers = parse_qualifiers(toks, i);
        let ty = toks[*i].clone();
        let name = toks[*i + 1].clone();
        *i += 2;
        let mut dims = Vec::new();
        while toks[*i] == "[" {
            if toks[*i + 1] == "]" {
                dims.push(None);
                *i += 2;
            } else {
                dims.push(Some(toks[*i + 1].parse().unwrap()));
                *i += 3;
            }
        }
        assert_eq!(toks[*i], ";", "bad declaration of {name}");
        *i += 1;
        out.push(Decl { qualifiers, ty, name, dims });
    }
    out
}

fn scalar_of(prefix: &str) -> Option<Scalar> {
    Some(match prefix {
        "" | "f32" => Scalar::F32,
        "d" | "f64" => Scalar::F64,
        "f16" => Scalar::F16,
        "i" | "i32" => Scalar::I32,
        "u" | "u32" => Scalar::U32,
        "b" => Scalar::BOOL,
        "i8" => Scalar::I8,
        "u8" => Scalar::U8,
        "i16" => Scalar::I16,
        "u16" => Scalar::U16,
        "i64" => Scalar::I64,
        "u64" => Scalar::U64,
        _ => return None,
    })
}

fn glsl_type(name: &str, structs: &HashMap<String, Handle<Type>>) -> TypeInner {
    let scalar = match name {
        "float" | "float32_t" => Some(Scalar::F32),
        "double" | "float64_t" => Some(Scalar::F64),
        "float16_t" => Some(Scalar::F16),
        "int" | "int32_t" => Some(Scalar::I32),
        "uint" | "uint32_t" => Some(Scalar::U32),
        "bool" => Some(Scalar::BOOL),
        "int8_t" => Some(Scalar::I8),
        "uint8_t" => Some(Scalar::U8),
        "int16_t" => Some(Scalar::I16),
        "uint16_t" => Some(Scalar::U16),
        "int64_t" => Some(Scalar::I64),
        "uint64_t" => Some(Scalar::U64),
        _ => None,
    };
    if let Some(s) = scalar {
        return TypeInner::Scalar(s);
    }
    let dim = |s: &str| VectorSize::from_u32(s.parse().unwrap()).unwrap();
    if let Some(at) = name.find("vec") {
        let scalar = scalar_of(&name[..at]).unwrap_or_else(|| panic!("unknown type {name}"));
        return TypeInner::Vector { size: dim(&name[at + 3..]), scalar };
    }
    if let Some(at) = name.find("mat") {
        let scalar = scalar_of(&name[..at]).unwrap_or_else(|| panic!("unknown type {name}"));
        let shape = &name[at + 3..];
        let (c, r) = shape.split_once('x').unwrap_or((shape, shape));
        return TypeInner::Matrix { columns: dim(c), rows: dim(r), scalar };
    }
    panic!("unknown type {name} (known structs: {:?})", structs.keys())
}

fn decl_type(types: &mut UniqueArena<Type>, decl: &Decl, structs: &HashMap<String, Handle<Type>>) -> Handle<Type> {
    let mut ty = match structs.get(&decl.ty) {
        Some(&s) => s,
        None => types.insert(Type { name: None, inner: glsl_type(&decl.ty, structs) }, Span::default()),
    };
    // `T a[2][3]` is an array of 2 arrays of 3 `T`s: wrap from the innermost dimension out.
    for dim in decl.dims.iter().rev() {
        let size = dim.map_or(ArraySize::Dynamic, ArraySize::Constant);
        ty = types.insert(Type { name: None, inner: TypeInner::Array { base: ty, size, stride: 0 } }, Span::default());
    }
    ty
}

/// Builds the IR of the case's block the way a GLSL front end would: unlaid struct types, then
/// `lay_out_struct` with the member qualifiers.
fn our_layout(case: &Case) -> Result<(UniqueArena<Type>, Handle<Type>), shader_core::layout::LayoutError> {
    let mut types = UniqueArena::new();
    let mut structs = HashMap::new();
    let toks = tokens(case.structs);
    let mut i = 0;
    while i < toks.len() {
        assert_eq!(toks[i], "struct");
        let name = toks[i + 1].clone();
        i += 3; // struct NAME {
        let decls = parse_decls(&toks, &mut i);
        i += 2; // } ;
        let members = decls
            .iter()
            .map(|d| StructMember { name: Some(d.name.clone()), ty: decl_type(&mut types, d, &structs), offset: 0, matrix: None, memory: Default::default() })
            .collect();
        let ty = types.insert(Type { name: Some(name.clone()), inner: TypeInner::Struct { members, span: 0 } }, Span::default());
        structs.insert(name, ty);
    }
    let block_qualifiers = parse_qualifiers(&tokens(&format!("layout({})", case.qualifiers)), &mut 0);
    let has = |qs: &[(String, Option<u32>)], q: &str| qs.iter().any(|(n, _)| n == q);
    let value = |qs: &[(String, Option<u32>)], q: &str| qs.iter().find(|(n, _)| n == q).and_then(|(_, v)| *v);
    let rule = if has(&block_qualifiers, "scalar") {
        Rule::Scalar
    } else if has(&block_qualifiers, "std140") {
        Rule::Std140
    } else if has(&block_qualifiers, "std430") || has(&block_qualifiers, "push_constant") {
        Rule::Std430
    } else {
        Rule::Std140
    };
    let block_row_major = has(&block_qualifiers, "row_major");
    let block_align = value(&block_qualifiers, "align");
    let toks = tokens(case.members);
    let decls = parse_decls(&toks, &mut 0);
    let specs: Vec<MemberSpec> = decls
        .iter()
        .map(|d| MemberSpec {
            name: Some(d.name.clone()),
            ty: decl_type(&mut types, d, &structs),
            // GLSL 4.60 §4.4.5: a member's own align overrides the block's.
            align: value(&d.qualifiers, "align").or(block_align),
            size: None,
            offset: value(&d.qualifiers, "offset"),
            row_major: if has(&d.qualifiers, "row_major") {
                true
            } else if has(&d.qualifiers, "column_major") {
                false
            } else {
                block_row_major
            },
            memory: Default::default(),
        })
        .collect();
    let (block, _) = lay_out_struct(&mut types, Some("Block".into()), &specs, rule)?;
    Ok((types, block))
}

// ---------------------------------------------------------------------------------------------
// glslang's SPIR-V

struct Spv<'a> {
    types: HashMap<u32, &'a Instruction>,
    names: HashMap<String, u32>,
    decorations: HashMap<(u32, Decoration), Option<u32>>,
    member_decorations: HashMap<(u32, u32, Decoration), Option<u32>>,
}

impl<'a> Spv<'a> {
    fn new(module: &'a SpvModule) -> Spv<'a> {
        let types = module.types_global_values.iter().filter_map(|i| Some((i.result_id?, i))).collect();
        let mut names = HashMap::new();
        for inst in &module.debug_names {
            if let (Op::Name, [Operand::IdRef(id), Operand::LiteralString(name)]) = (inst.class.opcode, inst.operands.as_slice()) {
                names.insert(name.clone(), *id);
            }
        }
        let mut decorations = HashMap::new();
        let mut member_decorations = HashMap::new();
        let lit = |o: Option<&Operand>| match o {
            Some(Operand::LiteralBit32(v)) => Some(*v),
            _ => None,
        };
        for inst in &module.annotations {
            match (inst.class.opcode, inst.operands.as_slice()) {
                (Op::Decorate, [Operand::IdRef(id), Operand::Decoration(d), rest @ ..]) => {
                    decorations.insert((*id, *d), lit(rest.first()));
                }
                (Op::MemberDecorate, [Operand::IdRef(id), Operand::LiteralBit32(m), Operand::Decoration(d), rest @ ..]) => {
                    member_decorations.insert((*id, *m, *d), lit(rest.first()));
                }
                _ => {}
            }
        }
        Spv { types, names, decorations, member_decorations }
    }

    fn named(&self, name: &str) -> Option<u32> {
        self.names.get(name).copied().filter(|id| self.types.get(id).is_some_and(|i| i.class.opcode == Op::TypeStruct))
    }

    fn operand_id(&self, id: u32, index: usize) -> Option<u32> {
        match self.types.get(&id)?.operands.get(index)? {
            Operand::IdRef(r) => Some(*r),
            _ => None,
        }
    }
}

struct Compare<'a> {
    types: &'a UniqueArena<Type>,
    spv: &'a Spv<'a>,
    mismatches: Vec<String>,
    checked: usize,
}

impl Compare<'_> {
    fn expect(&mut self, what: String, ours: Option<u32>, glslang: Option<u32>) {
        self.checked += 1;
        if ours != glslang {
            self.mismatches.push(format!("{what}: ours {ours:?}, glslang {glslang:?}"));
        }
    }

    fn ty(&mut self, ty: Handle<Type>, id: u32, path: &str) {
        let Some(inst) = self.spv.types.get(&id) else {
            self.mismatches.push(format!("{path}: no SPIR-V type %{id}"));
            return;
        };
        match &self.types[ty].inner {
            TypeInner::Struct { members, .. } => {
                if inst.class.opcode != Op::TypeStruct || inst.operands.len() != members.len() {
                    self.mismatches.push(format!("{path}: glslang's type is {:?} with {} operands", inst.class.opcode, inst.operands.len()));
                    return;
                }
                for (i, m) in members.iter().enumerate() {
                    let at = format!("{path}.{}", m.name.as_deref().unwrap_or("?"));
                    let key = |d| self.spv.member_decorations.get(&(id, i as u32, d)).copied();
                    let (offset, stride, row, col) =
                        (key(Decoration::Offset), key(Decoration::MatrixStride), key(Decoration::RowMajor), key(Decoration::ColMajor));
                    self.expect(format!("{at} Offset"), Some(m.offset), offset.flatten());
                    self.expect(format!("{at} MatrixStride"), m.matrix.map(|l| l.stride), stride.flatten());
                    let ours = m.matrix.map(|l| if l.row_major { 1 } else { 0 });
                    let theirs = match (row.is_some(), col.is_some()) {
                        (true, false) => Some(1),
                        (false, true) => Some(0),
                        (false, false) => None,
                        (true, true) => Some(2),
                    };
                    self.expect(format!("{at} RowMajor(1)/ColMajor(0)"), ours, theirs);
                    if let Some(member_id) = self.spv.operand_id(id, i) {
                        self.ty(m.ty, member_id, &at);
                    }
                }
            }
            TypeInner::Array { base, size, stride } => {
                let expected = if *size == ArraySize::Dynamic { Op::TypeRuntimeArray } else { Op::TypeArray };
                if inst.class.opcode != expected {
                    self.mismatches.push(format!("{path}: glslang's type is {:?}, not {expected:?}", inst.class.opcode));
                    return;
                }
                let theirs = self.spv.decorations.get(&(id, Decoration::ArrayStride)).copied().flatten();
                self.expect(format!("{path} ArrayStride"), Some(*stride), theirs);
                if let Some(element) = self.spv.operand_id(id, 0) {
                    self.ty(*base, element, &format!("{path}[]"));
                }
            }
            _ => {}
        }
    }
}
