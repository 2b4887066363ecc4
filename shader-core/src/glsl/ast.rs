//! The GLSL syntax tree the parser builds and the lowering pass reads. It mirrors the source
//! (GLSL 4.60 §9 grammar, plus GLSL ES and the Vulkan/GL_EXT additions real shaders use): no
//! name resolution, no types, no constant folding. Every node carries the [`Span`] of the
//! tokens it was parsed from.
//!
//! Shape:
//! - a [`TranslationUnit`] is a list of [`ExternalDeclaration`]s: function definitions and
//!   [`Declaration`]s (variables, prototypes, interface blocks, struct definitions, precision
//!   statements, qualifier-only declarations such as `layout(local_size_x = 64) in;`);
//! - a declared type is a [`FullySpecifiedType`]: [`TypeQualifiers`] in source order (GLSL 4.20+
//!   allows any order and repeated `layout(...)`) plus a [`TypeSpecifier`];
//! - array dimensions are kept where they were written: on the type (`float[2] a`) in
//!   [`TypeSpecifier::array`] and on the name (`float a[2]`) in [`Declarator::array`]. The
//!   GLSL type of `float[2] a[3]` is "array of 3 arrays of 2 floats" (§4.1.9): name
//!   dimensions are outermost;
//! - expressions are plain trees ([`Expr`]); constructors are calls whose callee is a type
//!   ([`Callee::Type`]), `.length()` is a [`ExprKind::MethodCall`], swizzles are
//!   [`ExprKind::Field`].

use crate::ir::{Scalar, VectorSize};
use crate::span::Span;

#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: crate::name::Name,
    pub span: Span,
}

#[derive(Clone, Debug, Default)]
pub struct TranslationUnit {
    /// The `#version` number the parser was told (100, 300, 310, 450, ...).
    pub version: u32,
    /// `#version ... es`.
    pub es: bool,
    pub decls: Vec<ExternalDeclaration>,
    /// For each declaration, the index of the token after it (where an `#extension` written
    /// between declarations takes effect).
    pub decl_ends: Vec<usize>,
    /// Qualifier words that exist only with an extension (`workgroupcoherent`, ...), where the
    /// parser met them: checked against the `#extension` directives before them.
    pub extension_words: Vec<ExtensionWord>,
}

/// A use of a word that needs `extension` (a keyword only glslang's parser gates), at token
/// index `token` of the preprocessed stream.
#[derive(Clone, Debug)]
pub struct ExtensionWord {
    pub word: &'static str,
    pub extension: &'static str,
    pub token: usize,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExternalDeclaration {
    Function(FunctionDefinition),
    Declaration(Declaration),
}

// ---------------------------------------------------------------------------------------------
// Functions

/// `ret name(params) { body }`
#[derive(Clone, Debug)]
pub struct FunctionDefinition {
    pub prototype: FunctionPrototype,
    pub body: Block,
    pub span: Span,
    /// `[[...]]` before the definition or between its header and body (GL_EXT_subgroup_uniform_control_flow).
    pub attributes: Vec<Attribute>,
}

/// `ret name(params)`; `f(void)` has no parameters.
#[derive(Clone, Debug)]
pub struct FunctionPrototype {
    /// The return type with its qualifiers (GLSL allows `highp float f()`, `const` is an error
    /// the lowering reports).
    pub return_type: FullySpecifiedType,
    pub name: Ident,
    pub params: Vec<Parameter>,
    pub span: Span,
    /// `[[...]]` before a prototype declaration or between its header and `;` (checked as a
    /// function's; a definition keeps its own in [`FunctionDefinition::attributes`]).
    pub attributes: Vec<Attribute>,
}

/// `[const] [in|out|inout] [precision] [memory qualifiers] type [name [array]]`
/// (GLSL 4.60 §6.1.1). The direction is in `qualifiers` as a [`StorageQualifier`]; none
/// means `in`.
#[derive(Clone, Debug)]
pub struct Parameter {
    pub qualifiers: TypeQualifiers,
    pub ty: TypeSpecifier,
    pub name: Option<Ident>,
    /// Array dimensions written after the name.
    pub array: Vec<ArraySpecifier>,
    pub span: Span,
}

// ---------------------------------------------------------------------------------------------
// Declarations

#[derive(Clone, Debug)]
pub struct Declaration {
    pub kind: DeclarationKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum DeclarationKind {
    /// `qualifiers type a = 1, b[2];`, also `struct S { ... } s;` and `struct S { ... };`
    /// (no declarators).
    Variables(VariableDeclaration),
    /// `ret name(params);`
    Prototype(FunctionPrototype),
    /// `precision highp float;` (GLSL 4.60 §4.7.4).
    Precision { precision: Precision, ty: TypeSpecifier },
    /// `uniform Name { members } instance[N];`, also `out gl_PerVertex { ... };`.
    Block(InterfaceBlock),
    /// Qualifiers alone: `layout(local_size_x = 64) in;`, `layout(std140) uniform;`,
    /// `layout(early_fragment_tests) in;` (GLSL 4.60 §4.4 "default layout qualifiers").
    Qualifiers(TypeQualifiers),
    /// Qualifiers applied to already declared names: `invariant gl_Position;`,
    /// `precise x, y;`, `coherent buf;` (GLSL 4.60 §4.8.1, §4.7.1).
    Redeclaration { qualifiers: TypeQualifiers, names: Vec<Ident> },
}

#[derive(Clone, Debug)]
pub struct VariableDeclaration {
    pub ty: FullySpecifiedType,
    pub declarators: Vec<Declarator>,
}

/// `name[dims] = init` in a declaration.
#[derive(Clone, Debug)]
pub struct Declarator {
    pub name: Ident,
    pub array: Vec<ArraySpecifier>,
    pub init: Option<Initializer>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Initializer {
    Expr(Expr),
    /// `{ a, b, { c, d } }` (GL_ARB_shading_language_420pack, GLSL 4.20 §4.1.11); a trailing
    /// comma is allowed and not recorded.
    List(Vec<Initializer>, Span),
}

impl Initializer {
    pub fn span(&self) -> Span {
        match self {
            Initializer::Expr(e) => e.span,
            Initializer::List(_, span) => *span,
        }
    }
}

/// `qualifiers BlockName { members } instance[dims];` (GLSL 4.60 §4.3.9).
#[derive(Clone, Debug)]
pub struct InterfaceBlock {
    /// Holds the storage qualifier (`uniform`, `buffer`, `in`, `out`, `shared` is not allowed)
    /// and the block's layout.
    pub qualifiers: TypeQualifiers,
    pub name: Ident,
    pub members: Vec<StructMember>,
    /// Without an instance name the members are visible at global scope.
    pub instance: Option<Ident>,
    pub array: Vec<ArraySpecifier>,
    pub span: Span,
}

// ---------------------------------------------------------------------------------------------
// Types

/// Qualifiers and type of a declaration.
#[derive(Clone, Debug)]
pub struct FullySpecifiedType {
    pub qualifiers: TypeQualifiers,
    pub ty: TypeSpecifier,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct TypeSpecifier {
    pub kind: TypeKind,
    /// Dimensions written on the type: `float[2][3] a;`, `float[](...)`.
    pub array: Vec<ArraySpecifier>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum TypeKind {
    Builtin(BuiltinType),
    /// A struct defined inline: `struct S { ... } s;` or anonymous `struct { ... } s;`.
    Struct(StructDefinition),
    /// A name: a struct declared earlier (or a `buffer_reference` block name); an unknown name
    /// only appears where nothing but a type can stand (`Foo x;`), for the lowering to report.
    Named(Ident),
}

/// `[dim]` or `[]` (unsized / runtime-sized / sized by the initializer).
#[derive(Clone, Debug)]
pub struct ArraySpecifier {
    pub size: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct StructDefinition {
    pub name: Option<Ident>,
    pub members: Vec<StructMember>,
    pub span: Span,
}

/// One member line of a struct or block: `layout(offset = 4) highp vec3 a, b[2];`.
#[derive(Clone, Debug)]
pub struct StructMember {
    pub qualifiers: TypeQualifiers,
    pub ty: TypeSpecifier,
    pub declarators: Vec<MemberDeclarator>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct MemberDeclarator {
    pub name: Ident,
    pub array: Vec<ArraySpecifier>,
    pub span: Span,
}

/// A type keyword (GLSL 4.60 §4.1 and the explicit-arithmetic-types extensions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinType {
    Void,
    /// `bool`, `int`, `uint`, `float`, `double`, `int8_t` ... `uint64_t`, `float16_t` ...
    Scalar(Scalar),
    /// `vec3`, `ivec2`, `uvec4`, `bvec2`, `dvec3`, `f16vec4`, `i8vec2`, `u64vec3`, ...
    Vector(Scalar, VectorSize),
    /// `matC` / `matCxR`, `dmat*`, `f16mat*`, ...: `columns` columns of `rows` components.
    Matrix { scalar: Scalar, columns: VectorSize, rows: VectorSize },
    /// A combined image sampler: `sampler2D`, `isampler2DArray`, `sampler2DShadow`, ...
    Sampler(ImageType),
    /// A sampled image without sampler (Vulkan GLSL): `texture2D`, `utexture3D`, ...
    Texture(ImageType),
    /// A storage image: `image2D`, `uimageBuffer`, ... (format and access come from qualifiers).
    Image(ImageType),
    /// `subpassInput`, `isubpassInputMS`, `f16subpassInput`, ... (GL_KHR_vulkan_glsl).
    SubpassInput { scalar: Scalar, multisampled: bool },
    /// `sampler` and `samplerShadow` (Vulkan GLSL).
    SamplerState { shadow: bool },
    /// `atomic_uint` (GLSL 4.60 §4.1.7.3).
    AtomicUint,
    /// `accelerationStructureEXT` (GL_EXT_ray_tracing / GL_EXT_ray_query).
    AccelerationStructure,
    /// `rayQueryEXT` (GL_EXT_ray_query).
    RayQuery,
}

/// The shape of a sampler, texture or image type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImageType {
    /// The sampled type: `F32`, `I32` (`i` prefix), `U32` (`u` prefix), and with
    /// GL_EXT_shader_image_int64 / GL_AMD_gpu_shader_half_float_fetch `I64` (`i64`), `U64`
    /// (`u64`), `F16` (`f16`).
    pub scalar: Scalar,
    pub dim: ImageDim,
    pub arrayed: bool,
    pub multisampled: bool,
    /// `...Shadow` (samplers only).
    pub shadow: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImageDim {
    D1,
    D2,
    D3,
    Cube,
    /// `2DRect`.
    Rect,
    Buffer,
}

// ---------------------------------------------------------------------------------------------
// Qualifiers

/// Qualifiers in source order. An empty list has an empty span.
#[derive(Clone, Debug, Default)]
pub struct TypeQualifiers {
    pub qualifiers: Vec<Qualifier>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Qualifier {
    pub kind: QualifierKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum QualifierKind {
    Storage(StorageQualifier),
    /// One `layout(...)`; several may appear.
    Layout(Vec<LayoutQualifier>),
    Interpolation(Interpolation),
    /// `centroid`, `sample`, `patch`.
    Auxiliary(Auxiliary),
    Precision(Precision),
    Invariant,
    Precise,
    Memory(MemoryQualifier),
    /// `nonuniformEXT` (GL_EXT_nonuniform_qualifier).
    NonUniform,
    /// `pervertexEXT` / `pervertexNV` (GL_EXT_fragment_shader_barycentric): a fragment input
    /// read per vertex of the primitive, always an array.
    PerVertex,
    /// `perprimitiveEXT` / `perprimitiveNV` (mesh shading).
    PerPrimitive,
    /// GL_EXT_spirv_intrinsics `spirv_instruction(...)`, `spirv_decorate(...)`,
    /// `spirv_decorate_string(...)`, `spirv_execution_mode(...)`.
    Spirv(SpirvQualifier),
    /// GL_EXT_spirv_intrinsics `spirv_by_reference`: the parameter is passed as a pointer.
    SpirvByReference,
    /// GL_EXT_spirv_intrinsics `spirv_literal`: the argument is written as a literal word.
    SpirvLiteral,
}

/// `word(key = value, key = [v, ...], positional, ...)` of GL_EXT_spirv_intrinsics.
#[derive(Clone, Debug)]
pub struct SpirvQualifier {
    pub word: String,
    pub args: Vec<SpirvArg>,
}

/// One argument of a [`SpirvQualifier`]: `values` holds one expression, or the items of a
/// `[...]` list.
#[derive(Clone, Debug)]
pub struct SpirvArg {
    pub key: Option<Ident>,
    pub values: Vec<Expr>,
    pub span: Span,
}

/// GLSL 4.60 §4.3 storage qualifiers, plus the parameter directions of §6.1.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StorageQualifier {
    Const,
    In,
    Out,
    InOut,
    Attribute,
    Varying,
    Uniform,
    Buffer,
    Shared,
}

impl QualifierKind {
    /// The keyword of a qualifier that only a global input or output (or an interface block
    /// member) takes: interpolation (GLSL 4.60 §4.5), `centroid`/`sample`/`patch` (§4.3.4,
    /// §4.3.6), `invariant` (§4.8.1) and the per-vertex/per-primitive qualifiers of the
    /// extensions; `None` for every other qualifier.
    pub fn interface_only_keyword(&self) -> Option<&'static str> {
        Some(match self {
            QualifierKind::Interpolation(Interpolation::Smooth) => "smooth",
            QualifierKind::Interpolation(Interpolation::Flat) => "flat",
            QualifierKind::Interpolation(Interpolation::NoPerspective) => "noperspective",
            QualifierKind::Auxiliary(Auxiliary::Centroid) => "centroid",
            QualifierKind::Auxiliary(Auxiliary::Sample) => "sample",
            QualifierKind::Auxiliary(Auxiliary::Patch) => "patch",
            QualifierKind::Invariant => "invariant",
            QualifierKind::PerVertex => "pervertexEXT",
            QualifierKind::PerPrimitive => "perprimitiveEXT",
            _ => return None,
        })
    }
}

impl StorageQualifier {
    /// The keyword as written.
    pub fn keyword(self) -> &'static str {
        match self {
            StorageQualifier::Const => "const",
            StorageQualifier::In => "in",
            StorageQualifier::Out => "out",
            StorageQualifier::InOut => "inout",
            StorageQualifier::Attribute => "attribute",
            StorageQualifier::Varying => "varying",
            StorageQualifier::Uniform => "uniform",
            StorageQualifier::Buffer => "buffer",
            StorageQualifier::Shared => "shared",
        }
    }
}

/// `name` or `name = expr` inside `layout(...)`. The name is kept as written; GLSL layout
/// qualifier names are matched case-insensitively by glslang (use [`LayoutQualifier::is`]).
/// `shared` (a keyword elsewhere) is accepted as a name here (GLSL 4.60 §4.4).
#[derive(Clone, Debug)]
pub struct LayoutQualifier {
    pub name: Ident,
    pub value: Option<Expr>,
    pub span: Span,
}

impl LayoutQualifier {
    /// Whether this is the layout qualifier `name` (lowercase).
    pub fn is(&self, name: &str) -> bool {
        self.name.name.eq_ignore_ascii_case(name)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Interpolation {
    Smooth,
    Flat,
    NoPerspective,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Auxiliary {
    Centroid,
    Sample,
    Patch,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Precision {
    Low,
    Medium,
    High,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemoryQualifier {
    Coherent,
    /// GL_KHR_memory_scope_semantics' scoped coherence: `devicecoherent`, `queuefamilycoherent`,
    /// `workgroupcoherent`, `subgroupcoherent`.
    ScopedCoherent(crate::ir::Coherence),
    Volatile,
    Restrict,
    ReadOnly,
    WriteOnly,
    /// `nonprivate` (GL_KHR_memory_scope_semantics).
    NonPrivate,
    /// `shadercallcoherent` (GL_EXT_ray_tracing, which is not supported: always reported).
    ShaderCallCoherent,
}

impl TypeQualifiers {
    pub fn is_empty(&self) -> bool {
        self.qualifiers.is_empty()
    }

    /// The storage qualifiers, in order (`const in` gives two).
    pub fn storage(&self) -> impl Iterator<Item = (StorageQualifier, Span)> + '_ {
        self.qualifiers.iter().filter_map(|q| match q.kind {
            QualifierKind::Storage(s) => Some((s, q.span)),
            _ => None,
        })
    }

    /// The storage the qualifiers amount to (GLSL 4.60 §4.7, as glslang merges them): `in`
    /// with `out` in either order is `inout`, `const` with another storage qualifier (`const
    /// in`) is that one, otherwise the last one given.
    pub fn storage_kind(&self) -> Option<StorageQualifier> {
        use StorageQualifier as S;
        let merged = self.storage().map(|(s, _)| s).filter(|s| *s != S::Const).fold(None, |acc, s| match (acc, s) {
            (Some(S::In), S::Out) | (Some(S::Out), S::In) => Some(S::InOut),
            _ => Some(s),
        });
        merged.or_else(|| self.storage().map(|(s, _)| s).last())
    }

    /// Every layout qualifier of every `layout(...)`, in order.
    pub fn layouts(&self) -> impl Iterator<Item = &LayoutQualifier> + '_ {
        self.qualifiers.iter().flat_map(|q| match &q.kind {
            QualifierKind::Layout(list) => list.as_slice(),
            _ => &[],
        })
    }

    /// The last layout qualifier called `name` (later ones override earlier ones, GLSL 4.60
    /// §4.4 "when the same layout-qualifier-name occurs multiple times ... the last one wins").
    pub fn layout(&self, name: &str) -> Option<&LayoutQualifier> {
        self.layouts().filter(|l| l.is(name)).last()
    }

    pub fn precision(&self) -> Option<Precision> {
        self.qualifiers.iter().rev().find_map(|q| match q.kind {
            QualifierKind::Precision(p) => Some(p),
            _ => None,
        })
    }

    pub fn interpolation(&self) -> Option<Interpolation> {
        self.qualifiers.iter().rev().find_map(|q| match q.kind {
            QualifierKind::Interpolation(i) => Some(i),
            _ => None,
        })
    }

    pub fn has_auxiliary(&self, aux: Auxiliary) -> bool {
        self.qualifiers.iter().any(|q| matches!(q.kind, QualifierKind::Auxiliary(a) if a == aux))
    }

    pub fn has_memory(&self, memory: MemoryQualifier) -> bool {
        self.qualifiers.iter().any(|q| matches!(q.kind, QualifierKind::Memory(m) if m == memory))
    }

    /// The coherence written (`coherent` or a scoped form; the greatest if several are).
    pub fn coherence(&self) -> crate::ir::Coherence {
        self.qualifiers
            .iter()
            .filter_map(|q| match q.kind {
                QualifierKind::Memory(MemoryQualifier::Coherent) => Some(crate::ir::Coherence::Coherent),
                QualifierKind::Memory(MemoryQualifier::ScopedCoherent(c)) => Some(c),
                _ => None,
            })
            .max()
            .unwrap_or_default()
    }

    pub fn is_invariant(&self) -> bool {
        self.qualifiers.iter().any(|q| matches!(q.kind, QualifierKind::Invariant))
    }

    pub fn is_precise(&self) -> bool {
        self.qualifiers.iter().any(|q| matches!(q.kind, QualifierKind::Precise))
    }

    pub fn is_nonuniform(&self) -> bool {
        self.qualifiers.iter().any(|q| matches!(q.kind, QualifierKind::NonUniform))
    }
}

// ---------------------------------------------------------------------------------------------
// Statements

/// `{ statements }`
#[derive(Clone, Debug, Default)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    /// `[[unroll]]`, `[[dont_unroll]]`, `[[flatten]]`, ... (GL_EXT_control_flow_attributes)
    /// written before the statement. Recorded for diagnostics; they do not change meaning.
    pub attributes: Vec<Attribute>,
    pub span: Span,
}

/// One attribute of a `[[a, b(2)]]` list.
#[derive(Clone, Debug)]
pub struct Attribute {
    pub name: Ident,
    pub args: Vec<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Block(Block),
    Declaration(Box<Declaration>),
    Expr(Expr),
    /// A lone `;`.
    Empty,
    If { condition: Expr, accept: Box<Stmt>, reject: Option<Box<Stmt>> },
    /// The body is flat, as written: [`StmtKind::Case`] and [`StmtKind::Default`] labels
    /// interleaved with statements, so fall-through and statements before the first label
    /// (an error the lowering reports) stay visible.
    Switch { selector: Expr, body: Block },
    /// `case expr:` inside a switch body.
    Case(Expr),
    /// `default:` inside a switch body.
    Default,
    While { condition: Condition, body: Box<Stmt> },
    DoWhile { body: Box<Stmt>, condition: Expr },
    /// `for (init; condition; step) body`. `init` is an expression statement, a declaration or
    /// [`StmtKind::Empty`]; its scope is the loop (GLSL 4.60 §6.3).
    For { init: Box<Stmt>, condition: Option<Condition>, step: Option<Expr>, body: Box<Stmt> },
    Break,
    Continue,
    Return(Option<Expr>),
    /// `discard;` (fragment shaders).
    Discard,
    /// `demote;` (GL_EXT_demote_to_helper_invocation).
    Demote,
}

/// The condition of `while` and `for`: an expression or a declaration with initializer
/// (`while (bool b = f())`, GLSL 4.60 §6.3 "condition").
#[derive(Clone, Debug)]
pub enum Condition {
    Expr(Expr),
    Declaration(Box<ConditionDeclaration>),
}

/// `type name = init` as a loop condition.
#[derive(Clone, Debug)]
pub struct ConditionDeclaration {
    pub ty: FullySpecifiedType,
    pub name: Ident,
    pub init: Expr,
    pub span: Span,
}

// ---------------------------------------------------------------------------------------------
// Expressions

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// Left-deep operator chains have no length limit (the parser builds them in a loop), and the
/// derived drop glue would recurse once per link: take the left spine apart in a loop.
impl Drop for Expr {
    fn drop(&mut self) {
        let mut next = take_left(&mut self.kind);
        while let Some(mut e) = next {
            next = take_left(&mut e.kind);
        }
    }
}

/// The left operand of a chain link, leaving a leaf behind.
fn take_left(kind: &mut ExprKind) -> Option<Expr> {
    let ExprKind::Binary { left, .. } = kind else { return None };
    let kind = std::mem::replace(&mut left.kind, ExprKind::Sequence(Vec::new()));
    Some(Expr { kind, span: left.span })
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    /// A variable (or, before lowering, anything named: `gl_Position`, a constant).
    Ident(Ident),
    Literal(Literal),
    /// A string literal, escapes decoded (GL_EXT_debug_printf, GL_EXT_spirv_intrinsics).
    StringLit(String),
    /// `-a`, `+a`, `!a`, `~a`, `++a`, `--a`, `a++`, `a--`.
    Unary { op: UnaryOp, operand: Box<Expr> },
    Binary { op: BinaryOp, left: Box<Expr>, right: Box<Expr> },
    /// `a = b` (`op` is None) or `a op= b`.
    Assign { op: Option<BinaryOp>, target: Box<Expr>, value: Box<Expr> },
    /// `c ? a : b`
    Ternary { condition: Box<Expr>, accept: Box<Expr>, reject: Box<Expr> },
    /// `a, b, c`: evaluated left to right, the value is the last one.
    Sequence(Vec<Expr>),
    /// `base[index]`
    Index { base: Box<Expr>, index: Box<Expr> },
    /// `base.name`: a struct member or a swizzle (`v.xyz`, `v.rgba`, `v.stpq`).
    Field { base: Box<Expr>, field: Ident },
    /// A function call or a constructor.
    Call { callee: Callee, args: Vec<Expr> },
    /// `base.name(args)`; GLSL only has `.length()`.
    MethodCall { base: Box<Expr>, method: Ident, args: Vec<Expr> },
}

#[derive(Clone, Debug)]
pub enum Callee {
    /// A function (built-in or user-defined) by name.
    Function(Ident),
    /// A constructor: `vec3(...)`, `float[3](...)`, `float[](...)`, `S(...)` for a declared struct.
    Type(Box<TypeSpecifier>),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Literal {
    Bool(bool),
    /// An integer literal: decimal, octal (`017`) or hex (`0x1F`). `value` is the bit pattern
    /// as written; whether it fits its type is for the lowering (GLSL 4.60 §4.1.3: `0xFFFFFFFF`
    /// is a valid `int`).
    Int { value: u64, suffix: IntSuffix },
    Float { value: f64, suffix: FloatSuffix },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntSuffix {
    /// No suffix: `int`.
    None,
    /// `u`/`U`: `uint`.
    U,
    /// `l`/`L`: `int64_t` (GL_EXT_shader_explicit_arithmetic_types).
    L,
    /// `ul`/`UL`: `uint64_t`.
    UL,
    /// `s`/`S`: `int16_t`.
    S,
    /// `us`/`US`: `uint16_t`.
    US,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatSuffix {
    /// No suffix or `f`/`F`: `float`.
    None,
    /// `lf`/`LF`: `double`.
    LF,
    /// `hf`/`HF`: `float16_t`.
    HF,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `-a`
    Neg,
    /// `+a`
    Plus,
    /// `!a`
    Not,
    /// `~a`
    BitNot,
    PreIncrement,
    PreDecrement,
    PostIncrement,
    PostDecrement,
}

/// Binary operators (GLSL 4.60 §5.1), also the operation of compound assignments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Mul,
    Div,
    Mod,
    Add,
    Sub,
    Shl,
    Shr,
    Less,
    Greater,
    LessEqual,
    GreaterEqual,
    Equal,
    NotEqual,
    BitAnd,
    BitXor,
    BitOr,
    LogicalAnd,
    /// `^^`
    LogicalXor,
    LogicalOr,
}
