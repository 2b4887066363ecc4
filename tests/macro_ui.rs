//! Compile-fail and compile-pass behaviour of `shader!` and `#[derive(Std140, Std430)]`,
//! pinned with trybuild (`tests/ui/fail_*.rs` + `.stderr`, `tests/ui/pass_*.rs`). One test
//! function: every trybuild run builds a crate, which is slow on CI machines.
//! `TRYBUILD=overwrite cargo test --test macro_ui` rewrites the snapshots.

use std::path::{Path, PathBuf};

/// trybuild builds the cases in `<target>/tests/trybuild/<crate>`, which becomes their
/// `CARGO_MANIFEST_DIR`; link our shader folder there so `path: "tests/shaders/.."` resolves
/// as it does for a user crate. Returns the project's `tests` folder.
fn link_shaders() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    // The target directory as trybuild finds it: from `cargo metadata`.
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = std::process::Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(&manifest)
        .output()
        .expect("run cargo metadata");
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON");
    let target = PathBuf::from(metadata["target_directory"].as_str().expect("a target directory"));
    let project = target.join("tests").join("trybuild").join(env!("CARGO_PKG_NAME")).join("tests");
    std::fs::create_dir_all(&project).expect("create the trybuild project folder");
    let link = project.join("shaders");
    let wanted = manifest.join("tests").join("shaders");
    if std::fs::read_link(&link).ok().as_deref() != Some(wanted.as_path()) {
        // A link left by another checkout that shares the target directory (it may dangle).
        let _ = std::fs::remove_file(&link);
        if !link.exists() {
            symlink(&wanted, &link);
        }
    }
    project
}

#[cfg(unix)]
fn symlink(from: &Path, to: &Path) {
    std::os::unix::fs::symlink(from, to).expect("link tests/shaders into the trybuild project");
}

#[cfg(not(unix))]
fn symlink(from: &Path, to: &Path) {
    panic!("the ui tests need a symlink from {} to {}", to.display(), from.display());
}

#[test]
fn ui() {
    let project = link_shaders();
    // The shader library `uilib` of the `*_library*` cases, as a build script's
    // `shader_build::forward()` would pass it: cargo and rustc inherit this process's
    // environment, and `shader!` reads the variable while rustc expands it.
    let library = project.join("shaders").join("ui_library");
    let packages = shader_build::encode(&[("uilib".to_string(), library)]).expect("encode SHADER_PACKAGES");
    std::env::set_var(shader_build::ENV, packages);
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/fail_*.rs");
    t.pass("tests/ui/pass_*.rs");
}
