// A GLSL fragment shader without a stage: the error says how to give one.
use shader_runtime::shader;

shader! {
    mod no_stage;
    lang: glsl,
    src: r#"
        #version 450
        layout(location = 0) out vec4 color;
        void main() { color = vec4(1.0); }
    "#,
}

shader! {
    mod bad_stage;
    lang: glsl,
    stage: geometry,
    src: "void main() {}",
}

fn main() {}
