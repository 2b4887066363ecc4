//! A CPU device: runs the SPIR-V of compute, vertex and fragment shaders without a GPU or a
//! driver.
//!
//! The input is a module's SPIR-V words (ours, glslang's or naga's). [`Program::new`] decodes
//! one entry point once into a compact form (resolved ids, types, memory layouts from the
//! `Offset`/`ArrayStride`/`MatrixStride` decorations, specialization constants applied), and
//! [`Program::dispatch`] runs it:
//!
//! - the invocations of a workgroup run together, SIMT style: each instruction is executed for
//!   every active lane before the next one; lanes that diverge wait at the next block in
//!   structured order (merge blocks and continue targets come after the blocks of their
//!   construct), so they reconverge at the structured merge points and a barrier in uniform
//!   control flow is reached by all lanes at once;
//! - workgroups run in parallel on all cores (`std::thread::scope`), each thread with its own
//!   registers and workgroup memory; buffers are words of `AtomicU32`, so concurrent
//!   workgroups share them without `unsafe` and atomics are real atomics.
//!
//! Textures: [`Image`]s (every mip level, 2D, 2D-array and 3D) and [`Sampler`]s are bound
//! beside buffers; sampling follows the Vulkan specification's image operations (nearest and
//! linear filtering, mip levels, clamp/repeat/mirror/border addressing, depth comparison,
//! gathers), and storage images are read and written texel by texel. A texel buffer
//! (`samplerBuffer`, `imageBuffer`) is bound as a one-level 2D [`Image`] of height 1 whose width
//! is its texel count.
//!
//! Out-of-bounds accesses read zero and drop writes (Vulkan's robust buffer access); with
//! [`Options::sanitize`] each one is also reported with its binding, index and invocation.
//!
//! Invariant: this crate knows nothing of wgpu or of shader-core; it sees SPIR-V words only.

mod decode;
mod exec;
mod ext;
mod image;
mod load;
mod raster;
mod uniform;
mod widths;

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

pub use decode::{BindingInfo, BindingKind, Stage};
pub use raster::{
    Attribute, Blend, BlendComponent, BlendFactor, BlendOp, Draw, Face, Stencil, StencilFace, StencilOp, Topology, VertexBuffer, VertexFormat, VertexKind,
};
pub use image::{Address, Compare, Dim, Filter, Format, Image, Sampler};
pub use load::load_module;

/// Why a module cannot be run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The module is not valid SPIR-V as far as the CPU device can tell.
    Invalid(String),
    /// Valid SPIR-V that uses something the CPU device does not implement yet.
    Unsupported(String),
    /// The resources given to `dispatch` do not fit the module.
    Binding(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Invalid(m) => write!(f, "invalid SPIR-V: {m}"),
            Error::Unsupported(m) => write!(f, "not supported by the CPU device: {m}"),
            Error::Binding(m) => write!(f, "bad resources: {m}"),
        }
    }
}

impl std::error::Error for Error {}

/// A buffer the CPU device reads and writes: 32-bit words shared by all worker threads.
#[derive(Debug)]
pub struct Buffer {
    words: Vec<AtomicU32>,
    len: usize,
    /// Its [`device_address`](Buffer::device_address).
    address: u64,
}

/// The bits of a device address below a buffer's base: the byte offset in the buffer.
pub(crate) const ADDRESS_BITS: u32 = 40;

/// The next buffer's device address: buffer `n` (from 1) of the process at `n << ADDRESS_BITS`.
fn next_address() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed) << ADDRESS_BITS
}

impl Buffer {
    /// A buffer holding `bytes` (padded with zeros to a whole number of words).
    pub fn from_bytes(bytes: &[u8]) -> Buffer {
        let words = bytes
            .chunks(4)
            .map(|c| {
                let mut w = [0u8; 4];
                w[..c.len()].copy_from_slice(c);
                AtomicU32::new(u32::from_le_bytes(w))
            })
            .collect();
        Buffer { words, len: bytes.len(), address: next_address() }
    }

    /// A zero-filled buffer of `len` bytes.
    pub fn zeroed(len: usize) -> Buffer {
        Buffer { words: (0..len.div_ceil(4)).map(|_| AtomicU32::new(0)).collect(), len, address: next_address() }
    }

    /// The buffer's device address (Vulkan's `vkGetBufferDeviceAddress`): the 64-bit value a
    /// shader's buffer reference (GL_EXT_buffer_reference, SPIR-V's `PhysicalStorageBuffer`
    /// pointers) to its byte 0 holds; byte `k` is at `device_address() + k`. Every buffer has
    /// its own range of 2^40 bytes, never 0 (a null reference points into no buffer). A
    /// dispatch or draw reaches the buffer through an address when it is among its bindings:
    /// bound at a descriptor, or given with [`Binding::by_address`]; an access through any
    /// other address reads 0 and writes nothing, and the sanitizer reports it
    /// ([`FindingKind::AddressOutOfBounds`]).
    pub fn device_address(&self) -> u64 {
        self.address
    }

    /// Size in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The contents.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes: Vec<u8> = self.words.iter().flat_map(|w| w.load(Ordering::Relaxed).to_le_bytes()).collect();
        bytes.truncate(self.len);
        bytes
    }

    /// Replaces the contents from `offset` on with `bytes` (those past the end are dropped):
    /// whole words at once, the bytes of a word written in part one by one.
    pub fn write(&self, offset: usize, bytes: &[u8]) {
        let end = offset.saturating_add(bytes.len()).min(self.len);
        let mut at = offset;
        while at < end {
            let word = &self.words[at / 4];
            if at % 4 == 0 && at + 4 <= end {
                let b = &bytes[at - offset..at - offset + 4];
                word.store(u32::from_le_bytes([b[0], b[1], b[2], b[3]]), Ordering::Relaxed);
                at += 4;
                continue;
            }
            let shift = (at % 4) * 8;
            let old = word.load(Ordering::Relaxed);
            word.store((old & !(0xFF << shift)) | (u32::from(bytes[at - offset]) << shift), Ordering::Relaxed);
            at += 1;
        }
    }
}

/// A resource bound at `(set, binding)`, as descriptor `element` of a descriptor array there
/// (`uniform sampler2D t[4]`, WGSL `binding_array`, an array of blocks; 0 for a single
/// resource). A combined image sampler (a Vulkan module's `sampler2D`) takes an
/// [`Binding::image`] and a [`Binding::sampler`] at the same place.
#[derive(Clone, Copy, Debug)]
pub struct Binding<'a> {
    pub set: u32,
    pub binding: u32,
    pub element: u32,
    pub resource: Resource<'a>,
}

/// The set and binding of a [`Binding::by_address`].
pub(crate) const BY_ADDRESS: u32 = u32::MAX;

/// What a binding holds.
#[derive(Clone, Copy, Debug)]
pub enum Resource<'a> {
    Buffer(&'a Buffer),
    Image(&'a Image),
    Sampler(&'a Sampler),
}

impl<'a> Binding<'a> {
    pub fn buffer(set: u32, binding: u32, buffer: &'a Buffer) -> Binding<'a> {
        Binding { set, binding, element: 0, resource: Resource::Buffer(buffer) }
    }

    pub fn image(set: u32, binding: u32, image: &'a Image) -> Binding<'a> {
        Binding { set, binding, element: 0, resource: Resource::Image(image) }
    }

    pub fn sampler(set: u32, binding: u32, sampler: &'a Sampler) -> Binding<'a> {
        Binding { set, binding, element: 0, resource: Resource::Sampler(sampler) }
    }

    /// A buffer the shader reaches only through its [device address](Buffer::device_address)
    /// (a buffer reference), bound at no descriptor. Findings on it (out of bounds, races) name
    /// set and binding `u32::MAX`.
    pub fn by_address(buffer: &'a Buffer) -> Binding<'a> {
        Binding { set: BY_ADDRESS, binding: BY_ADDRESS, element: 0, resource: Resource::Buffer(buffer) }
    }

    /// The same resource as descriptor `element` of the descriptor array at its binding.
    pub fn at_element(self, element: u32) -> Binding<'a> {
        Binding { element, ..self }
    }
}

/// How to run a dispatch.
#[derive(Clone, Debug)]
pub struct Options {
    /// Report out-of-bounds accesses (they are always made harmless).
    pub sanitize: bool,
    /// Worker threads; `None` uses every core.
    pub threads: Option<usize>,
}

impl Default for Options {
    fn default() -> Options {
        Options { sanitize: cfg!(debug_assertions), threads: None }
    }
}

/// One problem the sanitizer saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub kind: FindingKind,
    /// The invocation that made the access: its `GlobalInvocationId` (compute), (vertex
    /// index, instance index, 0) (vertex) or its pixel (x, y, 0) (fragment).
    pub invocation: [u32; 3],
    /// The source position of the instruction, from the module's `OpLine` debug info (our
    /// compiler's by default, glslang's with `-g`); `None` in a module without it.
    pub location: Option<SourceLocation>,
}

/// A position in the shader's source, as an `OpLine` gives it: the file name (its `OpString`),
/// 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourceLocation {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

impl std::fmt::Display for SourceLocation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FindingKind {
    /// A load, store or atomic at `byte_offset` of a buffer of `len` bytes.
    BufferOutOfBounds { set: u32, binding: u32, byte_offset: u64, len: u64, write: bool },
    /// A load, store or atomic of `bytes` bytes through a buffer reference at device address
    /// `address` that is not inside one of the buffers the dispatch or draw was given
    /// ([`Buffer::device_address`]): a null or stale reference, or one past its buffer's end.
    AddressOutOfBounds { address: u64, bytes: u32, write: bool },
    /// A load, store or atomic through a buffer reference at device address `address`, which
    /// is not a multiple of the `align` bytes the instruction's `Aligned` memory operand (an
    /// atomic's size) promises (undefined in Vulkan); nothing is read or written.
    AddressMisaligned { address: u64, align: u32, write: bool },
    /// An index into an array of `len` elements (a fixed-size array in any memory).
    IndexOutOfBounds { index: u32, len: u32 },
    /// A texel load or store (`textureLoad`, `textureStore`) outside the image or its levels.
    TexelOutOfBounds { set: u32, binding: u32, coord: [i32; 3], level: u32, write: bool },
    /// A data race on workgroup memory: this invocation's access (a write, or a read) and one
    /// by the invocation with local index `other` touch the word at `byte_offset` of workgroup
    /// memory with no control barrier between them, at least one of them writing and not both
    /// atomic.
    WorkgroupRace { byte_offset: u32, write: bool, other: u32 },
    /// A data race on a storage buffer within a workgroup (the rules of `WorkgroupRace`): the
    /// word at `byte_offset` of buffer (`set`, `binding`), with no control barrier ordering
    /// buffer memory between the two accesses (`OpControlBarrier` whose semantics include
    /// `UniformMemory`, as WGSL's `storageBarrier`, or one after an `OpMemoryBarrier` that does,
    /// as GLSL's `memoryBarrierBuffer(); barrier();`; GLSL's `barrier()` and WGSL's
    /// `workgroupBarrier` alone order workgroup memory only).
    BufferRace { set: u32, binding: u32, byte_offset: u64, write: bool, other: u32 },
    /// A data race on a texel of a storage image within a workgroup (the rules of
    /// `BufferRace`, for image memory: no control barrier whose semantics, or a memory
    /// barrier's before it, include `ImageMemory`, as GLSL's `memoryBarrierImage(); barrier();`
    /// or WGSL's `textureBarrier()`, between the two accesses).
    ImageRace { set: u32, binding: u32, coord: [i32; 3], level: u32, write: bool, other: u32 },
    /// A data race on a storage buffer between workgroups: this invocation's access and one by
    /// invocation `other` (a global invocation id) of another workgroup touch the word at
    /// `byte_offset`, at least one writing and not both atomic. Within one dispatch nothing
    /// orders the accesses of different workgroups (barriers order a workgroup's own), so such
    /// a pair is always a race.
    BufferRaceBetweenWorkgroups { set: u32, binding: u32, byte_offset: u64, write: bool, other: [u32; 3] },
    /// The same on a texel of a storage image.
    ImageRaceBetweenWorkgroups { set: u32, binding: u32, coord: [i32; 3], level: u32, write: bool, other: [u32; 3] },
    /// A read (or atomic) of the word at `byte_offset` of workgroup memory that no invocation
    /// of the workgroup wrote before (GLSL leaves `shared` variables uninitialized; WGSL's are
    /// zeroed by stores the compiler emits).
    UnwrittenWorkgroupRead { byte_offset: u32 },
    /// A control barrier that `reached` of the workgroup's `of` invocations executed together:
    /// the others (this invocation among them) were elsewhere, in a branch or loop the barrier
    /// is not in, or had returned (SPIR-V requires workgroup barriers in uniform control flow).
    DivergentBarrier { reached: u32, of: u32 },
    /// An integer division (`remainder`: remainder or modulo) by zero, undefined in SPIR-V
    /// (GLSL leaves it undefined; WGSL's modules guard the divisor). The result is 0.
    DivisionByZero { remainder: bool },
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(location) = &self.location {
            write!(f, "{location}: ")?;
        }
        let [x, y, z] = self.invocation;
        match &self.kind {
            FindingKind::BufferOutOfBounds { set, binding, byte_offset, len, write } => write!(
                f,
                "out-of-bounds {} of buffer (set {set}, binding {binding}) at byte {byte_offset} (size {len}) by invocation ({x}, {y}, {z})",
                if *write { "write" } else { "read" }
            ),
            FindingKind::AddressOutOfBounds { address, bytes, write } => write!(
                f,
                "{} of {bytes} bytes through buffer device address {address:#x}, in no buffer given to the dispatch, by \
                 invocation ({x}, {y}, {z})",
                if *write { "write" } else { "read" }
            ),
            FindingKind::AddressMisaligned { address, align, write } => write!(
                f,
                "{} through buffer device address {address:#x}, not aligned to the {align} bytes the instruction promises, by \
                 invocation ({x}, {y}, {z})",
                if *write { "write" } else { "read" }
            ),
            FindingKind::IndexOutOfBounds { index, len } => {
                write!(f, "array index {index} out of bounds (length {len}) by invocation ({x}, {y}, {z})")
            }
            FindingKind::TexelOutOfBounds { set, binding, coord, level, write } => write!(
                f,
                "out-of-bounds texel {} of image (set {set}, binding {binding}) at {coord:?}, level {level}, by invocation ({x}, {y}, {z})",
                if *write { "write" } else { "read" }
            ),
            FindingKind::WorkgroupRace { byte_offset, write, other } => write!(
                f,
                "data race on workgroup memory at byte {byte_offset}: {} by invocation ({x}, {y}, {z}) and an access by local \
                 invocation {other} with no barrier between",
                if *write { "a write" } else { "a read" }
            ),
            FindingKind::BufferRace { set, binding, byte_offset, write, other } => write!(
                f,
                "data race on buffer (set {set}, binding {binding}) at byte {byte_offset}: {} by invocation ({x}, {y}, {z}) and \
                 an access by local invocation {other} with no barrier on buffer memory between",
                if *write { "a write" } else { "a read" }
            ),
            FindingKind::ImageRace { set, binding, coord, level, write, other } => write!(
                f,
                "data race on image (set {set}, binding {binding}) at texel {coord:?}, level {level}: {} by invocation \
                 ({x}, {y}, {z}) and an access by local invocation {other} with no barrier on image memory between",
                if *write { "a write" } else { "a read" }
            ),
            FindingKind::BufferRaceBetweenWorkgroups { set, binding, byte_offset, write, other } => write!(
                f,
                "data race between workgroups on buffer (set {set}, binding {binding}) at byte {byte_offset}: {} by invocation \
                 ({x}, {y}, {z}) and an access by invocation {other:?} of another workgroup (only atomics order workgroups)",
                if *write { "a write" } else { "a read" }
            ),
            FindingKind::ImageRaceBetweenWorkgroups { set, binding, coord, level, write, other } => write!(
                f,
                "data race between workgroups on image (set {set}, binding {binding}) at texel {coord:?}, level {level}: {} by \
                 invocation ({x}, {y}, {z}) and an access by invocation {other:?} of another workgroup (only atomics order \
                 workgroups)",
                if *write { "a write" } else { "a read" }
            ),
            FindingKind::UnwrittenWorkgroupRead { byte_offset } => write!(
                f,
                "read of workgroup memory at byte {byte_offset} that no invocation wrote, by invocation ({x}, {y}, {z})"
            ),
            FindingKind::DivisionByZero { remainder } => write!(
                f,
                "integer {} by zero by invocation ({x}, {y}, {z})",
                if *remainder { "remainder" } else { "division" }
            ),
            FindingKind::DivergentBarrier { reached, of } => write!(
                f,
                "barrier in non-uniform control flow: {reached} of {of} invocations of the workgroup reached it together, \
                 invocation ({x}, {y}, {z}) did not"
            ),
        }
    }
}

/// What a dispatch observed.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Sanitizer findings (the first few hundred; `dropped` counts the rest).
    pub findings: Vec<Finding>,
    pub dropped: usize,
}

/// One entry point of a module, decoded and specialized: a compute one to
/// [`dispatch`](Program::dispatch), a vertex and a fragment one to [`draw`] with.
pub struct Program {
    prog: decode::Prog,
}

impl Program {
    /// Decodes entry point `entry` of `words`. `specialization` gives values for
    /// specialization constants by `SpecId`, as raw bits (a bool is 0 or 1, an f32 its bits).
    pub fn new(words: &[u32], entry: &str, specialization: &[(u32, u64)]) -> Result<Program, Error> {
        Ok(Program { prog: decode::decode(words, entry, specialization)? })
    }

    /// The stage of the entry point.
    pub fn stage(&self) -> Stage {
        self.prog.stage
    }

    /// The workgroup size after specialization.
    pub fn workgroup_size(&self) -> [u32; 3] {
        self.prog.workgroup_size
    }

    /// The buffers, images and samplers the entry point declares.
    pub fn bindings(&self) -> &[BindingInfo] {
        &self.prog.bindings
    }

    /// Runs `workgroups` workgroups with `bindings` bound and `push_constants` as the push
    /// constant block. Every binding the entry point uses must be given.
    pub fn dispatch(
        &self,
        bindings: &[Binding<'_>],
        push_constants: &[u8],
        workgroups: [u32; 3],
        options: &Options,
    ) -> Result<Report, Error> {
        if self.prog.stage != Stage::Compute {
            return Err(Error::Binding(format!("a {:?} entry point cannot be dispatched; draw it", self.prog.stage)));
        }
        exec::dispatch(&self.prog, bindings, push_constants, workgroups, options)
    }
}

/// Draws with a vertex and a fragment program (see [`Draw`]): the vertex stage, clipping,
/// rasterization with the top-left rule, the fragment stage in 2x2 quads (derivatives,
/// implicit levels of detail), stencil and depth tests and blending. The targets are written when this
/// returns.
pub fn draw(vertex: &Program, fragment: &Program, draw: &Draw<'_>, options: &Options) -> Result<Report, Error> {
    raster::draw(&vertex.prog, &fragment.prog, draw, options)
}
