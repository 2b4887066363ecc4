//! The IR validator: checks the invariants documented in [`crate::ir`] so back ends can index
//! without fear, and computes the facts back ends need ([`ModuleInfo`]).
//!
//! Every error is a front-end bug, so messages start with "internal compiler error:" and point
//! at the span of the offending type, global, expression or statement. All errors are
//! collected. The validator never panics, whatever the handles hold: every handle is checked
//! before it is followed, and type recursion is bounded.

use crate::diag::{Diagnostic, Diagnostics};
use crate::ir::children::{children, spirv_operands};
use crate::ir::calls::FunctionUses;
use crate::ir::*;
use crate::span::Span;

/// A module [`validate`] accepted, with what validation learned about it. Only [`validate`]
/// makes one and the module inside cannot be changed, so a function taking `&Validated` (the
/// SPIR-V back end, reflection) never sees IR that breaks the invariants of [`crate::ir`].
#[derive(Clone, Debug)]
pub struct Validated {
    module: Module,
    info: ModuleInfo,
}

impl Validated {
    pub fn module(&self) -> &Module {
        &self.module
    }

    pub fn info(&self) -> &ModuleInfo {
        &self.info
    }

    /// Gives the module back for changes; it must be validated again afterwards.
    pub fn into_module(self) -> Module {
        self.module
    }
}

/// What validation learned about a module.
#[derive(Clone, Debug)]
pub struct ModuleInfo {
    /// Indexed like `Module::functions`.
    functions: Vec<FunctionUses>,
}

impl ModuleInfo {
    /// The globals and callees of `handle` ([`super::calls::uses`]).
    pub fn function(&self, handle: Handle<Function>) -> &FunctionUses {
        &self.functions[handle.index()]
    }
}

/// Checks `module`; returns it as [`Validated`], or every problem found.
pub fn validate(module: Module) -> Result<Validated, Diagnostics> {
    let info = check(&module)?;
    Ok(Validated { module, info })
}

fn check(module: &Module) -> Result<ModuleInfo, Diagnostics> {
    let mut v = Validator {
        m: module,
        diags: Diagnostics::new(),
        direct: Vec::with_capacity(module.functions.len()),
        truncated: false,
        scratch: Scratch::default(),
    };
    // Every later check may walk types recursively: rule out cycles first.
    v.reference_cycles();
    if v.diags.has_errors() {
        return Err(v.diags);
    }
    v.types();
    v.const_expressions();
    v.overrides();
    v.globals();
    for (h, f) in module.functions.iter() {
        v.function(h, f);
    }
    v.recursion();
    v.entry_points();
    if v.diags.has_errors() {
        Err(v.diags)
    } else {
        Ok(ModuleInfo { functions: super::calls::through_calls(v.direct) })
    }
}

// ---------------------------------------------------------------------------------------------

/// Types nest no deeper than this in a real module; deeper means a corrupt arena.
const MAX_TYPE_DEPTH: u32 = 64;
/// Statement nesting limit, so a corrupt or absurd body cannot overflow the stack.
const MAX_BLOCK_DEPTH: u32 = 512;

struct Validator<'a> {
    m: &'a Module,
    diags: Diagnostics,
    /// What each function walked so far names itself (`calls::FunctionUses::direct`), gathered
    /// on the validator's own walk: `ModuleInfo`'s uses and the recursion check need no other.
    direct: Vec<FunctionUses>,
    /// A body nested too deeply was not walked to the end (so `direct` may miss a call).
    truncated: bool,
    /// Per-function vectors, kept from one function to the next (no allocation per function).
    scratch: Scratch,
}

/// The vectors `Validator::function` fills, cleared for each function.
#[derive(Default)]
struct Scratch {
    uses: Vec<u32>,
    bound: Vec<bool>,
    kids: Vec<Handle<Expression>>,
    globals: Vec<Handle<GlobalVariable>>,
    calls: Vec<Handle<Function>>,
}

/// Where an expression lives: a function body or the module's constant expressions.
#[derive(Clone, Copy)]
struct Ctx<'a> {
    exprs: &'a Expressions,
    function: Option<&'a Function>,
}

/// The control-flow context of a statement.
#[derive(Clone, Copy, Default)]
struct Flow {
    in_loop: bool,
    /// Inside a loop or switch.
    breakable: bool,
    /// Directly inside a loop's `continuing` block (not in a loop nested in it).
    in_continuing: bool,
    depth: u32,
}

fn expr_kind(expr: &Expression) -> String {
    let text = format!("{expr:?}");
    text.split(|c: char| !c.is_alphanumeric()).next().unwrap_or("").to_string()
}

/// Leaves that name storage: the IR allows these to be used by several parents.
fn is_storage_leaf(expr: &Expression) -> bool {
    matches!(
        expr,
        Expression::LocalVar(_) | Expression::GlobalVar(_) | Expression::FunctionArg(_) | Expression::LetRef(_) | Expression::Override(_)
    )
}

fn numeric(s: Scalar) -> bool {
    s.kind != ScalarKind::Bool
}

fn integer(s: Scalar) -> bool {
    matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint)
}

fn float(s: Scalar) -> bool {
    s.kind == ScalarKind::Float
}

/// The scalar and component count of a scalar or vector.
fn shape(t: &TypeInner) -> Option<(Scalar, u32)> {
    match *t {
        TypeInner::Scalar(s) => Some((s, 1)),
        TypeInner::Vector { size, scalar } => Some((scalar, size as u32)),
        _ => None,
    }
}

fn with_scalar(t: &TypeInner, scalar: Scalar) -> Option<TypeInner> {
    match *t {
        TypeInner::Scalar(_) => Some(TypeInner::Scalar(scalar)),
        TypeInner::Vector { size, .. } => Some(TypeInner::Vector { size, scalar }),
        TypeInner::Matrix { columns, rows, .. } => Some(TypeInner::Matrix { columns, rows, scalar }),
        _ => None,
    }
}

/// How many arguments a math function takes.
fn math_arity(fun: MathFunction) -> usize {
    use MathFunction::*;
    match fun {
        Min | Max | Atan2 | Ldexp | FloorMod | Pow | Dot | Outer | Cross | Distance | Reflect | Step | AddCarry | SubBorrow
        | MulExtended | Dot4I8Packed | Dot4U8Packed | InterpolateAtSample | InterpolateAtOffset => 2,
        Clamp | FaceForward | Refract | Fma | Mix | SmoothStep | ExtractBits => 3,
        InsertBits => 4,
        _ => 1,
    }
}

/// Argument count range of a subgroup operation.
fn subgroup_arity(op: SubgroupOperation) -> (usize, usize) {
    use SubgroupOperation::*;
    match op {
        Elect => (0, 0),
        Ballot => (0, 1),
        All | Any | AllEqual | InverseBallot | BallotBitCount | BallotInclusiveBitCount | BallotExclusiveBitCount
        | BallotFindLsb | BallotFindMsb | BroadcastFirst | Reduce(_) | InclusiveScan(_) | ExclusiveScan(_) | QuadSwapHorizontal
        | QuadSwapVertical | QuadSwapDiagonal => (1, 1),
        BallotBitExtract | Broadcast | Shuffle | ShuffleXor | ShuffleUp | ShuffleDown | ClusteredReduce(_) | QuadBroadcast => (2, 2),
    }
}

impl<'a> Validator<'a> {
    fn ice(&mut self, span: Span, message: impl std::fmt::Display) {
        self.diags.push(Diagnostic::error(format!("internal compiler error: {message}"), span));
    }

    fn inner(&self, ty: Handle<Type>) -> Option<&'a TypeInner> {
        self.m.types.get(ty).map(|t| &t.inner)
    }

    /// Structural type equality: names are ignored, pointers compare their pointees.
    fn same(&self, a: Handle<Type>, b: Handle<Type>) -> bool {
        self.same_depth(a, b, 0)
    }

    fn same_depth(&self, a: Handle<Type>, b: Handle<Type>, depth: u32) -> bool {
        if a == b {
            return true;
        }
        match (self.inner(a), self.inner(b)) {
            (Some(TypeInner::Pointer { base: x, space: s }), Some(TypeInner::Pointer { base: y, space: t })) => {
                s == t && depth < MAX_TYPE_DEPTH && self.same_depth(*x, *y, depth + 1)
            }
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }

    fn same_inner(&self, a: Handle<Type>, expected: &TypeInner) -> bool {
        match (self.inner(a), expected) {
            (Some(TypeInner::Pointer { base: x, space: s }), TypeInner::Pointer { base: y, space: t }) => s == t && self.same(*x, *y),
            (Some(x), y) => x == y,
            _ => false,
        }
    }

    /// A short WGSL-like name of a type, for messages.
    /// Types in messages are spelled as WGSL does (see [`crate::type_names`]).
    fn describe(&self, ty: Handle<Type>) -> String {
        crate::type_names::wgsl(&self.m.types, ty)
    }

    fn describe_inner(&self, inner: &TypeInner) -> String {
        crate::type_names::wgsl_inner(&self.m.types, inner)
    }

    /// True for a runtime-sized array, or a struct whose last member is one.
    fn has_runtime_array(&self, ty: Handle<Type>) -> bool {
        match self.inner(ty) {
            Some(TypeInner::Array { size: ArraySize::Dynamic, .. }) => true,
            Some(TypeInner::Struct { members, .. }) => {
                members.last().is_some_and(|m| matches!(self.inner(m.ty), Some(TypeInner::Array { size: ArraySize::Dynamic, .. })))
            }
            _ => false,
        }
    }

    /// Reports and returns false when `ty` is not in the type arena.
    /// `what` names the holder for the message; it is only formatted for a bad handle.
    fn check_type_handle(&mut self, ty: Handle<Type>, span: Span, what: &dyn Fn() -> String) -> bool {
        if self.m.types.check(ty) {
            true
        } else {
            self.ice(span, format!("{} has type handle {ty:?}, but the module has {} types", what(), self.m.types.len()));
            false
        }
    }

    // -- module-level items ------------------------------------------------------------------

    fn types(&mut self) {
        let pointees: Vec<Handle<Type>> = self
            .m
            .types
            .iter()
            .filter_map(|(_, t)| match t.inner {
                TypeInner::Pointer { base, space: AddressSpace::PhysicalStorage { .. } } => Some(base),
                _ => None,
            })
            .collect();
        // The types each type names, one vector for all.
        let mut refs: Vec<Handle<Type>> = Vec::new();
        for (h, ty) in self.m.types.iter() {
            let span = self.m.types.span(h);
            refs.clear();
            // A buffer reference's pointee may have been interned (as a placeholder) before
            // its members' types; cycles were ruled out by `reference_cycles`.
            let forward_ok = ty.inner.is_reference() || pointees.contains(&h);
            match &ty.inner {
                TypeInner::Scalar(s) | TypeInner::Atomic(s) | TypeInner::Vector { scalar: s, .. } | TypeInner::Matrix { scalar: s, .. } => {
                    let ok = match s.kind {
                        ScalarKind::Bool => s.width == 1,
                        ScalarKind::Sint | ScalarKind::Uint => matches!(s.width, 1 | 2 | 4 | 8),
                        ScalarKind::Float => matches!(s.width, 2 | 4 | 8),
                    };
                    if !ok {
                        self.ice(span, format!("type {h:?} has a {:?} scalar of width {}", s.kind, s.width));
                    }
                    if matches!(ty.inner, TypeInner::Matrix { .. }) && !float(*s) {
                        self.ice(span, format!("type {h:?}: matrices hold floats, not {:?}", s.kind));
                    }
                    if matches!(ty.inner, TypeInner::Atomic(_)) && !integer(*s) {
                        self.ice(span, format!("type {h:?}: atomics hold integers, not {:?}", s.kind));
                    }
                }
                TypeInner::Pointer { base, .. } => refs.push(*base),
                TypeInner::Array { base, .. } => refs.push(*base),
                TypeInner::Struct { members, .. } => refs.extend(members.iter().map(|m| m.ty)),
                TypeInner::SampledImage { image } => refs.push(*image),
                TypeInner::BindingArray { base, .. } => refs.push(*base),
                TypeInner::Image { .. } | TypeInner::Sampler { .. } | TypeInner::AccelerationStructure | TypeInner::RayQuery => {}
            }
            // A specialized length names an integer override (SPIR-V 3.32.6: the Length of
            // `OpTypeArray` is an integer constant instruction).
            if let TypeInner::Array { size: ArraySize::Specialized { length, default }, .. }
            | TypeInner::BindingArray { size: ArraySize::Specialized { length, default }, .. } = ty.inner
            {
                let integer_override = self.m.overrides.check(length)
                    && matches!(self.m.types.get(self.m.overrides[length].ty).map(|t| &t.inner), Some(TypeInner::Scalar(s)) if integer(*s));
                if !integer_override || default == 0 {
                    self.ice(span, format!("type {h:?}: a specialized array length must name an integer override and have a default of at least 1"));
                }
            }
            let mut refs_ok = true;
            for &r in &refs {
                // A UniqueArena only interns a type after the types it names, so references
                // point backwards; that also rules out cycles. Buffer references are the
                // exception (a block may hold references to itself): forward references are
                // checked for cycles that do not pass through one in `reference_cycles`.
                if r.index() >= h.index() && (!forward_ok || !self.m.types.check(r)) {
                    self.ice(span, format!("type {h:?} refers to type {r:?}, which does not come before it"));
                    refs_ok = false;
                }
            }
            if !refs_ok {
                continue;
            }
            match &ty.inner {
                TypeInner::Array { base, .. } => {
                    if self.has_runtime_array(*base) {
                        self.ice(span, format!("type {h:?}: an array element cannot hold a runtime-sized array"));
                    }
                    let reference = self.inner(*base).is_some_and(TypeInner::is_reference);
                    if !reference && matches!(self.inner(*base), Some(TypeInner::Pointer { .. } | TypeInner::Image { .. } | TypeInner::Sampler { .. } | TypeInner::SampledImage { .. })) {
                        self.ice(span, format!("type {h:?}: arrays of {} must be binding arrays", self.describe(*base)));
                    }
                }
                TypeInner::Struct { members, .. } => {
                    for (i, m) in members.iter().enumerate() {
                        let last = i + 1 == members.len();
                        if matches!(self.inner(m.ty), Some(TypeInner::Array { size: ArraySize::Dynamic, .. })) && !last {
                            self.ice(span, format!("type {h:?}: member {i} is a runtime-sized array but not the last member"));
                        }
                        if matches!(self.inner(m.ty), Some(TypeInner::Struct { .. })) && self.has_runtime_array(m.ty) {
                            self.ice(span, format!("type {h:?}: member {i} is a struct ending in a runtime-sized array"));
                        }
                    }
                }
                TypeInner::SampledImage { image } if !matches!(self.inner(*image), Some(TypeInner::Image { .. })) => {
                    self.ice(span, format!("type {h:?}: a combined image sampler needs an image type, not {}", self.describe(*image)));
                }
                _ => {}
            }
        }
    }

    /// Type cycles must pass through a buffer reference's pointee (SPIR-V 2.2.2: only
    /// `OpTypeForwardPointer` breaks a cycle, and only for `PhysicalStorageBuffer` pointers).
    fn reference_cycles(&mut self) {
        // 0 = unvisited, 1 = on the DFS stack, 2 = done.
        let n = self.m.types.len();
        let mut state = vec![0u8; n];
        // The `i`th type that type `t` contains (no allocation: this runs for every type).
        let m = self.m;
        let edge = |t: usize, i: usize| -> Option<usize> {
            let single = |h: usize| (i == 0).then_some(h);
            match m.types.get(Handle::from_index(t)).map(|ty| &ty.inner)? {
                TypeInner::Array { base, .. } | TypeInner::BindingArray { base, .. } => single(base.index()),
                TypeInner::Pointer { base, space } if !matches!(space, AddressSpace::PhysicalStorage { .. }) => single(base.index()),
                TypeInner::Struct { members, .. } => members.get(i).map(|m| m.ty.index()),
                TypeInner::SampledImage { image } => single(image.index()),
                _ => None,
            }
        };
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for start in 0..n {
            if state[start] != 0 {
                continue;
            }
            stack.clear();
            stack.push((start, 0));
            state[start] = 1;
            while let Some(&mut (t, ref mut next)) = stack.last_mut() {
                if let Some(e) = edge(t, *next) {
                    *next += 1;
                    if e >= n {
                        continue;
                    }
                    match state[e] {
                        0 => {
                            state[e] = 1;
                            stack.push((e, 0));
                        }
                        1 => {
                            let span = self.m.types.span(Handle::from_index(t));
                            self.ice(span, format!("type {t} is part of a cycle that no buffer reference breaks"));
                            return;
                        }
                        _ => {}
                    }
                } else {
                    state[t] = 2;
                    stack.pop();
                }
            }
        }
    }

    fn const_expressions(&mut self) {
        let exprs = &self.m.const_expressions;
        // Unary/Binary/Select/Convert may only appear in override defaults: mark the trees
        // under override initializers (children come first, so walk backwards).
        let any_default = self.m.overrides.iter().any(|(_, o)| o.init.is_some());
        let mut on_override = if any_default { vec![false; exprs.len()] } else { Vec::new() };
        for (_, o) in self.m.overrides.iter() {
            if let Some(init) = o.init {
                if let Some(slot) = on_override.get_mut(init.index()) {
                    *slot = true;
                }
            }
        }
        let mut kids = Vec::new();
        for i in (0..on_override.len()).rev() {
            if on_override[i] {
                children(&exprs[Handle::from_index(i)], &mut kids);
                for k in &kids {
                    if let Some(slot) = on_override.get_mut(k.index()) {
                        *slot = true;
                    }
                }
            }
        }
        let ctx = Ctx { exprs, function: None };
        for (h, expr) in exprs.iter() {
            let span = exprs.span(h);
            let allowed = match expr {
                Expression::Literal(_)
                | Expression::ZeroValue(_)
                | Expression::Compose { .. }
                | Expression::Splat { .. }
                | Expression::Override(_) => true,
                Expression::Unary { .. } | Expression::Binary { .. } | Expression::Select { .. } | Expression::Convert { .. } => {
                    if on_override.get(h.index()) != Some(&true) {
                        self.ice(span, format!("constant expression {h:?}: {} is only allowed in override defaults", expr_kind(expr)));
                    }
                    true
                }
                _ => false,
            };
            if !allowed {
                self.ice(span, format!("constant expression {h:?}: {} is not allowed in a constant expression", expr_kind(expr)));
                continue;
            }
            if self.expression_children(ctx, h, expr, &mut kids) {
                self.expression_type(ctx, h, expr);
            }
        }
    }

    fn overrides(&mut self) {
        for (h, o) in self.m.overrides.iter() {
            let span = self.m.overrides.span(h);
            let what = || format!("override {h:?}");
            if !self.check_type_handle(o.ty, span, &what) {
                continue;
            }
            if !matches!(self.inner(o.ty), Some(TypeInner::Scalar(_))) {
                self.ice(span, format!("override {h:?} has type {}, not a scalar", self.describe(o.ty)));
            }
            self.const_init(o.init, o.ty, span, &what);
        }
    }

    fn const_init(&mut self, init: Option<Handle<Expression>>, ty: Handle<Type>, span: Span, what: &dyn Fn() -> String) {
        let Some(init) = init else { return };
        let exprs = &self.m.const_expressions;
        if !exprs.check(init) {
            self.ice(span, format!("{}: initializer {init:?} is not a constant expression (there are {})", what(), exprs.len()));
            return;
        }
        let init_ty = exprs.ty(init);
        if !self.same(init_ty, ty) {
            let message = format!("{}: initializer has type {}, but the declared type is {}", what(), self.describe(init_ty), self.describe(ty));
            self.ice(span, message);
        }
    }

    fn globals(&mut self) {
        for (h, g) in self.m.globals.iter() {
            let span = self.m.globals.span(h);
            let what = || format!("global {h:?} ({})", g.name.as_deref().unwrap_or("unnamed"));
            match g.space {
                AddressSpace::Function => self.ice(span, format!("{} is in the Function address space; use a local variable", what())),
                AddressSpace::Input | AddressSpace::Output if g.io.is_none() => {
                    self.ice(span, format!("{}: {:?} globals need an IoBinding (location or built-in)", what(), g.space));
                }
                AddressSpace::Uniform | AddressSpace::Storage { .. } | AddressSpace::Handle if g.binding.is_none() => {
                    self.ice(span, format!("{}: {:?} globals need a resource binding", what(), g.space));
                }
                _ => {}
            }
            if !self.check_type_handle(g.ty, span, &what) {
                continue;
            }
            if self.has_runtime_array(g.ty) && !matches!(g.space, AddressSpace::Storage { .. }) {
                self.ice(span, format!("{}: runtime-sized arrays are only allowed in the Storage address space, not {:?}", what(), g.space));
            }
            if g.space == AddressSpace::Handle {
                let ok = match self.inner(g.ty) {
                    Some(TypeInner::BindingArray { base, .. }) => {
                        matches!(
                            self.inner(*base),
                            Some(TypeInner::Image { .. } | TypeInner::Sampler { .. } | TypeInner::SampledImage { .. } | TypeInner::AccelerationStructure)
                        )
                    }
                    Some(TypeInner::Image { .. } | TypeInner::Sampler { .. } | TypeInner::SampledImage { .. }) => true,
                    Some(TypeInner::AccelerationStructure) => true,
                    _ => false,
                };
                if !ok {
                    self.ice(span, format!("{}: the Handle address space holds images and samplers, not {}", what(), self.describe(g.ty)));
                }
            }
            self.const_init(g.init, g.ty, span, &what);
        }
    }

    fn entry_points(&mut self) {
        let mut names = crate::hash::FxHashSet::default();
        for ep in &self.m.entry_points {
            let Some(f) = self.m.functions.get(ep.function) else {
                self.ice(Span::default(), format!("entry point `{}` names function {:?}, which does not exist", ep.name, ep.function));
                continue;
            };
            let span = self.m.functions.span(ep.function);
            if !names.insert((ep.name.as_str(), ep.stage)) {
                self.ice(span, format!("entry point `{}` is declared twice for the {:?} stage", ep.name, ep.stage));
            }
            if !f.arguments.is_empty() || f.result.is_some() {
                self.ice(span, format!("entry point `{}` must take no arguments and return nothing (stage I/O are Input/Output globals)", ep.name));
            }
            if ep.stage == Stage::Compute && ep.workgroup_size.contains(&0) {
                self.ice(span, format!("entry point `{}`: workgroup size {:?} has a zero dimension", ep.name, ep.workgroup_size));
            }
            for o in ep.workgroup_size_overrides.iter().flatten() {
                if self.m.overrides.get(*o).is_none() {
                    self.ice(span, format!("entry point `{}`: workgroup size override {o:?} does not exist", ep.name));
                }
            }
        }
    }

    fn recursion(&mut self) {
        // The call graph's cycles (with the calls' spans) only when there is one.
        if !self.truncated && !super::calls::has_cycle(&self.direct) {
            return;
        }
        for cycle in super::calls::cycles(self.m) {
            let span = cycle.functions.last().map_or(cycle.closing_call, |&f| self.m.functions.span(f));
            self.ice(span, format!("recursion is not allowed: {}", self.m.describe_cycle(&cycle)));
        }
    }

    // -- functions ---------------------------------------------------------------------------

    fn function(&mut self, handle: Handle<Function>, f: &'a Function) {
        let fspan = self.m.functions.span(handle);
        let fname = || f.name.clone().unwrap_or_else(|| format!("{handle:?}"));
        for (i, arg) in f.arguments.iter().enumerate() {
            if self.check_type_handle(arg.ty, fspan, &|| format!("function `{}` argument {i}", fname())) && self.has_runtime_array(arg.ty) {
                self.ice(fspan, format!("function `{}` argument {i} holds a runtime-sized array", fname()));
            }
        }
        if let Some(r) = f.result {
            if self.check_type_handle(r, fspan, &|| format!("function `{}` result", fname())) && self.has_runtime_array(r) {
                self.ice(fspan, format!("function `{}` returns a runtime-sized array", fname()));
            }
        }
        for (h, local) in f.locals.iter() {
            let span = f.locals.span(h);
            if self.check_type_handle(local.ty, span, &|| format!("local variable {h:?}")) && self.has_runtime_array(local.ty) {
                self.ice(span, format!("local variable {h:?} holds a runtime-sized array"));
            }
        }
        for (h, l) in f.lets.iter() {
            self.check_type_handle(l.ty, f.lets.span(h), &|| format!("let binding {h:?}"));
        }

        let ctx = Ctx { exprs: &f.expressions, function: Some(f) };
        let Scratch { mut uses, mut bound, mut kids, mut globals, mut calls } = std::mem::take(&mut self.scratch);
        uses.clear();
        uses.resize(f.expressions.len(), 0);
        for (h, expr) in f.expressions.iter() {
            match *expr {
                Expression::GlobalVar(g) if self.m.globals.check(g) => globals.push(g),
                Expression::Call { function, .. } if self.m.functions.check(function) => calls.push(function),
                _ => {}
            }
            let ok = self.expression_children(ctx, h, expr, &mut kids);
            for k in &kids {
                if let Some(u) = uses.get_mut(k.index()) {
                    *u += 1;
                }
            }
            if ok {
                self.expression_type(ctx, h, expr);
            }
        }
        bound.clear();
        bound.resize(f.lets.len(), false);
        let mut state = BodyState { uses: &mut uses, bound: &mut bound, calls: &mut calls };
        self.block(ctx, &f.body, Flow::default(), &mut state);
        self.direct.push(FunctionUses::direct_from(&mut globals, &mut calls));

        // Tree invariant: every expression has exactly one parent, except storage leaves.
        for (h, expr) in f.expressions.iter() {
            let n = uses[h.index()];
            if n != 1 && !is_storage_leaf(expr) {
                let message = if n == 0 {
                    format!("expression {h:?} ({}) is never used by a statement or expression", expr_kind(expr))
                } else {
                    format!("expression {h:?} ({}) is used {n} times; expressions form trees", expr_kind(expr))
                };
                self.ice(f.expressions.span(h), message);
            }
        }
        self.scratch = Scratch { uses, bound, kids, globals, calls };
    }

    /// Checks that every child handle exists and comes before `h`; fills `kids`.
    fn expression_children(&mut self, ctx: Ctx, h: Handle<Expression>, expr: &Expression, kids: &mut Vec<Handle<Expression>>) -> bool {
        children(expr, kids);
        let mut ok = true;
        for &k in kids.iter() {
            if k.index() >= h.index() {
                let what = if ctx.exprs.check(k) { "does not come before it" } else { "does not exist" };
                self.ice(ctx.exprs.span(h), format!("expression {h:?} ({}) uses expression {k:?}, which {what}", expr_kind(expr)));
                ok = false;
            }
        }
        ok
    }

    /// Checks the recorded type of `h` against its operation. Children are known valid.
    fn expression_type(&mut self, ctx: Ctx, h: Handle<Expression>, expr: &Expression) {
        let ty = ctx.exprs.ty(h);
        if !self.m.types.check(ty) {
            self.ice(ctx.exprs.span(h), format!("expression {h:?} has type handle {ty:?}, but the module has {} types", self.m.types.len()));
            return;
        }
        if let Err(message) = self.expression_rule(ctx, ty, expr) {
            self.ice(ctx.exprs.span(h), format!("expression {h:?} ({}): {message}", expr_kind(expr)));
        }
    }

    fn ty_of(&self, ctx: Ctx, e: Handle<Expression>) -> Result<(Handle<Type>, &'a TypeInner), String> {
        let t = ctx.exprs.ty(e);
        match self.m.types.get(t) {
            Some(ty) => Ok((t, &ty.inner)),
            None => Err(format!("operand {e:?} has an invalid type handle {t:?}")),
        }
    }

    fn expect_result(&self, ty: Handle<Type>, expected: &TypeInner) -> Result<(), String> {
        if self.same_inner(ty, expected) {
            Ok(())
        } else {
            Err(format!("recorded type is {}, but the operation yields {}", self.describe(ty), self.describe_inner(expected)))
        }
    }

    /// [`Self::expect_result`] for a scalar result, the most frequent (no `TypeInner` to build
    /// and drop unless it fails).
    fn expect_scalar(&self, ty: Handle<Type>, scalar: Scalar) -> Result<(), String> {
        match self.inner(ty) {
            Some(&TypeInner::Scalar(s)) if s == scalar => Ok(()),
            _ => self.expect_result(ty, &TypeInner::Scalar(scalar)),
        }
    }

    /// [`Self::expect_result`] for a pointer to `base` in `space`, as `expect_scalar`.
    fn expect_pointer(&self, ty: Handle<Type>, base: Handle<Type>, space: AddressSpace) -> Result<(), String> {
        match self.inner(ty) {
            Some(&TypeInner::Pointer { base: b, space: s }) if s == space && self.same(b, base) => Ok(()),
            _ => self.expect_result(ty, &TypeInner::Pointer { base, space }),
        }
    }

    fn expect_same(&self, ty: Handle<Type>, expected: Handle<Type>) -> Result<(), String> {
        if self.same(ty, expected) {
            Ok(())
        } else {
            Err(format!("recorded type is {}, but the operation yields {}", self.describe(ty), self.describe(expected)))
        }
    }

    /// The image type behind an image operand: an image value, a pointer to one (Handle
    /// globals), or the image of a combined image sampler.
    fn image_of(&self, t: &'a TypeInner, combined_ok: bool) -> Option<(ImageDimension, bool, ImageClass)> {
        match *t {
            TypeInner::Image { dim, arrayed, class } => Some((dim, arrayed, class)),
            TypeInner::Pointer { base, .. } => self.inner(base).and_then(|b| self.image_of(b, combined_ok)),
            TypeInner::SampledImage { image } if combined_ok => self.inner(image).and_then(|b| self.image_of(b, false)),
            _ => None,
        }
    }

    /// The texel type of an image lookup's result: the result itself, or for a sparse lookup
    /// the second member of its `{ i32 residency code, texel }` struct.
    fn sparse_texel(&self, result: &'a TypeInner, sparse: bool) -> Result<&'a TypeInner, String> {
        if !sparse {
            return Ok(result);
        }
        match result {
            TypeInner::Struct { members, .. } if members.len() == 2 && self.inner(members[0].ty) == Some(&TypeInner::Scalar(Scalar::I32)) => {
                self.inner(members[1].ty).ok_or_else(|| "invalid texel type".to_string())
            }
            _ => Err("a sparse lookup yields a struct of an i32 residency code and the texel".into()),
        }
    }

    fn is_sampler(&self, t: &TypeInner) -> bool {
        match *t {
            TypeInner::Sampler { .. } => true,
            TypeInner::Pointer { base, .. } => matches!(self.inner(base), Some(TypeInner::Sampler { .. })),
            _ => false,
        }
    }

    /// Storage images address a cube array as (x, y) plus the layer-face `layer * 6 + face`
    /// (GLSL 4.60 §8.12, SPIR-V's 3-component cube-array read/write coordinate).
    fn storage_coordinate_count(dim: ImageDimension, arrayed: bool) -> u32 {
        if dim == ImageDimension::Cube && arrayed {
            2
        } else {
            Self::coordinate_count(dim)
        }
    }

    fn coordinate_count(dim: ImageDimension) -> u32 {
        match dim {
            ImageDimension::D1 | ImageDimension::Buffer => 1,
            ImageDimension::D2 | ImageDimension::SubpassData => 2,
            ImageDimension::D3 | ImageDimension::Cube => 3,
        }
    }

    fn expression_rule(&self, ctx: Ctx, ty: Handle<Type>, expr: &Expression) -> Result<(), String> {
        let result = self.inner(ty).ok_or("invalid result type")?;
        let describe = |t: &TypeInner| self.describe_inner(t);
        match expr {
            Expression::Literal(l) => self.expect_scalar(ty, l.scalar()),
            Expression::ZeroValue(t) => {
                if !self.m.types.check(*t) {
                    return Err(format!("type handle {t:?} does not exist"));
                }
                self.expect_same(ty, *t)
            }
            Expression::Compose { components } => {
                // The components' types, checked first so that the walks below see only valid
                // ones (no vector of them: composites are frequent).
                for &c in components {
                    self.ty_of(ctx, c)?;
                }
                let comps = || components.iter().filter_map(|&c| self.ty_of(ctx, c).ok());
                match *result {
                    TypeInner::Vector { size, scalar } => {
                        let mut count = 0;
                        for (_, c) in comps() {
                            match shape(c) {
                                Some((s, n)) if s == scalar => count += n,
                                _ => return Err(format!("component of type {} cannot build a {}", describe(c), describe(result))),
                            }
                        }
                        if count != size as u32 {
                            return Err(format!("components add up to {count}, but a {} has {}", describe(result), size as u32));
                        }
                        Ok(())
                    }
                    TypeInner::Matrix { columns, rows, scalar } => {
                        let column = TypeInner::Vector { size: rows, scalar };
                        if components.len() != columns as usize {
                            return Err(format!("{} columns given, {} expected", components.len(), columns as u32));
                        }
                        match comps().find(|(_, c)| **c != column) {
                            Some((_, c)) => Err(format!("column of type {} in a {}", describe(c), describe(result))),
                            None => Ok(()),
                        }
                    }
                    TypeInner::Array { base, size, .. } => {
                        if let ArraySize::Constant(n) = size {
                            if components.len() != n as usize {
                                return Err(format!("{} elements given, {n} expected", components.len()));
                            }
                        } else {
                            return Err("cannot compose a runtime-sized array".into());
                        }
                        match comps().find(|(c, _)| !self.same(*c, base)) {
                            Some((c, _)) => Err(format!("element of type {} in an array of {}", self.describe(c), self.describe(base))),
                            None => Ok(()),
                        }
                    }
                    TypeInner::Struct { ref members, .. } => {
                        if components.len() != members.len() {
                            return Err(format!("{} members given, {} expected", components.len(), members.len()));
                        }
                        for (i, ((c, _), m)) in comps().zip(members).enumerate() {
                            if !self.same(c, m.ty) {
                                return Err(format!("member {i} has type {}, expected {}", self.describe(c), self.describe(m.ty)));
                            }
                        }
                        Ok(())
                    }
                    _ => Err(format!("cannot compose a {}", describe(result))),
                }
            }
            Expression::Splat { value } => {
                let (_, v) = self.ty_of(ctx, *value)?;
                match (result, v) {
                    (TypeInner::Vector { scalar, .. }, TypeInner::Scalar(s)) if s == scalar => Ok(()),
                    _ => Err(format!("cannot splat {} into {}", describe(v), describe(result))),
                }
            }
            Expression::Swizzle { vector, pattern } => {
                let (_, v) = self.ty_of(ctx, *vector)?;
                let TypeInner::Vector { size: vs, scalar } = *v else {
                    return Err(format!("swizzle of {}, not a vector", describe(v)));
                };
                let n = match *result {
                    TypeInner::Vector { size, scalar: s } if s == scalar => size as usize,
                    TypeInner::Scalar(s) if s == scalar => 1,
                    _ => return Err(format!("swizzle of {} cannot yield {}", describe(v), describe(result))),
                };
                match pattern[..n].iter().find(|&&c| u32::from(c) >= vs as u32) {
                    Some(c) => Err(format!("component {c} is out of range for a {}", describe(v))),
                    None => Ok(()),
                }
            }
            Expression::Access { base, index } => {
                let (_, i) = self.ty_of(ctx, *index)?;
                if !matches!(i, TypeInner::Scalar(s) if integer(*s)) {
                    return Err(format!("index has type {}, not an integer", describe(i)));
                }
                self.access_rule(ctx, ty, *base, None)
            }
            Expression::AccessIndex { base, index } => self.access_rule(ctx, ty, *base, Some(*index)),
            Expression::LocalVar(l) => {
                let f = ctx.function.ok_or("local variable outside a function")?;
                let local = f.locals.get(*l).ok_or_else(|| format!("local variable {l:?} does not exist"))?;
                self.expect_pointer(ty, local.ty, AddressSpace::Function)
            }
            Expression::GlobalVar(g) => {
                let global = self.m.globals.get(*g).ok_or_else(|| format!("global {g:?} does not exist"))?;
                // Handle globals may be used as values directly (images and samplers are not
                // loaded through pointers in every front end).
                if global.space == AddressSpace::Handle && self.same(ty, global.ty) {
                    return Ok(());
                }
                self.expect_pointer(ty, global.ty, global.space)
            }
            Expression::FunctionArg(i) => {
                let f = ctx.function.ok_or("function argument outside a function")?;
                let arg = f.arguments.get(*i as usize).ok_or_else(|| format!("argument {i} of a function with {} arguments", f.arguments.len()))?;
                self.expect_same(ty, arg.ty)
            }
            Expression::LetRef(l) => {
                let f = ctx.function.ok_or("let binding outside a function")?;
                let binding = f.lets.get(*l).ok_or_else(|| format!("let binding {l:?} does not exist"))?;
                self.expect_same(ty, binding.ty)
            }
            Expression::Override(o) => {
                let o = self.m.overrides.get(*o).ok_or_else(|| format!("override {o:?} does not exist"))?;
                self.expect_same(ty, o.ty)
            }
            Expression::Load { pointer } => {
                let (_, p) = self.ty_of(ctx, *pointer)?;
                let TypeInner::Pointer { base, .. } = *p else {
                    return Err(format!("load through {}, not a pointer", describe(p)));
                };
                match self.inner(base) {
                    Some(TypeInner::Atomic(s)) if self.same_inner(ty, &TypeInner::Scalar(*s)) => Ok(()),
                    _ => self.expect_same(ty, base),
                }
            }
            Expression::Unary { op, expr } => {
                let (t, v) = self.ty_of(ctx, *expr)?;
                let ok = match (op, v) {
                    (UnaryOp::Negate, TypeInner::Matrix { .. }) => true,
                    (UnaryOp::Negate, _) => shape(v).is_some_and(|(s, _)| numeric(s)),
                    (UnaryOp::LogicalNot, _) => shape(v).is_some_and(|(s, _)| s.kind == ScalarKind::Bool),
                    (UnaryOp::BitwiseNot, _) => shape(v).is_some_and(|(s, _)| integer(s)),
                };
                if !ok {
                    return Err(format!("{op:?} does not apply to {}", describe(v)));
                }
                self.expect_same(ty, t)
            }
            Expression::Binary { op, left, right } => {
                let (_, l) = self.ty_of(ctx, *left)?;
                let (_, r) = self.ty_of(ctx, *right)?;
                let expected = binary_result(*op, l, r).ok_or_else(|| format!("{op:?} does not apply to {} and {}", describe(l), describe(r)))?;
                self.expect_result(ty, &expected)
            }
            Expression::Select { condition, accept, reject } => {
                let (_, c) = self.ty_of(ctx, *condition)?;
                let (a, av) = self.ty_of(ctx, *accept)?;
                let (b, _) = self.ty_of(ctx, *reject)?;
                if !self.same(a, b) {
                    return Err(format!("operands have types {} and {}", self.describe(a), self.describe(b)));
                }
                match (c, shape(av)) {
                    (TypeInner::Scalar(Scalar::BOOL), _) => {}
                    (TypeInner::Vector { size, scalar: Scalar::BOOL }, Some((_, n))) if *size as u32 == n => {}
                    _ => return Err(format!("condition of type {} cannot select between {}", describe(c), describe(av))),
                }
                self.expect_same(ty, a)
            }
            Expression::Relational { fun, argument } => {
                let (_, a) = self.ty_of(ctx, *argument)?;
                let (s, n) = shape(a).ok_or_else(|| format!("{fun:?} of {}", describe(a)))?;
                let expected = match fun {
                    RelationalFunction::All | RelationalFunction::Any if s.kind == ScalarKind::Bool => TypeInner::Scalar(Scalar::BOOL),
                    RelationalFunction::IsNan | RelationalFunction::IsInf if float(s) => with_scalar(a, Scalar::BOOL).unwrap_or(TypeInner::Scalar(Scalar::BOOL)),
                    _ => return Err(format!("{fun:?} of {} ({n} components)", describe(a))),
                };
                self.expect_result(ty, &expected)
            }
            Expression::Math { fun, args } => self.math_rule(ctx, ty, *fun, args),
            Expression::Derivative { expr, .. } => {
                let (t, v) = self.ty_of(ctx, *expr)?;
                if !shape(v).is_some_and(|(s, _)| float(s)) {
                    return Err(format!("derivative of {}", describe(v)));
                }
                self.expect_same(ty, t)
            }
            Expression::Convert { expr, to } => {
                let (_, v) = self.ty_of(ctx, *expr)?;
                let expected = with_scalar(v, *to).ok_or_else(|| format!("cannot convert {}", describe(v)))?;
                self.expect_result(ty, &expected)
            }
            Expression::Bitcast { expr } => {
                let (_, v) = self.ty_of(ctx, *expr)?;
                // A buffer reference converts to and from `u64` and `vec2<u32>`
                // (GL_EXT_buffer_reference_uvec2); integers only.
                let bytes = |t: &TypeInner| match t {
                    t if t.is_reference() => Some(8),
                    _ => shape(t).filter(|(s, _)| s.kind != ScalarKind::Bool).map(|(s, n)| s.width as u32 * n),
                };
                // SPIR-V OpConvertPtrToU/OpConvertUToPtr: the scalar side is unsigned.
                let to_integer = |t: &TypeInner| match t {
                    TypeInner::Scalar(s) => s.kind == ScalarKind::Uint,
                    _ => shape(t).is_some_and(|(s, _)| integer(s)),
                };
                if (v.is_reference() && !(result.is_reference() || to_integer(result))) || (result.is_reference() && !(v.is_reference() || to_integer(v))) {
                    return Err(format!("cannot bitcast {} to {}", describe(v), describe(result)));
                }
                match (bytes(v), bytes(result)) {
                    (Some(a), Some(b)) if a == b => Ok(()),
                    _ => Err(format!("cannot bitcast {} to {}", describe(v), describe(result))),
                }
            }
            Expression::CombineImageSampler { image, sampler } => {
                let (_, i) = self.ty_of(ctx, *image)?;
                let (_, s) = self.ty_of(ctx, *sampler)?;
                let (Some(img), true) = (self.image_of(i, false), self.is_sampler(s)) else {
                    return Err(format!("combines {} and {}, not an image and a sampler", describe(i), describe(s)));
                };
                // The combined image may be the depth version of a float sampled image: GLSL's
                // `sampler2DShadow(texture2D, samplerShadow)` (GL_KHR_vulkan_glsl), which glslang
                // emits as OpSampledImage of the depth image type.
                let depth_of = |i: (ImageDimension, bool, ImageClass)| match i {
                    (d, a, ImageClass::Sampled { kind: ScalarKind::Float, multisampled }) => Some((d, a, ImageClass::Depth { multisampled })),
                    _ => None,
                };
                match *result {
                    TypeInner::SampledImage { image }
                        if self.inner(image).and_then(|t| self.image_of(t, false)).is_some_and(|r| r == img || Some(r) == depth_of(img)) =>
                    {
                        Ok(())
                    }
                    _ => Err(format!("recorded type is {}, not a combined image sampler of that image", describe(result))),
                }
            }
            Expression::ImageSample { image, sampler, gather, coordinate, array_index, depth_ref, min_lod, sparse, .. } => {
                let (_, i) = self.ty_of(ctx, *image)?;
                let (dim, arrayed, class) = match sampler {
                    Some(s) => {
                        let (_, st) = self.ty_of(ctx, *s)?;
                        if !self.is_sampler(st) {
                            return Err(format!("sampler operand has type {}", describe(st)));
                        }
                        self.image_of(i, false)
                    }
                    None => match i {
                        TypeInner::SampledImage { .. } => self.image_of(i, true),
                        TypeInner::Pointer { base, .. } if matches!(self.inner(*base), Some(TypeInner::SampledImage { .. })) => {
                            self.image_of(self.inner(*base).ok_or("bad image")?, true)
                        }
                        _ => None,
                    },
                }
                .ok_or_else(|| format!("samples {}, not a sampled image", describe(i)))?;
                if matches!(class, ImageClass::Storage { .. }) {
                    return Err("cannot sample a storage image".into());
                }
                let (_, c) = self.ty_of(ctx, *coordinate)?;
                match shape(c) {
                    Some((s, n)) if float(s) && n == Self::coordinate_count(dim) => {}
                    _ => return Err(format!("coordinate of type {} for a {dim:?} image", describe(c))),
                }
                if array_index.is_some() != arrayed {
                    return Err(format!("array index {} for an image that is {}arrayed", if arrayed { "missing" } else { "given" }, if arrayed { "" } else { "not " }));
                }
                if let Some(d) = depth_ref {
                    let (_, dt) = self.ty_of(ctx, *d)?;
                    if !matches!(dt, TypeInner::Scalar(s) if float(*s)) {
                        return Err(format!("depth reference of type {}", describe(dt)));
                    }
                }
                if let Some(m) = min_lod {
                    let (_, mt) = self.ty_of(ctx, *m)?;
                    if !matches!(mt, TypeInner::Scalar(s) if float(*s)) {
                        return Err(format!("minimum level of detail of type {}", describe(mt)));
                    }
                }
                let depth = matches!(class, ImageClass::Depth { .. });
                let texel = self.sparse_texel(result, *sparse)?;
                match *texel {
                    TypeInner::Vector { size: VectorSize::Quad, scalar } if numeric(scalar) => Ok(()),
                    TypeInner::Scalar(s) if depth && gather.is_none() && float(s) => Ok(()),
                    _ => Err(format!("sampling yields {}, not a 4-component vector", describe(texel))),
                }
            }
            Expression::SparseTexelsResident { code } => {
                let (_, c) = self.ty_of(ctx, *code)?;
                if *c != TypeInner::Scalar(Scalar::I32) {
                    return Err(format!("residency code of type {}, not i32", describe(c)));
                }
                self.expect_scalar(ty, Scalar::BOOL)
            }
            Expression::ImageLoad { image, coordinate, array_index, sparse, .. } => {
                let (_, i) = self.ty_of(ctx, *image)?;
                let (dim, arrayed, class) = self.image_of(i, true).ok_or_else(|| format!("loads from {}, not an image", describe(i)))?;
                let (_, c) = self.ty_of(ctx, *coordinate)?;
                let count = match class {
                    ImageClass::Storage { .. } => Self::storage_coordinate_count(dim, arrayed),
                    _ => Self::coordinate_count(dim),
                };
                match shape(c) {
                    Some((s, n)) if integer(s) && n == count => {}
                    _ => return Err(format!("coordinate of type {} for a {dim:?} image", describe(c))),
                }
                if array_index.is_some() != arrayed {
                    return Err("array index given exactly when the image is arrayed".into());
                }
                if let ImageClass::Storage { access, .. } = class {
                    if !access.load {
                        return Err("load from a write-only storage image".into());
                    }
                }
                let texel = self.sparse_texel(result, *sparse)?;
                match *texel {
                    TypeInner::Vector { size: VectorSize::Quad, scalar } if numeric(scalar) => Ok(()),
                    TypeInner::Scalar(s) if matches!(class, ImageClass::Depth { .. }) && float(s) => Ok(()),
                    _ => Err(format!("image load yields {}, not a 4-component vector", describe(texel))),
                }
            }
            Expression::ImageQuery { image, query } => {
                let (_, i) = self.ty_of(ctx, *image)?;
                let (dim, arrayed, _) = self.image_of(i, true).ok_or_else(|| format!("queries {}, not an image", describe(i)))?;
                match query {
                    ImageQuery::Size { .. } => {
                        // Cube sizes are 2D; GLSL's textureSize adds the layer count for
                        // arrayed images, WGSL's textureDimensions does not.
                        let n = if dim == ImageDimension::Cube { 2 } else { Self::coordinate_count(dim) };
                        match shape(result) {
                            Some((s, m)) if integer(s) && (m == n || (arrayed && m == n + 1)) => Ok(()),
                            _ => Err(format!("size query yields {}", describe(result))),
                        }
                    }
                    ImageQuery::NumLevels | ImageQuery::NumLayers | ImageQuery::NumSamples => match result {
                        TypeInner::Scalar(s) if integer(*s) => Ok(()),
                        _ => Err(format!("{query:?} yields {}, not an integer", describe(result))),
                    },
                    ImageQuery::Lod { .. } => self.expect_result(ty, &TypeInner::Vector { size: VectorSize::Bi, scalar: Scalar::F32 }),
                }
            }
            Expression::ImageTexelPointer { image, coordinate, .. } => {
                let (_, i) = self.ty_of(ctx, *image)?;
                let Some((dim, _, ImageClass::Storage { .. })) = self.image_of(i, false) else {
                    return Err(format!("texel pointer into {}, not a storage image", describe(i)));
                };
                let (_, c) = self.ty_of(ctx, *coordinate)?;
                if !shape(c).is_some_and(|(s, _)| integer(s)) {
                    return Err(format!("coordinate of type {} for a {dim:?} image", describe(c)));
                }
                match result {
                    TypeInner::Pointer { base, .. } if matches!(self.inner(*base), Some(TypeInner::Scalar(s)) if integer(*s)) => Ok(()),
                    _ => Err(format!("texel pointer has type {}, not a pointer to an integer", describe(result))),
                }
            }
            Expression::Call { function, arguments } => {
                let f = self.call_rule(ctx, *function, arguments)?;
                match f.result {
                    Some(r) => self.expect_same(ty, r),
                    None => Err("the function returns nothing; use Statement::Call".into()),
                }
            }
            Expression::AtomicScoped { fun, pointer, value, compare, .. } => {
                let (_, p) = self.ty_of(ctx, *pointer)?;
                let scalar = match *p {
                    TypeInner::Pointer { base, .. } => match self.inner(base) {
                        Some(TypeInner::Atomic(s)) | Some(TypeInner::Scalar(s)) if integer(*s) || float(*s) => *s,
                        _ => return Err(format!("atomic on {}, not a pointer to a number", describe(p))),
                    },
                    _ => return Err(format!("atomic on {}, not a pointer", describe(p))),
                };
                for v in value.iter().chain(compare.iter()) {
                    let (_, vt) = self.ty_of(ctx, *v)?;
                    if *vt != TypeInner::Scalar(scalar) {
                        return Err(format!("operand of type {} for an atomic {}", describe(vt), describe(&TypeInner::Scalar(scalar))));
                    }
                }
                match (fun, value, compare) {
                    (None, None, None) | (Some(AtomicFunction::CompareExchange), Some(_), Some(_)) => {}
                    (Some(f), Some(_), None) if *f != AtomicFunction::CompareExchange => {}
                    _ => return Err(format!("scoped atomic {fun:?} with the wrong operands")),
                }
                self.expect_scalar(ty, scalar)
            }
            Expression::Atomic { fun, pointer, value, compare } => {
                let (_, p) = self.ty_of(ctx, *pointer)?;
                // SPV_EXT_shader_atomic_float_add / _min_max; exchange is core.
                let float_ok = matches!(fun, AtomicFunction::Add | AtomicFunction::Exchange | AtomicFunction::Min | AtomicFunction::Max);
                let scalar = match *p {
                    TypeInner::Pointer { base, .. } => match self.inner(base) {
                        Some(TypeInner::Atomic(s)) | Some(TypeInner::Scalar(s)) if integer(*s) || (float_ok && float(*s)) => *s,
                        _ => return Err(format!("atomic on {}, not a pointer to an integer", describe(p))),
                    },
                    _ => return Err(format!("atomic on {}, not a pointer", describe(p))),
                };
                let (_, v) = self.ty_of(ctx, *value)?;
                if *v != TypeInner::Scalar(scalar) {
                    return Err(format!("value of type {} for an atomic {}", describe(v), describe(&TypeInner::Scalar(scalar))));
                }
                match (fun, compare) {
                    (AtomicFunction::CompareExchange, Some(c)) => {
                        let (_, ct) = self.ty_of(ctx, *c)?;
                        if *ct != TypeInner::Scalar(scalar) {
                            return Err(format!("comparand of type {}", describe(ct)));
                        }
                        if matches!(result, TypeInner::Struct { .. }) {
                            return Ok(());
                        }
                    }
                    (AtomicFunction::CompareExchange, None) => return Err("CompareExchange needs a comparand".into()),
                    (_, Some(_)) => return Err(format!("{fun:?} takes no comparand")),
                    (_, None) => {}
                }
                self.expect_scalar(ty, scalar)
            }
            Expression::ArrayLength { pointer } => {
                let (_, p) = self.ty_of(ctx, *pointer)?;
                let ok = matches!(*p, TypeInner::Pointer { base, space: AddressSpace::Storage { .. } }
                    if matches!(self.inner(base), Some(TypeInner::Array { size: ArraySize::Dynamic, .. })));
                if !ok {
                    return Err(format!("length of {}, not a pointer to a runtime-sized storage array", describe(p)));
                }
                match result {
                    TypeInner::Scalar(Scalar::U32 | Scalar::I32) => Ok(()),
                    _ => Err(format!("array length has type {}", describe(result))),
                }
            }
            Expression::WorkgroupUniformLoad { pointer } => {
                let (_, p) = self.ty_of(ctx, *pointer)?;
                match *p {
                    TypeInner::Pointer { base, space: AddressSpace::Workgroup } => self.expect_same(ty, base),
                    _ => Err(format!("workgroupUniformLoad of {}, not a workgroup pointer", describe(p))),
                }
            }
            Expression::Subgroup { op, args } => {
                let (lo, hi) = subgroup_arity(*op);
                if args.len() < lo || args.len() > hi {
                    return Err(format!("{op:?} takes {lo}..={hi} arguments, {} given", args.len()));
                }
                use SubgroupOperation as S;
                let ballot_op = matches!(
                    op,
                    S::InverseBallot | S::BallotBitExtract | S::BallotBitCount | S::BallotInclusiveBitCount | S::BallotExclusiveBitCount | S::BallotFindLsb | S::BallotFindMsb
                );
                if ballot_op {
                    let (_, value) = self.ty_of(ctx, args[0])?;
                    if shape(value) != Some((Scalar::U32, 4)) {
                        return Err(format!("{op:?} takes a ballot (vec4<u32>), not {}", describe(value)));
                    }
                    let want = if matches!(op, S::InverseBallot | S::BallotBitExtract) { Scalar::BOOL } else { Scalar::U32 };
                    if *result != TypeInner::Scalar(want) {
                        return Err(format!("{op:?} yields {}, not {}", describe(&TypeInner::Scalar(want)), describe(result)));
                    }
                }
                Ok(())
            }
            Expression::IsHelperInvocation => match *result {
                TypeInner::Scalar(Scalar::BOOL) => Ok(()),
                _ => Err(format!("helper invocation test yields {}, not a bool", describe(result))),
            },
            // The front end checked the operands against the instruction's declaration.
            Expression::Spirv(_) => Ok(()),
        }
    }

    fn access_rule(&self, ctx: Ctx, ty: Handle<Type>, base: Handle<Expression>, index: Option<u32>) -> Result<(), String> {
        let (_, b) = self.ty_of(ctx, base)?;
        let (target, space) = match *b {
            TypeInner::Pointer { base, space } => (self.inner(base).ok_or("pointer to an invalid type")?, Some(space)),
            _ => (b, None),
        };
        let bound_err = |n: u32| match index {
            Some(i) if i >= n => Err(format!("index {i} is out of range for {}", self.describe_inner(target))),
            _ => Ok(()),
        };
        // The element: a type handle when the arena has one, else the inner type we expect.
        let element: Result<Handle<Type>, TypeInner> = match *target {
            TypeInner::Vector { size, scalar } => {
                bound_err(size as u32)?;
                Err(TypeInner::Scalar(scalar))
            }
            TypeInner::Matrix { columns, rows, scalar } => {
                bound_err(columns as u32)?;
                Err(TypeInner::Vector { size: rows, scalar })
            }
            TypeInner::Array { base, size, .. } | TypeInner::BindingArray { base, size } => {
                if let ArraySize::Constant(n) = size {
                    bound_err(n)?;
                }
                Ok(base)
            }
            TypeInner::Struct { ref members, .. } => {
                let i = index.ok_or("struct members need a constant index (AccessIndex)")?;
                match members.get(i as usize) {
                    Some(m) => Ok(m.ty),
                    None => return Err(format!("member {i} of a struct with {} members", members.len())),
                }
            }
            _ => return Err(format!("cannot index {}", self.describe_inner(b))),
        };
        match (space, element) {
            (None, Ok(e)) => self.expect_same(ty, e),
            (None, Err(inner)) => self.expect_result(ty, &inner),
            (Some(space), Ok(e)) => self.expect_pointer(ty, e, space),
            (Some(space), Err(inner)) => match self.inner(ty) {
                Some(TypeInner::Pointer { base, space: s }) if *s == space && self.inner(*base) == Some(&inner) => Ok(()),
                _ => Err(format!("recorded type is {}, expected a {space:?} pointer to {}", self.describe(ty), self.describe_inner(&inner))),
            },
        }
    }

    fn call_rule(&self, ctx: Ctx, function: Handle<Function>, arguments: &[Handle<Expression>]) -> Result<&'a Function, String> {
        let f = self.m.functions.get(function).ok_or_else(|| format!("function {function:?} does not exist"))?;
        if f.arguments.len() != arguments.len() {
            return Err(format!("{} arguments given to a function taking {}", arguments.len(), f.arguments.len()));
        }
        for (i, (&a, param)) in arguments.iter().zip(&f.arguments).enumerate() {
            let (t, _) = self.ty_of(ctx, a)?;
            if !self.same(t, param.ty) {
                return Err(format!("argument {i} has type {}, the parameter {}", self.describe(t), self.describe(param.ty)));
            }
        }
        Ok(f)
    }

    fn math_rule(&self, ctx: Ctx, ty: Handle<Type>, fun: MathFunction, args: &[Handle<Expression>]) -> Result<(), String> {
        use MathFunction::*;
        let arity = math_arity(fun);
        if args.len() != arity {
            return Err(format!("{fun:?} takes {arity} arguments, {} given", args.len()));
        }
        let types: Vec<_> = args.iter().map(|&a| self.ty_of(ctx, a)).collect::<Result<_, _>>()?;
        let (t0, a0) = types[0];
        let d = |t: &TypeInner| self.describe_inner(t);
        let float_arg = |t: &TypeInner| shape(t).is_some_and(|(s, _)| float(s));
        match fun {
            // Same type in, same type out, floats.
            Cos | Cosh | Sin | Sinh | Tan | Tanh | Acos | Asin | Atan | Asinh | Acosh | Atanh | Radians | Degrees | Ceil | Floor
            | Round | RoundEven | Fract | Trunc | Exp | Exp2 | Log | Log2 | Normalize | Sqrt | InverseSqrt | QuantizeToF16
            | Saturate => {
                if !float_arg(a0) {
                    return Err(format!("{fun:?} of {}", d(a0)));
                }
                self.expect_same(ty, t0)
            }
            // Same type for all arguments and the result.
            Atan2 | Pow | Cross | Reflect | Fma | FaceForward => {
                if let Some((t, _)) = types.iter().find(|(t, _)| !self.same(*t, t0)) {
                    return Err(format!("{fun:?} mixes {} and {}", self.describe(t0), self.describe(*t)));
                }
                if !float_arg(a0) {
                    return Err(format!("{fun:?} of {}", d(a0)));
                }
                self.expect_same(ty, t0)
            }
            // The first argument's type; later ones may be the same or its scalar (GLSL
            // `min(vec3, float)`).
            Abs | Sign | Min | Max | Clamp | FloorMod | Mix | ReverseBits | InsertBits | ExtractBits | Refract => {
                if shape(a0).is_none() && !matches!(fun, Abs) {
                    return Err(format!("{fun:?} of {}", d(a0)));
                }
                self.expect_same(ty, t0)
            }
            Step | SmoothStep => {
                let (tl, _) = types[types.len() - 1];
                self.expect_same(ty, tl)
            }
            Length | Distance | Dot => {
                let (s, _) = shape(a0).ok_or_else(|| format!("{fun:?} of {}", d(a0)))?;
                if fun != Length && !self.same(types[1].0, t0) {
                    return Err(format!("{fun:?} mixes {} and {}", self.describe(t0), self.describe(types[1].0)));
                }
                self.expect_scalar(ty, s)
            }
            Determinant => match *a0 {
                TypeInner::Matrix { columns, rows, scalar } if columns == rows => self.expect_scalar(ty, scalar),
                _ => Err(format!("determinant of {}", d(a0))),
            },
            Inverse => match *a0 {
                TypeInner::Matrix { columns, rows, .. } if columns == rows => self.expect_same(ty, t0),
                _ => Err(format!("inverse of {}", d(a0))),
            },
            Transpose => match *a0 {
                TypeInner::Matrix { columns, rows, scalar } => self.expect_result(ty, &TypeInner::Matrix { columns: rows, rows: columns, scalar }),
                _ => Err(format!("transpose of {}", d(a0))),
            },
            Outer => match (a0, types[1].1) {
                (TypeInner::Vector { size: r, scalar }, TypeInner::Vector { size: c, .. }) => {
                    self.expect_result(ty, &TypeInner::Matrix { columns: *c, rows: *r, scalar: *scalar })
                }
                _ => Err(format!("outer product of {} and {}", d(a0), d(types[1].1))),
            },
            CountTrailingZeros | CountLeadingZeros | CountOneBits | FirstTrailingBit | FirstLeadingBit => {
                // GLSL's bitCount/findLSB/findMSB return int for uint operands: check the shape.
                match (shape(a0), shape(self.inner(ty).ok_or("bad type")?)) {
                    (Some((s, n)), Some((r, m))) if integer(s) && integer(r) && n == m => Ok(()),
                    _ => Err(format!("{fun:?} of {} yielding {}", d(a0), self.describe(ty))),
                }
            }
            // Struct results ({fract, whole}, {result, carry}, ...) and packing: shapes vary
            // between languages; the arity check above is what the back end relies on.
            Modf | Frexp | Ldexp | AddCarry | SubBorrow | MulExtended | Pack4x8snorm | Pack4x8unorm | Pack2x16snorm
            | Pack2x16unorm | Pack2x16float | Pack4xI8 | Pack4xU8 | PackDouble2x32 | Unpack4x8snorm | Unpack4x8unorm
            | Unpack2x16snorm | Unpack2x16unorm | Unpack2x16float | Unpack4xI8 | Unpack4xU8 | UnpackDouble2x32 | Dot4I8Packed
            | Dot4U8Packed => Ok(()),
            InterpolateAtCentroid | InterpolateAtSample | InterpolateAtOffset => {
                if !float_arg(a0) {
                    return Err(format!("{fun:?} of {}", d(a0)));
                }
                self.expect_same(ty, t0)
            }
        }
    }

    // -- statements --------------------------------------------------------------------------

    /// Counts a statement's use of an expression; false when the handle does not exist.
    fn root(&mut self, ctx: Ctx, state: &mut BodyState, h: Handle<Expression>, span: Span, what: &str) -> bool {
        match state.uses.get_mut(h.index()) {
            Some(u) => {
                *u += 1;
                true
            }
            None => {
                self.ice(span, format!("{what} uses expression {h:?}, but the function has {}", ctx.exprs.len()));
                false
            }
        }
    }

    fn root_type(&mut self, ctx: Ctx, state: &mut BodyState, h: Handle<Expression>, span: Span, what: &str) -> Option<(Handle<Type>, &'a TypeInner)> {
        if !self.root(ctx, state, h, span, what) {
            return None;
        }
        // An invalid type handle was reported with the expression itself.
        self.ty_of(ctx, h).ok()
    }

    fn block(&mut self, ctx: Ctx, block: &Block, flow: Flow, state: &mut BodyState) {
        if flow.depth > MAX_BLOCK_DEPTH {
            let span = block.spans.first().copied().unwrap_or_default();
            self.ice(span, "statements nested too deeply");
            self.truncated = true;
            return;
        }
        if block.body.len() != block.spans.len() {
            self.ice(block.spans.first().copied().unwrap_or_default(), format!("block has {} statements but {} spans", block.body.len(), block.spans.len()));
        }
        let inner = Flow { depth: flow.depth + 1, ..flow };
        for (i, statement) in block.body.iter().enumerate() {
            let span = block.spans.get(i).copied().unwrap_or_default();
            self.statement(ctx, statement, span, inner, state);
        }
    }

    fn statement(&mut self, ctx: Ctx, statement: &Statement, span: Span, flow: Flow, state: &mut BodyState) {
        let f = ctx.function;
        let bool_scalar = |t: &TypeInner| *t == TypeInner::Scalar(Scalar::BOOL);
        match statement {
            Statement::Block(b) => self.block(ctx, b, flow, state),
            Statement::If { condition, accept, reject } => {
                if let Some((_, t)) = self.root_type(ctx, state, *condition, span, "if") {
                    if !bool_scalar(t) {
                        self.ice(span, format!("if condition has type {}, not bool", self.describe_inner(t)));
                    }
                }
                self.block(ctx, accept, flow, state);
                self.block(ctx, reject, flow, state);
            }
            Statement::Switch { selector, cases } => {
                let mut selector_scalar = None;
                if let Some((_, t)) = self.root_type(ctx, state, *selector, span, "switch") {
                    match *t {
                        TypeInner::Scalar(s @ (Scalar::I32 | Scalar::U32)) => selector_scalar = Some(s),
                        _ => self.ice(span, format!("switch selector has type {}, not i32 or u32", self.describe_inner(t))),
                    }
                }
                let mut defaults = 0;
                let mut seen = crate::hash::FxHashSet::default();
                for case in cases {
                    for value in &case.values {
                        match (value, selector_scalar) {
                            (SwitchValue::Default, _) => defaults += 1,
                            (SwitchValue::I32(_), Some(Scalar::U32)) | (SwitchValue::U32(_), Some(Scalar::I32)) => {
                                self.ice(span, format!("switch case {value:?} does not match the selector type"));
                            }
                            _ => {}
                        }
                        if *value != SwitchValue::Default && !seen.insert(*value) {
                            self.ice(span, format!("switch case {value:?} appears twice"));
                        }
                    }
                    self.block(ctx, &case.body, Flow { breakable: true, in_continuing: false, ..flow }, state);
                }
                if defaults != 1 {
                    self.ice(span, format!("switch has {defaults} default cases; exactly one is required"));
                }
                if cases.last().is_some_and(|c| c.fall_through) {
                    self.ice(span, "the last switch case cannot fall through");
                }
            }
            Statement::Loop { body, continuing, break_if } => {
                let in_loop = Flow { in_loop: true, breakable: true, in_continuing: false, ..flow };
                self.block(ctx, body, in_loop, state);
                self.block(ctx, continuing, Flow { in_continuing: true, ..in_loop }, state);
                if let Some(b) = break_if {
                    if let Some((_, t)) = self.root_type(ctx, state, *b, span, "break_if") {
                        if !bool_scalar(t) {
                            self.ice(span, format!("break_if has type {}, not bool", self.describe_inner(t)));
                        }
                    }
                }
            }
            Statement::Break => {
                if flow.in_continuing {
                    self.ice(span, "break inside a loop's continuing block (use break_if)");
                } else if !flow.breakable {
                    self.ice(span, "break outside a loop or switch");
                }
            }
            Statement::Continue => {
                if flow.in_continuing {
                    self.ice(span, "continue inside a loop's continuing block");
                } else if !flow.in_loop {
                    self.ice(span, "continue outside a loop");
                }
            }
            Statement::Return { value } => {
                if flow.in_continuing {
                    self.ice(span, "return inside a loop's continuing block");
                }
                let result = f.and_then(|f| f.result);
                match (value, result) {
                    (None, None) => {}
                    (Some(v), Some(r)) => {
                        if let Some((t, _)) = self.root_type(ctx, state, *v, span, "return") {
                            if !self.same(t, r) {
                                let message = format!("return value has type {}, but the function returns {}", self.describe(t), self.describe(r));
                                self.ice(span, message);
                            }
                        }
                    }
                    (Some(v), None) => {
                        self.root(ctx, state, *v, span, "return");
                        self.ice(span, "return with a value from a function that returns nothing");
                    }
                    (None, Some(r)) => {
                        let message = format!("return without a value from a function returning {}", self.describe(r));
                        self.ice(span, message);
                    }
                }
            }
            Statement::Kill | Statement::Barrier(_) | Statement::Fragment(_) => {}
            Statement::AtomicStore { pointer, value, .. } => {
                let p = self.root_type(ctx, state, *pointer, span, "atomic store");
                let v = self.root_type(ctx, state, *value, span, "atomic store");
                let (Some((_, p)), Some((vt, _))) = (p, v) else { return };
                let ok = match *p {
                    TypeInner::Pointer { base, .. } => match self.inner(base) {
                        Some(TypeInner::Atomic(s)) | Some(TypeInner::Scalar(s)) => self.same_inner(vt, &TypeInner::Scalar(*s)),
                        _ => false,
                    },
                    _ => false,
                };
                if !ok {
                    self.ice(span, format!("atomic store of {} through {}", self.describe(vt), self.describe_inner(p)));
                }
            }
            Statement::Store { pointer, value } => {
                let p = self.root_type(ctx, state, *pointer, span, "store");
                let v = self.root_type(ctx, state, *value, span, "store");
                let (Some((_, p)), Some((vt, _))) = (p, v) else { return };
                let TypeInner::Pointer { base, space } = *p else {
                    self.ice(span, format!("store through {}, not a pointer", self.describe_inner(p)));
                    return;
                };
                let writable = match space {
                    AddressSpace::Storage { access } => access.store,
                    AddressSpace::Uniform | AddressSpace::Handle | AddressSpace::PushConstant | AddressSpace::Input => false,
                    _ => true,
                };
                if !writable {
                    self.ice(span, format!("store into the read-only {space:?} address space"));
                }
                let ok = match self.inner(base) {
                    Some(TypeInner::Atomic(s)) => self.same_inner(vt, &TypeInner::Scalar(*s)),
                    _ => self.same(vt, base),
                };
                if !ok {
                    let message = format!("store of {} through a pointer to {}", self.describe(vt), self.describe(base));
                    self.ice(span, message);
                }
            }
            Statement::ImageStore { image, coordinate, array_index, sample, value } => {
                let i = self.root_type(ctx, state, *image, span, "image store");
                let s = sample.map(|s| self.root_type(ctx, state, s, span, "image store"));
                let c = self.root_type(ctx, state, *coordinate, span, "image store");
                let a = array_index.map(|a| self.root_type(ctx, state, a, span, "image store"));
                let v = self.root_type(ctx, state, *value, span, "image store");
                let (Some((_, i)), Some((_, c)), Some((_, v))) = (i, c, v) else { return };
                match self.image_of(i, false) {
                    Some((dim, arrayed, ImageClass::Storage { access, multisampled, .. })) => {
                        if !access.store {
                            self.ice(span, "store into a read-only storage image");
                        }
                        if s.is_some() != multisampled {
                            self.ice(span, "image store: a sample given exactly when the image is multisampled");
                        }
                        if !shape(c).is_some_and(|(s, n)| integer(s) && n == Self::storage_coordinate_count(dim, arrayed)) {
                            self.ice(span, format!("image store coordinate of type {} for a {dim:?} image", self.describe_inner(c)));
                        }
                        if a.is_some() != arrayed {
                            self.ice(span, "image store: array index given exactly when the image is arrayed");
                        }
                        if !matches!(v, TypeInner::Vector { size: VectorSize::Quad, .. }) {
                            self.ice(span, format!("image store of {}, not a 4-component vector", self.describe_inner(v)));
                        }
                    }
                    _ => self.ice(span, format!("image store into {}, not a storage image", self.describe_inner(i))),
                }
            }
            Statement::Let { binding, value } => {
                let v = self.root_type(ctx, state, *value, span, "let");
                let Some(b) = f.and_then(|f| f.lets.get(*binding)) else {
                    self.ice(span, format!("let binds {binding:?}, which does not exist"));
                    return;
                };
                if std::mem::replace(&mut state.bound[binding.index()], true) {
                    self.ice(span, format!("let binding {binding:?} is bound twice"));
                }
                if let Some((vt, _)) = v {
                    if !self.same(vt, b.ty) {
                        let message = format!("let value has type {}, but the binding is {}", self.describe(vt), self.describe(b.ty));
                        self.ice(span, message);
                    }
                }
            }
            Statement::Call { function, arguments } => {
                if self.m.functions.check(*function) {
                    state.calls.push(*function);
                }
                let mut ok = true;
                for &a in arguments {
                    ok &= self.root(ctx, state, a, span, "call");
                }
                if ok {
                    if let Err(message) = self.call_rule(ctx, *function, arguments) {
                        self.ice(span, format!("call: {message}"));
                    }
                }
            }
            Statement::Eval(e) => {
                self.root(ctx, state, *e, span, "eval");
            }
            Statement::Spirv(inst) => {
                let mut operands = Vec::new();
                spirv_operands(inst, &mut operands);
                for e in operands {
                    self.root(ctx, state, e, span, "SPIR-V instruction");
                }
            }
        }
    }
}

/// Per-function bookkeeping while walking the body.
struct BodyState<'s> {
    /// How many parents each expression has.
    uses: &'s mut Vec<u32>,
    /// Which let bindings a `Let` statement has bound.
    bound: &'s mut Vec<bool>,
    /// Functions called by `Statement::Call`s (and call expressions), for `Validator::direct`.
    calls: &'s mut Vec<Handle<Function>>,
}

/// The result type of a binary operation, or `None` when the operands do not fit it
/// (GLSL 4.60 §5.9 and WGSL §"Arithmetic Expressions", after implicit conversions).
fn binary_result(op: BinaryOp, l: &TypeInner, r: &TypeInner) -> Option<TypeInner> {
    use BinaryOp::*;
    use TypeInner::{Matrix, Scalar as S, Vector};
    let bool_like = |t: &TypeInner| with_scalar(t, Scalar::BOOL);
    match op {
        Add | Subtract | Multiply | Divide | Modulo => {
            if op == Multiply {
                match (l, r) {
                    (&Matrix { scalar, .. }, &S(s)) | (&S(s), &Matrix { scalar, .. }) if s == scalar => {
                        return Some(if matches!(l, Matrix { .. }) { l.clone() } else { r.clone() });
                    }
                    (&Matrix { columns, rows, scalar }, &Vector { size, scalar: s }) if size == columns && s == scalar => {
                        return Some(Vector { size: rows, scalar });
                    }
                    (&Vector { size, scalar: s }, &Matrix { columns, rows, scalar }) if size == rows && s == scalar => {
                        return Some(Vector { size: columns, scalar });
                    }
                    (&Matrix { columns: k, rows, scalar }, &Matrix { columns, rows: k2, scalar: s }) if k == k2 && s == scalar => {
                        return Some(Matrix { columns, rows, scalar });
                    }
                    _ => {}
                }
            }
            if matches!(l, Matrix { .. }) && l == r && matches!(op, Add | Subtract) {
                return Some(l.clone());
            }
            arithmetic(l, r, numeric)
        }
        Equal | NotEqual => (l == r && shape(l).is_some()).then(|| bool_like(l)).flatten(),
        Less | LessEqual | Greater | GreaterEqual => {
            (l == r && shape(l).is_some_and(|(s, _)| numeric(s))).then(|| bool_like(l)).flatten()
        }
        And | ExclusiveOr | InclusiveOr => {
            if l == r && shape(l).is_some_and(|(s, _)| s.kind == ScalarKind::Bool) {
                return Some(l.clone());
            }
            arithmetic(l, r, integer)
        }
        LogicalAnd | LogicalOr => (l == r && shape(l).is_some_and(|(s, _)| s.kind == ScalarKind::Bool)).then(|| l.clone()),
        ShiftLeft | ShiftRight => {
            let (ls, ln) = shape(l)?;
            let (rs, rn) = shape(r)?;
            (integer(ls) && integer(rs) && (rn == ln || rn == 1)).then(|| l.clone())
        }
    }
}

/// Same-type operands, or a scalar on one side of a vector of that scalar.
fn arithmetic(l: &TypeInner, r: &TypeInner, kind_ok: fn(Scalar) -> bool) -> Option<TypeInner> {
    let (ls, ln) = shape(l)?;
    let (rs, rn) = shape(r)?;
    if ls != rs || !kind_ok(ls) {
        return None;
    }
    match (ln, rn) {
        (a, b) if a == b => Some(l.clone()),
        (_, 1) => Some(l.clone()),
        (1, _) => Some(r.clone()),
        _ => None,
    }
}
