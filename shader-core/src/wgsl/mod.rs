//! The WGSL front end: current W3C WGSL plus the January 2021 draft syntax.

pub mod ast;
mod builtins;
mod checks;
pub mod consteval;
mod expr;
pub mod lexer;
mod lower;
pub mod parse_diagnostics;
pub mod parser;
mod stmt;
mod texture;
mod uniformity;

use crate::diag::Diagnostics;
use crate::ir::Module;
use crate::span::FileId;

/// Parses a WGSL module. Never fails outright: returns what it could build and every error.
pub fn parse(source: &str, file: FileId) -> (ast::TranslationUnit, Diagnostics) {
    parser::parse(source, file)
}

/// Parses and lowers a WGSL module. On success also returns warnings.
pub fn translate(source: &str, file: FileId) -> Result<(Module, Diagnostics), Diagnostics> {
    let (ast, mut diagnostics) = parse(source, file);
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    let (module, lowered) = lower::lower(&ast);
    diagnostics.extend(lowered);
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    // Uniformity (WGSL §15.2) needs resolved calls and types, so it runs on the IR.
    diagnostics.extend(uniformity::check(&module, &ast, source));
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    // Last, once every check has seen the program as written: pointer parameters outside the
    // function space become specialised functions (`unrestricted_pointer_parameters`).
    let mut module = module;
    crate::ir::pointer_params::specialize(&mut module);
    Ok((module, diagnostics))
}
