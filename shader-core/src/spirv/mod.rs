//! The SPIR-V back end: validated IR in, SPIR-V words out (written directly, `words.rs`).
//!
//! One private context ([`Writer`]) walks the module once: types and constants are created on
//! first use and deduplicated (so the header holds only what the code needs), globals and
//! overrides are declared up front, then every function is emitted as structured control flow.
//! Capabilities and extensions are collected while emitting and written at the end, sorted, so
//! the output depends only on the IR (no hash-map order leaks into it).
//!
//! Two consumers constrain the shape of the output: `spirv-val` (Vulkan 1.1+ rules) and naga's
//! SPIR-V front end, which wgpu uses to re-parse our words. Where naga is stricter than the
//! specification we follow naga (e.g. every buffer global is a `Block` struct variable; combined
//! image samplers are built with `OpSampledImage` right before the sampling instruction).
//!
//! Invariant: this module only reads the IR; it never changes it, and bad IR gives a
//! diagnostic, never a panic.

mod bounds;
mod debug;
mod expression;
mod function;
mod image;
mod raw;
mod types;
mod wgpu;
mod words;

use crate::diag::{Diagnostic, Diagnostics};
use crate::ir::validate::{ModuleInfo, Validated};
use crate::ir::*;
use crate::layout;
use crate::span::Span;
pub use bounds::BoundsChecks;
pub use debug::DebugInfo;
pub use types::spec_steps;
use expression::Shape;
use words::{inst, inst_string, Sections};
use spirv::{Capability, Op, StorageClass, Word};
use std::collections::{BTreeSet};
use crate::hash::FxHashMap as HashMap;
use crate::hash::FxHashSet as HashSet;

#[derive(Clone, Debug)]
pub struct Options {
    /// `(1, 0)` to `(1, 6)`.
    pub version: (u8, u8),
    /// Emit `OpName`/`OpMemberName` for debugging.
    pub debug_names: bool,
    /// The module is for wgpu's default path (naga reads it): what naga cannot read is an
    /// error naming the feature (`wgpu.rs`).
    pub wgpu: bool,
    /// Whether run-time indices are clamped ([`BoundsChecks`]).
    pub bounds_checks: BoundsChecks,
}

impl Default for Options {
    fn default() -> Self {
        Options { version: (1, 0), debug_names: true, wgpu: false, bounds_checks: BoundsChecks::Clamp }
    }
}

/// Emits a validated module without source lines. Fails only for IR the back end cannot
/// express.
pub fn emit(validated: &Validated, options: &Options) -> Result<Vec<u32>, Diagnostics> {
    emit_with_lines(validated, options, None)
}

/// Emits a validated module, with source-line debug info (`OpString`, `OpSource`, `OpLine`;
/// `debug.rs`) when `debug` is given.
pub fn emit_with_lines(validated: &Validated, options: &Options, debug: Option<&DebugInfo<'_>>) -> Result<Vec<u32>, Diagnostics> {
    if options.version.0 != 1 || options.version.1 > 6 {
        let message = format!("SPIR-V version {}.{} is not supported (1.0 to 1.6 are)", options.version.0, options.version.1);
        return Err(Diagnostic::error(message, Span::default()).into());
    }
    let (module, info) = (validated.module(), validated.info());
    let mut writer = Writer::new(module, info, options, debug);
    writer.write_module().map_err(Diagnostics::from)?;
    if !writer.wgpu_errors.is_empty() {
        return Err(std::mem::take(&mut writer.wgpu_errors));
    }
    Ok(writer.finish())
}

/// Result of the back end's internal steps; one diagnostic ends emission.
type R<T> = Result<T, Diagnostic>;

fn error<T>(message: impl Into<String>, span: Span) -> R<T> {
    Err(Diagnostic::error(message, span))
}

/// Deduplication key of the non-aggregate SPIR-V types (SPIR-V 2.8: two non-aggregate type
/// declarations with the same operands are invalid); function types are keyed by their words
/// ([`Writer::function_types`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum TypeKey {
    Void,
    Bool,
    Int { width: u8, signed: bool },
    Float { width: u8 },
    Vector { component: Word, count: u32 },
    Matrix { column: Word, count: u32 },
    Pointer { class: StorageClass, pointee: Word },
    Image { sampled: Word, dim: spirv::Dim, depth: u32, arrayed: u32, ms: u32, sampled_kind: u32, format: spirv::ImageFormat },
    Sampler,
    SampledImage { image: Word },
    RayQuery,
    AccelerationStructure,
}

/// [`Writer::constant_kinds`] flags.
const PLAIN: u8 = 1;
const NULL: u8 = 2;

/// Deduplication key of module-level scalar and null constants (composites are keyed by their
/// words, [`Writer::composites`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum ConstKey {
    Scalar { ty: Word, bits: u64 },
    Null { ty: Word },
}

/// How a global is reached from code.
#[derive(Clone, Copy, Debug)]
struct GlobalSlot {
    var: Word,
    /// The global is wrapped (buffer block around a non-struct type, `SampleMask` array):
    /// every access goes through element/member 0 of the variable.
    wrapped: bool,
    class: StorageClass,
}

/// Where `break` and `continue` go inside the function being written.
#[derive(Clone, Copy, Debug)]
enum Construct {
    Loop { merge: Word, continuing: Word },
    Switch { merge: Word },
    /// Inside a loop's continuing block: `break` and `continue` may not leave it.
    Continuing,
}

/// Per-function state of the code being written.
#[derive(Default)]
struct FunctionState {
    /// A block is open: `false` after a terminator (what follows is dead and skipped).
    open: bool,
    /// The last instruction written into the open block.
    last_op: Option<Op>,
    /// Label of the open block (for `OpPhi` parents).
    label: Word,
    /// `OpVariable`s for the entry block: locals and spill slots.
    variables: Vec<Word>,
    /// Where the entry block's `OpVariable`s go in `Sections::functions`: after its label.
    variables_at: usize,
    locals: Vec<Word>,
    lets: Vec<Option<Word>>,
    /// The expression each `let` was bound to, so `arrayLength` can see through a `let` holding
    /// a pointer to the structure its array is the last member of.
    let_values: Vec<Option<Handle<Expression>>>,
    arguments: Vec<Word>,
    /// The IR function being written.
    handle: Option<Handle<Function>>,
    constructs: Vec<Construct>,
    /// Labels branched to by `break`/`continue`, so merge and continue blocks know whether
    /// they are reachable.
    targeted: HashSet<Word>,
    depth: u32,
}

impl FunctionState {
    /// Ready for function `handle` with `lets` let bindings: as `FunctionState::default()` would
    /// be, keeping the vectors' and the set's allocations from the previous function.
    fn reset(&mut self, handle: Handle<Function>, lets: usize) {
        let FunctionState { open, last_op, label, variables, variables_at, locals, lets: let_ids, let_values, arguments, handle: current, constructs, targeted, depth } =
            self;
        *open = false;
        *last_op = None;
        *label = 0;
        variables.clear();
        *variables_at = 0;
        locals.clear();
        let_ids.clear();
        let_ids.resize(lets, None);
        let_values.clear();
        let_values.resize(lets, None);
        arguments.clear();
        *current = Some(handle);
        constructs.clear();
        targeted.clear();
        *depth = 0;
    }
}

/// Deepest expression/statement nesting we write before reporting an error instead of risking
/// the stack.
const MAX_DEPTH: u32 = 400;

struct Writer<'a> {
    module: &'a Module,
    info: &'a ModuleInfo,
    options: &'a Options,
    /// The module's words so far, section by section.
    s: Sections,
    next_id: Word,
    capabilities: BTreeSet<Capability>,
    extensions: BTreeSet<&'static str>,
    /// Extensions named by the source (GL_EXT_spirv_intrinsics), beside `extensions`.
    raw_extensions: BTreeSet<String>,
    /// Extended instruction set imports of raw instructions, by name.
    raw_sets: HashMap<String, Word>,
    glsl_ext: Option<Word>,
    type_cache: HashMap<TypeKey, Word>,
    /// `OpTypeFunction`s by their return type followed by their parameter types.
    function_types: HashMap<Vec<Word>, Word>,
    /// The id of each scalar type declared so far, by [`Scalar::slot`] (0: not yet; the bools
    /// of every width share one type).
    scalar_types: [Word; Scalar::SLOTS],
    /// The SPIR-V type of each IR type written so far, indexed like `Module::types` (0: not
    /// yet; no id is 0).
    ir_types: Vec<Word>,
    /// One-member `Block` structs wrapping a non-struct buffer type, by the wrapped type.
    wrappers: HashMap<(Handle<Type>, StorageClass), Word>,
    constants: HashMap<ConstKey, Word>,
    /// The ids of the u32 constants 0 to 15, then of the i32 ones (0: not yet).
    small_integers: [Word; 32],
    /// `OpConstantComposite`s by their type followed by their constituents.
    composites: HashMap<Vec<Word>, Word>,
    /// By id: `PLAIN` for an `OpConstant*` result (as opposed to spec constants), `PLAIN |
    /// NULL` for an `OpConstantNull`; 0 for every other id (ids past the end too).
    constant_kinds: Vec<u8>,
    /// Constituents of vector constants (at most 4, the rest unused), so composites of vectors
    /// can be flattened.
    constant_parts: HashMap<Word, ([Word; 4], usize)>,
    const_exprs: Vec<Option<Word>>,
    overrides: Vec<Word>,
    globals: Vec<GlobalSlot>,
    functions: Vec<Word>,
    /// By type: used inside another type (a `Block` struct must not be), indexed like
    /// `Module::types`.
    nested_types: Vec<bool>,
    /// Struct types already decorated `Block`.
    blocks_decorated: HashSet<Word>,
    /// Per global: used by a fragment entry point / by a vertex entry point.
    global_stages: Vec<(bool, bool)>,
    f: FunctionState,
    fun: Option<&'a Function>,
    /// Buffer references (GL_EXT_buffer_reference) were used: the module needs the
    /// `PhysicalStorageBuffer64` addressing model.
    physical_storage: bool,
    /// The module has a buffer reference type: without one, no value holds a reference and
    /// no access needs an alignment (`holds_reference`, `reference_alignment` answer at once).
    has_references: bool,
    /// `PhysicalStorageBuffer` pointer types whose pointee is being written, with the index in
    /// `types_global_values` where an `OpTypeForwardPointer` goes if the pointee refers back
    /// to the pointer (SPIR-V 2.2.2), and whether it did.
    forward_pointers: HashMap<Handle<Type>, (usize, bool)>,
    /// Nesting of `type_id` calls, and the buffer reference types declared forward inside
    /// another type whose `OpTypePointer` is still to be written: (type, id, pointee).
    type_depth: u32,
    deferred_references: Vec<(Handle<Type>, Word, Handle<Type>)>,
    /// Pointee structs of `coherent`/`volatile` references already member-decorated.
    decorated_reference_blocks: HashSet<Word>,
    /// The statement or global being written: where a wgpu-target error points.
    span: Span,
    /// Features the wgpu target cannot take, each reported once (`wgpu.rs`).
    wgpu_refused: BTreeSet<String>,
    wgpu_errors: Diagnostics,
    /// `Coherent`/`Volatile` block member decorations written for the wgpu target.
    member_decorations: HashSet<(Word, u32, spirv::Decoration)>,
    /// Debug names in the order written: `OpName` (no member) and `OpMemberName`. `finish`
    /// assembles them from the IR's strings (no copy of a string per name).
    names: Vec<(Word, Option<u32>, &'a str)>,
    /// Source-line debug info, when asked for (`debug.rs`).
    debug: Option<&'a DebugInfo<'a>>,
    lines: debug::Lines,
    /// Emptied operand lists for [`Writer::operand_list`] to hand out again.
    spare_lists: Vec<Vec<Word>>,
}

impl<'a> Writer<'a> {
    fn new(module: &'a Module, info: &'a ModuleInfo, options: &'a Options, debug: Option<&'a DebugInfo<'a>>) -> Writer<'a> {
        Writer {
            module,
            info,
            options,
            s: Sections::sized_for(module),
            next_id: 1,
            capabilities: BTreeSet::new(),
            extensions: BTreeSet::new(),
            raw_extensions: BTreeSet::new(),
            raw_sets: HashMap::default(),
            glsl_ext: None,
            // Sized for a typical module, so the maps seldom grow (each growth rehashes).
            type_cache: HashMap::with_capacity_and_hasher(module.types.len() + 16, Default::default()),
            function_types: HashMap::default(),
            scalar_types: [0; Scalar::SLOTS],
            ir_types: vec![0; module.types.len()],
            wrappers: HashMap::default(),
            constants: HashMap::with_capacity_and_hasher(module.const_expressions.len() + 32, Default::default()),
            constant_kinds: Vec::new(),
            composites: HashMap::default(),
            small_integers: [0; 32],
            constant_parts: HashMap::default(),
            const_exprs: vec![None; module.const_expressions.len()],
            overrides: Vec::with_capacity(module.overrides.len()),
            globals: Vec::with_capacity(module.globals.len()),
            functions: Vec::with_capacity(module.functions.len()),
            nested_types: Vec::new(),
            blocks_decorated: HashSet::default(),
            global_stages: vec![(false, false); module.globals.len()],
            f: FunctionState::default(),
            fun: None,
            physical_storage: false,
            has_references: module.types.iter().any(|(_, t)| t.inner.is_reference()),
            forward_pointers: HashMap::default(),
            type_depth: 0,
            deferred_references: Vec::new(),
            decorated_reference_blocks: HashSet::default(),
            span: Span::default(),
            wgpu_refused: BTreeSet::new(),
            wgpu_errors: Diagnostics::new(),
            member_decorations: HashSet::default(),
            names: Vec::with_capacity(module.globals.len() + module.functions.len() + 16),
            debug,
            lines: debug::Lines::default(),
            spare_lists: Vec::new(),
        }
    }

    fn version_at_least(&self, minor: u8) -> bool {
        self.options.version.1 >= minor
    }

    /// An empty vector for a list of operands (an instruction's, a constant's constituents),
    /// one given back before ([`Self::give_back`]) when there is one: the lists live as long as
    /// the instruction takes to write, and nest (an operand's own instructions need lists
    /// too), so each takes a vector from this stack and returns it, instead of allocating one.
    fn operand_list(&mut self) -> Vec<Word> {
        self.spare_lists.pop().unwrap_or_default()
    }

    /// Returns a vector from [`Self::operand_list`] for reuse. (One not given back, on an
    /// error path, is simply dropped.)
    fn give_back(&mut self, mut list: Vec<Word>) {
        list.clear();
        self.spare_lists.push(list);
    }

    /// A fresh result id.
    fn id(&mut self) -> Word {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    fn decorate(&mut self, target: Word, decoration: spirv::Decoration, operands: &[Word]) {
        inst(&mut self.s.annotations, Op::Decorate, &[target, decoration as u32], operands);
    }

    fn member_decorate(&mut self, structure: Word, member: u32, decoration: spirv::Decoration, operands: &[Word]) {
        inst(&mut self.s.annotations, Op::MemberDecorate, &[structure, member, decoration as u32], operands);
    }

    fn execution_mode(&mut self, function: Word, mode: spirv::ExecutionMode, operands: &[Word]) {
        inst(&mut self.s.execution_modes, Op::ExecutionMode, &[function, mode as u32], operands);
    }

    fn execution_mode_id(&mut self, function: Word, mode: spirv::ExecutionMode, operands: &[Word]) {
        inst(&mut self.s.execution_modes, Op::ExecutionModeId, &[function, mode as u32], operands);
    }

    fn capability(&mut self, capability: Capability) {
        if self.capabilities.insert(capability) {
            self.check_wgpu_capability(capability);
        }
    }

    /// Adds an extension only for versions below `core_in` (where it became core).
    fn extension_below(&mut self, name: &'static str, core_in: u8) {
        if !self.version_at_least(core_in) {
            self.extensions.insert(name);
        }
    }

    fn glsl(&mut self) -> Word {
        match self.glsl_ext {
            Some(id) => id,
            None => {
                let id = self.id();
                self.glsl_ext = Some(id);
                id
            }
        }
    }

    fn name(&mut self, id: Word, name: &'a Option<String>) {
        if let (true, Some(name)) = (self.options.debug_names, name) {
            self.names.push((id, None, name.as_str()));
        }
    }

    /// `OpMemberName` of member `member` of struct type `id`.
    fn member_name(&mut self, id: Word, member: u32, name: &'a str) {
        if self.options.debug_names {
            self.names.push((id, Some(member), name));
        }
    }

    fn write_module(&mut self) -> R<()> {
        self.capability(Capability::Shader);
        if self.module.vulkan_memory_model {
            self.capability(Capability::VulkanMemoryModel);
            self.extension_below("SPV_KHR_vulkan_memory_model", 5);
        }
        if self.module.entry_points.is_empty() {
            // A module without entry points is a library: SPIR-V only allows that with Linkage.
            self.capability(Capability::Linkage);
        }
        self.find_nested_types();
        for index in 0..self.module.entry_points.len() {
            let ep = &self.module.entry_points[index];
            let info = self.info.function(ep.function);
            let (fragment, vertex) = (ep.stage == Stage::Fragment, ep.stage == Stage::Vertex);
            for g in info.globals().iter().copied().chain(self.unreferenced_io(index)) {
                if let Some(stages) = self.global_stages.get_mut(g.index()) {
                    stages.0 |= fragment;
                    stages.1 |= vertex;
                }
            }
        }
        self.write_overrides()?;
        for (handle, _) in self.module.globals.iter() {
            let slot = self.write_global(handle)?;
            self.globals.push(slot);
        }
        self.write_spirv_requests()?;
        // Function ids first, so calls can refer to functions written later.
        for _ in self.module.functions.iter() {
            let id = self.id();
            self.functions.push(id);
        }
        for (handle, fun) in self.module.functions.iter() {
            self.write_function(handle, fun)?;
        }
        for index in 0..self.module.entry_points.len() {
            self.write_entry_point(index)?;
        }
        Ok(())
    }

    /// The module's words, in one vector sized up front: the header (`next_id` as the bound,
    /// rspirv's generator number, which the output has always carried), the capabilities,
    /// extensions, imports and memory model (known only now, written straight into it), then
    /// the sections in order, with `names` as the debug names section (SPIR-V 2.4: after the
    /// `OpString`/`OpSource` instructions, before the annotations).
    fn finish(mut self) -> Vec<u32> {
        self.finish_lines();
        const GLSL_STD_450: &str = "GLSL.std.450";
        let s = &self.s;
        let string_words = |string: &str| 2 + string.len() / 4;
        let head = 5
            + 2 * self.capabilities.len()
            + self.extensions.iter().map(|e| string_words(e)).sum::<usize>()
            + self.raw_extensions.iter().map(|e| string_words(e)).sum::<usize>()
            + 1 + string_words(GLSL_STD_450)
            + 3;
        let debug = self.names.iter().map(|(_, _, name)| 4 + name.len() / 4).sum::<usize>();
        let sections = [&s.ext_inst_imports, &s.entry_points, &s.execution_modes, &s.debug_strings, &s.annotations, &s.globals, &s.functions];
        let size = sections.iter().map(|words| words.len()).sum::<usize>();
        let mut words = Vec::with_capacity(head + size + debug);
        let (major, minor) = self.options.version;
        let version = u32::from(major) << 16 | u32::from(minor) << 8;
        words.extend([spirv::MAGIC_NUMBER, version, 0x000f_0000, self.next_id, 0]);
        for &capability in &self.capabilities {
            inst(&mut words, Op::Capability, &[capability as u32], &[]);
        }
        for &extension in &self.extensions {
            inst_string(&mut words, Op::Extension, &[], extension, &[]);
        }
        for extension in &self.raw_extensions {
            if !self.extensions.contains(extension.as_str()) {
                inst_string(&mut words, Op::Extension, &[], extension, &[]);
            }
        }
        words.extend_from_slice(&s.ext_inst_imports);
        if let Some(id) = self.glsl_ext {
            inst_string(&mut words, Op::ExtInstImport, &[id], GLSL_STD_450, &[]);
        }
        let addressing = if self.physical_storage { spirv::AddressingModel::PhysicalStorageBuffer64 } else { spirv::AddressingModel::Logical };
        let model = if self.module.vulkan_memory_model { spirv::MemoryModel::Vulkan } else { spirv::MemoryModel::GLSL450 };
        inst(&mut words, Op::MemoryModel, &[addressing as u32, model as u32], &[]);
        for section in [&s.entry_points, &s.execution_modes, &s.debug_strings] {
            words.extend_from_slice(section);
        }
        for &(target, member, name) in &self.names {
            match member {
                Some(member) => inst_string(&mut words, Op::MemberName, &[target, member], name, &[]),
                None => inst_string(&mut words, Op::Name, &[target], name, &[]),
            }
        }
        for section in [&s.annotations, &s.globals, &s.functions] {
            words.extend_from_slice(section);
        }
        words
    }

    /// Types that appear inside another type (member or array element). Binding arrays are
    /// not "inside": their element struct is the `Block` itself.
    fn find_nested_types(&mut self) {
        let nested = &mut self.nested_types;
        nested.resize(self.module.types.len(), false);
        let mut mark = |ty: Handle<Type>| {
            if let Some(slot) = nested.get_mut(ty.index()) {
                *slot = true;
            }
        };
        for (_, ty) in self.module.types.iter() {
            match &ty.inner {
                TypeInner::Struct { members, .. } => members.iter().for_each(|member| mark(member.ty)),
                TypeInner::Array { base, .. } => mark(*base),
                _ => {}
            }
        }
    }

    fn write_overrides(&mut self) -> R<()> {
        // SpecIds come from the one rule reflection reports too.
        let spec_ids = crate::ir::interface::override_ids(self.module);
        for (handle, o) in self.module.overrides.iter() {
            let span = self.module.overrides.span(handle);
            // The wgpu target: naga reads no `OpSpecConstantOp`; id-less overrides are only array
            // lengths there, written as their defaults (`types::array_length`), so none is
            // written (id 0 is never a valid reference, spirv-val would catch a use).
            // A workgroup size computed from f32 overrides is no `OpSpecConstantOp` either: the
            // host computes it (`spec_length::host_computed`; `write_workgroup_size`).
            if (self.options.wgpu && !crate::ir::interface::is_specializable(self.module, handle))
                || crate::spec_length::host_computed(self.module, handle)
            {
                self.overrides.push(0);
                continue;
            }
            // An unnamed GLSL `local_size_*_id` constant on the wgpu target has no SpecId (naga
            // refuses a second constant with a `constant_id`'s id, and reads an `OpSpecConstant`
            // without one as a plain constant): the runtime writes the pipeline's size into its
            // words and `LocalSize`'s (`write_workgroup_size`).
            let size_only = self.options.wgpu && only_sizes_workgroups(self.module, handle);
            let scalar = match self.module.types.get(o.ty).map(|t| &t.inner) {
                Some(TypeInner::Scalar(s)) => *s,
                _ => return error("an override must have a scalar type", span),
            };
            self.check_wgpu_override(scalar, span);
            let ty = self.scalar_type(scalar);
            // The default value: a plain constant becomes the OpSpecConstant's literal; an
            // initializer that uses other overrides becomes an OpSpecConstantOp (which cannot
            // carry a SpecId, SPIR-V 2.16.1), so it is not separately specializable.
            let literal = match o.init {
                None => Some(0u64),
                Some(init) => self.const_literal_bits(init),
            };
            let id = match literal {
                Some(bits) => {
                    let id = self.id();
                    if scalar.kind == ScalarKind::Bool {
                        let op = if bits != 0 { Op::SpecConstantTrue } else { Op::SpecConstantFalse };
                        self.push_type(op, &[ty, id], &[]);
                    } else {
                        let (words, count) = literal_words(scalar, bits);
                        self.push_type(Op::SpecConstant, &[ty, id], &words[..count]);
                    }
                    if !size_only {
                        let spec_id = spec_ids[handle.index()];
                        self.decorate(id, spirv::Decoration::SpecId, &[spec_id]);
                    }
                    id
                }
                None => {
                    let init = o.init.expect("literal is None only with an initializer");
                    self.const_expr(init)?
                }
            };
            self.name(id, &o.name);
            self.overrides.push(id);
        }
        Ok(())
    }

    /// The bits of a module constant expression that is a plain scalar literal (or zero).
    fn const_literal_bits(&self, expr: Handle<Expression>) -> Option<u64> {
        let exprs = &self.module.const_expressions;
        if !exprs.check(expr) {
            return None;
        }
        match exprs[expr] {
            Expression::Literal(l) => Some(literal_bits(l)),
            Expression::ZeroValue(_) => Some(0),
            _ => None,
        }
    }

    /// Whether a function uses `global` (`ir::calls::uses`): naga leaves an unused one out of
    /// the interface.
    fn used(&self, global: Handle<GlobalVariable>) -> bool {
        self.module.functions.iter().any(|(f, _)| self.info.function(f).globals().contains(&global))
    }

    fn write_global(&mut self, handle: Handle<GlobalVariable>) -> R<GlobalSlot> {
        let global = &self.module.globals[handle];
        let span = self.module.globals.span(handle);
        self.span = if span == Span::default() { self.first_use(handle) } else { span };
        let Some(ty) = self.module.types.get(global.ty) else {
            return error("a global has a missing type", span);
        };
        let class = storage_class(global.space);
        if class == StorageClass::StorageBuffer {
            self.extension_below("SPV_KHR_storage_buffer_storage_class", 3);
        }
        self.storage_capabilities(global.ty, global.space);
        let is_buffer = matches!(global.space, AddressSpace::Uniform | AddressSpace::Storage { .. } | AddressSpace::PushConstant);
        let mut wrapped = false;
        // Only where a function uses it (`ir::calls::uses`): naga leaves an unused one out of
        // the interface.
        if let Some(IoBinding::BuiltIn(builtin)) = global.io.filter(|_| self.used(handle)) {
            self.check_wgpu_builtin(handle, builtin, self.span);
        }
        let var_type = if is_buffer {
            match &ty.inner {
                TypeInner::Struct { .. } if !self.nested_types.get(global.ty.index()).copied().unwrap_or(false) => {
                    let id = self.type_id(global.ty, span)?;
                    self.decorate_block(id);
                    id
                }
                TypeInner::BindingArray { base, .. } => {
                    self.check_wgpu_buffer_array(self.span);
                    let base_id = self.type_id(*base, span)?;
                    self.decorate_block(base_id);
                    self.type_id(global.ty, span)?
                }
                _ => {
                    wrapped = true;
                    self.wrapper_type(global.ty, class, span)?
                }
            }
        } else if global.io == Some(IoBinding::BuiltIn(BuiltIn::SampleMask)) && matches!(ty.inner, TypeInner::Scalar(_)) {
            // Vulkan 15.9: SampleMask is an array of 32-bit integers; WGSL's is one u32.
            wrapped = true;
            let element = self.type_id(global.ty, span)?;
            let one = self.const_u32(1);
            let id = self.id();
            self.push_type(Op::TypeArray, &[id], &[element, one]);
            id
        } else {
            self.type_id(global.ty, span)?
        };
        let pointer = self.pointer_type(class, var_type);
        let init = match (global.init, global.space) {
            (Some(init), _) => Some(self.const_expr(init)?),
            // A ray query object and a buffer reference have no null value (SPIR-V 3.52, OpConstantNull).
            (None, AddressSpace::Private) if !self.holds_reference(global.ty) && !self.holds_ray_query(global.ty) => Some(self.const_null(var_type)),
            _ => None,
        };
        let var = self.id();
        inst(&mut self.s.globals, Op::Variable, &[pointer, var, class as u32], init.as_slice());
        self.name(var, &global.name);
        use spirv::Decoration as D;
        // SPIR-V 2.18.2: variables holding buffer references say how they alias.
        if !is_buffer && self.holds_reference(global.ty) {
            let decoration = if global.memory.restrict { D::RestrictPointer } else { D::AliasedPointer };
            self.decorate(var, decoration, &[]);
        }
        if let Some(binding) = global.binding {
            self.decorate(var, D::DescriptorSet, &[binding.group]);
            self.decorate(var, D::Binding, &[binding.binding]);
        }
        if let AddressSpace::Storage { access } = global.space {
            if !access.store {
                self.decorate(var, D::NonWritable, &[]);
            }
            // GLSL `writeonly` buffers (GLSL 4.60 §4.10; SPIR-V `NonReadable` on the variable
            // covers every member, as glslang's member decorations do).
            if !access.load {
                self.decorate(var, D::NonReadable, &[]);
            }
        }
        // A storage image's access, also through a descriptor array of them.
        let image = match &ty.inner {
            TypeInner::BindingArray { base, .. } => self.module.types.get(*base).map(|t| &t.inner),
            inner => Some(inner),
        };
        if let (AddressSpace::Handle, Some(&TypeInner::Image { dim, class: ImageClass::Storage { .. }, .. })) = (global.space, image) {
            if self.used(handle) {
                self.check_wgpu_storage_dim(dim, self.span);
            }
        }
        if let (AddressSpace::Handle, Some(TypeInner::Image { class: ImageClass::Storage { access, .. }, .. })) = (global.space, image) {
            if !access.load {
                self.decorate(var, D::NonReadable, &[]);
            }
            if !access.store {
                self.decorate(var, D::NonWritable, &[]);
            }
        }
        if self.module.vulkan_memory_model && (global.memory.coherent != Coherence::None || global.memory.volatile) {
            // The Vulkan memory model bans these decorations (SPV_KHR_vulkan_memory_model):
            // buffer accesses carry availability/visibility operands instead
            // (`memory_access`), storage image reads and writes image operands
            // (`texel_access`), atomics the Volatile semantics bit.
            let storage_image = matches!(ty.inner, TypeInner::Image { class: ImageClass::Storage { .. }, .. })
                || matches!(ty.inner, TypeInner::BindingArray { base, .. } if matches!(self.module.types.get(base).map(|t| &t.inner), Some(TypeInner::Image { class: ImageClass::Storage { .. }, .. })));
            if !is_buffer && !storage_image && global.space != AddressSpace::Workgroup {
                return error("`coherent` and `volatile` are only supported on buffers, shared variables and storage images with the Vulkan memory model", span);
            }
        } else if global.space == AddressSpace::Uniform {
            // A uniform block's memory qualifiers are not decorations (glslang writes none).
        } else if self.options.wgpu {
            // naga reads `Coherent`/`Volatile` on a variable as `@coherent`/`@volatile`, which
            // wgpu accepts only with its opt-in memory-decoration features (and never outside
            // storage buffers), but ignores them on block members. The wgpu target writes
            // glslang's form, the members of the buffer's block; elsewhere (storage images,
            // shared memory) naga can express neither, and they are left out: naga's own
            // output for wgpu has no such decorations either.
            if is_buffer && (global.memory.coherent.decorated() || global.memory.volatile) {
                // An array of buffers is an error for the wgpu target (`check_wgpu_buffer_array`).
                let (block, count) = match self.module.types.get(global.ty).map(|t| &t.inner) {
                    Some(TypeInner::Struct { members, .. }) if !wrapped => (var_type, members.len() as u32),
                    _ => (var_type, 1),
                };
                for member in 0..count {
                    for (wanted, decoration) in [(global.memory.coherent.decorated(), D::Coherent), (global.memory.volatile, D::Volatile)] {
                        if wanted && self.member_decorations.insert((block, member, decoration)) {
                            self.member_decorate(block, member, decoration, &[]);
                        }
                    }
                }
            }
        } else {
            // GLSL 4.60 §4.10: volatile memory is also coherent (glslang decorates both).
            if global.memory.coherent.decorated() || global.memory.volatile {
                self.decorate(var, D::Coherent, &[]);
            }
            if global.memory.volatile {
                self.decorate(var, D::Volatile, &[]);
            }
        }
        if global.memory.restrict && global.space != AddressSpace::Uniform {
            self.decorate(var, D::Restrict, &[]);
        }
        if global.invariant {
            self.decorate(var, D::Invariant, &[]);
        }
        if let Some(io) = global.io {
            self.decorate_io(handle, var, io, span)?;
        }
        Ok(GlobalSlot { var, wrapped, class })
    }

    fn decorate_block(&mut self, struct_id: Word) {
        if self.blocks_decorated.insert(struct_id) {
            self.decorate(struct_id, spirv::Decoration::Block, &[]);
        }
    }

    fn wrapper_type(&mut self, inner: Handle<Type>, class: StorageClass, span: Span) -> R<Word> {
        if let Some(&id) = self.wrappers.get(&(inner, class)) {
            return Ok(id);
        }
        let member = self.type_id(inner, span)?;
        let id = self.id();
        self.push_type(Op::TypeStruct, &[id], &[member]);
        self.member_decorate(id, 0, spirv::Decoration::Offset, &[0]);
        if let Some(layout) = self.matrix_in(inner) {
            // A bare matrix in a buffer (only WGSL has those; GLSL globals there are blocks).
            self.member_decorate(id, 0, spirv::Decoration::ColMajor, &[]);
            self.member_decorate(id, 0, spirv::Decoration::MatrixStride, &[layout.stride]);
        }
        self.decorate_block(id);
        self.member_name(id, 0, "value");
        self.wrappers.insert((inner, class), id);
        Ok(id)
    }

    /// Capabilities and extensions that 8/16-bit types need in a given storage class.
    fn storage_capabilities(&mut self, ty: Handle<Type>, space: AddressSpace) {
        let mut widths = 0;
        self.scalar_widths(ty, &mut widths, 0);
        let has16 = widths & 1 << 2 != 0;
        let has8 = widths & 1 << 1 != 0;
        if has16 {
            let capability = match space {
                AddressSpace::Storage { .. } => Some(Capability::StorageBuffer16BitAccess),
                AddressSpace::Uniform => Some(Capability::UniformAndStorageBuffer16BitAccess),
                AddressSpace::PushConstant => Some(Capability::StoragePushConstant16),
                AddressSpace::Input | AddressSpace::Output => Some(Capability::StorageInputOutput16),
                _ => None,
            };
            if let Some(capability) = capability {
                self.capability(capability);
                self.extension_below("SPV_KHR_16bit_storage", 3);
            }
        }
        if has8 {
            let capability = match space {
                AddressSpace::Storage { .. } => Some(Capability::StorageBuffer8BitAccess),
                AddressSpace::Uniform => Some(Capability::UniformAndStorageBuffer8BitAccess),
                AddressSpace::PushConstant => Some(Capability::StoragePushConstant8),
                _ => None,
            };
            if let Some(capability) = capability {
                self.capability(capability);
                self.extension_below("SPV_KHR_8bit_storage", 5);
            }
        }
    }

    /// The widths (in bytes) of the non-bool scalars in `ty`, as bits of `widths` (bit `w` for
    /// width `w`).
    fn scalar_widths(&self, ty: Handle<Type>, widths: &mut u32, depth: u32) {
        let Some(t) = self.module.types.get(ty) else { return };
        if depth > MAX_DEPTH {
            return;
        }
        match &t.inner {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) | TypeInner::Vector { scalar: s, .. } | TypeInner::Matrix { scalar: s, .. } => {
                if s.kind != ScalarKind::Bool {
                    *widths |= 1u32.checked_shl(u32::from(s.width)).unwrap_or(0);
                }
            }
            TypeInner::Array { base, .. } | TypeInner::BindingArray { base, .. } => self.scalar_widths(*base, widths, depth + 1),
            TypeInner::Struct { members, .. } => {
                for m in members {
                    self.scalar_widths(m.ty, widths, depth + 1);
                }
            }
            _ => {}
        }
    }

    fn decorate_io(&mut self, handle: Handle<GlobalVariable>, var: Word, io: IoBinding, span: Span) -> R<()> {
        use spirv::Decoration as D;
        let global = &self.module.globals[handle];
        let (fragment, vertex) = self.global_stages[handle.index()];
        let is_input = global.space == AddressSpace::Input;
        // Vulkan 15.1.2 (VUID-StandaloneSpirv-Flat-04744): integer and double fragment inputs
        // must be Flat; vertex inputs and fragment outputs must not carry interpolation.
        let interpolated = if is_input { fragment } else { vertex };
        let may_interpolate = if is_input { !vertex } else { global.space == AddressSpace::Output && !fragment };
        let needs_flat = interpolated && self.needs_flat(global.ty);
        match io {
            IoBinding::BuiltIn(builtin) => {
                let spv = self.builtin(builtin, fragment, vertex, span)?;
                self.decorate(var, D::BuiltIn, &[spv as u32]);
                if needs_flat && is_input {
                    self.decorate(var, D::Flat, &[]);
                }
            }
            IoBinding::Location { location, component, interpolation, sampling, blend_src } => {
                self.decorate(var, D::Location, &[location]);
                if let Some(component) = component {
                    self.check_wgpu_location_component(component, span);
                    self.decorate(var, D::Component, &[component]);
                }
                if let Some(index) = blend_src {
                    self.decorate(var, D::Index, &[index]);
                }
                if may_interpolate {
                    match interpolation {
                        Some(Interpolation::PerVertex) => {
                            self.capability(Capability::FragmentBarycentricKHR);
                            self.extensions.insert("SPV_KHR_fragment_shader_barycentric");
                            self.decorate(var, D::PerVertexKHR, &[]);
                            // Integer inputs are Flat even per vertex (VUID-StandaloneSpirv-Flat-04744).
                            if needs_flat {
                                self.decorate(var, D::Flat, &[]);
                            }
                        }
                        Some(Interpolation::Flat) => self.decorate(var, D::Flat, &[]),
                        // An integer vertex output the source declares smooth (GLSL's default,
                        // `Perspective` here) keeps no decoration, as glslang writes it; one
                        // without interpolation gets Flat (naga requires it).
                        _ if needs_flat && (is_input || interpolation.is_none()) => self.decorate(var, D::Flat, &[]),
                        Some(Interpolation::Linear) => self.decorate(var, D::NoPerspective, &[]),
                        Some(Interpolation::Perspective) | None => {}
                    }
                    let flat = match interpolation {
                        Some(Interpolation::PerVertex) => needs_flat,
                        Some(Interpolation::Flat) => true,
                        _ => needs_flat && (is_input || interpolation.is_none()),
                    };
                    match sampling {
                        // naga refuses Flat with Centroid or Sample. A flat value is the
                        // provoking vertex's wherever it is read, so for the wgpu target
                        // Centroid is dropped (the same meaning), and Sample too on a vertex
                        // output (only the fragment input's decorations count, Vulkan 15.1.3).
                        Some(Sampling::Centroid | Sampling::Sample) if flat && self.options.wgpu && !is_input => {}
                        Some(Sampling::Centroid) if flat && self.options.wgpu => {}
                        Some(Sampling::Centroid) => self.decorate(var, D::Centroid, &[]),
                        Some(Sampling::Sample) => {
                            if flat {
                                self.check_wgpu_flat_sample(span);
                            }
                            self.capability(Capability::SampleRateShading);
                            self.decorate(var, D::Sample, &[]);
                        }
                        Some(Sampling::Center) | None => {}
                    }
                }
            }
        }
        Ok(())
    }

    fn needs_flat(&self, ty: Handle<Type>) -> bool {
        match self.module.types.get(ty).map(|t| &t.inner) {
            Some(TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } | TypeInner::Matrix { scalar: s, .. }) => {
                matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint) || s.width == 8
            }
            Some(TypeInner::Array { base, .. }) => self.needs_flat(*base),
            _ => false,
        }
    }

    fn builtin(&mut self, builtin: BuiltIn, fragment: bool, vertex: bool, span: Span) -> R<spirv::BuiltIn> {
        use spirv::BuiltIn as B;
        Ok(match builtin {
            BuiltIn::Position => B::Position,
            BuiltIn::PointSize => B::PointSize,
            BuiltIn::ClipDistance => {
                self.capability(Capability::ClipDistance);
                B::ClipDistance
            }
            BuiltIn::CullDistance => {
                self.capability(Capability::CullDistance);
                B::CullDistance
            }
            BuiltIn::VertexIndex => B::VertexIndex,
            BuiltIn::InstanceIndex => B::InstanceIndex,
            BuiltIn::BaseVertex | BuiltIn::BaseInstance | BuiltIn::DrawIndex => {
                self.capability(Capability::DrawParameters);
                self.extension_below("SPV_KHR_shader_draw_parameters", 3);
                match builtin {
                    BuiltIn::BaseVertex => B::BaseVertex,
                    BuiltIn::BaseInstance => B::BaseInstance,
                    _ => B::DrawIndex,
                }
            }
            BuiltIn::FragCoord => B::FragCoord,
            BuiltIn::FrontFacing => B::FrontFacing,
            BuiltIn::FragDepth => B::FragDepth,
            BuiltIn::SampleId | BuiltIn::SamplePosition => {
                self.capability(Capability::SampleRateShading);
                if builtin == BuiltIn::SampleId {
                    B::SampleId
                } else {
                    B::SamplePosition
                }
            }
            BuiltIn::SampleMask => B::SampleMask,
            BuiltIn::PointCoord => B::PointCoord,
            BuiltIn::HelperInvocation => B::HelperInvocation,
            BuiltIn::PrimitiveId => {
                self.capability(Capability::Geometry);
                B::PrimitiveId
            }
            BuiltIn::Layer | BuiltIn::ViewportIndex => {
                // Fragment shaders read them with Geometry/MultiViewport; vertex shaders write
                // them with SPV_EXT_shader_viewport_index_layer (core as ShaderLayer in 1.5).
                let layer = builtin == BuiltIn::Layer;
                if vertex && !fragment {
                    if self.version_at_least(5) {
                        self.capability(if layer { Capability::ShaderLayer } else { Capability::ShaderViewportIndex });
                    } else {
                        self.capability(Capability::ShaderViewportIndexLayerEXT);
                        self.extensions.insert("SPV_EXT_shader_viewport_index_layer");
                    }
                } else {
                    self.capability(if layer { Capability::Geometry } else { Capability::MultiViewport });
                }
                if layer {
                    B::Layer
                } else {
                    B::ViewportIndex
                }
            }
            BuiltIn::ViewIndex => {
                self.capability(Capability::MultiView);
                self.extension_below("SPV_KHR_multiview", 3);
                B::ViewIndex
            }
            BuiltIn::LocalInvocationId => B::LocalInvocationId,
            BuiltIn::LocalInvocationIndex => B::LocalInvocationIndex,
            BuiltIn::GlobalInvocationId => B::GlobalInvocationId,
            BuiltIn::WorkgroupId => B::WorkgroupId,
            BuiltIn::NumWorkgroups => B::NumWorkgroups,
            BuiltIn::WorkgroupSize => return error("`WorkgroupSize` is a constant in SPIR-V, not a stage input", span),
            BuiltIn::SubgroupSize
            | BuiltIn::SubgroupInvocationId
            | BuiltIn::NumSubgroups
            | BuiltIn::SubgroupId
            | BuiltIn::SubgroupEqMask
            | BuiltIn::SubgroupGeMask
            | BuiltIn::SubgroupGtMask
            | BuiltIn::SubgroupLeMask
            | BuiltIn::SubgroupLtMask => {
                self.require_subgroups(span)?;
                let (capability, spv) = match builtin {
                    BuiltIn::SubgroupSize => (Capability::GroupNonUniform, B::SubgroupSize),
                    BuiltIn::SubgroupInvocationId => (Capability::GroupNonUniform, B::SubgroupLocalInvocationId),
                    BuiltIn::NumSubgroups => (Capability::GroupNonUniform, B::NumSubgroups),
                    BuiltIn::SubgroupId => (Capability::GroupNonUniform, B::SubgroupId),
                    BuiltIn::SubgroupEqMask => (Capability::GroupNonUniformBallot, B::SubgroupEqMask),
                    BuiltIn::SubgroupGeMask => (Capability::GroupNonUniformBallot, B::SubgroupGeMask),
                    BuiltIn::SubgroupGtMask => (Capability::GroupNonUniformBallot, B::SubgroupGtMask),
                    BuiltIn::SubgroupLeMask => (Capability::GroupNonUniformBallot, B::SubgroupLeMask),
                    _ => (Capability::GroupNonUniformBallot, B::SubgroupLtMask),
                };
                self.capability(Capability::GroupNonUniform);
                self.capability(capability);
                spv
            }
            BuiltIn::FragStencilRef => {
                self.capability(Capability::StencilExportEXT);
                self.extensions.insert("SPV_EXT_shader_stencil_export");
                B::FragStencilRefEXT
            }
            BuiltIn::BaryCoord | BuiltIn::BaryCoordNoPersp => {
                self.capability(Capability::FragmentBarycentricKHR);
                self.extensions.insert("SPV_KHR_fragment_shader_barycentric");
                if builtin == BuiltIn::BaryCoord {
                    B::BaryCoordKHR
                } else {
                    B::BaryCoordNoPerspKHR
                }
            }
            BuiltIn::FragSize | BuiltIn::FragInvocationCount => {
                self.capability(Capability::FragmentDensityEXT);
                self.extensions.insert("SPV_EXT_fragment_invocation_density");
                if builtin == BuiltIn::FragSize {
                    B::FragSizeEXT
                } else {
                    B::FragInvocationCountEXT
                }
            }
            BuiltIn::Spirv { builtin, capability, extension } => self.raw_builtin(builtin, capability, extension, span)?,
        })
    }

    /// GL_EXT_demote_to_helper_invocation: core in SPIR-V 1.6, an extension before.
    fn demote_capability(&mut self) {
        self.capability(Capability::DemoteToHelperInvocation);
        self.extension_below("SPV_EXT_demote_to_helper_invocation", 6);
    }

    fn require_subgroups(&self, span: Span) -> R<()> {
        if self.version_at_least(3) {
            Ok(())
        } else {
            error("subgroup operations need SPIR-V 1.3 or newer", span)
        }
    }

    /// Stage inputs and outputs the entry point at `index` does not reference but that belong
    /// to it: in a module with one entry point (GLSL), every `in`/`out` variable the source
    /// declares. The entry point lists them as glslang does: the next stage may read an output
    /// this one never writes, and Vulkan (VUID-RuntimeSpirv-OpEntryPoint-08743) and wgpu
    /// require the previous stage's entry point to declare every location the next one reads.
    /// Unread inputs are listed too on the Vulkan target (as glslang does), but not on the wgpu
    /// target: nothing needs them there (and the wgpu target has already split composite
    /// inputs into scalar and vector ones, `wgpu_target::flatten_composite_io`).
    fn unreferenced_io(&self, index: usize) -> Vec<Handle<GlobalVariable>> {
        if self.module.entry_points.len() != 1 {
            return Vec::new();
        }
        let Some(ep) = self.module.entry_points.get(index) else { return Vec::new() };
        let referenced = self.info.function(ep.function).globals();
        self.module
            .globals
            .iter()
            .filter(|(h, g)| {
                // Built-ins are left out: no later stage reads them by location, and one that
                // belongs to another stage (a draft-WGSL `var<out>` position in a module whose
                // only entry point is a fragment shader) is invalid in this one.
                let user = !matches!(g.io, Some(IoBinding::BuiltIn(_)));
                let listed = user && match g.space {
                    AddressSpace::Output => true,
                    AddressSpace::Input => !self.options.wgpu,
                    _ => false,
                };
                listed && !referenced.contains(h)
            })
            .map(|(h, _)| h)
            .collect()
    }

    fn write_entry_point(&mut self, index: usize) -> R<()> {
        let ep = &self.module.entry_points[index];
        let function = self.functions[ep.function.index()];
        let info = self.info.function(ep.function);
        // SPIR-V 2.4: before 1.4 the interface lists Input/Output variables only; from 1.4 on,
        // every global the entry point references.
        let all = self.version_at_least(4);
        let mut interface = self.operand_list();
        let mut writes_depth = false;
        let mut writes_stencil = false;
        let unreferenced = self.unreferenced_io(index);
        for &g in info.globals().iter().chain(&unreferenced) {
            let Some(slot) = self.globals.get(g.index()) else { continue };
            let global = &self.module.globals[g];
            let referenced = !unreferenced.contains(&g);
            if referenced && global.io == Some(IoBinding::BuiltIn(BuiltIn::FragDepth)) {
                writes_depth = true;
            }
            if referenced && global.io == Some(IoBinding::BuiltIn(BuiltIn::FragStencilRef)) {
                writes_stencil = true;
            }
            if all || matches!(slot.class, StorageClass::Input | StorageClass::Output) {
                interface.push(slot.var);
            }
        }
        let model = match ep.stage {
            Stage::Vertex => spirv::ExecutionModel::Vertex,
            Stage::Fragment => spirv::ExecutionModel::Fragment,
            Stage::Compute => spirv::ExecutionModel::GLCompute,
        };
        inst_string(&mut self.s.entry_points, Op::EntryPoint, &[model as u32, function], &ep.name, &interface);
        self.give_back(interface);
        use spirv::ExecutionMode as M;
        match ep.stage {
            Stage::Fragment => {
                self.execution_mode(function, M::OriginUpperLeft, &[]);
                if writes_depth {
                    self.execution_mode(function, M::DepthReplacing, &[]);
                }
                if writes_stencil {
                    self.execution_mode(function, M::StencilRefReplacingEXT, &[]);
                }
                if ep.early_fragment_tests {
                    self.execution_mode(function, M::EarlyFragmentTests, &[]);
                }
            }
            Stage::Compute => self.write_workgroup_size(index)?,
            Stage::Vertex => {}
        }
        let ep_function = ep.function;
        let module = self.module;
        for mode in module.execution_modes.iter().filter(|(f, _)| *f == ep_function).map(|&(_, m)| m) {
            let depth = match mode {
                ExecutionMode::DepthGreater => Some(M::DepthGreater),
                ExecutionMode::DepthLess => Some(M::DepthLess),
                ExecutionMode::DepthUnchanged => Some(M::DepthUnchanged),
                _ => None,
            };
            if let Some(spv) = depth {
                self.execution_mode(function, spv, &[]);
                continue;
            }
            if mode == ExecutionMode::SubgroupUniformControlFlow {
                // An extension without a capability (only Shader), as glslang emits it.
                let extension = "SPV_KHR_subgroup_uniform_control_flow";
                self.check_wgpu_extension(extension);
                self.extensions.insert(extension);
                self.execution_mode(function, M::SubgroupUniformControlFlowKHR, &[]);
                continue;
            }
            let (spv, capability, extension) = match mode {
                ExecutionMode::PixelInterlockOrdered => {
                    (M::PixelInterlockOrderedEXT, Capability::FragmentShaderPixelInterlockEXT, "SPV_EXT_fragment_shader_interlock")
                }
                ExecutionMode::PixelInterlockUnordered => {
                    (M::PixelInterlockUnorderedEXT, Capability::FragmentShaderPixelInterlockEXT, "SPV_EXT_fragment_shader_interlock")
                }
                ExecutionMode::SampleInterlockOrdered => {
                    (M::SampleInterlockOrderedEXT, Capability::FragmentShaderSampleInterlockEXT, "SPV_EXT_fragment_shader_interlock")
                }
                ExecutionMode::SampleInterlockUnordered => {
                    (M::SampleInterlockUnorderedEXT, Capability::FragmentShaderSampleInterlockEXT, "SPV_EXT_fragment_shader_interlock")
                }
                ExecutionMode::PostDepthCoverage => {
                    (M::PostDepthCoverage, Capability::SampleMaskPostDepthCoverage, "SPV_KHR_post_depth_coverage")
                }
                ExecutionMode::DerivativeGroupQuads => {
                    (M::DerivativeGroupQuadsKHR, Capability::ComputeDerivativeGroupQuadsKHR, "SPV_NV_compute_shader_derivatives")
                }
                ExecutionMode::DerivativeGroupLinear => {
                    (M::DerivativeGroupLinearKHR, Capability::ComputeDerivativeGroupLinearKHR, "SPV_NV_compute_shader_derivatives")
                }
                ExecutionMode::DepthGreater | ExecutionMode::DepthLess | ExecutionMode::DepthUnchanged | ExecutionMode::SubgroupUniformControlFlow => continue,
            };
            self.capability(capability);
            self.extensions.insert(extension);
            self.execution_mode(function, spv, &[]);
        }
        self.write_spirv_execution_modes(ep_function, function)?;
        Ok(())
    }

    fn write_workgroup_size(&mut self, index: usize) -> R<()> {
        let ep = &self.module.entry_points[index];
        let function = self.functions[ep.function.index()];
        let size = ep.workgroup_size;
        // The wgpu target writes an override size at its default (`fix_override_workgroup_sizes`)
        // and the runtime writes a pipeline's size into `LocalSize` (naga reads no other form).
        // GLSL's `local_size_*_id` constants, which `gl_WorkGroupSize` reads, go into a
        // `WorkgroupSize`-decorated composite as on the Vulkan target (naga ignores the
        // decoration), so the runtime finds them there by dimension.
        if self.options.wgpu || ep.workgroup_size_overrides.iter().all(Option::is_none) {
            self.execution_mode(function, spirv::ExecutionMode::LocalSize, &size);
            let sized: Vec<_> = ep.workgroup_size_overrides.iter().flatten().collect();
            let computes = self.module.entry_points.iter().filter(|e| e.stage == Stage::Compute).count();
            if self.options.wgpu && !sized.is_empty() && computes == 1 && sized.iter().all(|&&o| only_sizes_workgroups(self.module, o)) {
                let u32_ty = self.scalar_type(Scalar::U32);
                let mut ids = [0; 3];
                for axis in 0..3 {
                    ids[axis] = match ep.workgroup_size_overrides[axis].and_then(|o| self.overrides.get(o.index()).copied()) {
                        Some(id) => id,
                        None => self.const_u32(size[axis]),
                    };
                }
                let uvec3 = self.vector_type(u32_ty, 3);
                let id = self.id();
                self.push_type(Op::SpecConstantComposite, &[uvec3, id], &ids);
                self.decorate(id, spirv::Decoration::BuiltIn, &[spirv::BuiltIn::WorkgroupSize as u32]);
            }
            return Ok(());
        }
        let u32_ty = self.scalar_type(Scalar::U32);
        let mut ids = [0; 3];
        for axis in 0..3 {
            ids[axis] = match ep.workgroup_size_overrides[axis] {
                // The size with the defaults, in an `OpSpecConstant` without a SpecId that the
                // runtime writes a pipeline's size into (`shader_runtime::set_workgroup_size`).
                Some(o) if crate::spec_length::host_computed(self.module, o) => {
                    let id = self.id();
                    self.push_type(Op::SpecConstant, &[u32_ty, id], &[size[axis]]);
                    id
                }
                Some(o) => {
                    let Some(&id) = self.overrides.get(o.index()) else {
                        return error("a workgroup size names a missing override", Span::default());
                    };
                    let ty = self.module.overrides[o].ty;
                    if self.module.types.get(ty).map(|t| &t.inner) == Some(&TypeInner::Scalar(Scalar::U32)) {
                        id
                    } else {
                        // An i32 override: IAdd with 0u reinterprets it as u32 (same width,
                        // signedness may differ, SPIR-V 3.52.13).
                        let zero = self.const_u32(0);
                        self.spec_op(u32_ty, Op::IAdd, &[id, zero])
                    }
                }
                None => self.const_u32(size[axis]),
            };
        }
        if self.version_at_least(6) {
            // LocalSizeId exists from SPIR-V 1.2, but Vulkan accepts it only with maintenance4
            // (core in Vulkan 1.3, whose SPIR-V is 1.6); spirv-val rejects it for Vulkan 1.1
            // and 1.2. So it is used from 1.6 on.
            self.execution_mode_id(function, spirv::ExecutionMode::LocalSizeId, &ids);
        } else {
            // Otherwise the way to size a workgroup with spec constants is a
            // WorkgroupSize-decorated constant; it applies to every entry point of the module.
            let computes: Vec<&EntryPoint> = self.module.entry_points.iter().filter(|e| e.stage == Stage::Compute).collect();
            if computes.len() > 1 {
                return Err(self.several_sized_entry_points(&computes));
            }
            let uvec3 = self.vector_type(u32_ty, 3);
            let id = self.id();
            self.push_type(Op::SpecConstantComposite, &[uvec3, id], &ids);
            self.decorate(id, spirv::Decoration::BuiltIn, &[spirv::BuiltIn::WorkgroupSize as u32]);
            self.execution_mode(function, spirv::ExecutionMode::LocalSize, &size);
        }
        Ok(())
    }
}

impl Writer<'_> {
    /// The error for a module of several compute entry points, one of which (or more) has a
    /// workgroup size that follows overrides, below SPIR-V 1.6: the `WorkgroupSize` built-in
    /// that sizes a workgroup with specialization constants there is one per module and sizes
    /// every entry point (SPIR-V 3.21 `WorkgroupSize`: it takes precedence over `LocalSize`);
    /// each entry point's own `LocalSizeId` (SPIR-V 1.2) is valid Vulkan only with
    /// maintenance4 (Vulkan 1.3, SPIR-V 1.6). naga and Tint never meet this: they substitute
    /// the overrides' values before writing SPIR-V. Located at the second compute entry point
    /// whose size follows overrides (or, when one does, at that one): at the expression in its
    /// `@workgroup_size` when it has one, else at the function.
    fn several_sized_entry_points(&self, computes: &[&EntryPoint]) -> Diagnostic {
        let sized = |ep: &&&EntryPoint| ep.workgroup_size_overrides.iter().any(Option::is_some);
        let blamed = computes.iter().skip(1).find(sized).or_else(|| computes.iter().find(sized)).unwrap_or(&computes[0]);
        let span = blamed
            .workgroup_size_overrides
            .iter()
            .flatten()
            .find(|&&o| !crate::ir::interface::is_specializable(self.module, o))
            .map(|&o| self.module.overrides.span(o))
            .filter(|s| *s != Span::default())
            .unwrap_or_else(|| self.module.functions.span(blamed.function));
        let others: Vec<String> = computes.iter().filter(|e| e.name != blamed.name).map(|e| format!("`{}`", e.name)).collect();
        let message = format!(
            "the `@workgroup_size` of the entry point `{}` follows overrides, and this module has other compute entry points ({}): \
             below SPIR-V 1.6 a workgroup size that follows specialization constants is the WorkgroupSize built-in, one per \
             module, which would size every entry point (SPIR-V §3.21); each entry point's own LocalSizeId needs SPIR-V 1.6 \
             (Vulkan 1.3). Compile for SPIR-V 1.6 (`--spirv-version 1.6`, `CompileOptions::spirv_version: (1, 6)`), \
             for the wgpu target, or give the other entry points a module of their own",
            blamed.name,
            others.join(", ")
        );
        Diagnostic::error(message, span)
    }
}

/// Whether `o` is an unnamed override that sizes a workgroup dimension (GLSL's
/// `local_size_*_id` constant, which only `gl_WorkGroupSize` reads besides). An id-less one
/// computed from others (WGSL's `@workgroup_size(n * 2)`) is not: the wgpu target writes no
/// `OpSpecConstantOp`, and the runtime computes the size from the constants it names.
fn only_sizes_workgroups(module: &Module, o: Handle<crate::ir::Override>) -> bool {
    module.overrides[o].name.is_none()
        && crate::ir::interface::is_specializable(module, o)
        && module.entry_points.iter().any(|ep| ep.workgroup_size_overrides.contains(&Some(o)))
}

fn storage_class(space: AddressSpace) -> StorageClass {
    match space {
        AddressSpace::Function => StorageClass::Function,
        AddressSpace::Private => StorageClass::Private,
        AddressSpace::Workgroup => StorageClass::Workgroup,
        AddressSpace::Uniform => StorageClass::Uniform,
        AddressSpace::Storage { .. } => StorageClass::StorageBuffer,
        AddressSpace::Handle => StorageClass::UniformConstant,
        AddressSpace::PushConstant => StorageClass::PushConstant,
        AddressSpace::Input => StorageClass::Input,
        AddressSpace::Output => StorageClass::Output,
        AddressSpace::PhysicalStorage { .. } => StorageClass::PhysicalStorageBuffer,
    }
}

/// The bit pattern of a literal as SPIR-V stores it (narrow integers sign- or zero-extended
/// to the word per SPIR-V 2.2.1).
fn literal_bits(literal: Literal) -> u64 {
    match literal {
        Literal::Bool(b) => b as u64,
        Literal::I32(v) => v as u32 as u64,
        Literal::U32(v) => v as u64,
        Literal::I64(v) => v as u64,
        Literal::U64(v) => v,
        Literal::SmallInt { value, scalar } => {
            if scalar.kind == ScalarKind::Sint {
                value as u32 as u64
            } else {
                let mask = if scalar.width == 1 { 0xff } else { 0xffff };
                (value as u32 & mask) as u64
            }
        }
        Literal::F16(v) => v.to_bits() as u64,
        Literal::F32(v) => v.to_bits() as u64,
        Literal::F64(v) => v.to_bits(),
    }
}

/// The words of a scalar literal: `[bits]`, or for 64-bit scalars the low word then the
/// high one (SPIR-V 2.2.1); use `&words[..count]`.
fn literal_words(scalar: Scalar, bits: u64) -> ([Word; 2], usize) {
    if scalar.width == 8 {
        ([bits as u32, (bits >> 32) as u32], 2)
    } else {
        ([bits as u32, 0], 1)
    }
}

#[cfg(test)]
mod tests {
    use crate::{compile, CompileOptions, Language, Target};

    /// Several compute entry points, one with a workgroup size that follows overrides, below
    /// SPIR-V 1.6 on the Vulkan target: one located error at the entry point whose size
    /// follows overrides (the second such one when the first has one too), at its
    /// override-expression when it has one, naming the rule and the fix; at 1.6 (`LocalSizeId`
    /// per entry point) and on the wgpu target the module compiles.
    #[test]
    fn several_override_sized_entry_points_below_spirv_1_6() {
        let head = "override rows: i32 = 3;\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n";
        let ep = |name: &str, size: &str| format!("@compute @workgroup_size({size})\nfn {name}(@builtin(local_invocation_index) i: u32) {{ o[i] = i; }}\n");
        let cases = [
            // (source, where the error points, the entry point it names)
            (format!("{head}{}{}", ep("a", "4"), ep("b", "rows")), "t.wgsl:5:1", "`b`"),
            (format!("{head}{}{}", ep("a", "rows"), ep("b", "2, 2")), "t.wgsl:3:1", "`a`"),
            (format!("{head}{}{}", ep("a", "rows"), ep("b", "2, rows * 2")), "t.wgsl:5:29", "`b`"),
        ];
        for (src, at, named) in &cases {
            let options = |target, spirv_version| CompileOptions { language: Language::Wgsl, target, spirv_version, ..Default::default() };
            let err = compile("t.wgsl", src, &options(Target::Vulkan, (1, 0))).map(drop).expect_err(src).render();
            assert_eq!(err.matches("error").count(), 1, "{err}");
            assert!(err.contains(at), "{src}: expected at {at}: {err}");
            assert!(err.contains(&format!("entry point {named}")) && err.contains("--spirv-version 1.6") && err.contains("WorkgroupSize"), "{err}");
            compile("t.wgsl", src, &options(Target::Vulkan, (1, 6))).unwrap_or_else(|e| panic!("{src}: {}", e.render()));
            compile("t.wgsl", src, &options(Target::Wgpu, (1, 0))).unwrap_or_else(|e| panic!("{src}: {}", e.render()));
        }
    }
}
