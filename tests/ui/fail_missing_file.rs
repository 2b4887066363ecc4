use shader_runtime::shader;

shader! {
    mod missing;
    path: "tests/shaders/does_not_exist.wgsl",
}

fn main() {}
