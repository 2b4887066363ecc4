use shader_runtime::shader;

shader! {
    mod broken;
    path: "tests/shaders/bad.wgsl",
}

fn main() {}
