//! Shared test helpers: external SPIR-V validation (`spirv-val`), naga's SPIR-V front end +
//! validator, and a small builder for hand-written IR modules.
#![allow(dead_code)]

use shader_core::ir::*;
use shader_core::span::Span;
use std::io::Write;
use std::process::{Command, Stdio};

/// The spirv-val target environment for a SPIR-V version (Vulkan 1.1 covers up to 1.3).
pub fn target_env(version: (u8, u8)) -> &'static str {
    match version.1 {
        0..=3 => "vulkan1.1",
        4 => "vulkan1.1spv1.4",
        5 => "vulkan1.2",
        _ => "vulkan1.3",
    }
}

/// Runs `spirv-val` on the words. Without the binary: fails under `CI=true`, otherwise prints
/// a loud skip notice and returns.
pub fn spirv_val(words: &[u32], version: (u8, u8)) {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let child = Command::new("spirv-val")
        .args(["--target-env", target_env(version), "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) => {
            if std::env::var("CI").is_ok_and(|v| v == "true") {
                panic!("spirv-val is required in CI but could not run: {e}");
            }
            eprintln!("!!!!!!!! SKIPPED spirv-val check: the binary is missing ({e}) !!!!!!!!");
            return;
        }
    };
    child.stdin.take().unwrap().write_all(&bytes).unwrap();
    let out = child.wait_with_output().unwrap();
    if !out.status.success() {
        panic!(
            "spirv-val failed:\n{}{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
            disassemble(words)
        );
    }
}

/// naga's SPIR-V front end and validator: what wgpu does with our words.
pub fn naga_check(words: &[u32]) -> Result<naga::Module, String> {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let options = naga::front::spv::Options { adjust_coordinate_space: false, ..Default::default() };
    let module = naga::front::spv::parse_u8_slice(&bytes, &options).map_err(|e| format!("naga spv-in: {e:?}"))?;
    naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .map_err(|e| format!("naga validation: {:?}", e.into_inner()))?;
    Ok(module)
}

/// Both checks; panics with the disassembly on failure.
pub fn check(words: &[u32], version: (u8, u8)) {
    spirv_val(words, version);
    if let Err(e) = naga_check(words) {
        panic!("{e}\n{}", disassemble(words));
    }
}

pub fn disassemble(words: &[u32]) -> String {
    use rspirv::binary::Disassemble;
    match rspirv::dr::load_words(words) {
        Ok(module) => module.disassemble(),
        Err(e) => format!("(cannot disassemble: {e:?})"),
    }
}

pub fn load(words: &[u32]) -> rspirv::dr::Module {
    rspirv::dr::load_words(words).expect("rspirv can load our output")
}

/// Capabilities of a module, as names.
pub fn capabilities(words: &[u32]) -> Vec<String> {
    load(words)
        .capabilities
        .iter()
        .map(|i| match i.operands[0] {
            rspirv::dr::Operand::Capability(c) => format!("{c:?}"),
            ref other => format!("{other:?}"),
        })
        .collect()
}

pub fn extensions(words: &[u32]) -> Vec<String> {
    load(words)
        .extensions
        .iter()
        .map(|i| match &i.operands[0] {
            rspirv::dr::Operand::LiteralString(s) => s.clone(),
            other => format!("{other:?}"),
        })
        .collect()
}

/// Number of instructions with this opcode anywhere in the module.
pub fn count_op(words: &[u32], op: spirv::Op) -> usize {
    let module = load(words);
    module.all_inst_iter().filter(|i| i.class.opcode == op).count()
}

// ---------------------------------------------------------------------------------------------
// IR builder

pub fn span() -> Span {
    Span::default()
}

pub fn block(statements: Vec<Statement>) -> Block {
    let mut b = Block::new();
    for s in statements {
        b.push(s, span());
    }
    b
}

/// Module-level helpers.
pub trait ModuleExt {
    fn scalar(&mut self, s: Scalar) -> Handle<Type>;
    fn vec(&mut self, n: u32, s: Scalar) -> Handle<Type>;
    fn global(&mut self, name: &str, space: AddressSpace, ty: Handle<Type>) -> Handle<GlobalVariable>;
    fn resource(&mut self, name: &str, space: AddressSpace, ty: Handle<Type>, group: u32, binding: u32) -> Handle<GlobalVariable>;
    fn io(&mut self, name: &str, space: AddressSpace, ty: Handle<Type>, io: IoBinding) -> Handle<GlobalVariable>;
    fn strukt(&mut self, name: &str, members: &[(&str, Handle<Type>, u32)], span: u32) -> Handle<Type>;
    fn entry(&mut self, name: &str, stage: Stage, function: Handle<Function>, size: [u32; 3]);
}

impl ModuleExt for Module {
    fn scalar(&mut self, s: Scalar) -> Handle<Type> {
        self.ty(TypeInner::Scalar(s))
    }
    fn vec(&mut self, n: u32, s: Scalar) -> Handle<Type> {
        self.ty(TypeInner::Vector { size: VectorSize::from_u32(n).unwrap(), scalar: s })
    }
    fn global(&mut self, name: &str, space: AddressSpace, ty: Handle<Type>) -> Handle<GlobalVariable> {
        self.globals.append(GlobalVariable::new(name, space, ty), span())
    }
    fn resource(&mut self, name: &str, space: AddressSpace, ty: Handle<Type>, group: u32, binding: u32) -> Handle<GlobalVariable> {
        let g = self.global(name, space, ty);
        self.globals[g].binding = Some(ResourceBinding { group, binding });
        g
    }
    fn io(&mut self, name: &str, space: AddressSpace, ty: Handle<Type>, io: IoBinding) -> Handle<GlobalVariable> {
        let g = self.global(name, space, ty);
        self.globals[g].io = Some(io);
        g
    }
    fn strukt(&mut self, name: &str, members: &[(&str, Handle<Type>, u32)], span_bytes: u32) -> Handle<Type> {
        let members = members
            .iter()
            .map(|&(n, ty, offset)| StructMember { name: Some(n.into()), ty, offset, matrix: None, memory: Default::default() })
            .collect();
        self.types.insert(Type { name: Some(name.into()), inner: TypeInner::Struct { members, span: span_bytes } }, span())
    }
    fn entry(&mut self, name: &str, stage: Stage, function: Handle<Function>, size: [u32; 3]) {
        self.entry_points.push(EntryPoint {
            name: name.into(),
            stage,
            function,
            workgroup_size: size,
            workgroup_size_overrides: [None; 3],
            early_fragment_tests: false,
        });
    }
}

pub fn location(location: u32) -> IoBinding {
    IoBinding::Location { location, component: None, interpolation: None, sampling: None, blend_src: None }
}

/// Builds one function's expressions and body.
pub struct Fun<'m> {
    pub m: &'m mut Module,
    pub f: Function,
}

impl<'m> Fun<'m> {
    pub fn new(m: &'m mut Module) -> Fun<'m> {
        Fun { m, f: Function::default() }
    }

    pub fn e(&mut self, expr: Expression, ty: Handle<Type>) -> Handle<Expression> {
        self.f.expressions.append(expr, ty, span())
    }

    pub fn ty_of(&self, e: Handle<Expression>) -> Handle<Type> {
        self.f.expressions.ty(e)
    }

    pub fn lit(&mut self, l: Literal) -> Handle<Expression> {
        let ty = self.m.scalar(l.scalar());
        self.e(Expression::Literal(l), ty)
    }
    pub fn f32(&mut self, v: f32) -> Handle<Expression> {
        self.lit(Literal::F32(v))
    }
    pub fn u32(&mut self, v: u32) -> Handle<Expression> {
        self.lit(Literal::U32(v))
    }
    pub fn i32(&mut self, v: i32) -> Handle<Expression> {
        self.lit(Literal::I32(v))
    }
    pub fn bool(&mut self, v: bool) -> Handle<Expression> {
        self.lit(Literal::Bool(v))
    }

    pub fn global(&mut self, g: Handle<GlobalVariable>) -> Handle<Expression> {
        let (ty, space) = (self.m.globals[g].ty, self.m.globals[g].space);
        let ptr = self.m.ty(TypeInner::Pointer { base: ty, space });
        self.e(Expression::GlobalVar(g), ptr)
    }

    /// A handle-space global used as a value (image, sampler).
    pub fn handle(&mut self, g: Handle<GlobalVariable>) -> Handle<Expression> {
        let ty = self.m.globals[g].ty;
        self.e(Expression::GlobalVar(g), ty)
    }

    pub fn local(&mut self, name: &str, ty: Handle<Type>) -> Handle<LocalVariable> {
        self.f.locals.append(LocalVariable { name: Some(name.into()), ty }, span())
    }

    pub fn local_ptr(&mut self, l: Handle<LocalVariable>) -> Handle<Expression> {
        let ty = self.f.locals[l].ty;
        let ptr = self.m.ty(TypeInner::Pointer { base: ty, space: AddressSpace::Function });
        self.e(Expression::LocalVar(l), ptr)
    }

    pub fn load(&mut self, ptr: Handle<Expression>) -> Handle<Expression> {
        let ty = match self.m.inner(self.ty_of(ptr)) {
            TypeInner::Pointer { base, .. } => match self.m.inner(*base) {
                TypeInner::Atomic(s) => {
                    let s = *s;
                    self.m.scalar(s)
                }
                _ => *base,
            },
            _ => panic!("load of a non-pointer"),
        };
        self.e(Expression::Load { pointer: ptr }, ty)
    }

    fn element(&mut self, ty: Handle<Type>, index: Option<u32>) -> Handle<Type> {
        match self.m.inner(ty).clone() {
            TypeInner::Struct { members, .. } => members[index.expect("struct index") as usize].ty,
            TypeInner::Array { base, .. } | TypeInner::BindingArray { base, .. } => base,
            TypeInner::Vector { scalar, .. } => self.m.scalar(scalar),
            TypeInner::Matrix { rows, scalar, .. } => self.m.vec(rows as u32, scalar),
            other => panic!("cannot index {other:?}"),
        }
    }

    fn indexed(&mut self, base: Handle<Expression>, index: Option<u32>) -> Handle<Type> {
        match self.m.inner(self.ty_of(base)).clone() {
            TypeInner::Pointer { base, space } => {
                let element = self.element(base, index);
                self.m.ty(TypeInner::Pointer { base: element, space })
            }
            _ => {
                let ty = self.ty_of(base);
                self.element(ty, index)
            }
        }
    }

    pub fn field(&mut self, base: Handle<Expression>, index: u32) -> Handle<Expression> {
        let ty = self.indexed(base, Some(index));
        self.e(Expression::AccessIndex { base, index }, ty)
    }

    pub fn at(&mut self, base: Handle<Expression>, index: Handle<Expression>) -> Handle<Expression> {
        let ty = self.indexed(base, None);
        self.e(Expression::Access { base, index }, ty)
    }

    /// Binary operator; the result type is the left operand's unless `ty` is given (use it for
    /// comparisons and mixed shapes).
    pub fn bin(&mut self, op: BinaryOp, left: Handle<Expression>, right: Handle<Expression>) -> Handle<Expression> {
        let ty = match op {
            BinaryOp::Equal
            | BinaryOp::NotEqual
            | BinaryOp::Less
            | BinaryOp::LessEqual
            | BinaryOp::Greater
            | BinaryOp::GreaterEqual
            | BinaryOp::LogicalAnd
            | BinaryOp::LogicalOr => match self.m.inner(self.ty_of(left)).clone() {
                TypeInner::Vector { size, .. } => self.m.vec(size as u32, Scalar::BOOL),
                _ => self.m.scalar(Scalar::BOOL),
            },
            _ => self.ty_of(left),
        };
        self.e(Expression::Binary { op, left, right }, ty)
    }

    pub fn bin_t(&mut self, op: BinaryOp, left: Handle<Expression>, right: Handle<Expression>, ty: Handle<Type>) -> Handle<Expression> {
        self.e(Expression::Binary { op, left, right }, ty)
    }

    /// A math function whose result has the first argument's type unless `ty` is given.
    pub fn math(&mut self, fun: MathFunction, args: Vec<Handle<Expression>>) -> Handle<Expression> {
        let ty = self.ty_of(args[0]);
        self.e(Expression::Math { fun, args }, ty)
    }

    pub fn math_t(&mut self, fun: MathFunction, args: Vec<Handle<Expression>>, ty: Handle<Type>) -> Handle<Expression> {
        self.e(Expression::Math { fun, args }, ty)
    }

    pub fn store(&mut self, pointer: Handle<Expression>, value: Handle<Expression>) -> Statement {
        Statement::Store { pointer, value }
    }

    pub fn finish(self, name: &str, result: Option<Handle<Type>>, body: Vec<Statement>) -> Handle<Function> {
        let mut f = self.f;
        f.name = Some(name.into());
        f.result = result;
        f.body = block(body);
        self.m.functions.append(f, span())
    }
}
