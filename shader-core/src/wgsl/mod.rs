//! The WGSL front end: current W3C WGSL plus the January 2021 draft syntax.

pub mod ast;
pub mod lexer;
pub mod parse_diagnostics;
pub mod parser;

use crate::diag::Diagnostics;
use crate::ir::Module;
use crate::span::FileId;

/// Parses a WGSL module. Never fails outright: returns what it could build and every error.
pub fn parse(source: &str, file: FileId) -> (ast::TranslationUnit, Diagnostics) {
    parser::parse(source, file)
}

/// Parses and lowers a WGSL module. On success also returns warnings.
pub fn translate(source: &str, file: FileId) -> Result<(Module, Diagnostics), Diagnostics> {
    let (_ast, diagnostics) = parse(source, file);
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    Err(crate::diag::Diagnostic::error("the WGSL front end is not written yet", Default::default()).into())
}
