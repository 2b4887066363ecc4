//! The `shader` binary on an AGSL effect: `shader compile x.agsl` picks AGSL from the
//! extension and writes `x.spv` (checked by `spirv-val` and naga), and `shader reflect x.agsl`
//! shows the AGSL ABI (uniform block at binding 0, the child's texture and sampler at 1 and 2,
//! the `agsl` interface section with `layout(color)`).

#[path = "../../tests/common/naga_wgpu.rs"]
mod naga_wgpu;

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

mod support;
use support::run_ok as run;

const RIPPLE: &str = r#"
uniform shader image;
uniform float2 center;
uniform float time;
layout(color) uniform half4 tint;

half4 main(float2 fragCoord) {
    float d = distance(fragCoord, center);
    float2 offset = normalize(fragCoord - center + 0.001) * sin(d * 0.1 - time) * 4.0;
    return image.eval(fragCoord + offset) * tint;
}
"#;

fn scratch(test: &str) -> PathBuf {
    let dir = support::scratch(test);
    std::fs::write(dir.join("ripple.agsl"), RIPPLE).unwrap();
    dir
}


#[test]
fn compile_agsl_writes_valid_spirv_next_to_the_source() {
    let dir = scratch("compile");
    run(&dir, &["compile", "ripple.agsl"]);
    let path = dir.join("ripple.spv");
    let bytes = std::fs::read(&path).expect("ripple.spv written next to ripple.agsl");
    let val = Command::new("spirv-val").args(["--target-env", "vulkan1.1"]).arg(&path).output().expect("spirv-val is installed");
    assert!(val.status.success(), "spirv-val: {}{}", String::from_utf8_lossy(&val.stdout), String::from_utf8_lossy(&val.stderr));
    let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let module = naga_wgpu::naga_check(&words).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(module.entry_points.len(), 1);
    assert_eq!(module.entry_points[0].name, "main");
    assert_eq!(module.entry_points[0].stage, naga::ShaderStage::Fragment);
}

#[test]
fn reflect_agsl_shows_the_abi() {
    let dir = scratch("reflect");
    let out = run(&dir, &["reflect", "ripple.agsl"]);
    let json: Value = serde_json::from_slice(&out.stdout).expect("reflection is JSON");
    let bindings: Vec<(u64, &str, &str)> = json["bindings"]
        .as_array()
        .expect("bindings")
        .iter()
        .map(|b| (b["binding"].as_u64().unwrap(), b["name"].as_str().unwrap(), b["kind"].as_str().unwrap()))
        .collect();
    assert_eq!(
        bindings,
        vec![(0, "AgslUniforms", "uniform_buffer"), (1, "image", "sampled_texture"), (2, "image_sampler", "sampler")]
    );
    // std140: float2 at 0, float at 8, half4 (a vec4) aligned to 16.
    let members: Vec<(&str, &str, u64, bool)> = json["agsl"]["uniforms"]["members"]
        .as_array()
        .expect("agsl uniforms")
        .iter()
        .map(|m| (m["name"].as_str().unwrap(), m["type"].as_str().unwrap(), m["offset"].as_u64().unwrap(), m["color"].as_bool().unwrap()))
        .collect();
    assert_eq!(members, vec![("center", "float2", 0, false), ("time", "float", 8, false), ("tint", "half4", 16, true)]);
    assert_eq!(json["agsl"]["uniforms"]["size"], 32);
    assert_eq!(json["agsl"]["shaders"][0]["name"], "image");
    assert_eq!(json["agsl"]["shaders"][0]["texture_binding"], 1);
    assert_eq!(json["agsl"]["shaders"][0]["sampler_binding"], 2);
    assert_eq!(json["entry_points"][0]["fragment_outputs"][0]["location"], 0);
}
