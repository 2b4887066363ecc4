//! Index clamping: memory safety that does not depend on the driver.
//!
//! WGSL promises that an out-of-bounds index into an array, vector or matrix reads a value of
//! the composite (or zero) and writes one of its elements (or nothing), never memory outside it
//! (WGSL §14.5.2 "Out-of-Bounds Access", §6.4.4 "Memory Safety"). Vulkan only gives that
//! with robustness features the device may lack, and even `robustBufferAccess` keeps accesses
//! inside the whole *buffer* range, not inside the array (a neighbouring member, or a
//! neighbouring binding of the same buffer, is in range). So under [`BoundsChecks::Clamp`]
//! (the default) every run-time index is clamped before it is used, as naga's
//! `BoundsCheckPolicy::Restrict` and Tint's robustness transform do: `min(u32(i), n - 1)`,
//! where `n` is the element count of a fixed-size array (or of an array sized by a
//! specialization constant, computed at run time), the component count of a vector, the column
//! count of a matrix, or `OpArrayLength` of a runtime-sized array in a storage buffer (WebGPU
//! and the runtime's binding checks make such a binding hold at least one element). A negative
//! signed index becomes a large unsigned one and is clamped to the last element.
//!
//! The same policy applies to GLSL and AGSL (which leave out-of-bounds accesses undefined), so
//! every module `shader!` can produce keeps inside its bindings when run as emitted. Outside
//! the promise: buffer references (GL_EXT_buffer_reference: raw addresses, no length), and
//! runtime-sized descriptor arrays (no length to clamp to).
//!
//! Done in the back end, where the access chain is built, rather than as an IR rewrite: the
//! length of a runtime-sized array needs a pointer to its enclosing struct, which is a prefix
//! of the chain being written, so nothing of the program is evaluated twice.

use super::*;
use spirv::GlslStd450Op as GLOp;

/// How indices into arrays, vectors and matrices are guarded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
pub enum BoundsChecks {
    /// Clamp every run-time index to the last element (the default; see the module
    /// documentation).
    #[default]
    Clamp,
    /// Use indices as written: an out-of-bounds index is undefined behaviour unless the
    /// device's robustness features catch it. Not for modules run as emitted
    /// (`PipelineOptions::passthrough`).
    Unchecked,
}

/// How many elements a composite indexed at run time has.
enum Count {
    Known(u32),
    /// The `OpSpecConstant` (or spec-constant operation) holding the length.
    Specialized(Word),
    /// A runtime-sized array: `OpArrayLength`.
    Runtime,
}

impl<'a> Writer<'a> {
    /// The element count of `container` (the type an `Access` indexes, or a pointer to it);
    /// `None` when there is nothing to clamp to.
    fn element_count(&mut self, container: Handle<Type>) -> Option<Count> {
        let mut ty = container;
        if let Some(&TypeInner::Pointer { base, space }) = self.module.types.get(ty).map(|t| &t.inner) {
            if matches!(space, AddressSpace::PhysicalStorage { .. }) {
                // A buffer reference: the array has no length anyone knows of.
                return None;
            }
            ty = base;
        }
        let size = match self.module.types.get(ty)?.inner {
            TypeInner::Vector { size, .. } => return Some(Count::Known(size as u32)),
            TypeInner::Matrix { columns, .. } => return Some(Count::Known(columns as u32)),
            TypeInner::Array { size, .. } => size,
            TypeInner::BindingArray { size, .. } => size,
            _ => return None,
        };
        match size {
            ArraySize::Constant(n) => Some(Count::Known(n)),
            ArraySize::Specialized { default, .. } if self.options.wgpu => Some(Count::Known(default)),
            ArraySize::Specialized { length, default } => match self.overrides.get(length.index()) {
                Some(&id) => Some(Count::Specialized(id)),
                None => Some(Count::Known(default)),
            },
            ArraySize::Dynamic if matches!(self.module.types[ty].inner, TypeInner::Array { .. }) => Some(Count::Runtime),
            ArraySize::Dynamic => None,
        }
    }

    /// The index `i` (the value of `index`) into `base` as the policy wants it: clamped to
    /// `0..count` under [`BoundsChecks::Clamp`]. `chain` is the access chain written so far
    /// when `base` is a pointer (its root and indices), which a runtime-sized array's length
    /// is read through.
    pub(super) fn bounded_index(
        &mut self,
        base: Handle<Expression>,
        index: Handle<Expression>,
        i: Word,
        chain: Option<(Word, StorageClass, &[Word])>,
    ) -> R<Word> {
        if self.options.bounds_checks == BoundsChecks::Unchecked {
            return Ok(i);
        }
        let exprs = &self.fun.expect("indices are written inside a function").expressions;
        let Some(count) = self.element_count(exprs.ty(base)) else { return Ok(i) };
        let u32_ty = self.scalar_type(Scalar::U32);
        let last = match count {
            Count::Known(n) => {
                if let Expression::Literal(l) = exprs[index] {
                    let value = match l {
                        Literal::I32(v) => u32::try_from(v).ok(),
                        Literal::U32(v) => Some(v),
                        _ => None,
                    };
                    if value.is_some_and(|v| v < n) {
                        return Ok(i);
                    }
                }
                self.const_u32(n.saturating_sub(1))
            }
            Count::Specialized(length) => {
                let one = self.const_u32(1);
                self.op(Op::ISub, u32_ty, &[length, one])
            }
            Count::Runtime => {
                let length = self.runtime_length(base, chain)?;
                let one = self.const_u32(1);
                self.op(Op::ISub, u32_ty, &[length, one])
            }
        };
        let i = match self.shape(exprs.ty(index)).map(|s| s.scalar) {
            Some(Scalar::U32) => i,
            Some(Scalar { kind: ScalarKind::Sint, width: 4 }) => self.op(Op::Bitcast, u32_ty, &[i]),
            // 8-, 16- and 64-bit indices: their low 32 bits, zero-extended (a value that does
            // not fit becomes some in-range index after the clamp, never an outside one).
            Some(_) => self.op(Op::UConvert, u32_ty, &[i]),
            None => return error("an index must be an integer", exprs.span(index)),
        };
        let set = self.glsl();
        Ok(self.op(
            Op::ExtInst,
            u32_ty,
            &[set, GLOp::UMin as u32, i, last],
        ))
    }

    /// `OpArrayLength` of the runtime-sized array `base` points at: through the struct the
    /// chain written so far ends in when it ends in the array's member, else from the pointer
    /// expression itself (a `let` bound to `&buf.data`).
    fn runtime_length(&mut self, base: Handle<Expression>, chain: Option<(Word, StorageClass, &[Word])>) -> R<Word> {
        let exprs = &self.fun.expect("indices are written inside a function").expressions;
        let span = exprs.span(base);
        let u32_ty = self.scalar_type(Scalar::U32);
        if let Some((root, class, indices)) = chain {
            if let (Expression::AccessIndex { base: structure, index: member }, Some((_, prefix))) = (&exprs[base], indices.split_last()) {
                let structure_ptr = if prefix.is_empty() {
                    root
                } else {
                    let pointee = match self.module.types.get(exprs.ty(*structure)).map(|t| &t.inner) {
                        Some(&TypeInner::Pointer { base, .. }) => base,
                        _ => return error("expected a pointer to a struct", span),
                    };
                    let pointee = self.type_id(pointee, span)?;
                    let pointer = self.pointer_type(class, pointee);
                    let id = self.id();
                    self.push(Op::AccessChain, &[pointer, id, root], prefix);
                    id
                };
                return Ok(self.op(Op::ArrayLength, u32_ty, &[structure_ptr, *member]));
            }
            if let (Expression::GlobalVar(_), [_]) = (&exprs[base], indices) {
                // A wrapped storage global of runtime-array type: member 0 of its block.
                return Ok(self.op(Op::ArrayLength, u32_ty, &[root, 0]));
            }
        }
        self.runtime_array_length(base, span)
    }
}
