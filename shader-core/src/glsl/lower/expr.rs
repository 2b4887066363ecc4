//! Expressions: operands and lvalue paths, operators with GLSL's implicit conversions
//! (GLSL 4.60 §4.1.10, §5.9), constructors (§5.4), user calls with copy-in/copy-out, and
//! constant folding over the lowered IR (§4.3.3 constant expressions).

use super::{Dir, Lowerer, Operand, Path, Reported, Root, Step, Sym, R};
use crate::glsl::ast::{self, Expr, ExprKind};
use crate::ir::*;
use crate::span::Span;

pub use crate::ir::consteval::Value as Cv;
use crate::ir::consteval::{make_literal, map1, num, Num};

/// GLSL 4.60 §4.1.10 implicit conversions, extended as GL_EXT_shader_explicit_arithmetic_types
/// does: to a wider or equal-rank type of the same or a "bigger" kind.
pub fn can_implicit(from: Scalar, to: Scalar) -> bool {
    use ScalarKind::*;
    if from == to {
        return true;
    }
    match (from.kind, to.kind) {
        (Bool, _) | (_, Bool) => false,
        (Float, Float) => from.width < to.width,
        (Sint | Uint, Float) => to.width == 8 || from.width <= to.width,
        (Sint, Sint) => from.width < to.width,
        (Uint, Uint) => from.width < to.width,
        (Sint, Uint) => from.width <= to.width,
        (Uint, Sint) => from.width < to.width,
        (Float, _) => false,
    }
}

/// The rank of a scalar for picking the common type of a binary operation.
fn rank(s: Scalar) -> u32 {
    let kind = match s.kind {
        ScalarKind::Bool => 0,
        ScalarKind::Sint => 1,
        ScalarKind::Uint => 2,
        ScalarKind::Float => 3,
    };
    u32::from(s.width) * 10 + kind + if s.kind == ScalarKind::Float { 100 } else { 0 }
}

impl<'a> Lowerer<'a> {
    pub fn push(&mut self, e: Expression, ty: Handle<Type>, span: Span) -> Handle<Expression> {
        self.fx.f.expressions.append(e, ty, span)
    }
    pub fn ety(&self, h: Handle<Expression>) -> Handle<Type> {
        self.fx.f.expressions.ty(h)
    }

    /// Binds a value to a `let` so it can be referred to several times.
    pub fn bind(&mut self, out: &mut Block, h: Handle<Expression>) -> Handle<LetBinding> {
        let ty = self.ety(h);
        let span = self.fx.f.expressions.span(h);
        let b = self.fx.f.lets.append(LetBinding { name: None, ty }, span);
        out.push(Statement::Let { binding: b, value: h }, span);
        b
    }
    pub fn let_ref(&mut self, b: Handle<LetBinding>, span: Span) -> Handle<Expression> {
        let ty = self.fx.f.lets[b].ty;
        self.push(Expression::LetRef(b), ty, span)
    }

    pub fn lit(&mut self, l: Literal, span: Span) -> Handle<Expression> {
        let ty = self.scalar_ty(l.scalar());
        self.push(Expression::Literal(l), ty, span)
    }

    // -- paths ----------------------------------------------------------------------------------

    /// The IR pointer (or, for opaque handles, value) expression of a path.
    pub fn path_expr(&mut self, p: &Path, span: Span) -> Handle<Expression> {
        if p.steps.is_empty() {
            if let Some(name) = self.implicitly_sized(p.root) {
                self.implicit_whole(&name, "used through its elements", span);
            }
        }
        let mut h = match p.root {
            Root::Local(l) => {
                let t = self.ptr_ty(p.root_ty, AddressSpace::Function);
                self.push(Expression::LocalVar(l), t, span)
            }
            Root::Global(g) => {
                if p.space == AddressSpace::Handle && p.steps.is_empty() {
                    return self.push(Expression::GlobalVar(g), p.root_ty, span);
                }
                let t = self.ptr_ty(p.root_ty, p.space);
                self.push(Expression::GlobalVar(g), t, span)
            }
            Root::PtrArg(i) => {
                let t = self.ptr_ty(p.root_ty, AddressSpace::Function);
                self.push(Expression::FunctionArg(i), t, span)
            }
            Root::ValueArg(i) => return self.push(Expression::FunctionArg(i), p.root_ty, span),
            Root::Reference(l) => self.let_ref(l, span),
        };
        for &(step, ty) in &p.steps {
            let t = self.ptr_ty(ty, p.space);
            h = match step {
                Step::Index(i) => self.push(Expression::AccessIndex { base: h, index: i }, t, span),
                Step::Dyn(l) => {
                    let index = self.let_ref(l, span);
                    self.push(Expression::Access { base: h, index }, t, span)
                }
            };
        }
        h
    }

    /// Reads an operand's value.
    pub fn value(&mut self, _out: &mut Block, op: Operand, span: Span) -> R<Handle<Expression>> {
        match op {
            Operand::Value(h) => Ok(h),
            Operand::Ref(p) => {
                self.check_readable(&p, span)?;
                if let Some(name) = Some(&p).filter(|p| p.steps.is_empty()).and_then(|p| self.implicitly_sized(p.root)) {
                    return Err(self.implicit_whole(&name, "used through its elements", span));
                }
                let h = self.path_expr(&p, span);
                if p.space == AddressSpace::Handle && (p.steps.is_empty() || matches!(p.root, Root::ValueArg(_))) {
                    return Ok(h);
                }
                Ok(self.push(Expression::Load { pointer: h }, p.ty, span))
            }
            Operand::Swizzle(p, pattern) => {
                self.check_readable(&p, span)?;
                let v = self.path_expr(&p, span);
                let v = self.push(Expression::Load { pointer: v }, p.ty, span);
                let (s, _) = self.shape(p.ty).unwrap_or((Scalar::F32, 4));
                let ty = self.vec_ty(pattern.len() as u32, s);
                let mut pat = [0u8; 4];
                pat[..pattern.len()].copy_from_slice(&pattern);
                Ok(self.push(Expression::Swizzle { vector: v, pattern: pat }, ty, span))
            }
            Operand::Combined(..) => Err(self.error(self.dialect.combined_sampler_value(), span)),
            Operand::IoBlock(_) | Operand::IoBlockArray(_) | Operand::IoBlockElem(..) => {
                Err(self.error("a block instance is not a value; name one of its members", span))
            }
            Operand::Void => Err(self.error("this expression has no value (the function returns `void`)", span)),
            Operand::Str(_) => Err(self.error("a string literal can only be the format of `debugPrintfEXT`", span)),
        }
    }

    /// GLSL 4.60 §4.10: a `writeonly` block, or member of one, cannot be read (glslang:
    /// "can't read from writeonly object"; compound assignments and `inout` arguments are let
    /// through as glslang does, see [`Lowerer::value_of_written`]).
    fn check_readable(&mut self, p: &Path, span: Span) -> R<()> {
        if let Some(what) = self.write_only_path(p) {
            return Err(self.error(format!("{what} `writeonly`: it cannot be read (GLSL 4.60 §4.10)"), span));
        }
        Ok(())
    }

    /// The value of `op` read before it is written back (a compound assignment, an `inout`
    /// argument): glslang reads `writeonly` memory there without an error, and so do we.
    fn value_of_written(&mut self, out: &mut Block, op: Operand, span: Span) -> R<Handle<Expression>> {
        let write_only = std::mem::take(&mut self.write_only);
        let v = self.value(out, op, span);
        self.write_only = write_only;
        v
    }

    /// Whether the path leads into a `writeonly` block or member: what it is, for messages.
    fn write_only_path(&self, p: &Path) -> Option<&'static str> {
        if self.write_only.is_empty() {
            return None;
        }
        let (block, outer) = match *self.inner(p.root_ty) {
            TypeInner::BindingArray { base, .. } => (base, 1),
            _ => (p.root_ty, 0),
        };
        let member = p.steps.get(outer).and_then(|(s, _)| match s {
            Step::Index(i) => Some(*i),
            Step::Dyn(_) => None,
        });
        if self.write_only.contains(&(block, None)) || member.is_some_and(|i| self.write_only.contains(&(block, Some(i)))) {
            return Some(if member.is_some() && !self.write_only.contains(&(block, None)) { "this block member is" } else { "this block is" });
        }
        None
    }

    pub fn operand_type(&mut self, op: &Operand) -> Option<Handle<Type>> {
        match op {
            Operand::Value(h) => Some(self.ety(*h)),
            Operand::Ref(p) => Some(p.ty),
            Operand::Swizzle(p, pattern) => {
                let (s, _) = self.shape(p.ty)?;
                Some(self.vec_ty(pattern.len() as u32, s))
            }
            _ => None,
        }
    }

    /// Evaluates an operand for its side effects only.
    pub fn discard(&mut self, out: &mut Block, op: Operand, span: Span) {
        if let Operand::Value(h) = op {
            out.push(Statement::Eval(h), span);
        }
    }

    fn sym_operand(&mut self, sym: Sym, span: Span) -> R<Operand> {
        Ok(match sym {
            Sym::Var { root, ty, space, read_only } => {
                Operand::Ref(Path { root, root_ty: ty, steps: Vec::new(), ty, space, read_only })
            }
            Sym::Const { value, ty } => Operand::Value(self.materialize(&value, ty, span)),
            Sym::Member { global, index, ty, space, read_only } => {
                let root_ty = self.m.globals[global].ty;
                Operand::Ref(Path { root: Root::Global(global), root_ty, steps: vec![(Step::Index(index), ty)], ty, space, read_only })
            }
            Sym::IoBlock(m) => Operand::IoBlock(m),
            Sym::IoBlockArray(m) => Operand::IoBlockArray(m),
            Sym::Combined { image, sampler } => {
                let i = self.sym_operand(*image, span)?;
                let s = self.sym_operand(*sampler, span)?;
                Operand::Combined(Box::new(i), Box::new(s))
            }
            // The wgpu target writes no `OpSpecConstantOp`: a `const` computed from
            // specialization constants is computed where it is used.
            Sym::Override(o, _) if self.target == crate::Target::Wgpu && !crate::ir::interface::is_specializable(&self.m, o) => {
                Operand::Value(crate::spec_length::expand(&self.m, o, &mut self.fx.f.expressions, span))
            }
            Sym::Override(o, ty) => Operand::Value(self.push(Expression::Override(o), ty, span)),
            Sym::WorkgroupSize { ids, size, u32, ty } => {
                let components = (0..3)
                    .map(|i| match ids[i] {
                        Some(o) => self.push(Expression::Override(o), u32, span),
                        None => self.push(Expression::Literal(Literal::U32(size[i])), u32, span),
                    })
                    .collect();
                Operand::Value(self.push(Expression::Compose { components }, ty, span))
            }
            Sym::Functions(_) => return Err(self.error("a function is not a value: call it with `(...)`", span)),
        })
    }

    // -- expressions ----------------------------------------------------------------------------

    pub fn expr(&mut self, out: &mut Block, e: &Expr) -> R<Operand> {
        let span = e.span;
        self.expr_site = span;
        match &e.kind {
            ExprKind::Ident(id) => {
                self.used_before_redeclaration(&id.name, span);
                // A built-in of an extension enabled only after this use (in the same body).
                if let Some(extension) = self.missing_extension(super::builtins::builtin_extensions(self.stage, &id.name), id.span) {
                    return Err(self.needs_extension(&id.name, extension, id.span));
                }
                match self.lookup(&id.name) {
                    Some(sym) if id.name.starts_with("gl_SubGroup") => {
                        let o = self.sym_operand(sym, span)?;
                        crate::glsl::lower::extensions::adjust_builtin_read(self, &id.name, o, span)
                    }
                    Some(sym) => self.sym_operand(sym, span),
                    None => Err(self.undeclared(id)),
                }
            }
            ExprKind::Literal(l) => self.literal(l, span).map(Operand::Value),
            ExprKind::StringLit(text) => Ok(Operand::Str(text.clone())),
            ExprKind::Unary { op, operand } => self.unary(out, *op, operand, span),
            ExprKind::Binary { .. } => self.binary_chain(out, e),
            ExprKind::Assign { op, target, value } => self.assign(out, *op, target, value, span),
            ExprKind::Ternary { condition, accept, reject } => self.ternary(out, condition, accept, reject, span),
            ExprKind::Sequence(items) => {
                let mut last = Operand::Void;
                for (i, item) in items.iter().enumerate() {
                    let op = self.expr(out, item)?;
                    if i + 1 == items.len() {
                        last = op;
                    } else {
                        self.discard(out, op, item.span);
                    }
                }
                Ok(last)
            }
            ExprKind::Index { base, index } => {
                let b = self.expr(out, base)?;
                let i = self.expr(out, index)?;
                let i = self.value(out, i, index.span)?;
                self.index(out, b, i, span)
            }
            ExprKind::Field { base, field } => {
                let b = self.expr(out, base)?;
                self.field(out, b, field, span)
            }
            ExprKind::Call { callee, args } => self.call(out, callee, args, span),
            ExprKind::MethodCall { base, method, args } => {
                if let Some(r) = self.dialect.method_call(self, out, base, method, args, span) {
                    return r;
                }
                if method.name != "length" || !args.is_empty() {
                    return Err(self.error(format!("unknown method `{}`; GLSL only has `.length()`", method.name), method.span));
                }
                let b = self.expr(out, base)?;
                self.length(out, b, span)
            }
        }
    }

    fn literal(&mut self, l: &ast::Literal, span: Span) -> R<Handle<Expression>> {
        let lit = match *l {
            ast::Literal::Bool(b) => Literal::Bool(b),
            ast::Literal::Int { value, suffix } => match suffix {
                ast::IntSuffix::None => {
                    if value > u32::MAX as u64 {
                        return Err(self.error("integer literal does not fit in 32 bits", span));
                    }
                    Literal::I32(value as u32 as i32)
                }
                ast::IntSuffix::U => {
                    if value > u32::MAX as u64 {
                        return Err(self.error("integer literal does not fit in 32 bits", span));
                    }
                    Literal::U32(value as u32)
                }
                ast::IntSuffix::L => Literal::I64(value as i64),
                ast::IntSuffix::UL => Literal::U64(value),
                ast::IntSuffix::S => Literal::SmallInt { value: value as u16 as i16 as i32, scalar: Scalar::I16 },
                ast::IntSuffix::US => Literal::SmallInt { value: value as u16 as i32, scalar: Scalar::U16 },
            },
            ast::Literal::Float { value, suffix } => match suffix {
                ast::FloatSuffix::None => Literal::F32(value as f32),
                ast::FloatSuffix::LF => Literal::F64(value),
                ast::FloatSuffix::HF => Literal::F16(half::f16::from_f64(value)),
            },
        };
        Ok(self.lit(lit, span))
    }

    fn unary(&mut self, out: &mut Block, op: ast::UnaryOp, operand: &Expr, span: Span) -> R<Operand> {
        use ast::UnaryOp as U;
        let o = self.expr(out, operand)?;
        match op {
            U::Plus => Ok(Operand::Value(self.value(out, o, span)?)),
            U::Neg | U::Not | U::BitNot => {
                let v = self.value(out, o, span)?;
                let ty = self.ety(v);
                let ok = match (op, self.inner(ty)) {
                    (U::Neg, TypeInner::Matrix { .. }) => true,
                    (U::Neg, _) => self.shape(ty).is_some_and(|(s, _)| s.kind != ScalarKind::Bool),
                    (U::Not, _) => self.shape(ty) == Some((Scalar::BOOL, 1)),
                    _ => self.shape(ty).is_some_and(|(s, _)| matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint)),
                };
                if !ok {
                    let sym = match op {
                        U::Neg => "-",
                        U::Not => "!",
                        _ => "~",
                    };
                    return Err(self.error(format!("operator `{sym}` does not apply to `{}`", self.type_name(ty)), span));
                }
                let irop = match op {
                    U::Neg => UnaryOp::Negate,
                    U::Not => UnaryOp::LogicalNot,
                    _ => UnaryOp::BitwiseNot,
                };
                Ok(Operand::Value(self.push(Expression::Unary { op: irop, expr: v }, ty, span)))
            }
            U::PreIncrement | U::PreDecrement | U::PostIncrement | U::PostDecrement => {
                let path = self.lvalue(o, operand.span)?;
                let old = self.value(out, Operand::Ref(path.clone()), span)?;
                let ty = self.ety(old);
                let Some((s, _)) = self.shape(ty).or_else(|| self.inner(ty).scalar().map(|s| (s, 0))) else {
                    return Err(self.error(format!("cannot increment a `{}`", self.type_name(ty)), span));
                };
                if s.kind == ScalarKind::Bool {
                    return Err(self.error("cannot increment a `bool`", span));
                }
                let old_b = self.bind(out, old);
                let one = self.lit(make_literal(s, Num::I(1)), span);
                let cur = self.let_ref(old_b, span);
                let irop = if matches!(op, U::PreIncrement | U::PostIncrement) { BinaryOp::Add } else { BinaryOp::Subtract };
                let new = if matches!(self.inner(ty), TypeInner::Matrix { .. }) {
                    self.matrix_columnwise(out, irop, cur, one, span)?
                } else {
                    self.push(Expression::Binary { op: irop, left: cur, right: one }, ty, span)
                };
                let new_b = self.bind(out, new);
                let p = self.path_expr(&path, span);
                let nv = self.let_ref(new_b, span);
                out.push(Statement::Store { pointer: p, value: nv }, span);
                let result = if matches!(op, U::PreIncrement | U::PreDecrement) { new_b } else { old_b };
                Ok(Operand::Value(self.let_ref(result, span)))
            }
        }
    }

    /// Checks that an operand is writable and returns its path.
    pub fn lvalue(&mut self, op: Operand, span: Span) -> R<Path> {
        match op {
            Operand::Ref(p) if !p.read_only && p.space != AddressSpace::Handle => Ok(p),
            Operand::Ref(_) => Err(self.error("cannot assign to a read-only variable", span)),
            _ => Err(self.error("expression is not assignable", span)),
        }
    }

    /// A left-deep operator chain (`a + b + c + ...`) is lowered in a loop, not by recursion:
    /// the parser does not limit its length (only true nesting counts), so 200,000 terms must
    /// not take 200,000 stack frames here. A prefix [`CHAIN_CUT`] deep is folded to a constant
    /// or bound to a `let`, so the IR's trees stay about as shallow as the source's nesting for
    /// every later pass. The prefix is evaluated first in any case (GLSL 4.60 §5.9:
    /// left to right), and `out` is always the block where this expression is evaluated
    /// (`&&`/`||` and `?:` operands get their own), so the `let` moves nothing.
    fn binary_chain(&mut self, out: &mut Block, e: &Expr) -> R<Operand> {
        let mut links = Vec::new();
        let mut leftmost = e;
        while let ExprKind::Binary { op, left, right } = &leftmost.kind {
            links.push((*op, &**right, leftmost.span));
            leftmost = left;
        }
        let mut acc = self.expr(out, leftmost)?;
        let mut acc_span = leftmost.span;
        for (op, right, span) in links.into_iter().rev() {
            let mut l = self.value(out, acc, acc_span)?;
            acc = match op {
                ast::BinaryOp::LogicalAnd | ast::BinaryOp::LogicalOr => self.short_circuit(out, op, l, acc_span, right, span)?,
                _ => {
                    // Operands are evaluated left to right (GLSL 4.60 §5.9, "Expressions"): when
                    // the right operand has effects (`x * ++x`), the left value is read first.
                    let mut rblock = Block::new();
                    let r = self.expr(&mut rblock, right)?;
                    let r = self.value(&mut rblock, r, right.span)?;
                    if rblock.iter().any(|(statement, _)| !matches!(statement, Statement::Let { .. })) {
                        let bound = self.bind(out, l);
                        l = self.let_ref(bound, acc_span);
                    }
                    for (statement, statement_span) in rblock.iter() {
                        out.push(statement.clone(), statement_span);
                    }
                    Operand::Value(self.binary(out, op, l, r, span)?)
                }
            };
            acc_span = span;
            if let Operand::Value(h) = acc {
                // A chain that reads specialization constants stays whole: a `let` would make
                // a global `const` computed from them (`const uint C15 = C14 + 1u;`, whose
                // operands are such chains) no constant expression, and folding reads their
                // defaults. Its depth is bounded by the consts it names.
                if self.fx.f.expressions.depth(h) >= CHAIN_CUT && !self.uses_spec_constant(h) {
                    let ty = self.ety(h);
                    acc = Operand::Value(match self.fold_fixed(h) {
                        Some(cv) => {
                            // The folded expressions stay unused: evaluate them as a statement.
                            out.push(Statement::Eval(h), span);
                            self.materialize(&cv, ty, span)
                        }
                        None => {
                            let binding = self.fx.f.lets.append(LetBinding { name: None, ty }, span);
                            out.push(Statement::Let { binding, value: h }, span);
                            self.push(Expression::LetRef(binding), ty, span)
                        }
                    });
                }
            }
        }
        Ok(acc)
    }

    fn short_circuit(&mut self, out: &mut Block, op: ast::BinaryOp, l: Handle<Expression>, left_span: Span, right: &Expr, span: Span) -> R<Operand> {
        let bool_ty = self.scalar_ty(Scalar::BOOL);
        let l = self.coerce(out, l, bool_ty, left_span)?;
        let mut rblock = Block::new();
        let start = self.fx.f.expressions.len();
        let r = self.expr(&mut rblock, right)?;
        let r = self.value(&mut rblock, r, right.span)?;
        let r = self.coerce(&mut rblock, r, bool_ty, right.span)?;
        let irop = if op == ast::BinaryOp::LogicalAnd { BinaryOp::LogicalAnd } else { BinaryOp::LogicalOr };
        if rblock.is_empty() && !self.has_effects(start) {
            return Ok(Operand::Value(self.push(Expression::Binary { op: irop, left: l, right: r }, bool_ty, span)));
        }
        // The right operand needs statements: `t = l; if (t) { t = r; }` (or `!t` for ||).
        let local = self.fx.f.locals.append(LocalVariable { name: None, ty: bool_ty }, span);
        let pt = self.ptr_ty(bool_ty, AddressSpace::Function);
        let p = self.push(Expression::LocalVar(local), pt, span);
        out.push(Statement::Store { pointer: p, value: l }, span);
        let p2 = self.push(Expression::LocalVar(local), pt, span);
        rblock.push(Statement::Store { pointer: p2, value: r }, span);
        let p3 = self.push(Expression::LocalVar(local), pt, span);
        let mut cond = self.push(Expression::Load { pointer: p3 }, bool_ty, span);
        if op == ast::BinaryOp::LogicalOr {
            cond = self.push(Expression::Unary { op: UnaryOp::LogicalNot, expr: cond }, bool_ty, span);
        }
        out.push(Statement::If { condition: cond, accept: rblock, reject: Block::new() }, span);
        let p4 = self.push(Expression::LocalVar(local), pt, span);
        Ok(Operand::Value(self.push(Expression::Load { pointer: p4 }, bool_ty, span)))
    }

    /// Whether expressions appended since `start` include calls or other effects.
    pub fn has_effects(&self, start: usize) -> bool {
        // Index from `start`: `iter().skip(start)` walks the skipped items one by one, which
        // made every `&&` of a long chain cost as much as the whole function so far.
        let exprs = &self.fx.f.expressions;
        (start..exprs.len()).any(|i| {
            matches!(
                exprs[Handle::from_index(i)],
                Expression::Call { .. } | Expression::Atomic { .. } | Expression::ImageSample { .. } | Expression::Derivative { .. } | Expression::Subgroup { .. }
            )
        })
    }

    fn ternary(&mut self, out: &mut Block, condition: &Expr, accept: &Expr, reject: &Expr, span: Span) -> R<Operand> {
        let bool_ty = self.scalar_ty(Scalar::BOOL);
        let c = self.expr(out, condition)?;
        let c = self.value(out, c, condition.span)?;
        let c = self.coerce(out, c, bool_ty, condition.span)?;
        let start = self.fx.f.expressions.len();
        let mut ab = Block::new();
        let a = self.expr(&mut ab, accept)?;
        let mut rb = Block::new();
        let r = self.expr(&mut rb, reject)?;
        // `c ? f() : g();` with void functions (glslang accepts it): a plain `if`.
        if matches!((&a, &r), (Operand::Void, Operand::Void)) {
            out.push(Statement::If { condition: c, accept: ab, reject: rb }, span);
            return Ok(Operand::Void);
        }
        let a = self.value(&mut ab, a, accept.span)?;
        let r = self.value(&mut rb, r, reject.span)?;
        let (at, rt) = (self.ety(a), self.ety(r));
        let ty = if at == rt {
            at
        } else {
            match (self.shape(at), self.shape(rt)) {
                (Some((sa, na)), Some((sb, nb))) if na == nb => {
                    if self.implicit(sa, sb) {
                        rt
                    } else if self.implicit(sb, sa) {
                        at
                    } else {
                        return Err(self.error(format!("`?:` operands have types `{}` and `{}`", self.type_name(at), self.type_name(rt)), span));
                    }
                }
                _ if self.strip(at) == self.strip(rt) => self.strip(at),
                _ => return Err(self.error(format!("`?:` operands have types `{}` and `{}`", self.type_name(at), self.type_name(rt)), span)),
            }
        };
        let a = self.coerce(&mut ab, a, ty, accept.span)?;
        let r = self.coerce(&mut rb, r, ty, reject.span)?;
        let simple = self.shape(ty).is_some() || self.inner(ty).is_reference();
        if ab.is_empty() && rb.is_empty() && simple && !self.has_effects(start) {
            return Ok(Operand::Value(self.push(Expression::Select { condition: c, accept: a, reject: r }, ty, span)));
        }
        let local = self.fx.f.locals.append(LocalVariable { name: None, ty }, span);
        let pt = self.ptr_ty(ty, AddressSpace::Function);
        let p = self.push(Expression::LocalVar(local), pt, span);
        ab.push(Statement::Store { pointer: p, value: a }, span);
        let p = self.push(Expression::LocalVar(local), pt, span);
        rb.push(Statement::Store { pointer: p, value: r }, span);
        out.push(Statement::If { condition: c, accept: ab, reject: rb }, span);
        let p = self.push(Expression::LocalVar(local), pt, span);
        Ok(Operand::Value(self.push(Expression::Load { pointer: p }, ty, span)))
    }

    fn assign(&mut self, out: &mut Block, op: Option<ast::BinaryOp>, target: &Expr, value: &Expr, span: Span) -> R<Operand> {
        let t = self.expr(out, target)?;
        if let Some(ty) = self.operand_type(&t) {
            self.dialect.copied(self, ty, "assigned", target.span)?;
        }
        let v = self.expr(out, value)?;
        // Bools a block stores as uints are read as bools (each word not 0), so that a copy
        // into another block stores 1 for true, as glslang's conversions do, not the word.
        let stored_bool = match &v {
            Operand::Ref(p) => self.stored_bool_type(p),
            // A swizzle of a stored bvec (`bo.xy = bi.xy`): the bvec of the swizzle's length.
            Operand::Swizzle(p, pattern) => {
                let n = pattern.len() as u32;
                self.stored_bool_type(p).and_then(|l| self.shape(l)).map(|(s, _)| if n == 1 { self.scalar_ty(s) } else { self.vec_ty(n, s) })
            }
            _ => None,
        };
        let v = self.value(out, v, value.span)?;
        let v = match stored_bool {
            Some(logical) => self.coerce(out, v, logical, value.span)?,
            None => v,
        };
        match t {
            Operand::Swizzle(path, pattern) => {
                if path.read_only {
                    return Err(self.error("cannot assign to a read-only variable", target.span));
                }
                let mut seen = 0u8;
                for &c in &pattern {
                    if seen & (1 << c) != 0 {
                        return Err(self.error("a swizzle with repeated components cannot be assigned to", target.span));
                    }
                    seen |= 1 << c;
                }
                let (s, n) = self.shape(path.ty).unwrap_or((Scalar::F32, 4));
                let part_ty = self.vec_ty(pattern.len() as u32, s);
                let v = match op {
                    Some(op) => {
                        let cur = self.value_of_written(out, Operand::Swizzle(path.clone(), pattern.clone()), target.span)?;
                        let r = self.binary(out, op, cur, v, span)?;
                        self.coerce(out, r, part_ty, span)?
                    }
                    None => self.coerce(out, v, part_ty, value.span)?,
                };
                let vb = self.bind(out, v);
                let stype = self.scalar_ty(s);
                if self.write_only_path(&path).is_some() {
                    // A `writeonly` vector is not read: each component is stored alone (as
                    // glslang does), and the assignment's value is the one stored.
                    for (j, &i) in pattern.iter().enumerate() {
                        let b = self.let_ref(vb, span);
                        let c = if pattern.len() == 1 { b } else { self.push(Expression::AccessIndex { base: b, index: j as u32 }, stype, span) };
                        let mut component = path.clone();
                        component.steps.push((Step::Index(i as u32), stype));
                        component.ty = stype;
                        let p = self.path_expr(&component, span);
                        out.push(Statement::Store { pointer: p, value: c }, span);
                    }
                    return Ok(Operand::Value(self.let_ref(vb, span)));
                }
                // The vector's other components, stored back unchanged.
                let pointer = self.path_expr(&path, span);
                let old = self.push(Expression::Load { pointer }, path.ty, span);
                let ob = self.bind(out, old);
                let mut comps = Vec::new();
                for i in 0..n as u8 {
                    let c = match pattern.iter().position(|&c| c == i) {
                        Some(j) => {
                            let b = self.let_ref(vb, span);
                            if pattern.len() == 1 {
                                b
                            } else {
                                self.push(Expression::AccessIndex { base: b, index: j as u32 }, stype, span)
                            }
                        }
                        None => {
                            let b = self.let_ref(ob, span);
                            self.push(Expression::AccessIndex { base: b, index: i as u32 }, stype, span)
                        }
                    };
                    comps.push(c);
                }
                let newv = self.push(Expression::Compose { components: comps }, path.ty, span);
                let p = self.path_expr(&path, span);
                out.push(Statement::Store { pointer: p, value: newv }, span);
                let p = self.path_expr(&path, span);
                let full = self.push(Expression::Load { pointer: p }, path.ty, span);
                let mut pat = [0u8; 4];
                pat[..pattern.len()].copy_from_slice(&pattern);
                if pattern.len() == 1 {
                    return Ok(Operand::Value(self.push(Expression::AccessIndex { base: full, index: pattern[0] as u32 }, stype, span)));
                }
                Ok(Operand::Value(self.push(Expression::Swizzle { vector: full, pattern: pat }, part_ty, span)))
            }
            t => {
                let path = self.lvalue(t, target.span)?;
                let v = match op {
                    Some(op) => {
                        let cur = self.value_of_written(out, Operand::Ref(path.clone()), target.span)?;
                        let r = self.binary(out, op, cur, v, span)?;
                        self.coerce(out, r, path.ty, span)?
                    }
                    None => self.coerce(out, v, path.ty, value.span)?,
                };
                let p = self.path_expr(&path, span);
                out.push(Statement::Store { pointer: p, value: v }, span);
                Ok(Operand::Ref(path))
            }
        }
    }

    // -- conversions ----------------------------------------------------------------------------

    /// Implicit conversion of a value to `ty` (GLSL 4.60 §4.1.10), including moving a struct or
    /// array between its logical and laid-out shapes.
    pub fn coerce(&mut self, out: &mut Block, h: Handle<Expression>, ty: Handle<Type>, span: Span) -> R<Handle<Expression>> {
        let from = self.ety(h);
        if from == ty {
            return Ok(h);
        }
        if let (Some((fs, fnn)), Some((ts, tn))) = (self.shape(from), self.shape(ty)) {
            if fnn == tn && self.implicit(fs, ts) {
                return Ok(self.push(Expression::Convert { expr: h, to: ts }, ty, span));
            }
        }
        if let (TypeInner::Matrix { columns: c1, rows: r1, scalar: s1 }, TypeInner::Matrix { columns: c2, rows: r2, scalar: s2 }) =
            (self.inner(from).clone(), self.inner(ty).clone())
        {
            if c1 == c2 && r1 == r2 && self.implicit(s1, s2) {
                return Ok(self.push(Expression::Convert { expr: h, to: s2 }, ty, span));
            }
        }
        if self.same_shape(from, ty) {
            return self.reshape(out, h, ty, span);
        }
        // Bools in blocks are stored as uints: a load of one converts back (`!= 0`).
        if let (Some((Scalar::U32, n)), Some((Scalar::BOOL, m))) = (self.shape(from), self.shape(ty)) {
            if n == m && self.is_block_load(h) {
                let zero = self.zero(from, span);
                return Ok(self.push(Expression::Binary { op: BinaryOp::NotEqual, left: h, right: zero }, ty, span));
            }
        }
        Err(self.error(format!("cannot convert `{}` to `{}`", self.type_name(from), self.type_name(ty)), span))
    }

    fn is_block_load(&self, h: Handle<Expression>) -> bool {
        let Expression::Load { pointer } = self.fx.f.expressions[h] else { return false };
        let pt = self.ety(pointer);
        matches!(
            self.inner(pt),
            TypeInner::Pointer { space: AddressSpace::Uniform | AddressSpace::Storage { .. } | AddressSpace::PushConstant, .. }
        )
    }

    /// Whether two types differ only in layout (and bools stored as uints).
    fn same_shape(&self, a: Handle<Type>, b: Handle<Type>) -> bool {
        if a == b {
            return true;
        }
        let (ta, tb) = (&self.m.types[a], &self.m.types[b]);
        match (&ta.inner, &tb.inner) {
            (TypeInner::Scalar(x), TypeInner::Scalar(y)) => bool_uint(*x, *y),
            (TypeInner::Vector { size: s1, scalar: x }, TypeInner::Vector { size: s2, scalar: y }) => s1 == s2 && bool_uint(*x, *y),
            (TypeInner::Array { base: b1, size: n1, .. }, TypeInner::Array { base: b2, size: n2, .. }) => {
                n1 == n2 && matches!(n1, ArraySize::Constant(_)) && self.same_shape(*b1, *b2)
            }
            (TypeInner::Struct { members: m1, .. }, TypeInner::Struct { members: m2, .. }) => {
                ta.name == tb.name && m1.len() == m2.len() && m1.iter().zip(m2).all(|(x, y)| self.same_shape(x.ty, y.ty))
            }
            _ => false,
        }
    }

    fn reshape(&mut self, out: &mut Block, h: Handle<Expression>, ty: Handle<Type>, span: Span) -> R<Handle<Expression>> {
        let from = self.ety(h);
        if from == ty {
            return Ok(h);
        }
        match (self.inner(from).clone(), self.inner(ty).clone()) {
            (TypeInner::Scalar(_) | TypeInner::Vector { .. }, _) => {
                let (ts, _) = self.shape(ty).unwrap_or((Scalar::BOOL, 1));
                if ts.kind == ScalarKind::Bool {
                    let zero = self.zero(from, span);
                    Ok(self.push(Expression::Binary { op: BinaryOp::NotEqual, left: h, right: zero }, ty, span))
                } else {
                    let one = self.lit(Literal::U32(1), span);
                    let zero = self.lit(Literal::U32(0), span);
                    let (one, zero) = if let Some((_, n)) = self.shape(ty).filter(|(_, n)| *n > 1) {
                        let _ = n;
                        (self.push(Expression::Splat { value: one }, ty, span), self.push(Expression::Splat { value: zero }, ty, span))
                    } else {
                        (one, zero)
                    };
                    Ok(self.push(Expression::Select { condition: h, accept: one, reject: zero }, ty, span))
                }
            }
            (TypeInner::Array { base: fb, size: ArraySize::Constant(n), .. }, TypeInner::Array { base: tb, .. }) => {
                let b = self.bind(out, h);
                let mut comps = Vec::new();
                for i in 0..n {
                    let r = self.let_ref(b, span);
                    let e = self.push(Expression::AccessIndex { base: r, index: i }, fb, span);
                    comps.push(self.reshape(out, e, tb, span)?);
                }
                Ok(self.push(Expression::Compose { components: comps }, ty, span))
            }
            (TypeInner::Struct { members: fm, .. }, TypeInner::Struct { members: tm, .. }) => {
                let b = self.bind(out, h);
                let mut comps = Vec::new();
                for (i, (f, t)) in fm.iter().zip(&tm).enumerate() {
                    let r = self.let_ref(b, span);
                    let e = self.push(Expression::AccessIndex { base: r, index: i as u32 }, f.ty, span);
                    comps.push(self.reshape(out, e, t.ty, span)?);
                }
                Ok(self.push(Expression::Compose { components: comps }, ty, span))
            }
            _ => Err(self.error(format!("cannot convert `{}` to `{}`", self.type_name(from), self.type_name(ty)), span)),
        }
    }

    pub fn zero(&mut self, ty: Handle<Type>, span: Span) -> Handle<Expression> {
        self.push(Expression::ZeroValue(ty), ty, span)
    }

    /// Explicit conversion to another scalar kind of the same shape (constructors).
    pub fn convert(&mut self, h: Handle<Expression>, to: Scalar, span: Span) -> Handle<Expression> {
        let from = self.ety(h);
        let Some(fs) = self.inner(from).scalar() else { return h };
        if fs == to {
            return h;
        }
        let ty = self.with_scalar(from, to);
        if fs.kind == ScalarKind::Bool && to.kind != ScalarKind::Bool {
            let one = self.lit(make_literal(to, Num::I(1)), span);
            let zero = self.lit(make_literal(to, Num::I(0)), span);
            let (one, zero) = if matches!(self.inner(ty), TypeInner::Vector { .. }) {
                (self.push(Expression::Splat { value: one }, ty, span), self.push(Expression::Splat { value: zero }, ty, span))
            } else {
                (one, zero)
            };
            return self.push(Expression::Select { condition: h, accept: one, reject: zero }, ty, span);
        }
        self.push(Expression::Convert { expr: h, to }, ty, span)
    }

    // -- binary operators -----------------------------------------------------------------------

    /// The common scalar of two operand types (the one both convert to implicitly).
    fn common_scalar(&self, a: Scalar, b: Scalar) -> Option<Scalar> {
        if a == b {
            Some(a)
        } else if self.implicit(a, b) && (!self.implicit(b, a) || rank(b) >= rank(a)) {
            Some(b)
        } else if self.implicit(b, a) {
            Some(a)
        } else {
            None
        }
    }

    fn to_scalar(&mut self, h: Handle<Expression>, s: Scalar, span: Span) -> Handle<Expression> {
        let ty = self.ety(h);
        if self.inner(ty).scalar() == Some(s) {
            return h;
        }
        let t = self.with_scalar(ty, s);
        self.push(Expression::Convert { expr: h, to: s }, t, span)
    }

    pub fn binary(&mut self, out: &mut Block, op: ast::BinaryOp, l: Handle<Expression>, r: Handle<Expression>, span: Span) -> R<Handle<Expression>> {
        use ast::BinaryOp as B;
        let (lt, rt) = (self.ety(l), self.ety(r));
        let (li, ri) = (self.inner(lt).clone(), self.inner(rt).clone());
        if li.is_reference() || ri.is_reference() {
            return self.reference_binary(out, op, l, r, span);
        }
        let bad = |lw: &mut Self| {
            let sym = op_symbol(op);
            Err(lw.error(format!("operator `{sym}` does not apply to `{}` and `{}`", lw.type_name(lt), lw.type_name(rt)), span))
        };
        let (Some(ls), Some(rs)) = (li.scalar(), ri.scalar()) else {
            if matches!(op, B::Equal | B::NotEqual) && self.same_shape(lt, rt) {
                self.dialect.copied(self, lt, "compared", span)?;
                let r = self.coerce(out, r, lt, span)?;
                return self.composite_equal(out, op == B::Equal, l, r, span);
            }
            return bad(self);
        };
        if matches!(li, TypeInner::Atomic(_)) || matches!(ri, TypeInner::Atomic(_)) {
            return bad(self);
        }
        let bool_ty = self.scalar_ty(Scalar::BOOL);
        match op {
            B::LogicalXor => {
                if ls != Scalar::BOOL || rs != Scalar::BOOL || lt != bool_ty || rt != bool_ty {
                    return bad(self);
                }
                Ok(self.push(Expression::Binary { op: BinaryOp::NotEqual, left: l, right: r }, bool_ty, span))
            }
            B::LogicalAnd | B::LogicalOr => {
                if lt != bool_ty || rt != bool_ty {
                    return bad(self);
                }
                let irop = if op == B::LogicalAnd { BinaryOp::LogicalAnd } else { BinaryOp::LogicalOr };
                Ok(self.push(Expression::Binary { op: irop, left: l, right: r }, bool_ty, span))
            }
            B::Shl | B::Shr => {
                let int = |s: Scalar| matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint);
                let (ln, rn) = (self.shape(lt).map(|x| x.1), self.shape(rt).map(|x| x.1));
                match (ln, rn) {
                    (Some(a), Some(b)) if int(ls) && int(rs) && (a == b || b == 1) => {}
                    _ => return bad(self),
                }
                let irop = if op == B::Shl { BinaryOp::ShiftLeft } else { BinaryOp::ShiftRight };
                Ok(self.push(Expression::Binary { op: irop, left: l, right: r }, lt, span))
            }
            _ => {
                let Some(s) = self.common_scalar(ls, rs) else { return bad(self) };
                let l = self.to_scalar(l, s, span);
                let r = self.to_scalar(r, s, span);
                let (lt, rt) = (self.ety(l), self.ety(r));
                let (li, ri) = (self.inner(lt).clone(), self.inner(rt).clone());
                let lm = matches!(li, TypeInner::Matrix { .. });
                let rm = matches!(ri, TypeInner::Matrix { .. });
                match op {
                    B::Equal | B::NotEqual => {
                        if lt != rt {
                            return bad(self);
                        }
                        if lm {
                            return self.composite_equal(out, op == B::Equal, l, r, span);
                        }
                        let irop = if op == B::Equal { BinaryOp::Equal } else { BinaryOp::NotEqual };
                        let bt = self.with_scalar(lt, Scalar::BOOL);
                        let e = self.push(Expression::Binary { op: irop, left: l, right: r }, bt, span);
                        if bt == bool_ty {
                            return Ok(e);
                        }
                        let fun = if op == B::Equal { RelationalFunction::All } else { RelationalFunction::Any };
                        Ok(self.push(Expression::Relational { fun, argument: e }, bool_ty, span))
                    }
                    B::Less | B::Greater | B::LessEqual | B::GreaterEqual => {
                        if lt != rt || lt != self.scalar_ty(s) || s.kind == ScalarKind::Bool {
                            return bad(self);
                        }
                        let irop = match op {
                            B::Less => BinaryOp::Less,
                            B::Greater => BinaryOp::Greater,
                            B::LessEqual => BinaryOp::LessEqual,
                            _ => BinaryOp::GreaterEqual,
                        };
                        Ok(self.push(Expression::Binary { op: irop, left: l, right: r }, bool_ty, span))
                    }
                    B::BitAnd | B::BitOr | B::BitXor => {
                        if !matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint) || lm || rm {
                            return bad(self);
                        }
                        let irop = match op {
                            B::BitAnd => BinaryOp::And,
                            B::BitOr => BinaryOp::InclusiveOr,
                            _ => BinaryOp::ExclusiveOr,
                        };
                        let Some(ty) = self.arith_result(lt, rt) else { return bad(self) };
                        Ok(self.push(Expression::Binary { op: irop, left: l, right: r }, ty, span))
                    }
                    _ => {
                        if s.kind == ScalarKind::Bool {
                            return bad(self);
                        }
                        let irop = match op {
                            B::Add => BinaryOp::Add,
                            B::Sub => BinaryOp::Subtract,
                            B::Mul => BinaryOp::Multiply,
                            B::Div => BinaryOp::Divide,
                            _ => BinaryOp::Modulo,
                        };
                        if irop == BinaryOp::Modulo && s.kind == ScalarKind::Float {
                            return Err(self.error("operator `%` needs integer operands; use `mod()` for floats", span));
                        }
                        if lm || rm {
                            return self.matrix_binary(out, irop, l, r, span).or_else(|_| bad(self));
                        }
                        let Some(ty) = self.arith_result(lt, rt) else { return bad(self) };
                        Ok(self.push(Expression::Binary { op: irop, left: l, right: r }, ty, span))
                    }
                }
            }
        }
    }

    fn arith_result(&self, lt: Handle<Type>, rt: Handle<Type>) -> Option<Handle<Type>> {
        let (_, ln) = self.shape(lt)?;
        let (_, rn) = self.shape(rt)?;
        if ln == rn || rn == 1 {
            Some(lt)
        } else if ln == 1 {
            Some(rt)
        } else {
            None
        }
    }

    fn matrix_binary(&mut self, out: &mut Block, op: BinaryOp, l: Handle<Expression>, r: Handle<Expression>, span: Span) -> R<Handle<Expression>> {
        let (lt, rt) = (self.ety(l), self.ety(r));
        let (li, ri) = (self.inner(lt).clone(), self.inner(rt).clone());
        use TypeInner::{Matrix, Scalar as S, Vector};
        let result = match (op, &li, &ri) {
            (BinaryOp::Multiply, Matrix { .. }, S(_)) => Some(lt),
            (BinaryOp::Multiply, S(_), Matrix { .. }) => Some(rt),
            (BinaryOp::Multiply, &Matrix { columns, rows, scalar }, &Vector { size, .. }) if size == columns => {
                Some(self.ty(Vector { size: rows, scalar }))
            }
            (BinaryOp::Multiply, &Vector { size, .. }, &Matrix { columns, rows, scalar }) if size == rows => {
                Some(self.ty(Vector { size: columns, scalar }))
            }
            (BinaryOp::Multiply, &Matrix { columns: k, rows, scalar }, &Matrix { columns, rows: k2, .. }) if k == k2 => {
                Some(self.ty(Matrix { columns, rows, scalar }))
            }
            (BinaryOp::Add | BinaryOp::Subtract, Matrix { .. }, Matrix { .. }) if lt == rt => Some(lt),
            _ => None,
        };
        if let Some(ty) = result {
            return Ok(self.push(Expression::Binary { op, left: l, right: r }, ty, span));
        }
        if op == BinaryOp::Modulo {
            return Err(Reported);
        }
        // Component-wise on columns: matrix op scalar, scalar op matrix, matrix / matrix.
        match (&li, &ri) {
            (Matrix { .. }, Matrix { .. }) if lt != rt => Err(Reported),
            _ => {
                let _ = out;
                self.matrix_columnwise(out, op, l, r, span)
            }
        }
    }

    /// `op` applied column by column (matrix with scalar or same-shaped matrix).
    pub fn matrix_columnwise(&mut self, out: &mut Block, op: BinaryOp, l: Handle<Expression>, r: Handle<Expression>, span: Span) -> R<Handle<Expression>> {
        let (lt, rt) = (self.ety(l), self.ety(r));
        let (mty, columns, rows, scalar) = match (self.inner(lt).clone(), self.inner(rt).clone()) {
            (TypeInner::Matrix { columns, rows, scalar }, _) => (lt, columns, rows, scalar),
            (_, TypeInner::Matrix { columns, rows, scalar }) => (rt, columns, rows, scalar),
            _ => return Err(Reported),
        };
        let col_ty = self.ty(TypeInner::Vector { size: rows, scalar });
        let lm = matches!(self.inner(lt), TypeInner::Matrix { .. });
        let rm = matches!(self.inner(rt), TypeInner::Matrix { .. });
        let lb = self.bind(out, l);
        let rb = self.bind(out, r);
        let mut cols = Vec::new();
        for c in 0..columns as u32 {
            let a = self.let_ref(lb, span);
            let a = if lm { self.push(Expression::AccessIndex { base: a, index: c }, col_ty, span) } else { a };
            let b = self.let_ref(rb, span);
            let b = if rm { self.push(Expression::AccessIndex { base: b, index: c }, col_ty, span) } else { b };
            cols.push(self.push(Expression::Binary { op, left: a, right: b }, col_ty, span));
        }
        Ok(self.push(Expression::Compose { components: cols }, mty, span))
    }

    /// `==`/`!=` on matrices, arrays and structs: all components equal.
    fn composite_equal(&mut self, out: &mut Block, eq: bool, l: Handle<Expression>, r: Handle<Expression>, span: Span) -> R<Handle<Expression>> {
        let ty = self.ety(l);
        let bool_ty = self.scalar_ty(Scalar::BOOL);
        let parts: Vec<Handle<Type>> = match self.inner(ty).clone() {
            TypeInner::Matrix { columns, rows, scalar } => {
                let c = self.ty(TypeInner::Vector { size: rows, scalar });
                vec![c; columns as usize]
            }
            TypeInner::Array { base, size: ArraySize::Constant(n), .. } => vec![base; n as usize],
            TypeInner::Struct { members, .. } => members.iter().map(|m| m.ty).collect(),
            TypeInner::Scalar(_) | TypeInner::Vector { .. } => {
                let op = if eq { ast::BinaryOp::Equal } else { ast::BinaryOp::NotEqual };
                return self.binary(out, op, l, r, span);
            }
            _ => return Err(self.error(format!("`==` does not apply to `{}`", self.type_name(ty)), span)),
        };
        let lb = self.bind(out, l);
        let rb = self.bind(out, r);
        let mut acc: Option<Handle<Expression>> = None;
        for (i, pt) in parts.into_iter().enumerate() {
            let a = self.let_ref(lb, span);
            let a = self.push(Expression::AccessIndex { base: a, index: i as u32 }, pt, span);
            let b = self.let_ref(rb, span);
            let b = self.push(Expression::AccessIndex { base: b, index: i as u32 }, pt, span);
            let e = self.composite_equal(out, true, a, b, span)?;
            acc = Some(match acc {
                None => e,
                Some(p) => self.push(Expression::Binary { op: BinaryOp::LogicalAnd, left: p, right: e }, bool_ty, span),
            });
        }
        let e = acc.unwrap_or_else(|| self.lit(Literal::Bool(true), span));
        Ok(if eq { e } else { self.push(Expression::Unary { op: UnaryOp::LogicalNot, expr: e }, bool_ty, span) })
    }

    // -- indexing, members, swizzles ------------------------------------------------------------

    fn element_type(&mut self, ty: Handle<Type>) -> Option<Handle<Type>> {
        match self.inner(ty).clone() {
            TypeInner::Array { base, .. } | TypeInner::BindingArray { base, .. } => Some(base),
            TypeInner::Vector { scalar, .. } => Some(self.scalar_ty(scalar)),
            TypeInner::Matrix { rows, scalar, .. } => Some(self.ty(TypeInner::Vector { size: rows, scalar })),
            _ => None,
        }
    }

    fn static_len(&self, ty: Handle<Type>) -> Option<u32> {
        match *self.inner(ty) {
            TypeInner::Array { size: ArraySize::Constant(n), .. } | TypeInner::BindingArray { size: ArraySize::Constant(n), .. } => Some(n),
            TypeInner::Array { size: ArraySize::Specialized { default, .. }, .. }
            | TypeInner::BindingArray { size: ArraySize::Specialized { default, .. }, .. }
                if self.target == crate::Target::Wgpu =>
            {
                Some(default)
            }
            TypeInner::Vector { size, .. } => Some(size as u32),
            TypeInner::Matrix { columns, .. } => Some(columns as u32),
            _ => None,
        }
    }

    /// The length a constant index is checked against ([`crate::spec_length::index_bound`]).
    fn index_bound(&self, ty: Handle<Type>) -> Option<u32> {
        match *self.inner(ty) {
            TypeInner::Array { size, .. } | TypeInner::BindingArray { size, .. } => {
                crate::spec_length::index_bound(&self.m, size, self.target == crate::Target::Wgpu)
            }
            _ => self.static_len(ty),
        }
    }

    pub fn index(&mut self, out: &mut Block, base: Operand, index: Handle<Expression>, span: Span) -> R<Operand> {
        let it = self.ety(index);
        if !self.shape(it).is_some_and(|(s, n)| n == 1 && matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint)) {
            return Err(self.error(format!("array index must be an integer scalar, not `{}`", self.type_name(it)), span));
        }
        if self.operand_type(&base).is_some_and(|t| self.inner(t).is_reference()) {
            // GL_EXT_buffer_reference2: `r[i]` is `r + i`.
            let v = self.value(out, base, span)?;
            return self.reference_binary(out, ast::BinaryOp::Add, v, index, span).map(Operand::Value);
        }
        // An index computed from a specialization constant is not a constant expression (GLSL
        // 4.60 §4.3.3): it stays a run-time index, which a specialized pipeline follows.
        let konst = self.fold_fixed(index).and_then(|c| c.as_i64());
        match base {
            Operand::IoBlockArray(members) => {
                let step = match konst {
                    Some(k) if k >= 0 => {
                        out.push(Statement::Eval(index), span);
                        Step::Index(k as u32)
                    }
                    Some(_) => return Err(self.error("negative index", span)),
                    None => Step::Dyn(self.bind(out, index)),
                };
                Ok(Operand::IoBlockElem(members, step))
            }
            Operand::Combined(i, s) => {
                let step = match konst {
                    Some(k) => {
                        out.push(Statement::Eval(index), span);
                        Step::Index(k as u32)
                    }
                    None => Step::Dyn(self.bind(out, index)),
                };
                let i = self.index_step(*i, step, konst, span)?;
                let s = self.index_step(*s, step, konst, span)?;
                Ok(Operand::Combined(Box::new(i), Box::new(s)))
            }
            Operand::Ref(p) => {
                let step = match konst {
                    Some(k) => {
                        out.push(Statement::Eval(index), span);
                        Step::Index(k as u32)
                    }
                    None => Step::Dyn(self.bind(out, index)),
                };
                self.index_step(Operand::Ref(p), step, konst, span)
            }
            other => {
                let v = self.value(out, other, span)?;
                let ty = self.ety(v);
                let Some(elem) = self.element_type(ty) else {
                    return Err(self.error(format!("cannot index a `{}`", self.type_name(ty)), span));
                };
                if let (Some(k), Some(n)) = (konst, self.index_bound(ty)) {
                    if k < 0 || k >= n as i64 {
                        return Err(self.error(format!("index {k} is out of bounds for `{}`", self.type_name(ty)), span));
                    }
                }
                if let (Some(k), Some(_)) = (konst, self.static_len(ty)) {
                    out.push(Statement::Eval(index), span);
                    return Ok(Operand::Value(self.push(Expression::AccessIndex { base: v, index: k as u32 }, elem, span)));
                }
                Ok(Operand::Value(self.push(Expression::Access { base: v, index }, elem, span)))
            }
        }
    }

    /// The error for an implicitly sized array ([`Lowerer::implicit_length`]) used otherwise than
    /// as `what` allows.
    fn implicit_whole(&mut self, name: &str, what: &str, span: Span) -> Reported {
        let d = crate::diag::Diagnostic::error(format!("`{name}` is implicitly sized (declared `[]` without an initializer): it may only be {what}"), span)
            .with_note("GLSL 4.60 §4.1.9: an unsized array may only be indexed with constant expressions until it is given a size");
        self.diags.push(d);
        Reported
    }

    fn index_step(&mut self, base: Operand, step: Step, konst: Option<i64>, span: Span) -> R<Operand> {
        let Operand::Ref(mut p) = base else {
            return Err(self.error("cannot index this expression", span));
        };
        if p.steps.is_empty() {
            if let Some(name) = self.implicitly_sized(p.root) {
                match konst {
                    Some(k) if k >= 0 => {
                        let used = u32::try_from(k + 1).unwrap_or(u32::MAX);
                        if let Some(length) = self.implicit_length(p.root) {
                            *length = (*length).max(used);
                        }
                    }
                    Some(_) => {}
                    None => return Err(self.implicit_whole(&name, "indexed with a constant expression", span)),
                }
            }
        }
        let Some(elem) = self.element_type(p.ty) else {
            return Err(self.error(format!("cannot index a `{}`", self.type_name(p.ty)), span));
        };
        if let (Some(k), Some(n)) = (konst, self.index_bound(p.ty)) {
            if k < 0 || k >= n as i64 {
                return Err(self.error(format!("index {k} is out of bounds for `{}`", self.type_name(p.ty)), span));
            }
        }
        if konst.is_some_and(|k| k < 0) {
            return Err(self.error("negative index", span));
        }
        p.steps.push((step, elem));
        p.ty = elem;
        Ok(Operand::Ref(p))
    }

    pub(crate) fn field(&mut self, out: &mut Block, base: Operand, field: &ast::Ident, span: Span) -> R<Operand> {
        if let Some(r) = self.dialect.field(self, out, &base, field, span) {
            return r;
        }
        if let Operand::IoBlock(members) = &base {
            return match members.get(&field.name) {
                Some(sym) => self.sym_operand(sym.clone(), span),
                None => Err(self.error(format!("the block has no member `{}`", field.name), field.span)),
            };
        }
        if let Operand::IoBlockElem(members, step) = &base {
            let Some(sym) = members.get(&field.name).cloned() else {
                return Err(self.error(format!("the block has no member `{}`", field.name), field.span));
            };
            return match self.sym_operand(sym, span)? {
                Operand::Ref(mut p) => {
                    let TypeInner::Array { base: elem, .. } = *self.inner(p.ty) else {
                        return Err(self.error("a member of a block array must be an array", field.span));
                    };
                    p.steps.push((*step, elem));
                    p.ty = elem;
                    Ok(Operand::Ref(p))
                }
                _ => Err(self.error(format!("cannot access `.{}` here", field.name), field.span)),
            };
        }
        let Some(ty) = self.operand_type(&base) else {
            return Err(self.error(format!("cannot access `.{}` here", field.name), field.span));
        };
        if self.inner(ty).is_reference() {
            let block = self.dereference(out, base, span)?;
            return self.field(out, block, field, span);
        }
        match self.inner(ty).clone() {
            TypeInner::Struct { members, .. } => {
                let Some(i) = members.iter().position(|m| m.name.as_deref() == Some(field.name.as_str())) else {
                    return Err(self.error(format!("`{}` has no member `{}`", self.type_name(ty), field.name), field.span));
                };
                let mty = members[i].ty;
                match base {
                    Operand::Ref(mut p) => {
                        p.steps.push((Step::Index(i as u32), mty));
                        p.ty = mty;
                        Ok(Operand::Ref(p))
                    }
                    other => {
                        let v = self.value(out, other, span)?;
                        Ok(Operand::Value(self.push(Expression::AccessIndex { base: v, index: i as u32 }, mty, span)))
                    }
                }
            }
            TypeInner::Vector { size, scalar } | TypeInner::Matrix { rows: size, scalar, .. }
                if matches!(self.inner(ty), TypeInner::Vector { .. }) =>
            {
                let pattern = swizzle_pattern(&field.name, size as u32)
                    .ok_or_else(|| self.error(format!("invalid swizzle `{}` for `{}`", field.name, self.type_name(ty)), field.span))?;
                let sty = self.scalar_ty(scalar);
                match base {
                    Operand::Ref(mut p) if pattern.len() == 1 => {
                        p.steps.push((Step::Index(pattern[0] as u32), sty));
                        p.ty = sty;
                        Ok(Operand::Ref(p))
                    }
                    Operand::Ref(p) => Ok(Operand::Swizzle(p, pattern)),
                    other => {
                        let v = self.value(out, other, span)?;
                        if pattern.len() == 1 {
                            return Ok(Operand::Value(self.push(Expression::AccessIndex { base: v, index: pattern[0] as u32 }, sty, span)));
                        }
                        let rty = self.vec_ty(pattern.len() as u32, scalar);
                        let mut pat = [0u8; 4];
                        pat[..pattern.len()].copy_from_slice(&pattern);
                        Ok(Operand::Value(self.push(Expression::Swizzle { vector: v, pattern: pat }, rty, span)))
                    }
                }
            }
            TypeInner::Scalar(s) => {
                // `f.x`, `f.xxx` (GLSL 4.20+ scalar swizzles).
                let pattern = swizzle_pattern(&field.name, 1)
                    .ok_or_else(|| self.error(format!("invalid swizzle `{}` for a scalar", field.name), field.span))?;
                let v = self.value(out, base, span)?;
                if pattern.len() == 1 {
                    return Ok(Operand::Value(v));
                }
                let rty = self.vec_ty(pattern.len() as u32, s);
                Ok(Operand::Value(self.push(Expression::Splat { value: v }, rty, span)))
            }
            _ => Err(self.error(format!("`{}` has no member `{}`", self.type_name(ty), field.name), field.span)),
        }
    }

    fn length(&mut self, out: &mut Block, base: Operand, span: Span) -> R<Operand> {
        let int = self.scalar_ty(Scalar::I32);
        if let Operand::Combined(i, _) = base {
            return self.length(out, *i, span);
        }
        let Some(ty) = self.operand_type(&base) else {
            return Err(self.error("`.length()` needs an array, vector or matrix", span));
        };
        // An array sized by a specialization constant has that constant's value as its length
        // (glslang: the `OpSpecConstant`/`OpSpecConstantOp`, converted to int).
        // (The wgpu target sizes them by the default: the literal below.)
        if let (TypeInner::Array { size: ArraySize::Specialized { length, .. }, .. }
        | TypeInner::BindingArray { size: ArraySize::Specialized { length, .. }, .. }, false) = (self.inner(ty).clone(), self.target == crate::Target::Wgpu)
        {
            self.discard(out, base, span);
            let oty = self.m.overrides[length].ty;
            let value = self.push(Expression::Override(length), oty, span);
            return Ok(Operand::Value(match self.inner(oty).scalar() {
                Some(Scalar::I32) => value,
                _ => self.push(Expression::Convert { expr: value, to: Scalar::I32 }, int, span),
            }));
        }
        if let Some(n) = self.static_len(ty) {
            // Pure: drop the operand (a path has no effects; a value is evaluated).
            self.discard(out, base, span);
            return Ok(Operand::Value(self.lit(Literal::I32(n as i32), span)));
        }
        if let Some(name) = match &base {
            Operand::Ref(p) if p.steps.is_empty() => self.implicitly_sized(p.root),
            _ => None,
        } {
            return Err(self.error(format!("`{name}` has no length yet: it is implicitly sized (declared `[]` without an initializer); give it a size"), span));
        }
        match base {
            // OpArrayLength needs a logical pointer (SPIR-V 3.52.8); glslang rejects it too.
            Operand::Ref(p) if matches!(p.space, AddressSpace::PhysicalStorage { .. }) => {
                Err(self.error("`.length()` of a runtime-sized array behind a buffer reference is unknown", span))
            }
            Operand::Ref(p) if matches!(p.space, AddressSpace::Storage { .. }) => {
                let ptr = self.path_expr(&p, span);
                let u = self.scalar_ty(Scalar::U32);
                let len = self.push(Expression::ArrayLength { pointer: ptr }, u, span);
                Ok(Operand::Value(self.push(Expression::Convert { expr: len, to: Scalar::I32 }, int, span)))
            }
            _ => Err(self.error("`.length()` of a runtime-sized array needs a storage buffer member", span)),
        }
    }

    // -- calls and constructors -----------------------------------------------------------------

    fn call(&mut self, out: &mut Block, callee: &ast::Callee, args: &[Expr], span: Span) -> R<Operand> {
        match callee {
            ast::Callee::Type(t) => {
                let mut vals = Vec::new();
                for a in args {
                    let o = self.expr(out, a)?;
                    vals.push((o, a.span));
                }
                self.construct(out, t, vals, span)
            }
            ast::Callee::Function(name) => {
                if self.hides_functions(&name.name) {
                    let message = format!(
                        "`{}` is a variable here, not a function: a name declared in a nested scope hides the functions of that name (GLSL 4.60 §4.2)",
                        name.name
                    );
                    return Err(self.error(message, name.span));
                }
                let mut ops = Vec::new();
                for a in args {
                    let o = self.expr(out, a)?;
                    ops.push((o, a.span));
                }
                if self.is_spirv_function(&name.name) {
                    return self.spirv_call(out, &name.name, ops, span);
                }
                if self.funcs.contains_key(&name.name) {
                    if let Some(r) = self.user_call(out, &name.name, &mut ops, span, false) {
                        return r;
                    }
                }
                if let Some(r) = crate::glsl::lower::builtins::call(self, out, &name.name, ops.clone(), span) {
                    return r;
                }
                if self.funcs.contains_key(&name.name) {
                    if let Some(r) = self.user_call(out, &name.name, &mut ops, span, true) {
                        return r;
                    }
                }
                if self.lookup(&name.name).is_some() {
                    return Err(self.error(format!("`{}` is not a function", name.name), name.span));
                }
                if let Some(reported) = self.extension_type_name(&name.name, name.span) {
                    return Err(reported);
                }
                Err(self.error(format!("no function named `{}`", name.name), name.span))
            }
        }
    }

    /// Resolves an overload (exact match, else the unique or first candidate whose `in`
    /// parameters take the arguments by implicit conversion) and calls it. `None` when no
    /// overload matches and `report` is false.
    fn user_call(&mut self, out: &mut Block, name: &str, args: &mut [(Operand, Span)], span: Span, report: bool) -> Option<R<Operand>> {
        // Only functions declared before the body being lowered (or the function itself).
        let visible_until = self.visible_until();
        let all = self.funcs.get(name).cloned().unwrap_or_default();
        let later = all.first().map(|d| d.span);
        let local = self.local_functions(name);
        let decls: Vec<_> = all.into_iter().filter(|d| d.order <= visible_until || local.contains(&d.handle)).collect();
        if decls.is_empty() {
            if !report {
                return None;
            }
            let message = format!("`{name}` is declared after this function; GLSL needs a function declared (or prototyped) before its use (GLSL 4.60 §6.1)");
            let d = crate::diag::Diagnostic::error(message, span);
            self.diags.push(match later {
                Some(at) => d.with_secondary(at, "declared here"),
                None => d,
            });
            return Some(Err(Reported));
        }
        let arg_tys: Vec<Option<Handle<Type>>> = args.iter().map(|(o, _)| self.operand_type_any(o)).collect();
        // Bools in blocks are stored as uints; such an argument still passes as a bool.
        let in_block: Vec<bool> = args
            .iter()
            .map(|(o, _)| match o {
                Operand::Ref(p) | Operand::Swizzle(p, _) => {
                    matches!(p.space, AddressSpace::Uniform | AddressSpace::Storage { .. } | AddressSpace::PushConstant)
                }
                _ => false,
            })
            .collect();
        // Viable overloads with the rank of each argument's conversion (§6.1).
        let mut viable: Vec<(usize, Vec<u8>)> = Vec::new();
        for (i, d) in decls.iter().enumerate() {
            if d.params.len() != args.len() {
                continue;
            }
            let mut ranks = Vec::with_capacity(args.len());
            let mut ok = true;
            for ((p, at), &block_arg) in d.params.iter().zip(&arg_tys).zip(&in_block) {
                let Some(at) = *at else {
                    ok = false;
                    break;
                };
                if p.split.is_some() {
                    if self.strip(at) != p.ty {
                        ok = false;
                    }
                    ranks.push(0);
                    continue;
                }
                let sat = self.strip(at);
                if sat == p.ty {
                    ranks.push(0);
                    continue;
                }
                let convertible = match (self.shape(at), self.shape(p.ty)) {
                    (Some((a, n)), Some((b, m))) if n == m && block_arg && a == Scalar::U32 && b == Scalar::BOOL => true,
                    (Some((a, n)), Some((b, m))) if n == m => {
                        if matches!(p.dir, Dir::In | Dir::InCopy) {
                            self.implicit(a, b)
                        } else if p.dir == Dir::Out {
                            self.implicit(b, a)
                        } else {
                            self.implicit(a, b) && self.implicit(b, a)
                        }
                    }
                    _ => self.same_shape(at, p.ty),
                };
                if !convertible {
                    ok = false;
                    break;
                }
                ranks.push(conversion_rank(self.shape(at), self.shape(p.ty)));
            }
            if ok {
                viable.push((i, ranks));
            }
        }
        // §6.1: the chosen overload must be better than every other viable one: no argument's
        // conversion worse, at least one better.
        let better = |a: &[u8], b: &[u8]| a.iter().zip(b).all(|(x, y)| x <= y) && a.iter().zip(b).any(|(x, y)| x < y);
        let best = viable.iter().find(|(i, a)| viable.iter().all(|(j, b)| i == j || better(a, b)));
        if best.is_none() && viable.len() > 1 {
            let tys: Vec<String> = arg_tys.iter().map(|t| t.map_or("?".into(), |t| self.type_name(t))).collect();
            let message = format!("call to `{name}` with ({}) is ambiguous: {} overloads match equally well (GLSL 4.60 §6.1)", tys.join(", "), viable.len());
            return Some(Err(self.error(message, span)));
        }
        let Some(&(i, _)) = best else {
            if !report {
                return None;
            }
            let tys: Vec<String> = arg_tys.iter().map(|t| t.map_or("?".into(), |t| self.type_name(t))).collect();
            return Some(Err(self.error(format!("no overload of `{name}` takes ({})", tys.join(", ")), span)));
        };
        let d = decls[i].clone();
        Some(self.emit_call(out, &d, args, span))
    }

    fn operand_type_any(&mut self, o: &Operand) -> Option<Handle<Type>> {
        match o {
            Operand::Combined(i, _) => {
                let it = self.operand_type(i)?;
                match self.inner(it).clone() {
                    TypeInner::Image { .. } => Some(self.ty(TypeInner::SampledImage { image: it })),
                    _ => Some(it),
                }
            }
            o => self.operand_type(o),
        }
    }

    fn emit_call(&mut self, out: &mut Block, d: &super::FnDecl, args: &mut [(Operand, Span)], span: Span) -> R<Operand> {
        let mut ir_args = Vec::new();
        let mut writebacks = Vec::new();
        for (p, (o, aspan)) in d.params.iter().zip(args.iter()) {
            let aspan = *aspan;
            if p.split.is_some() {
                let Operand::Combined(i, s) = o.clone() else {
                    return Err(self.error("expected a combined sampler", aspan));
                };
                ir_args.push(self.value(out, *i, aspan)?);
                ir_args.push(self.value(out, *s, aspan)?);
                continue;
            }
            match p.dir {
                Dir::In => {
                    let v = self.value(out, o.clone(), aspan)?;
                    ir_args.push(self.coerce(out, v, p.ty, aspan)?);
                }
                Dir::InCopy => {
                    let v = self.value(out, o.clone(), aspan)?;
                    let v = self.coerce(out, v, p.ty, aspan)?;
                    let local = self.fx.f.locals.append(LocalVariable { name: None, ty: p.ty }, aspan);
                    let pt = self.ptr_ty(p.ty, AddressSpace::Function);
                    let lp = self.push(Expression::LocalVar(local), pt, aspan);
                    out.push(Statement::Store { pointer: lp, value: v }, aspan);
                    ir_args.push(self.push(Expression::LocalVar(local), pt, aspan));
                }
                Dir::Out | Dir::InOut => {
                    let target = match o.clone() {
                        Operand::Swizzle(path, pat) if !path.read_only => Operand::Swizzle(path, pat),
                        other => Operand::Ref(self.lvalue(other, aspan)?),
                    };
                    let local = self.fx.f.locals.append(LocalVariable { name: None, ty: p.ty }, aspan);
                    let pt = self.ptr_ty(p.ty, AddressSpace::Function);
                    if p.dir == Dir::InOut {
                        let v = self.value_of_written(out, target.clone(), aspan)?;
                        let v = self.coerce(out, v, p.ty, aspan)?;
                        let lp = self.push(Expression::LocalVar(local), pt, aspan);
                        out.push(Statement::Store { pointer: lp, value: v }, aspan);
                    }
                    ir_args.push(self.push(Expression::LocalVar(local), pt, aspan));
                    writebacks.push((local, p.ty, target, aspan));
                }
            }
        }
        let result = match d.result {
            Some(r) => {
                let c = self.push(Expression::Call { function: d.handle, arguments: ir_args }, r, span);
                if writebacks.is_empty() {
                    Operand::Value(c)
                } else {
                    let b = self.bind(out, c);
                    Operand::Value(self.let_ref(b, span))
                }
            }
            None => {
                out.push(Statement::Call { function: d.handle, arguments: ir_args }, span);
                Operand::Void
            }
        };
        for (local, ty, target, aspan) in writebacks {
            let pt = self.ptr_ty(ty, AddressSpace::Function);
            let lp = self.push(Expression::LocalVar(local), pt, aspan);
            let v = self.push(Expression::Load { pointer: lp }, ty, aspan);
            self.store_operand(out, target, v, aspan)?;
        }
        Ok(result)
    }

    /// Stores a value (converted implicitly) into a path or a swizzle of one.
    pub fn store_operand(&mut self, out: &mut Block, target: Operand, v: Handle<Expression>, span: Span) -> R<()> {
        match target {
            Operand::Ref(path) => {
                let v = self.coerce_out(out, v, path.ty, span)?;
                let p = self.path_expr(&path, span);
                out.push(Statement::Store { pointer: p, value: v }, span);
                Ok(())
            }
            Operand::Swizzle(path, pattern) => {
                let vb = self.bind(out, v);
                let (s, n) = self.shape(path.ty).unwrap_or((Scalar::F32, 4));
                let stype = self.scalar_ty(s);
                let old = self.value(out, Operand::Ref(path.clone()), span)?;
                let ob = self.bind(out, old);
                let mut comps = Vec::new();
                for i in 0..n as u8 {
                    let c = match pattern.iter().position(|&c| c == i) {
                        Some(j) => {
                            let b = self.let_ref(vb, span);
                            let e = if pattern.len() == 1 {
                                b
                            } else {
                                let st = self.scalar_of(b);
                                self.push(Expression::AccessIndex { base: b, index: j as u32 }, st, span)
                            };
                            self.coerce_out(out, e, stype, span)?
                        }
                        None => {
                            let b = self.let_ref(ob, span);
                            self.push(Expression::AccessIndex { base: b, index: i as u32 }, stype, span)
                        }
                    };
                    comps.push(c);
                }
                let newv = self.push(Expression::Compose { components: comps }, path.ty, span);
                let p = self.path_expr(&path, span);
                out.push(Statement::Store { pointer: p, value: newv }, span);
                Ok(())
            }
            _ => Err(self.error("expression is not assignable", span)),
        }
    }

    fn scalar_of(&mut self, h: Handle<Expression>) -> Handle<Type> {
        let t = self.ety(h);
        let s = self.inner(t).scalar().unwrap_or(Scalar::F32);
        self.scalar_ty(s)
    }

    /// Copy-out conversion: like [`Lowerer::coerce`], but an `out` parameter of a wider type
    /// writes back into a narrower variable by explicit conversion (glslang does the same).
    fn coerce_out(&mut self, out: &mut Block, v: Handle<Expression>, ty: Handle<Type>, span: Span) -> R<Handle<Expression>> {
        let from = self.ety(v);
        if let (Some((a, n)), Some((b, m))) = (self.shape(from), self.shape(ty)) {
            if n == m && a != b && self.implicit(b, a) {
                return Ok(self.convert(v, b, span));
            }
        }
        self.coerce(out, v, ty, span)
    }

    /// Lowers an initializer (`= expr` or `= { ... }`) to a value of `ty`.
    pub fn initializer(&mut self, out: &mut Block, init: &ast::Initializer, ty: Handle<Type>) -> R<Handle<Expression>> {
        match init {
            ast::Initializer::Expr(e) => {
                let o = self.expr(out, e)?;
                let v = self.value(out, o, e.span)?;
                self.coerce(out, v, ty, e.span)
            }
            // GL_EXT_null_initializer: `{}` is the zero value of any type.
            ast::Initializer::List(items, span) if items.is_empty() => Ok(self.zero(ty, *span)),
            ast::Initializer::List(items, span) => {
                let parts: Vec<Handle<Type>> = match self.inner(ty).clone() {
                    TypeInner::Array { base, size: ArraySize::Constant(n), .. } => vec![base; n as usize],
                    TypeInner::Struct { members, .. } => members.iter().map(|m| m.ty).collect(),
                    TypeInner::Vector { size, scalar } => vec![self.scalar_ty(scalar); size as usize],
                    TypeInner::Matrix { columns, rows, scalar } => vec![self.ty(TypeInner::Vector { size: rows, scalar }); columns as usize],
                    _ => return Err(self.error(format!("an initializer list cannot initialize a `{}`", self.type_name(ty)), *span)),
                };
                if parts.len() != items.len() {
                    return Err(self.error(format!("`{}` needs {} initializers, {} given", self.type_name(ty), parts.len(), items.len()), *span));
                }
                let mut comps = Vec::new();
                for (item, pt) in items.iter().zip(parts) {
                    comps.push(self.initializer(out, item, pt)?);
                }
                Ok(self.push(Expression::Compose { components: comps }, ty, *span))
            }
        }
    }

    fn construct(&mut self, out: &mut Block, t: &ast::TypeSpecifier, args: Vec<(Operand, Span)>, span: Span) -> R<Operand> {
        let base = self.base_type(&ast::TypeSpecifier { kind: t.kind.clone(), array: Vec::new(), span: t.span })?;
        let ty = if t.array.is_empty() {
            base
        } else if t.array[0].size.is_none() {
            let inner = if t.array[1..].iter().any(|d| d.size.is_none()) {
                // `float[][](float[](1.0), float[](2.0))`: inner sizes come from the arguments.
                match args.first().and_then(|(o, _)| self.operand_type(o)) {
                    Some(at) => self.strip(at),
                    None => return Err(self.error("cannot tell the element type of this array constructor", span)),
                }
            } else {
                let dims: Vec<&ast::ArraySpecifier> = t.array[1..].iter().collect();
                self.apply_dims(base, &dims)?
            };
            self.ty(TypeInner::Array { base: inner, size: ArraySize::Constant(args.len().max(1) as u32), stride: 0 })
        } else {
            let dims: Vec<&ast::ArraySpecifier> = t.array.iter().collect();
            self.apply_dims(base, &dims)?
        };
        if args.is_empty() {
            return Err(self.error(format!("constructor of `{}` needs arguments", self.type_name(ty)), span));
        }
        if let TypeInner::SampledImage { image } = *self.inner(ty) {
            // `sampler2D(texture, sampler)` (GL_KHR_vulkan_glsl).
            if args.len() != 2 {
                return Err(self.error("a combined sampler constructor takes a texture and a sampler", span));
            }
            let mut it = args.into_iter();
            let (Some((t, ts)), Some((s, ss))) = (it.next(), it.next()) else { return Err(Reported) };
            let tt = self.operand_type(&t);
            let st = self.operand_type(&s);
            let t_ok = tt.is_some_and(|t| matches!(self.inner(t), TypeInner::Image { .. }));
            let s_ok = st.is_some_and(|t| matches!(self.inner(t), TypeInner::Sampler { .. }));
            if !t_ok {
                return Err(self.error("the first argument must be a texture", ts));
            }
            if !s_ok {
                return Err(self.error("the second argument must be a sampler", ss));
            }
            if self.target == crate::Target::Wgpu {
                return Ok(Operand::Combined(Box::new(t), Box::new(s)));
            }
            let tv = self.value(out, t, ts)?;
            let sv = self.value(out, s, ss)?;
            let real_image = self.ety(tv);
            // A shadow constructor over a non-depth texture keeps the depth image type, as
            // glslang does: SPIR-V's Dref sampling needs a depth image, and it yields a scalar.
            let shadow_of_float = match (self.inner(image).clone(), self.inner(real_image).clone()) {
                (
                    TypeInner::Image { dim, arrayed, class: ImageClass::Depth { multisampled } },
                    TypeInner::Image { dim: d2, arrayed: a2, class: ImageClass::Sampled { kind: ScalarKind::Float, multisampled: m2 } },
                ) => dim == d2 && arrayed == a2 && multisampled == m2,
                _ => false,
            };
            let ty = if real_image == image || shadow_of_float { ty } else { self.ty(TypeInner::SampledImage { image: real_image }) };
            return Ok(Operand::Value(self.push(Expression::CombineImageSampler { image: tv, sampler: sv }, ty, span)));
        }
        let mut vals = Vec::new();
        for (o, s) in args {
            vals.push((self.value(out, o, s)?, s));
        }
        self.dialect.constructed(self, ty, &vals, span)?;
        self.construct_value(out, ty, vals, span).map(Operand::Value)
    }

    pub fn construct_value(&mut self, out: &mut Block, ty: Handle<Type>, vals: Vec<(Handle<Expression>, Span)>, span: Span) -> R<Handle<Expression>> {
        if let Some(r) = self.reference_construct(ty, &vals, span) {
            return r;
        }
        match self.inner(ty).clone() {
            TypeInner::Scalar(s) => {
                if vals.len() != 1 {
                    return Err(self.error("a scalar constructor takes one argument", span));
                }
                let (v, vs) = vals[0];
                let first = self.first_component(v, vs)?;
                Ok(self.convert(first, s, span))
            }
            TypeInner::Vector { size, scalar } => {
                let n = size as u32;
                if vals.len() == 1 {
                    let (v, vs) = vals[0];
                    let vt = self.ety(v);
                    match self.shape(vt) {
                        Some((_, 1)) => {
                            let c = self.convert(v, scalar, vs);
                            return Ok(self.push(Expression::Splat { value: c }, ty, span));
                        }
                        Some((_, m)) if m >= n => {
                            let v = if m > n {
                                let pat = [0, 1, 2, 3];
                                let t = self.with_scalar(vt, self.inner(vt).scalar().unwrap_or(scalar));
                                let _ = t;
                                let st = self.vec_ty(n, self.inner(vt).scalar().unwrap_or(scalar));
                                self.push(Expression::Swizzle { vector: v, pattern: pat }, st, vs)
                            } else {
                                v
                            };
                            return Ok(self.convert(v, scalar, span));
                        }
                        _ => {}
                    }
                }
                let comps = self.flatten(out, vals, scalar, n, span)?;
                Ok(self.push(Expression::Compose { components: comps }, ty, span))
            }
            TypeInner::Matrix { columns, rows, scalar } => {
                let col_ty = self.ty(TypeInner::Vector { size: rows, scalar });
                let stype = self.scalar_ty(scalar);
                // GLSL 4.60 §5.4.2: a matrix argument is the constructor's only argument (glslang:
                // "matrix constructed from matrix can only have one argument").
                if vals.len() > 1 {
                    if let Some(&(_, ms)) = vals.iter().find(|(v, _)| matches!(self.inner(self.ety(*v)), TypeInner::Matrix { .. })) {
                        return Err(self.error("a matrix constructed from a matrix takes no other argument", ms));
                    }
                }
                if vals.len() == 1 {
                    let (v, vs) = vals[0];
                    let vt = self.ety(v);
                    if let Some((_, 1)) = self.shape(vt) {
                        // Diagonal matrix.
                        let c = self.convert(v, scalar, vs);
                        // A constant diagonal is repeated as literals, so the matrix folds
                        // (`const mat4 m[] = mat4[](mat4(1.0), ...)`); otherwise it is bound once.
                        let constant = self.fold(c);
                        let b = match constant {
                            Some(_) => {
                                out.push(Statement::Eval(c), vs);
                                None
                            }
                            None => Some(self.bind(out, c)),
                        };
                        let mut cols = Vec::new();
                        for ci in 0..columns as u32 {
                            let mut comps = Vec::new();
                            for ri in 0..rows as u32 {
                                comps.push(match (ci == ri, b, &constant) {
                                    (true, Some(b), _) => self.let_ref(b, span),
                                    (true, None, Some(cv)) => self.materialize(cv, stype, span),
                                    _ => self.lit(make_literal(scalar, Num::I(0)), span),
                                });
                            }
                            cols.push(self.push(Expression::Compose { components: comps }, col_ty, span));
                        }
                        return Ok(self.push(Expression::Compose { components: cols }, ty, span));
                    }
                    if let TypeInner::Matrix { columns: sc, rows: sr, scalar: ss } = self.inner(vt).clone() {
                        let v = if ss != scalar { self.convert(v, scalar, vs) } else { v };
                        let b = self.bind(out, v);
                        let src_col = self.ty(TypeInner::Vector { size: sr, scalar });
                        let mut cols = Vec::new();
                        for ci in 0..columns as u32 {
                            let mut comps = Vec::new();
                            for ri in 0..rows as u32 {
                                if ci < sc as u32 && ri < sr as u32 {
                                    let m = self.let_ref(b, span);
                                    let col = self.push(Expression::AccessIndex { base: m, index: ci }, src_col, span);
                                    comps.push(self.push(Expression::AccessIndex { base: col, index: ri }, stype, span));
                                } else {
                                    let one = if ci == ri { 1 } else { 0 };
                                    comps.push(self.lit(make_literal(scalar, Num::I(one)), span));
                                }
                            }
                            cols.push(self.push(Expression::Compose { components: comps }, col_ty, span));
                        }
                        return Ok(self.push(Expression::Compose { components: cols }, ty, span));
                    }
                }
                // Columns given as vectors of the right size: compose directly.
                if vals.len() == columns as usize && vals.iter().all(|(v, _)| self.shape(self.ety(*v)).map(|x| x.1) == Some(rows as u32)) {
                    let mut cols = Vec::new();
                    for (v, vs) in vals {
                        cols.push(self.convert(v, scalar, vs));
                    }
                    return Ok(self.push(Expression::Compose { components: cols }, ty, span));
                }
                let total = columns as u32 * rows as u32;
                let comps = self.flatten_scalars(out, vals, scalar, total, span)?;
                let mut cols = Vec::new();
                let mut it = comps.into_iter();
                for _ in 0..columns as u32 {
                    let c: Vec<_> = it.by_ref().take(rows as usize).collect();
                    cols.push(self.push(Expression::Compose { components: c }, col_ty, span));
                }
                Ok(self.push(Expression::Compose { components: cols }, ty, span))
            }
            TypeInner::Array { base, size: ArraySize::Constant(n), .. } => {
                if vals.len() != n as usize {
                    return Err(self.error(format!("array constructor of `{}` takes {n} arguments, {} given", self.type_name(ty), vals.len()), span));
                }
                let mut comps = Vec::new();
                for (v, vs) in vals {
                    comps.push(self.coerce(out, v, base, vs)?);
                }
                Ok(self.push(Expression::Compose { components: comps }, ty, span))
            }
            TypeInner::Struct { members, .. } => {
                if vals.len() != members.len() {
                    return Err(self.error(format!("constructor of `{}` takes {} arguments, {} given", self.type_name(ty), members.len(), vals.len()), span));
                }
                let mut comps = Vec::new();
                for ((v, vs), m) in vals.into_iter().zip(members) {
                    comps.push(self.coerce(out, v, m.ty, vs)?);
                }
                Ok(self.push(Expression::Compose { components: comps }, ty, span))
            }
            _ => Err(self.error(format!("cannot construct a `{}`", self.type_name(ty)), span)),
        }
    }

    fn first_component(&mut self, v: Handle<Expression>, span: Span) -> R<Handle<Expression>> {
        let vt = self.ety(v);
        match self.inner(vt).clone() {
            TypeInner::Scalar(_) => Ok(v),
            TypeInner::Vector { scalar, .. } => {
                let st = self.scalar_ty(scalar);
                Ok(self.push(Expression::AccessIndex { base: v, index: 0 }, st, span))
            }
            TypeInner::Matrix { rows, scalar, .. } => {
                let ct = self.ty(TypeInner::Vector { size: rows, scalar });
                let c = self.push(Expression::AccessIndex { base: v, index: 0 }, ct, span);
                let st = self.scalar_ty(scalar);
                Ok(self.push(Expression::AccessIndex { base: c, index: 0 }, st, span))
            }
            _ => Err(self.error(format!("cannot convert `{}` to a scalar", self.type_name(vt)), span)),
        }
    }

    /// Vector constructor pieces: scalars and vectors of `scalar` adding up to `n` components.
    fn flatten(&mut self, out: &mut Block, vals: Vec<(Handle<Expression>, Span)>, scalar: Scalar, n: u32, span: Span) -> R<Vec<Handle<Expression>>> {
        let mut pieces = Vec::new();
        let mut count = 0;
        let last = vals.len();
        for (i, (v, vs)) in vals.into_iter().enumerate() {
            if count >= n {
                return Err(self.error("too many arguments for the constructor", vs));
            }
            let vt = self.ety(v);
            match self.inner(vt).clone() {
                TypeInner::Scalar(_) => {
                    pieces.push(self.convert(v, scalar, vs));
                    count += 1;
                }
                TypeInner::Vector { size, scalar: vsc } => {
                    let m = size as u32;
                    let need = n - count;
                    let v = if m > need {
                        if i + 1 != last {
                            return Err(self.error("too many arguments for the constructor", vs));
                        }
                        if need == 1 {
                            let st = self.scalar_ty(vsc);
                            self.push(Expression::AccessIndex { base: v, index: 0 }, st, vs)
                        } else {
                            let st = self.vec_ty(need, vsc);
                            self.push(Expression::Swizzle { vector: v, pattern: [0, 1, 2, 3] }, st, vs)
                        }
                    } else {
                        v
                    };
                    pieces.push(self.convert(v, scalar, vs));
                    count += m.min(need);
                }
                TypeInner::Matrix { .. } => {
                    let mut s = self.flatten_scalars(out, vec![(v, vs)], scalar, n - count, vs)?;
                    count += s.len() as u32;
                    pieces.append(&mut s);
                }
                _ => return Err(self.error(format!("cannot build a vector from `{}`", self.type_name(vt)), vs)),
            }
        }
        if count < n {
            return Err(self.error(format!("not enough components for the constructor ({count} of {n})"), span));
        }
        Ok(pieces)
    }

    /// Up to `n` scalar components of the arguments, converted to `scalar`.
    fn flatten_scalars(&mut self, out: &mut Block, vals: Vec<(Handle<Expression>, Span)>, scalar: Scalar, n: u32, span: Span) -> R<Vec<Handle<Expression>>> {
        let mut comps = Vec::new();
        for (v, vs) in vals {
            if comps.len() as u32 >= n {
                return Err(self.error("too many arguments for the constructor", vs));
            }
            let vt = self.ety(v);
            // Components are taken in the argument's own scalar type and converted one by one:
            // `ivec4(mat4x3)` has no integer matrix in between (SPIR-V matrices hold floats).
            match self.inner(vt).clone() {
                TypeInner::Scalar(_) => comps.push(self.convert(v, scalar, vs)),
                TypeInner::Vector { size, scalar: from } => {
                    let st = self.scalar_ty(from);
                    let b = self.bind(out, v);
                    for i in 0..size as u32 {
                        if comps.len() as u32 >= n {
                            break;
                        }
                        let r = self.let_ref(b, vs);
                        let c = self.push(Expression::AccessIndex { base: r, index: i }, st, vs);
                        comps.push(self.convert(c, scalar, vs));
                    }
                }
                TypeInner::Matrix { columns, rows, scalar: from } => {
                    let st = self.scalar_ty(from);
                    let b = self.bind(out, v);
                    let ct = self.ty(TypeInner::Vector { size: rows, scalar: from });
                    for c in 0..columns as u32 {
                        for r in 0..rows as u32 {
                            if comps.len() as u32 >= n {
                                break;
                            }
                            let m = self.let_ref(b, vs);
                            let col = self.push(Expression::AccessIndex { base: m, index: c }, ct, vs);
                            let e = self.push(Expression::AccessIndex { base: col, index: r }, st, vs);
                            comps.push(self.convert(e, scalar, vs));
                        }
                    }
                }
                _ => return Err(self.error(format!("cannot build a value from `{}`", self.type_name(vt)), vs)),
            }
        }
        if (comps.len() as u32) < n {
            return Err(self.error(format!("not enough components for the constructor ({} of {n})", comps.len()), span));
        }
        Ok(comps)
    }

    // -- constants ------------------------------------------------------------------------------

    /// Folds an expression tree to a constant when every leaf is a literal (GLSL's rules:
    /// integers wrap, [`crate::ir::consteval::Rules::Wrap`]).
    pub fn fold(&self, h: Handle<Expression>) -> Option<Cv> {
        use crate::ir::consteval::{Evaluator, Rules};
        let special = |h: Handle<Expression>, e: &Expression, depth: u32| -> Option<Option<Cv>> {
            match *e {
                // `uint64_t(T(uint64_t(3)))`: constant addresses (glslang folds them).
                Expression::Bitcast { expr } if self.inner(self.ety(expr)).is_reference() && !self.inner(self.ety(h)).is_reference() => {
                    Some(self.fold_address(expr, self.ety(h), depth + 1))
                }
                // A specialization constant folds to its default (array sizes, GLSL 4.60 §4.11:
                // glslang sizes such arrays by the default too).
                // A `const` made from specialization constants folds to its value at their defaults.
                Expression::Override(o) => Some((|| {
                    let init = self.m.overrides[o].init?;
                    match self.m.const_expressions[init] {
                        Expression::Literal(l) => Some(Cv::Scalar(l)),
                        _ => {
                            let scalar = self.inner(self.m.overrides[o].ty).scalar()?;
                            let Cv::Scalar(l) = Evaluator::new(&self.m, Rules::Exact).override_default(o)? else { return None };
                            matches!(l, Literal::Bool(_) | Literal::I32(_) | Literal::I64(_) | Literal::U32(_) | Literal::U64(_))
                                .then_some(Cv::Scalar(l))
                                .filter(|_| l.scalar() == scalar)
                        }
                    }
                })()),
                _ => None,
            }
        };
        Evaluator::with_special(&self.m, Rules::Wrap, &special).eval(&self.fx.f.expressions, h)
    }

    /// [`Self::fold`] of an expression that reads no specialization constant; `None` for one
    /// that does, where the value must not be taken at the constant's default (it lowers to
    /// code that follows a specialized pipeline, or is refused where a compile-time constant
    /// is required).
    pub fn fold_fixed(&self, h: Handle<Expression>) -> Option<Cv> {
        if self.uses_spec_constant(h) {
            None
        } else {
            self.fold(h)
        }
    }

    /// Converts a folded constant of type `from` to `to` (implicit conversions only).
    pub fn convert_cv(&mut self, cv: &Cv, from: Handle<Type>, to: Handle<Type>) -> Option<Cv> {
        if from == to {
            return Some(cv.clone());
        }
        let (fs, n) = self.shape(from)?;
        let (ts, m) = self.shape(to)?;
        if n != m || !self.implicit(fs, ts) {
            return None;
        }
        map1(cv, &mut |l| Some(make_literal(ts, num(l))))
    }

    /// Builds a folded constant as expressions of the current function.
    pub fn materialize(&mut self, cv: &Cv, ty: Handle<Type>, span: Span) -> Handle<Expression> {
        match cv {
            Cv::Scalar(l) => self.push(Expression::Literal(*l), ty, span),
            Cv::Composite(parts) => {
                let elem: Vec<Handle<Type>> = self.part_types(ty, parts.len());
                let comps = parts.iter().zip(elem).map(|(p, t)| self.materialize(p, t, span)).collect();
                self.push(Expression::Compose { components: comps }, ty, span)
            }
        }
    }

    /// Builds a folded constant in the module's constant expressions.
    pub fn materialize_module(&mut self, cv: &Cv, ty: Handle<Type>, span: Span) -> Handle<Expression> {
        match cv {
            Cv::Scalar(l) => self.m.const_expressions.append(Expression::Literal(*l), ty, span),
            Cv::Composite(parts) => {
                let elem: Vec<Handle<Type>> = self.part_types(ty, parts.len());
                let comps = parts.iter().zip(elem).map(|(p, t)| self.materialize_module(p, t, span)).collect();
                self.m.const_expressions.append(Expression::Compose { components: comps }, ty, span)
            }
        }
    }

    fn part_types(&mut self, ty: Handle<Type>, n: usize) -> Vec<Handle<Type>> {
        match self.inner(ty).clone() {
            TypeInner::Vector { scalar, .. } => vec![self.scalar_ty(scalar); n],
            TypeInner::Matrix { rows, scalar, .. } => vec![self.ty(TypeInner::Vector { size: rows, scalar }); n],
            TypeInner::Array { base, .. } => vec![base; n],
            TypeInner::Struct { members, .. } => members.iter().map(|m| m.ty).collect(),
            _ => vec![ty; n],
        }
    }
}

fn bool_uint(a: Scalar, b: Scalar) -> bool {
    a == b || (a == Scalar::BOOL && b == Scalar::U32) || (a == Scalar::U32 && b == Scalar::BOOL)
}

pub fn op_symbol(op: ast::BinaryOp) -> &'static str {
    use ast::BinaryOp as B;
    match op {
        B::Mul => "*",
        B::Div => "/",
        B::Mod => "%",
        B::Add => "+",
        B::Sub => "-",
        B::Shl => "<<",
        B::Shr => ">>",
        B::Less => "<",
        B::Greater => ">",
        B::LessEqual => "<=",
        B::GreaterEqual => ">=",
        B::Equal => "==",
        B::NotEqual => "!=",
        B::BitAnd => "&",
        B::BitXor => "^",
        B::BitOr => "|",
        B::LogicalAnd => "&&",
        B::LogicalXor => "^^",
        B::LogicalOr => "||",
    }
}

/// Component indices of a swizzle (`xyzw`, `rgba` or `stpq`, not mixed) of an `n`-vector.
pub fn swizzle_pattern(s: &str, n: u32) -> Option<Vec<u8>> {
    if s.is_empty() || s.len() > 4 {
        return None;
    }
    for set in ["xyzw", "rgba", "stpq"] {
        let v: Option<Vec<u8>> = s.chars().map(|c| set.find(c).map(|i| i as u8)).collect();
        if let Some(v) = v {
            if v.iter().all(|&i| u32::from(i) < n) {
                return Some(v);
            }
            return None;
        }
    }
    None
}

/// How good an implicit argument conversion is, GLSL 4.60 §6.1: 0 exact, 1 float to double,
/// 2 int or uint to float, 3 any other conversion.
fn conversion_rank(from: Option<(Scalar, u32)>, to: Option<(Scalar, u32)>) -> u8 {
    match (from, to) {
        (Some((a, _)), Some((b, _))) if a == b => 0,
        (Some((a, _)), Some((b, _))) if a == Scalar::F32 && b == Scalar::F64 => 1,
        (Some((a, _)), Some((b, _))) if (a == Scalar::I32 || a == Scalar::U32) && b == Scalar::F32 => 2,
        _ => 3,
    }
}
