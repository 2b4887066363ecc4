//! How types are spelled: one namer per language, used by diagnostics, validator and layout
//! messages, and reflection.
//!
//! - [`wgsl`]: WGSL's spelling (`vec3<f32>`, `texture_storage_2d<rgba8unorm, write>`). It is
//!   also the spelling of reflection and of messages that belong to no language (the IR
//!   validator's, layout errors); types WGSL lacks get WGSL-style names
//!   (`combined_image_sampler<texture_2d<f32>>`, `texture_buffer<f32>`, `i8`).
//! - [`glsl`]: GLSL's (`vec3`, `dmat4`, `uint64_t`, `float[4]`), for the GLSL and AGSL
//!   front ends.
//!
//! Both are total over unvalidated IR: a handle outside the arena or a cyclic type is printed,
//! not followed forever.

use crate::ir::{AddressSpace, ArraySize, Handle, ImageClass, ImageDimension, Scalar, ScalarKind, StorageFormat, Type, TypeInner, UniqueArena};
use std::fmt::Write;

/// Types nest at most this deep in a name; deeper (cyclic, invalid) types print `...`.
const MAX_DEPTH: u32 = 64;

/// The WGSL spelling of `ty`: a struct by its name.
pub fn wgsl(types: &UniqueArena<Type>, ty: Handle<Type>) -> String {
    let mut out = String::new();
    wgsl_into(types, ty, &mut out, 0);
    out
}

/// The WGSL spelling of a type that may not be interned.
pub fn wgsl_inner(types: &UniqueArena<Type>, inner: &TypeInner) -> String {
    let mut out = String::new();
    wgsl_inner_into(types, inner, &mut out, 0);
    out
}

pub fn wgsl_scalar(s: Scalar) -> &'static str {
    match (s.kind, s.width) {
        (ScalarKind::Bool, _) => "bool",
        (ScalarKind::Sint, 1) => "i8",
        (ScalarKind::Sint, 2) => "i16",
        (ScalarKind::Sint, 8) => "i64",
        (ScalarKind::Sint, _) => "i32",
        (ScalarKind::Uint, 1) => "u8",
        (ScalarKind::Uint, 2) => "u16",
        (ScalarKind::Uint, 8) => "u64",
        (ScalarKind::Uint, _) => "u32",
        (ScalarKind::Float, 2) => "f16",
        (ScalarKind::Float, 8) => "f64",
        (ScalarKind::Float, _) => "f32",
    }
}

/// The WGSL spelling of a constant's leaf type, abstract ones included.
pub fn wgsl_leaf(l: crate::ir::consteval::Leaf) -> String {
    use crate::ir::consteval::Leaf;
    match l {
        Leaf::AInt => "abstract-int".into(),
        Leaf::AFloat => "abstract-float".into(),
        Leaf::Concrete(s) => wgsl_scalar(s).into(),
    }
}

/// WGSL's address space names (WGSL §14.3); the IR's own spaces get names in the same style.
pub fn wgsl_space(space: AddressSpace) -> &'static str {
    match space {
        AddressSpace::Function => "function",
        AddressSpace::Private => "private",
        AddressSpace::Workgroup => "workgroup",
        AddressSpace::Uniform => "uniform",
        AddressSpace::Storage { .. } => "storage",
        AddressSpace::Handle => "handle",
        AddressSpace::PushConstant => "push_constant",
        AddressSpace::Input => "in",
        AddressSpace::Output => "out",
        AddressSpace::PhysicalStorage { .. } => "physical_storage",
    }
}

/// WGSL texel format names (WGSL §6.5.5), which are also wgpu's `TextureFormat` names in
/// lower case.
pub fn wgsl_format(format: StorageFormat) -> &'static str {
    use StorageFormat as F;
    match format {
        F::Unknown | F::UnknownSint | F::UnknownUint => "unknown",
        F::Rgba32f => "rgba32float",
        F::Rgba16f => "rgba16float",
        F::R32f => "r32float",
        F::Rgba8 => "rgba8unorm",
        F::Rgba8Snorm => "rgba8snorm",
        F::Rg32f => "rg32float",
        F::Rg16f => "rg16float",
        F::R11fG11fB10f => "rg11b10ufloat",
        F::R16f => "r16float",
        F::Rgba16 => "rgba16unorm",
        F::Rgb10A2 => "rgb10a2unorm",
        F::Rg16 => "rg16unorm",
        F::Rg8 => "rg8unorm",
        F::R16 => "r16unorm",
        F::R8 => "r8unorm",
        F::Rgba16Snorm => "rgba16snorm",
        F::Rg16Snorm => "rg16snorm",
        F::Rg8Snorm => "rg8snorm",
        F::R16Snorm => "r16snorm",
        F::R8Snorm => "r8snorm",
        F::Rgba32i => "rgba32sint",
        F::Rgba16i => "rgba16sint",
        F::Rgba8i => "rgba8sint",
        F::R32i => "r32sint",
        F::Rg32i => "rg32sint",
        F::Rg16i => "rg16sint",
        F::Rg8i => "rg8sint",
        F::R16i => "r16sint",
        F::R8i => "r8sint",
        F::Rgba32ui => "rgba32uint",
        F::Rgba16ui => "rgba16uint",
        F::Rgba8ui => "rgba8uint",
        F::R32ui => "r32uint",
        F::Rgb10a2ui => "rgb10a2uint",
        F::Rg32ui => "rg32uint",
        F::Rg16ui => "rg16uint",
        F::Rg8ui => "rg8uint",
        F::R16ui => "r16uint",
        F::R8ui => "r8uint",
        F::Bgra8Unorm => "bgra8unorm",
        F::R64ui => "r64uint",
        F::R64i => "r64sint",
    }
}

fn wgsl_into(types: &UniqueArena<Type>, ty: Handle<Type>, out: &mut String, depth: u32) {
    match types.get(ty) {
        None => {
            let _ = write!(out, "<invalid type {}>", ty.index());
        }
        Some(Type { name: Some(name), inner: TypeInner::Struct { .. } }) => out.push_str(name),
        Some(t) => wgsl_inner_into(types, &t.inner, out, depth),
    }
}

fn wgsl_inner_into(types: &UniqueArena<Type>, inner: &TypeInner, out: &mut String, depth: u32) {
    if depth > MAX_DEPTH {
        out.push_str("...");
        return;
    }
    let nested = |open: &str, base: Handle<Type>, n: Option<u32>, out: &mut String| {
        out.push_str(open);
        wgsl_into(types, base, out, depth + 1);
        if let Some(n) = n {
            let _ = write!(out, ", {n}");
        }
        out.push('>');
    };
    // A specialized length shows its default (the types alone do not name the override).
    let size = |size: ArraySize| size.count();
    match *inner {
        TypeInner::Scalar(s) => out.push_str(wgsl_scalar(s)),
        TypeInner::Vector { size, scalar } => {
            let _ = write!(out, "vec{}<{}>", size as u32, wgsl_scalar(scalar));
        }
        TypeInner::Matrix { columns, rows, scalar } => {
            let _ = write!(out, "mat{}x{}<{}>", columns as u32, rows as u32, wgsl_scalar(scalar));
        }
        TypeInner::Atomic(s) => {
            let _ = write!(out, "atomic<{}>", wgsl_scalar(s));
        }
        TypeInner::Pointer { base, space } => {
            let _ = write!(out, "ptr<{}, ", wgsl_space(space));
            nested("", base, None, out);
        }
        TypeInner::Array { base, size: n, .. } => nested("array<", base, size(n), out),
        TypeInner::BindingArray { base, size: n } => nested("binding_array<", base, size(n), out),
        TypeInner::SampledImage { image } => nested("combined_image_sampler<", image, None, out),
        TypeInner::Struct { .. } => out.push_str("struct"),
        TypeInner::Image { dim, arrayed, class } => wgsl_image(dim, arrayed, class, out),
        TypeInner::AccelerationStructure => out.push_str("acceleration_structure"),
        TypeInner::RayQuery => out.push_str("ray_query"),
        TypeInner::Sampler { comparison: false } => out.push_str("sampler"),
        TypeInner::Sampler { comparison: true } => out.push_str("sampler_comparison"),
    }
}

/// The dimension part of a WGSL texture type's name (`texture_2d`, `texture_storage_3d`), also
/// reflection's texture dimension.
pub fn wgsl_dimension(dim: ImageDimension) -> &'static str {
    match dim {
        ImageDimension::D1 => "1d",
        ImageDimension::D2 => "2d",
        ImageDimension::D3 => "3d",
        ImageDimension::Cube => "cube",
        ImageDimension::SubpassData => "subpass",
        ImageDimension::Buffer => "buffer",
    }
}

fn wgsl_image(dim: ImageDimension, arrayed: bool, class: ImageClass, out: &mut String) {
    let dim = wgsl_dimension(dim);
    let array = if arrayed { "_array" } else { "" };
    let _ = match class {
        ImageClass::Sampled { kind, multisampled } => {
            let ms = if multisampled { "multisampled_" } else { "" };
            // Bool textures do not exist; float is what a front end would have meant.
            let texel = if kind == ScalarKind::Bool { ScalarKind::Float } else { kind };
            write!(out, "texture_{ms}{dim}{array}<{}>", wgsl_scalar(Scalar { kind: texel, width: 4 }))
        }
        ImageClass::Depth { multisampled } => {
            let ms = if multisampled { "multisampled_" } else { "" };
            write!(out, "texture_depth_{ms}{dim}{array}")
        }
        ImageClass::Storage { format, access, .. } => {
            let access = match (access.load, access.store) {
                (false, true) => "write",
                (true, true) => "read_write",
                (_, false) => "read",
            };
            write!(out, "texture_storage_{dim}{array}<{}, {access}>", wgsl_format(format))
        }
    };
}

/// The GLSL spelling of `ty` (GLSL 4.60 §4.1): a struct or block by its name, a buffer
/// reference by its block's.
pub fn glsl(types: &UniqueArena<Type>, ty: Handle<Type>) -> String {
    glsl_at(types, ty, 0)
}

fn glsl_at(types: &UniqueArena<Type>, ty: Handle<Type>, depth: u32) -> String {
    let Some(t) = types.get(ty) else { return format!("<invalid type {}>", ty.index()) };
    if depth > MAX_DEPTH {
        return "...".into();
    }
    let prefix = |s: Scalar| match (s.kind, s.width) {
        (ScalarKind::Float, 4) => "",
        (ScalarKind::Float, 8) => "d",
        (ScalarKind::Float, _) => "f16",
        (ScalarKind::Sint, 4) => "i",
        (ScalarKind::Uint, 4) => "u",
        (ScalarKind::Bool, _) => "b",
        (ScalarKind::Sint, 8) => "i64",
        (ScalarKind::Uint, 8) => "u64",
        (ScalarKind::Sint, 2) => "i16",
        (ScalarKind::Uint, 2) => "u16",
        (ScalarKind::Sint, _) => "i8",
        (ScalarKind::Uint, _) => "u8",
    };
    match t.inner {
        TypeInner::Scalar(s) => match (s.kind, s.width) {
            (ScalarKind::Float, 4) => "float".into(),
            (ScalarKind::Float, 8) => "double".into(),
            (ScalarKind::Float, _) => "float16_t".into(),
            (ScalarKind::Sint, 4) => "int".into(),
            (ScalarKind::Uint, 4) => "uint".into(),
            (ScalarKind::Bool, _) => "bool".into(),
            (ScalarKind::Sint, w) => format!("int{}_t", w * 8),
            (ScalarKind::Uint, w) => format!("uint{}_t", w * 8),
        },
        TypeInner::Vector { size, scalar } => format!("{}vec{}", prefix(scalar), size as u32),
        TypeInner::Matrix { columns, rows, scalar } => {
            let p = if scalar.width == 8 { "d" } else if scalar.width == 2 { "f16" } else { "" };
            if columns == rows {
                format!("{p}mat{}", columns as u32)
            } else {
                format!("{p}mat{}x{}", columns as u32, rows as u32)
            }
        }
        TypeInner::Array { base, size, .. } | TypeInner::BindingArray { base, size } => match size {
            ArraySize::Constant(n) | ArraySize::Specialized { default: n, .. } => format!("{}[{n}]", glsl_at(types, base, depth + 1)),
            ArraySize::Dynamic => format!("{}[]", glsl_at(types, base, depth + 1)),
        },
        TypeInner::Struct { .. } => t.name.clone().unwrap_or_else(|| "struct".into()),
        TypeInner::Image { class: ImageClass::Storage { .. }, .. } => "image".into(),
        TypeInner::AccelerationStructure => "accelerationStructureEXT".into(),
        TypeInner::RayQuery => "rayQueryEXT".into(),
        TypeInner::Image { .. } => "texture".into(),
        TypeInner::Sampler { comparison } => if comparison { "samplerShadow".into() } else { "sampler".into() },
        TypeInner::SampledImage { .. } => "sampler (combined)".into(),
        TypeInner::Atomic(_) => "atomic".into(),
        // A buffer reference is named by its block.
        TypeInner::Pointer { base, space: AddressSpace::PhysicalStorage { .. } } => glsl_at(types, base, depth + 1),
        TypeInner::Pointer { base, .. } => format!("pointer to {}", glsl_at(types, base, depth + 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{StorageAccess, VectorSize};
    use crate::span::Span;

    #[test]
    fn one_spelling_per_language() {
        let mut types = UniqueArena::new();
        let mut ty = |inner| types.insert(Type { name: None, inner }, Span::default());
        let f = ty(TypeInner::Scalar(Scalar::F32));
        let v3 = ty(TypeInner::Vector { size: VectorSize::Tri, scalar: Scalar::F32 });
        let a = ty(TypeInner::Array { base: v3, size: ArraySize::Constant(4), stride: 16 });
        let img = ty(TypeInner::Image {
            dim: ImageDimension::D2,
            arrayed: false,
            class: ImageClass::Storage { format: StorageFormat::Rgba8, access: StorageAccess::WRITE, multisampled: false },
        });
        let p = ty(TypeInner::Pointer { base: f, space: AddressSpace::Function });
        assert_eq!(wgsl(&types, a), "array<vec3<f32>, 4>");
        // The full form: format and access (reflection and diagnostics once disagreed).
        assert_eq!(wgsl(&types, img), "texture_storage_2d<rgba8unorm, write>");
        assert_eq!(wgsl(&types, p), "ptr<function, f32>");
        assert_eq!(glsl(&types, a), "vec3[4]");
        assert_eq!(glsl(&types, f), "float");
        // Unvalidated IR: an out-of-range handle is printed, not followed.
        assert_eq!(wgsl(&types, Handle::from_index(99)), "<invalid type 99>");
    }
}
