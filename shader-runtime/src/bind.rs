//! Bindings: resources as the runtime sees them, bind group layouts built from the generated
//! `BINDINGS`, the checks that name a binding when a resource does not fit it, and the bind
//! group cache that lets repeated dispatches with the same resources skip all of that.

use std::collections::HashMap;
use std::num::NonZeroU64;
use std::sync::{Arc, Mutex};

use crate::buffer::{Buffer, BufferData, RawBuffer, ResourceId};
use crate::error::{BindingError, BindingProblem};
use crate::generated::{Binding, BindingKind, Stage};
use crate::texture::{Sampler, Texture};
use crate::{Gpu, GpuError};

/// One resource given for a binding.
#[derive(Clone, Copy, Debug)]
pub enum Resource<'a> {
    Buffer {
        raw: &'a RawBuffer,
        id: ResourceId,
        /// Bytes of data (without the padding the runtime adds).
        size: u64,
        /// `Buffer<[T]>`: `size_of::<T>()`.
        element_size: Option<u64>,
    },
    Texture(&'a Texture),
    Sampler(&'a Sampler),
    /// A descriptor array's textures, one per element (WGSL `binding_array<texture_2d<f32>, N>`,
    /// GLSL `texture2D t[N]`).
    Textures(&'a [Texture]),
    /// A descriptor array's samplers.
    Samplers(&'a [Sampler]),
}

impl Resource<'_> {
    /// The resources' ids (an array's, element by element) after `out`'s.
    fn ids(&self, out: &mut Vec<ResourceId>) {
        match self {
            Resource::Buffer { id, .. } => out.push(*id),
            Resource::Texture(t) => out.push(t.id()),
            Resource::Sampler(s) => out.push(s.id()),
            Resource::Textures(ts) => out.extend(ts.iter().map(Texture::id)),
            Resource::Samplers(ss) => out.extend(ss.iter().map(Sampler::id)),
        }
    }

    fn kind_name(&self) -> &'static str {
        match self {
            Resource::Buffer { .. } => "a buffer",
            Resource::Texture(_) => "a texture",
            Resource::Sampler(_) => "a sampler",
            Resource::Textures(_) => "an array of textures",
            Resource::Samplers(_) => "an array of samplers",
        }
    }
}

/// Anything that can be bound: buffers, textures, samplers.
pub trait AsResource {
    fn as_resource(&self) -> Resource<'_>;
}

impl<T: BufferData + ?Sized> AsResource for Buffer<T> {
    fn as_resource(&self) -> Resource<'_> {
        Resource::Buffer { raw: self.untyped(), id: self.id(), size: self.byte_len(), element_size: T::element_size() }
    }
}

impl AsResource for Texture {
    fn as_resource(&self) -> Resource<'_> {
        Resource::Texture(self)
    }
}

impl AsResource for Sampler {
    fn as_resource(&self) -> Resource<'_> {
        Resource::Sampler(self)
    }
}

/// The textures of a descriptor array, element `k` at index `k`.
impl<const N: usize> AsResource for [Texture; N] {
    fn as_resource(&self) -> Resource<'_> {
        Resource::Textures(self)
    }
}

impl AsResource for Vec<Texture> {
    fn as_resource(&self) -> Resource<'_> {
        Resource::Textures(self)
    }
}

/// The samplers of a descriptor array, element `k` at index `k`.
impl<const N: usize> AsResource for [Sampler; N] {
    fn as_resource(&self) -> Resource<'_> {
        Resource::Samplers(self)
    }
}

impl AsResource for Vec<Sampler> {
    fn as_resource(&self) -> Resource<'_> {
        Resource::Samplers(self)
    }
}

/// A set of resources for a module's bindings: what the generated `NAME::Bindings` structs
/// implement. `resources()` is in the order of `bindings()`.
pub trait BindingSet {
    fn bindings(&self) -> &'static [Binding];
    fn resources(&self) -> Vec<Resource<'_>>;
}

/// The opt-in check of `dispatch_checked`: every binding named in `touched` is a buffer ending in
/// a runtime-sized array that holds at least the given number of elements (what the caller says
/// one dispatch reads or writes). wgpu clamps or drops out-of-bounds accesses without an error,
/// so a buffer shorter than the dispatch loses writes silently; this turns that into an `Err`.
pub fn check_touched(set: &dyn BindingSet, touched: &[(&str, u64)]) -> Result<(), GpuError> {
    let bindings = set.bindings();
    let resources = set.resources();
    for &(name, count) in touched {
        let Some(i) = bindings.iter().position(|b| b.name == name) else {
            let known: Vec<&str> = bindings.iter().filter(|b| b.runtime_array_stride.is_some()).map(|b| b.name).collect();
            return Err(GpuError::InvalidUse(format!(
                "the shader has no binding `{name}`; its runtime-sized array bindings are {}",
                known.join(", ")
            )));
        };
        let b = &bindings[i];
        let error = |problem| GpuError::Binding(BindingError { name: b.name, group: b.group, binding: b.binding, problem });
        let (Some(stride), Some(Resource::Buffer { size, .. })) = (b.runtime_array_stride, resources.get(i)) else {
            return Err(error(BindingProblem::Unsupported(
                "only a buffer ending in a runtime-sized array has an element count to check".to_string(),
            )));
        };
        // As WGSL's `arrayLength`: the bytes after the array's offset, in whole strides.
        let elements = size.saturating_sub(b.runtime_array_offset.unwrap_or(0)) / stride.max(1);
        if elements < count {
            return Err(error(BindingProblem::TooFewElements { elements, touched: count }));
        }
    }
    Ok(())
}

/// Resources given by binding name, for code without a generated `Bindings` struct.
pub struct NamedResources<'a> {
    bindings: &'static [Binding],
    resources: Vec<Resource<'a>>,
}

impl<'a> NamedResources<'a> {
    /// Pairs every binding of `bindings` with the resource named like it. A binding without a
    /// resource, or a name the shader does not have, is an error naming it.
    pub fn new(bindings: &'static [Binding], named: &[(&str, &'a dyn AsResource)]) -> Result<NamedResources<'a>, GpuError> {
        if let Some((name, _)) = named.iter().find(|(n, _)| !bindings.iter().any(|b| b.name == *n)) {
            let known: Vec<&str> = bindings.iter().map(|b| b.name).collect();
            return Err(GpuError::InvalidUse(format!("the shader has no binding `{name}`; it has {}", known.join(", "))));
        }
        let mut resources = Vec::with_capacity(bindings.len());
        for b in bindings {
            let (_, r) = named.iter().find(|(n, _)| *n == b.name).ok_or_else(|| {
                GpuError::InvalidUse(format!("no resource given for binding `{}` (@group({}) @binding({}))", b.name, b.group, b.binding))
            })?;
            resources.push(r.as_resource());
        }
        Ok(NamedResources { bindings, resources })
    }
}

impl BindingSet for NamedResources<'_> {
    fn bindings(&self) -> &'static [Binding] {
        self.bindings
    }
    fn resources(&self) -> Vec<Resource<'_>> {
        self.resources.clone()
    }
}

/// One entry of a pipeline's layout: a binding (merged over the stages that use it).
struct Entry {
    binding: &'static Binding,
    layout: wgpu::BindGroupLayoutEntry,
}

/// The bind group layouts of a pipeline and the cache of bind groups made from them.
pub(crate) struct Bindings {
    entries: Vec<Entry>,
    /// Index = group number; `None` for group numbers no binding uses.
    pub(crate) layouts: Vec<Option<wgpu::BindGroupLayout>>,
    cache: Mutex<HashMap<Vec<ResourceId>, Arc<Vec<Option<wgpu::BindGroup>>>>>,
}

/// Bind groups a pipeline keeps before the cache is emptied: the cache holds its resources
/// alive, so it must not grow without bound in a program that keeps making new buffers.
const CACHE_CAPACITY: usize = 64;

impl Bindings {
    /// Layouts for the union of `modules`' bindings (a vertex and a fragment shader may share
    /// one), each given with its SPIR-V words.
    pub(crate) fn new(gpu: &Gpu, modules: &[(&'static [Binding], &[u32])]) -> Result<Bindings, GpuError> {
        let mut entries: Vec<Entry> = Vec::new();
        for (bindings, _) in modules {
            for b in bindings.iter() {
                let visibility = visibility(b.stages);
                if let Some(e) = entries.iter_mut().find(|e| (e.binding.group, e.binding.binding) == (b.group, b.binding)) {
                    e.layout.visibility |= visibility;
                    continue;
                }
                let error = |problem| BindingError { name: b.name, group: b.group, binding: b.binding, problem };
                let ty = binding_type(b).map_err(error)?;
                let count = b.count.and_then(std::num::NonZeroU32::new);
                // wgpu's binding arrays (Vulkan descriptor arrays) are a feature; the CPU device
                // binds each element.
                let arrays = wgpu::Features::TEXTURE_BINDING_ARRAY;
                if runtime_sized(b) && gpu.wgpu().is_some() {
                    return Err(error(BindingProblem::Unsupported(
                        "a runtime-sized descriptor array (`binding_array` without a length) runs on the CPU device only \
                         (a wgpu bind group layout needs its count)"
                            .to_string(),
                    ))
                    .into());
                }
                if count.is_some() && gpu.wgpu().is_some_and(|w| !w.device.features().contains(arrays)) {
                    return Err(error(BindingProblem::Unsupported(
                        "a descriptor array (`binding_array`) needs a device with `Features::TEXTURE_BINDING_ARRAY` \
                         (`GpuOptions::required_features`), which this adapter lacks"
                            .to_string(),
                    ))
                    .into());
                }
                let layout = wgpu::BindGroupLayoutEntry { binding: b.binding, visibility, ty, count };
                entries.push(Entry { binding: b, layout });
            }
        }
        // A sampler that samples an integer texture is non-filtering (WebGPU forbids filtering
        // samplers with them), so the sampler bound to it must filter nearest; the others
        // filter. Which textures a sampler samples comes from the modules' `OpSampledImage`s;
        // when some handle does not come straight from its variable, every sampler of a module
        // whose textures are all integer ones is non-filtering.
        let integer = |at: (u32, u32)| {
            entries.iter().any(|e| {
                (e.binding.group, e.binding.binding) == at
                    && matches!(
                        e.layout.ty,
                        wgpu::BindingType::Texture { sample_type: wgpu::TextureSampleType::Uint | wgpu::TextureSampleType::Sint, .. }
                    )
            })
        };
        let uses: Option<Vec<((u32, u32), (u32, u32))>> =
            modules.iter().map(|(_, words)| sampler_uses(words)).collect::<Option<Vec<_>>>().map(|u| u.concat());
        let textures = entries.iter().filter_map(|e| match e.layout.ty {
            wgpu::BindingType::Texture { .. } => Some((e.binding.group, e.binding.binding)),
            _ => None,
        });
        let all_integer = textures.clone().next().is_some() && textures.clone().all(integer);
        let non_filtering: Vec<(u32, u32)> = entries
            .iter()
            .map(|e| (e.binding.group, e.binding.binding))
            .filter(|&sampler| match &uses {
                Some(uses) => uses.iter().any(|&(s, texture)| s == sampler && integer(texture)),
                None => all_integer,
            })
            .collect();
        for e in &mut entries {
            if e.layout.ty == wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering)
                && non_filtering.contains(&(e.binding.group, e.binding.binding))
            {
                e.layout.ty = wgpu::BindingType::Sampler(wgpu::SamplerBindingType::NonFiltering);
            }
        }
        entries.sort_by_key(|e| (e.binding.group, e.binding.binding));
        let group_count = entries.last().map_or(0, |e| e.binding.group as usize + 1);
        let mut layouts = Vec::with_capacity(group_count);
        for group in 0..group_count as u32 {
            let members: Vec<wgpu::BindGroupLayoutEntry> =
                entries.iter().filter(|e| e.binding.group == group).map(|e| e.layout).collect();
            // The CPU device needs no layouts, only the checks above and at bind time.
            let device = gpu.wgpu().map(|w| &w.device);
            layouts.push(device.filter(|_| !members.is_empty()).map(|device| {
                device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor { label: None, entries: &members })
            }));
        }
        Ok(Bindings { entries, layouts, cache: Mutex::new(HashMap::new()) })
    }

    /// The bind groups for the resources of `sets`, from the cache when the same resources were
    /// bound before (they were checked then, and a resource's size and usage never change).
    pub(crate) fn groups(&self, gpu: &Gpu, sets: &[&dyn BindingSet]) -> Result<Arc<Vec<Option<wgpu::BindGroup>>>, GpuError> {
        self.resolve(gpu, sets).map(|(groups, _)| groups)
    }

    /// [`Bindings::groups`] and the checked resources, one per binding in `(group, binding)`
    /// order; on the CPU device the groups are empty and the resources are what it binds.
    #[allow(clippy::type_complexity)]
    pub(crate) fn resolve<'s>(
        &self,
        gpu: &Gpu,
        sets: &[&'s dyn BindingSet],
    ) -> Result<(Arc<Vec<Option<wgpu::BindGroup>>>, Vec<(&'static Binding, Resource<'s>)>), GpuError> {
        let given: Vec<(&'static [Binding], Vec<Resource<'s>>)> = sets.iter().map(|s| (s.bindings(), s.resources())).collect();
        let mut chosen: Vec<Resource<'s>> = Vec::with_capacity(self.entries.len());
        for entry in &self.entries {
            let b = entry.binding;
            let found = given.iter().find_map(|(bindings, resources)| {
                let i = bindings.iter().position(|x| (x.group, x.binding) == (b.group, b.binding))?;
                resources.get(i).copied()
            });
            let resource = found.ok_or_else(|| {
                GpuError::InvalidUse(format!("no resource given for binding `{}` (@group({}) @binding({}))", b.name, b.group, b.binding))
            })?;
            chosen.push(resource);
        }
        let mut key: Vec<ResourceId> = Vec::with_capacity(chosen.len());
        chosen.iter().for_each(|r| r.ids(&mut key));
        let mut cache = self.cache.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let paired = || -> Vec<(&'static Binding, Resource<'s>)> { self.entries.iter().map(|e| e.binding).zip(chosen.iter().copied()).collect() };
        if let Some(groups) = cache.get(&key) {
            return Ok((Arc::clone(groups), paired()));
        }
        for (entry, resource) in self.entries.iter().zip(&chosen) {
            let b = entry.binding;
            check(b, resource).map_err(|problem| BindingError { name: b.name, group: b.group, binding: b.binding, problem })?;
        }
        let Some(w) = gpu.wgpu() else {
            let groups = Arc::new(Vec::new());
            if cache.len() >= CACHE_CAPACITY {
                cache.clear();
            }
            cache.insert(key, Arc::clone(&groups));
            return Ok((groups, paired()));
        };
        let mut groups = Vec::with_capacity(self.layouts.len());
        for (group, layout) in self.layouts.iter().enumerate() {
            let Some(layout) = layout else {
                groups.push(None);
                continue;
            };
            // Cube (array) bindings view the texture's layers as cubes (its default view of six
            // layers is a 2D array).
            let cube_views: Vec<Option<wgpu::TextureView>> = self
                .entries
                .iter()
                .zip(&chosen)
                .map(|(e, r)| match (r, texture_dimension(e.binding.ty)) {
                    (Resource::Texture(t), Ok((dim @ (wgpu::TextureViewDimension::Cube | wgpu::TextureViewDimension::CubeArray), _))) => {
                        t.raw().map(|raw| raw.create_view(&wgpu::TextureViewDescriptor { dimension: Some(dim), ..Default::default() }))
                    }
                    _ => None,
                })
                .collect();
            // The elements of descriptor arrays.
            let views: Vec<Option<Vec<&wgpu::TextureView>>> = chosen
                .iter()
                .map(|r| match r {
                    Resource::Textures(ts) => ts.iter().map(Texture::view).collect(),
                    _ => None,
                })
                .collect();
            let samplers: Vec<Option<Vec<&wgpu::Sampler>>> = chosen
                .iter()
                .map(|r| match r {
                    Resource::Samplers(ss) => ss.iter().map(Sampler::raw).collect(),
                    _ => None,
                })
                .collect();
            let entries: Vec<wgpu::BindGroupEntry> = self
                .entries
                .iter()
                .zip(&chosen)
                .zip(&cube_views)
                .zip(views.iter().zip(&samplers))
                .filter(|(((e, _), _), _)| e.binding.group == group as u32)
                .map(|(((e, r), cube), (views, samplers))| {
                    let resource = match r {
                        Resource::Buffer { raw, .. } => raw.wgpu().map(|b| b.as_entire_binding()),
                        Resource::Texture(t) => cube.as_ref().or(t.view()).map(wgpu::BindingResource::TextureView),
                        Resource::Sampler(s) => s.raw().map(wgpu::BindingResource::Sampler),
                        Resource::Textures(_) => views.as_deref().map(wgpu::BindingResource::TextureViewArray),
                        Resource::Samplers(_) => samplers.as_deref().map(wgpu::BindingResource::SamplerArray),
                    };
                    Ok(wgpu::BindGroupEntry { binding: e.binding.binding, resource: resource.ok_or_else(crate::buffer::wrong_device)? })
                })
                .collect::<Result<_, GpuError>>()?;
            groups.push(Some(w.device.create_bind_group(&wgpu::BindGroupDescriptor { label: None, layout, entries: &entries })));
        }
        let groups = Arc::new(groups);
        if cache.len() >= CACHE_CAPACITY {
            cache.clear();
        }
        cache.insert(key, Arc::clone(&groups));
        Ok((groups, paired()))
    }

    /// Bind groups made so far and still cached (for tests of the cache).
    pub(crate) fn cached(&self) -> usize {
        self.cache.lock().map_or(0, |c| c.len())
    }
}

fn visibility(stages: &[Stage]) -> wgpu::ShaderStages {
    stages.iter().fold(wgpu::ShaderStages::empty(), |v, s| {
        v | match s {
            Stage::Vertex => wgpu::ShaderStages::VERTEX,
            Stage::Fragment => wgpu::ShaderStages::FRAGMENT,
            Stage::Compute => wgpu::ShaderStages::COMPUTE,
        }
    })
}

/// The wgpu binding type of a generated binding; textures are read from the WGSL spelling of
/// their type (`texture_2d<f32>`, `texture_storage_2d<rgba8unorm, write>`).
fn binding_type(b: &Binding) -> Result<wgpu::BindingType, BindingProblem> {
    let min_binding_size = b.min_binding_size.and_then(NonZeroU64::new);
    Ok(match b.kind {
        BindingKind::UniformBuffer => wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: false,
            min_binding_size,
        },
        BindingKind::StorageBuffer { read_only } => wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only },
            has_dynamic_offset: false,
            min_binding_size,
        },
        BindingKind::SampledTexture | BindingKind::MultisampledTexture | BindingKind::DepthTexture => {
            let (dim, rest) = texture_dimension(b.ty)?;
            let multisampled = b.kind == BindingKind::MultisampledTexture;
            let sample_type = if b.kind == BindingKind::DepthTexture {
                wgpu::TextureSampleType::Depth
            } else if rest.contains("<i32") {
                wgpu::TextureSampleType::Sint
            } else if rest.contains("<u32") {
                wgpu::TextureSampleType::Uint
            } else {
                // Multisampled float textures cannot be filtered (WebGPU §"texture sample type").
                wgpu::TextureSampleType::Float { filterable: !multisampled }
            };
            wgpu::BindingType::Texture { sample_type, view_dimension: dim, multisampled }
        }
        BindingKind::StorageTexture => {
            let (dim, rest) = texture_dimension(b.ty)?;
            let inner = rest.trim_start_matches('<').trim_end_matches('>');
            let (format, access) = inner.split_once(',').unwrap_or((inner, "write"));
            let format = storage_format(format.trim())
                .ok_or_else(|| BindingProblem::Unsupported(format!("storage texture format `{}` is not supported", format.trim())))?;
            let access = match access.trim() {
                "read" => wgpu::StorageTextureAccess::ReadOnly,
                "read_write" => wgpu::StorageTextureAccess::ReadWrite,
                _ => wgpu::StorageTextureAccess::WriteOnly,
            };
            wgpu::BindingType::StorageTexture { access, format, view_dimension: dim }
        }
        BindingKind::Sampler => wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
        BindingKind::ComparisonSampler => wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Comparison),
        BindingKind::CombinedImageSampler => {
            return Err(BindingProblem::Unsupported(
                "a combined image sampler (GLSL `sampler2D` compiled for the Vulkan target) cannot be bound \
                 through wgpu; compile with `target: wgpu` (the default), which splits it into a texture and a sampler"
                    .to_string(),
            ))
        }
    })
}

/// Which texture each sampler of a module samples: (sampler, texture) as (group, binding), from
/// every `OpSampledImage` whose image and sampler are loads of their variables; `None` when one
/// takes a handle from elsewhere (a function parameter, a copy).
fn sampler_uses(spirv: &[u32]) -> Option<Vec<((u32, u32), (u32, u32))>> {
    const OP_LOAD: u32 = 61;
    const OP_DECORATE: u32 = 71;
    const OP_SAMPLED_IMAGE: u32 = 86;
    const DECORATION_BINDING: u32 = 33;
    const DECORATION_DESCRIPTOR_SET: u32 = 34;
    let (mut sets, mut numbers, mut loads, mut pairs) = (HashMap::new(), HashMap::new(), HashMap::new(), Vec::new());
    for (_, op, operands) in crate::compute::instructions(spirv) {
        match (op, operands) {
            (OP_DECORATE, [id, DECORATION_DESCRIPTOR_SET, set]) => _ = sets.insert(*id, *set),
            (OP_DECORATE, [id, DECORATION_BINDING, binding]) => _ = numbers.insert(*id, *binding),
            (OP_LOAD, [_, id, pointer, ..]) => _ = loads.insert(*id, *pointer),
            (OP_SAMPLED_IMAGE, [_, _, image, sampler]) => pairs.push((*sampler, *image)),
            _ => {}
        }
    }
    let binding = |value: &u32| -> Option<(u32, u32)> {
        let variable = loads.get(value)?;
        Some((*sets.get(variable)?, *numbers.get(variable)?))
    };
    pairs.iter().map(|(sampler, image)| Some((binding(sampler)?, binding(image)?))).collect()
}

/// `texture_[storage_|depth_|multisampled_]2d_array<...>` -> (dimension, `<...>`); of a
/// descriptor array (`binding_array<texture_2d<f32>, 3>`), its element's.
fn texture_dimension(ty: &'static str) -> Result<(wgpu::TextureViewDimension, &'static str), BindingProblem> {
    let element = ty.strip_prefix("binding_array<").and_then(|t| t.strip_suffix('>')).map(|t| match t.rsplit_once(',') {
        Some((element, count)) if count.trim().chars().all(|c| c.is_ascii_digit()) => element,
        _ => t,
    });
    let mut rest = element.unwrap_or(ty);
    rest = rest.strip_prefix("texture_").unwrap_or(rest);
    for prefix in ["storage_", "depth_", "multisampled_"] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    use wgpu::TextureViewDimension as D;
    for (name, dim) in [("cube_array", D::CubeArray), ("2d_array", D::D2Array), ("1d", D::D1), ("2d", D::D2), ("3d", D::D3), ("cube", D::Cube)] {
        if let Some(tail) = rest.strip_prefix(name) {
            return Ok((dim, tail));
        }
    }
    Err(BindingProblem::Unsupported(format!("texture type `{ty}` cannot be bound through wgpu")))
}

fn storage_format(name: &str) -> Option<wgpu::TextureFormat> {
    use wgpu::TextureFormat as F;
    Some(match name {
        "rgba8unorm" => F::Rgba8Unorm,
        "rgba8snorm" => F::Rgba8Snorm,
        "rgba8uint" => F::Rgba8Uint,
        "rgba8sint" => F::Rgba8Sint,
        "rgba16uint" => F::Rgba16Uint,
        "rgba16sint" => F::Rgba16Sint,
        "rgba16float" => F::Rgba16Float,
        "r32uint" => F::R32Uint,
        "r32sint" => F::R32Sint,
        "r32float" => F::R32Float,
        "rg32uint" => F::Rg32Uint,
        "rg32sint" => F::Rg32Sint,
        "rg32float" => F::Rg32Float,
        "rgba32uint" => F::Rgba32Uint,
        "rgba32sint" => F::Rgba32Sint,
        "rgba32float" => F::Rgba32Float,
        "bgra8unorm" => F::Bgra8Unorm,
        _ => return None,
    })
}

/// Whether a texture of `format` has the texel type binding `b` reads or writes (its
/// `sample_type`: `float`, `sint`, `uint`, `depth`); a depth format also serves `float`
/// (WebGPU: as unfilterable float).
fn check_texel_type(b: &Binding, format: wgpu::TextureFormat) -> Result<(), BindingProblem> {
    let Some(expected) = b.sample_type else { return Ok(()) };
    let aspect = format.has_depth_aspect().then_some(wgpu::TextureAspect::DepthOnly);
    let found = match format.sample_type(aspect, None) {
        Some(wgpu::TextureSampleType::Float { .. }) => "float",
        Some(wgpu::TextureSampleType::Sint) => "sint",
        Some(wgpu::TextureSampleType::Uint) => "uint",
        Some(wgpu::TextureSampleType::Depth) => "depth",
        None => return Ok(()),
    };
    if found == expected || (expected == "float" && found == "depth") {
        return Ok(());
    }
    Err(BindingProblem::Format { expected: format!("`{expected}` texels"), found: format!("{format:?}, whose texels are `{found}`") })
}

/// Whether `resource` fits binding `b`: kind, usage, size, element stride, texture format.
/// Whether `b` is a runtime-sized descriptor array (`binding_array<texture_2d<f32>>`, GLSL
/// `texture2D t[]`): no count, an array type.
fn runtime_sized(b: &Binding) -> bool {
    b.count.is_none() && b.ty.starts_with("binding_array<")
}

fn check(b: &Binding, resource: &Resource<'_>) -> Result<(), BindingProblem> {
    let count = if runtime_sized(b) { Some(0) } else { b.count };
    let expected = match (b.kind, count) {
        (BindingKind::UniformBuffer | BindingKind::StorageBuffer { .. }, None) => "a buffer",
        (BindingKind::UniformBuffer | BindingKind::StorageBuffer { .. }, Some(_)) => "an array of buffers",
        (BindingKind::Sampler | BindingKind::ComparisonSampler, None) => "a sampler",
        (BindingKind::Sampler | BindingKind::ComparisonSampler, Some(_)) => "an array of samplers",
        (_, None) => "a texture",
        (_, Some(_)) => "an array of textures",
    };
    let wrong_kind = || BindingProblem::WrongKind { expected, found: resource.kind_name() };
    // A descriptor array: as many resources as it has elements, each fitting an element.
    let element = Binding { count: None, ty: "", ..*b };
    let elements = |n: usize| match b.count {
        None if runtime_sized(b) => Ok(()),
        Some(count) if count as usize == n => Ok(()),
        Some(count) => Err(BindingProblem::Unsupported(format!("the shader's array has {count} elements; {n} were given"))),
        None => Err(wrong_kind()),
    };
    match *resource {
        Resource::Textures(ts) => {
            elements(ts.len())?;
            return ts.iter().try_for_each(|t| check(&element, &Resource::Texture(t)));
        }
        Resource::Samplers(ss) => {
            elements(ss.len())?;
            return ss.iter().try_for_each(|s| check(&element, &Resource::Sampler(s)));
        }
        _ if count.is_some() => return Err(wrong_kind()),
        _ => {}
    }
    match (*resource, b.kind) {
        (Resource::Buffer { raw, size, element_size, .. }, BindingKind::UniformBuffer | BindingKind::StorageBuffer { .. }) => {
            let (needed, name) = if b.kind == BindingKind::UniformBuffer {
                (wgpu::BufferUsages::UNIFORM, "UNIFORM")
            } else {
                (wgpu::BufferUsages::STORAGE, "STORAGE")
            };
            if !raw.usage().contains(needed) {
                return Err(BindingProblem::MissingUsage { needed: name, has: format!("{:?}", raw.usage()) });
            }
            // What wgpu checks is the buffer's size, which includes the zeroed padding the
            // runtime adds (a 12-byte std140 block in a 16-byte uniform buffer is fine). A block
            // ending in a runtime-sized array is checked on the data instead: an empty
            // `Buffer<[f32]>` has 4 bytes of padding but no element, and the shader's array
            // needs at least one (WebGPU's "minimum binding size" of a buffer binding counts one
            // element of a trailing runtime-sized array; the generated `min_binding_size` does).
            let min = b.min_binding_size.unwrap_or(0);
            let have = if b.runtime_array_stride.is_some() { size } else { raw.size() };
            if have < min {
                return Err(BindingProblem::TooSmall { size, needed: min });
            }
            // A block that is only a runtime-sized array (fixed part empty, so its minimum size
            // is one element): a `Buffer<[T]>` must have the array's stride as element size.
            if let (Some(element), Some(stride)) = (element_size, b.runtime_array_stride) {
                if b.min_binding_size == Some(stride) && element != stride {
                    return Err(BindingProblem::Stride { element, stride });
                }
            }
            Ok(())
        }
        (Resource::Texture(t), BindingKind::StorageTexture) => {
            if !t.usage().contains(wgpu::TextureUsages::STORAGE_BINDING) {
                return Err(BindingProblem::MissingUsage { needed: "STORAGE_BINDING", has: format!("{:?}", t.usage()) });
            }
            if let Some(format) = b.format.and_then(storage_format).filter(|&f| f != t.format()) {
                return Err(BindingProblem::Format {
                    expected: format!("the storage format {format:?} (`{}`)", b.format.unwrap_or_default()),
                    found: format!("{:?}", t.format()),
                });
            }
            check_texel_type(b, t.format())
        }
        (Resource::Texture(t), BindingKind::SampledTexture | BindingKind::MultisampledTexture | BindingKind::DepthTexture) => {
            if !t.usage().contains(wgpu::TextureUsages::TEXTURE_BINDING) {
                return Err(BindingProblem::MissingUsage { needed: "TEXTURE_BINDING", has: format!("{:?}", t.usage()) });
            }
            check_texel_type(b, t.format())
        }
        (Resource::Sampler(s), BindingKind::Sampler | BindingKind::ComparisonSampler) => {
            if s.is_comparison() != (b.kind == BindingKind::ComparisonSampler) {
                let (expected, found) = if s.is_comparison() {
                    ("a filtering sampler", "a comparison sampler")
                } else {
                    ("a comparison sampler", "a filtering sampler")
                };
                return Err(BindingProblem::WrongKind { expected, found });
            }
            Ok(())
        }
        _ => Err(wrong_kind()),
    }
}
