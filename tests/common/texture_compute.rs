//! A small compute harness with textures, on both of wgpu's paths: sampled `Rgba32Float`
//! textures (2D or 2D array, with mip levels; one texture, or a binding array of them),
//! non-filtering samplers (one or an array) and read-write storage buffers, bound as a
//! module's `layout(binding = N)`s in group 0. The module runs once (one workgroup) through
//! wgpu's default path (naga reads and rewrites the SPIR-V) or as emitted (passthrough), on a
//! device with passthrough (and for binding arrays `Features::TEXTURE_BINDING_ARRAY`, ...), and
//! the storage buffers come back in the order given.
//!
//! Texel values are [`texel`]'s: distinct per texture, layer, level and position, exact in f32,
//! so a test computes what a fetch or sample must give without any compiler.

use super::*;
use shader_runtime::wgpu;

/// One binding of group 0.
#[derive(Clone, Debug)]
pub enum Resource {
    /// A read-write storage buffer with its initial contents; read back.
    Storage { binding: u32, data: Vec<u8> },
    /// `count` textures (`None`: one, not an array) of `width` x `height`, `layers` layers
    /// (`Some`: a 2D array view) and `levels` mip levels.
    Textures { binding: u32, count: Option<u32>, width: u32, height: u32, layers: Option<u32>, levels: u32 },
    /// `count` nearest-filtering samplers (`None`: one).
    Samplers { binding: u32, count: Option<u32> },
}

/// The texel of texture `element` (index in its binding array, 0 for one texture) at `layer`,
/// `level`, `(x, y)`: small integers, exact in f32.
pub fn texel(element: u32, layer: u32, level: u32, x: u32, y: u32) -> [f32; 4] {
    [(element + 1) as f32, (layer * 10 + level) as f32, x as f32, y as f32]
}

/// The features a binding array of textures or samplers needs.
const ARRAY_FEATURES: wgpu::Features =
    wgpu::Features::TEXTURE_BINDING_ARRAY.union(wgpu::Features::SAMPLED_TEXTURE_AND_STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING);

/// The device for `resources`: the shared passthrough device ([`passthrough_gpu`]), or for
/// binding arrays one created with [`ARRAY_FEATURES`] too, which wgpu 30 offers only where the
/// driver has descriptor indexing with update-after-bind for sampled and storage images and
/// storage buffers (wgpu-hal `vulkan/adapter.rs`; Mesa 22's lavapipe has not).
fn device(resources: &[Resource]) -> Result<&'static Gpu, String> {
    let arrays = resources.iter().any(|r| matches!(r, Resource::Textures { count: Some(_), .. } | Resource::Samplers { count: Some(_), .. }));
    if !arrays {
        return passthrough_gpu().ok_or_else(|| "no device with Features::PASSTHROUGH_SHADERS".to_string());
    }
    static GPU: OnceLock<Result<Gpu, String>> = OnceLock::new();
    GPU.get_or_init(|| {
        gpu().ok_or("no GPU adapter")?;
        let options = shader_runtime::GpuOptions { required_features: wgpu::Features::PASSTHROUGH_SHADERS | ARRAY_FEATURES, ..shader_runtime::GpuOptions::from_env() };
        Gpu::with_options_blocking(&options).map_err(|e| e.to_string())
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// Whether the harness can run `resources` here; else a loud skip message. No GPU adapter or
/// no passthrough is a failure on CI; an adapter without binding arrays is not (a property of
/// the driver, as `SHADER_F64` is for the differentials).
pub fn available(resources: &[Resource]) -> bool {
    if gpu().is_none() {
        return false;
    }
    match device(resources) {
        Ok(_) => true,
        Err(e) if ci() && !e.contains("lacks the required features") => panic!("texture compute harness on CI: {e}"),
        Err(e) => {
            eprintln!("*** SKIPPED (texture compute harness): {e} ***");
            false
        }
    }
}

/// Runs `entry` of `words` once, through wgpu's default path or as emitted (`passthrough`),
/// and returns the storage buffers' final contents in the order of `resources`.
pub fn run(words: &[u32], entry: &str, resources: &[Resource], passthrough: bool) -> Result<Vec<Vec<u8>>, String> {
    let gpu = device(resources)?;
    let w = gpu.wgpu().ok_or("not a wgpu device")?;
    let (device, queue) = (&w.device, &w.queue);
    let staging = catching_wgpu_errors(device, || record(device, queue, words, entry, resources, passthrough))??;
    map_for_reading(device, &staging)?;
    staging.iter().map(|b| b.slice(..).get_mapped_range().map(|v| v.to_vec()).map_err(|e| format!("readback: {e}"))).collect()
}

fn record(device: &wgpu::Device, queue: &wgpu::Queue, words: &[u32], entry: &str, resources: &[Resource], passthrough: bool) -> Result<Vec<wgpu::Buffer>, String> {
    let size = if passthrough { local_size(words).ok_or("the module has no LocalSize")? } else { [1, 1, 1] };
    // The tests pass modules spirv-val accepted, whose every binding `resources` gives with the
    // type the module declares.
    let module = spirv_module(device, words, entry, passthrough, size);
    let mut layout_entries = Vec::new();
    let mut buffers = Vec::new();
    let mut views: Vec<(u32, Vec<wgpu::TextureView>)> = Vec::new();
    let mut samplers: Vec<(u32, Vec<wgpu::Sampler>)> = Vec::new();
    let count = |c: Option<u32>| c.and_then(std::num::NonZeroU32::new);
    for resource in resources {
        match *resource {
            Resource::Storage { binding, ref data } => {
                let buffer = device.create_buffer(&wgpu::BufferDescriptor {
                    label: None,
                    size: data.len() as u64,
                    usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                });
                queue.write_buffer(&buffer, 0, data);
                buffers.push((binding, buffer));
                layout_entries.push(wgpu::BindGroupLayoutEntry {
                    binding,
                    visibility: wgpu::ShaderStages::COMPUTE,
                    ty: wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Storage { read_only: false }, has_dynamic_offset: false, min_binding_size: None },
                    count: None,
                });
            }
            Resource::Textures { binding, count: n, width, height, layers, levels } => {
                let dimension = if layers.is_some() { wgpu::TextureViewDimension::D2Array } else { wgpu::TextureViewDimension::D2 };
                let elements = (0..n.unwrap_or(1))
                    .map(|element| {
                        let size = wgpu::Extent3d { width, height, depth_or_array_layers: layers.unwrap_or(1) };
                        let texture = device.create_texture(&wgpu::TextureDescriptor {
                            label: None,
                            size,
                            mip_level_count: levels,
                            sample_count: 1,
                            dimension: wgpu::TextureDimension::D2,
                            format: wgpu::TextureFormat::Rgba32Float,
                            usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
                            view_formats: &[],
                        });
                        for level in 0..levels {
                            let (w, h) = ((width >> level).max(1), (height >> level).max(1));
                            for layer in 0..layers.unwrap_or(1) {
                                let data: Vec<u8> = (0..h)
                                    .flat_map(|y| (0..w).map(move |x| texel(element, layer, level, x, y)))
                                    .flatten()
                                    .flat_map(f32::to_le_bytes)
                                    .collect();
                                queue.write_texture(
                                    wgpu::TexelCopyTextureInfo {
                                        texture: &texture,
                                        mip_level: level,
                                        origin: wgpu::Origin3d { x: 0, y: 0, z: layer },
                                        aspect: wgpu::TextureAspect::All,
                                    },
                                    &data,
                                    wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(w * 16), rows_per_image: Some(h) },
                                    wgpu::Extent3d { width: w, height: h, depth_or_array_layers: 1 },
                                );
                            }
                        }
                        texture.create_view(&wgpu::TextureViewDescriptor { dimension: Some(dimension), ..Default::default() })
                    })
                    .collect();
                views.push((binding, elements));
                layout_entries.push(wgpu::BindGroupLayoutEntry {
                    binding,
                    visibility: wgpu::ShaderStages::COMPUTE,
                    ty: wgpu::BindingType::Texture { sample_type: wgpu::TextureSampleType::Float { filterable: false }, view_dimension: dimension, multisampled: false },
                    count: count(n),
                });
            }
            Resource::Samplers { binding, count: n } => {
                let elements = (0..n.unwrap_or(1)).map(|_| device.create_sampler(&wgpu::SamplerDescriptor::default())).collect();
                samplers.push((binding, elements));
                layout_entries.push(wgpu::BindGroupLayoutEntry {
                    binding,
                    visibility: wgpu::ShaderStages::COMPUTE,
                    ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::NonFiltering),
                    count: count(n),
                });
            }
        }
    }
    let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor { label: None, entries: &layout_entries });
    let mut entries = Vec::new();
    for (binding, buffer) in &buffers {
        entries.push(wgpu::BindGroupEntry { binding: *binding, resource: buffer.as_entire_binding() });
    }
    let view_refs: Vec<(u32, Vec<&wgpu::TextureView>)> = views.iter().map(|(b, v)| (*b, v.iter().collect())).collect();
    let sampler_refs: Vec<(u32, Vec<&wgpu::Sampler>)> = samplers.iter().map(|(b, s)| (*b, s.iter().collect())).collect();
    let arrayed = |binding: u32| resources.iter().any(|r| matches!(*r, Resource::Textures { binding: b, count: Some(_), .. } | Resource::Samplers { binding: b, count: Some(_) } if b == binding));
    for (binding, v) in &view_refs {
        let resource = if arrayed(*binding) { wgpu::BindingResource::TextureViewArray(v) } else { wgpu::BindingResource::TextureView(v[0]) };
        entries.push(wgpu::BindGroupEntry { binding: *binding, resource });
    }
    for (binding, s) in &sampler_refs {
        let resource = if arrayed(*binding) { wgpu::BindingResource::SamplerArray(s) } else { wgpu::BindingResource::Sampler(s[0]) };
        entries.push(wgpu::BindGroupEntry { binding: *binding, resource });
    }
    let group = device.create_bind_group(&wgpu::BindGroupDescriptor { label: None, layout: &layout, entries: &entries });
    let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor { label: None, bind_group_layouts: &[Some(&layout)], immediate_size: 0 });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout: Some(&pipeline_layout),
        module: &module,
        entry_point: Some(entry),
        compilation_options: Default::default(),
        cache: None,
    });
    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
    {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &group, &[]);
        pass.dispatch_workgroups(1, 1, 1);
    }
    let staging: Vec<wgpu::Buffer> = buffers
        .iter()
        .map(|(_, source)| {
            let buffer = device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: source.size(),
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            encoder.copy_buffer_to_buffer(source, 0, &buffer, 0, source.size());
            buffer
        })
        .collect();
    queue.submit([encoder.finish()]);
    Ok(staging)
}
