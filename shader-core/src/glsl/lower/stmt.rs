//! Statements (GLSL 4.60 §6): declarations, selection (`if`, `switch` with fall-through),
//! iteration (`for`, `while`, `do`), jumps, and `discard`.

use super::attributes::Site;
use super::{Lowerer, Operand, Root, Sym, INTERFACE_ONLY, R};
use crate::glsl::ast::{self, StmtKind};
use crate::ir::*;
use crate::span::Span;

/// Whether control cannot leave the end of a block normally.
pub fn block_ends(b: &Block) -> bool {
    b.body.last().is_some_and(|s| match s {
        Statement::Return { .. } | Statement::Kill | Statement::Break | Statement::Continue => true,
        Statement::Block(b) => block_ends(b),
        Statement::If { accept, reject, .. } => block_ends(accept) && block_ends(reject),
        _ => false,
    })
}

impl<'a> Lowerer<'a> {
    pub fn stmt(&mut self, out: &mut Block, s: &ast::Stmt) -> R<()> {
        // Control flow, as glslang counts it (`controlFlowNestingLevel`) for the placement rules
        // of GL_ARB_fragment_shader_interlock.
        let nested = matches!(s.kind, StmtKind::If { .. } | StmtKind::Switch { .. } | StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. });
        self.fx.control_flow += nested as u32;
        let r = self.stmt_kind(out, s);
        self.fx.control_flow -= nested as u32;
        r
    }

    fn stmt_kind(&mut self, out: &mut Block, s: &ast::Stmt) -> R<()> {
        let span = s.span;
        if !s.attributes.is_empty() {
            // (The parser allows them only before these.)
            let site = match s.kind {
                StmtKind::Switch { .. } => Site::Switch,
                StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. } => Site::Loop,
                _ => Site::Selection,
            };
            self.attributes(&s.attributes, site);
        }
        match &s.kind {
            StmtKind::Block(b) => {
                self.push_scope();
                let mut inner = Block::new();
                for st in &b.stmts {
                    let _ = self.stmt(&mut inner, st);
                }
                self.pop_scope();
                out.push(Statement::Block(inner), span);
                Ok(())
            }
            StmtKind::Declaration(d) => self.local_declaration(out, d),
            // GL_EXT_terminate_invocation: `terminateInvocation;` is `discard` (OpKill ends the
            // invocation the same way).
            StmtKind::Expr(ast::Expr { kind: ast::ExprKind::Ident(id), .. })
                if id.name == "terminateInvocation" && self.lookup(&id.name).is_none() =>
            {
                if self.stage != Stage::Fragment {
                    return Err(self.error("`terminateInvocation` is only allowed in fragment shaders", span));
                }
                out.push(Statement::Kill, span);
                Ok(())
            }
            StmtKind::Expr(e) => {
                let op = self.expr(out, e)?;
                self.discard(out, op, span);
                Ok(())
            }
            StmtKind::Empty => Ok(()),
            StmtKind::If { condition, accept, reject } => {
                let c = self.condition(out, condition)?;
                let a = self.sub_block(accept);
                let r = match reject {
                    Some(r) => self.sub_block(r),
                    None => Block::new(),
                };
                out.push(Statement::If { condition: c, accept: a, reject: r }, span);
                Ok(())
            }
            StmtKind::Switch { selector, body } => self.switch(out, selector, body, span),
            StmtKind::Case(_) | StmtKind::Default => Err(self.error("`case` and `default` labels belong in a `switch`", span)),
            StmtKind::While { condition, body } => {
                self.push_scope();
                let mut lbody = Block::new();
                self.loop_condition(&mut lbody, condition, span)?;
                self.fx.breakable.push(true);
                let b = self.sub_block(body);
                self.fx.breakable.pop();
                lbody.push(Statement::Block(b), span);
                self.pop_scope();
                out.push(Statement::Loop { body: lbody, continuing: Block::new(), break_if: None }, span);
                Ok(())
            }
            StmtKind::DoWhile { body, condition } => {
                self.fx.breakable.push(true);
                let b = self.sub_block(body);
                self.fx.breakable.pop();
                // The condition runs in `continuing` (where `continue` lands) and decides the
                // back edge through `break_if`.
                let mut cont = Block::new();
                let c = self.condition(&mut cont, condition)?;
                let bool_ty = self.scalar_ty(Scalar::BOOL);
                let nc = self.push(Expression::Unary { op: UnaryOp::LogicalNot, expr: c }, bool_ty, condition.span);
                out.push(Statement::Loop { body: b, continuing: cont, break_if: Some(nc) }, span);
                Ok(())
            }
            StmtKind::For { init, condition, step, body } => {
                self.push_scope();
                let mut outer = Block::new();
                let _ = self.stmt(&mut outer, init);
                let mut lbody = Block::new();
                if let Some(c) = condition {
                    self.loop_condition(&mut lbody, c, span)?;
                }
                self.fx.breakable.push(true);
                let b = self.sub_block(body);
                self.fx.breakable.pop();
                lbody.push(Statement::Block(b), span);
                let mut cont = Block::new();
                if let Some(st) = step {
                    if let Ok(op) = self.expr(&mut cont, st) {
                        self.discard(&mut cont, op, st.span);
                    }
                }
                self.pop_scope();
                outer.push(Statement::Loop { body: lbody, continuing: cont, break_if: None }, span);
                out.push(Statement::Block(outer), span);
                Ok(())
            }
            StmtKind::Break => {
                if self.fx.breakable.is_empty() {
                    return Err(self.error("`break` outside a loop or switch", span));
                }
                out.push(Statement::Break, span);
                Ok(())
            }
            StmtKind::Continue => {
                if !self.fx.breakable.contains(&true) {
                    return Err(self.error("`continue` outside a loop", span));
                }
                out.push(Statement::Continue, span);
                Ok(())
            }
            StmtKind::Return(value) => {
                self.fx.main_returned |= self.fx.is_main;
                let result = self.fx.result;
                match (value, result) {
                    (Some(e), Some(ty)) => {
                        self.fx.returns_value = true;
                        let op = self.expr(out, e)?;
                        let v = self.value(out, op, e.span)?;
                        let v = self.coerce(out, v, ty, e.span)?;
                        out.push(Statement::Return { value: Some(v) }, span);
                    }
                    (None, None) => out.push(Statement::Return { value: None }, span),
                    (Some(e), None) => {
                        // `return f();` with a void f is allowed by glslang.
                        let op = self.expr(out, e)?;
                        if !matches!(op, Operand::Void) {
                            return Err(self.error("a `void` function cannot return a value", e.span));
                        }
                        out.push(Statement::Return { value: None }, span);
                    }
                    (None, Some(_)) => {
                        self.fx.returns_value = true; // reported here, not again at the end
                        return Err(self.error("this function must return a value", span));
                    }
                }
                Ok(())
            }
            StmtKind::Discard => {
                if self.stage != Stage::Fragment {
                    return Err(self.error("`discard` is only allowed in fragment shaders", span));
                }
                out.push(Statement::Kill, span);
                Ok(())
            }
            StmtKind::Demote => {
                // `demote` is a keyword only with its extension (as glslang reads it): otherwise
                // `demote;` is an expression statement naming a variable.
                if !self.has_extension_at("GL_EXT_demote_to_helper_invocation", span) {
                    let word = Span::new(span.file, span.start, (span.start + "demote".len() as u32).min(span.end));
                    return match self.lookup("demote") {
                        Some(_) => Ok(()),
                        None => Err(self.error("`demote` is not declared (`demote;` is a statement only with `#extension GL_EXT_demote_to_helper_invocation : enable`)", word)),
                    };
                }
                if self.stage != Stage::Fragment {
                    return Err(self.error("`demote` is only allowed in fragment shaders", span));
                }
                out.push(Statement::Fragment(FragmentControl::Demote), span);
                Ok(())
            }
        }
    }

    /// A statement as a block of its own scope.
    fn sub_block(&mut self, s: &ast::Stmt) -> Block {
        self.push_scope();
        let mut b = Block::new();
        match &s.kind {
            StmtKind::Block(inner) => {
                for st in &inner.stmts {
                    let _ = self.stmt(&mut b, st);
                }
            }
            _ => {
                let _ = self.stmt(&mut b, s);
            }
        }
        self.pop_scope();
        b
    }

    fn condition(&mut self, out: &mut Block, e: &ast::Expr) -> R<Handle<Expression>> {
        let op = self.expr(out, e)?;
        let v = self.value(out, op, e.span)?;
        let bool_ty = self.scalar_ty(Scalar::BOOL);
        let v = if self.shape(self.ety(v)) == Some((Scalar::U32, 1)) { self.coerce(out, v, bool_ty, e.span).unwrap_or(v) } else { v };
        let ty = self.ety(v);
        if self.shape(ty) != Some((Scalar::BOOL, 1)) {
            return Err(self.error(format!("condition must be a `bool`, not `{}`", self.type_name(ty)), e.span));
        }
        Ok(v)
    }

    /// `if (!cond) break;` at the top of a loop body.
    fn loop_condition(&mut self, out: &mut Block, c: &ast::Condition, span: Span) -> R<()> {
        let v = match c {
            ast::Condition::Expr(e) => self.condition(out, e)?,
            ast::Condition::Declaration(d) => {
                let ty = self.resolve_type(&d.ty.ty, &[])?;
                let init = ast::Initializer::Expr(d.init.clone());
                let v = self.initializer(out, &init, ty)?;
                let local = self.fx.f.locals.append(LocalVariable { name: Some(d.name.name.as_str().to_owned()), ty }, d.span);
                let pt = self.ptr_ty(ty, AddressSpace::Function);
                let p = self.push(Expression::LocalVar(local), pt, d.span);
                out.push(Statement::Store { pointer: p, value: v }, d.span);
                self.declare(&d.name, Sym::Var { root: Root::Local(local), ty, space: AddressSpace::Function, read_only: false });
                let p = self.push(Expression::LocalVar(local), pt, d.span);
                let v = self.push(Expression::Load { pointer: p }, ty, d.span);
                if self.shape(ty) != Some((Scalar::BOOL, 1)) {
                    return Err(self.error("condition must be a `bool`", d.span));
                }
                v
            }
        };
        let bool_ty = self.scalar_ty(Scalar::BOOL);
        let nc = self.push(Expression::Unary { op: UnaryOp::LogicalNot, expr: v }, bool_ty, span);
        let mut brk = Block::new();
        brk.push(Statement::Break, span);
        out.push(Statement::If { condition: nc, accept: brk, reject: Block::new() }, span);
        Ok(())
    }

    fn local_declaration(&mut self, out: &mut Block, d: &ast::Declaration) -> R<()> {
        match &d.kind {
            ast::DeclarationKind::Variables(v) => {
                let q = &v.ty.qualifiers;
                // GLSL 4.60 §4.3: a local variable takes only `const` of the storage
                // qualifiers, none of the interface ones, and of the layouts only `constant_id`
                // (and `set`, which glslang lets pass alone, as at global scope; glslang: "not
                // allowed in nested scope", "can only apply to uniform, buffer, in, or out
                // storage qualifiers").
                if let Some((s, sspan)) = q.storage().find(|(s, _)| !matches!(s, ast::StorageQualifier::Const)) {
                    return Err(self.error(format!("storage qualifier `{}` is not allowed on a local variable", s.keyword()), sspan));
                }
                // These are reported, and the variable declared anyway so that its uses are not
                // errors too.
                if let Some((word, span)) = q.qualifiers.iter().find_map(|x| x.kind.interface_only_keyword().map(|w| (w, x.span))) {
                    let d = crate::diag::Diagnostic::error(format!("`{word}` is not allowed on a local variable"), span).with_note(INTERFACE_ONLY);
                    self.diags.push(d);
                }
                if let Some(l) = q.layouts().find(|l| !l.is("constant_id") && !l.is("set")) {
                    let d = crate::diag::Diagnostic::error(format!("layout qualifier `{}` is not allowed on a local variable", l.name.name), l.span)
                        .with_note(super::STORAGE_FOR_LAYOUT);
                    self.diags.push(d);
                }
                let is_const = q.storage().any(|(s, _)| s == ast::StorageQualifier::Const);
                let constant_id = match q.layout("constant_id") {
                    Some(l) => Some(self.layout_u32(l)?),
                    None => None,
                };
                if super::declares_nothing(v) {
                    return Ok(());
                }
                let base = self.resolve_type(&ast::TypeSpecifier { kind: v.ty.ty.kind.clone(), array: Vec::new(), span: v.ty.ty.span }, &[])?;
                for dcl in &v.declarators {
                    let dims: Vec<&ast::ArraySpecifier> = dcl.array.iter().chain(v.ty.ty.array.iter()).collect();
                    if let Some((root, old, _)) = self.implicit_in_scope(&dcl.name.name) {
                        if is_const || constant_id.is_some() {
                            let message = format!("`{}` redeclares an implicitly sized array: it is not `const`", dcl.name.name);
                            return Err(self.error(message, dcl.name.span));
                        }
                        self.implicit_redeclaration(out, dcl, base, &dims, root, old)?;
                        continue;
                    }
                    if let Some(id) = constant_id {
                        if !is_const {
                            // Still takes its id, so that a repeat is reported.
                            self.claim_constant_id(id, dcl.span);
                        } else {
                            // A specialization constant, as at global scope (glslang:
                            // `OpSpecConstant` with `SpecId`, whatever the scope).
                            let ty = self.apply_dims(base, &dims)?;
                            let derived = dcl.init.as_ref().and_then(|init| self.spec_const_expression(init, ty, &dcl.name.name));
                            self.constant_id_declarator(dcl, ty, id, derived)?;
                            continue;
                        }
                    } else if is_const && dims.is_empty() {
                        // `const uint next = COUNT + 1u;` from specialization constants: one
                        // itself, as at global scope (glslang: `OpSpecConstantOp`).
                        let ty = self.apply_dims(base, &dims)?;
                        if let Some(o) = dcl.init.as_ref().and_then(|init| self.spec_const_expression(init, ty, &dcl.name.name)) {
                            self.declare(&dcl.name, Sym::Override(o, ty));
                            continue;
                        }
                    }
                    if dcl.init.is_none() && dims.iter().skip(1).any(|a| a.size.is_none()) {
                        return Err(self.error("only the outer dimension of an array of arrays may be implicitly sized", dcl.span));
                    }
                    let ty = if dims.first().is_some_and(|a| a.size.is_none()) {
                        match &dcl.init {
                            Some(ast::Initializer::List(items, _)) => {
                                let inner = self.apply_dims(base, &dims[1..])?;
                                self.ty(TypeInner::Array { base: inner, size: ArraySize::Constant(items.len().max(1) as u32), stride: 0 })
                            }
                            Some(ast::Initializer::Expr(e)) => {
                                // Sized by the initializer's type: lower it first.
                                let op = self.expr(out, e)?;
                                let val = self.value(out, op, e.span)?;
                                let t = self.ety(val);
                                self.finish_local(out, dcl, t, Some(val), is_const)?;
                                continue;
                            }
                            None if is_const => return Err(self.error("a `const` array needs an initializer", dcl.span)),
                            None => {
                                // Implicitly sized by its constant indices ([`Lowerer::implicit_length`]).
                                // GLSL ES has no implicit sizes (glslang: "array size required"):
                                // reported, and declared anyway so that its uses are not errors too.
                                if self.es {
                                    self.error("in GLSL ES, an unsized array needs an initializer", dcl.span);
                                }
                                let ty = self.apply_dims(base, &dims)?;
                                if super::is_opaque(self.inner(ty), &self.m) {
                                    return Err(self.error("local variables of opaque types are not allowed", dcl.span));
                                }
                                let local = self.fx.f.locals.append(LocalVariable { name: Some(dcl.name.name.as_str().to_owned()), ty }, dcl.span);
                                self.declare(&dcl.name, Sym::Var { root: Root::Local(local), ty, space: AddressSpace::Function, read_only: false });
                                self.fx.implicit.push((local, 1));
                                continue;
                            }
                        }
                    } else {
                        self.apply_dims(base, &dims)?
                    };
                    if super::is_opaque(self.inner(ty), &self.m) {
                        return Err(self.error("local variables of opaque types are not allowed", dcl.span));
                    }
                    let val = match &dcl.init {
                        Some(init) => match self.initializer(out, init, ty) {
                            Ok(v) => Some(v),
                            Err(e) => {
                                // Declared anyway, so that its uses are not reported as
                                // undeclared too: one error, not a cascade.
                                let _ = self.finish_local(out, dcl, ty, None, false);
                                return Err(e);
                            }
                        },
                        None => None,
                    };
                    self.finish_local(out, dcl, ty, val, is_const)?;
                }
                Ok(())
            }
            ast::DeclarationKind::Prototype(p) => self.local_prototype(p),
            ast::DeclarationKind::Precision { ty, .. } => self.precision_statement(ty),
            ast::DeclarationKind::Block(b) => Err(self.error("interface blocks must be declared at global scope", b.span)),
            // GL_EXT_ray_flags_primitive_culling's `layout(primitive_culling);` names no storage,
            // so nothing confines it to global scope: glslang takes it in a function body too.
            ast::DeclarationKind::Qualifiers(q) if q.storage().next().is_none() && q.layouts().next().is_some() && q.layouts().all(|l| l.is("primitive_culling")) => {
                self.default_qualifiers(q)
            }
            ast::DeclarationKind::Qualifiers(q) => Err(self.error("layout defaults must be declared at global scope", q.span)),
            // `precise x;` may qualify a local again; an interface qualifier (`invariant
            // gl_Position;`) only at global scope (glslang: "not allowed in nested scope").
            ast::DeclarationKind::Redeclaration { qualifiers, .. } => {
                if let Some((word, span)) = qualifiers.qualifiers.iter().find_map(|x| x.kind.interface_only_keyword().map(|w| (w, x.span))) {
                    let d = crate::diag::Diagnostic::error(format!("`{word}` is not allowed in a function body"), span).with_note(INTERFACE_ONLY);
                    self.diags.push(d);
                }
                Ok(())
            }
        }
    }

    /// Whether the expression `root` of the current function reads a specialization constant.
    pub(super) fn uses_spec_constant(&self, root: Handle<Expression>) -> bool {
        let leaf = |e: &Expression| matches!(*e, Expression::GlobalVar(g) if self.spec_globals.contains(&g));
        crate::spec_length::reads_override(&self.fx.f.expressions, root, &leaf)
    }

    /// Whether the value `root` of an initializer lowered into `scratch` reads a specialization
    /// constant, through the statements too: `?:` on arrays and structs is an `if` that stores
    /// either side into a variable (`K > 1 ? int[2](1, 2) : int[2](3, 4)`), whose condition
    /// reads `K` while `root` only loads the variable.
    pub(super) fn initializer_uses_spec_constant(&self, scratch: &Block, root: Handle<Expression>) -> bool {
        let mut roots = vec![root];
        statement_values(scratch, &mut roots);
        roots.into_iter().any(|h| self.uses_spec_constant(h))
    }

    /// `int a[3];` after `int a[];` in the same block: the implicitly sized local `a` at `root`
    /// redeclared ([`Lowerer::redeclare_implicit`]), sized by the declaration or by its
    /// initializer, which is assigned here.
    fn implicit_redeclaration(
        &mut self,
        out: &mut Block,
        dcl: &ast::Declarator,
        base: Handle<Type>,
        dims: &[&ast::ArraySpecifier],
        root: Root,
        old: Handle<Type>,
    ) -> R<()> {
        let sized = dims.first().is_some_and(|a| a.size.is_some());
        let (ty, val) = match &dcl.init {
            Some(ast::Initializer::Expr(e)) if !sized => {
                let op = self.expr(out, e)?;
                let val = self.value(out, op, e.span)?;
                (self.ety(val), Some(val))
            }
            Some(init) => {
                let ty = match init {
                    ast::Initializer::List(items, _) if !sized => {
                        let inner = self.apply_dims(base, &dims[1..])?;
                        self.ty(TypeInner::Array { base: inner, size: ArraySize::Constant(items.len().max(1) as u32), stride: 0 })
                    }
                    _ => self.apply_dims(base, dims)?,
                };
                let val = self.initializer(out, init, ty)?;
                (ty, Some(val))
            }
            None => (self.apply_dims(base, dims)?, None),
        };
        let ty = self.redeclare_implicit(&dcl.name, root, old, ty)?;
        if let (Some(v), Root::Local(l)) = (val, root) {
            let pt = self.ptr_ty(ty, AddressSpace::Function);
            let p = self.push(Expression::LocalVar(l), pt, dcl.span);
            out.push(Statement::Store { pointer: p, value: v }, dcl.span);
        }
        Ok(())
    }

    fn finish_local(&mut self, out: &mut Block, dcl: &ast::Declarator, ty: Handle<Type>, val: Option<Handle<Expression>>, is_const: bool) -> R<()> {
        if is_const {
            let Some(v) = val else {
                return Err(self.error("a `const` variable needs an initializer", dcl.span));
            };
            // `fold` reads specialization constants at their defaults: a `const` computed from
            // them (not an integer or bool scalar, which is an override) is a read-only
            // variable, so that it follows the pipeline's values.
            if let Some(cv) = self.fold_fixed(v) {
                // The initializer's expressions stay unused: evaluate them as a statement.
                out.push(Statement::Eval(v), dcl.span);
                self.declare(&dcl.name, Sym::Const { value: cv, ty });
                return Ok(());
            }
            // A `const` local with a run-time initializer (allowed for locals, GLSL 4.60
            // §4.3.3): a read-only variable.
            let local = self.fx.f.locals.append(LocalVariable { name: Some(dcl.name.name.as_str().to_owned()), ty }, dcl.span);
            let pt = self.ptr_ty(ty, AddressSpace::Function);
            let p = self.push(Expression::LocalVar(local), pt, dcl.span);
            out.push(Statement::Store { pointer: p, value: v }, dcl.span);
            self.declare(&dcl.name, Sym::Var { root: Root::Local(local), ty, space: AddressSpace::Function, read_only: true });
            return Ok(());
        }
        let local = self.fx.f.locals.append(LocalVariable { name: Some(dcl.name.name.as_str().to_owned()), ty }, dcl.span);
        if let Some(v) = val {
            let pt = self.ptr_ty(ty, AddressSpace::Function);
            let p = self.push(Expression::LocalVar(local), pt, dcl.span);
            out.push(Statement::Store { pointer: p, value: v }, dcl.span);
        }
        // Declared after the initializer: `int x = x;` reads an outer `x` (GLSL 4.60 §4.2.2).
        self.declare(&dcl.name, Sym::Var { root: Root::Local(local), ty, space: AddressSpace::Function, read_only: false });
        Ok(())
    }

    fn switch(&mut self, out: &mut Block, selector: &ast::Expr, body: &ast::Block, span: Span) -> R<()> {
        let op = self.expr(out, selector)?;
        let sel = self.value(out, op, selector.span)?;
        let st = self.ety(sel);
        let scalar = match self.shape(st) {
            Some((s, 1)) if s == Scalar::I32 || s == Scalar::U32 => s,
            _ => return Err(self.error(format!("switch selector must be `int` or `uint`, not `{}`", self.type_name(st)), selector.span)),
        };
        let mut cases: Vec<SwitchCase> = Vec::new();
        let mut seen = crate::hash::FxHashSet::default();
        self.push_scope();
        self.fx.breakable.push(false);
        let mut current: Option<SwitchCase> = None;
        for s in &body.stmts {
            // A label whose value is an error (reported) still starts a case, so the statements
            // after it are lowered (and not reported as outside any label).
            let label = match &s.kind {
                StmtKind::Case(e) => {
                    let value = match self.fixed_const_expr(e, "a case label") {
                        Ok((cv, _)) => match cv.as_i64() {
                            Some(v) if scalar == Scalar::I32 => Some(SwitchValue::I32(v as i32)),
                            Some(v) => Some(SwitchValue::U32(v as u32)),
                            None => {
                                self.error("case label must be an integer constant", e.span);
                                None
                            }
                        },
                        Err(_) => None,
                    };
                    Some((value, e.span))
                }
                StmtKind::Default => Some((Some(SwitchValue::Default), s.span)),
                _ => None,
            };
            match label {
                Some((value, lspan)) => {
                    if value.is_some_and(|value| !seen.insert(value)) {
                        self.error("duplicate case label", lspan);
                    }
                    match &mut current {
                        Some(c) if c.body.is_empty() => c.values.extend(value),
                        _ => {
                            if let Some(mut c) = current.take() {
                                c.fall_through = !block_ends(&c.body);
                                cases.push(c);
                            }
                            current = Some(SwitchCase { values: value.into_iter().collect(), body: Block::new(), fall_through: false });
                        }
                    }
                }
                None => match &mut current {
                    Some(c) => {
                        let mut b = std::mem::take(&mut c.body);
                        let _ = self.stmt(&mut b, s);
                        if let Some(c) = &mut current {
                            c.body = b;
                        }
                    }
                    None => {
                        self.error("statements in a switch must follow a `case` or `default` label", s.span);
                    }
                },
            }
        }
        if let Some(c) = current.take() {
            cases.push(c);
        }
        self.fx.breakable.pop();
        self.pop_scope();
        // The last case ends the switch (no fall-through out of it).
        if let Some(last) = cases.last_mut() {
            last.fall_through = false;
        }
        if !cases.iter().any(|c| c.values.contains(&SwitchValue::Default)) {
            cases.push(SwitchCase { values: vec![SwitchValue::Default], body: Block::new(), fall_through: false });
        }
        out.push(Statement::Switch { selector: sel, cases }, span);
        Ok(())
    }
}

/// The values the statements of `block` (a lowered initializer's: `if`s, stores, evaluations
/// and blocks) compute, conditions included, appended to `out`.
pub(super) fn statement_values(block: &Block, out: &mut Vec<Handle<Expression>>) {
    for (statement, _) in block.iter() {
        match statement {
            Statement::Block(b) => statement_values(b, out),
            Statement::If { condition, accept, reject } => {
                out.push(*condition);
                statement_values(accept, out);
                statement_values(reject, out);
            }
            Statement::Store { value, .. } | Statement::Eval(value) => out.push(*value),
            _ => {}
        }
    }
}
