//! The IR validator on hand-built modules: a valid compute module passes (and its
//! `ModuleInfo` is right), and each kind of front-end bug, planted into that module, is
//! rejected with an "internal compiler error" naming it, at the offending span, without
//! panicking.
//!
//! Rules whose test is a module and a message live as IR text in `shader-core/test_data/ir/err/`
//! (`tests/ir_suite.rs`: `expr_*`, `stmt_*`, `calls_*`, `entry_point_*`, `global_*`, `const_*`,
//! `type_*`); the tests here check the validator's API: `ModuleInfo`, spans, error collection,
//! depth limits.

use shader_core::diag::Diagnostics;
use shader_core::ir::validate::Validated;
use shader_core::ir::*;
use shader_core::span::{FileId, Span};

/// Types of the test module.
#[derive(Clone, Copy)]
struct Tys {
    u32: Handle<Type>,
    f32: Handle<Type>,
    vec3u: Handle<Type>,
    vec4f: Handle<Type>,
    mat4x3: Handle<Type>,
    ptr_buf: Handle<Type>,
    ptr_data: Handle<Type>,
    ptr_u32: Handle<Type>,
    ptr_f32: Handle<Type>,
    ptr_gid: Handle<Type>,
}

/// A function under construction; every expression and statement gets its own span so tests
/// can check where an error points.
struct Fb {
    f: Function,
    next: u32,
}

impl Fb {
    fn new(name: &str, base: u32) -> Fb {
        Fb { f: Function { name: Some(name.into()), ..Function::default() }, next: base }
    }
    fn span(&mut self) -> Span {
        self.next += 1;
        Span::new(FileId(0), self.next, self.next + 1)
    }
    fn e(&mut self, expr: Expression, ty: Handle<Type>) -> Handle<Expression> {
        let span = self.span();
        self.f.expressions.append(expr, ty, span)
    }
    fn s(&mut self, statement: Statement) -> Span {
        let span = self.span();
        self.f.body.push(statement, span);
        span
    }
    fn lit_u(&mut self, t: &Tys, v: u32) -> Handle<Expression> {
        self.e(Expression::Literal(Literal::U32(v)), t.u32)
    }
    fn lit_f(&mut self, t: &Tys, v: f32) -> Handle<Expression> {
        self.e(Expression::Literal(Literal::F32(v)), t.f32)
    }
}

struct Test {
    m: Module,
    t: Tys,
    buf: Handle<GlobalVariable>,
    gid: Handle<GlobalVariable>,
    main: Handle<Function>,
    helper: Handle<Function>,
    touch: Handle<Function>,
}

fn ty(m: &mut Module, inner: TypeInner) -> Handle<Type> {
    m.ty(inner)
}

/// A valid module: `main` (compute) reads the invocation id, calls `helper(f32) -> f32`,
/// which calls `touch()`, which writes the storage buffer; `main` also loops, switches,
/// binds a let and multiplies a matrix by a vector.
fn valid() -> Test {
    let mut m = Module::default();
    let u32_ = ty(&mut m, TypeInner::Scalar(Scalar::U32));
    let i32_ = ty(&mut m, TypeInner::Scalar(Scalar::I32));
    let f32_ = ty(&mut m, TypeInner::Scalar(Scalar::F32));
    let bool_ = ty(&mut m, TypeInner::Scalar(Scalar::BOOL));
    let vec3u = ty(&mut m, TypeInner::Vector { size: VectorSize::Tri, scalar: Scalar::U32 });
    let vec4f = ty(&mut m, TypeInner::Vector { size: VectorSize::Quad, scalar: Scalar::F32 });
    let mat4x3 = ty(&mut m, TypeInner::Matrix { columns: VectorSize::Quad, rows: VectorSize::Tri, scalar: Scalar::F32 });
    let data = ty(&mut m, TypeInner::Array { base: u32_, size: ArraySize::Dynamic, stride: 4 });
    let buf_ty = m.types.insert(
        Type {
            name: Some("Buf".into()),
            inner: TypeInner::Struct { members: vec![StructMember { name: Some("data".into()), ty: data, offset: 0, matrix: None, memory: Default::default() }], span: 0 },
        },
        Span::default(),
    );
    let rw = AddressSpace::Storage { access: StorageAccess::READ_WRITE };
    let t = Tys {
        u32: u32_,
        f32: f32_,
        vec3u,
        vec4f,
        mat4x3,
        ptr_buf: ty(&mut m, TypeInner::Pointer { base: buf_ty, space: rw }),
        ptr_data: ty(&mut m, TypeInner::Pointer { base: data, space: rw }),
        ptr_u32: ty(&mut m, TypeInner::Pointer { base: u32_, space: rw }),
        ptr_f32: ty(&mut m, TypeInner::Pointer { base: f32_, space: AddressSpace::Function }),
        ptr_gid: ty(&mut m, TypeInner::Pointer { base: vec3u, space: AddressSpace::Input }),
    };
    let buf = m.globals.append(
        GlobalVariable {
            name: Some("buf".into()),
            space: rw,
            binding: Some(ResourceBinding { group: 0, binding: 0 }),
            io: None,
            invariant: false,
            memory: MemoryQualifiers::default(),
            ty: buf_ty,
            init: None,
        },
        Span::new(FileId(0), 1, 2),
    );
    let gid = m.globals.append(
        GlobalVariable {
            name: Some("gid".into()),
            space: AddressSpace::Input,
            binding: None,
            io: Some(IoBinding::BuiltIn(BuiltIn::GlobalInvocationId)),
            invariant: false,
            memory: MemoryQualifiers::default(),
            ty: vec3u,
            init: None,
        },
        Span::new(FileId(0), 2, 3),
    );

    // fn touch() { buf.data[0] = 7u; }
    let mut f = Fb::new("touch", 100);
    let g = f.e(Expression::GlobalVar(buf), t.ptr_buf);
    let d = f.e(Expression::AccessIndex { base: g, index: 0 }, t.ptr_data);
    let e = f.e(Expression::AccessIndex { base: d, index: 0 }, t.ptr_u32);
    let v = f.lit_u(&t, 7);
    f.s(Statement::Store { pointer: e, value: v });
    let touch = m.functions.append(f.f, Span::new(FileId(0), 100, 101));

    // fn helper(x: f32) -> f32 { touch(); return x * 2.0; }
    let mut f = Fb::new("helper", 200);
    f.f.arguments.push(FunctionArgument { name: Some("x".into()), ty: f32_ });
    f.f.result = Some(f32_);
    f.s(Statement::Call { function: touch, arguments: vec![] });
    let x = f.e(Expression::FunctionArg(0), f32_);
    let two = f.lit_f(&t, 2.0);
    let mul = f.e(Expression::Binary { op: BinaryOp::Multiply, left: x, right: two }, f32_);
    f.s(Statement::Return { value: Some(mul) });
    let helper = m.functions.append(f.f, Span::new(FileId(0), 200, 201));

    // fn main()
    let mut f = Fb::new("main", 300);
    let local = f.f.locals.append(LocalVariable { name: Some("v".into()), ty: f32_ }, Span::default());
    let idx_let = f.f.lets.append(LetBinding { name: Some("idx".into()), ty: u32_ }, Span::default());
    // let idx = gid.x;
    let gp = f.e(Expression::GlobalVar(gid), t.ptr_gid);
    let gl = f.e(Expression::Load { pointer: gp }, vec3u);
    let gx = f.e(Expression::AccessIndex { base: gl, index: 0 }, u32_);
    f.s(Statement::Let { binding: idx_let, value: gx });
    // v = helper(1.0);
    let lv = f.e(Expression::LocalVar(local), t.ptr_f32);
    let one = f.lit_f(&t, 1.0);
    let call = f.e(Expression::Call { function: helper, arguments: vec![one] }, f32_);
    f.s(Statement::Store { pointer: lv, value: call });
    // loop { if idx > 10u { break; } continue; } continuing { } break_if true
    let r = f.e(Expression::LetRef(idx_let), u32_);
    let ten = f.lit_u(&t, 10);
    let cmp = f.e(Expression::Binary { op: BinaryOp::Greater, left: r, right: ten }, bool_);
    let mut accept = Block::new();
    accept.push(Statement::Break, f.span());
    let mut body = Block::new();
    body.push(Statement::If { condition: cmp, accept, reject: Block::new() }, f.span());
    body.push(Statement::Continue, f.span());
    let yes = f.e(Expression::Literal(Literal::Bool(true)), bool_);
    f.s(Statement::Loop { body, continuing: Block::new(), break_if: Some(yes) });
    // switch i32(idx) { case 1: { break; } default: {} }
    let r = f.e(Expression::LetRef(idx_let), u32_);
    let sel = f.e(Expression::Convert { expr: r, to: Scalar::I32 }, i32_);
    let mut case1 = Block::new();
    case1.push(Statement::Break, f.span());
    f.s(Statement::Switch {
        selector: sel,
        cases: vec![
            SwitchCase { values: vec![SwitchValue::I32(1)], body: case1, fall_through: false },
            SwitchCase { values: vec![SwitchValue::Default], body: Block::new(), fall_through: false },
        ],
    });
    // _ = mat4x3() * vec4(1.0) + 2u as a vec3 mix: (m * v).x + 1.0
    let zm = f.e(Expression::ZeroValue(mat4x3), mat4x3);
    let o = f.lit_f(&t, 1.0);
    let sv = f.e(Expression::Splat { value: o }, vec4f);
    let vec3f = f_vec3(&mut m);
    let prod = f.e(Expression::Binary { op: BinaryOp::Multiply, left: zm, right: sv }, vec3f);
    let o2 = f.lit_f(&t, 1.0);
    let sum = f.e(Expression::Binary { op: BinaryOp::Add, left: prod, right: o2 }, vec3f);
    let sw = f.e(Expression::Swizzle { vector: sum, pattern: [2, 1, 0, 0] }, vec3f);
    let cl0 = f.lit_f(&t, 0.0);
    let cl1 = f.lit_f(&t, 1.0);
    let clamp = f.e(Expression::Math { fun: MathFunction::Clamp, args: vec![sw, cl0, cl1] }, vec3f);
    f.s(Statement::Eval(clamp));
    f.s(Statement::Return { value: None });
    let main = m.functions.append(f.f, Span::new(FileId(0), 300, 301));
    m.entry_points.push(EntryPoint {
        name: "main".into(),
        stage: Stage::Compute,
        function: main,
        workgroup_size: [64, 1, 1],
        workgroup_size_overrides: [None; 3],
        early_fragment_tests: false,
    });
    Test { m, t, buf, gid, main, helper, touch }
}

fn f_vec3(m: &mut Module) -> Handle<Type> {
    m.ty(TypeInner::Vector { size: VectorSize::Tri, scalar: Scalar::F32 })
}

/// Appends a function `name` built by `build` (returning nothing) and gives its handle.
fn add_fn(m: &mut Module, name: &str, build: impl FnOnce(&mut Fb)) -> Handle<Function> {
    let mut f = Fb::new(name, 1000 + m.functions.len() as u32 * 100);
    build(&mut f);
    let span = Span::new(FileId(0), f.next, f.next + 1);
    m.functions.append(f.f, span)
}

/// The validator on a copy (tests plant bugs in one module several times).
fn validate(m: &Module) -> Result<Validated, Diagnostics> {
    shader_core::ir::validate::validate(m.clone())
}

/// Validation fails with an internal compiler error containing `needle`; returns it all.
#[track_caller]
fn rejects(m: &Module, needle: &str) -> Diagnostics {
    let diags = match validate(m) {
        Ok(_) => panic!("module with a planted `{needle}` bug passed validation"),
        Err(d) => d,
    };
    assert!(diags.iter().all(|d| d.message.starts_with("internal compiler error: ")), "{diags:#?}");
    assert!(
        diags.iter().any(|d| d.message.contains(needle)),
        "no error mentions `{needle}`; got:\n{}",
        diags.iter().map(|d| d.message.as_str()).collect::<Vec<_>>().join("\n")
    );
    diags
}

fn span_of(diags: &Diagnostics, needle: &str) -> Span {
    diags.iter().find(|d| d.message.contains(needle)).and_then(|d| d.primary_span()).unwrap()
}

#[test]
fn valid_module_passes_with_transitive_info() {
    let t = valid();
    let validated = validate(&t.m).unwrap_or_else(|d| panic!("{d:#?}"));
    let info = validated.info();
    assert_eq!(info.function(t.touch).globals(), [t.buf]);
    assert_eq!(info.function(t.helper).globals(), [t.buf], "through the call to touch");
    assert_eq!(info.function(t.helper).calls(), [t.touch]);
    assert_eq!(info.function(t.main).globals(), [t.buf, t.gid]);
    assert_eq!(info.function(t.main).calls(), [t.helper]);
}

/// `ir::calls::uses` (what `ModuleInfo` keeps): exactly the globals a function reaches through
/// calls, wherever the call sits (expression, statement nested in a loop and an `if`), not the
/// globals of functions it does not reach; on unvalidated IR with a call cycle it ends.
#[test]
fn uses_lists_exactly_the_globals_reached_through_calls() {
    let mut t = valid();
    let (tt, touch) = (t.t, t.touch);
    let private = |m: &mut Module, name: &str| {
        let g = GlobalVariable {
            name: Some(name.into()),
            space: AddressSpace::Private,
            binding: None,
            io: None,
            invariant: false,
            memory: MemoryQualifiers::default(),
            ty: tt.f32,
            init: None,
        };
        m.globals.append(g, Span::default())
    };
    let other = private(&mut t.m, "other");
    let unused = private(&mut t.m, "unused");
    let ptr_private = t.m.ty(TypeInner::Pointer { base: tt.f32, space: AddressSpace::Private });
    let bool_ = t.m.ty(TypeInner::Scalar(Scalar::BOOL));
    // fn lonely() { other = 1.0; }  (no one calls it)
    let lonely = add_fn(&mut t.m, "lonely", |f| {
        let p = f.e(Expression::GlobalVar(other), ptr_private);
        let v = f.lit_f(&tt, 1.0);
        f.s(Statement::Store { pointer: p, value: v });
    });
    // fn caller() { loop { if true { touch(); } break; } }
    let caller = add_fn(&mut t.m, "caller", |f| {
        let yes = f.e(Expression::Literal(Literal::Bool(true)), bool_);
        let mut accept = Block::new();
        accept.push(Statement::Call { function: touch, arguments: vec![] }, f.span());
        let mut body = Block::new();
        body.push(Statement::If { condition: yes, accept, reject: Block::new() }, f.span());
        body.push(Statement::Break, f.span());
        f.s(Statement::Loop { body, continuing: Block::new(), break_if: None });
    });
    let validated = validate(&t.m).unwrap_or_else(|d| panic!("{d:#?}"));
    let info = validated.info();
    assert_eq!(info.function(lonely).globals(), [other]);
    assert_eq!(info.function(caller).globals(), [t.buf], "through touch, called in a loop's if");
    assert_eq!(info.function(caller).calls(), [touch]);
    assert_eq!(info.function(t.main).globals(), [t.buf, t.gid], "not `other` (lonely is not called)");
    for (h, _) in t.m.functions.iter() {
        assert!(!info.function(h).globals().contains(&unused), "{h:?} lists a global nobody names");
    }
    // A cycle (invalid IR, as the WGSL front end may hold before reporting it): both ends
    // reach what either names.
    let a = add_fn(&mut t.m, "a", |_| {});
    let b = add_fn(&mut t.m, "b", |f| {
        f.s(Statement::Call { function: a, arguments: vec![] });
        let p = f.e(Expression::GlobalVar(other), ptr_private);
        let v = f.lit_f(&tt, 2.0);
        f.s(Statement::Store { pointer: p, value: v });
    });
    t.m.functions[a].body.push(Statement::Call { function: b, arguments: vec![] }, Span::default());
    let uses = shader_core::ir::calls::uses(&t.m);
    assert_eq!(uses[a.index()].globals(), [other]);
    assert_eq!(uses[b.index()].globals(), [other]);
    assert_eq!(uses[a.index()].calls(), [b]);
}

#[test]
fn valid_operand_mixing_passes() {
    // Scalar-vector arithmetic, vector * matrix, matrix * matrix, shifts by a scalar,
    // comparisons, select on a bool vector.
    let mut t = valid();
    let (f32_, vec4f, mat4x3) = (t.t.f32, t.t.vec4f, t.t.mat4x3);
    let vec3f = f_vec3(&mut t.m);
    let mat3x4 = t.m.ty(TypeInner::Matrix { columns: VectorSize::Tri, rows: VectorSize::Quad, scalar: Scalar::F32 });
    let mat3 = t.m.ty(TypeInner::Matrix { columns: VectorSize::Tri, rows: VectorSize::Tri, scalar: Scalar::F32 });
    let bvec3 = t.m.ty(TypeInner::Vector { size: VectorSize::Tri, scalar: Scalar::BOOL });
    let vec3u = t.t.vec3u;
    let tt = t.t;
    add_fn(&mut t.m, "ops", |f| {
        let s = f.lit_f(&tt, 2.0);
        let v = f.e(Expression::ZeroValue(vec4f), vec4f);
        let sv = f.e(Expression::Binary { op: BinaryOp::Multiply, left: s, right: v }, vec4f);
        let v3 = f.e(Expression::ZeroValue(vec3f), vec3f);
        let m = f.e(Expression::ZeroValue(mat4x3), mat4x3);
        let vm = f.e(Expression::Binary { op: BinaryOp::Multiply, left: v3, right: m }, vec4f); // vec3 * mat4x3 -> vec4
        let sum = f.e(Expression::Binary { op: BinaryOp::Add, left: sv, right: vm }, vec4f);
        f.s(Statement::Eval(sum));
        let a = f.e(Expression::ZeroValue(mat4x3), mat4x3);
        let b = f.e(Expression::ZeroValue(mat3x4), mat3x4);
        let mm = f.e(Expression::Binary { op: BinaryOp::Multiply, left: a, right: b }, mat3); // 4x3 * 3x4 -> 3x3
        f.s(Statement::Eval(mm));
        let u = f.e(Expression::ZeroValue(vec3u), vec3u);
        let sh = f.lit_u(&tt, 2);
        let shl = f.e(Expression::Binary { op: BinaryOp::ShiftLeft, left: u, right: sh }, vec3u);
        f.s(Statement::Eval(shl));
        let x = f.e(Expression::ZeroValue(vec3f), vec3f);
        let y = f.e(Expression::ZeroValue(vec3f), vec3f);
        let lt = f.e(Expression::Binary { op: BinaryOp::Less, left: x, right: y }, bvec3);
        let p = f.e(Expression::ZeroValue(vec3f), vec3f);
        let q = f.e(Expression::ZeroValue(vec3f), vec3f);
        let sel = f.e(Expression::Select { condition: lt, accept: p, reject: q }, vec3f);
        let len = f.e(Expression::Math { fun: MathFunction::Length, args: vec![sel] }, f32_);
        f.s(Statement::Eval(len));
    });
    validate(&t.m).unwrap_or_else(|d| panic!("{d:#?}"));
}

#[test]
fn expression_trees() {
    // Used twice.
    let mut t = valid();
    let tt = t.t;
    let d = {
        let helper = &mut t.m.functions[t.helper];
        let shared = Handle::from_index(helper.expressions.len() - 1); // the multiply
        helper.body.push(Statement::Eval(shared), Span::new(FileId(0), 7, 8));
        rejects(&t.m, "is used 2 times")
    };
    assert_eq!(span_of(&d, "used 2 times"), t.m.functions[t.helper].expressions.span(Handle::from_index(2)));
    // A storage leaf may be shared.
    let mut t = valid();
    add_fn(&mut t.m, "share", |f| {
        let lv = f.f.locals.append(LocalVariable { name: None, ty: tt.f32 }, Span::default());
        let p = f.e(Expression::LocalVar(lv), tt.ptr_f32);
        let a = f.e(Expression::Load { pointer: p }, tt.f32);
        let b = f.e(Expression::Load { pointer: p }, tt.f32);
        let s = f.e(Expression::Binary { op: BinaryOp::Add, left: a, right: b }, tt.f32);
        f.s(Statement::Store { pointer: p, value: s });
    });
    validate(&t.m).unwrap_or_else(|d| panic!("{d:#?}"));
    // Never used.
    let mut t = valid();
    add_fn(&mut t.m, "dead", |f| {
        f.lit_u(&tt, 3);
    });
    rejects(&t.m, "is never used");
    // Child after parent.
    let mut t = valid();
    add_fn(&mut t.m, "order", |f| {
        let later = Handle::from_index(1);
        let neg = f.e(Expression::Unary { op: UnaryOp::Negate, expr: later }, tt.f32);
        f.lit_f(&tt, 1.0);
        f.s(Statement::Eval(neg));
    });
    rejects(&t.m, "does not come before it");
}

#[test]
fn garbage_handles_do_not_panic() {
    let bogus_ty: Handle<Type> = Handle::from_index(9999);
    let mut t = valid();
    let tt = t.t;
    add_fn(&mut t.m, "garbage", |f| {
        let a = f.e(Expression::Literal(Literal::F32(1.0)), bogus_ty);
        f.s(Statement::Eval(a));
        let g = f.e(Expression::GlobalVar(Handle::from_index(500)), tt.ptr_u32);
        let l = f.e(Expression::Load { pointer: g }, tt.u32);
        f.s(Statement::Eval(l));
        let lv = f.e(Expression::LocalVar(Handle::from_index(77)), tt.ptr_f32);
        let one = f.lit_f(&tt, 1.0);
        f.s(Statement::Store { pointer: lv, value: one });
        let c = f.e(Expression::Call { function: Handle::from_index(123), arguments: vec![] }, tt.f32);
        f.s(Statement::Eval(c));
        f.s(Statement::Eval(Handle::from_index(4444)));
        f.s(Statement::Call { function: Handle::from_index(55), arguments: vec![Handle::from_index(66)] });
        f.s(Statement::Let { binding: Handle::from_index(8), value: Handle::from_index(9) });
        let z = f.e(Expression::ZeroValue(bogus_ty), bogus_ty);
        f.s(Statement::Eval(z));
    });
    t.m.types.insert(Type { name: None, inner: TypeInner::Pointer { base: Handle::from_index(5000), space: AddressSpace::Private } }, Span::default());
    t.m.entry_points.push(EntryPoint {
        name: "ghost".into(),
        stage: Stage::Compute,
        function: Handle::from_index(42),
        workgroup_size: [1, 1, 1],
        workgroup_size_overrides: [Some(Handle::from_index(3)), None, None],
        early_fragment_tests: false,
    });
    t.m.globals[t.buf].ty = bogus_ty;
    t.m.globals[t.gid].init = Some(Handle::from_index(31));
    let d = rejects(&t.m, "type handle [9999]");
    for needle in [
        "global [500] does not exist",
        "local variable [77] does not exist",
        "function [123] does not exist",
        "uses expression [4444]",
        "refers to type [5000], which does not come before it",
        "names function [42], which does not exist",
        "initializer [31] is not a constant expression",
    ] {
        assert!(d.iter().any(|x| x.message.contains(needle)), "missing `{needle}` in {d:#?}");
    }
}

/// Replaces `helper`'s body expression `x * 2.0` by what `plant` builds, returning the span of
/// the planted expression.
fn plant_expr(t: &mut Test, plant: impl FnOnce(&mut Fb, &Tys) -> Handle<Expression>) -> Span {
    let tt = t.t;
    let mut span = Span::default();
    add_fn(&mut t.m, "planted", |f| {
        let e = plant(f, &tt);
        span = f.f.expressions.span(e);
        f.s(Statement::Eval(e));
    });
    span
}

/// Each expression rule has a data file in `shader-core/test_data/ir/err/expr_*.ir` (run by
/// `tests/ir_suite.rs`), where the text cannot carry spans; here: the error points at the
/// offending expression's span.
#[test]
fn expression_errors_point_at_the_expression() {
    type Plant = fn(&mut Fb, &Tys) -> Handle<Expression>;
    let cases: Vec<(&str, Plant)> = vec![
        ("Add does not apply to f32 and u32", |f, t| {
            let a = f.lit_f(t, 1.0);
            let b = f.lit_u(t, 1);
            f.e(Expression::Binary { op: BinaryOp::Add, left: a, right: b }, t.f32)
        }),
        ("load through f32, not a pointer", |f, t| {
            let a = f.lit_f(t, 1.0);
            f.e(Expression::Load { pointer: a }, t.f32)
        }),
        ("argument 2 of a function with 0 arguments", |f, t| f.e(Expression::FunctionArg(2), t.f32)),
    ];
    for (needle, plant) in cases {
        let mut t = valid();
        let span = plant_expr(&mut t, plant);
        let d = rejects(&t.m, needle);
        assert_eq!(span_of(&d, needle), span, "`{needle}` points at the planted expression");
    }
}

/// Statement rules' messages are data (`test_data/ir/err/stmt_*.ir`); here, that an error
/// points at the planted statement.
#[test]
fn statement_errors_point_at_the_statement() {
    type Plant = fn(&mut Fb, &Tys) -> Span;
    let cases: Vec<(&str, Plant)> = vec![
        ("break outside a loop or switch", |f, _| f.s(Statement::Break)),
        ("if condition has type f32, not bool", |f, t| {
            let c = f.lit_f(t, 1.0);
            f.s(Statement::If { condition: c, accept: Block::new(), reject: Block::new() })
        }),
        ("store of u32 through a pointer to f32", |f, t| {
            let lv = f.f.locals.append(LocalVariable { name: None, ty: t.f32 }, Span::default());
            let p = f.e(Expression::LocalVar(lv), t.ptr_f32);
            let v = f.lit_u(t, 1);
            f.s(Statement::Store { pointer: p, value: v })
        }),
    ];
    for (needle, plant) in cases {
        let mut t = valid();
        let tt = t.t;
        let mut span = Span::default();
        add_fn(&mut t.m, "planted", |f| span = plant(f, &tt));
        let d = rejects(&t.m, needle);
        assert_eq!(span_of(&d, needle), span, "`{needle}` points at the planted statement");
    }
}

/// Global and constant rules are data (`test_data/ir/err/global_*.ir`, `const_*.ir`); here,
/// that a global's error points at the global.
#[test]
fn global_errors_point_at_the_global() {
    let mut t = valid();
    t.m.globals[t.gid].io = None;
    let d = rejects(&t.m, "Input globals need an IoBinding");
    assert_eq!(span_of(&d, "IoBinding"), Span::new(FileId(0), 2, 3));
}

#[test]
fn all_errors_are_collected() {
    let mut t = valid();
    let tt = t.t;
    add_fn(&mut t.m, "many", |f| {
        f.s(Statement::Break);
        f.s(Statement::Continue);
        let c = f.lit_f(&tt, 1.0);
        f.s(Statement::If { condition: c, accept: Block::new(), reject: Block::new() });
    });
    t.m.globals[t.gid].io = None;
    let d = rejects(&t.m, "break outside");
    assert_eq!(d.len(), 4, "{d:#?}");
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let mut t = valid();
    add_fn(&mut t.m, "deep", |f| {
        let mut block = Block::new();
        for _ in 0..5000 {
            let mut outer = Block::new();
            outer.push(Statement::Block(block), Span::default());
            block = outer;
        }
        f.f.body = block;
    });
    // Run on a thread with a modest stack: the validator must stop at its depth limit. The
    // module is moved in, not cloned (a derived `Clone` recurses as deep as the blocks).
    let run = move || shader_core::ir::validate::validate(t.m).map(|_| ());
    let handle = std::thread::Builder::new().stack_size(8 << 20).spawn(run).unwrap();
    let result = handle.join().expect("validator overflowed its stack");
    let d = result.unwrap_err();
    assert!(d.iter().any(|x| x.message.contains("nested too deeply")), "{d:#?}");
}

/// A buffer reference's pointee may come after the pointer (a block holding references to
/// itself). Any other forward reference, and any cycle not broken by a reference, is a bug:
/// `test_data/ir/err/type_cycle_through_function_pointer.ir`, `type_struct_names_a_later_type.ir`.
#[test]
fn buffer_reference_self_reference_passes() {
    let space = AddressSpace::PhysicalStorage { align: 16, memory: MemoryQualifiers::default() };
    let member = |ty| StructMember { name: None, ty, offset: 0, matrix: None, memory: Default::default() };
    // Node { Node next; u32 value; } built as the GLSL front end does: placeholder, pointer,
    // then the real members.
    let mut t = valid();
    let node = t.m.types.insert(Type { name: Some("Node".into()), inner: TypeInner::Struct { members: Vec::new(), span: u32::MAX } }, Span::default());
    let reference = t.m.ty(TypeInner::Pointer { base: node, space });
    let members = vec![member(reference), StructMember { offset: 8, ..member(t.t.u32) }];
    t.m.types.replace(node, Type { name: Some("Node".into()), inner: TypeInner::Struct { members, span: 16 } });
    assert!(validate(&t.m).is_ok(), "{:#?}", validate(&t.m).err());
}
