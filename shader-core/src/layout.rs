//! Memory layouts (std140, std430, scalar, WGSL): alignment, size, strides and offsets.
//!
//! One module for every host-shareable layout rule, used by the front ends (to give IR types
//! their offsets and strides), by reflection and by the macros (to check Rust types):
//!
//! - [`Rule::Std140`]: GLSL 4.60 §4.4.5 `std140`, i.e. OpenGL 4.6 §7.6.2.2 rules 1-10.
//! - [`Rule::Std430`]: the same without rounding array strides and struct alignments up to the
//!   alignment of a `vec4` (OpenGL 4.6 §7.6.2.2, last paragraph).
//! - [`Rule::Scalar`]: GL_EXT_scalar_block_layout / Vulkan "scalar alignment" (Vulkan 1.3
//!   §15.6.4): every type is aligned to its scalar component.
//! - [`Rule::Wgsl`]: WGSL §"Memory Layout" (AlignOf/SizeOf, `@align`, `@size`); the extra
//!   constraints of the `uniform` address space are a separate check,
//!   [`WgslStructs::check_uniform`].
//!
//! Where the specs leave room, we match glslang 12 (the differential test
//! `tests/layout_glslang.rs` pins this): a runtime-sized array counts 0 bytes toward a struct's
//! size; a scalar-layout struct's size is not rounded up to its alignment, and the last element
//! of a scalar-layout array is not padded to the stride.
//!
//! IR types carry their layout (member offsets, `span`, array strides, member matrix layouts),
//! so the same source struct under two rules becomes two IR types: [`lay_out_struct`] builds
//! them (GLSL blocks), [`WgslStructs::declare`] lays out a WGSL struct once. A matrix's row-majorness is a property of the struct member
//! that holds it ([`MatrixLayout`]), so bare matrix types are read as column-major.
//!
//! WGSL gives each struct its layout where it is declared, and `@align` on a member raises the
//! struct's alignment (AlignOf(S) = max AlignOfMember(S, i)), which the IR type does not record:
//! [`WgslStructs`] keeps it, so structs and arrays that hold such a struct are placed right.

use crate::hash::FxHashMap;
use crate::ir::{AddressSpace, ArraySize, Handle, MatrixLayout, MemberMemory, Scalar, ScalarKind, StructMember, Type, TypeInner, UniqueArena, VectorSize};
use crate::span::Span;
use std::fmt;

/// The layout rules and `Layout` are `shader_layout`'s: the base rules (alignments, sizes,
/// strides) are written once there as `const fn`s, shared with the runtime's compile-time checks.
pub use shader_layout::{Layout, Rule};

/// One member of a struct or block to be laid out, with its explicit layout qualifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberSpec {
    pub name: Option<String>,
    pub ty: Handle<Type>,
    /// GLSL `layout(align = N)` (the member's alignment becomes the greater of N and its
    /// type's), or WGSL `@align(N)` (the member's alignment becomes N).
    pub align: Option<u32>,
    /// WGSL `@size(N)`: the member occupies N bytes (at least its type's size).
    pub size: Option<u32>,
    /// GLSL `layout(offset = N)`: the member starts at N (then rounded up to `align`).
    pub offset: Option<u32>,
    /// GLSL `row_major`, already resolved from member, block and default qualifiers. Applies to
    /// matrices in the member, including inside nested structs that do not say otherwise.
    pub row_major: bool,
    /// GLSL memory qualifiers written on the member (kept on the laid-out member).
    pub memory: MemberMemory,
}

impl MemberSpec {
    /// A member without layout qualifiers.
    pub fn new(name: Option<String>, ty: Handle<Type>) -> MemberSpec {
        MemberSpec { name, ty, align: None, size: None, offset: None, row_major: false, memory: MemberMemory::default() }
    }
}

/// The result of laying out a struct: IR members with offsets and matrix layouts filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructLayout {
    pub members: Vec<StructMember>,
    /// The struct's size (the IR `span`): past the last member, rounded up to `align` except
    /// under [`Rule::Scalar`]. A trailing runtime-sized array counts 0 bytes.
    pub size: u32,
    pub align: u32,
}

/// Why a type cannot be laid out, or breaks a rule; names the member when there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutError {
    /// Path from the type that was checked to the offending member, e.g. `inner.colors[]`;
    /// empty when the type itself is at fault.
    pub member: String,
    pub kind: LayoutErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutErrorKind {
    /// A type handle outside the arena.
    InvalidHandle,
    /// Pointers, images and samplers have no memory layout.
    NotHostShareable { ty: String },
    /// Types nested deeper than any real shader does (or a cyclic, corrupt arena).
    TooDeep,
    /// A size that does not fit in 32 bits.
    Overflow,
    /// GLSL 4.60 §4.4.5 and WGSL §"align" attribute: alignments are powers of two.
    AlignNotPowerOfTwo { align: u32 },
    /// WGSL `@align(n)`: n must be a multiple of the type's alignment.
    AlignTooSmall { align: u32, required: u32 },
    /// GLSL 4.60 §4.4.5: an explicit offset must be a multiple of the member type's base alignment.
    OffsetNotAligned { offset: u32, align: u32 },
    /// GLSL 4.60 §4.4.5: no offset may lie within another member.
    OffsetOverlaps { offset: u32, previous_end: u32 },
    /// WGSL `@size(n)`: n must be at least the type's size.
    SizeTooSmall { size: u32, min: u32 },
    /// A runtime-sized array may only be the last member.
    RuntimeArrayNotLast,
    /// WGSL uniform address space: array strides are multiples of 16.
    UniformArrayStride { stride: u32 },
    /// WGSL uniform address space: struct- and array-typed members are aligned to
    /// roundUp(16, AlignOf(T)).
    UniformMemberAlign { offset: u32, required: u32 },
    /// WGSL uniform address space: a member following a struct member starts at least
    /// roundUp(16, SizeOf(S)) bytes after it.
    UniformAfterStruct { offset: u32, struct_offset: u32, required: u32 },
    /// WGSL uniform address space: no runtime-sized arrays.
    UniformRuntimeArray,
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.member.is_empty() {
            write!(f, "member `{}`: ", self.member)?;
        }
        self.kind.fmt(f)
    }
}

impl fmt::Display for LayoutErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidHandle => write!(f, "type handle out of range"),
            Self::NotHostShareable { ty } => write!(f, "`{ty}` has no memory layout (not host-shareable)"),
            Self::TooDeep => write!(f, "type nested too deeply"),
            Self::Overflow => write!(f, "size does not fit in 32 bits"),
            Self::AlignNotPowerOfTwo { align } => {
                write!(f, "alignment {align} is not a power of two greater than 0")
            }
            Self::AlignTooSmall { align, required } => write!(
                f,
                "@align({align}) is not a multiple of the type's alignment {required} (WGSL §\"align\" attribute)"
            ),
            Self::OffsetNotAligned { offset, align } => write!(
                f,
                "offset {offset} is not a multiple of the member type's base alignment {align} (GLSL 4.60 §4.4.5)"
            ),
            Self::OffsetOverlaps { offset, previous_end } => write!(
                f,
                "offset {offset} lies within the previous member, which ends at {previous_end} (GLSL 4.60 §4.4.5)"
            ),
            Self::SizeTooSmall { size, min } => {
                write!(f, "@size({size}) is smaller than the type's size {min} (WGSL §\"size\" attribute)")
            }
            Self::RuntimeArrayNotLast => write!(f, "a runtime-sized array must be the last member"),
            Self::UniformArrayStride { stride } => write!(
                f,
                "array stride {stride} is not a multiple of 16, as the uniform address space requires \
                 (WGSL §\"Address Space Layout Constraints\"); use vec4 elements or wrap the element in a struct with @size(16)"
            ),
            Self::UniformMemberAlign { offset, required } => write!(
                f,
                "offset {offset} is not a multiple of {required}: in the uniform address space struct and array \
                 members are aligned to roundUp(16, AlignOf(T)) (WGSL §\"Address Space Layout Constraints\"); add @align({required})"
            ),
            Self::UniformAfterStruct { offset, struct_offset, required } => write!(
                f,
                "starts at offset {offset}, but the struct member before it starts at {struct_offset} and the uniform \
                 address space needs roundUp(16, SizeOf(S)) = {required} bytes between them \
                 (WGSL §\"Address Space Layout Constraints\"); add @align(16)"
            ),
            Self::UniformRuntimeArray => {
                write!(f, "runtime-sized arrays are not allowed in the uniform address space")
            }
        }
    }
}

impl std::error::Error for LayoutError {}

/// Size and alignment of a scalar. GLSL bools in blocks are stored as 32-bit uints (glslang,
/// GLSL 4.60 §4.1.2 leaves the representation to the implementation; Vulkan has no 8-bit bool).
pub fn scalar_layout(scalar: Scalar) -> Layout {
    let size = if scalar.kind == ScalarKind::Bool { 4 } else { u32::from(scalar.width).max(1) };
    Layout { size, align: size.next_power_of_two() }
}

/// Size and alignment of a vector of `size` components.
pub fn vector_layout(size: VectorSize, scalar: Scalar, rule: Rule) -> Layout {
    // std140/std430 rules 2 and 3, WGSL §"Alignment and Size", scalar alignment: `shader_layout`.
    shader_layout::vector(size as u32, scalar_layout(scalar), rule)
}

/// The MatrixStride of a `columns` x `rows` matrix: the distance between columns, or between
/// rows for a row-major matrix.
pub fn matrix_stride(columns: VectorSize, rows: VectorSize, scalar: Scalar, row_major: bool, rule: Rule) -> u32 {
    matrix_layout_and_stride(columns, rows, scalar, row_major, rule).1
}

/// Size and alignment of a matrix.
pub fn matrix_layout(columns: VectorSize, rows: VectorSize, scalar: Scalar, row_major: bool, rule: Rule) -> Layout {
    matrix_layout_and_stride(columns, rows, scalar, row_major, rule).0
}

fn matrix_layout_and_stride(columns: VectorSize, rows: VectorSize, scalar: Scalar, row_major: bool, rule: Rule) -> (Layout, u32) {
    // std140 rules 5 and 7: a column-major matrix is stored like an array of its C column
    // vectors (R components), a row-major one like an array of its R row vectors (C
    // components); the rule itself is `shader_layout::matrix`.
    let (vector, count) = if row_major { (columns, rows as u32) } else { (rows, columns as u32) };
    shader_layout::matrix(count, vector as u32, scalar_layout(scalar), rule)
}

/// Size and alignment of a type under `rule`.
///
/// A type that is already laid out is read as it is: a struct's size is its `span` and its
/// matrices follow their members' [`MatrixLayout`]s, an array's stride is its `stride`. Types
/// not laid out yet (struct `span` 0 with members, array `stride` 0) are computed from `rule`.
/// Bare matrices are column-major.
pub fn type_layout(types: &UniqueArena<Type>, ty: Handle<Type>, rule: Rule) -> Result<Layout, LayoutError> {
    let mut path = String::new();
    read_layout(types, &StructAligns::default(), ty, false, rule, 0, &mut path).map(|f| f.layout)
}

/// Lays out the member types, places the members honouring their qualifiers, and interns the
/// resulting struct type named `name` (a GLSL block or a struct under a block's rule). Member
/// types come back laid out for `rule`, recursively: struct member offsets and spans, array
/// strides and member matrix layouts filled in, each member's `row_major` the default for the
/// matrices inside it (a nested struct member whose `matrix` is already set keeps its own
/// majorness). Every struct is laid out afresh, except under [`Rule::Wgsl`], where a struct that
/// already has a `span` is kept as it is (WGSL gives each struct one layout where it is
/// declared, see [`WgslStructs`]).
pub fn lay_out_struct(
    types: &mut UniqueArena<Type>,
    name: Option<String>,
    members: &[MemberSpec],
    rule: Rule,
) -> Result<(Handle<Type>, StructLayout), LayoutError> {
    let mut laid = Vec::with_capacity(members.len());
    let mut fields = Vec::with_capacity(members.len());
    let mut path = String::new();
    for (i, m) in members.iter().enumerate() {
        path.clear();
        push_member(&mut path, m.name.as_deref(), i);
        let (ty, field) = lay_out_inner(types, m.ty, rule, m.row_major, 1, &mut path)?;
        laid.push(MemberSpec { ty, ..m.clone() });
        fields.push(field);
    }
    let layout = place_members(&laid, &fields, rule, "")?;
    let inner = TypeInner::Struct { members: layout.members.clone(), span: layout.size };
    let handle = types.insert(Type { name, inner }, Span::default());
    Ok((handle, layout))
}

/// The layout of a matrix that is not a struct member (a bare matrix in a buffer, which only
/// WGSL has), which the IR does not carry: column-major with columns aligned like vectors,
/// the one layout WGSL has (WGSL §14.4.1) and what std430 gives.
pub fn default_matrix_layout(columns: VectorSize, rows: VectorSize, scalar: Scalar) -> MatrixLayout {
    MatrixLayout { stride: matrix_stride(columns, rows, scalar, false, Rule::Wgsl), row_major: false }
}

/// The size in bytes of a type as the IR lays it out, for reflection: struct spans and array
/// strides are read, not recomputed; `matrix` is the layout of the struct member holding the
/// type (column-major with vector-aligned columns, as std430 and WGSL give, when `None`). A
/// runtime-sized array counts one element (the smallest buffer that holds it); an array of
/// stride 0 (not laid out) is sized by its elements.
///
/// Used by reflection, which reads what the front end chose.
pub fn laid_out_size(types: &UniqueArena<Type>, ty: Handle<Type>, matrix: Option<MatrixLayout>) -> u32 {
    laid_out_size_at(types, ty, matrix, 0)
}

fn laid_out_size_at(types: &UniqueArena<Type>, ty: Handle<Type>, matrix: Option<MatrixLayout>, depth: u32) -> u32 {
    let Some(inner) = types.get(ty).map(|t| &t.inner).filter(|_| depth <= MAX_DEPTH) else { return 0 };
    match *inner {
        TypeInner::Matrix { columns, rows, scalar } => {
            let layout = matrix.unwrap_or_else(|| default_matrix_layout(columns, rows, scalar));
            let vectors = if layout.row_major { rows } else { columns };
            layout.stride.saturating_mul(vectors as u32)
        }
        TypeInner::Array { base, size, stride } => {
            let stride = if stride == 0 { laid_out_size_at(types, base, matrix, depth + 1) } else { stride };
            // A specialized length counts its default (glslang's offsets after such an array).
            match size.count() {
                Some(n) => stride.saturating_mul(n),
                None => stride,
            }
        }
        TypeInner::Struct { ref members, span } => {
            // A struct ending in a runtime array may have a span without its first element.
            let end = members.last().map_or(0, |last| last.offset.saturating_add(laid_out_size_at(types, last.ty, last.matrix, depth + 1)));
            span.max(end)
        }
        ref inner => match leaf_field(types, inner, false, Rule::Std430, "") {
            Ok(Some(field)) => field.layout.size,
            _ => 0,
        },
    }
}

/// WGSL's layouts (WGSL §14.4 "Memory Layout"), for a module whose structs are declared one by
/// one. A struct's alignment is the largest of its members' (AlignOf(S) = max
/// AlignOfMember(S, i)), and `@align(n)` on a member makes that member's alignment n, so a
/// struct can be more aligned than its member types say. The IR type does not record it; this
/// table does, for every struct [`WgslStructs::declare`] laid out.
#[derive(Clone, Debug, Default)]
pub struct WgslStructs {
    aligns: StructAligns,
}

impl WgslStructs {
    /// Size and alignment of a WGSL type (see [`type_layout`]), with declared structs'
    /// alignments as declared.
    pub fn type_layout(&self, types: &UniqueArena<Type>, ty: Handle<Type>) -> Result<Layout, LayoutError> {
        let mut path = String::new();
        read_layout(types, &self.aligns, ty, false, Rule::Wgsl, 0, &mut path).map(|f| f.layout)
    }

    /// The ArrayStride of an array of `element`: roundUp(AlignOf(E), SizeOf(E)).
    pub fn array_stride(&self, types: &UniqueArena<Type>, element: Handle<Type>) -> Result<u32, LayoutError> {
        let e = self.type_layout(types, element)?;
        array_layout(e, ArraySize::Constant(1), Rule::Wgsl).map(|(_, stride)| stride).map_err(|kind| error("", kind))
    }

    /// Places the members of a struct (their types already laid out, as every WGSL type is)
    /// with their `@align`, `@size` and draft `offset` attributes, and interns the struct type.
    pub fn declare(
        &mut self,
        types: &mut UniqueArena<Type>,
        name: Option<String>,
        members: &[MemberSpec],
        span: Span,
    ) -> Result<Handle<Type>, LayoutError> {
        let mut fields = Vec::with_capacity(members.len());
        let mut path = String::new();
        for (i, m) in members.iter().enumerate() {
            path.clear();
            push_member(&mut path, m.name.as_deref(), i);
            fields.push(read_layout(types, &self.aligns, m.ty, false, Rule::Wgsl, 1, &mut path)?);
        }
        let layout = place_members(members, &fields, Rule::Wgsl, "")?;
        let inner = TypeInner::Struct { members: layout.members, span: layout.size };
        let handle = types.insert(Type { name, inner }, span);
        self.aligns.insert(handle, layout.align);
        Ok(handle)
    }

    /// Checks the WGSL uniform address space constraints (WGSL §14.4.4 "Address Space Layout
    /// Constraints") on a laid-out type: array strides are multiples of 16; struct- and
    /// array-typed members start at multiples of roundUp(16, AlignOf(T)); a member following a
    /// struct member starts at least roundUp(16, SizeOf(S)) after it; no runtime-sized arrays.
    pub fn check_uniform(&self, types: &UniqueArena<Type>, ty: Handle<Type>) -> Result<(), LayoutError> {
        let mut path = String::new();
        check_uniform(types, &self.aligns, ty, 0, &mut path)
    }
}

// ---------------------------------------------------------------------------------------------

/// Struct alignments the IR does not record (see [`WgslStructs`]).
type StructAligns = FxHashMap<Handle<Type>, u32>;

/// Deeper than this is a corrupt arena, not a shader.
const MAX_DEPTH: u32 = 64;

/// What a member's type contributes to a struct: its layout, the MatrixStride when it is a
/// matrix or (nested) array of matrices, and whether it is a runtime-sized array.
#[derive(Clone, Copy, Debug)]
struct Field {
    layout: Layout,
    matrix: Option<MatrixLayout>,
    runtime: bool,
}

fn error(path: &str, kind: LayoutErrorKind) -> LayoutError {
    LayoutError { member: path.to_string(), kind }
}

fn push_member(path: &mut String, name: Option<&str>, index: usize) -> usize {
    use std::fmt::Write;
    let len = path.len();
    if !path.is_empty() {
        path.push('.');
    }
    match name {
        Some(name) => path.push_str(name),
        None => {
            let _ = write!(path, "{index}");
        }
    }
    len
}

fn round_up(value: u32, align: u32) -> Result<u32, LayoutErrorKind> {
    let align = align.max(1);
    value.div_ceil(align).checked_mul(align).ok_or(LayoutErrorKind::Overflow)
}

/// Layout and stride of an array of `element`s.
fn array_layout(element: Layout, size: ArraySize, rule: Rule) -> Result<(Layout, u32), LayoutErrorKind> {
    // GLSL rule 4 (std140 rounds to a vec4's alignment), WGSL StrideOf, glslang's unpadded last
    // scalar-layout element: `shader_layout::array`. A runtime-sized array counts 0 bytes
    // under the GLSL rules (glslang).
    // A length that follows a specialization constant counts its default: SPIR-V has no
    // specializable offsets, so glslang lays out what follows such an array (and the block's
    // size) by the default too (GLSL 4.60 §4.11: in a block "only the layout is static").
    let len = size.count().unwrap_or(0);
    let (mut layout, stride) = shader_layout::array(element, len, rule).ok_or(LayoutErrorKind::Overflow)?;
    // WGSL counts one element of a runtime-sized array in SizeOf (as naga does).
    if size == ArraySize::Dynamic && rule == Rule::Wgsl {
        layout.size = stride;
    }
    Ok((layout, stride))
}


/// The leaf layouts shared by [`read_layout`] and [`lay_out_inner`]: scalars, vectors, matrices
/// and atomics; `None` for composite types.
fn leaf_field(types: &UniqueArena<Type>, inner: &TypeInner, row_major: bool, rule: Rule, path: &str) -> Result<Option<Field>, LayoutError> {
    let layout = match *inner {
        // WGSL's bool is not host-shareable (WGSL §"Host-shareable types"), but a struct holding
        // one still gets offsets: it is placed as the 4-byte value GLSL stores.
        TypeInner::Scalar(s) | TypeInner::Atomic(s) => scalar_layout(s),
        TypeInner::Vector { size, scalar } => vector_layout(size, scalar, rule),
        TypeInner::Matrix { columns, rows, scalar } => {
            let (layout, stride) = matrix_layout_and_stride(columns, rows, scalar, row_major, rule);
            return Ok(Some(Field { layout, matrix: Some(MatrixLayout { stride, row_major }), runtime: false }));
        }
        TypeInner::Array { .. } | TypeInner::Struct { .. } => return Ok(None),
        // GL_EXT_buffer_reference: a reference is laid out as a `uint64_t` under every rule.
        TypeInner::Pointer { space: AddressSpace::PhysicalStorage { .. }, .. } => scalar_layout(Scalar::U64),
        TypeInner::Pointer { .. }
        | TypeInner::Image { .. }
        | TypeInner::Sampler { .. }
        | TypeInner::SampledImage { .. }
        | TypeInner::BindingArray { .. }
        | TypeInner::AccelerationStructure
        | TypeInner::RayQuery => {
            return Err(error(path, LayoutErrorKind::NotHostShareable { ty: crate::type_names::wgsl_inner(types, inner) }))
        }
    };
    Ok(Some(Field { layout, matrix: None, runtime: false }))
}

/// Layout of a type as it is stored (see [`type_layout`]).
fn read_layout(
    types: &UniqueArena<Type>,
    aligns: &StructAligns,
    ty: Handle<Type>,
    row_major: bool,
    rule: Rule,
    depth: u32,
    path: &mut String,
) -> Result<Field, LayoutError> {
    if depth > MAX_DEPTH {
        return Err(error(path, LayoutErrorKind::TooDeep));
    }
    let inner = &types.get(ty).ok_or_else(|| error(path, LayoutErrorKind::InvalidHandle))?.inner;
    if let Some(field) = leaf_field(types, inner, row_major, rule, path)? {
        return Ok(field);
    }
    match inner {
        TypeInner::Array { base, size, stride } => {
            let element = read_layout(types, aligns, *base, row_major, rule, depth + 1, path)?;
            let (mut layout, computed) = array_layout(element.layout, *size, rule).map_err(|k| error(path, k))?;
            if *stride != 0 && *stride != computed {
                // Respect the stride the type carries (it may come from another rule).
                let n = size.count().unwrap_or(0);
                layout.size = stride.checked_mul(n).ok_or_else(|| error(path, LayoutErrorKind::Overflow))?;
            }
            Ok(Field { layout, matrix: element.matrix, runtime: *size == ArraySize::Dynamic })
        }
        TypeInner::Struct { members, span } => {
            let mut fields = Vec::with_capacity(members.len());
            for (i, m) in members.iter().enumerate() {
                let len = push_member(path, m.name.as_deref(), i);
                let member_row_major = m.matrix.map_or(row_major, |ml| ml.row_major);
                fields.push(read_layout(types, aligns, m.ty, member_row_major, rule, depth + 1, path)?);
                path.truncate(len);
            }
            let mut align = match aligns.get(&ty) {
                Some(&align) => align,
                None => struct_align(fields.iter().map(|f| f.layout.align), rule),
            };
            let size = if *span != 0 || members.is_empty() {
                *span
            } else {
                let specs: Vec<MemberSpec> = members
                    .iter()
                    .map(|m| MemberSpec { row_major: m.matrix.is_some_and(|ml| ml.row_major), memory: m.memory, ..MemberSpec::new(m.name.clone(), m.ty) })
                    .collect();
                let laid = place_members(&specs, &fields, rule, path)?;
                align = laid.align;
                laid.size
            };
            Ok(Field { layout: Layout { size, align }, matrix: None, runtime: false })
        }
        _ => Err(error(path, LayoutErrorKind::NotHostShareable { ty: crate::type_names::wgsl_inner(types, inner) })),
    }
}

/// A struct's alignment from its members' alignments.
fn struct_align(aligns: impl Iterator<Item = u32>, rule: Rule) -> u32 {
    // Rule 9 / WGSL AlignOf(S): `shader_layout::struct_align` of the largest member alignment.
    shader_layout::struct_align(aligns.fold(1, u32::max), rule)
}

fn lay_out_inner(
    types: &mut UniqueArena<Type>,
    ty: Handle<Type>,
    rule: Rule,
    row_major: bool,
    depth: u32,
    path: &mut String,
) -> Result<(Handle<Type>, Field), LayoutError> {
    if depth > MAX_DEPTH {
        return Err(error(path, LayoutErrorKind::TooDeep));
    }
    let original = types.get(ty).ok_or_else(|| error(path, LayoutErrorKind::InvalidHandle))?.clone();
    if let Some(field) = leaf_field(types, &original.inner, row_major, rule, path)? {
        return Ok((ty, field));
    }
    match original.inner {
        TypeInner::Array { base, size, .. } => {
            let (base, element) = lay_out_inner(types, base, rule, row_major, depth + 1, path)?;
            if element.runtime {
                return Err(error(path, LayoutErrorKind::RuntimeArrayNotLast));
            }
            let (layout, stride) = array_layout(element.layout, size, rule).map_err(|k| error(path, k))?;
            let inner = TypeInner::Array { base, size, stride };
            let handle = types.insert(Type { name: original.name, inner }, Span::default());
            Ok((handle, Field { layout, matrix: element.matrix, runtime: size == ArraySize::Dynamic }))
        }
        // WGSL has one layout, given to every struct where it is declared (with its @align and
        // @size, which the IR does not keep): a laid-out WGSL struct is used as it is.
        TypeInner::Struct { span, .. } if rule == Rule::Wgsl && span != 0 => {
            Ok((ty, read_layout(types, &StructAligns::default(), ty, row_major, rule, depth, path)?))
        }
        TypeInner::Struct { members, .. } => {
            let mut specs = Vec::with_capacity(members.len());
            let mut fields = Vec::with_capacity(members.len());
            for (i, m) in members.iter().enumerate() {
                let len = push_member(path, m.name.as_deref(), i);
                let member_row_major = m.matrix.map_or(row_major, |ml| ml.row_major);
                let (mty, field) = lay_out_inner(types, m.ty, rule, member_row_major, depth + 1, path)?;
                path.truncate(len);
                specs.push(MemberSpec { row_major: member_row_major, memory: m.memory, ..MemberSpec::new(m.name.clone(), mty) });
                fields.push(field);
            }
            let layout = place_members(&specs, &fields, rule, path)?;
            let inner = TypeInner::Struct { members: layout.members, span: layout.size };
            let handle = types.insert(Type { name: original.name, inner }, Span::default());
            Ok((handle, Field { layout: Layout { size: layout.size, align: layout.align }, matrix: None, runtime: false }))
        }
        _ => Err(error(path, LayoutErrorKind::NotHostShareable { ty: crate::type_names::wgsl_inner(types, &original.inner) })),
    }
}

/// Assigns offsets to members whose type layouts are known (`fields[i]` for `members[i]`).
fn place_members(members: &[MemberSpec], fields: &[Field], rule: Rule, parent: &str) -> Result<StructLayout, LayoutError> {
    let mut out = Vec::with_capacity(members.len());
    // The first free byte after the previous member ("the base offset of all other structure
    // members is derived by taking the offset of the last basic machine unit consumed by the
    // previous member and adding one", OpenGL 4.6 §7.6.2.2).
    let mut next = 0u32;
    // The end of the furthest member: explicit offsets may go back (below).
    let mut end = 0u32;
    // Byte ranges taken so far, for the overlap rule of explicit offsets.
    let mut taken: Vec<(u32, u32)> = Vec::new();
    let mut align_max = struct_align(std::iter::empty(), rule);
    for (i, (m, field)) in members.iter().zip(fields).enumerate() {
        // The member's path is spelled only for an error.
        let err = |kind| {
            let mut path = parent.to_string();
            push_member(&mut path, m.name.as_deref(), i);
            error(&path, kind)
        };
        if field.runtime && i + 1 != members.len() {
            return Err(err(LayoutErrorKind::RuntimeArrayNotLast));
        }
        let type_align = field.layout.align;
        let mut align = type_align;
        if let Some(a) = m.align {
            if a == 0 || !a.is_power_of_two() {
                return Err(err(LayoutErrorKind::AlignNotPowerOfTwo { align: a }));
            }
            align = match rule {
                // WGSL §"align" attribute: AlignOfMember(S, i) = n, which must be a multiple
                // of the type's alignment for S to be host-shareable.
                Rule::Wgsl => {
                    if a % type_align != 0 {
                        return Err(err(LayoutErrorKind::AlignTooSmall { align: a, required: type_align }));
                    }
                    a
                }
                // GLSL 4.60 §4.4.5: "The actual alignment of a member will be the greater of
                // the specified align alignment and the standard (e.g., std140) base alignment
                // for the member's type."
                Rule::Std140 | Rule::Std430 | Rule::Scalar => a.max(type_align),
            };
        }
        let mut offset = next;
        if let Some(o) = m.offset {
            // GLSL 4.60 §4.4.5: "The specified offset must be a multiple of the base alignment
            // of the type of the block member it qualifies". Members without an offset continue
            // after it. GL_KHR_vulkan_glsl only forbids "any offset, explicit or assigned, that
            // lies within another member of the block", so offsets may go back to a gap before
            // earlier members (glslang accepts that for SPIR-V; checked below).
            if o % type_align != 0 {
                return Err(err(LayoutErrorKind::OffsetNotAligned { offset: o, align: type_align }));
            }
            offset = o;
        }
        // "If the resulting offset is not a multiple of the actual alignment, increase it to
        // the first offset that is a multiple of the actual alignment" (GLSL 4.60 §4.4.5);
        // WGSL: OffsetOfMember(S, i) = roundUp(AlignOfMember(S, i), end of member i-1).
        offset = round_up(offset, align).map_err(err)?;
        let mut size = field.layout.size;
        if let Some(s) = m.size {
            // WGSL §"size" attribute: SizeOfMember(S, i) = n >= SizeOf(T).
            if s < size {
                return Err(err(LayoutErrorKind::SizeTooSmall { size: s, min: size }));
            }
            size = s;
        }
        next = offset.checked_add(size).ok_or_else(|| err(LayoutErrorKind::Overflow))?;
        // Zero-sized members (runtime arrays) count as one byte here.
        if let Some(&(_, previous_end)) = taken.iter().find(|&&(start, stop)| offset < stop && start < next.max(offset + 1)) {
            return Err(err(LayoutErrorKind::OffsetOverlaps { offset, previous_end }));
        }
        taken.push((offset, next));
        end = end.max(next);
        align_max = align_max.max(align);
        out.push(StructMember {
            name: m.name.clone(),
            ty: m.ty,
            offset,
            matrix: field.matrix,
            memory: m.memory,
        });
    }
    // Rule 9 / WGSL SizeOf(S); the scalar layout does not pad (glslang).
    let size = shader_layout::struct_size(end, align_max, rule).ok_or_else(|| error(parent, LayoutErrorKind::Overflow))?;
    Ok(StructLayout { members: out, size, align: align_max })
}

fn check_uniform(types: &UniqueArena<Type>, aligns: &StructAligns, ty: Handle<Type>, depth: u32, path: &mut String) -> Result<(), LayoutError> {
    if depth > MAX_DEPTH {
        return Err(error(path, LayoutErrorKind::TooDeep));
    }
    let inner = &types.get(ty).ok_or_else(|| error(path, LayoutErrorKind::InvalidHandle))?.inner;
    match inner {
        TypeInner::Array { base, size, stride } => {
            if *size == ArraySize::Dynamic {
                return Err(error(path, LayoutErrorKind::UniformRuntimeArray));
            }
            // "Array elements are aligned to 16 byte boundaries. That is, StrideOf(array<T,N>)
            // = 16 x k' for some positive integer k'."
            if stride % 16 != 0 {
                return Err(error(path, LayoutErrorKind::UniformArrayStride { stride: *stride }));
            }
            let len = path.len();
            path.push_str("[]");
            check_uniform(types, aligns, *base, depth + 1, path)?;
            path.truncate(len);
            Ok(())
        }
        TypeInner::Struct { members, .. } => {
            for (i, m) in members.iter().enumerate() {
                let len = push_member(path, m.name.as_deref(), i);
                let member_inner = &types.get(m.ty).ok_or_else(|| error(path, LayoutErrorKind::InvalidHandle))?.inner;
                if matches!(member_inner, TypeInner::Struct { .. } | TypeInner::Array { .. }) {
                    // RequiredAlignOf(S, uniform) = roundUp(16, AlignOf(S)) for arrays and
                    // structs; OffsetOfMember(S, i) must be a multiple of it.
                    let row_major = m.matrix.is_some_and(|ml| ml.row_major);
                    let layout = read_layout(types, aligns, m.ty, row_major, Rule::Wgsl, depth + 1, path)?.layout;
                    let required = round_up(layout.align, 16).map_err(|k| error(path, k))?;
                    if m.offset % required != 0 {
                        return Err(error(path, LayoutErrorKind::UniformMemberAlign { offset: m.offset, required }));
                    }
                    if let (TypeInner::Struct { .. }, Some(next)) = (member_inner, members.get(i + 1)) {
                        // "If a structure member itself has a structure type S, then the number
                        // of bytes between the start of that member and the start of any
                        // following member must be at least roundUp(16, SizeOf(S))."
                        let required = round_up(layout.size, 16).map_err(|k| error(path, k))?;
                        if next.offset < m.offset.saturating_add(required) {
                            path.truncate(len);
                            push_member(path, next.name.as_deref(), i + 1);
                            return Err(error(
                                path,
                                LayoutErrorKind::UniformAfterStruct { offset: next.offset, struct_offset: m.offset, required },
                            ));
                        }
                    }
                }
                check_uniform(types, aligns, m.ty, depth + 1, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    //! Each case comes from a spec rule and is chosen so a plausible wrong implementation (e.g.
    //! std430 rounding like std140, or vec3 taking 16 bytes) gives a different number.
    use super::*;
    use crate::ir::{ArraySize, Scalar, StructMember, Type, TypeInner, UniqueArena, VectorSize};

    struct T(UniqueArena<Type>);

    /// A type laid out for `rule`, as a member of a block would be.
    fn lay_out(types: &mut UniqueArena<Type>, ty: Handle<Type>, rule: Rule, row_major: bool) -> Result<Handle<Type>, LayoutError> {
        lay_out_inner(types, ty, rule, row_major, 0, &mut String::new()).map(|(h, _)| h)
    }

    fn array_stride(types: &UniqueArena<Type>, element: Handle<Type>, rule: Rule) -> Result<u32, LayoutError> {
        let e = type_layout(types, element, rule)?;
        Ok(array_layout(e, ArraySize::Constant(1), rule).unwrap().1)
    }

    fn check_wgsl_uniform(types: &UniqueArena<Type>, ty: Handle<Type>) -> Result<(), LayoutError> {
        WgslStructs::default().check_uniform(types, ty)
    }

    impl T {
        fn new() -> T {
            T(UniqueArena::new())
        }
        fn ty(&mut self, inner: TypeInner) -> Handle<Type> {
            self.0.insert(Type { name: None, inner }, Span::default())
        }
        fn f32(&mut self) -> Handle<Type> {
            self.ty(TypeInner::Scalar(Scalar::F32))
        }
        fn scalar(&mut self, s: Scalar) -> Handle<Type> {
            self.ty(TypeInner::Scalar(s))
        }
        fn vec(&mut self, n: u32, scalar: Scalar) -> Handle<Type> {
            self.ty(TypeInner::Vector { size: VectorSize::from_u32(n).unwrap(), scalar })
        }
        fn mat(&mut self, c: u32, r: u32, scalar: Scalar) -> Handle<Type> {
            let (columns, rows) = (VectorSize::from_u32(c).unwrap(), VectorSize::from_u32(r).unwrap());
            self.ty(TypeInner::Matrix { columns, rows, scalar })
        }
        fn array(&mut self, base: Handle<Type>, n: Option<u32>) -> Handle<Type> {
            let size = n.map_or(ArraySize::Dynamic, ArraySize::Constant);
            self.ty(TypeInner::Array { base, size, stride: 0 })
        }
        /// An unlaid struct (offsets 0, span 0).
        fn strukt(&mut self, members: &[Handle<Type>]) -> Handle<Type> {
            let members = members
                .iter()
                .enumerate()
                .map(|(i, &ty)| StructMember { name: Some(format!("m{i}")), ty, offset: 0, matrix: None, memory: Default::default() })
                .collect();
            self.ty(TypeInner::Struct { members, span: 0 })
        }
        fn offsets(&mut self, members: &[Handle<Type>], rule: Rule) -> (Vec<u32>, u32, u32) {
            let specs: Vec<_> = members.iter().enumerate().map(|(i, &t)| MemberSpec::new(Some(format!("m{i}")), t)).collect();
            self.place(&specs, rule)
        }
        fn place(&mut self, specs: &[MemberSpec], rule: Rule) -> (Vec<u32>, u32, u32) {
            let (_, l) = lay_out_struct(&mut self.0, None, specs, rule).unwrap();
            (l.members.iter().map(|m| m.offset).collect(), l.size, l.align)
        }
    }

    const ALL: [Rule; 4] = [Rule::Std140, Rule::Std430, Rule::Scalar, Rule::Wgsl];

    #[test]
    fn rule1_scalars_align_to_their_size() {
        for rule in ALL {
            let mut t = T::new();
            let (f16, f64, i8, f32) = (t.scalar(Scalar::F16), t.scalar(Scalar::F64), t.scalar(Scalar::I8), t.f32());
            // i8 @0, f16 @2, f32 @4, f64 @8 in every rule.
            let (off, size, _) = t.offsets(&[i8, f16, f32, f64], rule);
            assert_eq!(off, [0, 2, 4, 8], "{rule:?}");
            assert_eq!(size, 16, "{rule:?}");
        }
    }

    #[test]
    fn bool_is_four_bytes() {
        let mut t = T::new();
        let (b, f) = (t.scalar(Scalar::BOOL), t.f32());
        assert_eq!(t.offsets(&[b, f], Rule::Std430).0, [0, 4]);
        assert_eq!(t.offsets(&[b, b, f], Rule::Wgsl).0, [0, 4, 8]);
    }

    #[test]
    fn wgsl_struct_alignment_raised_by_align_is_kept() {
        let mut t = T::new();
        let mut wgsl = WgslStructs::default();
        let f = t.f32();
        // struct A { @align(32) x: f32 } has alignment 32 and size 32.
        let a_spec = [MemberSpec { align: Some(32), ..MemberSpec::new(Some("x".into()), f) }];
        let a = wgsl.declare(&mut t.0, Some("A".into()), &a_spec, Span::default()).unwrap();
        assert_eq!(wgsl.type_layout(&t.0, a).unwrap(), Layout { size: 32, align: 32 });
        // Recomputed from the member types alone it would be 4.
        assert_eq!(type_layout(&t.0, a, Rule::Wgsl).unwrap().align, 4);
        // struct B { y: f32, a: A } places `a` at 32.
        let b_spec = [MemberSpec::new(Some("y".into()), f), MemberSpec::new(Some("a".into()), a)];
        let b = wgsl.declare(&mut t.0, Some("B".into()), &b_spec, Span::default()).unwrap();
        let TypeInner::Struct { members, span } = &t.0[b].inner else { panic!("B is a struct") };
        assert_eq!((members[1].offset, *span), (32, 64));
        assert_eq!(wgsl.array_stride(&t.0, a).unwrap(), 32);
    }

    #[test]
    fn rule2_3_vectors_and_vec3_packing() {
        let mut t = T::new();
        let (f, v2, v3, v4) = (t.f32(), t.vec(2, Scalar::F32), t.vec(3, Scalar::F32), t.vec(4, Scalar::F32));
        for rule in [Rule::Std140, Rule::Std430, Rule::Wgsl] {
            // float @0, vec2 aligned to 8, vec3 to 16, a float fits in the vec3's 4th slot.
            assert_eq!(t.offsets(&[f, v2, v3, f, v4], rule).0, [0, 8, 16, 28, 32], "{rule:?}");
        }
        // Scalar layout: everything at 4-byte alignment.
        assert_eq!(t.offsets(&[f, v2, v3, f, v4], Rule::Scalar).0, [0, 4, 12, 24, 28]);
        // A vec2 cannot use the vec3's last slot.
        assert_eq!(t.offsets(&[v3, v2], Rule::Std430).0, [0, 16]);
        let (d3, h3) = (t.vec(3, Scalar::F64), t.vec(3, Scalar::F16));
        assert_eq!(vector_layout(VectorSize::Tri, Scalar::F64, Rule::Std430), Layout { size: 24, align: 32 });
        assert_eq!(t.offsets(&[f, d3, f], Rule::Std430).0, [0, 32, 56]);
        assert_eq!(t.offsets(&[f, h3, f], Rule::Std430).0, [0, 8, 16]);
        assert_eq!(t.offsets(&[f, d3], Rule::Scalar).0, [0, 8]);
    }

    #[test]
    fn rule4_arrays_round_to_vec4_only_in_std140() {
        let mut t = T::new();
        let f = t.f32();
        let a3 = t.array(f, Some(3));
        for (rule, stride, offs, size) in [
            (Rule::Std140, 16, [0, 16, 64], 80),
            (Rule::Std430, 4, [0, 4, 16], 20),
            (Rule::Scalar, 4, [0, 4, 16], 20),
            (Rule::Wgsl, 4, [0, 4, 16], 20),
        ] {
            assert_eq!(array_stride(&t.0, f, rule).unwrap(), stride, "{rule:?}");
            let (off, s, _) = t.offsets(&[f, a3, f], rule);
            assert_eq!((off.as_slice(), s), (offs.as_slice(), size), "{rule:?}");
        }
        let v3 = t.vec(3, Scalar::F32);
        assert_eq!(array_stride(&t.0, v3, Rule::Std430).unwrap(), 16);
        assert_eq!(array_stride(&t.0, v3, Rule::Scalar).unwrap(), 12);
        assert_eq!(array_stride(&t.0, v3, Rule::Wgsl).unwrap(), 16);
        let v2 = t.vec(2, Scalar::F32);
        assert_eq!(array_stride(&t.0, v2, Rule::Std140).unwrap(), 16);
        assert_eq!(array_stride(&t.0, v2, Rule::Std430).unwrap(), 8);
    }

    #[test]
    fn arrays_of_arrays_take_the_inner_array_as_element() {
        let mut t = T::new();
        let f = t.f32();
        let inner = t.array(f, Some(3));
        let outer = t.array(inner, Some(2));
        for (rule, inner_stride, outer_stride, size) in
            [(Rule::Std140, 16, 48, 96), (Rule::Std430, 4, 12, 24), (Rule::Scalar, 4, 12, 24)]
        {
            let laid = lay_out(&mut t.0, outer, rule, false).unwrap();
            let TypeInner::Array { base, stride, .. } = t.0[laid].inner else { panic!() };
            let TypeInner::Array { stride: s2, .. } = t.0[base].inner else { panic!() };
            assert_eq!((s2, stride), (inner_stride, outer_stride), "{rule:?}");
            assert_eq!(type_layout(&t.0, laid, rule).unwrap().size, size, "{rule:?}");
        }
    }

    #[test]
    fn rule5_7_matrices_column_and_row_major() {
        use VectorSize::*;
        let f = Scalar::F32;
        // mat3: columns are vec3.
        assert_eq!(matrix_stride(Tri, Tri, f, false, Rule::Std140), 16);
        assert_eq!(matrix_stride(Tri, Tri, f, false, Rule::Std430), 16);
        assert_eq!(matrix_stride(Tri, Tri, f, false, Rule::Scalar), 12);
        assert_eq!(matrix_stride(Tri, Tri, f, false, Rule::Wgsl), 16);
        // mat2: std140 rounds the vec2 columns up to 16; std430 does not.
        assert_eq!(matrix_layout(Bi, Bi, f, false, Rule::Std140), Layout { size: 32, align: 16 });
        assert_eq!(matrix_layout(Bi, Bi, f, false, Rule::Std430), Layout { size: 16, align: 8 });
        // mat3x2 (3 columns of vec2); row-major it is 2 rows of vec3.
        assert_eq!(matrix_layout(Tri, Bi, f, false, Rule::Std430), Layout { size: 24, align: 8 });
        assert_eq!(matrix_layout(Tri, Bi, f, true, Rule::Std430), Layout { size: 32, align: 16 });
        assert_eq!(matrix_layout(Tri, Bi, f, true, Rule::Scalar), Layout { size: 24, align: 4 });
        // mat4x3 row-major: 3 rows of vec4.
        assert_eq!(matrix_layout(Quad, Tri, f, true, Rule::Std140), Layout { size: 48, align: 16 });
        assert_eq!(matrix_layout(Quad, Tri, f, false, Rule::Std140), Layout { size: 64, align: 16 });
        // dmat3: dvec3 columns align to 32.
        assert_eq!(matrix_layout(Tri, Tri, Scalar::F64, false, Rule::Std430), Layout { size: 96, align: 32 });
        // WGSL mat2x3<f16>: vec3<f16> aligns to 8.
        assert_eq!(matrix_layout(Bi, Tri, Scalar::F16, false, Rule::Wgsl), Layout { size: 16, align: 8 });
    }

    #[test]
    fn rule6_8_arrays_of_matrices_and_member_matrix_layout() {
        let mut t = T::new();
        let f = t.f32();
        let m = t.mat(3, 2, Scalar::F32);
        let am = t.array(m, Some(2));
        let mut specs = vec![MemberSpec::new(Some("f".into()), f), MemberSpec::new(Some("m".into()), am)];
        let (_, l) = lay_out_struct(&mut t.0, None, &specs, Rule::Std430).unwrap();
        assert_eq!(l.members[1].offset, 8);
        assert_eq!(l.members[1].matrix, Some(MatrixLayout { stride: 8, row_major: false }));
        let TypeInner::Array { stride, .. } = t.0[l.members[1].ty].inner else { panic!() };
        assert_eq!(stride, 24);
        specs[1].row_major = true;
        let (_, l) = lay_out_struct(&mut t.0, None, &specs, Rule::Std430).unwrap();
        assert_eq!(l.members[1].offset, 16);
        assert_eq!(l.members[1].matrix, Some(MatrixLayout { stride: 16, row_major: true }));
        let TypeInner::Array { stride, .. } = t.0[l.members[1].ty].inner else { panic!() };
        assert_eq!(stride, 32);
        assert_eq!(l.size, 80);
    }

    #[test]
    fn rule9_structs_std140_rounds_alignment_to_16_std430_does_not() {
        let mut t = T::new();
        let f = t.f32();
        let s = t.strukt(&[f]);
        // struct { float } then float: std140 pads the struct to 16.
        assert_eq!(t.offsets(&[f, s, f], Rule::Std140), (vec![0, 16, 32], 48, 16));
        assert_eq!(t.offsets(&[f, s, f], Rule::Std430), (vec![0, 4, 8], 12, 4));
        assert_eq!(t.offsets(&[f, s, f], Rule::Wgsl), (vec![0, 4, 8], 12, 4));
        // struct { vec3; } is 16 bytes in std430 (size rounded to its alignment), 12 in scalar.
        let v3 = t.vec(3, Scalar::F32);
        let sv = t.strukt(&[v3]);
        assert_eq!(t.offsets(&[sv, f], Rule::Std430).0, [0, 16]);
        assert_eq!(t.offsets(&[sv, f], Rule::Scalar).0, [0, 12]);
        // Scalar: struct { double; float } is 12 bytes, an array of them has stride 16.
        let d = t.scalar(Scalar::F64);
        let sd = t.strukt(&[d, f]);
        assert_eq!(t.offsets(&[sd, f], Rule::Scalar).0, [0, 12]);
        assert_eq!(array_stride(&t.0, sd, Rule::Scalar).unwrap(), 16);
        let asd = t.array(sd, Some(2));
        assert_eq!(t.offsets(&[asd, f], Rule::Scalar).0, [0, 28]);
    }

    #[test]
    fn rule10_arrays_of_structs() {
        let mut t = T::new();
        let (f, v2) = (t.f32(), t.vec(2, Scalar::F32));
        let s = t.strukt(&[v2, f]);
        let a = t.array(s, Some(3));
        for (rule, stride, after) in [(Rule::Std140, 16, 48), (Rule::Std430, 16, 48), (Rule::Scalar, 12, 36)] {
            let laid = lay_out(&mut t.0, a, rule, false).unwrap();
            let TypeInner::Array { stride: got, .. } = t.0[laid].inner else { panic!() };
            assert_eq!(got, stride, "{rule:?}");
            assert_eq!(t.offsets(&[a, f], rule).0[1], after, "{rule:?}");
        }
    }

    #[test]
    fn runtime_arrays_count_zero_and_must_be_last() {
        let mut t = T::new();
        let (f, v3) = (t.f32(), t.vec(3, Scalar::F32));
        let ra = t.array(v3, None);
        assert_eq!(t.offsets(&[f, ra], Rule::Std430), (vec![0, 16], 16, 16));
        let specs = [MemberSpec::new(None, ra), MemberSpec::new(Some("x".into()), f)];
        let e = lay_out_struct(&mut t.0, None, &specs, Rule::Std430).unwrap_err();
        assert_eq!((e.kind, e.member.as_str()), (LayoutErrorKind::RuntimeArrayNotLast, "0"));
    }

    #[test]
    fn glsl_offset_and_align_qualifiers() {
        let mut t = T::new();
        let (f, v4) = (t.f32(), t.vec(4, Scalar::F32));
        let spec = |ty, offset: Option<u32>, align: Option<u32>| MemberSpec { offset, align, ..MemberSpec::new(Some("x".into()), ty) };
        // Explicit offset; the next member continues after it.
        assert_eq!(t.place(&[spec(f, None, None), spec(f, Some(20), None), spec(f, None, None)], Rule::Std430).0, [0, 20, 24]);
        // align is a minimum: the greater of it and the type's alignment.
        assert_eq!(t.place(&[spec(f, None, None), spec(f, None, Some(32)), spec(v4, None, Some(4))], Rule::Std430).0, [0, 32, 48]);
        // Offset first, then rounded up to the align qualifier.
        assert_eq!(t.place(&[spec(f, Some(4), Some(16))], Rule::Std430).0, [16]);
        // Offset not a multiple of the type's base alignment.
        let e = lay_out_struct(&mut t.0, None, &[spec(v4, Some(8), None)], Rule::Std430).unwrap_err();
        assert_eq!(e.kind, LayoutErrorKind::OffsetNotAligned { offset: 8, align: 16 });
        // ... but fine under scalar layout.
        assert_eq!(t.place(&[spec(v4, Some(8), None)], Rule::Scalar).0, [8]);
        let e = lay_out_struct(&mut t.0, None, &[spec(v4, None, None), spec(f, Some(8), None)], Rule::Std430).unwrap_err();
        assert_eq!(e.kind, LayoutErrorKind::OffsetOverlaps { offset: 8, previous_end: 16 });
        let e = lay_out_struct(&mut t.0, None, &[spec(f, None, Some(12))], Rule::Std430).unwrap_err();
        assert_eq!(e.kind, LayoutErrorKind::AlignNotPowerOfTwo { align: 12 });
        // align on an array moves the start only, not the stride.
        let a = t.array(f, Some(2));
        let (_, l) = lay_out_struct(&mut t.0, None, &[spec(f, None, None), spec(a, None, Some(64))], Rule::Std430).unwrap();
        assert_eq!(l.members[1].offset, 64);
        assert!(matches!(t.0[l.members[1].ty].inner, TypeInner::Array { stride: 4, .. }));
    }

    #[test]
    fn wgsl_align_and_size_attributes() {
        let mut t = T::new();
        let (f, v3) = (t.f32(), t.vec(3, Scalar::F32));
        let spec = |ty, align: Option<u32>, size: Option<u32>| MemberSpec { align, size, ..MemberSpec::new(Some("x".into()), ty) };
        // @size(16) f32 pushes the next member; @align(32) raises the struct's alignment.
        assert_eq!(t.place(&[spec(f, None, Some(16)), spec(f, None, None)], Rule::Wgsl), (vec![0, 16], 20, 4));
        assert_eq!(t.place(&[spec(f, None, None), spec(f, Some(32), None)], Rule::Wgsl), (vec![0, 32], 64, 32));
        // The last member's @size counts toward the struct size.
        assert_eq!(t.place(&[spec(v3, None, Some(28))], Rule::Wgsl), (vec![0], 32, 16));
        let e = lay_out_struct(&mut t.0, None, &[spec(v3, None, Some(8))], Rule::Wgsl).unwrap_err();
        assert_eq!(e.kind, LayoutErrorKind::SizeTooSmall { size: 8, min: 12 });
        let e = lay_out_struct(&mut t.0, None, &[spec(v3, Some(8), None)], Rule::Wgsl).unwrap_err();
        assert_eq!(e.kind, LayoutErrorKind::AlignTooSmall { align: 8, required: 16 });
    }

    #[test]
    fn nested_struct_inherits_row_major() {
        let mut t = T::new();
        let m = t.mat(2, 4, Scalar::F32);
        let s = t.strukt(&[m]);
        let row = lay_out(&mut t.0, s, Rule::Std430, true).unwrap();
        let col = lay_out(&mut t.0, s, Rule::Std430, false).unwrap();
        assert_ne!(row, col, "the two layouts are two IR types");
        let TypeInner::Struct { ref members, span } = t.0[row].inner else { panic!() };
        assert_eq!((members[0].matrix, span), (Some(MatrixLayout { stride: 8, row_major: true }), 32));
        let TypeInner::Struct { ref members, span } = t.0[col].inner else { panic!() };
        assert_eq!((members[0].matrix, span), (Some(MatrixLayout { stride: 16, row_major: false }), 32));
        // Alignment read back from the laid-out type: row-major mat2x4 rows are vec2 (8).
        assert_eq!(type_layout(&t.0, row, Rule::Std430).unwrap(), Layout { size: 32, align: 8 });
        assert_eq!(type_layout(&t.0, col, Rule::Std430).unwrap(), Layout { size: 32, align: 16 });
    }

    #[test]
    fn wgsl_uniform_constraints() {
        let mut t = T::new();
        let (f, v4) = (t.f32(), t.vec(4, Scalar::F32));
        // array<f32, 4>: stride 4.
        let af = t.array(f, Some(4));
        let (s, _) = lay_out_struct(&mut t.0, None, &[MemberSpec::new(Some("a".into()), af)], Rule::Wgsl).unwrap();
        let e = check_wgsl_uniform(&t.0, s).unwrap_err();
        assert_eq!((e.member.as_str(), &e.kind), ("a", &LayoutErrorKind::UniformArrayStride { stride: 4 }));
        assert!(e.to_string().contains("multiple of 16"), "{e}");
        // array<vec4<f32>, 2> is fine.
        let av = t.array(v4, Some(2));
        let (s, _) = lay_out_struct(&mut t.0, None, &[MemberSpec::new(Some("a".into()), f), MemberSpec::new(Some("b".into()), av)], Rule::Wgsl).unwrap();
        assert_eq!(check_wgsl_uniform(&t.0, s), Ok(()));
        // struct { f: f32, s: S } with S = { x: f32 }: s at 4 breaks the alignment rule.
        let inner = t.strukt(&[f]);
        let inner = lay_out(&mut t.0, inner, Rule::Wgsl, false).unwrap();
        let (s, _) = lay_out_struct(&mut t.0, None, &[MemberSpec::new(Some("f".into()), f), MemberSpec::new(Some("s".into()), inner)], Rule::Wgsl).unwrap();
        let e = check_wgsl_uniform(&t.0, s).unwrap_err();
        assert_eq!((e.member.as_str(), e.kind), ("s", LayoutErrorKind::UniformMemberAlign { offset: 4, required: 16 }));
        // With @align(16) on s, the member after it is at 20 < 16 + roundUp(16, 4).
        let specs = [
            MemberSpec::new(Some("f".into()), f),
            MemberSpec { align: Some(16), ..MemberSpec::new(Some("s".into()), inner) },
            MemberSpec::new(Some("g".into()), f),
        ];
        let (s, _) = lay_out_struct(&mut t.0, None, &specs, Rule::Wgsl).unwrap();
        let e = check_wgsl_uniform(&t.0, s).unwrap_err();
        assert_eq!((e.member.as_str(), e.kind), ("g", LayoutErrorKind::UniformAfterStruct { offset: 20, struct_offset: 16, required: 16 }));
        // ... and fixed with @align(16) on g; nested errors name the path.
        let mut fixed = specs.clone();
        fixed[2].align = Some(16);
        let (ok, _) = lay_out_struct(&mut t.0, None, &fixed, Rule::Wgsl).unwrap();
        assert_eq!(check_wgsl_uniform(&t.0, ok), Ok(()));
        let (outer, _) = lay_out_struct(&mut t.0, None, &[MemberSpec::new(Some("o".into()), s)], Rule::Wgsl).unwrap();
        let e = check_wgsl_uniform(&t.0, outer).unwrap_err();
        assert_eq!(e.member, "o.g", "{e}");
        let ra = t.array(v4, None);
        let (s, _) = lay_out_struct(&mut t.0, None, &[MemberSpec::new(Some("r".into()), ra)], Rule::Wgsl).unwrap();
        assert_eq!(check_wgsl_uniform(&t.0, s).unwrap_err().kind, LayoutErrorKind::UniformRuntimeArray);
    }

    #[test]
    fn garbage_never_panics() {
        let mut t = T::new();
        let bogus: Handle<Type> = Handle::from_index(99);
        assert_eq!(type_layout(&t.0, bogus, Rule::Std430).unwrap_err().kind, LayoutErrorKind::InvalidHandle);
        assert_eq!(lay_out(&mut t.0, bogus, Rule::Std430, false).unwrap_err().kind, LayoutErrorKind::InvalidHandle);
        // A self-referencing array (impossible through the front ends) stops at the depth limit.
        let cyclic = t.ty(TypeInner::Array { base: Handle::from_index(0), size: ArraySize::Constant(2), stride: 0 });
        assert_eq!(type_layout(&t.0, cyclic, Rule::Std430).unwrap_err().kind, LayoutErrorKind::TooDeep);
        let img = t.ty(TypeInner::Sampler { comparison: false });
        assert!(matches!(type_layout(&t.0, img, Rule::Std430).unwrap_err().kind, LayoutErrorKind::NotHostShareable { .. }));
        let f = t.f32();
        let huge = t.array(f, Some(u32::MAX));
        let huge2 = t.array(huge, Some(4));
        assert_eq!(type_layout(&t.0, huge2, Rule::Std140).unwrap_err().kind, LayoutErrorKind::Overflow);
    }
}
