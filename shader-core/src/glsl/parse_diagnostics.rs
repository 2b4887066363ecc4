//! Every message the GLSL parser reports, built by small constructors so the wording stays
//! consistent and reviewable in one place.

use crate::diag::Diagnostic;
use crate::span::Span;

/// How a token is named in a message: its text in quotes, or "end of file".
pub fn describe(text: &str) -> String {
    if text.is_empty() {
        "end of file".to_string()
    } else {
        format!("'{text}'")
    }
}

/// `expected <what>, found '<tok>'` on the span of the offending token.
pub fn expected(what: &str, found: &str, span: Span) -> Diagnostic {
    Diagnostic::error(format!("expected {what}, found {}", describe(found)), span)
}

pub fn expected_after(what: &str, after: &str, found: &str, span: Span) -> Diagnostic {
    Diagnostic::error(format!("expected {what} after {after}, found {}", describe(found)), span)
}

pub fn unclosed(open: &str, close: &str, found: &str, span: Span, open_span: Span) -> Diagnostic {
    Diagnostic::error(format!("expected '{close}', found {}", describe(found)), span)
        .with_secondary(open_span, format!("to match this '{open}'"))
}

pub fn nesting_too_deep(limit: usize, span: Span) -> Diagnostic {
    Diagnostic::error(format!("nesting is too deep (more than {limit} levels)"), span)
        .with_label_message("the parser stops descending here")
}

pub fn malformed_literal(what: &str, span: Span) -> Diagnostic {
    Diagnostic::error(format!("malformed numeric literal: {what}"), span)
}

pub fn literal_out_of_range(bits: u32, span: Span) -> Diagnostic {
    Diagnostic::error(format!("integer literal does not fit in {bits} bits"), span)
        .with_note("GLSL 4.60 §4.1.3: a literal without a suffix or with `u` is 32 bits, `s`/`us` 16, `l`/`ul` 64")
}

pub fn expected_type(found: &str, span: Span) -> Diagnostic {
    expected("a type", found, span)
}

pub fn precision_needs_precision_qualifier(found: &str, span: Span) -> Diagnostic {
    expected_after("'lowp', 'mediump' or 'highp'", "'precision'", found, span)
        .with_note("GLSL 4.60 §4.7.4: `precision highp float;`")
}

pub fn block_needs_storage(span: Span) -> Diagnostic {
    Diagnostic::error("an interface block needs a storage qualifier", span)
        .with_note("GLSL 4.60 §4.3.9: `uniform`, `buffer`, `in` or `out` comes before the block name")
}

pub fn function_definition_not_allowed_here(span: Span) -> Diagnostic {
    Diagnostic::error("a function cannot be defined inside another function", span)
}

pub fn case_outside_switch(what: &str, span: Span) -> Diagnostic {
    Diagnostic::error(format!("'{what}' label outside a switch statement"), span)
}

pub fn empty_declaration(span: Span) -> Diagnostic {
    Diagnostic::error("declaration declares nothing", span)
}

/// `[[...]]` before a statement other than `if`, `switch` or a loop (GL_EXT_control_flow_attributes'
/// grammar; glslang: a syntax error).
pub fn attributes_not_allowed_here(span: Span) -> Diagnostic {
    Diagnostic::error("attributes (`[[...]]`) may only precede a function, `if`, `switch`, `for`, `while` and `do`", span)
}

/// A second `[[...]]` list in one place (glslang's grammar takes one).
pub fn second_attribute_list(span: Span, first: Span) -> Diagnostic {
    Diagnostic::error("only one attribute list (`[[...]]`) may be written here; list them in one: `[[a, b]]`", span)
        .with_secondary(first, "the first list")
}

pub fn replicated_qualifier(word: &str, span: Span, first: Span) -> Diagnostic {
    Diagnostic::error(format!("qualifier '{word}' is given twice"), span)
        .with_secondary(first, "first given here")
        .with_note("GLSL 4.60 §4.7: a qualifier may appear only once in a declaration")
}

pub fn conflicting_qualifiers(what: &str, first_word: &str, word: &str, span: Span, first: Span) -> Diagnostic {
    Diagnostic::error(format!("only one {what} qualifier is allowed: '{word}' after '{first_word}'"), span)
        .with_secondary(first, "first given here")
        .with_note(if what == "coherence" {
            "GL_KHR_memory_scope_semantics: at most one of `coherent`, `devicecoherent`, `queuefamilycoherent`, `workgroupcoherent`, `subgroupcoherent` and `shadercallcoherent`"
        } else {
            "GLSL 4.60 §4.7: at most one storage (`in out` and `const in` combine), interpolation, auxiliary and precision qualifier"
        })
}

/// A layout qualifier given a value it does not take (`std430 = 1`), or missing the one it
/// needs (`binding`).
pub fn layout_value(name: &str, missing: bool, span: Span) -> Diagnostic {
    let message = if missing {
        format!("layout qualifier `{name}` needs a value (`{name} = N`)")
    } else {
        format!("layout qualifier `{name}` takes no value")
    };
    Diagnostic::error(message, span).with_note("GLSL 4.60 §4.4: only some layout qualifiers are assigned a value")
}
