use shader_runtime::shader;

shader! {
    mod broken;
    lang: wgsl,
    // An ordinary string with escapes: positions still map to this file.
    src: "@compute @workgroup_size(1)\nfn main() {\n\tlet x: f32 = 1u; \u{1F600}\n}",
}

fn main() {}
