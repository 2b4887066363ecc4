//! Whole-module rules of WGSL checked after lowering, where the call graph is known:
//! recursion (WGSL §11 "Functions"), entry points not being called, stage restrictions of
//! built-ins and statements (WGSL §13, §17.6 derivatives, §17.7.x implicit-LOD sampling),
//! unique override ids, and the vertex stage's position output.

use super::lower::Lowerer;
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::span::Span;
use crate::hash::FxHashMap as HashMap;

/// What one function does that matters across calls.
#[derive(Default)]
struct Facts {
    calls: Vec<(Handle<Function>, Span)>,
    /// Fragment-only operations (discard, derivatives, implicit-LOD sampling).
    fragment_only: Vec<(&'static str, Span)>,
}

impl<'a> Lowerer<'a> {
    pub(super) fn check_module(&mut self) {
        let facts: Vec<Facts> = self.module.functions.iter().map(|(_, f)| function_facts(f)).collect();
        self.check_recursion(&facts);
        let entry_functions: HashMap<Handle<Function>, String> =
            self.module.entry_points.iter().map(|e| (e.function, e.name.clone())).collect();
        for (fi, f) in facts.iter().enumerate() {
            for (callee, span) in &f.calls {
                if let Some(name) = entry_functions.get(callee) {
                    self.diags.push(Diagnostic::error(format!("entry point `{name}` cannot be called"), *span));
                }
                let _ = fi;
            }
        }
        for ep in self.module.entry_points.clone() {
            if ep.stage != Stage::Fragment {
                let mut seen = vec![false; facts.len()];
                let mut stack = vec![ep.function];
                while let Some(f) = stack.pop() {
                    if std::mem::replace(&mut seen[f.index()], true) {
                        continue;
                    }
                    for (what, span) in &facts[f.index()].fragment_only {
                        let stage = if ep.stage == Stage::Vertex { "vertex" } else { "compute" };
                        self.diags.push(Diagnostic::error(
                            format!("{what} is only allowed in fragment shaders, but `{}` is a {stage} entry point", ep.name),
                            *span,
                        ));
                    }
                    stack.extend(facts[f.index()].calls.iter().map(|(c, _)| *c));
                }
            }
            if ep.stage == Stage::Vertex && !self.writes_position(ep.function) {
                let span = self.module.functions.span(ep.function);
                self.diags.push(Diagnostic::error(
                    format!("vertex entry point `{}` must write `@builtin(position)`", ep.name),
                    span,
                ));
            }
        }
        let mut ids: HashMap<u32, Span> = HashMap::default();
        for (h, o) in self.module.overrides.iter() {
            if let Some(id) = o.id {
                let span = self.module.overrides.span(h);
                if let Some(prev) = ids.insert(id, span) {
                    self.diags.push(
                        Diagnostic::error(format!("override id {id} is used twice"), span).with_secondary(prev, "first used here"),
                    );
                }
            }
        }
    }

    fn writes_position(&self, function: Handle<Function>) -> bool {
        let f = &self.module.functions[function];
        let is_position = |g: Handle<GlobalVariable>| {
            let g = &self.module.globals[g];
            g.space == AddressSpace::Output && g.io == Some(IoBinding::BuiltIn(BuiltIn::Position))
        };
        // Entry wrappers store into the Position output; draft-syntax entry points write a
        // module-scope `var<out>` (possibly in a callee), so any Position output counts there.
        f.expressions.iter().any(|(_, e)| matches!(e, Expression::GlobalVar(g) if is_position(*g)))
            || self.module.globals.iter().any(|(h, _)| is_position(h))
    }

    fn check_recursion(&mut self, facts: &[Facts]) {
        // Depth-first search for a cycle; report each cycle once, at the call closing it.
        #[derive(Clone, Copy, PartialEq)]
        enum Mark {
            New,
            Active,
            Done,
        }
        let mut marks = vec![Mark::New; facts.len()];
        let mut path: Vec<usize> = Vec::new();
        fn visit(lw: &mut Lowerer<'_>, facts: &[Facts], marks: &mut [Mark], path: &mut Vec<usize>, f: usize) {
            marks[f] = Mark::Active;
            path.push(f);
            for (callee, span) in &facts[f].calls {
                let c = callee.index();
                if c >= marks.len() || c == f {
                    continue; // direct recursion is reported while lowering
                }
                match marks[c] {
                    Mark::Active => {
                        let start = path.iter().position(|&p| p == c).unwrap_or(0);
                        let names: Vec<String> = path[start..]
                            .iter()
                            .chain(std::iter::once(&c))
                            .map(|&i| lw.module.functions[Handle::from_index(i)].name.clone().unwrap_or_default())
                            .collect();
                        lw.diags.push(Diagnostic::error(
                            format!("recursion is not allowed in WGSL: {}", names.join(" -> ")),
                            *span,
                        ));
                    }
                    Mark::New => visit(lw, facts, marks, path, c),
                    Mark::Done => {}
                }
            }
            path.pop();
            marks[f] = Mark::Done;
        }
        for f in 0..facts.len() {
            if marks[f] == Mark::New {
                visit(self, facts, &mut marks, &mut path, f);
            }
        }
    }
}

fn function_facts(f: &Function) -> Facts {
    let mut facts = Facts::default();
    for (h, e) in f.expressions.iter() {
        let span = f.expressions.span(h);
        match e {
            Expression::Call { function, .. } => facts.calls.push((*function, span)),
            Expression::Derivative { .. } => facts.fragment_only.push(("a derivative", span)),
            Expression::ImageSample { level: SampleLevel::Auto | SampleLevel::Bias(_), gather: None, .. } => {
                facts.fragment_only.push(("sampling with an implicit level of detail", span))
            }
            _ => {}
        }
    }
    statement_facts(&f.body, &mut facts);
    facts
}

fn statement_facts(block: &Block, facts: &mut Facts) {
    for (s, span) in block.iter() {
        match s {
            Statement::Call { function, .. } => facts.calls.push((*function, span)),
            Statement::Kill => facts.fragment_only.push(("`discard`", span)),
            Statement::Block(b) => statement_facts(b, facts),
            Statement::If { accept, reject, .. } => {
                statement_facts(accept, facts);
                statement_facts(reject, facts);
            }
            Statement::Switch { cases, .. } => cases.iter().for_each(|c| statement_facts(&c.body, facts)),
            Statement::Loop { body, continuing, .. } => {
                statement_facts(body, facts);
                statement_facts(continuing, facts);
            }
            _ => {}
        }
    }
}
