//! The untyped path: run a SPIR-V (or WGSL) compute shader once over byte buffers and get every
//! buffer back. Tests compare compilers with it; typed code uses [`crate::ComputePipeline`].

use crate::gpu::Backend;
use crate::{Gpu, GpuError, POLL_TIMEOUT};

/// How a buffer is bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BufferKind {
    /// `var<storage, read>` (`read_only`) or `var<storage, read_write>`.
    Storage { read_only: bool },
    /// `var<uniform>`.
    Uniform,
}

/// A buffer bound at `@group(group) @binding(binding)` with its initial contents.
#[derive(Clone, Copy, Debug)]
pub struct BufferBinding<'a> {
    pub group: u32,
    pub binding: u32,
    pub kind: BufferKind,
    pub data: &'a [u8],
}

impl Gpu {
    /// Runs entry point `entry` of a SPIR-V compute module once with `workgroups` workgroups and
    /// returns the final contents of every buffer, in the order of `buffers`.
    ///
    /// Errors wgpu reports (an invalid shader, a layout that does not match the shader) come
    /// back as [`GpuError::Validation`].
    pub fn run_compute(
        &self,
        spirv: &[u32],
        entry: &str,
        buffers: &[BufferBinding<'_>],
        workgroups: [u32; 3],
    ) -> Result<Vec<Vec<u8>>, GpuError> {
        let w = match self.backend() {
            Backend::Wgpu(w) => w,
            Backend::Cpu(cpu) => return run_on_cpu(&cpu.options, spirv, entry, buffers, workgroups),
        };
        let source = wgpu::ShaderSource::SpirV(std::borrow::Cow::Borrowed(spirv));
        run_on(&w.device, &w.queue, source, entry, buffers, workgroups)
    }
}

/// [`Gpu::run_compute`] on the CPU device: buffers padded as on wgpu (so `arrayLength` sees
/// the same lengths), sanitizer findings an error.
fn run_on_cpu(
    options: &shader_cpu::Options,
    spirv: &[u32],
    entry: &str,
    buffers: &[BufferBinding<'_>],
    workgroups: [u32; 3],
) -> Result<Vec<Vec<u8>>, GpuError> {
    let program = shader_cpu::Program::new(spirv, entry, &[]).map_err(|e| match e {
        shader_cpu::Error::Unsupported(_) => GpuError::Unsupported(e.to_string()),
        _ => GpuError::Validation(e.to_string()),
    })?;
    let cpu_buffers: Vec<shader_cpu::Buffer> = buffers
        .iter()
        .map(|b| {
            let buffer = shader_cpu::Buffer::zeroed(padded_size(b.data.len(), b.kind) as usize);
            buffer.write(0, b.data);
            buffer
        })
        .collect();
    let bound: Vec<shader_cpu::Binding<'_>> =
        buffers.iter().zip(&cpu_buffers).map(|(b, buffer)| shader_cpu::Binding::buffer(b.group, b.binding, buffer)).collect();
    let report = program.dispatch(&bound, &[], workgroups, options).map_err(|e| GpuError::InvalidUse(e.to_string()))?;
    if let Some(finding) = report.findings.first() {
        return Err(GpuError::Validation(format!("CPU device sanitizer: {finding} ({} findings)", report.findings.len() + report.dropped)));
    }
    Ok(buffers.iter().zip(&cpu_buffers).map(|(b, buffer)| buffer.to_bytes()[..b.data.len()].to_vec()).collect())
}

/// The work half of [`Gpu::run_compute`] for any shader source wgpu accepts, on a device the
/// caller owns (tests share one device and pass WGSL as well as SPIR-V).
pub fn run_on(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    source: wgpu::ShaderSource<'_>,
    entry: &str,
    buffers: &[BufferBinding<'_>],
    workgroups: [u32; 3],
) -> Result<Vec<Vec<u8>>, GpuError> {
    // Validation errors are collected by the scope and returned, instead of reaching wgpu's
    // default handler, which panics.
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor { label: Some(entry), source });
    let staged = record(device, queue, &module, entry, buffers, workgroups);
    if let Some(error) = pollster::block_on(scope.pop()) {
        return Err(GpuError::Validation(error.to_string()));
    }
    let staging = staged?;
    read_back(device, &staging, buffers)
}

/// [`run_on`] with the SPIR-V given to the Vulkan driver as it is, without naga reading and
/// rewriting it (wgpu passthrough; the device needs `Features::PASSTHROUGH_SHADERS`). wgpu
/// cannot reflect such a module, so the caller gives the entry point's `workgroup_size`; the
/// pipeline layout is the explicit one built from `buffers`, as on the other path. Tests run a
/// module both ways to tell our SPIR-V's meaning apart from naga's reading of it.
///
/// # Safety
/// `spirv` must be a valid SPIR-V module for the Vulkan driver (`spirv-val --target-env
/// vulkan1.1` accepts it) whose every access stays inside the buffers it is given (shader-core
/// with `BoundsChecks::Clamp`, the default, gives that for the arrays, vectors and matrices it
/// indexes). wgpu hands the words to the driver unchecked.
#[allow(unsafe_code)]
pub unsafe fn run_passthrough_on(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    spirv: &[u32],
    entry: &str,
    workgroup_size: [u32; 3],
    buffers: &[BufferBinding<'_>],
    workgroups: [u32; 3],
) -> Result<Vec<Vec<u8>>, GpuError> {
    if !device.features().contains(wgpu::Features::PASSTHROUGH_SHADERS) {
        return Err(GpuError::Unsupported("passthrough needs a device created with Features::PASSTHROUGH_SHADERS".to_string()));
    }
    // As for passthrough pipelines (`compute::check_passthrough`): wgpu's Vulkan backend binds
    // a passthrough module correctly only with binding numbers 0..n in every group.
    let groups = buffers.iter().map(|b| b.group + 1).max().unwrap_or(0);
    for group in 0..groups {
        let mut numbers: Vec<u32> = buffers.iter().filter(|b| b.group == group).map(|b| b.binding).collect();
        numbers.sort_unstable();
        if numbers.iter().enumerate().any(|(i, &n)| n != i as u32) {
            return Err(GpuError::Unsupported(format!("passthrough needs dense binding numbers; group {group} has {numbers:?}")));
        }
    }
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let module = crate::compute::passthrough_spirv(device, entry, spirv, entry, workgroup_size);
    let staged = record(device, queue, &module, entry, buffers, workgroups);
    if let Some(error) = pollster::block_on(scope.pop()) {
        return Err(GpuError::Validation(error.to_string()));
    }
    let staging = staged?;
    read_back(device, &staging, buffers)
}

/// Creates the buffers, pipeline and bind groups, and submits the dispatch plus one copy per
/// buffer into a mappable staging buffer, which it returns.
fn record(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    module: &wgpu::ShaderModule,
    entry: &str,
    buffers: &[BufferBinding<'_>],
    workgroups: [u32; 3],
) -> Result<Vec<wgpu::Buffer>, GpuError> {

    let group_count = buffers.iter().map(|b| b.group + 1).max().unwrap_or(0);
    let mut gpu_buffers = Vec::with_capacity(buffers.len());
    for buffer in buffers {
        let usage = match buffer.kind {
            BufferKind::Storage { .. } => wgpu::BufferUsages::STORAGE,
            BufferKind::Uniform => wgpu::BufferUsages::UNIFORM,
        };
        let gpu_buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: padded_size(buffer.data.len(), buffer.kind),
            usage: usage | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut bytes = buffer.data.to_vec();
        bytes.resize(gpu_buffer.size() as usize, 0);
        queue.write_buffer(&gpu_buffer, 0, &bytes);
        gpu_buffers.push(gpu_buffer);
    }

    let mut layouts = Vec::with_capacity(group_count as usize);
    let mut groups = Vec::with_capacity(group_count as usize);
    for group in 0..group_count {
        let members: Vec<usize> = (0..buffers.len()).filter(|&i| buffers[i].group == group).collect();
        let layout_entries: Vec<wgpu::BindGroupLayoutEntry> = members
            .iter()
            .map(|&i| wgpu::BindGroupLayoutEntry {
                binding: buffers[i].binding,
                visibility: wgpu::ShaderStages::COMPUTE,
                ty: wgpu::BindingType::Buffer {
                    ty: match buffers[i].kind {
                        BufferKind::Storage { read_only } => wgpu::BufferBindingType::Storage { read_only },
                        BufferKind::Uniform => wgpu::BufferBindingType::Uniform,
                    },
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            })
            .collect();
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: None,
            entries: &layout_entries,
        });
        let group_entries: Vec<wgpu::BindGroupEntry> = members
            .iter()
            .map(|&i| wgpu::BindGroupEntry {
                binding: buffers[i].binding,
                resource: gpu_buffers[i].as_entire_binding(),
            })
            .collect();
        groups.push(device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: None,
            layout: &layout,
            entries: &group_entries,
        }));
        layouts.push(layout);
    }
    let layout_refs: Vec<Option<&wgpu::BindGroupLayout>> = layouts.iter().map(Some).collect();
    let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: None,
        bind_group_layouts: &layout_refs,
        immediate_size: 0,
    });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some(entry),
        layout: Some(&pipeline_layout),
        module,
        entry_point: Some(entry),
        compilation_options: Default::default(),
        cache: None,
    });

    let staging: Vec<wgpu::Buffer> = gpu_buffers
        .iter()
        .map(|b| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: b.size(),
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        })
        .collect();
    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
    {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor::default());
        pass.set_pipeline(&pipeline);
        for (index, group) in groups.iter().enumerate() {
            pass.set_bind_group(index as u32, group, &[]);
        }
        pass.dispatch_workgroups(workgroups[0], workgroups[1], workgroups[2]);
    }
    for (from, to) in gpu_buffers.iter().zip(&staging) {
        encoder.copy_buffer_to_buffer(from, 0, to, 0, from.size());
    }
    queue.submit([encoder.finish()]);
    Ok(staging)
}

/// Maps every staging buffer and copies out the bytes the caller gave (without padding).
fn read_back(
    device: &wgpu::Device,
    staging: &[wgpu::Buffer],
    buffers: &[BufferBinding<'_>],
) -> Result<Vec<Vec<u8>>, GpuError> {
    let (sender, receiver) = std::sync::mpsc::channel();
    for (index, buffer) in staging.iter().enumerate() {
        let sender = sender.clone();
        buffer.slice(..).map_async(wgpu::MapMode::Read, move |result| {
            // The receiver outlives the poll below, so a failed send cannot happen.
            let _ = sender.send((index, result));
        });
    }
    drop(sender);
    // A shader that never terminates must become an error, not a hung test or program.
    device
        .poll(wgpu::PollType::Wait { submission_index: None, timeout: Some(POLL_TIMEOUT) })
        .map_err(|e| GpuError::Readback(e.to_string()))?;
    for (index, result) in receiver.iter() {
        result.map_err(|e| GpuError::Readback(format!("buffer {index}: {e}")))?;
    }
    let mut out = Vec::with_capacity(staging.len());
    for (buffer, binding) in staging.iter().zip(buffers) {
        let view = buffer.get_mapped_range(..).map_err(|e| GpuError::Readback(e.to_string()))?;
        out.push(view[..binding.data.len()].to_vec());
        drop(view);
        buffer.unmap();
    }
    Ok(out)
}


/// Buffer sizes must be multiples of 4 (`COPY_BUFFER_ALIGNMENT`) and not zero. Storage buffers
/// get no more than that, since `arrayLength` sees the padding; uniform buffers are rounded to
/// 16 bytes, a whole number of vec4s, as the uniform address space rounds structs to 16 bytes.
fn padded_size(len: usize, kind: BufferKind) -> u64 {
    let align = match kind {
        BufferKind::Storage { .. } => 4,
        BufferKind::Uniform => 16,
    };
    (len.max(1) as u64).next_multiple_of(align)
}
