//! Constant evaluation for WGSL: values of const-expressions, including the abstract numeric
//! types (WGSL §6.3 "Abstract numeric types", §8 "Expressions: const-expressions").
//!
//! A constant is an `ir::consteval::Constant`: it keeps its abstractness in its leaves
//! ([`LeafValue`]s, whose [`Leaf`] may be AbstractInt or AbstractFloat) and becomes concrete
//! when converted to a concrete scalar type (WGSL §15.7 "Automatic conversions"). The scalar
//! and component-wise rules are `ir::consteval`'s; this module turns their faults into WGSL
//! diagnostics.

use crate::ir::consteval::{Fault, Leaf, LeafValue};
use crate::type_names::wgsl_leaf;
use crate::ir::{Scalar, ScalarKind, UnaryOp};

/// Why an evaluation failed, for diagnostics.
#[derive(Clone, Debug, PartialEq)]
pub enum EvalError {
    /// Not a constant operation we evaluate; the caller may emit it at run time instead.
    NotConst,
    /// A real error in a const-expression (overflow, division by zero, ...).
    Error(String),
}

pub type EvalResult<T> = Result<T, EvalError>;

/// The shader-creation error for a [`Fault`] of an operation on `leaf` values.
pub fn fault_error(fault: Fault, leaf: Leaf) -> EvalError {
    EvalError::Error(match fault {
        Fault::NotConst => return EvalError::NotConst,
        Fault::IntOverflow(v) => format!("value {v} does not fit in {}", wgsl_leaf(leaf)),
        Fault::FloatOverflow(v) if !v.is_finite() => {
            format!("the {} value is not finite ({v}): a const-expression that evaluates to an infinity or a NaN is an error", wgsl_leaf(leaf))
        }
        Fault::FloatOverflow(v) => format!("value {v} does not fit in {}", wgsl_leaf(leaf)),
        Fault::DivideByZero => "integer division by zero: the divisor is a const-expression equal to 0".into(),
        Fault::FloatDivideByZero => "division by zero in a constant expression".into(),
        Fault::ShiftWidth { amount, bits } => format!("shift by {amount} is not less than the bit width {bits}"),
        Fault::ShiftOverflow { value, amount } => format!("`{value} << {amount}` overflows {}", wgsl_leaf(leaf)),
        Fault::NoRealValue(x) => format!("the result for {x} has no real value"),
    })
}

/// The shader-creation error for a [`Fault`] of the built-in function `name` on `leaf` values
/// (`sqrt(-1.0)`: the argument is named with the function).
pub fn builtin_fault_error(name: &str, fault: Fault, leaf: Leaf) -> EvalError {
    match fault {
        Fault::NoRealValue(x) => EvalError::Error(format!("{name}({x}) has no real value")),
        f => fault_error(f, leaf),
    }
}

/// A unary operator on a scalar ([`LeafValue::unary`]); WGSL has no unsigned negation.
pub fn unary_scalar(op: super::ast::UnaryOp, a: LeafValue) -> EvalResult<LeafValue> {
    use super::ast::UnaryOp as U;
    let op = match (op, a.leaf()) {
        (U::Negate, Leaf::Concrete(Scalar { kind: ScalarKind::Uint, .. })) => return Err(EvalError::NotConst),
        (U::Negate, _) => UnaryOp::Negate,
        (U::Not, _) => UnaryOp::LogicalNot,
        (U::BitNot, _) => UnaryOp::BitwiseNot,
        _ => return Err(EvalError::NotConst),
    };
    a.unary(op).map_err(|f| fault_error(f, a.leaf()))
}
