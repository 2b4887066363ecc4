//! WGSL programs executed on the GPU, checked against results computed independently on the CPU.
//!
//! Every case runs through three paths, one test each, so a failure names its path:
//! - `ours`: our compiler -> spirv-val + naga validation -> wgpu as SPIR-V. This is the test of
//!   the compiler.
//! - `naga_wgsl`: the WGSL given to wgpu directly (naga compiles it). Checks the table itself:
//!   if this fails, the program or the CPU reference is wrong, not our compiler.
//! - `naga_spirv`: naga's SPIR-V output through the same SPIR-V path `ours` uses. Checks the
//!   harness's SPIR-V plumbing independently of our compiler.
//! - `ours_passthrough`, `naga_passthrough`: both modules as emitted (wgpu passthrough, the
//!   Vulkan driver gets the words without naga rewriting them), so our SPIR-V's own meaning is
//!   checked too, not only naga's reading of it (issue 17); skipped where the device has no
//!   passthrough (a failure on CI).
//!
//! Integers are compared exactly. Floats: `|gpu - cpu| <= abs + rel * |cpu|` with the tolerance
//! written next to each case; exact (0, 0) where WGSL requires a correctly rounded result
//! (+, -, *, conversions of exact values, floor/ceil/trunc/round/fract/abs/min/max/clamp), and
//! looser bounds where Vulkan allows error (transcendentals, division, normalize).

mod common;

use common::wgsl_exec_cases::{cases, compare, Case};
use common::BufferBinding as B;

#[test]
fn ours() {
    run_table(Path::Ours);
}

#[test]
fn naga_wgsl() {
    run_table(Path::NagaWgsl);
}

#[test]
fn naga_spirv() {
    run_table(Path::NagaSpirv);
}

#[test]
fn ours_passthrough() {
    run_table(Path::OursPassthrough);
}

#[test]
fn naga_passthrough() {
    run_table(Path::NagaPassthrough);
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Path {
    Ours,
    NagaWgsl,
    NagaSpirv,
    OursPassthrough,
    NagaPassthrough,
}


fn run_table(path: Path) {
    let cases = cases();
    let gpu = common::gpu();
    let mut failures = Vec::new();
    let mut known = 0;
    for case in &cases {
        match (run_case(case, path, gpu.is_some()), case.spirv_known_bug) {
            (Ok(()), _) => {}
            (Err(why), Some((text, reason))) if path != Path::NagaWgsl && why.contains(text) => {
                eprintln!("SKIPPED [{path:?}] {}: known bug: {reason}", case.name);
                known += 1;
            }
            (Err(why), _) => failures.push(format!("[{path:?}] {}: {why}", case.name)),
        }
    }
    eprintln!(
        "wgsl_exec [{path:?}]: {} cases, {} failed, {known} skipped as known bugs{}",
        cases.len(),
        failures.len(),
        if gpu.is_none() { " (compile and validation only: no GPU)" } else { "" }
    );
    assert!(failures.is_empty(), "{} of {} cases failed:\n\n{}", failures.len(), cases.len(), failures.join("\n\n"));
}

fn run_case(case: &Case, path: Path, have_gpu: bool) -> Result<(), String> {
    let spirv = match path {
        Path::Ours | Path::OursPassthrough => Some(common::compile_ours(&format!("{}.wgsl", case.name), case.source)?),
        Path::NagaSpirv | Path::NagaPassthrough => {
            let words = common::compile_naga(case.source).map_err(|e| format!("naga rejected the program: {e}"))?;
            common::validate_spirv(&words).map_err(|e| format!("naga's SPIR-V is invalid: {e}"))?;
            Some(words)
        }
        Path::NagaWgsl => None,
    };
    if !have_gpu {
        return Ok(());
    }
    let out = match (&spirv, path) {
        (Some(words), Path::OursPassthrough | Path::NagaPassthrough) => {
            if !common::has_passthrough() {
                assert!(!common::ci(), "the device lacks Features::PASSTHROUGH_SHADERS but CI=true");
                eprintln!("SKIPPED [{path:?}] {}: no device with passthrough", case.name);
                return Ok(());
            }
            match common::run_compute_passthrough(words, "main", &case.bindings, case.workgroups) {
                Err(e) if e.contains("dense binding numbers") => {
                    eprintln!("SKIPPED [{path:?}] {}: {e}", case.name);
                    return Ok(());
                }
                out => out?,
            }
        }
        (Some(words), _) => common::run_compute(common::ShaderInput::SpirV(words), "main", &case.bindings, case.workgroups)?,
        (None, _) => common::run_compute(common::ShaderInput::Wgsl(case.source), "main", &case.bindings, case.workgroups)?,
    };
    let mut problems = Vec::new();
    for (index, expect) in &case.expect {
        if let Err(why) = compare(&out[*index], expect) {
            problems.push(format!("buffer {index}: {why}"));
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(problems.join("\n")) }
}


/// The harness itself: wgpu's validation errors come back as `Err`, not as a panic or a hang.
#[test]
fn harness_reports_wgpu_errors() {
    if common::gpu().is_none() {
        return;
    }
    let shader = "@group(0) @binding(1) var<storage, read_write> out: array<u32>;
        @compute @workgroup_size(1) fn main() { out[0] = 1u; }";
    let buffer = [B::storage(0, vec![0; 4])];
    let wrong_binding = common::run_compute(common::ShaderInput::Wgsl(shader), "main", &buffer, [1, 1, 1]);
    assert!(wrong_binding.is_err(), "a layout that does not match the shader must fail: {wrong_binding:?}");
    let header_only = [0x0723_0203, 0x0001_0000, 0, 1, 0];
    let bad_spirv = common::run_compute(common::ShaderInput::SpirV(&header_only), "main", &buffer, [1, 1, 1]);
    assert!(bad_spirv.is_err(), "a module without the entry point must fail: {bad_spirv:?}");
    let right = [B::storage(1, vec![0; 4])];
    let ok = common::run_compute(common::ShaderInput::Wgsl(shader), "main", &right, [1, 1, 1]);
    assert_eq!(ok.map(|out| common::u32s(&out[0])), Ok(vec![1]));
}
