//! The IR validator: checks the invariants documented in [`crate::ir`] so back ends can index
//! without fear, and computes the facts back ends need ([`ModuleInfo`]).

use crate::diag::Diagnostics;
use crate::ir::*;

/// What validation learned about a module.
#[derive(Clone, Debug, Default)]
pub struct ModuleInfo {
    /// Indexed like `Module::functions`.
    pub functions: Vec<FunctionInfo>,
}

#[derive(Clone, Debug, Default)]
pub struct FunctionInfo {
    /// Every global the function uses, directly or through calls; sorted, no duplicates.
    pub globals: Vec<Handle<GlobalVariable>>,
    /// Functions called directly; sorted, no duplicates.
    pub calls: Vec<Handle<Function>>,
}

impl ModuleInfo {
    pub fn function(&self, handle: Handle<Function>) -> &FunctionInfo {
        &self.functions[handle.index()]
    }
}

/// Checks `module` and returns what back ends need, or every problem found.
pub fn validate(module: &Module) -> Result<ModuleInfo, Diagnostics> {
    let mut functions: Vec<FunctionInfo> = module
        .functions
        .iter()
        .map(|(_, f)| {
            let mut info = FunctionInfo::default();
            for (_, expr) in f.expressions.iter() {
                match *expr {
                    Expression::GlobalVar(g) => info.globals.push(g),
                    Expression::Call { function, .. } => info.calls.push(function),
                    _ => {}
                }
            }
            collect_statement_calls(&f.body, &mut info.calls);
            info.globals.sort();
            info.globals.dedup();
            info.calls.sort();
            info.calls.dedup();
            info
        })
        .collect();
    // Close over calls; the call graph is acyclic in valid modules, bounded iteration otherwise.
    for _ in 0..functions.len() {
        let mut changed = false;
        for i in 0..functions.len() {
            let mut globals = functions[i].globals.clone();
            for callee in functions[i].calls.clone() {
                globals.extend_from_slice(&functions[callee.index()].globals);
            }
            globals.sort();
            globals.dedup();
            if globals.len() != functions[i].globals.len() {
                functions[i].globals = globals;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Ok(ModuleInfo { functions })
}

fn collect_statement_calls(block: &Block, calls: &mut Vec<Handle<Function>>) {
    for statement in &block.body {
        match statement {
            Statement::Call { function, .. } => calls.push(*function),
            Statement::Block(b) => collect_statement_calls(b, calls),
            Statement::If { accept, reject, .. } => {
                collect_statement_calls(accept, calls);
                collect_statement_calls(reject, calls);
            }
            Statement::Switch { cases, .. } => {
                for case in cases {
                    collect_statement_calls(&case.body, calls);
                }
            }
            Statement::Loop { body, continuing, .. } => {
                collect_statement_calls(body, calls);
                collect_statement_calls(continuing, calls);
            }
            _ => {}
        }
    }
}
