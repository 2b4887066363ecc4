//! Image instructions: sampling (implicit/explicit level, depth comparison, gather), texel
//! fetch and storage read/write, and size/level/sample/lod queries.
//!
//! `OpSampledImage` is written right before the instruction that uses it: SPIR-V 2.16.1
//! requires both in the same block, and naga's front end only follows that pattern.

use super::*;

impl<'a> Writer<'a> {
    /// The image type behind an image-valued expression, and whether the value is a combined
    /// image sampler.
    pub(super) fn image_type_of(&self, expr: Handle<Expression>, span: Span) -> R<(Handle<Type>, bool)> {
        let exprs = &self.fun.expect("inside a function").expressions;
        let mut ty = exprs.ty(expr);
        for _ in 0..4 {
            match self.module.types.get(ty).map(|t| &t.inner) {
                Some(&TypeInner::Pointer { base, .. }) => ty = base,
                Some(&TypeInner::SampledImage { image }) => return Ok((image, true)),
                Some(TypeInner::Image { .. }) => return Ok((ty, false)),
                _ => break,
            }
        }
        error("expected an image", span)
    }

    fn image_info(&self, ty: Handle<Type>, span: Span) -> R<(ImageDimension, bool, ImageClass)> {
        match self.module.types.get(ty).map(|t| &t.inner) {
            Some(&TypeInner::Image { dim, arrayed, class }) => Ok((dim, arrayed, class)),
            _ => error("expected an image", span),
        }
    }

    /// Appends the array layer to the coordinate vector, converted to the coordinate's scalar
    /// (float for sampling, the coordinate's integer type for fetches and storage access).
    fn coordinate_with_layer(&mut self, coordinate: Handle<Expression>, array_index: Option<Handle<Expression>>, span: Span) -> R<Word> {
        let c = self.eval(coordinate)?;
        let Some(index) = array_index else { return Ok(c) };
        let i = self.eval(index)?;
        let exprs = &self.fun.expect("inside a function").expressions;
        let Some(cs) = self.shape(exprs.ty(coordinate)) else {
            return error("image coordinates must be numeric", span);
        };
        let Some(is) = self.shape(exprs.ty(index)) else {
            return error("an array index must be an integer", span);
        };
        let scalar_ty = self.scalar_type(cs.scalar);
        let layer = match (is.scalar.kind, cs.scalar.kind) {
            (a, b) if a == b => i,
            (ScalarKind::Sint, ScalarKind::Float) => self.op(Op::ConvertSToF, scalar_ty, &[i]),
            (ScalarKind::Uint, ScalarKind::Float) => self.op(Op::ConvertUToF, scalar_ty, &[i]),
            _ => self.op(Op::Bitcast, scalar_ty, &[i]),
        };
        let n = cs.size.unwrap_or(1) + 1;
        let ty = self.numeric_type(cs.scalar, Some(n));
        Ok(self.op(Op::CompositeConstruct, ty, &[c, layer]))
    }

    /// A float level of detail (WGSL allows integer levels on depth textures).
    fn float_operand(&mut self, expr: Handle<Expression>) -> R<Word> {
        let v = self.eval(expr)?;
        let exprs = &self.fun.expect("inside a function").expressions;
        let shape = self.shape(exprs.ty(expr));
        Ok(match shape.map(|s| s.scalar.kind) {
            Some(ScalarKind::Sint) => {
                let f = self.scalar_type(Scalar::F32);
                self.op(Op::ConvertSToF, f, &[v])
            }
            Some(ScalarKind::Uint) => {
                let f = self.scalar_type(Scalar::F32);
                self.op(Op::ConvertUToF, f, &[v])
            }
            _ => v,
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn image_sample(
        &mut self,
        expr: Handle<Expression>,
        image: Handle<Expression>,
        sampler: Option<Handle<Expression>>,
        gather: Option<u8>,
        coordinate: Handle<Expression>,
        array_index: Option<Handle<Expression>>,
        offset: Option<Handle<Expression>>,
        level: SampleLevel,
        depth_ref: Option<Handle<Expression>>,
        min_lod: Option<Handle<Expression>>,
        sparse: bool,
    ) -> R<Word> {
        let exprs = &self.fun.expect("inside a function").expressions;
        let span = exprs.span(expr);
        let (image_ty, combined) = self.image_type_of(image, span)?;
        let (dim, _, class) = self.image_info(image_ty, span)?;
        self.check_wgpu_sample_level(dim, depth_ref.is_some(), level, span);
        self.check_wgpu_sample_class(class, gather.is_some(), span);
        let image_id = self.eval_handle(image)?;
        let sampler_id = match sampler {
            Some(s) => Some(self.eval_handle(s)?),
            None if combined => None,
            None => return error("sampling an image needs a sampler", span),
        };
        let coordinates = self.coordinate_with_layer(coordinate, array_index, span)?;
        // A constant offset is `ConstOffset(s)`; any other (a GLSL gather's) is `Offset`, which
        // needs ImageGatherExtended (SPIR-V 3.14) and which Vulkan takes only on gathers
        // (VUID-StandaloneSpirv-Offset-04663).
        if let Some(o) = offset {
            self.check_wgpu_offset(exprs, o, span);
        }
        let offset_id = match offset {
            Some(o) if self.is_constant_tree_with(exprs, o, true, 0) => Some((self.constant_tree(exprs, o, false, 0)?, true)),
            Some(o) => Some((self.eval(o)?, false)),
            None => None,
        };
        let mut mask = spirv::ImageOperands::NONE;
        let mut extra = Vec::new();
        let explicit = match level {
            SampleLevel::Auto => false,
            SampleLevel::Zero => {
                mask |= spirv::ImageOperands::LOD;
                extra.push(self.const_float(4, 0.0));
                true
            }
            SampleLevel::Exact(l) => {
                mask |= spirv::ImageOperands::LOD;
                extra.push(self.float_operand(l)?);
                true
            }
            SampleLevel::Bias(b) => {
                mask |= spirv::ImageOperands::BIAS;
                extra.push(self.float_operand(b)?);
                false
            }
            SampleLevel::Gradient { x, y } => {
                mask |= spirv::ImageOperands::GRAD;
                extra.push(self.eval(x)?);
                extra.push(self.eval(y)?);
                true
            }
        };
        if let Some((o, constant)) = offset_id {
            let offsets = offset.is_some_and(|h| matches!(self.module.inner(exprs.ty(h)), TypeInner::Array { .. }));
            if !constant {
                if offsets || gather.is_none() {
                    return error("a run-time texture offset is only for a gather (`textureGatherOffset`)", span);
                }
                self.capability(Capability::ImageGatherExtended);
                mask |= spirv::ImageOperands::OFFSET;
            } else if offsets {
                // textureGatherOffsets (SPIR-V 2.2.2 ConstOffsets needs ImageGatherExtended).
                if gather.is_none() {
                    return error("an array of offsets is only for gathers", span);
                }
                self.capability(Capability::ImageGatherExtended);
                mask |= spirv::ImageOperands::CONST_OFFSETS;
            } else {
                mask |= spirv::ImageOperands::CONST_OFFSET;
            }
            extra.push(o);
        }
        if let Some(m) = min_lod {
            // SPIR-V 3.14: MinLod comes after the offsets (bit order), with its capability.
            self.capability(Capability::MinLod);
            mask |= spirv::ImageOperands::MIN_LOD;
            extra.push(self.float_operand(m)?);
        }
        let dref = match depth_ref {
            Some(d) => Some(self.eval(d)?),
            None => None,
        };
        // Everything else is evaluated: now combine, in the block of the sampling instruction.
        let image_type_id = self.type_id(image_ty, span)?;
        let sampled_image = match sampler_id {
            Some(s) => {
                let ty = self.sampled_image_type(image_type_id);
                self.op(Op::SampledImage, ty, &[image_id, s])
            }
            None => image_id,
        };
        let kind = match class {
            ImageClass::Sampled { kind, .. } => kind,
            _ => ScalarKind::Float,
        };
        let vec4 = self.numeric_type(Scalar { kind, width: 4 }, Some(4));
        let f32_ty = self.scalar_type(Scalar::F32);
        let mut operands = vec![sampled_image, coordinates];
        let (op, result_ty) = match (gather, dref) {
            (Some(component), None) => {
                operands.push(self.const_i32(i32::from(component)));
                (Op::ImageGather, vec4)
            }
            (Some(_), Some(d)) => {
                operands.push(d);
                (Op::ImageDrefGather, vec4)
            }
            (None, Some(d)) => {
                operands.push(d);
                (if explicit { Op::ImageSampleDrefExplicitLod } else { Op::ImageSampleDrefImplicitLod }, f32_ty)
            }
            (None, None) => (if explicit { Op::ImageSampleExplicitLod } else { Op::ImageSampleImplicitLod }, vec4),
        };
        let offsets_only = (mask - spirv::ImageOperands::CONST_OFFSET - spirv::ImageOperands::CONST_OFFSETS - spirv::ImageOperands::OFFSET).is_empty();
        if gather.is_some() && !offsets_only {
            return error("a gather takes no level of detail", span);
        }
        if !mask.is_empty() {
            operands.push(mask.bits());
            operands.extend(extra);
        }
        if sparse {
            let op = match op {
                Op::ImageGather => Op::ImageSparseGather,
                Op::ImageDrefGather => Op::ImageSparseDrefGather,
                Op::ImageSampleDrefExplicitLod => Op::ImageSparseSampleDrefExplicitLod,
                Op::ImageSampleDrefImplicitLod => Op::ImageSparseSampleDrefImplicitLod,
                Op::ImageSampleExplicitLod => Op::ImageSparseSampleExplicitLod,
                _ => Op::ImageSparseSampleImplicitLod,
            };
            return self.sparse_result(op, result_ty, &operands, exprs.ty(expr), span);
        }
        let result = self.op(op, result_ty, &operands);
        self.narrow_texel(result, result_ty, exprs.ty(expr), span)
    }

    /// A sparse lookup (`OpImageSparse*`, capability SparseResidency): its result is the
    /// expression's `{ i32 residency code, texel }` struct, whose texel must be the
    /// instruction's own texel type (`texel_ty`).
    fn sparse_result(&mut self, op: Op, texel_ty: Word, operands: &[Word], wanted: Handle<Type>, span: Span) -> R<Word> {
        let texel = match self.module.types.get(wanted).map(|t| &t.inner) {
            Some(TypeInner::Struct { members, .. }) if members.len() == 2 => members[1].ty,
            _ => return error("a sparse lookup needs a struct result", span),
        };
        if self.type_id(texel, span)? != texel_ty {
            return error("a sparse lookup's texel must be the image's 4-component texel", span);
        }
        self.capability(Capability::SparseResidency);
        let ty = self.type_id(wanted, span)?;
        Ok(self.op(op, ty, operands))
    }

    /// Depth textures sampled or loaded without comparison yield a vec4 in SPIR-V; WGSL's
    /// result is its first component.
    fn narrow_texel(&mut self, result: Word, result_ty: Word, wanted: Handle<Type>, span: Span) -> R<Word> {
        let wanted_id = self.type_id(wanted, span)?;
        if wanted_id == result_ty {
            return Ok(result);
        }
        match self.shape(wanted) {
            Some(Shape { size: None, .. }) => {
                Ok(self.op(Op::CompositeExtract, wanted_id, &[result, 0]))
            }
            _ => error("unexpected result type for an image operation", span),
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn image_load(
        &mut self,
        expr: Handle<Expression>,
        image: Handle<Expression>,
        coordinate: Handle<Expression>,
        array_index: Option<Handle<Expression>>,
        sample: Option<Handle<Expression>>,
        level: Option<Handle<Expression>>,
        sparse: bool,
    ) -> R<Word> {
        let exprs = &self.fun.expect("inside a function").expressions;
        let span = exprs.span(expr);
        let (image_ty, combined) = self.image_type_of(image, span)?;
        let (dim, _, class) = self.image_info(image_ty, span)?;
        self.check_wgpu_texel_access(image, span);
        let mut image_id = self.eval_handle(image)?;
        if combined {
            let ty = self.type_id(image_ty, span)?;
            image_id = self.op(Op::Image, ty, &[image_id]);
        }
        let coordinates = self.coordinate_with_layer(coordinate, array_index, span)?;
        let sample_id = match sample {
            Some(s) => Some(self.eval(s)?),
            None => None,
        };
        let level_id = match level {
            Some(l) => Some(self.eval(l)?),
            None => None,
        };
        let (kind, storage, multisampled) = match class {
            ImageClass::Sampled { kind, multisampled } => (kind, false, multisampled),
            ImageClass::Depth { multisampled } => (ScalarKind::Float, false, multisampled),
            ImageClass::Storage { format, .. } => (format.scalar_kind(), true, false),
        };
        let width = if matches!(class, ImageClass::Storage { format: StorageFormat::R64ui | StorageFormat::R64i, .. }) { 8 } else { 4 };
        let vec4 = self.numeric_type(Scalar { kind, width }, Some(4));
        let mut operands = vec![image_id, coordinates];
        // Subpass inputs are read like storage images (SPIR-V `OpImageRead`, Sampled = 2).
        let op = if storage || dim == ImageDimension::SubpassData { Op::ImageRead } else { Op::ImageFetch };
        match (sample_id, level_id) {
            (Some(s), _) => {
                operands.push(spirv::ImageOperands::SAMPLE.bits());
                operands.push(s);
            }
            (None, Some(l)) if !storage => {
                operands.push(spirv::ImageOperands::LOD.bits());
                operands.push(l);
            }
            (None, _) if !storage && !multisampled && dim != ImageDimension::Buffer && dim != ImageDimension::SubpassData => {
                // Fetches from mipmapped images name the level explicitly (level 0).
                operands.push(spirv::ImageOperands::LOD.bits());
                operands.push(self.const_i32(0));
            }
            _ => {}
        }
        if storage {
            self.texel_access(image, false, &mut operands);
        }
        if sparse {
            let op = if op == Op::ImageRead { Op::ImageSparseRead } else { Op::ImageSparseFetch };
            return self.sparse_result(op, vec4, &operands, exprs.ty(expr), span);
        }
        let result = self.op(op, vec4, &operands);
        self.narrow_texel(result, vec4, exprs.ty(expr), span)
    }

    /// Under the Vulkan memory model, the image operands glslang writes on storage image reads
    /// and writes: `NonPrivateTexel` (every access, as for buffers in `memory_access`), and for
    /// `coherent`/`volatile` images `MakeTexelVisible`/`MakeTexelAvailable` at QueueFamily
    /// scope, scoped coherence at its own (plus `VolatileTexel`). `operands` holds the image, the coordinate and possibly
    /// an image-operand mask with its ids; the new bits and the scope go after them (SPIR-V
    /// 3.14: operand ids in bit order, and the MakeTexel bits come after Sample).
    fn texel_access(&mut self, image: Handle<Expression>, store: bool, operands: &mut Vec<Word>) {
        if !self.module.vulkan_memory_model {
            return;
        }
        let memory = self.root_global(image).map(|g| self.module.globals[g].memory).unwrap_or_default();
        let mut mask = spirv::ImageOperands::NON_PRIVATE_TEXEL;
        if memory.volatile {
            mask |= spirv::ImageOperands::VOLATILE_TEXEL;
        }
        // glslang's precedence: `volatile` as plain `coherent`, then the scoped forms.
        let scope = if memory.volatile { Some(Scope::QueueFamily) } else { memory.coherent.scope() };
        if scope.is_some() {
            mask |= if store { spirv::ImageOperands::MAKE_TEXEL_AVAILABLE } else { spirv::ImageOperands::MAKE_TEXEL_VISIBLE };
        }
        // What follows the image, the coordinate (and a store's texel) is a mask and its ids.
        let index = if store { 3 } else { 2 };
        match operands.get_mut(index) {
            Some(existing) => *existing |= mask.bits(),
            None => operands.push(mask.bits()),
        }
        if let Some(scope) = scope {
            let scope = self.scope_id(scope);
            operands.push(scope);
        }
    }

    pub(super) fn write_image_store(
        &mut self,
        image: Handle<Expression>,
        coordinate: Handle<Expression>,
        array_index: Option<Handle<Expression>>,
        sample: Option<Handle<Expression>>,
        value: Handle<Expression>,
    ) -> R<()> {
        let span = self.fun.map(|f| f.expressions.span(image)).unwrap_or_default();
        self.check_wgpu_texel_access(image, span);
        let image_id = self.eval_handle(image)?;
        let coordinates = self.coordinate_with_layer(coordinate, array_index, span)?;
        let v = self.eval(value)?;
        let mut operands = vec![image_id, coordinates, v];
        if let Some(s) = sample {
            let s = self.eval(s)?;
            operands.extend([spirv::ImageOperands::SAMPLE.bits(), s]);
        }
        self.texel_access(image, true, &mut operands);
        self.op_void(Op::ImageWrite, &operands);
        Ok(())
    }

    pub(super) fn image_query(&mut self, expr: Handle<Expression>, image: Handle<Expression>, query: ImageQuery) -> R<Word> {
        let exprs = &self.fun.expect("inside a function").expressions;
        let span = exprs.span(expr);
        let (image_ty, combined) = self.image_type_of(image, span)?;
        let (dim, arrayed, class) = self.image_info(image_ty, span)?;
        self.capability(Capability::ImageQuery);
        let ty_handle = exprs.ty(expr);
        let ty = self.type_id(ty_handle, span)?;
        let value = self.eval_handle(image)?;
        if let ImageQuery::Lod { sampler, coordinate } = query {
            let s = match sampler {
                Some(s) => Some(self.eval_handle(s)?),
                None => None,
            };
            let c = self.eval(coordinate)?;
            let sampled_image = match s {
                Some(s) => {
                    let image_type_id = self.type_id(image_ty, span)?;
                    let si_ty = self.sampled_image_type(image_type_id);
                    self.op(Op::SampledImage, si_ty, &[value, s])
                }
                None if combined => value,
                None => return error("`textureQueryLod` needs a sampler", span),
            };
            return Ok(self.op(Op::ImageQueryLod, ty, &[sampled_image, c]));
        }
        let image_id = if combined {
            let image_type_id = self.type_id(image_ty, span)?;
            self.op(Op::Image, image_type_id, &[value])
        } else {
            value
        };
        let multisampled = matches!(class, ImageClass::Sampled { multisampled: true, .. } | ImageClass::Depth { multisampled: true });
        let storage = matches!(class, ImageClass::Storage { .. });
        match query {
            ImageQuery::NumLevels => Ok(self.op(Op::ImageQueryLevels, ty, &[image_id])),
            ImageQuery::NumSamples => Ok(self.op(Op::ImageQuerySamples, ty, &[image_id])),
            ImageQuery::Size { .. } | ImageQuery::NumLayers => {
                let level = match query {
                    ImageQuery::Size { level } => level,
                    _ => None,
                };
                let scalar = self.shape(ty_handle).map(|s| s.scalar).unwrap_or(Scalar::U32);
                let dims = match dim {
                    ImageDimension::D1 | ImageDimension::Buffer => 1,
                    ImageDimension::D2 | ImageDimension::Cube | ImageDimension::SubpassData => 2,
                    ImageDimension::D3 => 3,
                };
                let count = dims + arrayed as u32;
                let wanted = self.shape(ty_handle).and_then(|s| s.size).unwrap_or(1);
                if query == ImageQuery::NumLayers || (arrayed && wanted == count && !self.layers_unread(expr, dims)) {
                    self.check_wgpu_layer_count(span);
                }
                let query_ty = self.numeric_type(scalar, if count > 1 { Some(count) } else { None });
                // SPIR-V 3.52.10: QuerySizeLod for sampled, non-multisampled images with
                // levels; QuerySize for storage, multisampled and buffer images.
                let size = if storage || multisampled || dim == ImageDimension::Buffer {
                    self.op(Op::ImageQuerySize, query_ty, &[image_id])
                } else {
                    let lod = match level {
                        Some(l) => self.eval(l)?,
                        None => self.const_i32(0),
                    };
                    self.op(Op::ImageQuerySizeLod, query_ty, &[image_id, lod])
                };
                if query == ImageQuery::NumLayers {
                    if !arrayed {
                        return error("only arrayed images have layers", span);
                    }
                    return Ok(self.op(Op::CompositeExtract, ty, &[size, count - 1]));
                }
                Ok(if wanted == count {
                    size
                } else if wanted == 1 {
                    self.op(Op::CompositeExtract, ty, &[size, 0])
                } else {
                    let mut operands = vec![size, size];
                    operands.extend(0..wanted);
                    self.op(Op::VectorShuffle, ty, &operands)
                })
            }
            ImageQuery::Lod { .. } => error("internal error: level-of-detail queries are written above", span),
        }
    }
}
