//! shader-core: the compiler. Front ends (WGSL, GLSL, AGSL) lower to one typed IR, which is
//! validated and then emitted as SPIR-V.
//!
//! ```text
//! source -> [preprocess] -> parse -> AST -> lower (types, overloads, const-eval) -> ir::Module
//!        -> ir::validate -> spirv::emit -> Vec<u32>
//! ```

pub mod diag;
pub mod glsl;
pub(crate) mod hash;
pub mod ir;
pub mod span;
pub mod spec_length;
pub mod layout;
pub mod name;
pub mod pipeline_interface;
pub mod reflect;
pub mod spirv;
pub mod type_names;
pub mod wesl;
pub mod wgsl;
mod wgpu_target;

pub use spirv::BoundsChecks;
use diag::Diagnostics;
use span::SourceMap;

/// The source language of a shader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Language {
    Wgsl,
    Glsl,
    Agsl,
}

impl Language {
    /// `.wgsl` and `.wesl` are WGSL (WESL is read by the WGSL front end), `.agsl` is AGSL,
    /// anything else GLSL.
    pub fn from_path(path: &str) -> Language {
        if path.ends_with(".wgsl") || path.ends_with(".wesl") {
            Language::Wgsl
        } else if path.ends_with(".agsl") {
            Language::Agsl
        } else {
            Language::Glsl
        }
    }
}

/// Who will consume the SPIR-V.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
pub enum Target {
    /// Plain Vulkan: combined image samplers stay combined.
    Vulkan,
    /// wgpu's portable path (naga re-parses the SPIR-V): combined image samplers are split.
    #[default]
    Wgpu,
}

/// Serializable (JSON) so `shader!` can hand the options it compiled with to the running
/// program, which recompiles the same way on hot reload.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct CompileOptions {
    pub language: Language,
    /// GLSL only: the stage of the file (from its extension when not given).
    pub stage: Option<ir::Stage>,
    /// The SPIR-V version to emit, `(1, 0)` to `(1, 6)`. A minimum: a module using features
    /// of a newer version (subgroup operations need 1.3) gets that version, as with glslang.
    pub spirv_version: (u8, u8),
    pub target: Target,
    /// GLSL `#include` search paths.
    pub include_dirs: Vec<std::path::PathBuf>,
    /// GLSL predefined macros, `(name, value)`.
    pub defines: Vec<(String, String)>,
    /// WGSL/WESL: the package root `import package::...` reads modules from. Without it, the
    /// folder of the file being compiled (the `name` given to [`compile`]).
    pub module_root: Option<std::path::PathBuf>,
    /// WGSL/WESL: features for `@if` conditional translation (unlisted features are false).
    pub features: Vec<(String, bool)>,
    /// Shader libraries by package name, `(name, folder)`: `import noise::a::b;` (WESL) reads
    /// `a/b.wesl` under the folder of the package `noise`, and `#include <noise/a.glsl>`
    /// (GLSL) reads `a.glsl` there. `shader!` fills it from the `SHADER_PACKAGES` variable a
    /// build script sets (the `shader-build` crate), the CLI from `--package NAME=DIR`.
    #[serde(default)]
    pub packages: Vec<(String, std::path::PathBuf)>,
    /// Whether run-time indices into arrays, vectors and matrices are clamped, so an
    /// out-of-bounds index never reaches memory outside the composite even when the SPIR-V
    /// runs as emitted ([`BoundsChecks`]; default: clamp).
    pub bounds_checks: BoundsChecks,
    /// GLSL: give uniform and buffer blocks and samplers, textures and images declared without
    /// `layout(binding = N)` a binding, as glslang's `--amb` (shaderc's `auto_map_bindings`)
    /// does. Without it such a declaration is an error, as with `glslangValidator -V`.
    pub auto_map_bindings: bool,
    /// GLSL: give user stage inputs and outputs declared without `layout(location = N)` a
    /// location, as glslang's `--aml` (shaderc's `auto_map_locations`) does. Without it such a
    /// declaration is an error, as with `glslangValidator -V`.
    pub auto_map_locations: bool,
    /// Leave out the source-line debug info (`OpString`, `OpSource`, `OpLine`): by default the
    /// SPIR-V names the source file and line of its code, for the CPU device's sanitizer reports
    /// and GPU debuggers such as RenderDoc. Debug names (`OpName`) stay either way.
    #[serde(default)]
    pub strip_debug: bool,
    /// The folder the debug info names source files relative to (`OpString`, and so the CPU
    /// device's finding locations): a file under it is named by its path from there, with `/`
    /// separators, and a file under a shader library's folder (`packages`) as `package/path`.
    /// `shader!` gives the crate's folder, so the embedded SPIR-V is the same in every checkout.
    /// Without it (the CLI), files are named as read. Diagnostics name files as read either way.
    #[serde(default)]
    pub source_root: Option<std::path::PathBuf>,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            language: Language::Wgsl,
            stage: None,
            spirv_version: (1, 0),
            target: Target::default(),
            include_dirs: Vec::new(),
            defines: Vec::new(),
            module_root: None,
            features: Vec::new(),
            packages: Vec::new(),
            bounds_checks: BoundsChecks::Clamp,
            auto_map_bindings: false,
            auto_map_locations: false,
            strip_debug: false,
            source_root: None,
        }
    }
}

/// The note of an unknown package (a WESL path's first segment, a GLSL `#include <a/..>`'s
/// first component): which shader libraries are known, or where they come from.
pub(crate) fn known_libraries_note(packages: &[(String, std::path::PathBuf)]) -> String {
    if packages.is_empty() {
        return "no shader library is known: `shader!` takes them from the `SHADER_PACKAGES` variable a build \
                script sets (`shader_build::forward()`), the CLI from `--package NAME=DIR`"
            .to_string();
    }
    let known: Vec<String> = packages.iter().map(|(p, _)| format!("`{p}`")).collect();
    format!("the shader libraries known are {}", known.join(", "))
}

/// The note of a file missing from a known shader library whose folder does not exist on disk:
/// the folder is an absolute path recorded when the library's build script ran, and Cargo does
/// not rerun that script when the checkout moves (README, "Known limitation").
pub(crate) fn missing_library_folder_note(packages: &[(String, std::path::PathBuf)], package: &str) -> Option<String> {
    let (_, dir) = packages.iter().find(|(p, _)| p == package)?;
    if dir.as_os_str().is_empty() || dir.exists() {
        return None;
    }
    Some(format!(
        "the folder of shader library `{package}`, {}, does not exist: if the checkout moved since the library's \
         build script ran, Cargo still hands over the old folder; `cargo clean -p <library crate>` reruns it",
        dir.display()
    ))
}

impl CompileOptions {
    /// The name the debug info gives the source file read as `name` ([`CompileOptions::source_root`]).
    pub fn debug_name(&self, name: &str) -> String {
        let Some(root) = &self.source_root else { return name.to_string() };
        let path = std::path::Path::new(name);
        let under = |dir: &std::path::Path| {
            let rest = path.strip_prefix(dir).ok()?;
            Some(rest.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/"))
        };
        if let Some(relative) = under(root) {
            return relative;
        }
        match self.packages.iter().find_map(|(package, dir)| Some((package, under(dir)?))) {
            Some((package, relative)) => format!("{package}/{relative}"),
            None => name.to_string(),
        }
    }

    /// The options as JSON: how `shader!` hands them to the running program (hot reload).
    pub fn to_json(&self) -> String {
        // Plain data with string keys: serializing cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Options written by [`CompileOptions::to_json`].
    pub fn from_json(json: &str) -> Result<CompileOptions, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }
}

/// A compiled shader: the validated IR it went through, the SPIR-V words, and every file read.
#[derive(Clone, Debug)]
pub struct Compiled {
    pub ir: ir::validate::Validated,
    pub spirv: Vec<u32>,
    pub sources: SourceMap,
    /// Warnings (compilation succeeded).
    pub warnings: Diagnostics,
    /// AGSL only: the uniforms and child shaders of the module's ABI ([`glsl::agsl`]).
    pub agsl: Option<reflect::AgslInterface>,
}

/// A failed compilation: every diagnostic found, with the sources to render them against.
#[derive(Clone, Debug)]
pub struct CompileError {
    pub diagnostics: Diagnostics,
    pub sources: SourceMap,
}

impl CompileError {
    pub fn render(&self) -> String {
        self.diagnostics.render(&self.sources)
    }
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::error::Error for CompileError {}

/// Compiles one shader source to SPIR-V. `name` is the file name diagnostics show.
pub fn compile(name: &str, source: &str, options: &CompileOptions) -> Result<Compiled, CompileError> {
    let mut sources = SourceMap::single(name, source);
    let fail = |diagnostics: Diagnostics, sources: &SourceMap| CompileError { diagnostics, sources: sources.clone() };
    let mut agsl_uniforms = None;
    // `OpSource`'s language and version (WGSL's value is newer than the spirv-val in use).
    let mut source_language = (::spirv::SourceLanguage::Unknown, 0);
    // GLSL `#line`s, which the line info follows.
    let mut renumbered = Vec::new();
    let (mut module, warnings) = match options.language {
        Language::Wgsl => {
            let wesl = wesl::Options {
                packages: options.packages.clone(),
                ..wesl::Options::for_file(name, options.module_root.as_deref(), options.features.clone())
            };
            let mut loader = |path: &std::path::Path| std::fs::read_to_string(path);
            wgsl::translate_modules(&mut sources, span::FileId(0), &wesl, &mut loader).map_err(|d| fail(d, &sources))?
        }
        Language::Glsl => {
            let glsl::Translated { module, warnings, version, renumbered: lines } =
                glsl::translate(&mut sources, span::FileId(0), options).map_err(|d| fail(d, &sources))?;
            renumbered = lines;
            source_language = match version {
                Some(v) if v.profile == glsl::preprocess::Profile::Es => (::spirv::SourceLanguage::ESSL, v.number),
                Some(v) => (::spirv::SourceLanguage::GLSL, v.number),
                None => (::spirv::SourceLanguage::GLSL, 110),
            };
            (module, warnings)
        }
        Language::Agsl => {
            let (module, warnings, uniforms) =
                glsl::agsl::translate(&mut sources, span::FileId(0), options).map_err(|d| fail(d, &sources))?;
            agsl_uniforms = Some(uniforms);
            (module, warnings)
        }
    };
    let too_large = ir::limits::check_sizes(&module);
    if !too_large.is_empty() {
        return Err(fail(too_large, &sources));
    }
    if options.target == Target::Wgpu {
        fix_override_workgroup_sizes(&mut module).map_err(|d| fail(d, &sources))?;
        wgpu_target::legalize(&mut module);
    }
    let validated = ir::validate::validate(module).map_err(|d| fail(d, &sources))?;
    if options.target == Target::Wgpu {
        wgpu_target::check_bindings(&validated).map_err(|d| fail(d, &sources))?;
    }
    let agsl = agsl_uniforms.map(|uniforms| glsl::agsl::interface(&validated, &uniforms));
    let version = options.spirv_version.max(minimum_spirv_version(validated.module()));
    let spirv_options = spirv::Options {
        version,
        debug_names: true,
        wgpu: options.target == Target::Wgpu,
        bounds_checks: options.bounds_checks,
    };
    // The wgpu target emits block members in offset order, and row-major and padded (std140
    // `mat2`) matrices in the form naga reads; `Compiled.ir` (and so reflection) keeps the source's.
    let (row_major, unordered) = match options.target {
        Target::Wgpu => (wgpu_target::has_row_major(validated.module()), wgpu_target::has_unordered_members(validated.module())),
        _ => (false, false),
    };
    // The line info and its files' names, unless stripped.
    let (names, info): (Vec<String>, spirv::DebugInfo);
    let debug = if options.strip_debug {
        None
    } else {
        names = sources.files().iter().map(|file| options.debug_name(&file.name)).collect();
        info = spirv::DebugInfo { sources: &sources, names: &names, renumbered: &renumbered, language: source_language.0, version: source_language.1 };
        Some(&info)
    };
    let spirv = if row_major || unordered {
        let mut emitted = validated.module().clone();
        if unordered {
            emitted = wgpu_target::order_members(emitted);
        }
        if row_major {
            emitted = wgpu_target::transpose_row_major(emitted);
        }
        let emitted = ir::validate::validate(emitted).map_err(|d| fail(d, &sources))?;
        spirv::emit_with_lines(&emitted, &spirv_options, debug)
    } else {
        spirv::emit_with_lines(&validated, &spirv_options, debug)
    }
    .map_err(|d| fail(d, &sources))?;
    Ok(Compiled { ir: validated, spirv, sources, warnings, agsl })
}

/// The oldest SPIR-V version that can express `module`.
fn minimum_spirv_version(module: &ir::Module) -> (u8, u8) {
    use ir::{BuiltIn, Expression, IoBinding};
    let subgroup_builtin = module.globals.iter().any(|(_, g)| {
        matches!(
            g.io,
            Some(IoBinding::BuiltIn(
                BuiltIn::SubgroupSize
                    | BuiltIn::SubgroupInvocationId
                    | BuiltIn::NumSubgroups
                    | BuiltIn::SubgroupId
                    | BuiltIn::SubgroupEqMask
                    | BuiltIn::SubgroupGeMask
                    | BuiltIn::SubgroupGtMask
                    | BuiltIn::SubgroupLeMask
                    | BuiltIn::SubgroupLtMask
            ))
        )
    });
    let subgroup_op = module
        .functions
        .iter()
        .any(|(_, f)| f.expressions.iter().any(|(_, e)| matches!(e, Expression::Subgroup { .. })));
    if subgroup_builtin || subgroup_op {
        (1, 3)
    } else {
        (1, 0)
    }
}

/// wgpu re-parses SPIR-V with naga, whose SPIR-V reader specializes no workgroup size (naga 30
/// `front::spv` reads `LocalSize` only and sets no `workgroup_size_overrides`; a
/// `WorkgroupSize` composite of specialization constants fails its validation). For that
/// target an override used as a workgroup size is written at its default (`LocalSize`, the
/// SPIR-V back end's `wgpu` option); the entry point keeps naming the override, so reflection
/// lists it, and the runtime writes a pipeline's value into `LocalSize` (and into GLSL's
/// size constants, which have no SpecId there) before wgpu reads the words
/// (shader-runtime `compute::set_workgroup_size`).
fn fix_override_workgroup_sizes(module: &mut ir::Module) -> Result<(), Diagnostics> {
    let mut errors = Diagnostics::new();
    // An override-expression (an id-less override computed from others) counts at the
    // defaults of the overrides it names.
    let evaluator = ir::consteval::Evaluator::new(module, ir::consteval::Rules::Checked);
    let defaults: Vec<[Option<(ir::Handle<ir::Override>, Option<u32>)>; 3]> = module
        .entry_points
        .iter()
        .map(|ep| ep.workgroup_size_overrides.map(|o| o.map(|h| (h, evaluator.override_default(h).and_then(|v| u32::try_from(v.as_i64()?).ok())))))
        .collect();
    for (ep, defaults) in module.entry_points.iter_mut().zip(defaults) {
        for (size, default) in ep.workgroup_size.iter_mut().zip(defaults) {
            let Some((handle, default)) = default else { continue };
            match default {
                Some(v) if v > 0 && v <= 0x4000 => *size = v,
                _ => errors.push(
                    diag::Diagnostic::error(
                        "a workgroup size override needs a default between 1 and 16384 for the wgpu target",
                        module.overrides.span(handle),
                    )
                    .with_note("wgpu reads SPIR-V through naga, which cannot specialize workgroup sizes; use `--target vulkan` to keep it specializable"),
                ),
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
