//! GL_EXT_spirv_intrinsics: functions declared as SPIR-V instructions (`spirv_instruction`),
//! decorations (`spirv_decorate`, `spirv_decorate_string`), execution modes
//! (`spirv_execution_mode`) and the parameter qualifiers `spirv_by_reference` and
//! `spirv_literal`. The numbers are written as given (the IR's raw SPIR-V forms); what they
//! mean is the shader author's business, as in glslang. `spirv_type`, `spirv_storage_class`
//! and the `_id` forms are not supported.

use crate::glsl::ast;
use super::{Cv, Lowerer, Operand, Root, Sym, R};
use crate::hash::FxHashMap as HashMap;
use crate::ir::*;
use crate::span::Span;

/// The SPIR-V `BuiltIn` decoration number: `spirv_decorate(11, N)` declares a built-in.
const DECORATION_BUILTIN: u32 = spirv::Decoration::BuiltIn as u32;

/// Per-translation-unit state.
#[derive(Default)]
pub(crate) struct State {
    functions: HashMap<String, SpirvFunction>,
    execution_modes: Vec<(u32, Vec<u32>)>,
}

#[derive(Clone)]
struct SpirvFunction {
    set: Option<String>,
    opcode: u32,
    extensions: Vec<String>,
    capabilities: Vec<u32>,
    params: Vec<(Handle<Type>, ParamKind)>,
    result: Option<Handle<Type>>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ParamKind {
    Value,
    Reference,
    Literal,
}

/// The `spirv_*(...)` qualifiers with the given word.
fn spirv_qualifiers<'q>(q: &'q ast::TypeQualifiers, word: &'q str) -> impl Iterator<Item = (&'q ast::SpirvQualifier, Span)> + 'q {
    q.qualifiers.iter().filter_map(move |x| match &x.kind {
        ast::QualifierKind::Spirv(s) if s.word == word => Some((s, x.span)),
        _ => None,
    })
}

/// Whether a `spirv_decorate` makes the declared variables built-ins (its first positional
/// argument is the `BuiltIn` decoration), so they are not declared as ordinary variables.
pub(crate) fn declares_builtin(q: &ast::TypeQualifiers) -> bool {
    spirv_qualifiers(q, "spirv_decorate").any(|(s, _)| {
        let first = s.args.iter().find(|a| a.key.is_none()).and_then(|a| a.values.first());
        matches!(first.map(|e| &e.kind), Some(ast::ExprKind::Literal(ast::Literal::Int { value, .. })) if *value == u64::from(DECORATION_BUILTIN))
    })
}

/// The arguments of a `spirv_*` qualifier, evaluated.
#[derive(Default)]
struct Parsed {
    set: Option<String>,
    id: Option<u32>,
    extensions: Vec<String>,
    capabilities: Vec<u32>,
    /// Positional numbers and strings, in order.
    positional: Vec<Positional>,
}

enum Positional {
    Number(u32),
    Text(String),
}

impl Lowerer<'_> {
    fn spirv_number(&mut self, e: &ast::Expr) -> R<u32> {
        let (cv, _) = self.global_const_expr(e)?;
        match cv.as_i64() {
            Some(v) if (i32::MIN as i64..=u32::MAX as i64).contains(&v) => Ok(v as u32),
            _ => Err(self.error("expected an integer constant", e.span)),
        }
    }

    fn spirv_string(&mut self, e: &ast::Expr) -> R<String> {
        match &e.kind {
            ast::ExprKind::StringLit(s) => Ok(s.clone()),
            _ => Err(self.error("expected a string literal", e.span)),
        }
    }

    fn parse_spirv_args(&mut self, q: &ast::SpirvQualifier) -> R<Parsed> {
        let mut p = Parsed::default();
        for arg in &q.args {
            match arg.key.as_ref().map(|k| k.name.as_str()) {
                Some("extensions") => {
                    for v in &arg.values {
                        let s = self.spirv_string(v)?;
                        p.extensions.push(s);
                    }
                }
                Some("capabilities") => {
                    for v in &arg.values {
                        let n = self.spirv_number(v)?;
                        p.capabilities.push(n);
                    }
                }
                Some("set") | Some("id") if arg.values.len() != 1 => {
                    return Err(self.error("expected one value", arg.span));
                }
                Some("set") => p.set = Some(self.spirv_string(&arg.values[0])?),
                Some("id") => p.id = Some(self.spirv_number(&arg.values[0])?),
                Some(other) => return Err(self.error(format!("unknown argument `{other}` of `{}`", q.word), arg.span)),
                None => {
                    for v in &arg.values {
                        let item = match &v.kind {
                            ast::ExprKind::StringLit(s) => Positional::Text(s.clone()),
                            _ => Positional::Number(self.spirv_number(v)?),
                        };
                        p.positional.push(item);
                    }
                }
            }
        }
        Ok(p)
    }

    fn request(&mut self, p: &Parsed) {
        for e in &p.extensions {
            if !self.m.spirv.extensions.contains(e) {
                self.m.spirv.extensions.push(e.clone());
            }
        }
        for &c in &p.capabilities {
            if !self.m.spirv.capabilities.contains(&c) {
                self.m.spirv.capabilities.push(c);
            }
        }
    }

    /// A prototype with `spirv_instruction(...)`: `Some` when it was one.
    pub(crate) fn spirv_instruction_prototype(&mut self, p: &ast::FunctionPrototype) -> Option<R<()>> {
        let (q, span) = spirv_qualifiers(&p.return_type.qualifiers, "spirv_instruction").next()?;
        Some(self.spirv_instruction_prototype_inner(p, q, span))
    }

    fn spirv_instruction_prototype_inner(&mut self, p: &ast::FunctionPrototype, q: &ast::SpirvQualifier, span: Span) -> R<()> {
        let parsed = self.parse_spirv_args(q)?;
        let Some(opcode) = parsed.id else {
            return Err(self.error("`spirv_instruction` needs an `id`", span));
        };
        let result = match &p.return_type.ty.kind {
            ast::TypeKind::Builtin(ast::BuiltinType::Void) if p.return_type.ty.array.is_empty() => None,
            _ => {
                let t = self.resolve_type(&p.return_type.ty, &[])?;
                Some(self.strip(t))
            }
        };
        let mut params = Vec::new();
        for prm in &p.params {
            if matches!(prm.ty.kind, ast::TypeKind::Builtin(ast::BuiltinType::Void)) && prm.array.is_empty() {
                continue;
            }
            let ty = self.resolve_type(&prm.ty, &prm.array)?;
            let ty = self.strip(ty);
            let has = |k: fn(&ast::QualifierKind) -> bool| prm.qualifiers.qualifiers.iter().any(|x| k(&x.kind));
            let kind = if has(|k| matches!(k, ast::QualifierKind::SpirvByReference)) {
                ParamKind::Reference
            } else if has(|k| matches!(k, ast::QualifierKind::SpirvLiteral)) {
                ParamKind::Literal
            } else {
                ParamKind::Value
            };
            params.push((ty, kind));
        }
        let f = SpirvFunction {
            set: parsed.set,
            opcode,
            extensions: parsed.extensions,
            capabilities: parsed.capabilities,
            params,
            result,
        };
        self.spirv.functions.insert(p.name.name.as_str().to_owned(), f);
        Ok(())
    }

    pub(crate) fn is_spirv_function(&self, name: &str) -> bool {
        self.spirv.functions.contains_key(name)
    }

    /// A call of a `spirv_instruction` function.
    pub(crate) fn spirv_call(&mut self, out: &mut Block, name: &str, args: Vec<(Operand, Span)>, span: Span) -> R<Operand> {
        let Some(f) = self.spirv.functions.get(name).cloned() else {
            return Err(self.error(format!("no function named `{name}`"), span));
        };
        if f.params.len() != args.len() {
            return Err(self.error(format!("`{name}` takes {} argument(s), {} given", f.params.len(), args.len()), span));
        }
        let mut operands = Vec::new();
        for ((o, s), &(ty, kind)) in args.into_iter().zip(&f.params) {
            operands.push(match kind {
                ParamKind::Reference => {
                    // The instruction decides whether it writes: read-only variables pass too.
                    let path = match o {
                        Operand::Ref(p) => p,
                        other => self.lvalue(other, s)?,
                    };
                    if path.ty != ty {
                        return Err(self.error(format!("`{name}` takes a `{}` by reference here", self.type_name(ty)), s));
                    }
                    SpirvOperand::Value(self.path_expr(&path, s))
                }
                ParamKind::Literal => {
                    let v = self.value(out, o, s)?;
                    match self.fold(v).as_ref().and_then(Cv::as_i64) {
                        Some(n) => {
                            // Every IR expression must be used; a constant's evaluation writes
                            // no instruction.
                            out.push(Statement::Eval(v), s);
                            SpirvOperand::Literal(n as u32)
                        }
                        None => return Err(self.error("a `spirv_literal` argument must be an integer constant expression", s)),
                    }
                }
                ParamKind::Value => {
                    let v = self.value(out, o, s)?;
                    SpirvOperand::Value(self.coerce(out, v, ty, s)?)
                }
            });
        }
        let inst = Box::new(SpirvInstruction {
            set: f.set.clone(),
            opcode: f.opcode,
            operands,
            capabilities: f.capabilities.clone(),
            extensions: f.extensions.clone(),
        });
        match f.result {
            Some(ty) => Ok(Operand::Value(self.push(Expression::Spirv(inst), ty, span))),
            None => {
                out.push(Statement::Spirv(inst), span);
                Ok(Operand::Void)
            }
        }
    }

    /// `spirv_execution_mode(...)` at global scope: `Some` when the qualifiers held one.
    pub(crate) fn spirv_qualifier_declaration(&mut self, q: &ast::TypeQualifiers) -> Option<R<()>> {
        let modes: Vec<_> = spirv_qualifiers(q, "spirv_execution_mode").collect();
        if modes.is_empty() {
            return None;
        }
        for (m, span) in modes {
            let r = self.parse_spirv_args(m).and_then(|p| {
                self.request(&p);
                let mut numbers = Vec::new();
                for item in &p.positional {
                    match item {
                        Positional::Number(n) => numbers.push(*n),
                        Positional::Text(_) => return Err(self.error("execution mode operands are numbers", span)),
                    }
                }
                if numbers.is_empty() {
                    return Err(self.error("`spirv_execution_mode` needs the execution mode", span));
                }
                let mode = numbers.remove(0);
                self.spirv.execution_modes.push((mode, numbers));
                Ok(())
            });
            if r.is_err() {
                return Some(r);
            }
        }
        Some(Ok(()))
    }

    /// Global variables with `spirv_decorate(...)`. A `BuiltIn` decoration declares the
    /// variable as that built-in (`spirv_decorate(11, 4992) in vec2 gl_BaryCoordNoPerspAMD;`);
    /// other decorations are added to the variable declared as usual. `Some` when the
    /// declaration had such qualifiers.
    pub(crate) fn spirv_decorated_variables(&mut self, v: &'_ ast::VariableDeclaration) -> Option<R<Vec<(Handle<GlobalVariable>, u32, Vec<u32>, Vec<String>)>>> {
        let q = &v.ty.qualifiers;
        let decorations: Vec<_> = spirv_qualifiers(q, "spirv_decorate").chain(spirv_qualifiers(q, "spirv_decorate_string")).collect();
        if decorations.is_empty() {
            return None;
        }
        Some(self.spirv_decorations_inner(v, decorations))
    }

    fn spirv_decorations_inner(
        &mut self,
        v: &ast::VariableDeclaration,
        decorations: Vec<(&ast::SpirvQualifier, Span)>,
    ) -> R<Vec<(Handle<GlobalVariable>, u32, Vec<u32>, Vec<String>)>> {
        let mut parsed = Vec::new();
        for (d, span) in decorations {
            let p = self.parse_spirv_args(d)?;
            self.request(&p);
            let mut numbers = Vec::new();
            let mut strings = Vec::new();
            for item in p.positional {
                match item {
                    Positional::Number(n) => numbers.push(n),
                    Positional::Text(t) => strings.push(t),
                }
            }
            if numbers.is_empty() {
                return Err(self.error("`spirv_decorate` needs the decoration", span));
            }
            let decoration = numbers.remove(0);
            parsed.push((decoration, numbers, strings));
        }
        let builtin = parsed.iter().find(|(d, n, _)| *d == DECORATION_BUILTIN && n.len() == 1).map(|(_, n, _)| n[0]);
        let mut out = Vec::new();
        for d in &v.declarators {
            let g = match builtin {
                Some(b) => {
                    let base = self.resolve_type(&v.ty.ty, &d.array)?;
                    let output = v.ty.qualifiers.storage().any(|(s, _)| s == ast::StorageQualifier::Out);
                    let sym = self.builtin_global(&d.name.name, BuiltIn::Spirv { builtin: b, capability: None, extension: None }, base, output);
                    self.declare(&d.name, sym.clone());
                    match sym {
                        Sym::Var { root: Root::Global(g), .. } => g,
                        _ => continue,
                    }
                }
                None => match self.lookup(&d.name.name) {
                    Some(Sym::Var { root: Root::Global(g), .. }) => g,
                    _ => return Err(self.error("`spirv_decorate` applies to variables", d.span)),
                },
            };
            for (decoration, numbers, strings) in &parsed {
                if builtin.is_some() && *decoration == DECORATION_BUILTIN {
                    continue;
                }
                out.push((g, *decoration, numbers.clone(), strings.clone()));
            }
        }
        Ok(out)
    }

    pub(crate) fn record_spirv_decorations(&mut self, list: Vec<(Handle<GlobalVariable>, u32, Vec<u32>, Vec<String>)>) {
        for (g, decoration, numbers, strings) in list {
            if strings.is_empty() {
                self.m.spirv.decorations.push((g, decoration, numbers));
            } else {
                self.m.spirv.string_decorations.push((g, decoration, strings));
            }
        }
    }

    /// Attaches the `spirv_execution_mode`s to the entry point once it exists.
    pub(crate) fn finish_spirv(&mut self) {
        let Some(ep) = self.m.entry_points.first() else { return };
        let function = ep.function;
        for (mode, operands) in std::mem::take(&mut self.spirv.execution_modes) {
            self.m.spirv.execution_modes.push((function, mode, operands));
        }
    }
}
