//! Rendering: a vertex stage, primitive assembly, clipping, a rasterizer and a fragment stage
//! with depth test and blending, on the same SIMT executor as compute.
//!
//! - Vertices run in batches of `GRAPHICS_LANES` invocations; their `Location` outputs feed
//!   the fragment inputs with the same location and component.
//! - Triangles are clipped against the depth range (0 ≤ z ≤ w) and a guard band (|x|, |y| ≤
//!   `GUARD` w), so every vertex left has w > 0, then mapped to the viewport (the whole target,
//!   depth 0..1, y down). Lines are clipped the same way and become the rectangle of width 1
//!   around them, points the one-pixel square around them (dropped outside the view volume),
//!   each drawn as two triangles.
//! - Coverage: edge functions on positions snapped to 1/256 pixel (exact in integers), sampled
//!   at pixel centres, with the top-left rule for samples on an edge (each sample of two
//!   triangles sharing an edge is covered once).
//! - Fragments run in 2x2 quads (lanes 4q..4q+3: (0,0), (1,0), (0,1), (1,1)), so derivatives and
//!   implicit levels of detail see their neighbours; uncovered quad members run as helpers
//!   (as do lanes that demote themselves) and write nothing: no output, no storage writes or
//!   atomics. Lanes of a batch with no vertex or quad do not run. Inputs are interpolated
//!   perspective-correctly (`NoPerspective`: linearly in the screen, `Flat` and integers: the
//!   provoking vertex, the primitive's first).
//! - Per pixel, in primitive order: the stencil test (`Draw::stencil`, on the depth buffer's
//!   stencil plane, with its operations), then the depth test (`Draw::depth_compare`, with
//!   `Draw::depth_write`; both after the shader, with the depth it wrote if it did, or before it
//!   with `EarlyFragmentTests`), then blending into the colour target as [`Blend`] says.
//!
//! The target is split into bands of rows, one worker thread per band at a time; each band
//! walks every triangle in order, so primitive order holds per pixel without locks.

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::decode::{Builtin, Interp, Prog, Stage, Varying, CLIP_DISTANCES, CULL_DISTANCES, MAX_DISTANCES};
use crate::widths::Scalar;
use crate::exec::{bind, on_threads, Gather, Thread};
use crate::{Binding, Buffer, Compare, Error, Image, Options, Report};

/// Clip-space guard band: x and y are clipped at ±GUARD·w.
const GUARD: f32 = 64.0;
/// The clipping planes (`plane · clip >= 0` is inside): the depth range and the guard band.
const PLANES: [[f32; 4]; 6] = [
    [0.0, 0.0, 1.0, 0.0],
    [0.0, 0.0, -1.0, 1.0],
    [1.0, 0.0, 0.0, GUARD],
    [-1.0, 0.0, 0.0, GUARD],
    [0.0, 1.0, 0.0, GUARD],
    [0.0, -1.0, 0.0, GUARD],
];
/// Subpixel precision of vertex positions (bits).
const SUBPIXEL: f64 = 256.0;
/// Rows per band (even: quads never straddle two bands).
const BAND: u32 = 16;
/// Vulkan's standard locations of 4 samples in a pixel, in 1/256 pixel.
const SAMPLES_4: [[i64; 2]; 4] = [[96, 32], [224, 96], [32, 160], [160, 224]];
/// The one sample of a single-sampled pixel: its centre.
const SAMPLES_1: [[i64; 2]; 1] = [[128, 128]];

/// How vertices form primitives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topology {
    PointList,
    LineList,
    LineStrip,
    TriangleList,
    TriangleStrip,
}

/// Which faces to cull; front faces are counter-clockwise in normalized device coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    Front,
    Back,
}

/// A blend factor (Vulkan `VkBlendFactor`; `Constant` is [`Draw::blend_constant`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlendFactor {
    Zero,
    One,
    Src,
    OneMinusSrc,
    SrcAlpha,
    OneMinusSrcAlpha,
    Dst,
    OneMinusDst,
    DstAlpha,
    OneMinusDstAlpha,
    SrcAlphaSaturated,
    Constant,
    OneMinusConstant,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlendOp {
    Add,
    Subtract,
    ReverseSubtract,
    Min,
    Max,
}

/// `src * src_factor (op) dst * dst_factor` for the colour or the alpha channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlendComponent {
    pub src_factor: BlendFactor,
    pub dst_factor: BlendFactor,
    pub operation: BlendOp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blend {
    pub color: BlendComponent,
    pub alpha: BlendComponent,
}

/// What a stencil test does to the stored value (Vulkan `VkStencilOp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StencilOp {
    Keep,
    Zero,
    /// The reference value.
    Replace,
    IncrementClamp,
    DecrementClamp,
    Invert,
    IncrementWrap,
    DecrementWrap,
}

/// The stencil test of one face: `reference & read_mask` `compare` `stored & read_mask`, and
/// the operation when it fails, when it passes and the depth test fails, and when both pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StencilFace {
    pub compare: Compare,
    pub fail: StencilOp,
    pub depth_fail: StencilOp,
    pub pass: StencilOp,
}

/// The stencil state of a draw (Vulkan "Stencil Test"): per face, the masks and the reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stencil {
    pub front: StencilFace,
    pub back: StencilFace,
    pub read_mask: u8,
    /// The bits an operation may change.
    pub write_mask: u8,
    pub reference: u8,
}

impl Stencil {
    /// Runs `face`'s test at texel `at` of `image` and applies the operation `outcome` picks
    /// from the test's and the depth test's results; whether the stencil test passed.
    fn test(&self, image: &Image, front: bool, at: [i64; 3], depth: impl FnOnce() -> bool) -> bool {
        let face = if front { self.front } else { self.back };
        let Some(stored) = image.stencil(at) else { return true };
        let masked = |v: u8| f32::from(v & self.read_mask);
        let pass = face.compare.test(masked(self.reference), masked(stored));
        let op = match (pass, pass && depth()) {
            (false, _) => face.fail,
            (true, false) => face.depth_fail,
            (true, true) => face.pass,
        };
        let value = match op {
            StencilOp::Keep => stored,
            StencilOp::Zero => 0,
            StencilOp::Replace => self.reference,
            StencilOp::IncrementClamp => stored.saturating_add(1),
            StencilOp::DecrementClamp => stored.saturating_sub(1),
            StencilOp::Invert => !stored,
            StencilOp::IncrementWrap => stored.wrapping_add(1),
            StencilOp::DecrementWrap => stored.wrapping_sub(1),
        };
        if value != stored {
            image.set_stencil(at, (stored & !self.write_mask) | (value & self.write_mask));
        }
        pass
    }
}

/// One vertex attribute: its components at `offset` bytes into each vertex, stored as `format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attribute {
    pub location: u32,
    pub offset: u32,
    pub format: VertexFormat,
}

/// How a vertex attribute's components are stored (wgpu's vertex formats).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VertexFormat {
    /// `n` components of `bits` (8, 16, 32, or 64 for `Float`) each, little-endian, one after
    /// another.
    Plain { kind: VertexKind, bits: u32, n: u32 },
    /// Three unsigned normalized components of 10 bits and one of 2, from the low bits of a
    /// little-endian word (Vulkan `A2B10G10R10_UNORM_PACK32`).
    Unorm10_10_10_2,
    /// Four unsigned normalized bytes in the order blue, green, red, alpha (`B8G8R8A8_UNORM`).
    Unorm8x4Bgra,
}

/// What a stored vertex component is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VertexKind {
    Uint,
    Sint,
    /// An unsigned or signed integer read as a float in 0..1 or -1..1.
    Unorm,
    Snorm,
    /// Binary16 (16 bits), binary32 or binary64 (64 bits).
    Float,
}

impl VertexFormat {
    /// `n` 32-bit components of `kind` (`Uint`, `Sint` or `Float`).
    pub fn words(kind: VertexKind, n: u32) -> VertexFormat {
        VertexFormat::Plain { kind, bits: 32, n }
    }

    /// The shader input's words of the attribute stored at byte `at` of `buffer` (Vulkan
    /// "Vertex Input Extraction", "Fixed-Point Data Conversions" as for texels; integers sign-
    /// or zero-extended): four 32-bit components, or of a 64-bit format four 64-bit ones (low
    /// word first); the components the format lacks are 0, 0 and 1 (integer 1, 1.0 or 1.0 in
    /// f64 by the format's kind).
    fn fetch(self, buffer: &Buffer, at: u64) -> [u32; 8] {
        let unorm = |c: u32, bits: u32| crate::image::unorm_to_float(c, bits).to_bits();
        let snorm = |c: i32, bits: u32| crate::image::snorm_to_float(c, bits).to_bits();
        let four = |w: [u32; 4]| [w[0], w[1], w[2], w[3], 0, 0, 0, 0];
        match self {
            VertexFormat::Plain { kind: VertexKind::Float, bits: 64, n } => {
                let one = 1.0f64.to_bits();
                let mut out = [0, 0, 0, 0, 0, 0, one as u32, (one >> 32) as u32];
                for k in 0..n.min(4) as usize {
                    let start = at + 8 * k as u64;
                    out[2 * k] = read_word(buffer, start);
                    out[2 * k + 1] = read_word(buffer, start + 4);
                }
                out
            }
            VertexFormat::Plain { kind, bits, n } => {
                let one = if matches!(kind, VertexKind::Uint | VertexKind::Sint) { 1 } else { 1.0f32.to_bits() };
                let mut out = [0, 0, 0, one];
                for (k, o) in out.iter_mut().enumerate().take(n as usize) {
                    let start = at + u64::from(bits / 8) * k as u64;
                    let raw = read_word(buffer, start) & if bits == 32 { u32::MAX } else { (1 << bits) - 1 };
                    let signed = ((raw << (32 - bits)) as i32) >> (32 - bits);
                    *o = match (kind, bits) {
                        (VertexKind::Uint, _) | (VertexKind::Float, 32) => raw,
                        (VertexKind::Sint, _) => signed as u32,
                        (VertexKind::Unorm, _) => unorm(raw, bits),
                        (VertexKind::Snorm, _) => snorm(signed, bits),
                        (VertexKind::Float, _) => crate::ext::f16_to_f32(raw as u16).to_bits(),
                    };
                }
                four(out)
            }
            VertexFormat::Unorm10_10_10_2 => {
                let w = read_word(buffer, at);
                four([unorm(w & 0x3FF, 10), unorm((w >> 10) & 0x3FF, 10), unorm((w >> 20) & 0x3FF, 10), unorm(w >> 30, 2)])
            }
            VertexFormat::Unorm8x4Bgra => {
                let w = read_word(buffer, at);
                four([unorm((w >> 16) & 0xFF, 8), unorm((w >> 8) & 0xFF, 8), unorm(w & 0xFF, 8), unorm(w >> 24, 8)])
            }
        }
    }
}

impl Varying {
    /// A word of this input or output in its 32-bit form: an f16 as f32 (interpolated so), an
    /// int16 sign-extended; other words as they are.
    fn widen(&self, w: u32) -> u32 {
        match self.scalar {
            Scalar::Float { width: 16 } => crate::ext::f16_to_f32(w as u16).to_bits(),
            Scalar::Int { width: 16, signed: true } => w as u16 as i16 as i32 as u32,
            Scalar::Int { width: 8, signed: true } => w as u8 as i8 as i32 as u32,
            _ => w,
        }
    }

    /// The register word of a component given in its 32-bit form (f32 to f16 rounded to
    /// nearest even, integers cut to 16 bits).
    fn narrow(&self, w: u32) -> u32 {
        match self.scalar {
            Scalar::Float { width: 16 } => u32::from(crate::ext::f32_to_f16(f32::from_bits(w))),
            Scalar::Int { width: 16, .. } => w & 0xFFFF,
            Scalar::Int { width: 8, .. } => w & 0xFF,
            _ => w,
        }
    }
}

/// The vertex buffer: vertex `i` at byte `i * stride`.
#[derive(Clone, Copy, Debug)]
pub struct VertexBuffer<'a> {
    pub buffer: &'a Buffer,
    pub stride: u32,
    pub attributes: &'a [Attribute],
}

/// One draw call.
#[derive(Clone, Debug)]
pub struct Draw<'a> {
    /// Resources of both stages.
    pub bindings: &'a [Binding<'a>],
    pub push_constants: &'a [u8],
    pub vertex_buffer: Option<VertexBuffer<'a>>,
    /// The vertex index of every vertex in draw order (an index buffer's values, or a range).
    pub vertices: &'a [u32],
    pub instances: Range<u32>,
    pub topology: Topology,
    pub cull: Option<Face>,
    pub blend: Option<Blend>,
    /// The blend constant (RGBA) of the `Constant` factors.
    pub blend_constant: [f32; 4],
    /// The colour targets, `colors[k]` for the fragment output at location `k` (all the same
    /// size; the blend state applies to each), and the depth buffer (a `Depth32Float`,
    /// `Depth24Plus` or `Depth16Unorm` image; a fragment passing the test writes its depth).
    pub colors: &'a [Option<&'a Image>],
    pub depth: Option<&'a Image>,
    /// The depth test: `fragment depth OP stored depth` (WebGPU's `depthCompare`).
    pub depth_compare: Compare,
    /// Whether a fragment that passes the depth test writes its depth.
    pub depth_write: bool,
    /// The stencil test, before the depth test, on the depth buffer's stencil plane (a
    /// `Depth24PlusStencil8`, `Depth32FloatStencil8` or `Stencil8` image).
    pub stencil: Option<Stencil>,
    /// Samples per pixel: 1, or 4 (multisampling at Vulkan's standard locations; the colour
    /// targets are the resolve targets: each sample starts as the target's texel and the
    /// target gets the average of its samples, or sample 0 of an integer format; the depth
    /// buffer is then twice the targets' width and height and holds sample k of pixel (x, y)
    /// at (2x + k % 2, 2y + k / 2), each tested at its own depth). A fragment shader that
    /// reads `SampleId` or `SamplePosition` runs once per covered sample, at the sample's
    /// location (`FragCoord` there too); others once per pixel, interpolated at its centre
    /// (inputs decorated `Sample` or `Centroid` too, as on lavapipe).
    pub samples: u32,
    /// Alpha-to-coverage: the alpha of the float output at location 0 (1 without one) keeps
    /// sample k of a fragment's coverage when alpha > k / samples (Vulkan leaves the mapping to
    /// the implementation; this is Mesa llvmpipe's: no sample at alpha 0, all at 1, samples
    /// taken in index order), ANDed like a `SampleMask` output before the late tests.
    pub alpha_to_coverage: bool,
}

/// A shaded vertex: clip position and the fragment stage's inputs (in its input order).
#[derive(Clone, Debug)]
struct Vertex {
    clip: [f32; 4],
    vary: Vec<u32>,
    /// The vertex stage's `ClipDistance` values: each a plane the primitive is clipped against
    /// (Vulkan "Primitive Clipping": the half-space where the interpolated distance is >= 0).
    dist: Vec<f32>,
}

/// An assembled primitive (Vulkan "Drawing Commands": lists and strips).
enum Prim {
    Point(Vertex),
    Line([Vertex; 2]),
    Triangle([Vertex; 3]),
}

/// A triangle ready to rasterize (points and lines are rasterized as two each).
struct Tri {
    /// Snapped window positions (1/256 pixel).
    pos: [[i64; 2]; 3],
    /// Twice the signed area in snapped units (> 0).
    area: i64,
    /// Whether each edge (bc, ca, ab) is a top or left edge.
    top_left: [bool; 3],
    /// Depth (z/w) and 1/w of each vertex.
    z: [f64; 3],
    inv_w: [f64; 3],
    vary: [Vec<u32>; 3],
    /// The provoking vertex's inputs, for flat ones.
    flat: Vec<u32>,
    front: bool,
    /// Pixel bounds (inclusive min, exclusive max).
    min: [u32; 2],
    max: [u32; 2],
    /// A point's snapped centre (1/256 pixel), for `PointCoord`.
    point: Option<[i64; 2]>,
    /// The index of the primitive among its instance's (`PrimitiveId`).
    primitive: u32,
    /// Whether vertices 1 and 2 were swapped to make the area positive (`BaryCoord` gives the
    /// weights in the primitive's order).
    swapped: bool,
}

/// Runs a draw (see the module documentation).
pub(crate) fn draw(vs: &Prog, fs: &Prog, d: &Draw<'_>, options: &Options) -> Result<Report, Error> {
    if vs.stage != Stage::Vertex || fs.stage != Stage::Fragment {
        return Err(Error::Binding("a draw needs a vertex and a fragment entry point".to_string()));
    }
    if !matches!(d.samples, 1 | 4) {
        return Err(Error::Binding(format!("{} samples per pixel (1 or 4)", d.samples)));
    }
    // A multisampled depth buffer holds 2x2 samples per pixel.
    let scale = if d.samples == 4 { 2 } else { 1 };
    let pixels = d.colors.iter().flatten().map(|t| t.size()).chain(d.depth.map(|t| t.size().map(|s| s / scale))).next();
    let Some(size) = pixels else {
        return Err(Error::Binding("a draw needs a colour target or a depth buffer".to_string()));
    };
    let (width, height) = (size[0], size[1]);
    if let Some(other) = d.colors.iter().flatten().find(|c| c.size()[..2] != size[..2]) {
        return Err(Error::Binding(format!("the colour targets are {:?} and {:?}", size, other.size())));
    }
    if let Some(depth) = d.depth {
        if depth.size()[..2] != [width * scale, height * scale] {
            return Err(Error::Binding(format!("the depth buffer is {:?}, the colour target {:?} ({} samples)", depth.size(), size, d.samples)));
        }
    }
    let push = Buffer::from_bytes(d.push_constants);
    let report = Gather::default();

    // Vertex stage.
    let (vslots, vhandles) = bind(vs, d.bindings, &push)?;
    let mut vt = Thread::new(vs, &vslots, &vhandles, [1, 1, 1], options.sanitize);
    // Each vertex with its cull distances.
    let mut shaded: Vec<(Vertex, Vec<f32>)> = Vec::new();
    let mut prims: Vec<Prim> = Vec::new();
    // Each primitive's index among its instance's (Vulkan resets the primitive ID per instance).
    let mut prim_ids: Vec<u32> = Vec::new();
    for instance in d.instances.clone() {
        shaded.clear();
        for chunk in d.vertices.chunks(vt.lanes()) {
            vt.ids = chunk.iter().map(|&index| [index, instance, 0]).collect();
            vt.run_batch(chunk.len(), |_| false, |lane, mem| {
                let Some(&index) = chunk.get(lane) else { return };
                for &(builtin, at) in &vs.builtins {
                    match builtin {
                        Builtin::VertexIndex => mem[at as usize] = index,
                        Builtin::InstanceIndex => mem[at as usize] = instance,
                        _ => {}
                    }
                }
                if let Some(vb) = d.vertex_buffer {
                    for input in &vs.inputs {
                        let Some(a) = vb.attributes.iter().find(|a| a.location == input.location) else { continue };
                        let start = u64::from(index) * u64::from(vb.stride) + u64::from(a.offset);
                        let value = a.format.fetch(vb.buffer, start);
                        // An input at a later component of its location reads those of the attribute.
                        for k in 0..input.words.min(8u32.saturating_sub(input.component)) {
                            mem[(input.base + k) as usize] = input.narrow(value[(input.component + k) as usize]);
                        }
                    }
                }
            });
            for lane in 0..chunk.len() {
                let mem = vt.lane_memory(lane);
                let clip = match vs.position {
                    Some(at) => std::array::from_fn(|k| f32::from_bits(mem[at as usize + k])),
                    None => [0.0; 4],
                };
                let mut vary = Vec::new();
                for input in &fs.inputs {
                    // Component by component: the output with the input's location that has it
                    // (varyings share a location through `Component` decorations).
                    for c in input.component..input.component + input.words {
                        let out = vs.outputs.iter().find(|o| o.location == input.location && (o.component..o.component + o.words).contains(&c));
                        vary.push(out.map_or(0, |o| input.widen(mem[(o.base + c - o.component) as usize])));
                    }
                }
                // Clip and cull distances: reserved locations, in element order.
                let distances = |first: u32| -> Vec<f32> {
                    let mut d: Vec<&Varying> = vs.outputs.iter().filter(|o| (first..first + MAX_DISTANCES).contains(&o.location)).collect();
                    d.sort_by_key(|o| o.location);
                    d.iter().map(|o| f32::from_bits(mem[o.base as usize])).collect()
                };
                let (dist, cull) = (distances(CLIP_DISTANCES), distances(CULL_DISTANCES));
                shaded.push((Vertex { clip, vary, dist }, cull));
            }
        }
        // The primitives' vertex indices into `shaded`.
        let n = shaded.len();
        let indices: Vec<Vec<usize>> = match d.topology {
            Topology::PointList => (0..n).map(|i| vec![i]).collect(),
            Topology::LineList => (0..n / 2).map(|i| vec![2 * i, 2 * i + 1]).collect(),
            Topology::LineStrip => (0..n.saturating_sub(1)).map(|i| vec![i, i + 1]).collect(),
            Topology::TriangleList => (0..n / 3).map(|i| vec![3 * i, 3 * i + 1, 3 * i + 2]).collect(),
            Topology::TriangleStrip => (0..n.saturating_sub(2)).map(|i| vec![i, i + 1 + i % 2, i + 2 - i % 2]).collect(),
        };
        for (id, at) in indices.iter().enumerate() {
            // Vulkan "Primitive Clipping": a primitive whose vertices all have a negative cull
            // distance of one index is discarded (it keeps its primitive ID).
            let cull = shaded[at[0]].1.len();
            if (0..cull).any(|k| at.iter().all(|&v| shaded[v].1.get(k).is_some_and(|&c| c < 0.0))) {
                continue;
            }
            let v = |k: usize| shaded[at[k]].0.clone();
            prims.push(match at.len() {
                1 => Prim::Point(v(0)),
                2 => Prim::Line([v(0), v(1)]),
                _ => Prim::Triangle([v(0), v(1), v(2)]),
            });
            prim_ids.push(id as u32);
        }
    }
    report.add(&mut vt);

    // Clipping and triangle setup.
    let mut tris = Vec::new();
    let interp: Vec<Interp> = fs.inputs.iter().flat_map(|v| std::iter::repeat_n(v.interp, v.words as usize)).collect();
    for (prim, &id) in prims.iter().zip(&prim_ids) {
        let before = tris.len();
        match prim {
            Prim::Triangle(tri) => {
                let poly = clip(tri, &interp);
                // Flat inputs from the provoking vertex; a per-vertex input's element k from the
                // primitive's vertex k (before clipping).
                let flat: Vec<u32> = (tri[0].vary.iter().zip(&interp).enumerate())
                    .map(|(w, (&x, i))| match i {
                        Interp::PerVertex(k) => tri[*k as usize].vary[w],
                        _ => x,
                    })
                    .collect();
                for k in 1..poly.len().saturating_sub(1) {
                    if let Some(t) = setup([&poly[0], &poly[k], &poly[k + 1]], &flat, width, height, d.cull) {
                        tris.push(t);
                    }
                }
            }
            Prim::Line(line) => tris.extend(setup_line(line, &interp, width, height)),
            Prim::Point(point) => tris.extend(setup_point(point, width, height)),
        }
        tris[before..].iter_mut().for_each(|t: &mut Tri| t.primitive = id);
    }
    if tris.is_empty() {
        return Ok(report.finish());
    }

    // Fragment stage, band by band (into each target's samples, then resolved, when
    // multisampled).
    let samples: Vec<Option<Image>> = if d.samples == 4 { d.colors.iter().map(|c| c.map(sample_image)).collect() } else { Vec::new() };
    let (fslots, fhandles) = bind(fs, d.bindings, &push)?;
    let bands = height.div_ceil(BAND) as usize;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = options.threads.unwrap_or(cores).max(1).min(bands);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut t = Thread::new(fs, &fslots, &fhandles, [1, 1, 1], options.sanitize);
        let mut batch = Batch { quads: Vec::with_capacity(t.lanes() / 4) };
        loop {
            let band = next.fetch_add(1, Ordering::Relaxed);
            if band >= bands {
                break;
            }
            let rows = band as u32 * BAND..((band as u32 + 1) * BAND).min(height);
            for tri in &tris {
                raster(tri, &rows, width, &mut batch, &mut t, fs, d, &samples);
            }
            for (target, samples) in d.colors.iter().zip(&samples) {
                if let (Some(target), Some(samples)) = (target, samples) {
                    resolve(target, samples, &rows);
                }
            }
        }
        report.add(&mut t);
    };
    on_threads(threads, work);
    Ok(report.finish())
}

/// A little-endian word of `buffer` at byte `at` (0 past the end: robust vertex fetch).
fn read_word(buffer: &Buffer, at: u64) -> u32 {
    let mut bytes = [0u8; 4];
    for (k, b) in bytes.iter_mut().enumerate() {
        let i = at + k as u64;
        if i < buffer.len() as u64 {
            let w = buffer.words[(i / 4) as usize].load(Ordering::Relaxed);
            *b = (w >> ((i % 4) * 8)) as u8;
        }
    }
    u32::from_le_bytes(bytes)
}

/// Sutherland–Hodgman clipping of a triangle against the depth range and the guard band, in
/// clip space (where attributes are linear). Flat inputs are not interpolated.
fn clip(prim: &[Vertex; 3], interp: &[Interp]) -> Vec<Vertex> {
    let planes = PLANES.len() + prim[0].dist.len();
    let mut poly: Vec<Vertex> = prim.to_vec();
    if prim.iter().all(|v| (0..planes).all(|p| plane_distance(p, v) >= 0.0)) {
        return poly;
    }
    for p in 0..planes {
        let mut out = Vec::with_capacity(poly.len() + 1);
        for i in 0..poly.len() {
            let (a, b) = (&poly[i], &poly[(i + 1) % poly.len()]);
            let (da, db) = (plane_distance(p, a), plane_distance(p, b));
            if da >= 0.0 {
                out.push(a.clone());
            }
            if (da >= 0.0) != (db >= 0.0) {
                out.push(lerp_vertex(a, b, da / (da - db), interp));
            }
        }
        poly = out;
        if poly.len() < 3 {
            return Vec::new();
        }
    }
    poly
}

/// The signed distance of `v` from clipping plane `p`: the view volume's [`PLANES`], then the
/// vertex stage's clip distances.
fn plane_distance(p: usize, v: &Vertex) -> f32 {
    match PLANES.get(p) {
        Some(plane) => (0..4).map(|k| plane[k] * v.clip[k]).sum::<f32>(),
        None => v.dist[p - PLANES.len()],
    }
}

/// A vertex in the window: its position in pixels, depth (z/w) and 1/w; `None` for a position
/// that is not finite or has w <= 0.
fn window(v: &Vertex, width: u32, height: u32) -> Option<([f64; 2], f64, f64)> {
    if v.clip[3].is_nan() || v.clip[3] <= 0.0 || v.clip.iter().any(|c| !c.is_finite()) {
        return None;
    }
    let iw = 1.0 / f64::from(v.clip[3]);
    let x = (f64::from(v.clip[0]) * iw + 1.0) * f64::from(width) / 2.0;
    let y = (1.0 - f64::from(v.clip[1]) * iw) * f64::from(height) / 2.0;
    Some(([x, y], f64::from(v.clip[2]) * iw, iw))
}

/// A window position snapped to the subpixel grid.
fn snap(p: [f64; 2]) -> [i64; 2] {
    p.map(|c| (c * SUBPIXEL).round() as i64)
}

/// Viewport transform, snapping, culling and edge setup; `None` for a culled or empty triangle.
fn setup(v: [&Vertex; 3], flat: &[u32], width: u32, height: u32, cull: Option<Face>) -> Option<Tri> {
    let mut pos = [[0i64; 2]; 3];
    let mut z = [0.0; 3];
    let mut inv_w = [0.0; 3];
    for (k, v) in v.iter().enumerate() {
        let (p, depth, iw) = window(v, width, height)?;
        pos[k] = snap(p);
        z[k] = depth;
        inv_w[k] = iw;
    }
    let vary = [v[0].vary.clone(), v[1].vary.clone(), v[2].vary.clone()];
    setup_snapped(pos, z, inv_w, vary, flat, width, height, cull)
}

/// A line (Vulkan "Basic Line Segment Rasterization", one pixel wide) as the rectangle around
/// the segment, corners offset from the snapped end points by the snapped half-width normal
/// (llvmpipe's rectangular lines), drawn as two triangles whose far corners carry the end
/// points' inputs. Lines are clipped like triangles, face the front and are not culled; flat
/// inputs come from the first vertex.
fn setup_line(line: &[Vertex; 2], interp: &[Interp], width: u32, height: u32) -> Vec<Tri> {
    let Some([a, b]) = clip_line(line, interp) else { return Vec::new() };
    let (Some((pa, za, wa)), Some((pb, zb, wb))) = (window(&a, width, height), window(&b, width, height)) else {
        return Vec::new();
    };
    let (dx, dy) = (pa[0] - pb[0], pa[1] - pb[1]);
    let length2 = dx * dx + dy * dy;
    if length2 == 0.0 {
        return Vec::new();
    }
    let scale = 0.5 / length2.sqrt();
    let t = [(-dy * scale * SUBPIXEL).round() as i64, (dx * scale * SUBPIXEL).round() as i64];
    let (sa, sb) = (snap(pa), snap(pb));
    let corners = [[sa[0] - t[0], sa[1] - t[1]], [sb[0] - t[0], sb[1] - t[1]], [sb[0] + t[0], sb[1] + t[1]], [sa[0] + t[0], sa[1] + t[1]]];
    // Corner k belongs to end point a (0, 3) or b (1, 2).
    let of_a = [true, false, false, true];
    let tri = |k: [usize; 3]| {
        let pick = |i: usize| if of_a[i] { (za, wa, a.vary.clone()) } else { (zb, wb, b.vary.clone()) };
        let [p, q, r] = k.map(pick);
        let pos = k.map(|i| corners[i]);
        let mut t = setup_snapped(pos, [p.0, q.0, r.0], [p.1, q.1, r.1], [p.2, q.2, r.2], &line[0].vary, width, height, None)?;
        t.front = true;
        Some(t)
    };
    [tri([0, 1, 2]), tri([0, 2, 3])].into_iter().flatten().collect()
}

/// A point (one pixel: Vulkan's point size 1) as the square around it, two triangles; dropped
/// when the vertex is outside the view volume (Vulkan "Primitive Clipping").
fn setup_point(point: &Vertex, width: u32, height: u32) -> Vec<Tri> {
    let [x, y, z, w] = point.clip;
    if !(x.abs() <= w && y.abs() <= w && (0.0..=w).contains(&z)) || point.dist.iter().any(|&d| d < 0.0) {
        return Vec::new();
    }
    let Some((p, depth, iw)) = window(point, width, height) else { return Vec::new() };
    let [cx, cy] = snap(p);
    let half = SUBPIXEL as i64 / 2;
    let corners = [[cx - half, cy - half], [cx + half, cy - half], [cx + half, cy + half], [cx - half, cy + half]];
    let tri = |k: [usize; 3]| {
        let vary = [point.vary.clone(), point.vary.clone(), point.vary.clone()];
        let mut t = setup_snapped(k.map(|i| corners[i]), [depth; 3], [iw; 3], vary, &point.vary, width, height, None)?;
        t.front = true;
        t.point = Some([cx, cy]);
        Some(t)
    };
    [tri([0, 1, 2]), tri([0, 2, 3])].into_iter().flatten().collect()
}

/// A line clipped against the depth range and the guard band in clip space (the triangle
/// planes of [`clip`]); `None` when nothing is left.
fn clip_line(line: &[Vertex; 2], interp: &[Interp]) -> Option<[Vertex; 2]> {
    let [mut a, mut b] = line.clone();
    for p in 0..PLANES.len() + a.dist.len() {
        let (da, db) = (plane_distance(p, &a), plane_distance(p, &b));
        if da < 0.0 && db < 0.0 {
            return None;
        }
        if (da < 0.0) != (db < 0.0) {
            let t = da / (da - db);
            let cut = lerp_vertex(&a, &b, t, interp);
            if da < 0.0 {
                a = cut;
            } else {
                b = cut;
            }
        }
    }
    Some([a, b])
}

/// The vertex at `t` from `a` to `b` in clip space (flat inputs: `a`'s).
fn lerp_vertex(a: &Vertex, b: &Vertex, t: f32, interp: &[Interp]) -> Vertex {
    let lerp = |x: f32, y: f32| x + (y - x) * t;
    let vary = a
        .vary
        .iter()
        .zip(&b.vary)
        .zip(interp)
        .map(|((&x, &y), i)| if matches!(i, Interp::Flat | Interp::PerVertex(_)) { x } else { lerp(f32::from_bits(x), f32::from_bits(y)).to_bits() })
        .collect();
    let dist = a.dist.iter().zip(&b.dist).map(|(&x, &y)| lerp(x, y)).collect();
    Vertex { clip: std::array::from_fn(|k| lerp(a.clip[k], b.clip[k])), vary, dist }
}

/// Culling and edge setup of a triangle at snapped window positions; `None` for a culled or
/// empty one.
#[allow(clippy::too_many_arguments)]
fn setup_snapped(
    mut pos: [[i64; 2]; 3],
    mut z: [f64; 3],
    mut inv_w: [f64; 3],
    mut vary: [Vec<u32>; 3],
    flat: &[u32],
    width: u32,
    height: u32,
    cull: Option<Face>,
) -> Option<Tri> {
    let mut area = edge(pos[0], pos[1], pos[2]);
    if area == 0 {
        return None;
    }
    // Counter-clockwise in normalized device coordinates (y up) is clockwise on the screen.
    let front = area < 0;
    match cull {
        Some(Face::Front) if front => return None,
        Some(Face::Back) if !front => return None,
        _ => {}
    }
    let swapped = area < 0;
    if swapped {
        pos.swap(1, 2);
        z.swap(1, 2);
        inv_w.swap(1, 2);
        vary.swap(1, 2);
        area = -area;
    }
    // With y down and positive area, a top edge runs right (dy = 0, dx > 0) and a left edge up.
    let tl = |a: [i64; 2], b: [i64; 2]| {
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        (dy == 0 && dx > 0) || dy < 0
    };
    let top_left = [tl(pos[1], pos[2]), tl(pos[2], pos[0]), tl(pos[0], pos[1])];
    let lo = |k: usize| pos.iter().map(|p| p[k]).min().unwrap_or(0);
    let hi = |k: usize| pos.iter().map(|p| p[k]).max().unwrap_or(0);
    // Pixels whose centre (p + 0.5) can be inside.
    let first = |v: i64, limit: u32| ((v - 128).div_euclid(256)).clamp(0, i64::from(limit)) as u32;
    let last = |v: i64, limit: u32| ((v - 128).div_euclid(256) + 1).clamp(0, i64::from(limit)) as u32;
    let min = [first(lo(0), width), first(lo(1), height)];
    let max = [last(hi(0), width), last(hi(1), height)];
    // Empty: not even a sample of a multisampled pixel (within half a pixel of a centre) can be
    // inside.
    let (wide_min, wide_max) = ([first(lo(0) - 128, width), first(lo(1) - 128, height)], [last(hi(0) + 128, width), last(hi(1) + 128, height)]);
    if wide_min[0] >= wide_max[0] || wide_min[1] >= wide_max[1] {
        return None;
    }
    Some(Tri { pos, area, top_left, z, inv_w, vary, flat: flat.to_vec(), front, min, max, point: None, primitive: 0, swapped })
}

/// Twice the signed area of (a, b, p): positive when p is right of a→b on a y-down screen.
fn edge(a: [i64; 2], b: [i64; 2], p: [i64; 2]) -> i64 {
    (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
}

/// One fragment of a quad: its covered samples (bit k: sample k; none: a helper) and its
/// barycentrics at the pixel's centre.
type Lane = (u8, [f64; 3]);

/// The samples of a multisampled colour target (`Draw::samples`): a `2w x 2h` image of its
/// format, sample k of pixel (x, y) at (2x + k % 2, 2y + k / 2), each starting as the
/// target's texel.
fn sample_image(target: &Image) -> Image {
    let [w, h, _] = target.size();
    let samples = Image::new(target.format(), crate::Dim::D2, [2 * w, 2 * h, 1], 1);
    for y in 0..i64::from(h) {
        for x in 0..i64::from(w) {
            let texel = target.load(0, [x, y, 0]).unwrap_or([0; 4]);
            for k in 0..4 {
                samples.store(0, sample_at([x, y, 0], k), texel);
            }
        }
    }
    samples
}

/// Where sample `k` of pixel `at` is in a [`sample_image`].
fn sample_at([x, y, _]: [i64; 3], k: usize) -> [i64; 3] {
    [2 * x + (k as i64 & 1), 2 * y + (k as i64 >> 1), 0]
}

/// The resolve of `rows`: each pixel of `target` the average of its samples (integer formats:
/// sample 0), as Vulkan's resolve of a multisampled colour attachment.
fn resolve(target: &Image, samples: &Image, rows: &Range<u32>) {
    let width = i64::from(target.size()[0]);
    for y in rows.clone().map(i64::from) {
        for x in 0..width {
            let at = [x, y, 0];
            let texels: Vec<[u32; 4]> = (0..4).map(|k| samples.load(0, sample_at(at, k)).unwrap_or([0; 4])).collect();
            let texel = if target.format().is_integer() {
                texels[0]
            } else {
                std::array::from_fn(|c| (texels.iter().map(|t| f32::from_bits(t[c])).sum::<f32>() / 4.0).to_bits())
            };
            target.store(0, at, texel);
        }
    }
}

/// The barycentrics of `tri` at point `p` (1/256 pixel).
fn barycentrics(tri: &Tri, p: [i64; 2]) -> [f64; 3] {
    let [a, b, c] = tri.pos;
    let area = tri.area as f64;
    [edge(b, c, p) as f64 / area, edge(c, a, p) as f64 / area, edge(a, b, p) as f64 / area]
}

/// What `InterpolateAt*` needs of a fragment batch ([`Thread::interpolation`]): the primitive's
/// vertices and the lanes' pixels.
pub(crate) struct Interpolation {
    /// Per lane: the barycentrics at its pixel's centre, and its covered samples.
    lanes: Vec<([f64; 3], u8)>,
    /// The barycentrics' change per pixel in x and in y.
    grad: [[f64; 3]; 2],
    inv_w: [f64; 3],
    vary: [Vec<u32>; 3],
    flat: Vec<u32>,
    samples: u32,
}

impl Interpolation {
    fn new(tri: &Tri, quads: &[([u32; 2], [Lane; 4])], samples: u32) -> Interpolation {
        let [a, b, c] = tri.pos;
        let area = tri.area as f64 / SUBPIXEL;
        // d edge(p, q, r) / d r = (-(q.y - p.y), q.x - p.x), per 1/256 pixel.
        let d = |p: [i64; 2], q: [i64; 2]| [-(q[1] - p[1]) as f64 / area, (q[0] - p[0]) as f64 / area];
        let (g0, g1, g2) = (d(b, c), d(c, a), d(a, b));
        let lanes = quads
            .iter()
            .flat_map(|(at, lanes)| {
                (0..4).map(move |k| {
                    let [px, py] = [at[0] + (k as u32 & 1), at[1] + (k as u32 >> 1)];
                    (barycentrics(tri, [i64::from(px) * 256 + 128, i64::from(py) * 256 + 128]), lanes[k].0)
                })
            })
            .collect();
        Interpolation {
            lanes,
            grad: [[g0[0], g1[0], g2[0]], [g0[1], g1[1], g2[1]]],
            inv_w: tri.inv_w,
            vary: tri.vary.clone(),
            flat: tri.flat.clone(),
            samples,
        }
    }

    /// The offset from the pixel's centre of sample `s` (the centre without multisampling or
    /// past the samples).
    pub(crate) fn sample_offset(&self, s: u32) -> [f64; 2] {
        match SAMPLES_4.get(s as usize) {
            Some(o) if self.samples == 4 => o.map(|v| v as f64 / 256.0 - 0.5),
            _ => [0.0; 2],
        }
    }

    /// Where `lane`'s centroid is: the centre of a wholly covered pixel, else its first covered
    /// sample (Vulkan: somewhere in the covered part of the pixel).
    pub(crate) fn centroid(&self, lane: usize) -> [f64; 2] {
        let mask = self.lanes.get(lane).map_or(0, |l| l.1);
        let all = (1u8 << self.samples) - 1;
        if self.samples == 1 || mask == 0 || mask & all == all {
            return [0.0; 2];
        }
        self.sample_offset(mask.trailing_zeros())
    }

    /// The input word `word` (of lane memory) of `lane` interpolated at `at` pixels from its
    /// pixel's centre, as the fragment inputs are (`shade`); `None` if no input has that word.
    pub(crate) fn value(&self, fs: &Prog, word: u32, lane: usize, at: [f64; 2]) -> Option<u32> {
        let mut k = 0;
        let input = fs.inputs.iter().find(|input| {
            let found = (input.base..input.base + input.words).contains(&word);
            if !found {
                k += input.words as usize;
            }
            found
        })?;
        let k = k + (word - input.base) as usize;
        let (centre, _) = *self.lanes.get(lane)?;
        let l: [f64; 3] = std::array::from_fn(|i| centre[i] + self.grad[0][i] * at[0] + self.grad[1][i] * at[1]);
        let v = |i: usize| f64::from(f32::from_bits(self.vary[i][k]));
        Some(input.narrow(match input.interp {
            Interp::Flat | Interp::PerVertex(_) => self.flat[k],
            Interp::NoPerspective => ((0..3).map(|i| l[i] * v(i)).sum::<f64>() as f32).to_bits(),
            Interp::Smooth => {
                let b: [f64; 3] = std::array::from_fn(|i| l[i] * self.inv_w[i]);
                (((0..3).map(|i| b[i] * v(i)).sum::<f64>() / b.iter().sum::<f64>()) as f32).to_bits()
            }
        }))
    }
}

/// Quads waiting for the fragment shader: the top-left pixel and the four lanes.
struct Batch {
    quads: Vec<([u32; 2], [Lane; 4])>,
}

/// Rasterizes `tri` over `rows`, shading full batches, then the rest.
#[allow(clippy::too_many_arguments)]
fn raster(tri: &Tri, rows: &Range<u32>, width: u32, batch: &mut Batch, t: &mut Thread<'_>, fs: &Prog, d: &Draw<'_>, ms: &[Option<Image>]) {
    // Multisampled, a pixel whose centre is outside may have a sample inside: one more pixel
    // on each side.
    let grow = u32::from(d.samples > 1);
    let y0 = tri.min[1].saturating_sub(grow).max(rows.start) & !1;
    let y1 = (tri.max[1] + grow).min(rows.end);
    let x0 = tri.min[0].saturating_sub(grow) & !1;
    let x1 = (tri.max[0] + grow).min(width);
    let [a, b, c] = tri.pos;
    let locations: &[[i64; 2]] = if d.samples == 4 { &SAMPLES_4 } else { &SAMPLES_1 };
    // The edge functions (bc, ca, ab) are linear in the point: stepped by their change per
    // 1/256 pixel in x and in y from the first quad's pixel centre, in integers (the values
    // `edge` gives at every point).
    let step = [(b, c), (c, a), (a, b)].map(|(p, q)| [-(q[1] - p[1]), q[0] - p[0]]);
    let at_centre = |px: u32, py: u32| {
        let p = [i64::from(px) * 256 + SAMPLES_1[0][0], i64::from(py) * 256 + SAMPLES_1[0][1]];
        [edge(b, c, p), edge(c, a, p), edge(a, b, p)]
    };
    let moved = |e: [i64; 3], dx: i64, dy: i64| -> [i64; 3] { std::array::from_fn(|i| e[i] + step[i][0] * dx + step[i][1] * dy) };
    let inside = |e: [i64; 3]| (0..3).all(|i| e[i] > 0 || (e[i] == 0 && tri.top_left[i]));
    let area = tri.area as f64;
    let mut y = y0;
    while y < y1 {
        let mut row = at_centre(x0, y);
        let mut x = x0;
        while x < x1 {
            // The centres' edge functions give the barycentrics (and the one sample's coverage).
            let mut centres = [[0i64; 3]; 4];
            let mut masks = [0u8; 4];
            for k in 0..4 {
                let (dx, dy) = (k as u32 & 1, k as u32 >> 1);
                let centre = moved(row, 256 * i64::from(dx), 256 * i64::from(dy));
                centres[k] = centre;
                if x + dx >= width || !rows.contains(&(y + dy)) {
                    continue;
                }
                if d.samples == 1 {
                    masks[k] = u8::from(inside(centre));
                } else {
                    for (s, &o) in locations.iter().enumerate() {
                        let e = if o == SAMPLES_1[0] { centre } else { moved(centre, o[0] - SAMPLES_1[0][0], o[1] - SAMPLES_1[0][1]) };
                        if inside(e) {
                            masks[k] |= 1 << s;
                        }
                    }
                }
            }
            if masks != [0; 4] {
                let lanes = std::array::from_fn(|k| (masks[k], centres[k].map(|e| e as f64 / area)));
                batch.quads.push(([x, y], lanes));
                if batch.quads.len() * 4 == t.lanes() {
                    shade_samples(tri, batch, t, fs, d, ms);
                }
            }
            row = moved(row, 512, 0);
            x += 2;
        }
        y += 2;
    }
    if !batch.quads.is_empty() {
        shade_samples(tri, batch, t, fs, d, ms);
    }
}

/// Shades the batch once per pixel, or once per sample (a multisampled draw whose fragment
/// shader reads `SampleId` or `SamplePosition`: Vulkan's sample shading), then empties it.
fn shade_samples(tri: &Tri, batch: &mut Batch, t: &mut Thread<'_>, fs: &Prog, d: &Draw<'_>, ms: &[Option<Image>]) {
    if d.samples > 1 && fs.sample_shading {
        for sample in 0..d.samples {
            shade(tri, batch, t, fs, d, ms, Some(sample));
        }
    } else {
        shade(tri, batch, t, fs, d, ms, None);
    }
    batch.quads.clear();
}

/// Runs the fragment shader over the batch (for one sample of each pixel, at its location, or
/// for the pixel at its centre), then tests and blends covered fragments into the targets, or
/// into each covered sample of a multisampled draw (`ms`: the targets' samples).
#[allow(clippy::too_many_arguments)]
fn shade(tri: &Tri, batch: &Batch, t: &mut Thread<'_>, fs: &Prog, d: &Draw<'_>, ms: &[Option<Image>], sample: Option<u32>) {
    let quads = &batch.quads;
    // Each lane's pixel, samples and barycentrics.
    let fragments: Vec<([u32; 2], Lane)> = quads
        .iter()
        .flat_map(|&(at, lanes)| {
            (0..4).map(move |k| {
                let [px, py] = [at[0] + (k as u32 & 1), at[1] + (k as u32 >> 1)];
                let (mask, l) = lanes[k];
                match sample {
                    // This sample alone, interpolated at its location.
                    Some(s) => {
                        let o = SAMPLES_4[s as usize];
                        ([px, py], (mask & (1 << s), barycentrics(tri, [i64::from(px) * 256 + o[0], i64::from(py) * 256 + o[1]])))
                    }
                    None => ([px, py], (mask, l)),
                }
            })
        })
        .collect();
    let fragment = |lane: usize| fragments.get(lane).copied();
    // Where FragCoord is within the pixel.
    let offset = sample.map_or([0.5; 2], |s| SAMPLES_4[s as usize].map(|o| o as f64 / 256.0));
    let depth_of = |l: &[f64; 3]| (0..3).map(|i| l[i] * tri.z[i]).sum::<f64>();
    let pixel = |[x, y]: [u32; 2]| [i64::from(x), i64::from(y), 0];
    // Early fragment tests: the stencil and depth tests and writes before the shader (which
    // cannot change the depth then); the fragments that fail them run as helpers.
    let early = d.depth.is_some() && fs.early_fragment_tests;
    // The tests of the samples in `mask` of pixel `at` (its one sample, or each of a
    // multisampled pixel's at its texel of the depth buffer's samples and its depth there;
    // `z`: the shader's depth for all), with their writes: the samples that pass.
    let tests = |[x, y]: [u32; 2], mask: u8, l: &[f64; 3], z: Option<f64>| -> u8 {
        if d.samples == 1 {
            return if fragment_tests(d, tri.front, pixel([x, y]), z.unwrap_or_else(|| depth_of(l))) { mask } else { 0 };
        }
        (0..4).filter(|k| mask >> k & 1 != 0).fold(0, |passed, k| {
            let o = SAMPLES_4[k];
            let zk = z.unwrap_or_else(|| depth_of(&barycentrics(tri, [i64::from(x) * 256 + o[0], i64::from(y) * 256 + o[1]])));
            passed | if fragment_tests(d, tri.front, sample_at(pixel([x, y]), k), zk) { 1 << k } else { 0 }
        })
    };
    // The samples each lane may write: covered, and passing the early tests.
    let masks: Vec<u8> = fragments
        .iter()
        .map(|&(at, (covered, l))| if covered != 0 && early { tests(at, covered, &l, None) } else { covered })
        .collect();
    t.ids.clear();
    t.ids.extend(fragments.iter().map(|&([x, y], _)| [x, y, 0]));
    if fs.interpolates {
        t.interpolation = Some(Interpolation::new(tri, quads, d.samples));
    }
    // Each input word: its place in lane memory, its input, and the provoking vertex's value
    // (flat) or the three vertices' (as f64, interpolated), looked up once per batch.
    let mut input_words: Vec<(usize, &Varying, u32, [f64; 3])> = Vec::new();
    let mut word = 0;
    for input in &fs.inputs {
        for k in 0..input.words as usize {
            let (flat, v) = match input.interp {
                Interp::Flat | Interp::PerVertex(_) => (tri.flat[word], [0.0; 3]),
                Interp::NoPerspective | Interp::Smooth => (0, std::array::from_fn(|i| f64::from(f32::from_bits(tri.vary[i][word])))),
            };
            input_words.push((input.base as usize + k, input, flat, v));
            word += 1;
        }
    }
    t.run_batch(quads.len() * 4, |lane| masks[lane] == 0, |lane, mem| {
        let Some(([px, py], (covered, l))) = fragment(lane) else { return };
        let b: [f64; 3] = std::array::from_fn(|i| l[i] * tri.inv_w[i]);
        let s: f64 = b.iter().sum();
        for &(builtin, at) in &fs.builtins {
            let at = at as usize;
            match builtin {
                Builtin::FragCoord => {
                    let v = [f64::from(px) + offset[0], f64::from(py) + offset[1], depth_of(&l), s];
                    for (k, v) in v.iter().enumerate() {
                        mem[at + k] = (*v as f32).to_bits();
                    }
                }
                Builtin::FrontFacing => mem[at] = u32::from(tri.front),
                Builtin::SampleId => mem[at] = sample.unwrap_or(0),
                Builtin::SampleMask => mem[at] = if d.samples == 1 { 1 } else { u32::from(covered) },
                // Vulkan "Basic Point Rasterization": 1/2 + (fragment - point centre) / size,
                // of size 1.
                Builtin::PointCoord => {
                    let c = tri.point.map_or([0.0; 2], |p| {
                        [0, 1].map(|k| 0.5 + f64::from([px, py][k]) + offset[k] - p[k] as f64 / SUBPIXEL)
                    });
                    mem[at] = (c[0] as f32).to_bits();
                    mem[at + 1] = (c[1] as f32).to_bits();
                }
                Builtin::SamplePosition => {
                    mem[at] = (offset[0] as f32).to_bits();
                    mem[at + 1] = (offset[1] as f32).to_bits();
                }
                Builtin::PrimitiveId => mem[at] = tri.primitive,
                Builtin::Layer => mem[at] = 0,
                Builtin::HelperInvocation => mem[at] = u32::from(masks[lane] == 0),
                Builtin::FragSize => {
                    mem[at] = 1;
                    mem[at + 1] = 1;
                }
                Builtin::FragInvocationCount => mem[at] = 1,
                // Weights of the primitive's vertices in their order (not the setup's, which may
                // have swapped 1 and 2); relative to the clipped part for a clipped primitive.
                Builtin::BaryCoord { perspective } => {
                    let w: [f64; 3] = if perspective { std::array::from_fn(|i| b[i] / s) } else { l };
                    let w = if tri.swapped { [w[0], w[2], w[1]] } else { w };
                    for (k, v) in w.iter().enumerate() {
                        mem[at + k] = (*v as f32).to_bits();
                    }
                }
                _ => {}
            }
        }
        for &(at, input, flat, v) in &input_words {
            mem[at] = input.narrow(match input.interp {
                Interp::Flat | Interp::PerVertex(_) => flat,
                Interp::NoPerspective => ((0..3).map(|i| l[i] * v[i]).sum::<f64>() as f32).to_bits(),
                Interp::Smooth => (((0..3).map(|i| b[i] * v[i]).sum::<f64>() / s) as f32).to_bits(),
            });
        }
    });
    // Each output with a target at its location (Vulkan "Fragment Output Interface"), by its
    // index; targets without an output keep their texels. Outputs sharing a location
    // (`Component` decorations): one texel, written with the first of them.
    // Per target: the texel before the outputs (0, 0, 0, 1), the outputs' words (texel
    // component, lane memory word, output) in their order, and the target's samples.
    struct Write<'a> {
        target: &'a Image,
        texel: [u32; 4],
        words: Vec<(usize, usize, &'a Varying)>,
        samples: Option<&'a Image>,
    }
    let writes: Vec<Write<'_>> = (fs.outputs.iter().enumerate())
        .filter(|&(n, out)| !fs.outputs[..n].iter().any(|o| o.location == out.location))
        .filter_map(|(n, out)| {
            let target = (*d.colors.get(out.location as usize)?)?;
            let texel = [0, 0, 0, if target.format().is_integer() { 1 } else { 1.0f32.to_bits() }];
            let words = (fs.outputs[n..].iter().filter(|o| o.location == out.location))
                .flat_map(|o| (0..o.words.min(4u32.saturating_sub(o.component)) as usize).map(move |k| (o.component as usize + k, o.base as usize + k, o)))
                .collect();
            let samples = ms.get(out.location as usize).and_then(Option::as_ref);
            Some(Write { target, texel, words, samples })
        })
        .collect();
    for lane in 0..quads.len() * 4 {
        let Some((px, (_, l))) = fragment(lane) else { break };
        // Uncovered, failed the early depth test, discarded or demoted: no output.
        if t.helper[lane] || t.killed[lane] {
            continue;
        }
        let mem = t.lane_memory(lane);
        let at = pixel(px);
        let mut mask = masks[lane];
        // The shader's `SampleMask` output clears samples of its coverage (Vulkan "Sample Mask
        // Test": the coverage ANDed with it), before the late tests.
        if let Some(at) = fs.sample_mask {
            mask &= mem[at as usize] as u8;
            if mask == 0 {
                continue;
            }
        }
        if d.alpha_to_coverage {
            mask &= alpha_coverage(fs, mem, d.samples);
            if mask == 0 {
                continue;
            }
        }
        if d.depth.is_some() && !early {
            let z = fs.frag_depth.map(|at| f64::from(f32::from_bits(mem[at as usize])));
            mask = tests(px, mask, &l, z);
            if mask == 0 {
                continue;
            }
        }
        for write in &writes {
            let format = write.target.format();
            let mut texel = write.texel;
            for &(c, word, out) in &write.words {
                texel[c] = out.widen(mem[word]);
            }
            // The texels the fragment writes: the pixel's, or its covered samples'.
            let mut places = [at; 4];
            let (image, count) = match write.samples {
                Some(samples) => {
                    let mut count = 0;
                    for k in (0..4).filter(|k| mask >> k & 1 != 0) {
                        places[count] = sample_at(at, k);
                        count += 1;
                    }
                    (samples, count)
                }
                None => (write.target, 1),
            };
            for &place in &places[..count] {
                let mut texel = texel;
                if let Some(blend) = d.blend {
                    if !format.is_integer() {
                        let (lo, hi) = format.normalized_range();
                        let src = texel.map(|w| f32::from_bits(w).clamp(lo, hi));
                        let dst = image.load(0, place).map_or([0.0; 4], |t| t.map(f32::from_bits));
                        texel = blend_texel(&blend, src, dst, d.blend_constant).map(f32::to_bits);
                    }
                }
                image.store(0, place, texel);
            }
        }
    }
}

/// The coverage mask alpha-to-coverage gives a fragment (`Draw::alpha_to_coverage`): sample k
/// of `samples` when the alpha of its float output at location 0 (in lane memory `mem`; 1
/// without an alpha) exceeds k / samples.
fn alpha_coverage(fs: &Prog, mem: &[u32], samples: u32) -> u8 {
    let alpha = fs.outputs.iter().find(|o| o.location == 0 && o.words >= 4 && matches!(o.scalar, Scalar::Float { width: 16 | 32 }));
    let alpha = alpha.map_or(1.0, |o| f32::from_bits(o.widen(mem[o.base as usize + 3])));
    (0..samples).filter(|&k| alpha > k as f32 / samples as f32).fold(0, |mask, k| mask | 1 << k)
}

/// The stencil test (with the draw's stencil state) and then the depth test of a fragment of a
/// front- or back-facing primitive at depth `z` at pixel `at`, with their writes; whether both
/// pass (Vulkan "Stencil Test", "Depth Test").
fn fragment_tests(d: &Draw<'_>, front: bool, at: [i64; 3], z: f64) -> bool {
    let Some(depth) = d.depth else { return true };
    let depth_passes = || depth_test(depth, d.depth_compare, d.depth_write, at, z);
    match &d.stencil {
        Some(stencil) if depth.format().has_stencil() => {
            let mut passed = false;
            stencil.test(depth, front, at, || {
                passed = depth_passes();
                passed
            }) && passed
        }
        _ => depth_passes(),
    }
}

/// The depth test (`compare`) of a fragment at depth `z` (clamped to 0..1, then rounded to the
/// depth format's precision, as Vulkan converts it before the test) at pixel `at`, writing it
/// when it passes and `write`.
fn depth_test(depth: &Image, compare: Compare, write: bool, at: [i64; 3], z: f64) -> bool {
    if z.is_nan() {
        return false;
    }
    let stored = depth.load(0, at).map_or(1.0, |t| f32::from_bits(t[0]));
    let z = depth.format().represent([(z.clamp(0.0, 1.0) as f32).to_bits(), 0, 0, 0]);
    if !compare.test(f32::from_bits(z[0]), stored) {
        return false;
    }
    if write {
        depth.store(0, at, z);
    }
    true
}

/// Vulkan "Blend Operations" for one fragment (`constant`: the blend constant, its RGB for the
/// colour channels and its alpha for alpha, as `VK_BLEND_FACTOR_CONSTANT_COLOR`).
fn blend_texel(blend: &Blend, src: [f32; 4], dst: [f32; 4], constant: [f32; 4]) -> [f32; 4] {
    let factor = |f: BlendFactor, c: usize| -> f32 {
        let alpha = c == 3;
        match f {
            BlendFactor::Zero => 0.0,
            BlendFactor::One => 1.0,
            BlendFactor::Constant => constant[c],
            BlendFactor::OneMinusConstant => 1.0 - constant[c],
            BlendFactor::Src => src[c],
            BlendFactor::OneMinusSrc => 1.0 - src[c],
            BlendFactor::SrcAlpha => src[3],
            BlendFactor::OneMinusSrcAlpha => 1.0 - src[3],
            BlendFactor::Dst => dst[c],
            BlendFactor::OneMinusDst => 1.0 - dst[c],
            BlendFactor::DstAlpha => dst[3],
            BlendFactor::OneMinusDstAlpha => 1.0 - dst[3],
            BlendFactor::SrcAlphaSaturated => {
                if alpha {
                    1.0
                } else {
                    src[3].min(1.0 - dst[3])
                }
            }
        }
    };
    std::array::from_fn(|c| {
        let comp = if c == 3 { blend.alpha } else { blend.color };
        let (s, d) = (src[c] * factor(comp.src_factor, c), dst[c] * factor(comp.dst_factor, c));
        match comp.operation {
            BlendOp::Add => s + d,
            BlendOp::Subtract => s - d,
            BlendOp::ReverseSubtract => d - s,
            BlendOp::Min => src[c].min(dst[c]),
            BlendOp::Max => src[c].max(dst[c]),
        }
    })
}
