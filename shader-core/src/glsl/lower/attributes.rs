//! `[[...]]` attributes: GL_EXT_control_flow_attributes' on `if`, `switch` and loops, and
//! GL_EXT_subgroup_uniform_control_flow's on functions, read as glslang reads them
//! (`TParseContext::handle{Selection,Switch,Loop,Function}Attributes`): an attribute that does
//! not apply where it is written, or has an argument it does not take, is skipped with a
//! warning; an argument must be a constant expression; a loop count that must be positive and
//! is not is an error. They are hints only: none changes the meaning of the program.

use super::Lowerer;
use crate::glsl::ast;
use crate::ir::Scalar;

/// What an attribute list is written before.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Site {
    Function,
    Selection,
    Switch,
    Loop,
}

/// The argument an attribute takes where it applies.
enum Argument {
    None,
    /// An `int` constant, any value.
    Int,
    /// An `int` constant greater than zero (`dependency_length`).
    Positive,
    /// An `int` constant other than zero (`iteration_multiple`).
    NonZero,
}

/// Whether attribute `name` applies at `site`, and the argument it takes.
fn applies(site: Site, name: &str) -> Option<Argument> {
    Some(match (site, name) {
        (Site::Function, "subgroup_uniform_control_flow" | "maximally_reconverges") => Argument::None,
        (Site::Selection | Site::Switch, "flatten" | "branch" | "dont_flatten") => Argument::None,
        (Site::Loop, "unroll" | "loop" | "dont_unroll" | "dependency_infinite") => Argument::None,
        (Site::Loop, "dependency_length") => Argument::Positive,
        (Site::Loop, "iteration_multiple") => Argument::NonZero,
        (Site::Loop, "min_iterations" | "max_iterations" | "peel_count" | "partial_count") => Argument::Int,
        _ => return None,
    })
}

impl<'a> Lowerer<'a> {
    /// Checks the attributes written before a function or statement at `site`; returns those
    /// that apply (the others are reported and skipped). Without the extension that allows
    /// them there (at the attribute list) they are an error.
    pub(crate) fn attributes<'x>(&mut self, attributes: &'x [ast::Attribute], site: Site) -> Vec<&'x ast::Attribute> {
        let Some(first) = attributes.first() else { return Vec::new() };
        let extensions: &[&str] = match site {
            Site::Function => &["GL_EXT_subgroup_uniform_control_flow", "GL_EXT_maximal_reconvergence"],
            _ => &["GL_EXT_control_flow_attributes"],
        };
        if !extensions.iter().any(|e| self.has_extension_at(e, first.span)) {
            let what = if site == Site::Function { "a function" } else { "a statement" };
            self.error(format!("attributes on {what} need `#extension {} : enable`", extensions[0]), first.span);
            return Vec::new();
        }
        let place = match site {
            Site::Function => "a function",
            Site::Selection => "an `if`",
            Site::Switch => "a `switch`",
            Site::Loop => "a loop",
        };
        let mut kept = Vec::new();
        for a in attributes {
            let name = a.name.name.as_str();
            // glslang's grammar: an argument is a constant expression, wherever it is written.
            let arg = match a.args.first() {
                Some(e) => match self.global_const_expr(e) {
                    Ok((cv, ty)) => Some((self.inner(ty).scalar().filter(|s| *s == Scalar::I32).and_then(|_| cv.as_i64()), e.span)),
                    Err(_) => continue,
                },
                None => None,
            };
            let Some(rule) = applies(site, name) else {
                self.warning(format!("attribute `{name}` does not apply to {place}; it is ignored"), a.span);
                continue;
            };
            let ok = match (rule, arg) {
                (Argument::None, None) => true,
                (Argument::None, Some(_)) => {
                    self.warning(format!("attribute `{name}` takes no argument; it is ignored"), a.span);
                    false
                }
                (_, None | Some((None, _))) => {
                    self.warning(format!("attribute `{name}` takes one `int` constant; it is ignored"), a.span);
                    false
                }
                (Argument::Positive, Some((Some(v), span))) if v <= 0 => {
                    self.error(format!("the argument of `{name}` must be positive"), span);
                    false
                }
                (Argument::NonZero, Some((Some(0), span))) => {
                    self.error(format!("the argument of `{name}` must be at least 1"), span);
                    false
                }
                _ => true,
            };
            if ok {
                kept.push(a);
            }
        }
        kept
    }
}
