//! WESL imports (wesl-lang.dev/spec/Imports): resolves `import` declarations and qualified
//! paths, and merges the modules into one WGSL syntax tree.
//!
//! - Module paths: `package::a::b` is the file `a/b.wesl` (else `a/b.wgsl`) under the root of
//!   the package the path is written in; `super::` is the parent of the module it is written
//!   in (repeatable; leaving the package is an error). Another first segment names, in a
//!   qualified name, a module the module imported (`import package::util;` then `util::f()`),
//!   else (and always in an `import`) another package: a shader library of
//!   [`Options::packages`] (`import noise::value::cell;` reads `value.wesl` under `noise`'s
//!   folder). A module's path starts with its package's name (`package` for the root
//!   package), so inside a library `package::` means the library.
//! - `import a::b::c;` makes `c` visible: the declaration `c` of module `a::b` if it has one,
//!   else the module `a::b::c`; `import a::b::c as d;` makes it visible as `d` instead (the
//!   output keeps the declaration's own name). Nested lists (`import a::{b, c::{d, e}};`) are flattened by
//!   the parser. An import may not have the name of a declaration of the same module, and two
//!   imports of one name must mean the same thing. Module imports may form cycles (only
//!   declarations are resolved, lazily); cycles between declarations are reported by the
//!   lowering, as in one file.
//! - Scoping: a name is resolved in its own module: locals first, then the module's
//!   declarations, then its imports; anything else is left to WGSL (built-ins). A name an
//!   imported module leaves unresolved must not be the (final) name of another module's
//!   declaration, which it would otherwise silently capture.
//! - Output: every declaration of the root module under its own name, then the declarations of
//!   other modules that the root module's declarations reach (transitively), so only what is
//!   used is emitted, and the module-scope `const_assert`s of every module one of whose
//!   declarations is reached (the spec's rule: an import alone brings none). Names (the mangling): an imported declaration keeps its name when no
//!   other emitted declaration has it; otherwise it becomes its module path (below `package`
//!   in the root package, with the package name in a library) and its name joined by `_`
//!   (`package::util::Light` is `util_Light`, `noise::value::cell` `noise_value_cell`), with `_2`, `_3`, ...
//!   if even that is taken. These names are what SPIR-V `OpName`s and generated Rust types show.
//! - Diagnostics in an imported file carry the import chain ("in the module `package::util`
//!   imported from main.wesl:3"), like GLSL's `#include` chain.
//! - `enable`/`requires` directives of reached modules are merged into the output. The root
//!   module's `diagnostic` directives apply to the whole program; an imported module's apply
//!   to that module's functions only (they become `@diagnostic` attributes, see
//!   [`module_filters`]), so a library cannot turn a check off in the code that imports it.

use super::{normalize, Options};
use crate::diag::{Diagnostic, Diagnostics};
use crate::hash::FxHashMap;
use crate::span::{FileId, SourceMap, Span};
use crate::wgsl::ast::*;
use std::path::{Path, PathBuf};

/// Reads a module's file (`std::fs::read_to_string` outside tests).
pub type Loader<'a> = dyn FnMut(&Path) -> std::io::Result<String> + 'a;

/// How many import sites a diagnostic's chain shows.
const CHAIN_SHOWN: usize = 4;

struct Module {
    /// `["package", "a", "b"]`.
    path: Vec<String>,
    file: FileId,
    unit: TranslationUnit,
    decls: FxHashMap<String, usize>,
    /// Visible name -> what the module's `import`s bound to it.
    imports: FxHashMap<String, Target>,
    /// The import (or qualified path) that loaded this module first.
    imported_at: Option<Span>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Target {
    Module(usize),
    /// Module index, declaration index.
    Item(usize, usize),
}

struct Linker<'a, 'l> {
    sources: &'a mut SourceMap,
    options: &'a Options,
    loader: &'a mut Loader<'l>,
    modules: Vec<Module>,
    /// Module path -> its index, or `None` when no file holds it.
    by_path: FxHashMap<Vec<String>, Option<usize>>,
    diags: Diagnostics,
    /// The operands of every module's expressions ([`TranslationUnit::exprs`]): each module is
    /// parsed onto the end of the previous ones', so their [`ExprId`]s hold in the merged tree.
    exprs: Vec<Expr>,
}

/// Links the root module `unit` (already parsed from `main`) with every module it imports.
pub fn link(
    sources: &mut SourceMap,
    main: FileId,
    unit: TranslationUnit,
    options: &Options,
    loader: &mut Loader<'_>,
) -> (TranslationUnit, Diagnostics, ImportChain) {
    let mut main_path = vec!["package".to_string()];
    main_path.extend(options.main_module());
    let mut unit = unit;
    let exprs = std::mem::take(&mut unit.exprs);
    let mut linker = Linker { sources, options, loader, modules: Vec::new(), by_path: FxHashMap::default(), diags: Diagnostics::new(), exprs };
    linker.add_module(main_path, main, unit, None);
    let out = linker.merge();
    let mut diags = Diagnostics::new();
    for d in std::mem::take(&mut linker.diags).0 {
        diags.push(linker.with_chain(d));
    }
    (out, diags, linker.chain())
}

/// Adds the import chain to diagnostics of a linked program (lowering's, say) whose spans lie
/// in imported files; `imported_from[file]` is where that file's module was first imported.
pub fn annotate(diags: Diagnostics, chain: &ImportChain, sources: &SourceMap) -> Diagnostics {
    let mut out = Diagnostics::new();
    for d in diags.0 {
        out.push(chain.note(d, sources));
    }
    out
}

/// Which import loaded each imported file, to render a diagnostic's import chain.
#[derive(Clone, Debug, Default)]
pub struct ImportChain {
    /// File -> (module path, import site).
    sites: FxHashMap<FileId, (String, Span)>,
}

impl ImportChain {
    pub fn note(&self, mut d: Diagnostic, sources: &SourceMap) -> Diagnostic {
        let Some(mut file) = d.primary_span().map(|s| s.file) else { return d };
        let mut shown = 0;
        while let Some((module, site)) = self.sites.get(&file) {
            if shown == CHAIN_SHOWN {
                d = d.with_note("... and more levels of `import`");
                break;
            }
            let including = sources.get(site.file);
            let (line, _) = including.line_col(site.start);
            d = d.with_note(format!("in the module `{module}` imported from {}:{line}", including.name));
            file = site.file;
            shown += 1;
        }
        d
    }
}

impl Linker<'_, '_> {
    fn with_chain(&self, d: Diagnostic) -> Diagnostic {
        self.chain().note(d, self.sources)
    }

    fn chain(&self) -> ImportChain {
        let mut chain = ImportChain::default();
        for m in &self.modules {
            if let Some(site) = m.imported_at {
                chain.sites.insert(m.file, (m.path.join("::"), site));
            }
        }
        chain
    }

    fn add_module(&mut self, path: Vec<String>, file: FileId, unit: TranslationUnit, imported_at: Option<Span>) -> usize {
        let index = self.modules.len();
        let mut decls = FxHashMap::default();
        for (i, d) in unit.decls.iter().enumerate() {
            if let Some(name) = decl_name(d) {
                decls.entry(name.name.to_string()).or_insert(i);
            }
        }
        let imports = unit.imports.clone();
        self.by_path.insert(path.clone(), Some(index));
        self.modules.push(Module { path, file, unit, decls, imports: FxHashMap::default(), imported_at });
        for import in imports {
            let Some(target) = self.resolve(index, &import.segments, import.span, true) else { continue };
            let Some(name) = import.alias.as_ref().or(import.segments.last()) else { continue };
            let module = &self.modules[index];
            if let Some(&decl) = module.decls.get(name.name.as_str()) {
                let decl_span = decl_name(&module.unit.decls[decl]).map_or(Span::default(), |n| n.span);
                self.diags.push(
                    Diagnostic::error(format!("the import of `{}` has the name of a declaration of this module", name.name), name.span)
                        .with_secondary(decl_span, "declared here"),
                );
                continue;
            }
            match self.modules[index].imports.get(name.name.as_str()) {
                Some(&other) if other != target => {
                    self.diags.push(Diagnostic::error(format!("`{}` is imported twice, meaning different things", name.name), name.span));
                }
                _ => {
                    self.modules[index].imports.insert(name.name.to_string(), target);
                }
            }
        }
        index
    }

    /// The module at `path` (loading its file on first use), or `None` without a file.
    fn module(&mut self, path: &[String], site: Span) -> Option<usize> {
        if let Some(&known) = self.by_path.get(path) {
            return known;
        }
        if path.len() < 2 {
            return None; // A package itself is a folder, not a module file.
        }
        let root = self.options.package_root(&path[0])?.to_path_buf();
        let relative: PathBuf = path[1..].iter().collect();
        let mut found = None;
        for ext in ["wesl", "wgsl"] {
            let file = normalize(&root.join(relative.with_extension(ext)));
            match (self.loader)(&file) {
                Ok(text) => {
                    found = Some((file, text));
                    break;
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => {
                    self.diags.push(Diagnostic::error(format!("cannot read `{}`: {e}", file.display()), site));
                    self.by_path.insert(path.to_vec(), None);
                    return None;
                }
            }
        }
        let Some((file, text)) = found else {
            self.by_path.insert(path.to_vec(), None);
            return None;
        };
        let id = self.sources.add(file.display().to_string(), text);
        let exprs = std::mem::take(&mut self.exprs);
        let (mut unit, parse_diags) = crate::wgsl::parser::parse_onto(&self.sources.get(id).text.clone(), id, &self.options.features, exprs);
        self.exprs = std::mem::take(&mut unit.exprs);
        self.diags.extend(parse_diags);
        Some(self.add_module(path.to_vec(), id, unit, Some(site)))
    }

    /// Resolves a path written in module `from`: an `import`'s (`import_path`: may name a
    /// module) or a qualified name's.
    fn resolve(&mut self, from: usize, segments: &[Ident], span: Span, import_path: bool) -> Option<Target> {
        let (first, rest) = segments.split_first()?;
        let mut base: Vec<String>;
        let mut rest = rest;
        match first.name.as_str() {
            "package" => base = vec![self.modules[from].path[0].clone()],
            "super" => {
                base = self.modules[from].path.clone();
                base.pop();
                while let Some(next) = rest.first().filter(|s| s.name == "super") {
                    if base.len() <= 1 {
                        self.diags.push(Diagnostic::error("`super` leaves the package", next.span));
                        return None;
                    }
                    base.pop();
                    rest = &rest[1..];
                }
            }
            name => match self.modules[from].imports.get(name).copied() {
                Some(Target::Module(m)) if !import_path => base = self.modules[m].path.clone(),
                Some(Target::Item(..)) if !import_path => {
                    self.diags.push(Diagnostic::error(format!("`{name}` is not a module"), first.span));
                    return None;
                }
                _ if self.options.package_root(name).is_some() => base = vec![name.to_string()],
                _ => {
                    let mut d = Diagnostic::error(format!("cannot find package or module `{name}`"), first.span).with_note(
                        "paths start with `package::` (this package), `super::` (the parent module), a module this file imports \
                         or the name of a shader library",
                    );
                    d = d.with_note(crate::known_libraries_note(&self.options.packages));
                    self.diags.push(d);
                    return None;
                }
            },
        }
        let Some((last, middle)) = rest.split_last() else {
            self.diags.push(Diagnostic::error("expected a module or declaration after the path prefix", span));
            return None;
        };
        base.extend(middle.iter().map(|s| s.name.to_string()));
        let parent = self.module(&base, span);
        if let Some(m) = parent {
            if let Some(&decl) = self.modules[m].decls.get(last.name.as_str()) {
                return Some(Target::Item(m, decl));
            }
        }
        base.push(last.name.to_string());
        if let Some(m) = self.module(&base, span) {
            return Some(Target::Module(m));
        }
        let d = match parent {
            Some(m) => {
                let module = &self.modules[m];
                let mut d = Diagnostic::error(format!("module `{}` has no declaration `{}`", module.path.join("::"), last.name), last.span);
                if let Some(near) = crate::diag::closest(&last.name, module.decls.keys().map(String::as_str)) {
                    d = d.with_note(format!("help: did you mean `{near}`?"));
                }
                d
            }
            None => {
                base.pop();
                let root = self.options.package_root(&base[0]).unwrap_or(self.options.root.as_path());
                let tried = |p: &[String]| {
                    let relative: PathBuf = p[1..].iter().collect();
                    normalize(&root.join(relative.with_extension("wesl"))).display().to_string()
                };
                let mut full = base.clone();
                full.push(last.name.to_string());
                let d = Diagnostic::error(format!("cannot find `{}`", full.join("::")), span).with_note(format!(
                    "neither `{}` (a module `{}` declaring `{}`) nor `{}` (a module `{}`) exists, nor the same with `.wgsl`",
                    tried(&base),
                    base.join("::"),
                    last.name,
                    tried(&full),
                    full.join("::")
                ));
                match crate::missing_library_folder_note(&self.options.packages, &base[0]) {
                    Some(note) => d.with_note(note),
                    None => d,
                }
            }
        };
        self.diags.push(d);
        None
    }

    /// The declaration a free name in module `from` means, reporting what cannot be resolved.
    fn resolve_name(&mut self, from: usize, name: &Ident) -> Option<(usize, usize)> {
        if name.name.contains("::") {
            let segments: Vec<Ident> = name.name.split("::").map(|s| Ident { name: s.into(), span: name.span }).collect();
            return match self.resolve(from, &segments, name.span, false)? {
                Target::Item(m, d) => Some((m, d)),
                Target::Module(m) => {
                    let path = self.modules[m].path.join("::");
                    self.diags.push(Diagnostic::error(format!("`{}` is the module `{path}`, not a declaration", name.name), name.span));
                    None
                }
            };
        }
        let module = &self.modules[from];
        if let Some(&d) = module.decls.get(name.name.as_str()) {
            return Some((from, d));
        }
        match module.imports.get(name.name.as_str()) {
            Some(&Target::Item(m, d)) => Some((m, d)),
            Some(&Target::Module(m)) => {
                let path = self.modules[m].path.join("::");
                self.diags.push(Diagnostic::error(format!("`{}` is the module `{path}`, not a declaration", name.name), name.span));
                None
            }
            None => None,
        }
    }

    /// Resolves every name of the declarations the root module reaches, names them and builds
    /// the merged syntax tree.
    fn merge(&mut self) -> TranslationUnit {
        // Reachability: the root module's declarations, then whatever they name.
        let mut order: Vec<(usize, usize)> = (0..self.modules[0].unit.decls.len()).map(|d| (0, d)).collect();
        let mut reached: FxHashMap<(usize, usize), ()> = order.iter().map(|&k| (k, ())).collect();
        // (file, start) of a name -> the declaration it means.
        let mut meaning: FxHashMap<(FileId, u32), (usize, usize)> = FxHashMap::default();
        let mut unresolved: Vec<(usize, Ident)> = Vec::new();
        // Imported modules whose `const_assert`s are in (the import spec: a module-scope
        // `const_assert` comes along when a declaration of its module is used).
        let mut asserted: FxHashMap<usize, ()> = FxHashMap::default();
        let mut next = 0;
        while next < order.len() {
            let (m, d) = order[next];
            next += 1;
            let mut names = Vec::new();
            let mut decl = std::mem::replace(&mut self.modules[m].unit.decls[d], placeholder());
            visit_decl(&mut decl, &mut self.exprs, &mut |ident| names.push(ident.clone()));
            self.modules[m].unit.decls[d] = decl;
            for name in names {
                match self.resolve_name(m, &name) {
                    Some(target) => {
                        meaning.insert((name.span.file, name.span.start), target);
                        if reached.insert(target, ()).is_none() {
                            order.push(target);
                            let used = target.0;
                            if used != 0 && asserted.insert(used, ()).is_none() {
                                for (i, decl) in self.modules[used].unit.decls.iter().enumerate() {
                                    if matches!(decl, GlobalDecl::ConstAssert { .. }) && reached.insert((used, i), ()).is_none() {
                                        order.push((used, i));
                                    }
                                }
                            }
                        }
                    }
                    None if m != 0 && !name.name.contains("::") => unresolved.push((m, name)),
                    None => {}
                }
            }
        }
        // Output order: the root module's declarations as written, then the other modules'
        // in the order the modules were loaded and their declarations written (not the order
        // they were reached in, which follows how expressions are walked).
        order[self.modules[0].unit.decls.len()..].sort_unstable();
        // Names.
        let mut count: FxHashMap<String, u32> = FxHashMap::default();
        for &(m, d) in &order {
            if let Some(n) = decl_name(&self.modules[m].unit.decls[d]) {
                *count.entry(n.name.to_string()).or_default() += 1;
            }
        }
        let mut taken: FxHashMap<String, ()> = order
            .iter()
            .filter_map(|&(m, d)| decl_name(&self.modules[m].unit.decls[d]).filter(|n| m == 0 || count[n.name.as_str()] == 1).map(|n| (n.name.to_string(), ())))
            .collect();
        let mut final_name: FxHashMap<(usize, usize), String> = FxHashMap::default();
        for &(m, d) in &order {
            let Some(n) = decl_name(&self.modules[m].unit.decls[d]) else { continue };
            let name = if m == 0 || count[n.name.as_str()] == 1 {
                n.name.to_string()
            } else {
                let path = &self.modules[m].path;
                let below = if path[0] == "package" { &path[1..] } else { &path[..] };
                let base = format!("{}_{}", below.join("_"), n.name);
                let mut name = base.clone();
                let mut i = 2;
                while taken.contains_key(&name) {
                    name = format!("{base}_{i}");
                    i += 1;
                }
                taken.insert(name.clone(), ());
                name
            };
            final_name.insert((m, d), name);
        }
        for (m, name) in unresolved {
            if taken.contains_key(name.name.as_str()) {
                let module = self.modules[m].path.join("::");
                self.diags.push(
                    Diagnostic::error(format!("cannot find `{}` in module `{module}`", name.name), name.span)
                        .with_note("declarations of other modules are visible only through `import`"),
                );
            }
        }
        // The merged tree.
        let mut out = TranslationUnit::default();
        let mut seen_modules = Vec::new();
        let exprs = &mut self.exprs;
        let filters: Vec<Vec<Attribute>> = self.modules.iter().enumerate().map(|(m, module)| module_filters(m, &module.unit, exprs)).collect();
        for &(m, d) in &order {
            let mut decl = std::mem::replace(&mut self.modules[m].unit.decls[d], placeholder());
            if let GlobalDecl::Function(f) = &mut decl {
                // The function's own `@diagnostic` for a rule is nested in its module's range,
                // so it wins (and two filters for one rule on a function would conflict).
                let own: Vec<Attribute> = f.attrs.iter().filter(|a| a.name.name == "diagnostic").cloned().collect();
                let exprs = &self.exprs;
                let inherited = filters[m].iter().filter(|a| !own.iter().any(|o| filter_rule(o, exprs) == filter_rule(a, exprs))).cloned();
                f.attrs.splice(0..0, inherited);
            }
            visit_decl(&mut decl, &mut self.exprs, &mut |ident| {
                if let Some(target) = meaning.get(&(ident.span.file, ident.span.start)) {
                    ident.name = final_name[target].as_str().into();
                }
            });
            if let (Some(n), Some(name)) = (decl_name_mut(&mut decl), final_name.get(&(m, d))) {
                n.name = name.as_str().into();
            }
            out.decls.push(decl);
            if !seen_modules.contains(&m) {
                seen_modules.push(m);
            }
        }
        if !seen_modules.contains(&0) {
            seen_modules.insert(0, 0);
        }
        for &m in &seen_modules {
            let unit = &mut self.modules[m].unit;
            for directive in std::mem::take(&mut unit.directives) {
                if m == 0 || matches!(directive, Directive::Enable(_) | Directive::Requires(_)) {
                    out.directives.push(directive);
                }
            }
            out.statement_filters.append(&mut unit.statement_filters);
        }
        out.exprs = std::mem::take(&mut self.exprs);
        out
    }
}

/// An imported module's global `diagnostic(severity, rule);` directives as `@diagnostic`
/// attributes for its functions. The WESL spec leaves directives across modules open
/// (wesl-spec issue 71; its earlier text had the root module's filters affect every imported
/// module); WGSL §2.3 gives a global filter the module it is written in as its range. So: the
/// root module's directives stay directives and cover the whole linked program, and an
/// imported module's cover its own functions (the only declarations a filterable diagnostic
/// fires in), nested inside the root's. The root module (`m == 0`) gets none here. The
/// attributes' arguments are added to `exprs`.
fn module_filters(m: usize, unit: &TranslationUnit, exprs: &mut Vec<Expr>) -> Vec<Attribute> {
    if m == 0 {
        return Vec::new();
    }
    let word = |i: Ident| Expr { span: i.span, kind: ExprKind::Ident(i) };
    unit.directives
        .iter()
        .filter_map(|d| match d {
            Directive::Diagnostic { severity, rule, span } => {
                let rule_span = rule.first().map_or(*span, |r| r.span.to(rule[rule.len() - 1].span));
                // Spelled as the parser spells an attribute's rule (`name.name` in one ident).
                let rule = Ident { name: rule.iter().map(|r| r.name.as_str()).collect::<Vec<_>>().join(".").into(), span: rule_span };
                let name = Ident { name: "diagnostic".into(), span: *span };
                let start = exprs.len() as u32;
                exprs.extend([word(severity.clone()), word(rule)]);
                Some(Attribute { name, args: ExprList { start, len: 2 }, span: *span })
            }
            _ => None,
        })
        .collect()
}

/// The rule a `@diagnostic(severity, rule)` attribute filters.
fn filter_rule<'e>(a: &Attribute, exprs: &'e [Expr]) -> Option<&'e str> {
    match a.args.of(exprs).get(1).map(|e| &e.kind) {
        Some(ExprKind::Ident(rule)) => Some(&rule.name),
        _ => None,
    }
}

fn placeholder() -> GlobalDecl {
    GlobalDecl::ConstAssert { expr: Expr { kind: ExprKind::Literal(Literal::Bool(true)), span: Span::default() }, span: Span::default() }
}

fn decl_name(d: &GlobalDecl) -> Option<&Ident> {
    match d {
        GlobalDecl::Var(v) => Some(&v.name),
        GlobalDecl::Const(c) => Some(&c.name),
        GlobalDecl::Override(o) => Some(&o.name),
        GlobalDecl::Alias { name, .. } => Some(name),
        GlobalDecl::Struct(s) => Some(&s.name),
        GlobalDecl::Function(f) => Some(&f.name),
        GlobalDecl::ConstAssert { .. } => None,
    }
}

fn decl_name_mut(d: &mut GlobalDecl) -> Option<&mut Ident> {
    match d {
        GlobalDecl::Var(v) => Some(&mut v.name),
        GlobalDecl::Const(c) => Some(&mut c.name),
        GlobalDecl::Override(o) => Some(&mut o.name),
        GlobalDecl::Alias { name, .. } => Some(name),
        GlobalDecl::Struct(s) => Some(&mut s.name),
        GlobalDecl::Function(f) => Some(&mut f.name),
        GlobalDecl::ConstAssert { .. } => None,
    }
}

/// Calls `f` on every name in `decl` that refers to a module-scope declaration (or a built-in):
/// names of locals and parameters in scope are skipped, as are member names and the
/// enumerants of attributes (`@builtin(position)`).
fn visit_decl(decl: &mut GlobalDecl, exprs: &mut [Expr], f: &mut dyn FnMut(&mut Ident)) {
    let mut v = Visitor { locals: Vec::new(), f, exprs, stack: Vec::new() };
    match decl {
        GlobalDecl::Var(var) => v.var(var),
        GlobalDecl::Const(c) => {
            v.opt_id(c.ty);
            v.id(c.init);
        }
        GlobalDecl::Override(o) => {
            v.attrs(&mut o.attrs);
            v.opt(&mut o.ty);
            v.opt(&mut o.init);
        }
        GlobalDecl::Alias { ty, .. } => v.expr(ty),
        GlobalDecl::Struct(s) => {
            for m in &mut s.members {
                v.attrs(&mut m.attrs);
                v.expr(&mut m.ty);
            }
        }
        GlobalDecl::Function(func) => {
            v.attrs(&mut func.attrs);
            for p in &mut func.params {
                v.attrs(&mut p.attrs);
                v.expr(&mut p.ty);
            }
            v.attrs(&mut func.return_attrs);
            v.opt(&mut func.return_type);
            v.locals.extend(func.params.iter().map(|p| p.name.name.to_string()));
            v.block(&mut func.body);
        }
        GlobalDecl::ConstAssert { expr, .. } => v.expr(expr),
    }
}

/// Pushes `kind`'s operands so that they pop in visiting order.
fn push_operands(kind: &ExprKind, stack: &mut Vec<ExprId>) {
    match *kind {
        ExprKind::Literal(_) | ExprKind::Ident(_) => {}
        ExprKind::Binary { left, right, .. } => stack.extend([left, right]),
        ExprKind::Paren(inner) | ExprKind::Member { base: inner, .. } | ExprKind::Unary { expr: inner, .. } => stack.push(inner),
        ExprKind::Templated { args, .. } => stack.extend(args.ids().rev()),
        ExprKind::Call { callee, args } => {
            stack.push(callee);
            stack.extend(args.ids().rev());
        }
        ExprKind::Index { base, index } => stack.extend([base, index]),
    }
}

struct Visitor<'f> {
    locals: Vec<String>,
    f: &'f mut dyn FnMut(&mut Ident),
    /// [`TranslationUnit::exprs`].
    exprs: &'f mut [Expr],
    /// Operands still to visit.
    stack: Vec<ExprId>,
}

impl Visitor<'_> {
    fn name(&mut self, ident: &mut Ident) {
        if !self.locals.iter().any(|l| *l == ident.name.as_str()) {
            (self.f)(ident);
        }
    }

    /// Attributes whose arguments are expressions (the rest take enumerants).
    fn attrs(&mut self, attrs: &mut [Attribute]) {
        for a in attrs {
            if matches!(a.name.name.as_str(), "align" | "binding" | "blend_src" | "group" | "id" | "location" | "size" | "workgroup_size") {
                self.stack.extend(a.args.ids().rev());
                self.operands();
            }
        }
    }

    fn opt(&mut self, e: &mut Option<Expr>) {
        if let Some(e) = e {
            self.expr(e);
        }
    }

    fn var(&mut self, var: &mut VarDecl) {
        self.attrs(&mut var.attrs);
        self.opt_id(var.ty);
        self.opt_id(var.init);
    }

    /// [`Visitor::expr`] of an expression in `exprs`.
    fn id(&mut self, id: ExprId) {
        self.stack.push(id);
        self.operands();
    }

    fn opt_id(&mut self, id: Option<ExprId>) {
        if let Some(id) = id {
            self.id(id);
        }
    }

    fn expr(&mut self, e: &mut Expr) {
        // Operands are visited from a stack (operator chains are left-deep and unbounded):
        // right operand before left, arguments before the callee, the index before the base.
        push_operands(&e.kind, &mut self.stack);
        if let ExprKind::Ident(ident) = &mut e.kind {
            self.name(ident);
        }
        self.operands();
    }

    /// Visits the operands on the stack and theirs.
    fn operands(&mut self) {
        while let Some(id) = self.stack.pop() {
            let e = &mut self.exprs[id.0 as usize];
            if let ExprKind::Ident(ident) = &mut e.kind {
                if !self.locals.iter().any(|l| *l == ident.name.as_str()) {
                    (self.f)(ident);
                }
                continue;
            }
            push_operands(&e.kind, &mut self.stack);
        }
    }

    fn block(&mut self, b: &mut Block) {
        let mark = self.locals.len();
        for s in &mut b.stmts {
            self.stmt(s);
        }
        self.locals.truncate(mark);
    }

    fn stmt(&mut self, s: &mut Stmt) {
        let mut s = s;
        loop {
            match &mut s.kind {
                StmtKind::Block(b) => self.block(b),
                StmtKind::Var(var) => {
                    self.var(var);
                    self.locals.push(var.name.name.to_string());
                }
                StmtKind::Let { name, ty, init } => {
                    self.opt_id(*ty);
                    self.id(*init);
                    self.locals.push(name.name.to_string());
                }
                StmtKind::Const(c) => {
                    self.opt_id(c.ty);
                    self.id(c.init);
                    self.locals.push(c.name.name.to_string());
                }
                StmtKind::Assign { lhs, rhs, .. } => {
                    self.opt_id(*lhs);
                    self.id(*rhs);
                }
                StmtKind::Increment(e) | StmtKind::Decrement(e) | StmtKind::Call(e) | StmtKind::ConstAssert(e) => self.id(*e),
                StmtKind::Return(e) => self.opt_id(*e),
                StmtKind::If { condition, accept, reject } => {
                    self.id(*condition);
                    self.block(accept);
                    // `else if` chains nest: follow them in a loop.
                    if let Some(reject) = reject {
                        s = &mut **reject;
                        continue;
                    }
                }
                StmtKind::Switch { selector, clauses } => {
                    self.id(*selector);
                    for c in clauses {
                        for sel in c.selectors.iter_mut().flatten() {
                            self.expr(sel);
                        }
                        self.block(&mut c.body);
                    }
                }
                StmtKind::Loop { body, continuing, .. } => {
                    // The continuing block sees the body's locals.
                    let mark = self.locals.len();
                    for s in &mut body.stmts {
                        self.stmt(s);
                    }
                    if let Some(c) = continuing {
                        // `break if` sees the continuing block's locals.
                        for s in &mut c.body.stmts {
                            self.stmt(s);
                        }
                        self.opt_id(c.break_if);
                    }
                    self.locals.truncate(mark);
                }
                StmtKind::For { init, condition, update, body, .. } => {
                    let mark = self.locals.len();
                    if let Some(init) = init {
                        self.stmt(init);
                    }
                    self.opt_id(*condition);
                    if let Some(update) = update {
                        self.stmt(update);
                    }
                    self.block(body);
                    self.locals.truncate(mark);
                }
                StmtKind::While { condition, body, .. } => {
                    self.id(*condition);
                    self.block(body);
                }
                StmtKind::Break | StmtKind::Continue | StmtKind::Discard | StmtKind::Fallthrough => {}
            }
            return;
        }
    }
}
