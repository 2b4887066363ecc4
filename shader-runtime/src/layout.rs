//! Host-side descriptions of GPU memory layouts, compared at compile time.
//!
//! A Rust type that may be shared with a shader implements [`GpuLayout`]: a `const`
//! [`TypeDesc`] saying what it is in shader terms (scalar, vector, matrix, array, struct) and
//! where its bytes lie in Rust (sizes, field offsets from `core::mem::offset_of!`, strides).
//! `#[derive(Std140)]`/`#[derive(Std430)]` implement it for user structs and check the struct
//! with [`check_std`]; `shader!{ types: { S = path::T } }` emits the shader's layout of `S` as
//! another `TypeDesc` and compares the two with [`check_bound`]. Both run in `const` items, so a
//! mismatch is a compile error: a `const` panic whose message names the field, both offsets, the
//! rule and the fix. Everything here is `const fn` for that reason, which is why messages are
//! assembled in a fixed buffer ([`Message`]) instead of `format!`. The checks return the message
//! and the generated item panics with it itself (spanned at the user's type): a panic inside a
//! `const fn` of this crate would make rustc add an "inside `check_std`" frame pointing into
//! this file and `core`, whose text depends on whether the `rust-src` component is installed.
//! The rules themselves (alignments, sizes, strides) are `shader_layout`'s.
//!
//! Shapes follow GLSL: `[f32; 2..=4]` (any scalar) is a vector, `[[f32; R]; C]` an array of
//! vectors, which is also how std140/std430 lay out a `matC`xR (GLSL 4.60 §4.4.5, std140
//! rule 5: a column-major matrix is an array of its column vectors), so the two are
//! interchangeable in layout checks.

/// The component type of scalars, vectors and matrices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarKind {
    Float,
    Sint,
    Uint,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scalar {
    pub kind: ScalarKind,
    /// Bytes: 2 (`f16`), 4 or 8 (`f64`, GLSL `double`).
    pub width: u32,
}

impl Scalar {
    pub const F16: Scalar = Scalar { kind: ScalarKind::Float, width: 2 };
    pub const F32: Scalar = Scalar { kind: ScalarKind::Float, width: 4 };
    pub const F64: Scalar = Scalar { kind: ScalarKind::Float, width: 8 };
    pub const I32: Scalar = Scalar { kind: ScalarKind::Sint, width: 4 };
    pub const U32: Scalar = Scalar { kind: ScalarKind::Uint, width: 4 };
}

/// What a type is, in shader terms.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    Scalar(Scalar),
    /// `size` components (2, 3 or 4).
    Vector { size: u32, scalar: Scalar },
    /// A column-major matrix of `columns` column vectors with `rows` components, `stride` bytes
    /// apart.
    Matrix { columns: u32, rows: u32, scalar: Scalar, stride: u32 },
    /// `len` elements `stride` bytes apart; `len == 0` is a runtime-sized array.
    Array { element: &'static TypeDesc, len: u32, stride: u32 },
    Struct { fields: &'static [Field] },
    /// Explicit padding (a field named `_pad*` or `_padding*`): matches nothing, skipped by
    /// comparisons, must not overlap data.
    Padding,
}

/// A type's shape and its byte footprint (in Rust for Rust types, in the shader for shader
/// types).
#[derive(Clone, Copy, Debug)]
pub struct TypeDesc {
    /// How a user would spell it: the Rust type for Rust types, WGSL spelling for shader types.
    pub name: &'static str,
    pub shape: Shape,
    pub size: u32,
    pub align: u32,
}

/// One struct field at its byte offset.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    pub name: &'static str,
    pub offset: u32,
    pub ty: &'static TypeDesc,
}

/// A Rust type with a known GPU-facing shape. Implemented for scalars, `[T; N]`, `half::f16`,
/// glam and mint types (cargo features), and by `#[derive(Std140)]`/`#[derive(Std430)]`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be shared with a shader: it has no GPU layout description",
    label = "no `GpuLayout` for `{Self}`",
    note = "derive `Std140` (uniform buffers) or `Std430` (storage buffers, push constants) on the struct; `bool`, `usize` and references have no shader equivalent (use `u32`)"
)]
pub trait GpuLayout: Copy + 'static {
    const DESC: TypeDesc;
}

/// The layout rules, from `shader-layout` (one copy, shared with the compiler and the macros).
pub use shader_layout::Rule;

const fn scalar_desc(name: &'static str, scalar: Scalar) -> TypeDesc {
    TypeDesc { name, shape: Shape::Scalar(scalar), size: scalar.width, align: scalar.width }
}

impl GpuLayout for f32 {
    const DESC: TypeDesc = scalar_desc("f32", Scalar::F32);
}
impl GpuLayout for f64 {
    const DESC: TypeDesc = scalar_desc("f64", Scalar::F64);
}
impl GpuLayout for i32 {
    const DESC: TypeDesc = scalar_desc("i32", Scalar::I32);
}
impl GpuLayout for u32 {
    const DESC: TypeDesc = scalar_desc("u32", Scalar::U32);
}
#[cfg(feature = "half")]
impl GpuLayout for half::f16 {
    const DESC: TypeDesc = scalar_desc("half::f16", Scalar::F16);
}

/// `[S; 2..=4]` of a scalar is a vector; anything else an array with the Rust stride.
impl<T: GpuLayout, const N: usize> GpuLayout for [T; N] {
    const DESC: TypeDesc = match T::DESC.shape {
        Shape::Scalar(scalar) if N >= 2 && N <= 4 => TypeDesc {
            name: "[T; N]",
            shape: Shape::Vector { size: N as u32, scalar },
            size: (N as u32) * scalar.width,
            align: scalar.width,
        },
        _ => TypeDesc {
            name: "[T; N]",
            shape: Shape::Array { element: &T::DESC, len: N as u32, stride: T::DESC.size },
            size: (N as u32) * T::DESC.size,
            align: T::DESC.align,
        },
    };
}

/// Descriptions of vector and matrix types of math libraries, by their byte layout.
#[doc(hidden)]
#[macro_export]
macro_rules! __gpu_layout_vector {
    ($ty:ty, $name:literal, $n:literal, $scalar:expr) => {
        impl $crate::layout::GpuLayout for $ty {
            const DESC: $crate::layout::TypeDesc = $crate::layout::TypeDesc {
                name: $name,
                shape: $crate::layout::Shape::Vector { size: $n, scalar: $scalar },
                size: ::core::mem::size_of::<$ty>() as u32,
                align: ::core::mem::align_of::<$ty>() as u32,
            };
        }
    };
    (matrix $ty:ty, $name:literal, $c:literal, $r:literal, $scalar:expr, $stride:expr) => {
        impl $crate::layout::GpuLayout for $ty {
            const DESC: $crate::layout::TypeDesc = $crate::layout::TypeDesc {
                name: $name,
                shape: $crate::layout::Shape::Matrix { columns: $c, rows: $r, scalar: $scalar, stride: $stride },
                size: ::core::mem::size_of::<$ty>() as u32,
                align: ::core::mem::align_of::<$ty>() as u32,
            };
        }
    };
}

#[cfg(feature = "glam")]
mod glam_types {
    //! glam's types, described by their actual byte layout: `Vec3A` is 16 bytes, `Mat3` has a
    //! 12-byte column stride (so it can never match std140/std430; `Mat3A` does).
    use super::Scalar;
    crate::__gpu_layout_vector!(glam::Vec2, "glam::Vec2", 2, Scalar::F32);
    crate::__gpu_layout_vector!(glam::Vec3, "glam::Vec3", 3, Scalar::F32);
    crate::__gpu_layout_vector!(glam::Vec3A, "glam::Vec3A", 3, Scalar::F32);
    crate::__gpu_layout_vector!(glam::Vec4, "glam::Vec4", 4, Scalar::F32);
    crate::__gpu_layout_vector!(glam::IVec2, "glam::IVec2", 2, Scalar::I32);
    crate::__gpu_layout_vector!(glam::IVec3, "glam::IVec3", 3, Scalar::I32);
    crate::__gpu_layout_vector!(glam::IVec4, "glam::IVec4", 4, Scalar::I32);
    crate::__gpu_layout_vector!(glam::UVec2, "glam::UVec2", 2, Scalar::U32);
    crate::__gpu_layout_vector!(glam::UVec3, "glam::UVec3", 3, Scalar::U32);
    crate::__gpu_layout_vector!(glam::UVec4, "glam::UVec4", 4, Scalar::U32);
    crate::__gpu_layout_vector!(matrix glam::Mat2, "glam::Mat2", 2, 2, Scalar::F32, 8);
    crate::__gpu_layout_vector!(matrix glam::Mat3, "glam::Mat3", 3, 3, Scalar::F32, 12);
    crate::__gpu_layout_vector!(matrix glam::Mat3A, "glam::Mat3A", 3, 3, Scalar::F32, 16);
    crate::__gpu_layout_vector!(matrix glam::Mat4, "glam::Mat4", 4, 4, Scalar::F32, 16);
}

#[cfg(feature = "mint")]
mod mint_types {
    //! mint's types: plain `#[repr(C)]` structs of components.
    use super::Scalar;
    crate::__gpu_layout_vector!(mint::Vector2<f32>, "mint::Vector2<f32>", 2, Scalar::F32);
    crate::__gpu_layout_vector!(mint::Vector3<f32>, "mint::Vector3<f32>", 3, Scalar::F32);
    crate::__gpu_layout_vector!(mint::Vector4<f32>, "mint::Vector4<f32>", 4, Scalar::F32);
    crate::__gpu_layout_vector!(mint::Vector2<i32>, "mint::Vector2<i32>", 2, Scalar::I32);
    crate::__gpu_layout_vector!(mint::Vector3<i32>, "mint::Vector3<i32>", 3, Scalar::I32);
    crate::__gpu_layout_vector!(mint::Vector4<i32>, "mint::Vector4<i32>", 4, Scalar::I32);
    crate::__gpu_layout_vector!(mint::Vector2<u32>, "mint::Vector2<u32>", 2, Scalar::U32);
    crate::__gpu_layout_vector!(mint::Vector3<u32>, "mint::Vector3<u32>", 3, Scalar::U32);
    crate::__gpu_layout_vector!(mint::Vector4<u32>, "mint::Vector4<u32>", 4, Scalar::U32);
    crate::__gpu_layout_vector!(matrix mint::ColumnMatrix2<f32>, "mint::ColumnMatrix2<f32>", 2, 2, Scalar::F32, 8);
    crate::__gpu_layout_vector!(matrix mint::ColumnMatrix3<f32>, "mint::ColumnMatrix3<f32>", 3, 3, Scalar::F32, 12);
    crate::__gpu_layout_vector!(matrix mint::ColumnMatrix4<f32>, "mint::ColumnMatrix4<f32>", 4, 4, Scalar::F32, 16);
}

// ---------------------------------------------------------------------------------------------
// Rule layouts (GLSL 4.60 §4.4.5; OpenGL 4.6 §7.6.2.2 rules 1-10)

const fn round_up(value: u32, align: u32) -> u32 {
    // Rust types are far below 4 GiB; saturate rather than fail in a const.
    match shader_layout::round_up(value, align) {
        Some(v) => v,
        None => u32::MAX,
    }
}

const fn scalar_layout(scalar: Scalar) -> shader_layout::Layout {
    shader_layout::scalar(scalar.width)
}

/// `(align, size, stride)` of `shape` under `rule` (the rules are `shader_layout`'s); `stride`
/// is the array or matrix stride (0 for other shapes).
pub const fn rule_layout(desc: &TypeDesc, rule: Rule) -> (u32, u32, u32) {
    match desc.shape {
        Shape::Scalar(s) => (s.width, s.width, 0),
        Shape::Vector { size, scalar } => {
            let v = shader_layout::vector(size, scalar_layout(scalar), rule);
            (v.align, v.size, 0)
        }
        Shape::Matrix { columns, rows, scalar, .. } => {
            let (m, stride) = shader_layout::matrix(columns, rows, scalar_layout(scalar), rule);
            (m.align, m.size, stride)
        }
        Shape::Array { element, len, .. } => {
            let (align, size, _) = rule_layout(element, rule);
            match shader_layout::array(shader_layout::Layout { size, align }, len, rule) {
                Some((a, stride)) => (a.align, a.size, stride),
                None => (align, u32::MAX, u32::MAX),
            }
        }
        Shape::Struct { fields } => {
            let mut align = 1;
            let mut i = 0;
            while i < fields.len() {
                let (a, _, _) = rule_layout(fields[i].ty, rule);
                if !matches!(fields[i].ty.shape, Shape::Padding) && a > align {
                    align = a;
                }
                i += 1;
            }
            let align = shader_layout::struct_align(align, rule);
            // `rule_field_offset` one past the last field is the end of the last field.
            let end = rule_field_offset(fields, fields.len(), rule);
            let size = match shader_layout::struct_size(end, align, rule) {
                Some(size) => size,
                None => u32::MAX,
            };
            (align, size, 0)
        }
        Shape::Padding => (1, desc.size, 0),
    }
}

// ---------------------------------------------------------------------------------------------
// Checks

/// Checks that the Rust struct `desc` has exactly the byte layout `rule` gives it, recursing
/// into nested structs and arrays: an empty message, or one naming the first mismatch and its
/// fix. The generated `const` item panics with it itself, so rustc reports the message at the
/// user's span without a frame of this crate (see the module doc).
pub const fn check_std(desc: &TypeDesc, rule: Rule) -> Message {
    let mut msg = Message::new();
    if check_struct_rule(&mut msg, desc, rule, "") {
        msg.len = 0;
    }
    msg
}

/// Checks that the Rust type `rust` has the layout the shader gives `shader` (a struct bound in
/// `shader!{ types: .. }`), field by field: an empty message or the first mismatch. `rule`
/// names the rule the shader used.
pub const fn check_bound(rust: &TypeDesc, shader: &TypeDesc, rule: &str) -> Message {
    let mut msg = Message::new();
    if compare(&mut msg, rust, shader, rule, "", rust.name) {
        msg.len = 0;
    }
    msg
}

/// Explains why a struct has an alignment or stride, for messages.
const fn why(desc: &TypeDesc, rule: Rule) -> &'static str {
    match (desc.shape, rule) {
        (Shape::Vector { size: 3, .. }, _) => "a vec3 is aligned like a vec4 (std140/std430 rule 3)",
        (Shape::Array { .. }, Rule::Std140) => "std140 rounds an array's stride and alignment up to 16 (rule 4)",
        (Shape::Array { .. }, _) => "an array is aligned like its element (rule 4)",
        (Shape::Matrix { .. }, Rule::Std140) => "a std140 matrix is an array of column vectors with stride 16 (rules 4, 5)",
        (Shape::Matrix { .. }, _) => "a matrix is an array of its column vectors (rule 5)",
        (Shape::Struct { .. }, Rule::Std140) => "std140 aligns a struct to at least 16 (rule 9)",
        (Shape::Struct { .. }, _) => "a struct is aligned like its most aligned member (rule 9)",
        (Shape::Vector { .. }, _) => "a vecN is aligned to N times its component size (rule 2)",
        _ => "a scalar is aligned to its size (rule 1)",
    }
}

/// The offset `rule` gives field `index` of the struct `desc`: the end of the previous field
/// rounded up to the field's alignment (rules 1-9); explicit padding fields are taken as they
/// are. The derive's check and the glslang property test both use this.
pub const fn rule_field_offset(fields: &[Field], index: usize, rule: Rule) -> u32 {
    let mut cursor = 0;
    let mut i = 0;
    while i <= index && i < fields.len() {
        let field = &fields[i];
        let (align, size, _) = rule_layout(field.ty, rule);
        let start = if let Shape::Padding = field.ty.shape { cursor } else { round_up(cursor, align) };
        if i == index {
            return start;
        }
        cursor = start + size;
        i += 1;
    }
    cursor
}

/// One struct against `rule`; `path` prefixes field names of nested structs.
const fn check_struct_rule(msg: &mut Message, desc: &TypeDesc, rule: Rule, path: &str) -> bool {
    let Shape::Struct { fields } = desc.shape else {
        return check_type_rule(msg, desc, rule, path, desc.name);
    };
    let mut i = 0;
    let mut data_bytes = 0;
    while i < fields.len() {
        let field = &fields[i];
        data_bytes += field.ty.size;
        let expected = rule_field_offset(fields, i, rule);
        if let Shape::Padding = field.ty.shape {
            if field.offset != expected {
                // Only reachable with implicit Rust padding before an explicit pad field.
                implicit_padding(msg, desc, field.name);
                return false;
            }
            i += 1;
            continue;
        }
        if field.offset != expected {
            msg.push("`").push(desc.name).push("` does not match the ").push(rule.name()).push(" layout: field `");
            msg.push(path).push(field.name).push("` (").push(field.ty.name).push(") is at offset ").num(field.offset);
            msg.push(" in Rust but at offset ").num(expected).push(" under ").push(rule.name());
            if field.offset < expected {
                msg.push(" (").push(why(field.ty, rule)).push(")\n  help: insert `_pad");
                msg.num(i as u32).push(": [u32; ").num((expected - field.offset) / 4).push("]` before `");
                msg.push(field.name).push("`");
            } else {
                let gap = field.offset - expected;
                msg.push(" (it packs right after the previous member: e.g. vec3 + float packing)\n  help: ");
                if i > 0 && fields[i - 1].ty.size > rule_layout(fields[i - 1].ty, rule).1 {
                    msg.push("`").push(fields[i - 1].name).push("` (").push(fields[i - 1].ty.name);
                    msg.push(") is ").num(fields[i - 1].ty.size - rule_layout(fields[i - 1].ty, rule).1);
                    msg.push(" bytes larger than its shader type; use `[f32; 3]`/`glam::Vec3` for it");
                } else {
                    msg.push("remove ").num(gap).push(" bytes of padding before `").push(field.name).push("`");
                }
            }
            return false;
        }
        if !check_type_rule(msg, field.ty, rule, path, field.name) {
            return false;
        }
        i += 1;
    }
    let (_, expected_size, _) = rule_layout(desc, rule);
    if desc.size != expected_size {
        msg.push("`").push(desc.name).push("` does not match the ").push(rule.name()).push(" layout: its size is ");
        msg.num(desc.size).push(" bytes in Rust but ").num(expected_size).push(" under ").push(rule.name());
        msg.push(" (").push(why(desc, rule)).push(")");
        if desc.size < expected_size {
            msg.push("\n  help: append `_pad: [u32; ").num((expected_size - desc.size) / 4).push("]` as the last field");
        } else {
            msg.push("\n  help: remove ").num(desc.size - expected_size).push(" bytes of trailing padding");
        }
        return false;
    }
    if data_bytes != desc.size {
        implicit_padding(msg, desc, "");
        return false;
    }
    true
}

const fn implicit_padding(msg: &mut Message, desc: &TypeDesc, before: &str) {
    msg.push("`").push(desc.name).push("` has implicit Rust padding");
    if !before.is_empty() {
        msg.push(" before `").push(before).push("`");
    }
    msg.push(", which bytemuck::Pod forbids\n  help: make every gap an explicit `_pad: [u32; N]` field");
}

/// Strides and nested structs of one field's type.
const fn check_type_rule(msg: &mut Message, ty: &TypeDesc, rule: Rule, path: &str, field: &str) -> bool {
    match ty.shape {
        Shape::Array { element, stride, .. } => {
            let (_, _, expected) = rule_layout(ty, rule);
            if stride != expected {
                msg.push("field `").push(path).push(field).push("` (").push(ty.name).push(") has array stride ");
                msg.num(stride).push(" in Rust but ").num(expected).push(" under ").push(rule.name());
                msg.push(" (").push(why(ty, rule)).push(")\n  help: use an element type of ").num(expected);
                msg.push(" bytes");
                if let Shape::Vector { size: 3, .. } = element.shape {
                    msg.push(", e.g. `[f32; 4]` or `glam::Vec3A` instead of a 3-component vector");
                } else if let Shape::Scalar(_) = element.shape {
                    msg.push(", e.g. `[f32; 4]` using the first component");
                } else {
                    msg.push(" (add a trailing `_pad` field to the element struct)");
                }
                return false;
            }
            check_type_rule(msg, element, rule, path, field)
        }
        Shape::Matrix { stride, .. } => {
            let (_, _, expected) = rule_layout(ty, rule);
            if stride != expected {
                msg.push("field `").push(path).push(field).push("` (").push(ty.name).push(") has column stride ");
                msg.num(stride).push(" in Rust but ").num(expected).push(" under ").push(rule.name());
                msg.push(" (").push(why(ty, rule)).push(")\n  help: use `glam::Mat3A` or `[[f32; 4]; 3]` for a mat3");
                return false;
            }
            true
        }
        Shape::Struct { .. } => check_struct_rule(msg, ty, rule, path),
        Shape::Vector { size, scalar } => {
            if ty.size != size * scalar.width && !(size == 3 && ty.size == 4 * scalar.width) {
                msg.push("field `").push(path).push(field).push("` (").push(ty.name).push(") is not a plain vector");
                return false;
            }
            true
        }
        _ => true,
    }
}

/// Whether a Rust shape can hold a shader shape (same components; a matrix and an array of
/// column vectors are interchangeable, as are a vector and an array of its components).
const fn same_kind(rust: &TypeDesc, shader: &TypeDesc) -> bool {
    match (rust.shape, shader.shape) {
        (Shape::Scalar(a), Shape::Scalar(b)) => scalar_eq(a, b),
        (Shape::Vector { size: a, scalar: s }, Shape::Vector { size: b, scalar: t }) => a == b && scalar_eq(s, t),
        (Shape::Matrix { columns, rows, scalar, .. }, Shape::Matrix { columns: c, rows: r, scalar: s, .. }) => {
            columns == c && rows == r && scalar_eq(scalar, s)
        }
        (Shape::Array { element, len, .. }, Shape::Matrix { columns, rows, scalar, .. }) => {
            len == columns
                && match element.shape {
                    Shape::Vector { size, scalar: s } => size >= rows && scalar_eq(s, scalar),
                    _ => false,
                }
        }
        (Shape::Vector { size, scalar }, Shape::Array { element, len, .. }) => {
            size == len
                && match element.shape {
                    Shape::Scalar(s) => scalar_eq(s, scalar),
                    _ => false,
                }
        }
        (Shape::Array { element: a, len: m, .. }, Shape::Array { element: b, len: n, .. }) => {
            (m == n || n == 0) && (same_kind(a, b) || widened(a, b))
        }
        (Shape::Struct { .. }, Shape::Struct { .. }) => true,
        _ => false,
    }
}

/// An array element padded to its stride in Rust: `[f32; 4]` for the `float` of a std140
/// `float a[N]`, `[f32; 4]` for a `vec2` column of a std140 `mat2` (std140 rule 4 rounds the
/// stride up to 16; `compare` checks that the strides agree).
const fn widened(rust: &TypeDesc, shader: &TypeDesc) -> bool {
    match (rust.shape, shader.shape) {
        (Shape::Vector { scalar, .. }, Shape::Scalar(s)) => scalar_eq(scalar, s),
        (Shape::Vector { size: a, scalar }, Shape::Vector { size: b, scalar: s }) => a >= b && scalar_eq(scalar, s),
        _ => false,
    }
}

const fn scalar_eq(a: Scalar, b: Scalar) -> bool {
    a.width == b.width && a.kind as u8 == b.kind as u8
}

/// Compares a Rust type with the shader's type of the same value.
const fn compare(msg: &mut Message, rust: &TypeDesc, shader: &TypeDesc, rule: &str, path: &str, owner: &str) -> bool {
    match (rust.shape, shader.shape) {
        (Shape::Struct { fields: rf }, Shape::Struct { fields: sf }) => {
            // The shader struct a mismatch found from here on is in (a nested struct's own
            // compare sets it again; a later mismatch of this struct's fields restores it).
            msg.shader_struct = shader.name;
            let mut r = 0;
            let mut s = 0;
            while s < sf.len() {
                while r < rf.len() && matches!(rf[r].ty.shape, Shape::Padding) {
                    r += 1;
                }
                let want = &sf[s];
                // A trailing runtime-sized array is not part of the host struct: the struct
                // is the block's fixed part and the elements follow it in the buffer.
                if let Shape::Array { len: 0, .. } = want.ty.shape {
                    s += 1;
                    continue;
                }
                if r >= rf.len() {
                    msg.push("`").push(rust.name).push("` does not match the shader struct `").push(shader.name);
                    msg.push("`: field `").push(path).push(want.name).push("` (").push(want.ty.name).push(", offset ");
                    msg.num(want.offset).push(") is missing in Rust\n  help: add a field `").push(want.name);
                    msg.push("` at offset ").num(want.offset);
                    return false;
                }
                let have = &rf[r];
                if !same_kind(have.ty, want.ty) {
                    msg.push("`").push(rust.name).push("` does not match the shader struct `").push(shader.name);
                    msg.push("`: field `").push(path).push(have.name).push("` is `").push(have.ty.name);
                    msg.push("` in Rust but the shader's `").push(want.name).push("` is `").push(want.ty.name).push("`");
                    msg.push("\n  help: use a Rust type with the shader's shape (").push(want.ty.name).push(", ");
                    msg.num(want.ty.size).push(" bytes)");
                    return false;
                }
                if have.offset != want.offset {
                    msg.push("`").push(rust.name).push("` does not match the ").push(rule).push(" layout of the shader struct `");
                    msg.push(shader.name).push("`: field `").push(path).push(have.name).push("` (").push(have.ty.name);
                    msg.push(") is at offset ").num(have.offset).push(" in Rust but at offset ").num(want.offset);
                    msg.push(" in the shader (").push(want.ty.name).push(", ").push(rule).push(")");
                    if have.offset < want.offset {
                        if let Shape::Vector { size: 3, .. } = want.ty.shape {
                            msg.push(" (a vec3 is aligned to 16 bytes)");
                        }
                        msg.push("\n  help: insert `_pad: [u32; ").num((want.offset - have.offset) / 4);
                        msg.push("]` before `").push(have.name).push("`");
                    } else {
                        msg.push(" (vec3 + float packing: a scalar may fill a vec3's last 4 bytes)");
                        msg.push("\n  help: remove ").num(have.offset - want.offset).push(" bytes of padding before `");
                        msg.push(have.name).push("`, or use `[f32; 3]` instead of a 16-byte vec3 type before it");
                    }
                    return false;
                }
                if !compare(msg, have.ty, want.ty, rule, path, have.name) {
                    return false;
                }
                msg.shader_struct = shader.name;
                r += 1;
                s += 1;
            }
            while r < rf.len() {
                if !matches!(rf[r].ty.shape, Shape::Padding) {
                    msg.push("`").push(rust.name).push("` does not match the shader struct `").push(shader.name);
                    msg.push("`: Rust field `").push(path).push(rf[r].name).push("` has no shader counterpart");
                    msg.push("\n  help: remove it, or name it `_pad").num(r as u32).push("` if it is padding");
                    return false;
                }
                r += 1;
            }
            // With a trailing runtime-sized array, the host struct ends where the array starts.
            let shader_size = match sf.last() {
                Some(Field { offset, ty: TypeDesc { shape: Shape::Array { len: 0, .. }, .. }, .. }) => *offset,
                _ => shader.size,
            };
            if rust.size != shader_size && shader_size != 0 {
                msg.push("`").push(rust.name).push("` is ").num(rust.size).push(" bytes in Rust but the shader struct `");
                msg.push(shader.name).push("` is ").num(shader_size).push(" bytes (").push(rule).push(")");
                if rust.size < shader_size {
                    msg.push("\n  help: append `_pad: [u32; ").num((shader_size - rust.size) / 4).push("]` as the last field");
                } else {
                    msg.push("\n  help: remove ").num(rust.size - shader_size).push(" bytes of trailing padding");
                }
                return false;
            }
            true
        }
        (Shape::Array { element: re, stride: rs, len, .. }, Shape::Array { element: se, stride: ss, .. }) => {
            if rs != ss && len != 1 {
                msg.push("field `").push(path).push(owner).push("` (").push(rust.name).push(") has array stride ");
                msg.num(rs).push(" in Rust but ").num(ss).push(" in the shader (").push(shader.name).push(", ");
                msg.push(rule).push(")");
                if ss == 16 && matches!(se.shape, Shape::Scalar(_)) {
                    msg.push(" (std140 array stride 16)");
                }
                msg.push("\n  help: use an element type of ").num(ss).push(" bytes");
                if let Shape::Vector { size: 3, .. } = re.shape {
                    msg.push(", e.g. `glam::Vec3A` or `[f32; 4]`");
                } else if let Shape::Scalar(_) = re.shape {
                    msg.push(", e.g. `[f32; 4]`");
                }
                return false;
            }
            compare(msg, re, se, rule, path, owner)
        }
        (Shape::Array { stride: rs, .. }, Shape::Matrix { stride: ss, .. })
        | (Shape::Matrix { stride: rs, .. }, Shape::Matrix { stride: ss, .. }) => {
            if rs != ss {
                msg.push("field `").push(path).push(owner).push("` (").push(rust.name).push(") has column stride ");
                msg.num(rs).push(" in Rust but ").num(ss).push(" in the shader (").push(shader.name).push(", ");
                msg.push(rule).push(")\n  help: use a matrix type with ").num(ss).push("-byte columns");
                msg.push(", e.g. `glam::Mat3A` or `[[f32; 4]; 3]` for a mat3");
                return false;
            }
            true
        }
        (Shape::Vector { .. }, Shape::Array { stride, .. }) => {
            if rust.size != shader.size {
                msg.push("field `").push(path).push(owner).push("` (").push(rust.name).push(") is ").num(rust.size);
                msg.push(" bytes in Rust but the shader's `").push(shader.name).push("` is ").num(shader.size);
                msg.push(" bytes (array stride ").num(stride).push(", ").push(rule).push(")");
                msg.push("\n  help: use an element type of ").num(stride).push(" bytes");
                return false;
            }
            true
        }
        _ => true,
    }
}

// ---------------------------------------------------------------------------------------------
// Messages

/// A fixed-capacity string built in `const fn`s (no allocation at compile time).
pub struct Message {
    buf: [u8; 1024],
    len: usize,
    /// [`check_bound`]: the shader struct whose fields the mismatch is in (a nested struct's
    /// name when the mismatch is inside it), for [`Message::note_declared_at`].
    shader_struct: &'static str,
}

impl Message {
    pub const fn new() -> Message {
        Message { buf: [0; 1024], len: 0, shader_struct: "" }
    }

    /// Appends the note of `notes` (shader struct name, where it is declared) that belongs to
    /// the struct the mismatch is in, so the message shows that struct's shader line.
    pub const fn note_declared_at(&mut self, notes: &[(&str, &str)]) -> &mut Message {
        let mut i = 0;
        while i < notes.len() {
            if str_eq(notes[i].0, self.shader_struct) {
                return self.push(notes[i].1);
            }
            i += 1;
        }
        self
    }

    pub const fn push(&mut self, s: &str) -> &mut Message {
        let bytes = s.as_bytes();
        let mut i = 0;
        while i < bytes.len() && self.len < self.buf.len() {
            self.buf[self.len] = bytes[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    pub const fn num(&mut self, mut n: u32) -> &mut Message {
        let mut digits = [0u8; 10];
        let mut count = 0;
        loop {
            digits[count] = b'0' + (n % 10) as u8;
            count += 1;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        while count > 0 && self.len < self.buf.len() {
            count -= 1;
            self.buf[self.len] = digits[count];
            self.len += 1;
        }
        self
    }

    /// Whether nothing was found (a check passed).
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The text, cut before a character the buffer's end split.
    pub const fn as_str(&self) -> &str {
        let (bytes, _) = self.buf.split_at(self.len);
        match core::str::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => match core::str::from_utf8(bytes.split_at(e.valid_up_to()).0) {
                Ok(s) => s,
                Err(_) => "",
            },
        }
    }
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

impl Default for Message {
    fn default() -> Self {
        Message::new()
    }
}
