use shader_runtime::shader;

shader! {
    lang: wgsl,
    src: "",
}

fn main() {}
