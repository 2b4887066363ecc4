//! Whole-module rules of WGSL checked after lowering, where the call graph is known:
//! recursion (WGSL §11 "Functions"), entry points not being called, stage restrictions of
//! built-ins and statements (WGSL §13, §17.6 derivatives, §17.7.x implicit-LOD sampling),
//! unique override ids, and the vertex stage's position output.

use super::lower::Lowerer;
use crate::diag::Diagnostic;
use crate::ir::calls::Call;
use crate::ir::*;
use crate::span::Span;
use crate::hash::FxHashMap as HashMap;

/// What one function does that matters across calls, from one walk over it.
#[derive(Default)]
struct Facts {
    calls: Vec<Call>,
    /// The globals it names itself (`GlobalVar`), for [`crate::ir::calls::uses`].
    globals: Vec<Handle<GlobalVariable>>,
    /// Fragment-only operations (discard, derivatives, implicit-LOD sampling).
    fragment_only: Vec<(&'static str, Span)>,
    /// Compute-only operations (barriers, workgroupUniformLoad).
    compute_only: Vec<(&'static str, Span)>,
    /// It has an operation the uniformity analysis may require uniform control flow for (its
    /// `FnCx::require` sites: an execution barrier, a derivative, implicit-LOD sampling, a
    /// level-of-detail query, `workgroupUniformLoad` or a subgroup operation).
    uniformity_site: bool,
}

impl<'a> Lowerer<'a> {
    /// Returns the call graph the uniformity analysis walks (the module does not change
    /// between the two).
    pub(super) fn check_module(&mut self) -> super::uniformity::CallGraph {
        let mut facts: Vec<Facts> = self.module.functions.iter().map(|(_, f)| function_facts(&self.module, f)).collect();
        // Calls in body order (the order the uniformity analysis visits callees in).
        let callees: Vec<Vec<Handle<Function>>> = facts
            .iter()
            .map(|f| f.calls.iter().map(|c| c.callee).filter(|&c| self.module.functions.check(c)).collect())
            .collect();
        let uses = crate::ir::calls::through_calls(
            facts.iter_mut().zip(&callees).map(|(f, calls)| crate::ir::calls::FunctionUses::direct(std::mem::take(&mut f.globals), calls.clone())).collect(),
        );
        let graph: Vec<Vec<Call>> = facts.iter_mut().map(|f| std::mem::take(&mut f.calls)).collect();
        self.check_recursion(&graph);
        // An entry point's function may not be called from any function, one no entry point
        // reaches too (WGSL §11: naga and Tint refuse it wherever the call is); its wrapper,
        // which calls it, is ours.
        let entry_functions: HashMap<Handle<Function>, &str> = self
            .entry_user_functions
            .iter()
            .zip(&self.module.entry_points)
            .map(|(&(user, _), e)| (user, e.name.as_str()))
            .chain(self.module.entry_points.iter().map(|e| (e.function, e.name.as_str())))
            .collect();
        let wrappers: Vec<Handle<Function>> = self.entry_user_functions.iter().filter(|(u, f)| u != f).map(|&(_, f)| f).collect();
        for (caller, calls) in graph.iter().enumerate() {
            if wrappers.iter().any(|w| w.index() == caller) {
                continue;
            }
            for call in calls {
                if let Some(name) = entry_functions.get(&call.callee) {
                    self.diags.push(Diagnostic::error(format!("entry point `{name}` cannot be called"), call.span));
                }
            }
        }
        // Out of the module while its checks (which read other parts of it) run.
        let entry_points = std::mem::take(&mut self.module.entry_points);
        for ep in &entry_points {
            let used = uses.get(ep.function.index()).map_or(&[][..], |u| u.globals());
            self.check_binding_conflicts(ep, used);
            self.check_location_overlaps(used);
            self.check_io_stages(ep, used);
            if ep.stage != Stage::Compute {
                let mut seen = vec![false; facts.len()];
                let mut stack = vec![ep.function];
                while let Some(f) = stack.pop() {
                    if std::mem::replace(&mut seen[f.index()], true) {
                        continue;
                    }
                    for (what, span) in &facts[f.index()].compute_only {
                        let stage = if ep.stage == Stage::Vertex { "vertex" } else { "fragment" };
                        self.diags.push(Diagnostic::error(
                            format!("{what} is only allowed in compute shaders, but `{}` is a {stage} entry point", ep.name),
                            *span,
                        ));
                    }
                    stack.extend(graph[f.index()].iter().map(|c| c.callee));
                }
            }
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
                    stack.extend(graph[f.index()].iter().map(|c| c.callee));
                }
            }
            if ep.stage == Stage::Vertex && !self.writes_position(used) {
                let span = self.module.functions.span(ep.function);
                self.diags.push(Diagnostic::error(
                    format!("vertex entry point `{}` must write `@builtin(position)`", ep.name),
                    span,
                ));
            }
        }
        self.module.entry_points = entry_points;
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
        super::uniformity::CallGraph {
            callees,
            sites: facts.iter().map(|f| f.uniformity_site).collect(),
        }
    }

    /// WGSL §13.3.2: two resources an entry point uses must not share a group and binding.
    /// Draft-syntax `var<in>`/`var<out>` built-ins get their stage only from the entry points
    /// that use them (WGSL §13.3.1).
    fn check_io_stages(&mut self, ep: &EntryPoint, used: &[Handle<GlobalVariable>]) {
        for &g in used {
            let global = &self.module.globals[g];
            let (Some(IoBinding::BuiltIn(b)), output) = (global.io, global.space == AddressSpace::Output) else { continue };
            let (_, ins, outs) = super::stmt::builtin_rules(b);
            if !(if output { outs } else { ins }).contains(&ep.stage) {
                let dir = if output { "an output" } else { "an input" };
                let stage = format!("{:?}", ep.stage).to_lowercase();
                let name = global.name.clone().unwrap_or_default();
                let span = self.module.globals.span(g);
                self.diags.push(Diagnostic::error(
                    format!("`{name}` is {dir} built-in that the {stage} entry point `{}` cannot use", ep.name),
                    span,
                ));
            }
        }
    }

    fn check_binding_conflicts(&mut self, ep: &EntryPoint, used: &[Handle<GlobalVariable>]) {
        for (first, g, binding) in crate::ir::interface::binding_conflicts(&self.module, used) {
            let name = |lw: &Self, h: Handle<GlobalVariable>| lw.module.globals[h].name.clone().unwrap_or_default();
            let message = format!(
                "`{}` and `{}` both use @group({}) @binding({}) in entry point `{}`",
                name(self, first),
                name(self, g),
                binding.group,
                binding.binding,
                ep.name
            );
            let (span, first_span) = (self.module.globals.span(g), self.module.globals.span(first));
            self.diags.push(Diagnostic::error(message, span).with_secondary(first_span, "first bound here"));
        }
    }

    fn writes_position(&self, used: &[Handle<GlobalVariable>]) -> bool {
        used.iter().any(|&g| {
            let g = &self.module.globals[g];
            g.space == AddressSpace::Output && g.io == Some(IoBinding::BuiltIn(BuiltIn::Position))
        })
    }

    /// WGSL §13.3.1.4: each location of an entry point's inputs (and of its outputs) is used
    /// once (dual-source blending aside); SPIR-V for Vulkan cannot express overlaps.
    fn check_location_overlaps(&mut self, interface: &[Handle<GlobalVariable>]) {
        for o in crate::ir::interface::location_overlaps(&self.module, interface) {
            let (first, second) = (self.module.globals.span(o.first), self.module.globals.span(o.second));
            let direction = if self.module.globals[o.second].space == AddressSpace::Output { "outputs" } else { "inputs" };
            let message = format!("two entry point {direction} use @location({})", o.location);
            self.diags.push(Diagnostic::error(message, second).with_secondary(first, "first used here"));
        }
    }

    fn check_recursion(&mut self, graph: &[Vec<Call>]) {
        // Each cycle once, at the call closing it. Direct recursion (`f` calling `f`) was
        // reported while lowering the call.
        for cycle in crate::ir::calls::cycles_in(graph) {
            if cycle.functions.len() > 1 {
                let message = format!("recursion is not allowed in WGSL: {}", self.module.describe_cycle(&cycle));
                self.diags.push(Diagnostic::error(message, cycle.closing_call));
            }
        }
    }

}

fn function_facts(module: &Module, f: &Function) -> Facts {
    let mut facts = Facts::default();
    for (h, e) in f.expressions.iter() {
        match e {
            Expression::GlobalVar(g) => {
                if module.globals.check(*g) {
                    facts.globals.push(*g);
                }
            }
            Expression::Call { function, .. } => facts.calls.push(Call { callee: *function, span: f.expressions.span(h) }),
            Expression::WorkgroupUniformLoad { .. } => {
                facts.compute_only.push(("`workgroupUniformLoad`", f.expressions.span(h)));
                facts.uniformity_site = true;
            }
            Expression::Derivative { .. } => {
                facts.fragment_only.push(("a derivative", f.expressions.span(h)));
                facts.uniformity_site = true;
            }
            Expression::ImageSample { level: SampleLevel::Auto | SampleLevel::Bias(_), gather: None, .. } => {
                facts.fragment_only.push(("sampling with an implicit level of detail", f.expressions.span(h)));
                facts.uniformity_site = true;
            }
            Expression::ImageQuery { query: ImageQuery::Lod { .. }, .. } | Expression::Subgroup { .. } => facts.uniformity_site = true,
            _ => {}
        }
    }
    statement_facts(&f.body, &mut facts);
    facts
}

/// Statements' facts; call statements come after the call expressions, as in
/// [`crate::ir::calls::calls_of`].
fn statement_facts(block: &Block, facts: &mut Facts) {
    for (s, span) in block.iter() {
        match s {
            Statement::Kill => facts.fragment_only.push(("`discard`", span)),
            Statement::Barrier(barrier) => {
                facts.compute_only.push(("a barrier", span));
                facts.uniformity_site |= barrier.execution.is_some();
            }
            Statement::Call { function, .. } => facts.calls.push(Call { callee: *function, span }),
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
