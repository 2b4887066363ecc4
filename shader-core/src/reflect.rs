//! Reflection: what a compiled module exposes to the host (bindings, entry points, IO).
//!
//! [`reflect`] reads a validated IR module (as every back end sees it) and describes its
//! interface as plain serde data: the `shader reflect` command prints it as JSON, and the
//! macros and runtime build bind group layouts, vertex layouts and typed structs from it.
//!
//! Layouts are read from the IR (struct member offsets, struct spans, array strides,
//! `StructMember::matrix`), which the front end decided; only the sizes of scalars, vectors
//! and matrices are computed here. Output is deterministic: bindings are sorted by
//! (group, binding), stage inputs and outputs by location, everything else keeps declaration
//! order. Optional fields that do not apply are left out of the JSON rather than written as
//! `null`.

use crate::ir::consteval::{Evaluator, Rules, Value as ConstValue};
use crate::ir::{
    self, AddressSpace, ArraySize, Handle, ImageClass, ImageDimension, IoBinding, Literal,
    Module, ScalarKind, TypeInner,
};
use crate::ir::validate::Validated;
use crate::{layout, type_names};
use serde::Serialize;

/// Everything a host needs to know about a shader module's interface.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reflection {
    /// Entry points, in the order of `Module::entry_points`.
    pub entry_points: Vec<EntryPoint>,
    /// Every resource binding (buffers, textures, samplers), sorted by (group, binding);
    /// resources that alias one binding keep declaration order.
    pub bindings: Vec<Binding>,
    /// Push-constant blocks (wgpu "immediates"), in declaration order. Vulkan allows one per
    /// entry point.
    pub push_constants: Vec<PushConstant>,
    /// Specialization constants (WGSL `override`, GLSL `constant_id`), in declaration order.
    pub specialization_constants: Vec<SpecializationConstant>,
    /// AGSL modules: the uniforms (with their AGSL types and `layout(color)`) and the child
    /// shaders' texture and sampler bindings ([`crate::glsl::agsl`]). Filled by
    /// [`reflect_compiled`]; the IR alone does not know it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agsl: Option<AgslInterface>,
}

/// [`reflect`] plus what only the compilation knows (the AGSL interface).
pub fn reflect_compiled(compiled: &crate::Compiled) -> Reflection {
    Reflection { agsl: compiled.agsl.clone(), ..reflect(&compiled.ir) }
}

/// A pipeline stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Vertex,
    Fragment,
    Compute,
}

impl From<ir::Stage> for Stage {
    fn from(stage: ir::Stage) -> Stage {
        match stage {
            ir::Stage::Vertex => Stage::Vertex,
            ir::Stage::Fragment => Stage::Fragment,
            ir::Stage::Compute => Stage::Compute,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EntryPoint {
    /// The `OpEntryPoint` name.
    pub name: String,
    pub stage: Stage,
    /// Compute only: the workgroup size (the override's default in overridden dimensions).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workgroup_size: Option<[u32; 3]>,
    /// Compute only: per dimension, the SpecId of the specialization constant that sizes it,
    /// or `null` when the dimension is fixed. On the wgpu target the module holds the
    /// default size (naga's SPIR-V reader specializes none), and the runtime refuses another
    /// value for such a constant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workgroup_size_overrides: Option<[Option<u32>; 3]>,
    /// Compute only, and only when a dimension has one: per dimension, a size computed from
    /// specialization constants (a WGSL override-expression, `@workgroup_size(n * 2)`), as
    /// its `OpSpecConstantOp`s compute it, in postfix order ([`SizeStep`]); `null` for the
    /// other dimensions. The Vulkan target's module computes it itself; the wgpu target's
    /// holds the size at the constants' defaults (naga reads no `OpSpecConstantOp`), and the
    /// runtime computes a pipeline's size from these steps and writes it into the words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workgroup_size_expressions: Option<[Option<Vec<SizeStep>>; 3]>,
    /// Vertex only: the user-defined (`location`) inputs, sorted by location. Built-ins such as
    /// the vertex index are not listed: the host does not feed them from vertex buffers.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub vertex_inputs: Vec<VertexInput>,
    /// Fragment only: the colour outputs, sorted by location (then blend source).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fragment_outputs: Vec<FragmentOutput>,
}

/// One step of a workgroup size computed from specialization constants
/// ([`EntryPoint::workgroup_size_expressions`]), on a stack of 32-bit values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SizeStep {
    /// Push the value of the specialization constant with this SpecId (its 32 bits: an `i32`
    /// as two's complement, a `bool` as 0 or 1).
    Constant(u32),
    /// Push these 32 bits.
    Literal(u32),
    /// Pop `operands` values and push what the SPIR-V instruction numbered `opcode` (SPIR-V
    /// 3.52.12: 128 `OpIAdd`, 132 `OpIMul`, ...) gives for them, as `OpSpecConstantOp` does.
    Op { opcode: u32, operands: u32 },
}

/// One vertex attribute.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VertexInput {
    pub location: u32,
    /// The variable's name in the shader.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The attribute's type, spelled like WGSL (`vec3<f32>`).
    #[serde(rename = "type")]
    pub ty: String,
    /// The wgpu `VertexFormat` (snake_case, e.g. `float32x3`) that feeds one location of this
    /// input; `null` when wgpu has none (3-component 8/16-bit vectors, booleans).
    pub format: Option<&'static str>,
    /// Consecutive locations the input occupies when more than one (matrices take one per
    /// column, arrays one per element; GLSL 4.60 §4.4.1: `dvec3`/`dvec4` take two).
    #[serde(skip_serializing_if = "is_one")]
    pub location_count: u32,
}

/// One fragment colour output.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FragmentOutput {
    pub location: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(rename = "type")]
    pub ty: String,
    /// Dual-source blending index (WGSL `@blend_src`), when given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blend_src: Option<u32>,
}

/// What kind of descriptor a binding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BindingKind {
    UniformBuffer,
    StorageBuffer,
    SampledTexture,
    MultisampledTexture,
    /// A depth texture (also when multisampled; see `texture.multisampled`).
    DepthTexture,
    StorageTexture,
    Sampler,
    ComparisonSampler,
    /// A combined image sampler (GLSL `sampler2D` for the Vulkan target).
    CombinedImageSampler,
}

/// How a storage buffer or storage texture may be accessed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Access {
    Read,
    Write,
    ReadWrite,
}

impl From<ir::StorageAccess> for Access {
    fn from(access: ir::StorageAccess) -> Access {
        match (access.load, access.store) {
            (false, true) => Access::Write,
            (true, true) => Access::ReadWrite,
            // GLSL `readonly writeonly` allows neither; read is the weakest descriptor type.
            (_, false) => Access::Read,
        }
    }
}

/// One resource binding (a descriptor, or a descriptor array).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Binding {
    /// Bind group (descriptor set).
    pub group: u32,
    pub binding: u32,
    /// The variable's name; for a GLSL block without an instance name, the block's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub kind: BindingKind,
    /// Storage buffers and storage textures only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access: Option<Access>,
    /// The resource's type spelled like WGSL: `Params`, `array<Particle>`, `texture_2d<f32>`,
    /// `binding_array<sampler, 4>`.
    #[serde(rename = "type")]
    pub ty: String,
    /// Descriptor arrays: the number of descriptors. Absent for single resources and for
    /// runtime-sized descriptor arrays (see `count_unbounded`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// A runtime-sized descriptor array (GLSL `texture2D t[]`).
    #[serde(skip_serializing_if = "is_false")]
    pub count_unbounded: bool,
    /// Uniform and storage buffers: the memory layout.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub buffer: Option<BufferLayout>,
    /// Textures, storage textures and combined image samplers: the image's shape.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub texture: Option<TextureInfo>,
    /// Stages of the entry points that use the binding; every entry point's stage when none
    /// uses it (it is declared, so a pipeline layout still has to provide it).
    pub stages: Vec<Stage>,
}

/// The memory layout of a buffer (or push-constant block).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BufferLayout {
    /// The minimum binding size in bytes (wgpu `min_binding_size`): the whole block, and for a
    /// block ending in a runtime-sized array the fixed part plus one element.
    pub size: u32,
    /// For a block ending in (or being) a runtime-sized array: the element stride, so `n`
    /// elements need `size + (n - 1) * runtime_array_stride` bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runtime_array_stride: Option<u32>,
    /// When the block's type is itself an array: its stride.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub array_stride: Option<u32>,
    /// When the block's type is a struct: its members.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<Member>,
}

/// One struct member, with its layout.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Member {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Byte offset from the start of the enclosing struct (SPIR-V `Offset`).
    pub offset: u32,
    /// Size in bytes; a runtime-sized array counts one element.
    pub size: u32,
    #[serde(rename = "type")]
    pub ty: String,
    /// Arrays: the stride of the outermost array dimension (SPIR-V `ArrayStride`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub array_stride: Option<u32>,
    /// Arrays: the element count of the outermost dimension; absent when runtime-sized.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub array_length: Option<u32>,
    /// Matrices and arrays of matrices: the stride between columns (rows when row-major).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matrix_stride: Option<u32>,
    /// Matrices and arrays of matrices: whether stored row by row (GLSL `row_major`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row_major: Option<bool>,
    /// Structs and arrays of structs: the (element) struct's members, offsets relative to
    /// the element.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<Member>,
}

/// The shape of a texture binding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TextureInfo {
    /// `1d`, `2d`, `3d`, `cube`, `buffer` (texel buffers) or `subpass` (input attachments).
    pub dimension: &'static str,
    pub arrayed: bool,
    pub multisampled: bool,
    /// Sampled textures: `float`, `sint`, `uint` or `depth`; storage textures: the texel type
    /// (`float`, `sint`, `uint`), which for a GLSL image without a format qualifier (`format`
    /// `unknown`: `uimage2D`) only this says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sample_type: Option<&'static str>,
    /// Storage textures: the texel format, spelled like WGSL/wgpu (`rgba8unorm`), or
    /// `unknown` (GLSL images without a format qualifier).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<&'static str>,
}

/// One push-constant block.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PushConstant {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(rename = "type")]
    pub ty: String,
    #[serde(flatten)]
    pub layout: BufferLayout,
    /// As for [`Binding::stages`].
    pub stages: Vec<Stage>,
}

/// One specialization constant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpecializationConstant {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The SpecId: the declared one, or the one the back end assigns (see [`ir::interface::override_ids`]).
    pub id: u32,
    #[serde(rename = "type")]
    pub ty: String,
    /// The default value when it is a constant; absent when there is no default or the
    /// default is an expression this module cannot fold.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    /// The variables (module-scope, then function-local) holding an array whose length follows
    /// this constant (GLSL arrays sized by `constant_id` constants, WGSL override-sized
    /// workgroup arrays), by name (an unnamed one by its type). On the
    /// Vulkan target their `OpTypeArray` length is the specialization constant; on the wgpu
    /// target it is the default (naga reads no specialization-constant lengths), so the
    /// runtime refuses another value for such a constant there.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sizes_arrays: Vec<String>,
    /// The least value a pipeline may give this constant: one more than the greatest constant
    /// index into an array it sizes (WGSL §8.7: a constant index out of bounds of an
    /// override-sized array is a pipeline-creation error), and at least 1 (an array needs an
    /// element); where such an array's length is an expression that grows with it (`N * 2`,
    /// `N + M`), the least value whose length is still long enough, each constant of the
    /// expression in turn with the ones before it at their least values
    /// ([`crate::spec_length::least_values`]). Absent when nothing bounds it (an unsigned
    /// constant whose least value would be 0). The runtime refuses a smaller value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub least_value: Option<u32>,
    /// A constant index reaches an array whose length is an expression of this constant that
    /// does not grow with it (`8 - N`, `N % 4`): only the default is known to keep the index in
    /// bounds; or the module reads it at its default where SPIR-V takes only a constant (a
    /// GL_KHR_memory_scope_semantics scope or semantics, [`ir::Module::fixed_overrides`]). The
    /// runtime refuses any other value.
    #[serde(skip_serializing_if = "is_false")]
    pub keeps_default: bool,
}

/// A scalar constant. Floats are printed with the shortest decimal that round-trips at their
/// own width (an `f32` 0.1 prints as `0.1`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(f64),
}

/// Describes the interface of `module`.
pub fn reflect(validated: &Validated) -> Reflection {
    let module = validated.module();
    let ids = ir::interface::override_ids(module);
    let usage: Vec<&[Handle<ir::GlobalVariable>]> =
        module.entry_points.iter().map(|ep| validated.info().function(ep.function).globals()).collect();
    let single_entry = module.entry_points.len() == 1;
    let stages_using = |global: Handle<ir::GlobalVariable>| -> Vec<Stage> {
        let mut stages: Vec<Stage> = module
            .entry_points
            .iter()
            .zip(&usage)
            .filter(|(_, used)| used.contains(&global))
            .map(|(ep, _)| ep.stage.into())
            .collect();
        if stages.is_empty() {
            stages = module.entry_points.iter().map(|ep| ep.stage.into()).collect();
        }
        stages.sort();
        stages.dedup();
        stages
    };

    let entry_points = module
        .entry_points
        .iter()
        .zip(&usage)
        .map(|(ep, used)| {
            // With one entry point every stage variable is its own (GLSL declares the
            // interface whether or not `main` touches it); with several, only what it uses.
            let owns = |g: Handle<ir::GlobalVariable>| single_entry || used.contains(&g);
            let compute = ep.stage == ir::Stage::Compute;
            EntryPoint {
                name: ep.name.clone(),
                stage: ep.stage.into(),
                workgroup_size: compute.then_some(ep.workgroup_size),
                // An override-expression's dimension has no SpecId of its own: it is listed
                // with its computation instead.
                workgroup_size_overrides: compute.then(|| {
                    ep.workgroup_size_overrides
                        .map(|o| o.filter(|&h| ir::interface::is_specializable(module, h)).and_then(|h| ids.get(h.index()).copied()))
                }),
                workgroup_size_expressions: Some(ep.workgroup_size_overrides.map(|o| {
                    o.filter(|&h| compute && !ir::interface::is_specializable(module, h)).and_then(|h| crate::spirv::spec_steps(module, h, &ids))
                }))
                .filter(|dims| dims.iter().any(Option::is_some)),
                vertex_inputs: if ep.stage == ir::Stage::Vertex { vertex_inputs(module, owns) } else { Vec::new() },
                fragment_outputs: if ep.stage == ir::Stage::Fragment {
                    fragment_outputs(module, owns)
                } else {
                    Vec::new()
                },
            }
        })
        .collect();

    let mut bindings = Vec::new();
    let mut push_constants = Vec::new();
    for (handle, global) in module.globals.iter() {
        match global.space {
            AddressSpace::PushConstant => push_constants.push(PushConstant {
                name: global.name.clone(),
                ty: type_names::wgsl(&module.types, global.ty),
                layout: buffer_layout(module, global.ty),
                stages: stages_using(handle),
            }),
            AddressSpace::Uniform | AddressSpace::Storage { .. } | AddressSpace::Handle => {
                // Validated modules bind every resource; an unbound one has nothing to report.
                if let Some(binding) = global.binding {
                    bindings.push(resource_binding(module, global, binding, stages_using(handle)));
                }
            }
            _ => {}
        }
    }
    bindings.sort_by_key(|b| (b.group, b.binding));

    // Overrides without a SpecId of their own (array lengths' and GLSL `const` expressions of
    // specialization constants) follow the ones listed.
    let mut sized = sized_arrays(module);
    let least = crate::spec_length::least_values(module);
    let specialization_constants = module
        .overrides
        .iter()
        .filter(|&(handle, _)| ir::interface::is_specializable(module, handle))
        .map(|(handle, o)| SpecializationConstant {
            name: o.name.clone(),
            id: ids[handle.index()],
            ty: type_names::wgsl(&module.types, o.ty),
            default: o.init.and_then(|_| default_value(module, handle)),
            sizes_arrays: std::mem::take(&mut sized[handle.index()]),
            least_value: least.get(handle.index()).and_then(|b| b.least),
            keeps_default: least.get(handle.index()).is_some_and(|b| b.keeps_default) || module.fixed_overrides.contains(&handle),
        })
        .collect();

    Reflection { entry_points, bindings, push_constants, specialization_constants, agsl: None }
}

/// For every override (by index), the names of the variables whose type holds an array whose
/// length follows it ([`ArraySize::Specialized`], through id-less overrides to the
/// specializable ones, [`ir::interface::roots`]): globals in declaration order, then each
/// function's locals.
fn sized_arrays(module: &Module) -> Vec<Vec<String>> {
    fn lengths(module: &Module, ty: Handle<ir::Type>, depth: u32, out: &mut Vec<Handle<ir::Override>>) {
        if depth > 64 {
            return;
        }
        match module.types[ty].inner {
            TypeInner::Array { base, size, .. } | TypeInner::BindingArray { base, size } => {
                if let ArraySize::Specialized { length, .. } = size {
                    for root in ir::interface::roots(module, length) {
                        if !out.contains(&root) {
                            out.push(root);
                        }
                    }
                }
                lengths(module, base, depth + 1, out);
            }
            TypeInner::Struct { ref members, .. } => members.iter().for_each(|m| lengths(module, m.ty, depth + 1, out)),
            _ => {}
        }
    }
    let mut sized = vec![Vec::new(); module.overrides.len()];
    let globals = module.globals.iter().map(|(_, g)| (g.name.as_deref(), g.ty));
    let locals = module.functions.iter().flat_map(|(_, f)| f.locals.iter().map(|(_, l)| (l.name.as_deref(), l.ty)));
    for (name, ty) in globals.chain(locals) {
        let mut roots = Vec::new();
        lengths(module, ty, 0, &mut roots);
        for root in roots {
            let name = name.map_or_else(|| type_names::wgsl(&module.types, ty), str::to_string);
            if !sized[root.index()].contains(&name) {
                sized[root.index()].push(name);
            }
        }
    }
    sized
}

/// The AGSL interface of a compiled module (the ABI in [`crate::glsl::agsl`]'s module doc), for
/// hosts and reflection.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AgslInterface {
    /// The uniform block; absent when the shader has no uniforms other than children.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uniforms: Option<AgslUniformBlock>,
    /// `uniform shader` children in declaration order.
    pub shaders: Vec<AgslChildShader>,
    /// The location of the premultiplied `vec4` colour output (always 0).
    pub color_output: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AgslUniformBlock {
    pub group: u32,
    pub binding: u32,
    /// The block's type name (`AgslUniforms`).
    pub name: String,
    /// std140 size in bytes.
    pub size: u32,
    pub members: Vec<AgslUniform>,
}

/// One uniform, as a member of the block.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AgslUniform {
    pub name: String,
    /// The type as written in the AGSL source (`half4`, `float[3]`, `Light`).
    #[serde(rename = "type")]
    pub ty: String,
    pub offset: u32,
    pub size: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub array_length: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub array_stride: Option<u32>,
    /// Declared `layout(color)`.
    pub color: bool,
}

/// One `uniform shader`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AgslChildShader {
    pub name: String,
    pub group: u32,
    pub texture_binding: u32,
    pub sampler_binding: u32,
}

// ---------------------------------------------------------------------------------------------
// Resources

fn resource_binding(
    module: &Module,
    global: &ir::GlobalVariable,
    binding: ir::ResourceBinding,
    stages: Vec<Stage>,
) -> Binding {
    // A descriptor array describes its element; the array only contributes the count.
    let (element, count, count_unbounded) = match *module.inner(global.ty) {
        TypeInner::BindingArray { base, size: ArraySize::Constant(n) } => (base, Some(n), false),
        TypeInner::BindingArray { base, size: ArraySize::Dynamic } => (base, None, true),
        _ => (global.ty, None, false),
    };
    let name = global.name.clone().or_else(|| module.types[element].name.clone());
    let mut access = None;
    let mut buffer = None;
    let mut texture = None;
    let kind = match global.space {
        AddressSpace::Uniform => {
            buffer = Some(buffer_layout(module, element));
            BindingKind::UniformBuffer
        }
        AddressSpace::Storage { access: a } => {
            access = Some(a.into());
            buffer = Some(buffer_layout(module, element));
            BindingKind::StorageBuffer
        }
        _ => {
            let image = match *module.inner(element) {
                TypeInner::SampledImage { image } => Some((image, true)),
                TypeInner::Image { .. } => Some((element, false)),
                _ => None,
            };
            match image.map(|(image, combined)| (module.inner(image), combined)) {
                Some((&TypeInner::Image { dim, arrayed, class }, combined)) => {
                    let (kind, info) = texture_info(dim, arrayed, class);
                    if let ImageClass::Storage { access: a, .. } = class {
                        access = Some(a.into());
                    }
                    texture = Some(info);
                    if combined {
                        BindingKind::CombinedImageSampler
                    } else {
                        kind
                    }
                }
                _ => match *module.inner(element) {
                    TypeInner::Sampler { comparison: true } => BindingKind::ComparisonSampler,
                    // Anything else in the handle space is a sampler in a valid module.
                    _ => BindingKind::Sampler,
                },
            }
        }
    };
    Binding {
        group: binding.group,
        binding: binding.binding,
        name,
        kind,
        access,
        ty: type_names::wgsl(&module.types, global.ty),
        count,
        count_unbounded,
        buffer,
        texture,
        stages,
    }
}

fn texture_info(dim: ImageDimension, arrayed: bool, class: ImageClass) -> (BindingKind, TextureInfo) {
    let dimension = crate::type_names::wgsl_dimension(dim);
    let mut info = TextureInfo { dimension, arrayed, multisampled: false, sample_type: None, format: None };
    let kind = match class {
        ImageClass::Sampled { kind, multisampled } => {
            info.multisampled = multisampled;
            info.sample_type = Some(sample_type(kind));
            if multisampled {
                BindingKind::MultisampledTexture
            } else {
                BindingKind::SampledTexture
            }
        }
        ImageClass::Depth { multisampled } => {
            info.multisampled = multisampled;
            info.sample_type = Some("depth");
            BindingKind::DepthTexture
        }
        ImageClass::Storage { format, .. } => {
            info.format = Some(type_names::wgsl_format(format));
            info.sample_type = Some(sample_type(format.scalar_kind()));
            BindingKind::StorageTexture
        }
    };
    (kind, info)
}

fn sample_type(kind: ScalarKind) -> &'static str {
    match kind {
        ScalarKind::Sint => "sint",
        ScalarKind::Uint => "uint",
        // Bool textures do not exist; float is what a front end would have meant.
        ScalarKind::Float | ScalarKind::Bool => "float",
    }
}

// ---------------------------------------------------------------------------------------------
// Memory layouts

fn buffer_layout(module: &Module, ty: Handle<ir::Type>) -> BufferLayout {
    match *module.inner(ty) {
        TypeInner::Struct { ref members, span } => {
            let runtime_array_stride = members.last().and_then(|last| match *module.inner(last.ty) {
                TypeInner::Array { size: ArraySize::Dynamic, stride, .. } => Some((last.offset, stride)),
                _ => None,
            });
            // The span is authoritative when the front end rounded it up to the struct's
            // alignment; a span that stops short of the first runtime element is extended.
            let size = match runtime_array_stride {
                Some((offset, stride)) => span.max(offset.saturating_add(stride)),
                None => span,
            };
            BufferLayout {
                size,
                runtime_array_stride: runtime_array_stride.map(|(_, stride)| stride),
                array_stride: None,
                members: struct_members(module, members, 0),
            }
        }
        TypeInner::Array { size, stride, .. } => BufferLayout {
            size: layout::laid_out_size(&module.types, ty, None),
            runtime_array_stride: (size == ArraySize::Dynamic).then_some(stride),
            array_stride: Some(stride),
            members: Vec::new(),
        },
        _ => BufferLayout {
            size: layout::laid_out_size(&module.types, ty, None),
            runtime_array_stride: None,
            array_stride: None,
            members: Vec::new(),
        },
    }
}

/// Types nest at most this deep in reflection output; a deeper (or cyclic, invalid) type is
/// cut off rather than recursed into forever.
const MAX_DEPTH: u32 = 64;

fn struct_members(module: &Module, members: &[ir::StructMember], depth: u32) -> Vec<Member> {
    if depth > MAX_DEPTH {
        return Vec::new();
    }
    members
        .iter()
        .map(|m| {
            let mut member = Member {
                name: m.name.clone(),
                offset: m.offset,
                size: layout::laid_out_size(&module.types, m.ty, m.matrix),
                ty: type_names::wgsl(&module.types, m.ty),
                array_stride: None,
                array_length: None,
                matrix_stride: None,
                row_major: None,
                members: Vec::new(),
            };
            if let TypeInner::Array { size, stride, .. } = *module.inner(m.ty) {
                member.array_stride = Some(stride);
                member.array_length = size.count();
            }
            // Strip array dimensions to reach what the elements are.
            let mut element = m.ty;
            for _ in 0..MAX_DEPTH {
                match *module.inner(element) {
                    TypeInner::Array { base, .. } => element = base,
                    _ => break,
                }
            }
            match *module.inner(element) {
                TypeInner::Matrix { columns, rows, scalar } => {
                    let layout = m.matrix.unwrap_or_else(|| layout::default_matrix_layout(columns, rows, scalar));
                    member.matrix_stride = Some(layout.stride);
                    member.row_major = Some(layout.row_major);
                }
                TypeInner::Struct { ref members, .. } => member.members = struct_members(module, members, depth + 1),
                _ => {}
            }
            member
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Stage interface

fn vertex_inputs(module: &Module, owns: impl Fn(Handle<ir::GlobalVariable>) -> bool) -> Vec<VertexInput> {
    let mut inputs: Vec<VertexInput> = module
        .globals
        .iter()
        .filter(|&(h, g)| g.space == AddressSpace::Input && owns(h))
        .filter_map(|(_, g)| match g.io {
            Some(IoBinding::Location { location, .. }) => Some(VertexInput {
                location,
                name: g.name.clone(),
                ty: type_names::wgsl(&module.types, g.ty),
                format: vertex_format(module, g.ty),
                location_count: ir::interface::location_count(module, g.ty),
            }),
            _ => None,
        })
        .collect();
    inputs.sort_by_key(|i| i.location);
    inputs
}

fn fragment_outputs(module: &Module, owns: impl Fn(Handle<ir::GlobalVariable>) -> bool) -> Vec<FragmentOutput> {
    let mut outputs: Vec<FragmentOutput> = module
        .globals
        .iter()
        .filter(|&(h, g)| g.space == AddressSpace::Output && owns(h))
        .filter_map(|(_, g)| match g.io {
            Some(IoBinding::Location { location, blend_src, .. }) => {
                Some(FragmentOutput { location, name: g.name.clone(), ty: type_names::wgsl(&module.types, g.ty), blend_src })
            }
            _ => None,
        })
        .collect();
    outputs.sort_by_key(|o| (o.location, o.blend_src));
    outputs
}

/// The wgpu `VertexFormat` feeding one location of an input of type `ty`.
fn vertex_format(module: &Module, ty: Handle<ir::Type>) -> Option<&'static str> {
    let (scalar, n) = match *module.inner(ty) {
        TypeInner::Scalar(s) => (s, 1),
        TypeInner::Vector { size, scalar } => (scalar, size as usize),
        // One column per location.
        TypeInner::Matrix { rows, scalar, .. } => (scalar, rows as usize),
        TypeInner::Array { base, .. } => return vertex_format(module, base),
        _ => return None,
    };
    let table: [Option<&'static str>; 4] = match (scalar.kind, scalar.width) {
        (ScalarKind::Float, 4) => [Some("float32"), Some("float32x2"), Some("float32x3"), Some("float32x4")],
        (ScalarKind::Float, 2) => [Some("float16"), Some("float16x2"), None, Some("float16x4")],
        (ScalarKind::Float, 8) => [Some("float64"), Some("float64x2"), Some("float64x3"), Some("float64x4")],
        (ScalarKind::Uint, 4) => [Some("uint32"), Some("uint32x2"), Some("uint32x3"), Some("uint32x4")],
        (ScalarKind::Sint, 4) => [Some("sint32"), Some("sint32x2"), Some("sint32x3"), Some("sint32x4")],
        (ScalarKind::Uint, 2) => [Some("uint16"), Some("uint16x2"), None, Some("uint16x4")],
        (ScalarKind::Sint, 2) => [Some("sint16"), Some("sint16x2"), None, Some("sint16x4")],
        (ScalarKind::Uint, 1) => [Some("uint8"), Some("uint8x2"), None, Some("uint8x4")],
        (ScalarKind::Sint, 1) => [Some("sint8"), Some("sint8x2"), None, Some("sint8x4")],
        _ => [None; 4],
    };
    table[n - 1]
}

// ---------------------------------------------------------------------------------------------
// Constant values

/// An override's default, at the defaults of the overrides it uses, as reflection reports it:
/// evaluated by [`ir::consteval`] with [`Rules::Exact`], so an integer that overflows its type
/// has no default (reflection reports none rather than a wrong one). Specialization constants
/// are scalars (SPIR-V §2.12); anything else has no simple default.
fn default_value(module: &Module, o: Handle<ir::Override>) -> Option<Value> {
    let ConstValue::Scalar(literal) = Evaluator::new(module, Rules::Exact).override_default(o)? else { return None };
    Some(match literal {
        Literal::Bool(b) => Value::Bool(b),
        Literal::I32(v) => Value::Int(v as i64),
        Literal::I64(v) => Value::Int(v),
        Literal::U32(v) => Value::Uint(v as u64),
        Literal::U64(v) => Value::Uint(v),
        Literal::SmallInt { value, scalar } if scalar.kind == ScalarKind::Uint => Value::Uint(value as u32 as u64),
        Literal::SmallInt { value, .. } => Value::Int(value as i64),
        Literal::F16(v) => Value::Float(round_to_width(v.to_f64(), 2)),
        Literal::F32(v) => Value::Float(round_to_width(v as f64, 4)),
        Literal::F64(v) => Value::Float(v),
    })
}

/// Rounds to an `f16`/`f32` and back to the shortest `f64` that prints the same decimal, so
/// JSON shows `0.1` for an `f32` 0.1 rather than `0.10000000149011612`.
fn round_to_width(v: f64, width: u8) -> f64 {
    let text = match width {
        2 => half::f16::from_f64(v).to_string(),
        4 => (v as f32).to_string(),
        _ => return v,
    };
    text.parse().unwrap_or(v)
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

fn is_false(b: &bool) -> bool {
    !*b
}
