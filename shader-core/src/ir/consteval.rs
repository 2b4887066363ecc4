//! Constant evaluation over the IR: the value of an expression tree whose leaves are literals,
//! zero values and overrides' defaults (GLSL 4.60 §4.3.3 constant expressions, WGSL §8
//! const- and override-expressions, SPIR-V `OpSpecConstantOp` at the defaults). The GLSL front
//! end folds its lowered expressions with it and reflection computes specialization-constant
//! defaults with it; the two differ only in [`Rules`].
//!
//! Scalars are evaluated in `i128`/`f64` and rounded once to the expression's scalar type, as
//! glslang folds.

use super::{
    ArraySize, BinaryOp, Expression, Expressions, Handle, Literal, MathFunction, Module, RelationalFunction, Scalar,
    ScalarKind, Type, TypeInner, UnaryOp,
};

/// Nesting deeper than this is not evaluated (the callers report "not a constant").
const MAX_DEPTH: u32 = 64;

/// A constant: a scalar or the components of a vector, matrix (columns), array or struct. The
/// scalars are IR literals, or [`LeafValue`]s in a language with abstract numeric types
/// ([`Constant`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Value<L = Literal> {
    Scalar(L),
    Composite(Vec<Value<L>>),
}

/// What the component-wise rules need of a scalar of a [`Value`].
pub trait ConstScalar: Copy {
    fn as_bool(self) -> Option<bool>;
    fn from_bool(b: bool) -> Self;
}

impl ConstScalar for Literal {
    fn as_bool(self) -> Option<bool> {
        match self {
            Literal::Bool(b) => Some(b),
            _ => None,
        }
    }

    fn from_bool(b: bool) -> Self {
        Literal::Bool(b)
    }
}

impl ConstScalar for LeafValue {
    fn as_bool(self) -> Option<bool> {
        LeafValue::as_bool(self)
    }

    fn from_bool(b: bool) -> Self {
        LeafValue::concrete(Literal::Bool(b))
    }
}

impl<L: Copy> Value<L> {
    /// The scalars of a scalar (one) or a vector.
    pub fn components(&self) -> Option<Vec<L>> {
        match self {
            Value::Scalar(s) => Some(vec![*s]),
            Value::Composite(c) => c
                .iter()
                .map(|x| match x {
                    Value::Scalar(s) => Some(*s),
                    Value::Composite(_) => None,
                })
                .collect(),
        }
    }

    /// The first scalar inside, if any.
    pub fn first_scalar(&self) -> Option<L> {
        match self {
            Value::Scalar(s) => Some(*s),
            Value::Composite(c) => c.first()?.first_scalar(),
        }
    }
}

impl Value {
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            Value::Scalar(Literal::I32(v)) => Some(v as i64),
            Value::Scalar(Literal::U32(v)) => Some(v as i64),
            Value::Scalar(Literal::I64(v)) => Some(v),
            Value::Scalar(Literal::U64(v)) => i64::try_from(v).ok(),
            Value::Scalar(Literal::SmallInt { value, .. }) => Some(value as i64),
            _ => None,
        }
    }
}

/// Where languages differ in constant evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// Integer results wrap to their width and conversions to integers saturate then wrap, as
    /// at run time (GLSL, and SPIR-V's own arithmetic).
    Wrap,
    /// An integer result (or a conversion) that does not fit its type has no value (the
    /// expression is not evaluated). Bitwise operators still work on the two's complement
    /// pattern.
    Exact,
    /// WGSL const-expressions (WGSL §8 and §6.3; the front end reports each [`Fault`] as a
    /// shader-creation error where it occurs): as [`Rules::Exact`] (except that `+`, `-` and
    /// `*` of concrete 32-bit integers wrap), and also a left shift
    /// that loses bits (§8.9), a float result that is finite in `f64` but not in its type, and
    /// a float division (or remainder) by zero are faults; integer negation wraps (§8.6: the
    /// most negative value negates to itself).
    Checked,
}

/// The scalar type of a constant in a language with abstract numeric types (WGSL §6.3): a
/// concrete IR scalar, or AbstractInt / AbstractFloat, whose values are evaluated as `i64` /
/// `f64` literals ([`Leaf::ir_scalar`]). The concretization rules (WGSL §15.7 automatic
/// conversions) live here: [`Leaf::converts_to`], [`Leaf::concretize`], [`common_leaf`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    AInt,
    AFloat,
    Concrete(Scalar),
}

impl Leaf {
    /// Whether a value of this leaf converts automatically to `to` (WGSL §15.7.1: AbstractInt
    /// to AbstractFloat or to any concrete number, AbstractFloat to any concrete float).
    pub fn converts_to(self, to: Leaf) -> bool {
        match (self, to) {
            (a, b) if a == b => true,
            (Leaf::AInt, Leaf::AFloat) => true,
            (Leaf::AInt, Leaf::Concrete(s)) => s.kind != ScalarKind::Bool,
            (Leaf::AFloat, Leaf::Concrete(s)) => s.kind == ScalarKind::Float,
            _ => false,
        }
    }

    /// The type an abstract leaf becomes when nothing else decides (WGSL §15.7.2).
    pub fn concretize(self) -> Scalar {
        match self {
            Leaf::AInt => Scalar::I32,
            Leaf::AFloat => Scalar::F32,
            Leaf::Concrete(s) => s,
        }
    }

    /// The IR scalar type a value of this leaf is evaluated in: AbstractInt as `i64`,
    /// AbstractFloat as `f64` (WGSL §6.3: their values are those of the 64-bit types).
    pub fn ir_scalar(self) -> Scalar {
        match self {
            Leaf::AInt => Scalar::I64,
            Leaf::AFloat => Scalar::F64,
            Leaf::Concrete(s) => s,
        }
    }

    pub fn is_abstract(self) -> bool {
        !matches!(self, Leaf::Concrete(_))
    }

    pub fn is_float(self) -> bool {
        match self {
            Leaf::AFloat => true,
            Leaf::AInt => false,
            Leaf::Concrete(s) => s.kind == ScalarKind::Float,
        }
    }

    pub fn is_integer(self) -> bool {
        match self {
            Leaf::AInt => true,
            Leaf::AFloat => false,
            Leaf::Concrete(s) => matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint),
        }
    }

    pub fn is_bool(self) -> bool {
        self == Leaf::Concrete(Scalar::BOOL)
    }

    /// `l`, a value of this leaf (a literal of [`Leaf::ir_scalar`]), converted to `to` as by a
    /// WGSL conversion constructor (`f32(x)`, `u32(x)`, `bool(x)`; §17.1.2): [`Rules::convert`]
    /// under [`Rules::Checked`], except that an abstract value must be representable exactly
    /// (an AbstractInt in an integer type, an abstract value in a float type without overflow)
    /// and only integers convert to AbstractInt: `None` otherwise.
    pub fn convert(self, l: Literal, to: Leaf) -> Option<Literal> {
        let target = to.ir_scalar();
        let float_target = target.kind == ScalarKind::Float;
        match (self, to) {
            (from, Leaf::AInt) if !from.is_integer() => None,
            (Leaf::AInt, _) | (_, Leaf::AInt) if !float_target => Rules::Exact.convert(l, target),
            (Leaf::AInt | Leaf::AFloat, _) if float_target => Rules::Checked.float(target, num(l).as_f64()).ok(),
            _ => Rules::Checked.convert(l, target),
        }
    }

    /// Automatic conversion (WGSL §15.7.1): [`Leaf::convert`] where [`Leaf::converts_to`]
    /// allows it, `None` elsewhere.
    pub fn convert_auto(self, l: Literal, to: Leaf) -> Option<Literal> {
        if !self.converts_to(to) {
            return None;
        }
        self.convert(l, to)
    }

    /// The zero value of this leaf (`false` for `bool`).
    pub fn zero(self) -> Literal {
        make_literal(self.ir_scalar(), Num::I(0))
    }
}

/// A scalar constant whose type may be abstract: its [`Leaf`] and the literal it is evaluated
/// as, of type [`Leaf::ir_scalar`] (an AbstractInt as an `I64` literal, an AbstractFloat as an
/// `F64` one). The fields are private so the two always agree.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LeafValue {
    leaf: Leaf,
    literal: Literal,
}

impl LeafValue {
    /// A value of the literal's own (concrete) type.
    pub fn concrete(literal: Literal) -> Self {
        LeafValue { leaf: Leaf::Concrete(literal.scalar()), literal }
    }

    pub fn abstract_int(v: i64) -> Self {
        LeafValue { leaf: Leaf::AInt, literal: Literal::I64(v) }
    }

    pub fn abstract_float(v: f64) -> Self {
        LeafValue { leaf: Leaf::AFloat, literal: Literal::F64(v) }
    }

    /// `literal` as a value of `leaf`; `None` unless its type is `leaf`'s [`Leaf::ir_scalar`].
    pub fn new(literal: Literal, leaf: Leaf) -> Option<Self> {
        (literal.scalar() == leaf.ir_scalar()).then_some(LeafValue { leaf, literal })
    }

    /// The zero value of `leaf` (`false` for `bool`).
    pub fn zero(leaf: Leaf) -> Self {
        LeafValue { leaf, literal: leaf.zero() }
    }

    pub fn leaf(self) -> Leaf {
        self.leaf
    }

    /// The literal the value is evaluated as (of type [`Leaf::ir_scalar`]).
    pub fn literal(self) -> Literal {
        self.literal
    }

    /// The literal of the concrete type the value takes when nothing else decides
    /// ([`Leaf::concretize`]: AbstractInt as `i32`, AbstractFloat as `f32`).
    pub fn concrete_literal(self) -> Literal {
        make_literal(self.leaf.concretize(), num(self.literal))
    }

    pub fn as_bool(self) -> Option<bool> {
        match self.literal {
            Literal::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The value as a float (`true` is 1).
    pub fn as_f64(self) -> f64 {
        num(self.literal).as_f64()
    }

    /// The value of an integer.
    pub fn as_int(self) -> Option<i128> {
        num(self.literal).as_int()
    }

    /// Conversion as by a WGSL conversion constructor ([`Leaf::convert`]).
    pub fn convert(self, to: Leaf) -> Option<Self> {
        Some(LeafValue { leaf: to, literal: self.leaf.convert(self.literal, to)? })
    }

    /// Automatic conversion ([`Leaf::convert_auto`]).
    pub fn convert_auto(self, to: Leaf) -> Option<Self> {
        Some(LeafValue { leaf: to, literal: self.leaf.convert_auto(self.literal, to)? })
    }

    /// A unary operator under [`Rules::Checked`]; an AbstractInt does not wrap on negation
    /// (WGSL §6.3: an abstract result must be exact), a concrete integer does (§8.6).
    pub fn unary(self, op: UnaryOp) -> Result<Self, Fault> {
        if let (UnaryOp::Negate, Leaf::AInt, Num::I(v)) = (op, self.leaf, num(self.literal)) {
            if v == i64::MIN as i128 {
                return Err(Fault::IntOverflow(-v));
            }
        }
        Ok(LeafValue { leaf: self.leaf, literal: unary(Rules::Checked, op, self.literal)? })
    }

    /// A binary operator under [`Rules::Checked`] on two values of one leaf type (a shift
    /// amount may have another); the result keeps the left operand's leaf, or is a `bool`.
    pub fn binary(self, op: BinaryOp, b: LeafValue) -> Result<Self, Fault> {
        let shift = matches!(op, BinaryOp::ShiftLeft | BinaryOp::ShiftRight);
        if self.leaf != b.leaf && !shift {
            return Err(Fault::NotConst);
        }
        let r = binary(Rules::Checked, op, self.literal, b.literal, self.literal.scalar())?;
        let leaf = if matches!(r, Literal::Bool(_)) { Leaf::Concrete(Scalar::BOOL) } else { self.leaf };
        Ok(LeafValue { leaf, literal: r })
    }
}

/// A constant of a language with abstract numeric types (WGSL §6.3, §8): a scalar, vector or
/// matrix is a [`Value`] of [`LeafValue`]s (a vector's components, a matrix's columns), whose
/// component-wise rules are the [`Evaluator`]'s ([`try_map2`], [`relational`], [`select`]).
/// Arrays and structs keep their kind, which WGSL's typing needs and a [`Value`] does not tell.
#[derive(Clone, Debug, PartialEq)]
pub enum Constant {
    Value(Value<LeafValue>),
    /// Non-empty; every element has the same type.
    Array(Vec<Constant>),
    /// A struct of the given IR type.
    Struct(Handle<Type>, Vec<Constant>),
    /// The zero value of a concrete IR array or struct type (kept symbolic so
    /// `array<f32, 65536>()` stays small).
    Zero(Handle<Type>),
}

impl Constant {
    pub fn scalar(s: LeafValue) -> Self {
        Constant::Value(Value::Scalar(s))
    }

    pub fn vector(components: Vec<LeafValue>) -> Self {
        Constant::Value(Value::Composite(components.into_iter().map(Value::Scalar).collect()))
    }

    pub fn matrix(columns: Vec<Vec<LeafValue>>) -> Self {
        Constant::Value(Value::Composite(
            columns.into_iter().map(|c| Value::Composite(c.into_iter().map(Value::Scalar).collect())).collect(),
        ))
    }

    /// The leaf type of every scalar inside (they agree for vectors, matrices and arrays).
    pub fn leaf(&self) -> Option<Leaf> {
        match self {
            Constant::Value(v) => v.first_scalar().map(LeafValue::leaf),
            Constant::Array(e) => e.first().and_then(Constant::leaf),
            Constant::Struct(..) | Constant::Zero(_) => None,
        }
    }

    pub fn is_abstract(&self) -> bool {
        self.leaf().is_some_and(Leaf::is_abstract)
    }

    pub fn as_scalar(&self) -> Option<LeafValue> {
        match self {
            Constant::Value(Value::Scalar(s)) => Some(*s),
            _ => None,
        }
    }

    /// The value of a `bool` scalar.
    pub fn as_bool(&self) -> Option<bool> {
        self.as_scalar()?.as_bool()
    }

    /// A scalar, vector or matrix.
    pub fn as_value(&self) -> Option<&Value<LeafValue>> {
        match self {
            Constant::Value(v) => Some(v),
            _ => None,
        }
    }

    /// The components of a scalar (one) or vector.
    pub fn components(&self) -> Option<Vec<LeafValue>> {
        match self {
            Constant::Value(v) => v.components(),
            _ => None,
        }
    }

    /// The component count of a vector.
    pub fn vector_size(&self) -> Option<usize> {
        match self {
            Constant::Value(Value::Composite(c)) if matches!(c.first(), Some(Value::Scalar(_))) => Some(c.len()),
            _ => None,
        }
    }

    /// The (columns, rows) of a matrix.
    pub fn matrix_size(&self) -> Option<(usize, usize)> {
        match self {
            Constant::Value(Value::Composite(c)) => match c.first() {
                Some(Value::Composite(col)) => Some((c.len(), col.len())),
                _ => None,
            },
            _ => None,
        }
    }

    /// Applies `f` to every scalar (arrays element-wise; structs and zero values unchanged).
    pub fn map_leaves(&self, f: &mut dyn FnMut(LeafValue) -> Option<LeafValue>) -> Option<Constant> {
        Some(match self {
            Constant::Value(v) => Constant::Value(map1(v, f)?),
            Constant::Array(e) => Constant::Array(e.iter().map(|v| v.map_leaves(f)).collect::<Option<_>>()?),
            Constant::Struct(..) | Constant::Zero(_) => self.clone(),
        })
    }

    /// Automatic conversion of every leaf to `to`.
    pub fn convert_auto(&self, to: Leaf) -> Option<Constant> {
        self.map_leaves(&mut |s| s.convert_auto(to))
    }

    /// Concretizes abstract leaves to their default types.
    pub fn concretize(&self) -> Constant {
        match self.leaf() {
            Some(leaf) if leaf.is_abstract() => {
                self.convert_auto(Leaf::Concrete(leaf.concretize())).unwrap_or_else(|| self.clone())
            }
            _ => self.clone(),
        }
    }
}

/// The smallest leaf both convert to, if any (WGSL §15.7.4 "conversion rank").
pub fn common_leaf(a: Leaf, b: Leaf) -> Option<Leaf> {
    if a.converts_to(b) {
        Some(b)
    } else if b.converts_to(a) {
        Some(a)
    } else {
        None
    }
}

/// Why a scalar operation has no constant value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fault {
    /// Not an operation evaluated on these operands.
    NotConst,
    /// The exact integer result, which does not fit the result type.
    IntOverflow(i128),
    /// The `f64` result, which is finite but not in the result type.
    FloatOverflow(f64),
    /// An integer `/` or `%` by zero.
    DivideByZero,
    /// A float `/` or `%` by zero ([`Rules::Checked`] only).
    FloatDivideByZero,
    /// A shift amount outside `0..bits`.
    ShiftWidth { amount: i128, bits: u32 },
    /// `value << amount` loses bits ([`Rules::Checked`] only).
    ShiftOverflow { value: i128, amount: i128 },
    /// A float function of `x` (not NaN) has no real value, e.g. `sqrt(-1)` or `acos(2)`
    /// ([`Rules::Checked`] only: WGSL §8 makes a NaN const-expression result an error; GLSL
    /// folds it to NaN as glslang does).
    NoRealValue(f64),
}

/// An integer divisor must not be zero.
pub fn check_divisor(y: i128) -> Result<(), Fault> {
    if y == 0 {
        return Err(Fault::DivideByZero);
    }
    Ok(())
}

/// A shift amount must be below the bit width of the shifted value's type.
pub fn check_shift_amount(amount: i128, bits: u32) -> Result<(), Fault> {
    if !(0..bits as i128).contains(&amount) {
        return Err(Fault::ShiftWidth { amount, bits });
    }
    Ok(())
}

/// Numeric view of a literal.
#[derive(Clone, Copy, Debug)]
pub enum Num {
    B(bool),
    I(i128),
    F(f64),
}

impl Num {
    /// The value as a float (`true` is 1).
    pub fn as_f64(self) -> f64 {
        match self {
            Num::B(b) => b as u8 as f64,
            Num::I(v) => v as f64,
            Num::F(f) => f,
        }
    }

    /// The value of an integer.
    pub fn as_int(self) -> Option<i128> {
        match self {
            Num::I(v) => Some(v),
            _ => None,
        }
    }
}

pub fn num(l: Literal) -> Num {
    match l {
        Literal::Bool(b) => Num::B(b),
        Literal::I32(v) => Num::I(v as i128),
        Literal::U32(v) => Num::I(v as i128),
        Literal::I64(v) => Num::I(v as i128),
        Literal::U64(v) => Num::I(v as i128),
        Literal::SmallInt { value, .. } => Num::I(value as i128),
        Literal::F16(v) => Num::F(v.to_f64()),
        Literal::F32(v) => Num::F(v as f64),
        Literal::F64(v) => Num::F(v),
    }
}

/// A literal of scalar type `s` from a numeric value (integers wrap, as in two's complement;
/// floats convert to integers by truncation, saturating).
pub fn make_literal(s: Scalar, n: Num) -> Literal {
    let as_int = |n: Num| -> i128 {
        match n {
            Num::B(b) => b as i128,
            Num::I(v) => v,
            Num::F(f) => {
                if f.is_nan() {
                    0
                } else {
                    f.trunc().clamp(i64::MIN as f64, u64::MAX as f64) as i128
                }
            }
        }
    };
    let as_f = Num::as_f64;
    match (s.kind, s.width) {
        (ScalarKind::Bool, _) => Literal::Bool(match n {
            Num::B(b) => b,
            Num::I(v) => v != 0,
            Num::F(f) => f != 0.0,
        }),
        (ScalarKind::Sint, 4) => Literal::I32(as_int(n) as i32),
        (ScalarKind::Uint, 4) => Literal::U32(as_int(n) as u32),
        (ScalarKind::Sint, 8) => Literal::I64(as_int(n) as i64),
        (ScalarKind::Uint, 8) => Literal::U64(as_int(n) as u64),
        (ScalarKind::Sint, 2) => Literal::SmallInt { value: as_int(n) as i16 as i32, scalar: s },
        (ScalarKind::Uint, 2) => Literal::SmallInt { value: as_int(n) as u16 as i32, scalar: s },
        (ScalarKind::Sint, _) => Literal::SmallInt { value: as_int(n) as i8 as i32, scalar: s },
        (ScalarKind::Uint, _) => Literal::SmallInt { value: as_int(n) as u8 as i32, scalar: s },
        (ScalarKind::Float, 8) => Literal::F64(as_f(n)),
        (ScalarKind::Float, 2) => Literal::F16(half::f16::from_f64(as_f(n))),
        (ScalarKind::Float, _) => Literal::F32(as_f(n) as f32),
    }
}

/// The range of integer type `s`.
fn int_range(s: Scalar) -> (i128, i128) {
    let bits = u32::from(s.width.clamp(1, 8)) * 8;
    match s.kind {
        ScalarKind::Sint => (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1),
        _ => (0, (1i128 << bits) - 1),
    }
}

impl Rules {
    /// `n` as a literal of `s` under these rules.
    pub fn literal(self, s: Scalar, n: Num) -> Option<Literal> {
        if self != Rules::Wrap && matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint) {
            let v = match n {
                Num::B(b) => b as i128,
                Num::I(v) => v,
                Num::F(f) if f.is_finite() => f.trunc() as i128,
                Num::F(_) => return None,
            };
            let (min, max) = int_range(s);
            if !(min..=max).contains(&v) {
                return None;
            }
        }
        Some(make_literal(s, n))
    }

    /// A conversion expression's value: `l` converted to `to`. Under [`Rules::Checked`] (WGSL
    /// §17.1.2 scalar conversions) a float converts to an integer by rounding toward zero and
    /// then clamping to the target's range (NaN to 0), and integers keep their two's
    /// complement pattern.
    pub fn convert(self, l: Literal, to: Scalar) -> Option<Literal> {
        let n = num(l);
        match (self, n) {
            (Rules::Checked, Num::F(f)) if matches!(to.kind, ScalarKind::Sint | ScalarKind::Uint) => {
                let (min, max) = int_range(to);
                // `as` rounds toward zero, saturates and maps NaN to 0.
                Some(make_literal(to, Num::I((f as i128).clamp(min, max))))
            }
            (Rules::Checked, _) => Some(make_literal(to, n)),
            _ => self.literal(to, n),
        }
    }

    /// The integer result `v` of an arithmetic operation, as a literal of `s`.
    fn int(self, s: Scalar, v: i128) -> Result<Literal, Fault> {
        self.literal(s, Num::I(v)).ok_or(Fault::IntOverflow(v))
    }

    /// The float result `v` of an arithmetic operation, as a literal of `s`.
    pub fn float(self, s: Scalar, v: f64) -> Result<Literal, Fault> {
        let l = make_literal(s, Num::F(v));
        match num(l) {
            // WGSL §8 (§15.7.3): a const-expression whose value is an infinity or a NaN is a
            // shader-creation error, whether the `f64` result already is one (`exp(1000.0)`,
            // `1e300 * 1e300` in AbstractFloat) or rounding to the type makes it one.
            Num::F(r) if self == Rules::Checked && !r.is_finite() => Err(Fault::FloatOverflow(v)),
            _ => Ok(l),
        }
    }
}

/// Evaluates constant expressions of one module under one language's [`Rules`].
pub struct Evaluator<'a> {
    module: &'a Module,
    rules: Rules,
    /// The caller's own rule for an expression of the arena it evaluates (`Some(result)`), or
    /// `None` to use the shared one.
    special: Option<&'a dyn Fn(Handle<Expression>, &Expression, u32) -> Option<Option<Value>>>,
}

impl<'a> Evaluator<'a> {
    pub fn new(module: &'a Module, rules: Rules) -> Self {
        Evaluator { module, rules, special: None }
    }

    /// An evaluator that asks `special` first about each expression of the arena given to
    /// [`Evaluator::eval`] (not of the module's constant expressions it reaches through
    /// overrides).
    pub fn with_special(
        module: &'a Module,
        rules: Rules,
        special: &'a dyn Fn(Handle<Expression>, &Expression, u32) -> Option<Option<Value>>,
    ) -> Self {
        Evaluator { module, rules, special: Some(special) }
    }

    /// The value of `h` in `exprs` (whose types are the module's), if it is a constant.
    pub fn eval(&self, exprs: &Expressions, h: Handle<Expression>) -> Option<Value> {
        self.eval_at(exprs, h, 0, self.special.is_some())
    }

    /// The value of an override's default, at the defaults of the overrides it uses.
    pub fn override_default(&self, o: Handle<super::Override>) -> Option<Value> {
        let init = self.module.overrides.get(o)?.init?;
        self.eval_at(&self.module.const_expressions, init, 0, false)
    }

    fn inner(&self, ty: Handle<Type>) -> &TypeInner {
        self.module.inner(ty)
    }

    fn eval_at(&self, exprs: &Expressions, h: Handle<Expression>, depth: u32, special: bool) -> Option<Value> {
        if depth > MAX_DEPTH || !exprs.check(h) {
            return None;
        }
        let e = &exprs[h];
        if special {
            if let Some(r) = self.special.and_then(|f| f(h, e, depth)) {
                return r;
            }
        }
        let sub = |x: Handle<Expression>| self.eval_at(exprs, x, depth + 1, special);
        let ty = exprs.ty(h);
        let rules = self.rules;
        Some(match *e {
            Expression::Literal(l) => Value::Scalar(l),
            Expression::ZeroValue(t) => self.zero(t)?,
            Expression::Compose { ref components } => {
                let mut parts = Vec::new();
                let vector = matches!(self.inner(ty), TypeInner::Vector { .. });
                for &c in components {
                    match (vector, sub(c)?) {
                        (true, Value::Composite(inner)) => parts.extend(inner),
                        (_, v) => parts.push(v),
                    }
                }
                Value::Composite(parts)
            }
            Expression::Splat { value } => {
                let v = sub(value)?;
                let n = match *self.inner(ty) {
                    TypeInner::Scalar(_) => 1,
                    TypeInner::Vector { size, .. } => size as usize,
                    _ => return None,
                };
                Value::Composite(vec![v; n])
            }
            Expression::Swizzle { vector, pattern } => {
                let Value::Composite(v) = sub(vector)? else { return None };
                let n = match *self.inner(ty) {
                    TypeInner::Scalar(_) => 1,
                    TypeInner::Vector { size, .. } => size as usize,
                    _ => return None,
                };
                Value::Composite(pattern[..n].iter().map(|&i| v.get(i as usize).cloned()).collect::<Option<_>>()?)
            }
            Expression::AccessIndex { base, index } => {
                let Value::Composite(v) = sub(base)? else { return None };
                v.get(index as usize)?.clone()
            }
            Expression::Access { base, index } => {
                let i = sub(index)?.as_i64()?;
                let Value::Composite(v) = sub(base)? else { return None };
                v.get(usize::try_from(i).ok()?)?.clone()
            }
            Expression::Unary { op, expr } => map1(&sub(expr)?, &mut |l| unary(rules, op, l).ok())?,
            Expression::Binary { op, left, right } => {
                let (a, b) = (sub(left)?, sub(right)?);
                let matrix = |x| matches!(self.inner(exprs.ty(x)), TypeInner::Matrix { .. });
                if op == BinaryOp::Multiply && (matrix(left) || matrix(right)) {
                    return None;
                }
                let rs = self.inner(ty).scalar()?;
                // `==` on vectors gives a bool vector here; All/Any reduce it.
                map2(&a, &b, &|x, y| binary(rules, op, x, y, rs).ok())?
            }
            Expression::Relational { fun, argument } => Value::Scalar(relational(fun, &sub(argument)?)?),
            Expression::Select { condition, accept, reject } => select(&sub(condition)?, sub(accept)?, sub(reject)?)?,
            Expression::Convert { expr, to } => map1(&sub(expr)?, &mut |l| rules.convert(l, to))?,
            Expression::Override(o) => self.override_default(o)?,
            Expression::Math { fun, ref args } => {
                let vals: Vec<Value> = args.iter().map(|&a| sub(a)).collect::<Option<_>>()?;
                let rs = self.inner(ty).scalar()?;
                math(rules, fun, &vals, rs).ok()?
            }
            _ => return None,
        })
    }

    /// The zero value of `t`, when it has a constant one.
    pub fn zero(&self, t: Handle<Type>) -> Option<Value> {
        let zero = |s| Value::Scalar(make_literal(s, Num::I(0)));
        Some(match *self.inner(t) {
            TypeInner::Scalar(s) => zero(s),
            TypeInner::Vector { size, scalar } => Value::Composite(vec![zero(scalar); size as usize]),
            TypeInner::Matrix { columns, rows, scalar } => {
                Value::Composite(vec![Value::Composite(vec![zero(scalar); rows as usize]); columns as usize])
            }
            TypeInner::Array { base, size: ArraySize::Constant(n), .. } => Value::Composite(vec![self.zero(base)?; n as usize]),
            TypeInner::Struct { ref members, .. } => {
                Value::Composite(members.iter().map(|m| self.zero(m.ty)).collect::<Option<_>>()?)
            }
            _ => return None,
        })
    }
}

/// Applies `f` to every scalar of `v`.
pub fn map1<L: Copy, M: Copy>(v: &Value<L>, f: &mut dyn FnMut(L) -> Option<M>) -> Option<Value<M>> {
    Some(match v {
        Value::Scalar(l) => Value::Scalar(f(*l)?),
        Value::Composite(c) => Value::Composite(c.iter().map(|x| map1(x, f)).collect::<Option<_>>()?),
    })
}

/// Applies `f` to every scalar of `v`, stopping at the first fault.
pub fn try_map1<L: Copy>(v: &Value<L>, f: &dyn Fn(L) -> Result<L, Fault>) -> Result<Value<L>, Fault> {
    Ok(match v {
        Value::Scalar(l) => Value::Scalar(f(*l)?),
        Value::Composite(c) => Value::Composite(c.iter().map(|x| try_map1(x, f)).collect::<Result<_, _>>()?),
    })
}

/// Applies `f` component-wise, stopping at the first fault; a scalar operand is used with every
/// component of the other. Composites of different lengths are [`Fault::NotConst`].
pub fn try_map2<L: Copy>(a: &Value<L>, b: &Value<L>, f: &dyn Fn(L, L) -> Result<L, Fault>) -> Result<Value<L>, Fault> {
    Ok(match (a, b) {
        (Value::Scalar(x), Value::Scalar(y)) => Value::Scalar(f(*x, *y)?),
        (Value::Composite(x), Value::Composite(y)) if x.len() == y.len() => {
            Value::Composite(x.iter().zip(y).map(|(p, q)| try_map2(p, q, f)).collect::<Result<_, _>>()?)
        }
        (Value::Composite(x), s @ Value::Scalar(_)) => {
            Value::Composite(x.iter().map(|p| try_map2(p, s, f)).collect::<Result<_, _>>()?)
        }
        (s @ Value::Scalar(_), Value::Composite(y)) => {
            Value::Composite(y.iter().map(|q| try_map2(s, q, f)).collect::<Result<_, _>>()?)
        }
        _ => return Err(Fault::NotConst),
    })
}

/// [`try_map2`] with `None` for any fault.
fn map2<L: Copy>(a: &Value<L>, b: &Value<L>, f: &dyn Fn(L, L) -> Option<L>) -> Option<Value<L>> {
    try_map2(a, b, &|x, y| f(x, y).ok_or(Fault::NotConst)).ok()
}

/// `all` / `any` of a bool scalar or vector (GLSL `all`/`any`, WGSL §17.3, SPIR-V
/// `OpAll`/`OpAny`); `None` for other functions or operands.
pub fn relational<L: ConstScalar>(fun: RelationalFunction, v: &Value<L>) -> Option<L> {
    let bools = v.components()?.into_iter().map(L::as_bool).collect::<Option<Vec<bool>>>()?;
    Some(L::from_bool(match fun {
        RelationalFunction::All => bools.iter().all(|b| *b),
        RelationalFunction::Any => bools.iter().any(|b| *b),
        _ => return None,
    }))
}

/// `select`: `accept` where the condition is true, else `reject`; a bool vector condition
/// picks component-wise from vectors of its size (SPIR-V `OpSelect`, WGSL §17.3).
pub fn select<L: ConstScalar>(condition: &Value<L>, accept: Value<L>, reject: Value<L>) -> Option<Value<L>> {
    match condition {
        Value::Scalar(c) => Some(if c.as_bool()? { accept } else { reject }),
        Value::Composite(cs) => {
            let (Value::Composite(a), Value::Composite(r)) = (accept, reject) else { return None };
            if a.len() != cs.len() || r.len() != cs.len() {
                return None;
            }
            let pick = |(c, (a, r)): (&Value<L>, (Value<L>, Value<L>))| match c {
                Value::Scalar(c) => Some(if c.as_bool()? { a } else { r }),
                Value::Composite(_) => None,
            };
            Some(Value::Composite(cs.iter().zip(a.into_iter().zip(r)).map(pick).collect::<Option<_>>()?))
        }
    }
}

/// One scalar of a unary operation.
pub fn unary(rules: Rules, op: UnaryOp, l: Literal) -> Result<Literal, Fault> {
    let s = l.scalar();
    match (op, num(l)) {
        (UnaryOp::Negate, Num::I(i)) if rules == Rules::Checked => Ok(make_literal(s, Num::I(-i))),
        (UnaryOp::Negate, Num::I(i)) => rules.int(s, -i),
        (UnaryOp::Negate, Num::F(f)) => Ok(make_literal(s, Num::F(-f))),
        (UnaryOp::LogicalNot, Num::B(b)) => Ok(Literal::Bool(!b)),
        // Bitwise operators work on the two's complement pattern.
        (UnaryOp::BitwiseNot, Num::I(i)) => Ok(make_literal(s, Num::I(!i))),
        _ => Err(Fault::NotConst),
    }
}

/// One scalar of a binary operation whose result's scalar type is `rs` (the shift amount may
/// have another type than the shifted value; otherwise both operands have one type).
pub fn binary(rules: Rules, op: BinaryOp, a: Literal, b: Literal, rs: Scalar) -> Result<Literal, Fault> {
    let s = a.scalar();
    let bits = u32::from(s.width) * 8;
    let wrap = |v: i128| Ok(make_literal(s, Num::I(v)));
    let bool = |b: bool| Ok(Literal::Bool(b));
    // WGSL: `+`, `-` and `*` of concrete 32-bit integers wrap (modulo 2^32) in const- and
    // override-expressions too; only AbstractInt (evaluated as i64) overflow is a fault (Tint's
    // and naga's evaluators agree).
    let sum_rules = if rules == Rules::Checked && s.width == 4 { Rules::Wrap } else { rules };
    match (num(a), num(b)) {
        (Num::I(x), Num::I(y)) => match op {
            BinaryOp::Add => sum_rules.int(s, x + y),
            BinaryOp::Subtract => sum_rules.int(s, x - y),
            // Only a 64-bit product can leave `i128`; it wraps there as the bits it keeps do.
            BinaryOp::Multiply => match x.checked_mul(y) {
                Some(v) => sum_rules.int(s, v),
                None if rules == Rules::Wrap => wrap(x.wrapping_mul(y)),
                None => Err(Fault::IntOverflow(x.wrapping_mul(y))),
            },
            BinaryOp::Divide | BinaryOp::Modulo => {
                check_divisor(y)?;
                rules.int(s, if op == BinaryOp::Divide { x / y } else { x % y })
            }
            BinaryOp::And => wrap(x & y),
            BinaryOp::InclusiveOr => wrap(x | y),
            BinaryOp::ExclusiveOr => wrap(x ^ y),
            BinaryOp::ShiftLeft | BinaryOp::ShiftRight => {
                check_shift_amount(y, bits)?;
                if op == BinaryOp::ShiftRight {
                    return wrap(x >> y);
                }
                // WGSL §8.9: in a const-expression the bits shifted out must all equal the
                // result's sign bit, i.e. `x * 2^y` fits.
                let v = x << y;
                if rules == Rules::Checked && rules.literal(s, Num::I(v)).is_none() {
                    return Err(Fault::ShiftOverflow { value: x, amount: y });
                }
                wrap(v)
            }
            _ => compare(op, x.partial_cmp(&y)),
        },
        (Num::F(x), Num::F(y)) => match op {
            BinaryOp::Divide | BinaryOp::Modulo if rules == Rules::Checked && y == 0.0 => Err(Fault::FloatDivideByZero),
            BinaryOp::Add => rules.float(rs, x + y),
            BinaryOp::Subtract => rules.float(rs, x - y),
            BinaryOp::Multiply => rules.float(rs, x * y),
            BinaryOp::Divide => rules.float(rs, x / y),
            // Truncated remainder (`OpFRem`, WGSL §8.7).
            BinaryOp::Modulo => rules.float(rs, x % y),
            _ => compare(op, x.partial_cmp(&y)),
        },
        (Num::B(x), Num::B(y)) => match op {
            BinaryOp::LogicalAnd | BinaryOp::And => bool(x && y),
            BinaryOp::LogicalOr | BinaryOp::InclusiveOr => bool(x || y),
            BinaryOp::Equal => bool(x == y),
            BinaryOp::NotEqual | BinaryOp::ExclusiveOr => bool(x != y),
            _ => Err(Fault::NotConst),
        },
        _ => Err(Fault::NotConst),
    }
}

/// A comparison operator on operands ordered `o` (`None`: unordered, a NaN).
fn compare(op: BinaryOp, o: Option<std::cmp::Ordering>) -> Result<Literal, Fault> {
    use std::cmp::Ordering as O;
    Ok(Literal::Bool(match op {
        BinaryOp::Equal => o == Some(O::Equal),
        BinaryOp::NotEqual => o != Some(O::Equal),
        BinaryOp::Less => o == Some(O::Less),
        BinaryOp::LessEqual => matches!(o, Some(O::Less | O::Equal)),
        BinaryOp::Greater => o == Some(O::Greater),
        BinaryOp::GreaterEqual => matches!(o, Some(O::Greater | O::Equal)),
        _ => return Err(Fault::NotConst),
    }))
}

/// Built-in functions that are constant expressions when their arguments are (GLSL 4.60 §8 via
/// §4.3.3): component-wise ones (scalars broadcast to the vector size) and the geometric ones.
/// Floats are computed in f64 and rounded once to the result type `rs`, as glslang folds.
/// Under [`Rules::Checked`] an integer `abs` wraps as negation does (WGSL §17.5.1: the most
/// negative value is its own absolute value), and a one-argument float function faults when
/// its result has no real value ([`Fault::NoRealValue`]), and any float result that leaves `rs`
/// or is not finite is a fault ([`Fault::FloatOverflow`]).
pub fn math(rules: Rules, fun: MathFunction, vals: &[Value], rs: Scalar) -> Result<Value, Fault> {
    let value = math_value(rules, fun, vals, rs)?;
    // Every built-in's float result, as every operator's (`Rules::float`): under
    // [`Rules::Checked`] an infinity or a NaN is a fault (`length(vec2(3e38f, 3e38f))`,
    // `log(0.0)`, `pow(10f, 50f)`).
    if rules == Rules::Checked {
        try_map1(&value, &|l| match num(l) {
            Num::F(r) if !r.is_finite() => Err(Fault::FloatOverflow(r)),
            _ => Ok(l),
        })?;
    }
    Ok(value)
}

fn math_value(rules: Rules, fun: MathFunction, vals: &[Value], rs: Scalar) -> Result<Value, Fault> {
    use MathFunction as M;
    match (fun, vals) {
        (_, [v]) if float1(fun, 0.0).is_some() => try_map1(v, &|l| match num(l) {
            Num::F(x) => {
                let r = float1(fun, x).ok_or(Fault::NotConst)?;
                if rules == Rules::Checked && r.is_nan() && !x.is_nan() {
                    return Err(Fault::NoRealValue(x));
                }
                rules.float(rs, r)
            }
            _ => Err(Fault::NotConst),
        }),
        (M::Abs, [v]) => try_map1(v, &|l| match num(l) {
            Num::F(x) => Ok(make_literal(rs, Num::F(x.abs()))),
            Num::I(x) if rules == Rules::Checked => Ok(make_literal(rs, Num::I(x.abs()))),
            Num::I(x) => rules.int(rs, x.abs()),
            _ => Err(Fault::NotConst),
        }),
        (M::Min | M::Max, [a, b]) => map2(a, b, &|a, b| match (num(a), num(b)) {
            (Num::F(x), Num::F(y)) => Some(make_literal(rs, Num::F(if fun == M::Min { x.min(y) } else { x.max(y) }))),
            (Num::I(x), Num::I(y)) => Some(make_literal(rs, Num::I(if fun == M::Min { x.min(y) } else { x.max(y) }))),
            _ => None,
        })
        .ok_or(Fault::NotConst),
        (M::Pow, [a, b]) => map2(a, b, &|a, b| match (num(a), num(b)) {
            (Num::F(x), Num::F(y)) => Some(make_literal(rs, Num::F(x.powf(y)))),
            _ => None,
        })
        .ok_or(Fault::NotConst),
        _ => math_more(fun, vals, rs, rules == Rules::Checked).ok_or(Fault::NotConst),
    }
}

/// `x * 2^e` (WGSL's and GLSL's `ldexp`) as a literal of the float type `s`: exact in `f64`
/// (the power applied in steps, so that no step overflows or underflows where the product
/// does not), then rounded once; under [`Rules::Checked`] a result that leaves `s` is a
/// fault (WGSL §8: `ldexp(1f, 128)` is not representable). The caller checks WGSL's bound on
/// `e` itself.
pub fn ldexp(rules: Rules, s: Scalar, x: f64, e: i128) -> Result<Literal, Fault> {
    // Beyond ±2400 every finite `x` overflows or underflows `f64` anyway.
    let mut e = e.clamp(-2400, 2400) as i32;
    let mut r = x;
    while e > 512 {
        r *= 2f64.powi(512);
        e -= 512;
    }
    while e < -512 {
        r *= 2f64.powi(-512);
        e += 512;
    }
    rules.float(s, r * 2f64.powi(e))
}

/// The determinant of the square matrix `columns` (column-major, `columns[c][r]`) as a literal
/// of the float type `s`, by cofactor expansion along the first row, every product and sum
/// rounded to `s` (WGSL: a const-expression of f32 values is evaluated in f32, so
/// `determinant(mat2x2f(1e30, 0, 0, 1e30))` overflows in `1e30 * 1e30`, as Tint finds); under
/// [`Rules::Checked`] a step that leaves `s` is a fault.
pub fn determinant(rules: Rules, s: Scalar, columns: &[Vec<f64>]) -> Result<Literal, Fault> {
    fn det(rules: Rules, s: Scalar, m: &[Vec<f64>]) -> Result<f64, Fault> {
        let q = |v: f64| rules.float(s, v).map(|l| num(l).as_f64());
        match m {
            [] => Ok(1.0),
            [a] => Ok(a[0]),
            _ => {
                let mut sum = 0.0;
                for c in 0..m.len() {
                    // The minor without column `c` and row 0.
                    let minor: Vec<Vec<f64>> = m.iter().enumerate().filter(|&(k, _)| k != c).map(|(_, col)| col[1..].to_vec()).collect();
                    let term = q(m[c][0] * det(rules, s, &minor)?)?;
                    sum = q(if c % 2 == 0 { sum + term } else { sum - term })?;
                }
                Ok(sum)
            }
        }
    }
    rules.float(s, det(rules, s, columns)?)
}

/// The one-argument float functions, in `f64` (the caller rounds to the result type).
pub fn float1(fun: MathFunction, x: f64) -> Option<f64> {
    use MathFunction as M;
    Some(match fun {
        M::Sqrt => x.sqrt(),
        M::InverseSqrt => 1.0 / x.sqrt(),
        M::Sin => x.sin(),
        M::Cos => x.cos(),
        M::Tan => x.tan(),
        M::Asin => x.asin(),
        M::Acos => x.acos(),
        M::Atan => x.atan(),
        M::Sinh => x.sinh(),
        M::Cosh => x.cosh(),
        M::Tanh => x.tanh(),
        M::Asinh => x.asinh(),
        M::Acosh => x.acosh(),
        M::Atanh => x.atanh(),
        M::Exp => x.exp(),
        M::Exp2 => x.exp2(),
        M::Log => x.ln(),
        M::Log2 => x.log2(),
        M::Floor => x.floor(),
        M::Ceil => x.ceil(),
        M::Trunc => x.trunc(),
        // GLSL leaves round()'s halfway direction to the implementation; glslang rounds half
        // away from zero there and half to even in roundEven() (WGSL's `round`).
        M::Round => x.round(),
        M::RoundEven => x.round_ties_even(),
        M::Fract => x - x.floor(),
        M::Radians => x.to_radians(),
        M::Degrees => x.to_degrees(),
        M::Saturate => x.clamp(0.0, 1.0),
        _ => return None,
    })
}

/// The components of a scalar or vector constant as numbers.
fn components(v: &Value) -> Option<Vec<Num>> {
    Some(v.components()?.into_iter().map(num).collect())
}

fn float_components(v: &Value) -> Option<Vec<f64>> {
    components(v)?
        .into_iter()
        .map(|n| match n {
            Num::F(x) => Some(x),
            _ => None,
        })
        .collect()
}

/// The integer bit functions (GLSL.std.450 FindILsb/FindSMsb/FindUMsb, `OpBitCount`,
/// `OpBitReverse`; WGSL §17.5) of one 32- or 64-bit integer component, over the bits of its
/// type: the result as a number (its two's complement pattern for `reverseBits`; -1 where
/// `firstLeadingBit`/`firstTrailingBit` find no bit, which a `u32` result holds as
/// `0xFFFFFFFF`). `None` for other literals.
fn bit_function(fun: MathFunction, l: Literal) -> Option<i128> {
    use MathFunction as M;
    let (bits, width, signed) = match l {
        Literal::I32(x) => (u64::from(x as u32), 32u32, true),
        Literal::U32(x) => (u64::from(x), 32, false),
        Literal::I64(x) => (x as u64, 64, true),
        Literal::U64(x) => (x, 64, false),
        _ => return None,
    };
    let unused = 64 - width;
    let mask = u64::MAX >> unused;
    Some(match fun {
        M::CountOneBits => i128::from(bits.count_ones()),
        M::ReverseBits => i128::from(bits.reverse_bits() >> unused),
        M::CountLeadingZeros => i128::from(bits.leading_zeros() - unused),
        M::CountTrailingZeros => i128::from(if bits == 0 { width } else { bits.trailing_zeros() }),
        M::FirstTrailingBit => if bits == 0 { -1 } else { i128::from(bits.trailing_zeros()) },
        M::FirstLeadingBit => {
            // Signed: the highest bit that differs from the sign bit.
            let b = if signed && bits >> (width - 1) & 1 == 1 { !bits & mask } else { bits };
            if b == 0 { -1 } else { i128::from(63 - b.leading_zeros()) }
        }
        _ => return None,
    })
}

/// `in_type`: the geometric functions round every intermediate result to `rs` (WGSL: a
/// const-expression of f32 values is evaluated in f32, so `length(vec2(3e19f, 4e19f))`
/// overflows in its squares, as naga and Tint find); otherwise they round once at the end.
fn math_more(fun: MathFunction, vals: &[Value], rs: Scalar, in_type: bool) -> Option<Value> {
    use MathFunction as M;
    let q = |x: f64| -> f64 {
        match num(make_literal(rs, Num::F(x))) {
            Num::F(r) if in_type => r,
            _ => x,
        }
    };
    let geometric = |f: &dyn Fn(&[Vec<f64>]) -> Option<Vec<f64>>| -> Option<Value> {
        let args: Vec<Vec<f64>> = vals.iter().map(float_components).collect::<Option<_>>()?;
        let out = f(&args)?;
        let lit = |x: f64| Value::Scalar(make_literal(rs, Num::F(x)));
        let scalar_result =
            matches!(fun, M::Length | M::Distance | M::Dot) || matches!(vals.first(), Some(Value::Scalar(_)));
        Some(if scalar_result && out.len() == 1 { lit(out[0]) } else { Value::Composite(out.into_iter().map(lit).collect()) })
    };
    let dot = |a: &[f64], b: &[f64]| -> f64 { a.iter().zip(b).fold(0.0, |s, (x, y)| q(s + q(x * y))) };
    match (fun, vals) {
        (M::CountOneBits | M::ReverseBits | M::CountLeadingZeros | M::CountTrailingZeros | M::FirstLeadingBit | M::FirstTrailingBit, [v]) => {
            return map1(v, &mut |l| Some(make_literal(rs, Num::I(bit_function(fun, l)?))));
        }
        _ => {}
    }
    match fun {
        M::Length => return geometric(&|a| Some(vec![q(dot(&a[0], &a[0]).sqrt())])),
        M::Distance => {
            return geometric(&|a| {
                let d: Vec<f64> = a[0].iter().zip(&a[1]).map(|(x, y)| q(x - y)).collect();
                Some(vec![q(dot(&d, &d).sqrt())])
            })
        }
        M::Dot => return geometric(&|a| Some(vec![dot(&a[0], &a[1])])),
        M::Normalize => {
            return geometric(&|a| {
                let l = q(dot(&a[0], &a[0]).sqrt());
                Some(a[0].iter().map(|x| x / l).collect())
            })
        }
        M::Cross => {
            return geometric(&|a| match (a[0].as_slice(), a[1].as_slice()) {
                ([x1, y1, z1], [x2, y2, z2]) => {
                    Some(vec![q(q(y1 * z2) - q(z1 * y2)), q(q(z1 * x2) - q(x1 * z2)), q(q(x1 * y2) - q(y1 * x2))])
                }
                _ => None,
            })
        }
        M::Reflect => {
            return geometric(&|a| {
                let d = dot(&a[1], &a[0]);
                Some(a[0].iter().zip(&a[1]).map(|(i, n)| q(i - q(q(2.0 * d) * n))).collect())
            })
        }
        M::FaceForward => {
            return geometric(&|a| {
                let keep = dot(&a[2], &a[1]) < 0.0;
                Some(a[0].iter().map(|n| if keep { *n } else { -n }).collect())
            })
        }
        _ => {}
    }
    // Component-wise: broadcast scalars to the widest argument.
    let args: Vec<Vec<Num>> = vals.iter().map(components).collect::<Option<_>>()?;
    let n = args.iter().map(Vec::len).max()?;
    if args.iter().any(|a| a.len() != 1 && a.len() != n) {
        return None;
    }
    let at = |i: usize, c: usize| -> Num { if args[i].len() == 1 { args[i][0] } else { args[i][c] } };
    let mut out = Vec::with_capacity(n);
    for c in 0..n {
        let f = |i: usize| match at(i, c) {
            Num::F(x) => Some(x),
            _ => None,
        };
        let value = match fun {
            M::Atan2 => Num::F(f(0)?.atan2(f(1)?)),
            M::FloorMod => {
                let (x, y) = (f(0)?, f(1)?);
                Num::F(x - y * (x / y).floor())
            }
            M::Sign => match at(0, c) {
                Num::F(x) => Num::F(if x > 0.0 {
                    1.0
                } else if x < 0.0 {
                    -1.0
                } else {
                    0.0
                }),
                Num::I(x) => Num::I(x.signum()),
                Num::B(_) => return None,
            },
            M::Clamp => match (at(0, c), at(1, c), at(2, c)) {
                (Num::F(x), Num::F(lo), Num::F(hi)) => Num::F(x.max(lo).min(hi)),
                (Num::I(x), Num::I(lo), Num::I(hi)) => Num::I(x.max(lo).min(hi)),
                _ => return None,
            },
            M::Mix => {
                let (x, y, a) = (f(0)?, f(1)?, f(2)?);
                Num::F(x * (1.0 - a) + y * a)
            }
            M::Step => Num::F(if f(1)? < f(0)? { 0.0 } else { 1.0 }),
            M::SmoothStep => {
                let (e0, e1, x) = (f(0)?, f(1)?, f(2)?);
                let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
                Num::F(t * t * (3.0 - 2.0 * t))
            }
            M::Fma => Num::F(f(0)?.mul_add(f(1)?, f(2)?)),
            _ => return None,
        };
        out.push(Value::Scalar(make_literal(rs, value)));
    }
    Some(if n == 1 && vals.iter().all(|v| matches!(v, Value::Scalar(_))) { out.pop()? } else { Value::Composite(out) })
}
