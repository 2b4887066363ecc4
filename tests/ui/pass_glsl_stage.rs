// GLSL stages: inferred from `layout(local_size_x = ..) in;`, or given in the CLI's spelling.
#![deny(warnings)]
use shader_runtime::shader;

shader! {
    mod inferred;
    lang: glsl,
    src: r#"
        #version 450
        // layout(local_size_x = 8) in;  (a comment does not count)
        layout(local_size_x = 32, local_size_y = 2) in;
        layout(std430, binding = 0) buffer Data { uint values[]; };
        void main() { values[gl_GlobalInvocationID.x] = 1u; }
    "#,
}

shader! {
    mod short_name;
    lang: glsl,
    stage: frag,
    src: r#"
        #version 450
        layout(location = 0) out vec4 color;
        void main() { color = vec4(1.0); }
    "#,
}

fn main() {
    assert_eq!(inferred::WORKGROUP_SIZE, [32, 2, 1]);
    assert_eq!(inferred::STAGE, shader_runtime::__private::Stage::Compute);
    assert_eq!(short_name::STAGE, shader_runtime::__private::Stage::Fragment);
}
