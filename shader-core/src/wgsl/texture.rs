//! WGSL texture built-ins (WGSL §17.7 "Texture Built-in Functions").

use crate::ir::consteval::Leaf;
use super::lower::{Lowerer, FnCtx, Operand, Reported, R};
use crate::ir::*;
use crate::span::Span;

struct TexInfo {
    dim: ImageDimension,
    arrayed: bool,
    class: ImageClass,
}

impl<'a> Lowerer<'a> {
    fn texture_info(&mut self, fx: &FnCtx, h: Handle<Expression>, span: Span) -> R<TexInfo> {
        match *self.module.inner(self.ety(fx, h)) {
            TypeInner::Image { dim, arrayed, class } => Ok(TexInfo { dim, arrayed, class }),
            _ => Err(self.error(format!("expected a texture, found `{}`", self.type_name(self.ety(fx, h))), span)),
        }
    }

    fn coord_size(dim: ImageDimension) -> u32 {
        match dim {
            ImageDimension::D1 | ImageDimension::Buffer => 1,
            ImageDimension::D2 | ImageDimension::SubpassData => 2,
            ImageDimension::D3 | ImageDimension::Cube => 3,
        }
    }

    /// A coordinate of `n` components of `kind` (float for sampling, i32/u32 for loads).
    fn coordinate(&mut self, fx: &mut FnCtx, a: (Operand, Span), n: u32, float: bool) -> R<Handle<Expression>> {
        let (op, s) = a;
        let op = match self.operand_leaf(fx, &op) {
            Some(Leaf::AInt) if !float => self.coerce_leaf(fx, op, Leaf::Concrete(Scalar::I32), s)?,
            Some(Leaf::AInt | Leaf::AFloat) if float => self.coerce_leaf(fx, op, Leaf::Concrete(Scalar::F32), s)?,
            _ => op,
        };
        let h = self.rvalue(fx, op, s)?;
        let ty = self.ety(fx, h);
        let (size, scalar) = match *self.module.inner(ty) {
            TypeInner::Scalar(sc) => (1, sc),
            TypeInner::Vector { size, scalar } => (size as u32, scalar),
            _ => (0, Scalar::BOOL),
        };
        let kind_ok = if float { scalar == Scalar::F32 } else { matches!(scalar, Scalar::I32 | Scalar::U32) };
        if size != n || !kind_ok {
            let want = if float { "f32" } else { "i32 or u32" };
            let shape = if n == 1 { want.to_string() } else { format!("vec{n}<{want}>") };
            return Err(self.error(format!("expected texture coordinates of type {shape}, found `{}`", self.type_name(ty)), s));
        }
        Ok(h)
    }

    fn int_arg(&mut self, fx: &mut FnCtx, a: (Operand, Span)) -> R<Handle<Expression>> {
        let (op, s) = a;
        let op = match self.operand_leaf(fx, &op) {
            Some(Leaf::AInt) => self.coerce_leaf(fx, op, Leaf::Concrete(Scalar::I32), s)?,
            _ => op,
        };
        let h = self.rvalue(fx, op, s)?;
        match *self.module.inner(self.ety(fx, h)) {
            TypeInner::Scalar(Scalar::I32 | Scalar::U32) => Ok(h),
            _ => Err(self.error("expected an i32 or u32", s)),
        }
    }

    fn f32_arg(&mut self, fx: &mut FnCtx, a: (Operand, Span)) -> R<Handle<Expression>> {
        let f = self.scalar_ty(Scalar::F32);
        self.coerce(fx, a.0, f, a.1)
    }

    fn offset_arg(&mut self, fx: &mut FnCtx, a: (Operand, Span), n: u32) -> R<Handle<Expression>> {
        if !matches!(a.0, Operand::Const(_)) {
            return Err(self.error("a texture offset must be a constant expression", a.1));
        }
        let ty = match VectorSize::from_u32(n) {
            Some(size) => self.vec_ty(size, Scalar::I32),
            None => self.scalar_ty(Scalar::I32),
        };
        self.coerce(fx, a.0, ty, a.1)
    }

    pub(super) fn texture_builtin(&mut self, fx: &mut FnCtx, out: &mut Block, n: &str, args: Vec<(Operand, Span)>, span: Span) -> R<Operand> {
        let mut cursor = ArgCursor { items: args.into(), missing: false };
        let result = self.texture_call(fx, out, n, &mut cursor, span);
        if result.is_err() && cursor.missing {
            self.error(format!("`{n}` is missing arguments"), span);
        }
        result
    }

    fn texture_call(&mut self, fx: &mut FnCtx, out: &mut Block, n: &str, args: &mut ArgCursor, span: Span) -> R<Operand> {
        let f32_ty = self.scalar_ty(Scalar::F32);
        let u32_ty = self.scalar_ty(Scalar::U32);
        let vec4 = |lw: &mut Self, kind: ScalarKind| lw.vec_ty(VectorSize::Quad, Scalar { kind, width: 4 });

        // textureGather's optional leading component.
        let mut gather_component = None;
        if n == "textureGather" {
            let first = args.next()?;
            if let Operand::Const(v) = &first.0 {
                let c = v.as_scalar().and_then(|s| s.as_int()).unwrap_or(-1);
                if !(0..4).contains(&c) {
                    return Err(self.error("the gather component must be 0, 1, 2 or 3", first.1));
                }
                gather_component = Some(c as u8);
            } else {
                // No component: the first argument is the (depth) texture.
                args.items.push_front(first);
            }
        }
        let (t_op, t_span) = args.next()?;
        let image = self.rvalue(fx, t_op, t_span)?;
        let info = self.texture_info(fx, image, t_span)?;
        let cn = Self::coord_size(info.dim);
        let is_depth = matches!(info.class, ImageClass::Depth { .. });
        let sampled_kind = match info.class {
            ImageClass::Sampled { kind, .. } => kind,
            _ => ScalarKind::Float,
        };

        match n {
            "textureDimensions" => {
                let level = match args.items.len() {
                    0 => None,
                    _ => Some(self.int_arg(fx, args.next()?)?),
                };
                let ty = match cn.min(if info.dim == ImageDimension::Cube { 2 } else { 3 }) {
                    1 => u32_ty,
                    k => self.vec_ty(VectorSize::from_u32(k).unwrap_or(VectorSize::Bi), Scalar::U32),
                };
                let multisampled_or_storage = matches!(info.class, ImageClass::Storage { .. } | ImageClass::Sampled { multisampled: true, .. } | ImageClass::Depth { multisampled: true });
                let level = match (level, multisampled_or_storage) {
                    (Some(l), _) => Some(l),
                    (None, true) => None,
                    (None, false) => Some(self.literal_of(fx, crate::ir::consteval::LeafValue::concrete(Literal::I32(0)), span)),
                };
                Ok(Operand::Value(self.push(fx, Expression::ImageQuery { image, query: ImageQuery::Size { level } }, ty, span)))
            }
            "textureNumLayers" | "textureNumLevels" | "textureNumSamples" => {
                let query = match n {
                    "textureNumLayers" => ImageQuery::NumLayers,
                    "textureNumLevels" => ImageQuery::NumLevels,
                    _ => ImageQuery::NumSamples,
                };
                // WGSL §17.7: layers of arrayed textures; levels of sampled and depth textures
                // that are not multisampled; samples of multisampled ones.
                let multisampled =
                    matches!(info.class, ImageClass::Sampled { multisampled: true, .. } | ImageClass::Depth { multisampled: true });
                let (fits, what) = match query {
                    ImageQuery::NumLayers => (info.arrayed, "an arrayed texture"),
                    ImageQuery::NumLevels => (!multisampled && !matches!(info.class, ImageClass::Storage { .. }), "a sampled or depth texture that is not multisampled"),
                    _ => (multisampled, "a multisampled texture"),
                };
                if !fits {
                    return Err(self.error(format!("`{n}` needs {what}"), t_span));
                }
                Ok(Operand::Value(self.push(fx, Expression::ImageQuery { image, query }, u32_ty, span)))
            }
            "textureLoad" => {
                let coordinate = self.coordinate(fx, args.next()?, cn, false)?;
                let array_index = if info.arrayed { Some(self.int_arg(fx, args.next()?)?) } else { None };
                let (mut level, mut sample) = (None, None);
                match info.class {
                    ImageClass::Sampled { multisampled: true, .. } | ImageClass::Depth { multisampled: true } => {
                        sample = Some(self.int_arg(fx, args.next()?)?)
                    }
                    ImageClass::Storage { .. } => {}
                    _ => level = Some(self.int_arg(fx, args.next()?)?),
                }
                let ty = match info.class {
                    ImageClass::Depth { .. } => f32_ty,
                    ImageClass::Storage { format, .. } => vec4(self, format.scalar_kind()),
                    _ => vec4(self, sampled_kind),
                };
                Ok(Operand::Value(self.push(fx, Expression::ImageLoad { image, coordinate, array_index, sample, level, sparse: false }, ty, span)))
            }
            "textureStore" => {
                let ImageClass::Storage { format, .. } = info.class else {
                    return Err(self.error("`textureStore` needs a storage texture", t_span));
                };
                let coordinate = self.coordinate(fx, args.next()?, cn, false)?;
                let array_index = if info.arrayed { Some(self.int_arg(fx, args.next()?)?) } else { None };
                let vty = vec4(self, format.scalar_kind());
                let v = args.next()?;
                let value = self.coerce(fx, v.0, vty, v.1)?;
                out.push(Statement::ImageStore { image, coordinate, array_index, sample: None, value }, span);
                Ok(Operand::Void)
            }
            _ => {
                let (s_op, s_span) = args.next()?;
                let sampler = self.rvalue(fx, s_op, s_span)?;
                if !matches!(self.module.inner(self.ety(fx, sampler)), TypeInner::Sampler { .. }) {
                    return Err(self.error("expected a sampler", s_span));
                }
                let coordinate = self.coordinate(fx, args.next()?, cn, true)?;
                let array_index = if info.arrayed { Some(self.int_arg(fx, args.next()?)?) } else { None };
                let offset_n = if info.dim == ImageDimension::Cube { 0 } else { cn };
                let mut depth_ref = None;
                let level = match n {
                    "textureSample" => SampleLevel::Auto,
                    "textureSampleBaseClampToEdge" => SampleLevel::Zero,
                    "textureSampleBias" => SampleLevel::Bias(self.f32_arg(fx, args.next()?)?),
                    "textureSampleLevel" => {
                        let a = args.next()?;
                        let h = if is_depth {
                            let i = self.int_arg(fx, a)?;
                            self.push(fx, Expression::Convert { expr: i, to: Scalar::F32 }, f32_ty, span)
                        } else {
                            self.f32_arg(fx, a)?
                        };
                        SampleLevel::Exact(h)
                    }
                    "textureSampleGrad" => {
                        let gty = match VectorSize::from_u32(cn) {
                            Some(size) => self.vec_ty(size, Scalar::F32),
                            None => f32_ty,
                        };
                        let x = args.next()?;
                        let x = self.coerce(fx, x.0, gty, x.1)?;
                        let y = args.next()?;
                        let y = self.coerce(fx, y.0, gty, y.1)?;
                        SampleLevel::Gradient { x, y }
                    }
                    "textureSampleCompare" | "textureSampleCompareLevel" | "textureGatherCompare" => {
                        depth_ref = Some(self.f32_arg(fx, args.next()?)?);
                        match n {
                            "textureSampleCompareLevel" => SampleLevel::Zero,
                            _ => SampleLevel::Auto,
                        }
                    }
                    // Gathers have no level of detail operand (they read level 0).
                    "textureGather" => SampleLevel::Auto,
                    _ => return Err(self.error(format!("unknown function `{n}`"), span)),
                };
                let offset = if args.items.len() > 0 {
                    if offset_n == 0 {
                        return Err(self.error("cube textures take no offset", span));
                    }
                    Some(self.offset_arg(fx, args.next()?, offset_n)?)
                } else {
                    None
                };
                if args.items.len() > 0 {
                    return Err(self.error(format!("too many arguments to `{n}`"), span));
                }
                let gather = match n {
                    "textureGather" => Some(gather_component.unwrap_or(0)),
                    "textureGatherCompare" => Some(0),
                    _ => None,
                };
                if gather.is_some() && gather_component.is_none() && n == "textureGather" && !is_depth {
                    return Err(self.error("`textureGather` on a color texture needs the component first", span));
                }
                let ty = if is_depth && gather.is_none() { f32_ty } else { vec4(self, sampled_kind) };
                let e = Expression::ImageSample { image, sampler: Some(sampler), gather, coordinate, array_index, offset, level, depth_ref, min_lod: None, sparse: false };
                Ok(Operand::Value(self.push(fx, e, ty, span)))
            }
        }
    }
}


/// Positional arguments consumed in order, with an error naming the function when short.
struct ArgCursor {
    items: std::collections::VecDeque<(Operand, Span)>,
    /// Set when an argument was asked for and there was none; the caller reports it.
    missing: bool,
}

impl ArgCursor {
    fn next(&mut self) -> R<(Operand, Span)> {
        let item = self.items.pop_front();
        self.missing |= item.is_none();
        item.ok_or(Reported)
    }
}

#[allow(dead_code)]
fn unused(_: Reported) {}
