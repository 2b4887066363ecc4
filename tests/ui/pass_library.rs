//! A shader library by package name, from WESL (`import uilib::hash::pcg;`) and from GLSL
//! (`#include <uilib/hash.glsl>`); tests/macro_ui.rs sets SHADER_PACKAGES as
//! `shader_build::forward()` does.
#![deny(warnings)]

shader_runtime::shader! {
    mod wesl;
    lang: wgsl,
    src: r#"
        import uilib::hash::pcg;
        @group(0) @binding(0) var<storage, read_write> out: array<u32>;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) { out[id.x] = pcg(id.x); }
    "#,
}

shader_runtime::shader! {
    mod glsl;
    lang: glsl,
    stage: compute,
    src: r#"
        #version 450
        #extension GL_GOOGLE_include_directive : require
        #include <uilib/hash.glsl>
        layout(local_size_x = 64) in;
        layout(std430, binding = 0) buffer Out { uint data[]; };
        void main() { data[gl_GlobalInvocationID.x] = pcg(gl_GlobalInvocationID.x); }
    "#,
}

fn main() {
    let _ = (wesl::SPIRV, glsl::SPIRV);
}
