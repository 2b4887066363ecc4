//! Typed buffers: `Buffer<T>` holds one `Pod` value, `Buffer<[T]>` a slice of them. The type
//! parameter is what the generated `Bindings` structs check at compile time; sizes and usages
//! are checked against a binding's needs when the buffer is bound.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};

use bytemuck::Pod;
use wgpu::BufferUsages;

use crate::gpu::Backend;
use crate::{Gpu, GpuError};

/// What a buffer can hold: one `Pod` value or a slice of them. Sealed: the runtime relies on
/// the byte views being exact.
pub trait BufferData: sealed::Sealed {
    /// What reading the buffer back returns (`T` or `Vec<T>`).
    type Owned;
    /// The bytes to upload.
    fn as_bytes(&self) -> &[u8];
    /// Slices: the element size (what a shader's array stride must equal); values: `None`.
    fn element_size() -> Option<u64>;
    /// Rebuilds the value from exactly `len` bytes of a readback.
    fn from_bytes(bytes: &[u8]) -> Self::Owned;
}

mod sealed {
    pub trait Sealed {}
    impl<T: bytemuck::Pod> Sealed for T {}
    impl<T: bytemuck::Pod> Sealed for [T] {}
}

impl<T: Pod> BufferData for T {
    type Owned = T;
    fn as_bytes(&self) -> &[u8] {
        bytemuck::bytes_of(self)
    }
    fn element_size() -> Option<u64> {
        None
    }
    fn from_bytes(bytes: &[u8]) -> T {
        bytemuck::pod_read_unaligned(bytes)
    }
}

impl<T: Pod> BufferData for [T] {
    type Owned = Vec<T>;
    fn as_bytes(&self) -> &[u8] {
        bytemuck::cast_slice(self)
    }
    fn element_size() -> Option<u64> {
        Some(std::mem::size_of::<T>() as u64)
    }
    fn from_bytes(bytes: &[u8]) -> Vec<T> {
        let size = std::mem::size_of::<T>();
        if size == 0 {
            return Vec::new();
        }
        bytes.chunks_exact(size).map(bytemuck::pod_read_unaligned).collect()
    }
}

/// A process-wide unique resource number: bind groups are cached by the resources they hold,
/// and numbers are never reused, so a dropped buffer can never alias a live one in the cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ResourceId(u64);

impl ResourceId {
    pub(crate) fn next() -> ResourceId {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        ResourceId(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

/// A GPU buffer holding a `T` (one value) or a `[T]` (a slice).
#[derive(Debug)]
pub struct Buffer<T: ?Sized> {
    raw: RawBuffer,
    // `fn() -> Box<T>`: owns no `T`, and stays `Send + Sync` whatever `T` is.
    _type: PhantomData<fn() -> Box<T>>,
}

/// A buffer without its element type: a wgpu buffer or the CPU device's memory, with the
/// usage and sizes the binding checks read (the same on both devices).
#[derive(Debug)]
pub struct RawBuffer {
    store: BufferStore,
    id: ResourceId,
    /// Bytes of data; the buffer itself may be padded beyond this.
    len: u64,
    /// Bytes allocated (the data padded to 4 bytes, uniform buffers to 16).
    size: u64,
    usage: BufferUsages,
}

#[derive(Debug)]
pub(crate) enum BufferStore {
    Wgpu(wgpu::Buffer),
    Cpu(shader_cpu::Buffer),
}

impl RawBuffer {
    /// The wgpu buffer; `None` on the CPU device.
    pub fn wgpu(&self) -> Option<&wgpu::Buffer> {
        match &self.store {
            BufferStore::Wgpu(b) => Some(b),
            BufferStore::Cpu(_) => None,
        }
    }

    pub(crate) fn store(&self) -> &BufferStore {
        &self.store
    }

    pub fn id(&self) -> ResourceId {
        self.id
    }

    /// Bytes allocated: the data padded to 4 bytes (uniform buffers to 16), as wgpu sees it.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Bytes of data.
    pub fn byte_len(&self) -> u64 {
        self.len
    }

    pub fn usage(&self) -> BufferUsages {
        self.usage
    }
}

/// The arguments of an indirect dispatch, as `dispatch_workgroups_indirect` reads them.
pub type DispatchIndirectArgs = [u32; 3];

/// Usages every buffer the runtime creates gets on top of its main one: uploads and readback.
const COPY: BufferUsages = BufferUsages::COPY_SRC.union(BufferUsages::COPY_DST);

impl Gpu {
    /// A buffer with `data` and exactly `usage` (add `COPY_SRC` to read it back, `COPY_DST` to
    /// write it). Sizes are padded to 4 bytes (`COPY_BUFFER_ALIGNMENT`), uniform buffers to 16
    /// (a uniform block is a whole number of 16-byte rows).
    pub fn buffer<T: BufferData + ?Sized>(&self, data: &T, usage: BufferUsages) -> Buffer<T> {
        let bytes = data.as_bytes();
        let align = if usage.contains(BufferUsages::UNIFORM) { 16 } else { wgpu::COPY_BUFFER_ALIGNMENT };
        let size = (bytes.len() as u64).max(1).next_multiple_of(align);
        let store = match self.backend() {
            Backend::Wgpu(w) => BufferStore::Wgpu(raw_buffer(&w.device, bytes, size, usage)),
            Backend::Cpu(_) => {
                let cpu = shader_cpu::Buffer::zeroed(size as usize);
                cpu.write(0, bytes);
                BufferStore::Cpu(cpu)
            }
        };
        let raw = RawBuffer { store, id: ResourceId::next(), len: bytes.len() as u64, size, usage };
        Buffer { raw, _type: PhantomData }
    }

    /// A storage buffer (`var<storage>`, GLSL `buffer`), readable back and writable.
    pub fn storage_buffer<T: BufferData + ?Sized>(&self, data: &T) -> Buffer<T> {
        self.buffer(data, BufferUsages::STORAGE | COPY)
    }

    /// A zeroed storage buffer of `len` elements, e.g. for results.
    pub fn storage_buffer_zeroed<T: Pod>(&self, len: usize) -> Buffer<[T]> {
        self.storage_buffer(&vec![T::zeroed(); len][..])
    }

    /// A uniform buffer (`var<uniform>`, GLSL `uniform` block).
    pub fn uniform_buffer<T: BufferData + ?Sized>(&self, data: &T) -> Buffer<T> {
        self.buffer(data, BufferUsages::UNIFORM | COPY)
    }

    /// A vertex buffer for a render pipeline.
    pub fn vertex_buffer<T: Pod>(&self, data: &[T]) -> Buffer<[T]> {
        self.buffer(data, BufferUsages::VERTEX | COPY)
    }

    /// An index buffer (`u16` or `u32` indices).
    pub fn index_buffer<T: Index>(&self, data: &[T]) -> Buffer<[T]> {
        self.buffer(data, BufferUsages::INDEX | COPY)
    }

    /// The arguments of an indirect dispatch (`[x, y, z]` workgroups). Also a storage buffer,
    /// so a shader can compute the workgroup count of a later dispatch.
    pub fn indirect_buffer(&self, args: &DispatchIndirectArgs) -> Buffer<DispatchIndirectArgs> {
        self.buffer(args, BufferUsages::INDIRECT | BufferUsages::STORAGE | COPY)
    }

}

fn raw_buffer(device: &wgpu::Device, bytes: &[u8], size: u64, usage: BufferUsages) -> wgpu::Buffer {
    let raw = device.create_buffer(&wgpu::BufferDescriptor { label: None, size, usage, mapped_at_creation: true });
    // A buffer mapped at creation is zeroed, so the padding needs no write.
    if let Ok(mut view) = raw.get_mapped_range_mut(..) {
        view.slice(..bytes.len()).copy_from_slice(bytes);
    }
    raw.unmap();
    raw
}

/// Index types an index buffer can hold.
pub trait Index: Pod {
    const FORMAT: wgpu::IndexFormat;
}

impl Index for u16 {
    const FORMAT: wgpu::IndexFormat = wgpu::IndexFormat::Uint16;
}

impl Index for u32 {
    const FORMAT: wgpu::IndexFormat = wgpu::IndexFormat::Uint32;
}

impl<T: ?Sized> Buffer<T> {
    /// The wgpu buffer, for code that goes beyond this API; `None` on the CPU device.
    pub fn raw(&self) -> Option<&wgpu::Buffer> {
        self.raw.wgpu()
    }

    /// The buffer without its type.
    pub fn untyped(&self) -> &RawBuffer {
        &self.raw
    }

    pub fn id(&self) -> ResourceId {
        self.raw.id
    }

    /// The size of the data in bytes (the buffer may be padded beyond it).
    pub fn byte_len(&self) -> u64 {
        self.raw.len
    }

    pub fn usage(&self) -> BufferUsages {
        self.raw.usage
    }
}

impl<T: BufferData + ?Sized> Buffer<T> {
    /// Replaces the contents. The new data must have the same size.
    pub fn write(&self, gpu: &Gpu, data: &T) -> Result<(), GpuError> {
        self.write_bytes(gpu, 0, data.as_bytes())
    }

    /// Reads the contents back, waiting for every command submitted so far.
    pub fn read_blocking(&self, gpu: &Gpu) -> Result<T::Owned, GpuError> {
        pollster::block_on(self.read(gpu))
    }

    /// Reads the contents back. On native backends the wait for the GPU happens inside (wgpu
    /// only makes progress when the device is polled); on the web the browser drives it.
    pub async fn read(&self, gpu: &Gpu) -> Result<T::Owned, GpuError> {
        let bytes = read_bytes(gpu, &self.raw).await?;
        Ok(T::from_bytes(&bytes))
    }

    fn write_bytes(&self, gpu: &Gpu, offset: u64, bytes: &[u8]) -> Result<(), GpuError> {
        if !self.usage().contains(BufferUsages::COPY_DST) {
            return Err(GpuError::InvalidUse(format!(
                "cannot write a buffer created without COPY_DST (usage {:?})",
                self.usage()
            )));
        }
        let end = offset + bytes.len() as u64;
        if end > self.raw.len {
            return Err(GpuError::InvalidUse(format!(
                "writing bytes {offset}..{end} into a buffer of {} bytes; create a new buffer to change its size",
                self.raw.len
            )));
        }
        if offset % wgpu::COPY_BUFFER_ALIGNMENT != 0 || bytes.len() as u64 % wgpu::COPY_BUFFER_ALIGNMENT != 0 {
            // `write_buffer` needs 4-byte aligned ranges; the padded tail makes that possible.
            return Err(GpuError::InvalidUse(format!(
                "writes must start and end at multiples of 4 bytes (bytes {offset}..{end})"
            )));
        }
        match (&self.raw.store, gpu.backend()) {
            (BufferStore::Wgpu(raw), Backend::Wgpu(w)) => w.queue.write_buffer(raw, offset, bytes),
            (BufferStore::Cpu(cpu), _) => cpu.write(offset as usize, bytes),
            (BufferStore::Wgpu(_), Backend::Cpu(_)) => return Err(wrong_device()),
        }
        Ok(())
    }
}

impl<T: Pod> Buffer<[T]> {
    /// The number of elements.
    pub fn len(&self) -> usize {
        match std::mem::size_of::<T>() {
            0 => 0,
            size => (self.raw.len / size as u64) as usize,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Overwrites elements `first..first + data.len()`.
    pub fn write_at(&self, gpu: &Gpu, first: usize, data: &[T]) -> Result<(), GpuError> {
        let offset = (first * std::mem::size_of::<T>()) as u64;
        self.write_bytes(gpu, offset, bytemuck::cast_slice(data))
    }
}

/// A resource of one device used with another.
pub(crate) fn wrong_device() -> GpuError {
    GpuError::InvalidUse("a resource made by one device (wgpu or the CPU device) was used with the other".to_string())
}

/// Copies the data bytes of `buffer` into a mappable buffer, waits, and returns them.
async fn read_bytes(gpu: &Gpu, buffer: &RawBuffer) -> Result<Vec<u8>, GpuError> {
    if !buffer.usage.contains(BufferUsages::COPY_SRC) {
        return Err(GpuError::InvalidUse(format!(
            "cannot read back a buffer created without COPY_SRC (usage {:?})",
            buffer.usage
        )));
    }
    let len = buffer.len;
    let (raw, w) = match (&buffer.store, gpu.backend()) {
        (BufferStore::Wgpu(raw), Backend::Wgpu(w)) => (raw, w),
        (BufferStore::Cpu(cpu), _) => {
            let mut bytes = cpu.to_bytes();
            bytes.truncate(len as usize);
            return Ok(bytes);
        }
        (BufferStore::Wgpu(_), Backend::Cpu(_)) => return Err(wrong_device()),
    };
    let size = len.max(1).next_multiple_of(wgpu::COPY_BUFFER_ALIGNMENT);
    let staging = w.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("readback"),
        size,
        usage: BufferUsages::MAP_READ | BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut encoder = w.device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some("readback") });
    encoder.copy_buffer_to_buffer(raw, 0, &staging, 0, size.min(raw.size()));
    w.queue.submit([encoder.finish()]);
    map_and_copy(gpu, &staging, len as usize).await
}

/// Maps a `MAP_READ` buffer and copies its first `len` bytes out.
pub(crate) async fn map_and_copy(gpu: &Gpu, staging: &wgpu::Buffer, len: usize) -> Result<Vec<u8>, GpuError> {
    let (sender, receiver) = std::sync::mpsc::channel();
    staging.slice(..).map_async(wgpu::MapMode::Read, move |result| {
        // The receiver lives until after the wait below, so the send cannot fail.
        let _ = sender.send(result);
    });
    gpu.wait()?;
    receiver
        .recv()
        .map_err(|_| GpuError::Readback("the map callback never ran".to_string()))?
        .map_err(|e| GpuError::Readback(e.to_string()))?;
    let bytes = {
        let view = staging.get_mapped_range(..).map_err(|e| GpuError::Readback(e.to_string()))?;
        view[..len].to_vec()
    };
    staging.unmap();
    Ok(bytes)
}
