#![deny(warnings)]
use shader_runtime::shader;

shader! {
    mod doubler;
    lang: glsl,
    stage: compute,
    src: r#"
        #version 450
        layout(local_size_x = 64) in;
        layout(std430, set = 0, binding = 0) buffer Data { uint values[]; };
        layout(std140, set = 0, binding = 1) uniform Params { uint factor; uint count; };
        void main() {
            uint i = gl_GlobalInvocationID.x;
            if (i < count) { values[i] *= factor; }
        }
    "#,
}

fn main() {
    assert_eq!(doubler::WORKGROUP_SIZE, [64, 1, 1]);
    let _ = doubler::Params::new(2, 10);
    assert!(!doubler::SPIRV.is_empty());
}
