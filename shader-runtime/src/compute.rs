//! Compute pipelines from generated modules: what `NAME::Pipeline` wraps.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::bind::{check_touched, BindingSet, Bindings, Resource};
use crate::buffer::{Buffer, BufferStore, DispatchIndirectArgs, RawBuffer};
use crate::generated::{Binding, ModuleInfo, PushConstant, SizeStep, SpecializationConstant, Stage};
use crate::gpu::{Backend, CpuDevice, WgpuDevice};
use crate::{Gpu, GpuError};

/// How to build a pipeline.
#[derive(Clone, Debug)]
pub struct PipelineOptions<'a> {
    /// Values of override constants (WGSL `override`, GLSL `layout(constant_id = N)`), by the
    /// name the shader gives them or by their numeric id as a decimal string.
    pub constants: &'a [(&'a str, f64)],
    /// WebGPU zeroes workgroup memory before a dispatch; shaders that initialise it themselves
    /// can skip that cost.
    pub zero_initialize_workgroup_memory: bool,
    /// Hand the SPIR-V to the Vulkan driver as is (`Features::PASSTHROUGH_SHADERS`, which the
    /// [`Gpu`] must be created with through `GpuOptions::required_features`), skipping naga's
    /// re-parse and translation. Vulkan only; the pipeline layout is the explicit one from
    /// `BINDINGS` (wgpu cannot reflect a passthrough module), binding numbers must be dense
    /// (0..n in every group). Override constants are written into the module's words (as
    /// Vulkan's specialization does); a Vulkan-target module's arrays sized by a constant
    /// follow it, down to the constant's `least_value`.
    pub passthrough: bool,
}

impl Default for PipelineOptions<'_> {
    fn default() -> Self {
        PipelineOptions { constants: &[], zero_initialize_workgroup_memory: true, passthrough: false }
    }
}

/// A compute pipeline with its bind group layouts and bind group cache.
pub struct ComputePipeline {
    kind: Kind,
    module: &'static ModuleInfo,
    bindings: Bindings,
    immediate_size: u32,
    /// The device's `max_compute_workgroups_per_dimension`, read once.
    max_workgroups: u32,
    /// The workgroup size the pipeline runs with: the module's, with the pipeline's constants
    /// where it follows them (`local_size_x_id`, a WGSL override, on the Vulkan target).
    workgroup_size: [u32; 3],
    /// How the pipeline was built, to build it again from reloaded SPIR-V.
    built: Built,
    /// Hot reload: the file the shader is read from and the files last compiled.
    pub(crate) source: Option<crate::reload::Source>,
}

/// The options a pipeline was built with, resolved.
struct Built {
    /// Override values keyed by SpecId ([`constants`]).
    constants: Vec<(String, f64)>,
    zero_initialize_workgroup_memory: bool,
    passthrough: bool,
}

/// What runs the pipeline.
enum Kind {
    Wgpu(wgpu::ComputePipeline),
    /// The CPU device: the entry point decoded and specialized.
    Cpu(shader_cpu::Program),
}

/// How many workgroups to run.
#[derive(Clone, Copy, Debug)]
enum Workgroups<'a> {
    Direct([u32; 3]),
    Indirect(&'a RawBuffer),
}

/// The workgroup count limit per dimension on the CPU device: WebGPU's default
/// `maxComputeWorkgroupsPerDimension`, so a dispatch valid on one device is valid on the other.
const CPU_MAX_WORKGROUPS: u32 = 65535;

impl ComputePipeline {
    /// Creates the shader module (SPIR-V, re-read by naga: wgpu's portable path), bind group
    /// layouts from `module.bindings`, and the pipeline. wgpu's validation errors come back as
    /// [`GpuError::Validation`].
    pub fn new(gpu: &Gpu, module: &'static ModuleInfo, options: &PipelineOptions<'_>) -> Result<ComputePipeline, GpuError> {
        if module.entry.stage != Stage::Compute {
            return Err(GpuError::InvalidUse(format!(
                "`{}` is a {:?} shader; a compute pipeline needs a compute entry point",
                module.name, module.entry.stage
            )));
        }
        let immediate_size = immediate_size(gpu, module.name, module.push_constants)?;
        let follow = lengths_follow(gpu, options.passthrough, module.spirv);
        let constants = constants(module.name, module.specialization_constants, options.constants, follow)?;
        if options.passthrough {
            check_passthrough(gpu, &[module])?;
        }
        let built = Built {
            constants,
            zero_initialize_workgroup_memory: options.zero_initialize_workgroup_memory,
            passthrough: options.passthrough,
        };
        let (kind, bindings, max_workgroups, workgroup_size) = build(gpu, module, module.spirv, &built, immediate_size)?;
        let source = module.reload.as_ref().map(crate::reload::Source::new);
        Ok(ComputePipeline { kind, module, bindings, immediate_size, max_workgroups, workgroup_size, built, source })
    }

    /// Replaces the pipeline by one built from `spirv`, a module with the same interface as
    /// [`ComputePipeline::module`] (hot reload checked that). On an error the pipeline is kept.
    pub(crate) fn rebuild(&mut self, gpu: &Gpu, spirv: &[u32]) -> Result<(), GpuError> {
        let (kind, bindings, max_workgroups, workgroup_size) = build(gpu, self.module, spirv, &self.built, self.immediate_size)?;
        self.kind = kind;
        self.bindings = bindings;
        self.max_workgroups = max_workgroups;
        self.workgroup_size = workgroup_size;
        Ok(())
    }

    /// The wgpu pipeline; `None` on the CPU device.
    pub fn raw(&self) -> Option<&wgpu::ComputePipeline> {
        match &self.kind {
            Kind::Wgpu(raw) => Some(raw),
            Kind::Cpu(_) => None,
        }
    }

    pub fn module(&self) -> &'static ModuleInfo {
        self.module
    }

    /// The workgroup size this pipeline runs with (the entry point's, with the pipeline's
    /// constants where it follows them).
    pub fn workgroup_size(&self) -> [u32; 3] {
        self.workgroup_size
    }

    /// Runs `workgroups` workgroups with `bindings` and submits the work (without waiting; a
    /// readback waits).
    pub fn dispatch(&self, gpu: &Gpu, bindings: &dyn BindingSet, workgroups: [u32; 3]) -> Result<(), GpuError> {
        self.submit(gpu, bindings, &[], Workgroups::Direct(workgroups))
    }

    /// [`ComputePipeline::dispatch`] after checking that each binding named in `touched`
    /// holds at least that many elements of its runtime-sized array ([`check_touched`]): the
    /// caller states how many elements one dispatch reads or writes. Bindings the shader
    /// indexes with `global_invocation_id.x` (`EntryPoint::invocation_indexed`) and `touched`
    /// does not name are checked for `workgroups[0] * workgroup_size[0]` elements (the
    /// pipeline's size: [`ComputePipeline::workgroup_size`]).
    pub fn dispatch_checked(&self, gpu: &Gpu, bindings: &dyn BindingSet, workgroups: [u32; 3], touched: &[(&str, u64)]) -> Result<(), GpuError> {
        let entry = &self.module().entry;
        let invocations = u64::from(workgroups[0]) * u64::from(self.workgroup_size[0]);
        let mut all: Vec<(&str, u64)> =
            entry.invocation_indexed.iter().filter(|n| !touched.iter().any(|(t, _)| t == *n)).map(|&n| (n, invocations)).collect();
        all.extend_from_slice(touched);
        check_touched(bindings, &all)?;
        self.dispatch(gpu, bindings, workgroups)
    }

    /// Like [`ComputePipeline::dispatch`], with the workgroup count read by the GPU from `args`
    /// (which an earlier dispatch may have written).
    pub fn dispatch_indirect(&self, gpu: &Gpu, bindings: &dyn BindingSet, args: &Buffer<DispatchIndirectArgs>) -> Result<(), GpuError> {
        if !args.usage().contains(wgpu::BufferUsages::INDIRECT) {
            return Err(GpuError::InvalidUse(format!(
                "an indirect dispatch needs a buffer with usage INDIRECT (`Gpu::indirect_buffer`), got {:?}",
                args.usage()
            )));
        }
        self.submit(gpu, bindings, &[], Workgroups::Indirect(args.untyped()))
    }

    /// Like [`ComputePipeline::dispatch`], setting the shader's push constants (wgpu
    /// immediates) to `immediates` (the bytes of the generated push-constant struct).
    pub fn dispatch_with_immediates(
        &self,
        gpu: &Gpu,
        bindings: &dyn BindingSet,
        immediates: &[u8],
        workgroups: [u32; 3],
    ) -> Result<(), GpuError> {
        self.submit(gpu, bindings, immediates, Workgroups::Direct(workgroups))
    }

    /// Records the dispatch into a pass the caller owns, to batch many dispatches in one submit
    /// (wgpu devices only).
    pub fn encode(
        &self,
        gpu: &Gpu,
        pass: &mut wgpu::ComputePass<'_>,
        bindings: &dyn BindingSet,
        immediates: &[u8],
        workgroups: [u32; 3],
    ) -> Result<(), GpuError> {
        self.record(gpu, pass, bindings, immediates, Workgroups::Direct(workgroups))
    }

    /// Bind groups currently cached (one per distinct set of resources dispatched with).
    pub fn cached_bind_groups(&self) -> usize {
        self.bindings.cached()
    }

    fn submit(&self, gpu: &Gpu, bindings: &dyn BindingSet, immediates: &[u8], workgroups: Workgroups<'_>) -> Result<(), GpuError> {
        let w = match gpu.backend() {
            Backend::Wgpu(w) => w,
            Backend::Cpu(cpu) => return self.run_on_cpu(gpu, cpu, bindings, immediates, workgroups),
        };
        let mut encoder = w.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some(self.module.name) });
        {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor { label: Some(self.module.name), timestamp_writes: None });
            self.record(gpu, &mut pass, bindings, immediates, workgroups)?;
        }
        w.queue.submit([encoder.finish()]);
        Ok(())
    }

    /// The same checks as [`ComputePipeline::record`], then the dispatch on the CPU device,
    /// finished when this returns. Sanitizer findings go to stderr and [`Gpu::take_findings`].
    fn run_on_cpu(
        &self,
        gpu: &Gpu,
        cpu: &CpuDevice,
        bindings: &dyn BindingSet,
        immediates: &[u8],
        workgroups: Workgroups<'_>,
    ) -> Result<(), GpuError> {
        let Kind::Cpu(program) = &self.kind else { return Err(crate::buffer::wrong_device()) };
        check_immediates(self.module, self.immediate_size, immediates)?;
        let counts = match workgroups {
            Workgroups::Direct(counts) => counts,
            Workgroups::Indirect(args) => {
                let BufferStore::Cpu(args) = args.store() else { return Err(crate::buffer::wrong_device()) };
                let bytes = args.to_bytes();
                std::array::from_fn(|i| bytes.get(i * 4..i * 4 + 4).map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])))
            }
        };
        self.check_counts(counts)?;
        let (_, resources) = self.bindings.resolve(gpu, &[bindings])?;
        let bound = cpu_bindings(self.module.name, &resources)?;
        let report = program.dispatch(&bound, immediates, counts, &cpu.options).map_err(|e| cpu_error(self.module.name, e))?;
        report_findings(cpu, self.module.name, &report);
        Ok(())
    }

    /// Whether `counts` workgroups are within the device's per-dimension limit.
    fn check_counts(&self, counts: [u32; 3]) -> Result<(), GpuError> {
        let max = self.max_workgroups;
        if counts.iter().any(|&c| c > max) {
            return Err(GpuError::InvalidUse(format!(
                "{counts:?} workgroups: the device allows at most {max} per dimension; use a 2D/3D grid or a larger workgroup"
            )));
        }
        Ok(())
    }

    fn record(
        &self,
        gpu: &Gpu,
        pass: &mut wgpu::ComputePass<'_>,
        bindings: &dyn BindingSet,
        immediates: &[u8],
        workgroups: Workgroups<'_>,
    ) -> Result<(), GpuError> {
        let Kind::Wgpu(raw) = &self.kind else {
            return Err(GpuError::Unsupported(format!("`{}`: a CPU-device pipeline cannot be recorded into a wgpu pass", self.module.name)));
        };
        check_immediates(self.module, self.immediate_size, immediates)?;
        if let Workgroups::Direct(counts) = workgroups {
            self.check_counts(counts)?;
        }
        let groups = self.bindings.groups(gpu, &[bindings])?;
        pass.set_pipeline(raw);
        for (index, group) in groups.iter().enumerate() {
            if let Some(group) = group {
                pass.set_bind_group(index as u32, group, &[]);
            }
        }
        if !immediates.is_empty() {
            pass.set_immediates(0, immediates);
        }
        match workgroups {
            Workgroups::Direct([x, y, z]) => pass.dispatch_workgroups(x, y, z),
            Workgroups::Indirect(buffer) => pass.dispatch_workgroups_indirect(buffer.wgpu().ok_or_else(crate::buffer::wrong_device)?, 0),
        }
        Ok(())
    }
}

/// The resources chosen for a pipeline's bindings as the CPU device's.
pub(crate) fn cpu_bindings<'s>(
    name: &str,
    resources: &'s [(&'static Binding, Resource<'s>)],
) -> Result<Vec<shader_cpu::Binding<'s>>, GpuError> {
    let mut bound = Vec::with_capacity(resources.len());
    let image = |b: &Binding, t: &'s crate::Texture| {
        t.cpu_image().map(shader_cpu::Resource::Image).map_err(|e| GpuError::Unsupported(format!("`{name}` binds `{}`: {e}", b.name)))
    };
    for (b, resource) in resources {
        let at = |element: usize, resource| shader_cpu::Binding { set: b.group, binding: b.binding, element: element as u32, resource };
        match resource {
            Resource::Buffer { raw, .. } => {
                let BufferStore::Cpu(buffer) = raw.store() else { return Err(crate::buffer::wrong_device()) };
                bound.push(at(0, shader_cpu::Resource::Buffer(buffer)));
            }
            Resource::Texture(t) => bound.push(at(0, image(b, t)?)),
            Resource::Sampler(s) => bound.push(at(0, shader_cpu::Resource::Sampler(s.cpu()))),
            // A descriptor array: each element at its index.
            Resource::Textures(ts) => {
                for (k, t) in ts.iter().enumerate() {
                    bound.push(at(k, image(b, t)?));
                }
            }
            Resource::Samplers(ss) => bound.extend(ss.iter().enumerate().map(|(k, s)| at(k, shader_cpu::Resource::Sampler(s.cpu())))),
        }
    }
    Ok(bound)
}

/// Sanitizer findings of a CPU-device run: printed on stderr and kept for [`Gpu::take_findings`].
pub(crate) fn report_findings(cpu: &CpuDevice, name: &str, report: &shader_cpu::Report) {
    if report.findings.is_empty() && report.dropped == 0 {
        return;
    }
    let mut findings = cpu.findings.lock().unwrap_or_else(|e| e.into_inner());
    for finding in &report.findings {
        let text = format!("`{name}`: {finding}");
        eprintln!("shader-cpu sanitizer: {text}");
        findings.push(text);
    }
    if report.dropped > 0 {
        let text = format!("`{name}`: {} more findings not listed", report.dropped);
        eprintln!("shader-cpu sanitizer: {text}");
        findings.push(text);
    }
}

/// A CPU-device error as the runtime's.
pub(crate) fn cpu_error(name: &str, e: shader_cpu::Error) -> GpuError {
    match e {
        shader_cpu::Error::Unsupported(_) => GpuError::Unsupported(format!("`{name}`: {e}")),
        shader_cpu::Error::Invalid(_) => GpuError::Validation(format!("`{name}`: {e}")),
        shader_cpu::Error::Binding(_) => GpuError::InvalidUse(format!("`{name}`: {e}")),
    }
}

/// Override values for the CPU device and passthrough modules: `(SpecId, bits)` with the bits
/// of the constant's type (`constants` holds the ids in decimal, as [`constants`] made them).
pub(crate) fn specialization_bits(declared: &[SpecializationConstant], constants: &[(String, f64)]) -> Vec<(u32, u64)> {
    constants
        .iter()
        .filter_map(|(id, value)| {
            let c = declared.iter().find(|c| c.id.to_string() == *id)?;
            Some((c.id, constant_bits(c.ty, *value)))
        })
        .collect()
}

/// The bits of a pipeline constant's value in the constant's type `ty`: WebGPU converts a
/// pipeline constant's `double` to the constant's type (GPUProgrammableStage `constants`). The
/// CPU device refuses 16- and 64-bit types when it decodes the module, so those cases never
/// reach a shader.
fn constant_bits(ty: &str, value: f64) -> u64 {
    match ty {
        "bool" => u64::from(value != 0.0),
        "i32" => u64::from(value as i32 as u32),
        "u32" => u64::from(value as u32),
        "f64" => value.to_bits(),
        "i64" => value as i64 as u64,
        "u64" => value as u64,
        _ => u64::from((value as f32).to_bits()),
    }
}

/// What [`ComputePipeline::new`] and a reload make from `spirv` (the words of `module`, or
/// of a reloaded module with its interface): the pipeline, its bind group layouts and the
/// device's workgroup count limit.
fn build(gpu: &Gpu, module: &ModuleInfo, spirv: &[u32], built: &Built, immediate_size: u32) -> Result<(Kind, Bindings, u32, [u32; 3]), GpuError> {
    // The pipeline's workgroup size written into the words (naga specializes none: the wgpu
    // target's words hold the default), then the size with the pipeline's constants.
    let spirv = &set_workgroup_size(spirv, module.entry.name, workgroup_values(module, &built.constants)?);
    let specialization = specialization_bits(module.specialization_constants, &built.constants);
    let specialized_size = || workgroup_size(&specialize_words(spirv, &specialization), module.entry.name).or(module.entry.workgroup_size);
    let w = match gpu.backend() {
        Backend::Wgpu(w) => w,
        Backend::Cpu(_) => {
            check_lengths(module, &specialize_words(spirv, &specialization))?;
            let program = shader_cpu::Program::new(spirv, module.entry.name, &specialization).map_err(|e| cpu_error(module.name, e))?;
            let bindings = Bindings::new(gpu, &[(module.bindings, spirv)])?;
            return Ok((Kind::Cpu(program), bindings, CPU_MAX_WORKGROUPS, specialized_size().unwrap_or([1, 1, 1])));
        }
    };
    // Passthrough modules get the values in their words (wgpu gives them no constants).
    let constant_refs: Vec<(&str, f64)> =
        if built.passthrough { Vec::new() } else { built.constants.iter().map(|(k, v)| (k.as_str(), *v)).collect() };
    gpu.scoped(|| {
        // Bindings first: a binding the device cannot take is named before wgpu's shader
        // validation reports it less clearly (a descriptor array without its feature).
        let bindings = Bindings::new(gpu, &[(module.bindings, spirv)])?;
        let (shader, workgroup_size) = if built.passthrough {
            let words = specialize_words(spirv, &specialization);
            check_lengths(module, &words)?;
            let workgroup_size = check_specialized(w, module, &words)?;
            (passthrough_spirv(&w.device, module.name, &words, module.entry.name, workgroup_size), workgroup_size)
        } else {
            (shader_words(w, module.name, spirv), specialized_size().unwrap_or([1, 1, 1]))
        };
        let layout = pipeline_layout(w, &bindings, immediate_size);
        let raw = w.device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some(module.name),
            layout: Some(&layout),
            module: &shader,
            entry_point: Some(module.entry.name),
            compilation_options: wgpu::PipelineCompilationOptions {
                constants: &constant_refs,
                zero_initialize_workgroup_memory: built.zero_initialize_workgroup_memory,
            },
            cache: None,
        });
        let max_workgroups = w.device.limits().max_compute_workgroups_per_dimension;
        Ok((Kind::Wgpu(raw), bindings, max_workgroups, workgroup_size))
    })
}

/// The value the pipeline's constants (`constants`, keyed by SpecId in decimal) give each
/// workgroup dimension that follows specialization constants: one that is a constant
/// (`EntryPoint::workgroup_size_overrides`) when the pipeline gives it, as WebGPU converts a
/// pipeline constant to a `u32`; one computed from constants (`workgroup_size_expressions`, a
/// WGSL override-expression) always, the constants the pipeline does not give at their
/// defaults, with the `OpSpecConstantOp` arithmetic the Vulkan target's words do it with
/// ([`spec_constant_op`]). A size below 1 (or above `i32::MAX`: no device has such a
/// dimension, and a negative `i32` is one) is refused: WGSL makes it a pipeline-creation error.
fn workgroup_values(module: &ModuleInfo, constants: &[(String, f64)]) -> Result<[Option<u32>; 3], GpuError> {
    let given = |id: u32| constants.iter().find(|(key, _)| *key == id.to_string()).map(|&(_, value)| value);
    let value_of = |id: u32| -> Option<u32> {
        let declared = module.specialization_constants.iter().find(|c| c.id == id)?;
        Some(constant_bits(declared.ty, given(id).or(declared.default)?) as u32)
    };
    let mut size = [None; 3];
    for (axis, name) in ["x", "y", "z"].into_iter().enumerate() {
        let steps = module.entry.workgroup_size_expressions[axis];
        let value = if steps.is_empty() {
            module.entry.workgroup_size_overrides[axis].and_then(given).map(|value| value as u32)
        } else {
            let value = evaluate_size(steps, &value_of).ok_or_else(|| {
                GpuError::InvalidUse(format!(
                    "`{}`: the workgroup size in {name} cannot be computed with the pipeline's constants (a constant \
                     without a value, a division by zero or an out-of-range shift)",
                    module.name
                ))
            })?;
            Some(value)
        };
        if let Some(v) = value.filter(|&v| v == 0 || v > i32::MAX as u32) {
            let shown = if v > i32::MAX as u32 { format!("{v} ({} as i32)", v as i32) } else { v.to_string() };
            return Err(GpuError::InvalidUse(format!(
                "`{}`: with the pipeline's constants, the workgroup size in {name} is {shown}; it must be at least 1 \
                 (WGSL: a pipeline-creation error)",
                module.name
            )));
        }
        size[axis] = value;
    }
    Ok(size)
}

/// A workgroup size computed from specialization constants (`EntryPoint::
/// workgroup_size_expressions`), with `value` giving each constant's 32 bits by SpecId; each
/// operation as `OpSpecConstantOp` computes it ([`spec_constant_op`], which the words'
/// `OpSpecConstantOp`s are evaluated with too). `None` when a constant has no value or an
/// operation none (a division by zero).
fn evaluate_size(steps: &[SizeStep], value: &dyn Fn(u32) -> Option<u32>) -> Option<u32> {
    let mut stack: Vec<u32> = Vec::new();
    for step in steps {
        let result = match *step {
            SizeStep::Constant(id) => value(id)?,
            SizeStep::Literal(bits) => bits,
            SizeStep::Op { opcode, operands } => {
                let at = stack.len().checked_sub(operands as usize)?;
                let args = stack.split_off(at);
                spec_constant_op(opcode, &args)?
            }
        };
        stack.push(result);
    }
    match stack[..] {
        [v] => Some(v),
        _ => None,
    }
}

/// `spirv` with the workgroup size of its entry point `entry` set to `size` in the dimensions
/// that are `Some`: the literal operands of its `OpExecutionMode LocalSize`, and the
/// `OpSpecConstant` dimensions of a `WorkgroupSize`-decorated composite (which SPIR-V 3.21
/// puts before `LocalSize`). What Vulkan's specialization does to a size that follows
/// specialization constants, for the wgpu target, whose words hold the default size for naga
/// (its SPIR-V reader specializes no workgroup size): a WGSL `@workgroup_size(override)` is
/// `LocalSize`; GLSL's `local_size_*_id` constants, which `gl_WorkGroupSize` reads, are
/// SpecId-less `OpSpecConstant`s in the composite there (a `constant_id` constant sharing the
/// id gets the value from wgpu's constants, as Vulkan gives one id's value to both). On a
/// Vulkan-target module it writes what specialization would (its `LocalSizeId` operands are
/// specialization constants, left to [`specialize_words`], except a dimension the host computes,
/// an `OpSpecConstant` without a SpecId, which it writes). A dimension of `None`, another
/// entry point's mode, and a module without the entry point are left as they are.
pub fn set_workgroup_size(spirv: &[u32], entry: &str, size: [Option<u32>; 3]) -> Vec<u32> {
    let mut words = spirv.to_vec();
    if size.iter().all(Option::is_none) {
        return words;
    }
    let function = instructions(spirv).find_map(|(_, op, operands)| match operands {
        [_, function, name @ ..] if op == OP_ENTRY_POINT && literal_string(name) == entry => Some(*function),
        _ => None,
    });
    if function.is_none() {
        return words;
    }
    let decorated: Vec<u32> = instructions(spirv)
        .filter(|(_, op, operands)| *op == OP_DECORATE && operands.get(1..3) == Some(&[DECORATION_BUILT_IN, BUILT_IN_WORKGROUP_SIZE]))
        .map(|(_, _, operands)| operands[0])
        .collect();
    let specialized: Vec<u32> =
        instructions(spirv).filter(|(_, op, operands)| *op == OP_DECORATE && operands.get(1) == Some(&DECORATION_SPEC_ID)).map(|(_, _, operands)| operands[0]).collect();
    let mut components: HashMap<u32, u32> = HashMap::new();
    for (at, op, operands) in instructions(spirv) {
        match (op, operands) {
            (OP_EXECUTION_MODE, [f, MODE_LOCAL_SIZE, _, _, _]) if Some(*f) == function => {
                for (axis, value) in size.iter().enumerate() {
                    if let Some(v) = value {
                        words[at + 3 + axis] = *v;
                    }
                }
            }
            (OP_SPEC_CONSTANT_COMPOSITE, [_, id, dims @ ..]) if decorated.contains(id) && dims.len() == 3 => {
                for (axis, value) in size.iter().enumerate() {
                    if let Some(v) = value {
                        components.insert(dims[axis], *v);
                    }
                }
            }
            // A dimension the host computes (`@workgroup_size(u32(f))`) is an `OpSpecConstant`
            // without a SpecId; the others are left to specialization.
            (OP_EXECUTION_MODE_ID, [f, MODE_LOCAL_SIZE_ID, dims @ ..]) if Some(*f) == function && dims.len() == 3 => {
                for (axis, value) in size.iter().enumerate() {
                    if let (Some(v), false) = (value, specialized.contains(&dims[axis])) {
                        components.insert(dims[axis], *v);
                    }
                }
            }
            _ => {}
        }
    }
    for (at, op, operands) in instructions(spirv) {
        if let (OP_SPEC_CONSTANT, [_, id, _]) = (op, operands) {
            if let Some(&v) = components.get(id) {
                words[at + 3] = v;
            }
        }
    }
    words
}

/// SPIR-V words as a shader module (wgpu's portable path: naga re-reads them).
pub(crate) fn shader_words(w: &WgpuDevice, label: &str, spirv: &[u32]) -> wgpu::ShaderModule {
    w.device.create_shader_module(wgpu::ShaderModuleDescriptor { label: Some(label), source: wgpu::ShaderSource::SpirV(Cow::Borrowed(spirv)) })
}

/// Why a pipeline of the stages `modules` (named after the first) cannot take the passthrough
/// path on this device, if it cannot.
pub(crate) fn check_passthrough(gpu: &Gpu, modules: &[&ModuleInfo]) -> Result<(), GpuError> {
    let name = modules.first().map_or("", |m| m.name);
    let binding_sets: Vec<&[Binding]> = modules.iter().map(|m| m.bindings).collect();
    if let Some(m) = modules.iter().find(|m| !m.bounds_checked) {
        // `passthrough_spirv`'s SAFETY rests on every index being clamped.
        return Err(GpuError::Unsupported(format!(
            "`{}`: compiled with `bounds_checks: unchecked`, so an out-of-bounds index could reach memory outside its \
             binding when the driver runs the SPIR-V as it is; passthrough needs `bounds_checks: clamp` (the default)",
            m.name
        )));
    }
    let w = gpu.require_wgpu(&format!("`{name}`: passthrough SPIR-V (Vulkan only)"))?;
    if !w.device.features().contains(wgpu::Features::PASSTHROUGH_SHADERS) {
        // wgpu's GL backend lists the feature too (for GLSL), but SPIR-V passthrough is Vulkan's.
        let vulkan = w.adapter.get_info().backend == wgpu::Backend::Vulkan;
        let offered = if vulkan && w.adapter.features().contains(wgpu::Features::PASSTHROUGH_SHADERS) {
            "the adapter offers it, but the device was created without it: create the `Gpu` with \
             `GpuOptions { required_features: wgpu::Features::PASSTHROUGH_SHADERS, ..GpuOptions::from_env() }`"
        } else {
            "the adapter does not offer it (it needs a Vulkan adapter)"
        };
        return Err(GpuError::Unsupported(format!(
            "`{name}`: passthrough needs Features::PASSTHROUGH_SHADERS, which this device ({}) lacks; {offered}; \
             or leave `passthrough` off for the portable SPIR-V path",
            gpu.adapter_name()
        )));
    }
    let backend = w.adapter.get_info().backend;
    if backend != wgpu::Backend::Vulkan {
        return Err(GpuError::Unsupported(format!("`{name}`: passthrough SPIR-V needs the Vulkan backend; this adapter is {backend:?}")));
    }
    // Dense bindings: with no naga in between, the descriptor set layouts wgpu builds from
    // `BINDINGS` must match the SPIR-V's `DescriptorSet`/`Binding` decorations one to one.
    let mut groups: Vec<(u32, Vec<u32>)> = Vec::new();
    for b in binding_sets.iter().flat_map(|set| set.iter()) {
        match groups.iter_mut().find(|(g, _)| *g == b.group) {
            Some((_, numbers)) => numbers.push(b.binding),
            None => groups.push((b.group, vec![b.binding])),
        }
    }
    for (group, mut numbers) in groups {
        numbers.sort_unstable();
        // A resource both stages of a render pipeline use is one binding.
        numbers.dedup();
        if let Some(gap) = numbers.iter().enumerate().find(|(i, n)| **n != *i as u32).map(|(i, _)| i as u32) {
            return Err(GpuError::Unsupported(format!(
                "`{name}`: passthrough needs dense binding numbers; group {group} has {numbers:?}, missing binding {gap}"
            )));
        }
    }
    Ok(())
}

/// What no one between the SPIR-V and the driver checks for a passthrough compute module, on
/// its specialized words (`words`, [`specialize_words`]: array lengths and `local_size_*_id`
/// dimensions as the pipeline's constants make them): its workgroup memory against
/// `maxComputeSharedMemorySize` (wgpu 30 checks it on neither path; a Vulkan module over the
/// limit is invalid and the driver is free to crash on it) and its workgroup size against
/// `maxComputeWorkGroupSize` and `maxComputeWorkGroupInvocations` (wgpu checks them only on
/// modules naga reads). The adapter's limits are the driver's, whatever limits the device was
/// created with. Returns the workgroup size.
pub(crate) fn check_specialized(w: &WgpuDevice, module: &ModuleInfo, words: &[u32]) -> Result<[u32; 3], GpuError> {
    let limits = w.adapter.limits();
    let limit = limits.max_compute_workgroup_storage_size;
    let used = workgroup_memory(words);
    if used > u64::from(limit) {
        return Err(GpuError::Unsupported(format!(
            "`{}`: its workgroup variables take at least {used} bytes, more than this adapter's \
             max_compute_workgroup_storage_size ({limit} bytes; Vulkan guarantees 16384); passthrough would hand \
             the driver a module over its limit",
            module.name
        )));
    }
    let size = workgroup_size(words, module.entry.name).or(module.entry.workgroup_size).unwrap_or([1, 1, 1]);
    let per_axis = [limits.max_compute_workgroup_size_x, limits.max_compute_workgroup_size_y, limits.max_compute_workgroup_size_z];
    let invocations = size.iter().map(|&n| u64::from(n)).product::<u64>();
    let over = size.iter().zip(per_axis).zip(["x", "y", "z"]).find(|((&n, max), _)| n > *max);
    let problem = if invocations == 0 {
        Some("a workgroup of zero invocations".to_string())
    } else if let Some(((n, max), axis)) = over {
        Some(format!("{n} in {axis}, more than this adapter's max_compute_workgroup_size_{axis} ({max})"))
    } else if invocations > u64::from(limits.max_compute_invocations_per_workgroup) {
        Some(format!("{invocations} invocations, more than this adapter's max_compute_invocations_per_workgroup ({})", limits.max_compute_invocations_per_workgroup))
    } else {
        None
    };
    match problem {
        Some(problem) => Err(GpuError::Unsupported(format!(
            "`{}`: its workgroup size (with the pipeline's constants) is {size:?}: {problem}; passthrough would hand \
             the driver a module over its limits",
            module.name
        ))),
        None => Ok(size),
    }
}

/// The bytes the `Workgroup` variables of a SPIR-V module take at least: every scalar at its
/// width (a bool as one byte), vectors, matrices, arrays and structs without padding (the
/// driver lays workgroup memory out itself and may add some). Array lengths that are
/// specialization constants count with the values in the words ([`constant_values`]); types
/// it cannot size (runtime arrays, lengths it cannot evaluate) count as zero.
pub(crate) fn workgroup_memory(spirv: &[u32]) -> u64 {
    let constants = constant_values(spirv);
    let mut sizes: HashMap<u32, u64> = HashMap::new();
    let mut pointees: HashMap<u32, u32> = HashMap::new();
    let mut total = 0u64;
    for (_, op, operands) in instructions(spirv) {
        let size_of = |id: &u32| sizes.get(id).copied().unwrap_or(0);
        match (op, operands) {
            (OP_TYPE_BOOL, [id]) => _ = sizes.insert(*id, 1),
            (OP_TYPE_INT | OP_TYPE_FLOAT, [id, width, ..]) => _ = sizes.insert(*id, u64::from(*width / 8)),
            (OP_TYPE_VECTOR | OP_TYPE_MATRIX, [id, part, count]) => _ = sizes.insert(*id, size_of(part) * u64::from(*count)),
            (OP_TYPE_ARRAY, [id, element, length]) => {
                let count = constants.get(length).copied().unwrap_or(0);
                sizes.insert(*id, size_of(element).saturating_mul(u64::from(count)));
            }
            (OP_TYPE_STRUCT, [id, members @ ..]) => {
                let size = members.iter().map(size_of).fold(0u64, u64::saturating_add);
                sizes.insert(*id, size);
            }
            (OP_TYPE_POINTER, [id, _, pointee]) => _ = pointees.insert(*id, *pointee),
            (OP_VARIABLE, [ty, _, WORKGROUP, ..]) => {
                total = total.saturating_add(pointees.get(ty).map_or(0, size_of));
            }
            _ => {}
        }
    }
    total
}

/// The workgroup size of the entry point `entry` of a SPIR-V module, with the values of its
/// specialization constants as the words hold them: the `WorkgroupSize`-decorated constant
/// (it overrides `LocalSize`, SPIR-V 3.21), else `LocalSizeId`, else `LocalSize`. `None` when
/// the module has none of them or a dimension cannot be evaluated.
pub(crate) fn workgroup_size(spirv: &[u32], entry: &str) -> Option<[u32; 3]> {
    let constants = constant_values(spirv);
    let decorated: Vec<u32> = instructions(spirv)
        .filter(|(_, op, operands)| *op == OP_DECORATE && operands.get(1..3) == Some(&[DECORATION_BUILT_IN, BUILT_IN_WORKGROUP_SIZE]))
        .map(|(_, _, operands)| operands[0])
        .collect();
    let function = instructions(spirv).find_map(|(_, op, operands)| match operands {
        [_, function, name @ ..] if op == OP_ENTRY_POINT && literal_string(name) == entry => Some(*function),
        _ => None,
    })?;
    let mut local_size = None;
    for (_, op, operands) in instructions(spirv) {
        match (op, operands) {
            (OP_SPEC_CONSTANT_COMPOSITE | OP_CONSTANT_COMPOSITE, [_, id, x, y, z]) if decorated.contains(id) => {
                return Some([*constants.get(x)?, *constants.get(y)?, *constants.get(z)?]);
            }
            (OP_EXECUTION_MODE, [f, MODE_LOCAL_SIZE, x, y, z]) if *f == function => local_size = Some([*x, *y, *z]),
            (OP_EXECUTION_MODE_ID, [f, MODE_LOCAL_SIZE_ID, x, y, z]) if *f == function => {
                local_size = Some([*constants.get(x)?, *constants.get(y)?, *constants.get(z)?]);
            }
            _ => {}
        }
    }
    local_size
}

/// A SPIR-V literal string (SPIR-V 2.2.1: UTF-8 bytes, nul-terminated, in little-endian words).
fn literal_string(words: &[u32]) -> String {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).take_while(|&b| b != 0).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The 32-bit values of a module's scalar integer and bool constants, specialization constants
/// included with the values the words hold, and the `OpSpecConstantOp`s on them a length or a
/// workgroup size uses (integer arithmetic, shifts, bitwise operations, comparisons, selects,
/// as the front ends write them: `spec_length`). Others (64-bit, floats) are left out.
fn constant_values(spirv: &[u32]) -> HashMap<u32, u32> {
    let mut values: HashMap<u32, u32> = HashMap::new();
    let mut widths: HashMap<u32, u32> = HashMap::new();
    for (_, op, operands) in instructions(spirv) {
        match (op, operands) {
            (OP_TYPE_INT, [id, width, ..]) => _ = widths.insert(*id, *width),
            (OP_TYPE_BOOL, [id]) => _ = widths.insert(*id, 1),
            (OP_CONSTANT | OP_SPEC_CONSTANT, [ty, id, value]) if widths.get(ty) == Some(&32) => _ = values.insert(*id, *value),
            (OP_CONSTANT_TRUE | OP_SPEC_CONSTANT_TRUE, [_, id]) => _ = values.insert(*id, 1),
            (OP_CONSTANT_FALSE | OP_SPEC_CONSTANT_FALSE, [_, id]) => _ = values.insert(*id, 0),
            (OP_SPEC_CONSTANT_OP, [ty, id, opcode, args @ ..]) if matches!(widths.get(ty), Some(1 | 32)) => {
                let args: Option<Vec<u32>> = args.iter().map(|a| values.get(a).copied()).collect();
                if let Some(value) = args.and_then(|args| spec_constant_op(*opcode, &args)) {
                    values.insert(*id, value);
                }
            }
            _ => {}
        }
    }
    values
}

/// One `OpSpecConstantOp` on 32-bit integers and bools (SPIR-V 3.52.12; `opcode` as SPIR-V
/// numbers the instruction: 128 `OpIAdd`, ...); `None` for an operation it does not evaluate or
/// a division by zero. Also the f32 instructions of a workgroup size the host computes
/// (`shader_core::spec_length::host_computed`: `@workgroup_size(u32(f))`; no module holds them
/// as `OpSpecConstantOp`): arithmetic in f32, comparisons, and conversions, where a float
/// whose integer part is outside the integer type (or a NaN) has no value (WGSL §15.7.6: a
/// pipeline-creation error in an override-expression).
fn spec_constant_op(opcode: u32, args: &[u32]) -> Option<u32> {
    let signed = |v: u32| v as i32;
    let bool = |b: bool| u32::from(b);
    let f = f32::from_bits;
    let float = |v: f32| v.to_bits();
    let to_int = |v: f32, min: f64, max: f64| Some(v.trunc()).filter(|t| f64::from(*t) >= min && f64::from(*t) <= max);
    Some(match (opcode, args) {
        (109, [a]) => to_int(f(*a), 0.0, f64::from(u32::MAX))? as u32,
        (110, [a]) => to_int(f(*a), f64::from(i32::MIN), f64::from(i32::MAX))? as i32 as u32,
        (111, [a]) => float(signed(*a) as f32),
        (112, [a]) => float(*a as f32),
        (127, [a]) => float(-f(*a)),
        (129, [a, b]) => float(f(*a) + f(*b)),
        (131, [a, b]) => float(f(*a) - f(*b)),
        (133, [a, b]) => float(f(*a) * f(*b)),
        (136, [a, b]) => float(f(*a) / f(*b)),
        (140, [a, b]) => float(f(*a) % f(*b)),
        (180, [a, b]) => bool(f(*a) == f(*b)),
        (183, [a, b]) => bool(f(*a) != f(*b)),
        (184, [a, b]) => bool(f(*a) < f(*b)),
        (186, [a, b]) => bool(f(*a) > f(*b)),
        (188, [a, b]) => bool(f(*a) <= f(*b)),
        (190, [a, b]) => bool(f(*a) >= f(*b)),
        (126, [a]) => signed(*a).wrapping_neg() as u32,
        (200, [a]) => !a,
        (168, [a]) => bool(*a == 0),
        (113 | 114, [a]) => *a,
        (128, [a, b]) => a.wrapping_add(*b),
        (130, [a, b]) => a.wrapping_sub(*b),
        (132, [a, b]) => a.wrapping_mul(*b),
        (134, [a, b]) => a.checked_div(*b)?,
        (135, [a, b]) => signed(*a).checked_div(signed(*b))? as u32,
        (137, [a, b]) => a.checked_rem(*b)?,
        (138, [a, b]) => signed(*a).checked_rem(signed(*b))? as u32,
        (139, [a, b]) => {
            let (a, b) = (signed(*a), signed(*b));
            let r = a.checked_rem(b)?;
            (if r != 0 && (r < 0) != (b < 0) { r + b } else { r }) as u32
        }
        (194, [a, b]) => a.checked_shr(*b)?,
        (195, [a, b]) => signed(*a).checked_shr(*b)? as u32,
        (196, [a, b]) => a.checked_shl(*b)?,
        (197, [a, b]) => a | b,
        (198, [a, b]) => a ^ b,
        (199, [a, b]) => a & b,
        (164 | 170, [a, b]) => bool(a == b),
        (165 | 171, [a, b]) => bool(a != b),
        (166, [a, b]) => bool(*a != 0 || *b != 0),
        (167, [a, b]) => bool(*a != 0 && *b != 0),
        (172, [a, b]) => bool(a > b),
        (173, [a, b]) => bool(signed(*a) > signed(*b)),
        (174, [a, b]) => bool(a >= b),
        (175, [a, b]) => bool(signed(*a) >= signed(*b)),
        (176, [a, b]) => bool(a < b),
        (177, [a, b]) => bool(signed(*a) < signed(*b)),
        (178, [a, b]) => bool(a <= b),
        (179, [a, b]) => bool(signed(*a) <= signed(*b)),
        (169, [c, a, b]) => if *c != 0 { *a } else { *b },
        _ => return None,
    })
}

/// Array lengths that follow specialization constants (the Vulkan target's `OpTypeArray`
/// lengths: a constant, or an `OpSpecConstantOp` on constants such as `N * 2`), evaluated with
/// the values in the specialized words in unbounded integers. A length whose computation leaves
/// its 32-bit type (the driver would wrap it around 2^32: an array of another length than the
/// shader's expression gives) or that is below 1 is refused, naming the constants it follows;
/// reflection's `least_value` keeps the lengths long enough, this keeps them from wrapping.
pub(crate) fn check_lengths(module: &ModuleInfo, words: &[u32]) -> Result<(), GpuError> {
    // 32-bit integer types (signedness) and bools.
    let mut ints: HashMap<u32, bool> = HashMap::new();
    let mut bools: std::collections::HashSet<u32> = std::collections::HashSet::new();
    // Each constant's value in unbounded integers, the ones whose computation left their type
    // on the way, and the specialization constants each follows.
    let mut exact: HashMap<u32, i128> = HashMap::new();
    let mut overflowed: std::collections::HashSet<u32> = std::collections::HashSet::new();
    let mut follows: HashMap<u32, Vec<u32>> = HashMap::new();
    let mut spec_ids: HashMap<u32, u32> = HashMap::new();
    let wrapped = constant_values(words);
    let fits = |v: i128, signed: bool| if signed { i32::try_from(v).is_ok() } else { u32::try_from(v).is_ok() };
    for (_, op, operands) in instructions(words) {
        match (op, operands) {
            (OP_DECORATE, [id, DECORATION_SPEC_ID, spec_id]) => _ = spec_ids.insert(*id, *spec_id),
            (OP_TYPE_INT, [id, 32, signed]) => _ = ints.insert(*id, *signed != 0),
            (OP_TYPE_BOOL, [id]) => _ = bools.insert(*id),
            (OP_CONSTANT | OP_SPEC_CONSTANT, [ty, id, value]) if ints.contains_key(ty) => {
                exact.insert(*id, if ints[ty] { i128::from(*value as i32) } else { i128::from(*value) });
                if op == OP_SPEC_CONSTANT {
                    follows.insert(*id, vec![*id]);
                }
            }
            (OP_SPEC_CONSTANT_OP, [ty, id, opcode, args @ ..]) if ints.contains_key(ty) || bools.contains(ty) => {
                let mut roots: Vec<u32> = args.iter().flat_map(|a| follows.get(a).cloned().unwrap_or_default()).collect();
                roots.sort_unstable();
                roots.dedup();
                follows.insert(*id, roots);
                if args.iter().any(|a| overflowed.contains(a)) {
                    overflowed.insert(*id);
                    continue;
                }
                let signed = ints.get(ty) == Some(&true);
                let values: Option<Vec<i128>> = args.iter().map(|a| exact.get(a).copied()).collect();
                let result = match (*opcode, values.as_deref()) {
                    (126, Some([a])) => Some(-a),
                    (128, Some([a, b])) => Some(a + b),
                    (130, Some([a, b])) => Some(a - b),
                    (132, Some([a, b])) => Some(a * b),
                    (196, Some([a, b])) if (0..64).contains(b) => a.checked_mul(1i128 << b),
                    // Others cannot leave the range of their operands: their 32-bit result, where
                    // the runtime evaluates it.
                    _ => match wrapped.get(id) {
                        Some(&bits) => Some(if signed { i128::from(bits as i32) } else { i128::from(bits) }),
                        None => continue,
                    },
                };
                match result.filter(|&v| bools.contains(ty) || fits(v, signed)) {
                    Some(v) => _ = exact.insert(*id, v),
                    None => _ = overflowed.insert(*id),
                }
            }
            (OP_TYPE_ARRAY, [_, _, length]) if follows.get(length).is_some_and(|r| !r.is_empty()) => {
                let problem = match exact.get(length) {
                    _ if overflowed.contains(length) => "leaves 32 bits (it would wrap around 2^32)".to_string(),
                    Some(v) if *v < 1 => format!("is {v}, and an array needs at least one element"),
                    _ => continue,
                };
                let constants: Vec<String> = follows[length]
                    .iter()
                    .filter_map(|c| spec_ids.get(c))
                    .map(|id| match module.specialization_constants.iter().find(|c| c.id == *id) {
                        Some(c) => format!("`{}` (id {id})", c.name),
                        None => format!("id {id}"),
                    })
                    .collect();
                return Err(GpuError::InvalidUse(format!(
                    "`{}`: with the pipeline's constants, an array length that follows {} {problem}; passthrough would hand \
                     the driver an array of another length than the shader's expression",
                    module.name,
                    constants.join(", ")
                )));
            }
            _ => {}
        }
    }
    Ok(())
}

/// SPIR-V words as a passthrough shader module with one entry point.
#[allow(unsafe_code)]
pub(crate) fn passthrough_spirv(device: &wgpu::Device, label: &str, spirv: &[u32], entry: &str, workgroup_size: [u32; 3]) -> wgpu::ShaderModule {
    let [x, y, z] = workgroup_size;
    let descriptor = wgpu::ShaderModuleDescriptorPassthrough {
        label: Some(label),
        entry_points: Cow::Owned(vec![wgpu::PassthroughShaderEntryPoint { name: Cow::Borrowed(entry), workgroup_size: (x, y, z) }]),
        spirv: Some(Cow::Borrowed(spirv)),
        ..Default::default()
    };
    // SAFETY: wgpu leaves two things to the caller of a passthrough module: that the SPIR-V is
    // valid for the driver, and that running it keeps every access inside memory the pipeline
    // binds (what naga's bounds checks give on the default path). The callers make both true:
    // (1) valid SPIR-V: `ComputePipeline`/`RenderPipeline` take `ModuleInfo`s, which only
    // `shader!` makes (a hot reload compiles with the macro's options, bounds checks included,
    // and keeps only a module whose interface equals the `ModuleInfo`'s),
    // from modules shader-core emitted after its validator accepted the IR
    // (the test suite runs every module shader-core emits through `spirv-val`); the caller's
    // bind group layouts are built from the module's own `BINDINGS`. (2) no access outside a
    // binding: `check_passthrough` refuses modules compiled without `bounds_checks: clamp`,
    // under which every run-time index into an array, vector or matrix is clamped to it
    // (shader-core `spirv::bounds`, tested by execution in `tests/bounds_checks.rs`).
    // Specialized words (`specialize_words`) keep (2): the clamps follow the specialized
    // lengths, and `constants` refuses a value below a constant index's `least_value`.
    // `run_passthrough_on`, for arbitrary words, is `unsafe` and passes these duties on.
    unsafe { device.create_shader_module_passthrough(descriptor) }
}

pub(crate) fn pipeline_layout(w: &WgpuDevice, bindings: &Bindings, immediate_size: u32) -> wgpu::PipelineLayout {
    let layouts: Vec<Option<&wgpu::BindGroupLayout>> = bindings.layouts.iter().map(Option::as_ref).collect();
    w.device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor { label: None, bind_group_layouts: &layouts, immediate_size })
}

/// The immediate data size a module's push constants need, or why the device cannot give it.
pub(crate) fn immediate_size(gpu: &Gpu, name: &str, push_constants: &[PushConstant]) -> Result<u32, GpuError> {
    let size = push_constants.iter().map(|p| p.size.next_multiple_of(4)).max().unwrap_or(0);
    if size == 0 {
        return Ok(0);
    }
    if !gpu.has_immediates() {
        return Err(GpuError::Unsupported(format!(
            "`{name}` uses push constants, which need wgpu's IMMEDIATES feature; this adapter ({}) lacks it",
            gpu.adapter_name()
        )));
    }
    let max = gpu.max_immediate_size();
    if size > max {
        return Err(GpuError::Unsupported(format!("`{name}` has {size} bytes of push constants; the device allows {max}")));
    }
    Ok(size)
}

pub(crate) fn check_immediates(module: &ModuleInfo, size: u32, immediates: &[u8]) -> Result<(), GpuError> {
    if immediates.len() as u32 == size {
        return Ok(());
    }
    let name = module.push_constants.first().map_or("", |p| p.name);
    Err(GpuError::InvalidUse(if size == 0 {
        format!("`{}` has no push constants, but {} bytes of immediates were given", module.name, immediates.len())
    } else if immediates.is_empty() {
        format!("`{}` reads the push constants `{name}` ({size} bytes); pass them with `dispatch_with_immediates`", module.name)
    } else {
        format!("the push constants `{name}` of `{}` are {size} bytes, got {}", module.name, immediates.len())
    }))
}

/// Override values keyed as wgpu wants them: a constant with an id (every SPIR-V spec constant
/// has one) by its id in decimal, since naga's SPIR-V reader keeps the `SpecId`. A value below
/// the constant's `least_value` is refused (a constant index would leave an array it sizes:
/// WGSL's pipeline-creation error); one that keeps its default (`keeps_default`) is refused any
/// other value; a constant that sizes arrays keeps its default unless
/// `lengths_follow` (a Vulkan-target module run with passthrough or on the CPU device,
/// [`lengths_follow`]).
pub(crate) fn constants(
    name: &'static str,
    declared: &[SpecializationConstant],
    given: &[(&str, f64)],
    lengths_follow: bool,
) -> Result<Vec<(String, f64)>, GpuError> {
    given
        .iter()
        .map(|(key, value)| {
            let found = declared.iter().find(|c| c.name == *key || c.id.to_string() == *key).ok_or_else(|| {
                let known: Vec<String> = declared.iter().map(|c| format!("`{}` (id {})", c.name, c.id)).collect();
                let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
                GpuError::InvalidUse(format!("`{name}` has no override constant `{key}`; it has {known}"))
            })?;
            if let Some(least) = found.least_value.filter(|&least| *value < f64::from(least)) {
                return Err(GpuError::ConstantBelowLeast { module: name, constant: found.name, id: found.id, arrays: found.sizes_arrays, least });
            }
            if !found.sizes_arrays.is_empty() && found.default != Some(*value) && !lengths_follow {
                return Err(GpuError::ArrayLengthConstant {
                    module: name,
                    constant: found.name,
                    id: found.id,
                    arrays: found.sizes_arrays,
                    default: found.default.map(|d| d as i64),
                });
            }
            if found.keeps_default && found.default != Some(*value) {
                return Err(GpuError::ConstantKeepsDefault {
                    module: name,
                    constant: found.name,
                    id: found.id,
                    arrays: found.sizes_arrays,
                    default: found.default.map(|d| d as i64),
                });
            }
            Ok((found.id.to_string(), *value))
        })
        .collect()
}

// The SPIR-V opcodes and operands the runtime reads (SPIR-V 3.32, 3.20, 3.7).
const OP_TYPE_BOOL: u32 = 20;
const OP_TYPE_INT: u32 = 21;
const OP_TYPE_FLOAT: u32 = 22;
const OP_TYPE_VECTOR: u32 = 23;
const OP_TYPE_MATRIX: u32 = 24;
const OP_TYPE_ARRAY: u32 = 28;
const OP_TYPE_STRUCT: u32 = 30;
const OP_TYPE_POINTER: u32 = 32;
const OP_ENTRY_POINT: u32 = 15;
const OP_EXECUTION_MODE: u32 = 16;
const OP_CONSTANT_TRUE: u32 = 41;
const OP_CONSTANT_FALSE: u32 = 42;
const OP_CONSTANT: u32 = 43;
const OP_CONSTANT_COMPOSITE: u32 = 44;
const OP_SPEC_CONSTANT_TRUE: u32 = 48;
const OP_SPEC_CONSTANT_FALSE: u32 = 49;
const OP_SPEC_CONSTANT: u32 = 50;
const OP_SPEC_CONSTANT_COMPOSITE: u32 = 51;
const OP_SPEC_CONSTANT_OP: u32 = 52;
const OP_VARIABLE: u32 = 59;
const OP_DECORATE: u32 = 71;
const OP_EXECUTION_MODE_ID: u32 = 331;
const DECORATION_SPEC_ID: u32 = 1;
const DECORATION_BUILT_IN: u32 = 11;
const BUILT_IN_WORKGROUP_SIZE: u32 = 25;
const MODE_LOCAL_SIZE: u32 = 17;
const MODE_LOCAL_SIZE_ID: u32 = 38;
const WORKGROUP: u32 = 4;

/// The instructions of a SPIR-V module after its header, as (word index, opcode, operands);
/// stops at a malformed word count.
pub(crate) fn instructions(spirv: &[u32]) -> impl Iterator<Item = (usize, u32, &[u32])> {
    let mut at = 5;
    std::iter::from_fn(move || {
        let first = *spirv.get(at)?;
        let count = (first >> 16) as usize;
        if count == 0 {
            return None;
        }
        let operands = spirv.get(at + 1..at + count)?;
        let here = at;
        at += count;
        Some((here, first & 0xffff, operands))
    })
}

/// Whether a pipeline's array lengths follow its specialization constants: the words keep
/// them (the Vulkan target, [`lengths_follow_constants`]) and what runs the words specializes
/// them, as Vulkan does (passthrough, with the values written into the words; the CPU device,
/// which decodes `OpTypeArray` lengths with the pipeline's values). wgpu's default path does
/// not: naga reads no specialization-constant lengths.
pub(crate) fn lengths_follow(gpu: &Gpu, passthrough: bool, spirv: &[u32]) -> bool {
    (passthrough || gpu.is_cpu()) && lengths_follow_constants(spirv)
}

/// Whether some array length of `spirv` is a specialization constant (the Vulkan target keeps
/// them; the wgpu target writes the default).
pub(crate) fn lengths_follow_constants(spirv: &[u32]) -> bool {
    let spec: std::collections::HashSet<u32> = instructions(spirv)
        .filter(|(_, op, _)| matches!(*op, OP_SPEC_CONSTANT | OP_SPEC_CONSTANT_OP))
        .filter_map(|(_, _, operands)| operands.get(1).copied())
        .collect();
    instructions(spirv).any(|(_, op, operands)| op == OP_TYPE_ARRAY && operands.get(2).is_some_and(|l| spec.contains(l)))
}

/// `spirv` with the defaults of its specialization constants set to `values` (by SpecId, as
/// bits of the constant's type): what Vulkan's `VkSpecializationInfo` does, for passthrough
/// modules, to which wgpu passes no constants. Array lengths and the clamps of run-time indices
/// into them follow (they are the constants or operations on them).
pub(crate) fn specialize_words(spirv: &[u32], values: &[(u32, u64)]) -> Vec<u32> {
    let mut words = spirv.to_vec();
    if values.is_empty() {
        return words;
    }
    let ids: std::collections::HashMap<u32, u64> = instructions(spirv)
        .filter(|(_, op, operands)| *op == OP_DECORATE && operands.get(1) == Some(&DECORATION_SPEC_ID))
        .filter_map(|(_, _, operands)| {
            let value = values.iter().find(|(id, _)| Some(id) == operands.get(2))?.1;
            Some((operands[0], value))
        })
        .collect();
    for (at, op, operands) in instructions(spirv) {
        let Some(&value) = operands.get(1).and_then(|result| ids.get(result)) else { continue };
        match op {
            OP_SPEC_CONSTANT_TRUE | OP_SPEC_CONSTANT_FALSE => {
                let op = if value != 0 { OP_SPEC_CONSTANT_TRUE } else { OP_SPEC_CONSTANT_FALSE };
                words[at] = (words[at] & 0xffff_0000) | op;
            }
            OP_SPEC_CONSTANT => {
                words[at + 3] = value as u32;
                if operands.len() > 3 {
                    words[at + 4] = (value >> 32) as u32;
                }
            }
            _ => {}
        }
    }
    words
}
