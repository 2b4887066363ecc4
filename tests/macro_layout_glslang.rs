//! Property test: for random struct shapes (scalars, vectors, matrices, arrays, nested
//! structs), the offsets and strides `#[derive(Std140/Std430)]` checks against
//! (`shader_runtime::layout::rule_field_offset` / `rule_layout`) equal the ones glslang assigns
//! to the same GLSL block (`glslangValidator -V`, decorations read back with rspirv).
//!
//! The derive accepts a struct exactly when its Rust offsets equal those rule offsets (see
//! `tests/ui/pass_derive.rs` and the `fail_derive_*` cases), so this pins the derive to glslang.
//! Needs `glslangValidator`; without it the test says it skipped (and fails under `CI=true`).

mod common;

use rspirv::dr::{Instruction, Module, Operand};
use shader_runtime::layout::{rule_field_offset, rule_layout, Field, Rule, Scalar, Shape, TypeDesc};
use spirv_ops::{Decoration, Op};
use std::collections::HashMap;

mod spirv_ops {
    pub use rspirv::spirv::{Decoration, Op};
}

/// A small deterministic generator (xorshift64*), so a failure names a reproducible seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A GLSL type and its description for the layout functions.
struct Generated {
    glsl: String,
    desc: &'static TypeDesc,
}

fn leak(desc: TypeDesc) -> &'static TypeDesc {
    Box::leak(Box::new(desc))
}

fn scalar(rng: &mut Rng) -> (Scalar, &'static str) {
    match rng.below(4) {
        0 => (Scalar::F32, ""),
        1 => (Scalar::I32, "i"),
        2 => (Scalar::U32, "u"),
        _ => (Scalar::F64, "d"),
    }
}

/// Generates a member type; struct declarations it needs are appended to `decls`.
fn gen_type(rng: &mut Rng, depth: u32, decls: &mut Vec<String>) -> Generated {
    let choice = if depth >= 3 { rng.below(3) } else { rng.below(5) };
    match choice {
        0 => {
            let (s, _) = scalar(rng);
            let glsl = match (s.kind, s.width) {
                (_, 8) => "double",
                (shader_runtime::layout::ScalarKind::Sint, _) => "int",
                (shader_runtime::layout::ScalarKind::Uint, _) => "uint",
                _ => "float",
            };
            Generated { glsl: glsl.into(), desc: leak(TypeDesc { name: "s", shape: Shape::Scalar(s), size: s.width, align: s.width }) }
        }
        1 => {
            let (s, prefix) = scalar(rng);
            let n = 2 + rng.below(3) as u32;
            Generated {
                glsl: format!("{prefix}vec{n}"),
                desc: leak(TypeDesc { name: "v", shape: Shape::Vector { size: n, scalar: s }, size: n * s.width, align: s.width }),
            }
        }
        2 => {
            let double = rng.below(4) == 0;
            let (s, prefix) = if double { (Scalar::F64, "d") } else { (Scalar::F32, "") };
            let c = 2 + rng.below(3) as u32;
            let r = 2 + rng.below(3) as u32;
            Generated {
                glsl: format!("{prefix}mat{c}x{r}"),
                desc: leak(TypeDesc {
                    name: "m",
                    shape: Shape::Matrix { columns: c, rows: r, scalar: s, stride: 0 },
                    size: 0,
                    align: s.width,
                }),
            }
        }
        3 => {
            let element = gen_type(rng, depth + 1, decls);
            let len = 1 + rng.below(4) as u32;
            // GLSL writes arrays of arrays as `T name[outer][inner]`; keep the element's
            // own dimensions after ours.
            let (base, dims) = match element.glsl.find('[') {
                Some(i) => (element.glsl[..i].to_string(), element.glsl[i..].to_string()),
                None => (element.glsl.clone(), String::new()),
            };
            Generated {
                glsl: format!("{base}[{len}]{dims}"),
                desc: leak(TypeDesc { name: "a", shape: Shape::Array { element: element.desc, len, stride: 0 }, size: 0, align: 1 }),
            }
        }
        _ => {
            let count = 1 + rng.below(4) as usize;
            let mut fields = Vec::new();
            let mut members = Vec::new();
            for i in 0..count {
                let member = gen_type(rng, depth + 1, decls);
                members.push(declare(&member.glsl, &format!("m{i}")));
                fields.push(Field { name: "f", offset: 0, ty: member.desc });
            }
            let name = format!("S{}", decls.len());
            decls.push(format!("struct {name} {{ {} }};", members.join(" ")));
            Generated {
                glsl: name,
                desc: leak(TypeDesc { name: "S", shape: Shape::Struct { fields: fields.leak() }, size: 0, align: 1 }),
            }
        }
    }
}

/// `float[2][3]` + `x` -> `float x[2][3];`.
fn declare(glsl: &str, name: &str) -> String {
    match glsl.find('[') {
        Some(i) => format!("{} {name}{};", &glsl[..i], &glsl[i..]),
        None => format!("{glsl} {name};"),
    }
}

/// Decorations glslang emitted, by target id (and member index).
struct Decorations {
    member_offset: HashMap<(u32, u32), u32>,
    member_matrix_stride: HashMap<(u32, u32), u32>,
    array_stride: HashMap<u32, u32>,
    types: HashMap<u32, Instruction>,
}

fn decorations(module: &Module) -> Decorations {
    let lit = |op: &Operand| match op {
        Operand::LiteralBit32(v) => *v,
        _ => panic!("expected a literal, found {op:?}"),
    };
    let mut d = Decorations {
        member_offset: HashMap::new(),
        member_matrix_stride: HashMap::new(),
        array_stride: HashMap::new(),
        types: HashMap::new(),
    };
    for inst in &module.annotations {
        match inst.class.opcode {
            Op::MemberDecorate => {
                let target = inst.operands[0].unwrap_id_ref();
                let member = lit(&inst.operands[1]);
                match inst.operands[2] {
                    Operand::Decoration(Decoration::Offset) => {
                        d.member_offset.insert((target, member), lit(&inst.operands[3]));
                    }
                    Operand::Decoration(Decoration::MatrixStride) => {
                        d.member_matrix_stride.insert((target, member), lit(&inst.operands[3]));
                    }
                    _ => {}
                }
            }
            Op::Decorate => {
                if let Operand::Decoration(Decoration::ArrayStride) = inst.operands[1] {
                    d.array_stride.insert(inst.operands[0].unwrap_id_ref(), lit(&inst.operands[2]));
                }
            }
            _ => {}
        }
    }
    for inst in &module.types_global_values {
        if let Some(id) = inst.result_id {
            d.types.insert(id, inst.clone());
        }
    }
    d
}

/// Compares the struct `desc` with glslang's struct type `id`, recursively.
fn compare_struct(desc: &TypeDesc, id: u32, d: &Decorations, rule: Rule, path: &str) -> Result<(), String> {
    let Shape::Struct { fields } = desc.shape else { unreachable!("a struct") };
    let inst = &d.types[&id];
    for (i, field) in fields.iter().enumerate() {
        let ours = rule_field_offset(fields, i, rule);
        let theirs = d.member_offset[&(id, i as u32)];
        if ours != theirs {
            return Err(format!("{path}.m{i}: offset {ours}, glslang {theirs}"));
        }
        let member_ty = inst.operands[i].unwrap_id_ref();
        compare_member(field.ty, member_ty, d.member_matrix_stride.get(&(id, i as u32)).copied(), d, rule, &format!("{path}.m{i}"))?;
    }
    Ok(())
}

fn compare_member(desc: &TypeDesc, ty: u32, matrix_stride: Option<u32>, d: &Decorations, rule: Rule, path: &str) -> Result<(), String> {
    match desc.shape {
        Shape::Struct { .. } => compare_struct(desc, ty, d, rule, path),
        Shape::Array { element, .. } => {
            let (_, _, ours) = rule_layout(desc, rule);
            let theirs = d.array_stride[&ty];
            if ours != theirs {
                return Err(format!("{path}: array stride {ours}, glslang {theirs}"));
            }
            let element_ty = d.types[&ty].operands[0].unwrap_id_ref();
            compare_member(element, element_ty, matrix_stride, d, rule, &format!("{path}[]"))
        }
        Shape::Matrix { .. } => {
            let (_, _, ours) = rule_layout(desc, rule);
            let theirs = matrix_stride.expect("glslang decorates matrix members with MatrixStride");
            if ours != theirs {
                return Err(format!("{path}: matrix stride {ours}, glslang {theirs}"));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Compiles `source` with glslang and returns its SPIR-V module.
fn glslang(source: &str, dir: &std::path::Path, index: usize) -> Module {
    let input = dir.join(format!("case{index}.comp"));
    let output = dir.join(format!("case{index}.spv"));
    std::fs::write(&input, source).expect("write the GLSL case");
    let result = std::process::Command::new("glslangValidator")
        .arg("-V")
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .output()
        .expect("run glslangValidator");
    assert!(result.status.success(), "glslang rejected:\n{source}\n{}", String::from_utf8_lossy(&result.stdout));
    let bytes = std::fs::read(&output).expect("read SPIR-V");
    rspirv::dr::load_bytes(bytes).expect("glslang's SPIR-V parses")
}

#[test]
fn derive_offsets_equal_glslang() {
    if common::skip_without_glslang() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("shader-macros-layout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let cases = 150;
    for case in 0..cases {
        let seed = 0x9E37_79B9_7F4A_7C15u64 ^ (case as u64 + 1).wrapping_mul(0x1000_0001);
        let mut rng = Rng(seed);
        let mut decls = Vec::new();
        let count = 1 + rng.below(6) as usize;
        let mut members = Vec::new();
        let mut fields = Vec::new();
        for i in 0..count {
            let member = gen_type(&mut rng, 0, &mut decls);
            members.push(declare(&member.glsl, &format!("m{i}")));
            fields.push(Field { name: "f", offset: 0, ty: member.desc });
        }
        let block = TypeDesc { name: "Block", shape: Shape::Struct { fields: fields.leak() }, size: 0, align: 1 };
        let body = members.join(" ");
        let source = format!(
            "#version 450\n{}\nlayout(std140, set = 0, binding = 0) uniform U {{ {body} }} u;\n\
             layout(std430, set = 0, binding = 1) buffer B {{ {body} }} b;\n\
             layout(local_size_x = 1) in;\nvoid main() {{}}\n",
            decls.join("\n")
        );
        let module = glslang(&source, &dir, case);
        let d = decorations(&module);
        // The two block types, found through their variables' pointer types.
        for (binding, rule) in [(0u32, Rule::Std140), (1, Rule::Std430)] {
            let var = module
                .annotations
                .iter()
                .filter(|i| i.class.opcode == Op::Decorate && i.operands[1] == Operand::Decoration(Decoration::Binding))
                .find(|i| i.operands[2] == Operand::LiteralBit32(binding))
                .map(|i| i.operands[0].unwrap_id_ref())
                .expect("the block variable");
            let pointer = module
                .types_global_values
                .iter()
                .find(|i| i.result_id == Some(var))
                .and_then(|i| i.result_type)
                .expect("the variable's type");
            let block_ty = d.types[&pointer].operands[1].unwrap_id_ref();
            if let Err(e) = compare_struct(&block, block_ty, &d, rule, "block") {
                panic!("case {case} (seed {seed:#x}), {}: {e}\n{source}", rule.name());
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("{cases} random blocks: std140 and std430 offsets and strides equal glslang's");
}
