//! The call graph of a module and its cycles. GLSL (4.60 §6.1.2) and WGSL (§10.2) both forbid
//! recursion, static or not, and SPIR-V for Vulkan cannot express it; the front ends report a
//! cycle as a user error at a call site, the IR validator as an internal error.

use super::{Block, Expression, Function, Handle, Module, Span, Statement};

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
    statement_calls(&f.body, &mut calls);
    calls
}

fn statement_calls(block: &Block, out: &mut Vec<Call>) {
    for (statement, span) in block.iter() {
        match statement {
            Statement::Call { function, .. } => out.push(Call { callee: *function, span }),
            Statement::Block(b) => statement_calls(b, out),
            Statement::If { accept, reject, .. } => {
                statement_calls(accept, out);
                statement_calls(reject, out);
            }
            Statement::Switch { cases, .. } => cases.iter().for_each(|c| statement_calls(&c.body, out)),
            Statement::Loop { body, continuing, .. } => {
                statement_calls(body, out);
                statement_calls(continuing, out);
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
/// (the validator reports them). Iterative, so deep call chains cannot overflow the stack.
pub fn cycles(module: &Module) -> Vec<Cycle> {
    let graph: Vec<Vec<Call>> = module.functions.iter().map(|(_, f)| calls_of(f)).collect();
    // 0 unvisited, 1 on the stack, 2 done.
    let mut state = vec![0u8; graph.len()];
    let mut found = Vec::new();
    for root in 0..graph.len() {
        if state[root] != 0 {
            continue;
        }
        let mut stack = vec![(root, 0usize)];
        state[root] = 1;
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            let Some(&call) = graph[node].get(*next) else {
                state[node] = 2;
                stack.pop();
                continue;
            };
            *next += 1;
            let callee = call.callee.index();
            match state.get(callee) {
                Some(0) => {
                    state[callee] = 1;
                    stack.push((callee, 0));
                }
                Some(1) => {
                    let start = stack.iter().position(|&(n, _)| n == callee).unwrap_or(0);
                    let functions = stack[start..].iter().map(|&(n, _)| Handle::from_index(n)).collect();
                    found.push(Cycle { functions, closing_call: call.span });
                }
                _ => {}
            }
        }
    }
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
