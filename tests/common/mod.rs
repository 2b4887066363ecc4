//! Shared end-to-end test support: SPIR-V validation (spirv-val and naga), our compiler and
//! naga's as a reference, and one lazily created GPU device that runs compute shaders.
//!
//! Missing tools or a missing GPU adapter skip the affected tests with a loud message, except
//! when `CI=true`: CI must have everything, so there they fail.

// Every test file compiles this module and none uses all of it.
#![allow(dead_code)]

pub mod differential;
pub mod expect;
pub mod glsl_exec_cases;
pub mod gpu_inputs;
pub mod mutate;
pub mod wgsl_exec_cases;
pub mod naga_wgpu;
pub mod texture_compute;

pub use naga_wgpu::{error_chain, naga_check};

use std::io::Write;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Once, OnceLock};

pub use shader_runtime::BufferKind;
use shader_runtime::Gpu;

/// True on CI, where skipping is not allowed.
pub fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// The workspace root (the root package is the workspace root).
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

// ---------------------------------------------------------------------------------------------
// Validation

/// Runs `spirv-val --target-env <env>` on `words`. Without spirv-val installed this passes after
/// saying loudly that it skipped, except on CI where it panics.
pub fn spirv_val(words: &[u32], env: &str) -> Result<(), String> {
    spirv_val_with(words, env, &[])
}

/// [`spirv_val`] with extra spirv-val flags (e.g. `--scalar-block-layout` for shaders using
/// GL_EXT_scalar_block_layout, which Vulkan allows when the feature is enabled).
pub fn spirv_val_with(words: &[u32], env: &str, extra: &[&str]) -> Result<(), String> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    static SKIP_NOTICE: Once = Once::new();
    let path = std::env::temp_dir().join(format!(
        "shader-e2e-{}-{}.spv",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::File::create(&path)
        .and_then(|mut f| f.write_all(&bytes))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    // WGSL has one memory layout for every address space (e.g. `mat2x2<f32>` columns 8 bytes
    // apart in a uniform buffer); Vulkan accepts that with uniformBufferStandardLayout, which
    // wgpu requires of Vulkan devices. naga's own SPIR-V for such modules needs it too.
    let output = Command::new("spirv-val")
        .arg("--target-env")
        .arg(env)
        .arg("--uniform-buffer-standard-layout")
        .args(extra)
        .arg(&path)
        .output();
    let _ = std::fs::remove_file(&path);
    match output {
        Ok(output) if output.status.success() => Ok(()),
        Ok(output) => Err(format!(
            "spirv-val --target-env {env} rejected the module:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if ci() {
                panic!("spirv-val is not installed but CI=true; install spirv-tools");
            }
            SKIP_NOTICE.call_once(|| {
                eprintln!("\n*** SKIPPED: spirv-val not installed; SPIR-V is only checked by naga ***\n");
            });
            Ok(())
        }
        Err(e) => Err(format!("cannot run spirv-val: {e}")),
    }
}

/// Both validators; what every SPIR-V module a test produces must pass.
///
/// A module with entry points is checked as Vulkan 1.1. One without (a WGSL file of only
/// functions and constants) cannot be a Vulkan module: SPIR-V then requires the Linkage
/// capability (spec §2.4, "Logical Layout of a Module"), which Vulkan forbids and naga's SPIR-V
/// front end does not support. Such a module is checked by spirv-val in the universal SPIR-V 1.5
/// environment only; wgpu could not run it anyway.
pub fn validate_spirv(words: &[u32]) -> Result<(), String> {
    if !has_entry_point(words) {
        return spirv_val(words, "spv1.5");
    }
    spirv_val(words, "vulkan1.1")?;
    naga_check(words).map(drop)
}

/// `words` with the defaults of its specialization constants set as `spirv-opt
/// --set-spec-const-default-value "ID:VALUE ..."` sets them: what a pipeline specializing those
/// SpecIds gets, done by a tool independent of our compiler (every `OpTypeArray` whose length
/// is such a constant, or an `OpSpecConstantOp` of it, follows). `Ok(None)` when spirv-opt is
/// not installed (a panic when `CI=true`).
pub fn specialize_with_spirv_opt(words: &[u32], values: &[(u32, &str)]) -> Result<Option<Vec<u32>>, String> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir();
    let input = dir.join(format!("shader-e2e-spec-{}-{n}.spv", std::process::id()));
    let output = dir.join(format!("shader-e2e-spec-{}-{n}-out.spv", std::process::id()));
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    std::fs::write(&input, bytes).map_err(|e| format!("cannot write {}: {e}", input.display()))?;
    let spec: Vec<String> = values.iter().map(|(id, v)| format!("{id}:{v}")).collect();
    let run = Command::new("spirv-opt").arg("--set-spec-const-default-value").arg(spec.join(" ")).arg(&input).arg("-o").arg(&output).output();
    let _ = std::fs::remove_file(&input);
    let run = match run {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            assert!(!ci(), "spirv-opt is not installed but CI=true; install spirv-tools");
            eprintln!("*** SKIPPED: spirv-opt not installed ***");
            return Ok(None);
        }
        run => run.map_err(|e| format!("cannot run spirv-opt: {e}"))?,
    };
    if !run.status.success() {
        let _ = std::fs::remove_file(&output);
        return Err(format!("spirv-opt failed:\n{}{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr)));
    }
    let bytes = std::fs::read(&output).map_err(|e| format!("cannot read {}: {e}", output.display()))?;
    let _ = std::fs::remove_file(&output);
    Ok(Some(bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()))
}

/// Whether the module declares an `OpEntryPoint` (opcode 15), walking the instruction stream.
pub fn has_entry_point(words: &[u32]) -> bool {
    const HEADER: usize = 5;
    const OP_ENTRY_POINT: u32 = 15;
    let mut at = HEADER;
    while let Some(&word) = words.get(at) {
        if word & 0xFFFF == OP_ENTRY_POINT {
            return true;
        }
        let length = (word >> 16) as usize;
        if length == 0 {
            return false;
        }
        at += length;
    }
    false
}


// ---------------------------------------------------------------------------------------------
// Compilers

/// Compiles WGSL with our compiler (wgpu target) and requires the output to pass both
/// validators. The error is the rendered diagnostics or the validator's complaint.
pub fn compile_ours(name: &str, source: &str) -> Result<Vec<u32>, String> {
    let options = shader_core::CompileOptions::default();
    let compiled = shader_core::compile(name, source, &options).map_err(|e| e.render())?;
    validate_spirv(&compiled.spirv).map_err(|e| format!("our SPIR-V is invalid: {e}"))?;
    Ok(compiled.spirv)
}

/// Compiles WGSL to SPIR-V with naga (wgsl-in, validation, override defaults, spv-out): the
/// reference compiler, used to check the harness itself independently of ours.
pub fn compile_naga(source: &str) -> Result<Vec<u32>, String> {
    naga_spirv(source, &naga::back::spv::Options::default())
}

/// [`compile_naga`] with the SPIR-V writer flags wgpu's Vulkan backend uses
/// (`wgpu-hal/src/vulkan/adapter.rs`: `LABEL_VARYINGS | FORCE_POINT_SIZE`; no
/// `ADJUST_COORDINATE_SPACE`, since wgpu flips Y with a negative viewport height instead), so
/// that the module run as emitted is what wgpu itself would hand the driver for this WGSL. The
/// reference for vertex shaders: naga's default flags negate the position's Y.
pub fn compile_naga_for_wgpu(source: &str) -> Result<Vec<u32>, String> {
    let options = naga::back::spv::Options {
        flags: naga::back::spv::WriterFlags::LABEL_VARYINGS | naga::back::spv::WriterFlags::FORCE_POINT_SIZE,
        ..Default::default()
    };
    naga_spirv(source, &options)
}

/// WGSL through naga: parse, validate, override defaults, SPIR-V with `options`.
fn naga_spirv(source: &str, options: &naga::back::spv::Options) -> Result<Vec<u32>, String> {
    let module = naga::front::wgsl::parse_str(source).map_err(|e| e.emit_to_string(source))?;
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .map_err(|e| e.emit_to_string(source))?;
    // The SPIR-V writer needs overrides replaced by values; use their defaults.
    let (module, info) = naga::back::pipeline_constants::process_overrides(&module, &info, None, &Default::default())
        .map_err(|e| error_chain(&e))?;
    naga::back::spv::write_vec(&module, &info, options, None).map_err(|e| error_chain(&e))
}

// ---------------------------------------------------------------------------------------------
// The GPU

/// The one wgpu device every GPU test shares (lavapipe is slow to start), or `None` after
/// printing that the test skipped. Never the CPU device (see [`on_devices`]). Panics on CI when
/// there is no adapter, unless `SHADER_DEVICE=cpu` says this run is the one without a GPU.
pub fn gpu() -> Option<&'static Gpu> {
    static GPU: OnceLock<Result<Gpu, String>> = OnceLock::new();
    let gpu = GPU.get_or_init(|| {
        if cpu_only_run() {
            return Err("SHADER_DEVICE=cpu: the run without a GPU".to_string());
        }
        let gpu = Gpu::with_options_blocking(&shader_runtime::GpuOptions::from_env()).map_err(|e| e.to_string());
        if let Ok(gpu) = &gpu {
            let features = gpu.wgpu().map(|w| w.device.features());
            eprintln!("GPU adapter: {} (features: {features:?})", gpu.adapter_name());
        }
        gpu
    });
    match gpu {
        Ok(gpu) => Some(gpu),
        Err(e) if ci() && !cpu_only_run() => panic!("no GPU adapter; install mesa-vulkan-drivers ({e})"),
        Err(e) => {
            eprintln!("*** SKIPPED (no GPU adapter): {e} ***");
            None
        }
    }
}

/// `SHADER_DEVICE=cpu`: the test run without a GPU (`.ci/run`'s second run).
pub fn cpu_only_run() -> bool {
    std::env::var("SHADER_DEVICE").is_ok_and(|v| v.trim() == "cpu")
}

/// Runs `test` on every device there is: the shared wgpu device ([`gpu`], when it exists) and
/// a fresh CPU device, whose sanitizer must find nothing. Each device gets the same
/// expectations, so passing on both means the CPU device agrees with the GPU (lavapipe).
pub fn on_devices(test: impl Fn(&Gpu)) {
    if let Some(gpu) = gpu() {
        eprintln!("-- on {}", gpu.adapter_name());
        test(gpu);
    }
    let cpu = Gpu::cpu();
    eprintln!("-- on {}", cpu.adapter_name());
    test(&cpu);
    let findings = cpu.take_findings();
    assert!(findings.is_empty(), "the CPU device's sanitizer: {findings:#?}");
}

/// What to give wgpu.
#[derive(Clone, Copy, Debug)]
pub enum ShaderInput<'a> {
    /// SPIR-V words (ours, or naga's when checking the harness); wgpu re-parses them with naga.
    SpirV(&'a [u32]),
    /// WGSL source, compiled by wgpu's own naga.
    Wgsl(&'a str),
}

/// A buffer bound at `@group(group) @binding(binding)` with its initial contents.
#[derive(Clone, Debug)]
pub struct BufferBinding {
    pub group: u32,
    pub binding: u32,
    pub kind: BufferKind,
    pub data: Vec<u8>,
}

impl BufferBinding {
    pub fn storage(binding: u32, data: Vec<u8>) -> BufferBinding {
        BufferBinding { group: 0, binding, kind: BufferKind::Storage { read_only: false }, data }
    }

    pub fn storage_read(binding: u32, data: Vec<u8>) -> BufferBinding {
        BufferBinding { group: 0, binding, kind: BufferKind::Storage { read_only: true }, data }
    }

    pub fn uniform(binding: u32, data: Vec<u8>) -> BufferBinding {
        BufferBinding { group: 0, binding, kind: BufferKind::Uniform, data }
    }

    pub fn in_group(self, group: u32) -> BufferBinding {
        BufferBinding { group, ..self }
    }
}

/// Runs `entry` once on the shared device and returns every buffer's final contents in the
/// order of `bindings`. wgpu validation errors are returned, never a panic or a hang. Callers
/// check [`gpu()`] first so that a missing adapter is reported as a skip.
pub fn run_compute(
    source: ShaderInput<'_>,
    entry: &str,
    bindings: &[BufferBinding],
    workgroups: [u32; 3],
) -> Result<Vec<Vec<u8>>, String> {
    let gpu = gpu().ok_or("no GPU adapter")?;
    let source = match source {
        ShaderInput::SpirV(words) => shader_runtime::wgpu::ShaderSource::SpirV(words.into()),
        ShaderInput::Wgsl(text) => shader_runtime::wgpu::ShaderSource::Wgsl(text.into()),
    };
    let buffers: Vec<shader_runtime::BufferBinding<'_>> = bindings
        .iter()
        .map(|b| shader_runtime::BufferBinding { group: b.group, binding: b.binding, kind: b.kind, data: &b.data })
        .collect();
    let w = gpu.wgpu().ok_or("not a wgpu device")?;
    shader_runtime::run_on(&w.device, &w.queue, source, entry, &buffers, workgroups).map_err(|e| e.to_string())
}

/// A SPIR-V module for `entry`, for wgpu's default path (naga reads and rewrites it) or, with
/// `passthrough`, given to the driver as emitted (`workgroup_size` is then the entry's, which
/// wgpu cannot reflect). Callers pass modules spirv-val accepted with resources the module
/// declares, as passthrough's safety requires.
pub fn spirv_module(device: &shader_runtime::wgpu::Device, words: &[u32], entry: &str, passthrough: bool, workgroup_size: [u32; 3]) -> shader_runtime::wgpu::ShaderModule {
    use shader_runtime::wgpu;
    if passthrough {
        let [x, y, z] = workgroup_size;
        let descriptor = wgpu::ShaderModuleDescriptorPassthrough {
            label: Some(entry),
            entry_points: vec![wgpu::PassthroughShaderEntryPoint { name: entry.into(), workgroup_size: (x, y, z) }].into(),
            spirv: Some(words.into()),
            ..Default::default()
        };
        // SAFETY: the callers' (above): spirv-val accepted the module, the layout is built
        // from its resources.
        unsafe { device.create_shader_module_passthrough(descriptor) }
    } else {
        device.create_shader_module(wgpu::ShaderModuleDescriptor { label: Some(entry), source: wgpu::ShaderSource::SpirV(words.into()) })
    }
}

/// Runs `f` under wgpu's validation, out-of-memory and internal error scopes: every error wgpu
/// reports meanwhile comes back as `Err` (none reaches wgpu's default handler, which panics).
pub fn catching_wgpu_errors<T>(device: &shader_runtime::wgpu::Device, f: impl FnOnce() -> T) -> Result<T, String> {
    let scopes = [shader_runtime::wgpu::ErrorFilter::Validation, shader_runtime::wgpu::ErrorFilter::OutOfMemory, shader_runtime::wgpu::ErrorFilter::Internal]
        .map(|filter| device.push_error_scope(filter));
    let value = f();
    let mut errors = Vec::new();
    for scope in scopes.into_iter().rev() {
        if let Some(error) = pollster::block_on(scope.pop()) {
            errors.push(format!("wgpu: {error}"));
        }
    }
    if errors.is_empty() { Ok(value) } else { Err(errors.join("; ")) }
}

/// Maps every buffer for reading and waits until all are mapped.
pub fn map_for_reading<'a>(device: &shader_runtime::wgpu::Device, buffers: impl IntoIterator<Item = &'a shader_runtime::wgpu::Buffer>) -> Result<(), String> {
    let (sender, receiver) = std::sync::mpsc::channel();
    for buffer in buffers {
        let sender = sender.clone();
        buffer.slice(..).map_async(shader_runtime::wgpu::MapMode::Read, move |result| {
            let _ = sender.send(result);
        });
    }
    drop(sender);
    device
        .poll(shader_runtime::wgpu::PollType::Wait { submission_index: None, timeout: Some(shader_runtime::POLL_TIMEOUT) })
        .map_err(|e| format!("readback: {e}"))?;
    for result in receiver.iter() {
        result.map_err(|e| format!("readback: {e}"))?;
    }
    Ok(())
}

/// A second shared device, created with `Features::PASSTHROUGH_SHADERS` so that modules can
/// also run as emitted ([`run_compute_both`]); `None` where the adapter lacks the feature (or
/// there is no adapter). [`gpu()`] stays without it: tests check that passthrough on a device
/// without the feature is an error.
pub fn passthrough_gpu() -> Option<&'static Gpu> {
    static GPU: OnceLock<Option<Gpu>> = OnceLock::new();
    GPU.get_or_init(|| {
        gpu()?;
        let options = shader_runtime::GpuOptions {
            required_features: shader_runtime::wgpu::Features::PASSTHROUGH_SHADERS,
            ..shader_runtime::GpuOptions::from_env()
        };
        Gpu::with_options_blocking(&options).ok()
    })
    .as_ref()
}

/// Whether SPIR-V can run as emitted here (wgpu passthrough on Vulkan).
pub fn has_passthrough() -> bool {
    passthrough_gpu().is_some()
}

/// The `LocalSize` of the first compute entry point of a module (what a passthrough pipeline
/// must be told, since wgpu cannot reflect it).
pub fn local_size(words: &[u32]) -> Option<[u32; 3]> {
    const OP_EXECUTION_MODE: u32 = 16;
    const LOCAL_SIZE: u32 = 17;
    let mut at = 5;
    while let Some(&word) = words.get(at) {
        let length = (word >> 16) as usize;
        if length == 0 {
            return None;
        }
        if word & 0xFFFF == OP_EXECUTION_MODE && length == 6 && words.get(at + 2) == Some(&LOCAL_SIZE) {
            return Some([words[at + 3], words[at + 4], words[at + 5]]);
        }
        at += length;
    }
    None
}

/// Runs a SPIR-V compute module as emitted: the Vulkan driver gets the words without naga
/// reading and rewriting them (wgpu passthrough). Same buffers and results as [`run_compute`].
pub fn run_compute_passthrough(words: &[u32], entry: &str, bindings: &[BufferBinding], workgroups: [u32; 3]) -> Result<Vec<Vec<u8>>, String> {
    let gpu = passthrough_gpu().ok_or("no device with Features::PASSTHROUGH_SHADERS")?;
    let size = local_size(words).ok_or("the module has no LocalSize execution mode")?;
    let buffers: Vec<shader_runtime::BufferBinding<'_>> = bindings
        .iter()
        .map(|b| shader_runtime::BufferBinding { group: b.group, binding: b.binding, kind: b.kind, data: &b.data })
        .collect();
    let w = gpu.wgpu().ok_or("not a wgpu device")?;
    // SAFETY: the tests pass modules that spirv-val accepted (ours and the reference
    // compilers'), with buffers sized for every access their inputs make (ours also clamp).
    unsafe { shader_runtime::run_passthrough_on(&w.device, &w.queue, words, entry, size, &buffers, workgroups) }.map_err(|e| e.to_string())
}

/// A SPIR-V compute module run both ways wgpu can take it: through wgpu's default path (naga
/// reads the module and writes it again for the driver) and as emitted (passthrough). Returns
/// `(default path, passthrough)`; the passthrough half is `None` (after a loud message, and a
/// panic on CI) when the device has no passthrough.
pub fn run_compute_both(
    words: &[u32],
    entry: &str,
    bindings: &[BufferBinding],
    workgroups: [u32; 3],
) -> Result<(Vec<Vec<u8>>, Option<Vec<Vec<u8>>>), String> {
    let default = run_compute(ShaderInput::SpirV(words), entry, bindings, workgroups).map_err(|e| format!("default path: {e}"))?;
    if !has_passthrough() {
        if ci() {
            panic!("the device lacks Features::PASSTHROUGH_SHADERS but CI=true");
        }
        eprintln!("*** SKIPPED (passthrough half): the device lacks Features::PASSTHROUGH_SHADERS ***");
        return Ok((default, None));
    }
    let passthrough = run_compute_passthrough(words, entry, bindings, workgroups).map_err(|e| format!("passthrough: {e}"))?;
    Ok((default, Some(passthrough)))
}

// ---------------------------------------------------------------------------------------------
// Bytes

pub fn bytes_u32(values: &[u32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

pub fn bytes_i32(values: &[i32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

pub fn bytes_f32(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

pub fn u32s(bytes: &[u8]) -> Vec<u32> {
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

pub fn i32s(bytes: &[u8]) -> Vec<i32> {
    bytes.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

pub fn f32s(bytes: &[u8]) -> Vec<f32> {
    bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

// ---------------------------------------------------------------------------------------------
// Running untrusted work

/// How a guarded call ended.
#[derive(Debug)]
pub enum Outcome<T> {
    Done(T),
    /// The panic message.
    Panicked(String),
    TimedOut,
}

/// Runs `work` on its own thread so that a panic or a hang in the compiler becomes a reported
/// failure of one input instead of the end of the whole test. A thread that hangs is abandoned
/// (it keeps running until the test process exits).
pub fn guarded<T: Send + 'static>(timeout: std::time::Duration, work: impl FnOnce() -> T + Send + 'static) -> Outcome<T> {
    let (sender, receiver) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new().stack_size(64 << 20).spawn(move || {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
        let _ = sender.send(result);
    });
    if let Err(e) = spawned {
        return Outcome::Panicked(format!("cannot spawn a thread: {e}"));
    }
    match receiver.recv_timeout(timeout) {
        Ok(Ok(value)) => Outcome::Done(value),
        Ok(Err(payload)) => Outcome::Panicked(
            payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "non-string panic payload".to_string()),
        ),
        Err(_) => Outcome::TimedOut,
    }
}

/// The words every "wgpu cannot run this" diagnostic of the compiler contains
/// (`shader-core/src/spirv/wgpu.rs`): a deliberate error of the wgpu target, not a rejection of
/// the program (the Vulkan target compiles it).
pub const NOT_FOR_WGPU: &str = "cannot be used for the wgpu target";

/// Our compiler under [`guarded`], with the default (wgpu) options.
pub fn compile_guarded(
    name: &str,
    source: &str,
    timeout: std::time::Duration,
) -> Outcome<Result<shader_core::Compiled, shader_core::CompileError>> {
    let (name, source) = (name.to_string(), source.to_string());
    guarded(timeout, move || shader_core::compile(&name, &source, &shader_core::CompileOptions::default()))
}

/// Whether a program is valid, as [`compile_guarded`] answers it for the wgpu target, except that
/// a feature the wgpu target refuses ([`NOT_FOR_WGPU`]; `corpus_wgpu` counts those) is asked of
/// the Vulkan target: the program may still be valid.
pub fn compile_verdict_guarded(
    name: &str,
    source: &str,
    timeout: std::time::Duration,
) -> Outcome<Result<shader_core::Compiled, shader_core::CompileError>> {
    let outcome = compile_guarded(name, source, timeout);
    if !matches!(&outcome, Outcome::Done(Err(e)) if e.render().contains(NOT_FOR_WGPU)) {
        return outcome;
    }
    let (name, source) = (name.to_string(), source.to_string());
    let options = shader_core::CompileOptions { target: shader_core::Target::Vulkan, ..Default::default() };
    guarded(timeout, move || shader_core::compile(&name, &source, &options))
}

/// The rendered diagnostics of a compile that must fail (a suite's `err` program), or why it
/// did not fail properly.
pub fn expect_rejection(
    outcome: Outcome<Result<shader_core::Compiled, shader_core::CompileError>>,
    timeout: std::time::Duration,
) -> Result<String, String> {
    match outcome {
        Outcome::Done(Ok(_)) => Err("expected an error, but it compiled".to_string()),
        Outcome::Done(Err(e)) => Ok(e.render()),
        Outcome::Panicked(message) => Err(format!("compiler panicked: {message}")),
        Outcome::TimedOut => Err(format!("compiler did not finish within {timeout:?}")),
    }
}

/// Errors of naga's SPIR-V front end on valid SPIR-V (naga's own output trips them too), so they
/// say nothing about our module. spirv-val still has to accept it. The wgpu target refuses the
/// layer count and the sample mask at compile time ([`NOT_FOR_WGPU`]); the first three entries
/// are for modules of the Vulkan target.
/// FIXME: drop entries as naga fixes them.
/// (frexp/modf and `&`/`|` on bool vectors were here; the back end now avoids the instructions
/// naga misreads.)
pub const NAGA_SPV_IN_BUGS: &[&str] = &[
    // textureNumLayers: SPIR-V has only OpImageQuerySize(Lod), whose last component is the
    // layer count; naga (front/spv/image.rs) reads it as its `Size` query, which drops that
    // component, so extracting it is out of bounds. No SPIR-V form reaches naga's NumLayers.
    "Type resolution failed: Index 2 is out of bounds for expression",
    "Type resolution failed: Index 3 is out of bounds for expression",
    // @builtin(sample_mask): Vulkan requires an array (VUID-SampleMask-SampleMask-04359, which
    // spirv-val checks); naga's front end and validator only accept a scalar u32 (its own SPIR-V
    // output uses a scalar and fails spirv-val), so no form passes both.
    "'SampleMask' is invalid: Initializer doesn't match the variable type",
    // A run-time index that is a constant out of range (`let i = -1; m[i]`): valid SPIR-V (WGSL
    // gives such accesses an implementation-defined in-bounds result), but naga's reader
    // rejects an OpAccessChain whose constant index is out of range.
    "invalid access Constant",
];

/// Whether a naga error on a module spirv-val accepted is one of [`NAGA_SPV_IN_BUGS`].
pub fn is_known_naga_bug(error: &str) -> bool {
    NAGA_SPV_IN_BUGS.iter().any(|bug| error.contains(bug))
}

// ---------------------------------------------------------------------------------------------
// GLSL

/// The Vulkan environment spirv-val needs for a module's SPIR-V version: vulkan1.1 up to
/// SPIR-V 1.3, vulkan1.2 for 1.4/1.5, vulkan1.3 for 1.6.
pub fn vulkan_env_for(words: &[u32]) -> &'static str {
    match words.get(1).map(|v| (v >> 8) & 0xFF) {
        Some(4 | 5) => "vulkan1.2",
        Some(6) => "vulkan1.3",
        _ => "vulkan1.1",
    }
}

/// Validation of a module compiled from GLSL: spirv-val in the environment its version needs,
/// and naga when `naga` is set (the wgpu target; combined image samplers of the Vulkan target
/// are outside what naga's SPIR-V front end reads).
pub fn validate_spirv_glsl(words: &[u32], naga: bool) -> Result<(), String> {
    spirv_val(words, vulkan_env_for(words))?;
    if naga {
        naga_check(words)?;
    }
    Ok(())
}

/// Whether `glslangValidator` can be run.
/// A GLSL compute shader compiled by us (wgpu target) whose SPIR-V passed spirv-val and naga;
/// the error says which of the two failed.
pub fn compile_glsl_compute(name: &str, source: &str) -> Result<Vec<u32>, String> {
    let options = shader_core::CompileOptions {
        language: shader_core::Language::Glsl,
        stage: Some(shader_core::ir::Stage::Compute),
        ..Default::default()
    };
    let words = shader_core::compile(&format!("{name}.comp"), source, &options)
        .map_err(|e| format!("we reject it:\n{}", e.render()))?
        .spirv;
    validate_spirv_glsl(&words, true).map_err(|e| format!("our SPIR-V is invalid: {e}"))?;
    Ok(words)
}

pub fn glslang_available() -> bool {
    Command::new("glslangValidator").arg("--version").output().is_ok_and(|o| o.status.success())
}

/// Whether a test (or the part of it) that needs glslangValidator must skip: without glslang it
/// says so loudly and skips; with `CI=true` a missing glslang fails the test instead.
pub fn skip_without_glslang() -> bool {
    if glslang_available() {
        return false;
    }
    assert!(!ci(), "glslangValidator is not installed but CI=true");
    eprintln!("*** SKIPPED: glslangValidator not installed ***");
    true
}

/// Compiles GLSL with `glslangValidator -V` (Vulkan semantics), `stage` being `comp`, `vert`
/// or `frag`. Returns the SPIR-V words or glslang's output.
pub fn compile_glslang(source: &str, stage: &str) -> Result<Vec<u32>, String> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir();
    let src = dir.join(format!("shader-e2e-glslang-{}-{n}.{stage}", std::process::id()));
    let spv = dir.join(format!("shader-e2e-glslang-{}-{n}.spv", std::process::id()));
    std::fs::write(&src, source).map_err(|e| format!("cannot write {}: {e}", src.display()))?;
    let output = Command::new("glslangValidator").arg("-V").arg(&src).arg("-o").arg(&spv).output();
    let _ = std::fs::remove_file(&src);
    let output = output.map_err(|e| format!("cannot run glslangValidator: {e}"))?;
    if !output.status.success() {
        let _ = std::fs::remove_file(&spv);
        return Err(format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr)));
    }
    let bytes = std::fs::read(&spv).map_err(|e| format!("cannot read {}: {e}", spv.display()))?;
    let _ = std::fs::remove_file(&spv);
    Ok(bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
}

/// [`compile_glslang`] with extra arguments (e.g. `-I<dir>` for `#include` tests).
pub fn compile_glslang_with(source: &str, stage: &str, args: &[&str]) -> Result<Vec<u32>, String> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir();
    let src = dir.join(format!("shader-e2e-glslang-with-{}-{n}.{stage}", std::process::id()));
    let spv = dir.join(format!("shader-e2e-glslang-with-{}-{n}.spv", std::process::id()));
    std::fs::write(&src, source).map_err(|e| format!("cannot write {}: {e}", src.display()))?;
    let output = Command::new("glslangValidator").arg("-V").args(args).arg(&src).arg("-o").arg(&spv).output();
    let _ = std::fs::remove_file(&src);
    let output = output.map_err(|e| format!("cannot run glslangValidator: {e}"))?;
    if !output.status.success() {
        let _ = std::fs::remove_file(&spv);
        return Err(format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr)));
    }
    let bytes = std::fs::read(&spv).map_err(|e| format!("cannot read {}: {e}", spv.display()))?;
    let _ = std::fs::remove_file(&spv);
    Ok(bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
}

/// Directives a GLSL test program can carry in `//` comments, read by the suite runners.
#[derive(Clone, Debug, Default)]
pub struct GlslDirectives {
    /// `// naga-unsupported: TEXT`: naga's SPIR-V front end or validator rejects the module for
    /// a capability it lacks; the test requires naga's error to contain TEXT, so any other
    /// naga failure still fails.
    pub naga_unsupported: Option<String>,
    /// `// glslang-disagrees: WHY`: glslang's verdict is not compared.
    pub glslang_disagrees: bool,
    /// `// glslang-args: ARGS`: extra glslangValidator arguments (e.g. `--target-env vulkan1.1`,
    /// which glslang needs for subgroup operations while we raise the SPIR-V version ourselves).
    pub glslang_args: Vec<String>,
    /// `// wgpu-target-error: TEXT`: the program uses a feature wgpu cannot run, so for the
    /// wgpu target the compiler must reject it with an error containing TEXT (and the words
    /// "cannot be used for the wgpu target"); the Vulkan target compiles it.
    pub wgpu_target_error: Option<String>,
    /// The program enables GL_EXT_scalar_block_layout, so spirv-val needs
    /// `--scalar-block-layout` (Vulkan's scalarBlockLayout feature).
    pub scalar_layout: bool,
    /// `// expect-warning: TEXT` (any number): a warning containing TEXT must be given.
    pub expected_warnings: Vec<String>,
}

/// Reads the [`GlslDirectives`] of a test program.
pub fn glsl_directives(source: &str) -> GlslDirectives {
    let mut directives = GlslDirectives::default();
    for line in source.lines() {
        let line = line.trim();
        if let Some(text) = line.strip_prefix("// naga-unsupported:") {
            directives.naga_unsupported = Some(text.trim().to_string());
        } else if let Some(text) = line.strip_prefix("// wgpu-target-error:") {
            directives.wgpu_target_error = Some(text.trim().to_string());
        } else if let Some(args) = line.strip_prefix("// glslang-args:") {
            directives.glslang_args.extend(args.split_whitespace().map(str::to_string));
        } else if line.starts_with("// glslang-disagrees:") {
            directives.glslang_disagrees = true;
        } else if let Some(text) = line.strip_prefix("// expect-warning:") {
            directives.expected_warnings.push(text.trim().to_string());
        } else if line.starts_with("#extension GL_EXT_scalar_block_layout") {
            directives.scalar_layout = true;
        }
    }
    directives
}

/// Validation of a GLSL test program's module under its [`GlslDirectives`]: spirv-val in the
/// environment its SPIR-V version needs, and naga when `naga` is set, where a declared
/// `naga-unsupported` error is accepted (and any other is not).
pub fn validate_spirv_glsl_with(words: &[u32], naga: bool, directives: &GlslDirectives) -> Result<(), String> {
    let extra: &[&str] = if directives.scalar_layout { &["--scalar-block-layout"] } else { &[] };
    spirv_val_with(words, vulkan_env_for(words), extra)?;
    if naga {
        match (naga_check(words), &directives.naga_unsupported) {
            (Ok(_), Some(expected)) => {
                return Err(format!("naga now accepts the module; remove `// naga-unsupported: {expected}`"))
            }
            (Err(e), Some(expected)) if e.contains(expected.as_str()) => {}
            (Err(e), _) => return Err(e),
            (Ok(_), None) => {}
        }
    }
    Ok(())
}

/// The shared corpus folder and its `MANIFEST.tsv`. `None` (after a loud skip message) when the
/// Writes a corpus test's markdown `report` to `$env_var`, or to `target/<default_name>` in the
/// workspace (a missing report is only logged: the assertions are what count).
pub fn write_corpus_report(env_var: &str, default_name: &str, report: &str) {
    let path = std::env::var_os(env_var).map(PathBuf::from).unwrap_or_else(|| workspace_root().join("target").join(default_name));
    if let Some(parent) = path.parent() {
        let _ = std::fs::create_dir_all(parent);
    }
    match std::fs::write(&path, report) {
        Ok(()) => eprintln!("corpus report written to {}", path.display()),
        Err(e) => eprintln!("cannot write {}: {e}", path.display()),
    }
}
/// corpus is absent; in CI an absent corpus is a failure.
#[allow(dead_code)]
pub fn corpus_manifest() -> Option<(PathBuf, String)> {
    let corpus = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus"));
    match std::fs::read_to_string(corpus.join("MANIFEST.tsv")) {
        Ok(manifest) => Some((corpus, manifest)),
        Err(_) if ci() => panic!("corpus not found at {} but CI=true", corpus.display()),
        Err(_) => {
            eprintln!("*** SKIPPED: no corpus at {} ***", corpus.display());
            None
        }
    }
}
