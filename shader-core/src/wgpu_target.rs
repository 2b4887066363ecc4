//! IR rewrites for the wgpu target: the module keeps the source's meaning and takes the form
//! naga's SPIR-V front end and validator (wgpu's default path) accept. What wgpu cannot run at
//! all is reported by the back end (`spirv/wgpu.rs`); the Vulkan target gets neither.

use crate::ir::*;
use crate::span::Span;

/// Rewrites `module` for wgpu. Runs before IR validation.
pub(crate) fn legalize(module: &mut Module) {
    add_missing_position(module);
    unsigned_view_index(module);
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
