use shader_runtime::shader;

shader! {
    mod shader;
    path: "tests/shaders/double.wgsl",
    entry: "mian",
}

fn main() {}
