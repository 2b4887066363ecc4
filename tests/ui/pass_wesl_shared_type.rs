//! Two `shader!` calls import the struct `Particle` of one WESL module; the second binds it to
//! the first's generated type with `types`, so one Rust type serves both shaders (its layout is
//! compared with the second shader's at compile time).
#![deny(warnings)]

use shader_runtime::{shader, Buffer};

shader! {
    pub mod integrate;
    root: "tests/shaders/shared_types",
    path: "integrate.wesl",
}

shader! {
    pub mod energy;
    root: "tests/shaders/shared_types",
    path: "energy.wesl",
    types: { Particle = crate::integrate::Particle },
}

/// The buffer `integrate` writes is the buffer `energy` reads: no conversion, no copy.
pub fn both<'a>(particles: &'a Buffer<[integrate::Particle]>, energy: &'a Buffer<[f32]>) -> (integrate::Bindings<'a>, energy::Bindings<'a>) {
    (integrate::Bindings { particles }, energy::Bindings { particles, energy })
}

fn main() {
    let p = integrate::Particle::new([0.0, 1.0, 2.0], 3.0, [4.0, 5.0, 6.0]);
    let _ = p;
    let _ = both;
}
