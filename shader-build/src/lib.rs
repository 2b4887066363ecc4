//! Shader libraries between crates, for build scripts.
//!
//! A proc macro cannot see other crates, so a crate's `shader!` calls learn where the shader
//! libraries it depends on keep their files from Cargo's `links` metadata, in two steps:
//!
//! 1. The library (a crate with `links = "NAME"` in its `Cargo.toml`, any unique name) says in
//!    its `build.rs` which folder holds its modules and under which package name:
//!    `shader_build::publish("noise", "shaders");`. Cargo hands this to the build scripts of
//!    the crates that depend on it directly as `DEP_<LINKS>_SHADER_PACKAGE`.
//! 2. The crate using it forwards every package its dependencies published, in one line of
//!    its `build.rs`: `fn main() { shader_build::forward(); }`. That sets
//!    [`ENV`] (`SHADER_PACKAGES`) for the compilation of the crate, which `shader!` reads:
//!    `import noise::simplex::snoise3;` (WESL) and `#include <noise/simplex.glsl>` (GLSL) then
//!    read the library's files where they are, with no copying, and every file read is
//!    tracked for rebuilds as the crate's own shader files are.
//!
//! [`encode`]/[`decode`] are the one definition of the variable's format.

use std::path::{Path, PathBuf};

/// The variable `shader!` reads the packages from: `name=folder` entries joined with the
/// platform's path-list separator (`:` on Unix, `;` on Windows).
pub const ENV: &str = "SHADER_PACKAGES";

/// The `links` metadata key a library publishes its package under.
const KEY: &str = "SHADER_PACKAGE";

/// In a shader library's `build.rs`: publishes `dir` (relative to the crate's folder) as the
/// package `name`, whose module `a::b` is the file `dir/a/b.wesl` (or `.wgsl`) and whose
/// GLSL include `<name/x.glsl>` is `dir/x.glsl`. The crate must have a `links` key.
///
/// # Panics
/// When `name` is not an identifier or `dir` is not a folder: the library's build fails with
/// the reason.
pub fn publish(name: &str, dir: &str) {
    assert!(is_package_name(name), "shader_build::publish: `{name}` is not a package name (an identifier such as `noise`)");
    let crate_dir = std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(PathBuf::new, PathBuf::from);
    let full = crate_dir.join(dir);
    assert!(full.is_dir(), "shader_build::publish: `{}` is not a folder", full.display());
    let entry = encode(&[(name.to_string(), full.clone())]).unwrap_or_else(|e| panic!("shader_build::publish: {e}"));
    println!("cargo::metadata={KEY}={entry}");
    println!("cargo::rerun-if-changed=build.rs");
    // The entry holds the folder's absolute path. Cargo does not rerun a build script when the
    // checkout moves, so a target directory reused by a clone elsewhere would hand the
    // dependents the old folder; watching the folder reruns this script once that path is
    // gone (Cargo treats a missing watched path as changed).
    println!("cargo::rerun-if-changed={}", full.display());
}

/// In the `build.rs` of a crate whose `shader!` calls use shader libraries: forwards the
/// packages every direct dependency [`publish`]ed to `shader!` (sets [`ENV`]).
///
/// # Panics
/// When two dependencies publish one package name from different folders.
pub fn forward() {
    let mut packages: Vec<(String, PathBuf)> = Vec::new();
    let mut vars: Vec<(String, String)> = std::env::vars_os()
        .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)))
        .filter(|(k, _)| k.starts_with("DEP_") && k.ends_with(&format!("_{KEY}")))
        .collect();
    vars.sort();
    for (var, value) in vars {
        for (name, dir) in decode(&value) {
            match packages.iter().find(|(n, _)| *n == name) {
                Some((_, known)) if *known != dir => {
                    panic!("shader_build::forward: two libraries publish the package `{name}` ({} and {}, from {var})", known.display(), dir.display())
                }
                Some(_) => {}
                None => packages.push((name, dir)),
            }
        }
    }
    let value = encode(&packages).unwrap_or_else(|e| panic!("shader_build::forward: {e}"));
    println!("cargo::rustc-env={ENV}={value}");
    println!("cargo::rerun-if-changed=build.rs");
}

/// The value of [`ENV`] for `packages`; an error when a folder holds the path-list separator.
pub fn encode(packages: &[(String, PathBuf)]) -> Result<String, String> {
    let entries = packages.iter().map(|(name, dir)| {
        let mut entry = std::ffi::OsString::from(format!("{name}="));
        entry.push(dir.as_os_str());
        entry
    });
    let joined = std::env::join_paths(entries).map_err(|e| e.to_string())?;
    joined.into_string().map_err(|_| "a shader library's folder is not valid UTF-8".to_string())
}

/// The packages in a value of [`ENV`] (entries without `=` are skipped).
pub fn decode(value: &str) -> Vec<(String, PathBuf)> {
    std::env::split_paths(value)
        .filter_map(|entry| {
            let entry = entry.to_str()?.to_string();
            let (name, dir) = entry.split_once('=')?;
            Some((name.to_string(), Path::new(dir).to_path_buf()))
        })
        .collect()
}

/// A package name is an identifier (it is the first segment of a WESL path).
pub fn is_package_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !matches!(name, "package" | "super" | "_")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encode_then_decode_gives_the_packages_back() {
        let packages = vec![("noise".to_string(), PathBuf::from("/a/noise shaders")), ("pbr".to_string(), PathBuf::from("/b/c=d"))];
        assert_eq!(decode(&encode(&packages).expect("encodes")), packages);
        assert_eq!(decode(""), Vec::new());
    }

    #[test]
    fn package_names_are_identifiers() {
        assert!(is_package_name("noise") && is_package_name("pbr_2"));
        assert!(!is_package_name("") && !is_package_name("2d") && !is_package_name("a-b") && !is_package_name("package"));
    }
}
