//! Render pipelines from a vertex + fragment pair of generated modules, drawing into an
//! offscreen [`Texture`].

use std::ops::Range;

use crate::bind::{AsResource, BindingSet, Bindings, Resource};
use crate::buffer::{Buffer, BufferStore, Index, RawBuffer};
use crate::compute::{
    check_immediates, check_lengths, check_passthrough, constants, cpu_bindings, cpu_error, immediate_size, lengths_follow, passthrough_spirv,
    pipeline_layout, report_findings, shader_words, specialization_bits, specialize_words,
};
use crate::gpu::{Backend, CpuDevice};
use crate::generated::{ModuleInfo, Stage, VertexInput};
use crate::texture::Texture;
use crate::{Gpu, GpuError};

/// Formats and fixed-function state of a render pipeline.
#[derive(Clone, Debug)]
pub struct RenderOptions<'a> {
    pub color_format: wgpu::TextureFormat,
    /// A depth (or depth-stencil, or stencil) buffer format: `Depth32Float` for
    /// [`Gpu::depth_target`], `Depth24PlusStencil8` for [`Gpu::depth_stencil_target`]; on the CPU
    /// device also `Depth24Plus`, `Depth16Unorm`, `Depth32FloatStencil8` or `Stencil8`.
    pub depth_format: Option<wgpu::TextureFormat>,
    /// The depth test (`Less` by default) and whether passing fragments write their depth (by
    /// default they do); a format without depth (`Stencil8`) has neither.
    pub depth_compare: wgpu::CompareFunction,
    pub depth_write: bool,
    /// The stencil test of a format with stencil, before the depth test (wgpu's
    /// `StencilState`: per face the compare function and the operations on failing the stencil
    /// test, failing the depth test, passing both; read and write masks). The default does
    /// nothing; the reference value is [`Draw::stencil_reference`].
    pub stencil: wgpu::StencilState,
    /// Samples per pixel: 1, or 4 for multisampling (MSAA) at Vulkan's standard locations. The
    /// draw renders into a multisampled texture the runtime makes, cleared to `Draw::clear`
    /// (which it needs), and resolves it into the target (the average of each pixel's
    /// samples). A fragment shader that reads the sample index (`SampleId`,
    /// `@builtin(sample_index)`) or position (`SamplePosition`) runs once per sample. A depth buffer then has as many samples
    /// (`Gpu::depth_target_with(w, h, format, 4)`), each tested at its own depth.
    pub sample_count: u32,
    /// Alpha-to-coverage (wgpu's `MultisampleState::alpha_to_coverage_enabled`): the alpha of
    /// the fragment's output at location 0 also chooses which of its samples it covers (ANDed
    /// with its coverage and a `SampleMask` output). Needs `sample_count` 4, as in wgpu. How
    /// many samples an alpha covers is the implementation's choice in Vulkan; the CPU device
    /// covers sample k when alpha > k / 4 (Mesa's llvmpipe's mapping): none at 0, all at 1.
    pub alpha_to_coverage: bool,
    pub topology: wgpu::PrimitiveTopology,
    pub cull_mode: Option<wgpu::Face>,
    pub blend: Option<wgpu::BlendState>,
    /// Override constants of either stage, as in [`crate::PipelineOptions`].
    pub constants: &'a [(&'a str, f64)],
    /// Hand both modules' SPIR-V straight to the Vulkan driver, as
    /// [`crate::PipelineOptions::passthrough`] does for compute: needs a device with
    /// `Features::PASSTHROUGH_SHADERS`, dense binding numbers over both stages and no
    /// override constants; each is a clear [`GpuError::Unsupported`] otherwise.
    pub passthrough: bool,
    /// Vertex formats that replace the ones the vertex inputs' types give, by location: e.g.
    /// `(1, VertexFormat::Unorm8x4)` for a `vec4<f32>` colour stored as four bytes. The vertex
    /// buffer's layout follows them: attributes in location order, each at the next multiple of
    /// min(4, its size), vertices a multiple of 4 bytes apart (WebGPU's alignment). A float input
    /// takes a float, unorm or snorm format, an unsigned or signed integer input a `Uint*` or
    /// `Sint*` one (fewer components than the input: the rest are 0, 0, 1).
    pub vertex_formats: &'a [(u32, wgpu::VertexFormat)],
}

impl Default for RenderOptions<'_> {
    fn default() -> Self {
        RenderOptions {
            color_format: wgpu::TextureFormat::Rgba8Unorm,
            depth_format: None,
            depth_compare: wgpu::CompareFunction::Less,
            depth_write: true,
            stencil: wgpu::StencilState::default(),
            sample_count: 1,
            alpha_to_coverage: false,
            topology: wgpu::PrimitiveTopology::TriangleList,
            cull_mode: None,
            blend: None,
            constants: &[],
            passthrough: false,
            vertex_formats: &[],
        }
    }
}

/// An index buffer and its index format.
#[derive(Clone, Copy, Debug)]
pub struct IndexBuffer<'a> {
    pub buffer: &'a RawBuffer,
    pub format: wgpu::IndexFormat,
}

impl<'a, T: Index> From<&'a Buffer<[T]>> for IndexBuffer<'a> {
    fn from(buffer: &'a Buffer<[T]>) -> IndexBuffer<'a> {
        IndexBuffer { buffer: buffer.untyped(), format: T::FORMAT }
    }
}

/// One draw call.
pub struct Draw<'a> {
    /// The generated `Bindings` of the vertex and the fragment module (a binding both use may
    /// come from either).
    pub bindings: &'a [&'a dyn BindingSet],
    /// The vertex buffer: attributes interleaved in location order, tightly packed (a
    /// `#[repr(C)]` struct of the attributes' types, e.g. `{ pos: [f32; 2], color: [f32; 3] }`;
    /// with [`RenderOptions::vertex_formats`] narrower attributes are aligned as described there;
    /// a buffer of bytes is taken as laid out that way).
    pub vertex_buffer: Option<&'a dyn AsResource>,
    pub index_buffer: Option<IndexBuffer<'a>>,
    /// Vertices (or indices, with an index buffer) to draw.
    pub vertices: Range<u32>,
    pub instances: Range<u32>,
    /// Clear the target to this colour first; `None` keeps its contents.
    pub clear: Option<wgpu::Color>,
    /// Depth (or depth-stencil, stencil) buffer, when the pipeline has a depth format.
    pub depth: Option<&'a Texture>,
    /// Clear the depth buffer's depth to this first (1.0 by default); `None` keeps it.
    pub clear_depth: Option<f32>,
    /// Clear the depth buffer's stencil to this first (0 by default); `None` keeps it (a mask
    /// drawn before, as in a stencil pass).
    pub clear_stencil: Option<u32>,
    /// The stencil reference value (`set_stencil_reference`; [`RenderOptions::stencil`]).
    pub stencil_reference: u32,
    /// Push-constant bytes (wgpu immediates).
    pub immediates: &'a [u8],
    /// The blend constant (`BlendFactor::Constant`/`OneMinusConstant`; wgpu's
    /// `set_blend_constant`): transparent black by default, as in wgpu.
    pub blend_constant: wgpu::Color,
}

impl Default for Draw<'_> {
    fn default() -> Self {
        Draw {
            bindings: &[],
            vertex_buffer: None,
            index_buffer: None,
            vertices: 0..0,
            instances: 0..1,
            clear: Some(wgpu::Color::TRANSPARENT),
            depth: None,
            clear_depth: Some(1.0),
            clear_stencil: Some(0),
            stencil_reference: 0,
            immediates: &[],
            blend_constant: wgpu::Color::TRANSPARENT,
        }
    }
}

/// A render pipeline with its bind group layouts and bind group cache.
pub struct RenderPipeline {
    kind: Kind,
    vertex: &'static ModuleInfo,
    fragment: &'static ModuleInfo,
    bindings: Bindings,
    vertex_stride: u64,
    immediate_size: u32,
    options_depth: bool,
    /// How the pipeline was built, to build it again from reloaded SPIR-V.
    built: Built,
    /// The SPIR-V of each stage (vertex, fragment) when hot reload replaced the macro's.
    reloaded: [Option<Vec<u32>>; 2],
    /// Hot reload: each stage's shader file and the files last compiled (vertex, fragment).
    pub(crate) sources: [Option<crate::reload::Source>; 2],
}

/// The options a render pipeline was built with, resolved and owned.
struct Built {
    attributes: Vec<wgpu::VertexAttribute>,
    vertex_constants: Vec<(String, f64)>,
    fragment_constants: Vec<(String, f64)>,
    color_format: wgpu::TextureFormat,
    depth_format: Option<wgpu::TextureFormat>,
    depth_compare: wgpu::CompareFunction,
    depth_write: bool,
    stencil: wgpu::StencilState,
    sample_count: u32,
    alpha_to_coverage: bool,
    topology: wgpu::PrimitiveTopology,
    cull_mode: Option<wgpu::Face>,
    blend: Option<wgpu::BlendState>,
    passthrough: bool,
}

impl Built {
    /// The depth test and write, as the depth format allows them (`Always`, no write without a
    /// depth aspect).
    fn depth_test(&self) -> (wgpu::CompareFunction, bool) {
        match self.depth_format {
            Some(format) if format.has_depth_aspect() => (self.depth_compare, self.depth_write),
            _ => (wgpu::CompareFunction::Always, false),
        }
    }
}

/// What draws.
enum Kind {
    Wgpu(wgpu::RenderPipeline),
    Cpu(Box<CpuPipeline>),
}

/// A pipeline of the CPU device: both entry points decoded and the fixed-function state.
struct CpuPipeline {
    vertex: shader_cpu::Program,
    fragment: shader_cpu::Program,
    fragment_name: &'static str,
    attributes: Vec<shader_cpu::Attribute>,
    topology: shader_cpu::Topology,
    cull: Option<shader_cpu::Face>,
    blend: Option<shader_cpu::Blend>,
}

impl RenderPipeline {
    /// Creates a pipeline from a vertex module and a fragment module. Vertex attributes come
    /// from the vertex module's reflected inputs (one interleaved buffer), bind group layouts
    /// from both modules' bindings.
    pub fn new(
        gpu: &Gpu,
        vertex: &'static ModuleInfo,
        fragment: &'static ModuleInfo,
        options: &RenderOptions<'_>,
    ) -> Result<RenderPipeline, GpuError> {
        for (module, stage) in [(vertex, Stage::Vertex), (fragment, Stage::Fragment)] {
            if module.entry.stage != stage {
                return Err(GpuError::InvalidUse(format!(
                    "`{}` is a {:?} shader where a {stage:?} shader was expected",
                    module.name, module.entry.stage
                )));
            }
        }
        let (attributes, stride) = vertex_attributes(vertex.name, vertex.entry.vertex_inputs, options.vertex_formats)?;
        let immediate_size = immediate_size(gpu, vertex.name, vertex.push_constants)?
            .max(immediate_size(gpu, fragment.name, fragment.push_constants)?);
        let follow = |m: &ModuleInfo| lengths_follow(gpu, options.passthrough, m.spirv);
        let vertex_constants = constants(vertex.name, vertex.specialization_constants, &own(vertex, options.constants), follow(vertex))?;
        let fragment_constants =
            constants(fragment.name, fragment.specialization_constants, &own(fragment, options.constants), follow(fragment))?;
        if options.passthrough {
            check_passthrough(gpu, &[vertex, fragment])?;
        }
        use wgpu::TextureFormat as F;
        let cpu_depth = [F::Depth32Float, F::Depth24Plus, F::Depth16Unorm, F::Depth24PlusStencil8, F::Depth32FloatStencil8, F::Stencil8];
        if gpu.is_cpu() && options.depth_format.is_some_and(|f| !cpu_depth.contains(&f)) {
            return Err(GpuError::Unsupported(format!(
                "the CPU device's depth buffers are Depth32Float, Depth24Plus, Depth16Unorm, Depth24PlusStencil8, \
                 Depth32FloatStencil8 or Stencil8, not {:?}",
                options.depth_format
            )));
        }
        if !matches!(options.sample_count, 1 | 4) {
            return Err(GpuError::InvalidUse(format!("{} samples per pixel; the runtime offers 1 and 4", options.sample_count)));
        }
        if options.alpha_to_coverage && options.sample_count == 1 {
            return Err(GpuError::InvalidUse("alpha-to-coverage needs a multisampled pipeline (`sample_count: 4`), as in wgpu".to_string()));
        }
        let built = Built {
            attributes,
            vertex_constants,
            fragment_constants,
            color_format: options.color_format,
            depth_format: options.depth_format,
            depth_compare: options.depth_compare,
            depth_write: options.depth_write,
            stencil: options.stencil.clone(),
            sample_count: options.sample_count,
            alpha_to_coverage: options.alpha_to_coverage,
            topology: options.topology,
            cull_mode: options.cull_mode,
            blend: options.blend,
            passthrough: options.passthrough,
        };
        let (kind, bindings) = build(gpu, [vertex, fragment], [vertex.spirv, fragment.spirv], &built, stride, immediate_size)?;
        Ok(RenderPipeline {
            kind,
            vertex,
            fragment,
            bindings,
            vertex_stride: stride,
            immediate_size,
            options_depth: options.depth_format.is_some(),
            built,
            reloaded: [None, None],
            sources: [vertex.reload.as_ref().map(crate::reload::Source::new), fragment.reload.as_ref().map(crate::reload::Source::new)],
        })
    }

    /// The vertex and the fragment module the pipeline was created from.
    pub fn modules(&self) -> [&'static ModuleInfo; 2] {
        [self.vertex, self.fragment]
    }

    /// Replaces the pipeline by one built from new SPIR-V for the stages given (vertex,
    /// fragment), modules with the interfaces of [`RenderPipeline::modules`] (hot reload
    /// checked that); a stage without new words keeps its current ones. On an error the
    /// pipeline is kept.
    pub(crate) fn rebuild(&mut self, gpu: &Gpu, spirv: [Option<Vec<u32>>; 2]) -> Result<(), GpuError> {
        let [vertex_new, fragment_new] = spirv;
        let vertex_words = vertex_new.as_deref().or(self.reloaded[0].as_deref()).unwrap_or(self.vertex.spirv);
        let fragment_words = fragment_new.as_deref().or(self.reloaded[1].as_deref()).unwrap_or(self.fragment.spirv);
        let (kind, bindings) =
            build(gpu, [self.vertex, self.fragment], [vertex_words, fragment_words], &self.built, self.vertex_stride, self.immediate_size)?;
        self.kind = kind;
        self.bindings = bindings;
        for (slot, new) in self.reloaded.iter_mut().zip([vertex_new, fragment_new]) {
            if new.is_some() {
                *slot = new;
            }
        }
        Ok(())
    }

    /// The wgpu pipeline; `None` on the CPU device.
    pub fn raw(&self) -> Option<&wgpu::RenderPipeline> {
        match &self.kind {
            Kind::Wgpu(raw) => Some(raw),
            Kind::Cpu(_) => None,
        }
    }

    /// The byte stride of one vertex in the vertex buffer.
    pub fn vertex_stride(&self) -> u64 {
        self.vertex_stride
    }

    /// Draws into `target` and submits the work.
    pub fn draw(&self, gpu: &Gpu, target: &Texture, draw: &Draw<'_>) -> Result<(), GpuError> {
        check_immediates(self.vertex, self.immediate_size, draw.immediates)?;
        if !target.usage().contains(wgpu::TextureUsages::RENDER_ATTACHMENT) {
            return Err(GpuError::InvalidUse(format!("the target texture lacks RENDER_ATTACHMENT (usage {:?})", target.usage())));
        }
        if self.options_depth != draw.depth.is_some() {
            return Err(GpuError::InvalidUse(
                "give a depth texture exactly when the pipeline has a depth format".to_string(),
            ));
        }
        if let Some(depth) = draw.depth.filter(|d| d.sample_count() != self.built.sample_count) {
            return Err(GpuError::InvalidUse(format!(
                "the depth buffer has {} samples per pixel, the pipeline {}",
                depth.sample_count(),
                self.built.sample_count
            )));
        }
        if self.built.sample_count > 1 && draw.clear.is_none() {
            return Err(GpuError::InvalidUse("a multisampled draw starts from a cleared target: give `Draw::clear`".to_string()));
        }
        let vertex_buffer = match draw.vertex_buffer.map(|b| b.as_resource()) {
            Some(Resource::Buffer { raw, element_size, .. }) => {
                if !raw.usage().contains(wgpu::BufferUsages::VERTEX) {
                    return Err(GpuError::InvalidUse(format!("the vertex buffer lacks usage VERTEX (usage {:?})", raw.usage())));
                }
                // A buffer of bytes (`Buffer<[u8]>`) is taken as laid out by hand.
                if let Some(element) = element_size.filter(|e| *e != self.vertex_stride && *e != 1) {
                    return Err(GpuError::InvalidUse(format!(
                        "vertex elements are {element} bytes but the vertex shader's inputs take {} bytes per vertex",
                        self.vertex_stride
                    )));
                }
                Some(raw)
            }
            Some(_) => return Err(GpuError::InvalidUse("the vertex buffer must be a buffer".to_string())),
            None if self.vertex_stride > 0 => {
                return Err(GpuError::InvalidUse(format!(
                    "`{}` has vertex inputs; give a vertex buffer",
                    self.vertex.name
                )))
            }
            None => None,
        };
        let (w, raw) = match (gpu.backend(), &self.kind) {
            (Backend::Wgpu(w), Kind::Wgpu(raw)) => (w, raw),
            (Backend::Cpu(cpu), Kind::Cpu(pipeline)) => return self.draw_on_cpu(gpu, cpu, pipeline, target, draw, vertex_buffer),
            _ => return Err(crate::buffer::wrong_device()),
        };
        let vertex_buffer = vertex_buffer.map(|raw| raw.wgpu().ok_or_else(crate::buffer::wrong_device)).transpose()?;
        let groups = self.bindings.groups(gpu, draw.bindings)?;
        let color_view = target_view(target)?;
        // Multisampled: a texture of the target's size and format to render into, resolved
        // into the target.
        let samples_view = (self.built.sample_count > 1).then(|| {
            w.device
                .create_texture(&wgpu::TextureDescriptor {
                    label: Some("multisampled target"),
                    size: wgpu::Extent3d { width: target.width(), height: target.height(), depth_or_array_layers: 1 },
                    mip_level_count: 1,
                    sample_count: self.built.sample_count,
                    dimension: wgpu::TextureDimension::D2,
                    format: target.format(),
                    usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
                    view_formats: &[],
                })
                .create_view(&wgpu::TextureViewDescriptor::default())
        });
        let depth_view = draw.depth.map(target_view).transpose()?;
        let index_buffer = match draw.index_buffer {
            Some(index) => Some((index.buffer.wgpu().ok_or_else(crate::buffer::wrong_device)?, index.format)),
            None => None,
        };
        let mut encoder = w.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("draw") });
        {
            let load = draw.clear.map_or(wgpu::LoadOp::Load, wgpu::LoadOp::Clear);
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("draw"),
                color_attachments: &[Some(match &samples_view {
                    Some(samples) => wgpu::RenderPassColorAttachment {
                        view: samples,
                        depth_slice: None,
                        resolve_target: Some(color_view),
                        ops: wgpu::Operations { load, store: wgpu::StoreOp::Discard },
                    },
                    None => wgpu::RenderPassColorAttachment {
                        view: color_view,
                        depth_slice: None,
                        resolve_target: None,
                        ops: wgpu::Operations { load, store: wgpu::StoreOp::Store },
                    },
                })],
                depth_stencil_attachment: depth_view.map(|view| {
                    let format = self.built.depth_format.unwrap_or(wgpu::TextureFormat::Depth32Float);
                    wgpu::RenderPassDepthStencilAttachment {
                        view,
                        depth_ops: format.has_depth_aspect().then(|| load_store(draw.clear_depth)),
                        stencil_ops: format.has_stencil_aspect().then(|| load_store(draw.clear_stencil)),
                    }
                }),
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            pass.set_pipeline(raw);
            pass.set_blend_constant(draw.blend_constant);
            pass.set_stencil_reference(draw.stencil_reference);
            for (index, group) in groups.iter().enumerate() {
                if let Some(group) = group {
                    pass.set_bind_group(index as u32, group, &[]);
                }
            }
            if !draw.immediates.is_empty() {
                pass.set_immediates(0, draw.immediates);
            }
            if let Some(buffer) = vertex_buffer {
                pass.set_vertex_buffer(0, buffer.slice(..));
            }
            match index_buffer {
                Some((buffer, format)) => {
                    pass.set_index_buffer(buffer.slice(..), format);
                    pass.draw_indexed(draw.vertices.clone(), 0, draw.instances.clone());
                }
                None => pass.draw(draw.vertices.clone(), draw.instances.clone()),
            }
        }
        w.queue.submit([encoder.finish()]);
        Ok(())
    }

    /// [`draw`](Self::draw) on the CPU device (after the same checks), finished when this
    /// returns.
    fn draw_on_cpu(
        &self,
        gpu: &Gpu,
        cpu: &CpuDevice,
        pipeline: &CpuPipeline,
        target: &Texture,
        draw: &Draw<'_>,
        vertex_buffer: Option<&RawBuffer>,
    ) -> Result<(), GpuError> {
        let name = pipeline.fragment_name;
        let (_, resources) = self.bindings.resolve(gpu, draw.bindings)?;
        let bound = cpu_bindings(name, &resources)?;
        let color = target.cpu_image()?;
        let depth = draw.depth.map(Texture::cpu_image).transpose()?;
        let vertices: Vec<u32> = match draw.index_buffer {
            Some(index) => {
                let bytes = cpu_buffer(index.buffer)?.to_bytes();
                let size = match index.format {
                    wgpu::IndexFormat::Uint16 => 2,
                    wgpu::IndexFormat::Uint32 => 4,
                };
                let count = (bytes.len() / size) as u32;
                if draw.vertices.end > count {
                    return Err(GpuError::InvalidUse(format!(
                        "indices {:?} of an index buffer holding {count}",
                        draw.vertices
                    )));
                }
                draw.vertices
                    .clone()
                    .map(|i| {
                        let at = i as usize * size;
                        match size {
                            2 => u32::from(u16::from_le_bytes([bytes[at], bytes[at + 1]])),
                            _ => u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]),
                        }
                    })
                    .collect()
            }
            None => draw.vertices.clone().collect(),
        };
        let vertex_buffer = match vertex_buffer {
            Some(raw) => Some(shader_cpu::VertexBuffer {
                buffer: cpu_buffer(raw)?,
                stride: self.vertex_stride as u32,
                attributes: &pipeline.attributes,
            }),
            None => None,
        };
        if let Some(c) = draw.clear {
            color.clear([c.r, c.g, c.b, c.a]);
        }
        if let (Some(depth), Some(clear)) = (depth, draw.clear_depth) {
            depth.clear([f64::from(clear); 4]);
        }
        if let (Some(depth), Some(clear)) = (depth, draw.clear_stencil) {
            depth.clear_stencil(clear as u8);
        }
        let (depth_compare, depth_write) = self.built.depth_test();
        let cpu_draw = shader_cpu::Draw {
            bindings: &bound,
            push_constants: draw.immediates,
            vertex_buffer,
            vertices: &vertices,
            instances: draw.instances.clone(),
            topology: pipeline.topology,
            cull: pipeline.cull,
            blend: pipeline.blend,
            blend_constant: [draw.blend_constant.r, draw.blend_constant.g, draw.blend_constant.b, draw.blend_constant.a].map(|c| c as f32),
            colors: &[Some(color)],
            depth,
            depth_compare: crate::texture::cpu_compare(depth_compare),
            depth_write,
            stencil: self.built.stencil.is_enabled().then(|| cpu_stencil(&self.built.stencil, draw.stencil_reference)),
            samples: self.built.sample_count,
            alpha_to_coverage: self.built.alpha_to_coverage,
        };
        let report = shader_cpu::draw(&pipeline.vertex, &pipeline.fragment, &cpu_draw, &cpu.options).map_err(|e| cpu_error(name, e))?;
        report_findings(cpu, name, &report);
        Ok(())
    }
}

/// A render pass attachment's operations: clear to `clear` (or load), store.
fn load_store<T>(clear: Option<T>) -> wgpu::Operations<T> {
    wgpu::Operations { load: clear.map_or(wgpu::LoadOp::Load, wgpu::LoadOp::Clear), store: wgpu::StoreOp::Store }
}

/// The CPU device's buffer behind `raw`.
fn cpu_buffer(raw: &RawBuffer) -> Result<&shader_cpu::Buffer, GpuError> {
    match raw.store() {
        BufferStore::Cpu(buffer) => Ok(buffer),
        BufferStore::Wgpu(_) => Err(crate::buffer::wrong_device()),
    }
}

/// The CPU device's vertex attributes.
fn cpu_attributes(attributes: &[wgpu::VertexAttribute]) -> Vec<shader_cpu::Attribute> {
    attributes
        .iter()
        .map(|a| shader_cpu::Attribute { location: a.shader_location, offset: a.offset as u32, format: cpu_vertex_format(a.format) })
        .collect()
}

/// The CPU device's form of a wgpu vertex format.
pub fn cpu_vertex_format(format: wgpu::VertexFormat) -> shader_cpu::VertexFormat {
    use shader_cpu::{VertexFormat as C, VertexKind as K};
    use wgpu::VertexFormat as F;
    let (kind, bits, n) = match format {
        F::Uint8 => (K::Uint, 8, 1),
        F::Uint8x2 => (K::Uint, 8, 2),
        F::Uint8x4 => (K::Uint, 8, 4),
        F::Sint8 => (K::Sint, 8, 1),
        F::Sint8x2 => (K::Sint, 8, 2),
        F::Sint8x4 => (K::Sint, 8, 4),
        F::Unorm8 => (K::Unorm, 8, 1),
        F::Unorm8x2 => (K::Unorm, 8, 2),
        F::Unorm8x4 => (K::Unorm, 8, 4),
        F::Snorm8 => (K::Snorm, 8, 1),
        F::Snorm8x2 => (K::Snorm, 8, 2),
        F::Snorm8x4 => (K::Snorm, 8, 4),
        F::Uint16 => (K::Uint, 16, 1),
        F::Uint16x2 => (K::Uint, 16, 2),
        F::Uint16x4 => (K::Uint, 16, 4),
        F::Sint16 => (K::Sint, 16, 1),
        F::Sint16x2 => (K::Sint, 16, 2),
        F::Sint16x4 => (K::Sint, 16, 4),
        F::Unorm16 => (K::Unorm, 16, 1),
        F::Unorm16x2 => (K::Unorm, 16, 2),
        F::Unorm16x4 => (K::Unorm, 16, 4),
        F::Snorm16 => (K::Snorm, 16, 1),
        F::Snorm16x2 => (K::Snorm, 16, 2),
        F::Snorm16x4 => (K::Snorm, 16, 4),
        F::Float16 => (K::Float, 16, 1),
        F::Float16x2 => (K::Float, 16, 2),
        F::Float16x4 => (K::Float, 16, 4),
        F::Float32 => (K::Float, 32, 1),
        F::Float32x2 => (K::Float, 32, 2),
        F::Float32x3 => (K::Float, 32, 3),
        F::Float32x4 => (K::Float, 32, 4),
        F::Uint32 => (K::Uint, 32, 1),
        F::Uint32x2 => (K::Uint, 32, 2),
        F::Uint32x3 => (K::Uint, 32, 3),
        F::Uint32x4 => (K::Uint, 32, 4),
        F::Sint32 => (K::Sint, 32, 1),
        F::Sint32x2 => (K::Sint, 32, 2),
        F::Sint32x3 => (K::Sint, 32, 3),
        F::Sint32x4 => (K::Sint, 32, 4),
        F::Float64 => (K::Float, 64, 1),
        F::Float64x2 => (K::Float, 64, 2),
        F::Float64x3 => (K::Float, 64, 3),
        F::Float64x4 => (K::Float, 64, 4),
        F::Unorm10_10_10_2 => return C::Unorm10_10_10_2,
        F::Unorm8x4Bgra => return C::Unorm8x4Bgra,
    };
    C::Plain { kind, bits, n }
}

/// wgpu's stencil state and the draw's reference value as the CPU device's (the masks and the
/// reference are 8 bits: every stencil format is).
fn cpu_stencil(state: &wgpu::StencilState, reference: u32) -> shader_cpu::Stencil {
    use shader_cpu::StencilOp as C;
    use wgpu::StencilOperation as O;
    let op = |o: O| match o {
        O::Keep => C::Keep,
        O::Zero => C::Zero,
        O::Replace => C::Replace,
        O::Invert => C::Invert,
        O::IncrementClamp => C::IncrementClamp,
        O::DecrementClamp => C::DecrementClamp,
        O::IncrementWrap => C::IncrementWrap,
        O::DecrementWrap => C::DecrementWrap,
    };
    let face = |f: &wgpu::StencilFaceState| shader_cpu::StencilFace {
        compare: crate::texture::cpu_compare(f.compare),
        fail: op(f.fail_op),
        depth_fail: op(f.depth_fail_op),
        pass: op(f.pass_op),
    };
    shader_cpu::Stencil {
        front: face(&state.front),
        back: face(&state.back),
        read_mask: state.read_mask as u8,
        write_mask: state.write_mask as u8,
        reference: reference as u8,
    }
}

/// wgpu's blend state as the CPU device's.
fn cpu_blend(blend: wgpu::BlendState) -> shader_cpu::Blend {
    use shader_cpu::BlendFactor as C;
    use wgpu::BlendFactor as F;
    let factor = |f: F| match f {
        F::Zero => C::Zero,
        F::One => C::One,
        F::Src => C::Src,
        F::OneMinusSrc => C::OneMinusSrc,
        F::SrcAlpha => C::SrcAlpha,
        F::OneMinusSrcAlpha => C::OneMinusSrcAlpha,
        F::Dst => C::Dst,
        F::OneMinusDst => C::OneMinusDst,
        F::DstAlpha => C::DstAlpha,
        F::OneMinusDstAlpha => C::OneMinusDstAlpha,
        F::SrcAlphaSaturated => C::SrcAlphaSaturated,
        F::Constant => C::Constant,
        F::OneMinusConstant => C::OneMinusConstant,
        // Dual-source factors need a second output, which no pipeline here has.
        _ => C::Zero,
    };
    let component = |c: wgpu::BlendComponent| shader_cpu::BlendComponent {
        src_factor: factor(c.src_factor),
        dst_factor: factor(c.dst_factor),
        operation: match c.operation {
            wgpu::BlendOperation::Add => shader_cpu::BlendOp::Add,
            wgpu::BlendOperation::Subtract => shader_cpu::BlendOp::Subtract,
            wgpu::BlendOperation::ReverseSubtract => shader_cpu::BlendOp::ReverseSubtract,
            wgpu::BlendOperation::Min => shader_cpu::BlendOp::Min,
            wgpu::BlendOperation::Max => shader_cpu::BlendOp::Max,
        },
    };
    shader_cpu::Blend { color: component(blend.color), alpha: component(blend.alpha) }
}

/// The wgpu view of a texture drawn into.
fn target_view(texture: &Texture) -> Result<&wgpu::TextureView, GpuError> {
    texture.view().ok_or_else(crate::buffer::wrong_device)
}

/// What [`RenderPipeline::new`] and a reload make from the SPIR-V of the vertex and the
/// fragment module (the macro's words, or reloaded ones with the same interfaces): the pipeline
/// and its bind group layouts.
fn build(
    gpu: &Gpu,
    modules: [&'static ModuleInfo; 2],
    spirv: [&[u32]; 2],
    built: &Built,
    stride: u64,
    immediate_size: u32,
) -> Result<(Kind, Bindings), GpuError> {
    let [vertex, fragment] = modules;
    let w = match gpu.backend() {
        Backend::Wgpu(w) => w,
        Backend::Cpu(_) => {
            let program = |m: &'static ModuleInfo, words: &[u32], constants: &[(String, f64)]| {
                let specialization = specialization_bits(m.specialization_constants, constants);
                check_lengths(m, &specialize_words(words, &specialization))?;
                shader_cpu::Program::new(words, m.entry.name, &specialization).map_err(|e| cpu_error(m.name, e))
            };
            let cpu = CpuPipeline {
                vertex: program(vertex, spirv[0], &built.vertex_constants)?,
                fragment: program(fragment, spirv[1], &built.fragment_constants)?,
                fragment_name: fragment.name,
                attributes: cpu_attributes(&built.attributes),
                topology: match built.topology {
                    wgpu::PrimitiveTopology::PointList => shader_cpu::Topology::PointList,
                    wgpu::PrimitiveTopology::LineList => shader_cpu::Topology::LineList,
                    wgpu::PrimitiveTopology::LineStrip => shader_cpu::Topology::LineStrip,
                    wgpu::PrimitiveTopology::TriangleList => shader_cpu::Topology::TriangleList,
                    wgpu::PrimitiveTopology::TriangleStrip => shader_cpu::Topology::TriangleStrip,
                },
                cull: built.cull_mode.map(|face| match face {
                    wgpu::Face::Front => shader_cpu::Face::Front,
                    wgpu::Face::Back => shader_cpu::Face::Back,
                }),
                blend: built.blend.map(cpu_blend),
            };
            let bindings = Bindings::new(gpu, &[(vertex.bindings, spirv[0]), (fragment.bindings, spirv[1])])?;
            return Ok((Kind::Cpu(Box::new(cpu)), bindings));
        }
    };
    // Passthrough modules get the values in their words (wgpu gives them no constants).
    let (vertex_refs, fragment_refs): (Vec<(&str, f64)>, Vec<(&str, f64)>) = if built.passthrough {
        (Vec::new(), Vec::new())
    } else {
        (
            built.vertex_constants.iter().map(|(k, v)| (k.as_str(), *v)).collect(),
            built.fragment_constants.iter().map(|(k, v)| (k.as_str(), *v)).collect(),
        )
    };
    gpu.scoped(|| {
        let module = |m: &ModuleInfo, words: &[u32], constants: &[(String, f64)]| -> Result<wgpu::ShaderModule, GpuError> {
            Ok(if built.passthrough {
                let words = specialize_words(words, &specialization_bits(m.specialization_constants, constants));
                check_lengths(m, &words)?;
                passthrough_spirv(&w.device, m.name, &words, m.entry.name, m.entry.workgroup_size.unwrap_or([1, 1, 1]))
            } else {
                shader_words(w, m.name, words)
            })
        };
        // Bindings first, as for compute pipelines.
        let bindings = Bindings::new(gpu, &[(vertex.bindings, spirv[0]), (fragment.bindings, spirv[1])])?;
        let (vs, fs) = (module(vertex, spirv[0], &built.vertex_constants)?, module(fragment, spirv[1], &built.fragment_constants)?);
        let layout = pipeline_layout(w, &bindings, immediate_size);
        let buffers = [Some(wgpu::VertexBufferLayout {
            array_stride: stride,
            step_mode: wgpu::VertexStepMode::Vertex,
            attributes: &built.attributes,
        })];
        let raw = w.device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some(vertex.name),
            layout: Some(&layout),
            vertex: wgpu::VertexState {
                module: &vs,
                entry_point: Some(vertex.entry.name),
                compilation_options: wgpu::PipelineCompilationOptions { constants: &vertex_refs, ..Default::default() },
                buffers: if built.attributes.is_empty() { &[] } else { &buffers },
            },
            primitive: wgpu::PrimitiveState { topology: built.topology, cull_mode: built.cull_mode, ..Default::default() },
            depth_stencil: built.depth_format.map(|format| {
                let (compare, write) = built.depth_test();
                wgpu::DepthStencilState {
                    format,
                    depth_write_enabled: Some(write),
                    depth_compare: Some(compare),
                    stencil: built.stencil.clone(),
                    bias: Default::default(),
                }
            }),
            multisample: wgpu::MultisampleState {
                count: built.sample_count,
                alpha_to_coverage_enabled: built.alpha_to_coverage,
                ..Default::default()
            },
            fragment: Some(wgpu::FragmentState {
                module: &fs,
                entry_point: Some(fragment.entry.name),
                compilation_options: wgpu::PipelineCompilationOptions { constants: &fragment_refs, ..Default::default() },
                targets: &[Some(wgpu::ColorTargetState {
                    format: built.color_format,
                    blend: built.blend,
                    write_mask: wgpu::ColorWrites::ALL,
                })],
            }),
            multiview_mask: None,
            cache: None,
        });
        Ok((Kind::Wgpu(raw), bindings))
    })
}

/// The constants of `options` that `module` declares (a render pipeline's list covers two modules).
fn own<'a>(module: &ModuleInfo, given: &[(&'a str, f64)]) -> Vec<(&'a str, f64)> {
    given
        .iter()
        .filter(|(k, _)| module.specialization_constants.iter().any(|c| c.name == *k || c.id.to_string() == *k))
        .copied()
        .collect()
}

/// Interleaved attributes in location order, each at the next multiple of min(4, its size)
/// (formats from the inputs' types or `formats`, [`RenderOptions::vertex_formats`]), and the
/// stride (a multiple of 4).
fn vertex_attributes(
    name: &str,
    inputs: &[VertexInput],
    formats: &[(u32, wgpu::VertexFormat)],
) -> Result<(Vec<wgpu::VertexAttribute>, u64), GpuError> {
    if let Some((location, _)) = formats.iter().find(|(l, _)| !inputs.iter().any(|i| i.location == *l)) {
        return Err(GpuError::InvalidUse(format!("`{name}` has no vertex input at location {location} for a vertex format")));
    }
    let mut offset = 0u64;
    let mut attributes = Vec::with_capacity(inputs.len());
    for input in inputs {
        let own = input.format.and_then(vertex_format).ok_or_else(|| {
            GpuError::Unsupported(format!("vertex input `{}` of `{name}` has type `{}`, which no wgpu vertex format holds", input.name, input.ty))
        })?;
        let format = match formats.iter().find(|(l, _)| *l == input.location) {
            Some(&(_, format)) => {
                // What the shader reads: a float (from float, unorm, snorm), uint or sint.
                let kind = |f: wgpu::VertexFormat| {
                    let name = format!("{f:?}");
                    (name.starts_with("Uint"), name.starts_with("Sint"), name.starts_with("Float64"))
                };
                if kind(format) != kind(own) {
                    return Err(GpuError::InvalidUse(format!(
                        "vertex input `{}` of `{name}` has type `{}`, which {format:?} cannot feed",
                        input.name, input.ty
                    )));
                }
                format
            }
            None => own,
        };
        // WebGPU aligns an attribute to min(4, its size) and the stride to 4 bytes.
        offset = offset.next_multiple_of(format.size().min(4));
        attributes.push(wgpu::VertexAttribute { format, offset, shader_location: input.location });
        offset += format.size();
    }
    Ok((attributes, offset.next_multiple_of(4)))
}

fn vertex_format(name: &str) -> Option<wgpu::VertexFormat> {
    use wgpu::VertexFormat as F;
    Some(match name {
        "float32" => F::Float32,
        "float32x2" => F::Float32x2,
        "float32x3" => F::Float32x3,
        "float32x4" => F::Float32x4,
        "uint32" => F::Uint32,
        "uint32x2" => F::Uint32x2,
        "uint32x3" => F::Uint32x3,
        "uint32x4" => F::Uint32x4,
        "sint32" => F::Sint32,
        "sint32x2" => F::Sint32x2,
        "sint32x3" => F::Sint32x3,
        "sint32x4" => F::Sint32x4,
        "float16" => F::Float16,
        "float16x2" => F::Float16x2,
        "float16x4" => F::Float16x4,
        "float64" => F::Float64,
        "float64x2" => F::Float64x2,
        "float64x3" => F::Float64x3,
        "float64x4" => F::Float64x4,
        _ => return None,
    })
}
