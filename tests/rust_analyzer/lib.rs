// The fixture of tests/macro_rust_analyzer.rs: a shader error as rust-analyzer reports it. The
// test checks the line and column numbers below; keep the layout of this file.
shader_macros::shader! {
    mod broken;
    lang: wgsl,
    src: r#"
        @compute @workgroup_size(1)
        fn main() {
            let x: f32 = 1u;
        }
    "#,
}
