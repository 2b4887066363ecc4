//! WESL (wesl-lang.dev), the superset of WGSL with modules and conditional translation, as
//! a pass of the WGSL front end:
//!
//! - [`cond`]: `@if`/`@elif`/`@else`, applied by the parser while it builds the syntax tree.
//! - [`link`]: `import` declarations and qualified paths (`util::f`, `package::a::T`). The
//!   modules a shader imports are parsed, every name is resolved to the declaration it means,
//!   and the declarations the root module reaches are merged into one WGSL syntax tree, which
//!   the WGSL lowering then reads as if it had been written in one file.
//!
//! A module without `import`s and qualified paths skips [`link`] entirely (no extra pass).

pub mod cond;
pub mod link;

use std::path::{Component, Path, PathBuf};

/// Where the modules of a shader come from and which features are on.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The package root: `package::a::b` is the file `a/b.wesl` (or `a/b.wgsl`) under it.
    pub root: PathBuf,
    /// The root module's file; its path below [`Options::root`] is the root module's path
    /// ([`Options::main_module`]). Empty for a source with no file.
    pub file: PathBuf,
    /// Features for `@if` (a feature not listed is false).
    pub features: Vec<(String, bool)>,
    /// Other packages (shader libraries) by name: `noise::a::b` is `a/b.wesl` under the
    /// folder of `noise` ([`crate::CompileOptions::packages`]).
    pub packages: Vec<(String, PathBuf)>,
}

impl Options {
    /// Options for the file `name` below `root` (or in `root` when it is outside: then `root`
    /// is its module's parent). Without a root, the file's folder is the package root.
    pub fn for_file(name: &str, root: Option<&std::path::Path>, features: Vec<(String, bool)>) -> Options {
        let file = PathBuf::from(name);
        let root = root.map_or_else(|| file.parent().map(PathBuf::from).unwrap_or_default(), PathBuf::from);
        Options { root, file, features, packages: Vec::new() }
    }

    /// The root module's path below `package` (`["main"]` for `ROOT/main.wesl`), which
    /// `super::` starts from; empty without a file. Computed only when a module is linked, so
    /// a module without imports pays for no path arithmetic.
    pub fn main_module(&self) -> Vec<String> {
        if self.file.as_os_str().is_empty() {
            return Vec::new();
        }
        let relative = normalize(&self.file)
            .strip_prefix(normalize(&self.root))
            .map(PathBuf::from)
            .unwrap_or_else(|_| PathBuf::from(self.file.file_name().unwrap_or_default()));
        let mut main_module: Vec<String> =
            relative.with_extension("").components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
        if main_module.is_empty() {
            main_module.push("main".to_string());
        }
        main_module
    }

    /// The folder of the package `name`: `package` is the root package, anything else one of
    /// [`Options::packages`].
    pub fn package_root(&self, name: &str) -> Option<&Path> {
        if name == "package" {
            return Some(&self.root);
        }
        self.packages.iter().find(|(p, _)| p == name).map(|(_, dir)| dir.as_path())
    }
}

/// `a/./b/../c` -> `a/c`, lexically (the files need not exist).
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}

