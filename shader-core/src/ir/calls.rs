//! The call graph of a module: its cycles, and what each function uses through it. GLSL (4.60
//! §6.1.2) and WGSL (§10.2) both forbid recursion, static or not, and SPIR-V for Vulkan cannot
//! express it; the front ends report a cycle as a user error at a call site, the IR validator
//! as an internal error. [`uses`] is the one "functions and globals used" analysis: the
//! validator keeps it in `ModuleInfo` for the back end and reflection, and the WGSL front
//! end's whole-module checks run it on the IR before validation.

use super::{Block, Expression, Function, GlobalVariable, Handle, Module, Span, Statement};

/// What one function uses: the globals it names directly or through the functions it calls,
/// and the functions it calls directly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionUses {
    globals: Vec<Handle<GlobalVariable>>,
    calls: Vec<Handle<Function>>,
}

impl FunctionUses {
    /// Every global the function uses, directly or through calls; sorted, no duplicates.
    pub fn globals(&self) -> &[Handle<GlobalVariable>] {
        &self.globals
    }

    /// Functions called directly; sorted, no duplicates.
    pub fn calls(&self) -> &[Handle<Function>] {
        &self.calls
    }
}

/// [`FunctionUses`] of every function of `module`, indexed like `Module::functions`. Handles
/// that point nowhere are skipped (the validator reports them) and cycles end the walk, so
/// any module can be analysed; the walk over calls is iterative.
pub fn uses(module: &Module) -> Vec<FunctionUses> {
    through_calls(module.functions.iter().map(|(_, f)| direct_uses(module, f)).collect())
}

impl FunctionUses {
    /// What a function names itself: `globals` and the functions in `calls` (any order,
    /// repeats allowed), for [`through_calls`]. The validator gathers them on its own walk.
    pub(crate) fn direct(mut globals: Vec<Handle<GlobalVariable>>, mut calls: Vec<Handle<Function>>) -> FunctionUses {
        sort_dedup(&mut globals);
        sort_dedup(&mut calls);
        FunctionUses { globals, calls }
    }

    /// [`FunctionUses::direct`] from scratch vectors, emptied here (the validator gathers every
    /// function's into the same two): the result's vectors have the exact length.
    pub(crate) fn direct_from(globals: &mut Vec<Handle<GlobalVariable>>, calls: &mut Vec<Handle<Function>>) -> FunctionUses {
        sort_dedup(globals);
        sort_dedup(calls);
        FunctionUses { globals: globals.drain(..).collect(), calls: calls.drain(..).collect() }
    }
}

fn sort_dedup<T: Ord>(v: &mut Vec<T>) {
    v.sort_unstable();
    v.dedup();
}

/// [`uses`] from what each function names itself (`direct`, indexed like
/// `Module::functions`, calls to functions that do not exist left out): every function's
/// globals through the functions it reaches.
pub(crate) fn through_calls(mut direct: Vec<FunctionUses>) -> Vec<FunctionUses> {
    // `seen[i] == root` once function `i` was reached from `root`.
    let mut seen = vec![usize::MAX; direct.len()];
    let mut stack = Vec::new();
    // The globals reached from one root, swapped with the root's own (whose buffer is reused
    // for the next root). A function already done may be reached again with its reached set,
    // not its own: a superset of its own within what the later root reaches, so the union is
    // the same.
    let mut globals = Vec::new();
    for root in 0..direct.len() {
        // A function that calls none uses only its own globals.
        if direct[root].calls.is_empty() {
            continue;
        }
        globals.clear();
        seen[root] = root;
        stack.push(root);
        while let Some(i) = stack.pop() {
            globals.extend_from_slice(&direct[i].globals);
            for callee in &direct[i].calls {
                if std::mem::replace(&mut seen[callee.index()], root) != root {
                    stack.push(callee.index());
                }
            }
        }
        sort_dedup(&mut globals);
        std::mem::swap(&mut direct[root].globals, &mut globals);
    }
    direct
}

/// Whether the call graph of `direct` (as [`through_calls`] takes it) has a cycle: exactly
/// when [`cycles`] finds one, without a walk over the bodies.
pub(crate) fn has_cycle(direct: &[FunctionUses]) -> bool {
    let mut found = false;
    back_edges(direct.len(), |node, i| direct[node].calls.get(i).map(|c| c.index()), |_, _, _| {
        found = true;
        true
    });
    found
}

/// A depth-first search over a graph of `n` nodes whose `i`-th edge out of `node` leads to
/// `edge(node, i)` (`None` past the last; a target `>= n` is skipped). Calls
/// `back(stack, target, i)` for every back edge met, the `i`-th out of the node on top of
/// `stack` (the path from the search's root, each with its next edge), and stops when `back`
/// returns `true`. Iterative, so deep call chains cannot overflow the stack.
fn back_edges(
    n: usize,
    edge: impl Fn(usize, usize) -> Option<usize>,
    mut back: impl FnMut(&[(usize, usize)], usize, usize) -> bool,
) {
    // 0 unvisited, 1 on the stack, 2 done.
    let mut state = vec![0u8; n];
    let mut stack = Vec::new();
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        stack.push((root, 0usize));
        state[root] = 1;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            let i = *next;
            let Some(target) = edge(node, i) else {
                state[node] = 2;
                stack.pop();
                continue;
            };
            *next += 1;
            match state.get(target) {
                Some(0) => {
                    state[target] = 1;
                    stack.push((target, 0));
                }
                Some(1) if back(&stack, target, i) => return,
                _ => {}
            }
        }
    }
}

/// The globals `f` names itself (`GlobalVar` is the only expression that names one) and the
/// functions it calls.
fn direct_uses(module: &Module, f: &Function) -> FunctionUses {
    let mut globals = Vec::new();
    let mut calls = Vec::new();
    for (_, e) in f.expressions.iter() {
        match *e {
            Expression::GlobalVar(g) if module.globals.check(g) => globals.push(g),
            Expression::Call { function, .. } if module.functions.check(function) => calls.push(function),
            _ => {}
        }
    }
    statement_calls(&f.body, &mut |c| {
        if module.functions.check(c.callee) {
            calls.push(c.callee);
        }
    });
    FunctionUses::direct(globals, calls)
}

/// A call from one function to another, with the span of the call.
#[derive(Clone, Copy, Debug)]
pub struct Call {
    pub callee: Handle<Function>,
    pub span: Span,
}

/// Every call in `f`: call expressions and call statements, in body order where it matters
/// (expressions first, then statements; only the set is used).
pub fn calls_of(f: &Function) -> Vec<Call> {
    let mut calls: Vec<Call> = f
        .expressions
        .iter()
        .filter_map(|(h, e)| match e {
            Expression::Call { function, .. } => Some(Call { callee: *function, span: f.expressions.span(h) }),
            _ => None,
        })
        .collect();
    statement_calls(&f.body, &mut |c| calls.push(c));
    calls
}

/// Every call statement in `block`, nested blocks included, passed to `visit`.
fn statement_calls(block: &Block, visit: &mut dyn FnMut(Call)) {
    for (statement, span) in block.iter() {
        match statement {
            Statement::Call { function, .. } => visit(Call { callee: *function, span }),
            Statement::Block(b) => statement_calls(b, visit),
            Statement::If { accept, reject, .. } => {
                statement_calls(accept, visit);
                statement_calls(reject, visit);
            }
            Statement::Switch { cases, .. } => cases.iter().for_each(|c| statement_calls(&c.body, visit)),
            Statement::Loop { body, continuing, .. } => {
                statement_calls(body, visit);
                statement_calls(continuing, visit);
            }
            _ => {}
        }
    }
}

/// One cycle of the call graph: the functions in call order (the first is called again by the
/// last) and the span of the call that closes it.
#[derive(Clone, Debug)]
pub struct Cycle {
    pub functions: Vec<Handle<Function>>,
    pub closing_call: Span,
}

/// Every cycle that a depth-first search over `module`'s call graph meets as a back edge: each
/// recursive function is in at least one. Calls to functions that do not exist are skipped
/// (the validator reports them).
pub fn cycles(module: &Module) -> Vec<Cycle> {
    let graph: Vec<Vec<Call>> = module.functions.iter().map(|(_, f)| calls_of(f)).collect();
    cycles_in(&graph)
}

/// [`cycles`] of a call graph given as every function's [`calls_of`] (indexed like
/// `Module::functions`).
pub fn cycles_in(graph: &[Vec<Call>]) -> Vec<Cycle> {
    let mut found = Vec::new();
    back_edges(graph.len(), |node, i| graph[node].get(i).map(|c| c.callee.index()), |stack, target, i| {
        let start = stack.iter().position(|&(n, _)| n == target).unwrap_or(0);
        let functions = stack[start..].iter().map(|&(n, _)| Handle::from_index(n)).collect();
        let (node, _) = stack[stack.len() - 1];
        found.push(Cycle { functions, closing_call: graph[node][i].span });
        false
    });
    found
}

impl Module {
    /// `a -> b -> a` with the functions' names, for diagnostics about `cycle`.
    pub fn describe_cycle(&self, cycle: &Cycle) -> String {
        let name = |h: Handle<Function>| {
            self.functions.get(h).and_then(|f| f.name.clone()).unwrap_or_else(|| format!("[{}]", h.index()))
        };
        let mut names: Vec<String> = cycle.functions.iter().map(|&h| name(h)).collect();
        names.extend(cycle.functions.first().map(|&h| name(h)));
        names.join(" -> ")
    }
}
