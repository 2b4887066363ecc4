//! The `shader` command: compile, validate, reflect and disassemble shader files.
//!
//! A thin shell over `shader_core::compile`. Exit codes: 0 on success, 1 when the shader has
//! errors or a file cannot be read or written, 2 on bad usage (clap's convention). Nothing
//! here panics on bad input: unreadable files, invalid UTF-8, malformed SPIR-V and closed
//! output pipes all end in a message and an exit code.

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use shader_core::{ir, CompileOptions, Compiled, Language, Target};
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "shader",
    version,
    about = "Compile, validate, reflect and disassemble shaders (GLSL, WGSL, AGSL -> SPIR-V)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Compile a shader to a SPIR-V file.
    Compile {
        #[command(flatten)]
        input: Input,
        /// Where to write the SPIR-V (`-` for stdout). Default: IN with a `.glsl`/`.wgsl`/`.agsl`
        /// extension replaced by `.spv`, or `.spv` appended (`blur.frag` -> `blur.frag.spv`).
        #[arg(short, long, value_name = "OUT")]
        output: Option<PathBuf>,
        /// What to write: the SPIR-V binary, or the validated IR as text (`shader_core::ir::text`,
        /// to stdout unless `-o` is given).
        #[arg(long, value_enum, default_value_t = Emit::Spirv)]
        emit: Emit,
    },
    /// Compile a shader and report its errors; prints only warnings on success.
    Validate {
        #[command(flatten)]
        input: Input,
    },
    /// Compile a shader and print its interface (bindings, entry points, IO) as JSON.
    Reflect {
        #[command(flatten)]
        input: Input,
    },
    /// Compile a shader and print the SPIR-V as text; a `.spv` IN is disassembled as is.
    Disassemble {
        #[command(flatten)]
        input: Input,
    },
}

#[derive(Args)]
struct Input {
    /// The shader file. The extension picks the language (`.wgsl`/`.wesl`, `.agsl`, else GLSL) and,
    /// for GLSL, the stage (`.vert`, `.frag`, `.comp`, also `.vert.glsl` etc.).
    #[arg(value_name = "IN")]
    path: PathBuf,
    /// Source language, overriding the extension.
    #[arg(long, value_enum)]
    lang: Option<Lang>,
    /// Shader stage of a GLSL file, overriding the extension.
    #[arg(long, value_enum)]
    stage: Option<StageArg>,
    /// Add a directory to the `#include` search path (GLSL). For WGSL/WESL without `--root`,
    /// the first `-I` is the package root.
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<PathBuf>,
    /// WGSL/WESL: the package root that `import package::a::b` reads `a/b.wesl` from
    /// (default: the folder of IN).
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
    /// A shader library: `import NAME::a::b` (WGSL/WESL) reads `DIR/a/b.wesl`, `#include
    /// <NAME/x.glsl>` (GLSL) reads `DIR/x.glsl`. Repeatable.
    #[arg(long = "package", value_name = "NAME=DIR", value_parser = parse_package)]
    packages: Vec<(String, PathBuf)>,
    /// WGSL/WESL: set a feature for `@if(...)` conditional translation; the value defaults to
    /// true. Features not set are false.
    #[arg(long = "feature", value_name = "NAME[=true|false]", value_parser = parse_feature)]
    features: Vec<(String, bool)>,
    /// Define a preprocessor macro (GLSL); the value defaults to 1.
    #[arg(short = 'D', value_name = "NAME[=VALUE]", value_parser = parse_define)]
    define: Vec<(String, String)>,
    /// SPIR-V version to emit, 1.0 to 1.6.
    #[arg(long, value_name = "1.x", value_parser = parse_spirv_version)]
    spirv_version: Option<(u8, u8)>,
    /// Who consumes the SPIR-V: wgpu splits combined image samplers, Vulkan keeps them.
    #[arg(long, value_enum, default_value_t = TargetArg::Wgpu)]
    target: TargetArg,
    /// Run-time indices into arrays, vectors and matrices: `clamp` keeps every access inside
    /// the composite even when the SPIR-V runs as emitted (WGSL's memory safety); `unchecked`
    /// leaves out-of-bounds accesses to the device's robustness features.
    #[arg(long, value_enum, default_value_t = BoundsArg::Clamp)]
    bounds_checks: BoundsArg,
    /// GLSL: give resources declared without `layout(binding = N)` a binding, as glslang's
    /// `--amb` (without it they are an error, as with `glslangValidator -V`).
    #[arg(long = "auto-map-bindings", visible_alias = "amb")]
    auto_map_bindings: bool,
    /// GLSL: give stage inputs and outputs declared without `layout(location = N)` a location,
    /// as glslang's `--aml` (without it they are an error, as with `glslangValidator -V`).
    #[arg(long = "auto-map-locations", visible_alias = "aml")]
    auto_map_locations: bool,
    /// Leave the source-line debug info (`OpString`, `OpSource`, `OpLine`) out of the SPIR-V;
    /// by default it names the source file and line of the code, for debuggers and the CPU
    /// device's sanitizer. `OpName`s stay.
    #[arg(long = "strip-debug")]
    strip_debug: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum BoundsArg {
    Clamp,
    Unchecked,
}

#[derive(Clone, Copy, PartialEq, ValueEnum)]
enum Emit {
    Spirv,
    Ir,
}

#[derive(Clone, Copy, ValueEnum)]
enum Lang {
    Glsl,
    /// WGSL, with WESL's imports and `@if` (`wesl` is the same language).
    #[value(alias = "wesl")]
    Wgsl,
    Agsl,
}

#[derive(Clone, Copy, ValueEnum)]
enum StageArg {
    #[value(alias = "vertex")]
    Vert,
    #[value(alias = "fragment")]
    Frag,
    #[value(alias = "compute")]
    Comp,
}

#[derive(Clone, Copy, ValueEnum)]
enum TargetArg {
    Vulkan,
    Wgpu,
}

/// Why a command failed; `main` turns it into output and an exit code.
enum Failure {
    /// Printed to stderr after `error: `; exit 1.
    Message(String),
    /// Rendered diagnostics, printed as they are; exit 1.
    Diagnostics(String),
    /// Bad usage clap could not see (e.g. a GLSL file whose stage is unknown); exit 2.
    Usage(String),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let subcommand = cli.command.name();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Message(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(1)
        }
        Err(Failure::Diagnostics(rendered)) => {
            eprint!("{rendered}");
            ExitCode::from(1)
        }
        Err(Failure::Usage(message)) => {
            let mut command = Cli::command();
            command.build();
            let command = command.find_subcommand_mut(subcommand).expect("every subcommand is declared");
            command.error(clap::error::ErrorKind::MissingRequiredArgument, message).exit()
        }
    }
}

impl Command {
    fn name(&self) -> &'static str {
        match self {
            Command::Compile { .. } => "compile",
            Command::Validate { .. } => "validate",
            Command::Reflect { .. } => "reflect",
            Command::Disassemble { .. } => "disassemble",
        }
    }
}

fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Compile { input, output, emit } => {
            let compiled = compile(&input)?;
            let bytes: Vec<u8> = match emit {
                Emit::Spirv => compiled.spirv.iter().flat_map(|w| w.to_le_bytes()).collect(),
                Emit::Ir => ir::text::print(compiled.ir.module()).into_bytes(),
            };
            let output = match (output, emit) {
                (Some(output), _) => output,
                (None, Emit::Ir) => PathBuf::from("-"),
                (None, Emit::Spirv) => default_output(&input.path),
            };
            if output.as_os_str() == "-" {
                write_stdout(&bytes)
            } else {
                std::fs::write(&output, &bytes)
                    .map_err(|e| Failure::Message(format!("cannot write `{}`: {e}", output.display())))
            }
        }
        Command::Validate { input } => compile(&input).map(drop),
        Command::Reflect { input } => {
            let compiled = compile(&input)?;
            let reflection = shader_core::reflect::reflect_compiled(&compiled);
            let json = serde_json::to_string_pretty(&reflection)
                .map_err(|e| Failure::Message(format!("cannot print the reflection: {e}")))?;
            write_stdout(format!("{json}\n").as_bytes())
        }
        Command::Disassemble { input } => {
            let words = if is_spirv_file(&input.path) { read_spirv(&input.path)? } else { compile(&input)?.spirv };
            let text = disassemble(&words).map_err(|e| Failure::Message(format!("`{}`: {e}", input.path.display())))?;
            write_stdout(format!("{text}\n").as_bytes())
        }
    }
}

/// Reads and compiles the input; prints warnings on success.
fn compile(input: &Input) -> Result<Compiled, Failure> {
    let path = &input.path;
    if is_spirv_file(path) {
        return Err(Failure::Message(format!(
            "`{}` is already SPIR-V; only `shader disassemble` reads .spv files",
            path.display()
        )));
    }
    let bytes = read(path)?;
    let source = String::from_utf8(bytes).map_err(|e| {
        Failure::Message(format!(
            "`{}` is not valid UTF-8 (first bad byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        ))
    })?;
    let options = options(input)?;
    let name = path.display().to_string();
    match shader_core::compile(&name, &source, &options) {
        Ok(compiled) => {
            if !compiled.warnings.is_empty() {
                eprint!("{}", compiled.warnings.render(&compiled.sources));
            }
            Ok(compiled)
        }
        Err(error) => Err(Failure::Diagnostics(error.render())),
    }
}

fn options(input: &Input) -> Result<CompileOptions, Failure> {
    let file_name = input.path.to_string_lossy();
    let language = match input.lang {
        Some(Lang::Glsl) => Language::Glsl,
        Some(Lang::Wgsl) => Language::Wgsl,
        Some(Lang::Agsl) => Language::Agsl,
        None => Language::from_path(&file_name),
    };
    let stage = match input.stage {
        Some(StageArg::Vert) => Some(ir::Stage::Vertex),
        Some(StageArg::Frag) => Some(ir::Stage::Fragment),
        Some(StageArg::Comp) => Some(ir::Stage::Compute),
        None => shader_core::glsl::stage_from_path(&file_name).or_else(|| {
            let text = std::fs::read_to_string(&input.path).ok()?;
            shader_core::glsl::stage_from_source(&text)
        }),
    };
    // WGSL names stages in the source and AGSL is always a fragment shader; GLSL needs one.
    if language == Language::Glsl && stage.is_none() {
        return Err(Failure::Usage(format!(
            "cannot tell the shader stage of `{file_name}` from its name (expected .vert, .frag or .comp) or its source (`layout(local_size_x = N) in;`); pass --stage vert|frag|comp"
        )));
    }
    let defaults = CompileOptions::default();
    Ok(CompileOptions {
        language,
        stage,
        spirv_version: input.spirv_version.unwrap_or(defaults.spirv_version),
        target: match input.target {
            TargetArg::Vulkan => Target::Vulkan,
            TargetArg::Wgpu => Target::Wgpu,
        },
        include_dirs: input.include.clone(),
        defines: input.define.clone(),
        module_root: input.root.clone().or_else(|| input.include.first().cloned()),
        features: input.features.clone(),
        packages: input.packages.clone(),
        bounds_checks: match input.bounds_checks {
            BoundsArg::Clamp => shader_core::BoundsChecks::Clamp,
            BoundsArg::Unchecked => shader_core::BoundsChecks::Unchecked,
        },
        auto_map_bindings: input.auto_map_bindings,
        auto_map_locations: input.auto_map_locations,
        strip_debug: input.strip_debug,
        // `OpString` names the files by the paths given.
        source_root: None,
    })
}

/// A language extension is replaced (`a.wgsl` -> `a.spv`, `a.vert.glsl` -> `a.vert.spv`); a
/// stage extension is kept (`a.frag` -> `a.frag.spv`) so a `.vert`/`.frag` pair cannot collide.
fn default_output(input: &Path) -> PathBuf {
    let language_extension = matches!(input.extension().and_then(|e| e.to_str()), Some("glsl" | "wgsl" | "wesl" | "agsl"));
    if language_extension {
        input.with_extension("spv")
    } else {
        let mut name = OsString::from(input.as_os_str());
        name.push(".spv");
        PathBuf::from(name)
    }
}

fn is_spirv_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "spv")
}

fn read(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|e| Failure::Message(format!("cannot read `{}`: {e}", path.display())))
}

fn read_spirv(path: &Path) -> Result<Vec<u32>, Failure> {
    let bytes = read(path)?;
    if bytes.len() % 4 != 0 || bytes.len() < 20 {
        return Err(Failure::Message(format!(
            "`{}` is not a SPIR-V module: {} bytes is not a whole header plus words",
            path.display(),
            bytes.len()
        )));
    }
    let words: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    // SPIR-V §2.3: the magic number tells the endianness; accept a byte-swapped module too.
    match words[0] {
        0x0723_0203 => Ok(words),
        0x0302_2307 => Ok(words.into_iter().map(u32::swap_bytes).collect()),
        magic => Err(Failure::Message(format!(
            "`{}` is not a SPIR-V module: magic number {magic:#010x}, expected 0x07230203",
            path.display()
        ))),
    }
}

/// Disassembles with rspirv. Its loader reports most malformed modules as errors, but parts of
/// its parser and disassembler unwrap and index without checking; a module that upsets them is
/// reported as malformed instead of crashing the tool.
fn disassemble(words: &[u32]) -> Result<String, String> {
    use rspirv::binary::Disassemble;
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = std::panic::catch_unwind(|| {
        shader_cpu::load_module(words)
            .map(|module| module.disassemble())
            .map_err(|e| format!("not a valid SPIR-V module: {e}"))
    });
    std::panic::set_hook(previous_hook);
    result.unwrap_or_else(|_| Err("malformed SPIR-V: the disassembler could not read it".to_string()))
}

/// Writes to stdout. A reader that went away (`shader reflect x | head`) is not an error.
fn write_stdout(bytes: &[u8]) -> Result<(), Failure> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Failure::Message(format!("cannot write to stdout: {e}"))),
    }
}

fn parse_define(text: &str) -> Result<(String, String), String> {
    let (name, value) = text.split_once('=').unwrap_or((text, "1"));
    let mut chars = name.chars();
    let valid = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if valid {
        Ok((name.to_string(), value.to_string()))
    } else {
        Err(format!("`{name}` is not a macro name"))
    }
}

fn parse_feature(text: &str) -> Result<(String, bool), String> {
    let (name, value) = text.split_once('=').unwrap_or((text, "true"));
    let value = match value {
        "true" | "1" => true,
        "false" | "0" => false,
        _ => return Err(format!("`{value}` is not a feature value; expected true or false")),
    };
    let mut chars = name.chars();
    let valid = chars.next().is_some_and(|c| c.is_alphabetic() || c == '_') && chars.all(|c| c.is_alphanumeric() || c == '_');
    if valid {
        Ok((name.to_string(), value))
    } else {
        Err(format!("`{name}` is not a feature name"))
    }
}

fn parse_package(text: &str) -> Result<(String, PathBuf), String> {
    let Some((name, dir)) = text.split_once('=') else {
        return Err("expected NAME=DIR".to_string());
    };
    if !shader_build::is_package_name(name) {
        return Err(format!("`{name}` is not a package name (an identifier other than `package` and `super`)"));
    }
    Ok((name.to_string(), PathBuf::from(dir)))
}

fn parse_spirv_version(text: &str) -> Result<(u8, u8), String> {
    match text.split_once('.') {
        Some(("1", minor)) => match minor.parse::<u8>() {
            Ok(minor) if minor <= 6 => Ok((1, minor)),
            _ => Err("expected a version from 1.0 to 1.6".to_string()),
        },
        _ => Err("expected a version from 1.0 to 1.6".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_output_paths() {
        for (input, expected) in [
            ("scale.wgsl", "scale.spv"),
            ("dir/blur.frag", "dir/blur.frag.spv"),
            ("blur.vert.glsl", "blur.vert.spv"),
            ("effect.agsl", "effect.spv"),
            ("noext", "noext.spv"),
            ("a.comp", "a.comp.spv"),
        ] {
            assert_eq!(default_output(Path::new(input)), PathBuf::from(expected), "{input}");
        }
    }

    #[test]
    fn stages_from_file_names() {
        for (name, stage) in [
            ("a.vert", Some(ir::Stage::Vertex)),
            ("a.frag", Some(ir::Stage::Fragment)),
            ("dir.x/a.comp", Some(ir::Stage::Compute)),
            ("a.vert.glsl", Some(ir::Stage::Vertex)),
            ("a.vs", Some(ir::Stage::Vertex)),
            ("a.fs", Some(ir::Stage::Fragment)),
            ("a.comp.glsl", Some(ir::Stage::Compute)),
            ("a.glsl", None),
            ("a.geom", None),
            ("vert", None),
        ] {
            assert_eq!(shader_core::glsl::stage_from_path(name), stage, "{name}");
        }
    }

    #[test]
    fn defines_and_versions() {
        assert_eq!(parse_define("N=64"), Ok(("N".to_string(), "64".to_string())));
        assert_eq!(parse_define("FLAG"), Ok(("FLAG".to_string(), "1".to_string())));
        assert_eq!(parse_define("EMPTY="), Ok(("EMPTY".to_string(), String::new())));
        assert_eq!(parse_define("A=B=C"), Ok(("A".to_string(), "B=C".to_string())));
        assert!(parse_define("=1").is_err());
        assert!(parse_define("9x").is_err());
        assert!(parse_define("a-b").is_err());
        assert_eq!(parse_spirv_version("1.0"), Ok((1, 0)));
        assert_eq!(parse_spirv_version("1.6"), Ok((1, 6)));
        for bad in ["1.7", "2.0", "1", "1.", "x.y", "1.3.0"] {
            assert!(parse_spirv_version(bad).is_err(), "{bad}");
        }
    }
}
