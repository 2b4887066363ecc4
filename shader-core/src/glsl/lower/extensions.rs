//! Vendor and ARB extension built-ins that SPIR-V expresses with its own enumerants and
//! opcodes, lowered to the IR's raw forms (`BuiltIn::Spirv`, `Expression::Spirv`,
//! `Statement::Spirv`) with the capability and extension glslang emits for each:
//! GL_ARM_shader_core_builtins, GL_NV_shader_sm_builtins, GL_EXT_fragment_shading_rate,
//! GL_NV_shading_rate_image, GL_ARB_shader_ballot, GL_ARB_shader_clock,
//! GL_EXT_shader_realtime_clock and GL_EXT_debug_printf.

use super::{Lowerer, Operand, Sym, R};
use crate::ir::*;
use crate::span::Span;

type Args = Vec<(Operand, Span)>;

/// SPIR-V capability numbers (SPIR-V 3.31) used here; the IR carries them as numbers.
mod cap {
    use spirv::Capability as C;
    pub const SUBGROUP_BALLOT_KHR: u32 = C::SubgroupBallotKHR as u32;
    pub const CORE_BUILTINS_ARM: u32 = C::CoreBuiltinsARM as u32;
    pub const SHADER_SM_BUILTINS_NV: u32 = C::ShaderSMBuiltinsNV as u32;
    pub const FRAGMENT_SHADING_RATE_KHR: u32 = C::FragmentShadingRateKHR as u32;
    pub const FRAGMENT_DENSITY_EXT: u32 = C::FragmentDensityEXT as u32;
    pub const SHADER_CLOCK_KHR: u32 = C::ShaderClockKHR as u32;
    pub const SHADER_VIEWPORT_MASK_NV: u32 = C::ShaderViewportMaskNV as u32;
    pub const SHADER_STEREO_VIEW_NV: u32 = C::ShaderStereoViewNV as u32;
    pub const PER_VIEW_ATTRIBUTES_NV: u32 = C::PerViewAttributesNV as u32;
}

/// SPIR-V opcodes (SPIR-V 3.52) used here.
mod op {
    use spirv::Op;
    pub const SUBGROUP_BALLOT_KHR: u32 = Op::SubgroupBallotKHR as u32;
    pub const SUBGROUP_FIRST_INVOCATION_KHR: u32 = Op::SubgroupFirstInvocationKHR as u32;
    pub const SUBGROUP_READ_INVOCATION_KHR: u32 = Op::SubgroupReadInvocationKHR as u32;
    pub const READ_CLOCK_KHR: u32 = Op::ReadClockKHR as u32;
}

/// The GL_ARB_shader_ballot masks: 64-bit views of the subgroup mask built-ins.
fn arb_mask(name: &str) -> Option<spirv::BuiltIn> {
    use spirv::BuiltIn as B;
    Some(match name {
        "gl_SubGroupEqMaskARB" => B::SubgroupEqMask,
        "gl_SubGroupGeMaskARB" => B::SubgroupGeMask,
        "gl_SubGroupGtMaskARB" => B::SubgroupGtMask,
        "gl_SubGroupLeMaskARB" => B::SubgroupLeMask,
        "gl_SubGroupLtMaskARB" => B::SubgroupLtMask,
        _ => return None,
    })
}

/// A vendor built-in variable of the current stage: `(SPIR-V BuiltIn, type, is output,
/// capability, extension)`.
pub(crate) fn builtin_variable(lw: &mut Lowerer<'_>, name: &str) -> Option<Sym> {
    let stage = lw.stage;
    let u32t = lw.scalar_ty(Scalar::U32);
    let i32t = lw.scalar_ty(Scalar::I32);
    if let Some(v) = shading_rate_flag(name) {
        return Some(Sym::Const { value: super::Cv::Scalar(Literal::I32(v)), ty: i32t });
    }
    if let Some(v) = ray_query_constant(name) {
        return Some(Sym::Const { value: super::Cv::Scalar(Literal::U32(v)), ty: u32t });
    }
    use spirv::BuiltIn as B;
    // GL_ARB_shader_viewport_layer_array / GL_NV_viewport_array2: vertex shaders write the
    // layer and viewport (the back end adds SPV_EXT_shader_viewport_index_layer).
    match (stage, name) {
        (Stage::Vertex, "gl_Layer") => return Some(lw.builtin_global(name, BuiltIn::Layer, i32t, true)),
        (Stage::Vertex, "gl_ViewportIndex") => return Some(lw.builtin_global(name, BuiltIn::ViewportIndex, i32t, true)),
        _ => {}
    }
    let iarr = lw.ty(TypeInner::Array { base: i32t, size: ArraySize::Constant(1), stride: 0 });
    let vec4 = lw.vec_ty(4, Scalar::F32);
    let (builtin, ty, output, capability, extension) = match (stage, name) {
        // GL_NV_viewport_array2, GL_NV_stereo_view_rendering, GL_NVX_multiview_per_view_attributes.
        (Stage::Vertex, "gl_ViewportMask") => (B::ViewportMaskNV, iarr, true, cap::SHADER_VIEWPORT_MASK_NV, "SPV_NV_viewport_array2"),
        (Stage::Vertex, "gl_SecondaryViewportMaskNV") => {
            (B::SecondaryViewportMaskNV, iarr, true, cap::SHADER_STEREO_VIEW_NV, "SPV_NV_stereo_view_rendering")
        }
        (Stage::Vertex, "gl_SecondaryPositionNV") => (B::SecondaryPositionNV, vec4, true, cap::SHADER_STEREO_VIEW_NV, "SPV_NV_stereo_view_rendering"),
        (Stage::Vertex, "gl_ViewportMaskPerViewNV") => {
            (B::ViewportMaskPerViewNV, iarr, true, cap::PER_VIEW_ATTRIBUTES_NV, "SPV_NVX_multiview_per_view_attributes")
        }
        (Stage::Vertex, "gl_PositionPerViewNV") => {
            let arr = lw.ty(TypeInner::Array { base: vec4, size: ArraySize::Constant(1), stride: 0 });
            (B::PositionPerViewNV, arr, true, cap::PER_VIEW_ATTRIBUTES_NV, "SPV_NVX_multiview_per_view_attributes")
        }
        // GL_ARM_shader_core_builtins (SPV_ARM_core_builtins).
        (_, "gl_CoreIDARM") => (B::CoreIDARM, u32t, false, cap::CORE_BUILTINS_ARM, "SPV_ARM_core_builtins"),
        (_, "gl_CoreCountARM") => (B::CoreCountARM, u32t, false, cap::CORE_BUILTINS_ARM, "SPV_ARM_core_builtins"),
        (_, "gl_CoreMaxIDARM") => (B::CoreMaxIDARM, u32t, false, cap::CORE_BUILTINS_ARM, "SPV_ARM_core_builtins"),
        (_, "gl_WarpIDARM") => (B::WarpIDARM, u32t, false, cap::CORE_BUILTINS_ARM, "SPV_ARM_core_builtins"),
        (_, "gl_WarpMaxIDARM") => (B::WarpMaxIDARM, u32t, false, cap::CORE_BUILTINS_ARM, "SPV_ARM_core_builtins"),
        // GL_NV_shader_sm_builtins (SPV_NV_shader_sm_builtins).
        (_, "gl_WarpsPerSMNV") => (B::WarpsPerSMNV, u32t, false, cap::SHADER_SM_BUILTINS_NV, "SPV_NV_shader_sm_builtins"),
        (_, "gl_SMCountNV") => (B::SMCountNV, u32t, false, cap::SHADER_SM_BUILTINS_NV, "SPV_NV_shader_sm_builtins"),
        (_, "gl_WarpIDNV") => (B::WarpIDNV, u32t, false, cap::SHADER_SM_BUILTINS_NV, "SPV_NV_shader_sm_builtins"),
        (_, "gl_SMIDNV") => (B::SMIDNV, u32t, false, cap::SHADER_SM_BUILTINS_NV, "SPV_NV_shader_sm_builtins"),
        // GL_EXT_fragment_shading_rate: written by vertex shaders, read by fragment shaders.
        (Stage::Vertex, "gl_PrimitiveShadingRateEXT") => {
            (B::PrimitiveShadingRateKHR, i32t, true, cap::FRAGMENT_SHADING_RATE_KHR, "SPV_KHR_fragment_shading_rate")
        }
        (Stage::Fragment, "gl_ShadingRateEXT") => (B::ShadingRateKHR, i32t, false, cap::FRAGMENT_SHADING_RATE_KHR, "SPV_KHR_fragment_shading_rate"),
        // GL_NV_shading_rate_image: the same built-ins as GL_EXT_fragment_invocation_density.
        (Stage::Fragment, "gl_FragmentSizeNV") => {
            let ivec2 = lw.vec_ty(2, Scalar::I32);
            (B::FragSizeEXT, ivec2, false, cap::FRAGMENT_DENSITY_EXT, "SPV_NV_shading_rate")
        }
        (Stage::Fragment, "gl_InvocationsPerPixelNV") => (B::FragInvocationCountEXT, i32t, false, cap::FRAGMENT_DENSITY_EXT, "SPV_NV_shading_rate"),
        (_, n) if arb_mask(n).is_some() => {
            let uvec4 = lw.vec_ty(4, Scalar::U32);
            (arb_mask(n).unwrap_or(B::SubgroupEqMask), uvec4, false, cap::SUBGROUP_BALLOT_KHR, "SPV_KHR_shader_ballot")
        }
        _ => return None,
    };
    let b = BuiltIn::Spirv { builtin: builtin as u32, capability: Some(capability), extension: Some(extension) };
    Some(lw.builtin_global(name, b, ty, output))
}

/// GL_EXT_fragment_shading_rate's `const int` flags: the SPIR-V `FragmentShadingRate` mask
/// bits (SPIR-V 3.41).
fn shading_rate_flag(name: &str) -> Option<i32> {
    Some(match name {
        "gl_ShadingRateFlag2VerticalPixelsEXT" => 1,
        "gl_ShadingRateFlag4VerticalPixelsEXT" => 2,
        "gl_ShadingRateFlag2HorizontalPixelsEXT" => 4,
        "gl_ShadingRateFlag4HorizontalPixelsEXT" => 8,
        _ => return None,
    })
}

/// GL_ARB_shader_ballot declares its masks as `uint64_t`; SPV_KHR_shader_ballot's built-ins
/// are `uvec4`s whose first two components hold the mask (as glslang reads them).
pub(crate) fn adjust_builtin_read(lw: &mut Lowerer<'_>, name: &str, operand: Operand, span: Span) -> R<Operand> {
    if arb_mask(name).is_none() {
        return Ok(operand);
    }
    let mut scratch = Block::new();
    let v = lw.value(&mut scratch, operand, span)?;
    Ok(Operand::Value(uvec4_to_u64(lw, v, span)))
}

fn uvec4_to_u64(lw: &mut Lowerer<'_>, v: Handle<Expression>, span: Span) -> Handle<Expression> {
    let uvec2 = lw.vec_ty(2, Scalar::U32);
    let xy = lw.push(Expression::Swizzle { vector: v, pattern: [0, 1, 0, 0] }, uvec2, span);
    let u64t = lw.scalar_ty(Scalar::U64);
    lw.push(Expression::Bitcast { expr: xy }, u64t, span)
}

/// The built-in functions [`call`] handles.
pub(crate) const FUNCTIONS: &[&str] = &[
    "ballotARB",
    "readInvocationARB",
    "readFirstInvocationARB",
    "clockARB",
    "clock2x32ARB",
    "clockRealtimeEXT",
    "clockRealtime2x32EXT",
    "debugPrintfEXT",
];

/// What a GL_EXT_ray_query function's result is.
#[derive(Clone, Copy)]
enum RqResult {
    Void,
    Bool,
    Float,
    Int,
    Uint,
    Vec2,
    Vec3,
    Mat4x3,
}

/// GL_EXT_ray_query functions: the SPV_KHR_ray_query opcode, the result, and whether the
/// second argument is the `committed` flag (a constant selecting the intersection).
fn ray_query_function(name: &str) -> Option<(spirv::Op, RqResult, bool)> {
    use spirv::Op as O;
    use RqResult as T;
    Some(match name {
        "rayQueryInitializeEXT" => (O::RayQueryInitializeKHR, T::Void, false),
        "rayQueryProceedEXT" => (O::RayQueryProceedKHR, T::Bool, false),
        "rayQueryTerminateEXT" => (O::RayQueryTerminateKHR, T::Void, false),
        "rayQueryGenerateIntersectionEXT" => (O::RayQueryGenerateIntersectionKHR, T::Void, false),
        "rayQueryConfirmIntersectionEXT" => (O::RayQueryConfirmIntersectionKHR, T::Void, false),
        "rayQueryGetRayTMinEXT" => (O::RayQueryGetRayTMinKHR, T::Float, false),
        "rayQueryGetRayFlagsEXT" => (O::RayQueryGetRayFlagsKHR, T::Uint, false),
        "rayQueryGetWorldRayOriginEXT" => (O::RayQueryGetWorldRayOriginKHR, T::Vec3, false),
        "rayQueryGetWorldRayDirectionEXT" => (O::RayQueryGetWorldRayDirectionKHR, T::Vec3, false),
        "rayQueryGetIntersectionCandidateAABBOpaqueEXT" => (O::RayQueryGetIntersectionCandidateAABBOpaqueKHR, T::Bool, false),
        "rayQueryGetIntersectionTypeEXT" => (O::RayQueryGetIntersectionTypeKHR, T::Uint, true),
        "rayQueryGetIntersectionTEXT" => (O::RayQueryGetIntersectionTKHR, T::Float, true),
        "rayQueryGetIntersectionInstanceCustomIndexEXT" => (O::RayQueryGetIntersectionInstanceCustomIndexKHR, T::Int, true),
        "rayQueryGetIntersectionInstanceIdEXT" => (O::RayQueryGetIntersectionInstanceIdKHR, T::Int, true),
        "rayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetEXT" => {
            (O::RayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR, T::Uint, true)
        }
        "rayQueryGetIntersectionGeometryIndexEXT" => (O::RayQueryGetIntersectionGeometryIndexKHR, T::Int, true),
        "rayQueryGetIntersectionPrimitiveIndexEXT" => (O::RayQueryGetIntersectionPrimitiveIndexKHR, T::Int, true),
        "rayQueryGetIntersectionBarycentricsEXT" => (O::RayQueryGetIntersectionBarycentricsKHR, T::Vec2, true),
        "rayQueryGetIntersectionFrontFaceEXT" => (O::RayQueryGetIntersectionFrontFaceKHR, T::Bool, true),
        "rayQueryGetIntersectionObjectRayDirectionEXT" => (O::RayQueryGetIntersectionObjectRayDirectionKHR, T::Vec3, true),
        "rayQueryGetIntersectionObjectRayOriginEXT" => (O::RayQueryGetIntersectionObjectRayOriginKHR, T::Vec3, true),
        "rayQueryGetIntersectionObjectToWorldEXT" => (O::RayQueryGetIntersectionObjectToWorldKHR, T::Mat4x3, true),
        "rayQueryGetIntersectionWorldToObjectEXT" => (O::RayQueryGetIntersectionWorldToObjectKHR, T::Mat4x3, true),
        _ => return None,
    })
}

/// GL_EXT_ray_query's `const uint`s: ray flags (SPIR-V 3.58 RayFlags) and intersection types.
fn ray_query_constant(name: &str) -> Option<u32> {
    Some(match name {
        "gl_RayFlagsNoneEXT" => 0,
        "gl_RayFlagsOpaqueEXT" => 1,
        "gl_RayFlagsNoOpaqueEXT" => 2,
        "gl_RayFlagsTerminateOnFirstHitEXT" => 4,
        "gl_RayFlagsSkipClosestHitShaderEXT" => 8,
        "gl_RayFlagsCullBackFacingTrianglesEXT" => 16,
        "gl_RayFlagsCullFrontFacingTrianglesEXT" => 32,
        "gl_RayFlagsCullOpaqueEXT" => 64,
        "gl_RayFlagsCullNoOpaqueEXT" => 128,
        "gl_RayFlagsSkipTrianglesEXT" => 256,
        "gl_RayFlagsSkipAABBEXT" => 512,
        "gl_RayQueryCommittedIntersectionNoneEXT" => 0,
        "gl_RayQueryCommittedIntersectionTriangleEXT" => 1,
        "gl_RayQueryCommittedIntersectionGeneratedEXT" => 2,
        "gl_RayQueryCandidateIntersectionTriangleEXT" => 0,
        "gl_RayQueryCandidateIntersectionAABBEXT" => 1,
        _ => return None,
    })
}

pub(crate) fn is_function(name: &str) -> bool {
    FUNCTIONS.contains(&name) || ray_query_function(name).is_some() || amd_group_function(name).is_some()
}

/// GL_AMD_shader_ballot's `{add,min,max}Invocations[{Inclusive,Exclusive}Scan][NonUniform]AMD`:
/// the operation, the SPIR-V GroupOperation (Reduce 0, InclusiveScan 1, ExclusiveScan 2) and
/// whether it is the non-uniform form.
fn amd_group_function(name: &str) -> Option<(&'static str, u32, bool)> {
    let rest = name.strip_suffix("AMD")?;
    let (rest, non_uniform) = match rest.strip_suffix("NonUniform") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let (op, rest) = ["add", "min", "max"].iter().find_map(|op| rest.strip_prefix(op).map(|r| (*op, r)))?;
    let group = match rest {
        "Invocations" => 0,
        "InvocationsInclusiveScan" => 1,
        "InvocationsExclusiveScan" => 2,
        _ => return None,
    };
    Some((op, group, non_uniform))
}

/// Extension built-in functions handled here; `None` when `name` is not one of them.
pub(crate) fn call(lw: &mut Lowerer<'_>, out: &mut Block, name: &str, args: Args, span: Span) -> Option<R<Operand>> {
    Some(match name {
        "ballotARB" => lw.ballot_arb(out, args, span),
        "readInvocationARB" => lw.read_invocation_arb(out, name, args, 2, op::SUBGROUP_READ_INVOCATION_KHR, span),
        "readFirstInvocationARB" => lw.read_invocation_arb(out, name, args, 1, op::SUBGROUP_FIRST_INVOCATION_KHR, span),
        // GL_ARB_shader_clock: subgroup scope; GL_EXT_shader_realtime_clock: device scope.
        "clockARB" => lw.clock(name, args, Scope::Subgroup, false, span),
        "clock2x32ARB" => lw.clock(name, args, Scope::Subgroup, true, span),
        "clockRealtimeEXT" => lw.clock(name, args, Scope::Device, false, span),
        "clockRealtime2x32EXT" => lw.clock(name, args, Scope::Device, true, span),
        "debugPrintfEXT" => lw.debug_printf(out, args, span),
        _ if amd_group_function(name).is_some() => {
            let (op, group, non_uniform) = amd_group_function(name)?;
            lw.amd_group(out, name, op, group, non_uniform, args, span)
        }
        _ => {
            let (op, result, committed) = ray_query_function(name)?;
            lw.ray_query(out, name, op, result, committed, args, span)
        }
    })
}

fn raw(set: Option<&str>, opcode: u32, operands: Vec<SpirvOperand>, capabilities: &[u32], extensions: &[&str]) -> Box<SpirvInstruction> {
    Box::new(SpirvInstruction {
        set: set.map(str::to_string),
        opcode,
        operands,
        capabilities: capabilities.to_vec(),
        extensions: extensions.iter().map(|e| e.to_string()).collect(),
    })
}

impl Lowerer<'_> {
    fn arg_count(&mut self, name: &str, args: &Args, n: usize, span: Span) -> R<()> {
        if args.len() != n {
            return Err(self.error(format!("`{name}` takes {n} argument(s), {} given", args.len()), span));
        }
        Ok(())
    }

    fn ballot_arb(&mut self, out: &mut Block, args: Args, span: Span) -> R<Operand> {
        self.arg_count("ballotARB", &args, 1, span)?;
        let mut vals = Vec::new();
        for (o, s) in args {
            vals.push((self.value(out, o, s)?, s));
        }
        let bool_ty = self.scalar_ty(Scalar::BOOL);
        let (v, s) = vals[0];
        let v = self.coerce(out, v, bool_ty, s)?;
        let uvec4 = self.vec_ty(4, Scalar::U32);
        let inst = raw(None, op::SUBGROUP_BALLOT_KHR, vec![SpirvOperand::Value(v)], &[cap::SUBGROUP_BALLOT_KHR], &["SPV_KHR_shader_ballot"]);
        let ballot = self.push(Expression::Spirv(inst), uvec4, span);
        Ok(Operand::Value(uvec4_to_u64(self, ballot, span)))
    }

    fn read_invocation_arb(&mut self, out: &mut Block, name: &str, args: Args, n: usize, opcode: u32, span: Span) -> R<Operand> {
        self.arg_count(name, &args, n, span)?;
        let mut vals = Vec::new();
        for (o, s) in args {
            vals.push((self.value(out, o, s)?, s));
        }
        let (v, vs) = vals[0];
        let ty = self.ety(v);
        if !matches!(self.shape(ty), Some((s, _)) if s.kind != ScalarKind::Bool) {
            return Err(self.error(format!("`{name}` needs a numeric scalar or vector, not `{}`", self.type_name(ty)), vs));
        }
        let index = match vals.get(1) {
            Some(&(index, is)) => {
                let u32t = self.scalar_ty(Scalar::U32);
                let index = self.coerce(out, index, u32t, is)?;
                Some(self.bind(out, index))
            }
            None => None,
        };
        // SPV_KHR_shader_ballot reads scalars: vectors go component by component, as glslang
        // writes them.
        let (scalar, n) = self.shape(ty).unwrap_or((Scalar::F32, 1));
        let is_vector = matches!(self.inner(ty), TypeInner::Vector { .. });
        let v = self.bind(out, v);
        let scalar_ty = self.scalar_ty(scalar);
        let mut parts = Vec::new();
        for c in 0..if is_vector { n } else { 1 } {
            let mut value = self.let_ref(v, span);
            if is_vector {
                value = self.push(Expression::AccessIndex { base: value, index: c }, scalar_ty, span);
            }
            let mut operands = vec![SpirvOperand::Value(value)];
            if let Some(index) = index {
                operands.push(SpirvOperand::Value(self.let_ref(index, span)));
            }
            let inst = raw(None, opcode, operands, &[cap::SUBGROUP_BALLOT_KHR], &["SPV_KHR_shader_ballot"]);
            parts.push(self.push(Expression::Spirv(inst), scalar_ty, span));
        }
        if !is_vector {
            return Ok(Operand::Value(parts[0]));
        }
        Ok(Operand::Value(self.push(Expression::Compose { components: parts }, ty, span)))
    }

    /// `OpReadClockKHR` (SPV_KHR_shader_clock) at `scope`: a `uint64_t` or a `uvec2`.
    fn clock(&mut self, name: &str, args: Args, scope: Scope, pair: bool, span: Span) -> R<Operand> {
        self.arg_count(name, &args, 0, span)?;
        let scope = self.lit(Literal::U32(if scope == Scope::Device { 1 } else { 3 }), span);
        let ty = if pair { self.vec_ty(2, Scalar::U32) } else { self.scalar_ty(Scalar::U64) };
        let inst = raw(None, op::READ_CLOCK_KHR, vec![SpirvOperand::Value(scope)], &[cap::SHADER_CLOCK_KHR], &["SPV_KHR_shader_clock"]);
        Ok(Operand::Value(self.push(Expression::Spirv(inst), ty, span)))
    }

    /// GL_EXT_debug_printf: `NonSemantic.DebugPrintf` instruction 1 (`DebugPrintf`) with the
    /// format as an `OpString` and the values after it.
    fn debug_printf(&mut self, out: &mut Block, args: Args, span: Span) -> R<Operand> {
        let mut args = args.into_iter();
        let Some((first, first_span)) = args.next() else {
            return Err(self.error("`debugPrintfEXT` needs a format string", span));
        };
        let Some(format) = self.string_operand(&first) else {
            return Err(self.error("the first argument of `debugPrintfEXT` must be a string literal", first_span));
        };
        if self.target == crate::Target::Wgpu {
            // naga (wgpu's default path) reads no NonSemantic.DebugPrintf, and a debug print
            // changes no result: the call is dropped, arguments unevaluated (issue 17).
            self.diags.push(
                crate::diag::Diagnostic::warning("`debugPrintfEXT` is dropped for the wgpu target", span)
                    .with_note("wgpu reads SPIR-V through naga, which has no debug printf; compile for the Vulkan target and run it with passthrough to keep it"),
            );
            return Ok(Operand::Void);
        }
        let mut operands = vec![SpirvOperand::String(format)];
        for (o, s) in args {
            if self.string_operand(&o).is_some() {
                return Err(self.error("only the format of `debugPrintfEXT` may be a string", s));
            }
            let v = self.value(out, o, s)?;
            let ty = self.ety(v);
            if self.shape(ty).is_none() {
                return Err(self.error(format!("`debugPrintfEXT` prints scalars and vectors, not `{}`", self.type_name(ty)), s));
            }
            operands.push(SpirvOperand::Value(v));
        }
        out.push(Statement::Spirv(raw(Some("NonSemantic.DebugPrintf"), 1, operands, &[], &[])), span);
        Ok(Operand::Void)
    }

    /// A GL_EXT_ray_query function: the ray query object passes as its pointer, the
    /// `committed` flag as a constant int (SPV_KHR_ray_query: "Intersection must be a
    /// constant"), the other arguments converted to the instruction's operand types.
    #[allow(clippy::too_many_arguments)]
    fn ray_query(&mut self, out: &mut Block, name: &str, op: spirv::Op, result: RqResult, committed: bool, args: Args, span: Span) -> R<Operand> {
        let f32t = self.scalar_ty(Scalar::F32);
        let u32t = self.scalar_ty(Scalar::U32);
        let vec3 = self.vec_ty(3, Scalar::F32);
        // Operand types after the query: Initialize takes (accel, flags, cull mask, origin,
        // tmin, direction, tmax), GenerateIntersection a hit t.
        let rest: Vec<Option<Handle<Type>>> = match op {
            spirv::Op::RayQueryInitializeKHR => vec![None, Some(u32t), Some(u32t), Some(vec3), Some(f32t), Some(vec3), Some(f32t)],
            spirv::Op::RayQueryGenerateIntersectionKHR => vec![Some(f32t)],
            _ if committed => vec![None],
            _ => vec![],
        };
        self.arg_count(name, &args, 1 + rest.len(), span)?;
        let mut args = args.into_iter();
        let Some((query, qs)) = args.next() else { return Err(self.error(format!("`{name}` needs a ray query"), span)) };
        let query = match query {
            super::Operand::Ref(p) if matches!(self.inner(p.ty), TypeInner::RayQuery) => self.path_expr(&p, qs),
            _ => return Err(self.error(format!("the first argument of `{name}` must be a `rayQueryEXT` variable"), qs)),
        };
        let mut operands = vec![SpirvOperand::Value(query)];
        for ((o, s), ty) in args.zip(rest) {
            let v = self.value(out, o, s)?;
            let v = match ty {
                Some(ty) => self.coerce(out, v, ty, s)?,
                None if committed => {
                    let bool_ty = self.scalar_ty(Scalar::BOOL);
                    let c = self.coerce(out, v, bool_ty, s)?;
                    let Some(super::Cv::Scalar(Literal::Bool(b))) = self.fold(c) else {
                        return Err(self.error(format!("the `committed` argument of `{name}` must be a constant expression"), s));
                    };
                    out.push(Statement::Eval(c), s);
                    self.lit(Literal::I32(b as i32), s)
                }
                None => {
                    let vt = self.ety(v);
                    if !matches!(self.inner(vt), TypeInner::AccelerationStructure) {
                        return Err(self.error(format!("`{name}` needs an `accelerationStructureEXT`, not `{}`", self.type_name(vt)), s));
                    }
                    v
                }
            };
            operands.push(SpirvOperand::Value(v));
        }
        let inst = raw(None, op as u32, operands, &[], &[]);
        let ty = match result {
            RqResult::Void => {
                out.push(Statement::Spirv(inst), span);
                return Ok(Operand::Void);
            }
            RqResult::Bool => self.scalar_ty(Scalar::BOOL),
            RqResult::Float => f32t,
            RqResult::Int => self.scalar_ty(Scalar::I32),
            RqResult::Uint => u32t,
            RqResult::Vec2 => self.vec_ty(2, Scalar::F32),
            RqResult::Vec3 => vec3,
            RqResult::Mat4x3 => self.ty(TypeInner::Matrix { columns: VectorSize::Quad, rows: VectorSize::Tri, scalar: Scalar::F32 }),
        };
        Ok(Operand::Value(self.push(Expression::Spirv(inst), ty, span)))
    }

    /// `perprimitiveNV`/`perprimitiveEXT` on a fragment input: the `PerPrimitiveEXT`
    /// decoration (SPIR-V 3.20, the same value as NV's) with the mesh shading capability of
    /// the extension in use.
    pub(crate) fn per_primitive_input(&mut self, g: Handle<GlobalVariable>) {
        let ext = self.has_extension("GL_EXT_mesh_shader");
        let (capability, extension) = if ext {
            (spirv::Capability::MeshShadingEXT, "SPV_EXT_mesh_shader")
        } else {
            (spirv::Capability::MeshShadingNV, "SPV_NV_mesh_shader")
        };
        self.m.spirv.decorations.push((g, spirv::Decoration::PerPrimitiveEXT as u32, Vec::new()));
        if !self.m.spirv.capabilities.contains(&(capability as u32)) {
            self.m.spirv.capabilities.push(capability as u32);
        }
        if !self.m.spirv.extensions.iter().any(|e| e == extension) {
            self.m.spirv.extensions.push(extension.to_string());
        }
    }

    /// `layout(viewport_relative, secondary_view_offset = N) out int gl_Layer;`
    /// (GL_NV_viewport_array2, GL_NV_stereo_view_rendering): decorations of the built-in.
    pub(crate) fn layer_redeclaration(&mut self, q: &crate::glsl::ast::TypeQualifiers, name: &str, span: Span) -> R<()> {
        if name != "gl_Layer" {
            return Ok(());
        }
        let relative = q.layout("viewport_relative").is_some();
        let offset = q.layout("secondary_view_offset").cloned();
        if !relative && offset.is_none() {
            return Ok(());
        }
        let Some(Sym::Var { root: super::Root::Global(g), .. }) = self.redeclared_builtin(name) else {
            return Err(self.error("`gl_Layer` is not available in this stage", span));
        };
        if relative {
            self.m.spirv.decorations.push((g, spirv::Decoration::ViewportRelativeNV as u32, Vec::new()));
        }
        if let Some(l) = offset {
            // A layout value is never negative (glslang: "'layout-id value' : cannot be negative").
            let v = self.layout_u32(&l)?;
            self.m.spirv.decorations.push((g, spirv::Decoration::SecondaryViewportRelativeNV as u32, vec![v]));
        }
        Ok(())
    }

    /// GL_AMD_shader_ballot group arithmetic: `OpGroup{I,F}Add`/`{S,U,F}Min`/`Max` at subgroup
    /// scope (capability Groups), or their `...NonUniformAMD` forms (SPV_AMD_shader_ballot).
    #[allow(clippy::too_many_arguments)]
    fn amd_group(&mut self, out: &mut Block, name: &str, op: &str, group: u32, non_uniform: bool, args: Args, span: Span) -> R<Operand> {
        use spirv::Op as O;
        self.arg_count(name, &args, 1, span)?;
        let Some((o, s)) = args.into_iter().next() else { return Err(self.error(format!("`{name}` needs a value"), span)) };
        let v = self.value(out, o, s)?;
        let ty = self.ety(v);
        let kind = match self.shape(ty) {
            Some((scalar, _)) if scalar.kind != ScalarKind::Bool && !matches!(self.inner(ty), TypeInner::Matrix { .. }) => scalar.kind,
            _ => return Err(self.error(format!("`{name}` needs a numeric scalar or vector, not `{}`", self.type_name(ty)), s)),
        };
        let opcode = match (op, kind, non_uniform) {
            ("add", ScalarKind::Float, false) => O::GroupFAdd,
            ("add", _, false) => O::GroupIAdd,
            ("min", ScalarKind::Float, false) => O::GroupFMin,
            ("min", ScalarKind::Sint, false) => O::GroupSMin,
            ("min", _, false) => O::GroupUMin,
            ("max", ScalarKind::Float, false) => O::GroupFMax,
            ("max", ScalarKind::Sint, false) => O::GroupSMax,
            ("max", _, false) => O::GroupUMax,
            ("add", ScalarKind::Float, true) => O::GroupFAddNonUniformAMD,
            ("add", _, true) => O::GroupIAddNonUniformAMD,
            ("min", ScalarKind::Float, true) => O::GroupFMinNonUniformAMD,
            ("min", ScalarKind::Sint, true) => O::GroupSMinNonUniformAMD,
            ("min", _, true) => O::GroupUMinNonUniformAMD,
            ("max", ScalarKind::Float, true) => O::GroupFMaxNonUniformAMD,
            ("max", ScalarKind::Sint, true) => O::GroupSMaxNonUniformAMD,
            _ => O::GroupUMaxNonUniformAMD,
        };
        let scope = self.lit(Literal::U32(3), span);
        let operands = vec![SpirvOperand::Value(scope), SpirvOperand::Literal(group), SpirvOperand::Value(v)];
        let inst = raw(None, opcode as u32, operands, &[spirv::Capability::Groups as u32], &["SPV_AMD_shader_ballot"]);
        Ok(Operand::Value(self.push(Expression::Spirv(inst), ty, span)))
    }

    pub(crate) fn string_operand(&self, o: &Operand) -> Option<String> {
        match o {
            Operand::Str(s) => Some(s.clone()),
            _ => None,
        }
    }
}
