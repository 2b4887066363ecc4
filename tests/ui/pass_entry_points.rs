//! A WGSL module with a vertex and a fragment entry point: `entry` picks one; every entry point
//! and the vertex inputs are listed.
#![deny(warnings)]

use shader_runtime::generated::Stage;
use shader_runtime::shader;

const SOURCE_NOTE: &str = "vertex + fragment";

shader! {
    mod fragment;
    lang: wgsl,
    entry: "fs_main",
    src: r#"
        struct Globals { tint: vec4<f32>, transform: mat4x4<f32>, normal: mat3x3<f32> }
        @group(0) @binding(0) var<uniform> globals: Globals;
        @group(0) @binding(1) var tex: texture_2d<f32>;
        @group(0) @binding(2) var samp: sampler;

        struct VertexOut { @builtin(position) pos: vec4<f32>, @location(0) uv: vec2<f32> }

        @vertex
        fn vs_main(@location(0) position: vec3<f32>, @location(1) uv: vec2<f32>) -> VertexOut {
            var out: VertexOut;
            out.pos = globals.transform * vec4<f32>(position, 1.0);
            out.uv = uv;
            return out;
        }

        @fragment
        fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
            return textureSample(tex, samp, in.uv) * globals.tint;
        }
    "#,
}

fn main() {
    let _ = SOURCE_NOTE;
    assert_eq!(fragment::ENTRY, "fs_main");
    assert_eq!(fragment::STAGE, Stage::Fragment);
    assert_eq!(fragment::ENTRY_POINTS.len(), 2);
    let vs = fragment::ENTRY_POINTS.iter().find(|e| e.stage == Stage::Vertex).unwrap();
    assert_eq!(vs.vertex_inputs.len(), 2);
    assert_eq!(vs.vertex_inputs[0].format, Some("float32x3"));
    assert_eq!(fragment::BINDINGS.len(), 3);
    // mat3x3 columns are 16 bytes apart: [[f32; 4]; 3].
    let g = fragment::Globals::new([1.0; 4], [[0.0; 4]; 4], [[0.0; 4]; 3]);
    assert_eq!(std::mem::size_of_val(&g), 16 + 64 + 48);
}
