//! Images and samplers: texel formats, the texels of every mip level, and the image operations
//! of the Vulkan specification's chapter "Image Operations" (texel coordinate systems,
//! wrapping, filtering, level-of-detail selection, depth comparison, gathers).
//!
//! Texel values travel as four 32-bit words: f32 bits for float and normalized formats, the
//! integer for integer formats; components a format lacks read as (0, 0, 0, 1).

use std::sync::atomic::Ordering;

use crate::Buffer;

/// A texel format (the WebGPU names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    R8Unorm,
    Rg8Unorm,
    Rgba8Unorm,
    Rgba8UnormSrgb,
    Bgra8Unorm,
    Bgra8UnormSrgb,
    Rgba8Snorm,
    Rgba8Uint,
    Rgba8Sint,
    R16Float,
    Rg16Float,
    Rgba16Float,
    Rgba16Uint,
    Rgba16Sint,
    R32Float,
    R32Uint,
    R32Sint,
    Rg32Float,
    Rg32Uint,
    Rg32Sint,
    Rgba32Float,
    Rgba32Uint,
    Rgba32Sint,
    /// 64-bit integers (GL_EXT_shader_image_int64's `r64ui`, `r64i`): one 64-bit component
    /// ([`Image::texel_word`]), image atomics on it under locks (`exec/image_atomic.rs`).
    R64Uint,
    R64Sint,
    Depth32Float,
    /// Depth as 16-bit unorm.
    Depth16Unorm,
    /// WebGPU's `depth24plus`: at least 24 bits; stored here as 32-bit floats.
    Depth24Plus,
    /// `depth24plus` with an 8-bit stencil plane ([`Image::stencil`]).
    Depth24PlusStencil8,
    /// `depth32float` with an 8-bit stencil plane.
    Depth32FloatStencil8,
    /// Only an 8-bit stencil plane (the depth plane is not used).
    Stencil8,
}

/// An unsigned normalized component of `bits` bits as a float (Vulkan "Fixed-Point Data
/// Conversions": c / (2^b - 1)); texels and vertex attributes.
pub(crate) fn unorm_to_float(c: u32, bits: u32) -> f32 {
    c as f32 / ((1u64 << bits) - 1) as f32
}

/// A signed normalized component of `bits` bits as a float: max(c / (2^(b-1) - 1), -1).
pub(crate) fn snorm_to_float(c: i32, bits: u32) -> f32 {
    (c as f32 / ((1i64 << (bits - 1)) - 1) as f32).max(-1.0)
}

/// How the components of a format are stored.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Storage {
    Unorm8,
    Snorm8,
    Uint8,
    Sint8,
    Unorm16,
    Float16,
    Uint16,
    Sint16,
    Float32,
    Uint32,
    Sint32,
    /// A 64-bit integer: two texel words, low first.
    Uint64,
    Sint64,
}

impl Format {
    /// (component storage, components, sRGB, BGRA order).
    #[inline]
    fn parts(self) -> (Storage, usize, bool, bool) {
        use Format as F;
        use Storage as S;
        match self {
            F::R8Unorm => (S::Unorm8, 1, false, false),
            F::Rg8Unorm => (S::Unorm8, 2, false, false),
            F::Rgba8Unorm => (S::Unorm8, 4, false, false),
            F::Rgba8UnormSrgb => (S::Unorm8, 4, true, false),
            F::Bgra8Unorm => (S::Unorm8, 4, false, true),
            F::Bgra8UnormSrgb => (S::Unorm8, 4, true, true),
            F::Rgba8Snorm => (S::Snorm8, 4, false, false),
            F::Rgba8Uint => (S::Uint8, 4, false, false),
            F::Rgba8Sint => (S::Sint8, 4, false, false),
            F::R16Float => (S::Float16, 1, false, false),
            F::Rg16Float => (S::Float16, 2, false, false),
            F::Rgba16Float => (S::Float16, 4, false, false),
            F::Rgba16Uint => (S::Uint16, 4, false, false),
            F::Rgba16Sint => (S::Sint16, 4, false, false),
            F::R32Float | F::Depth32Float | F::Depth24Plus | F::Depth24PlusStencil8 | F::Depth32FloatStencil8 | F::Stencil8 => {
                (S::Float32, 1, false, false)
            }
            F::Depth16Unorm => (S::Unorm16, 1, false, false),
            F::R32Uint => (S::Uint32, 1, false, false),
            F::R32Sint => (S::Sint32, 1, false, false),
            F::Rg32Float => (S::Float32, 2, false, false),
            F::Rg32Uint => (S::Uint32, 2, false, false),
            F::Rg32Sint => (S::Sint32, 2, false, false),
            F::Rgba32Float => (S::Float32, 4, false, false),
            F::Rgba32Uint => (S::Uint32, 4, false, false),
            F::Rgba32Sint => (S::Sint32, 4, false, false),
            F::R64Uint => (S::Uint64, 1, false, false),
            F::R64Sint => (S::Sint64, 1, false, false),
        }
    }

    /// Bytes per texel.
    #[inline]
    pub fn texel_size(self) -> usize {
        let (s, n, ..) = self.parts();
        n * match s {
            Storage::Unorm8 | Storage::Snorm8 | Storage::Uint8 | Storage::Sint8 => 1,
            Storage::Unorm16 | Storage::Float16 | Storage::Uint16 | Storage::Sint16 => 2,
            Storage::Float32 | Storage::Uint32 | Storage::Sint32 => 4,
            Storage::Uint64 | Storage::Sint64 => 8,
        }
    }

    /// Whether images of the format have a stencil plane.
    pub fn has_stencil(self) -> bool {
        matches!(self, Format::Depth24PlusStencil8 | Format::Depth32FloatStencil8 | Format::Stencil8)
    }

    /// Whether texels are integers (never filtered).
    pub fn is_integer(self) -> bool {
        matches!(
            self.parts().0,
            Storage::Uint8 | Storage::Sint8 | Storage::Uint16 | Storage::Sint16 | Storage::Uint32 | Storage::Sint32 | Storage::Uint64 | Storage::Sint64
        )
    }

    /// The range a fragment's colour is clamped to before blending: [0, 1] for unorm formats,
    /// [-1, 1] for snorm, unbounded for float formats.
    pub(crate) fn normalized_range(self) -> (f32, f32) {
        match self.parts().0 {
            Storage::Unorm8 | Storage::Unorm16 => (0.0, 1.0),
            Storage::Snorm8 => (-1.0, 1.0),
            _ => (f32::NEG_INFINITY, f32::INFINITY),
        }
    }

    /// `texel` as this format stores it (rounded to its precision, clamped to its range).
    pub(crate) fn represent(self, texel: [u32; 4]) -> [u32; 4] {
        let mut bytes = [0; 16];
        self.encode(texel, &mut bytes);
        self.decode(&bytes)
    }

    /// Bytes to texel words.
    fn decode(self, bytes: &[u8]) -> [u32; 4] {
        let (s, n, srgb, bgra) = self.parts();
        let int = self.is_integer();
        let mut out = [0, 0, 0, if int { 1 } else { 1.0f32.to_bits() }];
        for (c, slot) in out.iter_mut().enumerate().take(n) {
            *slot = match s {
                Storage::Unorm8 => {
                    let v = unorm_to_float(u32::from(bytes[c]), 8);
                    (if srgb && c < 3 { srgb_to_linear(v) } else { v }).to_bits()
                }
                Storage::Snorm8 => snorm_to_float(i32::from(bytes[c] as i8), 8).to_bits(),
                Storage::Uint8 => u32::from(bytes[c]),
                Storage::Sint8 => bytes[c] as i8 as i32 as u32,
                Storage::Unorm16 => unorm_to_float(u32::from(u16::from_le_bytes([bytes[2 * c], bytes[2 * c + 1]])), 16).to_bits(),
                Storage::Float16 => crate::ext::f16_to_f32(u16::from_le_bytes([bytes[2 * c], bytes[2 * c + 1]])).to_bits(),
                Storage::Uint16 => u32::from(u16::from_le_bytes([bytes[2 * c], bytes[2 * c + 1]])),
                Storage::Sint16 => i16::from_le_bytes([bytes[2 * c], bytes[2 * c + 1]]) as i32 as u32,
                Storage::Float32 | Storage::Uint32 | Storage::Sint32 => {
                    u32::from_le_bytes([bytes[4 * c], bytes[4 * c + 1], bytes[4 * c + 2], bytes[4 * c + 3]])
                }
                // The low word; the high one below.
                Storage::Uint64 | Storage::Sint64 => u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]),
            };
        }
        if matches!(s, Storage::Uint64 | Storage::Sint64) {
            out[1] = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]);
        }
        if bgra {
            out.swap(0, 2);
        }
        out
    }

    /// Texel words to bytes (a storage-image write, a render target's output): normalized
    /// values are clamped and rounded to the nearest representable value.
    fn encode(self, texel: [u32; 4], out: &mut [u8]) {
        let (s, n, srgb, bgra) = self.parts();
        let mut t = texel;
        if bgra {
            t.swap(0, 2);
        }
        let f = |w: u32| f32::from_bits(w);
        for c in 0..n {
            let w = t[c];
            match s {
                Storage::Unorm8 if srgb && c < 3 => out[c] = round_i64(linear_to_srgb(f(w).clamp(0.0, 1.0)) * 255.0) as u8,
                Storage::Unorm8 => out[c] = unorm8(w),
                Storage::Snorm8 => out[c] = round_i64(f(w).clamp(-1.0, 1.0) * 127.0) as i8 as u8,
                Storage::Uint8 | Storage::Sint8 => out[c] = w as u8,
                Storage::Unorm16 => {
                    let v = round_i64(f(w).clamp(0.0, 1.0) * 65535.0) as u16;
                    out[2 * c..2 * c + 2].copy_from_slice(&v.to_le_bytes());
                }
                Storage::Float16 => out[2 * c..2 * c + 2].copy_from_slice(&crate::ext::f32_to_f16(f(w)).to_le_bytes()),
                Storage::Uint16 | Storage::Sint16 => out[2 * c..2 * c + 2].copy_from_slice(&(w as u16).to_le_bytes()),
                Storage::Float32 | Storage::Uint32 | Storage::Sint32 => out[4 * c..4 * c + 4].copy_from_slice(&w.to_le_bytes()),
                Storage::Uint64 | Storage::Sint64 => {
                    out[..4].copy_from_slice(&w.to_le_bytes());
                    out[4..8].copy_from_slice(&t[1].to_le_bytes());
                }
            }
        }
    }
}

/// A float's bits as an 8-bit unorm component: clamped to [0, 1], scaled and rounded to nearest
/// (Vulkan "Conversion from Floating-Point to Normalized Fixed-Point").
#[inline]
fn unorm8(w: u32) -> u8 {
    // NaN to 0 (as `clamp` and a saturating `as` give it); then within 0..=255.
    let v = f32::from_bits(w).max(0.0).min(1.0) * 255.0;
    // `round_i64` (ties away from zero) of a value in range: the fraction is exact.
    let t = v as u32;
    (t + u32::from(v - t as f32 >= 0.5)) as u8
}

/// sRGB EOTF (Khronos Data Format Specification §13.3).
fn srgb_to_linear(v: f32) -> f32 {
    if v <= 0.04045 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

fn linear_to_srgb(v: f32) -> f32 {
    if v <= 0.003_130_8 {
        v * 12.92
    } else {
        1.055 * v.powf(1.0 / 2.4) - 0.055
    }
}

/// What an image's third size is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dim {
    /// `size[2]` is the number of array layers (1 for a plain 2D texture).
    D2,
    /// `size[2]` is the depth, which shrinks with the level like width and height.
    D3,
}

/// An image: every mip level of every layer, tightly packed (level by level, then layer,
/// row and texel), in words shared by the worker threads like a [`Buffer`]. A multisampled
/// image ([`Image::multisampled`]) has one level whose layers hold their samples one after
/// another: sample `s` of layer `z` is stored as layer `z * samples + s` would be.
#[derive(Debug)]
pub struct Image {
    format: Format,
    dim: Dim,
    size: [u32; 3],
    levels: u32,
    /// Samples per texel: 1, or a multisampled image's count.
    samples: u32,
    /// Byte offset of each level.
    offsets: Vec<usize>,
    data: Buffer,
    /// The stencil value of every texel of level 0, a byte each (formats with a stencil plane).
    stencil: Option<Buffer>,
    /// `format.texel_size()` and the components' count and order, looked up once (per texel
    /// they cost as much as the address).
    texel_size: usize,
    components: (usize, bool),
    /// An 8-bit unorm format that is not sRGB (`fixed_point_unorm8`'s filtering, the one-word
    /// encode of `Image::store`).
    plain_unorm8: bool,
}

impl Image {
    /// A zero-filled image. `levels` is clamped to at least 1.
    pub fn new(format: Format, dim: Dim, size: [u32; 3], levels: u32) -> Image {
        let size = size.map(|s| s.max(1));
        let levels = levels.max(1);
        let mut offsets = Vec::with_capacity(levels as usize);
        let mut at = 0;
        for level in 0..levels {
            offsets.push(at);
            let [w, h, d] = level_size(dim, size, level);
            at += w as usize * h as usize * d as usize * format.texel_size();
        }
        let texels = size.iter().map(|&s| s as usize).product();
        let stencil = format.has_stencil().then(|| Buffer::zeroed(texels));
        let (storage, n, srgb, bgra) = format.parts();
        let (texel_size, components) = (format.texel_size(), (n, bgra));
        let plain_unorm8 = storage == Storage::Unorm8 && !srgb;
        Image { format, dim, size, levels, samples: 1, offsets, data: Buffer::zeroed(at), stencil, texel_size, components, plain_unorm8 }
    }

    /// A zero-filled multisampled 2D (array) image of `size` (width, height, layers) with
    /// `samples` samples per texel (at least 1) and one level, as a shader's
    /// `texture_multisampled_2d` or `sampler2DMS` reads it texel by texel and sample by sample.
    /// [`Image::write_level`] takes level 0's bytes layer by layer, each layer's samples one
    /// after another (all texels of sample 0, then of sample 1...).
    pub fn multisampled(format: Format, size: [u32; 3], samples: u32) -> Image {
        let samples = samples.max(1);
        let [w, h, layers] = size.map(|s| s.max(1));
        let mut image = Image::new(format, Dim::D2, [w, h, layers * samples], 1);
        image.size[2] = layers;
        image.samples = samples;
        image
    }

    /// Samples per texel (1 but for a multisampled image).
    pub fn samples(&self) -> u32 {
        self.samples
    }

    pub fn format(&self) -> Format {
        self.format
    }

    pub fn dim(&self) -> Dim {
        self.dim
    }

    pub fn size(&self) -> [u32; 3] {
        self.size
    }

    pub fn levels(&self) -> u32 {
        self.levels
    }

    /// Width, height and depth (or layers) of mip level `level`.
    pub fn level_size(&self, level: u32) -> [u32; 3] {
        level_size(self.dim, self.size, level)
    }

    fn level_bytes(&self, level: u32) -> std::ops::Range<usize> {
        let start = self.offsets[level as usize];
        let end = self.offsets.get(level as usize + 1).copied().unwrap_or(self.data.len());
        start..end
    }

    /// Replaces level `level` (all layers) with `bytes`, tightly packed; fewer bytes replace a
    /// prefix, more are ignored.
    pub fn write_level(&self, level: u32, bytes: &[u8]) {
        if level >= self.levels {
            return;
        }
        let range = self.level_bytes(level);
        let n = bytes.len().min(range.len());
        self.data.write(range.start, &bytes[..n]);
    }

    /// Sets every texel of level 0 (all layers) to `value`, converted as a render pass clear
    /// converts it: to the nearest integer for integer formats, else encoded like a stored
    /// colour.
    pub fn clear(&self, value: [f64; 4]) {
        let texel = if self.format.is_integer() {
            value.map(|v| v.round() as i64 as u32)
        } else {
            value.map(|v| (v as f32).to_bits())
        };
        let mut bytes = [0u8; 16];
        let size = self.format.texel_size();
        self.format.encode(texel, &mut bytes);
        let [w, h, d] = self.level_size(0);
        let texels = w as usize * h as usize * d as usize * self.samples as usize;
        let pixels: Vec<u8> = (0..texels).flat_map(|_| bytes[..size].iter().copied()).collect();
        self.write_level(0, &pixels);
    }

    /// The stencil value of texel `at` of level 0 (`None` outside the image or without a
    /// stencil plane).
    pub fn stencil(&self, at: [i64; 3]) -> Option<u8> {
        let (plane, i) = self.stencil_at(at)?;
        Some((plane.words[i / 4].load(Ordering::Relaxed) >> ((i % 4) * 8)) as u8)
    }

    /// Sets the stencil value of texel `at` of level 0 (other threads may set the texels
    /// beside it at the same time).
    pub fn set_stencil(&self, at: [i64; 3], value: u8) {
        if let Some((plane, i)) = self.stencil_at(at) {
            let (word, shift) = (&plane.words[i / 4], (i % 4) * 8);
            word.fetch_and(!(0xFF << shift), Ordering::Relaxed);
            word.fetch_or(u32::from(value) << shift, Ordering::Relaxed);
        }
    }

    /// Sets every stencil value (as a render pass's stencil clear).
    pub fn clear_stencil(&self, value: u8) {
        if let Some(plane) = &self.stencil {
            plane.write(0, &vec![value; plane.len()]);
        }
    }

    /// The stencil plane (level 0, all layers, a byte per texel); empty without one.
    pub fn read_stencil(&self) -> Vec<u8> {
        self.stencil.as_ref().map_or_else(Vec::new, Buffer::to_bytes)
    }

    fn stencil_at(&self, at: [i64; 3]) -> Option<(&Buffer, usize)> {
        let plane = self.stencil.as_ref()?;
        Some((plane, self.texel_at(0, at)? / self.format.texel_size()))
    }

    /// The texels of level `level` (all layers), tightly packed.
    pub fn read_level(&self, level: u32) -> Vec<u8> {
        if level >= self.levels {
            return Vec::new();
        }
        let range = self.level_bytes(level);
        (range.start..range.end).map(|at| self.byte(at)).collect()
    }

    fn byte(&self, at: usize) -> u8 {
        (self.data.words[at / 4].load(Ordering::Relaxed) >> ((at % 4) * 8)) as u8
    }

    /// Byte offset of texel `(x, y, z)` of `level`, when it exists (also what names a texel to
    /// the sanitizer's race checks).
    #[inline]
    pub(crate) fn texel_at(&self, level: u32, at: [i64; 3]) -> Option<usize> {
        self.level_view(level)?.texel_at(at)
    }

    /// Level `level`'s extent and place, looked up once for many texels; `None` when the image
    /// has no such level.
    #[inline]
    pub(crate) fn level_view(&self, level: u32) -> Option<LevelView<'_>> {
        if level >= self.levels {
            return None;
        }
        let [w, h, d] = if level == 0 { self.size } else { self.level_size(level) }.map(i64::from);
        // A multisampled image's samples are layers here ([`Image::sample_texel`]).
        let d = d * i64::from(self.samples);
        Some(LevelView { image: self, w, h, d, offset: self.offsets[level as usize] })
    }

    /// The word holding the 32-bit texel at byte `offset` of a format of one 32-bit component
    /// (`R32Uint`, `R32Sint`, `R32Float`: the formats of image atomics), for an atomic on it.
    pub(crate) fn atomic_texel(&self, offset: usize) -> Option<&std::sync::atomic::AtomicU32> {
        if self.format.texel_size() != 4 || !offset.is_multiple_of(4) {
            return None;
        }
        self.data.words.get(offset / 4)
    }

    /// Word `k` of a loaded texel (`texel` as [`Image::load`] gives it) in a result of `n`
    /// words: more than 4 are four 64-bit components (GL_EXT_shader_image_int64's `imageLoad`
    /// of an `R64Uint`/`R64Sint` texel, which decodes to (low, high, 0, 1)): (r, 0, 0, 1).
    pub(crate) fn texel_word(texel: &[u32; 4], n: u32, k: usize) -> u32 {
        match k {
            _ if n <= 4 => texel[k],
            0 | 1 => texel[k],
            6 => texel[3],
            _ => 0,
        }
    }

    /// The two words (low, high) of the 64-bit texel at byte `offset` (an image atomic's).
    pub(crate) fn atomic_texel64(&self, offset: usize) -> Option<(&std::sync::atomic::AtomicU32, &std::sync::atomic::AtomicU32)> {
        if self.format.texel_size() != 8 || !offset.is_multiple_of(8) {
            return None;
        }
        Some((self.data.words.get(offset / 4)?, self.data.words.get(offset / 4 + 1)?))
    }

    /// The level and coordinates of the texel at byte `offset` ([`Image::texel_at`]).
    pub(crate) fn texel_at_offset(&self, offset: usize) -> (u32, [i32; 3]) {
        let level = self.offsets.iter().rposition(|&start| start <= offset).unwrap_or(0);
        let [w, h, _] = self.level_size(level as u32).map(|v| v as usize);
        let index = (offset - self.offsets[level]) / self.format.texel_size();
        (level as u32, [(index % w) as i32, (index / w % h) as i32, (index / (w * h)) as i32])
    }

    /// Where sample `sample` of texel `(x, y, layer)` is stored (as a texel of level 0), when
    /// the image has that sample and layer.
    pub(crate) fn sample_texel(&self, [x, y, layer]: [i64; 3], sample: u32) -> Option<[i64; 3]> {
        (sample < self.samples && (0..i64::from(self.size[2])).contains(&layer)).then(|| [x, y, layer * i64::from(self.samples) + i64::from(sample)])
    }

    /// Texel `(x, y, z)` of `level` (z: the layer of a 2D image); `None` outside the image.
    pub(crate) fn load(&self, level: u32, at: [i64; 3]) -> Option<[u32; 4]> {
        let start = self.texel_at(level, at)?;
        let mut bytes = [0u8; 16];
        let size = self.format.texel_size();
        if size.is_multiple_of(4) {
            for (k, chunk) in bytes[..size].chunks_exact_mut(4).enumerate() {
                chunk.copy_from_slice(&self.data.words[start / 4 + k].load(Ordering::Relaxed).to_le_bytes());
            }
        } else {
            for (k, b) in bytes[..size].iter_mut().enumerate() {
                *b = self.byte(start + k);
            }
        }
        Some(self.format.decode(&bytes))
    }

    /// Writes texel `(x, y, z)` of `level`; false (nothing written) outside the image.
    pub(crate) fn store(&self, level: u32, at: [i64; 3], texel: [u32; 4]) -> bool {
        let Some(start) = self.texel_at(level, at) else { return false };
        let size = self.texel_size;
        if size == 4 {
            // One word (a render target's usual texel).
            let word = if self.plain_unorm8 && self.components.0 == 4 {
                // `Format::encode` of `Rgba8Unorm` (`Bgra8Unorm`), without its per-component
                // format match.
                let t = if self.components.1 { [texel[2], texel[1], texel[0], texel[3]] } else { texel };
                let c = |k: usize| u32::from(unorm8(t[k]));
                c(0) | c(1) << 8 | c(2) << 16 | c(3) << 24
            } else {
                let mut bytes = [0u8; 4];
                self.format.encode(texel, &mut bytes);
                u32::from_le_bytes(bytes)
            };
            self.data.words[start / 4].store(word, Ordering::Relaxed);
            return true;
        }
        let mut bytes = [0u8; 16];
        self.format.encode(texel, &mut bytes);
        if size.is_multiple_of(4) {
            for (k, chunk) in bytes[..size].chunks_exact(4).enumerate() {
                self.data.words[start / 4 + k].store(u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]), Ordering::Relaxed);
            }
        } else {
            // Texels smaller than a word share it with their neighbours: update the bytes only.
            for (k, &b) in bytes[..size].iter().enumerate() {
                let at = start + k;
                let shift = (at % 4) * 8;
                let _ = self.data.words[at / 4].fetch_update(Ordering::Relaxed, Ordering::Relaxed, |w| {
                    Some((w & !(0xFF << shift)) | (u32::from(b) << shift))
                });
            }
        }
        true
    }
}

/// One level of an image ([`Image::level_view`]): its width, height and depth (layers times
/// samples) and byte offset.
pub(crate) struct LevelView<'a> {
    image: &'a Image,
    w: i64,
    h: i64,
    d: i64,
    offset: usize,
}

impl LevelView<'_> {
    /// Byte offset of texel `(x, y, z)` of the level, when it exists.
    #[inline]
    pub(crate) fn texel_at(&self, [x, y, z]: [i64; 3]) -> Option<usize> {
        if !(0..self.w).contains(&x) || !(0..self.h).contains(&y) || !(0..self.d).contains(&z) {
            return None;
        }
        let index = ((z * self.h + y) * self.w + x) as usize;
        Some(self.offset + index * self.image.texel_size)
    }

    /// [`Image::load`] of a texel of the level of an 8-bit unorm format (not sRGB) as the
    /// stored bytes, little-endian in a word, in the format's order (RGBA or BGRA; components
    /// the format lacks: 0, alpha 255): the bytes `load`'s floats stand for (c / 255, exactly c
    /// again when scaled back and rounded), without the conversion.
    #[inline(always)]
    pub(crate) fn unorm8_word(&self, at: [i64; 3]) -> Option<u32> {
        let start = self.texel_at(at)?;
        let image = self.image;
        let n = image.components.0;
        if n == 4 {
            return Some(image.data.words[start / 4].load(Ordering::Relaxed));
        }
        let mut out = [0, 0, 0, 255];
        for (c, b) in out.iter_mut().enumerate().take(n) {
            *b = image.byte(start + c);
        }
        Some(u32::from_le_bytes(out))
    }

    /// A texel's bytes as [`LevelView::unorm8_word`] gives them, in RGBA order.
    #[inline]
    fn rgba(&self, mut texel: [u8; 4]) -> [u8; 4] {
        if self.image.components.1 {
            texel.swap(0, 2);
        }
        texel
    }
}

fn level_size(dim: Dim, [w, h, d]: [u32; 3], level: u32) -> [u32; 3] {
    let shrink = |s: u32| s.checked_shr(level).unwrap_or(0).max(1);
    match dim {
        Dim::D2 => [shrink(w), shrink(h), d],
        Dim::D3 => [shrink(w), shrink(h), shrink(d)],
    }
}

/// How coordinates outside `[0, 1)` wrap (Vulkan "Wrapping Operation").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Address {
    ClampToEdge,
    Repeat,
    MirrorRepeat,
    ClampToBorder,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    Nearest,
    Linear,
}

/// A comparison sampler's test of the reference against the texel (`dref OP texel`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compare {
    Never,
    Less,
    Equal,
    LessEqual,
    Greater,
    NotEqual,
    GreaterEqual,
    Always,
}

impl Compare {
    /// `reference OP stored`: a depth comparison sampler's test of dref against the texel, and
    /// the depth test of a fragment's depth against the depth buffer's.
    pub(crate) fn test(self, reference: f32, stored: f32) -> bool {
        match self {
            Compare::Never => false,
            Compare::Less => reference < stored,
            Compare::Equal => reference == stored,
            Compare::LessEqual => reference <= stored,
            Compare::Greater => reference > stored,
            Compare::NotEqual => reference != stored,
            Compare::GreaterEqual => reference >= stored,
            Compare::Always => true,
        }
    }
}

/// A sampler's state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sampler {
    /// u, v, w.
    pub address: [Address; 3],
    pub mag_filter: Filter,
    pub min_filter: Filter,
    pub mipmap_filter: Filter,
    pub lod_min_clamp: f32,
    pub lod_max_clamp: f32,
    pub compare: Option<Compare>,
    /// The color of `ClampToBorder` (RGBA).
    pub border: [f32; 4],
}

impl Default for Sampler {
    /// WebGPU's default sampler: clamp to edge, nearest everywhere, levels 0..32.
    fn default() -> Sampler {
        Sampler {
            address: [Address::ClampToEdge; 3],
            mag_filter: Filter::Nearest,
            min_filter: Filter::Nearest,
            mipmap_filter: Filter::Nearest,
            lod_min_clamp: 0.0,
            lod_max_clamp: 32.0,
            compare: None,
            border: [0.0; 4],
        }
    }
}

/// `i` wrapped into `0..size`, or `None` for a border texel.
#[inline]
fn wrap(address: Address, i: i64, size: i64) -> Option<i64> {
    Some(match address {
        Address::ClampToEdge => i.clamp(0, size - 1),
        Address::Repeat => i.rem_euclid(size),
        Address::MirrorRepeat => {
            let mirror = |n: i64| if n >= 0 { n } else { -(1 + n) };
            (size - 1) - mirror(i.rem_euclid(2 * size) - size)
        }
        Address::ClampToBorder => {
            if !(0..size).contains(&i) {
                return None;
            }
            i
        }
    })
}

/// What a sampling instruction asks for.
pub(crate) struct SampleQuery {
    /// Normalized coordinates (u, v, w as the image has them).
    pub coord: [f32; 3],
    /// Spatial dimensions (1, 2 or 3).
    pub dims: usize,
    /// The array layer (already rounded), for arrayed 2D images.
    pub layer: i64,
    /// The level of detail before the sampler's clamp.
    pub lod: f32,
    pub offset: [i32; 3],
    pub dref: Option<f32>,
    /// `Some(component)`: a gather.
    pub gather: Option<usize>,
    /// A cube (array) image: `coord` is a direction, `layer` the cube's first layer.
    pub cube: bool,
}

/// Samples `image` with `sampler` (Vulkan "Texel Filtering" and "Level-of-Detail Operation").
pub(crate) fn sample(image: &Image, sampler: &Sampler, q: &SampleQuery) -> [u32; 4] {
    if fixed_point_unorm8(image, sampler, q) {
        return unorm8_bits(sample_unorm8(image, sampler, q));
    }
    let lambda = q.lod.clamp(sampler.lod_min_clamp, sampler.lod_max_clamp.max(sampler.lod_min_clamp));
    let filter = if q.gather.is_some() {
        Filter::Linear
    } else if lambda <= 0.0 {
        sampler.mag_filter
    } else {
        sampler.min_filter
    };
    let top = (image.levels - 1) as f32;
    let d = if lambda.is_nan() { 0.0 } else { lambda.clamp(0.0, top) };
    if q.gather.is_some() {
        return filtered(image, sampler, q, 0, filter);
    }
    match sampler.mipmap_filter {
        Filter::Nearest => filtered(image, sampler, q, nearest_level(d) as u32, filter),
        Filter::Linear => {
            let lo = d.floor();
            let delta = d - lo;
            let a = filtered(image, sampler, q, lo as u32, filter);
            if delta == 0.0 || image.format.is_integer() {
                return a;
            }
            let b = filtered(image, sampler, q, (lo as u32 + 1).min(image.levels - 1), filter);
            std::array::from_fn(|k| {
                let (x, y) = (f32::from_bits(a[k]), f32::from_bits(b[k]));
                (x * (1.0 - delta) + y * delta).to_bits()
            })
        }
    }
}

/// The level a nearest mipmap filter reads at level parameter `d` (Vulkan "Image Level(s)
/// Selection": nearest(d) = ceil(d + 0.5) - 1).
fn nearest_level(d: f32) -> f32 {
    ((d + 0.5).ceil() - 1.0).max(0.0)
}

/// `OpImageQueryLod` (`textureQueryLod`) of a sample at level of detail `lod` (λ', before any
/// clamp): (the level accessed: λ' clamped to the sampler's range, then to the image's levels,
/// rounded to the level a nearest mipmap filter reads, as `sample` does, and as lavapipe
/// answers; λ' itself, the computed level of detail relative to the base level).
pub(crate) fn query_lod(image: &Image, sampler: &Sampler, lod: f32) -> [f32; 2] {
    let lambda = lod.clamp(sampler.lod_min_clamp, sampler.lod_max_clamp.max(sampler.lod_min_clamp));
    let top = (image.levels - 1) as f32;
    let d = if lambda.is_nan() { 0.0 } else { lambda.clamp(0.0, top) };
    [if sampler.mipmap_filter == Filter::Nearest { nearest_level(d) } else { d }, lod]
}

/// One level filtered.
fn filtered(image: &Image, sampler: &Sampler, q: &SampleQuery, level: u32, filter: Filter) -> [u32; 4] {
    if q.cube {
        return filtered_cube(image, sampler, q, level, filter);
    }
    let size = image.level_size(level);
    let dims = q.dims;
    let border = sampler.border.map(f32::to_bits);
    // The texel at integer (unwrapped) coordinates, compared with dref for a depth comparison.
    let fetch = |at: [i64; 3]| -> [u32; 4] {
        let mut p = [0i64, 0, q.layer];
        for k in 0..dims {
            match wrap(sampler.address[k], at[k], i64::from(size[k])) {
                Some(i) => p[k] = i,
                None => return border,
            }
        }
        let texel = image.load(level, p).unwrap_or([0; 4]);
        match (q.dref, sampler.compare) {
            (Some(dref), Some(op)) => {
                let t = f32::from_bits(texel[0]);
                let v = if op.test(dref, t) { 1.0f32 } else { 0.0 }.to_bits();
                [v, v, v, 1.0f32.to_bits()]
            }
            _ => texel,
        }
    };
    // Unnormalized coordinates.
    let u: [f32; 3] = std::array::from_fn(|k| if k < dims { q.coord[k] * size[k] as f32 } else { 0.0 });
    if filter == Filter::Nearest || (image.format.is_integer() && q.gather.is_none()) {
        let at: [i64; 3] = std::array::from_fn(|k| if k < dims { floor_i64(u[k]) + i64::from(q.offset[k]) } else { 0 });
        return fetch(at);
    }
    let mut i0 = [0i64; 3];
    let mut alpha = [0f32; 3];
    for k in 0..dims {
        let x = u[k] - 0.5;
        let fl = x.floor();
        i0[k] = fl as i64 + i64::from(q.offset[k]);
        alpha[k] = x - fl;
    }
    if let Some(c) = q.gather {
        // Vulkan "Texel Gathering": (i0, j1), (i1, j1), (i1, j0), (i0, j0).
        let (x0, y0) = (i0[0], i0[1]);
        let order = [[x0, y0 + 1, 0], [x0 + 1, y0 + 1, 0], [x0 + 1, y0, 0], [x0, y0, 0]];
        return order.map(|at| fetch(at)[c]);
    }
    let corners = 1usize << dims;
    let mut acc = [0f32; 4];
    for corner in 0..corners {
        let mut at = [0i64; 3];
        let mut weight = 1.0f32;
        for k in 0..dims {
            let hi = (corner >> k) & 1 == 1;
            at[k] = i0[k] + hi as i64;
            weight *= if hi { alpha[k] } else { 1.0 - alpha[k] };
        }
        let t = fetch(at);
        for c in 0..4 {
            acc[c] += weight * f32::from_bits(t[c]);
        }
    }
    acc.map(f32::to_bits)
}

/// The face a direction selects and its coordinates there (Vulkan "Cube Map Face Selection
/// and Transformations"): the face (layer 0..6: +x, -x, +y, -y, +z, -z), `sc`, `tc` and `|ma|`
/// of the spec's table. Ties go to z, then y over x unless x is strictly larger (llvmpipe's
/// order; Vulkan leaves them to the implementation).
pub(crate) fn cube_face([x, y, z]: [f32; 3]) -> (usize, f32, f32, f32) {
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    if az >= ax.max(ay) {
        if z >= 0.0 { (4, x, -y, az) } else { (5, -x, -y, az) }
    } else if ax > ay {
        if x >= 0.0 { (0, -z, -y, ax) } else { (1, z, -y, ax) }
    } else if y >= 0.0 {
        (2, x, z, ay)
    } else {
        (3, x, -z, ay)
    }
}

/// Face `face`'s outward normal and the directions its `sc` and `tc` grow in ([`cube_face`]).
fn cube_axes(face: usize) -> [[f32; 3]; 3] {
    match face {
        0 => [[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, -1.0, 0.0]],
        1 => [[-1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, -1.0, 0.0]],
        2 => [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
        3 => [[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, -1.0]],
        4 => [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, -1.0, 0.0]],
        _ => [[0.0, 0.0, -1.0], [-1.0, 0.0, 0.0], [0.0, -1.0, 0.0]],
    }
}

/// The level of detail of a cube sample at direction `at` whose derivatives along x and y are
/// `dx` and `dy`: the face coordinates' derivatives (Vulkan "Cube Map Derivatives":
/// d(s) = (d(sc) |ma| - sc d(|ma|)) / (2 ma^2), on the face `at` selects) scaled by the face size.
pub(crate) fn cube_lod(image: &Image, at: [f32; 3], dx: [f32; 3], dy: [f32; 3]) -> f32 {
    let (face, sc, tc, ma) = cube_face(at);
    let [n, s_axis, t_axis] = cube_axes(face);
    let dot = |a: [f32; 3], b: [f32; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let size = image.size()[0] as f32;
    let squared = |d: [f32; 3]| {
        let dma = dot(d, n);
        let ds = (dot(d, s_axis) * ma - sc * dma) / (2.0 * ma * ma) * size;
        let dt = (dot(d, t_axis) * ma - tc * dma) / (2.0 * ma * ma) * size;
        ds * ds + dt * dt
    };
    0.5 * fast_log2(squared(dx).max(squared(dy)))
}

/// log2 approximated as llvmpipe computes a level of detail (gallivm `lp_build_fast_log2`, of
/// the squared scale factor, halved): the exponent plus the mantissa's fraction, exact at
/// powers of two, linear between. Vulkan allows such an approximation of the scale factor's
/// log2 ("Scale Factor Operation").
pub(crate) fn fast_log2(x: f32) -> f32 {
    if !(x > 0.0) || x.is_infinite() {
        return x.log2();
    }
    let exponent = x.log2().floor();
    exponent + x / exponent.exp2() - 1.0
}

/// Texel `(i, j)` of face `face` of an `n`-texel cube level, or when it lies past an edge, the
/// texel of the adjacent face it stands for (Vulkan "Cube Map Edge Handling"): (face, i, j).
/// `None` past a corner (past two edges).
fn cube_texel(face: usize, i: i64, j: i64, n: i64) -> Option<(usize, i64, i64)> {
    let inside = |k: i64| (0..n).contains(&k);
    match (inside(i), inside(j)) {
        (true, true) => Some((face, i, j)),
        (false, false) => None,
        _ => {
            // The texel centre as a point of the cube [-1, 1]^3, folded over the edge onto the
            // neighbouring face, selects that face's texel.
            let [normal, s_axis, t_axis] = cube_axes(face);
            let centre = |k: i64| (2 * k + 1) as f32 / n as f32 - 1.0;
            let (u, v) = (centre(i), centre(j));
            let past = u.abs().max(v.abs()) - 1.0;
            let (u, v) = (u.clamp(-1.0, 1.0), v.clamp(-1.0, 1.0));
            let p: [f32; 3] = std::array::from_fn(|k| normal[k] * (1.0 - past) + s_axis[k] * u + t_axis[k] * v);
            let (face, sc, tc, ma) = cube_face(p);
            let index = |c: f32| (((c / ma + 1.0) * 0.5 * n as f32).floor() as i64).clamp(0, n - 1);
            Some((face, index(sc), index(tc)))
        }
    }
}

/// One level of a cube (array) image filtered: the face the direction selects, its texels
/// and, for linear filtering near an edge, those of the adjacent face (seamless, as Vulkan
/// requires); a texel past a corner does not exist and its weight goes in equal parts to the
/// other three (a gather gets their average, or for an integer format one of them), as
/// llvmpipe's accurate cube corners do. Address
/// modes do not apply to cubes.
fn filtered_cube(image: &Image, sampler: &Sampler, q: &SampleQuery, level: u32, filter: Filter) -> [u32; 4] {
    let n = i64::from(image.level_size(level)[0]);
    let (face, sc, tc, ma) = cube_face(q.coord);
    let (u, v) = ((sc / ma + 1.0) * 0.5 * n as f32, (tc / ma + 1.0) * 0.5 * n as f32);
    // A texel, compared with dref for a depth comparison.
    let fetch = |(face, i, j): (usize, i64, i64)| -> [u32; 4] {
        let texel = image.load(level, [i, j, q.layer + face as i64]).unwrap_or([0; 4]);
        match (q.dref, sampler.compare) {
            (Some(dref), Some(op)) => {
                let v = if op.test(dref, f32::from_bits(texel[0])) { 1.0f32 } else { 0.0 }.to_bits();
                [v, v, v, 1.0f32.to_bits()]
            }
            _ => texel,
        }
    };
    if filter == Filter::Nearest || (image.format.is_integer() && q.gather.is_none()) {
        return fetch((face, (u.floor() as i64).clamp(0, n - 1), (v.floor() as i64).clamp(0, n - 1)));
    }
    let (x, y) = (u - 0.5, v - 0.5);
    let (i0, j0) = (x.floor() as i64, y.floor() as i64);
    let (a, b) = (x - x.floor(), y - y.floor());
    // (i0, j0), (i1, j0), (i0, j1), (i1, j1); a texel past a corner stands in for itself on
    // its face (clamped) until it is replaced below.
    let at = [(i0, j0), (i0 + 1, j0), (i0, j0 + 1), (i0 + 1, j0 + 1)];
    let texels = at.map(|(i, j)| cube_texel(face, i, j, n));
    let raw: [[u32; 4]; 4] =
        std::array::from_fn(|k| fetch(texels[k].unwrap_or((face, at[k].0.clamp(0, n - 1), at[k].1.clamp(0, n - 1)))));
    let corner = texels.iter().position(Option::is_none);
    if let Some(c) = q.gather {
        // Vulkan "Texel Gathering": (i0, j1), (i1, j1), (i1, j0), (i0, j0); a corner texel of a
        // float format is the average of the other three, of an integer format the texel beside
        // it in j (the one across the i edge: (i0, j0) for (i0, j1), ...), as lavapipe gives.
        let mut values = raw.map(|t| t[c]);
        match corner {
            Some(corner) if image.format.is_integer() => values[corner] = values[corner ^ 2],
            Some(corner) => {
                let sum: f32 = (0..4).filter(|&k| k != corner).map(|k| f32::from_bits(values[k])).sum();
                values[corner] = (sum / 3.0).to_bits();
            }
            None => {}
        }
        return [values[2], values[3], values[1], values[0]];
    }
    let mut weights = [(1.0 - a) * (1.0 - b), a * (1.0 - b), (1.0 - a) * b, a * b];
    if let Some(corner) = corner {
        let share = weights[corner] / 3.0;
        weights = std::array::from_fn(|k| if k == corner { 0.0 } else { weights[k] + share });
    }
    let mut acc = [0f32; 4];
    for (w, texel) in weights.iter().zip(&raw) {
        for c in 0..4 {
            acc[c] += w * f32::from_bits(texel[c]);
        }
    }
    acc.map(f32::to_bits)
}

/// Whether a sample is filtered in 8-bit fixed point, as llvmpipe (lavapipe) filters it: its
/// "AoS" sampling path (gallivm's `lp_build_sample_aos`) takes a plain sample (no gather, no
/// depth comparison) of a unorm format of at most 8 bits per component that is not sRGB, with
/// the same minification and magnification filter and only repeat or clamp-to-edge addressing.
/// Vulkan allows it (`subTexelPrecisionBits` and `mipmapPrecisionBits` may be as low as 4), and
/// filtering these samples as lavapipe does makes the CPU device's results equal to it.
fn fixed_point_unorm8(image: &Image, sampler: &Sampler, q: &SampleQuery) -> bool {
    !q.cube && q.gather.is_none() && q.dref.is_none() && fixed_point_pair(image, sampler, q.dims)
}

/// What [`fixed_point_unorm8`] asks of the image and sampler (of `dims` spatial dimensions).
fn fixed_point_pair(image: &Image, sampler: &Sampler, dims: usize) -> bool {
    image.plain_unorm8
        && sampler.compare.is_none()
        && sampler.min_filter == sampler.mag_filter
        && sampler.address[..dims].iter().all(|a| matches!(a, Address::Repeat | Address::ClampToEdge))
}

/// A unorm8 texel's bytes as the floats a sample returns (c / 255).
#[inline]
fn unorm8_bits(texel: [u8; 4]) -> [u32; 4] {
    texel.map(|c| (f32::from(c) / 255.0).to_bits())
}

/// An image and sampler of [`fixed_point_unorm8`]'s samples whose texel the coordinates alone
/// decide: the image has one level (every level of detail reads it with the one filter), the
/// samples are neither cube, arrayed, gathers nor depth comparisons, their offset constant.
/// Looked up once for many samples (the lanes of one instruction).
pub(crate) struct Unorm8Level0<'a> {
    view: LevelView<'a>,
    size: [u32; 3],
    address: [Address; 3],
    filter: Filter,
    dims: usize,
    offset: [i32; 3],
}

impl<'a> Unorm8Level0<'a> {
    /// `None` unless `image` and `sampler` qualify (the caller knows the samples do).
    pub(crate) fn new(image: &'a Image, sampler: &Sampler, dims: usize, offset: [i32; 3]) -> Option<Unorm8Level0<'a>> {
        if image.levels != 1 || !(1..=3).contains(&dims) || !fixed_point_pair(image, sampler, dims) {
            return None;
        }
        let view = image.level_view(0)?;
        Some(Unorm8Level0 { view, size: image.size, address: sampler.address, filter: sampler.min_filter, dims, offset })
    }

    /// [`sample`] at normalized coordinates `coord`.
    #[inline]
    pub(crate) fn sample(&self, coord: [f32; 3]) -> [u32; 4] {
        if self.dims == 2 && self.filter == Filter::Nearest {
            return unorm8_bits(self.nearest_2d(coord));
        }
        unorm8_bits(filter_unorm8(&self.view, self.size, &self.address, self.filter, coord, self.dims, self.offset, 0))
    }

    /// `filter_unorm8`'s nearest texel of a 2D sample, without its loops over the dimensions.
    #[inline(always)]
    fn nearest_2d(&self, coord: [f32; 3]) -> [u8; 4] {
        let [w, h] = [i64::from(self.size[0]), i64::from(self.size[1])];
        let x = wrap(self.address[0], nearest_texel(coord[0], w, self.offset[0]), w).unwrap_or(0);
        let y = wrap(self.address[1], nearest_texel(coord[1], h, self.offset[1]), h).unwrap_or(0);
        let texel = self.view.unorm8_word([x, y, 0]).unwrap_or(0).to_le_bytes();
        self.view.rgba(texel)
    }
}

/// `x.floor() as i64` without a call of `floorf` (x86-64's base instruction set has no
/// rounding instruction): the truncation, one lower for a negative non-integer; saturating at
/// the ends as `as` does.
fn floor_i64(x: f32) -> i64 {
    let t = x as i64;
    if (t as f32) > x {
        t.saturating_sub(1)
    } else {
        t
    }
}

/// `x.round() as i64` likewise (ties away from zero): the truncation, moved by one when the
/// fraction (exact: `x` and its truncation are within a factor of two) is at least a half.
fn round_i64(x: f32) -> i64 {
    let t = x as i64;
    let fraction = x - t as f32;
    if fraction >= 0.5 {
        t.saturating_add(1)
    } else if fraction <= -0.5 {
        t.saturating_sub(1)
    } else {
        t
    }
}

/// `x.round_ties_even() as i64` likewise: below 2^22 in magnitude, adding and subtracting
/// 1.5 * 2^23 rounds to an integer in the default rounding mode (to nearest, ties to even);
/// from 2^23 on every f32 is an integer.
fn round_even_i64(x: f32) -> i64 {
    const MAGIC: f32 = 12_582_912.0;
    let a = x.abs();
    if a < 4_194_304.0 {
        ((x + MAGIC) - MAGIC) as i64
    } else if a < 8_388_608.0 {
        x.round_ties_even() as i64
    } else {
        x as i64
    }
}

/// `a + (b - a) * weight / 256` rounded to nearest (ties up), for an 8-bit `weight`: llvmpipe's
/// lerp of unorm8 values with pre-scaled 8-bit weights (gallivm `lp_build_lerp_simple`, the
/// rounding of SSSE3's `pmulhrsw`: `(weight * (delta << 7) + 2^14) >> 15`).
fn lerp_unorm8(weight: i32, a: [u8; 4], b: [u8; 4]) -> [u8; 4] {
    std::array::from_fn(|c| {
        let delta = i32::from(b[c]) - i32::from(a[c]);
        (i32::from(a[c]) + (weight * delta + 128).div_euclid(256)) as u8
    })
}

/// [`sample`] for the samples [`fixed_point_unorm8`] accepts: each level filtered in 8-bit fixed
/// point, two levels mixed with the level of detail's fraction in 8 bits (truncated).
fn sample_unorm8(image: &Image, sampler: &Sampler, q: &SampleQuery) -> [u8; 4] {
    if image.levels == 1 {
        // Every level of detail selects level 0 (and the one filter: see fixed_point_unorm8).
        return filtered_unorm8(image, sampler, q, 0, sampler.min_filter);
    }
    let lambda = q.lod.clamp(sampler.lod_min_clamp, sampler.lod_max_clamp.max(sampler.lod_min_clamp));
    let filter = sampler.min_filter;
    let top = (image.levels - 1) as f32;
    let d = if lambda.is_nan() { 0.0 } else { lambda.clamp(0.0, top) };
    match sampler.mipmap_filter {
        Filter::Nearest => filtered_unorm8(image, sampler, q, ((d + 0.5).ceil() - 1.0).max(0.0) as u32, filter),
        Filter::Linear => {
            let lo = d.floor();
            let a = filtered_unorm8(image, sampler, q, lo as u32, filter);
            let weight = ((d - lo) * 256.0) as i32;
            if weight <= 0 {
                return a;
            }
            let b = filtered_unorm8(image, sampler, q, (lo as u32 + 1).min(image.levels - 1), filter);
            lerp_unorm8(weight, a, b)
        }
    }
}

/// One level of a unorm8 image filtered in 8-bit fixed point: the coordinate scaled by 256 times
/// the level's size and rounded (ties to even) to an integer whose low 8 bits, after moving it
/// half a texel, are the weight; a 2D (3D) filter is a lerp along x, then y (then z).
fn filtered_unorm8(image: &Image, sampler: &Sampler, q: &SampleQuery, level: u32, filter: Filter) -> [u8; 4] {
    // No such level: every texel reads as 0.
    let Some(view) = image.level_view(level) else { return [0; 4] };
    let size = if level == 0 { image.size } else { image.level_size(level) };
    filter_unorm8(&view, size, &sampler.address, filter, q.coord, q.dims, q.offset, q.layer)
}

/// The texel a nearest filter reads along an axis of `size` texels at normalized coordinate
/// `c` plus `offset` (before wrapping).
#[inline]
fn nearest_texel(c: f32, size: i64, offset: i32) -> i64 {
    floor_i64(c * size as f32) + i64::from(offset)
}

/// [`filtered_unorm8`] of level `view` (of `size`) with the sampler's addressing and `filter`,
/// at `coord` (`dims` of them) plus `offset`, in layer `layer`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn filter_unorm8(
    view: &LevelView<'_>,
    size: [u32; 3],
    address: &[Address; 3],
    filter: Filter,
    coord: [f32; 3],
    dims: usize,
    offset: [i32; 3],
    layer: i64,
) -> [u8; 4] {
    // Texels as stored (BGRA formats not swapped: the filter treats the components alike, so
    // the swap is made once, at the end); 0 outside the image.
    let stored = |at: [i64; 3]| -> [u8; 4] { view.unorm8_word(at).unwrap_or(0).to_le_bytes() };
    let rgba = |texel: [u8; 4]| view.rgba(texel);
    let texel = |at: [i64; 3]| -> [u8; 4] {
        let mut p = [0i64, 0, layer];
        for k in 0..dims {
            p[k] = wrap(address[k], at[k], i64::from(size[k])).unwrap_or(0);
        }
        rgba(stored(p))
    };
    if filter == Filter::Nearest {
        let at: [i64; 3] = std::array::from_fn(|k| if k < dims { nearest_texel(coord[k], i64::from(size[k]), offset[k]) } else { 0 });
        return texel(at);
    }
    let mut i0 = [0i64; 3];
    let mut weight = [0i32; 3];
    for k in 0..dims {
        let len = size[k];
        if address[k] == Address::Repeat && !len.is_power_of_two() {
            // Repeat on other sizes wraps the normalized coordinate (offset included) first.
            let c = coord[k] + offset[k] as f32 / len as f32;
            let scaled = round_even_i64((c - c.floor()) * len as f32 * 256.0) - 128;
            weight[k] = (scaled & 0xFF) as i32;
            let i = scaled >> 8;
            i0[k] = if i < 0 { i64::from(len) - 1 } else { i.min(i64::from(len) - 1) };
        } else {
            let scaled = round_even_i64(coord[k] * (len << 8) as f32) - 128;
            i0[k] = (scaled >> 8) + i64::from(offset[k]);
            weight[k] = (scaled & 0xFF) as i32;
        }
    }
    // The two texel coordinates along each axis, wrapped (as `texel` does), once per axis.
    let fixed = [0i64, 0, layer];
    let axis: [[i64; 2]; 3] = std::array::from_fn(|k| {
        if k < dims {
            [0, 1].map(|b| wrap(address[k], i0[k] + b, i64::from(size[k])).unwrap_or(0))
        } else {
            [fixed[k]; 2]
        }
    });
    // Corners by bit k of the index (k = 0: x); lerp along x, then y, then z, pair by pair.
    let mut values = [[0u8; 4]; 8];
    let mut count = 1usize << dims;
    for (corner, value) in values.iter_mut().enumerate().take(count) {
        *value = stored([axis[0][corner & 1], axis[1][(corner >> 1) & 1], axis[2][(corner >> 2) & 1]]);
    }
    for &w in &weight[..dims] {
        count /= 2;
        for j in 0..count {
            values[j] = lerp_unorm8(w, values[2 * j], values[2 * j + 1]);
        }
    }
    rgba(values[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Floats around every boundary the helpers treat specially (integers, halves, 2^22, 2^23,
    /// the ends of i64, zeros, infinities, NaN) and a sweep of ordinary values.
    fn probes() -> Vec<f32> {
        let mut v = vec![0.0, -0.0, f32::NAN, f32::INFINITY, f32::NEG_INFINITY, f32::MAX, f32::MIN, f32::MIN_POSITIVE, 9.3e18, -9.3e18];
        for base in [0.5f32, 1.0, 1.5, 2.5, 127.5, 4_194_304.0, 4_194_304.5, 4_194_305.5, 8_388_607.5, 8_388_608.0, 9.2e18] {
            for x in [base, -base] {
                v.extend([x, f32::from_bits(x.to_bits() + 1), f32::from_bits(x.to_bits() - 1)]);
            }
        }
        v.extend((-5000..5000).map(|i| i as f32 * 0.173));
        v
    }

    #[test]
    fn fast_rounding_matches_std() {
        for x in probes() {
            assert_eq!(floor_i64(x), x.floor() as i64, "floor of {x:e}");
            assert_eq!(round_even_i64(x), x.round_ties_even() as i64, "round_ties_even of {x:e}");
            assert_eq!(round_i64(x), x.round() as i64, "round of {x:e}");
        }
    }

    /// The 8-bit unorm encode against std's rounding (ties away from zero, as Vulkan allows and
    /// `Format::encode` did with `round_i64`): the probes, and the floats nearest each step's
    /// midpoint and each code's value (where the rounding turns).
    #[test]
    fn unorm8_matches_std() {
        let mut xs = probes();
        for k in 0..=255u32 {
            for centre in [(k as f32 + 0.5) / 255.0, k as f32 / 255.0] {
                let bits = centre.to_bits();
                xs.extend((bits.saturating_sub(8)..=bits + 8).map(f32::from_bits));
            }
        }
        for x in xs {
            let expected = if x.is_nan() { 0 } else { (x.clamp(0.0, 1.0) * 255.0).round() as u8 };
            assert_eq!(unorm8(x.to_bits()), expected, "unorm8 of {x:e}");
        }
    }
}
