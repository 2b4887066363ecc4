//! GLSL built-in variables (GLSL 4.60 §7, GL_KHR_vulkan_glsl) and built-in functions
//! (GLSL 4.60 §8, GL_KHR_shader_subgroup_*), lowered to IR expressions.
//!
//! Arguments take GLSL's implicit conversions: float functions accept integer arguments
//! (converted to `float`), and where GLSL declares a `genType` with a `float` variant
//! (`min(vec3, float)`, `mix(vec3, vec3, float)`, `step(float, vec3)`) the scalar is splatted.

mod memory_model;

use super::{Lowerer, Operand, Reported, Sym, R};
use crate::ir::*;
use crate::span::Span;

type Args = Vec<(Operand, Span)>;

/// The symbol of a built-in variable of the current stage, creating its global on first use.
pub(crate) fn builtin_variable(lw: &mut Lowerer<'_>, name: &str) -> Option<Sym> {
    let stage = lw.stage;
    let u32 = lw.scalar_ty(Scalar::U32);
    let uvec3 = lw.vec_ty(3, Scalar::U32);
    match (stage, name) {
        (Stage::Fragment, "gl_FragColor") => {
            // GLSL ES 1.00 / compatibility output: glslang gives it location 0.
            let vec4 = lw.vec_ty(4, Scalar::F32);
            let g = lw.m.globals.append(
                GlobalVariable {
                    name: Some(name.into()),
                    space: AddressSpace::Output,
                    binding: None,
                    io: Some(IoBinding::Location { location: 0, component: None, interpolation: None, sampling: None, blend_src: None }),
                    invariant: false,
                    memory: MemoryQualifiers::default(),
                    ty: vec4,
                    init: None,
                },
                Span::default(),
            );
            return Some(Sym::Var { root: super::Root::Global(g), ty: vec4, space: AddressSpace::Output, read_only: false });
        }
        // With `local_size_*_id`, the components so sized follow their specialization
        // constants (GLSL 4.60 §7.1.3: gl_WorkGroupSize is then a specialization constant, as
        // glslang emits it; on the wgpu target the runtime writes a pipeline's size into them,
        // see `local_size_x_id`); folded to the defaults in constant expressions but array
        // sizes (`spec_length`).
        (Stage::Compute, "gl_WorkGroupSize") if lw.local_size_ids.iter().any(Option::is_some) => {
            return Some(Sym::WorkgroupSize { ids: lw.local_size_ids, size: lw.local_size, u32, ty: uvec3 });
        }
        (Stage::Compute, "gl_WorkGroupSize") => {
            let ls = lw.local_size;
            let cv = super::Cv::Composite(ls.iter().map(|&v| super::Cv::Scalar(Literal::U32(v))).collect());
            return Some(Sym::Const { value: cv, ty: uvec3 });
        }
        // GL_KHR_memory_scope_semantics: `const int`s with the SPIR-V scope and semantics values.
        (_, n) if memory_model_constant(n).is_some() => {
            let v = memory_model_constant(n).unwrap_or(0);
            let i32 = lw.scalar_ty(Scalar::I32);
            return Some(Sym::Const { value: super::Cv::Scalar(Literal::I32(v)), ty: i32 });
        }
        _ => {}
    }
    match core_builtin(lw, name) {
        Some((b, ty, output)) => Some(lw.builtin_global(name, b, ty, output)),
        None => super::extensions::builtin_variable(lw, name),
    }
}

/// The core built-in variable `name` of the current stage (GLSL 4.60 §7.1, GL_KHR_vulkan_glsl):
/// its `BuiltIn`, its type (`gl_ClipDistance`-like arrays with length 1, sized where used) and
/// whether it is an output. The one table of their types and directions: uses create globals
/// from it ([`builtin_variable`]), redeclarations are checked against it.
pub(crate) fn core_builtin(lw: &mut Lowerer<'_>, name: &str) -> Option<(BuiltIn, Handle<Type>, bool)> {
    use BuiltIn as B;
    let stage = lw.stage;
    let f32 = lw.scalar_ty(Scalar::F32);
    let i32 = lw.scalar_ty(Scalar::I32);
    let u32 = lw.scalar_ty(Scalar::U32);
    let bool_ = lw.scalar_ty(Scalar::BOOL);
    let vec4 = lw.vec_ty(4, Scalar::F32);
    let vec2 = lw.vec_ty(2, Scalar::F32);
    let uvec3 = lw.vec_ty(3, Scalar::U32);
    let uvec4 = lw.vec_ty(4, Scalar::U32);
    let farr = lw.ty(TypeInner::Array { base: f32, size: ArraySize::Constant(1), stride: 0 });
    let iarr = lw.ty(TypeInner::Array { base: i32, size: ArraySize::Constant(1), stride: 0 });
    let (b, ty, output) = match (stage, name) {
        (Stage::Vertex, "gl_Position") => (B::Position, vec4, true),
        (Stage::Vertex, "gl_PointSize") => (B::PointSize, f32, true),
        (Stage::Vertex, "gl_ClipDistance") => (B::ClipDistance, farr, true),
        (Stage::Vertex, "gl_CullDistance") => (B::CullDistance, farr, true),
        (Stage::Vertex, "gl_VertexIndex") => (B::VertexIndex, i32, false),
        (Stage::Vertex, "gl_InstanceIndex") => (B::InstanceIndex, i32, false),
        (Stage::Vertex, "gl_BaseVertex" | "gl_BaseVertexARB") => (B::BaseVertex, i32, false),
        (Stage::Vertex, "gl_BaseInstance" | "gl_BaseInstanceARB") => (B::BaseInstance, i32, false),
        (Stage::Vertex, "gl_DrawID" | "gl_DrawIDARB") => (B::DrawIndex, i32, false),
        (Stage::Fragment, "gl_FragCoord") => (B::FragCoord, vec4, false),
        (Stage::Fragment, "gl_FrontFacing") => (B::FrontFacing, bool_, false),
        (Stage::Fragment, "gl_FragDepth") => (B::FragDepth, f32, true),
        (Stage::Fragment, "gl_SampleID") => (B::SampleId, i32, false),
        (Stage::Fragment, "gl_SamplePosition") => (B::SamplePosition, vec2, false),
        (Stage::Fragment, "gl_SampleMaskIn") => (B::SampleMask, iarr, false),
        (Stage::Fragment, "gl_SampleMask") => (B::SampleMask, iarr, true),
        (Stage::Fragment, "gl_PointCoord") => (B::PointCoord, vec2, false),
        (Stage::Fragment, "gl_HelperInvocation") => (B::HelperInvocation, bool_, false),
        (Stage::Fragment, "gl_PrimitiveID") => (B::PrimitiveId, i32, false),
        (Stage::Fragment, "gl_Layer") => (B::Layer, i32, false),
        (Stage::Fragment, "gl_ViewportIndex") => (B::ViewportIndex, i32, false),
        (Stage::Fragment, "gl_ClipDistance") => (B::ClipDistance, farr, false),
        (Stage::Fragment, "gl_FragStencilRefARB") => (B::FragStencilRef, i32, true),
        (Stage::Fragment, "gl_BaryCoordEXT" | "gl_BaryCoordNV") => (B::BaryCoord, lw.vec_ty(3, Scalar::F32), false),
        (Stage::Fragment, "gl_BaryCoordNoPerspEXT" | "gl_BaryCoordNoPerspNV") => (B::BaryCoordNoPersp, lw.vec_ty(3, Scalar::F32), false),
        (Stage::Fragment, "gl_FragSizeEXT") => (B::FragSize, lw.vec_ty(2, Scalar::I32), false),
        (Stage::Fragment, "gl_FragInvocationCountEXT") => (B::FragInvocationCount, i32, false),
        (Stage::Fragment, "gl_CullDistance") => (B::CullDistance, farr, false),
        (_, "gl_ViewIndex") if stage != Stage::Compute => (B::ViewIndex, i32, false),
        // GL_OVR_multiview: the same built-in, as a uint.
        (_, "gl_ViewID_OVR") if stage != Stage::Compute => (B::ViewIndex, u32, false),
        (Stage::Compute, "gl_GlobalInvocationID") => (B::GlobalInvocationId, uvec3, false),
        (Stage::Compute, "gl_LocalInvocationID") => (B::LocalInvocationId, uvec3, false),
        (Stage::Compute, "gl_WorkGroupID") => (B::WorkgroupId, uvec3, false),
        (Stage::Compute, "gl_NumWorkGroups") => (B::NumWorkgroups, uvec3, false),
        (Stage::Compute, "gl_LocalInvocationIndex") => (B::LocalInvocationIndex, u32, false),
        // GL_ARB_shader_ballot's names read the same built-ins.
        (_, "gl_SubgroupSize" | "gl_SubGroupSizeARB") => (B::SubgroupSize, u32, false),
        (_, "gl_SubgroupInvocationID" | "gl_SubGroupInvocationARB") => (B::SubgroupInvocationId, u32, false),
        (Stage::Compute, "gl_NumSubgroups") => (B::NumSubgroups, u32, false),
        (Stage::Compute, "gl_SubgroupID") => (B::SubgroupId, u32, false),
        (_, "gl_SubgroupEqMask") => (B::SubgroupEqMask, uvec4, false),
        (_, "gl_SubgroupGeMask") => (B::SubgroupGeMask, uvec4, false),
        (_, "gl_SubgroupGtMask") => (B::SubgroupGtMask, uvec4, false),
        (_, "gl_SubgroupLeMask") => (B::SubgroupLeMask, uvec4, false),
        (_, "gl_SubgroupLtMask") => (B::SubgroupLtMask, uvec4, false),
        _ => return None,
    };
    Some((b, ty, output))
}

/// GL_KHR_shader_subgroup_basic, and the extensions with which glslang enables it: every other
/// GL_KHR_shader_subgroup_* extension and GL_NV_shader_subgroup_partitioned.
const SUBGROUP_BASIC: &[&str] = &[
    "GL_KHR_shader_subgroup_basic",
    "GL_KHR_shader_subgroup_vote",
    "GL_KHR_shader_subgroup_arithmetic",
    "GL_KHR_shader_subgroup_ballot",
    "GL_KHR_shader_subgroup_shuffle",
    "GL_KHR_shader_subgroup_shuffle_relative",
    "GL_KHR_shader_subgroup_clustered",
    "GL_KHR_shader_subgroup_quad",
    "GL_NV_shader_subgroup_partitioned",
];

/// The extensions of which one must be enabled for the built-in function `name` to exist
/// (empty: it always exists, or it is not a built-in): the GL_KHR_shader_subgroup_* functions,
/// each gated by its own extension only (the basic ones by any, as [`SUBGROUP_BASIC`]), as
/// glslangValidator 12 gates them (checked name by name, `--target-env vulkan1.1`).
pub(crate) fn function_extensions(name: &str) -> &'static [&'static str] {
    let Some(rest) = name.strip_prefix("subgroup") else { return &[] };
    let arithmetic = |op: &str| matches!(op, "Add" | "Mul" | "Min" | "Max" | "And" | "Or" | "Xor");
    match rest {
        "Barrier" | "MemoryBarrier" | "MemoryBarrierBuffer" | "MemoryBarrierShared" | "MemoryBarrierImage" | "Elect" => SUBGROUP_BASIC,
        "All" | "Any" | "AllEqual" => &["GL_KHR_shader_subgroup_vote"],
        "Broadcast" | "BroadcastFirst" | "Ballot" | "InverseBallot" | "BallotBitExtract" | "BallotBitCount" | "BallotInclusiveBitCount"
        | "BallotExclusiveBitCount" | "BallotFindLSB" | "BallotFindMSB" => &["GL_KHR_shader_subgroup_ballot"],
        "Shuffle" | "ShuffleXor" => &["GL_KHR_shader_subgroup_shuffle"],
        "ShuffleUp" | "ShuffleDown" => &["GL_KHR_shader_subgroup_shuffle_relative"],
        "QuadBroadcast" | "QuadSwapHorizontal" | "QuadSwapVertical" | "QuadSwapDiagonal" => &["GL_KHR_shader_subgroup_quad"],
        r if r.strip_prefix("Clustered").is_some_and(arithmetic) => &["GL_KHR_shader_subgroup_clustered"],
        r if arithmetic(r) || r.strip_prefix("Inclusive").or(r.strip_prefix("Exclusive")).is_some_and(arithmetic) => {
            &["GL_KHR_shader_subgroup_arithmetic"]
        }
        _ => &[],
    }
}

/// The extensions of which one must be enabled for the built-in variable or constant `name`
/// to exist in `stage` (empty: it always exists), as glslang declares them (checked against
/// glslangValidator 12 name by name).
pub(crate) fn builtin_extensions(stage: Stage, name: &str) -> &'static [&'static str] {
    match (stage, name) {
        (_, "gl_SubgroupSize" | "gl_SubgroupInvocationID" | "gl_NumSubgroups" | "gl_SubgroupID") => SUBGROUP_BASIC,
        (_, n) if n.starts_with("gl_Subgroup") && n.ends_with("Mask") => &["GL_KHR_shader_subgroup_ballot"],
        (Stage::Vertex, "gl_Layer" | "gl_ViewportIndex") => &["GL_ARB_shader_viewport_layer_array", "GL_NV_viewport_array2"],
        (Stage::Vertex, "gl_BaseVertexARB" | "gl_BaseInstanceARB" | "gl_DrawIDARB") => &["GL_ARB_shader_draw_parameters"],
        (Stage::Vertex, "gl_ViewportMask") => &["GL_NV_viewport_array2"],
        (Stage::Vertex, "gl_SecondaryPositionNV" | "gl_SecondaryViewportMaskNV") => &["GL_NV_stereo_view_rendering"],
        (Stage::Vertex, "gl_PositionPerViewNV" | "gl_ViewportMaskPerViewNV") => &["GL_NVX_multiview_per_view_attributes"],
        (Stage::Vertex, "gl_PrimitiveShadingRateEXT") | (Stage::Fragment, "gl_ShadingRateEXT") => &["GL_EXT_fragment_shading_rate"],
        (Stage::Fragment, "gl_BaryCoordEXT" | "gl_BaryCoordNoPerspEXT") => &["GL_EXT_fragment_shader_barycentric"],
        (Stage::Fragment, "gl_BaryCoordNV" | "gl_BaryCoordNoPerspNV") => &["GL_NV_fragment_shader_barycentric"],
        (Stage::Fragment, "gl_FragSizeEXT" | "gl_FragInvocationCountEXT") => &["GL_EXT_fragment_invocation_density"],
        (Stage::Fragment, "gl_FragmentSizeNV" | "gl_InvocationsPerPixelNV") => &["GL_NV_shading_rate_image"],
        (Stage::Fragment, "gl_FragStencilRefARB") => &["GL_ARB_shader_stencil_export"],
        (_, "gl_ViewIndex") => &["GL_EXT_multiview"],
        (_, "gl_ViewID_OVR") => &["GL_OVR_multiview", "GL_OVR_multiview2"],
        (_, "gl_CoreIDARM" | "gl_CoreCountARM" | "gl_CoreMaxIDARM" | "gl_WarpIDARM" | "gl_WarpMaxIDARM") => &["GL_ARM_shader_core_builtins"],
        (_, "gl_WarpsPerSMNV" | "gl_SMCountNV" | "gl_WarpIDNV" | "gl_SMIDNV") => &["GL_NV_shader_sm_builtins"],
        (_, "gl_SubGroupSizeARB" | "gl_SubGroupInvocationARB") => &["GL_ARB_shader_ballot"],
        (_, n) if n.starts_with("gl_SubGroup") && n.ends_with("MaskARB") => &["GL_ARB_shader_ballot"],
        (_, "gl_RayFlagsSkipTrianglesEXT" | "gl_RayFlagsSkipAABBEXT") => &["GL_EXT_ray_flags_primitive_culling"],
        (_, n) if n.starts_with("gl_ShadingRateFlag") => &["GL_EXT_fragment_shading_rate"],
        (_, n) if memory_model_constant(n).is_some() => &["GL_KHR_memory_scope_semantics"],
        _ => &[],
    }
}

/// The value of a GL_KHR_memory_scope_semantics constant: the SPIR-V `Scope` and
/// `MemorySemantics` encodings (SPIR-V §3.27, §3.25), as glslang defines them.
fn memory_model_constant(name: &str) -> Option<i32> {
    Some(match name {
        "gl_ScopeCrossDevice" => 0,
        "gl_ScopeDevice" => 1,
        "gl_ScopeWorkgroup" => 2,
        "gl_ScopeSubgroup" => 3,
        "gl_ScopeInvocation" => 4,
        "gl_ScopeQueueFamily" => 5,
        "gl_ScopeShaderCallEXT" => 6,
        "gl_StorageSemanticsNone" => 0,
        "gl_StorageSemanticsBuffer" => 0x40,
        "gl_StorageSemanticsShared" => 0x100,
        "gl_StorageSemanticsImage" => 0x800,
        "gl_StorageSemanticsOutput" => 0x1000,
        "gl_SemanticsRelaxed" => 0,
        "gl_SemanticsAcquire" => 0x2,
        "gl_SemanticsRelease" => 0x4,
        "gl_SemanticsAcquireRelease" => 0x8,
        "gl_SemanticsMakeAvailable" => 0x2000,
        "gl_SemanticsMakeVisible" => 0x4000,
        "gl_SemanticsVolatile" => 0x8000,
        _ => return None,
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Floating-point arguments (integers convert to float).
    Float,
    /// Any numeric arguments, brought to a common type.
    Numeric,
    /// Integer arguments.
    Int,
}

/// Lowers a call of a built-in function; `None` when `name` is no built-in.
pub(crate) fn call(lw: &mut Lowerer<'_>, out: &mut Block, name: &str, args: Args, span: Span) -> Option<R<Operand>> {
    use MathFunction as M;
    if let Some(extension) = lw.missing_extension(function_extensions(name), span) {
        return Some(Err(lw.needs_extension(name, extension, span)));
    }
    let r = match name {
        _ if super::extensions::is_function(name) => return super::extensions::call(lw, out, name, args, span),
        "radians" => lw.math_gen(out, M::Radians, Kind::Float, args, 1, span),
        "degrees" => lw.math_gen(out, M::Degrees, Kind::Float, args, 1, span),
        "sin" => lw.math_gen(out, M::Sin, Kind::Float, args, 1, span),
        "cos" => lw.math_gen(out, M::Cos, Kind::Float, args, 1, span),
        "tan" => lw.math_gen(out, M::Tan, Kind::Float, args, 1, span),
        "asin" => lw.math_gen(out, M::Asin, Kind::Float, args, 1, span),
        "acos" => lw.math_gen(out, M::Acos, Kind::Float, args, 1, span),
        "atan" if args.len() == 2 => lw.math_gen(out, M::Atan2, Kind::Float, args, 2, span),
        "atan" => lw.math_gen(out, M::Atan, Kind::Float, args, 1, span),
        "sinh" => lw.math_gen(out, M::Sinh, Kind::Float, args, 1, span),
        "cosh" => lw.math_gen(out, M::Cosh, Kind::Float, args, 1, span),
        "tanh" => lw.math_gen(out, M::Tanh, Kind::Float, args, 1, span),
        "asinh" => lw.math_gen(out, M::Asinh, Kind::Float, args, 1, span),
        "acosh" => lw.math_gen(out, M::Acosh, Kind::Float, args, 1, span),
        "atanh" => lw.math_gen(out, M::Atanh, Kind::Float, args, 1, span),
        "pow" => lw.math_gen(out, M::Pow, Kind::Float, args, 2, span),
        "exp" => lw.math_gen(out, M::Exp, Kind::Float, args, 1, span),
        "log" => lw.math_gen(out, M::Log, Kind::Float, args, 1, span),
        "exp2" => lw.math_gen(out, M::Exp2, Kind::Float, args, 1, span),
        "log2" => lw.math_gen(out, M::Log2, Kind::Float, args, 1, span),
        "sqrt" => lw.math_gen(out, M::Sqrt, Kind::Float, args, 1, span),
        "inversesqrt" => lw.math_gen(out, M::InverseSqrt, Kind::Float, args, 1, span),
        "abs" => lw.math_gen(out, M::Abs, Kind::Numeric, args, 1, span),
        "sign" => lw.math_gen(out, M::Sign, Kind::Numeric, args, 1, span),
        "floor" => lw.math_gen(out, M::Floor, Kind::Float, args, 1, span),
        "trunc" => lw.math_gen(out, M::Trunc, Kind::Float, args, 1, span),
        "round" => lw.math_gen(out, M::Round, Kind::Float, args, 1, span),
        "roundEven" => lw.math_gen(out, M::RoundEven, Kind::Float, args, 1, span),
        "ceil" => lw.math_gen(out, M::Ceil, Kind::Float, args, 1, span),
        "fract" => lw.math_gen(out, M::Fract, Kind::Float, args, 1, span),
        "mod" => lw.math_gen(out, M::FloorMod, Kind::Float, args, 2, span),
        "min" => lw.math_gen(out, M::Min, Kind::Numeric, args, 2, span),
        "max" => lw.math_gen(out, M::Max, Kind::Numeric, args, 2, span),
        "clamp" => lw.math_gen(out, M::Clamp, Kind::Numeric, args, 3, span),
        "mix" => lw.mix(out, args, span),
        "step" => lw.math_gen(out, M::Step, Kind::Float, args, 2, span),
        "smoothstep" => lw.math_gen(out, M::SmoothStep, Kind::Float, args, 3, span),
        "fma" => lw.math_gen(out, M::Fma, Kind::Float, args, 3, span),
        "isnan" => lw.relational(out, RelationalFunction::IsNan, args, span),
        "isinf" => lw.relational(out, RelationalFunction::IsInf, args, span),
        "floatBitsToInt" | "floatBitsToUint" | "intBitsToFloat" | "uintBitsToFloat" | "doubleBitsToInt64" | "doubleBitsToUint64"
        | "int64BitsToDouble" | "uint64BitsToDouble" | "float16BitsToInt16" | "float16BitsToUint16" | "int16BitsToFloat16"
        | "uint16BitsToFloat16" => lw.bitcast(out, name, args, span),
        "length" => lw.math_gen(out, M::Length, Kind::Float, args, 1, span),
        "distance" => lw.math_gen(out, M::Distance, Kind::Float, args, 2, span),
        "dot" => lw.math_gen(out, M::Dot, Kind::Float, args, 2, span),
        "cross" => lw.math_gen(out, M::Cross, Kind::Float, args, 2, span),
        // normalize(x) of a scalar is its sign (x / |x|); naga's SPIR-V reader rejects
        // GLSL.std.450 Normalize on scalars, so emit FSign for them.
        "normalize" if args.len() == 1 && lw.operand_is_scalar(&args[0]) => lw.math_gen(out, M::Sign, Kind::Float, args, 1, span),
        "normalize" => lw.math_gen(out, M::Normalize, Kind::Float, args, 1, span),
        // On scalars naga's SPIR-V reader rejects GLSL.std.450 Reflect/FaceForward; spell them
        // out with the definitions of GLSL 4.60 §8.5.
        "faceforward" if args.len() == 3 && args.iter().all(|a| lw.operand_is_scalar(a)) => lw.scalar_geometric(out, M::FaceForward, args, span),
        "reflect" if args.len() == 2 && args.iter().all(|a| lw.operand_is_scalar(a)) => lw.scalar_geometric(out, M::Reflect, args, span),
        "faceforward" => lw.math_gen(out, M::FaceForward, Kind::Float, args, 3, span),
        "reflect" => lw.math_gen(out, M::Reflect, Kind::Float, args, 2, span),
        "refract" => lw.refract(out, args, span),
        "matrixCompMult" => lw.matrix_comp_mult(out, args, span),
        "outerProduct" => lw.outer(out, args, span),
        "transpose" => lw.matrix_fn(out, M::Transpose, args, span),
        "determinant" => lw.matrix_fn(out, M::Determinant, args, span),
        "inverse" => lw.matrix_fn(out, M::Inverse, args, span),
        "lessThan" | "lessThanEqual" | "greaterThan" | "greaterThanEqual" | "equal" | "notEqual" => lw.vec_compare(out, name, args, span),
        "any" | "all" => lw.any_all(out, name == "all", args, span),
        "not" => lw.not(out, args, span),
        "bitCount" | "findLSB" | "findMSB" => lw.bit_query(out, name, args, span),
        "bitfieldReverse" => lw.math_gen(out, M::ReverseBits, Kind::Int, args, 1, span),
        "bitfieldExtract" => lw.bitfield(out, false, args, span),
        "bitfieldInsert" => lw.bitfield(out, true, args, span),
        "uaddCarry" | "usubBorrow" => lw.carry(out, name == "uaddCarry", args, span),
        "umulExtended" | "imulExtended" => lw.mul_extended(out, args, span),
        "frexp" => lw.frexp_modf(out, M::Frexp, args, span),
        "modf" => lw.frexp_modf(out, M::Modf, args, span),
        "ldexp" => lw.ldexp(out, args, span),
        "packUnorm2x16" => lw.pack(out, M::Pack2x16unorm, 2, true, args, span),
        "packSnorm2x16" => lw.pack(out, M::Pack2x16snorm, 2, true, args, span),
        "packUnorm4x8" => lw.pack(out, M::Pack4x8unorm, 4, true, args, span),
        "packSnorm4x8" => lw.pack(out, M::Pack4x8snorm, 4, true, args, span),
        "packHalf2x16" => lw.pack(out, M::Pack2x16float, 2, true, args, span),
        "unpackUnorm2x16" => lw.pack(out, M::Unpack2x16unorm, 2, false, args, span),
        "unpackSnorm2x16" => lw.pack(out, M::Unpack2x16snorm, 2, false, args, span),
        "unpackUnorm4x8" => lw.pack(out, M::Unpack4x8unorm, 4, false, args, span),
        "unpackSnorm4x8" => lw.pack(out, M::Unpack4x8snorm, 4, false, args, span),
        "unpackHalf2x16" => lw.pack(out, M::Unpack2x16float, 2, false, args, span),
        "packDouble2x32" => lw.pack(out, M::PackDouble2x32, 2, true, args, span),
        // GL_EXT_shader_explicit_arithmetic_types / GL_ARB_gpu_shader_int64 packing: each is
        // a reinterpretation of the same bits (glslang emits OpBitcast).
        "pack16" | "pack32" | "pack64" | "unpack8" | "unpack16" | "unpack32" | "packInt2x32" | "packUint2x32" | "unpackInt2x32"
        | "unpackUint2x32" | "packInt2x16" | "packUint2x16" | "packInt4x16" | "packUint4x16" | "unpackInt2x16" | "unpackUint2x16"
        | "unpackInt4x16" | "unpackUint4x16" | "packFloat2x16" | "unpackFloat2x16" => lw.pack_bits(out, name, args, span),
        "unpackDouble2x32" => lw.pack(out, M::UnpackDouble2x32, 2, false, args, span),
        "dFdx" | "dFdy" | "fwidth" | "dFdxFine" | "dFdyFine" | "fwidthFine" | "dFdxCoarse" | "dFdyCoarse" | "fwidthCoarse" => {
            lw.derivative(out, name, args, span)
        }
        "interpolateAtCentroid" => lw.interpolate(out, M::InterpolateAtCentroid, args, span),
        "interpolateAtSample" => lw.interpolate(out, M::InterpolateAtSample, args, span),
        "interpolateAtOffset" => lw.interpolate(out, M::InterpolateAtOffset, args, span),
        "barrier" | "memoryBarrier" | "memoryBarrierShared" | "memoryBarrierBuffer" | "memoryBarrierImage" | "groupMemoryBarrier"
        | "subgroupBarrier" | "subgroupMemoryBarrier" | "subgroupMemoryBarrierBuffer" | "subgroupMemoryBarrierShared"
        | "subgroupMemoryBarrierImage" | "controlBarrier" => lw.barrier(out, name, args, span),
        "atomicAdd" | "atomicMin" | "atomicMax" | "atomicAnd" | "atomicOr" | "atomicXor" | "atomicExchange" | "atomicCompSwap" => {
            lw.atomic(out, name, args, span)
        }
        "atomicLoad" | "atomicStore" => lw.scoped_atomic(out, name, args, span),
        "imageLoad" | "imageStore" | "imageSize" | "imageSamples" | "imageAtomicAdd" | "imageAtomicMin" | "imageAtomicMax"
        | "imageAtomicAnd" | "imageAtomicOr" | "imageAtomicXor" | "imageAtomicExchange" | "imageAtomicCompSwap" | "imageAtomicLoad"
        | "imageAtomicStore" => lw.image_call(out, name, args, span, false),
        "subpassLoad" => lw.subpass_load(out, args, span),
        // GLSL 4.60 §8.19 (GL_ARB_shader_group_vote): subgroup votes, as glslang maps them.
        "anyInvocation" | "anyInvocationARB" => lw.subgroup_op(out, name, SubgroupOperation::Any, args, span),
        "allInvocations" | "allInvocationsARB" => lw.subgroup_op(out, name, SubgroupOperation::All, args, span),
        "allInvocationsEqual" | "allInvocationsEqualARB" => lw.subgroup_op(out, name, SubgroupOperation::AllEqual, args, span),
        // GL_EXT_demote_to_helper_invocation.
        "helperInvocationEXT" => lw.fragment_only(name, span).and_then(|()| {
            if !args.is_empty() {
                return Err(lw.error("`helperInvocationEXT` takes no arguments", span));
            }
            let b = lw.scalar_ty(Scalar::BOOL);
            Ok(Operand::Value(lw.push(Expression::IsHelperInvocation, b, span)))
        }),
        // GL_ARB_fragment_shader_interlock.
        "beginInvocationInterlockARB" | "endInvocationInterlockARB" => lw.fragment_only(name, span).and_then(|()| {
            if !args.is_empty() {
                return Err(lw.error(format!("`{name}` takes no arguments"), span));
            }
            lw.interlock_placement(name, span);
            let c = if name.starts_with("begin") { FragmentControl::BeginInterlock } else { FragmentControl::EndInterlock };
            out.push(Statement::Fragment(c), span);
            Ok(Operand::Void)
        }),
        // GL_EXT_nonuniform_qualifier: the IR has no NonUniform decoration; the value is the
        // same (drivers that need the hint for descriptor indexing are not our target).
        "nonuniformEXT" if args.len() == 1 => {
            let (o, s) = args.into_iter().next().map_or((Operand::Void, span), |a| a);
            lw.value(out, o, s).map(Operand::Value)
        }
        // GL_ARB_sparse_texture2 / GL_ARB_sparse_texture_clamp.
        "sparseTexelsResidentARB" => lw.sparse_texels_resident(out, args, span),
        _ if name.starts_with("sparse") || (name.starts_with("texture") && name.ends_with("ClampARB")) => return lw.sparse_call(out, name, args, span),
        _ if name.starts_with("texture") || name.starts_with("texel") => return lw.texture_call(out, name, args, span),
        _ if name.starts_with("subgroup") => return lw.subgroup(out, name, args, span),
        _ => return None,
    };
    Some(r)
}

/// The variant of a texture lookup (GL_ARB_sparse_texture2 / _clamp): sparse (residency code
/// and texel), with a least level of detail (`lodClamp`).
#[derive(Clone, Copy, Default)]
struct Lookup {
    sparse: bool,
    clamp: bool,
}

impl Lookup {
    /// The built-in's name as written for the lookup `base` (`textureOffset` ->
    /// `sparseTextureOffsetClampARB`), for messages.
    fn source_name(self, base: &str) -> String {
        let mut name = base.to_string();
        if self.sparse {
            let mut chars = base.chars();
            name = format!("sparse{}{}", chars.next().map(|c| c.to_ascii_uppercase()).unwrap_or_default(), chars.as_str());
        }
        if self.clamp {
            name.push_str("Clamp");
        }
        if self.sparse || self.clamp {
            name.push_str("ARB");
        }
        name
    }
}

fn texture_dim(dim: ImageDimension) -> u32 {
    match dim {
        ImageDimension::D1 | ImageDimension::Buffer => 1,
        ImageDimension::D2 | ImageDimension::SubpassData => 2,
        ImageDimension::D3 | ImageDimension::Cube => 3,
    }
}

impl<'a> Lowerer<'a> {
    /// GL_ARB_fragment_shader_interlock: `beginInvocationInterlockARB()` and
    /// `endInvocationInterlockARB()` are called in `main`, outside flow control, not after a
    /// `return` from `main`, each once, the begin first (checked as glslang checks them; glslang
    /// does not require the matching call).
    fn interlock_placement(&mut self, name: &str, span: Span) {
        const RULE: &str = "GL_ARB_fragment_shader_interlock (Overview): the interlock functions are called only in `main`, outside flow \
                            control and not after a `return`, each once, `beginInvocationInterlockARB()` first";
        let begin = name.starts_with("begin");
        let mut problems = Vec::new();
        if !self.fx.is_main {
            problems.push(format!("`{name}` must be called in `main`"));
        } else if self.fx.main_returned {
            problems.push(format!("`{name}` cannot be called after a `return` from `main`"));
        }
        if self.fx.control_flow > 0 {
            problems.push(format!("`{name}` cannot be called within flow control"));
        }
        if self.interlock_calls[!begin as usize] > 0 {
            problems.push(format!("`{name}` must be called only once"));
        }
        if begin && self.interlock_calls[1] > 0 {
            problems.push("`beginInvocationInterlockARB` must be called before `endInvocationInterlockARB`".to_string());
        }
        if !begin && self.interlock_calls[0] == 0 {
            problems.push("`endInvocationInterlockARB` must be called after `beginInvocationInterlockARB`".to_string());
        }
        self.interlock_calls[!begin as usize] += 1;
        for message in problems {
            self.diags.push(crate::diag::Diagnostic::error(message, span).with_note(RULE));
        }
    }

    fn fragment_only(&mut self, name: &str, span: Span) -> R<()> {
        if self.stage != Stage::Fragment {
            return Err(self.error(format!("`{name}` is only available in fragment shaders"), span));
        }
        Ok(())
    }

    fn vals(&mut self, out: &mut Block, args: Args) -> R<Vec<(Handle<Expression>, Span)>> {
        let mut v = Vec::new();
        for (o, s) in args {
            v.push((self.value(out, o, s)?, s));
        }
        Ok(v)
    }

    fn arity(&mut self, name: &str, args: &Args, n: usize, span: Span) -> R<()> {
        if args.len() != n {
            return Err(self.error(format!("`{name}` takes {n} argument{}, {} given", if n == 1 { "" } else { "s" }, args.len()), span));
        }
        Ok(())
    }

    /// Brings arguments to one genType: common scalar, scalars splatted to the widest vector.
    fn gen_args(&mut self, out: &mut Block, kind: Kind, vals: Vec<(Handle<Expression>, Span)>, span: Span) -> R<(Vec<Handle<Expression>>, Handle<Type>)> {
        let _ = out;
        let mut scalar: Option<Scalar> = None;
        let mut size = 1;
        for (v, s) in &vals {
            let t = self.ety(*v);
            let Some((sc, n)) = self.shape(t) else {
                return Err(self.error(format!("expected a scalar or vector, not `{}`", self.type_name(t)), *s));
            };
            if n > 1 && size > 1 && n != size {
                // genType arguments share one type: `dot(vec4, vec3)` has no overload (§8).
                return Err(self.error(format!("arguments mix vectors of {size} and {n} components"), *s));
            }
            size = size.max(n);
            scalar = Some(match scalar {
                None => sc,
                Some(prev) if prev == sc => prev,
                Some(prev) if self.implicit(prev, sc) => sc,
                Some(prev) if self.implicit(sc, prev) => prev,
                Some(prev) => {
                    let pt = self.scalar_ty(prev);
                    let msg = format!("arguments mix `{}` and `{}`", self.type_name(pt), self.type_name(t));
                    return Err(self.error(msg, *s));
                }
            });
        }
        let mut scalar = scalar.unwrap_or(Scalar::F32);
        match kind {
            Kind::Float if scalar.kind != ScalarKind::Float => {
                if scalar.kind == ScalarKind::Bool {
                    return Err(self.error("expected floating-point arguments", span));
                }
                scalar = if scalar.width == 8 { Scalar::F64 } else { Scalar::F32 };
            }
            Kind::Int if !matches!(scalar.kind, ScalarKind::Sint | ScalarKind::Uint) => {
                return Err(self.error("expected integer arguments", span));
            }
            Kind::Numeric if scalar.kind == ScalarKind::Bool => return Err(self.error("expected numeric arguments", span)),
            _ => {}
        }
        let ty = self.vec_ty(size, scalar);
        let mut res = Vec::new();
        for (v, s) in vals {
            let t = self.ety(v);
            let (sc, n) = self.shape(t).unwrap_or((scalar, 1));
            let v = if sc != scalar {
                let t2 = self.with_scalar(t, scalar);
                self.push(Expression::Convert { expr: v, to: scalar }, t2, s)
            } else {
                v
            };
            let v = if n == 1 && size > 1 { self.push(Expression::Splat { value: v }, ty, s) } else { v };
            res.push(v);
        }
        Ok((res, ty))
    }

    fn math_gen(&mut self, out: &mut Block, fun: MathFunction, kind: Kind, args: Args, n: usize, span: Span) -> R<Operand> {
        self.arity(&glsl_name(fun), &args, n, span)?;
        let vals = self.vals(out, args)?;
        self.scalar_broadcast(fun, &vals)?;
        // Geometric functions keep vector shapes as given (`dot(v, v)`).
        let (vals, ty) = self.gen_args(out, kind, vals, span)?;
        // The angle, trigonometry and exponential functions take genFType only: no double
        // overloads (GLSL 4.60 §8.1, §8.2; GLSL.std.450 has none either).
        use MathFunction as M;
        let single_only = matches!(
            fun,
            M::Radians | M::Degrees | M::Sin | M::Cos | M::Tan | M::Asin | M::Acos | M::Atan | M::Atan2 | M::Sinh | M::Cosh | M::Tanh
                | M::Asinh | M::Acosh | M::Atanh | M::Pow | M::Exp | M::Log | M::Exp2 | M::Log2
        );
        if single_only && self.inner(ty).scalar().is_some_and(|s| s.width == 8) {
            let message = format!("`{}` has no double-precision form (`{}`)", glsl_name(fun), self.type_name(ty));
            let note = "GLSL 4.60 §8.1 (Angle and Trigonometry Functions), §8.2 (Exponential Functions): genFType (and, with an extension, float16) arguments only";
            self.diags.push(crate::diag::Diagnostic::error(message, span).with_note(note));
            return Err(Reported);
        }
        let rty = match fun {
            MathFunction::Length | MathFunction::Distance | MathFunction::Dot => {
                let s = self.inner(ty).scalar().unwrap_or(Scalar::F32);
                self.scalar_ty(s)
            }
            _ => ty,
        };
        if fun == MathFunction::Dot && self.shape(ty).map(|x| x.1) == Some(1) {
            // dot(float, float) is a product (SPIR-V OpDot takes vectors only).
            return Ok(Operand::Value(self.push(Expression::Binary { op: BinaryOp::Multiply, left: vals[0], right: vals[1] }, rty, span)));
        }
        if matches!(fun, MathFunction::Cross) && self.shape(ty).map(|x| x.1) != Some(3) {
            return Err(self.error("`cross` takes two `vec3`s", span));
        }
        Ok(Operand::Value(self.push(Expression::Math { fun, args: vals }, rty, span)))
    }

    fn refract(&mut self, out: &mut Block, args: Args, span: Span) -> R<Operand> {
        self.arity("refract", &args, 3, span)?;
        let mut vals = self.vals(out, args)?;
        let eta = vals.pop().map(|x| x.0);
        let (mut v, ty) = self.gen_args(out, Kind::Float, vals, span)?;
        let s = self.inner(ty).scalar().unwrap_or(Scalar::F32);
        let st = self.scalar_ty(s);
        let eta = eta.map(|e| self.coerce(out, e, st, span)).transpose()?;
        v.extend(eta);
        Ok(Operand::Value(self.push(Expression::Math { fun: MathFunction::Refract, args: v }, ty, span)))
    }

    fn mix(&mut self, out: &mut Block, args: Args, span: Span) -> R<Operand> {
        self.arity("mix", &args, 3, span)?;
        let vals = self.vals(out, args)?;
        let at = self.ety(vals[2].0);
        if self.inner(at).scalar() == Some(Scalar::BOOL) {
            let (mut v, ty) = self.gen_args(out, Kind::Numeric, vals[..2].to_vec(), span)
                .or_else(|_| {
                    let (x, y) = (vals[0].0, vals[1].0);
                    let t = self.ety(x);
                    if t == self.ety(y) {
                        Ok((vec![x, y], t))
                    } else {
                        Err(Reported)
                    }
                })?;
            let y = v.pop().unwrap_or(vals[1].0);
            let x = v.pop().unwrap_or(vals[0].0);
            return Ok(Operand::Value(self.push(Expression::Select { condition: vals[2].0, accept: y, reject: x }, ty, span)));
        }
        self.math_gen_vals(out, MathFunction::Mix, Kind::Float, vals, span)
    }

    /// Rejects a scalar argument beside vector ones unless GLSL 4.60 §8 declares that overload
    /// (`min(genType, float)`, `clamp(genType, float, float)`, `mix(genType, genType, float)`,
    /// `step(float, genType)`, `smoothstep(float, float, genType)`, `mod(genType, float)`):
    /// `pow(vec3, 2.0)` or `dot(vec3, 1.0)` have no overload, as glslang reports.
    fn scalar_broadcast(&mut self, fun: MathFunction, vals: &[(Handle<Expression>, Span)]) -> R<()> {
        let sizes: Vec<u32> = vals.iter().map(|&(v, _)| self.shape(self.ety(v)).map_or(1, |x| x.1)).collect();
        let Some(&widest) = sizes.iter().max() else { return Ok(()) };
        // genType arguments share one vector size (§8): name the function and both types.
        if let Some(first) = sizes.iter().position(|&n| n > 1) {
            if let Some(other) = sizes.iter().position(|&n| n > 1 && n != sizes[first]) {
                let (a, b) = (self.ety(vals[first].0), self.ety(vals[other].0));
                let msg = format!("`{}` takes vectors of one size, not `{}` and `{}`", glsl_name(fun), self.type_name(a), self.type_name(b));
                return Err(self.error(msg, vals[other].1));
            }
        }
        if widest == 1 {
            return Ok(());
        }
        let may_be_scalar = |i: usize| match fun {
            MathFunction::Min | MathFunction::Max | MathFunction::FloorMod => i == 1,
            MathFunction::Clamp => i >= 1,
            MathFunction::Mix => i == 2,
            MathFunction::Step => i == 0,
            MathFunction::SmoothStep => i <= 1,
            _ => false,
        };
        for (i, (&n, &(v, s))) in sizes.iter().zip(vals).enumerate() {
            if n == 1 && !may_be_scalar(i) {
                let name = glsl_name(fun);
                let msg = format!("`{name}` has no overload taking `{}` beside a {widest}-component vector", self.type_name(self.ety(v)));
                return Err(self.error(msg, s));
            }
        }
        Ok(())
    }

    fn math_gen_vals(&mut self, out: &mut Block, fun: MathFunction, kind: Kind, vals: Vec<(Handle<Expression>, Span)>, span: Span) -> R<Operand> {
        self.scalar_broadcast(fun, &vals)?;
        let (vals, ty) = self.gen_args(out, kind, vals, span)?;
        Ok(Operand::Value(self.push(Expression::Math { fun, args: vals }, ty, span)))
    }

    fn relational(&mut self, out: &mut Block, fun: RelationalFunction, args: Args, span: Span) -> R<Operand> {
        self.arity("isnan", &args, 1, span)?;
        let vals = self.vals(out, args)?;
        let (v, ty) = self.gen_args(out, Kind::Float, vals, span)?;
        let bt = self.with_scalar(ty, Scalar::BOOL);
        Ok(Operand::Value(self.push(Expression::Relational { fun, argument: v[0] }, bt, span)))
    }

    fn bitcast(&mut self, out: &mut Block, name: &str, args: Args, span: Span) -> R<Operand> {
        self.arity(name, &args, 1, span)?;
        let vals = self.vals(out, args)?;
        let (v, vs) = vals[0];
        let t = self.ety(v);
        let (from, to) = match name {
            "floatBitsToInt" => (Scalar::F32, Scalar::I32),
            "floatBitsToUint" => (Scalar::F32, Scalar::U32),
            "intBitsToFloat" => (Scalar::I32, Scalar::F32),
            "uintBitsToFloat" => (Scalar::U32, Scalar::F32),
            "doubleBitsToInt64" => (Scalar::F64, Scalar::I64),
            "doubleBitsToUint64" => (Scalar::F64, Scalar::U64),
            "int64BitsToDouble" => (Scalar::I64, Scalar::F64),
            "uint64BitsToDouble" => (Scalar::U64, Scalar::F64),
            "float16BitsToInt16" => (Scalar::F16, Scalar::I16),
            "float16BitsToUint16" => (Scalar::F16, Scalar::U16),
            "int16BitsToFloat16" => (Scalar::I16, Scalar::F16),
            _ => (Scalar::U16, Scalar::F16),
        };
        let want = self.with_scalar(t, from);
        let v = self.coerce(out, v, want, vs)?;
        let rt = self.with_scalar(t, to);
        Ok(Operand::Value(self.push(Expression::Bitcast { expr: v }, rt, span)))
    }

    /// The packing functions of GL_EXT_shader_explicit_arithmetic_types and
    /// GL_ARB_gpu_shader_int64: `pack32(u8vec4)`, `unpackInt2x32(int64_t)`, ... The argument's
    /// type is fixed by the name (or, for `packN`/`unpackN`, chosen by the argument's signedness
    /// and size); the result has the same number of bits.
    fn pack_bits(&mut self, out: &mut Block, name: &str, args: Args, span: Span) -> R<Operand> {
        self.arity(name, &args, 1, span)?;
        let vals = self.vals(out, args)?;
        let (v, vs) = vals[0];
        let t = self.ety(v);
        let Some((s, n)) = self.shape(t) else {
            return Err(self.error(format!("`{name}` takes a scalar or vector, not `{}`", self.type_name(t)), vs));
        };
        let bits = s.width as u32 * 8 * n;
        let sized = |kind: ScalarKind, width: u8| Scalar { kind, width };
        // (argument type wanted, result type)
        let (arg, result): ((Scalar, u32), (Scalar, u32)) = match name {
            "pack16" | "pack32" | "pack64" => {
                let total: u32 = name[4..].parse().unwrap_or(32);
                if bits != total || s.kind == ScalarKind::Float || s.kind == ScalarKind::Bool || n < 2 {
                    return Err(self.error(format!("`{name}` takes an integer vector of {total} bits, not `{}`", self.type_name(t)), vs));
                }
                ((s, n), (sized(s.kind, (total / 8) as u8), 1))
            }
            "unpack8" | "unpack16" | "unpack32" => {
                let elem: u32 = name[6..].parse().unwrap_or(8);
                if n != 1 || s.kind == ScalarKind::Float || s.kind == ScalarKind::Bool || bits <= elem {
                    return Err(self.error(format!("`{name}` takes an integer scalar wider than {elem} bits, not `{}`", self.type_name(t)), vs));
                }
                ((s, 1), (sized(s.kind, (elem / 8) as u8), bits / elem))
            }
            _ => {
                // [un]pack{Int,Uint,Float}{N}x{W}: N elements of W bits.
                let unpack = name.starts_with("unpack");
                let rest = name.trim_start_matches("unpack").trim_start_matches("pack");
                let (kind, dims) = if let Some(d) = rest.strip_prefix("Int") {
                    (ScalarKind::Sint, d)
                } else if let Some(d) = rest.strip_prefix("Uint") {
                    (ScalarKind::Uint, d)
                } else {
                    (ScalarKind::Float, rest.trim_start_matches("Float"))
                };
                let (count, width) = dims.split_once('x').and_then(|(c, w)| Some((c.parse::<u32>().ok()?, w.parse::<u32>().ok()?))).unwrap_or((2, 32));
                let vector = (sized(kind, (width / 8) as u8), count);
                // The packed scalar: signed for Int, unsigned otherwise (`packFloat2x16` -> uint).
                let packed_kind = if kind == ScalarKind::Sint { ScalarKind::Sint } else { ScalarKind::Uint };
                let packed = (sized(packed_kind, ((count * width) / 8) as u8), 1);
                if unpack {
                    (packed, vector)
                } else {
                    (vector, packed)
                }
            }
        };
        if !(1..=4).contains(&result.1) || !(1..=4).contains(&arg.1) {
            return Err(self.error(format!("`{name}` does not take `{}`", self.type_name(t)), vs));
        }
        let want = self.vec_ty(arg.1, arg.0);
        let v = self.coerce(out, v, want, vs)?;
        let rt = self.vec_ty(result.1, result.0);
        Ok(Operand::Value(self.push(Expression::Bitcast { expr: v }, rt, span)))
    }

    fn matrix_comp_mult(&mut self, out: &mut Block, args: Args, span: Span) -> R<Operand> {
        self.arity("matrixCompMult", &args, 2, span)?;
        let vals = self.vals(out, args)?;
        let (a, b) = (vals[0].0, vals[1].0);
        if self.ety(a) != self.ety(b) || !matches!(self.inner(self.ety(a)), TypeInner::Matrix { .. }) {
            return Err(self.error("`matrixCompMult` takes two matrices of the same type", span));
        }
        self.matrix_columnwise(out, BinaryOp::Multiply, a, b, span).map(Operand::Value)
    }

    /// `reflect(i, n) = i - 2 * n * i * n` and `faceforward(n, i, nref) = nref * i < 0 ? n : -n`
    /// for float scalars.
    fn scalar_geometric(&mut self, out: &mut Block, fun: MathFunction, args: Args, span: Span) -> R<Operand> {
        let vals = self.vals(out, args)?;
        let (v, ty) = self.gen_args(out, Kind::Float, vals, span)?;
        let mul = |lw: &mut Self, l, r| lw.push(Expression::Binary { op: BinaryOp::Multiply, left: l, right: r }, ty, span);
        let value = if fun == MathFunction::Reflect {
            let (i, n) = (self.bind(out, v[0]), self.bind(out, v[1]));
            let (i1, i2, n1, n2) = (self.let_ref(i, span), self.let_ref(i, span), self.let_ref(n, span), self.let_ref(n, span));
            let s = self.scalar_ty(self.inner(ty).scalar().unwrap_or(Scalar::F32));
            let two = self.literal_of(s, 2.0, span);
            let t = mul(self, two, n1);
            let t = mul(self, t, i2);
            let t = mul(self, t, n2);
            self.push(Expression::Binary { op: BinaryOp::Subtract, left: i1, right: t }, ty, span)
        } else {
            let n = self.bind(out, v[0]);
            let product = mul(self, v[2], v[1]);
            let s = self.scalar_ty(self.inner(ty).scalar().unwrap_or(Scalar::F32));
            let zero = self.literal_of(s, 0.0, span);
            let bool_ty = self.scalar_ty(Scalar::BOOL);
            let condition = self.push(Expression::Binary { op: BinaryOp::Less, left: product, right: zero }, bool_ty, span);
            let (n1, n2) = (self.let_ref(n, span), self.let_ref(n, span));
            let negated = self.push(Expression::Unary { op: UnaryOp::Negate, expr: n2 }, ty, span);
            self.push(Expression::Select { condition, accept: n1, reject: negated }, ty, span)
        };
        Ok(Operand::Value(value))
    }

    fn literal_of(&mut self, s: Handle<Type>, value: f64, span: Span) -> Handle<Expression> {
        let literal = match self.inner(s).scalar() {
            Some(Scalar::F64) => Literal::F64(value),
            Some(Scalar::F16) => Literal::F16(half::f16::from_f64(value)),
            _ => Literal::F32(value as f32),
        };
        self.push(Expression::Literal(literal), s, span)
    }

    fn operand_is_scalar(&mut self, arg: &(Operand, Span)) -> bool {
        self.operand_type(&arg.0).is_some_and(|t| matches!(self.inner(t), TypeInner::Scalar(_)))
    }

    fn outer(&mut self, out: &mut Block, args: Args, span: Span) -> R<Operand> {
        self.arity("outerProduct", &args, 2, span)?;
        let vals = self.vals(out, args)?;
        let (c, r) = (self.ety(vals[0].0), self.ety(vals[1].0));
        let (Some((s, rows)), Some((_, cols))) = (self.shape(c), self.shape(r)) else {
            return Err(self.error("`outerProduct` takes two vectors", span));
        };
        let s = if s.kind == ScalarKind::Float { s } else { Scalar::F32 };
        let (Some(rows), Some(columns)) = (VectorSize::from_u32(rows), VectorSize::from_u32(cols)) else {
            return Err(self.error("`outerProduct` takes two vectors", span));
        };
        let a = self.convert(vals[0].0, s, span);
        let b = self.convert(vals[1].0, s, span);
        let ty = self.ty(TypeInner::Matrix { columns, rows, scalar: s });
        if columns == rows {
            return Ok(Operand::Value(self.push(Expression::Math { fun: MathFunction::Outer, args: vec![a, b] }, ty, span)));
        }
        // Non-square: column j is `c * r[j]`. OpOuterProduct allows it, but naga's SPIR-V reader
        // (wgpu's path) takes only square results, and this form is as cheap.
        let col_ty = self.vec_ty(rows as u32, s);
        let st = self.scalar_ty(s);
        let (cb, rb) = (self.bind(out, a), self.bind(out, b));
        let mut cols = Vec::new();
        for j in 0..columns as u32 {
            let c = self.let_ref(cb, span);
            let r = self.let_ref(rb, span);
            let rj = self.push(Expression::AccessIndex { base: r, index: j }, st, span);
            cols.push(self.push(Expression::Binary { op: BinaryOp::Multiply, left: c, right: rj }, col_ty, span));
        }
        Ok(Operand::Value(self.push(Expression::Compose { components: cols }, ty, span)))
    }

    fn matrix_fn(&mut self, out: &mut Block, fun: MathFunction, args: Args, span: Span) -> R<Operand> {
        self.arity("matrix function", &args, 1, span)?;
        let vals = self.vals(out, args)?;
        let t = self.ety(vals[0].0);
        let TypeInner::Matrix { columns, rows, scalar } = *self.inner(t) else {
            return Err(self.error(format!("expected a matrix, not `{}`", self.type_name(t)), span));
        };
        let ty = match fun {
            MathFunction::Transpose => self.ty(TypeInner::Matrix { columns: rows, rows: columns, scalar }),
            MathFunction::Determinant => self.scalar_ty(scalar),
            _ => t,
        };
        if fun != MathFunction::Transpose && columns != rows {
            return Err(self.error("expected a square matrix", span));
        }
        Ok(Operand::Value(self.push(Expression::Math { fun, args: vec![vals[0].0] }, ty, span)))
    }

    fn vec_compare(&mut self, out: &mut Block, name: &str, args: Args, span: Span) -> R<Operand> {
        self.arity(name, &args, 2, span)?;
        let vals = self.vals(out, args)?;
        let kind = if matches!(name, "equal" | "notEqual") { None } else { Some(Kind::Numeric) };
        let (v, ty) = match kind {
            Some(k) => self.gen_args(out, k, vals, span)?,
            None => {
                let t = self.ety(vals[0].0);
                if self.inner(t).scalar() == Some(Scalar::BOOL) {
                    (vec![vals[0].0, vals[1].0], t)
                } else {
                    self.gen_args(out, Kind::Numeric, vals, span)?
                }
            }
        };
        let op = match name {
            "lessThan" => BinaryOp::Less,
            "lessThanEqual" => BinaryOp::LessEqual,
            "greaterThan" => BinaryOp::Greater,
            "greaterThanEqual" => BinaryOp::GreaterEqual,
            "equal" => BinaryOp::Equal,
            _ => BinaryOp::NotEqual,
        };
        let bt = self.with_scalar(ty, Scalar::BOOL);
        Ok(Operand::Value(self.push(Expression::Binary { op, left: v[0], right: v[1] }, bt, span)))
    }

    fn any_all(&mut self, out: &mut Block, all: bool, args: Args, span: Span) -> R<Operand> {
        self.arity(if all { "all" } else { "any" }, &args, 1, span)?;
        let vals = self.vals(out, args)?;
        let bt = self.scalar_ty(Scalar::BOOL);
        let fun = if all { RelationalFunction::All } else { RelationalFunction::Any };
        Ok(Operand::Value(self.push(Expression::Relational { fun, argument: vals[0].0 }, bt, span)))
    }

    fn not(&mut self, out: &mut Block, args: Args, span: Span) -> R<Operand> {
        self.arity("not", &args, 1, span)?;
        let vals = self.vals(out, args)?;
        let t = self.ety(vals[0].0);
        Ok(Operand::Value(self.push(Expression::Unary { op: UnaryOp::LogicalNot, expr: vals[0].0 }, t, span)))
    }

    fn bit_query(&mut self, out: &mut Block, name: &str, args: Args, span: Span) -> R<Operand> {
        self.arity(name, &args, 1, span)?;
        let vals = self.vals(out, args)?;
        let (v, ty) = self.gen_args(out, Kind::Int, vals, span)?;
        let fun = match name {
            "bitCount" => MathFunction::CountOneBits,
            "findLSB" => MathFunction::FirstTrailingBit,
            _ => MathFunction::FirstLeadingBit,
        };
        // GLSL returns int (vectors) whatever the operand's signedness. The instruction yields
        // the operand's type (naga reads it so) and the bits are reinterpreted.
        let rt = self.with_scalar(ty, Scalar::I32);
        let width = self.inner(ty).scalar().map_or(4, |s| s.width);
        if width == 8 {
            return self.bit_query_64(out, fun, v[0], ty, rt, span);
        }
        if width != 4 && fun != MathFunction::CountOneBits {
            // GLSL.std.450 FindILsb/FindSMsb/FindUMsb take 32-bit integers only.
            return Err(self.error(format!("`{name}` of {}-bit integers is not supported", width * 8), span));
        }
        let e = self.push(Expression::Math { fun, args: v }, ty, span);
        if rt == ty {
            return Ok(Operand::Value(e));
        }
        if width != 4 {
            // OpBitCount of a 64-bit (or narrow) value: the count converts to int.
            return Ok(Operand::Value(self.push(Expression::Convert { expr: e, to: Scalar::I32 }, rt, span)));
        }
        Ok(Operand::Value(self.push(Expression::Bitcast { expr: e }, rt, span)))
    }

    /// `bitCount`/`findLSB`/`findMSB` of 64-bit integers (GL_ARB_gpu_shader_int64) from the
    /// 32-bit instructions, as GLSL.std.450 FindILsb/FindSMsb/FindUMsb and Vulkan's
    /// OpBitCount take 32-bit integers only: count = count(lo) + count(hi);
    /// LSB = lo != 0 ? lsb(lo) : (hi != 0 ? 32 + lsb(hi) : -1);
    /// MSB (of `x ^ (x >> 63)` for signed x) = hi != 0 ? 32 + msb(hi) : msb(lo), -1 for 0.
    fn bit_query_64(&mut self, out: &mut Block, fun: MathFunction, v: Handle<Expression>, ty: Handle<Type>, rt: Handle<Type>, span: Span) -> R<Operand> {
        let (scalar, n) = self.shape(ty).unwrap_or((Scalar::U64, 1));
        let vector = |lw: &mut Self, s: Scalar| if n == 1 { lw.scalar_ty(s) } else { lw.vec_ty(n, s) };
        let u64t = vector(self, Scalar::U64);
        let u32t = vector(self, Scalar::U32);
        let boolt = vector(self, Scalar::BOOL);
        let splat = |lw: &mut Self, l: Literal, t: Handle<Type>| {
            let x = lw.lit(l, span);
            if n == 1 { x } else { lw.push(Expression::Splat { value: x }, t, span) }
        };
        let mut x = v;
        if scalar.kind == ScalarKind::Sint && fun == MathFunction::FirstLeadingBit {
            // The most significant bit that differs from the sign bit.
            let b = self.bind(out, x);
            let sixty_three = splat(self, Literal::U64(63), u64t);
            let l = self.let_ref(b, span);
            let sign = self.push(Expression::Binary { op: BinaryOp::ShiftRight, left: l, right: sixty_three }, ty, span);
            let l = self.let_ref(b, span);
            x = self.push(Expression::Binary { op: BinaryOp::ExclusiveOr, left: l, right: sign }, ty, span);
        }
        if scalar.kind == ScalarKind::Sint {
            x = self.push(Expression::Bitcast { expr: x }, u64t, span);
        }
        let xb = self.bind(out, x);
        let xr = self.let_ref(xb, span);
        let lo = self.push(Expression::Convert { expr: xr, to: Scalar::U32 }, u32t, span);
        let lo = self.bind(out, lo);
        let xr = self.let_ref(xb, span);
        let thirty_two = splat(self, Literal::U64(32), u64t);
        let shifted = self.push(Expression::Binary { op: BinaryOp::ShiftRight, left: xr, right: thirty_two }, u64t, span);
        let hi = self.push(Expression::Convert { expr: shifted, to: Scalar::U32 }, u32t, span);
        let hi = self.bind(out, hi);
        let find = |lw: &mut Self, part| {
            let p = lw.let_ref(part, span);
            let f = lw.push(Expression::Math { fun, args: vec![p] }, u32t, span);
            lw.push(Expression::Bitcast { expr: f }, rt, span)
        };
        let nonzero = |lw: &mut Self, part| {
            let p = lw.let_ref(part, span);
            let zero = splat(lw, Literal::U32(0), u32t);
            lw.push(Expression::Binary { op: BinaryOp::NotEqual, left: p, right: zero }, boolt, span)
        };
        if fun == MathFunction::CountOneBits {
            // Vulkan's OpBitCount takes 32-bit integers (VUID-StandaloneSpirv-Base-04781).
            let a = find(self, lo);
            let b = find(self, hi);
            return Ok(Operand::Value(self.push(Expression::Binary { op: BinaryOp::Add, left: a, right: b }, rt, span)));
        }
        let f_hi = find(self, hi);
        let plus = splat(self, Literal::I32(32), rt);
        let f_hi = self.push(Expression::Binary { op: BinaryOp::Add, left: f_hi, right: plus }, rt, span);
        let f_lo = find(self, lo);
        let result = if fun == MathFunction::FirstTrailingBit {
            let minus_one = splat(self, Literal::I32(-1), rt);
            let hi_nz = nonzero(self, hi);
            let upper = self.push(Expression::Select { condition: hi_nz, accept: f_hi, reject: minus_one }, rt, span);
            let lo_nz = nonzero(self, lo);
            self.push(Expression::Select { condition: lo_nz, accept: f_lo, reject: upper }, rt, span)
        } else {
            let hi_nz = nonzero(self, hi);
            self.push(Expression::Select { condition: hi_nz, accept: f_hi, reject: f_lo }, rt, span)
        };
        Ok(Operand::Value(result))
    }

    fn bitfield(&mut self, out: &mut Block, insert: bool, args: Args, span: Span) -> R<Operand> {
        let n = if insert { 4 } else { 3 };
        self.arity(if insert { "bitfieldInsert" } else { "bitfieldExtract" }, &args, n, span)?;
        let vals = self.vals(out, args)?;
        let split = if insert { 2 } else { 1 };
        let (mut v, ty) = self.gen_args(out, Kind::Int, vals[..split].to_vec(), span)?;
        let i32t = self.scalar_ty(Scalar::I32);
        for &(a, s) in &vals[split..] {
            v.push(self.coerce(out, a, i32t, s)?);
        }
        let fun = if insert { MathFunction::InsertBits } else { MathFunction::ExtractBits };
        Ok(Operand::Value(self.push(Expression::Math { fun, args: v }, ty, span)))
    }

    /// A struct of two members of type `ty` (`{result, carry}` and friends).
    fn pair_struct(&mut self, name: &str, a: &str, b: &str, ty: Handle<Type>) -> Handle<Type> {
        let members = vec![
            StructMember { name: Some(a.into()), ty, offset: 0, matrix: None, memory: Default::default() },
            StructMember { name: Some(b.into()), ty, offset: 0, matrix: None, memory: Default::default() },
        ];
        self.m.types.insert(Type { name: Some(name.into()), inner: TypeInner::Struct { members, span: 0 } }, Span::default())
    }

    fn carry(&mut self, out: &mut Block, add: bool, args: Args, span: Span) -> R<Operand> {
        self.arity(if add { "uaddCarry" } else { "usubBorrow" }, &args, 3, span)?;
        let mut args = args;
        let target = args.pop().map(|x| x.0).unwrap_or(Operand::Void);
        let vals = self.vals(out, args)?;
        let (v, ty) = self.gen_args(out, Kind::Int, vals, span)?;
        // Spelled out instead of OpIAddCarry/OpISubBorrow, which naga's SPIR-V front end (and
        // so wgpu) cannot read: carry = sum < x, borrow = x < y (GLSL 4.60 §8.8).
        let xb = self.bind(out, v[0]);
        let yb = self.bind(out, v[1]);
        let (x, y) = (self.let_ref(xb, span), self.let_ref(yb, span));
        let op = if add { BinaryOp::Add } else { BinaryOp::Subtract };
        let r = self.push(Expression::Binary { op, left: x, right: y }, ty, span);
        let rb = self.bind(out, r);
        let bt = self.with_scalar(ty, Scalar::BOOL);
        let (a, c) = if add { (self.let_ref(rb, span), self.let_ref(xb, span)) } else { (self.let_ref(xb, span), self.let_ref(yb, span)) };
        let cond = self.push(Expression::Binary { op: BinaryOp::Less, left: a, right: c }, bt, span);
        let s = self.inner(ty).scalar().unwrap_or(Scalar::U32);
        let flag = self.convert(cond, s, span);
        self.store_operand(out, target, flag, span)?;
        Ok(Operand::Value(self.let_ref(rb, span)))
    }

    fn mul_extended(&mut self, out: &mut Block, args: Args, span: Span) -> R<Operand> {
        self.arity("umulExtended", &args, 4, span)?;
        let mut args = args;
        let lsb_t = args.pop().map(|x| x.0).unwrap_or(Operand::Void);
        let msb_t = args.pop().map(|x| x.0).unwrap_or(Operand::Void);
        let vals = self.vals(out, args)?;
        // genUType/genIType x and y: one shape, no scalar widened to a vector (as glslang's
        // overloads; found by glsl_mutants).
        let shape = |lw: &Self, h: Handle<Expression>| match *lw.inner(lw.ety(h)) {
            TypeInner::Vector { size, .. } => size as u32,
            _ => 1,
        };
        if let [(x, _), (y, ys)] = vals[..] {
            if shape(self, x) != shape(self, y) {
                return Err(self.error("`umulExtended`/`imulExtended` need x and y of the same shape (both scalars or vectors of one size)", ys));
            }
        }
        let (v, ty) = self.gen_args(out, Kind::Int, vals, span)?;
        let signed = self.inner(ty).scalar().is_some_and(|s| s.kind == ScalarKind::Sint);
        if self.inner(ty).scalar().is_some_and(|s| s.width != 4) {
            // 64-bit and narrower operands keep OpUMulExtended/OpSMulExtended.
            let st = self.pair_struct("MulExtendedResult", "lsb", "msb", ty);
            let r = self.push(Expression::Math { fun: MathFunction::MulExtended, args: v }, st, span);
            let b = self.bind(out, r);
            let rr = self.let_ref(b, span);
            let msb = self.push(Expression::AccessIndex { base: rr, index: 1 }, ty, span);
            self.store_operand(out, msb_t, msb, span)?;
            let rr = self.let_ref(b, span);
            let lsb = self.push(Expression::AccessIndex { base: rr, index: 0 }, ty, span);
            self.store_operand(out, lsb_t, lsb, span)?;
            return Ok(Operand::Void);
        }
        let (msb, lsb) = self.mul_extended_32(out, v[0], v[1], ty, signed, span);
        self.store_operand(out, msb_t, msb, span)?;
        self.store_operand(out, lsb_t, lsb, span)?;
        Ok(Operand::Void)
    }

    /// The 64-bit product of 32-bit `a` and `b` as (high, low) words, from 16-bit halves in
    /// 32-bit arithmetic: OpUMulExtended/OpSMulExtended are valid SPIR-V but naga's SPIR-V
    /// reader (wgpu's path) has neither. With halves `a = ah·2¹⁶ + al`:
    /// `cross = (al·bl >> 16) + (ah·bl & 0xFFFF) + al·bh` cannot overflow, the low word is the
    /// wrapping product and the high word is `ah·bh + (ah·bl >> 16) + (cross >> 16)`. For signed
    /// operands the unsigned high word is corrected by `- (a < 0 ? b : 0) - (b < 0 ? a : 0)`.
    fn mul_extended_32(&mut self, out: &mut Block, a: Handle<Expression>, b: Handle<Expression>, ty: Handle<Type>, signed: bool, span: Span) -> (Handle<Expression>, Handle<Expression>) {
        let ut = self.with_scalar(ty, Scalar::U32);
        let (ab, bb) = (self.bind(out, a), self.bind(out, b));
        let unsigned = |lw: &mut Self, x| {
            let r = lw.let_ref(x, span);
            if signed { lw.push(Expression::Bitcast { expr: r }, ut, span) } else { r }
        };
        let (au, bu) = (unsigned(self, ab), unsigned(self, bb));
        let (au, bu) = (self.bind(out, au), self.bind(out, bu));
        let k = |lw: &mut Self, value: u32| {
            let l = lw.scalar_ty(Scalar::U32);
            let c = lw.push(Expression::Literal(Literal::U32(value)), l, span);
            if lw.shape(ut).is_some_and(|x| x.1 > 1) { lw.push(Expression::Splat { value: c }, ut, span) } else { c }
        };
        let bin = |lw: &mut Self, op, left, right| lw.push(Expression::Binary { op, left, right }, ut, span);
        let half = |lw: &mut Self, x, high: bool| {
            let r = lw.let_ref(x, span);
            let c = k(lw, if high { 16 } else { 0xFFFF });
            bin(lw, if high { BinaryOp::ShiftRight } else { BinaryOp::And }, r, c)
        };
        let (al, ah, bl, bh) = (half(self, au, false), half(self, au, true), half(self, bu, false), half(self, bu, true));
        let (al, ah, bl, bh) = (self.bind(out, al), self.bind(out, ah), self.bind(out, bl), self.bind(out, bh));
        let mul = |lw: &mut Self, x, y| {
            let (x, y) = (lw.let_ref(x, span), lw.let_ref(y, span));
            bin(lw, BinaryOp::Multiply, x, y)
        };
        let ll = mul(self, al, bl);
        let hl = mul(self, ah, bl);
        let hl = self.bind(out, hl);
        let lh = mul(self, al, bh);
        let hh = mul(self, ah, bh);
        let c16 = k(self, 16);
        let ll_hi = bin(self, BinaryOp::ShiftRight, ll, c16);
        let hl_r = self.let_ref(hl, span);
        let mask = k(self, 0xFFFF);
        let hl_lo = bin(self, BinaryOp::And, hl_r, mask);
        let cross = bin(self, BinaryOp::Add, ll_hi, hl_lo);
        let cross = bin(self, BinaryOp::Add, cross, lh);
        let hl_r = self.let_ref(hl, span);
        let c16 = k(self, 16);
        let hl_hi = bin(self, BinaryOp::ShiftRight, hl_r, c16);
        let c16 = k(self, 16);
        let cross_hi = bin(self, BinaryOp::ShiftRight, cross, c16);
        let high = bin(self, BinaryOp::Add, hh, hl_hi);
        let mut high = bin(self, BinaryOp::Add, high, cross_hi);
        if signed {
            let bt = self.with_scalar(ty, Scalar::BOOL);
            for (neg, other) in [(ab, bu), (bb, au)] {
                let x = self.let_ref(neg, span);
                let zero_i = {
                    let l = self.scalar_ty(Scalar::I32);
                    let c = self.push(Expression::Literal(Literal::I32(0)), l, span);
                    if self.shape(ty).is_some_and(|x| x.1 > 1) { self.push(Expression::Splat { value: c }, ty, span) } else { c }
                };
                let condition = self.push(Expression::Binary { op: BinaryOp::Less, left: x, right: zero_i }, bt, span);
                let accept = self.let_ref(other, span);
                let reject = k(self, 0);
                let fix = self.push(Expression::Select { condition, accept, reject }, ut, span);
                high = bin(self, BinaryOp::Subtract, high, fix);
            }
        }
        let (x, y) = (self.let_ref(au, span), self.let_ref(bu, span));
        let mut low = bin(self, BinaryOp::Multiply, x, y);
        if signed {
            high = self.push(Expression::Bitcast { expr: high }, ty, span);
            low = self.push(Expression::Bitcast { expr: low }, ty, span);
        }
        (high, low)
    }

    fn frexp_modf(&mut self, out: &mut Block, fun: MathFunction, args: Args, span: Span) -> R<Operand> {
        self.arity(if fun == MathFunction::Modf { "modf" } else { "frexp" }, &args, 2, span)?;
        let mut args = args;
        let target = args.pop().map(|x| x.0).unwrap_or(Operand::Void);
        let vals = self.vals(out, args)?;
        let (v, ty) = self.gen_args(out, Kind::Float, vals, span)?;
        let second = if fun == MathFunction::Frexp { self.with_scalar(ty, Scalar::I32) } else { ty };
        let members = vec![
            StructMember { name: Some("fract".into()), ty, offset: 0, matrix: None, memory: Default::default() },
            StructMember { name: Some(if fun == MathFunction::Frexp { "exp" } else { "whole" }.into()), ty: second, offset: 0, matrix: None, memory: Default::default() },
        ];
        let name = if fun == MathFunction::Frexp { "FrexpResult" } else { "ModfResult" };
        let st = self.m.types.insert(Type { name: Some(name.into()), inner: TypeInner::Struct { members, span: 0 } }, Span::default());
        let r = self.push(Expression::Math { fun, args: v }, st, span);
        let b = self.bind(out, r);
        let rr = self.let_ref(b, span);
        let w = self.push(Expression::AccessIndex { base: rr, index: 1 }, second, span);
        self.store_operand(out, target, w, span)?;
        let rr = self.let_ref(b, span);
        Ok(Operand::Value(self.push(Expression::AccessIndex { base: rr, index: 0 }, ty, span)))
    }

    fn ldexp(&mut self, out: &mut Block, args: Args, span: Span) -> R<Operand> {
        self.arity("ldexp", &args, 2, span)?;
        let vals = self.vals(out, args)?;
        let (v, ty) = self.gen_args(out, Kind::Float, vals[..1].to_vec(), span)?;
        let it = self.with_scalar(ty, Scalar::I32);
        let e = self.coerce(out, vals[1].0, it, vals[1].1)?;
        Ok(Operand::Value(self.push(Expression::Math { fun: MathFunction::Ldexp, args: vec![v[0], e] }, ty, span)))
    }

    fn pack(&mut self, out: &mut Block, fun: MathFunction, n: u32, pack: bool, args: Args, span: Span) -> R<Operand> {
        self.arity("pack", &args, 1, span)?;
        let vals = self.vals(out, args)?;
        let (v, vs) = vals[0];
        let (arg_ty, rty) = match fun {
            MathFunction::PackDouble2x32 => (self.vec_ty(2, Scalar::U32), self.scalar_ty(Scalar::F64)),
            MathFunction::UnpackDouble2x32 => (self.scalar_ty(Scalar::F64), self.vec_ty(2, Scalar::U32)),
            _ if pack => (self.vec_ty(n, Scalar::F32), self.scalar_ty(Scalar::U32)),
            _ => (self.scalar_ty(Scalar::U32), self.vec_ty(n, Scalar::F32)),
        };
        let v = self.coerce(out, v, arg_ty, vs)?;
        Ok(Operand::Value(self.push(Expression::Math { fun, args: vec![v] }, rty, span)))
    }

    fn derivative(&mut self, out: &mut Block, name: &str, args: Args, span: Span) -> R<Operand> {
        self.arity(name, &args, 1, span)?;
        // GL_NV/KHR_compute_shader_derivatives: compute shaders with a derivative group.
        let compute_group = self.stage == Stage::Compute
            && self.execution_modes.iter().any(|m| matches!(m, ExecutionMode::DerivativeGroupQuads | ExecutionMode::DerivativeGroupLinear));
        let derivative_extension =
            self.has_extension_at("GL_NV_compute_shader_derivatives", span) || self.has_extension_at("GL_KHR_compute_shader_derivatives", span);
        if self.stage != Stage::Fragment && !compute_group && !(self.stage == Stage::Compute && derivative_extension) {
            return Err(self.error(format!("`{name}` is only available in fragment shaders"), span));
        }
        let vals = self.vals(out, args)?;
        let (v, ty) = self.gen_args(out, Kind::Float, vals, span)?;
        if self.stage == Stage::Compute && !compute_group {
            // GL_NV_compute_shader_derivatives: "If neither layout qualifier is specified,
            // derivatives in compute shaders return zero." The operand is still evaluated.
            out.push(Statement::Eval(v[0]), span);
            return Ok(Operand::Value(self.zero(ty, span)));
        }
        let axis = if name.starts_with("dFdx") {
            DerivativeAxis::X
        } else if name.starts_with("dFdy") {
            DerivativeAxis::Y
        } else {
            DerivativeAxis::Width
        };
        let control = if name.ends_with("Fine") {
            DerivativeControl::Fine
        } else if name.ends_with("Coarse") {
            DerivativeControl::Coarse
        } else {
            DerivativeControl::None
        };
        if self.shape(ty).is_some_and(|(s, _)| s == Scalar::F16) {
            // SPIR-V 3.52 (OpDPdx...): derivatives are of 32-bit floats; a `float16_t`
            // (GL_AMD_gpu_shader_half_float) is widened and the result narrowed again.
            let wide = self.convert(v[0], Scalar::F32, span);
            let wide_ty = self.ety(wide);
            let d = self.push(Expression::Derivative { axis, control, expr: wide }, wide_ty, span);
            return Ok(Operand::Value(self.convert(d, Scalar::F16, span)));
        }
        Ok(Operand::Value(self.push(Expression::Derivative { axis, control, expr: v[0] }, ty, span)))
    }

    fn interpolate(&mut self, out: &mut Block, fun: MathFunction, args: Args, span: Span) -> R<Operand> {
        let n = if fun == MathFunction::InterpolateAtCentroid { 1 } else { 2 };
        self.arity("interpolateAt*", &args, n, span)?;
        let mut args = args;
        let first = args.remove(0);
        let ok = matches!(&first.0, Operand::Ref(p) if p.space == AddressSpace::Input);
        if !ok || self.stage != Stage::Fragment {
            return Err(self.error("`interpolateAt*` needs a fragment shader input variable", first.1));
        }
        let v = self.value(out, first.0, first.1)?;
        let ty = self.ety(v);
        let mut a = vec![v];
        let rest = self.vals(out, args)?;
        for (x, s) in rest {
            let want = if fun == MathFunction::InterpolateAtSample { self.scalar_ty(Scalar::I32) } else { self.vec_ty(2, Scalar::F32) };
            a.push(self.coerce(out, x, want, s)?);
        }
        Ok(Operand::Value(self.push(Expression::Math { fun, args: a }, ty, span)))
    }

    /// Atomics with scope and semantics arguments (GL_KHR_memory_scope_semantics) would need
    /// those on `OpAtomic*`, which the IR's atomics do not carry: a diagnostic rather than a
    /// silently weaker (relaxed, device-scope) atomic.
    fn scoped_atomic_error(&mut self, name: &str, span: Span) -> Reported {
        self.error(format!("`{name}` with scope and semantics arguments (GL_KHR_memory_scope_semantics) is not supported"), span)
    }

    /// A constant integer argument of a GL_KHR_memory_scope_semantics function.
    fn memory_model_arg(&mut self, out: &mut Block, arg: (Operand, Span), what: &str) -> R<u32> {
        let (o, s) = arg;
        let v = self.value(out, o, s)?;
        // The value goes into the instruction as a constant; the expression is evaluated for
        // form's sake (every expression is used, an IR invariant).
        out.push(Statement::Eval(v), s);
        // The built-ins declare these parameters `int` (as gl_Scope*, gl_StorageSemantics* and
        // gl_Semantics* are): a `uint` does not convert implicitly (glslang: no matching
        // overloaded function).
        let int = matches!(self.shape(self.ety(v)), Some((k, 1)) if k == Scalar::I32 || self.implicit(k, Scalar::I32));
        if !int {
            return Err(self.error(format!("the {what} must be an `int` (a uint or float does not convert to it implicitly)"), s));
        }
        match self.fold(v).and_then(|cv| cv.as_i64()) {
            Some(n) if (0..=u32::MAX as i64).contains(&n) => {
                // A specialization constant here is read at its default: SPIR-V takes scopes and
                // semantics only as constants in shaders (glslang writes the constant's id into an
                // atomic, which spirv-val refuses, and folds it in a barrier). The constants it
                // reads keep their defaults (`ir::Module::fixed_overrides`).
                self.fix_overrides(v);
                Ok(n as u32)
            }
            _ => Err(self.error(format!("the {what} must be a constant integer expression"), s)),
        }
    }

    /// Records the specialization constants the expression `root` reads (through the id-less
    /// ones computed from them) as keeping their defaults ([`ir::Module::fixed_overrides`]).
    fn fix_overrides(&mut self, root: Handle<Expression>) {
        let exprs = &self.fx.f.expressions;
        let (mut stack, mut children, mut read, mut visited) = (vec![root], Vec::new(), Vec::new(), 0u32);
        while let Some(h) = stack.pop() {
            visited += 1;
            if !exprs.check(h) || visited > 100_000 {
                break;
            }
            if let Expression::Override(o) = exprs[h] {
                read.push(o);
            }
            crate::ir::children::children(&exprs[h], &mut children);
            stack.extend(children.iter().copied());
        }
        for o in read {
            for root in crate::ir::interface::roots(&self.m, o) {
                if !self.m.fixed_overrides.contains(&root) {
                    self.m.fixed_overrides.push(root);
                }
            }
        }
    }

    /// A memory scope argument: the scopes a Vulkan module under the GLSL450 memory model may
    /// use (Vulkan §"Shader Validation": QueueFamily needs the Vulkan memory model, CrossDevice
    /// and Invocation are not allowed; Workgroup only where workgroups exist).
    fn memory_scope_arg(&mut self, out: &mut Block, arg: (Operand, Span), what: &str) -> R<Scope> {
        let s = arg.1;
        let scope = match self.memory_model_arg(out, arg, what)? {
            1 => Scope::Device,
            2 if self.stage == Stage::Compute => Scope::Workgroup,
            2 => return Err(self.error(format!("the {what} `gl_ScopeWorkgroup` is only available in compute shaders"), s)),
            3 => Scope::Subgroup,
            5 => {
                self.use_vulkan_memory_model(&format!("the {what} `gl_ScopeQueueFamily`"), s)?;
                Scope::QueueFamily
            }
            v => return Err(self.error(format!("the {what} {v} is not a valid scope here: use gl_ScopeDevice, gl_ScopeWorkgroup or gl_ScopeSubgroup"), s)),
        };
        Ok(scope)
    }

    /// `controlBarrier(execution, memory, storage, semantics)` and `memoryBarrier(memory,
    /// storage, semantics)` (GL_KHR_memory_scope_semantics): constant scopes and semantics that
    /// map onto `OpControlBarrier`/`OpMemoryBarrier` directly.
    fn scoped_barrier(&mut self, out: &mut Block, name: &str, args: Args, span: Span) -> R<Operand> {
        type S = MemorySemantics;
        let mut args = args.into_iter();
        let mut next = || args.next().ok_or(());
        let Ok(first) = next() else { return Err(self.error(format!("`{name}` is missing arguments"), span)) };
        let (execution, memory_arg) = if name == "controlBarrier" {
            let s = first.1;
            // SPIR-V before 1.3 allows `OpControlBarrier` only in compute-like stages (SPIR-V
            // §3.49.21), and the modules of other stages do not ask for 1.3.
            if self.stage != Stage::Compute {
                return Err(self.error("`controlBarrier` is only available in compute shaders", span));
            }
            let scope = 
            Some(match self.memory_model_arg(out, first, "execution scope")? {
                2 => Scope::Workgroup,
                3 => Scope::Subgroup,
                _ => return Err(self.error("the execution scope must be gl_ScopeWorkgroup or gl_ScopeSubgroup", s)),
            });
            (scope, next())
        } else {
            (None, Ok(first))
        };
        let (Ok(memory_arg), Ok(storage_arg), Ok(semantics_arg)) = (memory_arg, next(), next()) else {
            return Err(self.error(format!("`{name}` is missing arguments"), span));
        };
        let memory = self.memory_scope_arg(out, memory_arg, "memory scope")?;
        let storage_span = storage_arg.1;
        let storage = self.memory_model_arg(out, storage_arg, "storage semantics")?;
        let semantics_span = semantics_arg.1;
        let semantics = self.memory_model_arg(out, semantics_arg, "memory semantics")?;
        if storage & !(S::UNIFORM_MEMORY | S::WORKGROUP_MEMORY | S::IMAGE_MEMORY | S::OUTPUT_MEMORY) != 0 {
            return Err(self.error(
                "storage semantics must be a combination of gl_StorageSemanticsBuffer, gl_StorageSemanticsShared, gl_StorageSemanticsImage and gl_StorageSemanticsOutput",
                storage_span,
            ));
        }
        let ordering = S::ACQUIRE | S::RELEASE | S::ACQUIRE_RELEASE;
        // Availability and visibility (and Output storage) exist only in the Vulkan memory
        // model: using them switches the module to it, as glslang does.
        let vulkan = S::MAKE_AVAILABLE | S::MAKE_VISIBLE;
        if semantics & !(ordering | vulkan) != 0 {
            return Err(self.error(
                "memory semantics must be a combination of gl_SemanticsRelaxed, gl_SemanticsAcquire, gl_SemanticsRelease, gl_SemanticsAcquireRelease, gl_SemanticsMakeAvailable and gl_SemanticsMakeVisible",
                semantics_span,
            ));
        }
        if storage & S::OUTPUT_MEMORY != 0 {
            self.use_vulkan_memory_model("`gl_StorageSemanticsOutput`", storage_span)?;
        }
        if semantics & vulkan != 0 {
            self.use_vulkan_memory_model("availability and visibility semantics", semantics_span)?;
        }
        let semantics_bits = semantics;
        let semantics = semantics & ordering;
        // GL_KHR_memory_scope_semantics: a barrier with storage semantics orders it, so it
        // needs exactly one ordering; a memory barrier always does (Vulkan VUID-StandaloneSpirv-OpMemoryBarrier-04732).
        let orderings = semantics.count_ones();
        if orderings > 1 {
            return Err(self.error("memory semantics can include only one of gl_SemanticsAcquire, gl_SemanticsRelease and gl_SemanticsAcquireRelease", semantics_span));
        }
        if (storage != 0 || execution.is_none()) && orderings == 0 {
            return Err(self.error(format!("`{name}` with storage semantics needs gl_SemanticsAcquire, gl_SemanticsRelease or gl_SemanticsAcquireRelease"), semantics_span));
        }
        if storage == 0 && orderings != 0 {
            return Err(self.error("acquire or release semantics need storage semantics", storage_span));
        }
        out.push(Statement::Barrier(Barrier { execution, memory, semantics: MemorySemantics(storage | semantics_bits) }), span);
        Ok(Operand::Void)
    }

    fn barrier(&mut self, out: &mut Block, name: &str, args: Args, span: Span) -> R<Operand> {
        if (name == "controlBarrier" && args.len() == 4) || (name == "memoryBarrier" && args.len() == 3) {
            return self.scoped_barrier(out, name, args, span);
        }
        if !args.is_empty() {
            return Err(self.error(format!("`{name}` takes no arguments"), span));
        }
        type S = MemorySemantics;
        let ar = S::ACQUIRE_RELEASE;
        // Scopes and semantics as glslang emits them (GLSL 4.60 §8.15, GL_KHR_vulkan_glsl).
        let b = match name {
            "barrier" => Barrier {
                execution: Some(Scope::Workgroup),
                memory: Scope::Workgroup,
                semantics: MemorySemantics(if self.stage == Stage::Compute { ar | S::WORKGROUP_MEMORY } else { 0 }),
            },
            "memoryBarrier" => Barrier {
                execution: None,
                memory: Scope::Device,
                semantics: MemorySemantics(ar | S::UNIFORM_MEMORY | S::WORKGROUP_MEMORY | S::IMAGE_MEMORY),
            },
            "memoryBarrierShared" => Barrier { execution: None, memory: Scope::Device, semantics: MemorySemantics(ar | S::WORKGROUP_MEMORY) },
            "memoryBarrierBuffer" => Barrier { execution: None, memory: Scope::Device, semantics: MemorySemantics(ar | S::UNIFORM_MEMORY) },
            "memoryBarrierImage" => Barrier { execution: None, memory: Scope::Device, semantics: MemorySemantics(ar | S::IMAGE_MEMORY) },
            "groupMemoryBarrier" => Barrier {
                execution: None,
                memory: Scope::Workgroup,
                semantics: MemorySemantics(ar | S::UNIFORM_MEMORY | S::WORKGROUP_MEMORY | S::IMAGE_MEMORY),
            },
            "subgroupBarrier" => Barrier {
                execution: Some(Scope::Subgroup),
                memory: Scope::Subgroup,
                semantics: MemorySemantics(ar | S::UNIFORM_MEMORY | S::WORKGROUP_MEMORY | S::IMAGE_MEMORY),
            },
            "subgroupMemoryBarrier" => Barrier {
                execution: None,
                memory: Scope::Subgroup,
                semantics: MemorySemantics(ar | S::UNIFORM_MEMORY | S::WORKGROUP_MEMORY | S::IMAGE_MEMORY),
            },
            "subgroupMemoryBarrierBuffer" => Barrier { execution: None, memory: Scope::Subgroup, semantics: MemorySemantics(ar | S::UNIFORM_MEMORY) },
            "subgroupMemoryBarrierShared" => Barrier { execution: None, memory: Scope::Subgroup, semantics: MemorySemantics(ar | S::WORKGROUP_MEMORY) },
            "subgroupMemoryBarrierImage" => Barrier { execution: None, memory: Scope::Subgroup, semantics: MemorySemantics(ar | S::IMAGE_MEMORY) },
            _ => return Err(self.error(format!("`{name}` is not supported"), span)),
        };
        if matches!(name, "barrier" | "memoryBarrierShared" | "groupMemoryBarrier") && self.stage == Stage::Fragment && name == "barrier" {
            return Err(self.error("`barrier()` is not available in fragment shaders", span));
        }
        out.push(Statement::Barrier(b), span);
        Ok(Operand::Void)
    }

    fn atomic(&mut self, out: &mut Block, name: &str, args: Args, span: Span) -> R<Operand> {
        let n = if name == "atomicCompSwap" { 3 } else { 2 };
        if args.len() < n {
            return Err(self.error(format!("`{name}` takes {n} arguments"), span));
        }
        if args.len() > n {
            return self.scoped_atomic(out, name, args, span);
        }
        let mut args = args;
        let (first, fspan) = args.remove(0);
        let path = match first {
            Operand::Ref(p) if matches!(p.space, AddressSpace::Storage { .. } | AddressSpace::Workgroup | AddressSpace::PhysicalStorage { .. }) => p,
            _ => return Err(self.error(format!("the first argument of `{name}` must be a buffer or shared variable"), fspan)),
        };
        let Some((s, 1)) = self.shape(path.ty) else {
            return Err(self.error(format!("`{name}` needs an integer variable"), fspan));
        };
        // GL_EXT_shader_atomic_float: atomicAdd and atomicExchange on 32- and 64-bit floats;
        // GL_EXT_shader_atomic_float2: also atomicMin/atomicMax, and 16-bit floats.
        let float_needs = match (name, s.kind, s.width) {
            (_, k, _) if k != ScalarKind::Float => None,
            ("atomicAdd" | "atomicExchange", _, 4 | 8) => Some("GL_EXT_shader_atomic_float"),
            ("atomicAdd" | "atomicExchange" | "atomicMin" | "atomicMax", _, 2 | 4 | 8) => Some("GL_EXT_shader_atomic_float2"),
            _ => None,
        };
        let float_ok = float_needs.is_some_and(|e| self.has_extension_at(e, span) || self.has_extension_at("GL_EXT_shader_atomic_float2", span));
        if !matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint) && !float_ok {
            if let Some(extension) = float_needs {
                return Err(self.error(format!("`{name}` on a float needs `#extension {extension}`"), fspan));
            }
            return Err(self.error(format!("`{name}` needs an integer variable"), fspan));
        }
        let vals = self.vals(out, args.into_iter().take(n - 1).collect())?;
        let st = path.ty;
        let mut conv = Vec::new();
        for (v, vs) in vals {
            let v = if float_ok {
                self.coerce(out, v, st, vs)?
            } else if self.shape(self.ety(v)).map(|x| x.0.kind == ScalarKind::Float) == Some(true) {
                return Err(self.error("atomic operands must be integers", vs));
            } else {
                // Implicit conversions only (glslang: "no matching overloaded function"): none
                // in GLSL ES, no `uint` to `int` anywhere (GLSL 4.60 §4.1.10).
                self.coerce(out, v, st, vs)?
            };
            conv.push(v);
        }
        let fun = match name {
            "atomicAdd" => AtomicFunction::Add,
            "atomicMin" => AtomicFunction::Min,
            "atomicMax" => AtomicFunction::Max,
            "atomicAnd" => AtomicFunction::And,
            "atomicOr" => AtomicFunction::InclusiveOr,
            "atomicXor" => AtomicFunction::ExclusiveOr,
            "atomicExchange" => AtomicFunction::Exchange,
            _ => AtomicFunction::CompareExchange,
        };
        let pointer = self.path_expr(&path, span);
        let (value, compare) = if fun == AtomicFunction::CompareExchange { (conv[1], Some(conv[0])) } else { (conv[0], None) };
        Ok(Operand::Value(self.push(Expression::Atomic { fun, pointer, value, compare }, st, span)))
    }

    /// An operand SPIR-V wants as a constant instruction (texture offsets): a tree of literals,
    /// constructors and spec constants stays (glslang emits `OpSpecConstantComposite`);
    /// anything else that folds (`ivec2(-1)`, `const` arithmetic) is replaced by its value,
    /// the original evaluated for form's sake.
    pub(crate) fn constant_operand(&mut self, out: &mut Block, h: Handle<Expression>, what: &str, span: Span) -> R<Handle<Expression>> {
        fn plain(e: &Expressions, h: Handle<Expression>, depth: u32) -> bool {
            depth < 16
                && match &e[h] {
                    Expression::Literal(_) | Expression::ZeroValue(_) | Expression::Override(_) => true,
                    Expression::Compose { components } => components.iter().all(|&c| plain(e, c, depth + 1)),
                    Expression::Splat { value } => plain(e, *value, depth + 1),
                    _ => false,
                }
        }
        if plain(&self.fx.f.expressions, h, 0) {
            return Ok(h);
        }
        let Some(cv) = self.fold(h) else {
            return Err(self.error(format!("{what} must be constant expressions"), span));
        };
        let ty = self.ety(h);
        out.push(Statement::Eval(h), span);
        Ok(self.materialize(&cv, ty, span))
    }

    /// A constant texel offset of a lookup other than a gather must lie in
    /// [gl_MinProgramTexelOffset, gl_MaxProgramTexelOffset] = [-8, 7], the limits every
    /// implementation offers and glslang assumes (GLSL 4.60 §8.9.2: a compile-time error
    /// outside; glslang: "value is out of range"). Reported; the lookup is still made.
    fn check_texel_offset(&mut self, offset: Handle<Expression>, span: Span) {
        const MIN: i64 = -8;
        const MAX: i64 = 7;
        let components = self.fold(offset).and_then(|c| c.components()).unwrap_or_default();
        if let Some(v) = components.into_iter().filter_map(|c| super::Cv::Scalar(c).as_i64()).find(|v| !(MIN..=MAX).contains(v)) {
            let message = format!("texel offset {v} is outside [gl_MinProgramTexelOffset, gl_MaxProgramTexelOffset] = [{MIN}, {MAX}] (GLSL 4.60 §8.9.2)");
            self.error(message, span);
        }
    }

    /// The image of a texture-ish operand: `(image expr, sampler expr)`, with dimensions.
    fn image_info(&self, ty: Handle<Type>) -> Option<(ImageDimension, bool, ImageClass)> {
        match *self.inner(ty) {
            TypeInner::Image { dim, arrayed, class } => Some((dim, arrayed, class)),
            TypeInner::SampledImage { image } => self.image_info(image),
            _ => None,
        }
    }

    /// Splits a coordinate vector into the coordinate and array layer (and the depth
    /// reference, for shadow lookups that carry it in the coordinate).
    fn split_coord(
        &mut self,
        out: &mut Block,
        coord: Handle<Expression>,
        n: u32,
        arrayed: bool,
        float: bool,
        proj: bool,
        span: Span,
    ) -> R<(Handle<Expression>, Option<Handle<Expression>>, Option<Handle<Expression>>)> {
        let ct = self.ety(coord);
        let Some((cs, m)) = self.shape(ct) else {
            return Err(self.error("texture coordinates must be a scalar or vector", span));
        };
        let need = n + arrayed as u32 + proj as u32;
        if m < need {
            return Err(self.error(format!("texture coordinate needs {need} components, `{}` has {m}", self.type_name(ct)), span));
        }
        let scalar = if float { Scalar::F32 } else { Scalar::I32 };
        let coord = if cs != scalar && !(float && cs.kind == ScalarKind::Float) {
            let t = self.with_scalar(ct, scalar);
            self.push(Expression::Convert { expr: coord, to: scalar }, t, span)
        } else {
            coord
        };
        let scalar = if float { Scalar::F32 } else { self.shape(self.ety(coord)).map_or(scalar, |x| x.0) };
        if m == n && !arrayed && !proj {
            return Ok((coord, None, None));
        }
        let b = self.bind(out, coord);
        let st = self.scalar_ty(scalar);
        let pick = |lw: &mut Self, i: u32| {
            let r = lw.let_ref(b, span);
            lw.push(Expression::AccessIndex { base: r, index: i }, st, span)
        };
        let c = if proj {
            // textureProj: divide by the last component.
            let q = pick(self, m - 1);
            let qb = self.bind(out, q);
            let mut comps = Vec::new();
            for i in 0..n {
                let x = pick(self, i);
                let d = self.let_ref(qb, span);
                comps.push(self.push(Expression::Binary { op: BinaryOp::Divide, left: x, right: d }, st, span));
            }
            let rest = if m > n + 1 {
                let x = pick(self, n);
                let d = self.let_ref(qb, span);
                Some(self.push(Expression::Binary { op: BinaryOp::Divide, left: x, right: d }, st, span))
            } else {
                None
            };
            let ty = self.vec_ty(n, scalar);
            let c = if n == 1 { comps[0] } else { self.push(Expression::Compose { components: comps }, ty, span) };
            return Ok((c, None, rest));
        } else if n == 1 {
            pick(self, 0)
        } else {
            let ty = self.vec_ty(n, scalar);
            let comps: Vec<_> = (0..n).map(|i| pick(self, i)).collect();
            self.push(Expression::Compose { components: comps }, ty, span)
        };
        let layer = if arrayed {
            let l = pick(self, n);
            Some(if float {
                let i = self.scalar_ty(Scalar::I32);
                let rounded = self.push(Expression::Math { fun: MathFunction::RoundEven, args: vec![l] }, st, span);
                self.push(Expression::Convert { expr: rounded, to: Scalar::I32 }, i, span)
            } else {
                l
            })
        } else {
            None
        };
        let extra = if m > n + arrayed as u32 { Some(pick(self, n + arrayed as u32)) } else { None };
        Ok((c, layer, extra))
    }

    /// An integer coordinate of exactly `n` components (and the layer): texelFetch and the
    /// image functions take no more (GLSL 4.60 §8.9.2, §8.12).
    fn exact_coord(&mut self, out: &mut Block, coord: Handle<Expression>, n: u32, arrayed: bool, name: &str, span: Span) -> R<(Handle<Expression>, Option<Handle<Expression>>)> {
        // Signed integers only: no implicit conversion makes an `int` of a float or a `uint`
        // (GLSL 4.60 §4.1.10), so glslang finds no overload for `texelFetch(s, 1.5)`.
        let ct = self.ety(coord);
        if self.shape(ct).is_some_and(|(s, _)| !self.implicit(s, Scalar::I32)) {
            let message = format!("`{name}` takes an integer coordinate (`int` or `ivecN`), not `{}`", self.type_name(ct));
            self.diags.push(crate::diag::Diagnostic::error(message, span).with_note("GLSL 4.60 §8.9.2 (Texel Lookup Functions), §8.12 (Image Functions); §4.1.10 (no implicit conversion to `int`)"));
            return Err(Reported);
        }
        let (coord, layer, extra) = self.split_coord(out, coord, n, arrayed, false, false, span)?;
        if extra.is_some() {
            return Err(self.error(format!("`{name}` takes a coordinate of {} components here", n + arrayed as u32), span));
        }
        Ok((coord, layer))
    }

    fn texture_call(&mut self, out: &mut Block, name: &str, args: Args, span: Span) -> Option<R<Operand>> {
        const NAMES: &[&str] = &[
            "texture", "textureOffset", "textureLod", "textureLodOffset", "textureGrad", "textureGradOffset", "textureProj",
            "textureProjOffset", "textureProjLod", "textureProjLodOffset", "textureProjGrad", "textureProjGradOffset", "textureGather",
            "textureGatherOffset", "textureGatherOffsets", "texelFetch", "texelFetchOffset", "textureSize", "textureQueryLod",
            "textureQueryLevels", "textureSamples", "texture2D", "texture2DLod", "textureCube", "textureCubeLod", "texture2DProj",
            "texture3D", "textureGrad", "textureLodEXT", "texture2DLodEXT", "textureCubeLodEXT", "texture2DGradEXT",
        ];
        if !NAMES.contains(&name) {
            return None;
        }
        Some(self.texture(out, name, args, span, Lookup::default()))
    }

    /// GL_ARB_sparse_texture2's `sparse*ARB` lookups (the residency code returned, the texel
    /// stored to the `out` argument) and GL_ARB_sparse_texture_clamp's `*ClampARB` ones (a
    /// least level of detail, `lodClamp`, after the offset): each is the lookup it is named
    /// after, with `OpImageSparse*` and/or the `MinLod` image operand. `None` for other names.
    fn sparse_call(&mut self, out: &mut Block, name: &str, args: Args, span: Span) -> Option<R<Operand>> {
        const SPARSE: &[&str] = &[
            "texture", "textureLod", "textureOffset", "texelFetch", "texelFetchOffset", "textureLodOffset", "textureGrad",
            "textureGradOffset", "textureGather", "textureGatherOffset", "textureGatherOffsets", "imageLoad",
        ];
        const CLAMP: &[&str] = &["texture", "textureOffset", "textureGrad", "textureGradOffset"];
        let stem = name.strip_suffix("ARB")?;
        let (stem, clamp) = match stem.strip_suffix("Clamp") {
            Some(s) => (s, true),
            None => (stem, false),
        };
        let (base, sparse) = match stem.strip_prefix("sparse") {
            Some(rest) => {
                let mut chars = rest.chars();
                let first = chars.next()?.to_ascii_lowercase();
                (format!("{first}{}", chars.as_str()), true)
            }
            None => (stem.to_string(), false),
        };
        if !(if clamp { CLAMP } else { SPARSE }).contains(&base.as_str()) || (!clamp && !sparse) {
            return None;
        }
        Some(self.sparse_lookup(out, name, &base, Lookup { sparse, clamp }, args, span))
    }

    fn sparse_lookup(&mut self, out: &mut Block, name: &str, base: &str, lookup: Lookup, args: Args, span: Span) -> R<Operand> {
        let extension = if lookup.clamp { "GL_ARB_sparse_texture_clamp" } else { "GL_ARB_sparse_texture2" };
        if !self.has_extension_at(extension, span) {
            return Err(self.needs_extension(name, extension, span));
        }
        // The wgpu target refuses SparseResidency and MinLod where the back end writes them
        // (naga has neither: `spirv::wgpu`).
        if !lookup.sparse {
            return self.texture(out, base, args, span, lookup);
        }
        // The `out` texel: the last argument, except where an optional bias or gather
        // component follows it (`sparseTextureARB(s, P, texel [, bias])`,
        // `sparseTextureGatherARB(s, P, texel [, comp])`); a shadow gather's reference and a
        // cube-array shadow lookup's compare value come before it.
        let mut args = args;
        let image_ty = match args.first().map(|a| &a.0) {
            Some(Operand::Combined(i, _)) => self.operand_type(i),
            Some(o) => self.operand_type(o),
            None => None,
        };
        let info = image_ty.and_then(|t| self.image_info(t));
        let depth = matches!(info, Some((_, _, ImageClass::Depth { .. })));
        let cube_array_shadow = depth && matches!(info, Some((ImageDimension::Cube, true, _)));
        let offset = base.contains("Offset") as usize;
        let texel_at = match base {
            "texture" | "textureOffset" => Some(2 + offset + lookup.clamp as usize + cube_array_shadow as usize),
            "textureGather" | "textureGatherOffset" | "textureGatherOffsets" if !depth => Some(2 + offset),
            _ => None,
        };
        let at = match texel_at {
            Some(i) if i < args.len() => i,
            _ => args.len().saturating_sub(1),
        };
        if args.len() < 3 {
            return Err(self.error(format!("`{name}` needs a sampler, a coordinate and an `out` texel"), span));
        }
        let (texel, texel_span) = args.remove(at);
        let result = if base == "imageLoad" {
            self.image_call(out, "imageLoad", args, span, true)?
        } else {
            self.texture(out, base, args, span, lookup)?
        };
        let Operand::Value(r) = result else { return Err(self.error(format!("`{name}` has no sparse form here"), span)) };
        let st = self.ety(r);
        let texel_ty = match self.inner(st) {
            TypeInner::Struct { members, .. } if members.len() == 2 => members[1].ty,
            _ => return Err(self.error(format!("`{name}` has no sparse form here"), span)),
        };
        // `out gvec4 texel` (or `out float` for shadow lookups) of the sampler's own type, or
        // one it converts to implicitly on the way out, as for any `out` parameter (GLSL 4.60
        // §6.1.1; glslang takes a `vec4` for an `iimage2D`'s texel, not an `ivec4` for an
        // `image2D`'s).
        if let Some(given) = self.operand_type(&texel) {
            let converts = match (self.shape(texel_ty), self.shape(given)) {
                (Some((from, n)), Some((to, m))) => n == m && self.implicit(from, to),
                _ => false,
            };
            if given != texel_ty && !converts {
                let (given, want) = (self.type_name(given), self.type_name(texel_ty));
                return Err(self.error(format!("the texel argument of `{name}` must be a `{want}` here, not `{given}`"), texel_span));
            }
        }
        let b = self.bind(out, r);
        let rr = self.let_ref(b, span);
        let t = self.push(Expression::AccessIndex { base: rr, index: 1 }, texel_ty, texel_span);
        self.store_operand(out, texel, t, texel_span)?;
        let rr = self.let_ref(b, span);
        let i32t = self.scalar_ty(Scalar::I32);
        Ok(Operand::Value(self.push(Expression::AccessIndex { base: rr, index: 0 }, i32t, span)))
    }

    /// `sparseTexelsResidentARB(code)`: whether the lookup that returned `code` read only
    /// resident texels.
    fn sparse_texels_resident(&mut self, out: &mut Block, args: Args, span: Span) -> R<Operand> {
        if !self.has_extension_at("GL_ARB_sparse_texture2", span) {
            return Err(self.needs_extension("sparseTexelsResidentARB", "GL_ARB_sparse_texture2", span));
        }
        self.arity("sparseTexelsResidentARB", &args, 1, span)?;
        let vals = self.vals(out, args)?;
        let i32t = self.scalar_ty(Scalar::I32);
        let code = self.coerce(out, vals[0].0, i32t, vals[0].1)?;
        let b = self.scalar_ty(Scalar::BOOL);
        Ok(Operand::Value(self.push(Expression::SparseTexelsResident { code }, b, span)))
    }

    /// The `{ residency code, texel }` result of a sparse lookup of `texel`.
    fn sparse_result_ty(&mut self, texel: Handle<Type>) -> Handle<Type> {
        let i32t = self.scalar_ty(Scalar::I32);
        let members = vec![
            StructMember { name: Some("code".into()), ty: i32t, offset: 0, matrix: None, memory: Default::default() },
            StructMember { name: Some("texel".into()), ty: texel, offset: 0, matrix: None, memory: Default::default() },
        ];
        self.m.types.insert(Type { name: Some("SparseResult".into()), inner: TypeInner::Struct { members, span: 0 } }, Span::default())
    }

    fn texture(&mut self, out: &mut Block, name: &str, args: Args, span: Span, lookup: Lookup) -> R<Operand> {
        let name = match name {
            "texture2D" | "textureCube" | "texture3D" => "texture",
            "texture2DLod" | "textureCubeLod" | "textureLodEXT" | "texture2DLodEXT" | "textureCubeLodEXT" => "textureLod",
            "texture2DProj" => "textureProj",
            "texture2DGradEXT" => "textureGrad",
            n => n,
        };
        if args.is_empty() {
            return Err(self.error(format!("`{name}` needs a sampler argument"), span));
        }
        let mut args = args;
        let (tex, tspan) = args.remove(0);
        // (image value, sampler value or None for combined)
        let (image, sampler) = match tex {
            Operand::Combined(i, s) => {
                let i = self.value(out, *i, tspan)?;
                let s = self.value(out, *s, tspan)?;
                (i, Some(s))
            }
            other => (self.value(out, other, tspan)?, None),
        };
        let it = self.ety(image);
        let Some((dim, arrayed, class)) = self.image_info(it) else {
            return Err(self.error(format!("`{name}` needs a sampler or texture, not `{}`", self.type_name(it)), tspan));
        };
        let combined = matches!(self.inner(it), TypeInner::SampledImage { .. });
        let sampled = combined || sampler.is_some();
        let depth = matches!(class, ImageClass::Depth { .. });
        let kind = match class {
            ImageClass::Sampled { kind, .. } => kind,
            ImageClass::Depth { .. } => ScalarKind::Float,
            ImageClass::Storage { .. } => return Err(self.error(format!("`{name}` does not take a storage image"), tspan)),
        };
        let multisampled = matches!(class, ImageClass::Sampled { multisampled: true, .. } | ImageClass::Depth { multisampled: true });
        let n = texture_dim(dim);
        let vals = self.vals(out, args)?;
        let i32t = self.scalar_ty(Scalar::I32);
        let f32t = self.scalar_ty(Scalar::F32);
        let vec4 = |lw: &mut Self, k: ScalarKind| {
            let s = Scalar { kind: k, width: 4 };
            lw.vec_ty(4, s)
        };
        match name {
            "textureSize" | "textureQueryLevels" | "textureSamples" => {
                // GLSL 4.60 §8.9.1: mip levels exist only for non-multisampled, non-buffer
                // images; sample counts only for multisampled ones.
                if name == "textureQueryLevels" && (multisampled || dim == ImageDimension::Buffer) {
                    return Err(self.error("`textureQueryLevels` has no overload for buffer or multisampled samplers (they have no mip levels)", span));
                }
                if name == "textureSamples" && !multisampled {
                    return Err(self.error("`textureSamples` takes a multisampled sampler", span));
                }
                if let Some(s) = sampler {
                    out.push(Statement::Eval(s), span);
                }
                let query = match name {
                    "textureSize" => {
                        let level = if multisampled || dim == ImageDimension::Buffer {
                            None
                        } else {
                            match vals.first() {
                                Some(&(l, ls)) => Some(self.coerce(out, l, i32t, ls)?),
                                None => return Err(self.error("`textureSize` needs a level of detail", span)),
                            }
                        };
                        ImageQuery::Size { level }
                    }
                    "textureQueryLevels" => ImageQuery::NumLevels,
                    _ => ImageQuery::NumSamples,
                };
                let comps = if dim == ImageDimension::Cube { 2 } else { n } + arrayed as u32;
                let ty = if matches!(query, ImageQuery::Size { .. }) { self.vec_ty(comps, Scalar::I32) } else { i32t };
                return Ok(Operand::Value(self.push(Expression::ImageQuery { image, query }, ty, span)));
            }
            "textureQueryLod" => {
                let Some(&(c, cs)) = vals.first() else { return Err(self.error("`textureQueryLod` needs a coordinate", span)) };
                let want = self.vec_ty(n, Scalar::F32);
                let c = self.coerce(out, c, want, cs)?;
                let ty = self.vec_ty(2, Scalar::F32);
                return Ok(Operand::Value(self.push(Expression::ImageQuery { image, query: ImageQuery::Lod { sampler, coordinate: c } }, ty, span)));
            }
            "texelFetch" | "texelFetchOffset" => {
                if let Some(s) = sampler {
                    out.push(Statement::Eval(s), span);
                }
                let Some(&(c, cs)) = vals.first() else { return Err(self.error("`texelFetch` needs a coordinate", span)) };
                let (coord, layer) = self.exact_coord(out, c, n, arrayed, name, cs)?;
                let (level, sample) = if multisampled {
                    let s = match vals.get(1) {
                        Some(&(s, ss)) => Some(self.coerce(out, s, i32t, ss)?),
                        None => return Err(self.error("`texelFetch` on a multisampled texture needs a sample index", span)),
                    };
                    (None, s)
                } else if dim == ImageDimension::Buffer {
                    (None, None)
                } else {
                    match vals.get(1) {
                        Some(&(l, ls)) => (Some(self.coerce(out, l, i32t, ls)?), None),
                        None => return Err(self.error("`texelFetch` needs a level of detail", span)),
                    }
                };
                let coord = if name == "texelFetchOffset" {
                    let Some(&(o, os)) = vals.get(2) else { return Err(self.error("`texelFetchOffset` needs an offset", span)) };
                    let ct = self.ety(coord);
                    let o = self.coerce(out, o, ct, os)?;
                    // Constant (GLSL 4.60 §8.9.2) except in `sparseTexelFetchOffsetARB`, as in
                    // the other lookups ([`Self::texture`]'s offsets).
                    if !lookup.sparse && self.fold(o).is_none() {
                        return Err(self.error("texture offsets must be constant expressions", os));
                    }
                    self.check_texel_offset(o, os);
                    self.push(Expression::Binary { op: BinaryOp::Add, left: coord, right: o }, ct, span)
                } else {
                    coord
                };
                let ty = if depth { f32t } else { vec4(self, kind) };
                let ty = if depth { vec4(self, ScalarKind::Float) } else { ty };
                let ty = if lookup.sparse { self.sparse_result_ty(ty) } else { ty };
                let _ = sampled;
                let e = self.push(Expression::ImageLoad { image, coordinate: coord, array_index: layer, sample, level, sparse: lookup.sparse }, ty, span);
                return Ok(Operand::Value(e));
            }
            _ => {}
        }
        if !sampled {
            return Err(self.error(format!("`{name}` needs a sampler; combine the texture with one (`sampler2D(tex, smp)`)"), tspan));
        }
        let proj = name.starts_with("textureProj");
        let gather = name.starts_with("textureGather");
        let has_offset = name.contains("Offset");
        let mut vi = vals.into_iter();
        let Some((c, cs)) = vi.next() else { return Err(self.error(format!("`{name}` needs a coordinate"), span)) };
        let shadow_in_coord = depth && !gather && !(dim == ImageDimension::Cube && arrayed);
        // GLSL 4.60 §8.9.2-§8.9.4: a coordinate has exactly the components of its form: the
        // sampler's and the layer, Dref in the shadow forms, q for textureProj (which also takes
        // a vec4 for 1D and 2D samplers); sampler1DShadow's P is (x, unused, Dref[, q]).
        let shadow_1d = shadow_in_coord && dim == ImageDimension::D1 && !arrayed;
        let base = n + arrayed as u32 + shadow_in_coord as u32 + shadow_1d as u32;
        let m = self.shape(self.ety(c)).map_or(0, |(_, m)| m);
        let proj_vec4 = proj && m == 4 && !arrayed && matches!(dim, ImageDimension::D1 | ImageDimension::D2);
        let want = base + proj as u32;
        if m != want && !proj_vec4 {
            let ct = self.ety(c);
            return Err(self.error(format!("`{name}` takes a coordinate of {want} components here, `{}` has {m}", self.type_name(ct)), cs));
        }
        let c = if shadow_1d {
            // Drop the unused second component, so that Dref follows x as in the other forms.
            let Some((scalar, _)) = self.shape(self.ety(c)) else { return Err(Reported) };
            let k = m - 1;
            let ty = self.vec_ty(k, scalar);
            self.push(Expression::Swizzle { vector: c, pattern: [0, 2, 3, 0] }, ty, cs)
        } else {
            c
        };
        let (coord, layer, extra) = self.split_coord(out, c, n, arrayed, true, proj, cs)?;
        let mut depth_ref = if shadow_in_coord {
            match extra {
                Some(e) => Some(e),
                None => return Err(self.error("a shadow lookup needs the depth reference in the coordinate", cs)),
            }
        } else {
            // `textureProj(sampler2D, vec4)` ignores the third component.
            if let Some(e) = extra {
                out.push(Statement::Eval(e), cs);
            }
            None
        };
        let rest: Vec<_> = vi.collect();
        let mut ri = rest.into_iter();
        let mut gather_comp = None;
        if gather && depth {
            // textureGather(samplerShadow, P, refZ)
            let Some((r, rs)) = ri.next() else { return Err(self.error("a shadow gather needs a depth reference", span)) };
            depth_ref = Some(self.coerce(out, r, f32t, rs)?);
        } else if depth && dim == ImageDimension::Cube && arrayed {
            let Some((r, rs)) = ri.next() else { return Err(self.error("a shadow lookup needs a depth reference", span)) };
            depth_ref = Some(self.coerce(out, r, f32t, rs)?);
        }
        let level = match name {
            "textureLod" | "textureLodOffset" | "textureProjLod" | "textureProjLodOffset" => {
                let Some((l, ls)) = ri.next() else { return Err(self.error(format!("`{name}` needs a level of detail"), span)) };
                if depth && (arrayed || dim == ImageDimension::Cube) && dim != ImageDimension::D1 {
                    self.shadow_lod_enabled(name, tspan, ls)?;
                }
                let l = self.coerce(out, l, f32t, ls)?;
                if depth_ref.is_some() && self.fold(l).is_some_and(|c| c == super::Cv::Scalar(Literal::F32(0.0))) {
                    out.push(Statement::Eval(l), span);
                    SampleLevel::Zero
                } else {
                    SampleLevel::Exact(l)
                }
            }
            "textureGrad" | "textureGradOffset" | "textureProjGrad" | "textureProjGradOffset" => {
                let want = self.vec_ty(if dim == ImageDimension::Cube { 3 } else { n }, Scalar::F32);
                let (Some((x, xs)), Some((y, ys))) = (ri.next(), ri.next()) else {
                    return Err(self.error(format!("`{name}` needs two gradients"), span));
                };
                let x = self.coerce(out, x, want, xs)?;
                let y = self.coerce(out, y, want, ys)?;
                SampleLevel::Gradient { x, y }
            }
            _ => SampleLevel::Auto,
        };
        let offset = if has_offset {
            let Some((o, os)) = ri.next() else { return Err(self.error(format!("`{name}` needs an offset"), span)) };
            let want = self.vec_ty(n, Scalar::I32);
            // textureGatherOffsets: four constant offsets (SPIR-V ConstOffsets).
            let want = if name.ends_with("Offsets") {
                self.ty(TypeInner::Array { base: want, size: ArraySize::Constant(4), stride: 0 })
            } else {
                want
            };
            let o = self.coerce(out, o, want, os)?;
            // A texel offset is a constant expression (GLSL 4.60 §8.9.2), except in a gather
            // (GLSL 4.60 §8.9.4; GLSL ES from 3.20 or with gpu_shader5): SPIR-V `Offset` (with
            // ImageGatherExtended) instead of `ConstOffset`.
            let runtime = gather && !name.ends_with("Offsets") && (!self.es || self.version >= 320 || self.has_extension_at("GL_EXT_gpu_shader5", span) || self.has_extension_at("GL_OES_gpu_shader5", span));
            if self.fold(o).is_none() && runtime {
                Some(o)
            } else if self.fold(o).is_none() && (lookup.sparse || lookup.clamp) {
                // glslang takes any offset in GL_ARB_sparse_texture2's and _clamp's lookups and
                // writes `Offset` on a sample instruction, which Vulkan forbids (only gathers
                // take it): its module fails spirv-val.
                return Err(self.error(
                    format!("`{}` needs a constant offset: Vulkan takes a run-time texel offset only in a gather or a texel fetch (VUID-StandaloneSpirv-Offset-04663)", lookup.source_name(name)),
                    os,
                ));
            } else {
                if !gather {
                    self.check_texel_offset(o, os);
                }
                Some(self.constant_operand(out, o, "texture offsets", os)?)
            }
        } else {
            None
        };
        // GL_ARB_sparse_texture_clamp: `lodClamp` follows the offset.
        let min_lod = if lookup.clamp {
            let Some((m, ms)) = ri.next() else { return Err(self.error(format!("`{name}` needs a level-of-detail clamp"), span)) };
            Some(self.coerce(out, m, f32t, ms)?)
        } else {
            None
        };
        let level = match (level, ri.next()) {
            // Optional bias (texture, textureOffset, textureProj).
            (SampleLevel::Auto, Some((b, bs))) if !gather => {
                if depth && arrayed && dim != ImageDimension::D1 {
                    self.shadow_lod_enabled(name, tspan, bs)?;
                }
                let b = self.coerce(out, b, f32t, bs)?;
                SampleLevel::Bias(b)
            }
            (l, Some((c, cs))) if gather && !depth => {
                // `int comp` (GLSL 4.60 §8.9.4): no implicit conversion reaches `int` from
                // `uint` or a float, so glslang finds no overload for `0u`.
                let cty = self.ety(c);
                if !matches!(self.inner(cty), TypeInner::Scalar(Scalar { kind: ScalarKind::Sint, .. })) {
                    let found = self.type_name(cty);
                    return Err(self.error(format!("the gather component is an `int`, not `{found}`"), cs));
                }
                // A compile-time constant (glslang: "must be a compile-time constant"), not a
                // specialization constant at its default.
                let v = self.fold_fixed(c).and_then(|c| c.as_i64());
                match v {
                    Some(v @ 0..=3) => {
                        out.push(Statement::Eval(c), cs);
                        gather_comp = Some(v as u8);
                    }
                    _ => return Err(self.error("the gather component must be a compile-time constant 0, 1, 2 or 3", cs)),
                }
                l
            }
            (l, None) => l,
            (_, Some((_, s))) => return Err(self.error(format!("too many arguments to `{name}`"), s)),
        };
        // Outside fragment shaders there are no implicit derivatives: level 0 (gathers take
        // no level at all).
        let level = if self.stage != Stage::Fragment && !gather && matches!(level, SampleLevel::Auto) { SampleLevel::Zero } else { level };
        let gather = if gather { Some(gather_comp.unwrap_or(0)) } else { None };
        let ty = if depth && gather.is_none() { f32t } else { vec4(self, kind) };
        let ty = if lookup.sparse { self.sparse_result_ty(ty) } else { ty };
        let e = Expression::ImageSample { image, sampler, gather, coordinate: coord, array_index: layer, offset, level, depth_ref, min_lod, sparse: lookup.sparse };
        Ok(Operand::Value(self.push(e, ty, span)))
    }

    /// `sparse`: `sparseImageLoadARB` (only with `imageLoad`).
    fn image_call(&mut self, out: &mut Block, name: &str, args: Args, span: Span, sparse: bool) -> R<Operand> {
        if args.is_empty() {
            return Err(self.error(format!("`{name}` needs an image"), span));
        }
        let mut args = args;
        let (img, ispan) = args.remove(0);
        // Atomics need the image's pointer (`OpImageTexelPointer`): an element of an image
        // array stays an access chain instead of being loaded.
        let (image, it) = match img {
            Operand::Ref(p) if name.starts_with("imageAtomic") && !p.steps.is_empty() && p.space == AddressSpace::Handle => {
                let ty = p.ty;
                (self.path_expr(&p, ispan), ty)
            }
            other => {
                let v = self.value(out, other, ispan)?;
                (v, self.ety(v))
            }
        };
        let Some((dim, arrayed, class)) = self.image_info(it) else {
            return Err(self.error(format!("`{name}` needs an image, not `{}`", self.type_name(it)), ispan));
        };
        let ImageClass::Storage { format, multisampled, .. } = class else {
            return Err(self.error(format!("`{name}` needs a storage image"), ispan));
        };
        let kind = format.scalar_kind();
        let n = texture_dim(dim);
        let i32t = self.scalar_ty(Scalar::I32);
        if name == "imageSize" || name == "imageSamples" {
            let comps = if dim == ImageDimension::Cube { 2 } else { n } + arrayed as u32;
            let (query, ty) = if name == "imageSize" { (ImageQuery::Size { level: None }, self.vec_ty(comps, Scalar::I32)) } else { (ImageQuery::NumSamples, i32t) };
            return Ok(Operand::Value(self.push(Expression::ImageQuery { image, query }, ty, span)));
        }
        let mut vals = self.vals(out, args)?;
        let Some(&(c, cs)) = vals.first() else { return Err(self.error(format!("`{name}` needs a coordinate"), span)) };
        // A multisampled image's accesses take the sample after the coordinate (GLSL 4.60
        // §8.12: `imageLoad(gimage2DMS image, ivec2 P, int sample)`, and so on).
        let sample = if multisampled {
            let Some((s, ss)) = (vals.len() > 1).then(|| vals.remove(1)) else {
                return Err(self.error(format!("`{name}` on a multisampled image needs a sample index"), span));
            };
            Some(self.coerce(out, s, i32t, ss)?)
        } else {
            None
        };
        // GLSL 4.60 §8.12: a cube-map array image is addressed with an ivec3 whose third
        // component is `layer * 6 + face`, which is SPIR-V's (x, y, layer-face) coordinate.
        let n = if dim == ImageDimension::Cube && arrayed { 2 } else { n };
        // GL_EXT_shader_image_int64: r64 images hold 64-bit texels (the SPIR-V image type says so too).
        let texel_scalar = Scalar { kind, width: if matches!(format, StorageFormat::R64ui | StorageFormat::R64i) { 8 } else { 4 } };
        let vec4 = self.vec_ty(4, texel_scalar);
        match name {
            "imageLoad" => {
                let (coord, layer) = self.exact_coord(out, c, n, arrayed, name, cs)?;
                let ty = if sparse { self.sparse_result_ty(vec4) } else { vec4 };
                Ok(Operand::Value(self.push(Expression::ImageLoad { image, coordinate: coord, array_index: layer, sample, level: None, sparse }, ty, span)))
            }
            "imageStore" => {
                let (coord, layer) = self.exact_coord(out, c, n, arrayed, name, cs)?;
                let Some(&(v, vs)) = vals.get(1) else { return Err(self.error("`imageStore` needs a value", span)) };
                let v = self.coerce(out, v, vec4, vs)?;
                out.push(Statement::ImageStore { image, coordinate: coord, array_index: layer, sample, value: v }, span);
                Ok(Operand::Void)
            }
            _ => {
                // Image atomics: a texel pointer with the full coordinate (layer included).
                let ct = self.ety(c);
                let want = self.vec_ty(n + arrayed as u32, Scalar::I32);
                // Exactly the image's components (found by glsl_mutants: `imageAtomicAdd(uimage2D,
                // int, ...)` made an invalid OpImageTexelPointer).
                if self.shape(ct).map(|x| x.1) != Some(n + arrayed as u32) {
                    return Err(self.error(format!("`{name}` takes a coordinate of {} components here", n + arrayed as u32), cs));
                }
                let coord = self.coerce(out, c, want, cs)?;
                let st = self.scalar_ty(texel_scalar);
                let pt = self.ptr_ty(st, AddressSpace::Handle);
                let pointer = self.push(Expression::ImageTexelPointer { image, coordinate: coord, sample }, pt, span);
                let plain = if name == "imageAtomicCompSwap" { 3 } else { 2 };
                if matches!(name, "imageAtomicLoad" | "imageAtomicStore") || vals.len() > plain {
                    let rest = vals[1..].iter().map(|&(v, s)| (Operand::Value(v), s)).collect();
                    return self.scoped_image_atomic(out, name, pointer, texel_scalar, rest, span);
                }
                let fun = match name {
                    "imageAtomicAdd" => AtomicFunction::Add,
                    "imageAtomicMin" => AtomicFunction::Min,
                    "imageAtomicMax" => AtomicFunction::Max,
                    "imageAtomicAnd" => AtomicFunction::And,
                    "imageAtomicOr" => AtomicFunction::InclusiveOr,
                    "imageAtomicXor" => AtomicFunction::ExclusiveOr,
                    "imageAtomicExchange" => AtomicFunction::Exchange,
                    _ => AtomicFunction::CompareExchange,
                };
                if vals.len() > 2 + (fun == AtomicFunction::CompareExchange) as usize {
                    return Err(self.scoped_atomic_error(name, span));
                }
                let mut ops = Vec::new();
                for &(v, vs) in &vals[1..] {
                    ops.push(self.coerce(out, v, st, vs)?);
                }
                if ops.is_empty() || (fun == AtomicFunction::CompareExchange && ops.len() < 2) {
                    return Err(self.error(format!("`{name}` needs more arguments"), span));
                }
                let (value, compare) = if fun == AtomicFunction::CompareExchange { (ops[1], Some(ops[0])) } else { (ops[0], None) };
                Ok(Operand::Value(self.push(Expression::Atomic { fun, pointer, value, compare }, st, span)))
            }
        }
    }

    fn subpass_load(&mut self, out: &mut Block, args: Args, span: Span) -> R<Operand> {
        let mut args = args;
        if args.is_empty() {
            return Err(self.error("`subpassLoad` needs a subpass input", span));
        }
        let (img, ispan) = args.remove(0);
        let image = self.value(out, img, ispan)?;
        let it = self.ety(image);
        let Some((ImageDimension::SubpassData, _, ImageClass::Sampled { kind, multisampled })) = self.image_info(it) else {
            return Err(self.error("`subpassLoad` needs a subpass input", ispan));
        };
        let v2 = self.vec_ty(2, Scalar::I32);
        let c = self.zero(v2, span);
        let sample = if multisampled {
            let vals = self.vals(out, args)?;
            let i32t = self.scalar_ty(Scalar::I32);
            match vals.first() {
                Some(&(s, ss)) => Some(self.coerce(out, s, i32t, ss)?),
                None => return Err(self.error("`subpassLoad` of a multisampled input needs a sample", span)),
            }
        } else {
            None
        };
        let ty = self.vec_ty(4, Scalar { kind, width: 4 });
        Ok(Operand::Value(self.push(Expression::ImageLoad { image, coordinate: c, array_index: None, sample, level: None, sparse: false }, ty, span)))
    }

    fn subgroup(&mut self, out: &mut Block, name: &str, args: Args, span: Span) -> Option<R<Operand>> {
        use SubgroupArith as A;
        use SubgroupOperation as O;
        let arith = |s: &str| -> Option<A> {
            Some(match s {
                "Add" => A::Add,
                "Mul" => A::Mul,
                "Min" => A::Min,
                "Max" => A::Max,
                "And" => A::And,
                "Or" => A::Or,
                "Xor" => A::Xor,
                _ => return None,
            })
        };
        let rest = &name["subgroup".len()..];
        let op = match rest {
            "Elect" => O::Elect,
            "All" => O::All,
            "Any" => O::Any,
            "AllEqual" => O::AllEqual,
            "Ballot" => O::Ballot,
            "InverseBallot" => O::InverseBallot,
            "BallotBitExtract" => O::BallotBitExtract,
            "BallotBitCount" => O::BallotBitCount,
            "BallotInclusiveBitCount" => O::BallotInclusiveBitCount,
            "BallotExclusiveBitCount" => O::BallotExclusiveBitCount,
            "BallotFindLSB" => O::BallotFindLsb,
            "BallotFindMSB" => O::BallotFindMsb,
            "BroadcastFirst" => O::BroadcastFirst,
            "Broadcast" => O::Broadcast,
            "Shuffle" => O::Shuffle,
            "ShuffleXor" => O::ShuffleXor,
            "ShuffleUp" => O::ShuffleUp,
            "ShuffleDown" => O::ShuffleDown,
            "QuadBroadcast" => O::QuadBroadcast,
            "QuadSwapHorizontal" => O::QuadSwapHorizontal,
            "QuadSwapVertical" => O::QuadSwapVertical,
            "QuadSwapDiagonal" => O::QuadSwapDiagonal,
            r if r.starts_with("Inclusive") => O::InclusiveScan(arith(&r["Inclusive".len()..])?),
            r if r.starts_with("Exclusive") => O::ExclusiveScan(arith(&r["Exclusive".len()..])?),
            r if r.starts_with("Clustered") => O::ClusteredReduce(arith(&r["Clustered".len()..])?),
            r => match arith(r) {
                Some(a) => O::Reduce(a),
                None => {
                    if rest.contains("Barrier") {
                        return None;
                    }
                    return Some(Err(self.error(format!("`{name}` is not supported"), span)));
                }
            },
        };
        Some(self.subgroup_op(out, name, op, args, span))
    }

    fn subgroup_op(&mut self, out: &mut Block, name: &str, op: SubgroupOperation, args: Args, span: Span) -> R<Operand> {
        use SubgroupOperation as O;
        let vals = self.vals(out, args)?;
        let bool_ty = self.scalar_ty(Scalar::BOOL);
        let u32t = self.scalar_ty(Scalar::U32);
        let (lo, hi) = match op {
            O::Elect => (0, 0),
            O::All | O::Any | O::AllEqual | O::Ballot | O::InverseBallot | O::BallotBitCount | O::BallotInclusiveBitCount
            | O::BallotExclusiveBitCount | O::BallotFindLsb | O::BallotFindMsb | O::BroadcastFirst | O::Reduce(_) | O::InclusiveScan(_) | O::ExclusiveScan(_)
            | O::QuadSwapHorizontal | O::QuadSwapVertical | O::QuadSwapDiagonal => (1, 1),
            _ => (2, 2),
        };
        if vals.len() < lo || vals.len() > hi {
            return Err(self.error(format!("`{name}` takes {lo} argument(s), {} given", vals.len()), span));
        }
        if name.starts_with("subgroup") {
            self.subgroup_extended_type_enabled(name, &vals)?;
        }
        let mut a: Vec<Handle<Expression>> = Vec::new();
        for (i, &(v, vs)) in vals.iter().enumerate() {
            let v = match (op, i) {
                (O::All | O::Any | O::Ballot, 0) => self.coerce(out, v, bool_ty, vs)?,
                (O::InverseBallot | O::BallotBitExtract | O::BallotBitCount | O::BallotInclusiveBitCount | O::BallotExclusiveBitCount | O::BallotFindLsb | O::BallotFindMsb, 0) => {
                    let ballot = self.vec_ty(4, Scalar::U32);
                    self.coerce(out, v, ballot, vs)?
                }
                (_, 1) => {
                    let c = self.coerce(out, v, u32t, vs)?;
                    if matches!(op, O::Broadcast | O::QuadBroadcast | O::ClusteredReduce(_)) && self.fold(c).is_none() {
                        return Err(self.error(format!("the second argument of `{name}` must be a constant expression"), vs));
                    }
                    c
                }
                _ => v,
            };
            a.push(v);
        }
        let ty = match op {
            O::Elect | O::All | O::Any | O::AllEqual | O::InverseBallot | O::BallotBitExtract => bool_ty,
            O::BallotBitCount | O::BallotInclusiveBitCount | O::BallotExclusiveBitCount | O::BallotFindLsb | O::BallotFindMsb => u32t,
            O::Ballot => self.vec_ty(4, Scalar::U32),
            _ => self.ety(a[0]),
        };
        Ok(Operand::Value(self.push(Expression::Subgroup { op, args: a }, ty, span)))
    }

    /// GLSL 4.60 §8.9.2 has no explicit level of detail or bias for arrayed 2D and cube shadow
    /// lookups (`textureLod(sampler2DArrayShadow, ...)`, `texture(sampler2DArrayShadow, P,
    /// bias)`, `textureLod(samplerCubeShadow, ...)`): GL_EXT_texture_shadow_lod adds them.
    fn shadow_lod_enabled(&mut self, name: &str, sampler: Span, at: Span) -> R<()> {
        if self.has_extension_at("GL_EXT_texture_shadow_lod", at) {
            return Ok(());
        }
        let d = crate::diag::Diagnostic::error(format!("`{name}` with a level of detail or bias on this shadow sampler needs `#extension GL_EXT_texture_shadow_lod : enable`"), at)
            .with_secondary(sampler, "an arrayed or cube shadow sampler");
        self.diags.push(d);
        Err(Reported)
    }

    /// GL_EXT_shader_subgroup_extended_types: a GL_KHR_shader_subgroup_* function whose first
    /// argument has 8- or 16-bit integers, 64-bit integers or 16-bit floats needs the extension
    /// for that type, as glslang checks every subgroup built-in's first argument.
    fn subgroup_extended_type_enabled(&mut self, name: &str, vals: &[(Handle<Expression>, Span)]) -> R<()> {
        let Some(&(first, at)) = vals.first() else { return Ok(()) };
        let ty = self.ety(first);
        let Some(s) = self.inner(ty).scalar() else { return Ok(()) };
        let extension = match (s.kind, s.width) {
            (ScalarKind::Sint | ScalarKind::Uint, 1) => "GL_EXT_shader_subgroup_extended_types_int8",
            (ScalarKind::Sint | ScalarKind::Uint, 2) => "GL_EXT_shader_subgroup_extended_types_int16",
            (ScalarKind::Sint | ScalarKind::Uint, 8) => "GL_EXT_shader_subgroup_extended_types_int64",
            (ScalarKind::Float, 2) => "GL_EXT_shader_subgroup_extended_types_float16",
            _ => return Ok(()),
        };
        if self.has_extension_at(extension, at) {
            return Ok(());
        }
        let type_name = self.type_name(ty);
        Err(self.error(format!("`{name}` on `{type_name}` needs `#extension {extension} : enable`"), at))
    }
}


/// The GLSL spelling of a built-in lowered to `fun`, for diagnostics.
fn glsl_name(fun: MathFunction) -> String {
    match fun {
        MathFunction::FloorMod => "mod".into(),
        MathFunction::Atan2 => "atan".into(),
        MathFunction::RoundEven => "roundEven".into(),
        MathFunction::ReverseBits => "bitfieldReverse".into(),
        other => format!("{other:?}").to_lowercase(),
    }
}
