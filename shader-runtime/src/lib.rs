//! shader-runtime: runs shaders compiled by the `shader!` macro through wgpu, or on the CPU
//! device (`shader-cpu`) when there is no GPU.
//!
//! - [`Gpu`]: a wgpu instance, adapter, device and queue picked from the environment
//!   (`WGPU_BACKEND`, `WGPU_ADAPTER_NAME`), or the CPU device ([`Gpu::cpu`]; what
//!   [`Gpu::new`] falls back to without an adapter; `SHADER_DEVICE=cpu|gpu` forces the choice),
//!   which runs compute pipelines by interpreting their SPIR-V.
//! - [`Buffer<T>`] / `Buffer<[T]>`: typed buffers of `Pod` data for storage, uniform, vertex,
//!   index and indirect use; write, blocking and async readback.
//! - [`ComputePipeline`]: what a generated `NAME::Pipeline` wraps: a shader module given to wgpu
//!   as SPIR-V (naga's portable path), bind group layouts from the generated `BINDINGS`,
//!   binding checks with errors that name the binding, cached bind groups, immediates (push
//!   constants) and override constants.
//! - [`RenderPipeline`], [`Texture`], [`Sampler`]: a vertex + fragment pair drawing into an
//!   offscreen texture that reads back as RGBA.
//! - [`AgslEffect`]: an Android AGSL effect (`shader!{ lang: agsl, .. }`) drawn over a
//!   full-screen triangle, with typed uniforms and image inputs for its `uniform shader`s.
//! - Hot reload (feature `hot-reload`): [`ComputePipeline::reload`] recompiles a `path:`
//!   shader in the running program and swaps the pipeline only when the new module's interface
//!   is the one the typed code was generated for ([`ReloadError`] otherwise);
//!   [`ComputePipeline::reload_if_changed`] is the file watcher.
//! - [`run_compute`](Gpu::run_compute)/[`run_on`]: the untyped byte-buffer path tests use.
//!
//! Invariant: this is the only crate of the workspace that names wgpu types in its API.

pub use wgpu;

mod agsl;
mod bind;
mod buffer;
mod compute;
mod error;
pub mod generated;
mod gpu;
pub mod layout;
mod raw;
mod reload;
mod render;
mod texture;

pub use agsl::{AgslChild, AgslEffect, AgslInfo, AgslInput, AgslUniform, AgslUniformBlock, RgbaImage};
pub use bind::{check_touched, AsResource, BindingSet, NamedResources, Resource};
pub use buffer::{Buffer, BufferData, DispatchIndirectArgs, Index, RawBuffer, ResourceId};
pub use compute::{set_workgroup_size, ComputePipeline, PipelineOptions};
pub use error::{BindingError, BindingProblem, GpuError};
#[doc(hidden)]
pub use generated::__private;
pub use generated::ModuleInfo;
pub use gpu::{Gpu, GpuOptions, WgpuDevice, MAX_IMMEDIATE_SIZE, OPTIONAL_FEATURES, POLL_TIMEOUT};
pub use shader_cpu;
pub use layout::GpuLayout;
pub use raw::{run_on, run_passthrough_on, BufferBinding, BufferKind};
pub use reload::ReloadError;
pub use render::{cpu_vertex_format, Draw, RenderOptions, RenderPipeline};
pub use shader_macros::{shader, Std140, Std430};
pub use texture::{Sampler, Texture};
