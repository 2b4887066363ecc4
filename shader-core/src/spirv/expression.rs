//! Expressions: each IR expression tree is written where its statement runs, children first,
//! left to right (the IR's evaluation order). Pointers are written as one `OpAccessChain` per
//! pointer expression; values use the core opcodes or `GLSL.std.450`.

use super::*;
use spirv::GlslStd450Op as GLOp;

/// The numeric shape of a type: scalar kind/width, vector size, matrix columns.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shape {
    pub(super) scalar: Scalar,
    pub(super) size: Option<u32>,
    pub(super) columns: Option<u32>,
}

/// The memory operands of a load or store (SPIR-V 3.26): the mask and its operands, at most
/// an alignment and a scope.
#[derive(Clone, Copy, Default)]
pub(super) struct MemoryOperands {
    words: [Word; 3],
    len: usize,
}

impl MemoryOperands {
    fn push(&mut self, word: Word) {
        self.words[self.len] = word;
        self.len += 1;
    }

    pub(super) fn words(&self) -> &[Word] {
        &self.words[..self.len]
    }
}

impl<'a> Writer<'a> {
    fn exprs(&self) -> &'a Expressions {
        &self.fun.expect("expressions are written inside a function").expressions
    }

    fn span_of(&self, expr: Handle<Expression>) -> Span {
        let exprs = self.exprs();
        if exprs.check(expr) {
            exprs.span(expr)
        } else {
            Span::default()
        }
    }

    fn inner_of(&self, ty: Handle<Type>) -> Option<&'a TypeInner> {
        self.module.types.get(ty).map(|t| &t.inner)
    }

    pub(super) fn shape(&self, ty: Handle<Type>) -> Option<Shape> {
        match *self.inner_of(ty)? {
            TypeInner::Scalar(scalar) | TypeInner::Atomic(scalar) => Some(Shape { scalar, size: None, columns: None }),
            TypeInner::Vector { size, scalar } => Some(Shape { scalar, size: Some(size as u32), columns: None }),
            TypeInner::Matrix { columns, rows, scalar } => Some(Shape { scalar, size: Some(rows as u32), columns: Some(columns as u32) }),
            _ => None,
        }
    }

    fn expr_shape(&self, expr: Handle<Expression>) -> R<Shape> {
        let ty = self.exprs().ty(expr);
        self.shape(ty).ok_or_else(|| Diagnostic::error("expected a numeric or boolean value", self.span_of(expr)))
    }

    /// The pointee type and address space of a pointer-typed expression.
    pub(super) fn pointee(&self, expr: Handle<Expression>) -> (Option<Handle<Type>>, Option<AddressSpace>) {
        let exprs = self.exprs();
        if !exprs.check(expr) {
            return (None, None);
        }
        match self.inner_of(exprs.ty(expr)) {
            Some(&TypeInner::Pointer { base, space }) => (Some(base), Some(space)),
            _ => (None, None),
        }
    }

    fn ext(&mut self, ty: Word, op: GLOp, args: &[Word]) -> Word {
        self.check_wgpu_glsl_std_450(op as u32);
        let set = self.glsl();
        let id = self.id();
        self.push(Op::ExtInst, &[ty, id, set, op as u32], args);
        id
    }

    fn splat(&mut self, value: Word, scalar: Scalar, size: u32) -> Word {
        let ty = self.numeric_type(scalar, Some(size));
        // A vector: at most 4 components.
        self.op(Op::CompositeConstruct, ty, &[value; 4][..size.min(4) as usize])
    }

    // -----------------------------------------------------------------------------------------
    // Values

    pub(super) fn eval(&mut self, expr: Handle<Expression>) -> R<Word> {
        let exprs = self.exprs();
        if !exprs.check(expr) {
            return error("reference to a missing expression", Span::default());
        }
        self.f.depth += 1;
        let result = if self.f.depth > MAX_DEPTH {
            error("expression nested too deeply", exprs.span(expr))
        } else {
            self.eval_inner(expr)
        };
        self.f.depth -= 1;
        result
    }

    fn eval_inner(&mut self, expr: Handle<Expression>) -> R<Word> {
        let exprs = self.exprs();
        let span = exprs.span(expr);
        let ty_handle = exprs.ty(expr);
        let is_pointer = matches!(self.inner_of(ty_handle), Some(TypeInner::Pointer { .. }));
        let result_is_reference = self.inner_of(ty_handle).is_some_and(TypeInner::is_reference);
        let through_pointer = |w: &Self, base| w.pointee(base).0.is_some() || (is_pointer && !result_is_reference);
        match &exprs[expr] {
            // A zero reference is address 0; composites holding references have no constant
            // form and only appear as the value of a function that falls off its end, which
            // GLSL leaves undefined (§6.4): OpUndef.
            &Expression::ZeroValue(t) if self.holds_reference(t) => {
                let ty = self.type_id(t, span)?;
                if self.inner_of(t).is_some_and(TypeInner::is_reference) {
                    let zero = self.const_scalar(Scalar::U64, 0);
                    Ok(self.op(Op::ConvertUToPtr, ty, &[zero]))
                } else {
                    Ok(self.op(Op::Undef, ty, &[]))
                }
            }
            Expression::Literal(_) | Expression::ZeroValue(_) => self.constant_tree(exprs, expr, false, 0),
            Expression::Compose { components } => {
                if self.is_constant_tree(exprs, expr, 0) {
                    return self.constant_tree(exprs, expr, false, 0);
                }
                let mut ids = self.operand_list();
                for &c in components {
                    ids.push(self.eval(c)?);
                }
                let ty = self.type_id(ty_handle, span)?;
                let id = self.op(Op::CompositeConstruct, ty, &ids);
                self.give_back(ids);
                Ok(id)
            }
            &Expression::Splat { value } => {
                if self.is_constant_tree(exprs, expr, 0) {
                    return self.constant_tree(exprs, expr, false, 0);
                }
                let v = self.eval(value)?;
                let ty = self.type_id(ty_handle, span)?;
                let n = self.shape(ty_handle).and_then(|s| s.size).unwrap_or(1);
                // A vector: at most 4 components.
                Ok(self.op(Op::CompositeConstruct, ty, &[v; 4][..n.min(4) as usize]))
            }
            &Expression::Swizzle { vector, pattern } => {
                let v = self.eval(vector)?;
                let ty = self.type_id(ty_handle, span)?;
                match self.shape(ty_handle).and_then(|s| s.size) {
                    Some(n) => {
                        // The vector twice, then at most 4 components.
                        let n = n.min(4) as usize;
                        let mut operands = [v; 6];
                        for (operand, &c) in operands[2..].iter_mut().zip(&pattern[..n]) {
                            *operand = u32::from(c);
                        }
                        Ok(self.op(Op::VectorShuffle, ty, &operands[..2 + n]))
                    }
                    None => Ok(self.op(Op::CompositeExtract, ty, &[v, u32::from(pattern[0])])),
                }
            }
            &Expression::Access { base, index } => {
                // Through a pointer (a buffer reference is a pointer value too); a struct
                // value holding a reference yields the reference by extraction.
                if through_pointer(self, base) {
                    return self.eval_pointer(expr);
                }
                if self.rooted_in_value_global(expr) {
                    return self.load_through_pointer(expr, ty_handle, span);
                }
                let ty = self.type_id(ty_handle, span)?;
                let base_ty = exprs.ty(base);
                let b = self.eval(base)?;
                let i = self.eval(index)?;
                let i = self.bounded_index(base, index, i, None)?;
                if let Some(TypeInner::Vector { .. }) = self.inner_of(base_ty) {
                    return Ok(self.op(Op::VectorExtractDynamic, ty, &[b, i]));
                }
                // SPIR-V has no dynamic extract for arrays and matrices: spill the value into
                // a variable and index that.
                let base_id = self.type_id(base_ty, span)?;
                let var = self.function_variable(base_id);
                self.alias_references(var, base_ty);
                self.op_void(Op::Store, &[var, b]);
                let pointer = self.pointer_type(StorageClass::Function, ty);
                let element = self.op(Op::AccessChain, pointer, &[var, i]);
                Ok(self.op(Op::Load, ty, &[element]))
            }
            &Expression::AccessIndex { base, index } => {
                if through_pointer(self, base) {
                    return self.eval_pointer(expr);
                }
                if self.rooted_in_value_global(expr) {
                    return self.load_through_pointer(expr, ty_handle, span);
                }
                let ty = self.type_id(ty_handle, span)?;
                let b = self.eval(base)?;
                Ok(self.op(Op::CompositeExtract, ty, &[b, index]))
            }
            Expression::LocalVar(_) if is_pointer => self.eval_pointer(expr),
            Expression::GlobalVar(_) => {
                if is_pointer {
                    self.eval_pointer(expr)
                } else {
                    self.load_through_pointer(expr, ty_handle, span)
                }
            }
            &Expression::LocalVar(_) => self.eval_pointer(expr),
            &Expression::FunctionArg(i) => match self.f.arguments.get(i as usize) {
                Some(&id) => Ok(id),
                None => error("reference to a missing function argument", span),
            },
            &Expression::LetRef(l) => match self.f.lets.get(l.index()) {
                Some(&Some(id)) => Ok(id),
                _ => error("a `let` is used before it is bound", span),
            },
            &Expression::Override(o) => match self.overrides.get(o.index()) {
                Some(&id) => Ok(id),
                None => error("reference to a missing override", span),
            },
            &Expression::Load { pointer } => {
                let (pointee, space) = self.pointee(pointer);
                let Some(pointee) = pointee else {
                    // Loading a handle that is already a value: nothing to do.
                    return self.eval(pointer);
                };
                let p = self.eval_pointer(pointer)?;
                let ty = self.type_id(ty_handle, span)?;
                if let Some(TypeInner::Atomic(_)) = self.inner_of(pointee) {
                    let scope = self.atomic_scope(space);
                    let semantics = self.const_u32(0);
                    return Ok(self.op(Op::AtomicLoad, ty, &[p, scope, semantics]));
                }
                let access = self.memory_access(pointer, false);
                let id = self.id();
                self.push(Op::Load, &[ty, id, p], access.words());
                Ok(id)
            }
            &Expression::Unary { op, expr: operand } => {
                let a = self.eval(operand)?;
                let ty = self.type_id(ty_handle, span)?;
                let shape = self.expr_shape(operand)?;
                match op {
                    UnaryOp::Negate if shape.columns.is_some() => self.per_column(ty_handle, span, &[a], |w, col_ty, cols| {
                        w.op(Op::FNegate, col_ty, &[cols[0]])
                    }),
                    UnaryOp::Negate if shape.scalar.kind == ScalarKind::Float => Ok(self.op(Op::FNegate, ty, &[a])),
                    UnaryOp::Negate => Ok(self.op(Op::SNegate, ty, &[a])),
                    UnaryOp::LogicalNot => Ok(self.op(Op::LogicalNot, ty, &[a])),
                    UnaryOp::BitwiseNot if shape.scalar.kind == ScalarKind::Bool => Ok(self.op(Op::LogicalNot, ty, &[a])),
                    UnaryOp::BitwiseNot => Ok(self.op(Op::Not, ty, &[a])),
                }
            }
            &Expression::Binary { op, left, right } => self.binary(op, left, right, ty_handle, span),
            &Expression::Select { reject, accept, condition } => {
                // Source order (see `Expression::Select`): calls in the operands happen so.
                let r = self.eval(reject)?;
                let a = self.eval(accept)?;
                let c = self.eval(condition)?;
                let ty = self.type_id(ty_handle, span)?;
                let result = self.shape(ty_handle);
                let condition_shape = self.expr_shape(condition)?;
                match result {
                    Some(Shape { size: Some(n), columns: None, .. }) if condition_shape.size.is_none() && !self.version_at_least(4) => {
                        // Before SPIR-V 1.4, OpSelect on vectors needs a vector condition.
                        let c = self.splat(c, Scalar::BOOL, n);
                        Ok(self.op(Op::Select, ty, &[c, a, r]))
                    }
                    Some(Shape { columns: None, .. }) => Ok(self.op(Op::Select, ty, &[c, a, r])),
                    _ => {
                        // Composites: OpSelect takes them only from SPIR-V 1.4 on, and naga
                        // rejects them in every version, so a selection construct picks one
                        // with OpPhi.
                        let merge = self.id();
                        let accept_label = self.id();
                        let reject_label = self.id();
                        self.op_void(
                            Op::SelectionMerge,
                            &[merge, spirv::SelectionControl::NONE.bits()],
                        );
                        self.terminate(Op::BranchConditional, &[c, accept_label, reject_label]);
                        self.begin_block(accept_label);
                        self.branch(merge);
                        self.begin_block(reject_label);
                        self.branch(merge);
                        self.begin_block(merge);
                        Ok(self.op(Op::Phi, ty, &[a, accept_label, r, reject_label]))
                    }
                }
            }
            &Expression::Relational { fun, argument } => {
                let a = self.eval(argument)?;
                let ty = self.type_id(ty_handle, span)?;
                let is_vector = self.expr_shape(argument)?.size.is_some();
                Ok(match fun {
                    RelationalFunction::All if is_vector => self.op(Op::All, ty, &[a]),
                    RelationalFunction::Any if is_vector => self.op(Op::Any, ty, &[a]),
                    RelationalFunction::All | RelationalFunction::Any => a,
                    RelationalFunction::IsNan => self.op(Op::IsNan, ty, &[a]),
                    RelationalFunction::IsInf => self.op(Op::IsInf, ty, &[a]),
                })
            }
            Expression::Math { fun, args } => self.math(*fun, args, ty_handle, span),
            &Expression::Derivative { axis, control, expr: operand } => {
                let a = self.eval(operand)?;
                let ty = self.type_id(ty_handle, span)?;
                if control != DerivativeControl::None {
                    self.capability(Capability::DerivativeControl);
                }
                let op = match (axis, control) {
                    (DerivativeAxis::X, DerivativeControl::None) => Op::DPdx,
                    (DerivativeAxis::X, DerivativeControl::Fine) => Op::DPdxFine,
                    (DerivativeAxis::X, DerivativeControl::Coarse) => Op::DPdxCoarse,
                    (DerivativeAxis::Y, DerivativeControl::None) => Op::DPdy,
                    (DerivativeAxis::Y, DerivativeControl::Fine) => Op::DPdyFine,
                    (DerivativeAxis::Y, DerivativeControl::Coarse) => Op::DPdyCoarse,
                    (DerivativeAxis::Width, DerivativeControl::None) => Op::Fwidth,
                    (DerivativeAxis::Width, DerivativeControl::Fine) => Op::FwidthFine,
                    (DerivativeAxis::Width, DerivativeControl::Coarse) => Op::FwidthCoarse,
                };
                Ok(self.op(op, ty, &[a]))
            }
            &Expression::Convert { expr: operand, to } => {
                let a = self.eval(operand)?;
                let from = self.expr_shape(operand)?;
                self.convert(a, from, to, span)
            }
            &Expression::Bitcast { expr: operand } => {
                let a = self.eval(operand)?;
                if exprs.ty(operand) == ty_handle {
                    return Ok(a);
                }
                let ty = self.type_id(ty_handle, span)?;
                // Buffer references and `uint64_t` convert with the pointer conversions
                // (GL_EXT_buffer_reference, as glslang emits them); `uvec2` bitcasts.
                let from = self.inner_of(exprs.ty(operand));
                let to = self.inner_of(ty_handle);
                let op = match (from, to) {
                    (Some(f), Some(TypeInner::Scalar(_))) if f.is_reference() => Op::ConvertPtrToU,
                    (Some(TypeInner::Scalar(_)), Some(t)) if t.is_reference() => Op::ConvertUToPtr,
                    _ => Op::Bitcast,
                };
                Ok(self.op(op, ty, &[a]))
            }
            &Expression::CombineImageSampler { image, sampler } => {
                let i = self.eval_handle(image)?;
                let s = self.eval_handle(sampler)?;
                let ty = self.type_id(ty_handle, span)?;
                Ok(self.op(Op::SampledImage, ty, &[i, s]))
            }
            &Expression::ImageSample { image, sampler, gather, coordinate, array_index, offset, level, depth_ref, min_lod, sparse } => {
                self.image_sample(expr, image, sampler, gather, coordinate, array_index, offset, level, depth_ref, min_lod, sparse)
            }
            &Expression::ImageLoad { image, coordinate, array_index, sample, level, sparse } => {
                self.image_load(expr, image, coordinate, array_index, sample, level, sparse)
            }
            &Expression::SparseTexelsResident { code } => {
                let c = self.eval(code)?;
                self.capability(Capability::SparseResidency);
                let ty = self.type_id(ty_handle, span)?;
                Ok(self.op(Op::ImageSparseTexelsResident, ty, &[c]))
            }
            &Expression::ImageQuery { image, query } => self.image_query(expr, image, query),
            &Expression::ImageTexelPointer { .. } => self.eval_pointer(expr),
            Expression::Call { function, arguments } => self.call(*function, arguments, span),
            &Expression::Atomic { fun, pointer, value, compare } => self.atomic(fun, pointer, value, compare, None, ty_handle),
            &Expression::AtomicScoped { fun: None, pointer, scope, semantics, .. } => {
                let p = self.eval_pointer(pointer)?;
                let ty = self.type_id(ty_handle, span)?;
                if self.scalar_of(ty_handle).is_some_and(|s| s.width == 8) {
                    self.capability(Capability::Int64Atomics);
                }
                let scope = self.scope_id(scope);
                let volatile = self.volatile_semantics(pointer);
                let semantics = self.const_u32(semantics.0 | volatile);
                Ok(self.op(Op::AtomicLoad, ty, &[p, scope, semantics]))
            }
            &Expression::AtomicScoped { fun: Some(fun), pointer, value: Some(value), compare, scope, semantics, unequal } => {
                self.atomic(fun, pointer, value, compare, Some((scope, semantics, unequal)), ty_handle)
            }
            Expression::AtomicScoped { .. } => error("a scoped atomic without its value", span),
            &Expression::ArrayLength { pointer } => {
                let length = self.runtime_array_length(pointer, span)?;
                let u32_ty = self.scalar_type(Scalar::U32);
                let ty = self.type_id(ty_handle, span)?;
                Ok(if ty == u32_ty { length } else { self.op(Op::Bitcast, ty, &[length]) })
            }
            &Expression::WorkgroupUniformLoad { pointer } => {
                let barrier = Barrier {
                    execution: Some(Scope::Workgroup),
                    memory: Scope::Workgroup,
                    semantics: MemorySemantics(MemorySemantics::ACQUIRE_RELEASE | MemorySemantics::WORKGROUP_MEMORY),
                };
                self.write_barrier(barrier);
                let p = self.eval_pointer(pointer)?;
                let ty = self.type_id(ty_handle, span)?;
                let (pointee, space) = self.pointee(pointer);
                let value = if let Some(TypeInner::Atomic(_)) = pointee.and_then(|p| self.inner_of(p)) {
                    let scope = self.atomic_scope(space);
                    let semantics = self.const_u32(0);
                    self.op(Op::AtomicLoad, ty, &[p, scope, semantics])
                } else {
                    self.op(Op::Load, ty, &[p])
                };
                self.write_barrier(barrier);
                Ok(value)
            }
            Expression::Subgroup { op, args } => self.subgroup(*op, args, ty_handle, span),
            Expression::IsHelperInvocation => {
                self.demote_capability();
                let ty = self.type_id(ty_handle, span)?;
                Ok(self.op(Op::IsHelperInvocationEXT, ty, &[]))
            }
            Expression::Spirv(inst) => match self.raw_instruction(inst, Some(ty_handle), span)? {
                Some(id) => Ok(id),
                None => error("a raw SPIR-V instruction used as a value has no result", span),
            },
        }
    }

    /// `OpArrayLength` (a `u32`) of the runtime-sized array `pointer` points at (a member of a
    /// storage block, or a storage global of runtime-array type).
    pub(super) fn runtime_array_length(&mut self, pointer: Handle<Expression>, span: Span) -> R<Word> {
        // A pointer bound by `let` (WGSL `let p = &buf;`): OpArrayLength needs the
        // structure and member, so look at the expression the `let` was bound to. Pointer
        // expressions have no side effects, so evaluating their base again is safe.
        let exprs = self.exprs();
        let mut pointer = pointer;
        while let Expression::LetRef(l) = exprs[pointer] {
            match self.f.let_values.get(l.index()) {
                Some(&Some(value)) => pointer = value,
                _ => return error("a `let` is used before it is bound", span),
            }
        }
        let (structure, member) = match exprs[pointer] {
            Expression::AccessIndex { base, index } => (self.eval_pointer(base)?, index),
            Expression::GlobalVar(g) => match self.globals.get(g.index()) {
                Some(slot) if slot.wrapped => (slot.var, 0),
                _ => return error("`arrayLength` needs a runtime-sized array in a storage buffer", span),
            },
            _ => return error("`arrayLength` needs a runtime-sized array in a storage buffer", span),
        };
        // SPIR-V 3.52.8: the result is a 32-bit unsigned integer.
        let u32_ty = self.scalar_type(Scalar::U32);
        Ok(self.op(Op::ArrayLength, u32_ty, &[structure, member]))
    }

    /// Whether an access chain ends in a global used as a value (resources: images,
    /// samplers, binding arrays), so it must be indexed as a pointer and loaded.
    fn rooted_in_value_global(&self, expr: Handle<Expression>) -> bool {
        let exprs = self.exprs();
        let mut e = expr;
        for _ in 0..MAX_DEPTH {
            match exprs[e] {
                Expression::Access { base, .. } | Expression::AccessIndex { base, .. } => {
                    if matches!(self.inner_of(exprs.ty(base)), Some(TypeInner::Pointer { .. })) {
                        return true;
                    }
                    e = base;
                }
                Expression::GlobalVar(_) => return true,
                _ => return false,
            }
        }
        false
    }

    fn load_through_pointer(&mut self, expr: Handle<Expression>, ty_handle: Handle<Type>, span: Span) -> R<Word> {
        let p = self.eval_pointer(expr)?;
        let ty = self.type_id(ty_handle, span)?;
        Ok(self.op(Op::Load, ty, &[p]))
    }

    /// An image or sampler value: loads it when the expression is a pointer to one.
    pub(super) fn eval_handle(&mut self, expr: Handle<Expression>) -> R<Word> {
        let exprs = self.exprs();
        if !exprs.check(expr) {
            return error("reference to a missing expression", Span::default());
        }
        match self.inner_of(exprs.ty(expr)) {
            Some(&TypeInner::Pointer { base, .. }) => {
                let p = self.eval_pointer(expr)?;
                let ty = self.type_id(base, exprs.span(expr))?;
                Ok(self.op(Op::Load, ty, &[p]))
            }
            _ => self.eval(expr),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Pointers

    /// Writes a pointer expression as one access chain from its variable.
    pub(super) fn eval_pointer(&mut self, expr: Handle<Expression>) -> R<Word> {
        let exprs = self.exprs();
        if !exprs.check(expr) {
            return error("reference to a missing expression", Span::default());
        }
        let span = exprs.span(expr);
        let mut indices = self.operand_list();
        let (root, class) = self.pointer_chain(expr, &mut indices, 0)?;
        if indices.is_empty() {
            self.give_back(indices);
            return Ok(root);
        }
        let ty_handle = exprs.ty(expr);
        let pointee = match self.inner_of(ty_handle) {
            Some(&TypeInner::Pointer { base, .. }) => base,
            _ => ty_handle,
        };
        let pointee = self.type_id(pointee, span)?;
        let pointer = self.pointer_type(class, pointee);
        let id = self.id();
        self.push(Op::AccessChain, &[pointer, id, root], &indices);
        self.give_back(indices);
        Ok(id)
    }

    fn pointer_chain(&mut self, expr: Handle<Expression>, indices: &mut Vec<Word>, depth: u32) -> R<(Word, StorageClass)> {
        let exprs = self.exprs();
        let span = exprs.span(expr);
        if depth > MAX_DEPTH {
            return error("access chain nested too deeply", span);
        }
        let class_of = |w: &Self| match w.inner_of(exprs.ty(expr)) {
            Some(&TypeInner::Pointer { space, .. }) => storage_class(space),
            _ => StorageClass::Function,
        };
        match exprs[expr] {
            Expression::LocalVar(l) => match self.f.locals.get(l.index()) {
                Some(&id) => Ok((id, StorageClass::Function)),
                None => error("reference to a missing local variable", span),
            },
            Expression::GlobalVar(g) => match self.globals.get(g.index()).copied() {
                Some(slot) => {
                    if slot.wrapped {
                        indices.push(self.const_u32(0));
                    }
                    Ok((slot.var, slot.class))
                }
                None => error("reference to a missing global variable", span),
            },
            Expression::FunctionArg(_) | Expression::LetRef(_) => {
                let id = self.eval(expr)?;
                Ok((id, class_of(self)))
            }
            Expression::Access { base, index } => {
                let root = self.pointer_chain(base, indices, depth + 1)?;
                let i = self.eval(index)?;
                let i = self.bounded_index(base, index, i, Some((root.0, root.1, indices)))?;
                indices.push(i);
                Ok(root)
            }
            Expression::AccessIndex { base, index } => {
                let root = self.pointer_chain(base, indices, depth + 1)?;
                indices.push(self.const_u32(index));
                Ok(root)
            }
            Expression::ImageTexelPointer { image, coordinate, sample } => {
                let var = self.eval_pointer(image)?;
                let (image_ty, _) = self.image_type_of(image, span)?;
                let Some(&TypeInner::Image { arrayed, class, .. }) = self.inner_of(image_ty) else {
                    return error("`ImageTexelPointer` needs a storage image", span);
                };
                let _ = arrayed;
                let c = self.eval(coordinate)?;
                let s = match sample {
                    Some(s) => self.eval(s)?,
                    None => self.const_u32(0),
                };
                let (kind, width) = match class {
                    ImageClass::Storage { format: StorageFormat::R64ui, .. } => (ScalarKind::Uint, 8),
                    ImageClass::Storage { format: StorageFormat::R64i, .. } => (ScalarKind::Sint, 8),
                    ImageClass::Storage { format, .. } => (format.scalar_kind(), 4),
                    _ => return error("`ImageTexelPointer` needs a storage image", span),
                };
                let scalar = self.scalar_type(Scalar { kind, width });
                let pointer = self.pointer_type(StorageClass::Image, scalar);
                let id = self.op(Op::ImageTexelPointer, pointer, &[var, c, s]);
                Ok((id, StorageClass::Image))
            }
            // A buffer reference value (loaded, returned, built from an address) starts a
            // chain of its own.
            _ if self.inner_of(exprs.ty(expr)).is_some_and(TypeInner::is_reference) => {
                let id = self.eval(expr)?;
                Ok((id, StorageClass::PhysicalStorageBuffer))
            }
            _ => error("expected a pointer expression", span),
        }
    }

    /// The memory operands of a load (`store` false) or store through `pointer`: `Aligned`
    /// for buffer references, which SPIR-V requires (2.18.2, PhysicalStorageBuffer accesses),
    /// and under the Vulkan memory model the availability/visibility operands glslang writes:
    /// `coherent`/`volatile` globals make each access available or visible at QueueFamily
    /// scope (plus `Volatile`), shared variables at Workgroup scope, and every access to memory
    /// other invocations can see is `NonPrivatePointer` (glslang marks only `coherent` and
    /// `nonprivate` ones; marking all is stronger, never weaker).
    pub(super) fn memory_access(&mut self, pointer: Handle<Expression>, store: bool) -> MemoryOperands {
        let aligned = self.reference_alignment(pointer);
        let space = self.pointee(pointer).1;
        let shared = matches!(
            space,
            Some(AddressSpace::Storage { .. } | AddressSpace::PhysicalStorage { .. } | AddressSpace::Workgroup | AddressSpace::Uniform)
        );
        let mut flags = spirv::MemoryAccess::NONE;
        let mut scope = None;
        if aligned.is_some() {
            flags |= spirv::MemoryAccess::ALIGNED;
        }
        if self.module.vulkan_memory_model && shared {
            flags |= spirv::MemoryAccess::NON_PRIVATE_POINTER;
            let memory = self.memory_qualifiers(pointer);
            if memory.volatile {
                flags |= spirv::MemoryAccess::VOLATILE;
            }
            // glslang's precedence: `volatile` as plain `coherent`, then the scoped forms.
            scope = if memory.volatile {
                Some(Scope::QueueFamily)
            } else if let Some(scope) = memory.coherent.scope() {
                Some(scope)
            } else if space == Some(AddressSpace::Workgroup) {
                Some(Scope::Workgroup)
            } else {
                None
            };
            // Uniform memory is read-only: nothing to make available.
            if scope.is_some() && !(store && space == Some(AddressSpace::Uniform)) {
                flags |= if store { spirv::MemoryAccess::MAKE_POINTER_AVAILABLE } else { spirv::MemoryAccess::MAKE_POINTER_VISIBLE };
            } else {
                scope = None;
            }
        }
        let mut operands = MemoryOperands::default();
        if flags.is_empty() {
            return operands;
        }
        operands.push(flags.bits());
        if let Some(aligned) = aligned {
            operands.push(aligned);
        }
        if let Some(scope) = scope {
            let id = self.scope_id(scope);
            operands.push(id);
        }
        operands
    }

    /// The `Volatile` semantics bit for atomics on a `volatile` global under the Vulkan memory
    /// model (as glslang adds it; the GLSL450 model has the decoration instead).
    pub(super) fn volatile_semantics(&self, pointer: Handle<Expression>) -> u32 {
        let volatile = self.module.vulkan_memory_model && self.memory_qualifiers(pointer).volatile;
        if volatile { MemorySemantics::VOLATILE } else { 0 }
    }

    /// The `coherent`/`volatile` qualifiers of the memory `pointer` reaches: its global's or
    /// buffer reference's, together with those of the block member the access goes through (as
    /// glslang gives them: only accesses to that member; a pointer to a whole block gets every
    /// member's).
    fn memory_qualifiers(&self, pointer: Handle<Expression>) -> MemoryQualifiers {
        let exprs = self.exprs();
        // The steps from the pointer down to the root of its access chain.
        let mut steps = Vec::new();
        let mut root = pointer;
        while exprs.check(root) && steps.len() < MAX_DEPTH as usize {
            match exprs[root] {
                Expression::Access { base, .. } | Expression::AccessIndex { base, .. } => {
                    steps.push(root);
                    root = base;
                }
                // A storage image's texel: the image's qualifiers (no members below).
                Expression::ImageTexelPointer { image, .. } => {
                    steps.clear();
                    root = image;
                }
                _ => break,
            }
        }
        let (memory, mut block, mut outer) = match (exprs.check(root).then(|| &exprs[root]), self.pointee(root)) {
            (Some(&Expression::GlobalVar(g)), _) if self.module.globals.check(g) => (self.module.globals[g].memory, self.module.globals[g].ty, 0),
            (_, (Some(base), Some(AddressSpace::PhysicalStorage { memory, .. }))) => (memory, base, 0),
            _ => return MemoryQualifiers::default(),
        };
        // A descriptor array of blocks: the member is selected below the element.
        if let Some(&TypeInner::BindingArray { base, .. }) = self.module.types.get(block).map(|t| &t.inner) {
            block = base;
            outer = 1;
        }
        let member = steps.iter().rev().nth(outer).and_then(|&s| match exprs[s] {
            Expression::AccessIndex { index, .. } => Some(index),
            _ => None,
        });
        let Some(TypeInner::Struct { members, .. }) = self.module.types.get(block).map(|t| &t.inner) else { return memory };
        members
            .iter()
            .enumerate()
            .filter(|(i, _)| member.is_none_or(|m| m as usize == *i))
            .fold(memory, |memory, (_, m)| MemoryQualifiers { restrict: memory.restrict, ..memory.union(m.memory.qualifiers) })
    }

    /// The global variable a pointer expression reaches into, if any.
    pub(super) fn root_global(&self, pointer: Handle<Expression>) -> Option<Handle<GlobalVariable>> {
        let exprs = self.exprs();
        let mut e = pointer;
        for _ in 0..MAX_DEPTH {
            if !exprs.check(e) {
                return None;
            }
            match exprs[e] {
                Expression::Access { base, .. } | Expression::AccessIndex { base, .. } => e = base,
                Expression::ImageTexelPointer { image, .. } => e = image,
                Expression::GlobalVar(g) if self.module.globals.check(g) => return Some(g),
                _ => return None,
            }
        }
        None
    }

    /// The alignment loads and stores through a buffer reference may assume: the reference's
    /// `buffer_reference_align` lowered by every member offset and stride on the way, as
    /// glslang computes it (the lowest set bit of their OR). `None` for other pointers.
    fn reference_alignment(&self, pointer: Handle<Expression>) -> Option<u32> {
        if !self.has_references {
            return None;
        }
        let exprs = self.exprs();
        let mut e = pointer;
        let mut bits: u64 = 0;
        for _ in 0..MAX_DEPTH {
            if !exprs.check(e) {
                return None;
            }
            let step = match exprs[e] {
                Expression::Access { base, .. } => Some((base, None)),
                Expression::AccessIndex { base, index } => Some((base, Some(index))),
                _ => None,
            };
            let container = step.and_then(|(base, _)| self.pointee(base).0).and_then(|t| self.inner_of(t));
            let (Some((base, index)), Some(container)) = (step, container) else {
                // The root of the chain: a buffer reference, or memory that needs no operand.
                return match self.inner_of(exprs.ty(e)) {
                    Some(&TypeInner::Pointer { space: AddressSpace::PhysicalStorage { align, .. }, .. }) => {
                        bits |= u64::from(align.max(1));
                        Some(1u32 << bits.trailing_zeros().min(31))
                    }
                    _ => None,
                };
            };
            bits |= match (container, index) {
                (TypeInner::Struct { members, .. }, Some(i)) => members.get(i as usize).map_or(0, |m| u64::from(m.offset)),
                // Any element index, constant or not, counts the stride (glslang does the same).
                (&TypeInner::Array { stride, .. }, _) => u64::from(stride),
                (&TypeInner::Vector { scalar, .. } | &TypeInner::Matrix { scalar, .. }, _) => u64::from(scalar.width),
                _ => 0,
            };
            e = base;
        }
        None
    }

    // -----------------------------------------------------------------------------------------
    // Operators

    fn binary(&mut self, op: BinaryOp, left: Handle<Expression>, right: Handle<Expression>, ty_handle: Handle<Type>, span: Span) -> R<Word> {
        let ls = self.expr_shape(left)?;
        let rs = self.expr_shape(right)?;
        let ty = self.type_id(ty_handle, span)?;
        if matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) && ls.size.is_none() {
            return self.short_circuit(op, left, right, ty);
        }
        let mut a = self.eval(left)?;
        let mut b = self.eval(right)?;
        let kind = ls.scalar.kind;
        let float = kind == ScalarKind::Float;
        if op == BinaryOp::Multiply && float {
            let mul = match (ls.columns, ls.size, rs.columns, rs.size) {
                (Some(_), _, None, None) => Some((Op::MatrixTimesScalar, a, b)),
                (None, None, Some(_), _) => Some((Op::MatrixTimesScalar, b, a)),
                (Some(_), _, None, Some(_)) => Some((Op::MatrixTimesVector, a, b)),
                (None, Some(_), Some(_), _) => Some((Op::VectorTimesMatrix, a, b)),
                (Some(_), _, Some(_), _) => Some((Op::MatrixTimesMatrix, a, b)),
                (None, Some(_), None, None) => Some((Op::VectorTimesScalar, a, b)),
                (None, None, None, Some(_)) => Some((Op::VectorTimesScalar, b, a)),
                _ => None,
            };
            if let Some((op, x, y)) = mul {
                return Ok(self.op(op, ty, &[x, y]));
            }
        }
        let spv = binary_op(op, kind, rs.scalar.kind).ok_or_else(|| Diagnostic::error("operator not defined for these operands", span))?;
        if ls.columns.is_some() || rs.columns.is_some() {
            // Component-wise matrix arithmetic (GLSL `m + m`, `m / s`): column by column.
            let (l_matrix, r_matrix) = (ls.columns.is_some(), rs.columns.is_some());
            let rows = if l_matrix { ls.size } else { rs.size }.unwrap_or(4);
            let scalar = ls.scalar;
            if !l_matrix {
                a = self.splat(a, scalar, rows);
            }
            if !r_matrix {
                b = self.splat(b, scalar, rows);
            }
            return self.per_column(ty_handle, span, &[a, b], move |w, col_ty, cols| {
                let x = if l_matrix { cols[0] } else { a };
                let y = if r_matrix { cols[1] } else { b };
                w.op(spv, col_ty, &[x, y])
            });
        }
        // A scalar on one side of a vector is splatted (IR invariant); shifts and
        // comparisons keep each side's own scalar type.
        match (ls.size, rs.size) {
            (None, Some(n)) => a = self.splat(a, ls.scalar, n),
            (Some(n), None) => b = self.splat(b, rs.scalar, n),
            _ => {}
        }
        if matches!(spv, Op::LogicalAnd | Op::LogicalOr) && (ls.size.is_some() || rs.size.is_some()) {
            // Component-wise `&`/`|` of bool vectors as `OpSelect`: `a & b` is `a ? b : a`,
            // `a | b` is `a ? a : b`. naga's SPIR-V front end turns OpLogicalAnd/OpLogicalOr
            // into its scalar-only logical operators whatever the operand type, so the vector
            // forms fail its validator; OpSelect with a bool-vector condition it reads as a
            // component-wise select.
            let (accept, reject) = if spv == Op::LogicalAnd { (b, a) } else { (a, b) };
            return Ok(self.op(Op::Select, ty, &[a, accept, reject]));
        }
        if matches!(op, BinaryOp::Divide | BinaryOp::Modulo) && matches!(kind, ScalarKind::Sint | ScalarKind::Uint) {
            b = self.safe_divisor(a, b, ls.scalar, ls.size.or(rs.size));
        }
        Ok(self.op(spv, ty, &[a, b]))
    }

    /// WGSL §8.7 defines integer `/` and `%` where SPIR-V does not: a zero divisor gives `e1`
    /// (resp. 0), and `MIN / -1` gives `e1` (resp. 0). Dividing by 1 instead gives exactly
    /// those results. GLSL leaves both cases undefined, so the same code serves it.
    fn safe_divisor(&mut self, a: Word, b: Word, scalar: Scalar, size: Option<u32>) -> Word {
        let bits = u32::from(scalar.width) * 8;
        let constant = |w: &mut Self, v: u64| {
            let c = w.const_scalar(scalar, v);
            match size {
                Some(n) => w.splat(c, scalar, n),
                None => c,
            }
        };
        let bool_ty = self.numeric_type(Scalar::BOOL, size);
        let ty = self.numeric_type(scalar, size);
        let zero = constant(self, 0);
        let one = constant(self, 1);
        let is_zero = self.op(Op::IEqual, bool_ty, &[b, zero]);
        let mut divisor = self.op(Op::Select, ty, &[is_zero, one, b]);
        if scalar.kind == ScalarKind::Sint {
            let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
            let min = constant(self, 1u64 << (bits - 1));
            let minus_one = constant(self, mask);
            let a_is_min = self.op(Op::IEqual, bool_ty, &[a, min]);
            let is_minus_one = self.op(Op::IEqual, bool_ty, &[divisor, minus_one]);
            let fixed = self.op(Op::Select, ty, &[is_minus_one, one, divisor]);
            divisor = self.op(Op::Select, ty, &[a_is_min, fixed, divisor]);
        }
        divisor
    }

    /// Applies `f` to each column of matrix operands (non-matrix operands pass through as the
    /// same id) and rebuilds the matrix.
    fn per_column(
        &mut self,
        ty_handle: Handle<Type>,
        span: Span,
        operands: &[Word],
        mut f: impl FnMut(&mut Self, Word, &[Word]) -> Word,
    ) -> R<Word> {
        let Some(Shape { scalar, size: Some(rows), columns: Some(columns) }) = self.shape(ty_handle) else {
            return error("expected a matrix", span);
        };
        let ty = self.type_id(ty_handle, span)?;
        let col_ty = self.numeric_type(scalar, Some(rows));
        let mut parts = Vec::new();
        for c in 0..columns {
            let cols: Vec<Word> = operands
                .iter()
                .map(|&o| self.op(Op::CompositeExtract, col_ty, &[o, c]))
                .collect();
            parts.push(f(self, col_ty, &cols));
        }
        Ok(self.op(Op::CompositeConstruct, ty, &parts))
    }

    /// `a && b` / `a || b` evaluating `b` only when needed: a selection construct whose merge
    /// block picks the result with `OpPhi`.
    fn short_circuit(&mut self, op: BinaryOp, left: Handle<Expression>, right: Handle<Expression>, ty: Word) -> R<Word> {
        let a = self.eval(left)?;
        let left_label = self.f.label;
        let right_label = self.id();
        let merge = self.id();
        self.op_void(Op::SelectionMerge, &[merge, spirv::SelectionControl::NONE.bits()]);
        let (on_true, on_false) = if op == BinaryOp::LogicalAnd { (right_label, merge) } else { (merge, right_label) };
        self.terminate(Op::BranchConditional, &[a, on_true, on_false]);
        self.begin_block(right_label);
        let b = self.eval(right)?;
        let right_end = self.f.label;
        self.branch(merge);
        self.begin_block(merge);
        Ok(self.op(Op::Phi, ty, &[a, left_label, b, right_end]))
    }

    fn convert(&mut self, value: Word, from: Shape, to: Scalar, span: Span) -> R<Word> {
        use ScalarKind::*;
        let f = from.scalar;
        if f == to {
            return Ok(value);
        }
        if from.columns.is_some() {
            if f.kind == Float && to.kind == Float {
                let matrix_ty = self.matrix_type(to, from);
                let col_ty = self.numeric_type(to, from.size);
                let src_col = self.numeric_type(f, from.size);
                let mut parts = Vec::new();
                for c in 0..from.columns.unwrap_or(0) {
                    let col = self.op(Op::CompositeExtract, src_col, &[value, c]);
                    parts.push(self.op(Op::FConvert, col_ty, &[col]));
                }
                return Ok(self.op(Op::CompositeConstruct, matrix_ty, &parts));
            }
            return error("matrices convert only between float widths", span);
        }
        let ty = self.numeric_type(to, from.size);
        let op = match (f.kind, to.kind) {
            (Bool, _) => {
                let one = self.const_splat(to, from.size, 1);
                let zero = self.const_splat(to, from.size, 0);
                return Ok(self.op(Op::Select, ty, &[value, one, zero]));
            }
            (_, Bool) => {
                let zero = self.const_splat(f, from.size, 0);
                let op = if f.kind == Float { Op::FUnordNotEqual } else { Op::INotEqual };
                return Ok(self.op(op, ty, &[value, zero]));
            }
            (Float, Float) => Op::FConvert,
            (Float, Sint) => Op::ConvertFToS,
            (Float, Uint) => Op::ConvertFToU,
            (Sint, Float) => Op::ConvertSToF,
            (Uint, Float) => Op::ConvertUToF,
            (Sint | Uint, Sint | Uint) => {
                // Change the width in the source's signedness (sign- or zero-extension),
                // then reinterpret.
                let mut v = value;
                if f.width != to.width {
                    let widened = Scalar { kind: f.kind, width: to.width };
                    let wide_ty = self.numeric_type(widened, from.size);
                    let op = if f.kind == Sint { Op::SConvert } else { Op::UConvert };
                    v = self.op(op, wide_ty, &[v]);
                }
                if f.kind != to.kind {
                    v = self.op(Op::Bitcast, ty, &[v]);
                }
                return Ok(v);
            }
        };
        Ok(self.op(op, ty, &[value]))
    }

    fn matrix_type(&mut self, scalar: Scalar, shape: Shape) -> Word {
        let column = self.numeric_type(scalar, shape.size);
        self.cached_type_matrix(column, shape.columns.unwrap_or(2))
    }

    // -----------------------------------------------------------------------------------------
    // Math

    fn math(&mut self, fun: MathFunction, args: &'a [Handle<Expression>], ty_handle: Handle<Type>, span: Span) -> R<Word> {
        use MathFunction as M;
        if args.is_empty() {
            return error("a math function needs arguments", span);
        }
        // Interpolation functions take the input variable itself (GLSL.std.450 §"Interpolat").
        if matches!(fun, M::InterpolateAtCentroid | M::InterpolateAtSample | M::InterpolateAtOffset) {
            let pointer = match self.exprs()[args[0]] {
                Expression::Load { pointer } => self.eval_pointer(pointer)?,
                _ => return error("interpolation functions need a fragment input variable", span),
            };
            let mut ids = vec![pointer];
            for &a in &args[1..] {
                ids.push(self.eval(a)?);
            }
            self.capability(Capability::InterpolationFunction);
            let ty = self.type_id(ty_handle, span)?;
            let op = match fun {
                M::InterpolateAtCentroid => GLOp::InterpolateAtCentroid,
                M::InterpolateAtSample => GLOp::InterpolateAtSample,
                _ => GLOp::InterpolateAtOffset,
            };
            return Ok(self.ext(ty, op, &ids));
        }
        let mut ids = self.operand_list();
        for &a in args {
            ids.push(self.eval(a)?);
        }
        let result = self.math_of(fun, args, &mut ids, ty_handle, span);
        self.give_back(ids);
        result
    }

    /// [`Self::math`] once the arguments (`args`) are written (`ids`).
    fn math_of(&mut self, fun: MathFunction, args: &'a [Handle<Expression>], ids: &mut [Word], ty_handle: Handle<Type>, span: Span) -> R<Word> {
        use MathFunction as M;
        use ScalarKind::*;
        let ty = self.type_id(ty_handle, span)?;
        let arg0 = self.expr_shape(args[0]).ok();
        let kind = arg0.map(|s| s.scalar.kind).unwrap_or(Float);
        let result = self.shape(ty_handle);
        // GLSL's `min(vec, float)` and friends: splat scalar arguments to the result's size.
        let splat_args = matches!(fun, M::Min | M::Max | M::Clamp | M::Mix | M::Step | M::SmoothStep | M::Fma | M::Pow | M::Atan2);
        if splat_args {
            if let Some(Shape { size: Some(n), columns: None, .. }) = result {
                for (i, &a) in args.iter().enumerate() {
                    if let Ok(Shape { size: None, scalar, .. }) = self.expr_shape(a) {
                        ids[i] = self.splat(ids[i], scalar, n);
                    }
                }
            }
        }
        let by_kind = |f: GLOp, s: GLOp, u: GLOp| match kind {
            Float => f,
            Sint => s,
            _ => u,
        };
        let gl = match fun {
            M::Abs if kind == Uint => return Ok(ids[0]),
            M::Abs => by_kind(GLOp::FAbs, GLOp::SAbs, GLOp::SAbs),
            M::Min => by_kind(GLOp::FMin, GLOp::SMin, GLOp::UMin),
            M::Max => by_kind(GLOp::FMax, GLOp::SMax, GLOp::UMax),
            M::Clamp => by_kind(GLOp::FClamp, GLOp::SClamp, GLOp::UClamp),
            M::Saturate => {
                let shape = arg0.unwrap_or(Shape { scalar: Scalar::F32, size: None, columns: None });
                let zero = self.const_splat(shape.scalar, shape.size, 0);
                let one = self.const_splat(shape.scalar, shape.size, 1);
                return Ok(self.ext(ty, GLOp::FClamp, &[ids[0], zero, one]));
            }
            M::Cos => GLOp::Cos,
            M::Cosh => GLOp::Cosh,
            M::Sin => GLOp::Sin,
            M::Sinh => GLOp::Sinh,
            M::Tan => GLOp::Tan,
            M::Tanh => GLOp::Tanh,
            M::Acos => GLOp::Acos,
            M::Asin => GLOp::Asin,
            M::Atan => GLOp::Atan,
            M::Atan2 => GLOp::Atan2,
            M::Asinh => GLOp::Asinh,
            M::Acosh => GLOp::Acosh,
            M::Atanh => GLOp::Atanh,
            M::Radians => GLOp::Radians,
            M::Degrees => GLOp::Degrees,
            M::Ceil => GLOp::Ceil,
            M::Floor => GLOp::Floor,
            M::Round => GLOp::Round,
            M::RoundEven => GLOp::RoundEven,
            M::Fract => GLOp::Fract,
            M::Trunc => GLOp::Trunc,
            M::Modf => {
                // WGSL 17.5.38 defines the parts as `trunc(e)` and `e - trunc(e)` (exact for
                // finite values). Not GLSL.std.450 ModfStruct: naga's SPIR-V front end does not
                // register its predeclared result type, so its validator rejects the module.
                let shape = arg0.unwrap_or(Shape { scalar: Scalar::F32, size: None, columns: None });
                let part_ty = self.numeric_type(shape.scalar, shape.size);
                let whole = self.ext(part_ty, GLOp::Trunc, &[ids[0]]);
                let fract = self.op(Op::FSub, part_ty, &[ids[0], whole]);
                return Ok(self.op(Op::CompositeConstruct, ty, &[fract, whole]));
            }
            M::Frexp => match arg0 {
                // GLSL.std.450 Log2 is for 16- and 32-bit floats only.
                Some(shape) if shape.scalar.width <= 4 => return Ok(self.frexp(ids[0], shape, ty)),
                _ => GLOp::FrexpStruct,
            },
            M::Ldexp => GLOp::Ldexp,
            M::FloorMod => {
                let op = match kind {
                    Float => Op::FMod,
                    Sint => Op::SMod,
                    _ => Op::UMod,
                };
                return Ok(self.op(op, ty, &ids[..2.min(ids.len())]));
            }
            M::Exp => GLOp::Exp,
            M::Exp2 => GLOp::Exp2,
            M::Log => GLOp::Log,
            M::Log2 => GLOp::Log2,
            M::Pow => GLOp::Pow,
            M::Dot => {
                if ids.len() < 2 {
                    return error("`dot` takes two arguments", span);
                }
                if kind == Float {
                    return Ok(self.op(Op::Dot, ty, &ids[..2]));
                }
                let shape = arg0.unwrap_or(Shape { scalar: Scalar::I32, size: Some(2), columns: None });
                let vec_ty = self.numeric_type(shape.scalar, shape.size);
                let product = self.op(Op::IMul, vec_ty, &ids[..2]);
                return Ok(self.sum_components(product, ty, shape.size.unwrap_or(1)));
            }
            M::Outer => return Ok(self.op(Op::OuterProduct, ty, &ids[..2.min(ids.len())])),
            M::Cross => GLOp::Cross,
            M::Distance => GLOp::Distance,
            M::Length => GLOp::Length,
            M::Normalize => GLOp::Normalize,
            M::FaceForward => GLOp::FaceForward,
            M::Reflect => GLOp::Reflect,
            M::Refract => GLOp::Refract,
            M::Sign if kind == Uint => {
                let shape = arg0.unwrap_or(Shape { scalar: Scalar::U32, size: None, columns: None });
                let one = self.const_splat(shape.scalar, shape.size, 1);
                return Ok(self.ext(ty, GLOp::UMin, &[ids[0], one]));
            }
            M::Sign => by_kind(GLOp::FSign, GLOp::SSign, GLOp::SSign),
            M::Fma => GLOp::Fma,
            M::Mix => {
                if ids.len() < 3 {
                    return error("`mix` takes three arguments", span);
                }
                if self.expr_shape(args[2])?.scalar.kind == Bool {
                    // GLSL `mix(x, y, bvec)` picks `y` where the selector is true.
                    return Ok(self.op(Op::Select, ty, &[ids[2], ids[1], ids[0]]));
                }
                GLOp::FMix
            }
            M::Step => GLOp::Step,
            M::SmoothStep => GLOp::SmoothStep,
            M::Sqrt => GLOp::Sqrt,
            M::InverseSqrt => GLOp::InverseSqrt,
            M::Inverse => GLOp::MatrixInverse,
            M::Transpose => return Ok(self.op(Op::Transpose, ty, &[ids[0]])),
            M::Determinant => GLOp::Determinant,
            M::QuantizeToF16 => return Ok(self.op(Op::QuantizeToF16, ty, &[ids[0]])),
            M::CountTrailingZeros => {
                // FindILsb gives -1 for 0; as unsigned that is the largest value, so the
                // minimum with the bit width yields 32 for 0.
                let shape = arg0.unwrap_or(Shape { scalar: Scalar::U32, size: None, columns: None });
                let lsb = self.ext(ty, GLOp::FindILsb, &[ids[0]]);
                let width = self.const_splat(shape.scalar, shape.size, i64::from(shape.scalar.width) * 8);
                return Ok(self.ext(ty, GLOp::UMin, &[lsb, width]));
            }
            M::CountLeadingZeros => {
                // 31 - FindUMsb(x); FindUMsb(0) = -1 gives 32.
                let shape = arg0.unwrap_or(Shape { scalar: Scalar::U32, size: None, columns: None });
                let msb = self.ext(ty, GLOp::FindUMsb, &[ids[0]]);
                let top = self.const_splat(shape.scalar, shape.size, i64::from(shape.scalar.width) * 8 - 1);
                return Ok(self.op(Op::ISub, ty, &[top, msb]));
            }
            M::CountOneBits => return Ok(self.op(Op::BitCount, ty, &[ids[0]])),
            M::ReverseBits => return Ok(self.op(Op::BitReverse, ty, &[ids[0]])),
            M::ExtractBits => {
                let op = if kind == Sint { Op::BitFieldSExtract } else { Op::BitFieldUExtract };
                return Ok(self.op(op, ty, &ids));
            }
            M::InsertBits => return Ok(self.op(Op::BitFieldInsert, ty, &ids)),
            M::FirstTrailingBit => GLOp::FindILsb,
            M::FirstLeadingBit => by_kind(GLOp::FindSMsb, GLOp::FindSMsb, GLOp::FindUMsb),
            M::AddCarry => return Ok(self.op(Op::IAddCarry, ty, &ids)),
            M::SubBorrow => return Ok(self.op(Op::ISubBorrow, ty, &ids)),
            M::MulExtended => {
                let op = if kind == Sint { Op::SMulExtended } else { Op::UMulExtended };
                return Ok(self.op(op, ty, &ids));
            }
            M::Pack4x8snorm => GLOp::PackSnorm4x8,
            M::Pack4x8unorm => GLOp::PackUnorm4x8,
            M::Pack2x16snorm => GLOp::PackSnorm2x16,
            M::Pack2x16unorm => GLOp::PackUnorm2x16,
            M::Pack2x16float => GLOp::PackHalf2x16,
            M::PackDouble2x32 => GLOp::PackDouble2x32,
            M::Unpack4x8snorm => GLOp::UnpackSnorm4x8,
            M::Unpack4x8unorm => GLOp::UnpackUnorm4x8,
            M::Unpack2x16snorm => GLOp::UnpackSnorm2x16,
            M::Unpack2x16unorm => GLOp::UnpackUnorm2x16,
            M::Unpack2x16float => GLOp::UnpackHalf2x16,
            M::UnpackDouble2x32 => GLOp::UnpackDouble2x32,
            M::Pack4xI8 | M::Pack4xU8 => {
                // Truncating byte packing (WGSL pack4xI8/pack4xU8): insert each component's
                // low 8 bits.
                let u32_ty = self.scalar_type(Scalar::U32);
                let shape = arg0.unwrap_or(Shape { scalar: Scalar::U32, size: Some(4), columns: None });
                let comp_ty = self.scalar_type(shape.scalar);
                let eight = self.const_u32(8);
                let mut packed = self.const_u32(0);
                for i in 0..4 {
                    let mut c = self.op(Op::CompositeExtract, comp_ty, &[ids[0], i]);
                    if shape.scalar != Scalar::U32 {
                        c = self.op(Op::Bitcast, u32_ty, &[c]);
                    }
                    let offset = self.const_u32(i * 8);
                    packed = self.op(Op::BitFieldInsert, u32_ty, &[packed, c, offset, eight]);
                }
                return Ok(packed);
            }
            M::Unpack4xI8 | M::Unpack4xU8 => {
                let signed = fun == M::Unpack4xI8;
                let scalar = if signed { Scalar::I32 } else { Scalar::U32 };
                let parts = self.unpack_bytes(ids[0], scalar);
                return Ok(self.op(Op::CompositeConstruct, ty, &parts));
            }
            M::Dot4I8Packed | M::Dot4U8Packed => {
                if ids.len() < 2 {
                    return error("packed dot products take two arguments", span);
                }
                let scalar = if fun == M::Dot4I8Packed { Scalar::I32 } else { Scalar::U32 };
                let a = self.unpack_bytes(ids[0], scalar);
                let b = self.unpack_bytes(ids[1], scalar);
                let s = self.scalar_type(scalar);
                let mut sum = None;
                for i in 0..4 {
                    let p = self.op(Op::IMul, s, &[a[i], b[i]]);
                    sum = Some(match sum {
                        None => p,
                        Some(acc) => self.op(Op::IAdd, s, &[acc, p]),
                    });
                }
                return Ok(sum.unwrap_or(ids[0]));
            }
            M::InterpolateAtCentroid | M::InterpolateAtSample | M::InterpolateAtOffset => unreachable_math(span)?,
        };
        Ok(self.ext(ty, gl, &ids))
    }

    /// The four bytes of a u32 as `scalar`s (sign-extended for i32).
    /// `frexp(x)` as the struct `(fract, exp)`, `x = fract * 2^exp`, `|fract|` in [0.5, 1),
    /// both zero for a zero `x` (WGSL 17.5.33).
    ///
    /// Not GLSL.std.450 FrexpStruct, for the same naga limitation as `modf`; the non-struct
    /// Frexp naga does not read at all. The exponent is estimated as `floor(log2|x|) + 1`, which
    /// Log2's error (Vulkan 1.3 §A.5) can make off by one next to powers of two; one exact
    /// correction step with `ldexp` fixes that.
    fn frexp(&mut self, x: Word, shape: Shape, ty: Word) -> Word {
        let float_ty = self.numeric_type(shape.scalar, shape.size);
        let int_ty = self.numeric_type(Scalar::I32, shape.size);
        let bool_ty = self.numeric_type(Scalar::BOOL, shape.size);
        let f_zero = self.const_splat(shape.scalar, shape.size, 0);
        let f_one = self.const_splat(shape.scalar, shape.size, 1);
        let f_two = self.const_splat(shape.scalar, shape.size, 2);
        let i_zero = self.const_splat(Scalar::I32, shape.size, 0);
        let i_one = self.const_splat(Scalar::I32, shape.size, 1);
        let i_minus_one = self.const_splat(Scalar::I32, shape.size, -1);

        let magnitude = self.ext(float_ty, GLOp::FAbs, &[x]);
        let log = self.ext(float_ty, GLOp::Log2, &[magnitude]);
        let floor = self.ext(float_ty, GLOp::Floor, &[log]);
        let estimate = self.op(Op::ConvertFToS, int_ty, &[floor]);
        let estimate = self.op(Op::IAdd, int_ty, &[estimate, i_one]);
        let negated = self.op(Op::SNegate, int_ty, &[estimate]);
        let scaled = self.ext(float_ty, GLOp::Ldexp, &[x, negated]);

        // Correct by one: up when |scaled| >= 1, down when |scaled| < 0.5.
        let scaled_magnitude = self.ext(float_ty, GLOp::FAbs, &[scaled]);
        let too_big = self.op(Op::FOrdGreaterThanEqual, bool_ty, &[scaled_magnitude, f_one]);
        let doubled = self.op(Op::FMul, float_ty, &[scaled_magnitude, f_two]);
        let too_small = self.op(Op::FOrdLessThan, bool_ty, &[doubled, f_one]);
        let down = self.op(Op::Select, int_ty, &[too_small, i_minus_one, i_zero]);
        let adjust = self.op(Op::Select, int_ty, &[too_big, i_one, down]);
        let exponent = self.op(Op::IAdd, int_ty, &[estimate, adjust]);
        let negated_adjust = self.op(Op::SNegate, int_ty, &[adjust]);
        let fraction = self.ext(float_ty, GLOp::Ldexp, &[scaled, negated_adjust]);

        let is_zero = self.op(Op::FOrdEqual, bool_ty, &[x, f_zero]);
        let fraction = self.op(Op::Select, float_ty, &[is_zero, x, fraction]);
        let exponent = self.op(Op::Select, int_ty, &[is_zero, i_zero, exponent]);
        self.op(Op::CompositeConstruct, ty, &[fraction, exponent])
    }

    fn unpack_bytes(&mut self, packed: Word, scalar: Scalar) -> Vec<Word> {
        let ty = self.scalar_type(scalar);
        let source = if scalar == Scalar::I32 { self.op(Op::Bitcast, ty, &[packed]) } else { packed };
        let op = if scalar == Scalar::I32 { Op::BitFieldSExtract } else { Op::BitFieldUExtract };
        let eight = self.const_u32(8);
        (0..4)
            .map(|i| {
                let offset = self.const_u32(i * 8);
                self.op(op, ty, &[source, offset, eight])
            })
            .collect()
    }

    fn sum_components(&mut self, vector: Word, scalar_ty: Word, n: u32) -> Word {
        let mut sum = self.op(Op::CompositeExtract, scalar_ty, &[vector, 0]);
        for i in 1..n {
            let c = self.op(Op::CompositeExtract, scalar_ty, &[vector, i]);
            sum = self.op(Op::IAdd, scalar_ty, &[sum, c]);
        }
        sum
    }

    // -----------------------------------------------------------------------------------------
    // Atomics and subgroups

    fn atomic(
        &mut self,
        fun: AtomicFunction,
        pointer: Handle<Expression>,
        value: Handle<Expression>,
        compare: Option<Handle<Expression>>,
        scoped: Option<(Scope, MemorySemantics, MemorySemantics)>,
        ty_handle: Handle<Type>,
    ) -> R<Word> {
        let span = self.span_of(pointer);
        let p = self.eval_pointer(pointer)?;
        let v = self.eval(value)?;
        let (pointee, space) = self.pointee(pointer);
        let is_image = matches!(self.exprs()[pointer], Expression::ImageTexelPointer { .. });
        let scalar = pointee
            .and_then(|t| self.scalar_of(t))
            .or_else(|| self.expr_shape(value).ok().map(|s| s.scalar))
            .ok_or_else(|| Diagnostic::error("atomics need a pointer to an integer", span))?;
        let volatile = self.volatile_semantics(pointer);
        let (scope, semantics, unequal) = match scoped {
            Some((scope, semantics, unequal)) => (self.scope_id(scope), self.const_u32(semantics.0 | volatile), self.const_u32(unequal.0 | volatile)),
            None => {
                let scope = if is_image { self.scope_id(self.device_atomic_scope()) } else { self.atomic_scope(space) };
                let semantics = self.const_u32(volatile);
                (scope, semantics, semantics)
            }
        };
        let value_ty = self.scalar_type(scalar);
        if scalar.width == 8 && scalar.kind != ScalarKind::Float {
            self.capability(Capability::Int64Atomics);
        }
        let signed = scalar.kind == ScalarKind::Sint;
        let op = match fun {
            AtomicFunction::Add if scalar.kind == ScalarKind::Float => {
                let (capability, extension) = match scalar.width {
                    2 => (Capability::AtomicFloat16AddEXT, "SPV_EXT_shader_atomic_float16_add"),
                    8 => (Capability::AtomicFloat64AddEXT, "SPV_EXT_shader_atomic_float_add"),
                    _ => (Capability::AtomicFloat32AddEXT, "SPV_EXT_shader_atomic_float_add"),
                };
                self.capability(capability);
                self.extensions.insert(extension);
                Op::AtomicFAddEXT
            }
            AtomicFunction::Min | AtomicFunction::Max if scalar.kind == ScalarKind::Float => {
                self.capability(match scalar.width {
                    2 => Capability::AtomicFloat16MinMaxEXT,
                    8 => Capability::AtomicFloat64MinMaxEXT,
                    _ => Capability::AtomicFloat32MinMaxEXT,
                });
                self.extensions.insert("SPV_EXT_shader_atomic_float_min_max");
                if fun == AtomicFunction::Min { Op::AtomicFMinEXT } else { Op::AtomicFMaxEXT }
            }
            AtomicFunction::Add => Op::AtomicIAdd,
            AtomicFunction::Subtract => Op::AtomicISub,
            AtomicFunction::And => Op::AtomicAnd,
            AtomicFunction::ExclusiveOr => Op::AtomicXor,
            AtomicFunction::InclusiveOr => Op::AtomicOr,
            AtomicFunction::Min => if signed { Op::AtomicSMin } else { Op::AtomicUMin },
            AtomicFunction::Max => if signed { Op::AtomicSMax } else { Op::AtomicUMax },
            AtomicFunction::Exchange => Op::AtomicExchange,
            AtomicFunction::CompareExchange => {
                let Some(compare) = compare else {
                    return error("compare-exchange needs a comparand", span);
                };
                let c = self.eval(compare)?;
                let old = self.op(Op::AtomicCompareExchange, value_ty, &[p, scope, semantics, unequal, v, c]);
                if let Some(TypeInner::Struct { .. }) = self.inner_of(ty_handle) {
                    // WGSL's `__atomic_compare_exchange_result { old_value, exchanged }`.
                    let bool_ty = self.scalar_type(Scalar::BOOL);
                    let exchanged = self.op(Op::IEqual, bool_ty, &[old, c]);
                    let ty = self.type_id(ty_handle, span)?;
                    return Ok(self.op(Op::CompositeConstruct, ty, &[old, exchanged]));
                }
                return Ok(old);
            }
        };
        Ok(self.op(op, value_ty, &[p, scope, semantics, v]))
    }

    fn subgroup(&mut self, op: SubgroupOperation, args: &'a [Handle<Expression>], ty_handle: Handle<Type>, span: Span) -> R<Word> {
        use SubgroupOperation as S;
        self.require_subgroups(span)?;
        let mut ids = Vec::new();
        for &a in args {
            ids.push(self.eval(a)?);
        }
        let ty = self.type_id(ty_handle, span)?;
        if let S::InclusiveScan(a) | S::ExclusiveScan(a) = op {
            self.check_wgpu_subgroup_scan(a, span);
        }
        let shape = args.first().and_then(|&a| self.expr_shape(a).ok());
        let kind = shape.map(|s| s.scalar.kind).unwrap_or(ScalarKind::Uint);
        // naga takes booleans in subgroup operations only for `subgroupAll`/`subgroupAny`. For the
        // wgpu target a boolean operand of the others is a 0/1 `uint`, compared with 0 after: a
        // shuffle or broadcast moves the same value, and bitwise and/or/xor of 0/1 is the logical
        // operation.
        let boolean_as_uint = matches!(
            op,
            S::BroadcastFirst
                | S::Broadcast
                | S::Shuffle
                | S::ShuffleXor
                | S::ShuffleUp
                | S::ShuffleDown
                | S::QuadBroadcast
                | S::QuadSwapHorizontal
                | S::QuadSwapVertical
                | S::QuadSwapDiagonal
                | S::Reduce(_)
                | S::InclusiveScan(_)
                | S::ExclusiveScan(_)
                | S::ClusteredReduce(_)
        );
        if self.options.wgpu && kind == ScalarKind::Bool && boolean_as_uint && !ids.is_empty() {
            let size = shape.and_then(|s| s.size);
            let uint = self.numeric_type(Scalar::U32, size);
            let (one, zero) = (self.const_splat(Scalar::U32, size, 1), self.const_splat(Scalar::U32, size, 0));
            ids[0] = self.op(Op::Select, uint, &[ids[0], one, zero]);
            let value = self.subgroup_op(op, &ids, uint, ScalarKind::Uint, span)?;
            return Ok(self.op(Op::INotEqual, ty, &[value, zero]));
        }
        self.subgroup_op(op, &ids, ty, kind, span)
    }

    /// The subgroup instruction of `op` on the operands `ids` (of scalar kind `kind`), giving
    /// `ty`.
    fn subgroup_op(&mut self, op: SubgroupOperation, ids: &[Word], ty: Word, kind: ScalarKind, span: Span) -> R<Word> {
        use SubgroupOperation as S;
        let scope = self.scope_id(Scope::Subgroup);
        let arg = |i: usize| ids.get(i).copied().ok_or_else(|| Diagnostic::error("missing subgroup operation argument", span));
        self.capability(Capability::GroupNonUniform);
        let (capability, spv, operands) = match op {
            S::Elect => (Capability::GroupNonUniform, Op::GroupNonUniformElect, vec![scope]),
            S::All => (Capability::GroupNonUniformVote, Op::GroupNonUniformAll, vec![scope, arg(0)?]),
            S::Any => (Capability::GroupNonUniformVote, Op::GroupNonUniformAny, vec![scope, arg(0)?]),
            S::AllEqual => (Capability::GroupNonUniformVote, Op::GroupNonUniformAllEqual, vec![scope, arg(0)?]),
            S::Ballot => {
                let predicate = match ids.first() {
                    Some(&p) => p,
                    None => self.const_bool(true),
                };
                (Capability::GroupNonUniformBallot, Op::GroupNonUniformBallot, vec![scope, predicate])
            }
            S::InverseBallot => (Capability::GroupNonUniformBallot, Op::GroupNonUniformInverseBallot, vec![scope, arg(0)?]),
            S::BallotBitExtract => (Capability::GroupNonUniformBallot, Op::GroupNonUniformBallotBitExtract, vec![scope, arg(0)?, arg(1)?]),
            S::BallotBitCount | S::BallotInclusiveBitCount | S::BallotExclusiveBitCount => {
                let group_op = match op {
                    S::BallotBitCount => spirv::GroupOperation::Reduce,
                    S::BallotInclusiveBitCount => spirv::GroupOperation::InclusiveScan,
                    _ => spirv::GroupOperation::ExclusiveScan,
                };
                self.capability(Capability::GroupNonUniformBallot);
                let operands = vec![scope, group_op as u32, arg(0)?];
                return Ok(self.op(Op::GroupNonUniformBallotBitCount, ty, &operands));
            }
            S::BallotFindLsb => (Capability::GroupNonUniformBallot, Op::GroupNonUniformBallotFindLSB, vec![scope, arg(0)?]),
            S::BallotFindMsb => (Capability::GroupNonUniformBallot, Op::GroupNonUniformBallotFindMSB, vec![scope, arg(0)?]),
            S::BroadcastFirst => (Capability::GroupNonUniformBallot, Op::GroupNonUniformBroadcastFirst, vec![scope, arg(0)?]),
            S::Broadcast => (Capability::GroupNonUniformBallot, Op::GroupNonUniformBroadcast, vec![scope, arg(0)?, arg(1)?]),
            S::Shuffle => (Capability::GroupNonUniformShuffle, Op::GroupNonUniformShuffle, vec![scope, arg(0)?, arg(1)?]),
            S::ShuffleXor => (Capability::GroupNonUniformShuffle, Op::GroupNonUniformShuffleXor, vec![scope, arg(0)?, arg(1)?]),
            S::ShuffleUp => (Capability::GroupNonUniformShuffleRelative, Op::GroupNonUniformShuffleUp, vec![scope, arg(0)?, arg(1)?]),
            S::ShuffleDown => {
                (Capability::GroupNonUniformShuffleRelative, Op::GroupNonUniformShuffleDown, vec![scope, arg(0)?, arg(1)?])
            }
            S::Reduce(a) | S::InclusiveScan(a) | S::ExclusiveScan(a) | S::ClusteredReduce(a) => {
                let (group_op, capability) = match op {
                    S::Reduce(_) => (spirv::GroupOperation::Reduce, Capability::GroupNonUniformArithmetic),
                    S::InclusiveScan(_) => (spirv::GroupOperation::InclusiveScan, Capability::GroupNonUniformArithmetic),
                    S::ExclusiveScan(_) => (spirv::GroupOperation::ExclusiveScan, Capability::GroupNonUniformArithmetic),
                    _ => (spirv::GroupOperation::ClusteredReduce, Capability::GroupNonUniformClustered),
                };
                let spv = subgroup_arith(a, kind);
                let mut operands = vec![scope, group_op as u32, arg(0)?];
                if group_op == spirv::GroupOperation::ClusteredReduce {
                    operands.push(arg(1)?);
                }
                self.capability(capability);
                return Ok(self.op(spv, ty, &operands));
            }
            S::QuadBroadcast => (Capability::GroupNonUniformQuad, Op::GroupNonUniformQuadBroadcast, vec![scope, arg(0)?, arg(1)?]),
            S::QuadSwapHorizontal | S::QuadSwapVertical | S::QuadSwapDiagonal => {
                let direction = match op {
                    S::QuadSwapHorizontal => 0,
                    S::QuadSwapVertical => 1,
                    _ => 2,
                };
                let direction = self.const_u32(direction);
                (Capability::GroupNonUniformQuad, Op::GroupNonUniformQuadSwap, vec![scope, arg(0)?, direction])
            }
        };
        self.capability(capability);
        Ok(self.op(spv, ty, &operands))
    }
}

fn unreachable_math(span: Span) -> R<GLOp> {
    error("interpolation functions are handled before their arguments are written", span)
}

fn subgroup_arith(arith: SubgroupArith, kind: ScalarKind) -> Op {
    use ScalarKind::*;
    use SubgroupArith as A;
    match (arith, kind) {
        (A::Add, Float) => Op::GroupNonUniformFAdd,
        (A::Add, _) => Op::GroupNonUniformIAdd,
        (A::Mul, Float) => Op::GroupNonUniformFMul,
        (A::Mul, _) => Op::GroupNonUniformIMul,
        (A::Min, Float) => Op::GroupNonUniformFMin,
        (A::Min, Sint) => Op::GroupNonUniformSMin,
        (A::Min, _) => Op::GroupNonUniformUMin,
        (A::Max, Float) => Op::GroupNonUniformFMax,
        (A::Max, Sint) => Op::GroupNonUniformSMax,
        (A::Max, _) => Op::GroupNonUniformUMax,
        (A::And, Bool) => Op::GroupNonUniformLogicalAnd,
        (A::And, _) => Op::GroupNonUniformBitwiseAnd,
        (A::Or, Bool) => Op::GroupNonUniformLogicalOr,
        (A::Or, _) => Op::GroupNonUniformBitwiseOr,
        (A::Xor, Bool) => Op::GroupNonUniformLogicalXor,
        (A::Xor, _) => Op::GroupNonUniformBitwiseXor,
    }
}

/// The opcode of a component-wise binary operator, by the scalar kinds of its operands.
fn binary_op(op: BinaryOp, kind: ScalarKind, right: ScalarKind) -> Option<Op> {
    use ScalarKind::*;
    let _ = right;
    Some(match (op, kind) {
        (BinaryOp::Add, Float) => Op::FAdd,
        (BinaryOp::Add, Sint | Uint) => Op::IAdd,
        (BinaryOp::Subtract, Float) => Op::FSub,
        (BinaryOp::Subtract, Sint | Uint) => Op::ISub,
        (BinaryOp::Multiply, Float) => Op::FMul,
        (BinaryOp::Multiply, Sint | Uint) => Op::IMul,
        (BinaryOp::Divide, Float) => Op::FDiv,
        (BinaryOp::Divide, Sint) => Op::SDiv,
        (BinaryOp::Divide, Uint) => Op::UDiv,
        // WGSL and GLSL `%` truncate: the result has the sign of the dividend.
        (BinaryOp::Modulo, Float) => Op::FRem,
        (BinaryOp::Modulo, Sint) => Op::SRem,
        (BinaryOp::Modulo, Uint) => Op::UMod,
        (BinaryOp::Equal, Float) => Op::FOrdEqual,
        (BinaryOp::Equal, Sint | Uint) => Op::IEqual,
        (BinaryOp::Equal, Bool) => Op::LogicalEqual,
        // `!=` is true when either side is NaN (IEEE 754 §5.11, WGSL 8.7).
        (BinaryOp::NotEqual, Float) => Op::FUnordNotEqual,
        (BinaryOp::NotEqual, Sint | Uint) => Op::INotEqual,
        (BinaryOp::NotEqual, Bool) => Op::LogicalNotEqual,
        (BinaryOp::Less, Float) => Op::FOrdLessThan,
        (BinaryOp::Less, Sint) => Op::SLessThan,
        (BinaryOp::Less, Uint) => Op::ULessThan,
        (BinaryOp::LessEqual, Float) => Op::FOrdLessThanEqual,
        (BinaryOp::LessEqual, Sint) => Op::SLessThanEqual,
        (BinaryOp::LessEqual, Uint) => Op::ULessThanEqual,
        (BinaryOp::Greater, Float) => Op::FOrdGreaterThan,
        (BinaryOp::Greater, Sint) => Op::SGreaterThan,
        (BinaryOp::Greater, Uint) => Op::UGreaterThan,
        (BinaryOp::GreaterEqual, Float) => Op::FOrdGreaterThanEqual,
        (BinaryOp::GreaterEqual, Sint) => Op::SGreaterThanEqual,
        (BinaryOp::GreaterEqual, Uint) => Op::UGreaterThanEqual,
        (BinaryOp::And, Bool) | (BinaryOp::LogicalAnd, Bool) => Op::LogicalAnd,
        (BinaryOp::InclusiveOr, Bool) | (BinaryOp::LogicalOr, Bool) => Op::LogicalOr,
        (BinaryOp::ExclusiveOr, Bool) => Op::LogicalNotEqual,
        (BinaryOp::And, Sint | Uint) => Op::BitwiseAnd,
        (BinaryOp::InclusiveOr, Sint | Uint) => Op::BitwiseOr,
        (BinaryOp::ExclusiveOr, Sint | Uint) => Op::BitwiseXor,
        (BinaryOp::ShiftLeft, Sint | Uint) => Op::ShiftLeftLogical,
        (BinaryOp::ShiftRight, Sint) => Op::ShiftRightArithmetic,
        (BinaryOp::ShiftRight, Uint) => Op::ShiftRightLogical,
        _ => return None,
    })
}

