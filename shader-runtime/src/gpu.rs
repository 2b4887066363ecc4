//! The device: a wgpu adapter (instance, adapter, device and queue) or the CPU device
//! (`shader-cpu`), chosen from the environment, plus the error-scope and wait helpers every
//! other module uses.

use std::sync::{Mutex, Once};

use crate::GpuError;

/// One device to run shaders on: a wgpu adapter (hardware or a software Vulkan driver such as
/// lavapipe) or the CPU device, which interprets the same SPIR-V with no driver at all.
#[derive(Debug)]
pub struct Gpu {
    backend: Backend,
}

#[derive(Debug)]
pub(crate) enum Backend {
    Wgpu(WgpuDevice),
    Cpu(CpuDevice),
}

/// The wgpu half of a [`Gpu`], for code that goes beyond this API ([`Gpu::wgpu`]).
#[derive(Debug)]
pub struct WgpuDevice {
    pub instance: wgpu::Instance,
    pub adapter: wgpu::Adapter,
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
}

/// The CPU device's settings and what its sanitizer found.
#[derive(Debug)]
pub(crate) struct CpuDevice {
    pub(crate) options: shader_cpu::Options,
    /// Sanitizer findings not yet taken by [`Gpu::take_findings`].
    pub(crate) findings: Mutex<Vec<String>>,
}

/// Which device [`Gpu::new`] picks (`SHADER_DEVICE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    /// An adapter when one exists, else the CPU device.
    Auto,
    Gpu,
    Cpu,
}

fn choice_from_env() -> Result<Choice, GpuError> {
    match std::env::var("SHADER_DEVICE").ok().as_deref().map(str::trim) {
        None | Some("") | Some("auto") => Ok(Choice::Auto),
        Some("gpu") => Ok(Choice::Gpu),
        Some("cpu") => Ok(Choice::Cpu),
        Some(other) => Err(GpuError::InvalidUse(format!("SHADER_DEVICE=`{other}`: expected `cpu`, `gpu` or `auto`"))),
    }
}

/// How [`Gpu::with_options`] picks an adapter.
#[derive(Clone, Debug)]
pub struct GpuOptions {
    /// Backends to look at (`WGPU_BACKEND`, e.g. `vulkan`, `gl`, `metal`, `dx12`).
    pub backends: wgpu::Backends,
    /// Take the first adapter whose name contains this, case-insensitively
    /// (`WGPU_ADAPTER_NAME`, e.g. `llvmpipe` for lavapipe).
    pub adapter_name: Option<String>,
    /// `WGPU_POWER_PREF` (`low`, `high`) when no name is given.
    pub power_preference: wgpu::PowerPreference,
    /// Features the device must have on top of the optional ones the runtime enables itself.
    pub required_features: wgpu::Features,
}

impl Default for GpuOptions {
    /// Every backend, any adapter; ignores the environment.
    fn default() -> GpuOptions {
        GpuOptions {
            backends: wgpu::Backends::all(),
            adapter_name: None,
            power_preference: wgpu::PowerPreference::default(),
            required_features: wgpu::Features::empty(),
        }
    }
}

impl GpuOptions {
    /// The defaults narrowed by `WGPU_BACKEND`, `WGPU_ADAPTER_NAME` and `WGPU_POWER_PREF`, the
    /// variables wgpu's own examples read.
    pub fn from_env() -> GpuOptions {
        let name = std::env::var("WGPU_ADAPTER_NAME").ok().filter(|n| !n.is_empty());
        GpuOptions {
            backends: wgpu::Backends::all().with_env(),
            adapter_name: name,
            power_preference: wgpu::PowerPreference::from_env().unwrap_or_default(),
            required_features: wgpu::Features::empty(),
        }
    }
}

/// Optional features the runtime enables when the adapter has them, so shaders that use them
/// (f16, immediates, 64-bit integers, subgroups) can run where the hardware allows.
pub const OPTIONAL_FEATURES: wgpu::Features = wgpu::Features::SHADER_F16
    .union(wgpu::Features::IMMEDIATES)
    .union(wgpu::Features::SHADER_INT64)
    .union(wgpu::Features::SUBGROUP)
    .union(wgpu::Features::SHADER_FLOAT32_ATOMIC);

/// Immediates (push constants) the runtime asks for: Vulkan guarantees 128 bytes, and some
/// drivers report far more than any shader of ours uses.
pub const MAX_IMMEDIATE_SIZE: u32 = 256;

impl Gpu {
    /// [`Gpu::new`], blocking.
    pub fn new_blocking() -> Result<Gpu, GpuError> {
        pollster::block_on(Gpu::new())
    }

    /// Picks an adapter as [`GpuOptions::from_env`] says and creates a device with every
    /// [`OPTIONAL_FEATURES`] feature the adapter supports and the adapter's limits. When there
    /// is no adapter, the CPU device ([`Gpu::cpu`]), saying so once on stderr.
    /// `SHADER_DEVICE=cpu` always takes the CPU device, `SHADER_DEVICE=gpu` never does (no
    /// adapter is then [`GpuError::NoAdapter`]).
    pub async fn new() -> Result<Gpu, GpuError> {
        let choice = choice_from_env()?;
        if choice == Choice::Cpu {
            return Ok(Gpu::cpu());
        }
        match Gpu::with_options(&GpuOptions::from_env()).await {
            Err(GpuError::NoAdapter(why)) if choice == Choice::Auto => {
                static SAID: Once = Once::new();
                SAID.call_once(|| eprintln!("shader-runtime: no GPU adapter ({why}); running shaders on the CPU device"));
                Ok(Gpu::cpu())
            }
            other => other,
        }
    }

    /// The CPU device: runs compute shaders by interpreting their SPIR-V on every core, with
    /// the out-of-bounds sanitizer on in debug builds (`shader_cpu::Options::default`).
    pub fn cpu() -> Gpu {
        Gpu::cpu_with(shader_cpu::Options::default())
    }

    /// The CPU device with explicit options (sanitizer, thread count).
    pub fn cpu_with(options: shader_cpu::Options) -> Gpu {
        Gpu { backend: Backend::Cpu(CpuDevice { options, findings: Mutex::new(Vec::new()) }) }
    }

    /// The wgpu device, queue, adapter and instance; `None` on the CPU device.
    pub fn wgpu(&self) -> Option<&WgpuDevice> {
        match &self.backend {
            Backend::Wgpu(w) => Some(w),
            Backend::Cpu(_) => None,
        }
    }

    /// Whether this is the CPU device.
    pub fn is_cpu(&self) -> bool {
        matches!(self.backend, Backend::Cpu(_))
    }

    /// The CPU device's sanitizer findings since the last call (each names the shader, the
    /// access and the invocation); always empty on a wgpu device. Every finding is also
    /// printed on stderr when it happens.
    pub fn take_findings(&self) -> Vec<String> {
        match &self.backend {
            Backend::Cpu(cpu) => std::mem::take(&mut *cpu.findings.lock().unwrap_or_else(|e| e.into_inner())),
            Backend::Wgpu(_) => Vec::new(),
        }
    }

    pub(crate) fn backend(&self) -> &Backend {
        &self.backend
    }

    /// The wgpu device, or an error saying that `what` needs one.
    pub(crate) fn require_wgpu(&self, what: &str) -> Result<&WgpuDevice, GpuError> {
        self.wgpu().ok_or_else(|| {
            GpuError::Unsupported(format!("{what} needs a GPU adapter; the CPU device does not run it"))
        })
    }

    /// [`Gpu::with_options`], blocking.
    pub fn with_options_blocking(options: &GpuOptions) -> Result<Gpu, GpuError> {
        pollster::block_on(Gpu::with_options(options))
    }

    /// A wgpu device as `options` say (never the CPU device): [`GpuError::NoAdapter`] when
    /// there is no adapter.
    pub async fn with_options(options: &GpuOptions) -> Result<Gpu, GpuError> {
        // The primary backends (Vulkan, Metal, DX12) first: probing GL opens a display
        // connection that prints warnings on headless machines, and GL is only the fallback.
        let primary = options.backends & wgpu::Backends::PRIMARY;
        let (instance, adapter) = match pick_adapter(options, primary).await {
            Ok(found) if !primary.is_empty() => found,
            _ => pick_adapter(options, options.backends).await?,
        };
        let missing = options.required_features - adapter.features();
        if !missing.is_empty() {
            return Err(GpuError::Unsupported(format!("the adapter lacks the required features {missing:?}")));
        }
        let features = (adapter.features() & OPTIONAL_FEATURES) | options.required_features;
        let mut limits = adapter.limits();
        // Immediates are only usable up to the size asked for at device creation.
        limits.max_immediate_size = limits.max_immediate_size.min(MAX_IMMEDIATE_SIZE);
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("shader-runtime"),
                required_features: features,
                required_limits: limits,
                ..Default::default()
            })
            .await
            .map_err(|e| GpuError::RequestDevice(e.to_string()))?;
        Ok(Gpu { backend: Backend::Wgpu(WgpuDevice { instance, adapter, device, queue }) })
    }

    /// The adapter's name and backend, e.g. `llvmpipe (LLVM 15.0.7, 256 bits) (Vulkan)`, or
    /// `shader-cpu (N threads)`.
    pub fn adapter_name(&self) -> String {
        match &self.backend {
            Backend::Wgpu(w) => {
                let info = w.adapter.get_info();
                format!("{} ({:?})", info.name, info.backend)
            }
            Backend::Cpu(cpu) => {
                let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
                format!("shader-cpu ({} threads)", cpu.options.threads.unwrap_or(cores))
            }
        }
    }

    /// Whether the device can take push constants (wgpu immediates; the CPU device can).
    pub fn has_immediates(&self) -> bool {
        match &self.backend {
            Backend::Wgpu(w) => w.device.features().contains(wgpu::Features::IMMEDIATES) && w.device.limits().max_immediate_size > 0,
            Backend::Cpu(_) => true,
        }
    }

    /// The largest push-constant block the device takes.
    pub(crate) fn max_immediate_size(&self) -> u32 {
        match &self.backend {
            Backend::Wgpu(w) => w.device.limits().max_immediate_size,
            Backend::Cpu(_) => MAX_IMMEDIATE_SIZE,
        }
    }

    /// Runs `work` inside a validation error scope: wgpu's validation errors come back as
    /// [`GpuError::Validation`] instead of reaching the default handler, which panics. On the
    /// CPU device, just `work`.
    pub fn scoped<T>(&self, work: impl FnOnce() -> Result<T, GpuError>) -> Result<T, GpuError> {
        let Backend::Wgpu(w) = &self.backend else { return work() };
        let scope = w.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let result = work();
        if let Some(error) = pollster::block_on(scope.pop()) {
            return Err(GpuError::Validation(error.to_string()));
        }
        result
    }

    /// Waits until the queue has finished every submitted command (with [`POLL_TIMEOUT`], so a
    /// shader that never terminates is an error, not a hang). The CPU device runs every
    /// dispatch when it is made, so there it returns at once.
    pub fn wait(&self) -> Result<(), GpuError> {
        let Backend::Wgpu(w) = &self.backend else { return Ok(()) };
        w.device
            .poll(wgpu::PollType::Wait { submission_index: None, timeout: Some(POLL_TIMEOUT) })
            .map(drop)
            .map_err(|e| GpuError::Readback(e.to_string()))
    }
}

/// An instance over `backends` and the adapter `options` ask for on it.
async fn pick_adapter(options: &GpuOptions, backends: wgpu::Backends) -> Result<(wgpu::Instance, wgpu::Adapter), GpuError> {
    let mut descriptor = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
    descriptor.backends = backends;
    let instance = wgpu::Instance::new(descriptor);
    let adapter = match &options.adapter_name {
        Some(wanted) => {
            let wanted_lower = wanted.to_lowercase();
            let adapters = instance.enumerate_adapters(backends).await;
            let names: Vec<String> = adapters.iter().map(|a| a.get_info().name).collect();
            adapters.into_iter().find(|a| a.get_info().name.to_lowercase().contains(&wanted_lower)).ok_or_else(|| {
                let found = if names.is_empty() { "none".to_string() } else { names.join(", ") };
                GpuError::NoAdapter(format!("no adapter name contains `{wanted}`; adapters found: {found}"))
            })?
        }
        None => instance
            .request_adapter(&wgpu::RequestAdapterOptions { power_preference: options.power_preference, ..Default::default() })
            .await
            .map_err(|e| GpuError::NoAdapter(format!("{e}; backends searched: {backends:?}")))?,
    };
    Ok((instance, adapter))
}

/// How long a wait for the GPU may take; far above any test or example's run time.
pub const POLL_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(60);
