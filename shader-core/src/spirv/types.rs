//! Types, layout decorations and module-level constants of the SPIR-V back end.
//!
//! Non-aggregate types are deduplicated by their operands (SPIR-V 2.8 forbids duplicates);
//! arrays and structs get one SPIR-V type per IR type, because the IR already interns them
//! together with their layout (two layouts are two IR types, and need two SPIR-V types with
//! different decorations).

use super::*;

impl<'a> Writer<'a> {
    /// Appends a type, constant or global declaration (operands `head`, then `operands`).
    pub(super) fn push_type(&mut self, op: Op, head: &[Word], operands: &[Word]) {
        inst(&mut self.s.globals, op, head, operands);
    }

    fn cached_type(&mut self, key: TypeKey) -> Word {
        if let Some(&id) = self.type_cache.get(&key) {
            return id;
        }
        let id = self.id();
        let g = &mut self.s.globals;
        match &key {
            TypeKey::Void => inst(g, Op::TypeVoid, &[id], &[]),
            TypeKey::Bool => inst(g, Op::TypeBool, &[id], &[]),
            TypeKey::Int { width, signed } => inst(g, Op::TypeInt, &[id, u32::from(*width) * 8, *signed as u32], &[]),
            TypeKey::Float { width } => inst(g, Op::TypeFloat, &[id, u32::from(*width) * 8], &[]),
            TypeKey::Vector { component, count } => inst(g, Op::TypeVector, &[id, *component, *count], &[]),
            TypeKey::Matrix { column, count } => inst(g, Op::TypeMatrix, &[id, *column, *count], &[]),
            TypeKey::Pointer { class, pointee } => inst(g, Op::TypePointer, &[id, *class as u32, *pointee], &[]),
            TypeKey::Image { sampled, dim, depth, arrayed, ms, sampled_kind, format } => {
                inst(g, Op::TypeImage, &[id, *sampled, *dim as u32, *depth, *arrayed, *ms, *sampled_kind, *format as u32], &[])
            }
            TypeKey::Sampler => inst(g, Op::TypeSampler, &[id], &[]),
            TypeKey::SampledImage { image } => inst(g, Op::TypeSampledImage, &[id, *image], &[]),
            TypeKey::RayQuery => inst(g, Op::TypeRayQueryKHR, &[id], &[]),
            TypeKey::AccelerationStructure => inst(g, Op::TypeAccelerationStructureKHR, &[id], &[]),
        }
        self.type_cache.insert(key, id);
        id
    }

    /// The Length operand of `OpTypeArray`: a constant, or the specialization constant (or
    /// spec-constant operation) the length follows, as glslang writes it (SPIR-V 3.32.6: Length
    /// "must come from a constant instruction"; spec constants are). The wgpu target writes the
    /// default: naga's SPIR-V reader takes only plain constants as lengths (README, "The wgpu
    /// target").
    fn array_length(&mut self, size: ArraySize, span: Span) -> R<Word> {
        match size {
            ArraySize::Constant(0) => error("arrays must have at least one element", span),
            ArraySize::Constant(n) => Ok(self.const_u32(n)),
            ArraySize::Specialized { default, .. } if self.options.wgpu => Ok(self.const_u32(default)),
            ArraySize::Specialized { length, .. } => match self.overrides.get(length.index()) {
                Some(&id) => Ok(id),
                None => error("an array length names a missing specialization constant", span),
            },
            ArraySize::Dynamic => error("a runtime-sized array has no length", span),
        }
    }

    pub(super) fn void_type(&mut self) -> Word {
        self.cached_type(TypeKey::Void)
    }

    pub(super) fn scalar_type(&mut self, scalar: Scalar) -> Word {
        let slot = scalar.slot();
        if let Some(&id) = slot.and_then(|slot| self.scalar_types.get(slot)).filter(|&&id| id != 0) {
            return id;
        }
        let id = self.new_scalar_type(scalar);
        if let Some(slot) = slot.and_then(|slot| self.scalar_types.get_mut(slot)) {
            *slot = id;
        }
        id
    }

    /// [`Self::scalar_type`] the first time: the type and the capability it needs.
    fn new_scalar_type(&mut self, scalar: Scalar) -> Word {
        match (scalar.kind, scalar.width) {
            (ScalarKind::Bool, _) => return self.cached_type(TypeKey::Bool),
            (ScalarKind::Float, 2) => self.capability(Capability::Float16),
            (ScalarKind::Float, 8) => self.capability(Capability::Float64),
            (ScalarKind::Sint | ScalarKind::Uint, 1) => self.capability(Capability::Int8),
            (ScalarKind::Sint | ScalarKind::Uint, 2) => self.capability(Capability::Int16),
            (ScalarKind::Sint | ScalarKind::Uint, 8) => self.capability(Capability::Int64),
            _ => {}
        }
        match scalar.kind {
            ScalarKind::Float => self.cached_type(TypeKey::Float { width: scalar.width }),
            kind => self.cached_type(TypeKey::Int { width: scalar.width, signed: kind == ScalarKind::Sint }),
        }
    }

    pub(super) fn vector_type(&mut self, component: Word, count: u32) -> Word {
        self.cached_type(TypeKey::Vector { component, count })
    }

    /// A scalar (`size` None) or vector of `scalar`.
    pub(super) fn numeric_type(&mut self, scalar: Scalar, size: Option<u32>) -> Word {
        let s = self.scalar_type(scalar);
        match size {
            Some(n) => self.vector_type(s, n),
            None => s,
        }
    }

    pub(super) fn cached_type_matrix(&mut self, column: Word, count: u32) -> Word {
        self.cached_type(TypeKey::Matrix { column, count })
    }

    pub(super) fn pointer_type(&mut self, class: StorageClass, pointee: Word) -> Word {
        self.cached_type(TypeKey::Pointer { class, pointee })
    }

    pub(super) fn function_type(&mut self, result: Word, params: &[Word]) -> Word {
        let mut key = self.operand_list();
        key.push(result);
        key.extend_from_slice(params);
        let id = match self.function_types.get(key.as_slice()) {
            Some(&id) => id,
            None => {
                let id = self.id();
                self.push_type(Op::TypeFunction, &[id, result], params);
                self.function_types.insert(key.to_vec(), id);
                id
            }
        };
        self.give_back(key);
        id
    }

    pub(super) fn sampler_type(&mut self) -> Word {
        self.cached_type(TypeKey::Sampler)
    }

    pub(super) fn sampled_image_type(&mut self, image: Word) -> Word {
        self.cached_type(TypeKey::SampledImage { image })
    }

    /// The layout of a matrix, or of the innermost element of an array of matrices, where the
    /// IR carries none (see [`layout::default_matrix_layout`]).
    /// The matrix type `ty` is, or holds through arrays.
    fn matrix_type_in(&self, ty: Handle<Type>) -> Option<Handle<Type>> {
        let mut ty = ty;
        for _ in 0..64 {
            match self.module.types.get(ty)?.inner {
                TypeInner::Matrix { .. } => return Some(ty),
                TypeInner::Array { base, .. } => ty = base,
                _ => return None,
            }
        }
        None
    }

    pub(super) fn matrix_in(&self, ty: Handle<Type>) -> Option<MatrixLayout> {
        let mut ty = ty;
        for _ in 0..64 {
            match self.module.types.get(ty)?.inner {
                TypeInner::Matrix { columns, rows, scalar } => return Some(layout::default_matrix_layout(columns, rows, scalar)),
                TypeInner::Array { base, .. } => ty = base,
                _ => return None,
            }
        }
        None
    }

    pub(super) fn type_id(&mut self, handle: Handle<Type>, span: Span) -> R<Word> {
        // Most calls ask for a type written already: its id, without the bookkeeping below
        // (which has nothing to do then unless a buffer reference's pointee is being written).
        if self.forward_pointers.is_empty() {
            if let Some(&id) = self.ir_types.get(handle.index()).filter(|&&id| id != 0) {
                return Ok(id);
            }
        }
        self.type_depth += 1;
        let result = self.type_id_inner(handle, span);
        self.type_depth -= 1;
        if self.type_depth == 0 {
            // Buffer references met inside other types: their pointees now, outside any
            // type being written, so a pointee never starts inside a type it is part of.
            while let Some((handle, id, base)) = self.deferred_references.pop() {
                self.type_depth += 1;
                let pointee = self.type_id_inner(base, span);
                self.type_depth -= 1;
                let pointee = pointee?;
                self.decorate_reference_block(handle, base, pointee);
                let class = StorageClass::PhysicalStorageBuffer;
                self.push_type(Op::TypePointer, &[id], &[class as u32, pointee]);
                self.type_cache.entry(TypeKey::Pointer { class, pointee }).or_insert(id);
            }
        }
        result
    }

    fn type_id_inner(&mut self, handle: Handle<Type>, span: Span) -> R<Word> {
        if let Some(&id) = self.ir_types.get(handle.index()).filter(|&&id| id != 0) {
            if let Some((_, used)) = self.forward_pointers.get_mut(&handle) {
                *used = true;
            }
            return Ok(id);
        }
        let Some(ty) = self.module.types.get(handle) else {
            return error("reference to a missing type", span);
        };
        let id = match &ty.inner {
            &TypeInner::Scalar(scalar) | &TypeInner::Atomic(scalar) => {
                if scalar.width == 8 && matches!(ty.inner, TypeInner::Atomic(_)) {
                    self.capability(Capability::Int64Atomics);
                }
                self.scalar_type(scalar)
            }
            &TypeInner::Vector { size, scalar } => self.numeric_type(scalar, Some(size as u32)),
            &TypeInner::Matrix { columns, rows, scalar } => {
                let column = self.numeric_type(scalar, Some(rows as u32));
                self.cached_type(TypeKey::Matrix { column, count: columns as u32 })
            }
            &TypeInner::Pointer { base, space: AddressSpace::PhysicalStorage { .. } } => return self.reference_type(handle, base, span),
            &TypeInner::Pointer { base, space } => {
                let base = self.type_id(base, span)?;
                self.pointer_type(storage_class(space), base)
            }
            &TypeInner::Array { base, size, stride } => {
                let element = self.type_id(base, span)?;
                let id = self.id();
                match size {
                    ArraySize::Constant(_) | ArraySize::Specialized { .. } => {
                        let length = self.array_length(size, span)?;
                        self.push_type(Op::TypeArray, &[id], &[element, length]);
                    }
                    ArraySize::Dynamic => {
                        self.push_type(Op::TypeRuntimeArray, &[id], &[element]);
                    }
                }
                if stride != 0 {
                    self.check_wgpu_alignment(stride, base, None, span);
                    self.decorate(id, spirv::Decoration::ArrayStride, &[stride]);
                }
                id
            }
            TypeInner::Struct { members, span: size } => {
                let mut member_ids = self.operand_list();
                for member in members {
                    member_ids.push(self.type_id(member.ty, span)?);
                }
                let id = self.id();
                self.push_type(Op::TypeStruct, &[id], &member_ids);
                self.give_back(member_ids);
                self.name(id, &ty.name);
                // A block holding only a runtime-sized array has size 0 but is laid out.
                let host_shareable = *size != 0
                    || members.last().is_some_and(|m| {
                        matches!(self.module.types.get(m.ty).map(|t| &t.inner), Some(TypeInner::Array { size: ArraySize::Dynamic, .. }))
                    });
                // A uniform block's members keep their memory qualifiers undecorated, as glslang
                // writes them (they reach the accesses under the Vulkan memory model).
                let uniform_block = self.module.globals.iter().any(|(_, g)| {
                    g.space == AddressSpace::Uniform
                        && (g.ty == handle || matches!(self.module.types.get(g.ty).map(|t| &t.inner), Some(&TypeInner::BindingArray { base, .. }) if base == handle))
                });
                for (i, member) in members.iter().enumerate() {
                    let i = i as u32;
                    if let Some(name) = &member.name {
                        self.member_name(id, i, name);
                    }
                    if !host_shareable {
                        continue;
                    }
                    use spirv::Decoration as D;
                    self.check_wgpu_alignment(member.offset, member.ty, None, span);
                    self.member_decorate(id, i, D::Offset, &[member.offset]);
                    // Vulkan 15.6.4: matrices in blocks need MatrixStride and a majorness.
                    let layout = match (member.matrix, self.matrix_in(member.ty)) {
                        (Some(layout), _) => Some(layout),
                        (None, Some(layout)) => Some(layout),
                        (None, None) => None,
                    };
                    if let Some(layout) = layout {
                        if let Some(matrix) = self.matrix_type_in(member.ty) {
                            self.check_wgpu_alignment(layout.stride, matrix, Some(layout.row_major), span);
                        }
                        let major = if layout.row_major { D::RowMajor } else { D::ColMajor };
                        self.member_decorate(id, i, major, &[]);
                        self.member_decorate(id, i, D::MatrixStride, &[layout.stride]);
                    }
                    if !uniform_block {
                        self.decorate_member_memory(id, i, member.memory);
                    }
                }
                id
            }
            &TypeInner::Image { dim, arrayed, class } => self.image_type(dim, arrayed, class),
            TypeInner::Sampler { .. } => self.sampler_type(),
            // SPV_KHR_ray_query (GL_EXT_ray_query).
            TypeInner::AccelerationStructure | TypeInner::RayQuery => {
                self.capability(Capability::RayQueryKHR);
                self.extensions.insert("SPV_KHR_ray_query");
                if matches!(ty.inner, TypeInner::RayQuery) {
                    self.cached_type(TypeKey::RayQuery)
                } else {
                    self.cached_type(TypeKey::AccelerationStructure)
                }
            }
            &TypeInner::SampledImage { image } => {
                let image = self.type_id(image, span)?;
                self.sampled_image_type(image)
            }
            &TypeInner::BindingArray { base, size } => {
                let element = self.type_id(base, span)?;
                let id = self.id();
                match size {
                    ArraySize::Constant(_) | ArraySize::Specialized { .. } => {
                        let length = match size {
                            ArraySize::Constant(n) => self.const_u32(n.max(1)),
                            _ => self.array_length(size, span)?,
                        };
                        self.push_type(Op::TypeArray, &[id], &[element, length]);
                    }
                    ArraySize::Dynamic => {
                        self.capability(Capability::RuntimeDescriptorArray);
                        self.extension_below("SPV_EXT_descriptor_indexing", 5);
                        self.push_type(Op::TypeRuntimeArray, &[id], &[element]);
                    }
                }
                id
            }
        };
        if let Some(slot) = self.ir_types.get_mut(handle.index()) {
            *slot = id;
        }
        Ok(id)
    }

    /// Whether values of `ty` hold a buffer reference (which has no null constant).
    pub(super) fn holds_reference(&self, ty: Handle<Type>) -> bool {
        if !self.has_references {
            return false;
        }
        // Most types hold no other type: answered without the walk's stack.
        match self.module.types.get(ty).map(|t| &t.inner) {
            Some(inner) if inner.is_reference() => return true,
            Some(TypeInner::Array { .. } | TypeInner::Struct { .. }) => {}
            _ => return false,
        }
        let mut stack = vec![ty];
        let mut steps = 0;
        while let Some(t) = stack.pop() {
            steps += 1;
            if steps > 4096 {
                return true;
            }
            match self.module.types.get(t).map(|t| &t.inner) {
                Some(inner) if inner.is_reference() => return true,
                Some(TypeInner::Array { base, .. }) => stack.push(*base),
                Some(TypeInner::Struct { members, .. }) => stack.extend(members.iter().map(|m| m.ty)),
                _ => {}
            }
        }
        false
    }

    /// A buffer reference block is a `Block` (as glslang writes it); a `coherent`/`volatile`
    /// one under the GLSL450 memory model has its members decorated, as glslang does (the
    /// Vulkan model puts the same on each access instead, see `memory_access`, and bans the
    /// decorations). The qualifiers of the block's definition are its members' own already
    /// (`ir::MemberMemory`); these are a forward declaration's too.
    fn decorate_reference_block(&mut self, reference: Handle<Type>, block: Handle<Type>, block_id: Word) {
        if matches!(self.module.types.get(block).map(|t| &t.inner), Some(TypeInner::Struct { .. })) {
            self.decorate_block(block_id);
        }
        let memory = match self.module.types.get(reference).map(|t| &t.inner) {
            Some(&TypeInner::Pointer { space: AddressSpace::PhysicalStorage { memory, .. }, .. }) => memory,
            _ => return,
        };
        if self.module.vulkan_memory_model || !(memory.coherent.decorated() || memory.volatile) || !self.decorated_reference_blocks.insert(block_id) {
            return;
        }
        let count = match self.module.types.get(block).map(|t| &t.inner) {
            Some(TypeInner::Struct { members, .. }) => members.len() as u32,
            _ => return,
        };
        for i in 0..count {
            if memory.coherent.decorated() {
                self.member_decorate_once(block_id, i, spirv::Decoration::Coherent);
            }
            if memory.volatile {
                self.member_decorate_once(block_id, i, spirv::Decoration::Volatile);
            }
        }
    }

    /// A block member's own memory qualifiers, as glslang writes them (GLSL 4.60 §4.10:
    /// volatile memory is also coherent). Under the Vulkan memory model, which bans
    /// `Coherent`/`Volatile`, the accesses carry them instead (`memory_qualifiers`).
    fn decorate_member_memory(&mut self, block: Word, i: u32, memory: MemberMemory) {
        use spirv::Decoration as D;
        let q = memory.qualifiers;
        let decorations = !self.module.vulkan_memory_model;
        for (wanted, decoration) in [
            (decorations && (q.coherent.decorated() || q.volatile), D::Coherent),
            (decorations && q.volatile, D::Volatile),
            (q.restrict, D::Restrict),
            (memory.read_only, D::NonWritable),
            (memory.write_only, D::NonReadable),
        ] {
            if wanted {
                self.member_decorate_once(block, i, decoration);
            }
        }
    }

    /// A decoration-without-operands on a block member, written once however many globals or
    /// qualifiers ask for it.
    pub(super) fn member_decorate_once(&mut self, block: Word, i: u32, decoration: spirv::Decoration) {
        if self.member_decorations.insert((block, i, decoration)) {
            self.member_decorate(block, i, decoration, &[]);
        }
    }

    /// Notes that the module uses buffer references: capability, extension (core in 1.5) and
    /// the addressing model.
    pub(super) fn use_physical_storage(&mut self) {
        self.physical_storage = true;
        self.capability(Capability::PhysicalStorageBufferAddresses);
        self.extension_below("SPV_KHR_physical_storage_buffer", 5);
    }

    /// A `PhysicalStorageBuffer` pointer type. Its id is known before its pointee is written,
    /// so a block that holds references to itself can name it; such a use needs an
    /// `OpTypeForwardPointer` ahead of the pointee (SPIR-V 2.2.2), inserted where the pointer's
    /// declaration began.
    fn reference_type(&mut self, handle: Handle<Type>, base: Handle<Type>, span: Span) -> R<Word> {
        self.use_physical_storage();
        let id = self.id();
        if let Some(slot) = self.ir_types.get_mut(handle.index()) {
            *slot = id;
        }
        if self.type_depth > 1 {
            // Inside another type (which the pointee may contain): declare the pointer
            // forward and write it once the outermost type is done.
            let class = StorageClass::PhysicalStorageBuffer;
            self.push_type(Op::TypeForwardPointer, &[], &[id, class as u32]);
            self.deferred_references.push((handle, id, base));
            return Ok(id);
        }
        let start = self.s.globals.len();
        self.forward_pointers.insert(handle, (start, false));
        let pointee = self.type_id(base, span);
        let (_, forward) = self.forward_pointers.remove(&handle).unwrap_or((start, false));
        let pointee = pointee?;
        self.decorate_reference_block(handle, base, pointee);
        let class = StorageClass::PhysicalStorageBuffer;
        if forward {
            let forward = [3 << 16 | Op::TypeForwardPointer as u32, id, class as u32];
            self.s.globals.splice(start..start, forward);
        }
        self.push_type(Op::TypePointer, &[id], &[class as u32, pointee]);
        self.type_cache.entry(TypeKey::Pointer { class, pointee }).or_insert(id);
        Ok(id)
    }

    fn image_type(&mut self, dim: ImageDimension, arrayed: bool, class: ImageClass) -> Word {
        let (kind, depth, ms, sampled, format) = match class {
            ImageClass::Sampled { kind, multisampled } => (kind, 0, multisampled, 1, spirv::ImageFormat::Unknown),
            ImageClass::Depth { multisampled } => (ScalarKind::Float, 1, multisampled, 1, spirv::ImageFormat::Unknown),
            ImageClass::Storage { format, access, multisampled } => {
                let (spv, kind, extended) = storage_format(format);
                if extended {
                    self.capability(Capability::StorageImageExtendedFormats);
                }
                if spv == spirv::ImageFormat::Unknown {
                    if access.load {
                        self.capability(Capability::StorageImageReadWithoutFormat);
                    }
                    if access.store {
                        self.capability(Capability::StorageImageWriteWithoutFormat);
                    }
                }
                if matches!(format, StorageFormat::R64ui | StorageFormat::R64i) {
                    self.capability(Capability::Int64ImageEXT);
                    self.extensions.insert("SPV_EXT_shader_image_int64");
                }
                (kind, 0, multisampled, 2, spv)
            }
        };
        let storage = sampled == 2;
        let width = if matches!(class, ImageClass::Storage { format: StorageFormat::R64ui | StorageFormat::R64i, .. }) { 8 } else { 4 };
        let sampled_type = self.scalar_type(Scalar { kind, width });
        let spv_dim = match dim {
            ImageDimension::D1 => {
                self.capability(if storage { Capability::Image1D } else { Capability::Sampled1D });
                spirv::Dim::Dim1D
            }
            ImageDimension::D2 => spirv::Dim::Dim2D,
            ImageDimension::D3 => spirv::Dim::Dim3D,
            ImageDimension::Cube => {
                if arrayed {
                    self.capability(if storage { Capability::ImageCubeArray } else { Capability::SampledCubeArray });
                }
                spirv::Dim::DimCube
            }
            ImageDimension::SubpassData => {
                self.capability(Capability::InputAttachment);
                spirv::Dim::DimSubpassData
            }
            ImageDimension::Buffer => {
                self.capability(if storage { Capability::ImageBuffer } else { Capability::SampledBuffer });
                spirv::Dim::DimBuffer
            }
        };
        let sampled_kind = if dim == ImageDimension::SubpassData { 2 } else { sampled };
        if ms && arrayed {
            self.capability(Capability::ImageMSArray);
        }
        if ms && storage {
            self.capability(Capability::StorageImageMultisample);
        }
        self.cached_type(TypeKey::Image {
            sampled: sampled_type,
            dim: spv_dim,
            depth,
            arrayed: arrayed as u32,
            ms: ms as u32,
            sampled_kind,
            format,
        })
    }

    // -----------------------------------------------------------------------------------------
    // Constants

    /// The constant `key`, declared the first time as `op` of type `ty` with `operands`.
    fn cached_constant(&mut self, key: ConstKey, op: Op, ty: Word, operands: &[Word]) -> Word {
        if let Some(&id) = self.constants.get(&key) {
            return id;
        }
        let id = self.id();
        self.push_type(op, &[ty, id], operands);
        self.remember_constant(key, id);
        id
    }

    fn remember_constant(&mut self, key: ConstKey, id: Word) {
        let kind = if matches!(key, ConstKey::Null { .. }) { PLAIN | NULL } else { PLAIN };
        self.constants.insert(key, id);
        self.set_constant_kind(id, kind);
    }

    fn set_constant_kind(&mut self, id: Word, kind: u8) {
        let index = id as usize;
        if index >= self.constant_kinds.len() {
            // Room for a typical module's ids at once (each growth copies).
            self.constant_kinds.resize((index + 1).max(2 * self.constant_kinds.len()).max(256), 0);
        }
        self.constant_kinds[index] = kind;
    }

    pub(super) fn const_scalar(&mut self, scalar: Scalar, bits: u64) -> Word {
        // SPIR-V 2.2.1: literals narrower than a word are sign-extended for signed types and
        // zero-extended otherwise; callers may pass just the low bits.
        let bits = match (scalar.kind, scalar.width) {
            (ScalarKind::Sint, 1) => bits as u8 as i8 as i32 as u32 as u64,
            (ScalarKind::Sint, 2) => bits as u16 as i16 as i32 as u32 as u64,
            (ScalarKind::Uint, 1) => bits & 0xff,
            (ScalarKind::Uint, 2) => bits & 0xffff,
            _ => bits,
        };
        self.check_wgpu_int_constant(scalar);
        // The u32 and i32 values 0 to 15 (indices, scopes, memory semantics, most integer
        // literals) by slot, without hashing.
        let small = match scalar {
            Scalar::U32 if bits < 16 => Some(bits as usize),
            Scalar::I32 if bits < 16 => Some(16 + bits as usize),
            _ => None,
        };
        if let Some(slot) = small.filter(|&slot| self.small_integers[slot] != 0) {
            return self.small_integers[slot];
        }
        let ty = self.scalar_type(scalar);
        let key = ConstKey::Scalar { ty, bits };
        if let Some(slot) = small {
            let (words, count) = literal_words(scalar, bits);
            let id = self.cached_constant(key, Op::Constant, ty, &words[..count]);
            self.small_integers[slot] = id;
            return id;
        }
        if scalar.kind == ScalarKind::Bool {
            let op = if bits != 0 { Op::ConstantTrue } else { Op::ConstantFalse };
            self.cached_constant(key, op, ty, &[])
        } else {
            let (words, count) = literal_words(scalar, bits);
            self.cached_constant(key, Op::Constant, ty, &words[..count])
        }
    }

    pub(super) fn const_u32(&mut self, value: u32) -> Word {
        self.const_scalar(Scalar::U32, value as u64)
    }

    pub(super) fn const_i32(&mut self, value: i32) -> Word {
        self.const_scalar(Scalar::I32, value as u32 as u64)
    }

    pub(super) fn const_bool(&mut self, value: bool) -> Word {
        self.const_scalar(Scalar::BOOL, value as u64)
    }

    /// A float constant of the given width from an f64 value.
    pub(super) fn const_float(&mut self, width: u8, value: f64) -> Word {
        let bits = match width {
            2 => half::f16::from_f64(value).to_bits() as u64,
            8 => value.to_bits(),
            _ => (value as f32).to_bits() as u64,
        };
        self.const_scalar(Scalar { kind: ScalarKind::Float, width }, bits)
    }

    /// A scalar constant of `scalar` holding the integer or float value `value`.
    pub(super) fn const_number(&mut self, scalar: Scalar, value: i64) -> Word {
        match scalar.kind {
            ScalarKind::Float => self.const_float(scalar.width, value as f64),
            ScalarKind::Bool => self.const_bool(value != 0),
            _ => {
                let bits = match scalar.width {
                    8 => value as u64,
                    1 if scalar.kind == ScalarKind::Uint => value as u64 & 0xff,
                    2 if scalar.kind == ScalarKind::Uint => value as u64 & 0xffff,
                    _ => value as i32 as u32 as u64,
                };
                self.const_scalar(scalar, bits)
            }
        }
    }

    /// `value` splatted to a vector when `size` is given.
    pub(super) fn const_splat(&mut self, scalar: Scalar, size: Option<u32>, value: i64) -> Word {
        let c = self.const_number(scalar, value);
        match size {
            None => c,
            Some(n) => {
                let ty = self.numeric_type(scalar, Some(n));
                // A vector: at most 4 components.
                self.const_composite(ty, &[c; 4][..n.min(4) as usize])
            }
        }
    }

    pub(super) fn const_null(&mut self, ty: Word) -> Word {
        self.cached_constant(ConstKey::Null { ty }, Op::ConstantNull, ty, &[])
    }

    pub(super) fn const_composite(&mut self, ty: Word, parts: &[Word]) -> Word {
        let mut key = self.operand_list();
        key.push(ty);
        key.extend_from_slice(parts);
        if let Some(&id) = self.composites.get(key.as_slice()) {
            self.give_back(key);
            return id;
        }
        let id = self.id();
        self.push_type(Op::ConstantComposite, &[ty, id], parts);
        // Vector constants have at most 4 constituents; no lookup asks for a longer one's.
        if parts.len() <= 4 {
            let mut four = [0; 4];
            four[..parts.len()].copy_from_slice(parts);
            self.constant_parts.insert(id, (four, parts.len()));
        }
        self.composites.insert(key.to_vec(), id);
        self.give_back(key);
        self.set_constant_kind(id, PLAIN);
        id
    }

    /// `OpSpecConstantOp` (SPIR-V 3.52.7): a constant computed from spec constants at
    /// specialization time.
    pub(super) fn spec_op(&mut self, ty: Word, op: Op, operands: &[Word]) -> Word {
        let id = self.id();
        self.push_type(Op::SpecConstantOp, &[ty, id, op as u32], operands);
        id
    }

    /// A module-scope constant expression (global initializers, override defaults).
    pub(super) fn const_expr(&mut self, expr: Handle<Expression>) -> R<Word> {
        let exprs = &self.module.const_expressions;
        if !exprs.check(expr) {
            return error("reference to a missing constant expression", Span::default());
        }
        if let Some(id) = self.const_exprs[expr.index()] {
            return Ok(id);
        }
        let id = self.constant_tree(exprs, expr, true, 0)?;
        self.const_exprs[expr.index()] = Some(id);
        Ok(id)
    }

    /// Whether an expression tree in `exprs` is made of constants only (and so becomes a
    /// module-level constant instead of instructions).
    pub(super) fn is_constant_tree(&self, exprs: &Expressions, expr: Handle<Expression>, depth: u32) -> bool {
        self.is_constant_tree_with(exprs, expr, false, depth)
    }

    /// Like [`Self::is_constant_tree`]; `overrides` also admits override leaves, for operands
    /// SPIR-V wants as constant instructions, which spec constants are (e.g. `ConstOffset`).
    pub(super) fn is_constant_tree_with(&self, exprs: &Expressions, expr: Handle<Expression>, overrides: bool, depth: u32) -> bool {
        if depth > MAX_DEPTH || !exprs.check(expr) {
            return false;
        }
        match &exprs[expr] {
            // SPIR-V has no null buffer reference (OpConstantNull, 3.52.7).
            Expression::ZeroValue(ty) => !self.holds_reference(*ty),
            Expression::Literal(_) => true,
            Expression::Override(_) => overrides,
            Expression::Compose { components } => components.iter().all(|&c| self.is_constant_tree_with(exprs, c, overrides, depth + 1)),
            Expression::Splat { value } => self.is_constant_tree_with(exprs, *value, overrides, depth + 1),
            _ => false,
        }
    }

    /// Writes a constant expression tree. `module_scope` allows overrides and the operators
    /// the IR permits on them (as `OpSpecConstantOp`).
    pub(super) fn constant_tree(&mut self, exprs: &'a Expressions, expr: Handle<Expression>, module_scope: bool, depth: u32) -> R<Word> {
        let span = exprs.span(expr);
        if depth > MAX_DEPTH {
            return error("constant expression nested too deeply", span);
        }
        if !exprs.check(expr) {
            return error("reference to a missing constant expression", span);
        }
        let ty_handle = exprs.ty(expr);
        match &exprs[expr] {
            &Expression::Literal(literal) => Ok(self.const_scalar(literal.scalar(), literal_bits(literal))),
            &Expression::ZeroValue(ty) => {
                let ty = self.type_id(ty, span)?;
                Ok(self.const_null(ty))
            }
            Expression::Compose { components } => {
                let ty = self.type_id(ty_handle, span)?;
                let is_vector = matches!(self.module.types.get(ty_handle).map(|t| &t.inner), Some(TypeInner::Vector { .. }));
                let mut parts = self.operand_list();
                let mut spec = false;
                for &c in components {
                    let id = self.constant_tree(exprs, c, module_scope, depth + 1)?;
                    let c_ty = exprs.ty(c);
                    let c_vector = match self.module.types.get(c_ty).map(|t| &t.inner) {
                        Some(&TypeInner::Vector { size, scalar }) => Some((size as u32, scalar)),
                        _ => None,
                    };
                    match (is_vector, c_vector) {
                        // SPIR-V 3.52.7: a vector constant lists scalar constituents, so
                        // vectors inside a vector constructor are flattened.
                        (true, Some((n, scalar))) => {
                            if let Some((known, count)) = self.constant_parts.get(&id) {
                                parts.extend_from_slice(&known[..*count]);
                            } else if self.is_null_constant(id) {
                                let zero = self.const_scalar(scalar, 0);
                                parts.extend(std::iter::repeat_n(zero, n as usize));
                            } else {
                                let component = self.scalar_type(scalar);
                                for i in 0..n {
                                    let index = self.id();
                                    self.push_type(Op::SpecConstantOp, &[component, index], &[Op::CompositeExtract as u32, id, i]);
                                    parts.push(index);
                                }
                                spec = true;
                            }
                        }
                        _ => {
                            spec |= !self.is_plain_constant(id);
                            parts.push(id);
                        }
                    }
                }
                spec |= parts.iter().any(|&p| !self.is_plain_constant(p));
                let id = if spec {
                    let id = self.id();
                    self.push_type(Op::SpecConstantComposite, &[ty, id], &parts);
                    id
                } else {
                    self.const_composite(ty, &parts)
                };
                self.give_back(parts);
                Ok(id)
            }
            &Expression::Splat { value } => {
                let ty = self.type_id(ty_handle, span)?;
                let n = match self.module.types.get(ty_handle).map(|t| &t.inner) {
                    Some(&TypeInner::Vector { size, .. }) => size as usize,
                    _ => return error("a splat must have a vector type", span),
                };
                let part = self.constant_tree(exprs, value, module_scope, depth + 1)?;
                let parts = &[part; 4][..n];
                if self.is_plain_constant(part) {
                    Ok(self.const_composite(ty, parts))
                } else {
                    let id = self.id();
                    self.push_type(Op::SpecConstantComposite, &[ty, id], parts);
                    Ok(id)
                }
            }
            &Expression::Override(o) => match self.overrides.get(o.index()) {
                Some(&id) => Ok(id),
                None => error("an override is used before its declaration", span),
            },
            &Expression::Unary { op, expr: operand } if module_scope => {
                let a = self.constant_tree(exprs, operand, module_scope, depth + 1)?;
                let ty = self.type_id(ty_handle, span)?;
                let scalar = self.scalar_of(ty_handle);
                let Some(spv) = spec_unary_op(op, scalar.map(|s| s.kind)) else {
                    return error("this override expression needs floating-point arithmetic, which SPIR-V spec constants cannot express", span);
                };
                Ok(self.spec_op(ty, spv, &[a]))
            }
            &Expression::Binary { op, left, right } if module_scope => {
                let a = self.constant_tree(exprs, left, module_scope, depth + 1)?;
                let b = self.constant_tree(exprs, right, module_scope, depth + 1)?;
                let ty = self.type_id(ty_handle, span)?;
                let kind = self.scalar_of(exprs.ty(left)).map(|s| s.kind);
                let Some(spv) = spec_binary_op(op, kind) else {
                    return error("this override expression needs floating-point arithmetic, which SPIR-V spec constants cannot express", span);
                };
                Ok(self.spec_op(ty, spv, &[a, b]))
            }
            &Expression::Select { condition, accept, reject } if module_scope => {
                let c = self.constant_tree(exprs, condition, module_scope, depth + 1)?;
                let a = self.constant_tree(exprs, accept, module_scope, depth + 1)?;
                let r = self.constant_tree(exprs, reject, module_scope, depth + 1)?;
                let ty = self.type_id(ty_handle, span)?;
                Ok(self.spec_op(ty, Op::Select, &[c, a, r]))
            }
            &Expression::Convert { expr: operand, to } if module_scope => {
                let a = self.constant_tree(exprs, operand, module_scope, depth + 1)?;
                let ty = self.type_id(ty_handle, span)?;
                let from = self.scalar_of(exprs.ty(operand));
                match (from.map(|s| s.kind), to.kind) {
                    (Some(ScalarKind::Bool), ScalarKind::Sint | ScalarKind::Uint) => {
                        let one = self.const_number(to, 1);
                        let zero = self.const_number(to, 0);
                        Ok(self.spec_op(ty, Op::Select, &[a, one, zero]))
                    }
                    (Some(ScalarKind::Sint | ScalarKind::Uint), ScalarKind::Bool) => {
                        let zero = self.const_number(from.unwrap_or(Scalar::I32), 0);
                        Ok(self.spec_op(ty, Op::INotEqual, &[a, zero]))
                    }
                    (Some(k @ (ScalarKind::Sint | ScalarKind::Uint)), ScalarKind::Sint | ScalarKind::Uint) => {
                        let op = if from.map(|s| s.width) == Some(to.width) {
                            // Same width: IAdd with zero reinterprets the bits.
                            let zero = self.const_number(to, 0);
                            return Ok(self.spec_op(ty, Op::IAdd, &[a, zero]));
                        } else if k == ScalarKind::Sint {
                            Op::SConvert
                        } else {
                            Op::UConvert
                        };
                        Ok(self.spec_op(ty, op, &[a]))
                    }
                    (Some(ScalarKind::Bool), ScalarKind::Bool) => Ok(a),
                    _ => error("this override conversion involves floating point, which SPIR-V spec constants cannot express", span),
                }
            }
            _ => error("this expression is not allowed in a constant", span),
        }
    }

    /// Whether `id` is an `OpConstantNull` we created.
    pub(super) fn is_null_constant(&self, id: Word) -> bool {
        self.constant_kinds.get(id as usize).is_some_and(|&kind| kind & NULL != 0)
    }

    /// Whether `id` is a constant we created with `OpConstant*` (not a spec constant).
    fn is_plain_constant(&self, id: Word) -> bool {
        // Constants are deduplicated through `constants`; spec constants never are.
        self.constant_kinds.get(id as usize).is_some_and(|&kind| kind & PLAIN != 0)
    }

    pub(super) fn scalar_of(&self, ty: Handle<Type>) -> Option<Scalar> {
        self.module.types.get(ty).and_then(|t| t.inner.scalar())
    }
}

/// The unary operators `OpSpecConstantOp` takes (as `spec_binary_op`).
fn spec_unary_op(op: UnaryOp, kind: Option<ScalarKind>) -> Option<Op> {
    Some(match (op, kind) {
        (UnaryOp::Negate, Some(ScalarKind::Sint | ScalarKind::Uint)) => Op::SNegate,
        (UnaryOp::LogicalNot, _) => Op::LogicalNot,
        (UnaryOp::BitwiseNot, _) => Op::Not,
        _ => return None,
    })
}

/// The computation of the override `o` (an override-expression, WGSL's
/// `@workgroup_size(n * 2)`: an id-less override computed from others) as the
/// `OpSpecConstantOp`s `constant_tree` writes for it, in postfix order, over the
/// specialization constants it names (by SpecId, `ids` as `ir::interface::override_ids` gives
/// them). Reflection's `workgroup_size_expressions`: the runtime evaluates them for the wgpu
/// target, whose words hold the default size (naga reads no `OpSpecConstantOp`). A size
/// computed from f32 values (`spec_length::host_computed`) has f32 steps too, as the opcodes of
/// the float instructions (`OpConvertFToU`, `OpFMul`, `OpFOrdLessThan` ...), which no module
/// holds as `OpSpecConstantOp`: the runtime computes them for both targets. `None` for
/// what the back end cannot write either (64-bit values, deeper than `MAX_DEPTH`).
pub fn spec_steps(module: &Module, o: Handle<Override>, ids: &[u32]) -> Option<Vec<crate::reflect::SizeStep>> {
    use crate::reflect::SizeStep;
    fn push_override(module: &Module, o: Handle<Override>, ids: &[u32], depth: u32, out: &mut Vec<SizeStep>) -> Option<()> {
        match module.overrides.get(o)?.init {
            Some(init) if !crate::ir::interface::is_specializable(module, o) => push(module, init, ids, depth + 1, out),
            _ => {
                out.push(SizeStep::Constant(*ids.get(o.index())?));
                Some(())
            }
        }
    }
    fn op(out: &mut Vec<SizeStep>, opcode: Op, operands: u32) -> Option<()> {
        out.push(SizeStep::Op { opcode: opcode as u32, operands });
        Some(())
    }
    fn push(module: &Module, e: Handle<Expression>, ids: &[u32], depth: u32, out: &mut Vec<SizeStep>) -> Option<()> {
        let exprs = &module.const_expressions;
        if depth > MAX_DEPTH || !exprs.check(e) {
            return None;
        }
        let kind = |x: Handle<Expression>| module.types.get(exprs.ty(x)).and_then(|t| t.inner.scalar()).map(|s| s.kind);
        match exprs[e] {
            Expression::Literal(l @ (Literal::I32(_) | Literal::U32(_) | Literal::Bool(_) | Literal::F32(_))) => {
                out.push(SizeStep::Literal(literal_bits(l) as u32))
            }
            Expression::ZeroValue(_) if module.inner(exprs.ty(e)).scalar().is_some_and(|s| s.width == 4 || s.kind == ScalarKind::Bool) => {
                out.push(SizeStep::Literal(0));
            }
            Expression::Override(o) => push_override(module, o, ids, depth, out)?,
            Expression::Unary { op: UnaryOp::Negate, expr } if kind(expr) == Some(ScalarKind::Float) => {
                push(module, expr, ids, depth + 1, out)?;
                op(out, Op::FNegate, 1)?;
            }
            Expression::Unary { op: unary, expr } => {
                push(module, expr, ids, depth + 1, out)?;
                op(out, spec_unary_op(unary, kind(expr))?, 1)?;
            }
            Expression::Binary { op: binary, left, right } => {
                push(module, left, ids, depth + 1, out)?;
                push(module, right, ids, depth + 1, out)?;
                let opcode = match kind(left) {
                    Some(ScalarKind::Float) => host_float_op(binary)?,
                    k => spec_binary_op(binary, k)?,
                };
                op(out, opcode, 2)?;
            }
            Expression::Select { condition, accept, reject } => {
                for x in [condition, accept, reject] {
                    push(module, x, ids, depth + 1, out)?;
                }
                op(out, Op::Select, 3)?;
            }
            // As `constant_tree` converts: bool to integer selects 1 or 0, integer to bool
            // compares with 0, an integer to another of its width adds 0.
            Expression::Convert { expr, to } => {
                push(module, expr, ids, depth + 1, out)?;
                let from = module.inner(exprs.ty(expr)).scalar()?;
                match (from.kind, to.kind) {
                    (ScalarKind::Bool, ScalarKind::Sint | ScalarKind::Uint) => {
                        out.extend([SizeStep::Literal(1), SizeStep::Literal(0)]);
                        op(out, Op::Select, 3)?;
                    }
                    (ScalarKind::Sint | ScalarKind::Uint, ScalarKind::Bool) => {
                        out.push(SizeStep::Literal(0));
                        op(out, Op::INotEqual, 2)?;
                    }
                    (ScalarKind::Sint | ScalarKind::Uint, ScalarKind::Sint | ScalarKind::Uint) if from.width == to.width => {
                        out.push(SizeStep::Literal(0));
                        op(out, Op::IAdd, 2)?;
                    }
                    (ScalarKind::Bool, ScalarKind::Bool) => {}
                    // f32 only (`copy` takes no other float width for a workgroup size).
                    (ScalarKind::Float, ScalarKind::Uint) => op(out, Op::ConvertFToU, 1)?,
                    (ScalarKind::Float, ScalarKind::Sint) => op(out, Op::ConvertFToS, 1)?,
                    (ScalarKind::Uint, ScalarKind::Float) => op(out, Op::ConvertUToF, 1)?,
                    (ScalarKind::Sint, ScalarKind::Float) => op(out, Op::ConvertSToF, 1)?,
                    (ScalarKind::Bool, ScalarKind::Float) => {
                        out.extend([SizeStep::Literal(1f32.to_bits()), SizeStep::Literal(0)]);
                        op(out, Op::Select, 3)?;
                    }
                    (ScalarKind::Float, ScalarKind::Bool) => {
                        out.push(SizeStep::Literal(0));
                        op(out, Op::FUnordNotEqual, 2)?;
                    }
                    (ScalarKind::Float, ScalarKind::Float) => {}
                    _ => return None,
                }
            }
            _ => return None,
        }
        Some(())
    }
    let mut out = Vec::new();
    push_override(module, o, ids, 0, &mut out)?;
    Some(out)
}

/// The float instruction of a binary operator on f32 values, for the steps the runtime
/// evaluates ([`spec_steps`]; no `OpSpecConstantOp` takes one in a shader). WGSL's `%` of
/// floats truncates (`OpFRem`); `!=` is true for a NaN (`OpFUnordNotEqual`), the other
/// comparisons false.
fn host_float_op(op: BinaryOp) -> Option<Op> {
    Some(match op {
        BinaryOp::Add => Op::FAdd,
        BinaryOp::Subtract => Op::FSub,
        BinaryOp::Multiply => Op::FMul,
        BinaryOp::Divide => Op::FDiv,
        BinaryOp::Modulo => Op::FRem,
        BinaryOp::Equal => Op::FOrdEqual,
        BinaryOp::NotEqual => Op::FUnordNotEqual,
        BinaryOp::Less => Op::FOrdLessThan,
        BinaryOp::LessEqual => Op::FOrdLessThanEqual,
        BinaryOp::Greater => Op::FOrdGreaterThan,
        BinaryOp::GreaterEqual => Op::FOrdGreaterThanEqual,
        _ => return None,
    })
}

/// SPIR-V 3.52.7 lists the opcodes `OpSpecConstantOp` accepts with the Shader capability:
/// integer and logical operations only.
fn spec_binary_op(op: BinaryOp, kind: Option<ScalarKind>) -> Option<Op> {
    use ScalarKind as K;
    let signed = kind == Some(K::Sint);
    Some(match (op, kind?) {
        (_, K::Float) => return None,
        (BinaryOp::Add, _) => Op::IAdd,
        (BinaryOp::Subtract, _) => Op::ISub,
        (BinaryOp::Multiply, _) => Op::IMul,
        (BinaryOp::Divide, _) => if signed { Op::SDiv } else { Op::UDiv },
        (BinaryOp::Modulo, _) => if signed { Op::SRem } else { Op::UMod },
        (BinaryOp::Equal, K::Bool) => Op::LogicalEqual,
        (BinaryOp::NotEqual, K::Bool) => Op::LogicalNotEqual,
        (BinaryOp::Equal, _) => Op::IEqual,
        (BinaryOp::NotEqual, _) => Op::INotEqual,
        (BinaryOp::Less, _) => if signed { Op::SLessThan } else { Op::ULessThan },
        (BinaryOp::LessEqual, _) => if signed { Op::SLessThanEqual } else { Op::ULessThanEqual },
        (BinaryOp::Greater, _) => if signed { Op::SGreaterThan } else { Op::UGreaterThan },
        (BinaryOp::GreaterEqual, _) => if signed { Op::SGreaterThanEqual } else { Op::UGreaterThanEqual },
        (BinaryOp::And | BinaryOp::LogicalAnd, K::Bool) => Op::LogicalAnd,
        (BinaryOp::InclusiveOr | BinaryOp::LogicalOr, K::Bool) => Op::LogicalOr,
        (BinaryOp::ExclusiveOr, K::Bool) => Op::LogicalNotEqual,
        (BinaryOp::And, _) => Op::BitwiseAnd,
        (BinaryOp::InclusiveOr, _) => Op::BitwiseOr,
        (BinaryOp::ExclusiveOr, _) => Op::BitwiseXor,
        (BinaryOp::ShiftLeft, _) => Op::ShiftLeftLogical,
        (BinaryOp::ShiftRight, _) => if signed { Op::ShiftRightArithmetic } else { Op::ShiftRightLogical },
        (BinaryOp::LogicalAnd | BinaryOp::LogicalOr, _) => return None,
    })
}

/// SPIR-V image format, the texel scalar kind, and whether the format needs
/// `StorageImageExtendedFormats` (Vulkan 1.1 table 'Image Format').
fn storage_format(format: StorageFormat) -> (spirv::ImageFormat, ScalarKind, bool) {
    use spirv::ImageFormat as F;
    use ScalarKind::{Float, Sint, Uint};
    use StorageFormat as S;
    match format {
        S::Unknown | S::Bgra8Unorm => (F::Unknown, Float, false),
        S::UnknownSint => (F::Unknown, Sint, false),
        S::UnknownUint => (F::Unknown, Uint, false),
        S::Rgba32f => (F::Rgba32f, Float, false),
        S::Rgba16f => (F::Rgba16f, Float, false),
        S::R32f => (F::R32f, Float, false),
        S::Rgba8 => (F::Rgba8, Float, false),
        S::Rgba8Snorm => (F::Rgba8Snorm, Float, false),
        S::Rg32f => (F::Rg32f, Float, true),
        S::Rg16f => (F::Rg16f, Float, true),
        S::R11fG11fB10f => (F::R11fG11fB10f, Float, true),
        S::R16f => (F::R16f, Float, true),
        S::Rgba16 => (F::Rgba16, Float, true),
        S::Rgb10A2 => (F::Rgb10A2, Float, true),
        S::Rg16 => (F::Rg16, Float, true),
        S::Rg8 => (F::Rg8, Float, true),
        S::R16 => (F::R16, Float, true),
        S::R8 => (F::R8, Float, true),
        S::Rgba16Snorm => (F::Rgba16Snorm, Float, true),
        S::Rg16Snorm => (F::Rg16Snorm, Float, true),
        S::Rg8Snorm => (F::Rg8Snorm, Float, true),
        S::R16Snorm => (F::R16Snorm, Float, true),
        S::R8Snorm => (F::R8Snorm, Float, true),
        S::Rgba32i => (F::Rgba32i, Sint, false),
        S::Rgba16i => (F::Rgba16i, Sint, false),
        S::Rgba8i => (F::Rgba8i, Sint, false),
        S::R32i => (F::R32i, Sint, false),
        S::Rg32i => (F::Rg32i, Sint, true),
        S::Rg16i => (F::Rg16i, Sint, true),
        S::Rg8i => (F::Rg8i, Sint, true),
        S::R16i => (F::R16i, Sint, true),
        S::R8i => (F::R8i, Sint, true),
        S::Rgba32ui => (F::Rgba32ui, Uint, false),
        S::Rgba16ui => (F::Rgba16ui, Uint, false),
        S::Rgba8ui => (F::Rgba8ui, Uint, false),
        S::R32ui => (F::R32ui, Uint, false),
        S::Rgb10a2ui => (F::Rgb10a2ui, Uint, true),
        S::Rg32ui => (F::Rg32ui, Uint, true),
        S::Rg16ui => (F::Rg16ui, Uint, true),
        S::Rg8ui => (F::Rg8ui, Uint, true),
        S::R16ui => (F::R16ui, Uint, true),
        S::R8ui => (F::R8ui, Uint, true),
        S::R64ui => (F::R64ui, Uint, false),
        S::R64i => (F::R64i, Sint, false),
    }
}
