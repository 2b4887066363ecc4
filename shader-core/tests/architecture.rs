//! The boundaries `docs/architecture.md` states, checked: no import cycle between modules of
//! shader-core or of shader-macros, every repository path the document names exists, and the
//! crate invariants (shader-core depends on neither syn nor wgpu; only shader-runtime and the
//! root test package name wgpu).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root").to_path_buf()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).expect("readable dir").map(|e| e.expect("entry").path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `glsl/agsl/checks.rs` -> `glsl::agsl::checks`; `lib.rs` -> ``; `ir/mod.rs` -> `ir`.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).expect("under src").with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts.join("::")
}

/// Code without comments (line comments and doc comments; block comments are not used).
fn code_of(text: &str) -> String {
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// Every path a file mentions, as absolute segments: `crate::a::b`, `super::a`, and the leaves
/// of `use` trees with braces (`use super::{ast::{self, Expr}, consteval};`).
fn paths_in(code: &str, module: &str) -> Vec<Vec<String>> {
    let here: Vec<String> = if module.is_empty() { Vec::new() } else { module.split("::").map(str::to_string).collect() };
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let starts = |w: &str| w.chars().enumerate().all(|(k, c)| bytes.get(i + k) == Some(&c));
        let boundary = i == 0 || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_' || bytes[i - 1] == ':');
        if boundary && (starts("crate::") || starts("super::")) {
            let (root, skip) = if starts("crate::") { (Vec::new(), 7) } else { (here[..here.len().saturating_sub(1)].to_vec(), 7) };
            let (prefixes, next) = use_tree(&bytes, i + skip);
            for p in prefixes {
                let mut full = root.clone();
                full.extend(p);
                out.push(full);
            }
            i = next;
        } else {
            i += 1;
        }
    }
    out
}

/// Parses `a::b::{c, d::{self, e}}` from `i`; returns each path (segments) and where it ended.
fn use_tree(chars: &[char], mut i: usize) -> (Vec<Vec<String>>, usize) {
    let mut segs = Vec::new();
    if chars.get(i) == Some(&'{') {
        // `super::{...}`: a group straight after the root.
        return group(chars, i + 1, &segs);
    }
    loop {
        let start = i;
        while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        if i > start {
            let seg: String = chars[start..i].iter().collect();
            if seg != "self" {
                segs.push(seg);
            }
        }
        if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
            i += 2;
            if chars.get(i) == Some(&'{') {
                return group(chars, i + 1, &segs);
            }
            continue;
        }
        return (vec![segs], i);
    }
}

/// The paths of a `{a, b::c}` group after `segs::`, from just after the `{`.
fn group(chars: &[char], mut i: usize, segs: &[String]) -> (Vec<Vec<String>>, usize) {
    let mut all = Vec::new();
    loop {
        while chars.get(i).is_some_and(|c| c.is_whitespace() || *c == ',') {
            i += 1;
        }
        if chars.get(i).is_none_or(|c| *c == '}') {
            return (all, i + 1);
        }
        let before = i;
        let (inner, next) = use_tree(chars, i);
        for p in inner {
            let mut full = segs.to_vec();
            full.extend(p);
            all.push(full);
        }
        i = next;
        // `a as b`, `*` and anything else up to the next separator.
        while chars.get(i).is_some_and(|c| *c != ',' && *c != '}') {
            i += 1;
        }
        if i == before {
            i += 1;
        }
    }
}

/// Import edges between modules neither of which contains the other.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(src, f)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let from = module_of(src, file);
        let code = code_of(&std::fs::read_to_string(file).expect("readable"));
        // Unit tests may reach anywhere.
        let code = code.split("#[cfg(test)]").next().unwrap_or("");
        for path in paths_in(code, &from) {
            let Some(to) = (0..=path.len()).rev().map(|n| path[..n].join("::")).find(|m| modules.contains(m)) else { continue };
            let nested = |a: &str, b: &str| a.is_empty() || b.starts_with(&format!("{a}::"));
            if to != from && !nested(&to, &from) && !nested(&from, &to) {
                graph.entry(from.clone()).or_default().insert(to);
            }
        }
    }
    graph
}

/// Each cycle of the graph, as the sorted modules of a strongly connected component.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reach = |start: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![start.clone()];
        while let Some(m) = stack.pop() {
            for next in graph.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reachable: BTreeMap<&String, BTreeSet<String>> = graph.keys().map(|m| (m, reach(m))).collect();
    let mut found = BTreeSet::new();
    for (m, r) in &reachable {
        if r.contains(*m) {
            let scc: Vec<String> = r.iter().filter(|o| reachable.get(o).is_some_and(|ro| ro.contains(*m))).cloned().collect();
            found.insert(scc);
        }
    }
    found.into_iter().collect()
}

#[test]
fn the_checker_sees_a_cycle() {
    let code_a = "use super::b::Thing;";
    let code_b = "fn f() { crate::x::a::g(); }";
    assert_eq!(paths_in(code_a, "x::a"), [vec!["x".to_string(), "b".into(), "Thing".into()]]);
    assert_eq!(paths_in(code_b, "x::b"), [vec!["x".to_string(), "a".into(), "g".into()]]);
    let nested = paths_in("use super::{ast::{self, Expr}, consteval};", "wgsl::lower");
    assert_eq!(nested, [vec!["wgsl".to_string(), "ast".into()], vec!["wgsl".into(), "ast".into(), "Expr".into()], vec!["wgsl".into(), "consteval".into()]]);
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    g.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(cycles(&g), [vec!["a".to_string(), "b".into()]]);
}

#[test]
fn no_import_cycles_in_shader_core() {
    let graph = module_graph(&repo().join("shader-core/src"));
    assert!(graph.len() > 20, "the module graph looks empty: {graph:?}");
    let found = cycles(&graph);
    assert_eq!(found, Vec::<Vec<String>>::new(), "import cycles between shader-core modules");
}

/// AGSL drives the GLSL front end through `glsl::Dialect`; the front end never names AGSL, so
/// the two cannot grow an import cycle again.
#[test]
fn the_glsl_front_end_does_not_import_agsl() {
    let graph = module_graph(&repo().join("shader-core/src"));
    let is_agsl = |m: &str| m == "glsl::agsl" || m.starts_with("glsl::agsl::");
    let offending: Vec<(&String, &String)> = graph
        .iter()
        .filter(|(from, _)| from.starts_with("glsl::") && !is_agsl(from))
        .flat_map(|(from, to)| to.iter().filter(|t| is_agsl(t)).map(move |t| (from, t)))
        .collect();
    assert!(offending.is_empty(), "GLSL front-end modules import AGSL: {offending:?}");
    assert!(graph.get("glsl::agsl").is_some_and(|to| to.contains("glsl::parser")), "the check no longer sees AGSL using the parser: {graph:?}");
    assert!(graph.get("glsl::agsl::lowering").is_some_and(|to| to.contains("glsl::lower")), "the check no longer sees AGSL's hooks using the lowering: {graph:?}");
}

#[test]
fn shader_macros_import_cycles() {
    let graph = module_graph(&repo().join("shader-macros/src"));
    // `shader!`'s generated structs use the derive's layout checks, never the other way round.
    assert!(graph.get("codegen").is_some_and(|to| to.contains("derive")), "the check no longer sees codegen using derive: {graph:?}");
    assert_eq!(cycles(&graph), Vec::<Vec<String>>::new(), "import cycles between shader-macros modules");
}

/// Backticked tokens of the document that look like repository paths.
fn named_paths(doc: &str) -> Vec<String> {
    doc.split('`')
        .skip(1)
        .step_by(2)
        .filter(|t| t.contains('/') && !t.contains(' ') && t.len() > 1 && !t.starts_with("shared/") && !t.starts_with('/'))
        .map(str::to_string)
        .collect()
}

/// `tests/common/{wgsl,glsl}_exec_cases.rs` -> both names.
fn expand_braces(p: &str) -> Vec<String> {
    match (p.find('{'), p.find('}')) {
        (Some(a), Some(b)) if a < b => p[a + 1..b].split(',').flat_map(|alt| expand_braces(&format!("{}{alt}{}", &p[..a], &p[b + 1..]))).collect(),
        _ => vec![p.to_string()],
    }
}

fn exists(root: &Path, p: &str) -> bool {
    // Paths inside shader-core are written relative to its src/.
    [root.to_path_buf(), root.join("shader-core/src")].iter().any(|base| match p.split_once('*') {
        Some((dir_and_prefix, suffix)) => {
            let full = base.join(dir_and_prefix);
            let (dir, prefix) = match dir_and_prefix.rsplit_once('/') {
                Some((d, pre)) => (base.join(d), pre.to_string()),
                None => (full.clone(), String::new()),
            };
            std::fs::read_dir(&dir).is_ok_and(|entries| {
                entries.filter_map(Result::ok).any(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    name.starts_with(&prefix) && name.ends_with(suffix)
                })
            })
        }
        None => base.join(p).exists(),
    })
}

#[test]
fn every_path_the_architecture_names_exists() {
    let root = repo();
    let doc = std::fs::read_to_string(root.join("docs/architecture.md")).expect("docs/architecture.md");
    let named = named_paths(&doc);
    assert!(named.len() > 20, "only {} paths found", named.len());
    let missing: Vec<String> = named.iter().flat_map(|p| expand_braces(p)).filter(|p| !exists(&root, p)).collect();
    assert!(missing.is_empty(), "docs/architecture.md names paths that do not exist: {missing:?}");
    assert!(!exists(&root, "shader-core/src/no_such_module.rs"), "the existence check accepts anything");
}

/// The names in a Cargo.toml's `[dependencies]` table.
fn dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).expect("Cargo.toml");
    let mut in_deps = false;
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
        } else if in_deps {
            if let Some((name, _)) = line.split_once('=') {
                out.push(name.trim().split('.').next().unwrap_or("").to_string());
            }
        }
    }
    out
}

fn sources_naming(dir: &Path, needle: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(dir, &mut files);
    files.into_iter().filter(|f| code_of(&std::fs::read_to_string(f).expect("readable")).contains(needle)).collect()
}

#[test]
fn crate_invariants() {
    let root = repo();
    let core = dependencies(&root.join("shader-core/Cargo.toml"));
    assert!(core.contains(&"spirv".to_string()), "dependency parsing found {core:?}");
    for banned in ["syn", "quote", "proc-macro2", "wgpu"] {
        assert!(!core.iter().any(|d| d == banned), "shader-core depends on {banned}");
    }
    let members = ["shader-core", "shader-macros", "shader-cli", "shader-layout", "shader-cpu"];
    for member in members {
        assert!(!dependencies(&root.join(member).join("Cargo.toml")).iter().any(|d| d == "wgpu"), "{member} depends on wgpu");
        let naming = sources_naming(&root.join(member).join("src"), "wgpu::");
        assert!(naming.is_empty(), "only shader-runtime names wgpu types, but {naming:?} do");
    }
    assert!(dependencies(&root.join("shader-runtime/Cargo.toml")).iter().any(|d| d == "wgpu"), "the check cannot see wgpu");
}
