//! Reflection: what a compiled module exposes to the host (bindings, entry points, IO).
