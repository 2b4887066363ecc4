//! Redeclared built-in variables and the redeclared `gl_PerVertex` block (GLSL 4.60 §7.1
//! "Built-In Language Variables", §4.4.1.3, §4.4.2.3): which built-ins may be redeclared, and
//! what each redeclaration may change, per name, as glslang's `redeclareBuiltinVariable` and
//! `redeclareBuiltinBlock` decide (each verdict checked with glslangValidator -V). Every other
//! declaration of a `gl_` name is an error (GLSL 4.60 §3.7: such identifiers are reserved).
//!
//! The types and directions of the built-ins come from the one table,
//! [`builtins::core_builtin`].

use super::{builtins, Lowerer, Root, Sym, R};
use crate::diag::Diagnostic;
use crate::glsl::ast;
use crate::ir::*;
use crate::span::Span;
use crate::hash::FxHashMap as HashMap;

/// What a redeclaration of a built-in variable may change.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Redeclarable {
    /// `gl_FragCoord`: its layout (`origin_upper_left`, `pixel_center_integer`).
    FragCoord,
    /// `gl_FragDepth`: its depth layout.
    FragDepth,
    /// `gl_FragStencilRefARB` (GL_ARB_shader_stencil_export): its layout.
    StencilRef,
    /// `gl_ClipDistance`, `gl_CullDistance`: the array size.
    Distance,
    /// `gl_SampleMask`: only with `override_coverage` (GL_NV_sample_mask_override_coverage).
    SampleMask,
    /// `gl_Layer`: only with `viewport_relative` or `secondary_view_offset`.
    Layer,
    /// `gl_ShadingRateEXT`, `gl_PrimitiveShadingRateEXT`: taken as they are.
    Other,
}

/// What earlier redeclarations fixed.
#[derive(Default)]
pub(crate) struct Redeclarations {
    /// `gl_FragCoord` was redeclared; its (`origin_upper_left`, `pixel_center_integer`) so far.
    /// For Vulkan the origin is the upper left from the start, so a later redeclaration must
    /// say `origin_upper_left` (glslang: "cannot redeclare with different qualification").
    frag_coord: Option<(bool, bool)>,
    /// The depth layout `gl_FragDepth` was redeclared with: all must agree.
    depth_layout: Option<String>,
    /// `gl_PerVertex`, or `gl_ClipDistance`/`gl_CullDistance` of a vertex shader alone, was
    /// redeclared: the block can be redeclared once, before its members are.
    per_vertex: bool,
    /// Names that must not be used before a later declaration redeclares them or changes their
    /// qualification (glslang: "cannot redeclare after use", "cannot change qualification after
    /// use"): each such declaration's position, where it is, and the error, in source order.
    /// Function bodies are lowered after every global, so a use in an earlier body is caught
    /// when it is lowered ([`Lowerer::used_before_redeclaration`]), without a second pass over
    /// the source.
    later: HashMap<String, Vec<(usize, Span, String)>>,
    /// Names used at global scope so far (in global initializers and array sizes), with their
    /// first use: a redeclaration after one of them is the same error, reported there.
    used_at_global_scope: HashMap<String, Span>,
}

/// The members of the vertex shader's `gl_PerVertex` output block (GLSL 4.60 §7.1).
const PER_VERTEX: [&str; 4] = ["gl_Position", "gl_PointSize", "gl_ClipDistance", "gl_CullDistance"];

/// `gl_MaxClipDistances` and `gl_MaxCullDistances` as glslang defines them.
const MAX_DISTANCES: u32 = 8;

impl<'a> Lowerer<'a> {
    /// Records that the declaration being lowered redeclares `name` (or changes its
    /// qualification; `message` says which): using it in an earlier function is an error.
    pub(super) fn redeclared_here(&mut self, name: &str, span: Span, message: String) {
        if let Some(&at) = self.redeclared.used_at_global_scope.get(name) {
            let d = Diagnostic::error(message, span).with_secondary(at, "used here, at global scope before it");
            self.diags.push(d);
            return;
        }
        self.redeclared.later.entry(name.to_string()).or_default().push((self.decl_index, span, message));
    }

    /// A use of `name` (at `at`) inside a function body that comes before a declaration
    /// redeclaring it: reported once, at the redeclaration.
    /// A use at global scope is recorded for the redeclarations that follow it.
    pub(crate) fn used_before_redeclaration(&mut self, name: &str, at: Span) {
        if self.visible_until == usize::MAX {
            if !self.redeclared.used_at_global_scope.contains_key(name) {
                self.redeclared.used_at_global_scope.insert(name.to_string(), at);
            }
            return;
        }
        if self.redeclared.later.is_empty() {
            return;
        }
        // (A local of that name hides the global.)
        if self.scopes.iter().skip(1).any(|s| s.contains_key(name)) {
            return;
        }
        // The first of them after the body being lowered.
        let visible_until = self.visible_until;
        let Some(&(_, span, ref message)) = self.redeclared.later.get(name).and_then(|v| v.iter().find(|e| e.0 > visible_until)) else {
            return;
        };
        let d = Diagnostic::error(message.clone(), span).with_secondary(at, "used here, in a function before it");
        self.diags.push(d);
        self.redeclared.later.remove(name);
    }

    /// Which built-in `name` is in this shader, and what redeclaring it may change; `None` for
    /// a name that cannot be redeclared here (glslang: desktop GLSL, GLSL ES 3.20 or with
    /// GL_EXT_shader_io_blocks; `gl_FragDepth` from GLSL 4.20).
    fn redeclarable(&mut self, name: &str) -> Option<Redeclarable> {
        let io_blocks = self.has_extension("GL_EXT_shader_io_blocks") || self.has_extension("GL_OES_shader_io_blocks");
        if self.es && self.version < 320 && !io_blocks {
            return None;
        }
        let kind = match name {
            "gl_FragDepth" if self.es || self.version >= 420 => Redeclarable::FragDepth,
            "gl_FragCoord" => Redeclarable::FragCoord,
            "gl_FragStencilRefARB" if !self.es => Redeclarable::StencilRef,
            "gl_ClipDistance" | "gl_CullDistance" if !self.es => Redeclarable::Distance,
            "gl_SampleMask" => Redeclarable::SampleMask,
            "gl_Layer" => Redeclarable::Layer,
            "gl_ShadingRateEXT" | "gl_PrimitiveShadingRateEXT" => Redeclarable::Other,
            // GL_ARB_separate_shader_objects before GLSL 1.50: the vertex outputs alone.
            "gl_Position" | "gl_PointSize" if self.version <= 140 && self.has_extension("GL_ARB_separate_shader_objects") => Redeclarable::Other,
            _ => return None,
        };
        // The built-in must exist in this stage; its extension is checked where it is used
        // (glslang declares it and accepts the redeclaration without the extension).
        let exists = builtins::core_builtin(self, name).is_some() || !builtins::builtin_extensions(self.stage, name).is_empty();
        exists.then_some(kind)
    }

    /// A declaration of the `gl_` name `d` at global scope: a redeclaration of a built-in
    /// variable (`out float gl_ClipDistance[2];`, `layout(depth_greater) out float
    /// gl_FragDepth;`), checked against what the built-in is; it keeps its meaning, and only
    /// sizes, layouts and `invariant` are taken.
    pub(super) fn builtin_redeclaration(&mut self, q: &ast::TypeQualifiers, d: &'a ast::Declarator, ty: Handle<Type>) -> R<()> {
        let name = d.name.name.as_str();
        let Some(kind) = self.redeclarable(name) else {
            return Err(self.reserved_name(&d.name));
        };
        // The built-in's own type and direction; `gl_Layer` of a vertex shader and the shading
        // rates come from their extensions, with the direction of their stage.
        let (own_ty, output) = match builtins::core_builtin(self, name) {
            Some((_, t, output)) => (Some(t), output),
            None => (None, self.stage == Stage::Vertex),
        };
        let (what, storage) = if output { ("an output", "out") } else { ("an input", "in") };
        let expected = if output { ast::StorageQualifier::Out } else { ast::StorageQualifier::In };
        if q.storage_kind() != Some(expected) || q.storage().any(|(s, _)| s != expected) {
            let message = format!("the built-in `{name}` is {what} of this stage: a redeclaration keeps its storage qualifier `{storage}`");
            return Err(self.error(message, d.span));
        }
        if let Some(x) = q.qualifiers.iter().find(|x| matches!(x.kind, ast::QualifierKind::Auxiliary(_) | ast::QualifierKind::Memory(_))) {
            return Err(self.error(format!("cannot change the qualification of the built-in `{name}` when redeclaring it"), x.span));
        }
        if d.init.is_some() {
            return Err(self.error(format!("a redeclared built-in (`{name}`) cannot have an initializer"), d.span));
        }
        if !output {
            self.integer_input_flat(q, d, ty);
        }
        if !output && q.is_invariant() {
            let span = q.qualifiers.iter().find(|x| matches!(x.kind, ast::QualifierKind::Invariant)).map_or(d.span, |x| x.span);
            return Err(self.invariant_not_output(span));
        }
        if let Some(own) = own_ty {
            let (elem, array) = self.element(ty);
            self.keeps_builtin_type(name, own, elem, array, d.span)?;
        }
        let interpolation = q.qualifiers.iter().find(|x| {
            matches!(x.kind, ast::QualifierKind::Interpolation(ast::Interpolation::Flat | ast::Interpolation::NoPerspective))
        });
        if let (Some(x), Redeclarable::FragCoord | Redeclarable::FragDepth | Redeclarable::StencilRef | Redeclarable::Distance) = (interpolation, kind) {
            return Err(self.error(format!("the interpolation of the built-in `{name}` cannot be changed by a redeclaration"), x.span));
        }
        // glslang checks against earlier uses the first redeclaration of `gl_FragCoord` (a later
        // one finds the program's own variable), every one of `gl_FragDepth` that gives a depth
        // layout and none that gives none (GLSL 4.60 §4.4.1.3, §4.4.2.3 want the first before any use).
        let checked = match kind {
            Redeclarable::FragCoord => self.redeclared.frag_coord.is_none(),
            Redeclarable::FragDepth => q.layouts().any(|l| l.name.name.to_ascii_lowercase().starts_with("depth_")),
            _ => matches!(name, "gl_Position" | "gl_PointSize"),
        };
        match kind {
            Redeclarable::Distance => {
                if let Some(l) = q.layouts().next() {
                    return Err(self.error(format!("`{name}` is redeclared with the layout qualifier `{}`: it takes none", l.name.name), l.span));
                }
                if let TypeInner::Array { size: ArraySize::Constant(n), .. } = *self.inner(ty) {
                    self.distance_size(name, n, d.span)?;
                }
                if self.stage == Stage::Vertex {
                    self.redeclared.per_vertex = true;
                }
            }
            Redeclarable::FragCoord => {
                let now = (q.layout("origin_upper_left").is_some(), q.layout("pixel_center_integer").is_some());
                match self.redeclared.frag_coord {
                    Some(before) if before != now => {
                        let d = Diagnostic::error("`gl_FragCoord` is redeclared with other layout qualifiers than before", d.span).with_note(
                            "every later redeclaration repeats `origin_upper_left` (Vulkan's origin) and the `pixel_center_integer` of the first",
                        );
                        self.diags.push(d);
                        return Err(super::Reported);
                    }
                    Some(_) => {}
                    None => self.redeclared.frag_coord = Some((true, now.1)),
                }
            }
            Redeclarable::FragDepth => {
                if let Some(l) = q.layouts().find(|l| l.name.name.to_ascii_lowercase().starts_with("depth_")) {
                    let layout = l.name.name.to_ascii_lowercase();
                    match &self.redeclared.depth_layout {
                        Some(before) if *before != layout => {
                            let message = format!("`gl_FragDepth` is redeclared `{layout}` after `{before}`: every redeclaration must use the same depth layout");
                            return Err(self.error(message, l.span));
                        }
                        _ => self.redeclared.depth_layout = Some(layout),
                    }
                }
            }
            Redeclarable::SampleMask if q.layout("override_coverage").is_none() => {
                let message = "`gl_SampleMask` can be redeclared only with `layout(override_coverage)` (GL_NV_sample_mask_override_coverage)";
                return Err(self.error(message, d.span));
            }
            Redeclarable::Layer if q.layout("viewport_relative").is_none() && q.layout("secondary_view_offset").is_none() => {
                let message = "`gl_Layer` can be redeclared only with `layout(viewport_relative)` or `layout(secondary_view_offset = N)` (GL_NV_viewport_array2, GL_NV_stereo_view_rendering)";
                return Err(self.error(message, d.span));
            }
            _ => {}
        }
        if checked {
            self.redeclared_here(name, d.name.span, format!("cannot redeclare `{name}` after its use"));
        }
        if q.is_invariant() {
            self.builtin_invariant(name);
        }
        self.layer_redeclaration(q, name, d.span)
    }

    /// The redeclared `gl_PerVertex` output block of a vertex shader: its members are some of
    /// the built-ins, with their types; a member may take `invariant`, `precise`, interpolation,
    /// `centroid`/`sample` and `xfb_*` layouts, and the clip/cull arrays their sizes.
    pub(super) fn per_vertex_block(&mut self, b: &'a ast::InterfaceBlock, output: bool) -> R<()> {
        if self.stage != Stage::Vertex || !output {
            return Err(self.error("only the vertex shader's output block `out gl_PerVertex { ... };` can be redeclared here", b.name.span));
        }
        if self.redeclared.per_vertex {
            let message = "`gl_PerVertex` can be redeclared once, and before `gl_ClipDistance` or `gl_CullDistance` is redeclared alone";
            return Err(self.error(message, b.name.span));
        }
        self.redeclared.per_vertex = true;
        // No member may be used before, the ones left out too (glslang: "can only redeclare a
        // built-in block once, and before any use").
        for name in PER_VERTEX {
            self.redeclared_here(name, b.name.span, format!("cannot redeclare `gl_PerVertex` after the use of its member `{name}`"));
        }
        if let Some(i) = &b.instance {
            return Err(self.error(format!("the redeclared `gl_PerVertex` of a vertex shader has no instance name (`{}`)", i.name), i.span));
        }
        if let Some(a) = b.array.first() {
            return Err(self.error("the redeclared `gl_PerVertex` of a vertex shader is not an array", a.span));
        }
        for mm in &b.members {
            let changed = mm.qualifiers.qualifiers.iter().find(|x| match &x.kind {
                ast::QualifierKind::Memory(_) | ast::QualifierKind::Auxiliary(ast::Auxiliary::Patch) => true,
                ast::QualifierKind::Storage(s) => *s != ast::StorageQualifier::Out,
                ast::QualifierKind::Layout(ls) => ls.iter().any(|l| !l.name.name.to_ascii_lowercase().starts_with("xfb_")),
                _ => false,
            });
            if let Some(x) = changed {
                return Err(self.error("a member of the redeclared `gl_PerVertex` may change only its `invariant`, `precise`, interpolation, `centroid`/`sample` and `xfb_*` qualifiers", x.span));
            }
            let base = self.resolve_type(&mm.ty, &[])?;
            for d in &mm.declarators {
                let name = d.name.name.as_str();
                let own = match PER_VERTEX.contains(&name).then(|| builtins::core_builtin(self, name)).flatten() {
                    Some((_, own, _)) => own,
                    None => return Err(self.error(format!("`{name}` is not a member of `gl_PerVertex`"), d.name.span)),
                };
                self.keeps_builtin_type(name, own, base, d.array.len() + mm.ty.array.len() == 1, d.span)?;
                if let Some(a) = d.array.first().filter(|a| a.size.is_some()) {
                    if let Ok(ArraySize::Constant(n)) = self.array_size(a) {
                        self.distance_size(name, n, d.span)?;
                    }
                }
                if mm.qualifiers.is_invariant() {
                    self.builtin_invariant(name);
                }
            }
        }
        Ok(())
    }

    /// The element type of `ty` and whether it is an array.
    fn element(&self, ty: Handle<Type>) -> (Handle<Type>, bool) {
        match *self.inner(ty) {
            TypeInner::Array { base, .. } => (base, true),
            _ => (ty, false),
        }
    }

    /// A redeclared built-in keeps its type: the element type and arrayness of `own`.
    fn keeps_builtin_type(&mut self, name: &str, own: Handle<Type>, elem: Handle<Type>, array: bool, span: Span) -> R<()> {
        let (own_elem, own_array) = self.element(own);
        if own_elem != elem || own_array != array {
            let ty = self.type_name(own_elem);
            let message = format!("`{name}` is redeclared with another type: it is `{ty}{}`", if own_array { "[]" } else { "" });
            return Err(self.error(message, span));
        }
        Ok(())
    }

    /// The size a redeclaration gives `gl_ClipDistance` or `gl_CullDistance`: given once, at
    /// most `gl_MaxClipDistances` (8).
    fn distance_size(&mut self, name: &str, n: u32, span: Span) -> R<()> {
        if n > MAX_DISTANCES {
            return Err(self.error(format!("`{name}` has at most {MAX_DISTANCES} elements (gl_MaxClipDistances), not {n}"), span));
        }
        if self.clip_sizes.insert(name.to_string(), n).is_some() {
            return Err(self.error(format!("`{name}` was already given a size by an earlier redeclaration"), span));
        }
        Ok(())
    }

    /// `invariant` on a redeclared built-in output: its global is decorated.
    fn builtin_invariant(&mut self, name: &str) {
        if let Some(Sym::Var { root: Root::Global(g), .. }) = self.redeclared_builtin(name) {
            self.m.globals[g].invariant = true;
        }
    }

    /// A name starting with `gl_` declared by the program where no built-in may be redeclared
    /// (GLSL 4.60 §3.7: such identifiers are reserved).
    pub(super) fn reserved_name(&mut self, id: &ast::Ident) -> super::Reported {
        let d = if PER_VERTEX.contains(&id.name.as_str()) && self.stage == Stage::Vertex {
            Diagnostic::error(format!("`{}` cannot be redeclared on its own; redeclare it as a member of `out gl_PerVertex {{ ... }};`", id.name), id.span)
        } else if builtins::core_builtin(self, &id.name).is_some() {
            Diagnostic::error(format!("the built-in `{}` cannot be redeclared in this shader", id.name), id.span).with_note(
                "redeclarable: gl_FragCoord, gl_FragDepth (GLSL 4.20 on), gl_ClipDistance, gl_CullDistance, and in GLSL ES only from 3.20 or with GL_EXT_shader_io_blocks",
            )
        } else {
            Diagnostic::error(format!("`{}`: names starting with `gl_` are reserved (GLSL 4.60 §3.7)", id.name), id.span)
        };
        self.diags.push(d);
        super::Reported
    }
}
