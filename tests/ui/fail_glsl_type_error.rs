use shader_runtime::shader;

shader! {
    mod glsl_shader;
    lang: glsl,
    stage: compute,
    src: r#"
        #version 450
        layout(local_size_x = 64) in;
        layout(std430, binding = 0) buffer Data { uint values[]; };
        void main() {
            uint i = gl_GlobalInvocationID.x;
            values[i] = vec3(1.0);
        }
    "#,
}

fn main() {}
