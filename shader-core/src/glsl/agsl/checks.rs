//! AGSL's restrictions that can be seen on the syntax tree (AGSL reference; most come from
//! GLSL ES 1.0 Appendix A, "Limitations for ES 2.0", which AGSL enforces): no `discard`,
//! `for` loops only in the unrollable form (ending within Skia's iteration limit), no
//! `while`/`do`, no recursion, indices that are constant or loop
//! indices, declarations only in braced scopes, structs only at global scope, one-dimensional
//! sized arrays, non-void functions returning on every path, no bitwise or `%` operators, no
//! GLSL stage variables, interface blocks or `in`/`out` globals. Rules needing types (array
//! assignment and comparison) are in the lowering ([`super::lowering`]).

use crate::diag::{Diagnostic, Diagnostics};
use crate::glsl::ast::{self, BinaryOp, Expr, ExprKind, Stmt, StmtKind, UnaryOp};
use crate::span::Span;
use std::collections::{HashMap, HashSet};

/// Every restriction violated by `tu`.
pub fn check(tu: &ast::TranslationUnit) -> Diagnostics {
    let mut c = Checker { diags: Diagnostics::new(), scopes: vec![HashMap::new()], functions: HashSet::new(), array_structs: HashSet::new() };
    for d in &tu.decls {
        match d {
            ast::ExternalDeclaration::Function(f) => {
                c.functions.insert(f.prototype.name.name.as_str().to_owned());
            }
            ast::ExternalDeclaration::Declaration(ast::Declaration { kind: ast::DeclarationKind::Prototype(p), .. }) => {
                c.functions.insert(p.name.name.as_str().to_owned());
            }
            ast::ExternalDeclaration::Declaration(_) => {}
        }
    }
    for d in &tu.decls {
        match d {
            ast::ExternalDeclaration::Function(f) => c.function(f),
            ast::ExternalDeclaration::Declaration(d) => c.global(d),
        }
    }
    c.recursion(tu);
    c.diags
}

/// Skia's limit on the iterations of an AGSL loop (`kLoopTerminationLimit`).
const MAX_LOOP_ITERATIONS: u32 = 100_000;

/// What a name is, for constant-index-expressions (GLSL ES 1.0 Appendix A §5).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A `const` variable: a constant expression.
    Const,
    /// The index of an enclosing `for` loop.
    LoopIndex,
    Other,
}

struct Checker {
    diags: Diagnostics,
    /// What each name is, and the value of `const` scalars whose initializer folds.
    scopes: Vec<HashMap<String, (Kind, Option<f64>)>>,
    /// User-defined functions: calls to them are never constant.
    functions: HashSet<String>,
    /// Structs holding arrays (which cannot be returned either).
    array_structs: HashSet<String>,
}

impl Checker {
    fn error(&mut self, message: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::error(message, span));
    }

    fn kind(&self, name: &str) -> Option<Kind> {
        self.scopes.iter().rev().find_map(|s| s.get(name)).map(|(k, _)| *k)
    }

    fn declare(&mut self, name: &str, kind: Kind) {
        self.declare_value(name, kind, None);
    }

    fn declare_value(&mut self, name: &str, kind: Kind, value: Option<f64>) {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name.to_string(), (kind, value));
        }
    }

    /// The value of a constant scalar expression made of literals, `const` scalars and
    /// arithmetic; `None` when it does not fold that simply.
    fn value(&self, e: &Expr) -> Option<f64> {
        match &e.kind {
            ExprKind::Literal(ast::Literal::Int { value, .. }) => Some(*value as f64),
            ExprKind::Literal(ast::Literal::Float { value, .. }) => Some(*value),
            ExprKind::Ident(id) => self.scopes.iter().rev().find_map(|s| s.get(id.name.as_str())).and_then(|(_, v)| *v),
            ExprKind::Unary { op: UnaryOp::Neg, operand } => self.value(operand).map(|v| -v),
            ExprKind::Unary { op: UnaryOp::Plus, operand } => self.value(operand),
            ExprKind::Binary { op, left, right } => {
                let (a, b) = (self.value(left)?, self.value(right)?);
                match op {
                    BinaryOp::Add => Some(a + b),
                    BinaryOp::Sub => Some(a - b),
                    BinaryOp::Mul => Some(a * b),
                    // Division is left out: without types, `7 / 2` could be 3 or 3.5.
                    _ => None,
                }
            }
            _ => None,
        }
    }

    // -- declarations ----------------------------------------------------------------------------

    fn global(&mut self, d: &ast::Declaration) {
        match &d.kind {
            ast::DeclarationKind::Variables(v) => {
                use ast::StorageQualifier as S;
                for (s, span) in v.ty.qualifiers.storage() {
                    if !matches!(s, S::Const | S::Uniform) {
                        self.error("AGSL globals are plain, `const` or `uniform` (there are no stage inputs, outputs or buffers)", span);
                    }
                }
                for l in v.ty.qualifiers.layouts() {
                    if !l.is("color") || l.value.is_some() {
                        self.error(format!("unknown layout qualifier `{}`; AGSL only has `layout(color)`", l.name.name), l.span);
                    }
                }
                if v.ty.qualifiers.layout("color").is_some() && !v.ty.qualifiers.storage().any(|(s, _)| s == S::Uniform) {
                    self.error("`layout(color)` is only for uniforms", v.ty.span);
                }
                self.variables(v, true);
            }
            ast::DeclarationKind::Prototype(p) => self.prototype(p),
            ast::DeclarationKind::Precision { .. } => {}
            ast::DeclarationKind::Block(b) => self.error("AGSL has no interface blocks; declare each uniform on its own", b.span),
            ast::DeclarationKind::Qualifiers(q) => self.error("AGSL has no default qualifier declarations", q.span),
            ast::DeclarationKind::Redeclaration { qualifiers, .. } => self.error("AGSL has no qualifier redeclarations", qualifiers.span),
        }
    }

    /// A variable declaration (global or local) and its initializers.
    fn variables(&mut self, v: &ast::VariableDeclaration, global: bool) {
        self.type_spec(&v.ty.ty, global);
        let is_const = v.ty.qualifiers.storage().any(|(s, _)| s == ast::StorageQualifier::Const);
        let shader = matches!(&v.ty.ty.kind, ast::TypeKind::Named(id) if id.name == "shader");
        if shader && !(global && v.ty.qualifiers.storage().any(|(s, _)| s == ast::StorageQualifier::Uniform)) {
            self.error("`shader` values only exist as global `uniform shader` children", v.ty.ty.span);
        }
        for d in &v.declarators {
            self.dims(&v.ty.ty.array, &d.array, d.span);
            if let Some(init) = &d.init {
                self.initializer(init);
            }
            let kind = if is_const && d.init.is_some() { Kind::Const } else { Kind::Other };
            let value = match (&d.init, kind) {
                (Some(ast::Initializer::Expr(e)), Kind::Const) => self.value(e),
                _ => None,
            };
            self.declare_value(&d.name.name, kind, value);
        }
    }

    fn initializer(&mut self, init: &ast::Initializer) {
        match init {
            ast::Initializer::Expr(e) => self.expr(e),
            ast::Initializer::List(_, span) => self.error("AGSL has no initializer lists; use a constructor", *span),
        }
    }

    /// Struct definitions: only at global scope, members checked like variables.
    fn type_spec(&mut self, ty: &ast::TypeSpecifier, global: bool) {
        if let ast::TypeKind::Struct(s) = &ty.kind {
            if !global {
                self.error("AGSL structs can only be declared at global scope", s.span);
            }
            let mut has_array = false;
            for m in &s.members {
                self.type_spec(&m.ty, global);
                if matches!(&m.ty.kind, ast::TypeKind::Named(id) if id.name == "shader") {
                    self.error("`shader` values only exist as global `uniform shader` children", m.ty.span);
                }
                has_array |= !m.ty.array.is_empty() || self.holds_array(&m.ty);
                for d in &m.declarators {
                    has_array |= !d.array.is_empty();
                    self.dims(&m.ty.array, &d.array, d.span);
                }
            }
            if let (true, Some(name)) = (has_array, &s.name) {
                self.array_structs.insert(name.name.as_str().to_owned());
            }
        }
    }

    fn holds_array(&self, ty: &ast::TypeSpecifier) -> bool {
        !ty.array.is_empty()
            || match &ty.kind {
                ast::TypeKind::Named(id) => self.array_structs.contains(id.name.as_str()),
                ast::TypeKind::Struct(s) => s.name.as_ref().is_some_and(|n| self.array_structs.contains(n.name.as_str())),
                ast::TypeKind::Builtin(_) => false,
            }
    }

    /// "Only 1-dimensional arrays are supported with an explicit array size."
    fn dims(&mut self, on_type: &[ast::ArraySpecifier], on_name: &[ast::ArraySpecifier], span: Span) {
        if on_type.len() + on_name.len() > 1 {
            self.error("AGSL only has one-dimensional arrays", span);
        }
        for a in on_type.iter().chain(on_name) {
            match &a.size {
                None => self.error("AGSL arrays need an explicit size", a.span),
                Some(e) => self.expr(e),
            }
        }
    }

    fn prototype(&mut self, p: &ast::FunctionPrototype) {
        if self.holds_array(&p.return_type.ty) {
            self.error("AGSL functions cannot return arrays (or structs holding arrays)", p.return_type.span);
        }
        for prm in &p.params {
            if matches!(&prm.ty.kind, ast::TypeKind::Named(id) if id.name == "shader") {
                self.error("`shader` values only exist as global `uniform shader` children", prm.ty.span);
            }
            if let ast::TypeKind::Struct(s) = &prm.ty.kind {
                self.error("AGSL structs can only be declared at global scope", s.span);
            }
            if !(prm.array.is_empty() && prm.ty.array.is_empty()) {
                self.dims(&prm.ty.array, &prm.array, prm.span);
            }
        }
    }

    fn function(&mut self, f: &ast::FunctionDefinition) {
        self.prototype(&f.prototype);
        self.scopes.push(HashMap::new());
        for prm in &f.prototype.params {
            if let Some(n) = &prm.name {
                self.declare(&n.name, Kind::Other);
            }
        }
        for s in &f.body.stmts {
            self.stmt(s);
        }
        self.scopes.pop();
        let void = matches!(f.prototype.return_type.ty.kind, ast::TypeKind::Builtin(ast::BuiltinType::Void)) && f.prototype.return_type.ty.array.is_empty();
        if !void && !block_returns(&f.body.stmts) {
            let name = &f.prototype.name;
            self.error(format!("function `{}` can reach its end without returning a value; AGSL requires a `return` on every path", name.name), name.span);
        }
    }

    /// Calls may not form a cycle (GLSL ES 1.0 §6.1: "recursion is not allowed, not even
    /// statically"; SPIR-V has no recursion either). One error per function on a cycle.
    fn recursion(&mut self, tu: &ast::TranslationUnit) {
        let mut calls: HashMap<String, (Span, Vec<String>)> = HashMap::new();
        for d in &tu.decls {
            let ast::ExternalDeclaration::Function(f) = d else { continue };
            let mut callees = Vec::new();
            for s in &f.body.stmts {
                visit_stmt_exprs(s, &mut |e| {
                    if let ExprKind::Call { callee: ast::Callee::Function(id), .. } = &e.kind {
                        callees.push(id.name.as_str().to_owned());
                    }
                });
            }
            let entry = calls.entry(f.prototype.name.name.as_str().to_owned()).or_insert((f.prototype.name.span, Vec::new()));
            entry.1.extend(callees);
        }
        let mut names: Vec<&String> = calls.keys().collect();
        names.sort_by_key(|n| calls[*n].0.start);
        let mut errors = Vec::new();
        for start in names {
            // Depth-first search for a path from `start` back to itself.
            let mut stack = vec![(start, vec![start.as_str()])];
            let mut seen = HashSet::new();
            while let Some((at, path)) = stack.pop() {
                let Some((_, callees)) = calls.get(at) else { continue };
                if callees.iter().any(|c| c == start) {
                    let cycle = path.iter().copied().chain(std::iter::once(start.as_str())).collect::<Vec<_>>().join(" -> ");
                    errors.push((format!("recursion is not allowed in AGSL: {cycle}"), calls[start].0));
                    break;
                }
                for c in callees {
                    if seen.insert(c) {
                        let mut p = path.clone();
                        p.push(c.as_str());
                        stack.push((c, p));
                    }
                }
            }
        }
        for (message, span) in errors {
            self.error(message, span);
        }
    }

    // -- statements ------------------------------------------------------------------------------

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Block(b) => {
                self.scopes.push(HashMap::new());
                for st in &b.stmts {
                    self.stmt(st);
                }
                self.scopes.pop();
            }
            StmtKind::Declaration(d) => match &d.kind {
                ast::DeclarationKind::Variables(v) => {
                    for (q, span) in v.ty.qualifiers.storage() {
                        if q != ast::StorageQualifier::Const {
                            self.error("local variables can only be `const`", span);
                        }
                    }
                    if let Some(l) = v.ty.qualifiers.layouts().next() {
                        self.error("layout qualifiers are only for uniforms", l.span);
                    }
                    self.variables(v, false);
                }
                _ => self.error("only variables can be declared in a function", d.span),
            },
            StmtKind::Expr(e) => self.expr(e),
            StmtKind::Empty => {}
            StmtKind::If { condition, accept, reject } => {
                self.expr(condition);
                self.sub_statement(accept);
                if let Some(r) = reject {
                    self.sub_statement(r);
                }
            }
            StmtKind::Switch { selector, body } => {
                self.expr(selector);
                let mut default: Option<Span> = None;
                for st in &body.stmts {
                    match st.kind {
                        StmtKind::Default => default = Some(st.span),
                        StmtKind::Case(_) => {
                            if let Some(d) = default.take() {
                                self.error("AGSL requires `default` to be the last case of a switch", d);
                            }
                        }
                        _ => {}
                    }
                }
                self.scopes.push(HashMap::new());
                for st in &body.stmts {
                    self.stmt(st);
                }
                self.scopes.pop();
            }
            StmtKind::Case(e) => self.expr(e),
            StmtKind::Default => {}
            StmtKind::While { .. } => self.error("AGSL has no `while` loops; use a `for` loop with constant bounds", keyword(s.span, 5)),
            StmtKind::DoWhile { .. } => self.error("AGSL has no `do`-`while` loops; use a `for` loop with constant bounds", keyword(s.span, 2)),
            StmtKind::For { init, condition, step, body } => self.for_loop(init, condition.as_ref(), step.as_ref(), body, s.span),
            StmtKind::Break | StmtKind::Continue => {}
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    self.expr(e);
                }
            }
            StmtKind::Discard => self.error("`discard` is not allowed in AGSL", s.span),
            StmtKind::Demote => self.error("`demote` is not allowed in AGSL", s.span),
        }
    }

    /// The body of `if`, `else` or `for`: a declaration must be inside braces.
    fn sub_statement(&mut self, s: &Stmt) {
        if let StmtKind::Declaration(_) = s.kind {
            self.error("AGSL declarations must be in an explicit braced scope: add `{ }` around this", s.span);
        }
        self.scopes.push(HashMap::new());
        self.stmt(s);
        self.scopes.pop();
    }

    /// GLSL ES 1.0 Appendix A §4: `for (type i = constant; i op constant; i++ | i-- | ++i |
    /// --i | i += constant | i -= constant)`, and the body does not change `i`.
    fn for_loop(&mut self, init: &Stmt, condition: Option<&ast::Condition>, step: Option<&Expr>, body: &Stmt, span: Span) {
        self.scopes.push(HashMap::new());
        let mut index: Option<String> = None;
        match &init.kind {
            StmtKind::Declaration(d) => match &d.kind {
                ast::DeclarationKind::Variables(v)
                    if v.declarators.len() == 1
                        && matches!(v.ty.ty.kind, ast::TypeKind::Builtin(ast::BuiltinType::Scalar(s)) if s.kind != crate::ir::ScalarKind::Bool)
                        && v.ty.ty.array.is_empty()
                        && v.declarators[0].array.is_empty() =>
                {
                    let decl = &v.declarators[0];
                    match &decl.init {
                        Some(ast::Initializer::Expr(e)) if self.is_constant(e) => {}
                        _ => self.error("an AGSL loop index must be initialized with a constant expression", decl.span),
                    }
                    if let Some(ast::Initializer::Expr(e)) = &decl.init {
                        self.expr(e);
                    }
                    self.declare(&decl.name.name, Kind::LoopIndex);
                    index = Some(decl.name.name.as_str().to_owned());
                }
                _ => self.error("an AGSL `for` loop declares one scalar loop index: `for (int i = 0; ...)`", init.span),
            },
            _ => self.error("an AGSL `for` loop declares one scalar loop index: `for (int i = 0; ...)`", loop_part(init.span, span)),
        }
        let is_index = |e: &Expr| matches!(&e.kind, ExprKind::Ident(id) if Some(id.name.as_str()) == index.as_deref());
        match condition {
            Some(ast::Condition::Expr(e)) => {
                let ok = match &e.kind {
                    ExprKind::Binary { op, left, right } => {
                        matches!(op, BinaryOp::Less | BinaryOp::Greater | BinaryOp::LessEqual | BinaryOp::GreaterEqual | BinaryOp::Equal | BinaryOp::NotEqual)
                            && is_index(left)
                            && self.is_constant(right)
                    }
                    _ => false,
                };
                if !ok && index.is_some() {
                    self.error("the condition of an AGSL `for` loop compares the loop index with a constant: `i < 10`", e.span);
                }
                self.expr(e);
            }
            Some(ast::Condition::Declaration(d)) => self.error("the condition of an AGSL `for` loop compares the loop index with a constant: `i < 10`", d.span),
            None => self.error("an AGSL `for` loop needs a condition (`i < 10`): the loop must have constant bounds", span),
        }
        match step {
            Some(e) => {
                let ok = match &e.kind {
                    ExprKind::Unary { op, operand } => {
                        matches!(op, UnaryOp::PreIncrement | UnaryOp::PreDecrement | UnaryOp::PostIncrement | UnaryOp::PostDecrement) && is_index(operand)
                    }
                    ExprKind::Assign { op: Some(BinaryOp::Add | BinaryOp::Sub), target, value } => is_index(target) && self.is_constant(value),
                    _ => false,
                };
                if !ok && index.is_some() {
                    self.error("the step of an AGSL `for` loop is `i++`, `i--`, `++i`, `--i`, `i += constant` or `i -= constant`", e.span);
                }
                self.expr(e);
            }
            None => self.error("an AGSL `for` loop needs a step (`i++`): the loop must have constant bounds", span),
        }
        if let Some(i) = &index {
            self.index_writes(body, i);
            self.termination(init, condition, step, span);
        }
        self.sub_statement(body);
        self.scopes.pop();
    }

    /// A loop whose bounds fold must end within [`MAX_LOOP_ITERATIONS`] iterations, as Skia
    /// requires: an AGSL loop is unrolled, and on a GPU a loop that never ends hangs the device.
    fn termination(&mut self, init: &Stmt, condition: Option<&ast::Condition>, step: Option<&Expr>, span: Span) {
        let start = match &init.kind {
            StmtKind::Declaration(d) => match &d.kind {
                ast::DeclarationKind::Variables(v) => match v.declarators.first().and_then(|d| d.init.as_ref()) {
                    Some(ast::Initializer::Expr(e)) => self.value(e),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        let (Some(mut i), Some(ast::Condition::Expr(cond)), Some(step)) = (start, condition, step) else { return };
        let ExprKind::Binary { op, right, .. } = &cond.kind else { return };
        let Some(bound) = self.value(right) else { return };
        let delta = match &step.kind {
            ExprKind::Unary { op: UnaryOp::PreIncrement | UnaryOp::PostIncrement, .. } => Some(1.0),
            ExprKind::Unary { op: UnaryOp::PreDecrement | UnaryOp::PostDecrement, .. } => Some(-1.0),
            ExprKind::Assign { op: Some(BinaryOp::Add), value, .. } => self.value(value),
            ExprKind::Assign { op: Some(BinaryOp::Sub), value, .. } => self.value(value).map(|v| -v),
            _ => None,
        };
        let Some(delta) = delta else { return };
        let holds = |i: f64| match op {
            BinaryOp::Less => i < bound,
            BinaryOp::Greater => i > bound,
            BinaryOp::LessEqual => i <= bound,
            BinaryOp::GreaterEqual => i >= bound,
            BinaryOp::Equal => i == bound,
            _ => i != bound,
        };
        for _ in 0..=MAX_LOOP_ITERATIONS {
            if !holds(i) {
                return;
            }
            i += delta;
        }
        self.error(format!("this loop does not end within {MAX_LOOP_ITERATIONS} iterations; AGSL loops must have constant bounds that terminate"), keyword(span, 3));
    }

    /// Appendix A §4: the loop index "cannot be modified within the body of the loop".
    fn index_writes(&mut self, s: &Stmt, index: &str) {
        let mut spans = Vec::new();
        visit_stmt_exprs(s, &mut |e| match &e.kind {
            ExprKind::Assign { target, .. } if root_name(target) == Some(index) => spans.push(target.span),
            ExprKind::Unary { op: UnaryOp::PreIncrement | UnaryOp::PreDecrement | UnaryOp::PostIncrement | UnaryOp::PostDecrement, operand }
                if root_name(operand) == Some(index) =>
            {
                spans.push(operand.span)
            }
            _ => {}
        });
        for span in spans {
            self.error(format!("the loop index `{index}` cannot be changed in the body of an AGSL `for` loop"), span);
        }
    }

    // -- expressions -----------------------------------------------------------------------------

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Ident(id) => {
                if id.name.starts_with("gl_") && self.kind(&id.name).is_none() {
                    self.error(format!("`{}` is not declared (AGSL has no GLSL built-in variables; `main` receives the fragment coordinate)", id.name), id.span);
                }
            }
            ExprKind::Literal(_) | ExprKind::StringLit(_) => {}
            ExprKind::Unary { op, operand } => {
                if *op == UnaryOp::BitNot {
                    self.error("operator `~` is not supported in AGSL", e.span);
                }
                self.expr(operand);
            }
            ExprKind::Binary { op, left, right } => {
                self.operator(*op, e.span);
                self.expr(left);
                self.expr(right);
            }
            ExprKind::Assign { op, target, value } => {
                if let Some(op) = op {
                    self.operator(*op, e.span);
                }
                self.expr(target);
                self.expr(value);
            }
            ExprKind::Ternary { condition, accept, reject } => {
                self.expr(condition);
                self.expr(accept);
                self.expr(reject);
            }
            ExprKind::Sequence(items) => items.iter().for_each(|i| self.expr(i)),
            ExprKind::Index { base, index } => {
                if !self.is_constant_index(index) {
                    self.error("AGSL indices must be constant expressions or loop indices (GLSL ES 1.0 Appendix A)", index.span);
                }
                self.expr(base);
                self.expr(index);
            }
            ExprKind::Field { base, .. } => self.expr(base),
            ExprKind::Call { callee, args } => {
                match callee {
                    ast::Callee::Type(t) => {
                        if let ast::TypeKind::Struct(s) = &t.kind {
                            self.error("AGSL structs can only be declared at global scope", s.span);
                        }
                    }
                    ast::Callee::Function(f) => {
                        let known = self.functions.contains(f.name.as_str()) || super::BUILTIN_FUNCTIONS.contains(&f.name.as_str());
                        // A variable called like a function is the lowering's error to report.
                        if !known && self.kind(&f.name).is_none() {
                            self.error(format!("no function named `{}` (not an AGSL built-in nor declared)", f.name), f.span);
                        }
                    }
                }
                args.iter().for_each(|a| self.expr(a));
            }
            ExprKind::MethodCall { base, method, args } => {
                if method.name != "eval" {
                    self.error(format!("unknown method `{}`; AGSL only has `child.eval(coord)`", method.name), method.span);
                }
                self.expr(base);
                args.iter().for_each(|a| self.expr(a));
            }
        }
    }

    /// Operators GLSL ES 1.0 reserves and AGSL does not have (reference, "Operators").
    fn operator(&mut self, op: BinaryOp, span: Span) {
        if matches!(op, BinaryOp::Mod | BinaryOp::Shl | BinaryOp::Shr | BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor) {
            let symbol = crate::glsl::lower::op_symbol(op);
            let hint = if op == BinaryOp::Mod { "; use `mod(x, y)`" } else { "" };
            self.error(format!("operator `{symbol}` is not supported in AGSL{hint}"), span);
        }
    }

    /// A constant expression: literals, `const` variables, and operators, constructors and
    /// built-in functions applied to them.
    fn is_constant(&self, e: &Expr) -> bool {
        self.constant_with(e, false)
    }

    /// A constant-index-expression: also loop indices (GLSL ES 1.0 Appendix A §5).
    fn is_constant_index(&self, e: &Expr) -> bool {
        self.constant_with(e, true)
    }

    fn constant_with(&self, e: &Expr, loop_index: bool) -> bool {
        let rec = |e: &Expr| self.constant_with(e, loop_index);
        match &e.kind {
            ExprKind::Literal(_) => true,
            ExprKind::Ident(id) => match self.kind(&id.name) {
                Some(Kind::Const) => true,
                Some(Kind::LoopIndex) => loop_index,
                _ => false,
            },
            ExprKind::Unary { op: UnaryOp::Neg | UnaryOp::Plus | UnaryOp::Not, operand } => rec(operand),
            ExprKind::Binary { left, right, .. } => rec(left) && rec(right),
            ExprKind::Ternary { condition, accept, reject } => rec(condition) && rec(accept) && rec(reject),
            ExprKind::Field { base, .. } => rec(base),
            ExprKind::Index { base, index } => rec(base) && rec(index),
            ExprKind::Call { callee: ast::Callee::Type(_), args } => args.iter().all(rec),
            ExprKind::Call { callee: ast::Callee::Function(f), args } => !self.functions.contains(f.name.as_str()) && args.iter().all(rec),
            _ => false,
        }
    }
}

/// Whether control cannot reach the end of these statements (AGSL: "functions without a void
/// return type must return a value"). Conservative like Skia's check: a loop may run zero
/// times; a switch returns when it has a `default`, no `break` and its last case returns.
fn block_returns(stmts: &[Stmt]) -> bool {
    for s in stmts {
        if matches!(s.kind, StmtKind::Break | StmtKind::Continue) {
            return false;
        }
        if returns(s) {
            return true;
        }
    }
    false
}

fn returns(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Return(_) | StmtKind::Discard => true,
        StmtKind::Block(b) => block_returns(&b.stmts),
        StmtKind::If { accept, reject: Some(reject), .. } => returns(accept) && returns(reject),
        StmtKind::Switch { body, .. } => {
            let has_default = body.stmts.iter().any(|s| matches!(s.kind, StmtKind::Default));
            let last_label = body.stmts.iter().rposition(|s| matches!(s.kind, StmtKind::Case(_) | StmtKind::Default));
            has_default && !body.stmts.iter().any(breaks_switch) && last_label.is_some_and(|i| block_returns(&body.stmts[i + 1..]))
        }
        _ => false,
    }
}

/// A `break` that leaves the enclosing switch (not one inside a nested loop or switch).
fn breaks_switch(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Break => true,
        StmtKind::Block(b) => b.stmts.iter().any(breaks_switch),
        StmtKind::If { accept, reject, .. } => breaks_switch(accept) || reject.as_deref().is_some_and(breaks_switch),
        _ => false,
    }
}

/// The variable an lvalue expression writes (`a` of `a.x[2]`).
fn root_name(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Ident(id) => Some(&id.name),
        ExprKind::Index { base, .. } | ExprKind::Field { base, .. } => root_name(base),
        _ => None,
    }
}

/// Calls `f` on every expression (and subexpression) of a statement tree.
fn visit_stmt_exprs(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
    match &s.kind {
        StmtKind::Block(b) => b.stmts.iter().for_each(|s| visit_stmt_exprs(s, f)),
        StmtKind::Declaration(d) => {
            if let ast::DeclarationKind::Variables(v) = &d.kind {
                for d in &v.declarators {
                    if let Some(ast::Initializer::Expr(e)) = &d.init {
                        visit_expr(e, f);
                    }
                }
            }
        }
        StmtKind::Expr(e) | StmtKind::Case(e) | StmtKind::Return(Some(e)) => visit_expr(e, f),
        StmtKind::If { condition, accept, reject } => {
            visit_expr(condition, f);
            visit_stmt_exprs(accept, f);
            if let Some(r) = reject {
                visit_stmt_exprs(r, f);
            }
        }
        StmtKind::Switch { selector, body } => {
            visit_expr(selector, f);
            body.stmts.iter().for_each(|s| visit_stmt_exprs(s, f));
        }
        StmtKind::For { init, condition, step, body } => {
            visit_stmt_exprs(init, f);
            if let Some(ast::Condition::Expr(e)) = condition {
                visit_expr(e, f);
            }
            if let Some(e) = step {
                visit_expr(e, f);
            }
            visit_stmt_exprs(body, f);
        }
        StmtKind::While { body, .. } | StmtKind::DoWhile { body, .. } => visit_stmt_exprs(body, f),
        _ => {}
    }
}

fn visit_expr(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    match &e.kind {
        ExprKind::Unary { operand, .. } => visit_expr(operand, f),
        ExprKind::Binary { left, right, .. } | ExprKind::Assign { target: left, value: right, .. } | ExprKind::Index { base: left, index: right } => {
            visit_expr(left, f);
            visit_expr(right, f);
        }
        ExprKind::Ternary { condition, accept, reject } => {
            visit_expr(condition, f);
            visit_expr(accept, f);
            visit_expr(reject, f);
        }
        ExprKind::Sequence(items) => items.iter().for_each(|i| visit_expr(i, f)),
        ExprKind::Field { base, .. } => visit_expr(base, f),
        ExprKind::Call { args, .. } => args.iter().for_each(|a| visit_expr(a, f)),
        ExprKind::MethodCall { base, args, .. } => {
            visit_expr(base, f);
            args.iter().for_each(|a| visit_expr(a, f));
        }
        ExprKind::Ident(_) | ExprKind::Literal(_) | ExprKind::StringLit(_) => {}
    }
}

/// The first `len` bytes of a statement's span: its keyword.
fn keyword(span: Span, len: u32) -> Span {
    Span::new(span.file, span.start, span.end.min(span.start + len))
}

/// An empty `for` init has an empty span; point at the loop instead.
fn loop_part(part: Span, whole: Span) -> Span {
    if part.is_empty() {
        keyword(whole, 3)
    } else {
        part
    }
}
