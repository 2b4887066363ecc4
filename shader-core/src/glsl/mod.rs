//! The GLSL front end: preprocessing (`preprocess`), parsing (`parser` to `ast`) and lowering
//! to the IR (`lower`, with the built-ins in `builtins`). AGSL is a dialect of it (`agsl`).

pub mod agsl;
pub mod ast;
pub(crate) mod builtins;
pub(crate) mod layout_names;
pub(crate) mod extensions;
pub mod lower;
pub mod parse_diagnostics;
pub mod parser;
pub mod preprocess;
pub(crate) mod spirv_intrinsics;
pub mod token;

use crate::diag::{Diagnostic, Diagnostics};
use crate::ir::{Module, Stage};
use crate::span::{FileId, SourceMap, Span};
use crate::CompileOptions;

/// The language the GLSL front end reads: GLSL itself, or AGSL (a GLSL ES 1.0 dialect, see
/// [`agsl`]), which changes type names, adds a few constructs and restricts others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Dialect {
    #[default]
    Glsl,
    Agsl,
}

/// The stage a file extension names (`.vert`, `.frag`, `.comp`, also `.vs`/`.fs`/`.cs` and the
/// `.vert.glsl` style), as glslang reads them.
pub fn stage_from_path(path: &str) -> Option<Stage> {
    let p = path.strip_suffix(".glsl").unwrap_or(path);
    let ext = p.rsplit('.').next()?;
    match ext {
        "vert" | "vs" => Some(Stage::Vertex),
        "frag" | "fs" => Some(Stage::Fragment),
        "comp" | "cs" => Some(Stage::Compute),
        _ => None,
    }
}

/// Preprocesses, parses and lowers the GLSL file `main` of `sources` (includes are read from
/// disk and added to `sources`). On success also returns warnings.
pub fn translate(sources: &mut SourceMap, main: FileId, options: &CompileOptions) -> Result<(Module, Diagnostics), Diagnostics> {
    let name = sources.get(main).name.clone();
    let Some(stage) = options.stage.or_else(|| stage_from_path(&name)) else {
        let message = format!("cannot tell the shader stage of `{name}`: use a .vert, .frag or .comp file or give the stage");
        return Err(Diagnostic::error(message, Span::default()).into());
    };
    let pp_options = preprocess::PpOptions {
        defines: options.defines.clone(),
        include_dirs: options.include_dirs.clone(),
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
    let (tu, parse_diags) = parser::parse(&pp.tokens, version, es);
    // Later stages' diagnostics get the include chain and `#line` notes the preprocessor's have.
    let annotate = |ds: Diagnostics, sources: &SourceMap| -> Diagnostics {
        let mut out = Diagnostics::new();
        for d in ds.iter() {
            out.push(pp.annotate(sources, d.clone()));
        }
        out
    };
    diagnostics.extend(annotate(parse_diags, sources));
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    let extensions = pp
        .extensions
        .iter()
        .filter(|e| matches!(e.behavior, preprocess::Behavior::Enable | preprocess::Behavior::Require))
        .map(|e| e.name.clone())
        .collect();
    // GL_KHR_memory_scope_semantics: `#pragma use_vulkan_memory_model`.
    let vulkan_memory_model = pp.pragmas.iter().find(|p| p.text == "use_vulkan_memory_model").map(|p| p.span);
    let lower_options = lower::LowerOptions { stage, target: options.target, extensions, vulkan_memory_model, agsl: false };
    let (module, lowered) = lower::lower(&tu, &lower_options);
    diagnostics.extend(annotate(lowered, sources));
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    Ok((module, diagnostics))
}
