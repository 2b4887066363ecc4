//! Decoding: one entry point of a SPIR-V module into the executor's compact form (`Prog`).
//!
//! Every SSA id is a register holding `words` 32-bit words per lane (a bool is one word 0/1, a
//! pointer two: memory object and byte offset). Composite values are flattened in component
//! order (matrices column by column). Memory layouts are trees of byte offsets: the explicit
//! ones of buffers come from `Offset`/`ArrayStride`/`MatrixStride`/`RowMajor` (SPIR-V §2.16.2,
//! "Validation Rules for Shader Capabilities"), the private ones (function, private,
//! workgroup, input memory) are packed word by word. A load or store walks the flattened
//! offsets of its layout (`leaves`), computed here once.

use std::collections::HashMap;
use std::sync::Arc as Rc;

use rspirv::dr::{Instruction, Operand};
use spirv::{BuiltIn, Decoration, Op, StorageClass};

use crate::exec::{Bin, Tri, Un};
use crate::widths::{Scalar, TOp, Typed};
use crate::Error;

mod address;
mod fold;
pub(crate) use fold::reads;

pub(crate) type Id = u32;

/// What kind of buffer a binding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BindingKind {
    Uniform,
    Storage { read_only: bool },
    /// A sampled image (`storage: false`) or a storage image.
    Image { storage: bool },
    Sampler,
}

/// A buffer the entry point uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BindingInfo {
    pub set: u32,
    pub binding: u32,
    pub kind: BindingKind,
    /// Bytes up to the end of the fixed-size part (a runtime array may add any number of elements).
    pub min_size: u32,
    /// The descriptor's index in its binding's descriptor array (`uniform sampler2D t[4]`, WGSL
    /// `binding_array`, an array of blocks); 0 for a single resource.
    pub element: u32,
}

#[derive(Clone, Debug)]
pub(crate) enum Type {
    Void,
    Bool,
    Int { width: u32, signed: bool },
    Float { width: u32 },
    Vector { elem: Id, n: u32 },
    Matrix { col: Id, n: u32 },
    Array { elem: Id, len: u32 },
    RuntimeArray { elem: Id },
    Struct { members: Vec<Id> },
    Pointer { sc: StorageClass, pointee: Id },
    /// An image handle (one word: the binding's index in `Prog::bindings`).
    Image(ImageType),
    /// A sampler handle (one word, as an image).
    Sampler,
    /// An image and a sampler (two words).
    SampledImage { image: Id },
    /// Function types...: the opcode that declared it.
    Other(Op),
}

/// What the CPU device needs of an `OpTypeImage`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ImageType {
    /// Spatial dimensions: 1, 2 or 3 (3 for a cube: a direction samples it).
    pub dims: u32,
    pub arrayed: bool,
    /// A cube (array) image: six 2D layers per cube, sampled with a direction; texels are
    /// addressed as (x, y, layer) with layer = 6 * cube + face.
    pub cube: bool,
}

/// The level of detail a sampling instruction gives.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Lod {
    Zero,
    Explicit(Id),
    Bias(Id),
    /// Gradients in x and y, each with `dims` components.
    Grad(Id, Id),
    /// From the derivatives of the coordinates over the 2x2 quad (fragment stage), plus a bias.
    Implicit(Option<Id>),
}

/// An `OpImageSample*`/`OpImage*Gather`.
#[derive(Clone, Debug)]
pub(crate) struct SampleInst {
    pub dst: Id,
    /// Register of the sampled image (image binding, sampler binding).
    pub sampled: Id,
    pub coord: Id,
    pub image: ImageType,
    pub lod: Lod,
    pub offset: [i32; 3],
    pub dref: Option<Id>,
    pub gather: Option<u32>,
    /// `OpImageSampleProj*`: the coordinates and the depth reference are divided by the
    /// coordinate's component after the spatial ones (Vulkan "Projection Operation").
    pub proj: bool,
    /// Result words (4, or 1 for a depth comparison; 2 for a level-of-detail query).
    pub n: u32,
    /// `OpImageQueryLod`: the result is (level accessed, computed level of detail) of an
    /// implicit-lod sample, not a texel.
    pub query_lod: bool,
    /// `OpImageSparse*`: the result is (residency code, texel); CPU images are always resident
    /// (code 0, which `OpImageSparseTexelsResident` reads as resident).
    pub sparse: bool,
    /// `MinLod`: a minimum level of detail (`textureClampARB`), clamping as the sampler's does.
    pub min_lod: Option<Id>,
    /// `ConstOffsets`: a gather whose texel `i` is the (i0, j0) texel of the gather at offset
    /// `i`.
    pub offsets: Option<[[i32; 3]; 4]>,
    /// `Offset`: an offset computed at run time (signed integers, one per spatial dimension).
    pub dyn_offset: Option<Id>,
}

/// An image query.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Query {
    /// Size of a level (level 0 without an id), then the layers of an arrayed image.
    Size(Option<Id>),
    Levels,
    Samples,
}

/// A memory layout node; offsets, strides and sizes in bytes. `bytes` is a scalar's size: its
/// width in buffer memory (1, 2, 4 or 8), at least a word in the packed private layouts (a
/// narrower scalar takes a whole word there, as in a register).
#[derive(Clone, Debug)]
pub(crate) enum LNode {
    Scalar { bytes: u32 },
    Vector { n: u32, stride: u32, bytes: u32 },
    Matrix { cols: u32, rows: u32, stride: u32, row_major: bool, bytes: u32 },
    Array { elem: usize, stride: u32, len: Option<u32> },
    Struct { members: Vec<(u32, usize)> },
}

/// A memory object a pointer can point into.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Obj {
    /// `bindings[slot]`, or the push constants when `slot == bindings.len()`.
    Buffer { slot: usize },
    /// Words `base..base + words` of the thread's workgroup memory.
    Workgroup { base: u32, words: u32 },
    /// Words `base..base + words` of each lane's private memory.
    Lane { base: u32, words: u32 },
}

#[derive(Clone, Debug)]
pub(crate) enum Inst {
    Copy { dst: Id, src: Id, n: u32 },
    Un { op: Un, dst: Id, a: Id, n: u32 },
    Bin { op: Bin, dst: Id, a: Id, b: Id, n: u32 },
    /// `b` is a scalar applied to every component of `a`.
    BinScalar { op: Bin, dst: Id, a: Id, b: Id, n: u32 },
    Tri { op: Tri, dst: Id, a: Id, b: Id, c: Id, n: u32 },
    /// `cond` has one word per component (`cond_n == n / comp_words`) or is a scalar.
    Select { dst: Id, cond: Id, a: Id, b: Id, n: u32, scalar_cond: bool },
    /// Concatenation of the parts' words.
    Construct { dst: Id, parts: Vec<(Id, u32)> },
    Extract { dst: Id, src: Id, at: u32, n: u32 },
    /// `obj` (a composite of `n` words) with `src` (`src_n` words) in place of words `at..`.
    Insert { dst: Id, obj: Id, src: Id, src_n: u32, at: u32, n: u32 },
    Shuffle { dst: Id, a: Id, a_n: u32, b: Id, sel: Vec<u32> },
    ExtractDyn { dst: Id, v: Id, idx: Id, count: u32 },
    InsertDyn { dst: Id, v: Id, comp: Id, idx: Id, count: u32 },
    Dot { dst: Id, a: Id, b: Id, n: u32 },
    /// Reduction of a bool vector: `all` or any.
    Reduce { dst: Id, a: Id, n: u32, all: bool },
    /// `a` (rows x inner, column-major) times `b` (inner x cols); vectors are one-column or
    /// one-row matrices (`VectorTimesMatrix` passes the vector as a 1 x inner matrix).
    MatMul { dst: Id, a: Id, b: Id, rows: u32, inner: u32, cols: u32 },
    Outer { dst: Id, a: Id, b: Id, rows: u32, cols: u32 },
    Transpose { dst: Id, src: Id, rows: u32, cols: u32 },
    /// Two results side by side: `IAddCarry`, `ISubBorrow`, `UMulExtended`, `SMulExtended`.
    Wide { op: Op, dst: Id, a: Id, b: Id, n: u32 },
    /// A GLSL.std.450 instruction executed lane by lane over f32 words.
    Ext { op: u32, dst: Id, args: Vec<(Id, u32)>, n: u32 },
    /// `Modf`/`Frexp`, whose second result goes through a pointer: the struct form `op`
    /// (`ModfStruct`, `FrexpStruct`) of `x` (`n` words), its first member into `dst` and its
    /// second stored at `ptr`.
    ExtStore { op: u32, dst: Id, x: Id, n: u32, ptr: Id, leaves: Rc<[u32]> },
    /// An instruction with 8-, 16- or 64-bit scalars, executed lane by lane ([`crate::widths`]).
    Typed(Box<crate::widths::Typed>),
    /// `parts`: some leaves are scalars narrower than a word (marked [`PART_1`], [`PART_2`]).
    Store { ptr: Id, src: Id, leaves: Rc<[u32]>, parts: bool },
    /// A load from a function variable kept in a register ([`Prog::promoted`]): words `words`
    /// of register `src`.
    Gather { dst: Id, src: Id, words: Rc<[u32]> },
    /// A store to a function variable kept in a register: the words of `src` into words
    /// `words` of register `dst`.
    Scatter { dst: Id, src: Id, words: Rc<[u32]> },
    Load { dst: Id, ptr: Id, leaves: Rc<[u32]>, parts: bool },
    CopyMemory { dst: Id, src: Id, dst_leaves: Rc<[u32]>, src_leaves: Rc<[u32]> },
    AccessChain { dst: Id, base: Id, offset: u32, dynamic: Vec<(Id, u32, Option<u32>)> },
    /// An access chain from a pointer known at decode time (a variable, or a constant chain
    /// into one): object `obj`, byte offset `offset` plus the dynamic indices'.
    ChainAt { dst: Id, obj: u32, offset: u32, dynamic: Vec<(Id, u32, Option<u32>)> },
    /// A load through a pointer into memory object `obj` (known at decode time), of word-sized
    /// leaves; `at`: the pointer's byte offset when that is known too (one address for every
    /// lane).
    LoadObj { dst: Id, ptr: Id, obj: u32, at: Option<u32>, leaves: Rc<[u32]> },
    /// A store through a pointer into memory object `obj`, of word-sized leaves.
    StoreObj { ptr: Id, src: Id, obj: u32, leaves: Rc<[u32]> },
    ArrayLength { dst: Id, ptr: Id, offset: u32, stride: u32 },
    /// An access chain into a descriptor array (`base`, a variable of `len` descriptors) at
    /// descriptor `index`. Handles (`buffers` false): the element's handle, words 0 and 1 of
    /// `base` plus `index * stride` (the binding index of the image or sampler, and of a
    /// combined one's sampler). Blocks: object `base + index`, at byte `offset` plus the
    /// dynamic indices' into the block.
    Descriptor { dst: Id, base: Id, index: Id, len: u32, stride: u32, buffers: bool, offset: u32, dynamic: Vec<(Id, u32, Option<u32>)> },
    Atomic { op: Op, dst: Option<Id>, ptr: Id, a: Option<Id>, b: Option<Id> },
    /// The same on a 64-bit integer (two words; `exec/atomic64.rs`).
    Atomic64 { op: Op, dst: Option<Id>, ptr: Id, a: Option<Id>, b: Option<Id> },
    Call { dst: Option<(Id, Id, u32)>, func: usize, args: Vec<(Id, Id, u32)> },
    Sample(Box<SampleInst>),
    /// `OpImageFetch` (with a level) and `OpImageRead` (level 0): `n` words of the texel.
    /// The sparse forms (`sparse`): word 0 the residency code (0: resident), the texel after.
    Fetch { dst: Id, image: Id, coord: Id, info: ImageType, lod: Option<Id>, offset: [i32; 3], n: u32, sparse: bool },
    ImageWrite { image: Id, coord: Id, info: ImageType, texel: Id, texel_n: u32 },
    /// GLSL.std.450 `InterpolateAtCentroid`/`Sample`/`Offset` of the fragment input at byte
    /// `offset` of lane memory object `obj`, `n` words (`exec/interpolate.rs`).
    Interpolate { dst: Id, obj: u32, offset: u32, n: u32, at: InterpolateAt },
    /// `OpImageTexelPointer`: a pointer to a texel of level 0 of a storage image, as
    /// (binding index, texel byte offset; `u32::MAX` outside the image) (`exec/image_atomic.rs`).
    TexelPointer { dst: Id, image: Id, coord: Id, info: ImageType, sample: Id },
    /// An atomic on a texel through an `OpImageTexelPointer` pointer (`imageAtomic*`).
    /// `wide`: on a 64-bit integer texel (GL_EXT_shader_image_int64), operands and result in
    /// two words.
    ImageAtomic { op: Op, dst: Option<Id>, ptr: Id, a: Option<Id>, b: Option<Id>, wide: bool },
    /// `OpImageWrite` of sample `sample` of a multisampled storage image (`exec/multisample.rs`).
    WriteSample { image: Id, coord: Id, info: ImageType, texel: Id, texel_n: u32, sample: Id },
    /// `OpImageFetch` of sample `sample` of a multisampled image (`exec/multisample.rs`).
    /// `sparse` as in [`Inst::Fetch`].
    FetchSample { dst: Id, image: Id, coord: Id, info: ImageType, sample: Id, n: u32, sparse: bool },
    /// `OpImageRead` of a subpass input (`subpassLoad`): the texel at the fragment's pixel plus
    /// `coord`, sample `sample` of a multisampled one (`exec/subpass.rs`).
    SubpassRead { dst: Id, image: Id, coord: Id, sample: Option<Id>, n: u32 },
    ImageQuery { dst: Id, image: Id, info: ImageType, query: Query, n: u32 },
    /// A derivative of `a` over the lane's 2x2 quad: fine (the lane's own row or column) or
    /// coarse (the quad's top row or left column).
    Deriv { dst: Id, a: Id, n: u32, axis: Axis, coarse: bool },
    /// `OpDemoteToHelperInvocation`: the lane goes on as a helper invocation.
    Demote,
    /// `OpControlBarrier`: the lanes already run in step; ends the sanitizer's race window on
    /// workgroup memory, on storage buffers when `buffers` (its memory semantics include
    /// `UniformMemory`), on storage images when `images` (`ImageMemory`); with `subgroup`
    /// (execution scope `Subgroup`) only among the lanes that execute it.
    Barrier { buffers: bool, images: bool, subgroup: bool },
    /// `OpMemoryBarrier`: the next control barrier orders storage buffer (image) accesses too
    /// when `buffers` (`images`) (GLSL's `memoryBarrierBuffer(); barrier();`).
    Fence { buffers: bool, images: bool },
    /// `OpIsHelperInvocationEXT`: whether the lane is a helper invocation.
    IsHelper { dst: Id },
    /// `OpReadClockKHR`: nanoseconds since the device's first clock read, a 64-bit value in
    /// `n` (2) words (`exec/clock.rs`).
    Clock { dst: Id, n: u32 },
    /// An `OpGroupNonUniform*` operation over the active lanes of each subgroup
    /// ([`SUBGROUP_SIZE`] consecutive lanes): `a` the value (or predicate, ballot), `b` the
    /// lane, mask, delta, bit index or cluster size where the operation has one; `n` words.
    Subgroup { op: SubgroupOp, dst: Id, a: Option<Id>, b: Option<Id>, n: u32 },
    /// A subgroup reduce, scan or clustered reduce (`Arith`) of 8-, 16- or 64-bit components:
    /// `op` over `scalar`s ([`crate::widths`]) from `identity`, `comps` components
    /// (`exec/subgroup_wide.rs`).
    SubgroupWide { op: TOp, scalar: Scalar, identity: u64, scan: Scan, dst: Id, a: Id, b: Option<Id>, comps: u32 },
    /// A load, store, copy or atomic (`inner`) through physical pointers (buffer references:
    /// 64-bit device addresses, `decode/address.rs`): `inner` runs with the register of each
    /// of `ptrs` (pointer, bytes accessed, whether written, the alignment its address has)
    /// holding the memory object and offset its address is in, for each lane
    /// (`exec/address.rs`).
    Address { ptrs: Vec<(Id, u32, bool, u32)>, inner: Box<Inst> },
    /// An access chain from a physical pointer `base`: its address plus `element` times its
    /// stride (an `OpPtrAccessChain`'s, signed; `true`: a 64-bit index), plus `offset`, plus
    /// the dynamic indices' as [`Inst::AccessChain`].
    AddressChain { dst: Id, base: Id, element: Option<(Id, u32, bool)>, offset: u32, dynamic: Vec<(Id, u32, Option<u32>)> },
    /// An instruction whose result is the same in every lane that runs it together
    /// ([`crate::uniform`]): computed for the first of them and copied to the others, unless
    /// `false`: only uniform instructions later in its block read it, each at the first lane
    /// (`fold::first_lane_only`).
    Uniform(Box<Inst>, bool),
}

/// Which lanes a [`Builtin::SubgroupMask`] has: those whose index is equal to, greater than or
/// equal to, ... the lane's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MaskOf {
    Eq,
    Ge,
    Gt,
    Le,
    Lt,
}

impl MaskOf {
    /// The mask of the lane with index `me` in its subgroup (Vulkan: no bits at or past the
    /// subgroup size).
    pub(crate) fn bits(self, me: u32) -> u32 {
        let all = (1u32 << SUBGROUP_SIZE) - 1;
        let below = (1u32 << me) - 1;
        match self {
            MaskOf::Eq => 1 << me,
            MaskOf::Ge => all & !below,
            MaskOf::Gt => all & !below & !(1 << me),
            MaskOf::Le => below | 1 << me,
            MaskOf::Lt => below,
        }
    }
}

/// Where an [`Inst::Interpolate`] interpolates.
#[derive(Clone, Copy, Debug)]
pub(crate) enum InterpolateAt {
    Centroid,
    /// At the location of sample `Id` (an integer).
    Sample(Id),
    /// At the pixel's centre plus the `vec2` `Id`.
    Offset(Id),
}

/// Lanes per subgroup: lavapipe's on a machine with AVX (8 f32 lanes); `SubgroupSize` reads
/// it, a smaller workgroup is one partial subgroup.
pub(crate) const SUBGROUP_SIZE: usize = 8;

/// The `OpGroupNonUniform*` operations the CPU device runs (32-bit and bool components).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SubgroupOp {
    Elect,
    All,
    Any,
    AllEqual,
    Broadcast,
    BroadcastFirst,
    Ballot,
    InverseBallot,
    BallotBitExtract,
    BallotBitCount(Scan),
    BallotFindLsb,
    BallotFindMsb,
    Shuffle,
    ShuffleXor,
    ShuffleUp,
    ShuffleDown,
    /// The value of quad member `b` (a constant) of the lane's quad (4 consecutive lanes).
    QuadBroadcast,
    /// The value of the quad member across (`b` 0: horizontally, 1: vertically, 2: diagonally).
    QuadSwap,
    /// Reduce, scan or clustered reduce with `op` (identity `identity`).
    Arith { op: Bin, identity: u32, scan: Scan },
}

/// A subgroup operation's `GroupOperation`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scan {
    Reduce,
    Inclusive,
    Exclusive,
    /// Reduce over clusters of the size operand `b`.
    Clustered,
}

/// What a derivative instruction computes: d/dx, d/dy or |d/dx| + |d/dy|.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Axis {
    X,
    Y,
    Width,
}

#[derive(Clone, Debug)]
pub(crate) struct Phi {
    pub dst: Id,
    pub n: u32,
    /// (value, predecessor block index)
    pub incoming: Vec<(Id, u32)>,
}

#[derive(Clone, Debug)]
pub(crate) enum Term {
    Branch(u32),
    Cond(Id, u32, u32),
    Switch { sel: Id, default: u32, cases: Vec<(u32, u32)> },
    Return,
    ReturnValue(Id, u32),
    /// The invocation is discarded (OpKill, OpTerminateInvocation). In a fragment shader whose
    /// discard is in no loop, the lane goes on as a helper at `resume`, the merge block of the
    /// innermost construct around the discard, as lavapipe runs discarded lanes on under a mask:
    /// the quad's derivatives after the discard then see the values the lane computes (Vulkan
    /// leaves them undefined); elsewhere the lane stops.
    Kill { resume: Option<u32> },
}

#[derive(Clone, Debug)]
pub(crate) struct Block {
    pub phis: Vec<Phi>,
    pub insts: Vec<Inst>,
    /// Per instruction of `insts`: its source position from the module's `OpLine`, as an index
    /// into [`Prog::locations`] plus one (0: none).
    pub lines: Vec<u32>,
    pub term: Term,
}

/// Where a lane discarded in block `k` goes on as a helper ([`Term::Kill`]): the merge block of
/// the innermost construct around `k` (blocks are in structured order, so a construct's blocks
/// lie between its header and its merge), or `None` (the lane stops) when a loop is around `k`,
/// whose exit the lane may never reach, or no construct is.
fn kill_resume(constructs: &[(u32, u32, bool)], k: u32) -> Option<u32> {
    let around = constructs.iter().filter(|&&(header, merge, _)| header < k && k < merge);
    if around.clone().any(|&(_, _, is_loop)| is_loop) {
        return None;
    }
    around.max_by_key(|&&(header, _, _)| header).map(|&(_, merge, _)| merge)
}

/// A function; blocks are sorted in structured order (every merge block and continue target
/// after the blocks of its construct), so the lowest block index any lane waits at is the next
/// one to run.
#[derive(Clone, Debug)]
pub(crate) struct Func {
    pub blocks: Vec<Block>,
    pub params: Vec<Id>,
    /// The register the return value is left in (the function's own id).
    pub ret: Id,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Builtin {
    GlobalInvocationId,
    LocalInvocationId,
    LocalInvocationIndex,
    WorkgroupId,
    NumWorkgroups,
    SubgroupSize,
    SubgroupLocalInvocationId,
    SubgroupId,
    NumSubgroups,
    /// `SubgroupEqMask`, `GeMask`, `GtMask`, `LeMask`, `LtMask`: the subgroup's lanes relative
    /// to this one (a `uvec4`; only word 0 has bits, the subgroup being 8 lanes).
    SubgroupMask(MaskOf),
    /// Vertex stage inputs.
    VertexIndex,
    InstanceIndex,
    /// Fragment stage inputs.
    FragCoord,
    FrontFacing,
    /// The sample index (0 but in per-sample shading, `raster.rs`).
    SampleId,
    /// The sample's location within the pixel (per-sample shading).
    SamplePosition,
    /// The fragment's covered samples (its one sample's bit in per-sample shading; 1 without
    /// multisampling): word 0 of the input's array.
    SampleMask,
    /// Where the fragment is within its point (x right, y down, 0 to 1); 0 off points.
    PointCoord,
    /// The index of the fragment's primitive among the instance's (Vulkan "Primitive ID").
    PrimitiveId,
    /// The layer and viewport rendered to: 0 (no layered or multi-viewport rendering); the
    /// view (`ViewIndex`): 0 (no multiview).
    Layer,
    /// `FragSizeEXT` and `FragInvocationCountEXT` (GL_EXT_fragment_invocation_density): (1, 1)
    /// and 1, as without a fragment density map (one pixel per fragment).
    FragSize,
    FragInvocationCount,
    /// `BaryCoordKHR` (perspective-correct) or `BaryCoordNoPerspKHR` (linear in the screen):
    /// the fragment's weights of the primitive's three vertices, in their order.
    BaryCoord { perspective: bool },
    /// Whether the fragment is a helper invocation (an uncovered member of its quad, or one
    /// that failed the early tests) as it starts: `gl_HelperInvocation`.
    HelperInvocation,
}

/// The pipeline stage of an entry point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Compute,
    Vertex,
    Fragment,
}

/// How a fragment input is interpolated across a primitive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Interp {
    Smooth,
    NoPerspective,
    Flat,
    /// A `PerVertexKHR` input's element `k`: vertex `k`'s value, not interpolated.
    PerVertex(u8),
}

/// A user-defined (`Location`) input or output of a vertex or fragment entry point.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Varying {
    pub location: u32,
    /// Its first component at the location (its `Component` decoration; 0 without one): word
    /// `k` is component `component + k` of the location's four (32-bit units), where a vertex
    /// output and a fragment input with that location meet.
    pub component: u32,
    /// Word offset in a lane's memory and words (a component of 16 or 32 bits takes one, of
    /// 64 bits two).
    pub base: u32,
    pub words: u32,
    pub interp: Interp,
    /// The components' type (16-, 32- or 64-bit integers and floats).
    pub scalar: Scalar,
}

/// How many elements of a runtime-sized descriptor array of blocks (`buffer B { .. } b[];`)
/// can be bound: 256 (the elements past those bound are empty buffers).
pub(crate) const UNBOUNDED_BUFFERS: usize = 256;

/// How many elements of a runtime-sized descriptor array of textures or samplers can be bound:
/// 256 (past those bound, none).
pub(crate) const UNBOUNDED_HANDLES: usize = 256;

/// The locations standing for `ClipDistance` (`CullDistance`) element 0, 1, ...: the vertex
/// stage's are varyings the rasterizer clips (culls) with and interpolates for the fragment
/// stage's, matched by location as any other (`raster.rs`).
pub(crate) const CLIP_DISTANCES: u32 = 0x4000_0000;
pub(crate) const CULL_DISTANCES: u32 = CLIP_DISTANCES + MAX_DISTANCES;
pub(crate) const MAX_DISTANCES: u32 = 64;

/// Lanes a vertex or fragment batch runs together (a multiple of 4: fragment quads).
pub(crate) const GRAPHICS_LANES: u32 = 64;

pub(crate) struct Prog {
    pub stage: Stage,
    /// Vertex and fragment `Location` inputs and outputs.
    pub inputs: Vec<Varying>,
    pub outputs: Vec<Varying>,
    /// Lane-memory word offsets of the `Position` (vertex), `FragDepth` and `SampleMask`
    /// (fragment: word 0 of the array) outputs.
    pub position: Option<u32>,
    pub frag_depth: Option<u32>,
    pub sample_mask: Option<u32>,
    /// Fragment: `EarlyFragmentTests` (the depth test runs before the shader).
    pub early_fragment_tests: bool,
    /// Fragment: Vulkan's sample shading, once per sample of a multisampled draw (the shader
    /// reads `SampleId` or `SamplePosition`; an input decorated `Sample` alone does not
    /// enable it, as on lavapipe, and is interpolated at the pixel's centre then).
    pub sample_shading: bool,
    /// Fragment: the shader has `InterpolateAt*` instructions ([`Inst::Interpolate`]).
    pub interpolates: bool,
    pub workgroup_size: [u32; 3],
    pub bindings: Vec<BindingInfo>,
    /// Whether each binding is used by the entry point (unused ones need not be given).
    pub used: Vec<bool>,
    /// The runtime-sized descriptor arrays of handles (`texture2D t[]`, `sampler2D t[]`): their
    /// (set, binding) and kinds per element (an image and a sampler for a combined one). The
    /// elements of each take [`UNBOUNDED_HANDLES`] times its kinds binding indices after the
    /// push constants' slot and the blocks' (array after array), each the resource bound at
    /// that element or none (`exec::bind`); an array's length is up to its last bound element.
    pub unbounded: Vec<(u32, u32, Vec<BindingKind>)>,
    /// The runtime-sized descriptor arrays of blocks (`buffer B { .. } b[];`): their (set,
    /// binding). The elements of each are [`UNBOUNDED_BUFFERS`] buffer objects whose slots
    /// follow the push constants' (array after array, before the handles of
    /// [`Prog::unbounded`]), each the buffer bound at that element or an empty one (`exec::bind`).
    pub unbounded_buffers: Vec<(u32, u32)>,
    pub objs: Vec<Obj>,
    /// Local memory words: workgroup memory, then `lane_words` per lane.
    pub wg_words: u32,
    pub lane_words: u32,
    /// Words per lane of every register (0: not a value).
    pub reg_words: Vec<u32>,
    /// Registers whose value is the same for every lane and invocation: constants and the
    /// pointers to variables.
    pub consts: Vec<(Id, Vec<u32>)>,
    /// Workgroup variables with an initializer (Vulkan allows only `OpConstantNull`, the zeros
    /// workgroup memory starts with): (first word, words). The sanitizer counts them as written.
    pub wg_initialized: Vec<(u32, u32)>,
    /// Initial values of per-lane variables: (word offset in a lane's memory, words).
    pub lane_inits: Vec<(u32, Vec<u32>)>,
    /// Function variables kept in registers instead of lane memory (each its own id's register,
    /// the variable's words): those only loaded and stored, whole or through access chains of
    /// constant indices. Zeroed where lane memory is (a new workgroup or batch).
    pub promoted: Vec<Id>,
    /// Built-in inputs: (built-in, word offset in a lane's memory).
    pub builtins: Vec<(Builtin, u32)>,
    /// Compute built-in inputs kept in registers instead (each its variable's register): those
    /// only loaded, whole or through access chains of constant indices.
    pub builtin_regs: Vec<(Builtin, Id)>,
    pub funcs: Vec<Func>,
    pub entry: usize,
    /// The source positions `Block::lines` refers to.
    pub locations: Vec<crate::SourceLocation>,
}

/// Decorations of one id.
#[derive(Default, Clone)]
struct Decos {
    set: Option<u32>,
    binding: Option<u32>,
    builtin: Option<BuiltIn>,
    spec_id: Option<u32>,
    array_stride: Option<u32>,
    block: bool,
    buffer_block: bool,
    non_writable: bool,
    location: Option<u32>,
    flat: bool,
    no_perspective: bool,
    /// `PerVertexKHR` (fragment barycentrics' per-vertex inputs): not run.
    per_vertex: bool,
    /// A `Component` decoration (a varying sharing its location with others).
    component: Option<u32>,
}

/// The varyings of `slots` at component `component` of their locations (a `Component`
/// decoration; each element of an array at its own location).
fn at_component(slots: &mut [Option<Slot>], component: Option<u32>) {
    for slot in slots {
        if let (Some(Slot::Varying(v)), Some(c)) = (slot, component) {
            v.component = c;
        }
    }
}

/// One slot of a graphics stage's interface: a built-in or a `Location` varying, at a lane
/// word.
enum Slot {
    Builtin(BuiltIn, u32),
    Varying(Varying),
}

#[derive(Default, Clone)]
struct MemberDecos {
    offset: Option<u32>,
    matrix_stride: Option<u32>,
    row_major: bool,
    non_writable: bool,
    builtin: Option<BuiltIn>,
    location: Option<u32>,
    flat: bool,
    no_perspective: bool,
    component: Option<u32>,
}

struct Decoder {
    types: Vec<Option<Type>>,
    /// Result type of every value id.
    value_type: Vec<Id>,
    consts: Vec<Option<Vec<u32>>>,
    decos: HashMap<Id, Decos>,
    members: HashMap<(Id, u32), MemberDecos>,
    layouts: Vec<LNode>,
    layout_memo: HashMap<(Id, bool), usize>,
    leaves_memo: HashMap<usize, Rc<[u32]>>,
    /// Layout of the memory every pointer id points to.
    ptr_layout: HashMap<Id, usize>,
    glsl_ext: Option<Id>,
    /// Imported `NonSemantic.*` instruction sets (e.g. `NonSemantic.DebugPrintf`): their
    /// instructions have no semantic effect (SPIR-V §2.20), so the device skips them.
    non_semantic: Vec<Id>,
    /// Image types: whether each is a storage image (`Sampled` 2), and why the device cannot
    /// use one (3D arrays, multisampled storage images, subpass inputs).
    image_storage: HashMap<Id, bool>,
    image_unsupported: HashMap<Id, String>,
    /// Texel buffer image types (`Dim::Buffer`): run as 1D images (an [`Image`](crate::Image) of
    /// height 1, one level), bound without a sampler even inside an `OpTypeSampledImage`.
    texel_buffers: std::collections::HashSet<Id>,
    /// Subpass input image types (`Dim::SubpassData`): a 2D image (multisampled for
    /// `subpassInputMS`) bound at the variable's (set, binding), read at the fragment's pixel.
    subpass_images: std::collections::HashSet<Id>,
    /// Globals the device cannot represent, with why: an error only if the entry point uses them.
    deferred: Vec<(Id, String)>,
    /// A fragment entry point: implicit levels of detail and derivatives come from 2x2 quads.
    fragment: bool,
    /// `OpString`s (the file names of `OpLine`s).
    strings: HashMap<Id, String>,
    /// Index plus one in `Prog::locations` of each `OpLine`'s (file, line, column).
    locations: HashMap<(Id, u32, u32), u32>,
    /// The function variables of the function being decoded that live in registers, and the
    /// constant access chains into them: (variable, byte offset) by pointer id.
    promoted: HashMap<Id, (Id, u32)>,
    /// Register words of the promoted variables (their ids are pointers otherwise).
    promoted_words: HashMap<Id, u32>,
    /// The compute built-in input variables kept in registers ([`Prog::builtin_regs`]), as
    /// every function's `promoted` starts.
    promoted_inputs: HashMap<Id, (Id, u32)>,
    /// Pointers whose value is known when decoding: (memory object, byte offset) of variables
    /// and of access chains into them with constant indices (whose registers are constants).
    known_ptr: HashMap<Id, (u32, u32)>,
    /// The memory object of every pointer that points into a known one (any indices).
    known_obj: HashMap<Id, u32>,
    /// Descriptor arrays by variable: (descriptors, binding indices per descriptor, blocks).
    descriptor_arrays: HashMap<Id, (u32, u32, bool)>,
    /// The results of `OpImageTexelPointer` (their atomics are image atomics).
    texel_pointers: std::collections::HashSet<Id>,
}

fn invalid(m: impl Into<String>) -> Error {
    Error::Invalid(m.into())
}

fn unsupported(m: impl Into<String>) -> Error {
    Error::Unsupported(m.into())
}

/// The `GroupOperation` operand `i` of a subgroup instruction.
fn group_operation(inst: &Instruction, i: usize) -> Result<Scan, Error> {
    Ok(match inst.operands.get(i) {
        Some(Operand::GroupOperation(spirv::GroupOperation::Reduce)) => Scan::Reduce,
        Some(Operand::GroupOperation(spirv::GroupOperation::InclusiveScan)) => Scan::Inclusive,
        Some(Operand::GroupOperation(spirv::GroupOperation::ExclusiveScan)) => Scan::Exclusive,
        Some(Operand::GroupOperation(spirv::GroupOperation::ClusteredReduce)) => Scan::Clustered,
        other => return Err(unsupported(format!("{:?} with group operation {other:?}", inst.class.opcode))),
    })
}

fn id_at(inst: &Instruction, i: usize) -> Result<Id, Error> {
    match inst.operands.get(i) {
        Some(Operand::IdRef(id) | Operand::IdScope(id) | Operand::IdMemorySemantics(id)) => Ok(*id),
        other => Err(invalid(format!("{:?}: operand {i} is {other:?}, expected an id", inst.class.opcode))),
    }
}

fn lit_at(inst: &Instruction, i: usize) -> Result<u32, Error> {
    match inst.operands.get(i) {
        Some(Operand::LiteralBit32(v) | Operand::LiteralExtInstInteger(v)) => Ok(*v),
        other => Err(invalid(format!("{:?}: operand {i} is {other:?}, expected a literal", inst.class.opcode))),
    }
}

fn result(inst: &Instruction) -> Result<(Id, Id), Error> {
    match (inst.result_type, inst.result_id) {
        (Some(t), Some(r)) => Ok((t, r)),
        _ => Err(invalid(format!("{:?} without result", inst.class.opcode))),
    }
}

pub(crate) fn decode(words: &[u32], entry: &str, spec: &[(u32, u64)]) -> Result<Prog, Error> {
    let module = crate::load_module(words).map_err(|e| invalid(e.to_string()))?;
    let bound = module.header.as_ref().map_or(0, |h| h.bound) as usize;
    let mut d = Decoder {
        types: vec![None; bound],
        value_type: vec![0; bound],
        consts: vec![None; bound],
        decos: HashMap::new(),
        members: HashMap::new(),
        layouts: Vec::new(),
        layout_memo: HashMap::new(),
        leaves_memo: HashMap::new(),
        ptr_layout: HashMap::new(),
        glsl_ext: None,
        non_semantic: Vec::new(),
        image_storage: HashMap::new(),
        image_unsupported: HashMap::new(),
        texel_buffers: Default::default(),
        subpass_images: Default::default(),
        deferred: Vec::new(),
        fragment: false,
        strings: HashMap::new(),
        locations: HashMap::new(),
        promoted: HashMap::new(),
        promoted_words: HashMap::new(),
        promoted_inputs: HashMap::new(),
        known_ptr: HashMap::new(),
        known_obj: HashMap::new(),
        descriptor_arrays: HashMap::new(),
        texel_pointers: std::collections::HashSet::new(),
    };
    for inst in &module.debug_string_source {
        if let (Op::String, Some(id), Some(Operand::LiteralString(name))) = (inst.class.opcode, inst.result_id, inst.operands.first()) {
            d.strings.insert(id, name.clone());
        }
    }
    for inst in &module.ext_inst_imports {
        if let (Some(id), Some(Operand::LiteralString(name))) = (inst.result_id, inst.operands.first()) {
            if name == "GLSL.std.450" {
                d.glsl_ext = Some(id);
            } else if name.starts_with("NonSemantic.") {
                d.non_semantic.push(id);
            } else {
                return Err(unsupported(format!("extended instruction set {name}")));
            }
        }
    }
    for inst in &module.annotations {
        d.annotation(inst)?;
    }

    // The entry point.
    let ep = module
        .entry_points
        .iter()
        .find(|i| matches!(i.operands.get(2), Some(Operand::LiteralString(n)) if n == entry))
        .ok_or_else(|| Error::Binding(format!("no entry point named `{entry}`")))?;
    let stage = match ep.operands.first() {
        Some(Operand::ExecutionModel(spirv::ExecutionModel::GLCompute)) => Stage::Compute,
        Some(Operand::ExecutionModel(spirv::ExecutionModel::Vertex)) => Stage::Vertex,
        Some(Operand::ExecutionModel(spirv::ExecutionModel::Fragment)) => Stage::Fragment,
        other => return Err(unsupported(format!("entry point `{entry}` has execution model {other:?}"))),
    };
    d.fragment = stage == Stage::Fragment;
    let entry_id = id_at(ep, 1)?;
    let interface: Vec<Id> = (3..ep.operands.len()).filter_map(|i| id_at(ep, i).ok()).collect();
    let mut workgroup_size = if stage == Stage::Compute { [1, 1, 1] } else { [GRAPHICS_LANES, 1, 1] };
    let mut local_size_id = None;
    let mut early_fragment_tests = false;
    for mode in &module.execution_modes {
        if id_at(mode, 0)? != entry_id {
            continue;
        }
        match mode.operands.get(1) {
            Some(Operand::ExecutionMode(spirv::ExecutionMode::EarlyFragmentTests)) => early_fragment_tests = true,
            _ if stage != Stage::Compute => {}
            Some(Operand::ExecutionMode(spirv::ExecutionMode::LocalSize)) => {
                workgroup_size = [lit_at(mode, 2)?, lit_at(mode, 3)?, lit_at(mode, 4)?];
            }
            Some(Operand::ExecutionMode(spirv::ExecutionMode::LocalSizeId)) => {
                local_size_id = Some([id_at(mode, 2)?, id_at(mode, 3)?, id_at(mode, 4)?]);
            }
            _ => {}
        }
    }

    // Types, constants and global variables.
    let spec: HashMap<u32, u64> = spec.iter().copied().collect();
    let mut globals = Vec::new();
    for inst in &module.types_global_values {
        match d.global(inst, &spec, &mut globals) {
            // Unsupported globals matter only if the entry point uses them (checked below).
            Err(Error::Unsupported(m)) => d.deferred.push((inst.result_id.unwrap_or(0), m)),
            other => other?,
        }
    }
    if let (Some(ids), Stage::Compute) = (local_size_id, stage) {
        for (k, id) in ids.into_iter().enumerate() {
            workgroup_size[k] = d.const_words(id)?[0];
        }
    }
    for (&id, decos) in &d.decos {
        if decos.builtin == Some(BuiltIn::WorkgroupSize) && stage == Stage::Compute {
            if let Some(Some(words)) = d.consts.get(id as usize) {
                workgroup_size = [words[0], words[1], words[2]];
            }
        }
    }
    if workgroup_size.contains(&0) || workgroup_size.iter().product::<u32>() > 1024 {
        return Err(invalid(format!("workgroup size {workgroup_size:?}")));
    }

    // Memory objects for the global variables.
    let mut prog = Prog {
        stage,
        inputs: Vec::new(),
        outputs: Vec::new(),
        position: None,
        frag_depth: None,
        sample_mask: None,
        early_fragment_tests,
        sample_shading: false,
        interpolates: false,
        workgroup_size,
        bindings: Vec::new(),
        used: Vec::new(),
        unbounded: Vec::new(),
        unbounded_buffers: Vec::new(),
        objs: Vec::new(),
        wg_words: 0,
        lane_words: 0,
        reg_words: Vec::new(),
        consts: Vec::new(),
        wg_initialized: Vec::new(),
        lane_inits: Vec::new(),
        promoted: Vec::new(),
        builtins: Vec::new(),
        builtin_regs: Vec::new(),
        funcs: Vec::new(),
        entry: 0,
        locations: Vec::new(),
    };
    let mut push_vars = Vec::new();
    let mut buffer_vars = Vec::new();
    let mut handle_vars = Vec::new();
    // Combined image samplers: the variable and its sampler's binding index.
    let mut combined: Vec<(Id, usize)> = Vec::new();
    // Descriptor arrays: the variable, its first binding index and how many it has.
    let mut arrays: Vec<(Id, usize, usize)> = Vec::new();
    // The runtime-sized descriptor arrays of handles ([`Prog::unbounded`]), with their kinds.
    let mut unbounded_vars = Vec::new();
    // The runtime-sized descriptor arrays of blocks ([`Prog::unbounded_buffers`]).
    let mut unbounded_buffer_vars = Vec::new();
    // Compute built-in input variables: (variable, word offset in lane memory, words).
    let mut builtin_inputs: Vec<(Id, u32, u32)> = Vec::new();
    for &(var, ty, sc, init) in &globals {
        let Some(Type::Pointer { pointee, .. }) = d.ty(ty).cloned() else {
            return Err(invalid("variable of non-pointer type"));
        };
        let result = (|| -> Result<(), Error> {
            match sc {
                StorageClass::Uniform | StorageClass::StorageBuffer | StorageClass::PushConstant => {
                    // A descriptor array of blocks: one binding per block (Vulkan "DescriptorSet
                    // and Binding Assignment"); the variable points to the first block.
                    let (block, count) = match d.ty(pointee) {
                        Some(&Type::Array { elem, len }) if sc != StorageClass::PushConstant => {
                            if !matches!(d.ty(elem), Some(Type::Struct { .. })) {
                                return Err(unsupported("arrays of arrays of buffers (descriptor arrays)"));
                            }
                            (elem, len)
                        }
                        Some(&Type::RuntimeArray { elem }) if sc != StorageClass::PushConstant => {
                            if !matches!(d.ty(elem), Some(Type::Struct { .. })) {
                                return Err(unsupported("runtime-sized arrays of arrays of buffers (descriptor arrays)"));
                            }
                            let layout = d.layout(elem, true)?;
                            d.ptr_layout.insert(var, layout);
                            let decos = d.decos.get(&var).cloned().unwrap_or_default();
                            prog.unbounded_buffers.push((decos.set.unwrap_or(0), decos.binding.unwrap_or(0)));
                            d.descriptor_arrays.insert(var, (u32::MAX, 1, true));
                            unbounded_buffer_vars.push(var);
                            return Ok(());
                        }
                        _ => (pointee, 0),
                    };
                    let layout = d.layout(block, true)?;
                    d.ptr_layout.insert(var, layout);
                    if sc == StorageClass::PushConstant {
                        push_vars.push(var);
                        return Ok(());
                    }
                    let decos = d.decos.get(&var).cloned().unwrap_or_default();
                    let tdecos = d.decos.get(&block).cloned().unwrap_or_default();
                    let storage = sc == StorageClass::StorageBuffer || tdecos.buffer_block;
                    let read_only = decos.non_writable || d.all_members_non_writable(block);
                    let kind = if storage { BindingKind::Storage { read_only } } else { BindingKind::Uniform };
                    let min_size = d.min_size(layout);
                    let (set, binding) = (decos.set.unwrap_or(0), decos.binding.unwrap_or(0));
                    if count > 0 {
                        arrays.push((var, prog.bindings.len(), count as usize));
                        d.descriptor_arrays.insert(var, (count, 1, true));
                        for element in 0..count {
                            prog.bindings.push(BindingInfo { set, binding, kind, min_size, element });
                        }
                        return Ok(());
                    }
                    buffer_vars.push((var, prog.bindings.len()));
                    prog.bindings.push(BindingInfo { set, binding, kind, min_size, element: 0 });
                }
                StorageClass::Workgroup | StorageClass::Private | StorageClass::Input | StorageClass::Output => {
                    let layout = d.layout(pointee, false)?;
                    d.ptr_layout.insert(var, layout);
                    let words = d.size(layout) / 4;
                    let obj = prog.objs.len() as u32;
                    if sc == StorageClass::Workgroup {
                        if init.is_some() {
                            prog.wg_initialized.push((prog.wg_words, words));
                        }
                        prog.objs.push(Obj::Workgroup { base: prog.wg_words, words });
                        prog.wg_words += words;
                    } else {
                        let base = prog.lane_words;
                        prog.objs.push(Obj::Lane { base, words });
                        prog.lane_words += words;
                        if let Some(init) = init {
                            prog.lane_inits.push((base, d.const_words(init)?.to_vec()));
                        }
                        if sc == StorageClass::Input && (stage == Stage::Compute || interface.contains(&var)) {
                            d.input_builtins(var, pointee, base, &mut prog.builtins, &mut prog.inputs)?;
                            if stage == Stage::Compute && d.decos.get(&var).is_some_and(|v| v.builtin.is_some()) {
                                builtin_inputs.push((var, base, words));
                            }
                        }
                        if sc == StorageClass::Output && interface.contains(&var) {
                            d.outputs(var, pointee, base, &mut prog)?;
                        }
                    }
                    prog.consts.push((var, vec![obj, 0]));
                    d.known_ptr.insert(var, (obj, 0));
                }
                StorageClass::UniformConstant => {
                    // A descriptor array of handles: the binding indices of its descriptors one
                    // after another (a combined image sampler's image and sampler each).
                    let (pointee, count, arrayed) = match d.ty(pointee) {
                        Some(&Type::Array { elem, len }) if d.is_handle(elem) => (elem, len, true),
                        Some(&Type::RuntimeArray { elem }) if d.is_handle(elem) => {
                            let decos = d.decos.get(&var).cloned().unwrap_or_default();
                            let kinds = match d.ty(elem) {
                                Some(Type::Image(_)) => vec![BindingKind::Image { storage: d.image_storage.get(&elem).copied().unwrap_or(false) }],
                                Some(Type::Sampler) => vec![BindingKind::Sampler],
                                _ => vec![BindingKind::Image { storage: false }, BindingKind::Sampler],
                            };
                            d.descriptor_arrays.insert(var, (u32::MAX, kinds.len() as u32, false));
                            unbounded_vars.push((var, kinds.len() as u32));
                            prog.unbounded.push((decos.set.unwrap_or(0), decos.binding.unwrap_or(0), kinds));
                            return Ok(());
                        }
                        Some(Type::RuntimeArray { .. }) => return Err(unsupported("runtime-sized arrays of arrays of textures or samplers")),
                        _ => (pointee, 1, false),
                    };
                    // The image type, and the binding's kind (`None`: a combined image sampler,
                    // an image and a sampler bound at the same (set, binding)).
                    let (image, kind) = match d.ty(pointee) {
                        Some(Type::Image(_)) => {
                            let storage = d.image_storage.get(&pointee).copied().unwrap_or(false);
                            (pointee, Some(BindingKind::Image { storage }))
                        }
                        Some(Type::Sampler) => (pointee, Some(BindingKind::Sampler)),
                        // A uniform texel buffer (`samplerBuffer`) has no sampler to bind.
                        Some(&Type::SampledImage { image }) if d.texel_buffers.contains(&image) => {
                            (image, Some(BindingKind::Image { storage: false }))
                        }
                        Some(&Type::SampledImage { image }) => (image, None),
                        Some(Type::Array { .. } | Type::RuntimeArray { .. }) => {
                            return Err(unsupported("arrays of arrays of textures or samplers"))
                        }
                        _ => return Err(unsupported("UniformConstant variables other than images and samplers")),
                    };
                    if let Some(why) = d.image_unsupported.get(&image) {
                        return Err(unsupported(why.clone()));
                    }
                    let decos = d.decos.get(&var).cloned().unwrap_or_default();
                    let (set, binding) = (decos.set.unwrap_or(0), decos.binding.unwrap_or(0));
                    // The variable's "pointer" is the binding's index (a combined one's: the
                    // image's and the sampler's): a load copies it.
                    let first = prog.bindings.len();
                    buffer_vars.push((var, first));
                    handle_vars.push(var);
                    if kind.is_none() {
                        combined.push((var, first + 1));
                    }
                    for element in 0..count {
                        match kind {
                            Some(kind) => prog.bindings.push(BindingInfo { set, binding, kind, min_size: 0, element }),
                            None => {
                                let image = BindingKind::Image { storage: false };
                                prog.bindings.push(BindingInfo { set, binding, kind: image, min_size: 0, element });
                                prog.bindings.push(BindingInfo { set, binding, kind: BindingKind::Sampler, min_size: 0, element });
                            }
                        }
                    }
                    if arrayed {
                        let stride = if kind.is_none() { 2 } else { 1 };
                        arrays.push((var, first, (count * stride) as usize));
                        d.descriptor_arrays.insert(var, (count, stride, false));
                    }
                }
                other => return Err(unsupported(format!("variables in storage class {other:?}"))),
            }
            Ok(())
        })();
        match result {
            Err(Error::Unsupported(m)) => d.deferred.push((var, m)),
            other => other?,
        }
    }
    // Buffers are objects too; their pointers are constants like the others.
    for &(var, slot) in &buffer_vars {
        if handle_vars.contains(&var) {
            let sampler = combined.iter().find(|c| c.0 == var).map_or(0, |c| c.1 as u32);
            prog.consts.push((var, vec![slot as u32, sampler]));
            continue;
        }
        prog.consts.push((var, vec![prog.objs.len() as u32, 0]));
        d.known_ptr.insert(var, (prog.objs.len() as u32, 0));
        prog.objs.push(Obj::Buffer { slot });
    }
    // A descriptor array of blocks: an object per block, the variable's pointer the first.
    for &(var, first, count) in &arrays {
        if d.descriptor_arrays.get(&var).is_some_and(|a| a.2) {
            prog.consts.push((var, vec![prog.objs.len() as u32, 0]));
            prog.objs.extend((first..first + count).map(|slot| Obj::Buffer { slot }));
        }
    }
    let push_slot = prog.bindings.len();
    // The runtime-sized arrays of blocks' elements: the slots after the push constants'.
    let mut first_handle = push_slot as u32 + 1;
    for var in unbounded_buffer_vars {
        prog.consts.push((var, vec![prog.objs.len() as u32, 0]));
        let first = first_handle as usize;
        prog.objs.extend((0..UNBOUNDED_BUFFERS).map(|k| Obj::Buffer { slot: first + k }));
        first_handle += UNBOUNDED_BUFFERS as u32;
    }
    for (var, kinds) in unbounded_vars {
        // Its elements' binding indices follow the push constants' slot (and the blocks').
        let base = first_handle;
        prog.consts.push((var, vec![base, base + 1]));
        first_handle += UNBOUNDED_HANDLES as u32 * kinds;
    }
    for var in push_vars {
        prog.consts.push((var, vec![prog.objs.len() as u32, 0]));
        d.known_ptr.insert(var, (prog.objs.len() as u32, 0));
        prog.objs.push(Obj::Buffer { slot: push_slot });
    }

    // Functions: ids first (calls may come before the callee), then bodies.
    let func_index: HashMap<Id, usize> =
        module.functions.iter().enumerate().filter_map(|(i, f)| Some((f.def.as_ref()?.result_id?, i))).collect();
    for f in &module.functions {
        for p in &f.parameters {
            let (t, r) = result(p)?;
            d.value_type[r as usize] = t;
            if let Some(Type::Pointer { sc, pointee }) = d.ty(t).cloned() {
                if d.is_handle(pointee) {
                    continue;
                }
                let explicit = matches!(sc, StorageClass::Uniform | StorageClass::StorageBuffer | StorageClass::PushConstant);
                let layout = d.layout(pointee, explicit)?;
                d.ptr_layout.insert(r, layout);
            }
        }
        for b in &f.blocks {
            for inst in &b.instructions {
                if let (Some(t), Some(r)) = (inst.result_type, inst.result_id) {
                    d.value_type[r as usize] = t;
                }
            }
        }
        if let Some(def) = &f.def {
            let (t, r) = result(def)?;
            d.value_type[r as usize] = t;
        }
    }
    let entry = *func_index.get(&entry_id).ok_or_else(|| invalid("entry point without a function"))?;
    let reachable = reachable_functions(&module, &func_index, entry)?;
    // Compute built-ins only loaded (whole or through constant chains) in every function live
    // in registers, filled per workgroup (`Thread::run_workgroup`) instead of lane memory.
    d.promoted_inputs = builtin_inputs.iter().map(|&(var, _, _)| (var, (var, 0))).collect();
    for (i, f) in module.functions.iter().enumerate() {
        if reachable[i] && !d.promoted_inputs.is_empty() {
            let kept = d.promotable(f)?;
            d.promoted_inputs.retain(|var, _| kept.contains_key(var));
        }
    }
    for &(var, base, words) in &builtin_inputs {
        if d.promoted_inputs.contains_key(&var) {
            // Not a pointer any more: a register of its own, different in every lane.
            prog.consts.retain(|&(id, _)| id != var);
            d.known_ptr.remove(&var);
            d.promoted_words.insert(var, words);
            if let Some(k) = prog.builtins.iter().position(|&(_, at)| at == base) {
                let (builtin, _) = prog.builtins.remove(k);
                prog.builtin_regs.push((builtin, var));
            }
        }
    }
    let mut used_ids = std::collections::HashSet::new();
    for (i, f) in module.functions.iter().enumerate() {
        let func = if reachable[i] {
            d.function(f, &func_index, &mut prog, &mut used_ids, i == entry)?
        } else {
            // Another entry point's: never run.
            Func { blocks: Vec::new(), params: f.parameters.iter().filter_map(|p| p.result_id).collect(), ret: 0 }
        };
        prog.funcs.push(func);
    }
    if let Some((_, why)) = d.deferred.iter().find(|(id, _)| used_ids.contains(id)) {
        return Err(unsupported(why.clone()));
    }
    prog.entry = entry;
    link_calls(&mut prog);
    prog.used = vec![false; prog.bindings.len()];
    for &(var, slot) in buffer_vars.iter().chain(&combined) {
        prog.used[slot] = used_ids.contains(&var);
    }
    for &(var, first, count) in &arrays {
        prog.used[first..first + count].fill(used_ids.contains(&var));
    }

    // Register sizes and constants.
    prog.reg_words = (0..bound).map(|id| d.reg_words(id as Id)).collect();
    for (id, value) in d.consts.iter().enumerate() {
        if let Some(words) = value {
            prog.consts.push((id as Id, words.clone()));
        }
    }
    let per_sample = |b: &(Builtin, u32)| matches!(b.0, Builtin::SampleId | Builtin::SamplePosition);
    prog.sample_shading = d.fragment && prog.builtins.iter().any(per_sample);
    prog.interpolates = prog.funcs.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.insts).any(|i| matches!(i, Inst::Interpolate { .. }));
    Ok(prog)
}

/// Which functions the entry point can call (itself included); recursion is an error.
fn reachable_functions(module: &rspirv::dr::Module, index: &HashMap<Id, usize>, entry: usize) -> Result<Vec<bool>, Error> {
    // Registers are allocated per id, so one activation per function at a time (SPIR-V for
    // Vulkan forbids recursion: Vulkan spec "Shader Call Graph").
    fn visit(module: &rspirv::dr::Module, index: &HashMap<Id, usize>, f: usize, state: &mut Vec<u8>) -> Result<(), Error> {
        match state[f] {
            1 => return Err(invalid("recursive function calls")),
            2 => return Ok(()),
            _ => {}
        }
        state[f] = 1;
        for b in &module.functions[f].blocks {
            for inst in &b.instructions {
                if inst.class.opcode == Op::FunctionCall {
                    let callee = *index.get(&id_at(inst, 0)?).ok_or_else(|| invalid("call of an unknown function"))?;
                    visit(module, index, callee, state)?;
                }
            }
        }
        state[f] = 2;
        Ok(())
    }
    let mut state = vec![0; module.functions.len()];
    visit(module, index, entry, &mut state)?;
    Ok(state.into_iter().map(|s| s == 2).collect())
}

impl Decoder {
    fn ty(&self, id: Id) -> Option<&Type> {
        self.types.get(id as usize)?.as_ref()
    }

    fn annotation(&mut self, inst: &Instruction) -> Result<(), Error> {
        match inst.class.opcode {
            Op::Decorate | Op::DecorateId => {
                let target = id_at(inst, 0)?;
                let e = self.decos.entry(target).or_default();
                match inst.operands.get(1) {
                    Some(Operand::Decoration(Decoration::DescriptorSet)) => e.set = Some(lit_at(inst, 2)?),
                    Some(Operand::Decoration(Decoration::Binding)) => e.binding = Some(lit_at(inst, 2)?),
                    Some(Operand::Decoration(Decoration::SpecId)) => e.spec_id = Some(lit_at(inst, 2)?),
                    Some(Operand::Decoration(Decoration::ArrayStride)) => e.array_stride = Some(lit_at(inst, 2)?),
                    Some(Operand::Decoration(Decoration::Block)) => e.block = true,
                    Some(Operand::Decoration(Decoration::BufferBlock)) => e.buffer_block = true,
                    Some(Operand::Decoration(Decoration::NonWritable)) => e.non_writable = true,
                    Some(Operand::Decoration(Decoration::Location)) => e.location = Some(lit_at(inst, 2)?),
                    Some(Operand::Decoration(Decoration::Flat)) => e.flat = true,
                    Some(Operand::Decoration(Decoration::NoPerspective)) => e.no_perspective = true,
                    Some(Operand::Decoration(Decoration::PerVertexKHR)) => e.per_vertex = true,
                    Some(Operand::Decoration(Decoration::Component)) => e.component = Some(lit_at(inst, 2)?),
                    Some(Operand::Decoration(Decoration::BuiltIn)) => {
                        if let Some(Operand::BuiltIn(b)) = inst.operands.get(2) {
                            e.builtin = Some(*b);
                        }
                    }
                    _ => {}
                }
            }
            Op::MemberDecorate => {
                let target = id_at(inst, 0)?;
                let member = lit_at(inst, 1)?;
                let e = self.members.entry((target, member)).or_default();
                match inst.operands.get(2) {
                    Some(Operand::Decoration(Decoration::Offset)) => e.offset = Some(lit_at(inst, 3)?),
                    Some(Operand::Decoration(Decoration::MatrixStride)) => e.matrix_stride = Some(lit_at(inst, 3)?),
                    Some(Operand::Decoration(Decoration::RowMajor)) => e.row_major = true,
                    Some(Operand::Decoration(Decoration::NonWritable)) => e.non_writable = true,
                    Some(Operand::Decoration(Decoration::BuiltIn)) => {
                        if let Some(Operand::BuiltIn(b)) = inst.operands.get(3) {
                            e.builtin = Some(*b);
                        }
                    }
                    Some(Operand::Decoration(Decoration::Location)) => e.location = Some(lit_at(inst, 3)?),
                    Some(Operand::Decoration(Decoration::Flat)) => e.flat = true,
                    Some(Operand::Decoration(Decoration::NoPerspective)) => e.no_perspective = true,
                    Some(Operand::Decoration(Decoration::Component)) => e.component = Some(lit_at(inst, 3)?),
                    _ => {}
                }
            }
            Op::DecorationGroup | Op::GroupDecorate | Op::GroupMemberDecorate => {
                return Err(unsupported("decoration groups"));
            }
            _ => {}
        }
        Ok(())
    }

    fn all_members_non_writable(&self, ty: Id) -> bool {
        match self.ty(ty) {
            Some(Type::Struct { members }) => {
                (0..members.len() as u32).all(|m| self.members.get(&(ty, m)).is_some_and(|d| d.non_writable))
            }
            _ => false,
        }
    }

    fn const_words(&self, id: Id) -> Result<&[u32], Error> {
        self.consts
            .get(id as usize)
            .and_then(|c| c.as_deref())
            .ok_or_else(|| match self.deferred.iter().find(|(d, _)| *d == id) {
                Some((_, why)) => unsupported(why.clone()),
                None => invalid(format!("%{id} is not a constant")),
            })
    }

    /// An `OpGroupNonUniform*` instruction ([`Inst::Subgroup`]); subgroup scope only. Results
    /// of 8-, 16- or 64-bit components (GL_EXT_shader_subgroup_extended_types): broadcasts and
    /// shuffles move their words, arithmetic is [`Inst::SubgroupWide`].
    fn subgroup(&self, inst: &Instruction, r: Id, rt: Id, n: u32) -> Result<Inst, Error> {
        let op = inst.class.opcode;
        let scope = self.const_words(id_at(inst, 0)?)?[0];
        if scope != spirv::Scope::Subgroup as u32 {
            return Err(unsupported(format!("{op:?} with scope {scope} (only subgroup scope)")));
        }
        let wide = |t: Id| -> bool {
            let scalar = match self.ty(t) {
                Some(Type::Vector { elem, .. }) => *elem,
                _ => t,
            };
            !matches!(self.ty(scalar), Some(Type::Bool | Type::Int { width: 32, .. } | Type::Float { width: 32 }))
        };
        if wide(rt) {
            if let Some(arith) = self.subgroup_wide(inst, r, rt)? {
                return Ok(arith);
            }
            let moves = matches!(
                op,
                Op::GroupNonUniformBroadcast
                    | Op::GroupNonUniformBroadcastFirst
                    | Op::GroupNonUniformShuffle
                    | Op::GroupNonUniformShuffleXor
                    | Op::GroupNonUniformShuffleUp
                    | Op::GroupNonUniformShuffleDown
                    | Op::GroupNonUniformQuadBroadcast
                    | Op::GroupNonUniformQuadSwap
            );
            if !moves || self.scalar(rt).is_none() {
                return Err(unsupported(format!("{op:?} of a value of type %{rt}")));
            }
        }
        let scan = |i: usize| group_operation(inst, i);
        let arith = |op: Bin, identity: u32| -> Result<(SubgroupOp, usize), Error> { Ok((SubgroupOp::Arith { op, identity, scan: scan(1)? }, 2)) };
        // The operation and the operand index of its value (`a`); `b` follows it.
        let (sub, at) = match op {
            Op::GroupNonUniformElect => (SubgroupOp::Elect, 0),
            Op::GroupNonUniformAll => (SubgroupOp::All, 1),
            Op::GroupNonUniformAny => (SubgroupOp::Any, 1),
            Op::GroupNonUniformAllEqual => (SubgroupOp::AllEqual, 1),
            Op::GroupNonUniformBroadcast => (SubgroupOp::Broadcast, 1),
            Op::GroupNonUniformBroadcastFirst => (SubgroupOp::BroadcastFirst, 1),
            Op::GroupNonUniformBallot => (SubgroupOp::Ballot, 1),
            Op::GroupNonUniformInverseBallot => (SubgroupOp::InverseBallot, 1),
            Op::GroupNonUniformBallotBitExtract => (SubgroupOp::BallotBitExtract, 1),
            Op::GroupNonUniformBallotBitCount => (SubgroupOp::BallotBitCount(scan(1)?), 2),
            Op::GroupNonUniformBallotFindLSB => (SubgroupOp::BallotFindLsb, 1),
            Op::GroupNonUniformBallotFindMSB => (SubgroupOp::BallotFindMsb, 1),
            Op::GroupNonUniformShuffle => (SubgroupOp::Shuffle, 1),
            Op::GroupNonUniformShuffleXor => (SubgroupOp::ShuffleXor, 1),
            Op::GroupNonUniformShuffleUp => (SubgroupOp::ShuffleUp, 1),
            Op::GroupNonUniformShuffleDown => (SubgroupOp::ShuffleDown, 1),
            Op::GroupNonUniformQuadBroadcast => (SubgroupOp::QuadBroadcast, 1),
            Op::GroupNonUniformQuadSwap => (SubgroupOp::QuadSwap, 1),
            Op::GroupNonUniformIAdd => arith(Bin::IAdd, 0)?,
            Op::GroupNonUniformFAdd => arith(Bin::FAdd, 0)?,
            Op::GroupNonUniformIMul => arith(Bin::IMul, 1)?,
            Op::GroupNonUniformFMul => arith(Bin::FMul, 1.0f32.to_bits())?,
            Op::GroupNonUniformSMin => arith(Bin::SMin, i32::MAX as u32)?,
            Op::GroupNonUniformUMin => arith(Bin::UMin, u32::MAX)?,
            Op::GroupNonUniformFMin => arith(Bin::FMin, f32::INFINITY.to_bits())?,
            Op::GroupNonUniformSMax => arith(Bin::SMax, i32::MIN as u32)?,
            Op::GroupNonUniformUMax => arith(Bin::UMax, 0)?,
            Op::GroupNonUniformFMax => arith(Bin::FMax, f32::NEG_INFINITY.to_bits())?,
            Op::GroupNonUniformBitwiseAnd => arith(Bin::And, u32::MAX)?,
            Op::GroupNonUniformBitwiseOr | Op::GroupNonUniformLogicalOr => arith(Bin::Or, 0)?,
            Op::GroupNonUniformBitwiseXor | Op::GroupNonUniformLogicalXor => arith(Bin::Xor, 0)?,
            Op::GroupNonUniformLogicalAnd => arith(Bin::And, 1)?,
            _ => return Err(unsupported(format!("instruction {op:?}"))),
        };
        let a = if at > 0 { Some(id_at(inst, at)?) } else { None };
        let b = if at > 0 && inst.operands.len() > at + 1 { Some(id_at(inst, at + 1)?) } else { None };
        Ok(Inst::Subgroup { op: sub, dst: r, a, b, n })
    }

    /// A subgroup reduce or scan of 8-, 16- or 64-bit components ([`Inst::SubgroupWide`]), with
    /// the identity of its operation at the width; `None` for other operations.
    fn subgroup_wide(&self, inst: &Instruction, r: Id, rt: Id) -> Result<Option<Inst>, Error> {
        let Some(scalar) = self.scalar(rt).filter(|s| s.width() != 32 && *s != Scalar::Bool) else { return Ok(None) };
        let w = scalar.width();
        let all = crate::widths::mask(u64::MAX, w);
        let float = |x: f64| crate::widths::from_f64(x, w);
        let (op, identity) = match inst.class.opcode {
            Op::GroupNonUniformIAdd => (TOp::Core(Op::IAdd), 0),
            Op::GroupNonUniformFAdd => (TOp::Core(Op::FAdd), 0),
            Op::GroupNonUniformIMul => (TOp::Core(Op::IMul), 1),
            Op::GroupNonUniformFMul => (TOp::Core(Op::FMul), float(1.0)),
            // GLSL.std.450 FMin, UMin, SMin, FMax, UMax, SMax.
            Op::GroupNonUniformFMin => (TOp::Glsl(37), float(f64::INFINITY)),
            Op::GroupNonUniformUMin => (TOp::Glsl(38), all),
            Op::GroupNonUniformSMin => (TOp::Glsl(39), all >> 1),
            Op::GroupNonUniformFMax => (TOp::Glsl(40), float(f64::NEG_INFINITY)),
            Op::GroupNonUniformUMax => (TOp::Glsl(41), 0),
            Op::GroupNonUniformSMax => (TOp::Glsl(42), 1 << (w - 1)),
            Op::GroupNonUniformBitwiseAnd => (TOp::Core(Op::BitwiseAnd), all),
            Op::GroupNonUniformBitwiseOr => (TOp::Core(Op::BitwiseOr), 0),
            Op::GroupNonUniformBitwiseXor => (TOp::Core(Op::BitwiseXor), 0),
            _ => return Ok(None),
        };
        let scan = group_operation(inst, 1)?;
        let b = if inst.operands.len() > 3 { Some(id_at(inst, 3)?) } else { None };
        let comps = self.components(rt).0;
        Ok(Some(Inst::SubgroupWide { op, scalar, identity, scan, dst: r, a: id_at(inst, 2)?, b, comps }))
    }

    /// Whether the memory semantics `%semantics` of a barrier include `memory` (`UniformMemory`:
    /// storage buffers, `ImageMemory`: storage images; SPIR-V §3.25); a semantics that is not a
    /// plain constant counts as including it.
    fn orders(&self, semantics: Id, memory: spirv::MemorySemantics) -> bool {
        self.const_words(semantics).map_or(true, |w| w[0] & memory.bits() != 0)
    }

    /// Words per lane of a value of type `ty`.
    fn words(&self, ty: Id) -> Result<u32, Error> {
        Ok(match self.ty(ty) {
            Some(Type::Bool) => 1,
            // 8- and 16-bit scalars take a word (their bits, zero-extended), 64-bit ones two
            // (low word first).
            Some(Type::Int { width: 8 | 16 | 32, .. } | Type::Float { width: 16 | 32 }) => 1,
            Some(Type::Int { width: 64, .. } | Type::Float { width: 64 }) => 2,
            Some(Type::Int { width, .. } | Type::Float { width }) => return Err(unsupported(format!("{width}-bit scalars"))),
            Some(Type::Vector { elem, n }) => n * self.words(*elem)?,
            Some(Type::Matrix { col, n }) => n * self.words(*col)?,
            Some(Type::Array { elem, len }) => len * self.words(*elem)?,
            Some(Type::Struct { members }) => {
                let mut total = 0;
                for m in members {
                    total += self.words(*m)?;
                }
                total
            }
            Some(Type::Pointer { .. }) => 2,
            Some(Type::Image(_) | Type::Sampler) => 1,
            Some(Type::SampledImage { .. }) => 2,
            Some(Type::Void) => 0,
            Some(Type::RuntimeArray { .. }) => return Err(invalid("a runtime array as a value")),
            Some(Type::Other(op)) => return Err(unsupported(format!("values of {op:?} types"))),
            None => return Err(unsupported(format!("values of type %{ty}"))),
        })
    }

    fn reg_words(&self, id: Id) -> u32 {
        if let Some(&words) = self.promoted_words.get(&id) {
            return words;
        }
        let t = self.value_type[id as usize];
        if t == 0 {
            return self.consts[id as usize].as_ref().map_or(0, |c| c.len() as u32);
        }
        self.words(t).unwrap_or(0)
    }

    /// The component count and scalar type of a scalar or vector type.
    fn components(&self, ty: Id) -> (u32, Id) {
        match self.ty(ty) {
            Some(Type::Vector { elem, n }) => (*n, *elem),
            _ => (1, ty),
        }
    }

    fn is_float(&self, ty: Id) -> bool {
        let (_, s) = self.components(ty);
        matches!(self.ty(s), Some(Type::Float { .. }))
    }

    fn is_signed(&self, ty: Id) -> bool {
        let (_, s) = self.components(ty);
        matches!(self.ty(s), Some(Type::Int { signed: true, .. }))
    }

    fn type_of(&self, id: Id) -> Id {
        self.value_type[id as usize]
    }

    // ----------------------------------------------------------------------------- layouts

    fn push_layout(&mut self, node: LNode) -> usize {
        self.layouts.push(node);
        self.layouts.len() - 1
    }

    /// The layout of `ty` in memory; `explicit` for buffer memory (decorations), else packed.
    fn layout(&mut self, ty: Id, explicit: bool) -> Result<usize, Error> {
        self.layout_in(ty, explicit, None)
    }

    /// `matrix`: the `MatrixStride`/`RowMajor` of the struct member `ty` sits in.
    fn layout_in(&mut self, ty: Id, explicit: bool, matrix: Option<(u32, bool)>) -> Result<usize, Error> {
        if matrix.is_none() {
            if let Some(&l) = self.layout_memo.get(&(ty, explicit)) {
                return Ok(l);
            }
        }
        let node = match self.ty(ty).cloned() {
            Some(Type::Bool | Type::Int { .. } | Type::Float { .. }) => LNode::Scalar { bytes: self.scalar_bytes(ty, explicit)? },
            Some(Type::Vector { elem, n }) => {
                let bytes = self.scalar_bytes(elem, explicit)?;
                LNode::Vector { n, stride: bytes, bytes }
            }
            Some(Type::Matrix { col, n }) => {
                let (rows, elem) = self.components(col);
                let bytes = self.scalar_bytes(elem, explicit)?;
                let (stride, row_major) = match (explicit, matrix) {
                    (true, Some(m)) => m,
                    (true, None) => return Err(invalid("a matrix in a buffer without MatrixStride")),
                    (false, _) => (rows * bytes, false),
                };
                LNode::Matrix { cols: n, rows, stride, row_major, bytes }
            }
            Some(Type::Array { elem, len }) => {
                let e = self.layout_in(elem, explicit, matrix)?;
                let stride = self.array_stride(ty, e, explicit)?;
                LNode::Array { elem: e, stride, len: Some(len) }
            }
            Some(Type::RuntimeArray { elem }) => {
                let e = self.layout_in(elem, explicit, matrix)?;
                let stride = self.array_stride(ty, e, explicit)?;
                LNode::Array { elem: e, stride, len: None }
            }
            Some(Type::Struct { members }) => {
                let mut out = Vec::new();
                let mut at = 0;
                for (i, m) in members.iter().enumerate() {
                    let md = self.members.get(&(ty, i as u32)).cloned().unwrap_or_default();
                    let matrix = md.matrix_stride.map(|s| (s, md.row_major));
                    let l = self.layout_in(*m, explicit, matrix)?;
                    let offset = if explicit {
                        md.offset.ok_or_else(|| invalid(format!("member {i} of struct %{ty} in a buffer without Offset")))?
                    } else {
                        at
                    };
                    at = offset + self.size(l);
                    out.push((offset, l));
                }
                LNode::Struct { members: out }
            }
            // A buffer reference: a 64-bit device address (`decode/address.rs`).
            Some(Type::Pointer { sc: StorageClass::PhysicalStorageBuffer, .. }) => LNode::Scalar { bytes: 8 },
            Some(Type::Pointer { .. }) => return Err(unsupported("pointers stored in memory")),
            other => return Err(unsupported(format!("memory of type {other:?}"))),
        };
        let l = self.push_layout(node);
        if matrix.is_none() {
            self.layout_memo.insert((ty, explicit), l);
        }
        Ok(l)
    }

    /// The bytes a scalar of type `ty` spans in memory: its width in buffers (`explicit`), at
    /// least a word in the packed layouts.
    fn scalar_bytes(&self, ty: Id, explicit: bool) -> Result<u32, Error> {
        let words = self.words(ty)?;
        Ok(match self.ty(ty) {
            Some(Type::Int { width: width @ (8 | 16), .. } | Type::Float { width: width @ 16 }) if explicit => width / 8,
            _ => words * 4,
        })
    }

    fn array_stride(&self, ty: Id, elem: usize, explicit: bool) -> Result<u32, Error> {
        if explicit {
            self.decos
                .get(&ty)
                .and_then(|d| d.array_stride)
                .ok_or_else(|| invalid(format!("array %{ty} in a buffer without ArrayStride")))
        } else {
            Ok(self.size(elem))
        }
    }

    /// Bytes a layout spans (a runtime array: none).
    pub(crate) fn size(&self, l: usize) -> u32 {
        match &self.layouts[l] {
            LNode::Scalar { bytes } => *bytes,
            LNode::Vector { n, stride, bytes } => n.saturating_sub(1).saturating_mul(*stride).saturating_add(*bytes),
            LNode::Matrix { cols, rows, stride, row_major, bytes } => {
                if *row_major {
                    (rows - 1) * stride + cols * bytes
                } else {
                    (cols - 1) * stride + rows * bytes
                }
            }
            LNode::Array { elem, stride, len } => match len {
                Some(0) | None => 0,
                Some(n) => (n - 1).saturating_mul(*stride).saturating_add(self.size(*elem).max(*stride)),
            },
            LNode::Struct { members } => members.iter().map(|(o, l)| o.saturating_add(self.size(*l))).max().unwrap_or(0),
        }
    }

    fn min_size(&self, l: usize) -> u32 {
        self.size(l)
    }

    /// Byte offsets of a value's words in memory of layout `l`, in value order; a scalar
    /// narrower than a word is one leaf marked with its size ([`PART_1`], [`PART_2`]), a 64-bit
    /// one two word leaves.
    fn leaves(&mut self, l: usize) -> Result<Rc<[u32]>, Error> {
        if let Some(v) = self.leaves_memo.get(&l) {
            return Ok(v.clone());
        }
        let mut out = Vec::new();
        self.collect_leaves(l, 0, &mut out)?;
        let rc: Rc<[u32]> = out.into();
        self.leaves_memo.insert(l, rc.clone());
        Ok(rc)
    }

    fn collect_leaves(&self, l: usize, base: u32, out: &mut Vec<u32>) -> Result<(), Error> {
        let scalar = |out: &mut Vec<u32>, at: u32, bytes: u32| match bytes {
            1 => out.push(at | PART_1),
            2 => out.push(at | PART_2),
            _ => out.extend((0..bytes / 4).map(|w| at + 4 * w)),
        };
        match &self.layouts[l] {
            LNode::Scalar { bytes } => scalar(out, base, *bytes),
            LNode::Vector { n, stride, bytes } => (0..*n).for_each(|i| scalar(out, base + i * stride, *bytes)),
            LNode::Matrix { cols, rows, stride, row_major, bytes } => {
                for c in 0..*cols {
                    for r in 0..*rows {
                        scalar(out, base + if *row_major { r * stride + c * bytes } else { c * stride + r * bytes }, *bytes);
                    }
                }
            }
            LNode::Array { elem, stride, len } => {
                let len = len.ok_or_else(|| invalid("load or store of a whole runtime array"))?;
                for i in 0..len {
                    self.collect_leaves(*elem, base + i * stride, out)?;
                }
            }
            LNode::Struct { members } => {
                for (o, m) in members {
                    self.collect_leaves(*m, base + o, out)?;
                }
            }
        }
        Ok(())
    }

    fn pointer_layout(&mut self, ptr: Id) -> Result<usize, Error> {
        if let Some(&l) = self.ptr_layout.get(&ptr) {
            return Ok(l);
        }
        match self.ty(self.type_of(ptr)).cloned() {
            Some(Type::Pointer { sc, pointee }) => {
                let explicit = matches!(
                    sc,
                    StorageClass::Uniform | StorageClass::StorageBuffer | StorageClass::PushConstant | StorageClass::PhysicalStorageBuffer
                );
                self.layout(pointee, explicit)
            }
            _ => Err(invalid(format!("%{ptr} is not a pointer"))),
        }
    }

    /// The interface slots of a vertex or fragment input or output variable `var` at lane
    /// word `base`: its built-in or `Location`, or those of each member of a struct (a
    /// member's own `Location`, or the one after the previous member's, starting from the
    /// variable's; flat/noperspective from the member or the variable). `None` for a slot
    /// with neither.
    fn interface_slots(&self, var: Id, pointee: Id, base: u32) -> Result<Vec<Option<Slot>>, Error> {
        let none = Decos::default();
        let vd = self.decos.get(&var).unwrap_or(&none);
        if let Some(b) = vd.builtin {
            let mut slots = Vec::new();
            if !self.distances(b, pointee, base, &mut slots)? {
                slots.push(Some(Slot::Builtin(b, base)));
            }
            return Ok(slots);
        }
        if vd.per_vertex {
            // An array of three: each element its vertex's value at the location.
            let (Some(&Type::Array { elem, len: 3 }), Some(l)) = (self.ty(pointee), vd.location) else {
                return Err(unsupported("per-vertex fragment inputs (PerVertexKHR) other than arrays of three scalars or vectors"));
            };
            let words = self.words(elem)?;
            let mut slots = Vec::new();
            for k in 0..3u8 {
                let Slot::Varying(mut v) = self.varying(l, true, false, elem, base + u32::from(k) * words)? else { unreachable!() };
                v.interp = Interp::PerVertex(k);
                slots.push(Some(Slot::Varying(v)));
            }
            return Ok(slots);
        }
        let Some(Type::Struct { members }) = self.ty(pointee) else {
            let Some(l) = vd.location else { return Ok(vec![None]) };
            let mut slots = Vec::new();
            self.varyings(l, vd.flat, vd.no_perspective, pointee, base, &mut slots)?;
            at_component(&mut slots, vd.component);
            return Ok(slots);
        };
        let (mut at, mut next) = (base, vd.location);
        let mut slots = Vec::with_capacity(members.len());
        for (i, &m) in members.iter().enumerate() {
            let md = self.members.get(&(pointee, i as u32)).cloned().unwrap_or_default();
            match (md.builtin, md.location.or(next)) {
                (Some(b), _) => {
                    if !self.distances(b, m, at, &mut slots)? {
                        slots.push(Some(Slot::Builtin(b, at)));
                    }
                }
                (None, Some(l)) => {
                    let (flat, no_perspective) = (vd.flat || md.flat, vd.no_perspective || md.no_perspective);
                    let first = slots.len();
                    next = Some(l + self.varyings(l, flat, no_perspective, m, at, &mut slots)?);
                    at_component(&mut slots[first..], md.component);
                }
                (None, None) => slots.push(None),
            }
            at += self.words(m)?;
        }
        Ok(slots)
    }

    /// A `ClipDistance` or `CullDistance` array of type `ty` at lane word `base` as the
    /// varyings at [`CLIP_DISTANCES`] or [`CULL_DISTANCES`] (smooth, one location an
    /// element), appended to `out`; false for other built-ins.
    fn distances(&self, b: BuiltIn, ty: Id, base: u32, out: &mut Vec<Option<Slot>>) -> Result<bool, Error> {
        let location = match b {
            BuiltIn::ClipDistance => CLIP_DISTANCES,
            BuiltIn::CullDistance => CULL_DISTANCES,
            _ => return Ok(false),
        };
        self.varyings(location, false, false, ty, base, out)?;
        Ok(true)
    }

    /// The `Location` inputs or outputs of an interface variable (or block member) of type
    /// `ty` at lane word `base` and location `location`, appended to `out`: a scalar or vector
    /// is one; an array's elements and a matrix's columns take consecutive locations (Vulkan
    /// "Location Assignment": a 64-bit three- or four-component vector takes two), their
    /// words one after another. Returns the locations taken.
    fn varyings(&self, location: u32, flat: bool, no_perspective: bool, ty: Id, base: u32, out: &mut Vec<Option<Slot>>) -> Result<u32, Error> {
        let (elem, len) = match self.ty(ty) {
            Some(&Type::Array { elem, len }) => (elem, len),
            Some(&Type::Matrix { col, n }) => (col, n),
            // A struct (in a block, an array, another struct): its members at consecutive
            // locations, each taking what its type takes (Vulkan "Location Assignment").
            Some(Type::Struct { members }) => {
                let (mut taken, mut at) = (0, base);
                for &m in members {
                    taken += self.varyings(location + taken, flat, no_perspective, m, at, out)?;
                    at += self.words(m)?;
                }
                return Ok(taken);
            }
            _ => {
                let slot = self.varying(location, flat, no_perspective, ty, base)?;
                let (n, scalar) = self.components(ty);
                out.push(Some(slot));
                return Ok(if n > 2 && self.words(scalar)? == 2 { 2 } else { 1 });
            }
        };
        let words = self.words(elem)?;
        let mut taken = 0;
        for i in 0..len {
            taken += self.varyings(location + taken, flat, no_perspective, elem, base + i * words, out)?;
        }
        Ok(taken)
    }

    /// A `Location` input or output of scalar or vector type `ty` at lane word `base`.
    fn varying(&self, location: u32, flat: bool, no_perspective: bool, ty: Id, base: u32) -> Result<Slot, Error> {
        let words = self.words(ty)?;
        if !matches!(self.ty(ty), Some(Type::Int { .. } | Type::Float { .. } | Type::Vector { .. })) {
            return Err(unsupported("vertex and fragment inputs and outputs other than scalars and vectors"));
        }
        let scalar = match self.scalar(ty) {
            Some(s @ (Scalar::Int { width: 8 | 16 | 32 | 64, .. } | Scalar::Float { width: 16 | 32 | 64 })) => s,
            _ => return Err(unsupported("vertex and fragment inputs and outputs of other than 8-, 16-, 32- and 64-bit scalars")),
        };
        // 64-bit ones are flat (Vulkan requires `Flat` on 64-bit fragment inputs).
        let interp = if flat || !self.is_float(ty) || scalar.width() == 64 {
            Interp::Flat
        } else if no_perspective {
            Interp::NoPerspective
        } else {
            Interp::Smooth
        };
        Ok(Slot::Varying(Varying { location, component: 0, base, words, interp, scalar }))
    }

    /// Records the outputs of a vertex or fragment entry point.
    fn outputs(&self, var: Id, pointee: Id, base: u32, prog: &mut Prog) -> Result<(), Error> {
        for slot in self.interface_slots(var, pointee, base)? {
            match slot {
                Some(Slot::Builtin(BuiltIn::Position, at)) => prog.position = Some(at),
                Some(Slot::Builtin(BuiltIn::FragDepth, at)) => prog.frag_depth = Some(at),
                Some(Slot::Builtin(BuiltIn::SampleMask, at)) => prog.sample_mask = Some(at),
                // PointSize: written, never read (ClipDistance and CullDistance are varyings).
                Some(Slot::Builtin(..)) => {}
                Some(Slot::Varying(v)) => prog.outputs.push(v),
                None => return Err(unsupported("outputs without a Location or BuiltIn decoration")),
            }
        }
        Ok(())
    }

    fn input_builtins(
        &self,
        var: Id,
        pointee: Id,
        base: u32,
        out: &mut Vec<(Builtin, u32)>,
        inputs: &mut Vec<Varying>,
    ) -> Result<(), Error> {
        let map = |b: BuiltIn| -> Result<Builtin, Error> {
            Ok(match b {
                BuiltIn::GlobalInvocationId => Builtin::GlobalInvocationId,
                BuiltIn::LocalInvocationId => Builtin::LocalInvocationId,
                BuiltIn::LocalInvocationIndex => Builtin::LocalInvocationIndex,
                BuiltIn::WorkgroupId => Builtin::WorkgroupId,
                BuiltIn::NumWorkgroups => Builtin::NumWorkgroups,
                BuiltIn::SubgroupSize => Builtin::SubgroupSize,
                BuiltIn::SubgroupLocalInvocationId => Builtin::SubgroupLocalInvocationId,
                BuiltIn::SubgroupId => Builtin::SubgroupId,
                BuiltIn::NumSubgroups => Builtin::NumSubgroups,
                BuiltIn::SubgroupEqMask => Builtin::SubgroupMask(MaskOf::Eq),
                BuiltIn::SubgroupGeMask => Builtin::SubgroupMask(MaskOf::Ge),
                BuiltIn::SubgroupGtMask => Builtin::SubgroupMask(MaskOf::Gt),
                BuiltIn::SubgroupLeMask => Builtin::SubgroupMask(MaskOf::Le),
                BuiltIn::SubgroupLtMask => Builtin::SubgroupMask(MaskOf::Lt),
                BuiltIn::VertexIndex => Builtin::VertexIndex,
                BuiltIn::InstanceIndex => Builtin::InstanceIndex,
                BuiltIn::FragCoord => Builtin::FragCoord,
                BuiltIn::FrontFacing => Builtin::FrontFacing,
                BuiltIn::SampleId => Builtin::SampleId,
                BuiltIn::SamplePosition => Builtin::SamplePosition,
                BuiltIn::SampleMask => Builtin::SampleMask,
                BuiltIn::PointCoord => Builtin::PointCoord,
                BuiltIn::PrimitiveId => Builtin::PrimitiveId,
                BuiltIn::Layer | BuiltIn::ViewportIndex | BuiltIn::ViewIndex => Builtin::Layer,
                BuiltIn::FragSizeEXT => Builtin::FragSize,
                BuiltIn::FragInvocationCountEXT => Builtin::FragInvocationCount,
                BuiltIn::HelperInvocation => Builtin::HelperInvocation,
                BuiltIn::BaryCoordKHR => Builtin::BaryCoord { perspective: true },
                BuiltIn::BaryCoordNoPerspKHR => Builtin::BaryCoord { perspective: false },
                other => return Err(unsupported(format!("built-in input {other:?}"))),
            })
        };
        for slot in self.interface_slots(var, pointee, base)? {
            match slot {
                Some(Slot::Builtin(b, at)) => out.push((map(b)?, at)),
                Some(Slot::Varying(v)) => inputs.push(v),
                None => return Err(unsupported("inputs without a Location or BuiltIn decoration")),
            }
        }
        Ok(())
    }

    // ----------------------------------------------------------------------------- globals

    fn global(
        &mut self,
        inst: &Instruction,
        spec: &HashMap<u32, u64>,
        globals: &mut Vec<(Id, Id, StorageClass, Option<Id>)>,
    ) -> Result<(), Error> {
        let op = inst.class.opcode;
        let rid = inst.result_id.unwrap_or(0);
        let set_type = |d: &mut Decoder, t: Type| {
            d.types[rid as usize] = Some(t);
        };
        match op {
            Op::TypeVoid => set_type(self, Type::Void),
            Op::TypeBool => set_type(self, Type::Bool),
            Op::TypeInt => {
                let t = Type::Int { width: lit_at(inst, 0)?, signed: lit_at(inst, 1)? != 0 };
                set_type(self, t)
            }
            Op::TypeFloat => {
                let t = Type::Float { width: lit_at(inst, 0)? };
                set_type(self, t)
            }
            Op::TypeVector => {
                let t = Type::Vector { elem: id_at(inst, 0)?, n: lit_at(inst, 1)? };
                set_type(self, t)
            }
            Op::TypeMatrix => {
                let t = Type::Matrix { col: id_at(inst, 0)?, n: lit_at(inst, 1)? };
                set_type(self, t)
            }
            Op::TypeArray => {
                let len = self.const_words(id_at(inst, 1)?)?[0];
                let t = Type::Array { elem: id_at(inst, 0)?, len };
                set_type(self, t)
            }
            Op::TypeRuntimeArray => {
                let t = Type::RuntimeArray { elem: id_at(inst, 0)? };
                set_type(self, t)
            }
            Op::TypeStruct => {
                let members = (0..inst.operands.len()).map(|i| id_at(inst, i)).collect::<Result<_, _>>()?;
                set_type(self, Type::Struct { members })
            }
            Op::TypePointer => {
                let sc = match inst.operands.first() {
                    Some(Operand::StorageClass(sc)) => *sc,
                    _ => return Err(invalid("OpTypePointer without storage class")),
                };
                let t = Type::Pointer { sc, pointee: id_at(inst, 1)? };
                set_type(self, t)
            }
            // The pointer type's own `OpTypePointer` follows.
            Op::TypeForwardPointer => {}
            Op::TypeImage => {
                let dim = match inst.operands.get(1) {
                    Some(Operand::Dim(d)) => *d,
                    _ => return Err(invalid("OpTypeImage without Dim")),
                };
                let (arrayed, ms, sampled) = (lit_at(inst, 3)? != 0, lit_at(inst, 4)? != 0, lit_at(inst, 5)?);
                if dim == spirv::Dim::DimBuffer {
                    self.texel_buffers.insert(rid);
                }
                let subpass = dim == spirv::Dim::DimSubpassData;
                if subpass {
                    self.subpass_images.insert(rid);
                }
                let dims = match dim {
                    // A texel buffer is addressed like a 1D image (texelFetch, imageLoad/Store,
                    // imageSize: one integer coordinate, level 0).
                    spirv::Dim::Dim1D | spirv::Dim::DimBuffer => 1,
                    spirv::Dim::Dim2D | spirv::Dim::DimSubpassData => 2,
                    spirv::Dim::Dim3D | spirv::Dim::DimCube => 3,
                    _ => 0,
                };
                let cube = dim == spirv::Dim::DimCube;
                let why = if dims == 0 {
                    Some(format!("{dim:?} images"))
                } else if ms && (dims != 2 || cube) {
                    Some("multisampled images other than 2D (array) ones".to_string())
                } else if dims == 3 && !cube && arrayed {
                    Some("3D array images".to_string())
                } else {
                    None
                };
                if let Some(why) = why {
                    self.image_unsupported.insert(rid, why);
                }
                // An input attachment is read only, as a sampled image's texels are.
                self.image_storage.insert(rid, sampled == 2 && !subpass);
                set_type(self, Type::Image(ImageType { dims: dims.max(1), arrayed, cube }))
            }
            Op::TypeSampler => set_type(self, Type::Sampler),
            Op::TypeSampledImage => {
                let t = Type::SampledImage { image: id_at(inst, 0)? };
                set_type(self, t)
            }
            Op::TypeFunction => set_type(self, Type::Other(op)),
            Op::Constant | Op::SpecConstant => {
                let (t, r) = result(inst)?;
                self.value_type[r as usize] = t;
                let mut value = match inst.operands.first() {
                    Some(Operand::LiteralBit32(v)) => u64::from(*v),
                    Some(Operand::LiteralBit64(v)) => *v,
                    _ => return Err(invalid("OpConstant operand")),
                };
                if op == Op::SpecConstant {
                    if let Some(v) = self.spec_value(r, spec) {
                        value = v;
                    }
                }
                self.consts[r as usize] = Some(self.scalar_words(t, value)?);
            }
            Op::ConstantTrue | Op::ConstantFalse | Op::SpecConstantTrue | Op::SpecConstantFalse => {
                let (t, r) = result(inst)?;
                self.value_type[r as usize] = t;
                let mut v = matches!(op, Op::ConstantTrue | Op::SpecConstantTrue) as u32;
                if matches!(op, Op::SpecConstantTrue | Op::SpecConstantFalse) {
                    if let Some(s) = self.spec_value(r, spec) {
                        v = (s != 0) as u32;
                    }
                }
                self.consts[r as usize] = Some(vec![v]);
            }
            Op::ConstantComposite | Op::SpecConstantComposite => {
                let (t, r) = result(inst)?;
                self.value_type[r as usize] = t;
                let mut words = Vec::new();
                for i in 0..inst.operands.len() {
                    words.extend_from_slice(self.const_words(id_at(inst, i)?)?);
                }
                self.consts[r as usize] = Some(words);
            }
            Op::ConstantNull | Op::Undef => {
                let (t, r) = result(inst)?;
                self.value_type[r as usize] = t;
                if matches!(self.ty(t), Some(Type::Pointer { .. })) {
                    return Err(unsupported("null pointers"));
                }
                self.consts[r as usize] = Some(vec![0; self.words(t)? as usize]);
            }
            Op::SpecConstantOp => {
                let (t, r) = result(inst)?;
                self.value_type[r as usize] = t;
                let inner = match inst.operands.first() {
                    Some(Operand::LiteralSpecConstantOpInteger(op)) => *op,
                    _ => return Err(invalid("OpSpecConstantOp without opcode")),
                };
                let fake = Instruction::new(inner, Some(t), Some(r), inst.operands[1..].to_vec());
                let Some(decoded) = self.inst(&fake, &HashMap::new())? else {
                    return Err(unsupported(format!("OpSpecConstantOp {inner:?}")));
                };
                let value = crate::exec::eval_constant(&decoded, &self.consts, self.words(t)?)?;
                self.consts[r as usize] = Some(value);
            }
            Op::Variable => {
                let (t, r) = result(inst)?;
                self.value_type[r as usize] = t;
                let sc = match inst.operands.first() {
                    Some(Operand::StorageClass(sc)) => *sc,
                    _ => return Err(invalid("OpVariable without storage class")),
                };
                let init = inst.operands.get(1).map(|_| id_at(inst, 1)).transpose()?;
                globals.push((r, t, sc, init));
            }
            Op::String | Op::Line | Op::NoLine => {}
            Op::ExtInst => {} // non-semantic debug info
            other => return Err(unsupported(format!("global instruction {other:?}"))),
        }
        Ok(())
    }

    /// The register words of a scalar constant of type `ty` with bits `value`: a narrower
    /// scalar's bits zero-extended (SPIR-V sign-extends signed literals), 64 bits low word first.
    fn scalar_words(&self, ty: Id, value: u64) -> Result<Vec<u32>, Error> {
        Ok(match self.ty(ty) {
            Some(Type::Int { width: width @ (8 | 16), .. } | Type::Float { width: width @ 16 }) => {
                vec![value as u32 & ((1 << width) - 1)]
            }
            _ if self.words(ty)? == 2 => vec![value as u32, (value >> 32) as u32],
            _ => vec![value as u32],
        })
    }

    fn spec_value(&self, id: Id, spec: &HashMap<u32, u64>) -> Option<u64> {
        let sid = self.decos.get(&id)?.spec_id?;
        spec.get(&sid).copied()
    }

    // ----------------------------------------------------------------------------- functions

    fn function(
        &mut self,
        f: &rspirv::dr::Function,
        func_index: &HashMap<Id, usize>,
        prog: &mut Prog,
        used: &mut std::collections::HashSet<Id>,
        entry: bool,
    ) -> Result<Func, Error> {
        let def = f.def.as_ref().ok_or_else(|| invalid("function without OpFunction"))?;
        let (_, fid) = result(def)?;
        let params: Vec<Id> = f.parameters.iter().map(|p| p.result_id.unwrap_or(0)).collect();
        if f.blocks.is_empty() {
            return Err(unsupported("function declarations (linkage)"));
        }
        // Structured order: a depth-first search that visits a header's merge block and
        // continue target before its other successors, reversed (spirv-tools'
        // "structured order"), so a merge block comes after every block of its construct.
        let label_index: HashMap<Id, usize> =
            f.blocks.iter().enumerate().filter_map(|(i, b)| Some((b.label.as_ref()?.result_id?, i))).collect();
        let succ = |b: &rspirv::dr::Block| -> Result<Vec<usize>, Error> {
            let mut out = Vec::new();
            let mut push = |id: Id| -> Result<(), Error> {
                out.push(*label_index.get(&id).ok_or_else(|| invalid(format!("branch to unknown block %{id}")))?);
                Ok(())
            };
            for inst in &b.instructions {
                match inst.class.opcode {
                    Op::LoopMerge => {
                        push(id_at(inst, 0)?)?;
                        push(id_at(inst, 1)?)?;
                    }
                    Op::SelectionMerge => push(id_at(inst, 0)?)?,
                    Op::Branch => push(id_at(inst, 0)?)?,
                    Op::BranchConditional => {
                        push(id_at(inst, 2)?)?;
                        push(id_at(inst, 1)?)?;
                    }
                    Op::Switch => {
                        let mut targets = vec![id_at(inst, 1)?];
                        let mut i = 3;
                        while i < inst.operands.len() {
                            targets.push(id_at(inst, i)?);
                            i += 2;
                        }
                        for t in targets.into_iter().rev() {
                            push(t)?;
                        }
                    }
                    _ => {}
                }
            }
            Ok(out)
        };
        let n = f.blocks.len();
        let mut post = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        let mut stack: Vec<(usize, Vec<usize>, usize)> = vec![(0, succ(&f.blocks[0])?, 0)];
        seen[0] = true;
        while let Some((b, s, i)) = stack.last_mut() {
            if *i < s.len() {
                let next = s[*i];
                *i += 1;
                if !seen[next] {
                    seen[next] = true;
                    let ns = succ(&f.blocks[next])?;
                    stack.push((next, ns, 0));
                }
            } else {
                post.push(*b);
                stack.pop();
            }
        }
        let order: Vec<usize> = post.into_iter().rev().collect();
        let mut rank = vec![u32::MAX; n];
        for (r, &b) in order.iter().enumerate() {
            rank[b] = r as u32;
        }
        let target = |id: Id| -> Result<u32, Error> {
            let b = *label_index.get(&id).ok_or_else(|| invalid(format!("branch to unknown block %{id}")))?;
            Ok(rank[b])
        };

        self.promoted = self.promotable(f)?;
        let mut blocks = Vec::with_capacity(order.len());
        // (header, merge, whether a loop) by block index: the structured constructs.
        let mut constructs: Vec<(u32, u32, bool)> = Vec::new();
        // Copy propagation of register variables: a load of words a store or load earlier in
        // the block gave as the same type (and no store since touched) names that value instead
        // (`alias`), unless a phi uses it (phis of loop headers are decoded before their back
        // edge's block).
        let in_phis: std::collections::HashSet<Id> = f
            .blocks
            .iter()
            .flat_map(|b| &b.instructions)
            .filter(|i| i.class.opcode == Op::Phi)
            .flat_map(|i| &i.operands)
            .filter_map(|o| if let Operand::IdRef(id) = o { Some(*id) } else { None })
            .collect();
        let mut alias: HashMap<Id, Id> = HashMap::new();
        for &bi in &order {
            let b = &f.blocks[bi];
            let mut phis = Vec::new();
            let mut insts = Vec::new();
            let mut lines = Vec::new();
            // An `OpLine` holds until the next one, an `OpNoLine` or the end of the block.
            let mut line = 0;
            let mut term = None;
            // (variable, words) -> the register holding them.
            let mut known: Vec<(Id, Rc<[u32]>, Id)> = Vec::new();
            for inst in &b.instructions {
                let renamed;
                let inst = if inst.operands.iter().any(|o| matches!(o, Operand::IdRef(id) if alias.contains_key(id))) {
                    let mut copy = inst.clone();
                    for o in &mut copy.operands {
                        if let Operand::IdRef(id) = o {
                            if let Some(&to) = alias.get(id) {
                                *id = to;
                            }
                        }
                    }
                    renamed = copy;
                    &renamed
                } else {
                    inst
                };
                lines.resize(insts.len(), line);
                for o in &inst.operands {
                    if let Operand::IdRef(id) = o {
                        if let Some((_, why)) = self.deferred.iter().find(|(d, _)| d == id) {
                            return Err(unsupported(why.clone()));
                        }
                        used.insert(*id);
                    }
                }
                match inst.class.opcode {
                    Op::Phi => {
                        let (_, r) = result(inst)?;
                        let mut incoming = Vec::new();
                        let mut i = 0;
                        while i + 1 < inst.operands.len() {
                            let pred = id_at(inst, i + 1)?;
                            if let Some(&p) = label_index.get(&pred) {
                                if rank[p] != u32::MAX {
                                    incoming.push((id_at(inst, i)?, rank[p]));
                                }
                            }
                            i += 2;
                        }
                        if let Some(&l) = incoming.first().and_then(|(v, _)| self.ptr_layout.get(v)) {
                            self.ptr_layout.insert(r, l);
                        }
                        phis.push(Phi { dst: r, n: self.reg_words(r), incoming });
                    }
                    Op::Branch => term = Some(Term::Branch(target(id_at(inst, 0)?)?)),
                    Op::BranchConditional => {
                        term = Some(Term::Cond(id_at(inst, 0)?, target(id_at(inst, 1)?)?, target(id_at(inst, 2)?)?))
                    }
                    Op::Switch => {
                        let sel = id_at(inst, 0)?;
                        // Registers hold a narrow selector zero-extended, SPIR-V its literals
                        // sign-extended.
                        let width = match self.scalar(self.type_of(sel)) {
                            Some(Scalar::Int { width, .. }) => width,
                            _ => 32,
                        };
                        let bits = if width < 32 { (1 << width) - 1 } else { u32::MAX };
                        let default = target(id_at(inst, 1)?)?;
                        let mut cases = Vec::new();
                        let mut i = 2;
                        while i + 1 < inst.operands.len() {
                            let v = match &inst.operands[i] {
                                Operand::LiteralBit32(v) => *v & bits,
                                _ => return Err(unsupported("64-bit switch selectors")),
                            };
                            cases.push((v, target(id_at(inst, i + 1)?)?));
                            i += 2;
                        }
                        term = Some(Term::Switch { sel, default, cases });
                    }
                    Op::Return => term = Some(Term::Return),
                    Op::ReturnValue => {
                        let v = id_at(inst, 0)?;
                        term = Some(Term::ReturnValue(v, self.reg_words(fid)));
                    }
                    Op::Kill | Op::TerminateInvocation => term = Some(Term::Kill { resume: None }),
                    Op::SelectionMerge | Op::LoopMerge => {
                        constructs.push((blocks.len() as u32, target(id_at(inst, 0)?)?, inst.class.opcode == Op::LoopMerge));
                    }
                    Op::Unreachable => term = Some(Term::Return),
                    Op::Line => line = self.location(inst, prog)?,
                    Op::NoLine => line = 0,
                    Op::Variable => {
                        let (t, r) = result(inst)?;
                        let Some(Type::Pointer { pointee, .. }) = self.ty(t).cloned() else {
                            return Err(invalid("variable of non-pointer type"));
                        };
                        let layout = self.layout(pointee, false)?;
                        self.ptr_layout.insert(r, layout);
                        let words = self.size(layout) / 4;
                        if self.promoted.contains_key(&r) {
                            self.promoted_words.insert(r, words);
                            prog.promoted.push(r);
                            if inst.operands.len() > 1 {
                                let words = self.leaves(layout)?.iter().map(|leaf| leaf / 4).collect();
                                insts.push(Inst::Scatter { dst: r, src: id_at(inst, 1)?, words });
                            }
                            continue;
                        }
                        let obj = prog.objs.len() as u32;
                        prog.objs.push(Obj::Lane { base: prog.lane_words, words });
                        prog.lane_words += words;
                        prog.consts.push((r, vec![obj, 0]));
                        self.known_ptr.insert(r, (obj, 0));
                        if inst.operands.len() > 1 {
                            let init = id_at(inst, 1)?;
                            let leaves = self.leaves(layout)?;
                            insts.push(Inst::Store { ptr: r, src: init, parts: has_parts(&leaves), leaves });
                        }
                    }
                    _ => match self.inst(inst, func_index)?.map(|i| self.through_addresses(i, inst)).transpose()? {
                        Some(Inst::Gather { dst, src, words }) => {
                            // The same words as the same type (a struct of one member and
                            // its member have the same words).
                            let same = |&&(v, ref w, value): &&(Id, Rc<[u32]>, Id)| v == src && *w == words && self.type_of(value) == self.type_of(dst);
                            match known.iter().find(same) {
                                Some(&(_, _, value)) if !in_phis.contains(&dst) => {
                                    alias.insert(dst, value);
                                }
                                _ => {
                                    known.push((src, words.clone(), dst));
                                    insts.push(Inst::Gather { dst, src, words });
                                }
                            }
                        }
                        Some(Inst::Scatter { dst, src, words }) => {
                            known.retain(|(v, w, _)| *v != dst || !w.iter().any(|x| words.contains(x)));
                            known.push((dst, words.clone(), src));
                            insts.push(Inst::Scatter { dst, src, words });
                        }
                        Some(i) => insts.push(i),
                        None => {}
                    },
                }
            }
            let term = term.ok_or_else(|| invalid("block without terminator"))?;
            lines.resize(insts.len(), line);
            blocks.push(Block { phis, insts, lines, term });
        }
        if self.fragment {
            for (k, block) in blocks.iter_mut().enumerate() {
                if let Term::Kill { resume } = &mut block.term {
                    *resume = kill_resume(&constructs, k as u32);
                }
            }
        }
        // Registers the same in every lane: constants, pointers to variables.
        let pointers: std::collections::HashSet<Id> = prog.consts.iter().map(|(id, _)| *id).collect();
        let constant = |id: Id| self.consts.get(id as usize).is_some_and(|c| c.is_some()) || pointers.contains(&id);
        // The entry point's function variables in registers (a callee's keep what an earlier
        // call by other lanes left, see `uniform.rs`).
        let promoted: Vec<Id> = if entry { prog.promoted.iter().copied().filter(|v| self.promoted.contains_key(v)).collect() } else { Vec::new() };
        fold::fold(&mut blocks, |v| self.promoted.contains_key(&v));
        crate::uniform::mark(&mut blocks, &constructs, &promoted, &prog.objs, constant);
        fold::first_lane_only(&mut blocks);
        Ok(Func { blocks, params, ret: fid })
    }

    /// The memory object `ptr` points into, when known at decode time.
    fn object_of(&self, ptr: Id) -> Option<u32> {
        self.known_ptr.get(&ptr).map(|&(obj, _)| obj).or_else(|| self.known_obj.get(&ptr).copied())
    }

    /// An access chain's constant byte offset and dynamic indices (index, stride, length of a
    /// sized array or vector); records the layout its result points to.
    #[allow(clippy::type_complexity)]
    fn chain(&mut self, inst: &Instruction) -> Result<(u32, Vec<(Id, u32, Option<u32>)>), Error> {
        let base = id_at(inst, 0)?;
        let mut l = self.pointer_layout(base)?;
        let mut offset = 0;
        let mut dynamic = Vec::new();
        for i in 1..inst.operands.len() {
            let index = id_at(inst, i)?;
            let constant = self.consts.get(index as usize).and_then(|c| c.as_ref()).map(|c| c[0]);
            let (stride, len, next) = match self.layouts[l].clone() {
                LNode::Struct { members } => {
                    let m = constant.ok_or_else(|| invalid("struct index not constant"))?;
                    let (o, ml) = *members.get(m as usize).ok_or_else(|| invalid("struct index out of range"))?;
                    offset += o;
                    l = ml;
                    continue;
                }
                LNode::Array { elem, stride, len } => (stride, len, elem),
                LNode::Vector { n, stride, bytes } => (stride, Some(n), self.push_layout(LNode::Scalar { bytes })),
                LNode::Matrix { cols, rows, stride, row_major, bytes } => {
                    let col = if row_major {
                        LNode::Vector { n: rows, stride, bytes }
                    } else {
                        LNode::Vector { n: rows, stride: bytes, bytes }
                    };
                    let col = self.push_layout(col);
                    (if row_major { bytes } else { stride }, Some(cols), col)
                }
                LNode::Scalar { .. } => return Err(invalid("access chain into a scalar")),
            };
            match constant {
                Some(c) if len.is_none_or(|n| c < n) && c.checked_mul(stride).and_then(|v| v.checked_add(offset)).is_some() => {
                    offset += c * stride
                }
                _ => dynamic.push((index, stride, len)),
            }
            l = next;
        }
        if let Some(r) = inst.result_id {
            self.ptr_layout.insert(r, l);
        }
        Ok((offset, dynamic))
    }

    /// The function variables of `f` that can live in registers ([`Prog::promoted`]), and the
    /// access chains into them, with their byte offsets: a variable qualifies when its pointer
    /// (and every chain's) is only loaded from, stored to, or the base of an access chain with
    /// constant indices within bounds; any other use (a call argument, `OpCopyMemory`, an
    /// atomic, a phi, a dynamic index...) keeps it in lane memory. Since the lanes' registers
    /// are as private to each lane as lane memory, the variable behaves the same in either.
    /// The compute built-in inputs in registers ([`Decoder::promoted_inputs`]) are found the
    /// same way (the result keeps those that do not escape in `f`).
    fn promotable(&mut self, f: &rspirv::dr::Function) -> Result<HashMap<Id, (Id, u32)>, Error> {
        let mut found: HashMap<Id, (Id, u32)> = self.promoted_inputs.clone();
        let mut escaped = std::collections::HashSet::new();
        for inst in f.blocks.iter().flat_map(|b| &b.instructions) {
            let op = inst.class.opcode;
            for (i, o) in inst.operands.iter().enumerate() {
                let Operand::IdRef(id) = o else { continue };
                let Some(&(var, at)) = found.get(id) else { continue };
                match (op, i) {
                    (Op::Load, 0) if !self.is_handle(inst.result_type.unwrap_or(0)) => {}
                    (Op::Store, 0) => {}
                    (Op::AccessChain | Op::InBoundsAccessChain, 0) => match (self.chain(inst)?, inst.result_id) {
                        ((offset, dynamic), Some(r)) if dynamic.is_empty() => {
                            found.insert(r, (var, at + offset));
                        }
                        _ => {
                            escaped.insert(var);
                        }
                    },
                    _ => {
                        escaped.insert(var);
                    }
                }
            }
            if op != Op::Variable {
                continue;
            }
            let (t, r) = result(inst)?;
            let Some(Type::Pointer { sc: StorageClass::Function, pointee }) = self.ty(t).cloned() else { continue };
            if self.is_handle(pointee) {
                continue;
            }
            let layout = self.layout(pointee, false)?;
            self.ptr_layout.insert(r, layout);
            if !has_parts(&self.leaves(layout)?) {
                found.insert(r, (r, 0));
            }
        }
        found.retain(|_, (var, _)| !escaped.contains(var));
        Ok(found)
    }

    /// The index plus one in `prog.locations` of an `OpLine`'s position (one entry per distinct
    /// position).
    fn location(&mut self, inst: &Instruction, prog: &mut Prog) -> Result<u32, Error> {
        let key = (id_at(inst, 0)?, lit_at(inst, 1)?, lit_at(inst, 2)?);
        if let Some(&index) = self.locations.get(&key) {
            return Ok(index);
        }
        let file = self.strings.get(&key.0).cloned().unwrap_or_default();
        prog.locations.push(crate::SourceLocation { file, line: key.1, column: key.2 });
        let index = prog.locations.len() as u32;
        self.locations.insert(key, index);
        Ok(index)
    }

    /// Decodes one instruction of a function body (or of an OpSpecConstantOp). `Ok(None)`:
    /// nothing to execute.
    fn inst(&mut self, inst: &Instruction, func_index: &HashMap<Id, usize>) -> Result<Option<Inst>, Error> {
        let op = inst.class.opcode;
        let id = |i: usize| id_at(inst, i);
        let (rt, r) = (inst.result_type.unwrap_or(0), inst.result_id.unwrap_or(0));
        let n = if rt != 0 { self.words(rt)? } else { 0 };
        if let Some(decoded) = self.address_inst(inst)? {
            return Ok(decoded);
        }
        if let Some(typed) = self.typed(inst, rt, r)? {
            return Ok(Some(typed));
        }
        let un = |op: Un| -> Result<Option<Inst>, Error> { Ok(Some(Inst::Un { op, dst: r, a: id(0)?, n })) };
        let bin = |op: Bin| -> Result<Option<Inst>, Error> { Ok(Some(Inst::Bin { op, dst: r, a: id(0)?, b: id(1)?, n })) };
        Ok(match op {
            // Derivatives over the 2x2 quad (lanes 4q..4q+3: x then y).
            Op::DPdx | Op::DPdxFine | Op::DPdxCoarse | Op::DPdy | Op::DPdyFine | Op::DPdyCoarse | Op::Fwidth | Op::FwidthFine
            | Op::FwidthCoarse => {
                let axis = match op {
                    Op::DPdx | Op::DPdxFine | Op::DPdxCoarse => Axis::X,
                    Op::DPdy | Op::DPdyFine | Op::DPdyCoarse => Axis::Y,
                    _ => Axis::Width,
                };
                let coarse = matches!(op, Op::DPdxCoarse | Op::DPdyCoarse | Op::FwidthCoarse);
                Some(Inst::Deriv { dst: r, a: id(0)?, n, axis, coarse })
            }
            // An undefined value inside a function: zero, as an `OpUndef` outside one (its
            // register is preloaded like a constant's and never written).
            Op::Undef => {
                if matches!(self.ty(rt), Some(Type::Pointer { .. })) {
                    return Err(unsupported("undefined pointers"));
                }
                self.value_type[r as usize] = rt;
                self.consts[r as usize] = Some(vec![0; n as usize]);
                None
            }
            Op::GroupNonUniformElect
            | Op::GroupNonUniformAll
            | Op::GroupNonUniformAny
            | Op::GroupNonUniformAllEqual
            | Op::GroupNonUniformBroadcast
            | Op::GroupNonUniformBroadcastFirst
            | Op::GroupNonUniformBallot
            | Op::GroupNonUniformInverseBallot
            | Op::GroupNonUniformBallotBitExtract
            | Op::GroupNonUniformBallotBitCount
            | Op::GroupNonUniformBallotFindLSB
            | Op::GroupNonUniformBallotFindMSB
            | Op::GroupNonUniformShuffle
            | Op::GroupNonUniformShuffleXor
            | Op::GroupNonUniformShuffleUp
            | Op::GroupNonUniformShuffleDown
            | Op::GroupNonUniformQuadBroadcast
            | Op::GroupNonUniformQuadSwap
            | Op::GroupNonUniformIAdd
            | Op::GroupNonUniformFAdd
            | Op::GroupNonUniformIMul
            | Op::GroupNonUniformFMul
            | Op::GroupNonUniformSMin
            | Op::GroupNonUniformUMin
            | Op::GroupNonUniformFMin
            | Op::GroupNonUniformSMax
            | Op::GroupNonUniformUMax
            | Op::GroupNonUniformFMax
            | Op::GroupNonUniformBitwiseAnd
            | Op::GroupNonUniformBitwiseOr
            | Op::GroupNonUniformBitwiseXor
            | Op::GroupNonUniformLogicalAnd
            | Op::GroupNonUniformLogicalOr
            | Op::GroupNonUniformLogicalXor => Some(self.subgroup(inst, r, rt, n)?),
            // SPV_KHR_shader_ballot (GL_ARB_shader_ballot), the subgroup-scope forerunners of
            // OpGroupNonUniformBallot, -BroadcastFirst and -Shuffle.
            Op::SubgroupBallotKHR => Some(Inst::Subgroup { op: SubgroupOp::Ballot, dst: r, a: Some(id(0)?), b: None, n }),
            Op::SubgroupFirstInvocationKHR => Some(Inst::Subgroup { op: SubgroupOp::BroadcastFirst, dst: r, a: Some(id(0)?), b: None, n }),
            Op::SubgroupReadInvocationKHR => Some(Inst::Subgroup { op: SubgroupOp::Shuffle, dst: r, a: Some(id(0)?), b: Some(id(1)?), n }),
            Op::DemoteToHelperInvocation => Some(Inst::Demote),
            Op::IsHelperInvocationEXT => Some(Inst::IsHelper { dst: r }),
            Op::ReadClockKHR => Some(Inst::Clock { dst: r, n }),
            // SPV_KHR_expect_assume: hints without an effect on the result.
            Op::AssumeTrueKHR => None,
            Op::ExpectKHR => Some(Inst::Copy { dst: r, src: id(0)?, n }),
            Op::ControlBarrier => Some(Inst::Barrier {
                buffers: self.orders(id(2)?, spirv::MemorySemantics::UNIFORM_MEMORY),
                images: self.orders(id(2)?, spirv::MemorySemantics::IMAGE_MEMORY),
                subgroup: self.const_words(id(0)?).is_ok_and(|w| w[0] == spirv::Scope::Subgroup as u32),
            }),
            Op::MemoryBarrier => Some(Inst::Fence {
                buffers: self.orders(id(1)?, spirv::MemorySemantics::UNIFORM_MEMORY),
                images: self.orders(id(1)?, spirv::MemorySemantics::IMAGE_MEMORY),
            }),
            Op::Nop | Op::Line | Op::NoLine | Op::SelectionMerge | Op::LoopMerge => None,
            // Fragment shader interlock: the critical sections of overlapping fragments are
            // already ordered, as `PixelInterlockOrderedEXT` asks (`raster.rs`: a batch holds one
            // primitive's fragments, one per pixel and sample, and each pixel's primitives run
            // in order on one thread).
            Op::BeginInvocationInterlockEXT | Op::EndInvocationInterlockEXT => None,
            Op::Name | Op::MemberName | Op::ModuleProcessed => None,
            // Arithmetic (SPIR-V §3.42.13).
            Op::SNegate => un(Un::INeg)?,
            Op::FNegate => un(Un::FNeg)?,
            Op::Not => un(Un::Not)?,
            Op::LogicalNot => un(Un::LogicalNot)?,
            Op::IAdd => bin(Bin::IAdd)?,
            Op::ISub => bin(Bin::ISub)?,
            Op::IMul => bin(Bin::IMul)?,
            Op::UDiv => bin(Bin::UDiv)?,
            Op::SDiv => bin(Bin::SDiv)?,
            Op::UMod => bin(Bin::UMod)?,
            Op::SRem => bin(Bin::SRem)?,
            Op::SMod => bin(Bin::SMod)?,
            Op::FAdd => bin(Bin::FAdd)?,
            Op::FSub => bin(Bin::FSub)?,
            Op::FMul => bin(Bin::FMul)?,
            Op::FDiv => bin(Bin::FDiv)?,
            Op::FRem => bin(Bin::FRem)?,
            Op::FMod => bin(Bin::FMod)?,
            Op::ShiftLeftLogical => bin(Bin::Shl)?,
            Op::ShiftRightLogical => bin(Bin::Shr)?,
            Op::ShiftRightArithmetic => bin(Bin::Sar)?,
            Op::BitwiseAnd | Op::LogicalAnd => bin(Bin::And)?,
            Op::BitwiseOr | Op::LogicalOr => bin(Bin::Or)?,
            Op::BitwiseXor | Op::LogicalNotEqual => bin(Bin::Xor)?,
            Op::LogicalEqual => bin(Bin::Eq)?,
            Op::IEqual => bin(Bin::Eq)?,
            Op::INotEqual => bin(Bin::Ne)?,
            Op::UGreaterThan => bin(Bin::UGt)?,
            Op::SGreaterThan => bin(Bin::SGt)?,
            Op::UGreaterThanEqual => bin(Bin::UGe)?,
            Op::SGreaterThanEqual => bin(Bin::SGe)?,
            Op::ULessThan => bin(Bin::ULt)?,
            Op::SLessThan => bin(Bin::SLt)?,
            Op::ULessThanEqual => bin(Bin::ULe)?,
            Op::SLessThanEqual => bin(Bin::SLe)?,
            Op::FOrdEqual => bin(Bin::FOEq)?,
            Op::FOrdNotEqual => bin(Bin::FONe)?,
            Op::FOrdLessThan => bin(Bin::FOLt)?,
            Op::FOrdGreaterThan => bin(Bin::FOGt)?,
            Op::FOrdLessThanEqual => bin(Bin::FOLe)?,
            Op::FOrdGreaterThanEqual => bin(Bin::FOGe)?,
            Op::FUnordEqual => bin(Bin::FUEq)?,
            Op::FUnordNotEqual => bin(Bin::FUNe)?,
            Op::FUnordLessThan => bin(Bin::FULt)?,
            Op::FUnordGreaterThan => bin(Bin::FUGt)?,
            Op::FUnordLessThanEqual => bin(Bin::FULe)?,
            Op::FUnordGreaterThanEqual => bin(Bin::FUGe)?,
            Op::IsNan => un(Un::IsNan)?,
            Op::IsInf => un(Un::IsInf)?,
            Op::BitReverse => un(Un::BitReverse)?,
            Op::BitCount => un(Un::BitCount)?,
            Op::BitFieldInsert => Some(Inst::Ext { op: EXT_BITFIELD_INSERT, dst: r, args: self.args(inst, 0..4)?, n }),
            Op::BitFieldSExtract => Some(Inst::Ext { op: EXT_BITFIELD_SEXTRACT, dst: r, args: self.args(inst, 0..3)?, n }),
            Op::BitFieldUExtract => Some(Inst::Ext { op: EXT_BITFIELD_UEXTRACT, dst: r, args: self.args(inst, 0..3)?, n }),
            Op::VectorTimesScalar | Op::MatrixTimesScalar => {
                Some(Inst::BinScalar { op: Bin::FMul, dst: r, a: id(0)?, b: id(1)?, n })
            }
            Op::Dot => Some(Inst::Dot { dst: r, a: id(0)?, b: id(1)?, n: self.words(self.type_of(id(0)?))? }),
            Op::Any | Op::All => {
                let a = id(0)?;
                Some(Inst::Reduce { dst: r, a, n: self.words(self.type_of(a))?, all: op == Op::All })
            }
            Op::MatrixTimesVector => {
                let (m, v) = (id(0)?, id(1)?);
                let (cols, rows) = self.matrix_shape(self.type_of(m))?;
                Some(Inst::MatMul { dst: r, a: m, b: v, rows, inner: cols, cols: 1 })
            }
            Op::VectorTimesMatrix => {
                let (v, m) = (id(0)?, id(1)?);
                let (cols, rows) = self.matrix_shape(self.type_of(m))?;
                Some(Inst::MatMul { dst: r, a: v, b: m, rows: 1, inner: rows, cols })
            }
            Op::MatrixTimesMatrix => {
                let (a, b) = (id(0)?, id(1)?);
                let (a_cols, a_rows) = self.matrix_shape(self.type_of(a))?;
                let (b_cols, _) = self.matrix_shape(self.type_of(b))?;
                Some(Inst::MatMul { dst: r, a, b, rows: a_rows, inner: a_cols, cols: b_cols })
            }
            Op::OuterProduct => {
                let (cols, rows) = self.matrix_shape(rt)?;
                Some(Inst::Outer { dst: r, a: id(0)?, b: id(1)?, rows, cols })
            }
            Op::Transpose => {
                let src = id(0)?;
                let (cols, rows) = self.matrix_shape(self.type_of(src))?;
                Some(Inst::Transpose { dst: r, src, rows, cols })
            }
            Op::IAddCarry | Op::ISubBorrow | Op::UMulExtended | Op::SMulExtended => {
                Some(Inst::Wide { op, dst: r, a: id(0)?, b: id(1)?, n: n / 2 })
            }
            // Conversions (§3.42.11).
            Op::ConvertFToU => un(Un::FToU)?,
            Op::ConvertFToS => un(Un::FToS)?,
            Op::ConvertSToF => un(Un::SToF)?,
            Op::ConvertUToF => un(Un::UToF)?,
            Op::UConvert | Op::SConvert | Op::FConvert | Op::Bitcast | Op::CopyObject | Op::CopyLogical => {
                let src = id(0)?;
                if self.words(self.type_of(src))? != n {
                    return Err(unsupported(format!("{op:?} between types of different widths")));
                }
                Some(Inst::Copy { dst: r, src, n })
            }
            Op::QuantizeToF16 => un(Un::QuantizeF16)?,
            Op::Select => {
                let cond = id(0)?;
                let scalar_cond = self.words(self.type_of(cond))? == 1 && n > 1;
                let (a, b) = (id(1)?, id(2)?);
                if let Some(&l) = self.ptr_layout.get(&a) {
                    self.ptr_layout.insert(r, l);
                }
                Some(Inst::Select { dst: r, cond, a, b, n, scalar_cond })
            }
            // Composites (§3.42.12).
            Op::CompositeConstruct => {
                let mut parts = Vec::new();
                for i in 0..inst.operands.len() {
                    let p = id(i)?;
                    parts.push((p, self.words(self.type_of(p))?));
                }
                Some(Inst::Construct { dst: r, parts })
            }
            Op::CompositeExtract => {
                let src = id(0)?;
                let st = self.type_of(src);
                let at = self.composite_offset(st, &self.literals(inst, 1)?)?;
                Some(Inst::Extract { dst: r, src, at, n })
            }
            Op::CompositeInsert => {
                // Operands: the object to insert, then the composite it goes into.
                let (object, composite) = (id(0)?, id(1)?);
                let at = self.composite_offset(rt, &self.literals(inst, 2)?)?;
                Some(Inst::Insert { dst: r, obj: composite, src: object, src_n: self.words(self.type_of(object))?, at, n })
            }
            Op::VectorShuffle => {
                let (a, b) = (id(0)?, id(1)?);
                let a_n = self.words(self.type_of(a))?;
                let mut sel = self.literals(inst, 2)?;
                // Components of two words: select both (an undefined component stays one).
                if self.words(self.components(self.type_of(a)).1)? == 2 {
                    sel = sel.iter().flat_map(|&s| if s == u32::MAX { [s, s] } else { [2 * s, 2 * s + 1] }).collect();
                }
                Some(Inst::Shuffle { dst: r, a, a_n, b, sel })
            }
            Op::VectorExtractDynamic => {
                let v = id(0)?;
                Some(Inst::ExtractDyn { dst: r, v, idx: id(1)?, count: self.words(self.type_of(v))? })
            }
            Op::VectorInsertDynamic => {
                Some(Inst::InsertDyn { dst: r, v: id(0)?, comp: id(1)?, idx: id(2)?, count: n })
            }
            // Memory (§3.42.8).
            Op::Load if self.is_handle(rt) => {
                // Word 0 of a handle variable's pointer is the binding's index.
                Some(Inst::Copy { dst: r, src: id(0)?, n })
            }
            Op::Load => {
                let ptr = id(0)?;
                let l = self.pointer_layout(ptr)?;
                let leaves = self.leaves(l)?;
                if let Some(&(var, at)) = self.promoted.get(&ptr) {
                    return Ok(Some(Inst::Gather { dst: r, src: var, words: leaves.iter().map(|leaf| (at + leaf) / 4).collect() }));
                }
                match self.object_of(ptr) {
                    Some(obj) if !has_parts(&leaves) => {
                        let at = self.known_ptr.get(&ptr).map(|&(_, at)| at);
                        Some(Inst::LoadObj { dst: r, ptr, obj, at, leaves })
                    }
                    _ => Some(Inst::Load { dst: r, ptr, parts: has_parts(&leaves), leaves }),
                }
            }
            Op::Store => {
                let ptr = id(0)?;
                let l = self.pointer_layout(ptr)?;
                let leaves = self.leaves(l)?;
                if let Some(&(var, at)) = self.promoted.get(&ptr) {
                    return Ok(Some(Inst::Scatter { dst: var, src: id(1)?, words: leaves.iter().map(|leaf| (at + leaf) / 4).collect() }));
                }
                match self.object_of(ptr) {
                    Some(obj) if !has_parts(&leaves) => Some(Inst::StoreObj { ptr, src: id(1)?, obj, leaves }),
                    _ => Some(Inst::Store { ptr, src: id(1)?, parts: has_parts(&leaves), leaves }),
                }
            }
            Op::CopyMemory => {
                let (dst, src) = (id(0)?, id(1)?);
                let (dl, sl) = (self.pointer_layout(dst)?, self.pointer_layout(src)?);
                Some(Inst::CopyMemory { dst, src, dst_leaves: self.leaves(dl)?, src_leaves: self.leaves(sl)? })
            }
            Op::AccessChain | Op::InBoundsAccessChain if self.descriptor_arrays.contains_key(&id(0)?) => {
                let base = id(0)?;
                let (len, stride, buffers) = self.descriptor_arrays[&base];
                // The indices after the descriptor's go into its block (`ptr_layout` of the
                // variable is the block's).
                let (offset, dynamic) = if buffers {
                    let mut rest = inst.clone();
                    rest.operands.remove(1);
                    self.chain(&rest)?
                } else {
                    (0, Vec::new())
                };
                Some(Inst::Descriptor { dst: r, base, index: id(1)?, len, stride, buffers, offset, dynamic })
            }
            Op::AccessChain | Op::InBoundsAccessChain => {
                let (offset, dynamic) = self.chain(inst)?;
                let base = id(0)?;
                if self.promoted.contains_key(&r) {
                    // Its loads and stores name the variable's words.
                    return Ok(None);
                }
                match self.known_ptr.get(&base).copied() {
                    // A constant pointer: a register preloaded like a constant's.
                    Some((obj, at)) if dynamic.is_empty() => {
                        self.known_ptr.insert(r, (obj, at + offset));
                        self.consts[r as usize] = Some(vec![obj, at + offset]);
                        None
                    }
                    Some((obj, at)) => {
                        self.known_obj.insert(r, obj);
                        Some(Inst::ChainAt { dst: r, obj, offset: at + offset, dynamic })
                    }
                    None => {
                        if let Some(obj) = self.object_of(base) {
                            self.known_obj.insert(r, obj);
                        }
                        Some(Inst::AccessChain { dst: r, base, offset, dynamic })
                    }
                }
            }
            Op::PtrAccessChain => return Err(unsupported("OpPtrAccessChain")),
            Op::ImageTexelPointer => {
                let image = id(0)?;
                let info = match self.ty(self.pointee(image)) {
                    Some(Type::Image(info)) => *info,
                    _ => return Err(invalid("OpImageTexelPointer of a non-image")),
                };
                self.texel_pointers.insert(r);
                Some(Inst::TexelPointer { dst: r, image, coord: id(1)?, info, sample: id(2)? })
            }
            Op::ArrayLength => {
                let ptr = id(0)?;
                let member = lit_at(inst, 1)?;
                let l = self.pointer_layout(ptr)?;
                let LNode::Struct { members } = self.layouts[l].clone() else {
                    return Err(invalid("OpArrayLength of a non-struct"));
                };
                let (offset, al) = *members.get(member as usize).ok_or_else(|| invalid("OpArrayLength member"))?;
                let LNode::Array { stride, .. } = self.layouts[al] else {
                    return Err(invalid("OpArrayLength of a non-array"));
                };
                Some(Inst::ArrayLength { dst: r, ptr, offset, stride })
            }
            // Atomics (§3.42.18): scope and semantics do not matter to a sequential lane loop.
            Op::AtomicLoad => self.atomic(op, Some(r), id(0)?, None, None)?,
            Op::AtomicStore => self.atomic(op, None, id(0)?, Some(id(3)?), None)?,
            Op::AtomicIIncrement | Op::AtomicIDecrement => self.atomic(op, Some(r), id(0)?, None, None)?,
            Op::AtomicExchange
            | Op::AtomicIAdd
            | Op::AtomicISub
            | Op::AtomicSMin
            | Op::AtomicUMin
            | Op::AtomicSMax
            | Op::AtomicUMax
            | Op::AtomicAnd
            | Op::AtomicOr
            | Op::AtomicXor
            // SPV_EXT_shader_atomic_float_add, SPV_EXT_shader_atomic_float_min_max.
            | Op::AtomicFAddEXT
            | Op::AtomicFMinEXT
            | Op::AtomicFMaxEXT => self.atomic(op, Some(r), id(0)?, Some(id(3)?), None)?,
            Op::AtomicCompareExchange => self.atomic(op, Some(r), id(0)?, Some(id(4)?), Some(id(5)?))?,
            Op::FunctionCall => {
                let callee = *func_index.get(&id(0)?).ok_or_else(|| invalid("call of an unknown function"))?;
                let _ = callee;
                // Parameter and return registers are filled in by `link_calls`.
                let mut args = Vec::new();
                for i in 1..inst.operands.len() {
                    let a = id(i)?;
                    args.push((a, 0, self.reg_words(a)));
                }
                Some(Inst::Call { dst: Some((r, id(0)?, n)), func: callee, args })
            }
            Op::ExtInst if self.non_semantic.contains(&id(0)?) => None,
            Op::ExtInst => {
                if Some(id(0)?) != self.glsl_ext {
                    return Err(unsupported("extended instruction sets other than GLSL.std.450"));
                }
                let ext = lit_at(inst, 1)?;
                self.glsl(ext, r, n, inst)?
            }
            // Images (§3.42.10).
            Op::SampledImage => {
                let (image, sampler) = (id(0)?, id(1)?);
                Some(Inst::Construct { dst: r, parts: vec![(image, 1), (sampler, 1)] })
            }
            Op::Image => Some(Inst::Extract { dst: r, src: id(0)?, at: 0, n: 1 }),
            Op::ImageSampleImplicitLod
            | Op::ImageSampleExplicitLod
            | Op::ImageSampleDrefImplicitLod
            | Op::ImageSampleDrefExplicitLod
            | Op::ImageSampleProjImplicitLod
            | Op::ImageSampleProjExplicitLod
            | Op::ImageSampleProjDrefImplicitLod
            | Op::ImageSampleProjDrefExplicitLod
            | Op::ImageGather
            | Op::ImageDrefGather
            | Op::ImageSparseSampleImplicitLod
            | Op::ImageSparseSampleExplicitLod
            | Op::ImageSparseSampleDrefImplicitLod
            | Op::ImageSparseSampleDrefExplicitLod
            | Op::ImageSparseGather
            | Op::ImageSparseDrefGather
            | Op::ImageQueryLod => {
                let sparse = matches!(
                    op,
                    Op::ImageSparseSampleImplicitLod
                        | Op::ImageSparseSampleExplicitLod
                        | Op::ImageSparseSampleDrefImplicitLod
                        | Op::ImageSparseSampleDrefExplicitLod
                        | Op::ImageSparseGather
                        | Op::ImageSparseDrefGather
                );
                // The sparse forms as their resident ones.
                let op = match op {
                    Op::ImageSparseSampleImplicitLod => Op::ImageSampleImplicitLod,
                    Op::ImageSparseSampleExplicitLod => Op::ImageSampleExplicitLod,
                    Op::ImageSparseSampleDrefImplicitLod => Op::ImageSampleDrefImplicitLod,
                    Op::ImageSparseSampleDrefExplicitLod => Op::ImageSampleDrefExplicitLod,
                    Op::ImageSparseGather => Op::ImageGather,
                    Op::ImageSparseDrefGather => Op::ImageDrefGather,
                    other => other,
                };
                let (sampled, coord) = (id(0)?, id(1)?);
                let image = self.image_type(sampled)?;
                let proj = matches!(
                    op,
                    Op::ImageSampleProjImplicitLod
                        | Op::ImageSampleProjExplicitLod
                        | Op::ImageSampleProjDrefImplicitLod
                        | Op::ImageSampleProjDrefExplicitLod
                );
                let dref_or_component = matches!(
                    op,
                    Op::ImageSampleDrefImplicitLod
                        | Op::ImageSampleDrefExplicitLod
                        | Op::ImageSampleProjDrefImplicitLod
                        | Op::ImageSampleProjDrefExplicitLod
                        | Op::ImageGather
                        | Op::ImageDrefGather
                );
                let (mut dref, mut gather) = (None, None);
                if dref_or_component {
                    let x = id(2)?;
                    if op == Op::ImageGather {
                        gather = Some(self.const_words(x)?[0]);
                    } else {
                        dref = Some(x);
                    }
                }
                if op == Op::ImageDrefGather {
                    gather = Some(0);
                }
                let operands = self.image_operands(inst, if dref_or_component { 3 } else { 2 })?;
                let lod = match (operands.lod, operands.bias, operands.grad) {
                    (Some(l), _, _) => Lod::Explicit(l),
                    (_, _, Some((x, y))) => Lod::Grad(x, y),
                    // A fragment invocation's implicit level of detail: from the coordinates'
                    // derivatives over its quad.
                    (_, bias, _) if self.fragment => Lod::Implicit(bias),
                    (_, Some(b), _) => Lod::Bias(b),
                    // Implicit levels of detail come from derivatives, which a compute
                    // invocation has none of: level 0 (the base level).
                    _ => Lod::Zero,
                };
                Some(Inst::Sample(Box::new(SampleInst {
                    dst: r,
                    sampled,
                    coord,
                    image,
                    lod,
                    offset: operands.offset,
                    dref,
                    gather,
                    proj,
                    n: if sparse { n - 1 } else { n },
                    query_lod: op == Op::ImageQueryLod,
                    sparse,
                    min_lod: operands.min_lod,
                    offsets: operands.offsets,
                    dyn_offset: operands.dyn_offset,
                })))
            }
            // CPU images are always resident (`SampleInst::sparse`): a code of 0 is resident.
            Op::ImageSparseTexelsResident => Some(Inst::Un { op: Un::LogicalNot, dst: r, a: id(0)?, n: 1 }),
            Op::ImageFetch | Op::ImageRead | Op::ImageSparseFetch | Op::ImageSparseRead => {
                let (image, coord) = (id(0)?, id(1)?);
                let info = self.image_type(image)?;
                let operands = self.image_operands(inst, 2)?;
                operands.only_offset()?;
                let sparse = matches!(op, Op::ImageSparseFetch | Op::ImageSparseRead);
                let mut t = self.type_of(image);
                if let Some(Type::SampledImage { image }) = self.ty(t) {
                    t = *image;
                }
                if sparse && self.subpass_images.contains(&t) {
                    return Err(unsupported(format!("{op:?} of a subpass input")));
                }
                if self.subpass_images.contains(&t) {
                    return Ok(Some(Inst::SubpassRead { dst: r, image, coord, sample: operands.sample, n }));
                }
                // The sparse forms: (residency code 0, texel) (`SampleInst::sparse`).
                let n = if sparse { n - 1 } else { n };
                if let Some(sample) = operands.sample {
                    return Ok(Some(Inst::FetchSample { dst: r, image, coord, info, sample, n, sparse }));
                }
                let (lod, offset) = (operands.lod, operands.offset);
                Some(Inst::Fetch { dst: r, image, coord, info, lod, offset, n, sparse })
            }
            Op::ImageWrite => {
                let (image, coord, texel) = (id(0)?, id(1)?, id(2)?);
                let info = self.image_type(image)?;
                let operands = self.image_operands(inst, 3)?;
                operands.only_offset()?;
                let texel_n = self.words(self.type_of(texel))?;
                if let Some(sample) = operands.sample {
                    return Ok(Some(Inst::WriteSample { image, coord, info, texel, texel_n, sample }));
                }
                Some(Inst::ImageWrite { image, coord, info, texel, texel_n })
            }
            Op::ImageQuerySizeLod | Op::ImageQuerySize | Op::ImageQueryLevels | Op::ImageQuerySamples => {
                let image = id(0)?;
                let info = self.image_type(image)?;
                let query = match op {
                    Op::ImageQuerySizeLod => Query::Size(Some(id(1)?)),
                    Op::ImageQuerySize => Query::Size(None),
                    Op::ImageQueryLevels => Query::Levels,
                    _ => Query::Samples,
                };
                Some(Inst::ImageQuery { dst: r, image, info, query, n })
            }
            other => return Err(unsupported(format!("instruction {other:?}"))),
        })
    }

    /// An atomic instruction on the 32- or 64-bit scalar `ptr` points to (SPIR-V allows atomics
    /// on 32-bit scalars, 64-bit integers with `Int64Atomics`, 64-bit floats with
    /// `AtomicFloat64AddEXT`/`AtomicFloat64MinMaxEXT`; 16-bit floats, `AtomicFloat16AddEXT`,
    /// are not run).
    fn atomic(&self, op: Op, dst: Option<Id>, ptr: Id, a: Option<Id>, b: Option<Id>) -> Result<Option<Inst>, Error> {
        if self.texel_pointers.contains(&ptr) {
            return match self.ty(self.pointee(ptr)) {
                Some(Type::Int { width: 32, .. } | Type::Float { width: 32 }) => Ok(Some(Inst::ImageAtomic { op, dst, ptr, a, b, wide: false })),
                Some(Type::Int { width: 64, .. }) => Ok(Some(Inst::ImageAtomic { op, dst, ptr, a, b, wide: true })),
                _ => Err(unsupported(format!("{op:?} on texels of other than 32-bit scalars and 64-bit integers"))),
            };
        }
        match self.ty(self.pointee(ptr)) {
            Some(Type::Int { width: 32, .. } | Type::Float { width: 32 }) => Ok(Some(Inst::Atomic { op, dst, ptr, a, b })),
            Some(Type::Int { width: 64, .. } | Type::Float { width: 64 }) => Ok(Some(Inst::Atomic64 { op, dst, ptr, a, b })),
            _ => Err(unsupported(format!("{op:?} on other than 32- and 64-bit scalars"))),
        }
    }

    /// The type a pointer value points to (0 if it is not a pointer).
    fn pointee(&self, ptr: Id) -> Id {
        match self.ty(self.type_of(ptr)) {
            Some(Type::Pointer { pointee, .. }) => *pointee,
            _ => 0,
        }
    }

    /// The scalar type of a scalar, vector or matrix type.
    fn scalar(&self, ty: Id) -> Option<Scalar> {
        match self.ty(ty)? {
            Type::Bool => Some(Scalar::Bool),
            Type::Int { width, signed } => Some(Scalar::Int { width: *width, signed: *signed }),
            Type::Float { width } => Some(Scalar::Float { width: *width }),
            Type::Vector { elem, .. } => self.scalar(*elem),
            Type::Matrix { col, .. } => self.scalar(*col),
            _ => None,
        }
    }

    /// The scalars of a value of type `ty`, component by component (a struct's members in
    /// order: the results of `ModfStruct`, `FrexpStruct`).
    fn flat_scalars(&self, ty: Id, out: &mut Vec<Scalar>) -> Result<(), Error> {
        match self.ty(ty) {
            Some(Type::Vector { elem, n }) => (0..*n).try_for_each(|_| self.flat_scalars(*elem, out)),
            Some(Type::Matrix { col, n }) => (0..*n).try_for_each(|_| self.flat_scalars(*col, out)),
            Some(Type::Struct { members }) => members.iter().try_for_each(|&m| self.flat_scalars(m, out)),
            _ => {
                out.push(self.scalar(ty).ok_or_else(|| unsupported(format!("values of type %{ty} in arithmetic")))?);
                Ok(())
            }
        }
    }

    /// An arithmetic, conversion or GLSL.std.450 instruction with an 8-, 16- or 64-bit scalar
    /// among its result and operands: [`Inst::Typed`], run lane by lane ([`crate::widths`]), so
    /// the 32-bit instructions keep their own loops. `None` for the others.
    fn typed(&self, inst: &Instruction, rt: Id, r: Id) -> Result<Option<Inst>, Error> {
        let op = inst.class.opcode;
        let other = |ty: Id| matches!(self.scalar(ty), Some(Scalar::Int { width, .. } | Scalar::Float { width }) if width != 32);
        let glsl = op == Op::ExtInst && self.glsl_ext.is_some() && id_at(inst, 0).ok() == self.glsl_ext;
        // Operands that are values (an `OpExtInst`'s set is not).
        let values: Vec<Id> = inst
            .operands
            .iter()
            .skip(if op == Op::ExtInst { 2 } else { 0 })
            .filter_map(|o| if let Operand::IdRef(id) = o { Some(*id) } else { None })
            .collect();
        if !(other(rt) || values.iter().any(|&v| other(self.type_of(v)))) {
            return Ok(None);
        }
        let shape = |ty: Id| self.matrix_shape(ty);
        let top = match op {
            _ if glsl => TOp::Glsl(lit_at(inst, 1)?),
            Op::MatrixTimesVector => {
                let (cols, rows) = shape(self.type_of(values[0]))?;
                TOp::MatMul { rows, inner: cols, cols: 1 }
            }
            Op::VectorTimesMatrix => {
                let (cols, rows) = shape(self.type_of(values[1]))?;
                TOp::MatMul { rows: 1, inner: rows, cols }
            }
            Op::MatrixTimesMatrix => {
                let (a_cols, a_rows) = shape(self.type_of(values[0]))?;
                let (b_cols, _) = shape(self.type_of(values[1]))?;
                TOp::MatMul { rows: a_rows, inner: a_cols, cols: b_cols }
            }
            Op::OuterProduct => {
                let (cols, rows) = shape(rt)?;
                TOp::Outer { rows, cols }
            }
            Op::Transpose => {
                let (cols, rows) = shape(self.type_of(values[0]))?;
                TOp::Transpose { rows, cols }
            }
            Op::SNegate
            | Op::FNegate
            | Op::Not
            | Op::IAdd
            | Op::ISub
            | Op::IMul
            | Op::UDiv
            | Op::SDiv
            | Op::UMod
            | Op::SRem
            | Op::SMod
            | Op::FAdd
            | Op::FSub
            | Op::FMul
            | Op::FDiv
            | Op::FRem
            | Op::FMod
            | Op::ShiftLeftLogical
            | Op::ShiftRightLogical
            | Op::ShiftRightArithmetic
            | Op::BitwiseAnd
            | Op::BitwiseOr
            | Op::BitwiseXor
            | Op::IEqual
            | Op::INotEqual
            | Op::UGreaterThan
            | Op::SGreaterThan
            | Op::UGreaterThanEqual
            | Op::SGreaterThanEqual
            | Op::ULessThan
            | Op::SLessThan
            | Op::ULessThanEqual
            | Op::SLessThanEqual
            | Op::FOrdEqual
            | Op::FOrdNotEqual
            | Op::FOrdLessThan
            | Op::FOrdGreaterThan
            | Op::FOrdLessThanEqual
            | Op::FOrdGreaterThanEqual
            | Op::FUnordEqual
            | Op::FUnordNotEqual
            | Op::FUnordLessThan
            | Op::FUnordGreaterThan
            | Op::FUnordLessThanEqual
            | Op::FUnordGreaterThanEqual
            | Op::IsNan
            | Op::IsInf
            | Op::BitReverse
            | Op::BitCount
            | Op::BitFieldInsert
            | Op::BitFieldSExtract
            | Op::BitFieldUExtract
            | Op::VectorTimesScalar
            | Op::MatrixTimesScalar
            | Op::Dot
            | Op::ConvertFToU
            | Op::ConvertFToS
            | Op::ConvertSToF
            | Op::ConvertUToF
            | Op::UConvert
            | Op::SConvert
            | Op::FConvert
            | Op::Bitcast
            | Op::Select
            | Op::VectorExtractDynamic
            | Op::VectorInsertDynamic => TOp::Core(op),
            // Composites, memory, calls move words; the rest is refused where it is decoded.
            _ => return Ok(None),
        };
        let mut args = Vec::with_capacity(values.len());
        for &v in &values {
            let ty = self.type_of(v);
            let scalar = self.scalar(ty).ok_or_else(|| unsupported(format!("{op:?} of a value of type %{ty}")))?;
            args.push((v, scalar, self.words(ty)? / scalar.words() as u32));
        }
        let mut out = Vec::new();
        self.flat_scalars(rt, &mut out)?;
        Ok(Some(Inst::Typed(Box::new(Typed { op: top, dst: r, args, out }))))
    }

    /// Whether values of `ty` are handles (images, samplers), not data in memory.
    fn is_handle(&self, ty: Id) -> bool {
        matches!(self.ty(ty), Some(Type::Image(_) | Type::Sampler | Type::SampledImage { .. }))
    }

    /// The image type of an image or sampled-image value.
    fn image_type(&self, value: Id) -> Result<ImageType, Error> {
        let mut t = self.type_of(value);
        if let Some(Type::SampledImage { image }) = self.ty(t) {
            t = *image;
        }
        if let Some(why) = self.image_unsupported.get(&t) {
            return Err(unsupported(why.clone()));
        }
        match self.ty(t) {
            Some(Type::Image(info)) => Ok(*info),
            _ => Err(invalid(format!("%{value} is not an image"))),
        }
    }

    /// The optional image operands from operand `from` on (SPIR-V §3.14: ids in bit order).
    fn image_operands(&self, inst: &Instruction, from: usize) -> Result<ImageOperands, Error> {
        let mut out = ImageOperands::default();
        let Some(Operand::ImageOperands(mask)) = inst.operands.get(from) else {
            return Ok(out);
        };
        use spirv::ImageOperands as M;
        let mut at = from + 1;
        let mut next = || {
            at += 1;
            id_at(inst, at - 1)
        };
        if mask.contains(M::BIAS) {
            out.bias = Some(next()?);
        }
        if mask.contains(M::LOD) {
            out.lod = Some(next()?);
        }
        if mask.contains(M::GRAD) {
            out.grad = Some((next()?, next()?));
        }
        if mask.contains(M::CONST_OFFSET) {
            let words = self.const_words(next()?)?;
            for (k, &w) in words.iter().take(3).enumerate() {
                out.offset[k] = w as i32;
            }
        }
        if mask.contains(M::OFFSET) {
            out.dyn_offset = Some(next()?);
        }
        if mask.contains(M::CONST_OFFSETS) {
            // An array of four vectors of two integers (SPIR-V §3.14), word by word.
            let words = self.const_words(next()?)?;
            let per = (words.len() / 4).max(1);
            let mut offsets = [[0i32; 3]; 4];
            for (i, o) in offsets.iter_mut().enumerate() {
                for (k, &w) in words.iter().skip(i * per).take(per.min(3)).enumerate() {
                    o[k] = w as i32;
                }
            }
            out.offsets = Some(offsets);
        }
        if mask.contains(M::SAMPLE) {
            out.sample = Some(next()?);
        }
        if mask.contains(M::MIN_LOD) {
            out.min_lod = Some(next()?);
        }
        if mask.intersects(M::OFFSETS) {
            return Err(unsupported(format!("image operands {mask:?}")));
        }
        Ok(out)
    }

    fn args(&self, inst: &Instruction, range: std::ops::Range<usize>) -> Result<Vec<(Id, u32)>, Error> {
        range
            .map(|i| {
                let a = id_at(inst, i)?;
                Ok((a, self.words(self.type_of(a)).unwrap_or(1)))
            })
            .collect()
    }

    fn literals(&self, inst: &Instruction, from: usize) -> Result<Vec<u32>, Error> {
        (from..inst.operands.len()).map(|i| lit_at(inst, i)).collect()
    }

    /// (columns, rows) of a matrix type.
    fn matrix_shape(&self, ty: Id) -> Result<(u32, u32), Error> {
        match self.ty(ty) {
            Some(Type::Matrix { col, n }) => Ok((*n, self.components(*col).0)),
            _ => Err(invalid(format!("%{ty} is not a matrix"))),
        }
    }

    /// Word offset of the element at `path` in a value of type `ty`.
    fn composite_offset(&self, ty: Id, path: &[u32]) -> Result<u32, Error> {
        let mut at = 0;
        let mut t = ty;
        for &i in path {
            match self.ty(t) {
                Some(Type::Vector { elem, .. }) => {
                    at += i * self.words(*elem)?;
                    t = *elem;
                }
                Some(Type::Matrix { col, .. }) => {
                    at += i * self.words(*col)?;
                    t = *col;
                }
                Some(Type::Array { elem, .. }) => {
                    at += i * self.words(*elem)?;
                    t = *elem;
                }
                Some(Type::Struct { members }) => {
                    for m in &members[..i as usize] {
                        at += self.words(*m)?;
                    }
                    t = members[i as usize];
                }
                _ => return Err(invalid("composite index into a scalar")),
            }
        }
        Ok(at)
    }

    /// GLSL.std.450 (the extended instruction set's own numbering).
    fn glsl(&mut self, ext: u32, r: Id, n: u32, inst: &Instruction) -> Result<Option<Inst>, Error> {
        let arg = |i: usize| id_at(inst, 2 + i);
        let first_ty = self.type_of(arg(0)?);
        let float = self.is_float(first_ty);
        let signed = self.is_signed(first_ty);
        let un = |op: Un| -> Result<Option<Inst>, Error> { Ok(Some(Inst::Un { op, dst: r, a: arg(0)?, n })) };
        let bin = |op: Bin| -> Result<Option<Inst>, Error> { Ok(Some(Inst::Bin { op, dst: r, a: arg(0)?, b: arg(1)?, n })) };
        let tri = |op: Tri| -> Result<Option<Inst>, Error> {
            Ok(Some(Inst::Tri { op, dst: r, a: arg(0)?, b: arg(1)?, c: arg(2)?, n }))
        };
        let _ = (float, signed);
        Ok(match ext {
            // InterpolateAtCentroid, InterpolateAtSample, InterpolateAtOffset: of an input
            // variable, or a constant access chain into one.
            76..=78 => {
                let Some(&(obj, offset)) = self.known_ptr.get(&arg(0)?) else {
                    return Err(unsupported("interpolateAt* of a dynamically indexed input"));
                };
                let at = match ext {
                    76 => InterpolateAt::Centroid,
                    77 => InterpolateAt::Sample(arg(1)?),
                    _ => InterpolateAt::Offset(arg(1)?),
                };
                Some(Inst::Interpolate { dst: r, obj, offset, n, at })
            }
            1 => un(Un::Round)?,
            2 => un(Un::RoundEven)?,
            3 => un(Un::Trunc)?,
            4 => un(Un::FAbs)?,
            5 => un(Un::SAbs)?,
            6 => un(Un::FSign)?,
            7 => un(Un::SSign)?,
            8 => un(Un::Floor)?,
            9 => un(Un::Ceil)?,
            10 => un(Un::Fract)?,
            11 => un(Un::Radians)?,
            12 => un(Un::Degrees)?,
            13 => un(Un::Sin)?,
            14 => un(Un::Cos)?,
            15 => un(Un::Tan)?,
            16 => un(Un::Asin)?,
            17 => un(Un::Acos)?,
            18 => un(Un::Atan)?,
            19 => un(Un::Sinh)?,
            20 => un(Un::Cosh)?,
            21 => un(Un::Tanh)?,
            22 => un(Un::Asinh)?,
            23 => un(Un::Acosh)?,
            24 => un(Un::Atanh)?,
            25 => bin(Bin::Atan2)?,
            26 => bin(Bin::Pow)?,
            27 => un(Un::Exp)?,
            28 => un(Un::Log)?,
            29 => un(Un::Exp2)?,
            30 => un(Un::Log2)?,
            31 => un(Un::Sqrt)?,
            32 => un(Un::InverseSqrt)?,
            37 | 79 => bin(Bin::FMin)?,
            38 => bin(Bin::UMin)?,
            39 => bin(Bin::SMin)?,
            40 | 80 => bin(Bin::FMax)?,
            41 => bin(Bin::UMax)?,
            42 => bin(Bin::SMax)?,
            43 | 81 => tri(Tri::FClamp)?,
            44 => tri(Tri::UClamp)?,
            45 => tri(Tri::SClamp)?,
            46 => tri(Tri::FMix)?,
            48 => bin(Bin::Step)?,
            49 => tri(Tri::SmoothStep)?,
            50 => tri(Tri::Fma)?,
            53 => bin(Bin::Ldexp)?,
            73 => un(Un::FindILsb)?,
            74 => un(Un::FindSMsb)?,
            75 => un(Un::FindUMsb)?,
            35 | 51 => {
                let (x, ptr) = (arg(0)?, arg(1)?);
                let l = self.pointer_layout(ptr)?;
                Some(Inst::ExtStore { op: ext + 1, dst: r, x, n, ptr, leaves: self.leaves(l)? })
            }
            // Everything else lane by lane: geometric, matrix, pack/unpack, modf/frexp.
            33 | 34 | 36 | 52 | 54..=58 | 60..=64 | 66..=72 => {
                let count = inst.operands.len() - 2;
                let args = self.args(inst, 2..2 + count)?;
                Some(Inst::Ext { op: ext, dst: r, args, n })
            }
            other => return Err(unsupported(format!("GLSL.std.450 instruction {other}"))),
        })
    }
}

#[derive(Default)]
struct ImageOperands {
    bias: Option<Id>,
    lod: Option<Id>,
    grad: Option<(Id, Id)>,
    offset: [i32; 3],
    /// `Offset` (not constant).
    dyn_offset: Option<Id>,
    /// `ConstOffsets`: four offsets (of a gather).
    offsets: Option<[[i32; 3]; 4]>,
    sample: Option<Id>,
    min_lod: Option<Id>,
}

impl ImageOperands {
    /// Refuses the operands only a sample or gather (`Inst::Sample`) takes.
    fn only_offset(&self) -> Result<(), Error> {
        if self.dyn_offset.is_some() || self.offsets.is_some() || self.min_lod.is_some() {
            return Err(unsupported("image operands Offset, ConstOffsets or MinLod other than on a sample or gather"));
        }
        Ok(())
    }
}

/// Marks of a memory leaf (`Decoder::leaves`) that is a 1-byte or 2-byte scalar (its byte
/// offset in the other bits).
pub(crate) const PART_1: u32 = 1 << 30;
pub(crate) const PART_2: u32 = 1 << 31;

fn has_parts(leaves: &[u32]) -> bool {
    leaves.iter().any(|&l| l & (PART_1 | PART_2) != 0)
}

/// `Inst::Ext` codes for core instructions that take scalar operands beside vectors.
pub(crate) const EXT_BITFIELD_INSERT: u32 = 1000;
pub(crate) const EXT_BITFIELD_SEXTRACT: u32 = 1001;
pub(crate) const EXT_BITFIELD_UEXTRACT: u32 = 1002;

/// Fills the parameter registers of every call (decoding sees calls before callees).
pub(crate) fn link_calls(prog: &mut Prog) {
    let params: Vec<Vec<Id>> = prog.funcs.iter().map(|f| f.params.clone()).collect();
    let rets: Vec<Id> = prog.funcs.iter().map(|f| f.ret).collect();
    for f in &mut prog.funcs {
        for b in &mut f.blocks {
            for i in &mut b.insts {
                if let Inst::Call { dst, func, args } = i {
                    for (k, a) in args.iter_mut().enumerate() {
                        a.1 = params[*func][k];
                    }
                    if let Some(d) = dst {
                        d.1 = rets[*func];
                        if d.2 == 0 {
                            *dst = None;
                        }
                    }
                }
            }
        }
    }
}
