// The generated module has the visibility and attributes written before `mod`: a private
// `mod` is private to its parent, and `#[cfg(any())]` removes it.
mod shaders {
    shader_runtime::shader! {
        /// Private to `shaders`.
        mod private;
        lang: wgsl,
        src: "@compute @workgroup_size(1) fn main() {}",
        #[cfg(any())]
        pub mod configured_out;
        lang: wgsl,
        src: "@compute @workgroup_size(1) fn main() {}",
    }
}

fn main() {
    let _ = shaders::private::WORKGROUP_SIZE;
    let _ = shaders::configured_out::WORKGROUP_SIZE;
}
