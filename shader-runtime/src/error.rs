//! The runtime's one error type. Every failure a user can cause (no adapter, a buffer too small
//! for a binding, a buffer created without the usage a binding needs) is an `Err`, never a
//! panic: a machine without a GPU is an expected case, not a bug.

use std::fmt;

/// Why a GPU operation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GpuError {
    /// No adapter: no GPU driver (or no software Vulkan driver) is installed, or none matched
    /// `WGPU_ADAPTER_NAME` / `WGPU_BACKEND`.
    NoAdapter(String),
    /// The adapter exists but refused to create a device.
    RequestDevice(String),
    /// wgpu rejected the shader, a layout or a command (its validation error text).
    Validation(String),
    /// Reading a buffer or texture back failed.
    Readback(String),
    /// A resource given for a shader binding does not fit it.
    Binding(BindingError),
    /// A buffer or texture used in a way its creation did not allow (size, usage).
    InvalidUse(String),
    /// The shader needs something the device does not offer (a feature, a limit).
    Unsupported(String),
    /// An override constant was given a value below its `least_value`: the module indexes an
    /// array it sizes with a constant index that value would put out of bounds (WGSL §8.7: a
    /// pipeline-creation error), or an array it sizes would have no element.
    ConstantBelowLeast {
        /// The module (its name in Rust).
        module: &'static str,
        /// The constant's name in the shader.
        constant: &'static str,
        /// Its SpecId.
        id: u32,
        /// The variables holding the arrays it sizes.
        arrays: &'static [&'static str],
        /// The least value the module allows.
        least: u32,
    },
    /// An override constant was given a value other than its default, and the module indexes,
    /// with a constant index, an array whose length is an expression of it that does not grow
    /// with it (`8 - N`): only the default is known to keep that index in bounds. Or (`arrays`
    /// empty) the module reads it at its default where SPIR-V takes only a constant: a
    /// GL_KHR_memory_scope_semantics scope or semantics argument.
    ConstantKeepsDefault {
        /// The module (its name in Rust).
        module: &'static str,
        /// The constant's name in the shader.
        constant: &'static str,
        /// Its SpecId.
        id: u32,
        /// The variables holding the arrays it sizes.
        arrays: &'static [&'static str],
        /// The only value the module accepts, the constant's default.
        default: Option<i64>,
    },
    /// An override constant that sizes arrays was given a value other than its default. The
    /// module's arrays have the default length (the wgpu target writes it: naga reads no
    /// specialization-constant array lengths), so another value would make the shader index
    /// past them.
    ArrayLengthConstant {
        /// The module (its name in Rust).
        module: &'static str,
        /// The constant's name in the shader.
        constant: &'static str,
        /// Its SpecId.
        id: u32,
        /// The variables holding the arrays it sizes.
        arrays: &'static [&'static str],
        /// The only value the module accepts, the constant's default.
        default: Option<i64>,
    },
}

/// A resource that does not fit the binding it was given for. Names the binding as the shader
/// does, so the message points at the right field of the `Bindings` struct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BindingError {
    /// The binding's variable name in the shader (the `Bindings` field).
    pub name: &'static str,
    pub group: u32,
    pub binding: u32,
    pub problem: BindingProblem,
}

/// What is wrong with the resource given for a binding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BindingProblem {
    /// The buffer holds fewer bytes than the shader reads (`min_binding_size`).
    TooSmall { size: u64, needed: u64 },
    /// The buffer's runtime-sized array has fewer elements than the dispatch touches (the
    /// opt-in `dispatch_checked`).
    TooFewElements { elements: u64, touched: u64 },
    /// The buffer's element size differs from the shader's array stride.
    Stride { element: u64, stride: u64 },
    /// The resource was created without a usage the binding needs.
    MissingUsage { needed: &'static str, has: String },
    /// A buffer where the shader has a texture, and so on.
    WrongKind { expected: &'static str, found: &'static str },
    /// A texture whose format is not the binding's (a storage texture's format), or whose
    /// texels are of another type than the shader reads or writes (`float`, `sint`, `uint`,
    /// `depth`).
    Format { expected: String, found: String },
    /// A binding the pipeline cannot create (e.g. a combined image sampler from the Vulkan target).
    Unsupported(String),
}

impl fmt::Display for GpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GpuError::NoAdapter(why) => write!(
                f,
                "no GPU adapter found ({why}); install a GPU driver, or on Linux a software Vulkan \
                 driver: `apt-get install mesa-vulkan-drivers` (lavapipe). WGPU_BACKEND and \
                 WGPU_ADAPTER_NAME narrow the choice; unset them to accept any adapter"
            ),
            GpuError::RequestDevice(why) => write!(f, "the GPU adapter refused to create a device: {why}"),
            GpuError::Validation(why) => write!(f, "wgpu validation error: {why}"),
            GpuError::Readback(why) => write!(f, "reading a buffer back failed: {why}"),
            GpuError::Binding(e) => e.fmt(f),
            GpuError::InvalidUse(why) => f.write_str(why),
            GpuError::Unsupported(why) => write!(f, "not supported by this device: {why}"),
            GpuError::ConstantBelowLeast { module, constant, id, arrays, least } => {
                let arrays: Vec<String> = arrays.iter().map(|a| format!("`{a}`")).collect();
                write!(
                    f,
                    "`{module}`: the override constant `{constant}` (id {id}) sizes the arrays {}, whose lengths need it to \
                     be at least {least} (for the constant indices into them, and one element each)",
                    arrays.join(", ")
                )
            }
            GpuError::ConstantKeepsDefault { module, constant, id, arrays, default } if arrays.is_empty() => {
                let default = default.map_or_else(|| "its default".to_string(), |d| format!("its default, {d}"));
                write!(
                    f,
                    "`{module}`: the override constant `{constant}` (id {id}) is a memory scope or semantics argument \
                     (GL_KHR_memory_scope_semantics), which SPIR-V takes only as a constant fixed at compile time, so the \
                     module has it at its default and it can only be {default}"
                )
            }
            GpuError::ConstantKeepsDefault { module, constant, id, arrays, default } => {
                let arrays: Vec<String> = arrays.iter().map(|a| format!("`{a}`")).collect();
                let default = default.map_or_else(|| "its default".to_string(), |d| format!("its default, {d}"));
                write!(
                    f,
                    "`{module}`: the override constant `{constant}` (id {id}) sizes the arrays {} through a length that does \
                     not grow with it, and the shader indexes them with a constant index, so it can only be {default}",
                    arrays.join(", ")
                )
            }
            GpuError::ArrayLengthConstant { module, constant, id, arrays, default } => {
                let arrays: Vec<String> = arrays.iter().map(|a| format!("`{a}`")).collect();
                let default = default.map_or_else(|| "its default".to_string(), |d| format!("its default, {d}"));
                write!(
                    f,
                    "`{module}`: the override constant `{constant}` (id {id}) sizes the arrays {}, which this module has at \
                     the default length (the wgpu target: naga reads no specialization-constant array lengths), so it \
                     can only be {default}; to change the length, change the default in the shader",
                    arrays.join(", ")
                )
            }
        }
    }
}

impl fmt::Display for BindingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, group, binding) = (self.name, self.group, self.binding);
        write!(f, "binding `{name}` (@group({group}) @binding({binding})): ")?;
        match &self.problem {
            BindingProblem::TooSmall { size, needed } => {
                write!(f, "the buffer has {size} bytes but the shader needs at least {needed}")
            }
            BindingProblem::TooFewElements { elements, touched } => write!(
                f,
                "the buffer holds {elements} elements but the dispatch touches {touched}; \
                 writes past the end would be dropped and reads would return 0"
            ),
            BindingProblem::Stride { element, stride } => write!(
                f,
                "the buffer's elements are {element} bytes but the shader's array stride is {stride}; \
                 use the element type the `shader!` module generates"
            ),
            BindingProblem::MissingUsage { needed, has } => write!(
                f,
                "the resource needs usage {needed} but was created with {has}; create it with the \
                 matching `Gpu` constructor (e.g. `storage_buffer` for storage, `uniform_buffer` for uniform)"
            ),
            BindingProblem::WrongKind { expected, found } => write!(f, "expected {expected}, got {found}"),
            BindingProblem::Format { expected, found } => write!(f, "the shader expects {expected}, the texture is {found}"),
            BindingProblem::Unsupported(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for GpuError {}

impl From<BindingError> for GpuError {
    fn from(e: BindingError) -> GpuError {
        GpuError::Binding(e)
    }
}
