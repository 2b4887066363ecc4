//! `#[derive(Std140)]` and `#[derive(Std430)]`: describe the struct (field shapes from their
//! types' `GpuLayout`, offsets from `offset_of!`) and check it against the rule in a `const`.
//!
//! The proc macro cannot know field types' layouts (they are other crates' types), so the
//! check itself runs at const-evaluation time in `shader_runtime::layout::check_std`, which
//! returns the message of a mismatch; the generated `const` item panics with it, which rustc
//! reports as a compile error on the struct's name ([`layout_check`]).
//! Fields named `_pad*`/`_padding*` are explicit padding: any `Pod` type, no shape; a struct
//! with them also gets `new(data fields)` and `Default`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::ext::IdentExt;
use syn::spanned::Spanned;

use shader_layout::Rule;

pub fn expand(input: syn::DeriveInput, rule: Rule) -> syn::Result<TokenStream> {
    let derive = match rule {
        Rule::Std140 => "Std140",
        _ => "Std430",
    };
    let mut errors: Option<syn::Error> = None;
    let mut error = |e: syn::Error| match &mut errors {
        Some(all) => all.combine(e),
        None => errors = Some(e),
    };
    let repr_c = input.attrs.iter().any(|a| {
        a.path().is_ident("repr")
            && a.parse_args_with(syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
                .is_ok_and(|metas| metas.iter().any(|m| m.path().is_ident("C")))
    });
    if !repr_c {
        error(syn::Error::new(
            input.ident.span(),
            format!("`#[derive({derive})]` needs `#[repr(C)]` on the struct: Rust may reorder the fields of other structs"),
        ));
    }
    if !input.generics.params.is_empty() {
        error(syn::Error::new(input.generics.span(), format!("`#[derive({derive})]` does not support generic structs")));
    }
    let fields = match &input.data {
        syn::Data::Struct(syn::DataStruct { fields: syn::Fields::Named(named), .. }) => named.named.iter().collect(),
        syn::Data::Struct(s) => {
            error(syn::Error::new(s.fields.span(), format!("`#[derive({derive})]` needs a struct with named fields")));
            Vec::new()
        }
        _ => {
            error(syn::Error::new(input.ident.span(), format!("`#[derive({derive})]` only applies to structs")));
            Vec::new()
        }
    };
    for field in &fields {
        if let Some(why) = unshareable(&field.ty) {
            error(syn::Error::new(field.ty.span(), why));
        }
    }
    if let Some(errors) = errors {
        return Err(errors);
    }

    let name = &input.ident;
    let p = quote!(::shader_runtime::__private);
    let rule_tokens = match rule {
        Rule::Std140 => quote!(#p::Rule::Std140),
        Rule::Std430 => quote!(#p::Rule::Std430),
        Rule::Scalar => quote!(#p::Rule::Scalar),
        Rule::Wgsl => quote!(#p::Rule::Wgsl),
    };
    let described: Vec<(syn::Ident, TokenStream, proc_macro2::Span)> = fields
        .iter()
        .map(|f| {
            let ty = &f.ty;
            (f.ident.clone().expect("named fields have names"), quote!(#ty), ty.span())
        })
        .collect();
    let describe = describe(name, &described, &p);
    let check = layout_check(quote!(#p::check_std(&<#name as #p::GpuLayout>::DESC, #rule_tokens)), name.span());
    let pod_checks = described.iter().map(|(_, ty, span)| quote_spanned!(*span=> #p::assert_pod::<#ty>();));
    let constructors = padded_constructors(name, &fields, &p);
    Ok(quote! {
        #describe
        // The layout check below proves there is no implicit padding and every field is Pod,
        // which is what bytemuck requires of a Pod struct.
        #[allow(unsafe_code)]
        unsafe impl #p::bytemuck::Zeroable for #name {}
        #[allow(unsafe_code)]
        unsafe impl #p::bytemuck::Pod for #name {}
        const _: () = { #(#pod_checks)* };
        #check
        #constructors
    })
}

/// For a struct with explicit padding (`_pad*` fields): `new` taking the data fields only, and
/// `Default` (all zero), as `shader!`'s generated structs have. Structs without padding fields
/// get neither, so a `#[derive(Default)]` or `fn new` of the user's own does not clash.
fn padded_constructors(name: &syn::Ident, fields: &[&syn::Field], p: &TokenStream) -> TokenStream {
    let is_pad = |f: &syn::Field| f.ident.as_ref().is_some_and(|i| i.unraw().to_string().starts_with("_pad"));
    if !fields.iter().any(|f| is_pad(f)) {
        return TokenStream::new();
    }
    let mut params = Vec::new();
    let mut inits = Vec::new();
    for field in fields {
        let ident = field.ident.as_ref().expect("named fields have names");
        if is_pad(field) {
            // SAFETY: every field is `Pod` (checked above), and zero bytes are a valid `Pod` value.
            inits.push(quote!(#ident: unsafe { ::core::mem::zeroed() }));
        } else {
            let ty = &field.ty;
            params.push(quote!(#ident: #ty));
            inits.push(quote!(#ident));
        }
    }
    quote! {
        impl #name {
            /// A value from its data fields; the `_pad` fields are zeroed.
            #[allow(clippy::too_many_arguments, unsafe_code)]
            pub const fn new(#(#params),*) -> Self {
                Self { #(#inits),* }
            }
        }

        impl ::core::default::Default for #name {
            /// All fields zero.
            fn default() -> Self {
                #p::bytemuck::Zeroable::zeroed()
            }
        }
    }
}

/// The `const` item that evaluates a layout check (`check_std`/`check_bound`, which return a
/// message) and panics with the message itself. Every token carries `span`, so rustc reports
/// "evaluation panicked: <message>" on the user's type. The panic must be here, not inside the
/// runtime's `const fn`: a panic there adds an "inside `check_std`" note pointing into the
/// runtime and `core`, whose text differs with and without the `rust-src` component.
pub fn layout_check(check: TokenStream, span: proc_macro2::Span) -> TokenStream {
    respan(
        quote! {
            const _: () = {
                let message = #check;
                if !message.is_empty() {
                    ::core::panic!("{}", message.as_str())
                }
            };
        },
        span,
    )
}

/// `tokens` with every span set to `span` (also inside groups).
fn respan(tokens: TokenStream, span: proc_macro2::Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tt| {
            if let proc_macro2::TokenTree::Group(g) = &tt {
                let mut group = proc_macro2::Group::new(g.delimiter(), respan(g.stream(), span));
                group.set_span(span);
                tt = proc_macro2::TokenTree::Group(group);
            } else {
                tt.set_span(span);
            }
            tt
        })
        .collect()
}

/// Field types that can never be shared with a shader, named in shader terms. Anything else
/// without a `GpuLayout` gets the trait's own message.
fn unshareable(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Reference(_) | syn::Type::Ptr(_) => {
            Some("references and pointers cannot be shared with a shader: GPU buffers hold plain data".to_string())
        }
        syn::Type::Path(path) if path.qself.is_none() => {
            let ident = path.path.get_ident()?.to_string();
            let fix = match ident.as_str() {
                "bool" => "`bool` has no host-shareable layout in GLSL or WGSL; use `u32` (0 or 1)",
                "usize" | "isize" => "pointer-sized integers have no shader equivalent; use `u32` or `i32`",
                "char" => "`char` has no shader equivalent; use `u32`",
                "u8" | "i8" | "u16" | "i16" => {
                    "8- and 16-bit integers are not shader scalar types in std140/std430 blocks; pack them into a `u32`"
                }
                "u64" | "i64" => "64-bit integers need shader extensions this derive does not describe; use two `u32`",
                _ => return None,
            };
            Some(fix.to_string())
        }
        _ => None,
    }
}

/// `impl GpuLayout` for a `#[repr(C)]` struct: each field's shape from its type's
/// `GpuLayout` (spanned at the type, so a missing impl is reported there), its Rust offset from
/// `offset_of!`. Fields named `_pad*` are padding. Also used for `shader!`'s generated structs.
pub fn describe(name: &syn::Ident, fields: &[(syn::Ident, TokenStream, proc_macro2::Span)], p: &TokenStream) -> TokenStream {
    let name_str = name.to_string();
    let descs = fields.iter().map(|(ident, ty, span)| {
        let field_name = ident.unraw().to_string();
        let ty_name = ty.to_string().replace(" ; ", "; ").replace("[ ", "[").replace(" ]", "]").replace(" :: ", "::");
        let ty_desc = if field_name.starts_with("_pad") {
            quote_spanned! {*span=>
                #p::TypeDesc { name: #ty_name, shape: #p::Shape::Padding, size: ::core::mem::size_of::<#ty>() as u32, align: 1 }
            }
        } else {
            let layout = quote_spanned!(*span=> #p::GpuLayout);
            quote_spanned!(*span=> #p::TypeDesc { name: #ty_name, ..<#ty as #layout>::DESC })
        };
        quote! {
            #p::Field { name: #field_name, offset: ::core::mem::offset_of!(#name, #ident) as u32, ty: &#ty_desc }
        }
    });
    quote! {
        impl #p::GpuLayout for #name {
            const DESC: #p::TypeDesc = #p::TypeDesc {
                name: #name_str,
                shape: #p::Shape::Struct { fields: &[#(#descs),*] },
                size: ::core::mem::size_of::<#name>() as u32,
                align: ::core::mem::align_of::<#name>() as u32,
            };
        }
    }
}
