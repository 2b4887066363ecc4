//! IR rewrites for the wgpu target: the module keeps the source's meaning and takes the form
//! naga's SPIR-V front end and validator (wgpu's default path) accept. What wgpu cannot run at
//! all is reported by the back end (`spirv/wgpu.rs`); the Vulkan target gets neither.

use crate::diag::{Diagnostic, Diagnostics};
use crate::ir::validate::Validated;
use crate::ir::*;
use crate::span::Span;

/// Rewrites `module` for wgpu. Runs before IR validation.
pub(crate) fn legalize(module: &mut Module) {
    crate::ir::pointer_params::specialize_resources(module);
    add_missing_position(module);
    unsigned_view_index(module);
    flatten_composite_io(module);
    vector_refract(module);
    zero_initialized_workgroup(module);
}

/// naga's validator refuses an initializer on a workgroup variable, which GLSL's
/// `shared T x = {}` (GL_EXT_null_initializer) gives. For the wgpu target the initializer is
/// dropped and every compute entry point zeroes those variables first, in the IR's one form of
/// zero-initialised workgroup memory (WGSL's too): invocation 0 stores, then a barrier. Only a
/// zero initializer is possible there (GLSL allows no other on `shared`).
fn zero_initialized_workgroup(module: &mut Module) {
    let initialized: Vec<Handle<GlobalVariable>> =
        module.globals.iter().filter(|(_, g)| g.space == AddressSpace::Workgroup && g.init.is_some()).map(|(h, _)| h).collect();
    let functions: Vec<Handle<Function>> =
        module.entry_points.iter().filter(|ep| ep.stage == Stage::Compute).map(|ep| ep.function).collect();
    if initialized.is_empty() || functions.is_empty() {
        return;
    }
    for &g in &initialized {
        module.globals[g].init = None;
    }
    let existing = module
        .globals
        .iter()
        .find(|(_, g)| g.space == AddressSpace::Input && g.io == Some(IoBinding::BuiltIn(BuiltIn::LocalInvocationIndex)))
        .map(|(h, _)| h);
    let index = match existing {
        Some(h) => h,
        None => {
            let u32_ty = module.ty(TypeInner::Scalar(Scalar::U32));
            module.globals.append(
                GlobalVariable {
                    name: Some("gl_LocalInvocationIndex".to_string()),
                    space: AddressSpace::Input,
                    binding: None,
                    io: Some(IoBinding::BuiltIn(BuiltIn::LocalInvocationIndex)),
                    invariant: false,
                    memory: MemoryQualifiers::default(),
                    ty: u32_ty,
                    init: None,
                },
                Span::default(),
            )
        }
    };
    for function in functions {
        let mut fun = std::mem::take(&mut module.functions[function]);
        let span = fun.body.spans.first().copied().unwrap_or_default();
        let zeroing = crate::ir::workgroup::zero_workgroup_memory(module, &mut fun.expressions, index, &initialized, span);
        fun.body.body.splice(0..0, zeroing.body);
        fun.body.spans.splice(0..0, zeroing.spans);
        module.functions[function] = fun;
    }
}

/// naga takes `refract` only on vectors (its type resolution of `Refract` fails on scalars),
/// while GLSL's is genFType (GLSL 4.60 §8.5). For the wgpu target a scalar `refract(i, n, eta)`
/// is the first component of `refract(vec2(i, 0), vec2(n, 0), eta)`: the same dot product
/// `n * i`, so the same `k` and the same result.
fn vector_refract(module: &mut Module) {
    let is_scalar_refract = |module: &Module, exprs: &Expressions, e: Handle<Expression>| {
        matches!(exprs[e], Expression::Math { fun: MathFunction::Refract, .. }) && matches!(module.inner(exprs.ty(e)), TypeInner::Scalar(_))
    };
    // Only the functions with one are taken out of the module and rewritten.
    let handles: Vec<Handle<Function>> = module
        .functions
        .iter()
        .filter(|(_, fun)| fun.expressions.iter().any(|(e, _)| is_scalar_refract(module, &fun.expressions, e)))
        .map(|(h, _)| h)
        .collect();
    for h in handles {
        let mut fun = std::mem::take(&mut module.functions[h]);
        let exprs = &mut fun.expressions;
        let scalar: Vec<Handle<Expression>> = exprs.iter().map(|(e, _)| e).filter(|&e| is_scalar_refract(module, exprs, e)).collect();
        for &r in &scalar {
            let Expression::Math { args, .. } = exprs[r].clone() else { continue };
            let (ty, span) = (exprs.ty(r), exprs.span(r));
            let TypeInner::Scalar(scalar) = *module.inner(ty) else { continue };
            let vec2 = module.ty(TypeInner::Vector { size: VectorSize::Bi, scalar });
            let mut widened = |value: Handle<Expression>| {
                let zero = exprs.append(Expression::ZeroValue(ty), ty, span);
                exprs.append(Expression::Compose { components: vec![value, zero] }, vec2, span)
            };
            let (i, n) = (widened(args[0]), widened(args[1]));
            let refracted = exprs.append(Expression::Math { fun: MathFunction::Refract, args: vec![i, n, args[2]] }, vec2, span);
            exprs.replace(r, Expression::AccessIndex { base: refracted, index: 0 });
        }
        relinearize(&mut fun);
        module.functions[h] = fun;
    }
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
                before_returns(&mut fun.body, &mut fun.expressions, &mut copies);
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
fn before_returns(block: &mut Block, exprs: &mut Expressions, copies: &mut dyn FnMut(&mut Expressions) -> Vec<Statement>) {
    splice_statements(block, &mut |statement, _| {
        matches!(statement, Statement::Return { .. }).then(|| {
            let mut statements = copies(exprs);
            statements.push(statement.clone());
            statements
        })
    });
}

/// Replaces statements of `block` and of the blocks it holds, in order: `f` gives the
/// statements to put in the place of one (at its span), or `None` to keep it.
fn splice_statements(block: &mut Block, f: &mut dyn FnMut(&Statement, Span) -> Option<Vec<Statement>>) {
    let mut i = 0;
    while i < block.body.len() {
        let span = block.spans[i];
        match &mut block.body[i] {
            Statement::Block(b) => splice_statements(b, f),
            Statement::If { accept, reject, .. } => {
                splice_statements(accept, f);
                splice_statements(reject, f);
            }
            Statement::Switch { cases, .. } => {
                for case in cases {
                    splice_statements(&mut case.body, f);
                }
            }
            Statement::Loop { body, continuing, .. } => {
                splice_statements(body, f);
                splice_statements(continuing, f);
            }
            statement => {
                if let Some(statements) = f(statement, span) {
                    let n = statements.len();
                    block.body.splice(i..=i, statements);
                    block.spans.splice(i..=i, std::iter::repeat(span).take(n));
                    i += n;
                    continue;
                }
            }
        }
        i += 1;
    }
}

/// How a rewritten block member stores its (logical) matrix `matCxR`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// Row-major: as the column-major `matRxC` (its bytes), with the same `MatrixStride`.
    Transposed,
    /// As an array of its columns (`rows: false`: column-major) or of its rows (`rows: true`:
    /// row-major) with the `MatrixStride` as `ArrayStride`: where naga refuses that stride for
    /// a matrix (std140's `mat2`, `matCx2`, row-major `mat2xR`: vectors of two padded to 16
    /// bytes).
    Vectors { rows: bool },
}

/// What an expression of a module rewritten by [`transpose_row_major`] stands for, where it is
/// not what its IR type says.
#[derive(Clone, Copy, PartialEq)]
enum Stored {
    /// A pointer to a logical matrix stored as `Kind` says.
    Matrix(Kind),
    /// A pointer to an array (of arrays) of such matrices.
    Array(Kind),
    /// A pointer to column `index` of the logical matrix `matrix` points to (stored
    /// [`Kind::Transposed`] or as rows): a row of the stored one, which no pointer reaches; its
    /// loads, stores and elements are rewritten.
    Column { matrix: Handle<Expression>, index: Index },
}

#[derive(Clone, Copy, PartialEq)]
enum Index {
    Constant(u32),
    Dynamic(Handle<Expression>),
}

impl Index {
    fn access(self, base: Handle<Expression>) -> Expression {
        match self {
            Index::Constant(index) => Expression::AccessIndex { base, index },
            Index::Dynamic(index) => Expression::Access { base, index },
        }
    }
}

/// Per struct type whose members are not in increasing offset order (GLSL's `layout(offset = N)`
/// allows any order, GLSL 4.60 §4.4.5), the member order by offset: `order[k]` is the old index
/// of new member `k`.
fn unordered_structs(module: &Module) -> Vec<(Handle<Type>, Vec<usize>)> {
    module
        .types
        .iter()
        .filter_map(|(h, t)| match &t.inner {
            TypeInner::Struct { members, .. } if members.windows(2).any(|w| w[0].offset > w[1].offset) => {
                let mut order: Vec<usize> = (0..members.len()).collect();
                order.sort_by_key(|&k| members[k].offset);
                Some((h, order))
            }
            _ => None,
        })
        .collect()
}

/// Whether the wgpu target must rewrite `module` with [`order_members`].
pub(crate) fn has_unordered_members(module: &Module) -> bool {
    !unordered_structs(module).is_empty()
}

/// naga's validator takes a struct's members only in increasing offset order ("overlaps the
/// previous member", "crosses the structure boundary"), while a GLSL block may give them
/// explicit offsets in any order. A block's layout is its offsets, not its member order: the
/// wgpu target sorts such a struct's members by offset and renumbers every member index into
/// it (`AccessIndex` on it or a pointer to it, the components of a `Compose` of it). Like
/// [`transpose_row_major`], this rewrites the module emitted, not the one reflected.
pub(crate) fn order_members(mut module: Module) -> Module {
    let unordered = unordered_structs(&module);
    // By struct: the new index of each old member.
    let mut new_index = std::collections::HashMap::new();
    for (h, order) in &unordered {
        let mut ty = module.types[*h].clone();
        if let TypeInner::Struct { members, .. } = &mut ty.inner {
            *members = order.iter().map(|&k| members[k].clone()).collect();
        }
        module.types.replace(*h, ty);
        let mut position = vec![0u32; order.len()];
        for (new, &old) in order.iter().enumerate() {
            position[old] = new as u32;
        }
        new_index.insert(*h, position);
    }
    let renumber = |module: &Module, exprs: &mut Expressions| {
        let handles: Vec<Handle<Expression>> = exprs.iter().map(|(h, _)| h).collect();
        for h in handles {
            let rewritten = match &exprs[h] {
                &Expression::AccessIndex { base, index } => {
                    let ty = exprs.ty(base);
                    let ty = module.inner(ty).pointer_base().map_or(ty, |(b, _)| b);
                    new_index.get(&ty).and_then(|p: &Vec<u32>| p.get(index as usize)).map(|&index| Expression::AccessIndex { base, index })
                }
                Expression::Compose { components } => new_index.get(&exprs.ty(h)).map(|position| {
                    let mut reordered = components.clone();
                    for (old, &c) in components.iter().enumerate() {
                        reordered[position[old] as usize] = c;
                    }
                    Expression::Compose { components: reordered }
                }),
                _ => None,
            };
            if let Some(e) = rewritten {
                exprs.replace(h, e);
            }
        }
    };
    let mut constants = std::mem::take(&mut module.const_expressions);
    renumber(&module, &mut constants);
    module.const_expressions = constants;
    let handles: Vec<Handle<Function>> = module.functions.iter().map(|(h, _)| h).collect();
    for h in handles {
        let mut fun = std::mem::take(&mut module.functions[h]);
        renumber(&module, &mut fun.expressions);
        module.functions[h] = fun;
    }
    module
}

/// Whether the wgpu target must rewrite `module` with [`transpose_row_major`]: a block member
/// is a row-major matrix, or a matrix whose stride naga refuses.
pub(crate) fn has_row_major(module: &Module) -> bool {
    module.types.iter().any(|(_, t)| match &t.inner {
        TypeInner::Struct { members, .. } => members.iter().any(|m| member_kind(module, m).is_some()),
        _ => false,
    })
}

/// How the wgpu target stores block member `m`, `None` where it keeps the member as it is.
fn member_kind(module: &Module, m: &StructMember) -> Option<Kind> {
    let layout = m.matrix.filter(|l| l.stride != 0)?;
    let natural = natural_stride(module, m.ty, layout.row_major)?;
    if layout.stride == natural {
        return layout.row_major.then_some(Kind::Transposed);
    }
    // A stride naga's validator takes for an array of the vectors (std140's padding; not
    // scalar layout's packed `vec3`s, which no form naga reads holds).
    (layout.stride % natural == 0).then_some(Kind::Vectors { rows: layout.row_major })
}

/// The stored type of a member of type `ty` (a matrix, through array dimensions) kept as
/// `kind` says, with matrix stride `stride`.
fn stored_type(module: &mut Module, ty: Handle<Type>, kind: Kind, stride: u32) -> Option<Handle<Type>> {
    match module.inner(ty).clone() {
        TypeInner::Matrix { columns, rows, scalar } => Some(match kind {
            Kind::Transposed => module.ty(TypeInner::Matrix { columns: rows, rows: columns, scalar }),
            Kind::Vectors { rows: by_rows } => {
                let (count, size) = if by_rows { (rows, columns) } else { (columns, rows) };
                let vector = module.ty(TypeInner::Vector { size, scalar });
                module.ty(TypeInner::Array { base: vector, size: ArraySize::Constant(count as u32), stride })
            }
        }),
        TypeInner::Array { base, size, stride: array_stride } => {
            let base = stored_type(module, base, kind, stride)?;
            Some(module.ty(TypeInner::Array { base, size, stride: array_stride }))
        }
        _ => None,
    }
}

/// A copy of every type holding a row-major member (in a layout: `MatrixStride` non-zero) or a
/// matrix member whose stride naga refuses, with those members stored as [`member_kind`] says
/// (column-major and transposed, or as an array of vectors), and of every type holding such a type,
/// appended in dependency order. Returns the new handle of each old type (itself where
/// unchanged) and the rewritten members, by new struct and member index. A copy that would
/// equal an existing type (a column-major twin of the same name) is renamed, so that the
/// rewritten members stay told apart.
fn transposed_types(module: &mut Module) -> (Vec<Handle<Type>>, Slots) {
    let count = module.types.len();
    let mut map: Vec<Handle<Type>> = (0..count).map(Handle::from_index).collect();
    let mut slots = Slots::new();
    for i in 0..count {
        let ty = module.types[Handle::from_index(i)].clone();
        let mapped = |t: Handle<Type>| map.get(t.index()).copied().unwrap_or(t);
        let mut rewritten = Vec::new();
        let inner = match ty.inner {
            TypeInner::Struct { ref members, span } => {
                let mut members = members.clone();
                for (k, m) in members.iter_mut().enumerate() {
                    m.ty = mapped(m.ty);
                    let (Some(kind), Some(layout)) = (member_kind(module, m), m.matrix) else { continue };
                    if let Some(stored) = stored_type(module, m.ty, kind, layout.stride) {
                        m.ty = stored;
                        m.matrix = (kind == Kind::Transposed).then_some(MatrixLayout { stride: layout.stride, row_major: false });
                        rewritten.push((k as u32, kind));
                    }
                }
                TypeInner::Struct { members, span }
            }
            TypeInner::Array { base, size, stride } => TypeInner::Array { base: mapped(base), size, stride },
            TypeInner::BindingArray { base, size } => TypeInner::BindingArray { base: mapped(base), size },
            TypeInner::Pointer { base, space } if !matches!(space, AddressSpace::PhysicalStorage { .. }) => {
                TypeInner::Pointer { base: mapped(base), space }
            }
            _ => continue,
        };
        if inner == ty.inner {
            continue;
        }
        let mut new = Type { name: ty.name.clone(), inner };
        while module.types.find(&new).is_some() {
            new.name = Some(format!("{}_row_major", new.name.unwrap_or_default()));
        }
        let handle = module.types.insert(new, module.types.span(Handle::from_index(i)));
        map[i] = handle;
        slots.extend(rewritten.into_iter().map(|(k, kind)| ((handle, k), kind)));
    }
    (map, slots)
}

/// The only matrix stride naga takes for the stored matrix of `ty` (transposed where
/// `row_major`): the natural stride (alignment) of its columns (front/spv `MatrixStride` check;
/// on an array of matrices naga ignores the stride and so misreads any other). std140 pads
/// vectors of two to 16 bytes: a `mat2`, `matCx2` or row-major `mat2xR` there is stored as
/// vectors ([`Kind::Vectors`]).
fn natural_stride(module: &Module, ty: Handle<Type>, row_major: bool) -> Option<u32> {
    match *module.inner(ty) {
        TypeInner::Matrix { columns, rows, scalar } => {
            let size = if row_major { columns } else { rows };
            Some(if size == VectorSize::Bi { 2 } else { 4 } * u32::from(scalar.width))
        }
        TypeInner::Array { base, .. } => natural_stride(module, base, row_major),
        _ => None,
    }
}

/// The rewritten members, by new struct type and member index, and how each is stored.
type Slots = std::collections::HashMap<(Handle<Type>, u32), Kind>;

fn remap_expression_types(exprs: &mut Expressions, remap: &impl Fn(&mut Handle<Type>)) {
    let handles: Vec<Handle<Expression>> = exprs.iter().map(|(h, _)| h).collect();
    for h in handles {
        let mut ty = exprs.ty(h);
        remap(&mut ty);
        exprs.set_ty(h, ty);
        if let Expression::ZeroValue(mut zero) = exprs[h] {
            remap(&mut zero);
            exprs.replace(h, Expression::ZeroValue(zero));
        }
    }
}

/// naga's SPIR-V front end (wgpu's default path) honours `RowMajor` only on a matrix loaded
/// through an access chain that ends at it (front/spv/next_block.rs, `load_override`): a struct
/// or array holding one and loaded whole keeps the stored order, and stores are never
/// transposed, so the values differ from what the module means (and from passthrough). For
/// the wgpu target a row-major `matCxR` member is therefore emitted as what its bytes are, a
/// column-major `matRxC` with the same `MatrixStride`, and the module transposes where values
/// cross: a load of the matrix transposes, a store transposes back, a member taken out of a
/// struct value or put into one likewise; a column of the logical matrix (a row of the stored
/// one) is loaded and stored component by component; an element's two indices swap. naga then
/// sees no `RowMajor` at all. A matrix member whose stride naga refuses (std140's padded
/// vectors of two) is emitted likewise as an array of its columns, or of its rows where
/// row-major ([`Kind::Vectors`]), and put together from them where it is loaded.
///
/// Only the emitted module is rewritten: reflection (and so `shader!`'s generated types) keeps
/// the source's `row_major` matrices.
pub(crate) fn transpose_row_major(mut module: Module) -> Module {
    let (map, slots) = transposed_types(&mut module);
    let remap = |ty: &mut Handle<Type>| *ty = map.get(ty.index()).copied().unwrap_or(*ty);
    for (_, g) in module.globals.iter_mut() {
        remap(&mut g.ty);
    }
    for (_, fun) in module.functions.iter_mut() {
        fun.arguments.iter_mut().for_each(|a| remap(&mut a.ty));
        if let Some(result) = &mut fun.result {
            remap(result);
        }
        fun.locals.iter_mut().for_each(|(_, l)| remap(&mut l.ty));
        fun.lets.iter_mut().for_each(|(_, l)| remap(&mut l.ty));
        remap_expression_types(&mut fun.expressions, &remap);
    }
    remap_expression_types(&mut module.const_expressions, &remap);
    let handles: Vec<Handle<Function>> = module.functions.iter().map(|(h, _)| h).collect();
    for h in handles {
        let mut fun = std::mem::take(&mut module.functions[h]);
        let before = fun.expressions.len();
        let stored = transpose_expressions(&mut module, &mut fun, &slots);
        let changed_values = fun.expressions.len() != before;
        let mut body = std::mem::take(&mut fun.body);
        transpose_stores(&mut module, &mut fun, &stored, &mut body);
        fun.body = body;
        if !stored.is_empty() || changed_values {
            relinearize(&mut fun);
        }
        module.functions[h] = fun;
    }
    module
}

fn pointee(module: &Module, ty: Handle<Type>) -> Option<(Handle<Type>, AddressSpace)> {
    module.inner(ty).pointer_base()
}

fn matrix_shape(module: &Module, ty: Handle<Type>) -> Option<(VectorSize, VectorSize, Scalar)> {
    match *module.inner(ty) {
        TypeInner::Matrix { columns, rows, scalar } => Some((columns, rows, scalar)),
        _ => None,
    }
}

/// The types to reach a stored matrix (the transposed matrix, or an array of the logical
/// matrix's rows) row by row and component by component.
struct StoredRows {
    /// The number of stored vectors (the logical matrix's row count).
    columns: u32,
    /// A pointer to one stored vector (a row of the logical matrix).
    row_pointer: Handle<Type>,
    scalar_ty: Handle<Type>,
    scalar_pointer: Handle<Type>,
}

/// [`StoredRows`] for a pointer to a stored matrix.
fn stored_rows(module: &mut Module, matrix_pointer: Handle<Type>) -> StoredRows {
    let (stored, space) = pointee(module, matrix_pointer).expect("a matrix pointer");
    // Created in this order, as the types' order shows in the SPIR-V.
    let (columns, row, scalar) = match module.inner(stored).clone() {
        TypeInner::Matrix { columns, rows, scalar } => (columns as u32, module.ty(TypeInner::Vector { size: rows, scalar }), scalar),
        TypeInner::Array { base, size, .. } => {
            let TypeInner::Vector { scalar, .. } = *module.inner(base) else { panic!("stored rows are vectors") };
            (size.count().unwrap_or(0), base, scalar)
        }
        _ => panic!("a stored matrix"),
    };
    let row_pointer = module.ty(TypeInner::Pointer { base: row, space });
    let scalar_ty = module.ty(TypeInner::Scalar(scalar));
    let scalar_pointer = module.ty(TypeInner::Pointer { base: scalar_ty, space });
    StoredRows { columns, row_pointer, scalar_ty, scalar_pointer }
}

fn element(module: &Module, ty: Handle<Type>) -> Option<(Handle<Type>, u32)> {
    match *module.inner(ty) {
        TypeInner::Array { base, size, .. } => Some((base, size.count().unwrap_or(0))),
        _ => None,
    }
}

/// The form of a pointer to the logical `ty` (a matrix or an array of them) of a member
/// stored as `kind`.
fn stored_form(module: &Module, ty: Handle<Type>, kind: Kind) -> Stored {
    if matrix_shape(module, ty).is_some() {
        Stored::Matrix(kind)
    } else {
        Stored::Array(kind)
    }
}

/// Rewrites the expressions of `fun` (see [`transpose_row_major`]); returns the form of every
/// pointer into a rewritten member.
fn transpose_expressions(module: &mut Module, fun: &mut Function, slots: &Slots) -> std::collections::HashMap<Handle<Expression>, Stored> {
    let mut forms = std::collections::HashMap::new();
    let exprs = &mut fun.expressions;
    let original: Vec<Handle<Expression>> = exprs.iter().map(|(h, _)| h).collect();
    for h in original {
        let span = exprs.span(h);
        let (base, index) = match exprs[h].clone() {
            Expression::AccessIndex { base, index } => (base, Index::Constant(index)),
            Expression::Access { base, index } => (base, Index::Dynamic(index)),
            Expression::Load { pointer } => {
                if let Some(&form) = forms.get(&pointer) {
                    let ty = exprs.ty(h);
                    let value = logical_load(module, exprs, pointer, form, ty, span);
                    exprs.replace(h, value);
                }
                continue;
            }
            Expression::Compose { mut components } => {
                let ty = exprs.ty(h);
                let TypeInner::Struct { members, .. } = module.inner(ty).clone() else { continue };
                let mut changed = false;
                for (k, c) in components.iter_mut().enumerate() {
                    if let Some(&kind) = slots.get(&(ty, k as u32)) {
                        *c = to_stored(module, exprs, *c, members[k].ty, kind, span);
                        changed = true;
                    }
                }
                if changed {
                    exprs.replace(h, Expression::Compose { components });
                }
                continue;
            }
            _ => continue,
        };
        let base_ty = exprs.ty(base);
        match (forms.get(&base).copied(), pointee(module, base_ty)) {
            // A member of a struct: a rewritten slot?
            (None, container) => {
                let Index::Constant(k) = index else { continue };
                let struct_ty = container.map_or(base_ty, |(p, _)| p);
                let Some(&kind) = slots.get(&(struct_ty, k)) else { continue };
                let TypeInner::Struct { members, .. } = module.inner(struct_ty) else { continue };
                let member = members[k as usize].ty;
                match container {
                    Some((_, space)) => {
                        let (logical, _) = pointee(module, exprs.ty(h)).expect("a pointer");
                        let pointer = module.ty(TypeInner::Pointer { base: member, space });
                        exprs.set_ty(h, pointer);
                        forms.insert(h, stored_form(module, logical, kind));
                    }
                    None => {
                        // A member of a struct value: out of the stored form.
                        let taken = exprs.append(Expression::AccessIndex { base, index: k }, member, span);
                        let logical = exprs.ty(h);
                        let value = to_logical(module, exprs, taken, logical, kind, span);
                        exprs.replace(h, value);
                    }
                }
            }
            (Some(Stored::Array(kind)), Some((array, space))) => {
                let Some((elem, _)) = element(module, array) else { continue };
                let (logical, _) = pointee(module, exprs.ty(h)).expect("a pointer");
                let pointer = module.ty(TypeInner::Pointer { base: elem, space });
                exprs.set_ty(h, pointer);
                forms.insert(h, stored_form(module, logical, kind));
            }
            // A column of a matrix stored as its columns: the stored vector, as the IR says.
            (Some(Stored::Matrix(Kind::Vectors { rows: false })), Some(_)) => {}
            (Some(Stored::Matrix(_)), Some(_)) => {
                forms.insert(h, Stored::Column { matrix: base, index });
            }
            (Some(Stored::Column { matrix, index: column }), Some(_)) => {
                // Element (column, row) of the logical matrix is (row, column) of the stored one.
                let StoredRows { row_pointer, .. } = stored_rows(module, exprs.ty(matrix));
                let row = exprs.append(index.access(matrix), row_pointer, span);
                exprs.replace(h, column.access(row));
            }
            _ => {}
        }
    }
    forms
}

/// The logical matrix `ty` made of `vectors`, its stored columns or (`rows`) rows.
fn from_vectors(module: &mut Module, exprs: &mut Expressions, vectors: Vec<Handle<Expression>>, ty: Handle<Type>, rows: bool, span: Span) -> Expression {
    if !rows {
        return Expression::Compose { components: vectors };
    }
    let (columns, rows, scalar) = matrix_shape(module, ty).expect("a logical matrix");
    let transposed = module.ty(TypeInner::Matrix { columns: rows, rows: columns, scalar });
    let stored = exprs.append(Expression::Compose { components: vectors }, transposed, span);
    Expression::Math { fun: MathFunction::Transpose, args: vec![stored] }
}

/// The logical value a load through `pointer` (of form `form`) reads, `ty` its type: the stored
/// matrix transposed or put together from its vectors, an array of them element by element, a
/// column component by component.
fn logical_load(module: &mut Module, exprs: &mut Expressions, pointer: Handle<Expression>, form: Stored, ty: Handle<Type>, span: Span) -> Expression {
    match form {
        Stored::Matrix(Kind::Transposed) => {
            let (stored, _) = pointee(module, exprs.ty(pointer)).expect("a pointer");
            let loaded = exprs.append(Expression::Load { pointer }, stored, span);
            Expression::Math { fun: MathFunction::Transpose, args: vec![loaded] }
        }
        Stored::Matrix(Kind::Vectors { rows }) => {
            let StoredRows { columns: count, row_pointer, .. } = stored_rows(module, exprs.ty(pointer));
            let (vector, _) = pointee(module, row_pointer).expect("a pointer");
            let vectors = (0..count)
                .map(|i| {
                    let p = exprs.append(Expression::AccessIndex { base: pointer, index: i }, row_pointer, span);
                    exprs.append(Expression::Load { pointer: p }, vector, span)
                })
                .collect();
            from_vectors(module, exprs, vectors, ty, rows, span)
        }
        Stored::Array(kind) => {
            let (stored, space) = pointee(module, exprs.ty(pointer)).expect("a pointer");
            let (stored_elem, count) = element(module, stored).expect("an array");
            let (logical_elem, _) = element(module, ty).expect("an array");
            let elem_pointer = module.ty(TypeInner::Pointer { base: stored_elem, space });
            let form = stored_form(module, logical_elem, kind);
            let components = (0..count)
                .map(|i| {
                    let p = exprs.append(Expression::AccessIndex { base: pointer, index: i }, elem_pointer, span);
                    let value = logical_load(module, exprs, p, form, logical_elem, span);
                    exprs.append(value, logical_elem, span)
                })
                .collect();
            Expression::Compose { components }
        }
        Stored::Column { matrix, index } => {
            let StoredRows { columns: stored_columns, row_pointer, scalar_ty, scalar_pointer } = stored_rows(module, exprs.ty(matrix));
            let components = (0..stored_columns)
                .map(|r| {
                    let row = exprs.append(Expression::AccessIndex { base: matrix, index: r }, row_pointer, span);
                    let element = exprs.append(index.access(row), scalar_pointer, span);
                    exprs.append(Expression::Load { pointer: element }, scalar_ty, span)
                })
                .collect();
            Expression::Compose { components }
        }
    }
}

/// The logical value (of type `logical`) of `stored`, a value of a member's type stored as `kind`.
fn to_logical(module: &mut Module, exprs: &mut Expressions, stored: Handle<Expression>, logical: Handle<Type>, kind: Kind, span: Span) -> Expression {
    match (element(module, logical), kind) {
        (None, Kind::Transposed) => Expression::Math { fun: MathFunction::Transpose, args: vec![stored] },
        (None, Kind::Vectors { rows }) => {
            let (vector, count) = element(module, exprs.ty(stored)).expect("an array of vectors");
            let vectors = (0..count).map(|i| exprs.append(Expression::AccessIndex { base: stored, index: i }, vector, span)).collect();
            from_vectors(module, exprs, vectors, logical, rows, span)
        }
        (Some((logical_elem, count)), _) => {
            let (stored_elem, _) = element(module, exprs.ty(stored)).expect("an array");
            let components = (0..count)
                .map(|i| {
                    let e = exprs.append(Expression::AccessIndex { base: stored, index: i }, stored_elem, span);
                    let value = to_logical(module, exprs, e, logical_elem, kind, span);
                    exprs.append(value, logical_elem, span)
                })
                .collect();
            Expression::Compose { components }
        }
    }
}

/// `logical` in the stored form `stored_ty` of a member stored as `kind` (a new expression).
fn to_stored(module: &mut Module, exprs: &mut Expressions, logical: Handle<Expression>, stored_ty: Handle<Type>, kind: Kind, span: Span) -> Handle<Expression> {
    let logical_ty = exprs.ty(logical);
    let value = match (element(module, logical_ty), kind) {
        (None, Kind::Transposed) => Expression::Math { fun: MathFunction::Transpose, args: vec![logical] },
        (None, Kind::Vectors { rows }) => {
            let source = if rows {
                let (columns, rows, scalar) = matrix_shape(module, logical_ty).expect("a logical matrix");
                let transposed = module.ty(TypeInner::Matrix { columns: rows, rows: columns, scalar });
                exprs.append(Expression::Math { fun: MathFunction::Transpose, args: vec![logical] }, transposed, span)
            } else {
                logical
            };
            let (vector, count) = element(module, stored_ty).expect("an array of vectors");
            let components = (0..count).map(|i| exprs.append(Expression::AccessIndex { base: source, index: i }, vector, span)).collect();
            Expression::Compose { components }
        }
        (Some((logical_elem, count)), _) => {
            let (stored_elem, _) = element(module, stored_ty).expect("an array");
            let components = (0..count)
                .map(|i| {
                    let e = exprs.append(Expression::AccessIndex { base: logical, index: i }, logical_elem, span);
                    to_stored(module, exprs, e, stored_elem, kind, span)
                })
                .collect();
            Expression::Compose { components }
        }
    };
    exprs.append(value, stored_ty, span)
}

/// Rewrites the stores through pointers into rewritten members, in `block` and the blocks it
/// holds (see [`transpose_row_major`]).
fn transpose_stores(module: &mut Module, fun: &mut Function, forms: &std::collections::HashMap<Handle<Expression>, Stored>, block: &mut Block) {
    splice_statements(block, &mut |statement, span| match *statement {
        Statement::Store { pointer, value } => forms.get(&pointer).map(|&form| stored_stores(module, fun, pointer, form, value, span)),
        _ => None,
    });
}

/// The statements storing the logical `value` through `pointer` (of form `form`).
fn stored_stores(module: &mut Module, fun: &mut Function, pointer: Handle<Expression>, form: Stored, value: Handle<Expression>, span: Span) -> Vec<Statement> {
    let exprs = &mut fun.expressions;
    match form {
        Stored::Matrix(Kind::Transposed) => {
            let (stored, _) = pointee(module, exprs.ty(pointer)).expect("a pointer");
            let value = to_stored(module, exprs, value, stored, Kind::Transposed, span);
            vec![Statement::Store { pointer, value }]
        }
        // The value is used more than once: bound to a `let` first.
        Stored::Matrix(kind) | Stored::Array(kind) => {
            let (stored, _) = pointee(module, exprs.ty(pointer)).expect("a pointer");
            let ty = exprs.ty(value);
            let binding = fun.lets.append(LetBinding { name: None, ty }, span);
            let exprs = &mut fun.expressions;
            let bound = exprs.append(Expression::LetRef(binding), ty, span);
            let stored_value = to_stored(module, exprs, bound, stored, kind, span);
            vec![Statement::Let { binding, value }, Statement::Store { pointer, value: stored_value }]
        }
        Stored::Column { matrix, index } => {
            let ty = exprs.ty(value);
            let binding = fun.lets.append(LetBinding { name: None, ty }, span);
            let exprs = &mut fun.expressions;
            let bound = exprs.append(Expression::LetRef(binding), ty, span);
            let StoredRows { columns: stored_columns, row_pointer, scalar_ty, scalar_pointer } = stored_rows(module, exprs.ty(matrix));
            let mut statements = vec![Statement::Let { binding, value }];
            for r in 0..stored_columns {
                let row = exprs.append(Expression::AccessIndex { base: matrix, index: r }, row_pointer, span);
                let element = exprs.append(index.access(row), scalar_pointer, span);
                let component = exprs.append(Expression::AccessIndex { base: bound, index: r }, scalar_ty, span);
                statements.push(Statement::Store { pointer: element, value: component });
            }
            statements
        }
    }
}

/// Lays `fun`'s expressions out again as the IR requires ([`crate::ir`]: trees, children
/// before parents) after rewrites in place that shared subtrees or referred to later ones:
/// every tree is copied children first from the statement using it (a shared subtree once per
/// use; the rewrites share only pointers and values without effects), and expressions no
/// statement reaches any more are left out.
fn relinearize(fun: &mut Function) {
    fn copy(old: &Expressions, new: &mut Expressions, h: Handle<Expression>) -> Handle<Expression> {
        let mut e = old[h].clone();
        crate::ir::children::map_children(&mut e, &mut |child| copy(old, new, child));
        new.append(e, old.ty(h), old.span(h))
    }
    fn statements(old: &Expressions, new: &mut Expressions, body: &mut Block) {
        for statement in &mut body.body {
            let mut m = |h: &mut Handle<Expression>| *h = copy(old, new, *h);
            match statement {
                Statement::Block(b) => statements(old, new, b),
                Statement::If { condition, accept, reject } => {
                    m(condition);
                    statements(old, new, accept);
                    statements(old, new, reject);
                }
                Statement::Switch { selector, cases } => {
                    m(selector);
                    for case in cases {
                        statements(old, new, &mut case.body);
                    }
                }
                Statement::Loop { body, continuing, break_if } => {
                    statements(old, new, body);
                    statements(old, new, continuing);
                    if let Some(b) = break_if {
                        *b = copy(old, new, *b);
                    }
                }
                Statement::Return { value } => {
                    if let Some(v) = value {
                        m(v);
                    }
                }
                Statement::Store { pointer, value } | Statement::AtomicStore { pointer, value, .. } => {
                    m(pointer);
                    m(value);
                }
                Statement::ImageStore { image, coordinate, array_index, sample, value } => {
                    m(image);
                    m(coordinate);
                    if let Some(a) = array_index {
                        m(a);
                    }
                    if let Some(s) = sample {
                        m(s);
                    }
                    m(value);
                }
                Statement::Let { value, .. } | Statement::Eval(value) => m(value),
                Statement::Call { arguments, .. } => arguments.iter_mut().for_each(&mut m),
                Statement::Spirv(inst) => {
                    for operand in &mut inst.operands {
                        if let SpirvOperand::Value(h) = operand {
                            m(h);
                        }
                    }
                }
                Statement::Break | Statement::Continue | Statement::Kill | Statement::Fragment(_) | Statement::Barrier(_) => {}
            }
        }
    }
    let old = std::mem::take(&mut fun.expressions);
    statements(&old, &mut fun.expressions, &mut fun.body);
}
