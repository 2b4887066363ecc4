use shader_runtime::shader;

shader! {
    mod glsl_shader;
    lang: glsl,
    stage: compute,
    // FIXME: the GLSL front end is being written; today every GLSL source reports this.
    src: r#"
        #version 450
        layout(local_size_x = 64) in;
        void main() {}
    "#,
}

fn main() {}
