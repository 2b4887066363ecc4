// Blocks holding only a runtime-sized array generate no empty struct, and a shader without
// override constants no empty `Overrides` (nor `Pipeline::new_with`).
use shader_runtime::shader;

shader! {
    mod sum;
    lang: glsl,
    src: r#"
        #version 450
        layout(local_size_x = 64) in;
        layout(std430, binding = 0) readonly buffer Input { float values[]; };
        layout(std430, binding = 1) buffer Outputs { float results[]; };
        void main() { results[gl_GlobalInvocationID.x] = values[gl_GlobalInvocationID.x]; }
    "#,
}

fn main() {
    let _: Option<sum::Input> = None;
    let _: Option<sum::Outputs> = None;
    let _: Option<sum::Overrides> = None;
    let _ = sum::Pipeline::new_with;
}
