//! The AGSL parts of the lowering that need names and types (the dialect itself and its ABI
//! are described in [`crate::glsl::agsl`]): `uniform shader` children as texture + sampler
//! pairs, `child.eval(coord)`, the `LTRB` and `0`/`1` swizzle components, the rules on arrays
//! that need types, and the fragment entry point wrapping `half4 main(float2 fragCoord)`.

use crate::glsl::lower::{Dir, DialectLowering, Lowerer, Operand, Root, Sym, R};
use super::{shader_bindings, OUTPUT_NAME, WRAPPED_MAIN_NAME};
use crate::glsl::ast;
use crate::ir::*;
use crate::span::Span;

/// AGSL's hooks into the GLSL lowering ([`DialectLowering`]); `glsl::agsl::DIALECT` names it.
pub(crate) struct Agsl;

impl DialectLowering for Agsl {
    /// AGSL has no stage qualifiers to check: it is always a fragment shader.
    fn stage_qualifiers(&self) -> bool {
        false
    }
    /// `half4 main(float2 fragCoord)`, checked by [`Lowerer::agsl_entry_point`].
    fn glsl_main(&self) -> bool {
        false
    }
    fn global_variables(&self, lw: &mut Lowerer<'_>, v: &ast::VariableDeclaration, span: Span) -> Option<R<()>> {
        is_shader_declaration(v).then(|| lw.agsl_shader_uniform(v, span))
    }
    fn combined_sampler_value(&self) -> &'static str {
        "a `uniform shader` is not a value; evaluate it with `.eval(coord)`"
    }
    fn method_call(&self, lw: &mut Lowerer<'_>, out: &mut Block, base: &ast::Expr, method: &ast::Ident, args: &[ast::Expr], span: Span) -> Option<R<Operand>> {
        (method.name == "eval").then(|| lw.agsl_eval(out, base, args, span))
    }
    fn field(&self, lw: &mut Lowerer<'_>, out: &mut Block, base: &Operand, field: &ast::Ident, span: Span) -> Option<R<Operand>> {
        if !is_agsl_swizzle(&field.name) {
            return None;
        }
        let ty = lw.operand_type(base)?;
        matches!(lw.inner(ty), TypeInner::Vector { .. } | TypeInner::Scalar(_)).then(|| lw.agsl_swizzle(out, base.clone(), field, span))
    }
    fn copied(&self, lw: &mut Lowerer<'_>, ty: Handle<Type>, what: &str, span: Span) -> R<()> {
        lw.agsl_no_array(ty, what, span)
    }
    fn constructed(&self, lw: &mut Lowerer<'_>, ty: Handle<Type>, vals: &[(Handle<Expression>, Span)], span: Span) -> R<()> {
        lw.agsl_constructor_components(ty, vals, span)
    }
    fn block_member(&self, lw: &mut Lowerer<'_>, ty: Handle<Type>, index: u32, name: &ast::Ident, changed: &mut Vec<(u32, Handle<Type>, ast::Ident)>) -> Handle<Type> {
        lw.agsl_block_member(ty, index, name, changed)
    }
    fn block_declared(&self, lw: &mut Lowerer<'_>, block: Handle<GlobalVariable>, changed: Vec<(u32, Handle<Type>, ast::Ident)>) {
        lw.agsl_matrix_uniforms(block, changed);
    }
    fn entry_point<'a>(&self, lw: &mut Lowerer<'a>, bodies: &[(Handle<Function>, &'a ast::FunctionDefinition)], tu: &ast::TranslationUnit) {
        lw.agsl_entry_point(bodies, tu);
    }
}

impl Lowerer<'_> {
    /// What the AGSL hooks accumulated, in the lowering's slot for dialect state.
    fn agsl_state(&mut self) -> &mut State {
        if !self.dialect_state.is::<State>() {
            self.dialect_state = Box::new(State::default());
        }
        self.dialect_state.downcast_mut::<State>().expect("just made a State")
    }
}

/// What the AGSL lowering accumulates.
#[derive(Clone, Debug, Default)]
pub(crate) struct State {
    /// `uniform shader` children declared so far.
    pub shaders: u32,
    /// Two-row matrix uniforms to copy at the start of the entry point.
    pub matrix_copies: Vec<MatrixCopy>,
}

/// Whether `v` declares `uniform shader` children (handled by [`Lowerer::agsl_shader_uniform`]).
pub(crate) fn is_shader_declaration(v: &ast::VariableDeclaration) -> bool {
    matches!(&v.ty.ty.kind, ast::TypeKind::Named(id) if id.name == "shader")
}

/// Component indices of an AGSL swizzle: `Some(i)` for a component, `None` for the constant
/// components `0` and `1` (their value is the byte). AGSL adds the set `LTRB` (left, top,
/// right, bottom of a rectangle) to GLSL's `xyzw`/`rgba`/`stpq`, and constant components that
/// may be mixed with any set; the letters must still come from one set.
fn agsl_swizzle_pattern(s: &str, n: u32) -> Option<Vec<Result<u8, u8>>> {
    if s.is_empty() || s.len() > 4 {
        return None;
    }
    let mut set: Option<&str> = None;
    let mut out = Vec::new();
    for c in s.chars() {
        match c {
            '0' => out.push(Err(0)),
            '1' => out.push(Err(1)),
            _ => {
                let found = ["xyzw", "rgba", "stpq", "LTRB"].into_iter().find(|set| set.contains(c))?;
                if set.is_some_and(|s| s != found) {
                    return None;
                }
                set = Some(found);
                let i = found.find(c)? as u8;
                if u32::from(i) >= n {
                    return None;
                }
                out.push(Ok(i));
            }
        }
    }
    // A swizzle must name at least one component of the vector.
    set.map(|_| out)
}

/// Whether a field name can only be an AGSL swizzle (it uses `LTRB`, `0` or `1`).
pub(crate) fn is_agsl_swizzle(name: &str) -> bool {
    name.len() <= 4
        && name.chars().all(|c| "xyzwrgbastpqLTRB01".contains(c))
        && name.chars().any(|c| "LTRB01".contains(c))
}

impl<'a> Lowerer<'a> {
    /// `uniform shader name;`: a 2D texture and a sampler at the next pair of bindings of
    /// set 0 (see [`shader_bindings`]), bound to one name as a combined sampler would be.
    pub(crate) fn agsl_shader_uniform(&mut self, v: &ast::VariableDeclaration, span: Span) -> R<()> {
        let q = &v.ty.qualifiers;
        let only_uniform = q.qualifiers.len() == 1 && q.storage().all(|(s, _)| s == ast::StorageQualifier::Uniform) && q.storage().count() == 1;
        if !only_uniform {
            return Err(self.error("a child shader is declared as `uniform shader name;`, without other qualifiers", v.ty.span));
        }
        if !v.ty.ty.array.is_empty() || v.declarators.iter().any(|d| !d.array.is_empty()) {
            return Err(self.error("arrays of child shaders are not supported", span));
        }
        for d in &v.declarators {
            if let Some(init) = &d.init {
                return Err(self.error("a `uniform shader` cannot have an initializer", init.span()));
            }
            let index = self.agsl_state().shaders;
            self.agsl_state().shaders += 1;
            let (texture_binding, sampler_binding) = shader_bindings(index);
            let img_ty = self.ty(TypeInner::Image {
                dim: ImageDimension::D2,
                arrayed: false,
                class: ImageClass::Sampled { kind: ScalarKind::Float, multisampled: false },
            });
            let smp_ty = self.ty(TypeInner::Sampler { comparison: false });
            let global = |name: String, ty, binding| GlobalVariable {
                name: Some(name),
                space: AddressSpace::Handle,
                binding: Some(ResourceBinding { group: 0, binding }),
                io: None,
                invariant: false,
                memory: MemoryQualifiers::default(),
                ty,
                init: None,
            };
            let img = self.m.globals.append(global(d.name.name.as_str().to_owned(), img_ty, texture_binding), d.span);
            let smp = self.m.globals.append(global(format!("{}_sampler", d.name.name), smp_ty, sampler_binding), d.span);
            let sym = Sym::Combined {
                image: Box::new(Sym::Var { root: Root::Global(img), ty: img_ty, space: AddressSpace::Handle, read_only: true }),
                sampler: Box::new(Sym::Var { root: Root::Global(smp), ty: smp_ty, space: AddressSpace::Handle, read_only: true }),
            };
            self.declare(&d.name, sym);
        }
        Ok(())
    }

    /// `child.eval(coord)`: the child's texel at pixel coordinate `coord`, that is
    /// `textureLod(child, coord / vec2(textureSize(child, 0)), 0.0)`. The explicit level keeps
    /// the sample legal in non-uniform control flow, where AGSL allows `eval`.
    pub(crate) fn agsl_eval(&mut self, out: &mut Block, base: &ast::Expr, args: &[ast::Expr], span: Span) -> R<Operand> {
        let child = self.expr(out, base)?;
        if !matches!(child, Operand::Combined(..)) {
            return Err(self.error("`.eval()` is a method of `uniform shader` children", base.span));
        }
        let [coord] = args else {
            return Err(self.error(format!("`.eval()` takes one `float2` coordinate, not {}", args.len()), span));
        };
        let c = self.expr(out, coord)?;
        let c = self.value(out, c, coord.span)?;
        let cty = self.ety(c);
        let c = match self.shape(cty) {
            Some((s, 2)) if matches!(s.kind, ScalarKind::Float | ScalarKind::Sint) => self.convert(c, Scalar::F32, coord.span),
            _ => {
                let found = self.type_name(cty);
                return Err(self.error(format!("`.eval()` takes a `float2` coordinate, not `{found}`"), coord.span));
            }
        };
        let zero = self.lit(Literal::I32(0), span);
        let size = crate::glsl::lower::builtins::call(self, out, "textureSize", vec![(child.clone(), base.span), (Operand::Value(zero), span)], span);
        let size = match size {
            Some(r) => r?,
            None => return Err(self.error("internal compiler error: `textureSize` is missing", span)),
        };
        let size = self.value(out, size, span)?;
        let size = self.convert(size, Scalar::F32, span);
        let uv = self.binary(out, ast::BinaryOp::Div, c, size, span)?;
        let lod = self.lit(Literal::F32(0.0), span);
        let args = vec![(child, base.span), (Operand::Value(uv), coord.span), (Operand::Value(lod), span)];
        match crate::glsl::lower::builtins::call(self, out, "textureLod", args, span) {
            Some(r) => r,
            None => Err(self.error("internal compiler error: `textureLod` is missing", span)),
        }
    }

    /// Swizzles with `LTRB` letters or `0`/`1` components. Without constants the swizzle is
    /// renamed to `xyzw` and stays an lvalue; with constants it is a value built from the
    /// components (`v.rgb1` is `vec4(v.rgb, 1)`), evaluating `v` once.
    pub(crate) fn agsl_swizzle(&mut self, out: &mut Block, base: Operand, field: &ast::Ident, span: Span) -> R<Operand> {
        let Some(ty) = self.operand_type(&base) else {
            return Err(self.error(format!("cannot access `.{}` here", field.name), field.span));
        };
        let Some((scalar, n)) = self.shape(ty) else {
            return Err(self.error(format!("invalid swizzle `{}` for `{}`", field.name, self.type_name(ty)), field.span));
        };
        let Some(pattern) = agsl_swizzle_pattern(&field.name, n) else {
            return Err(self.error(format!("invalid swizzle `{}` for `{}`", field.name, self.type_name(ty)), field.span));
        };
        if pattern.iter().all(|p| p.is_ok()) {
            let name: String = pattern.iter().map(|p| ['x', 'y', 'z', 'w'][p.unwrap_or(0) as usize]).collect();
            return self.field(out, base, &ast::Ident { name: name.into(), span: field.span }, span);
        }
        let v = self.value(out, base, span)?;
        let b = self.bind(out, v);
        let sty = self.scalar_ty(scalar);
        let mut components = Vec::new();
        for p in &pattern {
            let h = match *p {
                Ok(i) => {
                    let v = self.let_ref(b, span);
                    if n == 1 {
                        v
                    } else {
                        self.push(Expression::AccessIndex { base: v, index: u32::from(i) }, sty, span)
                    }
                }
                Err(k) => {
                    let lit = match scalar.kind {
                        ScalarKind::Bool => Literal::Bool(k == 1),
                        ScalarKind::Sint => Literal::I32(i32::from(k)),
                        ScalarKind::Uint => Literal::U32(u32::from(k)),
                        ScalarKind::Float => Literal::F32(f32::from(k)),
                    };
                    self.lit(lit, span)
                }
            };
            components.push(h);
        }
        let rty = self.vec_ty(pattern.len() as u32, scalar);
        Ok(Operand::Value(self.push(Expression::Compose { components }, rty, span)))
    }

    /// AGSL arrays "cannot be returned from a function, copied, assigned or compared", and
    /// the restriction "propagates out to structures containing arrays" (AGSL reference,
    /// "Structures and arrays").
    pub(crate) fn agsl_no_array(&mut self, ty: Handle<Type>, what: &str, span: Span) -> R<()> {
        if self.contains_array(ty) {
            let name = self.type_name(ty);
            return Err(self.error(format!("AGSL arrays (and structs holding arrays) cannot be {what}; `{name}` holds an array"), span));
        }
        Ok(())
    }

    fn contains_array(&self, ty: Handle<Type>) -> bool {
        match self.inner(ty) {
            TypeInner::Array { .. } => true,
            TypeInner::Struct { members, .. } => members.iter().any(|m| self.contains_array(m.ty)),
            _ => false,
        }
    }

    /// The fragment entry point: `main` (no parameters) stores the AGSL `main(fragCoord)`'s
    /// colour, with `fragCoord = gl_FragCoord.xy`, to the location-0 output.
    pub(crate) fn agsl_entry_point(&mut self, bodies: &[(Handle<Function>, &'a ast::FunctionDefinition)], tu: &ast::TranslationUnit) {
        let Some(&(function, def)) = bodies.iter().find(|(_, f)| f.prototype.name.name == "main") else {
            let span = tu.decls.last().map_or(Span::default(), |d| match d {
                ast::ExternalDeclaration::Function(f) => f.span,
                ast::ExternalDeclaration::Declaration(d) => d.span,
            });
            self.error("an AGSL shader needs the entry point `half4 main(float2 fragCoord)`", span);
            return;
        };
        let vec2 = self.vec_ty(2, Scalar::F32);
        let vec4 = self.vec_ty(4, Scalar::F32);
        let decl = self.funcs.get("main").and_then(|v| v.iter().find(|d| d.handle == function)).cloned();
        let ok = decl.is_some_and(|d| d.result == Some(vec4) && d.params.len() == 1 && d.params[0].ty == vec2 && d.params[0].dir == Dir::In);
        if !ok {
            self.error("AGSL's entry point is `half4 main(float2 fragCoord)` (`float4`/`vec4` and `vec2` work too)", def.prototype.span);
            return;
        }
        self.report_undefined_functions();
        self.m.functions[function].name = Some(WRAPPED_MAIN_NAME.into());
        let global = |name: &str, space, io| GlobalVariable {
            name: Some(name.into()),
            space,
            binding: None,
            io: Some(io),
            invariant: false,
            memory: MemoryQualifiers::default(),
            ty: vec4,
            init: None,
        };
        let frag_coord = self.m.globals.append(global("gl_FragCoord", AddressSpace::Input, IoBinding::BuiltIn(BuiltIn::FragCoord)), def.span);
        let location0 = IoBinding::Location { location: 0, component: None, interpolation: None, sampling: None, blend_src: None };
        let color = self.m.globals.append(global(OUTPUT_NAME, AddressSpace::Output, location0), def.span);
        let span = def.prototype.span;
        let saved = std::mem::take(&mut self.fx);
        self.fx.f.name = Some("main".into());
        let mut body = Block::new();
        self.agsl_copy_matrices(&mut body, span);
        let input_ptr = self.ptr_ty(vec4, AddressSpace::Input);
        let p = self.push(Expression::GlobalVar(frag_coord), input_ptr, span);
        let fc = self.push(Expression::Load { pointer: p }, vec4, span);
        let xy = self.push(Expression::Swizzle { vector: fc, pattern: [0, 1, 0, 0] }, vec2, span);
        let result = self.push(Expression::Call { function, arguments: vec![xy] }, vec4, span);
        let rb = self.bind(&mut body, result);
        let output_ptr = self.ptr_ty(vec4, AddressSpace::Output);
        let o = self.push(Expression::GlobalVar(color), output_ptr, span);
        let r = self.let_ref(rb, span);
        body.push(Statement::Store { pointer: o, value: r }, span);
        body.push(Statement::Return { value: None }, span);
        let mut fx = std::mem::replace(&mut self.fx, saved);
        fx.f.body = body;
        let wrapper = self.m.functions.append(fx.f, span);
        self.m.entry_points.push(EntryPoint {
            name: "main".into(),
            stage: Stage::Fragment,
            function: wrapper,
            workgroup_size: [0; 3],
            workgroup_size_overrides: [None; 3],
            early_fragment_tests: false,
        });
    }
}

/// A two-row matrix uniform stored as an array of its columns: (private copy, block member).
#[derive(Clone, Debug)]
pub(crate) struct MatrixCopy {
    pub private: Handle<GlobalVariable>,
    pub block: Handle<GlobalVariable>,
    pub member: u32,
    pub ty: Handle<Type>,
}

impl<'a> Lowerer<'a> {
    /// naga's SPIR-V reader (wgpu's path) rejects std140's 16-byte column stride for matrices
    /// with two rows (`float2x2`, `float3x2`, `float4x2`). In the AGSL uniform block such a
    /// uniform is therefore an array of its columns: the same bytes (std140 rule 4 and 5 give
    /// both a 16-byte stride), which naga reads. The program sees a private matrix copied from
    /// it at the start of the entry point ([`Lowerer::agsl_matrix_uniforms`]).
    pub(crate) fn agsl_block_member(&mut self, ty: Handle<Type>, index: u32, name: &ast::Ident, matrices: &mut Vec<(u32, Handle<Type>, ast::Ident)>) -> Handle<Type> {
        match *self.inner(ty) {
            TypeInner::Matrix { columns, rows: VectorSize::Bi, scalar } => {
                matrices.push((index, ty, name.clone()));
                let column = self.ty(TypeInner::Vector { size: VectorSize::Bi, scalar });
                self.ty(TypeInner::Array { base: column, size: ArraySize::Constant(columns as u32), stride: 0 })
            }
            _ => ty,
        }
    }

    /// Declares the private matrices of [`Lowerer::agsl_block_member`] under the uniforms'
    /// names; the entry point fills them.
    pub(crate) fn agsl_matrix_uniforms(&mut self, block: Handle<GlobalVariable>, matrices: Vec<(u32, Handle<Type>, ast::Ident)>) {
        for (member, ty, name) in matrices {
            let private = self.m.globals.append(GlobalVariable::new(&name.name, AddressSpace::Private, ty), name.span);
            self.rebind(&name, Sym::Var { root: Root::Global(private), ty, space: AddressSpace::Private, read_only: true });
            self.agsl_state().matrix_copies.push(MatrixCopy { private, block, member, ty });
        }
    }

    /// The stores that fill the private copies of two-row matrix uniforms.
    fn agsl_copy_matrices(&mut self, body: &mut Block, span: Span) {
        let copies = self.agsl_state().matrix_copies.clone();
        for c in copies {
            let TypeInner::Matrix { columns, rows, scalar } = *self.inner(c.ty) else { continue };
            let block_ty = self.m.globals[c.block].ty;
            let member_ty = match self.inner(block_ty) {
                TypeInner::Struct { members, .. } => members[c.member as usize].ty,
                _ => continue,
            };
            let column_ty = self.ty(TypeInner::Vector { size: rows, scalar });
            let mut parts = Vec::new();
            for i in 0..columns as u32 {
                let bp = self.ptr_ty(block_ty, AddressSpace::Uniform);
                let b = self.push(Expression::GlobalVar(c.block), bp, span);
                let mp = self.ptr_ty(member_ty, AddressSpace::Uniform);
                let m = self.push(Expression::AccessIndex { base: b, index: c.member }, mp, span);
                let cp = self.ptr_ty(column_ty, AddressSpace::Uniform);
                let col = self.push(Expression::AccessIndex { base: m, index: i }, cp, span);
                parts.push(self.push(Expression::Load { pointer: col }, column_ty, span));
            }
            let value = self.push(Expression::Compose { components: parts }, c.ty, span);
            let pp = self.ptr_ty(c.ty, AddressSpace::Private);
            let p = self.push(Expression::GlobalVar(c.private), pp, span);
            body.push(Statement::Store { pointer: p, value }, span);
        }
    }
}

impl<'a> Lowerer<'a> {
    /// "Unlike GLSL, constructors that reduce the number of components of a passed-in vector
    /// are not supported" (AGSL reference, "Matrix constructor examples"): a vector or matrix
    /// constructor takes one scalar (splat or diagonal), one matrix (resize), or exactly as
    /// many components as it has.
    pub(crate) fn agsl_constructor_components(&mut self, ty: Handle<Type>, vals: &[(Handle<Expression>, Span)], span: Span) -> R<()> {
        let components = |lw: &Self, t: Handle<Type>| match *lw.inner(t) {
            TypeInner::Scalar(_) => Some(1),
            TypeInner::Vector { size, .. } => Some(size as u32),
            TypeInner::Matrix { columns, rows, .. } => Some(columns as u32 * rows as u32),
            _ => None,
        };
        let Some(needed) = components(self, ty) else { return Ok(()) };
        let arg_types: Vec<Handle<Type>> = vals.iter().map(|(h, _)| self.ety(*h)).collect();
        if let [single] = arg_types[..] {
            let matrix_to_matrix = matches!(self.inner(single), TypeInner::Matrix { .. }) && matches!(self.inner(ty), TypeInner::Matrix { .. });
            if components(self, single) == Some(1) || matrix_to_matrix {
                return Ok(());
            }
        }
        let given: Option<u32> = arg_types.iter().map(|t| components(self, *t)).sum();
        match given {
            Some(n) if n != needed => {
                let name = self.type_name(ty);
                Err(self.error(
                    format!("the `{name}` constructor needs exactly {needed} components, got {n}; AGSL does not drop components (use a swizzle such as `.xyz`)"),
                    span,
                ))
            }
            _ => Ok(()),
        }
    }
}
