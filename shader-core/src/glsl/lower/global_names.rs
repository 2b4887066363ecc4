//! One name space at global scope: variables (block instances and the members of blocks
//! without an instance name too), structs, functions and block names (GLSL 4.60 §4.2: "All
//! variable names, structure type names, and function names in a given scope share the same
//! name space"; only functions may be declared again, as overloads; §4.3.9: "it is a
//! compile-time error to use a block name at global scope for anything other than as a block
//! name", and one block name per interface). Two variables of one name are
//! [`Lowerer::declare`]'s error; this module checks every other pair, in both orders.
//!
//! glslang checks some pairs in one order only: a block name, or a member of a block without
//! an instance name, declared after a function of that name passes there, and so does a block
//! named like an instance of another interface's block (listed in the mutation tests'
//! intended differences).

use super::{ast, Lowerer};
use crate::diag::Diagnostic;
use crate::span::Span;

/// What a global name declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum GlobalName {
    Variable,
    Struct,
    Function,
    /// A block's name, in the interface of its storage qualifier (`in`, `out`, `uniform`,
    /// `buffer`).
    Block(ast::StorageQualifier),
}

impl GlobalName {
    fn what(self) -> &'static str {
        match self {
            GlobalName::Variable => "a variable",
            GlobalName::Struct => "a struct",
            GlobalName::Function => "a function",
            GlobalName::Block(_) => "a block",
        }
    }
}

impl Lowerer<'_> {
    /// Records the global `name` as `kind`, reporting a clash with an earlier global of the
    /// name (at `name`, pointing at the first); `false` when it clashes.
    pub(super) fn global_name(&mut self, name: &ast::Ident, kind: GlobalName) -> bool {
        let Some(&(first, at)) = self.global_names.get(&name.name) else {
            self.global_names.insert(name.name.clone(), (kind, name.span));
            return true;
        };
        let clash = match (first, kind) {
            // The same declaration lowered again (a struct defined in a declaration's type).
            _ if at == name.span => false,
            (GlobalName::Function, GlobalName::Function) => false,
            // Reported by `declare` (or a redeclaration the caller allows).
            (GlobalName::Variable, GlobalName::Variable) => false,
            // Each interface has its own block names.
            (GlobalName::Block(a), GlobalName::Block(b)) => a == b,
            _ => true,
        };
        if clash {
            self.report_global_clash(name, kind, first, at);
        }
        !clash
    }

    fn report_global_clash(&mut self, name: &ast::Ident, kind: GlobalName, first: GlobalName, at: Span) {
        let (message, note) = match (first, kind) {
            (GlobalName::Block(storage), GlobalName::Block(_)) => (
                format!("the block name `{}` is already used by another `{}` block", name.name, storage.keyword()),
                "GLSL 4.60 §4.3.9: one block name per interface (uniform, buffer, in, out)",
            ),
            (GlobalName::Block(_), _) | (_, GlobalName::Block(_)) => (
                format!("`{}` is already declared at global scope as {}; it cannot also name {}", name.name, first.what(), kind.what()),
                "GLSL 4.60 §4.3.9: a block name is only the block's name (another interface's block may reuse it)",
            ),
            _ if first == kind => (format!("`{}` is already declared at global scope", name.name), "GLSL 4.60 §4.2: a name is declared once per scope"),
            _ => (
                format!("`{}` is already declared at global scope as {}; it cannot also name {}", name.name, first.what(), kind.what()),
                "GLSL 4.60 §4.2: variables, structs and functions of one scope share one name space; only functions may be declared again",
            ),
        };
        self.diags.push(Diagnostic::error(message, name.span).with_secondary(at, "first declared here").with_note(note));
    }
}
