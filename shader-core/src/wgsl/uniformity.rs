//! WGSL uniformity analysis (WGSL §15.2): barriers, derivatives, implicit-LOD sampling and
//! subgroup operations must only run in uniform control flow.
//!
//! The analysis runs on the lowered IR (structured control flow, resolved calls, a span on every
//! node). The spec phrases it as reachability in a graph whose nodes are "may be non-uniform"
//! facts; every node is an OR of its successors, so we compute the same thing forwards: each
//! value and the control flow (CF) carry the set of *atoms* they depend on — `NonUniform`
//! (the spec's MayBeNonUniform), `CfStart` (the CF at function entry), a parameter's value, or
//! the contents behind a pointer parameter. Each atom keeps a witness span for diagnostics.
//! Functions are analysed callees first; a function's summary (its uniformity requirements in
//! terms of `CfStart`/parameters, its return value, its pointer outputs) is instantiated at every
//! call site (§15.2.4 function tags, interprocedural).
//!
//! Where the spec and a cheaper rule differ we pick the more permissive one, so a valid program
//! is never rejected: a non-uniform `continue` does not make the next iteration's CF non-uniform
//! (invocations reconverge at the loop head), and `discard` (demote-to-helper) changes nothing.

use super::ast;
use crate::diag::{Diagnostic, Diagnostics};
use crate::ir::*;
use crate::span::{SourceMap, Span};
use crate::hash::FxHashMap as HashMap;
use crate::hash::FxHashSet as HashSet;
use std::rc::Rc;

/// The call graph of a lowered module, from the whole-module checks' walk over it
/// (`Lowerer::check_module`); indexed like `Module::functions`.
#[derive(Default)]
pub(super) struct CallGraph {
    /// Each function's callees, in body order, repeats kept.
    pub callees: Vec<Vec<Handle<Function>>>,
    /// Whether each function has an operation that may need uniform control flow.
    pub sites: Vec<bool>,
}

/// Checks every function of `module` (lowered from `tu`, whose files are in `sources`; `graph`
/// is its call graph).
pub(super) fn check(module: &Module, graph: &CallGraph, tu: &ast::TranslationUnit, sources: &SourceMap) -> Diagnostics {
    debug_assert_eq!(graph.callees.len(), module.functions.len());
    let order = callees_first(module, &graph.callees);
    let analysed = needing_analysis(&order, graph);
    if !analysed.contains(&true) {
        return Diagnostics::new();
    }
    let filters = Filters::new(tu);
    let mut summaries: Vec<Option<Summary>> = vec![None; module.functions.len()];
    let mut diags = Vec::new();
    for handle in order {
        if !analysed[handle.index()] {
            continue;
        }
        let function = &module.functions[handle];
        let wrapper = module
            .entry_points
            .iter()
            .any(|ep| ep.function == handle && function.name.as_deref().and_then(|n| n.strip_suffix("_entry")) == Some(ep.name.as_str()));
        let levels = filters.levels_for(function.name.as_deref().unwrap_or_default());
        let mut cx = FnCx {
            module,
            function,
            summaries: &summaries,
            sources,
            levels,
            filters: &filters,
            wrapper,
            lets: vec![None; function.lets.len()],
            let_places: vec![None; function.lets.len()],
            reported: HashSet::default(),
            diags: Vec::new(),
            summary: Summary { contents_out: vec![None; function.arguments.len()], ..Summary::default() },
        };
        let summary = cx.run();
        diags.extend(cx.diags);
        summaries[handle.index()] = Some(summary);
    }
    diags.sort_by_key(|d: &Diagnostic| d.primary_span().map(|s| (s.file, s.start, s.end)));
    Diagnostics(diags)
}

// ---------------------------------------------------------------------------------------------
// Diagnostic filters (WGSL §2.3)

/// The triggering rules of §15.2: barriers are not filterable; the other two are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Rule {
    Barrier,
    Derivative,
    Subgroup,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Level {
    Off,
    Info,
    Warning,
    Error,
}

/// Severities of the two filterable rules: (derivative_uniformity, subgroup_uniformity).
type Levels = (Level, Level);

struct Filters {
    module: Levels,
    functions: HashMap<String, Levels>,
    /// Statement filters: the range they cover and the (severity, rule) they set.
    statements: Vec<(Span, String, String)>,
}

impl Filters {
    fn new(tu: &ast::TranslationUnit) -> Filters {
        // §2.3.2: both rules default to `error`. We make `subgroup_uniformity` a warning:
        // naga and wgpu do not check it, and wgpu's own subgroup tests call subgroup operations
        // in non-uniform control flow on purpose, so an error would reject working programs.
        let mut module = (Level::Error, Level::Warning);
        for directive in &tu.directives {
            if let ast::Directive::Diagnostic { severity, rule, .. } = directive {
                if let [rule] = rule.as_slice() {
                    apply(&mut module, &severity.name, &rule.name);
                }
            }
        }
        let mut functions = HashMap::default();
        for decl in &tu.decls {
            let ast::GlobalDecl::Function(f) = decl else { continue };
            let mut levels = None;
            for attr in f.attrs.iter().filter(|a| a.name.name == "diagnostic") {
                let args = tu.list(attr.args);
                if let (Some(severity), Some(rule)) = (attr_ident(args.first()), attr_ident(args.get(1))) {
                    apply(levels.get_or_insert(module), &severity, &rule);
                }
            }
            // Functions without a filter of their own have the module's levels (`levels_for`).
            if let Some(levels) = levels {
                functions.insert(f.name.name.to_string(), levels);
            }
        }
        let statements = tu
            .statement_filters
            .iter()
            .filter_map(|f| match (attr_ident(tu.list(f.attribute.args).first()), attr_ident(tu.list(f.attribute.args).get(1))) {
                (Some(severity), Some(rule)) => Some((f.span, severity, rule)),
                _ => None,
            })
            .collect();
        Filters { module, functions, statements }
    }

    /// The levels at `site` inside a function whose own levels are `levels`: statement filters
    /// covering `site` apply from the outermost to the innermost (§2.3.3: the nearest wins).
    fn levels_at(&self, levels: Levels, site: Span) -> Levels {
        let mut covering: Vec<&(Span, String, String)> =
            self.statements.iter().filter(|(span, _, _)| span.file == site.file && span.start <= site.start && site.end <= span.end).collect();
        if covering.is_empty() {
            return levels;
        }
        covering.sort_by_key(|(span, _, _)| std::cmp::Reverse(span.end - span.start));
        let mut levels = levels;
        for (_, severity, rule) in covering {
            apply(&mut levels, severity, rule);
        }
        levels
    }

    fn levels_for(&self, function: &str) -> Levels {
        self.functions.get(function).copied().unwrap_or(self.module)
    }
}

fn attr_ident(e: Option<&ast::Expr>) -> Option<String> {
    match e.map(|e| &e.kind) {
        Some(ast::ExprKind::Ident(i)) => Some(i.name.to_string()),
        _ => None,
    }
}

fn apply(levels: &mut Levels, severity: &str, rule: &str) {
    let level = match severity {
        "off" => Level::Off,
        "info" => Level::Info,
        "warning" => Level::Warning,
        "error" => Level::Error,
        _ => return,
    };
    match rule {
        "derivative_uniformity" => levels.0 = level,
        "subgroup_uniformity" => levels.1 = level,
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------------
// Dependency sets

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Atom {
    /// The spec's MayBeNonUniform.
    NonUniform,
    /// The control flow at the start of the function.
    CfStart,
    /// The value of parameter `i`.
    Param(u32),
    /// The contents behind pointer parameter `i` when the function is entered.
    Contents(u32),
}

/// Why an atom is in a set: `at` is the value or condition that brought it in, `source` the
/// original non-uniform value, `reason` says what that value is.
#[derive(Clone, Copy, Debug)]
struct Why {
    at: Span,
    source: Span,
    reason: &'static str,
    /// `at` is a condition that made control flow depend on the atom.
    cond: bool,
}

/// A set of atoms with their witnesses, sorted by atom. Shared (`Rc`, one allocation) and
/// replaced on write: most sets are the control flow's, cloned into every constant and
/// variable use unchanged.
#[derive(Clone, Debug, Default)]
struct Deps(Option<Rc<[(Atom, Why)]>>);

impl Deps {
    fn from_vec(v: Vec<(Atom, Why)>) -> Deps {
        Deps((!v.is_empty()).then(|| Rc::from(v)))
    }

    fn one(atom: Atom, why: Why) -> Deps {
        Deps(Some(Rc::from([(atom, why)])))
    }

    fn non_uniform(span: Span, reason: &'static str) -> Deps {
        Deps::one(Atom::NonUniform, Why { at: span, source: span, reason, cond: false })
    }

    fn items(&self) -> &[(Atom, Why)] {
        self.0.as_deref().unwrap_or(&[])
    }

    /// Adds `other`'s atoms; returns whether anything was new. Existing witnesses win.
    fn union(&mut self, other: &Deps) -> bool {
        let Some(theirs) = &other.0 else { return false };
        let Some(mine) = &mut self.0 else {
            self.0 = Some(theirs.clone());
            return true;
        };
        if Rc::ptr_eq(mine, theirs) {
            return false;
        }
        if theirs.iter().all(|(atom, _)| mine.binary_search_by(|(a, _)| a.cmp(atom)).is_ok()) {
            return false;
        }
        // One merge of the two sorted lists straight into the shared slice, whose length is
        // counted first: an iterator of known length is collected with one allocation (a
        // vector first was two, and a copy).
        let (a, b): (&[(Atom, Why)], &[(Atom, Why)]) = (&**mine, &**theirs);
        let len = a.len() + b.iter().filter(|(atom, _)| a.binary_search_by(|(x, _)| x.cmp(atom)).is_err()).count();
        let (mut i, mut j) = (0, 0);
        let merged: Rc<[(Atom, Why)]> = (0..len)
            .map(|_| {
                if j == b.len() || (i < a.len() && a[i].0 <= b[j].0) {
                    if j < b.len() && a[i].0 == b[j].0 {
                        j += 1;
                    }
                    i += 1;
                    a[i - 1]
                } else {
                    j += 1;
                    b[j - 1]
                }
            })
            .collect();
        *mine = merged;
        true
    }

    fn with(mut self, other: &Deps) -> Deps {
        self.union(other);
        self
    }

    fn get(&self, atom: Atom) -> Option<Why> {
        self.items().iter().find(|(a, _)| *a == atom).map(|(_, w)| *w)
    }

    fn same_atoms(&self, other: &Deps) -> bool {
        let (a, b) = (self.items(), other.items());
        a.len() == b.len() && a.iter().zip(b).all(|(a, b)| a.0 == b.0)
    }

    /// The control-flow dependencies a branch on this value adds (§15.2.7: the nested
    /// statements' CF depends on the condition).
    fn as_condition(&self, condition: Span) -> Deps {
        // Collected straight into the shared slice (an iterator of known length: one allocation).
        Deps(self.0.as_ref().map(|items| items.iter().map(|&(a, w)| (a, Why { at: condition, cond: true, ..w })).collect()))
    }

    fn without_non_uniform(&self) -> Deps {
        if self.get(Atom::NonUniform).is_none() {
            return self.clone();
        }
        Deps::from_vec(self.items().iter().filter(|(a, _)| *a != Atom::NonUniform).copied().collect())
    }
}

// ---------------------------------------------------------------------------------------------
// Function summaries

#[derive(Clone, Debug)]
struct Requirement {
    rule: Rule,
    level: Level,
    /// The barrier, derivative or sampling call that needs uniformity.
    site: Span,
    /// Its WGSL name, for messages.
    name: String,
    /// What must be uniform, in terms of `CfStart`, parameters and pointer contents.
    deps: Deps,
    /// For a requirement inherited from a callee: the condition inside the callee that
    /// depends on a parameter, so the report can show the whole chain.
    inner: Option<Span>,
}

#[derive(Clone, Debug, Default)]
struct Summary {
    requirements: Vec<Requirement>,
    /// What the return value depends on.
    ret: Deps,
    /// For pointer parameters: what the pointee depends on when the function returns.
    contents_out: Vec<Option<Deps>>,
}

/// Orders functions so every callee precedes its callers (WGSL forbids recursion; a cycle,
/// which the IR validator rejects anyway, is broken arbitrarily).
fn callees_first(module: &Module, callees: &[Vec<Handle<Function>>]) -> Vec<Handle<Function>> {
    fn visit(h: Handle<Function>, callees: &[Vec<Handle<Function>>], state: &mut [u8], out: &mut Vec<Handle<Function>>) {
        if state[h.index()] != 0 {
            return;
        }
        state[h.index()] = 1;
        for &callee in &callees[h.index()] {
            visit(callee, callees, state, out);
        }
        state[h.index()] = 2;
        out.push(h);
    }
    let mut state = vec![0u8; module.functions.len()];
    let mut out = Vec::with_capacity(module.functions.len());
    for (h, _) in module.functions.iter() {
        visit(h, callees, &mut state, &mut out);
    }
    out
}

/// The functions whose analysis can matter: those that reach an operation needing uniformity
/// (themselves or through calls), whose requirements and diagnostics come from the analysis,
/// and every function they call, whose summaries theirs use. Any other function records no
/// requirement and reports nothing, so it is skipped (indexed like `Module::functions`).
fn needing_analysis(order: &[Handle<Function>], graph: &CallGraph) -> Vec<bool> {
    let mut reaches = vec![false; graph.sites.len()];
    for &h in order {
        reaches[h.index()] = graph.sites[h.index()] || graph.callees[h.index()].iter().any(|c| reaches[c.index()]);
    }
    let mut analysed = vec![false; graph.sites.len()];
    let mut stack: Vec<Handle<Function>> = order.iter().copied().filter(|h| reaches[h.index()]).collect();
    while let Some(h) = stack.pop() {
        if !std::mem::replace(&mut analysed[h.index()], true) {
            stack.extend(graph.callees[h.index()].iter().copied());
        }
    }
    analysed
}

// ---------------------------------------------------------------------------------------------
// Analysis of one function

/// What the dataflow knows at one program point.
#[derive(Clone, Debug)]
struct State {
    cf: Deps,
    /// Per local variable, then per parameter (used for pointer parameters' pointees).
    vars: Vec<Deps>,
}

/// How a statement can leave: the CF at its `break`/`continue`/`return` statements and the
/// variable states there.
#[derive(Debug)]
struct Flow {
    next: bool,
    breaks: Deps,
    continues: Deps,
    returns: Deps,
    break_vars: Option<Vec<Deps>>,
    continue_vars: Option<Vec<Deps>>,
}

impl Flow {
    fn next() -> Flow {
        Flow { next: true, breaks: Deps::default(), continues: Deps::default(), returns: Deps::default(), break_vars: None, continue_vars: None }
    }

    fn exit() -> Flow {
        Flow { next: false, ..Flow::next() }
    }

    /// [`Flow::next`]: the statement can only fall through (most statements).
    fn only_next(&self) -> bool {
        self.next
            && self.breaks.0.is_none()
            && self.continues.0.is_none()
            && self.returns.0.is_none()
            && self.break_vars.is_none()
            && self.continue_vars.is_none()
    }

    /// Combines the exits of two statements (in sequence or alternatives); `next` is the
    /// caller's business.
    fn absorb(&mut self, other: Flow) {
        self.breaks.union(&other.breaks);
        self.continues.union(&other.continues);
        self.returns.union(&other.returns);
        merge_opt(&mut self.break_vars, other.break_vars);
        merge_opt(&mut self.continue_vars, other.continue_vars);
    }
}

fn merge_vars(into: &mut [Deps], from: &[Deps]) -> bool {
    let mut changed = false;
    for (a, b) in into.iter_mut().zip(from) {
        changed |= a.union(b);
    }
    changed
}

fn merge_opt(into: &mut Option<Vec<Deps>>, from: Option<Vec<Deps>>) {
    match (into.as_mut(), from) {
        (Some(a), Some(b)) => {
            merge_vars(a, &b);
        }
        (None, Some(b)) => *into = Some(b),
        _ => {}
    }
}

/// Where a pointer points: a local variable or pointer parameter (an index into
/// `State::vars`), a global, or something we do not track.
#[derive(Clone, Copy, Debug)]
enum Root {
    Var(usize),
    Global(Handle<GlobalVariable>),
    Unknown,
}

#[derive(Clone, Debug)]
struct Place {
    root: Root,
    /// The indices used on the way (a non-uniform index makes the loaded value non-uniform).
    index: Deps,
    /// Only part of the root is addressed, so a store keeps the rest.
    partial: bool,
}

/// A loop whose dependencies have not settled after this many passes is left as it is: the
/// sets only grow, so this bounds time on pathological input without rejecting anything.
const MAX_LOOP_PASSES: usize = 32;

struct FnCx<'a> {
    module: &'a Module,
    function: &'a Function,
    summaries: &'a [Option<Summary>],
    sources: &'a SourceMap,
    levels: Levels,
    filters: &'a Filters,
    /// The generated wrapper of a WGSL entry point: report inside the user function instead of
    /// at the wrapper's call, which spans the whole entry point.
    wrapper: bool,
    lets: Vec<Option<Deps>>,
    let_places: Vec<Option<Place>>,
    /// (primary span, requirement site, rule) already reported; loop passes revisit code.
    reported: HashSet<(Span, Span, Rule)>,
    diags: Vec<Diagnostic>,
    summary: Summary,
}

impl FnCx<'_> {
    fn run(&mut self) -> Summary {
        let f = self.function;
        let start = Span::default();
        let cf = Deps::one(Atom::CfStart, Why { at: start, source: start, reason: "", cond: false });
        let mut vars = vec![Deps::default(); f.locals.len() + f.arguments.len()];
        for (i, _) in f.arguments.iter().enumerate() {
            let why = Why { at: start, source: start, reason: "the pointer parameter's contents", cond: false };
            vars[f.locals.len() + i] = Deps::one(Atom::Contents(i as u32), why);
        }
        let mut state = State { cf, vars };
        let flow = self.block(&f.body, &mut state);
        if flow.next {
            self.pointer_outputs(&state);
        }
        std::mem::take(&mut self.summary)
    }

    fn pointer_outputs(&mut self, state: &State) {
        let locals = self.function.locals.len();
        for (i, a) in self.function.arguments.iter().enumerate() {
            if self.is_pointer(a.ty) {
                self.summary.contents_out[i].get_or_insert_with(Deps::default).union(&state.vars[locals + i]);
            }
        }
    }

    fn is_pointer(&self, ty: Handle<Type>) -> bool {
        matches!(self.module.inner(ty), TypeInner::Pointer { .. })
    }

    fn expr_is_pointer(&self, h: Handle<Expression>) -> bool {
        self.is_pointer(self.function.expressions.ty(h))
    }

    fn span(&self, h: Handle<Expression>) -> Span {
        self.function.expressions.span(h)
    }

    // -----------------------------------------------------------------------------------------
    // Statements (§15.2.7)

    fn block(&mut self, block: &Block, state: &mut State) -> Flow {
        let mut flow = Flow::next();
        for (statement, span) in block.iter() {
            // §15.2.7 (s1 s2): when s1 cannot end with Next, s2 is unreachable and not
            // analyzed; a barrier after `return` does not make the function non-uniform.
            if !flow.next {
                break;
            }
            let f = self.statement(statement, span, state);
            if f.only_next() {
                continue;
            }
            // After a statement that may break, continue or return, the invocations still
            // running are those that did not: the rest of the construct's CF depends on the CF
            // at those exits (§15.2.7, CF_end of statements whose behavior is not {Next}).
            state.cf.union(&f.breaks);
            state.cf.union(&f.continues);
            state.cf.union(&f.returns);
            flow.next &= f.next;
            flow.absorb(f);
        }
        flow
    }

    fn statement(&mut self, statement: &Statement, span: Span, state: &mut State) -> Flow {
        match statement {
            Statement::Block(b) => self.block(b, state),
            Statement::If { condition, accept, reject } => {
                let value = self.expr(*condition, state);
                let branch_cf = state.cf.clone().with(&value.as_condition(self.span(*condition)));
                let mut a = State { cf: branch_cf.clone(), vars: state.vars.clone() };
                let mut r = State { cf: branch_cf, vars: state.vars.clone() };
                let mut fa = self.block(accept, &mut a);
                let fr = self.block(reject, &mut r);
                state.vars = match (fa.next, fr.next) {
                    (true, false) => a.vars,
                    (false, true) => r.vars,
                    _ => {
                        merge_vars(&mut a.vars, &r.vars);
                        a.vars
                    }
                };
                let next = fa.next || fr.next;
                fa.absorb(fr);
                fa.next = next;
                fa
            }
            Statement::Switch { selector, cases } => {
                let value = self.expr(*selector, state);
                let case_cf = state.cf.clone().with(&value.as_condition(self.span(*selector)));
                let mut flow = Flow::exit();
                let mut after: Option<Vec<Deps>> = None;
                let mut fallen: Option<State> = None;
                for case in cases {
                    let mut s = State { cf: case_cf.clone(), vars: state.vars.clone() };
                    if let Some(prev) = fallen.take() {
                        s.cf.union(&prev.cf);
                        merge_vars(&mut s.vars, &prev.vars);
                    }
                    let mut f = self.block(&case.body, &mut s);
                    if f.next && case.fall_through {
                        fallen = Some(s);
                    } else if f.next {
                        merge_opt(&mut after, Some(s.vars));
                    }
                    // `break` leaves the switch; its invocations reconverge after it.
                    if let Some(vars) = f.break_vars.take() {
                        merge_opt(&mut after, Some(vars));
                        flow.next = true;
                    }
                    f.breaks = Deps::default();
                    flow.next |= f.next;
                    flow.absorb(f);
                }
                if let Some(s) = fallen {
                    merge_opt(&mut after, Some(s.vars));
                }
                if let Some(vars) = after {
                    state.vars = vars;
                }
                flow
            }
            Statement::Loop { body, continuing, break_if } => self.looping(body, continuing, *break_if, state),
            Statement::Break => {
                let mut f = Flow::exit();
                f.breaks = state.cf.clone();
                f.break_vars = Some(state.vars.clone());
                f
            }
            Statement::Continue => {
                let mut f = Flow::exit();
                f.continues = state.cf.clone();
                f.continue_vars = Some(state.vars.clone());
                f
            }
            Statement::Return { value } => {
                if let Some(v) = value {
                    let v = self.expr(*v, state);
                    self.summary.ret.union(&v);
                }
                self.pointer_outputs(state);
                let mut f = Flow::exit();
                f.returns = state.cf.clone();
                f
            }
            // WGSL `discard` demotes to a helper invocation, which keeps taking part in
            // derivatives: it does not affect uniformity (§15.2.7 discard: CF' = CF).
            Statement::Kill => Flow::next(),
            // GLSL-only (extension) statements; WGSL never produces them.
            Statement::Fragment(_) => Flow::next(),
            Statement::Barrier(barrier) => {
                // Memory-only barriers (GLSL `memoryBarrier*`) have no uniformity rule.
                if barrier.execution.is_some() {
                    self.require(Rule::Barrier, span, "workgroupBarrier", state);
                }
                Flow::next()
            }
            Statement::Store { pointer, value } | Statement::AtomicStore { pointer, value, .. } => {
                let place = self.place(*pointer, state);
                let v = self.expr(*value, state).with(&place.index);
                self.store(&place, v, state);
                Flow::next()
            }
            Statement::ImageStore { image, coordinate, array_index, sample, value } => {
                for h in [Some(*image), Some(*coordinate), *array_index, *sample, Some(*value)].into_iter().flatten() {
                    self.expr(h, state);
                }
                Flow::next()
            }
            Statement::Let { binding, value } => {
                if self.expr_is_pointer(*value) {
                    let place = self.place(*value, state);
                    self.let_places[binding.index()] = Some(place);
                    self.lets[binding.index()] = Some(state.cf.clone());
                } else {
                    let v = self.expr(*value, state);
                    self.lets[binding.index()] = Some(v);
                }
                Flow::next()
            }
            Statement::Call { function, arguments } => {
                self.call(*function, arguments, span, state);
                Flow::next()
            }
            Statement::Eval(h) => {
                self.expr(*h, state);
                Flow::next()
            }
            // Only GLSL makes raw SPIR-V instructions; their operands are still evaluated.
            Statement::Spirv(inst) => {
                for operand in &inst.operands {
                    if let SpirvOperand::Value(h) = operand {
                        self.expr(*h, state);
                    }
                }
                Flow::next()
            }
        }
    }

    /// `loop { body continuing { continuing } break if c }`, iterated until the dependencies
    /// at the loop head settle (the spec's graph has a cycle through the loop instead).
    fn looping(&mut self, body: &Block, continuing: &Block, break_if: Option<Handle<Expression>>, state: &mut State) -> Flow {
        let before = state.clone();
        let mut head = before.clone();
        let mut passes = 0;
        loop {
            passes += 1;
            let mut b = head.clone();
            let mut fb = self.block(body, &mut b);
            // The continuing block runs for invocations that reach the end of the body or
            // `continue`; those that left by `break`/`return` make the rest non-uniform.
            let mut cont_vars = if fb.next { Some(b.vars) } else { None };
            merge_opt(&mut cont_vars, fb.continue_vars.take());
            let mut c = State {
                cf: head.cf.clone().with(&fb.breaks).with(&fb.returns),
                vars: cont_vars.unwrap_or_else(|| head.vars.clone()),
            };
            let fc = self.block(continuing, &mut c);
            let mut exit_vars = fb.break_vars.take();
            let mut next_head = head.clone();
            next_head.cf.union(&fb.breaks);
            next_head.cf.union(&fb.returns);
            next_head.cf.union(&fc.returns);
            next_head.cf.union(&fc.breaks);
            if let Some(cond) = break_if {
                let v = self.expr(cond, &mut c);
                next_head.cf.union(&v.as_condition(self.span(cond)));
                merge_opt(&mut exit_vars, Some(c.vars.clone()));
            }
            merge_opt(&mut exit_vars, fc.break_vars);
            let changed_vars = merge_vars(&mut next_head.vars, &c.vars);
            let settled = next_head.cf.same_atoms(&head.cf) && !changed_vars;
            if settled || passes >= MAX_LOOP_PASSES {
                if let Some(vars) = exit_vars {
                    state.vars = vars;
                } else {
                    state.vars = next_head.vars;
                }
                let mut flow = Flow::next();
                flow.returns = fb.returns.with(&fc.returns);
                return flow;
            }
            head = next_head;
        }
    }

    fn store(&mut self, place: &Place, value: Deps, state: &mut State) {
        if let Root::Var(i) = place.root {
            if place.partial {
                state.vars[i].union(&value);
            } else {
                state.vars[i] = value;
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Expressions (§15.2.8)

    fn place(&mut self, h: Handle<Expression>, state: &mut State) -> Place {
        let whole = |root| Place { root, index: Deps::default(), partial: false };
        match self.function.expressions[h] {
            Expression::LocalVar(v) => whole(Root::Var(v.index())),
            Expression::FunctionArg(i) => whole(Root::Var(self.function.locals.len() + i as usize)),
            Expression::GlobalVar(g) => whole(Root::Global(g)),
            Expression::LetRef(b) => self.let_places[b.index()].clone().unwrap_or(Place { root: Root::Unknown, index: state.cf.clone(), partial: true }),
            Expression::Access { base, index } => {
                let mut p = self.place(base, state);
                let i = self.expr(index, state);
                p.index.union(&i);
                p.partial = true;
                p
            }
            Expression::AccessIndex { base, .. } => {
                let mut p = self.place(base, state);
                p.partial = true;
                p
            }
            _ => {
                let index = self.expr(h, state);
                Place { root: Root::Unknown, index, partial: true }
            }
        }
    }

    /// The value of what `place` points to.
    fn contents(&self, place: &Place, span: Span, state: &State) -> Deps {
        let root = match place.root {
            Root::Var(i) => state.vars[i].clone(),
            Root::Global(g) => self.global_value(g, span, state),
            Root::Unknown => state.cf.clone(),
        };
        root.with(&place.index)
    }

    /// §15.2.8: module-scope variables in the uniform, read-only storage and handle spaces read
    /// uniformly; everything else an invocation can write or receive on its own may differ.
    fn global_value(&self, g: Handle<GlobalVariable>, span: Span, state: &State) -> Deps {
        let global = &self.module.globals[g];
        let reason = match global.space {
            AddressSpace::Uniform | AddressSpace::Handle | AddressSpace::PushConstant => return state.cf.clone(),
            AddressSpace::Storage { access } if !access.store => return state.cf.clone(),
            AddressSpace::Storage { .. } => "reading `read_write` storage may give each invocation a different value",
            AddressSpace::Workgroup => "reading workgroup memory may give each invocation a different value",
            AddressSpace::Private | AddressSpace::Function => "a `private` variable may hold a different value in each invocation",
            AddressSpace::Output | AddressSpace::PhysicalStorage { .. } => "a stage output may differ between invocations",
            AddressSpace::Input => match global.io {
                Some(IoBinding::BuiltIn(b)) => match builtin_reason(b) {
                    None => return state.cf.clone(),
                    Some(reason) => reason,
                },
                _ => "user-defined stage inputs may differ between invocations",
            },
        };
        Deps::non_uniform(span, reason)
    }

    fn expr(&mut self, h: Handle<Expression>, state: &mut State) -> Deps {
        let span = self.span(h);
        // The function outlives `self`'s borrow, so operand lists are read in place.
        let function = self.function;
        match &function.expressions[h] {
            Expression::Literal(_) | Expression::ZeroValue(_) | Expression::Override(_) => state.cf.clone(),
            Expression::LocalVar(_) | Expression::GlobalVar(_) => state.cf.clone(),
            Expression::FunctionArg(i) => {
                if self.expr_is_pointer(h) {
                    state.cf.clone()
                } else {
                    Deps::one(Atom::Param(*i), Why { at: span, source: span, reason: "parameter", cond: false })
                }
            }
            Expression::LetRef(b) => self.lets[b.index()].clone().unwrap_or_else(|| state.cf.clone()),
            Expression::Access { .. } | Expression::AccessIndex { .. } if self.expr_is_pointer(h) => {
                let place = self.place(h, state);
                place.index.with(&state.cf)
            }
            Expression::Access { base, index } => {
                let (base, index) = (*base, *index);
                self.expr(base, state).with(&self.expr(index, state))
            }
            Expression::AccessIndex { base, .. } => self.expr(*base, state),
            Expression::Compose { components } => self.all(components, state),
            Expression::Splat { value: e }
            | Expression::Swizzle { vector: e, .. }
            | Expression::Unary { expr: e, .. }
            | Expression::Relational { argument: e, .. }
            | Expression::Convert { expr: e, .. }
            | Expression::Bitcast { expr: e } => self.expr(*e, state),
            Expression::Load { pointer } => {
                let place = self.place(*pointer, state);
                self.contents(&place, span, state)
            }
            Expression::Binary { op: BinaryOp::LogicalAnd | BinaryOp::LogicalOr, left, right } => {
                let (left, right) = (*left, *right);
                let l = self.expr(left, state);
                // The right operand only runs where the left one allows (§15.2.8 short-circuit).
                let saved = state.cf.clone();
                state.cf.union(&l.as_condition(self.span(left)));
                let r = self.expr(right, state);
                state.cf = saved;
                l.with(&r)
            }
            Expression::Binary { left, right, .. } => self.all(&[*left, *right], state),
            Expression::Select { condition, accept, reject } => self.all(&[*condition, *accept, *reject], state),
            Expression::Math { args, .. } => self.all(args, state),
            Expression::Derivative { expr, .. } => {
                let v = self.expr(*expr, state);
                self.require(Rule::Derivative, span, "dpdx", state);
                v
            }
            Expression::CombineImageSampler { image, sampler } => self.all(&[*image, *sampler], state),
            Expression::ImageSample { image, sampler, gather, coordinate, array_index, offset, level, depth_ref, min_lod, .. } => {
                let mut operands = vec![*image];
                operands.extend(sampler.iter().copied());
                operands.push(*coordinate);
                operands.extend(array_index.iter().copied());
                operands.extend(offset.iter().copied());
                match *level {
                    SampleLevel::Exact(l) | SampleLevel::Bias(l) => operands.push(l),
                    SampleLevel::Gradient { x, y } => operands.extend([x, y]),
                    SampleLevel::Auto | SampleLevel::Zero => {}
                }
                operands.extend(depth_ref.iter().copied());
                operands.extend(min_lod.iter().copied());
                let implicit = gather.is_none() && matches!(level, SampleLevel::Auto | SampleLevel::Bias(_));
                let v = self.all(&operands, state);
                if implicit {
                    self.require(Rule::Derivative, span, "textureSample", state);
                }
                v
            }
            Expression::SparseTexelsResident { code } => self.expr(*code, state),
            Expression::ImageLoad { image, coordinate, array_index, sample, level, .. } => {
                let image = *image;
                let operands: Vec<_> = [Some(image), Some(*coordinate), *array_index, *sample, *level].into_iter().flatten().collect();
                let v = self.all(&operands, state);
                if self.is_read_write_storage_image(image) {
                    v.with(&Deps::non_uniform(span, "loading from a `read_write` storage texture may give each invocation a different value"))
                } else {
                    v
                }
            }
            Expression::ImageQuery { image, query } => {
                let mut operands = vec![*image];
                match *query {
                    ImageQuery::Size { level } => operands.extend(level),
                    ImageQuery::Lod { sampler, coordinate } => {
                        operands.extend(sampler);
                        operands.push(coordinate);
                    }
                    ImageQuery::NumLevels | ImageQuery::NumLayers | ImageQuery::NumSamples => {}
                }
                let lod = matches!(query, ImageQuery::Lod { .. });
                let v = self.all(&operands, state);
                if lod {
                    self.require(Rule::Derivative, span, "textureQueryLod", state);
                }
                v
            }
            Expression::ImageTexelPointer { image, coordinate, sample } => {
                let operands: Vec<_> = [Some(*image), Some(*coordinate), *sample].into_iter().flatten().collect();
                self.all(&operands, state)
            }
            Expression::Call { function, arguments } => {
                self.call(*function, arguments, span, state)
            }
            Expression::AtomicScoped { pointer, value, compare, .. } => {
                let operands: Vec<_> = [Some(*pointer), *value, *compare].into_iter().flatten().collect();
                self.all(&operands, state);
                Deps::non_uniform(span, "the result of an atomic operation may differ between invocations")
            }
            Expression::Atomic { pointer, value, compare, .. } => {
                let operands: Vec<_> = [Some(*pointer), Some(*value), *compare].into_iter().flatten().collect();
                self.all(&operands, state);
                Deps::non_uniform(span, "the result of an atomic operation may differ between invocations")
            }
            Expression::ArrayLength { pointer } => {
                let place = self.place(*pointer, state);
                place.index.with(&state.cf)
            }
            Expression::WorkgroupUniformLoad { pointer } => {
                self.place(*pointer, state);
                self.require(Rule::Barrier, span, "workgroupUniformLoad", state);
                // §15.2.8: the loaded value is uniform.
                state.cf.clone()
            }
            Expression::IsHelperInvocation => {
                Deps::non_uniform(span, "whether an invocation is a helper may differ between invocations")
            }
            Expression::Spirv(inst) => {
                let operands: Vec<_> = inst.operands.iter().filter_map(|o| if let SpirvOperand::Value(h) = o { Some(*h) } else { None }).collect();
                self.all(&operands, state);
                Deps::non_uniform(span, "the result of a raw SPIR-V instruction may differ between invocations")
            }
            Expression::Subgroup { args, .. } => {
                self.all(args, state);
                self.require(Rule::Subgroup, span, "subgroup operation", state);
                Deps::non_uniform(span, "the result of a subgroup operation may differ between invocations")
            }
        }
    }

    /// The union of the operands' dependencies, evaluated left to right; `CF` when there are
    /// none (a constant).
    fn all(&mut self, operands: &[Handle<Expression>], state: &mut State) -> Deps {
        if operands.is_empty() {
            return state.cf.clone();
        }
        let mut deps = Deps::default();
        for &h in operands {
            let v = self.expr(h, state);
            deps.union(&v);
        }
        deps
    }

    fn is_read_write_storage_image(&self, image: Handle<Expression>) -> bool {
        let mut ty = self.function.expressions.ty(image);
        loop {
            match self.module.inner(ty) {
                TypeInner::Pointer { base, .. } | TypeInner::BindingArray { base, .. } => ty = *base,
                TypeInner::Image { class: ImageClass::Storage { access, .. }, .. } => return access.load && access.store,
                _ => return false,
            }
        }
    }

    /// A call (§15.2.8 function calls): instantiates the callee's summary with this call
    /// site's CF and arguments.
    fn call(&mut self, callee: Handle<Function>, arguments: &[Handle<Expression>], span: Span, state: &mut State) -> Deps {
        let mut values = Vec::with_capacity(arguments.len());
        let mut places = Vec::with_capacity(arguments.len());
        for &a in arguments {
            if self.expr_is_pointer(a) {
                let place = self.place(a, state);
                values.push(place.index.clone().with(&state.cf));
                places.push(Some((place, self.span(a))));
            } else {
                values.push(self.expr(a, state));
                places.push(None);
            }
        }
        let Some(Some(summary)) = self.summaries.get(callee.index()) else {
            let mut v = state.cf.clone();
            values.iter().for_each(|d| {
                v.union(d);
            });
            return v;
        };
        let instantiate = |this: &Self, deps: &Deps, state: &State| -> Deps {
            let mut out = Deps::default();
            for &(atom, why) in deps.items() {
                match atom {
                    Atom::NonUniform => {
                        out.union(&Deps::one(atom, why));
                    }
                    Atom::CfStart => {
                        out.union(&state.cf);
                    }
                    Atom::Param(i) => {
                        if let Some(v) = values.get(i as usize) {
                            out.union(v);
                        }
                    }
                    Atom::Contents(i) => {
                        if let Some(Some((place, span))) = places.get(i as usize) {
                            out.union(&this.contents(place, *span, state));
                        }
                    }
                }
            }
            out
        };
        for requirement in &summary.requirements {
            // The first atom that is non-uniform here decides how we explain it.
            let culprit = requirement.deps.items().iter().find_map(|&(atom, callee_why)| {
                let mapped = instantiate(self, &Deps::one(atom, callee_why), state);
                mapped.get(Atom::NonUniform).map(|why| (atom, callee_why, why))
            });
            match culprit {
                Some((atom, callee_why, why)) => self.report_call(callee, requirement, atom, callee_why, why, span),
                None => {
                    let deps = instantiate(self, &requirement.deps, state);
                    let inner = requirement.inner.or_else(|| {
                        let from_parameter = |(a, w): &&(Atom, Why)| matches!(a, Atom::Param(_) | Atom::Contents(_)) && w.cond;
                        requirement.deps.items().iter().find(from_parameter).map(|(_, w)| w.at)
                    });
                    self.record(Requirement { deps, inner, ..requirement.clone() });
                }
            }
        }
        for (i, out) in summary.contents_out.iter().enumerate() {
            if let (Some(out), Some(Some((place, _)))) = (out, places.get(i)) {
                let v = instantiate(self, out, state);
                self.store(place, v, state);
            }
        }
        instantiate(self, &summary.ret, state).with(&state.cf)
    }

    // -----------------------------------------------------------------------------------------
    // Requirements and diagnostics

    fn level(&self, rule: Rule, site: Span) -> Level {
        let levels = self.filters.levels_at(self.levels, site);
        match rule {
            Rule::Barrier => Level::Error,
            Rule::Derivative => levels.0,
            Rule::Subgroup => levels.1,
        }
    }

    /// The call at `site` needs uniform control flow here.
    fn require(&mut self, rule: Rule, site: Span, fallback: &str, state: &State) {
        let level = self.level(rule, site);
        if matches!(level, Level::Off | Level::Info) {
            return;
        }
        let name = callee_name(self.sources, site, fallback);
        if let Some(why) = state.cf.get(Atom::NonUniform) {
            if self.reported.insert((site, site, rule)) {
                let d = diagnostic(level, format!("`{name}` must only be called from uniform control flow"), site);
                let d = explain(d, why, "control flow depends on this possibly non-uniform value");
                self.diags.push(rule_note(d, rule));
            }
        } else {
            self.record(Requirement { rule, level, site, name, deps: state.cf.clone(), inner: None });
        }
    }

    fn record(&mut self, requirement: Requirement) {
        let deps = requirement.deps.without_non_uniform();
        if let Some(r) = self.summary.requirements.iter_mut().find(|r| r.site == requirement.site && r.rule == requirement.rule) {
            r.deps.union(&deps);
        } else {
            self.summary.requirements.push(Requirement { deps, ..requirement });
        }
    }

    /// A call whose callee needs uniformity that this call site does not give.
    fn report_call(&mut self, callee: Handle<Function>, requirement: &Requirement, atom: Atom, callee_why: Why, why: Why, call: Span) {
        let callee_name = self.module.functions[callee].name.clone().unwrap_or_else(|| "function".to_string());
        let what = &requirement.name;
        if self.wrapper {
            // The call is the generated entry point wrapper; the culprit is an entry point
            // parameter. Point at the operation inside the user's function.
            if !self.reported.insert((requirement.site, requirement.site, requirement.rule)) {
                return;
            }
            let d = diagnostic(requirement.level, format!("`{what}` must only be called from uniform control flow"), requirement.site);
            let d = if callee_why.cond {
                d.with_secondary(callee_why.at, "control flow depends on this possibly non-uniform value")
            } else {
                d.with_secondary(callee_why.at, "this value must be uniform")
            };
            let d = d.with_secondary(why.source, why.reason);
            let d = with_inner(d, requirement, callee_why.at);
            self.diags.push(rule_note(d, requirement.rule));
            return;
        }
        if !self.reported.insert((call, requirement.site, requirement.rule)) {
            return;
        }
        let (message, label) = match atom {
            Atom::Param(i) => (
                format!("argument {} of `{callee_name}` must be uniform, because `{callee_name}` needs it for `{what}`", i + 1),
                "this value may be non-uniform",
            ),
            Atom::Contents(i) => (
                format!("the value behind argument {} of `{callee_name}` must be uniform, because `{callee_name}` needs it for `{what}`", i + 1),
                "this value may be non-uniform",
            ),
            _ => (
                format!("`{callee_name}` must only be called from uniform control flow, because it calls `{what}`"),
                "control flow depends on this possibly non-uniform value",
            ),
        };
        let d = diagnostic(requirement.level, message, call);
        let d = explain(d, why, label);
        let d = d.with_secondary(requirement.site, format!("`{what}` requires uniformity"));
        let d = if callee_why.cond && callee_why.at != why.at {
            d.with_secondary(callee_why.at, format!("control flow in `{callee_name}` depends on this"))
        } else {
            d
        };
        let d = with_inner(d, requirement, callee_why.at);
        self.diags.push(rule_note(d, requirement.rule));
    }
}

fn diagnostic(level: Level, message: String, span: Span) -> Diagnostic {
    match level {
        Level::Warning => Diagnostic::warning(message, span),
        _ => Diagnostic::error(message, span),
    }
}

/// Adds the witness: the condition or value at `why.at` and, when different, the value it
/// comes from.
fn explain(d: Diagnostic, why: Why, label: &str) -> Diagnostic {
    let label = if why.cond { label } else { "this value may be non-uniform" };
    let d = d.with_secondary(why.at, label);
    if why.source != why.at && !why.source.is_empty() {
        d.with_secondary(why.source, why.reason)
    } else if !why.reason.is_empty() && why.reason != "parameter" {
        d.with_note(why.reason)
    } else {
        d
    }
}

/// Labels the condition deep in the call chain that the requirement came through.
fn with_inner(d: Diagnostic, requirement: &Requirement, shown: Span) -> Diagnostic {
    match requirement.inner {
        Some(inner) if inner != shown => d.with_secondary(inner, "control flow depends on this value"),
        _ => d,
    }
}

fn rule_note(d: Diagnostic, rule: Rule) -> Diagnostic {
    match rule {
        Rule::Barrier => d,
        Rule::Derivative => d.with_note("`diagnostic(off, derivative_uniformity)` turns this check off"),
        Rule::Subgroup => d.with_note("`diagnostic(off, subgroup_uniformity)` turns this check off"),
    }
}

/// The called function's name, read from the source at the call's span.
fn callee_name(sources: &SourceMap, span: Span, fallback: &str) -> String {
    let text = sources.slice(span).trim_start();
    // A WESL qualified path (`util::f`) is one name.
    let name: String = text.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
    if name.is_empty() {
        fallback.to_string()
    } else {
        name
    }
}

/// §15.2.5: built-in inputs that hold the same value in every invocation of a workgroup (or
/// draw) give `None`; the rest say why they may differ.
fn builtin_reason(b: BuiltIn) -> Option<&'static str> {
    use BuiltIn as B;
    Some(match b {
        B::WorkgroupId | B::NumWorkgroups | B::WorkgroupSize | B::SubgroupSize | B::NumSubgroups | B::ViewIndex | B::BaseVertex | B::BaseInstance | B::DrawIndex => {
            return None
        }
        B::LocalInvocationId => "`local_invocation_id` differs between invocations",
        B::LocalInvocationIndex => "`local_invocation_index` differs between invocations",
        B::GlobalInvocationId => "`global_invocation_id` differs between invocations",
        B::SubgroupInvocationId => "`subgroup_invocation_id` differs between invocations",
        B::SubgroupId => "`subgroup_id` differs between invocations",
        B::VertexIndex => "`vertex_index` differs between invocations",
        B::InstanceIndex => "`instance_index` differs between invocations",
        B::FragCoord | B::Position => "`position` differs between invocations",
        B::FrontFacing => "`front_facing` differs between invocations",
        B::SampleId => "`sample_index` differs between invocations",
        B::SampleMask => "`sample_mask` differs between invocations",
        B::PrimitiveId => "`primitive_index` differs between invocations",
        _ => "this built-in input may differ between invocations",
    })
}
