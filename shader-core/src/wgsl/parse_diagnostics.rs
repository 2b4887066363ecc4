//! Every message the WGSL lexer and parser report, built by small constructors so the wording
//! stays consistent and reviewable in one place.

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

// ---- lexer ----

pub fn unexpected_character(c: char, span: Span) -> Diagnostic {
    Diagnostic::error(format!("unexpected character {c:?} (U+{:04X})", c as u32), span)
}

pub fn unterminated_block_comment(span: Span) -> Diagnostic {
    Diagnostic::error("unterminated block comment", span).with_label_message("this comment is never closed with '*/'")
}

pub fn malformed_literal(what: &str, span: Span) -> Diagnostic {
    Diagnostic::error(format!("malformed numeric literal: {what}"), span)
}

pub fn literal_out_of_range(ty: &str, span: Span) -> Diagnostic {
    Diagnostic::error(format!("numeric literal does not fit in {ty}"), span)
}

pub fn leading_zero(span: Span) -> Diagnostic {
    Diagnostic::error("integer literals cannot have leading zeros", span)
        .with_note("WGSL §3.6 (Literals): a decimal integer is `0` or starts with 1-9")
}

// ---- parser ----

pub fn repeated_attribute(name: &str, span: Span, first: Span) -> Diagnostic {
    Diagnostic::error(format!("attribute `@{name}` is given more than once"), span)
        .with_secondary(first, "first given here")
        .with_note("WGSL §12 (Attributes): an attribute must not be specified more than once per object or type")
}

pub fn attribute_arity(name: &str, want: std::ops::RangeInclusive<usize>, found: usize, span: Span) -> Diagnostic {
    let count = |n: usize| if n == 1 { "1 argument".to_string() } else { format!("{n} arguments") };
    let want = match (*want.start(), *want.end()) {
        (a, b) if a == b => count(a),
        (a, b) => format!("{a} to {}", count(b)),
    };
    Diagnostic::error(format!("attribute `@{name}` takes {want}, found {found}"), span).with_note("WGSL §12 (Attributes) gives each attribute's arguments")
}

pub fn repeated_diagnostic_rule(rule: &str, span: Span, first: Span) -> Diagnostic {
    Diagnostic::error(format!("a second `@diagnostic` for the rule `{rule}` on the same object"), span)
        .with_secondary(first, "first filtered here")
        .with_note("WGSL §2.3 (diagnostic filtering): the diagnostic attributes of one object must not filter the same rule twice")
}

pub fn conflicting_diagnostic_directive(rule: &str, span: Span, first: Span) -> Diagnostic {
    Diagnostic::error(format!("conflicting `diagnostic` directives for the rule `{rule}`"), span)
        .with_secondary(first, "the rule is given another severity here")
        .with_note("WGSL §2.3 (diagnostic filtering): two diagnostic directives for the same rule must give the same severity")
}

pub fn second_stage_attribute(name: &str, span: Span, first: Span) -> Diagnostic {
    Diagnostic::error(format!("`@{name}` is a second shader-stage attribute"), span)
        .with_secondary(first, "the function's stage is already given here")
        .with_note("WGSL §9.1 (entry point declaration): an entry point has exactly one shader stage attribute (`@vertex`, `@fragment` or `@compute`)")
}

pub fn unknown_severity(name: &str, span: Span) -> Diagnostic {
    Diagnostic::error(format!("unknown diagnostic severity `{name}`"), span)
        .with_note("WGSL §2.3 (Diagnostics): the severity is `error`, `warning`, `info` or `off`")
}

pub fn attribute_on_statement(name: &str, span: Span) -> Diagnostic {
    Diagnostic::error(format!("`@{name}` is not allowed on a statement"), span)
        .with_note("WGSL §12 (Attributes): `@diagnostic` is the only attribute that applies to a statement")
}

pub fn attributes_before_statement(span: Span) -> Diagnostic {
    Diagnostic::error("attributes are not allowed before this statement", span).with_note(
        "WGSL §9 (Statements): only a compound, `if`, `switch`, `loop`, `for` or `while` statement may have attributes",
    )
}

/// `expected <what>, found '<tok>'` on the span of the offending token.
pub fn expected(what: &str, found: &str, span: Span) -> Diagnostic {
    Diagnostic::error(format!("expected {what}, found {}", describe(found)), span)
}

pub fn expected_after(what: &str, after: &str, found: &str, span: Span) -> Diagnostic {
    Diagnostic::error(format!("expected {what} after {after}, found {}", describe(found)), span)
}

pub fn reserved_word(word: &str, span: Span) -> Diagnostic {
    Diagnostic::error(format!("'{word}' is a reserved word and cannot be used as an identifier"), span)
}

pub fn double_underscore(word: &str, span: Span) -> Diagnostic {
    Diagnostic::error(format!("identifier '{word}' starts with '__', which is reserved"), span)
}

pub fn chained_comparison(span: Span) -> Diagnostic {
    Diagnostic::error("comparison operators cannot be chained", span)
        .with_note("WGSL §8.19 (Operator Precedence): wrap one comparison in parentheses")
}

pub fn mixed_operators(op: &str, previous: &str, span: Span) -> Diagnostic {
    Diagnostic::error(format!("operator '{op}' cannot be mixed with '{previous}' without parentheses"), span).with_note(
        "WGSL §8.19 (Operator Precedence): bitwise, shift and short-circuit operators need explicit grouping",
    )
}

pub fn nesting_too_deep(span: Span, max_depth: u32) -> Diagnostic {
    Diagnostic::error("nesting is too deep", span)
        .with_note(format!("the parser allows at most {max_depth} nested expressions and blocks"))
}

pub fn directive_after_declaration(span: Span) -> Diagnostic {
    Diagnostic::error("directives must come before any declaration", span)
}

pub fn break_if_not_last(span: Span) -> Diagnostic {
    Diagnostic::error("'break if' must be the last statement of a continuing block", span)
}

pub fn break_if_outside_continuing(span: Span) -> Diagnostic {
    Diagnostic::error("'break if' is only allowed at the end of a continuing block", span)
}

pub fn bad_var_template(span: Span) -> Diagnostic {
    Diagnostic::error("expected an address space and optional access mode, like 'var<storage, read>'", span)
}

pub fn invalid_statement(span: Span) -> Diagnostic {
    Diagnostic::error("expression is not a statement; expected an assignment, '++', '--' or a function call", span)
}

pub fn unknown_const_form(span: Span) -> Diagnostic {
    Diagnostic::error("a module-scope 'const' needs an initializer", span)
}
