//! IR rewrites for the wgpu target: the module keeps the source's meaning and takes the form
//! naga's SPIR-V front end and validator (wgpu's default path) accept. What wgpu cannot run at
//! all is reported by the back end (`spirv/wgpu.rs`); the Vulkan target gets neither.

use crate::diag::{Diagnostic, Diagnostics};
use crate::ir::validate::Validated;
use crate::ir::*;
use crate::span::Span;

/// Rewrites `module` for wgpu. Runs before IR validation.
pub(crate) fn legalize(module: &mut Module) {
    add_missing_position(module);
    unsigned_view_index(module);
    flatten_composite_io(module);
}

/// wgpu gives each resource an entry point uses its own group and binding (naga's validator
/// refuses a `BindingCollision`), while GLSL for Vulkan lets two share one (both default to
/// binding 0 without a `binding` qualifier, and SPIR-V allows aliased descriptors). For the
/// wgpu target that is an error at the second declaration (WGSL reports it already, §13.3.2).
pub(crate) fn check_bindings(validated: &Validated) -> Result<(), Diagnostics> {
    let (module, info) = (validated.module(), validated.info());
    let mut errors = Diagnostics::new();
    let mut seen = std::collections::HashSet::new();
    for ep in &module.entry_points {
        for (first, second, binding) in interface::binding_conflicts(module, info.function(ep.function).globals()) {
            // Once per pair of declarations (a split `sampler2D` pair collides twice).
            let (span, first_span) = (module.globals.span(second), module.globals.span(first));
            if !seen.insert((span, first_span)) {
                continue;
            }
            let name = |g: Handle<GlobalVariable>| module.globals[g].name.clone().unwrap_or_default();
            errors.push(
                Diagnostic::error(
                    format!(
                        "`{}` and `{}` both use set {}, binding {}, which cannot be used for the wgpu target",
                        name(first),
                        name(second),
                        binding.group,
                        binding.binding
                    ),
                    span,
                )
                .with_secondary(first_span, "first bound here")
                .with_note("wgpu requires every resource an entry point uses to have its own binding; resources without a `binding` qualifier take binding 0")
                .with_note("give one of them another `layout(binding = N)`, or compile for the Vulkan target (`--target vulkan`, or `target: vulkan` in `shader!`) and create the pipeline with passthrough"),
            );
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// A vertex shader that never writes `gl_Position` is valid GLSL (its position is undefined,
/// Vulkan 15.8 "Built-In Variables"), but naga's validator requires every vertex entry point
/// to output `@builtin(position)`. The wgpu target declares the output and writes zero at
/// the start of the entry point, one defined value among the undefined ones.
fn add_missing_position(module: &mut Module) {
    let has_position = module
        .globals
        .iter()
        .any(|(_, g)| g.space == AddressSpace::Output && g.io == Some(IoBinding::BuiltIn(BuiltIn::Position)));
    if has_position {
        return;
    }
    let functions: Vec<Handle<Function>> =
        module.entry_points.iter().filter(|ep| ep.stage == Stage::Vertex).map(|ep| ep.function).collect();
    if functions.is_empty() {
        return;
    }
    let vec4 = module.ty(TypeInner::Vector { size: VectorSize::Quad, scalar: Scalar::F32 });
    let pointer = module.ty(TypeInner::Pointer { base: vec4, space: AddressSpace::Output });
    let global = module.globals.append(
        GlobalVariable {
            name: Some("gl_Position".to_string()),
            space: AddressSpace::Output,
            binding: None,
            io: Some(IoBinding::BuiltIn(BuiltIn::Position)),
            invariant: false,
            memory: MemoryQualifiers::default(),
            ty: vec4,
            init: None,
        },
        Span::default(),
    );
    for function in functions {
        let fun = &mut module.functions[function];
        let span = fun.body.spans.first().copied().unwrap_or_default();
        let target = fun.expressions.append(Expression::GlobalVar(global), pointer, span);
        let zero = fun.expressions.append(Expression::ZeroValue(vec4), vec4, span);
        fun.body.body.insert(0, Statement::Store { pointer: target, value: zero });
        fun.body.spans.insert(0, span);
    }
}

/// GLSL's `gl_ViewIndex` is an `int` (GL_EXT_multiview), SPIR-V allows either signedness, but
/// naga's validator takes the `ViewIndex` built-in only as `u32` (WGSL's `view_index`). The
/// wgpu target declares the built-in as `u32` and keeps the GLSL variable as a private `int`
/// that the entry point fills from it first (the view index is one value per invocation, and
/// never above `i32::MAX`, so the bitcast keeps it).
fn unsigned_view_index(module: &mut Module) {
    let signed: Vec<Handle<GlobalVariable>> = module
        .globals
        .iter()
        .filter(|(_, g)| {
            g.space == AddressSpace::Input
                && g.io == Some(IoBinding::BuiltIn(BuiltIn::ViewIndex))
                && matches!(module.types[g.ty].inner, TypeInner::Scalar(Scalar { kind: ScalarKind::Sint, .. }))
        })
        .map(|(h, _)| h)
        .collect();
    let entries: Vec<Handle<Function>> = module.entry_points.iter().map(|ep| ep.function).collect();
    for global in signed {
        let int = module.globals[global].ty;
        let uint = module.ty(TypeInner::Scalar(Scalar::U32));
        let private_pointer = module.ty(TypeInner::Pointer { base: int, space: AddressSpace::Private });
        let input_pointer = module.ty(TypeInner::Pointer { base: uint, space: AddressSpace::Input });
        let span = module.globals.span(global);
        let input = module.globals.append(
            GlobalVariable {
                name: module.globals[global].name.clone(),
                space: AddressSpace::Input,
                binding: None,
                io: Some(IoBinding::BuiltIn(BuiltIn::ViewIndex)),
                invariant: false,
                memory: MemoryQualifiers::default(),
                ty: uint,
                init: None,
            },
            span,
        );
        let copy = &mut module.globals[global];
        copy.space = AddressSpace::Private;
        copy.io = None;
        for (handle, fun) in module.functions.iter_mut() {
            let uses: Vec<Handle<Expression>> =
                fun.expressions.iter().filter(|(_, e)| matches!(e, Expression::GlobalVar(g) if *g == global)).map(|(h, _)| h).collect();
            for h in &uses {
                fun.expressions.set_ty(*h, private_pointer);
            }
            if entries.contains(&handle) {
                let target = fun.expressions.append(Expression::GlobalVar(global), private_pointer, span);
                let source = fun.expressions.append(Expression::GlobalVar(input), input_pointer, span);
                let loaded = fun.expressions.append(Expression::Load { pointer: source }, uint, span);
                let value = fun.expressions.append(Expression::Bitcast { expr: loaded }, int, span);
                fun.body.body.insert(0, Statement::Store { pointer: target, value });
                fun.body.spans.insert(0, span);
            }
        }
    }
}

/// One scalar or vector part of a composite stage input/output: the member/element/column
/// indices that reach it, its type, its location and a name for it.
struct IoLeaf {
    path: Vec<(u32, Handle<Type>)>,
    ty: Handle<Type>,
    location: u32,
    name: String,
}

/// The scalar and vector parts of `ty` in the order Vulkan assigns them locations (Vulkan
/// "Location Assignment"; GLSL 4.60 §4.4.1): struct members in order, arrays element by
/// element, a matrix column by column, each part at the next free location
/// (`interface::location_count`, one rule for both).
fn io_leaves(module: &mut Module, ty: Handle<Type>, location: u32, path: &mut Vec<(u32, Handle<Type>)>, name: String, out: &mut Vec<IoLeaf>) {
    match module.inner(ty).clone() {
        TypeInner::Matrix { columns, rows, scalar } => {
            let column = module.ty(TypeInner::Vector { size: rows, scalar });
            let step = interface::location_count(module, ty) / columns as u32;
            for c in 0..columns as u32 {
                path.push((c, column));
                out.push(IoLeaf { path: path.clone(), ty: column, location: location + c * step, name: format!("{name}[{c}]") });
                path.pop();
            }
        }
        TypeInner::Array { base, size: ArraySize::Constant(n), .. } => {
            let step = interface::location_count(module, base);
            for i in 0..n {
                path.push((i, base));
                io_leaves(module, base, location + i * step, path, format!("{name}[{i}]"), out);
                path.pop();
            }
        }
        TypeInner::Struct { members, .. } => {
            let mut next = location;
            for (i, m) in members.iter().enumerate() {
                path.push((i as u32, m.ty));
                let member = m.name.clone().unwrap_or_else(|| i.to_string());
                io_leaves(module, m.ty, next, path, format!("{name}.{member}"), out);
                path.pop();
                next += interface::location_count(module, m.ty);
            }
        }
        _ => out.push(IoLeaf { path: path.clone(), ty, location, name }),
    }
}

/// GLSL allows structs, matrices and arrays as stage inputs and outputs (GLSL 4.60 §4.3.4,
/// §4.3.6); naga (WGSL §13.3.1 "Inter-stage Input and Output Interface") takes only scalars
/// and vectors. The wgpu target turns such a variable into a private one of the same type, and
/// each of its scalar and vector parts into its own input/output at the location Vulkan gives
/// that part, so the interface is unchanged (an unchanged vertex shader still feeds the
/// fragment shader, a `mat4` attribute still takes four vertex attributes). The entry point
/// copies the inputs into the private variable first, and the private variable to the outputs
/// before every return.
fn flatten_composite_io(module: &mut Module) {
    let composite: Vec<Handle<GlobalVariable>> = module
        .globals
        .iter()
        .filter(|(_, g)| {
            matches!(g.space, AddressSpace::Input | AddressSpace::Output)
                && matches!(g.io, Some(IoBinding::Location { interpolation, .. }) if interpolation != Some(Interpolation::PerVertex))
                && matches!(module.inner(g.ty), TypeInner::Matrix { .. } | TypeInner::Array { size: ArraySize::Constant(_), .. } | TypeInner::Struct { .. })
        })
        .map(|(h, _)| h)
        .collect();
    for global in composite {
        let var = module.globals[global].clone();
        let Some(IoBinding::Location { location, component, interpolation, sampling, blend_src }) = var.io else { continue };
        let span = module.globals.span(global);
        let name = var.name.clone().unwrap_or_default();
        let mut leaves = Vec::new();
        io_leaves(module, var.ty, location, &mut Vec::new(), name, &mut leaves);
        let leaf_globals: Vec<Handle<GlobalVariable>> = leaves
            .iter()
            .map(|leaf| {
                let io = IoBinding::Location { location: leaf.location, component, interpolation, sampling, blend_src };
                module.globals.append(GlobalVariable { name: Some(leaf.name.clone()), ty: leaf.ty, io: Some(io), ..var.clone() }, span)
            })
            .collect();
        let output = var.space == AddressSpace::Output;
        module.globals[global].space = AddressSpace::Private;
        module.globals[global].io = None;
        module.globals[global].invariant = false;
        // Pointers into the variable now point into private memory.
        let mut retype = Vec::new();
        for (_, fun) in module.functions.iter() {
            let mut derived = std::collections::HashSet::new();
            let mut mine = Vec::new();
            for (h, e) in fun.expressions.iter() {
                let from_global = match *e {
                    Expression::GlobalVar(g) => g == global,
                    Expression::Access { base, .. } | Expression::AccessIndex { base, .. } => derived.contains(&base),
                    _ => false,
                };
                if from_global {
                    derived.insert(h);
                    mine.push((h, fun.expressions.ty(h)));
                }
            }
            retype.push(mine);
        }
        let private_pointer: Vec<Vec<(Handle<Expression>, Handle<Type>)>> = retype
            .into_iter()
            .map(|mine| {
                mine.into_iter()
                    .map(|(h, ty)| match *module.inner(ty) {
                        TypeInner::Pointer { base, .. } => (h, module.ty(TypeInner::Pointer { base, space: AddressSpace::Private })),
                        _ => (h, ty),
                    })
                    .collect()
            })
            .collect();
        for ((_, fun), mine) in module.functions.iter_mut().zip(private_pointer) {
            for (h, ty) in mine {
                fun.expressions.set_ty(h, ty);
            }
        }
        let single = module.entry_points.len() == 1;
        let entries: Vec<Handle<Function>> = module
            .entry_points
            .iter()
            .map(|ep| ep.function)
            .filter(|&f| single || module.functions[f].expressions.iter().any(|(_, e)| matches!(e, Expression::GlobalVar(g) if *g == global)))
            .collect();
        let whole_pointer = module.ty(TypeInner::Pointer { base: var.ty, space: AddressSpace::Private });
        let part_pointers: Vec<(Vec<Handle<Type>>, Handle<Type>)> = leaves
            .iter()
            .map(|leaf| {
                let steps = leaf.path.iter().map(|&(_, ty)| module.ty(TypeInner::Pointer { base: ty, space: AddressSpace::Private })).collect();
                (steps, module.ty(TypeInner::Pointer { base: leaf.ty, space: var.space }))
            })
            .collect();
        for function in entries {
            let fun = &mut module.functions[function];
            // The statements copying between the private variable and its parts, with
            // expressions of their own for each place they are written.
            let mut copies = |exprs: &mut Expressions| -> Vec<Statement> {
                leaves
                    .iter()
                    .zip(&leaf_globals)
                    .zip(&part_pointers)
                    .map(|((leaf, &part), (steps, part_pointer))| {
                        let mut private = exprs.append(Expression::GlobalVar(global), whole_pointer, span);
                        for (&(index, _), &step) in leaf.path.iter().zip(steps) {
                            private = exprs.append(Expression::AccessIndex { base: private, index }, step, span);
                        }
                        let part = exprs.append(Expression::GlobalVar(part), *part_pointer, span);
                        let (from, to) = if output { (private, part) } else { (part, private) };
                        let value = exprs.append(Expression::Load { pointer: from }, leaf.ty, span);
                        Statement::Store { pointer: to, value }
                    })
                    .collect()
            };
            if output {
                before_returns(&mut fun.body, &mut fun.expressions, &mut copies, span);
                if !matches!(fun.body.body.last(), Some(Statement::Return { .. })) {
                    for statement in copies(&mut fun.expressions) {
                        fun.body.push(statement, span);
                    }
                }
            } else {
                let statements = copies(&mut fun.expressions);
                let n = statements.len();
                fun.body.body.splice(0..0, statements);
                fun.body.spans.splice(0..0, std::iter::repeat(span).take(n));
            }
        }
    }
}

/// Inserts `copies` before every `return` in `block` and the blocks it holds.
fn before_returns(block: &mut Block, exprs: &mut Expressions, copies: &mut dyn FnMut(&mut Expressions) -> Vec<Statement>, span: Span) {
    let mut i = 0;
    while i < block.body.len() {
        match &mut block.body[i] {
            Statement::Return { .. } => {
                let statements = copies(exprs);
                let n = statements.len();
                block.body.splice(i..i, statements);
                block.spans.splice(i..i, std::iter::repeat(span).take(n));
                i += n;
            }
            Statement::Block(b) => before_returns(b, exprs, copies, span),
            Statement::If { accept, reject, .. } => {
                before_returns(accept, exprs, copies, span);
                before_returns(reject, exprs, copies, span);
            }
            Statement::Switch { cases, .. } => {
                for case in cases {
                    before_returns(&mut case.body, exprs, copies, span);
                }
            }
            Statement::Loop { body, continuing, .. } => {
                before_returns(body, exprs, copies, span);
                before_returns(continuing, exprs, copies, span);
            }
            _ => {}
        }
        i += 1;
    }
}
