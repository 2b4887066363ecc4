//! Items generated for a compiled shader: SPIR-V, entry points, bindings, host structs, and
//! the layout assertions of `types` bindings. Everything is plain `const`/`static` data of
//! `shader_runtime::__private` types, so the runtime decides how to build wgpu objects.

use proc_macro2::{Literal, Span, TokenStream};
use quote::{format_ident, quote};
use shader_core::ir::{self, AddressSpace, ArraySize, Handle, MatrixLayout, Module, ScalarKind, TypeInner};
use shader_core::reflect::{self, Reflection};
use shader_core::Language;
use std::collections::BTreeMap;

/// What the generator needs besides the compiled module.
pub struct Context<'a> {
    pub krate: &'a syn::Path,
    pub language: Language,
    pub types: &'a [(syn::Ident, syn::Path)],
    /// The entry point `ENTRY`/`STAGE`/`WORKGROUP_SIZE` describe.
    pub entry: Option<usize>,
}

/// The module body for a successful compilation.
pub fn items(module: &Module, reflection: &Reflection, spirv: &[u32], cx: &Context) -> TokenStream {
    let krate = cx.krate;
    let p = quote!(#krate::__private);
    let words = spirv.iter().map(|w| Literal::u32_unsuffixed(*w));
    let bytes: Vec<u8> = spirv.iter().flat_map(|w| w.to_le_bytes()).collect();
    let byte_len = bytes.len();
    let byte_lit = Literal::byte_string(&bytes);

    let entry_points = reflection.entry_points.iter().map(|ep| entry_point(ep, &p));
    let mut selected = TokenStream::new();
    if let Some(index) = cx.entry {
        let ep = &reflection.entry_points[index];
        let name = &ep.name;
        let stage = stage(ep.stage, &p);
        selected.extend(quote! {
            /// The entry point this module was generated for.
            pub const ENTRY: &str = #name;
            /// The stage of [`ENTRY`].
            pub const STAGE: #p::Stage = #stage;
        });
        if let Some([x, y, z]) = ep.workgroup_size {
            selected.extend(quote! {
                /// The workgroup size of [`ENTRY`] (`@workgroup_size` / `local_size_*`).
                pub const WORKGROUP_SIZE: [u32; 3] = [#x, #y, #z];
            });
        }
    }
    let bindings = reflection.bindings.iter().map(|b| binding(b, &p));
    let push_constants = reflection.push_constants.iter().map(|pc| {
        let name = pc.name.clone().unwrap_or_default();
        let ty = &pc.ty;
        let size = pc.layout.size;
        let stages = pc.stages.iter().map(|s| stage(*s, &p));
        quote!(#p::PushConstant { name: #name, ty: #ty, size: #size, stages: &[#(#stages),*] })
    });
    let spec_constants = reflection.specialization_constants.iter().map(|sc| {
        let name = sc.name.clone().unwrap_or_default();
        let id = sc.id;
        let ty = &sc.ty;
        let default = match sc.default {
            Some(reflect::Value::Bool(b)) => {
                let v = if b { 1.0f64 } else { 0.0 };
                quote!(::core::option::Option::Some(#v))
            }
            Some(reflect::Value::Int(v)) => {
                let v = v as f64;
                quote!(::core::option::Option::Some(#v))
            }
            Some(reflect::Value::Uint(v)) => {
                let v = v as f64;
                quote!(::core::option::Option::Some(#v))
            }
            Some(reflect::Value::Float(v)) => quote!(::core::option::Option::Some(#v)),
            None => quote!(::core::option::Option::None),
        };
        quote!(#p::SpecializationConstant { name: #name, id: #id, ty: #ty, default: #default })
    });
    let structs = structs(module, cx);

    quote! {
        /// The SPIR-V module, validated at compile time.
        pub static SPIRV: &[u32] = &[#(#words),*];
        /// [`SPIRV`] as little-endian bytes, 4-byte aligned.
        pub static SPIRV_BYTES: &[u8] = {
            static ALIGNED: &#p::Aligned<[u8; #byte_len]> = &#p::Aligned(*#byte_lit);
            &ALIGNED.0
        };
        /// Every entry point of the module.
        pub const ENTRY_POINTS: &[#p::EntryPoint] = &[#(#entry_points),*];
        #selected
        /// Every resource binding, sorted by (group, binding).
        pub const BINDINGS: &[#p::Binding] = &[#(#bindings),*];
        /// Push-constant blocks (wgpu immediates).
        pub const PUSH_CONSTANTS: &[#p::PushConstant] = &[#(#push_constants),*];
        /// Specialization constants (WGSL `override`, GLSL `constant_id`).
        pub const SPECIALIZATION_CONSTANTS: &[#p::SpecializationConstant] = &[#(#spec_constants),*];
        #structs
    }
}

/// The items emitted when the shader did not compile, so uses of the module do not add
/// follow-on errors to the real ones.
pub fn stub_items(krate: &syn::Path) -> TokenStream {
    let p = quote!(#krate::__private);
    quote! {
        pub static SPIRV: &[u32] = &[];
        pub static SPIRV_BYTES: &[u8] = &[];
        pub const ENTRY_POINTS: &[#p::EntryPoint] = &[];
        pub const ENTRY: &str = "";
        pub const WORKGROUP_SIZE: [u32; 3] = [1, 1, 1];
        pub const BINDINGS: &[#p::Binding] = &[];
        pub const PUSH_CONSTANTS: &[#p::PushConstant] = &[];
        pub const SPECIALIZATION_CONSTANTS: &[#p::SpecializationConstant] = &[];
    }
}

fn stage(stage: reflect::Stage, p: &TokenStream) -> TokenStream {
    match stage {
        reflect::Stage::Vertex => quote!(#p::Stage::Vertex),
        reflect::Stage::Fragment => quote!(#p::Stage::Fragment),
        reflect::Stage::Compute => quote!(#p::Stage::Compute),
    }
}

fn option<T: quote::ToTokens>(value: Option<T>) -> TokenStream {
    match value {
        Some(v) => quote!(::core::option::Option::Some(#v)),
        None => quote!(::core::option::Option::None),
    }
}

fn entry_point(ep: &reflect::EntryPoint, p: &TokenStream) -> TokenStream {
    let name = &ep.name;
    let st = stage(ep.stage, p);
    let workgroup_size = option(ep.workgroup_size.map(|[x, y, z]| quote!([#x, #y, #z])));
    let inputs = ep.vertex_inputs.iter().map(|input| {
        let location = input.location;
        let name = input.name.clone().unwrap_or_default();
        let ty = &input.ty;
        let format = option(input.format);
        quote!(#p::VertexInput { location: #location, name: #name, ty: #ty, format: #format })
    });
    quote!(#p::EntryPoint { name: #name, stage: #st, workgroup_size: #workgroup_size, vertex_inputs: &[#(#inputs),*] })
}

fn binding(b: &reflect::Binding, p: &TokenStream) -> TokenStream {
    let group = b.group;
    let index = b.binding;
    let name = b.name.clone().unwrap_or_default();
    let ty = &b.ty;
    let kind = match b.kind {
        reflect::BindingKind::UniformBuffer => quote!(UniformBuffer),
        reflect::BindingKind::StorageBuffer => {
            let read_only = b.access == Some(reflect::Access::Read);
            quote!(StorageBuffer { read_only: #read_only })
        }
        reflect::BindingKind::SampledTexture => quote!(SampledTexture),
        reflect::BindingKind::MultisampledTexture => quote!(MultisampledTexture),
        reflect::BindingKind::DepthTexture => quote!(DepthTexture),
        reflect::BindingKind::StorageTexture => quote!(StorageTexture),
        reflect::BindingKind::Sampler => quote!(Sampler),
        reflect::BindingKind::ComparisonSampler => quote!(ComparisonSampler),
        reflect::BindingKind::CombinedImageSampler => quote!(CombinedImageSampler),
    };
    let min_size = option(b.buffer.as_ref().map(|l| u64::from(l.size)));
    let runtime_stride = option(b.buffer.as_ref().and_then(|l| l.runtime_array_stride).map(u64::from));
    let count = option(b.count);
    let stages = b.stages.iter().map(|s| stage(*s, p));
    quote! {
        #p::Binding {
            group: #group, binding: #index, name: #name, kind: #p::BindingKind::#kind, ty: #ty,
            min_binding_size: #min_size, runtime_array_stride: #runtime_stride, count: #count,
            stages: &[#(#stages),*],
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Host structs

/// How a struct is used, which decides the rule its layout followed.
fn rule_name(language: Language, space: AddressSpace) -> &'static str {
    match (language, space) {
        (Language::Wgsl, AddressSpace::Uniform) => "WGSL uniform",
        (Language::Wgsl, _) => "WGSL storage",
        (_, AddressSpace::Uniform) => "std140",
        (_, _) => "std430",
    }
}

/// Every named struct reachable from a buffer or push-constant global, with its first use.
fn host_structs(module: &Module) -> Vec<(Handle<ir::Type>, AddressSpace)> {
    fn visit(module: &Module, ty: Handle<ir::Type>, space: AddressSpace, out: &mut Vec<(Handle<ir::Type>, AddressSpace)>, depth: u32) {
        if depth > 64 || out.iter().any(|(t, _)| *t == ty) {
            return;
        }
        match module.inner(ty) {
            TypeInner::Struct { members, .. } => {
                for member in members {
                    visit(module, member.ty, space, out, depth + 1);
                }
                if module.types[ty].name.is_some() {
                    out.push((ty, space));
                }
            }
            TypeInner::Array { base, .. } | TypeInner::BindingArray { base, .. } => visit(module, *base, space, out, depth + 1),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for (_, global) in module.globals.iter() {
        if matches!(global.space, AddressSpace::Uniform | AddressSpace::Storage { .. } | AddressSpace::PushConstant) {
            visit(module, global.ty, global.space, &mut out, 0);
        }
    }
    out
}

fn structs(module: &Module, cx: &Context) -> TokenStream {
    let krate = cx.krate;
    let p = quote!(#krate::__private);
    let mut out = TokenStream::new();
    let mut names: BTreeMap<String, usize> = BTreeMap::new();
    let host = host_structs(module);
    // Rust names of the generated structs, so members of struct type can name them.
    let mut rust_names: BTreeMap<Handle<ir::Type>, TokenStream> = BTreeMap::new();
    for (ty, _) in &host {
        let name = module.types[*ty].name.clone().unwrap_or_default();
        if let Some((_, path)) = cx.types.iter().find(|(shader, _)| *shader == name) {
            rust_names.insert(*ty, quote!(#path));
            continue;
        }
        let count = names.entry(name.clone()).or_insert(0);
        *count += 1;
        let ident = if *count == 1 { ident(&name) } else { format_ident!("{}{}", name, *count) };
        rust_names.insert(*ty, quote!(#ident));
    }
    for (ty, space) in &host {
        let name = module.types[*ty].name.clone().unwrap_or_default();
        let rule = rule_name(cx.language, *space);
        if let Some((shader, path)) = cx.types.iter().find(|(shader, _)| *shader == name) {
            // ONE const per struct: the first mismatch is the error, on the user's path.
            let desc = shader_desc(module, *ty, None, 0, &p);
            let span = path.segments.last().map_or(Span::call_site(), |s| s.ident.span());
            let const_name = format_ident!("__SHADER_LAYOUT_OF_{}", shader);
            // Every token of the check carries the path's span, so rustc's "evaluation failed"
            // points at the user's type rather than at the whole macro.
            let check = respan(quote!(#p::check_bound(&<#path as #p::GpuLayout>::DESC, &#const_name, #rule)), span);
            out.extend(quote! {
                #[allow(non_upper_case_globals)]
                const #const_name: #p::TypeDesc = #desc;
                const _: () = #check;
            });
            continue;
        }
        out.extend(host_struct(module, *ty, &rust_names, &p, rule));
    }
    out
}

/// `tokens` with every span set to `span` (also inside groups).
pub fn respan(tokens: TokenStream, span: Span) -> TokenStream {
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

/// A Rust identifier for a shader name, raw where the name is a Rust keyword.
fn ident(name: &str) -> syn::Ident {
    syn::parse_str::<syn::Ident>(name).unwrap_or_else(|_| syn::Ident::new_raw(name, Span::call_site()))
}

fn scalar_type(kind: ScalarKind, width: u8, p: &TokenStream) -> TokenStream {
    match (kind, width) {
        (ScalarKind::Float, 2) => quote!(#p::f16),
        (ScalarKind::Float, 8) => quote!(f64),
        (ScalarKind::Float, _) => quote!(f32),
        (ScalarKind::Sint, 8) => quote!(i64),
        (ScalarKind::Sint, 2) => quote!(i16),
        (ScalarKind::Sint, _) => quote!(i32),
        (ScalarKind::Uint, 8) => quote!(u64),
        (ScalarKind::Uint, 2) => quote!(u16),
        (ScalarKind::Uint, _) => quote!(u32),
        (ScalarKind::Bool, _) => quote!(u32),
    }
}

/// The Rust type of a member and its Rust size. Vectors are arrays; padded array elements and
/// matrix columns become wider arrays (`[[f32; 4]; 3]` for a std140 mat3), so the Rust bytes
/// match the shader's with no wrapper types.
fn rust_type(
    module: &Module,
    ty: Handle<ir::Type>,
    matrix: Option<MatrixLayout>,
    names: &BTreeMap<Handle<ir::Type>, TokenStream>,
    p: &TokenStream,
) -> Option<(TokenStream, u32)> {
    Some(match *module.inner(ty) {
        TypeInner::Scalar(s) | TypeInner::Atomic(s) => (scalar_type(s.kind, s.width, p), u32::from(s.width)),
        TypeInner::Vector { size, scalar } => {
            let n = size as usize;
            let t = scalar_type(scalar.kind, scalar.width, p);
            (quote!([#t; #n]), n as u32 * u32::from(scalar.width))
        }
        TypeInner::Matrix { columns, rows, scalar } => {
            let t = scalar_type(scalar.kind, scalar.width, p);
            let width = u32::from(scalar.width);
            let stride = matrix.map_or(rows as u32 * width, |m| m.stride);
            let column = (stride / width) as usize;
            let c = columns as usize;
            (quote!([[#t; #column]; #c]), stride * columns as u32)
        }
        TypeInner::Array { base, size: ArraySize::Constant(n), stride } => {
            let (element, size) = rust_type(module, base, matrix, names, p)?;
            let element = if size == stride {
                element
            } else {
                // Only scalars and vectors have a stride above their size (structs are rounded
                // up to their alignment already): widen the element.
                let (kind, width) = match *module.inner(base) {
                    TypeInner::Scalar(s) | TypeInner::Vector { scalar: s, .. } | TypeInner::Atomic(s) => (s.kind, s.width),
                    _ => return None,
                };
                let t = scalar_type(kind, width, p);
                let k = (stride / u32::from(width)) as usize;
                quote!([#t; #k])
            };
            let n_usize = n as usize;
            (quote!([#element; #n_usize]), stride * n)
        }
        TypeInner::Struct { span, .. } => (names.get(&ty)?.clone(), span),
        _ => return None,
    })
}

/// One `#[repr(C)]` Pod struct with explicit padding and a constructor without it. A trailing
/// runtime-sized array is left out: the struct is the block's fixed part.
fn host_struct(
    module: &Module,
    ty: Handle<ir::Type>,
    names: &BTreeMap<Handle<ir::Type>, TokenStream>,
    p: &TokenStream,
    rule: &str,
) -> TokenStream {
    let TypeInner::Struct { members, span } = module.inner(ty) else { return TokenStream::new() };
    let Some(name) = names.get(&ty) else { return TokenStream::new() };
    let mut fields = Vec::new();
    let mut described: Vec<(syn::Ident, TokenStream, Span)> = Vec::new();
    let mut params = Vec::new();
    let mut inits = Vec::new();
    let mut cursor = 0u32;
    let mut end = *span;
    let mut pads = 0u32;
    let mut pad = |gap: u32, fields: &mut Vec<TokenStream>, inits: &mut Vec<TokenStream>, described: &mut Vec<(syn::Ident, TokenStream, Span)>| {
        let field = format_ident!("_pad{}", pads);
        pads += 1;
        let (ty, n) = if gap & 3 == 0 { (quote!(u32), (gap / 4) as usize) } else { (quote!(u8), gap as usize) };
        fields.push(quote!(pub #field: [#ty; #n]));
        inits.push(quote!(#field: [0; #n]));
        described.push((field, quote!([#ty; #n]), Span::call_site()));
    };
    for (index, member) in members.iter().enumerate() {
        if let TypeInner::Array { size: ArraySize::Dynamic, .. } = module.inner(member.ty) {
            end = member.offset;
            break;
        }
        let Some((rust, size)) = rust_type(module, member.ty, member.matrix, names, p) else { continue };
        if member.offset > cursor {
            pad(member.offset - cursor, &mut fields, &mut inits, &mut described);
        }
        let field = ident(&member.name.clone().unwrap_or_else(|| format!("member{index}")));
        let doc = format!("Offset {} ({rule}).", member.offset);
        fields.push(quote!(#[doc = #doc] pub #field: #rust));
        params.push(quote!(#field: #rust));
        described.push((field.clone(), rust.clone(), Span::call_site()));
        inits.push(quote!(#field));
        cursor = member.offset + size;
    }
    if end > cursor {
        pad(end - cursor, &mut fields, &mut inits, &mut described);
    }
    let doc = format!("The shader struct `{}` ({rule} layout, {end} bytes).", module.types[ty].name.clone().unwrap_or_default());
    let bytemuck = quote!(#p::bytemuck).to_string();
    let size = end as usize;
    let Ok(ident) = syn::parse2::<syn::Ident>(name.clone()) else { return TokenStream::new() };
    let describe = crate::derive::describe(&ident, &described, p);
    // The generator's own promise, checked by the compiler: the Rust struct has the shader's
    // layout (so it can also be bound in another shader's `types`).
    let shader = shader_desc(module, ty, None, 0, p);
    let self_check = quote! {
        const _: () = #p::check_bound(&<#name as #p::GpuLayout>::DESC, &#shader, #rule);
    };
    quote! {
        #[doc = #doc]
        #[repr(C)]
        #[derive(Clone, Copy, Debug, PartialEq, #p::bytemuck::Pod, #p::bytemuck::Zeroable)]
        #[bytemuck(crate = #bytemuck)]
        pub struct #name { #(#fields),* }

        impl #name {
            /// A value from its data members; padding is zeroed.
            #[allow(clippy::too_many_arguments)]
            pub const fn new(#(#params),*) -> Self {
                Self { #(#inits),* }
            }
        }

        const _: () = ::core::assert!(::core::mem::size_of::<#name>() == #size);
        #describe
        #self_check
    }
}

/// The shader's layout of `ty` as a `TypeDesc` expression (for `types` checks).
fn shader_desc(module: &Module, ty: Handle<ir::Type>, matrix: Option<MatrixLayout>, depth: u32, p: &TokenStream) -> TokenStream {
    let name = type_name(module, ty, 0);
    let scalar = |kind: ScalarKind, width: u8| {
        let kind = match kind {
            ScalarKind::Float => quote!(Float),
            ScalarKind::Sint => quote!(Sint),
            // Booleans have no layout; validated buffers do not contain them.
            ScalarKind::Uint | ScalarKind::Bool => quote!(Uint),
        };
        let width = u32::from(width);
        quote!(#p::Scalar { kind: #p::ScalarKind::#kind, width: #width })
    };
    let (shape, size, align) = match *module.inner(ty) {
        TypeInner::Scalar(s) | TypeInner::Atomic(s) => {
            let sc = scalar(s.kind, s.width);
            (quote!(Scalar(#sc)), u32::from(s.width), u32::from(s.width))
        }
        TypeInner::Vector { size, scalar: s } => {
            let sc = scalar(s.kind, s.width);
            let n = size as u32;
            let w = u32::from(s.width);
            (quote!(Vector { size: #n, scalar: #sc }), n * w, if n == 3 { 4 * w } else { n * w })
        }
        TypeInner::Matrix { columns, rows, scalar: s } => {
            let sc = scalar(s.kind, s.width);
            let (c, r) = (columns as u32, rows as u32);
            let stride = matrix.map_or(r * u32::from(s.width), |m| m.stride);
            (quote!(Matrix { columns: #c, rows: #r, scalar: #sc, stride: #stride }), stride * c, stride)
        }
        TypeInner::Array { base, size, stride } if depth < 32 => {
            let element = shader_desc(module, base, matrix, depth + 1, p);
            let len = match size {
                ArraySize::Constant(n) => n,
                ArraySize::Dynamic => 0,
            };
            (quote!(Array { element: &#element, len: #len, stride: #stride }), stride * len, 4)
        }
        TypeInner::Struct { ref members, span } if depth < 32 => {
            let fields = members.iter().enumerate().map(|(i, m)| {
                let name = m.name.clone().unwrap_or_else(|| format!("member{i}"));
                let offset = m.offset;
                let ty = shader_desc(module, m.ty, m.matrix, depth + 1, p);
                quote!(#p::Field { name: #name, offset: #offset, ty: &#ty })
            });
            (quote!(Struct { fields: &[#(#fields),*] }), span, 4)
        }
        _ => (quote!(Padding), 0, 1),
    };
    quote!(#p::TypeDesc { name: #name, shape: #p::Shape::#shape, size: #size, align: #align })
}

/// WGSL spelling of a type, for messages.
fn type_name(module: &Module, ty: Handle<ir::Type>, depth: u32) -> String {
    let scalar = |s: ir::Scalar| match (s.kind, s.width) {
        (ScalarKind::Float, 2) => "f16".to_string(),
        (ScalarKind::Float, 8) => "f64".to_string(),
        (ScalarKind::Float, _) => "f32".to_string(),
        (ScalarKind::Sint, w) => format!("i{}", u32::from(w) * 8),
        (ScalarKind::Uint, w) => format!("u{}", u32::from(w) * 8),
        (ScalarKind::Bool, _) => "bool".to_string(),
    };
    if depth > 32 {
        return "..".to_string();
    }
    match *module.inner(ty) {
        TypeInner::Scalar(s) => scalar(s),
        TypeInner::Atomic(s) => format!("atomic<{}>", scalar(s)),
        TypeInner::Vector { size, scalar: s } => format!("vec{}<{}>", size as u32, scalar(s)),
        TypeInner::Matrix { columns, rows, scalar: s } => format!("mat{}x{}<{}>", columns as u32, rows as u32, scalar(s)),
        TypeInner::Array { base, size: ArraySize::Constant(n), .. } => {
            format!("array<{}, {n}>", type_name(module, base, depth + 1))
        }
        TypeInner::Array { base, .. } => format!("array<{}>", type_name(module, base, depth + 1)),
        _ => module.types[ty].name.clone().unwrap_or_else(|| "struct".to_string()),
    }
}
