//! The IR as text: [`print`] writes a [`Module`] in a stable, readable form and [`parse`] reads
//! that form back (`print(&parse(&print(m))?) == print(m)`). `shader compile --emit ir` shows
//! it, and the validator and back-end tests keep modules as `.ir` files
//! (`shader-core/test_data/ir/`, run by `tests/ir_suite.rs`).
//!
//! The form is RON (as naga keeps its IR snapshots), derived from the IR's own types, so it
//! follows the IR without a second description to keep in step: a handle is the index of its
//! item in its arena (each arena item is preceded by a `/*[index]*/` comment), a function's
//! expressions are `(type, expression)` pairs, a block is its list of statements. Spans are not
//! written: parsed items have the default span, so diagnostics about parsed modules have no
//! source location.

use super::Module;
use crate::diag::Diagnostic;
use crate::span::{FileId, Span};

/// Nesting levels written one item per line; deeper values (a type's fields, an expression's
/// operands) stay on one line, so each arena item reads as one or a few lines.
const DEPTH: usize = 4;

/// The text form of `module`, ending with a newline.
pub fn print(module: &Module) -> String {
    let config = ron::ser::PrettyConfig::new()
        .new_line("\n")
        .indentor("  ")
        .enumerate_arrays(true)
        .compact_structs(false)
        .separate_tuple_members(false)
        .depth_limit(DEPTH);
    let mut text = String::from("// shader IR (shader_core::ir::text)\n");
    // Serializing plain data into a String cannot fail.
    text.push_str(&ron::ser::to_string_pretty(module, config).unwrap_or_else(|e| format!("// cannot print: {e}")));
    text.push('\n');
    text
}

/// Reads the text form back. A malformed text (bad syntax, an unknown variant or field, a
/// handle of `u32::MAX`) is an error located in `text` (file [`FileId`]`(0)`): render it with
/// `SourceMap::single(name, text)` for `name:line:col`, the line and a caret. Parsing never
/// checks that handles point at items; that is the validator's job.
pub fn parse(text: &str) -> Result<Module, Diagnostic> {
    ron::from_str(text).map_err(|e| {
        let (start, end) = (offset(text, e.span.start), offset(text, e.span.end));
        let span = Span::new(FileId(0), start, end.max(start));
        Diagnostic::error(format!("malformed IR text: {}", e.code), span)
    })
}

/// The byte offset of a RON position (1-based line, 1-based column in characters), clamped to
/// the text.
fn offset(text: &str, position: ron::error::Position) -> u32 {
    let line_start: usize = text.split_inclusive('\n').take(position.line.saturating_sub(1)).map(str::len).sum();
    let line = &text[line_start..];
    let in_line = line.char_indices().nth(position.col.saturating_sub(1)).map_or(line.len(), |(i, _)| i);
    (line_start + in_line) as u32
}

/// `&'static str` names in the IR (raw SPIR-V extension names of built-ins) come from tables in
/// the front end; a parsed one is leaked (a few bytes, once per parsed name).
pub(super) fn static_name<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<&'static str>, D::Error> {
    let name = <Option<String> as serde::Deserialize>::deserialize(deserializer)?;
    Ok(name.map(|n| &*Box::leak(n.into_boxed_str())))
}
