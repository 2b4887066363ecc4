//! Parsing `shader! { mod NAME; key: value, .. }`: every argument is checked on its own tokens,
//! and all bad arguments are reported together (the macro still emits stub items).

use proc_macro2::{Span, TokenStream};
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::{Ident, LitStr, Token};

/// Every argument `shader!` accepts, for the "unknown argument" message.
pub const ARGUMENTS: &[&str] = &[
    "lang", "stage", "src", "path", "root", "entry", "include", "defines", "features", "target", "spirv_version", "bounds_checks",
    "auto_map_bindings", "auto_map_locations", "strip_debug", "types", "vectors", "crate",
];

/// One invocation: one or more shaders, each starting with `mod NAME;`, which may carry doc
/// comments, attributes and a visibility (`pub(crate) mod NAME;`). Later shaders reuse
/// the structs of earlier ones when name and layout agree (a vertex and a fragment shader of one
/// pipeline).
pub struct Invocation(pub Vec<ShaderArgs>);

impl Parse for Invocation {
    fn parse(input: ParseStream) -> syn::Result<Invocation> {
        let mut shaders = vec![input.parse::<ShaderArgs>()?];
        while !input.is_empty() {
            shaders.push(input.parse()?);
        }
        Ok(Invocation(shaders))
    }
}

/// The parsed arguments of one shader. Values are checked for syntax here; whether a file exists or a
/// shader compiles is the expander's business.
pub struct ShaderArgs {
    /// Attributes and doc comments written before `mod NAME;`, put on the generated module.
    pub attrs: Vec<syn::Attribute>,
    /// The module's visibility as written (`mod` is private, like a Rust module).
    pub vis: syn::Visibility,
    /// The `mod` token, so rustc's "the module is defined here" points at it.
    pub mod_token: Token![mod],
    pub name: Ident,
    pub lang: Option<(shader_core::Language, Span)>,
    pub stage: Option<shader_core::ir::Stage>,
    pub source: Option<Source>,
    pub entry: Option<LitStr>,
    pub include: Vec<LitStr>,
    pub defines: Vec<(Ident, LitStr)>,
    /// WGSL/WESL package root (`root: "shaders"`); `path` is then relative to it.
    pub root: Option<LitStr>,
    /// WGSL/WESL features for `@if` (`features: { DEBUG = true }`).
    pub features: Vec<(Ident, bool)>,
    pub target: shader_core::Target,
    pub spirv_version: (u8, u8),
    /// `bounds_checks: clamp` (default) or `unchecked`.
    pub bounds_checks: shader_core::BoundsChecks,
    /// GLSL: `auto_map_bindings: true` numbers resources without `binding` (glslang `--amb`).
    pub auto_map_bindings: bool,
    /// GLSL: `auto_map_locations: true` numbers inputs/outputs without `location` (`--aml`).
    pub auto_map_locations: bool,
    /// `strip_debug: true` leaves the source-line debug info out of the SPIR-V.
    pub strip_debug: bool,
    pub types: Vec<(Ident, syn::Path)>,
    pub krate: syn::Path,
    /// `vectors: glam` (default `arrays`).
    pub glam: bool,
    /// `vectors: mint`: fields stay arrays (mint types are not `Pod`); constructors take and
    /// getters return mint types.
    pub mint: bool,
    /// Bad arguments, combined into one error stream.
    pub errors: Option<syn::Error>,
}

pub enum Source {
    Inline(LitStr),
    Path(LitStr),
}

impl Source {
    pub fn lit(&self) -> &LitStr {
        match self {
            Source::Inline(lit) | Source::Path(lit) => lit,
        }
    }
}

impl Parse for ShaderArgs {
    fn parse(input: ParseStream) -> syn::Result<ShaderArgs> {
        let attrs = input.call(syn::Attribute::parse_outer)?;
        let vis: syn::Visibility = input.parse()?;
        let mod_token: Token![mod] = input.parse()?;
        let name: Ident = input.parse()?;
        input.parse::<Token![;]>()?;
        let mut args = ShaderArgs {
            attrs,
            vis,
            mod_token,
            name,
            lang: None,
            stage: None,
            source: None,
            entry: None,
            include: Vec::new(),
            defines: Vec::new(),
            root: None,
            features: Vec::new(),
            target: shader_core::Target::Wgpu,
            spirv_version: (1, 0),
            bounds_checks: shader_core::BoundsChecks::Clamp,
            auto_map_bindings: false,
            auto_map_locations: false,
            strip_debug: false,
            types: Vec::new(),
            krate: syn::parse_quote!(::shader_runtime),
            glam: false,
            mint: false,
            errors: None,
        };
        let mut seen: Vec<String> = Vec::new();
        // The next shader starts with its attributes, its visibility or `mod`.
        while !input.is_empty() && !input.peek(Token![mod]) && !input.peek(Token![pub]) && !input.peek(Token![#]) {
            let key = Ident::parse_any(input)?;
            if key == "crate" && input.peek(Token![=]) {
                input.parse::<Token![=]>()?;
            } else {
                input.parse::<Token![:]>()?;
            }
            // The value runs to the next top-level comma, so one bad value does not stop the
            // others from being checked.
            let mut value = TokenStream::new();
            while !input.is_empty() && !input.peek(Token![,]) {
                let tt: proc_macro2::TokenTree = input.parse()?;
                value.extend([tt]);
            }
            if !input.is_empty() {
                input.parse::<Token![,]>()?;
            }
            let name = key.to_string();
            if seen.contains(&name) {
                args.error(syn::Error::new(key.span(), format!("duplicate argument `{name}`")));
                continue;
            }
            seen.push(name);
            if let Err(e) = args.set(&key, value) {
                args.error(e);
            }
        }
        Ok(args)
    }
}

impl ShaderArgs {
    fn error(&mut self, e: syn::Error) {
        match &mut self.errors {
            Some(errors) => errors.combine(e),
            None => self.errors = Some(e),
        }
    }

    fn set(&mut self, key: &Ident, value: TokenStream) -> syn::Result<()> {
        let empty = value.is_empty();
        if empty && ARGUMENTS.contains(&key.to_string().as_str()) {
            return Err(syn::Error::new(key.span(), format!("`{key}` needs a value")));
        }
        match key.to_string().as_str() {
            "lang" => {
                let ident: Ident = syn::parse2(value)?;
                let lang = match ident.to_string().as_str() {
                    // WESL is read by the WGSL front end (`.wesl` files are WGSL too).
                    "wgsl" | "wesl" => shader_core::Language::Wgsl,
                    "glsl" => shader_core::Language::Glsl,
                    "agsl" => shader_core::Language::Agsl,
                    _ => return Err(syn::Error::new(ident.span(), "unknown language; expected `wgsl` (or `wesl`), `glsl` or `agsl`")),
                };
                self.lang = Some((lang, ident.span()));
            }
            "stage" => {
                let ident: Ident = syn::parse2(value)?;
                self.stage = Some(match ident.to_string().as_str() {
                    // The CLI's spellings (`--stage vert`) too.
                    "vertex" | "vert" => shader_core::ir::Stage::Vertex,
                    "fragment" | "frag" => shader_core::ir::Stage::Fragment,
                    "compute" | "comp" => shader_core::ir::Stage::Compute,
                    _ => {
                        return Err(syn::Error::new(
                            ident.span(),
                            "unknown stage; expected `vertex`, `fragment` or `compute` (or `vert`, `frag`, `comp`)",
                        ))
                    }
                });
            }
            "src" | "path" => {
                let lit: LitStr = syn::parse2(value)?;
                if self.source.is_some() {
                    return Err(syn::Error::new(key.span(), "give either `src` or `path`, not both"));
                }
                self.source = Some(if key == "src" { Source::Inline(lit) } else { Source::Path(lit) });
            }
            "entry" => {
                let lit: LitStr = syn::parse2(value)?;
                self.entry = Some(lit);
            }
            "include" => {
                let array: syn::ExprArray = syn::parse2(value)?;
                for element in array.elems {
                    match element {
                        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(lit), .. }) => self.include.push(lit),
                        other => return Err(syn::Error::new_spanned(other, "expected a directory as a string literal")),
                    }
                }
            }
            "defines" => {
                let body = braced_body(value, key)?;
                let parser = Punctuated::<Assignment<LitStr>, Token![,]>::parse_terminated;
                for define in parser.parse2(body)? {
                    self.defines.push((define.name, define.value));
                }
            }
            "root" => self.root = Some(syn::parse2(value)?),
            "features" => {
                let body = braced_body(value, key)?;
                let parser = Punctuated::<Assignment<syn::LitBool>, Token![,]>::parse_terminated;
                for feature in parser.parse2(body)? {
                    self.features.push((feature.name, feature.value.value));
                }
            }
            "target" => {
                let ident: Ident = syn::parse2(value)?;
                self.target = match ident.to_string().as_str() {
                    "wgpu" => shader_core::Target::Wgpu,
                    "vulkan" => shader_core::Target::Vulkan,
                    _ => return Err(syn::Error::new(ident.span(), "unknown target; expected `wgpu` or `vulkan`")),
                };
            }
            "spirv_version" => {
                let lit: syn::Lit = syn::parse2(value)?;
                let text = match &lit {
                    syn::Lit::Str(s) => s.value(),
                    syn::Lit::Float(f) => f.to_string(),
                    _ => String::new(),
                };
                let version = match text.as_str() {
                    "1.0" => (1, 0),
                    "1.1" => (1, 1),
                    "1.2" => (1, 2),
                    "1.3" => (1, 3),
                    "1.4" => (1, 4),
                    "1.5" => (1, 5),
                    "1.6" => (1, 6),
                    _ => return Err(syn::Error::new_spanned(lit, "expected a SPIR-V version from \"1.0\" to \"1.6\"")),
                };
                self.spirv_version = version;
            }
            "bounds_checks" => {
                let ident: Ident = syn::parse2(value)?;
                self.bounds_checks = match ident.to_string().as_str() {
                    "clamp" => shader_core::BoundsChecks::Clamp,
                    "unchecked" => shader_core::BoundsChecks::Unchecked,
                    _ => return Err(syn::Error::new(ident.span(), "unknown bounds check policy; expected `clamp` or `unchecked`")),
                };
            }
            "auto_map_bindings" => self.auto_map_bindings = syn::parse2::<syn::LitBool>(value)?.value,
            "auto_map_locations" => self.auto_map_locations = syn::parse2::<syn::LitBool>(value)?.value,
            "strip_debug" => self.strip_debug = syn::parse2::<syn::LitBool>(value)?.value,
            "types" => {
                let body = braced_body(value, key)?;
                let parser = Punctuated::<TypeBinding, Token![,]>::parse_terminated;
                for binding in parser.parse2(body)? {
                    self.types.push((binding.shader, binding.rust));
                }
            }
            "crate" => self.krate = syn::parse2(value)?,
            "vectors" => {
                let ident: Ident = syn::parse2(value)?;
                (self.glam, self.mint) = match ident.to_string().as_str() {
                    "arrays" => (false, false),
                    "glam" => (true, false),
                    "mint" => (false, true),
                    _ => {
                        return Err(syn::Error::new(
                            ident.span(),
                            "unknown vector types; expected `arrays`, `glam` or `mint` (glam and mint need shader-runtime's feature of that name)",
                        ))
                    }
                };
            }
            other => {
                return Err(syn::Error::new(
                    key.span(),
                    format!("unknown argument `{other}`; expected one of: {}", ARGUMENTS.join(", ")),
                ))
            }
        }
        Ok(())
    }
}

fn braced_body(value: TokenStream, key: &Ident) -> syn::Result<TokenStream> {
    let mut iter = value.into_iter();
    match (iter.next(), iter.next()) {
        (Some(proc_macro2::TokenTree::Group(g)), None) if g.delimiter() == proc_macro2::Delimiter::Brace => Ok(g.stream()),
        (Some(tt), _) => Err(syn::Error::new(tt.span(), format!("`{key}` takes `{{ NAME = .., .. }}`"))),
        (None, _) => Err(syn::Error::new(key.span(), format!("`{key}` needs a value"))),
    }
}

/// `NAME = VALUE`: a define's `"VALUE"` (`LitStr`), a feature's `true`/`false` (`LitBool`).
struct Assignment<V> {
    name: Ident,
    value: V,
}

impl<V: Parse> Parse for Assignment<V> {
    fn parse(input: ParseStream) -> syn::Result<Assignment<V>> {
        let name = Ident::parse_any(input)?;
        input.parse::<Token![=]>()?;
        let value = input.parse()?;
        Ok(Assignment { name, value })
    }
}

/// `ShaderStruct = path::to::RustType`.
struct TypeBinding {
    shader: Ident,
    rust: syn::Path,
}

impl Parse for TypeBinding {
    fn parse(input: ParseStream) -> syn::Result<TypeBinding> {
        let shader = input.parse()?;
        input.parse::<Token![=]>()?;
        let rust = input.parse()?;
        Ok(TypeBinding { shader, rust })
    }
}
