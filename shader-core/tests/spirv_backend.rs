//! The SPIR-V back end on hand-built IR: every module must pass `spirv-val` and naga's SPIR-V
//! front end + validator; each test also pins facts about the output.

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

/// `data[gid.x] = data[gid.x] * 2u` guarded by `gid.x < arrayLength(&data)`.
fn doubling_module() -> Module {
    let mut m = Module::default();
    let u32t = m.scalar(Scalar::U32);
    let uvec3 = m.vec(3, Scalar::U32);
    let arr = m.ty(TypeInner::Array { base: u32t, size: ArraySize::Dynamic, stride: 4 });
    let buf_ty = m.strukt("Buf", &[("data", arr, 0)], 4);
    let buf = m.resource("buf", RW, buf_ty, 0, 0);
    let gid = m.io("gid", AddressSpace::Input, uvec3, IoBinding::BuiltIn(BuiltIn::GlobalInvocationId));
    let mut f = Fun::new(&mut m);
    let g = f.global(gid);
    let gv = f.load(g);
    let x = f.field(gv, 0);
    let b = f.global(buf);
    let data = f.field(b, 0);
    let len = f.e(Expression::ArrayLength { pointer: data }, u32t);
    let cond = f.bin(BinaryOp::Less, x, len);
    // Separate trees for each use (the IR's tree invariant).
    let g2 = f.global(gid);
    let gv2 = f.load(g2);
    let x2 = f.field(gv2, 0);
    let b2 = f.global(buf);
    let data2 = f.field(b2, 0);
    let slot = f.at(data2, x2);
    let g3 = f.global(gid);
    let gv3 = f.load(g3);
    let x3 = f.field(gv3, 0);
    let b3 = f.global(buf);
    let data3 = f.field(b3, 0);
    let slot3 = f.at(data3, x3);
    let old = f.load(slot3);
    let two = f.u32(2);
    let doubled = f.bin(BinaryOp::Multiply, old, two);
    let store = f.store(slot, doubled);
    let main = f.finish("main", None, vec![Statement::If { condition: cond, accept: block(vec![store]), reject: Block::new() }]);
    m.entry("main", Stage::Compute, main, [64, 1, 1]);
    m
}

#[test]
fn compute_storage_buffer_across_versions() {
    let m = doubling_module();
    for version in [V10, V13, V15] {
        let words = emit_checked(&m, version);
        assert_eq!(capabilities(&words), ["Shader"], "no unused capabilities at {version:?}");
        let exts = extensions(&words);
        if version < V13 {
            assert_eq!(exts, ["SPV_KHR_storage_buffer_storage_class"]);
        } else {
            assert!(exts.is_empty(), "{exts:?}");
        }
        assert_eq!(count_op(&words, Op::ExtInstImport), 0, "GLSL.std.450 only when used");
        assert_eq!(count_op(&words, Op::ArrayLength), 1);
        let module = load(&words);
        let ep = &module.entry_points[0];
        // Operands: model, function, name, interface...
        let interface = ep.operands.len() - 3;
        assert_eq!(interface, if version >= (1, 4) { 2 } else { 1 }, "interface at {version:?}");
        let header = module.header.as_ref().unwrap();
        assert_eq!(header.version(), version);
    }
}

#[test]
fn names_are_optional() {
    let m = doubling_module();
    let validated = validate::validate(m.clone()).unwrap();
    let words = emit(&validated, &Options { version: V10, debug_names: false, wgpu: false, bounds_checks: BoundsChecks::Unchecked }).unwrap();
    check(&words, V10);
    assert_eq!(count_op(&words, Op::Name) + count_op(&words, Op::MemberName), 0);
    let named = emit_version(&m, V10);
    assert!(count_op(&named, Op::Name) > 0);
}

/// Uniform block with a matrix (layout decorations), a push-constant scalar (wrapped in a
/// block), and a storage global that is itself a runtime array (wrapped, `arrayLength` on
/// member 0).
#[test]
fn uniform_push_constant_and_wrapped_globals() {
    let mut m = Module::default();
    let f32t = m.scalar(Scalar::F32);
    let u32t = m.scalar(Scalar::U32);
    let vec4 = m.vec(4, Scalar::F32);
    let mat4 = m.ty(TypeInner::Matrix { columns: VectorSize::Quad, rows: VectorSize::Quad, scalar: Scalar::F32 });
    let params_ty = m.types.insert(
        Type {
            name: Some("Params".into()),
            inner: TypeInner::Struct {
                members: vec![
                    StructMember { name: Some("transform".into()), ty: mat4, offset: 0, matrix: Some(MatrixLayout { stride: 16, row_major: false }), memory: Default::default() },
                    StructMember { name: Some("tint".into()), ty: vec4, offset: 64, matrix: None, memory: Default::default() },
                    StructMember { name: Some("scale".into()), ty: f32t, offset: 80, matrix: None, memory: Default::default() },
                ],
                span: 96,
            },
        },
        span(),
    );
    let params = m.resource("params", AddressSpace::Uniform, params_ty, 0, 0);
    let pc = m.global("offset", AddressSpace::PushConstant, f32t);
    let vec_arr = m.ty(TypeInner::Array { base: vec4, size: ArraySize::Dynamic, stride: 16 });
    let out = m.resource("out", RW, vec_arr, 0, 1);
    let lens = m.ty(TypeInner::Array { base: u32t, size: ArraySize::Dynamic, stride: 4 });
    let len_buf = m.resource("lens", RW, lens, 0, 2);

    let mut f = Fun::new(&mut m);
    let p = f.global(params);
    let mp = f.field(p, 0);
    let mat = f.load(mp);
    let p2 = f.global(params);
    let tp = f.field(p2, 1);
    let tint = f.load(tp);
    let product = f.bin_t(BinaryOp::Multiply, mat, tint, vec4);
    let p3 = f.global(params);
    let sp = f.field(p3, 2);
    let scale = f.load(sp);
    let pcp = f.global(pc);
    let off = f.load(pcp);
    let sum = f.bin(BinaryOp::Add, scale, off);
    let scaled = f.bin_t(BinaryOp::Multiply, product, sum, vec4);
    let o = f.global(out);
    let len = f.e(Expression::ArrayLength { pointer: o }, u32t);
    let one = f.u32(1);
    let last = f.bin(BinaryOp::Subtract, len, one);
    let o2 = f.global(out);
    let slot = f.at(o2, last);
    let s1 = f.store(slot, scaled);
    let lb = f.global(len_buf);
    let zero = f.u32(0);
    let lslot = f.at(lb, zero);
    let o3 = f.global(out);
    let len2 = f.e(Expression::ArrayLength { pointer: o3 }, u32t);
    let s2 = f.store(lslot, len2);
    let main = f.finish("main", None, vec![s1, s2]);
    m.entry("main", Stage::Compute, main, [1, 1, 1]);

    let words = emit_checked(&m, V13);
    let dis = disassemble(&words);
    assert!(dis.contains("MatrixStride 16"), "{dis}");
    assert!(dis.contains("ColMajor"), "{dis}");
    assert!(dis.contains("ArrayStride 16"), "{dis}");
    assert!(dis.contains("Offset 80"), "{dis}");
    // Params, the push constant wrapper, and two wrapped runtime arrays.
    assert_eq!(dis.matches("Block").filter(|_| true).count() >= 4, true, "{dis}");
    assert_eq!(count_op(&words, Op::ArrayLength), 2);
    assert_eq!(capabilities(&words), ["Shader"]);
}

/// A helper with every control-flow form, called from a compute entry point that stores its
/// result.
#[test]
fn control_flow_forms() {
    let mut m = Module::default();
    let u32t = m.scalar(Scalar::U32);
    let i32t = m.scalar(Scalar::I32);
    let out_arr = m.ty(TypeInner::Array { base: u32t, size: ArraySize::Dynamic, stride: 4 });
    let out = m.resource("out", RW, out_arr, 0, 0);

    // fn work(n: u32) -> u32
    let mut f = Fun::new(&mut m);
    f.f.arguments.push(FunctionArgument { name: Some("n".into()), ty: u32t });
    let acc = f.local("acc", u32t);
    let i = f.local("i", u32t);
    let a0 = f.local_ptr(acc);
    let zero = f.u32(0);
    let init_acc = f.store(a0, zero);
    let i0 = f.local_ptr(i);
    let zero2 = f.u32(0);
    let init_i = f.store(i0, zero2);

    // loop { if i >= n { break; } switch i32(i % 4) { case 0: acc += 1; fallthrough; case 1: acc += 2; break;
    //        case 2: continue; default: if acc > 100 { return acc; } } } continuing { i += 1; break if i > 50 }
    let ip = f.local_ptr(i);
    let iv = f.load(ip);
    let n = f.e(Expression::FunctionArg(0), u32t);
    let done = f.bin(BinaryOp::GreaterEqual, iv, n);
    let check_done = Statement::If { condition: done, accept: block(vec![Statement::Break]), reject: Block::new() };

    let ip2 = f.local_ptr(i);
    let iv2 = f.load(ip2);
    let four = f.u32(4);
    let rem = f.bin(BinaryOp::Modulo, iv2, four);
    let selector = f.e(Expression::Convert { expr: rem, to: Scalar::I32 }, i32t);
    let add = |f: &mut Fun, k: u32| {
        let p = f.local_ptr(acc);
        let p2 = f.local_ptr(acc);
        let v = f.load(p2);
        let c = f.u32(k);
        let s = f.bin(BinaryOp::Add, v, c);
        f.store(p, s)
    };
    let add1 = add(&mut f, 1);
    let add2 = add(&mut f, 2);
    let ap = f.local_ptr(acc);
    let av = f.load(ap);
    let hundred = f.u32(100);
    let big = f.bin(BinaryOp::Greater, av, hundred);
    let ap2 = f.local_ptr(acc);
    let av2 = f.load(ap2);
    let early = Statement::If { condition: big, accept: block(vec![Statement::Return { value: Some(av2) }]), reject: Block::new() };
    let switch = Statement::Switch {
        selector,
        cases: vec![
            SwitchCase { values: vec![SwitchValue::I32(0)], body: block(vec![add1]), fall_through: true },
            SwitchCase { values: vec![SwitchValue::I32(1)], body: block(vec![add2, Statement::Break]), fall_through: false },
            SwitchCase { values: vec![SwitchValue::I32(2)], body: block(vec![Statement::Continue]), fall_through: false },
            SwitchCase { values: vec![SwitchValue::Default], body: block(vec![early]), fall_through: false },
        ],
    };
    // Dead code after `continue` in a nested block must be skipped.
    let dead_p = f.local_ptr(acc);
    let dead_v = f.u32(999);
    let dead = f.store(dead_p, dead_v);
    let nested = Statement::Block(block(vec![Statement::Continue, dead]));
    let ip3 = f.local_ptr(i);
    let ip4 = f.local_ptr(i);
    let iv4 = f.load(ip4);
    let one = f.u32(1);
    let inc = f.bin(BinaryOp::Add, iv4, one);
    let step = f.store(ip3, inc);
    let ip5 = f.local_ptr(i);
    let iv5 = f.load(ip5);
    let fifty = f.u32(50);
    let stop = f.bin(BinaryOp::Greater, iv5, fifty);
    let lp = Statement::Loop { body: block(vec![check_done, switch, nested]), continuing: block(vec![step]), break_if: Some(stop) };

    // An if/else whose branches both return: the rest of the function is unreachable.
    let ap3 = f.local_ptr(acc);
    let av3 = f.load(ap3);
    let seven = f.u32(7);
    let odd = f.bin(BinaryOp::Equal, av3, seven);
    let ap4 = f.local_ptr(acc);
    let av4 = f.load(ap4);
    let three = f.u32(3);
    let tail = Statement::If {
        condition: odd,
        accept: block(vec![Statement::Return { value: Some(three) }]),
        reject: block(vec![Statement::Return { value: Some(av4) }]),
    };
    let work = f.finish("work", Some(u32t), vec![init_acc, init_i, lp, tail]);

    let mut f = Fun::new(&mut m);
    let ten = f.u32(10);
    let r = f.e(Expression::Call { function: work, arguments: vec![ten] }, u32t);
    let o = f.global(out);
    let z = f.u32(0);
    let slot = f.at(o, z);
    let s = f.store(slot, r);
    let main = f.finish("main", None, vec![s, Statement::Return { value: None }]);
    m.entry("main", Stage::Compute, main, [1, 1, 1]);

    for version in [V10, V13, V15] {
        let words = emit_checked(&m, version);
        assert_eq!(count_op(&words, Op::LoopMerge), 1);
        assert_eq!(count_op(&words, Op::Switch), 1);
        assert!(!disassemble(&words).contains("999"), "dead code after `continue` was written");
    }
}

/// `(x < 1 && side_effect()) || flag`: the call runs only when needed.
#[test]
fn short_circuit_logic() {
    let mut m = Module::default();
    let u32t = m.scalar(Scalar::U32);
    let boolt = m.scalar(Scalar::BOOL);
    let arr = m.ty(TypeInner::Array { base: u32t, size: ArraySize::Dynamic, stride: 4 });
    let out = m.resource("out", RW, arr, 0, 0);

    let mut f = Fun::new(&mut m);
    let o = f.global(out);
    let one = f.u32(1);
    let slot = f.at(o, one);
    let v = f.u32(42);
    let s = f.store(slot, v);
    let t = f.bool(true);
    let side = f.finish("side_effect", Some(boolt), vec![s, Statement::Return { value: Some(t) }]);

    let mut f = Fun::new(&mut m);
    let o = f.global(out);
    let z = f.u32(0);
    let slot = f.at(o, z);
    let x = f.load(slot);
    let one = f.u32(1);
    let lt = f.bin(BinaryOp::Less, x, one);
    let call = f.e(Expression::Call { function: side, arguments: vec![] }, boolt);
    let and = f.bin(BinaryOp::LogicalAnd, lt, call);
    let flag = f.bool(false);
    let or = f.bin(BinaryOp::LogicalOr, and, flag);
    let o2 = f.global(out);
    let two = f.u32(2);
    let slot2 = f.at(o2, two);
    let seven = f.u32(7);
    let st = f.store(slot2, seven);
    let main = f.finish("main", None, vec![Statement::If { condition: or, accept: block(vec![st]), reject: Block::new() }]);
    m.entry("main", Stage::Compute, main, [1, 1, 1]);

    let words = emit_checked(&m, V10);
    assert_eq!(count_op(&words, Op::Phi), 2, "one OpPhi per short-circuit operator");
    assert_eq!(count_op(&words, Op::LogicalAnd) + count_op(&words, Op::LogicalOr), 0);
}

/// A broad sample of math through GLSL.std.450 and core opcodes.
#[test]
fn math_functions() {
    use MathFunction as M;
    let mut m = Module::default();
    let f32t = m.scalar(Scalar::F32);
    let i32t = m.scalar(Scalar::I32);
    let u32t = m.scalar(Scalar::U32);
    let vec3 = m.vec(3, Scalar::F32);
    let vec4 = m.vec(4, Scalar::F32);
    let uvec2 = m.vec(2, Scalar::U32);
    let mat3 = m.ty(TypeInner::Matrix { columns: VectorSize::Tri, rows: VectorSize::Tri, scalar: Scalar::F32 });
    let farr = m.ty(TypeInner::Array { base: f32t, size: ArraySize::Dynamic, stride: 4 });
    let out = m.resource("out", RW, farr, 0, 0);
    let uarr = m.ty(TypeInner::Array { base: u32t, size: ArraySize::Dynamic, stride: 4 });
    let uout = m.resource("uout", RW, uarr, 0, 1);

    let mut f = Fun::new(&mut m);
    let mut stmts = Vec::new();
    let mut slot = 0u32;
    // Each result is reduced to an f32 and stored at out[slot].
    let mut put = |f: &mut Fun, value: Handle<Expression>, stmts: &mut Vec<Statement>| {
        let o = f.global(out);
        let i = f.u32(slot);
        slot += 1;
        let p = f.at(o, i);
        stmts.push(f.store(p, value));
    };
    let x = |f: &mut Fun| {
        let o = f.global(out);
        let i = f.u32(100);
        let p = f.at(o, i);
        f.load(p)
    };
    for fun in [M::Sin, M::Cos, M::Tan, M::Asin, M::Acos, M::Atan, M::Sinh, M::Cosh, M::Tanh, M::Asinh, M::Exp, M::Exp2, M::Log, M::Log2,
        M::Sqrt, M::InverseSqrt, M::Floor, M::Ceil, M::Round, M::RoundEven, M::Trunc, M::Fract, M::Abs, M::Sign, M::Saturate, M::Radians, M::Degrees]
    {
        let a = x(&mut f);
        let r = f.math(fun, vec![a]);
        put(&mut f, r, &mut stmts);
    }
    for fun in [M::Pow, M::Atan2, M::Min, M::Max, M::Step, M::FloorMod] {
        let a = x(&mut f);
        let b = x(&mut f);
        let r = f.math(fun, vec![a, b]);
        put(&mut f, r, &mut stmts);
    }
    for fun in [M::Clamp, M::Mix, M::SmoothStep, M::Fma] {
        let a = x(&mut f);
        let b = x(&mut f);
        let c = x(&mut f);
        let r = f.math(fun, vec![a, b, c]);
        put(&mut f, r, &mut stmts);
    }
    // Vector geometry: dot(normalize(cross(v, v)), reflect(v, v)) + length + distance.
    let mk = |f: &mut Fun| {
        let a = x(f);
        f.e(Expression::Splat { value: a }, vec3)
    };
    let v1 = mk(&mut f);
    let v2 = mk(&mut f);
    let cross = f.math(M::Cross, vec![v1, v2]);
    let n = f.math(M::Normalize, vec![cross]);
    let v3 = mk(&mut f);
    let v4 = mk(&mut f);
    let refl = f.math(M::Reflect, vec![v3, v4]);
    let d = f.math_t(M::Dot, vec![n, refl], f32t);
    put(&mut f, d, &mut stmts);
    let v5 = mk(&mut f);
    let len = f.math_t(M::Length, vec![v5], f32t);
    put(&mut f, len, &mut stmts);
    let v6 = mk(&mut f);
    let v7 = mk(&mut f);
    let dist = f.math_t(M::Distance, vec![v6, v7], f32t);
    put(&mut f, dist, &mut stmts);
    // Matrices: determinant(transpose(outer(v, v)) * mat3(2.0)), and matrix + matrix.
    let v8 = mk(&mut f);
    let v9 = mk(&mut f);
    let outer = f.math_t(M::Outer, vec![v8, v9], mat3);
    let tr = f.math(M::Transpose, vec![outer]);
    let two = f.f32(2.0);
    let scaled = f.bin(BinaryOp::Multiply, tr, two);
    let v10 = mk(&mut f);
    let v11 = mk(&mut f);
    let outer2 = f.math_t(M::Outer, vec![v10, v11], mat3);
    let summed = f.bin(BinaryOp::Add, scaled, outer2);
    let det = f.math_t(M::Determinant, vec![summed], f32t);
    put(&mut f, det, &mut stmts);
    // Packing: unpack4x8unorm(pack4x8unorm(vec4(x))).w
    let a = x(&mut f);
    let v = f.e(Expression::Splat { value: a }, vec4);
    let packed = f.math_t(M::Pack4x8unorm, vec![v], u32t);
    let unpacked = f.math_t(M::Unpack4x8unorm, vec![packed], vec4);
    let w = f.field(unpacked, 3);
    put(&mut f, w, &mut stmts);
    // Integer bits on u32, stored into uout.
    let mut uslot = 0u32;
    let mut uput = |f: &mut Fun, value: Handle<Expression>, stmts: &mut Vec<Statement>| {
        let o = f.global(uout);
        let i = f.u32(uslot);
        uslot += 1;
        let p = f.at(o, i);
        stmts.push(f.store(p, value));
    };
    let ux = |f: &mut Fun| {
        let o = f.global(uout);
        let i = f.u32(100);
        let p = f.at(o, i);
        f.load(p)
    };
    for fun in [M::CountOneBits, M::ReverseBits, M::CountLeadingZeros, M::CountTrailingZeros, M::FirstLeadingBit, M::FirstTrailingBit, M::Abs, M::Sign]
    {
        let a = ux(&mut f);
        let r = f.math(fun, vec![a]);
        uput(&mut f, r, &mut stmts);
    }
    let _ = (uvec2, i32t);
    let main = f.finish("main", None, stmts);
    m.entry("main", Stage::Compute, main, [1, 1, 1]);
    let words = emit_checked(&m, V10);
    assert_eq!(count_op(&words, Op::ExtInstImport), 1);
    assert_eq!(capabilities(&words), ["Shader"]);
    assert!(count_op(&words, Op::ExtInst) > 40);
    assert_eq!(count_op(&words, Op::MatrixTimesScalar), 1);
    assert_eq!(count_op(&words, Op::OuterProduct), 2);
}

/// `modf`/`frexp` (scalar and vector) without GLSL.std.450 ModfStruct/FrexpStruct, whose
/// result types naga 30's SPIR-V front end never registers (its validator then rejects the
/// module): `modf` as `trunc` and a subtraction, `frexp` from `log2` with an `ldexp` correction.
#[test]
fn modf_frexp_without_struct_instructions() {
    use MathFunction as M;
    let mut m = Module::default();
    let f32t = m.scalar(Scalar::F32);
    let i32t = m.scalar(Scalar::I32);
    let vec3f = m.vec(3, Scalar::F32);
    let vec3i = m.vec(3, Scalar::I32);
    let farr = m.ty(TypeInner::Array { base: f32t, size: ArraySize::Dynamic, stride: 4 });
    let out = m.resource("out", RW, farr, 0, 0);
    let modf_ty = m.strukt("__modf_result_f32", &[("fract", f32t, 0), ("whole", f32t, 4)], 0);
    let frexp_ty = m.strukt("__frexp_result_f32", &[("fract", f32t, 0), ("exp", i32t, 4)], 0);
    let modf_v_ty = m.strukt("__modf_result_vec3_f32", &[("fract", vec3f, 0), ("whole", vec3f, 16)], 0);
    let frexp_v_ty = m.strukt("__frexp_result_vec3_f32", &[("fract", vec3f, 0), ("exp", vec3i, 16)], 0);
    let mut f = Fun::new(&mut m);
    // Operands read from the buffer, so nothing is folded.
    let read = |f: &mut Fun, index: u32| {
        let o = f.global(out);
        let i = f.u32(index);
        let p = f.at(o, i);
        f.load(p)
    };
    let a = read(&mut f, 0);
    let modf = f.math_t(M::Modf, vec![a], modf_ty);
    let whole = f.field(modf, 1);
    let b = read(&mut f, 1);
    let frexp = f.math_t(M::Frexp, vec![b], frexp_ty);
    let fr = f.field(frexp, 0);
    let c = read(&mut f, 2);
    let cv = f.e(Expression::Splat { value: c }, vec3f);
    let modf_v = f.math_t(M::Modf, vec![cv], modf_v_ty);
    let fract_v = f.field(modf_v, 0);
    let fract_x = f.field(fract_v, 0);
    let d = read(&mut f, 3);
    let dv = f.e(Expression::Splat { value: d }, vec3f);
    let frexp_v = f.math_t(M::Frexp, vec![dv], frexp_v_ty);
    let exp_v = f.field(frexp_v, 1);
    let exp_y = f.field(exp_v, 1);
    let exp_f = f.e(Expression::Convert { expr: exp_y, to: Scalar::F32 }, f32t);
    let sum = f.bin(BinaryOp::Add, whole, fr);
    let sum = f.bin(BinaryOp::Add, sum, fract_x);
    let sum = f.bin(BinaryOp::Add, sum, exp_f);
    let o = f.global(out);
    let z = f.u32(0);
    let p = f.at(o, z);
    let s = f.store(p, sum);
    let main = f.finish("main", None, vec![s]);
    m.entry("main", Stage::Compute, main, [1, 1, 1]);
    let words = emit_checked(&m, V10);
    let dis = disassemble(&words);
    assert!(!dis.contains("ModfStruct") && !dis.contains("FrexpStruct"), "{dis}");
    assert!(dis.contains("Trunc") && dis.contains("Log2") && dis.contains("Ldexp"), "{dis}");
}

/// `&`/`|` on bool vectors are `OpSelect`s: naga's SPIR-V front end reads OpLogicalAnd and
/// OpLogicalOr as its scalar-only logical operators, which its validator rejects on vectors.
/// Scalars keep the logical opcodes.
#[test]
fn bool_vector_and_or_as_select() {
    let mut m = Module::default();
    let uvec3 = m.vec(3, Scalar::U32);
    let bvec3 = m.vec(3, Scalar::BOOL);
    let boolt = m.scalar(Scalar::BOOL);
    let gid = m.io("gid", AddressSpace::Input, uvec3, IoBinding::BuiltIn(BuiltIn::GlobalInvocationId));
    let lid = m.io("lid", AddressSpace::Input, uvec3, IoBinding::BuiltIn(BuiltIn::LocalInvocationId));
    let flags = m.global("flags", AddressSpace::Workgroup, bvec3);
    let flag = m.global("flag", AddressSpace::Workgroup, boolt);
    let mut f = Fun::new(&mut m);
    let compare = |f: &mut Fun, op: BinaryOp| {
        let g = f.global(gid);
        let gv = f.load(g);
        let l = f.global(lid);
        let lv = f.load(l);
        f.bin(op, gv, lv)
    };
    let lt = compare(&mut f, BinaryOp::Less);
    let eq = compare(&mut f, BinaryOp::Equal);
    let and = f.bin_t(BinaryOp::And, lt, eq, bvec3);
    let gt = compare(&mut f, BinaryOp::Greater);
    let or = f.bin_t(BinaryOp::InclusiveOr, and, gt, bvec3);
    let p = f.global(flags);
    let store_vector = f.store(p, or);
    let x = compare(&mut f, BinaryOp::Less);
    let x = f.e(Expression::Relational { fun: RelationalFunction::Any, argument: x }, boolt);
    let y = compare(&mut f, BinaryOp::Equal);
    let y = f.e(Expression::Relational { fun: RelationalFunction::All, argument: y }, boolt);
    let scalar_or = f.bin_t(BinaryOp::InclusiveOr, x, y, boolt);
    let p = f.global(flag);
    let store_scalar = f.store(p, scalar_or);
    let main = f.finish("main", None, vec![store_vector, store_scalar]);
    m.entry("main", Stage::Compute, main, [1, 1, 1]);
    let words = emit_checked(&m, V10);
    assert_eq!(count_op(&words, Op::Select), 2, "{}", disassemble(&words));
    assert_eq!(count_op(&words, Op::LogicalAnd), 0);
    assert_eq!(count_op(&words, Op::LogicalOr), 1, "the scalar `|` keeps OpLogicalOr");
}

/// Storing (here: zero-initializing) workgroup memory whose type contains atomics: every
/// atomic gets its own OpAtomicStore, plain members a plain OpStore, long arrays a loop.
/// naga's SPIR-V front end gives the global an atomic type after seeing atomic accesses, so
/// one whole-composite OpStore (valid SPIR-V) would fail its validator with mismatched types.
#[test]
fn store_to_types_containing_atomics() {
    let mut m = Module::default();
    let u32t = m.scalar(Scalar::U32);
    let f32t = m.scalar(Scalar::F32);
    let atomic_u = m.ty(TypeInner::Atomic(Scalar::U32));
    let atomic_i = m.ty(TypeInner::Atomic(Scalar::I32));
    let long = m.ty(TypeInner::Array { base: atomic_u, size: ArraySize::Constant(20), stride: 4 });
    let short = m.ty(TypeInner::Array { base: atomic_i, size: ArraySize::Constant(2), stride: 4 });
    let plain = m.ty(TypeInner::Array { base: u32t, size: ArraySize::Constant(64), stride: 4 });
    let mixed = m.strukt("Mixed", &[("long", long, 0), ("weight", f32t, 80), ("short", short, 84), ("plain", plain, 92)], 348);
    let wg = m.global("wg", AddressSpace::Workgroup, mixed);
    let counter = m.global("counter", AddressSpace::Workgroup, atomic_u);
    let mut f = Fun::new(&mut m);
    let p = f.global(wg);
    let zero = f.e(Expression::ZeroValue(mixed), mixed);
    let init = f.store(p, zero);
    let p = f.global(counter);
    let zero = f.u32(0);
    let init_counter = f.store(p, zero);
    let barrier = Statement::Barrier(Barrier {
        execution: Some(Scope::Workgroup),
        memory: Scope::Workgroup,
        semantics: MemorySemantics(MemorySemantics::ACQUIRE_RELEASE | MemorySemantics::WORKGROUP_MEMORY),
    });
    // Atomic accesses, so naga upgrades both globals' types.
    let wg_p = f.global(wg);
    let long_p = f.field(wg_p, 0);
    let three = f.u32(3);
    let slot = f.at(long_p, three);
    let one = f.u32(1);
    let add = f.e(Expression::Atomic { fun: AtomicFunction::Add, pointer: slot, value: one, compare: None }, u32t);
    let c = f.global(counter);
    let add2 = f.e(Expression::Atomic { fun: AtomicFunction::Add, pointer: c, value: add, compare: None }, u32t);
    let main = f.finish("main", None, vec![init, init_counter, barrier, Statement::Eval(add2)]);
    m.entry("main", Stage::Compute, main, [1, 1, 1]);
    let words = emit_checked(&m, V10);
    let dis = disassemble(&words);
    // The loop over `long` (1 in its body), `short` unrolled (2), `counter` (1).
    assert_eq!(count_op(&words, Op::AtomicStore), 4, "{dis}");
    assert_eq!(count_op(&words, Op::LoopMerge), 1, "{dis}");
    // `weight` and `plain` (no atomics inside) are stored whole; nothing stores `Mixed` whole.
    assert_eq!(count_op(&words, Op::Store), 2 + 2, "two members plus the loop counter's two stores: {dis}");
}

fn image_type(m: &mut Module, dim: ImageDimension, arrayed: bool, class: ImageClass) -> Handle<Type> {
    m.ty(TypeInner::Image { dim, arrayed, class })
}

/// A fragment shader sampling every way: implicit, level, bias, gradient, compare, gather,
/// gather-compare, fetch, dimensions and level count; `discard`; depth output.
#[test]
fn fragment_textures() {
    let mut m = Module::default();
    let f32t = m.scalar(Scalar::F32);
    let u32t = m.scalar(Scalar::U32);
    let i32t = m.scalar(Scalar::I32);
    let vec2 = m.vec(2, Scalar::F32);
    let vec4 = m.vec(4, Scalar::F32);
    let ivec2 = m.vec(2, Scalar::I32);
    let uvec2 = m.vec(2, Scalar::U32);
    let tex_ty = image_type(&mut m, ImageDimension::D2, false, ImageClass::Sampled { kind: ScalarKind::Float, multisampled: false });
    let depth_ty = image_type(&mut m, ImageDimension::D2, false, ImageClass::Depth { multisampled: false });
    let samp_ty = m.ty(TypeInner::Sampler { comparison: false });
    let cmp_ty = m.ty(TypeInner::Sampler { comparison: true });
    let tex = m.resource("tex", AddressSpace::Handle, tex_ty, 0, 0);
    let samp = m.resource("samp", AddressSpace::Handle, samp_ty, 0, 1);
    let depth = m.resource("depth", AddressSpace::Handle, depth_ty, 0, 2);
    let cmp = m.resource("cmp", AddressSpace::Handle, cmp_ty, 0, 3);
    let uv = m.io("uv", AddressSpace::Input, vec2, location(0));
    let id = m.io("id", AddressSpace::Input, u32t, location(1));
    let color = m.io("color", AddressSpace::Output, vec4, location(0));
    let frag_depth = m.io("frag_depth", AddressSpace::Output, f32t, IoBinding::BuiltIn(BuiltIn::FragDepth));

    let mut f = Fun::new(&mut m);
    let uvv = |f: &mut Fun| {
        let p = f.global(uv);
        f.load(p)
    };
    let sample = |f: &mut Fun, level: SampleLevel, gather: Option<u8>, offset: bool| {
        let image = f.handle(tex);
        // The sampler goes through a pointer, the image is a value: both forms are accepted.
        let sampler = f.global(samp);
        let coordinate = uvv(f);
        let offset = offset.then(|| {
            let a = f.i32(1);
            let b = f.i32(-1);
            f.e(Expression::Compose { components: vec![a, b] }, ivec2)
        });
        f.e(Expression::ImageSample { image, sampler: Some(sampler), gather, coordinate, array_index: None, offset, level, depth_ref: None, min_lod: None, sparse: false }, vec4)
    };
    let s_auto = sample(&mut f, SampleLevel::Auto, None, false);
    let lod = f.f32(0.5);
    let s_level = sample(&mut f, SampleLevel::Exact(lod), None, true);
    let bias = f.f32(1.0);
    let s_bias = sample(&mut f, SampleLevel::Bias(bias), None, false);
    let gx = uvv(&mut f);
    let gy = uvv(&mut f);
    let s_grad = sample(&mut f, SampleLevel::Gradient { x: gx, y: gy }, None, false);
    // Gathers take no level of detail (`Auto`).
    let s_gather = sample(&mut f, SampleLevel::Auto, Some(1), true);
    let depth_sample = |f: &mut Fun, gather: Option<u8>, level: SampleLevel, compare: bool| {
        let image = f.handle(depth);
        let sampler = f.handle(if compare { cmp } else { samp });
        let coordinate = uvv(f);
        let depth_ref = compare.then(|| f.f32(0.5));
        let ty = if gather.is_some() { vec4 } else { f32t };
        f.e(Expression::ImageSample { image, sampler: Some(sampler), gather, coordinate, array_index: None, offset: None, level, depth_ref, min_lod: None, sparse: false }, ty)
    };
    let d_cmp = depth_sample(&mut f, None, SampleLevel::Auto, true);
    let d_cmp_zero = depth_sample(&mut f, None, SampleLevel::Zero, true);
    let d_gather = depth_sample(&mut f, Some(0), SampleLevel::Auto, true);
    let d_plain = depth_sample(&mut f, None, SampleLevel::Auto, false);
    let image = f.handle(tex);
    let a = f.i32(0);
    let b = f.i32(0);
    let coordinate = f.e(Expression::Compose { components: vec![a, b] }, ivec2);
    let level = f.i32(0);
    let fetched = f.e(Expression::ImageLoad { image, coordinate, array_index: None, sample: None, level: Some(level), sparse: false }, vec4);
    let image = f.handle(tex);
    let size = f.e(Expression::ImageQuery { image, query: ImageQuery::Size { level: None } }, uvec2);
    let size_x = f.field(size, 0);
    let image = f.handle(tex);
    let levels = f.e(Expression::ImageQuery { image, query: ImageQuery::NumLevels }, u32t);
    let size_sum = f.bin(BinaryOp::Add, size_x, levels);
    let size_f = f.e(Expression::Convert { expr: size_sum, to: Scalar::F32 }, f32t);
    let mut total = s_auto;
    for v in [s_level, s_bias, s_grad, s_gather, fetched, d_gather] {
        total = f.bin(BinaryOp::Add, total, v);
    }
    let scalars = [d_cmp_zero, d_plain, size_f];
    let mut sc = d_cmp;
    for v in scalars {
        sc = f.bin(BinaryOp::Add, sc, v);
    }
    let total = f.bin_t(BinaryOp::Multiply, total, sc, vec4);
    let c = f.global(color);
    let store_color = f.store(c, total);
    let idp = f.global(id);
    let idv = f.load(idp);
    let three = f.u32(3);
    let is3 = f.bin(BinaryOp::Equal, idv, three);
    let kill = Statement::If { condition: is3, accept: block(vec![Statement::Kill]), reject: Block::new() };
    let dp = f.global(frag_depth);
    let half = f.f32(0.5);
    let store_depth = f.store(dp, half);
    let _ = i32t;
    let main = f.finish("main", None, vec![kill, store_color, store_depth]);
    m.entry("main", Stage::Fragment, main, [0; 3]);

    for version in [V10, V15, (1, 6)] {
        let words = emit_checked(&m, version);
        let dis = disassemble(&words);
        for needle in ["OriginUpperLeft", "DepthReplacing", "Flat", "ImageSampleImplicitLod", "ImageSampleExplicitLod", "Bias", "Grad", "ConstOffset",
            "ImageSampleDrefImplicitLod", "ImageSampleDrefExplicitLod", "ImageGather", "ImageDrefGather", "ImageFetch", "ImageQuerySizeLod",
            "ImageQueryLevels", "OpKill"]
        {
            assert!(dis.contains(needle), "missing {needle}:\n{dis}");
        }
        assert_eq!(capabilities(&words), ["Shader", "ImageQuery"]);
    }
}

/// A vertex shader: Position + location outputs (the integer one gets Flat), a constant
/// array indexed at run time (spilled), a private global without initializer, and `select`
/// on a struct.
#[test]
fn vertex_shader() {
    let mut m = Module::default();
    let f32t = m.scalar(Scalar::F32);
    let u32t = m.scalar(Scalar::U32);
    let vec2 = m.vec(2, Scalar::F32);
    let vec4 = m.vec(4, Scalar::F32);
    let arr = m.ty(TypeInner::Array { base: vec2, size: ArraySize::Constant(3), stride: 8 });
    let pair = m.strukt("Pair", &[("a", f32t, 0), ("b", f32t, 4)], 0);
    // const positions = array(vec2(0, 1), vec2(-1, -1), vec2(1, -1));
    let ce = &mut m.const_expressions;
    let mut comps = Vec::new();
    for (x, y) in [(0.0, 1.0), (-1.0, -1.0), (1.0, -1.0)] {
        let x = ce.append(Expression::Literal(Literal::F32(x)), f32t, span());
        let y = ce.append(Expression::Literal(Literal::F32(y)), f32t, span());
        comps.push(ce.append(Expression::Compose { components: vec![x, y] }, vec2, span()));
    }
    let init = ce.append(Expression::Compose { components: comps }, arr, span());
    let positions = m.global("positions", AddressSpace::Private, arr);
    m.globals[positions].init = Some(init);
    let counter = m.global("counter", AddressSpace::Private, u32t);
    let vi = m.io("vi", AddressSpace::Input, u32t, IoBinding::BuiltIn(BuiltIn::VertexIndex));
    let pos = m.io("pos", AddressSpace::Output, vec4, IoBinding::BuiltIn(BuiltIn::Position));
    let tag = m.io("tag", AddressSpace::Output, u32t, location(0));
    let bary = m.io(
        "bary",
        AddressSpace::Output,
        f32t,
        IoBinding::Location { location: 1, component: None, interpolation: Some(Interpolation::Linear), sampling: Some(Sampling::Centroid), blend_src: None },
    );

    let mut f = Fun::new(&mut m);
    let pp = f.global(positions);
    let table = f.load(pp);
    let vip = f.global(vi);
    let index = f.load(vip);
    let xy = f.at(table, index);
    let zero = f.f32(0.0);
    let one = f.f32(1.0);
    let x = f.field(xy, 0);
    let xy2 = {
        let pp = f.global(positions);
        let table = f.load(pp);
        let vip = f.global(vi);
        let index = f.load(vip);
        f.at(table, index)
    };
    let y = f.field(xy2, 1);
    let p = f.e(Expression::Compose { components: vec![x, y, zero, one] }, vec4);
    let posp = f.global(pos);
    let s1 = f.store(posp, p);
    let cp = f.global(counter);
    let cp2 = f.global(counter);
    let cv = f.load(cp2);
    let vip = f.global(vi);
    let viv = f.load(vip);
    let sum = f.bin(BinaryOp::Add, cv, viv);
    let s2 = f.store(cp, sum);
    let tp = f.global(tag);
    let cp3 = f.global(counter);
    let cv3 = f.load(cp3);
    let s3 = f.store(tp, cv3);
    // select(Pair(1, 2), Pair(3, 4), vi == 0).b
    let mk = |f: &mut Fun, a: f32, b: f32| {
        let a = f.f32(a);
        let b = f.f32(b);
        f.e(Expression::Compose { components: vec![a, b] }, pair)
    };
    let p1 = mk(&mut f, 1.0, 2.0);
    let p2 = mk(&mut f, 3.0, 4.0);
    let vip = f.global(vi);
    let viv = f.load(vip);
    let z = f.u32(0);
    let c = f.bin(BinaryOp::Equal, viv, z);
    let sel = f.e(Expression::Select { condition: c, accept: p1, reject: p2 }, pair);
    let b = f.field(sel, 1);
    let bp = f.global(bary);
    let s4 = f.store(bp, b);
    let main = f.finish("main", None, vec![s1, s2, s3, s4]);
    m.entry("main", Stage::Vertex, main, [0; 3]);

    for version in [V10, V13, V15] {
        let words = emit_checked(&m, version);
        let dis = disassemble(&words);
        assert!(dis.contains("BuiltIn Position") && dis.contains("BuiltIn VertexIndex"), "{dis}");
        assert!(dis.contains("OpDecorate %tag Flat") || dis.contains("Flat"), "{dis}");
        assert!(dis.contains("NoPerspective") && dis.contains("Centroid"), "{dis}");
        assert!(dis.contains("OpConstantNull"), "private global without initializer: {dis}");
        assert_eq!(count_op(&words, Op::Phi), 1, "select on a struct");
        assert_eq!(capabilities(&words), ["Shader"]);
    }
}

/// Atomics on storage and workgroup memory, atomic load/store, compare-exchange with WGSL's
/// result struct, barriers, and workgroupUniformLoad.
#[test]
fn atomics_and_barriers() {
    let mut m = Module::default();
    let u32t = m.scalar(Scalar::U32);
    let i32t = m.scalar(Scalar::I32);
    let boolt = m.scalar(Scalar::BOOL);
    let au32 = m.ty(TypeInner::Atomic(Scalar::U32));
    let ai32 = m.ty(TypeInner::Atomic(Scalar::I32));
    let counters = m.strukt("Counters", &[("hits", au32, 0), ("max", au32, 4), ("plain", u32t, 8)], 12);
    let buf = m.resource("counters", RW, counters, 0, 0);
    let shared = m.global("shared_min", AddressSpace::Workgroup, ai32);
    let flag = m.global("flag", AddressSpace::Workgroup, u32t);
    let cx = m.strukt("__atomic_compare_exchange_result", &[("old_value", u32t, 0), ("exchanged", boolt, 4)], 0);

    let mut f = Fun::new(&mut m);
    let mut stmts = Vec::new();
    let atomic = |f: &mut Fun, fun: AtomicFunction, member: u32, value: u32, compare: Option<u32>, ty: Handle<Type>| {
        let b = f.global(buf);
        let p = f.field(b, member);
        let v = f.u32(value);
        let c = compare.map(|c| f.u32(c));
        f.e(Expression::Atomic { fun, pointer: p, value: v, compare: c }, ty)
    };
    let add = atomic(&mut f, AtomicFunction::Add, 0, 1, None, u32t);
    let max = atomic(&mut f, AtomicFunction::Max, 1, 7, None, u32t);
    let xchg = atomic(&mut f, AtomicFunction::Exchange, 1, 9, None, u32t);
    let cmpx = atomic(&mut f, AtomicFunction::CompareExchange, 0, 5, Some(1), cx);
    let old = f.field(cmpx, 0);
    let s = f.bin(BinaryOp::Add, add, max);
    let s = f.bin(BinaryOp::Add, s, xchg);
    let s = f.bin(BinaryOp::Add, s, old);
    let b = f.global(buf);
    let plain = f.field(b, 2);
    stmts.push(f.store(plain, s));
    let sp = f.global(shared);
    let minus = f.i32(-3);
    let smin = f.e(Expression::Atomic { fun: AtomicFunction::Min, pointer: sp, value: minus, compare: None }, i32t);
    stmts.push(Statement::Eval(smin));
    let sp = f.global(shared);
    let z = f.i32(0);
    stmts.push(f.store(sp, z)); // OpAtomicStore
    stmts.push(Statement::Barrier(Barrier {
        execution: Some(Scope::Workgroup),
        memory: Scope::Workgroup,
        semantics: MemorySemantics(MemorySemantics::ACQUIRE_RELEASE | MemorySemantics::WORKGROUP_MEMORY),
    }));
    stmts.push(Statement::Barrier(Barrier {
        execution: None,
        memory: Scope::Device,
        semantics: MemorySemantics(MemorySemantics::ACQUIRE_RELEASE | MemorySemantics::UNIFORM_MEMORY),
    }));
    let sp = f.global(shared);
    let loaded = f.load(sp); // OpAtomicLoad
    let lu = f.e(Expression::Bitcast { expr: loaded }, u32t);
    let fp = f.global(flag);
    stmts.push(f.store(fp, lu));
    let fp = f.global(flag);
    let uniform = f.e(Expression::WorkgroupUniformLoad { pointer: fp }, u32t);
    let b = f.global(buf);
    let plain = f.field(b, 2);
    stmts.push(f.store(plain, uniform));
    let main = f.finish("main", None, stmts);
    m.entry("main", Stage::Compute, main, [64, 1, 1]);

    let words = emit_checked(&m, V13);
    for (op, n) in [(Op::AtomicIAdd, 1), (Op::AtomicUMax, 1), (Op::AtomicExchange, 1), (Op::AtomicCompareExchange, 1), (Op::AtomicSMin, 1),
        (Op::AtomicStore, 1), (Op::AtomicLoad, 1), (Op::ControlBarrier, 3), (Op::MemoryBarrier, 1)]
    {
        assert_eq!(count_op(&words, op), n, "{op:?}");
    }
    assert_eq!(capabilities(&words), ["Shader"]);
}

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

/// Storage textures: load and store, dimensions, with format capabilities only when used.
#[test]
fn storage_images() {
    let mut m = Module::default();
    let u32t = m.scalar(Scalar::U32);
    let vec4 = m.vec(4, Scalar::F32);
    let uvec2 = m.vec(2, Scalar::U32);
    let uvec3 = m.vec(3, Scalar::U32);
    let src_ty = image_type(&mut m, ImageDimension::D2, false, ImageClass::Storage { format: StorageFormat::Rgba8, access: StorageAccess::READ, multisampled: false });
    let dst_ty = image_type(&mut m, ImageDimension::D2, true, ImageClass::Storage { format: StorageFormat::Rg16f, access: StorageAccess::WRITE, multisampled: false });
    let src = m.resource("src", AddressSpace::Handle, src_ty, 0, 0);
    let dst = m.resource("dst", AddressSpace::Handle, dst_ty, 0, 1);
    let gid = m.io("gid", AddressSpace::Input, uvec3, IoBinding::BuiltIn(BuiltIn::GlobalInvocationId));
    let mut f = Fun::new(&mut m);
    let coords = |f: &mut Fun| {
        let g = f.global(gid);
        let v = f.load(g);
        f.e(Expression::Swizzle { vector: v, pattern: [0, 1, 0, 0] }, uvec2)
    };
    let image = f.handle(src);
    let coordinate = coords(&mut f);
    let texel = f.e(Expression::ImageLoad { image, coordinate, array_index: None, sample: None, level: None, sparse: false }, vec4);
    let image = f.handle(src);
    let size = f.e(Expression::ImageQuery { image, query: ImageQuery::Size { level: None } }, uvec2);
    let w = f.field(size, 0);
    let f32t = m_f32(&mut f);
    let wf = f.e(Expression::Convert { expr: w, to: Scalar::F32 }, f32t);
    let scaled = f.bin_t(BinaryOp::Multiply, texel, wf, vec4);
    let image = f.handle(dst);
    let coordinate = coords(&mut f);
    let layer = f.u32(1);
    let st = Statement::ImageStore { image, coordinate, array_index: Some(layer), sample: None, value: scaled };
    let _ = u32t;
    let main = f.finish("main", None, vec![st]);
    m.entry("main", Stage::Compute, main, [8, 8, 1]);
    let words = emit_checked(&m, V13);
    assert_eq!(capabilities(&words), ["Shader", "StorageImageExtendedFormats", "ImageQuery"]);
    let dis = disassemble(&words);
    assert!(dis.contains("NonWritable") && dis.contains("NonReadable"), "{dis}");
    assert_eq!(count_op(&words, Op::ImageRead), 1);
    assert_eq!(count_op(&words, Op::ImageWrite), 1);
    assert_eq!(count_op(&words, Op::ImageQuerySize), 1);
}

fn m_f32(f: &mut Fun) -> Handle<Type> {
    f.m.scalar(Scalar::F32)
}

/// Bad input gives diagnostics, not panics.
#[test]
fn bad_input_is_a_diagnostic() {
    let validated = validate::validate(doubling_module()).unwrap();
    assert!(emit(&validated, &Options { version: (1, 7), debug_names: false, wgpu: false, bounds_checks: BoundsChecks::Unchecked }).is_err());
    assert!(emit(&validated, &Options { version: (2, 0), debug_names: false, wgpu: false, bounds_checks: BoundsChecks::Unchecked }).is_err());
    // Broken IR cannot reach the back end: `emit` takes only what the validator accepted.
    // An expression handle pointing nowhere.
    let mut m = doubling_module();
    let bogus = Handle::<Expression>::from_index(10_000);
    m.functions[Handle::from_index(0)].body.push(Statement::Eval(bogus), span());
    assert!(validate::validate(m).is_err());
    // A break outside any loop.
    let mut m = doubling_module();
    m.functions[Handle::from_index(0)].body.push(Statement::Break, span());
    assert!(validate::validate(m).is_err());
}
