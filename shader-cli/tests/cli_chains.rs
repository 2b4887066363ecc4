//! Issue 14: the `shader` binary (a debug build when run by `cargo test`, on the default 8 MiB
//! main-thread stack) compiles long flat operator chains (`x + 1u + 1u + ...`, 5,000 and
//! 200,000 terms) in WGSL and GLSL, and rejects deep true nesting with a located error instead
//! of overflowing its stack. The sources are generated here, not committed. The library-level
//! tests, with results checked on the device, are in `tests/long_chains.rs`.

use std::process::Command;

mod support;
use support::{run, run_ok, scratch};

fn chain(first: &str, rest: &str, op: &str, n: usize) -> String {
    std::iter::once(first).chain(std::iter::repeat_n(rest, n - 1)).collect::<Vec<_>>().join(op)
}

fn wgsl(n: usize) -> String {
    format!(
        "@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n\
         @compute @workgroup_size(1) fn main() {{\n  let c = o[4] != 0u;\n  o[0] = {};\n  o[5] = {};\n  o[7] = {};\n  if {} {{ o[6] = 1u; }}\n}}\n",
        chain("o[1]", "1u", " + ", n),
        chain("o[2]", "o[2]", " * ", n),
        chain("0u", "1u", " + ", n),
        chain("(o[3] > 0u)", "c", " && ", n.min(5000)),
    )
}

fn glsl(n: usize) -> String {
    format!(
        "#version 450\nlayout(local_size_x = 1) in;\nlayout(std430, binding = 0) buffer B {{ uint o[]; }};\n\
         void main() {{\n  bool c = o[4] != 0u;\n  o[0] = {};\n  o[5] = {};\n  o[7] = {};\n  if ({}) {{ o[6] = 1u; }}\n}}\n",
        chain("o[1]", "1u", " + ", n),
        chain("o[2]", "o[2]", " * ", n),
        chain("0u", "1u", " + ", n),
        chain("(o[3] > 0u)", "c", " && ", n.min(5000)),
    )
}

fn spirv_val(dir: &std::path::Path, file: &str) {
    match Command::new("spirv-val").args(["--target-env", "vulkan1.1", file]).current_dir(dir).output() {
        Ok(val) => assert!(val.status.success(), "spirv-val {file}: {}", String::from_utf8_lossy(&val.stderr)),
        Err(e) if std::env::var("CI").as_deref() != Ok("true") => eprintln!("*** SKIPPED (spirv-val {file}): {e} ***"),
        Err(e) => panic!("spirv-val is needed with CI=true: {e}"),
    }
}

#[test]
fn long_chains_compile() {
    let dir = scratch("long_chains");
    for n in [5000, 200_000] {
        for (name, source) in [(format!("c{n}.wgsl"), wgsl(n)), (format!("c{n}.comp"), glsl(n))] {
            std::fs::write(dir.join(&name), source).unwrap();
            let out = format!("{name}.spv");
            run_ok(&dir, &["compile", &name, "-o", &out]);
            spirv_val(&dir, &out);
        }
    }
}

#[test]
fn deep_nesting_is_a_located_error() {
    let dir = scratch("deep_nesting");
    let n = 200_000;
    let parens = format!("{}1u{}", "(".repeat(n), ")".repeat(n));
    let sources = [
        ("p.wgsl", 1, format!("@compute @workgroup_size(1) fn main() {{ let x = {parens}; }}\n")),
        ("p.comp", 3, format!("#version 450\nlayout(local_size_x = 1) in;\nvoid main() {{ uint x = {parens}; }}\n")),
    ];
    for (name, line, source) in sources {
        std::fs::write(dir.join(name), source).unwrap();
        let out = run(&dir, &["compile", name, "-o", "x.spv"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {stderr}");
        assert!(stderr.contains("nesting is too deep") && stderr.contains(&format!("{name}:{line}:")), "{name}: {stderr}");
    }
}
