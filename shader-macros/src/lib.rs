//! shader-macros: `shader!` (compile a shader at build time, emit SPIR-V and typed interface
//! data) and `#[derive(Std140)]`/`#[derive(Std430)]` (check a Rust struct's GPU layout at
//! compile time). Users reach them through `shader_runtime`, which re-exports both; generated
//! code names the runtime by absolute path (`::shader_runtime::__private`, or `crate = path`).
//!
//! Each entry point parses ([`args`], `syn`), expands, and turns errors into
//! `compile_error!` once. Invariant: this crate knows nothing of wgpu; it emits plain data.

mod agsl;
mod args;
mod codegen;
mod derive;
mod diagnostics;
mod expand;

use proc_macro::TokenStream;

/// Compiles a shader at build time. See the `shader_runtime` crate documentation.
#[proc_macro]
pub fn shader(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as args::Invocation);
    expand::expand(input).into()
}

/// Checks at compile time that a `#[repr(C)]` struct has the GLSL std140 layout, and implements
/// `bytemuck::Pod` and `GpuLayout` for it.
#[proc_macro_derive(Std140)]
pub fn derive_std140(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    derive::expand(input, shader_layout::Rule::Std140).unwrap_or_else(syn::Error::into_compile_error).into()
}

/// Checks at compile time that a `#[repr(C)]` struct has the GLSL std430 layout, and implements
/// `bytemuck::Pod` and `GpuLayout` for it.
#[proc_macro_derive(Std430)]
pub fn derive_std430(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    derive::expand(input, shader_layout::Rule::Std430).unwrap_or_else(syn::Error::into_compile_error).into()
}
