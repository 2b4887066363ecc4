// A misspelt name: the suggestion is a `= help:` line, and the location is given once (rustc's,
// on the literal; the message shows the shader line with its number in this file).
use shader_runtime::shader;

shader! {
    mod broken;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var<storage, read_write> data: array<f32>;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            let scale = 2.0;
            data[id.x] = data[id.x] * scal;
        }
    "#,
}

fn main() {}
