//! `ir::consteval`, the one constant evaluator: where the two rule sets agree and where they
//! differ. Expected values are two's complement and IEEE facts, computed here independently
//! with Rust's own wrapping/checked arithmetic.

use shader_core::ir::consteval::{self, Evaluator, Fault, Rules, Value};
use shader_core::ir::*;
use shader_core::span::Span;

fn lit(m: &mut Module, l: Literal) -> Handle<Expression> {
    let ty = m.ty(TypeInner::Scalar(l.scalar()));
    m.const_expressions.append(Expression::Literal(l), ty, Span::default())
}

fn binary(m: &mut Module, op: BinaryOp, left: Handle<Expression>, right: Handle<Expression>) -> Handle<Expression> {
    let ty = m.const_expressions.ty(left);
    let ty = match op {
        BinaryOp::Equal | BinaryOp::NotEqual | BinaryOp::Less | BinaryOp::LessEqual | BinaryOp::Greater | BinaryOp::GreaterEqual => {
            m.ty(TypeInner::Scalar(Scalar::BOOL))
        }
        _ => ty,
    };
    m.const_expressions.append(Expression::Binary { op, left, right }, ty, Span::default())
}

fn eval(m: &Module, rules: Rules, h: Handle<Expression>) -> Option<Value> {
    Evaluator::new(m, rules).eval(&m.const_expressions, h)
}

fn scalar(l: Literal) -> Option<Value> {
    Some(Value::Scalar(l))
}

#[test]
fn integer_overflow_wraps_under_wrap_and_has_no_value_under_exact() {
    let mut m = Module::default();
    let max = lit(&mut m, Literal::I32(i32::MAX));
    let one = lit(&mut m, Literal::I32(1));
    let sum = binary(&mut m, BinaryOp::Add, max, one);
    assert_eq!(eval(&m, Rules::Wrap, sum), scalar(Literal::I32(i32::MAX.wrapping_add(1))));
    assert_eq!(eval(&m, Rules::Exact, sum), None);
    let min = lit(&mut m, Literal::I32(i32::MIN));
    let minus_one = lit(&mut m, Literal::I32(-1));
    let quotient = binary(&mut m, BinaryOp::Divide, min, minus_one);
    assert_eq!(eval(&m, Rules::Wrap, quotient), scalar(Literal::I32(i32::MIN.wrapping_div(-1))));
    assert_eq!(eval(&m, Rules::Exact, quotient), None);
    // In range, both agree.
    let diff = binary(&mut m, BinaryOp::Subtract, one, max);
    assert_eq!(eval(&m, Rules::Wrap, diff), scalar(Literal::I32(1 - i32::MAX)));
    assert_eq!(eval(&m, Rules::Exact, diff), scalar(Literal::I32(1 - i32::MAX)));
}

#[test]
fn bitwise_operators_work_on_the_bit_pattern_under_both_rules() {
    let mut m = Module::default();
    let five = lit(&mut m, Literal::U32(5));
    let u32_ = m.ty(TypeInner::Scalar(Scalar::U32));
    let not = m.const_expressions.append(Expression::Unary { op: UnaryOp::BitwiseNot, expr: five }, u32_, Span::default());
    let thirty_one = lit(&mut m, Literal::U32(31));
    let shifted = binary(&mut m, BinaryOp::ShiftLeft, five, thirty_one);
    for rules in [Rules::Wrap, Rules::Exact] {
        assert_eq!(eval(&m, rules, not), scalar(Literal::U32(!5u32)), "{rules:?}");
        assert_eq!(eval(&m, rules, shifted), scalar(Literal::U32(5u32 << 31)), "{rules:?}");
    }
    // A shift by the width or more is not a constant under either rule.
    let thirty_two = lit(&mut m, Literal::U32(32));
    let too_far = binary(&mut m, BinaryOp::ShiftLeft, five, thirty_two);
    assert_eq!(eval(&m, Rules::Wrap, too_far), None);
    assert_eq!(eval(&m, Rules::Exact, too_far), None);
}

#[test]
fn conversions_truncate_and_exact_rejects_what_does_not_fit() {
    let mut m = Module::default();
    let u32_ = m.ty(TypeInner::Scalar(Scalar::U32));
    let i32_ = m.ty(TypeInner::Scalar(Scalar::I32));
    let f = lit(&mut m, Literal::F32(-2.9));
    let to_int = m.const_expressions.append(Expression::Convert { expr: f, to: Scalar::I32 }, i32_, Span::default());
    let to_uint = m.const_expressions.append(Expression::Convert { expr: f, to: Scalar::U32 }, u32_, Span::default());
    let minus_one = lit(&mut m, Literal::I32(-1));
    let bits = m.const_expressions.append(Expression::Convert { expr: minus_one, to: Scalar::U32 }, u32_, Span::default());
    for rules in [Rules::Wrap, Rules::Exact] {
        assert_eq!(eval(&m, rules, to_int), scalar(Literal::I32(-2)), "{rules:?}");
    }
    assert_eq!(eval(&m, Rules::Wrap, bits), scalar(Literal::U32(-1i32 as u32)));
    assert_eq!(eval(&m, Rules::Exact, bits), None);
    assert_eq!(eval(&m, Rules::Exact, to_uint), None);
}

#[test]
fn overrides_evaluate_at_their_defaults_and_composites_component_wise() {
    let mut m = Module::default();
    let f32_ = m.ty(TypeInner::Scalar(Scalar::F32));
    let vec2 = m.ty(TypeInner::Vector { size: VectorSize::Bi, scalar: Scalar::F32 });
    let half = lit(&mut m, Literal::F32(0.5));
    let o = m.overrides.append(Override { name: Some("k".into()), id: Some(0), ty: f32_, init: Some(half) }, Span::default());
    let k = m.const_expressions.append(Expression::Override(o), f32_, Span::default());
    let three = lit(&mut m, Literal::F32(3.0));
    let v = m.const_expressions.append(Expression::Compose { components: vec![k, three] }, vec2, Span::default());
    let scaled = m.const_expressions.append(Expression::Binary { op: BinaryOp::Multiply, left: v, right: three }, vec2, Span::default());
    let y = m.const_expressions.append(Expression::AccessIndex { base: scaled, index: 1 }, f32_, Span::default());
    assert_eq!(
        eval(&m, Rules::Exact, scaled),
        Some(Value::Composite(vec![Value::Scalar(Literal::F32(1.5)), Value::Scalar(Literal::F32(9.0))]))
    );
    assert_eq!(eval(&m, Rules::Wrap, y), scalar(Literal::F32(9.0)));
    // An override without a default has no value.
    let none = m.overrides.append(Override { name: Some("n".into()), id: Some(1), ty: f32_, init: None }, Span::default());
    let n = m.const_expressions.append(Expression::Override(none), f32_, Span::default());
    assert_eq!(eval(&m, Rules::Exact, n), None);
}

#[test]
fn checked_rules_report_each_fault_that_wgsl_makes_an_error() {
    use consteval::{binary, unary};
    let c = Rules::Checked;
    // AbstractInt results (evaluated as i64) must fit, and the fault carries the exact value;
    // `+`, `-` and `*` of concrete 32-bit integers wrap (Tint's const evaluator: `Eval::Add`,
    // `Sub`, `Mul` fault only for abstract and float types; naga accepts `2147483647i + 1i`).
    let sum = binary(c, BinaryOp::Add, Literal::I64(i64::MAX), Literal::I64(1), Scalar::I64);
    assert_eq!(sum, Err(Fault::IntOverflow(i64::MAX as i128 + 1)));
    assert_eq!(binary(c, BinaryOp::Add, Literal::I32(i32::MAX), Literal::I32(1), Scalar::I32), Ok(Literal::I32(i32::MIN)));
    assert_eq!(binary(c, BinaryOp::Multiply, Literal::U32(1 << 31), Literal::U32(2), Scalar::U32), Ok(Literal::U32(0)));
    assert_eq!(binary(c, BinaryOp::Subtract, Literal::U32(0), Literal::U32(1), Scalar::U32), Ok(Literal::U32(u32::MAX)));
    let quotient = binary(c, BinaryOp::Divide, Literal::I32(i32::MIN), Literal::I32(-1), Scalar::I32);
    assert_eq!(quotient, Err(Fault::IntOverflow(i32::MAX as i128 + 1)), "i32::MIN / -1 stays an error (as in Tint)");
    assert_eq!(binary(c, BinaryOp::Add, Literal::I32(2), Literal::I32(3), Scalar::I32), Ok(Literal::I32(5)));
    // Division by zero and shift widths: faults under every rule set.
    for rules in [Rules::Wrap, Rules::Exact, Rules::Checked] {
        let q = binary(rules, BinaryOp::Modulo, Literal::U32(7), Literal::U32(0), Scalar::U32);
        assert_eq!(q, Err(Fault::DivideByZero), "{rules:?}");
        let s = binary(rules, BinaryOp::ShiftRight, Literal::I64(7), Literal::U32(64), Scalar::I64);
        assert_eq!(s, Err(Fault::ShiftWidth { amount: 64, bits: 64 }), "{rules:?}");
    }
    // A left shift that loses bits: the pattern under Exact, a fault under Checked.
    let lost = |rules| binary(rules, BinaryOp::ShiftLeft, Literal::U32(5), Literal::U32(31), Scalar::U32);
    assert_eq!(lost(Rules::Exact), Ok(Literal::U32(5u32 << 31)));
    assert_eq!(lost(c), Err(Fault::ShiftOverflow { value: 5, amount: 31 }));
    assert_eq!(binary(c, BinaryOp::ShiftLeft, Literal::I32(-1), Literal::U32(31), Scalar::I32), Ok(Literal::I32(i32::MIN)));
    // Integer negation wraps under Checked (WGSL §8.6), has no value under Exact.
    assert_eq!(unary(c, UnaryOp::Negate, Literal::I32(i32::MIN)), Ok(Literal::I32(i32::MIN.wrapping_neg())));
    assert_eq!(unary(Rules::Exact, UnaryOp::Negate, Literal::I32(i32::MIN)), Err(Fault::IntOverflow(-(i32::MIN as i128))));
    // A float result that leaves its type, and float division by zero: faults only under Checked.
    let big = |rules| binary(rules, BinaryOp::Multiply, Literal::F32(f32::MAX), Literal::F32(2.0), Scalar::F32);
    assert_eq!(big(Rules::Exact), Ok(Literal::F32(f32::INFINITY)));
    assert_eq!(big(c), Err(Fault::FloatOverflow(f32::MAX as f64 * 2.0)));
    let by_zero = |rules| binary(rules, BinaryOp::Divide, Literal::F32(1.0), Literal::F32(0.0), Scalar::F32);
    assert_eq!(by_zero(Rules::Wrap), Ok(Literal::F32(f32::INFINITY)));
    assert_eq!(by_zero(c), Err(Fault::FloatDivideByZero));
    // NaN is unordered: only `!=` holds.
    let nan = |op| binary(Rules::Exact, op, Literal::F32(f32::NAN), Literal::F32(1.0), Scalar::BOOL);
    assert_eq!(nan(BinaryOp::NotEqual), Ok(Literal::Bool(true)));
    for op in [BinaryOp::Equal, BinaryOp::Less, BinaryOp::LessEqual, BinaryOp::Greater, BinaryOp::GreaterEqual] {
        assert_eq!(nan(op), Ok(Literal::Bool(false)), "{op:?}");
    }
    // The float remainder truncates (OpFRem), under every rule set.
    assert_eq!(binary(c, BinaryOp::Modulo, Literal::F32(-7.5), Literal::F32(2.0), Scalar::F32), Ok(Literal::F32(-7.5f32 % 2.0)));
}

#[test]
fn a_64_bit_product_that_leaves_i128_wraps_or_faults() {
    let product = |rules| consteval::binary(rules, BinaryOp::Multiply, Literal::U64(u64::MAX), Literal::U64(u64::MAX), Scalar::U64);
    assert_eq!(product(Rules::Wrap), Ok(Literal::U64(u64::MAX.wrapping_mul(u64::MAX))));
    assert!(matches!(product(Rules::Exact), Err(Fault::IntOverflow(_))));
    assert!(matches!(product(Rules::Checked), Err(Fault::IntOverflow(_))));
}

#[test]
fn checked_conversions_saturate_floats_and_keep_integer_bit_patterns() {
    let c = Rules::Checked;
    assert_eq!(c.convert(Literal::F32(-2.9), Scalar::I32), Some(Literal::I32(-2)));
    assert_eq!(c.convert(Literal::F32(1e10), Scalar::I32), Some(Literal::I32(i32::MAX)));
    assert_eq!(c.convert(Literal::F32(-1e10), Scalar::I32), Some(Literal::I32(i32::MIN)));
    assert_eq!(c.convert(Literal::F32(-1.0), Scalar::U32), Some(Literal::U32(0)));
    assert_eq!(c.convert(Literal::F32(f32::NAN), Scalar::U32), Some(Literal::U32(0)));
    assert_eq!(c.convert(Literal::F64(1e300), Scalar::U64), Some(Literal::U64(u64::MAX)));
    assert_eq!(c.convert(Literal::I32(-1), Scalar::U32), Some(Literal::U32(-1i32 as u32)));
    assert_eq!(c.convert(Literal::U64(u64::MAX), Scalar::I32), Some(Literal::I32(u64::MAX as i32)));
    assert_eq!(c.convert(Literal::F32(0.5), Scalar::BOOL), Some(Literal::Bool(true)));
    // Under Exact the same out-of-range conversions have no value; under Wrap the integer
    // ones wrap.
    assert_eq!(Rules::Exact.convert(Literal::F32(1e10), Scalar::I32), None);
    assert_eq!(Rules::Exact.convert(Literal::I32(-1), Scalar::U32), None);
    assert_eq!(Rules::Wrap.convert(Literal::I32(-1), Scalar::U32), Some(Literal::U32(u32::MAX)));
}

#[test]
fn integer_abs_wraps_under_checked_and_has_no_value_under_exact() {
    let abs = |rules, l: Literal| {
        consteval::math(rules, MathFunction::Abs, &[Value::Scalar(l)], l.scalar())
    };
    assert_eq!(abs(Rules::Checked, Literal::I32(i32::MIN)), Ok(Value::Scalar(Literal::I32(i32::MIN.wrapping_abs()))));
    assert_eq!(abs(Rules::Exact, Literal::I32(i32::MIN)), Err(Fault::IntOverflow(-(i32::MIN as i128))));
    assert_eq!(abs(Rules::Checked, Literal::I32(-5)), Ok(Value::Scalar(Literal::I32(5))));
    assert_eq!(abs(Rules::Checked, Literal::F32(-0.5)), Ok(Value::Scalar(Literal::F32(0.5))));
}

#[test]
fn a_float_function_without_a_real_value_faults_only_under_checked() {
    let f = |rules, fun, l: Literal| consteval::math(rules, fun, &[Value::Scalar(l)], l.scalar());
    for (fun, x) in [(MathFunction::Sqrt, -1.0f32), (MathFunction::Acos, 2.0), (MathFunction::Log, -0.5), (MathFunction::Atanh, 3.0)] {
        assert_eq!(f(Rules::Checked, fun, Literal::F32(x)), Err(Fault::NoRealValue(x as f64)), "{fun:?}({x})");
        // GLSL folds the NaN, as glslang does.
        match f(Rules::Wrap, fun, Literal::F32(x)) {
            Ok(Value::Scalar(Literal::F32(r))) => assert!(r.is_nan(), "{fun:?}({x}) = {r}"),
            other => panic!("{fun:?}({x}) under Wrap: {other:?}"),
        }
    }
    // A NaN argument is not a fault of the function, but under Checked a result that is not
    // finite is (WGSL §8: no const-expression evaluates to a NaN or an infinity); a real
    // result is rounded to the type.
    assert!(matches!(f(Rules::Exact, MathFunction::Sqrt, Literal::F32(f32::NAN)), Ok(Value::Scalar(Literal::F32(r))) if r.is_nan()));
    assert!(matches!(f(Rules::Checked, MathFunction::Sqrt, Literal::F32(f32::NAN)), Err(Fault::FloatOverflow(r)) if r.is_nan()));
    assert!(matches!(f(Rules::Checked, MathFunction::Log, Literal::F32(0.0)), Err(Fault::FloatOverflow(r)) if r == f64::NEG_INFINITY));
    assert_eq!(f(Rules::Checked, MathFunction::Sqrt, Literal::F32(2.0)), Ok(Value::Scalar(Literal::F32(2f64.sqrt() as f32))));
    // exp(100) is finite in f64 but not in f32: an overflow under Checked, infinity otherwise.
    assert_eq!(f(Rules::Checked, MathFunction::Exp, Literal::F32(100.0)), Err(Fault::FloatOverflow(100f64.exp())));
    assert_eq!(f(Rules::Exact, MathFunction::Exp, Literal::F32(100.0)), Ok(Value::Scalar(Literal::F32(f32::INFINITY))));
    // Vectors fault at the first component without a value.
    let v = Value::Composite(vec![Value::Scalar(Literal::F32(4.0)), Value::Scalar(Literal::F32(-4.0))]);
    assert_eq!(consteval::math(Rules::Checked, MathFunction::Sqrt, &[v], Scalar::F32), Err(Fault::NoRealValue(-4.0)));
}

/// WGSL §15.7: AbstractInt converts to AbstractFloat and to every concrete number,
/// AbstractFloat only to concrete floats; the common leaf is the one both reach.
#[test]
fn abstract_leaves_convert_by_the_wgsl_rank_rules() {
    use consteval::{common_leaf, Leaf};
    let (i32_, u32_, f32_, f16_) =
        (Leaf::Concrete(Scalar::I32), Leaf::Concrete(Scalar::U32), Leaf::Concrete(Scalar::F32), Leaf::Concrete(Scalar::F16));
    assert!(Leaf::AInt.converts_to(Leaf::AFloat) && Leaf::AInt.converts_to(u32_) && Leaf::AInt.converts_to(f16_));
    assert!(!Leaf::AFloat.converts_to(i32_) && !Leaf::AFloat.converts_to(Leaf::AInt));
    assert!(!Leaf::AInt.converts_to(Leaf::Concrete(Scalar::BOOL)) && !i32_.converts_to(u32_) && !f32_.converts_to(Leaf::AFloat));
    assert_eq!(common_leaf(Leaf::AInt, f32_), Some(f32_));
    assert_eq!(common_leaf(u32_, Leaf::AInt), Some(u32_));
    assert_eq!(common_leaf(Leaf::AInt, Leaf::AFloat), Some(Leaf::AFloat));
    assert_eq!(common_leaf(Leaf::AFloat, i32_), None);
    assert_eq!(common_leaf(i32_, u32_), None);
    assert_eq!((Leaf::AInt.concretize(), Leaf::AFloat.concretize()), (Scalar::I32, Scalar::F32));
    assert_eq!((Leaf::AInt.ir_scalar(), Leaf::AFloat.ir_scalar()), (Scalar::I64, Scalar::F64));
}

/// An abstract value converts only when it is representable (WGSL §15.7.1); a concrete one
/// converts as a conversion constructor does (float to integer truncates and clamps, §17.1.2).
#[test]
fn abstract_values_convert_exactly_and_concrete_ones_as_constructors_do() {
    use consteval::Leaf;
    let (i32_, u32_, f32_) = (Leaf::Concrete(Scalar::I32), Leaf::Concrete(Scalar::U32), Leaf::Concrete(Scalar::F32));
    assert_eq!(Leaf::AInt.convert_auto(Literal::I64(7), u32_), Some(Literal::U32(7)));
    assert_eq!(Leaf::AInt.convert_auto(Literal::I64(-1), u32_), None);
    assert_eq!(Leaf::AInt.convert_auto(Literal::I64(1 << 31), i32_), None);
    assert_eq!(Leaf::AInt.convert_auto(Literal::I64(3), Leaf::AFloat), Some(Literal::F64(3.0)));
    // 1e39 is finite in f64, not in f32.
    assert_eq!(Leaf::AFloat.convert_auto(Literal::F64(1e39), f32_), None);
    assert_eq!(Leaf::AFloat.convert_auto(Literal::F64(0.1), f32_), Some(Literal::F32(0.1f32)));
    // No automatic conversion from AbstractFloat to an integer, but the constructor converts.
    assert_eq!(Leaf::AFloat.convert_auto(Literal::F64(2.5), i32_), None);
    assert_eq!(Leaf::AFloat.convert(Literal::F64(-1e12), i32_), Some(Literal::I32(i32::MIN)));
    assert_eq!(Leaf::AFloat.convert(Literal::F64(2.5), Leaf::AInt), None);
    // Concrete float to integer rounds toward zero and clamps.
    assert_eq!(f32_.convert(Literal::F32(-2.9), i32_), Some(Literal::I32(-2)));
    assert_eq!(f32_.convert(Literal::F32(1e20), i32_), Some(Literal::I32(i32::MAX)));
    assert_eq!(f32_.convert(Literal::F32(-1.0), u32_), Some(Literal::U32(0)));
    // Integers keep their bit pattern.
    assert_eq!(i32_.convert(Literal::I32(-1), u32_), Some(Literal::U32(u32::MAX)));
    assert_eq!(Leaf::Concrete(Scalar::BOOL).zero(), Literal::Bool(false));
    assert_eq!(Leaf::AFloat.zero(), Literal::F64(0.0));
}

/// A `LeafValue` keeps its leaf through operators: AbstractInt arithmetic is exact (no wrap on
/// negation, unlike a concrete i32), comparisons give `bool`, mixed leaves are not evaluated.
#[test]
fn leaf_values_keep_their_leaf_and_abstract_ints_do_not_wrap() {
    use consteval::{Leaf, LeafValue};
    let min = LeafValue::abstract_int(i64::MIN);
    assert_eq!(min.unary(UnaryOp::Negate), Err(Fault::IntOverflow(-(i64::MIN as i128))));
    let i32_min = LeafValue::concrete(Literal::I32(i32::MIN));
    assert_eq!(i32_min.unary(UnaryOp::Negate).map(LeafValue::literal), Ok(Literal::I32(i32::MIN.wrapping_neg())));
    let (a, b) = (LeafValue::abstract_int(3), LeafValue::abstract_int(4));
    let sum = a.binary(BinaryOp::Add, b).unwrap();
    assert_eq!((sum.leaf(), sum.literal()), (Leaf::AInt, Literal::I64(7)));
    let less = a.binary(BinaryOp::Less, b).unwrap();
    assert_eq!((less.leaf(), less.as_bool()), (Leaf::Concrete(Scalar::BOOL), Some(true)));
    let big = LeafValue::abstract_int(1 << 40).binary(BinaryOp::Multiply, LeafValue::abstract_int(1 << 30));
    assert_eq!(big, Err(Fault::IntOverflow(1i128 << 70)));
    assert_eq!(a.binary(BinaryOp::Add, LeafValue::concrete(Literal::I32(1))), Err(Fault::NotConst));
    // Concretized when nothing else decides: AbstractInt as i32, AbstractFloat as f32.
    assert_eq!(sum.concrete_literal(), Literal::I32(7));
    assert_eq!(LeafValue::abstract_float(0.5).concrete_literal(), Literal::F32(0.5));
    assert_eq!(LeafValue::new(Literal::I32(1), Leaf::AInt), None);
}

/// The component-wise rules are one set for IR literals and for abstract-typed leaves: `map2`
/// broadcasts a scalar and stops at the first fault, `all`/`any`/`select` work on both.
#[test]
fn componentwise_rules_are_shared_by_literals_and_abstract_leaves() {
    use consteval::{relational, select, try_map2, Constant, Leaf, LeafValue};
    let ai = |v: i64| Value::Scalar(LeafValue::abstract_int(v));
    let v = Value::Composite(vec![ai(1), ai(2), ai(3)]);
    let add = |x: LeafValue, y: LeafValue| x.binary(BinaryOp::Add, y);
    assert_eq!(try_map2(&v, &ai(10), &add), Ok(Value::Composite(vec![ai(11), ai(12), ai(13)])));
    assert_eq!(try_map2(&ai(10), &v, &add), Ok(Value::Composite(vec![ai(11), ai(12), ai(13)])));
    // Lengths differ: not evaluated; a fault in one component is the result.
    assert_eq!(try_map2(&v, &Value::Composite(vec![ai(1), ai(2)]), &add), Err(Fault::NotConst));
    let big = Value::Composite(vec![ai(1), ai(i64::MAX), ai(3)]);
    assert_eq!(try_map2(&big, &ai(1), &add), Err(Fault::IntOverflow(i64::MAX as i128 + 1)));

    let b = |x: bool| Value::Scalar(LeafValue::concrete(Literal::Bool(x)));
    let mixed = Value::Composite(vec![b(true), b(false)]);
    assert_eq!(relational(RelationalFunction::All, &mixed).and_then(LeafValue::as_bool), Some(false));
    assert_eq!(relational(RelationalFunction::Any, &mixed).and_then(LeafValue::as_bool), Some(true));
    assert_eq!(relational(RelationalFunction::All, &b(true)).and_then(LeafValue::as_bool), Some(true));
    assert_eq!(relational(RelationalFunction::Any, &v), None, "not bools");
    let lits = Value::Composite(vec![Value::Scalar(Literal::Bool(false)), Value::Scalar(Literal::Bool(false))]);
    assert_eq!(relational(RelationalFunction::Any, &lits), Some(Literal::Bool(false)));

    let (t, f) = (Value::Composite(vec![ai(1), ai(2)]), Value::Composite(vec![ai(3), ai(4)]));
    assert_eq!(select(&mixed, t.clone(), f.clone()), Some(Value::Composite(vec![ai(1), ai(4)])));
    assert_eq!(select(&b(false), t.clone(), f.clone()), Some(f.clone()));
    assert_eq!(select(&mixed, v.clone(), f), None, "the condition's size differs from the values'");

    // A `Constant` tells vectors, matrices and arrays apart; its leaf is its scalars'.
    let vector = Constant::vector(vec![LeafValue::abstract_float(0.5); 3]);
    let matrix = Constant::matrix(vec![vec![LeafValue::abstract_float(0.5); 3]; 2]);
    let array = Constant::Array(vec![vector.clone(), vector.clone()]);
    assert_eq!((vector.vector_size(), vector.matrix_size()), (Some(3), None));
    assert_eq!((matrix.vector_size(), matrix.matrix_size()), (None, Some((2, 3))));
    assert_eq!((array.vector_size(), array.matrix_size(), array.leaf()), (None, None, Some(Leaf::AFloat)));
    let concrete = array.concretize();
    assert_eq!(concrete.leaf(), Some(Leaf::Concrete(Scalar::F32)));
    assert_eq!(Constant::scalar(LeafValue::abstract_int(i64::MAX)).convert_auto(Leaf::Concrete(Scalar::I32)), None);
}
