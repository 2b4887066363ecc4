//! GLSL ES default precision (GLSL ES 3.20 §4.7.4 "Default Precision Qualifiers"): a declared
//! type without a precision qualifier takes the default precision of its type in scope, and some
//! types have none until a `precision` statement gives one, so a declaration of such a type
//! without a precision qualifier is an error. As glslang reads the rule: `float` (its vectors and
//! matrices) has no default in fragment shaders; of the opaque types only `sampler2D`,
//! `samplerCube`, `texture2D` and `textureCube` have a default (`lowp`), in every stage; `int`
//! and `uint` always have one. `precision` statements are scoped like declarations (§4.2).
//! Desktop GLSL has defaults for everything, so only ES programs are checked.

use super::ast::{self, BuiltinType, Condition, DeclarationKind, ExternalDeclaration, ImageDim, Stmt, StmtKind, TypeKind};
use crate::diag::{Diagnostic, Diagnostics};
use crate::ir::{ScalarKind, Stage};
use crate::span::Span;

/// Reports every declaration of `tu` whose type has no precision (ES only).
pub fn check_defaults(tu: &ast::TranslationUnit, stage: Stage) -> Diagnostics {
    let mut c = Checker { stage, scopes: vec![Vec::new()], diags: Diagnostics::new() };
    if !tu.es {
        return c.diags;
    }
    for d in &tu.decls {
        match d {
            ExternalDeclaration::Declaration(d) => c.declaration(d),
            ExternalDeclaration::Function(f) => {
                c.prototype(&f.prototype);
                c.scopes.push(Vec::new());
                c.stmts(&f.body.stmts);
                c.scopes.pop();
            }
        }
    }
    c.diags
}

struct Checker {
    stage: Stage,
    /// The types given a default precision by a `precision` statement, per scope.
    scopes: Vec<Vec<BuiltinType>>,
    diags: Diagnostics,
}

/// The type whose default precision `b` takes: `float` for float vectors and matrices, the
/// opaque type itself; `None` for types that always have a default or take no precision.
fn precision_key(b: BuiltinType) -> Option<BuiltinType> {
    let float = |s: crate::ir::Scalar| s.kind == ScalarKind::Float && s.width == 4;
    match b {
        BuiltinType::Scalar(s) | BuiltinType::Vector(s, _) | BuiltinType::Matrix { scalar: s, .. } if float(s) => {
            Some(BuiltinType::Scalar(s))
        }
        BuiltinType::Sampler(_) | BuiltinType::Texture(_) | BuiltinType::Image(_) | BuiltinType::SubpassInput { .. } | BuiltinType::SamplerState { .. } => Some(b),
        _ => None,
    }
}

impl Checker {
    fn has_default(&self, key: BuiltinType) -> bool {
        if self.scopes.iter().any(|s| s.contains(&key)) {
            return true;
        }
        match key {
            BuiltinType::Scalar(_) => self.stage != Stage::Fragment,
            BuiltinType::Sampler(it) | BuiltinType::Texture(it) => {
                matches!(it.dim, ImageDim::D2 | ImageDim::Cube) && !it.arrayed && !it.multisampled && !it.shadow && it.scalar.kind == ScalarKind::Float
            }
            _ => false,
        }
    }

    fn check(&mut self, qualifiers: &ast::TypeQualifiers, ty: &ast::TypeSpecifier) {
        match &ty.kind {
            TypeKind::Builtin(b) => {
                let has_precision = qualifiers.qualifiers.iter().any(|q| matches!(q.kind, ast::QualifierKind::Precision(_)));
                if let Some(key) = precision_key(*b).filter(|&k| !has_precision && !self.has_default(k)) {
                    self.report(key, ty.span);
                }
            }
            TypeKind::Struct(s) => {
                for m in &s.members {
                    self.check(&m.qualifiers, &m.ty);
                }
            }
            TypeKind::Named(_) => {}
        }
    }

    fn report(&mut self, key: BuiltinType, span: Span) {
        let (what, example) = match key {
            BuiltinType::Scalar(_) => ("`float` has no default precision in an ES fragment shader", "`precision mediump float;`".to_string()),
            _ => ("this opaque type has no default precision in GLSL ES", "`precision highp <type>;`".to_string()),
        };
        let d = Diagnostic::error(format!("{what}: give it a precision qualifier or declare a default"), span)
            .with_note(format!("GLSL ES 3.20 §4.7.4: e.g. {example} before the declaration"));
        self.diags.push(d);
    }

    fn prototype(&mut self, p: &ast::FunctionPrototype) {
        if !matches!(p.return_type.ty.kind, TypeKind::Builtin(BuiltinType::Void)) {
            self.check(&p.return_type.qualifiers, &p.return_type.ty);
        }
        for prm in &p.params {
            self.check(&prm.qualifiers, &prm.ty);
        }
    }

    fn declaration(&mut self, d: &ast::Declaration) {
        match &d.kind {
            DeclarationKind::Variables(v) => self.check(&v.ty.qualifiers, &v.ty.ty),
            DeclarationKind::Prototype(p) => self.prototype(p),
            DeclarationKind::Precision { ty, .. } => {
                if let TypeKind::Builtin(b) = ty.kind {
                    if let (Some(key), Some(scope)) = (precision_key(b), self.scopes.last_mut()) {
                        scope.push(key);
                    }
                }
            }
            DeclarationKind::Block(b) => {
                for m in &b.members {
                    self.check(&m.qualifiers, &m.ty);
                }
            }
            DeclarationKind::Qualifiers(_) | DeclarationKind::Redeclaration { .. } => {}
        }
    }

    fn stmts(&mut self, stmts: &[Stmt]) {
        for s in stmts {
            self.stmt(s);
        }
    }

    fn scoped(&mut self, s: &Stmt) {
        self.scopes.push(Vec::new());
        self.stmt(s);
        self.scopes.pop();
    }

    fn condition(&mut self, c: &Condition) {
        if let Condition::Declaration(d) = c {
            self.check(&d.ty.qualifiers, &d.ty.ty);
        }
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Block(b) => {
                self.scopes.push(Vec::new());
                self.stmts(&b.stmts);
                self.scopes.pop();
            }
            StmtKind::Declaration(d) => self.declaration(d),
            StmtKind::If { accept, reject, .. } => {
                self.scoped(accept);
                if let Some(r) = reject {
                    self.scoped(r);
                }
            }
            StmtKind::Switch { body, .. } => {
                self.scopes.push(Vec::new());
                self.stmts(&body.stmts);
                self.scopes.pop();
            }
            StmtKind::While { condition, body } => {
                self.scopes.push(Vec::new());
                self.condition(condition);
                self.stmt(body);
                self.scopes.pop();
            }
            StmtKind::DoWhile { body, .. } => self.scoped(body),
            StmtKind::For { init, condition, body, .. } => {
                self.scopes.push(Vec::new());
                self.stmt(init);
                if let Some(c) = condition {
                    self.condition(c);
                }
                self.stmt(body);
                self.scopes.pop();
            }
            StmtKind::Expr(_)
            | StmtKind::Empty
            | StmtKind::Case(_)
            | StmtKind::Default
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Return(_)
            | StmtKind::Discard
            | StmtKind::Demote => {}
        }
    }
}
