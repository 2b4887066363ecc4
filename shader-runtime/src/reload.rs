//! Hot reload of `path:` shaders (feature `hot-reload`): recompile the file in the running
//! program with shader-core, check that its interface is the one the typed code was generated
//! for, and swap the pipeline, or keep the old one and say why. Compute pipelines, render
//! pipelines (each stage from a `path:` shader) and AGSL effects (their fragment module).
//!
//! The interface check compares `shader_core::pipeline_interface::describe` of the new module
//! with the text the macro embedded (`ReloadInfo::interface`): entry point, stage, workgroup
//! size, every binding's group, number, kind, type, access and layout down to struct members,
//! push constants, override constants, vertex inputs and fragment outputs. Nothing in here
//! panics on what a file holds: reading, compiling and building the pipeline each return a
//! [`ReloadError`] and leave the running pipeline as it was.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::generated::{ModuleInfo, ReloadInfo};
use crate::{ComputePipeline, Gpu, GpuError, RenderPipeline};

/// Why a reload left the pipeline as it was.
#[derive(Clone, Debug, PartialEq)]
pub enum ReloadError {
    /// shader-runtime was built without its `hot-reload` feature.
    NotEnabled,
    /// The pipeline's shader was given inline (`src:`), so there is no file to reload.
    NoFile { module: &'static str },
    /// The file could not be read.
    Read { path: PathBuf, reason: String },
    /// The file does not compile: the rendered diagnostics (file:line:col, source line, caret).
    Compile(String),
    /// The new module compiles but its interface differs from the one the program was built
    /// for: one sentence per change, naming the binding, field or constant.
    Interface { module: &'static str, changes: Vec<String> },
    /// The device refused the new module (the old pipeline keeps running).
    Pipeline(GpuError),
}

impl fmt::Display for ReloadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReloadError::NotEnabled => f.write_str(
                "hot reload needs shader-runtime's `hot-reload` feature \
                 (`shader-runtime = { version = \"..\", features = [\"hot-reload\"] }`)",
            ),
            ReloadError::NoFile { module } => {
                write!(f, "`{module}` was compiled from inline source (`src:`); only `path:` shaders can be reloaded")
            }
            ReloadError::Read { path, reason } => write!(f, "cannot read `{}`: {reason}; the pipeline is unchanged", path.display()),
            ReloadError::Compile(rendered) => write!(f, "{rendered}the shader does not compile; the pipeline is unchanged"),
            ReloadError::Interface { module, changes } => {
                writeln!(f, "the reloaded shader no longer fits the code `{module}` was generated for; the pipeline is unchanged:")?;
                for change in changes {
                    writeln!(f, "  - {change}")?;
                }
                f.write_str("rebuild the program to change the interface")
            }
            ReloadError::Pipeline(e) => write!(f, "the device refused the reloaded shader ({e}); the pipeline is unchanged"),
        }
    }
}

impl std::error::Error for ReloadError {}

/// A pipeline's shader file and the files its last compile read, with their modification
/// times when they were last looked at.
pub(crate) struct Source {
    info: ReloadInfo,
    /// The file to compile (the macro's, or one given to `set_source_file`).
    path: PathBuf,
    /// The package root for WESL imports when the file was moved by `set_source_file` and the
    /// macro used the file's folder.
    module_root: Option<PathBuf>,
    watched: Vec<(PathBuf, Option<SystemTime>)>,
}

impl Source {
    pub(crate) fn new(info: &ReloadInfo) -> Source {
        let files = info.files.iter().map(PathBuf::from).collect();
        Source { info: *info, path: PathBuf::from(info.path), module_root: None, watched: stamps(files) }
    }

    /// Whether the shader file or a file it imports or includes changed since the last look
    /// (modification time); every file counts as seen afterwards.
    fn changed(&mut self) -> bool {
        let mut changed = false;
        for (path, stamp) in &mut self.watched {
            let now = modified(path);
            if now != *stamp {
                *stamp = now;
                changed = true;
            }
        }
        changed
    }

    /// Compiles the file as `shader!` did and checks the new module's interface against the
    /// one `module`'s typed code was generated for: the new SPIR-V, or why not.
    fn recompile(&mut self, module: &ModuleInfo) -> Result<Vec<u32>, ReloadError> {
        // What this reload reads is what the watcher has seen.
        for (path, stamp) in &mut self.watched {
            *stamp = modified(path);
        }
        let (spirv, interface) = compile(self, module)?;
        let changes = interface_changes(self.info.interface, &interface);
        if !changes.is_empty() {
            return Err(ReloadError::Interface { module: module.name, changes });
        }
        Ok(spirv)
    }

    /// Reads `path` from now on (see [`ComputePipeline::set_source_file`]).
    fn set_file(&mut self, path: PathBuf) {
        self.path = path;
        self.module_root = self.path.parent().map(Path::to_path_buf);
        // Until a compile lists them, the imports are watched where they would be next to the
        // new file: each file the macro read, at its place relative to the shader's folder.
        let (old_dir, new_dir) = (Path::new(self.info.path).parent(), self.path.parent());
        let mut files = vec![self.path.clone()];
        for file in self.info.files.iter().skip(1) {
            let moved = old_dir.zip(new_dir).and_then(|(old, new)| Path::new(file).strip_prefix(old).ok().map(|rest| new.join(rest)));
            files.extend(moved.filter(|f| f.is_file()));
        }
        self.watched = stamps(files);
    }
}

fn stamps(files: Vec<PathBuf>) -> Vec<(PathBuf, Option<SystemTime>)> {
    files.into_iter().map(|f| (f.clone(), modified(&f))).collect()
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

impl ComputePipeline {
    /// Reads the pipeline's shader file again, compiles it as `shader!` did, and when its
    /// interface equals the one the typed code was generated for, swaps the pipeline. Otherwise
    /// the old pipeline keeps running and the error says why: the rendered diagnostics, or
    /// which binding, field or constant changed. Needs the `hot-reload` feature.
    pub fn reload(&mut self, gpu: &Gpu) -> Result<(), ReloadError> {
        let module = self.module();
        let Some(source) = self.source.as_mut() else { return Err(ReloadError::NoFile { module: module.name }) };
        let spirv = source.recompile(module)?;
        self.rebuild(gpu, &spirv).map_err(ReloadError::Pipeline)
    }

    /// The file watcher: [`ComputePipeline::reload`] when the shader file or a file it imports
    /// or includes changed since the last look (modification time), else nothing. `Ok(true)`
    /// when the pipeline was swapped. Call it once per frame or iteration; it costs one
    /// `stat` per file.
    pub fn reload_if_changed(&mut self, gpu: &Gpu) -> Result<bool, ReloadError> {
        let module = self.module();
        let Some(source) = self.source.as_mut() else { return Err(ReloadError::NoFile { module: module.name }) };
        if !source.changed() {
            return Ok(false);
        }
        self.reload(gpu).map(|()| true)
    }

    /// Reload from `path` instead of the file `shader!` compiled (a copy next to an installed
    /// program, a scratch file): later [`reload`](ComputePipeline::reload)s and
    /// [`reload_if_changed`](ComputePipeline::reload_if_changed) read it. WESL `package::`
    /// imports then resolve from `path`'s folder when the macro had no `root:`.
    pub fn set_source_file(&mut self, path: impl Into<PathBuf>) -> Result<(), ReloadError> {
        let module = self.module();
        let Some(source) = self.source.as_mut() else { return Err(ReloadError::NoFile { module: module.name }) };
        source.set_file(path.into());
        Ok(())
    }
}

impl RenderPipeline {
    /// [`ComputePipeline::reload`] for both stages: each stage built from a `path:` shader is
    /// recompiled and its interface (vertex inputs, fragment outputs, bindings, push and
    /// override constants) checked against its module's; only when every stage passes is the
    /// pipeline rebuilt (a stage from inline source keeps its SPIR-V). Otherwise the old
    /// pipeline keeps drawing and the first stage's error is returned.
    pub fn reload(&mut self, gpu: &Gpu) -> Result<(), ReloadError> {
        let modules = self.modules();
        if self.sources.iter().all(Option::is_none) {
            return Err(ReloadError::NoFile { module: modules[1].name });
        }
        let mut spirv = [None, None];
        let mut first_error = None;
        for ((source, module), words) in self.sources.iter_mut().zip(modules).zip(&mut spirv) {
            let Some(source) = source else { continue };
            match source.recompile(module) {
                Ok(new) => *words = Some(new),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        if let Some(e) = first_error {
            return Err(e);
        }
        self.rebuild(gpu, spirv).map_err(ReloadError::Pipeline)
    }

    /// The file watcher of both stages: [`RenderPipeline::reload`] when a file either stage's
    /// last compile read changed, else nothing; `Ok(true)` when the pipeline was swapped.
    pub fn reload_if_changed(&mut self, gpu: &Gpu) -> Result<bool, ReloadError> {
        if self.sources.iter().all(Option::is_none) {
            return Err(ReloadError::NoFile { module: self.modules()[1].name });
        }
        let mut changed = false;
        for source in self.sources.iter_mut().flatten() {
            changed |= source.changed();
        }
        if !changed {
            return Ok(false);
        }
        self.reload(gpu).map(|()| true)
    }

    /// Reload the vertex stage from `path` (see [`ComputePipeline::set_source_file`]).
    pub fn set_vertex_source_file(&mut self, path: impl Into<PathBuf>) -> Result<(), ReloadError> {
        self.set_stage_file(0, path.into())
    }

    /// Reload the fragment stage from `path` (see [`ComputePipeline::set_source_file`]).
    pub fn set_fragment_source_file(&mut self, path: impl Into<PathBuf>) -> Result<(), ReloadError> {
        self.set_stage_file(1, path.into())
    }

    fn set_stage_file(&mut self, stage: usize, path: PathBuf) -> Result<(), ReloadError> {
        let module = self.modules()[stage];
        let Some(source) = self.sources[stage].as_mut() else { return Err(ReloadError::NoFile { module: module.name }) };
        source.set_file(path);
        Ok(())
    }
}

/// The new module's SPIR-V and interface text. Whether or not it compiles, the files watched
/// afterwards are the ones this compile read, so fixing a broken import is noticed.
#[cfg(feature = "hot-reload")]
fn compile(source: &mut Source, module: &ModuleInfo) -> Result<(Vec<u32>, String), ReloadError> {
    use shader_core::CompileOptions;
    let mut options = CompileOptions::from_json(source.info.options)
        .map_err(|e| ReloadError::Compile(format!("the compile options `shader!` embedded do not read back ({e})\n")))?;
    if let Some(root) = &source.module_root {
        // The macro's root was the original file's folder unless `root:` named another.
        let default_root = Path::new(source.info.path).parent();
        if options.module_root.as_deref() == default_root {
            options.module_root = Some(root.clone());
        }
    }
    let text = std::fs::read_to_string(&source.path)
        .map_err(|e| ReloadError::Read { path: source.path.clone(), reason: e.to_string() })?;
    let name = source.path.display().to_string();
    // shader-core returns located errors for bad input; a panic would be a compiler bug, and
    // the running program must outlive it.
    let compiled = std::panic::catch_unwind(|| shader_core::compile(&name, &text, &options))
        .map_err(|_| ReloadError::Compile(format!("{name}: internal compiler error (a shader-core bug; please report it)\n")))?;
    let sources = match &compiled {
        Ok(c) => &c.sources,
        Err(e) => &e.sources,
    };
    let read: Vec<PathBuf> = sources.files().iter().map(|f| PathBuf::from(&f.name)).filter(|p| p.is_file()).collect();
    let mut watched = stamps(read);
    // A file that failed to read is still the one to watch.
    if !watched.iter().any(|(p, _)| *p == source.path) {
        watched.insert(0, (source.path.clone(), modified(&source.path)));
    }
    source.watched = watched;
    let compiled = compiled.map_err(|e| ReloadError::Compile(e.render()))?;
    let reflection = shader_core::reflect::reflect_compiled(&compiled);
    let entry = module.entry.name;
    let interface = shader_core::pipeline_interface::describe(&reflection, entry).ok_or_else(|| {
        let names: Vec<String> = reflection.entry_points.iter().map(|ep| format!("`{}`", ep.name)).collect();
        ReloadError::Interface {
            module: module.name,
            changes: vec![format!("the entry point `{entry}` is gone (the module has {})", names.join(", "))],
        }
    })?;
    Ok((compiled.spirv, interface))
}

#[cfg(not(feature = "hot-reload"))]
fn compile(_: &mut Source, _: &ModuleInfo) -> Result<(Vec<u32>, String), ReloadError> {
    Err(ReloadError::NotEnabled)
}

#[cfg(feature = "hot-reload")]
fn interface_changes(old: &str, new: &str) -> Vec<String> {
    shader_core::pipeline_interface::changes(old, new)
}

#[cfg(not(feature = "hot-reload"))]
fn interface_changes(_: &str, _: &str) -> Vec<String> {
    Vec::new()
}
