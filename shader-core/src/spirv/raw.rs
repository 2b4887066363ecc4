//! Raw SPIR-V the IR carries as numbers: `Expression::Spirv`/`Statement::Spirv` instructions,
//! `BuiltIn::Spirv` built-ins and a module's `SpirvRequests` (GL_EXT_spirv_intrinsics,
//! GL_EXT_debug_printf, vendor built-ins). They are written as given; the front end checked
//! them, so the only failures here are numbers rspirv does not know.

use super::*;

impl<'a> Writer<'a> {
    /// Adds a capability given by its number (SPIR-V 3.31).
    pub(super) fn raw_capability(&mut self, number: u32, span: Span) -> R<()> {
        match Capability::from_u32(number) {
            Some(capability) => {
                self.capability(capability);
                Ok(())
            }
            None => error(format!("{number} is not a SPIR-V capability"), span),
        }
    }

    pub(super) fn raw_extension(&mut self, name: &str) {
        if !self.extensions.contains(name) && self.raw_extensions.insert(name.to_string()) {
            self.check_wgpu_extension(name);
        }
    }

    /// The capabilities, extensions, decorations and execution modes a module asked for.
    pub(super) fn write_spirv_requests(&mut self) -> R<()> {
        let requests = &self.module.spirv;
        for &capability in &requests.capabilities {
            self.raw_capability(capability, Span::default())?;
        }
        for extension in &requests.extensions {
            self.raw_extension(extension);
        }
        for (global, decoration, literals) in &requests.decorations {
            let Some(slot) = self.globals.get(global.index()) else { continue };
            let Some(decoration) = spirv::Decoration::from_u32(*decoration) else {
                return error(format!("{decoration} is not a SPIR-V decoration"), Span::default());
            };
            let var = slot.var;
            // A `BuiltIn` decoration's operand is a BuiltIn enumerant, not a plain literal.
            if let (spirv::Decoration::BuiltIn, [b]) = (decoration, literals.as_slice()) {
                if spirv::BuiltIn::from_u32(*b).is_none() {
                    return error(format!("{b} is not a SPIR-V built-in"), Span::default());
                }
            }
            self.decorate(var, decoration, literals);
        }
        for (global, decoration, strings) in &requests.string_decorations {
            let Some(slot) = self.globals.get(global.index()) else { continue };
            let Some(decoration) = spirv::Decoration::from_u32(*decoration) else {
                return error(format!("{decoration} is not a SPIR-V decoration"), Span::default());
            };
            let var = slot.var;
            let words = &mut self.s.annotations;
            let start = words.len();
            words.extend([Op::DecorateString as u32, var, decoration as u32]);
            for string in strings {
                words::literal_string(words, string);
            }
            words[start] |= ((words.len() - start) as u32) << 16;
        }
        Ok(())
    }

    /// `spirv_execution_mode`s of the entry point `function` (whose IR handle is `handle`).
    pub(super) fn write_spirv_execution_modes(&mut self, handle: Handle<Function>, function: Word) -> R<()> {
        for (f, mode, literals) in &self.module.spirv.execution_modes {
            if *f != handle {
                continue;
            }
            let Some(mode) = spirv::ExecutionMode::from_u32(*mode) else {
                return error(format!("{mode} is not a SPIR-V execution mode"), Span::default());
            };
            self.execution_mode(function, mode, literals.as_slice());
        }
        Ok(())
    }

    /// Whether a type is or contains a ray query object, which has no null value.
    pub(super) fn holds_ray_query(&self, ty: Handle<Type>) -> bool {
        match self.module.types.get(ty).map(|t| &t.inner) {
            Some(TypeInner::RayQuery) => true,
            Some(TypeInner::Array { base, .. }) => self.holds_ray_query(*base),
            Some(TypeInner::Struct { members, .. }) => members.iter().any(|m| self.holds_ray_query(m.ty)),
            _ => false,
        }
    }

    /// The SPIR-V enumerant of a `BuiltIn::Spirv`, adding what it needs.
    pub(super) fn raw_builtin(&mut self, builtin: u32, capability: Option<u32>, extension: Option<&'static str>, span: Span) -> R<spirv::BuiltIn> {
        if let Some(c) = capability {
            self.raw_capability(c, span)?;
        }
        if let Some(e) = extension {
            self.extensions.insert(e);
        }
        spirv::BuiltIn::from_u32(builtin).map_or_else(|| error(format!("{builtin} is not a SPIR-V built-in"), span), Ok)
    }

    fn ext_inst_set(&mut self, name: &str) -> Word {
        if name == "GLSL.std.450" {
            return self.glsl();
        }
        self.check_wgpu_ext_inst_set(name);
        if let Some(&id) = self.raw_sets.get(name) {
            return id;
        }
        let id = self.id();
        inst_string(&mut self.s.ext_inst_imports, Op::ExtInstImport, &[id], name, &[]);
        self.raw_sets.insert(name.to_string(), id);
        id
    }

    /// Writes a raw instruction; `result` is its type (`None`: no result, or `void` for an
    /// `OpExtInst`). Returns the result id, if any.
    pub(super) fn raw_instruction(&mut self, inst: &'a SpirvInstruction, result: Option<Handle<Type>>, span: Span) -> R<Option<Word>> {
        for &c in &inst.capabilities {
            self.raw_capability(c, span)?;
        }
        for e in &inst.extensions {
            self.raw_extension(e);
        }
        if inst.set.as_deref().is_some_and(|s| s.starts_with("NonSemantic.")) {
            // SPIR-V 2.2.1: non-semantic instruction sets need SPV_KHR_non_semantic_info
            // before 1.6.
            self.extension_below("SPV_KHR_non_semantic_info", 6);
        }
        let mut operands = Vec::with_capacity(inst.operands.len() + 2);
        for operand in &inst.operands {
            operands.push(match operand {
                SpirvOperand::Value(h) => {
                    let is_pointer = matches!(self.pointee(*h), (Some(_), _));
                    if is_pointer { self.eval_pointer(*h)? } else { self.eval(*h)? }
                }
                SpirvOperand::Literal(v) => *v,
                SpirvOperand::String(text) => {
                    let id = self.id();
                    inst_string(&mut self.s.debug_strings, Op::String, &[id], text, &[]);
                    id
                }
            });
        }
        if let Some(set) = &inst.set {
            if set == "GLSL.std.450" {
                self.check_wgpu_glsl_std_450(inst.opcode);
            }
            let set = self.ext_inst_set(set);
            let ty = match result {
                Some(ty) => self.type_id(ty, span)?,
                None => self.void_type(),
            };
            let id = self.id();
            self.push(Op::ExtInst, &[ty, id, set, inst.opcode], &operands);
            return Ok(result.map(|_| id));
        }
        let Some(op) = Op::from_u32(inst.opcode) else {
            return error(format!("{} is not a SPIR-V opcode", inst.opcode), span);
        };
        match result {
            Some(ty) => {
                let ty = self.type_id(ty, span)?;
                Ok(Some(self.op(op, ty, &operands)))
            }
            None => {
                self.op_void(op, &operands);
                Ok(None)
            }
        }
    }
}
