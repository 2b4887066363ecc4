//! Lowering of WGSL function bodies and statements (WGSL §9 "Statements"), and of entry
//! points: WGSL's parameters and return values become IR `Input`/`Output` globals read and
//! written by a generated wrapper function (WGSL §13 "Entry Points").

use super::ast::{self, Expr, ExprKind, StmtKind};
use crate::ir::consteval::{common_leaf, Constant, Evaluator, Leaf, LeafValue, Rules};
use crate::type_names::wgsl_leaf;
use super::lower::{ident_of, FnCtx, Local, Lowerer, Operand, Reported, R};
use crate::ir::*;
use crate::span::Span;
use crate::hash::FxHashMap as HashMap;

/// The largest workgroup size per dimension we accept.
const MAX_WORKGROUP_SIZE: u32 = 0x4000;

/// What a `@workgroup_size` argument must be (WGSL §12.3.x `workgroup_size`).
const WORKGROUP_SIZE_TYPE: &str = "a @workgroup_size argument must be a const- or override-expression of type i32 or u32";

/// The first `@location` we reject.
const MAX_LOCATION: u32 = 1024;

impl<'a> Lowerer<'a> {
    pub(super) fn function_body(&mut self, handle: Handle<Function>, f: &ast::FunctionDecl) -> R<()> {
        let func = std::mem::take(&mut self.module.functions[handle]);
        let mut fx = FnCtx::new(func);
        fx.scopes = std::mem::take(&mut self.spare_scopes);
        fx.current = Some(handle);
        for (i, p) in f.params.iter().enumerate() {
            if fx.scopes.in_innermost(&p.name.name).is_some() {
                self.error(format!("parameter `{}` is declared twice", p.name.name), p.name.span);
            }
            fx.scopes.declare(&p.name.name, Local::Arg(i as u32), p.name.span);
        }
        // WGSL §5.2 (Scope): the parameters and the body's outermost declarations share one
        // scope, so a `let`/`var`/`const` there may not reuse a parameter's name.
        let mut body = Block::new();
        self.stmts_into(&mut fx, &mut body, &f.body.stmts);
        if fx.func.result.is_some() && !block_returns(&f.body) {
            self.error(format!("function `{}` must return a value on every path", f.name.name), f.name.span);
        }
        fx.func.body = body;
        fx.scopes.clear();
        self.spare_scopes = fx.scopes;
        self.module.functions[handle] = fx.func;
        if let Some(stage) = self.entry_stage(f)? {
            self.entry_point(handle, f, stage)?;
        }
        Ok(())
    }

    pub(super) fn block(&mut self, fx: &mut FnCtx, b: &ast::Block) -> Block {
        fx.scopes.open();
        let mut out = Block::new();
        self.stmts_into(fx, &mut out, &b.stmts);
        fx.scopes.close();
        out
    }

    fn stmts_into(&mut self, fx: &mut FnCtx, out: &mut Block, stmts: &[ast::Stmt]) {
        for s in stmts {
            let _ = self.stmt(fx, out, s);
        }
    }

    fn declare(&mut self, fx: &mut FnCtx, name: &ast::Ident, local: Local) {
        if let Some((previous, prev)) = fx.scopes.in_innermost(&name.name) {
            let parameter = matches!(previous, Local::Arg(_));
            let mut d = crate::diag::Diagnostic::error(format!("`{}` is already declared in this scope", name.name), name.span)
                .with_secondary(prev, if parameter { "declared here as a parameter" } else { "previous declaration" });
            if parameter {
                d = d.with_note("WGSL §5.2 (Scope): a function's parameters and the declarations of its body's outermost block are in one scope");
            }
            self.diags.push(d);
        }
        fx.scopes.declare(&name.name, local, name.span);
    }

    fn stmt(&mut self, fx: &mut FnCtx, out: &mut Block, s: &ast::Stmt) -> R<()> {
        let span = s.span;
        match &s.kind {
            StmtKind::Block(b) => {
                let block = self.block(fx, b);
                out.push(Statement::Block(block), span);
            }
            StmtKind::Var(v) => {
                if let Err(r) = self.local_var(fx, out, v) {
                    self.declare(fx, &v.name, Local::Failed);
                    return Err(r);
                }
            }
            StmtKind::Let { name, ty, init } => {
                let local = self.let_binding(fx, out, name, ty.map(|t| self.ex(t)), self.ex(*init), span);
                self.declare(fx, name, local.clone().unwrap_or(Local::Failed));
                local?;
            }
            StmtKind::Const(c) => {
                let init = self.ex(c.init);
                let value = self.const_expr(Some(fx), init).and_then(|value| match c.ty.map(|t| self.ex(t)) {
                    Some(t) => {
                        let ty = self.resolve_type(Some(fx), t)?;
                        self.convert_value(&value, ty, init.span)
                    }
                    None => Ok(value),
                });
                match value {
                    Ok(value) => self.declare(fx, &c.name, Local::Const(value)),
                    Err(r) => {
                        self.declare(fx, &c.name, Local::Failed);
                        return Err(r);
                    }
                }
            }
            StmtKind::Assign { lhs: None, rhs, .. } => {
                let rhs = self.ex(*rhs);
                let op = self.expr(fx, out, rhs)?;
                match op {
                    Operand::Const(_) => {}
                    Operand::Void => return Err(self.error("`_ = ` needs a value; this call returns nothing", rhs.span)),
                    other => {
                        let h = self.rvalue(fx, other, rhs.span)?;
                        out.push(Statement::Eval(h), span);
                    }
                }
            }
            StmtKind::Assign { lhs: Some(lhs), op: None, rhs } => {
                let (lhs, rhs) = (self.ex(*lhs), self.ex(*rhs));
                let (pointer, pointee) = self.assignable(fx, out, lhs)?;
                let value = self.expr(fx, out, rhs)?;
                let value = self.coerce(fx, value, pointee, rhs.span)?;
                out.push(Statement::Store { pointer, value }, span);
            }
            StmtKind::Assign { lhs: Some(lhs), op: Some(op), rhs } => {
                let (lhs, rhs) = (self.ex(*lhs), self.ex(*rhs));
                let rhs_span = rhs.span;
                self.read_modify_write(fx, out, lhs, span, |lw, fx, out, current| {
                    let r = lw.expr(fx, out, rhs)?;
                    lw.binary_operands(fx, *op, current, r, lhs.span, rhs_span, span)
                })?;
            }
            StmtKind::Increment(e) | StmtKind::Decrement(e) => {
                let op = if matches!(s.kind, StmtKind::Increment(_)) { ast::BinaryOp::Add } else { ast::BinaryOp::Subtract };
                let e = self.ex(*e);
                self.read_modify_write(fx, out, e, span, |lw, fx, _out, current| {
                    let leaf = lw.operand_leaf(fx, &current);
                    if !leaf.is_some_and(|l| l.is_integer()) || !matches!(lw.operand_type(fx, &current).map(|t| lw.module.inner(t)), Some(TypeInner::Scalar(_))) {
                        return Err(lw.error("`++` and `--` need an integer scalar variable", e.span));
                    }
                    lw.binary_operands(fx, op, current, Operand::Const(Constant::scalar(LeafValue::abstract_int(1))), e.span, span, span)
                })?;
            }
            StmtKind::Call(e) => {
                let e = self.ex(*e);
                let result = self.expr(fx, out, e)?;
                if !matches!(result, Operand::Void) {
                    self.check_must_use(e)?;
                }
                if let Operand::Value(h) = result {
                    out.push(Statement::Eval(h), span);
                }
            }
            StmtKind::If { condition, accept, reject } => {
                let condition = self.ex(*condition);
                let c = self.expr(fx, out, condition)?;
                let bool_ty = self.scalar_ty(Scalar::BOOL);
                let condition = self.coerce(fx, c, bool_ty, condition.span)?;
                let accept = self.block(fx, accept);
                let reject = match reject {
                    None => Block::new(),
                    Some(r) => match &r.kind {
                        StmtKind::Block(b) => self.block(fx, b),
                        _ => {
                            let mut b = Block::new();
                            let _ = self.stmt(fx, &mut b, r);
                            b
                        }
                    },
                };
                out.push(Statement::If { condition, accept, reject }, span);
            }
            StmtKind::Switch { selector, clauses } => self.switch(fx, out, self.ex(*selector), clauses, span)?,
            StmtKind::Loop { body, continuing, .. } => {
                if let Some((at, name)) = continuing.as_ref().and_then(|c| continue_bypassing_declaration(self.tu_unit(), body, c)) {
                    let message = format!(
                        "this `continue` skips the declaration of `{name}`, which the loop's `continuing` block uses \
                         (WGSL §9.4.8: a continue must not transfer control past a declaration used in the continuing construct)"
                    );
                    let _ = self.error(message, at);
                }
                fx.scopes.open();
                fx.loops += 1;
                let saved_switches = std::mem::replace(&mut fx.switches, 0);
                let mut ir_body = Block::new();
                self.stmts_into(fx, &mut ir_body, &body.stmts);
                let mut ir_continuing = Block::new();
                let mut break_if = None;
                if let Some(c) = continuing {
                    let saved_continuing = fx.in_continuing.replace(fx.loops);
                    fx.scopes.open();
                    self.stmts_into(fx, &mut ir_continuing, &c.body.stmts);
                    if let Some(e) = c.break_if.map(|e| self.ex(e)) {
                        if let Ok(op) = self.expr(fx, &mut ir_continuing, e) {
                            let bool_ty = self.scalar_ty(Scalar::BOOL);
                            break_if = self.coerce(fx, op, bool_ty, e.span).ok();
                        }
                    }
                    fx.scopes.close();
                    fx.in_continuing = saved_continuing;
                }
                fx.switches = saved_switches;
                fx.loops -= 1;
                fx.scopes.close();
                out.push(Statement::Loop { body: ir_body, continuing: ir_continuing, break_if }, span);
            }
            StmtKind::For { init, condition, update, body, .. } => {
                fx.scopes.open();
                let mut outer = Block::new();
                if let Some(init) = init {
                    let _ = self.stmt(fx, &mut outer, init);
                }
                fx.loops += 1;
                let saved_switches = std::mem::replace(&mut fx.switches, 0);
                let mut ir_body = Block::new();
                if let Some(c) = condition.map(|c| self.ex(c)) {
                    let _ = self.break_unless(fx, &mut ir_body, c);
                }
                let inner = self.block(fx, body);
                ir_body.push(Statement::Block(inner), body.span);
                let mut ir_continuing = Block::new();
                if let Some(u) = update {
                    let _ = self.stmt(fx, &mut ir_continuing, u);
                }
                fx.switches = saved_switches;
                fx.loops -= 1;
                fx.scopes.close();
                outer.push(Statement::Loop { body: ir_body, continuing: ir_continuing, break_if: None }, span);
                out.push(Statement::Block(outer), span);
            }
            StmtKind::While { condition, body, .. } => {
                fx.loops += 1;
                let saved_switches = std::mem::replace(&mut fx.switches, 0);
                let mut ir_body = Block::new();
                let _ = self.break_unless(fx, &mut ir_body, self.ex(*condition));
                let inner = self.block(fx, body);
                ir_body.push(Statement::Block(inner), body.span);
                fx.switches = saved_switches;
                fx.loops -= 1;
                out.push(Statement::Loop { body: ir_body, continuing: Block::new(), break_if: None }, span);
            }
            StmtKind::Break => {
                // WGSL §9.4.x: a `break` may not leave a continuing block to end its loop (use
                // `break if`); a loop or switch nested inside the continuing block is fine.
                if fx.in_continuing == Some(fx.loops) && fx.switches == 0 {
                    return Err(self.error("`break` is not allowed in a continuing block; use `break if`", span));
                }
                if fx.loops == 0 && fx.switches == 0 {
                    return Err(self.error("`break` outside of a loop or switch", span));
                }
                out.push(Statement::Break, span);
            }
            StmtKind::Continue => {
                if fx.loops == 0 || fx.in_continuing == Some(fx.loops) {
                    return Err(self.error("`continue` outside of a loop body", span));
                }
                out.push(Statement::Continue, span);
            }
            StmtKind::Return(value) => {
                let value = match (value.map(|e| self.ex(e)), fx.func.result) {
                    (None, None) => None,
                    (Some(e), Some(ty)) => {
                        let op = self.expr(fx, out, e)?;
                        Some(self.coerce(fx, op, ty, e.span)?)
                    }
                    (Some(e), None) => return Err(self.error("this function does not return a value", e.span)),
                    (None, Some(ty)) => {
                        return Err(self.error(format!("expected a return value of type `{}`", self.type_name(ty)), span))
                    }
                };
                if fx.in_continuing.is_some() {
                    return Err(self.error("`return` is not allowed in a continuing block", span));
                }
                out.push(Statement::Return { value }, span);
            }
            StmtKind::Discard => out.push(Statement::Kill, span),
            StmtKind::ConstAssert(e) => {
                self.const_assert(Some(fx), self.ex(*e), span)?;
            }
            StmtKind::Fallthrough => {
                return Err(self.error("`fallthrough` must be the last statement of a switch case", span));
            }
        }
        Ok(())
    }

    /// A call statement drops its result: an error for `@must_use` functions and for built-ins
    /// whose only purpose is their value (WGSL §11.4 "must_use", §17).
    fn check_must_use(&mut self, call: &Expr) -> R<()> {
        let ast::ExprKind::Call { callee, .. } = &call.kind else { return Ok(()) };
        let name = match &self.ex(*callee).kind {
            ast::ExprKind::Ident(id) => id,
            ast::ExprKind::Templated { name, .. } => name,
            _ => return Ok(()),
        };
        let user = self.tu_decls().iter().find_map(|d| match d {
            ast::GlobalDecl::Function(f) if f.name.name == name.name => Some(f),
            _ => None,
        });
        let must_use = match user {
            Some(f) => f.attrs.iter().any(|a| a.name.name == "must_use"),
            // Built-ins with side effects may drop their value; value-only built-ins and
            // type constructors may not.
            None => !name.name.starts_with("atomic") && name.name != "workgroupUniformLoad",
        };
        if must_use {
            return Err(self.error(format!("the result of `{}` must be used; assign it or write `_ = ...`", name.name), call.span));
        }
        Ok(())
    }

    /// `if !(condition) { break; }`
    fn break_unless(&mut self, fx: &mut FnCtx, out: &mut Block, condition: &Expr) -> R<()> {
        let c = self.expr(fx, out, condition)?;
        let bool_ty = self.scalar_ty(Scalar::BOOL);
        let c = self.coerce(fx, c, bool_ty, condition.span)?;
        let not = self.push(fx, Expression::Unary { op: UnaryOp::LogicalNot, expr: c }, bool_ty, condition.span);
        let mut accept = Block::new();
        accept.push(Statement::Break, condition.span);
        out.push(Statement::If { condition: not, accept, reject: Block::new() }, condition.span);
        Ok(())
    }

    /// `let name: ty = init;`: the binding, or `Err` after reporting why it failed.
    fn let_binding(&mut self, fx: &mut FnCtx, out: &mut Block, name: &ast::Ident, ty: Option<&Expr>, init: &Expr, span: Span) -> R<Local> {
        let op = self.expr(fx, out, init)?;
        let value = match ty {
            Some(t) => {
                let ty = self.resolve_type(Some(fx), t)?;
                self.coerce(fx, op, ty, init.span)?
            }
            None => self.rvalue(fx, op, init.span)?,
        };
        let ty = self.ety(fx, value);
        let binding = fx.func.lets.append(LetBinding { name: Some(String::from(name.name.as_str())), ty }, name.span);
        out.push(Statement::Let { binding, value }, span);
        Ok(Local::Let(binding))
    }

    fn local_var(&mut self, fx: &mut FnCtx, out: &mut Block, v: &ast::VarDecl) -> R<()> {
        if let Some(space) = v.space(self.tu_unit()) {
            if space.name != "function" {
                return Err(self.error(format!("a `var` inside a function must be in the function address space, found `{}`", space.name), space.span));
            }
        }
        let declared = match v.ty {
            Some(t) => Some(self.resolve_type(Some(fx), self.ex(t))?),
            None => None,
        };
        let init = match v.init.map(|e| self.ex(e)) {
            Some(e) => Some((self.expr(fx, out, e)?, e.span)),
            None => None,
        };
        let (ty, value) = match (declared, init) {
            (Some(ty), Some((op, s))) => (ty, self.coerce(fx, op, ty, s)?),
            (None, Some((op, s))) => {
                let h = self.rvalue(fx, op, s)?;
                (self.ety(fx, h), h)
            }
            (Some(ty), None) => (ty, self.push(fx, Expression::ZeroValue(ty), ty, v.span)),
            (None, None) => return Err(self.error("a variable needs a type or an initializer", v.name.span)),
        };
        if self.override_sized(ty) {
            return Err(self.error(super::lower::OVERRIDE_SIZED_ONLY_WORKGROUP, v.ty.map_or(v.name.span, |t| self.ex(t).span)));
        }
        if !self.is_storable(ty) {
            return Err(self.error(format!("a function variable cannot hold `{}`", self.type_name(ty)), v.name.span));
        }
        let local = fx.func.locals.append(LocalVariable { name: Some(String::from(v.name.name.as_str())), ty }, v.span);
        let ptr = self.ptr_ty(ty, AddressSpace::Function);
        let pointer = self.push(fx, Expression::LocalVar(local), ptr, v.name.span);
        out.push(Statement::Store { pointer, value }, v.span);
        self.declare(fx, &v.name, Local::Var(local));
        Ok(())
    }

    fn is_storable(&self, ty: Handle<Type>) -> bool {
        match self.module.inner(ty) {
            TypeInner::Scalar(_) | TypeInner::Vector { .. } | TypeInner::Matrix { .. } => true,
            TypeInner::Array { base, size: ArraySize::Constant(_), .. } => self.is_storable(*base),
            TypeInner::Struct { members, .. } => members.iter().all(|m| self.is_storable(m.ty)),
            _ => false,
        }
    }

    /// The pointer and pointee type of an assignment's left-hand side, after checking that
    /// it may be written.
    fn assignable(&mut self, fx: &mut FnCtx, out: &mut Block, lhs: &Expr) -> R<(Handle<Expression>, Handle<Type>)> {
        let op = self.expr(fx, out, lhs)?;
        let Operand::Ref(p) = op else {
            return Err(self.error("cannot assign to this expression; it is not a variable reference", lhs.span));
        };
        let ptr_ty = self.ety(fx, p);
        let Some((pointee, space)) = self.module.inner(ptr_ty).pointer_base() else {
            return Err(self.error("cannot assign to this expression", lhs.span));
        };
        let writable = match space {
            AddressSpace::Storage { access } => access.store,
            AddressSpace::Uniform | AddressSpace::Handle | AddressSpace::PushConstant | AddressSpace::Input => false,
            _ => true,
        };
        if !writable {
            return Err(self.error(
                format!("cannot write to `{}`: the {} address space is read-only here", self.type_name(pointee), crate::type_names::wgsl_space(space)),
                lhs.span,
            ));
        }
        if matches!(self.module.inner(pointee), TypeInner::Atomic(_)) {
            return Err(self.error("atomics can only be written with atomicStore and the other atomic built-ins", lhs.span));
        }
        Ok((p, pointee))
    }

    /// `lhs = f(lhs)` with `lhs` evaluated once: the pointer is bound to a `let` first.
    fn read_modify_write(
        &mut self,
        fx: &mut FnCtx,
        out: &mut Block,
        lhs: &Expr,
        span: Span,
        f: impl FnOnce(&mut Self, &mut FnCtx, &mut Block, Operand) -> R<Operand>,
    ) -> R<()> {
        let (pointer, pointee) = self.assignable(fx, out, lhs)?;
        let ptr_ty = self.ety(fx, pointer);
        let binding = fx.func.lets.append(LetBinding { name: None, ty: ptr_ty }, lhs.span);
        out.push(Statement::Let { binding, value: pointer }, span);
        let p1 = self.push(fx, Expression::LetRef(binding), ptr_ty, lhs.span);
        let current = self.push(fx, Expression::Load { pointer: p1 }, pointee, lhs.span);
        let result = f(self, fx, out, Operand::Value(current))?;
        let value = self.coerce(fx, result, pointee, span)?;
        let p2 = self.push(fx, Expression::LetRef(binding), ptr_ty, lhs.span);
        out.push(Statement::Store { pointer: p2, value }, span);
        Ok(())
    }

    fn switch(&mut self, fx: &mut FnCtx, out: &mut Block, selector: &Expr, clauses: &[ast::SwitchClause], span: Span) -> R<()> {
        let sel = self.expr(fx, out, selector)?;
        let mut leaf = self.operand_leaf(fx, &sel);
        if !leaf.is_some_and(|l| l.is_integer()) {
            return Err(self.error("a switch selector must be an i32 or u32 scalar", selector.span));
        }
        // Case values and the selector share one type (WGSL §9.4.2).
        let mut values = Vec::new();
        for clause in clauses {
            for s in clause.selectors.iter().flatten() {
                let v = self.const_expr(Some(fx), s)?;
                match v.leaf() {
                    Some(l) if l.is_integer() => {
                        leaf = match common_leaf(leaf.unwrap_or(Leaf::AInt), l) {
                            Some(c) => Some(c),
                            None => return Err(self.error(format!("case value of type {} does not match the selector", wgsl_leaf(l)), s.span)),
                        }
                    }
                    _ => return Err(self.error("a case value must be an integer constant", s.span)),
                }
                values.push((v, s.span));
            }
        }
        let leaf = Leaf::Concrete(leaf.unwrap_or(Leaf::AInt).concretize());
        let sel = self.coerce_leaf(fx, sel, leaf, selector.span)?;
        let selector_h = self.rvalue(fx, sel, selector.span)?;
        let mut seen: Vec<(SwitchValue, Span)> = Vec::new();
        let mut cases = Vec::new();
        let mut has_default = false;
        fx.switches += 1;
        for clause in clauses {
            let mut case_values = Vec::new();
            for s in &clause.selectors {
                let value = match s {
                    None => {
                        if has_default {
                            self.error("a switch can have only one `default`", clause.span);
                        }
                        has_default = true;
                        SwitchValue::Default
                    }
                    Some(e) => {
                        let v = self.const_expr(Some(fx), e)?;
                        match v.as_scalar().and_then(|s| s.convert_auto(leaf)).map(LeafValue::literal) {
                            Some(Literal::I32(i)) => SwitchValue::I32(i),
                            Some(Literal::U32(u)) => SwitchValue::U32(u),
                            _ => return Err(self.error("case value out of range for the selector type", e.span)),
                        }
                    }
                };
                let sspan = s.as_ref().map_or(clause.span, |e| e.span);
                if let Some((_, prev)) = seen.iter().find(|(v, _)| *v == value && value != SwitchValue::Default) {
                    let prev = *prev;
                    self.diags.push(
                        crate::diag::Diagnostic::error("duplicate case value", sspan).with_secondary(prev, "first used here"),
                    );
                }
                seen.push((value, sspan));
                case_values.push(value);
            }
            let fall_through = clause.body.stmts.last().is_some_and(|s| matches!(s.kind, StmtKind::Fallthrough));
            let stmts = if fall_through { &clause.body.stmts[..clause.body.stmts.len() - 1] } else { &clause.body.stmts[..] };
            fx.scopes.open();
            let mut body = Block::new();
            self.stmts_into(fx, &mut body, stmts);
            fx.scopes.close();
            cases.push(SwitchCase { values: case_values, body, fall_through });
        }
        fx.switches -= 1;
        let _ = values;
        if !has_default {
            return Err(self.error("a switch needs a `default` case", span));
        }
        out.push(Statement::Switch { selector: selector_h, cases }, span);
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // Entry points

    fn entry_stage(&mut self, f: &ast::FunctionDecl) -> R<Option<Stage>> {
        let mut stage = None;
        for a in &f.attrs {
            let s = match a.name.name.as_str() {
                "vertex" => Some(Stage::Vertex),
                "fragment" => Some(Stage::Fragment),
                "compute" => Some(Stage::Compute),
                "stage" => match self.tu_unit().list(a.args).first().and_then(ident_of).map(|i| i.name.as_str()) {
                    Some("vertex") => Some(Stage::Vertex),
                    Some("fragment") => Some(Stage::Fragment),
                    Some("compute") => Some(Stage::Compute),
                    _ => return Err(self.error("expected `vertex`, `fragment` or `compute`", a.span)),
                },
                _ => None,
            };
            if s.is_some() {
                stage = s;
            }
        }
        Ok(stage)
    }

    fn entry_point(&mut self, user: Handle<Function>, f: &ast::FunctionDecl, stage: Stage) -> R<()> {
        let mut workgroup_size = [1u32; 3];
        let mut workgroup_size_overrides = [None; 3];
        let mut has_size = false;
        for a in &f.attrs {
            if a.name.name != "workgroup_size" {
                continue;
            }
            has_size = true;
            if a.args.is_empty() || a.args.len() > 3 {
                return Err(self.error("@workgroup_size takes one to three arguments", a.span));
            }
            // WGSL §12.3.x `workgroup_size`: every argument is a const- or override-expression,
            // all of one type, i32 or u32 (AbstractInt ones convert to it).
            let mut concrete: Option<ScalarKind> = None;
            for (i, arg) in self.tu_unit().list(a.args).iter().enumerate() {
                let (kind, size) = if self.mentions_override(arg) {
                    let (o, kind, default) = self.workgroup_size_override(arg)?;
                    workgroup_size_overrides[i] = Some(o);
                    (Some(kind), default)
                } else {
                    let value = self.const_expr(None, arg)?;
                    let kind = match value.as_scalar().map(LeafValue::leaf) {
                        Some(Leaf::Concrete(s)) if s.width == 4 && matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint) => Some(s.kind),
                        Some(Leaf::AInt) => None,
                        _ => return Err(self.error(WORKGROUP_SIZE_TYPE, arg.span)),
                    };
                    (kind, self.const_u32(None, arg)?)
                };
                if let Some(kind) = kind {
                    match concrete {
                        Some(first) if first != kind => {
                            let name = |k| if k == ScalarKind::Sint { "i32" } else { "u32" };
                            let message = format!(
                                "the arguments of @workgroup_size must all have one type, i32 or u32: this one is {}, an earlier one {}",
                                name(kind),
                                name(first)
                            );
                            return Err(self.error(message, arg.span));
                        }
                        _ => concrete = Some(kind),
                    }
                }
                if size == 0 {
                    return Err(self.error("workgroup size must be at least 1", arg.span));
                }
                // No device has more invocations per dimension; naga's validator uses the same
                // bound, and wgpu's default limits are far lower (256).
                if size > MAX_WORKGROUP_SIZE {
                    return Err(self.error(format!("workgroup size {size} is larger than {MAX_WORKGROUP_SIZE}"), arg.span));
                }
                workgroup_size[i] = size;
            }
        }
        // The January 2021 draft defaults the workgroup size to 1x1x1.
        let draft = f.attrs.iter().any(|a| a.name.name == "stage");
        if stage == Stage::Compute && !has_size && !draft {
            return Err(self.error("a compute entry point needs @workgroup_size", f.name.span));
        }
        let early_fragment_tests = f.attrs.iter().any(|a| a.name.name == "early_depth_test");

        let function = if f.params.is_empty() && f.return_type.is_none() && !self.has_workgroup_globals() {
            user
        } else {
            self.entry_wrapper(user, f, stage)?
        };
        self.entry_user_functions.push((user, function));
        self.module.entry_points.push(EntryPoint {
            name: String::from(f.name.name.as_str()),
            stage,
            function,
            workgroup_size,
            workgroup_size_overrides,
            early_fragment_tests,
        });
        Ok(())
    }

    /// A `@workgroup_size` argument that is an override-expression (WGSL §12.3.x
    /// `workgroup_size`): the override that sizes the dimension (the override itself, or an
    /// id-less one whose initializer is the expression, as for override-sized arrays:
    /// `spec_length::derived_workgroup_size`, which the SPIR-V back end writes as
    /// `OpSpecConstantOp`, or computed by the host where it uses f32 values, and the runtime
    /// evaluates for the wgpu target), its type, and its size with the overrides'
    /// defaults. That size must be positive (a pipeline-creation error in WGSL; naga's verdict
    /// includes pipeline creation with the defaults, and a zero-length override-sized array is
    /// refused the same way); the runtime checks a pipeline's own values.
    fn workgroup_size_override(&mut self, arg: &Expr) -> R<(Handle<Override>, ScalarKind, u32)> {
        let mut scratch = FnCtx::outside_functions();
        let mut block = Block::new();
        let op = self.expr(&mut scratch, &mut block, arg)?;
        let root = self.rvalue(&mut scratch, op, arg.span)?;
        let exprs = &scratch.func.expressions;
        let kind = match *self.module.inner(exprs.ty(root)) {
            TypeInner::Scalar(s) if s.width == 4 && matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint) => s.kind,
            _ => return Err(self.error(WORKGROUP_SIZE_TYPE, arg.span)),
        };
        let o = match exprs[root] {
            Expression::Override(o) => o,
            _ => match crate::spec_length::derived_workgroup_size(&mut self.module, exprs, root) {
                Ok(o) => o,
                Err(message) => return Err(self.error(message, arg.span)),
            },
        };
        // WGSL's evaluation: a concrete integer wraps, a division by zero has no value.
        let default = Evaluator::new(&self.module, Rules::Checked).override_default(o).and_then(|v| v.as_i64());
        let size = match default {
            Some(v) if v >= 1 => u32::try_from(v).unwrap_or(u32::MAX),
            Some(v) => return Err(self.error(format!("workgroup size must be at least 1 (with the overrides' defaults it is {v})"), arg.span)),
            // An override without a default: the pipeline gives it (1 stands in).
            None if crate::ir::interface::roots(&self.module, o).iter().any(|&r| self.module.overrides[r].init.is_none()) => 1,
            None => {
                let message = "with the overrides' defaults, this workgroup size has no value (a division by zero, or a shift by too much)";
                return Err(self.error(message, arg.span));
            }
        };
        Ok((o, kind, size))
    }

    fn has_workgroup_globals(&self) -> bool {
        self.module.globals.iter().any(|(_, g)| g.space == AddressSpace::Workgroup)
    }

    fn entry_wrapper(&mut self, user: Handle<Function>, f: &ast::FunctionDecl, stage: Stage) -> R<Handle<Function>> {
        let mut fx = FnCtx::new(Function { name: Some(format!("{}_entry", f.name.name)), ..Default::default() });
        let mut body = Block::new();
        let mut io_cache: HashMap<(IoBinding, bool), Handle<GlobalVariable>> = HashMap::default();
        self.entry_builtins.clear();
        let span = f.span;

        if stage == Stage::Compute && self.has_workgroup_globals() {
            self.zero_workgroup_memory(&mut fx, &mut body, &mut io_cache, span);
        }

        let params: Vec<_> = self.module.functions[user].arguments.iter().map(|a| a.ty).collect();
        let mut arguments = Vec::new();
        for (p, ty) in f.params.iter().zip(params) {
            let value = self.entry_input(&mut fx, &mut io_cache, &p.attrs, ty, stage, p.span)?;
            arguments.push(value);
        }
        match self.module.functions[user].result {
            None => body.push(Statement::Call { function: user, arguments }, span),
            Some(ty) => {
                let call = self.push(&mut fx, Expression::Call { function: user, arguments }, ty, span);
                let binding = fx.func.lets.append(LetBinding { name: None, ty }, span);
                body.push(Statement::Let { binding, value: call }, span);
                let result_span = f.return_type.as_ref().map_or(span, |t| t.span);
                self.entry_output(&mut fx, &mut body, &mut io_cache, &f.return_attrs, ty, binding, None, stage, result_span)?;
            }
        }
        fx.func.body = body;
        Ok(self.module.functions.append(fx.func, span))
    }

    /// WGSL zero-initializes workgroup memory: one invocation stores zeros, then a barrier
    /// (the IR's one form, [`crate::ir::workgroup::zero_workgroup_memory`]).
    fn zero_workgroup_memory(&mut self, fx: &mut FnCtx, body: &mut Block, io_cache: &mut HashMap<(IoBinding, bool), Handle<GlobalVariable>>, span: Span) {
        let u32_ty = self.scalar_ty(Scalar::U32);
        let index = self.io_global(io_cache, IoBinding::BuiltIn(BuiltIn::LocalInvocationIndex), false, u32_ty, span);
        let workgroup: Vec<_> = self.module.globals.iter().filter(|(_, g)| g.space == AddressSpace::Workgroup).map(|(h, _)| h).collect();
        let zeroing = crate::ir::workgroup::zero_workgroup_memory(&mut self.module, &mut fx.func.expressions, index, &workgroup, span);
        body.body.extend(zeroing.body);
        body.spans.extend(zeroing.spans);
    }

    /// WGSL §13.3.1.1 (built-in inputs and outputs): a built-in value is at most once among an
    /// entry point's inputs, and at most once among its outputs.
    fn declare_entry_builtin(&mut self, io: IoBinding, output: bool, span: Span) {
        let IoBinding::BuiltIn(b) = io else { return };
        if let Some(&first) = self.entry_builtins.get(&(b, output)) {
            let direction = if output { "outputs" } else { "inputs" };
            self.diags.push(
                crate::diag::Diagnostic::error(format!("built-in {b:?} is declared twice among the entry point's {direction}"), span)
                    .with_secondary(first, "first declared here")
                    .with_note("WGSL §13.3.1.1: each built-in value is an entry point input (or output) at most once"),
            );
        } else {
            self.entry_builtins.insert((b, output), span);
        }
    }

    fn io_global(&mut self, cache: &mut HashMap<(IoBinding, bool), Handle<GlobalVariable>>, io: IoBinding, output: bool, ty: Handle<Type>, span: Span) -> Handle<GlobalVariable> {
        // Built-ins are shared; every user-defined location gets its own variable, so that two
        // uses of one location reach the overlap check (checks.rs) instead of merging.
        if let Some(&g) = cache.get(&(io, output)) {
            if !matches!(io, IoBinding::Location { .. }) {
                return g;
            }
        }
        let name = match io {
            IoBinding::BuiltIn(b) => format!("{b:?}"),
            IoBinding::Location { location, .. } => format!("{}{location}", if output { "out" } else { "in" }),
        };
        let g = self.module.globals.append(
            GlobalVariable {
                name: Some(name),
                space: if output { AddressSpace::Output } else { AddressSpace::Input },
                binding: None,
                io: Some(io),
                invariant: false,
                memory: MemoryQualifiers::default(),
                ty,
                init: None,
            },
            span,
        );
        cache.entry((io, output)).or_insert(g);
        g
    }

    fn struct_decl_of(&self, ty: Handle<Type>) -> Option<&'a ast::StructDecl> {
        let name = self.module.types[ty].name.as_deref()?;
        self.tu_decls().iter().find_map(|d| match d {
            ast::GlobalDecl::Struct(s) if s.name.name == name => Some(s),
            _ => None,
        })
    }

    fn entry_input(
        &mut self,
        fx: &mut FnCtx,
        cache: &mut HashMap<(IoBinding, bool), Handle<GlobalVariable>>,
        attrs: &[ast::Attribute],
        ty: Handle<Type>,
        stage: Stage,
        span: Span,
    ) -> R<Handle<Expression>> {
        if let Some(io) = self.io_binding(attrs, Some(stage), false, ty)? {
            self.declare_entry_builtin(io, false, span);
            let g = self.io_global(cache, io, false, ty, span);
            if attrs.iter().any(|a| a.name.name == "invariant") {
                self.module.globals[g].invariant = true;
            }
            let ptr = self.ptr_ty(ty, AddressSpace::Input);
            let p = self.push(fx, Expression::GlobalVar(g), ptr, span);
            return Ok(self.push(fx, Expression::Load { pointer: p }, ty, span));
        }
        let (Some(members), Some(decl)) = (self.module.member_types(ty), self.struct_decl_of(ty)) else {
            return Err(self.error("an entry point parameter needs @location or @builtin", span));
        };
        let mut components = Vec::with_capacity(members.len());
        for (m, dm) in members.into_iter().zip(&decl.members) {
            components.push(self.entry_input(fx, cache, &dm.attrs, m, stage, dm.span)?);
        }
        Ok(self.push(fx, Expression::Compose { components }, ty, span))
    }

    #[allow(clippy::too_many_arguments)]
    fn entry_output(
        &mut self,
        fx: &mut FnCtx,
        body: &mut Block,
        cache: &mut HashMap<(IoBinding, bool), Handle<GlobalVariable>>,
        attrs: &[ast::Attribute],
        ty: Handle<Type>,
        binding: Handle<LetBinding>,
        member_path: Option<u32>,
        stage: Stage,
        span: Span,
    ) -> R<()> {
        let value_of = |lw: &mut Self, fx: &mut FnCtx, mty: Handle<Type>| {
            let whole_ty = fx.func.lets[binding].ty;
            let whole = lw.push(fx, Expression::LetRef(binding), whole_ty, span);
            match member_path {
                None => whole,
                Some(i) => lw.push(fx, Expression::AccessIndex { base: whole, index: i }, mty, span),
            }
        };
        if let Some(io) = self.io_binding(attrs, Some(stage), true, ty)? {
            self.declare_entry_builtin(io, true, span);
            let g = self.io_global(cache, io, true, ty, span);
            if attrs.iter().any(|a| a.name.name == "invariant") {
                self.module.globals[g].invariant = true;
            }
            let ptr = self.ptr_ty(ty, AddressSpace::Output);
            let value = value_of(self, fx, ty);
            let pointer = self.push(fx, Expression::GlobalVar(g), ptr, span);
            body.push(Statement::Store { pointer, value }, span);
            return Ok(());
        }
        let (Some(members), Some(decl), None) = (self.module.member_types(ty), self.struct_decl_of(ty), member_path) else {
            return Err(self.error("an entry point result needs @location or @builtin", span));
        };
        for (i, (m, dm)) in members.into_iter().zip(&decl.members).enumerate() {
            self.entry_output(fx, body, cache, &dm.attrs, m, binding, Some(i as u32), stage, dm.span)?;
        }
        Ok(())
    }

    /// The stage interface decoration from `@builtin`/`@location` attributes (WGSL §13.3).
    pub(super) fn io_binding(&mut self, attrs: &[ast::Attribute], stage: Option<Stage>, output: bool, ty: Handle<Type>) -> R<Option<IoBinding>> {
        let mut location = None;
        let mut interpolation = None;
        let mut sampling = None;
        let mut interpolate_span = None;
        let mut blend_src = None;
        for a in attrs {
            match a.name.name.as_str() {
                "builtin" => {
                    let Some(name) = self.tu_unit().list(a.args).first().and_then(ident_of) else {
                        return Err(self.error("@builtin needs a built-in value name", a.span));
                    };
                    let b = match name.name.as_str() {
                        "position" if !output && stage != Some(Stage::Vertex) => BuiltIn::FragCoord,
                        "position" => BuiltIn::Position,
                        "frag_coord" => BuiltIn::FragCoord,
                        "vertex_index" | "vertex_idx" => BuiltIn::VertexIndex,
                        "instance_index" | "instance_idx" => BuiltIn::InstanceIndex,
                        "front_facing" => BuiltIn::FrontFacing,
                        "frag_depth" => BuiltIn::FragDepth,
                        "sample_index" => BuiltIn::SampleId,
                        "sample_mask" | "sample_mask_in" | "sample_mask_out" => BuiltIn::SampleMask,
                        "local_invocation_id" => BuiltIn::LocalInvocationId,
                        "local_invocation_index" | "local_invocation_idx" => BuiltIn::LocalInvocationIndex,
                        "global_invocation_id" => BuiltIn::GlobalInvocationId,
                        "workgroup_id" => BuiltIn::WorkgroupId,
                        "num_workgroups" => BuiltIn::NumWorkgroups,
                        "subgroup_size" => BuiltIn::SubgroupSize,
                        "subgroup_invocation_id" => BuiltIn::SubgroupInvocationId,
                        "num_subgroups" => BuiltIn::NumSubgroups,
                        "subgroup_id" => BuiltIn::SubgroupId,
                        "clip_distances" => BuiltIn::ClipDistance,
                        "primitive_index" => BuiltIn::PrimitiveId,
                        "view_index" => BuiltIn::ViewIndex,
                        "point_size" => BuiltIn::PointSize,
                        other => return Err(self.error(format!("unknown built-in value `{other}`"), name.span)),
                    };
                    self.check_builtin(&name.name, b, ty, stage, output, name.span)?;
                    return Ok(Some(IoBinding::BuiltIn(b)));
                }
                "location" => {
                    let v = self.attr_u32(a)?;
                    // Far above any device's limit; keeps location arithmetic in validators sane.
                    if v >= MAX_LOCATION {
                        return Err(self.error(format!("location {v} is not below {MAX_LOCATION}"), a.span));
                    }
                    location = Some(v);
                }
                "blend_src" => blend_src = Some(self.attr_u32(a)?),
                "interpolate" => {
                    interpolate_span = Some(a.span);
                    let args = self.tu_unit().list(a.args);
                    interpolation = match args.first().and_then(ident_of).map(|i| i.name.as_str()) {
                        Some("perspective") => Some(Interpolation::Perspective),
                        Some("linear") => Some(Interpolation::Linear),
                        Some("flat") => Some(Interpolation::Flat),
                        _ => return Err(self.error("expected `perspective`, `linear` or `flat`", a.span)),
                    };
                    // WGSL §12.3.x (interpolate): `flat` takes `first` or `either`, `perspective`
                    // and `linear` take `center`, `centroid` or `sample`.
                    let flat = interpolation == Some(Interpolation::Flat);
                    let second = args.get(1).map(|e| ident_of(e).map(|i| i.name.as_str()).ok_or(e.span));
                    sampling = match second.transpose() {
                        Err(span) => return Err(self.error("expected an interpolation sampling name (`center`, `centroid`, `sample`, `first` or `either`)", span)),
                        Ok(None) => None,
                        Ok(Some("first" | "either")) if flat => None,
                        Ok(Some("center")) if !flat => Some(Sampling::Center),
                        Ok(Some("centroid")) if !flat => Some(Sampling::Centroid),
                        Ok(Some("sample")) if !flat => Some(Sampling::Sample),
                        Ok(Some(other @ ("first" | "either" | "center" | "centroid" | "sample"))) => {
                            let (kind, allowed) = if flat { ("flat", "`first` or `either`") } else { ("perspective` and `linear", "`center`, `centroid` or `sample`") };
                            return Err(self.error(format!("interpolation sampling `{other}` is not allowed with `{kind}` interpolation (use {allowed})"), args[1].span));
                        }
                        Ok(Some(other)) => return Err(self.error(format!("unknown interpolation sampling `{other}`"), args[1].span)),
                    };
                }
                _ => {}
            }
        }
        let Some(location) = location else { return Ok(None) };
        let scalar = match self.module.inner(ty) {
            TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => *s,
            _ => return Err(self.error(format!("`{}` cannot be a stage input or output; use a scalar or vector", self.type_name(ty)), self.module.types.span(ty))),
        };
        if scalar.kind == ScalarKind::Bool {
            return Err(self.error("bool cannot be a stage input or output", self.module.types.span(ty)));
        }
        if scalar.kind != ScalarKind::Float {
            // WGSL §12.3.x (interpolate): integer stage variables are not interpolated.
            if let (Some(span), true) = (interpolate_span, interpolation.is_some_and(|i| i != Interpolation::Flat)) {
                return Err(self.error(format!("`{}` is an integer type: its interpolation must be `flat`", self.type_name(ty)), span));
            }
            interpolation = Some(Interpolation::Flat);
        }
        Ok(Some(IoBinding::Location { location, component: None, interpolation, sampling, blend_src }))
    }

    /// WGSL §13.3.1 "Built-in Inputs and Outputs": the type, stage and direction of each.
    fn check_builtin(&mut self, name: &str, b: BuiltIn, ty: Handle<Type>, stage: Option<Stage>, output: bool, span: Span) -> R<()> {
        use Stage::*;
        let inner = self.module.inner(ty);
        let (expected, stages_in, stages_out) = builtin_rules(b);
        let type_ok = match expected {
            "vec4<f32>" => *inner == TypeInner::Vector { size: VectorSize::Quad, scalar: Scalar::F32 },
            "vec3<u32>" => *inner == TypeInner::Vector { size: VectorSize::Tri, scalar: Scalar::U32 },
            "bool" => *inner == TypeInner::Scalar(Scalar::BOOL),
            "f32" => *inner == TypeInner::Scalar(Scalar::F32),
            "array<f32, N>" => matches!(inner, TypeInner::Array { .. }),
            _ => *inner == TypeInner::Scalar(Scalar::U32),
        };
        if !type_ok {
            return Err(self.error(format!("built-in `{name}` must have type `{expected}`, found `{}`", self.type_name(ty)), span));
        }
        let allowed = if output { stages_out } else { stages_in };
        if stage.is_none() && allowed.is_empty() {
            // Draft-syntax `var<in>`/`var<out>`: no stage yet, but the direction must exist.
            let dir = if output { "an output" } else { "an input" };
            return Err(self.error(format!("built-in `{name}` is not {dir} of any stage"), span));
        }
        if let Some(stage) = stage {
            if !allowed.contains(&stage) {
                let dir = if output { "an output" } else { "an input" };
                let st = match stage {
                    Vertex => "vertex",
                    Fragment => "fragment",
                    Compute => "compute",
                };
                return Err(self.error(format!("built-in `{name}` is not {dir} of the {st} stage"), span));
            }
        }
        Ok(())
    }
}

/// WGSL §13.3.1: the type (as WGSL spells it) of a built-in, and the stages that may read
/// it as an input and write it as an output.
pub(super) fn builtin_rules(b: BuiltIn) -> (&'static str, &'static [Stage], &'static [Stage]) {
    use Stage::*;
    match b {
        BuiltIn::Position => ("vec4<f32>", &[], &[Vertex]),
        BuiltIn::FragCoord => ("vec4<f32>", &[Fragment], &[]),
        BuiltIn::VertexIndex | BuiltIn::InstanceIndex => ("u32", &[Vertex], &[]),
        BuiltIn::FrontFacing => ("bool", &[Fragment], &[]),
        BuiltIn::FragDepth => ("f32", &[], &[Fragment]),
        BuiltIn::SampleId | BuiltIn::PrimitiveId => ("u32", &[Fragment], &[]),
        BuiltIn::SampleMask => ("u32", &[Fragment], &[Fragment]),
        BuiltIn::LocalInvocationId | BuiltIn::GlobalInvocationId | BuiltIn::WorkgroupId | BuiltIn::NumWorkgroups => {
            ("vec3<u32>", &[Compute], &[])
        }
        BuiltIn::LocalInvocationIndex | BuiltIn::NumSubgroups | BuiltIn::SubgroupId => ("u32", &[Compute], &[]),
        BuiltIn::SubgroupSize | BuiltIn::SubgroupInvocationId => ("u32", &[Compute, Fragment], &[]),
        BuiltIn::ClipDistance => ("array<f32, N>", &[], &[Vertex]),
        BuiltIn::PointSize => ("f32", &[], &[Vertex]),
        BuiltIn::ViewIndex => ("u32", &[Vertex, Fragment], &[]),
        _ => ("u32", &[Vertex, Fragment, Compute], &[Vertex, Fragment, Compute]),
    }
}

/// WGSL §9.7 behavior analysis, simplified: does every path through the block return (or
/// loop forever)?
fn block_returns(b: &ast::Block) -> bool {
    b.stmts.iter().any(stmt_returns)
}

fn stmt_returns(s: &ast::Stmt) -> bool {
    match &s.kind {
        StmtKind::Return(_) | StmtKind::Discard => true,
        StmtKind::Block(b) => block_returns(b),
        StmtKind::If { accept, reject: Some(r), .. } => block_returns(accept) && stmt_returns(r),
        StmtKind::Switch { clauses, .. } => clauses.iter().all(|c| block_returns(&c.body) || c.body.stmts.last().is_some_and(|s| matches!(s.kind, StmtKind::Fallthrough))),
        StmtKind::Loop { body, continuing, .. } => {
            !contains_break(&body.stmts) && continuing.as_ref().is_none_or(|c| c.break_if.is_none())
        }
        _ => false,
    }
}

fn contains_break(stmts: &[ast::Stmt]) -> bool {
    stmts.iter().any(|s| match &s.kind {
        StmtKind::Break => true,
        StmtKind::Block(b) => contains_break(&b.stmts),
        StmtKind::If { accept, reject, .. } => {
            contains_break(&accept.stmts) || reject.as_ref().is_some_and(|r| contains_break(std::slice::from_ref(&**r)))
        }
        // A break inside a nested loop or switch leaves only that construct.
        _ => false,
    })
}

/// A `continue` of the loop whose body is `body` that comes before a declaration at the top
/// of the body which `continuing` uses (WGSL §9.4.8 `continue`): its span and the name. The
/// names `continuing` uses are the identifiers in it, as Tint takes them (one that a
/// declaration in `continuing` shadows counts too).
fn continue_bypassing_declaration<'t>(tu: &'t ast::TranslationUnit, body: &'t ast::Block, continuing: &'t ast::Continuing) -> Option<(Span, String)> {
    let mut used: Vec<&str> = Vec::new();
    let mut exprs: Vec<&Expr> = Vec::new();
    for st in &continuing.body.stmts {
        stmt_exprs(tu, st, &mut exprs);
    }
    exprs.extend(continuing.break_if.map(|e| tu.expr(e)));
    while let Some(e) = exprs.pop() {
        match &e.kind {
            ExprKind::Ident(i) => used.push(i.name.as_str()),
            ExprKind::Literal(_) => {}
            ExprKind::Templated { args, .. } => exprs.extend(tu.list(*args)),
            ExprKind::Call { callee, args } => {
                exprs.push(tu.expr(*callee));
                exprs.extend(tu.list(*args));
            }
            ExprKind::Index { base, index } => exprs.extend([tu.expr(*base), tu.expr(*index)]),
            ExprKind::Member { base, .. } => exprs.push(tu.expr(*base)),
            ExprKind::Unary { expr, .. } | ExprKind::Paren(expr) => exprs.push(tu.expr(*expr)),
            ExprKind::Binary { left, right, .. } => exprs.extend([tu.expr(*left), tu.expr(*right)]),
        }
    }
    fn declared(st: &ast::Stmt) -> Option<&str> {
        match &st.kind {
            StmtKind::Var(v) => Some(v.name.name.as_str()),
            StmtKind::Let { name, .. } => Some(name.name.as_str()),
            StmtKind::Const(c) => Some(c.name.name.as_str()),
            _ => None,
        }
    }
    let mut first_continue = None;
    for st in &body.stmts {
        if let (Some(at), Some(name)) = (first_continue, declared(st)) {
            if used.contains(&name) {
                return Some((at, name.to_string()));
            }
        }
        if first_continue.is_none() {
            first_continue = find_continue(st);
        }
    }
    None
}

/// The span of the first `continue` in `s` that continues the enclosing loop (not one of a
/// loop nested in `s`).
fn find_continue(s: &ast::Stmt) -> Option<Span> {
    match &s.kind {
        StmtKind::Continue => Some(s.span),
        StmtKind::Block(b) => b.stmts.iter().find_map(find_continue),
        StmtKind::If { accept, reject, .. } => accept.stmts.iter().find_map(find_continue).or_else(|| reject.as_deref().and_then(find_continue)),
        StmtKind::Switch { clauses, .. } => clauses.iter().find_map(|c| c.body.stmts.iter().find_map(find_continue)),
        _ => None,
    }
}

/// The expressions directly in `s`, and in the statements nested in it.
fn stmt_exprs<'a>(tu: &'a ast::TranslationUnit, s: &'a ast::Stmt, out: &mut Vec<&'a Expr>) {
    let ex = |id: &ast::ExprId| tu.expr(*id);
    match &s.kind {
        StmtKind::Block(b) => b.stmts.iter().for_each(|x| stmt_exprs(tu, x, out)),
        StmtKind::Var(v) => out.extend(v.init.iter().chain(&v.ty).map(ex)),
        StmtKind::Let { ty, init, .. } => out.extend(ty.iter().chain([init]).map(ex)),
        StmtKind::Const(c) => out.extend(c.ty.iter().chain([&c.init]).map(ex)),
        StmtKind::Assign { lhs, rhs, .. } => out.extend(lhs.iter().chain([rhs]).map(ex)),
        StmtKind::Increment(e) | StmtKind::Decrement(e) | StmtKind::Call(e) | StmtKind::ConstAssert(e) => out.push(ex(e)),
        StmtKind::Return(e) => out.extend(e.iter().map(ex)),
        StmtKind::If { condition, accept, reject } => {
            out.push(ex(condition));
            accept.stmts.iter().for_each(|x| stmt_exprs(tu, x, out));
            if let Some(r) = reject {
                stmt_exprs(tu, r, out);
            }
        }
        StmtKind::Switch { selector, clauses } => {
            out.push(ex(selector));
            for c in clauses {
                out.extend(c.selectors.iter().flatten());
                c.body.stmts.iter().for_each(|x| stmt_exprs(tu, x, out));
            }
        }
        StmtKind::Loop { body, continuing, .. } => {
            body.stmts.iter().for_each(|x| stmt_exprs(tu, x, out));
            if let Some(c) = continuing {
                c.body.stmts.iter().for_each(|x| stmt_exprs(tu, x, out));
                out.extend(c.break_if.iter().map(ex));
            }
        }
        StmtKind::For { init, condition, update, body, .. } => {
            for x in init.iter().chain(update) {
                stmt_exprs(tu, x, out);
            }
            out.extend(condition.iter().map(ex));
            body.stmts.iter().for_each(|x| stmt_exprs(tu, x, out));
        }
        StmtKind::While { condition, body, .. } => {
            out.push(ex(condition));
            body.stmts.iter().for_each(|x| stmt_exprs(tu, x, out));
        }
        StmtKind::Break | StmtKind::Continue | StmtKind::Discard | StmtKind::Fallthrough => {}
    }
}

#[allow(dead_code)]
fn unused(_: Reported) {}
