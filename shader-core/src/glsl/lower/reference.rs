//! Buffer references (GL_EXT_buffer_reference, GL_EXT_buffer_reference2,
//! GL_EXT_buffer_reference_uvec2): `layout(buffer_reference) buffer T { ... };` declares a type
//! `T` whose values are 64-bit device addresses of a `T` block.
//!
//! Shape: `T` is an IR pointer in the `PhysicalStorage` address space whose pointee is the
//! laid-out block struct. The struct may hold references to itself, so its handle is a
//! placeholder interned first (a memberless struct marked by `span == u32::MAX`) and filled in
//! with [`UniqueArena::replace`] once the members are laid out; the validator accepts that
//! forward reference because it goes through a reference. A member access `r.m` binds the
//! reference to a `let` and becomes a path rooted there ([`Root::Reference`]), so loads, stores,
//! atomics and `.length()` reuse the ordinary path machinery.

use super::*;
use super::expr::op_symbol;

/// The default `buffer_reference_align` (GL_EXT_buffer_reference: "If not specified, the
/// alignment is 16 bytes").
const DEFAULT_ALIGN: u32 = 16;

/// A memberless struct with this span is a block known only from a forward declaration.
const PLACEHOLDER_SPAN: u32 = u32::MAX;

/// What the lowering remembers of a `buffer_reference` block name.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ReferenceBlock {
    /// The reference type (a `PhysicalStorage` pointer to `block`).
    pub ty: Handle<Type>,
    /// The block struct (a placeholder until the block's members are declared).
    pub block: Handle<Type>,
    pub read_only: bool,
    pub defined: bool,
}

impl<'a> Lowerer<'a> {
    /// The reference type named `name`, created on first mention (forward declaration or
    /// definition) with the alignment its qualifiers give.
    fn reference_entry(&mut self, name: &ast::Ident, q: &ast::TypeQualifiers) -> R<ReferenceBlock> {
        if let Some(r) = self.references.get(&name.name) {
            return Ok(*r);
        }
        // GL_EXT_buffer_reference2 and GL_EXT_buffer_reference_uvec2 extend (and, as glslang
        // reads them, enable) GL_EXT_buffer_reference.
        const ENABLING: [&str; 3] = ["GL_EXT_buffer_reference", "GL_EXT_buffer_reference2", "GL_EXT_buffer_reference_uvec2"];
        if !ENABLING.iter().any(|e| self.has_extension(e)) {
            let span = q.layout("buffer_reference").map_or(name.span, |l| l.span);
            return Err(self.error("`layout(buffer_reference)` needs `#extension GL_EXT_buffer_reference : require`", span));
        }
        if self.structs.contains_key(&name.name) {
            return Err(self.error(format!("`{}` is already the name of a struct", name.name), name.span));
        }
        let align = match q.layout("buffer_reference_align") {
            Some(l) => {
                let l = l.clone();
                let n = self.layout_u32(&l)?;
                if !n.is_power_of_two() {
                    return Err(self.error("`buffer_reference_align` must be a power of two", l.span));
                }
                n
            }
            None => DEFAULT_ALIGN,
        };
        let placeholder = Type { name: Some(name.name.as_str().to_owned()), inner: TypeInner::Struct { members: Vec::new(), span: PLACEHOLDER_SPAN } };
        let block = self.m.types.insert(placeholder, name.span);
        let memory = reference_memory(q);
        let ty = self.ty(TypeInner::Pointer { base: block, space: AddressSpace::PhysicalStorage { align, memory } });
        let entry = ReferenceBlock { ty, block, read_only: q.has_memory(ast::MemoryQualifier::ReadOnly), defined: false };
        self.references.insert(name.name.clone(), entry);
        self.structs.insert(name.name.clone(), ty);
        Ok(entry)
    }

    /// `layout(buffer_reference) buffer T;`
    pub(super) fn forward_reference(&mut self, q: &ast::TypeQualifiers, names: &[ast::Ident]) -> R<()> {
        for n in names {
            self.reference_entry(n, q)?;
        }
        Ok(())
    }

    /// `layout(buffer_reference) buffer T { members };`: the members are laid out like any
    /// buffer block's (the reference itself is 8 bytes, aligned like `uint64_t`).
    /// Returns the block struct: with an instance name the block is also an ordinary buffer
    /// of that type (glslang accepts both at once).
    pub(super) fn reference_block(&mut self, b: &'a ast::InterfaceBlock, specs: Vec<MemberSpec>, rule: Rule) -> R<Handle<Type>> {
        let entry = self.reference_entry(&b.name, &b.qualifiers)?;
        if entry.defined {
            return Err(self.error(format!("buffer reference `{}` is already defined", b.name.name), b.name.span));
        }
        let laid = match layout::lay_out_struct(&mut self.m.types, Some(b.name.name.as_str().to_owned()), &specs, rule) {
            Ok((t, _)) => t,
            Err(e) => return Err(self.error(format!("block `{}`: {e}", b.name.name), b.span)),
        };
        let value = self.m.types[laid].clone();
        self.m.types.replace(entry.block, value);
        // The definition's `coherent`/`volatile` are the block's, also when a forward
        // declaration made the reference type: glslang ignores the forward declaration's (a
        // `volatile` one alone gives no decoration; the definition's gives Volatile and Coherent).
        if let TypeInner::Pointer { base, space: AddressSpace::PhysicalStorage { align, memory } } = *self.inner(entry.ty) {
            let defined = reference_memory(&b.qualifiers);
            if defined != memory {
                let name = self.m.types[entry.ty].name.clone();
                let inner = TypeInner::Pointer { base, space: AddressSpace::PhysicalStorage { align, memory: defined } };
                self.m.types.replace(entry.ty, Type { name, inner });
            }
        }
        let read_only = entry.read_only || b.qualifiers.has_memory(ast::MemoryQualifier::ReadOnly);
        self.references.insert(b.name.name.clone(), ReferenceBlock { read_only, defined: true, ..entry });
        Ok(entry.block)
    }

    fn reference_of(&self, ty: Handle<Type>) -> Option<ReferenceBlock> {
        self.references.values().find(|r| r.ty == ty).copied()
    }

    /// `r.member` through a reference value: a path rooted at a `let` holding the address.
    pub(super) fn dereference(&mut self, out: &mut Block, base: Operand, span: Span) -> R<Operand> {
        let v = self.value(out, base, span)?;
        let ty = self.ety(v);
        let (Some(r), TypeInner::Pointer { base: block, space }) = (self.reference_of(ty), self.inner(ty).clone()) else {
            return Err(self.error("expected a buffer reference", span));
        };
        if !r.defined {
            let name = self.type_name(block);
            return Err(self.error(format!("buffer reference `{name}` is declared but its block is never defined"), span));
        }
        let l = self.bind(out, v);
        Ok(Operand::Ref(Path { root: Root::Reference(l), root_ty: block, steps: Vec::new(), ty: block, space, read_only: r.read_only }))
    }

    /// Constructors involving references: `T(uint64_t)`, `T(uvec2)` (GL_EXT_buffer_reference_uvec2),
    /// `T(otherReference)`, and back: `uint64_t(r)`, `uvec2(r)`. `None` when no reference is
    /// involved.
    pub(super) fn reference_construct(&mut self, ty: Handle<Type>, vals: &[(Handle<Expression>, Span)], span: Span) -> Option<R<Handle<Expression>>> {
        let target_ref = self.inner(ty).is_reference();
        let source_ref = vals.len() == 1 && self.inner(self.ety(vals[0].0)).is_reference();
        if !target_ref && !source_ref {
            return None;
        }
        let [(v, vs)] = vals else {
            return Some(Err(self.error(format!("a `{}` constructor takes one argument", self.type_name(ty)), span)));
        };
        let vt = self.ety(*v);
        let u64_ty = self.scalar_ty(Scalar::U64);
        let uvec2 = self.vec_ty(2, Scalar::U32);
        let ok = |lw: &Self, t: Handle<Type>| lw.inner(t).is_reference() || t == u64_ty || t == uvec2;
        if !ok(self, vt) || !ok(self, ty) {
            let message = format!("cannot construct `{}` from `{}`", self.type_name(ty), self.type_name(vt));
            return Some(Err(self.error(message, *vs)));
        }
        if (vt == uvec2 || ty == uvec2) && !self.has_extension("GL_EXT_buffer_reference_uvec2") {
            return Some(Err(self.error("converting between `uvec2` and a buffer reference needs `#extension GL_EXT_buffer_reference_uvec2`", *vs)));
        }
        if vt == ty {
            return Some(Ok(*v));
        }
        Some(Ok(self.push(Expression::Bitcast { expr: *v }, ty, span)))
    }

    /// Binary operators with a reference operand: with GL_EXT_buffer_reference2, `r + n`, `n + r` and `r - n` move by `n` blocks
    /// (`sizeof(T)`, rounded up to the block's alignment), and `r - s` counts blocks.
    pub(super) fn reference_binary(&mut self, _out: &mut Block, op: ast::BinaryOp, l: Handle<Expression>, r: Handle<Expression>, span: Span) -> R<Handle<Expression>> {
        use ast::BinaryOp as B;
        let (lt, rt) = (self.ety(l), self.ety(r));
        let u64_ty = self.scalar_ty(Scalar::U64);
        let bad = |lw: &mut Self| {
            let message = format!("operator `{}` does not apply to `{}` and `{}`", op_symbol(op), lw.type_name(lt), lw.type_name(rt));
            Err(lw.error(message, span))
        };
        let (lref, rref) = (self.inner(lt).is_reference(), self.inner(rt).is_reference());
        match op {
            // glslang: "can't use with reference types"; addresses compare as `uint64_t`.
            B::Equal | B::NotEqual => {
                let message = format!("`{}` does not apply to buffer references; compare `uint64_t(r)` instead", op_symbol(op));
                Err(self.error(message, span))
            }
            // `r - s`: the distance in blocks, an `int64_t` (as glslang computes it).
            B::Sub if lref && rref && lt == rt => {
                if !self.has_extension("GL_EXT_buffer_reference2") {
                    return Err(self.error("arithmetic on buffer references needs `#extension GL_EXT_buffer_reference2`", span));
                }
                let Some(size) = self.reference_stride(lt) else {
                    return Err(self.error("arithmetic needs a buffer reference whose block is defined and has a fixed size", span));
                };
                let i64_ty = self.scalar_ty(Scalar::I64);
                let a = self.push(Expression::Bitcast { expr: l }, u64_ty, span);
                let a = self.push(Expression::Bitcast { expr: a }, i64_ty, span);
                let b = self.push(Expression::Bitcast { expr: r }, u64_ty, span);
                let b = self.push(Expression::Bitcast { expr: b }, i64_ty, span);
                let bytes = self.push(Expression::Binary { op: BinaryOp::Subtract, left: a, right: b }, i64_ty, span);
                let size = self.lit(Literal::I64(i64::from(size)), span);
                Ok(self.push(Expression::Binary { op: BinaryOp::Divide, left: bytes, right: size }, i64_ty, span))
            }
            B::Add | B::Sub if lref != rref && (lref || op == B::Add) => {
                if !self.has_extension("GL_EXT_buffer_reference2") {
                    return Err(self.error("arithmetic on buffer references needs `#extension GL_EXT_buffer_reference2`", span));
                }
                let (reference, count) = if lref { (l, r) } else { (r, l) };
                let ref_ty = self.ety(reference);
                let ct = self.ety(count);
                if !self.shape(ct).is_some_and(|(s, n)| n == 1 && matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint)) {
                    return bad(self);
                }
                let Some(size) = self.reference_stride(ref_ty) else {
                    return Err(self.error("arithmetic needs a buffer reference whose block is defined and has a fixed size", span));
                };
                // Sign-extend signed counts (SPIR-V OpSConvert) so that `r - 1` and `r + -1` agree.
                let count = match self.shape(ct) {
                    Some((s, _)) if s.kind == ScalarKind::Sint => {
                        let wide = self.convert(count, Scalar::I64, span);
                        self.convert(wide, Scalar::U64, span)
                    }
                    _ => self.convert(count, Scalar::U64, span),
                };
                let size = self.lit(Literal::U64(u64::from(size)), span);
                let bytes = self.push(Expression::Binary { op: BinaryOp::Multiply, left: count, right: size }, u64_ty, span);
                let address = self.push(Expression::Bitcast { expr: reference }, u64_ty, span);
                let ir = if op == B::Add { BinaryOp::Add } else { BinaryOp::Subtract };
                let moved = self.push(Expression::Binary { op: ir, left: address, right: bytes }, u64_ty, span);
                Ok(self.push(Expression::Bitcast { expr: moved }, ref_ty, span))
            }
            _ => bad(self),
        }
    }

    /// The distance between consecutive blocks behind a reference: the block's size rounded up
    /// to the reference alignment (GL_EXT_buffer_reference2, "sizeof" of a reference type).
    fn reference_stride(&self, ty: Handle<Type>) -> Option<u32> {
        let TypeInner::Pointer { base, space: AddressSpace::PhysicalStorage { align, .. } } = *self.inner(ty) else { return None };
        match self.inner(base) {
            TypeInner::Struct { members, span } if *span != PLACEHOLDER_SPAN => {
                let runtime = members.last().is_some_and(|m| matches!(self.inner(m.ty), TypeInner::Array { size: ArraySize::Dynamic, .. }));
                if runtime {
                    return None;
                }
                Some(span.div_ceil(align.max(1)) * align.max(1))
            }
            _ => None,
        }
    }

    /// The constant address held by the reference expression `h`, as a value of `to` (`u64` or
    /// `uvec2`), when it is built from constants. References themselves never fold: they have
    /// no constant form in SPIR-V.
    pub(super) fn fold_address(&self, h: Handle<Expression>, to: Handle<Type>, depth: u32) -> Option<Cv> {
        if depth > 64 {
            return None;
        }
        match self.fx.f.expressions[h].clone() {
            Expression::Bitcast { expr } if self.inner(self.ety(expr)).is_reference() => self.fold_address(expr, to, depth + 1),
            Expression::Bitcast { expr } => {
                let v = self.fold(expr)?;
                let from = self.ety(expr);
                if from == to {
                    return Some(v);
                }
                // uvec2 <-> uint64_t: low word first (GL_EXT_buffer_reference_uvec2).
                match (v, self.inner(to).clone()) {
                    (Cv::Scalar(Literal::U64(a)), TypeInner::Vector { .. }) => {
                        Some(Cv::Composite(vec![Cv::Scalar(Literal::U32(a as u32)), Cv::Scalar(Literal::U32((a >> 32) as u32))]))
                    }
                    (Cv::Composite(parts), TypeInner::Scalar(_)) => match parts.as_slice() {
                        [Cv::Scalar(Literal::U32(lo)), Cv::Scalar(Literal::U32(hi))] => Some(Cv::Scalar(Literal::U64(u64::from(*lo) | (u64::from(*hi) << 32)))),
                        _ => None,
                    },
                    _ => None,
                }
            }
            Expression::Select { condition, accept, reject } => match self.fold(condition)? {
                Cv::Scalar(Literal::Bool(true)) => self.fold_address(accept, to, depth + 1),
                Cv::Scalar(Literal::Bool(false)) => self.fold_address(reject, to, depth + 1),
                _ => None,
            },
            _ => None,
        }
    }

    /// An array (of arrays) of buffer references.
    pub(super) fn is_reference_array(&self, ty: Handle<Type>) -> bool {
        match self.inner(ty) {
            TypeInner::Array { base, .. } => self.inner(*base).is_reference() || self.is_reference_array(*base),
            _ => false,
        }
    }

    /// Whether values of `ty` are or contain buffer references.
    pub(super) fn holds_reference(&self, ty: Handle<Type>) -> bool {
        match self.inner(ty) {
            t if t.is_reference() => true,
            TypeInner::Array { base, .. } => self.holds_reference(*base),
            TypeInner::Struct { members, .. } => members.iter().any(|m| self.holds_reference(m.ty)),
            _ => false,
        }
    }
}

/// The memory qualifiers of a `buffer_reference` block that reach its accesses.
fn reference_memory(q: &ast::TypeQualifiers) -> MemoryQualifiers {
    MemoryQualifiers { restrict: false, ..super::memory_qualifiers(q) }
}
