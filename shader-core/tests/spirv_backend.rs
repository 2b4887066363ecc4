//! The SPIR-V back end's overrides on hand-built IR (spirv-val; naga 30 cannot read either form).
//! The other back-end tests are IR text: `shader-core/test_data/ir/ok/backend_*.ir`, run by
//! `tests/ir_suite.rs`, each with its facts as `// expect:` lines and a SPIR-V snapshot.

mod common;

use common::*;
use shader_core::ir::*;
use shader_core::spirv::{emit, BoundsChecks, Options};
use spirv::Op;

/// Index clamping is off here: these tests count the instructions of other rules (clamping has
/// its own execution tests, `tests/bounds_checks.rs`).
fn emit_version(m: &Module, version: (u8, u8)) -> Vec<u32> {
    let validated = validate::validate(m.clone()).expect("valid IR");
    emit(&validated, &Options { version, debug_names: true, wgpu: false, bounds_checks: BoundsChecks::Unchecked }).unwrap_or_else(|d| panic!("emit failed: {d:?}"))
}

/// Emits, checks with spirv-val and naga, and checks determinism.
fn emit_checked(m: &Module, version: (u8, u8)) -> Vec<u32> {
    let words = emit_version(m, version);
    assert_eq!(words, emit_version(m, version), "output must be deterministic");
    check(&words, version);
    words
}

const V10: (u8, u8) = (1, 0);
const V13: (u8, u8) = (1, 3);
const V15: (u8, u8) = (1, 5);
const RW: AddressSpace = AddressSpace::Storage { access: StorageAccess::READ_WRITE };

fn override_module(wg_override: bool) -> Module {
    let mut m = Module::default();
    let u32t = m.scalar(Scalar::U32);
    let f32t = m.scalar(Scalar::F32);
    let boolt = m.scalar(Scalar::BOOL);
    let ce = &mut m.const_expressions;
    let two = ce.append(Expression::Literal(Literal::F32(2.0)), f32t, span());
    let sixty_four = ce.append(Expression::Literal(Literal::U32(64)), u32t, span());
    let scale = m.overrides.append(Override { name: Some("scale".into()), id: None, ty: f32t, init: Some(two) }, span());
    let enabled = m.overrides.append(Override { name: Some("enabled".into()), id: Some(0), ty: boolt, init: None }, span());
    let size = m.overrides.append(Override { name: Some("size".into()), id: Some(7), ty: u32t, init: Some(sixty_four) }, span());
    let arr = m.ty(TypeInner::Array { base: f32t, size: ArraySize::Dynamic, stride: 4 });
    let out = m.resource("out", RW, arr, 0, 0);
    let mut f = Fun::new(&mut m);
    let c = f.e(Expression::Override(enabled), boolt);
    let o = f.global(out);
    let z = f.u32(0);
    let p = f.at(o, z);
    let s = f.e(Expression::Override(scale), f32t);
    let st = f.store(p, s);
    let main = f.finish("main", None, vec![Statement::If { condition: c, accept: block(vec![st]), reject: Block::new() }]);
    m.entry("main", Stage::Compute, main, [64, 1, 1]);
    if wg_override {
        m.entry_points[0].workgroup_size_overrides[0] = Some(size);
    }
    m
}

/// Overrides become spec constants with SpecIds (explicit ones kept, `None` gets the lowest
/// free id); a workgroup size from an override uses the WorkgroupSize constant before 1.2.
#[test]
fn overrides_and_workgroup_size() {
    let words = emit_checked(&override_module(false), V10);
    let dis = disassemble(&words);
    // `enabled` has SpecId 0, `size` 7, so `scale` gets 1.
    for needle in ["SpecId 0", "SpecId 1", "SpecId 7", "OpSpecConstantFalse", "LocalSize 64 1 1"] {
        assert!(dis.contains(needle), "missing {needle}:\n{dis}");
    }
    for version in [V10, V13, V15] {
        let words = emit_version(&override_module(true), version);
        spirv_val(&words, version);
        let dis = disassemble(&words);
        assert!(dis.contains("BuiltIn WorkgroupSize") && dis.contains("OpSpecConstantComposite"), "{dis}");
        // FIXME(naga 30): naga turns a spec-constant composite into a constant whose
        // initializer names an override and rejects it (InitializerExprType); it has no way to
        // read an override workgroup size from SPIR-V.
        assert!(naga_check(&words).is_err());
    }
    // From 1.6 (Vulkan 1.3) on: LocalSizeId. FIXME(naga 30): its SPIR-V front end rejects
    // the LocalSizeId execution mode, so only spirv-val checks this form.
    let words = emit_version(&override_module(true), (1, 6));
    spirv_val(&words, (1, 6));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    // rspirv's loader cannot read OpExecutionModeId; look for its opcode (331) directly.
    assert!(words.iter().any(|&w| w & 0xffff == 331), "no OpExecutionModeId");
    let _ = bytes;
    assert!(naga_check(&words).is_err());
}

/// An override initialised from another override becomes OpSpecConstantOp.
#[test]
fn override_expressions() {
    let mut m = override_module(false);
    let u32t = m.scalar(Scalar::U32);
    let size = Handle::<Override>::from_index(2);
    let ce = &mut m.const_expressions;
    let o = ce.append(Expression::Override(size), u32t, span());
    let two = ce.append(Expression::Literal(Literal::U32(2)), u32t, span());
    let twice = ce.append(Expression::Binary { op: BinaryOp::Multiply, left: o, right: two }, u32t, span());
    m.overrides.append(Override { name: Some("twice".into()), id: None, ty: u32t, init: Some(twice) }, span());
    let words = emit_version(&m, V10);
    spirv_val(&words, V10);
    assert_eq!(count_op(&words, Op::SpecConstantOp), 1);
    // FIXME(naga 30): naga's SPIR-V front end does not parse OpSpecConstantOp.
    assert!(naga_check(&words).is_err());

    // Floating-point override arithmetic cannot be a spec constant op: a diagnostic, no panic.
    let mut m = override_module(false);
    let f32t = m.scalar(Scalar::F32);
    let scale = Handle::<Override>::from_index(0);
    let ce = &mut m.const_expressions;
    let o = ce.append(Expression::Override(scale), f32t, span());
    let neg = ce.append(Expression::Unary { op: UnaryOp::Negate, expr: o }, f32t, span());
    m.overrides.append(Override { name: Some("neg".into()), id: None, ty: f32t, init: Some(neg) }, span());
    let validated = validate::validate(m).unwrap();
    let err = emit(&validated, &Options::default()).unwrap_err();
    assert!(err.iter().any(|d| d.message.contains("floating-point")), "{err:?}");
}


