//! Hot reload (shader-runtime feature `hot-reload`): a `path:` pipeline pointed at a copy of its
//! shader in a temporary folder, the copy edited, and the pipeline reloaded. A valid edit is
//! swapped in (the dispatch's output, checked against the same arithmetic in Rust, changes);
//! a syntax error, an interface change or a file that is not a shader keeps the old pipeline
//! running and returns the rendered diagnostic or the change by name. Each test runs on the
//! wgpu device (lavapipe in CI) and on the CPU device (`common::on_devices`), and every edited
//! program that compiles also goes through spirv-val and naga. Render pipelines (both stages
//! from one file) and AGSL effects reload the same way; their pixels are checked.
#![deny(warnings)]

mod common;

use shader_runtime::{shader, AgslEffect, Gpu, ReloadError, RenderOptions, RenderPipeline};
use std::path::{Path, PathBuf};

shader! {
    mod hot;
    root: "tests/shaders/hot_reload",
    path: "main.wesl",
}

shader! {
    mod hot_vs;
    path: "tests/shaders/hot_reload/render.wgsl",
    entry: "vs_main",
    mod hot_fs;
    path: "tests/shaders/hot_reload/render.wgsl",
    entry: "fs_main",
    mod hot_effect;
    path: "tests/shaders/hot_reload/effect.agsl",
}

const COUNT: u32 = 8;
const SCALE: u32 = 3;

/// A temporary folder, removed with everything in it when the test is done (passed or not).
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh copy of `tests/shaders/hot_reload` in its own temporary folder.
fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("shader-hot-reload-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary folder");
    for file in ["main.wesl", "util.wesl", "render.wgsl", "effect.agsl"] {
        std::fs::copy(common::workspace_root().join("tests/shaders/hot_reload").join(file), dir.join(file)).expect("copy");
    }
    Scratch(dir)
}

/// Replaces `from` by `to` in `path` (which must contain it), with a pause first so the
/// modification time moves even on coarse-grained file systems.
fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).expect("read");
    assert!(text.contains(from), "`{from}` not in {}", path.display());
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(path, text.replace(from, to)).expect("write");
}

/// The edited program compiled directly: valid for spirv-val and naga (the module a reload
/// swaps in is this compile).
fn check_valid(dir: &Path) {
    let main = dir.join("main.wesl");
    let source = std::fs::read_to_string(&main).expect("read");
    let options = shader_core::CompileOptions { module_root: Some(dir.to_path_buf()), ..Default::default() };
    let compiled = shader_core::compile(&main.display().to_string(), &source, &options).unwrap_or_else(|e| panic!("{}", e.render()));
    common::validate_spirv(&compiled.spirv).expect("valid SPIR-V");
}

fn pipeline(gpu: &Gpu, dir: &Path) -> hot::Pipeline {
    let mut pipeline = hot::Pipeline::new(gpu).expect("pipeline");
    pipeline.set_source_file(dir.join("main.wesl")).expect("a path: shader");
    pipeline
}

/// Runs the pipeline over `COUNT` elements and reads them back.
fn run(gpu: &Gpu, pipeline: &hot::Pipeline) -> Vec<u32> {
    let data = gpu.storage_buffer(&[0u32; COUNT as usize][..]);
    let params = gpu.uniform_buffer(&hot::Params::new(SCALE, COUNT));
    pipeline.dispatch(gpu, hot::Bindings { data: &data, params: &params }, [COUNT / 4, 1, 1]).expect("dispatch");
    data.read_blocking(gpu).expect("readback")
}

fn expected(offset: u32) -> Vec<u32> {
    (0..COUNT).map(|i| i * SCALE + offset).collect()
}

#[test]
fn a_valid_edit_is_swapped_in() {
    common::on_devices(|gpu| {
        let dir = scratch("valid");
        let mut pipeline = pipeline(gpu, &dir);
        assert_eq!(run(gpu, &pipeline), expected(1));
        // The watcher sees no change yet.
        assert_eq!(pipeline.reload_if_changed(gpu), Ok(false));
        // An edit of the main file.
        edit(&dir.join("main.wesl"), "id.x * params.scale + offset()", "id.x * params.scale + offset() + 10u");
        check_valid(&dir);
        pipeline.reload(gpu).expect("a valid edit reloads");
        assert_eq!(run(gpu, &pipeline), expected(11));
        // An edit of an imported module, found by the watcher.
        edit(&dir.join("util.wesl"), "return 1u;", "return 100u;");
        check_valid(&dir);
        assert_eq!(pipeline.reload_if_changed(gpu), Ok(true));
        assert_eq!(run(gpu, &pipeline), expected(110));
        assert_eq!(pipeline.reload_if_changed(gpu), Ok(false));
    });
}

#[test]
fn a_syntax_error_keeps_the_old_pipeline_and_shows_the_diagnostic() {
    common::on_devices(|gpu| {
        let dir = scratch("syntax");
        let mut pipeline = pipeline(gpu, &dir);
        edit(&dir.join("util.wesl"), "return 1u;", "return 1u +;");
        let err = pipeline.reload_if_changed(gpu).expect_err("a syntax error");
        let ReloadError::Compile(rendered) = &err else { panic!("not a compile error: {err}") };
        // Located in the imported file, with the line and a caret under the `;`.
        let util = dir.join("util.wesl").display().to_string();
        assert!(rendered.contains(&format!("{util}:2:16")), "{rendered}");
        assert!(rendered.contains("return 1u +;") && rendered.contains('^'), "{rendered}");
        assert!(err.to_string().contains("the pipeline is unchanged"), "{err}");
        assert_eq!(run(gpu, &pipeline), expected(1), "the old pipeline still runs");
        // Fixing the file is noticed and swapped in.
        edit(&dir.join("util.wesl"), "return 1u +;", "return 5u;");
        assert_eq!(pipeline.reload_if_changed(gpu), Ok(true));
        assert_eq!(run(gpu, &pipeline), expected(5));
    });
}

/// Each interface change is refused with a sentence naming what changed.
#[test]
fn an_interface_change_keeps_the_old_pipeline_and_names_the_change() {
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a [&'a str]);
    let cases: &[Case] = &[
        // A member's type: same size, so only the reflected type tells.
        (&[("    scale: u32,", "    scale: f32,"), ("id.x * params.scale", "id.x * u32(params.scale)")], &[
            "binding @group(0) @binding(1) `params`",
            "buffer.members[scale].type",
            "f32",
            "u32",
        ]),
        // A member added: the block grows.
        (&[("    count: u32,\n}", "    count: u32,\n    extra: u32,\n}")], &["`params`: `buffer.size` is 12, was 8", "`params`: `buffer.members[extra]` is new"]),
        // A binding moved.
        (&[("@group(0) @binding(1) var<uniform> params", "@group(0) @binding(2) var<uniform> params")], &[
            "binding @group(0) @binding(1) `params` was removed",
            "binding @group(0) @binding(2) `params` was added",
        ]),
        (&[("@workgroup_size(4)", "@workgroup_size(8)")], &["entry point `main`", "workgroup_size[0]", "is 8, was 4"]),
        (&[("fn main(", "fn main2(")], &["the entry point `main` is gone", "`main2`"]),
    ];
    for (edits, expected_words) in cases {
        let (from, to) = edits[0];
        common::on_devices(|gpu| {
            let dir = scratch("interface");
            let mut pipeline = pipeline(gpu, &dir);
            for (from, to) in *edits {
                edit(&dir.join("main.wesl"), from, to);
            }
            check_valid(&dir);
            let err = pipeline.reload(gpu).expect_err("an interface change");
            let ReloadError::Interface { changes, .. } = &err else { panic!("`{to}`: not an interface error: {err}") };
            eprintln!("{err}");
            let text = changes.join("\n");
            for word in *expected_words {
                assert!(text.contains(word), "`{from}` -> `{to}`: no `{word}` in:\n{text}");
            }
            assert!(err.to_string().contains("hot_reload::hot"), "names the module: {err}");
            assert_eq!(run(gpu, &pipeline), expected(1), "`{to}`: the old pipeline still runs");
        });
    }
}

/// Whatever the file holds, a reload returns an error and the old pipeline runs on.
#[test]
fn files_that_are_no_shader_are_errors_not_panics() {
    let contents: &[&[u8]] = &[b"", b"\xff\xfe\x00garbage", b"fn", b"@compute @workgroup_size(4) fn main() {}", b"import package::missing::f;"];
    common::on_devices(|gpu| {
        let dir = scratch("garbage");
        let mut pipeline = pipeline(gpu, &dir);
        for content in contents {
            std::fs::write(dir.join("main.wesl"), content).expect("write");
            let err = pipeline.reload(gpu).expect_err("not the shader");
            assert!(!err.to_string().is_empty());
            assert_eq!(run(gpu, &pipeline), expected(1), "{err}");
        }
        std::fs::remove_file(dir.join("main.wesl")).expect("remove");
        let err = pipeline.reload(gpu).expect_err("no file");
        assert!(matches!(err, ReloadError::Read { .. }), "{err}");
        assert_eq!(pipeline.reload_if_changed(gpu), Ok(false), "the missing file stays missing");
    });
}

/// The render pipeline of `render.wgsl`, both stages reading the copy in `dir`.
fn render_pipeline(gpu: &Gpu, dir: &Path) -> RenderPipeline {
    let mut pipeline = RenderPipeline::new(gpu, &hot_vs::MODULE, &hot_fs::MODULE, &RenderOptions::default()).expect("pipeline");
    pipeline.set_vertex_source_file(dir.join("render.wgsl")).expect("a path: shader");
    pipeline.set_fragment_source_file(dir.join("render.wgsl")).expect("a path: shader");
    pipeline
}

/// Draws the full-screen triangle into a 4x4 target: every pixel's RGBA, which must agree.
fn draw(gpu: &Gpu, pipeline: &RenderPipeline) -> [u8; 4] {
    let target = gpu.render_target(4, 4, shader_runtime::wgpu::TextureFormat::Rgba8Unorm);
    pipeline.draw(gpu, &target, &shader_runtime::Draw { vertices: 0..3, ..Default::default() }).expect("draw");
    let pixels = target.read_rgba8_blocking(gpu).expect("read");
    let first = [pixels[0], pixels[1], pixels[2], pixels[3]];
    assert!(pixels.chunks_exact(4).all(|p| p == first), "the triangle covers the target in one colour: {pixels:?}");
    first
}

fn check_valid_file(path: &Path) {
    let source = std::fs::read_to_string(path).expect("read");
    let options = shader_core::CompileOptions { language: shader_core::Language::from_path(&path.display().to_string()), ..Default::default() };
    let compiled = shader_core::compile(&path.display().to_string(), &source, &options).unwrap_or_else(|e| panic!("{}", e.render()));
    common::validate_spirv(&compiled.spirv).expect("valid SPIR-V");
}

#[test]
fn a_render_pipeline_reloads_both_stages() {
    common::on_devices(|gpu| {
        let dir = scratch("render");
        let file = dir.join("render.wgsl");
        let mut pipeline = render_pipeline(gpu, &dir);
        assert_eq!(draw(gpu, &pipeline), [255, 0, 0, 255]);
        assert_eq!(pipeline.reload_if_changed(gpu), Ok(false));
        // A valid edit of the fragment stage.
        edit(&file, "vec4<f32>(1.0, 0.0, 0.0, 1.0)", "vec4<f32>(0.0, 0.0, 1.0, 1.0)");
        check_valid_file(&file);
        assert_eq!(pipeline.reload_if_changed(gpu), Ok(true));
        assert_eq!(draw(gpu, &pipeline), [0, 0, 255, 255]);
        // A valid edit of the vertex stage: the triangle moves off the target.
        edit(&file, "corner * 2.0 - 1.0, 0.0, 1.0", "corner * 2.0 + 5.0, 0.0, 1.0");
        check_valid_file(&file);
        pipeline.reload(gpu).expect("a valid edit reloads");
        let target = gpu.render_target(4, 4, shader_runtime::wgpu::TextureFormat::Rgba8Unorm);
        pipeline.draw(gpu, &target, &shader_runtime::Draw { vertices: 0..3, ..Default::default() }).expect("draw");
        assert!(target.read_rgba8_blocking(gpu).expect("read").iter().all(|&b| b == 0), "nothing drawn");
        edit(&file, "corner * 2.0 + 5.0, 0.0, 1.0", "corner * 2.0 - 1.0, 0.0, 1.0");
        assert_eq!(pipeline.reload_if_changed(gpu), Ok(true));
        assert_eq!(draw(gpu, &pipeline), [0, 0, 255, 255]);
        // A syntax error: kept, located diagnostic.
        edit(&file, "return vec4<f32>(0.0", "return vec4<f32>(0.0 +");
        let err = pipeline.reload_if_changed(gpu).expect_err("a syntax error");
        let ReloadError::Compile(rendered) = &err else { panic!("not a compile error: {err}") };
        assert!(rendered.contains(&format!("{}:10:", file.display())) && rendered.contains('^'), "{rendered}");
        assert_eq!(draw(gpu, &pipeline), [0, 0, 255, 255], "the old pipeline still draws");
        // Interface changes: a fragment output's location, a new vertex input.
        edit(&file, "return vec4<f32>(0.0 +", "return vec4<f32>(0.0");
        edit(&file, "fn fs_main() -> @location(0)", "fn fs_main() -> @location(1)");
        let err = pipeline.reload(gpu).expect_err("an interface change");
        let ReloadError::Interface { module, changes } = &err else { panic!("not an interface error: {err}") };
        assert!(module.ends_with("hot_fs"), "names the fragment module: {err}");
        assert!(changes.join("\n").contains("output"), "names the output: {err}");
        edit(&file, "fn fs_main() -> @location(1)", "fn fs_main() -> @location(0)");
        edit(&file, "fn vs_main(@builtin(vertex_index) i: u32)", "fn vs_main(@builtin(vertex_index) i: u32, @location(0) extra: f32)");
        check_valid_file(&file);
        let err = pipeline.reload(gpu).expect_err("an interface change");
        let ReloadError::Interface { module, changes } = &err else { panic!("not an interface error: {err}") };
        assert!(module.ends_with("hot_vs"), "names the vertex module: {err}");
        assert!(changes.join("\n").contains("input"), "names the input: {err}");
        assert_eq!(draw(gpu, &pipeline), [0, 0, 255, 255], "the old pipeline still draws");
    });
}

#[test]
fn an_agsl_effect_reloads() {
    common::on_devices(|gpu| {
        let dir = scratch("agsl");
        let file = dir.join("effect.agsl");
        let mut effect = AgslEffect::new(gpu, &hot_effect::EFFECT).expect("effect");
        effect.set_source_file(&file).expect("a path: shader");
        effect.set_uniform_bytes(bytemuck::cast_slice(&[1.0f32, 0.0, 0.0, 1.0])).expect("uniforms");
        let pixel = |effect: &AgslEffect| effect.render(gpu, 2, 2).expect("render").pixel(1, 1);
        assert_eq!(pixel(&effect), [255, 0, 0, 255]);
        edit(&file, "return color;", "return color.bgra;");
        check_valid_file(&file);
        assert_eq!(effect.reload_if_changed(gpu), Ok(true));
        assert_eq!(pixel(&effect), [0, 0, 255, 255]);
        // A syntax error and an interface change (a new uniform grows the block): kept.
        edit(&file, "return color.bgra;", "return color.bgra");
        let err = effect.reload(gpu).expect_err("a syntax error");
        assert!(matches!(err, ReloadError::Compile(_)), "{err}");
        edit(&file, "return color.bgra", "return color.bgra * scale;");
        edit(&file, "uniform half4 color;", "uniform half4 color;\nuniform half scale;");
        check_valid_file(&file);
        let err = effect.reload(gpu).expect_err("an interface change");
        let ReloadError::Interface { changes, .. } = &err else { panic!("not an interface error: {err}") };
        assert!(changes.join("\n").contains("scale"), "names the new uniform: {err}");
        assert_eq!(pixel(&effect), [0, 0, 255, 255], "the old effect still renders");
    });
}
