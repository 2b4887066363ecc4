//! Textures and samplers: 2D textures from RGBA8 pixels, offscreen render targets, texel
//! uploads and readback of any mip level (tightly packed rows), readback as RGBA8. On the CPU
//! device a texture is a `shader_cpu::Image` and a sampler a `shader_cpu::Sampler`, which
//! compute shaders sample, load and store like on a GPU.

use std::sync::Arc;

use crate::buffer::{map_and_copy, ResourceId};
use crate::gpu::Backend;
use crate::{Gpu, GpuError};

/// A texture (every mip level) and its default view. A clone is another handle to the same
/// texture (same [`ResourceId`]).
#[derive(Clone, Debug)]
pub struct Texture {
    store: TextureStore,
    id: ResourceId,
    usage: wgpu::TextureUsages,
    format: wgpu::TextureFormat,
    size: wgpu::Extent3d,
    dimension: wgpu::TextureDimension,
    mip_level_count: u32,
    sample_count: u32,
}

/// Where a texture's texels live.
#[derive(Clone, Debug)]
enum TextureStore {
    Wgpu { raw: wgpu::Texture, view: wgpu::TextureView },
    /// The CPU device: every level's texels; `Err` names a format or dimension it does not
    /// have (such a texture cannot be written, read or bound there).
    Cpu(Result<Arc<shader_cpu::Image>, String>),
}

/// A sampler.
#[derive(Debug)]
pub struct Sampler {
    /// `None` on the CPU device.
    raw: Option<wgpu::Sampler>,
    /// The same state for the CPU device.
    cpu: shader_cpu::Sampler,
    id: ResourceId,
    comparison: bool,
}

impl Gpu {
    /// A texture from a wgpu descriptor (any format and usage).
    pub fn texture(&self, descriptor: &wgpu::TextureDescriptor<'_>) -> Texture {
        let store = match self.backend() {
            Backend::Wgpu(w) => {
                let raw = w.device.create_texture(descriptor);
                let view = raw.create_view(&wgpu::TextureViewDescriptor::default());
                TextureStore::Wgpu { raw, view }
            }
            Backend::Cpu(_) => TextureStore::Cpu(cpu_image(descriptor).map(Arc::new)),
        };
        Texture {
            store,
            id: ResourceId::next(),
            usage: descriptor.usage,
            format: descriptor.format,
            size: descriptor.size,
            dimension: descriptor.dimension,
            mip_level_count: descriptor.mip_level_count.max(1),
            sample_count: descriptor.sample_count.max(1),
        }
    }

    /// A sampled `Rgba8Unorm` texture holding `pixels` (`width * height * 4` bytes, rows top to
    /// bottom), e.g. a decoded PNG.
    pub fn texture_rgba8(&self, width: u32, height: u32, pixels: &[u8]) -> Result<Texture, GpuError> {
        let expected = width as usize * height as usize * 4;
        if pixels.len() != expected || width == 0 || height == 0 {
            return Err(GpuError::InvalidUse(format!(
                "a {width}x{height} RGBA8 texture needs {expected} bytes of pixels, got {}",
                pixels.len()
            )));
        }
        let texture = self.texture(&wgpu::TextureDescriptor {
            label: None,
            size: wgpu::Extent3d { width, height, depth_or_array_layers: 1 },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::Rgba8Unorm,
            usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST | wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        texture.write_level(self, 0, pixels)?;
        Ok(texture)
    }

    /// An offscreen render target that can also be sampled and read back.
    pub fn render_target(&self, width: u32, height: u32, format: wgpu::TextureFormat) -> Texture {
        self.texture(&wgpu::TextureDescriptor {
            label: Some("render target"),
            size: wgpu::Extent3d { width: width.max(1), height: height.max(1), depth_or_array_layers: 1 },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC | wgpu::TextureUsages::TEXTURE_BINDING,
            view_formats: &[],
        })
    }

    /// A depth buffer for a render pass (`Depth32Float`).
    pub fn depth_target(&self, width: u32, height: u32) -> Texture {
        self.depth_target_with(width, height, wgpu::TextureFormat::Depth32Float, 1)
    }

    /// A depth and stencil buffer for a render pass (`Depth24PlusStencil8`;
    /// [`crate::RenderOptions::stencil`]).
    pub fn depth_stencil_target(&self, width: u32, height: u32) -> Texture {
        self.depth_target_with(width, height, wgpu::TextureFormat::Depth24PlusStencil8, 1)
    }

    /// A depth, depth-stencil or stencil buffer of `format` for a render pass, with
    /// `sample_count` samples per pixel (1, or the pipeline's [`crate::RenderOptions::sample_count`]).
    pub fn depth_target_with(&self, width: u32, height: u32, format: wgpu::TextureFormat, sample_count: u32) -> Texture {
        self.texture(&wgpu::TextureDescriptor {
            label: Some("depth"),
            size: wgpu::Extent3d { width: width.max(1), height: height.max(1), depth_or_array_layers: 1 },
            mip_level_count: 1,
            sample_count,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            view_formats: &[],
        })
    }

    /// A filtering sampler with `filter` for magnification and minification and `address` on
    /// every axis.
    pub fn sampler(&self, filter: wgpu::FilterMode, address: wgpu::AddressMode) -> Sampler {
        self.sampler_with(&wgpu::SamplerDescriptor {
            address_mode_u: address,
            address_mode_v: address,
            address_mode_w: address,
            mag_filter: filter,
            min_filter: filter,
            ..Default::default()
        })
    }

    /// A sampler from a wgpu descriptor (a `compare` function makes a comparison sampler).
    pub fn sampler_with(&self, descriptor: &wgpu::SamplerDescriptor<'_>) -> Sampler {
        let raw = self.wgpu().map(|w| w.device.create_sampler(descriptor));
        Sampler { raw, cpu: cpu_sampler(descriptor), id: ResourceId::next(), comparison: descriptor.compare.is_some() }
    }
}

impl Texture {
    /// The wgpu texture; `None` on the CPU device.
    pub fn raw(&self) -> Option<&wgpu::Texture> {
        match &self.store {
            TextureStore::Wgpu { raw, .. } => Some(raw),
            TextureStore::Cpu(_) => None,
        }
    }

    /// The default view; `None` on the CPU device.
    pub fn view(&self) -> Option<&wgpu::TextureView> {
        match &self.store {
            TextureStore::Wgpu { view, .. } => Some(view),
            TextureStore::Cpu(_) => None,
        }
    }

    pub fn id(&self) -> ResourceId {
        self.id
    }

    pub fn usage(&self) -> wgpu::TextureUsages {
        self.usage
    }

    pub fn format(&self) -> wgpu::TextureFormat {
        self.format
    }

    pub fn width(&self) -> u32 {
        self.size.width
    }

    pub fn height(&self) -> u32 {
        self.size.height
    }

    /// Layers of an array texture (1 for a plain 2D texture), or the depth of a 3D one.
    pub fn depth_or_array_layers(&self) -> u32 {
        self.size.depth_or_array_layers
    }

    pub fn dimension(&self) -> wgpu::TextureDimension {
        self.dimension
    }

    pub fn mip_level_count(&self) -> u32 {
        self.mip_level_count
    }

    /// Samples per texel (more than 1: a multisampled render attachment).
    pub fn sample_count(&self) -> u32 {
        self.sample_count
    }

    /// The CPU device's image (what `shader_cpu` runs shaders on directly), or why there is
    /// none (a texture of a wgpu device, or a format or dimension the CPU device lacks).
    pub fn cpu_image(&self) -> Result<&shader_cpu::Image, GpuError> {
        match &self.store {
            TextureStore::Cpu(Ok(image)) => Ok(image),
            TextureStore::Cpu(Err(why)) => Err(GpuError::Unsupported(why.clone())),
            TextureStore::Wgpu { .. } => Err(crate::buffer::wrong_device()),
        }
    }

    /// Width, height and depth or layers of mip level `level` (WebGPU's "logical miplevel-specific
    /// texture extent": layers do not shrink).
    pub fn level_size(&self, level: u32) -> [u32; 3] {
        let shrink = |s: u32| s.checked_shr(level).unwrap_or(0).max(1);
        let d = self.size.depth_or_array_layers;
        let d = if self.dimension == wgpu::TextureDimension::D3 { shrink(d) } else { d };
        [shrink(self.size.width), shrink(self.size.height), d]
    }

    /// Bytes of one texel (uncompressed formats; the aspect of a combined depth-stencil
    /// format has none).
    fn texel_size(&self) -> Result<u32, GpuError> {
        self.format
            .block_copy_size(None)
            .filter(|_| self.format.block_dimensions() == (1, 1))
            .ok_or_else(|| GpuError::InvalidUse(format!("{:?} texels cannot be copied as a whole", self.format)))
    }

    /// Replaces mip level `level` (every layer) with `texels`: tightly packed rows, top to
    /// bottom, layer after layer, in the texture's format. Needs `COPY_DST`.
    pub fn write_level(&self, gpu: &Gpu, level: u32, texels: &[u8]) -> Result<(), GpuError> {
        let texel = self.texel_size()?;
        if level >= self.mip_level_count {
            return Err(GpuError::InvalidUse(format!("mip level {level} of a texture with {} levels", self.mip_level_count)));
        }
        let [w, h, d] = self.level_size(level);
        let expected = u64::from(w) * u64::from(h) * u64::from(d) * u64::from(texel);
        if texels.len() as u64 != expected {
            return Err(GpuError::InvalidUse(format!(
                "level {level} of this {:?} texture is {w}x{h}x{d} texels, {expected} bytes; got {}",
                self.format,
                texels.len()
            )));
        }
        if !self.usage.contains(wgpu::TextureUsages::COPY_DST) {
            return Err(GpuError::InvalidUse(format!("cannot write a texture created without COPY_DST (usage {:?})", self.usage)));
        }
        match (&self.store, gpu.backend()) {
            (TextureStore::Wgpu { raw, .. }, Backend::Wgpu(w_)) => {
                w_.queue.write_texture(
                    wgpu::TexelCopyTextureInfo { texture: raw, mip_level: level, origin: wgpu::Origin3d::ZERO, aspect: wgpu::TextureAspect::All },
                    texels,
                    wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(w * texel), rows_per_image: Some(h) },
                    wgpu::Extent3d { width: w, height: h, depth_or_array_layers: d },
                );
                Ok(())
            }
            (TextureStore::Cpu(_), _) => {
                self.cpu_image()?.write_level(level, texels);
                Ok(())
            }
            (TextureStore::Wgpu { .. }, Backend::Cpu(_)) => Err(crate::buffer::wrong_device()),
        }
    }

    /// [`Texture::read_level`], blocking.
    pub fn read_level_blocking(&self, gpu: &Gpu, level: u32) -> Result<Vec<u8>, GpuError> {
        pollster::block_on(self.read_level(gpu, level))
    }

    /// The texels of mip level `level` (every layer) in the texture's format: tightly packed
    /// rows, top to bottom, layer after layer. Needs `COPY_SRC`.
    pub async fn read_level(&self, gpu: &Gpu, level: u32) -> Result<Vec<u8>, GpuError> {
        let texel = self.texel_size()?;
        if level >= self.mip_level_count {
            return Err(GpuError::InvalidUse(format!("mip level {level} of a texture with {} levels", self.mip_level_count)));
        }
        if !self.usage().contains(wgpu::TextureUsages::COPY_SRC) {
            return Err(GpuError::InvalidUse(format!("cannot read back a texture created without COPY_SRC (usage {:?})", self.usage())));
        }
        let [width, height, layers] = self.level_size(level);
        let (w, raw) = match (&self.store, gpu.backend()) {
            (TextureStore::Cpu(_), _) => return Ok(self.cpu_image()?.read_level(level)),
            (TextureStore::Wgpu { raw, .. }, Backend::Wgpu(w)) => (w, raw),
            (TextureStore::Wgpu { .. }, Backend::Cpu(_)) => return Err(crate::buffer::wrong_device()),
        };
        // Buffer rows of a texture copy are COPY_BYTES_PER_ROW_ALIGNMENT (256) bytes apart.
        let row = width * texel;
        let padded_row = row.next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
        let staging = w.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("texture readback"),
            size: u64::from(padded_row) * u64::from(height) * u64::from(layers),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut encoder = w.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("texture readback") });
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo { texture: raw, mip_level: level, origin: wgpu::Origin3d::ZERO, aspect: wgpu::TextureAspect::All },
            wgpu::TexelCopyBufferInfo {
                buffer: &staging,
                layout: wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(padded_row), rows_per_image: Some(height) },
            },
            wgpu::Extent3d { width, height, depth_or_array_layers: layers },
        );
        w.queue.submit([encoder.finish()]);
        let padded = map_and_copy(gpu, &staging, staging.size() as usize).await?;
        let mut texels = Vec::with_capacity((row * height * layers) as usize);
        for line in padded.chunks_exact(padded_row as usize) {
            texels.extend_from_slice(&line[..row as usize]);
        }
        Ok(texels)
    }

    /// [`Texture::read_rgba8`], blocking.
    pub fn read_rgba8_blocking(&self, gpu: &Gpu) -> Result<Vec<u8>, GpuError> {
        pollster::block_on(self.read_rgba8(gpu))
    }

    /// The pixels as RGBA8, rows top to bottom, no row padding. Works for the 8-bit RGBA and
    /// BGRA formats (BGRA is swizzled to RGBA).
    pub async fn read_rgba8(&self, gpu: &Gpu) -> Result<Vec<u8>, GpuError> {
        use wgpu::TextureFormat as F;
        let bgra = match self.format() {
            F::Rgba8Unorm | F::Rgba8UnormSrgb | F::Rgba8Uint | F::Rgba8Snorm | F::Rgba8Sint => false,
            F::Bgra8Unorm | F::Bgra8UnormSrgb => true,
            other => return Err(GpuError::InvalidUse(format!("cannot read a {other:?} texture as RGBA8"))),
        };
        if !self.usage().contains(wgpu::TextureUsages::COPY_SRC) {
            return Err(GpuError::InvalidUse(format!("cannot read back a texture created without COPY_SRC (usage {:?})", self.usage())));
        }
        let mut pixels = self.read_level(gpu, 0).await?;
        // Layer 0 only.
        pixels.truncate((self.width() * self.height() * 4) as usize);
        if bgra {
            for texel in pixels.chunks_exact_mut(4) {
                texel.swap(0, 2);
            }
        }
        Ok(pixels)
    }
}

impl Sampler {
    /// The wgpu sampler; `None` on the CPU device.
    pub fn raw(&self) -> Option<&wgpu::Sampler> {
        self.raw.as_ref()
    }

    pub fn id(&self) -> ResourceId {
        self.id
    }

    pub fn is_comparison(&self) -> bool {
        self.comparison
    }

    /// The CPU device's form of the sampler (on every device: the same state as `raw`).
    pub fn cpu(&self) -> &shader_cpu::Sampler {
        &self.cpu
    }
}

/// The CPU device's image for a texture descriptor, or why it cannot hold one.
fn cpu_image(descriptor: &wgpu::TextureDescriptor<'_>) -> Result<shader_cpu::Image, String> {
    use shader_cpu::Format as C;
    use wgpu::TextureFormat as F;
    let format = match descriptor.format {
        F::R8Unorm => C::R8Unorm,
        F::Rg8Unorm => C::Rg8Unorm,
        F::Rgba8Unorm => C::Rgba8Unorm,
        F::Rgba8UnormSrgb => C::Rgba8UnormSrgb,
        F::Bgra8Unorm => C::Bgra8Unorm,
        F::Bgra8UnormSrgb => C::Bgra8UnormSrgb,
        F::Rgba8Snorm => C::Rgba8Snorm,
        F::Rgba8Uint => C::Rgba8Uint,
        F::Rgba8Sint => C::Rgba8Sint,
        F::R16Float => C::R16Float,
        F::Rg16Float => C::Rg16Float,
        F::Rgba16Float => C::Rgba16Float,
        F::Rgba16Uint => C::Rgba16Uint,
        F::Rgba16Sint => C::Rgba16Sint,
        F::R32Float => C::R32Float,
        F::R32Uint => C::R32Uint,
        F::R32Sint => C::R32Sint,
        F::Rg32Float => C::Rg32Float,
        F::Rg32Uint => C::Rg32Uint,
        F::Rg32Sint => C::Rg32Sint,
        F::Rgba32Float => C::Rgba32Float,
        F::Rgba32Uint => C::Rgba32Uint,
        F::Rgba32Sint => C::Rgba32Sint,
        F::R64Uint => C::R64Uint,
        F::Depth32Float => C::Depth32Float,
        F::Depth16Unorm => C::Depth16Unorm,
        F::Depth24Plus => C::Depth24Plus,
        F::Depth24PlusStencil8 => C::Depth24PlusStencil8,
        F::Depth32FloatStencil8 => C::Depth32FloatStencil8,
        F::Stencil8 => C::Stencil8,
        other => return Err(format!("the CPU device has no {other:?} textures")),
    };
    let dim = match descriptor.dimension {
        // A 1D texture is a 2D one of height 1 (its size's height is 1).
        wgpu::TextureDimension::D1 | wgpu::TextureDimension::D2 => shader_cpu::Dim::D2,
        wgpu::TextureDimension::D3 => shader_cpu::Dim::D3,
    };
    let s = descriptor.size;
    // A 4x depth buffer holds sample k of pixel (x, y) at (2x + k % 2, 2y + k / 2)
    // (`shader_cpu::Draw::samples`).
    let depth = descriptor.format.is_depth_stencil_format();
    let single = descriptor.mip_level_count <= 1 && dim == shader_cpu::Dim::D2;
    let scale = match descriptor.sample_count {
        0 | 1 => 1,
        4 if depth && single && s.depth_or_array_layers == 1 => 2,
        // A multisampled colour texture, as a shader's `texture_multisampled_2d` reads it.
        4 if !depth && single => return Ok(shader_cpu::Image::multisampled(format, [s.width, s.height, s.depth_or_array_layers], 4)),
        _ => return Err("the CPU device's multisampled textures are 4x textures of one level".to_string()),
    };
    Ok(shader_cpu::Image::new(format, dim, [s.width * scale, s.height * scale, s.depth_or_array_layers], descriptor.mip_level_count))
}

/// A wgpu comparison function as the CPU device's (samplers, depth and stencil tests).
pub(crate) fn cpu_compare(c: wgpu::CompareFunction) -> shader_cpu::Compare {
    use shader_cpu::Compare;
    match c {
        wgpu::CompareFunction::Never => Compare::Never,
        wgpu::CompareFunction::Less => Compare::Less,
        wgpu::CompareFunction::Equal => Compare::Equal,
        wgpu::CompareFunction::LessEqual => Compare::LessEqual,
        wgpu::CompareFunction::Greater => Compare::Greater,
        wgpu::CompareFunction::NotEqual => Compare::NotEqual,
        wgpu::CompareFunction::GreaterEqual => Compare::GreaterEqual,
        wgpu::CompareFunction::Always => Compare::Always,
    }
}

/// A wgpu sampler descriptor as the CPU device's sampler.
fn cpu_sampler(d: &wgpu::SamplerDescriptor<'_>) -> shader_cpu::Sampler {
    use shader_cpu::{Address, Filter};
    let address = |m: wgpu::AddressMode| match m {
        wgpu::AddressMode::ClampToEdge => Address::ClampToEdge,
        wgpu::AddressMode::Repeat => Address::Repeat,
        wgpu::AddressMode::MirrorRepeat => Address::MirrorRepeat,
        wgpu::AddressMode::ClampToBorder => Address::ClampToBorder,
    };
    let filter = |f: wgpu::FilterMode| match f {
        wgpu::FilterMode::Nearest => Filter::Nearest,
        wgpu::FilterMode::Linear => Filter::Linear,
    };
    let mipmap = match d.mipmap_filter {
        wgpu::MipmapFilterMode::Nearest => Filter::Nearest,
        wgpu::MipmapFilterMode::Linear => Filter::Linear,
    };
    let compare = d.compare.map(cpu_compare);
    let border = match d.border_color {
        Some(wgpu::SamplerBorderColor::OpaqueBlack) => [0.0, 0.0, 0.0, 1.0],
        Some(wgpu::SamplerBorderColor::OpaqueWhite) => [1.0; 4],
        _ => [0.0; 4],
    };
    shader_cpu::Sampler {
        address: [address(d.address_mode_u), address(d.address_mode_v), address(d.address_mode_w)],
        mag_filter: filter(d.mag_filter),
        min_filter: filter(d.min_filter),
        mipmap_filter: mipmap,
        lod_min_clamp: d.lod_min_clamp,
        lod_max_clamp: d.lod_max_clamp,
        compare,
        border,
    }
}
