//! The wgpu profile of the back end: what wgpu's default path cannot take.
//!
//! wgpu reads SPIR-V with naga's SPIR-V front end (naga 30, `strict_capabilities: true`), which
//! refuses every capability, extension and extended instruction set outside its lists, and a
//! few instructions it does not implement. For the wgpu target each of those is a located
//! compile-time error naming the feature and the way out (the Vulkan target, run through
//! wgpu's passthrough), instead of a module `Device::create_shader_module` refuses at run time.
//! The Vulkan target emits all of it.

use super::*;

/// naga 30's `front::spv::SUPPORTED_CAPABILITIES` (naga/src/front/spv/mod.rs).
const NAGA_CAPABILITIES: &[Capability] = &[
    Capability::Shader,
    Capability::VulkanMemoryModel,
    Capability::ClipDistance,
    Capability::CullDistance,
    Capability::SampleRateShading,
    Capability::DerivativeControl,
    Capability::Matrix,
    Capability::ImageQuery,
    Capability::Sampled1D,
    Capability::Image1D,
    Capability::SampledCubeArray,
    Capability::ImageCubeArray,
    Capability::StorageImageExtendedFormats,
    // Not `Int8`, though naga lists it: its validator refuses 8-bit integer types.
    Capability::Int16,
    Capability::Int64,
    Capability::Int64Atomics,
    Capability::Float16,
    Capability::AtomicFloat32AddEXT,
    Capability::Float64,
    Capability::Geometry,
    Capability::MultiView,
    Capability::StorageBuffer16BitAccess,
    Capability::UniformAndStorageBuffer16BitAccess,
    Capability::GroupNonUniform,
    Capability::GroupNonUniformVote,
    Capability::GroupNonUniformArithmetic,
    Capability::GroupNonUniformBallot,
    Capability::GroupNonUniformShuffle,
    Capability::GroupNonUniformShuffleRelative,
    Capability::RuntimeDescriptorArray,
    // Not `StorageImageMultisample`, though naga lists it: naga's storage images are never
    // multisampled, its SPIR-V front end reads an `image2DMS` as single-sampled.
    Capability::FragmentBarycentricKHR,
    Capability::UniformBufferArrayDynamicIndexing,
    Capability::StorageBufferArrayDynamicIndexing,
    // Not naga's: a module without entry points (a WGSL library) is a valid result of the wgpu
    // target, though not one to give to wgpu.
    Capability::Linkage,
];

/// naga 30's `front::spv::SUPPORTED_EXTENSIONS`.
const NAGA_EXTENSIONS: &[&str] = &[
    "SPV_KHR_storage_buffer_storage_class",
    "SPV_KHR_vulkan_memory_model",
    "SPV_KHR_multiview",
    "SPV_EXT_descriptor_indexing",
    "SPV_EXT_shader_atomic_float_add",
    "SPV_KHR_16bit_storage",
    "SPV_KHR_non_semantic_info",
    "SPV_KHR_fragment_shader_barycentric",
];

/// What the user wrote that needs `capability`, in the source's terms.
fn capability_feature(capability: Capability) -> String {
    use Capability as C;
    let name = match capability {
        C::PhysicalStorageBufferAddresses => "buffer references (GL_EXT_buffer_reference)",
        C::RayQueryKHR => "ray queries (GL_EXT_ray_query)",
        C::FragmentShadingRateKHR => "fragment shading rate (GL_EXT_fragment_shading_rate)",
        C::StoragePushConstant16 => "16-bit push constant members",
        C::StoragePushConstant8 => "8-bit push constant members",
        C::StorageBuffer8BitAccess | C::UniformAndStorageBuffer8BitAccess => "8-bit types in buffers (GL_EXT_shader_8bit_storage)",
        C::Int8 => "8-bit integer types (`int8_t`, `uint8_t`)",
        C::StorageInputOutput16 => "16-bit stage inputs or outputs",
        C::ImageBuffer | C::SampledBuffer => "texel buffers (`samplerBuffer`, `imageBuffer`)",
        C::DrawParameters => "draw parameters (`gl_BaseVertex`, `gl_BaseInstance`, `gl_DrawID`)",
        C::DemoteToHelperInvocation => "`demote` (GL_EXT_demote_to_helper_invocation)",
        C::StencilExportEXT => "stencil export (`gl_FragStencilRefARB`)",
        C::FragmentShaderPixelInterlockEXT | C::FragmentShaderSampleInterlockEXT | C::FragmentShaderShadingRateInterlockEXT => {
            "fragment shader interlock (GL_ARB_fragment_shader_interlock)"
        }
        C::SampleMaskPostDepthCoverage => "post-depth coverage (GL_ARB_post_depth_coverage)",
        C::FragmentDensityEXT => "fragment density maps (GL_EXT_fragment_invocation_density)",
        C::ShaderClockKHR => "shader clocks (GL_ARB_shader_clock / GL_EXT_shader_realtime_clock)",
        C::InterpolationFunction => "`interpolateAt*` functions",
        C::ImageGatherExtended => "texture gathers with non-constant or per-texel offsets",
        C::ImageMSArray => "multisampled storage image arrays",
        C::StorageImageMultisample => "multisampled storage images (`image2DMS`)",
        C::StorageImageWriteWithoutFormat => "writing a storage image declared without a format qualifier",
        C::StorageImageReadWithoutFormat => "reading a storage image declared without a format qualifier",
        C::GroupNonUniformClustered => "clustered subgroup operations",
        C::GroupNonUniformQuad => "quad subgroup operations",
        C::SubgroupBallotKHR => "GL_ARB_shader_ballot",
        C::Groups => "AMD shader ballot / group operations",
        C::ComputeDerivativeGroupLinearKHR | C::ComputeDerivativeGroupQuadsKHR => "derivatives in compute shaders",
        C::MultiViewport | C::ShaderViewportIndex | C::ShaderViewportIndexLayerEXT | C::ShaderLayer => {
            "`gl_ViewportIndex` / `gl_Layer` outside geometry shaders"
        }
        C::Int64ImageEXT => "64-bit integer images",
        C::AtomicFloat32MinMaxEXT | C::AtomicFloat16MinMaxEXT | C::AtomicFloat64MinMaxEXT => "float atomic min/max (GL_EXT_shader_atomic_float2)",
        C::AtomicFloat16AddEXT | C::AtomicFloat64AddEXT => "16- and 64-bit float atomics",
        C::MeshShadingNV | C::MeshShadingEXT => "mesh shading built-ins (`perprimitive`)",
        C::CoreBuiltinsARM => "ARM core built-ins (GL_ARM_shader_core_builtins)",
        C::InputAttachment => "subpass inputs",
        _ => return format!("SPIR-V capability `{capability:?}`"),
    };
    name.to_string()
}

/// Instructions naga 30's SPIR-V front end does not implement, that the back end emits.
fn op_feature(op: Op) -> Option<&'static str> {
    Some(match op {
        Op::GroupNonUniformAllEqual => "`subgroupAllEqual`",
        Op::GroupNonUniformElect => "`subgroupElect`",
        Op::GroupNonUniformBallotBitCount => "subgroup ballot bit counts (`subgroupBallot*Count`)",
        Op::GroupNonUniformBallotBitExtract => "`subgroupBallotBitExtract`",
        Op::GroupNonUniformBallotFindLSB | Op::GroupNonUniformBallotFindMSB => "`subgroupBallotFindLSB` / `subgroupBallotFindMSB`",
        Op::GroupNonUniformInverseBallot => "`subgroupInverseBallot`",
        Op::ImageQueryLod => "`textureQueryLod`",
        Op::ImageTexelPointer => "image atomics",
        _ => return None,
    })
}

/// The sample mask built-in: naga takes only a scalar `u32` (WGSL's type), Vulkan only an array
/// (VUID-SampleMask-SampleMask-04359; naga's own SPIR-V fails spirv-val there).
const SAMPLE_MASK: (&str, &str) = (
    "the sample mask (`@builtin(sample_mask)`, `gl_SampleMask`, `gl_SampleMaskIn`)",
    "wgpu reads SPIR-V through naga, which takes the sample mask only as a scalar `u32`, while Vulkan requires an array (VUID-SampleMask-SampleMask-04359): no module is valid for both",
);

/// The layer count of an array image: naga's SPIR-V reader takes `OpImageQuerySize(Lod)` of an
/// arrayed image without the layer component (naga's own SPIR-V for `textureNumLayers` fails).
/// GLSL's `textureSize`/`imageSize` of an array image return it as their last component: an
/// error where that component is read ([`Writer::layers_unread`]).
const LAYER_COUNT: (&str, &str) = (
    "the layer count of an array texture (`textureNumLayers`, the last component of `textureSize` or `imageSize`)",
    "wgpu reads SPIR-V through naga, whose SPIR-V reader takes an array texture's size query without the layer count",
);

/// Built-ins naga 30 does not take as wgpu runs it, where it is used: the ones its SPIR-V
/// reader does not map (front/spv/convert.rs `map_builtin`), cull distances (no wgpu feature
/// gives naga's validator `CULL_DISTANCE`) and clip distances read by a fragment shader (naga's
/// validator: not available at this stage).
fn builtin_feature(builtin: BuiltIn, fragment_input: bool) -> Option<&'static str> {
    Some(match builtin {
        BuiltIn::SamplePosition => "the sample position (`gl_SamplePosition`)",
        BuiltIn::HelperInvocation => "`gl_HelperInvocation`",
        BuiltIn::CullDistance => "cull distances (`gl_CullDistance`)",
        BuiltIn::ClipDistance if fragment_input => "clip distances in a fragment shader (`gl_ClipDistance` as an input)",
        // naga's SPIR-V reader maps no SubgroupEqMask..SubgroupLtMask ("unsupported builtin").
        BuiltIn::SubgroupEqMask | BuiltIn::SubgroupGeMask | BuiltIn::SubgroupGtMask | BuiltIn::SubgroupLeMask | BuiltIn::SubgroupLtMask => {
            "the subgroup masks (`gl_SubgroupEqMask`, `gl_SubgroupGeMask`, `gl_SubgroupGtMask`, `gl_SubgroupLeMask`, `gl_SubgroupLtMask`)"
        }
        _ => return None,
    })
}

/// The subgroup size and invocation index in a vertex shader: naga's validator makes them
/// available in compute and fragment shaders only ("Built-in SubgroupSize is not available at
/// this stage"; WGSL has no subgroup built-ins in vertex shaders).
const VERTEX_SUBGROUP: (&str, &str) = (
    "the subgroup size or invocation index in a vertex shader (`gl_SubgroupSize`, `gl_SubgroupInvocationID`)",
    "wgpu reads SPIR-V through naga, whose validator takes these built-ins only in compute and fragment shaders",
);

/// The subgroup index or invocation index in a compute shader whose workgroup has more than one
/// dimension: naga's validator refuses them there ("Workgroup size is multi dimensional"),
/// while Vulkan leaves the invocations' grouping to the device (the executed check:
/// `wgpu_paths::subgroup_invocation_id_in_a_1d_workgroup_on_both_paths`).
const MULTI_DIMENSIONAL_SUBGROUP: (&str, &str) = (
    "the subgroup index or invocation index (`gl_SubgroupID`, `gl_SubgroupInvocationID`, `subgroup_id`, `subgroup_invocation_id`) in a workgroup of more than one dimension",
    "wgpu reads SPIR-V through naga, whose validator takes these built-ins only in a workgroup of size (x, 1, 1)",
);

/// A sample (not a gather, not a texel fetch) of an integer texture: Vulkan allows it with a
/// nearest-filtering sampler, naga's validator takes sampled images of float texels only
/// ("Unable to operate on image class Sampled { kind: Sint, .. }"; WGSL's `textureSample` has
/// no integer form either).
const INTEGER_SAMPLE: (&str, &str) = (
    "sampling an integer texture (`texture` and the other sampling functions on an `isampler`/`usampler`)",
    "wgpu reads SPIR-V through naga, whose validator samples textures of float texels only (`texelFetch` and gathers of integer textures are accepted)",
);

/// A buffer member offset, array stride or matrix stride that is not a multiple of the WGSL
/// alignment of what it places (GL_EXT_scalar_block_layout's `vec3` at 12 bytes, a `mat3` with
/// 12-byte columns, an explicit `layout(offset = N)`): naga's validator and SPIR-V reader
/// require WGSL's alignments in buffers ("The array stride 12 is not a multiple of the required
/// alignment 16", "unsupported matrix stride 12").
const UNALIGNED_LAYOUT: (&str, &str) = (
    "a buffer layout that places a member, an array element or a matrix column off its WGSL alignment (`layout(scalar)` packing `vec3`s tightly, or an explicit offset)",
    "wgpu reads SPIR-V through naga, whose validator requires every offset and stride in a buffer to be a multiple of WGSL's alignment of the type it places (a `vec3` or a `mat3` column is aligned to 16 bytes)",
);

/// Both barycentric built-ins: naga's validator takes one per entry point (it counts
/// `Barycentric { perspective }` as one built-in whatever the perspective).
const BOTH_BARYCENTRICS: (&str, &str) = (
    "both the perspective and the linear barycentric coordinates (`gl_BaryCoordEXT` and `gl_BaryCoordNoPerspEXT`) in one shader",
    "wgpu reads SPIR-V through naga, whose validator takes one barycentric built-in per entry point",
);

/// A bias on a 1D texture: naga's validator refuses it ("Bias can't be done for image
/// dimension D1"), and its reader has no other form for it.
const ONE_D_BIAS: (&str, &str) = (
    "a level-of-detail bias on a 1D texture (`texture(sampler1D, p, bias)`)",
    "wgpu reads SPIR-V through naga, whose validator refuses a bias on a 1D texture",
);

/// A depth comparison at a level other than the implicit one or 0: naga's validator refuses a
/// bias there, and naga's SPIR-V reader takes every explicit level or gradient of a depth
/// comparison as level 0 (front/spv/image.rs: "Assuming ... is zero"), so a module it accepts
/// would compare against another level than the source's.
const DEPTH_COMPARE_LEVEL: (&str, &str) = (
    "a depth comparison at a chosen level of detail (a bias, a level other than 0 or gradients with a shadow sampler: `texture(s, p, bias)`, `textureLod`, `textureGrad`, GL_EXT_texture_shadow_lod)",
    "wgpu reads SPIR-V through naga, which refuses a bias on a depth comparison and reads every explicit level or gradient of one as level 0",
);

/// naga's SPIR-V reader takes integer constants of 32 and 64 bits only ("invalid type width").
const INT16_CONSTANT: (&str, &str) = (
    "16-bit integer constants (`int16_t` / `uint16_t` values known at compile time)",
    "wgpu reads SPIR-V through naga, whose SPIR-V reader takes integer constants of 32 and 64 bits only",
);

/// naga takes integer specialization constants of 32 bits only: its reader no 16-bit constant,
/// its validator no 8-bit type and no 64-bit override.
const INTEGER_OVERRIDE: (&str, &str) = (
    "8-, 16- and 64-bit integer specialization constants (`layout(constant_id = N) const int64_t ...`)",
    "wgpu reads SPIR-V through naga, which takes integer specialization constants of 32 bits only",
);

/// naga's validator takes subgroup scans of additions and multiplications only.
const SUBGROUP_SCAN: (&str, &str) = (
    "subgroup scans other than of sums and products (`subgroupInclusiveMin`, `subgroupExclusiveOr`, ...)",
    "wgpu reads SPIR-V through naga, whose validator takes inclusive and exclusive subgroup scans only of `+` and `*`",
);

/// Arrays of buffer blocks: naga 30's SPIR-V reader makes a binding array only of an array of
/// images or samplers (front/spv/mod.rs `parse_type_array`, "HACK if the underlying type is an
/// image or a sampler"); an array of blocks is an ordinary array, which its validator refuses
/// as a binding ("Base type for the array is invalid", a runtime array outside a storage
/// buffer) or, for storage buffers of blocks without a runtime array, takes as one buffer
/// holding an array of the blocks: another meaning (`ssbos[1]` would read the first buffer).
const BUFFER_ARRAY: (&str, &str) = (
    "arrays of uniform or storage buffers (`uniform Block { .. } blocks[N]`, `buffer Block { .. } blocks[]`, `binding_array` of buffers)",
    "wgpu reads SPIR-V through naga, whose SPIR-V reader takes arrays of bindings only of textures and samplers",
);

/// Texel fetches and storage reads and writes on an element of a texture array: naga's SPIR-V
/// reader takes the image's type from the variable (front/spv/image.rs `get_image_expr_ty`),
/// which is the binding array, and refuses it ("invalid image"). Sampling and size queries read
/// the element and are accepted.
const TEXTURE_ARRAY_TEXELS: (&str, &str) = (
    "texel fetches and storage texture loads and stores on an element of a texture array (`texelFetch(t[i], ..)`, `imageLoad(images[i], ..)`, `textureStore(a[i], ..)`)",
    "wgpu reads SPIR-V through naga, whose SPIR-V reader takes an element of a texture array only for sampling and size queries",
);

/// A location's component: naga's SPIR-V reader ignores the `Component` decoration (WGSL has no
/// components), so variables sharing a location collide ("Multiple bindings at location"), and
/// one alone at a later component would be read at the first (the corpus's
/// `array-component-io*`).
const LOCATION_COMPONENT: (&str, &str) = (
    "location components (`layout(location = N, component = C)`)",
    "wgpu reads SPIR-V through naga, which ignores a location's component: variables sharing a location collide, and one at a later component would be read at the first",
);

/// A texture offset computed from a specialization constant: naga takes an offset only as a
/// constant expression, as WGSL does, and an override is none ("Initializer must be a
/// const-expression"; the corpus's `spv.specTexture.frag`).
const OVERRIDE_OFFSET: (&str, &str) = (
    "a texture offset computed from a specialization constant (`layout(constant_id = N)`)",
    "wgpu reads SPIR-V through naga, which takes a texture offset only as a constant expression, and a specialization constant is none",
);

/// Cube storage images: WebGPU has no cube storage textures (a storage texture binding is never
/// a cube view), and naga's SPIR-V reader takes a cube image's texel coordinate as a direction
/// plus a layer ("Index 3 is out of bounds"; the corpus's `image-cube-array-load-store.comp`).
const CUBE_STORAGE: (&str, &str) = (
    "cube storage images (`imageCube`, `imageCubeArray`)",
    "WebGPU has no cube storage textures, and naga's SPIR-V reader takes a cube image's texel coordinate as a direction",
);

/// GLSL.std.450 instructions naga 30's SPIR-V reader does not implement (front/spv/next_block.rs:
/// "unsupported extension instantiation"), and numbers beyond the set. `InterpolateAt*` are not
/// listed: they need the `InterpolationFunction` capability, checked as such.
fn glsl_std_450_unread(opcode: u32) -> bool {
    use spirv::GlslStd450Op as G;
    [G::Modf, G::IMix, G::Frexp, G::PackDouble2x32, G::UnpackDouble2x32].iter().any(|&op| op as u32 == opcode) || !(1..=G::NClamp as u32).contains(&opcode)
}

/// A memory barrier in a vertex or fragment shader: naga's validator takes barriers in compute
/// shaders only ("Uses operations forbidden at this stage"; WGSL has none elsewhere). Where no
/// entry point reaching it writes memory other invocations can read (a storage buffer or
/// image), it orders nothing they could see and is left out (the corpus's `spv.barrier.vert`);
/// elsewhere it is this error.
const GRAPHICS_MEMORY_BARRIER: (&str, &str) = (
    "a memory barrier (`memoryBarrier*`) in a vertex or fragment shader that writes storage buffers or images",
    "wgpu reads SPIR-V through naga, whose validator takes barriers in compute shaders only",
);

/// A flat fragment input read per sample: naga's validator refuses Flat with the Sample
/// sampling ("Cannot combine Flat interpolation with the Sample sample type"), and without
/// `sample` the fragment shader would no longer run once per sample (Vulkan 28.9, sample
/// shading), which other inputs and outputs may show.
const FLAT_SAMPLE: (&str, &str) = (
    "a flat fragment input with per-sample interpolation (`flat sample in`)",
    "wgpu reads SPIR-V through naga, whose validator refuses the Sample decoration on a Flat input",
);

impl<'a> Writer<'a> {
    /// A flat fragment input decorated Sample at `span` ([`FLAT_SAMPLE`]).
    pub(super) fn check_wgpu_flat_sample(&mut self, span: Span) {
        if self.options.wgpu {
            self.not_for_wgpu_because(FLAT_SAMPLE.0.to_string(), FLAT_SAMPLE.1, span);
        }
    }

    /// A subgroup scan of `arith` at `span`.
    pub(super) fn check_wgpu_subgroup_scan(&mut self, arith: SubgroupArith, span: Span) {
        if self.options.wgpu && !matches!(arith, SubgroupArith::Add | SubgroupArith::Mul) {
            self.refuse(SUBGROUP_SCAN, span);
        }
    }

    /// An integer constant of `scalar` written for the current statement or global.
    pub(super) fn check_wgpu_int_constant(&mut self, scalar: Scalar) {
        if self.options.wgpu && matches!(scalar.kind, ScalarKind::Sint | ScalarKind::Uint) && scalar.width == 2 {
            self.refuse(INT16_CONSTANT, self.span);
        }
    }

    /// A specialization constant of `scalar` declared at `span`.
    pub(super) fn check_wgpu_override(&mut self, scalar: Scalar, span: Span) {
        if self.options.wgpu && matches!(scalar.kind, ScalarKind::Sint | ScalarKind::Uint) && scalar.width != 4 {
            self.refuse(INTEGER_OVERRIDE, span);
        }
    }

    /// The offset or stride `value` placing values of type `ty` in a buffer, reached at `span`:
    /// an error on the wgpu target unless it is a multiple of `ty`'s WGSL alignment
    /// ([`UNALIGNED_LAYOUT`]). For a matrix stride, `ty` is the matrix (its columns, or rows
    /// if `row_major`, are what the stride places).
    pub(super) fn check_wgpu_alignment(&mut self, value: u32, ty: Handle<Type>, row_major: Option<bool>, span: Span) {
        if !self.options.wgpu {
            return;
        }
        let align = match (row_major, self.module.types.get(ty).map(|t| &t.inner)) {
            (Some(row_major), Some(&TypeInner::Matrix { columns, rows, scalar })) => {
                layout::vector_layout(if row_major { columns } else { rows }, scalar, layout::Rule::Wgsl).align
            }
            (Some(_), _) => return,
            (None, _) => match layout::type_layout(&self.module.types, ty, layout::Rule::Wgsl) {
                Ok(l) => l.align,
                Err(_) => return,
            },
        };
        if align != 0 && value % align != 0 {
            self.refuse(UNALIGNED_LAYOUT, span);
        }
    }

    /// A sample of an image of `class` at `span`, a gather if `gather` ([`INTEGER_SAMPLE`]).
    pub(super) fn check_wgpu_sample_class(&mut self, class: ImageClass, gather: bool, span: Span) {
        if self.options.wgpu && !gather && matches!(class, ImageClass::Sampled { kind: ScalarKind::Sint | ScalarKind::Uint, .. }) {
            self.refuse(INTEGER_SAMPLE, span);
        }
    }

    /// The level of a sample of a `dim` texture, a depth comparison if `compare`, at `span`: an
    /// error on the wgpu target where naga refuses it or reads another level ([`ONE_D_BIAS`],
    /// [`DEPTH_COMPARE_LEVEL`]).
    pub(super) fn check_wgpu_sample_level(&mut self, dim: ImageDimension, compare: bool, level: SampleLevel, span: Span) {
        if !self.options.wgpu {
            return;
        }
        // A constant 0 level, or constant 0 gradients (the base level too), is what naga reads.
        fn zero(exprs: &Expressions, e: Handle<Expression>, depth: u32) -> bool {
            depth < 8
                && match &exprs[e] {
                    Expression::Literal(Literal::F32(v)) => *v == 0.0,
                    Expression::Literal(Literal::F64(v)) => *v == 0.0,
                    Expression::Literal(Literal::I32(v)) => *v == 0,
                    Expression::Literal(Literal::U32(v)) => *v == 0,
                    Expression::ZeroValue(_) => true,
                    Expression::Splat { value } => zero(exprs, *value, depth + 1),
                    Expression::Compose { components } => components.iter().all(|&c| zero(exprs, c, depth + 1)),
                    _ => false,
                }
        }
        let zero = |e: Handle<Expression>| self.fun.is_some_and(|f| zero(&f.expressions, e, 0));
        let refused = match level {
            SampleLevel::Bias(_) if dim == ImageDimension::D1 => Some(ONE_D_BIAS),
            SampleLevel::Bias(_) if compare => Some(DEPTH_COMPARE_LEVEL),
            SampleLevel::Gradient { x, y } if compare && !(zero(x) && zero(y)) => Some(DEPTH_COMPARE_LEVEL),
            SampleLevel::Exact(l) if compare && !zero(l) => Some(DEPTH_COMPARE_LEVEL),
            _ => None,
        };
        if let Some((feature, why)) = refused {
            self.refuse((feature, why), span);
        }
    }

    /// The built-in `global` (used by an entry point) at `span`: an error on the wgpu target
    /// where naga does not take it ([`builtin_feature`], [`SAMPLE_MASK`], [`BOTH_BARYCENTRICS`]).
    pub(super) fn check_wgpu_builtin(&mut self, global: Handle<GlobalVariable>, builtin: BuiltIn, span: Span) {
        if !self.options.wgpu {
            return;
        }
        let (fragment, vertex) = self.global_stages[global.index()];
        let input = self.module.globals[global].space == AddressSpace::Input;
        if let Some(feature) = builtin_feature(builtin, fragment && input) {
            self.not_for_wgpu_because(feature.to_string(), "wgpu reads SPIR-V through naga, which does not support this", span);
        }
        if vertex && matches!(builtin, BuiltIn::SubgroupSize | BuiltIn::SubgroupInvocationId) {
            self.refuse(VERTEX_SUBGROUP, span);
        }
        if matches!(builtin, BuiltIn::SubgroupId | BuiltIn::SubgroupInvocationId) {
            let multi_dimensional = self.module.entry_points.iter().any(|ep| {
                ep.stage == Stage::Compute && ep.workgroup_size[1..].iter().any(|&n| n > 1) && self.info.function(ep.function).globals().contains(&global)
            });
            if multi_dimensional {
                self.refuse(MULTI_DIMENSIONAL_SUBGROUP, span);
            }
        }
        if builtin == BuiltIn::SampleMask {
            self.refuse(SAMPLE_MASK, span);
        }
        if builtin == BuiltIn::BaryCoordNoPersp {
            let perspective = self.module.globals.iter().any(|(g, v)| v.io == Some(IoBinding::BuiltIn(BuiltIn::BaryCoord)) && self.used(g));
            if perspective {
                self.refuse(BOTH_BARYCENTRICS, span);
            }
        }
    }

    /// A buffer variable that is an array of blocks ([`BUFFER_ARRAY`]), declared at `span`.
    pub(super) fn check_wgpu_buffer_array(&mut self, span: Span) {
        if self.options.wgpu {
            self.refuse(BUFFER_ARRAY, span);
        }
    }

    /// Whether `expr` (a texture or sampler, or a pointer to one) is an element of a binding
    /// array rather than a whole variable or argument.
    fn binding_array_element(&self, expr: Handle<Expression>) -> bool {
        let Some(fun) = self.fun else { return false };
        let mut e = expr;
        if let Expression::Load { pointer } = fun.expressions[e] {
            e = pointer;
        }
        !matches!(fun.expressions[e], Expression::GlobalVar(_))
            && self.root_global(e).is_some_and(|g| matches!(self.module.types.get(self.module.globals[g].ty).map(|t| &t.inner), Some(TypeInner::BindingArray { .. })))
    }

    /// A texel fetch or storage read or write of `image` at `span` ([`TEXTURE_ARRAY_TEXELS`]).
    pub(super) fn check_wgpu_texel_access(&mut self, image: Handle<Expression>, span: Span) {
        if self.options.wgpu && self.binding_array_element(image) {
            self.refuse(TEXTURE_ARRAY_TEXELS, span);
        }
    }


    /// A stage input or output at a location component other than 0, declared at `span`
    /// ([`LOCATION_COMPONENT`]).
    pub(super) fn check_wgpu_location_component(&mut self, component: u32, span: Span) {
        if self.options.wgpu && component != 0 {
            self.refuse(LOCATION_COMPONENT, span);
        }
    }

    /// A texture offset `offset` of a sample at `span` that is a constant tree only with
    /// overrides ([`OVERRIDE_OFFSET`]).
    pub(super) fn check_wgpu_offset(&mut self, exprs: &Expressions, offset: Handle<Expression>, span: Span) {
        if self.options.wgpu && !self.is_constant_tree_with(exprs, offset, false, 0) && self.is_constant_tree_with(exprs, offset, true, 0) {
            self.refuse(OVERRIDE_OFFSET, span);
        }
    }

    /// A storage image of dimension `dim` used at `span` ([`CUBE_STORAGE`]).
    pub(super) fn check_wgpu_storage_dim(&mut self, dim: ImageDimension, span: Span) {
        if self.options.wgpu && dim == ImageDimension::Cube {
            self.refuse(CUBE_STORAGE, span);
        }
    }

    /// A GLSL.std.450 instruction `opcode`, ours or the source's (`spirv_instruction`), at the
    /// current statement ([`glsl_std_450_unread`]).
    pub(super) fn check_wgpu_glsl_std_450(&mut self, opcode: u32) {
        if self.options.wgpu && glsl_std_450_unread(opcode) {
            let name = spirv::GlslStd450Op::from_u32(opcode).map_or_else(|| format!("number {opcode}"), |op| format!("`{op:?}`"));
            self.not_for_wgpu(format!("the GLSL.std.450 instruction {name}"));
        }
    }

    /// Whether the memory barrier of the current statement is written: always on the Vulkan
    /// target; on the wgpu target not in a function only vertex and fragment entry points reach
    /// when none of them writes a storage buffer or image, and an error where one does or a
    /// compute entry point reaches it too ([`GRAPHICS_MEMORY_BARRIER`]).
    pub(super) fn wgpu_memory_barrier(&mut self) -> bool {
        let Some(function) = self.f.handle.filter(|_| self.options.wgpu) else { return true };
        let (mut compute, mut graphics, mut writes) = (false, false, false);
        for ep in &self.module.entry_points {
            // The functions `ep` reaches (the call graph has no cycles).
            let mut stack = vec![ep.function];
            let mut seen = vec![false; self.module.functions.len()];
            let mut reached = false;
            while let Some(f) = stack.pop() {
                reached |= f == function;
                if !std::mem::replace(&mut seen[f.index()], true) {
                    stack.extend_from_slice(self.info.function(f).calls());
                }
            }
            if !reached {
                continue;
            }
            if ep.stage == Stage::Compute {
                compute = true;
                continue;
            }
            graphics = true;
            writes |= self.info.function(ep.function).globals().iter().any(|&g| {
                let global = &self.module.globals[g];
                let image = match self.module.types.get(global.ty).map(|t| &t.inner) {
                    Some(&TypeInner::BindingArray { base, .. }) => self.module.types.get(base).map(|t| &t.inner),
                    inner => inner,
                };
                matches!(global.space, AddressSpace::Storage { access } if access.store)
                    || matches!(image, Some(TypeInner::Image { class: ImageClass::Storage { access, .. }, .. }) if access.store)
            });
        }
        if !graphics {
            return true;
        }
        if compute || writes {
            self.refuse(GRAPHICS_MEMORY_BARRIER, self.span);
            return true;
        }
        false
    }

    /// Records an error for `capability` on the wgpu target when naga cannot read it.
    pub(super) fn check_wgpu_capability(&mut self, capability: Capability) {
        if self.options.wgpu && !NAGA_CAPABILITIES.contains(&capability) {
            let feature = capability_feature(capability);
            self.not_for_wgpu(feature);
        }
    }

    /// An extension the source named itself (GL_EXT_spirv_intrinsics); the others come with a
    /// capability, which is checked instead.
    pub(super) fn check_wgpu_extension(&mut self, name: &str) {
        if self.options.wgpu && !NAGA_EXTENSIONS.contains(&name) {
            self.not_for_wgpu(format!("the SPIR-V extension `{name}`"));
        }
    }

    /// naga reads only GLSL.std.450 among extended instruction sets.
    pub(super) fn check_wgpu_ext_inst_set(&mut self, name: &str) {
        if self.options.wgpu && name != "GLSL.std.450" {
            self.not_for_wgpu(format!("the SPIR-V instruction set `{name}`"));
        }
    }

    pub(super) fn check_wgpu_op(&mut self, op: Op) {
        if !self.options.wgpu {
            return;
        }
        if let Some(feature) = op_feature(op) {
            self.not_for_wgpu(feature.to_string());
        }
    }

    /// A layer-count query at `span`: an error on the wgpu target ([`LAYER_COUNT`]).
    pub(super) fn check_wgpu_layer_count(&mut self, span: Span) {
        if self.options.wgpu {
            self.refuse(LAYER_COUNT, span);
        }
    }

    /// Whether the size query `expr` of an array image with `dims` dimensions, whose result ends
    /// with the layer count, is read only in its first `dims` components (`textureSize(t, 0).xy`):
    /// naga reads the query as the size without the layer count, which is then all it needs.
    /// The IR is a tree: its one parent is a swizzle or component of the size.
    pub(super) fn layers_unread(&self, expr: Handle<Expression>, dims: u32) -> bool {
        let Some(fun) = self.fun else { return false };
        let mut parents = fun.expressions.iter().filter(|(_, e)| {
            let mut children = Vec::new();
            crate::ir::children::children(e, &mut children);
            children.contains(&expr)
        });
        let reads_size = |(h, e): (Handle<Expression>, &Expression)| match *e {
            Expression::AccessIndex { index, .. } => index < dims,
            Expression::Swizzle { pattern, .. } => {
                let size = self.shape(fun.expressions.ty(h)).and_then(|s| s.size).unwrap_or(1) as usize;
                pattern[..size].iter().all(|&c| u32::from(c) < dims)
            }
            _ => false,
        };
        parents.next().is_some_and(reads_size) && parents.all(reads_size)
    }

    /// Where a global declared without a source position (a GLSL built-in variable) is first
    /// used: the span errors about it point at.
    pub(super) fn first_use(&self, global: Handle<GlobalVariable>) -> Span {
        self.module
            .functions
            .iter()
            .find_map(|(_, f)| f.expressions.iter().find(|(_, e)| matches!(e, Expression::GlobalVar(g) if *g == global)).map(|(h, _)| f.expressions.span(h)))
            .unwrap_or_default()
    }

    /// One error per feature, at the statement or global that first needed it.
    fn not_for_wgpu(&mut self, feature: String) {
        self.not_for_wgpu_because(feature, "wgpu reads SPIR-V through naga, which does not support this", self.span);
    }

    /// [`Self::not_for_wgpu_because`] for one of this file's `(feature, why)` tables.
    fn refuse(&mut self, (feature, why): (&str, &str), span: Span) {
        self.not_for_wgpu_because(feature.to_string(), why, span);
    }

    /// [`Self::not_for_wgpu`] where naga reads the feature, but in no form Vulkan allows, at
    /// `span` (the expression using it, where the writer knows it).
    fn not_for_wgpu_because(&mut self, feature: String, why: &str, span: Span) {
        if !self.wgpu_refused.insert(feature.clone()) {
            return;
        }
        let message = format!("{feature} cannot be used for the wgpu target");
        self.wgpu_errors.push(
            Diagnostic::error(message, span)
                .with_note(why.to_string())
                .with_note("compile for the Vulkan target (`--target vulkan`, or `target: vulkan` in `shader!`) and create the pipeline with passthrough (`PipelineOptions { passthrough: true, .. }` in shader-runtime)"),
        );
    }
}
