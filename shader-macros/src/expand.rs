//! `shader!` expansion: read the source, compile it with shader-core, and emit the generated
//! module, or the errors plus stub items. Every file read is `include_bytes!`d, also when
//! compilation fails, so fixing the file triggers a rebuild.

use crate::args::{Invocation, ShaderArgs, Source};
use crate::codegen;
use crate::diagnostics::{self, LiteralMap, Origin};
use proc_macro2::TokenStream;
use quote::quote;
use shader_core::{CompileOptions, Language};
use std::path::{Path, PathBuf};

pub fn expand(invocation: Invocation) -> TokenStream {
    expand_in(invocation, &manifest_dir())
}

/// The expansion for a crate in folder `base` (`CARGO_MANIFEST_DIR`).
fn expand_in(invocation: Invocation, base: &Path) -> TokenStream {
    let mut out = TokenStream::new();
    let mut shared: Vec<(syn::Ident, String, String)> = Vec::new();
    for args in &invocation.0 {
        let (attrs, vis, mod_token, name) = (&args.attrs, &args.vis, &args.mod_token, &args.name);
        let (body, defined, errors) = body(args, &shared, base);
        shared.extend(defined.into_iter().map(|(struct_name, layout)| (name.clone(), struct_name, layout)));
        // The errors go inside the module: rustc reports no "cannot find" errors for paths
        // into a module whose expansion failed, so a user who names `NAME::Pipeline`,
        // `NAME::Bindings { .. }` or a shader struct sees the shader's errors and nothing else.
        let errors = errors.map(syn::Error::into_compile_error);
        // The braces carry the name's span and the lint allowances are inner, so the whole item
        // is made of the user's tokens and rustc's "the module is defined here" points at them.
        let mut block = proc_macro2::Group::new(
            proc_macro2::Delimiter::Brace,
            quote! {
                #![allow(dead_code, non_camel_case_types, non_snake_case, non_upper_case_globals, missing_docs, clippy::all)]
                #body
                #errors
            },
        );
        block.set_span(name.span());
        out.extend(quote! {
            #(#attrs)*
            #vis #mod_token #name #block
        });
    }
    out
}

fn manifest_dir() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| PathBuf::from("."), PathBuf::from)
}

/// The module body, the structs it defined (for later shaders to share), and every error.
fn body(args: &ShaderArgs, shared: &[(syn::Ident, String, String)], base: &Path) -> (TokenStream, Vec<(String, String)>, Option<syn::Error>) {
    let mut errors = args.errors.clone();
    let push = |e: syn::Error, errors: &mut Option<syn::Error>| match errors {
        Some(all) => all.combine(e),
        None => *errors = Some(e),
    };
    let mut stub = codegen::stub_items(&args.krate);
    let agsl = match (&args.lang, &args.source) {
        (Some((lang, _)), _) => *lang == Language::Agsl,
        (None, Some(Source::Path(lit))) => Language::from_path(&lit.value()) == Language::Agsl,
        (None, _) => false,
    };
    if agsl {
        stub.extend(crate::agsl::stub_items(&args.krate));
    }
    let Some(source) = &args.source else {
        push(
            syn::Error::new(args.name.span(), "`shader!` needs the shader: `src: r#\"...\"#` or `path: \"file\"`"),
            &mut errors,
        );
        return (stub, Vec::new(), errors);
    };
    let base = base.to_path_buf();
    // WGSL/WESL: `path` is relative to the package root when one is given.
    let module_root = args.root.as_ref().map(|root| base.join(root.value()));
    if let (Some(root), Some(dir)) = (&args.root, &module_root) {
        if !dir.is_dir() {
            push(syn::Error::new(root.span(), format!("module root `{}` does not exist", root.value())), &mut errors);
            return (stub, Vec::new(), errors);
        }
    }
    let file_base = module_root.clone().unwrap_or_else(|| base.clone());
    let mut tracked = TokenStream::new();
    let (text, display, origin) = match source {
        Source::Inline(lit) => (lit.value(), "<inline>".to_string(), Origin::Literal(LiteralMap::new(lit))),
        Source::Path(lit) => {
            let relative = lit.value();
            let full = file_base.join(&relative);
            match std::fs::read_to_string(&full) {
                Ok(text) => {
                    tracked.extend(include(&full));
                    (text, relative.clone(), Origin::File { display: relative })
                }
                Err(e) => {
                    push(syn::Error::new(lit.span(), format!("cannot read shader file `{relative}`: {}", io_reason(&e))), &mut errors);
                    return (stub, Vec::new(), errors);
                }
            }
        }
    };
    let language = match (args.lang, source) {
        (Some((lang, _)), _) => lang,
        (None, Source::Path(lit)) => Language::from_path(&lit.value()),
        (None, Source::Inline(_)) => Language::Glsl,
    };
    let mut include_dirs = Vec::new();
    for dir in &args.include {
        let full = base.join(dir.value());
        if full.is_dir() {
            include_dirs.push(full);
        } else {
            push(syn::Error::new(dir.span(), format!("include directory `{}` does not exist", dir.value())), &mut errors);
        }
    }
    if errors.is_some() {
        return (quote!(#stub #tracked), Vec::new(), errors);
    }
    let options = CompileOptions {
        language,
        stage: args.stage,
        spirv_version: args.spirv_version,
        target: args.target,
        include_dirs,
        defines: args.defines.iter().map(|(n, v)| (n.to_string(), v.value())).collect(),
        module_root: Some(module_root.unwrap_or_else(|| full_path(&base, source))),
        features: args.features.iter().map(|(n, v)| (n.to_string(), *v)).collect(),
        // Shader libraries: set by the crate's build script (`shader_build::forward()`).
        packages: std::env::var(shader_build::ENV).map(|v| shader_build::decode(&v)).unwrap_or_default(),
        bounds_checks: args.bounds_checks,
        auto_map_bindings: args.auto_map_bindings,
        auto_map_locations: args.auto_map_locations,
        strip_debug: args.strip_debug,
        // The debug info names files from the crate's folder (and shader libraries' files as
        // `package/path`): the embedded SPIR-V is the same in every checkout.
        source_root: Some(base.clone()),
    };
    // The compiler sees the main file by its full path, so the WESL module path comes from its
    // place under the root (diagnostics in it still show `display`, see `Origin::File`).
    // Imported modules are read by full path too: rustc's working directory is not the crate's.
    let name = match source {
        Source::Path(lit) => file_base.join(lit.value()).display().to_string(),
        Source::Inline(_) => display.clone(),
    };
    let compiled = shader_core::compile(&name, &text, &options);
    // Files the compiler read besides the main one (GLSL `#include`s) are tracked too.
    let sources = match &compiled {
        Ok(c) => &c.sources,
        Err(e) => &e.sources,
    };
    let read: Vec<PathBuf> = sources
        .files()
        .iter()
        .map(|file| {
            let path = Path::new(&file.name);
            if path.is_absolute() { path.to_path_buf() } else { base.join(path) }
        })
        .collect();
    for full in read.iter().skip(1).filter(|full| full.is_file()) {
        tracked.extend(include(full));
    }
    let reload = match source {
        Source::Path(_) => Some(codegen::Reload {
            path: name.clone(),
            options: options.to_json(),
            files: read.iter().filter(|full| full.is_file()).map(|full| full.display().to_string()).collect(),
        }),
        Source::Inline(_) => None,
    };
    let compiled = match compiled {
        Ok(c) => c,
        Err(e) => {
            let span = source.lit().span();
            if let Some(e) = diagnostics::to_errors(&e.diagnostics.0, &e.sources, &origin, span, &base) {
                push(e, &mut errors);
            } else {
                push(syn::Error::new(span, "the shader failed to compile"), &mut errors);
            }
            return (quote!(#stub #tracked), Vec::new(), errors);
        }
    };
    let reflection = shader_core::reflect::reflect(&compiled.ir);
    let entry = match &args.entry {
        Some(lit) => match reflection.entry_points.iter().position(|ep| ep.name == lit.value()) {
            Some(index) => Some(index),
            None => {
                let names: Vec<String> = reflection.entry_points.iter().map(|ep| format!("`{}`", ep.name)).collect();
                push(
                    syn::Error::new(
                        lit.span(),
                        format!("the shader has no entry point `{}`; it has {}", lit.value(), names.join(", ")),
                    ),
                    &mut errors,
                );
                return (quote!(#stub #tracked), Vec::new(), errors);
            }
        },
        None if reflection.entry_points.len() == 1 => Some(0),
        None => None,
    };
    let module = compiled.ir.module();
    // Where each shader struct is written (an imported WESL module, an included file, the
    // literal), for the message of a layout mismatch of a `types` binding: the note names the
    // struct the mismatch is in, which may be one nested in the bound struct.
    let mut declared_at = Vec::new();
    if !args.types.is_empty() {
        for (ty, t) in module.types.iter() {
            let (Some(name), shader_core::ir::TypeInner::Struct { .. }) = (t.name.as_deref(), &t.inner) else { continue };
            let span = module.types.span(ty);
            if span != shader_core::span::Span::default() && !declared_at.iter().any(|(n, _)| n == name) {
                let here = shader_core::diag::Diagnostic::error(format!("the shader struct `{name}` is declared here"), span);
                let at = diagnostics::render(&here, &compiled.sources, &origin);
                declared_at.push((name.to_string(), diagnostics::relative_to(&format!("\n  note: {at}"), &base)));
            }
        }
    }
    for (shader, _) in &args.types {
        let name = shader.to_string();
        match module.types.iter().find(|(_, t)| t.name.as_deref() == Some(&name)) {
            Some(_) => {}
            None => {
                let structs = module.types.iter().filter(|(_, t)| matches!(t.inner, shader_core::ir::TypeInner::Struct { .. }));
                let names: Vec<&str> = structs.filter_map(|(_, t)| t.name.as_deref()).collect();
                let mut message = format!("the shader has no struct `{shader}`");
                if let Some(near) = shader_core::diag::closest(&name, names.iter().copied()) {
                    // WESL renames an imported struct whose name another emitted declaration has.
                    message.push_str(&format!("\n  help: did you mean `{near}`?"));
                }
                push(syn::Error::new(shader.span(), message), &mut errors);
            }
        }
    }
    let cx = codegen::Context { krate: &args.krate, language, types: &args.types, declared_at: &declared_at, entry, shared, glam: args.glam, mint: args.mint,
        bounds_checked: args.bounds_checks == shader_core::BoundsChecks::Clamp, reload };
    let (items, defined) = codegen::items(compiled.ir.module(), &reflection, &compiled.spirv, &cx);
    let agsl = compiled.agsl.as_ref().map(|i| {
        let entry = reflection.entry_points.first().map_or("main", |ep| ep.name.as_str());
        let reload = codegen::reload_info(&reflection, entry, cx.reload.as_ref(), &args.krate);
        crate::agsl::items(compiled.ir.module(), i, &args.krate, &args.types, reload)
    });
    (quote!(#items #agsl #tracked), defined, errors)
}

/// The folder of a `path:` shader (the crate for inline ones): the default package root.
fn full_path(base: &Path, source: &Source) -> PathBuf {
    match source {
        Source::Path(lit) => base.join(lit.value()).parent().map_or_else(|| base.to_path_buf(), Path::to_path_buf),
        Source::Inline(_) => base.to_path_buf(),
    }
}

fn include(path: &Path) -> TokenStream {
    let path = path.to_string_lossy();
    quote!(const _: &[u8] = ::core::include_bytes!(#path);)
}

/// An I/O error without the OS's absolute path decorations, stable across machines.
fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file (paths are relative to CARGO_MANIFEST_DIR)".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => "it is not a readable UTF-8 text file".to_string(),
    }
}

#[cfg(test)]
mod tests {
    //! Expansion checks that need no compiler run: rebuild tracking.

    use super::expand;

    fn expand_str(input: &str) -> String {
        let args: crate::args::Invocation = syn::parse_str(input).expect("arguments parse");
        expand(args).to_string()
    }

    /// Cargo only rebuilds a crate when a file it read changes; the expansion must
    /// `include_bytes!` the shader file by absolute path, also when the shader has errors.
    #[test]
    fn path_shaders_are_tracked_with_include_bytes() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root");
        std::env::set_var("CARGO_MANIFEST_DIR", root);
        for file in ["tests/shaders/double.wgsl", "tests/shaders/bad.wgsl"] {
            let out = expand_str(&format!("mod s; path: \"{file}\""));
            let expected = format!("include_bytes ! (\"{}\")", root.join(file).display());
            assert!(out.contains(&expected), "no `{expected}` in:\n{out}");
        }
        let inline = expand_str("mod s; lang: wgsl, src: \"@compute @workgroup_size(1) fn main() {}\"");
        assert!(!inline.contains("include_bytes"), "inline shaders read no file");
    }

    /// `lang: wesl` is WGSL (WESL is read by the WGSL front end, as `.wesl` files are): the
    /// same expansion as `lang: wgsl`, `@if` and features included.
    #[test]
    fn lang_wesl_is_wgsl() {
        let src = "src: \"@if(BIG) const WG = 8u; @else const WG = 4u; @compute @workgroup_size(WG) fn main() {}\", features: { BIG = true }";
        let wesl = expand_str(&format!("mod s; lang: wesl, {src}"));
        assert!(!wesl.contains("compile_error"), "{wesl}");
        assert_eq!(wesl, expand_str(&format!("mod s; lang: wgsl, {src}")));
        let glsl = expand_str(&format!("mod s; lang: glsl, {src}"));
        assert!(glsl.contains("compile_error"), "the same source is no GLSL: {glsl}");
    }

    /// `strip_debug: true` embeds the module without its source lines: a shorter word array, and
    /// the file name (in the default's `OpString`) gone from it.
    #[test]
    fn strip_debug_embeds_no_lines() {
        let src = "src: \"@compute @workgroup_size(1) fn main() {}\"";
        let with_lines = expand_str(&format!("mod s; lang: wgsl, {src}"));
        let stripped = expand_str(&format!("mod s; lang: wgsl, strip_debug: true, {src}"));
        assert!(!stripped.contains("compile_error"), "{stripped}");
        assert!(stripped.len() < with_lines.len(), "{stripped}\n{with_lines}");
        let bad = expand_str(&format!("mod s; lang: wgsl, strip_debug: yes, {src}"));
        assert!(bad.contains("compile_error"), "{bad}");
    }

    /// The embedded SPIR-V names the shader by its path in the crate (`OpString`), so it is the
    /// same in every checkout: the same shader and include in two crate folders give the same
    /// words (the expansions differ only where they name the files to track by full path).
    #[test]
    fn embedded_spirv_is_the_same_in_every_checkout() {
        let base = std::env::temp_dir().join(format!("shader-macros-checkouts-{}", std::process::id()));
        let words = |krate: &std::path::Path| {
            std::fs::create_dir_all(krate.join("shaders")).expect("creates the crate");
            let main = "#version 450\n#extension GL_GOOGLE_include_directive : require\nlayout(local_size_x = 1) in;\n#include \"twice.glsl\"\n\
                        layout(std430, binding = 0) buffer B { uint v[]; } b;\nvoid main() {\n    b.v[0] = twice(3u);\n}\n";
            std::fs::write(krate.join("shaders/main.comp"), main).expect("writes the shader");
            std::fs::write(krate.join("shaders/twice.glsl"), "uint twice(uint x) {\n    return x * 2u;\n}\n").expect("writes the include");
            let args = syn::parse_str("mod s; path: \"shaders/main.comp\", include: [\"shaders\"]").expect("arguments parse");
            let out = super::expand_in(args, krate).to_string();
            assert!(!out.contains("compile_error"), "{out}");
            let start = out.find("SPIRV : & [u32] = & [").expect("the word array") + "SPIRV : & [u32] = & [".len();
            let words = &out[start..start + out[start..].find(']').expect("its end")];
            words.split(',').map(|w| w.trim().parse::<u32>().expect("a word")).collect::<Vec<u32>>()
        };
        let (a, b) = (words(&base.join("a")), words(&base.join("second/checkout")));
        let _ = std::fs::remove_dir_all(&base);
        assert_eq!(a, b, "the same words in both checkouts");
        let bytes: Vec<u8> = a.iter().flat_map(|w| w.to_le_bytes()).collect();
        for name in ["shaders/main.comp\0", "shaders/twice.glsl\0"] {
            assert!(bytes.windows(name.len()).any(|w| w == name.as_bytes()), "`OpString` names {name}");
        }
        let full = base.display().to_string();
        assert!(!bytes.windows(full.len()).any(|w| w == full.as_bytes()), "no full path in the module");
    }

    /// A shader library's files (found through `SHADER_PACKAGES`, which a build script sets)
    /// are tracked like the crate's own: editing the library rebuilds the crate using it.
    #[test]
    fn shader_library_files_are_tracked() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root");
        std::env::set_var("CARGO_MANIFEST_DIR", root);
        let library = root.join("examples/shader-library/noise/shaders");
        let packages = shader_build::encode(&[("noise".to_string(), library.clone())]).expect("encodes");
        std::env::set_var(shader_build::ENV, packages);
        for file in ["tests/shaders/shader_library/noise.wesl", "tests/shaders/shader_library/noise.comp"] {
            let out = expand_str(&format!("mod s; path: \"{file}\""));
            assert!(!out.contains("compile_error"), "{file} compiles: {out}");
            let extension = if file.ends_with(".wesl") { "wesl" } else { "glsl" };
            for module in ["hash", "value"] {
                let expected = format!("include_bytes ! (\"{}\")", library.join(format!("{module}.{extension}")).display());
                assert!(out.contains(&expected), "no `{expected}` in:\n{out}");
            }
        }
    }

    /// What rustdoc and rust-analyzer show of the generated items: signatures name the runtime's
    /// public types (`shader_runtime::Gpu`, not the hidden `__private` re-export), and WGSL types
    /// in doc comments are in backticks (rustdoc would read `array<u32>` as HTML).
    #[test]
    fn generated_signatures_and_docs_read_well() {
        let out = expand_str(
            "/// Docs.\n#[cfg(all())] pub(crate) mod s; lang: wgsl, src: \"@group(0) @binding(0) var<storage, read_write> out: array<u32>; \
             @compute @workgroup_size(1) fn main() { out[0] = 1u; }\"",
        );
        assert!(out.starts_with("# [doc = \" Docs.\"] # [cfg (all ())] pub (crate) mod s {"), "{out}");
        assert!(out.contains("gpu : & :: shader_runtime :: Gpu"), "{out}");
        assert!(!out.contains("__private :: Gpu"), "{out}");
        assert!(out.contains("pub out : & 'a :: shader_runtime :: Buffer < [u32] >"), "{out}");
        assert!(out.contains("`array<u32>`"), "{out}");
        assert!(!out.contains("struct Overrides") && !out.contains("new_with"), "no overrides, no `Overrides`: {out}");
    }
}
