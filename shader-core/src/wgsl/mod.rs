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
use crate::span::{FileId, SourceMap};

/// Parses a WGSL module. Never fails outright: returns what it could build and every error.
pub fn parse(source: &str, file: FileId) -> (ast::TranslationUnit, Diagnostics) {
    parser::parse(source, file)
}

/// Parses and lowers a WGSL module. On success also returns warnings.
pub fn translate(source: &str, file: FileId) -> Result<(Module, Diagnostics), Diagnostics> {
    let mut sources = SourceMap::new();
    let file = {
        // Keep `file`'s number: fill the map up to it.
        while sources.files().len() < file.0 as usize {
            sources.add("", "");
        }
        sources.add("", source);
        file
    };
    translate_modules(&mut sources, file, &crate::wesl::Options::default(), &mut |p| std::fs::read_to_string(p))
}

/// Parses and lowers the WGSL/WESL module `main` of `sources`; the modules it imports are read
/// with `loader` and added to `sources`. A module without imports or qualified paths is
/// translated as plain WGSL, with no linking pass.
pub fn translate_modules(
    sources: &mut SourceMap,
    main: FileId,
    options: &crate::wesl::Options,
    loader: &mut crate::wesl::link::Loader<'_>,
) -> Result<(Module, Diagnostics), Diagnostics> {
    let (ast, mut diagnostics) = parser::parse_with_features(&sources.get(main).text, main, &options.features);
    let (ast, chain) = if ast.imports.is_empty() && !ast.qualified_names {
        (ast, None)
    } else {
        let (ast, linked, chain) = crate::wesl::link::link(sources, main, ast, options, loader);
        diagnostics.extend(linked);
        (ast, Some(chain))
    };
    let annotate = |d: Diagnostics, sources: &SourceMap| match &chain {
        Some(chain) => crate::wesl::link::annotate(d, chain, sources),
        None => d,
    };
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    let (module, lowered, graph) = lower::lower(&ast);
    diagnostics.extend(annotate(lowered, sources));
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    // Uniformity (WGSL §15.2) needs resolved calls and types, so it runs on the IR.
    diagnostics.extend(annotate(uniformity::check(&module, &graph, &ast, sources), sources));
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    // Last, once every check has seen the program as written: pointer parameters outside the
    // function space become specialised functions (`unrestricted_pointer_parameters`).
    let mut module = module;
    crate::ir::pointer_params::specialize(&mut module);
    Ok((module, diagnostics))
}
