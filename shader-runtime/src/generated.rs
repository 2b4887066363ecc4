//! Plain data the `shader!` macro emits: a shader module's interface as `const` items.
//!
//! The macro crate never names wgpu types (DESIGN.md); it describes entry points, bindings,
//! push constants, specialization constants and vertex inputs with the types below, and the
//! runtime turns them into wgpu descriptors. They mirror `shader_core::reflect`, with
//! `&'static` data instead of owned strings and vectors.

/// A pipeline stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    Vertex,
    Fragment,
    Compute,
}

/// One entry point of a module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EntryPoint {
    /// The `OpEntryPoint` name, as wgpu's `entry_point` wants it.
    pub name: &'static str,
    pub stage: Stage,
    /// Compute entry points: the workgroup size (defaults of overridden dimensions).
    pub workgroup_size: Option<[u32; 3]>,
    /// Compute entry points: per dimension, the SpecId of the specialization constant that
    /// sizes it (reflection's `workgroup_size_overrides`). The pipeline's size follows the
    /// constant on every path: the runtime writes the value into the words
    /// ([`crate::set_workgroup_size`]; the wgpu target's hold the default for naga).
    pub workgroup_size_overrides: [Option<u32>; 3],
    /// Compute entry points: per dimension whose size is computed from specialization
    /// constants (a WGSL override-expression, `@workgroup_size(n * 2)`; reflection's
    /// `workgroup_size_expressions`), the computation; empty for the other dimensions. The
    /// runtime computes the pipeline's size from it and writes it into the words as for
    /// `workgroup_size_overrides`.
    pub workgroup_size_expressions: [&'static [SizeStep]; 3],
    /// Vertex entry points: the attributes fed from vertex buffers, sorted by location.
    pub vertex_inputs: &'static [VertexInput],
    /// Compute entry points: the bindings whose runtime-sized array the shader indexes with
    /// `global_invocation_id.x` where every invocation gets to (`shader_core::ir::dispatch`), so
    /// a dispatch of `w` workgroups touches `w * workgroup_size[0]` elements of each (the
    /// pipeline's size, which follows an override: `ComputePipeline::workgroup_size`); checked
    /// by `dispatch_checked`.
    pub invocation_indexed: &'static [&'static str],
}

/// One step of a workgroup size computed from specialization constants
/// ([`EntryPoint::workgroup_size_expressions`]; mirrors `shader_core::reflect::SizeStep`), on a
/// stack of 32-bit values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeStep {
    /// Push the value of the specialization constant with this SpecId (its 32 bits).
    Constant(u32),
    /// Push these 32 bits.
    Literal(u32),
    /// Pop `operands` values and push what `OpSpecConstantOp` with this SPIR-V opcode gives.
    Op { opcode: u32, operands: u32 },
}

/// One vertex attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VertexInput {
    pub location: u32,
    pub name: &'static str,
    /// The attribute's type, spelled like WGSL (`vec3<f32>`).
    pub ty: &'static str,
    /// The wgpu `VertexFormat` name (`float32x3`), when wgpu has one.
    pub format: Option<&'static str>,
}

/// What kind of descriptor a binding is (one per wgpu `BindingType` family).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BindingKind {
    UniformBuffer,
    StorageBuffer { read_only: bool },
    SampledTexture,
    MultisampledTexture,
    DepthTexture,
    StorageTexture,
    Sampler,
    ComparisonSampler,
    CombinedImageSampler,
}

/// One resource binding: everything a bind group layout entry needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    pub group: u32,
    pub binding: u32,
    /// The variable's name in the shader.
    pub name: &'static str,
    pub kind: BindingKind,
    /// The resource's type spelled like WGSL.
    pub ty: &'static str,
    /// Buffers: wgpu `min_binding_size` (the whole block, or the fixed part plus one element of
    /// a trailing runtime-sized array).
    pub min_binding_size: Option<u64>,
    /// Buffers ending in a runtime-sized array: the element stride.
    pub runtime_array_stride: Option<u64>,
    /// Buffers ending in a runtime-sized array: the array's byte offset (its element count in a
    /// buffer of `n` bytes is `(n - offset) / stride`, as WGSL's `arrayLength`).
    pub runtime_array_offset: Option<u64>,
    /// Descriptor arrays: the number of descriptors.
    pub count: Option<u32>,
    /// Stages that use the binding (wgpu `visibility`).
    pub stages: &'static [Stage],
    /// Storage buffers and storage textures: how the shader may access it (GLSL `readonly` /
    /// `writeonly`, WGSL `read` / `write` / `read_write`).
    pub access: Option<Access>,
    /// Textures: the texel type the shader reads or writes (reflection's `sample_type`):
    /// `float`, `sint`, `uint`, or `depth` for depth textures. A texture bound to it must have
    /// a format of that type (for a storage image without a format qualifier, only this says).
    pub sample_type: Option<&'static str>,
    /// Storage textures: the texel format, spelled like WGSL (`rgba8unorm`), or `unknown` (a
    /// GLSL image without a format qualifier). A texture bound to it must have that format.
    pub format: Option<&'static str>,
}

/// How a storage buffer or storage texture may be accessed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Access {
    Read,
    Write,
    ReadWrite,
}

/// One push-constant block (wgpu "immediates").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PushConstant {
    pub name: &'static str,
    pub ty: &'static str,
    pub size: u32,
    pub stages: &'static [Stage],
}

/// A specialization constant (WGSL `override`, GLSL `constant_id`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpecializationConstant {
    pub name: &'static str,
    pub id: u32,
    pub ty: &'static str,
    /// The default value as `f64` (what wgpu's `PipelineCompilationOptions::constants` takes).
    pub default: Option<f64>,
    /// The variables holding arrays whose length follows this constant (reflection's
    /// `sizes_arrays`). The wgpu target writes them at the default length, so the runtime
    /// refuses any other value ([`crate::GpuError::ArrayLengthConstant`]); a Vulkan-target
    /// module run with passthrough or on the CPU device has them follow the constant.
    pub sizes_arrays: &'static [&'static str],
    /// The least value the module allows (reflection's `least_value`: a constant index into an
    /// array this constant sizes, or one element). Where the arrays follow the constant (Vulkan-target modules
    /// run with passthrough or on the CPU device) the runtime refuses a smaller value
    /// ([`crate::GpuError::ConstantBelowLeast`]).
    pub least_value: Option<u32>,
    /// A constant index reaches an array whose length is an expression of this constant that
    /// does not grow with it (reflection's `keeps_default`: `8 - N`), or the module reads it at
    /// its default as a memory scope or semantics: the runtime refuses any value but the
    /// default ([`crate::GpuError::ConstantKeepsDefault`]).
    pub keeps_default: bool,
}

/// Everything a pipeline needs from one entry point of a generated module: the generated
/// `NAME::MODULE` static, handed to [`crate::ComputePipeline::new`] and
/// [`crate::RenderPipeline::new`].
#[derive(Clone, Copy, Debug)]
pub struct ModuleInfo {
    /// The module's name in Rust (`integrate`), for labels and messages.
    pub name: &'static str,
    pub spirv: &'static [u32],
    pub entry: EntryPoint,
    pub bindings: &'static [Binding],
    pub push_constants: &'static [PushConstant],
    pub specialization_constants: &'static [SpecializationConstant],
    /// Every run-time index into an array, vector or matrix is clamped to the composite
    /// (`shader!`'s `bounds_checks: clamp`, the default), so no access leaves its binding even
    /// when the driver gets the SPIR-V as it is; passthrough pipelines require it.
    pub bounds_checked: bool,
    /// `path:` shaders: what hot reload needs to recompile the file the way the macro did and
    /// to check the result against the interface the typed code was generated for.
    pub reload: Option<ReloadInfo>,
}

/// How `shader!` compiled a `path:` shader, for [`crate::ComputePipeline::reload`] (feature
/// `hot-reload`).
#[derive(Clone, Copy, Debug)]
pub struct ReloadInfo {
    /// The shader file, as an absolute path on the machine that built the program.
    pub path: &'static str,
    /// shader-core's `CompileOptions` as JSON.
    pub options: &'static str,
    /// `shader_core::pipeline_interface::describe` of the entry point at build time.
    pub interface: &'static str,
    /// Every file the compile read (the shader, its imports and includes), absolute.
    pub files: &'static [&'static str],
}

/// 4-byte aligned bytes, so `SPIRV_BYTES` can be read as words.
#[repr(C, align(4))]
pub struct Aligned<T: ?Sized>(pub T);

#[doc(hidden)]
pub mod __private {
    //! What generated code names; not a stable API.
    pub use crate::generated::*;
    pub use crate::{AgslChild, AgslInfo, AgslUniform, AgslUniformBlock};
    pub use crate::layout::{self, check_bound, check_std, Field, GpuLayout, Rule, Scalar, ScalarKind, Shape, TypeDesc};
    pub use crate::{AsResource, BindingSet, Buffer, ComputePipeline, DispatchIndirectArgs, Gpu, GpuError, PipelineOptions, Resource, Sampler, Texture};
    pub use bytemuck;
    #[cfg(feature = "half")]
    pub use half::f16;
    #[cfg(feature = "glam")]
    pub use glam;
    #[cfg(feature = "mint")]
    pub use mint;

    /// `vectors: mint` constructors: matrix columns of `R` components widened to the shader's
    /// column stride of `S` components (std140 `mat3`: 3 -> 4), the rest zero.
    pub fn pad_columns<T: Copy + Default, const R: usize, const S: usize, const C: usize>(m: [[T; R]; C]) -> [[T; S]; C] {
        m.map(|column| {
            let mut out = [T::default(); S];
            out[..R].copy_from_slice(&column);
            out
        })
    }

    /// The inverse of [`pad_columns`], for `vectors: mint` getters.
    pub fn unpad_columns<T: Copy + Default, const S: usize, const R: usize, const C: usize>(m: [[T; S]; C]) -> [[T; R]; C] {
        m.map(|column| {
            let mut out = [T::default(); R];
            out.copy_from_slice(&column[..R]);
            out
        })
    }

    /// Generated code asserts that every field of a derived struct is `Pod` through this.
    pub const fn assert_pod<T: bytemuck::Pod>() {}
}
