//! GL_KHR_memory_scope_semantics atomics: `atomicLoad`, `atomicStore`, and the atomic
//! read-modify-write functions with explicit scope, storage semantics and memory semantics
//! arguments. They lower to [`Expression::AtomicScoped`] / [`Statement::AtomicStore`] with the
//! constant scope and the semantics bits (storage | ordering) as glslang emits them. Scopes and
//! semantics only the Vulkan memory model has (QueueFamily, availability and visibility) switch
//! the module to it ([`Module::vulkan_memory_model`]), as glslang does.

use super::*;

impl<'a> Lowerer<'a> {
    /// `atomicLoad(mem, scope, storage, semantics)`, `atomicStore(mem, data, scope, storage,
    /// semantics)`, `atomicOp(mem, data, scope, storage, semantics)` and `atomicCompSwap(mem,
    /// compare, data, scope, storageEqual, semanticsEqual, storageUnequal, semanticsUnequal)`.
    pub(super) fn scoped_atomic(&mut self, out: &mut Block, name: &str, args: Args, span: Span) -> R<Operand> {
        let data_args = match name {
            "atomicLoad" => 0,
            "atomicCompSwap" => 2,
            _ => 1,
        };
        let semantics_args = if name == "atomicCompSwap" { 4 } else { 2 };
        let want = 1 + data_args + 1 + semantics_args;
        if args.len() != want {
            return Err(self.error(format!("`{name}` with scope and semantics takes {want} arguments"), span));
        }
        let mut args = args.into_iter();
        let Some((first, fspan)) = args.next() else { return Err(Reported) };
        let path = match first {
            Operand::Ref(p) if matches!(p.space, AddressSpace::Storage { .. } | AddressSpace::Workgroup | AddressSpace::PhysicalStorage { .. }) => p,
            _ => return Err(self.error(format!("the first argument of `{name}` must be a buffer or shared variable"), fspan)),
        };
        let scalar = match self.shape(path.ty) {
            Some((s, 1)) if matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint) => s,
            Some((s, 1)) if s.kind == ScalarKind::Float && matches!(name, "atomicLoad" | "atomicStore" | "atomicExchange") => s,
            _ => return Err(self.error(format!("`{name}` needs an integer variable"), fspan)),
        };
        if name == "atomicStore" && path.read_only {
            return Err(self.error(format!("`{name}` cannot write a read-only variable"), fspan));
        }
        let mut data = Vec::new();
        for _ in 0..data_args {
            let Some((o, s)) = args.next() else { return Err(Reported) };
            let v = self.value(out, o, s)?;
            // The data take the variable's type by implicit conversion only, as overload
            // resolution does (glslang: `atomicCompSwap(int_var, 10u, ...)` has no overload).
            let v = match self.shape(self.ety(v)) {
                Some((k, 1)) if k == scalar || self.implicit(k, scalar) => self.convert(v, scalar, s),
                _ => return Err(self.error(format!("`{name}` needs a scalar of the variable's type (or one that converts to it implicitly)"), s)),
            };
            data.push(v);
        }
        let Some(scope_arg) = args.next() else { return Err(Reported) };
        let scope = self.any_scope_arg(out, scope_arg)?;
        let semantics = self.semantics_pair(out, &mut args, name)?;
        let unequal = if name == "atomicCompSwap" { self.semantics_pair(out, &mut args, name)? } else { MemorySemantics(0) };
        let pointer = self.path_expr(&path, span);
        let ordering = ScopedOrdering { scope, semantics, unequal };
        self.emit_scoped_atomic(out, name, pointer, &data, scalar, ordering, span)
    }

    /// The statement or expression of a scoped atomic `op` (named as the buffer form,
    /// `atomicLoad` ... `atomicCompSwap`) on `pointer`, with its data arguments (comparand
    /// first for a compare-exchange).
    #[allow(clippy::too_many_arguments)]
    fn emit_scoped_atomic(
        &mut self,
        out: &mut Block,
        op: &str,
        pointer: Handle<Expression>,
        data: &[Handle<Expression>],
        scalar: Scalar,
        ordering: ScopedOrdering,
        span: Span,
    ) -> R<Operand> {
        let ScopedOrdering { scope, semantics, unequal } = ordering;
        // Vulkan VUID-StandaloneSpirv-None-04641: an atomic at Invocation scope has no memory
        // semantics (glslang emits it, and spirv-val refuses the module).
        if scope == Scope::Invocation && (semantics.0 != 0 || unequal.0 != 0) {
            let message = format!("`{op}` at `gl_ScopeInvocation` takes no storage or memory semantics (they must be 0; Vulkan VUID-StandaloneSpirv-None-04641)");
            return Err(self.error(message, span));
        }
        let fun = match op {
            "atomicLoad" => None,
            "atomicStore" => {
                let Some(&value) = data.first() else { return Err(Reported) };
                out.push(Statement::AtomicStore { pointer, value, scope, semantics }, span);
                return Ok(Operand::Void);
            }
            "atomicAdd" => Some(AtomicFunction::Add),
            "atomicMin" => Some(AtomicFunction::Min),
            "atomicMax" => Some(AtomicFunction::Max),
            "atomicAnd" => Some(AtomicFunction::And),
            "atomicOr" => Some(AtomicFunction::InclusiveOr),
            "atomicXor" => Some(AtomicFunction::ExclusiveOr),
            "atomicExchange" => Some(AtomicFunction::Exchange),
            _ => Some(AtomicFunction::CompareExchange),
        };
        let (value, compare) = match data {
            [] => (None, None),
            [v] => (Some(*v), None),
            [c, v, ..] => (Some(*v), Some(*c)),
        };
        let ty = self.scalar_ty(scalar);
        Ok(Operand::Value(self.push(Expression::AtomicScoped { fun, pointer, value, compare, scope, semantics, unequal }, ty, span)))
    }

    /// `imageAtomicLoad(image, P, scope, storage, semantics)`, `imageAtomicStore(image, P,
    /// data, ...)` and the image atomic read-modify-writes with scope and semantics, on the
    /// texel `pointer` already built.
    pub(super) fn scoped_image_atomic(&mut self, out: &mut Block, name: &str, pointer: Handle<Expression>, scalar: Scalar, args: Args, span: Span) -> R<Operand> {
        let data_args = match name {
            "imageAtomicLoad" => 0,
            "imageAtomicCompSwap" => 2,
            _ => 1,
        };
        let semantics_args = if name == "imageAtomicCompSwap" { 4 } else { 2 };
        if args.len() != data_args + 1 + semantics_args {
            return Err(self.error(format!("`{name}` with scope and semantics takes {} arguments", data_args + 3 + semantics_args), span));
        }
        let mut args = args.into_iter();
        let mut data = Vec::new();
        for _ in 0..data_args {
            let Some((o, s)) = args.next() else { return Err(Reported) };
            let v = self.value(out, o, s)?;
            let st = self.scalar_ty(scalar);
            data.push(self.coerce(out, v, st, s)?);
        }
        let Some(scope_arg) = args.next() else { return Err(Reported) };
        let scope = self.any_scope_arg(out, scope_arg)?;
        let load_or_store = match name {
            "imageAtomicLoad" => "atomicLoad",
            "imageAtomicStore" => "atomicStore",
            _ => name,
        };
        let semantics = self.semantics_pair(out, &mut args, load_or_store)?;
        let unequal = if name == "imageAtomicCompSwap" { self.semantics_pair(out, &mut args, name)? } else { MemorySemantics(0) };
        // `imageAtomicAdd` is `atomicAdd` on the texel pointer.
        let op = format!("a{}", name.strip_prefix("imageA").unwrap_or(name));
        let ordering = ScopedOrdering { scope, semantics, unequal };
        self.emit_scoped_atomic(out, &op, pointer, &data, scalar, ordering, span)
    }

    /// Switches the module to the Vulkan memory model for `what`, which only that model has.
    /// wgpu's SPIR-V reader (naga) does not take that model, so the wgpu target reports it.
    pub(crate) fn use_vulkan_memory_model(&mut self, what: &str, span: Span) -> R<()> {
        if self.target == crate::Target::Wgpu {
            return Err(self.error(format!("{what} needs the Vulkan memory model, which the wgpu target does not support (compile for the Vulkan target)"), span));
        }
        self.m.vulkan_memory_model = true;
        Ok(())
    }

    /// A scope argument of an atomic: any SPIR-V scope a Vulkan shader may use; QueueFamily
    /// switches to the Vulkan memory model (Vulkan "Shader Validation": it needs that model).
    fn any_scope_arg(&mut self, out: &mut Block, arg: (Operand, Span)) -> R<Scope> {
        let s = arg.1;
        Ok(match self.memory_model_arg(out, arg, "memory scope")? {
            1 => Scope::Device,
            2 => Scope::Workgroup,
            3 => Scope::Subgroup,
            4 => Scope::Invocation,
            5 => {
                self.use_vulkan_memory_model("`gl_ScopeQueueFamily`", s)?;
                Scope::QueueFamily
            }
            v => return Err(self.error(format!("the memory scope {v} is not a valid scope: use gl_ScopeDevice, gl_ScopeWorkgroup, gl_ScopeSubgroup, gl_ScopeInvocation or gl_ScopeQueueFamily"), s)),
        })
    }

    /// Storage semantics then memory semantics, combined into one SPIR-V semantics value.
    fn semantics_pair(&mut self, out: &mut Block, args: &mut std::vec::IntoIter<(Operand, Span)>, name: &str) -> R<MemorySemantics> {
        type S = MemorySemantics;
        let (Some(storage_arg), Some(semantics_arg)) = (args.next(), args.next()) else {
            return Err(self.error(format!("`{name}` is missing its semantics arguments"), Span::default()));
        };
        let storage_span = storage_arg.1;
        let storage = self.memory_model_arg(out, storage_arg, "storage semantics")?;
        let semantics_span = semantics_arg.1;
        let semantics = self.memory_model_arg(out, semantics_arg, "memory semantics")?;
        if storage & !(S::UNIFORM_MEMORY | S::WORKGROUP_MEMORY | S::IMAGE_MEMORY | S::OUTPUT_MEMORY) != 0 {
            return Err(self.error("storage semantics must be a combination of gl_StorageSemantics* values", storage_span));
        }
        let ordering = S::ACQUIRE | S::RELEASE | S::ACQUIRE_RELEASE;
        let vulkan = S::MAKE_AVAILABLE | S::MAKE_VISIBLE | S::VOLATILE;
        if semantics & !(ordering | vulkan) != 0 {
            return Err(self.error("memory semantics must be a combination of gl_Semantics* values", semantics_span));
        }
        if (semantics & ordering).count_ones() > 1 {
            return Err(self.error("memory semantics can include only one of gl_SemanticsAcquire, gl_SemanticsRelease and gl_SemanticsAcquireRelease", semantics_span));
        }
        // SPIR-V 3.25: loads cannot release, stores cannot acquire.
        let bad_order = match name {
            "atomicLoad" => semantics & (S::RELEASE | S::ACQUIRE_RELEASE) != 0,
            "atomicStore" => semantics & (S::ACQUIRE | S::ACQUIRE_RELEASE) != 0,
            _ => false,
        };
        if bad_order {
            return Err(self.error(format!("`{name}` cannot have these memory semantics (a load cannot release, a store cannot acquire)"), semantics_span));
        }
        if storage & S::OUTPUT_MEMORY != 0 {
            self.use_vulkan_memory_model("`gl_StorageSemanticsOutput`", storage_span)?;
        }
        if semantics & vulkan != 0 {
            self.use_vulkan_memory_model("availability, visibility or volatile semantics", semantics_span)?;
        }
        Ok(MemorySemantics(storage | semantics))
    }
}

/// Scope and memory semantics of a scoped atomic (`unequal`: a compare-exchange's semantics
/// when the comparison fails).
#[derive(Clone, Copy)]
struct ScopedOrdering {
    scope: Scope,
    semantics: MemorySemantics,
    unequal: MemorySemantics,
}
