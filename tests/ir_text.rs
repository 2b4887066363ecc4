//! The IR's text form (`shader_core::ir::text`) over every `ok` program of the WGSL, GLSL and
//! AGSL suites: printing, parsing and printing again gives the same text, and the parsed module
//! passes the validator and gives the same SPIR-V words as the compiled one (so the text keeps
//! everything the back end reads). One trial per program: `cargo test --test ir_text -- NAME`.

mod common;

use common::expect;
use shader_core::{ir, CompileOptions, Language, Target};
use std::path::{Path, PathBuf};

fn main() {
    let root = common::workspace_root().join("tests");
    let mut trials = Vec::new();
    for (folder, extensions, language) in [
        ("wgsl/ok", &["wgsl"][..], Language::Wgsl),
        ("glsl/ok", &["comp", "vert", "frag"][..], Language::Glsl),
        ("agsl/ok", &["agsl"][..], Language::Agsl),
    ] {
        let files = expect::files(&root.join(folder), extensions);
        assert!(!files.is_empty(), "no programs under tests/{folder}");
        for path in files {
            let name = format!("{folder}/{}", expect::file_name(&path));
            trials.push(expect::trial(name, move || round_trip(&path, language)));
        }
    }
    expect::run(trials)
}

fn round_trip(path: &Path, language: Language) -> Result<(), String> {
    let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let options = CompileOptions {
        language,
        target: Target::Vulkan,
        include_dirs: vec![PathBuf::from("tests/glsl/include")],
        // The text form has no source positions: the module without line info is compared.
        strip_debug: true,
        ..Default::default()
    };
    let name = expect::file_name(path);
    let compiled = match shader_core::compile(&name, &source, &options) {
        Ok(compiled) => compiled,
        // A program the Vulkan target can write only at SPIR-V 1.6 (several compute entry
        // points with override workgroup sizes: `LocalSizeId`) is compared there; any other
        // refusal of an `ok` program fails.
        Err(e) if e.render().contains("Compile for SPIR-V 1.6") => {
            shader_core::compile(&name, &source, &CompileOptions { spirv_version: (1, 6), ..options }).map_err(|e| e.render())?
        }
        Err(e) => return Err(e.render()),
    };
    let text = ir::text::print(compiled.ir.module());
    let parsed = ir::text::parse(&text).map_err(|e| format!("the printed IR does not parse back: {}", e.message))?;
    let again = ir::text::print(&parsed);
    if again != text {
        return Err(format!("print(parse(print(m))) != print(m):\n{}", first_difference(&text, &again)));
    }
    let validated = ir::validate::validate(parsed).map_err(|d| format!("the parsed module fails validation: {d:?}"))?;
    // The version the compile chose, from the SPIR-V header (0x00MMmm00).
    let word = compiled.spirv[1];
    let version = ((word >> 16) as u8, (word >> 8) as u8);
    let options = shader_core::spirv::Options { version, debug_names: true, wgpu: false, bounds_checks: shader_core::BoundsChecks::Clamp };
    let words = shader_core::spirv::emit(&validated, &options).map_err(|d| format!("emit failed: {d:?}"))?;
    if words != compiled.spirv {
        return Err(format!(
            "the parsed module gives other SPIR-V:\n{}",
            first_difference(&expect::disassemble(&compiled.spirv), &expect::disassemble(&words))
        ));
    }
    Ok(())
}

fn first_difference(a: &str, b: &str) -> String {
    let line = a.lines().zip(b.lines()).position(|(x, y)| x != y).unwrap_or(a.lines().count().min(b.lines().count()));
    format!("line {}:\n- {}\n+ {}", line + 1, a.lines().nth(line).unwrap_or(""), b.lines().nth(line).unwrap_or(""))
}
