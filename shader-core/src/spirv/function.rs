//! Functions and statements: structured control flow (SPIR-V 2.11) from the IR's blocks.
//!
//! Shapes, as naga and glslang emit them:
//! - `if`: `OpSelectionMerge %merge; OpBranchConditional %c %accept %reject_or_merge`.
//! - `loop`: `%header: OpLoopMerge %merge %continue; OpBranch %body`, the body falls into
//!   `%continue`, which ends in the back edge (`OpBranchConditional %break_if %merge %header`
//!   when there is a `break_if`).
//! - `switch`: `OpSelectionMerge %merge; OpSwitch`, cases in source order so a GLSL
//!   fall-through target is always the next case (SPIR-V 2.11, "case construct" ordering).
//!
//! Code after a terminator is unreachable and not written; a merge block nothing branches to
//! holds just `OpUnreachable` (inside a continuing block it falls through instead).

use super::*;

/// Arrays of atomics up to this length are stored element by element; longer ones in a loop.
const UNROLLED_ATOMIC_STORES: u32 = 8;

impl<'a> Writer<'a> {
    // -----------------------------------------------------------------------------------------
    // Instruction plumbing

    /// Writes instruction `op` (operands `head`, then `operands`) into the open block; nothing
    /// when no block is open (dead code).
    pub(super) fn push(&mut self, op: Op, head: &[Word], operands: &[Word]) {
        self.check_wgpu_op(op);
        if self.debug.is_some() {
            self.mark_line(op);
        }
        if self.f.open {
            inst(&mut self.s.functions, op, head, operands);
            self.f.last_op = Some(op);
        }
    }

    /// Emits an instruction with a result into the open block.
    pub(super) fn op(&mut self, op: Op, ty: Word, operands: &[Word]) -> Word {
        let id = self.id();
        self.push(op, &[ty, id], operands);
        id
    }

    pub(super) fn op_void(&mut self, op: Op, operands: &[Word]) {
        self.push(op, &[], operands);
    }

    /// Ends the open block with a terminator.
    pub(super) fn terminate(&mut self, op: Op, operands: &[Word]) {
        self.push(op, &[], operands);
        self.f.open = false;
    }

    pub(super) fn branch(&mut self, target: Word) {
        self.terminate(Op::Branch, &[target]);
    }

    pub(super) fn begin_block(&mut self, label: Word) {
        if self.f.open {
            self.branch(label);
        }
        inst(&mut self.s.functions, Op::Label, &[label], &[]);
        self.f.open = true;
        self.f.last_op = None;
        self.f.label = label;
        self.lines.in_block = None;
    }

    /// `Some(0)` for a buffer reference (or an array of them), `Some(1)` for a Function
    /// pointer to one: the types that need aliasing decorations.
    fn reference_depth(&self, ty: Handle<Type>) -> Option<u32> {
        let mut ty = ty;
        let mut depth = 0;
        for _ in 0..64 {
            match self.module.types.get(ty)?.inner {
                TypeInner::Pointer { space: AddressSpace::PhysicalStorage { .. }, .. } => return Some(depth),
                TypeInner::Pointer { base, .. } if depth == 0 => {
                    depth = 1;
                    ty = base;
                }
                TypeInner::Array { base, .. } => ty = base,
                _ => return None,
            }
        }
        None
    }

    pub(super) fn is_open(&self) -> bool {
        self.f.open
    }

    /// A `Function`-storage variable for the entry block (locals and spill slots).
    /// Decorates a Function variable of IR type `ty` `AliasedPointer` when it holds buffer
    /// references (SPIR-V 2.18.2 wants AliasedPointer or RestrictPointer on it).
    pub(super) fn alias_references(&mut self, var: Word, ty: Handle<Type>) {
        if self.holds_reference(ty) {
            self.decorate(var, spirv::Decoration::AliasedPointer, &[]);
        }
    }

    pub(super) fn function_variable(&mut self, pointee: Word) -> Word {
        let pointer = self.pointer_type(StorageClass::Function, pointee);
        let id = self.id();
        inst(&mut self.f.variables, Op::Variable, &[pointer, id, StorageClass::Function as u32], &[]);
        id
    }

    // -----------------------------------------------------------------------------------------
    // Functions

    pub(super) fn write_function(&mut self, handle: Handle<Function>, fun: &'a Function) -> R<()> {
        let span = Span::default();
        self.fun = Some(fun);
        self.f.reset(handle, fun.lets.len());
        let result = match fun.result {
            Some(ty) => self.type_id(ty, span)?,
            None => self.void_type(),
        };
        let mut param_types = self.operand_list();
        for argument in &fun.arguments {
            param_types.push(self.type_id(argument.ty, span)?);
        }
        let fn_type = self.function_type(result, &param_types);
        let id = self.functions[handle.index()];
        self.name(id, &fun.name);
        inst(&mut self.s.functions, Op::Function, &[result, id, spirv::FunctionControl::NONE.bits(), fn_type], &[]);
        for (argument, &ty) in fun.arguments.iter().zip(&param_types) {
            let param = self.id();
            inst(&mut self.s.functions, Op::FunctionParameter, &[ty, param], &[]);
            // SPIR-V 2.18.2: parameters holding buffer references say how they alias.
            // (A by-value array of references is no pointer and takes no decoration.)
            let is_reference = self.module.types.get(argument.ty).is_some_and(|t| t.inner.is_reference());
            match self.reference_depth(argument.ty) {
                Some(0) if is_reference => self.decorate(param, spirv::Decoration::Aliased, &[]),
                Some(0) | None => {}
                Some(_) => self.decorate(param, spirv::Decoration::AliasedPointer, &[]),
            }
            self.name(param, &argument.name);
            self.f.arguments.push(param);
        }
        self.give_back(param_types);
        let entry = self.id();
        self.begin_block(entry);
        self.f.variables_at = self.s.functions.len();
        for (local, variable) in fun.locals.iter() {
            let ty = self.type_id(variable.ty, fun.locals.span(local))?;
            let var = self.function_variable(ty);
            self.name(var, &variable.name);
            // SPIR-V 2.18.2: variables holding buffer references need AliasedPointer or
            // RestrictPointer; glslang picks AliasedPointer unless `restrict` is given.
            self.alias_references(var, variable.ty);
            self.f.locals.push(var);
        }
        self.write_block(&fun.body)?;
        if self.is_open() {
            // A non-void function whose end is reachable has no value to return: the front end
            // guarantees it is not reached at run time.
            if fun.result.is_some() {
                self.terminate(Op::Unreachable, &[]);
            } else {
                self.terminate(Op::Return, &[]);
            }
        }
        // SPIR-V 2.4: all OpVariables of a function come first in its first block.
        let at = self.f.variables_at;
        self.s.functions.splice(at..at, self.f.variables.iter().copied());
        self.finish_function_lines(self.f.variables.len());
        inst(&mut self.s.functions, Op::FunctionEnd, &[], &[]);
        self.fun = None;
        Ok(())
    }

    fn write_block(&mut self, block: &'a Block) -> R<()> {
        for (statement, span) in block.iter() {
            if !self.is_open() {
                break;
            }
            self.f.depth += 1;
            if self.f.depth > MAX_DEPTH {
                return error("statements nested too deeply", span);
            }
            let outer = std::mem::replace(&mut self.span, span);
            let result = self.write_statement(statement, span);
            self.span = outer;
            self.f.depth -= 1;
            result?;
        }
        Ok(())
    }

    fn write_statement(&mut self, statement: &'a Statement, span: Span) -> R<()> {
        match statement {
            Statement::Block(block) => self.write_block(block)?,
            Statement::If { condition, accept, reject } => {
                let condition = self.eval(*condition)?;
                let merge = self.id();
                let accept_label = self.id();
                let reject_label = if reject.is_empty() { merge } else { self.id() };
                self.op_void(Op::SelectionMerge, &[merge, spirv::SelectionControl::NONE.bits()]);
                self.terminate(
                    Op::BranchConditional,
                    &[condition, accept_label, reject_label],
                );
                let mut merge_reached = reject.is_empty();
                self.begin_block(accept_label);
                self.write_block(accept)?;
                if self.is_open() {
                    self.branch(merge);
                    merge_reached = true;
                }
                if !reject.is_empty() {
                    self.begin_block(reject_label);
                    self.write_block(reject)?;
                    if self.is_open() {
                        self.branch(merge);
                        merge_reached = true;
                    }
                }
                self.begin_block(merge);
                if !merge_reached {
                    self.unreachable_merge();
                }
            }
            Statement::Loop { body, continuing, break_if } => {
                let header = self.id();
                let body_label = self.id();
                let continue_label = self.id();
                let merge = self.id();
                self.begin_block(header);
                self.op_void(
                    Op::LoopMerge,
                    &[merge, continue_label, spirv::LoopControl::NONE.bits()],
                );
                self.branch(body_label);
                self.begin_block(body_label);
                self.f.constructs.push(Construct::Loop { merge, continuing: continue_label });
                let body_result = self.write_block(body);
                self.f.constructs.pop();
                body_result?;
                let mut continue_reached = self.f.targeted.contains(&continue_label);
                if self.is_open() {
                    self.branch(continue_label);
                    continue_reached = true;
                }
                self.begin_block(continue_label);
                let mut merge_reached = false;
                if continue_reached {
                    // `break`/`continue` may not leave a continuing block (WGSL 9.4.7, and
                    // SPIR-V's continue construct may only exit through the back edge).
                    self.f.constructs.push(Construct::Continuing);
                    let result = self.write_block(continuing);
                    self.f.constructs.pop();
                    result?;
                }
                if self.is_open() {
                    match break_if {
                        Some(condition) if continue_reached => {
                            let condition = self.eval(*condition)?;
                            self.terminate(
                                Op::BranchConditional,
                                &[condition, merge, header],
                            );
                            merge_reached = true;
                        }
                        _ => self.branch(header),
                    }
                }
                merge_reached |= self.f.targeted.contains(&merge);
                self.begin_block(merge);
                if !merge_reached {
                    self.unreachable_merge();
                }
            }
            Statement::Switch { selector, cases } => self.write_switch(*selector, cases, span)?,
            Statement::Break => {
                let target = self.f.constructs.iter().rev().find_map(|c| match *c {
                    Construct::Loop { merge, .. } | Construct::Switch { merge } => Some(Some(merge)),
                    Construct::Continuing => Some(None),
                });
                match target {
                    Some(Some(merge)) => {
                        self.f.targeted.insert(merge);
                        self.branch(merge);
                    }
                    _ => return error("`break` outside a loop or switch (or inside a continuing block)", span),
                }
            }
            Statement::Continue => {
                let target = self.f.constructs.iter().rev().find_map(|c| match *c {
                    Construct::Loop { continuing, .. } => Some(Some(continuing)),
                    Construct::Continuing => Some(None),
                    Construct::Switch { .. } => None,
                });
                match target {
                    Some(Some(continuing)) => {
                        self.f.targeted.insert(continuing);
                        self.branch(continuing);
                    }
                    _ => return error("`continue` outside a loop (or inside a continuing block)", span),
                }
            }
            Statement::Return { value } => match value {
                Some(value) => {
                    let value = self.eval(*value)?;
                    self.terminate(Op::ReturnValue, &[value]);
                }
                None => self.terminate(Op::Return, &[]),
            },
            Statement::Kill => self.terminate(Op::Kill, &[]),
            Statement::Fragment(control) => {
                let op = match control {
                    FragmentControl::Demote => {
                        self.demote_capability();
                        Op::DemoteToHelperInvocation
                    }
                    FragmentControl::BeginInterlock | FragmentControl::EndInterlock => {
                        // The capability comes with the interlock execution mode; SPIR-V wants
                        // one (SPV_EXT_fragment_shader_interlock).
                        self.extensions.insert("SPV_EXT_fragment_shader_interlock");
                        if *control == FragmentControl::BeginInterlock {
                            Op::BeginInvocationInterlockEXT
                        } else {
                            Op::EndInvocationInterlockEXT
                        }
                    }
                };
                self.op_void(op, &[]);
            }
            Statement::Barrier(barrier) => self.write_barrier(*barrier),
            &Statement::AtomicStore { pointer, value, scope, semantics } => {
                let pointer_id = self.eval_pointer(pointer)?;
                let value = self.eval(value)?;
                if self.pointee(pointer).0.and_then(|t| self.scalar_of(t)).is_some_and(|s| s.width == 8) {
                    self.capability(Capability::Int64Atomics);
                }
                let scope = self.scope_id(scope);
                let volatile = self.volatile_semantics(pointer);
                let semantics = self.const_u32(semantics.0 | volatile);
                self.op_void(Op::AtomicStore, &[pointer_id, scope, semantics, value]);
            }
            Statement::Store { pointer, value } => {
                let pointer_id = self.eval_pointer(*pointer)?;
                let value = self.eval(*value)?;
                let (pointee, space) = self.pointee(*pointer);
                match (pointee, space) {
                    (Some(pointee), Some(space)) if self.contains_atomic(pointee, 0) => {
                        let value = if self.is_null_constant(value) { None } else { Some(value) };
                        self.store_with_atomics(pointer_id, value, pointee, space, span, 0)?;
                    }
                    _ => {
                        let access = self.memory_access(*pointer, true);
                        self.push(Op::Store, &[pointer_id, value], access.words())
                    }
                }
            }
            Statement::ImageStore { image, coordinate, array_index, sample, value } => {
                self.write_image_store(*image, *coordinate, *array_index, *sample, *value)?
            }
            Statement::Let { binding, value } => {
                let id = self.eval(*value)?;
                match self.f.lets.get_mut(binding.index()) {
                    Some(slot) => *slot = Some(id),
                    None => return error("`let` names a missing binding", span),
                }
                self.f.let_values[binding.index()] = Some(*value);
                if let Some(fun) = self.fun {
                    self.name(id, &fun.lets[*binding].name);
                }
            }
            Statement::Call { function, arguments } => {
                self.call(*function, arguments, span)?;
            }
            Statement::Eval(expr) => {
                self.eval(*expr)?;
            }
            Statement::Spirv(inst) => {
                self.raw_instruction(inst, None, span)?;
            }
        }
        Ok(())
    }

    fn write_switch(&mut self, selector: Handle<Expression>, cases: &'a [SwitchCase], span: Span) -> R<()> {
        let selector = self.eval(selector)?;
        let merge = self.id();
        let labels: Vec<Word> = cases.iter().map(|_| self.id()).collect();
        let mut default = None;
        let mut operands = vec![selector, merge];
        let mut seen = HashSet::default();
        for (case, &label) in cases.iter().zip(&labels) {
            // The values of the case that is also `default` (WGSL `case 3u, default`) go to the
            // default label anyway and are left out: naga's SPIR-V front end (wgpu's default
            // path) reads a literal targeting the default label as an empty case falling
            // through into the next one (render_differential's compute part, `switch_forms`).
            let is_default = case.values.contains(&SwitchValue::Default);
            for value in &case.values {
                let literal = match *value {
                    SwitchValue::I32(v) => v as u32,
                    SwitchValue::U32(v) => v,
                    SwitchValue::Default => {
                        default = Some(label);
                        continue;
                    }
                };
                if !seen.insert(literal) {
                    return error("a switch has the same case value twice", span);
                }
                if !is_default {
                    operands.push(literal);
                    operands.push(label);
                }
            }
        }
        let mut merge_reached = default.is_none();
        operands[1] = default.unwrap_or(merge);
        self.op_void(Op::SelectionMerge, &[merge, spirv::SelectionControl::NONE.bits()]);
        self.terminate(Op::Switch, &operands);
        self.f.constructs.push(Construct::Switch { merge });
        for (i, case) in cases.iter().enumerate() {
            self.begin_block(labels[i]);
            let result = self.write_block(&case.body);
            if let Err(e) = result {
                self.f.constructs.pop();
                return Err(e);
            }
            if self.is_open() {
                match labels.get(i + 1) {
                    Some(&next) if case.fall_through => self.branch(next),
                    _ => {
                        self.branch(merge);
                        merge_reached = true;
                    }
                }
            }
        }
        self.f.constructs.pop();
        merge_reached |= self.f.targeted.contains(&merge);
        self.begin_block(merge);
        if !merge_reached {
            self.unreachable_merge();
        }
        Ok(())
    }

    /// Ends a merge block nothing branches to. Inside a loop's continuing block it stays open
    /// and falls through to what follows: the continue construct must be structurally
    /// post-dominated by its back-edge block (SPIR-V 2.11), which an `OpUnreachable` there is
    /// not (spirv-val: "continue construct ... not structurally post dominated").
    fn unreachable_merge(&mut self) {
        if !self.f.constructs.iter().any(|c| matches!(c, Construct::Continuing)) {
            self.terminate(Op::Unreachable, &[]);
        }
    }

    pub(super) fn scope_id(&mut self, scope: Scope) -> Word {
        // SPV_KHR_vulkan_memory_model: Device scope needs its own capability under that model.
        if self.module.vulkan_memory_model && scope == Scope::Device {
            self.capability(Capability::VulkanMemoryModelDeviceScope);
        }
        let value = match scope {
            Scope::CrossDevice => spirv::Scope::CrossDevice,
            Scope::Device => spirv::Scope::Device,
            Scope::Workgroup => spirv::Scope::Workgroup,
            Scope::Subgroup => spirv::Scope::Subgroup,
            Scope::Invocation => spirv::Scope::Invocation,
            Scope::QueueFamily => spirv::Scope::QueueFamily,
        };
        self.const_u32(value as u32)
    }

    pub(super) fn write_barrier(&mut self, barrier: Barrier) {
        if barrier.execution.is_none() && !self.wgpu_memory_barrier() {
            return;
        }
        let memory = self.scope_id(barrier.memory);
        let semantics = self.const_u32(barrier.semantics.0);
        match barrier.execution {
            Some(execution) => {
                let execution = self.scope_id(execution);
                self.op_void(Op::ControlBarrier, &[execution, memory, semantics]);
            }
            None => self.op_void(Op::MemoryBarrier, &[memory, semantics]),
        }
    }

    /// Whether `ty` is or contains (through arrays and struct members) an atomic.
    pub(super) fn contains_atomic(&self, ty: Handle<Type>, depth: u32) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        match self.module.types.get(ty).map(|t| &t.inner) {
            Some(TypeInner::Atomic(_)) => true,
            Some(&TypeInner::Array { base, .. }) => self.contains_atomic(base, depth + 1),
            Some(TypeInner::Struct { members, .. }) => members.iter().any(|m| self.contains_atomic(m.ty, depth + 1)),
            _ => false,
        }
    }

    /// Stores `value` (`None`: the zero value) of type `ty`, which contains atomics, through
    /// `pointer`: member by member and element by element, every atomic with `OpAtomicStore`.
    ///
    /// SPIR-V has no atomic types, so one `OpStore` of the whole composite would be valid
    /// SPIR-V. But naga's SPIR-V front end, after seeing atomic instructions on a global,
    /// gives that global a new type with `Atomic` leaves (naga `front/atomic_upgrade.rs`);
    /// a composite store of the original type then no longer type-checks (naga's own
    /// workgroup zero-initialization fails this way). Storing a scalar to an atomic is valid
    /// naga IR, and `OpAtomicStore` marks the leaf for that upgrade.
    fn store_with_atomics(
        &mut self,
        pointer: Word,
        value: Option<Word>,
        ty: Handle<Type>,
        space: AddressSpace,
        span: Span,
        depth: u32,
    ) -> R<()> {
        if depth > MAX_DEPTH {
            return error("type nested too deeply", span);
        }
        let class = storage_class(space);
        let ty_id = self.type_id(ty, span)?;
        let value_or_zero = |w: &mut Self, v: Option<Word>| v.unwrap_or_else(|| w.const_null(ty_id));
        let inner = match self.module.types.get(ty) {
            Some(t) => &t.inner,
            None => return error("store through a pointer to a missing type", span),
        };
        if !self.contains_atomic(ty, 0) {
            let value = value_or_zero(self, value);
            self.op_void(Op::Store, &[pointer, value]);
            return Ok(());
        }
        match *inner {
            TypeInner::Atomic(_) => {
                let value = value_or_zero(self, value);
                let scope = self.atomic_scope(Some(space));
                let semantics = self.const_u32(0);
                self.op_void(
                    Op::AtomicStore,
                    &[pointer, scope, semantics, value],
                );
            }
            TypeInner::Struct { ref members, .. } => {
                for (index, member) in members.iter().enumerate() {
                    let member_ty = self.type_id(member.ty, span)?;
                    let part = value.map(|v| {
                        self.op(Op::CompositeExtract, member_ty, &[v, index as u32])
                    });
                    let member_pointer_ty = self.pointer_type(class, member_ty);
                    let index = self.const_u32(index as u32);
                    let target = self.op(Op::AccessChain, member_pointer_ty, &[pointer, index]);
                    self.store_with_atomics(target, part, member.ty, space, span, depth + 1)?;
                }
            }
            TypeInner::Array { base, size: ArraySize::Constant(count), .. } => {
                let element_ty = self.type_id(base, span)?;
                let element_pointer_ty = self.pointer_type(class, element_ty);
                if count <= UNROLLED_ATOMIC_STORES {
                    for index in 0..count {
                        let part = value.map(|v| {
                            self.op(Op::CompositeExtract, element_ty, &[v, index])
                        });
                        let index = self.const_u32(index);
                        let target =
                            self.op(Op::AccessChain, element_pointer_ty, &[pointer, index]);
                        self.store_with_atomics(target, part, base, space, span, depth + 1)?;
                    }
                    return Ok(());
                }
                // A loop over the elements; a non-zero value is spilled to a local so it can
                // be indexed dynamically.
                let spill = match value {
                    Some(v) => {
                        let spill = self.function_variable(ty_id);
                        self.op_void(Op::Store, &[spill, v]);
                        Some(spill)
                    }
                    None => None,
                };
                let u32_ty = self.scalar_type(Scalar::U32);
                let bool_ty = self.scalar_type(Scalar::BOOL);
                let counter = self.function_variable(u32_ty);
                let zero = self.const_u32(0);
                self.op_void(Op::Store, &[counter, zero]);
                let (header, body, continuing, merge) = (self.id(), self.id(), self.id(), self.id());
                self.begin_block(header);
                let index = self.op(Op::Load, u32_ty, &[counter]);
                let count_id = self.const_u32(count);
                let more = self.op(Op::ULessThan, bool_ty, &[index, count_id]);
                self.op_void(
                    Op::LoopMerge,
                    &[merge, continuing, spirv::LoopControl::NONE.bits()],
                );
                self.terminate(Op::BranchConditional, &[more, body, merge]);
                self.begin_block(body);
                let part = match spill {
                    Some(spill) => {
                        let local_pointer_ty = self.pointer_type(StorageClass::Function, element_ty);
                        let from = self.op(Op::AccessChain, local_pointer_ty, &[spill, index]);
                        Some(self.op(Op::Load, element_ty, &[from]))
                    }
                    None => None,
                };
                let target = self.op(Op::AccessChain, element_pointer_ty, &[pointer, index]);
                self.store_with_atomics(target, part, base, space, span, depth + 1)?;
                self.begin_block(continuing);
                let one = self.const_u32(1);
                let next = self.op(Op::IAdd, u32_ty, &[index, one]);
                self.op_void(Op::Store, &[counter, next]);
                self.branch(header);
                self.begin_block(merge);
            }
            _ => return error("cannot store a value of this type containing atomics", span),
        }
        Ok(())
    }

    /// Atomics on workgroup memory synchronise the workgroup; everything else the device, or
    /// under the Vulkan memory model the queue family (what glslang emits for GLSL's atomics:
    /// Device scope there would need the `vulkanMemoryModelDeviceScope` feature).
    pub(super) fn atomic_scope(&mut self, space: Option<AddressSpace>) -> Word {
        let scope = if space == Some(AddressSpace::Workgroup) { Scope::Workgroup } else { self.device_atomic_scope() };
        self.scope_id(scope)
    }

    /// The scope of an atomic on memory the whole device sees (buffers, images): Device, or
    /// QueueFamily under the Vulkan memory model, as glslang writes them.
    pub(super) fn device_atomic_scope(&self) -> Scope {
        if self.module.vulkan_memory_model { Scope::QueueFamily } else { Scope::Device }
    }

    /// Calls `function`; returns the result id (void calls return one too, unused).
    pub(super) fn call(&mut self, function: Handle<Function>, arguments: &'a [Handle<Expression>], span: Span) -> R<Word> {
        let Some(callee) = self.module.functions.get(function) else {
            return error("call to a missing function", span);
        };
        if callee.arguments.len() != arguments.len() {
            return error("call with the wrong number of arguments", span);
        }
        let mut ids = self.operand_list();
        ids.push(self.functions[function.index()]);
        let mut copy_back = Vec::new();
        for (argument, parameter) in arguments.iter().zip(&callee.arguments) {
            let pointer = match self.module.types.get(parameter.ty).map(|t| &t.inner) {
                Some(&TypeInner::Pointer { base, space }) => Some((base, space)),
                _ => None,
            };
            let id = match pointer {
                Some((base, AddressSpace::Function)) if !self.is_memory_object(*argument) => {
                    // Logical addressing passes only whole variables (SPIR-V 2.16.1), so a
                    // pointer into a variable goes through a temporary: copy in, call, copy out.
                    let target = self.eval_pointer(*argument)?;
                    let ty = self.type_id(base, span)?;
                    let temp = self.function_variable(ty);
                    self.alias_references(temp, base);
                    let value = self.op(Op::Load, ty, &[target]);
                    self.op_void(Op::Store, &[temp, value]);
                    copy_back.push((temp, target, ty));
                    temp
                }
                Some(_) => self.eval_pointer(*argument)?,
                None => self.eval(*argument)?,
            };
            ids.push(id);
        }
        let result = match callee.result {
            Some(ty) => self.type_id(ty, span)?,
            None => self.void_type(),
        };
        let id = self.op(Op::FunctionCall, result, &ids);
        self.give_back(ids);
        for (temp, target, ty) in copy_back {
            let value = self.op(Op::Load, ty, &[temp]);
            self.op_void(Op::Store, &[target, value]);
        }
        Ok(id)
    }

    fn is_memory_object(&self, expr: Handle<Expression>) -> bool {
        let Some(fun) = self.fun else { return false };
        match fun.expressions[expr] {
            Expression::LocalVar(_) | Expression::FunctionArg(_) => true,
            Expression::GlobalVar(g) => self.globals.get(g.index()).is_some_and(|s| !s.wrapped),
            _ => false,
        }
    }
}
