//! Constant evaluation for WGSL: values of const-expressions, including the abstract numeric
//! types (WGSL §6.3 "Abstract numeric types", §8 "Expressions: const-expressions").
//!
//! A [`Value`] keeps its abstractness in its leaves ([`Sv::AInt`], [`Sv::AFloat`]); it becomes
//! concrete when converted to a concrete scalar type (WGSL §15.7 "Automatic conversions").

use crate::ir::consteval::{self, Fault, Leaf, Rules};
use crate::type_names::wgsl_leaf;
use crate::ir::{Literal, MathFunction, Scalar, UnaryOp};
use half::f16;

/// A scalar value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sv {
    Bool(bool),
    AInt(i64),
    AFloat(f64),
    I32(i32),
    U32(u32),
    F32(f32),
    F16(f16),
    /// naga's 64-bit extension types (`i64`, `u64`, `f64`).
    I64(i64),
    U64(u64),
    F64(f64),
}

/// A constant value: scalars, vectors, matrices (columns), arrays and structs.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Scalar(Sv),
    Vector(Vec<Sv>),
    Matrix(Vec<Vec<Sv>>),
    /// Non-empty; every element has the same type.
    Array(Vec<Value>),
    /// A struct of the given IR type.
    Struct(crate::ir::Handle<crate::ir::Type>, Vec<Value>),
    /// The zero value of a concrete IR type (kept symbolic so `array<f32, 65536>()` stays small).
    Zero(crate::ir::Handle<crate::ir::Type>),
}

impl Sv {
    pub fn leaf(self) -> Leaf {
        match self {
            Sv::Bool(_) => Leaf::Concrete(Scalar::BOOL),
            Sv::AInt(_) => Leaf::AInt,
            Sv::AFloat(_) => Leaf::AFloat,
            Sv::I32(_) => Leaf::Concrete(Scalar::I32),
            Sv::U32(_) => Leaf::Concrete(Scalar::U32),
            Sv::F32(_) => Leaf::Concrete(Scalar::F32),
            Sv::F16(_) => Leaf::Concrete(Scalar::F16),
            Sv::I64(_) => Leaf::Concrete(Scalar::I64),
            Sv::U64(_) => Leaf::Concrete(Scalar::U64),
            Sv::F64(_) => Leaf::Concrete(Scalar::F64),
        }
    }

    pub fn as_f64(self) -> f64 {
        consteval::num(self.literal()).as_f64()
    }

    /// The integer value, for integer leaves.
    pub fn as_i128(self) -> Option<i128> {
        consteval::num(self.literal()).as_int()
    }

    /// Automatic conversion (abstract to concrete, abstract int to abstract float). `None` if
    /// the conversion does not exist or the value is not representable.
    pub fn convert_auto(self, to: Leaf) -> Option<Sv> {
        Sv::from_literal(self.leaf().convert_auto(self.literal(), to)?, to)
    }

    /// Value conversion as by a WGSL conversion constructor ([`Leaf::convert`]).
    pub fn convert_explicit(self, to: Leaf) -> Option<Sv> {
        Sv::from_literal(self.leaf().convert(self.literal(), to)?, to)
    }

    pub fn zero(leaf: Leaf) -> Sv {
        Sv::from_literal(leaf.zero(), leaf).unwrap_or(Sv::Bool(false))
    }
}

/// Why an evaluation failed, for diagnostics.
#[derive(Clone, Debug, PartialEq)]
pub enum EvalError {
    /// Not a constant operation we evaluate; the caller may emit it at run time instead.
    NotConst,
    /// A real error in a const-expression (overflow, division by zero, ...).
    Error(String),
}

pub type EvalResult<T> = Result<T, EvalError>;

fn err<T>(message: impl Into<String>) -> EvalResult<T> {
    Err(EvalError::Error(message.into()))
}

impl Value {
    /// The leaf type of every scalar inside (they agree for vectors, matrices and arrays).
    pub fn leaf(&self) -> Option<Leaf> {
        match self {
            Value::Scalar(s) => Some(s.leaf()),
            Value::Vector(v) => v.first().map(|s| s.leaf()),
            Value::Matrix(c) => c.first().and_then(|c| c.first()).map(|s| s.leaf()),
            Value::Array(e) => e.first().and_then(Value::leaf),
            Value::Struct(..) | Value::Zero(_) => None,
        }
    }

    pub fn is_abstract(&self) -> bool {
        self.leaf().is_some_and(Leaf::is_abstract)
    }

    /// Applies `f` to every scalar.
    pub fn map_leaves(&self, f: &mut impl FnMut(Sv) -> Option<Sv>) -> Option<Value> {
        Some(match self {
            Value::Scalar(s) => Value::Scalar(f(*s)?),
            Value::Vector(v) => Value::Vector(v.iter().map(|s| f(*s)).collect::<Option<_>>()?),
            Value::Matrix(c) => Value::Matrix(
                c.iter().map(|col| col.iter().map(|s| f(*s)).collect::<Option<_>>()).collect::<Option<_>>()?,
            ),
            Value::Array(e) => Value::Array(e.iter().map(|v| v.map_leaves(f)).collect::<Option<_>>()?),
            Value::Struct(..) | Value::Zero(_) => self.clone(),
        })
    }

    /// Automatic conversion of every leaf to `to`.
    pub fn convert_auto(&self, to: Leaf) -> Option<Value> {
        self.map_leaves(&mut |s| s.convert_auto(to))
    }

    /// Concretizes abstract leaves to their default types.
    pub fn concretize(&self) -> Value {
        match self.leaf() {
            Some(leaf) if leaf.is_abstract() => {
                self.convert_auto(Leaf::Concrete(leaf.concretize())).unwrap_or_else(|| self.clone())
            }
            _ => self.clone(),
        }
    }

    pub fn as_scalar(&self) -> Option<Sv> {
        match self {
            Value::Scalar(s) => Some(*s),
            _ => None,
        }
    }

    /// Components of a scalar (one) or vector.
    pub fn components(&self) -> Option<Vec<Sv>> {
        match self {
            Value::Scalar(s) => Some(vec![*s]),
            Value::Vector(v) => Some(v.clone()),
            _ => None,
        }
    }
}

/// The bit width of an integer leaf (AbstractInt is 64-bit).
pub fn int_bits(leaf: Leaf) -> u32 {
    match leaf {
        Leaf::AInt | Leaf::Concrete(Scalar { width: 8, .. }) => 64,
        _ => 32,
    }
}

impl Sv {
    /// The IR literal [`ir::consteval`](crate::ir::consteval) evaluates, of type
    /// [`Leaf::ir_scalar`].
    pub fn literal(self) -> Literal {
        match self {
            Sv::Bool(b) => Literal::Bool(b),
            Sv::AInt(v) | Sv::I64(v) => Literal::I64(v),
            Sv::AFloat(v) | Sv::F64(v) => Literal::F64(v),
            Sv::I32(v) => Literal::I32(v),
            Sv::U32(v) => Literal::U32(v),
            Sv::F32(v) => Literal::F32(v),
            Sv::F16(v) => Literal::F16(v),
            Sv::U64(v) => Literal::U64(v),
        }
    }

    /// The IR literal of the concrete type the value takes when nothing else decides
    /// ([`Leaf::concretize`]: AbstractInt as `i32`, AbstractFloat as `f32`), converted by
    /// [`consteval::make_literal`].
    pub fn concrete_literal(self) -> Literal {
        consteval::make_literal(self.leaf().concretize(), consteval::num(self.literal()))
    }

    /// The value of an evaluated literal; `leaf` says whether a 64-bit one is abstract.
    pub fn from_literal(l: Literal, leaf: Leaf) -> Option<Sv> {
        Some(match (l, leaf) {
            (Literal::Bool(b), _) => Sv::Bool(b),
            (Literal::I64(v), Leaf::AInt) => Sv::AInt(v),
            (Literal::F64(v), Leaf::AFloat) => Sv::AFloat(v),
            (Literal::I64(v), _) => Sv::I64(v),
            (Literal::F64(v), _) => Sv::F64(v),
            (Literal::I32(v), _) => Sv::I32(v),
            (Literal::U32(v), _) => Sv::U32(v),
            (Literal::F32(v), _) => Sv::F32(v),
            (Literal::F16(v), _) => Sv::F16(v),
            (Literal::U64(v), _) => Sv::U64(v),
            (Literal::SmallInt { .. }, _) => return None,
        })
    }
}

/// The shader-creation error for a [`Fault`] of an operation on `leaf` values.
pub fn fault_error(fault: Fault, leaf: Leaf) -> EvalError {
    EvalError::Error(match fault {
        Fault::NotConst => return EvalError::NotConst,
        Fault::IntOverflow(v) => format!("value {v} does not fit in {}", wgsl_leaf(leaf)),
        Fault::FloatOverflow(v) => format!("value {v} does not fit in {}", wgsl_leaf(leaf)),
        Fault::DivideByZero => "integer division by zero: the divisor is a const-expression equal to 0".into(),
        Fault::FloatDivideByZero => "division by zero in a constant expression".into(),
        Fault::ShiftWidth { amount, bits } => format!("shift by {amount} is not less than the bit width {bits}"),
        Fault::ShiftOverflow { value, amount } => format!("`{value} << {amount}` overflows {}", wgsl_leaf(leaf)),
        Fault::NoRealValue(x) => format!("the result for {x} has no real value"),
    })
}

/// Arithmetic and comparison on two scalars of the same leaf type (a shift amount may have
/// another), by [`ir::consteval::binary`](crate::ir::consteval::binary) under
/// [`Rules::Checked`].
pub fn binary_scalar(op: super::ast::BinaryOp, a: Sv, b: Sv) -> EvalResult<Sv> {
    use super::ast::BinaryOp as B;
    let leaf = a.leaf();
    if leaf != b.leaf() && !matches!(op, B::ShiftLeft | B::ShiftRight) {
        return Err(EvalError::NotConst);
    }
    let (x, y) = (a.literal(), b.literal());
    let r = consteval::binary(Rules::Checked, op.to_ir(), x, y, x.scalar())
        .map_err(|f| fault_error(f, leaf))?;
    Sv::from_literal(r, leaf).ok_or(EvalError::NotConst)
}

pub fn unary_scalar(op: super::ast::UnaryOp, a: Sv) -> EvalResult<Sv> {
    use super::ast::UnaryOp as U;
    let op = match (op, a) {
        // AbstractInt negation does not wrap (WGSL §6.3: an abstract result must be exact).
        (U::Negate, Sv::AInt(i64::MIN)) => return Err(EvalError::Error("negation overflows".into())),
        (U::Negate, Sv::U32(_) | Sv::U64(_)) => return Err(EvalError::NotConst),
        (U::Negate, _) => UnaryOp::Negate,
        (U::Not, _) => UnaryOp::LogicalNot,
        (U::BitNot, _) => UnaryOp::BitwiseNot,
        _ => return Err(EvalError::NotConst),
    };
    let r = consteval::unary(Rules::Checked, op, a.literal()).map_err(|f| fault_error(f, a.leaf()))?;
    Sv::from_literal(r, a.leaf()).ok_or(EvalError::NotConst)
}

/// Evaluates the float built-in `fun` (named `name`) of one argument on a scalar (used
/// component-wise) by [`consteval::math`] under [`Rules::Checked`]; WGSL only decides which
/// functions fold here (the others are emitted at run time).
pub fn float_fn1(name: &str, fun: MathFunction, a: Sv) -> EvalResult<Sv> {
    use MathFunction as M;
    let a = a.convert_auto(Leaf::AFloat).unwrap_or(a);
    let folded = matches!(
        fun,
        M::Sqrt | M::InverseSqrt | M::Sin | M::Cos | M::Tan | M::Asin | M::Acos | M::Atan | M::Sinh | M::Cosh | M::Tanh
            | M::Exp | M::Exp2 | M::Log | M::Log2 | M::Floor | M::Ceil | M::Trunc | M::Fract | M::RoundEven
            | M::Radians | M::Degrees | M::Saturate
    );
    if !a.leaf().is_float() || !folded {
        return Err(EvalError::NotConst);
    }
    match consteval::math(Rules::Checked, fun, &[consteval::Value::Scalar(a.literal())], a.leaf().ir_scalar()) {
        Ok(consteval::Value::Scalar(l)) => Sv::from_literal(l, a.leaf()).ok_or(EvalError::NotConst),
        Ok(consteval::Value::Composite(_)) => Err(EvalError::NotConst),
        Err(Fault::NoRealValue(x)) => err(format!("{name}({x}) has no real value")),
        Err(f) => Err(fault_error(f, a.leaf())),
    }
}
