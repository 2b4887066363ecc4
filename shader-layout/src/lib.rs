//! The memory layout rules of GPU buffers, each written once, as `const fn`s.
//!
//! The compiler (`shader_core::layout`, over IR types), the `#[derive(Std140, Std430)]` and
//! `shader!` checks (`shader_runtime::layout`, evaluated in `const` items of the user's crate)
//! and the macros all take their rules from here, so a rule cannot differ between them. No
//! dependencies and `no_std`, so a `const` item in any crate can evaluate these.
//!
//! - [`Rule::Std140`]: GLSL 4.60 §4.4.5 `std140`, i.e. OpenGL 4.6 §7.6.2.2 rules 1-10.
//! - [`Rule::Std430`]: the same without rounding array strides and struct alignments up to the
//!   alignment of a `vec4` (OpenGL 4.6 §7.6.2.2, last paragraph).
//! - [`Rule::Scalar`]: GL_EXT_scalar_block_layout / Vulkan "scalar alignment" (Vulkan 1.3
//!   §15.6.4): every type is aligned to its scalar component.
//! - [`Rule::Wgsl`]: WGSL §"Alignment and Size"; the extra constraints of the `uniform` address
//!   space are [`uniform_required_align`], [`uniform_array_stride_ok`] and
//!   [`uniform_struct_span`] (WGSL §"Address Space Layout Constraints").
//!
//! Where the specs leave room these follow glslang 12: a runtime-sized array counts 0 bytes, a
//! scalar-layout struct is not padded to its alignment, nor the last element of a scalar-layout
//! array to the stride. Sizes that do not fit in 32 bits give `None`.

#![no_std]

/// A memory layout rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// GLSL `std140` (uniform blocks by default).
    Std140,
    /// GLSL `std430` (buffer blocks and push constants by default).
    Std430,
    /// GLSL `scalar` (GL_EXT_scalar_block_layout).
    Scalar,
    /// WGSL's layout (storage and uniform; the uniform address space adds constraints).
    Wgsl,
}

impl Rule {
    /// The rule's name in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Std140 => "std140",
            Rule::Std430 => "std430",
            Rule::Scalar => "scalar",
            Rule::Wgsl => "WGSL",
        }
    }
}

/// Size and alignment of a type, in bytes. Alignments are powers of two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    pub size: u32,
    pub align: u32,
}

/// `value` rounded up to a multiple of `align` (0 counts as 1); `None` past `u32::MAX`.
pub const fn round_up(value: u32, align: u32) -> Option<u32> {
    let align = if align == 0 { 1 } else { align };
    value.div_ceil(align).checked_mul(align)
}

/// A scalar of `width` bytes (rule 1: aligned to its size; WGSL: AlignOf(f16) = 2, i32/u32/f32
/// = 4).
pub const fn scalar(width: u32) -> Layout {
    let size = if width == 0 { 1 } else { width };
    Layout { size, align: size.next_power_of_two() }
}

/// A vector of `components` (2, 3 or 4) `scalar`s.
pub const fn vector(components: u32, scalar: Layout, rule: Rule) -> Layout {
    let size = scalar.size * components;
    let align = match rule {
        // Scalar layout: a vector is aligned like its component.
        Rule::Scalar => scalar.align,
        // std140/std430 rules 2 and 3: two components align to 2N, three and four to 4N.
        // WGSL: AlignOf(vec2) = 2N, AlignOf(vec3) = AlignOf(vec4) = 4N. A vec3 is only 3N long,
        // so a scalar may follow it in the last component's slot ("vec3 + float packing").
        Rule::Std140 | Rule::Std430 | Rule::Wgsl => {
            if components == 2 {
                2 * scalar.align
            } else {
                4 * scalar.align
            }
        }
    };
    Layout { size, align }
}

/// Alignment of an array of elements aligned to `element_align`.
pub const fn array_align(element_align: u32, rule: Rule) -> u32 {
    match rule {
        // std140 rules 4 and 10: rounded up to the base alignment of a vec4.
        Rule::Std140 => {
            if element_align < 16 {
                16
            } else {
                element_align
            }
        }
        // std430: "the base alignment and stride of arrays of scalars and vectors in rule 4 and
        // of structures in rule 9 are not rounded up a multiple of the base alignment of a
        // vec4". WGSL: AlignOf(array<E>) = AlignOf(E). Scalar: the element's alignment.
        Rule::Std430 | Rule::Wgsl | Rule::Scalar => element_align,
    }
}

/// Layout and ArrayStride of an array of `len` `element`s (`len` 0: runtime-sized, 0 bytes).
pub const fn array(element: Layout, len: u32, rule: Rule) -> Option<(Layout, u32)> {
    let align = array_align(element.align, rule);
    // Rule 4: the stride is the element size rounded up to the array's alignment (WGSL:
    // StrideOf(array<E>) = roundUp(AlignOf(E), SizeOf(E))).
    let Some(stride) = round_up(element.size, align) else { return None };
    let size = match (len, rule) {
        (0, _) => Some(0),
        // glslang's scalar layout does not pad the last element (Vulkan only forbids overlap).
        (n, Rule::Scalar) => match stride.checked_mul(n - 1) {
            Some(s) => s.checked_add(element.size),
            None => None,
        },
        (n, _) => stride.checked_mul(n),
    };
    match size {
        Some(size) => Some((Layout { size, align }, stride)),
        None => None,
    }
}

/// Layout and MatrixStride of a matrix stored as `vectors` vectors of `components` `scalar`s:
/// a column-major `matCxR` is C columns of R components, a row-major one R rows of C
/// components (std140 rules 5 and 7, each following rule 4; WGSL: SizeOf(matCxR) =
/// C * roundUp(AlignOf(vecR), SizeOf(vecR)), AlignOf = AlignOf(vecR)).
pub const fn matrix(vectors: u32, components: u32, scalar: Layout, rule: Rule) -> (Layout, u32) {
    let v = vector(components, scalar, rule);
    let (align, stride) = match rule {
        // Rule 4's rounding to the base alignment of a vec4 applies to std140 only.
        Rule::Std140 | Rule::Std430 | Rule::Wgsl => {
            let align = array_align(v.align, rule);
            // Small values: at most 4 components of 8 bytes.
            (align, v.size.div_ceil(align) * align)
        }
        // Scalar layout: vectors are packed back to back (glslang: stride = vector size).
        Rule::Scalar => (v.align, v.size),
    };
    (Layout { size: stride * vectors, align }, stride)
}

/// Alignment of a struct whose most aligned member has `member_align` (rule 9: std140 rounds it
/// up to a vec4's; std430, scalar and WGSL: AlignOf(S) = max AlignOfMember(S, i)).
pub const fn struct_align(member_align: u32, rule: Rule) -> u32 {
    match rule {
        Rule::Std140 if member_align < 16 => 16,
        _ => member_align,
    }
}

/// A struct's size when its last member ends at `end`: rule 9 ("the base offset of the member
/// following the sub-structure is rounded up to the next multiple of the base alignment of the
/// structure"); WGSL: SizeOf(S) = roundUp(AlignOf(S), justPastLastMember). The scalar layout
/// does not pad.
pub const fn struct_size(end: u32, align: u32, rule: Rule) -> Option<u32> {
    match rule {
        Rule::Scalar => Some(end),
        Rule::Std140 | Rule::Std430 | Rule::Wgsl => round_up(end, align),
    }
}

/// The offset of a member aligned to `align` that follows a member ending at `end` (rules 1-9:
/// the next multiple of the member's alignment; WGSL: OffsetOfMember(S, i) =
/// roundUp(AlignOfMember(S, i), OffsetOfMember(S, i-1) + SizeOfMember(S, i-1))).
pub const fn member_offset(end: u32, align: u32) -> Option<u32> {
    round_up(end, align)
}

/// WGSL uniform address space: struct- and array-typed members are aligned to
/// RequiredAlignOf(T, uniform) = roundUp(16, AlignOf(T)).
pub const fn uniform_required_align(align: u32) -> Option<u32> {
    round_up(align, 16)
}

/// WGSL uniform address space: "StrideOf(array<T,N>) = 16 x k' for some positive integer k'".
pub const fn uniform_array_stride_ok(stride: u32) -> bool {
    stride % 16 == 0
}

/// WGSL uniform address space: a member following a struct member of size `size` starts at
/// least roundUp(16, SizeOf(S)) bytes after it.
pub const fn uniform_struct_span(size: u32) -> Option<u32> {
    round_up(size, 16)
}

#[cfg(test)]
mod tests {
    //! Each case comes from a spec rule and is chosen so a plausible wrong implementation gives a
    //! different number. shader-core's tests and the glslang differential tests
    //! (`shader-core/tests/layout_glslang.rs`, `tests/macro_layout_glslang.rs`) cover the rules
    //! through their users.
    use super::*;

    const F32: Layout = Layout { size: 4, align: 4 };

    #[test]
    fn vec3_aligns_like_vec4_but_is_three_components_long() {
        assert_eq!(vector(3, F32, Rule::Std430), Layout { size: 12, align: 16 });
        assert_eq!(vector(3, F32, Rule::Wgsl), Layout { size: 12, align: 16 });
        assert_eq!(vector(2, F32, Rule::Std140), Layout { size: 8, align: 8 });
        assert_eq!(vector(3, F32, Rule::Scalar), Layout { size: 12, align: 4 });
        assert_eq!(vector(3, scalar(2), Rule::Wgsl), Layout { size: 6, align: 8 });
    }

    #[test]
    fn std140_rounds_arrays_matrices_and_structs_to_16() {
        assert_eq!(array(F32, 3, Rule::Std140), Some((Layout { size: 48, align: 16 }, 16)));
        assert_eq!(array(F32, 3, Rule::Std430), Some((Layout { size: 12, align: 4 }, 4)));
        assert_eq!(array(vector(3, F32, Rule::Std430), 2, Rule::Std430), Some((Layout { size: 32, align: 16 }, 16)));
        assert_eq!(matrix(2, 2, F32, Rule::Std140), (Layout { size: 32, align: 16 }, 16));
        assert_eq!(matrix(2, 2, F32, Rule::Std430), (Layout { size: 16, align: 8 }, 8));
        assert_eq!(matrix(3, 3, F32, Rule::Wgsl), (Layout { size: 48, align: 16 }, 16));
        assert_eq!(matrix(3, 3, F32, Rule::Scalar), (Layout { size: 36, align: 4 }, 12));
        assert_eq!(struct_align(4, Rule::Std140), 16);
        assert_eq!(struct_align(4, Rule::Std430), 4);
        assert_eq!(struct_size(20, 16, Rule::Std430), Some(32));
        assert_eq!(struct_size(20, 16, Rule::Scalar), Some(20));
    }

    #[test]
    fn scalar_layout_does_not_pad_the_last_array_element() {
        let v3 = vector(3, F32, Rule::Scalar);
        assert_eq!(array(v3, 2, Rule::Scalar), Some((Layout { size: 24, align: 4 }, 12)));
        assert_eq!(array(F32, 0, Rule::Std140), Some((Layout { size: 0, align: 16 }, 16)));
    }

    #[test]
    fn wgsl_uniform_constraints_and_overflow() {
        assert_eq!(uniform_required_align(4), Some(16));
        assert_eq!(uniform_required_align(32), Some(32));
        assert!(!uniform_array_stride_ok(8));
        assert_eq!(uniform_struct_span(20), Some(32));
        assert_eq!(round_up(u32::MAX, 16), None);
        assert_eq!(array(F32, u32::MAX, Rule::Std430), None);
        // Evaluable in a const item, which is how the runtime's checks use them.
        const OFFSET: Option<u32> = member_offset(4, vector(3, F32, Rule::Std430).align);
        assert_eq!(OFFSET, Some(16));
    }
}
