//! Reflection of hand-built IR modules: every field of the JSON a host reads, checked against
//! values worked out by hand from the layouts written into the IR.

use serde_json::{json, Value};
use shader_core::ir::*;
use shader_core::reflect::reflect;
use shader_core::span::Span;

// ---------------------------------------------------------------------------------------------
// Module-building helpers

fn named(m: &mut Module, name: &str, inner: TypeInner) -> Handle<Type> {
    m.types.insert(Type { name: Some(name.to_string()), inner }, Span::default())
}

fn member(name: &str, ty: Handle<Type>, offset: u32) -> StructMember {
    StructMember { name: Some(name.to_string()), ty, offset, matrix: None, memory: Default::default() }
}

fn matrix_member(name: &str, ty: Handle<Type>, offset: u32, stride: u32, row_major: bool) -> StructMember {
    StructMember { matrix: Some(MatrixLayout { stride, row_major }), ..member(name, ty, offset) }
}

fn global(m: &mut Module, name: &str, space: AddressSpace, ty: Handle<Type>) -> Handle<GlobalVariable> {
    m.globals.append(GlobalVariable::new(name, space, ty), Span::default())
}

fn resource(
    m: &mut Module,
    name: &str,
    space: AddressSpace,
    ty: Handle<Type>,
    group: u32,
    binding: u32,
) -> Handle<GlobalVariable> {
    let g = global(m, name, space, ty);
    m.globals[g].binding = Some(ResourceBinding { group, binding });
    g
}

fn location(
    m: &mut Module,
    name: &str,
    space: AddressSpace,
    ty: Handle<Type>,
    location: u32,
    blend_src: Option<u32>,
) -> Handle<GlobalVariable> {
    let g = global(m, name, space, ty);
    m.globals[g].io =
        Some(IoBinding::Location { location, component: None, interpolation: None, sampling: None, blend_src });
    g
}

fn builtin(
    m: &mut Module,
    name: &str,
    space: AddressSpace,
    ty: Handle<Type>,
    builtin: BuiltIn,
) -> Handle<GlobalVariable> {
    let g = global(m, name, space, ty);
    m.globals[g].io = Some(IoBinding::BuiltIn(builtin));
    g
}

/// A function whose expression arena names `uses`, each read by an `Eval` statement.
fn function(m: &mut Module, name: &str, uses: &[Handle<GlobalVariable>]) -> Function {
    let mut f = Function { name: Some(name.to_string()), ..Function::default() };
    for &g in uses {
        let (base, space) = (m.globals[g].ty, m.globals[g].space);
        // A global names its memory (IR: `GlobalVar` has pointer type), except handles.
        let ty = if space == AddressSpace::Handle { base } else { m.ty(TypeInner::Pointer { base, space }) };
        let e = f.expressions.append(Expression::GlobalVar(g), ty, Span::default());
        f.body.push(Statement::Eval(e), Span::default());
    }
    f
}

fn entry_point(m: &mut Module, name: &str, stage: Stage, f: Function) -> usize {
    let function = m.functions.append(f, Span::default());
    m.entry_points.push(EntryPoint {
        name: name.to_string(),
        stage,
        function,
        workgroup_size: [1, 1, 1],
        workgroup_size_overrides: [None; 3],
        early_fragment_tests: false,
    });
    m.entry_points.len() - 1
}

fn constant(m: &mut Module, literal: Literal) -> Handle<Expression> {
    let ty = m.ty(TypeInner::Scalar(literal.scalar()));
    m.const_expressions.append(Expression::Literal(literal), ty, Span::default())
}

fn override_(
    m: &mut Module,
    name: &str,
    id: Option<u32>,
    ty: Handle<Type>,
    init: Option<Handle<Expression>>,
) -> Handle<Override> {
    m.overrides.append(Override { name: Some(name.to_string()), id, ty, init }, Span::default())
}

fn to_json(m: &Module) -> Value {
    serde_json::to_value(reflect(&validated(m))).expect("reflection serializes")
}

/// Reflection takes validated IR only.
fn validated(m: &Module) -> shader_core::ir::validate::Validated {
    shader_core::ir::validate::validate(m.clone()).unwrap_or_else(|d| panic!("the test's module is invalid: {d:#?}"))
}

/// Compares one section with a readable diff-friendly message.
fn assert_json(actual: &Value, expected: Value) {
    assert_eq!(
        actual,
        &expected,
        "\nactual:\n{}\nexpected:\n{}",
        serde_json::to_string_pretty(actual).unwrap(),
        serde_json::to_string_pretty(&expected).unwrap()
    );
}

// ---------------------------------------------------------------------------------------------
// A compute shader: uniform + storage (runtime array) + textures + samplers + overrides

fn compute_module() -> Module {
    let mut m = Module::default();
    let f32_ = m.ty(TypeInner::Scalar(Scalar::F32));
    let u32_ = m.ty(TypeInner::Scalar(Scalar::U32));
    let i32_ = m.ty(TypeInner::Scalar(Scalar::I32));
    let vec3 = m.ty(TypeInner::Vector { size: VectorSize::Tri, scalar: Scalar::F32 });
    let vec4 = m.ty(TypeInner::Vector { size: VectorSize::Quad, scalar: Scalar::F32 });
    let mat4 = m.ty(TypeInner::Matrix { columns: VectorSize::Quad, rows: VectorSize::Quad, scalar: Scalar::F32 });
    let mat3 = m.ty(TypeInner::Matrix { columns: VectorSize::Tri, rows: VectorSize::Tri, scalar: Scalar::F32 });
    let weights = m.ty(TypeInner::Array { base: vec4, size: ArraySize::Constant(4), stride: 16 });
    // std140: mat3 columns are padded to 16 bytes, so the matrix takes 48.
    let params = named(
        &mut m,
        "Params",
        TypeInner::Struct {
            members: vec![
                member("dt", f32_, 0),
                matrix_member("transform", mat4, 16, 16, false),
                member("weights", weights, 80),
                matrix_member("normal", mat3, 144, 16, false),
            ],
            span: 192,
        },
    );
    let particle = named(
        &mut m,
        "Particle",
        TypeInner::Struct {
            members: vec![member("pos", vec3, 0), member("mass", f32_, 12), member("vel", vec3, 16)],
            span: 32,
        },
    );
    let items = m.ty(TypeInner::Array { base: particle, size: ArraySize::Dynamic, stride: 32 });
    // The span covers the fixed part only; reflection adds the first element.
    let particles = named(
        &mut m,
        "Particles",
        TypeInner::Struct { members: vec![member("count", u32_, 0), member("items", items, 16)], span: 16 },
    );
    let indices = m.ty(TypeInner::Array { base: u32_, size: ArraySize::Dynamic, stride: 4 });
    let tex2d = m.ty(TypeInner::Image {
        dim: ImageDimension::D2,
        arrayed: false,
        class: ImageClass::Sampled { kind: ScalarKind::Float, multisampled: false },
    });
    let sampler = m.ty(TypeInner::Sampler { comparison: false });
    let cmp_sampler = m.ty(TypeInner::Sampler { comparison: true });
    let storage_img = m.ty(TypeInner::Image {
        dim: ImageDimension::D2,
        arrayed: false,
        class: ImageClass::Storage { format: StorageFormat::Rgba8, access: StorageAccess::WRITE, multisampled: false },
    });
    let tex_array = m.ty(TypeInner::BindingArray { base: tex2d, size: ArraySize::Constant(4) });
    let sampler_array = m.ty(TypeInner::BindingArray { base: cmp_sampler, size: ArraySize::Dynamic });
    let shared = m.ty(TypeInner::Array { base: f32_, size: ArraySize::Constant(64), stride: 4 });

    // Declared out of (group, binding) order on purpose.
    let tex = resource(&mut m, "tex", AddressSpace::Handle, tex2d, 1, 0);
    let samp = resource(&mut m, "samp", AddressSpace::Handle, sampler, 1, 1);
    let params_g = resource(&mut m, "params", AddressSpace::Uniform, params, 0, 0);
    let particles_g =
        resource(&mut m, "particles", AddressSpace::Storage { access: StorageAccess::READ_WRITE }, particles, 0, 1);
    resource(&mut m, "out_img", AddressSpace::Handle, storage_img, 2, 0);
    let textures = resource(&mut m, "textures", AddressSpace::Handle, tex_array, 1, 2);
    let shared_g = global(&mut m, "scratch", AddressSpace::Workgroup, shared);
    let samplers = resource(&mut m, "samplers", AddressSpace::Handle, sampler_array, 1, 3);
    let indices_g = resource(&mut m, "indices", AddressSpace::Storage { access: StorageAccess::READ }, indices, 0, 2);

    let one_point_five = constant(&mut m, Literal::F32(1.5));
    let sixty_four = constant(&mut m, Literal::U32(64));
    let two = constant(&mut m, Literal::F32(2.0));
    let point_one = constant(&mut m, Literal::F32(0.1));
    let scale = override_(&mut m, "scale", Some(0), f32_, Some(one_point_five));
    let block_x = override_(&mut m, "block_x", None, u32_, Some(sixty_four));
    let scale_ref = m.const_expressions.append(Expression::Override(scale), f32_, Span::default());
    let doubled = m.const_expressions.append(
        Expression::Binary { op: BinaryOp::Multiply, left: scale_ref, right: two },
        f32_,
        Span::default(),
    );
    override_(&mut m, "double_scale", None, f32_, Some(doubled));
    override_(&mut m, "bias", Some(2), f32_, Some(point_one));
    override_(&mut m, "no_default", None, i32_, None);

    let main = function(&mut m, "main", &[params_g, particles_g, tex, samp, textures, samplers, shared_g, indices_g]);
    let ep = entry_point(&mut m, "main", Stage::Compute, main);
    m.entry_points[ep].workgroup_size = [64, 1, 1];
    m.entry_points[ep].workgroup_size_overrides = [Some(block_x), None, None];
    m
}

#[test]
fn compute_entry_point_has_workgroup_size_and_override_dimension() {
    let r = to_json(&compute_module());
    assert_json(
        &r["entry_points"],
        json!([{
            "name": "main",
            "stage": "compute",
            "workgroup_size": [64, 1, 1],
            // block_x has no declared id: it gets 1, the lowest id nobody declared.
            "workgroup_size_overrides": [1, null, null],
        }]),
    );
}

#[test]
fn compute_uniform_buffer_layout() {
    let r = to_json(&compute_module());
    assert_json(
        &r["bindings"][0],
        json!({
            "group": 0, "binding": 0, "name": "params", "kind": "uniform_buffer", "type": "Params",
            "buffer": {
                "size": 192,
                "members": [
                    { "name": "dt", "offset": 0, "size": 4, "type": "f32" },
                    { "name": "transform", "offset": 16, "size": 64, "type": "mat4x4<f32>",
                      "matrix_stride": 16, "row_major": false },
                    { "name": "weights", "offset": 80, "size": 64, "type": "array<vec4<f32>, 4>",
                      "array_stride": 16, "array_length": 4 },
                    { "name": "normal", "offset": 144, "size": 48, "type": "mat3x3<f32>",
                      "matrix_stride": 16, "row_major": false },
                ],
            },
            "stages": ["compute"],
        }),
    );
}

#[test]
fn compute_storage_buffer_with_runtime_array() {
    let r = to_json(&compute_module());
    assert_json(
        &r["bindings"][1],
        json!({
            "group": 0, "binding": 1, "name": "particles", "kind": "storage_buffer",
            "access": "read_write", "type": "Particles",
            "buffer": {
                // 16 bytes of fixed part + one 32-byte Particle.
                "size": 48,
                "runtime_array_stride": 32,
                "members": [
                    { "name": "count", "offset": 0, "size": 4, "type": "u32" },
                    { "name": "items", "offset": 16, "size": 32, "type": "array<Particle>",
                      "array_stride": 32,
                      "members": [
                          { "name": "pos", "offset": 0, "size": 12, "type": "vec3<f32>" },
                          { "name": "mass", "offset": 12, "size": 4, "type": "f32" },
                          { "name": "vel", "offset": 16, "size": 12, "type": "vec3<f32>" },
                      ] },
                ],
            },
            "stages": ["compute"],
        }),
    );
    // A storage global that is itself a runtime array.
    assert_json(
        &r["bindings"][2],
        json!({
            "group": 0, "binding": 2, "name": "indices", "kind": "storage_buffer", "access": "read",
            "type": "array<u32>",
            "buffer": { "size": 4, "runtime_array_stride": 4, "array_stride": 4 },
            "stages": ["compute"],
        }),
    );
}

#[test]
fn compute_textures_samplers_and_descriptor_arrays() {
    let r = to_json(&compute_module());
    let sampled_2d = json!({ "dimension": "2d", "arrayed": false, "multisampled": false, "sample_type": "float" });
    assert_json(
        &r["bindings"].as_array().unwrap()[3..].to_vec().into(),
        json!([
            { "group": 1, "binding": 0, "name": "tex", "kind": "sampled_texture", "type": "texture_2d<f32>",
              "texture": sampled_2d, "stages": ["compute"] },
            { "group": 1, "binding": 1, "name": "samp", "kind": "sampler", "type": "sampler",
              "stages": ["compute"] },
            { "group": 1, "binding": 2, "name": "textures", "kind": "sampled_texture",
              "type": "binding_array<texture_2d<f32>, 4>", "count": 4, "texture": sampled_2d,
              "stages": ["compute"] },
            { "group": 1, "binding": 3, "name": "samplers", "kind": "comparison_sampler",
              "type": "binding_array<sampler_comparison>", "count_unbounded": true,
              "stages": ["compute"] },
            // Unused by `main`, still declared: the only entry point's stage.
            { "group": 2, "binding": 0, "name": "out_img", "kind": "storage_texture", "access": "write",
              "type": "texture_storage_2d<rgba8unorm, write>",
              "texture": { "dimension": "2d", "arrayed": false, "multisampled": false, "sample_type": "float", "format": "rgba8unorm" },
              "stages": ["compute"] },
        ]),
    );
    // The workgroup array is not a binding.
    assert_eq!(r["bindings"].as_array().unwrap().len(), 8);
}

#[test]
fn specialization_constants_have_ids_types_and_defaults() {
    let r = to_json(&compute_module());
    assert_json(
        &r["specialization_constants"],
        json!([
            { "name": "scale", "id": 0, "type": "f32", "default": 1.5 },
            { "name": "block_x", "id": 1, "type": "u32", "default": 64 },
            // `double_scale = scale * 2` is not listed: the back end writes it as an
            // OpSpecConstantOp, which has no SpecId (SPIR-V 2.16.1); it follows `scale`.
            // An f32 0.1 prints as 0.1, not as its f64 widening 0.10000000149011612.
            { "name": "bias", "id": 2, "type": "f32", "default": 0.1 },
            // 2 is declared by `bias`, so the next free id is 3.
            { "name": "no_default", "id": 3, "type": "i32" },
        ]),
    );
    assert_json(&r["push_constants"], json!([]));
}

#[test]
fn reflection_is_deterministic() {
    let a = serde_json::to_string(&reflect(&validated(&compute_module()))).unwrap();
    let b = serde_json::to_string(&reflect(&validated(&compute_module()))).unwrap();
    assert_eq!(a, b);
    let groups_bindings: Vec<(u64, u64)> = to_json(&compute_module())["bindings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["group"].as_u64().unwrap(), b["binding"].as_u64().unwrap()))
        .collect();
    assert_eq!(groups_bindings, [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (1, 3), (2, 0)]);
}

// ---------------------------------------------------------------------------------------------
// A vertex + fragment module (WGSL style: two entry points, each with its own interface)

fn render_module() -> Module {
    let mut m = Module::default();
    let u32_ = m.ty(TypeInner::Scalar(Scalar::U32));
    let boolean = m.ty(TypeInner::Scalar(Scalar::BOOL));
    let vec3 = m.ty(TypeInner::Vector { size: VectorSize::Tri, scalar: Scalar::F32 });
    let vec4 = m.ty(TypeInner::Vector { size: VectorSize::Quad, scalar: Scalar::F32 });
    let mat4 = m.ty(TypeInner::Matrix { columns: VectorSize::Quad, rows: VectorSize::Quad, scalar: Scalar::F32 });
    let u16x4 = m.ty(TypeInner::Vector { size: VectorSize::Quad, scalar: Scalar::U16 });
    let u8x3 = m.ty(TypeInner::Vector { size: VectorSize::Tri, scalar: Scalar::U8 });
    let camera = named(
        &mut m,
        "Camera",
        TypeInner::Struct {
            members: vec![matrix_member("view_proj", mat4, 0, 16, false), member("eye", vec3, 64)],
            span: 80,
        },
    );
    let pc = named(
        &mut m,
        "PushConstants",
        TypeInner::Struct {
            members: vec![matrix_member("mvp", mat4, 0, 16, true), member("tint", vec4, 64)],
            span: 80,
        },
    );
    let depth2d = m.ty(TypeInner::Image {
        dim: ImageDimension::D2,
        arrayed: false,
        class: ImageClass::Depth { multisampled: false },
    });
    let shadow = m.ty(TypeInner::SampledImage { image: depth2d });
    let lut = m.ty(TypeInner::Image {
        dim: ImageDimension::D3,
        arrayed: false,
        class: ImageClass::Sampled { kind: ScalarKind::Uint, multisampled: false },
    });
    let ms = m.ty(TypeInner::Image {
        dim: ImageDimension::D2,
        arrayed: false,
        class: ImageClass::Sampled { kind: ScalarKind::Sint, multisampled: true },
    });
    let cube_depth = m.ty(TypeInner::Image {
        dim: ImageDimension::Cube,
        arrayed: true,
        class: ImageClass::Depth { multisampled: false },
    });

    let camera_g = resource(&mut m, "camera", AddressSpace::Uniform, camera, 0, 0);
    let shadow_g = resource(&mut m, "shadow", AddressSpace::Handle, shadow, 0, 1);
    resource(&mut m, "lut", AddressSpace::Handle, lut, 0, 2);
    let ms_g = resource(&mut m, "ms", AddressSpace::Handle, ms, 0, 3);
    let cube_g = resource(&mut m, "env", AddressSpace::Handle, cube_depth, 0, 4);
    let pc_g = global(&mut m, "pc", AddressSpace::PushConstant, pc);

    // Vertex interface, declared out of location order.
    let normal = location(&mut m, "normal", AddressSpace::Input, vec3, 1, None);
    let position = location(&mut m, "position", AddressSpace::Input, vec3, 0, None);
    let model = location(&mut m, "model", AddressSpace::Input, mat4, 2, None);
    let joints = location(&mut m, "joints", AddressSpace::Input, u16x4, 6, None);
    let flags = location(&mut m, "flags", AddressSpace::Input, u8x3, 7, None);
    let vertex_index = builtin(&mut m, "vertex_index", AddressSpace::Input, u32_, BuiltIn::VertexIndex);
    let clip = builtin(&mut m, "clip", AddressSpace::Output, vec4, BuiltIn::Position);
    let v_color = location(&mut m, "v_color", AddressSpace::Output, vec4, 0, None);
    // Fragment interface.
    let f_color = location(&mut m, "f_color", AddressSpace::Input, vec4, 0, None);
    let out_id = location(&mut m, "out_id", AddressSpace::Output, u32_, 1, None);
    let out_blend = location(&mut m, "out_blend", AddressSpace::Output, vec4, 0, Some(1));
    let out_color = location(&mut m, "out_color", AddressSpace::Output, vec4, 0, Some(0));

    // The vertex stage reaches `camera` only through a call nested in an `if`.
    let helper = function(&mut m, "transform", &[camera_g]);
    let helper = m.functions.append(helper, Span::default());
    let mut vs =
        function(&mut m, "vs_main", &[normal, position, model, joints, flags, vertex_index, clip, v_color, pc_g]);
    let condition = vs.expressions.append(Expression::Literal(Literal::Bool(true)), boolean, Span::default());
    let mut accept = Block::new();
    accept.push(Statement::Call { function: helper, arguments: Vec::new() }, Span::default());
    vs.body.push(Statement::If { condition, accept, reject: Block::new() }, Span::default());
    entry_point(&mut m, "vs_main", Stage::Vertex, vs);

    let fs = function(&mut m, "fs_main", &[f_color, out_id, out_blend, out_color, shadow_g, ms_g, cube_g, pc_g]);
    entry_point(&mut m, "fs_main", Stage::Fragment, fs);
    m
}

#[test]
fn vertex_inputs_sorted_with_formats() {
    let r = to_json(&render_module());
    assert_json(
        &r["entry_points"][0],
        json!({
            "name": "vs_main",
            "stage": "vertex",
            "vertex_inputs": [
                { "location": 0, "name": "position", "type": "vec3<f32>", "format": "float32x3" },
                { "location": 1, "name": "normal", "type": "vec3<f32>", "format": "float32x3" },
                // A matrix takes one location per column, each fed as a float32x4.
                { "location": 2, "name": "model", "type": "mat4x4<f32>", "format": "float32x4",
                  "location_count": 4 },
                { "location": 6, "name": "joints", "type": "vec4<u16>", "format": "uint16x4" },
                // wgpu has no 3-component 8-bit format.
                { "location": 7, "name": "flags", "type": "vec3<u8>", "format": null },
            ],
        }),
    );
}

#[test]
fn fragment_outputs_sorted_by_location_and_blend_source() {
    let r = to_json(&render_module());
    assert_json(
        &r["entry_points"][1],
        json!({
            "name": "fs_main",
            "stage": "fragment",
            "fragment_outputs": [
                { "location": 0, "name": "out_color", "type": "vec4<f32>", "blend_src": 0 },
                { "location": 0, "name": "out_blend", "type": "vec4<f32>", "blend_src": 1 },
                { "location": 1, "name": "out_id", "type": "u32" },
            ],
        }),
    );
}

#[test]
fn render_bindings_carry_the_stages_that_use_them() {
    let r = to_json(&render_module());
    assert_json(
        &r["bindings"],
        json!([
            { "group": 0, "binding": 0, "name": "camera", "kind": "uniform_buffer", "type": "Camera",
              "buffer": { "size": 80, "members": [
                  { "name": "view_proj", "offset": 0, "size": 64, "type": "mat4x4<f32>",
                    "matrix_stride": 16, "row_major": false },
                  { "name": "eye", "offset": 64, "size": 12, "type": "vec3<f32>" },
              ] },
              "stages": ["vertex"] },
            { "group": 0, "binding": 1, "name": "shadow", "kind": "combined_image_sampler",
              "type": "combined_image_sampler<texture_depth_2d>",
              "texture": { "dimension": "2d", "arrayed": false, "multisampled": false, "sample_type": "depth" },
              "stages": ["fragment"] },
            // Used by no entry point: visible to every stage of the module.
            { "group": 0, "binding": 2, "name": "lut", "kind": "sampled_texture", "type": "texture_3d<u32>",
              "texture": { "dimension": "3d", "arrayed": false, "multisampled": false, "sample_type": "uint" },
              "stages": ["vertex", "fragment"] },
            { "group": 0, "binding": 3, "name": "ms", "kind": "multisampled_texture",
              "type": "texture_multisampled_2d<i32>",
              "texture": { "dimension": "2d", "arrayed": false, "multisampled": true, "sample_type": "sint" },
              "stages": ["fragment"] },
            { "group": 0, "binding": 4, "name": "env", "kind": "depth_texture", "type": "texture_depth_cube_array",
              "texture": { "dimension": "cube", "arrayed": true, "multisampled": false, "sample_type": "depth" },
              "stages": ["fragment"] },
        ]),
    );
}

#[test]
fn push_constant_block_layout() {
    let r = to_json(&render_module());
    assert_json(
        &r["push_constants"],
        json!([{
            "name": "pc",
            "type": "PushConstants",
            "size": 80,
            "members": [
                { "name": "mvp", "offset": 0, "size": 64, "type": "mat4x4<f32>",
                  "matrix_stride": 16, "row_major": true },
                { "name": "tint", "offset": 64, "size": 16, "type": "vec4<f32>" },
            ],
            "stages": ["vertex", "fragment"],
        }]),
    );
    assert_json(&r["specialization_constants"], json!([]));
}

// ---------------------------------------------------------------------------------------------
// A GLSL-style fragment shader: one entry point, which owns every declared output

#[test]
fn single_entry_point_owns_unused_outputs() {
    let mut m = Module::default();
    let vec4 = m.ty(TypeInner::Vector { size: VectorSize::Quad, scalar: Scalar::F32 });
    let ivec2 = m.ty(TypeInner::Vector { size: VectorSize::Bi, scalar: Scalar::I32 });
    let used = location(&mut m, "frag_color", AddressSpace::Output, vec4, 0, None);
    location(&mut m, "frag_extra", AddressSpace::Output, ivec2, 3, None);
    let main = function(&mut m, "main", &[used]);
    entry_point(&mut m, "main", Stage::Fragment, main);
    let r = to_json(&m);
    assert_json(
        &r,
        json!({
            "entry_points": [{
                "name": "main",
                "stage": "fragment",
                "fragment_outputs": [
                    { "location": 0, "name": "frag_color", "type": "vec4<f32>" },
                    { "location": 3, "name": "frag_extra", "type": "vec2<i32>" },
                ],
            }],
            "bindings": [],
            "push_constants": [],
            "specialization_constants": [],
        }),
    );
}

#[test]
fn anonymous_block_is_named_after_its_type_and_bare_matrix_gets_default_layout() {
    let mut m = Module::default();
    let f32_ = m.ty(TypeInner::Scalar(Scalar::F32));
    let mat3 = m.ty(TypeInner::Matrix { columns: VectorSize::Tri, rows: VectorSize::Tri, scalar: Scalar::F32 });
    let block = named(&mut m, "Globals", TypeInner::Struct { members: vec![member("time", f32_, 0)], span: 16 });
    let g = resource(&mut m, "", AddressSpace::Uniform, block, 0, 0);
    m.globals[g].name = None;
    resource(&mut m, "m", AddressSpace::Uniform, mat3, 0, 1);
    let main = function(&mut m, "main", &[]);
    entry_point(&mut m, "main", Stage::Compute, main);
    let r = to_json(&m);
    assert_eq!(r["bindings"][0]["name"], "Globals");
    assert_json(
        &r["bindings"][0]["buffer"],
        json!({ "size": 16, "members": [{ "name": "time", "offset": 0, "size": 4, "type": "f32" }] }),
    );
    // WGSL §14.4.1: mat3x3<f32> is three 16-byte-aligned columns.
    assert_json(&r["bindings"][1]["buffer"], json!({ "size": 48 }));
    assert_eq!(r["bindings"][1]["type"], "mat3x3<f32>");
}

#[test]
fn override_defaults_fold_simple_expressions_and_give_up_on_overflow() {
    let mut m = Module::default();
    let i32_ = m.ty(TypeInner::Scalar(Scalar::I32));
    let u32_ = m.ty(TypeInner::Scalar(Scalar::U32));
    let boolean = m.ty(TypeInner::Scalar(Scalar::BOOL));
    let span = Span::default();
    let seven = constant(&mut m, Literal::I32(7));
    let neg = m.const_expressions.append(Expression::Unary { op: UnaryOp::Negate, expr: seven }, i32_, span);
    let f = constant(&mut m, Literal::F32(2.9));
    let conv = m.const_expressions.append(Expression::Convert { expr: f, to: Scalar::U32 }, u32_, span);
    let max = constant(&mut m, Literal::I32(i32::MAX));
    let one = constant(&mut m, Literal::I32(1));
    let overflow =
        m.const_expressions.append(Expression::Binary { op: BinaryOp::Add, left: max, right: one }, i32_, span);
    let t = constant(&mut m, Literal::Bool(true));
    let not = m.const_expressions.append(Expression::Unary { op: UnaryOp::LogicalNot, expr: t }, boolean, span);
    for (name, ty, init) in
        [("neg", i32_, neg), ("conv", u32_, conv), ("overflow", i32_, overflow), ("flag", boolean, not)]
    {
        override_(&mut m, name, None, ty, Some(init));
    }
    let r = to_json(&m);
    assert_json(
        &r["specialization_constants"],
        json!([
            { "name": "neg", "id": 0, "type": "i32", "default": -7 },
            // Float to integer conversion truncates toward zero (SPIR-V OpConvertFToU).
            { "name": "conv", "id": 1, "type": "u32", "default": 2 },
            // i32::MAX + 1 does not fit an i32: no default rather than a wrong one.
            { "name": "overflow", "id": 2, "type": "i32" },
            { "name": "flag", "id": 3, "type": "bool", "default": false },
        ]),
    );
    assert_json(&r["entry_points"], json!([]));
}

// ---------------------------------------------------------------------------------------------
// GL_EXT_buffer_reference: a reference member is an 8-byte address

#[test]
fn buffer_reference_member_is_an_eight_byte_address() {
    let source = "#version 450\n#extension GL_EXT_buffer_reference : require\n\
                  layout(local_size_x = 1) in;\n\
                  layout(buffer_reference) buffer Node { int value; };\n\
                  layout(set = 0, binding = 0) buffer Roots { Node head; int total; } roots;\n\
                  void main() { roots.total = roots.head.value; }\n";
    let options = shader_core::CompileOptions {
        language: shader_core::Language::Glsl,
        stage: Some(Stage::Compute),
        target: shader_core::Target::Vulkan,
        ..Default::default()
    };
    let compiled = shader_core::compile("refs.comp", source, &options).unwrap_or_else(|e| panic!("{}", e.render()));
    let r = serde_json::to_value(reflect(&compiled.ir)).unwrap();
    // Offsets as glslang decorates them: the reference is 8 bytes, aligned like uint64_t.
    assert_json(
        &r["bindings"][0]["buffer"]["members"],
        json!([
            { "name": "head", "offset": 0, "size": 8, "type": "ptr<physical_storage, Node>" },
            { "name": "total", "offset": 8, "size": 4, "type": "i32" },
        ]),
    );
}

/// Storage images without a format qualifier: the texel type (the SPIR-V Sampled Type glslang
/// gives them) is reflected with the `unknown` format, for each of float, int and uint images.
#[test]
fn formatless_storage_images_carry_their_texel_type() {
    let source = "#version 450\nlayout(local_size_x = 1) in;\n\
                  layout(binding = 0) writeonly uniform image2D f;\n\
                  layout(binding = 1) writeonly uniform iimage3D i;\n\
                  layout(binding = 2) writeonly uniform uimage2DArray u;\n\
                  void main() { imageStore(f, ivec2(0), vec4(1.0)); imageStore(i, ivec3(0), ivec4(-1)); imageStore(u, ivec3(0), uvec4(7u)); }\n";
    let options = shader_core::CompileOptions {
        language: shader_core::Language::Glsl,
        stage: Some(Stage::Compute),
        target: shader_core::Target::Vulkan,
        ..Default::default()
    };
    let compiled = shader_core::compile("formatless.comp", source, &options).unwrap_or_else(|e| panic!("{}", e.render()));
    let r = serde_json::to_value(shader_core::reflect::reflect_compiled(&compiled)).unwrap();
    let textures: Vec<Value> = r["bindings"].as_array().unwrap().iter().map(|b| b["texture"].clone()).collect();
    assert_json(
        &json!(textures),
        json!([
            { "dimension": "2d", "arrayed": false, "multisampled": false, "sample_type": "float", "format": "unknown" },
            { "dimension": "3d", "arrayed": false, "multisampled": false, "sample_type": "sint", "format": "unknown" },
            { "dimension": "2d", "arrayed": true, "multisampled": false, "sample_type": "uint", "format": "unknown" },
        ]),
    );
}
