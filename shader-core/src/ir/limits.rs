//! Sizes a module cannot have: a variable larger than 2^31 - 1 bytes.
//!
//! SPIR-V writes offsets, strides and sizes as 32-bit literals and Vulkan drivers index memory
//! with signed 32-bit offsets; naga refuses any type over `i32::MAX` bytes ("Size exceeds limit
//! of 2147483647 bytes"), and so do we, for every language and address space, at the variable
//! (`var<private> a: array<f32, 1000000000>`, GLSL `shared float s[1000000000]`). glslang
//! accepts such modules; Tint refuses any fixed array count of 65536 or more, a limit of its
//! own we do not copy (naga and glslang accept `array<f32, 100000000>`, 400 MB). How much
//! workgroup memory an entry point may use (`maxComputeSharedMemorySize`, at least 16 KiB) is
//! a device limit, not a language rule: wgpu 30 checks it on neither of its paths, so
//! shader-runtime refuses a passthrough pipeline whose workgroup variables exceed the adapter's
//! `max_compute_workgroup_storage_size` (`compute::check_passthrough`, a clear error naming the
//! byte count; `tests/runtime_features.rs`).

use super::*;
use crate::diag::{Diagnostic, Diagnostics};

/// The largest size in bytes of a variable (naga's limit).
pub const MAX_VARIABLE_SIZE: u32 = i32::MAX as u32;

/// An error at every global and local variable larger than [`MAX_VARIABLE_SIZE`].
pub fn check_sizes(module: &Module) -> Diagnostics {
    let mut errors = Diagnostics::new();
    let mut check = |name: Option<&str>, ty: Handle<Type>, span: Span| {
        // Only (binding) arrays and structs come near the limit (the largest other type is a 4x4 matrix
        // of 8-byte scalars).
        if !matches!(module.types.get(ty).map(|t| &t.inner), Some(TypeInner::Array { .. } | TypeInner::BindingArray { .. } | TypeInner::Struct { .. })) {
            return;
        }
        let size = crate::layout::laid_out_size(&module.types, ty, None);
        if size > MAX_VARIABLE_SIZE {
            let name = name.map_or(String::new(), |n| format!("`{n}` "));
            let size = if size == u32::MAX { "at least 4 GiB".to_string() } else { format!("{size} bytes") };
            errors.push(
                Diagnostic::error(format!("the variable {name}takes {size}, more than the 2147483647 bytes a variable may take"), span)
                    .with_note("SPIR-V offsets and sizes are 32-bit, and drivers address memory with signed 32-bit offsets; naga has the same limit"),
            );
        }
    };
    for (h, g) in module.globals.iter() {
        check(g.name.as_deref(), g.ty, module.globals.span(h));
    }
    for (_, f) in module.functions.iter() {
        for (h, l) in f.locals.iter() {
            check(l.name.as_deref(), l.ty, f.locals.span(h));
        }
    }
    errors
}
