//! Array lengths that follow a specialization constant (GLSL 4.60 §4.11 "Specialization-Constant
//! Qualifier": arrays sized by `constant_id` constants or expressions of them; WGSL §4.3.3 /
//! "Array types": workgroup arrays whose element count is an override-expression). One rule for
//! both front ends: the lowered size expression becomes [`ArraySize::Specialized`], naming the
//! override itself or, for an expression, an id-less override whose initializer is that
//! expression (the back end writes it as `OpSpecConstantOp`, as glslang does).

use crate::ir::{ArraySize, Expression, Expressions, Handle, Module, Override, ScalarKind, TypeInner};
use crate::ir::consteval::{Evaluator, Rules};

const MAX_DEPTH: u32 = 64;

/// The length `root` (a lowered array-size expression in `exprs`, whose types are `module`'s)
/// gives: `Ok(None)` when it names no specialization constant (the caller folds it as usual),
/// `Ok(Some(ArraySize::Specialized))` when it does, or an error message when it uses an
/// operation a specialization-constant expression cannot (or its default is not a positive
/// 32-bit count).
pub fn length(module: &mut Module, exprs: &Expressions, root: Handle<Expression>) -> Result<Option<ArraySize>, String> {
    if !mentions(exprs, root, 0) {
        return Ok(None);
    }
    let ty = exprs.ty(root);
    if !matches!(module.inner(ty), TypeInner::Scalar(s) if matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint)) {
        return Err("an array size must be an integer".into());
    }
    let length = match exprs[root] {
        Expression::Override(o) => o,
        _ => derived(module, exprs, root, None)?,
    };
    let default = Evaluator::new(module, Rules::Exact).override_default(length);
    let default = default.and_then(|v| u32::try_from(v.as_i64()?).ok());
    match default {
        Some(n) if n > 0 => Ok(Some(ArraySize::Specialized { length, default: n })),
        Some(_) => Err("array size must be greater than zero (the specialization constant's default is 0)".into()),
        None => Err("the default of this specialization-constant array size is not a non-negative 32-bit integer".into()),
    }
}

/// The length a constant index into an array of `size` is checked against (one rule for both
/// front ends): a literal length, or the default of the specialization constant that sizes the
/// array. glslang checks only arrays sized by a constant itself (it refuses `uint a[b]; a[6]`
/// for `b` = 2 but leaves `a[b + b]`, an `OpSpecConstantOp` size, unchecked); `expressions`
/// checks those too (the wgpu target, whose runtime keeps every array-sizing constant at its
/// default, and WGSL, where an out-of-bounds index into an override-sized array is a
/// pipeline-creation error, WGSL §8.7 "Array Access Expression").
pub fn index_bound(module: &Module, size: ArraySize, expressions: bool) -> Option<u32> {
    match size {
        ArraySize::Constant(n) => Some(n),
        ArraySize::Specialized { length, default } if expressions || module.overrides.get(length).is_some_and(|o| o.id.is_some()) => Some(default),
        ArraySize::Specialized { .. } | ArraySize::Dynamic => None,
    }
}

/// For every override (by index), the least value a pipeline may give it: one more than the
/// greatest constant index into an array whose length it is (WGSL §8.7 "Array Access
/// Expression": a constant index out of bounds of an override-sized array is a
/// pipeline-creation error; GLSL leaves it undefined). Front ends check constant indices against
/// the default ([`index_bound`]); a smaller value would put them out of bounds, and dynamic
/// indices are clamped to the specialized length but constant ones are not. A length computed
/// from constants (`N * 2`, `OpSpecConstantOp`) is not solved for them: each constant it uses
/// needs at least its default. `None`: no constant index reaches such an array.
pub fn least_values(module: &Module) -> Vec<Option<u32>> {
    let mut least: Vec<Option<u32>> = vec![None; module.overrides.len()];
    let evaluator = Evaluator::new(module, Rules::Exact);
    for (_, function) in module.functions.iter() {
        let exprs = &function.expressions;
        for (_, e) in exprs.iter() {
            let Expression::AccessIndex { base, index } = *e else { continue };
            let mut ty = exprs.ty(base);
            if let Some((pointee, _)) = module.inner(ty).pointer_base() {
                ty = pointee;
            }
            let TypeInner::Array { size: ArraySize::Specialized { length, .. }, .. } = *module.inner(ty) else { continue };
            let roots = crate::ir::interface::roots(module, length);
            for root in roots.iter().copied() {
                let needed = if roots == [length] {
                    index.checked_add(1)
                } else {
                    evaluator.override_default(root).and_then(|v| u32::try_from(v.as_i64()?).ok())
                };
                if let (Some(needed), Some(slot)) = (needed, least.get_mut(root.index())) {
                    *slot = Some(slot.map_or(needed, |l| l.max(needed)));
                }
            }
        }
    }
    least
}

/// An id-less override whose initializer is `root` (an expression of specialization constants
/// in `exprs`): `OpSpecConstantOp` in SPIR-V, following the constants it uses. GLSL `const`
/// declarations initialized from specialization constants are such constants too (GLSL 4.60
/// §4.11; glslang writes them as `OpSpecConstantOp`).
pub fn derived(module: &mut Module, exprs: &Expressions, root: Handle<Expression>, name: Option<String>) -> Result<Handle<Override>, String> {
    let (ty, span) = (exprs.ty(root), exprs.span(root));
    let init = copy(module, exprs, root, 0)?;
    Ok(module.overrides.append(Override { name, id: None, ty, init: Some(init) }, span))
}

/// Whether the expression `root` uses a specialization constant.
pub fn mentions_override(exprs: &Expressions, root: Handle<Expression>) -> bool {
    mentions(exprs, root, 0)
}

fn mentions(exprs: &Expressions, e: Handle<Expression>, depth: u32) -> bool {
    if depth > MAX_DEPTH || !exprs.check(e) {
        return false;
    }
    match exprs[e] {
        Expression::Override(_) => true,
        Expression::Unary { expr, .. } | Expression::Convert { expr, .. } => mentions(exprs, expr, depth + 1),
        Expression::Binary { left, right, .. } => mentions(exprs, left, depth + 1) || mentions(exprs, right, depth + 1),
        Expression::Select { condition, accept, reject } => [condition, accept, reject].iter().any(|&x| mentions(exprs, x, depth + 1)),
        _ => false,
    }
}

/// Copies a specialization-constant expression into `module.const_expressions` (the operations
/// `OpSpecConstantOp` takes for shaders, SPIR-V 3.52.12).
fn copy(module: &mut Module, exprs: &Expressions, e: Handle<Expression>, depth: u32) -> Result<Handle<Expression>, String> {
    if depth > MAX_DEPTH {
        return Err("this array size expression is nested too deeply".into());
    }
    let (ty, span) = (exprs.ty(e), exprs.span(e));
    // `OpSpecConstantOp` in shaders has no float arithmetic, and width-changing integer
    // conversions only from SPIR-V 1.4 (SPIR-V 3.52.12).
    let scalar = match module.inner(ty) {
        TypeInner::Scalar(s) if s.kind != ScalarKind::Float => *s,
        _ => return Err("a specialization-constant expression may use only integer and bool scalars".into()),
    };
    if let Expression::Convert { expr, .. } = exprs[e] {
        if !matches!(module.inner(exprs.ty(expr)), TypeInner::Scalar(s) if s.width == scalar.width || s.kind == ScalarKind::Bool || scalar.kind == ScalarKind::Bool) {
            return Err("a specialization-constant expression cannot convert between integer widths here (SPIR-V before 1.4)".into());
        }
    }
    let copied = match exprs[e] {
        ref leaf @ (Expression::Literal(_) | Expression::ZeroValue(_) | Expression::Override(_)) => leaf.clone(),
        Expression::Unary { op, expr } => Expression::Unary { op, expr: copy(module, exprs, expr, depth + 1)? },
        Expression::Convert { expr, to } => Expression::Convert { expr: copy(module, exprs, expr, depth + 1)?, to },
        Expression::Binary { op, left, right } => {
            let left = copy(module, exprs, left, depth + 1)?;
            let right = copy(module, exprs, right, depth + 1)?;
            Expression::Binary { op, left, right }
        }
        Expression::Select { condition, accept, reject } => {
            let condition = copy(module, exprs, condition, depth + 1)?;
            let accept = copy(module, exprs, accept, depth + 1)?;
            let reject = copy(module, exprs, reject, depth + 1)?;
            Expression::Select { condition, accept, reject }
        }
        _ => return Err("an array size that uses a specialization constant may only use operators and conversions on constants".into()),
    };
    Ok(module.const_expressions.append(copied, ty, span))
}
