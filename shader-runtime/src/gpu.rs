//! The device: instance, adapter, device and queue, chosen from the environment, plus the
//! error-scope and wait helpers every other module uses.

use crate::GpuError;

/// One device to run shaders on.
#[derive(Debug)]
pub struct Gpu {
    pub instance: wgpu::Instance,
    pub adapter: wgpu::Adapter,
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
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
    /// [`OPTIONAL_FEATURES`] feature the adapter supports and the adapter's limits.
    pub async fn new() -> Result<Gpu, GpuError> {
        Gpu::with_options(&GpuOptions::from_env()).await
    }

    /// [`Gpu::with_options`], blocking.
    pub fn with_options_blocking(options: &GpuOptions) -> Result<Gpu, GpuError> {
        pollster::block_on(Gpu::with_options(options))
    }

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
        Ok(Gpu { instance, adapter, device, queue })
    }

    /// The adapter's name and backend, e.g. `llvmpipe (LLVM 15.0.7, 256 bits) (Vulkan)`.
    pub fn adapter_name(&self) -> String {
        let info = self.adapter.get_info();
        format!("{} ({:?})", info.name, info.backend)
    }

    /// Whether the device can take push constants (wgpu immediates).
    pub fn has_immediates(&self) -> bool {
        self.device.features().contains(wgpu::Features::IMMEDIATES) && self.device.limits().max_immediate_size > 0
    }

    /// Runs `work` inside a validation error scope: wgpu's validation errors come back as
    /// [`GpuError::Validation`] instead of reaching the default handler, which panics.
    pub fn scoped<T>(&self, work: impl FnOnce() -> Result<T, GpuError>) -> Result<T, GpuError> {
        let scope = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let result = work();
        if let Some(error) = pollster::block_on(scope.pop()) {
            return Err(GpuError::Validation(error.to_string()));
        }
        result
    }

    /// Waits until the queue has finished every submitted command (with [`POLL_TIMEOUT`], so a
    /// shader that never terminates is an error, not a hang).
    pub fn wait(&self) -> Result<(), GpuError> {
        self.device
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
