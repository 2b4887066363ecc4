//! WGSL built-in functions (WGSL §17): type rules, constant evaluation where WGSL requires it
//! for common cases, and lowering to IR.

use super::ast;
use super::consteval;
use crate::ir::consteval::{self as ir_consteval, common_leaf, Constant, Leaf, LeafValue, Rules};
use crate::type_names::wgsl_leaf;
use super::lower::{FnCtx, Lowerer, Operand, Reported, R};
use crate::ir::*;
use crate::span::Span;

/// Which scalar types a built-in accepts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Accept {
    Float,
    /// Float or signed integer (`abs`, `sign`).
    Signed,
    /// Any integer or float.
    Numeric,
    /// i32 or u32.
    Int,
    /// Any scalar, bool included (`select`).
    Any,
}

impl<'a> Lowerer<'a> {
    pub(super) fn builtin_call(
        &mut self,
        fx: &mut FnCtx,
        out: &mut Block,
        name: &ast::Ident,
        template: Option<&[ast::Expr]>,
        args: Vec<(Operand, Span)>,
        span: Span,
    ) -> R<Operand> {
        use MathFunction as M;
        let n = name.name.as_str();
        let count = |lw: &mut Self, want: std::ops::RangeInclusive<usize>| -> R<()> {
            if want.contains(&args.len()) {
                Ok(())
            } else {
                let w = if want.start() == want.end() { want.start().to_string() } else { format!("{} to {}", want.start(), want.end()) };
                Err(lw.error(format!("`{n}` takes {w} argument(s), found {}", args.len()), span))
            }
        };
        let float1 = |f| (f, Accept::Float, 1usize);
        let (fun, accept, arity) = match n {
            "acos" => float1(M::Acos),
            "asin" => float1(M::Asin),
            "atan" => float1(M::Atan),
            "acosh" => float1(M::Acosh),
            "asinh" => float1(M::Asinh),
            "atanh" => float1(M::Atanh),
            "cos" => float1(M::Cos),
            "cosh" => float1(M::Cosh),
            "sin" => float1(M::Sin),
            "sinh" => float1(M::Sinh),
            "tan" => float1(M::Tan),
            "tanh" => float1(M::Tanh),
            "ceil" => float1(M::Ceil),
            "floor" => float1(M::Floor),
            "fract" => float1(M::Fract),
            "round" => float1(M::RoundEven),
            "trunc" => float1(M::Trunc),
            "exp" => float1(M::Exp),
            "exp2" => float1(M::Exp2),
            "log" => float1(M::Log),
            "log2" => float1(M::Log2),
            "sqrt" => float1(M::Sqrt),
            "inverseSqrt" => float1(M::InverseSqrt),
            "degrees" => float1(M::Degrees),
            "radians" => float1(M::Radians),
            "saturate" => float1(M::Saturate),
            "quantizeToF16" => float1(M::QuantizeToF16),
            "normalize" => float1(M::Normalize),
            "atan2" => (M::Atan2, Accept::Float, 2),
            "pow" => (M::Pow, Accept::Float, 2),
            "step" => (M::Step, Accept::Float, 2),
            "reflect" => (M::Reflect, Accept::Float, 2),
            "fma" => (M::Fma, Accept::Float, 3),
            "smoothstep" => (M::SmoothStep, Accept::Float, 3),
            "faceForward" => (M::FaceForward, Accept::Float, 3),
            "abs" => (M::Abs, Accept::Numeric, 1),
            "sign" => (M::Sign, Accept::Signed, 1),
            "min" => (M::Min, Accept::Numeric, 2),
            "max" => (M::Max, Accept::Numeric, 2),
            "clamp" => (M::Clamp, Accept::Numeric, 3),
            "countOneBits" => (M::CountOneBits, Accept::Int, 1),
            "reverseBits" => (M::ReverseBits, Accept::Int, 1),
            "countLeadingZeros" => (M::CountLeadingZeros, Accept::Int, 1),
            "countTrailingZeros" => (M::CountTrailingZeros, Accept::Int, 1),
            "firstLeadingBit" => (M::FirstLeadingBit, Accept::Int, 1),
            "firstTrailingBit" => (M::FirstTrailingBit, Accept::Int, 1),
            _ => return self.special_builtin(fx, out, name, template, args, span),
        };
        count(self, arity..=arity)?;
        self.componentwise(fx, n, fun, accept, args, span)
    }

    /// `length`, `distance`, `dot` and `cross` of constant AbstractFloat arguments, folded as
    /// AbstractFloat ([`const_componentwise`]); `None` for others, or when the value has a
    /// fault (left to the concrete path, as before).
    fn const_geometric(&mut self, n: &str, fun: MathFunction, args: &[(Operand, Span)], leaf: Leaf) -> Option<Result<Operand, String>> {
        if !matches!(leaf, Leaf::AFloat | Leaf::Concrete(Scalar::F32)) {
            return None;
        }
        let values: Vec<Constant> = args
            .iter()
            .map(|(a, _)| match a {
                Operand::Const(v) => v.convert_auto(leaf),
                _ => None,
            })
            .collect::<Option<_>>()?;
        Some(const_componentwise(n, fun, &values)?.map(Operand::Const))
    }

    /// `ldexp(e1, e2)` where `e2` is a const-expression (WGSL §17.5 `ldexp`): an exponent
    /// above the float type's bias + 1 (f16: 16, f32: 128, AbstractFloat: 1024) is a
    /// shader-creation error, whatever `e1` is (Tint: "e2 must be less than or equal to 128").
    /// Where `e1` is one too, the call is folded ([`ir_consteval::ldexp`]), and a result its
    /// type cannot represent is an error (`ldexp(1f, 128)`); an AbstractFloat result stays
    /// abstract. `None`: neither applies (other shapes are left to the run-time path, which
    /// reports them).
    fn const_ldexp(&mut self, fx: &FnCtx, x: &(Operand, Span), e: &(Operand, Span)) -> Option<Result<Operand, String>> {
        let Operand::Const(exponent) = &e.0 else { return None };
        let leaf = match self.operand_leaf(fx, &x.0)? {
            Leaf::AInt => Leaf::AFloat,
            l => l,
        };
        // A run-time `e1` is concrete (an abstract one concretizes, WGSL §15.7.2).
        let leaf = if matches!(x.0, Operand::Const(_)) { leaf } else { Leaf::Concrete(leaf.concretize()) };
        if !leaf.is_float() {
            return None;
        }
        let bias: i128 = match leaf.ir_scalar().width {
            2 => 15,
            4 => 127,
            _ => 1023,
        };
        let exponents: Vec<i128> = exponent.components()?.into_iter().map(LeafValue::as_int).collect::<Option<_>>()?;
        if let Some(&too_big) = exponents.iter().find(|&&v| v > bias + 1) {
            return Some(Err(format!(
                "the exponent of `ldexp` is {too_big}: WGSL makes a const-expression exponent above {} (the bias of {} plus 1) a \
                 shader-creation error",
                bias + 1,
                wgsl_leaf(leaf)
            )));
        }
        let Operand::Const(value) = &x.0 else { return None };
        let value = value.convert_auto(leaf)?;
        let xs = value.components()?;
        if value.vector_size() != exponent.vector_size() {
            return None;
        }
        let mut out = Vec::with_capacity(xs.len());
        for (x, &e) in xs.iter().zip(&exponents) {
            match ir_consteval::ldexp(Rules::Checked, leaf.ir_scalar(), x.as_f64(), e) {
                Ok(l) => out.push(LeafValue::new(l, leaf)?),
                Err(f) => {
                    return match consteval::builtin_fault_error("ldexp", f, leaf) {
                        consteval::EvalError::Error(m) => Some(Err(format!("`ldexp` in a const-expression: {m}"))),
                        consteval::EvalError::NotConst => None,
                    }
                }
            }
        }
        let folded = if value.vector_size().is_some() { Constant::vector(out) } else { Constant::scalar(out.pop()?) };
        Some(Ok(Operand::Const(folded)))
    }

    /// Built-ins whose arguments all share one type (after conversion) and whose result has
    /// that type too (`normalize`, `reflect`, `faceForward` need vectors).
    fn componentwise(&mut self, fx: &mut FnCtx, n: &str, fun: MathFunction, accept: Accept, args: Vec<(Operand, Span)>, span: Span) -> R<Operand> {
        let mut leaf = self.common_arg_leaf(fx, n, &args, accept, span)?;
        // The integer bit functions have no AbstractInt overload: such an argument is an i32.
        if accept == Accept::Int && leaf == Leaf::AInt {
            leaf = Leaf::Concrete(Scalar::I32);
        }
        // Constant folding for the common one-argument float functions and min/max/abs/clamp.
        if args.iter().all(|(a, _)| matches!(a, Operand::Const(_))) {
            let values: Vec<Constant> = args.iter().filter_map(|(a, _)| match a {
                Operand::Const(v) => v.convert_auto(leaf),
                _ => None,
            }).collect();
            if values.len() == args.len() {
                if let Some(v) = const_componentwise(n, fun, &values) {
                    return match v {
                        Ok(v) => Ok(Operand::Const(v)),
                        Err(m) => Err(self.error(m, span)),
                    };
                }
            }
        }
        let concrete = Leaf::Concrete(leaf.concretize());
        let mut handles = Vec::new();
        let mut first_ty = None;
        for (a, s) in args {
            let a = self.coerce_leaf(fx, a, concrete, s)?;
            let h = self.rvalue(fx, a, s)?;
            let ty = self.ety(fx, h);
            match first_ty {
                None => first_ty = Some(ty),
                Some(t) if t != ty => {
                    return Err(self.error(
                        format!("`{n}` arguments must have the same type: `{}` and `{}`", self.type_name(t), self.type_name(ty)),
                        s,
                    ))
                }
                _ => {}
            }
            handles.push(h);
        }
        let ty = first_ty.ok_or(Reported)?;
        let is_vector = matches!(self.module.inner(ty), TypeInner::Vector { .. });
        if matches!(fun, MathFunction::Normalize | MathFunction::Reflect | MathFunction::FaceForward) && !is_vector {
            return Err(self.error(format!("`{n}` needs vector arguments"), span));
        }
        if !matches!(self.module.inner(ty), TypeInner::Scalar(_) | TypeInner::Vector { .. }) {
            return Err(self.error(format!("`{n}` needs scalar or vector arguments, found `{}`", self.type_name(ty)), span));
        }
        Ok(Operand::Value(self.push(fx, Expression::Math { fun, args: handles }, ty, span)))
    }

    /// The common scalar type of a built-in's arguments, checked against what it accepts.
    fn common_arg_leaf(&mut self, fx: &FnCtx, n: &str, args: &[(Operand, Span)], accept: Accept, span: Span) -> R<Leaf> {
        let mut leaf: Option<Leaf> = None;
        for (a, s) in args {
            let Some(l) = self.operand_leaf(fx, a) else {
                let what = if accept == Accept::Any { "scalar or vector" } else { "numeric" };
                return Err(self.error(format!("`{n}` needs {what} arguments"), *s));
            };
            leaf = match leaf {
                None => Some(l),
                Some(p) => match common_leaf(p, l) {
                    Some(c) => Some(c),
                    None => return Err(self.error(format!("`{n}` arguments have different types ({} and {})", wgsl_leaf(p), wgsl_leaf(l)), *s)),
                },
            };
        }
        let mut leaf = leaf.ok_or_else(|| self.error(format!("`{n}` needs arguments"), span))?;
        if accept == Accept::Float && leaf == Leaf::AInt {
            leaf = Leaf::AFloat;
        }
        let ok = match accept {
            Accept::Float => leaf.is_float(),
            Accept::Signed => leaf.is_float() || matches!(leaf, Leaf::AInt | Leaf::Concrete(Scalar { kind: ScalarKind::Sint, .. })),
            Accept::Numeric => leaf.is_float() || leaf.is_integer(),
            Accept::Int => leaf.is_integer(),
            Accept::Any => true,
        };
        if !ok {
            let what = match accept {
                Accept::Float => "floating-point",
                Accept::Signed => "floating-point or signed integer",
                Accept::Numeric => "numeric",
                Accept::Int => "integer",
                Accept::Any => "scalar",
            };
            return Err(self.error(format!("`{n}` needs {what} arguments, found {}", wgsl_leaf(leaf)), span));
        }
        Ok(leaf)
    }

    /// One argument's value with abstract types concretized (float for `float` built-ins).
    fn value_arg(&mut self, fx: &mut FnCtx, a: (Operand, Span), float: bool) -> R<(Handle<Expression>, Handle<Type>)> {
        let (op, s) = a;
        let op = match (&op, self.operand_leaf(fx, &op)) {
            (Operand::Const(_), Some(Leaf::AInt)) if float => self.coerce_leaf(fx, op, Leaf::Concrete(Scalar::F32), s)?,
            _ => op,
        };
        let h = self.rvalue(fx, op, s)?;
        Ok((h, self.ety(fx, h)))
    }

    /// Float scalars and vectors only (`modf`, `frexp`, `ldexp`).
    fn expect_float(&mut self, ty: Handle<Type>, n: &str, span: Span) -> R<()> {
        match self.module.inner(ty) {
            TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } if s.kind == ScalarKind::Float => Ok(()),
            _ => Err(self.error(format!("`{n}` needs a floating-point scalar or vector, found `{}`", self.type_name(ty)), span)),
        }
    }

    fn typed_arg(&mut self, fx: &mut FnCtx, a: (Operand, Span), ty: Handle<Type>) -> R<Handle<Expression>> {
        self.coerce(fx, a.0, ty, a.1)
    }

    fn result_struct(&mut self, name: &str, members: &[(&str, Handle<Type>)]) -> Handle<Type> {
        let specs: Vec<_> = members.iter().map(|&(m, ty)| crate::layout::MemberSpec::new(Some(m.into()), ty)).collect();
        match self.wgsl_structs.declare(&mut self.module.types, Some(name.into()), &specs, Span::default()) {
            Ok(ty) => ty,
            Err(e) => unreachable!("result struct {name}: {e}"),
        }
    }

    fn shape_suffix(&self, ty: Handle<Type>) -> String {
        match *self.module.inner(ty) {
            TypeInner::Vector { size, scalar } => format!("vec{}_{}", size as u8, crate::type_names::wgsl_scalar(scalar)),
            TypeInner::Scalar(s) => crate::type_names::wgsl_scalar(s).to_string(),
            _ => "x".into(),
        }
    }

    fn special_builtin(
        &mut self,
        fx: &mut FnCtx,
        out: &mut Block,
        name: &ast::Ident,
        template: Option<&[ast::Expr]>,
        mut args: Vec<(Operand, Span)>,
        span: Span,
    ) -> R<Operand> {
        use MathFunction as M;
        let n = name.name.as_str();
        let want = |lw: &mut Self, k: usize, args: &Vec<(Operand, Span)>| -> R<()> {
            if args.len() == k {
                Ok(())
            } else {
                Err(lw.error(format!("`{n}` takes {k} argument(s), found {}", args.len()), span))
            }
        };
        let u32_ty = self.scalar_ty(Scalar::U32);
        let i32_ty = self.scalar_ty(Scalar::I32);
        let f32_ty = self.scalar_ty(Scalar::F32);
        let bool_ty = self.scalar_ty(Scalar::BOOL);
        let math = |lw: &mut Self, fx: &mut FnCtx, fun, args: Vec<Handle<Expression>>, ty| {
            Ok(Operand::Value(lw.push(fx, Expression::Math { fun, args }, ty, span)))
        };
        match n {
            "length" | "distance" | "dot" => {
                want(self, if n == "length" { 1 } else { 2 }, &args)?;
                let accept = if n == "dot" { Accept::Numeric } else { Accept::Float };
                let leaf = self.common_arg_leaf(fx, n, &args, accept, span)?;
                let fun = match n {
                    "length" => M::Length,
                    "distance" => M::Distance,
                    _ => M::Dot,
                };
                if let Some(folded) = self.const_geometric(n, fun, &args, leaf) {
                    return folded.map_err(|m| self.error(m, span));
                }
                let concrete = Leaf::Concrete(leaf.concretize());
                let mut hs = Vec::new();
                let mut ty = None;
                for (a, s) in args {
                    let a = self.coerce_leaf(fx, a, concrete, s)?;
                    let h = self.rvalue(fx, a, s)?;
                    ty = Some(self.ety(fx, h));
                    hs.push(h);
                }
                let ty = ty.ok_or(Reported)?;
                let scalar = self.module.inner(ty).scalar().ok_or(Reported)?;
                if n == "dot" && !matches!(self.module.inner(ty), TypeInner::Vector { .. }) {
                    return Err(self.error("`dot` needs vector arguments", span));
                }
                if n == "length" && matches!(self.module.inner(ty), TypeInner::Scalar(_)) {
                    return math(self, fx, M::Abs, hs, ty);
                }
                let rty = self.scalar_ty(scalar);
                math(self, fx, fun, hs, rty)
            }
            "cross" => {
                want(self, 2, &args)?;
                let leaf = self.common_arg_leaf(fx, n, &args, Accept::Float, span)?;
                if let Some(folded) = self.const_geometric(n, M::Cross, &args, leaf) {
                    return folded.map_err(|m| self.error(m, span));
                }
                let concrete = Leaf::Concrete(leaf.concretize());
                let mut hs = Vec::new();
                let mut ty = f32_ty;
                for (a, s) in args {
                    let a = self.coerce_leaf(fx, a, concrete, s)?;
                    let h = self.rvalue(fx, a, s)?;
                    ty = self.ety(fx, h);
                    hs.push(h);
                }
                if !matches!(self.module.inner(ty), TypeInner::Vector { size: VectorSize::Tri, .. }) {
                    return Err(self.error("`cross` needs vec3 arguments", span));
                }
                math(self, fx, M::Cross, hs, ty)
            }
            "mix" => {
                want(self, 3, &args)?;
                let leaf = self.common_arg_leaf(fx, n, &args, Accept::Float, span)?;
                let concrete = Leaf::Concrete(leaf.concretize());
                let mut hs = Vec::new();
                for (a, s) in args {
                    let a = self.coerce_leaf(fx, a, concrete, s)?;
                    hs.push(self.rvalue(fx, a, s)?);
                }
                let ty = self.ety(fx, hs[0]);
                if self.ety(fx, hs[2]) != ty {
                    // mix(vecN, vecN, scalar): splat the factor.
                    let f = hs[2];
                    hs[2] = self.push(fx, Expression::Splat { value: f }, ty, span);
                }
                math(self, fx, M::Mix, hs, ty)
            }
            "refract" => {
                want(self, 3, &args)?;
                let leaf = self.common_arg_leaf(fx, n, &args, Accept::Float, span)?;
                let concrete = Leaf::Concrete(leaf.concretize());
                let mut hs = Vec::new();
                for (a, s) in args {
                    let a = self.coerce_leaf(fx, a, concrete, s)?;
                    hs.push(self.rvalue(fx, a, s)?);
                }
                let ty = self.ety(fx, hs[0]);
                math(self, fx, M::Refract, hs, ty)
            }
            "determinant" | "transpose" => {
                want(self, 1, &args)?;
                let a = args.pop().ok_or(Reported)?;
                if let (Operand::Const(m), "determinant") = (&a.0, n) {
                    if let Some(folded) = const_determinant(m) {
                        return folded.map(Operand::Const).map_err(|m| self.error(m, span));
                    }
                }
                let (h, ty) = self.value_arg(fx, a, true)?;
                let TypeInner::Matrix { columns, rows, scalar } = *self.module.inner(ty) else {
                    return Err(self.error(format!("`{n}` needs a matrix"), span));
                };
                if n == "determinant" {
                    if columns != rows {
                        return Err(self.error("`determinant` needs a square matrix", span));
                    }
                    let rty = self.scalar_ty(scalar);
                    return math(self, fx, M::Determinant, vec![h], rty);
                }
                let rty = self.ty(TypeInner::Matrix { columns: rows, rows: columns, scalar });
                math(self, fx, M::Transpose, vec![h], rty)
            }
            "ldexp" => {
                want(self, 2, &args)?;
                let e = args.pop().ok_or(Reported)?;
                let x = args.pop().ok_or(Reported)?;
                if let Some(folded) = self.const_ldexp(fx, &x, &e) {
                    return folded.map_err(|m| self.error(m, span));
                }
                let (xh, xty) = self.value_arg(fx, x, true)?;
                self.expect_float(xty, n, span)?;
                let ity = self.with_scalar(xty, Scalar::I32);
                let eh = self.typed_arg(fx, e, ity)?;
                math(self, fx, M::Ldexp, vec![xh, eh], xty)
            }
            "frexp" | "modf" => {
                want(self, 1, &args)?;
                let a = args.pop().ok_or(Reported)?;
                let (h, ty) = self.value_arg(fx, a, true)?;
                self.expect_float(ty, n, span)?;
                let suffix = self.shape_suffix(ty);
                let rty = if n == "frexp" {
                    let ity = self.with_scalar(ty, Scalar::I32);
                    self.result_struct(&format!("__frexp_result_{suffix}"), &[("fract", ty), ("exp", ity)])
                } else {
                    self.result_struct(&format!("__modf_result_{suffix}"), &[("fract", ty), ("whole", ty)])
                };
                let fun = if n == "frexp" { M::Frexp } else { M::Modf };
                math(self, fx, fun, vec![h], rty)
            }
            "extractBits" | "insertBits" => {
                want(self, if n == "extractBits" { 3 } else { 4 }, &args)?;
                let rest = args.split_off(if n == "extractBits" { 1 } else { 2 });
                let leaf = self.common_arg_leaf(fx, n, &args, Accept::Int, span)?;
                let concrete = Leaf::Concrete(leaf.concretize());
                let mut hs = Vec::new();
                for (a, s) in args {
                    let a = self.coerce_leaf(fx, a, concrete, s)?;
                    let h = self.rvalue(fx, a, s)?;
                    // `insertBits(e: T, newbits: T, ...)` (WGSL §17.6): `newbits` has `e`'s type.
                    if let Some(&first) = hs.first() {
                        let (t, ty) = (self.ety(fx, first), self.ety(fx, h));
                        if t != ty {
                            let message = format!("`{n}` arguments must have the same type: `{}` and `{}`", self.type_name(t), self.type_name(ty));
                            return Err(self.error(message, s));
                        }
                    }
                    hs.push(h);
                }
                for a in rest {
                    hs.push(self.typed_arg(fx, a, u32_ty)?);
                }
                let ty = self.ety(fx, hs[0]);
                let fun = if n == "extractBits" { M::ExtractBits } else { M::InsertBits };
                math(self, fx, fun, hs, ty)
            }
            "pack4x8snorm" | "pack4x8unorm" | "pack2x16snorm" | "pack2x16unorm" | "pack2x16float" | "pack4xI8" | "pack4xU8" | "pack4xI8Clamp" | "pack4xU8Clamp" => {
                want(self, 1, &args)?;
                let (size, scalar, fun) = match n {
                    "pack4x8snorm" => (VectorSize::Quad, Scalar::F32, M::Pack4x8snorm),
                    "pack4x8unorm" => (VectorSize::Quad, Scalar::F32, M::Pack4x8unorm),
                    "pack2x16snorm" => (VectorSize::Bi, Scalar::F32, M::Pack2x16snorm),
                    "pack2x16unorm" => (VectorSize::Bi, Scalar::F32, M::Pack2x16unorm),
                    "pack2x16float" => (VectorSize::Bi, Scalar::F32, M::Pack2x16float),
                    "pack4xI8" | "pack4xI8Clamp" => (VectorSize::Quad, Scalar::I32, M::Pack4xI8),
                    _ => (VectorSize::Quad, Scalar::U32, M::Pack4xU8),
                };
                let ty = self.vec_ty(size, scalar);
                let a = args.pop().ok_or(Reported)?;
                let mut h = self.typed_arg(fx, a, ty)?;
                if n.ends_with("Clamp") {
                    let (lo, hi) = if scalar == Scalar::I32 { (Literal::I32(-128), Literal::I32(127)) } else { (Literal::U32(0), Literal::U32(255)) };
                    let lo = self.materialize(fx, &Constant::vector(vec![LeafValue::concrete(lo); 4]), span);
                    let hi = self.materialize(fx, &Constant::vector(vec![LeafValue::concrete(hi); 4]), span);
                    h = self.push(fx, Expression::Math { fun: M::Clamp, args: vec![h, lo, hi] }, ty, span);
                }
                math(self, fx, fun, vec![h], u32_ty)
            }
            "unpack4x8snorm" | "unpack4x8unorm" | "unpack2x16snorm" | "unpack2x16unorm" | "unpack2x16float" | "unpack4xI8" | "unpack4xU8" => {
                want(self, 1, &args)?;
                let (size, scalar, fun) = match n {
                    "unpack4x8snorm" => (VectorSize::Quad, Scalar::F32, M::Unpack4x8snorm),
                    "unpack4x8unorm" => (VectorSize::Quad, Scalar::F32, M::Unpack4x8unorm),
                    "unpack2x16snorm" => (VectorSize::Bi, Scalar::F32, M::Unpack2x16snorm),
                    "unpack2x16unorm" => (VectorSize::Bi, Scalar::F32, M::Unpack2x16unorm),
                    "unpack2x16float" => (VectorSize::Bi, Scalar::F32, M::Unpack2x16float),
                    "unpack4xI8" => (VectorSize::Quad, Scalar::I32, M::Unpack4xI8),
                    _ => (VectorSize::Quad, Scalar::U32, M::Unpack4xU8),
                };
                let a = args.pop().ok_or(Reported)?;
                let h = self.typed_arg(fx, a, u32_ty)?;
                let ty = self.vec_ty(size, scalar);
                math(self, fx, fun, vec![h], ty)
            }
            "dot4I8Packed" | "dot4U8Packed" => {
                want(self, 2, &args)?;
                let b = args.pop().ok_or(Reported)?;
                let a = args.pop().ok_or(Reported)?;
                let hs = vec![self.typed_arg(fx, a, u32_ty)?, self.typed_arg(fx, b, u32_ty)?];
                if n == "dot4I8Packed" {
                    math(self, fx, M::Dot4I8Packed, hs, i32_ty)
                } else {
                    math(self, fx, M::Dot4U8Packed, hs, u32_ty)
                }
            }
            "all" | "any" => {
                want(self, 1, &args)?;
                let a = args.pop().ok_or(Reported)?;
                let fun = if n == "all" { RelationalFunction::All } else { RelationalFunction::Any };
                if let Operand::Const(Constant::Value(v)) = &a.0 {
                    if let Some(r) = ir_consteval::relational(fun, v) {
                        return Ok(Operand::Const(Constant::scalar(r)));
                    }
                }
                let (h, ty) = self.value_arg(fx, a, false)?;
                match *self.module.inner(ty) {
                    TypeInner::Scalar(Scalar::BOOL) => Ok(Operand::Value(h)),
                    TypeInner::Vector { scalar: Scalar::BOOL, .. } => {
                        Ok(Operand::Value(self.push(fx, Expression::Relational { fun, argument: h }, bool_ty, span)))
                    }
                    _ => Err(self.error(format!("`{n}` needs a bool or vector of bool"), span)),
                }
            }
            "select" => {
                want(self, 3, &args)?;
                let cond = args.pop().ok_or(Reported)?;
                let const_cond = match &cond.0 {
                    Operand::Const(v) if v.as_bool().is_some() => v.as_value(),
                    _ => None,
                };
                if let (Some(c), [(Operand::Const(f), _), (Operand::Const(t), _)]) = (const_cond, &args[..]) {
                    // Picking a constant still needs the two values to share one type.
                    let same_shape = f.components().is_some() && t.components().is_some() && f.vector_size() == t.vector_size();
                    if !same_shape {
                        return Err(self.error("`select` needs both values to have the same type", span));
                    }
                    let leaf = self.common_arg_leaf(fx, n, &args, Accept::Any, span)?;
                    // Both values convert to the common type, the one not picked too
                    // (`select(-1, 1u, true)`: -1 is no u32); one that does not is refused
                    // below, as with a run-time condition.
                    if let (Some(Constant::Value(t)), Some(Constant::Value(f))) = (t.convert_auto(leaf), f.convert_auto(leaf)) {
                        if let Some(v) = ir_consteval::select(c, t, f) {
                            return Ok(Operand::Const(Constant::Value(v)));
                        }
                    }
                }
                // WGSL `select`: T is any scalar or vector, bool included.
                let leaf = self.common_arg_leaf(fx, n, &args, Accept::Any, span).ok();
                // A const vector condition picks component-wise (const-expression `select`).
                if let (Operand::Const(c), [(Operand::Const(f), _), (Operand::Const(t), _)], Some(l)) = (&cond.0, &args[..], leaf) {
                    if let (Some(_), Some(Constant::Value(f)), Some(Constant::Value(t))) = (c.vector_size(), f.convert_auto(l), t.convert_auto(l)) {
                        if let Some(v) = c.as_value().and_then(|c| ir_consteval::select(c, t, f)) {
                            return Ok(Operand::Const(Constant::Value(v)));
                        }
                    }
                }
                let mut hs = Vec::new();
                for (a, s) in args {
                    let a = match leaf {
                        Some(l) => self.coerce_leaf(fx, a, Leaf::Concrete(l.concretize()), s)?,
                        None => a,
                    };
                    hs.push(self.rvalue(fx, a, s)?);
                }
                let (f, t) = (hs[0], hs[1]);
                let ty = self.ety(fx, f);
                if self.ety(fx, t) != ty {
                    return Err(self.error("`select` needs both values to have the same type", span));
                }
                let (ch, cty) = self.value_arg(fx, cond, false)?;
                let ok = match (self.module.inner(cty), self.module.inner(ty)) {
                    (TypeInner::Scalar(Scalar::BOOL), _) => true,
                    (TypeInner::Vector { size, scalar: Scalar::BOOL }, TypeInner::Vector { size: s2, .. }) => size == s2,
                    _ => false,
                };
                if !ok {
                    return Err(self.error("the `select` condition must be bool or a bool vector of the values' size", span));
                }
                Ok(Operand::Value(self.push(fx, Expression::Select { condition: ch, accept: t, reject: f }, ty, span)))
            }
            "arrayLength" => {
                want(self, 1, &args)?;
                let (op, s) = args.pop().ok_or(Reported)?;
                let p = match op {
                    Operand::Value(h) | Operand::Ref(h) => h,
                    _ => return Err(self.error("`arrayLength` needs a pointer to a runtime-sized array", s)),
                };
                let pty = self.ety(fx, p);
                let ok = self.module.inner(pty).pointer_base().is_some_and(|(b, _)| {
                    matches!(self.module.inner(b), TypeInner::Array { size: ArraySize::Dynamic, .. })
                });
                if !ok {
                    return Err(self.error("`arrayLength` needs a pointer to a runtime-sized array", s));
                }
                Ok(Operand::Value(self.push(fx, Expression::ArrayLength { pointer: p }, u32_ty, span)))
            }
            "storageBarrier" | "workgroupBarrier" | "textureBarrier" => {
                want(self, 0, &args)?;
                let semantics = match n {
                    "storageBarrier" => MemorySemantics::UNIFORM_MEMORY,
                    "workgroupBarrier" => MemorySemantics::WORKGROUP_MEMORY,
                    _ => MemorySemantics::IMAGE_MEMORY,
                };
                out.push(
                    Statement::Barrier(Barrier {
                        execution: Some(Scope::Workgroup),
                        memory: Scope::Workgroup,
                        semantics: MemorySemantics(MemorySemantics::ACQUIRE_RELEASE | semantics),
                    }),
                    span,
                );
                Ok(Operand::Void)
            }
            "workgroupUniformLoad" => {
                want(self, 1, &args)?;
                let (op, s) = args.pop().ok_or(Reported)?;
                let Operand::Value(p) = op else {
                    return Err(self.error("`workgroupUniformLoad` needs a pointer to workgroup memory", s));
                };
                let pty = self.ety(fx, p);
                let Some((base, AddressSpace::Workgroup)) = self.module.inner(pty).pointer_base() else {
                    return Err(self.error("`workgroupUniformLoad` needs a pointer to workgroup memory", s));
                };
                Ok(Operand::Value(self.push(fx, Expression::WorkgroupUniformLoad { pointer: p }, base, span)))
            }
            "dpdx" | "dpdxCoarse" | "dpdxFine" | "dpdy" | "dpdyCoarse" | "dpdyFine" | "fwidth" | "fwidthCoarse" | "fwidthFine" => {
                want(self, 1, &args)?;
                let a = args.pop().ok_or(Reported)?;
                let (h, ty) = self.value_arg(fx, a, true)?;
                if self.module.inner(ty).scalar() != Some(Scalar::F32) || matches!(self.module.inner(ty), TypeInner::Matrix { .. }) {
                    return Err(self.error(format!("`{n}` needs f32 or a vector of f32"), span));
                }
                let axis = if n.starts_with("dpdx") { DerivativeAxis::X } else if n.starts_with("dpdy") { DerivativeAxis::Y } else { DerivativeAxis::Width };
                let control = if n.ends_with("Coarse") { DerivativeControl::Coarse } else if n.ends_with("Fine") { DerivativeControl::Fine } else { DerivativeControl::None };
                Ok(Operand::Value(self.push(fx, Expression::Derivative { axis, control, expr: h }, ty, span)))
            }
            "bitcast" => {
                let Some([t]) = template else {
                    return Err(self.error("`bitcast` needs a target type: `bitcast<T>(e)`", span));
                };
                want(self, 1, &args)?;
                let target = self.resolve_type(Some(fx), t)?;
                let a = args.pop().ok_or(Reported)?;
                let (h, ty) = self.value_arg(fx, a, false)?;
                let size = |lw: &Self, t| match *lw.module.inner(t) {
                    TypeInner::Scalar(s) if s.kind != ScalarKind::Bool => Some(s.width as u32),
                    TypeInner::Vector { size, scalar } if scalar.kind != ScalarKind::Bool => Some(size as u32 * scalar.width as u32),
                    _ => None,
                };
                match (size(self, ty), size(self, target)) {
                    (Some(a), Some(b)) if a == b => {}
                    _ => {
                        return Err(self.error(
                            format!("cannot bitcast `{}` to `{}`", self.type_name(ty), self.type_name(target)),
                            span,
                        ))
                    }
                }
                if ty == target {
                    return Ok(Operand::Value(h));
                }
                Ok(Operand::Value(self.push(fx, Expression::Bitcast { expr: h }, target, span)))
            }
            _ if n.starts_with("atomic") => self.atomic_builtin(fx, out, n, args, span),
            _ if n.starts_with("texture") => self.texture_builtin(fx, out, n, args, span),
            _ if n.starts_with("subgroup") || n.starts_with("quad") => self.subgroup_builtin(fx, n, args, span),
            _ => Err(self.error(format!("unknown function `{n}`"), name.span)),
        }
    }

    fn atomic_pointer(&mut self, fx: &mut FnCtx, a: (Operand, Span)) -> R<(Handle<Expression>, Scalar, AddressSpace)> {
        let (op, s) = a;
        let Operand::Value(p) = op else {
            return Err(self.error("atomic built-ins need a pointer: write `&x`", s));
        };
        let pty = self.ety(fx, p);
        match self.module.inner(pty).pointer_base().map(|(b, sp)| (self.module.inner(b).clone(), sp)) {
            Some((TypeInner::Atomic(scalar), space)) => Ok((p, scalar, space)),
            _ => Err(self.error(format!("expected a pointer to an atomic, found `{}`", self.type_name(pty)), s)),
        }
    }

    fn atomic_builtin(&mut self, fx: &mut FnCtx, out: &mut Block, n: &str, mut args: Vec<(Operand, Span)>, span: Span) -> R<Operand> {
        let fun = match n {
            "atomicLoad" => None,
            "atomicStore" => None,
            "atomicAdd" => Some(AtomicFunction::Add),
            "atomicSub" => Some(AtomicFunction::Subtract),
            "atomicMax" => Some(AtomicFunction::Max),
            "atomicMin" => Some(AtomicFunction::Min),
            "atomicAnd" => Some(AtomicFunction::And),
            "atomicOr" => Some(AtomicFunction::InclusiveOr),
            "atomicXor" => Some(AtomicFunction::ExclusiveOr),
            "atomicExchange" => Some(AtomicFunction::Exchange),
            "atomicCompareExchangeWeak" => Some(AtomicFunction::CompareExchange),
            _ => return Err(self.error(format!("unknown function `{n}`"), span)),
        };
        let arity = match n {
            "atomicLoad" => 1,
            "atomicCompareExchangeWeak" => 3,
            _ => 2,
        };
        if args.len() != arity {
            return Err(self.error(format!("`{n}` takes {arity} argument(s), found {}", args.len()), span));
        }
        let rest = args.split_off(1);
        let first = args.pop().ok_or(Reported)?;
        let (pointer, scalar, _space) = self.atomic_pointer(fx, first)?;
        let sty = self.scalar_ty(scalar);
        let mut values = Vec::new();
        for a in rest {
            values.push(self.typed_arg(fx, a, sty)?);
        }
        match (n, fun) {
            ("atomicLoad", _) => Ok(Operand::Value(self.push(fx, Expression::Load { pointer }, sty, span))),
            ("atomicStore", _) => {
                out.push(Statement::Store { pointer, value: values[0] }, span);
                Ok(Operand::Void)
            }
            (_, Some(AtomicFunction::CompareExchange)) => {
                let bool_ty = self.scalar_ty(Scalar::BOOL);
                let name = format!("__atomic_compare_exchange_result_{}", crate::type_names::wgsl_scalar(scalar));
                let rty = self.result_struct(&name, &[("old_value", sty), ("exchanged", bool_ty)]);
                let e = Expression::Atomic { fun: AtomicFunction::CompareExchange, pointer, value: values[1], compare: Some(values[0]) };
                Ok(Operand::Value(self.push(fx, e, rty, span)))
            }
            (_, Some(fun)) => {
                let e = Expression::Atomic { fun, pointer, value: values[0], compare: None };
                Ok(Operand::Value(self.push(fx, e, sty, span)))
            }
            _ => Err(Reported),
        }
    }

    fn subgroup_builtin(&mut self, fx: &mut FnCtx, n: &str, args: Vec<(Operand, Span)>, span: Span) -> R<Operand> {
        use SubgroupArith as A;
        use SubgroupOperation as S;
        let op = match n {
            "subgroupElect" => S::Elect,
            "subgroupAll" => S::All,
            "subgroupAny" => S::Any,
            "subgroupBallot" => S::Ballot,
            "subgroupBroadcastFirst" => S::BroadcastFirst,
            "subgroupBroadcast" => S::Broadcast,
            "subgroupShuffle" => S::Shuffle,
            "subgroupShuffleXor" => S::ShuffleXor,
            "subgroupShuffleUp" => S::ShuffleUp,
            "subgroupShuffleDown" => S::ShuffleDown,
            "subgroupAdd" => S::Reduce(A::Add),
            "subgroupMul" => S::Reduce(A::Mul),
            "subgroupMin" => S::Reduce(A::Min),
            "subgroupMax" => S::Reduce(A::Max),
            "subgroupAnd" => S::Reduce(A::And),
            "subgroupOr" => S::Reduce(A::Or),
            "subgroupXor" => S::Reduce(A::Xor),
            "subgroupInclusiveAdd" => S::InclusiveScan(A::Add),
            "subgroupInclusiveMul" => S::InclusiveScan(A::Mul),
            "subgroupExclusiveAdd" => S::ExclusiveScan(A::Add),
            "subgroupExclusiveMul" => S::ExclusiveScan(A::Mul),
            "quadBroadcast" => S::QuadBroadcast,
            "quadSwapX" => S::QuadSwapHorizontal,
            "quadSwapY" => S::QuadSwapVertical,
            "quadSwapDiagonal" => S::QuadSwapDiagonal,
            _ => return Err(self.error(format!("unknown function `{n}`"), span)),
        };
        let mut hs = Vec::new();
        for (i, a) in args.into_iter().enumerate() {
            let h = if i == 1 {
                let u = self.scalar_ty(Scalar::U32);
                self.typed_arg(fx, a, u)?
            } else {
                self.value_arg(fx, a, false)?.0
            };
            hs.push(h);
        }
        let ty = match op {
            S::Elect | S::All | S::Any => self.scalar_ty(Scalar::BOOL),
            S::Ballot => self.vec_ty(VectorSize::Quad, Scalar::U32),
            _ => match hs.first() {
                Some(h) => self.ety(fx, *h),
                None => return Err(self.error(format!("`{n}` needs an argument"), span)),
            },
        };
        Ok(Operand::Value(self.push(fx, Expression::Subgroup { op, args: hs }, ty, span)))
    }
}

/// `determinant` of a constant square float matrix ([`ir_consteval::determinant`], in the
/// matrix's type: AbstractFloat stays abstract); an intermediate or result its type cannot
/// represent is a shader-creation error (WGSL §8; Tint: "'1e30 * 1e30' cannot be represented
/// as 'f32'"). `None` for other arguments (reported by the run-time path).
fn const_determinant(m: &Constant) -> Option<Result<Constant, String>> {
    let leaf = m.leaf().filter(|l| l.is_float())?;
    let (columns, rows) = m.matrix_size()?;
    let Some(ir_consteval::Value::Composite(cols)) = m.as_value() else { return None };
    if columns != rows {
        return None;
    }
    let values: Vec<Vec<f64>> = cols
        .iter()
        .map(|c| match c {
            ir_consteval::Value::Composite(col) => col.iter().map(|x| x.first_scalar().map(LeafValue::as_f64)).collect::<Option<Vec<f64>>>(),
            ir_consteval::Value::Scalar(_) => None,
        })
        .collect::<Option<_>>()?;
    match ir_consteval::determinant(Rules::Checked, leaf.ir_scalar(), &values) {
        Ok(l) => Some(Ok(Constant::scalar(LeafValue::new(l, leaf)?))),
        Err(f) => match consteval::builtin_fault_error("determinant", f, leaf) {
            consteval::EvalError::Error(m) => Some(Err(format!("`determinant` in a const-expression: {m}"))),
            consteval::EvalError::NotConst => None,
        },
    }
}

/// Constant evaluation of component-wise built-ins on constant scalars and vectors of one
/// type: WGSL decides which functions fold here (the others, and `abs` of the most negative
/// AbstractInt, which has no value, are `None`: emitted at run time); the values and faults
/// are `ir::consteval::math`'s under [`Rules::Checked`].
fn const_componentwise(n: &str, fun: MathFunction, values: &[Constant]) -> Option<Result<Constant, String>> {
    use MathFunction as M;
    let first = values.first()?;
    let leaf = first.leaf()?;
    let folds = match fun {
        M::Min | M::Max => true,
        // Of i32 and u32 only: an AbstractInt argument was converted to i32 (they have no
        // abstract overload, WGSL §17.5).
        M::CountOneBits | M::ReverseBits | M::CountLeadingZeros | M::CountTrailingZeros | M::FirstLeadingBit | M::FirstTrailingBit => {
            matches!(leaf, Leaf::Concrete(Scalar::I32 | Scalar::U32))
        }
        // `sign` too: an AbstractInt argument stays abstract (`sign(vec4(-4294967295))` is
        // `vec4(-1)`, WGSL §17.5 sign's AbstractInt overload), not converted to i32 first.
        M::Abs | M::Clamp | M::Sign => {
            matches!(leaf, Leaf::AInt | Leaf::AFloat | Leaf::Concrete(Scalar::I32 | Scalar::U32 | Scalar::F32))
        }
        M::Sqrt | M::InverseSqrt | M::Sin | M::Cos | M::Tan | M::Asin | M::Acos | M::Atan | M::Sinh | M::Cosh
        | M::Tanh | M::Exp | M::Exp2 | M::Log | M::Log2 | M::Floor | M::Ceil | M::Trunc | M::Fract | M::RoundEven
        | M::Radians | M::Degrees | M::Saturate => leaf.is_float(),
        // The geometric functions of AbstractFloat arguments are AbstractFloat (their
        // AbstractFloat overload has conversion rank 0, WGSL §15.7 overload resolution): the
        // value is concretized where it is used, so `cross(vec3(0., 1., 1e40), vec3(0., 0.,
        // 2.))` is `vec3(2., 0., 0.)`, which fits in f32 (naga and Tint agree).
        // Of f32 arguments they fold too (computed in f64, rounded once), so that a value that
        // is not finite is the const-expression error WGSL makes it (`dot(vec2(3e38f, 3e38f),
        // vec2(1f, 1f))`; naga and Tint refuse it); `pow` likewise.
        M::Length | M::Distance | M::Dot | M::Cross | M::Normalize | M::Reflect | M::FaceForward | M::Pow => {
            matches!(leaf, Leaf::AFloat | Leaf::Concrete(Scalar::F32))
        }
        _ => false,
    };
    if !folds {
        return None;
    }
    let mut args = Vec::with_capacity(values.len());
    for v in values {
        // Scalars and vectors of one shape only (no matrices, no scalar broadcast).
        let value = v.as_value().filter(|_| v.matrix_size().is_none() && v.vector_size() == first.vector_size())?;
        if v.leaf() != Some(leaf) || (fun == M::Abs && v.components()?.contains(&LeafValue::abstract_int(i64::MIN))) {
            return None;
        }
        args.push(ir_consteval::map1(value, &mut |s| Some(s.literal()))?);
    }
    match ir_consteval::math(Rules::Checked, fun, &args, leaf.ir_scalar()) {
        Ok(v) => Some(Ok(Constant::Value(ir_consteval::map1(&v, &mut |l| LeafValue::new(l, leaf))?))),
        Err(f) => match consteval::builtin_fault_error(n, f, leaf) {
            consteval::EvalError::Error(m) => Some(Err(m)),
            consteval::EvalError::NotConst => None,
        },
    }
}
