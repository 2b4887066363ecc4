//! The AGSL part of a generated module: `EFFECT` (the interface `shader_runtime::AgslEffect`
//! is built from), `Uniforms` (an alias of the uniform block's struct) and `CHILDREN`. The
//! block struct itself is an ordinary host struct (`codegen::structs`), so `types: {
//! AgslUniforms = path }` binds it with the usual layout check.

use proc_macro2::TokenStream;
use quote::quote;
use shader_core::glsl::agsl::{Interface, UNIFORM_BLOCK_NAME};
use shader_core::ir::Module;

/// The items, given the compiled module, its AGSL interface, the `types` bindings and the
/// module's `ReloadInfo` expression (`codegen::reload_info`).
pub fn items(module: &Module, interface: &Interface, krate: &syn::Path, types: &[(syn::Ident, syn::Path)], reload: TokenStream) -> TokenStream {
    let p = quote!(#krate::__private);
    let uniforms = match &interface.uniforms {
        Some(block) => {
            let binding = block.binding;
            let size = block.size;
            let members = block.members.iter().map(|m| {
                let (name, ty, offset, size, color) = (&m.name, &m.ty, m.offset, m.size, m.color);
                let array_length = option(m.array_length);
                let array_stride = option(m.array_stride);
                quote!(#p::AgslUniform {
                    name: #name, ty: #ty, offset: #offset, size: #size,
                    array_length: #array_length, array_stride: #array_stride, color: #color,
                })
            });
            quote!(::core::option::Option::Some(#p::AgslUniformBlock { binding: #binding, size: #size, members: &[#(#members),*] }))
        }
        None => quote!(::core::option::Option::None),
    };
    let children = interface.shaders.iter().map(|c| {
        let (name, texture, sampler) = (&c.name, c.texture_binding, c.sampler_binding);
        quote!(#p::AgslChild { name: #name, texture_binding: #texture, sampler_binding: #sampler })
    });
    let names = interface.shaders.iter().map(|c| &c.name);
    // `Uniforms` names the block's Rust type, generated or bound; skipped when the shader has
    // a struct of that name itself.
    let clash = module.types.iter().any(|(_, t)| t.name.as_deref() == Some("Uniforms"));
    let alias = match (&interface.uniforms, clash) {
        (Some(_), false) => {
            let block = syn::Ident::new(UNIFORM_BLOCK_NAME, proc_macro2::Span::call_site());
            match types.iter().find(|(shader, _)| *shader == UNIFORM_BLOCK_NAME) {
                Some((_, path)) => quote!(
                    /// The uniform block's Rust type (bound with `types`).
                    pub type Uniforms = #path;
                ),
                None => quote!(
                    /// The uniform block's Rust type: every non-shader uniform in declaration
                    /// order, std140 (padding fields included; build it with `new`).
                    pub type Uniforms = #block;
                ),
            }
        }
        _ => TokenStream::new(),
    };
    quote! {
        /// The AGSL interface, for `shader_runtime::AgslEffect::new(&gpu, &EFFECT)`.
        pub static EFFECT: #p::AgslInfo = #p::AgslInfo {
            module: &#p::ModuleInfo {
                name: ::core::module_path!(),
                spirv: SPIRV,
                entry: ENTRY_POINTS[0],
                bindings: BINDINGS,
                push_constants: PUSH_CONSTANTS,
                specialization_constants: SPECIALIZATION_CONSTANTS,
                bounds_checked: BOUNDS_CHECKED,
                reload: #reload,
            },
            uniforms: #uniforms,
            children: &[#(#children),*],
        };
        /// The `uniform shader` inputs, in declaration order.
        pub const CHILDREN: &[&str] = &[#(#names),*];
        #alias
    }
}

/// Stand-ins after a compile error, so uses of `EFFECT`/`CHILDREN` add no follow-on errors.
pub fn stub_items(krate: &syn::Path) -> TokenStream {
    let p = quote!(#krate::__private);
    quote! {
        pub static EFFECT: #p::AgslInfo = #p::AgslInfo {
            module: &#p::ModuleInfo {
                name: ::core::module_path!(),
                spirv: SPIRV,
                entry: #p::EntryPoint { name: "main", stage: #p::Stage::Fragment, workgroup_size: ::core::option::Option::None, workgroup_size_overrides: [::core::option::Option::None; 3], workgroup_size_expressions: [&[]; 3], vertex_inputs: &[], invocation_indexed: &[] },
                bindings: &[],
                push_constants: &[],
                specialization_constants: &[],
                bounds_checked: true,
                reload: ::core::option::Option::None,
            },
            uniforms: ::core::option::Option::None,
            children: &[],
        };
        pub const CHILDREN: &[&str] = &[];
    }
}

fn option(value: Option<u32>) -> TokenStream {
    match value {
        Some(v) => quote!(::core::option::Option::Some(#v)),
        None => quote!(::core::option::Option::None),
    }
}

#[cfg(test)]
mod tests {
    //! What an AGSL module gets, checked on the expansion's tokens.

    fn expand(input: &str) -> String {
        let args: crate::args::Invocation = syn::parse_str(input).expect("arguments parse");
        crate::expand::expand(args).to_string()
    }

    #[test]
    fn agsl_modules_get_effect_uniforms_and_children() {
        let out = expand(
            "mod tint; lang: agsl, src: \"uniform shader image; layout(color) uniform half4 color; half4 main(float2 p) { return image.eval(p) * color; }\"",
        );
        for item in ["pub static EFFECT", "pub type Uniforms = AgslUniforms", "pub const CHILDREN : & [& str] = & [\"image\"]", "color : true"] {
            assert!(out.contains(item), "no `{item}` in:\n{out}");
        }
        let wgsl = expand("mod s; lang: wgsl, src: \"@compute @workgroup_size(1) fn main() {}\"");
        assert!(!wgsl.contains("EFFECT"), "only AGSL modules get EFFECT");
    }

    /// After a shader error the module still has `EFFECT` and `CHILDREN`, so code using them
    /// adds no follow-on errors to the one real error.
    #[test]
    fn a_broken_agsl_shader_still_has_stand_in_items() {
        let out = expand("mod broken; lang: agsl, src: \"half4 main(float2 p) { return nope; }\"");
        assert!(out.contains("compile_error"), "the error is reported:\n{out}");
        assert_eq!(out.matches("pub static EFFECT").count(), 1, "{out}");
        assert!(out.contains("pub const CHILDREN"), "{out}");
    }
}
