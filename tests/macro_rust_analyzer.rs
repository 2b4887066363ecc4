//! A shader error as rust-analyzer shows it: `rust-analyzer diagnostics` (the rustup component's
//! batch mode, which expands proc macros with rust-analyzer's own proc-macro server, as the
//! editor does) on a one-file crate (`tests/rust_analyzer/lib.rs`).
//!
//! What a stable proc macro can tell rust-analyzer: the error sits on the string literal
//! (rust-analyzer has no span inside it), and rust-analyzer's spans carry no file name and no
//! real line numbers, so the message gives the position within the shader source
//! (`line 4, column 26 of the shader source`) instead of a Rust file position. Without the
//! component the test prints SKIPPED (`rustup component add rust-analyzer`); with `CI=true`
//! that is a failure.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn shader_error_lands_on_the_literal_with_the_shader_position() {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    let available = Command::new("rust-analyzer").arg("--version").output().is_ok_and(|o| o.status.success());
    if !available {
        assert!(!ci, "rust-analyzer is missing (rustup component add rust-analyzer)");
        println!("SKIPPED: rust-analyzer is not installed (rustup component add rust-analyzer)");
        return;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rust_analyzer_fixture");
    std::fs::create_dir_all(dir.join("src")).expect("create the fixture crate");
    let manifest = format!(
        "[package]\nname = \"ra-fixture\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[dependencies]\nshader-macros = {{ path = {:?} }}\n\n[workspace]\n",
        root.join("shader-macros")
    );
    std::fs::write(dir.join("Cargo.toml"), manifest).expect("write the fixture manifest");
    std::fs::copy(root.join("tests/rust_analyzer/lib.rs"), dir.join("src/lib.rs")).expect("copy the fixture");
    // The workspace's lock file: the fixture resolves the same versions, offline.
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).expect("copy Cargo.lock");
    let output = Command::new("rust-analyzer")
        .arg("diagnostics")
        .arg(&dir)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .output()
        .expect("run rust-analyzer diagnostics");
    let text = String::from_utf8_lossy(&output.stdout).replace('\r', "\n") + &String::from_utf8_lossy(&output.stderr).replace('\r', "\n");
    let Some(start) = text.find("Ra(\"macro-error\"") else {
        panic!("rust-analyzer reported no macro error:\n{text}");
    };
    let error = &text[start..];
    // 0-based: line 5 is `    src: r#"`, column 9 the literal's `r`.
    assert!(error.contains("from LineCol { line: 5, col: 9 }"), "the error is not on the literal:\n{error}");
    assert!(error.contains("expected `f32`, found `u32`"), "{error}");
    assert!(error.contains("--> line 4, column 26 of the shader source"), "{error}");
    assert!(error.contains("4 |             let x: f32 = 1u;"), "{error}");
}
