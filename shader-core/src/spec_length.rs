//! Array lengths that follow a specialization constant (GLSL 4.60 §4.11 "Specialization-Constant
//! Qualifier": arrays sized by `constant_id` constants or expressions of them; WGSL §4.3.3 /
//! "Array types": workgroup arrays whose element count is an override-expression). One rule for
//! both front ends: the lowered size expression becomes [`ArraySize::Specialized`], naming the
//! override itself or, for an expression, an id-less override whose initializer is that
//! expression (the back end writes it as `OpSpecConstantOp`, as glslang does).

use crate::ir::{ArraySize, BinaryOp, Expression, Expressions, Handle, Literal, MathFunction, Module, Override, ScalarKind, TypeInner, UnaryOp};
use crate::ir::consteval::{Evaluator, Rules};
use crate::span::Span;

const MAX_DEPTH: u32 = 64;

/// The length `root` (a lowered array-size expression in `exprs`, whose types are `module`'s)
/// gives: `Ok(None)` when it names no specialization constant (the caller folds it as usual),
/// `Ok(Some(ArraySize::Specialized))` when it does, or an error message when it uses an
/// operation a specialization-constant expression cannot (or its default is not a positive
/// 32-bit count). With `derived_unchecked`, a length computed from constants (not a constant
/// with an id itself) is taken whatever its default, as glslang takes it (it checks only a constant's own
/// default: `const int D = int(N) * -1; float a[D];` compiles, an `OpSpecConstantOp` Length, valid
/// once the pipeline gives `N` a value that makes it positive); its default is then recorded as
/// 1, the least length (the GLSL Vulkan target, which writes the length itself, never its
/// default).
pub fn length(module: &mut Module, exprs: &Expressions, root: Handle<Expression>, derived_unchecked: bool) -> Result<Option<ArraySize>, String> {
    if !mentions(exprs, root, 0) {
        return Ok(None);
    }
    let root = component(exprs, root);
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
        _ if derived_unchecked && module.overrides[length].id.is_none() => Ok(Some(ArraySize::Specialized { length, default: 1 })),
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

/// What a pipeline may give one override without putting a constant index out of bounds of
/// an array whose length follows it ([`least_values`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bounds {
    /// Values below it are refused; `None`: no constant index constrains it from below.
    pub least: Option<u32>,
    /// A length that uses it does not grow with it (`8 - N`, `N % 4`, a select): no value but
    /// its default is known to keep every constant index in bounds, so it keeps its default.
    pub keeps_default: bool,
}

/// For every override (by index), the values a pipeline may give it (WGSL §8.7 "Array Access
/// Expression": a constant index out of bounds of an override-sized array is a
/// pipeline-creation error; GLSL leaves it undefined). Front ends check constant indices against
/// the default ([`index_bound`]); another value could put them out of bounds, and dynamic
/// indices are clamped to the specialized length but constant ones are not. Every length must
/// exceed the greatest constant index into its arrays, and be at least 1 (an array of no
/// elements is no type). For a length that is the constant `N` itself, `N` needs that much. A
/// length computed from constants is looked at one constant at a time: where it grows with
/// every constant it uses (`N * 2`, `N + M`, `N << 1`: sums, products and shifts by
/// non-negative amounts, in unbounded integers), each constant in turn gets the smallest value
/// at which the length is still long enough, the constants before it held at the values they
/// got and those after it at their defaults (the length evaluated at candidates): every
/// combination of values at or above those leasts gives a long enough length, as the length
/// grows with each. Where it does not grow with a constant (`8 - N`, `N % 4`, a select), that
/// constant keeps its default ([`Bounds::keeps_default`]) and is held there. A value so large
/// that a length wraps around 2^32 is the runtime's to refuse: it evaluates the lengths with the
/// pipeline's values (shader-runtime `compute::check_lengths`).
pub fn least_values(module: &Module) -> Vec<Bounds> {
    let mut bounds: Vec<Bounds> = vec![Bounds::default(); module.overrides.len()];
    // The length each specialized length must reach, in the order first met.
    let mut needs: Vec<(Handle<Override>, u32)> = Vec::new();
    let mut need = |length: Handle<Override>, n: u32| match needs.iter_mut().find(|(l, _)| *l == length) {
        Some((_, m)) => *m = (*m).max(n),
        None => needs.push((length, n)),
    };
    for (_, ty) in module.types.iter() {
        if let TypeInner::Array { size: ArraySize::Specialized { length, .. }, .. }
        | TypeInner::BindingArray { size: ArraySize::Specialized { length, .. }, .. } = ty.inner
        {
            need(length, 1);
        }
    }
    for (_, function) in module.functions.iter() {
        let exprs = &function.expressions;
        for (_, e) in exprs.iter() {
            let Expression::AccessIndex { base, index } = *e else { continue };
            let mut ty = exprs.ty(base);
            if let Some((pointee, _)) = module.inner(ty).pointer_base() {
                ty = pointee;
            }
            if let TypeInner::Array { size: ArraySize::Specialized { length, .. }, .. }
            | TypeInner::BindingArray { size: ArraySize::Specialized { length, .. }, .. } = *module.inner(ty)
            {
                need(length, index.saturating_add(1));
            }
        }
    }
    let evaluator = Evaluator::new(module, Rules::Exact);
    let default = |root: Handle<Override>| evaluator.override_default(root).and_then(|v| v.as_i64());
    for (length, needed) in needs {
        let roots = crate::ir::interface::roots(module, length);
        let raise = |bounds: &mut Vec<Bounds>, root: Handle<Override>, least: i64| {
            if let Some(slot) = bounds.get_mut(root.index()) {
                let least = u32::try_from(least.max(0)).unwrap_or(u32::MAX);
                slot.least = Some(slot.least.map_or(least, |l| l.max(least)));
            }
        };
        if roots == [length] {
            raise(&mut bounds, length, i64::from(needed));
            continue;
        }
        // The values the constants are held at: their defaults, then each rising one's least.
        let mut held: Vec<(Handle<Override>, i64)> = roots.iter().filter_map(|&r| Some((r, default(r)?))).collect();
        for &root in &roots {
            match override_trend(module, length, root) {
                Trend::Constant => {}
                Trend::Rising => {
                    let least = least_length_value(module, length, root, needed, &held).or_else(|| default(root));
                    if let Some(least) = least {
                        raise(&mut bounds, root, least);
                        if let Some(h) = held.iter_mut().find(|(r, _)| *r == root) {
                            h.1 = least;
                        }
                    }
                }
                Trend::Falling | Trend::Unknown => {
                    if let Some(slot) = bounds.get_mut(root.index()) {
                        slot.keeps_default = true;
                    }
                }
            }
        }
    }
    // An unsigned constant's least value 0 allows every value.
    for (handle, o) in module.overrides.iter() {
        let unsigned = matches!(module.inner(o.ty), TypeInner::Scalar(s) if s.kind == ScalarKind::Uint);
        if let Some(slot) = bounds.get_mut(handle.index()).filter(|b| unsigned && b.least == Some(0)) {
            slot.least = None;
        }
    }
    bounds
}

/// The least value of `root` (from 0 to the value it is held at) at which the length `length`,
/// which grows with it, is at least `needed`, the constants it uses held at `held` (a binary
/// search, the length evaluated at candidates). `None` when `root` is not a 32-bit integer or
/// the length cannot be evaluated.
fn least_length_value(module: &Module, length: Handle<Override>, root: Handle<Override>, needed: u32, held: &[(Handle<Override>, i64)]) -> Option<i64> {
    let mut probe = module.clone();
    let set = |probe: &mut Module, o: Handle<Override>, v: i64| -> Option<()> {
        let ty = probe.overrides[o].ty;
        let literal = match probe.inner(ty) {
            TypeInner::Scalar(s) if s.width == 4 && s.kind == ScalarKind::Sint => Literal::I32(i32::try_from(v).ok()?),
            TypeInner::Scalar(s) if s.width == 4 && s.kind == ScalarKind::Uint => Literal::U32(u32::try_from(v).ok()?),
            _ => return None,
        };
        let span = probe.overrides.span(o);
        let init = probe.const_expressions.append(Expression::Literal(literal), ty, span);
        probe.overrides[o].init = Some(init);
        Some(())
    };
    for &(o, v) in held {
        set(&mut probe, o, v)?;
    }
    let start = held.iter().find(|(o, _)| *o == root)?.1;
    let mut long_enough = |v: i64| -> Option<bool> {
        set(&mut probe, root, v)?;
        let l = Evaluator::new(&probe, Rules::Exact).override_default(length).and_then(|l| l.as_i64());
        Some(l.is_some_and(|l| l >= i64::from(needed)))
    };
    let (mut low, mut high) = (0i64, start);
    if high < 0 || !long_enough(high)? {
        return None;
    }
    // The length at `high` is long enough; find the least such value.
    while low < high {
        let mid = low + (high - low) / 2;
        if long_enough(mid)? {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    Some(high)
}

/// How a specialization-constant expression moves as one constant grows, the others held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Trend {
    /// It does not use the constant.
    Constant,
    /// It never shrinks as the constant grows (in unbounded integers).
    Rising,
    /// It never grows.
    Falling,
    Unknown,
}

impl Trend {
    fn flip(self) -> Trend {
        match self {
            Trend::Rising => Trend::Falling,
            Trend::Falling => Trend::Rising,
            t => t,
        }
    }

    /// The trend of a sum.
    fn plus(self, other: Trend) -> Trend {
        match (self, other) {
            (Trend::Constant, t) | (t, Trend::Constant) => t,
            (a, b) if a == b => a,
            _ => Trend::Unknown,
        }
    }

    /// Only a constant stays one; anything else this does not follow.
    fn opaque(self) -> Trend {
        if self == Trend::Constant { Trend::Constant } else { Trend::Unknown }
    }
}

/// The trend of the override `o` (the constant itself, or an id-less one computed from
/// constants) in the constant `root`.
fn override_trend(module: &Module, o: Handle<Override>, root: Handle<Override>) -> Trend {
    if o == root {
        return Trend::Rising;
    }
    match module.overrides.get(o).and_then(|x| x.init) {
        Some(init) if !crate::ir::interface::is_specializable(module, o) => trend(module, init, root, 0),
        _ => Trend::Constant,
    }
}

fn trend(module: &Module, e: Handle<Expression>, root: Handle<Override>, depth: u32) -> Trend {
    let exprs = &module.const_expressions;
    if depth > MAX_DEPTH || !exprs.check(e) {
        return Trend::Unknown;
    }
    let sub = |x: Handle<Expression>| trend(module, x, root, depth + 1);
    let non_negative = |x: Handle<Expression>| match module.inner(exprs.ty(x)) {
        TypeInner::Scalar(s) if s.kind == ScalarKind::Uint => true,
        _ => !mentions(exprs, x, 0) && Evaluator::new(module, Rules::Exact).eval(exprs, x).and_then(|v| v.as_i64()).is_some_and(|v| v >= 0),
    };
    match exprs[e] {
        Expression::Literal(_) | Expression::ZeroValue(_) => Trend::Constant,
        Expression::Override(o) if depth < MAX_DEPTH => override_trend(module, o, root),
        Expression::Convert { expr, to } => {
            let integer = |s: &crate::ir::Scalar| matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint);
            match module.inner(exprs.ty(expr)) {
                TypeInner::Scalar(s) if integer(s) && matches!(to.kind, ScalarKind::Sint | ScalarKind::Uint) => sub(expr),
                _ => sub(expr).opaque(),
            }
        }
        Expression::Unary { op: UnaryOp::Negate, expr } => sub(expr).flip(),
        Expression::Unary { expr, .. } => sub(expr).opaque(),
        Expression::Binary { op, left, right } => {
            let (l, r) = (sub(left), sub(right));
            match op {
                BinaryOp::Add => l.plus(r),
                BinaryOp::Subtract => l.plus(r.flip()),
                BinaryOp::Multiply => match (l, r) {
                    (t, Trend::Constant) if non_negative(right) => t,
                    (Trend::Constant, t) if non_negative(left) => t,
                    (Trend::Rising, Trend::Rising) if non_negative(left) && non_negative(right) => Trend::Rising,
                    _ => l.plus(r).opaque(),
                },
                // A quotient or shift by a held amount moves with its left operand.
                BinaryOp::Divide if r == Trend::Constant && non_negative(right) => l,
                BinaryOp::ShiftLeft | BinaryOp::ShiftRight if r == Trend::Constant => l,
                BinaryOp::ShiftLeft if l == Trend::Constant && non_negative(left) => r,
                BinaryOp::ShiftRight if l == Trend::Constant && non_negative(left) => r.flip(),
                _ => l.plus(r).opaque(),
            }
        }
        Expression::Select { condition, accept, reject } => sub(condition).plus(sub(accept)).plus(sub(reject)).opaque(),
        _ => Trend::Unknown,
    }
}

/// An id-less override whose initializer is `root` (an expression of specialization constants
/// in `exprs`): `OpSpecConstantOp` in SPIR-V, following the constants it uses. GLSL `const`
/// declarations initialized from specialization constants are such constants too (GLSL 4.60
/// §4.11; glslang writes them as `OpSpecConstantOp`), and so is a WGSL workgroup size that is
/// an override-expression (`@workgroup_size(n * 2)`).
pub fn derived(module: &mut Module, exprs: &Expressions, root: Handle<Expression>, name: Option<String>) -> Result<Handle<Override>, String> {
    let (ty, span) = (exprs.ty(root), exprs.span(root));
    let init = copy(module, exprs, root, 0, false)?;
    Ok(module.overrides.append(Override { name, id: None, ty, init: Some(init) }, span))
}

/// [`derived`] for a WGSL workgroup size (`@workgroup_size(u32(f))` of an f32 override: naga
/// and Tint accept it): f32 values, their arithmetic and comparisons, and conversions between
/// f32 and the integers are taken too. `OpSpecConstantOp` has no float operation for shaders
/// (SPIR-V §3.52.12), so such a size is computed by the host, not by the module
/// ([`host_computed`]): the runtime evaluates reflection's steps with the pipeline's values
/// and writes the size into the words.
pub fn derived_workgroup_size(module: &mut Module, exprs: &Expressions, root: Handle<Expression>) -> Result<Handle<Override>, String> {
    let (ty, span) = (exprs.ty(root), exprs.span(root));
    let init = copy(module, exprs, root, 0, true)?;
    Ok(module.overrides.append(Override { name: None, id: None, ty, init: Some(init) }, span))
}

/// Whether the id-less override `o` (a [`derived_workgroup_size`]) computes with f32 values,
/// which `OpSpecConstantOp` cannot: the SPIR-V back end writes such a workgroup dimension as
/// an `OpSpecConstant` without a SpecId holding the size with the defaults, and the runtime
/// writes a pipeline's size into it (`shader_runtime::set_workgroup_size`); other hosts get
/// the default size.
pub fn host_computed(module: &Module, o: Handle<Override>) -> bool {
    fn reads_float(module: &Module, e: Handle<Expression>, depth: u32) -> bool {
        let exprs = &module.const_expressions;
        if depth > MAX_DEPTH || !exprs.check(e) {
            return false;
        }
        if module.inner(exprs.ty(e)).scalar().is_some_and(|s| s.kind == ScalarKind::Float) {
            return true;
        }
        match exprs[e] {
            Expression::Override(o) => match module.overrides.get(o).and_then(|x| x.init) {
                Some(init) if !crate::ir::interface::is_specializable(module, o) => reads_float(module, init, depth + 1),
                _ => false,
            },
            Expression::Unary { expr, .. } | Expression::Convert { expr, .. } => reads_float(module, expr, depth + 1),
            Expression::Binary { left, right, .. } => reads_float(module, left, depth + 1) || reads_float(module, right, depth + 1),
            Expression::Select { condition, accept, reject } => [condition, accept, reject].iter().any(|&x| reads_float(module, x, depth + 1)),
            _ => false,
        }
    }
    // Only a workgroup size: any other id-less f32 override stays an `OpSpecConstantOp` the
    // back end refuses (a hand-written IR module may hold one; nothing would write it).
    let a_workgroup_size = module.entry_points.iter().any(|ep| ep.workgroup_size_overrides.contains(&Some(o)));
    a_workgroup_size
        && !crate::ir::interface::is_specializable(module, o)
        && module.overrides.get(o).and_then(|x| x.init).is_some_and(|init| reads_float(module, init, 0))
}

/// The value of the id-less override `o` as expressions of `into` (a function's), for the
/// wgpu target, which writes no `OpSpecConstantOp` (naga reads none): its initializer's tree,
/// each id-less override in it expanded the same way, so that the value is computed where it
/// is used from the specialization constants themselves and follows the pipeline's values
/// (glslang computes what `OpSpecConstantOp` cannot hold in the function too). Every node takes
/// `span`, the use's. `o` is [`expandable`] (the recursion follows its depth).
pub fn expand(module: &Module, o: Handle<Override>, into: &mut Expressions, span: Span) -> Handle<Expression> {
    expand_override(module, o, into, span)
}

/// Whether [`expand`] can write `o`: its tree, through the id-less overrides it reads, is at
/// most `MAX_DEPTH` deep and `MAX_EXPANDED` nodes large (`const` declarations that each use the
/// one before twice would double it per link); a longer or larger one is kept in a variable
/// instead.
pub fn expandable(module: &Module, o: Handle<Override>) -> bool {
    fn walk(module: &Module, e: Handle<Expression>, depth: u32, budget: &mut u32) -> bool {
        let exprs = &module.const_expressions;
        if depth > MAX_DEPTH || *budget == 0 || !exprs.check(e) {
            return false;
        }
        *budget -= 1;
        match exprs[e] {
            Expression::Override(o) => match module.overrides.get(o).and_then(|x| x.init) {
                Some(init) if !crate::ir::interface::is_specializable(module, o) => walk(module, init, depth + 1, budget),
                _ => true,
            },
            Expression::Unary { expr, .. } | Expression::Convert { expr, .. } => walk(module, expr, depth + 1, budget),
            Expression::Binary { left, right, .. } => walk(module, left, depth + 1, budget) && walk(module, right, depth + 1, budget),
            Expression::Select { condition, accept, reject } => [condition, accept, reject].iter().all(|&x| walk(module, x, depth + 1, budget)),
            Expression::Literal(_) | Expression::ZeroValue(_) => true,
            _ => false,
        }
    }
    let mut budget = MAX_EXPANDED;
    match module.overrides.get(o).and_then(|x| x.init) {
        Some(init) => walk(module, init, 0, &mut budget),
        None => true,
    }
}

/// The most expression nodes one use of a `const` computed from specialization constants
/// expands to on the wgpu target ([`expand`]).
const MAX_EXPANDED: u32 = 256;

fn expand_override(module: &Module, o: Handle<Override>, into: &mut Expressions, span: Span) -> Handle<Expression> {
    let ty = module.overrides[o].ty;
    match module.overrides[o].init {
        Some(init) if !crate::ir::interface::is_specializable(module, o) => expand_expr(module, init, into, span),
        _ => into.append(Expression::Override(o), ty, span),
    }
}

fn expand_expr(module: &Module, e: Handle<Expression>, into: &mut Expressions, span: Span) -> Handle<Expression> {
    let exprs = &module.const_expressions;
    let ty = exprs.ty(e);
    let sub = |x: Handle<Expression>, into: &mut Expressions| expand_expr(module, x, into, span);
    let copied = match exprs[e] {
        Expression::Override(o) => return expand_override(module, o, into, span),
        Expression::Unary { op, expr } => Expression::Unary { op, expr: sub(expr, into) },
        Expression::Convert { expr, to } => Expression::Convert { expr: sub(expr, into), to },
        Expression::Binary { op, left, right } => {
            let left = sub(left, into);
            Expression::Binary { op, left, right: sub(right, into) }
        }
        Expression::Select { condition, accept, reject } => {
            let condition = sub(condition, into);
            let accept = sub(accept, into);
            Expression::Select { condition, accept, reject: sub(reject, into) }
        }
        // Literals and zero values ([`copy`] writes nothing else).
        ref leaf => leaf.clone(),
    };
    into.append(copied, ty, span)
}

/// Whether the expression `root` uses a specialization constant.
pub fn mentions_override(exprs: &Expressions, root: Handle<Expression>) -> bool {
    mentions(exprs, root, 0)
}

/// `e`, or for a component of a vector built from scalars (`gl_WorkGroupSize.x` with
/// `local_size_x_id`: a `uvec3` of the size's specialization constants, GLSL 4.60 §7.1.3) that
/// scalar, so that a length of it follows the constant as glslang's `OpSpecConstantOp
/// CompositeExtract` does.
fn component(exprs: &Expressions, mut e: Handle<Expression>) -> Handle<Expression> {
    for _ in 0..MAX_DEPTH {
        let Some(&Expression::AccessIndex { base, index }) = exprs.check(e).then(|| &exprs[e]) else { break };
        match exprs.check(base).then(|| &exprs[base]) {
            Some(Expression::Compose { components }) if (index as usize) < components.len() => e = components[index as usize],
            _ => break,
        }
    }
    e
}

fn mentions(exprs: &Expressions, e: Handle<Expression>, depth: u32) -> bool {
    if depth > MAX_DEPTH || !exprs.check(e) {
        return false;
    }
    let e = component(exprs, e);
    match exprs[e] {
        Expression::Override(_) => true,
        Expression::Unary { expr, .. } | Expression::Convert { expr, .. } => mentions(exprs, expr, depth + 1),
        Expression::Binary { left, right, .. } => mentions(exprs, left, depth + 1) || mentions(exprs, right, depth + 1),
        Expression::Select { condition, accept, reject } => [condition, accept, reject].iter().any(|&x| mentions(exprs, x, depth + 1)),
        Expression::Math { ref args, .. } => args.iter().any(|&x| mentions(exprs, x, depth + 1)),
        _ => false,
    }
}

/// Whether the tree of `root` (in `exprs`) reads an override or an expression `leaf` accepts
/// (a variable holding a value computed from overrides); an unreadable or huge tree counts as
/// reading one.
pub fn reads_override(exprs: &Expressions, root: Handle<Expression>, leaf: &dyn Fn(&Expression) -> bool) -> bool {
    let (mut stack, mut children, mut visited) = (vec![root], Vec::new(), 0u32);
    while let Some(h) = stack.pop() {
        visited += 1;
        if visited > 100_000 || !exprs.check(h) {
            return true;
        }
        if matches!(exprs[h], Expression::Override(_)) || leaf(&exprs[h]) {
            return true;
        }
        crate::ir::children::children(&exprs[h], &mut children);
        stack.extend(children.iter().copied());
    }
    false
}

/// Whether `root` (in `exprs`) computes its value only with the operations a specialization
/// constant may be made of (GL_KHR_vulkan_glsl; SPIR-V 3.52.12 `OpSpecConstantOp` for shaders,
/// and `OpSpecConstantComposite`), as glslang takes them in a global `const`: operators on
/// integer and bool scalars and vectors, conversions among integers and bools or among float
/// widths (not between the two), selections of any type, vector constructors, swizzles and
/// components; no float arithmetic, no array or struct constructor, no function call. `leaf`
/// decides which other leaves (variables holding such values) count. A part that reads
/// neither an override nor a `leaf` is an ordinary constant (`int(2.5)`) and counts whatever
/// it is made of. glslang refuses a global `const` computed from specialization constants
/// otherwise ("global const initializers must be constant"). [`copy`] takes the integer
/// scalar operations.
pub fn spec_operations_only(module: &Module, exprs: &Expressions, root: Handle<Expression>, leaf: &dyn Fn(&Expression) -> bool) -> bool {
    // A walk over the expression DAG, each node once: a chain of consts each computed from the
    // one before (`const uint C15 = C14 + 1u;`) may be hundreds deep, and one that doubles
    // (`D1 = D0 + D0`) shares its operands.
    let mut seen = vec![false; exprs.len()];
    let mut stack = vec![root];
    while let Some(e) = stack.pop() {
        if !exprs.check(e) {
            return false;
        }
        if std::mem::replace(&mut seen[e.index()], true) || !reads_override(exprs, e, leaf) {
            continue;
        }
        let float = |x: Handle<Expression>| module.inner(exprs.ty(x)).scalar().is_some_and(|s| s.kind == ScalarKind::Float);
        let vector = |x: Handle<Expression>| matches!(module.inner(exprs.ty(x)), TypeInner::Vector { .. });
        let allowed = match exprs[e] {
            Expression::Literal(_) | Expression::ZeroValue(_) | Expression::Override(_) => true,
            Expression::Unary { expr, .. } => {
                stack.push(expr);
                !float(expr)
            }
            Expression::Binary { left, right, .. } => {
                stack.extend([left, right]);
                !float(left) && !float(right)
            }
            Expression::Convert { expr, to } => {
                stack.push(expr);
                float(expr) == (to.kind == ScalarKind::Float)
            }
            Expression::Select { condition, accept, reject } => {
                stack.extend([condition, accept, reject]);
                true
            }
            Expression::Compose { ref components } => {
                stack.extend(components.iter().copied());
                vector(e)
            }
            Expression::Splat { value } => {
                stack.push(value);
                true
            }
            Expression::Swizzle { vector: base, .. } | Expression::AccessIndex { base, .. } => {
                stack.push(base);
                vector(base)
            }
            ref other => leaf(other),
        };
        if !allowed {
            return false;
        }
    }
    true
}

/// Copies a specialization-constant expression into `module.const_expressions` (the operations
/// `OpSpecConstantOp` takes for shaders, SPIR-V 3.52.12; with `host`, f32 ones too:
/// [`derived_workgroup_size`]).
fn copy(module: &mut Module, exprs: &Expressions, e: Handle<Expression>, depth: u32, host: bool) -> Result<Handle<Expression>, String> {
    if depth > MAX_DEPTH {
        return Err("this specialization-constant expression is nested too deeply".into());
    }
    let e = component(exprs, e);
    let (ty, span) = (exprs.ty(e), exprs.span(e));
    // `OpSpecConstantOp` in shaders has no float arithmetic, and width-changing integer
    // conversions only from SPIR-V 1.4 (SPIR-V 3.52.12).
    let scalar = match module.inner(ty) {
        TypeInner::Scalar(s) if s.kind != ScalarKind::Float || (host && *s == crate::ir::Scalar::F32) => *s,
        // An array size (or a GLSL constant) follows the overrides in the module itself, which
        // float operations cannot.
        _ => {
            return Err("an expression of specialization constants (an array size, a workgroup size) may use only integer and bool \
                        values: SPIR-V's OpSpecConstantOp has no float operations for shaders (SPIR-V §3.52.12), so a size \
                        computed from a float override could not follow it"
                .into())
        }
    };
    if let Expression::Convert { expr, .. } = exprs[e] {
        if !matches!(module.inner(exprs.ty(expr)), TypeInner::Scalar(s) if s.width == scalar.width || s.kind == ScalarKind::Bool || scalar.kind == ScalarKind::Bool) {
            return Err("a specialization-constant expression cannot convert between integer widths here (SPIR-V before 1.4)".into());
        }
    }
    let copied = match exprs[e] {
        ref leaf @ (Expression::Literal(_) | Expression::ZeroValue(_) | Expression::Override(_)) => leaf.clone(),
        Expression::Unary { op, expr } => Expression::Unary { op, expr: copy(module, exprs, expr, depth + 1, host)? },
        Expression::Convert { expr, to } => Expression::Convert { expr: copy(module, exprs, expr, depth + 1, host)?, to },
        Expression::Binary { op, left, right } => {
            let left = copy(module, exprs, left, depth + 1, host)?;
            let right = copy(module, exprs, right, depth + 1, host)?;
            Expression::Binary { op, left, right }
        }
        Expression::Select { condition, accept, reject } => {
            let condition = copy(module, exprs, condition, depth + 1, host)?;
            let accept = copy(module, exprs, accept, depth + 1, host)?;
            let reject = copy(module, exprs, reject, depth + 1, host)?;
            Expression::Select { condition, accept, reject }
        }
        // The integer built-ins WGSL override-expressions take (`max(n, 2)`) as the comparisons
        // and selects `OpSpecConstantOp` has (WGSL §17.5: `clamp` of integers is
        // `min(max(e, low), high)`; `abs` of an i32 negates a negative value, wrapping at
        // `i32::MIN` as WGSL does; of a u32 it is the value).
        Expression::Math { fun, ref args } if matches!(fun, MathFunction::Abs | MathFunction::Min | MathFunction::Max | MathFunction::Clamp) => {
            let args = args.clone();
            let mut copied = Vec::with_capacity(args.len());
            for a in args {
                copied.push(copy(module, exprs, a, depth + 1, host)?);
            }
            let bool_ty = module.ty(TypeInner::Scalar(crate::ir::Scalar::BOOL));
            let pick = |module: &mut Module, op: BinaryOp, a: Handle<Expression>, b: Handle<Expression>| {
                // `op(a, b) ? a : b`.
                let condition = module.const_expressions.append(Expression::Binary { op, left: a, right: b }, bool_ty, span);
                module.const_expressions.append(Expression::Select { condition, accept: a, reject: b }, ty, span)
            };
            return Ok(match (fun, &copied[..]) {
                (MathFunction::Max, &[a, b]) => pick(module, BinaryOp::Greater, a, b),
                (MathFunction::Min, &[a, b]) => pick(module, BinaryOp::Less, a, b),
                (MathFunction::Clamp, &[e, low, high]) => {
                    let max = pick(module, BinaryOp::Greater, e, low);
                    pick(module, BinaryOp::Less, max, high)
                }
                (MathFunction::Abs, &[a]) if scalar.kind == ScalarKind::Uint => a,
                (MathFunction::Abs, &[a]) if scalar == crate::ir::Scalar::I32 || scalar == crate::ir::Scalar::F32 => {
                    let zero = if scalar == crate::ir::Scalar::I32 { Literal::I32(0) } else { Literal::F32(0.0) };
                    let zero = module.const_expressions.append(Expression::Literal(zero), ty, span);
                    let negative = module.const_expressions.append(Expression::Binary { op: BinaryOp::Less, left: a, right: zero }, bool_ty, span);
                    let negated = module.const_expressions.append(Expression::Unary { op: UnaryOp::Negate, expr: a }, ty, span);
                    module.const_expressions.append(Expression::Select { condition: negative, accept: negated, reject: a }, ty, span)
                }
                _ => return Err(format!("`{fun:?}` takes other arguments here")),
            });
        }
        _ => return Err("an expression of specialization constants (an array size, a workgroup size) may only be made of constants, overrides, operators, conversions, `select`, `abs`, `min`, `max` and `clamp` of integers".into()),
    };
    Ok(module.const_expressions.append(copied, ty, span))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{compile, CompileOptions, Language, Target};

    /// The bounds of every override of a WGSL compute shader (Vulkan target: its lengths
    /// follow the constants), by name.
    fn bounds(src: &str) -> Vec<(String, Option<u32>, bool)> {
        let options = CompileOptions { language: Language::Wgsl, target: Target::Vulkan, ..Default::default() };
        let compiled = compile("t.wgsl", src, &options).unwrap_or_else(|e| panic!("{}", e.render()));
        let module = compiled.ir.module();
        let bounds = least_values(module);
        module
            .overrides
            .iter()
            .filter(|&(h, _)| crate::ir::interface::is_specializable(module, h))
            .map(|(h, o)| (o.name.clone().unwrap_or_default(), bounds[h.index()].least, bounds[h.index()].keeps_default))
            .collect()
    }

    fn named(list: &[(&str, Option<u32>, bool)]) -> Vec<(String, Option<u32>, bool)> {
        list.iter().map(|&(n, l, k)| (n.to_string(), l, k)).collect()
    }

    /// A length of two constants gives each its own least value, found in turn (the earlier
    /// one lowered first, the later one with the earlier at its least), so that together they
    /// still reach the constant index: `g + h` indexed at 5 (defaults 4 and 4): `g` down to 2
    /// (with `h` = 4), then `h` down to 4 (with `g` = 2); `p * q` indexed at 11 (defaults 4, 6):
    /// `p` down to 2, then `q` stays at 6. Evaluated at the leasts, each length still exceeds
    /// its index.
    #[test]
    fn several_constants_get_their_own_least_values() {
        let src = "override g: u32 = 4u;\noverride h: u32 = 4u;\noverride p: u32 = 4u;\noverride q: u32 = 6u;\n\
                   var<workgroup> both: array<u32, g + h>;\nvar<workgroup> product: array<u32, p * q>;\n\
                   @compute @workgroup_size(1) fn main() { both[5] = 1u; product[11] = 1u; }\n";
        let b = bounds(src);
        assert_eq!(b, named(&[("g", Some(2), false), ("h", Some(4), false), ("p", Some(2), false), ("q", Some(6), false)]));
        assert!(2 + 4 > 5 && 2 * 6 > 11 && 2 + 3 <= 5 && 1 * 6 <= 11 && 2 * 5 <= 11);
    }

    /// A length that no constant index reaches still needs one element: `array<u32, n>` gives
    /// `n` the least value 1 (`a[b[1]]`: a dynamic index), and `m - 3u` indexed at 1 gives `m`
    /// 5 (an unsigned `m` below 3 has no value); `c[b[0]]` into `s + 2`: 1 from `s` = -1 on,
    /// and the search goes no lower than 0.
    #[test]
    fn every_length_needs_one_element() {
        let src = "override n: u32 = 8u;\noverride m: u32 = 8u;\noverride s: i32 = 8;\n\
                   var<workgroup> a: array<u32, n>;\nvar<workgroup> b: array<u32, m - 3u>;\nvar<workgroup> c: array<u32, s + 2>;\n\
                   @compute @workgroup_size(1) fn main() { a[b[1]] = c[b[0]]; }\n";
        assert_eq!(bounds(src), named(&[("n", Some(1), false), ("m", Some(5), false), ("s", Some(0), false)]));
    }

    /// A block member's inner array dimension sized by a specialization constant is an error
    /// as in glslang ("only outermost dimension of an array of arrays can be a specialization
    /// constant"); its outermost dimension, a struct member's, a `shared` or local array's
    /// inner dimension are not (each checked with glslangValidator 12).
    #[test]
    fn only_a_block_members_outermost_dimension_may_be_specialized() {
        let verdict = |decl: &str| {
            let src = format!("#version 450\nlayout(local_size_x = 1) in;\nlayout(constant_id = 0) const int K = 3;\n{decl}\nvoid main() {{}}\n");
            let options = CompileOptions { language: Language::Glsl, target: Target::Vulkan, ..Default::default() };
            compile("t.comp", &src, &options).map(drop).map_err(|e| e.render())
        };
        for refused in [
            "layout(std430, binding = 1) buffer C { float c[2][K]; };",
            "layout(std140, binding = 1) uniform U { vec4 c[2][K]; };",
            "layout(std430, binding = 1) buffer C { float c[2][K + 1]; } inst[2];",
        ] {
            let err = verdict(refused).expect_err(refused);
            assert!(err.contains("only the outermost dimension") && err.contains("t.comp:4:"), "{refused}: {err}");
        }
        for accepted in [
            "layout(std430, binding = 1) buffer C { float l; float c[K][2]; };",
            "struct S { float m[2][K]; };\nlayout(std430, binding = 1) buffer C { S s; };",
            "shared float s[2][K];",
        ] {
            verdict(accepted).unwrap_or_else(|e| panic!("{accepted}: {e}"));
        }
    }

    /// One falling constant in a length of two keeps its default and is held there while the
    /// other is lowered: `8u - d + e` indexed at 5 (defaults 2, 3): `d` keeps 2, `e` down to 0.
    #[test]
    fn a_falling_constant_is_held_at_its_default() {
        let src = "override d: u32 = 2u;\noverride e: u32 = 3u;\nvar<workgroup> w: array<u32, 8u - d + e>;\n\
                   @compute @workgroup_size(1) fn main() { w[5] = 1u; }\n";
        assert_eq!(bounds(src), named(&[("d", None, true), ("e", None, false)]));
    }
}
