//! WGSL struct layouts against an independent oracle: for every struct of every corpus file
//! naga accepts (and of our own `tests/wgsl/ok` programs), the member offsets and struct size
//! we assign equal the ones naga's WGSL front end assigns.

use shader_core::ir::TypeInner;
use shader_core::{compile, CompileOptions, Language};
use std::path::{Path, PathBuf};

fn inputs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("../../shared/corpus");
    let mut files = Vec::new();
    match std::fs::read_to_string(corpus.join("MANIFEST.tsv")) {
        Ok(manifest) => {
            for line in manifest.lines().skip(1) {
                let cells: Vec<&str> = line.split('\t').collect();
                if cells.len() >= 5 && cells[1] == "wgsl" && cells[4] == "1" {
                    files.push(corpus.join(cells[0]));
                }
            }
        }
        Err(_) if std::env::var("CI").is_ok_and(|v| v == "true") => panic!("corpus missing but CI=true"),
        Err(_) => eprintln!("*** SKIPPED corpus part: no corpus at {} ***", corpus.display()),
    }
    if let Ok(entries) = std::fs::read_dir(root.join("../tests/wgsl/ok")) {
        let mut own: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        own.sort();
        files.extend(own.into_iter().filter(|p| p.extension().is_some_and(|e| e == "wgsl")));
    }
    files
}

#[test]
fn struct_layouts_match_naga() {
    let mut compared = 0;
    let mut mismatches = Vec::new();
    for path in inputs() {
        let source = std::fs::read_to_string(&path).expect("readable");
        // Our programs that document a naga disagreement (see tests/wgsl_suite.rs).
        if source.starts_with("// naga-disagrees:") {
            continue;
        }
        let Ok(theirs) = naga::front::wgsl::parse_str(&source) else { continue };
        let options = CompileOptions { language: Language::Wgsl, ..CompileOptions::default() };
        let Ok(ours) = compile(&path.to_string_lossy(), &source, &options) else { continue };
        for (_, t) in theirs.types.iter() {
            let (Some(name), naga::TypeInner::Struct { members, span }) = (&t.name, &t.inner) else { continue };
            let Some((_, our)) = ours.ir.module().types.iter().find(|(_, o)| o.name.as_deref() == Some(name.as_str())) else {
                continue;
            };
            let TypeInner::Struct { members: our_members, span: our_span } = &our.inner else { continue };
            compared += 1;
            let theirs: Vec<u32> = members.iter().map(|m| m.offset).collect();
            let ours: Vec<u32> = our_members.iter().map(|m| m.offset).collect();
            if theirs != ours || span != our_span {
                mismatches.push(format!(
                    "{}: struct {name}: naga offsets {theirs:?} size {span}, ours {ours:?} size {our_span}",
                    path.display()
                ));
            }
        }
    }
    assert!(mismatches.is_empty(), "{} struct layouts differ:\n{}", mismatches.len(), mismatches.join("\n"));
    assert!(compared >= 50, "only {compared} structs compared");
    eprintln!("{compared} struct layouts equal naga's");
}
