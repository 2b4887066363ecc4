//! The `shader` binary's behaviour that does not need a working front end: usage errors,
//! unreadable and malformed inputs, diagnostics, SPIR-V disassembly, closed pipes. Every case
//! also checks that the tool did not panic.

use rspirv::binary::Assemble;
use rspirv::spirv;
use std::io::Write;
use std::process::{Command, Output, Stdio};

mod support;
use support::{run, scratch, SHADER};


fn code(output: &Output) -> i32 {
    output.status.code().expect("exited normally, not by a signal")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A minimal valid compute module (checked with `spirv-val` in the test that uses it).
fn tiny_module() -> Vec<u32> {
    let mut b = rspirv::dr::Builder::new();
    b.set_version(1, 0);
    b.capability(spirv::Capability::Shader);
    b.memory_model(spirv::AddressingModel::Logical, spirv::MemoryModel::GLSL450);
    let void = b.type_void();
    let fn_ty = b.type_function(void, vec![]);
    let f = b.begin_function(void, None, spirv::FunctionControl::NONE, fn_ty).unwrap();
    b.begin_block(None).unwrap();
    b.ret().unwrap();
    b.end_function().unwrap();
    b.entry_point(spirv::ExecutionModel::GLCompute, f, "main", vec![]);
    b.execution_mode(f, spirv::ExecutionMode::LocalSize, vec![8, 1, 1]);
    b.module().assemble()
}

fn bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

#[test]
fn help_lists_every_command() {
    let dir = scratch("help");
    let out = run(&dir, &["--help"]);
    assert_eq!(code(&out), 0);
    for command in ["compile", "validate", "reflect", "disassemble"] {
        assert!(stdout(&out).contains(command), "--help lacks {command}:\n{}", stdout(&out));
    }
    let out = run(&dir, &["compile", "--help"]);
    assert_eq!(code(&out), 0);
    for option in ["--output", "--lang", "--stage", "-I", "-D", "--spirv-version", "--target"] {
        assert!(stdout(&out).contains(option), "compile --help lacks {option}:\n{}", stdout(&out));
    }
}

#[test]
fn usage_errors_exit_2() {
    let dir = scratch("usage");
    std::fs::write(dir.join("a.wgsl"), "").unwrap();
    let cases: &[&[&str]] = &[
        &[],
        &["frobnicate", "a.wgsl"],
        &["compile"],
        &["compile", "a.wgsl", "--lang", "hlsl"],
        &["compile", "a.wgsl", "--stage", "geom"],
        &["compile", "a.wgsl", "--target", "metal"],
        &["compile", "a.wgsl", "--spirv-version", "2.0"],
        &["compile", "a.wgsl", "--spirv-version", "1.7"],
        &["reflect", "a.wgsl", "-D", "1BAD=2"],
        &["validate", "a.wgsl", "--no-such-flag"],
        &["disassemble", "a.wgsl", "b.wgsl"],
    ];
    for args in cases {
        let out = run(&dir, args);
        assert_eq!(code(&out), 2, "`shader {}` should be a usage error; stderr:\n{}", args.join(" "), stderr(&out));
        // Either clap's `error: ...` or, with no command at all, the help text.
        assert!(stderr(&out).starts_with("error:") || stderr(&out).contains("Usage:"), "{}", stderr(&out));
    }
}

#[test]
fn glsl_without_a_known_stage_is_a_usage_error() {
    let dir = scratch("glsl-stage");
    std::fs::write(dir.join("shader.glsl"), "#version 450\nvoid main() {}\n").unwrap();
    let out = run(&dir, &["compile", "shader.glsl"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("shader.glsl") && stderr(&out).contains("--stage"), "{}", stderr(&out));
    // With --stage (or a stage extension) the stage question is settled: no usage error.
    let out = run(&dir, &["validate", "shader.glsl", "--stage", "comp", "-D", "N=4", "-D", "FLAG", "-I", "."]);
    assert_ne!(code(&out), 2, "{}", stderr(&out));
}

#[test]
fn missing_input_exits_1_naming_the_file() {
    let dir = scratch("missing");
    for command in ["compile", "validate", "reflect", "disassemble"] {
        for file in ["does-not-exist.wgsl", "does-not-exist.comp", "does-not-exist.spv"] {
            let out = run(&dir, &[command, file]);
            assert_eq!(code(&out), 1, "`shader {command} {file}`: {}", stderr(&out));
            assert!(stderr(&out).contains(file), "`shader {command} {file}`: {}", stderr(&out));
        }
    }
    // A directory is not readable as a file either.
    let out = run(&dir, &["compile", "."]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
}

#[test]
fn invalid_utf8_is_an_error_not_a_panic() {
    let dir = scratch("utf8");
    std::fs::write(dir.join("bad.wgsl"), b"// caf\xe9\n@compute @workgroup_size(1) fn main() {}\n").unwrap();
    for command in ["compile", "validate", "reflect", "disassemble"] {
        let out = run(&dir, &[command, "bad.wgsl"]);
        assert_eq!(code(&out), 1);
        assert!(stderr(&out).contains("bad.wgsl") && stderr(&out).contains("UTF-8"), "{}", stderr(&out));
        assert!(stderr(&out).contains("offset 6"), "{}", stderr(&out));
    }
}

#[test]
fn shader_errors_exit_1_with_rendered_diagnostics_and_no_output_file() {
    let dir = scratch("diagnostics");
    // Wrong in any finished compiler: an undeclared identifier.
    std::fs::write(dir.join("broken.comp"), "#version 450\nvoid main() { undeclared_thing = 1; }\n").unwrap();
    std::fs::write(dir.join("broken.wgsl"), "@compute @workgroup_size(1)\nfn main() { undeclared_thing = 1; }\n")
        .unwrap();
    std::fs::write(dir.join("broken.agsl"), "half4 main(float2 p) { return undeclared_thing; }\n").unwrap();
    for file in ["broken.comp", "broken.wgsl", "broken.agsl"] {
        for command in ["compile", "validate", "reflect", "disassemble"] {
            let out = run(&dir, &[command, file]);
            assert_eq!(code(&out), 1, "`shader {command} {file}`: {}", stderr(&out));
            let err = stderr(&out);
            // codespan's `error: ...` then `┌─ file:line:col`.
            assert!(err.starts_with("error"), "{err}");
            assert!(err.contains(&format!("{file}:")), "no `{file}:line:col` in:\n{err}");
            assert!(stdout(&out).is_empty(), "stdout: {}", stdout(&out));
        }
    }
    let produced: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".spv"))
        .collect();
    assert!(produced.is_empty(), "failed compiles wrote {produced:?}");
}

#[test]
fn spirv_input_is_only_for_disassemble() {
    let dir = scratch("spv-input");
    std::fs::write(dir.join("m.spv"), bytes(&tiny_module())).unwrap();
    for command in ["compile", "validate", "reflect"] {
        let out = run(&dir, &[command, "m.spv"]);
        assert_eq!(code(&out), 1);
        assert!(stderr(&out).contains("m.spv") && stderr(&out).contains("disassemble"), "{}", stderr(&out));
    }
}

/// A workgroup size from specialization constants at SPIR-V 1.6 is `OpExecutionModeId
/// LocalSizeId`, which rspirv's loader refuses; the disassembly still shows the module, with
/// that instruction naming the three constants.
#[test]
fn disassembles_local_size_id() {
    let dir = scratch("disassemble-local-size-id");
    let source = "#version 450\nlayout(local_size_x_id = 3, local_size_y = 2) in;\nlayout(std430, binding = 0) buffer B { uint v[]; };\nvoid main() { v[gl_LocalInvocationIndex] = gl_WorkGroupSize.x; }\n";
    std::fs::write(dir.join("k.comp"), source).unwrap();
    let out = run(&dir, &["compile", "k.comp", "--target", "vulkan", "--spirv-version", "1.6", "-o", "k.spv"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let val = Command::new("spirv-val").args(["--target-env", "vulkan1.3", "k.spv"]).current_dir(&dir).output();
    match val {
        Ok(val) => assert!(val.status.success(), "spirv-val: {}", String::from_utf8_lossy(&val.stderr)),
        Err(e) => panic!("spirv-val is needed for this test: {e}"),
    }
    let out = run(&dir, &["disassemble", "k.spv"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    let line = text.lines().find(|l| l.starts_with("OpExecutionModeId")).unwrap_or_else(|| panic!("no OpExecutionModeId in:\n{text}"));
    let ids: Vec<&str> = line.split_whitespace().skip(3).collect();
    assert!(line.contains(" LocalSizeId ") && ids.len() == 3, "{line}");
    // Each id is a constant of the module: the x one a spec constant with SpecId 3 (default 1),
    // y the literal 2.
    let defined = |id: &str, op: &str| text.lines().any(|l| l.starts_with(&format!("{id} = {op}")));
    assert!(defined(ids[0], "OpSpecConstant "), "{line}\n{text}");
    assert!(text.contains(&format!("OpDecorate {} SpecId 3", ids[0])), "{text}");
    assert!(defined(ids[1], "OpConstant ") || defined(ids[1], "OpSpecConstant "), "{line}\n{text}");
    assert!(text.contains("OpReturn") && text.contains("OpFunctionEnd"), "{text}");
}

#[test]
fn disassembles_a_spirv_file() {
    let dir = scratch("disassemble");
    let words = tiny_module();
    std::fs::write(dir.join("m.spv"), bytes(&words)).unwrap();
    // The input itself must be a valid module for the test to mean anything.
    let val = Command::new("spirv-val").args(["--target-env", "vulkan1.1", "m.spv"]).current_dir(&dir).output();
    match val {
        Ok(val) => assert!(val.status.success(), "spirv-val: {}", String::from_utf8_lossy(&val.stderr)),
        Err(e) => panic!("spirv-val is needed for this test: {e}"),
    }
    let out = run(&dir, &["disassemble", "m.spv"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    for needle in [
        "; Version: 1.0",
        "OpCapability Shader",
        "OpMemoryModel Logical GLSL450",
        "OpEntryPoint GLCompute",
        "\"main\"",
        "LocalSize 8 1 1",
        "OpReturn",
        "OpFunctionEnd",
    ] {
        assert!(text.contains(needle), "no `{needle}` in:\n{text}");
    }
    // SPIR-V §2.3: a big-endian module (byte-swapped magic) is read too, with the same text.
    let swapped: Vec<u8> = words.iter().flat_map(|w| w.to_be_bytes()).collect();
    std::fs::write(dir.join("be.spv"), swapped).unwrap();
    let out_be = run(&dir, &["disassemble", "be.spv"]);
    assert_eq!(code(&out_be), 0, "{}", stderr(&out_be));
    assert_eq!(stdout(&out_be), text);
}

#[test]
fn malformed_spirv_is_an_error_not_a_panic() {
    let dir = scratch("malformed");
    let words = tiny_module();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty.spv", Vec::new()),
        ("odd.spv", vec![0x03, 0x02, 0x23, 0x07, 0x00]),
        ("magic.spv", bytes(&[0xdead_beef, 0x0001_0000, 0, 10, 0])),
        ("truncated.spv", bytes(&words[..words.len() - 3])),
        ("header-only.spv", bytes(&words[..5])),
    ];
    for (name, data) in &cases {
        std::fs::write(dir.join(name), data).unwrap();
        let out = run(&dir, &["disassemble", name]);
        if *name == "header-only.spv" {
            // A header with no instructions is an (empty) module.
            assert_eq!(code(&out), 0, "{name}: {}", stderr(&out));
            continue;
        }
        assert_eq!(code(&out), 1, "{name}: {}", stderr(&out));
        assert!(stderr(&out).contains(name), "{name}: {}", stderr(&out));
    }
    // Every single-word corruption of a valid module: an exit code, never a crash.
    let mut corrupt = 0;
    for index in 5..words.len() {
        for value in [0, 1, 0xffff_ffff, 0x0001_0000 | (words[index] & 0xffff), words[index] ^ 0x0004_0000] {
            let mut bad = words.clone();
            bad[index] = value;
            std::fs::write(dir.join("fuzz.spv"), bytes(&bad)).unwrap();
            let out = run(&dir, &["disassemble", "fuzz.spv"]);
            assert!(matches!(code(&out), 0 | 1), "word {index} = {value:#x}: {}", stderr(&out));
            corrupt += (code(&out) == 1) as u32;
        }
    }
    assert!(corrupt > 0, "no corruption was detected at all");
}

#[test]
fn closed_stdout_is_not_a_panic() {
    let dir = scratch("pipe");
    std::fs::write(dir.join("m.spv"), bytes(&tiny_module())).unwrap();
    // Deterministic: a shell holds the tool back until the parent has closed the pipe's read
    // end, then execs it, so its first write fails with EPIPE.
    let mut child = Command::new("sh")
        .args(["-c", r#"read go; exec "$0" disassemble m.spv"#, SHADER])
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
