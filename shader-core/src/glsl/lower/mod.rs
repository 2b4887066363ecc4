//! Lowering: GLSL syntax tree to IR. Resolves names in GLSL's nested scopes (declaration
//! before use, GLSL 4.60 §4.2), types and qualifiers, interface blocks and their layouts,
//! implicit conversions (§4.1.10) and overload resolution (§6.1), constant expressions (§4.3.3)
//! and the built-in variables and functions of the vertex, fragment and compute stages.
//!
//! Shapes chosen (after glslang):
//! - every parameter is a Function-space local: `in` parameters are copied into one at entry
//!   (they are writable in GLSL), `out`/`inout` parameters are pointers to a Function-space
//!   temporary the caller copies in (inout) and back out (§6.1.1 "copy-in/copy-out");
//! - `const` variables whose initializer folds are inlined at every use; other globals are
//!   `Private` variables whose non-constant initializers run at the start of `main`;
//! - types used outside blocks are "logical": structs and arrays without offsets or strides.
//!   A block member gets its own laid-out copy (std140/std430/scalar, [`crate::layout`]); values
//!   move between the two shapes member by member ([`Lowerer::coerce`]);
//! - lvalues are [`Path`]s (a storage root plus constant or `let`-bound indices), turned into IR
//!   pointer expressions only where they are read or written, so an lvalue can be used twice
//!   (compound assignment, `out` arguments) without evaluating its indices twice.
//!
//! Combined image samplers (`sampler2D`): for [`Target::Vulkan`] they stay SPIR-V combined
//! image samplers. For [`Target::Wgpu`] every combined sampler global is split into a texture
//! global and a sampler global: the texture keeps the declared `(set, binding)`, the sampler
//! goes to the same set at binding `binding + WGPU_SAMPLER_BINDING_OFFSET` (reflection shows
//! both as separate resources, the sampler named `<name>_sampler`). Function parameters of a
//! combined type become two parameters, texture then sampler.
//!
//! The [`Lowerer`] is implemented across this module's files: `expr`, `stmt`, `reference`
//! (GL_EXT_buffer_reference), `builtins` (built-in variables and functions), `extensions`
//! (the extensions' built-ins) and `spirv_intrinsics` (GL_EXT_spirv_intrinsics).

mod attributes;
pub(crate) mod builtins;
mod expr;
pub(crate) mod extensions;
mod global_names;
mod redeclaration;
mod reference;
pub(crate) mod spirv_intrinsics;
mod stmt;

use super::ast;
use crate::diag::{Diagnostic, Diagnostics};
use crate::ir::*;
use crate::layout::{self, MemberSpec, Rule};
use crate::name::Name;
use crate::span::Span;
use crate::Target;
use crate::hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::rc::Rc;

pub(crate) use expr::{can_implicit, op_symbol, Cv};
use global_names::GlobalName;

/// For [`Target::Wgpu`], the binding of the sampler half of a split `sampler*` is the texture's
/// binding plus this offset (same descriptor set). 100 keeps clear of the bindings real shaders
/// use (the corpus tops out below 32) and is easy to recognise in reflection output.
pub const WGPU_SAMPLER_BINDING_OFFSET: u32 = 100;

/// The rule behind "needs a storage qualifier" errors of layout qualifiers.
pub(crate) const STORAGE_FOR_LAYOUT: &str = "GLSL 4.60 §4.4 (Layout Qualifiers): layout qualifiers apply to `in`, `out`, `uniform` and `buffer` \
                                  declarations (a few to `shared` or `const` ones), also in a declaration of only qualifiers (`layout(...) in;`)";

/// The rule behind errors for interpolation, auxiliary and `invariant` qualifiers
/// ([`ast::QualifierKind::interface_only_keyword`]) where no interface variable is declared.
pub(crate) const INTERFACE_ONLY: &str = "GLSL 4.60 §4.5 (Interpolation Qualifiers), §4.3.4-§4.3.6 (`centroid`, `sample`, `patch`), §4.8.1 (`invariant`): \
                                          they qualify global inputs and outputs and interface block members, not local variables, parameters or struct members";

/// An error that has already been reported; callers only unwind.
#[derive(Clone, Copy, Debug)]
pub struct Reported;
pub type R<T> = Result<T, Reported>;

/// Options the lowering needs besides the syntax tree.
#[derive(Clone, Debug)]
pub struct LowerOptions {
    pub stage: Stage,
    pub target: Target,
    /// `#extension` directives in source order (supported ones are already checked).
    pub extensions: Vec<ExtensionState>,
    /// The dialect read: its [`DialectLowering`] hooks, if any, change the rules below.
    pub dialect: crate::glsl::Dialect,
    /// Where `#pragma use_vulkan_memory_model` asked for the Vulkan memory model.
    pub vulkan_memory_model: Option<Span>,
    /// [`crate::CompileOptions::auto_map_bindings`].
    pub auto_map_bindings: bool,
    /// [`crate::CompileOptions::auto_map_locations`].
    pub auto_map_locations: bool,
}

/// One `#extension` directive: from the declaration `from_decl` on (the first that ends after
/// the directive; GLSL 4.60 §3.3: a directive holds from where it is written), `name` is
/// enabled (`enable`/`require`) or not (`disable`/`warn`), until a later directive for it.
#[derive(Clone, Debug)]
pub struct ExtensionState {
    pub name: String,
    pub from_decl: usize,
    pub enabled: bool,
    /// Where the directive is written ([`Lowerer::has_extension_at`]).
    pub span: Span,
}

/// What a dialect of GLSL changes in the lowering (the lowering part of
/// [`crate::glsl::Dialect`]): each hook is called where GLSL has a fixed rule, and its default
/// is GLSL's rule, so GLSL itself has no hooks. AGSL implements them (`glsl::agsl::lowering::Agsl`).
pub(crate) trait DialectLowering: Sync {
    /// Whether GLSL's stage qualifier checks apply to global declarations.
    fn stage_qualifiers(&self) -> bool {
        true
    }
    /// Whether `main` must be `void main()`.
    fn glsl_main(&self) -> bool {
        true
    }
    /// A global variable declaration the dialect lowers itself, or `None` for GLSL's rules.
    fn global_variables(&self, _lw: &mut Lowerer<'_>, _v: &ast::VariableDeclaration, _span: Span) -> Option<R<()>> {
        None
    }
    /// The message for a combined sampler used as a value.
    fn combined_sampler_value(&self) -> &'static str {
        "a combined sampler can only be used as a texture function argument here"
    }
    /// `base.method(args)` other than GLSL's `.length()`, or `None`.
    fn method_call(&self, _lw: &mut Lowerer<'_>, _out: &mut Block, _base: &ast::Expr, _method: &ast::Ident, _args: &[ast::Expr], _span: Span) -> Option<R<Operand>> {
        None
    }
    /// `base.field` before GLSL's members and swizzles, or `None`.
    fn field(&self, _lw: &mut Lowerer<'_>, _out: &mut Block, _base: &Operand, _field: &ast::Ident, _span: Span) -> Option<R<Operand>> {
        None
    }
    /// A value of type `ty` is `what` ("assigned", "compared"): the dialect may forbid it.
    fn copied(&self, _lw: &mut Lowerer<'_>, _ty: Handle<Type>, _what: &str, _span: Span) -> R<()> {
        Ok(())
    }
    /// A constructor of `ty` from `vals`: the dialect may restrict the components.
    fn constructed(&self, _lw: &mut Lowerer<'_>, _ty: Handle<Type>, _vals: &[(Handle<Expression>, Span)], _span: Span) -> R<()> {
        Ok(())
    }
    /// The type a uniform block member of type `ty` is stored as (the member's position and
    /// name are given, so the dialect can remember what it changed in `changed`).
    fn block_member(&self, _lw: &mut Lowerer<'_>, ty: Handle<Type>, _index: u32, _name: &ast::Ident, _changed: &mut Vec<(u32, Handle<Type>, ast::Ident)>) -> Handle<Type> {
        ty
    }
    /// The uniform block `block` is declared, with the members [`Self::block_member`] changed.
    fn block_declared(&self, _lw: &mut Lowerer<'_>, _block: Handle<GlobalVariable>, _changed: Vec<(u32, Handle<Type>, ast::Ident)>) {}
    /// Writes the module's entry point (GLSL: `main` as the stage's entry point).
    fn entry_point<'a>(&self, lw: &mut Lowerer<'a>, bodies: &[(Handle<Function>, &'a ast::FunctionDefinition)], tu: &ast::TranslationUnit) {
        lw.entry_point(bodies, tu);
        lw.finish_spirv();
    }
}

/// GLSL's own rules: no hook overridden.
struct Glsl;

impl DialectLowering for Glsl {}

/// Where a storage path starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Root {
    Local(Handle<LocalVariable>),
    Global(Handle<GlobalVariable>),
    /// A pointer argument (`out`/`inout` parameter).
    PtrArg(u32),
    /// A by-value argument of an opaque type (no steps allowed).
    ValueArg(u32),
    /// A buffer reference value bound to a `let` (GL_EXT_buffer_reference).
    Reference(Handle<LetBinding>),
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum Step {
    Index(u32),
    Dyn(Handle<LetBinding>),
}

/// An lvalue: a root plus indices; `ty` is the type it points at.
#[derive(Clone, Debug)]
pub(crate) struct Path {
    pub root: Root,
    pub root_ty: Handle<Type>,
    pub steps: Vec<(Step, Handle<Type>)>,
    pub ty: Handle<Type>,
    pub space: AddressSpace,
    pub read_only: bool,
}

/// What an expression lowered to.
#[derive(Clone, Debug)]
pub(crate) enum Operand {
    Value(Handle<Expression>),
    Ref(Path),
    /// `v.xz` of a vector lvalue (writable when the components are distinct).
    Swizzle(Path, Vec<u8>),
    /// A split combined image sampler (wgpu target): texture and sampler paths.
    Combined(Box<Operand>, Box<Operand>),
    /// An `in`/`out` block instance: members by name.
    IoBlock(Rc<HashMap<Name, Sym>>),
    Void,
    /// A string literal (GL_EXT_debug_printf's format).
    Str(String),
    /// An array of `in` blocks (`pervertexEXT in B { .. } b[3];`): each member is an array.
    IoBlockArray(Rc<HashMap<Name, Sym>>),
    /// One element of an [`Operand::IoBlockArray`]: members are indexed by `Step`.
    IoBlockElem(Rc<HashMap<Name, Sym>>, Step),
}

/// What a name means.
#[derive(Clone, Debug)]
pub(crate) enum Sym {
    Var { root: Root, ty: Handle<Type>, space: AddressSpace, read_only: bool },
    Const { value: Cv, ty: Handle<Type> },
    /// A member of a block declared without an instance name.
    Member { global: Handle<GlobalVariable>, index: u32, ty: Handle<Type>, space: AddressSpace, read_only: bool },
    IoBlock(Rc<HashMap<Name, Sym>>),
    /// An array of blocks whose members are arrays (see [`Operand::IoBlockArray`]).
    IoBlockArray(Rc<HashMap<Name, Sym>>),
    /// A split combined image sampler (wgpu target).
    Combined { image: Box<Sym>, sampler: Box<Sym> },
    Override(Handle<Override>, Handle<Type>),
    /// `gl_WorkGroupSize` with some components sized by specialization constants: a `uvec3`
    /// of those overrides and the declared sizes (`u32` is the component type).
    WorkgroupSize { ids: [Option<Handle<Override>>; 3], size: [u32; 3], u32: Handle<Type>, ty: Handle<Type> },
    /// Functions prototyped in this block ([`Lowerer::local_prototype`]).
    Functions(Vec<Handle<Function>>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    In,
    Out,
    InOut,
    /// An `in` parameter passed as a pointer to a copy the caller makes: arrays of buffer
    /// references, which SPIR-V cannot pass by value (spirv-val wants `Aliased` on such a
    /// parameter but allows that decoration only on pointers).
    InCopy,
}

#[derive(Clone, Debug)]
pub(crate) struct Param {
    pub ty: Handle<Type>,
    pub dir: Dir,
    /// A combined sampler split into texture and sampler arguments (wgpu target).
    pub split: Option<(Handle<Type>, Handle<Type>)>,
}

#[derive(Clone, Debug)]
pub(crate) struct FnDecl {
    pub params: Vec<Param>,
    pub result: Option<Handle<Type>>,
    pub handle: Handle<Function>,
    pub defined: bool,
    pub span: Span,
    /// Position of the first declaration (prototype or definition) in the translation unit.
    pub order: usize,
}

/// The function being lowered.
#[derive(Default)]
pub(crate) struct FnCtx {
    pub f: Function,
    pub result: Option<Handle<Type>>,
    /// Breakable constructs innermost last: true for a loop, false for a switch.
    pub breakable: Vec<bool>,
    pub is_main: bool,
    /// A `return value;` was seen (glslang's test for a value-returning function).
    pub returns_value: bool,
    /// How many `if`, `switch` and loop statements enclose the statement being lowered.
    pub control_flow: u32,
    /// A `return` statement was lowered in `main` (what follows it textually is "after a return
    /// from main()" for GL_ARB_fragment_shader_interlock).
    pub main_returned: bool,
    /// This function's implicitly sized local arrays with their length so far
    /// ([`Lowerer::implicit_length`]).
    pub implicit: Vec<(Handle<LocalVariable>, u32)>,
}

#[derive(Clone, Copy, Debug)]
struct BlockDefaults {
    rule: Rule,
    row_major: bool,
}

pub(crate) struct Lowerer<'a> {
    pub m: Module,
    pub diags: Diagnostics,
    pub stage: Stage,
    pub target: Target,
    pub fx: FnCtx,
    scopes: Vec<HashMap<Name, Sym>>,
    structs: HashMap<Name, Handle<Type>>,
    pub funcs: HashMap<Name, Vec<FnDecl>>,
    builtin_vars: HashMap<String, Sym>,
    uniform_defaults: BlockDefaults,
    buffer_defaults: BlockDefaults,
    pub local_size: [u32; 3],
    pub(crate) local_size_ids: [Option<Handle<Override>>; 3],
    /// Which workgroup dimensions an earlier `layout(...) in;` gave a size (`local_size_*`)
    /// and which an id (`local_size_*_id`): a later declaration may repeat them, not change
    /// them (glslang: "cannot change previously set size"; within one declaration the last
    /// qualifier wins, GLSL 4.60 §4.4).
    local_size_given: [bool; 3],
    early_fragment_tests: bool,
    /// Where `layout(post_depth_coverage) in;` was written: with GL_EXT_post_depth_coverage it
    /// needs `early_fragment_tests` too (GL_ARB_post_depth_coverage implies it).
    post_depth_coverage: Option<Span>,
    /// Execution modes from extension layout qualifiers (`pixel_interlock_ordered`, ...).
    pub(crate) execution_modes: Vec<ExecutionMode>,
    /// Calls of `beginInvocationInterlockARB` and `endInvocationInterlockARB` lowered so far.
    pub(crate) interlock_calls: [u32; 2],
    /// Non-constant global initializers, lowered at the start of `main`, with the position of
    /// their declaration (they see only what is declared before it).
    private_inits: Vec<(Handle<GlobalVariable>, &'a ast::Initializer, Handle<Type>, usize)>,
    bodies: Vec<(Handle<Function>, &'a ast::FunctionDefinition)>,
    spec_ids: HashMap<u32, Handle<Override>>,
    /// Global `const` variables whose value reads specialization constants but is no override
    /// ([`Self::spec_dependent_const`]): what reads them reads the constants too.
    pub(crate) spec_globals: HashSet<Handle<GlobalVariable>>,
    /// The `constant_id`s declared so far, with where: one id names one constant (glslang:
    /// "specialization-constant id already used"; a `local_size_*_id` may share it).
    constant_ids: HashMap<u32, Span>,
    /// Sizes given to `gl_ClipDistance`/`gl_CullDistance` by redeclaration.
    clip_sizes: HashMap<String, u32>,
    /// `#extension` directives in source order ([`Lowerer::has_extension`]).
    extensions: Vec<ExtensionState>,
    /// A GLSL ES program (`#version ... es`; not AGSL, whose dialect converts as desktop does).
    es: bool,
    /// The `#version` number.
    version: u32,
    /// What redeclarations of built-ins fixed ([`redeclaration`]).
    redeclared: redeclaration::Redeclarations,
    /// Position in the translation unit of the declaration being lowered (pass 1).
    decl_index: usize,
    /// Globals and functions declared at this position or later are not visible (the body
    /// being lowered); `usize::MAX` outside bodies.
    visible_until: usize,
    /// The expression being lowered (the last one entered): where an implicit conversion is
    /// made, for the extensions that allow it ([`Lowerer::implicit`]).
    pub(crate) expr_site: Span,
    /// Position of each global name's declaration.
    global_order: HashMap<Name, usize>,
    /// What each global name declares, and where first ([`global_names`]).
    global_names: HashMap<Name, (global_names::GlobalName, Span)>,
    /// Position of each function definition.
    body_order: HashMap<Handle<Function>, usize>,
    /// The dialect's hooks ([`Glsl`] for GLSL).
    pub(crate) dialect: &'static dyn DialectLowering,
    /// What the dialect's hooks accumulate, of a type only they know (`()` for GLSL).
    pub(crate) dialect_state: Box<dyn std::any::Any>,
    /// `buffer_reference` block names (GL_EXT_buffer_reference), see [`reference`].
    references: HashMap<Name, reference::ReferenceBlock>,
    /// Uniform, buffer and buffer reference blocks declared `writeonly` (`(block, None)`) and
    /// their `writeonly` members (`(block, Some(index))`): they cannot be read (GLSL 4.60
    /// §4.10), checked by [`Lowerer::check_readable`].
    write_only: HashSet<(Handle<Type>, Option<u32>)>,
    /// Block members that hold bools, stored as uints ([`Lowerer::bool_to_uint`]): `(block,
    /// member)` to the member's GLSL type ([`Lowerer::stored_bool_type`]).
    bool_members: HashMap<(Handle<Type>, u32), Handle<Type>>,
    /// GL_EXT_spirv_intrinsics declarations.
    pub(crate) spirv: crate::glsl::lower::spirv_intrinsics::State,
    /// Resources declared without `layout(binding = N)`, in declaration order: bound by
    /// [`Lowerer::assign_bindings`] (`auto_map_bindings`) or reported there.
    unbound: Vec<Unbound>,
    /// Implicitly sized global arrays (private or `shared`) with their length so far
    /// ([`Lowerer::implicit_length`]).
    implicit_globals: Vec<(Handle<GlobalVariable>, u32)>,
    auto_map_bindings: bool,
    auto_map_locations: bool,
    /// The next automatic location of inputs and outputs (`auto_map_locations`).
    next_location: [u32; 2],
}

/// A resource declared without a binding: the index its global got in `Module::globals`,
/// whether it gave a `set`, and (wgpu target) the index of the sampler half of a split
/// combined image sampler, whose binding follows the texture's.
struct Unbound {
    global: usize,
    has_set: bool,
    sampler: Option<usize>,
}

/// Lowers a parsed translation unit.
pub fn lower(tu: &ast::TranslationUnit, options: &LowerOptions) -> (Module, Diagnostics) {
    let mut lw = Lowerer {
        m: Module::default(),
        diags: Diagnostics::new(),
        stage: options.stage,
        target: options.target,
        fx: FnCtx::default(),
        scopes: vec![HashMap::default()],
        structs: HashMap::default(),
        funcs: HashMap::default(),
        builtin_vars: HashMap::default(),
        uniform_defaults: BlockDefaults { rule: Rule::Std140, row_major: false },
        buffer_defaults: BlockDefaults { rule: Rule::Std430, row_major: false },
        local_size: [1, 1, 1],
        local_size_ids: [None; 3],
        local_size_given: [false; 3],
        early_fragment_tests: false,
        post_depth_coverage: None,
        execution_modes: Vec::new(),
        interlock_calls: [0; 2],
        private_inits: Vec::new(),
        bodies: Vec::new(),
        spec_ids: HashMap::default(),
        spec_globals: Default::default(),
        constant_ids: HashMap::default(),
        clip_sizes: HashMap::default(),
        extensions: options.extensions.clone(),
        es: tu.es && options.dialect.lowering.is_none(),
        version: tu.version,
        redeclared: Default::default(),
        decl_index: 0,
        visible_until: usize::MAX,
        expr_site: Span::default(),
        global_order: HashMap::default(),
        global_names: HashMap::default(),
        body_order: HashMap::default(),
        dialect: options.dialect.lowering.unwrap_or(&Glsl),
        dialect_state: Box::new(()),
        references: HashMap::default(),
        write_only: HashSet::default(),
        bool_members: HashMap::default(),
        spirv: Default::default(),
        unbound: Vec::new(),
        implicit_globals: Vec::new(),
        auto_map_bindings: options.auto_map_bindings,
        auto_map_locations: options.auto_map_locations,
        next_location: [0, 0],
    };
    if let Some(span) = options.vulkan_memory_model {
        let _ = lw.use_vulkan_memory_model("`#pragma use_vulkan_memory_model`", span);
    }
    // Pass 1: everything at global scope in order (GLSL requires declaration before use), with
    // function bodies deferred until every global and prototype exists. GLSL scoping means a
    // body only sees globals and functions declared before it (§4.2.2): each global name and
    // prototype records its position, and a body sees only those before its own.
    for (index, decl) in tu.decls.iter().enumerate() {
        lw.decl_index = index;
        match decl {
            ast::ExternalDeclaration::Declaration(d) => {
                let _ = lw.global_declaration(d);
            }
            ast::ExternalDeclaration::Function(f) => {
                lw.function_attributes_enabled(f);
                if let Ok(h) = lw.prototype(&f.prototype, true, index) {
                    lw.bodies.push((h, f));
                    lw.body_order.insert(h, index);
                }
            }
        }
    }
    // glslang's link-time rule (GL_EXT_post_depth_coverage: "Requires early_fragment_tests").
    if let (Some(span), false) = (lw.post_depth_coverage, lw.early_fragment_tests) {
        lw.error("`post_depth_coverage` needs `layout(early_fragment_tests) in;` as well (GL_EXT_post_depth_coverage)", span);
    }
    let bodies = std::mem::take(&mut lw.bodies);
    for (handle, f) in &bodies {
        lw.visible_until = lw.body_order.get(handle).copied().unwrap_or(usize::MAX);
        let _ = lw.function_body(*handle, f);
    }
    lw.visible_until = usize::MAX;
    lw.size_implicit_globals();
    // GLSL 4.60 §6.1.2: "Recursion is not allowed, not even statically" (a cycle anywhere in
    // the static call graph, called from `main` or not).
    for cycle in crate::ir::calls::cycles(&lw.m) {
        let message = format!("recursion is not allowed in GLSL: {}", lw.m.describe_cycle(&cycle));
        lw.error(message, cycle.closing_call);
    }
    if !lw.diags.has_errors() {
        lw.dialect.entry_point(&mut lw, &bodies, tu);
    }
    lw.assign_bindings();
    // GLSL 4.60 §4.4.1: no two inputs (or outputs) may use one location and component.
    let interface: Vec<Handle<GlobalVariable>> = lw.m.globals.iter().filter(|(_, g)| g.io.is_some()).map(|(h, _)| h).collect();
    for o in crate::ir::interface::location_overlaps(&lw.m, &interface) {
        let (first, second) = (lw.m.globals.span(o.first), lw.m.globals.span(o.second));
        let direction = if lw.m.globals[o.second].space == AddressSpace::Output { "output" } else { "input" };
        let message = format!("{direction} location {} is used twice (GLSL 4.60 §4.4.1)", o.location);
        lw.diags.push(Diagnostic::error(message, second).with_secondary(first, "first used here"));
    }
    (lw.m, lw.diags)
}

impl<'a> Lowerer<'a> {
    pub fn error(&mut self, message: impl Into<String>, span: Span) -> Reported {
        self.diags.push(Diagnostic::error(message, span));
        Reported
    }

    pub fn warning(&mut self, message: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::warning(message, span));
    }

    // -- types ----------------------------------------------------------------------------------

    /// Whether `#extension name : enable|require` holds at the declaration being lowered (the
    /// body being lowered, or the declaration of pass 1; after both, at the end of the file).
    /// An extension enabled after the declaration that uses it does not count, as in glslang.
    pub fn has_extension(&self, name: &str) -> bool {
        self.extension_holds(name, None)
    }

    /// [`Lowerer::has_extension`] at the use `site`: a directive written inside the declaration
    /// being lowered holds only for what follows it in the same file (glslang: `uint64_t x;
    /// #extension GL_ARB_gpu_shader_int64 : require` in one block is a syntax error at `uint64_t`,
    /// the other order compiles).
    pub fn has_extension_at(&self, name: &str, site: Span) -> bool {
        self.extension_holds(name, Some(site))
    }

    fn extension_holds(&self, name: &str, site: Option<Span>) -> bool {
        let at = if self.visible_until != usize::MAX { self.visible_until } else { self.decl_index };
        // `#extension all : warn` / `: disable` names every extension but GL_EXT_spirv_intrinsics
        // (which changes the language; see the preprocessor); the last directive wins.
        let names = |e: &ExtensionState| crate::glsl::preprocess::directive_names(&e.name, name);
        let before_site = |e: &ExtensionState| match site {
            Some(site) if e.from_decl == at && e.span.file == site.file => e.span.start < site.start,
            _ => true,
        };
        self.extensions.iter().rev().find(|e| names(e) && e.from_decl <= at && before_site(e)).is_some_and(|e| e.enabled)
    }

    /// Whether a value of scalar type `from` converts implicitly to `to` here: GLSL 4.60
    /// §4.1.10 ([`can_implicit`]). GLSL ES has no implicit conversions (GLSL ES 3.20 §4.1.10
    /// lists none) unless GL_EXT_shader_implicit_conversions brings the desktop ones; as glslang
    /// reads the explicit-arithmetic-types extensions there, a narrower int or float still
    /// promotes to a wider one of its kind (`int16_t` to `int`). The extension counts from its
    /// `#extension` line on (glslang: `float f = 1;` before the line in the same body is an error).
    pub fn implicit(&self, from: Scalar, to: Scalar) -> bool {
        if self.es && !self.has_extension_at("GL_EXT_shader_implicit_conversions", self.expr_site) {
            return from == to || (from.kind == to.kind && from.kind != ScalarKind::Bool && from.width < to.width);
        }
        can_implicit(from, to)
    }

    /// 8- and 16-bit types and 64-bit integers exist only with an extension that declares them
    /// (GL_EXT_shader_explicit_arithmetic_types and its narrower relatives), as glslang checks.
    fn explicit_arithmetic_enabled(&mut self, s: Scalar, span: Span) -> R<()> {
        const ALL: &str = "GL_EXT_shader_explicit_arithmetic_types";
        let (what, enabling): (&str, &[&str]) = match (s.kind, s.width) {
            (ScalarKind::Float, 2) => ("16-bit floating-point types", &[ALL, "GL_EXT_shader_explicit_arithmetic_types_float16", "GL_AMD_gpu_shader_half_float", "GL_EXT_shader_16bit_storage", "GL_KHX_shader_explicit_arithmetic_types", "GL_KHX_shader_explicit_arithmetic_types_float16"]),
            (ScalarKind::Sint | ScalarKind::Uint, 2) => ("16-bit integer types", &[ALL, "GL_EXT_shader_explicit_arithmetic_types_int16", "GL_AMD_gpu_shader_int16", "GL_EXT_shader_16bit_storage", "GL_KHX_shader_explicit_arithmetic_types", "GL_KHX_shader_explicit_arithmetic_types_int16"]),
            (ScalarKind::Sint | ScalarKind::Uint, 1) => ("8-bit integer types", &[ALL, "GL_EXT_shader_explicit_arithmetic_types_int8", "GL_EXT_shader_8bit_storage", "GL_KHX_shader_explicit_arithmetic_types", "GL_KHX_shader_explicit_arithmetic_types_int8"]),
            (ScalarKind::Sint | ScalarKind::Uint, 8) => ("64-bit integer types", &[ALL, "GL_EXT_shader_explicit_arithmetic_types_int64", "GL_ARB_gpu_shader_int64", "GL_NV_gpu_shader5", "GL_KHX_shader_explicit_arithmetic_types", "GL_KHX_shader_explicit_arithmetic_types_int64"]),
            _ => return Ok(()),
        };
        if enabling.iter().any(|e| self.has_extension_at(e, span)) {
            return Ok(());
        }
        Err(self.error(format!("{what} need `#extension {} : enable` (or a narrower extension declaring them)", enabling[0]), span))
    }

    pub fn ty(&mut self, inner: TypeInner) -> Handle<Type> {
        self.m.ty(inner)
    }
    pub fn inner(&self, ty: Handle<Type>) -> &TypeInner {
        self.m.inner(ty)
    }
    pub fn scalar_ty(&mut self, s: Scalar) -> Handle<Type> {
        self.ty(TypeInner::Scalar(s))
    }
    pub fn vec_ty(&mut self, n: u32, s: Scalar) -> Handle<Type> {
        match VectorSize::from_u32(n) {
            Some(size) => self.ty(TypeInner::Vector { size, scalar: s }),
            None => self.scalar_ty(s),
        }
    }
    pub fn ptr_ty(&mut self, base: Handle<Type>, space: AddressSpace) -> Handle<Type> {
        self.ty(TypeInner::Pointer { base, space })
    }
    /// Same shape with another scalar.
    pub fn with_scalar(&mut self, ty: Handle<Type>, s: Scalar) -> Handle<Type> {
        match *self.inner(ty) {
            TypeInner::Vector { size, .. } => self.ty(TypeInner::Vector { size, scalar: s }),
            TypeInner::Matrix { columns, rows, .. } => self.ty(TypeInner::Matrix { columns, rows, scalar: s }),
            _ => self.scalar_ty(s),
        }
    }
    /// Scalar and component count of a scalar or vector type.
    pub fn shape(&self, ty: Handle<Type>) -> Option<(Scalar, u32)> {
        match *self.inner(ty) {
            TypeInner::Scalar(s) => Some((s, 1)),
            TypeInner::Vector { size, scalar } => Some((scalar, size as u32)),
            _ => None,
        }
    }

    /// The GLSL spelling of `ty`, for messages.
    pub fn type_name(&self, ty: Handle<Type>) -> String {
        crate::type_names::glsl(&self.m.types, ty)
    }

    /// The logical (layout-free) version of a type: structs with zero offsets, arrays with zero
    /// strides. Row-major markers on struct members are kept.
    pub fn strip(&mut self, ty: Handle<Type>) -> Handle<Type> {
        let t = self.m.types[ty].clone();
        match t.inner {
            TypeInner::Array { base, size, stride } => {
                let b = self.strip(base);
                if b == base && stride == 0 {
                    return ty;
                }
                self.ty(TypeInner::Array { base: b, size, stride: 0 })
            }
            TypeInner::Struct { members, span } => {
                if span == 0 {
                    return ty;
                }
                let members = members
                    .iter()
                    .map(|mm| {
                        let mty = self.strip(mm.ty);
                        let matrix = mm.matrix.filter(|l| l.row_major).map(|_| MatrixLayout { stride: 0, row_major: true });
                        StructMember { name: mm.name.clone(), ty: mty, offset: 0, matrix, memory: Default::default() }
                    })
                    .collect();
                self.m.types.insert(Type { name: t.name, inner: TypeInner::Struct { members, span: 0 } }, Span::default())
            }
            _ => ty,
        }
    }

    fn const_u32(&mut self, e: &ast::Expr, what: &str, fixed: bool) -> R<u32> {
        let (cv, _) = self.const_expr_in(e, fixed.then_some(what))?;
        match cv.as_i64() {
            Some(v) if (0..=u32::MAX as i64).contains(&v) => Ok(v as u32),
            _ => Err(self.error(format!("{what} must be a non-negative integer constant expression"), e.span)),
        }
    }

    /// Evaluates a constant expression outside any function (a specialization constant at its
    /// default).
    pub fn global_const_expr(&mut self, e: &ast::Expr) -> R<(Cv, Handle<Type>)> {
        self.const_expr_in(e, None)
    }

    /// Evaluates a constant expression where GLSL wants one fixed at compile time: reports one
    /// that reads a specialization constant (and gives its value at the defaults, so that what
    /// it belongs to is still declared) (GLSL 4.60 §4.4: "a compile-time error for
    /// integer-constant-expression to be a specialization constant", glslang: "needs a literal
    /// integer"; a `case` label, which SPIR-V's `OpSwitch` takes as a literal) instead of
    /// folding it to the constant's default, which a specialized pipeline would not have.
    /// `what` names the place (`layout qualifier `binding``, `a case label`).
    pub fn fixed_const_expr(&mut self, e: &ast::Expr, what: &str) -> R<(Cv, Handle<Type>)> {
        self.const_expr_in(e, Some(what))
    }

    fn const_expr_in(&mut self, e: &ast::Expr, fixed: Option<&str>) -> R<(Cv, Handle<Type>)> {
        let saved = std::mem::take(&mut self.fx);
        let mut scratch = Block::new();
        let r = self.expr(&mut scratch, e).and_then(|op| self.value(&mut scratch, op, e.span));
        let result = r.and_then(|h| {
            if let Some(what) = fixed.filter(|_| self.uses_spec_constant(h)) {
                // Reported, and the default used so that what it belongs to is declared anyway.
                self.error(format!("{what} must be a constant fixed at compile time, not one computed from a specialization constant"), e.span);
            }
            let ty = self.fx.f.expressions.ty(h);
            match self.fold(h) {
                Some(cv) => Ok((cv, ty)),
                None => Err(self.error("expected a constant expression", e.span)),
            }
        });
        self.fx = saved;
        result
    }

    fn array_size(&mut self, a: &ast::ArraySpecifier) -> R<ArraySize> {
        match &a.size {
            None => Ok(ArraySize::Dynamic),
            Some(e) => {
                if let Some(size) = self.specialized_size(e)? {
                    return Ok(size);
                }
                // A length that reads a specialization constant `specialized_size` cannot hold
                // (an inner dimension: GLSL 4.60 §4.11) takes its default, as glslang's.
                let n = self.const_u32(e, "an array size", false)?;
                if n == 0 {
                    return Err(self.error("array size must be greater than zero", e.span));
                }
                Ok(ArraySize::Constant(n))
            }
        }
    }

    /// An array size that names a specialization constant (GLSL 4.60 §4.11: such arrays,
    /// in blocks too, follow the constant; glslang writes it as the `OpTypeArray` Length).
    /// `None` when the size is an ordinary constant expression.
    fn specialized_size(&mut self, e: &ast::Expr) -> R<Option<ArraySize>> {
        let saved = std::mem::take(&mut self.fx);
        let mut scratch = Block::new();
        let lowered = self.expr(&mut scratch, e).and_then(|op| self.value(&mut scratch, op, e.span));
        let result = match lowered {
            // A built-in function of a specialization constant is no specialization-constant
            // operation in GLSL (GL_KHR_vulkan_glsl; glslang: "array size must be a constant
            // integer expression"), though WGSL's override-expressions take `max` and the like.
            Ok(h) if !crate::spec_length::spec_operations_only(&self.m, &self.fx.f.expressions, h, &|_| false) => Err(self.error(
                "array size must be a constant integer expression: a specialization constant's value may only go through specialization-constant operations (no built-in function calls, no float arithmetic)",
                e.span,
            )),
            Ok(h) => {
                let vulkan = self.target == Target::Vulkan;
                let found = crate::spec_length::length(&mut self.m, &self.fx.f.expressions, h, vulkan);
                found.map_err(|message| self.error(message, e.span))
            }
            Err(r) => Err(r),
        };
        self.fx = saved;
        result
    }

    /// Applies array dimensions (outermost first in `dims`) around `base`.
    pub fn apply_dims(&mut self, mut base: Handle<Type>, dims: &[&ast::ArraySpecifier]) -> R<Handle<Type>> {
        for d in dims.iter().rev() {
            let size = self.array_size(d)?;
            // Arrays of opaque types are descriptor arrays.
            base = if is_opaque(self.inner(base), &self.m) {
                self.ty(TypeInner::BindingArray { base, size })
            } else {
                self.ty(TypeInner::Array { base, size, stride: 0 })
            };
        }
        Ok(base)
    }

    /// The type of a type specifier plus name dimensions (name dimensions are outermost).
    /// `precision P T;` sets the default precision of `float`, `int` and the opaque types only
    /// (GLSL 4.60 §4.7.4, GLSL ES 3.20 §4.7.4); it decorates nothing, so this is its only rule.
    /// A name that is no type is the unknown-type error (glslang: a syntax error).
    pub fn precision_statement(&mut self, ty: &ast::TypeSpecifier) -> R<()> {
        use ast::BuiltinType as B;
        let allowed = ty.array.is_empty()
            && match &ty.kind {
                ast::TypeKind::Builtin(B::Scalar(s)) => *s == Scalar::I32 || *s == Scalar::F32,
                ast::TypeKind::Builtin(
                    B::Sampler(_) | B::Texture(_) | B::Image(_) | B::SubpassInput { .. } | B::SamplerState { .. } | B::AtomicUint,
                ) => true,
                ast::TypeKind::Builtin(_) => false,
                ast::TypeKind::Named(_) | ast::TypeKind::Struct(_) => {
                    self.resolve_type(ty, &[])?;
                    false
                }
            };
        if allowed {
            return Ok(());
        }
        Err(self.error("a precision statement applies only to `float`, `int` and opaque types (samplers, textures, images)", ty.span))
    }

    pub fn resolve_type(&mut self, spec: &ast::TypeSpecifier, name_dims: &[ast::ArraySpecifier]) -> R<Handle<Type>> {
        let base = self.base_type(spec)?;
        let dims: Vec<&ast::ArraySpecifier> = name_dims.iter().chain(spec.array.iter()).collect();
        self.apply_dims(base, &dims)
    }

    fn base_type(&mut self, spec: &ast::TypeSpecifier) -> R<Handle<Type>> {
        match &spec.kind {
            ast::TypeKind::Builtin(b) => self.builtin_type(*b, spec.span),
            ast::TypeKind::Struct(s) => self.struct_definition(s),
            ast::TypeKind::Named(id) => match self.structs.get(&id.name) {
                Some(&h) => Ok(h),
                None => match self.extension_type_name(&id.name, id.span) {
                    // Reported, and taken as the type it names there so that the declaration
                    // is made and its uses are not errors too.
                    Some(_) => match crate::glsl::parser::builtin_type(&id.name, 450, false) {
                        Some(ast::BuiltinType::Scalar(s)) => Ok(self.scalar_ty(s)),
                        Some(ast::BuiltinType::Vector(s, size)) => Ok(self.ty(TypeInner::Vector { size, scalar: s })),
                        Some(ast::BuiltinType::Matrix { scalar, columns, rows }) => Ok(self.ty(TypeInner::Matrix { columns, rows, scalar })),
                        _ => Err(Reported),
                    },
                    None => Err(self.error(format!("unknown type `{}`", id.name), id.span)),
                },
            },
        }
    }

    pub fn builtin_type(&mut self, b: ast::BuiltinType, span: Span) -> R<Handle<Type>> {
        use ast::BuiltinType as B;
        if let B::Scalar(s) | B::Vector(s, _) | B::Matrix { scalar: s, .. } = b {
            // Reported, then the type is used anyway so that later uses are not errors too.
            let _ = self.explicit_arithmetic_enabled(s, span);
        }
        Ok(match b {
            B::Void => return Err(self.error("`void` is not a value type", span)),
            B::Scalar(s) => self.scalar_ty(s),
            B::Vector(s, size) => self.ty(TypeInner::Vector { size, scalar: s }),
            B::Matrix { scalar, columns, rows } => self.ty(TypeInner::Matrix { columns, rows, scalar }),
            B::Texture(it) => {
                let image = self.image_type(it, false, span)?;
                image
            }
            B::Sampler(it) => {
                let image = self.image_type(it, false, span)?;
                self.ty(TypeInner::SampledImage { image })
            }
            B::Image(it) => self.image_type(it, true, span)?,
            B::SubpassInput { scalar, multisampled } => {
                if self.target == Target::Wgpu {
                    return Err(self.error("subpass inputs are not available with the wgpu target", span));
                }
                self.ty(TypeInner::Image {
                    dim: ImageDimension::SubpassData,
                    arrayed: false,
                    class: ImageClass::Sampled { kind: scalar.kind, multisampled },
                })
            }
            B::SamplerState { shadow } => self.ty(TypeInner::Sampler { comparison: shadow }),
            B::AtomicUint => return Err(self.error("`atomic_uint` is not available in Vulkan GLSL", span)),
            // GL_EXT_ray_query.
            B::AccelerationStructure => self.ty(TypeInner::AccelerationStructure),
            B::RayQuery => self.ty(TypeInner::RayQuery),
        })
    }

    fn image_type(&mut self, it: ast::ImageType, storage: bool, span: Span) -> R<Handle<Type>> {
        let dim = match it.dim {
            ast::ImageDim::D1 => ImageDimension::D1,
            ast::ImageDim::D2 => ImageDimension::D2,
            ast::ImageDim::D3 => ImageDimension::D3,
            ast::ImageDim::Cube => ImageDimension::Cube,
            ast::ImageDim::Buffer => ImageDimension::Buffer,
            ast::ImageDim::Rect => return Err(self.error("rectangle textures are not available in Vulkan GLSL", span)),
        };
        let class = if storage {
            // Format and access come from qualifiers; `storage_image` fills them in. Without a
            // format qualifier the prefix still gives the texel type (GLSL 4.60 §4.1.7.2).
            ImageClass::Storage { format: StorageFormat::unknown(it.scalar.kind), access: StorageAccess::READ_WRITE, multisampled: it.multisampled }
        } else if it.shadow {
            ImageClass::Depth { multisampled: it.multisampled }
        } else {
            ImageClass::Sampled { kind: it.scalar.kind, multisampled: it.multisampled }
        };
        Ok(self.ty(TypeInner::Image { dim, arrayed: it.arrayed, class }))
    }

    /// GLSL 4.60 §4.1.8 (Structures) and §4.3.9 (Interface Blocks): at least one member, and
    /// member names unique within the struct or block.
    fn check_members(&mut self, what: &str, members: &[ast::StructMember], span: Span) {
        let section = if what == "a struct" { "GLSL 4.60 §4.1.8 (Structures)" } else { "GLSL 4.60 §4.3.9 (Interface Blocks)" };
        if members.is_empty() {
            self.diags.push(Diagnostic::error(format!("{what} must declare at least one member"), span).with_note(section));
        }
        if what == "a struct" {
            // glslang: "cannot use storage or interpolation qualifiers on structure members".
            for x in members.iter().flat_map(|m| &m.qualifiers.qualifiers) {
                let word = match &x.kind {
                    ast::QualifierKind::Storage(s) => s.keyword(),
                    kind => match kind.interface_only_keyword() {
                        Some(word) => word,
                        None => continue,
                    },
                };
                let d = Diagnostic::error(format!("`{word}` is not allowed on a struct member"), x.span).with_note(match &x.kind {
                    ast::QualifierKind::Storage(_) => "GLSL 4.60 §4.1.8 (Structures): member declarators take no storage qualifiers",
                    _ => INTERFACE_ONLY,
                });
                self.diags.push(d);
            }
        }
        let mut seen: HashMap<&str, Span> = HashMap::default();
        for d in members.iter().flat_map(|m| &m.declarators) {
            if let Some(&first) = seen.get(d.name.name.as_str()) {
                let d = Diagnostic::error(format!("{what} has two members named `{}`", d.name.name), d.name.span)
                    .with_secondary(first, "first declared here")
                    .with_note(format!("{section}: member names must be unique"));
                self.diags.push(d);
            } else {
                seen.insert(&d.name.name, d.name.span);
            }
        }
    }

    fn struct_definition(&mut self, s: &ast::StructDefinition) -> R<Handle<Type>> {
        self.check_members("a struct", &s.members, s.span);
        let mut members = Vec::new();
        for mm in &s.members {
            let row_major = member_row_major(&mm.qualifiers);
            for d in &mm.declarators {
                let ty = self.resolve_type(&mm.ty, &d.array)?;
                let matrix = (row_major == Some(true)).then_some(MatrixLayout { stride: 0, row_major: true });
                members.push(StructMember { name: Some(d.name.name.as_str().to_owned()), ty, offset: 0, matrix, memory: Default::default() });
            }
        }
        let name = s.name.as_ref().map(|n| n.name.as_str().to_owned());
        let h = self.m.types.insert(Type { name: name.clone(), inner: TypeInner::Struct { members, span: 0 } }, s.span);
        if let Some(n) = &s.name {
            if self.scopes.len() == 1 {
                self.global_name(n, GlobalName::Struct);
            }
            self.structs.insert(n.name.clone(), h);
        }
        Ok(h)
    }

    // -- scopes ---------------------------------------------------------------------------------

    /// The error for a name that is not in scope: declared later at global scope, misspelt
    /// (with a suggestion among the names in scope), or unknown.
    /// The extension a built-in needs here and that is not enabled ([`builtins::builtin_extensions`]).
    fn missing_builtin_extension(&self, name: &str) -> Option<&'static str> {
        let needed = builtins::builtin_extensions(self.stage, name);
        needed.first().copied().filter(|_| !needed.iter().any(|e| self.has_extension(e)))
    }

    /// The first of `needed` when none of them is enabled at the use `site`.
    pub(crate) fn missing_extension(&self, needed: &'static [&'static str], site: Span) -> Option<&'static str> {
        needed.first().copied().filter(|_| !needed.iter().any(|e| self.has_extension_at(e, site)))
    }

    /// The error for a built-in `name` used without the extension that declares it.
    pub(crate) fn needs_extension(&mut self, name: &str, extension: &str, span: Span) -> Reported {
        self.diags.push(needs_extension(name, extension, span));
        Reported
    }

    /// An extension's type word used where its extensions are off (a name there, as glslang
    /// reads it, [`crate::glsl::parser::extension_type_enablers`]) and not declared as one:
    /// reported as the extension it needs.
    pub(crate) fn extension_type_name(&mut self, name: &str, span: Span) -> Option<Reported> {
        let enablers = crate::glsl::parser::extension_type_enablers(name)?;
        Some(self.needs_extension(name, enablers[0], span))
    }

    pub(crate) fn undeclared(&mut self, id: &ast::Ident) -> Reported {
        if let Some(extension) = self.missing_builtin_extension(&id.name) {
            return self.needs_extension(&id.name, extension, id.span);
        }
        if let Some(reported) = self.extension_type_name(&id.name, id.span) {
            return reported;
        }
        if self.scopes.first().is_some_and(|g| g.contains_key(&id.name)) {
            let message = format!("`{}` is declared later in the file; GLSL names must be declared before their use (GLSL 4.60 §4.2.2)", id.name);
            return self.error(message, id.span);
        }
        let in_scope: Vec<&str> = self.scopes.iter().flat_map(|s| s.keys().map(Name::as_str)).collect();
        let near = crate::diag::closest(&id.name, in_scope).map(str::to_owned);
        let mut d = Diagnostic::error(format!("`{}` is not declared", id.name), id.span);
        if let Some(near) = near {
            d = d.with_note(format!("help: did you mean `{near}`?"));
        }
        self.diags.push(d);
        Reported
    }

    pub(crate) fn visible_until(&self) -> usize {
        self.visible_until
    }

    pub fn lookup(&mut self, name: &str) -> Option<Sym> {
        let n = self.scopes.len();
        for (depth, scope) in self.scopes.iter().enumerate().rev() {
            if let Some(s) = scope.get(name) {
                if matches!(s, Sym::Functions(_)) {
                    // A local prototype: a function, found by calls, not here (glslang).
                    continue;
                }
                if depth == 0 && n > 1 && self.global_order.get(name).is_some_and(|&at| at >= self.visible_until) {
                    // Declared after the function being lowered: not in scope yet.
                    break;
                }
                return Some(s.clone());
            }
        }
        if name.starts_with("gl_") {
            return self.builtin_var(name);
        }
        None
    }

    /// Whether the innermost declaration of `name` in scope is not a function (a variable, a
    /// constant, a block instance or member): it hides every function of that name, declared or
    /// built-in, so a call of it is an error (GLSL 4.60 §4.2: a name redeclared in a nested
    /// scope "hides all existing uses of that name"; glslang: "can't use function syntax on
    /// variable"). A prototype in a block nested inside makes the name a function again there.
    pub(crate) fn hides_functions(&self, name: &str) -> bool {
        let n = self.scopes.len();
        for (depth, scope) in self.scopes.iter().enumerate().rev() {
            match scope.get(name) {
                None => {}
                Some(Sym::Functions(_)) => return false,
                // Declared after the function being lowered: not in scope yet.
                Some(_) if depth == 0 && n > 1 && self.global_order.get(name).is_some_and(|&at| at >= self.visible_until) => return false,
                // A global variable and a function of one name: already reported.
                Some(_) if depth == 0 && self.funcs.contains_key(name) => return false,
                Some(_) => return true,
            }
        }
        false
    }

    pub fn declare(&mut self, name: &ast::Ident, sym: Sym) {
        // Locals, parameters, block instances and the members of anonymous blocks; built-ins are
        // redeclared through `builtin_redeclaration` (and GL_EXT_spirv_intrinsics declares its own).
        let builtin = matches!(&sym, Sym::Var { root: Root::Global(g), .. } if matches!(self.m.globals[*g].io, Some(IoBinding::BuiltIn(_))));
        if name.name.starts_with("gl_") && !builtin {
            self.reserved_name(name);
        }
        if self.scopes.len() == 1 {
            self.global_order.insert(name.name.clone(), self.decl_index);
            self.global_name(name, GlobalName::Variable);
        }
        let Some(scope) = self.scopes.last_mut() else { return };
        if scope.insert(name.name.clone(), sym).is_some() {
            // GLSL 4.60 §4.2.2: a name may be declared once per scope (a function's parameters
            // and its body's outermost block are one scope).
            self.error(format!("`{}` is already declared in this scope", name.name), name.span);
        }
    }

    /// The IR interpolation of a stage input or output: none at the vertex-input and
    /// fragment-output ends, `PerVertex` for GL_EXT_fragment_shader_barycentric arrays, the
    /// qualifier's otherwise, Flat for integer fragment inputs (Vulkan requires it), and
    /// smooth for unqualified outputs of the Vulkan target.
    fn io_interpolation(&self, qualifier: Option<ast::Interpolation>, per_vertex: bool, integer: bool, output: bool) -> Option<Interpolation> {
        let io_in_vertex = (self.stage == Stage::Vertex && !output) || (self.stage == Stage::Fragment && output);
        match qualifier {
            _ if io_in_vertex => None,
            _ if per_vertex => Some(Interpolation::PerVertex),
            Some(ast::Interpolation::Flat) => Some(Interpolation::Flat),
            Some(ast::Interpolation::NoPerspective) => Some(Interpolation::Linear),
            Some(ast::Interpolation::Smooth) => Some(Interpolation::Perspective),
            None if integer && self.stage == Stage::Fragment && !output => Some(Interpolation::Flat),
            // An unqualified output is smooth (GLSL 4.60 §4.5); naga (the wgpu target) requires
            // integer outputs to be flat, so there the back end's default (Flat) stays.
            None if output && self.target == Target::Vulkan => Some(Interpolation::Perspective),
            None => None,
        }
    }

    /// Rebinds `name` in the current scope on purpose (a lowering detail, not user code).
    pub(crate) fn rebind(&mut self, name: &ast::Ident, sym: Sym) {
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(name.name.clone(), sym);
        }
    }

    pub fn push_scope(&mut self) {
        self.scopes.push(HashMap::default());
    }
    pub fn pop_scope(&mut self) {
        if self.scopes.len() > 1 {
            self.scopes.pop();
        }
    }

    // -- globals --------------------------------------------------------------------------------

    fn global_declaration(&mut self, d: &'a ast::Declaration) -> R<()> {
        if self.dialect.stage_qualifiers() {
            match &d.kind {
                ast::DeclarationKind::Variables(v) => self.stage_qualifiers(&v.ty.qualifiers, false),
                ast::DeclarationKind::Block(b) => {
                    self.stage_qualifiers(&b.qualifiers, false);
                    // Transform feedback values of members, which nothing else reads, are
                    // checked as the block's are (glslang: "scalar integer expression required").
                    for l in b.members.iter().flat_map(|m| m.qualifiers.layouts()).filter(|l| l.name.name.to_ascii_lowercase().starts_with("xfb_")) {
                        let _ = self.layout_u32(l);
                    }
                }
                ast::DeclarationKind::Qualifiers(q) => self.stage_qualifiers(q, true),
                _ => {}
            }
        }
        if let ast::DeclarationKind::Variables(v) = &d.kind {
            if let Some(r) = self.dialect.global_variables(self, v, d.span) {
                return r;
            }
        }
        match &d.kind {
            ast::DeclarationKind::Variables(v) => {
                let q = &v.ty.qualifiers;
                if q.storage().next().is_none() && !v.declarators.is_empty() {
                    // GLSL 4.60 §4.4 (Layout Qualifiers): each layout qualifier applies to
                    // `in`, `out`, `uniform`, `buffer` (or `shared`/`const` ones) declarations;
                    // glslang lets `set` alone pass, so do we.
                    for l in q.layouts().filter(|l| !l.is("set")) {
                        let message = format!("layout qualifier `{}` needs a storage qualifier (`in`, `out`, `uniform` or `buffer`) on the declaration", l.name.name);
                        self.diags.push(Diagnostic::error(message, l.span).with_note(STORAGE_FOR_LAYOUT));
                    }
                }
                // GLSL 4.60 §4.4.2.3: the depth layouts redeclare gl_FragDepth only; they become
                // execution modes, as glslang emits them (`depth_any` promises nothing).
                for l in q.layouts().filter(|l| l.name.name.to_ascii_lowercase().starts_with("depth_")) {
                    if let Some(other) = v.declarators.iter().find(|d| d.name.name != "gl_FragDepth") {
                        let message = format!("layout qualifier `{}` applies only to `gl_FragDepth`, not to `{}`", l.name.name, other.name.name);
                        self.diags.push(Diagnostic::error(message, l.span).with_note("GLSL 4.60 §4.4.2.3: `layout(depth_greater) out float gl_FragDepth;`"));
                        continue;
                    }
                    let mode = match l.name.name.to_ascii_lowercase().as_str() {
                        "depth_greater" => ExecutionMode::DepthGreater,
                        "depth_less" => ExecutionMode::DepthLess,
                        "depth_unchanged" => ExecutionMode::DepthUnchanged,
                        _ => continue,
                    };
                    if self.stage == Stage::Fragment && !self.execution_modes.contains(&mode) {
                        self.execution_modes.push(mode);
                    }
                }
                if !crate::glsl::lower::spirv_intrinsics::declares_builtin(q) {
                    self.global_variables(v, d.span)?;
                }
                if let Some(r) = self.spirv_decorated_variables(v) {
                    let list = r?;
                    self.record_spirv_decorations(list);
                }
                Ok(())
            }
            ast::DeclarationKind::Prototype(p) => match self.spirv_instruction_prototype(p) {
                Some(r) => r,
                None => {
                    // Checked as a definition's (extension, arguments, warnings); they decorate
                    // nothing: glslang takes a function's attributes from its definition.
                    self.attributes(&p.attributes, attributes::Site::Function);
                    self.prototype(p, false, self.decl_index).map(|_| ())
                }
            },
            ast::DeclarationKind::Precision { ty, .. } => self.precision_statement(ty),
            ast::DeclarationKind::Block(b) => self.interface_block(b),
            ast::DeclarationKind::Qualifiers(q) => match self.spirv_qualifier_declaration(q) {
                Some(r) => r,
                None => self.default_qualifiers(q),
            },
            ast::DeclarationKind::Redeclaration { qualifiers, names } if qualifiers.layout("buffer_reference").is_some() => {
                self.forward_reference(qualifiers, names)
            }
            ast::DeclarationKind::Redeclaration { qualifiers, names } => {
                for n in names {
                    if let Some(Sym::Var { root: Root::Global(g), .. }) = self.redeclared_builtin(&n.name) {
                        if qualifiers.is_invariant() {
                            if self.m.globals[g].space != AddressSpace::Output {
                                return Err(self.invariant_not_output(n.span));
                            }
                            self.m.globals[g].invariant = true;
                            self.redeclared_here(&n.name, n.span, format!("cannot make `{}` invariant after its use", n.name));
                        }
                    } else if self.redeclared_builtin(&n.name).is_none() {
                        return Err(self.error(format!("`{}` is not declared", n.name), n.span));
                    }
                }
                Ok(())
            }
        }
    }

    /// Qualifiers that belong to another stage, reported as glslang does: compute-only and
    /// fragment-only layouts, `shared` outside compute, `in` globals in compute, interpolation
    /// on vertex inputs and fragment outputs (GLSL 4.60 §4.3.4, §4.3.8, §4.4.1); layouts of the
    /// geometry, tessellation and mesh stages, `xfb_*` on inputs, and layouts written before the
    /// `#extension` they need ([`layout_names::extensions`](crate::glsl::layout_names::extensions)).
    fn stage_qualifiers(&mut self, q: &ast::TypeQualifiers, default_declaration: bool) {
        let stage = self.stage;
        let stage_name = match stage {
            Stage::Vertex => "vertex",
            Stage::Fragment => "fragment",
            Stage::Compute => "compute",
        };
        if !default_declaration {
            self.standalone_layouts(q);
        }
        let input = q.storage().any(|(s, _)| s == ast::StorageQualifier::In);
        let output = q.storage().any(|(s, _)| s == ast::StorageQualifier::Out);
        let stage_end = (input && stage == Stage::Vertex) || (output && stage == Stage::Fragment);
        for l in q.layouts() {
            let n = l.name.name.to_ascii_lowercase();
            if let Some((since, extensions)) = crate::glsl::layout_names::desktop_since(&n, input || output, stage_end).filter(|(v, _)| !self.es && self.version < *v) {
                if let Some(extension) = self.missing_extension(extensions, l.span) {
                    let message = format!("layout qualifier `{}` needs GLSL {}.{:02} or `#extension {extension} : enable` before it", l.name.name, since / 100, since % 100);
                    self.error(message, l.span);
                }
            }
            if matches!(n.as_str(), "bindless_sampler" | "bindless_image") {
                use crate::glsl::preprocess::{BINDLESS_TEXTURE, BINDLESS_TEXTURE_NOTE};
                let message = format!("layout qualifier `{}` needs {BINDLESS_TEXTURE}, which cannot be used when generating SPIR-V", l.name.name);
                self.diags.push(Diagnostic::error(message, l.span).with_note(BINDLESS_TEXTURE_NOTE));
                continue;
            }
            for &group in crate::glsl::layout_names::extensions(&n) {
                if let Some(extension) = self.missing_extension(group, l.span) {
                    self.error(format!("layout qualifier `{}` needs `#extension {extension} : enable`", l.name.name), l.span);
                }
            }
            if crate::glsl::layout_names::other_stages_only(&n) {
                let message = format!("layout qualifier `{}` is for geometry, tessellation or mesh shaders, not {stage_name} shaders", l.name.name);
                self.error(message, l.span);
                continue;
            }
            if input && n.starts_with("xfb_") {
                self.error(format!("layout qualifier `{}` applies only to outputs (GLSL 4.60 §4.4.2.1)", l.name.name), l.span);
                continue;
            }
            // Values nothing else reads (transform feedback is not emitted), checked as glslang
            // does where it reads them: not negative, `xfb_buffer` below 4. (The stride's
            // multiple depends on the types in the buffer: glslang checks it when linking.)
            if matches!(n.as_str(), "xfb_buffer" | "xfb_offset" | "xfb_stride" | "num_views") {
                let _ = self.layout_u32(l);
            }
            let only = if n.starts_with("local_size_") || n.starts_with("derivative_group_") {
                Stage::Compute
            } else if matches!(
                n.as_str(),
                "early_fragment_tests" | "origin_upper_left" | "pixel_center_integer" | "post_depth_coverage" | "depth_any"
                    | "depth_greater" | "depth_less" | "depth_unchanged"
            ) || n.contains("_interlock_")
            {
                Stage::Fragment
            } else {
                continue;
            };
            if only != stage {
                self.error(format!("layout qualifier `{}` is not available in {stage_name} shaders", l.name.name), l.span);
            }
        }
        for (s, span) in q.storage() {
            match s {
                ast::StorageQualifier::Shared if stage != Stage::Compute => {
                    self.error(format!("`shared` variables exist only in compute shaders, not in {stage_name} shaders"), span);
                }
                ast::StorageQualifier::In if stage == Stage::Compute && !default_declaration => {
                    self.error("compute shaders have no `in` variables (their inputs are built-ins)", span);
                }
                ast::StorageQualifier::Out if stage == Stage::Compute => {
                    self.error("compute shaders have no `out` variables (write results to a buffer or image)", span);
                }
                _ => {}
            }
        }
        let io_end = q.storage().find_map(|(s, _)| match (stage, s) {
            (Stage::Vertex, ast::StorageQualifier::In) => Some("vertex inputs"),
            (Stage::Fragment, ast::StorageQualifier::Out) => Some("fragment outputs"),
            _ => None,
        });
        if let (Some(what), Some(interp)) = (io_end, q.qualifiers.iter().find(|x| matches!(x.kind, ast::QualifierKind::Interpolation(_)))) {
            self.error(format!("interpolation qualifiers do not apply to {what}"), interp.span);
        }
    }

    /// A user stage input or output without a `location`: SPIR-V for Vulkan needs one
    /// (GL_KHR_vulkan_glsl, "Mapping to SPIR-V": locations are not assigned by the linker).
    /// With `auto_map_locations` it gets the next one of its direction, `slots` long, as
    /// glslang's `--aml` numbers them (`TDefaultIoResolverBase::resolveInOutLocation`: from 0
    /// in declaration order, not skipping explicit locations, which may then overlap).
    fn missing_location(&mut self, name: &str, span: Span, output: bool, slots: u32) -> Option<u32> {
        if self.auto_map_locations {
            let next = &mut self.next_location[output as usize];
            let location = *next;
            *next = next.saturating_add(slots);
            return Some(location);
        }
        let d = Diagnostic::error(format!("stage input/output `{name}` needs a `layout(location = N)`"), span)
            .with_note("GL_KHR_vulkan_glsl: SPIR-V for Vulkan has no automatic locations for user inputs and outputs")
            .with_note("or compile with automatic locations (`auto_map_locations`, `--aml`)");
        self.diags.push(d);
        None
    }

    /// A `location` of a stage input or output, within glslang's limits (its default
    /// resources): below 4095 (`layoutLocationEnd`), and for fragment outputs below 32
    /// (`gl_MaxDrawBuffers`). GLSL 4.60 §4.4.1/§4.4.2: locations beyond the implementation's
    /// limits are compile-time errors. `None` after reporting one (or a value that is not an
    /// integer constant): the variable is declared without an interface slot, so that its uses
    /// are not errors too.
    fn io_location(&mut self, l: &ast::LayoutQualifier, output: bool) -> R<Option<u32>> {
        // (A value that is no integer constant is reported there, and treated the same way.)
        let Ok(v) = self.layout_u32(l) else { return Ok(None) };
        let message = if v >= 4095 {
            format!("location {v} is too large (locations must be below 4095)")
        } else if output && self.stage == Stage::Fragment && v >= 32 {
            format!("location {v} is too large for a fragment output (at most 32 colour outputs)")
        } else {
            return Ok(Some(v));
        };
        let note = "GLSL 4.60 §4.4.1 (Input Layout Qualifiers), §4.4.2 (Output Layout Qualifiers): a location beyond the \
                    implementation's limits is a compile-time error (glslang's limits: below 4095; fragment outputs below gl_MaxDrawBuffers, 32)";
        self.diags.push(Diagnostic::error(message, l.span).with_note(note));
        Ok(None)
    }

    /// The `component` of a stage input or output of type `ty` (GLSL 4.60 §4.4.1.2, as glslang
    /// checks it): on a scalar or vector (or an array of them) only, whose components fit in the
    /// location's four from there; a 64-bit type takes two per component and starts on an even one.
    fn io_component(&mut self, l: &ast::LayoutQualifier, ty: Handle<Type>) -> R<u32> {
        let v = self.layout_u32(l)?;
        let elem = match *self.inner(ty) {
            TypeInner::Array { base, .. } => base,
            _ => ty,
        };
        let Some((scalar, n)) = self.shape(elem) else {
            self.error("`component` cannot apply to a matrix, structure or block (GLSL 4.60 §4.4.1.2)", l.span);
            return Ok(v);
        };
        let words = if scalar.width == 8 { 2 } else { 1 };
        if words == 2 && v % 2 == 1 {
            self.error(format!("a 64-bit `{}` cannot start at the odd component {v} (GLSL 4.60 §4.4.1.2)", self.type_name(elem)), l.span);
        }
        if v < 4 && v + n * words > 4 {
            let message = format!("`{}` at component {v} overflows the location's 4 components (GLSL 4.60 §4.4.1.2)", self.type_name(elem));
            self.error(message, l.span);
        }
        Ok(v)
    }

    /// The value of a layout qualifier: a non-negative integer constant expression (glslang:
    /// "'layout-id value' : cannot be negative"), below its name's bound where it has one
    /// ([`layout_names::value_end`](crate::glsl::layout_names::value_end)).
    fn layout_u32(&mut self, q: &ast::LayoutQualifier) -> R<u32> {
        let v = match &q.value {
            Some(e) => self.const_u32(e, &format!("layout qualifier `{}`", q.name.name), true)?,
            None => return Err(self.error(format!("layout qualifier `{}` needs a value", q.name.name), q.span)),
        };
        if let Some((_, why)) = crate::glsl::layout_names::value_end(&q.name.name.to_ascii_lowercase()).filter(|&(end, _)| v >= end) {
            // Reported, and the declaration made anyway so that its uses are not errors too.
            self.error(format!("layout qualifier `{}` = {v} is too large: {why}", q.name.name), q.span);
        }
        Ok(v)
    }

    fn default_qualifiers(&mut self, q: &ast::TypeQualifiers) -> R<()> {
        let storage: Vec<_> = q.storage().map(|(s, _)| s).collect();
        let layouts: Vec<ast::LayoutQualifier> = q.layouts().cloned().collect();
        // GLSL 4.60 §4.4 (Layout Qualifiers): `layout(...) in;`, `out`, `uniform`, `buffer`;
        // GL_EXT_ray_flags_primitive_culling's `layout(primitive_culling);` is the one form
        // without (as glslang reads it).
        if storage.is_empty() && !layouts.iter().all(|l| l.is("primitive_culling")) {
            let span = layouts.first().map_or(q.span, |l| l.span);
            let message = "a default-qualifier declaration needs a storage qualifier (`in`, `out`, `uniform`, `buffer` or `shared`)";
            self.diags.push(Diagnostic::error(message, span).with_note(STORAGE_FOR_LAYOUT));
            return Err(Reported);
        }
        // The sizes and ids earlier declarations set (see `local_size_given`).
        let earlier_sizes: [Option<u32>; 3] = std::array::from_fn(|i| self.local_size_given[i].then_some(self.local_size[i]));
        let earlier_ids = self.local_size_ids.map(|o| o.and_then(|o| self.m.overrides[o].id));
        // GLSL 4.60 §4.4.1.1: the workgroup size is an input layout (glslang: "can only apply
        // to 'in'").
        if let Some(l) = layouts.iter().find(|l| l.name.name.to_ascii_lowercase().starts_with("local_size_")) {
            if storage != [ast::StorageQualifier::In] {
                let message = format!("layout qualifier `{}` applies only to `in` (`layout({} = ..) in;`)", l.name.name, l.name.name);
                self.diags.push(Diagnostic::error(message, l.span).with_note("GLSL 4.60 §4.4.1.1 (Compute Shader Inputs)"));
                return Err(Reported);
            }
        }
        for l in &layouts {
            let n = l.name.name.to_ascii_lowercase();
            match n.as_str() {
                "local_size_x" | "local_size_y" | "local_size_z" => {
                    let i = (n.as_bytes()[11] - b'x') as usize;
                    let v = self.layout_u32(l)?;
                    if v == 0 {
                        return Err(self.error("local size must be at least 1", l.span));
                    }
                    if earlier_sizes[i].is_some_and(|earlier| earlier != v) {
                        let earlier = earlier_sizes[i].unwrap_or(v);
                        self.error(format!("`{}` = {v} changes the size an earlier declaration set ({earlier}): a workgroup size may be declared again only with the same value", l.name.name), l.span);
                        continue;
                    }
                    self.local_size[i] = v;
                    self.local_size_given[i] = true;
                }
                "local_size_x_id" | "local_size_y_id" | "local_size_z_id" => {
                    let i = (n.as_bytes()[11] - b'x') as usize;
                    let id = self.layout_u32(l)?;
                    if earlier_ids[i].is_some_and(|earlier| earlier != id) {
                        let earlier = earlier_ids[i].unwrap_or(id);
                        self.error(format!("`{}` = {id} changes the constant id an earlier declaration set ({earlier}): it may be declared again only with the same id", l.name.name), l.span);
                        continue;
                    }
                    // Its own `uint` specialization constant, even when a `constant_id`
                    // declaration shares the id (GLSL 4.60 §4.4.1.4: `gl_WorkGroupSize` is a
                    // uvec3; glslang emits both, one SpecId, so one value specializes both).
                    // Its default is the `local_size_*` value (1 unless given), as glslang's,
                    // never a `constant_id` constant's (`gl_WorkGroupSize` reads it, see
                    // `builtins`). naga cannot specialize a workgroup size, so on the wgpu
                    // target the back end writes it without a SpecId (naga refuses two
                    // constants with one id) and the runtime writes a pipeline's value for the
                    // id into the words (shader-runtime `compute::set_workgroup_size`).
                    let ty = self.scalar_ty(Scalar::U32);
                    let o = match self.local_size_ids[i] {
                        Some(o) if self.m.overrides[o].id == Some(id) => o,
                        _ => {
                            let init = self.m.const_expressions.append(Expression::Literal(Literal::U32(1)), ty, l.span);
                            self.m.overrides.append(Override { name: None, id: Some(id), ty, init: Some(init) }, l.span)
                        }
                    };
                    self.local_size_ids[i] = Some(o);
                }
                "early_fragment_tests" => self.early_fragment_tests = true,
                // GL_EXT_ray_flags_primitive_culling: lets ray flags skip triangles or AABBs.
                "primitive_culling" => {
                    // The capability comes with SPV_KHR_ray_query (or _ray_tracing, for the ray
                    // tracing stages we do not compile); without it spirv-val refuses the module.
                    let c = spirv::Capability::RayTraversalPrimitiveCullingKHR as u32;
                    if !self.m.spirv.capabilities.contains(&c) {
                        self.m.spirv.capabilities.push(c);
                    }
                    if !self.m.spirv.extensions.iter().any(|e| e == "SPV_KHR_ray_query") {
                        self.m.spirv.extensions.push("SPV_KHR_ray_query".to_string());
                    }
                }
                // GL_ARB_fragment_shader_interlock, GL_ARB/EXT_post_depth_coverage,
                // GL_NV/KHR_compute_shader_derivatives: execution modes.
                "pixel_interlock_ordered"
                | "pixel_interlock_unordered"
                | "sample_interlock_ordered"
                | "sample_interlock_unordered"
                | "post_depth_coverage"
                | "derivative_group_quadsnv"
                | "derivative_group_quadskhr"
                | "derivative_group_linearnv"
                | "derivative_group_linearkhr" => {
                    let (mode, stage) = match n.as_str() {
                        "pixel_interlock_ordered" => (ExecutionMode::PixelInterlockOrdered, Stage::Fragment),
                        "pixel_interlock_unordered" => (ExecutionMode::PixelInterlockUnordered, Stage::Fragment),
                        "sample_interlock_ordered" => (ExecutionMode::SampleInterlockOrdered, Stage::Fragment),
                        "sample_interlock_unordered" => (ExecutionMode::SampleInterlockUnordered, Stage::Fragment),
                        "post_depth_coverage" => (ExecutionMode::PostDepthCoverage, Stage::Fragment),
                        "derivative_group_quadsnv" | "derivative_group_quadskhr" => (ExecutionMode::DerivativeGroupQuads, Stage::Compute),
                        _ => (ExecutionMode::DerivativeGroupLinear, Stage::Compute),
                    };
                    if self.stage != stage {
                        return Err(self.error(format!("layout qualifier `{}` is for {stage:?} shaders", l.name.name), l.span));
                    }
                    let interlock = |m: &ExecutionMode| {
                        matches!(
                            m,
                            ExecutionMode::PixelInterlockOrdered
                                | ExecutionMode::PixelInterlockUnordered
                                | ExecutionMode::SampleInterlockOrdered
                                | ExecutionMode::SampleInterlockUnordered
                        )
                    };
                    if interlock(&mode) && self.execution_modes.iter().any(|m| interlock(m) && *m != mode) {
                        return Err(self.error("a fragment shader takes at most one interlock ordering", l.span));
                    }
                    // GL_NV/KHR_compute_shader_derivatives: one derivative group; a later
                    // declaration replaces an earlier one, as glslang has it (both in one
                    // declaration: `derivative_group_sizes`).
                    let group = |m: &ExecutionMode| matches!(m, ExecutionMode::DerivativeGroupQuads | ExecutionMode::DerivativeGroupLinear);
                    if group(&mode) {
                        self.execution_modes.retain(|m| !group(m));
                    }
                    if mode == ExecutionMode::PostDepthCoverage {
                        self.post_depth_coverage = Some(l.span);
                        if self.has_extension_at("GL_ARB_post_depth_coverage", l.span) {
                            self.early_fragment_tests = true;
                        }
                    }
                    if !self.execution_modes.contains(&mode) {
                        self.execution_modes.push(mode);
                    }
                }
                "std140" | "std430" | "scalar" | "row_major" | "column_major" | "shared" | "packed" => {
                    let rule = match n.as_str() {
                        "std140" => Some(Rule::Std140),
                        "std430" => Some(Rule::Std430),
                        "scalar" => Some(Rule::Scalar),
                        _ => None,
                    };
                    for s in &storage {
                        let d = match s {
                            ast::StorageQualifier::Uniform => &mut self.uniform_defaults,
                            ast::StorageQualifier::Buffer => &mut self.buffer_defaults,
                            _ => continue,
                        };
                        if let Some(r) = rule {
                            d.rule = r;
                        }
                        if n == "row_major" {
                            d.row_major = true;
                        }
                        if n == "column_major" {
                            d.row_major = false;
                        }
                    }
                }
                _ => {}
            }
        }
        // Workgroup sizes given by spec constants: the default comes from local_size_*.
        for i in 0..3 {
            if let Some(o) = self.local_size_ids[i] {
                let ty = self.scalar_ty(Scalar::U32);
                let init = self.m.const_expressions.append(Expression::Literal(Literal::U32(self.local_size[i])), ty, q.span);
                self.m.overrides[o].init = Some(init);
            }
        }
        self.derivative_group_sizes(&layouts);
        Ok(())
    }

    /// GL_NV/KHR_compute_shader_derivatives: one declaration gives quads or linear, not both;
    /// quads need a width and height that are multiples of two, linear a total size that is a
    /// multiple of four. Checked as glslang does, with the
    /// sizes declared up to this declaration (a size given by `local_size_*_id` counts with
    /// its default).
    fn derivative_group_sizes(&mut self, layouts: &[ast::LayoutQualifier]) {
        let is = |l: &ast::LayoutQualifier, group: &str| l.name.name.to_ascii_lowercase().starts_with(group);
        if let (true, Some(second)) = (layouts.iter().any(|l| is(l, "derivative_group_quads")), layouts.iter().find(|l| is(l, "derivative_group_linear"))) {
            // glslang: "derivative_group_quadsNV and derivative_group_linearNV : cannot be both specified".
            self.error("`derivative_group_quads*` and `derivative_group_linear*` cannot both be given in one declaration", second.span);
        }
        let [x, y, z] = self.local_size;
        for l in layouts {
            let n = l.name.name.to_ascii_lowercase();
            if n.starts_with("derivative_group_quads") && (x % 2 != 0 || y % 2 != 0) {
                self.error(format!("`{}` needs local_size_x and local_size_y to be multiples of two (they are {x} and {y})", l.name.name), l.span);
            } else if n.starts_with("derivative_group_linear") && (x as u64 * y as u64 * z as u64) % 4 != 0 {
                self.error(format!("`{}` needs a workgroup size that is a multiple of four (it is {x}x{y}x{z})", l.name.name), l.span);
            }
        }
    }

    /// The `(set, binding)` a resource declaration gives; without a `binding`, a provisional
    /// one that [`Lowerer::record_unbound`] records once the global exists.
    fn binding_of(&mut self, q: &ast::TypeQualifiers) -> R<Option<ResourceBinding>> {
        let set = match q.layout("set") {
            Some(l) => {
                let l = l.clone();
                self.resource_layout(&l, 63)?
            }
            None => 0,
        };
        match q.layout("binding") {
            Some(l) => {
                let l = l.clone();
                Ok(Some(ResourceBinding { group: set, binding: self.resource_layout(&l, 65535)? }))
            }
            None => Ok(Some(ResourceBinding { group: set, binding: 0 })),
        }
    }

    /// Records the resource `global` (with the sampler split from it for wgpu) in
    /// [`Lowerer::unbound`] if its declaration has no `binding`, for [`Lowerer::assign_bindings`].
    fn record_unbound(&mut self, q: &ast::TypeQualifiers, global: Handle<GlobalVariable>, sampler: Option<Handle<GlobalVariable>>) {
        if q.layout("binding").is_none() {
            self.unbound.push(Unbound { global: global.index(), has_set: q.layout("set").is_some(), sampler: sampler.map(|s| s.index()) });
        }
    }

    /// A `set` or `binding` within glslang's limits (`layoutSetEnd` 63, `layoutBindingEnd`
    /// 65535: "set is too large"); GLSL 4.60 §4.4.5: a binding beyond the implementation's
    /// limits is a compile-time error.
    fn resource_layout(&mut self, l: &ast::LayoutQualifier, end: u32) -> R<u32> {
        let v = self.layout_u32(l)?;
        if v >= end {
            // Reported, and the resource declared anyway so that its uses are not errors too.
            let what = l.name.name.to_ascii_lowercase();
            self.error(format!("{what} {v} is too large (a {what} must be below {end})"), l.span);
        }
        Ok(v)
    }

    fn global_variables(&mut self, v: &'a ast::VariableDeclaration, span: Span) -> R<()> {
        if declares_nothing(v) {
            return Ok(());
        }
        let q = &v.ty.qualifiers;
        let storage = q.storage_kind();
        // `struct S { ... };` alone declares the type.
        let base = self.base_type(&v.ty.ty)?;
        let is_const = q.storage().any(|(s, _)| s == ast::StorageQualifier::Const);
        for d in &v.declarators {
            let dims: Vec<&ast::ArraySpecifier> = d.array.iter().chain(v.ty.ty.array.iter()).collect();
            let ty = match self.apply_dims_sized(base, &dims, d.init.as_ref()) {
                Ok(t) => t,
                Err(r) => return Err(r),
            };
            let name = Some(d.name.name.as_str().to_owned());
            if d.name.name.starts_with("gl_") {
                self.builtin_redeclaration(q, d, ty)?;
                continue;
            }
            if is_const {
                let derived = d.init.as_ref().and_then(|init| self.spec_const_expression(init, ty, &d.name.name));
                if let Some(l) = q.layout("constant_id") {
                    let l = l.clone();
                    let id = self.layout_u32(&l)?;
                    self.constant_id_declarator(d, ty, id, derived)?;
                    continue;
                }
                let Some(init) = &d.init else {
                    return Err(self.error("a `const` variable needs an initializer", d.span));
                };
                if let Some(o) = derived {
                    self.declare(&d.name, Sym::Override(o, ty));
                    continue;
                }
                match self.initializer_const(init, ty) {
                    Ok(Some((cv, _))) => self.declare(&d.name, Sym::Const { value: cv, ty }),
                    Ok(None) => {
                        // Reported, and declared anyway so that its uses are not errors too.
                        self.spec_operations_initializer(init, ty);
                        self.spec_dependent_const(d, init, ty)
                    }
                    // Reported; declared anyway (its type is known, its value taken as zero)
                    // so that one failed initializer is one error, not one more per use.
                    Err(_) => {
                        if let Some(value) = crate::ir::consteval::Evaluator::new(&self.m, crate::ir::consteval::Rules::Exact).zero(ty) {
                            self.declare(&d.name, Sym::Const { value, ty });
                        }
                    }
                }
                continue;
            }
            let output = matches!(storage, Some(ast::StorageQualifier::Out))
                || (storage == Some(ast::StorageQualifier::Varying) && self.stage == Stage::Vertex);
            if let Some(x) = q.qualifiers.iter().find(|x| matches!(x.kind, ast::QualifierKind::Invariant)).filter(|_| !output) {
                // Reported, and declared anyway so that its uses are not errors too.
                self.invariant_not_output(x.span);
            }
            let space = match storage {
                None | Some(ast::StorageQualifier::Const) => AddressSpace::Private,
                Some(ast::StorageQualifier::Shared) => AddressSpace::Workgroup,
                Some(ast::StorageQualifier::In | ast::StorageQualifier::Attribute) => AddressSpace::Input,
                Some(ast::StorageQualifier::Varying) => {
                    if self.stage == Stage::Vertex { AddressSpace::Output } else { AddressSpace::Input }
                }
                Some(ast::StorageQualifier::Out) => AddressSpace::Output,
                Some(ast::StorageQualifier::Uniform) => match self.inner(ty) {
                    t if is_opaque(t, &self.m) => AddressSpace::Handle,
                    _ => {
                        return Err(self.error(
                            "non-opaque uniform variables outside a block are not allowed in Vulkan GLSL; put them in a uniform block",
                            d.span,
                        ))
                    }
                },
                Some(ast::StorageQualifier::Buffer) => {
                    return Err(self.error("`buffer` variables must be declared in a block", d.span));
                }
                Some(ast::StorageQualifier::InOut) => return Err(self.error("`inout` is only for parameters", d.span)),
            };
            if matches!(space, AddressSpace::Input | AddressSpace::Output) && self.holds_reference(ty) {
                return Err(self.error("buffer references cannot be stage inputs or outputs", d.span));
            }
            if space == AddressSpace::Handle {
                self.opaque_global(&d.name, q, ty, d.span)?;
                continue;
            }
            // GL_EXT_fragment_shader_barycentric: a per-vertex input array holds one element per
            // vertex of the primitive, so an unsized one (`pervertexEXT in vec3 c[];`) has 3, as
            // glslang sizes it.
            let mut ty = match *self.inner(ty) {
                TypeInner::Array { base, size: ArraySize::Dynamic, stride }
                    if space == AddressSpace::Input
                        && self.stage == Stage::Fragment
                        && q.qualifiers.iter().any(|x| matches!(x.kind, ast::QualifierKind::PerVertex)) =>
                {
                    self.ty(TypeInner::Array { base, size: ArraySize::Constant(3), stride })
                }
                _ => ty,
            };
            let mut io = None;
            if matches!(space, AddressSpace::Input | AddressSpace::Output) {
                let output = space == AddressSpace::Output;
                // Unsized in/out arrays (`in vec4 c[];`) only occur in other stages.
                if let TypeInner::Array { size: ArraySize::Dynamic, .. } = *self.inner(ty) {
                    return Err(self.error("unsized stage input or output arrays are not supported in this stage", d.span));
                }
                // `None` after reporting a missing location: declared, without an interface
                // slot that would collide with others.
                let location = match q.layout("location") {
                    Some(l) => {
                        let l = l.clone();
                        self.io_location(&l, output)?
                    }
                    // (In compute shaders an `in`/`out` variable is already an error.)
                    None if self.stage == Stage::Compute => Some(0),
                    None => {
                        let slots = self.location_slots(ty);
                        self.missing_location(&d.name.name, d.span, output, slots)
                    }
                };
                let per_vertex = q.qualifiers.iter().any(|x| matches!(x.kind, ast::QualifierKind::PerVertex));
                if per_vertex && (self.stage != Stage::Fragment || output || !matches!(self.inner(ty), TypeInner::Array { .. })) {
                    return Err(self.error("`pervertexEXT` is for arrays of fragment shader inputs", d.span));
                }
                let component = match q.layout("component") {
                    Some(l) => {
                        let l = l.clone();
                        Some(self.io_component(&l, ty)?)
                    }
                    None => None,
                };
                let integer = self.contains_integer(ty);
                if !output && !per_vertex {
                    self.integer_input_flat(q, d, ty);
                }
                let io_in_vertex = (self.stage == Stage::Vertex && !output) || (self.stage == Stage::Fragment && output);
                let interpolation = self.io_interpolation(q.interpolation(), per_vertex, integer, output);
                let sampling = if io_in_vertex {
                    None
                } else if q.has_auxiliary(ast::Auxiliary::Centroid) {
                    Some(Sampling::Centroid)
                } else if q.has_auxiliary(ast::Auxiliary::Sample) {
                    Some(Sampling::Sample)
                } else {
                    None
                };
                let blend_src = match q.layout("index") {
                    Some(l) => {
                        let l = l.clone();
                        Some(self.layout_u32(&l)?)
                    }
                    None => None,
                };
                io = location.map(|location| IoBinding::Location { location, component, interpolation, sampling, blend_src });
            }
            if space == AddressSpace::Private || space == AddressSpace::Workgroup {
                ty = self.strip(ty);
            }
            if let Some((root, old, old_space)) = self.implicit_in_scope(&d.name.name) {
                if space != old_space || q.storage().any(|(s, _)| s == ast::StorageQualifier::Const) {
                    let message = format!("`{}` redeclares an implicitly sized array: it keeps its storage qualifier, and is not `const`", d.name.name);
                    return Err(self.error(message, d.name.span));
                }
                let ty = self.redeclare_implicit(&d.name, root, old, ty)?;
                if let (Some(init), Root::Global(g)) = (&d.init, root) {
                    if space != AddressSpace::Private {
                        return Err(self.error("only plain global variables may have initializers", init.span()));
                    }
                    // Assigned at the start of `main`, as a non-constant initializer is.
                    self.private_inits.push((g, init, ty, self.decl_index));
                }
                continue;
            }
            let g = self.m.globals.append(
                GlobalVariable {
                    name,
                    space,
                    binding: None,
                    io,
                    invariant: q.is_invariant(),
                    memory: MemoryQualifiers::default(),
                    ty,
                    init: None,
                },
                d.span,
            );
            // Implicitly sized by its constant indices ([`Lowerer::implicit_length`]); GLSL ES
            // has no implicit sizes (glslang: "array size required"). Reported, and declared
            // anyway so that its uses are not errors too.
            if matches!(space, AddressSpace::Private | AddressSpace::Workgroup) && d.init.is_none() && dims.iter().any(|a| a.size.is_none()) {
                if dims[1..].iter().any(|a| a.size.is_none()) {
                    self.error("only the outer dimension of an array of arrays may be implicitly sized", d.span);
                } else if self.es {
                    self.error("in GLSL ES, an unsized array needs an initializer", d.span);
                }
                if matches!(*self.inner(ty), TypeInner::Array { size: ArraySize::Dynamic, .. }) {
                    self.implicit_globals.push((g, 1));
                }
            }
            // GL_EXT_null_initializer: `= {}` zero-initializes, also `shared` variables
            // (an OpConstantNull initializer, as glslang emits).
            if let Some(ast::Initializer::List(items, ispan)) = &d.init {
                if items.is_empty() && matches!(space, AddressSpace::Private | AddressSpace::Workgroup) {
                    let h = self.m.const_expressions.append(Expression::ZeroValue(ty), ty, *ispan);
                    self.m.globals[g].init = Some(h);
                    let read_only = false;
                    self.declare(&d.name, Sym::Var { root: Root::Global(g), ty, space, read_only });
                    continue;
                }
            }
            if let Some(init) = &d.init {
                if space != AddressSpace::Private {
                    return Err(self.error("only plain global variables may have initializers", init.span()));
                }
                match self.initializer_const(init, ty) {
                    Ok(Some((cv, _))) => {
                        let h = self.materialize_module(&cv, ty, init.span());
                        self.m.globals[g].init = Some(h);
                    }
                    // Read from specialization constants (a constant expression, also in ES):
                    // assigned at the start of `main` so that it follows the pipeline's values,
                    // as glslang does.
                    Ok(None) => self.private_inits.push((g, init, ty, self.decl_index)),
                    Err(_) => {
                        // Not constant: assigned at the start of `main`. Drop the folding error.
                        self.diags.0.pop();
                        // GLSL ES 3.20 §4.3: global initializers are constant expressions there
                        // unless GL_EXT_shader_non_constant_global_initializers (as glslang).
                        if self.es && !self.has_extension("GL_EXT_shader_non_constant_global_initializers") {
                            let d = Diagnostic::error("a global initializer in GLSL ES must be a constant expression", init.span())
                                .with_note("or `#extension GL_EXT_shader_non_constant_global_initializers : enable`");
                            self.diags.push(d);
                        }
                        self.private_inits.push((g, init, ty, self.decl_index));
                    }
                }
            }
            let read_only = space == AddressSpace::Input;
            self.declare(&d.name, Sym::Var { root: Root::Global(g), ty, space, read_only });
        }
        let _ = span;
        Ok(())
    }

    /// Whether a stage variable of this type is or contains integers or doubles (which are
    /// never interpolated).
    fn contains_integer(&self, ty: Handle<Type>) -> bool {
        match *self.inner(ty) {
            TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } => matches!(s.kind, ScalarKind::Sint | ScalarKind::Uint) || s.width == 8,
            TypeInner::Matrix { scalar, .. } => scalar.width == 8,
            TypeInner::Array { base, .. } => self.contains_integer(base),
            TypeInner::Struct { ref members, .. } => members.iter().any(|m| self.contains_integer(m.ty)),
            _ => false,
        }
    }

    /// Locations a stage variable of this type occupies (GLSL 4.60 §4.4.2.1).
    fn location_slots(&self, ty: Handle<Type>) -> u32 {
        match *self.inner(ty) {
            TypeInner::Scalar(s) => 1 + (s.width == 8) as u32 * 0,
            TypeInner::Vector { size, scalar } => if scalar.width == 8 && size as u32 > 2 { 2 } else { 1 },
            TypeInner::Matrix { columns, rows, scalar } => {
                columns as u32 * if scalar.width == 8 && rows as u32 > 2 { 2 } else { 1 }
            }
            TypeInner::Array { base, size: ArraySize::Constant(n), .. } => n * self.location_slots(base),
            TypeInner::Struct { ref members, .. } => members.iter().map(|m| self.location_slots(m.ty)).sum(),
            _ => 1,
        }
    }

    /// Array dimensions where `[]` may be sized by an initializer.
    fn apply_dims_sized(&mut self, base: Handle<Type>, dims: &[&ast::ArraySpecifier], init: Option<&ast::Initializer>) -> R<Handle<Type>> {
        if dims.first().is_some_and(|d| d.size.is_none()) {
            if let Some(init) = init {
                let n = match init {
                    ast::Initializer::List(items, _) => Some(items.len() as u32),
                    ast::Initializer::Expr(e) => match self.constructor_len(e) {
                        Some(n) => Some(n),
                        // Sized by the initializer's type (`float a[] = b;`).
                        None => {
                            let saved = std::mem::take(&mut self.fx);
                            let mut scratch = Block::new();
                            let errors = self.diags.len();
                            let t = self.expr(&mut scratch, e).and_then(|op| self.value(&mut scratch, op, e.span)).map(|h| self.ety(h));
                            self.diags.0.truncate(errors);
                            self.fx = saved;
                            match t.ok().map(|t| self.inner(t).clone()) {
                                Some(TypeInner::Array { size: ArraySize::Constant(n), .. }) => Some(n),
                                _ => None,
                            }
                        }
                    },
                };
                if let Some(n) = n {
                    let inner = self.apply_dims(base, &dims[1..])?;
                    return Ok(self.ty(TypeInner::Array { base: inner, size: ArraySize::Constant(n.max(1)), stride: 0 }));
                }
            }
        }
        self.apply_dims(base, dims)
    }

    /// The element count of an array constructor `T[](a, b, c)` or `T[3](...)`.
    fn constructor_len(&mut self, e: &ast::Expr) -> Option<u32> {
        match &e.kind {
            ast::ExprKind::Call { callee: ast::Callee::Type(t), args } if !t.array.is_empty() => Some(args.len() as u32),
            _ => None,
        }
    }

    /// One `constant_id` names one constant (glslang: "specialization-constant id already
    /// used"; a `local_size_*_id` may share it): a repeat is reported, and the declaration goes
    /// on so that its uses are not errors too.
    pub(crate) fn claim_constant_id(&mut self, id: u32, span: Span) {
        if let Some(&first) = self.constant_ids.get(&id) {
            self.diags.push(Diagnostic::error(format!("specialization-constant id {id} is already used"), span).with_secondary(first, "used here"));
        } else {
            self.constant_ids.insert(id, span);
        }
    }

    /// A `layout(constant_id = N) const` declarator, at global scope or in a function (glslang
    /// writes both as `OpSpecConstant*` with `SpecId` N). `derived`: the constant is initialized
    /// from other specialization constants (`layout(constant_id = 5) const uint b = a + 1u;`,
    /// [`Self::spec_const_expression`]): it follows them, as glslang's `OpSpecConstantOp` does;
    /// SPIR-V allows `SpecId` only on `OpSpecConstant*` (spirv-val rejects glslang's
    /// decoration), so it takes no id.
    pub(crate) fn constant_id_declarator(&mut self, d: &ast::Declarator, ty: Handle<Type>, id: u32, derived: Option<Handle<Override>>) -> R<()> {
        match derived {
            Some(o) => {
                self.declare(&d.name, Sym::Override(o, ty));
                Ok(())
            }
            None => self.spec_constant(d, ty, id),
        }
    }

    fn spec_constant(&mut self, d: &ast::Declarator, ty: Handle<Type>, id: u32) -> R<()> {
        let Some(ast::Initializer::Expr(init)) = &d.init else {
            return Err(self.error("a specialization constant needs an initializer", d.span));
        };
        let (cv, ity) = self.global_const_expr(init)?;
        let cv = match self.convert_cv(&cv, ity, ty) {
            Some(v) => v,
            None => return Err(self.error("the initializer does not match the constant's type", init.span)),
        };
        if self.shape(ty).map_or(true, |(_, n)| n != 1) {
            return Err(self.error("specialization constants must be scalars", d.span));
        }
        self.claim_constant_id(id, d.span);
        let init_h = self.materialize_module(&cv, ty, init.span);
        let o = match self.spec_ids.get(&id) {
            Some(&o) => {
                self.m.overrides[o].init = Some(init_h);
                self.m.overrides[o].ty = ty;
                self.m.overrides[o].name = Some(d.name.name.as_str().to_owned());
                o
            }
            None => {
                let o = self.m.overrides.append(Override { name: Some(d.name.name.as_str().to_owned()), id: Some(id), ty, init: Some(init_h) }, d.span);
                self.spec_ids.insert(id, o);
                o
            }
        };
        self.declare(&d.name, Sym::Override(o, ty));
        Ok(())
    }

    /// A global `const` whose initializer reads specialization constants but which is no
    /// override ([`Self::spec_const_expression`] gives none: a vector, a float, a selection,
    /// or on the wgpu target a chain too deep to compute where it is used; what no
    /// specialization constant may be made of is reported by
    /// [`Self::spec_operations_initializer`]): a read-only private variable
    /// assigned at the start of `main`, so that it follows the pipeline's values (glslang:
    /// `OpSpecConstantComposite` for vectors).
    fn spec_dependent_const(&mut self, d: &ast::Declarator, init: &'a ast::Initializer, ty: Handle<Type>) {
        let ty = self.strip(ty);
        let g = self.m.globals.append(GlobalVariable::new(&d.name.name, AddressSpace::Private, ty), d.span);
        self.spec_globals.insert(g);
        self.private_inits.push((g, init, ty, self.decl_index));
        self.declare(&d.name, Sym::Var { root: Root::Global(g), ty, space: AddressSpace::Private, read_only: true });
    }

    /// A global `const` computed from specialization constants must be made only of the
    /// operations a specialization constant may be made of ([`crate::spec_length::spec_operations_only`],
    /// as glslang: "global const initializers must be constant"); reports one that is not
    /// (float arithmetic, an integer-float conversion, an array or struct constructor, a
    /// built-in function call: GLSL 4.60 §4.3.3, "for non-specialization constants only"). A
    /// local `const` may hold any of them (its initializer need not be constant).
    fn spec_operations_initializer(&mut self, init: &ast::Initializer, ty: Handle<Type>) {
        let saved = std::mem::take(&mut self.fx);
        let mut scratch = Block::new();
        if let Ok(h) = self.initializer(&mut scratch, init, ty) {
            // `?:` on arrays and structs stores either side in an `if`: its condition and
            // sides are checked as the value is.
            let mut roots = vec![h];
            stmt::statement_values(&scratch, &mut roots);
            let exprs = &self.fx.f.expressions;
            let spec_globals = &self.spec_globals;
            // Another such `const` (a vector one is a variable: `spec_dependent_const`), or a
            // component of it.
            let leaf = |e: &Expression| match *e {
                Expression::GlobalVar(g) => spec_globals.contains(&g),
                Expression::Load { mut pointer } => loop {
                    match exprs[pointer] {
                        Expression::AccessIndex { base, .. } => pointer = base,
                        Expression::GlobalVar(g) => break spec_globals.contains(&g),
                        _ => break false,
                    }
                },
                _ => false,
            };
            if !roots.iter().all(|&h| crate::spec_length::spec_operations_only(&self.m, exprs, h, &leaf)) {
                let d = Diagnostic::error(
                    "a global `const` computed from a specialization constant must be made with specialization-constant operations: integer and bool operators, conversions within integers or within floats, selections and vector constructors",
                    init.span(),
                )
                .with_note("GLSL 4.60 §4.3.3 and GL_KHR_vulkan_glsl: specialization-constant expressions take no float arithmetic, no conversion between integers and floats, no array or struct constructors and no built-in function calls (glslang: \"global const initializers must be constant\"); drop `const` to compute it at the start of `main`, or declare it inside the function");
                self.diags.push(d);
            }
        }
        self.fx = saved;
    }

    /// A scalar integer or bool `const` initialized from specialization constants (`const int
    /// d = c + 50;`) is itself one (GLSL 4.60 §4.11; glslang: an `OpSpecConstantOp`), so what
    /// it sizes or computes follows `c`. `None` for anything else, which folds as before
    /// (floats too: SPIR-V 3.52.12 has no float `OpSpecConstantOp` for shaders).
    pub(crate) fn spec_const_expression(&mut self, init: &ast::Initializer, ty: Handle<Type>, name: &str) -> Option<Handle<Override>> {
        // (The wgpu target, whose modules hold no `OpSpecConstantOp`, computes them where
        // they are used: `spec_length::expand`.)
        if !matches!(self.inner(ty), TypeInner::Scalar(s) if s.kind != ScalarKind::Float) {
            return None;
        }
        let saved = std::mem::take(&mut self.fx);
        let errors = self.diags.len();
        let mut scratch = Block::new();
        let result = match self.initializer(&mut scratch, init, ty) {
            Ok(h) if crate::spec_length::mentions_override(&self.fx.f.expressions, h)
                && scratch.is_empty()
                && crate::spec_length::spec_operations_only(&self.m, &self.fx.f.expressions, h, &|_| false) =>
            {
                crate::spec_length::derived(&mut self.m, &self.fx.f.expressions, h, Some(name.to_string()))
                    .ok()
                    .filter(|&o| self.target != Target::Wgpu || crate::spec_length::expandable(&self.m, o))
            }
            _ => None,
        };
        // Errors are reported by the ordinary path that runs next.
        self.diags.0.truncate(errors);
        self.fx = saved;
        result
    }

    /// A constant initializer converted to `ty`; `None` when it reads specialization
    /// constants (`fold` would give its value at their defaults, which a pipeline may change).
    fn initializer_const(&mut self, init: &ast::Initializer, ty: Handle<Type>) -> R<Option<(Cv, Handle<Type>)>> {
        let saved = std::mem::take(&mut self.fx);
        let mut scratch = Block::new();
        let r = self.initializer(&mut scratch, init, ty);
        let result = r.and_then(|h| match self.fold(h) {
            _ if self.initializer_uses_spec_constant(&scratch, h) => Ok(None),
            Some(cv) => Ok(Some((cv, ty))),
            None => Err(self.error("expected a constant expression", init.span())),
        });
        self.fx = saved;
        result
    }

    fn opaque_global(&mut self, name: &ast::Ident, q: &ast::TypeQualifiers, ty: Handle<Type>, span: Span) -> R<()> {
        let binding = self.binding_of(q)?.or(Some(ResourceBinding { group: 0, binding: 0 }));
        // glslang requires no binding of an acceleration structure: it takes binding 0.
        let needs_binding = !self.base_is_acceleration_structure(ty);
        let ty = self.storage_image(ty, q, span)?;
        let (elem, size) = match *self.inner(ty) {
            TypeInner::Array { base, size, .. } | TypeInner::BindingArray { base, size } => (base, Some(size)),
            _ => (ty, None),
        };
        if let Some(TypeInner::Array { .. } | TypeInner::BindingArray { .. }) = size.map(|_| self.inner(elem).clone()) {
            return Err(self.error("arrays of arrays of opaque types are not supported", span));
        }
        // Reported, and the resource declared anyway so that its uses are not errors too.
        let attachment = self.input_attachment_index(q, elem, size.is_some(), span).unwrap_or(None);
        let wrap = |lw: &mut Self, t: Handle<Type>| match size {
            Some(size) => lw.ty(TypeInner::BindingArray { base: t, size }),
            None => t,
        };
        let memory = memory_qualifiers(q);
        if let (Target::Wgpu, TypeInner::SampledImage { image }) = (self.target, self.inner(elem).clone()) {
            let comparison = matches!(self.inner(image), TypeInner::Image { class: ImageClass::Depth { .. }, .. });
            let img_ty = wrap(self, image);
            let smp = self.ty(TypeInner::Sampler { comparison });
            let smp_ty = wrap(self, smp);
            let img = self.m.globals.append(
                GlobalVariable { name: Some(name.name.as_str().to_owned()), space: AddressSpace::Handle, binding, io: None, invariant: false, memory, ty: img_ty, init: None },
                span,
            );
            let sbinding = binding.map(|b| ResourceBinding { group: b.group, binding: b.binding + WGPU_SAMPLER_BINDING_OFFSET });
            let s = self.m.globals.append(
                GlobalVariable {
                    name: Some(format!("{}_sampler", name.name)),
                    space: AddressSpace::Handle,
                    binding: sbinding,
                    io: None,
                    invariant: false,
                    memory: MemoryQualifiers::default(),
                    ty: smp_ty,
                    init: None,
                },
                span,
            );
            self.record_unbound(q, img, Some(s));
            let sym = Sym::Combined {
                image: Box::new(Sym::Var { root: Root::Global(img), ty: img_ty, space: AddressSpace::Handle, read_only: true }),
                sampler: Box::new(Sym::Var { root: Root::Global(s), ty: smp_ty, space: AddressSpace::Handle, read_only: true }),
            };
            self.declare(name, sym);
            return Ok(());
        }
        let gty = wrap(self, elem);
        let g = self.m.globals.append(
            GlobalVariable { name: Some(name.name.as_str().to_owned()), space: AddressSpace::Handle, binding, io: None, invariant: false, memory, ty: gty, init: None },
            span,
        );
        self.declare(name, Sym::Var { root: Root::Global(g), ty: gty, space: AddressSpace::Handle, read_only: true });
        if needs_binding {
            self.record_unbound(q, g, None);
        }
        if let Some(index) = attachment {
            self.m.spirv.decorations.push((g, spirv::Decoration::InputAttachmentIndex as u32, vec![index]));
        }
        Ok(())
    }

    /// GL_KHR_vulkan_glsl: a subpass input names its attachment with
    /// `layout(input_attachment_index = N)` (SPIR-V `InputAttachmentIndex`), and only a subpass
    /// input may; GL_EXT_optional_input_attachment_index lets one that is not an array go
    /// without, as glslang checks. The index, if any.
    fn input_attachment_index(&mut self, q: &ast::TypeQualifiers, elem: Handle<Type>, arrayed: bool, span: Span) -> R<Option<u32>> {
        let subpass = matches!(self.inner(elem), TypeInner::Image { dim: ImageDimension::SubpassData, .. });
        match q.layout("input_attachment_index").cloned() {
            Some(l) if !subpass => Err(self.error("`input_attachment_index` can only be used with a subpass input", l.span)),
            Some(l) => Ok(Some(self.layout_u32(&l)?)),
            None if subpass && (arrayed || !self.has_extension("GL_EXT_optional_input_attachment_index")) => {
                Err(self.error("a subpass input needs `layout(input_attachment_index = N)`", span))
            }
            None => Ok(None),
        }
    }

    /// Fills in the format and access of a storage image type from its qualifiers.
    fn base_is_acceleration_structure(&self, ty: Handle<Type>) -> bool {
        match *self.inner(ty) {
            TypeInner::Array { base, .. } | TypeInner::BindingArray { base, .. } => self.base_is_acceleration_structure(base),
            TypeInner::AccelerationStructure => true,
            _ => false,
        }
    }

    /// Bindings of the resources declared without one ([`Lowerer::unbound`]). Without
    /// `auto_map_bindings` each is an error, as glslang -V gives for uniform and buffer blocks
    /// and samplers, textures and images (GL_KHR_vulkan_glsl: Vulkan has no default binding;
    /// push constants, `buffer_reference` blocks and acceleration structures need none).
    /// With it they are numbered as glslang's `--amb` does (`TDefaultIoResolverBase`): explicit
    /// bindings keep their slots; resources the entry point uses take the lowest free slot of
    /// their set, those with a `set` first, then in declaration order; unused ones get binding 0.
    /// The errors are reported alongside any others; the numbering is skipped when lowering
    /// already failed.
    fn assign_bindings(&mut self) {
        if self.unbound.is_empty() {
            return;
        }
        let unbound = std::mem::take(&mut self.unbound);
        // Reported with any other errors: each entry is a global that exists.
        if !self.auto_map_bindings {
            for u in &unbound {
                let h = Handle::from_index(u.global);
                let g = &self.m.globals[h];
                let (what, name) = match g.space {
                    AddressSpace::Handle => ("sampler, texture or image", g.name.clone().unwrap_or_default()),
                    _ => ("uniform or buffer block", g.name.clone().unwrap_or_default()),
                };
                let d = Diagnostic::error(format!("{what} `{name}` needs a `layout(binding = N)`"), self.m.globals.span(h)).with_note(
                    "GL_KHR_vulkan_glsl: Vulkan has no default binding (glslang -V requires one); \
                     or compile with automatic bindings (`auto_map_bindings`, `--amb`)",
                );
                self.diags.push(d);
            }
            return;
        }
        if self.diags.has_errors() {
            return;
        }
        let unbound_set: HashSet<usize> = unbound.iter().flat_map(|u| std::iter::once(u.global).chain(u.sampler)).collect();
        let mut taken: HashMap<u32, std::collections::BTreeSet<u32>> = HashMap::default();
        for (h, g) in self.m.globals.iter() {
            if let (Some(b), false) = (g.binding, unbound_set.contains(&h.index())) {
                taken.entry(b.group).or_default().insert(b.binding);
            }
        }
        let live: Vec<Handle<GlobalVariable>> = match self.m.entry_points.first() {
            Some(ep) => crate::ir::calls::uses(&self.m).get(ep.function.index()).map(|u| u.globals().to_vec()).unwrap_or_default(),
            None => Vec::new(),
        };
        let mut order: Vec<&Unbound> = unbound.iter().collect();
        order.sort_by_key(|u| (!u.has_set, u.global));
        for u in order {
            let h = Handle::from_index(u.global);
            let Some(b) = self.m.globals[h].binding else { continue };
            let used = live.contains(&h) || u.sampler.is_some_and(|s| live.contains(&Handle::from_index(s)));
            let binding = if used {
                let slots = taken.entry(b.group).or_default();
                let free = (0..).find(|n| !slots.contains(n)).unwrap_or(0);
                slots.insert(free);
                free
            } else {
                0
            };
            self.m.globals[h].binding = Some(ResourceBinding { group: b.group, binding });
            if let Some(s) = u.sampler {
                self.m.globals[Handle::from_index(s)].binding = Some(ResourceBinding { group: b.group, binding: binding + WGPU_SAMPLER_BINDING_OFFSET });
            }
        }
    }

    fn storage_image(&mut self, ty: Handle<Type>, q: &ast::TypeQualifiers, span: Span) -> R<Handle<Type>> {
        match self.inner(ty).clone() {
            TypeInner::BindingArray { base, size } => {
                let b = self.storage_image(base, q, span)?;
                Ok(self.ty(TypeInner::BindingArray { base: b, size }))
            }
            TypeInner::Image { dim, arrayed, class: ImageClass::Storage { format: declared, multisampled, .. } } => {
                let mut format = declared;
                for l in q.layouts() {
                    if let Some(f) = storage_format(&l.name.name.to_ascii_lowercase()) {
                        format = f;
                    }
                }
                let access = StorageAccess {
                    load: !q.has_memory(ast::MemoryQualifier::WriteOnly),
                    store: !q.has_memory(ast::MemoryQualifier::ReadOnly),
                };
                if format.is_unknown() && access.load && self.target == Target::Wgpu {
                    return Err(self.error("a readable storage image needs a format qualifier (e.g. `layout(rgba8)`)", span));
                }
                Ok(self.ty(TypeInner::Image { dim, arrayed, class: ImageClass::Storage { format, access, multisampled } }))
            }
            _ => Ok(ty),
        }
    }

    fn interface_block(&mut self, b: &'a ast::InterfaceBlock) -> R<()> {
        self.check_members("a block", &b.members, b.name.span);
        let q = &b.qualifiers;
        let storage = q.storage_kind();
        // Built-in blocks are redeclared (`redeclaration`); a buffer reference block's name is
        // a type, declared again by its definition after a forward declaration (`reference`).
        if let (Some(storage), false) = (storage, b.name.name.starts_with("gl_") || q.layout("buffer_reference").is_some()) {
            self.global_name(&b.name, GlobalName::Block(storage));
        }
        self.block_qualifiers(b, storage);
        match storage {
            Some(ast::StorageQualifier::Uniform | ast::StorageQualifier::Buffer) => self.buffer_block(b, storage == Some(ast::StorageQualifier::Buffer)),
            Some(ast::StorageQualifier::In | ast::StorageQualifier::Out) => {
                let output = storage == Some(ast::StorageQualifier::Out);
                // GLSL 4.60 §4.3.9: vertex shaders have no input blocks, fragment shaders no
                // output blocks (glslang: "not supported in this stage"; compute shaders have no
                // `in`/`out` at all, see `stage_qualifiers`).
                if matches!((self.stage, output), (Stage::Vertex, false) | (Stage::Fragment, true)) {
                    let (direction, stage) = (if output { "output" } else { "input" }, format!("{:?}", self.stage).to_lowercase());
                    // Reported, and the block declared anyway so that its uses are not errors too.
                    self.error(format!("{direction} blocks are not allowed in a {stage} shader (GLSL 4.60 §4.3.9)"), b.name.span);
                }
                self.io_block(b, output)
            }
            _ => Err(self.error("interface blocks must be `uniform`, `buffer`, `in` or `out`", b.span)),
        }
    }

    /// Qualifiers a block or its members cannot take, as glslang reports them: interpolation,
    /// `centroid`/`sample` and `invariant` belong to the members of `in`/`out` blocks, never to
    /// the block (GLSL 4.60 §4.3.9); members of uniform and buffer blocks take none of them;
    /// `invariant` only on outputs (§4.8.1).
    fn block_qualifiers(&mut self, b: &ast::InterfaceBlock, storage: Option<ast::StorageQualifier>) {
        for x in &b.qualifiers.qualifiers {
            let what = match x.kind {
                ast::QualifierKind::Interpolation(_) => "interpolation qualifiers",
                ast::QualifierKind::Auxiliary(ast::Auxiliary::Centroid | ast::Auxiliary::Sample) => "`centroid` and `sample`",
                ast::QualifierKind::Invariant => "`invariant`",
                _ => continue,
            };
            let d = Diagnostic::error(format!("{what} cannot qualify an interface block"), x.span)
                .with_note("GLSL 4.60 §4.3.9: qualify the block's members instead");
            self.diags.push(d);
        }
        let io = matches!(storage, Some(ast::StorageQualifier::In | ast::StorageQualifier::Out));
        for mm in &b.members {
            self.standalone_layouts(&mm.qualifiers);
            for x in &mm.qualifiers.qualifiers {
                match x.kind {
                    ast::QualifierKind::Interpolation(_) | ast::QualifierKind::Auxiliary(_) if !io => {
                        self.error("a member of a uniform or buffer block cannot have an interpolation or auxiliary qualifier", x.span);
                    }
                    ast::QualifierKind::Invariant if storage != Some(ast::StorageQualifier::Out) => {
                        self.invariant_not_output(x.span);
                    }
                    // A member may repeat the block's storage qualifier, nothing else
                    // (glslang: "member storage qualifier cannot contradict block storage
                    // qualifier").
                    // (A redeclared built-in block's members are checked by `redeclaration`.)
                    ast::QualifierKind::Storage(s) if Some(s) != storage && !b.name.name.starts_with("gl_") => {
                        let block = storage.map_or("", |b| b.keyword());
                        let d = Diagnostic::error(format!("storage qualifier `{}` on a member of a block declared `{block}`: a member may only repeat its block's storage qualifier", s.keyword()), x.span)
                            .with_note("GLSL 4.60 §4.3.9 (Interface Blocks)");
                        self.diags.push(d);
                    }
                    _ => {}
                }
            }
        }
    }

    /// Layout qualifiers of a declaration or block member that only a standalone qualifier
    /// (`layout(...) in;`) may carry: errors, as glslang reports them. glslang lets a workgroup
    /// size of 1 pass (`checkNoShaderLayouts` looks for sizes above 1); 0 is an error anywhere.
    fn standalone_layouts(&mut self, q: &ast::TypeQualifiers) {
        let standalone = |l: &ast::LayoutQualifier| format!("layout qualifier `{}` applies only to a standalone `layout(...) in;` declaration", l.name.name);
        for l in q.layouts() {
            if crate::glsl::layout_names::standalone_only(&l.name.name) {
                self.error(standalone(l), l.span);
            } else if matches!(l.name.name.as_str(), "local_size_x" | "local_size_y" | "local_size_z") {
                match self.layout_u32(l) {
                    Ok(0) => {
                        self.error("local size must be at least 1", l.span);
                    }
                    Ok(1) | Err(_) => {}
                    Ok(_) => {
                        self.error(standalone(l), l.span);
                    }
                }
            }
        }
    }

    /// `invariant` on something that is not a stage output (GLSL 4.60 §4.8.1).
    pub(super) fn invariant_not_output(&mut self, span: Span) -> Reported {
        self.error("`invariant` applies only to outputs (GLSL 4.60 §4.8.1)", span)
    }

    fn buffer_block(&mut self, b: &'a ast::InterfaceBlock, buffer: bool) -> R<()> {
        let q = &b.qualifiers;
        let push = q.layout("push_constant").is_some();
        let defaults = if buffer { self.buffer_defaults } else { self.uniform_defaults };
        let mut rule = if push { Rule::Std430 } else { defaults.rule };
        for l in q.layouts() {
            match l.name.name.to_ascii_lowercase().as_str() {
                "std140" => rule = Rule::Std140,
                "std430" => {
                    // §4.4.5: std430 is for buffer blocks (and push constants); uniform blocks
                    // may use it only with GL_EXT_scalar_block_layout, as glslang checks.
                    if !buffer && !push && !self.has_extension("GL_EXT_scalar_block_layout") {
                        let message = "`std430` on a uniform block needs `#extension GL_EXT_scalar_block_layout : enable` (GLSL 4.60 §4.4.5 allows it on buffer blocks)";
                        self.error(message, l.span);
                    }
                    rule = Rule::Std430
                }
                // (Its extension is checked with the qualifier's: `stage_qualifiers`.)
                "scalar" => rule = Rule::Scalar,
                _ => {}
            }
        }
        let block_row_major = member_row_major(q).unwrap_or(defaults.row_major);
        let reference = q.layout("buffer_reference").is_some();
        // GLSL 4.60 §4.4.5: `align` on a block applies to each member that has no `align` of its
        // own (as glslang lays it out); an integer constant (found by glsl_mutants: `align = 7.5`).
        let block_align = match q.layout("align").cloned() {
            // Reported, and the block declared anyway so that its uses are not errors too.
            Some(l) => self.layout_u32(&l).ok(),
            None => None,
        };
        let mut specs = Vec::new();
        let mut read_only_members = Vec::new();
        let mut stored_bools = Vec::new();
        let mut write_only_members = Vec::new();
        let n_lines = b.members.len();
        let mut dialect_members = Vec::new();
        for (li, mm) in b.members.iter().enumerate() {
            let row_major = member_row_major(&mm.qualifiers).unwrap_or(block_row_major);
            let offset = match mm.qualifiers.layout("offset") {
                Some(l) => {
                    let l = l.clone();
                    Some(self.layout_u32(&l)?)
                }
                None => None,
            };
            let align = match mm.qualifiers.layout("align") {
                Some(l) => {
                    let l = l.clone();
                    Some(self.layout_u32(&l)?)
                }
                None => block_align,
            };
            for (di, d) in mm.declarators.iter().enumerate() {
                let last = li + 1 == n_lines && di + 1 == mm.declarators.len();
                let ty = self.resolve_type(&mm.ty, &d.array)?;
                if !last && self.has_dynamic(ty) {
                    return Err(self.error("only the last member of a block may be a runtime-sized array", d.span));
                }
                // As glslang: a block member's inner array dimensions are fixed (its outermost
                // one may follow a specialization constant; arrays in a struct member may too).
                let mut inner = match *self.inner(ty) {
                    TypeInner::Array { base, .. } => Some(base),
                    _ => None,
                };
                while let Some(TypeInner::Array { base, size, .. }) = inner.map(|t| self.inner(t).clone()) {
                    if matches!(size, ArraySize::Specialized { .. }) {
                        return Err(self.error("only the outermost dimension of a block member's array of arrays can be a specialization constant", d.span));
                    }
                    inner = Some(base);
                }
                if is_opaque(self.inner(ty), &self.m) {
                    return Err(self.error("blocks cannot hold opaque types", d.span));
                }
                let logical = ty;
                let ty = self.bool_to_uint(ty);
                if ty != logical {
                    stored_bools.push((specs.len() as u32, logical));
                }
                let ty = self.dialect.block_member(self, ty, specs.len() as u32, &d.name, &mut dialect_members);
                let memory = self.member_memory(&mm.qualifiers, reference.then_some(q));
                specs.push(MemberSpec { name: Some(d.name.name.as_str().to_owned()), ty, align, size: None, offset: if di == 0 { offset } else { None }, row_major, memory });
                read_only_members.push(mm.qualifiers.has_memory(ast::MemoryQualifier::ReadOnly));
                write_only_members.push(mm.qualifiers.has_memory(ast::MemoryQualifier::WriteOnly));
            }
        }
        // A block whose every member is `readonly` (`writeonly`) is a read-only (write-only)
        // buffer, as its whole-block qualifier would make it: naga reads the member
        // decorations so, and wgpu wants the binding's access to be the shader's.
        let every_member = |f: fn(&MemberMemory) -> bool| !specs.is_empty() && specs.iter().all(|s| f(&s.memory));
        let (members_read_only, members_write_only) = (every_member(|m| m.read_only), every_member(|m| m.write_only));
        let ty = if reference {
            self.reference_block(b, specs, rule)?
        } else {
            match layout::lay_out_struct(&mut self.m.types, Some(b.name.name.as_str().to_owned()), &specs, rule) {
                Ok((t, _)) => t,
                Err(e) => return Err(self.error(format!("block `{}`: {e}", b.name.name), b.span)),
            }
        };
        // glslang refuses reads of a whole `writeonly` block only through its instance name
        // (`out_data[i]` of an anonymous one passes: corpus spirv-cross comp_mod.comp).
        self.bool_members.extend(stored_bools.into_iter().map(|(i, logical)| ((ty, i), logical)));
        let whole_write_only = q.has_memory(ast::MemoryQualifier::WriteOnly) && b.instance.is_some();
        self.write_only.extend(whole_write_only.then_some((ty, None)));
        self.write_only.extend(write_only_members.iter().enumerate().filter(|(_, w)| **w).map(|(i, _)| (ty, Some(i as u32))));
        if reference && b.instance.is_none() {
            return Ok(());
        }
        let read_only = q.has_memory(ast::MemoryQualifier::ReadOnly) || (buffer && members_read_only);
        let space = if push {
            AddressSpace::PushConstant
        } else if buffer {
            // `writeonly` becomes NonReadable, except for the wgpu target: naga refuses
            // write-only storage buffers, and dropping the hint changes no result.
            let write_only = (q.has_memory(ast::MemoryQualifier::WriteOnly) || members_write_only) && self.target == Target::Vulkan;
            let access = StorageAccess { load: !write_only, store: !read_only };
            AddressSpace::Storage { access: if access.load || access.store { access } else { StorageAccess::READ_WRITE } }
        } else {
            AddressSpace::Uniform
        };
        if push && self.m.globals.iter().any(|(_, g)| g.space == AddressSpace::PushConstant) {
            return Err(self.error("only one push constant block is allowed per stage", b.span));
        }
        let binding = if push { None } else { self.binding_of(q)?.or(Some(ResourceBinding { group: 0, binding: 0 })) };
        let mut gty = ty;
        let dims: Vec<&ast::ArraySpecifier> = b.array.iter().collect();
        if let Some(d) = dims.first() {
            let size = self.array_size(d)?;
            if dims.len() > 1 {
                return Err(self.error("arrays of arrays of blocks are not supported", b.span));
            }
            gty = self.ty(TypeInner::BindingArray { base: ty, size });
        }
        // Qualifiers on single members are the members' (`MemberSpec::memory`).
        let memory = memory_qualifiers(q);
        let name = b.instance.as_ref().map(|i| i.name.as_str().to_owned()).or_else(|| Some(b.name.name.as_str().to_owned()));
        let g = self.m.globals.append(GlobalVariable { name, space, binding, io: None, invariant: false, memory, ty: gty, init: None }, b.span);
        if !push {
            self.record_unbound(q, g, None);
        }
        let ro = read_only || space == AddressSpace::Uniform || space == AddressSpace::PushConstant;
        match &b.instance {
            Some(inst) => self.declare(inst, Sym::Var { root: Root::Global(g), ty: gty, space, read_only: ro }),
            None => {
                let members = match self.inner(ty) {
                    TypeInner::Struct { members, .. } => members.clone(),
                    _ => Vec::new(),
                };
                for (i, (mm, ro_m)) in members.iter().zip(read_only_members).enumerate() {
                    if let Some(n) = &mm.name {
                        let id = ast::Ident { name: Name::from(n.as_str()), span: b.span };
                        self.declare(&id, Sym::Member { global: g, index: i as u32, ty: mm.ty, space, read_only: ro || ro_m });
                    }
                }
            }
        }
        self.dialect.block_declared(self, g, dialect_members);
        Ok(())
    }

    /// The memory qualifiers written on one member of a uniform or buffer block (GLSL 4.60
    /// §4.10), together with those of `block` for a `buffer_reference` block: it has no variable
    /// to carry them, and glslang decorates each member with them. `writeonly` is dropped for
    /// the wgpu target, as on a whole block (naga refuses write-only storage buffers). Members
    /// of uniform blocks keep theirs for the accesses (Vulkan memory model) but are not
    /// decorated, as with glslang (`spirv::types`).
    fn member_memory(&self, q: &ast::TypeQualifiers, block: Option<&ast::TypeQualifiers>) -> MemberMemory {
        let of = |q: &ast::TypeQualifiers| MemberMemory {
            qualifiers: memory_qualifiers(q),
            read_only: q.has_memory(ast::MemoryQualifier::ReadOnly),
            write_only: q.has_memory(ast::MemoryQualifier::WriteOnly) && self.target == Target::Vulkan,
        };
        block.map_or(of(q), |b| of(q).union(of(b)))
    }

    /// GLSL bools in blocks are stored as 32-bit uints (glslang does the same; Vulkan has no
    /// host-visible bool). Loads and stores convert ([`Lowerer::coerce`]).
    fn bool_to_uint(&mut self, ty: Handle<Type>) -> Handle<Type> {
        match self.inner(ty).clone() {
            TypeInner::Scalar(Scalar::BOOL) => self.scalar_ty(Scalar::U32),
            TypeInner::Vector { size, scalar: Scalar::BOOL } => self.ty(TypeInner::Vector { size, scalar: Scalar::U32 }),
            TypeInner::Array { base, size, stride } => {
                let b = self.bool_to_uint(base);
                self.ty(TypeInner::Array { base: b, size, stride })
            }
            TypeInner::Struct { members, span } => {
                let name = self.m.types[ty].name.clone();
                let members = members.iter().map(|m| StructMember { ty: self.bool_to_uint(m.ty), ..m.clone() }).collect();
                self.m.types.insert(Type { name, inner: TypeInner::Struct { members, span } }, Span::default())
            }
            _ => ty,
        }
    }

    /// The GLSL type of what `path` points at when it is (in) a block member holding bools,
    /// which the block stores as uints; `None` for any other path.
    pub(crate) fn stored_bool_type(&mut self, path: &Path) -> Option<Handle<Type>> {
        let mut ty = path.root_ty;
        let mut logical: Option<Handle<Type>> = None;
        for (step, step_ty) in &path.steps {
            logical = match (logical, step) {
                (Some(l), _) => match self.inner(l).clone() {
                    TypeInner::Array { base, .. } => Some(base),
                    TypeInner::Vector { scalar, .. } => Some(self.scalar_ty(scalar)),
                    TypeInner::Struct { members, .. } => match step {
                        Step::Index(i) => members.get(*i as usize).map(|m| m.ty),
                        Step::Dyn(_) => None,
                    },
                    _ => None,
                },
                (None, Step::Index(i)) => self.bool_members.get(&(ty, *i)).copied(),
                (None, Step::Dyn(_)) => None,
            };
            ty = *step_ty;
        }
        logical
    }

    fn has_dynamic(&self, ty: Handle<Type>) -> bool {
        matches!(self.inner(ty), TypeInner::Array { size: ArraySize::Dynamic, .. })
    }

    fn io_block(&mut self, b: &'a ast::InterfaceBlock, output: bool) -> R<()> {
        let q = &b.qualifiers;
        let space = if output { AddressSpace::Output } else { AddressSpace::Input };
        if b.name.name == "gl_PerVertex" {
            return self.per_vertex_block(b, output);
        }
        // GL_EXT_fragment_shader_barycentric: a `pervertexEXT` block array is flattened like
        // any block, each member becoming a per-vertex array of the block's length.
        let per_vertex = q.qualifiers.iter().any(|x| matches!(x.kind, ast::QualifierKind::PerVertex));
        let block_len = match b.array.as_slice() {
            [] => None,
            [dim] if per_vertex && self.stage == Stage::Fragment && !output => match &dim.size {
                Some(_) => Some(self.array_size(dim)?),
                // `in B { } b[];`: one element per vertex of a triangle.
                None => Some(ArraySize::Constant(3)),
            },
            _ => return Err(self.error("arrays of stage input/output blocks are not supported in this stage", b.span)),
        };
        let mut located = true;
        let mut auto_located = None;
        let mut location = match q.layout("location") {
            Some(l) => {
                let l = l.clone();
                self.io_location(&l, output)?.unwrap_or_else(|| {
                    located = false;
                    0
                })
            }
            // Without a block location every member needs its own (glslang also rejects a
            // block where only some members have one).
            None => match b.members.iter().find(|m| m.qualifiers.layout("location").is_none()) {
                Some(m) if b.members.iter().any(|m| m.qualifiers.layout("location").is_some()) => {
                    let d = Diagnostic::error(format!("member of block `{}` without a location while other members have one", b.name.name), m.span)
                        .with_note("GLSL 4.60 §4.4.1: either the block has a location, or all its members have one, or none do");
                    self.diags.push(d);
                    located = false;
                    0
                }
                // Numbered as a whole: the members take the following locations and the
                // counter moves past them below.
                Some(_) => match self.missing_location(&b.name.name, b.span, output, 0) {
                    Some(first) => {
                        auto_located = Some(first);
                        first
                    }
                    None => {
                        located = false;
                        0
                    }
                },
                None => 0,
            },
        };
        let mut members = HashMap::default();
        for mm in &b.members {
            for d in &mm.declarators {
                let member_ty = self.resolve_type(&mm.ty, &d.array)?;
                let ty = match block_len {
                    Some(size) => self.ty(TypeInner::Array { base: member_ty, size, stride: 0 }),
                    None => member_ty,
                };
                if let Some(l) = mm.qualifiers.layout("location") {
                    let l = l.clone();
                    match self.io_location(&l, output)? {
                        Some(v) => location = v,
                        None => located = false,
                    }
                }
                let integer = self.contains_integer(ty);
                let interp = mm.qualifiers.interpolation().or(q.interpolation());
                let io_in_vertex = (self.stage == Stage::Vertex && !output) || (self.stage == Stage::Fragment && output);
                let interpolation = self.io_interpolation(interp, block_len.is_some(), integer, output);
                let sampling = if io_in_vertex {
                    None
                } else if mm.qualifiers.has_auxiliary(ast::Auxiliary::Centroid) || q.has_auxiliary(ast::Auxiliary::Centroid) {
                    Some(Sampling::Centroid)
                } else if mm.qualifiers.has_auxiliary(ast::Auxiliary::Sample) || q.has_auxiliary(ast::Auxiliary::Sample) {
                    Some(Sampling::Sample)
                } else {
                    None
                };
                let io = located.then_some(IoBinding::Location { location, component: None, interpolation, sampling, blend_src: None });
                // A per-vertex array's outer dimension indexes vertices, not locations.
                location += self.location_slots(member_ty);
                let name = match &b.instance {
                    Some(i) => format!("{}.{}", i.name, d.name.name),
                    None => d.name.name.as_str().to_owned(),
                };
                let g = self.m.globals.append(
                    GlobalVariable { name: Some(name), space, binding: None, io, invariant: output && mm.qualifiers.is_invariant(), memory: MemoryQualifiers::default(), ty, init: None },
                    d.span,
                );
                let per_primitive = |q: &ast::TypeQualifiers| q.qualifiers.iter().any(|x| matches!(x.kind, ast::QualifierKind::PerPrimitive));
                if !output && self.stage == Stage::Fragment && (per_primitive(&mm.qualifiers) || per_primitive(q)) {
                    self.per_primitive_input(g);
                }
                let sym = Sym::Var { root: Root::Global(g), ty, space, read_only: !output };
                match &b.instance {
                    Some(_) => {
                        members.insert(d.name.name.clone(), sym);
                    }
                    None => self.declare(&d.name, sym),
                }
            }
        }
        if auto_located.is_some() {
            self.next_location[output as usize] = location;
        }
        if let Some(inst) = &b.instance {
            let sym = if block_len.is_some() { Sym::IoBlockArray(Rc::new(members)) } else { Sym::IoBlock(Rc::new(members)) };
            self.declare(inst, sym);
        }
        Ok(())
    }

    // -- functions ------------------------------------------------------------------------------

    fn param_types(&mut self, p: &ast::FunctionPrototype) -> R<Vec<Param>> {
        let mut params = Vec::new();
        for prm in &p.params {
            if matches!(prm.ty.kind, ast::TypeKind::Builtin(ast::BuiltinType::Void)) && prm.array.is_empty() {
                continue;
            }
            if let Some((word, span)) = prm.qualifiers.qualifiers.iter().find_map(|x| x.kind.interface_only_keyword().map(|w| (w, x.span))) {
                // Reported; the parameter is declared anyway (glslang: "cannot use auxiliary or
                // interpolation qualifiers on a function parameter").
                self.diags.push(Diagnostic::error(format!("`{word}` is not allowed on a function parameter"), span).with_note(INTERFACE_ONLY));
            }
            let ty = self.resolve_type(&prm.ty, &prm.array)?;
            let ty = self.storage_image(ty, &prm.qualifiers, prm.span)?;
            let dir = match prm.qualifiers.storage_kind() {
                Some(ast::StorageQualifier::Out) => Dir::Out,
                Some(ast::StorageQualifier::InOut) => Dir::InOut,
                _ if self.is_reference_array(ty) => Dir::InCopy,
                // GL_EXT_spirv_intrinsics: a by-reference parameter of a GLSL function reads
                // and writes the caller's variable, as `inout` does.
                _ if prm.qualifiers.qualifiers.iter().any(|x| matches!(x.kind, ast::QualifierKind::SpirvByReference)) => Dir::InOut,
                // A ray query object is only ever used through its pointer.
                _ if matches!(self.inner(ty), TypeInner::RayQuery) => Dir::InOut,
                _ => Dir::In,
            };
            let mut split = None;
            if let (Target::Wgpu, TypeInner::SampledImage { image }) = (self.target, self.inner(ty).clone()) {
                let comparison = matches!(self.inner(image), TypeInner::Image { class: ImageClass::Depth { .. }, .. });
                let s = self.ty(TypeInner::Sampler { comparison });
                split = Some((image, s));
            }
            if dir != Dir::In && is_opaque(self.inner(ty), &self.m) {
                return Err(self.error("opaque types can only be `in` parameters", prm.span));
            }
            params.push(Param { ty: self.strip(ty), dir, split });
        }
        Ok(params)
    }

    /// Declares (or finds) the function of `p`; a new one is visible to the bodies after the
    /// global declaration `order`.
    fn prototype(&mut self, p: &ast::FunctionPrototype, definition: bool, order: usize) -> R<Handle<Function>> {
        let params = self.param_types(p)?;
        let result = match &p.return_type.ty.kind {
            ast::TypeKind::Builtin(ast::BuiltinType::Void) if p.return_type.ty.array.is_empty() => None,
            _ => {
                let t = self.resolve_type(&p.return_type.ty, &[])?;
                Some(self.strip(t))
            }
        };
        let existing = self.funcs.get(&p.name.name).and_then(|v| {
            v.iter().position(|d| d.params.len() == params.len() && d.params.iter().zip(&params).all(|(a, b)| a.ty == b.ty))
        });
        if let Some(i) = existing {
            let d = &self.funcs[&p.name.name][i];
            if d.result != result {
                return Err(self.error(format!("`{}` is redeclared with another return type", p.name.name), p.name.span));
            }
            if definition && d.defined {
                let prev = d.span;
                self.diags.push(
                    Diagnostic::error(format!("function `{}` is defined twice", p.name.name), p.name.span).with_secondary(prev, "first defined here"),
                );
                return Err(Reported);
            }
            let h = d.handle;
            if definition {
                if let Some(v) = self.funcs.get_mut(&p.name.name) {
                    v[i].defined = true;
                    v[i].span = p.name.span;
                }
                // Parameter names may differ from the prototype's: rebuild the arguments.
                self.m.functions[h].arguments = self.ir_arguments(p, &params);
            }
            return Ok(h);
        }
        if order != usize::MAX {
            // Reported, and declared anyway: its calls are not errors too.
            self.global_name(&p.name, GlobalName::Function);
        }
        if p.name.name == "main" && self.dialect.glsl_main() && (!params.is_empty() || result.is_some()) {
            return Err(self.error("`main` takes no parameters and returns `void`", p.name.span));
        }
        let arguments = self.ir_arguments(p, &params);
        let f = Function { name: Some(p.name.name.as_str().to_owned()), arguments, result, ..Default::default() };
        let h = self.m.functions.append(f, p.span);
        self.funcs.entry(p.name.name.clone()).or_default().push(FnDecl { params, result, handle: h, defined: definition, span: p.name.span, order });
        Ok(h)
    }

    /// A prototype inside a function body. GLSL 4.60 §6.1 forbids it ("Function declarations
    /// (prototypes) cannot occur inside of functions"), but glslang accepts it outside ES (its
    /// "local function declaration") and so do we: the function is the one a global prototype
    /// or definition of that signature declares, callable from here to the end of the block.
    /// As in glslang, the name clashes with a variable of this block but hides nothing: outer
    /// variables of the name stay visible as variables, outer overloads stay callable.
    pub(super) fn local_prototype(&mut self, p: &ast::FunctionPrototype) -> R<()> {
        if self.es {
            // Reported, and declared anyway: its calls are not errors too.
            self.error("a function cannot be declared inside a function in GLSL ES (GLSL ES 3.20 §6.1)", p.span);
        }
        // Checked as a global prototype's: they decorate nothing.
        self.attributes(&p.attributes, attributes::Site::Function);
        // A function first declared here is not visible to later bodies: it is this block's.
        let h = self.prototype(p, false, usize::MAX)?;
        let Some(scope) = self.scopes.last_mut() else { return Ok(()) };
        match scope.entry(p.name.name.clone()).or_insert_with(|| Sym::Functions(Vec::new())) {
            Sym::Functions(v) => v.push(h),
            _ => return Err(self.error(format!("`{}` is already declared in this scope", p.name.name), p.name.span)),
        }
        Ok(())
    }

    /// The functions named `name` prototyped in the blocks being lowered.
    pub(crate) fn local_functions(&self, name: &str) -> Vec<Handle<Function>> {
        let scopes = self.scopes.iter().skip(1).filter_map(|s| match s.get(name) {
            Some(Sym::Functions(v)) => Some(v.iter().copied()),
            _ => None,
        });
        scopes.flatten().collect()
    }

    fn ir_arguments(&mut self, p: &ast::FunctionPrototype, params: &[Param]) -> Vec<FunctionArgument> {
        let mut args = Vec::new();
        let names = p.params.iter().filter(|prm| !(matches!(prm.ty.kind, ast::TypeKind::Builtin(ast::BuiltinType::Void)) && prm.array.is_empty()));
        for (prm, param) in names.zip(params) {
            let name = prm.name.as_ref().map(|n| n.name.as_str().to_owned());
            if let Some((img, smp)) = param.split {
                args.push(FunctionArgument { name: name.clone(), ty: img });
                args.push(FunctionArgument { name: name.map(|n| format!("{n}_sampler")), ty: smp });
                continue;
            }
            let ty = match param.dir {
                Dir::In => param.ty,
                _ => self.ptr_ty(param.ty, AddressSpace::Function),
            };
            args.push(FunctionArgument { name, ty });
        }
        args
    }

    /// Attributes on a function (`[[subgroup_uniform_control_flow]] void main()`) exist only
    /// with GL_EXT_subgroup_uniform_control_flow (or GL_EXT_maximal_reconvergence, which reuses
    /// its syntax), as glslang requires. `subgroup_uniform_control_flow` on any function is the
    /// entry point's execution mode SubgroupUniformControlFlowKHR, as glslang emits it;
    /// `maximally_reconverges` (MaximallyReconvergesKHR) is not supported: a located error
    /// rather than a guarantee silently dropped (spirv-val 2023.1 does not know the mode, and
    /// glslang 12 not the extension). Other attributes do not apply to functions (ignored, as
    /// glslang warns).
    fn function_attributes_enabled(&mut self, f: &ast::FunctionDefinition) {
        for a in self.attributes(&f.attributes, attributes::Site::Function) {
            match a.name.name.as_str() {
                "subgroup_uniform_control_flow" if !self.execution_modes.contains(&ExecutionMode::SubgroupUniformControlFlow) => {
                    self.execution_modes.push(ExecutionMode::SubgroupUniformControlFlow);
                }
                "maximally_reconverges" => {
                    let d = Diagnostic::error("`maximally_reconverges` (GL_EXT_maximal_reconvergence) is not supported", a.name.span)
                        .with_note("its execution mode, MaximallyReconvergesKHR, is unknown to the SPIR-V validator this compiler is checked against");
                    self.diags.push(d);
                }
                _ => {}
            }
        }
    }

    fn function_body(&mut self, handle: Handle<Function>, def: &'a ast::FunctionDefinition) -> R<()> {
        let name = def.prototype.name.name.clone();
        let decl = self.funcs.get(&name).and_then(|v| v.iter().find(|d| d.handle == handle)).cloned();
        let Some(decl) = decl else { return Ok(()) };
        let template = std::mem::take(&mut self.m.functions[handle]);
        self.fx = FnCtx {
            f: Function { name: template.name, arguments: template.arguments, result: template.result, ..Default::default() },
            result: decl.result,
            is_main: name == "main",
            ..Default::default()
        };
        self.push_scope();
        let mut body = Block::new();
        if self.fx.is_main {
            let inits = std::mem::take(&mut self.private_inits);
            let visible_until = self.visible_until;
            for &(g, init, ty, declared_at) in &inits {
                self.visible_until = declared_at;
                let v = self.initializer(&mut body, init, ty);
                self.visible_until = visible_until;
                if let Ok(v) = v {
                    let pt = self.ptr_ty_of(ty, AddressSpace::Private);
                    let p = self.push(Expression::GlobalVar(g), pt, init.span());
                    body.push(Statement::Store { pointer: p, value: v }, init.span());
                }
            }
        }
        let prms: Vec<&ast::Parameter> = def
            .prototype
            .params
            .iter()
            .filter(|prm| !(matches!(prm.ty.kind, ast::TypeKind::Builtin(ast::BuiltinType::Void)) && prm.array.is_empty()))
            .collect();
        let mut arg = 0u32;
        for (prm, param) in prms.iter().zip(&decl.params) {
            let span = prm.span;
            if param.split.is_some() {
                if let Some(n) = &prm.name {
                    let (img, smp) = param.split.unwrap_or((param.ty, param.ty));
                    let sym = Sym::Combined {
                        image: Box::new(Sym::Var { root: Root::ValueArg(arg), ty: img, space: AddressSpace::Handle, read_only: true }),
                        sampler: Box::new(Sym::Var { root: Root::ValueArg(arg + 1), ty: smp, space: AddressSpace::Handle, read_only: true }),
                    };
                    self.declare(n, sym);
                }
                arg += 2;
                continue;
            }
            if let Some(n) = &prm.name {
                let sym = if param.dir != Dir::In {
                    Sym::Var { root: Root::PtrArg(arg), ty: param.ty, space: AddressSpace::Function, read_only: false }
                } else if is_opaque(self.inner(param.ty), &self.m) {
                    Sym::Var { root: Root::ValueArg(arg), ty: param.ty, space: AddressSpace::Handle, read_only: true }
                } else {
                    // `in` parameters are writable copies (GLSL 4.60 §6.1.1).
                    let local = self.fx.f.locals.append(LocalVariable { name: Some(n.name.as_str().to_owned()), ty: param.ty }, span);
                    let pt = self.ptr_ty_of(param.ty, AddressSpace::Function);
                    let p = self.push(Expression::LocalVar(local), pt, span);
                    let v = self.push(Expression::FunctionArg(arg), param.ty, span);
                    body.push(Statement::Store { pointer: p, value: v }, span);
                    Sym::Var { root: Root::Local(local), ty: param.ty, space: AddressSpace::Function, read_only: false }
                };
                self.declare(n, sym);
            }
            arg += 1;
        }
        for s in &def.body.stmts {
            let _ = self.stmt(&mut body, s);
        }
        if decl.result.is_some() && !self.fx.returns_value {
            // GLSL 4.60 §6.4 leaves a path without `return` undefined; glslang (and so we)
            // reject a value-returning function with no `return value;` at all.
            let d = Diagnostic::error(format!("function `{name}` never returns a value"), def.prototype.name.span)
                .with_note("GLSL 4.60 §6.4: a function with a return type must return a value with `return expression;`");
            self.diags.push(d);
        }
        if let Some(r) = decl.result {
            if !stmt::block_ends(&body) {
                // Falling off the end of a value-returning function is undefined (GLSL 4.60
                // §6.4); return a zero value so the SPIR-V stays valid.
                let z = self.push(Expression::ZeroValue(r), r, def.span);
                body.push(Statement::Return { value: Some(z) }, def.span);
            }
        }
        self.pop_scope();
        self.size_implicit_locals();
        let mut fx = std::mem::take(&mut self.fx);
        fx.f.body = body;
        self.m.functions[handle] = fx.f;
        Ok(())
    }

    pub fn ptr_ty_of(&mut self, ty: Handle<Type>, space: AddressSpace) -> Handle<Type> {
        self.ptr_ty(ty, space)
    }

    /// The length so far of the implicitly sized array at `root`, if it is one: an array whose
    /// outer dimension is unsized and which has no initializer (`int a[];`, desktop GLSL). It
    /// gets its length from the largest constant index used on it, or 1 without any (GLSL 4.60
    /// §4.2 on shared globals: "one more than the largest index used", "no static access ... a
    /// size of 1"), as glslang sizes it; it may only be indexed with constants (§4.1.9).
    pub(crate) fn implicit_length(&mut self, root: Root) -> Option<&mut u32> {
        match root {
            Root::Local(l) => self.fx.implicit.iter_mut().find(|(h, _)| *h == l).map(|(_, n)| n),
            Root::Global(g) => self.implicit_globals.iter_mut().find(|(h, _)| *h == g).map(|(_, n)| n),
            _ => None,
        }
    }

    /// The name of the implicitly sized array at `root`, if it is one.
    pub(crate) fn implicitly_sized(&mut self, root: Root) -> Option<String> {
        self.implicit_length(root)?;
        Some(match root {
            Root::Local(l) => self.fx.f.locals[l].name.clone().unwrap_or_default(),
            Root::Global(g) => self.m.globals[g].name.clone().unwrap_or_default(),
            _ => String::new(),
        })
    }

    /// `array` (an array of unknown length) with `length` elements.
    fn sized_array(&mut self, array: Handle<Type>, length: u32) -> Handle<Type> {
        match *self.inner(array) {
            TypeInner::Array { base, stride, .. } => self.ty(TypeInner::Array { base, size: ArraySize::Constant(length), stride }),
            _ => array,
        }
    }

    /// Gives this function's implicitly sized locals their lengths, once all their uses are
    /// lowered: the variables and the pointers to them.
    fn size_implicit_locals(&mut self) {
        for (l, length) in std::mem::take(&mut self.fx.implicit) {
            self.size_implicit(Root::Local(l), length);
        }
    }

    /// Gives the implicitly sized globals their lengths, once every function is lowered (the
    /// largest index of the whole shader counts).
    fn size_implicit_globals(&mut self) {
        for (g, length) in std::mem::take(&mut self.implicit_globals) {
            self.size_implicit(Root::Global(g), length);
        }
    }

    /// Gives the implicitly sized array at `root` `length` elements: the variable and the
    /// pointers to it lowered so far.
    fn size_implicit(&mut self, root: Root, length: u32) {
        match root {
            Root::Local(l) => {
                let ty = self.sized_array(self.fx.f.locals[l].ty, length);
                self.fx.f.locals[l].ty = ty;
                let pointer = self.ptr_ty(ty, AddressSpace::Function);
                let uses: Vec<Handle<Expression>> = self.fx.f.expressions.iter().filter(|(_, e)| matches!(e, Expression::LocalVar(x) if *x == l)).map(|(h, _)| h).collect();
                for h in uses {
                    self.fx.f.expressions.set_ty(h, pointer);
                }
            }
            Root::Global(g) => {
                let ty = self.sized_array(self.m.globals[g].ty, length);
                self.m.globals[g].ty = ty;
                let pointer = self.ptr_ty(ty, self.m.globals[g].space);
                for (_, f) in self.m.functions.iter_mut() {
                    let uses: Vec<Handle<Expression>> = f.expressions.iter().filter(|(_, e)| matches!(e, Expression::GlobalVar(x) if *x == g)).map(|(h, _)| h).collect();
                    for h in uses {
                        f.expressions.set_ty(h, pointer);
                    }
                }
            }
            _ => {}
        }
    }

    /// The implicitly sized array named `name` declared in the innermost scope, if there is
    /// one: (where it is, its type, its address space). A declaration of that name in the same
    /// scope redeclares it (GLSL 4.60 §4.2: "An implicitly-sized array can be redeclared in the
    /// same scope as an array of the same base type").
    pub(crate) fn implicit_in_scope(&mut self, name: &str) -> Option<(Root, Handle<Type>, AddressSpace)> {
        let Some(Sym::Var { root, ty, space, .. }) = self.scopes.last()?.get(name).cloned() else {
            return None;
        };
        self.implicit_length(root)?;
        Some((root, ty, space))
    }

    /// Redeclares the implicitly sized array `name` (at `root`, of type `old`) as `new`, the
    /// type a declaration of its name in the same scope gives: an array of the same element
    /// type; `[]` again changes nothing, a size sizes it (GLSL 4.60 §4.1.9: "Unsized arrays may
    /// become explicitly sized following ... a redeclaration with an explicit size"), larger
    /// than every constant index used on it before (§4.1.9: an error otherwise; glslang does not
    /// check a use in an earlier function). Returns its type now.
    pub(crate) fn redeclare_implicit(&mut self, name: &ast::Ident, root: Root, old: Handle<Type>, new: Handle<Type>) -> R<Handle<Type>> {
        let (TypeInner::Array { base: old_base, .. }, TypeInner::Array { base, size, .. }) = (self.inner(old).clone(), self.inner(new).clone()) else {
            let message = format!("`{}` is already declared in this scope, as an implicitly sized array: a redeclaration must be an array", name.name);
            return Err(self.error(message, name.span));
        };
        let (old_base, base) = (self.strip(old_base), self.strip(base));
        if old_base != base {
            let (was, now) = (self.type_name(old_base), self.type_name(base));
            let message = format!("`{}` is redeclared as an array of `{now}`: it is an array of `{was}` (GLSL 4.60 §4.1.9)", name.name);
            return Err(self.error(message, name.span));
        }
        let ArraySize::Constant(n) = size else {
            return Ok(old);
        };
        let length = self.implicit_length(root).map_or(0, |l| *l);
        if length > n {
            let message = format!(
                "`{}` is redeclared with {n} elements, but index {} was used on it before (GLSL 4.60 §4.1.9)",
                name.name,
                length - 1
            );
            return Err(self.error(message, name.span));
        }
        match root {
            Root::Local(l) => self.fx.implicit.retain(|(h, _)| *h != l),
            Root::Global(g) => self.implicit_globals.retain(|(h, _)| *h != g),
            _ => {}
        }
        self.size_implicit(root, n);
        let ty = match root {
            Root::Local(l) => self.fx.f.locals[l].ty,
            Root::Global(g) => self.m.globals[g].ty,
            _ => new,
        };
        if let Some(Sym::Var { ty: t, .. }) = self.scopes.last_mut().and_then(|s| s.get_mut(name.name.as_str())) {
            *t = ty;
        }
        Ok(ty)
    }

    fn entry_point(&mut self, bodies: &[(Handle<Function>, &'a ast::FunctionDefinition)], tu: &ast::TranslationUnit) {
        let main = bodies.iter().find(|(_, f)| f.prototype.name.name == "main" && f.prototype.params.iter().all(|p| matches!(p.ty.kind, ast::TypeKind::Builtin(ast::BuiltinType::Void))));
        let Some(&(function, _)) = main else {
            let span = tu.decls.first().map_or(Span::default(), |d| match d {
                ast::ExternalDeclaration::Function(f) => f.span,
                ast::ExternalDeclaration::Declaration(d) => d.span,
            });
            self.error("the shader has no `main` function", span);
            return;
        };
        self.report_undefined_functions();
        let stage = self.stage;
        self.m.entry_points.push(EntryPoint {
            name: "main".into(),
            stage,
            function,
            workgroup_size: if stage == Stage::Compute { self.local_size } else { [0; 3] },
            workgroup_size_overrides: if stage == Stage::Compute { self.local_size_ids } else { [None; 3] },
            early_fragment_tests: self.early_fragment_tests,
        });
        for &mode in &self.execution_modes {
            self.m.execution_modes.push((function, mode));
        }
    }

    /// Prototypes without a definition that are called: an error glslang gives at link time.
    pub(crate) fn report_undefined_functions(&mut self) {
        let undefined: Vec<(Name, Span)> =
            self.funcs.iter().flat_map(|(n, v)| v.iter().filter(|d| !d.defined).map(move |d| (n.clone(), d.span))).collect();
        for (n, span) in undefined {
            let h = self.funcs[&n].iter().find(|d| d.span == span).map(|d| d.handle);
            if let Some(h) = h {
                let called = self.m.functions.iter().any(|(_, f)| {
                    crate::ir::calls::calls_of(f).iter().any(|c| c.callee == h)
                });
                if called {
                    self.error(format!("function `{n}` is declared but never defined"), span);
                }
            }
        }
    }

    /// GLSL 4.60 §4.5 (ES 3.20 §4.5): a fragment input declared by `d` (a redeclared built-in
    /// too: `flat in int gl_ShadingRateEXT;`) that is or contains integers or doubles must be
    /// `flat` (glslang checks declared variables, not block members, which the back end makes
    /// flat as Vulkan requires).
    pub(crate) fn integer_input_flat(&mut self, q: &ast::TypeQualifiers, d: &ast::Declarator, ty: Handle<Type>) {
        if self.stage == Stage::Fragment && q.interpolation() != Some(ast::Interpolation::Flat) && self.contains_integer(ty) {
            let diag = Diagnostic::error(format!("fragment input `{}` of type `{}` must be qualified `flat`", d.name.name, self.type_name(ty)), d.span)
                .with_note("GLSL 4.60 §4.5: fragment inputs that are or contain integers or doubles cannot be interpolated");
            self.diags.push(diag);
        }
    }

    // -- built-in variables ---------------------------------------------------------------------

    fn builtin_var(&mut self, name: &str) -> Option<Sym> {
        if self.missing_builtin_extension(name).is_some() {
            return None;
        }
        self.builtin_symbol(name)
    }

    /// The built-in variable `name` of this stage, whether or not the extension that declares it
    /// is enabled here. A redeclaration (`invariant gl_Layer;`, `out int gl_FragStencilRefARB;`)
    /// takes it without the extension, as glslang does: its extension is checked at each use
    /// ([`Lowerer::missing_extension`] in `expr`), so a redeclaration before the `#extension`
    /// line, or in a shader that never uses the built-in, compiles.
    pub(crate) fn redeclared_builtin(&mut self, name: &str) -> Option<Sym> {
        match self.lookup(name) {
            Some(s) => Some(s),
            None if name.starts_with("gl_") => self.builtin_symbol(name),
            None => None,
        }
    }

    fn builtin_symbol(&mut self, name: &str) -> Option<Sym> {
        if let Some(s) = self.builtin_vars.get(name) {
            return Some(s.clone());
        }
        let sym = builtins::builtin_variable(self, name)?;
        self.builtin_vars.insert(name.to_string(), sym.clone());
        Some(sym)
    }

    /// Creates the global of a built-in variable.
    pub(crate) fn builtin_global(&mut self, name: &str, b: BuiltIn, ty: Handle<Type>, output: bool) -> Sym {
        let space = if output { AddressSpace::Output } else { AddressSpace::Input };
        let ty = match (b, self.inner(ty).clone()) {
            (BuiltIn::ClipDistance | BuiltIn::CullDistance, TypeInner::Array { base, .. }) => {
                let n = self.clip_sizes.get(name).copied().unwrap_or(1);
                self.ty(TypeInner::Array { base, size: ArraySize::Constant(n), stride: 0 })
            }
            _ => ty,
        };
        let g = self.m.globals.append(
            GlobalVariable {
                name: Some(name.to_string()),
                space,
                binding: None,
                io: Some(IoBinding::BuiltIn(b)),
                invariant: false,
                memory: MemoryQualifiers::default(),
                ty,
                init: None,
            },
            Span::default(),
        );
        Sym::Var { root: Root::Global(g), ty, space, read_only: !output }
    }
}

/// `row_major`/`column_major` among the qualifiers, the last one winning.
fn member_row_major(q: &ast::TypeQualifiers) -> Option<bool> {
    q.layouts().filter_map(|l| if l.is("row_major") { Some(true) } else if l.is("column_major") { Some(false) } else { None }).last()
}

pub(crate) fn is_opaque(t: &TypeInner, m: &Module) -> bool {
    match *t {
        TypeInner::Image { .. }
        | TypeInner::Sampler { .. }
        | TypeInner::SampledImage { .. }
        | TypeInner::BindingArray { .. }
        | TypeInner::AccelerationStructure => true,
        TypeInner::Array { base, .. } => is_opaque(m.inner(base), m),
        _ => false,
    }
}

fn storage_format(name: &str) -> Option<StorageFormat> {
    use StorageFormat as F;
    Some(match name {
        "rgba32f" => F::Rgba32f,
        "rgba16f" => F::Rgba16f,
        "r32f" => F::R32f,
        "rgba8" => F::Rgba8,
        "rgba8_snorm" => F::Rgba8Snorm,
        "rg32f" => F::Rg32f,
        "rg16f" => F::Rg16f,
        "r11f_g11f_b10f" => F::R11fG11fB10f,
        "r16f" => F::R16f,
        "rgba16" => F::Rgba16,
        "rgb10_a2" => F::Rgb10A2,
        "rg16" => F::Rg16,
        "rg8" => F::Rg8,
        "r16" => F::R16,
        "r8" => F::R8,
        "rgba16_snorm" => F::Rgba16Snorm,
        "rg16_snorm" => F::Rg16Snorm,
        "rg8_snorm" => F::Rg8Snorm,
        "r16_snorm" => F::R16Snorm,
        "r8_snorm" => F::R8Snorm,
        "rgba32i" => F::Rgba32i,
        "rgba16i" => F::Rgba16i,
        "rgba8i" => F::Rgba8i,
        "r32i" => F::R32i,
        "rg32i" => F::Rg32i,
        "rg16i" => F::Rg16i,
        "rg8i" => F::Rg8i,
        "r16i" => F::R16i,
        "r8i" => F::R8i,
        "rgba32ui" => F::Rgba32ui,
        "rgba16ui" => F::Rgba16ui,
        "rgba8ui" => F::Rgba8ui,
        "r32ui" => F::R32ui,
        "rgb10_a2ui" => F::Rgb10a2ui,
        "rg32ui" => F::Rg32ui,
        "rg16ui" => F::Rg16ui,
        "rg8ui" => F::Rg8ui,
        "r16ui" => F::R16ui,
        "r8ui" => F::R8ui,
        "r64ui" => F::R64ui,
        "r64i" => F::R64i,
        _ => return None,
    })
}

/// The error for `name` (a built-in or a qualifier keyword) used without the extension that
/// declares it.
pub(crate) fn needs_extension(name: &str, extension: &str, span: Span) -> Diagnostic {
    Diagnostic::error(format!("`{name}` exists only with `#extension {extension} : enable`"), span)
}

/// `coherent`, `volatile` and `restrict` among a declaration's or a block member's qualifiers.
pub(super) fn memory_qualifiers(q: &ast::TypeQualifiers) -> MemoryQualifiers {
    MemoryQualifiers {
        coherent: q.coherence(),
        volatile: q.has_memory(ast::MemoryQualifier::Volatile),
        restrict: q.has_memory(ast::MemoryQualifier::Restrict),
    }
}

/// `void;` (with any qualifiers, without dimensions): an empty declaration of the one type no
/// variable may have, which declares nothing (GLSL 4.60 §4.1 grammar, `fully_specified_type
/// SEMICOLON`; glslang accepts it in a function body and at global scope, and refuses
/// `void[2];`). Every other type's empty declaration is lowered as usual (it may define a struct).
pub(crate) fn declares_nothing(v: &ast::VariableDeclaration) -> bool {
    v.declarators.is_empty() && v.ty.ty.array.is_empty() && matches!(v.ty.ty.kind, ast::TypeKind::Builtin(ast::BuiltinType::Void))
}
