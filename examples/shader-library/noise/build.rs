//! Publishes `shaders/` as the shader package `noise` to the crates that depend on this one.
fn main() {
    shader_build::publish("noise", "shaders");
}
