//! Lowering of WGSL expressions: names, operators, member access, indexing, calls and type
//! constructors (WGSL §8 "Expressions", §16 "Type constructors").

use super::ast::{self, Expr, ExprKind};
use super::consteval::{self, EvalError};
use crate::ir::consteval::{check_divisor, check_shift_amount, common_leaf, try_map2, Constant, Leaf, LeafValue, Value};
use crate::type_names::wgsl_leaf;
use super::lower::{FnCtx, Item, Local, Lowerer, Operand, Reported, R};
use crate::ir::*;
use crate::diag::Diagnostic;
use crate::span::Span;

impl<'a> Lowerer<'a> {
    pub(super) fn push(&mut self, fx: &mut FnCtx, expr: Expression, ty: Handle<Type>, span: Span) -> Handle<Expression> {
        fx.func.expressions.append(expr, ty, span)
    }

    pub(super) fn ety(&self, fx: &FnCtx, h: Handle<Expression>) -> Handle<Type> {
        fx.func.expressions.ty(h)
    }

    /// The value of an operand: constants are materialized (abstract ones concretized),
    /// references loaded.
    pub(super) fn rvalue(&mut self, fx: &mut FnCtx, op: Operand, span: Span) -> R<Handle<Expression>> {
        match op {
            Operand::Const(v) => Ok(self.materialize(fx, &v, span)),
            Operand::Value(h) => Ok(h),
            Operand::Ref(p) => {
                let ptr_ty = self.ety(fx, p);
                let Some((base, _)) = self.module.inner(ptr_ty).pointer_base() else { return Ok(p) };
                if let TypeInner::Atomic(_) = self.module.inner(base) {
                    return Err(self.error("atomics can only be used through the atomic built-in functions (atomicLoad, atomicAdd, ...)", span));
                }
                if self.override_sized(base) {
                    return Err(self.error(
                        format!("`{}` is sized by an override and cannot be loaded as a whole; index it instead", self.type_name(base)),
                        span,
                    ));
                }
                if self.contains_runtime_array(base) {
                    return Err(self.error(
                        format!("`{}` holds a runtime-sized array and cannot be loaded as a whole; index it instead", self.type_name(base)),
                        span,
                    ));
                }
                Ok(self.push(fx, Expression::Load { pointer: p }, base, span))
            }
            Operand::Void => Err(self.error("this call does not produce a value", span)),
        }
    }

    fn contains_runtime_array(&self, ty: Handle<Type>) -> bool {
        match self.module.inner(ty) {
            TypeInner::Array { size: ArraySize::Dynamic, .. } => true,
            TypeInner::Struct { members, .. } => members.last().is_some_and(|m| self.contains_runtime_array(m.ty)),
            _ => false,
        }
    }

    /// The (leaf) scalar type of an operand, and whether it is a constant.
    pub(super) fn operand_leaf(&self, fx: &FnCtx, op: &Operand) -> Option<Leaf> {
        match op {
            Operand::Const(v) => v.leaf(),
            Operand::Value(h) => self.module.inner(self.ety(fx, *h)).scalar().map(Leaf::Concrete),
            Operand::Ref(p) => {
                let (base, _) = self.module.inner(self.ety(fx, *p)).pointer_base()?;
                self.module.inner(base).scalar().map(Leaf::Concrete)
            }
            Operand::Void => None,
        }
    }

    /// The type of an operand's value (constants concretized).
    pub(super) fn operand_type(&mut self, fx: &FnCtx, op: &Operand) -> Option<Handle<Type>> {
        match op {
            Operand::Const(v) => Some(self.value_type(&v.concretize())),
            Operand::Value(h) => Some(self.ety(fx, *h)),
            Operand::Ref(p) => self.module.inner(self.ety(fx, *p)).pointer_base().map(|(b, _)| b),
            Operand::Void => None,
        }
    }

    /// The type of an operand for messages, keeping abstract types abstract.
    pub(super) fn operand_type_name(&mut self, fx: &FnCtx, op: &Operand) -> String {
        match op {
            Operand::Const(v) => self.value_type_name(v),
            other => self.operand_type(fx, other).map_or("void".into(), |t| self.type_name(t)),
        }
    }

    /// Converts an operand to exactly `ty` (automatic conversions of constants only).
    pub(super) fn coerce(&mut self, fx: &mut FnCtx, op: Operand, ty: Handle<Type>, span: Span) -> R<Handle<Expression>> {
        match op {
            Operand::Const(v) => {
                let v = self.convert_value(&v, ty, span)?;
                Ok(self.materialize(fx, &v, span))
            }
            other => {
                let h = self.rvalue(fx, other, span)?;
                let found = self.ety(fx, h);
                if found != ty && !self.same_type(found, ty) {
                    return Err(self.error(
                        format!("expected `{}`, found `{}`", self.type_name(ty), self.type_name(found)),
                        span,
                    ));
                }
                Ok(h)
            }
        }
    }

    /// Structural equality that ignores names on non-struct types.
    fn same_type(&self, a: Handle<Type>, b: Handle<Type>) -> bool {
        a == b || {
            let (ta, tb) = (&self.module.types[a], &self.module.types[b]);
            !matches!(ta.inner, TypeInner::Struct { .. }) && ta.inner == tb.inner
        }
    }

    /// Converts an operand to the scalar `leaf` keeping its shape (for binary operators and
    /// built-ins mixing constants with run-time values).
    pub(super) fn coerce_leaf(&mut self, fx: &mut FnCtx, op: Operand, leaf: Leaf, span: Span) -> R<Operand> {
        match op {
            Operand::Const(v) => match v.convert_auto(leaf) {
                Some(c) => Ok(Operand::Const(c)),
                None => {
                    let found = self.value_type_name(&v);
                    Err(self.error(format!("cannot convert `{found}` to {}", wgsl_leaf(leaf)), span))
                }
            },
            other => {
                if self.operand_leaf(fx, &other) == Some(leaf) {
                    Ok(other)
                } else {
                    let ty = self.operand_type(fx, &other);
                    let name = ty.map_or("void".into(), |t| self.type_name(t));
                    Err(self.error(format!("expected {} components, found `{name}`", wgsl_leaf(leaf)), span))
                }
            }
        }
    }

    pub(super) fn expr(&mut self, fx: &mut FnCtx, out: &mut Block, e: &Expr) -> R<Operand> {
        match &e.kind {
            ExprKind::Literal(lit) => self.literal(lit, e.span),
            ExprKind::Paren(inner) => self.expr(fx, out, self.ex(*inner)),
            ExprKind::Ident(id) => self.ident(fx, id),
            ExprKind::Unary { op, expr } => self.unary(fx, out, *op, self.ex(*expr), e.span),
            ExprKind::Binary { op, left, right } => self.binary(fx, out, *op, self.ex(*left), self.ex(*right), e.span),
            ExprKind::Member { base, member } => {
                let base = self.expr(fx, out, self.ex(*base))?;
                self.member(fx, base, member, e.span)
            }
            ExprKind::Index { base, index } => {
                let b = self.expr(fx, out, self.ex(*base))?;
                let index = self.ex(*index);
                let i = self.expr(fx, out, index)?;
                self.index(fx, b, i, index.span, e.span)
            }
            ExprKind::Call { callee, args } => self.call(fx, out, self.ex(*callee), self.list(*args), e.span),
            ExprKind::Templated { name, .. } => {
                Err(self.error(format!("`{}` is a type; call it to construct a value", name.name), e.span))
            }
        }
    }

    fn literal(&mut self, lit: &ast::Literal, span: Span) -> R<Operand> {
        let sv = match *lit {
            ast::Literal::Bool(b) => LeafValue::concrete(Literal::Bool(b)),
            ast::Literal::Int { value, suffix: None } => LeafValue::abstract_int(value),
            ast::Literal::Int { value, suffix: Some(ast::IntSuffix::I32) } => match i32::try_from(value) {
                Ok(v) => LeafValue::concrete(Literal::I32(v)),
                Err(_) => return Err(self.error(format!("{value} does not fit in i32"), span)),
            },
            ast::Literal::Int { value, suffix: Some(ast::IntSuffix::U32) } => match u32::try_from(value) {
                Ok(v) => LeafValue::concrete(Literal::U32(v)),
                Err(_) => return Err(self.error(format!("{value} does not fit in u32"), span)),
            },
            ast::Literal::Int { value, suffix: Some(ast::IntSuffix::I64) } => LeafValue::concrete(Literal::I64(value)),
            ast::Literal::Int { value, suffix: Some(ast::IntSuffix::U64) } => match u64::try_from(value) {
                Ok(v) => LeafValue::concrete(Literal::U64(v)),
                Err(_) => return Err(self.error(format!("{value} does not fit in u64"), span)),
            },
            ast::Literal::Float { value, suffix: Some(ast::FloatSuffix::F64) } => LeafValue::concrete(Literal::F64(value)),
            ast::Literal::Float { value, suffix: None } => LeafValue::abstract_float(value),
            ast::Literal::Float { value, suffix: Some(ast::FloatSuffix::F32) } => {
                if value.is_finite() && !(value as f32).is_finite() {
                    return Err(self.error(format!("{value} does not fit in f32"), span));
                }
                LeafValue::concrete(Literal::F32(value as f32))
            }
            ast::Literal::Float { value, suffix: Some(ast::FloatSuffix::F16) } => {
                if !self.f16 {
                    return Err(self.error("f16 literals need `enable f16;`", span));
                }
                LeafValue::concrete(Literal::F16(half::f16::from_f64(value)))
            }
        };
        Ok(Operand::Const(Constant::scalar(sv)))
    }

    fn ident(&mut self, fx: &mut FnCtx, id: &ast::Ident) -> R<Operand> {
        if let Some(local) = fx.lookup(&id.name).cloned() {
            return Ok(match local {
                Local::Const(v) => Operand::Const(v),
                Local::Let(h) => {
                    let ty = fx.func.lets[h].ty;
                    Operand::Value(self.push(fx, Expression::LetRef(h), ty, id.span))
                }
                Local::Var(h) => {
                    let ty = fx.func.locals[h].ty;
                    let ptr = self.ptr_ty(ty, AddressSpace::Function);
                    Operand::Ref(self.push(fx, Expression::LocalVar(h), ptr, id.span))
                }
                Local::Arg(i) => {
                    let ty = fx.func.arguments[i as usize].ty;
                    Operand::Value(self.push(fx, Expression::FunctionArg(i), ty, id.span))
                }
                Local::Failed => return Err(Reported),
            });
        }
        match self.resolve_global(&id.name, id.span)? {
            Some(Item::Const(v)) => Ok(Operand::Const(v)),
            Some(Item::Override(h)) => {
                let ty = self.module.overrides[h].ty;
                Ok(Operand::Value(self.push(fx, Expression::Override(h), ty, id.span)))
            }
            Some(Item::Var(h)) => {
                let g = &self.module.globals[h];
                let (ty, space) = (g.ty, g.space);
                let ptr = self.ptr_ty(ty, space);
                Ok(Operand::Ref(self.push(fx, Expression::GlobalVar(h), ptr, id.span)))
            }
            Some(Item::DerivedOverride(e, ty)) => {
                let mut block = Block::new();
                fx.no_hoist += 1;
                let op = self.expr(fx, &mut block, e);
                fx.no_hoist -= 1;
                let op = op?;
                match ty {
                    Some(ty) => Ok(Operand::Value(self.coerce(fx, op, ty, id.span)?)),
                    None => Ok(Operand::Value(self.rvalue(fx, op, id.span)?)),
                }
            }
            Some(Item::Poisoned) => Err(Reported),
            Some(Item::Type(_)) => Err(self.error(format!("`{}` is a type, not a value", id.name), id.span)),
            Some(Item::Function(_)) => Err(self.error(format!("`{}` is a function; call it", id.name), id.span)),
            None => {
                // A likely typo gets a suggestion among the locals in scope and module items.
                let locals = fx.scopes.names();
                let items = self.items.iter().filter(|(_, i)| !matches!(i, Item::Type(_) | Item::Function(_))).map(|(k, _)| *k);
                let near = crate::diag::closest(&id.name, locals.chain(items)).map(str::to_owned);
                let mut d = Diagnostic::error(format!("unknown name `{}`", id.name), id.span);
                if let Some(near) = near {
                    d = d.with_note(format!("help: did you mean `{near}`?"));
                }
                self.diags.push(d);
                Err(Reported)
            }
        }
    }

    fn unary(&mut self, fx: &mut FnCtx, out: &mut Block, op: ast::UnaryOp, inner: &Expr, span: Span) -> R<Operand> {
        let operand = self.expr(fx, out, inner)?;
        match op {
            ast::UnaryOp::AddressOf => match operand {
                Operand::Ref(p) => {
                    let ty = self.ety(fx, p);
                    if let Some((_, AddressSpace::Handle)) = self.module.inner(ty).pointer_base() {
                        return Err(self.error("cannot take the address of a texture or sampler", span));
                    }
                    if let Expression::Access { base, .. } | Expression::AccessIndex { base, .. } = fx.func.expressions[p] {
                        let bt = self.ety(fx, base);
                        if let Some((b, _)) = self.module.inner(bt).pointer_base() {
                            if matches!(self.module.inner(b), TypeInner::Vector { .. }) {
                                return Err(self.error("cannot take the address of a vector component", span));
                            }
                        }
                    }
                    Ok(Operand::Value(p))
                }
                _ => Err(self.error("`&` needs a reference to a variable", inner.span)),
            },
            ast::UnaryOp::Deref => {
                let h = match operand {
                    Operand::Value(h) => h,
                    _ => return Err(self.error("`*` needs a pointer", inner.span)),
                };
                let ty = self.ety(fx, h);
                if self.module.inner(ty).pointer_base().is_none() {
                    return Err(self.error(format!("`*` needs a pointer, found `{}`", self.type_name(ty)), inner.span));
                }
                Ok(Operand::Ref(h))
            }
            ast::UnaryOp::Negate | ast::UnaryOp::Not | ast::UnaryOp::BitNot => {
                if let Operand::Const(v) = &operand {
                    match v.map_leaves(&mut |s| consteval::unary_scalar(op, s).ok()) {
                        Some(r) => return Ok(Operand::Const(r)),
                        None => {
                            if v.components().is_some() {
                                if let (ast::UnaryOp::Negate, Some(Leaf::AInt)) = (op, v.leaf()) {
                                    return Err(self.error("negation overflows abstract-int", span));
                                }
                            }
                        }
                    }
                }
                let h = self.rvalue(fx, operand, inner.span)?;
                let ty = self.ety(fx, h);
                let scalar = self.module.inner(ty).scalar();
                let ok = match (op, scalar.map(|s| s.kind)) {
                    (ast::UnaryOp::Negate, Some(ScalarKind::Float | ScalarKind::Sint)) => true,
                    (ast::UnaryOp::Not, Some(ScalarKind::Bool)) => true,
                    (ast::UnaryOp::BitNot, Some(ScalarKind::Sint | ScalarKind::Uint)) => true,
                    _ => false,
                };
                let is_matrix = matches!(self.module.inner(ty), TypeInner::Matrix { .. });
                if !ok || (is_matrix && op != ast::UnaryOp::Negate) {
                    let sym = match op {
                        ast::UnaryOp::Negate => "-",
                        ast::UnaryOp::Not => "!",
                        _ => "~",
                    };
                    return Err(self.error(format!("operator `{sym}` cannot be applied to `{}`", self.type_name(ty)), span));
                }
                if is_matrix {
                    // -m as 0 - m keeps the IR's unary ops to scalars and vectors.
                    let zero = self.push(fx, Expression::ZeroValue(ty), ty, span);
                    return Ok(Operand::Value(self.push(
                        fx,
                        Expression::Binary { op: BinaryOp::Subtract, left: zero, right: h },
                        ty,
                        span,
                    )));
                }
                let op = match op {
                    ast::UnaryOp::Negate => UnaryOp::Negate,
                    ast::UnaryOp::Not => UnaryOp::LogicalNot,
                    _ => UnaryOp::BitwiseNot,
                };
                Ok(Operand::Value(self.push(fx, Expression::Unary { op, expr: h }, ty, span)))
            }
        }
    }

    /// A left-deep operator chain (`a + b + c + ...`, also through parentheses on the left) is
    /// lowered in a loop, not by recursion: the parser does not limit its length (only true
    /// nesting counts), so 200,000 terms must not take 200,000 stack frames here. A run-time
    /// prefix [`CHAIN_CUT`] deep is bound to a `let`, so the IR's trees stay about as shallow
    /// as the source's nesting for every later pass (uniformity, validation, the back end). The prefix is evaluated first in any case (WGSL §8.19: left-associative), so the
    /// `let` does not move it past anything. A `&&`/`||` right operand is lowered into a block
    /// of its own, put under an `if` when it needs statements ([`Self::short_circuit_block`]);
    /// only in an expression whose statements are dropped (an override's initializer evaluated
    /// where it is used) is nothing cut: `fx.no_hoist` is set there.
    fn binary(&mut self, fx: &mut FnCtx, out: &mut Block, op: ast::BinaryOp, left: &Expr, right: &Expr, span: Span) -> R<Operand> {
        // The operators below the outermost one, outermost first: none for most expressions,
        // so the list allocates only for a chain.
        let mut links = Vec::new();
        let mut leftmost = left;
        loop {
            match &leftmost.kind {
                ExprKind::Binary { op, left, right } => {
                    links.push((*op, self.ex(*right), leftmost.span));
                    leftmost = self.ex(*left);
                }
                ExprKind::Paren(inner) => leftmost = self.ex(*inner),
                _ => break,
            }
        }
        let mut acc = self.expr(fx, out, leftmost)?;
        let mut acc_span = leftmost.span;
        // The previous step's value and the depth of its tree: a step that applies an operator
        // to it directly needs a walk of its right operand only (a walk of the whole prefix
        // after every operator made a chain quadratic below the cut).
        let mut known: Option<(Handle<Expression>, u32)> = None;
        for (op, right, span) in links.into_iter().rev().chain([(op, right, span)]) {
            let short_circuit = matches!(op, ast::BinaryOp::LogicalAnd | ast::BinaryOp::LogicalOr);
            if short_circuit && fx.no_hoist == 0 {
                // The right operand gets a block of its own, which runs only when needed: a
                // long chain there is cut into `let`s inside it.
                let mut rblock = Block::new();
                let r = self.expr(fx, &mut rblock, right)?;
                acc = if rblock.is_empty() {
                    self.binary_operands(fx, op, acc, r, acc_span, right.span, span)?
                } else {
                    self.short_circuit_block(fx, out, op, (acc, acc_span), (r, right.span), rblock, span)?
                };
            } else {
                fx.no_hoist += u32::from(short_circuit);
                let r = self.expr(fx, out, right);
                fx.no_hoist -= u32::from(short_circuit);
                acc = self.binary_operands(fx, op, acc, r?, acc_span, right.span, span)?;
            }
            acc_span = span;
            if let Operand::Value(value) = acc {
                let exprs = &fx.func.expressions;
                let depth = match (&exprs[value], known) {
                    (&Expression::Binary { left, right, .. }, Some((previous, depth))) if left == previous => 1 + depth.max(exprs.depth(right)),
                    _ => exprs.depth(value),
                };
                known = Some((value, depth));
                if depth < CHAIN_CUT {
                    continue;
                }
                if fx.no_hoist > 0 {
                    // Cannot be cut here; the limit keeps later passes' recursion bounded.
                    if depth > super::parser::MAX_DEPTH {
                        return Err(self.error(
                            format!("this operator chain is too long here (more than {} operators): an override's initializer cannot be split; move part of it into another override", super::parser::MAX_DEPTH),
                            span,
                        ));
                    }
                    continue;
                }
                let ty = self.ety(fx, value);
                let binding = fx.func.lets.append(LetBinding { name: None, ty }, span);
                out.push(Statement::Let { binding, value }, span);
                let let_ref = self.push(fx, Expression::LetRef(binding), ty, span);
                known = Some((let_ref, 1));
                acc = Operand::Value(let_ref);
            }
        }
        Ok(acc)
    }

    /// `l && r` (`l || r`) whose right operand needed statements (`rblock`, the `let`s of a
    /// cut chain): `t = l; if (t) { rblock; t = r; }` (`if (!t)` for `||`), then `t`, so the
    /// right operand still runs only when the left one does not decide (WGSL §8.7).
    #[allow(clippy::too_many_arguments)]
    fn short_circuit_block(
        &mut self,
        fx: &mut FnCtx,
        out: &mut Block,
        op: ast::BinaryOp,
        (l, lspan): (Operand, Span),
        (r, rspan): (Operand, Span),
        mut rblock: Block,
        span: Span,
    ) -> R<Operand> {
        let bool_ty = self.scalar_ty(Scalar::BOOL);
        let lh = self.rvalue(fx, l, lspan)?;
        let rh = self.rvalue(fx, r, rspan)?;
        let (lt, rt) = (self.ety(fx, lh), self.ety(fx, rh));
        if lt != bool_ty || rt != bool_ty {
            let (ln, rn) = (self.type_name(lt), self.type_name(rt));
            return Err(self.error(format!("operator `{}` cannot be applied to `{ln}` and `{rn}`", op_symbol(op)), span));
        }
        let local = fx.func.locals.append(LocalVariable { name: None, ty: bool_ty }, span);
        let pt = self.ptr_ty(bool_ty, AddressSpace::Function);
        let p = self.push(fx, Expression::LocalVar(local), pt, span);
        out.push(Statement::Store { pointer: p, value: lh }, span);
        let p = self.push(fx, Expression::LocalVar(local), pt, span);
        rblock.push(Statement::Store { pointer: p, value: rh }, span);
        let p = self.push(fx, Expression::LocalVar(local), pt, span);
        let mut condition = self.push(fx, Expression::Load { pointer: p }, bool_ty, span);
        if op == ast::BinaryOp::LogicalOr {
            condition = self.push(fx, Expression::Unary { op: UnaryOp::LogicalNot, expr: condition }, bool_ty, span);
        }
        out.push(Statement::If { condition, accept: rblock, reject: Block::new() }, span);
        let p = self.push(fx, Expression::LocalVar(local), pt, span);
        Ok(Operand::Value(self.push(fx, Expression::Load { pointer: p }, bool_ty, span)))
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn binary_operands(
        &mut self,
        fx: &mut FnCtx,
        op: ast::BinaryOp,
        l: Operand,
        r: Operand,
        lspan: Span,
        rspan: Span,
        span: Span,
    ) -> R<Operand> {
        use ast::BinaryOp as B;
        if let (Operand::Const(a), Operand::Const(b)) = (&l, &r) {
            match const_binary(op, a, b) {
                Ok(v) => return Ok(Operand::Const(v)),
                Err(EvalError::Error(m)) => return Err(self.error(m, span)),
                Err(EvalError::NotConst) => {}
            }
        }
        let is_shift = matches!(op, B::ShiftLeft | B::ShiftRight);
        // Unify the scalar types: a constant takes the other side's type.
        let (ll, rl) = (self.operand_leaf(fx, &l), self.operand_leaf(fx, &r));
        let (l, r) = match (ll, rl) {
            (Some(a), Some(b)) if is_shift => {
                let l = self.coerce_leaf(fx, l, Leaf::Concrete(a.concretize()), lspan)?;
                let _ = b;
                let r = self.coerce_leaf(fx, r, Leaf::Concrete(Scalar::U32), rspan)?;
                (l, r)
            }
            (Some(a), Some(b)) => {
                let common = common_leaf(a, b).map(|c| Leaf::Concrete(c.concretize()));
                match common {
                    Some(c) => (self.coerce_leaf(fx, l, c, lspan)?, self.coerce_leaf(fx, r, c, rspan)?),
                    None => {
                        let lt = self.operand_type_name(fx, &l);
                        let rt = self.operand_type_name(fx, &r);
                        let mut d = crate::diag::Diagnostic::error(
                            format!("operator `{}` cannot be applied to `{lt}` and `{rt}`", op_symbol(op)),
                            span,
                        )
                        .with_secondary(lspan, format!("`{lt}`"))
                        .with_secondary(rspan, format!("`{rt}`"));
                        if let Some(note) = mixed_operand_hint(a, b) {
                            d = d.with_note(note);
                        }
                        self.diags.push(d);
                        return Err(Reported);
                    }
                }
            }
            _ => (l, r),
        };
        if let (Operand::Const(v), Some(leaf)) = (&r, self.operand_leaf(fx, &l)) {
            if let Err(EvalError::Error(m)) = check_constant_right_operand(op, leaf, v) {
                return Err(self.error(m, rspan));
            }
        }
        let lh = self.rvalue(fx, l, lspan)?;
        let rh = self.rvalue(fx, r, rspan)?;
        let (lt, rt) = (self.ety(fx, lh), self.ety(fx, rh));
        let Some(result) = self.binary_result(op, lt, rt) else {
            let (ln, rn) = (self.type_name(lt), self.type_name(rt));
            return Err(self.error(format!("operator `{}` cannot be applied to `{ln}` and `{rn}`", op_symbol(op)), span));
        };
        let ir_op = op.to_ir();
        Ok(Operand::Value(self.push(fx, Expression::Binary { op: ir_op, left: lh, right: rh }, result, span)))
    }

    /// WGSL §8.7 arithmetic, §8.8 comparison, §8.9 bit expressions: the result type, if the
    /// operand types are allowed.
    fn binary_result(&mut self, op: ast::BinaryOp, lt: Handle<Type>, rt: Handle<Type>) -> Option<Handle<Type>> {
        use ast::BinaryOp as B;
        let (li, ri) = (self.module.inner(lt).clone(), self.module.inner(rt).clone());
        let numeric = |s: Scalar| s.kind != ScalarKind::Bool;
        let shape = |t: &TypeInner| match *t {
            TypeInner::Scalar(s) => Some((0u8, s)),
            TypeInner::Vector { size, scalar } => Some((size as u8, scalar)),
            _ => None,
        };
        match op {
            B::Add | B::Subtract | B::Multiply | B::Divide | B::Modulo => {
                if let (TypeInner::Matrix { columns: c1, rows: r1, scalar: s1 }, TypeInner::Matrix { columns: c2, rows: r2, scalar: s2 }) = (&li, &ri) {
                    if s1 != s2 {
                        return None;
                    }
                    return match op {
                        B::Add | B::Subtract if c1 == c2 && r1 == r2 => Some(lt),
                        // matKxR * matCxK = matCxR
                        B::Multiply if c1 == r2 => Some(self.ty(TypeInner::Matrix { columns: *c2, rows: *r1, scalar: *s1 })),
                        _ => None,
                    };
                }
                if op == B::Multiply {
                    match (&li, &ri) {
                        (TypeInner::Matrix { scalar, .. }, TypeInner::Scalar(s)) if s == scalar => return Some(lt),
                        (TypeInner::Scalar(s), TypeInner::Matrix { scalar, .. }) if s == scalar => return Some(rt),
                        (TypeInner::Matrix { columns, rows, scalar }, TypeInner::Vector { size, scalar: s }) if size == columns && s == scalar => {
                            return Some(self.vec_ty(*rows, *scalar))
                        }
                        (TypeInner::Vector { size, scalar: s }, TypeInner::Matrix { columns, rows, scalar }) if size == rows && s == scalar => {
                            return Some(self.vec_ty(*columns, *scalar))
                        }
                        _ => {}
                    }
                }
                let ((ln, ls), (rn, rs)) = (shape(&li)?, shape(&ri)?);
                if ls != rs || !numeric(ls) {
                    return None;
                }
                match (ln, rn) {
                    (a, b) if a == b => Some(lt),
                    (0, _) => Some(rt),
                    (_, 0) => Some(lt),
                    _ => None,
                }
            }
            B::Equal | B::NotEqual | B::Less | B::LessEqual | B::Greater | B::GreaterEqual => {
                let ((ln, ls), (rn, rs)) = (shape(&li)?, shape(&ri)?);
                if ls != rs || ln != rn {
                    return None;
                }
                if ls.kind == ScalarKind::Bool && !matches!(op, B::Equal | B::NotEqual) {
                    return None;
                }
                Some(match ln {
                    0 => self.scalar_ty(Scalar::BOOL),
                    n => self.vec_ty(VectorSize::from_u32(n as u32)?, Scalar::BOOL),
                })
            }
            B::And | B::Or | B::Xor => {
                let ((ln, ls), (rn, rs)) = (shape(&li)?, shape(&ri)?);
                if ls != rs || ln != rn || ls.kind == ScalarKind::Float || (ls.kind == ScalarKind::Bool && op == B::Xor) {
                    return None;
                }
                Some(lt)
            }
            B::LogicalAnd | B::LogicalOr => {
                (li == TypeInner::Scalar(Scalar::BOOL) && ri == li).then_some(lt)
            }
            B::ShiftLeft | B::ShiftRight => {
                let ((ln, ls), (rn, rs)) = (shape(&li)?, shape(&ri)?);
                let int = matches!(ls.kind, ScalarKind::Sint | ScalarKind::Uint);
                (int && rs == Scalar::U32 && ln == rn).then_some(lt)
            }
        }
    }

    pub(super) fn member(&mut self, fx: &mut FnCtx, base: Operand, member: &ast::Ident, span: Span) -> R<Operand> {
        let Some(base_ty) = self.operand_type(fx, &base) else {
            return Err(self.error("this call does not produce a value", span));
        };
        let base_ty = match self.module.inner(base_ty) {
            // Pointers auto-dereference for member access (WGSL 2023 "pointer composite access").
            TypeInner::Pointer { base: b, .. } if matches!(base, Operand::Value(_)) => {
                let b = *b;
                return match base {
                    Operand::Value(h) => {
                        let _ = b;
                        self.member(fx, Operand::Ref(h), member, span)
                    }
                    _ => unreachable_operand(),
                };
            }
            _ => base_ty,
        };
        match self.module.inner(base_ty) {
            TypeInner::Struct { members, .. } => {
                let found = members.iter().position(|m| m.name.as_deref() == Some(member.name.as_str())).map(|i| (i, members[i].ty));
                let Some((index, mty)) = found else {
                    return Err(self.error(
                        format!("struct `{}` has no member `{}`", self.type_name(base_ty), member.name),
                        member.span,
                    ));
                };
                self.access_index(fx, base, index as u32, mty, span)
            }
            &TypeInner::Vector { size, scalar } => {
                let Some((p, len)) = swizzle_pattern(&member.name, size as u32) else {
                    return Err(self.error(
                        format!("invalid swizzle `{}` on `{}`", member.name, self.type_name(base_ty)),
                        member.span,
                    ));
                };
                let pattern = &p[..len];
                if pattern.len() == 1 {
                    let sty = self.scalar_ty(scalar);
                    return self.access_index(fx, base, pattern[0] as u32, sty, span);
                }
                if let Operand::Const(v) = &base {
                    if let Some(c) = v.components() {
                        return Ok(Operand::Const(Constant::vector(pattern.iter().map(|&i| c[i as usize]).collect())));
                    }
                }
                let vector = self.rvalue(fx, base, span)?;
                let size = VectorSize::from_u32(pattern.len() as u32).unwrap_or(VectorSize::Quad);
                let ty = self.vec_ty(size, scalar);
                Ok(Operand::Value(self.push(fx, Expression::Swizzle { vector, pattern: p }, ty, span)))
            }
            _ => Err(self.error(
                format!("`{}` has no members; `.{}` needs a struct or vector", self.type_name(base_ty), member.name),
                member.span,
            )),
        }
    }

    /// `base.index` for a constant index, keeping references as references.
    pub(super) fn access_index(&mut self, fx: &mut FnCtx, base: Operand, index: u32, elem: Handle<Type>, span: Span) -> R<Operand> {
        match base {
            Operand::Const(v) => {
                let c = match v {
                    Constant::Value(Value::Composite(c)) => Constant::Value(c[index as usize].clone()),
                    Constant::Array(e) | Constant::Struct(_, e) => e[index as usize].clone(),
                    Constant::Zero(_) => self.zero_value(elem),
                    Constant::Value(Value::Scalar(_)) => return Err(self.error("cannot index a scalar", span)),
                };
                Ok(Operand::Const(c))
            }
            Operand::Ref(p) => {
                let space = self.module.inner(self.ety(fx, p)).pointer_base().map(|(_, s)| s).unwrap_or(AddressSpace::Function);
                let ptr = self.ptr_ty(elem, space);
                Ok(Operand::Ref(self.push(fx, Expression::AccessIndex { base: p, index }, ptr, span)))
            }
            Operand::Value(h) => Ok(Operand::Value(self.push(fx, Expression::AccessIndex { base: h, index }, elem, span))),
            Operand::Void => Err(self.error("this call does not produce a value", span)),
        }
    }

    pub(super) fn index(&mut self, fx: &mut FnCtx, base: Operand, index: Operand, index_span: Span, span: Span) -> R<Operand> {
        let Some(mut base_ty) = self.operand_type(fx, &base) else {
            return Err(self.error("this call does not produce a value", span));
        };
        let mut base = base;
        if let (Operand::Value(h), TypeInner::Pointer { base: b, .. }) = (&base, self.module.inner(base_ty)) {
            base_ty = *b;
            base = Operand::Ref(*h);
        }
        // `len`: the static length; `bound`: what a constant index is checked against, for an
        // override-sized array the override's default.
        let (elem, len, bound) = match *self.module.inner(base_ty) {
            TypeInner::Vector { size, scalar } => (self.scalar_ty(scalar), Some(size as u32), Some(size as u32)),
            TypeInner::Matrix { columns, rows, scalar } => (self.vec_ty(rows, scalar), Some(columns as u32), Some(columns as u32)),
            TypeInner::Array { base, size, .. } | TypeInner::BindingArray { base, size } => (
                base,
                match size {
                    ArraySize::Constant(n) => Some(n),
                    ArraySize::Specialized { .. } | ArraySize::Dynamic => None,
                },
                crate::spec_length::index_bound(&self.module, size, true),
            ),
            _ => return Err(self.error(format!("cannot index into `{}`", self.type_name(base_ty)), span)),
        };
        let leaf = self.operand_leaf(fx, &index);
        if !leaf.is_some_and(|l| l.is_integer()) || !matches!(self.operand_type(fx, &index).map(|t| self.module.inner(t)), Some(TypeInner::Scalar(_))) {
            return Err(self.error("an index must be an integer scalar", index_span));
        }
        if let Operand::Const(v) = &index {
            let i = v.as_scalar().and_then(LeafValue::as_int).unwrap_or(-1);
            // WGSL §8.5.3, §15.7.1: an AbstractInt index converts to i32, so it must fit.
            if v.leaf() == Some(Leaf::AInt) && v.convert_auto(Leaf::Concrete(Scalar::I32)).is_none() {
                return Err(self.error(format!("index {i} does not fit in `i32`, the type an AbstractInt index converts to"), index_span));
            }
            if i < 0 || bound.is_some_and(|n| i >= n as i128) {
                let bound = match (bound, len) {
                    (Some(n), Some(_)) => format!(" (the length is {n})"),
                    (Some(n), None) => format!(" (the length is {n}, the default of the override that sizes the array)"),
                    (None, _) => String::new(),
                };
                return Err(self.error(format!("index {i} is out of bounds{bound}"), index_span));
            }
            if !matches!(base, Operand::Const(_)) || len.is_some() {
                return self.access_index(fx, base, i as u32, elem, span);
            }
        }
        let index = self.rvalue(fx, index, index_span)?;
        match base {
            Operand::Ref(p) => {
                let space = self.module.inner(self.ety(fx, p)).pointer_base().map(|(_, s)| s).unwrap_or(AddressSpace::Function);
                let ptr = self.ptr_ty(elem, space);
                Ok(Operand::Ref(self.push(fx, Expression::Access { base: p, index }, ptr, span)))
            }
            other => {
                let b = self.rvalue(fx, other, span)?;
                Ok(Operand::Value(self.push(fx, Expression::Access { base: b, index }, elem, span)))
            }
        }
    }

    pub(super) fn call(&mut self, fx: &mut FnCtx, out: &mut Block, callee: &Expr, args: &[Expr], span: Span) -> R<Operand> {
        let (name, template) = match &callee.kind {
            ExprKind::Ident(id) => (id, None),
            ExprKind::Templated { name, args } => (name, Some(self.list(*args))),
            _ => return Err(self.error("expected a function name", callee.span)),
        };
        if fx.lookup(&name.name).is_some() {
            return Err(self.error(format!("`{}` is not a function", name.name), name.span));
        }
        if template.is_some() {
            // `bitcast<u32>(x)` with a user `fn bitcast`: the declaration shadows the built-in,
            // and a user function takes no template arguments.
            self.check_not_shadowed(name, "a predeclared function or type")?;
        }
        // Type constructors with an explicit type.
        let explicit_type = match template {
            Some(_) if name.name == "bitcast" => None,
            Some(_) if matches!(name.name.as_str(), "vec2" | "vec3" | "vec4" | "array") || name.name.starts_with("mat") => {
                Some(self.resolve_type(Some(fx), callee)?)
            }
            // Of the built-in functions only `bitcast` has a template parameter (WGSL §17:
            // `countLeadingZeros<i32>(x)` is not a call of any overload).
            Some(_) => return Err(self.error(format!("`{}` takes no template arguments", name.name), name.span)),
            None => match self.resolve_global(&name.name, name.span)? {
                Some(Item::Type(t)) => Some(t),
                Some(Item::Function(f)) => return self.user_call(fx, out, f, args, span),
                Some(_) => return Err(self.error(format!("`{}` is not a function", name.name), name.span)),
                None => self.predeclared_type(&name.name, name.span)?,
            },
        };
        let mut operands = Vec::with_capacity(args.len());
        for a in args {
            operands.push((self.expr(fx, out, a)?, a.span));
        }
        if let Some(ty) = explicit_type {
            return self.construct(fx, ty, operands, span);
        }
        if template.is_none() && is_inferred_constructor(&name.name) {
            // Every argument has a leaf type here or was reported, so `None` is not expected.
            return self.inferred_constructor(fx, &name.name, operands, span).unwrap_or_else(|| Err(self.error("expected a value", span)));
        }
        self.builtin_call(fx, out, name, template, operands, span)
    }

    fn user_call(&mut self, fx: &mut FnCtx, out: &mut Block, function: Handle<Function>, args: &[Expr], span: Span) -> R<Operand> {
        if fx.current == Some(function) {
            let name = fx.func.name.clone().unwrap_or_default();
            return Err(self.error(format!("`{name}` calls itself; WGSL does not allow recursion"), span));
        }
        let callee = &self.module.functions[function];
        let (count, result) = (callee.arguments.len(), callee.result);
        if count != args.len() {
            let fname = callee.name.as_deref().unwrap_or_default();
            return Err(self.error(format!("`{fname}` takes {count} argument(s), found {}", args.len()), span));
        }
        let mut arguments = Vec::with_capacity(count);
        let mut failed = false;
        for (i, a) in args.iter().enumerate() {
            let ty = self.module.functions[function].arguments[i].ty;
            let op = match self.expr(fx, out, a) {
                Ok(op) => op,
                Err(_) => {
                    failed = true;
                    continue;
                }
            };
            match self.coerce(fx, op, ty, a.span) {
                Ok(h) => arguments.push(h),
                Err(_) => failed = true,
            }
        }
        if failed {
            return Err(Reported);
        }
        match result {
            Some(ty) => Ok(Operand::Value(self.push(fx, Expression::Call { function, arguments }, ty, span))),
            None => {
                out.push(Statement::Call { function, arguments }, span);
                Ok(Operand::Void)
            }
        }
    }

    /// `T(args)` for a concrete type `T` (WGSL §16 "Type Constructor Built-in Functions").
    pub(super) fn construct(&mut self, fx: &mut FnCtx, ty: Handle<Type>, args: Vec<(Operand, Span)>, span: Span) -> R<Operand> {
        if args.is_empty() {
            if !self.is_constructible(ty) {
                return Err(self.error(format!("`{}` cannot be constructed", self.type_name(ty)), span));
            }
            return Ok(Operand::Const(self.zero_value(ty)));
        }
        if let TypeInner::Struct { members, .. } = self.module.inner(ty) {
            if args.len() != members.len() {
                let count = members.len();
                return Err(self.error(format!("`{}` has {count} members, found {} arguments", self.type_name(ty), args.len()), span));
            }
            let elements = args.into_iter().zip(members.iter().map(|m| m.ty)).collect();
            return self.compose_elements(fx, ty, elements, span);
        }
        // Not a struct: the copy allocates nothing.
        match self.module.inner(ty).clone() {
            TypeInner::Scalar(s) => {
                if args.len() != 1 {
                    return Err(self.error(format!("`{}` conversion takes one argument", self.type_name(ty)), span));
                }
                let (op, aspan) = args.into_iter().next().unwrap_or((Operand::Void, span));
                self.convert(fx, op, ty, s, aspan)
            }
            TypeInner::Vector { size, scalar } => {
                if args.len() == 1 {
                    let (op, aspan) = args.into_iter().next().unwrap_or((Operand::Void, span));
                    let at = self.operand_type(fx, &op);
                    match at.map(|t| self.module.inner(t).clone()) {
                        Some(TypeInner::Vector { size: s2, .. }) if s2 == size => return self.convert(fx, op, ty, scalar, aspan),
                        Some(TypeInner::Scalar(_)) => {
                            let op = self.coerce_leaf(fx, op, Leaf::Concrete(scalar), aspan)?;
                            if let Some(s) = op.const_scalar() {
                                return Ok(Operand::Const(Constant::vector(vec![s; size as usize])));
                            }
                            let value = self.rvalue(fx, op, aspan)?;
                            return Ok(Operand::Value(self.push(fx, Expression::Splat { value }, ty, span)));
                        }
                        _ => {}
                    }
                    return self.compose_vector(fx, vec![(op, aspan)], size, Leaf::Concrete(scalar), span);
                }
                self.compose_vector(fx, args, size, Leaf::Concrete(scalar), span)
            }
            TypeInner::Matrix { columns, rows, scalar } => {
                if args.len() == 1 {
                    let (op, aspan) = args.into_iter().next().unwrap_or((Operand::Void, span));
                    return self.convert(fx, op, ty, scalar, aspan);
                }
                self.compose_matrix(fx, args, columns, rows, Leaf::Concrete(scalar), span)
            }
            TypeInner::Array { base, size: ArraySize::Constant(n), .. } => {
                if args.len() != n as usize {
                    return Err(self.error(format!("`{}` needs {n} elements, found {}", self.type_name(ty), args.len()), span));
                }
                self.compose_elements(fx, ty, args.into_iter().map(|a| (a, base)).collect(), span)
            }
            _ => Err(self.error(format!("`{}` cannot be constructed", self.type_name(ty)), span)),
        }
    }

    fn is_constructible(&self, ty: Handle<Type>) -> bool {
        match self.module.inner(ty) {
            TypeInner::Scalar(_) | TypeInner::Vector { .. } | TypeInner::Matrix { .. } => true,
            TypeInner::Array { base, size: ArraySize::Constant(_), .. } => self.is_constructible(*base),
            TypeInner::Struct { members, .. } => members.iter().all(|m| self.is_constructible(m.ty)),
            _ => false,
        }
    }

    pub(super) fn zero_value(&mut self, ty: Handle<Type>) -> Constant {
        match *self.module.inner(ty) {
            TypeInner::Scalar(s) => Constant::scalar(LeafValue::zero(Leaf::Concrete(s))),
            TypeInner::Vector { size, scalar } => Constant::vector(vec![LeafValue::zero(Leaf::Concrete(scalar)); size as usize]),
            TypeInner::Matrix { columns, rows, scalar } => {
                Constant::matrix(vec![vec![LeafValue::zero(Leaf::Concrete(scalar)); rows as usize]; columns as usize])
            }
            _ => Constant::Zero(ty),
        }
    }

    /// Value conversion `T(e)` between scalars, vectors or matrices of the same shape.
    fn convert(&mut self, fx: &mut FnCtx, op: Operand, ty: Handle<Type>, to: Scalar, span: Span) -> R<Operand> {
        if let Operand::Const(v) = &op {
            let same_shape = match self.module.inner(ty) {
                TypeInner::Scalar(_) => v.as_scalar().is_some(),
                TypeInner::Vector { size, .. } => v.vector_size() == Some(*size as usize),
                TypeInner::Matrix { columns, rows, .. } => v.matrix_size() == Some((*columns as usize, *rows as usize)),
                _ => false,
            };
            if same_shape {
                if let Some(c) = v.map_leaves(&mut |s| s.convert(Leaf::Concrete(to))) {
                    return Ok(Operand::Const(c));
                }
                return Err(self.error(format!("the value cannot be represented in `{}`", self.type_name(ty)), span));
            }
        }
        let h = self.rvalue(fx, op, span)?;
        let from = self.ety(fx, h);
        if from == ty {
            return Ok(Operand::Value(h));
        }
        let ok = match (self.module.inner(from), self.module.inner(ty)) {
            (TypeInner::Scalar(_), TypeInner::Scalar(_)) => true,
            (TypeInner::Vector { size: a, .. }, TypeInner::Vector { size: b, .. }) => a == b,
            (TypeInner::Matrix { columns: c1, rows: r1, .. }, TypeInner::Matrix { columns: c2, rows: r2, .. }) => c1 == c2 && r1 == r2,
            _ => false,
        };
        if !ok {
            return Err(self.error(format!("cannot convert `{}` to `{}`", self.type_name(from), self.type_name(ty)), span));
        }
        let h = self.saturate_float_to_int(fx, h, from, to, span);
        Ok(Operand::Value(self.push(fx, Expression::Convert { expr: h, to }, ty, span)))
    }

    /// WGSL "Floating Point Conversion" (§15.7.6): a float converted to an integer is rounded
    /// toward zero and then clamped to the integer type's range, precisely to the nearest value
    /// representable in both types. SPIR-V's `OpConvertFToS`/`OpConvertFToU` are undefined out of
    /// range, so the operand is clamped to those bounds first (as naga and Tint do).
    fn saturate_float_to_int(&mut self, fx: &mut FnCtx, h: Handle<Expression>, from: Handle<Type>, to: Scalar, span: Span) -> Handle<Expression> {
        let (size, scalar) = match *self.module.inner(from) {
            TypeInner::Scalar(s) => (None, s),
            TypeInner::Vector { size, scalar } => (Some(size), scalar),
            _ => return h,
        };
        if scalar.kind != ScalarKind::Float || !matches!(to.kind, ScalarKind::Sint | ScalarKind::Uint) {
            return h;
        }
        let bits = i32::from(to.width) * 8;
        let (int_min, int_max) = match to.kind {
            ScalarKind::Sint => (-(2f64.powi(bits - 1)), 2f64.powi(bits - 1)),
            _ => (0.0, 2f64.powi(bits)),
        };
        // The largest float below 2^n is 2^n - 2^(n - p) (p: significand bits), unless the
        // float type's largest finite value is smaller.
        let (precision, float_max) = match scalar.width {
            2 => (11, 65504.0),
            4 => (24, f64::from(f32::MAX)),
            _ => (53, f64::MAX),
        };
        let below = |limit: f64| (limit - 2f64.powi(limit.log2() as i32 - precision)).min(float_max);
        let (lo, hi) = (int_min.max(-float_max), below(int_max));
        let literal = |v: f64| crate::ir::consteval::make_literal(scalar, crate::ir::consteval::Num::F(v));
        let scalar_ty = self.scalar_ty(scalar);
        let mut bound = |this: &mut Self, v: f64| {
            let c = this.push(fx, Expression::Literal(literal(v)), scalar_ty, span);
            match size {
                Some(_) => this.push(fx, Expression::Splat { value: c }, from, span),
                None => c,
            }
        };
        let (lo, hi) = (bound(self, lo), bound(self, hi));
        self.push(fx, Expression::Math { fun: MathFunction::Clamp, args: vec![h, lo, hi] }, from, span)
    }

    /// A vector from scalars and vectors whose component counts add up to `size`.
    fn compose_vector(&mut self, fx: &mut FnCtx, mut args: Vec<(Operand, Span)>, size: VectorSize, leaf: Leaf, span: Span) -> R<Operand> {
        let mut count = 0;
        // The arguments are converted in place.
        for (op, aspan) in &mut args {
            let converted = self.coerce_leaf(fx, std::mem::replace(op, Operand::Void), leaf, *aspan)?;
            let n = match self.operand_type(fx, &converted).map(|t| self.module.inner(t)) {
                Some(TypeInner::Scalar(_)) => Some(1),
                Some(TypeInner::Vector { size, .. }) => Some(*size as u32),
                _ => None,
            };
            let Some(n) = n else { return Err(self.error("vector components must be scalars or vectors", *aspan)) };
            count += n;
            *op = converted;
        }
        if count != size as u32 {
            return Err(self.error(format!("a vec{} needs {} components, found {count}", size as u8, size as u8), span));
        }
        if args.iter().all(|(o, _)| matches!(o, Operand::Const(_))) {
            let mut comps = Vec::with_capacity(size as usize);
            for (o, _) in &args {
                if let Operand::Const(v) = o {
                    comps.extend(scalars(v));
                }
            }
            return Ok(Operand::Const(Constant::vector(comps)));
        }
        let scalar = leaf.concretize();
        let ty = self.vec_ty(size, scalar);
        if args.len() == 1 {
            // `vec3(v)` with `v` already a vec3 of the same type is `v` (SPIR-V's
            // OpCompositeConstruct needs at least two constituents).
            let (op, aspan) = args.into_iter().next().ok_or(Reported)?;
            return self.coerce(fx, op, ty, aspan).map(Operand::Value);
        }
        let mut components = Vec::with_capacity(args.len());
        for (op, aspan) in args {
            let op = match op {
                Operand::Const(v) => Operand::Const(v.convert_auto(Leaf::Concrete(scalar)).unwrap_or(v)),
                o => o,
            };
            components.push(self.rvalue(fx, op, aspan)?);
        }
        Ok(Operand::Value(self.push(fx, Expression::Compose { components }, ty, span)))
    }

    fn compose_matrix(&mut self, fx: &mut FnCtx, args: Vec<(Operand, Span)>, columns: VectorSize, rows: VectorSize, leaf: Leaf, span: Span) -> R<Operand> {
        let (c, r) = (columns as usize, rows as usize);
        let scalar = leaf.concretize();
        if !leaf.is_float() {
            return Err(self.error("matrix components must be floating point", span));
        }
        let column_ty = self.vec_ty(rows, scalar);
        let ty = self.ty(TypeInner::Matrix { columns, rows, scalar });
        if args.len() == c * r {
            // Column-major scalars: group them into columns.
            let mut cols = Vec::new();
            let mut iter = args.into_iter();
            for _ in 0..c {
                let chunk: Vec<_> = iter.by_ref().take(r).collect();
                cols.push((self.compose_vector(fx, chunk, rows, leaf, span)?, span));
            }
            return self.finish_matrix(fx, cols, ty, column_ty, leaf, span);
        }
        if args.len() != c {
            return Err(self.error(format!("a mat{c}x{r} needs {c} column vectors or {} scalars, found {} arguments", c * r, args.len()), span));
        }
        let mut cols = Vec::new();
        for (op, aspan) in args {
            let op = self.coerce_leaf(fx, op, leaf, aspan)?;
            match self.operand_type(fx, &op).map(|t| self.module.inner(t).clone()) {
                Some(TypeInner::Vector { size, .. }) if size == rows => cols.push((op, aspan)),
                _ => return Err(self.error(format!("expected a vec{r} column"), aspan)),
            }
        }
        self.finish_matrix(fx, cols, ty, column_ty, leaf, span)
    }

    fn finish_matrix(&mut self, fx: &mut FnCtx, cols: Vec<(Operand, Span)>, ty: Handle<Type>, column_ty: Handle<Type>, leaf: Leaf, span: Span) -> R<Operand> {
        if cols.iter().all(|(o, _)| matches!(o, Operand::Const(_))) {
            let m = cols
                .iter()
                .filter_map(|(o, _)| match o {
                    Operand::Const(v) => v.components(),
                    _ => None,
                })
                .collect();
            return Ok(Operand::Const(Constant::matrix(m)));
        }
        let _ = leaf;
        let mut components = Vec::new();
        for (op, aspan) in cols {
            components.push(self.coerce(fx, op, column_ty, aspan)?);
        }
        Ok(Operand::Value(self.push(fx, Expression::Compose { components }, ty, span)))
    }

    fn compose_elements(&mut self, fx: &mut FnCtx, ty: Handle<Type>, parts: Vec<((Operand, Span), Handle<Type>)>, span: Span) -> R<Operand> {
        if parts.iter().all(|((o, _), _)| matches!(o, Operand::Const(_))) {
            let mut values = Vec::new();
            for ((op, aspan), ety) in parts {
                if let Operand::Const(v) = op {
                    values.push(self.convert_value(&v, ety, aspan)?);
                }
            }
            return Ok(Operand::Const(match self.module.inner(ty) {
                TypeInner::Struct { .. } => Constant::Struct(ty, values),
                _ => Constant::Array(values),
            }));
        }
        let mut components = Vec::new();
        for ((op, aspan), ety) in parts {
            components.push(self.coerce(fx, op, ety, aspan)?);
        }
        Ok(Operand::Value(self.push(fx, Expression::Compose { components }, ty, span)))
    }

    /// `vec3(...)`, `mat2x2(...)`, `array(...)` with the element type inferred from the
    /// arguments. `None` when `name` is not such a constructor.
    fn inferred_constructor(&mut self, fx: &mut FnCtx, name: &str, args: Vec<(Operand, Span)>, span: Span) -> Option<R<Operand>> {
        let (vec_size, mat) = inferred_shape(name);
        if !is_inferred_constructor(name) {
            return None;
        }
        if args.is_empty() {
            // WGSL value constructors: `vecN()` is the zero vector of AbstractInt (it converts to
            // any concrete vector on use); matrices and arrays have no inferred zero value.
            if let Some(size) = vec_size {
                return Some(Ok(Operand::Const(Constant::vector(vec![LeafValue::abstract_int(0); size as usize]))));
            }
            return Some(Err(self.error(format!("`{name}()` needs arguments to infer its type; write e.g. `{name}<f32>()`"), span)));
        }
        if name == "array" && args.iter().any(|(op, _)| self.operand_leaf(fx, op).is_none()) {
            return Some(self.inferred_array_of_composites(fx, args, span));
        }
        let mut leaf: Option<Leaf> = None;
        for (op, aspan) in &args {
            let Some(l) = self.operand_leaf(fx, op) else {
                return Some(Err(self.error("expected a value", *aspan)));
            };
            leaf = match leaf {
                None => Some(l),
                Some(prev) => match common_leaf(prev, l) {
                    Some(c) => Some(c),
                    None => return Some(Err(self.error(format!("`{name}` arguments have different types ({} and {})", wgsl_leaf(prev), wgsl_leaf(l)), *aspan))),
                },
            };
        }
        let leaf = leaf?;
        if let Some(size) = vec_size {
            if args.len() == 1 {
                let (op, aspan) = args.into_iter().next()?;
                let is_scalar = matches!(self.operand_type(fx, &op).map(|t| self.module.inner(t)), Some(TypeInner::Scalar(_)));
                if is_scalar {
                    if let Some(s) = op.const_scalar() {
                        return Some(Ok(Operand::Const(Constant::vector(vec![s; size as usize]))));
                    }
                    let ty = self.vec_ty(size, leaf.concretize());
                    return Some(self.rvalue(fx, op, aspan).map(|value| Operand::Value(self.push(fx, Expression::Splat { value }, ty, span))));
                }
                return Some(self.compose_vector(fx, vec![(op, aspan)], size, leaf, span));
            }
            return Some(self.compose_vector(fx, args, size, leaf, span));
        }
        if let Some((columns, rows)) = mat {
            let leaf = if leaf == Leaf::AInt { Leaf::AFloat } else { leaf };
            if args.len() == 1 {
                let (op, _) = &args[0];
                if let Operand::Const(v) = op {
                    if v.matrix_size().is_some() {
                        return Some(Ok(Operand::Const(v.clone())));
                    }
                }
                let (op, aspan) = args.into_iter().next()?;
                return Some(self.rvalue(fx, op, aspan).map(Operand::Value));
            }
            return Some(self.compose_matrix(fx, args, columns, rows, leaf, span));
        }
        // array(...): all elements share the first element's type after conversion.
        if args.iter().all(|(o, _)| matches!(o, Operand::Const(_))) {
            let mut values = Vec::new();
            for (op, aspan) in &args {
                if let Operand::Const(v) = op {
                    match v.convert_auto(leaf) {
                        Some(c) => values.push(c),
                        None => return Some(Err(self.error("array elements must have the same type", *aspan))),
                    }
                }
            }
            return Some(Ok(Operand::Const(Constant::Array(values))));
        }
        let concrete = Leaf::Concrete(leaf.concretize());
        let mut elem_ty = None;
        let mut converted = Vec::new();
        for (op, aspan) in args {
            let op = match self.coerce_leaf(fx, op, concrete, aspan) {
                Ok(o) => o,
                Err(r) => return Some(Err(r)),
            };
            if elem_ty.is_none() {
                elem_ty = self.operand_type(fx, &op);
            }
            converted.push((op, aspan));
        }
        let elem = elem_ty?;
        let n = converted.len() as u32;
        let ty = self.array_ty(elem, ArraySize::Constant(n));
        Some(self.compose_elements(fx, ty, converted.into_iter().map(|a| (a, elem)).collect(), span))
    }

    /// `array(...)` whose elements have no scalar leaf type (structs, arrays of structs): WGSL's
    /// array value constructor takes the element type from the arguments, which must all have
    /// that one concrete type.
    fn inferred_array_of_composites(&mut self, fx: &mut FnCtx, args: Vec<(Operand, Span)>, span: Span) -> R<Operand> {
        let mut elem = None;
        for (op, aspan) in &args {
            let Some(ty) = self.operand_type(fx, op) else {
                return Err(self.error("expected a value", *aspan));
            };
            match elem {
                None => elem = Some(ty),
                Some(e) if e != ty => {
                    let (a, b) = (self.type_name(e), self.type_name(ty));
                    return Err(self.error(format!("array elements must have the same type, found `{a}` and `{b}`"), *aspan));
                }
                Some(_) => {}
            }
        }
        let elem = elem.ok_or(Reported)?;
        let ty = self.array_ty(elem, ArraySize::Constant(args.len() as u32));
        self.compose_elements(fx, ty, args.into_iter().map(|a| (a, elem)).collect(), span)
    }

    pub(super) fn literal_of(&mut self, fx: &mut FnCtx, s: LeafValue, span: Span) -> Handle<Expression> {
        let ty = self.scalar_ty(s.leaf().concretize());
        self.push(fx, Expression::Literal(s.concrete_literal()), ty, span)
    }
}

fn unreachable_operand() -> R<Operand> {
    Err(Reported)
}

/// How to fix operands of different scalar types (WGSL has no implicit conversions between
/// concrete types).
fn mixed_operand_hint(a: Leaf, b: Leaf) -> Option<String> {
    let (concrete, other) = match (a, b) {
        (Leaf::Concrete(c), o) | (o, Leaf::Concrete(c)) => (c, o),
        _ => return None,
    };
    let name = crate::type_names::wgsl_scalar(concrete);
    Some(match other {
        Leaf::AFloat => format!("a float literal does not convert to `{name}`; write an integer literal or convert the other side, e.g. `f32(x)`"),
        Leaf::Concrete(o) => {
            let other_name = crate::type_names::wgsl_scalar(o);
            format!("WGSL does not convert between `{name}` and `{other_name}` implicitly; convert one side, e.g. `{other_name}(x)`")
        }
        Leaf::AInt => return None,
    })
}

pub(super) fn op_symbol(op: ast::BinaryOp) -> &'static str {
    use ast::BinaryOp as B;
    match op {
        B::Add => "+",
        B::Subtract => "-",
        B::Multiply => "*",
        B::Divide => "/",
        B::Modulo => "%",
        B::Equal => "==",
        B::NotEqual => "!=",
        B::Less => "<",
        B::LessEqual => "<=",
        B::Greater => ">",
        B::GreaterEqual => ">=",
        B::And => "&",
        B::Or => "|",
        B::Xor => "^",
        B::LogicalAnd => "&&",
        B::LogicalOr => "||",
        B::ShiftLeft => "<<",
        B::ShiftRight => ">>",
    }
}

/// `xyzw` or `rgba` letters (not mixed) to component indices, if valid for a vector of `n`:
/// the indices (zero after the last) and how many there are.
fn swizzle_pattern(s: &str, n: u32) -> Option<([u8; 4], usize)> {
    if s.is_empty() || s.len() > 4 {
        return None;
    }
    let letters: &[u8; 4] = if s.bytes().all(|c| b"xyzw".contains(&c)) {
        b"xyzw"
    } else if s.bytes().all(|c| b"rgba".contains(&c)) {
        b"rgba"
    } else {
        return None;
    };
    let mut pattern = [0u8; 4];
    for (slot, c) in pattern.iter_mut().zip(s.bytes()) {
        let i = letters.iter().position(|&l| l == c)? as u8;
        if u32::from(i) >= n {
            return None;
        }
        *slot = i;
    }
    Some((pattern, s.len()))
}

/// The rules on a constant right operand that hold whatever the left one is: an integer
/// divisor is not zero (WGSL §8.7), a shift amount is below the left type's bit width (§8.9).
fn check_constant_right_operand(op: ast::BinaryOp, left: Leaf, right: &Constant) -> Result<(), EvalError> {
    use ast::BinaryOp as B;
    let amounts = || scalars(right).filter_map(|c| c.as_int());
    match op {
        B::Divide | B::Modulo if left.is_integer() => {
            amounts().map(|y| check_divisor(y).map_err(|f| consteval::fault_error(f, left))).collect()
        }
        B::ShiftLeft | B::ShiftRight if left.is_integer() => amounts()
            .map(|y| check_shift_amount(y, u32::from(left.ir_scalar().width) * 8).map_err(|f| consteval::fault_error(f, left)))
            .collect(),
        _ => Ok(()),
    }
}

/// The scalars of a constant scalar (one) or vector, as [`Constant::components`] gives them but
/// without collecting them; none for other constants (a matrix, an array, a struct).
fn scalars(c: &Constant) -> impl Iterator<Item = LeafValue> + '_ {
    let values: &[Value<LeafValue>] = match c {
        Constant::Value(v @ Value::Scalar(_)) => std::slice::from_ref(v),
        Constant::Value(Value::Composite(values)) if is_vector(values) => values,
        _ => &[],
    };
    values.iter().filter_map(|v| match v {
        Value::Scalar(s) => Some(*s),
        Value::Composite(_) => None,
    })
}

/// Whether a constant is a scalar or a vector (what [`Constant::components`] accepts).
fn is_scalar_or_vector(c: &Constant) -> bool {
    match c {
        Constant::Value(Value::Scalar(_)) => true,
        Constant::Value(Value::Composite(values)) => is_vector(values),
        _ => false,
    }
}

fn is_vector(values: &[Value<LeafValue>]) -> bool {
    values.iter().all(|v| matches!(v, Value::Scalar(_)))
}

/// Const evaluation of a binary operator on scalars and vectors (component-wise, with a
/// scalar broadcast to the other side's size), by [`try_map2`] after converting both sides to
/// one leaf type (the shift amount to `u32` unless both are AbstractInt).
fn const_binary(op: ast::BinaryOp, a: &Constant, b: &Constant) -> Result<Constant, EvalError> {
    use ast::BinaryOp as B;
    let (Constant::Value(va), Constant::Value(vb)) = (a, b) else { return Err(EvalError::NotConst) };
    if !is_scalar_or_vector(a) || !is_scalar_or_vector(b) {
        return Err(EvalError::NotConst);
    }
    let (la, lb) = (a.leaf().ok_or(EvalError::NotConst)?, b.leaf().ok_or(EvalError::NotConst)?);
    let (target_l, target_r) = if matches!(op, B::ShiftLeft | B::ShiftRight) {
        // WGSL §8.9 bit expressions: the shifted value keeps its type, so an AbstractInt stays
        // abstract (64-bit) even when the shift amount is a u32.
        (la, if la == Leaf::AInt && lb == Leaf::AInt { Leaf::AInt } else { Leaf::Concrete(Scalar::U32) })
    } else {
        let common = common_leaf(la, lb).ok_or(EvalError::NotConst)?;
        (common, common)
    };
    let conv = |v: &Value<LeafValue>, t: Leaf| crate::ir::consteval::map1(v, &mut |s| s.convert_auto(t)).ok_or(EvalError::NotConst);
    let (va, vb) = (conv(va, target_l)?, conv(vb, target_r)?);
    let vector = matches!(va, Value::Composite(_)) || matches!(vb, Value::Composite(_));
    if matches!(op, B::LogicalAnd | B::LogicalOr) && vector {
        return Err(EvalError::NotConst);
    }
    let ir_op = op.to_ir();
    // A fault is reported against the left operand's leaf type.
    let left = target_l;
    try_map2(&va, &vb, &|x, y| x.binary(ir_op, y)).map(Constant::Value).map_err(|f| consteval::fault_error(f, left))
}

/// The vector size or matrix shape a type-inferring value constructor's name gives (`vec3`,
/// `mat2x3`; `array` gives neither).
fn inferred_shape(name: &str) -> (Option<VectorSize>, Option<(VectorSize, VectorSize)>) {
    let vec_size = match name {
        "vec2" => Some(VectorSize::Bi),
        "vec3" => Some(VectorSize::Tri),
        "vec4" => Some(VectorSize::Quad),
        _ => None,
    };
    let mat = if name.len() == 6 && name.starts_with("mat") && name.as_bytes()[4] == b'x' {
        let b = name.as_bytes();
        VectorSize::from_u32(b[3].wrapping_sub(b'0') as u32).zip(VectorSize::from_u32(b[5].wrapping_sub(b'0') as u32))
    } else {
        None
    };
    (vec_size, mat)
}

/// Whether `name` without a template is a value constructor that infers its type (WGSL §16.1:
/// `vecN(...)`, `matCxR(...)`, `array(...)`).
fn is_inferred_constructor(name: &str) -> bool {
    let (vec_size, mat) = inferred_shape(name);
    vec_size.is_some() || mat.is_some() || name == "array"
}
