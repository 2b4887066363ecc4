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
use common::texture_compute::Resource as T;
use shader_core::ir::Stage;

/// Runs `entry` of `words` on the CPU device with `bindings` and returns every buffer's final
/// contents in the order of `bindings`, failing on any sanitizer finding.
fn run_cpu(words: &[u32], bindings: &[B], workgroups: [u32; 3]) -> Result<Vec<Vec<u8>>, String> {
    run_cpu_with(words, bindings, workgroups, true)
}

/// [`run_cpu`] with the sanitizer on or off: without it, uniform values are computed once for
/// the lanes that run an instruction together (`shader-cpu` `uniform.rs`); with it, every
/// instruction runs lane by lane.
fn run_cpu_with(words: &[u32], bindings: &[B], workgroups: [u32; 3], sanitize: bool) -> Result<Vec<Vec<u8>>, String> {
    let program = shader_cpu::Program::new(words, "main", &[]).map_err(|e| e.to_string())?;
    let buffers: Vec<shader_cpu::Buffer> = bindings.iter().map(|b| shader_cpu::Buffer::from_bytes(&b.data)).collect();
    let bound: Vec<shader_cpu::Binding<'_>> = bindings
        .iter()
        .zip(&buffers)
        .map(|(b, buffer)| shader_cpu::Binding::buffer(b.group, b.binding, buffer))
        .collect();
    let options = shader_cpu::Options { sanitize, threads: None };
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
            // Without the sanitizer (uniform values computed once): the same expectations.
            match run_cpu_with(&words, &case.bindings, case.workgroups, false) {
                Ok(quiet) => {
                    for (index, expect) in &case.expect {
                        if let Err(why) = compare(&quiet[*index], expect) {
                            problems.push(format!("buffer {index} without the sanitizer against the CPU reference: {why}"));
                        }
                    }
                }
                Err(e) => problems.push(format!("without the sanitizer: {e}")),
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
        let ours = match common::compile_glsl_compute(name, &src) {
            Ok(words) => words,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
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
            // Without the sanitizer (uniform values computed once): the same values.
            match run_cpu_with(words, &bindings, [1, 1, 1], false) {
                Ok(quiet) => {
                    let quiet = common::u32s(&quiet[1]);
                    if let Some(k) = out.iter().zip(&quiet).position(|(x, y)| !same(*x, *y)) {
                        failures.push(format!("[{compiler}] {name}: element {k}: {:#x} with the sanitizer, {:#x} without", out[k], quiet[k]));
                    }
                }
                Err(e) => failures.push(format!("[{compiler}] {name}: without the sanitizer: {e}")),
            }
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

fn compile_glsl_vulkan(name: &str, src: &str) -> Vec<u32> {
    compile_glsl_vulkan_with(name, src, Stage::Compute, shader_core::BoundsChecks::Clamp)
}

fn compile_glsl_vulkan_with(name: &str, src: &str, stage: Stage, bounds_checks: shader_core::BoundsChecks) -> Vec<u32> {
    let options = shader_core::CompileOptions {
        language: shader_core::Language::Glsl,
        stage: Some(stage),
        target: shader_core::Target::Vulkan,
        bounds_checks,
        ..Default::default()
    };
    let words = shader_core::compile(name, src, &options).unwrap_or_else(|e| panic!("{}", e.render())).spirv;
    common::validate_spirv_glsl(&words, false).expect("valid SPIR-V");
    words
}

/// The modules of a GLSL program: ours (Vulkan target) and, when installed, glslang's, each
/// checked by spirv-val (not naga, whose SPIR-V front end lacks some of what they use, e.g.
/// `demote`).
fn glsl_modules(name: &str, src: &str) -> Vec<(&'static str, Vec<u32>)> {
    glsl_modules_with(name, src, Stage::Compute, shader_core::BoundsChecks::Clamp, &[])
}

/// [`glsl_modules`] of another stage, bounds checks, and glslang options (`glslang_args`).
fn glsl_modules_with(
    name: &str,
    src: &str,
    stage: Stage,
    bounds_checks: shader_core::BoundsChecks,
    glslang_args: &[&str],
) -> Vec<(&'static str, Vec<u32>)> {
    let mut modules = vec![("ours", compile_glsl_vulkan_with(name, src, stage, bounds_checks))];
    if common::glslang_available() {
        let extension = match stage {
            Stage::Compute => "comp",
            Stage::Vertex => "vert",
            Stage::Fragment => "frag",
        };
        let words = common::compile_glslang_with(src, extension, glslang_args).expect("glslang compiles the test program");
        common::validate_spirv_glsl(&words, false).expect("glslang's SPIR-V is valid");
        modules.push(("glslang", words));
    } else if common::ci() {
        panic!("glslangValidator is not installed but CI=true");
    }
    modules
}

/// Values the same in every lane (`shader-cpu` `uniform.rs`: computed once for the lanes that
/// run an instruction together) where control flow diverges: a loop counter with a divergent
/// `if` (no exit) in the body and a divergent early return before the loop; variables stored
/// in divergent control (an `if`, a loop with a divergent `break` or `continue`, a `switch` on
/// a lane's value with fallthrough); a uniform inner loop in a divergent outer one. Expected
/// values computed here in Rust, the same arithmetic; the sanitizer's run (every lane) and the
/// run without it (uniform values once) must both give them, for ours, glslang's and glslang's
/// optimized module (phis instead of variables) alike.
#[test]
fn uniform_values_where_control_flow_diverges() {
    let src = |early_return: bool| {
        let body = "#version 450\nlayout(local_size_x = 64) in;\n\
        layout(std430, set = 0, binding = 0) buffer Out { uint r[]; } o;\n\
        layout(std140, set = 0, binding = 1) uniform P { uint n; uint m; } p;\n\
        void main() {\n\
          uint i = gl_GlobalInvocationID.x;\n\
          EARLY\n\
          uint acc = 0u;\n\
          uint u = p.m;\n\
          for (uint k = 0u; k < p.n; ++k) {\n\
            if ((i + k) % 3u == 0u) { acc += k * p.m; } else { acc ^= k; }\n\
            u = u * 3u + k;\n\
          }\n\
          o.r[i * 6u] = acc + u;\n\
          uint v = p.n;\n\
          if (i % 4u == 1u) { v = v + 5u; o.r[i * 6u + 1u] = 1u; }\n\
          o.r[i * 6u + 1u] = v * 2u;\n\
          uint c = 0u;\n\
          uint w = 0u;\n\
          for (uint k = 0u; k < 16u; ++k) {\n\
            c = k * 3u + p.m;\n\
            if (k == i % 5u + 2u) { break; }\n\
            if (k % 2u == i % 2u) { continue; }\n\
            w += c;\n\
          }\n\
          o.r[i * 6u + 2u] = c;\n\
          o.r[i * 6u + 3u] = w;\n\
          uint s = 1u;\n\
          switch (i % 4u) {\n\
            case 0u: s = p.m;\n\
            case 1u: s += 10u; break;\n\
            case 2u: s = 7u; break;\n\
            default: s = p.n * 2u;\n\
          }\n\
          o.r[i * 6u + 4u] = s;\n\
          uint t = 0u;\n\
          for (uint a = 0u; a < i % 3u + 1u; ++a) {\n\
            for (uint b = 0u; b < p.n; ++b) { t += a * 100u + b; }\n\
          }\n\
          o.r[i * 6u + 5u] = t;\n\
        }\n";
        body.replace("EARLY", if early_return { "if (i % 7u == 6u) { o.r[i * 6u] = 1000u; return; }" } else { "" })
    };
    let (n, m) = (9u32, 4u32);
    let lanes = 128u32;
    let expected = |early_return: bool| -> Vec<u32> {
        (0..lanes)
        .flat_map(|i| {
            if early_return && i % 7 == 6 {
                return vec![1000, 0, 0, 0, 0, 0];
            }
            let (mut acc, mut u) = (0u32, m);
            for k in 0..n {
                if (i + k) % 3 == 0 {
                    acc += k * m;
                } else {
                    acc ^= k;
                }
                u = u.wrapping_mul(3).wrapping_add(k);
            }
            let v = if i % 4 == 1 { n + 5 } else { n };
            let (mut c, mut w) = (0u32, 0u32);
            for k in 0..16 {
                c = k * 3 + m;
                if k == i % 5 + 2 {
                    break;
                }
                if k % 2 == i % 2 {
                    continue;
                }
                w += c;
            }
            let s = match i % 4 {
                0 => m + 10,
                1 => 11,
                2 => 7,
                _ => n * 2,
            };
            let mut t = 0;
            for a in 0..i % 3 + 1 {
                for b in 0..n {
                    t += a * 100 + b;
                }
            }
            vec![acc.wrapping_add(u), v * 2, c, w, s, t]
        })
        .collect()
    };
    let bindings = [B::storage(0, vec![0; (lanes * 6 * 4) as usize]), B::uniform(1, [n, m, 0, 0].iter().flat_map(|x| x.to_le_bytes()).collect())];
    // Optimized glslang output (values in registers, phis at merges and loop headers instead
    // of variables) too; it turns the early return into a branch out of a one-case switch.
    for early_return in [true, false] {
        let src = src(early_return);
        let mut modules = glsl_modules("uniform_values.comp", &src);
        if common::glslang_available() {
            let words = common::compile_glslang_with(&src, "comp", &["-Os"]).expect("glslang -Os compiles the test program");
            common::validate_spirv_glsl(&words, false).expect("glslang's SPIR-V is valid");
            modules.push(("glslang -Os", words));
        }
        for (compiler, words) in modules {
            for sanitize in [true, false] {
                let out = run_cpu_with(&words, &bindings, [lanes / 64, 1, 1], sanitize)
                    .unwrap_or_else(|e| panic!("[{compiler}, early return {early_return}, sanitizer {sanitize}] {e}"));
                assert_eq!(common::u32s(&out[0]), expected(early_return), "[{compiler}, early return {early_return}, sanitizer {sanitize}] results");
            }
        }
    }
}

/// Function variables kept in registers, read around their stores: a load whose value is used
/// after a store to the variable (`y = x; x = ...; ... y`, also under a divergent `if`), a
/// vector variable's first components loaded and then one of them stored, the same expression
/// twice, and a variable stored but never read. The decoder reads variables in place of
/// their loads and drops repeated instructions and unread stores (`decode/fold.rs`); taking a
/// load's value from the variable after a store to it gives other results (checked by
/// mutating the store check of `forward_loads`). Expected values computed here in Rust.
#[test]
fn register_variables_read_around_their_stores() {
    let src = "#version 450\nlayout(local_size_x = 64) in;\n\
        layout(std430, set = 0, binding = 0) buffer Out { uint r[]; } o;\n\
        layout(std430, set = 0, binding = 1) readonly buffer In { uint a[]; } inp;\n\
        void main() {\n\
          uint i = gl_GlobalInvocationID.x;\n\
          uint x = inp.a[i];\n\
          uvec4 v = uvec4(x, x + 1u, x + 2u, x + 3u);\n\
          uint unread = x * 7u;\n\
          for (uint k = 0u; k < 4u; ++k) {\n\
            uint y = x;\n\
            x = x * 3u + k;\n\
            uvec3 w = v.xyz;\n\
            v.x = w.y + y;\n\
            v.w = w.x ^ x;\n\
            if ((i + k) % 2u == 0u) { uint z = x; x = z + y; unread = z; }\n\
            o.r[i * 4u + (k & 1u)] = (y * 5u + k) ^ (y * 5u + k + i);\n\
          }\n\
          o.r[i * 4u + 2u] = v.x + v.y + v.z + v.w + uint(inp.a.length()) + uint(inp.a.length()) * 2u;\n\
          o.r[i * 4u + 3u] = x;\n\
        }\n";
    let lanes = 128u32;
    let input: Vec<u32> = (0..lanes).map(|i| i.wrapping_mul(2_654_435_761) % 1000).collect();
    let expected: Vec<u32> = (0..lanes)
        .flat_map(|i| {
            let mut x = input[i as usize];
            let mut v = [x, x + 1, x + 2, x + 3];
            let mut out = [0u32; 4];
            for k in 0..4u32 {
                let y = x;
                x = x.wrapping_mul(3).wrapping_add(k);
                let w = [v[0], v[1], v[2]];
                v[0] = w[1].wrapping_add(y);
                v[3] = w[0] ^ x;
                if (i + k) % 2 == 0 {
                    x = x.wrapping_add(y);
                }
                let e = y.wrapping_mul(5).wrapping_add(k);
                out[(k & 1) as usize] = e ^ e.wrapping_add(i);
            }
            let sum = v.iter().fold(0u32, |s, &c| s.wrapping_add(c));
            out[2] = sum.wrapping_add(lanes * 3);
            out[3] = x;
            out
        })
        .collect();
    let bindings = [B::storage(0, vec![0; (lanes * 4 * 4) as usize]), B::storage_read(1, common::bytes_u32(&input))];
    for (compiler, words) in glsl_modules("register_variables.comp", src) {
        for sanitize in [true, false] {
            let out = run_cpu_with(&words, &bindings, [lanes / 64, 1, 1], sanitize).unwrap_or_else(|e| panic!("[{compiler}, sanitizer {sanitize}] {e}"));
            assert_eq!(common::u32s(&out[0]), expected, "[{compiler}, sanitizer {sanitize}] results");
        }
    }
}

/// Out-of-bounds accesses are harmless (reads give 0, writes are dropped) and, with the
/// sanitizer on, reported with the binding, the offset and the invocation. Our module is
/// compiled with `BoundsChecks::Unchecked`: clamped indices never reach the device's checks.
#[test]
fn sanitizer_reports_out_of_bounds() {
    let src = "#version 450\nlayout(local_size_x = 8) in;\n\
        layout(std430, set = 0, binding = 0) buffer Out { uint r[]; } outp;\n\
        layout(std430, set = 1, binding = 3) buffer In { uint a[]; } inp;\n\
        void main() {\n  uint i = gl_GlobalInvocationID.x;\n  uint k[4] = uint[4](1u, 2u, 3u, 4u);\n\
          outp.r[i + 60u] = inp.a[i * 2u] + 100u;\n  outp.r[i] = k[i % 5u];\n}\n";
    for (compiler, words) in glsl_modules_with("oob.comp", src, Stage::Compute, shader_core::BoundsChecks::Unchecked, &[]) {
        let program = shader_cpu::Program::new(&words, "main", &[]).expect("decodes");
        let out = shader_cpu::Buffer::zeroed(64 * 4);
        let input = shader_cpu::Buffer::from_bytes(&common::bytes_u32(&(0..10).collect::<Vec<u32>>()));
        let bound = [
            shader_cpu::Binding::buffer(0, 0, &out),
            shader_cpu::Binding::buffer(1, 3, &input),
        ];
        let options = shader_cpu::Options { sanitize: true, threads: Some(1) };
        let report = program.dispatch(&bound, &[], [1, 1, 1], &options).expect("runs");
        // The source lines of findings: tests/debug_info.rs.
        let mut seen: Vec<String> = report.findings.iter().map(|f| shader_cpu::Finding { location: None, ..f.clone() }.to_string()).collect();
        seen.sort();
        let mut want = Vec::new();
        for i in 0..8u32 {
            if i * 2 >= 10 {
                want.push(format!("out-of-bounds read of buffer (set 1, binding 3) at byte {} (size 40) by invocation ({i}, 0, 0)", i * 8));
            }
            if i + 60 >= 64 {
                want.push(format!("out-of-bounds write of buffer (set 0, binding 0) at byte {} (size 256) by invocation ({i}, 0, 0)", (i + 60) * 4));
            }
            if i % 5 >= 4 {
                want.push(format!("array index {} out of bounds (length 4) by invocation ({i}, 0, 0)", i % 5));
            }
        }
        want.sort();
        assert_eq!(seen, want, "[{compiler}] sanitizer findings");
        let r = common::u32s(&out.to_bytes());
        let expected: Vec<u32> = (0..64u32)
            .map(|j| match j {
                0..=7 => [1, 2, 3, 4, 0][(j % 5) as usize],
                60..=63 => (j - 60) * 2 + 100,
                _ => 0,
            })
            .collect();
        assert_eq!(r, expected, "[{compiler}] in-bounds results, out-of-bounds reads as 0");

        let quiet = shader_cpu::Options { sanitize: false, threads: Some(1) };
        let report = program.dispatch(&bound, &[], [1, 1, 1], &quiet).expect("runs");
        assert!(report.findings.is_empty(), "[{compiler}] no reports with the sanitizer off");
    }
}

/// Data races on workgroup memory are reported (sanitizer on): two invocations touch the same
/// word with no control barrier between, one of them writing, not both atomically. The racy
/// program has two: invocation 3 writes `tile[5]`, which invocation 4 read since the last
/// barrier, and invocation 0 reads `counter` that the others incremented atomically (the
/// pattern of tests/glsl/ok/shared_memory.comp, whose result differs between lavapipe and the
/// CPU device). Accesses to a lane's own word, reads after a barrier and atomics among
/// themselves are not races; with a barrier before each racy access there is no finding.
#[test]
fn sanitizer_reports_workgroup_races() {
    let src = |sync: &str| {
        format!(
            "#version 450\nlayout(local_size_x = 8) in;\n\
             layout(std430, set = 0, binding = 0) buffer Out {{ uint r[]; }} outp;\n\
             shared uint tile[8];\nshared uint counter;\n\
             void main() {{\n  uint i = gl_LocalInvocationID.x;\n  if (i == 0u) counter = 0u;\n  tile[i] = i;\n  barrier();\n\
               uint n = tile[(i + 1u) % 8u];\n  atomicAdd(counter, 1u);\n  {sync}\n  if (i == 3u) tile[5] = 50u;\n\
               outp.r[i] = n;\n  if (i == 0u) outp.r[8] = counter;\n  barrier();\n  if (i == 7u) outp.r[9] = tile[5];\n}}\n"
        )
    };
    for (racy, sync) in [(true, ""), (false, "barrier();")] {
        for (compiler, words) in glsl_modules("race.comp", &src(sync)) {
            let program = shader_cpu::Program::new(&words, "main", &[]).expect("decodes");
            let out = shader_cpu::Buffer::zeroed(10 * 4);
            let options = shader_cpu::Options { sanitize: true, threads: Some(1) };
            let report = program.dispatch(&[shader_cpu::Binding::buffer(0, 0, &out)], &[], [1, 1, 1], &options).expect("runs");
            let races: Vec<(bool, [u32; 3], u32)> = report
                .findings
                .iter()
                .map(|f| match f.kind {
                    shader_cpu::FindingKind::WorkgroupRace { write, other, .. } => (write, f.invocation, other),
                    _ => panic!("[{compiler}] not a race: {f}"),
                })
                .collect();
            let want = if racy { vec![(false, [0, 0, 0], 1), (true, [3, 0, 0], 4)] } else { Vec::new() };
            let mut seen = races.clone();
            seen.sort();
            assert_eq!(seen, want, "[{compiler}] races (write, invocation, other) with sync `{sync}`: {:?}", report.findings);
            if racy {
                let text = findings_text(&report);
                assert!(text.contains("data race on workgroup memory at byte"), "{text}");
            }
            let expected: Vec<u32> = (0..8u32).map(|i| (i + 1) % 8).chain([8, 50]).collect();
            assert_eq!(common::u32s(&out.to_bytes()), expected, "[{compiler}] results");
        }
    }
}

/// Data races on storage buffers within a workgroup (sanitizer on): every invocation writes
/// `v[i]`, then reads its neighbour's `v[(i + 1) % 8]`. The synchronisation decides: nothing, or
/// a barrier on workgroup memory only (GLSL's `barrier()`, WGSL's `workgroupBarrier()`), leaves
/// 8 races (each read against the neighbour's write); a barrier on buffer memory (GLSL's
/// `memoryBarrierBuffer(); barrier();`, WGSL's `storageBarrier()`) none. Atomics on one word
/// among themselves are not races. Our modules and the reference compilers' (glslang's,
/// naga's) each; the results are the same either way (the CPU device runs the lanes in step).
#[test]
fn sanitizer_reports_buffer_races() {
    let glsl = |sync: &str| {
        format!(
            "#version 450\nlayout(local_size_x = 8) in;\n\
             layout(std430, set = 0, binding = 0) buffer Data {{ uint v[]; }} data;\n\
             layout(std430, set = 0, binding = 1) buffer Out {{ uint r[]; }} outp;\n\
             void main() {{\n  uint i = gl_LocalInvocationID.x;\n  data.v[i] = i * 10u;\n  {sync}\n\
               outp.r[i] = data.v[(i + 1u) % 8u];\n  atomicAdd(data.v[8], 1u);\n}}\n"
        )
    };
    let wgsl = |sync: &str| {
        format!(
            "@group(0) @binding(0) var<storage, read_write> v: array<u32>;\n\
             @group(0) @binding(1) var<storage, read_write> r: array<u32>;\n\
             @compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32) {{\n\
               v[i] = i * 10u;\n  {sync}\n  r[i] = v[(i + 1u) % 8u];\n}}\n"
        )
    };
    let mut cases: Vec<(String, Vec<u32>, bool)> = Vec::new();
    for (sync, racy) in [("", true), ("barrier();", true), ("memoryBarrierBuffer(); barrier();", false)] {
        for (compiler, words) in glsl_modules("buffer_race.comp", &glsl(sync)) {
            cases.push((format!("{compiler}, `{sync}`"), words, racy));
        }
    }
    for (sync, racy) in [("workgroupBarrier();", true), ("storageBarrier();", false)] {
        let src = wgsl(sync);
        cases.push((format!("ours, WGSL `{sync}`"), common::compile_ours("buffer_race.wgsl", &src).expect("compiles"), racy));
        let naga = common::compile_naga(&src).expect("naga compiles it");
        common::validate_spirv(&naga).expect("naga's SPIR-V is valid");
        cases.push((format!("naga, WGSL `{sync}`"), naga, racy));
    }
    for (label, words, racy) in cases {
        let program = shader_cpu::Program::new(&words, "main", &[]).expect("decodes");
        let data = shader_cpu::Buffer::zeroed(9 * 4);
        let out = shader_cpu::Buffer::zeroed(8 * 4);
        let bound = [shader_cpu::Binding::buffer(0, 0, &data), shader_cpu::Binding::buffer(0, 1, &out)];
        let options = shader_cpu::Options { sanitize: true, threads: Some(1) };
        let report = program.dispatch(&bound, &[], [1, 1, 1], &options).expect("runs");
        let mut seen: Vec<(bool, [u32; 3], u32, u64)> = report
            .findings
            .iter()
            .map(|f| match f.kind {
                shader_cpu::FindingKind::BufferRace { set: 0, binding: 0, byte_offset, write, other } => (write, f.invocation, other, byte_offset),
                _ => panic!("[{label}] not a race on binding 0: {f}"),
            })
            .collect();
        seen.sort();
        let want: Vec<(bool, [u32; 3], u32, u64)> =
            if racy { (0..8u32).map(|i| (false, [i, 0, 0], (i + 1) % 8, u64::from((i + 1) % 8) * 4)).collect() } else { Vec::new() };
        assert_eq!(seen, want, "[{label}] races (write, invocation, other, byte): {:?}", report.findings);
        if racy {
            let text = report.findings[0].to_string();
            assert!(text.contains("data race on buffer (set 0, binding 0) at byte"), "{text}");
        }
        let expected: Vec<u32> = (0..8u32).map(|i| (i + 1) % 8 * 10).collect();
        assert_eq!(common::u32s(&out.to_bytes()), expected, "[{label}] results");
    }
}

/// Data races on storage images (sanitizer on): every invocation of a workgroup writes texel
/// `(i, 0)`, then reads its neighbour's `((i + 1) % 8, 0)`. Nothing, or a barrier on workgroup or
/// buffer memory only, leaves 8 races within the workgroup (each read against the neighbour's
/// write); a barrier on image memory (GLSL's `memoryBarrierImage(); barrier();`, WGSL's
/// `textureBarrier()`) none. Two workgroups writing the same texels race between workgroups,
/// whatever the barriers. Our modules and glslang's/naga's; the results are the program's.
#[test]
fn sanitizer_reports_image_races() {
    let glsl = |sync: &str| {
        format!(
            "#version 450\nlayout(local_size_x = 8) in;\n\
             layout(set = 0, binding = 0, r32ui) uniform uimage2D img;\n\
             layout(std430, set = 0, binding = 1) buffer Out {{ uint r[]; }} outp;\n\
             void main() {{\n  int i = int(gl_LocalInvocationID.x);\n  imageStore(img, ivec2(i, 0), uvec4(uint(i) * 10u));\n  {sync}\n\
               outp.r[gl_GlobalInvocationID.x] = imageLoad(img, ivec2((i + 1) % 8, 0)).x;\n}}\n"
        )
    };
    let wgsl = |sync: &str| {
        format!(
            "@group(0) @binding(0) var img: texture_storage_2d<r32uint, read_write>;\n\
             @group(0) @binding(1) var<storage, read_write> r: array<u32>;\n\
             @compute @workgroup_size(8) fn main(@builtin(local_invocation_index) i: u32, @builtin(global_invocation_id) g: vec3<u32>) {{\n\
               textureStore(img, vec2<i32>(i32(i), 0), vec4<u32>(i * 10u));\n  {sync}\n\
               r[g.x] = textureLoad(img, vec2<i32>(i32((i + 1u) % 8u), 0)).x;\n}}\n"
        )
    };
    let mut cases: Vec<(String, Vec<u32>, bool)> = Vec::new();
    for (sync, racy) in [("", true), ("memoryBarrierBuffer(); barrier();", true), ("memoryBarrierImage(); barrier();", false)] {
        for (compiler, words) in glsl_modules("image_race.comp", &glsl(sync)) {
            cases.push((format!("{compiler}, `{sync}`"), words, racy));
        }
    }
    for (sync, racy) in [("storageBarrier();", true), ("textureBarrier();", false)] {
        let src = wgsl(sync);
        cases.push((format!("ours, WGSL `{sync}`"), common::compile_ours("image_race.wgsl", &src).expect("compiles"), racy));
        let naga = common::compile_naga(&src).expect("naga compiles it");
        common::validate_spirv(&naga).expect("naga's SPIR-V is valid");
        cases.push((format!("naga, WGSL `{sync}`"), naga, racy));
    }
    for (label, words, racy) in cases {
        let program = shader_cpu::Program::new(&words, "main", &[]).expect("decodes");
        for workgroups in [1u32, 2] {
            let image = shader_cpu::Image::new(shader_cpu::Format::R32Uint, shader_cpu::Dim::D2, [8, 1, 1], 1);
            let out = shader_cpu::Buffer::zeroed(16 * 4);
            let bound = [shader_cpu::Binding::image(0, 0, &image), shader_cpu::Binding::buffer(0, 1, &out)];
            let options = shader_cpu::Options { sanitize: true, threads: Some(1) };
            let report = program.dispatch(&bound, &[], [workgroups, 1, 1], &options).expect("runs");
            let mut within: Vec<(bool, [u32; 3], u32, [i32; 3])> = Vec::new();
            let mut between: Vec<(bool, [u32; 3], [u32; 3], [i32; 3])> = Vec::new();
            for f in &report.findings {
                match f.kind {
                    shader_cpu::FindingKind::ImageRace { set: 0, binding: 0, coord, level: 0, write, other } => {
                        within.push((write, f.invocation, other, coord))
                    }
                    shader_cpu::FindingKind::ImageRaceBetweenWorkgroups { set: 0, binding: 0, coord, level: 0, write, other } => {
                        between.push((write, f.invocation, other, coord))
                    }
                    _ => panic!("[{label}] not a race on the image: {f}"),
                }
            }
            within.sort();
            between.sort();
            // With one thread the second workgroup runs after the first: its accesses are the
            // ones that find the race; the first access to each texel in it is its write.
            let want_within: Vec<(bool, [u32; 3], u32, [i32; 3])> = (0..8 * workgroups)
                .filter(|_| racy)
                .map(|g| (false, [g, 0, 0], (g + 1) % 8, [((g + 1) % 8) as i32, 0, 0]))
                .collect();
            let want_between: Vec<(bool, [u32; 3], [u32; 3], [i32; 3])> =
                if workgroups == 2 { (0..8u32).map(|i| (true, [8 + i, 0, 0], [i, 0, 0], [i as i32, 0, 0])).collect() } else { Vec::new() };
            assert_eq!(within, want_within, "[{label}] {workgroups} workgroups: races within: {:?}", report.findings);
            assert_eq!(between, want_between, "[{label}] {workgroups} workgroups: races between: {:?}", report.findings);
            if racy {
                let text = findings_text(&report);
                assert!(text.contains("data race on image (set 0, binding 0) at texel [1, 0, 0], level 0"), "{text}");
            }
            if workgroups == 2 {
                let text = findings_text(&report);
                assert!(text.contains("data race between workgroups on image (set 0, binding 0) at texel [0, 0, 0]"), "{text}");
            }
            let expected: Vec<u32> = (0..8 * workgroups).map(|g| (g + 1) % 8 * 10).chain((8 * workgroups..16).map(|_| 0)).collect();
            assert_eq!(common::u32s(&out.to_bytes()), expected, "[{label}] results");
        }
    }
}

/// Data races on storage buffers between workgroups (sanitizer on): within one dispatch
/// nothing but atomics orders two workgroups' accesses, so barriers do not help. Two
/// workgroups of 4: both writing words 0..3 race (write against write); each reading the
/// words the other wrote races even after `memoryBarrierBuffer(); barrier();`; writing its own
/// words and counting with an atomic does not. The race-free program's results agree with the
/// GPU's. One worker thread (the later workgroup's accesses find the races) and two (a race
/// found when the threads' records are joined): the same words either way.
#[test]
fn sanitizer_reports_races_between_workgroups() {
    let src = |body: &str| {
        format!(
            "#version 450\nlayout(local_size_x = 4) in;\n\
             layout(std430, set = 0, binding = 0) buffer Data {{ uint v[]; }} data;\n\
             void main() {{\n  uint g = gl_GlobalInvocationID.x;\n  uint i = gl_LocalInvocationID.x;\n  {body}\n}}\n"
        )
    };
    let cases: [(&str, Vec<u64>, Vec<u32>); 3] = [
        ("data.v[i] = g;", (0..4).map(|w| w * 4).collect(), vec![4, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
        (
            "data.v[g] = g;\n  memoryBarrierBuffer();\n  barrier();\n  data.v[8u + g] = data.v[(g + 4u) % 8u];",
            (0..8).map(|w| w * 4).collect(),
            vec![0, 1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 0, 0, 1, 2, 3],
        ),
        ("data.v[g] = g * 3u;\n  atomicAdd(data.v[8], 1u);", Vec::new(), vec![0, 3, 6, 9, 12, 15, 18, 21, 8, 0, 0, 0, 0, 0, 0, 0]),
    ];
    for (body, racy_words, expected) in cases {
        for (compiler, words) in glsl_modules("between.comp", &src(body)) {
            let program = shader_cpu::Program::new(&words, "main", &[]).expect("decodes");
            for threads in [1, 2] {
                let data = shader_cpu::Buffer::zeroed(16 * 4);
                let options = shader_cpu::Options { sanitize: true, threads: Some(threads) };
                let report = program.dispatch(&[shader_cpu::Binding::buffer(0, 0, &data)], &[], [2, 1, 1], &options).expect("runs");
                let mut seen: Vec<u64> = Vec::new();
                for f in &report.findings {
                    match f.kind {
                        shader_cpu::FindingKind::BufferRaceBetweenWorkgroups { set: 0, binding: 0, byte_offset, other, .. } => {
                            assert_ne!(f.invocation[0] / 4, other[0] / 4, "[{compiler}] `{body}`: not two workgroups: {f}");
                            seen.push(byte_offset);
                        }
                        _ => panic!("[{compiler}] `{body}`: not a race between workgroups: {f}"),
                    }
                }
                seen.sort();
                assert_eq!(seen, racy_words, "[{compiler}] `{body}`, {threads} threads: raced words: {:?}", report.findings);
                if threads == 1 && !racy_words.is_empty() {
                    let text = report.findings[0].to_string();
                    assert!(text.contains("data race between workgroups on buffer (set 0, binding 0) at byte"), "{text}");
                }
                // Racy programs' results depend on the order of the workgroups: fixed with one
                // thread.
                if threads == 1 || racy_words.is_empty() {
                    assert_eq!(common::u32s(&data.to_bytes()), expected, "[{compiler}] `{body}`, {threads} threads: results");
                }
            }
            if racy_words.is_empty() && common::gpu().is_some() {
                let bindings = [B::storage(0, vec![0; 16 * 4])];
                let gpu = common::run_compute(common::ShaderInput::SpirV(&words), "main", &bindings, [2, 1, 1]).expect("runs on the GPU");
                assert_eq!(common::u32s(&gpu[0]), expected, "[{compiler}] `{body}`: the GPU's results");
            }
        }
    }
}

/// Subgroup operations on the CPU device (subgroups of 8 consecutive lanes, lavapipe's size on
/// a machine with AVX): a 32-lane workgroup stores the subgroup built-ins, reductions, scans,
/// clustered reductions, shuffles, broadcasts, ballots and votes, and in a branch only the even
/// lanes take (non-uniform: the active lanes only); every value is checked against the same
/// operations computed here. Ours and glslang's module (SPIR-V 1.3).
#[test]
fn subgroup_operations() {
    let src = "#version 450\n\
        #extension GL_KHR_shader_subgroup_basic : enable\n#extension GL_KHR_shader_subgroup_vote : enable\n\
        #extension GL_KHR_shader_subgroup_ballot : enable\n#extension GL_KHR_shader_subgroup_shuffle : enable\n\
        #extension GL_KHR_shader_subgroup_shuffle_relative : enable\n#extension GL_KHR_shader_subgroup_arithmetic : enable\n\
        #extension GL_KHR_shader_subgroup_clustered : enable\n\
        layout(local_size_x = 32) in;\n\
        layout(std430, set = 0, binding = 0) buffer Out { uint r[]; } outp;\n\
        void main() {\n  uint i = gl_LocalInvocationIndex;\n  uint v = i * 3u + 1u;\n  uint o = i * 16u;\n\
          outp.r[o] = gl_SubgroupSize;\n  outp.r[o + 1u] = gl_SubgroupInvocationID;\n  outp.r[o + 2u] = gl_SubgroupID;\n\
          outp.r[o + 3u] = gl_NumSubgroups;\n  outp.r[o + 4u] = subgroupAdd(v);\n  outp.r[o + 5u] = subgroupInclusiveAdd(v);\n\
          outp.r[o + 6u] = subgroupExclusiveMul(v);\n  outp.r[o + 7u] = subgroupMax(v ^ 5u);\n\
          outp.r[o + 8u] = subgroupShuffle(v, 7u - gl_SubgroupInvocationID);\n  outp.r[o + 9u] = subgroupShuffleXor(v, 1u);\n\
          uint down = subgroupShuffleDown(v, 1u);\n  outp.r[o + 10u] = gl_SubgroupInvocationID < 7u ? down : 0u;\n\
          outp.r[o + 11u] = subgroupBroadcast(v, 3u);\n  uvec4 b = subgroupBallot(i % 3u == 0u);\n  outp.r[o + 12u] = b.x;\n\
          outp.r[o + 13u] = subgroupBallotBitCount(b) * 100u + subgroupBallotExclusiveBitCount(b);\n\
          outp.r[o + 14u] = subgroupClusteredAdd(v, 4u);\n\
          outp.r[o + 15u] = uint(subgroupElect()) + 2u * uint(subgroupAll(v > 0u)) + 4u * uint(subgroupAny(v == 4u))\n\
            + 8u * uint(subgroupAllEqual(gl_SubgroupSize));\n\
          if (i % 2u == 0u) {\n    outp.r[512u + i] = subgroupAdd(v) * 10u + uint(subgroupElect());\n  }\n}\n";
    // What each lane must store, from the definitions (lanes 8s..8s+7 form subgroup s).
    let mut want = vec![0u32; 544];
    let v = |i: usize| i as u32 * 3 + 1;
    for i in 0..32usize {
        let (base, me) = (i / 8 * 8, i % 8);
        let group = base..base + 8;
        let o = i * 16;
        let ballot = group.clone().filter(|j| j % 3 == 0).fold(0u32, |acc, j| acc | 1 << (j - base));
        want[o..o + 16].copy_from_slice(&[
            8,
            me as u32,
            (i / 8) as u32,
            4,
            group.clone().map(v).sum(),
            (base..=i).map(v).sum(),
            (base..i).map(v).fold(1u32, u32::wrapping_mul),
            group.clone().map(|j| v(j) ^ 5).max().unwrap(),
            v(base + 7 - me),
            v(base + (me ^ 1)),
            if me < 7 { v(i + 1) } else { 0 },
            v(base + 3),
            ballot,
            ballot.count_ones() * 100 + (ballot & ((1 << me) - 1)).count_ones(),
            (i / 4 * 4..i / 4 * 4 + 4).map(v).sum(),
            u32::from(me == 0) + 2 + 4 * u32::from(group.clone().any(|j| v(j) == 4)) + 8,
        ]);
        if i % 2 == 0 {
            want[512 + i] = group.clone().filter(|j| j % 2 == 0).map(v).sum::<u32>() * 10 + u32::from(me == 0);
        }
    }
    let mut modules = vec![("ours", compile_glsl_vulkan("subgroups.comp", src))];
    if common::glslang_available() {
        let words = common::compile_glslang_with(src, "comp", &["--target-env", "vulkan1.1"]).expect("glslang compiles it");
        common::validate_spirv_glsl(&words, false).expect("glslang's SPIR-V is valid");
        modules.push(("glslang", words));
    } else if common::ci() {
        panic!("glslangValidator is not installed but CI=true");
    }
    for (compiler, words) in modules {
        let got = run_cpu(&words, &[B::storage(0, vec![0; 544 * 4])], [1, 1, 1]).map(|mut b| b.remove(0));
        let got = common::u32s(&got.unwrap_or_else(|e| panic!("[{compiler}] {e}")));
        for (k, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g, w, "[{compiler}] word {k} (lane {}, slot {})", if k < 512 { k / 16 } else { k - 512 }, if k < 512 { k % 16 } else { 99 });
        }
    }
}

/// Subgroup-scope barriers (GLSL `subgroupBarrier()`: `OpControlBarrier` with execution scope
/// `Subgroup`) order the accesses of their subgroup only: 16 invocations (two 8-lane subgroups)
/// write `tile[i]`, then read a neighbour's. Within the subgroup (`i ^ 1`) the subgroup barrier
/// removes the 16 races that no barrier leaves; across subgroups (`i ^ 8`) they stay. A
/// subgroup barrier that only subgroup 0 reaches (a branch on `gl_SubgroupID`, uniform in each
/// subgroup) is no divergent barrier. The race-free program's results agree with the GPU's.
#[test]
fn subgroup_barriers_order_their_subgroup() {
    let src = |sync: &str, other: u32| {
        format!(
            "#version 450\n#extension GL_KHR_shader_subgroup_basic : require\nlayout(local_size_x = 16) in;\n\
             layout(std430, set = 0, binding = 0) buffer Out {{ uint r[]; }} outp;\nshared uint tile[16];\n\
             void main() {{\n  uint i = gl_LocalInvocationIndex;\n  tile[i] = i * 3u;\n  {sync}\n  outp.r[i] = tile[i ^ {other}u];\n\
               if (gl_SubgroupID == 0u) {{ subgroupBarrier(); }}\n}}\n"
        )
    };
    for (sync, other, racy) in [("", 1, true), ("subgroupBarrier();", 1, false), ("subgroupBarrier();", 8, true), ("barrier();", 8, false)] {
        let src = src(sync, other);
        let mut modules = vec![("ours", compile_glsl_vulkan("subgroup_barrier.comp", &src))];
        if common::glslang_available() {
            let words = common::compile_glslang_with(&src, "comp", &["--target-env", "vulkan1.1"]).expect("glslang compiles it");
            common::validate_spirv_glsl(&words, false).expect("glslang's SPIR-V is valid");
            modules.push(("glslang", words));
        } else if common::ci() {
            panic!("glslangValidator is not installed but CI=true");
        }
        for (compiler, words) in modules {
            let program = shader_cpu::Program::new(&words, "main", &[]).expect("decodes");
            let out = shader_cpu::Buffer::zeroed(16 * 4);
            let options = shader_cpu::Options { sanitize: true, threads: Some(1) };
            let report = program.dispatch(&[shader_cpu::Binding::buffer(0, 0, &out)], &[], [1, 1, 1], &options).expect("runs");
            let mut seen: Vec<([u32; 3], u32)> = Vec::new();
            for f in &report.findings {
                match f.kind {
                    shader_cpu::FindingKind::WorkgroupRace { write: false, other: o, .. } => seen.push((f.invocation, o)),
                    _ => panic!("[{compiler}] `{sync}`, other {other}: not a read racing: {f}"),
                }
            }
            seen.sort();
            let want: Vec<([u32; 3], u32)> = if racy { (0..16u32).map(|i| ([i, 0, 0], i ^ other)).collect() } else { Vec::new() };
            assert_eq!(seen, want, "[{compiler}] `{sync}`, other {other}: races (invocation, other)");
            let expected: Vec<u32> = (0..16u32).map(|i| (i ^ other) * 3).collect();
            assert_eq!(common::u32s(&out.to_bytes()), expected, "[{compiler}] `{sync}`: results");
            if !racy && common::gpu().is_some() {
                let gpu = common::run_compute(common::ShaderInput::SpirV(&words), "main", &[B::storage(0, vec![0; 16 * 4])], [1, 1, 1])
                    .expect("runs on the GPU");
                assert_eq!(common::u32s(&gpu[0]), expected, "[{compiler}] `{sync}`: the GPU's results");
            }
        }
    }
}

/// The sanitizer reports reads of workgroup memory that no invocation wrote (GLSL leaves
/// `shared` variables uninitialized: half the workgroup fills its words, every invocation reads
/// its own) and a barrier that only part of the workgroup reaches (inside a branch on the
/// invocation id); the same programs with every word written and the barrier outside the branch
/// have no finding. Checked on our module and glslang's.
#[test]
fn sanitizer_reports_unwritten_workgroup_reads_and_divergent_barriers() {
    let src = |writers: &str, barrier_if: &str| {
        format!(
            "#version 450\nlayout(local_size_x = 8) in;\n\
             layout(std430, set = 0, binding = 0) buffer Out {{ uint r[]; }} outp;\n\
             shared uint tile[8];\n\
             void main() {{\n  uint i = gl_LocalInvocationID.x;\n  if (i < {writers}u) tile[i] = i + 1u;\n  barrier();\n\
               uint n = tile[i];\n  if (i < {barrier_if}u) {{ barrier(); }}\n  outp.r[i] = n;\n}}\n"
        )
    };
    let cases = [
        (4, 8, (4..8u32).map(|i| (shader_cpu::FindingKind::UnwrittenWorkgroupRead { byte_offset: i * 4 }, [i, 0, 0])).collect::<Vec<_>>()),
        (8, 2, vec![(shader_cpu::FindingKind::DivergentBarrier { reached: 2, of: 8 }, [2, 0, 0])]),
        (8, 8, Vec::new()),
    ];
    for (writers, barrier_if, want) in cases {
        for (compiler, words) in glsl_modules("sanitize.comp", &src(&writers.to_string(), &barrier_if.to_string())) {
            let program = shader_cpu::Program::new(&words, "main", &[]).expect("decodes");
            let out = shader_cpu::Buffer::zeroed(8 * 4);
            let options = shader_cpu::Options { sanitize: true, threads: Some(1) };
            let report = program.dispatch(&[shader_cpu::Binding::buffer(0, 0, &out)], &[], [1, 1, 1], &options).expect("runs");
            let mut seen: Vec<(shader_cpu::FindingKind, [u32; 3])> = report.findings.iter().map(|f| (f.kind.clone(), f.invocation)).collect();
            seen.sort_by_key(|(_, at)| *at);
            assert_eq!(seen, want, "[{compiler}] {writers} writers, barrier for i < {barrier_if}: {:?}", report.findings);
            let text = findings_text(&report);
            if writers < 8 {
                assert!(text.contains("read of workgroup memory at byte 16 that no invocation wrote"), "{text}");
            }
            if barrier_if < 8 {
                assert!(text.contains("barrier in non-uniform control flow: 2 of 8 invocations"), "{text}");
            }
            // The written words read back (unwritten ones are the zeros the memory starts with).
            let expected: Vec<u32> = (0..8u32).map(|i| if i < writers { i + 1 } else { 0 }).collect();
            assert_eq!(common::u32s(&out.to_bytes()), expected, "[{compiler}] results");
        }
    }
}

/// Push constants and specialization constants (a `constant_id` and the workgroup size through
/// `local_size_x_id`), several workgroups, NumWorkgroups and WorkgroupId.
#[test]
fn push_and_specialization_constants() {
    let src = "#version 450\nlayout(local_size_x_id = 0) in;\n\
        layout(constant_id = 7) const uint K = 3u;\n\
        layout(constant_id = 8) const bool NEG = false;\n\
        layout(push_constant) uniform Push { uint add; float scale; } pc;\n\
        layout(std430, set = 0, binding = 0) buffer Out { uint r[]; float f[]; } outp;\n\
        void main() {\n  uint i = gl_GlobalInvocationID.x;\n\
          outp.r[i] = i * K + pc.add + gl_WorkGroupID.x * 1000u + gl_NumWorkGroups.x * 100000u + gl_WorkGroupSize.x * 10000000u;\n}\n";
    // One output array: `float f[]` after a runtime array is invalid GLSL, so keep `r` only.
    let src = src.replace(" float f[];", "");
    // At SPIR-V 1.6 our workgroup size from specialization constants is `OpExecutionModeId
    // LocalSizeId` (not the `WorkgroupSize` built-in), which the device must read as well.
    let options = shader_core::CompileOptions {
        language: shader_core::Language::Glsl,
        stage: Some(Stage::Compute),
        target: shader_core::Target::Vulkan,
        spirv_version: (1, 6),
        ..Default::default()
    };
    let words_1_6 = shader_core::compile("spec.comp", &src, &options).unwrap_or_else(|e| panic!("{}", e.render())).spirv;
    common::validate_spirv_glsl(&words_1_6, false).expect("valid SPIR-V");
    let module = shader_cpu::load_module(&words_1_6).expect("loads");
    assert!(
        module.execution_modes.iter().any(|m| m.class.opcode == rspirv::spirv::Op::ExecutionModeId),
        "expected OpExecutionModeId at SPIR-V 1.6"
    );
    for (compiler, words) in glsl_modules("spec.comp", &src).into_iter().chain([("ours at SPIR-V 1.6", words_1_6)]) {
        for (spec, k, size) in [(vec![], 3u32, 1u32), (vec![(7, 5u64), (0, 4)], 5, 4)] {
            let program = shader_cpu::Program::new(&words, "main", &spec).expect("decodes");
            assert_eq!(program.workgroup_size(), [size, 1, 1], "[{compiler}] workgroup size");
            let groups = 16 / size;
            let out = shader_cpu::Buffer::zeroed(16 * 4);
            let bound = [shader_cpu::Binding::buffer(0, 0, &out)];
            let push: Vec<u8> = [7u32.to_le_bytes(), 0.5f32.to_le_bytes()].concat();
            let report = program.dispatch(&bound, &push, [groups, 1, 1], &shader_cpu::Options::default()).expect("runs");
            assert!(report.findings.is_empty(), "{:?}", report.findings);
            // `gl_WorkGroupSize` follows the specialized size in expressions (ours and glslang's).
            let want: Vec<u32> = (0..16u32).map(|i| i * k + 7 + (i / size) * 1000 + groups * 100_000 + size * 10_000_000).collect();
            assert_eq!(common::u32s(&out.to_bytes()), want, "[{compiler}] spec {spec:?}");
        }
    }
}

/// Bindings the shader uses must be given and large enough; a wrong entry point is an error.
#[test]
fn resource_errors() {
    let src = "#version 450\nlayout(local_size_x = 1) in;\n\
        layout(std430, set = 0, binding = 0) buffer Out { uint n; uint r[]; } outp;\n\
        void main() { outp.r[0] = 1u; }\n";
    let words = compile_glsl_vulkan("err.comp", src);
    let program = shader_cpu::Program::new(&words, "main", &[]).expect("decodes");
    let err = program.dispatch(&[], &[], [1, 1, 1], &shader_cpu::Options::default()).unwrap_err();
    assert_eq!(err.to_string(), "bad resources: no storage buffer bound at set 0 binding 0");
    let small = shader_cpu::Buffer::zeroed(2);
    let err = program
        .dispatch(&[shader_cpu::Binding::buffer(0, 0, &small)], &[], [1, 1, 1], &shader_cpu::Options::default())
        .unwrap_err();
    assert_eq!(err.to_string(), "bad resources: buffer at set 0 binding 0 holds 2 bytes; the shader's block needs at least 4");
    assert!(shader_cpu::Program::new(&words, "nope", &[]).is_err());
}

/// Names of the GLCompute entry points of a module.
fn compute_entry_points(words: &[u32]) -> Vec<String> {
    let Ok(module) = shader_cpu::load_module(words) else { return Vec::new() };
    module
        .entry_points
        .iter()
        .filter(|e| matches!(e.operands.first(), Some(rspirv::dr::Operand::ExecutionModel(rspirv::spirv::ExecutionModel::GLCompute))))
        .filter_map(|e| match e.operands.get(2) {
            Some(rspirv::dr::Operand::LiteralString(name)) => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// Every compute entry point we compile from the corpus is decoded by the CPU device: either
/// it is ready to run (and then runs one workgroup on zeroed buffers without a panic) or the
/// error names what the device does not implement yet; the decoder never calls our valid
/// SPIR-V invalid. The tally of what is missing is printed (the
/// device's to-do list) and the share that decodes must not fall.
#[test]
fn corpus_compute_decodes() {
    /// Compute entry points that must decode, at least, and the share of those compiled that
    /// must (measured 2026-11-25: 177 of 272, then 172 of 220 after main compiled fewer corpus
    /// files; see the printed tally).
    const FLOOR: usize = 160;
    const FLOOR_SHARE: f64 = 0.6;
    let Some((corpus, manifest)) = common::corpus_manifest() else { return };
    let mut total = 0;
    let mut ready = 0;
    let (mut ran, mut timed_out) = (0, Vec::new());
    let mut missing: std::collections::BTreeMap<String, usize> = Default::default();
    let mut invalid = Vec::new();
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (path, lang, stage) = (cols[0], cols[1], cols.get(2).copied().unwrap_or(""));
        let options = match (lang, stage) {
            ("glsl", "comp") => shader_core::CompileOptions {
                language: shader_core::Language::Glsl,
                stage: Some(shader_core::ir::Stage::Compute),
                ..Default::default()
            },
            ("wgsl", _) => shader_core::CompileOptions::default(),
            _ => continue,
        };
        let Ok(source) = std::fs::read_to_string(corpus.join(path)) else { continue };
        let Ok(compiled) = shader_core::compile(path, &source, &options) else { continue };
        for entry in compute_entry_points(&compiled.spirv) {
            total += 1;
            match shader_cpu::Program::new(&compiled.spirv, &entry, &[]) {
                Ok(program) => {
                    ready += 1;
                    // It also runs one workgroup on zeroed buffers without a panic (a loop that
                    // waits for data may not end: a timeout is not a failure).
                    let (words, name) = (compiled.spirv.clone(), entry.clone());
                    let _ = program;
                    let run = common::guarded(std::time::Duration::from_secs(5), move || {
                        let program = shader_cpu::Program::new(&words, &name, &[]).expect("decoded once already");
                        let buffers: Vec<shader_cpu::Buffer> =
                            program.bindings().iter().map(|b| shader_cpu::Buffer::zeroed(b.min_size.max(4096) as usize)).collect();
                        let image = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [4, 4, 2], 3);
                        let sampler = shader_cpu::Sampler::default();
                        let bound: Vec<shader_cpu::Binding<'_>> = program
                            .bindings()
                            .iter()
                            .zip(&buffers)
                            .map(|(b, buffer)| match b.kind {
                                shader_cpu::BindingKind::Image { .. } => shader_cpu::Binding::image(b.set, b.binding, &image),
                                shader_cpu::BindingKind::Sampler => shader_cpu::Binding::sampler(b.set, b.binding, &sampler),
                                _ => shader_cpu::Binding::buffer(b.set, b.binding, buffer),
                            })
                            .collect();
                        let options = shader_cpu::Options { sanitize: true, threads: Some(1) };
                        program.dispatch(&bound, &[0; 256], [1, 1, 1], &options).map(drop)
                    });
                    match run {
                        common::Outcome::Done(Ok(())) => ran += 1,
                        common::Outcome::Done(Err(e)) => invalid.push(format!("{path} ({entry}): dispatch failed: {e}")),
                        common::Outcome::Panicked(m) => invalid.push(format!("{path} ({entry}): panicked: {m}")),
                        common::Outcome::TimedOut => timed_out.push(format!("{path} ({entry})")),
                    }
                }
                Err(shader_cpu::Error::Unsupported(what)) => *missing.entry(what).or_default() += 1,
                Err(e) => invalid.push(format!("{path} ({entry}): {e}")),
            }
        }
    }
    let mut tally: Vec<(usize, String)> = missing.into_iter().map(|(k, v)| (v, k)).collect();
    tally.sort_by(|a, b| b.cmp(a));
    eprintln!(
        "cpu_device corpus: {ready} of {total} compute entry points decode, {ran} ran one workgroup, {} timed out {timed_out:?}; not implemented:",
        timed_out.len()
    );
    for (count, what) in &tally {
        eprintln!("  {count:4}  {what}");
    }
    assert!(invalid.is_empty(), "the CPU device calls valid SPIR-V invalid:\n{}", invalid.join("\n"));
    assert!(ready >= FLOOR, "{ready} compute entry points decode, fewer than the floor {FLOOR}");
    assert!(ready as f64 >= FLOOR_SHARE * total as f64, "{ready} of {total} compute entry points decode, below {FLOOR_SHARE}");
}

// ---------------------------------------------------------------------------------------------
// Helper invocations

/// Draws vertices 0, 1, 2 (one triangle) on the CPU device with the sanitizer on; returns its
/// findings.
fn draw_triangle(vs: &[u32], fs: &[u32], bindings: &[shader_cpu::Binding<'_>], colors: &[Option<&shader_cpu::Image>]) -> Vec<shader_cpu::Finding> {
    let vertex = shader_cpu::Program::new(vs, "main", &[]).expect("vertex stage");
    let fragment = shader_cpu::Program::new(fs, "main", &[]).expect("fragment stage");
    let draw = shader_cpu::Draw {
        bindings,
        push_constants: &[],
        vertex_buffer: None,
        vertices: &[0, 1, 2],
        instances: 0..1,
        topology: shader_cpu::Topology::TriangleList,
        cull: None,
        blend: None,
        blend_constant: [0.0; 4],
        colors,
        depth: None,
        depth_compare: shader_cpu::Compare::Less,
        depth_write: true,
        stencil: None,
        samples: 1,
        alpha_to_coverage: false,
    };
    let options = shader_cpu::Options { sanitize: true, threads: Some(2) };
    shader_cpu::draw(&vertex, &fragment, &draw, &options).expect("draw").findings
}

/// Fragment shader interlock (GL_ARB_fragment_shader_interlock, `pixel_interlock_ordered`;
/// Vulkan target only, and lavapipe cannot run it through wgpu): three triangles cover a
/// 6x40 target (three bands of rows, two threads), drawn in order with `k` = 1, 2, 3; inside
/// the critical section each fragment reads its pixel's counter and writes `10 * old + k`, so
/// only an ordered, exclusive section per pixel leaves 123 everywhere (two fragments of one
/// pixel reading before either writes would leave 3 or 23; another order 213, ...).
#[test]
fn fragment_shader_interlock_orders_overlapping_fragments() {
    let vs = "#version 450\nlayout(location = 0) flat out uint k;\nvoid main() {\n  k = uint(gl_VertexIndex / 3 + 1);\n\
        int v = gl_VertexIndex % 3;\n  gl_Position = vec4(v == 1 ? 3.0 : -1.0, v == 2 ? 3.0 : -1.0, 0.0, 1.0);\n}\n";
    let fs = "#version 450\n#extension GL_ARB_fragment_shader_interlock : require\nlayout(pixel_interlock_ordered) in;\n\
        layout(location = 0) flat in uint k;\nlayout(location = 0) out vec4 color;\n\
        layout(set = 0, binding = 0, r32ui) uniform coherent uimage2D order;\n\
        void main() {\n  ivec2 p = ivec2(gl_FragCoord.xy);\n  beginInvocationInterlockARB();\n\
          uint old = imageLoad(order, p).x;\n  imageStore(order, p, uvec4(old * 10u + k));\n  endInvocationInterlockARB();\n\
          color = vec4(float(k));\n}\n";
    let (w, h) = (6u32, 40u32);
    let vs_words = compile_glsl_vulkan_with("interlock.vert", vs, Stage::Vertex, shader_core::BoundsChecks::Clamp);
    for (compiler, fs_words) in glsl_modules_with("interlock.frag", fs, Stage::Fragment, shader_core::BoundsChecks::Clamp, &[]) {
        let vertex = shader_cpu::Program::new(&vs_words, "main", &[]).expect("vertex stage");
        let fragment = shader_cpu::Program::new(&fs_words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let order = shader_cpu::Image::new(shader_cpu::Format::R32Uint, shader_cpu::Dim::D2, [w, h, 1], 1);
        let color = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [w, h, 1], 1);
        let bindings = [shader_cpu::Binding::image(0, 0, &order)];
        let draw = shader_cpu::Draw {
            bindings: &bindings,
            push_constants: &[],
            vertex_buffer: None,
            vertices: &[0, 1, 2, 3, 4, 5, 6, 7, 8],
            instances: 0..1,
            topology: shader_cpu::Topology::TriangleList,
            cull: None,
            blend: None,
            blend_constant: [0.0; 4],
            colors: &[Some(&color)],
            depth: None,
            depth_compare: shader_cpu::Compare::Less,
            depth_write: false,
            stencil: None,
            samples: 1,
            alpha_to_coverage: false,
        };
        let options = shader_cpu::Options { sanitize: true, threads: Some(2) };
        let report = shader_cpu::draw(&vertex, &fragment, &draw, &options).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        assert!(report.findings.is_empty(), "[{compiler}] {}", findings_text(&report));
        assert_eq!(common::u32s(&order.read_level(0)), vec![123; (w * h) as usize], "[{compiler}] each pixel's sections in primitive order");
        assert!(common::f32s(&color.read_level(0)).chunks(4).all(|c| c == [3.0; 4]), "[{compiler}] the last triangle's colour");
    }
}

/// Subpass inputs (`subpassLoad` of a `subpassInput` and an `isubpassInput`; Vulkan target
/// only, and wgpu has no subpasses, so lavapipe cannot run them through it): each input
/// attachment is bound as an image at its (set, binding) and read at the fragment's own pixel
/// (Vulkan "Input Attachments"), so over a triangle covering a 7x5 target every pixel's output
/// is computed from the two attachments' texels at that pixel.
#[test]
fn subpass_inputs_read_the_fragments_pixel() {
    let vs = "#version 450\nvoid main() {\n  vec2 c = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));\n\
        gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);\n}\n";
    let fs = "#version 450\nlayout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInput albedo;\n\
        layout(input_attachment_index = 1, set = 0, binding = 1) uniform isubpassInput ids;\n\
        layout(location = 0) out vec4 color;\n\
        void main() {\n  vec4 a = subpassLoad(albedo);\n  int id = subpassLoad(ids).x;\n  color = vec4(a.xyz * 2.0, float(id) + a.w);\n}\n";
    let (w, h) = (7u32, 5u32);
    let albedo_of = |x: u32, y: u32| [x as f32, y as f32, (x * y) as f32, 0.5];
    let id_of = |x: u32, y: u32| (x * 10 + y) as i32 - 20;
    let vs_words = compile_glsl_vulkan_with("subpass.vert", vs, Stage::Vertex, shader_core::BoundsChecks::Clamp);
    for (compiler, fs_words) in glsl_modules_with("subpass.frag", fs, Stage::Fragment, shader_core::BoundsChecks::Clamp, &[]) {
        let albedo = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [w, h, 1], 1);
        let texels: Vec<f32> = (0..h).flat_map(|y| (0..w).flat_map(move |x| albedo_of(x, y))).collect();
        albedo.write_level(0, &common::bytes_f32(&texels));
        let ids = shader_cpu::Image::new(shader_cpu::Format::R32Sint, shader_cpu::Dim::D2, [w, h, 1], 1);
        ids.write_level(0, &common::bytes_i32(&(0..h).flat_map(|y| (0..w).map(move |x| id_of(x, y))).collect::<Vec<_>>()));
        let color = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [w, h, 1], 1);
        let bindings = [shader_cpu::Binding::image(0, 0, &albedo), shader_cpu::Binding::image(0, 1, &ids)];
        let findings = draw_triangle(&vs_words, &fs_words, &bindings, &[Some(&color)]);
        assert!(findings.is_empty(), "[{compiler}] {findings:?}");
        let pixels = common::f32s(&color.read_level(0));
        for y in 0..h {
            for x in 0..w {
                let a = albedo_of(x, y);
                let want = [a[0] * 2.0, a[1] * 2.0, a[2] * 2.0, id_of(x, y) as f32 + a[3]];
                let at = ((y * w + x) * 4) as usize;
                assert_eq!(pixels[at..at + 4], want, "[{compiler}] pixel ({x}, {y})");
            }
        }
    }
}

/// Multisampled subpass inputs (`subpassLoad(subpassInputMS, sample)`), bound as an
/// `Image::multisampled` with 4 samples, in a 4-sample draw: reading `gl_SampleID` runs the
/// shader once per sample, so the target (each pixel the average of its samples' outputs) gets
/// the mean of the attachment's four samples at that pixel in red and its sample 2 in green.
/// Sample k of pixel (x, y) holds x + 8y + k/4: the means are exact in f32.
#[test]
fn multisampled_subpass_inputs_read_the_fragments_samples() {
    let vs = "#version 450\nvoid main() {\n  vec2 c = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));\n\
        gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);\n}\n";
    let fs = "#version 450\nlayout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInputMS ms;\n\
        layout(location = 0) out vec4 color;\n\
        void main() {\n  color = vec4(subpassLoad(ms, gl_SampleID).x, subpassLoad(ms, 2).x, 0.0, 1.0);\n}\n";
    let (w, h) = (5u32, 3u32);
    let value = |x: u32, y: u32, k: u32| (x + 8 * y) as f32 + k as f32 * 0.25;
    let vs_words = compile_glsl_vulkan_with("subpass_ms.vert", vs, Stage::Vertex, shader_core::BoundsChecks::Clamp);
    for (compiler, fs_words) in glsl_modules_with("subpass_ms.frag", fs, Stage::Fragment, shader_core::BoundsChecks::Clamp, &[]) {
        let vertex = shader_cpu::Program::new(&vs_words, "main", &[]).expect("vertex stage");
        let fragment = shader_cpu::Program::new(&fs_words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let ms = shader_cpu::Image::multisampled(shader_cpu::Format::R32Float, [w, h, 1], 4);
        let samples: Vec<f32> = (0..4).flat_map(|k| (0..h).flat_map(move |y| (0..w).map(move |x| value(x, y, k)))).collect();
        ms.write_level(0, &common::bytes_f32(&samples));
        let color = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [w, h, 1], 1);
        let bindings = [shader_cpu::Binding::image(0, 0, &ms)];
        let draw = shader_cpu::Draw {
            bindings: &bindings,
            push_constants: &[],
            vertex_buffer: None,
            vertices: &[0, 1, 2],
            instances: 0..1,
            topology: shader_cpu::Topology::TriangleList,
            cull: None,
            blend: None,
            blend_constant: [0.0; 4],
            colors: &[Some(&color)],
            depth: None,
            depth_compare: shader_cpu::Compare::Less,
            depth_write: false,
            stencil: None,
            samples: 4,
            alpha_to_coverage: false,
        };
        let options = shader_cpu::Options { sanitize: true, threads: Some(2) };
        let report = shader_cpu::draw(&vertex, &fragment, &draw, &options).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        assert!(report.findings.is_empty(), "[{compiler}] {}", findings_text(&report));
        let pixels = common::f32s(&color.read_level(0));
        for y in 0..h {
            for x in 0..w {
                let at = ((y * w + x) * 4) as usize;
                let mean = (0..4).map(|k| value(x, y, k)).sum::<f32>() / 4.0;
                assert_eq!(pixels[at..at + 4], [mean, value(x, y, 2), 0.0, 1.0], "[{compiler}] pixel ({x}, {y})");
            }
        }
    }
}

/// Matrix, array and block-of-array varyings and an array of fragment outputs (a Vulkan-target
/// module keeps them whole; the wgpu target splits them, and lavapipe cannot run this module
/// through wgpu): a `mat3` at locations 0..2, a `float[2]` at 3..4, a block of a `vec2` and an
/// `ivec2[2]` at 5..7, and `vec4 outs[2]` into colour targets 0 and 1 (Vulkan "Location
/// Assignment": consecutive locations per column, element and member). Every value but the
/// matrix's last column is the same at the three vertices, so the fragment sees it exactly; that
/// column is (c / 2, 9) with c the vertex's corner (0 or 2), interpolated to
/// ((x + 0.5) / w / 2, (1 - (y + 0.5) / h) / 2) at pixel (x, y).
#[test]
fn composite_varyings_and_output_arrays() {
    let vs = "#version 450\nlayout(location = 0) out mat3 m;\nlayout(location = 3) out float a[2];\n\
        layout(location = 5) out Block { vec2 p; flat ivec2 q[2]; } blk;\n\
        void main() {\n  vec2 c = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));\n\
          gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);\n  m = mat3(vec3(1.0, 2.0, 3.0), vec3(4.0, 5.0, 6.0), vec3(c * 0.5, 9.0));\n\
          a[0] = 10.0;\n  a[1] = 11.0;\n  blk.p = vec2(12.0, 13.0);\n  blk.q[0] = ivec2(14, 15);\n  blk.q[1] = ivec2(16, 17);\n}\n";
    let fs = "#version 450\nlayout(location = 0) in mat3 m;\nlayout(location = 3) in float a[2];\n\
        layout(location = 5) in Block { vec2 p; flat ivec2 q[2]; } blk;\nlayout(location = 0) out vec4 outs[2];\n\
        void main() {\n  outs[0] = vec4(m[0][0] + m[1][1] * 10.0 + m[2][2] * 100.0, m[2][0], a[0] * a[1], blk.p.y + blk.p.x * 100.0);\n\
          outs[1] = vec4(vec2(blk.q[0] + blk.q[1] * 100), m[2][1], m[0][2] * 1000.0 + m[1][0] * 100.0 + m[1][2] * 10.0 + m[0][1]);\n}\n";
    let (w, h) = (6u32, 4u32);
    for (vs_name, vs_words) in glsl_modules_with("varyings.vert", vs, Stage::Vertex, shader_core::BoundsChecks::Clamp, &[]) {
        for (fs_name, fs_words) in glsl_modules_with("varyings.frag", fs, Stage::Fragment, shader_core::BoundsChecks::Clamp, &[]) {
            let which = format!("{vs_name} vertex and {fs_name} fragment stage");
            let targets = [0, 1].map(|_| shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [w, h, 1], 1));
            let findings = draw_triangle(&vs_words, &fs_words, &[], &[Some(&targets[0]), Some(&targets[1])]);
            assert!(findings.is_empty(), "{which}: {findings:?}");
            let (t0, t1) = (common::f32s(&targets[0].read_level(0)), common::f32s(&targets[1].read_level(0)));
            for y in 0..h {
                for x in 0..w {
                    let at = ((y * w + x) * 4) as usize;
                    // Half the corner's coordinate: NDC y points up, as with wgpu's viewport.
                    let (cx, cy) = ((x as f32 + 0.5) / w as f32 * 0.5, (1.0 - (y as f32 + 0.5) / h as f32) * 0.5);
                    assert_eq!([t0[at], t0[at + 2], t0[at + 3]], [951.0, 110.0, 1213.0], "{which}: outs[0] at ({x}, {y})");
                    assert_eq!([t1[at], t1[at + 1], t1[at + 3]], [1614.0, 1715.0, 3462.0], "{which}: outs[1] at ({x}, {y})");
                    assert!((t0[at + 1] - cx).abs() < 1e-5 && (t1[at + 2] - cy).abs() < 1e-5, "{which}: m[2].xy at ({x}, {y}): {} {}", t0[at + 1], t1[at + 2]);
                }
            }
        }
    }
}

/// Struct varyings, varyings sharing locations and 8-bit varyings (Vulkan-target modules; the
/// wgpu target splits structs and has no `Component` or 8-bit varyings, so lavapipe cannot run
/// these through wgpu): `Foo foos[2]` (a struct of a `float` and a `vec2`) at locations 0..3, a
/// block holding a struct that holds a struct and an `ivec2` at 4..6 (Vulkan "Location
/// Assignment": members at consecutive locations, each what its type takes), a `float`, a
/// `vec2` and a `float` at components 0, 1 and 3 of location 7, a `u8vec2` at 8; the fragment
/// stage writes components 0..1, 2 and 3 of location 0 from three outputs, and location 1 whole.
/// Every value is the same at the three vertices, so the fragment sees it exactly.
#[test]
fn struct_component_and_8_bit_varyings() {
    let head = "#version 450\n#extension GL_EXT_shader_8bit_storage : require\n\
        #extension GL_EXT_shader_explicit_arithmetic_types_int8 : require\n\
        struct Foo { float a; vec2 b; };\nstruct Inner { Foo f; ivec2 k; };\n";
    let vs = format!(
        "{head}layout(location = 0) out Foo foos[2];\nlayout(location = 4) out Block {{ flat Inner inner; }} blk;\n\
         layout(location = 7, component = 0) out float p;\nlayout(location = 7, component = 1) out vec2 q;\n\
         layout(location = 7, component = 3) out float r;\nlayout(location = 8) flat out u8vec2 small;\n\
         void main() {{\n  vec2 c = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));\n\
           gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);\n\
           foos[0] = Foo(1.0, vec2(2.0, 3.0));\n  foos[1] = Foo(4.0, vec2(5.0, 6.0));\n\
           blk.inner = Inner(Foo(7.0, vec2(8.0, 9.0)), ivec2(11, 12));\n\
           p = 13.0;\n  q = vec2(14.0, 15.0);\n  r = 16.0;\n  small = u8vec2(uint8_t(200), uint8_t(7));\n}}\n"
    );
    let fs = format!(
        "{head}layout(location = 0) in Foo foos[2];\nlayout(location = 4) in Block {{ flat Inner inner; }} blk;\n\
         layout(location = 7, component = 0) in float p;\nlayout(location = 7, component = 1) in vec2 q;\n\
         layout(location = 7, component = 3) in float r;\nlayout(location = 8) flat in u8vec2 small;\n\
         layout(location = 0, component = 0) out vec2 o01;\nlayout(location = 0, component = 2) out float o2;\n\
         layout(location = 0, component = 3) out float o3;\nlayout(location = 1) out vec4 o1;\n\
         void main() {{\n  o01 = vec2(foos[0].a + foos[1].a * 10.0, foos[0].b.y + foos[1].b.x * 10.0);\n\
           o2 = blk.inner.f.a + blk.inner.f.b.x * 10.0 + blk.inner.f.b.y * 100.0;\n\
           o3 = float(blk.inner.k.x * 10 + blk.inner.k.y);\n\
           o1 = vec4(p, q, r + float(uint(small.x) * 1000u + uint(small.y)));\n}}\n"
    );
    let (w, h) = (5u32, 3u32);
    for (vs_name, vs_words) in glsl_modules_with("varyings.vert", &vs, Stage::Vertex, shader_core::BoundsChecks::Clamp, &[]) {
        for (fs_name, fs_words) in glsl_modules_with("varyings.frag", &fs, Stage::Fragment, shader_core::BoundsChecks::Clamp, &[]) {
            let which = format!("{vs_name} vertex and {fs_name} fragment stage");
            let targets = [0, 1].map(|_| shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [w, h, 1], 1));
            let findings = draw_triangle(&vs_words, &fs_words, &[], &[Some(&targets[0]), Some(&targets[1])]);
            assert!(findings.is_empty(), "{which}: {findings:?}");
            let (t0, t1) = (common::f32s(&targets[0].read_level(0)), common::f32s(&targets[1].read_level(0)));
            for at in (0..(w * h) as usize).map(|p| p * 4) {
                assert_eq!(t0[at..at + 4], [41.0, 53.0, 987.0, 122.0], "{which}: location 0 at pixel {}", at / 4);
                assert_eq!(t1[at..at + 4], [13.0, 14.0, 15.0, 16.0 + 200_007.0], "{which}: location 1 at pixel {}", at / 4);
            }
        }
    }
}

/// `gl_HelperInvocation` (a Vulkan-target module: the wgpu target refuses it) over a triangle
/// covering a 9x5 target: the quads of the last column and row have members past the target,
/// which run as helpers, so the fine derivatives of `float(gl_HelperInvocation)` are 1 at
/// x = 8 (dFdx) and y = 4 (dFdy) and 0 elsewhere, and every covered fragment reads false
/// (Vulkan "Helper Invocations"; the values are not compared with lavapipe: wgpu cannot run it).
#[test]
fn helper_invocation_builtin() {
    let vs = "#version 450\nvoid main() {\n  vec2 c = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));\n\
        gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);\n}\n";
    let fs = "#version 450\nlayout(location = 0) out vec4 color;\n\
        void main() {\n  float h = float(gl_HelperInvocation);\n  color = vec4(dFdxFine(h), dFdyFine(h), h, 1.0);\n}\n";
    let (w, h) = (9u32, 5u32);
    let vs_words = compile_glsl_vulkan_with("helper_builtin.vert", vs, Stage::Vertex, shader_core::BoundsChecks::Clamp);
    for (compiler, fs_words) in glsl_modules_with("helper_builtin.frag", fs, Stage::Fragment, shader_core::BoundsChecks::Clamp, &[]) {
        let color = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [w, h, 1], 1);
        let findings = draw_triangle(&vs_words, &fs_words, &[], &[Some(&color)]);
        assert!(findings.is_empty(), "[{compiler}] {findings:?}");
        let pixels = common::f32s(&color.read_level(0));
        for y in 0..h {
            for x in 0..w {
                let at = ((y * w + x) * 4) as usize;
                let want = [f32::from(u8::from(x == 8)), f32::from(u8::from(y == 4)), 0.0, 1.0];
                assert_eq!(pixels[at..at + 4], want, "[{compiler}] pixel ({x}, {y})");
            }
        }
    }
}

/// Fragment barycentrics (GL_EXT_fragment_shader_barycentric; a Vulkan-target module, run on
/// the CPU device only): `gl_BaryCoordEXT`, `gl_BaryCoordNoPerspEXT` and `pervertexEXT` inputs,
/// over two triangles of opposite winding (the rasterizer swaps one's vertices; the weights stay
/// in the primitive's order) whose vertices have w = 1, 2 and 4 and lie on whole pixels of a
/// 32x16 target. At each pixel centre well inside a triangle the linear weights are its 2D
/// barycentrics in the window, the perspective ones those divided by each vertex's w and
/// renormalized (Vulkan "Barycentric Interpolation"), and each per-vertex element is its own
/// vertex's value (v = 1, 2, 3 read as 123; q[2].y = 4).
#[test]
fn fragment_barycentrics() {
    let window: [[f64; 2]; 6] = [[1.0, 1.0], [15.0, 3.0], [4.0, 14.0], [17.0, 2.0], [20.0, 15.0], [31.0, 1.0]];
    let w = [1.0f64, 2.0, 4.0];
    let (width, height) = (32u32, 16u32);
    let ndc = |p: [f64; 2]| [p[0] / f64::from(width) * 2.0 - 1.0, 1.0 - p[1] / f64::from(height) * 2.0];
    let positions: Vec<String> = (0..6)
        .map(|i| {
            let [x, y] = ndc(window[i]);
            let wk = w[i % 3];
            format!("vec4({:?}, {:?}, 0.0, {:?})", x * wk, y * wk, wk)
        })
        .collect();
    let vs = format!(
        "#version 450\nlayout(location = 0) out float v;\nlayout(location = 1) out vec2 q;\n\
         const vec4 P[6] = vec4[6]({});\n\
         void main() {{\n  gl_Position = P[gl_VertexIndex];\n  int k = gl_VertexIndex % 3;\n  v = float(k + 1);\n  q = vec2(float(k), float(k * k));\n}}\n",
        positions.join(", ")
    );
    let fs = "#version 450\n#extension GL_EXT_fragment_shader_barycentric : require\n\
        layout(location = 0) pervertexEXT in float v[3];\nlayout(location = 1) pervertexEXT in vec2 q[3];\n\
        layout(location = 0) out vec4 persp;\nlayout(location = 1) out vec4 linear;\n\
        void main() {\n  persp = vec4(gl_BaryCoordEXT, v[0] * 100.0 + v[1] * 10.0 + v[2]);\n  linear = vec4(gl_BaryCoordNoPerspEXT, q[2].y + q[1].x * 10.0);\n}\n";
    let vs_words = compile_glsl_vulkan_with("barycentrics.vert", &vs, Stage::Vertex, shader_core::BoundsChecks::Clamp);
    let cross = |a: [f64; 2], b: [f64; 2], p: [f64; 2]| (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    for (compiler, fs_words) in glsl_modules_with("barycentrics.frag", fs, Stage::Fragment, shader_core::BoundsChecks::Clamp, &[]) {
        let vertex = shader_cpu::Program::new(&vs_words, "main", &[]).expect("vertex stage");
        let fragment = shader_cpu::Program::new(&fs_words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let targets = [0, 1].map(|_| shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [width, height, 1], 1));
        let draw = shader_cpu::Draw {
            bindings: &[],
            push_constants: &[],
            vertex_buffer: None,
            vertices: &[0, 1, 2, 3, 4, 5],
            instances: 0..1,
            topology: shader_cpu::Topology::TriangleList,
            cull: None,
            blend: None,
            blend_constant: [0.0; 4],
            colors: &[Some(&targets[0]), Some(&targets[1])],
            depth: None,
            depth_compare: shader_cpu::Compare::Less,
            depth_write: false,
            stencil: None,
            samples: 1,
            alpha_to_coverage: false,
        };
        let options = shader_cpu::Options { sanitize: true, threads: Some(2) };
        let report = shader_cpu::draw(&vertex, &fragment, &draw, &options).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        assert!(report.findings.is_empty(), "[{compiler}] {}", findings_text(&report));
        let (persp, linear) = (common::f32s(&targets[0].read_level(0)), common::f32s(&targets[1].read_level(0)));
        let mut checked = [0; 2];
        for t in 0..2 {
            let [a, b, c] = [window[3 * t], window[3 * t + 1], window[3 * t + 2]];
            let area = cross(a, b, c);
            for y in 0..height {
                for x in 0..width {
                    let p = [f64::from(x) + 0.5, f64::from(y) + 0.5];
                    let l = [cross(b, c, p) / area, cross(c, a, p) / area, cross(a, b, p) / area];
                    if l.iter().any(|&v| v < 0.05) {
                        continue;
                    }
                    let d: Vec<f64> = (0..3).map(|k| l[k] / w[k]).collect();
                    let pw: Vec<f64> = d.iter().map(|v| v / d.iter().sum::<f64>()).collect();
                    let at = ((y * width + x) * 4) as usize;
                    for k in 0..3 {
                        assert!((f64::from(linear[at + k]) - l[k]).abs() < 1e-5, "[{compiler}] triangle {t} ({x}, {y}): linear {:?}, expected {l:?}", &linear[at..at + 3]);
                        assert!((f64::from(persp[at + k]) - pw[k]).abs() < 1e-5, "[{compiler}] triangle {t} ({x}, {y}): perspective {:?}, expected {pw:?}", &persp[at..at + 3]);
                    }
                    assert_eq!([persp[at + 3], linear[at + 3]], [123.0, 14.0], "[{compiler}] triangle {t} ({x}, {y}): per-vertex inputs");
                    checked[t] += 1;
                }
            }
        }
        assert!(checked.iter().all(|&n| n > 20), "[{compiler}] pixels checked per triangle: {checked:?}");
        assert!((cross(window[0], window[1], window[2]) > 0.0) != (cross(window[3], window[4], window[5]) > 0.0), "opposite windings");
    }
}

/// Runtime-sized descriptor arrays of blocks (`buffer B { .. } b[];`, GL_EXT_nonuniform_qualifier;
/// lavapipe has no binding arrays through wgpu), two of them beside two runtime-sized arrays of
/// textures in the same shader: three blocks of different sizes bound at elements 0..2 (and two
/// read-only ones in the second array), each invocation reading
/// and writing the block it indexes per invocation, `length()` of each block's runtime array,
/// and the textures' texels. Expected from the inputs; an index past the bound elements is a
/// sanitizer finding (`IndexOutOfBounds` with the bound count) and reads 0.
#[test]
fn runtime_sized_arrays_of_blocks() {
    let src = "#version 450\n#extension GL_EXT_nonuniform_qualifier : require\n#extension GL_EXT_samplerless_texture_functions : require\n\
        layout(local_size_x = 12) in;\n\
        layout(std430, set = 0, binding = 0) buffer B { uint n; uint data[]; } blocks[];\n\
        layout(set = 0, binding = 1) uniform texture2D textures[];\n\
        layout(std430, set = 0, binding = 3) readonly buffer C { uint c; } cs[];\n\
        layout(set = 0, binding = 4) uniform texture2D more[];\n\
        layout(std430, set = 0, binding = 2) buffer Out { uint extra; uint got[12]; uint lengths[3]; float texels[12]; } o;\n\
        void main() {\n  uint i = gl_LocalInvocationIndex;\n  uint k = i % 3u;\n  uint j = i / 3u + (i == 11u ? o.extra : 0u);\n\
          o.got[i] = blocks[nonuniformEXT(k + j / 4u * 8u)].n * 100u + blocks[nonuniformEXT(k)].data[i / 3u] + cs[nonuniformEXT(k % 2u)].c * 1000u;\n\
          blocks[nonuniformEXT(k)].data[i / 3u] = i;\n\
          if (i < 3u) {\n    o.lengths[i] = uint(blocks[nonuniformEXT(i)].data.length());\n  }\n\
          o.texels[i] = texelFetch(textures[nonuniformEXT(i % 2u)], ivec2(0), 0).x + texelFetch(more[nonuniformEXT(i % 3u)], ivec2(0), 0).x * 100.0;\n}\n";
    for (compiler, words) in glsl_modules("runtime_block_arrays.comp", src) {
        let program = shader_cpu::Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        for extra in [0u32, 8] {
            // Block k: n = k + 1, data[m] = 10 * k + m, 4 + k elements.
            let blocks: Vec<shader_cpu::Buffer> = (0..3u32)
                .map(|k| shader_cpu::Buffer::from_bytes(&common::bytes_u32(&[vec![k + 1], (0..4 + k).map(|m| 10 * k + m).collect()].concat())))
                .collect();
            let textures: Vec<shader_cpu::Image> = [7.0f32, 9.0, 11.0, 13.0, 17.0]
                .iter()
                .map(|&v| {
                    let image = shader_cpu::Image::new(shader_cpu::Format::R32Float, shader_cpu::Dim::D2, [1, 1, 1], 1);
                    image.write_level(0, &v.to_le_bytes());
                    image
                })
                .collect();
            let out = shader_cpu::Buffer::from_bytes(&[common::bytes_u32(&[extra]), vec![0; 4 * (12 + 3 + 12)]].concat());
            let mut bound = vec![shader_cpu::Binding::buffer(0, 2, &out)];
            for (k, block) in blocks.iter().enumerate() {
                bound.push(shader_cpu::Binding::buffer(0, 0, block).at_element(k as u32));
            }
            for (k, texture) in textures.iter().enumerate() {
                bound.push(match k {
                    0 | 1 => shader_cpu::Binding::image(0, 1, texture).at_element(k as u32),
                    _ => shader_cpu::Binding::image(0, 4, texture).at_element(k as u32 - 2),
                });
            }
            let cs = [5u32, 6].map(|c| shader_cpu::Buffer::from_bytes(&c.to_le_bytes()));
            for (k, c) in cs.iter().enumerate() {
                bound.push(shader_cpu::Binding::buffer(0, 3, c).at_element(k as u32));
            }
            let options = shader_cpu::Options { sanitize: true, threads: None };
            let report = program.dispatch(&bound, &[], [1, 1, 1], &options).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
            let words = common::u32s(&out.to_bytes());
            for i in 0..12u32 {
                let (k, m) = (i % 3, i / 3);
                let n = if i == 11 && extra > 0 { 0 } else { k + 1 };
                assert_eq!(words[1 + i as usize], n * 100 + 10 * k + m + [5, 6][(k % 2) as usize] * 1000, "[{compiler}] extra {extra}: invocation {i}");
            }
            assert_eq!(words[13..16], [4, 5, 6], "[{compiler}] lengths");
            let texels = common::f32s(&out.to_bytes()[64..]);
            let expected: Vec<f32> = (0..12).map(|i| [7.0, 9.0][i % 2] + [11.0, 13.0, 17.0][i % 3] * 100.0).collect();
            assert_eq!(texels, expected, "[{compiler}] texels of both texture arrays");
            for (k, block) in blocks.iter().enumerate() {
                let data = common::u32s(&block.to_bytes()[4..]);
                let expected: Vec<u32> = (0..4 + k as u32).map(|m| if m < 4 { 3 * m + k as u32 } else { 10 * k as u32 + m }).collect();
                assert_eq!(data, expected, "[{compiler}] block {k} after the writes");
            }
            let kinds: Vec<shader_cpu::FindingKind> = report.findings.iter().map(|f| f.kind.clone()).collect();
            if extra == 0 {
                assert!(kinds.is_empty(), "[{compiler}] {kinds:?}");
            } else {
                // Invocation 11 reads element 2 + (3 + 8) / 4 * 8 = 18 of the 3 bound.
                assert_eq!(kinds, [shader_cpu::FindingKind::IndexOutOfBounds { index: 18, len: 3 }], "[{compiler}] extra {extra}");
            }
        }
    }
}

/// Built-ins whose values are fixed when the render pass has no fragment density map and no
/// multiview (Vulkan-target modules; wgpu has neither): `gl_FragSizeEXT` (1, 1) and
/// `gl_FragInvocationCountEXT` 1 (GL_EXT_fragment_invocation_density: one pixel, one
/// invocation per fragment), `gl_ViewIndex` 0 (GL_EXT_multiview: view 0 of a pass without
/// multiview), at every pixel.
#[test]
fn density_and_view_builtins_without_density_maps_or_multiview() {
    let vs = "#version 450\nvoid main() {\n  vec2 c = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));\n\
        gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);\n}\n";
    let fs = "#version 450\n#extension GL_EXT_fragment_invocation_density : require\n#extension GL_EXT_multiview : require\n\
        layout(location = 0) out vec4 color;\n\
        void main() {\n  color = vec4(vec2(gl_FragSizeEXT), float(gl_FragInvocationCountEXT), float(gl_ViewIndex) + 0.5);\n}\n";
    let (w, h) = (5u32, 3u32);
    let vs_words = compile_glsl_vulkan_with("fixed_builtins.vert", vs, Stage::Vertex, shader_core::BoundsChecks::Clamp);
    for (compiler, fs_words) in glsl_modules_with("fixed_builtins.frag", fs, Stage::Fragment, shader_core::BoundsChecks::Clamp, &[]) {
        let color = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [w, h, 1], 1);
        let findings = draw_triangle(&vs_words, &fs_words, &[], &[Some(&color)]);
        assert!(findings.is_empty(), "[{compiler}] {findings:?}");
        assert_eq!(common::f32s(&color.read_level(0)), [1.0, 1.0, 1.0, 0.5].repeat((w * h) as usize), "[{compiler}]");
    }
}

/// Shader clocks (`clockRealtime2x32EXT`, `clock2x32ARB`: `OpReadClockKHR`) and
/// SPV_KHR_expect_assume's hints (`OpAssumeTrueKHR`, `OpExpectKHR`, declared with
/// GL_EXT_spirv_intrinsics), Vulkan-target modules. A clock's value is the device's (no fixed value to compare), so the
/// test checks what SPIR-V promises: the realtime clock read after a loop is later than the
/// one read before it, and nonzero; an expectation hint returns its value unchanged.
#[test]
fn shader_clocks_and_expect_assume() {
    let src = "#version 450\n#extension GL_EXT_shader_realtime_clock : require\n#extension GL_ARB_shader_clock : require\n\
        #extension GL_EXT_spirv_intrinsics : require\nlayout(local_size_x = 4) in;\n\
        spirv_instruction (extensions = [\"SPV_KHR_expect_assume\"], capabilities = [5629], id = 5630)\nvoid assumeEXT(bool condition);\n\
        spirv_instruction (extensions = [\"SPV_KHR_expect_assume\"], capabilities = [5629], id = 5631)\nuint expectEXT(uint value, uint expected);\n\
        layout(std430, set = 0, binding = 0) buffer Out { uvec2 t[4][3]; uint e[4]; } o;\n\
        void main() {\n  uint i = gl_LocalInvocationIndex;\n  uvec2 a = clockRealtime2x32EXT();\n  float x = 0.0;\n\
          for (int k = 0; k < 1000; k++) {\n    x += sin(float(k));\n  }\n  uvec2 b = clock2x32ARB();\n  uvec2 c = clockRealtime2x32EXT();\n\
          assumeEXT(i < 4u);\n  o.t[i][0] = a;\n  o.t[i][1] = b;\n  o.t[i][2] = c;\n  o.e[i] = expectEXT(i * 3u, 0u) + uint(x > 1e30);\n}\n";
    for (compiler, words) in glsl_modules("clocks.comp", src) {
        let out = run_cpu(&words, &[B::storage(0, vec![0; 4 * 3 * 8 + 16])], [1, 1, 1]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let w = common::u32s(&out[0]);
        let at = |i: usize, k: usize| u64::from(w[(i * 3 + k) * 2]) | u64::from(w[(i * 3 + k) * 2 + 1]) << 32;
        for i in 0..4 {
            assert!(at(i, 0) > 0 && at(i, 2) > at(i, 0), "[{compiler}] invocation {i}: realtime clock {} then {}", at(i, 0), at(i, 2));
            assert!(at(i, 1) > 0, "[{compiler}] invocation {i}: subgroup clock");
        }
        assert_eq!(w[24..], [0, 3, 6, 9], "[{compiler}] expectEXT");
    }
}

/// Helper invocations write nothing (Vulkan "Helper Invocations": no storage writes, no
/// atomics, no output): pixels with (x + y) % 3 == 0 demote themselves, the quads cut by the
/// right and bottom edges of a 9x5 target have uncovered members, and the vertex batch has
/// lanes with no vertex. Every pixel that did not demote has written `hits` once, counted
/// once and output dFdxFine of a function over its quad — which needs the demoted
/// neighbour's value, still computed — exactly as computed here; demoted pixels and helpers
/// left `hits` and the target untouched; the vertex stage counted its three vertices.
#[test]
fn helper_invocations_write_nothing() {
    let vs = r#"#version 450
        layout(set = 0, binding = 1) buffer Vertices { uint vertex_count; };
        void main() {
            atomicAdd(vertex_count, 1u);
            vec2 c = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));
            gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);
        }
    "#;
    let fs = r#"#version 450
        #extension GL_EXT_demote_to_helper_invocation : require
        layout(set = 0, binding = 0) buffer Hits { uint count; uint hits[128]; };
        layout(location = 0) out vec4 color;
        void main() {
            float x = gl_FragCoord.x, y = gl_FragCoord.y;
            if ((uint(x) + uint(y)) % 3u == 0u) {
                demote;
            }
            float d = dFdxFine(x * x * 0.25 + x * y);
            bool helper = helperInvocationEXT();
            hits[uint(y) * 16u + uint(x)] = helper ? 2u : 1u;
            atomicAdd(count, 1u);
            color = vec4(d, helper ? 1.0 : 0.0, 0.0, 1.0);
        }
    "#;
    let (w, h) = (9u32, 5u32);
    let f = |x: f32, y: f32| x * x * 0.25 + x * y;
    for (vs_name, vs_words) in glsl_modules_with("helpers.vert", vs, Stage::Vertex, shader_core::BoundsChecks::Clamp, &[]) {
        for (fs_name, fs_words) in glsl_modules_with("helpers.frag", fs, Stage::Fragment, shader_core::BoundsChecks::Clamp, &[]) {
            let hits = shader_cpu::Buffer::zeroed(4 * 129);
            let vertices = shader_cpu::Buffer::zeroed(4);
            let color = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [w, h, 1], 1);
            let bindings = [shader_cpu::Binding::buffer(0, 0, &hits), shader_cpu::Binding::buffer(0, 1, &vertices)];
            let findings = draw_triangle(&vs_words, &fs_words, &bindings, &[Some(&color)]);
            assert!(findings.is_empty(), "{vs_name}/{fs_name}: {findings:?}");
            let which = format!("{vs_name} vertex and {fs_name} fragment stage");
            assert_eq!(common::u32s(&vertices.to_bytes()), [3], "{which}: vertices counted");
            let words = common::u32s(&hits.to_bytes());
            let pixels = common::f32s(&color.read_level(0));
            let mut alive = 0;
            for i in 0..128u32 {
                let (x, y) = (i % 16, i / 16);
                let inside = x < w && y < h;
                let demoted = (x + y) % 3 == 0;
                let want = u32::from(inside && !demoted);
                assert_eq!(words[1 + i as usize], want, "{which}: hits at ({x}, {y})");
                if !inside {
                    continue;
                }
                let got = &pixels[((y * w + x) * 4) as usize..][..4];
                if demoted {
                    assert_eq!(got, [0.0; 4], "{which}: demoted pixel ({x}, {y}) has no output");
                    continue;
                }
                alive += 1;
                let (x0, cy) = ((x & !1) as f32 + 0.5, y as f32 + 0.5);
                let want = [f(x0 + 1.0, cy) - f(x0, cy), 0.0, 0.0, 1.0];
                assert!(got.iter().zip(want).all(|(g, w)| (g - w).abs() <= 1e-4), "{which}: pixel ({x}, {y}): {got:?} vs {want:?}");
            }
            assert_eq!(words[0], alive, "{which}: atomic count");
        }
    }
}

/// Vertex outputs and fragment inputs in blocks: the members take the block's location and
/// the ones after it, or their own (`w` at 3), with the member's `flat`; fragment outputs at
/// locations 0 and 2 go to those colour targets, the target at 1 (no output) keeps its texels.
/// Each pixel of a 6x4 full-screen triangle holds uv interpolated at its centre, the
/// provoking vertex's id and w, and the integer target the id and the pixel, as computed
/// here, for our modules and glslang's.
#[test]
fn block_members_and_colour_targets_with_locations() {
    let vs = r#"#version 450
        layout(location = 0) out Block { vec2 uv; flat uint id; layout(location = 3) float w; } o;
        void main() {
            vec2 c = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));
            o.uv = c;
            o.id = uint(gl_VertexIndex) + 5u;
            o.w = 7.0;
            gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);
        }
    "#;
    let fs = r#"#version 450
        layout(location = 0) in Block { vec2 uv; flat uint id; layout(location = 3) float w; } i;
        layout(location = 0) out vec4 color;
        layout(location = 2) out uvec4 ids;
        void main() {
            color = vec4(i.uv, float(i.id), i.w);
            ids = uvec4(i.id, uint(gl_FragCoord.x), uint(gl_FragCoord.y), 9u);
        }
    "#;
    let (w, h) = (6u32, 4u32);
    for (vs_name, vs_words) in glsl_modules_with("block.vert", vs, Stage::Vertex, shader_core::BoundsChecks::Clamp, &[]) {
        for (fs_name, fs_words) in glsl_modules_with("block.frag", fs, Stage::Fragment, shader_core::BoundsChecks::Clamp, &[]) {
            let color = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [w, h, 1], 1);
            let untouched = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [w, h, 1], 1);
            untouched.clear([0.5; 4]);
            let ids = shader_cpu::Image::new(shader_cpu::Format::Rgba32Uint, shader_cpu::Dim::D2, [w, h, 1], 1);
            let findings = draw_triangle(&vs_words, &fs_words, &[], &[Some(&color), Some(&untouched), Some(&ids)]);
            assert!(findings.is_empty(), "{vs_name}/{fs_name}: {findings:?}");
            let pixels = common::f32s(&color.read_level(0));
            assert!(common::f32s(&untouched.read_level(0)).iter().all(|&v| v == 0.5), "{vs_name}/{fs_name}: location 1");
            let id_texels = common::u32s(&ids.read_level(0));
            for y in 0..h {
                for x in 0..w {
                    let got = &pixels[((y * w + x) * 4) as usize..][..4];
                    let want = [(x as f32 + 0.5) / w as f32, 1.0 - (y as f32 + 0.5) / h as f32, 5.0, 7.0];
                    assert!(
                        got.iter().zip(want).all(|(g, w)| (g - w).abs() <= 1e-5),
                        "{vs_name}/{fs_name}: pixel ({x}, {y}): {got:?} vs {want:?}"
                    );
                    assert_eq!(id_texels[((y * w + x) * 4) as usize..][..4], [5, x, y, 9], "{vs_name}/{fs_name}: location 2 at ({x}, {y})");
                }
            }
        }
    }
}

/// A report's findings as the user reads them, one per line.
fn findings_text(report: &shader_cpu::Report) -> String {
    report.findings.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
}

/// Scalars of 8, 16 and 64 bits (`shader-cpu` `widths.rs`): arithmetic that wraps at the
/// width, signed and unsigned division, shifts and comparisons, conversions between every
/// width and to and from float, bitcasts, GLSL.std.450 functions, f64 and f16 vectors and
/// matrices, buffer loads and stores of std430 and std140 members and of arrays whose
/// neighbouring 8- and 16-bit elements other invocations write (`%` of non-negative operands
/// only: GLSL leaves negative ones undefined, and glslang's `OpSMod` on 16 and 64 bits gives
/// the sign of the dividend on lavapipe, not of the divisor as SPIR-V defines it). Ours and glslang's module each
/// run on the CPU device and as emitted on lavapipe (passthrough), and must give the same bytes;
/// ours and glslang's must agree on the CPU device too.
#[test]
fn scalars_of_other_widths_match_lavapipe() {
    let narrow = "#version 450\n\
        #extension GL_EXT_shader_explicit_arithmetic_types_int8 : require\n\
        #extension GL_EXT_shader_explicit_arithmetic_types_int16 : require\n\
        #extension GL_EXT_shader_8bit_storage : require\n#extension GL_EXT_shader_16bit_storage : require\n\
        layout(local_size_x = 8) in;\n\
        layout(std430, set = 0, binding = 0) buffer In { int8_t a8[8]; uint8_t b8[8]; int16_t a16[8]; uint16_t b16[8]; } inp;\n\
        layout(std430, set = 0, binding = 1) buffer Out { int16_t s[8]; uint8_t u[8]; i16vec2 v[8]; u8vec3 t[8]; int r[8][14]; } outp;\n\
        void main() {\n  uint i = gl_LocalInvocationIndex;\n\
          int8_t x = inp.a8[i];\n  uint8_t y = inp.b8[i];\n  int16_t z = inp.a16[i];\n  uint16_t w = inp.b16[i];\n\
          outp.s[i] = z * int16_t(3) - int16_t(x);\n  outp.u[i] = y + uint8_t(200);\n\
          outp.v[i] = i16vec2(z / int16_t(7), (z & int16_t(0x7FFF)) % int16_t(5)) + i16vec2(x >> 2, int16_t(w >> 3));\n\
          outp.t[i] = u8vec3(y >> 1, y << 3, uint8_t(x) ^ y);\n\
          outp.r[i][0] = int(x);\n  outp.r[i][1] = int(y);\n  outp.r[i][2] = int(z);\n  outp.r[i][3] = int(w);\n\
          outp.r[i][4] = int(min(z, int16_t(-5)));\n  outp.r[i][5] = int(abs(z));\n  outp.r[i][6] = int(uint8_t(z));\n\
          outp.r[i][7] = int(float(z) * 0.5);\n\
          outp.r[i][8] = int(z < int16_t(x)) + 2 * int(w > uint16_t(60000)) + 4 * int(y == uint8_t(255)) + 8 * int(x < int8_t(0));\n\
          outp.r[i][9] = int(int16_t(float(i) * -100.0));\n  outp.r[i][10] = int(clamp(z, int16_t(-100), int16_t(100)));\n\
          outp.r[i][11] = int(uint16_t(x));\n  outp.r[i][12] = int(w / uint16_t(3)) + int(w % uint16_t(10));\n\
          outp.r[i][13] = int(int8_t(z)) * 1000 + int(y > uint8_t(x));\n}\n";
    let narrow_in = [
        [-128i8, -1, 0, 1, 5, 100, 127, -77].map(|v| v as u8).to_vec(),
        vec![0u8, 1, 2, 127, 128, 200, 254, 255],
        [-32768i16, -300, -1, 0, 7, 1000, 32767, -12345].iter().flat_map(|v| v.to_le_bytes()).collect(),
        [0u16, 1, 59999, 60001, 65535, 300, 32768, 4097].iter().flat_map(|v| v.to_le_bytes()).collect(),
    ]
    .concat();
    let wide = "#version 450\n\
        #extension GL_EXT_shader_explicit_arithmetic_types_int64 : require\n\
        #extension GL_EXT_shader_explicit_arithmetic_types_float16 : require\n#extension GL_EXT_shader_16bit_storage : require\n\
        layout(local_size_x = 8) in;\n\
        layout(std430, set = 0, binding = 0) buffer In { double d[8]; int64_t l[8]; float16_t h[8]; } inp;\n\
        layout(std140, set = 0, binding = 2) uniform U { double scale; u64vec2 mask; } u;\n\
        layout(std430, set = 0, binding = 1) buffer Out { double od[8][8]; int64_t ol[8][8]; f16vec4 oh[8]; f16vec2 og[8]; uvec2 bits[8]; } outp;\n\
        void main() {\n  uint i = gl_LocalInvocationIndex;\n\
          double x = inp.d[i] * u.scale;\n  int64_t n = inp.l[i];\n  float16_t h = inp.h[i];\n\
          dvec3 v = dvec3(x, x * 0.5lf, double(n));\n\
          outp.od[i][0] = x * 3.0lf - 1.0lf / 3.0lf;\n  outp.od[i][1] = sqrt(abs(x)) + floor(x) + fract(x);\n\
          outp.od[i][2] = fma(x, x, -2.0lf);\n  outp.od[i][3] = dot(v, dvec3(1.0lf, -2.0lf, 0.25lf));\n\
          outp.od[i][4] = length(v.xy);\n  outp.od[i][5] = (dmat2(x, 1.0lf, 2.0lf, x) * dvec2(3.0lf, double(n))).y;\n\
          outp.od[i][6] = double(float(x)) + clamp(x, -1.0lf, 1.0lf) + sign(x) + min(x, 0.5lf) + trunc(x) + ceil(x);\n\
          outp.od[i][7] = x > 1.0lf ? packDouble2x32(uvec2(i, 0x40000000u)) : double(uint64_t(n) >> 40);\n\
          outp.ol[i][0] = n * 3l - 7l;\n  outp.ol[i][1] = n / 5l;\n  outp.ol[i][2] = (n & 0x7FFFFFFFFFFFFFFFl) % 7l;\n  outp.ol[i][3] = n >> 3;\n\
          outp.ol[i][4] = int64_t(uint64_t(n) >> 60ul) + int64_t(x);\n  outp.ol[i][5] = int64_t(uint64_t(n) & u.mask.x | u.mask.y);\n\
          outp.ol[i][6] = int64_t(int(n)) + int64_t(uint(n >> 32)) * 10l;\n  outp.ol[i][7] = min(n, -3l) + abs(n) + int64_t(n < 0l);\n\
          outp.oh[i] = f16vec4(h * 2.0hf, h + float16_t(x), sqrt(abs(h)), float16_t(n & 1023l));\n\
          outp.og[i] = f16vec2(h, -h) * f16mat2(1.0hf, 0.5hf, -0.25hf, 2.0hf) + f16vec2(dot(f16vec2(h), f16vec2(0.5hf, 0.75hf)));\n\
          outp.bits[i] = unpackDouble2x32(x) ^ uvec2(doubleBitsToUint64(x * 2.0lf) >> 7ul);\n}\n";
    let wide_in = [
        [1.5f64, -2.25, 0.0, 1e10, -7.75, 3.0, 0.1, 123456.789].iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<u8>>(),
        [i64::MIN, -1, 0, 1, 1 << 40, -123_456_789_012, i64::MAX, 0x0123_4567_89AB_CDEF].iter().flat_map(|v| v.to_le_bytes()).collect(),
        // f16 bits: 1, -0.5, 0, 3.25, -100, 0.0999755859375, 2048, -2^-14.
        [0x3C00u16, 0xB800, 0, 0x4280, 0xD640, 0x2E66, 0x6800, 0x8400].iter().flat_map(|v| v.to_le_bytes()).collect(),
    ]
    .concat();
    // std140: the double at 0, the u64vec2 at 16.
    let uniform = [2.0f64.to_le_bytes(), [0; 8], 0xFFFF_0000_FFFF_FFFFu64.to_le_bytes(), 0x10u64.to_le_bytes()].concat();
    let cases = [
        LavapipeCase {
            name: "narrow_integers.comp",
            src: narrow,
            bindings: vec![B::storage(0, narrow_in), B::storage(1, vec![0; 8 * 2 + 8 + 8 * 4 + 8 * 4 + 8 * 14 * 4])],
            out: 1,
            workgroups: [1, 1, 1],
        },
        LavapipeCase {
            name: "wide_scalars.comp",
            src: wide,
            bindings: vec![B::storage(0, wide_in), B::storage(1, vec![0; 8 * 64 + 8 * 64 + 8 * 8 + 8 * 4 + 8 * 8]), B::uniform(2, uniform)],
            out: 1,
            workgroups: [1, 1, 1],
        },
    ];
    cpu_matches_lavapipe(&cases, &[]);
}

/// A compute program for [`cpu_matches_lavapipe`]: buffer `bindings[out]` is compared.
struct LavapipeCase<'a> {
    name: &'a str,
    src: &'a str,
    bindings: Vec<B>,
    out: usize,
    workgroups: [u32; 3],
}

/// Each case compiled by us and by glslang (with `glslang_args`) runs on the CPU device and as
/// emitted on lavapipe (passthrough): the compared buffer must have the same bytes on both,
/// and with ours and glslang's module on the CPU device.
fn cpu_matches_lavapipe(cases: &[LavapipeCase<'_>], glslang_args: &[&str]) {
    let gpu = common::passthrough_gpu();
    if gpu.is_none() {
        // No GPU at all is `common::gpu`'s verdict (a failure on CI but in the run without one).
        assert!(!common::ci() || common::gpu().is_none(), "a GPU without passthrough but CI=true");
        eprintln!("*** SKIPPED (lavapipe comparison): no device with passthrough ***");
    }
    for LavapipeCase { name, src, bindings, out, workgroups } in cases {
        let mut results = Vec::new();
        for (compiler, words) in glsl_modules_with(name, src, Stage::Compute, shader_core::BoundsChecks::Clamp, glslang_args) {
            let mut cpu = run_cpu(&words, bindings, *workgroups).unwrap_or_else(|e| panic!("[{compiler}] {name}: {e}"));
            if gpu.is_some() {
                let lavapipe = common::run_compute_passthrough(&words, "main", bindings, *workgroups).unwrap_or_else(|e| panic!("[{compiler}] {name}: {e}"));
                if let Some(k) = cpu[*out].iter().zip(&lavapipe[*out]).position(|(a, b)| a != b) {
                    panic!(
                        "[{compiler}] {name}: byte {k} differs: CPU device {:02x?}, lavapipe {:02x?} (from byte {})",
                        &cpu[*out][k & !7..(k & !7) + 8],
                        &lavapipe[*out][k & !7..(k & !7) + 8],
                        k & !7
                    );
                }
            }
            results.push((compiler, cpu.swap_remove(*out)));
        }
        if let [(_, a), (_, b)] = &results[..] {
            if let Some(k) = a.iter().zip(b).position(|(x, y)| x != y) {
                panic!("{name}: byte {k} differs between ours and glslang's module, both on the CPU device");
            }
        }
    }
}

/// 64-bit atomics (GL_EXT_shader_atomic_int64: `Int64Atomics`) on a storage buffer from four
/// workgroups at once and on workgroup memory: add, min and max (signed and unsigned), and, or,
/// xor, exchange and compare-exchange, with values whose high and low words both change. The
/// results are those every order of the atomics gives: final values, the sum of what an add
/// of one constant returned (0, x, 2x, ... in any order), and per-invocation exchanges.
#[test]
fn atomics_of_64_bits_match_lavapipe() {
    let src = "#version 450\n\
        #extension GL_EXT_shader_explicit_arithmetic_types_int64 : require\n#extension GL_EXT_shader_atomic_int64 : require\n\
        layout(local_size_x = 64) in;\n\
        layout(std430, set = 0, binding = 0) buffer Out {\n\
          uint64_t sum; int64_t smin; int64_t smax; uint64_t umin; uint64_t umax; uint64_t band; uint64_t bor; uint64_t bxor;\n\
          uint64_t ctr; uint64_t olds; int64_t isum; uint64_t swapped[256]; uint64_t ret[256]; uint64_t cas[256]; uint64_t ret2[256];\n\
          int64_t wg[4][8];\n} o;\n\
        shared int64_t s[6];\nshared uint64_t u[2];\n\
        void main() {\n  uint i = gl_GlobalInvocationID.x;\n  uint li = gl_LocalInvocationIndex;\n\
          uint64_t h = uint64_t(i + 1u) * 0x9E3779B97F4A7C15ul;\n  int64_t v = int64_t(h) >> 3;\n\
          if (li == 0u) {\n    s[0] = 0l; s[1] = 0x7FFFFFFFFFFFFFFFl; s[2] = -0x7FFFFFFFFFFFFFFFl - 1l; s[3] = -1l; s[4] = 0l; s[5] = 0l;\n\
            u[0] = 0xFFFFFFFFFFFFFFFFul; u[1] = 0ul;\n  }\n  barrier();\n\
          atomicAdd(o.sum, h);\n  atomicMin(o.smin, v);\n  atomicMax(o.smax, v);\n  atomicMin(o.umin, h);\n  atomicMax(o.umax, h);\n\
          atomicAnd(o.band, h | 0x0101010101010101ul);\n  atomicOr(o.bor, h & 0x8000000100000080ul);\n  atomicXor(o.bxor, h);\n\
          uint64_t old = atomicAdd(o.ctr, 0x100000003ul);\n  atomicAdd(o.olds, old);\n  atomicAdd(o.isum, -v);\n\
          o.ret[i] = atomicExchange(o.swapped[i], h);\n\
          o.ret2[i] = atomicCompSwap(o.cas[i], (i & 1u) == 0u ? uint64_t(i) * 0x300000001ul : 7ul, h);\n\
          atomicAdd(s[0], v);\n  atomicMin(s[1], v);\n  atomicMax(s[2], v);\n  atomicAnd(s[3], v | 0x1000000000000001l);\n\
          atomicOr(s[4], v & 0x0400000000040000l);\n  atomicXor(s[5], v);\n  atomicMin(u[0], h);\n  atomicMax(u[1], h);\n\
          barrier();\n\
          if (li < 6u) {\n    o.wg[gl_WorkGroupID.x][li] = s[li];\n  } else if (li < 8u) {\n    o.wg[gl_WorkGroupID.x][li] = int64_t(u[li - 6u]);\n  }\n}\n";
    let n = 256usize;
    let mut init: Vec<u64> = vec![0, i64::MAX as u64, i64::MIN as u64, u64::MAX, 0, u64::MAX, 0, 0, 0, 0, 0];
    init.extend((0..n as u64).map(|i| i << 40 | 5)); // swapped
    init.extend(std::iter::repeat_n(0, n)); // ret
    init.extend((0..n as u64).map(|i| i * 0x3_0000_0001)); // cas
    init.extend(std::iter::repeat_n(0, n + 32)); // ret2, wg
    let bytes: Vec<u8> = init.iter().flat_map(|v| v.to_le_bytes()).collect();
    let cases = [LavapipeCase { name: "atomics64.comp", src, bindings: vec![B::storage(0, bytes)], out: 0, workgroups: [4, 1, 1] }];
    cpu_matches_lavapipe(&cases, &[]);
}

/// Float atomics (GL_EXT_shader_atomic_float: `OpAtomicFAddEXT` on floats and doubles,
/// `atomicExchange` of a float; GL_EXT_shader_atomic_float2: `OpAtomicFMinEXT`/`FMaxEXT`) on a
/// storage buffer from four workgroups at once and on workgroup memory. Every value is a
/// multiple of 0.25 far below 2^20, so each sum is exact in any order of the additions, and the
/// results are those every order gives: sums, minima, maxima, the sum of what an add of 0.25
/// returned (0, 0.25, 0.5, ... in some order), per-invocation exchanges.
#[test]
fn float_atomics_match_lavapipe() {
    let src = "#version 450\n\
        #extension GL_EXT_shader_atomic_float : require\n#extension GL_EXT_shader_atomic_float2 : require\n\
        #extension GL_EXT_shader_explicit_arithmetic_types_float64 : require\n\
        layout(local_size_x = 64) in;\n\
        layout(std430, set = 0, binding = 0) buffer Out {\n\
          float sum; float fmin; float fmax; float ctr; float olds; float pad;\n\
          double dsum; double dmin; double dmax;\n\
          float wg[4][4]; float swapped[256]; float ret[256];\n} o;\n\
        shared float s[3];\n\
        void main() {\n  uint i = gl_GlobalInvocationID.x;\n  uint li = gl_LocalInvocationIndex;\n\
          float v = float(int(i * 37u % 256u) - 100) * 0.5;\n\
          if (li == 0u) {\n    s[0] = 0.0; s[1] = 1.0e30; s[2] = -1.0e30;\n  }\n  barrier();\n\
          atomicAdd(o.sum, v);\n  atomicMin(o.fmin, v);\n  atomicMax(o.fmax, v);\n\
          float old = atomicAdd(o.ctr, 0.25);\n  atomicAdd(o.olds, old);\n\
          atomicAdd(o.dsum, double(v) * 0.5lf);\n  atomicMin(o.dmin, double(v));\n  atomicMax(o.dmax, double(v) + 0.25lf);\n\
          o.ret[i] = atomicExchange(o.swapped[i], v);\n\
          atomicAdd(s[0], v);\n  atomicMin(s[1], v);\n  atomicMax(s[2], v);\n\
          barrier();\n\
          if (li < 3u) {\n    o.wg[gl_WorkGroupID.x][li] = s[li];\n  }\n}\n";
    let n = 256usize;
    let mut bytes = Vec::new();
    for v in [0.0f32, 1.0e30, -1.0e30, 0.0, 0.0, 0.0] {
        bytes.extend(v.to_le_bytes());
    }
    for v in [0.0f64, 1.0e300, -1.0e300] {
        bytes.extend(v.to_le_bytes());
    }
    bytes.extend(vec![0u8; 16 * 4]);
    bytes.extend((0..n).flat_map(|i| (i as f32 * 0.75 - 7.0).to_le_bytes())); // swapped
    bytes.extend(vec![0u8; n * 4]); // ret
    let cases = [LavapipeCase { name: "atomic_float.comp", src, bindings: vec![B::storage(0, bytes.clone())], out: 0, workgroups: [4, 1, 1] }];
    cpu_matches_lavapipe(&cases, &[]);
    // The language's answer, on the CPU device: the CPU device and lavapipe agreeing on a
    // wrong sum would not pass this.
    let values: Vec<f32> = (0..n as u32).map(|i| ((i * 37 % 256) as i32 - 100) as f32 * 0.5).collect();
    for (compiler, words) in glsl_modules("atomic_float.comp", src) {
        let out = run_cpu(&words, &[B::storage(0, bytes.clone())], [4, 1, 1]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let f = common::f32s(&out[0]);
        let d = |k: usize| f64::from_le_bytes(out[0][24 + 8 * k..32 + 8 * k].try_into().unwrap());
        let min = values.iter().copied().fold(f32::INFINITY, f32::min);
        let max = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        assert_eq!(f[..5], [values.iter().sum::<f32>(), min, max, 0.25 * n as f32, 0.25 * (0..n).sum::<usize>() as f32], "[{compiler}]");
        assert_eq!([d(0), d(1), d(2)], [values.iter().map(|&v| f64::from(v) * 0.5).sum(), f64::from(min), f64::from(max) + 0.25], "[{compiler}]");
        for g in 0..4 {
            let mine = &values[g * 64..(g + 1) * 64];
            let expect = [mine.iter().sum::<f32>(), mine.iter().copied().fold(f32::INFINITY, f32::min), mine.iter().copied().fold(f32::NEG_INFINITY, f32::max)];
            assert_eq!(f[12 + 4 * g..15 + 4 * g], expect, "[{compiler}] workgroup {g}");
        }
        let swapped = &f[28..28 + n];
        let ret = &f[28 + n..28 + 2 * n];
        assert_eq!(swapped, &values[..], "[{compiler}] exchanged values");
        assert_eq!(ret, &(0..n).map(|i| i as f32 * 0.75 - 7.0).collect::<Vec<_>>()[..], "[{compiler}] exchanges' results");
    }
}

/// An `Rgba32Float` 4x4 image of two levels holding `texture_compute::texel(element, 0, ..)`:
/// distinct per element, level and position, exact in f32.
fn texel_image(element: u32) -> shader_cpu::Image {
    let image = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [4, 4, 1], 2);
    for level in 0..2 {
        let side = 4 >> level;
        let bytes: Vec<u8> =
            (0..side).flat_map(|y| (0..side).flat_map(move |x| common::texture_compute::texel(element, 0, level, x, y))).flat_map(f32::to_le_bytes).collect();
        image.write_level(level, &bytes);
    }
    image
}

const TEXTURE_ARRAYS: &str = "#version 450
#extension GL_EXT_nonuniform_qualifier : require
layout(local_size_x = 4) in;
layout(binding = 0) uniform texture2D textures[3];
layout(binding = 1) uniform sampler samplers[2];
layout(std430, binding = 2) buffer Out { int k; vec4 result[5]; vec4 lanes[4]; };
void main() {
    uint i = gl_LocalInvocationIndex;
    if (i == 0u) {
        for (int t = 0; t < 3; t++) {
            result[t] = textureLod(sampler2D(textures[t], samplers[t % 2]), vec2(0.75, 0.25), 0.0);
        }
        result[3] = textureLod(sampler2D(textures[k], samplers[k - 1]), vec2(0.25, 0.75), 1.0);
        result[4] = vec4(textureSize(sampler2D(textures[k], samplers[0]), 0), textureSize(sampler2D(textures[1], samplers[1]), 1));
    }
    vec2 centre = vec2(float(i) + 0.5, 3.5 - float(i)) / 4.0;
    lanes[i] = textureLod(sampler2D(textures[nonuniformEXT(i % 3u)], samplers[nonuniformEXT(i % 2u)]), centre, 0.0);
}
";

/// Arrays of textures and of samplers (`OpTypeArray` of images and of samplers in
/// `UniformConstant`; WGSL's `binding_array`), each descriptor bound at its element
/// (`Binding::at_element`): sampled at constant, loop, buffer-given and per-invocation
/// (`nonuniformEXT`) indices and queried for their size, ours and glslang's module. The texels
/// are `texture_compute::texel`'s, so the expected values need no compiler. lavapipe runs the
/// same program where wgpu offers binding arrays (`texture_compute`: not Mesa 22's lavapipe,
/// a loud skip).
#[test]
fn arrays_of_textures_and_samplers() {
    let texel = common::texture_compute::texel;
    // Nearest sampling: (0.75, 0.25) of 4x4 is texel (3, 1); (0.25, 0.75) of level 1's 2x2 is (0, 1).
    let mut expected: Vec<f32> = (0..3).flat_map(|i| texel(i, 0, 0, 3, 1)).collect();
    expected.extend(texel(2, 0, 1, 0, 1));
    expected.extend([4.0, 4.0, 2.0, 2.0]);
    expected.extend((0..4).flat_map(|i| texel(i % 3, 0, 0, i, 3 - i)));
    let input = [common::bytes_i32(&[2, 0, 0, 0]), vec![0; 16 * 9]].concat();
    let images: Vec<shader_cpu::Image> = (0..3).map(texel_image).collect();
    let samplers = [shader_cpu::Sampler::default(); 2];
    // Ours for the wgpu target too, the module naga validates (its SPIR-V reader takes no
    // Vulkan-target image arrays: "invalid image").
    let mut modules = glsl_modules("texture_arrays.comp", TEXTURE_ARRAYS);
    modules.push(("ours (wgpu target)", common::compile_glsl_compute("texture_arrays", TEXTURE_ARRAYS).unwrap_or_else(|e| panic!("{e}"))));
    for (compiler, words) in modules {
        let program = shader_cpu::Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let out = shader_cpu::Buffer::from_bytes(&input);
        let mut bound: Vec<shader_cpu::Binding<'_>> = vec![shader_cpu::Binding::buffer(0, 2, &out)];
        bound.extend(images.iter().enumerate().map(|(k, image)| shader_cpu::Binding::image(0, 0, image).at_element(k as u32)));
        bound.extend(samplers.iter().enumerate().map(|(k, sampler)| shader_cpu::Binding::sampler(0, 1, sampler).at_element(k as u32)));
        let report = program.dispatch(&bound, &[], [1, 1, 1], &shader_cpu::Options { sanitize: true, threads: None }).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        assert!(report.findings.is_empty(), "[{compiler}] {:?}", report.findings);
        assert_eq!(common::f32s(&out.to_bytes()[16..]), expected, "[{compiler}]");
        // A missing descriptor is named with its element.
        let error = program.dispatch(&bound[..bound.len() - 1], &[], [1, 1, 1], &shader_cpu::Options::default()).err();
        assert_eq!(error.map(|e| e.to_string()), Some("bad resources: no sampler bound at set 0 binding 1 element 1".to_string()), "[{compiler}]");
        let resources = vec![
            T::Textures { binding: 0, count: Some(3), width: 4, height: 4, layers: None, levels: 2 },
            T::Samplers { binding: 1, count: Some(2) },
            T::Storage { binding: 2, data: input.clone() },
        ];
        if common::texture_compute::available(&resources) {
            let lavapipe = common::texture_compute::run(&words, "main", &resources, true).unwrap_or_else(|e| panic!("[{compiler}] lavapipe: {e}"));
            assert_eq!(common::f32s(&lavapipe[0][16..]), expected, "[{compiler}] lavapipe");
        }
    }
}

const COMBINED_AND_BLOCK_ARRAYS: &str = "#version 450
#extension GL_EXT_nonuniform_qualifier : require
layout(local_size_x = 6) in;
layout(set = 0, binding = 0) uniform sampler2D combined[2];
layout(std430, set = 1, binding = 0) buffer Data { uint n; uint v[]; } data[3];
layout(std140, set = 1, binding = 1) uniform Params { uvec4 scale; } params[2];
layout(std430, set = 0, binding = 1) buffer Out { vec4 fetched[6]; uint lens[4]; } o;
void main() {
    uint i = gl_LocalInvocationIndex;
    o.fetched[i] = texelFetch(combined[nonuniformEXT(i % 2u)], ivec2(int(i % 4u), 1), int(i / 4u));
    uint b = i % 3u;
    data[nonuniformEXT(b)].v[i] = data[nonuniformEXT(b)].v[i] * params[nonuniformEXT(i % 2u)].scale.x + i;
    atomicAdd(data[nonuniformEXT((i + 1u) % 3u)].n, i + 1u);
    if (i < 3u) {
        o.lens[i] = uint(data[nonuniformEXT(i)].v.length());
    }
}
";

/// Arrays of combined image samplers (`sampler2D t[2]`), of storage blocks and of uniform
/// blocks (descriptor arrays of buffers: a block per descriptor, each its own size), indexed
/// per invocation: texel fetches of two levels, loads, stores and atomics into the block an
/// invocation picks, `length()` of each block's runtime-sized array. Expected values from
/// the texels and the inputs; ours and glslang's module.
#[test]
fn arrays_of_combined_samplers_and_blocks() {
    let texel = common::texture_compute::texel;
    let expected_fetch: Vec<f32> = (0..6).flat_map(|i| texel(i % 2, 0, i / 4, i % 4, 1)).collect();
    let init = |b: u32| -> Vec<u32> { [vec![0], (0..6 + 2 * b).map(|k| 100 * b + k).collect()].concat() };
    let scales = [3u32, 5];
    let mut expected_data: Vec<Vec<u32>> = (0..3).map(init).collect();
    for i in 0..6u32 {
        let v = &mut expected_data[(i % 3) as usize][1 + i as usize];
        *v = *v * scales[(i % 2) as usize] + i;
        expected_data[((i + 1) % 3) as usize][0] += i + 1;
    }
    let images: Vec<shader_cpu::Image> = (0..2).map(texel_image).collect();
    let sampler = shader_cpu::Sampler::default();
    // Vulkan-target modules (combined image samplers), which naga's SPIR-V reader does not take.
    for (compiler, words) in glsl_modules("combined_and_block_arrays.comp", COMBINED_AND_BLOCK_ARRAYS) {
        let program = shader_cpu::Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let out = shader_cpu::Buffer::zeroed(16 * 6 + 16);
        let data: Vec<shader_cpu::Buffer> = (0..3).map(|b| shader_cpu::Buffer::from_bytes(&common::bytes_u32(&init(b)))).collect();
        let params: Vec<shader_cpu::Buffer> = scales.iter().map(|&s| shader_cpu::Buffer::from_bytes(&common::bytes_u32(&[s, 7, 7, 7]))).collect();
        let mut bound = vec![shader_cpu::Binding::buffer(0, 1, &out)];
        for (k, image) in images.iter().enumerate() {
            bound.push(shader_cpu::Binding::image(0, 0, image).at_element(k as u32));
            bound.push(shader_cpu::Binding::sampler(0, 0, &sampler).at_element(k as u32));
        }
        bound.extend(data.iter().enumerate().map(|(k, b)| shader_cpu::Binding::buffer(1, 0, b).at_element(k as u32)));
        bound.extend(params.iter().enumerate().map(|(k, b)| shader_cpu::Binding::buffer(1, 1, b).at_element(k as u32)));
        let report = program.dispatch(&bound, &[], [1, 1, 1], &shader_cpu::Options { sanitize: true, threads: None }).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        assert!(report.findings.is_empty(), "[{compiler}] {:?}", report.findings);
        let out = out.to_bytes();
        assert_eq!(common::f32s(&out[..96]), expected_fetch, "[{compiler}] fetched");
        assert_eq!(common::u32s(&out[96..108]), [6, 8, 10], "[{compiler}] lengths");
        for (b, buffer) in data.iter().enumerate() {
            assert_eq!(common::u32s(&buffer.to_bytes()), expected_data[b], "[{compiler}] data[{b}]");
        }
    }
}

const MULTISAMPLED_LOADS: &str = "
@group(0) @binding(0) var t: texture_multisampled_2d<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<vec4<f32>>;
@compute @workgroup_size(4, 4)
fn main(@builtin(local_invocation_id) id: vec3<u32>) {
    let p = id.xy;
    for (var s = 0u; s < 4u; s++) {
        out[((p.y * 4u + p.x) * 4u) + s] = textureLoad(t, p, s);
    }
    if (p.x == 0u && p.y == 0u) {
        out[64] = vec4<f32>(f32(textureNumSamples(t)), vec2<f32>(textureDimensions(t)), 0.0);
    }
}
";

/// Multisampled textures (`texture_multisampled_2d`, GLSL `sampler2DMS`): `textureLoad` of
/// every sample of every texel, `textureNumSamples` and `textureDimensions`, ours and naga's
/// module. On lavapipe the 4x `Rgba16Float` texture is rendered by a fragment shader run per
/// sample (it reads `sample_index`) that writes (x, y, sample, 1) at pixel (x, y); the CPU
/// device's `Image::multisampled` is written with the same values. Both must give those values
/// (exact in f16), so the expectation needs neither device.
#[test]
fn multisampled_texture_loads() {
    let expected: Vec<f32> = (0..16u32).flat_map(|p| (0..4u32).flat_map(move |s| [(p % 4) as f32, (p / 4) as f32, s as f32, 1.0])).chain([4.0, 4.0, 4.0, 0.0]).collect();
    let f16 = |v: f32| half::f16::from_f32(v).to_bits().to_le_bytes();
    // Layer 0's samples one after another, each a 4x4 plane.
    let bytes: Vec<u8> = (0..4u32)
        .flat_map(|s| (0..16u32).flat_map(move |p| [(p % 4) as f32, (p / 4) as f32, s as f32, 1.0]))
        .flat_map(f16)
        .collect();
    let image = shader_cpu::Image::multisampled(shader_cpu::Format::Rgba16Float, [4, 4, 1], 4);
    image.write_level(0, &bytes);
    let modules = [
        ("ours", common::compile_ours("multisampled.wgsl", MULTISAMPLED_LOADS)),
        ("naga", common::compile_naga(MULTISAMPLED_LOADS)),
    ];
    for (compiler, words) in modules {
        let words = words.unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let program = shader_cpu::Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let out = shader_cpu::Buffer::zeroed(65 * 16);
        let bound = [shader_cpu::Binding::image(0, 0, &image), shader_cpu::Binding::buffer(0, 1, &out)];
        let report = program.dispatch(&bound, &[], [1, 1, 1], &shader_cpu::Options { sanitize: true, threads: None }).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        assert!(report.findings.is_empty(), "[{compiler}] {:?}", report.findings);
        assert_eq!(common::f32s(&out.to_bytes()), expected, "[{compiler}] the CPU device");
        if common::gpu().is_some() {
            let got = multisampled_on_gpu(&words).unwrap_or_else(|e| panic!("[{compiler}] lavapipe: {e}"));
            assert_eq!(common::f32s(&got), expected, "[{compiler}] lavapipe");
        }
    }
}

/// [`multisampled_texture_loads`] on the shared wgpu device: renders the texture, then runs
/// `words` (through wgpu's default path) with it and returns the storage buffer.
fn multisampled_on_gpu(words: &[u32]) -> Result<Vec<u8>, String> {
    use shader_runtime::wgpu;
    let gpu = common::gpu().ok_or("no GPU")?;
    let w = gpu.wgpu().ok_or("not a wgpu device")?;
    let (device, queue) = (&w.device, &w.queue);
    let draw = "
        @vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
            return vec4<f32>(f32((i << 1u) & 2u) * 2.0 - 1.0, f32(i & 2u) * 2.0 - 1.0, 0.0, 1.0);
        }
        @fragment fn fs(@builtin(position) p: vec4<f32>, @builtin(sample_index) s: u32) -> @location(0) vec4<f32> {
            return vec4<f32>(floor(p.xy), f32(s), 1.0);
        }";
    let staging = common::catching_wgpu_errors(device, || {
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: None,
            size: wgpu::Extent3d { width: 4, height: 4, depth_or_array_layers: 1 },
            mip_level_count: 1,
            sample_count: 4,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::Rgba16Float,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING,
            view_formats: &[],
        });
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let draw = device.create_shader_module(wgpu::ShaderModuleDescriptor { label: None, source: wgpu::ShaderSource::Wgsl(draw.into()) });
        let render = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: None,
            layout: None,
            vertex: wgpu::VertexState { module: &draw, entry_point: Some("vs"), compilation_options: Default::default(), buffers: &[] },
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: None,
            multisample: wgpu::MultisampleState { count: 4, ..Default::default() },
            fragment: Some(wgpu::FragmentState {
                module: &draw,
                entry_point: Some("fs"),
                compilation_options: Default::default(),
                targets: &[Some(wgpu::ColorTargetState { format: wgpu::TextureFormat::Rgba16Float, blend: None, write_mask: wgpu::ColorWrites::ALL })],
            }),
            multiview_mask: None,
            cache: None,
        });
        let module = common::spirv_module(device, words, "main", false, [4, 4, 1]);
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: None,
            entries: &[
                wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::COMPUTE,
                    ty: wgpu::BindingType::Texture {
                        sample_type: wgpu::TextureSampleType::Float { filterable: false },
                        view_dimension: wgpu::TextureViewDimension::D2,
                        multisampled: true,
                    },
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 1,
                    visibility: wgpu::ShaderStages::COMPUTE,
                    ty: wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Storage { read_only: false }, has_dynamic_offset: false, min_binding_size: None },
                    count: None,
                },
            ],
        });
        let size = 65 * 16;
        let out = device.create_buffer(&wgpu::BufferDescriptor { label: None, size, usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC, mapped_at_creation: false });
        let staging = device.create_buffer(&wgpu::BufferDescriptor { label: None, size, usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST, mapped_at_creation: false });
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &layout,
            entries: &[wgpu::BindGroupEntry { binding: 0, resource: wgpu::BindingResource::TextureView(&view) }, wgpu::BindGroupEntry { binding: 1, resource: out.as_entire_binding() }],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor { label: None, bind_group_layouts: &[Some(&layout)], immediate_size: 0 });
        let compute = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: None,
            layout: Some(&pipeline_layout),
            module: &module,
            entry_point: Some("main"),
            compilation_options: Default::default(),
            cache: None,
        });
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: None,
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations { load: wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT), store: wgpu::StoreOp::Store },
                })],
                depth_stencil_attachment: None,
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            pass.set_pipeline(&render);
            pass.draw(0..3, 0..1);
        }
        {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor::default());
            pass.set_pipeline(&compute);
            pass.set_bind_group(0, &group, &[]);
            pass.dispatch_workgroups(1, 1, 1);
        }
        encoder.copy_buffer_to_buffer(&out, 0, &staging, 0, size);
        queue.submit([encoder.finish()]);
        staging
    })?;
    common::map_for_reading(device, [&staging])?;
    let bytes = staging.slice(..).get_mapped_range().map(|v| v.to_vec()).map_err(|e| format!("readback: {e}"));
    bytes
}

/// An index past a descriptor array is a sanitizer finding naming the index and the
/// array's length; the load reads 0 and the store is dropped (ours without bounds checks, and
/// glslang's module, which has none).
#[test]
fn sanitizer_reports_descriptor_index_out_of_bounds() {
    let src = "#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Data { uint v[4]; } data[3];
layout(std430, set = 0, binding = 1) buffer Idx { uint k; uint got; } idx;
void main() {
    idx.got = data[idx.k].v[1] + 5u;
    data[idx.k].v[2] = 7u;
}
";
    for (compiler, words) in glsl_modules_with("descriptor_oob.comp", src, Stage::Compute, shader_core::BoundsChecks::Unchecked, &[]) {
        let program = shader_cpu::Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let data: Vec<shader_cpu::Buffer> = (0..3).map(|_| shader_cpu::Buffer::from_bytes(&common::bytes_u32(&[1, 2, 3, 4]))).collect();
        let idx = shader_cpu::Buffer::from_bytes(&common::bytes_u32(&[3, 0]));
        let mut bound: Vec<shader_cpu::Binding<'_>> = data.iter().enumerate().map(|(k, b)| shader_cpu::Binding::buffer(0, 0, b).at_element(k as u32)).collect();
        bound.push(shader_cpu::Binding::buffer(0, 1, &idx));
        let report = program.dispatch(&bound, &[], [1, 1, 1], &shader_cpu::Options { sanitize: true, threads: None }).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let kinds: Vec<shader_cpu::FindingKind> = report.findings.iter().map(|f| f.kind.clone()).collect();
        assert_eq!(kinds, vec![shader_cpu::FindingKind::IndexOutOfBounds { index: 3, len: 3 }; 2], "[{compiler}]");
        assert_eq!(common::u32s(&idx.to_bytes()), [3, 5], "[{compiler}] the load reads 0");
        assert!(data.iter().all(|b| common::u32s(&b.to_bytes()) == [1, 2, 3, 4]), "[{compiler}] the store is dropped");
    }
}

/// Runtime-sized descriptor arrays (`texture2D t[]`, `sampler2D t[]`: GL_EXT_nonuniform_qualifier,
/// `RuntimeDescriptorArray`): as many elements as are bound, indexed per invocation; an index
/// past them is a sanitizer finding naming the index and the number bound. Ours and glslang's
/// module, against the texels.
#[test]
fn runtime_sized_descriptor_arrays() {
    let texel = common::texture_compute::texel;
    let images: Vec<shader_cpu::Image> = (0..3).map(texel_image).collect();
    let sampler = shader_cpu::Sampler::default();
    for combined in [false, true] {
        let (decl, access) = if combined {
            ("layout(set = 0, binding = 0) uniform sampler2D textures[];", "textures[nonuniformEXT(k)]")
        } else {
            ("layout(set = 0, binding = 0) uniform texture2D textures[];\nlayout(set = 0, binding = 1) uniform sampler s;", "sampler2D(textures[nonuniformEXT(k)], s)")
        };
        let src = format!(
            "#version 450\n#extension GL_EXT_nonuniform_qualifier : require\nlayout(local_size_x = 4) in;\n{decl}\n\
             layout(std430, set = 0, binding = 2) buffer Out {{ uint extra; vec4 lanes[4]; }};\n\
             void main() {{\n    uint i = gl_LocalInvocationIndex;\n    uint k = i % 3u + (i == 3u ? extra : 0u);\n\
                 vec2 centre = vec2(float(i) + 0.5, 3.5 - float(i)) / 4.0;\n    lanes[i] = textureLod({access}, centre, 0.0);\n}}\n"
        );
        for (compiler, words) in glsl_modules("runtime_arrays.comp", &src) {
            let program = shader_cpu::Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] combined {combined}: {e}"));
            for extra in [0u32, 4] {
                let out = shader_cpu::Buffer::from_bytes(&[common::bytes_u32(&[extra, 0, 0, 0]), vec![0; 64]].concat());
                let mut bound = vec![shader_cpu::Binding::buffer(0, 2, &out)];
                for (k, image) in images.iter().enumerate() {
                    bound.push(shader_cpu::Binding::image(0, 0, image).at_element(k as u32));
                    if combined {
                        bound.push(shader_cpu::Binding::sampler(0, 0, &sampler).at_element(k as u32));
                    }
                }
                if !combined {
                    bound.push(shader_cpu::Binding::sampler(0, 1, &sampler));
                }
                let report = program.dispatch(&bound, &[], [1, 1, 1], &shader_cpu::Options { sanitize: true, threads: None }).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
                let got = common::f32s(&out.to_bytes()[16..]);
                let expected: Vec<f32> = (0..3).flat_map(|i| texel(i % 3, 0, 0, i, 3 - i)).collect();
                assert_eq!(got[..12], expected, "[{compiler}] combined {combined}");
                if extra == 0 {
                    assert!(report.findings.is_empty(), "[{compiler}] {:?}", report.findings);
                    assert_eq!(got[12..], texel(0, 0, 0, 3, 0), "[{compiler}] combined {combined}");
                } else {
                    // Invocation 3 indexes element 3 % 3 + 4 of the 3 bound.
                    let kinds: Vec<shader_cpu::FindingKind> = report.findings.iter().map(|f| f.kind.clone()).collect();
                    assert_eq!(kinds, [shader_cpu::FindingKind::IndexOutOfBounds { index: 4, len: 3 }], "[{compiler}] combined {combined}");
                }
            }
        }
    }
}

const IMAGE_ATOMICS: &str = "#version 450
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, r32ui) uniform uimage2D counts;
layout(set = 0, binding = 1, r32i) uniform iimage2D extremes;
layout(std430, set = 0, binding = 2) buffer Out { uint olds[256]; int swapped[256]; } o;
void main() {
    uint i = gl_GlobalInvocationID.x;
    ivec2 p = ivec2(i % 4u, (i / 4u) % 2u);
    o.olds[i] = imageAtomicAdd(counts, p, i + 1u);
    imageAtomicOr(counts, ivec2(0, 2), 1u << (i % 32u));
    imageAtomicXor(counts, ivec2(1, 2), i);
    int v = int(i * 37u % 101u) - 50;
    imageAtomicMax(extremes, ivec2(0, 0), v);
    imageAtomicMin(extremes, ivec2(1, 0), v);
    o.swapped[i] = imageAtomicExchange(extremes, ivec2(2, 0), int(i));
}
";

/// Image atomics (`imageAtomicAdd`, `Or`, `Xor`, `Max`, `Min`, `Exchange`: `OpImageTexelPointer`
/// and atomics through it) on `r32ui` and `r32i` storage images from four workgroups at once,
/// ours and glslang's module, against what every order of the atomics gives: each texel's sum,
/// the values each add returned (a chain from 0), the or and xor of all, the maximum and
/// minimum, and the exchanges (every value but one returned once, the last one stored).
#[test]
fn image_atomics() {
    let n = 256u32;
    for (compiler, words) in glsl_modules("image_atomics.comp", IMAGE_ATOMICS) {
        let program = shader_cpu::Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let counts = shader_cpu::Image::new(shader_cpu::Format::R32Uint, shader_cpu::Dim::D2, [4, 3, 1], 1);
        let extremes = shader_cpu::Image::new(shader_cpu::Format::R32Sint, shader_cpu::Dim::D2, [3, 1, 1], 1);
        extremes.write_level(0, &common::bytes_i32(&[-1000, 1000, -1]));
        let out = shader_cpu::Buffer::zeroed(2 * 4 * n as usize);
        let bound = [shader_cpu::Binding::image(0, 0, &counts), shader_cpu::Binding::image(0, 1, &extremes), shader_cpu::Binding::buffer(0, 2, &out)];
        let report = program.dispatch(&bound, &[], [4, 1, 1], &shader_cpu::Options { sanitize: true, threads: None }).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        assert!(report.findings.is_empty(), "[{compiler}] {:?}", report.findings);
        let texels = common::u32s(&counts.read_level(0));
        let out = out.to_bytes();
        let olds = common::u32s(&out[..4 * n as usize]);
        for t in 0..8u32 {
            let mine: Vec<u32> = (0..n).filter(|i| i % 4 == t % 4 && (i / 4) % 2 == t / 4).collect();
            assert_eq!(texels[t as usize], mine.iter().map(|i| i + 1).sum::<u32>(), "[{compiler}] texel {t}");
            let mut chain: Vec<(u32, u32)> = mine.iter().map(|&i| (olds[i as usize], i + 1)).collect();
            chain.sort_unstable();
            let mut sum = 0;
            for (old, add) in chain {
                assert_eq!(old, sum, "[{compiler}] texel {t}: the values the adds returned");
                sum += add;
            }
        }
        assert_eq!(texels[8..10], [u32::MAX, (0..n).fold(0, |a, i| a ^ i)], "[{compiler}] or, xor");
        let values: Vec<i32> = (0..n).map(|i| (i * 37 % 101) as i32 - 50).collect();
        let ext = common::i32s(&extremes.read_level(0));
        assert_eq!(ext[..2], [*values.iter().max().unwrap(), *values.iter().min().unwrap()], "[{compiler}] max, min");
        let mut seen: Vec<i32> = common::i32s(&out[4 * n as usize..]);
        seen.push(ext[2]);
        seen.sort_unstable();
        assert_eq!(seen, (-1..n as i32).collect::<Vec<_>>(), "[{compiler}] exchanges: each value once");
    }
}

const IMAGE_ATOMICS_64: &str = "#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : enable
#extension GL_EXT_shader_image_int64 : enable
#extension GL_KHR_memory_scope_semantics : enable
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, r64ui) uniform u64image2D u;
layout(set = 0, binding = 1, r64i) uniform i64image2D s;
layout(std430, set = 0, binding = 2) buffer Out { uint64_t olds[256]; uint64_t exchanged[256]; uint64_t swapped[256]; int64_t loaded[256]; i64vec4 sv; u64vec4 uv; } o;
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint64_t big = uint64_t(i) * 0x100000001ul + 0xFFFFFFF0ul;
    o.olds[i] = imageAtomicAdd(u, ivec2(0, 0), big);
    uint64_t v = (uint64_t(i * 37u % 101u) << 40) | uint64_t(i);
    imageAtomicMin(u, ivec2(1, 0), v);
    imageAtomicMax(u, ivec2(2, 0), v);
    imageAtomicAnd(u, ivec2(3, 0), ~(1ul << (2u * (i % 32u))));
    imageAtomicOr(u, ivec2(0, 1), 1ul << (3u * (i % 21u)));
    imageAtomicXor(u, ivec2(1, 1), big * 0x9E3779B97F4A7C15ul);
    o.exchanged[i] = imageAtomicExchange(u, ivec2(2, 1), (uint64_t(i) << 32) | 5ul);
    o.swapped[i] = imageAtomicCompSwap(u, ivec2(3, 1), 0ul, (uint64_t(i + 1u) << 32) | 7ul);
    int64_t w = (int64_t(i * 37u % 101u) - 50l) * 0x100000001l;
    imageAtomicMin(s, ivec2(0, 0), w);
    imageAtomicMax(s, ivec2(1, 0), w);
    imageAtomicAdd(s, ivec2(2, 0), -int64_t(i) * 0x100000003l);
    o.loaded[i] = imageAtomicLoad(s, ivec2(3, 0), gl_ScopeDevice, gl_StorageSemanticsImage, gl_SemanticsAcquire);
    imageAtomicStore(s, ivec2(4, 0), int64_t(i) * -3l, gl_ScopeDevice, gl_StorageSemanticsImage, gl_SemanticsRelease);
    if (i == 200u) {
        o.sv = imageLoad(s, ivec2(5, 0));
        o.uv = imageLoad(u, ivec2(1, 2));
        imageStore(s, ivec2(6, 0), i64vec4(int64_t(i) * -0x500000005l, 1l, 2l, 3l));
        imageStore(u, ivec2(0, 2), u64vec4((uint64_t(i) << 36) | 9ul, 1ul, 2ul, 3ul));
    }
}
";

/// 64-bit image atomics (GL_EXT_shader_image_int64: `imageAtomicAdd`, `Min`, `Max`, `And`, `Or`,
/// `Xor`, `Exchange`, `CompSwap`, `imageAtomicLoad` and `imageAtomicStore` of
/// GL_KHR_memory_scope_semantics) on `r64ui` and `r64i` storage images from four workgroups at
/// once, ours and glslang's module, against the GLSL rules in every order of the atomics: the
/// wrapping sum of values that carry across the words and the chain of values the adds
/// returned, the unsigned and signed minimum and maximum (values that differ in both words),
/// the and, or and xor of all, each exchanged value returned once, one compare-and-swap won
/// (it returned 0, the others the winner's value), the loaded texel unchanged, the stored
/// texel one of the stored values; `imageLoad` gives (r, 0, 0, 1) (Vulkan "Conversion to
/// RGBA"), an `imageStore` stores its value's first component.
#[test]
fn image_atomics_64() {
    let n = 256u64;
    let u64s = |b: &[u8]| -> Vec<u64> { b.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().unwrap())).collect() };
    let i64s = |b: &[u8]| -> Vec<i64> { b.chunks_exact(8).map(|c| i64::from_le_bytes(c.try_into().unwrap())).collect() };
    let bytes = |v: &[u64]| -> Vec<u8> { v.iter().flat_map(|x| x.to_le_bytes()).collect() };
    for (compiler, words) in glsl_modules_with("image_atomics_64.comp", IMAGE_ATOMICS_64, Stage::Compute, shader_core::BoundsChecks::Clamp, &["--target-env", "vulkan1.1"]) {
        let program = shader_cpu::Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let u = shader_cpu::Image::new(shader_cpu::Format::R64Uint, shader_cpu::Dim::D2, [4, 3, 1], 1);
        u.write_level(0, &bytes(&[0, u64::MAX, 0, u64::MAX, 0, 0x0123_4567_89AB_CDEF, 3, 0, 0, 0xFEDC_BA98_7654_3210, 0, 0]));
        let s = shader_cpu::Image::new(shader_cpu::Format::R64Sint, shader_cpu::Dim::D2, [7, 1, 1], 1);
        let loaded_value = -0x1234_5678_9ABC_i64;
        s.write_level(0, &bytes(&[i64::MAX as u64, i64::MIN as u64, 11, loaded_value as u64, 1, -0x7777_0000_1111_i64 as u64, 0]));
        let out = shader_cpu::Buffer::zeroed(4 * 8 * n as usize + 64);
        let bound = [shader_cpu::Binding::image(0, 0, &u), shader_cpu::Binding::image(0, 1, &s), shader_cpu::Binding::buffer(0, 2, &out)];
        let report = program.dispatch(&bound, &[], [4, 1, 1], &shader_cpu::Options { sanitize: true, threads: None }).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        assert!(report.findings.is_empty(), "[{compiler}] {:?}", report.findings);
        let (ut, st) = (u64s(&u.read_level(0)), i64s(&s.read_level(0)));
        let out = out.to_bytes();
        let part = |k: usize| &out[k * 8 * n as usize..(k + 1) * 8 * n as usize];
        let (olds, exchanged, swapped, loaded) = (u64s(part(0)), u64s(part(1)), u64s(part(2)), i64s(part(3)));

        let big = |i: u64| i.wrapping_mul(0x1_0000_0001).wrapping_add(0xFFFF_FFF0);
        assert_eq!(ut[0], (0..n).fold(0u64, |a, i| a.wrapping_add(big(i))), "[{compiler}] add");
        let mut chain: Vec<(u64, u64)> = (0..n).map(|i| (olds[i as usize], big(i))).collect();
        chain.sort_unstable();
        let mut sum = 0u64;
        for (old, add) in chain {
            assert_eq!(old, sum, "[{compiler}] the values the adds returned");
            sum = sum.wrapping_add(add);
        }
        let v = |i: u64| (i * 37 % 101) << 40 | i;
        assert_eq!(ut[1..3], [(0..n).map(v).min().unwrap(), (0..n).map(v).max().unwrap()], "[{compiler}] unsigned min, max");
        assert_eq!(ut[3], 0xAAAA_AAAA_AAAA_AAAA, "[{compiler}] and");
        assert_eq!(ut[4], (0..n).fold(0u64, |a, i| a | 1 << (3 * (i % 21))), "[{compiler}] or");
        assert_eq!(ut[5], (0..n).fold(0x0123_4567_89AB_CDEF, |a, i| a ^ big(i).wrapping_mul(0x9E37_79B9_7F4A_7C15)), "[{compiler}] xor");
        let mut seen = exchanged.clone();
        seen.push(ut[6]);
        seen.sort_unstable();
        let mut all: Vec<u64> = (0..n).map(|i| i << 32 | 5).collect();
        all.push(3);
        all.sort_unstable();
        assert_eq!(seen, all, "[{compiler}] exchanges: each value once");
        let winners: Vec<u64> = (0..n).filter(|&i| swapped[i as usize] == 0).collect();
        assert_eq!(winners.len(), 1, "[{compiler}] one compare-and-swap wins: {swapped:?}");
        let won = (winners[0] + 1) << 32 | 7;
        assert_eq!(ut[7], won, "[{compiler}] the winner's value stored");
        assert!(swapped.iter().enumerate().all(|(i, &x)| i as u64 == winners[0] || x == won), "[{compiler}] the others saw it");

        let w = |i: u64| ((i * 37 % 101) as i64 - 50) * 0x1_0000_0001;
        assert_eq!(st[..2], [(0..n).map(w).min().unwrap(), (0..n).map(w).max().unwrap()], "[{compiler}] signed min, max");
        assert_eq!(st[2], (0..n as i64).fold(11i64, |a, i| a.wrapping_add(-i * 0x1_0000_0003)), "[{compiler}] signed add");
        assert_eq!(st[3], loaded_value, "[{compiler}] loaded texel unchanged");
        assert!(loaded.iter().all(|&x| x == loaded_value), "[{compiler}] imageAtomicLoad: {loaded:?}");
        assert!((0..n as i64).any(|i| st[4] == i * -3), "[{compiler}] imageAtomicStore: {} is no stored value", st[4]);
        let vectors = &out[4 * 8 * n as usize..];
        assert_eq!(i64s(&vectors[..32]), [-0x7777_0000_1111, 0, 0, 1], "[{compiler}] imageLoad of an r64i texel");
        assert_eq!(u64s(&vectors[32..]), [0xFEDC_BA98_7654_3210, 0, 0, 1], "[{compiler}] imageLoad of an r64ui texel");
        assert_eq!(st[6], 200 * -0x5_0000_0005, "[{compiler}] imageStore to an r64i texel");
        assert_eq!(ut[8..], [200 << 36 | 9, 0xFEDC_BA98_7654_3210, 0, 0], "[{compiler}] imageStore to an r64ui texel, the rest of its row");
    }
}

/// Subgroup operations on 8-, 16- and 64-bit values (GL_EXT_shader_subgroup_extended_types):
/// reductions, inclusive and exclusive scans of every arithmetic and bitwise operation the
/// extensions give, broadcasts, shuffles and votes, on int64, double, int16, uint8 and float16
/// values (sums of floats exact, so the order of the additions does not matter), and a
/// reduction over the active lanes of a branch. (Clustered reductions: below, against their
/// definition; lavapipe reduces over the whole subgroup whatever the cluster size, at every
/// width, 32 bits too.)
#[test]
fn subgroup_operations_of_other_widths_match_lavapipe() {
    let src = "#version 450\n\
        #extension GL_KHR_shader_subgroup_basic : enable\n#extension GL_KHR_shader_subgroup_arithmetic : enable\n\
        #extension GL_KHR_shader_subgroup_shuffle : enable\n#extension GL_KHR_shader_subgroup_shuffle_relative : enable\n\
        #extension GL_KHR_shader_subgroup_ballot : enable\n#extension GL_KHR_shader_subgroup_clustered : enable\n\
        #extension GL_KHR_shader_subgroup_vote : enable\n\
        #extension GL_EXT_shader_subgroup_extended_types_int8 : enable\n#extension GL_EXT_shader_subgroup_extended_types_int16 : enable\n\
        #extension GL_EXT_shader_subgroup_extended_types_int64 : enable\n#extension GL_EXT_shader_subgroup_extended_types_float16 : enable\n\
        #extension GL_EXT_shader_explicit_arithmetic_types : enable\n\
        #extension GL_EXT_shader_8bit_storage : enable\n#extension GL_EXT_shader_16bit_storage : enable\n\
        layout(local_size_x = 32) in;\n\
        layout(std430, set = 0, binding = 0) buffer Out {\n\
          int64_t l[32][8]; double d[32][4]; int16_t s[32][8]; uint8_t b[32][8]; float16_t h[32][4];\n} o;\n\
        void main() {\n  uint i = gl_LocalInvocationIndex;\n  uint me = gl_SubgroupInvocationID;\n\
          int64_t x = int64_t(i) * -0x123456789l + 0x100000000l;\n\
          o.l[i][0] = subgroupAdd(x);\n  o.l[i][1] = subgroupInclusiveMul(x | 1l);\n  o.l[i][2] = subgroupMin(x);\n\
          o.l[i][3] = subgroupMax(x);\n  o.l[i][4] = int64_t(subgroupMin(uint64_t(x)));\n  o.l[i][5] = subgroupExclusiveAdd(x);\n\
          o.l[i][6] = subgroupShuffleXor(x, 3u);\n  o.l[i][7] = subgroupXor(x) + int64_t(subgroupAllEqual(x >> 40));\n\
          double y = double(i) * 0.5lf - 3.0lf;\n\
          o.d[i][0] = subgroupAdd(y);\n  o.d[i][1] = subgroupMin(y) + subgroupInclusiveMax(y) * 100.0lf;\n\
          o.d[i][2] = subgroupExclusiveMul(y) + subgroupBroadcast(y, 5u);\n\
          if ((i & 2u) == 0u) {\n    o.d[i][3] = subgroupAdd(y * y);\n  }\n\
          int16_t z = int16_t(i * 1000u) - int16_t(7000);\n\
          o.s[i][0] = subgroupAdd(z);\n  o.s[i][1] = subgroupMin(z);\n  o.s[i][2] = subgroupMax(z);\n\
          o.s[i][3] = int16_t(subgroupMax(uint16_t(z)));\n  o.s[i][4] = subgroupExclusiveMul(z);\n\
          o.s[i][5] = subgroupAnd(z | int16_t(0x0F0F));\n  o.s[i][6] = subgroupShuffle(z, 7u - me);\n\
          o.s[i][7] = subgroupOr(z) ^ subgroupInclusiveXor(z);\n\
          uint8_t w = uint8_t(i * 37u);\n\
          o.b[i][0] = subgroupAdd(w);\n  o.b[i][1] = subgroupMin(w);\n  o.b[i][2] = uint8_t(subgroupMax(int8_t(w)));\n\
          o.b[i][3] = subgroupInclusiveXor(w);\n  o.b[i][4] = subgroupBroadcastFirst(w);\n  o.b[i][5] = subgroupInclusiveMax(w);\n\
          o.b[i][6] = subgroupMul(w);\n  o.b[i][7] = uint8_t(subgroupInclusiveMin(int8_t(w)));\n\
          float16_t h = float16_t(i) * 0.25hf - 2.0hf;\n\
          o.h[i][0] = subgroupAdd(h);\n  o.h[i][1] = subgroupMax(h) - subgroupMin(h);\n  o.h[i][2] = subgroupExclusiveAdd(h);\n\
          float16_t up = subgroupShuffleUp(h, 1u);\n  o.h[i][3] = me > 0u ? up * subgroupMul(float16_t(0.5hf)) : float16_t(0.0hf);\n}\n";
    let bytes = 32 * (8 * 8 + 4 * 8 + 8 * 2 + 8 + 4 * 2);
    let cases = [LavapipeCase { name: "subgroups_wide.comp", src, bindings: vec![B::storage(0, vec![0; bytes])], out: 0, workgroups: [1, 1, 1] }];
    cpu_matches_lavapipe(&cases, &["--target-env", "vulkan1.1"]);
}


/// The subgroup mask built-ins (`gl_SubgroupEqMask`, `Ge`, `Gt`, `Le`, `Lt`; GL_KHR_shader_subgroup_ballot),
/// and a ballot's bit count under the `Lt` mask (what a stream compaction computes), over three
/// subgroups of 8 lanes, lavapipe's size: on lavapipe as emitted and against their definition
/// (SPIR-V "SubgroupEqMask": bit `me` of the subgroup's lanes; the others the lanes above or
/// below it; no bit at or past the subgroup size).
#[test]
fn subgroup_masks_match_lavapipe() {
    let src = "#version 450\n#extension GL_KHR_shader_subgroup_ballot : enable\nlayout(local_size_x = 24) in;\n\
        layout(std430, set = 0, binding = 0) buffer Out { uvec4 m[24][5]; uint before[24]; } o;\n\
        void main() {\n  uint i = gl_LocalInvocationIndex;\n\
          o.m[i][0] = gl_SubgroupEqMask;\n  o.m[i][1] = gl_SubgroupGeMask;\n  o.m[i][2] = gl_SubgroupGtMask;\n\
          o.m[i][3] = gl_SubgroupLeMask;\n  o.m[i][4] = gl_SubgroupLtMask;\n\
          uvec4 odd = subgroupBallot((i & 1u) == 1u);\n  o.before[i] = subgroupBallotBitCount(odd & gl_SubgroupLtMask);\n}\n";
    let bytes = 24 * 5 * 16 + 24 * 4;
    let cases = [LavapipeCase { name: "subgroup_masks.comp", src, bindings: vec![B::storage(0, vec![0; bytes])], out: 0, workgroups: [1, 1, 1] }];
    cpu_matches_lavapipe(&cases, &["--target-env", "vulkan1.1"]);
    for (compiler, words) in glsl_modules_with("subgroup_masks.comp", src, Stage::Compute, shader_core::BoundsChecks::Clamp, &["--target-env", "vulkan1.1"]) {
        let out = run_cpu(&words, &[B::storage(0, vec![0; bytes])], [1, 1, 1]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let words = common::u32s(&out[0]);
        for i in 0..24u32 {
            let me = i % 8;
            let expected: [u32; 5] = [1 << me, 0xFF & !((1 << me) - 1), 0xFF & !((2 << me) - 1), (2 << me) - 1, (1 << me) - 1];
            for (k, e) in expected.iter().enumerate() {
                let at = ((i * 5 + k as u32) * 4) as usize;
                assert_eq!(words[at..at + 4], [*e, 0, 0, 0], "[{compiler}] invocation {i}, mask {k}");
            }
            assert_eq!(words[24 * 5 * 4 + i as usize], me / 2, "[{compiler}] invocation {i}: odd lanes below it");
        }
    }
}

/// GL_ARB_shader_ballot (SPV_KHR_shader_ballot: `OpSubgroupBallotKHR`,
/// `OpSubgroupFirstInvocationKHR`, `OpSubgroupReadInvocationKHR`, the 64-bit masks) over three
/// 8-lane subgroups: against its definition (a ballot's bits are the subgroup's lanes whose
/// predicate holds, `readFirstInvocationARB` gives the lowest active lane's value,
/// `readInvocationARB` lane 3's) and, where lavapipe runs it as emitted, against lavapipe.
#[test]
fn arb_shader_ballot() {
    let src = "#version 450\n#extension GL_ARB_shader_ballot : require\n#extension GL_ARB_gpu_shader_int64 : require\n\
        layout(local_size_x = 24) in;\n\
        layout(std430, set = 0, binding = 0) buffer Out { uvec2 ballot[24]; uint first[24]; uint read[24]; uint size; uvec2 eq[24]; } o;\n\
        void main() {\n  uint i = gl_LocalInvocationIndex;\n  uint64_t b = ballotARB((i % 3u) == 0u);\n  o.ballot[i] = unpackUint2x32(b);\n\
          o.first[i] = readFirstInvocationARB(i * 10u);\n  o.read[i] = readInvocationARB(i * 7u, 3u);\n\
          if (i == 0u) {\n    o.size = gl_SubGroupSizeARB;\n  }\n  o.eq[i] = unpackUint2x32(gl_SubGroupEqMaskARB);\n}\n";
    let bytes = 584;
    let cases = [LavapipeCase { name: "arb_ballot.comp", src, bindings: vec![B::storage(0, vec![0; bytes])], out: 0, workgroups: [1, 1, 1] }];
    cpu_matches_lavapipe(&cases, &["--target-env", "vulkan1.1"]);
    for (compiler, words) in glsl_modules_with("arb_ballot.comp", src, Stage::Compute, shader_core::BoundsChecks::Clamp, &["--target-env", "vulkan1.1"]) {
        let out = run_cpu(&words, &[B::storage(0, vec![0; bytes])], [1, 1, 1]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let w = common::u32s(&out[0]);
        for i in 0..24u32 {
            let s = i / 8 * 8;
            let ballot = (0..8).filter(|j| (s + j) % 3 == 0).fold(0u32, |m, j| m | 1 << j);
            let k = i as usize;
            assert_eq!(w[2 * k..2 * k + 2], [ballot, 0], "[{compiler}] ballotARB at {i}");
            assert_eq!(w[48 + k], s * 10, "[{compiler}] readFirstInvocationARB at {i}");
            assert_eq!(w[72 + k], (s + 3) * 7, "[{compiler}] readInvocationARB at {i}");
            assert_eq!(w[98 + 2 * k..100 + 2 * k], [1 << (i % 8), 0], "[{compiler}] gl_SubGroupEqMaskARB at {i}");
        }
        assert_eq!(w[96], 8, "[{compiler}] gl_SubGroupSizeARB");
    }
}

/// Clustered reductions of 16- and 64-bit integers and of doubles (and of 32-bit integers, the
/// same rule) against their definition: lanes 4c..4c+3 (add) and 2c..2c+1 (max) of each 8-lane
/// subgroup. lavapipe is no reference here: it reduces over the whole subgroup.
#[test]
fn clustered_subgroup_operations_of_other_widths() {
    let v = |i: u32| f64::from(i * 3 + 1);
    let want: Vec<f64> = (0..32u32)
        .flat_map(|i| [(i / 4 * 4..i / 4 * 4 + 4).map(v).sum(), v(i | 1), (i / 8 * 8..=i).map(v).sum()])
        .collect();
    for ty in ["uint", "uint64_t", "int16_t", "double"] {
        let src = format!(
            "#version 450\n#extension GL_KHR_shader_subgroup_clustered : enable\n#extension GL_KHR_shader_subgroup_arithmetic : enable\n\
             #extension GL_EXT_shader_subgroup_extended_types_int64 : enable\n#extension GL_EXT_shader_subgroup_extended_types_int16 : enable\n\
             #extension GL_EXT_shader_explicit_arithmetic_types : enable\nlayout(local_size_x = 32) in;\n\
             layout(std430, set = 0, binding = 0) buffer Out {{ double r[32][3]; }} o;\n\
             void main() {{\n  uint i = gl_LocalInvocationIndex;\n  {ty} x = {ty}(i * 3u + 1u);\n\
               o.r[i][0] = double(subgroupClusteredAdd(x, 4u));\n  o.r[i][1] = double(subgroupClusteredMax(x, 2u));\n\
               o.r[i][2] = double(subgroupInclusiveAdd(x));\n}}\n"
        );
        for (compiler, words) in glsl_modules_with("clustered.comp", &src, Stage::Compute, shader_core::BoundsChecks::Clamp, &["--target-env", "vulkan1.1"]) {
            let got = run_cpu(&words, &[B::storage(0, vec![0; 32 * 24])], [1, 1, 1]).unwrap_or_else(|e| panic!("[{compiler}] {ty}: {e}"));
            let got: Vec<f64> = got[0].chunks(8).map(|c| f64::from_le_bytes(c.try_into().unwrap())).collect();
            assert_eq!(got, want, "[{compiler}] {ty}");
        }
    }
}

/// 1D array images (wgpu has no 1D array views, so no lavapipe run: the texels are known):
/// `texelFetch` of a `texture1DArray` per layer, a nearest sample at a texel's centre,
/// `imageStore`/`imageLoad` on an `image1DArray` and both sizes, ours and glslang's module.
#[test]
fn one_d_array_images() {
    let src = "#version 450\nlayout(local_size_x = 8, local_size_y = 3) in;\n\
        layout(set = 0, binding = 0) uniform texture1DArray t;\nlayout(set = 0, binding = 1) uniform sampler s;\n\
        layout(set = 0, binding = 2, r32f) uniform image1DArray img;\n\
        layout(std430, set = 0, binding = 3) buffer Out { vec4 fetched[24]; vec4 sampled[24]; float loaded[24]; ivec4 sizes; } o;\n\
        void main() {\n  ivec2 p = ivec2(gl_LocalInvocationID.xy);\n  uint i = gl_LocalInvocationIndex;\n\
          o.fetched[i] = texelFetch(sampler1DArray(t, s), p, 0);\n\
          o.sampled[i] = textureLod(sampler1DArray(t, s), vec2((float(p.x) + 0.5) / 8.0, float(p.y)), 0.0);\n\
          imageStore(img, p, vec4(float(p.x * 10 + p.y)));\n  memoryBarrierImage();\n  barrier();\n\
          o.loaded[i] = imageLoad(img, ivec2(7 - p.x, p.y)).x;\n\
          if (i == 0u) { o.sizes = ivec4(textureSize(sampler1DArray(t, s), 0), imageSize(img)); }\n}\n";
    let texel = |x: u32, layer: u32| [x as f32, layer as f32, (x * 3 + layer) as f32, 1.0];
    for (compiler, words) in glsl_modules("one_d_array.comp", src) {
        let program = shader_cpu::Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let tex = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [8, 1, 3], 1);
        let bytes: Vec<u8> = (0..3).flat_map(|l| (0..8).flat_map(move |x| texel(x, l))).flat_map(f32::to_le_bytes).collect();
        tex.write_level(0, &bytes);
        let img = shader_cpu::Image::new(shader_cpu::Format::R32Float, shader_cpu::Dim::D2, [8, 1, 3], 1);
        let sampler = shader_cpu::Sampler::default();
        let out = shader_cpu::Buffer::zeroed(24 * 16 * 2 + 24 * 4 + 16);
        let bound = [
            shader_cpu::Binding::image(0, 0, &tex),
            shader_cpu::Binding::sampler(0, 1, &sampler),
            shader_cpu::Binding::image(0, 2, &img),
            shader_cpu::Binding::buffer(0, 3, &out),
        ];
        let options = shader_cpu::Options { sanitize: true, threads: None };
        let report = program.dispatch(&bound, &[], [1, 1, 1], &options).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        assert!(report.findings.is_empty(), "[{compiler}] {}", findings_text(&report));
        let bytes = out.to_bytes();
        let f = common::f32s(&bytes[..24 * 16 * 2 + 24 * 4]);
        for layer in 0..3u32 {
            for x in 0..8u32 {
                let i = (layer * 8 + x) as usize;
                assert_eq!(f[i * 4..i * 4 + 4], texel(x, layer), "[{compiler}] fetch ({x}, {layer})");
                assert_eq!(f[96 + i * 4..96 + i * 4 + 4], texel(x, layer), "[{compiler}] sample ({x}, {layer})");
                assert_eq!(f[192 + i], ((7 - x) * 10 + layer) as f32, "[{compiler}] load ({x}, {layer})");
            }
        }
        assert_eq!(common::i32s(&bytes[24 * 16 * 2 + 24 * 4..]), [8, 3, 8, 3], "[{compiler}] sizes");
        let stored = common::f32s(&img.read_level(0));
        assert_eq!(stored, (0..3).flat_map(|l| (0..8).map(move |x| (x * 10 + l) as f32)).collect::<Vec<_>>(), "[{compiler}] stored");
    }
}

/// Texel buffers (Vulkan target only; wgpu has none, so lavapipe cannot run them through it and
/// the texels are known instead): uniform texel buffers as `samplerBuffer`/`isamplerBuffer`
/// (combined image samplers with no sampler to bind) and `utextureBuffer`
/// (GL_EXT_samplerless_texture_functions), read by `texelFetch`; storage texel buffers
/// (`uimageBuffer`, `imageBuffer`) read, written and atomically added to; `textureSize` and
/// `imageSize`. Each is bound as a one-level image of height 1 whose width is the texel count.
/// Expected: the texels written, unorm8 as byte / 255 (Vulkan "Conversion from Normalized
/// Fixed-Point to Floating-Point"), the stores' bytes for values k / 255, and each counter the
/// sum of the values added to it, the adds' results a chain from 0.
#[test]
fn texel_buffers() {
    let src = "#version 450\n#extension GL_EXT_samplerless_texture_functions : require\nlayout(local_size_x = 16) in;\n\
        layout(set = 0, binding = 0) uniform samplerBuffer fbuf;\nlayout(set = 0, binding = 1) uniform isamplerBuffer ibuf;\n\
        layout(set = 0, binding = 2, r32ui) uniform uimageBuffer counts;\nlayout(set = 0, binding = 3, rgba8) uniform imageBuffer colors;\n\
        layout(set = 0, binding = 5) uniform utextureBuffer ubuf;\n\
        layout(std430, set = 0, binding = 4) buffer Out { vec4 fetched[16]; int ints[16]; uint uints[16]; vec4 loaded[16]; uint olds[16]; int sizes[5]; } o;\n\
        void main() {\n  int i = int(gl_LocalInvocationIndex);\n\
          o.fetched[i] = texelFetch(fbuf, i);\n  o.ints[i] = texelFetch(ibuf, i + 4).x;\n  o.uints[i] = texelFetch(ubuf, 17 - i).x;\n\
          o.olds[i] = imageAtomicAdd(counts, i % 4, uint(i + 1));\n  o.loaded[i] = imageLoad(colors, i);\n\
          imageStore(colors, 16 + i, vec4(float(i) / 255.0, 1.0, 0.0, float(255 - i) / 255.0));\n\
          if (i == 0) {\n    o.sizes[0] = textureSize(fbuf);\n    o.sizes[1] = textureSize(ibuf);\n    o.sizes[2] = imageSize(counts);\n\
              o.sizes[3] = imageSize(colors);\n    o.sizes[4] = textureSize(ubuf);\n  }\n}\n";
    let ftexel = |i: u32| [i as f32, -(i as f32) * 0.5, 1.0 / (i as f32 + 1.0), 7.0];
    let color = |i: u32| [(i * 10) as u8, (255 - i) as u8, 7, 128];
    for (compiler, words) in glsl_modules("texel_buffers.comp", src) {
        let program = shader_cpu::Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let texels = |format, n: u32, bytes: Vec<u8>| {
            let image = shader_cpu::Image::new(format, shader_cpu::Dim::D2, [n, 1, 1], 1);
            image.write_level(0, &bytes);
            image
        };
        let fbuf = texels(shader_cpu::Format::Rgba32Float, 16, (0..16).flat_map(ftexel).flat_map(f32::to_le_bytes).collect());
        let ibuf = texels(shader_cpu::Format::R32Sint, 20, common::bytes_i32(&(0..20).map(|i| 100 - 7 * i).collect::<Vec<_>>()));
        let ubuf = texels(shader_cpu::Format::R32Uint, 18, common::bytes_u32(&(0..18).map(|i| i * i).collect::<Vec<_>>()));
        let counts = texels(shader_cpu::Format::R32Uint, 4, vec![0; 16]);
        let colors = texels(shader_cpu::Format::Rgba8Unorm, 32, (0..32).flat_map(color).collect());
        let out = shader_cpu::Buffer::zeroed(16 * (16 + 4 + 4 + 16 + 4) + 5 * 4);
        let bound = [
            shader_cpu::Binding::image(0, 0, &fbuf),
            shader_cpu::Binding::image(0, 1, &ibuf),
            shader_cpu::Binding::image(0, 2, &counts),
            shader_cpu::Binding::image(0, 3, &colors),
            shader_cpu::Binding::buffer(0, 4, &out),
            shader_cpu::Binding::image(0, 5, &ubuf),
        ];
        let options = shader_cpu::Options { sanitize: true, threads: None };
        let report = program.dispatch(&bound, &[], [1, 1, 1], &options).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        assert!(report.findings.is_empty(), "[{compiler}] {}", findings_text(&report));
        let bytes = out.to_bytes();
        let f = common::f32s(&bytes);
        let (ints, uints) = (common::i32s(&bytes[256..320]), common::u32s(&bytes[320..384]));
        for i in 0..16u32 {
            let k = i as usize;
            assert_eq!(f[k * 4..k * 4 + 4], ftexel(i), "[{compiler}] texelFetch(samplerBuffer, {i})");
            assert_eq!(ints[k], 100 - 7 * (i as i32 + 4), "[{compiler}] texelFetch(isamplerBuffer, {i} + 4)");
            assert_eq!(uints[k], (17 - i) * (17 - i), "[{compiler}] texelFetch(utextureBuffer, 17 - {i})");
            let expected = color(i).map(|b| f32::from(b) / 255.0);
            let loaded = &f[96 + k * 4..96 + k * 4 + 4];
            assert!(loaded.iter().zip(expected).all(|(a, b)| (a - b).abs() <= 1e-6), "[{compiler}] imageLoad({i}): {loaded:?}, expected {expected:?}");
        }
        let olds = common::u32s(&bytes[640..704]);
        let sums = common::u32s(&counts.read_level(0));
        for c in 0..4u32 {
            let adds: Vec<u32> = (0..16).filter(|i| i % 4 == c).map(|i| i + 1).collect();
            assert_eq!(sums[c as usize], adds.iter().sum::<u32>(), "[{compiler}] counter {c}");
            let mut chain: Vec<(u32, u32)> = (0..16u32).filter(|i| i % 4 == c).map(|i| (olds[i as usize], i + 1)).collect();
            chain.sort_unstable();
            let mut sum = 0;
            for (old, add) in chain {
                assert_eq!(old, sum, "[{compiler}] counter {c}: the values the adds returned");
                sum += add;
            }
        }
        assert_eq!(common::i32s(&bytes[704..724]), [16, 20, 4, 32, 18], "[{compiler}] textureSize, imageSize");
        let stored = colors.read_level(0);
        for i in 0..16u32 {
            let at = 4 * (16 + i) as usize;
            assert_eq!(stored[at..at + 4], [i as u8, 255, 0, (255 - i) as u8], "[{compiler}] imageStore({} + 16)", i);
        }
        assert_eq!(stored[..64], (0..16).flat_map(color).collect::<Vec<u8>>()[..], "[{compiler}] texels 0..16 untouched");
    }
}

/// Combined image samplers (`sampler2D`, `sampler2DArray`, `sampler1D` of a Vulkan module, as
/// ours and glslang's emit them: `OpTypeSampledImage` variables), bound as an image and a
/// sampler at one (set, binding); wgpu cannot bind them, so the texels are known instead:
/// `texelFetch`, a nearest sample at each texel's centre, a linear one halfway between two
/// texels, and `textureSize`.
#[test]
fn combined_image_samplers() {
    let src = "#version 450\nlayout(local_size_x = 4, local_size_y = 2) in;\n\
        layout(set = 0, binding = 0) uniform sampler2D t;\nlayout(set = 0, binding = 1) uniform sampler2DArray ta;\n\
        layout(set = 0, binding = 2) uniform sampler1D t1;\nlayout(set = 0, binding = 3) uniform sampler2D lin;\n\
        layout(std430, set = 0, binding = 4) buffer Out { vec4 fetched[8]; vec4 sampled[8]; vec4 layered[8]; vec4 one_d[8]; vec4 halfway[8]; ivec4 sizes; } o;\n\
        void main() {\n  ivec2 p = ivec2(gl_LocalInvocationID.xy);\n  uint i = gl_LocalInvocationIndex;\n\
          vec2 c = (vec2(p) + 0.5) / vec2(4.0, 2.0);\n\
          o.fetched[i] = texelFetch(t, p, 0);\n  o.sampled[i] = textureLod(t, c, 0.0);\n\
          o.layered[i] = textureLod(ta, vec3(c, 1.0), 0.0);\n  o.one_d[i] = texelFetch(t1, p.x, 0);\n\
          o.halfway[i] = textureLod(lin, vec2(float(p.x % 3 + 1) / 4.0, c.y), 0.0);\n\
          if (i == 0u) { o.sizes = ivec4(textureSize(t, 0), textureSize(ta, 0).z, textureSize(t1, 0)); }\n}\n";
    let texel = |x: u32, y: u32, layer: u32| [x as f32, y as f32, layer as f32, 1.0];
    let image = |layers: u32, height: u32| {
        let image = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [4, height, layers], 1);
        let bytes: Vec<u8> =
            (0..layers).flat_map(|l| (0..height).flat_map(move |y| (0..4).flat_map(move |x| texel(x, y, l)))).flat_map(f32::to_le_bytes).collect();
        image.write_level(0, &bytes);
        image
    };
    let (t, ta, t1) = (image(1, 2), image(3, 2), image(1, 1));
    let nearest = shader_cpu::Sampler::default();
    let linear = shader_cpu::Sampler { mag_filter: shader_cpu::Filter::Linear, min_filter: shader_cpu::Filter::Linear, ..Default::default() };
    for (compiler, words) in glsl_modules("combined.comp", src) {
        let program = shader_cpu::Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let out = shader_cpu::Buffer::zeroed(5 * 8 * 16 + 16);
        let bound = [
            shader_cpu::Binding::image(0, 0, &t),
            shader_cpu::Binding::sampler(0, 0, &nearest),
            shader_cpu::Binding::sampler(0, 1, &nearest),
            shader_cpu::Binding::image(0, 1, &ta),
            shader_cpu::Binding::image(0, 2, &t1),
            shader_cpu::Binding::sampler(0, 2, &nearest),
            shader_cpu::Binding::image(0, 3, &t),
            shader_cpu::Binding::sampler(0, 3, &linear),
            shader_cpu::Binding::buffer(0, 4, &out),
        ];
        let options = shader_cpu::Options { sanitize: true, threads: None };
        let report = program.dispatch(&bound, &[], [1, 1, 1], &options).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        assert!(report.findings.is_empty(), "[{compiler}] {}", findings_text(&report));
        let bytes = out.to_bytes();
        let f = common::f32s(&bytes[..5 * 8 * 16]);
        let at = |array: usize, i: usize| &f[array * 32 + i * 4..array * 32 + i * 4 + 4];
        for y in 0..2u32 {
            for x in 0..4u32 {
                let i = (y * 4 + x) as usize;
                assert_eq!(at(0, i), texel(x, y, 0), "[{compiler}] fetch ({x}, {y})");
                assert_eq!(at(1, i), texel(x, y, 0), "[{compiler}] sample ({x}, {y})");
                assert_eq!(at(2, i), texel(x, y, 1), "[{compiler}] layer 1 ({x}, {y})");
                assert_eq!(at(3, i), texel(x, 0, 0), "[{compiler}] 1D fetch ({x})");
                // u = k / 4 (k = 1, 2, 3) is halfway between texels k - 1 and k.
                let k = x % 3 + 1;
                assert_eq!(at(4, i), [k as f32 - 0.5, y as f32, 0.0, 1.0], "[{compiler}] linear ({x}, {y})");
            }
        }
        assert_eq!(common::i32s(&bytes[5 * 8 * 16..]), [4, 2, 3, 4], "[{compiler}] sizes");
    }
}

/// Quad subgroup operations (GL_KHR_shader_subgroup_quad: `OpGroupNonUniformQuadBroadcast`
/// and `QuadSwap`, constant quad indices as SPIR-V 1.3 requires) on 32-bit scalars and
/// vectors and on doubles, every lane active, on the
/// CPU device and as emitted on lavapipe, ours and glslang's module.
#[test]
fn quad_subgroup_operations_match_lavapipe() {
    let src = "#version 450\n#extension GL_KHR_shader_subgroup_quad : enable\n\
        layout(local_size_x = 64) in;\n\
        layout(std430, set = 0, binding = 0) buffer Out { uint b[4][64]; uint h[64]; uint v[64]; uint d[64]; vec4 f[64]; double w[64]; } o;\n\
        void main() {\n  uint i = gl_GlobalInvocationID.x;\n  uint x = i * 2654435761u + 7u;\n\
          o.b[0][i] = subgroupQuadBroadcast(x, 0u);\n  o.b[1][i] = subgroupQuadBroadcast(x, 1u);\n\
          o.b[2][i] = subgroupQuadBroadcast(x, 2u);\n  o.b[3][i] = subgroupQuadBroadcast(x, 3u);\n\
          o.h[i] = subgroupQuadSwapHorizontal(x);\n  o.v[i] = subgroupQuadSwapVertical(x);\n  o.d[i] = subgroupQuadSwapDiagonal(x);\n\
          o.f[i] = vec4(subgroupQuadSwapDiagonal(vec3(float(i), float(x & 255u), -1.0)), subgroupQuadBroadcast(float(i) * 0.5, 3u));\n\
          o.w[i] = subgroupQuadSwapVertical(double(x) * 1.5);\n}\n";
    let len = 64 * 4 * 4 + 3 * 64 * 4 + 64 * 16 + 64 * 8;
    let cases = [LavapipeCase { name: "quad.comp", src, bindings: vec![B::storage(0, vec![0; len])], out: 0, workgroups: [1, 1, 1] }];
    cpu_matches_lavapipe(&cases, &["--target-env", "vulkan1.1"]);
    // Against the definition too (lavapipe aside): lane i reads lane (i & !3) + k, i ^ 1, i ^ 2, i ^ 3.
    let words = compile_glsl_vulkan("quad.comp", src);
    let out = run_cpu(&words, &[B::storage(0, vec![0; len])], [1, 1, 1]).expect("runs");
    let u = common::u32s(&out[0]);
    let x = |i: u32| i.wrapping_mul(2654435761).wrapping_add(7);
    for i in 0..64u32 {
        for k in 0..4u32 {
            assert_eq!(u[(k * 64 + i) as usize], x((i & !3) + k), "broadcast {k} at lane {i}");
        }
        for (n, m) in [1u32, 2, 3].iter().enumerate() {
            assert_eq!(u[(256 + n as u32 * 64 + i) as usize], x(i ^ m), "swap {m} at lane {i}");
        }
    }
}

/// `(count, id)` pairs (subgroup size in use, `SubgroupLocalInvocationId`) of every invocation
/// of a draw partition them into subgroups: for each count `c`, each id below `c` occurs equally
/// often (once per subgroup of `c` active lanes).
fn assert_partitioned(what: &str, pairs: &[(u32, u32)]) {
    let mut counts: Vec<u32> = pairs.iter().map(|p| p.0).collect();
    counts.sort_unstable();
    counts.dedup();
    for c in counts {
        let of_c: Vec<u32> = pairs.iter().filter(|p| p.0 == c).map(|p| p.1).collect();
        assert_eq!(of_c.len() as u32 % c, 0, "{what}: {} invocations in subgroups of {c} lanes", of_c.len());
        for id in 0..c {
            let n = of_c.iter().filter(|&&k| k == id).count();
            assert_eq!(n * c as usize, of_c.len(), "{what}: id {id} in {n} of {} subgroups of {c} lanes", of_c.len() / c as usize);
        }
    }
}

/// Subgroup built-ins in the graphics stages (they read 0 there before): eight full-window
/// triangles (24 vertices) on a 10x6 target (15 quads, no helper). By the rules (Vulkan
/// "Subgroups", "Quad Group Operations"; the device's documented size, 8, lavapipe's with AVX,
/// not compared with lavapipe's ids since its size may differ): every invocation's
/// `gl_SubgroupInvocationID` is below `gl_SubgroupSize` and below the active lanes its ballot
/// counts, the ballot of the lanes below it counts exactly its id (all lanes active), its
/// `gl_SubgroupEqMask` is its bit, and the ids partition the invocations into subgroups. In the
/// fragment stage the subgroup operations see the lanes the ids say: a quad is four
/// consecutive ids, `(x & 1) | (y & 1) << 1` (the pixel right of one has id ^ 1, the one below
/// id ^ 2, and `subgroupQuadBroadcast(id, 0)` is id & !3), and in a full subgroup
/// `subgroupShuffleXor(pixel, 4)` names a pixel whose id is id ^ 4 and whose shuffle names this
/// one.
#[test]
fn subgroup_builtins_in_graphics_stages() {
    let vs = "#version 450\n#extension GL_KHR_shader_subgroup_ballot : require\n\
        layout(std430, set = 0, binding = 0) buffer Out { uvec4 v[32]; uint eq[32]; } o;\n\
        void main() {\n  int k = gl_VertexIndex % 3;\n  vec2 c = vec2(float((k << 1) & 2), float(k & 2));\n\
          gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);\n  uvec4 b = subgroupBallot(true);\n\
          o.v[gl_VertexIndex] = uvec4(gl_SubgroupInvocationID, gl_SubgroupSize, subgroupBallotBitCount(b),\n\
            subgroupBallotBitCount(b & gl_SubgroupLtMask));\n  o.eq[gl_VertexIndex] = gl_SubgroupEqMask.x;\n}\n";
    let fs = "#version 450\n#extension GL_KHR_shader_subgroup_ballot : require\n\
        #extension GL_KHR_shader_subgroup_quad : require\n#extension GL_KHR_shader_subgroup_shuffle : require\n\
        layout(location = 0) out vec4 ids;\nlayout(location = 1) out vec4 lanes;\n\
        void main() {\n  uint me = gl_SubgroupInvocationID;\n  uvec4 b = subgroupBallot(true);\n\
          uint code = uint(gl_FragCoord.x) + 64u * uint(gl_FragCoord.y);\n\
          ids = vec4(float(me), float(gl_SubgroupSize), float(subgroupBallotBitCount(b)), float(subgroupBallotBitCount(b & gl_SubgroupLtMask)));\n\
          lanes = vec4(float(subgroupQuadBroadcast(me, 0u)), float(subgroupQuadSwapHorizontal(code)),\n\
            float(subgroupShuffleXor(code, 4u)), float(gl_SubgroupEqMask.x));\n}\n";
    let args = ["--target-env", "vulkan1.1"];
    let (w, h) = (10u32, 6u32);
    let vertices: Vec<u32> = (0..24).collect();
    for (vc, vs_words) in glsl_modules_with("subgroup_builtins.vert", vs, Stage::Vertex, shader_core::BoundsChecks::Clamp, &args) {
        for (fc, fs_words) in glsl_modules_with("subgroup_builtins.frag", fs, Stage::Fragment, shader_core::BoundsChecks::Clamp, &args) {
            let out = shader_cpu::Buffer::zeroed(32 * 16 + 32 * 4);
            let targets = [0, 1].map(|_| shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [w, h, 1], 1));
            let vertex = shader_cpu::Program::new(&vs_words, "main", &[]).expect("vertex stage");
            let fragment = shader_cpu::Program::new(&fs_words, "main", &[]).expect("fragment stage");
            let bindings = [shader_cpu::Binding::buffer(0, 0, &out)];
            let colors = [Some(&targets[0]), Some(&targets[1])];
            let draw = shader_cpu::Draw {
                bindings: &bindings,
                push_constants: &[],
                vertex_buffer: None,
                vertices: &vertices,
                instances: 0..1,
                topology: shader_cpu::Topology::TriangleList,
                cull: None,
                blend: None,
                blend_constant: [0.0; 4],
                colors: &colors,
                depth: None,
                depth_compare: shader_cpu::Compare::Less,
                depth_write: true,
                stencil: None,
                samples: 1,
                alpha_to_coverage: false,
            };
            let options = shader_cpu::Options { sanitize: true, threads: Some(2) };
            let report = shader_cpu::draw(&vertex, &fragment, &draw, &options).expect("draw");
            let which = format!("[{vc} vertex, {fc} fragment]");
            assert!(report.findings.is_empty(), "{which} {:?}", report.findings);

            let u = common::u32s(&out.to_bytes());
            let mut pairs = Vec::new();
            for i in 0..24usize {
                let [id, size, count, below] = [0, 1, 2, 3].map(|k| u[i * 4 + k]);
                let eq = u[128 + i];
                let at = format!("{which} vertex {i}: id {id}, size {size}, ballot {count}, below {below}, eq {eq:#x}");
                assert_eq!(size, 8, "{at}");
                assert!(id < count && count <= size, "{at}");
                assert_eq!(below, id, "{at}");
                assert_eq!(eq, 1 << id, "{at}");
                pairs.push((count, id));
            }
            assert_partitioned(&format!("{which} vertices"), &pairs);

            let [ids, lanes] = [0, 1].map(|k| common::f32s(&targets[k].read_level(0)).iter().map(|&v| v as u32).collect::<Vec<u32>>());
            let px = |x: u32, y: u32| ((y * w + x) * 4) as usize;
            let mut pairs = Vec::new();
            for y in 0..h {
                for x in 0..w {
                    let p = px(x, y);
                    let [id, size, count, below] = [0, 1, 2, 3].map(|k| ids[p + k]);
                    let [first, swapped, partner, eq] = [0, 1, 2, 3].map(|k| lanes[p + k]);
                    let at = format!("{which} pixel ({x}, {y}): id {id}, size {size}, ballot {count}, below {below}, quad lane 0 {first}, eq {eq:#x}");
                    assert_eq!(size, 8, "{at}");
                    assert!(id < count && count <= size, "{at}");
                    assert_eq!(below, id, "{at}");
                    assert_eq!(eq, 1 << id, "{at}");
                    assert_eq!(id & 3, (x & 1) | (y & 1) << 1, "{at}");
                    assert_eq!(first, id & !3, "{at}");
                    assert_eq!(swapped, (x ^ 1) + 64 * y, "{at}");
                    assert_eq!(ids[px(x ^ 1, y)], id ^ 1, "{at}");
                    assert_eq!(ids[px(x, y ^ 1)], id ^ 2, "{at}");
                    if count == 8 {
                        let (qx, qy) = (partner % 64, partner / 64);
                        assert!(qx < w && qy < h, "{at}: partner {partner}");
                        let q = px(qx, qy);
                        assert_eq!((ids[q], ids[q + 2], lanes[q + 2]), (id ^ 4, 8, x + 64 * y), "{at}: partner ({qx}, {qy})");
                    }
                    pairs.push((count, id));
                }
            }
            assert_partitioned(&format!("{which} pixels"), &pairs);
        }
    }
}

/// Sparse residency (GL_ARB_sparse_texture2: `OpImageSparseSampleImplicitLod`, `Fetch`,
/// `Read`, `Gather`, a multisampled `Fetch`, and `OpImageSparseTexelsResident`): the CPU
/// device's images are always resident, so every code reads as resident and every texel is
/// the one the non-sparse lookup gives (GL_ARB_sparse_texture2: "the texel is returned as by
/// the corresponding non-sparse function"). A 6x4 target over 6x4 images whose texel (x, y)
/// holds (x, y, x * y, 1) (sample s of the multisampled one: (x, y, s, 1)); ours and glslang's
/// module; even target sizes, so no helper lane reads outside the images. lavapipe cannot run
/// it (Mesa 22's lavapipe has no sparse residency, and wgpu enables no sparse feature).
#[test]
fn sparse_lookups_are_resident() {
    let vs = "#version 450\nvoid main() {\n  vec2 c = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));\n\
        gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);\n}\n";
    let fs = "#version 450\n#extension GL_ARB_sparse_texture2 : require\n\
        layout(set = 0, binding = 0) uniform sampler2D t;\n\
        layout(set = 0, binding = 1, rgba32f) uniform readonly image2D img;\n\
        layout(set = 0, binding = 2) uniform sampler2DMS ms;\n\
        layout(location = 0) out vec4 sampled;\nlayout(location = 1) out vec4 fetched;\n\
        layout(location = 2) out vec4 gathered;\nlayout(location = 3) out vec4 rest;\n\
        void main() {\n  ivec2 p = ivec2(gl_FragCoord.xy);\n  vec2 uv = gl_FragCoord.xy / vec2(textureSize(t, 0));\n\
          vec4 a, b, c, d, e;\n  int r = 0;\n\
          r += int(sparseTexelsResidentARB(sparseTextureARB(t, uv, a)));\n\
          r += int(sparseTexelsResidentARB(sparseTexelFetchARB(t, p, 0, b)));\n\
          r += int(sparseTexelsResidentARB(sparseImageLoadARB(img, p, c)));\n\
          r += int(sparseTexelsResidentARB(sparseTextureGatherARB(t, uv, d, 1)));\n\
          r += int(sparseTexelsResidentARB(sparseTexelFetchARB(ms, p, 1, e)));\n\
          sampled = a;\n  fetched = vec4(b.xy, c.zw);\n  gathered = d;\n  rest = vec4(e.xyz, float(r));\n}\n";
    let (w, h) = (6u32, 4u32);
    let texel = |x: u32, y: u32| [x as f32, y as f32, (x * y) as f32, 1.0];
    let image = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [w, h, 1], 1);
    image.write_level(0, &common::bytes_f32(&(0..h).flat_map(|y| (0..w).flat_map(move |x| texel(x, y))).collect::<Vec<_>>()));
    let ms = shader_cpu::Image::multisampled(shader_cpu::Format::Rgba32Float, [w, h, 1], 4);
    let samples: Vec<f32> = (0..4u32).flat_map(|s| (0..h).flat_map(move |y| (0..w).flat_map(move |x| [x as f32, y as f32, s as f32, 1.0]))).collect();
    ms.write_level(0, &common::bytes_f32(&samples));
    let nearest = shader_cpu::Sampler::default();
    let vs_words = compile_glsl_vulkan_with("sparse.vert", vs, Stage::Vertex, shader_core::BoundsChecks::Clamp);
    for (compiler, fs_words) in glsl_modules_with("sparse.frag", fs, Stage::Fragment, shader_core::BoundsChecks::Clamp, &[]) {
        let targets: Vec<shader_cpu::Image> = (0..4).map(|_| shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [w, h, 1], 1)).collect();
        let bindings = [
            shader_cpu::Binding::image(0, 0, &image),
            shader_cpu::Binding::sampler(0, 0, &nearest),
            shader_cpu::Binding::image(0, 1, &image),
            shader_cpu::Binding::image(0, 2, &ms),
            shader_cpu::Binding::sampler(0, 2, &nearest),
        ];
        let colors: Vec<Option<&shader_cpu::Image>> = targets.iter().map(Some).collect();
        let findings = draw_triangle(&vs_words, &fs_words, &bindings, &colors);
        assert!(findings.is_empty(), "[{compiler}] {findings:?}");
        let out: Vec<Vec<f32>> = targets.iter().map(|t| common::f32s(&t.read_level(0))).collect();
        for y in 0..h {
            for x in 0..w {
                let at = ((y * w + x) * 4) as usize;
                let t = texel(x, y);
                // Gather component 1 (y) of (x, y + 1), (x + 1, y + 1), (x + 1, y), (x, y),
                // clamped to the edge.
                let y1 = (y + 1).min(h - 1) as f32;
                let want = [t, [t[0], t[1], t[2], t[3]], [y1, y1, y as f32, y as f32], [x as f32, y as f32, 1.0, 5.0]];
                for (k, want) in want.iter().enumerate() {
                    assert_eq!(out[k][at..at + 4], *want, "[{compiler}] output {k} at pixel ({x}, {y})");
                }
            }
        }
    }
}

/// Multisampled storage images (`image2DMS`: `imageLoad`/`imageStore` with a sample, an
/// image atomic on a sample, `imageSize`, `imageSamples`) on `Image::multisampled` images:
/// every sample loaded before the stores, one sample per pixel rewritten, the atomic adds of
/// all eight invocations on the samples of texel (0, 0) summed per sample. Values from the
/// language's rules; ours and glslang's module. wgpu has no multisampled storage textures,
/// so lavapipe cannot run it.
#[test]
fn multisampled_storage_images() {
    let src = "#version 450\nlayout(local_size_x = 4, local_size_y = 2) in;\n\
        layout(set = 0, binding = 0, rgba32f) uniform image2DMS ims;\n\
        layout(set = 0, binding = 1, r32ui) uniform uimage2DMS counts;\n\
        layout(std430, set = 0, binding = 2) buffer Out { vec4 loaded[8][4]; uint before[8]; ivec4 size; } o;\n\
        void main() {\n  ivec2 p = ivec2(gl_LocalInvocationID.xy);\n  uint i = gl_LocalInvocationIndex;\n\
          for (int s = 0; s < 4; s++) {\n    o.loaded[i][s] = imageLoad(ims, p, s);\n  }\n\
          imageStore(ims, p, (int(i) + 1) % 4, vec4(p, 100.0 + float(i), 2.0));\n\
          o.before[i] = imageAtomicAdd(counts, ivec2(0, 0), int(i % 4u), 1u + i);\n\
          if (i == 0u) {\n    o.size = ivec4(imageSize(ims), imageSamples(ims), imageSamples(counts));\n  }\n}\n";
    let sample = |x: u32, y: u32, s: u32| [x as f32, y as f32, s as f32, 1.0];
    for (compiler, words) in glsl_modules("storage_ms.comp", src) {
        let ims = shader_cpu::Image::multisampled(shader_cpu::Format::Rgba32Float, [4, 2, 1], 4);
        ims.write_level(0, &common::bytes_f32(&(0..4).flat_map(|s| (0..2).flat_map(move |y| (0..4).flat_map(move |x| sample(x, y, s)))).collect::<Vec<_>>()));
        let counts = shader_cpu::Image::multisampled(shader_cpu::Format::R32Uint, [1, 1, 1], 4);
        let out = shader_cpu::Buffer::zeroed(8 * 4 * 16 + 8 * 4 + 16);
        let program = shader_cpu::Program::new(&words, "main", &[]).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        let bound = [shader_cpu::Binding::image(0, 0, &ims), shader_cpu::Binding::image(0, 1, &counts), shader_cpu::Binding::buffer(0, 2, &out)];
        let report = program.dispatch(&bound, &[], [1, 1, 1], &shader_cpu::Options { sanitize: true, threads: None }).unwrap_or_else(|e| panic!("[{compiler}] {e}"));
        assert!(report.findings.is_empty(), "[{compiler}] {}", findings_text(&report));
        let bytes = out.to_bytes();
        let loaded = common::f32s(&bytes[..512]);
        for i in 0..8u32 {
            for s in 0..4u32 {
                let at = ((i * 4 + s) * 4) as usize;
                assert_eq!(loaded[at..at + 4], sample(i % 4, i / 4, s), "[{compiler}] invocation {i} sample {s}");
            }
        }
        let before = common::u32s(&bytes[512..544]);
        for k in 0..4usize {
            let pair = [before[k], before[k + 4]];
            assert!(pair.contains(&0) && (pair.contains(&(1 + k as u32)) || pair.contains(&(5 + k as u32))), "[{compiler}] sample {k}: {pair:?}");
        }
        assert_eq!(common::i32s(&bytes[544..]), [4, 2, 4, 4], "[{compiler}] sizes");
        let after = common::f32s(&ims.read_level(0));
        for s in 0..4u32 {
            for i in 0..8u32 {
                let (x, y) = (i % 4, i / 4);
                let at = (((s * 2 + y) * 4 + x) * 4) as usize;
                let want = if (i + 1) % 4 == s { [x as f32, y as f32, 100.0 + i as f32, 2.0] } else { sample(x, y, s) };
                assert_eq!(after[at..at + 4], want, "[{compiler}] sample {s} of ({x}, {y}) after the stores");
            }
        }
        assert_eq!(common::u32s(&counts.read_level(0)), [6, 8, 10, 12], "[{compiler}] the atomics' sums per sample");
    }
}

/// Minimum levels of detail (GL_ARB_sparse_texture_clamp: `textureClampARB`,
/// `sparseTextureClampARB`; SPIR-V `MinLod`): the level of detail is max(λ, the clamp)
/// (Vulkan "Level-of-Detail Operation"), read with a nearest mipmap filter from a 16x16 texture
/// of 5 levels, level l holding l everywhere. Quads of an 8x4 target: uv moves 1 texel per
/// pixel (λ 0) in the top row of quads and 16 (λ 4) in the bottom one; the clamp is the quad's
/// column (0..3), one more for the sparse lookup. Ours and glslang's module; Mesa 22's
/// lavapipe ignores the operand (it lacks `shaderResourceMinLod`: measured, level 0 where the
/// clamp is 1), so it is no oracle here.
#[test]
fn minimum_levels_of_detail() {
    let vs = "#version 450\nvoid main() {\n  vec2 c = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));\n\
        gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);\n}\n";
    let fs = "#version 450\n#extension GL_ARB_sparse_texture_clamp : require\n#extension GL_ARB_sparse_texture2 : require\n\
        layout(set = 0, binding = 0) uniform sampler2D t;\n\
        layout(location = 0) out vec4 clamped;\nlayout(location = 1) out vec4 sparse;\n\
        void main() {\n  ivec2 quad = ivec2(gl_FragCoord.xy) / 2;\n\
          vec2 uv = gl_FragCoord.xy * (quad.y == 0 ? 1.0 : 16.0) / 16.0;\n\
          clamped = textureClampARB(t, uv, float(quad.x));\n\
          vec4 texel;\n  int code = sparseTextureClampARB(t, uv, float(quad.x) + 1.0, texel);\n\
          sparse = vec4(texel.x, float(sparseTexelsResidentARB(code)), 0.0, 1.0);\n}\n";
    let texture = shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [16, 16, 1], 5);
    for level in 0..5u32 {
        let side = 16 >> level;
        texture.write_level(level, &common::bytes_f32(&vec![level as f32; (side * side * 4) as usize]));
    }
    let nearest = shader_cpu::Sampler::default();
    let vs_words = compile_glsl_vulkan_with("clamp.vert", vs, Stage::Vertex, shader_core::BoundsChecks::Clamp);
    for (compiler, fs_words) in glsl_modules_with("clamp.frag", fs, Stage::Fragment, shader_core::BoundsChecks::Clamp, &[]) {
        let targets: Vec<shader_cpu::Image> = (0..2).map(|_| shader_cpu::Image::new(shader_cpu::Format::Rgba32Float, shader_cpu::Dim::D2, [8, 4, 1], 1)).collect();
        let bindings = [shader_cpu::Binding::image(0, 0, &texture), shader_cpu::Binding::sampler(0, 0, &nearest)];
        let colors: Vec<Option<&shader_cpu::Image>> = targets.iter().map(Some).collect();
        let findings = draw_triangle(&vs_words, &fs_words, &bindings, &colors);
        assert!(findings.is_empty(), "[{compiler}] {findings:?}");
        let (clamped, sparse) = (common::f32s(&targets[0].read_level(0)), common::f32s(&targets[1].read_level(0)));
        for i in 0..32usize {
            let quad = [(i % 8) / 2, (i / 8) / 2];
            let lambda = if quad[1] == 0 { 0.0f32 } else { 4.0 };
            let level = |clamp: f32| lambda.max(clamp).min(4.0);
            assert_eq!(clamped[i * 4..i * 4 + 4], [level(quad[0] as f32); 4], "[{compiler}] textureClampARB at pixel {i}");
            assert_eq!(sparse[i * 4..i * 4 + 4], [level(quad[0] as f32 + 1.0), 1.0, 0.0, 1.0], "[{compiler}] sparseTextureClampARB at pixel {i}");
        }
    }
}
