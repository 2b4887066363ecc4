//! The typed intermediate representation every front end lowers to and every back end reads.
//!
//! Shape (after naga): a [`Module`] owns arenas of types (interned), module-scope constant
//! expressions, overrides, global variables and functions. A [`Function`] owns its local
//! variables, `let` bindings and an expression arena with a resolved type for every
//! expression; its body is structured control flow ([`Block`] of [`Statement`]s).
//!
//! Invariants (checked by [`validate`](crate::ir::validate) before any back end runs):
//! - Expressions form trees: every expression handle is used by exactly one parent
//!   (statement or expression), and a child comes before its parent in the arena. Leaves that
//!   name storage (`LocalVar`, `GlobalVar`, `FunctionArg`, `LetRef`, `Override`) may be
//!   repeated as separate nodes.
//! - Expressions are evaluated where the statement that owns them executes, children left to
//!   right, so loads, calls and atomics happen in source order. `LogicalAnd`/`LogicalOr`
//!   evaluate their right operand only when needed.
//! - Implicit conversions are resolved: operand types match exactly, except that arithmetic
//!   `Binary` ops accept a scalar on one side of a vector (the scalar is splatted) and `Mul`
//!   covers the matrix/vector products.
//! - Host-shareable types carry their layout: struct member offsets, array strides and matrix
//!   strides are decided by the front end (via [`crate::layout`]); the same source struct used
//!   under two layouts becomes two types.
//! - Entry point functions take no arguments and return nothing; stage inputs and outputs are
//!   globals in the `Input`/`Output` address spaces carrying an [`IoBinding`]. (WGSL's
//!   parameter/return style is lowered to this by the WGSL front end; GLSL maps 1:1.)

pub mod arena;
pub mod calls;
pub mod children;
pub mod consteval;
pub mod dispatch;
pub mod text;
pub mod interface;
pub mod limits;
pub mod pointer_params;
pub mod validate;
pub mod workgroup;

pub use arena::{Arena, Handle, UniqueArena};

use crate::span::Span;
use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};

// ---------------------------------------------------------------------------------------------
// Types

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ScalarKind {
    Sint,
    Uint,
    Float,
    Bool,
}

/// A scalar type; `width` is in bytes (bool is 1 but has no memory representation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Scalar {
    pub kind: ScalarKind,
    pub width: u8,
}

impl Scalar {
    pub const BOOL: Scalar = Scalar { kind: ScalarKind::Bool, width: 1 };
    pub const I8: Scalar = Scalar { kind: ScalarKind::Sint, width: 1 };
    pub const U8: Scalar = Scalar { kind: ScalarKind::Uint, width: 1 };
    pub const I16: Scalar = Scalar { kind: ScalarKind::Sint, width: 2 };
    pub const U16: Scalar = Scalar { kind: ScalarKind::Uint, width: 2 };
    pub const I32: Scalar = Scalar { kind: ScalarKind::Sint, width: 4 };
    pub const U32: Scalar = Scalar { kind: ScalarKind::Uint, width: 4 };
    pub const I64: Scalar = Scalar { kind: ScalarKind::Sint, width: 8 };
    pub const U64: Scalar = Scalar { kind: ScalarKind::Uint, width: 8 };
    pub const F16: Scalar = Scalar { kind: ScalarKind::Float, width: 2 };
    pub const F32: Scalar = Scalar { kind: ScalarKind::Float, width: 4 };
    pub const F64: Scalar = Scalar { kind: ScalarKind::Float, width: 8 };

    /// How many scalars have a [`Scalar::slot`].
    pub const SLOTS: usize = 16;

    /// A number below [`Scalar::SLOTS`] of this scalar's own, by kind and width (1, 2, 4 or 8
    /// bytes), for tables indexed by scalar type; `None` for other widths.
    #[inline]
    pub fn slot(self) -> Option<usize> {
        let width = match self.width {
            1 => 0,
            2 => 1,
            4 => 2,
            8 => 3,
            _ => return None,
        };
        Some(self.kind as usize * 4 + width)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum VectorSize {
    Bi = 2,
    Tri = 3,
    Quad = 4,
}

impl VectorSize {
    pub fn from_u32(n: u32) -> Option<VectorSize> {
        match n {
            2 => Some(VectorSize::Bi),
            3 => Some(VectorSize::Tri),
            4 => Some(VectorSize::Quad),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Type {
    /// The source name of structs (and of aliases where a front end keeps them); for OpName.
    pub name: Option<String>,
    pub inner: TypeInner,
}

/// Unnamed scalars and vectors, most of the types front ends ask for, have a slot
/// ([`TypeInner::slot`]).
impl arena::Interned for Type {
    fn slot(&self) -> Option<usize> {
        if self.name.is_some() {
            return None;
        }
        self.inner.slot()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TypeInner {
    Scalar(Scalar),
    Vector { size: VectorSize, scalar: Scalar },
    /// `columns` column vectors of `rows` components.
    Matrix { columns: VectorSize, rows: VectorSize, scalar: Scalar },
    /// An atomic integer (WGSL `atomic<T>`). GLSL atomics work on plain integers instead.
    Atomic(Scalar),
    Pointer { base: Handle<Type>, space: AddressSpace },
    /// `stride` is the ArrayStride in bytes, or 0 for arrays that are not host-shareable
    /// (function/private/workgroup-only element types such as bool).
    Array { base: Handle<Type>, size: ArraySize, stride: u32 },
    /// `span` is the size in bytes under the struct's layout (0 when not host-shareable).
    Struct { members: Vec<StructMember>, span: u32 },
    Image { dim: ImageDimension, arrayed: bool, class: ImageClass },
    Sampler { comparison: bool },
    /// A combined image sampler (GLSL `sampler2D` for the Vulkan target).
    SampledImage { image: Handle<Type> },
    /// An array of resources: descriptor arrays of textures, samplers, or blocks.
    BindingArray { base: Handle<Type>, size: ArraySize },
    /// A ray tracing acceleration structure (GLSL `accelerationStructureEXT`, a `Handle`
    /// resource).
    AccelerationStructure,
    /// A ray query object (GLSL `rayQueryEXT`), only in `Private`/`Function` variables.
    RayQuery,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ArraySize {
    Constant(u32),
    /// The length follows a specialization constant (GLSL 4.60 §4.11 arrays sized by a
    /// `constant_id` constant or an expression of them; WGSL override-expression element
    /// counts of workgroup arrays): SPIR-V `OpTypeArray` with the `OpSpecConstant` (or the
    /// `OpSpecConstantOp` of an id-less override whose initializer is the expression) as its
    /// Length. `default` is the length with every constant at its default: what layouts use
    /// where a size is needed (offsets after the array, block sizes), as glslang does; the
    /// front ends compute it with [`crate::spec_length`].
    Specialized { length: Handle<Override>, default: u32 },
    /// Runtime-sized: only as the last member of a storage block (or a storage global).
    Dynamic,
}

impl ArraySize {
    /// The element count, with specialization constants at their defaults; `None` when
    /// runtime-sized.
    pub fn count(self) -> Option<u32> {
        match self {
            ArraySize::Constant(n) | ArraySize::Specialized { default: n, .. } => Some(n),
            ArraySize::Dynamic => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StructMember {
    pub name: Option<String>,
    pub ty: Handle<Type>,
    /// Byte offset (SPIR-V `Offset`); meaningful when the struct is host-shareable.
    pub offset: u32,
    /// For matrices and (arrays of) matrices: `MatrixStride` and `RowMajor`/`ColMajor`.
    pub matrix: Option<MatrixLayout>,
    /// Memory qualifiers written on this block member (SPIR-V member decorations).
    #[serde(default)]
    pub memory: MemberMemory,
}

/// Memory qualifiers written on one block member (GLSL 4.60 §4.10: `coherent`, `volatile`,
/// `restrict`, `readonly`, `writeonly` on a member), written as the member's decorations as
/// glslang does. Qualifiers on the whole block stay on the variable ([`GlobalVariable::memory`],
/// its storage access).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct MemberMemory {
    pub qualifiers: MemoryQualifiers,
    /// `readonly`: `NonWritable`.
    pub read_only: bool,
    /// `writeonly`: `NonReadable`.
    pub write_only: bool,
}

impl MemberMemory {
    /// Every qualifier of either.
    pub fn union(self, other: MemberMemory) -> MemberMemory {
        MemberMemory {
            qualifiers: self.qualifiers.union(other.qualifiers),
            read_only: self.read_only || other.read_only,
            write_only: self.write_only || other.write_only,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatrixLayout {
    pub stride: u32,
    pub row_major: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ImageDimension {
    D1,
    D2,
    D3,
    Cube,
    /// GLSL `subpassInput`; not available through wgpu.
    SubpassData,
    /// GLSL `samplerBuffer`/`imageBuffer`.
    Buffer,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ImageClass {
    /// A sampled texture whose texels are `kind` (Float, Sint or Uint).
    Sampled { kind: ScalarKind, multisampled: bool },
    /// A depth texture (WGSL `texture_depth_*`, GLSL shadow samplers' images).
    Depth { multisampled: bool },
    Storage {
        format: StorageFormat,
        access: StorageAccess,
        /// GLSL `image2DMS`/`image2DMSArray` (SPIR-V MS = 1, StorageImageMultisample): every
        /// access names a sample.
        #[serde(default)]
        multisampled: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct StorageAccess {
    pub load: bool,
    pub store: bool,
}

impl StorageAccess {
    pub const READ: StorageAccess = StorageAccess { load: true, store: false };
    pub const WRITE: StorageAccess = StorageAccess { load: false, store: true };
    pub const READ_WRITE: StorageAccess = StorageAccess { load: true, store: true };
}

/// Texel formats of storage images (SPIR-V `ImageFormat` names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StorageFormat {
    /// No format qualifier (SPIR-V `Unknown`), float texels (`image2D`).
    Unknown,
    /// No format qualifier, signed integer texels (`iimage2D`; GLSL 4.60 §4.1.7.2: the
    /// prefix gives the data type with or without a format qualifier).
    UnknownSint,
    /// No format qualifier, unsigned integer texels (`uimage2D`).
    UnknownUint,
    Rgba32f,
    Rgba16f,
    R32f,
    Rgba8,
    Rgba8Snorm,
    Rg32f,
    Rg16f,
    R11fG11fB10f,
    R16f,
    Rgba16,
    Rgb10A2,
    Rg16,
    Rg8,
    R16,
    R8,
    Rgba16Snorm,
    Rg16Snorm,
    Rg8Snorm,
    R16Snorm,
    R8Snorm,
    Rgba32i,
    Rgba16i,
    Rgba8i,
    R32i,
    Rg32i,
    Rg16i,
    Rg8i,
    R16i,
    R8i,
    Rgba32ui,
    Rgba16ui,
    Rgba8ui,
    R32ui,
    Rgb10a2ui,
    Rg32ui,
    Rg16ui,
    Rg8ui,
    R16ui,
    R8ui,
    /// WGSL `bgra8unorm`: no SPIR-V format; emitted as `Unknown` with the needed capability.
    Bgra8Unorm,
    R64ui,
    R64i,
}

impl StorageFormat {
    /// The scalar kind of the texels (the image's SPIR-V Sampled Type).
    pub fn scalar_kind(self) -> ScalarKind {
        use StorageFormat as F;
        match self {
            F::Rgba32i | F::Rgba16i | F::Rgba8i | F::R32i | F::Rg32i | F::Rg16i | F::Rg8i | F::R16i | F::R8i | F::R64i | F::UnknownSint => {
                ScalarKind::Sint
            }
            F::Rgba32ui
            | F::Rgba16ui
            | F::Rgba8ui
            | F::R32ui
            | F::Rgb10a2ui
            | F::Rg32ui
            | F::Rg16ui
            | F::Rg8ui
            | F::R16ui
            | F::R8ui
            | F::R64ui
            | F::UnknownUint => ScalarKind::Uint,
            _ => ScalarKind::Float,
        }
    }

    /// No format qualifier, texels of `kind`.
    pub fn unknown(kind: ScalarKind) -> StorageFormat {
        match kind {
            ScalarKind::Sint => StorageFormat::UnknownSint,
            ScalarKind::Uint => StorageFormat::UnknownUint,
            _ => StorageFormat::Unknown,
        }
    }

    /// Whether no format was given (SPIR-V `Unknown`).
    pub fn is_unknown(self) -> bool {
        matches!(self, StorageFormat::Unknown | StorageFormat::UnknownSint | StorageFormat::UnknownUint)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AddressSpace {
    Function,
    Private,
    Workgroup,
    Uniform,
    Storage { access: StorageAccess },
    /// Opaque resources: images, samplers, combined image samplers (UniformConstant).
    Handle,
    PushConstant,
    Input,
    Output,
    /// GL_EXT_buffer_reference: memory reached through 64-bit device addresses
    /// (`PhysicalStorageBuffer`). A pointer in this space is a value: it can be stored in
    /// locals, blocks and structs, converted to and from `u64`/`vec2<u32>` (`Bitcast`), and
    /// its `base` may come later in the type arena than the pointer itself, so that blocks can
    /// refer to themselves. `align` is the block's `buffer_reference_align` (bytes, a power of
    /// two): loads and stores through the pointer assume it, reduced by member offsets and
    /// strides along the access chain. `memory` holds the block's `coherent`/`volatile`.
    PhysicalStorage { align: u32, memory: MemoryQualifiers },
}

// ---------------------------------------------------------------------------------------------
// Module-level items

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Module {
    pub types: UniqueArena<Type>,
    /// Constant expressions used by global initializers, override defaults and array sizes.
    /// Only `Literal`, `ZeroValue`, `Compose`, `Splat`, `Override`, and (on overrides)
    /// `Unary`/`Binary`/`Select`/`Convert` appear here.
    pub const_expressions: Expressions,
    pub overrides: Arena<Override>,
    pub globals: Arena<GlobalVariable>,
    pub functions: Arena<Function>,
    pub entry_points: Vec<EntryPoint>,
    /// Further execution modes of entry points (by function), asked for by GLSL extension
    /// layout qualifiers; the back end adds the capabilities and extensions they need.
    pub execution_modes: Vec<(Handle<Function>, ExecutionMode)>,
    /// Use the Vulkan memory model (`OpMemoryModel ... Vulkan`): asked for by scopes and
    /// semantics only it has (QueueFamily, availability/visibility), as glslang does.
    pub vulkan_memory_model: bool,
    /// What the source asked for in SPIR-V terms (GL_EXT_spirv_intrinsics): capabilities,
    /// extensions, decorations and execution modes the IR has no names for.
    pub spirv: SpirvRequests,
    /// Specialization constants the front end read at their defaults where SPIR-V takes only a
    /// constant fixed at compile time: GL_KHR_memory_scope_semantics scope and semantics
    /// arguments (SPIR-V 2.16.1 and spirv-val: "Scope ids must be OpConstant when Shader
    /// capability is present"). A pipeline may give them no other value (reflection's
    /// `keeps_default`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fixed_overrides: Vec<Handle<Override>>,
}

/// Raw SPIR-V requests of a module (GL_EXT_spirv_intrinsics), written as given.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SpirvRequests {
    /// Capability numbers (SPIR-V 3.31).
    pub capabilities: Vec<u32>,
    /// Extension names (`OpExtension`).
    pub extensions: Vec<String>,
    /// `OpDecorate %global <decoration> <literals...>` (`spirv_decorate`).
    pub decorations: Vec<(Handle<GlobalVariable>, u32, Vec<u32>)>,
    /// `OpDecorateString %global <decoration> "<strings>"` (`spirv_decorate_string`).
    pub string_decorations: Vec<(Handle<GlobalVariable>, u32, Vec<String>)>,
    /// `OpExecutionMode %entry <mode> <literals...>` (`spirv_execution_mode`).
    pub execution_modes: Vec<(Handle<Function>, u32, Vec<u32>)>,
}

/// Execution modes beyond those [`EntryPoint`] describes (SPIR-V 3.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ExecutionMode {
    /// GL_ARB_fragment_shader_interlock `pixel_interlock_ordered` and friends.
    PixelInterlockOrdered,
    PixelInterlockUnordered,
    SampleInterlockOrdered,
    SampleInterlockUnordered,
    /// GL_ARB_post_depth_coverage `post_depth_coverage`.
    PostDepthCoverage,
    /// GL_KHR/NV_compute_shader_derivatives `derivative_group_quadsNV`/`_linearNV`.
    DerivativeGroupQuads,
    DerivativeGroupLinear,
    /// GLSL 4.60 §4.4.2.3 depth layouts on `gl_FragDepth` (`depth_greater`, `depth_less`,
    /// `depth_unchanged`): what the shader promises about the depth it writes.
    DepthGreater,
    DepthLess,
    DepthUnchanged,
    /// GL_EXT_subgroup_uniform_control_flow `[[subgroup_uniform_control_flow]]`: subgroups stay
    /// as uniform as the source's control flow (SPV_KHR_subgroup_uniform_control_flow).
    SubgroupUniformControlFlow,
}

/// A pipeline-overridable constant (WGSL `override`, GLSL `constant_id`): a SPIR-V
/// specialization constant.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Override {
    pub name: Option<String>,
    /// The SpecId; `None` lets the back end pick the next free id.
    pub id: Option<u32>,
    pub ty: Handle<Type>,
    /// Default value, an expression in `Module::const_expressions`.
    pub init: Option<Handle<Expression>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ResourceBinding {
    pub group: u32,
    pub binding: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct MemoryQualifiers {
    pub coherent: Coherence,
    pub volatile: bool,
    pub restrict: bool,
}

/// `coherent` and the scoped coherence of GL_KHR_memory_scope_semantics (`devicecoherent`,
/// `queuefamilycoherent`, `workgroupcoherent`, `subgroupcoherent`), in glslang's order of
/// precedence: where several apply (a block's and its member's), the greatest is the one used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize)]
pub enum Coherence {
    #[default]
    None,
    Subgroup,
    Workgroup,
    QueueFamily,
    Device,
    /// Plain `coherent`.
    Coherent,
}

impl Coherence {
    /// The scope the Vulkan memory model makes each access available or visible at: plain
    /// `coherent` is QueueFamily (as glslang writes it), the scoped forms their own scope.
    pub fn scope(self) -> Option<Scope> {
        match self {
            Coherence::None => None,
            Coherence::Subgroup => Some(Scope::Subgroup),
            Coherence::Workgroup => Some(Scope::Workgroup),
            Coherence::QueueFamily | Coherence::Coherent => Some(Scope::QueueFamily),
            Coherence::Device => Some(Scope::Device),
        }
    }

    /// Whether the GLSL450 memory model's `Coherent` decoration applies: only plain
    /// `coherent` (glslang writes no decoration for the scoped forms without the Vulkan memory
    /// model, which alone gives them a meaning).
    pub fn decorated(self) -> bool {
        self == Coherence::Coherent
    }
}

impl MemoryQualifiers {
    /// Every qualifier of either.
    pub fn union(self, other: MemoryQualifiers) -> MemoryQualifiers {
        MemoryQualifiers {
            coherent: self.coherent.max(other.coherent),
            volatile: self.volatile || other.volatile,
            restrict: self.restrict || other.restrict,
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GlobalVariable {
    pub name: Option<String>,
    pub space: AddressSpace,
    /// Descriptor set and binding, for `Uniform`, `Storage` and `Handle` globals.
    pub binding: Option<ResourceBinding>,
    /// Stage interface decoration, for `Input` and `Output` globals.
    pub io: Option<IoBinding>,
    pub invariant: bool,
    pub memory: MemoryQualifiers,
    /// The variable's type (not a pointer). In `Uniform`, `Storage` and `PushConstant` spaces
    /// a struct type becomes the Block; any other type is wrapped in a one-member block by the
    /// back end.
    pub ty: Handle<Type>,
    /// Initializer, an expression in `Module::const_expressions`.
    pub init: Option<Handle<Expression>>,
}

impl GlobalVariable {
    /// A variable of `space` without binding, stage decoration, qualifiers or initializer (a
    /// private one the front end assigns in the entry point, or one a test then completes).
    pub fn new(name: &str, space: AddressSpace, ty: Handle<Type>) -> GlobalVariable {
        GlobalVariable {
            name: Some(name.to_string()),
            space,
            binding: None,
            io: None,
            invariant: false,
            memory: MemoryQualifiers::default(),
            ty,
            init: None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum IoBinding {
    BuiltIn(BuiltIn),
    Location {
        location: u32,
        component: Option<u32>,
        interpolation: Option<Interpolation>,
        sampling: Option<Sampling>,
        /// Dual-source blending index (WGSL `@blend_src`).
        blend_src: Option<u32>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Interpolation {
    Perspective,
    Linear,
    Flat,
    /// Not interpolated: an array with one element per vertex of the primitive, whose outer
    /// dimension takes no locations (`PerVertexKHR`, GL_EXT_fragment_shader_barycentric).
    PerVertex,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sampling {
    Center,
    Centroid,
    Sample,
}

/// A name from a table of the front end (an alias, so that the derived `Deserialize` does not
/// try to borrow it from the text).
pub type StaticName = Option<&'static str>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BuiltIn {
    // vertex
    Position,
    PointSize,
    ClipDistance,
    CullDistance,
    VertexIndex,
    InstanceIndex,
    BaseVertex,
    BaseInstance,
    DrawIndex,
    // fragment
    FragCoord,
    FrontFacing,
    FragDepth,
    SampleId,
    SamplePosition,
    SampleMask,
    PointCoord,
    HelperInvocation,
    PrimitiveId,
    Layer,
    ViewportIndex,
    ViewIndex,
    // compute
    LocalInvocationId,
    LocalInvocationIndex,
    GlobalInvocationId,
    WorkgroupId,
    NumWorkgroups,
    WorkgroupSize,
    // subgroups
    SubgroupSize,
    SubgroupInvocationId,
    NumSubgroups,
    SubgroupId,
    SubgroupEqMask,
    SubgroupGeMask,
    SubgroupGtMask,
    SubgroupLeMask,
    SubgroupLtMask,
    // fragment, from extensions
    /// GL_ARB_shader_stencil_export `gl_FragStencilRefARB` (output, int).
    FragStencilRef,
    /// GL_EXT/NV_fragment_shader_barycentric `gl_BaryCoordEXT` (vec3).
    BaryCoord,
    /// `gl_BaryCoordNoPerspEXT` (vec3).
    BaryCoordNoPersp,
    /// GL_EXT_fragment_invocation_density `gl_FragSizeEXT` (ivec2).
    FragSize,
    /// `gl_FragInvocationCountEXT` (int).
    FragInvocationCount,
    /// A vendor or extension built-in the IR has no variant for (GL_ARM_shader_core_builtins,
    /// GL_NV_shader_sm_builtins, GL_NV_viewport_array2, ...): the SPIR-V `BuiltIn` number
    /// (SPIR-V 3.21) with the capability and extension it needs.
    Spirv {
        builtin: u32,
        capability: Option<u32>,
        #[serde(deserialize_with = "text::static_name")]
        extension: StaticName,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    Vertex,
    Fragment,
    Compute,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EntryPoint {
    pub name: String,
    pub stage: Stage,
    pub function: Handle<Function>,
    /// Compute only; 1 in unused dimensions.
    pub workgroup_size: [u32; 3],
    /// Dimensions whose size is an override (WGSL) or `local_size_*_id` (GLSL).
    pub workgroup_size_overrides: [Option<Handle<Override>>; 3],
    /// Fragment only: `layout(early_fragment_tests)`.
    pub early_fragment_tests: bool,
}

// ---------------------------------------------------------------------------------------------
// Functions, expressions, statements

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Function {
    pub name: Option<String>,
    pub arguments: Vec<FunctionArgument>,
    pub result: Option<Handle<Type>>,
    pub locals: Arena<LocalVariable>,
    pub lets: Arena<LetBinding>,
    pub expressions: Expressions,
    pub body: Block,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FunctionArgument {
    pub name: Option<String>,
    /// May be a pointer (WGSL `ptr<function, T>`, GLSL `out`/`inout` passed by reference).
    pub ty: Handle<Type>,
}

/// A function-scope variable (`OpVariable` in the entry block). It has no initializer: the
/// front end stores the initial value where the declaration executes (zero for WGSL `var x: T;`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LocalVariable {
    pub name: Option<String>,
    pub ty: Handle<Type>,
}

/// How deep an expression tree built for a left-deep operator chain (`a + b + c + ...`) may
/// grow ([`Expressions::depth`]) before the front ends bind it to an unnamed [`LetBinding`].
/// Chains have no length limit (only true nesting has), so this keeps every pass over
/// expression trees (validation, uniformity, the back end) about as deep as the source's
/// nesting, not its length: a chain adds at most this much to the depth of its operands.
pub const CHAIN_CUT: u32 = 16;

/// An immutable named value (WGSL `let`, GLSL temporaries), bound by `Statement::Let`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LetBinding {
    pub name: Option<String>,
    pub ty: Handle<Type>,
}

/// The capacity an [`Expressions`] starts with at its first expression.
const EXPRESSIONS_START: usize = 32;

/// An expression arena with the resolved type of each expression beside it. Its text form
/// (`ir::text`) is a list of `(type, expression)` pairs.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(into = "Vec<(Handle<Type>, Expression)>", from = "Vec<(Handle<Type>, Expression)>")]
pub struct Expressions {
    /// Each expression with its type and span, in one vector (one buffer to allocate and grow).
    items: Vec<(Expression, Handle<Type>, Span)>,
}

impl Expressions {
    /// The depth of the tree under `root` (a leaf is 1), walked with an explicit stack.
    /// Front ends ask after every operator of a chain, so the stacks are kept per thread.
    pub fn depth(&self, root: Handle<Expression>) -> u32 {
        type Scratch = (Vec<(Handle<Expression>, u32)>, Vec<Handle<Expression>>);
        thread_local!(static SCRATCH: std::cell::RefCell<Scratch> = const { std::cell::RefCell::new((Vec::new(), Vec::new())) });
        let walk = |(stack, kids): &mut Scratch| {
            stack.clear();
            stack.push((root, 1));
            let mut max = 0;
            while let Some((h, d)) = stack.pop() {
                max = max.max(d);
                let Some((e, _, _)) = self.items.get(h.index()) else { continue };
                children::children(e, kids);
                stack.extend(kids.iter().map(|&k| (k, d + 1)));
            }
            max
        };
        SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
            Ok(mut scratch) => walk(&mut scratch),
            Err(_) => walk(&mut (Vec::new(), Vec::new())),
        })
    }

    pub fn append(&mut self, expr: Expression, ty: Handle<Type>, span: Span) -> Handle<Expression> {
        if self.items.capacity() == 0 {
            // As `Arena::append`, from further up: a function holds 25 expressions on average
            // over the WGSL corpus.
            self.items.reserve(EXPRESSIONS_START);
        }
        self.items.push((expr, ty, span));
        Handle::from_index(self.items.len() - 1)
    }

    pub fn ty(&self, handle: Handle<Expression>) -> Handle<Type> {
        self.items[handle.index()].1
    }

    /// Changes the resolved type of an expression (a rewrite that retypes what it refers to).
    pub fn set_ty(&mut self, handle: Handle<Expression>, ty: Handle<Type>) {
        self.items[handle.index()].1 = ty;
    }

    /// Changes what an expression computes, for every use of it (a rewrite; the type stays).
    pub fn replace(&mut self, handle: Handle<Expression>, expr: Expression) {
        self.items[handle.index()].0 = expr;
    }

    pub fn span(&self, handle: Handle<Expression>) -> Span {
        self.items.get(handle.index()).map(|&(_, _, span)| span).unwrap_or_default()
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Handle<Expression>, &Expression)> + '_ {
        self.items.iter().enumerate().map(|(i, (expr, _, _))| (Handle::from_index(i), expr))
    }

    pub fn check(&self, handle: Handle<Expression>) -> bool {
        handle.index() < self.items.len()
    }
}

impl std::ops::Index<Handle<Expression>> for Expressions {
    type Output = Expression;
    fn index(&self, handle: Handle<Expression>) -> &Expression {
        &self.items[handle.index()].0
    }
}

/// A literal value of a concrete scalar type. Floats compare and hash by bits.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub enum Literal {
    Bool(bool),
    I32(i32),
    U32(u32),
    I64(i64),
    U64(u64),
    /// 8- and 16-bit integers (GL_EXT_shader_explicit_arithmetic_types), sign-extended.
    SmallInt { value: i32, scalar: Scalar },
    F16(half::f16),
    F32(f32),
    F64(f64),
}

impl Literal {
    fn bits(&self) -> (u8, u64) {
        match *self {
            Literal::Bool(b) => (0, b as u64),
            Literal::I32(v) => (1, v as u64),
            Literal::U32(v) => (2, v as u64),
            Literal::I64(v) => (3, v as u64),
            Literal::U64(v) => (4, v),
            Literal::SmallInt { value, scalar } => (5 + scalar.width + (scalar.kind as u8) * 16, value as u64),
            Literal::F16(v) => (40, v.to_bits() as u64),
            Literal::F32(v) => (41, v.to_bits() as u64),
            Literal::F64(v) => (42, v.to_bits()),
        }
    }

    pub fn scalar(&self) -> Scalar {
        match *self {
            Literal::Bool(_) => Scalar::BOOL,
            Literal::I32(_) => Scalar::I32,
            Literal::U32(_) => Scalar::U32,
            Literal::I64(_) => Scalar::I64,
            Literal::U64(_) => Scalar::U64,
            Literal::SmallInt { scalar, .. } => scalar,
            Literal::F16(_) => Scalar::F16,
            Literal::F32(_) => Scalar::F32,
            Literal::F64(_) => Scalar::F64,
        }
    }
}

impl PartialEq for Literal {
    fn eq(&self, other: &Self) -> bool {
        self.bits() == other.bits()
    }
}
impl Eq for Literal {}
impl Hash for Literal {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bits().hash(state)
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Expression {
    Literal(Literal),
    /// The zero value of a type.
    ZeroValue(Handle<Type>),
    /// Builds a vector (from scalars and vectors whose components add up), matrix (from
    /// columns), array or struct (one component per element/member), of the expression's type.
    Compose { components: Vec<Handle<Expression>> },
    /// A vector with every component equal to a scalar; the size comes from the type.
    Splat { value: Handle<Expression> },
    /// Components `pattern[..size]` of a vector value.
    Swizzle { vector: Handle<Expression>, pattern: [u8; 4] },
    /// Indexing with a run-time index. On a pointer (to vector, matrix, array, binding array)
    /// yields a pointer; on a value yields a value.
    Access { base: Handle<Expression>, index: Handle<Expression> },
    /// Indexing with a constant (struct member, vector component, array element).
    AccessIndex { base: Handle<Expression>, index: u32 },
    /// Pointer to a local variable.
    LocalVar(Handle<LocalVariable>),
    /// Pointer to a global variable.
    GlobalVar(Handle<GlobalVariable>),
    FunctionArg(u32),
    LetRef(Handle<LetBinding>),
    Override(Handle<Override>),
    /// Reads through a pointer (`OpAtomicLoad` when the pointee is atomic).
    Load { pointer: Handle<Expression> },
    Unary { op: UnaryOp, expr: Handle<Expression> },
    Binary { op: BinaryOp, left: Handle<Expression>, right: Handle<Expression> },
    /// Component-wise when `condition` is a bool vector; otherwise picks one operand. Its
    /// children, left to right, are `reject`, `accept`, `condition`: the argument order of WGSL
    /// `select(f, t, cond)` and GLSL `mix(x, y, bvec)`, so calls in them happen in source order.
    Select { reject: Handle<Expression>, accept: Handle<Expression>, condition: Handle<Expression> },
    Relational { fun: RelationalFunction, argument: Handle<Expression> },
    Math { fun: MathFunction, args: Vec<Handle<Expression>> },
    Derivative { axis: DerivativeAxis, control: DerivativeControl, expr: Handle<Expression> },
    /// Value conversion to `scalar` of the same shape (`OpConvert*`, or a comparison for bool).
    Convert { expr: Handle<Expression>, to: Scalar },
    /// Reinterprets the bits as the expression's type (same total size).
    Bitcast { expr: Handle<Expression> },
    /// Builds a combined image sampler from a texture and a sampler (GLSL `sampler2D(t, s)`).
    /// The result's image type is the texture's, or the `Depth` version of a float `Sampled`
    /// texture (GLSL `sampler2DShadow(texture2D, samplerShadow)`): sampling it compares.
    CombineImageSampler { image: Handle<Expression>, sampler: Handle<Expression> },
    ImageSample {
        /// An image, or a combined image sampler when `sampler` is `None`.
        image: Handle<Expression>,
        sampler: Option<Handle<Expression>>,
        /// `Some(component)` for a gather.
        gather: Option<u8>,
        coordinate: Handle<Expression>,
        array_index: Option<Handle<Expression>>,
        /// An integer vector, constant except in a GLSL gather (SPIR-V `Offset` then,
        /// `ConstOffset` otherwise: Vulkan takes `Offset` only on gathers); for a gather also a
        /// constant array of four such vectors (GLSL `textureGatherOffsets`, SPIR-V `ConstOffsets`).
        offset: Option<Handle<Expression>>,
        level: SampleLevel,
        depth_ref: Option<Handle<Expression>>,
        /// The least level of detail the lookup may use (GL_ARB_sparse_texture_clamp's
        /// `lodClamp`, SPIR-V `MinLod`).
        #[serde(default)]
        min_lod: Option<Handle<Expression>>,
        /// A sparse lookup (GL_ARB_sparse_texture2, `OpImageSparse*`): the expression is a
        /// struct of the residency code (`i32`) and the texel.
        #[serde(default)]
        sparse: bool,
    },
    /// Texel fetch (sampled image) or image read (storage image).
    ImageLoad {
        image: Handle<Expression>,
        coordinate: Handle<Expression>,
        array_index: Option<Handle<Expression>>,
        sample: Option<Handle<Expression>>,
        level: Option<Handle<Expression>>,
        /// A sparse fetch or read (`OpImageSparseFetch`/`OpImageSparseRead`): a struct of the
        /// residency code (`i32`) and the texel, as for [`Expression::ImageSample`].
        #[serde(default)]
        sparse: bool,
    },
    /// Whether a residency code from a sparse lookup says every texel it read was resident
    /// (`bool`; GL_ARB_sparse_texture2 `sparseTexelsResidentARB`, `OpImageSparseTexelsResident`).
    SparseTexelsResident { code: Handle<Expression> },
    ImageQuery { image: Handle<Expression>, query: ImageQuery },
    /// A pointer to one texel of a storage image, for atomics (`OpImageTexelPointer`).
    ImageTexelPointer { image: Handle<Expression>, coordinate: Handle<Expression>, sample: Option<Handle<Expression>> },
    /// Calls a function that returns a value. Calls without a result are `Statement::Call`.
    Call { function: Handle<Function>, arguments: Vec<Handle<Expression>> },
    /// Read-modify-write on an integer pointer; yields the old value. When the expression's
    /// type is a struct, `CompareExchange` yields WGSL's `{ old_value, exchanged }`.
    Atomic {
        fun: AtomicFunction,
        pointer: Handle<Expression>,
        value: Handle<Expression>,
        /// The comparand, for `CompareExchange`.
        compare: Option<Handle<Expression>>,
    },
    /// Number of elements of a runtime-sized array: `pointer` points at the array itself (a
    /// member of a storage block, or a storage global of runtime-array type).
    ArrayLength { pointer: Handle<Expression> },
    /// WGSL `workgroupUniformLoad`: barrier, load, barrier.
    WorkgroupUniformLoad { pointer: Handle<Expression> },
    /// Subgroup operations (GL_KHR_shader_subgroup_*, WGSL subgroups).
    Subgroup { op: SubgroupOperation, args: Vec<Handle<Expression>> },
    /// Whether this fragment invocation is a helper invocation now, after any demotion
    /// (`OpIsHelperInvocationEXT`, GLSL `helperInvocationEXT()`). A bool.
    IsHelperInvocation,
    /// An atomic with explicit scope and semantics (GL_KHR_memory_scope_semantics
    /// `atomicLoad`, `atomicAdd(mem, data, scope, storage, semantics)`, ...): `OpAtomicLoad`
    /// when `fun` is `None` (no `value`), else the read-modify-write `fun` with `value` (and
    /// `compare` plus `unequal` semantics for `CompareExchange`). Yields the old value.
    AtomicScoped {
        fun: Option<AtomicFunction>,
        pointer: Handle<Expression>,
        value: Option<Handle<Expression>>,
        compare: Option<Handle<Expression>>,
        scope: Scope,
        semantics: MemorySemantics,
        unequal: MemorySemantics,
    },
    /// An instruction the IR has no variant for, yielding a value of the expression's type.
    Spirv(Box<SpirvInstruction>),
}

/// A SPIR-V instruction written as given: GL_EXT_spirv_intrinsics `spirv_instruction`,
/// GL_EXT_debug_printf, and vendor built-in functions (SPV_AMD_*, SPV_KHR_shader_clock,
/// SPV_KHR_shader_ballot). Front ends check its operands; the validator only checks handles.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SpirvInstruction {
    /// `OpExtInst` of the extended instruction set of this name; a core opcode when `None`.
    pub set: Option<String>,
    pub opcode: u32,
    pub operands: Vec<SpirvOperand>,
    /// Capability numbers (SPIR-V 3.31) and extension names the instruction needs.
    pub capabilities: Vec<u32>,
    pub extensions: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum SpirvOperand {
    /// An `<id>`: the expression's value, or the pointer itself when it has pointer type.
    Value(Handle<Expression>),
    /// A literal word.
    Literal(u32),
    /// The `<id>` of an `OpString` holding this text.
    String(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnaryOp {
    Negate,
    LogicalNot,
    BitwiseNot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BinaryOp {
    Add,
    Subtract,
    Multiply,
    Divide,
    /// Truncated remainder (WGSL `%`, GLSL `%` on integers).
    Modulo,
    Equal,
    NotEqual,
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    And,
    ExclusiveOr,
    InclusiveOr,
    LogicalAnd,
    LogicalOr,
    ShiftLeft,
    /// Arithmetic for signed, logical for unsigned left operands.
    ShiftRight,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RelationalFunction {
    All,
    Any,
    IsNan,
    IsInf,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MathFunction {
    // comparison
    Abs,
    Min,
    Max,
    Clamp,
    Saturate,
    // trigonometry
    Cos,
    Cosh,
    Sin,
    Sinh,
    Tan,
    Tanh,
    Acos,
    Asin,
    Atan,
    Atan2,
    Asinh,
    Acosh,
    Atanh,
    Radians,
    Degrees,
    // decomposition
    Ceil,
    Floor,
    /// Round half away from zero (GLSL `round` as glslang emits it).
    Round,
    /// Round half to even (WGSL `round`, GLSL `roundEven`).
    RoundEven,
    Fract,
    Trunc,
    /// Yields WGSL's `{ fract, whole }` struct (`ModfStruct`).
    Modf,
    /// Yields WGSL's `{ fract, exp }` struct (`FrexpStruct`).
    Frexp,
    Ldexp,
    /// Floored modulo `x - y * floor(x / y)` (GLSL `mod`).
    FloorMod,
    // exponent
    Exp,
    Exp2,
    Log,
    Log2,
    Pow,
    // geometry
    Dot,
    Outer,
    Cross,
    Distance,
    Length,
    Normalize,
    FaceForward,
    Reflect,
    Refract,
    // computational
    Sign,
    Fma,
    Mix,
    Step,
    SmoothStep,
    Sqrt,
    InverseSqrt,
    Inverse,
    Transpose,
    Determinant,
    QuantizeToF16,
    // bits
    CountTrailingZeros,
    CountLeadingZeros,
    CountOneBits,
    ReverseBits,
    ExtractBits,
    InsertBits,
    FirstTrailingBit,
    FirstLeadingBit,
    /// Yields `{ result, carry }` (`OpIAddCarry`).
    AddCarry,
    /// Yields `{ result, borrow }` (`OpISubBorrow`).
    SubBorrow,
    /// Yields `{ lsb, msb }` (`OpUMulExtended`/`OpSMulExtended`).
    MulExtended,
    // data packing
    Pack4x8snorm,
    Pack4x8unorm,
    Pack2x16snorm,
    Pack2x16unorm,
    Pack2x16float,
    Pack4xI8,
    Pack4xU8,
    PackDouble2x32,
    Unpack4x8snorm,
    Unpack4x8unorm,
    Unpack2x16snorm,
    Unpack2x16unorm,
    Unpack2x16float,
    Unpack4xI8,
    Unpack4xU8,
    UnpackDouble2x32,
    Dot4I8Packed,
    Dot4U8Packed,
    // fragment interpolation
    InterpolateAtCentroid,
    InterpolateAtSample,
    InterpolateAtOffset,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DerivativeAxis {
    X,
    Y,
    Width,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DerivativeControl {
    Coarse,
    Fine,
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SampleLevel {
    /// Implicit level of detail (fragment stage only).
    Auto,
    Zero,
    Exact(Handle<Expression>),
    Bias(Handle<Expression>),
    Gradient { x: Handle<Expression>, y: Handle<Expression> },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ImageQuery {
    /// Width (and height, depth) at `level`, or of the image for storage/multisampled images.
    Size { level: Option<Handle<Expression>> },
    NumLevels,
    NumLayers,
    NumSamples,
    /// GLSL `textureQueryLod`: needs a sampler (or a combined image sampler) and a coordinate.
    Lod { sampler: Option<Handle<Expression>>, coordinate: Handle<Expression> },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AtomicFunction {
    Add,
    Subtract,
    And,
    ExclusiveOr,
    InclusiveOr,
    Min,
    Max,
    Exchange,
    CompareExchange,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SubgroupOperation {
    Elect,
    All,
    Any,
    AllEqual,
    Ballot,
    /// GL_KHR_shader_subgroup_ballot on a `uvec4` ballot: `subgroupInverseBallot(value)`
    /// (bool), `subgroupBallotBitExtract(value, index)` (bool), the bit counts (u32, of the
    /// whole ballot or of the bits up to the invocation, inclusive or exclusive) and the lowest
    /// or highest set bit (u32).
    InverseBallot,
    BallotBitExtract,
    BallotBitCount,
    BallotInclusiveBitCount,
    BallotExclusiveBitCount,
    BallotFindLsb,
    BallotFindMsb,
    BroadcastFirst,
    Broadcast,
    Shuffle,
    ShuffleXor,
    ShuffleUp,
    ShuffleDown,
    Reduce(SubgroupArith),
    InclusiveScan(SubgroupArith),
    ExclusiveScan(SubgroupArith),
    ClusteredReduce(SubgroupArith),
    QuadBroadcast,
    QuadSwapHorizontal,
    QuadSwapVertical,
    QuadSwapDiagonal,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SubgroupArith {
    Add,
    Mul,
    Min,
    Max,
    And,
    Or,
    Xor,
}

/// A list of statements with a span per statement. Its text form (`ir::text`) is the list of
/// statements.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(into = "Vec<Statement>", from = "Vec<Statement>")]
pub struct Block {
    pub body: Vec<Statement>,
    pub spans: Vec<Span>,
}

impl Block {
    pub fn new() -> Block {
        Block::default()
    }

    pub fn push(&mut self, statement: Statement, span: Span) {
        self.body.push(statement);
        self.spans.push(span);
    }

    pub fn iter(&self) -> impl Iterator<Item = (&Statement, Span)> {
        self.body.iter().zip(self.spans.iter().copied())
    }

    pub fn is_empty(&self) -> bool {
        self.body.is_empty()
    }

    pub fn len(&self) -> usize {
        self.body.len()
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Statement {
    Block(Block),
    If { condition: Handle<Expression>, accept: Block, reject: Block },
    /// `selector` is an i32 or u32. Exactly one case holds `Default` among its values.
    Switch { selector: Handle<Expression>, cases: Vec<SwitchCase> },
    /// Runs `body`, then `continuing`, then leaves if `break_if` is true, and repeats.
    /// `continue` in `body` jumps to `continuing`.
    Loop { body: Block, continuing: Block, break_if: Option<Handle<Expression>> },
    Break,
    Continue,
    Return { value: Option<Handle<Expression>> },
    /// Fragment `discard` (`OpKill`, or `OpDemoteToHelperInvocation` where asked).
    Kill,
    /// Fragment-only invocation control from GLSL extensions.
    Fragment(FragmentControl),
    Barrier(Barrier),
    /// Writes through a pointer (`OpAtomicStore` when the pointee is atomic).
    Store { pointer: Handle<Expression>, value: Handle<Expression> },
    /// `OpAtomicStore` with explicit scope and semantics (GL_KHR_memory_scope_semantics
    /// `atomicStore`, `imageAtomicStore`).
    AtomicStore { pointer: Handle<Expression>, value: Handle<Expression>, scope: Scope, semantics: MemorySemantics },
    ImageStore {
        image: Handle<Expression>,
        coordinate: Handle<Expression>,
        array_index: Option<Handle<Expression>>,
        /// The sample of a multisampled storage image (SPIR-V `Sample`).
        #[serde(default)]
        sample: Option<Handle<Expression>>,
        value: Handle<Expression>,
    },
    /// Binds the value of `value` to `binding` for the rest of the enclosing block.
    Let { binding: Handle<LetBinding>, value: Handle<Expression> },
    /// Calls a function without a result.
    Call { function: Handle<Function>, arguments: Vec<Handle<Expression>> },
    /// Evaluates an expression for its effects and drops the value (WGSL `_ = e`, GLSL
    /// expression statements).
    Eval(Handle<Expression>),
    /// An instruction without a result (or with a `void` one) the IR has no variant for.
    Spirv(Box<SpirvInstruction>),
}

/// See [`Statement::Fragment`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FragmentControl {
    /// GL_EXT_demote_to_helper_invocation `demote`: the invocation becomes a helper
    /// (`OpDemoteToHelperInvocation`) and keeps running.
    Demote,
    /// GL_ARB_fragment_shader_interlock `beginInvocationInterlockARB()`.
    BeginInterlock,
    /// `endInvocationInterlockARB()`.
    EndInterlock,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SwitchCase {
    pub values: Vec<SwitchValue>,
    pub body: Block,
    /// GLSL: control falls into the next case at the end of `body`.
    pub fall_through: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SwitchValue {
    I32(i32),
    U32(u32),
    Default,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scope {
    CrossDevice,
    Device,
    Workgroup,
    Subgroup,
    Invocation,
    QueueFamily,
}

/// Memory semantics bits, as in SPIR-V (`AcquireRelease | UniformMemory | ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct MemorySemantics(pub u32);

impl MemorySemantics {
    pub const ACQUIRE: u32 = 0x2;
    pub const RELEASE: u32 = 0x4;
    pub const ACQUIRE_RELEASE: u32 = 0x8;
    pub const UNIFORM_MEMORY: u32 = 0x40;
    pub const SUBGROUP_MEMORY: u32 = 0x80;
    pub const WORKGROUP_MEMORY: u32 = 0x100;
    pub const IMAGE_MEMORY: u32 = 0x800;
    /// The Vulkan memory model's bits (SPV_KHR_vulkan_memory_model); a module using them sets
    /// [`Module::vulkan_memory_model`].
    pub const OUTPUT_MEMORY: u32 = 0x1000;
    pub const MAKE_AVAILABLE: u32 = 0x2000;
    pub const MAKE_VISIBLE: u32 = 0x4000;
    pub const VOLATILE: u32 = 0x8000;
}

/// `OpControlBarrier` when `execution` is set, else `OpMemoryBarrier`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Barrier {
    pub execution: Option<Scope>,
    pub memory: Scope,
    pub semantics: MemorySemantics,
}

// ---------------------------------------------------------------------------------------------
// Small queries every pass needs

impl TypeInner {
    /// The [`arena::Interned::slot`] of a scalar or vector type: its scalar's [`Scalar::slot`],
    /// after those of the narrower vectors; `None` for the other types.
    #[inline]
    pub fn slot(&self) -> Option<usize> {
        match *self {
            TypeInner::Scalar(s) => s.slot(),
            TypeInner::Vector { size, scalar: s } => Some((size as usize - 1) * Scalar::SLOTS + s.slot()?),
            _ => None,
        }
    }

    pub fn scalar(&self) -> Option<Scalar> {
        match *self {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => Some(s),
            TypeInner::Vector { scalar, .. } | TypeInner::Matrix { scalar, .. } => Some(scalar),
            _ => None,
        }
    }

    /// A `PhysicalStorage` pointer: a buffer reference value (8 bytes in memory).
    pub fn is_reference(&self) -> bool {
        matches!(self, TypeInner::Pointer { space: AddressSpace::PhysicalStorage { .. }, .. })
    }

    pub fn pointer_base(&self) -> Option<(Handle<Type>, AddressSpace)> {
        match *self {
            TypeInner::Pointer { base, space } => Some((base, space)),
            _ => None,
        }
    }
}

impl Module {
    /// Interns an unnamed type.
    #[inline]
    pub fn ty(&mut self, inner: TypeInner) -> Handle<Type> {
        // A scalar or vector type there already: by its slot, without building a `Type`.
        if let Some(handle) = inner.slot().and_then(|i| self.types.in_slot(i)) {
            return handle;
        }
        self.types.insert(Type { name: None, inner }, Span::default())
    }

    pub fn inner(&self, ty: Handle<Type>) -> &TypeInner {
        &self.types[ty].inner
    }

    /// The member types of a struct type, in order (`None` for other types): what a caller
    /// that goes on changing the module needs, without cloning the members' names.
    pub fn member_types(&self, ty: Handle<Type>) -> Option<Vec<Handle<Type>>> {
        match self.inner(ty) {
            TypeInner::Struct { members, .. } => Some(members.iter().map(|m| m.ty).collect()),
            _ => None,
        }
    }
}

impl From<Expressions> for Vec<(Handle<Type>, Expression)> {
    fn from(expressions: Expressions) -> Self {
        expressions.items.into_iter().map(|(expr, ty, _)| (ty, expr)).collect()
    }
}

impl From<Vec<(Handle<Type>, Expression)>> for Expressions {
    fn from(items: Vec<(Handle<Type>, Expression)>) -> Self {
        let mut expressions = Expressions::default();
        for (ty, expr) in items {
            expressions.append(expr, ty, Span::default());
        }
        expressions
    }
}

impl From<Block> for Vec<Statement> {
    fn from(block: Block) -> Self {
        block.body
    }
}

impl From<Vec<Statement>> for Block {
    fn from(body: Vec<Statement>) -> Self {
        let spans = vec![Span::default(); body.len()];
        Block { body, spans }
    }
}
