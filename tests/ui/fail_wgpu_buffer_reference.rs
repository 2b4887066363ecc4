//! What wgpu cannot run is a compile-time error for the wgpu target (the default), naming the
//! feature and the way out: buffer references need the Vulkan target and passthrough.
use shader_runtime::shader;

shader! {
    mod refs;
    lang: glsl,
    stage: compute,
    src: r#"
        #version 450
        #extension GL_EXT_buffer_reference : require
        layout(local_size_x = 64) in;
        layout(buffer_reference, std430) buffer Floats { float v[]; };
        layout(push_constant) uniform Args { Floats data; uint n; };
        void main() { uint i = gl_GlobalInvocationID.x; if (i < n) data.v[i] *= 2.0; }
    "#,
}

fn main() {}
