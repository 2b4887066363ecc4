//! WESL conditional translation (wesl-lang.dev/spec/ConditionalTranslation): `@if(e)`,
//! `@elif(e)` and `@else` on module declarations, statements, struct members and function
//! parameters. `e` is a translate-time expression: feature names, `true`, `false`, `!`, `&&`,
//! `||` and parentheses; features live in their own namespace (a declaration named like a
//! feature does not change it) and a feature nobody set is `false`.
//!
//! The parser calls [`Chain::keep`] on the attributes of every item of a list; an item whose
//! condition is false is parsed (so its errors are reported) and then dropped, so later passes
//! never see it.

use crate::diag::{Diagnostic, Diagnostics};
use crate::wgsl::ast::{Attribute, BinaryOp, Expr, ExprId, ExprKind, Literal, UnaryOp};

/// Where the items of one list stand in an `@if` / `@elif` / `@else` chain.
#[derive(Clone, Copy, Debug, Default)]
pub enum Chain {
    /// The previous item carried no `@if`/`@elif` (or ended a chain with `@else`).
    #[default]
    Closed,
    /// The previous item carried `@if` or `@elif`; `taken`: some item of the chain was kept.
    Open { taken: bool },
}

fn is_conditional(name: &str) -> bool {
    matches!(name, "if" | "elif" | "else")
}

impl Chain {
    /// Removes `@if`, `@elif` and `@else` from `attrs`, advances the chain over the item they
    /// were written on and says whether the item stays.
    pub fn keep(&mut self, attrs: &mut Vec<Attribute>, exprs: &[Expr], features: &[(String, bool)], diags: &mut Diagnostics) -> bool {
        if !attrs.iter().any(|a| is_conditional(&a.name.name)) {
            *self = Chain::Closed;
            return true;
        }
        let mut conditions = Vec::new();
        attrs.retain(|a| {
            let conditional = is_conditional(&a.name.name);
            if conditional {
                conditions.push(a.clone());
            }
            !conditional
        });
        for extra in &conditions[1..] {
            diags.push(
                Diagnostic::error(format!("`@{}` after `@{}` on the same item", extra.name.name, conditions[0].name.name), extra.span)
                    .with_secondary(conditions[0].span, "the first one"),
            );
        }
        let a = &conditions[0];
        let previous = *self;
        let (keep, next) = match (a.name.name.as_str(), previous) {
            ("if", _) => {
                let value = condition(a, exprs, features, diags);
                (value, Chain::Open { taken: value })
            }
            ("elif", Chain::Open { taken }) => {
                let value = condition(a, exprs, features, diags);
                let keep = !taken && value;
                (keep, Chain::Open { taken: taken || keep })
            }
            ("else", Chain::Open { taken }) => {
                if !a.args.is_empty() {
                    diags.push(Diagnostic::error("`@else` takes no condition; use `@elif(...)`", a.span));
                }
                (!taken, Chain::Closed)
            }
            (name, _) => {
                diags.push(
                    Diagnostic::error(format!("`@{name}` without an `@if` or `@elif` on the item before it"), a.span)
                        .with_note("WESL conditional translation: `@elif` and `@else` continue the `@if` of the previous declaration, statement or member"),
                );
                (false, Chain::Closed)
            }
        };
        *self = next;
        keep
    }
}

/// The value of `@if(e)`/`@elif(e)`; errors are reported and count as `false`.
fn condition(a: &Attribute, exprs: &[Expr], features: &[(String, bool)], diags: &mut Diagnostics) -> bool {
    match a.args.of(exprs) {
        [e] => eval(e, exprs, features).unwrap_or_else(|bad| {
            diags.push(
                Diagnostic::error(format!("`@{}` takes a translate-time expression", a.name.name), bad.span)
                    .with_note("feature names, `true`, `false`, `!`, `&&`, `||` and parentheses"),
            );
            false
        }),
        _ => {
            diags.push(Diagnostic::error(format!("`@{}` takes one condition", a.name.name), a.span));
            false
        }
    }
}

/// Evaluates a translate-time expression, or returns the part that is not one. Both operands
/// are checked even where `&&`/`||` would not look at the second.
/// Operands are in `exprs` ([`crate::wgsl::ast::TranslationUnit::exprs`]).
fn eval<'e>(e: &'e Expr, exprs: &'e [Expr], features: &[(String, bool)]) -> Result<bool, &'e Expr> {
    let at = |id: ExprId| &exprs[id.0 as usize];
    match &e.kind {
        ExprKind::Literal(Literal::Bool(b)) => Ok(*b),
        ExprKind::Ident(name) if !name.name.contains("::") => {
            Ok(features.iter().rev().find(|(f, _)| *f == name.name.as_str()).is_some_and(|(_, on)| *on))
        }
        ExprKind::Paren(inner) => eval(at(*inner), exprs, features),
        ExprKind::Unary { op: UnaryOp::Not, expr } => Ok(!eval(at(*expr), exprs, features)?),
        ExprKind::Binary { op: BinaryOp::LogicalAnd | BinaryOp::LogicalOr, .. } => {
            // A chain `a || b || ...` is left-deep and has no length limit: walk it in a loop.
            let mut rights = Vec::new();
            let mut left = e;
            while let ExprKind::Binary { op: op @ (BinaryOp::LogicalAnd | BinaryOp::LogicalOr), left: l, right } = &left.kind {
                rights.push((*op, at(*right)));
                left = at(*l);
            }
            let mut value = eval(left, exprs, features)?;
            for (op, right) in rights.into_iter().rev() {
                let r = eval(right, exprs, features)?;
                value = if op == BinaryOp::LogicalAnd { value && r } else { value || r };
            }
            Ok(value)
        }
        _ => Err(e),
    }
}
