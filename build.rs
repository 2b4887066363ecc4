//! Forwards the shader libraries this package depends on (examples/shader-library/noise) to
//! `shader!`: the one line a crate using shader libraries writes (README "Shader libraries").
fn main() {
    shader_build::forward();
}
