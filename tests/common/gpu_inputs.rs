//! Deterministic inputs for differential runs (render_differential.rs, the compute
//! differentials): the resources a module declares, read from naga's reflection of it, each
//! filled with values that depend only on its type and position, so that two modules with the
//! same interface (ours and the reference compiler's) get byte-identical inputs; plus the SPIR-V
//! rewrites that let both modules run on the same bind group layouts (dense binding numbers for
//! wgpu passthrough, glslang's combined image samplers split as our wgpu target splits them).
//!
//! The values keep programs defined where a shader's control flow depends on them: integers in
//! buffers are small (0..3, usable as indices and loop counts), floats are small and exact in
//! binary, matrices are the identity plus small off-diagonal terms (so transforms keep geometry on
//! screen), runtime-sized arrays have [`RUNTIME_ARRAY_LEN`] elements.

use naga::{AddressSpace, ImageClass, ImageDimension, ScalarKind, TypeInner};
use shader_runtime::wgpu;

/// Elements given to a runtime-sized array.
pub const RUNTIME_ARRAY_LEN: u32 = 16;
/// The side of every sampled/storage texture (layers: 2 for arrays, 6/12 for cubes, 4 deep).
pub const TEXTURE_SIZE: u32 = 32;

/// What is bound at one `(group, binding)`.
#[derive(Clone, Debug, PartialEq)]
pub enum ResourceKind {
    Uniform,
    Storage { read_only: bool },
    Texture { sample: wgpu::TextureSampleType, dim: wgpu::TextureViewDimension, format: wgpu::TextureFormat },
    StorageTexture { access: wgpu::StorageTextureAccess, dim: wgpu::TextureViewDimension, format: wgpu::TextureFormat },
    Sampler { comparison: bool },
}

/// One resource with its initial contents (buffer bytes, or every texel of every layer).
#[derive(Clone, Debug)]
pub struct Resource {
    pub group: u32,
    pub binding: u32,
    pub kind: ResourceKind,
    pub data: Vec<u8>,
}

/// The resources of a module, and its push constants (wgpu immediates) if any.
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    pub resources: Vec<Resource>,
    pub immediates: Vec<u8>,
}

/// Why a module cannot be given deterministic inputs (a skip reason, counted by the callers).
pub type Unsupported = String;

/// Every global resource of `module` (all entry points' resources: a layout may hold more
/// than an entry point uses), filled deterministically.
pub fn inputs(module: &naga::Module) -> Result<Inputs, Unsupported> {
    inputs_sized(module, RUNTIME_ARRAY_LEN)
}

/// [`inputs`] with `runtime_len` elements in every runtime-sized array (the compute
/// differential gives one per invocation of a workgroup, so that `a[gl_LocalInvocationIndex]`
/// stays in bounds).
pub fn inputs_sized(module: &naga::Module, runtime_len: u32) -> Result<Inputs, Unsupported> {
    let layouter = layouter(module)?;
    let mut inputs = Inputs::default();
    for (_, global) in module.global_variables.iter() {
        let ty = &module.types[global.ty].inner;
        match global.space {
            AddressSpace::Immediate => {
                let size = buffer_size(module, &layouter, global.ty, runtime_len);
                inputs.immediates = fill_buffer(module, &layouter, global.ty, size as usize, runtime_len);
                continue;
            }
            AddressSpace::Uniform | AddressSpace::Storage { .. } | AddressSpace::Handle => {}
            _ => continue,
        }
        let Some(binding) = &global.binding else { continue };
        let kind = match (global.space, ty) {
            (AddressSpace::Uniform, _) => ResourceKind::Uniform,
            (AddressSpace::Storage { access }, _) => {
                ResourceKind::Storage { read_only: !access.contains(naga::StorageAccess::STORE) }
            }
            (_, TypeInner::Sampler { comparison }) => ResourceKind::Sampler { comparison: *comparison },
            (_, TypeInner::Image { dim, arrayed, class }) => image_kind(*dim, *arrayed, class)?,
            (_, TypeInner::BindingArray { .. }) => return Err("binding arrays".to_string()),
            (_, TypeInner::AccelerationStructure { .. }) => return Err("acceleration structures".to_string()),
            (_, other) => return Err(format!("a resource of type {other:?}")),
        };
        let data = match &kind {
            ResourceKind::Uniform | ResourceKind::Storage { .. } => {
                let size = buffer_size(module, &layouter, global.ty, runtime_len);
                fill_buffer(module, &layouter, global.ty, size as usize, runtime_len)
            }
            ResourceKind::Texture { dim, format, .. } | ResourceKind::StorageTexture { dim, format, .. } => {
                texture_data(*format, texture_extent(*dim))
            }
            ResourceKind::Sampler { .. } => Vec::new(),
        };
        inputs.resources.push(Resource { group: binding.group, binding: binding.binding, kind, data });
    }
    inputs.resources.sort_by_key(|r| (r.group, r.binding));
    Ok(inputs)
}

fn layouter(module: &naga::Module) -> Result<naga::proc::Layouter, Unsupported> {
    let mut layouter = naga::proc::Layouter::default();
    layouter.update(module.to_ctx()).map_err(|e| format!("naga cannot lay out the types: {e}"))?;
    Ok(layouter)
}

fn image_kind(dim: ImageDimension, arrayed: bool, class: &ImageClass) -> Result<ResourceKind, Unsupported> {
    let view = match (dim, arrayed) {
        (ImageDimension::D1, false) => wgpu::TextureViewDimension::D1,
        (ImageDimension::D2, false) => wgpu::TextureViewDimension::D2,
        (ImageDimension::D2, true) => wgpu::TextureViewDimension::D2Array,
        (ImageDimension::D3, false) => wgpu::TextureViewDimension::D3,
        (ImageDimension::Cube, false) => wgpu::TextureViewDimension::Cube,
        (ImageDimension::Cube, true) => wgpu::TextureViewDimension::CubeArray,
        (dim, arrayed) => return Err(format!("an image of dimension {dim:?} (arrayed: {arrayed})")),
    };
    Ok(match class {
        ImageClass::Sampled { multi: true, .. } | ImageClass::Depth { multi: true } => {
            return Err("multisampled textures".to_string())
        }
        ImageClass::Sampled { kind, .. } => {
            let (sample, format) = match kind {
                ScalarKind::Float => (wgpu::TextureSampleType::Float { filterable: true }, wgpu::TextureFormat::Rgba8Unorm),
                ScalarKind::Sint => (wgpu::TextureSampleType::Sint, wgpu::TextureFormat::Rgba32Sint),
                ScalarKind::Uint => (wgpu::TextureSampleType::Uint, wgpu::TextureFormat::Rgba32Uint),
                other => return Err(format!("a texture of {other:?}")),
            };
            ResourceKind::Texture { sample, dim: view, format }
        }
        // Depth16Unorm: the depth format a buffer-to-texture copy may write (WebGPU §26.1.2).
        ImageClass::Depth { .. } if view == wgpu::TextureViewDimension::D1 => return Err("1D depth textures (wgpu has none)".to_string()),
        ImageClass::Depth { .. } => {
            ResourceKind::Texture { sample: wgpu::TextureSampleType::Depth, dim: view, format: wgpu::TextureFormat::Depth16Unorm }
        }
        ImageClass::Storage { format, access } => {
            let format = wgpu_naga_bridge::map_storage_format_from_naga(*format);
            let access = match (access.contains(naga::StorageAccess::LOAD), access.contains(naga::StorageAccess::STORE)) {
                (true, true) => wgpu::StorageTextureAccess::ReadWrite,
                (true, false) => wgpu::StorageTextureAccess::ReadOnly,
                _ => wgpu::StorageTextureAccess::WriteOnly,
            };
            ResourceKind::StorageTexture { access, dim: view, format }
        }
        ImageClass::External => return Err("external textures".to_string()),
    })
}

/// Width, height and layers (or depth) of a texture of view dimension `dim`.
pub fn texture_extent(dim: wgpu::TextureViewDimension) -> wgpu::Extent3d {
    let (width, height, layers) = match dim {
        wgpu::TextureViewDimension::D1 => (TEXTURE_SIZE, 1, 1),
        wgpu::TextureViewDimension::D2 => (TEXTURE_SIZE, TEXTURE_SIZE, 1),
        wgpu::TextureViewDimension::D2Array => (TEXTURE_SIZE, TEXTURE_SIZE, 2),
        wgpu::TextureViewDimension::Cube => (TEXTURE_SIZE, TEXTURE_SIZE, 6),
        wgpu::TextureViewDimension::CubeArray => (TEXTURE_SIZE, TEXTURE_SIZE, 12),
        wgpu::TextureViewDimension::D3 => (TEXTURE_SIZE, TEXTURE_SIZE, 4),
    };
    wgpu::Extent3d { width, height, depth_or_array_layers: layers }
}

/// Texel bytes: every component a function of its index, in the range the format holds
/// exactly (unorm bytes, small integers, floats that are multiples of 1/8).
pub fn texture_data(format: wgpu::TextureFormat, extent: wgpu::Extent3d) -> Vec<u8> {
    let texels = (extent.width * extent.height * extent.depth_or_array_layers) as usize;
    let block = format.block_copy_size(None).unwrap_or(4) as usize;
    let mut data = Vec::with_capacity(texels * block);
    let components = format.components() as usize;
    for texel in 0..texels {
        for c in 0..components {
            let i = texel * components + c;
            let small = ((i * 7 + c * 3) % 4) as u32;
            let unit = ((i * 37 + c * 101) % 256) as f32 / 255.0;
            match (format.sample_type(None, None), block / components) {
                (Some(wgpu::TextureSampleType::Uint), width) => data.extend_from_slice(&small.to_le_bytes()[..width]),
                (Some(wgpu::TextureSampleType::Sint), width) => {
                    data.extend_from_slice(&(small as i32).to_le_bytes()[..width])
                }
                (Some(wgpu::TextureSampleType::Depth), 2) => data.extend_from_slice(&(((i * 4099) % 65536) as u16).to_le_bytes()),
                (_, 1) => data.push((unit * 255.0) as u8),
                (_, 2) => data.extend_from_slice(&half::f16::from_f32(unit * 2.0 - 0.5).to_le_bytes()),
                (_, _) => data.extend_from_slice(&(unit * 2.0 - 0.5).to_le_bytes()),
            }
        }
    }
    data.resize(texels * block, 0);
    data
}

/// The byte size of a buffer of type `ty`, a runtime-sized array at its end given
/// `runtime_len` elements.
fn buffer_size(module: &naga::Module, layouter: &naga::proc::Layouter, ty: naga::Handle<naga::Type>, runtime_len: u32) -> u32 {
    match &module.types[ty].inner {
        TypeInner::Array { size: naga::ArraySize::Dynamic, stride, .. } => stride * runtime_len,
        TypeInner::Struct { members, span } => match members.last() {
            Some(last) if matches!(module.types[last.ty].inner, TypeInner::Array { size: naga::ArraySize::Dynamic, .. }) => {
                last.offset + buffer_size(module, layouter, last.ty, runtime_len)
            }
            _ => *span,
        },
        _ => layouter[ty].size,
    }
}

/// A buffer of `size` bytes holding a value of type `ty`, filled by [`Filler`].
fn fill_buffer(module: &naga::Module, layouter: &naga::proc::Layouter, ty: naga::Handle<naga::Type>, size: usize, runtime_len: u32) -> Vec<u8> {
    let mut filler = Filler { module, layouter, bytes: vec![0; size.max(4)], counter: 0, runtime_len };
    filler.fill(ty, 0);
    filler.bytes
}

struct Filler<'a> {
    module: &'a naga::Module,
    layouter: &'a naga::proc::Layouter,
    bytes: Vec<u8>,
    counter: usize,
    runtime_len: u32,
}

impl Filler<'_> {
    fn put(&mut self, offset: u32, value: &[u8]) {
        let at = offset as usize;
        if let Some(slot) = self.bytes.get_mut(at..at + value.len()) {
            slot.copy_from_slice(value);
        }
    }

    fn scalar(&mut self, scalar: naga::Scalar, offset: u32, diagonal: Option<bool>) {
        self.counter += 1;
        let n = self.counter;
        match (scalar.kind, scalar.width) {
            (ScalarKind::Float, 4) => {
                let value = match diagonal {
                    Some(true) => 1.0,
                    Some(false) => ((n * 5) % 7) as f32 * 0.0625 - 0.1875,
                    None => [0.25, 0.5, 0.75, -0.5, 1.0, 0.125, 2.0, -0.25][n % 8],
                };
                self.put(offset, &f32::to_le_bytes(value));
            }
            (ScalarKind::Float, 2) => self.put(offset, &half::f16::from_f32([0.25, 0.5, -0.5, 1.0][n % 4]).to_le_bytes()),
            (ScalarKind::Float, 8) => self.put(offset, &[0.25f64, 0.5, -0.5, 1.0][n % 4].to_le_bytes()),
            (ScalarKind::Bool, _) => self.put(offset, &((n % 2) as u32).to_le_bytes()),
            (ScalarKind::Sint | ScalarKind::Uint, width) => {
                let value = (n % 4) as u64;
                self.put(offset, &value.to_le_bytes()[..width as usize]);
            }
            _ => {}
        }
    }

    fn fill(&mut self, ty: naga::Handle<naga::Type>, offset: u32) {
        let module = self.module;
        match &module.types[ty].inner {
            TypeInner::Scalar(scalar) => self.scalar(*scalar, offset, None),
            TypeInner::Atomic(_) => {}
            TypeInner::Vector { size, scalar } => {
                for i in 0..*size as u32 {
                    self.scalar(*scalar, offset + i * scalar.width as u32, None);
                }
            }
            TypeInner::Matrix { columns, rows, scalar } => {
                let column_stride = naga::proc::Alignment::from(*rows) * scalar.width as u32;
                for c in 0..*columns as u32 {
                    for r in 0..*rows as u32 {
                        self.scalar(*scalar, offset + c * column_stride + r * scalar.width as u32, Some(c == r));
                    }
                }
            }
            TypeInner::Array { base, size, stride } => {
                let count = match size {
                    naga::ArraySize::Constant(n) => n.get(),
                    _ => self.runtime_len,
                };
                for i in 0..count {
                    let at = offset + i * stride;
                    if at as usize >= self.bytes.len() {
                        break;
                    }
                    self.fill(*base, at);
                }
            }
            TypeInner::Struct { members, .. } => {
                for member in members {
                    self.fill(member.ty, offset + member.offset);
                }
            }
            _ => {}
        }
        let _ = self.layouter;
    }
}

// ---------------------------------------------------------------------------------------------
// Stage interface

/// One user-defined varying (a stage input or output at a location).
#[derive(Clone, Debug, PartialEq)]
pub struct Varying {
    pub location: u32,
    pub scalar: naga::Scalar,
    /// 1 to 4 components.
    pub components: u32,
    pub interpolation: Option<naga::Interpolation>,
    pub sampling: Option<naga::Sampling>,
}

/// The location-bound inputs and outputs of an entry point (struct members flattened), and the
/// built-ins among them, or why they cannot be fed/read (types a generated stage cannot give).
pub struct StageIo {
    pub inputs: Vec<Varying>,
    pub outputs: Vec<Varying>,
    pub builtin_inputs: Vec<naga::BuiltIn>,
    pub builtin_outputs: Vec<naga::BuiltIn>,
}

pub fn stage_io(module: &naga::Module, entry: &naga::EntryPoint) -> Result<StageIo, Unsupported> {
    let mut io = StageIo { inputs: Vec::new(), outputs: Vec::new(), builtin_inputs: Vec::new(), builtin_outputs: Vec::new() };
    for argument in &entry.function.arguments {
        collect(module, argument.ty, argument.binding.as_ref(), &mut io.inputs, &mut io.builtin_inputs)?;
    }
    if let Some(result) = &entry.function.result {
        collect(module, result.ty, result.binding.as_ref(), &mut io.outputs, &mut io.builtin_outputs)?;
    }
    io.inputs.sort_by_key(|v| v.location);
    io.outputs.sort_by_key(|v| v.location);
    Ok(io)
}

fn collect(
    module: &naga::Module,
    ty: naga::Handle<naga::Type>,
    binding: Option<&naga::Binding>,
    varyings: &mut Vec<Varying>,
    builtins: &mut Vec<naga::BuiltIn>,
) -> Result<(), Unsupported> {
    match (binding, &module.types[ty].inner) {
        (None, TypeInner::Struct { members, .. }) => {
            for member in members {
                collect(module, member.ty, member.binding.as_ref(), varyings, builtins)?;
            }
            Ok(())
        }
        (Some(naga::Binding::BuiltIn(builtin)), _) => {
            builtins.push(*builtin);
            Ok(())
        }
        (Some(naga::Binding::Location { location, interpolation, sampling, blend_src, per_primitive }), inner) => {
            if blend_src.is_some() {
                return Err("dual-source blending".to_string());
            }
            if *per_primitive {
                return Err("per-primitive varyings".to_string());
            }
            let (scalar, components) = match inner {
                TypeInner::Scalar(scalar) => (*scalar, 1),
                TypeInner::Vector { size, scalar } => (*scalar, *size as u32),
                other => return Err(format!("a varying of type {other:?}")),
            };
            if scalar.width != 4 {
                return Err(format!("a {}-byte varying", scalar.width));
            }
            varyings.push(Varying { location: *location, scalar, components, interpolation: *interpolation, sampling: *sampling });
            Ok(())
        }
        (None, other) => Err(format!("an entry point argument without binding of type {other:?}")),
    }
}

impl Varying {
    /// The WGSL type, e.g. `vec3<f32>`.
    pub fn wgsl_type(&self) -> String {
        let scalar = match self.scalar.kind {
            ScalarKind::Sint => "i32",
            ScalarKind::Uint => "u32",
            _ => "f32",
        };
        if self.components == 1 {
            scalar.to_string()
        } else {
            format!("vec{}<{scalar}>", self.components)
        }
    }

    /// The WGSL attributes, e.g. `@location(2) @interpolate(linear, centroid)`.
    pub fn wgsl_attributes(&self) -> String {
        let interpolation = match self.interpolation {
            Some(naga::Interpolation::Flat) => "flat",
            Some(naga::Interpolation::Linear) => "linear",
            _ if self.scalar.kind != ScalarKind::Float => "flat",
            _ => "perspective",
        };
        let sampling = match self.sampling {
            Some(naga::Sampling::Centroid) => ", centroid",
            Some(naga::Sampling::Sample) => ", sample",
            Some(naga::Sampling::First) => ", first",
            Some(naga::Sampling::Either) => ", either",
            _ if interpolation == "flat" => "",
            _ => ", center",
        };
        format!("@location({}) @interpolate({interpolation}{sampling})", self.location)
    }

    /// The vertex format of a vertex-buffer attribute of this type.
    pub fn vertex_format(&self) -> wgpu::VertexFormat {
        use wgpu::VertexFormat as F;
        match (self.scalar.kind, self.components) {
            (ScalarKind::Sint, 1) => F::Sint32,
            (ScalarKind::Sint, 2) => F::Sint32x2,
            (ScalarKind::Sint, 3) => F::Sint32x3,
            (ScalarKind::Sint, _) => F::Sint32x4,
            (ScalarKind::Uint, 1) => F::Uint32,
            (ScalarKind::Uint, 2) => F::Uint32x2,
            (ScalarKind::Uint, 3) => F::Uint32x3,
            (ScalarKind::Uint, _) => F::Uint32x4,
            (_, 1) => F::Float32,
            (_, 2) => F::Float32x2,
            (_, 3) => F::Float32x3,
            (_, _) => F::Float32x4,
        }
    }

    /// The colour target format an output of this type is written to (vec3 into four
    /// components: only the first three are compared).
    pub fn target_format(&self) -> wgpu::TextureFormat {
        use wgpu::TextureFormat as T;
        match (self.scalar.kind, self.components) {
            (ScalarKind::Sint, 1) => T::R32Sint,
            (ScalarKind::Sint, 2) => T::Rg32Sint,
            (ScalarKind::Sint, _) => T::Rgba32Sint,
            (ScalarKind::Uint, 1) => T::R32Uint,
            (ScalarKind::Uint, 2) => T::Rg32Uint,
            (ScalarKind::Uint, _) => T::Rgba32Uint,
            (_, 1) => T::R32Float,
            (_, 2) => T::Rg32Float,
            (_, _) => T::Rgba32Float,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// SPIR-V rewrites

const OP_DECORATE: u32 = 71;
const DECORATION_BINDING: u32 = 33;
const DECORATION_DESCRIPTOR_SET: u32 = 34;

/// `(descriptor set, binding)` of every decorated variable.
pub fn bindings(words: &[u32]) -> Vec<(u32, u32)> {
    let mut sets = std::collections::HashMap::new();
    let mut numbers = std::collections::HashMap::new();
    for (at, length) in instructions(words) {
        if words[at] & 0xFFFF == OP_DECORATE && length == 4 {
            match words[at + 2] {
                DECORATION_DESCRIPTOR_SET => {
                    sets.insert(words[at + 1], words[at + 3]);
                }
                DECORATION_BINDING => {
                    numbers.insert(words[at + 1], words[at + 3]);
                }
                _ => {}
            }
        }
    }
    let mut out: Vec<(u32, u32)> = numbers.iter().map(|(id, b)| (sets.get(id).copied().unwrap_or(0), *b)).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Renumbers the `Binding` decorations: `(set, binding)` becomes `(set, map(set, binding))`.
pub fn remap_bindings(words: &[u32], map: impl Fn(u32, u32) -> u32) -> Vec<u32> {
    let mut sets = std::collections::HashMap::new();
    for (at, length) in instructions(words) {
        if words[at] & 0xFFFF == OP_DECORATE && length == 4 && words[at + 2] == DECORATION_DESCRIPTOR_SET {
            sets.insert(words[at + 1], words[at + 3]);
        }
    }
    let mut out = words.to_vec();
    for (at, length) in instructions(words) {
        if words[at] & 0xFFFF == OP_DECORATE && length == 4 && words[at + 2] == DECORATION_BINDING {
            let set = sets.get(&words[at + 1]).copied().unwrap_or(0);
            out[at + 3] = map(set, words[at + 3]);
        }
    }
    out
}

/// Dense binding numbers (0..n in every group, in the order of the old numbers), which wgpu's
/// passthrough path needs: the map from old to new.
pub fn dense_map(bindings: &[(u32, u32)]) -> impl Fn(u32, u32) -> u32 + '_ {
    move |set, binding| bindings.iter().filter(|(s, b)| *s == set && *b < binding).count() as u32
}

/// Whether the module declares an array of descriptors (a variable in the Uniform,
/// StorageBuffer or UniformConstant storage class whose type is an array: GLSL's arrays of
/// blocks and of opaque types).
pub fn has_descriptor_arrays(words: &[u32]) -> bool {
    const OP_TYPE_ARRAY: u32 = 28;
    const OP_TYPE_RUNTIME_ARRAY: u32 = 29;
    const OP_TYPE_POINTER: u32 = 32;
    const OP_VARIABLE: u32 = 59;
    let mut arrays = std::collections::HashSet::new();
    let mut pointers_to_arrays = std::collections::HashSet::new();
    for (at, _) in instructions(words) {
        match words[at] & 0xFFFF {
            OP_TYPE_ARRAY | OP_TYPE_RUNTIME_ARRAY => {
                arrays.insert(words[at + 1]);
            }
            OP_TYPE_POINTER if arrays.contains(&words[at + 3]) => {
                pointers_to_arrays.insert(words[at + 1]);
            }
            // Storage classes UniformConstant (0), Uniform (2), StorageBuffer (12).
            OP_VARIABLE if pointers_to_arrays.contains(&words[at + 1]) && matches!(words[at + 3], 0 | 2 | 12) => return true,
            _ => {}
        }
    }
    false
}

/// `(start, length)` of every instruction after the header.
fn instructions(words: &[u32]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut at = 5;
    while let Some(&word) = words.get(at) {
        let length = (word >> 16) as usize;
        if length == 0 || at + length > words.len() {
            break;
        }
        out.push((at, length));
        at += length;
    }
    out
}

/// glslang's module with every combined image sampler split into an image at the same binding
/// and a sampler at binding + 100, as our wgpu target splits them (shader-core's
/// `WGPU_SAMPLER_BINDING_OFFSET`), with glslang's meaning: an array of combined samplers
/// becomes an array of images and one of samplers (an element of each at the same indices), a
/// parameter of a combined sampler (glslang passes a pointer) an image parameter followed by a
/// sampler parameter, and each `OpLoad` of one loads both and makes an `OpSampledImage`. Any
/// other use of a pointer to a combined sampler is an error (a skip reason).
pub fn split_combined_samplers(words: &[u32], sampler_offset: u32) -> Result<Vec<u32>, Unsupported> {
    use rspirv::dr::{Instruction, Operand};
    use rspirv::spirv::{Decoration, Op, StorageClass};
    use std::collections::HashMap;
    let mut module = rspirv::dr::load_words(words).map_err(|e| format!("rspirv cannot read glslang's module: {e}"))?;
    let mut bound = module.header.as_ref().map_or(0, |h| h.bound);
    let mut fresh = || {
        bound += 1;
        bound - 1
    };
    // %sampled_image_type -> %image_type
    let sampled: HashMap<u32, u32> = module
        .types_global_values
        .iter()
        .filter(|i| i.class.opcode == Op::TypeSampledImage)
        .filter_map(|i| Some((i.result_id?, i.operands[0].unwrap_id_ref())))
        .collect();
    if sampled.is_empty() {
        return Ok(words.to_vec());
    }
    let mut new_types = Vec::new();
    let sampler_type = match module.types_global_values.iter().find(|i| i.class.opcode == Op::TypeSampler) {
        Some(i) => i.result_id.unwrap_or(0),
        None => {
            let id = fresh();
            new_types.push(Instruction::new(Op::TypeSampler, None, Some(id), vec![]));
            id
        }
    };
    // Combined types (a combined sampler, arrays of them) -> (image side, sampler side), and
    // UniformConstant pointers to them -> (pointer to the image side, to the sampler side);
    // function types with such parameters -> the split function type.
    let mut pair: HashMap<u32, (u32, u32)> = sampled.iter().map(|(&si, &image)| (si, (image, sampler_type))).collect();
    let mut pointer_pair: HashMap<u32, (u32, u32)> = HashMap::new();
    let mut function_types: HashMap<u32, u32> = HashMap::new();
    for inst in &module.types_global_values {
        let Some(id) = inst.result_id else { continue };
        match inst.class.opcode {
            Op::TypeArray | Op::TypeRuntimeArray => {
                let Some(&(image, sampler)) = pair.get(&inst.operands[0].unwrap_id_ref()) else { continue };
                let mut halves = [0; 2];
                for (half, element) in halves.iter_mut().zip([image, sampler]) {
                    *half = fresh();
                    let mut operands = inst.operands.clone();
                    operands[0] = Operand::IdRef(element);
                    new_types.push(Instruction::new(inst.class.opcode, None, Some(*half), operands));
                }
                pair.insert(id, (halves[0], halves[1]));
            }
            Op::TypePointer if inst.operands[0] == Operand::StorageClass(StorageClass::UniformConstant) => {
                let Some(&(image, sampler)) = pair.get(&inst.operands[1].unwrap_id_ref()) else { continue };
                let mut halves = [0; 2];
                for (half, pointee) in halves.iter_mut().zip([image, sampler]) {
                    *half = fresh();
                    new_types.push(Instruction::new(Op::TypePointer, None, Some(*half), vec![inst.operands[0].clone(), Operand::IdRef(pointee)]));
                }
                pointer_pair.insert(id, (halves[0], halves[1]));
            }
            Op::TypeFunction if inst.operands[1..].iter().any(|o| pointer_pair.contains_key(&o.unwrap_id_ref())) => {
                let mut operands = vec![inst.operands[0].clone()];
                for o in &inst.operands[1..] {
                    match pointer_pair.get(&o.unwrap_id_ref()) {
                        Some(&(image, sampler)) => operands.extend([Operand::IdRef(image), Operand::IdRef(sampler)]),
                        None => operands.push(o.clone()),
                    }
                }
                let new = fresh();
                new_types.push(Instruction::new(Op::TypeFunction, None, Some(new), operands));
                function_types.insert(id, new);
            }
            _ => {}
        }
    }
    // Pointers to combined samplers (variables, access chains into them, parameters) -> the
    // pointer to the sampler half; the original id becomes the image half.
    let mut sampler_of: HashMap<u32, u32> = HashMap::new();
    // The variables move after the new types, each followed by its sampler variable.
    let mut moved = Vec::new();
    let mut kept = Vec::new();
    for mut inst in std::mem::take(&mut module.types_global_values) {
        let halves = inst.result_type.and_then(|t| pointer_pair.get(&t).copied());
        match (inst.class.opcode, halves) {
            (Op::Variable, Some((image, sampler))) => {
                inst.result_type = Some(image);
                let id = fresh();
                sampler_of.insert(inst.result_id.unwrap_or(0), id);
                moved.push(inst);
                moved.push(Instruction::new(Op::Variable, Some(sampler), Some(id), vec![Operand::StorageClass(StorageClass::UniformConstant)]));
            }
            _ => kept.push(inst),
        }
    }
    let variables: Vec<(u32, u32)> = sampler_of.iter().map(|(&v, &s)| (v, s)).collect();
    kept.extend(new_types);
    kept.extend(moved);
    module.types_global_values = kept;
    // Decorations: the sampler in the same set at binding + offset.
    let mut decorations = Vec::new();
    for inst in &module.annotations {
        if inst.class.opcode != Op::Decorate {
            continue;
        }
        let target = inst.operands[0].unwrap_id_ref();
        let Some(&sampler) = sampler_of.get(&target) else { continue };
        match inst.operands[1] {
            Operand::Decoration(Decoration::DescriptorSet) => {
                decorations.push(Instruction::new(Op::Decorate, None, None, vec![Operand::IdRef(sampler), inst.operands[1].clone(), inst.operands[2].clone()]))
            }
            Operand::Decoration(Decoration::Binding) => {
                let binding = match inst.operands[2] {
                    Operand::LiteralBit32(b) => b,
                    _ => 0,
                };
                decorations.push(Instruction::new(
                    Op::Decorate,
                    None,
                    None,
                    vec![Operand::IdRef(sampler), inst.operands[1].clone(), Operand::LiteralBit32(binding + sampler_offset)],
                ))
            }
            _ => {}
        }
    }
    module.annotations.extend(decorations);
    // SPIR-V 1.4 and later list every global in the entry point's interface.
    let version = module.header.as_ref().map_or((1, 0), |h| h.version());
    if version >= (1, 4) {
        for entry in &mut module.entry_points {
            let listed: Vec<u32> = variables.iter().filter(|(v, _)| entry.operands.contains(&Operand::IdRef(*v))).map(|(_, s)| *s).collect();
            entry.operands.extend(listed.into_iter().map(Operand::IdRef));
        }
    }
    // Functions: split parameters, then every use of a pointer to a combined sampler, in order
    // (a pointer is defined before it is used).
    for function in &mut module.functions {
        if let Some(def) = function.def.as_mut() {
            if let Some(&new) = def.operands.get(1).and_then(|o| function_types.get(&o.unwrap_id_ref())) {
                def.operands[1] = Operand::IdRef(new);
            }
        }
        let mut parameters = Vec::new();
        for mut param in std::mem::take(&mut function.parameters) {
            match param.result_type.and_then(|t| pointer_pair.get(&t).copied()) {
                Some((image, sampler)) => {
                    param.result_type = Some(image);
                    let id = fresh();
                    sampler_of.insert(param.result_id.unwrap_or(0), id);
                    parameters.push(param);
                    parameters.push(Instruction::new(Op::FunctionParameter, Some(sampler), Some(id), vec![]));
                }
                None => parameters.push(param),
            }
        }
        function.parameters = parameters;
        for block in &mut function.blocks {
            let mut rewritten = Vec::with_capacity(block.instructions.len());
            for mut inst in block.instructions.drain(..) {
                let operand_sampler = |o: &Operand| match o {
                    Operand::IdRef(id) => sampler_of.get(id).copied(),
                    _ => None,
                };
                match inst.class.opcode {
                    Op::AccessChain | Op::InBoundsAccessChain if operand_sampler(&inst.operands[0]).is_some() => {
                        let base = operand_sampler(&inst.operands[0]).unwrap_or(0);
                        let Some((image, sampler)) = inst.result_type.and_then(|t| pointer_pair.get(&t).copied()) else {
                            return Err("glslang's module indexes an array of combined image samplers to something else".to_string());
                        };
                        let id = fresh();
                        let mut operands = inst.operands.clone();
                        operands[0] = Operand::IdRef(base);
                        inst.result_type = Some(image);
                        sampler_of.insert(inst.result_id.unwrap_or(0), id);
                        rewritten.push(Instruction::new(inst.class.opcode, Some(sampler), Some(id), operands));
                        rewritten.push(inst);
                    }
                    Op::Load if operand_sampler(&inst.operands[0]).is_some() => {
                        let pointer = inst.operands[0].clone();
                        let sampler = operand_sampler(&pointer).unwrap_or(0);
                        let sampled_type = inst.result_type.unwrap_or(0);
                        let Some(&image_type) = sampled.get(&sampled_type) else {
                            return Err("glslang's module loads an array of combined image samplers whole".to_string());
                        };
                        let (image_value, sampler_value) = (fresh(), fresh());
                        rewritten.push(Instruction::new(Op::Load, Some(image_type), Some(image_value), vec![pointer]));
                        rewritten.push(Instruction::new(Op::Load, Some(sampler_type), Some(sampler_value), vec![Operand::IdRef(sampler)]));
                        rewritten.push(Instruction::new(
                            Op::SampledImage,
                            Some(sampled_type),
                            inst.result_id,
                            vec![Operand::IdRef(image_value), Operand::IdRef(sampler_value)],
                        ));
                    }
                    Op::FunctionCall => {
                        let mut operands = vec![inst.operands[0].clone()];
                        for o in &inst.operands[1..] {
                            operands.push(o.clone());
                            if let Some(sampler) = operand_sampler(o) {
                                operands.push(Operand::IdRef(sampler));
                            }
                        }
                        inst.operands = operands;
                        rewritten.push(inst);
                    }
                    op if inst.operands.iter().any(|o| operand_sampler(o).is_some()) => {
                        return Err(format!("glslang's module uses a combined image sampler in {op:?}"));
                    }
                    _ => rewritten.push(inst),
                }
            }
            block.instructions = rewritten;
        }
    }
    if let Some(header) = module.header.as_mut() {
        header.bound = bound;
    }
    use rspirv::binary::Assemble;
    Ok(module.assemble())
}
