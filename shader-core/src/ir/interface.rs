//! Stage interface locations: how many a variable occupies (GLSL 4.60 §4.4.1, WGSL §13.3.1)
//! and which variables of one entry point overlap, which SPIR-V for Vulkan forbids
//! (Vulkan "Location Assignment": no two variables may use the same location and component);
//! and the SpecId of each override ([`override_ids`]), the host's name for it, and which
//! specializable overrides an id-less one (an array length's expression) follows ([`roots`]).

use super::{ArraySize, Expression, GlobalVariable, Handle, Interpolation, IoBinding, Module, Override, ResourceBinding, Type, TypeInner};
use std::collections::BTreeSet;

/// Deeper types are treated as taking one location (types are bounded by the validator; this
/// only keeps malformed input from recursing far).
const MAX_DEPTH: u32 = 64;

/// Locations an input or output of type `ty` occupies: a 64-bit `dvec3`/`dvec4` two, a matrix
/// one per column (two for wide double columns), arrays and structs the sum of their parts.
pub fn location_count(module: &Module, ty: Handle<Type>) -> u32 {
    count(module, ty, 0)
}

fn count(module: &Module, ty: Handle<Type>, depth: u32) -> u32 {
    if depth > MAX_DEPTH {
        return 1;
    }
    match *module.inner(ty) {
        TypeInner::Vector { size, scalar } if scalar.width == 8 && size as u32 > 2 => 2,
        TypeInner::Matrix { columns, rows, scalar } => {
            let per_column = if scalar.width == 8 && rows as u32 > 2 { 2 } else { 1 };
            columns as u32 * per_column
        }
        TypeInner::Array { base, size: ArraySize::Constant(n) | ArraySize::Specialized { default: n, .. }, .. } => n.saturating_mul(count(module, base, depth + 1)),
        TypeInner::Struct { ref members, .. } => members.iter().fold(0u32, |sum, m| sum.saturating_add(count(module, m.ty, depth + 1))),
        _ => 1,
    }
}

/// One location slot a variable uses: location, first and one-past-last 32-bit component, and
/// the dual-source blending index (outputs with different indices may share a location).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    location: u32,
    components: (u32, u32),
    index: u32,
}

fn slots(module: &Module, ty: Handle<Type>, location: u32, component: u32, index: u32, out: &mut Vec<Slot>, depth: u32) {
    if depth > MAX_DEPTH || out.len() > 4096 {
        return;
    }
    let full = |out: &mut Vec<Slot>, n: u32| {
        for l in 0..n {
            out.push(Slot { location: location.saturating_add(l), components: (0, 4), index });
        }
    };
    match *module.inner(ty) {
        TypeInner::Scalar(s) => {
            let n = if s.width == 8 { 2 } else { 1 };
            out.push(Slot { location, components: (component, component + n), index });
        }
        TypeInner::Vector { size, scalar } if scalar.width < 8 => {
            out.push(Slot { location, components: (component, component + size as u32), index });
        }
        TypeInner::Matrix { columns, rows, scalar } if scalar.width < 8 => {
            for c in 0..columns as u32 {
                out.push(Slot { location: location.saturating_add(c), components: (component, component + rows as u32), index });
            }
        }
        TypeInner::Array { base, size: ArraySize::Constant(n) | ArraySize::Specialized { default: n, .. }, .. } => {
            let step = count(module, base, depth + 1);
            for i in 0..n.min(1024) {
                slots(module, base, location.saturating_add(i.saturating_mul(step)), component, index, out, depth + 1);
            }
        }
        _ => full(out, count(module, ty, depth)),
    }
}

/// Two interface variables of one entry point whose locations overlap.
#[derive(Clone, Copy, Debug)]
pub struct Overlap {
    pub first: Handle<GlobalVariable>,
    pub second: Handle<GlobalVariable>,
    pub location: u32,
}

/// Every pair among `globals` (the interface of one entry point) whose location slots overlap,
/// inputs and outputs separately. Built-ins take no locations; a per-vertex array's outer
/// dimension takes none either (GL_EXT_fragment_shader_barycentric).
pub fn location_overlaps(module: &Module, globals: &[Handle<GlobalVariable>]) -> Vec<Overlap> {
    let mut taken: Vec<(Slot, bool, Handle<GlobalVariable>)> = Vec::new();
    let mut overlaps = Vec::new();
    for &g in globals {
        let Some(var) = module.globals.get(g) else { continue };
        let Some(IoBinding::Location { location, component, interpolation, blend_src, .. }) = var.io else { continue };
        let output = var.space == super::AddressSpace::Output;
        let ty = match (module.inner(var.ty), interpolation) {
            (&TypeInner::Array { base, .. }, Some(Interpolation::PerVertex)) => base,
            _ => var.ty,
        };
        let mut mine = Vec::new();
        slots(module, ty, location, component.unwrap_or(0), blend_src.unwrap_or(0), &mut mine, 0);
        let mut reported = false;
        for slot in &mine {
            let clash = taken.iter().find(|(other, out, h)| {
                *out == output
                    && *h != g
                    && other.location == slot.location
                    && other.index == slot.index
                    && other.components.0 < slot.components.1
                    && slot.components.0 < other.components.1
            });
            if let (Some(&(_, _, first)), false) = (clash, reported) {
                overlaps.push(Overlap { first, second: g, location: slot.location });
                reported = true;
            }
        }
        taken.extend(mine.into_iter().map(|s| (s, output, g)));
    }
    overlaps
}

/// Two resources among `globals` (those one entry point uses) at the same group and binding:
/// `(first, second, binding)` for each later one. WGSL forbids it (§13.3.2), and wgpu refuses
/// it for every language (naga's validator, `BindingCollision`).
pub fn binding_conflicts(module: &Module, globals: &[Handle<GlobalVariable>]) -> Vec<(Handle<GlobalVariable>, Handle<GlobalVariable>, ResourceBinding)> {
    let mut first: Vec<(ResourceBinding, Handle<GlobalVariable>)> = Vec::new();
    let mut conflicts = Vec::new();
    for &g in globals {
        let Some(binding) = module.globals.get(g).and_then(|v| v.binding) else { continue };
        match first.iter().find(|(b, _)| *b == binding) {
            Some(&(_, earlier)) => conflicts.push((earlier, g, binding)),
            None => first.push((binding, g)),
        }
    }
    conflicts
}

/// The SpecId of every override, indexed like `Module::overrides`: the declared id, or else the
/// smallest id not declared by any override and not given out before, in declaration order.
/// The SPIR-V back end and reflection both call this, so the ids they give agree.
/// Overrides that are not [`is_specializable`] (an array length's expression) have no SpecId;
/// their slot holds `u32::MAX` and takes no id from the others.
pub fn override_ids(module: &Module) -> Vec<u32> {
    let mut taken: BTreeSet<u32> = module.overrides.iter().filter_map(|(_, o)| o.id).collect();
    let mut next = 0u32;
    module
        .overrides
        .iter()
        .map(|(handle, o)| match o.id {
            Some(id) => id,
            None if !is_specializable(module, handle) => u32::MAX,
            None => {
                while taken.contains(&next) {
                    next = next.saturating_add(1);
                }
                taken.insert(next);
                next
            }
        })
        .collect()
}

/// Whether an override is specializable by itself (it has a SpecId): its initializer names no
/// other override. One whose initializer does (an array length's expression, a GLSL `const`
/// computed from specialization constants) is an `OpSpecConstantOp`, which cannot carry a
/// SpecId (SPIR-V 2.16.1), and follows those instead.
pub fn is_specializable(module: &Module, o: Handle<Override>) -> bool {
    // Whether the initializer's tree names an override (not through them: a chain of `const`
    // declarations would be walked once per link, 2^n times).
    fn names_override(module: &Module, e: Handle<Expression>, depth: u32) -> bool {
        if depth > MAX_DEPTH || !module.const_expressions.check(e) {
            return false;
        }
        match module.const_expressions[e] {
            Expression::Override(_) => true,
            Expression::Unary { expr, .. } | Expression::Convert { expr, .. } => names_override(module, expr, depth + 1),
            Expression::Binary { left, right, .. } => names_override(module, left, depth + 1) || names_override(module, right, depth + 1),
            Expression::Select { condition, accept, reject } => {
                [condition, accept, reject].iter().any(|&x| names_override(module, x, depth + 1))
            }
            _ => false,
        }
    }
    match module.overrides[o].init {
        None => true,
        Some(init) => !names_override(module, init, 0),
    }
}

/// The specializable overrides a length follows: the override itself, or those its
/// initializer names.
pub fn roots(module: &Module, o: Handle<Override>) -> Vec<Handle<Override>> {
    let mut out = Vec::new();
    match module.overrides[o].init {
        Some(init) if !is_specializable(module, o) => follow(module, init, 0, &mut out),
        _ => out.push(o),
    }
    out
}

/// Collects the specializable overrides a constant expression names, through id-less ones.
fn follow(module: &Module, e: Handle<Expression>, depth: u32, out: &mut Vec<Handle<Override>>) {
    if depth > MAX_DEPTH || !module.const_expressions.check(e) {
        return;
    }
    match module.const_expressions[e] {
        Expression::Override(o) => match module.overrides.get(o).and_then(|x| x.init) {
            Some(init) if !is_specializable(module, o) && depth < MAX_DEPTH => follow(module, init, depth + 1, out),
            _ => {
                if !out.contains(&o) {
                    out.push(o);
                }
            }
        },
        Expression::Unary { expr, .. } | Expression::Convert { expr, .. } => follow(module, expr, depth + 1, out),
        Expression::Binary { left, right, .. } => {
            follow(module, left, depth + 1, out);
            follow(module, right, depth + 1, out);
        }
        Expression::Select { condition, accept, reject } => {
            for x in [condition, accept, reject] {
                follow(module, x, depth + 1, out);
            }
        }
        _ => {}
    }
}
