//! `shader!` end to end on the Rust side: generated items exist, have the right values, and the
//! SPIR-V they carry is valid.
#![deny(warnings)]

mod common;

use common::{BufferBinding, BufferKind};
use shader_runtime::generated::{Binding, BindingKind};
use shader_runtime::shader;

shader! {
    mod inline_compute;
    lang: wgsl,
    src: r#"
        struct Particle { pos: vec3<f32>, mass: f32, vel: vec3<f32> }
        struct Params { dt: f32, count: u32 }
        @group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
        @group(0) @binding(1) var<uniform> params: Params;
        struct Log { count: atomic<u32>, scale: f32, entries: array<vec4<f32>> }
        @group(1) @binding(0) var<storage, read_write> log: Log;
        @compute @workgroup_size(64, 2)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            if id.x < params.count {
                particles[id.x].pos += particles[id.x].vel * params.dt;
                let i = atomicAdd(&log.count, 1u);
                log.entries[i] = vec4<f32>(particles[id.x].pos, log.scale);
            }
        }
    "#,
}

shader! {
    mod from_file;
    path: "tests/shaders/double.wgsl",
}

#[test]
fn inline_items() {
    assert_eq!(inline_compute::SPIRV[0], 0x0723_0203);
    assert_eq!(inline_compute::SPIRV_BYTES.len(), inline_compute::SPIRV.len() * 4);
    assert_eq!(&inline_compute::SPIRV_BYTES[..4], &0x0723_0203u32.to_le_bytes());
    assert_eq!(inline_compute::ENTRY, "main");
    assert_eq!(inline_compute::WORKGROUP_SIZE, [64, 2, 1]);
    assert_eq!(inline_compute::ENTRY_POINTS.len(), 1);
    let b = inline_compute::BINDINGS;
    assert_eq!(b.len(), 3);
    // The fixed part of a block ending in a runtime-sized array: count, scale, padding to 16.
    let log = inline_compute::Log::new(0, 1.0);
    assert_eq!(std::mem::size_of_val(&log), 16);
    assert_eq!((b[2].group, b[2].min_binding_size, b[2].runtime_array_stride), (1, Some(32), Some(16)));
    assert_eq!((b[0].group, b[0].binding, b[0].name), (0, 0, "particles"));
    assert_eq!(b[0].kind, shader_runtime::generated::BindingKind::StorageBuffer { read_only: false });
    assert_eq!(b[0].runtime_array_stride, Some(32));
    // The runtime-sized array's offset (WGSL §14.4: `entries` follows `count`, `scale` and
    // padding to vec4's 16-byte alignment; an `array<Particle>` global starts at 0).
    assert_eq!((b[2].runtime_array_offset, b[0].runtime_array_offset, b[1].runtime_array_offset), (Some(16), Some(0), None));
    assert_eq!(b[1].min_binding_size, Some(8));
    // vec3 (12) + f32 packs into 16, then vec3 at 16, struct rounded to 32.
    let p = inline_compute::Particle::new([1.0, 2.0, 3.0], 4.0, [5.0, 6.0, 7.0]);
    assert_eq!(std::mem::size_of::<inline_compute::Particle>(), 32);
    assert_eq!(std::mem::offset_of!(inline_compute::Particle, mass), 12);
    assert_eq!(std::mem::offset_of!(inline_compute::Particle, vel), 16);
    let bytes: &[u8] = bytemuck::bytes_of(&p);
    assert_eq!(&bytes[12..16], &4.0f32.to_le_bytes());
    assert_eq!(std::mem::size_of::<inline_compute::Params>(), 8);
}

#[test]
fn file_items() {
    assert_eq!(from_file::ENTRY, "main");
    assert_eq!(from_file::WORKGROUP_SIZE, [64, 1, 1]);
    // Params: f32, u32, pad 8, vec3 at 16, rounded to 32.
    assert_eq!(std::mem::size_of::<from_file::Params>(), 32);
    assert_eq!(std::mem::offset_of!(from_file::Params, dir), 16);
    let params = from_file::Params::new(1.5, 10, [0.0, 1.0, 0.0]);
    assert_eq!(params.count, 10);
}

/// Every module the macro embedded passes spirv-val and naga's front end + validator.
#[test]
fn embedded_spirv_is_valid() {
    for (name, words) in [("inline_compute", inline_compute::SPIRV), ("from_file", from_file::SPIRV)] {
        common::validate_spirv(words).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// The buffer kind the generated binding description asks for.
fn kind(binding: &Binding) -> BufferKind {
    match binding.kind {
        BindingKind::UniformBuffer => BufferKind::Uniform,
        BindingKind::StorageBuffer { read_only } => BufferKind::Storage { read_only },
        other => panic!("not a buffer: {other:?}"),
    }
}

/// Runs `from_file` on the GPU with buffers laid out by the generated `Params` and bound where
/// the generated `BINDINGS` say, dispatching by the generated `WORKGROUP_SIZE`.
#[test]
fn generated_items_drive_a_dispatch() {
    if common::gpu().is_none() {
        return;
    }
    let n = 100u32;
    let data: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let params = from_file::Params::new(0.5, n, [0.0, 0.0, 1.0]);
    let buffers: Vec<BufferBinding> = from_file::BINDINGS
        .iter()
        .map(|b| {
            let bytes = match b.name {
                "data" => common::bytes_f32(&data),
                "params" => bytemuck::bytes_of(&params).to_vec(),
                other => panic!("unexpected binding {other}"),
            };
            assert!(bytes.len() as u64 >= b.min_binding_size.unwrap_or(0), "{} is smaller than min_binding_size", b.name);
            BufferBinding { group: b.group, binding: b.binding, kind: kind(b), data: bytes }
        })
        .collect();
    let groups = n.div_ceil(from_file::WORKGROUP_SIZE[0]);
    let out = common::run_compute(common::ShaderInput::SpirV(from_file::SPIRV), from_file::ENTRY, &buffers, [groups, 1, 1])
        .expect("dispatch");
    let index = from_file::BINDINGS.iter().position(|b| b.name == "data").expect("data binding");
    let result = common::f32s(&out[index]);
    let expected: Vec<f32> = data.iter().map(|x| x * 2.0 + 0.5).collect();
    assert_eq!(result, expected);
}

// A vertex and a fragment shader of one pipeline in one invocation: the second re-exports the
// first's `Camera` (same name, same layout) instead of defining another type.
shader! {
    mod vs;
    lang: wgsl,
    src: r#"
        struct Camera { view_proj: mat4x4<f32>, eye: vec3<f32> }
        @group(0) @binding(0) var<uniform> camera: Camera;
        @vertex fn main(@location(0) p: vec3<f32>) -> @builtin(position) vec4<f32> {
            return camera.view_proj * vec4<f32>(p, 1.0);
        }
    "#,
    mod fs;
    lang: wgsl,
    src: r#"
        struct Camera { view_proj: mat4x4<f32>, eye: vec3<f32> }
        @group(0) @binding(0) var<uniform> camera: Camera;
        @fragment fn main() -> @location(0) vec4<f32> { return vec4<f32>(camera.eye, 1.0); }
    "#,
}

#[test]
fn shaders_of_one_invocation_share_structs() {
    let camera: vs::Camera = fs::Camera::new([[0.0; 4]; 4], [1.0, 2.0, 3.0]);
    assert_eq!(std::mem::size_of_val(&camera), 80);
    assert_eq!(vs::STAGE, shader_runtime::generated::Stage::Vertex);
    assert_eq!(fs::STAGE, shader_runtime::generated::Stage::Fragment);
    assert_eq!(vs::ENTRY_POINTS[0].vertex_inputs[0].format, Some("float32x3"));
}

// `vectors: glam`: vector and matrix members become glam types where the bytes agree.
shader! {
    mod with_glam;
    lang: wgsl,
    vectors: glam,
    src: r#"
        struct Light { transform: mat4x4<f32>, normal: mat3x3<f32>, color: vec4<f32>, dir: vec3<f32>, power: f32, cell: vec2<u32> }
        @group(0) @binding(0) var<uniform> light: Light;
        @group(0) @binding(1) var<storage, read_write> out: array<f32>;
        @compute @workgroup_size(1) fn main() { out[0] = light.power + light.dir.x + f32(light.cell.y); }
    "#,
}

#[test]
fn glam_vector_types() {
    let light = with_glam::Light::new(
        glam::Mat4::IDENTITY,
        glam::Mat3A::IDENTITY,
        glam::Vec4::ONE,
        glam::Vec3::X,
        2.0,
        glam::UVec2::new(1, 2),
    );
    assert_eq!(std::mem::offset_of!(with_glam::Light, power), 140);
    assert_eq!(std::mem::size_of_val(&light), 160);
}

/// Rebuild tracking: cargo rebuilds a crate when a file listed in rustc's dep-info changes, and
/// `include_bytes!` is what puts a file there. This builds a small user crate with rustc (as
/// cargo would, against the `shader_runtime` rlib this test was linked with; a nested `cargo`
/// would wait on the lock of the running `cargo test`), edits the `#include`d file and the
/// `path:` file, rebuilds, and checks that the dep-info names both files and that the program's
/// output follows each edit. The same for a WESL module imported by a `root:`/`path:` shader.
#[test]
fn editing_an_included_file_changes_the_rebuilt_program() {
    let deps = std::env::current_exe().expect("test binary path").parent().expect("deps dir").to_path_buf();
    let runtime = std::fs::read_dir(&deps)
        .expect("read deps dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("libshader_runtime-") && n.ends_with(".rlib")))
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok())
        .expect("the shader_runtime rlib next to this test");
    let dir = std::env::temp_dir().join(format!("shader-rebuild-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["inc", "out", "shaders/util"] {
        std::fs::create_dir_all(dir.join(sub)).expect("temp dir");
    }
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).expect("write file");
    write("inc/size.glsl", "#define WG 8\n");
    write(
        "main.comp",
        "#version 450\n#extension GL_GOOGLE_include_directive : require\n#include \"size.glsl\"\n\
         layout(local_size_x = WG) in;\nlayout(std430, binding = 0) buffer D { uint v[]; } d;\n\
         void main() { d.v[gl_GlobalInvocationID.x] = 1u; }\n",
    );
    write("shaders/main.wesl", "import package::util::sizes;\n@compute @workgroup_size(sizes::WG) fn main() {}\n");
    write("shaders/util/sizes.wesl", "const WG = 4u;\n");
    write(
        "main.rs",
        "shader_runtime::shader! { mod s; path: \"main.comp\", include: [\"inc\"], }\n\
         shader_runtime::shader! { mod w; root: \"shaders\", path: \"main.wesl\", }\n\
         fn main() { println!(\"{} {}\", s::WORKGROUP_SIZE[0], w::WORKGROUP_SIZE[0]); }\n",
    );
    let build_and_run = || -> String {
        let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
        let out = std::process::Command::new(rustc)
            .current_dir(&dir)
            .env("CARGO_MANIFEST_DIR", &dir)
            .args(["--edition", "2021", "--crate-type", "bin", "--crate-name", "prog", "--emit=dep-info,link", "-C", "debuginfo=0"])
            .arg("--out-dir")
            .arg(dir.join("out"))
            .arg("--extern")
            .arg(format!("shader_runtime={}", runtime.display()))
            .arg("-L")
            .arg(format!("dependency={}", deps.display()))
            .arg("main.rs")
            .output()
            .expect("run rustc");
        assert!(out.status.success(), "rustc failed:\n{}", String::from_utf8_lossy(&out.stderr));
        let run = std::process::Command::new(dir.join("out").join("prog")).output().expect("run the program");
        String::from_utf8(run.stdout).expect("utf-8").trim().to_string()
    };
    assert_eq!(build_and_run(), "8 4");
    let depinfo = std::fs::read_to_string(dir.join("out").join("prog.d")).expect("dep-info");
    for file in ["main.comp", "inc/size.glsl", "shaders/main.wesl", "shaders/util/sizes.wesl"] {
        let full = dir.join(file);
        assert!(depinfo.contains(&*full.to_string_lossy()), "dep-info does not list {}:\n{depinfo}", full.display());
    }
    write("inc/size.glsl", "#define WG 16\n");
    assert_eq!(build_and_run(), "16 4", "the edited include is read again");
    let main = std::fs::read_to_string(dir.join("main.comp")).expect("read main.comp");
    write("main.comp", &main.replace("local_size_x = WG", "local_size_x = WG * 2"));
    assert_eq!(build_and_run(), "32 4", "the edited shader file is read again");
    write("shaders/util/sizes.wesl", "const WG = 2u;\n");
    assert_eq!(build_and_run(), "32 2", "the edited imported module is read again");
    let _ = std::fs::remove_dir_all(&dir);
}

// `vectors: mint`: fields stay arrays (the struct stays `Pod`); `new` takes anything that
// converts into mint types and getters named like the fields return them.
shader! {
    mod with_mint;
    lang: wgsl,
    vectors: mint,
    src: r#"
        struct Light { transform: mat4x4<f32>, normal: mat3x3<f32>, color: vec4<f32>, dir: vec3<f32>, power: f32, cell: vec2<u32>, skew: mat3x2<f32> }
        @group(0) @binding(0) var<uniform> light: Light;
        @group(0) @binding(1) var<storage, read_write> out: array<f32>;
        @compute @workgroup_size(1) fn main() { out[0] = light.power + light.dir.x + f32(light.cell.y) + light.skew[2].y; }
    "#,
}

#[test]
fn mint_vector_types() {
    let normal = mint::ColumnMatrix3::from([[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]);
    let skew = mint::ColumnMatrix2x3::from([[10.0f32, 11.0], [12.0, 13.0], [14.0, 15.0]]);
    let light = with_mint::Light::new(
        mint::ColumnMatrix4::from([[0.0f32; 4]; 4]),
        normal,
        mint::Vector4 { x: 0.1f32, y: 0.2, z: 0.3, w: 0.4 },
        [1.0f32, 0.0, 0.0],
        2.0,
        mint::Vector2 { x: 1u32, y: 2 },
        skew,
    );
    // Offsets by the WGSL rules (WGSL §13.4.1): mat4x4 at 0, mat3x3 (column stride 16) at 64,
    // vec4 at 112, vec3 at 128, f32 packed at 140, vec2<u32> at 144, mat3x2 (stride 8) at 152,
    // size rounded up to the struct's 16-byte alignment.
    assert_eq!(std::mem::size_of_val(&light), 176);
    let f = |offset: usize| f32::from_le_bytes(bytemuck::bytes_of(&light)[offset..offset + 4].try_into().expect("4 bytes"));
    assert_eq!([f(64), f(68), f(72), f(76), f(80)], [1.0, 2.0, 3.0, 0.0, 4.0], "mat3 columns padded to 16 bytes");
    assert_eq!([f(112), f(128), f(140)], [0.1, 1.0, 2.0]);
    assert_eq!([f(152), f(160), f(172)], [10.0, 12.0, 15.0], "mat3x2 columns of 8 bytes");
    assert_eq!(light.normal(), normal);
    assert_eq!(light.skew(), skew);
    assert_eq!(light.cell(), mint::Vector2 { x: 1, y: 2 });
    assert_eq!(light.dir(), mint::Vector3 { x: 1.0, y: 0.0, z: 0.0 });
}

shader! {
    mod std140_padded_elements;
    lang: glsl,
    stage: fragment,
    src: r#"#version 450
        layout(std140, set = 0, binding = 0) uniform Block { float w[3]; mat2 m; vec2 v[2]; } b;
        layout(location = 0) out vec4 o;
        void main() { o = vec4(b.w[1] + b.m[0][0] + b.v[1].y); }
    "#,
}

/// std140 rule 4 pads `float[N]` and `vec2[N]` elements and `mat2` columns to 16 bytes; the
/// generated struct widens them (`[f32; 4]`) and its own layout check must accept that.
#[test]
fn std140_padded_array_elements_and_mat2_columns() {
    let block = std140_padded_elements::Block::new([[1.0, 0.0, 0.0, 0.0]; 3], [[2.0, 3.0, 0.0, 0.0]; 2], [[4.0, 5.0, 0.0, 0.0]; 2]);
    // glslang's offsets for this block: w at 0, m at 48, v at 80, size 112.
    let bytes = bytemuck::bytes_of(&block);
    assert_eq!(bytes.len(), 112);
    let f = |offset: usize| f32::from_le_bytes(bytes[offset..offset + 4].try_into().expect("4 bytes"));
    assert_eq!([f(0), f(16), f(48), f(52), f(64), f(80), f(84), f(96)], [1.0, 1.0, 2.0, 3.0, 2.0, 4.0, 5.0, 4.0]);
    // spirv-val only: naga's SPIR-V reader rejects a std140 mat2 ("unsupported matrix stride 16
    // for a 2x2 matrix"), a naga limitation, not a module error.
    common::validate_spirv_glsl(std140_padded_elements::SPIRV, false).expect("valid SPIR-V");
}

/// The module takes doc comments, attributes and a visibility like a Rust `mod` item; a private
/// `mod` is private (`tests/ui/fail_module_visibility.rs` shows the error from outside).
mod visibility {
    shader_runtime::shader! {
        /// A crate-visible shader module, documented.
        #[cfg(not(any()))]
        pub(crate) mod crate_visible;
        lang: wgsl,
        src: "@group(0) @binding(0) var<storage, read_write> out: array<u32>; @compute @workgroup_size(1) fn main() { out[0] = 1u; }",
        /// A private one in the same invocation.
        #[allow(unused)]
        mod private;
        lang: wgsl,
        src: "@compute @workgroup_size(2) fn main() {}",
    }

    pub(crate) const PRIVATE_WORKGROUP: [u32; 3] = private::WORKGROUP_SIZE;
}

#[test]
fn module_visibility_and_attributes() {
    assert_eq!(visibility::crate_visible::WORKGROUP_SIZE, [1, 1, 1]);
    assert_eq!(visibility::PRIVATE_WORKGROUP, [2, 1, 1]);
}

/// std430: `pos` at 0, `mass` at 12, `vel` at 16, 4 bytes of padding to the 16-byte alignment.
#[derive(Clone, Copy, Debug, PartialEq, shader_runtime::Std430)]
#[repr(C)]
struct PaddedParticle {
    pos: [f32; 3],
    mass: f32,
    vel: [f32; 3],
    _pad: f32,
}

/// std140: a `float` then a `vec4` at offset 16 (GLSL 4.60 §7.6.2.2 rule 4: vec4 aligns to 16).
#[derive(Clone, Copy, Debug, PartialEq, shader_runtime::Std140)]
#[repr(C)]
struct PaddedUniform {
    scale: f32,
    _pad0: [u32; 3],
    color: [f32; 4],
}

/// A derived struct with `_pad` fields gets `new` without them (a `const fn`, zeroing the padding)
/// and `Default` (all zero), like the structs `shader!` generates.
#[test]
fn derived_structs_with_padding_get_new_and_default() {
    const P: PaddedParticle = PaddedParticle::new([1.0, 2.0, 3.0], 4.0, [5.0, 6.0, 7.0]);
    assert_eq!(P, PaddedParticle { pos: [1.0, 2.0, 3.0], mass: 4.0, vel: [5.0, 6.0, 7.0], _pad: 0.0 });
    assert_eq!(PaddedParticle::default(), PaddedParticle { pos: [0.0; 3], mass: 0.0, vel: [0.0; 3], _pad: 0.0 });
    let u = PaddedUniform::new(0.5, [1.0, 0.0, 0.0, 1.0]);
    assert_eq!(bytemuck::bytes_of(&u)[4..16], [0u8; 12]);
    assert_eq!(u.color, [1.0, 0.0, 0.0, 1.0]);
    assert_eq!(PaddedUniform::default(), PaddedUniform { scale: 0.0, _pad0: [0; 3], color: [0.0; 4] });
}

shader! {
    mod runtime_array_blocks;
    lang: glsl,
    src: r#"
        #version 450
        layout(local_size_x = 64) in;
        layout(std430, binding = 0) readonly buffer Input { float values[]; };
        layout(std430, binding = 1) buffer Output { float results[]; };
        layout(std430, binding = 2) buffer Counted { uint count; float rest[]; };
        void main() {
            uint i = gl_GlobalInvocationID.x;
            results[i] = values[i] * 2.0;
            rest[i] = float(count);
        }
    "#,
}

/// Blocks holding only a runtime-sized array generate no empty `Input {}`/`Output {}` structs
/// (`tests/ui/fail_no_empty_items.rs` shows they are absent); their bindings take
/// `Buffer<[f32]>`. A block with a fixed part keeps its struct.
#[test]
fn runtime_array_blocks_bind_slices() {
    // The `Bindings` fields are named after the blocks; this only compiles with slice buffers.
    fn bindings<'a>(
        values: &'a shader_runtime::Buffer<[f32]>,
        results: &'a shader_runtime::Buffer<[f32]>,
        counted: &'a dyn shader_runtime::AsResource,
    ) -> runtime_array_blocks::Bindings<'a> {
        runtime_array_blocks::Bindings { Input: values, Output: results, Counted: counted }
    }
    let _ = bindings;
    let counted = runtime_array_blocks::Counted::new(3);
    assert_eq!(counted.count, 3);
    let names: Vec<&str> = runtime_array_blocks::BINDINGS.iter().map(|b| b.name).collect();
    assert_eq!(names, ["Input", "Output", "Counted"]);
}
