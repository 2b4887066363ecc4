//! Pointer parameters outside the function address space, made expressible in SPIR-V.
//!
//! WGSL's `unrestricted_pointer_parameters` lets a function take `ptr<private|workgroup|
//! uniform|storage, T>` and callers pass pointers to parts of a variable (`&buf[i].m`). SPIR-V
//! for Vulkan (logical addressing, no variable pointers) only passes whole memory object
//! declarations to `OpFunctionCall`, and naga's IR only pointers in a few spaces. So every such
//! function is specialised per root variable and access path (Tint's "direct variable
//! access"): the clone names the root global itself, constant indices of the path are built
//! into it, and each run-time index of the path becomes a value parameter. Copying in and out
//! would be wrong for memory other invocations see (workgroup, storage: atomics, barriers).
//! Function-space pointers stay parameters (the back end copies parts of a variable through a
//! temporary, which WGSL's aliasing rules make unobservable there).
//!
//! Run on a module without errors and without recursion (WGSL forbids it), so the set of clones
//! is finite. Afterwards no function has a parameter of pointer type outside the `Function`
//! (and `PhysicalStorage`, which is a value) spaces; the originals with such parameters are
//! removed. Expressions are rebuilt in arena order, so the tree and ordering invariants of
//! [`crate::ir`] hold without recursion over expressions.

use super::*;
use super::children::map_children;
use crate::hash::FxHashMap;

/// Specialises every function with pointer parameters outside the function space; see the
/// module documentation.
pub fn specialize(module: &mut Module) {
    specialize_parameters(module, Params::Pointers);
}

/// [`specialize`], and also every function with texture or sampler parameters, per texture or
/// sampler variable (or element of an array of them) passed: the wgpu target's form. naga's
/// SPIR-V reader follows a texture or sampler argument only to a variable or another argument
/// (an element of an array is refused: "invalid global var"), and types a sampler parameter
/// as a non-comparison sampler whatever is passed, so a depth comparison in a function taking
/// a shadow sampler fails its validation ("Comparison sampling mismatch"). A module without
/// entry points (a library) keeps its functions.
pub fn specialize_resources(module: &mut Module) {
    if !module.entry_points.is_empty() {
        specialize_parameters(module, Params::PointersAndResources);
    }
}

/// Which parameters [`specialize_parameters`] removes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Params {
    /// Pointers outside the function space.
    Pointers,
    /// Those, and textures and samplers.
    PointersAndResources,
}

fn specialize_parameters(module: &mut Module, params: Params) {
    let removed = |module: &Module, ty: Handle<Type>| special(module, ty, params);
    let original = module.functions.len();
    if !module.functions.iter().any(|(_, f)| f.arguments.iter().any(|a| removed(module, a.ty))) {
        return;
    }
    let mut state = State { cache: FxHashMap::default(), pending: Vec::new(), next: original, params };
    let mut done: Vec<(Handle<Function>, Function)> = Vec::new();
    for (h, f) in module.functions.iter() {
        if f.arguments.iter().any(|a| removed(module, a.ty)) || !has_special_call(module, f, params) {
            continue;
        }
        done.push((h, rebuild(module, f, &[], &mut state)));
    }
    let mut queue = 0;
    while queue < state.pending.len() {
        let (source, substs) = state.pending[queue].clone();
        queue += 1;
        let clone = rebuild(module, &module.functions[source], &substs, &mut state);
        done.push((Handle::from_index(original + queue - 1), clone));
    }
    // Lay out the new arena: kept originals, then clones, renumbering calls. An original with
    // such parameters goes unless a call could not be redirected (a pointer that is no path
    // from a global; none is known): then it stays, and validation reports the module.
    let mut bodies: FxHashMap<usize, Function> = done.into_iter().map(|(h, f)| (h.index(), f)).collect();
    let mut still_called = vec![false; original];
    for (h, f) in module.functions.iter() {
        if f.arguments.iter().any(|a| removed(module, a.ty)) {
            continue;
        }
        let f = bodies.get(&h.index()).unwrap_or(f);
        for c in calls::calls_of(f) {
            if let Some(slot) = still_called.get_mut(c.callee.index()) {
                *slot = true;
            }
        }
    }
    for f in bodies.values() {
        for c in calls::calls_of(f) {
            if let Some(slot) = still_called.get_mut(c.callee.index()) {
                *slot = true;
            }
        }
    }
    let mut new_index = vec![usize::MAX; original + state.pending.len()];
    let mut functions = Arena::new();
    for (h, f) in module.functions.iter() {
        let entry = module.entry_points.iter().any(|ep| ep.function == h);
        if f.arguments.iter().any(|a| removed(module, a.ty)) && !still_called[h.index()] && !entry {
            continue;
        }
        let body = bodies.remove(&h.index()).unwrap_or_else(|| f.clone());
        new_index[h.index()] = functions.append(body, module.functions.span(h)).index();
    }
    for (i, (source, _)) in state.pending.iter().enumerate() {
        let body = bodies.remove(&(original + i)).unwrap_or_default();
        new_index[original + i] = functions.append(body, module.functions.span(*source)).index();
    }
    let renumber = |h: Handle<Function>| Handle::from_index(new_index[h.index()]);
    for (_, f) in functions.iter_mut() {
        renumber_calls(f, &renumber);
    }
    module.functions = functions;
    for ep in &mut module.entry_points {
        ep.function = renumber(ep.function);
    }
    for (f, _) in &mut module.execution_modes {
        *f = renumber(*f);
    }
    for (f, _, _) in &mut module.spirv.execution_modes {
        *f = renumber(*f);
    }
}

/// A parameter type the pass removes from parameter lists ([`Params`]).
fn special(module: &Module, ty: Handle<Type>, params: Params) -> bool {
    match module.types.get(ty).map(|t| &t.inner) {
        Some(TypeInner::Pointer { space, .. }) => {
            !matches!(space, AddressSpace::Function | AddressSpace::PhysicalStorage { .. })
        }
        _ => params == Params::PointersAndResources && resource(module, ty),
    }
}

/// A texture or sampler type.
fn resource(module: &Module, ty: Handle<Type>) -> bool {
    matches!(module.types.get(ty).map(|t| &t.inner), Some(TypeInner::Image { .. } | TypeInner::Sampler { .. }))
}

fn has_special_call(module: &Module, f: &Function, params: Params) -> bool {
    calls::calls_of(f).iter().any(|c| {
        module.functions.get(c.callee).is_some_and(|callee| callee.arguments.iter().any(|a| special(module, a.ty, params)))
    })
}

/// One step of an access path: a constant index, or a run-time index of the given type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Step {
    Const(u32),
    Dyn(Handle<Type>),
}

/// Where a specialised parameter points: the root global and the path, with the pointer type
/// after each step. Run-time indices are parameters `first_param..` of the clone.
#[derive(Clone, Debug)]
struct Subst {
    root: Handle<GlobalVariable>,
    root_ty: Handle<Type>,
    steps: Vec<(Step, Handle<Type>)>,
    first_param: u32,
    /// The type of the value loaded through the path: a texture or sampler parameter stands
    /// for the element an argument `Load`s from an array of them.
    load: Option<Handle<Type>>,
}

/// A run-time index of a path found in a caller: an expression of the old arena (copied where
/// the call is) or a leaf to create there (a `LetRef` of a hoisted index, a `FunctionArg`).
#[derive(Clone, Debug)]
enum Index {
    Old(Handle<Expression>),
    Leaf(Expression),
}

#[derive(Clone, Debug)]
struct Path {
    root: Handle<GlobalVariable>,
    root_ty: Handle<Type>,
    /// (step, its index when run-time, the pointer type after the step)
    steps: Vec<(Step, Option<Index>, Handle<Type>)>,
    /// See [`Subst::load`].
    load: Option<Handle<Type>>,
}

struct State {
    cache: FxHashMap<(Handle<Function>, Vec<Option<(Handle<GlobalVariable>, Vec<Step>)>>), Handle<Function>>,
    /// Clones to build: (original function, substitution per original parameter).
    pending: Vec<(Handle<Function>, Vec<Option<Subst>>)>,
    next: usize,
    params: Params,
}

impl State {
    /// The clone of `callee` for these paths (one per original parameter, `None` for kept
    /// parameters), made on first use.
    fn clone_for(&mut self, callee: Handle<Function>, paths: &[Option<Path>]) -> Handle<Function> {
        let key = (
            callee,
            paths.iter().map(|p| p.as_ref().map(|p| (p.root, p.steps.iter().map(|s| s.0.clone()).collect()))).collect(),
        );
        if let Some(&h) = self.cache.get(&key) {
            return h;
        }
        let mut next_param = 0u32;
        let substs = paths
            .iter()
            .map(|p| match p {
                None => {
                    next_param += 1;
                    None
                }
                Some(p) => {
                    let first_param = next_param;
                    next_param += p.steps.iter().filter(|s| matches!(s.0, Step::Dyn(_))).count() as u32;
                    Some(Subst {
                        root: p.root,
                        root_ty: p.root_ty,
                        steps: p.steps.iter().map(|(s, _, ty)| (s.clone(), *ty)).collect(),
                        first_param,
                        load: p.load,
                    })
                }
            })
            .collect();
        let h = Handle::from_index(self.next);
        self.next += 1;
        self.cache.insert(key, h);
        self.pending.push((callee, substs));
        h
    }
}

/// Copies `f` with its specialised parameters (`substs`, one per parameter; empty for none)
/// replaced by their paths and every call passing such a pointer redirected to a clone.
fn rebuild(module: &Module, f: &Function, substs: &[Option<Subst>], state: &mut State) -> Function {
    let old = &f.expressions;
    let subst = |i: u32| substs.get(i as usize).and_then(|s| s.as_ref());
    // New parameter list and the new index of each kept parameter.
    let mut arguments = Vec::new();
    let mut kept_index = vec![u32::MAX; f.arguments.len()];
    for (i, a) in f.arguments.iter().enumerate() {
        match subst(i as u32) {
            None => {
                kept_index[i] = arguments.len() as u32;
                arguments.push(a.clone());
            }
            Some(s) => {
                for (step, _) in &s.steps {
                    if let Step::Dyn(ty) = step {
                        arguments.push(FunctionArgument { name: Some(format!("{}_index", a.name.as_deref().unwrap_or("p"))), ty: *ty });
                    }
                }
            }
        }
    }
    let mut lets = f.lets.clone();

    // Pointer `let`s outside the function space: their run-time indices are hoisted into
    // `let`s of their own (evaluated where the pointer was), so a call can pass them later.
    let mut hoisted: FxHashMap<Handle<Expression>, Handle<LetBinding>> = FxHashMap::default();
    let mut hoisted_order: FxHashMap<Handle<LetBinding>, Vec<(Handle<LetBinding>, Handle<Expression>)>> = FxHashMap::default();
    let mut let_paths: FxHashMap<Handle<LetBinding>, Path> = FxHashMap::default();
    let mut dropped = vec![false; old.len()];
    let mut call_paths: FxHashMap<Handle<Expression>, Path> = FxHashMap::default();
    {
        let mut ctx = Scan { module, params: state.params, f, substs, lets: &mut lets, hoisted: &mut hoisted, hoisted_order: &mut hoisted_order, let_paths: &mut let_paths, dropped: &mut dropped, call_paths: &mut call_paths };
        // Statements first, in program order, so every pointer `let` is known before a call
        // expression passes it.
        ctx.block(&f.body);
        for (_, e) in old.iter() {
            if let Expression::Call { function, arguments } = e {
                ctx.call(*function, arguments);
            }
        }
    }

    // Rebuild the expressions in arena order.
    let mut new = Expressions::default();
    let mut map = vec![None::<Handle<Expression>>; old.len()];
    for (h, e) in old.iter() {
        if dropped[h.index()] {
            continue;
        }
        let span = old.span(h);
        let ty = old.ty(h);
        let m = |x: Handle<Expression>| map[x.index()].expect("child rebuilt before parent");
        let built = match e {
            Expression::FunctionArg(i) => match subst(*i) {
                Some(s) => chain(&mut new, s, span),
                None => new.append(Expression::FunctionArg(kept_index[*i as usize]), ty, span),
            },
            Expression::Access { base, index } if hoisted.contains_key(&h) => {
                let l = hoisted[&h];
                let index_ty = old.ty(*index);
                let leaf = new.append(Expression::LetRef(l), index_ty, old.span(*index));
                new.append(Expression::Access { base: m(*base), index: leaf }, ty, span)
            }
            Expression::Call { function, arguments } => {
                let (function, arguments) = redirect(state, old, &mut new, &map, &call_paths, *function, arguments);
                new.append(Expression::Call { function, arguments }, ty, span)
            }
            other => {
                let mut e = other.clone();
                map_children(&mut e, &mut |x| m(x));
                new.append(e, ty, span)
            }
        };
        map[h.index()] = Some(built);
    }
    let mut cx = Body { state, old, new: &mut new, map: &map, call_paths: &call_paths, hoisted_order: &hoisted_order };
    let body = cx.block(&f.body);
    let name = match substs.iter().flatten().next() {
        Some(s) => Some(format!("{}_{}", f.name.as_deref().unwrap_or("f"), module.globals[s.root].name.as_deref().unwrap_or("g"))),
        None => f.name.clone(),
    };
    Function { name, arguments, result: f.result, locals: f.locals.clone(), lets, expressions: new, body }
}

/// Builds the pointer a specialised parameter stood for.
fn chain(new: &mut Expressions, s: &Subst, span: Span) -> Handle<Expression> {
    let mut p = new.append(Expression::GlobalVar(s.root), s.root_ty, span);
    let mut param = s.first_param;
    for (step, ty) in &s.steps {
        p = match step {
            Step::Const(i) => new.append(Expression::AccessIndex { base: p, index: *i }, *ty, span),
            Step::Dyn(index_ty) => {
                let index = new.append(Expression::FunctionArg(param), *index_ty, span);
                param += 1;
                new.append(Expression::Access { base: p, index }, *ty, span)
            }
        };
    }
    match s.load {
        Some(ty) => new.append(Expression::Load { pointer: p }, ty, span),
        None => p,
    }
}

/// The callee and arguments of a call after specialisation: each pointer argument of a
/// specialised parameter becomes the run-time indices of its path.
fn redirect(
    state: &mut State,
    old: &Expressions,
    new: &mut Expressions,
    map: &[Option<Handle<Expression>>],
    call_paths: &FxHashMap<Handle<Expression>, Path>,
    function: Handle<Function>,
    arguments: &[Handle<Expression>],
) -> (Handle<Function>, Vec<Handle<Expression>>) {
    let paths: Vec<Option<Path>> = arguments.iter().map(|a| call_paths.get(a).cloned()).collect();
    if paths.iter().all(Option::is_none) {
        return (function, arguments.iter().map(|a| map[a.index()].expect("argument rebuilt")).collect());
    }
    let target = state.clone_for(function, &paths);
    let mut out = Vec::new();
    for (a, path) in arguments.iter().zip(&paths) {
        match path {
            None => out.push(map[a.index()].expect("argument rebuilt")),
            Some(p) => {
                for (step, index, _) in &p.steps {
                    match (step, index) {
                        (_, Some(Index::Old(x))) => out.push(map[x.index()].expect("index rebuilt")),
                        (Step::Dyn(ty), Some(Index::Leaf(leaf))) => out.push(new.append(leaf.clone(), *ty, old.span(*a))),
                        _ => {}
                    }
                }
            }
        }
    }
    (target, out)
}

/// The pre-pass over a function: finds pointer arguments of specialised parameters (their
/// chains are dropped), and hoists the run-time indices of pointer `let`s.
struct Scan<'a> {
    module: &'a Module,
    params: Params,
    f: &'a Function,
    substs: &'a [Option<Subst>],
    lets: &'a mut Arena<LetBinding>,
    hoisted: &'a mut FxHashMap<Handle<Expression>, Handle<LetBinding>>,
    hoisted_order: &'a mut FxHashMap<Handle<LetBinding>, Vec<(Handle<LetBinding>, Handle<Expression>)>>,
    let_paths: &'a mut FxHashMap<Handle<LetBinding>, Path>,
    dropped: &'a mut Vec<bool>,
    call_paths: &'a mut FxHashMap<Handle<Expression>, Path>,
}

impl Scan<'_> {
    /// Where the pointer expression `e` points, or `None` when it is not a path from a global.
    fn path(&self, e: Handle<Expression>) -> Option<Path> {
        let exprs = &self.f.expressions;
        // Walk down to the root, then replay the steps.
        let mut steps = Vec::new();
        let mut at = e;
        let mut base = loop {
            match exprs[at] {
                Expression::AccessIndex { base, index } => {
                    steps.push((Step::Const(index), None, exprs.ty(at)));
                    at = base;
                }
                Expression::Access { base, index } => {
                    let i = match self.hoisted.get(&at) {
                        Some(&l) => Index::Leaf(Expression::LetRef(l)),
                        None => Index::Old(index),
                    };
                    steps.push((Step::Dyn(exprs.ty(index)), Some(i), exprs.ty(at)));
                    at = base;
                }
                Expression::GlobalVar(g) => break Path { root: g, root_ty: exprs.ty(at), steps: Vec::new(), load: None },
                Expression::LetRef(l) => break self.let_paths.get(&l)?.clone(),
                Expression::FunctionArg(i) => {
                    let s = self.substs.get(i as usize)?.as_ref()?;
                    let mut param = s.first_param;
                    let steps = s
                        .steps
                        .iter()
                        .map(|(step, ty)| {
                            let index = match step {
                                Step::Const(_) => None,
                                Step::Dyn(_) => {
                                    param += 1;
                                    Some(Index::Leaf(Expression::FunctionArg(param - 1)))
                                }
                            };
                            (step.clone(), index, *ty)
                        })
                        .collect();
                    break Path { root: s.root, root_ty: s.root_ty, steps, load: s.load };
                }
                _ => return None,
            }
        };
        steps.reverse();
        base.steps.extend(steps);
        Some(base)
    }

    fn call(&mut self, function: Handle<Function>, arguments: &[Handle<Expression>]) {
        let Some(callee) = self.module.functions.get(function) else { return };
        for (a, param) in arguments.iter().zip(&callee.arguments) {
            if !special(self.module, param.ty, self.params) {
                continue;
            }
            // A texture or sampler loaded from an element of an array of them.
            let exprs = &self.f.expressions;
            let (pointer, load) = match exprs[*a] {
                Expression::Load { pointer } if resource(self.module, param.ty) => (pointer, Some(exprs.ty(*a))),
                _ => (*a, None),
            };
            let Some(mut path) = self.path(pointer) else { continue };
            if load.is_some() {
                path.load = load;
                self.dropped[a.index()] = true;
            }
            // The argument's chain is replaced by its run-time indices.
            let mut at = pointer;
            loop {
                self.dropped[at.index()] = true;
                match exprs[at] {
                    Expression::AccessIndex { base, .. } | Expression::Access { base, .. } => at = base,
                    _ => break,
                }
            }
            self.call_paths.insert(*a, path);
        }
    }

    fn block(&mut self, block: &Block) {
        for (s, _) in block.iter() {
            match s {
                Statement::Block(b) => self.block(b),
                Statement::If { accept, reject, .. } => {
                    self.block(accept);
                    self.block(reject);
                }
                Statement::Switch { cases, .. } => cases.iter().for_each(|c| self.block(&c.body)),
                Statement::Loop { body, continuing, .. } => {
                    self.block(body);
                    self.block(continuing);
                }
                Statement::Call { function, arguments } => self.call(*function, arguments),
                Statement::Let { binding, value } => self.pointer_let(*binding, *value),
                _ => {}
            }
        }
    }

    fn pointer_let(&mut self, binding: Handle<LetBinding>, value: Handle<Expression>) {
        if !special(self.module, self.f.lets[binding].ty, self.params) {
            return;
        }
        let exprs = &self.f.expressions;
        let mut order = Vec::new();
        let mut at = value;
        loop {
            match exprs[at] {
                Expression::AccessIndex { base, .. } => at = base,
                Expression::Access { base, index } => {
                    let l = self.lets.append(LetBinding { name: None, ty: exprs.ty(index) }, exprs.span(index));
                    self.hoisted.insert(at, l);
                    order.push((l, index));
                    at = base;
                }
                _ => break,
            }
        }
        order.reverse();
        self.hoisted_order.insert(binding, order);
        if let Some(path) = self.path(value) {
            self.let_paths.insert(binding, path);
        }
    }
}

/// Copies statements into the rebuilt function.
struct Body<'a> {
    state: &'a mut State,
    old: &'a Expressions,
    new: &'a mut Expressions,
    map: &'a [Option<Handle<Expression>>],
    call_paths: &'a FxHashMap<Handle<Expression>, Path>,
    hoisted_order: &'a FxHashMap<Handle<LetBinding>, Vec<(Handle<LetBinding>, Handle<Expression>)>>,
}

impl Body<'_> {
    fn m(&self, h: Handle<Expression>) -> Handle<Expression> {
        self.map[h.index()].expect("statement operand rebuilt")
    }

    fn block(&mut self, block: &Block) -> Block {
        let mut out = Block::new();
        for (s, span) in block.iter() {
            let s = match s {
                Statement::Block(b) => Statement::Block(self.block(b)),
                Statement::If { condition, accept, reject } => {
                    Statement::If { condition: self.m(*condition), accept: self.block(accept), reject: self.block(reject) }
                }
                Statement::Switch { selector, cases } => Statement::Switch {
                    selector: self.m(*selector),
                    cases: cases
                        .iter()
                        .map(|c| SwitchCase { values: c.values.clone(), body: self.block(&c.body), fall_through: c.fall_through })
                        .collect(),
                },
                Statement::Loop { body, continuing, break_if } => Statement::Loop {
                    body: self.block(body),
                    continuing: self.block(continuing),
                    break_if: break_if.map(|b| self.m(b)),
                },
                Statement::Return { value } => Statement::Return { value: value.map(|v| self.m(v)) },
                Statement::Store { pointer, value } => Statement::Store { pointer: self.m(*pointer), value: self.m(*value) },
                Statement::AtomicStore { pointer, value, scope, semantics } => {
                    Statement::AtomicStore { pointer: self.m(*pointer), value: self.m(*value), scope: *scope, semantics: *semantics }
                }
                Statement::ImageStore { image, coordinate, array_index, sample, value } => Statement::ImageStore {
                    image: self.m(*image),
                    coordinate: self.m(*coordinate),
                    array_index: array_index.map(|a| self.m(a)),
                    sample: sample.map(|s| self.m(s)),
                    value: self.m(*value),
                },
                Statement::Let { binding, value } => {
                    for (l, index) in self.hoisted_order.get(binding).into_iter().flatten() {
                        out.push(Statement::Let { binding: *l, value: self.m(*index) }, span);
                    }
                    Statement::Let { binding: *binding, value: self.m(*value) }
                }
                Statement::Call { function, arguments } => {
                    let (function, arguments) =
                        redirect(self.state, self.old, self.new, self.map, self.call_paths, *function, arguments);
                    Statement::Call { function, arguments }
                }
                Statement::Eval(e) => Statement::Eval(self.m(*e)),
                Statement::Spirv(inst) => {
                    let mut inst = inst.clone();
                    for o in &mut inst.operands {
                        if let SpirvOperand::Value(h) = o {
                            *h = self.m(*h);
                        }
                    }
                    Statement::Spirv(inst)
                }
                Statement::Break
                | Statement::Continue
                | Statement::Kill
                | Statement::Fragment(_)
                | Statement::Barrier(_) => s.clone(),
            };
            out.push(s, span);
        }
        out
    }
}

fn renumber_calls(f: &mut Function, renumber: &impl Fn(Handle<Function>) -> Handle<Function>) {
    fn block(b: &mut Block, renumber: &impl Fn(Handle<Function>) -> Handle<Function>) {
        for s in &mut b.body {
            match s {
                Statement::Block(b) => block(b, renumber),
                Statement::If { accept, reject, .. } => {
                    block(accept, renumber);
                    block(reject, renumber);
                }
                Statement::Switch { cases, .. } => cases.iter_mut().for_each(|c| block(&mut c.body, renumber)),
                Statement::Loop { body, continuing, .. } => {
                    block(body, renumber);
                    block(continuing, renumber);
                }
                Statement::Call { function, .. } => *function = renumber(*function),
                _ => {}
            }
        }
    }
    let handles: Vec<_> = f.expressions.iter().filter(|(_, e)| matches!(e, Expression::Call { .. })).map(|(h, _)| h).collect();
    if !handles.is_empty() {
        let mut rebuilt = Expressions::default();
        for (h, e) in f.expressions.iter() {
            let mut e = e.clone();
            if let Expression::Call { function, .. } = &mut e {
                *function = renumber(*function);
            }
            rebuilt.append(e, f.expressions.ty(h), f.expressions.span(h));
        }
        f.expressions = rebuilt;
    }
    block(&mut f.body, renumber);
}

