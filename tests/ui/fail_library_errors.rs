// Shader libraries (tests/macro_ui.rs forwards `uilib`): a package no build script forwarded,
// and a known package without the module or file asked for, from WESL and GLSL. Each is a
// located error naming the libraries known or the files looked for.
shader_runtime::shader! {
    mod unknown_package;
    lang: wgsl,
    src: "import noise::hash::pcg; @compute @workgroup_size(1) fn main() { _ = pcg(1u); }",
}

shader_runtime::shader! {
    mod missing_module;
    lang: wgsl,
    src: "import uilib::hashes::pcg; @compute @workgroup_size(1) fn main() { _ = pcg(1u); }",
}

shader_runtime::shader! {
    mod unknown_include_package;
    lang: glsl,
    stage: compute,
    src: "#version 450\n#extension GL_GOOGLE_include_directive : require\n#include <noise/hash.glsl>\nvoid main() {}",
}

shader_runtime::shader! {
    mod missing_include;
    lang: glsl,
    stage: compute,
    src: "#version 450\n#extension GL_GOOGLE_include_directive : require\n#include <uilib/hashes.glsl>\nvoid main() {}",
}

fn main() {}
