//! The GLSL front end: preprocessing (`preprocess`), parsing (`parser` to `ast`) and lowering
//! to the IR (`lower`, with the built-ins in `builtins`). AGSL is a dialect of it (`agsl`).

pub mod agsl;
pub mod ast;
pub(crate) mod layout_names;
pub mod lower;
pub mod parse_diagnostics;
pub mod parser;
pub mod preprocess;
pub(crate) mod precision;
pub mod token;

use crate::diag::{Diagnostic, Diagnostics};
use crate::ir::{Module, Stage};
use crate::span::{FileId, SourceMap, Span};
use crate::CompileOptions;

/// A dialect of GLSL: what it changes in the GLSL front end, as hooks the front end calls
/// without knowing which dialect it reads. GLSL itself is [`Dialect::GLSL`]; AGSL (a GLSL ES
/// 1.0 dialect, see [`agsl`]) is [`agsl::DIALECT`], which changes type names, adds a few
/// constructs and restricts others.
#[derive(Clone, Copy)]
pub struct Dialect {
    /// The parser's type table: the built-in type a word names, given the `#version` and
    /// whether it is ES.
    pub builtin_type: fn(&str, u32, bool) -> Option<ast::BuiltinType>,
    /// The lowering's hooks; `None` keeps GLSL's rules.
    pub(crate) lowering: Option<&'static dyn lower::DialectLowering>,
}

impl Dialect {
    pub const GLSL: Dialect = Dialect { builtin_type: parser::builtin_type, lowering: None };
}

impl std::fmt::Debug for Dialect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dialect").finish_non_exhaustive()
    }
}

/// The stage a file extension names (`.vert`, `.frag`, `.comp`, also `.vs`/`.fs`/`.cs` and the
/// `.vert.glsl` style), as glslang reads them.
pub fn stage_from_path(path: &str) -> Option<Stage> {
    let p = path.strip_suffix(".glsl").unwrap_or(path);
    let (_, ext) = p.rsplit_once('.')?;
    match ext {
        "vert" | "vs" => Some(Stage::Vertex),
        "frag" | "fs" => Some(Stage::Fragment),
        "comp" | "cs" => Some(Stage::Compute),
        _ => None,
    }
}

/// The stage the source itself decides: a `layout(local_size_x = ..) in;` declaration exists only
/// in compute shaders (GLSL 4.60 §4.4.1.1, "Compute Shader Inputs"). Vertex and fragment
/// shaders have no declaration only they may contain (`in`/`out` variables and built-ins such as
/// `gl_FragCoord` are not decisive), so they need the file extension or an explicit stage. A
/// textual scan outside comments, before preprocessing: a declaration produced by a macro is not
/// seen.
pub fn stage_from_source(text: &str) -> Option<Stage> {
    let code = strip_comments(text);
    let mut rest = code.as_str();
    while let Some(at) = rest.find("layout") {
        let before_ok = code.len() - rest.len() + at == 0 || !is_ident_byte(code.as_bytes()[code.len() - rest.len() + at - 1]);
        rest = &rest[at + "layout".len()..];
        let trimmed = rest.trim_start();
        if !before_ok || !trimmed.starts_with('(') {
            continue;
        }
        let Some(close) = trimmed.find(')') else { break };
        let qualifiers = &trimmed[..close];
        let after = trimmed[close + 1..].trim_start();
        if qualifiers.contains("local_size_") && after.starts_with("in") && !after[2..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            return Some(Stage::Compute);
        }
    }
    None
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// `text` with `//` and `/* */` comments replaced by a space.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let line = rest.find("//");
        let block = rest.find("/*");
        let (at, end) = match (line, block) {
            (Some(l), Some(b)) if l < b => (l, rest[l..].find('\n').map_or(rest.len(), |e| l + e)),
            (Some(l), None) => (l, rest[l..].find('\n').map_or(rest.len(), |e| l + e)),
            (_, Some(b)) => (b, rest[b + 2..].find("*/").map_or(rest.len(), |e| b + 2 + e + 2)),
            (None, None) => {
                out.push_str(rest);
                return out;
            }
        };
        out.push_str(&rest[..at]);
        out.push(' ');
        rest = &rest[end..];
    }
}

/// A translated GLSL file: the module, its warnings, the `#version` (`None` without one) and the
/// `#line` renumberings (for the line info).
pub struct Translated {
    pub module: Module,
    pub warnings: Diagnostics,
    pub version: Option<preprocess::Version>,
    pub renumbered: Vec<crate::span::Renumbering>,
}

/// Preprocesses, parses and lowers the GLSL file `main` of `sources` (includes are read from
/// disk and added to `sources`).
pub fn translate(
    sources: &mut SourceMap,
    main: FileId,
    options: &CompileOptions,
) -> Result<Translated, Diagnostics> {
    let name = sources.get(main).name.clone();
    let Some(stage) = options.stage.or_else(|| stage_from_path(&name)).or_else(|| stage_from_source(&sources.get(main).text)) else {
        let message = format!(
            "cannot tell the shader stage of `{name}`: give it (`stage: vertex`, `fragment` or `compute` in `shader!`, \
             `--stage vert|frag|comp` on the command line) or use a .vert, .frag or .comp file; \
             a compute shader that declares `layout(local_size_x = N) in;` needs neither"
        );
        return Err(Diagnostic::error(message, Span::default()).into());
    };
    let pp_options = preprocess::PpOptions {
        defines: options.defines.clone(),
        include_dirs: options.include_dirs.clone(),
        packages: options.packages.clone(),
        stage: Some(stage),
        vulkan: true,
    };
    let mut loader = |path: &std::path::Path| std::fs::read_to_string(path);
    let pp = preprocess::preprocess(sources, main, &pp_options, &mut loader);
    let mut diagnostics = pp.diagnostics.clone();
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    let (version, es) = match pp.version {
        Some(v) => (v.number, v.profile == preprocess::Profile::Es),
        None => (110, false),
    };
    // An extension's type word (`int64_t`) is a name where none of its extensions is enabled.
    let plain_words = pp
        .tokens
        .iter()
        .enumerate()
        .filter(|(i, t)| {
            t.kind == preprocess::TokenKind::Ident
                && parser::extension_type_enablers(&t.text)
                    .is_some_and(|enablers| !parser::extension_type_keyword(&t.text, enablers, version, es, |e| pp.extension_enabled_at(e, *i)))
        })
        .map(|(i, _)| i)
        .collect();
    let (tu, parse_diags) = parser::parse_with_plain_words(&pp.tokens, version, es, plain_words);
    // Later stages' diagnostics get the include chain and `#line` notes the preprocessor's have.
    let annotate = |ds: Diagnostics, sources: &SourceMap| -> Diagnostics {
        let mut out = Diagnostics::new();
        for d in ds.iter() {
            out.push(pp.annotate(sources, d.clone()));
        }
        out
    };
    diagnostics.extend(annotate(parse_diags, sources));
    diagnostics.extend(annotate(extension_words(&tu, &pp), sources));
    diagnostics.extend(annotate(precision::check_defaults(&tu, stage), sources));
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    // An extension directive holds from the first declaration that ends after it.
    let extensions = pp
        .extensions
        .iter()
        .map(|e| lower::ExtensionState {
            name: e.name.clone(),
            from_decl: tu.decl_ends.iter().position(|&end| end > e.token).unwrap_or(tu.decls.len()),
            // `warn` enables the extension as `enable` does, warning about it (GLSL 4.60 §3.3).
            enabled: e.behavior != preprocess::Behavior::Disable,
            span: e.span,
        })
        .collect();
    // GL_KHR_memory_scope_semantics: `#pragma use_vulkan_memory_model`.
    let vulkan_memory_model = pp.pragmas.iter().find(|p| p.text == "use_vulkan_memory_model").map(|p| p.span);
    let lower_options = lower::LowerOptions {
        stage,
        target: options.target,
        extensions,
        vulkan_memory_model,
        dialect: Dialect::GLSL,
        auto_map_bindings: options.auto_map_bindings,
        auto_map_locations: options.auto_map_locations,
    };
    let (module, lowered) = lower::lower(&tu, &lower_options);
    diagnostics.extend(annotate(lowered, sources));
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    let renumbered = pp.line_directives.into_iter().map(|l| l.at).collect();
    Ok(Translated { module, warnings: diagnostics, version: pp.version, renumbered })
}

/// Qualifier keywords used where their extension is not enabled (glslang's grammar checks
/// them at the word: `workgroupcoherent` before `#extension GL_KHR_memory_scope_semantics`
/// is an error, after it compiles). GL_EXT_ray_tracing is not supported, so
/// `shadercallcoherent` is always reported.
fn extension_words(tu: &ast::TranslationUnit, pp: &preprocess::PpOutput) -> Diagnostics {
    let mut out = Diagnostics::new();
    for w in &tu.extension_words {
        if !preprocess::is_supported_extension(w.extension) {
            out.push(Diagnostic::error(format!("`{}` needs {}, which is not supported", w.word, w.extension), w.span));
        } else if !pp.extension_enabled_at(w.extension, w.token) {
            out.push(lower::needs_extension(w.word, w.extension, w.span));
        }
    }
    out
}

#[cfg(test)]
mod stage_tests {
    use super::stage_from_source;
    use crate::ir::Stage;

    #[test]
    fn local_size_declaration_marks_a_compute_shader() {
        assert_eq!(stage_from_source("#version 450\nlayout(local_size_x = 256) in;\nvoid main(){}"), Some(Stage::Compute));
        assert_eq!(stage_from_source("layout (local_size_y=2)\n  in ;"), Some(Stage::Compute));
        assert_eq!(stage_from_source("// layout(local_size_x = 1) in;\nvoid main(){}"), None);
        assert_eq!(stage_from_source("/* layout(local_size_x = 1) in; */ void main(){}"), None);
        assert_eq!(stage_from_source("layout(location = 0) in vec4 p; void main(){}"), None);
        assert_eq!(stage_from_source("mylayout(local_size_x = 1) in;"), None);
        assert_eq!(stage_from_source("layout(local_size_x = 1) inout;"), None);
    }
}

