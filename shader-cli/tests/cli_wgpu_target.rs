//! The wgpu target (the default) as a contract, through the `shader` binary: what wgpu cannot
//! run is a located compile-time error naming the feature and the way out (the Vulkan target
//! with passthrough), which still compiles it; `debugPrintfEXT` is dropped with a warning.
//! Every module written is checked by spirv-val and by naga as wgpu runs it.

#[path = "../../tests/common/naga_wgpu.rs"]
mod naga_wgpu;

use std::path::Path;
use std::process::Command;

mod support;
use support::{run, scratch};

const BUFFER_REFERENCE: &str = "#version 450
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 64) in;
layout(buffer_reference, std430) buffer Floats { float v[]; };
layout(push_constant) uniform Args { Floats data; uint n; };
void main() { uint i = gl_GlobalInvocationID.x; if (i < n) data.v[i] *= 2.0; }
";

const PRINTF: &str = "#version 450
#extension GL_EXT_debug_printf : require
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Data { float values[]; };
void main() {
    debugPrintfEXT(\"value %f\", values[0]);
    values[0] *= 2.0;
}
";


fn words(path: &Path) -> Vec<u32> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{} written: {e}", path.display()));
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

fn spirv_val(path: &Path) {
    match Command::new("spirv-val").args(["--target-env", "vulkan1.2"]).arg(path).output() {
        Ok(val) => assert!(val.status.success(), "spirv-val: {}{}", String::from_utf8_lossy(&val.stdout), String::from_utf8_lossy(&val.stderr)),
        Err(e) => panic!("spirv-val is needed for this test: {e}"),
    }
}

#[test]
fn buffer_references_are_a_located_error_for_the_wgpu_target() {
    let dir = scratch("buffer_reference");
    std::fs::write(dir.join("refs.comp"), BUFFER_REFERENCE).unwrap();
    let output = run(&dir, &["compile", "refs.comp", "-o", "refs.spv"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error: buffer references (GL_EXT_buffer_reference) cannot be used for the wgpu target"), "{stderr}");
    assert!(stderr.contains("refs.comp:"), "the error is located: {stderr}");
    assert!(stderr.contains('^'), "the error has a caret: {stderr}");
    assert!(stderr.contains("--target vulkan") && stderr.contains("passthrough"), "the error names the way out: {stderr}");
    assert!(!dir.join("refs.spv").exists(), "no module is written");
}

#[test]
fn the_vulkan_target_keeps_buffer_references() {
    let dir = scratch("buffer_reference_vulkan");
    std::fs::write(dir.join("refs.comp"), BUFFER_REFERENCE).unwrap();
    let output = run(&dir, &["compile", "refs.comp", "--target", "vulkan", "-o", "refs.spv"]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    spirv_val(&dir.join("refs.spv"));
}

#[test]
fn debug_printf_is_dropped_with_a_warning_for_the_wgpu_target() {
    let dir = scratch("printf");
    std::fs::write(dir.join("printf.comp"), PRINTF).unwrap();
    let output = run(&dir, &["compile", "printf.comp", "-o", "printf.spv"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("warning: `debugPrintfEXT` is dropped for the wgpu target"), "{stderr}");
    assert!(stderr.contains("printf.comp:6:"), "the warning is located: {stderr}");
    let path = dir.join("printf.spv");
    spirv_val(&path);
    naga_wgpu::naga_check(&words(&path)).unwrap_or_else(|e| panic!("{e}"));

    // The Vulkan target keeps the print.
    let output = run(&dir, &["compile", "printf.comp", "--target", "vulkan", "-o", "vulkan.spv"]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let vulkan = std::fs::read(dir.join("vulkan.spv")).unwrap();
    assert!(vulkan.windows(23).any(|w| w == b"NonSemantic.DebugPrintf"), "the Vulkan target keeps debugPrintfEXT");
}
