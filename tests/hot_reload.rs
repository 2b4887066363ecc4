//! Hot reload (shader-runtime feature `hot-reload`): a `path:` pipeline pointed at a copy of its
//! shader in a temporary folder, the copy edited, and the pipeline reloaded. A valid edit is
//! swapped in (the dispatch's output, checked against the same arithmetic in Rust, changes);
//! a syntax error, an interface change or a file that is not a shader keeps the old pipeline
//! running and returns the rendered diagnostic or the change by name. Each test runs on the
//! wgpu device (lavapipe in CI) and on the CPU device (`common::on_devices`), and every edited
//! program that compiles also goes through spirv-val and naga.
#![deny(warnings)]

mod common;

use shader_runtime::{shader, Gpu, ReloadError};
use std::path::{Path, PathBuf};

shader! {
    mod hot;
    root: "tests/shaders/hot_reload",
    path: "main.wesl",
}

const COUNT: u32 = 8;
const SCALE: u32 = 3;

/// A fresh copy of `tests/shaders/hot_reload` in its own temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shader-hot-reload-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary folder");
    for file in ["main.wesl", "util.wesl"] {
        std::fs::copy(common::workspace_root().join("tests/shaders/hot_reload").join(file), dir.join(file)).expect("copy");
    }
    dir
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
