//! The CPU device (`shader-cpu`) runs the programs of `wgsl_exec.rs` and `glsl_exec.rs`:
//! our SPIR-V, naga's (WGSL) and glslang's (GLSL), checked against the same CPU-computed
//! expectations and tolerances those tests use and, where a GPU adapter exists (lavapipe in
//! CI), against the device's output for the same SPIR-V.
//!
//! Every module is validated first (spirv-val, and naga where the other tests do).

mod common;

use common::glsl_exec_cases::{cpu_reference, input, source, ulps, Ty, CASES};
use common::wgsl_exec_cases::{cases, compare, Expect};
use common::BufferBinding as B;

/// Runs `entry` of `words` on the CPU device with `bindings` and returns every buffer's final
/// contents in the order of `bindings`, failing on any sanitizer finding.
fn run_cpu(words: &[u32], bindings: &[B], workgroups: [u32; 3]) -> Result<Vec<Vec<u8>>, String> {
    let program = shader_cpu::Program::new(words, "main", &[]).map_err(|e| e.to_string())?;
    let buffers: Vec<shader_cpu::Buffer> = bindings.iter().map(|b| shader_cpu::Buffer::from_bytes(&b.data)).collect();
    let bound: Vec<shader_cpu::Binding<'_>> = bindings
        .iter()
        .zip(&buffers)
        .map(|(b, buffer)| shader_cpu::Binding { set: b.group, binding: b.binding, buffer })
        .collect();
    let options = shader_cpu::Options { sanitize: true, threads: None };
    let report = program.dispatch(&bound, &[], workgroups, &options).map_err(|e| e.to_string())?;
    if let Some(first) = report.findings.first() {
        return Err(format!("sanitizer: {first} (and {} more)", report.findings.len() - 1 + report.dropped));
    }
    Ok(buffers.iter().map(shader_cpu::Buffer::to_bytes).collect())
}

/// The CPU device's output against the GPU's for the same module: integers exactly (as a
/// multiset where the table allows any order), floats within twice the table's tolerance (both
/// are within it of the exact value).
fn agree(cpu: &[u8], gpu: &[u8], expect: &Expect) -> Result<(), String> {
    let as_expect = match expect {
        Expect::U32(_) => Expect::U32(common::u32s(gpu)),
        Expect::I32(_) => Expect::I32(common::i32s(gpu)),
        Expect::U32Unordered(_) => Expect::U32Unordered(common::u32s(gpu)),
        Expect::F32(_, abs, rel) => Expect::F32(common::f32s(gpu), 2.0 * abs, 2.0 * rel),
    };
    compare(cpu, &as_expect)
}

/// naga's SPIR-V must pass both validators, except that a known bug of naga's SPIR-V reader
/// (the table's `spirv_known_bug`) is accepted after spirv-val: the CPU device does not go
/// through naga, so it runs such modules (the GPU comparison then cannot).
fn validate_naga_output(words: &[u32], known_bug: Option<(&str, &str)>) -> Result<(), String> {
    common::spirv_val(words, "vulkan1.1")?;
    match (common::naga_check(words), known_bug) {
        (Ok(_), _) => Ok(()),
        (Err(e), Some((text, _))) if e.contains(text) => Ok(()),
        (Err(e), _) => Err(e),
    }
}

#[test]
fn wgsl_programs() {
    let table = cases();
    let gpu = common::gpu();
    let (mut runs, mut failures, mut gpu_checked) = (0, Vec::new(), 0);
    for case in &table {
        for (compiler, words) in [
            ("ours", common::compile_ours(&format!("{}.wgsl", case.name), case.source)),
            ("naga", common::compile_naga(case.source).and_then(|w| validate_naga_output(&w, case.spirv_known_bug).map(|()| w))),
        ] {
            let words = match words {
                Ok(w) => w,
                Err(e) => {
                    failures.push(format!("[{compiler}] {}: does not compile: {e}", case.name));
                    continue;
                }
            };
            runs += 1;
            let out = match run_cpu(&words, &case.bindings, case.workgroups) {
                Ok(out) => out,
                Err(e) => {
                    failures.push(format!("[{compiler}] {}: {e}", case.name));
                    continue;
                }
            };
            let mut problems = Vec::new();
            for (index, expect) in &case.expect {
                if let Err(why) = compare(&out[*index], expect) {
                    problems.push(format!("buffer {index} against the CPU reference: {why}"));
                }
            }
            if gpu.is_some() {
                if let Ok(gpu_out) = common::run_compute(common::ShaderInput::SpirV(&words), "main", &case.bindings, case.workgroups) {
                    gpu_checked += 1;
                    for (index, expect) in &case.expect {
                        if let Err(why) = agree(&out[*index], &gpu_out[*index], expect) {
                            problems.push(format!("buffer {index} against the GPU: {why}"));
                        }
                    }
                }
            }
            if !problems.is_empty() {
                failures.push(format!("[{compiler}] {}: {}", case.name, problems.join("\n")));
            }
        }
    }
    eprintln!(
        "cpu_device wgsl: {} programs, {runs} modules run, {} failed, {gpu_checked} compared with the GPU",
        table.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{} failures:\n\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn glsl_programs() {
    let have_glslang = common::glslang_available();
    if !have_glslang && common::ci() {
        panic!("glslangValidator is not installed but CI=true");
    }
    let gpu = common::gpu();
    let (mut runs, mut failures, mut gpu_checked) = (0, Vec::new(), 0);
    for case in CASES {
        let (name, tin, tout, _, _, max_ulps) = *case;
        let src = source(case);
        let options = shader_core::CompileOptions {
            language: shader_core::Language::Glsl,
            stage: Some(shader_core::ir::Stage::Compute),
            ..Default::default()
        };
        let ours = match shader_core::compile(&format!("{name}.comp"), &src, &options) {
            Ok(c) => c.spirv,
            Err(e) => {
                failures.push(format!("{name}: we reject it:\n{}", e.render()));
                continue;
            }
        };
        if let Err(e) = common::validate_spirv_glsl(&ours, true) {
            failures.push(format!("{name}: our SPIR-V is invalid: {e}"));
            continue;
        }
        let mut modules = vec![("ours", ours)];
        if have_glslang {
            match common::compile_glslang(&src, "comp") {
                Ok(w) => modules.push(("glslang", w)),
                Err(e) => failures.push(format!("{name}: glslang rejects it (test bug):\n{e}")),
            }
        }
        let bindings = [B::storage(0, input(tin)), B::storage(1, vec![0u8; 256])];
        let same = |x: u32, y: u32| match tout {
            Ty::F32 => ulps(f32::from_bits(x), f32::from_bits(y)) <= max_ulps,
            _ => x == y,
        };
        // Across devices, functions with an error bound (max_ulps > 0: transcendentals) differ
        // by more than the ULPs two compilers' code on one device does: Rust's libm is near
        // correctly rounded, lavapipe's approximations are not (Vulkan allows 2^-11 absolute
        // for sin/cos). 1e-5 relative is far inside that and still catches a wrong formula.
        let same_across = |x: u32, y: u32| match tout {
            Ty::F32 if max_ulps > 0 => {
                let (a, b) = (f32::from_bits(x), f32::from_bits(y));
                (a - b).abs() <= 1e-5 * b.abs() + 1e-6
            }
            _ => same(x, y),
        };
        let mut results: Vec<(&str, Vec<u32>)> = Vec::new();
        for (compiler, words) in &modules {
            runs += 1;
            let out = match run_cpu(words, &bindings, [1, 1, 1]) {
                Ok(out) => common::u32s(&out[1]),
                Err(e) => {
                    failures.push(format!("[{compiler}] {name}: {e}"));
                    continue;
                }
            };
            if let Some(f) = cpu_reference(name) {
                let want: Vec<u32> = (0..64).map(f).collect();
                if let Some(k) = out.iter().zip(&want).position(|(x, y)| !same(*x, *y)) {
                    failures.push(format!("[{compiler}] {name}: element {k}: CPU device {:#x}, reference {:#x}", out[k], want[k]));
                }
            }
            if gpu.is_some() {
                if let Ok(gpu_out) = common::run_compute(common::ShaderInput::SpirV(words), "main", &bindings, [1, 1, 1]) {
                    gpu_checked += 1;
                    let gpu_out = common::u32s(&gpu_out[1]);
                    if let Some(k) = out.iter().zip(&gpu_out).position(|(x, y)| !same_across(*x, *y)) {
                        failures.push(format!("[{compiler}] {name}: element {k}: CPU device {:#x}, GPU {:#x}", out[k], gpu_out[k]));
                    }
                }
            }
            results.push((compiler, out));
        }
        if let [(_, a), (_, b)] = &results[..] {
            if let Some(k) = a.iter().zip(b).position(|(x, y)| !same(*x, *y)) {
                failures.push(format!("{name}: element {k}: ours {:#x}, glslang's {:#x} (both on the CPU device)", a[k], b[k]));
            }
        }
    }
    eprintln!(
        "cpu_device glsl: {} programs, {runs} modules run, {} failed, {gpu_checked} compared with the GPU",
        CASES.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{} failures:\n\n{}", failures.len(), failures.join("\n\n"));
}
