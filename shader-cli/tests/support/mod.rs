//! What every test of the `shader` binary needs: the binary, a fresh directory per test, and a
//! run that fails the test if the tool panicked.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub const SHADER: &str = env!("CARGO_BIN_EXE_shader");

/// A fresh, empty directory for one test, under a folder per test binary.
pub fn scratch(test: &str) -> PathBuf {
    let binary = module_path!().split("::").next().unwrap_or("shader-cli");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("shader-cli-tests").join(binary).join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `shader ARGS` in `dir`; whatever its exit code, it must not have panicked.
pub fn run(dir: &Path, args: &[&str]) -> Output {
    let output = Command::new(SHADER).args(args).current_dir(dir).output().expect("the shader binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "`shader {}` panicked:\n{stderr}", args.join(" "));
    output
}

/// Like [`run`], and the run must succeed.
#[allow(dead_code)] // not every test binary uses it
pub fn run_ok(dir: &Path, args: &[&str]) -> Output {
    let output = run(dir, args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "`shader {}` failed:\n{stderr}", args.join(" "));
    output
}
