//! A shader library: the package `noise`, whose modules live in `shaders/` and are used from
//! another crate's `shader!` by name, with nothing copied:
//!
//! - WESL: `import noise::value::cell;` (module `noise::value` is `shaders/value.wesl`, which
//!   itself imports `package::hash::pcg`, its own `shaders/hash.wesl`);
//! - GLSL: `#include <noise/value.glsl>`.
//!
//! The using crate's `build.rs` is one line, `fn main() { shader_build::forward(); }`, and
//! this crate is a normal dependency of it. The Rust functions below are the same arithmetic
//! for the CPU (the tests compare the shaders against them).

/// The package name the shaders are imported by.
pub const PACKAGE: &str = "noise";

/// The PCG hash (Jarzynski and Olano, "Hash Functions for GPU Rendering", 2020):
/// `noise::hash::pcg`.
pub fn pcg(v: u32) -> u32 {
    let state = v.wrapping_mul(747_796_405).wrapping_add(2_891_336_453);
    let word = ((state >> ((state >> 28) + 4)) ^ state).wrapping_mul(277_803_737);
    (word >> 22) ^ word
}

/// The value of the lattice cell `(x, y)`, in `[0, 1)` with 24 bits (exact in `f32`):
/// `noise::value::cell`.
pub fn cell(x: u32, y: u32) -> f32 {
    (pcg(x ^ pcg(y)) >> 8) as f32 / 16_777_216.0
}

/// Value noise at `(x, y)` (`x, y >= 0`): the four surrounding cells blended with smoothstep
/// weights: `noise::value::noise2`.
pub fn noise2(x: f32, y: f32) -> f32 {
    let (ix, iy) = (x.floor(), y.floor());
    let (fx, fy) = (x - ix, y - iy);
    let (cx, cy) = (ix as u32, iy as u32);
    let (wx, wy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
    let lerp = |a: f32, b: f32, t: f32| a + (b - a) * t;
    let bottom = lerp(cell(cx, cy), cell(cx + 1, cy), wx);
    let top = lerp(cell(cx, cy + 1), cell(cx + 1, cy + 1), wx);
    lerp(bottom, top, wy)
}
