//! Android AGSL effects on wgpu: [`AgslEffect`] draws a `shader!{ lang: agsl, .. }` module
//! over a full-screen triangle into an offscreen RGBA8 texture and reads it back.
//!
//! The ABI it drives is shader-core's (`shader_core::glsl::agsl`, `docs/architecture.md`):
//! all non-shader uniforms in one std140 block at set 0 binding 0, the `i`-th
//! `uniform shader` as a texture at binding `1 + 2i` plus a sampler at `2 + 2i`, `eval(p)`
//! sampling at pixel coordinate `p`, and a premultiplied colour at location 0. The macro
//! describes that interface in the generated `NAME::EFFECT` ([`AgslInfo`]), so nothing here
//! parses names out of SPIR-V.
//!
//! Colour conventions (Skia's runtime-effect contract): a child shader's texture holds
//! premultiplied colour, and the effect returns premultiplied colour. [`RgbaImage`]s given as
//! inputs are straight-alpha (as PNG decoders return them) and are premultiplied on upload;
//! [`Texture`]s are used as they are. [`AgslEffect::render`] returns the premultiplied pixels
//! unchanged; [`RgbaImage::unpremultiplied`] converts them for a PNG.

use crate::bind::{AsResource, NamedResources};
use crate::buffer::Buffer;
use crate::generated::{BindingKind, ModuleInfo, Stage};
use crate::render::{Draw, RenderOptions, RenderPipeline};
use crate::texture::{Sampler, Texture};
use crate::{Gpu, GpuError};

/// The AGSL interface of a generated module: what `shader!{ lang: agsl, .. }` emits as
/// `NAME::EFFECT` (mirrors `shader_core::glsl::agsl::Interface`).
#[derive(Clone, Copy, Debug)]
pub struct AgslInfo {
    /// The fragment entry point `main` and its bindings.
    pub module: &'static ModuleInfo,
    /// The std140 uniform block, absent when the effect has no uniforms besides children.
    pub uniforms: Option<AgslUniformBlock>,
    /// `uniform shader` children in declaration order.
    pub children: &'static [AgslChild],
}

/// The uniform block `AgslUniforms`.
#[derive(Clone, Copy, Debug)]
pub struct AgslUniformBlock {
    pub binding: u32,
    /// std140 size in bytes: the size of the generated `NAME::Uniforms` struct.
    pub size: u32,
    pub members: &'static [AgslUniform],
}

/// One uniform of the block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgslUniform {
    pub name: &'static str,
    /// The type as written in AGSL (`half4`, `float[3]`).
    pub ty: &'static str,
    pub offset: u32,
    pub size: u32,
    pub array_length: Option<u32>,
    pub array_stride: Option<u32>,
    /// Declared `layout(color)`.
    pub color: bool,
}

/// One `uniform shader` child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgslChild {
    pub name: &'static str,
    pub texture_binding: u32,
    pub sampler_binding: u32,
}

/// Tightly packed 8-bit RGBA pixels, rows top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RgbaImage {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

impl RgbaImage {
    /// Checks that `pixels` holds `width * height * 4` bytes.
    pub fn new(width: u32, height: u32, pixels: Vec<u8>) -> Result<RgbaImage, GpuError> {
        let expected = width as usize * height as usize * 4;
        if pixels.len() != expected || width == 0 || height == 0 {
            return Err(GpuError::InvalidUse(format!(
                "a {width}x{height} RGBA image needs {expected} bytes of pixels, got {}",
                pixels.len()
            )));
        }
        Ok(RgbaImage { width, height, pixels })
    }

    /// The RGBA bytes of pixel (`x`, `y`).
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = (y as usize * self.width as usize + x as usize) * 4;
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2], self.pixels[i + 3]]
    }

    /// Colour channels multiplied by alpha (rounded to nearest).
    pub fn premultiplied(&self) -> RgbaImage {
        let mut pixels = self.pixels.clone();
        for p in pixels.chunks_exact_mut(4) {
            let a = u32::from(p[3]);
            for c in &mut p[..3] {
                *c = ((u32::from(*c) * a + 127) / 255) as u8;
            }
        }
        RgbaImage { pixels, ..*self }
    }

    /// Colour channels divided by alpha (rounded to nearest, clamped; transparent pixels stay
    /// 0), what a PNG file expects.
    pub fn unpremultiplied(&self) -> RgbaImage {
        let mut pixels = self.pixels.clone();
        for p in pixels.chunks_exact_mut(4) {
            let a = u32::from(p[3]);
            for c in &mut p[..3] {
                *c = if a == 0 { 0 } else { ((u32::from(*c) * 255 + a / 2) / a).min(255) as u8 };
            }
        }
        RgbaImage { pixels, ..*self }
    }
}

/// What a `uniform shader` child can be: a straight-alpha image (premultiplied on upload) or a
/// texture that already holds premultiplied colour (sampled as a float texture).
#[derive(Clone, Copy, Debug)]
pub enum AgslInput<'a> {
    Image(&'a RgbaImage),
    Texture(&'a Texture),
}

impl<'a> From<&'a RgbaImage> for AgslInput<'a> {
    fn from(image: &'a RgbaImage) -> AgslInput<'a> {
        AgslInput::Image(image)
    }
}

impl<'a> From<&'a Texture> for AgslInput<'a> {
    fn from(texture: &'a Texture) -> AgslInput<'a> {
        AgslInput::Texture(texture)
    }
}

// Our full-screen triangle: vertex `i` at ((i << 1) & 2, i & 2) * 2 - 1, so the three
// vertices (-1,-1), (3,-1), (-1,3) cover clip space with one triangle and no vertex buffer.
shader_macros::shader! {
    mod fullscreen_vs;
    lang: wgsl,
    crate = crate,
    src: r#"
@vertex
fn main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let corner = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
    return vec4<f32>(corner * 2.0 - 1.0, 0.0, 1.0);
}
"#
}

/// An AGSL effect ready to render: its render pipeline, uniform values and child inputs.
///
/// ```no_run
/// use shader_runtime::{shader, AgslEffect, Gpu, GpuError, RgbaImage};
///
/// shader! { mod wave; lang: agsl, src: r#"uniform float time; uniform shader image;
///     half4 main(float2 p) { return image.eval(p + float2(sin(p.y * 0.1 + time) * 4.0, 0)); }"# }
///
/// fn wave(gpu: &Gpu, photo: &RgbaImage) -> Result<RgbaImage, GpuError> {
///     let mut effect = AgslEffect::new(gpu, &wave::EFFECT)?;
///     effect.set_uniforms(&wave::Uniforms::new(1.5))?;
///     effect.set_input(gpu, "image", photo)?;
///     let premultiplied = effect.render(gpu, photo.width, photo.height)?;
///     Ok(premultiplied.unpremultiplied())
/// }
/// ```
pub struct AgslEffect {
    info: &'static AgslInfo,
    pipeline: RenderPipeline,
    /// The uniform buffer and the bytes written to it before each draw.
    uniforms: Option<(Buffer<[u8]>, Vec<u8>)>,
    children: Vec<Option<Texture>>,
    sampler: Sampler,
}

impl AgslEffect {
    /// Builds the pipeline. Uniforms start zeroed (as Android's do until set); children
    /// must be set before [`render`](Self::render). Children are sampled with bilinear
    /// filtering and clamp-to-edge addressing (Android's `BitmapShader` with
    /// `TileMode.CLAMP` and a filtering paint); [`set_filter`](Self::set_filter) changes it.
    pub fn new(gpu: &Gpu, info: &'static AgslInfo) -> Result<AgslEffect, GpuError> {
        check_interface(info)?;
        let pipeline = RenderPipeline::new(gpu, &fullscreen_vs::MODULE, info.module, &RenderOptions::default())?;
        let uniforms = info.uniforms.map(|block| {
            let zeroed = vec![0u8; block.size as usize];
            (gpu.buffer(&zeroed[..], wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST), zeroed)
        });
        Ok(AgslEffect {
            info,
            pipeline,
            uniforms,
            children: info.children.iter().map(|_| None).collect(),
            sampler: gpu.sampler(wgpu::FilterMode::Linear, wgpu::AddressMode::ClampToEdge),
        })
    }

    /// The interface the effect was built from.
    pub fn info(&self) -> &'static AgslInfo {
        self.info
    }

    /// Hot reload (feature `hot-reload`) of an effect from a `path:` shader: recompiles the
    /// AGSL file as `shader!` did and swaps the effect's pipeline when the new module's
    /// interface (uniform block layout, children, output) is the one [`AgslEffect::info`]
    /// describes; otherwise the old effect keeps rendering and the error says why
    /// ([`crate::ComputePipeline::reload`]).
    pub fn reload(&mut self, gpu: &Gpu) -> Result<(), crate::ReloadError> {
        self.pipeline.reload(gpu)
    }

    /// The file watcher: [`AgslEffect::reload`] when the AGSL file (or a file it includes)
    /// changed since the last look; `Ok(true)` when the effect was swapped.
    pub fn reload_if_changed(&mut self, gpu: &Gpu) -> Result<bool, crate::ReloadError> {
        self.pipeline.reload_if_changed(gpu)
    }

    /// Reload from `path` instead of the file `shader!` compiled.
    pub fn set_source_file(&mut self, path: impl Into<std::path::PathBuf>) -> Result<(), crate::ReloadError> {
        self.pipeline.set_fragment_source_file(path)
    }

    /// Sets every uniform at once from a value laid out like the std140 block: the generated
    /// `NAME::Uniforms` (alias of `NAME::AgslUniforms`), or the type bound with
    /// `types: { AgslUniforms = path }`, whose layout the macro checked.
    /// They reach the GPU with the next render.
    pub fn set_uniforms<U: bytemuck::Pod>(&mut self, uniforms: &U) -> Result<(), GpuError> {
        self.set_uniform_bytes(bytemuck::bytes_of(uniforms))
    }

    /// [`set_uniforms`](Self::set_uniforms) from raw std140 bytes.
    pub fn set_uniform_bytes(&mut self, bytes: &[u8]) -> Result<(), GpuError> {
        let (Some((_, values)), Some(block)) = (&mut self.uniforms, self.info.uniforms) else {
            return Err(GpuError::InvalidUse(format!("the AGSL effect `{}` has no uniforms", self.info.module.name)));
        };
        if bytes.len() != block.size as usize {
            return Err(GpuError::InvalidUse(format!(
                "the uniforms of `{}` take {} bytes (std140), got {}",
                self.info.module.name,
                block.size,
                bytes.len()
            )));
        }
        values.copy_from_slice(bytes);
        Ok(())
    }

    /// Sets the child `uniform shader name;` to an image or a texture.
    pub fn set_input<'a>(&mut self, gpu: &Gpu, name: &str, input: impl Into<AgslInput<'a>>) -> Result<(), GpuError> {
        let Some(index) = self.info.children.iter().position(|c| c.name == name) else {
            let known: Vec<String> = self.info.children.iter().map(|c| format!("`{}`", c.name)).collect();
            let has = if known.is_empty() { "none".to_string() } else { known.join(", ") };
            return Err(GpuError::InvalidUse(format!(
                "the AGSL effect `{}` has no `uniform shader {name}`; its inputs: {has}",
                self.info.module.name
            )));
        };
        let texture = match input.into() {
            AgslInput::Image(image) => {
                let premultiplied = image.premultiplied();
                gpu.texture_rgba8(image.width, image.height, &premultiplied.pixels)?
            }
            AgslInput::Texture(texture) => {
                check_child_texture(self.info.module.name, name, texture)?;
                texture.clone()
            }
        };
        self.children[index] = Some(texture);
        Ok(())
    }

    /// The filtering used to sample every child (default `Linear`).
    pub fn set_filter(&mut self, gpu: &Gpu, filter: wgpu::FilterMode) {
        self.sampler = gpu.sampler(filter, wgpu::AddressMode::ClampToEdge);
    }

    /// Draws the effect into a new `width` x `height` `Rgba8Unorm` texture; `fragCoord` runs
    /// over pixel centres `(x + 0.5, y + 0.5)` with the origin at the top left.
    pub fn render_texture(&self, gpu: &Gpu, width: u32, height: u32) -> Result<Texture, GpuError> {
        if width == 0 || height == 0 {
            return Err(GpuError::InvalidUse(format!("cannot render a {width}x{height} image")));
        }
        let mut named: Vec<(&str, &dyn AsResource)> = Vec::new();
        if let (Some((buffer, values)), Some(block)) = (&self.uniforms, self.info.uniforms) {
            // A module whose `main` reads no uniform may lack the binding (the ABI keeps it
            // today, but nothing here depends on that).
            if let Ok(name) = binding_name(self.info.module, block.binding) {
                buffer.write(gpu, &values[..])?;
                named.push((name, buffer));
            }
        }
        for (child, texture) in self.info.children.iter().zip(&self.children) {
            let Some(texture) = texture else {
                return Err(GpuError::InvalidUse(format!(
                    "the input `{}` of the AGSL effect `{}` is not set (call set_input)",
                    child.name, self.info.module.name
                )));
            };
            // Likewise a child `main` never evaluates.
            if let Ok(name) = binding_name(self.info.module, child.texture_binding) {
                named.push((name, texture));
            }
            if let Ok(name) = binding_name(self.info.module, child.sampler_binding) {
                named.push((name, &self.sampler));
            }
        }
        let resources = NamedResources::new(self.info.module.bindings, &named)?;
        let target = gpu.render_target(width, height, wgpu::TextureFormat::Rgba8Unorm);
        self.pipeline.draw(gpu, &target, &Draw { bindings: &[&resources], vertices: 0..3, ..Default::default() })?;
        Ok(target)
    }

    /// [`render_texture`](Self::render_texture) read back: premultiplied RGBA8, as the effect
    /// returned it (see [`RgbaImage::unpremultiplied`] for a PNG).
    pub fn render(&self, gpu: &Gpu, width: u32, height: u32) -> Result<RgbaImage, GpuError> {
        let target = self.render_texture(gpu, width, height)?;
        RgbaImage::new(width, height, target.read_rgba8_blocking(gpu)?)
    }
}

/// A child is sampled through a filtering sampler from a `texture2D` (float): anything else
/// would be a wgpu validation error (a panic by default) at draw time.
fn check_child_texture(effect: &str, name: &str, texture: &Texture) -> Result<(), GpuError> {
    let filterable = matches!(texture.format().sample_type(None, None), Some(wgpu::TextureSampleType::Float { filterable: true }));
    let problem = if texture.dimension() != wgpu::TextureDimension::D2 || texture.depth_or_array_layers() != 1 {
        Some("is not a single 2D texture".to_string())
    } else if !texture.usage().contains(wgpu::TextureUsages::TEXTURE_BINDING) {
        Some(format!("lacks TEXTURE_BINDING (usage {:?})", texture.usage()))
    } else if !filterable {
        Some(format!("has format {:?}, which a filtering sampler cannot sample", texture.format()))
    } else {
        None
    };
    match problem {
        Some(problem) => Err(GpuError::InvalidUse(format!("the texture given for input `{name}` of the AGSL effect `{effect}` {problem}"))),
        None => Ok(()),
    }
}

/// The name of the set-0 binding `binding` of the module.
fn binding_name(module: &ModuleInfo, binding: u32) -> Result<&'static str, GpuError> {
    module
        .bindings
        .iter()
        .find(|b| b.group == 0 && b.binding == binding)
        .map(|b| b.name)
        .ok_or_else(|| GpuError::InvalidUse(format!("`{}` has no binding {binding} in set 0", module.name)))
}

/// An [`AgslInfo`] must describe a fragment module whose bindings are the ABI's, so a
/// hand-built one fails here rather than in wgpu validation.
fn check_interface(info: &AgslInfo) -> Result<(), GpuError> {
    let module = info.module;
    if module.entry.stage != Stage::Fragment {
        return Err(GpuError::InvalidUse(format!("`{}` is not an AGSL effect: its entry point is not a fragment shader", module.name)));
    }
    for b in module.bindings {
        let uniform = info.uniforms.is_some_and(|u| u.binding == b.binding) && b.kind == BindingKind::UniformBuffer;
        let child = info.children.iter().any(|c| {
            (c.texture_binding == b.binding && b.kind == BindingKind::SampledTexture)
                || (c.sampler_binding == b.binding && b.kind == BindingKind::Sampler)
        });
        if b.group != 0 || !(uniform || child) {
            return Err(GpuError::InvalidUse(format!(
                "`{}` binding `{}` (@group({}) @binding({})) is not part of the AGSL interface",
                module.name, b.name, b.group, b.binding
            )));
        }
    }
    Ok(())
}
