//! IR rewrites for the wgpu target: the module keeps the source's meaning and takes the form
//! naga's SPIR-V front end and validator (wgpu's default path) accept. What wgpu cannot run at
//! all is reported by the back end (`spirv/wgpu.rs`); the Vulkan target gets neither.

use crate::ir::*;
use crate::span::Span;

/// Rewrites `module` for wgpu. Runs before IR validation.
pub(crate) fn legalize(module: &mut Module) {
    add_missing_position(module);
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
