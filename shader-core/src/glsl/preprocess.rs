//! The GLSL preprocessor (GLSL 4.60 §3.3, GL_GOOGLE_include_directive): turns a source file and
//! the files it includes into the token stream the GLSL parser reads.
//!
//! # Contract
//!
//! [`preprocess`] never fails and never panics: it returns every token it could produce plus
//! every diagnostic. Included files are added to the caller's [`SourceMap`], so every span in
//! the output (tokens and diagnostics) points into the file the text came from.
//!
//! * Token spans: a token written in a file has its own span. A token that comes from a macro
//!   body (or a `##` paste, or `__LINE__`) has the span of the outermost macro invocation that
//!   produced it (the macro name, through the closing `)` of a function-like invocation).
//!   Tokens of macro arguments keep the span where they were written.
//! * `#line`: the [`SourceMap`] knows only physical lines. [`PpOutput::line_directives`]
//!   records every `#line`; [`PpOutput::presumed_line`] maps a span to the line number the
//!   shader asked for. Diagnostics after a `#line` carry a note with the presumed line (and
//!   file, `#line N "name"`); the SPIR-V line info (`OpLine`) names the same line and file.
//! * `__FILE__` is an integer (GLSL has no strings): 0 in the main file, the [`FileId`] number
//!   in an included file, or the source-string number of the last `#line N S`.
//!   (glslang prints the include name there, which only its own text output can carry.)
//! * Without `#version` the shader is GLSL 1.10 (GLSL 4.60 §3.3): `__VERSION__` is 110 and
//!   [`PpOutput::version`] is `None`.
//! * `#include` needs `#extension GL_GOOGLE_include_directive` (or
//!   `GL_ARB_shading_language_include`) enabled, as in glslang. `"name"` is looked up next to
//!   the including file, then in [`PpOptions::include_dirs`]; `<name>` only in the include
//!   dirs. The loader is called with each candidate path in that order; the first `Ok` wins.

mod expr;
mod lex;

use crate::diag::{Diagnostic, Diagnostics};
use crate::ir::Stage;
use crate::name::{Name, Spellings};
use crate::span::{FileId, Renumbering, SourceMap, Span};
use lex::{Kind, Line, LineEnd, PTok};
use crate::hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;

/// What the preprocessor needs to know besides the source.
#[derive(Clone, Debug, Default)]
pub struct PpOptions {
    /// `-D NAME=VALUE`: defined before the first line, in order. `NAME` may be `F(a,b)` for a
    /// function-like macro; `VALUE` is the body, used verbatim (pass `"1"` for a bare `-D NAME`).
    pub defines: Vec<(String, String)>,
    pub include_dirs: Vec<PathBuf>,
    /// Shader libraries by package name: `#include <noise/a.glsl>` reads `a.glsl` in the
    /// folder of `noise` ([`crate::CompileOptions::packages`]).
    pub packages: Vec<(String, PathBuf)>,
    /// The shader stage. No predefined macro depends on it today (glslang defines none); kept
    /// so that callers pass one options struct.
    pub stage: Option<Stage>,
    /// Vulkan GLSL (GL_KHR_vulkan_glsl): defines `VULKAN` as 100.
    pub vulkan: bool,
}

/// The kind of a token the parser reads. Keywords and `true`/`false` are `Ident`s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    Ident,
    /// Decimal, octal (`0` prefix) or hex; suffixes `u`, `l`, `ul`, `s`, `us` in `text`.
    IntLit,
    /// Suffixes `f`, `lf`, `hf` in `text`.
    FloatLit,
    /// An operator or punctuation; `text` is exactly the operator (`"<<="`, `"^^"`, `"."`).
    Punct,
    /// A string literal with its quotes, escapes not yet decoded (GL_EXT_debug_printf,
    /// GL_EXT_spirv_intrinsics).
    StrLit,
}

/// One token of the preprocessed stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    /// The spelling (shared with every token spelled alike).
    pub text: Name,
    pub span: Span,
}

/// The name the brief of the GLSL front end uses for [`Token`].
pub type PpToken = Token;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    Core,
    Compatibility,
    Es,
}

/// `#version N [profile]`. Without a profile word: `Es` for 100, `Core` for 150 and later,
/// `Compatibility` before 150 (GLSL 4.60 §3.3; 1.10-1.40 have only the full language).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Version {
    pub number: u32,
    pub profile: Profile,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Behavior {
    Require,
    Enable,
    Warn,
    Disable,
}

/// `#extension name : behavior`, in source order (`name` may be `all`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extension {
    pub name: String,
    pub behavior: Behavior,
    pub span: Span,
    /// How many tokens were output before the directive: the extension's behavior holds from
    /// there on (GLSL 4.60 §3.3, as glslang reads it).
    pub token: usize,
}

/// `#pragma ...`: the tokens after `pragma`, joined by single spaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pragma {
    pub text: String,
    pub span: Span,
}

/// The source-string part of `#line N S`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineSource {
    Number(u32),
    /// `#line N "name"` (GL_GOOGLE_cpp_style_line_directive).
    Name(String),
}

/// `#line`: the renumbering it makes (its `name` the file named by this directive or, without
/// a source string, by the file's previous one) and its source-string part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineDirective {
    pub at: Renumbering,
    pub source: Option<LineSource>,
}

#[derive(Clone, Debug, Default)]
pub struct PpOutput {
    pub tokens: Vec<Token>,
    pub version: Option<Version>,
    pub extensions: Vec<Extension>,
    pub pragmas: Vec<Pragma>,
    pub line_directives: Vec<LineDirective>,
    pub diagnostics: Diagnostics,
    /// Every file `#include` read, once each, in the order first read.
    pub included_files: Vec<PathBuf>,
    /// For each included file, the `#include` directive that first read it.
    pub include_sites: Vec<(FileId, Span)>,
}

/// Whether an `#extension` directive for `directive` names the extension `name`: its own name,
/// or `all` (which names every extension but GL_EXT_spirv_intrinsics, as it changes the
/// language; see [`SUPPORTED_EXTENSIONS`]'s `all` handling).
pub fn directive_names(directive: &str, name: &str) -> bool {
    directive == name || (directive == "all" && name != "GL_EXT_spirv_intrinsics")
}

impl PpOutput {
    /// Whether the extension `name` is enabled (`require`, `enable` or `warn`) at output token
    /// `token`: the last directive naming it before that token decides.
    pub fn extension_enabled_at(&self, name: &str, token: usize) -> bool {
        self.extensions.iter().rev().find(|e| e.token <= token && directive_names(&e.name, name)).is_some_and(|e| e.behavior != Behavior::Disable)
    }

    /// The line number of `span` as `#line` directives renumbered it (the physical line when
    /// none applies).
    pub fn presumed_line(&self, sources: &SourceMap, span: Span) -> u32 {
        presumed_line(&self.line_directives, sources, span)
    }

    /// Adds to a later stage's diagnostic what the preprocessor adds to its own: the chain of
    /// `#include`s that read its file and the line number `#line` gave it.
    pub fn annotate(&self, sources: &SourceMap, mut d: Diagnostic) -> Diagnostic {
        let Some(span) = d.primary_span() else { return d };
        let mut file = span.file;
        // Bounded: a file is first included once, so the chain cannot loop, but be safe.
        for _ in 0..8 {
            let Some(&(_, site)) = self.include_sites.iter().find(|(f, _)| *f == file) else { break };
            let including = sources.get(site.file);
            let (line, _) = including.line_col(site.start);
            d = d.with_note(format!("in the file included from {}:{line}", including.name));
            file = site.file;
        }
        if let Some(note) = renumbered_note(&self.line_directives, sources, span) {
            d = d.with_note(note);
        }
        d
    }
}

/// Preprocesses `main` (already in `sources`; its name is its path). Included files are read
/// through `loader` and added to `sources`.
pub fn preprocess(
    sources: &mut SourceMap,
    main: FileId,
    options: &PpOptions,
    loader: &mut dyn FnMut(&Path) -> std::io::Result<String>,
) -> PpOutput {
    let mut pp = Pp {
        sources,
        options,
        loader,
        out: PpOutput::default(),
        macros: Macros::default(),
        frames: Vec::new(),
        pending: VecDeque::new(),
        in_if: false,
        seen_content: false,
        extension_state: FxHashMap::default(),
        once: FxHashSet::default(),
        loaded: FxHashMap::default(),
        expansion_depth: 0,
        budget: EXPANSION_BUDGET,
        main,
        // A small shader has about 30 distinct identifier and number spellings.
        spellings: Spellings::with_capacity(28),
    };
    pp.predefine();
    let path = PathBuf::from(&pp.sources.get(main).name);
    pp.push_frame(main, path, None);
    while let Some(tok) = pp.next_expanded(true) {
        pp.emit(tok);
    }
    // (After an error, e.g. a misplaced or unsupported `#version`, the version is unknown.)
    if options.vulkan && !pp.out.diagnostics.has_errors() {
        pp.check_vulkan_version();
    }
    pp.out
}

/// GL_ARB_bindless_texture: texture handles in plain values, an OpenGL feature SPIR-V for
/// Vulkan cannot express. glslang refuses the `#extension` (any behavior) and its layout
/// qualifiers (`bindless_sampler`, `bindless_image`) when it generates SPIR-V.
pub const BINDLESS_TEXTURE: &str = "GL_ARB_bindless_texture";

/// Why [`BINDLESS_TEXTURE`] is refused, for its diagnostics.
pub const BINDLESS_TEXTURE_NOTE: &str = "GL_ARB_bindless_texture is for OpenGL: SPIR-V for Vulkan has no texture handles in plain values \
                                         (arrays of textures indexed with GL_EXT_nonuniform_qualifier take their place)";

/// Where glslang 12 predefines an extension's `GL_<name>` macro (as 1): its `getPreamble`
/// (Versions.cpp) has one list for GLSL ES, one for desktop GLSL and a few for both, and
/// leaves some extensions it implements without a macro. Measured with glslangValidator 12
/// (`#ifndef NAME` for `#version 310 es`, `320 es` and 140-460; the versions Vulkan refuses
/// are left out), compared by `predefined_macros_match_glslang` (`tests/glsl_preprocess.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Predefined {
    Always,
    Desktop,
    Es,
    /// Versions 300 and later, either profile (desktop 330+, ES 3.x).
    Since300,
    /// No macro (the extension is still supported).
    Never,
}

impl Predefined {
    /// Whether the macro is defined for `#version number profile`.
    pub fn holds(self, profile: Profile, number: u32) -> bool {
        match self {
            Predefined::Always => true,
            Predefined::Desktop => profile != Profile::Es,
            Predefined::Es => profile == Profile::Es,
            Predefined::Since300 => number >= 300,
            Predefined::Never => false,
        }
    }
}

/// Extensions the compiler implements, each with where its `GL_<name>` macro is predefined.
pub const SUPPORTED_EXTENSIONS: &[(&str, Predefined)] = &[
    ("GL_GOOGLE_include_directive", Predefined::Always),
    ("GL_GOOGLE_cpp_style_line_directive", Predefined::Always),
    ("GL_ARB_shading_language_include", Predefined::Never),
    ("GL_ARB_separate_shader_objects", Predefined::Desktop),
    ("GL_ARB_shading_language_420pack", Predefined::Desktop),
    ("GL_EXT_scalar_block_layout", Predefined::Desktop),
    ("GL_EXT_buffer_reference", Predefined::Desktop),
    ("GL_EXT_buffer_reference2", Predefined::Desktop),
    ("GL_EXT_buffer_reference_uvec2", Predefined::Desktop),
    ("GL_EXT_shader_atomic_float", Predefined::Desktop),
    ("GL_EXT_samplerless_texture_functions", Predefined::Desktop),
    ("GL_EXT_nonuniform_qualifier", Predefined::Desktop),
    ("GL_EXT_control_flow_attributes", Predefined::Desktop),
    ("GL_EXT_shader_explicit_arithmetic_types", Predefined::Desktop),
    ("GL_EXT_shader_explicit_arithmetic_types_int8", Predefined::Desktop),
    ("GL_EXT_shader_explicit_arithmetic_types_int32", Predefined::Desktop),
    ("GL_EXT_shader_explicit_arithmetic_types_float32", Predefined::Desktop),
    ("GL_EXT_shader_explicit_arithmetic_types_int16", Predefined::Desktop),
    ("GL_EXT_shader_explicit_arithmetic_types_int64", Predefined::Desktop),
    ("GL_EXT_shader_explicit_arithmetic_types_float16", Predefined::Desktop),
    ("GL_EXT_shader_16bit_storage", Predefined::Desktop),
    // GLSL ES only: the desktop implicit conversions (`Lowerer::implicit`).
    ("GL_EXT_shader_implicit_conversions", Predefined::Es),
    ("GL_EXT_shader_8bit_storage", Predefined::Desktop),
    ("GL_KHR_shader_subgroup_basic", Predefined::Desktop),
    ("GL_KHR_shader_subgroup_vote", Predefined::Desktop),
    ("GL_KHR_shader_subgroup_ballot", Predefined::Desktop),
    ("GL_KHR_shader_subgroup_arithmetic", Predefined::Desktop),
    ("GL_KHR_shader_subgroup_shuffle", Predefined::Desktop),
    ("GL_KHR_shader_subgroup_shuffle_relative", Predefined::Desktop),
    ("GL_KHR_shader_subgroup_clustered", Predefined::Desktop),
    ("GL_KHR_shader_subgroup_quad", Predefined::Desktop),
    ("GL_KHR_vulkan_glsl", Predefined::Never),
    ("GL_EXT_shader_explicit_arithmetic_types_float64", Predefined::Desktop),
    ("GL_ARB_gpu_shader_int64", Predefined::Desktop),
    ("GL_ARB_gpu_shader_fp64", Predefined::Desktop),
    ("GL_EXT_shader_atomic_int64", Predefined::Desktop),
    ("GL_EXT_demote_to_helper_invocation", Predefined::Desktop),
    ("GL_KHR_memory_scope_semantics", Predefined::Never),
    ("GL_EXT_terminate_invocation", Predefined::Always),
    ("GL_ARB_fragment_shader_interlock", Predefined::Desktop),
    ("GL_NV_compute_shader_derivatives", Predefined::Desktop),
    ("GL_KHR_compute_shader_derivatives", Predefined::Never),
    ("GL_EXT_fragment_shader_barycentric", Predefined::Desktop),
    ("GL_NV_fragment_shader_barycentric", Predefined::Desktop),
    ("GL_EXT_fragment_invocation_density", Predefined::Desktop),
    ("GL_OES_shader_image_atomic", Predefined::Es),
    ("GL_OES_texture_buffer", Predefined::Es),
    ("GL_EXT_texture_buffer", Predefined::Es),
    ("GL_EXT_texture_shadow_lod", Predefined::Never),
    ("GL_ARB_sparse_texture2", Predefined::Desktop),
    ("GL_ARB_sparse_texture_clamp", Predefined::Desktop),
    ("GL_EXT_shader_image_load_formatted", Predefined::Desktop),
    ("GL_ARB_post_depth_coverage", Predefined::Desktop),
    ("GL_EXT_post_depth_coverage", Predefined::Desktop),
    ("GL_ARB_shader_stencil_export", Predefined::Desktop),
    ("GL_EXT_shader_io_blocks", Predefined::Es),
    ("GL_OES_shader_io_blocks", Predefined::Es),
    ("GL_OES_sample_variables", Predefined::Es),
    ("GL_ARB_shader_group_vote", Predefined::Desktop),
    ("GL_ARB_shader_ballot", Predefined::Desktop),
    ("GL_EXT_null_initializer", Predefined::Always),
    ("GL_EXT_shader_non_constant_global_initializers", Predefined::Always),
    ("GL_EXT_multiview", Predefined::Always),
    ("GL_OVR_multiview", Predefined::Since300),
    ("GL_OVR_multiview2", Predefined::Since300),
    ("GL_EXT_debug_printf", Predefined::Desktop),
    ("GL_EXT_spirv_intrinsics", Predefined::Desktop),
    ("GL_AMD_gpu_shader_int16", Predefined::Desktop),
    ("GL_AMD_gpu_shader_half_float", Predefined::Desktop),
    ("GL_EXT_subgroup_uniform_control_flow", Predefined::Always),
    ("GL_EXT_ray_query", Predefined::Desktop),
    ("GL_EXT_ray_flags_primitive_culling", Predefined::Desktop),
    ("GL_EXT_shader_atomic_float2", Predefined::Desktop),
    ("GL_EXT_shader_subgroup_extended_types_int8", Predefined::Desktop),
    ("GL_EXT_shader_subgroup_extended_types_int16", Predefined::Desktop),
    ("GL_EXT_shader_subgroup_extended_types_int64", Predefined::Desktop),
    ("GL_EXT_shader_subgroup_extended_types_float16", Predefined::Desktop),
    ("GL_EXT_optional_input_attachment_index", Predefined::Never),
    // Only what a fragment shader sees of mesh shading: `perprimitiveNV`/`EXT` inputs.
    ("GL_NV_mesh_shader", Predefined::Desktop),
    ("GL_EXT_mesh_shader", Predefined::Desktop),
    ("GL_ARB_shader_viewport_layer_array", Predefined::Never),
    ("GL_NV_viewport_array2", Predefined::Desktop),
    ("GL_NV_stereo_view_rendering", Predefined::Never),
    ("GL_NVX_multiview_per_view_attributes", Predefined::Never),
    ("GL_AMD_shader_ballot", Predefined::Desktop),
    ("GL_ARM_shader_core_builtins", Predefined::Never),
    ("GL_NV_shader_sm_builtins", Predefined::Always),
    ("GL_EXT_fragment_shading_rate", Predefined::Always),
    ("GL_NV_shading_rate_image", Predefined::Desktop),
    ("GL_ARB_shader_clock", Predefined::Never),
    ("GL_EXT_shader_realtime_clock", Predefined::Desktop),
];

/// Whether `name` is an extension the compiler implements ([`SUPPORTED_EXTENSIONS`]).
pub fn is_supported_extension(name: &str) -> bool {
    SUPPORTED_EXTENSIONS.iter().any(|(n, _)| *n == name)
}

/// Include nesting limit; an include cycle without a guard stops here.
const MAX_INCLUDE_DEPTH: usize = 32;
/// Nesting limit of macro argument pre-expansion, so deep nesting cannot overflow the stack.
const MAX_EXPANSION_DEPTH: u32 = 64;
/// Tokens macro expansion may produce in total, so `#define A B B` chains cannot hang.
const EXPANSION_BUDGET: usize = 1 << 19;
/// `#if` nesting limit per file (glslang's maxIfNesting is 64).
const MAX_IF_DEPTH: usize = 64;

/// The macros `#version` defines (GLSL 4.60 §3.3, §4.7.5), by profile.
const VERSION_MACROS: [&str; 5] = ["GL_FRAGMENT_PRECISION_HIGH", "GL_ES", "GL_es_profile", "GL_core_profile", "GL_compatibility_profile"];

/// The `__LINE__`-like macros whose value depends on where they are used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dynamic {
    Line,
    File,
    Version,
}

/// The [`Dynamic`] macros by name. They are in the built-in table ([`BuiltinMacros`]), not
/// defined again by every compile.
const DYNAMIC: [(&str, Dynamic); 3] = [("__LINE__", Dynamic::Line), ("__FILE__", Dynamic::File), ("__VERSION__", Dynamic::Version)];

#[derive(Clone, Debug)]
struct Macro {
    /// Interned name: what hide sets hold.
    id: u32,
    /// `Some` for a function-like macro.
    params: Option<Vec<Name>>,
    body: Vec<PTok>,
    dynamic: Option<Dynamic>,
    /// The name in the `#define` (for "previous definition" notes).
    span: Span,
    /// Predefined macros cannot be redefined or undefined.
    predefined: bool,
}

/// The built-in macros of one `<predefined>` file id: defining the ~60 extension macros
/// (formatting, lexing and checking their `#define` lines) cost more than preprocessing a
/// typical shader, so each thread does it once.
struct BuiltinMacros {
    file: FileId,
    vulkan: bool,
    /// The `#define` lines, the start of every `<predefined>` file.
    text: std::sync::Arc<str>,
    macros: FxHashMap<Name, Rc<Macro>>,
    names: FxHashMap<String, u32>,
    /// The first bytes of the names in `macros`.
    first_bytes: ByteSet,
}

/// A set of bytes.
#[derive(Clone, Copy, Debug, Default)]
struct ByteSet([u64; 4]);

impl ByteSet {
    fn insert(&mut self, b: u8) {
        self.0[usize::from(b >> 6)] |= 1 << (b & 63);
    }

    fn contains(&self, b: u8) -> bool {
        self.0[usize::from(b >> 6)] & (1 << (b & 63)) != 0
    }
}

thread_local! {
    /// The last built-in macro table built on this thread.
    static BUILTIN_MACROS: RefCell<Option<Rc<BuiltinMacros>>> = const { RefCell::new(None) };
}

/// The macros in scope and the interned macro names: this compile's own definitions and
/// removals (`None`) over the shared built-in table.
#[derive(Default)]
struct Macros {
    base: Option<Rc<BuiltinMacros>>,
    local: FxHashMap<Name, Option<Rc<Macro>>>,
    /// Names interned by this compile; ids continue after the built-in table's.
    names: FxHashMap<String, u32>,
    /// The first bytes of the names defined in `base` or `local`: most identifiers are not
    /// macros, and this rules out most of them before two hash lookups (one per table).
    first_bytes: ByteSet,
}

impl Macros {
    fn new(base: Rc<BuiltinMacros>) -> Macros {
        // `#version` alone removes or defines up to ten names here.
        let local = FxHashMap::with_capacity_and_hasher(14, Default::default());
        Macros { first_bytes: base.first_bytes, base: Some(base), local, ..Macros::default() }
    }

    fn get(&self, name: &str) -> Option<&Rc<Macro>> {
        if !name.as_bytes().first().is_some_and(|&b| self.first_bytes.contains(b)) {
            return None;
        }
        match self.local.get(name) {
            Some(m) => m.as_ref(),
            None => self.base.as_ref()?.macros.get(name),
        }
    }

    fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    fn insert(&mut self, name: Name, m: Macro) {
        if let Some(&b) = name.as_bytes().first() {
            self.first_bytes.insert(b);
        }
        self.local.insert(name, Some(Rc::new(m)));
    }

    fn remove(&mut self, name: &str) {
        // The name of the definition (no new allocation: `#version` removes a few built-ins).
        let key = match self.local.get_key_value(name) {
            Some((_, None)) => return,
            Some((key, Some(_))) => key.clone(),
            None => match self.base.as_ref().and_then(|b| b.macros.get_key_value(name)) {
                Some((key, _)) => key.clone(),
                None => return,
            },
        };
        self.local.insert(key, None);
    }

    fn intern(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.base.as_ref().and_then(|b| b.names.get(name)).or_else(|| self.names.get(name)) {
            return id;
        }
        let id = (self.base.as_ref().map_or(0, |b| b.names.len()) + self.names.len()) as u32;
        self.names.insert(name.to_string(), id);
        id
    }
}

/// One `#if` group being read.
#[derive(Clone, Debug)]
struct Cond {
    /// The `#if`/`#ifdef`/`#ifndef` directive.
    span: Span,
    /// The current branch is being read (and so is every enclosing group).
    active: bool,
    /// A branch was taken already, or the enclosing group is skipped: later branches are not.
    taken: bool,
    seen_else: bool,
}

/// One file being read: the main file or an include.
struct Frame {
    file: FileId,
    path: PathBuf,
    /// The tokens of the lines not read yet, in order.
    toks: std::vec::IntoIter<PTok>,
    lines: Vec<LineEnd>,
    next: usize,
    conds: Vec<Cond>,
    /// The `#include` directive that opened this file.
    include_site: Option<Span>,
    /// `__FILE__`: the source-string number.
    source_number: u32,
}

struct Pp<'s, 'o, 'l> {
    sources: &'s mut SourceMap,
    options: &'o PpOptions,
    loader: &'l mut dyn FnMut(&Path) -> std::io::Result<String>,
    out: PpOutput,
    macros: Macros,
    frames: Vec<Frame>,
    /// Tokens to read (rescan) before the next line: macro expansions and peeked tokens.
    pending: VecDeque<PTok>,
    /// Reading an `#if` expression: `defined` is an operator.
    in_if: bool,
    /// A token or directive was read: `#version` may no longer appear.
    seen_content: bool,
    /// The last behavior given to each extension name (`all` is expanded).
    extension_state: FxHashMap<String, Behavior>,
    once: FxHashSet<FileId>,
    loaded: FxHashMap<PathBuf, FileId>,
    expansion_depth: u32,
    budget: usize,
    main: FileId,
    /// The token spellings of this compile.
    spellings: Spellings,
}

impl Pp<'_, '_, '_> {
    // ---- diagnostics -------------------------------------------------------------------

    /// Reports `d`, adding where its file was included from and the `#line` presumed line.
    fn report(&mut self, mut d: Diagnostic) {
        if let Some(span) = d.primary_span() {
            if let Some(i) = self.frames.iter().rposition(|f| f.file == span.file) {
                // The innermost few sites; a deep chain (a cycle) would drown the message.
                const SHOWN: usize = 4;
                let sites: Vec<Span> = self.frames[..=i].iter().rev().filter_map(|f| f.include_site).collect();
                for site in sites.iter().take(SHOWN) {
                    let file = self.sources.get(site.file);
                    let (line, _) = file.line_col(site.start);
                    d = d.with_note(format!("in the file included from {}:{line}", file.name));
                }
                if sites.len() > SHOWN {
                    d = d.with_note(format!("... and {} more levels of `#include`", sites.len() - SHOWN));
                }
            }
            if let Some(note) = renumbered_note(&self.out.line_directives, self.sources, span) {
                d = d.with_note(note);
            }
        }
        self.out.diagnostics.push(d);
    }

    fn error(&mut self, message: impl Into<String>, span: Span) {
        self.report(Diagnostic::error(message, span));
    }

    fn warning(&mut self, message: impl Into<String>, span: Span) {
        self.report(Diagnostic::warning(message, span));
    }

    // ---- setup ---------------------------------------------------------------------------

    fn intern(&mut self, name: &str) -> u32 {
        self.macros.intern(name)
    }

    /// Defines the macros that exist before the first line: the dynamic ones, the supported
    /// extensions, `VULKAN`, and the user's `-D`s. Their bodies live in a `<predefined>` file
    /// of the source map so that their tokens have real spans.
    fn predefine(&mut self) {
        // The built-in part (extensions and `VULKAN`) is the same for every compile whose
        // `<predefined>` file gets the same id: it is built once per thread and shared.
        let file = FileId(self.sources.files().len() as u32);
        let cached = BUILTIN_MACROS.with(|b| b.borrow().as_ref().filter(|b| b.file == file && b.vulkan == self.options.vulkan).cloned());
        let base = match cached {
            Some(base) => base,
            None => {
                let base = Rc::new(self.builtin_macros(file));
                BUILTIN_MACROS.with(|b| *b.borrow_mut() = Some(base.clone()));
                base
            }
        };
        // Without `-D`s the file is the built-in text itself (shared, not copied).
        let (text, builtin_lines) = if self.options.defines.is_empty() {
            (std::sync::Arc::clone(&base.text), 0)
        } else {
            let mut text = base.text.to_string();
            let builtin_lines = text.lines().count();
            for (name, value) in &self.options.defines {
                text.push_str(&format!("#define {name} {value}\n"));
            }
            (text.into(), builtin_lines)
        };
        self.macros = Macros::new(base);
        let added = self.sources.add("<predefined>", text);
        debug_assert_eq!(added, file);
        if !self.options.defines.is_empty() {
            // The `-D`s are read before the dynamic macros are defined (so a `-D __LINE__` is
            // only warned about as a reserved name, then replaced): they are hidden meanwhile.
            for (name, _) in DYNAMIC {
                self.macros.local.insert(Name::from(name), None);
            }
            let lines = lex::lex_file(&self.sources.get(file).text, file, &mut self.spellings, &mut self.out.diagnostics).into_lines();
            for line in lines.into_iter().skip(builtin_lines) {
                if line.toks.len() >= 2 {
                    // User defines get the reserved-name checks builtins bypass.
                    let span = line.toks[0].span.to(line.toks[line.toks.len() - 1].span);
                    self.define(&line.toks[2..], false, span);
                }
            }
            for (name, _) in DYNAMIC {
                let m = self.macros.base.as_ref().and_then(|b| b.macros.get(name)).cloned();
                self.macros.local.insert(Name::from(name), m);
            }
        }
    }

    /// Defines the built-in macros (the supported extensions and `VULKAN`) as lines of a
    /// `<predefined>` file with id `file`, and returns them as a shareable table.
    fn builtin_macros(&mut self, file: FileId) -> BuiltinMacros {
        let mut text = String::new();
        // Every macro some version defines; `version` removes those its version does not.
        for (ext, _) in SUPPORTED_EXTENSIONS.iter().filter(|(_, p)| *p != Predefined::Never) {
            text.push_str(&format!("#define {ext} 1\n"));
        }
        if self.options.vulkan {
            text.push_str("#define VULKAN 100\n");
        }
        let saved = std::mem::take(&mut self.macros);
        let lines = lex::lex_file(&text, file, &mut self.spellings, &mut self.out.diagnostics).into_lines();
        for line in lines {
            if line.toks.len() >= 2 {
                let span = line.toks[0].span.to(line.toks[line.toks.len() - 1].span);
                self.define(&line.toks[2..], true, span);
            }
        }
        for (name, dynamic) in DYNAMIC {
            let id = self.intern(name);
            let m = Macro { id, params: None, body: Vec::new(), dynamic: Some(dynamic), span: Span::default(), predefined: true };
            self.macros.insert(Name::from(name), m);
        }
        // The names `#version` defines, so that their ids need no per-compile interning.
        for name in VERSION_MACROS {
            self.intern(name);
        }
        let built = std::mem::replace(&mut self.macros, saved);
        BuiltinMacros {
            file,
            vulkan: self.options.vulkan,
            text: text.into(),
            macros: built.local.into_iter().filter_map(|(name, m)| Some((name, m?))).collect(),
            names: built.names,
            first_bytes: built.first_bytes,
        }
    }

    fn push_frame(&mut self, file: FileId, path: PathBuf, include_site: Option<Span>) {
        let lexed = lex::lex_file(&self.sources.get(file).text, file, &mut self.spellings, &mut self.out.diagnostics);
        // Most tokens reach the output; reserving avoids regrowing (and copying) it.
        self.out.tokens.reserve(lexed.toks.len());
        let source_number = if file == self.main { 0 } else { file.0 };
        let (toks, lines) = (lexed.toks.into_iter(), lexed.lines);
        self.frames.push(Frame { file, path, toks, lines, next: 0, conds: Vec::new(), include_site, source_number });
        if let Some(site) = include_site {
            if !self.out.include_sites.iter().any(|(f, _)| *f == file) {
                self.out.include_sites.push((file, site));
            }
        }
    }

    // ---- output ----------------------------------------------------------------------------

    fn emit(&mut self, tok: PTok) {
        let kind = match tok.kind {
            Kind::Ident => TokenKind::Ident,
            Kind::Int => TokenKind::IntLit,
            Kind::Float => TokenKind::FloatLit,
            Kind::Punct => TokenKind::Punct,
            Kind::Placemarker => return,
            // GL_EXT_debug_printf and GL_EXT_spirv_intrinsics add string literals; the parser
            // and lowering accept them only where those extensions use them.
            Kind::Str if ["GL_EXT_debug_printf", "GL_EXT_spirv_intrinsics"]
                .iter()
                .any(|e| self.extension_state.get(*e).is_some_and(|b| *b != Behavior::Disable)) =>
            {
                TokenKind::StrLit
            }
            Kind::Str => {
                self.error("GLSL has no string literals", tok.span);
                return;
            }
            Kind::Other => {
                self.error(format!("invalid character `{}`", tok.text.escape_debug()), tok.span);
                return;
            }
        };
        if let Some(m) = &tok.malformed {
            self.error(m.clone(), tok.span);
        }
        self.out.tokens.push(Token { kind, text: tok.text, span: tok.span });
    }

    // ---- reading lines and directives ----------------------------------------------------

    /// The tokens of the next line to expand, after processing directives and skipping
    /// inactive groups. `None` at the end of the main file.
    /// (Its tokens are appended to `pending`.)
    fn next_line(&mut self) -> Option<()> {
        loop {
            let frame = self.frames.last_mut()?;
            if frame.next >= frame.lines.len() {
                let conds = std::mem::take(&mut frame.conds);
                for c in conds {
                    self.error("unterminated conditional directive: no `#endif` before the end of the file", c.span);
                }
                self.frames.pop();
                continue;
            }
            let LineEnd { toks: n, end } = frame.lines[frame.next];
            let n = n as usize;
            frame.next += 1;
            let skipping = frame.conds.last().is_some_and(|c| !c.active);
            if n > 0 && frame.toks.as_slice()[0].is_punct("#") {
                let line = Line { toks: frame.toks.by_ref().take(n).collect(), end };
                self.directive(line, skipping);
                continue;
            }
            if skipping || n == 0 {
                frame.toks.by_ref().take(n).for_each(drop);
                continue;
            }
            self.seen_content = true;
            self.pending.extend(frame.toks.by_ref().take(n));
            return Some(());
        }
    }

    fn directive(&mut self, line: Line, skipping: bool) {
        let toks = line.toks;
        let Some(name) = toks.get(1) else { return }; // the null directive (C11 §6.10.7)
        let span = toks[0].span.to(toks[toks.len() - 1].span);
        let name_span = toks[0].span.to(name.span);
        let args = &toks[2..];
        let name_text = if name.kind == Kind::Ident { name.text.as_str() } else { "" };
        if skipping {
            // C11 §6.10p4/§6.10.1p6: in a skipped group only the conditional structure counts.
            match name_text {
                "if" | "ifdef" | "ifndef" => self.push_cond(name_span, false),
                "elif" => self.elif(args, name_span),
                "else" => self.else_(args, name_span),
                "endif" => self.endif(args, name_span),
                _ => {}
            }
            return;
        }
        if name_text != "version" {
            self.seen_content = true;
        }
        match name_text {
            "define" => self.define(args, false, span),
            "undef" => self.undef(args, name_span),
            "if" => {
                let value = self.condition(args, span);
                self.push_cond(name_span, value);
            }
            "ifdef" | "ifndef" => {
                let value = match args.first() {
                    Some(t) if t.kind == Kind::Ident => {
                        self.extra_tokens(&args[1..], name_text);
                        self.macros.contains(&t.text) == (name_text == "ifdef")
                    }
                    _ => {
                        self.error(format!("`#{name_text}` needs a macro name"), name_span);
                        false
                    }
                };
                self.push_cond(name_span, value);
            }
            "elif" => self.elif(args, name_span),
            "else" => self.else_(args, name_span),
            "endif" => self.endif(args, name_span),
            "error" => {
                let message = self.raw_text(args);
                let message = if message.is_empty() { "#error".to_string() } else { format!("#error {message}") };
                self.report(Diagnostic::error(message, span).with_label_message("`#error` directive"));
            }
            "pragma" => self.pragma(args, span),
            "line" => self.line(args, span, line.end),
            "version" => self.version(args, span),
            "extension" => self.extension(args, span),
            "include" => self.include(args, span),
            _ => self.error(format!("unknown preprocessor directive `#{}`", name.text), name_span),
        }
    }

    /// The source text of `toks` (which come from one line of one file), as written.
    fn raw_text(&self, toks: &[PTok]) -> String {
        match (toks.first(), toks.last()) {
            (Some(a), Some(b)) if a.span.file == b.span.file => self.sources.slice(Span::new(a.span.file, a.span.start, b.span.end)).replace("\\\n", ""),
            _ => String::new(),
        }
    }

    fn extra_tokens(&mut self, rest: &[PTok], directive: &str) {
        if let Some(t) = rest.first() {
            self.error(format!("unexpected `{}` after `#{directive}`", t.text), t.span);
        }
    }

    // ---- conditionals (GLSL 4.60 §3.3; C11 §6.10.1) ----------------------------------------

    fn push_cond(&mut self, span: Span, value: bool) {
        let Some(frame) = self.frames.last_mut() else { return };
        if frame.conds.len() >= MAX_IF_DEPTH {
            self.error(format!("conditional directives nested deeper than {MAX_IF_DEPTH}"), span);
            return;
        }
        let parent_active = frame.conds.last().is_none_or(|c| c.active);
        let active = parent_active && value;
        frame.conds.push(Cond { span, active, taken: active || !parent_active, seen_else: false });
    }

    fn elif(&mut self, args: &[PTok], span: Span) {
        let Some(top) = self.frames.last().and_then(|f| f.conds.last()).cloned() else {
            self.error("`#elif` without `#if`", span);
            return;
        };
        if top.seen_else {
            self.report(Diagnostic::error("`#elif` after `#else`", span).with_secondary(top.span, "in this group"));
        }
        // The expression of an `#elif` after a taken branch is not evaluated (C11 §6.10.1p6).
        let value = !top.taken && self.condition(args, span);
        if let Some(top) = self.frames.last_mut().and_then(|f| f.conds.last_mut()) {
            top.active = value;
            top.taken |= value;
        }
    }

    fn else_(&mut self, args: &[PTok], span: Span) {
        let skipping = self.frames.last().is_some_and(|f| f.conds.len() > 1 && !f.conds[f.conds.len() - 2].active);
        let Some(top) = self.frames.last_mut().and_then(|f| f.conds.last_mut()) else {
            self.error("`#else` without `#if`", span);
            return;
        };
        let repeated = top.seen_else;
        top.seen_else = true;
        top.active = !top.taken;
        top.taken = true;
        let group = top.span;
        if repeated {
            self.report(Diagnostic::error("`#else` after `#else`", span).with_secondary(group, "in this group"));
        }
        if !skipping {
            self.extra_tokens(args, "else");
        }
    }

    fn endif(&mut self, args: &[PTok], span: Span) {
        let Some(frame) = self.frames.last_mut() else { return };
        if frame.conds.pop().is_none() {
            self.error("`#endif` without `#if`", span);
            return;
        }
        if frame.conds.last().is_none_or(|c| c.active) {
            self.extra_tokens(args, "endif");
        }
    }

    /// Expands and evaluates an `#if`/`#elif` expression; errors make it false.
    fn condition(&mut self, args: &[PTok], directive: Span) -> bool {
        if args.is_empty() {
            self.error("expected an expression after the directive", directive);
            return false;
        }
        self.in_if = true;
        let toks = self.expand_isolated(args.to_vec());
        self.in_if = false;
        for t in &toks {
            if let Some(m) = &t.malformed {
                self.error(m.clone(), t.span);
                return false;
            }
        }
        let es = self.out.version.is_some_and(|v| v.profile == Profile::Es);
        match expr::evaluate(&toks, es, directive) {
            Ok(v) => v != 0,
            Err(d) => {
                self.report(d);
                false
            }
        }
    }

    // ---- macro definitions (GLSL 4.60 §3.3; C11 §6.10.3) ---------------------------------------

    /// `#define` with `args` the tokens after `define`.
    fn define(&mut self, args: &[PTok], predefined: bool, directive: Span) {
        let Some(name) = args.first().filter(|t| t.kind == Kind::Ident) else {
            let span = args.first().map_or(directive, |t| t.span);
            self.error("`#define` needs a macro name", span);
            return;
        };
        if !predefined && !self.check_name(name, "define") {
            return;
        }
        let mut rest = &args[1..];
        let mut params = None;
        if rest.first().is_some_and(|t| t.is_punct("(") && !t.ws_before) {
            let mut list: Vec<Name> = Vec::new();
            let mut i = 1;
            let mut ok = false;
            if rest.get(1).is_some_and(|t| t.is_punct(")")) {
                i = 2;
                ok = true;
            } else {
                while let Some(p) = rest.get(i) {
                    if p.kind != Kind::Ident {
                        self.error(format!("expected a parameter name, found `{}`", p.text), p.span);
                        return;
                    }
                    if list.contains(&p.text) {
                        self.error(format!("duplicate macro parameter `{}`", p.text), p.span);
                        return;
                    }
                    list.push(p.text.clone());
                    match rest.get(i + 1) {
                        Some(t) if t.is_punct(",") => i += 2,
                        Some(t) if t.is_punct(")") => {
                            i += 2;
                            ok = true;
                            break;
                        }
                        _ => break,
                    }
                }
            }
            if !ok {
                self.error("unterminated macro parameter list: expected `)`", rest[0].span);
                return;
            }
            rest = &rest[i..];
            params = Some(list);
        }
        let body = rest.to_vec();
        // C11 §6.10.3.3p1: `##` cannot start or end a replacement list.
        for t in [body.first(), body.last()].into_iter().flatten() {
            if t.is_punct("##") {
                self.error("`##` cannot be at either end of a macro body", t.span);
                return;
            }
        }
        if let Some(old) = self.macros.get(&name.text) {
            let same = old.params == params
                && old.body.len() == body.len()
                && old.body.iter().zip(&body).enumerate().all(|(i, (a, b))| a.text == b.text && (i == 0 || a.ws_before == b.ws_before));
            if old.predefined && !predefined && old.dynamic.is_some() {
                self.error(format!("`{}` is predefined and cannot be redefined", name.text), name.span);
                return;
            }
            if !same {
                let previous = old.span;
                self.report(
                    Diagnostic::error(format!("macro `{}` redefined with a different body", name.text), name.span)
                        .with_secondary(previous, "the previous definition"),
                );
                return;
            }
        }
        let id = self.intern(&name.text);
        let m = Macro { id, params, body, dynamic: None, span: name.span, predefined };
        self.macros.insert(name.text.clone(), m);
    }

    /// Names a shader may not (un)define (GLSL 4.60 §3.3): `GL_` prefixes, `defined`, and the
    /// dynamic macros. Double underscores only warn, as in glslang.
    fn check_name(&mut self, name: &PTok, directive: &str) -> bool {
        // glslang allows `GL_` names once GL_EXT_spirv_intrinsics is on (it declares them).
        let intrinsics = self.extension_state.get("GL_EXT_spirv_intrinsics").is_some_and(|b| *b != Behavior::Disable);
        if name.text.starts_with("GL_") && !intrinsics {
            self.error(format!("names starting with `GL_` are reserved and cannot be {directive}d"), name.span);
            return false;
        }
        if name.text == "defined" || self.macros.get(&name.text).is_some_and(|m| m.dynamic.is_some()) {
            self.error(format!("`{}` cannot be {directive}d", name.text), name.span);
            return false;
        }
        if name.text.contains("__") {
            // GLSL ES 1.00 §3.4 made this an error; ES 3.00 and desktop only reserve them.
            if self.out.version.is_some_and(|v| v.profile == Profile::Es && v.number < 300) {
                self.error(format!("names containing `__` are reserved: `{}`", name.text), name.span);
                return false;
            }
            self.warning(format!("names containing `__` are reserved: `{}`", name.text), name.span);
        }
        true
    }

    fn undef(&mut self, args: &[PTok], span: Span) {
        let Some(name) = args.first().filter(|t| t.kind == Kind::Ident) else {
            self.error("`#undef` needs a macro name", span);
            return;
        };
        if !self.check_name(name, "undefine") {
            return;
        }
        self.extra_tokens(&args[1..], "undef");
        self.macros.remove(&name.text);
    }

    // ---- other directives --------------------------------------------------------------------

    fn pragma(&mut self, args: &[PTok], span: Span) {
        let text = args.iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(" ");
        if text == "once" {
            if let Some(frame) = self.frames.last() {
                self.once.insert(frame.file);
            }
        }
        self.out.pragmas.push(Pragma { text, span });
    }

    /// `#line N [S]` (GLSL 4.60 §3.3), after macro expansion.
    fn line(&mut self, args: &[PTok], span: Span, line_end: u32) {
        let toks = self.expand_isolated(args.to_vec());
        // GLSL 4.60 §3.3: the line (and a source-string number) are constant integer
        // expressions; glslang evaluates them as `#if` does, as an int (`#line -1`, `#line
        // 2147483648` wraps to -2147483648): its bits are the line number `__LINE__` gives.
        let es = self.out.version.is_some_and(|v| v.profile == Profile::Es);
        let whole = (!toks.is_empty()).then(|| expr::evaluate(&toks, es, span).ok()).flatten();
        let (number, rest) = match whole {
            Some(n) => (Some(n), &toks[toks.len()..]),
            None if toks.len() >= 2 => match expr::evaluate(&toks[..toks.len() - 1], es, span) {
                Ok(n) => (Some(n), &toks[toks.len() - 1..]),
                // `#line 5 6 7`: the first token is the line; the rest is read (and reported) below.
                Err(_) => (expr::evaluate(&toks[..1], es, span).ok(), &toks[1..]),
            },
            None => (None, &toks[..]),
        };
        let Some(number) = number.map(|n| n as u32) else {
            self.error("`#line` needs a line number", span);
            return;
        };
        let source = match rest.first() {
            None => None,
            Some(t) if t.kind == Kind::Int => match expr::parse_int(&t.text).and_then(|n| u32::try_from(n).ok()) {
                Some(n) => Some(LineSource::Number(n)),
                None => {
                    self.error("invalid source-string number", t.span);
                    return;
                }
            },
            Some(t) if t.kind == Kind::Str && t.malformed.is_none() => {
                // glslang: "filename-based #line" needs GL_GOOGLE_cpp_style_line_directive
                // (GL_GOOGLE_include_directive enables it too).
                if !self.extension_state.get("GL_GOOGLE_cpp_style_line_directive").is_some_and(|b| *b != Behavior::Disable) {
                    let d = Diagnostic::error("a file name in `#line` needs the GL_GOOGLE_cpp_style_line_directive extension", t.span)
                        .with_note("add `#extension GL_GOOGLE_cpp_style_line_directive : require` before it");
                    self.report(d);
                    return;
                }
                Some(LineSource::Name(t.text.trim_matches('"').to_string()))
            }
            Some(t) => {
                self.error(format!("expected a source-string number after the line number, found `{}`", t.text), t.span);
                return;
            }
        };
        self.extra_tokens(rest.get(1..).unwrap_or(&[]), "line");
        // glslang: from ES and GLSL 3.30 on, `#line N` numbers the next line N; before, the
        // directive's own line is N.
        let next_line_is_n = self.out.version.is_none_or(|v| v.profile == Profile::Es || v.number >= 330);
        let line = if next_line_is_n { number } else { number.wrapping_add(1) };
        let offset = line_end.saturating_add(1);
        let file = span.file;
        let physical_line = self.sources.get(file).line_col(line_end).0 + 1;
        if let (Some(LineSource::Number(n)), Some(frame)) = (&source, self.frames.last_mut()) {
            frame.source_number = *n;
        }
        // As glslang -g names the file of its `OpLine`s: a name holds until the next `#line`
        // of the file with a source string; a number goes back to the file's own name.
        let name = match &source {
            Some(LineSource::Name(name)) => Some(name.clone()),
            Some(LineSource::Number(_)) => None,
            None => self.out.line_directives.iter().rev().find(|l| l.at.file == file).and_then(|l| l.at.name.clone()),
        };
        let at = Renumbering { file, offset, physical_line, line, name };
        self.out.line_directives.push(LineDirective { at, source });
    }

    /// The versions Vulkan GLSL needs (GL_KHR_vulkan_glsl: desktop 140 or later, ES 310 or
    /// later; GLSL 4.60 §3.3 makes a shader without `#version` version 110), and compute
    /// shaders (desktop 430, or 420 with GL_ARB_compute_shader; ES 310), as glslang checks them.
    fn check_vulkan_version(&mut self) {
        let Some(v) = self.out.version else {
            let start = Span::new(self.main, 0, 0);
            self.report(
                Diagnostic::error("the shader has no `#version`, so it is GLSL 1.10, and Vulkan needs 140 or later", start)
                    .with_note("GL_KHR_vulkan_glsl: begin the file with e.g. `#version 450` (or `#version 310 es`)"),
            );
            return;
        };
        let es = v.profile == Profile::Es;
        let compute = self.options.stage == Some(Stage::Compute);
        let arb_compute = self.out.extensions.iter().any(|e| e.name == "GL_ARB_compute_shader" && e.behavior != Behavior::Disable);
        let message = if es && v.number < 310 {
            format!("GLSL ES {} is too old for Vulkan: SPIR-V needs `#version 310 es` or later", v.number)
        } else if !es && v.number < 140 {
            format!("GLSL {} is too old for Vulkan: SPIR-V needs `#version 140` or later", v.number)
        } else if compute && !es && v.number < 430 && !(v.number >= 420 && arb_compute) {
            format!("compute shaders need `#version 430` (or 420 with GL_ARB_compute_shader) or `310 es`, not {}", v.number)
        } else {
            return;
        };
        self.report(Diagnostic::error(message, v.span).with_note("GL_KHR_vulkan_glsl; GLSL 4.60 §3.3 #version"));
    }

    /// `#version N [profile]` (GLSL 4.60 §3.3).
    fn version(&mut self, args: &[PTok], span: Span) {
        if self.seen_content || self.frames.len() > 1 || self.out.version.is_some() {
            let message = if self.out.version.is_some() { "`#version` may appear only once" } else { "`#version` must come before anything else in the shader except comments and white space" };
            self.error(message, span);
            return;
        }
        self.seen_content = true;
        let number = match args.first() {
            Some(t) if t.kind == Kind::Int => expr::parse_int(&t.text).and_then(|n| u32::try_from(n).ok()),
            _ => None,
        };
        let Some(number) = number else {
            self.error("`#version` needs a version number", span);
            return;
        };
        let profile_tok = args.get(1);
        let profile = match profile_tok.map(|t| t.text.as_str()) {
            None => None,
            Some("core") => Some(Profile::Core),
            Some("compatibility") => Some(Profile::Compatibility),
            Some("es") => Some(Profile::Es),
            Some(other) => {
                self.error(format!("unknown profile `{other}`: expected `core`, `compatibility` or `es`"), args[1].span);
                return;
            }
        };
        self.extra_tokens(args.get(2..).unwrap_or(&[]), "version");
        const DESKTOP: [u32; 14] = [110, 120, 130, 140, 150, 330, 400, 410, 420, 430, 440, 450, 460, 100];
        let profile = match (number, profile) {
            (100, None | Some(Profile::Es)) => Profile::Es,
            (300 | 310 | 320, Some(Profile::Es)) => Profile::Es,
            (300 | 310 | 320, _) => {
                self.error(format!("GLSL ES {number} needs the `es` profile: `#version {number} es`"), span);
                Profile::Es
            }
            (n, Some(Profile::Es)) => {
                self.error(format!("`es` is only valid with versions 100, 300, 310 and 320, not {n}"), span);
                Profile::Es
            }
            (n, Some(p)) if DESKTOP.contains(&n) && n >= 150 => p,
            (n, Some(_)) if DESKTOP.contains(&n) => {
                self.error("versions before 150 do not allow a profile", profile_tok.map_or(span, |t| t.span));
                Profile::Compatibility
            }
            (n, None) if DESKTOP.contains(&n) => {
                if n >= 150 {
                    Profile::Core
                } else {
                    Profile::Compatibility
                }
            }
            (n, _) => {
                self.error(format!("unsupported GLSL version {n}: expected 100, 300 es, 310 es, 320 es or 110-460"), span);
                return;
            }
        };
        // GLSL ES 3.00-3.20 §3.4: "The #version directive must be present in the first line of
        // a shader": no comment or blank line before it (white space on its line is fine, as
        // glslang has it; ES 1.00 and desktop GLSL allow comments first).
        let before = &self.sources.get(span.file).text.as_bytes()[..span.start as usize];
        if profile == Profile::Es && number >= 300 && !before.iter().all(|&b| b == b' ' || b == b'\t') {
            let d = Diagnostic::error(format!("`#version {number} es` must be the first line of the shader, before any comment or blank line"), span)
                .with_note("GLSL ES 3.20 §3.4: the #version directive must be present in the first line of a shader");
            self.report(d);
        }
        self.out.version = Some(Version { number, profile, span });
        // The extension macros this version does not have ([`Predefined`]).
        for (ext, _) in SUPPORTED_EXTENSIONS.iter().filter(|(_, p)| *p != Predefined::Never && !p.holds(profile, number)) {
            self.macros.remove(ext);
        }
        // GLSL 4.60 §4.7.5 defines GL_FRAGMENT_PRECISION_HIGH on desktop too; §3.3: every
        // implementation defines GL_core_profile, and one with the compatibility profile
        // GL_compatibility_profile as well (profiles begin at 1.50: none before, as glslang).
        let mut defines = vec!["GL_FRAGMENT_PRECISION_HIGH"];
        match profile {
            Profile::Es => defines.extend(["GL_ES", "GL_es_profile"]),
            _ if number < 150 => {}
            Profile::Core => defines.push("GL_core_profile"),
            Profile::Compatibility => defines.extend(["GL_core_profile", "GL_compatibility_profile"]),
        }
        for name in defines {
            let id = self.intern(name);
            let one = PTok { kind: Kind::Int, text: "1".into(), span, ws_before: true, hide: Rc::default(), malformed: None };
            self.macros.insert(Name::from(name), Macro { id, params: None, body: vec![one], dynamic: None, span, predefined: true });
        }
    }

    /// `#extension name : behavior` (GLSL 4.60 §3.3).
    fn extension(&mut self, args: &[PTok], span: Span) {
        let (name, behavior) = match args {
            [name, colon, behavior, rest @ ..] if name.kind == Kind::Ident && colon.is_punct(":") && behavior.kind == Kind::Ident => {
                self.extra_tokens(rest, "extension");
                (name, behavior)
            }
            _ => {
                self.error("expected `#extension name : behavior`", span);
                return;
            }
        };
        let b = match behavior.text.as_str() {
            "require" => Behavior::Require,
            "enable" => Behavior::Enable,
            "warn" => Behavior::Warn,
            "disable" => Behavior::Disable,
            other => {
                self.error(format!("unknown extension behavior `{other}`: expected `require`, `enable`, `warn` or `disable`"), behavior.span);
                return;
            }
        };
        if name.text == BINDLESS_TEXTURE {
            // glslang: "not allowed when using generating SPIR-V codes", whatever the behavior.
            self.report(Diagnostic::error(format!("extension `{BINDLESS_TEXTURE}` cannot be used when generating SPIR-V"), name.span).with_note(BINDLESS_TEXTURE_NOTE));
        } else if name.text == "all" {
            if matches!(b, Behavior::Require | Behavior::Enable) {
                self.error("extension `all` can only be given `warn` or `disable`", behavior.span);
                return;
            }
            // GL_EXT_spirv_intrinsics changes the language (string literals, `GL_` macro
            // names): it must be named, `all` leaves it alone.
            for (ext, _) in SUPPORTED_EXTENSIONS.iter().filter(|(e, _)| *e != "GL_EXT_spirv_intrinsics") {
                self.extension_state.insert(ext.to_string(), b);
            }
        } else if is_supported_extension(&name.text) {
            self.extension_state.insert(name.text.to_string(), b);
            if b == Behavior::Warn {
                // GLSL 4.60 §3.3: `warn` behaves as `enable`, warning on each use of the
                // extension (glslang does); we warn once, here.
                self.warning(format!("extension `{}` is enabled with a warning (`warn` behaves as `enable`)", name.text), behavior.span);
            }
            // glslang: the include directive turns on `#line N "file"` too.
            if name.text == "GL_GOOGLE_include_directive" {
                self.extension_state.insert("GL_GOOGLE_cpp_style_line_directive".into(), b);
            }
        } else if b == Behavior::Require {
            self.extension_state.insert(name.text.to_string(), b);
            self.error(format!("extension `{}` is not supported", name.text), name.span);
        } else if b != Behavior::Disable {
            self.extension_state.insert(name.text.to_string(), b);
            self.warning(format!("extension `{}` is not supported", name.text), name.span);
        }
        let token = self.out.tokens.len();
        self.out.extensions.push(Extension { name: name.text.to_string(), behavior: b, span, token });
    }

    /// `#include "name"` / `#include <name>` (GL_GOOGLE_include_directive).
    fn include(&mut self, args: &[PTok], span: Span) {
        let enabled = ["GL_GOOGLE_include_directive", "GL_ARB_shading_language_include"]
            .iter()
            .any(|e| self.extension_state.get(*e).is_some_and(|b| *b != Behavior::Disable));
        if !enabled {
            self.report(
                Diagnostic::error("`#include` needs the GL_GOOGLE_include_directive extension", span)
                    .with_note("add `#extension GL_GOOGLE_include_directive : require` before it"),
            );
            return;
        }
        let (name, quoted, name_span, rest) = match args.first() {
            Some(t) if t.kind == Kind::Str && t.malformed.is_none() => (t.text[1..t.text.len() - 1].to_string(), true, t.span, &args[1..]),
            Some(t) if t.is_punct("<") => match args.iter().position(|t| t.is_punct(">")) {
                Some(close) => {
                    let inner = Span::new(t.span.file, t.span.end, args[close].span.start);
                    (self.sources.slice(inner).to_string(), false, t.span.to(args[close].span), &args[close + 1..])
                }
                None => {
                    self.error("expected `>` to end the header name", t.span);
                    return;
                }
            },
            _ => {
                self.error("`#include` expects \"file\" or <file>", span);
                return;
            }
        };
        self.extra_tokens(rest, "include");
        if name.is_empty() {
            self.error("empty file name in `#include`", name_span);
            return;
        }
        let mut candidates = Vec::new();
        if Path::new(&name).is_absolute() {
            candidates.push(PathBuf::from(&name));
        } else {
            if quoted {
                let dir = self.frames.last().and_then(|f| f.path.parent()).map(Path::to_path_buf).unwrap_or_default();
                candidates.push(normalize(&dir.join(&name)));
            }
            // A shader library: the first component names the package.
            if let Some((package, rest)) = name.split_once('/') {
                if let Some((_, dir)) = self.options.packages.iter().find(|(p, _)| p == package) {
                    candidates.push(normalize(&dir.join(rest)));
                }
            }
            for dir in &self.options.include_dirs {
                candidates.push(normalize(&dir.join(&name)));
            }
        }
        let mut found = None;
        let mut failures = Vec::new();
        for candidate in &candidates {
            if let Some(&id) = self.loaded.get(candidate) {
                found = Some((id, candidate.clone()));
                break;
            }
            match (self.loader)(candidate) {
                Ok(text) => {
                    let id = self.sources.add(candidate.display().to_string(), text);
                    self.loaded.insert(candidate.clone(), id);
                    self.out.included_files.push(candidate.clone());
                    found = Some((id, candidate.clone()));
                    break;
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => failures.push(candidate.display().to_string()),
                Err(e) => failures.push(format!("{} ({e})", candidate.display())),
            }
        }
        let Some((file, path)) = found else {
            let searched = if failures.is_empty() { "no include directories".to_string() } else { failures.join(", ") };
            let mut d = Diagnostic::error(format!("cannot find include file `{name}`"), name_span).with_note(format!("searched: {searched}"));
            // `<noise/x.glsl>` may mean a shader library that was not forwarded: said when
            // libraries are in use, or when no include folder could hold the file (with include
            // folders and no library it is an ordinary subfolder include).
            let identifier = |p: &str| p.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            let libraries = !self.options.packages.is_empty() || self.options.include_dirs.is_empty();
            if let Some((package, _)) = name.split_once('/').filter(|(p, _)| libraries && !quoted && identifier(p)) {
                if !self.options.packages.iter().any(|(p, _)| p == package) {
                    d = d.with_note(format!("`{package}` is not a shader library known here; {}", crate::known_libraries_note(&self.options.packages)));
                } else if let Some(note) = crate::missing_library_folder_note(&self.options.packages, package) {
                    d = d.with_note(note);
                }
            }
            self.report(d);
            return;
        };
        if self.once.contains(&file) {
            return;
        }
        if self.frames.len() >= MAX_INCLUDE_DEPTH {
            let mut d = Diagnostic::error(format!("`#include` nested more than {MAX_INCLUDE_DEPTH} deep"), span);
            if let Some(start) = self.frames.iter().rposition(|f| f.file == file) {
                let chain: Vec<String> = self.frames[start..].iter().map(|f| f.path.display().to_string()).chain([path.display().to_string()]).collect();
                d = d.with_note(format!("include cycle: {}", chain.join(" -> ")));
            }
            self.report(d);
            return;
        }
        self.push_frame(file, path, Some(span));
    }

    // ---- macro expansion (C11 §6.10.3, Prosser's hide-set algorithm) --------------------------

    /// The next token, unexpanded: pending tokens first, then (when `pull`) the next line.
    fn raw_next(&mut self, pull: bool) -> Option<PTok> {
        loop {
            if let Some(t) = self.pending.pop_front() {
                return Some(t);
            }
            if !pull {
                return None;
            }
            self.next_line()?;
        }
    }

    /// The next fully macro-expanded token.
    fn next_expanded(&mut self, pull: bool) -> Option<PTok> {
        loop {
            let t = self.raw_next(pull)?;
            if t.kind == Kind::Ident {
                if self.in_if && t.text == "defined" {
                    return Some(self.defined(t));
                }
                if self.expand(&t, pull) {
                    continue;
                }
            }
            return Some(t);
        }
    }

    /// `defined X` / `defined ( X )` inside `#if`: becomes `1` or `0`.
    fn defined(&mut self, t: PTok) -> PTok {
        let mut name = self.raw_next(false);
        let paren = name.as_ref().is_some_and(|n| n.is_punct("("));
        if paren {
            name = self.raw_next(false);
        }
        let mut value = false;
        match &name {
            Some(n) if n.kind == Kind::Ident => {
                value = self.macros.contains(&n.text);
                if paren {
                    match self.raw_next(false) {
                        Some(close) if close.is_punct(")") => {}
                        _ => self.error("missing `)` after `defined(`", t.span),
                    }
                }
            }
            _ => self.error("`defined` needs a macro name", t.span),
        }
        PTok { kind: Kind::Int, text: if value { "1" } else { "0" }.into(), malformed: None, ..t }
    }

    /// Expands `toks` on their own (macro arguments, `#if` and `#line` lines).
    fn expand_isolated(&mut self, toks: Vec<PTok>) -> Vec<PTok> {
        let saved = std::mem::replace(&mut self.pending, toks.into());
        let mut out = Vec::new();
        while let Some(t) = self.next_expanded(false) {
            out.push(t);
        }
        self.pending = saved;
        out
    }

    /// If `t` names a macro it may expand, replaces the invocation by its expansion at the
    /// front of `pending` and returns true.
    fn expand(&mut self, t: &PTok, pull: bool) -> bool {
        let Some(m) = self.macros.get(&t.text) else { return false };
        if t.hide.binary_search(&m.id).is_ok() || self.budget == 0 {
            return false;
        }
        let m = Rc::clone(m);
        let result = match (&m.dynamic, &m.params) {
            (Some(dynamic), _) => {
                let text = match dynamic {
                    Dynamic::Line => presumed_line(&self.out.line_directives, self.sources, t.span).to_string(),
                    Dynamic::File => self.frames.last().map_or(0, |f| f.source_number).to_string(),
                    Dynamic::Version => self.out.version.map_or(110, |v| v.number).to_string(),
                };
                vec![PTok { kind: Kind::Int, text: text.into(), malformed: None, ..t.clone() }]
            }
            (None, None) => {
                let hide = with(&t.hide, m.id);
                self.substitute(&m, &[], &[], t.span, &hide)
            }
            (None, Some(params)) => {
                // C11 §6.10.3p10: a function-like macro name not followed by `(` is not an
                // invocation. The `(` may be on a later line.
                match self.raw_next(pull) {
                    Some(open) if open.is_punct("(") => {}
                    Some(other) => {
                        self.pending.push_front(other);
                        return false;
                    }
                    None => return false,
                }
                let Some((args, close)) = self.collect_args(t, pull) else { return true };
                let args = if params.is_empty() && args.len() == 1 && args[0].is_empty() { Vec::new() } else { args };
                if args.len() != params.len() {
                    self.report(
                        Diagnostic::error(
                            format!("macro `{}` takes {} argument(s), given {}", t.text, params.len(), args.len()),
                            t.span.to(close.span),
                        )
                        .with_secondary(m.span, "the macro is defined here"),
                    );
                    return true;
                }
                // C11 §6.10.3.1: arguments are fully expanded before substitution, unless
                // they are operands of `##`.
                let expanded: Vec<Vec<PTok>> = if self.expansion_depth >= MAX_EXPANSION_DEPTH {
                    // Stop expanding altogether: rescanning would hit the limit again per level.
                    self.budget = 0;
                    self.error("macro arguments nested too deeply", t.span);
                    args.clone()
                } else {
                    self.expansion_depth += 1;
                    let e = args.iter().map(|a| self.expand_isolated(a.clone())).collect();
                    self.expansion_depth -= 1;
                    e
                };
                let hide = with(&intersect(&t.hide, &close.hide), m.id);
                let site = if close.span.file == t.span.file { t.span.to(close.span) } else { t.span };
                self.substitute(&m, &args, &expanded, site, &hide)
            }
        };
        if result.len() >= self.budget {
            self.budget = 0;
            self.error("macro expansion produces too many tokens", t.span);
            return true;
        }
        self.budget -= result.len();
        for tok in result.into_iter().rev() {
            self.pending.push_front(tok);
        }
        true
    }

    /// Reads the arguments of an invocation after its `(`: raw tokens split at top-level
    /// commas, and the closing `)`. Reports and returns `None` at the end of the input.
    fn collect_args(&mut self, name: &PTok, pull: bool) -> Option<(Vec<Vec<PTok>>, PTok)> {
        let mut args = vec![Vec::new()];
        let mut depth = 0usize;
        loop {
            let Some(t) = self.raw_next(pull) else {
                self.error(format!("unterminated invocation of macro `{}`: missing `)`", name.text), name.span);
                return None;
            };
            if t.is_punct("(") {
                depth += 1;
            } else if t.is_punct(")") {
                if depth == 0 {
                    return Some((args, t));
                }
                depth -= 1;
            } else if t.is_punct(",") && depth == 0 {
                args.push(Vec::new());
                continue;
            }
            if let Some(last) = args.last_mut() {
                last.push(t);
            }
        }
    }

    /// The replacement list of `m` with parameters replaced and `##` applied (C11 §6.10.3.1,
    /// §6.10.3.3). Body tokens get the invocation's span; every token gets `hide`.
    fn substitute(&mut self, m: &Macro, args: &[Vec<PTok>], expanded: &[Vec<PTok>], site: Span, hide: &Rc<Vec<u32>>) -> Vec<PTok> {
        let params = m.params.as_deref().unwrap_or(&[]);
        let param = |t: &PTok| (t.kind == Kind::Ident).then(|| params.iter().position(|p| *p == t.text)).flatten();
        let placemarker = || PTok { kind: Kind::Placemarker, text: Name::default(), span: site, ws_before: false, hide: Rc::default(), malformed: None };
        let body = &m.body;
        let mut out: Vec<PTok> = Vec::new();
        let mut i = 0;
        while i < body.len() {
            let t = &body[i];
            if t.is_punct("##") && i + 1 < body.len() && !out.is_empty() {
                let rhs: Vec<PTok> = match param(&body[i + 1]) {
                    Some(p) if args[p].is_empty() => vec![placemarker()],
                    Some(p) => args[p].clone(),
                    None => vec![PTok { span: site, ..body[i + 1].clone() }],
                };
                let lhs = out.pop().unwrap_or_else(placemarker);
                let mut rhs = rhs.into_iter();
                let first = rhs.next().unwrap_or_else(placemarker);
                out.extend(self.paste(lhs, first, site));
                out.extend(rhs);
                i += 2;
                continue;
            }
            match param(t) {
                Some(p) => {
                    let next_is_paste = body.get(i + 1).is_some_and(|n| n.is_punct("##"));
                    let source = if next_is_paste { &args[p] } else { &expanded[p] };
                    if source.is_empty() && next_is_paste {
                        out.push(placemarker());
                    }
                    let mut first = true;
                    for a in source {
                        // The argument's first token takes the parameter's spacing.
                        let ws_before = if first { t.ws_before } else { a.ws_before };
                        first = false;
                        out.push(PTok { ws_before, ..a.clone() });
                    }
                }
                None => out.push(PTok { span: site, ..t.clone() }),
            }
            i += 1;
        }
        out.retain(|t| t.kind != Kind::Placemarker);
        for t in &mut out {
            t.hide = union(&t.hide, hide);
        }
        out
    }

    /// `lhs ## rhs` (C11 §6.10.3.3p3): the result must be one valid token.
    fn paste(&mut self, lhs: PTok, rhs: PTok, site: Span) -> Vec<PTok> {
        if lhs.kind == Kind::Placemarker {
            return vec![rhs];
        }
        if rhs.kind == Kind::Placemarker {
            return vec![lhs];
        }
        let text = format!("{}{}", lhs.text, rhs.text);
        match lex::lex_one(&text, &mut self.spellings) {
            Some((kind, text)) => vec![PTok { kind, text, span: site, ws_before: lhs.ws_before, hide: intersect(&lhs.hide, &rhs.hide), malformed: None }],
            None => {
                self.error(format!("pasting `{}` and `{}` does not give a valid token", lhs.text, rhs.text), site);
                vec![lhs, rhs]
            }
        }
    }
}

/// The presumed line of `span` under the `#line` directives recorded so far.
fn presumed_line(directives: &[LineDirective], sources: &SourceMap, span: Span) -> u32 {
    if span.file.0 as usize >= sources.files().len() {
        return 0;
    }
    let physical = sources.get(span.file).line_col(span.start).0;
    match Renumbering::at(directives.iter().map(|d| &d.at), span) {
        Some(at) => at.line_of(physical),
        None => physical,
    }
}

/// The note of a diagnostic at `span` after a `#line` of its file: the line (and file) it gave.
fn renumbered_note(directives: &[LineDirective], sources: &SourceMap, span: Span) -> Option<String> {
    let at = Renumbering::at(directives.iter().map(|d| &d.at), span)?;
    let line = presumed_line(directives, sources, span);
    Some(match &at.name {
        Some(name) => format!("this is line {line} of `{name}` as renumbered by `#line`"),
        None => format!("this is line {line} as renumbered by `#line`"),
    })
}

/// `a/./b/../c` as `a/c`, so that one file reached by two paths is one file (for `#pragma
/// once`, cycle reports, and the source map).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir if matches!(out.components().next_back(), Some(Component::Normal(_))) => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}

/// `set ∪ {id}` (sorted).
fn with(set: &Rc<Vec<u32>>, id: u32) -> Rc<Vec<u32>> {
    match set.binary_search(&id) {
        Ok(_) => set.clone(),
        Err(i) => {
            let mut v = (**set).clone();
            v.insert(i, id);
            Rc::new(v)
        }
    }
}

fn union(a: &Rc<Vec<u32>>, b: &Rc<Vec<u32>>) -> Rc<Vec<u32>> {
    // Nested expansions mostly add names a token already has: share instead of allocating.
    if b.iter().all(|x| a.binary_search(x).is_ok()) {
        return a.clone();
    }
    if a.iter().all(|x| b.binary_search(x).is_ok()) {
        return b.clone();
    }
    let mut v: Vec<u32> = a.iter().chain(b.iter()).copied().collect();
    v.sort_unstable();
    v.dedup();
    Rc::new(v)
}

fn intersect(a: &Rc<Vec<u32>>, b: &Rc<Vec<u32>>) -> Rc<Vec<u32>> {
    Rc::new(a.iter().filter(|x| b.binary_search(x).is_ok()).copied().collect())
}
