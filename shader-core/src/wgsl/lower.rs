//! Lowering: WGSL syntax tree to IR. Resolves names (module declarations in any order),
//! types, abstract numerics and constant expressions, checks WGSL's type rules, and rewrites
//! entry points from WGSL's parameter/return style to IR `Input`/`Output` globals.

use super::ast::{self, Expr, ExprKind};
use crate::ir::consteval::{Constant, Leaf, LeafValue, Value};
use crate::diag::{Diagnostic, Diagnostics};
use crate::ir::*;
use crate::span::Span;
use crate::hash::FxHashMap as HashMap;
use crate::layout;

/// An error that has already been reported; callers only unwind.
#[derive(Clone, Copy, Debug)]
pub struct Reported;
pub type R<T> = Result<T, Reported>;

/// Also returns the module's call graph when it lowered without errors (for the uniformity
/// analysis).
pub(super) fn lower(tu: &ast::TranslationUnit) -> (Module, Diagnostics, super::uniformity::CallGraph) {
    // Both name tables get an entry per module declaration: sized once, never rehashed.
    let mut decls = HashMap::with_capacity_and_hasher(tu.decls.len(), Default::default());
    let mut lw = Lowerer {
        module: Module::default(),
        diags: Diagnostics::new(),
        tu,
        decls: HashMap::default(),
        items: HashMap::with_capacity_and_hasher(tu.decls.len(), Default::default()),
        in_progress: Vec::new(),
        f16: false,
        bodies: Vec::new(),
        wgsl_structs: layout::WgslStructs::default(),
        entry_builtins: HashMap::default(),
        entry_user_functions: Vec::new(),
        // A module's shaders use a dozen pointer types or so: one allocation, seldom a rehash.
        pointer_types: HashMap::with_capacity_and_hasher(16, Default::default()),
        spare_scopes: Scopes::default(),
    };
    for directive in &tu.directives {
        if let ast::Directive::Enable(names) = directive {
            for name in names {
                match name.name.as_str() {
                    "f16" => lw.f16 = true,
                    "subgroups" | "clip_distances" | "dual_source_blending" | "primitive_index" => {}
                    "subgroups_f16" => {}
                    other => {
                        lw.error(format!("unknown extension `{other}`"), name.span);
                    }
                }
            }
        }
    }
    for (index, decl) in tu.decls.iter().enumerate() {
        if let Some(name) = decl_name(decl) {
            if let Some(&previous) = decls.get(name.name.as_str()) {
                let previous: &ast::GlobalDecl = &tu.decls[previous];
                let prev_span = decl_name(previous).map_or(Span::default(), |n| n.span);
                lw.diags.push(
                    Diagnostic::error(format!("`{}` is declared more than once", name.name), name.span)
                        .with_secondary(prev_span, "first declared here"),
                );
                continue;
            }
            decls.insert(name.name.as_str(), index);
        }
    }
    lw.decls = decls;
    for (index, decl) in tu.decls.iter().enumerate() {
        match decl {
            ast::GlobalDecl::ConstAssert { expr, span } => {
                let _ = lw.const_assert(None, expr, *span);
            }
            _ => {
                if let Some(name) = decl_name(decl) {
                    if lw.decls.get(name.name.as_str()) == Some(&index) {
                        let _ = lw.resolve_global(&name.name, name.span);
                    }
                }
            }
        }
    }
    // Function bodies last, so every signature exists; bodies may discover more work.
    let mut next = 0;
    while next < lw.bodies.len() {
        let (handle, index) = lw.bodies[next];
        next += 1;
        if let ast::GlobalDecl::Function(f) = &tu.decls[index] {
            let _ = lw.function_body(handle, f);
        }
    }
    let graph = if lw.diags.has_errors() { super::uniformity::CallGraph::default() } else { lw.check_module() };
    (lw.module, lw.diags, graph)
}

fn decl_name(decl: &ast::GlobalDecl) -> Option<&ast::Ident> {
    Some(match decl {
        ast::GlobalDecl::Var(v) => &v.name,
        ast::GlobalDecl::Const(c) => &c.name,
        ast::GlobalDecl::Override(o) => &o.name,
        ast::GlobalDecl::Alias { name, .. } => name,
        ast::GlobalDecl::Struct(s) => &s.name,
        ast::GlobalDecl::Function(f) => &f.name,
        ast::GlobalDecl::ConstAssert { .. } => return None,
    })
}

#[derive(Clone, Debug)]
pub(super) enum Item<'a> {
    Type(Handle<Type>),
    Const(Constant),
    Override(Handle<Override>),
    Var(Handle<GlobalVariable>),
    Function(Handle<Function>),
    /// An override whose initializer uses other overrides: SPIR-V cannot compute floating-point
    /// spec constants, so uses evaluate the initializer where they occur (not specializable).
    DerivedOverride(&'a ast::Expr, Option<Handle<Type>>),
    /// A declaration that failed; uses are silent so one mistake gives one error.
    Poisoned,
}

pub(super) struct Lowerer<'a> {
    pub module: Module,
    pub diags: Diagnostics,
    tu: &'a ast::TranslationUnit,
    decls: HashMap<&'a str, usize>,
    pub(super) items: HashMap<&'a str, Item<'a>>,
    in_progress: Vec<&'a str>,
    pub f16: bool,
    bodies: Vec<(Handle<Function>, usize)>,
    /// Declared structs' alignments (raised by `@align` members), which the IR does not keep.
    pub(super) wgsl_structs: layout::WgslStructs,
    /// The built-ins the entry point being wrapped declares, (value, output) -> where, for
    /// WGSL §13.3.1.1 (each at most once among the inputs, and among the outputs).
    pub(super) entry_builtins: HashMap<(BuiltIn, bool), Span>,
    /// Each entry point's own function (the one its declaration lowered to, which its wrapper
    /// calls when it has one) and the function the entry point runs (the same, or the wrapper).
    pub(super) entry_user_functions: Vec<(Handle<Function>, Handle<Function>)>,
    /// The module's pointer types by pointee and address space, in front of `Module::ty`
    /// (which hashes and compares a whole `Type`; scalars and vectors it finds by their slot,
    /// `Interned::slot`): lowering asks for a pointer type on nearly every variable access.
    /// (The module's types only grow while lowering, so a handle stays right.)
    pointer_types: HashMap<(Handle<Type>, AddressSpace), Handle<Type>>,
    /// The scope tables of the function lowered last, emptied, for the next one.
    pub(super) spare_scopes: Scopes,
}

/// What an expression lowered to.
#[derive(Clone, Debug)]
pub(super) enum Operand {
    /// A constant, possibly of an abstract type.
    Const(Constant),
    /// A concrete run-time value (possibly a pointer value).
    Value(Handle<Expression>),
    /// A WGSL reference: an IR pointer expression that is loaded when its value is needed.
    Ref(Handle<Expression>),
    /// A call without a result.
    Void,
}

impl Operand {
    /// The value of a constant scalar.
    pub(super) fn const_scalar(&self) -> Option<LeafValue> {
        match self {
            Operand::Const(c) => c.as_scalar(),
            _ => None,
        }
    }
}

#[derive(Clone, Debug)]
pub(super) enum Local {
    Const(Constant),
    Let(Handle<LetBinding>),
    Var(Handle<LocalVariable>),
    Arg(u32),
    /// A `let`, `var` or `const` whose declaration failed (already reported): declared anyway,
    /// as the GLSL front end does, so its uses add no "unknown name" errors.
    Failed,
}

pub(super) struct FnCtx {
    pub func: Function,
    pub scopes: Scopes,
    pub loops: u32,
    pub switches: u32,
    /// Inside a `continuing` block: the `loops` level of the loop it belongs to (the innermost
    /// such block). `break`/`continue` may not leave it, but may target loops and switches
    /// nested inside it.
    pub in_continuing: Option<u32>,
    /// The function being lowered (to report direct recursion).
    pub current: Option<Handle<Function>>,
    /// Above zero where statements emitted for an expression would run at the wrong time or
    /// not at all (a `&&`/`||` right operand, an override's initializer expanded at its use):
    /// long operator chains are then not cut into `let`s (see `binary` in `expr.rs`).
    pub no_hoist: u32,
}

impl FnCtx {
    pub(super) fn lookup(&self, name: &str) -> Option<&Local> {
        self.scopes.names.get(name).map(|(local, _, _)| local)
    }
}

/// The local names of a function: one table for every open scope, so that a lookup hashes the
/// name once, and what each declaration shadowed, put back when its scope closes. The
/// function's own scope (its parameters and its body's outermost declarations, WGSL §5.2) is
/// depth 0 and always open. Lowering passes one value from function to function (`clear`), so
/// its tables are allocated about once per module.
#[derive(Default)]
pub(super) struct Scopes {
    /// Each visible name's innermost declaration, and the depth of the scope that has it.
    names: HashMap<ast::Name, (Local, Span, u32)>,
    /// Each declaration in order: its name and what it shadowed.
    shadowed: Vec<(ast::Name, Option<(Local, Span, u32)>)>,
    /// Each nested open scope: where its declarations start in `shadowed`.
    opened: Vec<usize>,
}

impl Scopes {
    pub fn open(&mut self) {
        self.opened.push(self.shadowed.len());
    }

    /// Closes the innermost nested scope: its names go, what they shadowed comes back.
    pub fn close(&mut self) {
        let start = self.opened.pop().unwrap_or(0);
        for (name, previous) in self.shadowed.drain(start..).rev() {
            match previous {
                Some(previous) => self.names.insert(name, previous),
                None => self.names.remove(&name),
            };
        }
    }

    /// The declaration of `name` in the innermost open scope.
    pub fn in_innermost(&self, name: &str) -> Option<(&Local, Span)> {
        let depth = self.opened.len() as u32;
        self.names.get(name).filter(|(_, _, d)| *d == depth).map(|(local, span, _)| (local, *span))
    }

    pub fn declare(&mut self, name: &ast::Name, local: Local, span: Span) {
        let previous = self.names.insert(name.clone(), (local, span, self.opened.len() as u32));
        self.shadowed.push((name.clone(), previous));
    }

    /// Every visible name.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.keys().map(ast::Name::as_str)
    }

    /// Empty, keeping the tables' memory.
    pub fn clear(&mut self) {
        self.names.clear();
        self.shadowed.clear();
        self.opened.clear();
    }
}

pub(super) fn span_of(e: &Expr) -> Span {
    e.span
}

impl<'a> Lowerer<'a> {
    pub(super) fn tu_decls(&self) -> &'a [ast::GlobalDecl] {
        &self.tu.decls
    }

    pub(super) fn tu_unit(&self) -> &'a ast::TranslationUnit {
        self.tu
    }

    pub fn error(&mut self, message: impl Into<String>, span: Span) -> Reported {
        self.diags.push(Diagnostic::error(message, span));
        Reported
    }

    // -----------------------------------------------------------------------------------------
    // Module scope

    /// An operand of the syntax tree ([`ast::TranslationUnit::exprs`]).
    pub(super) fn ex(&self, id: ast::ExprId) -> &'a ast::Expr {
        let tu = self.tu;
        tu.expr(id)
    }

    /// An argument list of the syntax tree.
    pub(super) fn list(&self, list: ast::ExprList) -> &'a [ast::Expr] {
        let tu = self.tu;
        tu.list(list)
    }

    pub(super) fn resolve_global(&mut self, name: &str, span: Span) -> R<Option<Item<'a>>> {
        if let Some(item) = self.items.get(name) {
            if let Item::Poisoned = item {
                return Err(Reported);
            }
            return Ok(Some(item.clone()));
        }
        // The declaration's own spelling keys the tables (no copy of the name).
        let Some((&name, &index)) = self.decls.get_key_value(name) else { return Ok(None) };
        if self.in_progress.contains(&name) {
            return Err(self.error(format!("`{name}` depends on itself"), span));
        }
        self.in_progress.push(name);
        let result = self.lower_decl(&self.tu.decls[index], index);
        self.in_progress.pop();
        let item = match result {
            Ok(item) => item,
            Err(r) => {
                // Remember the failure as a harmless item so later uses do not cascade.
                self.items.insert(name, Item::Poisoned);
                return Err(r);
            }
        };
        self.items.insert(name, item.clone());
        Ok(Some(item))
    }

    fn lower_decl(&mut self, decl: &'a ast::GlobalDecl, index: usize) -> R<Item<'a>> {
        match decl {
            ast::GlobalDecl::Alias { ty, .. } => Ok(Item::Type(self.resolve_type(None, ty)?)),
            ast::GlobalDecl::Struct(s) => Ok(Item::Type(self.struct_decl(s)?)),
            ast::GlobalDecl::Const(c) => {
                let init = self.ex(c.init);
                let value = self.const_expr(None, init)?;
                let value = match c.ty.map(|t| self.ex(t)) {
                    Some(ty) => {
                        let ty = self.resolve_type(None, ty)?;
                        self.convert_value(&value, ty, init.span)?
                    }
                    None => value,
                };
                Ok(Item::Const(value))
            }
            ast::GlobalDecl::Override(o) => self.override_decl(o),
            ast::GlobalDecl::Var(v) => self.global_var(v),
            ast::GlobalDecl::Function(f) => self.function_signature(f, index),
            ast::GlobalDecl::ConstAssert { .. } => unreachable_item(),
        }
    }

    fn struct_decl(&mut self, s: &ast::StructDecl) -> R<Handle<Type>> {
        let mut specs = Vec::with_capacity(s.members.len());
        let mut failed = false;
        self.check_attrs(&s.attrs, &["block"], format_args!("a struct"));
        for (i, m) in s.members.iter().enumerate() {
            self.check_attrs(&m.attrs, &["align", "size", "builtin", "location", "interpolate", "invariant", "blend_src", "offset", "stride", "span"], format_args!("a struct member"));
            if s.members[..i].iter().any(|p| p.name.name == m.name.name) {
                self.error(format!("struct member `{}` is declared more than once", m.name.name), m.name.span);
                failed = true;
            }
            let Ok(ty) = self.resolve_type(None, &m.ty) else {
                failed = true;
                continue;
            };
            if self.override_sized(ty) {
                self.error(OVERRIDE_SIZED_ONLY_WORKGROUP, m.ty.span);
                failed = true;
                continue;
            }
            let mut spec = layout::MemberSpec::new(Some(String::from(m.name.name.as_str())), ty);
            for attr in &m.attrs {
                match attr.name.name.as_str() {
                    "align" => spec.align = Some(self.attr_u32(attr)?),
                    "size" => spec.size = Some(self.attr_u32(attr)?),
                    // 2021 draft: explicit offsets.
                    "offset" => spec.offset = Some(self.attr_u32(attr)?),
                    _ => {}
                }
            }
            specs.push(spec);
        }
        if failed {
            return Err(Reported);
        }
        if specs.is_empty() {
            return Err(self.error("a struct must have at least one member", s.name.span));
        }
        // Every layout error is reported: the attribute at fault is dropped and the struct
        // placed again, until it fits or an error no attribute caused remains.
        loop {
            let name = Some(String::from(s.name.name.as_str()));
            let e = match self.wgsl_structs.declare(&mut self.module.types, name, &specs, s.span) {
                Ok(ty) if !failed => return Ok(ty),
                Ok(_) => return Err(Reported),
                Err(e) => e,
            };
            failed = true;
            let index = specs.iter().position(|spec| spec.name.as_deref() == Some(e.member.split(['.', '[']).next().unwrap_or("")));
            let (member, attr) = match (index, &e.kind) {
                (Some(i), layout::LayoutErrorKind::AlignNotPowerOfTwo { .. } | layout::LayoutErrorKind::AlignTooSmall { .. }) => {
                    specs[i].align = None;
                    (Some(i), "align")
                }
                (Some(i), layout::LayoutErrorKind::SizeTooSmall { .. }) => {
                    specs[i].size = None;
                    (Some(i), "size")
                }
                (Some(i), layout::LayoutErrorKind::OffsetNotAligned { .. } | layout::LayoutErrorKind::OffsetOverlaps { .. }) => {
                    specs[i].offset = None;
                    (Some(i), "offset")
                }
                (i, _) => (i, ""),
            };
            let m = member.map(|i| &s.members[i]);
            let span = m
                .and_then(|m| m.attrs.iter().find(|a| a.name.name == attr).map(|a| a.span))
                .or(m.map(|m| if attr.is_empty() { m.ty.span } else { m.span }))
                .unwrap_or(s.name.span);
            let message = match e.kind {
                layout::LayoutErrorKind::RuntimeArrayNotLast => "a runtime-sized array must be the last member of a struct".to_string(),
                layout::LayoutErrorKind::Overflow => format!("struct `{}` does not fit in 4 GiB", s.name.name),
                _ => e.kind.to_string(),
            };
            self.error(message, span);
            if attr.is_empty() {
                return Err(Reported);
            }
        }
    }

    pub(super) fn attr_u32(&mut self, attr: &ast::Attribute) -> R<u32> {
        let Some(arg) = self.tu.list(attr.args).first() else {
            return Err(self.error(format!("@{} needs an argument", attr.name.name), attr.span));
        };
        self.const_u32(None, arg)
    }

    /// A const-expression that must be a non-negative integer.
    pub(super) fn const_u32(&mut self, fx: Option<&mut FnCtx>, e: &Expr) -> R<u32> {
        let value = self.const_expr(fx, e)?;
        match value.as_scalar().and_then(LeafValue::as_int) {
            Some(v) if (0..=u32::MAX as i128).contains(&v) => Ok(v as u32),
            Some(v) => Err(self.error(format!("expected a non-negative 32-bit integer, found {v}"), e.span)),
            None => Err(self.error("expected an integer constant", e.span)),
        }
    }

    fn override_decl(&mut self, o: &'a ast::OverrideDecl) -> R<Item<'a>> {
        self.check_attrs(&o.attrs, &["id", "constant_id"], format_args!("an override"));
        let mut id = None;
        for attr in &o.attrs {
            if matches!(attr.name.name.as_str(), "id" | "constant_id") {
                let v = self.attr_u32(attr)?;
                // WGSL §12.x `@id`: pipeline constant ids are 16-bit.
                if v > 0xFFFF {
                    return Err(self.error(format!("override id {v} is larger than 65535"), attr.span));
                }
                id = Some(v);
            }
        }
        let declared = match &o.ty {
            Some(t) => Some(self.resolve_type(None, t)?),
            None => None,
        };
        if let Some(e) = &o.init {
            if self.mentions_override(e) {
                // Typecheck once now, in a scratch function, so errors appear even if unused.
                let mut scratch = FnCtx::outside_functions();
                let mut block = Block::new();
                let op = self.expr(&mut scratch, &mut block, e)?;
                if let Some(ty) = declared {
                    self.coerce(&mut scratch, op, ty, e.span)?;
                }
                return Ok(Item::DerivedOverride(e, declared));
            }
        }
        let init = match &o.init {
            Some(e) => {
                let value = self.const_expr(None, e)?;
                let value = match declared {
                    Some(ty) => self.convert_value(&value, ty, e.span)?,
                    None => value.concretize(),
                };
                Some(value)
            }
            None => None,
        };
        let ty = match (declared, &init) {
            (Some(ty), _) => ty,
            (None, Some(v)) => self.value_type(v),
            (None, None) => return Err(self.error("an override without a type needs an initializer", o.name.span)),
        };
        if !matches!(self.module.inner(ty), TypeInner::Scalar(_)) {
            return Err(self.error(format!("an override must be a scalar, found `{}`", self.type_name(ty)), o.name.span));
        }
        let init = init.map(|v| self.materialize_module(&v, o.span));
        let handle = self.module.overrides.append(
            Override { name: Some(String::from(o.name.name.as_str())), id, ty, init },
            o.span,
        );
        Ok(Item::Override(handle))
    }

    /// Reports attributes that are unknown or not allowed on `what` (WGSL §12 "Attributes").
    pub(super) fn check_attrs(&mut self, attrs: &[ast::Attribute], allowed: &[&str], what: std::fmt::Arguments<'_>) {
        const KNOWN: &[&str] = &[
            "align", "binding", "blend_src", "builtin", "compute", "const", "diagnostic", "fragment", "group", "id",
            "interpolate", "invariant", "location", "must_use", "size", "vertex", "workgroup_size",
            "early_depth_test", // naga extension
            // January 2021 draft
            "stage", "stride", "block", "access", "offset", "set", "constant_id", "span",
        ];
        for a in attrs {
            let name = a.name.name.as_str();
            if !KNOWN.contains(&name) {
                self.error(format!("unknown attribute `@{name}`"), a.name.span);
            } else if !allowed.contains(&name) {
                self.error(format!("`@{name}` is not allowed on {what}"), a.name.span);
            }
        }
    }

    /// Whether an expression names a module-scope override (directly).
    pub(super) fn mentions_override(&mut self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Ident(id) => {
                if let Some(&index) = self.decls.get(id.name.as_str()) {
                    return matches!(self.tu.decls[index], ast::GlobalDecl::Override(_));
                }
                false
            }
            ExprKind::Paren(x) | ExprKind::Unary { expr: x, .. } => self.mentions_override(self.ex(*x)),
            ExprKind::Binary { .. } => {
                // Operator chains are unbounded: walk the left spine in a loop.
                let mut e = e;
                loop {
                    match &e.kind {
                        ExprKind::Binary { left, right, .. } => {
                            if self.mentions_override(self.ex(*right)) {
                                return true;
                            }
                            e = self.ex(*left);
                        }
                        ExprKind::Paren(x) => e = self.ex(*x),
                        _ => return self.mentions_override(e),
                    }
                }
            }
            ExprKind::Call { args, .. } => self.list(*args).iter().any(|a| self.mentions_override(a)),
            ExprKind::Index { base, index } => self.mentions_override(self.ex(*base)) || self.mentions_override(self.ex(*index)),
            ExprKind::Member { base, .. } => self.mentions_override(self.ex(*base)),
            _ => false,
        }
    }

    fn global_var(&mut self, v: &'a ast::VarDecl) -> R<Item<'a>> {
        let (space_name, access_ident) = (v.space(self.tu), v.access(self.tu));
        let (ty_expr, init) = (v.ty.map(|t| self.ex(t)), v.init.map(|e| self.ex(e)));
        for id in space_name.iter().chain(&access_ident) {
            self.check_not_shadowed(id, "an address space or access mode")?;
        }
        self.check_attrs(&v.attrs, &["group", "binding", "set", "location", "builtin", "interpolate", "invariant", "access", "stride"], format_args!("a variable"));
        let mut group = None;
        let mut binding = None;
        let mut io = None;
        let mut access_attr = None;
        for attr in &v.attrs {
            match attr.name.name.as_str() {
                "group" | "set" => group = Some(self.attr_u32(attr)?),
                "binding" => binding = Some(self.attr_u32(attr)?),
                "access" => access_attr = self.tu.list(attr.args).first().and_then(ident_of).map(|i| i.name.clone()),
                "location" | "builtin" => io = Some(attr),
                _ => {}
            }
        }
        let ty = match ty_expr {
            Some(t) => self.resolve_type(None, t)?,
            None => match init {
                Some(e) => {
                    let value = self.const_expr(None, e)?.concretize();
                    self.value_type(&value)
                }
                None => return Err(self.error("a variable needs a type or an initializer", v.name.span)),
            },
        };
        let is_handle = matches!(
            self.module.inner(ty),
            TypeInner::Image { .. } | TypeInner::Sampler { .. } | TypeInner::SampledImage { .. }
        ) || matches!(self.module.inner(ty), TypeInner::BindingArray { base, .. }
            if matches!(self.module.inner(*base), TypeInner::Image { .. } | TypeInner::Sampler { .. }));
        let access_name = access_ident.map(|a| a.name.clone()).or(access_attr);
        let access = match access_name.as_deref() {
            None | Some("read") => StorageAccess::READ,
            Some("write") => StorageAccess::WRITE,
            Some("read_write") => StorageAccess::READ_WRITE,
            Some(other) => {
                let span = access_ident.map_or(v.span, |a| a.span);
                return Err(self.error(format!("unknown access mode `{other}`"), span));
            }
        };
        let space = match space_name.map(|s| s.name.as_str()) {
            None if is_handle => AddressSpace::Handle,
            None => {
                return Err(self.error(
                    "a module-scope `var` needs an address space, e.g. `var<private>`",
                    v.name.span,
                ))
            }
            Some("private") => AddressSpace::Private,
            Some("workgroup") => AddressSpace::Workgroup,
            Some("uniform") => AddressSpace::Uniform,
            // WGSL §14.3 (address spaces): a storage buffer is `read` or `read_write`; the
            // 2021 draft's `[[access(write)]]` attribute stays accepted.
            Some("storage") if access_ident.is_some_and(|a| a.name == "write") => {
                let span = access_ident.map_or(v.span, |a| a.span);
                return Err(self.error("the storage address space has the access modes `read` and `read_write`, not `write`", span));
            }
            Some("storage") | Some("storage_buffer") => AddressSpace::Storage { access },
            Some("push_constant") | Some("immediate") => AddressSpace::PushConstant,
            Some("handle") | Some("image") => AddressSpace::Handle,
            Some("in") => AddressSpace::Input,
            Some("out") => AddressSpace::Output,
            Some("function") => {
                return Err(self.error("`var<function>` is only allowed inside functions", space_name.unwrap().span))
            }
            Some(other) => {
                return Err(self.error(format!("unknown address space `{other}`"), space_name.unwrap().span))
            }
        };
        if self.override_sized(ty) && space != AddressSpace::Workgroup {
            return Err(self.error(OVERRIDE_SIZED_ONLY_WORKGROUP, ty_expr.map_or(v.name.span, span_of)));
        }
        if matches!(space, AddressSpace::Uniform | AddressSpace::Storage { .. } | AddressSpace::Handle)
            && (group.is_none() || binding.is_none())
        {
            return Err(self.error(
                format!("resource `{}` needs both @group and @binding", v.name.name),
                v.name.span,
            ));
        }
        if self.contains_atomic(ty)
            && !matches!(space, AddressSpace::Workgroup | AddressSpace::Storage { access: StorageAccess { store: true, .. } })
        {
            return Err(self.error(
                format!("atomics are only allowed in `var<workgroup>` and `var<storage, read_write>`, not in the {} address space", crate::type_names::wgsl_space(space)),
                ty_expr.map_or(v.name.span, span_of),
            ));
        }
        if matches!(space, AddressSpace::Uniform) {
            if let Err(problem) = self.wgsl_structs.check_uniform(&self.module.types, ty) {
                return Err(self.error(
                    format!("`{}` cannot be used in the uniform address space: {problem}", self.type_name(ty)),
                    ty_expr.map_or(v.name.span, span_of),
                ));
            }
        }
        let io = match io {
            Some(_) => self.io_binding(&v.attrs, None, space == AddressSpace::Output, ty)?,
            None => None,
        };
        let init = match init {
            Some(e) => {
                if !matches!(space, AddressSpace::Private) {
                    return Err(self.error("only `var<private>` may have an initializer at module scope", e.span));
                }
                let value = self.const_expr(None, e)?;
                let value = self.convert_value(&value, ty, e.span)?;
                Some(self.materialize_module(&value, e.span))
            }
            None => None,
        };
        let handle = self.module.globals.append(
            GlobalVariable {
                name: Some(String::from(v.name.name.as_str())),
                space,
                binding: match (group, binding) {
                    (Some(group), Some(binding)) => Some(ResourceBinding { group, binding }),
                    _ => None,
                },
                io,
                invariant: v.attrs.iter().any(|a| a.name.name == "invariant"),
                memory: MemoryQualifiers::default(),
                ty,
                init,
            },
            v.span,
        );
        Ok(Item::Var(handle))
    }

    pub(super) fn contains_atomic(&self, ty: Handle<Type>) -> bool {
        match self.module.inner(ty) {
            TypeInner::Atomic(_) => true,
            TypeInner::Array { base, .. } | TypeInner::BindingArray { base, .. } => self.contains_atomic(*base),
            TypeInner::Struct { members, .. } => members.iter().any(|m| self.contains_atomic(m.ty)),
            _ => false,
        }
    }

    fn function_signature(&mut self, f: &'a ast::FunctionDecl, index: usize) -> R<Item<'a>> {
        // WGSL §2.3.1: `@diagnostic` applies to functions and statements (the parser reads those).
        self.check_attrs(&f.attrs, &["vertex", "fragment", "compute", "workgroup_size", "must_use", "stage", "early_depth_test", "diagnostic"], format_args!("a function"));
        // WGSL §12.3 (IO attributes): `@builtin`, `@location`, `@interpolate`, `@invariant` and
        // `@blend_src` apply to entry-point parameters and return types (and structure members) only.
        let entry = f.attrs.iter().any(|a| matches!(a.name.name.as_str(), "vertex" | "fragment" | "compute" | "stage"));
        let (return_io, param_io, where_): (&[&str], &[&str], &str) = if entry {
            (&["builtin", "location", "interpolate", "invariant", "blend_src"], &["builtin", "location", "interpolate", "invariant"], "")
        } else {
            (&[], &[], " of a function that is not an entry point")
        };
        // WGSL §12 (must_use): "Must only be applied to the declaration of a function with a
        // return type".
        if let (Some(a), None) = (f.attrs.iter().find(|a| a.name.name == "must_use"), &f.return_type) {
            self.error("`@must_use` applies only to a function with a return type", a.span);
        }
        self.check_attrs(&f.return_attrs, return_io, format_args!("a return type{where_}"));
        for p in &f.params {
            self.check_attrs(&p.attrs, param_io, format_args!("a parameter{where_}"));
        }
        let mut arguments = Vec::new();
        let mut failed = false;
        for p in &f.params {
            match self.resolve_type(None, &p.ty) {
                Ok(ty) if self.override_sized(ty) => {
                    self.error(OVERRIDE_SIZED_ONLY_WORKGROUP, p.ty.span);
                    failed = true;
                }
                Ok(ty) => arguments.push(FunctionArgument { name: Some(String::from(p.name.name.as_str())), ty }),
                Err(_) => failed = true,
            }
        }
        let result = match &f.return_type {
            Some(t) => match self.resolve_type(None, t)? {
                ty if self.override_sized(ty) => return Err(self.error(OVERRIDE_SIZED_ONLY_WORKGROUP, t.span)),
                ty => Some(ty),
            },
            None => None,
        };
        if failed {
            return Err(Reported);
        }
        let function = Function { name: Some(String::from(f.name.name.as_str())), arguments, result, ..Default::default() };
        let handle = self.module.functions.append(function, f.span);
        self.bodies.push((handle, index));
        Ok(Item::Function(handle))
    }

    // -----------------------------------------------------------------------------------------
    // Types

    /// The type `inner` in the module (added when new); pointers through `pointer_types`.
    pub fn ty(&mut self, inner: TypeInner) -> Handle<Type> {
        let TypeInner::Pointer { base, space } = inner else { return self.module.ty(inner) };
        if let Some(&ty) = self.pointer_types.get(&(base, space)) {
            return ty;
        }
        let ty = self.module.ty(inner);
        self.pointer_types.insert((base, space), ty);
        ty
    }

    pub fn scalar_ty(&mut self, s: Scalar) -> Handle<Type> {
        self.ty(TypeInner::Scalar(s))
    }

    pub fn vec_ty(&mut self, size: VectorSize, scalar: Scalar) -> Handle<Type> {
        self.ty(TypeInner::Vector { size, scalar })
    }

    /// The shape of `ty` with its scalar replaced (scalar, vector or matrix).
    pub fn with_scalar(&mut self, ty: Handle<Type>, scalar: Scalar) -> Handle<Type> {
        let inner = match *self.module.inner(ty) {
            TypeInner::Scalar(_) => TypeInner::Scalar(scalar),
            TypeInner::Vector { size, .. } => TypeInner::Vector { size, scalar },
            TypeInner::Matrix { columns, rows, .. } => TypeInner::Matrix { columns, rows, scalar },
            _ => return ty,
        };
        self.ty(inner)
    }

    pub fn array_ty(&mut self, base: Handle<Type>, size: ArraySize) -> Handle<Type> {
        // Elements without a memory layout (textures, samplers) get stride 0: not laid out.
        let stride = self.wgsl_structs.array_stride(&self.module.types, base).unwrap_or(0);
        self.ty(TypeInner::Array { base, size, stride })
    }

    pub fn ptr_ty(&mut self, base: Handle<Type>, space: AddressSpace) -> Handle<Type> {
        self.ty(TypeInner::Pointer { base, space })
    }

    pub fn resolve_type(&mut self, fx: Option<&mut FnCtx>, e: &Expr) -> R<Handle<Type>> {
        match &e.kind {
            ExprKind::Ident(id) => {
                // WGSL §5.2 (Scope): a declaration shadows a predeclared type of the same name
                // (`fn f32()`, `struct i32`, `let u32 = 1;`), so the user's names go first.
                if fx.as_ref().is_some_and(|fx| fx.lookup(&id.name).is_some()) {
                    return Err(self.error(format!("`{}` is not a type", id.name), id.span));
                }
                if !self.decls.contains_key(id.name.as_str()) {
                    if let Some(ty) = self.predeclared_type(&id.name, id.span)? {
                        return Ok(ty);
                    }
                }
                match self.resolve_global(&id.name, id.span)? {
                    Some(Item::Type(ty)) => Ok(ty),
                    Some(_) => Err(self.error(format!("`{}` is not a type", id.name), id.span)),
                    None => Err(self.error(format!("unknown type `{}`", id.name), id.span)),
                }
            }
            ExprKind::Templated { name, args } => self.templated_type(fx, name, self.list(*args), e.span),
            _ => Err(self.error("expected a type", e.span)),
        }
    }

    pub(super) fn predeclared_type(&mut self, name: &str, span: Span) -> R<Option<Handle<Type>>> {
        let scalar = |c: char| match c {
            'f' => Some(Scalar::F32),
            'i' => Some(Scalar::I32),
            'u' => Some(Scalar::U32),
            'h' => Some(Scalar::F16),
            _ => None,
        };
        let inner = match name {
            "bool" => TypeInner::Scalar(Scalar::BOOL),
            "i32" => TypeInner::Scalar(Scalar::I32),
            "u32" => TypeInner::Scalar(Scalar::U32),
            "f32" => TypeInner::Scalar(Scalar::F32),
            "f16" => TypeInner::Scalar(Scalar::F16),
            // naga extensions (SHADER_INT64 / SHADER_F64).
            "i64" => TypeInner::Scalar(Scalar::I64),
            "u64" => TypeInner::Scalar(Scalar::U64),
            "f64" => TypeInner::Scalar(Scalar::F64),
            "sampler" => TypeInner::Sampler { comparison: false },
            "sampler_comparison" => TypeInner::Sampler { comparison: true },
            "texture_depth_2d" => depth(ImageDimension::D2, false, false),
            "texture_depth_2d_array" => depth(ImageDimension::D2, true, false),
            "texture_depth_cube" => depth(ImageDimension::Cube, false, false),
            "texture_depth_cube_array" => depth(ImageDimension::Cube, true, false),
            "texture_depth_multisampled_2d" => depth(ImageDimension::D2, false, true),
            _ => {
                let b = name.as_bytes();
                if name.len() == 5 && name.starts_with("vec") {
                    let (Some(size), Some(s)) = (VectorSize::from_u32((b[3] - b'0') as u32), scalar(b[4] as char)) else {
                        return Ok(None);
                    };
                    TypeInner::Vector { size, scalar: s }
                } else if name.len() == 7 && name.starts_with("mat") && b[4] == b'x' {
                    let (Some(columns), Some(rows), Some(s)) = (
                        VectorSize::from_u32((b[3].wrapping_sub(b'0')) as u32),
                        VectorSize::from_u32((b[5].wrapping_sub(b'0')) as u32),
                        scalar(b[6] as char),
                    ) else {
                        return Ok(None);
                    };
                    if s.kind != ScalarKind::Float {
                        return Ok(None);
                    }
                    TypeInner::Matrix { columns, rows, scalar: s }
                } else {
                    return Ok(None);
                }
            }
        };
        if inner.scalar() == Some(Scalar::F16) && !self.f16 {
            return Err(self.error("f16 needs `enable f16;` at the top of the module", span));
        }
        Ok(Some(self.ty(inner)))
    }

    /// WGSL §5.2 (Scope): a module-scope declaration shadows a predeclared name (a type
    /// generator such as `vec3`, an enumerant such as `private`), so where the predeclared
    /// meaning is required a declaration of that name is an error.
    pub(super) fn check_not_shadowed(&mut self, id: &ast::Ident, what: &str) -> R<()> {
        if !self.decls.contains_key(id.name.as_str()) {
            return Ok(());
        }
        // Resolving it first reports a declaration that names itself (`var<private> private`).
        self.resolve_global(&id.name, id.span)?;
        Err(self.error(format!("`{}` names the module-scope declaration here, not {what}", id.name), id.span))
    }

    fn templated_type(&mut self, mut fx: Option<&mut FnCtx>, name: &ast::Ident, args: &[Expr], span: Span) -> R<Handle<Type>> {
        self.check_not_shadowed(name, "a predeclared type")?;
        let n = name.name.as_str();
        let arg_count = |lw: &mut Self, want: std::ops::RangeInclusive<usize>| -> R<()> {
            if want.contains(&args.len()) {
                Ok(())
            } else {
                Err(lw.error(format!("`{n}` takes {} template argument(s), found {}", range_text(&want), args.len()), span))
            }
        };
        if let Some(size) = n.strip_prefix("vec").and_then(|s| s.parse().ok()).and_then(VectorSize::from_u32) {
            arg_count(self, 1..=1)?;
            let elem = self.resolve_type(fx, &args[0])?;
            let TypeInner::Scalar(scalar) = *self.module.inner(elem) else {
                return Err(self.error(format!("vector components must be scalars, found `{}`", self.type_name(elem)), args[0].span));
            };
            return Ok(self.vec_ty(size, scalar));
        }
        if n.len() == 6 && n.starts_with("mat") && n.as_bytes()[4] == b'x' {
            let b = n.as_bytes();
            let columns = VectorSize::from_u32(b[3].wrapping_sub(b'0') as u32);
            let rows = VectorSize::from_u32(b[5].wrapping_sub(b'0') as u32);
            if let (Some(columns), Some(rows)) = (columns, rows) {
                arg_count(self, 1..=1)?;
                let elem = self.resolve_type(fx, &args[0])?;
                let TypeInner::Scalar(scalar) = *self.module.inner(elem) else {
                    return Err(self.error("matrix components must be f32 or f16", args[0].span));
                };
                if scalar.kind != ScalarKind::Float {
                    return Err(self.error(format!("matrix components must be f32 or f16, found `{}`", self.type_name(elem)), args[0].span));
                }
                return Ok(self.ty(TypeInner::Matrix { columns, rows, scalar }));
            }
        }
        match n {
            "array" | "binding_array" => {
                arg_count(self, 1..=2)?;
                let base = self.resolve_type(fx.as_deref_mut(), &args[0])?;
                if let TypeInner::Array { size: ArraySize::Specialized { .. }, .. } = self.module.inner(base) {
                    return Err(self.error(OVERRIDE_SIZED_ONLY_WORKGROUP, args[0].span));
                }
                let size = match args.get(1) {
                    Some(e) if n == "array" && self.mentions_override(e) => self.override_length(base, e)?,
                    Some(e) => {
                        let v = self.const_u32(fx, e)?;
                        if v == 0 {
                            return Err(self.error("array size must be greater than zero", e.span));
                        }
                        let stride = u64::from(self.wgsl_structs.array_stride(&self.module.types, base).unwrap_or(0));
                        if stride * u64::from(v) > u64::from(u32::MAX) {
                            return Err(self.error(format!("an array of {v} elements of {stride} bytes does not fit in 4 GiB"), e.span));
                        }
                        ArraySize::Constant(v)
                    }
                    None => ArraySize::Dynamic,
                };
                if n == "binding_array" {
                    return Ok(self.ty(TypeInner::BindingArray { base, size }));
                }
                if matches!(self.module.inner(base), TypeInner::Array { size: ArraySize::Dynamic, .. }) {
                    return Err(self.error("array elements cannot be runtime-sized arrays", args[0].span));
                }
                Ok(self.array_ty(base, size))
            }
            "atomic" => {
                arg_count(self, 1..=1)?;
                let base = self.resolve_type(fx, &args[0])?;
                match *self.module.inner(base) {
                    TypeInner::Scalar(s) if matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint) => {
                        Ok(self.ty(TypeInner::Atomic(s)))
                    }
                    _ => Err(self.error(format!("atomic<T> needs i32 or u32, found `{}`", self.type_name(base)), args[0].span)),
                }
            }
            "ptr" => {
                arg_count(self, 2..=3)?;
                let space_name = ident_of(&args[0]).map(|i| i.name.as_str()).unwrap_or("");
                let access = match args.get(2).and_then(ident_of).map(|i| i.name.as_str()) {
                    None | Some("read") => StorageAccess::READ,
                    Some("read_write") => StorageAccess::READ_WRITE,
                    Some("write") => StorageAccess::WRITE,
                    Some(other) => return Err(self.error(format!("unknown access mode `{other}`"), args[2].span)),
                };
                let space = match space_name {
                    "function" => AddressSpace::Function,
                    "private" => AddressSpace::Private,
                    "workgroup" => AddressSpace::Workgroup,
                    "uniform" => AddressSpace::Uniform,
                    "storage" => AddressSpace::Storage { access },
                    "push_constant" | "immediate" => AddressSpace::PushConstant,
                    _ => return Err(self.error(format!("unknown address space `{space_name}`"), args[0].span)),
                };
                let base = self.resolve_type(fx, &args[1])?;
                Ok(self.ptr_ty(base, space))
            }
            _ => self.texture_type(fx, n, args, span),
        }
    }

    /// The length of `array<T, e>` when `e` is an override-expression (WGSL "Array types": a
    /// fixed-size array whose element count is fixed at pipeline creation). The shared rule,
    /// `spec_length::length`, gives `ArraySize::Specialized`: the override itself, or for an
    /// expression a new id-less override (so each spelling of `array<T, n * 2>` is its own type,
    /// as WGSL says: only one naming the same override identifier is the same type).
    fn override_length(&mut self, base: Handle<Type>, e: &Expr) -> R<ArraySize> {
        let mut scratch = FnCtx::outside_functions();
        let mut block = Block::new();
        let op = self.expr(&mut scratch, &mut block, e)?;
        let root = self.rvalue(&mut scratch, op, e.span)?;
        let size = match crate::spec_length::length(&mut self.module, &scratch.func.expressions, root, false) {
            Ok(Some(size)) => size,
            Ok(None) => return Err(self.error("expected an override-expression", e.span)),
            Err(message) => return Err(self.error(message, e.span)),
        };
        let default = size.count().unwrap_or(0);
        let stride = u64::from(self.wgsl_structs.array_stride(&self.module.types, base).unwrap_or(0));
        if stride * u64::from(default) > u64::from(u32::MAX) {
            return Err(self.error(format!("an array of {default} elements of {stride} bytes does not fit in 4 GiB"), e.span));
        }
        Ok(size)
    }

    /// Whether `ty` is an array whose length follows an override (nothing else may contain one).
    pub(super) fn override_sized(&self, ty: Handle<Type>) -> bool {
        matches!(self.module.inner(ty), TypeInner::Array { size: ArraySize::Specialized { .. }, .. })
    }

    fn texture_type(&mut self, fx: Option<&mut FnCtx>, n: &str, args: &[Expr], span: Span) -> R<Handle<Type>> {
        let (dim, arrayed, kind) = match n {
            "texture_1d" => (ImageDimension::D1, false, 0),
            "texture_2d" | "texture_sampled_2d" => (ImageDimension::D2, false, 0),
            "texture_2d_array" | "texture_sampled_2d_array" => (ImageDimension::D2, true, 0),
            "texture_3d" | "texture_sampled_3d" => (ImageDimension::D3, false, 0),
            "texture_cube" | "texture_sampled_cube" => (ImageDimension::Cube, false, 0),
            "texture_cube_array" | "texture_sampled_cube_array" => (ImageDimension::Cube, true, 0),
            "texture_multisampled_2d" => (ImageDimension::D2, false, 1),
            "texture_storage_1d" => (ImageDimension::D1, false, 2),
            "texture_storage_2d" | "texture_ro_2d" | "texture_wo_2d" => (ImageDimension::D2, false, 2),
            "texture_storage_2d_array" | "texture_ro_2d_array" | "texture_wo_2d_array" => (ImageDimension::D2, true, 2),
            "texture_storage_3d" | "texture_ro_3d" | "texture_wo_3d" => (ImageDimension::D3, false, 2),
            _ => return Err(self.error(format!("unknown type `{n}`"), span)),
        };
        let class = if kind < 2 {
            if args.len() != 1 {
                return Err(self.error(format!("`{n}` takes one template argument, the sampled type"), span));
            }
            let elem = self.resolve_type(fx, &args[0])?;
            let sk = match *self.module.inner(elem) {
                TypeInner::Scalar(s) if s.kind != ScalarKind::Bool && s.width == 4 => s.kind,
                _ => return Err(self.error("the sampled type must be f32, i32 or u32", args[0].span)),
            };
            ImageClass::Sampled { kind: sk, multisampled: kind == 1 }
        } else {
            let Some(fmt) = args.first().and_then(ident_of) else {
                return Err(self.error(format!("`{n}` needs a texel format"), span));
            };
            let Some(format) = storage_format(&fmt.name) else {
                return Err(self.error(format!("unknown texel format `{}`", fmt.name), fmt.span));
            };
            let access = match args.get(1).and_then(ident_of).map(|i| i.name.as_str()) {
                Some("read") => StorageAccess::READ,
                Some("read_write") => StorageAccess::READ_WRITE,
                Some("write") => StorageAccess::WRITE,
                None if n.starts_with("texture_ro") => StorageAccess::READ,
                None => StorageAccess::WRITE,
                Some(other) => return Err(self.error(format!("unknown access mode `{other}`"), args[1].span)),
            };
            ImageClass::Storage { format, access, multisampled: false }
        };
        Ok(self.ty(TypeInner::Image { dim, arrayed, class }))
    }

    /// The WGSL spelling of `ty`, for messages.
    pub fn type_name(&self, ty: Handle<Type>) -> String {
        // An override-sized array is named with its override, as written (the shared namer
        // knows only the default length): `array<f32, n>`.
        if let TypeInner::Array { base, size: ArraySize::Specialized { length, .. }, .. } = *self.module.inner(ty) {
            let count = self.module.overrides[length].name.as_deref().unwrap_or("an override-expression");
            return format!("array<{}, {count}>", self.type_name(base));
        }
        crate::type_names::wgsl(&self.module.types, ty)
    }

    // -----------------------------------------------------------------------------------------
    // Values

    /// The concrete IR type of a (concrete) value.
    pub fn value_type(&mut self, v: &Constant) -> Handle<Type> {
        match v {
            Constant::Value(v) => self.leaf_value_type(v),
            Constant::Array(elems) => {
                let base = self.value_type(&elems[0]);
                self.array_ty(base, ArraySize::Constant(elems.len() as u32))
            }
            Constant::Struct(ty, _) | Constant::Zero(ty) => *ty,
        }
    }

    /// The type of a scalar, vector (components) or matrix (columns), abstract leaves
    /// concretized.
    fn leaf_value_type(&mut self, v: &Value<LeafValue>) -> Handle<Type> {
        let size = |n: usize| VectorSize::from_u32(n as u32).unwrap_or(VectorSize::Quad);
        let scalar = v.first_scalar().map_or(Scalar::I32, |s| s.leaf().concretize());
        match v {
            Value::Scalar(_) => self.scalar_ty(scalar),
            Value::Composite(c) => match c.first() {
                Some(Value::Composite(col)) => {
                    self.ty(TypeInner::Matrix { columns: size(c.len()), rows: size(col.len()), scalar })
                }
                _ => self.vec_ty(size(c.len()), scalar),
            },
        }
    }

    /// Converts a constant to a concrete type by WGSL's automatic conversions.
    pub fn convert_value(&mut self, v: &Constant, ty: Handle<Type>, span: Span) -> R<Constant> {
        if let Some(c) = self.try_convert_value(v, ty) {
            return Ok(c);
        }
        let found = self.value_type_name(v);
        // Right type family but the value does not fit: say so (WGSL §15.7.2).
        if let (Some(s), TypeInner::Scalar(target)) = (v.as_scalar(), self.module.inner(ty)) {
            if s.leaf().converts_to(Leaf::Concrete(*target)) {
                let shown = match s.as_int() {
                    Some(n) => n.to_string(),
                    None => format!("{}", s.as_f64()),
                };
                return Err(self.error(format!("{shown} does not fit in `{}`", self.type_name(ty)), span));
            }
        }
        Err(self.error(format!("expected `{}`, found `{found}`", self.type_name(ty)), span))
    }

    pub fn value_type_name(&mut self, v: &Constant) -> String {
        match v.leaf() {
            Some(l) if l.is_abstract() => {
                let concrete = self.value_type(v);
                self.type_name(concrete).replace(crate::type_names::wgsl_scalar(l.concretize()), &crate::type_names::wgsl_leaf(l))
            }
            _ => {
                let t = self.value_type(v);
                self.type_name(t)
            }
        }
    }

    pub fn try_convert_value(&mut self, v: &Constant, ty: Handle<Type>) -> Option<Constant> {
        if let Constant::Zero(t) | Constant::Struct(t, _) = v {
            return (*t == ty).then(|| v.clone());
        }
        let inner = match self.module.inner(ty) {
            TypeInner::Struct { .. } => return None,
            // Not a struct: the copy allocates nothing.
            inner => inner.clone(),
        };
        match (v, &inner) {
            (Constant::Value(Value::Scalar(s)), TypeInner::Scalar(sc)) => Some(Constant::scalar(s.convert_auto(Leaf::Concrete(*sc))?)),
            (_, TypeInner::Vector { size, scalar }) if v.vector_size() == Some(*size as usize) => {
                v.convert_auto(Leaf::Concrete(*scalar))
            }
            (_, TypeInner::Matrix { columns, rows, scalar })
                if v.matrix_size() == Some((*columns as usize, *rows as usize)) =>
            {
                v.convert_auto(Leaf::Concrete(*scalar))
            }
            (Constant::Array(e), TypeInner::Array { base, size: ArraySize::Constant(n), .. }) if e.len() == *n as usize => {
                let base = *base;
                let elems = e.iter().map(|x| self.try_convert_value(x, base)).collect::<Option<Vec<_>>>()?;
                Some(Constant::Array(elems))
            }
            _ => None,
        }
    }

    /// An abstract value as its default concrete type (i32, f32), reporting values that do not
    /// fit (WGSL §15.7.2); those become the zero value so lowering can go on. A concrete value
    /// is returned as it is.
    fn concretize_checked<'v>(&mut self, v: &'v Constant, span: Span) -> std::borrow::Cow<'v, Constant> {
        match v.leaf() {
            Some(leaf) if leaf.is_abstract() => {
                let concrete = Leaf::Concrete(leaf.concretize());
                std::borrow::Cow::Owned(match v.convert_auto(concrete) {
                    Some(c) => c,
                    None => {
                        self.error(format!("the value does not fit in `{}`", crate::type_names::wgsl_scalar(leaf.concretize())), span);
                        v.map_leaves(&mut |_| Some(LeafValue::zero(concrete))).unwrap_or_else(|| v.clone())
                    }
                })
            }
            _ => std::borrow::Cow::Borrowed(v),
        }
    }

    /// Builds a concrete constant as IR expressions in a function.
    pub fn materialize(&mut self, fx: &mut FnCtx, v: &Constant, span: Span) -> Handle<Expression> {
        let v = self.concretize_checked(v, span);
        self.materialize_in(Some(fx), &v, span)
    }

    /// Builds a concrete constant in `Module::const_expressions`.
    pub fn materialize_module(&mut self, v: &Constant, span: Span) -> Handle<Expression> {
        let v = self.concretize_checked(v, span);
        self.materialize_in(None, &v, span)
    }

    /// A concrete constant as IR expressions in a function, or in `Module::const_expressions`
    /// (`fx` `None`).
    fn materialize_in(&mut self, mut fx: Option<&mut FnCtx>, v: &Constant, span: Span) -> Handle<Expression> {
        let elements = match v {
            Constant::Value(value) => return self.materialize_value(fx, value, span),
            Constant::Zero(t) => return self.append_in(fx, Expression::ZeroValue(*t), *t, span),
            Constant::Array(e) | Constant::Struct(_, e) => e,
        };
        let ty = self.value_type(v);
        let components = elements.iter().map(|x| self.materialize_in(fx.as_deref_mut(), x, span)).collect();
        self.append_in(fx, Expression::Compose { components }, ty, span)
    }

    /// A concrete scalar, vector or matrix as IR expressions (see [`Self::materialize_in`]).
    fn materialize_value(&mut self, mut fx: Option<&mut FnCtx>, v: &Value<LeafValue>, span: Span) -> Handle<Expression> {
        let ty = self.leaf_value_type(v);
        let expr = match v {
            Value::Scalar(s) => Expression::Literal(s.concrete_literal()),
            Value::Composite(c) => Expression::Compose {
                components: c.iter().map(|x| self.materialize_value(fx.as_deref_mut(), x, span)).collect(),
            },
        };
        self.append_in(fx, expr, ty, span)
    }

    fn append_in(&mut self, fx: Option<&mut FnCtx>, expr: Expression, ty: Handle<Type>, span: Span) -> Handle<Expression> {
        match fx {
            Some(fx) => fx.func.expressions.append(expr, ty, span),
            None => self.module.const_expressions.append(expr, ty, span),
        }
    }

    /// Evaluates a const-expression.
    pub fn const_expr(&mut self, fx: Option<&mut FnCtx>, e: &Expr) -> R<Constant> {
        let mut scratch;
        let fx = match fx {
            Some(fx) => fx,
            None => {
                scratch = FnCtx::outside_functions();
                &mut scratch
            }
        };
        let before = fx.func.expressions.len();
        let mut block = Block::new();
        let op = self.expr(fx, &mut block, e)?;
        match op {
            Operand::Const(v) => Ok(v),
            _ => {
                let _ = before;
                Err(self.error("expected a constant expression", e.span))
            }
        }
    }

    pub(super) fn const_assert(&mut self, fx: Option<&mut FnCtx>, e: &Expr, span: Span) -> R<()> {
        match self.const_expr(fx, e)?.as_bool() {
            Some(true) => Ok(()),
            Some(false) => Err(self.error("const_assert failed", span)),
            None => Err(self.error("const_assert needs a bool constant expression", e.span)),
        }
    }
}

/// WGSL "Array types": an array whose element count is an override-expression (not a
/// const-expression) may only be the store type of a `var<workgroup>` (and of pointers to one).
pub(super) const OVERRIDE_SIZED_ONLY_WORKGROUP: &str =
    "an array sized by an override may only be the type of a `var<workgroup>` (or of a pointer to one)";

fn unreachable_item<'a>() -> R<Item<'a>> {
    Err(Reported)
}

impl FnCtx {
    pub fn new(func: Function) -> FnCtx {
        FnCtx { func, scopes: Scopes::default(), loops: 0, switches: 0, in_continuing: None, current: None, no_hoist: 0 }
    }

    /// For an expression outside any function (a const-expression at module scope, an
    /// override-expression): it declares nothing, and the context allocates nothing until the
    /// expression needs IR.
    pub fn outside_functions() -> FnCtx {
        FnCtx::new(Function::default())
    }
}

pub(super) fn ident_of(e: &Expr) -> Option<&ast::Ident> {
    match &e.kind {
        ExprKind::Ident(i) => Some(i),
        _ => None,
    }
}

fn range_text(r: &std::ops::RangeInclusive<usize>) -> String {
    if r.start() == r.end() {
        r.start().to_string()
    } else {
        format!("{} to {}", r.start(), r.end())
    }
}

fn depth(dim: ImageDimension, arrayed: bool, multisampled: bool) -> TypeInner {
    TypeInner::Image { dim, arrayed, class: ImageClass::Depth { multisampled } }
}

fn storage_format(name: &str) -> Option<StorageFormat> {
    use StorageFormat as F;
    Some(match name {
        "rgba8unorm" => F::Rgba8,
        "rgba8snorm" => F::Rgba8Snorm,
        "rgba8uint" => F::Rgba8ui,
        "rgba8sint" => F::Rgba8i,
        "rgba16uint" => F::Rgba16ui,
        "rgba16sint" => F::Rgba16i,
        "rgba16float" => F::Rgba16f,
        "rgba16unorm" => F::Rgba16,
        "rgba16snorm" => F::Rgba16Snorm,
        "r32uint" => F::R32ui,
        "r32sint" => F::R32i,
        "r32float" => F::R32f,
        "rg32uint" => F::Rg32ui,
        "rg32sint" => F::Rg32i,
        "rg32float" => F::Rg32f,
        "rgba32uint" => F::Rgba32ui,
        "rgba32sint" => F::Rgba32i,
        "rgba32float" => F::Rgba32f,
        "bgra8unorm" => F::Bgra8Unorm,
        "r8unorm" => F::R8,
        "r8snorm" => F::R8Snorm,
        "r8uint" => F::R8ui,
        "r8sint" => F::R8i,
        "rg8unorm" => F::Rg8,
        "rg8snorm" => F::Rg8Snorm,
        "rg8uint" => F::Rg8ui,
        "rg8sint" => F::Rg8i,
        "r16uint" => F::R16ui,
        "r16sint" => F::R16i,
        "r16float" => F::R16f,
        "r16unorm" => F::R16,
        "r16snorm" => F::R16Snorm,
        "rg16uint" => F::Rg16ui,
        "rg16sint" => F::Rg16i,
        "rg16float" => F::Rg16f,
        "rg16unorm" => F::Rg16,
        "rg16snorm" => F::Rg16Snorm,
        "rgb10a2unorm" => F::Rgb10A2,
        "rgb10a2uint" => F::Rgb10a2ui,
        "rg11b10float" | "rg11b10ufloat" => F::R11fG11fB10f,
        "r64uint" => F::R64ui,
        "r64sint" => F::R64i,
        _ => return None,
    })
}
