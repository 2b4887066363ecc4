//! Textures and samplers: 2D textures from RGBA8 pixels, offscreen render targets, readback as
//! tightly packed RGBA8 rows.

use std::sync::{Arc, Mutex};

use crate::buffer::{map_and_copy, ResourceId};
use crate::gpu::Backend;
use crate::{Gpu, GpuError};

/// A 2D texture with one mip level and its default view. A clone is another handle to the
/// same texture (same [`ResourceId`]).
#[derive(Clone, Debug)]
pub struct Texture {
    store: TextureStore,
    id: ResourceId,
    usage: wgpu::TextureUsages,
    format: wgpu::TextureFormat,
    size: wgpu::Extent3d,
    dimension: wgpu::TextureDimension,
}

/// Where a texture's texels live.
#[derive(Clone, Debug)]
enum TextureStore {
    Wgpu { raw: wgpu::Texture, view: wgpu::TextureView },
    /// The CPU device: the texels of mip level 0, tightly packed (no shader samples them yet;
    /// uploads and readback work).
    Cpu(Arc<Mutex<Vec<u8>>>),
}

/// A sampler.
#[derive(Debug)]
pub struct Sampler {
    /// `None` on the CPU device.
    raw: Option<wgpu::Sampler>,
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
            Backend::Cpu(_) => {
                let size = descriptor.size;
                let texel = u64::from(descriptor.format.block_copy_size(None).unwrap_or(4));
                let len = u64::from(size.width) * u64::from(size.height) * u64::from(size.depth_or_array_layers) * texel;
                TextureStore::Cpu(Arc::new(Mutex::new(vec![0; len as usize])))
            }
        };
        Texture {
            store,
            id: ResourceId::next(),
            usage: descriptor.usage,
            format: descriptor.format,
            size: descriptor.size,
            dimension: descriptor.dimension,
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
        match (&texture.store, self.backend()) {
            (TextureStore::Wgpu { raw, .. }, Backend::Wgpu(w)) => w.queue.write_texture(
                raw.as_image_copy(),
                pixels,
                wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(width * 4), rows_per_image: Some(height) },
                raw.size(),
            ),
            (TextureStore::Cpu(texels), _) => texels.lock().unwrap_or_else(|e| e.into_inner()).copy_from_slice(pixels),
            (TextureStore::Wgpu { .. }, Backend::Cpu(_)) => {
                return Err(GpuError::InvalidUse("a texture of a wgpu device written through the CPU device".to_string()))
            }
        }
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

    /// A depth buffer for a render pass.
    pub fn depth_target(&self, width: u32, height: u32) -> Texture {
        self.texture(&wgpu::TextureDescriptor {
            label: Some("depth"),
            size: wgpu::Extent3d { width: width.max(1), height: height.max(1), depth_or_array_layers: 1 },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::Depth32Float,
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
        Sampler { raw, id: ResourceId::next(), comparison: descriptor.compare.is_some() }
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
        let (width, height) = (self.width(), self.height());
        let (w, raw) = match (&self.store, gpu.backend()) {
            (TextureStore::Cpu(texels), _) => {
                let mut pixels = texels.lock().unwrap_or_else(|e| e.into_inner())[..(width * height * 4) as usize].to_vec();
                if bgra {
                    for texel in pixels.chunks_exact_mut(4) {
                        texel.swap(0, 2);
                    }
                }
                return Ok(pixels);
            }
            (TextureStore::Wgpu { raw, .. }, Backend::Wgpu(w)) => (w, raw),
            (TextureStore::Wgpu { .. }, Backend::Cpu(_)) => {
                return Err(GpuError::InvalidUse("a texture of a wgpu device read through the CPU device".to_string()))
            }
        };
        // Buffer rows of a texture copy are COPY_BYTES_PER_ROW_ALIGNMENT (256) bytes apart.
        let row = width * 4;
        let padded_row = row.next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
        let staging = w.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("texture readback"),
            size: u64::from(padded_row) * u64::from(height),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut encoder = w.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("texture readback") });
        encoder.copy_texture_to_buffer(
            raw.as_image_copy(),
            wgpu::TexelCopyBufferInfo {
                buffer: &staging,
                layout: wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(padded_row), rows_per_image: Some(height) },
            },
            raw.size(),
        );
        w.queue.submit([encoder.finish()]);
        let padded = map_and_copy(gpu, &staging, staging.size() as usize).await?;
        let mut pixels = Vec::with_capacity((row * height) as usize);
        for line in padded.chunks_exact(padded_row as usize) {
            pixels.extend_from_slice(&line[..row as usize]);
        }
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
}
