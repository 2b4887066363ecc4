//! Zero-initialised workgroup memory, as statements at the start of a compute entry point.
//! WGSL zero-initialises every workgroup variable (WGSL §6.3 "Memory Locations", §7.3); GLSL's
//! `shared T x = {}` (GL_EXT_null_initializer) is an `OpConstantNull` initializer on the Vulkan
//! target, which naga refuses (workgroup variables take no initializer in naga's validator),
//! so the wgpu target stores the zeros in code too (`wgpu_target::zero_initialized_workgroup`).

use super::*;

/// The statements that zero `globals` (workgroup variables) before anything else in a compute
/// entry point: the invocation whose `index` (the entry point's `LocalInvocationIndex` input
/// global) is 0 stores each type's zero value, then a workgroup control barrier with
/// acquire-release semantics on workgroup memory makes the zeros visible to every invocation.
/// The expressions go to `expressions`, the entry point function's arena.
pub fn zero_workgroup_memory(
    module: &mut Module,
    expressions: &mut Expressions,
    index: Handle<GlobalVariable>,
    globals: &[Handle<GlobalVariable>],
    span: Span,
) -> Block {
    let u32_ty = module.ty(TypeInner::Scalar(Scalar::U32));
    let input_ptr = module.ty(TypeInner::Pointer { base: u32_ty, space: AddressSpace::Input });
    let bool_ty = module.ty(TypeInner::Scalar(Scalar::BOOL));
    let p = expressions.append(Expression::GlobalVar(index), input_ptr, span);
    let index = expressions.append(Expression::Load { pointer: p }, u32_ty, span);
    let zero = expressions.append(Expression::Literal(Literal::U32(0)), u32_ty, span);
    let is_first = expressions.append(Expression::Binary { op: BinaryOp::Equal, left: index, right: zero }, bool_ty, span);
    let mut stores = Block::new();
    for &g in globals {
        let ty = module.globals[g].ty;
        let ptr = module.ty(TypeInner::Pointer { base: ty, space: AddressSpace::Workgroup });
        let pointer = expressions.append(Expression::GlobalVar(g), ptr, span);
        // Stores through an atomic pointer take the atomic's scalar (OpAtomicStore).
        let value_ty = match *module.inner(ty) {
            TypeInner::Atomic(scalar) => module.ty(TypeInner::Scalar(scalar)),
            _ => ty,
        };
        let value = expressions.append(Expression::ZeroValue(value_ty), value_ty, span);
        stores.push(Statement::Store { pointer, value }, span);
    }
    let mut block = Block::new();
    block.push(Statement::If { condition: is_first, accept: stores, reject: Block::new() }, span);
    block.push(
        Statement::Barrier(Barrier {
            execution: Some(Scope::Workgroup),
            memory: Scope::Workgroup,
            semantics: MemorySemantics(MemorySemantics::ACQUIRE_RELEASE | MemorySemantics::WORKGROUP_MEMORY),
        }),
        span,
    );
    block
}
