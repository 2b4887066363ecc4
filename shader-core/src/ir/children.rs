//! The operands ("children") of an expression, left to right: one list of every variant's
//! expression operands, read by [`children`] (the validator, the dispatch and depth walks, the
//! wgpu writer) and rewritten in place by [`map_children`] (pointer specialisation, the wgpu
//! target's copies). Both expand the same match, so they cannot disagree on a variant or on
//! the order.

use super::*;

/// Calls `$visit` on every expression operand of `$expr`, left to right. `$expr` is a
/// `&Expression` or a `&mut Expression`; `$visit` gets a `&Handle` or a `&mut Handle` to match,
/// and `$iter` is `iter` or `iter_mut` to match (for the boxed raw instruction's operands).
macro_rules! each_child {
    ($expr:expr, $visit:expr, $iter:ident) => {{
        let visit = &mut $visit;
        match $expr {
            Expression::Literal(_)
            | Expression::ZeroValue(_)
            | Expression::LocalVar(_)
            | Expression::GlobalVar(_)
            | Expression::FunctionArg(_)
            | Expression::LetRef(_)
            | Expression::Override(_)
            | Expression::IsHelperInvocation => {}
            Expression::Compose { components: list }
            | Expression::Math { args: list, .. }
            | Expression::Call { arguments: list, .. }
            | Expression::Subgroup { args: list, .. } => list.into_iter().for_each(|h| visit(h)),
            Expression::Splat { value: h }
            | Expression::Swizzle { vector: h, .. }
            | Expression::AccessIndex { base: h, .. }
            | Expression::Load { pointer: h }
            | Expression::Unary { expr: h, .. }
            | Expression::Relational { argument: h, .. }
            | Expression::Derivative { expr: h, .. }
            | Expression::Convert { expr: h, .. }
            | Expression::Bitcast { expr: h }
            | Expression::SparseTexelsResident { code: h }
            | Expression::ArrayLength { pointer: h }
            | Expression::WorkgroupUniformLoad { pointer: h } => visit(h),
            Expression::Access { base: a, index: b }
            | Expression::Binary { left: a, right: b, .. }
            | Expression::CombineImageSampler { image: a, sampler: b } => {
                visit(a);
                visit(b);
            }
            Expression::Select { reject, accept, condition } => {
                visit(reject);
                visit(accept);
                visit(condition);
            }
            Expression::ImageSample { image, sampler, coordinate, array_index, offset, level, depth_ref, min_lod, .. } => {
                visit(image);
                sampler.into_iter().for_each(|h| visit(h));
                visit(coordinate);
                array_index.into_iter().for_each(|h| visit(h));
                offset.into_iter().for_each(|h| visit(h));
                match level {
                    SampleLevel::Auto | SampleLevel::Zero => {}
                    SampleLevel::Exact(h) | SampleLevel::Bias(h) => visit(h),
                    SampleLevel::Gradient { x, y } => {
                        visit(x);
                        visit(y);
                    }
                }
                depth_ref.into_iter().for_each(|h| visit(h));
                min_lod.into_iter().for_each(|h| visit(h));
            }
            Expression::ImageLoad { image, coordinate, array_index, sample, level, .. } => {
                visit(image);
                visit(coordinate);
                array_index.into_iter().for_each(|h| visit(h));
                sample.into_iter().for_each(|h| visit(h));
                level.into_iter().for_each(|h| visit(h));
            }
            Expression::ImageQuery { image, query } => {
                visit(image);
                match query {
                    ImageQuery::Size { level } => level.into_iter().for_each(|h| visit(h)),
                    ImageQuery::NumLevels | ImageQuery::NumLayers | ImageQuery::NumSamples => {}
                    ImageQuery::Lod { sampler, coordinate } => {
                        sampler.into_iter().for_each(|h| visit(h));
                        visit(coordinate);
                    }
                }
            }
            Expression::ImageTexelPointer { image, coordinate, sample } => {
                visit(image);
                visit(coordinate);
                sample.into_iter().for_each(|h| visit(h));
            }
            Expression::Atomic { pointer, value, compare, .. } => {
                visit(pointer);
                visit(value);
                compare.into_iter().for_each(|h| visit(h));
            }
            Expression::AtomicScoped { pointer, value, compare, .. } => {
                visit(pointer);
                value.into_iter().for_each(|h| visit(h));
                compare.into_iter().for_each(|h| visit(h));
            }
            Expression::Spirv(inst) => {
                for operand in inst.operands.$iter() {
                    if let SpirvOperand::Value(h) = operand {
                        visit(h);
                    }
                }
            }
        }
    }};
}

/// The children of `expr`, left to right, into `out` (cleared first).
pub(crate) fn children(expr: &Expression, out: &mut Vec<Handle<Expression>>) {
    out.clear();
    each_child!(expr, |h: &Handle<Expression>| out.push(*h), iter);
}

/// Replaces each child handle of `e` by `f(child)`, left to right (the order of [`children`]).
pub(crate) fn map_children(e: &mut Expression, f: &mut impl FnMut(Handle<Expression>) -> Handle<Expression>) {
    each_child!(e, |h: &mut Handle<Expression>| *h = f(*h), iter_mut);
}

/// The expression operands of a raw SPIR-V instruction, in order.
pub(crate) fn spirv_operands(inst: &SpirvInstruction, out: &mut Vec<Handle<Expression>>) {
    out.extend(inst.operands.iter().filter_map(|o| match o {
        SpirvOperand::Value(h) => Some(*h),
        SpirvOperand::Literal(_) | SpirvOperand::String(_) => None,
    }));
}
