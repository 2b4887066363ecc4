//! AGSL, Android's shading language (`shared/specs/agsl-quick-reference.txt`), as a dialect of
//! the GLSL front end: the GLSL lexer, parser and lowering run with AGSL's hooks ([`DIALECT`])
//! that change the type names ([`builtin_type`]), add `uniform shader` children, `.eval()`, the
//! `LTRB` and `0`/`1` swizzles and the `half4 main(float2)` entry point ([`lowering`]); the
//! restrictions AGSL inherits from GLSL ES 1.0 Appendix A are checked on the syntax tree
//! ([`checks`]) before lowering; the built-ins GLSL lacks are AGSL source ([`PRELUDE`]).
//!
//! Types: `half*` are `float*`, `short*` are `int*` and `halfCxR` are `floatCxR` in the IR.
//! AGSL defines `half` and `short` as `mediump` float and int (reference, "Basic types"): a
//! precision hint whose only guarantee is a minimum range, which 32-bit values meet. SPIR-V's
//! `RelaxedPrecision` would be the faithful encoding, but it changes nothing on desktop GPUs
//! and the IR has no precision, so `half` is lowered exactly like `float` (as GLSL `mediump`
//! is). Likewise precision qualifiers are parsed and ignored. GLSL 4.60 implicit conversions
//! apply (AGSL only converts integer literals), so a few programs AGSL rejects are accepted.
//!
//! # ABI (what the SPIR-V module looks like to a host)
//!
//! - One fragment entry point `main`. It calls the AGSL `main(fragCoord)` (renamed
//!   [`WRAPPED_MAIN_NAME`]) with `fragCoord = gl_FragCoord.xy`: pixel centres, origin at the
//!   top-left, like Android's local coordinates of the drawn area (Vulkan's `FragCoord` has
//!   the upper-left origin, so no flip).
//! - It writes the returned colour, as a `vec4`, to the output at location 0
//!   ([`OUTPUT_NAME`]). AGSL's `main` returns a premultiplied colour (Skia's runtime-effect
//!   contract: shader colours are premultiplied, which is also why [`PRELUDE`]'s `unpremul`
//!   exists); it is written as is, so the host blends premultiplied (`One`,
//!   `OneMinusSrcAlpha`) or copies.
//! - Every uniform that is not a `shader` is a member of ONE std140 uniform block, type name
//!   [`UNIFORM_BLOCK_NAME`], at set 0, binding [`UNIFORM_BINDING`], members in declaration
//!   order under their AGSL names. std140 means e.g. `float a[4]` has a 16-byte stride and a
//!   `float3x3` three 16-byte columns; reflection gives every offset. `bool` uniforms are
//!   stored as 32-bit integers (0 or 1), as in GLSL blocks. Binding 0 is reserved even
//!   without uniforms, so child bindings do not depend on whether uniforms exist.
//! - The `i`-th `uniform shader name;` (0-based, declaration order) is a 2D float texture
//!   `name` at binding `1 + 2i` and a sampler `name_sampler` at `2 + 2i`, both in set 0
//!   ([`shader_bindings`]). `name.eval(p)` is `textureLod(sampler2D(name, name_sampler),
//!   p / vec2(textureSize(name, 0)), 0)`: pixel coordinates, explicit level 0 (legal in
//!   non-uniform control flow); the sampler's filtering and addressing are the host's
//!   choice. The texture holds premultiplied colour, as an evaluated Android shader returns.
//! - `layout(color) uniform half4 c;` (also `half3`/`float3`/`float4`): Android converts
//!   such a colour to the working colour space. On the desktop the working space is taken to
//!   be sRGB-encoded, the space colour values are given in, so no conversion is made; the
//!   flag is reported in [`Interface`] so a host can convert if its working space differs.
//!   For the same reason `toLinearSrgb`/`fromLinearSrgb` are the sRGB transfer functions.
//! - [`Interface`] (in `Compiled::agsl` and the `agsl` section of reflection) lists all of
//!   this by name, so a runtime can be generated from it.

mod checks;
pub(crate) mod lowering;

use super::ast::{self, BuiltinType};
use super::{lower, parser, preprocess, Dialect};
use crate::diag::{Diagnostic, Diagnostics};
use crate::ir::validate::Validated;
use crate::ir::{Module, Scalar, Stage, VectorSize};
use crate::span::{FileId, SourceMap, Span};
use crate::CompileOptions;

/// The set-0 binding of the uniform block.
pub const UNIFORM_BINDING: u32 = 0;
/// The type name of the uniform block.
pub const UNIFORM_BLOCK_NAME: &str = "AgslUniforms";
/// The name of the location-0 colour output (Skia's name for it).
pub const OUTPUT_NAME: &str = "sk_FragColor";
/// The name the AGSL `main(fragCoord)` gets in the module (the entry point is `main`).
pub const WRAPPED_MAIN_NAME: &str = "agsl_main";

/// The (texture, sampler) bindings in set 0 of the `index`-th `uniform shader`.
pub fn shader_bindings(index: u32) -> (u32, u32) {
    (1 + 2 * index, 2 + 2 * index)
}

// The interface types belong to reflection (what a host learns about a module); AGSL fills them.
pub use crate::reflect::{AgslChildShader as ChildShader, AgslInterface as Interface, AgslUniform as Uniform, AgslUniformBlock as UniformBlock};

/// AGSL built-ins that GLSL does not have, written in AGSL (after Skia's `sksl_public.sksl`;
/// `half` is `float` here, so one overload serves both). Only the functions a shader names are
/// compiled in.
pub const PRELUDE: &str = r#"
float saturate(float x) { return clamp(x, 0.0, 1.0); }
float2 saturate(float2 x) { return clamp(x, 0.0, 1.0); }
float3 saturate(float3 x) { return clamp(x, 0.0, 1.0); }
float4 saturate(float4 x) { return clamp(x, 0.0, 1.0); }
half4 unpremul(half4 color) { return half4(color.rgb / max(color.a, 0.0001), color.a); }
half3 toLinearSrgb(half3 color) {
    half3 a = abs(color);
    half3 lin = mix(a / 12.92, pow((a + 0.055) / 1.055, half3(2.4)), step(half3(0.04045), a));
    return sign(color) * lin;
}
half3 fromLinearSrgb(half3 color) {
    half3 a = abs(color);
    half3 enc = mix(a * 12.92, 1.055 * pow(a, half3(1.0 / 2.4)) - 0.055, step(half3(0.0031308), a));
    return sign(color) * enc;
}
"#;

/// The names [`PRELUDE`] defines.
const PRELUDE_FUNCTIONS: &[&str] = &["saturate", "unpremul", "toLinearSrgb", "fromLinearSrgb"];

/// Every built-in function of the AGSL reference ("Built-in functions"); GLSL's others
/// (`texture`, derivatives, bit operations, ...) are not AGSL and are reported unknown.
pub const BUILTIN_FUNCTIONS: &[&str] = &[
    "radians", "degrees", "sin", "cos", "tan", "asin", "acos", "atan", "pow", "exp", "log", "exp2", "log2", "sqrt",
    "inversesqrt", "abs", "sign", "floor", "ceil", "fract", "mod", "min", "max", "clamp", "saturate", "mix", "step",
    "smoothstep", "length", "distance", "dot", "cross", "normalize", "faceforward", "reflect", "refract",
    "matrixCompMult", "inverse", "lessThan", "lessThanEqual", "greaterThan", "greaterThanEqual", "equal", "notEqual",
    "any", "all", "not", "unpremul", "toLinearSrgb", "fromLinearSrgb",
];

/// How AGSL drives the GLSL front end ([`Dialect`]): its own type table, whatever the version.
pub const DIALECT: Dialect = Dialect { builtin_type: |word, _version, _es| builtin_type(word), lowering: Some(&lowering::Agsl) };

/// The AGSL type a word names: GLSL ES 1.0's names, the `float2`/`half3`/`int4`/`short2`/
/// `bool3` vector names, `floatCxR`/`halfCxR` matrices and the `half`/`short` scalars. No
/// `uint`, samplers or images (AGSL has none).
pub fn builtin_type(word: &str) -> Option<BuiltinType> {
    fn size(c: u8) -> Option<VectorSize> {
        match c {
            b'2' => Some(VectorSize::Bi),
            b'3' => Some(VectorSize::Tri),
            b'4' => Some(VectorSize::Quad),
            _ => None,
        }
    }
    match word {
        "void" => return Some(BuiltinType::Void),
        "bool" => return Some(BuiltinType::Scalar(Scalar::BOOL)),
        "int" | "short" => return Some(BuiltinType::Scalar(Scalar::I32)),
        "float" | "half" => return Some(BuiltinType::Scalar(Scalar::F32)),
        _ => {}
    }
    const VECTORS: &[(&str, Scalar)] = &[
        ("vec", Scalar::F32),
        ("ivec", Scalar::I32),
        ("bvec", Scalar::BOOL),
        ("float", Scalar::F32),
        ("half", Scalar::F32),
        ("int", Scalar::I32),
        ("short", Scalar::I32),
        ("bool", Scalar::BOOL),
    ];
    for &(prefix, scalar) in VECTORS {
        if let Some(rest) = word.strip_prefix(prefix) {
            if let [c] = rest.as_bytes() {
                return size(*c).map(|n| BuiltinType::Vector(scalar, n));
            }
        }
    }
    // `mat2`, `mat2x3`, `float2x3`, `half4x4`: columns x rows.
    let rest = word.strip_prefix("mat").or_else(|| word.strip_prefix("float")).or_else(|| word.strip_prefix("half"))?;
    let (columns, rows) = match rest.as_bytes() {
        [c] if word.starts_with("mat") => (size(*c)?, size(*c)?),
        [c, b'x', r] => (size(*c)?, size(*r)?),
        _ => return None,
    };
    Some(BuiltinType::Matrix { scalar: Scalar::F32, columns, rows })
}

/// Parses, checks and lowers the AGSL file `main` of `sources`. On success also returns the
/// warnings and the uniforms as declared, from which [`interface`] makes the module's
/// [`Interface`] once the module is validated.
pub fn translate(sources: &mut SourceMap, main: FileId, options: &CompileOptions) -> Result<(Module, Diagnostics, DeclaredUniforms), Diagnostics> {
    let mut diagnostics = reject_directives(sources, main);
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    let tokens = tokenize(sources, main, &mut diagnostics);
    let (mut tu, parse_diags) = parser::parse_dialect(&tokens, 100, true, DIALECT);
    diagnostics.extend(parse_diags);
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    diagnostics.extend(checks::check(&tu));
    let uniforms = gather_uniforms(&mut tu, sources, &mut diagnostics);
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    // The prelude's functions come first: AGSL code sees built-ins everywhere.
    let used: std::collections::HashSet<&str> = tokens.iter().map(|t| t.text.as_str()).collect();
    if PRELUDE_FUNCTIONS.iter().any(|f| used.contains(f)) {
        let file = sources.add("<agsl built-ins>", PRELUDE);
        let prelude_tokens = tokenize(sources, file, &mut diagnostics);
        let (prelude, prelude_diags) = parser::parse_dialect(&prelude_tokens, 100, true, DIALECT);
        diagnostics.extend(prelude_diags);
        let needed = prelude.decls.into_iter().filter(|d| match d {
            ast::ExternalDeclaration::Function(f) => used.contains(f.prototype.name.name.as_str()),
            ast::ExternalDeclaration::Declaration(_) => false,
        });
        tu.decls.splice(0..0, needed);
    }
    let lower_options = lower::LowerOptions { stage: Stage::Fragment, target: options.target, extensions: Vec::new(),
        dialect: DIALECT,
        vulkan_memory_model: None,
        // The dialect gives every resource its binding (the ABI above).
        auto_map_bindings: true,
        auto_map_locations: false,
    };
    let (module, lowered) = lower::lower(&tu, &lower_options);
    diagnostics.extend(lowered);
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    Ok((module, diagnostics, DeclaredUniforms(uniforms)))
}

/// AGSL has no preprocessor: a `#` line is an error rather than a silently different meaning.
fn reject_directives(sources: &SourceMap, main: FileId) -> Diagnostics {
    let mut diagnostics = Diagnostics::new();
    let text = &sources.get(main).text;
    let mut offset = 0usize;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with('#') {
            let start = offset + (line.len() - trimmed.len());
            let end = start + trimmed.trim_end().len();
            let span = Span::new(main, start as u32, end as u32);
            diagnostics.push(Diagnostic::error("AGSL has no preprocessor directives", span));
        }
        offset += line.len();
    }
    diagnostics
}

/// The tokens of a file (the GLSL preprocessor's lexer; there are no directives to run).
fn tokenize(sources: &mut SourceMap, file: FileId, diagnostics: &mut Diagnostics) -> Vec<preprocess::Token> {
    let pp_options = preprocess::PpOptions { stage: None, vulkan: false, ..Default::default() };
    let mut no_includes = |_: &std::path::Path| Err(std::io::Error::new(std::io::ErrorKind::NotFound, "AGSL has no #include"));
    let pp = preprocess::preprocess(sources, file, &pp_options, &mut no_includes);
    diagnostics.extend(pp.diagnostics);
    pp.tokens
}

/// The uniforms of an AGSL module as declared (AGSL names, types and `layout(color)`), in
/// block member order: what [`interface`] needs beside the module.
#[derive(Clone, Debug)]
pub struct DeclaredUniforms(Vec<DeclaredUniform>);

/// A uniform as declared, before it became a block member.
#[derive(Clone, Debug)]
struct DeclaredUniform {
    name: String,
    ty: String,
    color: bool,
}

/// Moves every non-`shader` uniform into one std140 block declared where the last uniform was
/// (after every struct a uniform may use), and records what the [`Interface`] needs.
fn gather_uniforms(tu: &mut ast::TranslationUnit, sources: &SourceMap, errors: &mut Diagnostics) -> Vec<DeclaredUniform> {
    let mut members = Vec::new();
    let mut declared = Vec::new();
    let mut last = None;
    let mut kept = Vec::new();
    let mut block_span: Option<Span> = None;
    for decl in std::mem::take(&mut tu.decls) {
        let ast::ExternalDeclaration::Declaration(ast::Declaration { kind: ast::DeclarationKind::Variables(v), span }) = &decl else {
            kept.push(decl);
            continue;
        };
        let uniform = v.ty.qualifiers.storage().any(|(s, _)| s == ast::StorageQualifier::Uniform);
        if !uniform || lowering::is_shader_declaration(v) {
            kept.push(decl);
            continue;
        }
        let color = v.ty.qualifiers.layout("color").is_some();
        if color && !is_color_type(&v.ty.ty) {
            errors.push(Diagnostic::error("`layout(color)` is for `half3`, `half4`, `float3` and `float4` uniforms", v.ty.span));
        }
        let qualifiers = ast::TypeQualifiers {
            qualifiers: v.ty.qualifiers.qualifiers.iter().filter(|q| matches!(q.kind, ast::QualifierKind::Precision(_))).cloned().collect(),
            span: v.ty.qualifiers.span,
        };
        let mut declarators = Vec::new();
        for d in &v.declarators {
            if let Some(init) = &d.init {
                errors.push(Diagnostic::error("uniforms cannot have initializers; the host sets them", init.span()));
            }
            declarators.push(ast::MemberDeclarator { name: d.name.clone(), array: d.array.clone(), span: d.span });
            let mut ty = sources.slice(v.ty.ty.span).to_string();
            for a in &d.array {
                ty.push_str(sources.slice(a.span));
            }
            declared.push(DeclaredUniform { name: d.name.name.as_str().to_owned(), ty, color });
        }
        members.push(ast::StructMember { qualifiers, ty: v.ty.ty.clone(), declarators, span: *span });
        block_span = Some(block_span.map_or(*span, |s| s.to(*span)));
        last = Some(kept.len());
    }
    tu.decls = kept;
    if let (Some(at), Some(span)) = (last, block_span) {
        let literal = |value: u32| ast::Expr { kind: ast::ExprKind::Literal(ast::Literal::Int { value: value.into(), suffix: ast::IntSuffix::None }), span };
        let layout = |name: &str, value: Option<ast::Expr>| ast::LayoutQualifier { name: ast::Ident { name: name.into(), span }, value, span };
        let qualifiers = ast::TypeQualifiers {
            qualifiers: vec![
                ast::Qualifier {
                    kind: ast::QualifierKind::Layout(vec![
                        layout("std140", None),
                        layout("set", Some(literal(0))),
                        layout("binding", Some(literal(UNIFORM_BINDING))),
                    ]),
                    span,
                },
                ast::Qualifier { kind: ast::QualifierKind::Storage(ast::StorageQualifier::Uniform), span },
            ],
            span,
        };
        let block = ast::InterfaceBlock {
            qualifiers,
            name: ast::Ident { name: UNIFORM_BLOCK_NAME.into(), span },
            members,
            instance: None,
            array: Vec::new(),
            span,
        };
        let decl = ast::Declaration { kind: ast::DeclarationKind::Block(block), span };
        tu.decls.insert(at, ast::ExternalDeclaration::Declaration(decl));
    }
    declared
}

fn is_color_type(ty: &ast::TypeSpecifier) -> bool {
    ty.array.is_empty() && matches!(ty.kind, ast::TypeKind::Builtin(BuiltinType::Vector(Scalar::F32, VectorSize::Tri | VectorSize::Quad)))
}

/// The [`Interface`] of a validated AGSL module, read back from its reflection (offsets and
/// sizes are the std140 layout the lowering chose).
pub fn interface(module: &Validated, declared: &DeclaredUniforms) -> Interface {
    let declared = &declared.0;
    let reflection = crate::reflect::reflect(module);
    let uniforms = reflection.bindings.iter().find(|b| b.group == 0 && b.binding == UNIFORM_BINDING && b.buffer.is_some()).and_then(|b| {
        let layout = b.buffer.as_ref()?;
        let members = layout
            .members
            .iter()
            .zip(declared)
            .map(|(m, d)| Uniform {
                name: d.name.clone(),
                ty: d.ty.clone(),
                offset: m.offset,
                size: m.size,
                array_length: m.array_length,
                array_stride: m.array_stride,
                color: d.color,
            })
            .collect();
        Some(UniformBlock { group: 0, binding: UNIFORM_BINDING, name: UNIFORM_BLOCK_NAME.into(), size: layout.size, members })
    });
    let shaders = reflection
        .bindings
        .iter()
        .filter(|b| b.group == 0 && b.binding % 2 == 1 && b.kind == crate::reflect::BindingKind::SampledTexture)
        .map(|b| ChildShader { name: b.name.clone().unwrap_or_default(), group: 0, texture_binding: b.binding, sampler_binding: b.binding + 1 })
        .collect();
    Interface { uniforms, shaders, color_output: 0 }
}
