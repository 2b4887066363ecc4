use shader_runtime::shader;

shader! {
    mod shader;
    lang: wgsl,
}

fn main() {}
