//! `#if`/`#elif` constant expressions: C's integer operators with C's precedence
//! (GLSL 4.60 §3.3), evaluated on the macro-expanded tokens with `defined` already replaced.
//!
//! Arithmetic is 32-bit and wrapping, as in glslang. An identifier left after expansion is 0
//! (C11 §6.10.1p4, glslang for desktop GLSL); the ES profile makes it an error where it is
//! evaluated (glslang: "undefined macro in expression not allowed in es profile").

use super::lex::{Kind, PTok};
use crate::diag::Diagnostic;
use crate::span::Span;

/// Evaluates `toks` (non-empty is not required). `Err` carries the first error; the caller
/// treats the condition as false.
pub(super) fn evaluate(toks: &[PTok], es: bool, directive: Span) -> Result<i32, Diagnostic> {
    let mut parser = Parser { toks, pos: 0, es, directive };
    let value = parser.ternary(true)?;
    if let Some(t) = parser.toks.get(parser.pos) {
        return Err(Diagnostic::error(format!("unexpected `{}` in a preprocessor expression", t.text), t.span)
            .with_label_message("expected the end of the expression"));
    }
    Ok(value)
}

struct Parser<'a> {
    toks: &'a [PTok],
    pos: usize,
    es: bool,
    directive: Span,
}

/// Binary operators by precedence, loosest first (C11 §6.5.5-§6.5.14).
fn binary_precedence(op: &str) -> Option<u8> {
    Some(match op {
        "||" => 1,
        "&&" => 2,
        "|" => 3,
        "^" => 4,
        "&" => 5,
        "==" | "!=" => 6,
        "<" | ">" | "<=" | ">=" => 7,
        "<<" | ">>" => 8,
        "+" | "-" => 9,
        "*" | "/" | "%" => 10,
        _ => return None,
    })
}

impl Parser<'_> {
    fn peek(&self) -> Option<&PTok> {
        self.toks.get(self.pos)
    }

    /// Where "expected ..." errors at the end of the line point.
    fn end_span(&self) -> Span {
        self.toks.last().map_or(self.directive, |t| Span::new(t.span.file, t.span.end, t.span.end))
    }

    /// `cond ? a : b`, right-associative; only the chosen arm is evaluated.
    fn ternary(&mut self, eval: bool) -> Result<i32, Diagnostic> {
        let cond = self.binary(1, eval)?;
        if !self.peek().is_some_and(|t| t.is_punct("?")) {
            return Ok(cond);
        }
        self.pos += 1;
        let a = self.ternary(eval && cond != 0)?;
        match self.peek() {
            Some(t) if t.is_punct(":") => self.pos += 1,
            Some(t) => return Err(Diagnostic::error(format!("expected `:` in a preprocessor expression, found `{}`", t.text), t.span)),
            None => return Err(Diagnostic::error("expected `:` in a preprocessor expression", self.end_span())),
        }
        let b = self.ternary(eval && cond == 0)?;
        Ok(if cond != 0 { a } else { b })
    }

    /// Precedence climbing over the left-associative binary operators.
    fn binary(&mut self, min: u8, eval: bool) -> Result<i32, Diagnostic> {
        let mut lhs = self.unary(eval)?;
        loop {
            let Some(t) = self.peek().filter(|t| t.kind == Kind::Punct) else { return Ok(lhs) };
            let Some(prec) = binary_precedence(&t.text).filter(|&p| p >= min) else { return Ok(lhs) };
            let op = t.clone();
            self.pos += 1;
            // `&&` and `||` short-circuit: errors of the unevaluated side are not reported.
            let eval_rhs = match op.text.as_str() {
                "&&" => eval && lhs != 0,
                "||" => eval && lhs == 0,
                _ => eval,
            };
            let rhs = self.binary(prec + 1, eval_rhs)?;
            lhs = match op.text.as_str() {
                "||" => i32::from(lhs != 0 || rhs != 0),
                "&&" => i32::from(lhs != 0 && rhs != 0),
                "|" => lhs | rhs,
                "^" => lhs ^ rhs,
                "&" => lhs & rhs,
                "==" => i32::from(lhs == rhs),
                "!=" => i32::from(lhs != rhs),
                "<" => i32::from(lhs < rhs),
                ">" => i32::from(lhs > rhs),
                "<=" => i32::from(lhs <= rhs),
                ">=" => i32::from(lhs >= rhs),
                "<<" => lhs.wrapping_shl(rhs as u32),
                ">>" => lhs.wrapping_shr(rhs as u32),
                "+" => lhs.wrapping_add(rhs),
                "-" => lhs.wrapping_sub(rhs),
                "*" => lhs.wrapping_mul(rhs),
                "/" | "%" if rhs == 0 => {
                    if eval {
                        return Err(Diagnostic::error("division by zero in a preprocessor expression", op.span));
                    }
                    0
                }
                "/" => lhs.wrapping_div(rhs),
                _ => lhs.wrapping_rem(rhs),
            };
        }
    }

    fn unary(&mut self, eval: bool) -> Result<i32, Diagnostic> {
        let Some(t) = self.peek().cloned() else {
            return Err(Diagnostic::error("expected a value in the preprocessor expression", self.end_span()));
        };
        self.pos += 1;
        match t.kind {
            Kind::Punct => match t.text.as_str() {
                "+" => self.unary(eval),
                "-" => Ok(self.unary(eval)?.wrapping_neg()),
                "~" => Ok(!self.unary(eval)?),
                "!" => Ok(i32::from(self.unary(eval)? == 0)),
                "(" => {
                    let value = self.ternary(eval)?;
                    match self.peek() {
                        Some(close) if close.is_punct(")") => {
                            self.pos += 1;
                            Ok(value)
                        }
                        _ => Err(Diagnostic::error("missing `)` in a preprocessor expression", self.end_span())
                            .with_secondary(t.span, "to match this `(`")),
                    }
                }
                _ => Err(Diagnostic::error(format!("unexpected `{}` in a preprocessor expression", t.text), t.span)),
            },
            Kind::Int => match (&t.malformed, parse_int(&t.text)) {
                // GLSL 4.60 §3.3: preprocessor expressions are on (signed) integer constants; a
                // suffixed literal (`0u`, `1l`) is not one of them, as glslang reads it.
                (None, Some(_)) if t.text.ends_with(['u', 'U', 'l', 'L', 's', 'S']) => Err(Diagnostic::error(
                    format!("`{}`: integer literals in preprocessor expressions take no suffix", t.text),
                    t.span,
                )),
                (None, Some(v)) => Ok(v),
                (Some(m), _) => Err(Diagnostic::error(m.clone(), t.span)),
                (None, None) => Err(Diagnostic::error("integer literal is too large", t.span)),
            },
            Kind::Ident => {
                if eval && self.es {
                    return Err(Diagnostic::error(
                        format!("undefined macro `{}` in a preprocessor expression (not allowed in the ES profile)", t.text),
                        t.span,
                    ));
                }
                Ok(0)
            }
            Kind::Float => Err(Diagnostic::error("floating-point values are not allowed in preprocessor expressions", t.span)),
            _ => Err(Diagnostic::error(format!("unexpected `{}` in a preprocessor expression", t.text), t.span)),
        }
    }
}

/// The value of an integer literal as a 32-bit int (a `u` suffix reinterprets the bits).
pub(super) fn parse_int(text: &str) -> Option<i32> {
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L', 's', 'S']);
    let value = if let Some(hex) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        u64::from_str_radix(hex, 16).ok()?
    } else if digits.len() > 1 && digits.starts_with('0') {
        u64::from_str_radix(&digits[1..], 8).ok()?
    } else {
        digits.parse::<u64>().ok()?
    };
    u32::try_from(value).ok().map(|v| v as i32)
}
