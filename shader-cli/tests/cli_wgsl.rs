//! The `shader` binary's success path on a small WGSL compute shader: compile (to a file, to the
//! default path, to stdout), validate, reflect and disassemble. Every SPIR-V module produced is
//! checked by `spirv-val` and by naga's SPIR-V front end and validator.
//!
//! These need the WGSL front end and the SPIR-V back end; until those land they fail.

#[path = "../../tests/common/naga_wgpu.rs"]
mod naga_wgpu;

use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod support;
use support::{run_ok as run, SHADER};

const SCALE: &str = r#"
struct Params {
    scale: f32,
    count: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if (id.x < params.count) {
        data[id.x] = data[id.x] * params.scale;
    }
}
"#;

fn scratch(test: &str) -> PathBuf {
    let dir = support::scratch(test);
    std::fs::write(dir.join("scale.wgsl"), SCALE).unwrap();
    dir
}


/// Checks a module with `spirv-val` (Vulkan 1.1) and naga's SPIR-V front end + validator.
fn check_spirv(dir: &Path, bytes: &[u8]) {
    assert!(
        bytes.chunks_exact(4).remainder().is_empty() && bytes.len() >= 20,
        "{} bytes is not a SPIR-V module",
        bytes.len()
    );
    assert_eq!(u32::from_le_bytes(bytes[..4].try_into().unwrap()), 0x0723_0203, "magic number");
    let path = dir.join("checked.spv");
    std::fs::write(&path, bytes).unwrap();
    let val = Command::new("spirv-val")
        .args(["--target-env", "vulkan1.1"])
        .arg(&path)
        .output()
        .expect("spirv-val is installed");
    assert!(
        val.status.success(),
        "spirv-val: {}{}",
        String::from_utf8_lossy(&val.stdout),
        String::from_utf8_lossy(&val.stderr)
    );
    let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    naga_wgpu::naga_check(&words).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn compiles_to_a_valid_spirv_file() {
    let dir = scratch("compile");
    let out = run(&dir, &["compile", "scale.wgsl", "-o", "out.spv"]);
    assert!(out.stdout.is_empty());
    check_spirv(&dir, &std::fs::read(dir.join("out.spv")).unwrap());
}

#[test]
fn default_output_replaces_the_wgsl_extension() {
    let dir = scratch("default-output");
    run(&dir, &["compile", "scale.wgsl"]);
    check_spirv(&dir, &std::fs::read(dir.join("scale.spv")).expect("scale.spv written next to scale.wgsl"));
}

#[test]
fn dash_writes_spirv_to_stdout() {
    let dir = scratch("stdout");
    let out = run(&dir, &["compile", "scale.wgsl", "-o", "-"]);
    check_spirv(&dir, &out.stdout);
}

#[test]
fn spirv_version_option_sets_the_header() {
    let dir = scratch("version");
    let out = run(&dir, &["compile", "scale.wgsl", "-o", "-", "--spirv-version", "1.3"]);
    assert_eq!(u32::from_le_bytes(out.stdout[4..8].try_into().unwrap()), 0x0001_0300);
    check_spirv(&dir, &out.stdout);
}

/// The opcodes of a module's instructions.
fn opcodes(bytes: &[u8]) -> Vec<u16> {
    let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let (mut at, mut ops) = (5, Vec::new());
    while let Some(&word) = words.get(at) {
        ops.push(word as u16);
        at += (word >> 16).max(1) as usize;
    }
    ops
}

/// By default the module names its source lines (`OpLine` 8 at the line of the store, 30, in
/// `OpString` 7 "scale.wgsl"); `--strip-debug` leaves them out, and both are valid.
#[test]
fn strip_debug_leaves_the_lines_out() {
    let dir = scratch("strip-debug");
    let with_lines = run(&dir, &["compile", "scale.wgsl", "-o", "-"]).stdout;
    let stripped = run(&dir, &["compile", "scale.wgsl", "-o", "-", "--strip-debug"]).stdout;
    check_spirv(&dir, &with_lines);
    check_spirv(&dir, &stripped);
    let (ops, stripped_ops) = (opcodes(&with_lines), opcodes(&stripped));
    assert!(ops.contains(&8) && ops.contains(&7) && ops.contains(&3), "OpLine, OpString, OpSource: {ops:?}");
    assert!(!stripped_ops.contains(&8) && !stripped_ops.contains(&7) && !stripped_ops.contains(&3), "{stripped_ops:?}");
    let line = SCALE.lines().position(|l| l.contains("data[id.x] = ")).unwrap() as u32 + 1;
    let words: Vec<u32> = with_lines.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    assert!(words.windows(3).any(|w| w[0] == (4 << 16 | 8) && w[2] == line), "an OpLine at line {line}");
    assert!(String::from_utf8_lossy(&with_lines).contains("scale.wgsl"));
}

#[test]
fn validate_prints_nothing_on_success() {
    let dir = scratch("validate");
    let out = run(&dir, &["validate", "scale.wgsl"]);
    assert!(out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stdout));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!dir.join("scale.spv").exists(), "validate wrote a file");
}

#[test]
fn reflect_prints_bindings_and_workgroup_size() {
    let dir = scratch("reflect");
    let out = run(&dir, &["reflect", "scale.wgsl"]);
    let r: Value = serde_json::from_slice(&out.stdout).expect("reflect prints JSON");
    assert_eq!(
        r["entry_points"],
        json!([{ "name": "main", "stage": "compute", "workgroup_size": [64, 1, 1],
                 "workgroup_size_overrides": [null, null, null] }])
    );
    let bindings = r["bindings"].as_array().unwrap();
    assert_eq!(bindings.len(), 2, "{r:#}");
    let params = &bindings[0];
    assert_eq!((params["group"].as_u64(), params["binding"].as_u64()), (Some(0), Some(0)));
    assert_eq!(params["name"], "params");
    assert_eq!(params["kind"], "uniform_buffer");
    assert_eq!(params["type"], "Params");
    assert_eq!(params["buffer"]["size"], 8);
    assert_eq!(
        params["buffer"]["members"],
        json!([
            { "name": "scale", "offset": 0, "size": 4, "type": "f32" },
            { "name": "count", "offset": 4, "size": 4, "type": "u32" },
        ])
    );
    assert_eq!(params["stages"], json!(["compute"]));
    let data = &bindings[1];
    assert_eq!((data["group"].as_u64(), data["binding"].as_u64()), (Some(0), Some(1)));
    assert_eq!(data["name"], "data");
    assert_eq!(data["kind"], "storage_buffer");
    assert_eq!(data["access"], "read_write");
    assert_eq!(data["type"], "array<f32>");
    assert_eq!(data["buffer"], json!({ "size": 4, "runtime_array_stride": 4, "array_stride": 4 }));
    assert_eq!(r["push_constants"], json!([]));
    assert_eq!(r["specialization_constants"], json!([]));
}

/// A length that follows a specialization constant: the constant (name, id, default) lists
/// the variables whose arrays it sizes, for WGSL override-sized workgroup arrays (also through
/// an alias and an expression) and GLSL arrays sized by a `constant_id` constant, and the least
/// value the constant indices into them need (`least_value`).
#[test]
fn reflect_names_the_arrays_a_constant_sizes() {
    let dir = scratch("reflect_sizes");
    std::fs::write(
        dir.join("tiles.wgsl"),
        "override n = 16;\noverride k = 2;\nalias Tile = array<f32, n * 2>;\nvar<workgroup> tile: Tile;\n\
         var<workgroup> other: array<u32, n>;\n@compute @workgroup_size(1) fn main() { tile[0] = 1.0; other[k] = 2u; }\n",
    )
    .unwrap();
    let out = run(&dir, &["reflect", "tiles.wgsl"]);
    let r: Value = serde_json::from_slice(&out.stdout).expect("reflect prints JSON");
    assert_eq!(
        r["specialization_constants"],
        json!([
            // `tile[0]` into `array<f32, n * 2>`: the length grows with `n` and exceeds 0 from
            // `n` = 1 on.
            { "name": "n", "id": 0, "type": "i32", "default": 16, "sizes_arrays": ["tile", "other"], "least_value": 1 },
            { "name": "k", "id": 1, "type": "i32", "default": 2 },
        ])
    );
    std::fs::write(
        dir.join("block.comp"),
        "#version 450\nlayout(local_size_x = 1) in;\nlayout(constant_id = 3) const int N = 4;\n\
         layout(binding = 0) buffer B { vec4 v[N]; } b;\nshared float s[N + 1];\nvoid main() { s[0] = 1.0; b.v[0] = vec4(s[0]); }\n",
    )
    .unwrap();
    let out = run(&dir, &["reflect", "block.comp"]);
    let r: Value = serde_json::from_slice(&out.stdout).expect("reflect prints JSON");
    assert_eq!(
        r["specialization_constants"],
        // `b.v[0]` into `v[N]` needs 1; `s[0]` into `s[N + 1]` needs 0.
        json!([{ "name": "N", "id": 3, "type": "i32", "default": 4, "sizes_arrays": ["b", "s"], "least_value": 1 }])
    );
    // A constant index into an array sized by the override itself: the least value is one more.
    std::fs::write(
        dir.join("least.wgsl"),
        "override m: u32 = 8;\nvar<workgroup> w: array<u32, m>;\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n\
         @compute @workgroup_size(1) fn main() { w[5] = 1u; w[2] = 2u; o[0] = w[o[1]]; }\n",
    )
    .unwrap();
    let out = run(&dir, &["reflect", "least.wgsl"]);
    let r: Value = serde_json::from_slice(&out.stdout).expect("reflect prints JSON");
    assert_eq!(
        r["specialization_constants"],
        json!([{ "name": "m", "id": 0, "type": "u32", "default": 8, "sizes_arrays": ["w"], "least_value": 6 }])
    );
    // Lengths computed from constants: one that grows with its constant gets the least value
    // its constant index needs (`twice[5]`: `a * 2` exceeds 5 from `a` = 3 on, `b << 1` from 3
    // on, `(c + 1) / 2` from 9 on); one that does not (`8 - d`, `e % 6`, a select) keeps the
    // constant at its default; one that uses two constants (`both[1]` into `g + h`) lowers
    // them in turn: `g` to 0 with `h` at 4 (no bound for an unsigned constant), then `h` to 2.
    std::fs::write(
        dir.join("computed.wgsl"),
        "override a: u32 = 8;\noverride b: u32 = 8;\noverride c: u32 = 16;\noverride d: u32 = 2;\noverride e: u32 = 5;\n\
         override f: u32 = 3;\noverride g: u32 = 4;\noverride h: u32 = 4;\n\
         var<workgroup> twice: array<u32, a * 2u>;\nvar<workgroup> shifted: array<u32, b << 1u>;\n\
         var<workgroup> halved: array<u32, (c + 1u) / 2u>;\nvar<workgroup> rest: array<u32, 8u - d>;\n\
         var<workgroup> wrapped: array<u32, e % 6u>;\nvar<workgroup> picked: array<u32, select(4u, 8u, f > 2u)>;\n\
         var<workgroup> both: array<u32, g + h>;\n\
         @compute @workgroup_size(1) fn main() { twice[5] = 1u; shifted[5] = 1u; halved[4] = 1u; rest[3] = 1u; \
         wrapped[4] = 1u; picked[6] = 1u; both[1] = 1u; }\n",
    )
    .unwrap();
    let out = run(&dir, &["reflect", "computed.wgsl"]);
    let r: Value = serde_json::from_slice(&out.stdout).expect("reflect prints JSON");
    assert_eq!(
        r["specialization_constants"],
        json!([
            { "name": "a", "id": 0, "type": "u32", "default": 8, "sizes_arrays": ["twice"], "least_value": 3 },
            { "name": "b", "id": 1, "type": "u32", "default": 8, "sizes_arrays": ["shifted"], "least_value": 3 },
            { "name": "c", "id": 2, "type": "u32", "default": 16, "sizes_arrays": ["halved"], "least_value": 9 },
            { "name": "d", "id": 3, "type": "u32", "default": 2, "sizes_arrays": ["rest"], "keeps_default": true },
            { "name": "e", "id": 4, "type": "u32", "default": 5, "sizes_arrays": ["wrapped"], "keeps_default": true },
            { "name": "f", "id": 5, "type": "u32", "default": 3, "sizes_arrays": ["picked"], "keeps_default": true },
            { "name": "g", "id": 6, "type": "u32", "default": 4, "sizes_arrays": ["both"] },
            { "name": "h", "id": 7, "type": "u32", "default": 4, "sizes_arrays": ["both"], "least_value": 2 },
        ])
    );
}

#[test]
fn disassemble_shows_the_entry_point_and_bindings() {
    let dir = scratch("disassemble");
    let out = run(&dir, &["disassemble", "scale.wgsl"]);
    let text = String::from_utf8(out.stdout).unwrap();
    for needle in
        ["OpEntryPoint GLCompute", "\"main\"", "LocalSize 64 1 1", "DescriptorSet 0", "Binding 1", "ArrayStride 4"]
    {
        assert!(text.contains(needle), "no `{needle}` in:\n{text}");
    }
    // Disassembling the compiled file gives the same text.
    run(&dir, &["compile", "scale.wgsl"]);
    let again = run(&dir, &["disassemble", "scale.spv"]);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
}

#[test]
fn reflect_into_a_closed_pipe_is_not_a_panic() {
    let dir = scratch("pipe");
    // Deterministic: a shell holds the tool back until the parent has closed the pipe's read
    // end, then execs it, so its first write fails with EPIPE.
    let mut child = Command::new("sh")
        .args(["-c", r#"read go; exec "$0" reflect scale.wgsl"#, SHADER])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.stdin.take().unwrap().write_all(b"go\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
}

/// A WESL package: `main.wesl` imports `sizes::WG`, whose value depends on the `BIG` feature.
fn wesl_package(test: &str) -> PathBuf {
    let dir = support::scratch(test);
    std::fs::create_dir_all(dir.join("shaders/util")).unwrap();
    std::fs::write(
        dir.join("shaders/main.wesl"),
        "import package::util::sizes;\n\
         @group(0) @binding(0) var<storage, read_write> data: array<u32>;\n\
         @compute @workgroup_size(sizes::WG)\n\
         fn main(@builtin(global_invocation_id) id: vec3<u32>) { data[id.x] = sizes::WG; }\n",
    )
    .unwrap();
    std::fs::write(dir.join("shaders/util/sizes.wesl"), "@if(BIG) const WG = 8u;\n@else const WG = 4u;\n").unwrap();
    dir
}

fn workgroup_size(out: &std::process::Output) -> Value {
    let r: Value = serde_json::from_slice(&out.stdout).expect("reflect prints JSON");
    r["entry_points"][0]["workgroup_size"].clone()
}

#[test]
fn wesl_root_and_features() {
    let dir = wesl_package("wesl");
    // The file's folder is the package root by default; `--root` and `-I` name it explicitly.
    let out = run(&dir, &["compile", "shaders/main.wesl", "-o", "-"]);
    check_spirv(&dir, &out.stdout);
    assert_eq!(workgroup_size(&run(&dir, &["reflect", "shaders/main.wesl"])), json!([4, 1, 1]));
    let out = run(&dir, &["compile", "--root", "shaders", "shaders/main.wesl", "--feature", "BIG", "-o", "-"]);
    check_spirv(&dir, &out.stdout);
    assert_eq!(workgroup_size(&run(&dir, &["reflect", "-I", "shaders", "shaders/main.wesl", "--feature", "BIG=true"])), json!([8, 1, 1]));
    assert_eq!(workgroup_size(&run(&dir, &["reflect", "shaders/main.wesl", "--feature", "BIG=false"])), json!([4, 1, 1]));
    run(&dir, &["compile", "shaders/main.wesl"]);
    assert!(dir.join("shaders/main.spv").is_file(), "the default output replaces `.wesl`");
    // `--lang wesl` names the language of a file whose extension does not (read as GLSL without it).
    std::fs::copy(dir.join("shaders/main.wesl"), dir.join("shaders/main.txt")).unwrap();
    let as_glsl = support::run(&dir, &["validate", "shaders/main.txt", "--stage", "comp"]);
    assert_eq!(as_glsl.status.code(), Some(1), "a `.txt` file is GLSL by default");
    assert_eq!(workgroup_size(&run(&dir, &["reflect", "--lang", "wesl", "shaders/main.txt", "--feature", "BIG"])), json!([8, 1, 1]));
}

#[test]
fn wesl_errors_name_the_import_chain() {
    let dir = wesl_package("wesl-errors");
    std::fs::write(dir.join("shaders/util/sizes.wesl"), "const WG = 4u + true;\n").unwrap();
    let out = support::run(&dir, &["validate", "shaders/main.wesl"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("shaders/util/sizes.wesl:1:"), "{stderr}");
    assert!(stderr.contains("in the module `package::util::sizes` imported from shaders/main.wesl:1"), "{stderr}");
    let bad_feature = support::run(&dir, &["validate", "shaders/main.wesl", "--feature", "BIG=maybe"]);
    assert_eq!(bad_feature.status.code(), Some(2), "{}", String::from_utf8_lossy(&bad_feature.stderr));
}

/// `--package NAME=DIR`: a shader library imported by name from WESL and included from GLSL,
/// the library's own `package::` meaning the library; without the flag, a located error.
#[test]
fn packages_from_the_command_line() {
    let dir = support::scratch("packages");
    std::fs::create_dir_all(dir.join("lib/noise/util")).unwrap();
    std::fs::create_dir_all(dir.join("app")).unwrap();
    std::fs::write(dir.join("lib/noise/util/sizes.wesl"), "const WG = 8u;\n").unwrap();
    std::fs::write(dir.join("lib/noise/hash.wesl"), "import package::util::sizes::WG;\nfn hash(x: u32) -> u32 { return x * 747796405u + WG; }\n")
        .unwrap();
    std::fs::write(
        dir.join("app/main.wesl"),
        "import noise::hash::hash;\n\
         @group(0) @binding(0) var<storage, read_write> data: array<u32>;\n\
         @compute @workgroup_size(noise::util::sizes::WG)\n\
         fn main(@builtin(global_invocation_id) id: vec3<u32>) { data[id.x] = hash(id.x); }\n",
    )
    .unwrap();
    std::fs::write(dir.join("lib/noise/hash.glsl"), "uint hash(uint x) { return x * 747796405u + 8u; }\n").unwrap();
    std::fs::write(
        dir.join("app/main.comp"),
        "#version 450\n#extension GL_GOOGLE_include_directive : require\n#include <noise/hash.glsl>\n\
         layout(local_size_x = 8) in;\nlayout(set = 0, binding = 0) buffer B { uint data[]; };\n\
         void main() { data[gl_GlobalInvocationID.x] = hash(gl_GlobalInvocationID.x); }\n",
    )
    .unwrap();
    for file in ["app/main.wesl", "app/main.comp"] {
        let out = run(&dir, &["compile", "--package", "noise=lib/noise", file, "-o", "-"]);
        check_spirv(&dir, &out.stdout);
        assert_eq!(workgroup_size(&run(&dir, &["reflect", "--package", "noise=lib/noise", file])), json!([8, 1, 1]));
    }
    let missing = support::run(&dir, &["validate", "app/main.wesl"]);
    assert_eq!(missing.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&missing.stderr);
    assert!(stderr.contains("app/main.wesl:1:8") && stderr.contains("cannot find package or module `noise`"), "{stderr}");
    let missing = support::run(&dir, &["validate", "app/main.comp"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot find include file `noise/hash.glsl`"));
    let bad = support::run(&dir, &["validate", "--package", "super=lib/noise", "app/main.wesl"]);
    assert_eq!(bad.status.code(), Some(2), "{}", String::from_utf8_lossy(&bad.stderr));
    // A library whose folder is gone (a checkout moved under a cached build-script output): the
    // error at the import says so, in both languages; a folder that exists gets no such note.
    for (file, at) in [("app/main.wesl", "app/main.wesl:1:1"), ("app/main.comp", "app/main.comp:3:10")] {
        let moved = support::run(&dir, &["validate", "--package", "noise=old/checkout/noise", file]);
        assert_eq!(moved.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&moved.stderr);
        assert!(stderr.contains(at), "{stderr}");
        assert!(stderr.contains("the folder of shader library `noise`") && stderr.contains("does not exist") && stderr.contains("cargo clean -p"), "{stderr}");
        std::fs::create_dir_all(dir.join("empty/noise")).unwrap();
        let empty = support::run(&dir, &["validate", "--package", "noise=empty/noise", file]);
        assert_eq!(empty.status.code(), Some(1));
        assert!(!String::from_utf8_lossy(&empty.stderr).contains("does not exist"), "{}", String::from_utf8_lossy(&empty.stderr));
    }
}
