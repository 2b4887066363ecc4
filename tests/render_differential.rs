//! Render differential (issue 14 part 3, issue 17 item 4): vertex and fragment shaders are run
//! with our SPIR-V and with the reference compiler's (`glslangValidator -V` for GLSL, naga's
//! SPIR-V writer for WGSL) on the same device with the same deterministic inputs, each module
//! both through wgpu's default path (naga reads the SPIR-V and writes it again for the driver)
//! and as emitted (Vulkan passthrough), and every colour target is compared texel by texel.
//!
//! Programs: the suites' vertex and fragment programs (`tests/wgsl/ok`, `tests/glsl/ok`,
//! `tests/glsl/ok_features`), `examples/shaders`, and the vert/frag GLSL and the WGSL files of
//! `../shared/corpus` that the reference compiler accepts (all of them, about 70 s in debug on
//! lavapipe; `RENDER_DIFF_CORPUS=N` takes a deterministic sample of N, every k-th file, and
//! `RENDER_DIFF_ONLY=text` only the programs whose name contains the text; with
//! `RENDER_DIFF_VERBOSE=1` every skip is printed with its whole reason).
//!
//! Inputs, from naga's reflection of our module (`common::gpu_inputs`): a fragment shader gets
//! a generated vertex stage (a triangle covering the target, with `w` differing per vertex so
//! perspective and linear interpolation differ) writing every location the fragment shader
//! reads, with the same interpolation; a vertex shader gets one vertex buffer per input and a
//! generated fragment stage copying every location it writes to a colour target. Uniform and
//! storage buffers, textures and push constants are filled deterministically; samplers filter
//! linearly and repeat. glslang's combined image samplers are split as our wgpu target splits
//! them, and both modules get dense binding numbers (what passthrough needs): the only changes
//! made to either module.
//!
//! Comparison: integer targets exactly; float targets within `|a - b| <= 1e-3 + 1e-3 * max(|a|,
//! |b|)` ([`close`]), NaN equal to NaN: both modules run on the same driver, so only the order
//! of floating-point operations differs (fused multiply-adds, reassociation). A fragment shader
//! that writes only depth is compared by its depth target; a 3-component colour output by its x
//! and y (wgpu has no 3-component format and takes no wider target than the output). A fragment
//! shader's writable storage buffers and storage images are read back after the draw and compared
//! as the compute differential compares them ([`compare_written`]); one with no colour or depth
//! output is drawn with a depth target only (the pass needs an attachment).
//!
//! The truth is the reference module run as emitted. Ours as emitted must match it (else the
//! difference is in our SPIR-V); ours through the default path must match too (else naga reads
//! our module differently from the driver). The reference through the default path is reported
//! but not required (naga's reading of glslang's SPIR-V is not ours to fix). Every difference
//! must be listed in [`KNOWN`] with its explanation, or the test fails; skips are counted by
//! reason.
//!
//! Without a GPU adapter (no Vulkan driver; `SHADER_DEVICE=cpu`, `.ci/run`'s second run; with
//! `CI=true` only then, else a missing adapter fails) both modules run on the CPU device instead
//! and are compared the same way, the reference's result the truth ([`cpu_only_verdict`]):
//! differences must be listed in [`CPU_ONLY_KNOWN`] or [`KNOWN`]. The corpus is left out then
//! unless `CPU_DIFF_CORPUS` is set, as in the CPU column below.
//!
//! The compute differential ([`compute_matches_reference_compilers`], issue 14) runs the
//! compute entry points of the same sources (`.comp` files, WGSL `@compute`; the corpus's
//! comp files glslang accepts: `COMPUTE_DIFF_CORPUS=N` and `COMPUTE_DIFF_ONLY=text` as above)
//! with the same resources: storage and uniform buffers, sampled and storage textures,
//! samplers, push constants. One workgroup is dispatched, and runtime-sized arrays have an
//! element per invocation of it (at least `gpu_inputs::RUNTIME_ARRAY_LEN`); afterwards every
//! writable storage buffer and storage texture is read back and compared ([`compare_written`]),
//! with the same truth, paths and verdicts as the render differential.
//!
//! The CPU device's column (issue 11): in both differentials every case also runs our module
//! and the reference's on the CPU device (`shader-cpu`, through the runtime's CPU device for
//! textures and samplers made from the same descriptors), and each must give what the GPU device
//! gave for the same module as emitted, with the same comparison and tolerance ([`judge_cpu`]).
//! Differences must be listed in [`CPU_KNOWN`]; what the CPU device does not support yet is
//! counted by reason as skipped. Both summaries are printed (and written with the report
//! variables). The column covers the suites and the examples; `CPU_DIFF_CORPUS=1` adds the
//! corpus (not measured yet: on a loaded 2-core machine it did not finish in 30 minutes).

mod common;

use common::gpu_inputs::{self, Inputs, ResourceKind, Varying};
use common::Outcome;
use shader_runtime::wgpu;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

const WIDTH: u32 = 32;
const HEIGHT: u32 = 32;
const TIMEOUT: Duration = Duration::from_secs(20);
/// Float tolerance (see the module documentation).
const TOLERANCE: f32 = 1e-3;

/// Differences that are understood, by program name (and entry point for WGSL: `file:entry`),
/// with the explanation. Anything else that differs fails the test.
const KNOWN: &[(&str, &str)] = &[
    ("glsl/spirv-cross/shaders-msl_vert_packed-bool-to-uint.vert", INDEX_PAST_THE_END),
    ("glsl/spirv-cross/shaders-msl_vert_packed-bool2-to-packed_uint2.vert", INDEX_PAST_THE_END),
    ("glsl/spirv-cross/shaders_frag_array-lut-no-loop-variable.frag", UNWRITTEN_OUTPUT),
    ("glsl/spirv-cross/shaders-hlsl_frag_array-lut-no-loop-variable.frag", UNWRITTEN_OUTPUT),
    ("glsl/spirv-cross/shaders-msl_frag_array-lut-no-loop-variable.frag", UNWRITTEN_OUTPUT),
    ("glsl/spirv-cross/shaders-msl_frag_sampler-cube-grad.agx-cube-grad.frag", UNWRITTEN_OUTPUT),
    (
        "glsl/spirv-cross/shaders-msl_frag_texture-proj-shadow.frag",
        "rounding: 2 of 1024 texels differ by 1/255 in a linearly filtered Rgba8Unorm 3D texture sampled with \
         `textureProj`; the projected coordinate differs in its last bits between the two modules and \
         lavapipe returns filtered unorm8 values rounded to 8 bits",
    ),
    // Compute differential.
    ("glsl/spirv-cross/shaders-hlsl_comp_spec-constant-work-group-size.comp", INDEX_PAST_THE_END_COMPUTE),
    ("glsl/spirv-cross/shaders-msl_comp_spec-constant-work-group-size.comp", INDEX_PAST_THE_END_COMPUTE),
    ("glsl/spirv-cross/shaders-hlsl_comp_rwbuffer-matrix.comp", INDEX_PAST_THE_END_COMPUTE),
    ("glsl/spirv-cross/shaders_comp_cfg.comp", UNINITIALIZED),
    ("glsl/glslang/spv.noexplicitlayout.comp", UNINITIALIZED),
    ("glsl/spirv-cross/shaders-hlsl_comp_ssbo-store-array.comp", UNINITIALIZED),
    (
        "tests/glsl/ok/statements_control_flow.comp",
        "naga's reading: naga 30's SPIR-V front end always makes `default` the last case, without fall-through \
         (front/spv/function.rs), so a `default:` in the middle that falls through into `case 5:` loses that \
         case's code on wgpu's default path (r[3] is -1, not 99 then 34); ours as emitted matches glslang's",
    ),
    (
        "tests/wgsl/ok/struct_nested_align.wgsl:main",
        "naga's layout (the program's own `naga-disagrees` note): WGSL §14.4.1 makes AlignOf(Inner) 32, naga 30's \
         SPIR-V (the reference) places `inner` at offset 4, so the two modules read and write different bytes",
    ),
];

/// Differences between the CPU device and the GPU device (lavapipe) for the same module, by
/// program name as in [`KNOWN`], with the explanation. Anything else that differs fails the test.
const CPU_KNOWN: &[(&str, &str)] = &[
    ("tests/wgsl/ok/uniformity_diagnostic_attribute.wgsl:main", WEIGHT_ROUNDING),
    ("tests/glsl/ok/es310_fragment.frag", WEIGHT_ROUNDING),
    ("tests/glsl/ok/es_precision_defaults.frag", WEIGHT_ROUNDING),
    // Run since the CPU device samples cubes; its cube sample alone agrees with lavapipe.
    ("tests/wgsl/ok/textures_sampling.wgsl:main", WEIGHT_ROUNDING),
    (
        "tests/glsl/ok/fn_texture_lookup.frag",
        "9 texels of 1024 (the first at pixel (4, 2)) differ by a few 1/255 steps summed over its twenty linearly filtered \
         Rgba8Unorm 2D, 3D and array samples: the cause of WEIGHT_ROUNDING, at more pixels because more samples; its three \
         cube samples (implicit level, explicit level, gradients) alone agree with lavapipe (checked by running the \
         program with only them)",
    ),
    ("tests/glsl/ok/qualifiers_interpolation.frag", SAMPLE_INTERPOLATION),
    ("tests/glsl/ok/qualifier_combinations.frag", SAMPLE_INTERPOLATION),
    (
        "tests/glsl/ok/fn_derivatives.frag",
        "derivatives: the shader adds dFdx, dFdxFine and dFdxCoarse (and y, fwidth) of a perspective-interpolated \
         input; the CPU device takes fine derivatives per lane (the lane's own row or column of its quad), lavapipe \
         computes them per quad (llvmpipe's gallivm derives from the quad's top-left pixel), so 34 of 1024 texels \
         differ by slightly more than the tolerance where the interpolant curves",
    ),
    (
        "tests/glsl/ok/es320_compute.comp",
        "a race in the program: every invocation reads texel (0, 0) of `counts` (`imageLoad(counts, ivec2(0))`) that \
         invocation 0 writes with no barrier between; lavapipe runs the workgroup 8 lanes at a time (lanes 8..15 see \
         invocation 0's store: 2), the CPU device all 16 at once (every lane reads before any writes: 1)",
    ),
    (
        "tests/glsl/ok/shared_memory.comp",
        "a race in the program: invocation 0 reads `counter` right after every invocation's `atomicAdd(counter, 1u)` \
         with no barrier between; lavapipe runs the workgroup 8 lanes at a time (counter 8 when invocation 0 reads \
         it), the CPU device all 64 at once (counter 64), so the mean differs by 8x",
    ),
    (
        "tests/glsl/ok/ext_subgroup_builtins_implied.comp",
        "a race in the program: every invocation of the 4-lane workgroup stores its own gl_SubgroupInvocationID into \
         one word, so the last writer decides it (lavapipe's store leaves 0, the CPU device's 3; gl_SubgroupSize, \
         8 on both, agrees)",
    ),
    (
        "tests/glsl/ok/ext_subgroup_shuffle.comp",
        "undefined values: `subgroupShuffleDown(x, 2u)` in invocations 6 and 7 of each 8-lane subgroup reads past the \
         subgroup (SPIR-V leaves the result undefined); the CPU device wraps the index (lanes 0 and 1, what lavapipe \
         gives for `subgroupShuffleUp(x, 1u)` in invocation 0), lavapipe gives another value for these two: 32 of 128 \
         words differ. Probed on lavapipe (16 lanes, v = 10 i + 1): shuffle down by 2 gives lanes 6 and 7 their own \
         values, by 5 gives lane 3 lane 7's value and lanes 4-7 zero, by 9 zero everywhere: what lies past the \
         8-lane vector, not a rule to follow",
    ),
    (
        "tests/glsl/ok/fn_atomics.comp",
        "order-dependent results: the values the atomics return (summed into `su`) and `atomicExchange(c.slots[lid % 4], \
         lid)` depend on the order in which invocations reach them, which the specification leaves open",
    ),
];

/// Differences between our module and the reference's when both run on the CPU device, in the
/// run without a GPU (besides [`KNOWN`]), by program name as in [`KNOWN`].
const CPU_ONLY_KNOWN: &[(&str, &str)] = &[];

const WEIGHT_ROUNDING: &str = "one texel of 1024, pixel (4, 2), differs by 1/255 in one component of a linearly filtered \
     Rgba8Unorm sample: both devices filter unorm8 in 8-bit fixed point (the weight is the fraction of the coordinate \
     times 256 x 32, rounded), and the perspective-interpolated coordinate there differs in its last bits between \
     lavapipe's interpolation and the CPU device's, which moves the rounded weight by one step";

const SAMPLE_INTERPOLATION: &str = "lavapipe: a `sample` input (per-sample interpolation) on a single-sampled target \
     comes out as NaN on lavapipe (ours and glslang's module alike) where the CPU device interpolates it at the pixel \
     centre (the only sample); not a difference of the CPU device";

const INDEX_PAST_THE_END_COMPUTE: &str = "undefined input: an index past the end (`v[a + gl_WorkGroupSize.x + gl_WorkGroupSize.y \
     + ...]` = v[22] of 20 elements; `mrow2x2[index0][index1]` with index1 = 2 from the uniform buffer); ours clamps \
     the index (BoundsChecks::Clamp) and writes the last element, glslang's module leaves it to the driver";

const UNINITIALIZED: &str = "undefined input: the shader stores a local it never initialised (`Data d1; d[0].arr = \
     d1.arr`, `Bar new_bar; b = new_bar`, `float m; do {} while (m != 20.0); data = m`): naga's re-translation \
     zero-initialises locals, the driver gives whatever the register held";

const INDEX_PAST_THE_END: &str = "undefined input: `uquad[gl_VertexIndex]` with the test's vertex indices past the \
     array's 4 elements; ours clamps the index (BoundsChecks::Clamp, the default) and reads the last element, \
     glslang's module leaves it to the driver's robust access (zero)";

const UNWRITTEN_OUTPUT: &str = "undefined input: the shader reads `FragColor` (`+=`) before ever writing it; the \
     driver gives whatever the output held, naga's re-translation starts the output at zero (not a compiler difference)";

#[derive(Clone, Copy, PartialEq, Debug)]
enum Lang {
    Wgsl,
    Glsl,
}

struct Program {
    name: String,
    path: PathBuf,
    source: String,
    lang: Lang,
    corpus: bool,
}

#[derive(Debug)]
enum Verdict {
    Same,
    /// Ours as emitted differs from the reference as emitted.
    OursDiffers(String),
    /// Ours as emitted matches, ours through naga does not.
    NagaReadsOursDifferently(String),
    /// The CPU device's column: a module on the CPU device differs from the same module on the
    /// GPU device, or the CPU device calls it invalid.
    CpuDiffers(String),
    Skipped(String),
}

/// The test's own devices (wgpu's default path; passthrough), each created again after a draw
/// that failed, since a module that crashes the driver loses the device for every later draw.
struct Devices {
    default: Option<shader_runtime::Gpu>,
    passthrough: Option<shader_runtime::Gpu>,
    has_passthrough: bool,
    /// Required on top of the runtime's optional features (the compute differential asks for
    /// 64-bit floats where the adapter has them).
    features: wgpu::Features,
    /// No GPU adapter (no Vulkan driver, or `SHADER_DEVICE=cpu`): ours is compared with the
    /// reference on the CPU device alone ([`cpu_only_verdict`]).
    cpu_only: bool,
}

impl Devices {
    /// The test's devices; without a GPU adapter the CPU-only comparison ([`cpu_only_verdict`]).
    fn new(features: wgpu::Features) -> Devices {
        let cpu_only = common::gpu().is_none();
        if cpu_only {
            eprintln!("no GPU adapter: ours against the reference, both on the CPU device");
        }
        Devices { default: None, passthrough: None, has_passthrough: !cpu_only && common::has_passthrough(), features, cpu_only }
    }

    /// Without a GPU the corpus is left out unless `CPU_DIFF_CORPUS` asks for it (the CPU
    /// column's rule), before compiling anything.
    fn skips_corpus(&self, program: &Program) -> bool {
        self.cpu_only && program.corpus && std::env::var_os("CPU_DIFF_CORPUS").is_none()
    }

    fn get(&mut self, passthrough: bool) -> Result<&shader_runtime::Gpu, String> {
        let slot = if passthrough { &mut self.passthrough } else { &mut self.default };
        if slot.is_none() {
            let options = shader_runtime::GpuOptions {
                required_features: self.features
                    | if passthrough { wgpu::Features::PASSTHROUGH_SHADERS } else { wgpu::Features::empty() },
                ..shader_runtime::GpuOptions::from_env()
            };
            *slot = Some(shader_runtime::Gpu::with_options_blocking(&options).map_err(|e| format!("cannot create a device: {e}"))?);
        }
        Ok(slot.as_ref().expect("created above"))
    }

    /// Drops the device a failed draw used.
    fn reset(&mut self, passthrough: bool) {
        if passthrough {
            self.passthrough = None;
        } else {
            self.default = None;
        }
    }
}

#[test]
fn render_matches_reference_compilers() {
    let mut devices = Devices::new(wgpu::Features::empty());
    let gpu = &mut devices;
    // Without glslang the GLSL programs are skipped (said once here; a failure with CI=true).
    common::skip_without_glslang();
    let started = std::time::Instant::now();
    let programs = programs(false);
    let mut reports = Reports::new(gpu.cpu_only);
    let only = std::env::var("RENDER_DIFF_ONLY").ok();
    for program in &programs {
        if only.as_ref().is_some_and(|only| !program.name.contains(only.as_str())) || gpu.skips_corpus(program) {
            continue;
        }
        if std::env::var_os("RENDER_DIFF_VERBOSE").is_some() {
            eprintln!("running {}", program.name);
        }
        for (entry, verdict, cpu) in run_program(gpu, program, false) {
            reports.add(program, &entry, verdict, cpu);
        }
    }
    reports.conclude("render differential", "RENDER_DIFF_REPORT", "render_differential.md", started.elapsed());
}

// ---------------------------------------------------------------------------------------------
// Programs

/// The programs of the render differential, or (`compute`) of the compute differential.
fn programs(compute: bool) -> Vec<Program> {
    let root = common::workspace_root();
    let mut programs = Vec::new();
    let mut add = |name: String, path: PathBuf, corpus: bool| {
        let lang = match (path.extension().and_then(|e| e.to_str()), compute) {
            (Some("wgsl"), _) => Lang::Wgsl,
            (Some("vert" | "frag"), false) | (Some("comp"), true) => Lang::Glsl,
            _ => return,
        };
        let Ok(source) = std::fs::read_to_string(&path) else { return };
        let wanted = if compute { source.contains("@compute") } else { source.contains("@vertex") || source.contains("@fragment") };
        if lang == Lang::Wgsl && !wanted {
            return;
        }
        programs.push(Program { name, path, source, lang, corpus });
    };
    for folder in ["tests/wgsl/ok", "tests/glsl/ok", "tests/glsl/ok_features", "examples/shaders"] {
        for path in sorted_files(&root.join(folder)) {
            let name = format!("{folder}/{}", path.file_name().unwrap_or_default().to_string_lossy());
            add(name, path, false);
        }
    }
    if let Some((corpus, manifest)) = common::corpus_manifest() {
        let files: Vec<String> = manifest
            .lines()
            .skip(1)
            .filter_map(|line| {
                let cells: Vec<&str> = line.split('\t').collect();
                let accepted = match (cells.get(1).copied(), cells.get(2).copied()) {
                    (Some("glsl"), Some("vert" | "frag")) if !compute => cells.get(3) == Some(&"1"),
                    (Some("glsl"), Some("comp")) if compute => cells.get(3) == Some(&"1"),
                    (Some("wgsl"), _) => cells.get(4) == Some(&"1"),
                    _ => false,
                };
                accepted.then(|| cells[0].to_string())
            })
            .collect();
        let limit = match std::env::var(if compute { "COMPUTE_DIFF_CORPUS" } else { "RENDER_DIFF_CORPUS" }) {
            Ok(n) => n.parse().unwrap_or(files.len()),
            Err(_) => files.len(),
        };
        let step = files.len().div_ceil(limit.max(1)).max(1);
        for file in files.iter().step_by(step).take(limit) {
            add(file.clone(), corpus.join(file), true);
        }
    }
    programs
}

fn sorted_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
    files.sort();
    files
}

// ---------------------------------------------------------------------------------------------
// One program

/// Runs every vertex and fragment entry point of `program`, or (`compute`) every compute one:
/// per entry point the verdicts of the GPU device and of the CPU device's column.
fn run_program(gpu: &mut Devices, program: &Program, compute: bool) -> Vec<(String, Verdict, Verdict)> {
    let skip = |reason: String| vec![(String::new(), Verdict::Skipped(reason), Verdict::Skipped(NOT_RUN_ON_THE_GPU.into()))];
    if program.lang == Lang::Glsl && !common::glslang_available() {
        return skip("glslangValidator not installed".into());
    }
    let ours = match compile_ours(program) {
        Ok(words) => words,
        Err(reason) => return skip(reason),
    };
    let reference = match compile_reference(program) {
        Ok(words) => words,
        Err(reason) => return skip(reason),
    };
    let module = match common::naga_check(&ours) {
        Ok(module) => module,
        Err(e) if common::is_known_naga_bug(&e) => return skip("naga cannot read our module (a known naga bug)".into()),
        Err(e) => return skip(format!("our module fails the wgpu check: {e}")),
    };
    if gpu_inputs::has_descriptor_arrays(&ours) {
        // Arrays of buffers are a wgpu-target error; arrays of textures and samplers need
        // wgpu's binding arrays, which this harness does not create (wgpu 30 offers them only
        // with update-after-bind descriptor indexing, which Mesa 22's lavapipe lacks).
        return skip("arrays of textures or samplers (wgpu binding arrays: not created by this harness)".into());
    }
    // Compute: a runtime-sized array element per invocation of the largest workgroup.
    let invocations = module.entry_points.iter().filter(|e| compute && e.stage == naga::ShaderStage::Compute);
    let runtime_len = invocations.map(|e| e.workgroup_size.iter().product::<u32>()).fold(gpu_inputs::RUNTIME_ARRAY_LEN, u32::max);
    let inputs = match gpu_inputs::inputs_sized(&module, runtime_len) {
        Ok(inputs) => inputs,
        Err(reason) => return skip(format!("inputs: {reason}")),
    };
    // A descriptor set past the device's limit cannot be bound (wgpu panics at the layout).
    let max_bind_groups = if gpu.cpu_only { None } else { gpu.get(false).ok().and_then(|g| g.wgpu()).map(|w| w.device.limits().max_bind_groups) };
    if let Some(max) = max_bind_groups {
        if let Some(resource) = inputs.resources.iter().find(|r| r.group >= max) {
            return skip(format!("descriptor set {} is past the device's max_bind_groups ({max})", resource.group));
        }
    }
    // Both modules must declare the same resources; then both get dense numbers.
    let ours_bindings = gpu_inputs::bindings(&ours);
    if gpu_inputs::bindings(&reference) != ours_bindings {
        return skip("the modules declare different resources (see interface_differential)".into());
    }
    let dense = gpu_inputs::dense_map(&ours_bindings);
    let ours = gpu_inputs::remap_bindings(&ours, &dense);
    let reference = gpu_inputs::remap_bindings(&reference, &dense);
    let mut inputs = inputs;
    for resource in &mut inputs.resources {
        resource.binding = dense(resource.group, resource.binding);
    }
    let on_cpu = !program.corpus || std::env::var_os("CPU_DIFF_CORPUS").is_some();
    let mut verdicts = Vec::new();
    for entry in &module.entry_points {
        let label = if program.lang == Lang::Wgsl { entry.name.clone() } else { String::new() };
        let verdicts_of_entry = match entry.stage {
            naga::ShaderStage::Vertex | naga::ShaderStage::Fragment if !compute => run_entry(gpu, &module, entry, &inputs, &ours, &reference, on_cpu),
            naga::ShaderStage::Compute if compute => run_compute_entry(gpu, entry, &inputs, &ours, &reference, on_cpu),
            _ => continue,
        };
        let (verdict, cpu) = verdicts_of_entry.unwrap_or_else(|reason| (Verdict::Skipped(reason), Verdict::Skipped(NOT_RUN_ON_THE_GPU.into())));
        verdicts.push((label, verdict, cpu));
    }
    if verdicts.is_empty() {
        return skip(if compute { "no compute entry point" } else { "no vertex or fragment entry point" }.into());
    }
    verdicts
}

/// The CPU device's skip reason when the GPU device skipped the case (nothing to compare with).
const NOT_RUN_ON_THE_GPU: &str = "skipped on the GPU device";
/// The CPU device's skip reason for a corpus program without `CPU_DIFF_CORPUS`.
const CORPUS_NOT_ON_CPU: &str = "a corpus program (CPU_DIFF_CORPUS=1 runs the corpus on the CPU device too)";

fn compile_ours(program: &Program) -> Result<Vec<u32>, String> {
    let mut options = shader_core::CompileOptions::default();
    if program.lang == Lang::Glsl {
        options.language = shader_core::Language::Glsl;
        options.include_dirs = program.path.parent().map(PathBuf::from).into_iter().collect();
        options.include_dirs.push(common::workspace_root().join("tests/glsl/include"));
    }
    let (name, source) = (program.name.clone(), program.source.clone());
    let words = match common::guarded(TIMEOUT, move || shader_core::compile(&name, &source, &options)) {
        Outcome::Done(Ok(compiled)) => compiled.spirv,
        // Rejections, panics and hangs are the conformance tests' business.
        Outcome::Done(Err(_)) => return Err("we reject it (wgpu target)".into()),
        _ => return Err("our compiler panics or hangs on it".into()),
    };
    let extra: &[&str] = if common::glsl_directives(&program.source).scalar_layout { &["--scalar-block-layout"] } else { &[] };
    common::spirv_val_with(&words, common::vulkan_env_for(&words), extra).map_err(|e| format!("our module fails spirv-val: {e}"))?;
    Ok(words)
}

fn compile_reference(program: &Program) -> Result<Vec<u32>, String> {
    let words = match program.lang {
        Lang::Wgsl => common::compile_naga_for_wgpu(&program.source).map_err(|_| "naga rejects it".to_string())?,
        Lang::Glsl => {
            let stage = program.path.extension().and_then(|e| e.to_str()).unwrap_or("frag");
            let mut args = vec![format!("-I{}", common::workspace_root().join("tests/glsl/include").display())];
            if let Some(dir) = program.path.parent() {
                args.push(format!("-I{}", dir.display()));
            }
            args.extend(common::glsl_directives(&program.source).glslang_args);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let words = common::compile_glslang_with(&program.source, stage, &args).map_err(|_| "glslang rejects it".to_string())?;
            let sampler_offset = shader_core::glsl::lower::WGPU_SAMPLER_BINDING_OFFSET;
            gpu_inputs::split_combined_samplers(&words, sampler_offset)?
        }
    };
    let extra: &[&str] = if common::glsl_directives(&program.source).scalar_layout { &["--scalar-block-layout"] } else { &[] };
    common::spirv_val_with(&words, common::vulkan_env_for(&words), extra).map_err(|e| format!("the reference module fails spirv-val: {e}"))?;
    Ok(words)
}

/// What a draw needs besides the two shader stages.
struct Setup<'a> {
    inputs: &'a Inputs,
    stage: wgpu::ShaderStages,
    /// Per vertex-buffer: the input it feeds and its bytes (16 bytes per vertex).
    vertex_buffers: Vec<(Varying, Vec<u8>)>,
    vertex_count: u32,
    /// The colour targets by location, then the depth target when the fragment shader writes
    /// depth (a `Depth32Float` attachment, compare `Always`, read back as the last entry).
    targets: Vec<Option<Varying>>,
    depth: bool,
}

/// The depth target's entry in [`Setup::targets`] order (compared as one float per texel).
const DEPTH: Varying = Varying { location: 8, scalar: naga::Scalar::F32, components: 1, interpolation: None, sampling: None };

impl Setup<'_> {
    /// Every target read back: the colour targets, then depth.
    fn read_targets(&self) -> Vec<Option<Varying>> {
        let mut all = self.targets.clone();
        if self.depth {
            all.push(Some(DEPTH));
        }
        all
    }

    /// Whether the draw reads back the storage buffers and images the shader may write (a
    /// fragment shader's; a vertex shader's stores need a feature wgpu's default path lacks,
    /// VERTEX_WRITABLE_STORAGE, and are not compared).
    fn reads_stores(&self) -> bool {
        self.stage == wgpu::ShaderStages::FRAGMENT
    }
}

/// The first difference between two draws: the targets ([`compare`]), then the written
/// storage buffers and images ([`compare_written`]).
fn compare_draw(setup: &Setup<'_>, ours: &[Vec<u8>], truth: &[Vec<u8>]) -> Option<String> {
    let targets = setup.read_targets();
    let n = targets.len();
    compare(&targets, &ours[..n], &truth[..n]).or_else(|| compare_written(setup.inputs, &ours[n..], &truth[n..]))
}

/// A shader stage as given to wgpu.
#[derive(Clone, Copy)]
enum Shader<'a> {
    SpirV(&'a [u32], &'a str),
}

fn run_entry(
    devices: &mut Devices,
    module: &naga::Module,
    entry: &naga::EntryPoint,
    inputs: &Inputs,
    ours: &[u32],
    reference: &[u32],
    on_cpu: bool,
) -> Result<(Verdict, Verdict), String> {
    let io = gpu_inputs::stage_io(module, entry)?;
    let (generated, setup, fragment) = match entry.stage {
        naga::ShaderStage::Fragment => {
            // A shader that writes only depth is compared by its depth target alone (a render
            // pass with a depth attachment and no colour attachment).
            let depth = io.builtin_outputs.contains(&naga::BuiltIn::FragDepth);
            // One that writes only storage buffers or images is compared by those (read back
            // after the draw, as every fragment shader's are); its pass gets a depth target,
            // since a render pass needs an attachment (the generated vertex stage's depth,
            // the same for both modules).
            let stores = inputs.resources.iter().any(written);
            if io.outputs.is_empty() && !depth && !stores {
                return Err("no colour or depth output, no storage writes".into());
            }
            let depth = depth || io.outputs.is_empty();
            // wgpu has no 3-component colour format and takes an output only into a target of
            // at most its components (wgpu-core `check_texture_format`): a 3-component output is
            // drawn into a 2-component target, so its x and y are compared and z is not.
            let outputs: Vec<Varying> =
                io.outputs.iter().map(|v| if v.components == 3 { Varying { components: 2, ..v.clone() } } else { v.clone() }).collect();
            let targets = targets(&outputs)?;
            let setup = Setup { inputs, stage: wgpu::ShaderStages::FRAGMENT, vertex_buffers: Vec::new(), vertex_count: 3, targets, depth };
            (generated_vertex(&io.inputs), setup, true)
        }
        _ => {
            if !io.builtin_outputs.iter().any(|b| matches!(b, naga::BuiltIn::Position { .. })) {
                return Err("the vertex shader writes no position".into());
            }
            let (source, outputs) = generated_fragment(&io.outputs);
            let targets = targets(&outputs)?;
            let vertex_buffers = io.inputs.iter().map(|v| (v.clone(), vertex_data(v))).collect();
            let setup = Setup { inputs, stage: wgpu::ShaderStages::VERTEX, vertex_buffers, vertex_count: 6, targets, depth: false };
            (source, setup, false)
        }
    };
    let (has_passthrough, cpu_only) = (devices.has_passthrough, devices.cpu_only);
    let generated_words = common::compile_naga_for_wgpu(&generated).map_err(|e| format!("the generated stage does not compile: {e}"))?;
    let name = entry.name.as_str();
    let run = |words: &[u32], passthrough: bool| -> Result<Vec<Vec<u8>>, String> {
        // The generated stage is the same SPIR-V on both paths (naga's output for it).
        let (under_test, other) = (Shader::SpirV(words, name), Shader::SpirV(&generated_words, "main"));
        let (vs, fs) = if fragment { (other, under_test) } else { (under_test, other) };
        let result = render(devices.get(passthrough)?, vs, fs, &setup, passthrough);
        if result.is_err() {
            devices.reset(passthrough);
        }
        result
    };
    let compare = |ours: &[Vec<u8>], truth: &[Vec<u8>]| compare_draw(&setup, ours, truth);
    let run_cpu = |words: &[u32]| {
        let (under_test, other) = (Shader::SpirV(words, name), Shader::SpirV(&generated_words, "main"));
        let (vs, fs) = if fragment { (other, under_test) } else { (under_test, other) };
        render_cpu(vs, fs, &setup)
    };
    if cpu_only {
        return Ok((cpu_only_verdict(run_cpu, ours, reference, compare), Verdict::Skipped(NO_GPU.into())));
    }
    let (verdict, on_device) = judge(has_passthrough, run, ours, reference, compare)?;
    Ok((verdict, if on_cpu { judge_cpu(&on_device, run_cpu, ours, reference, compare) } else { Verdict::Skipped(CORPUS_NOT_ON_CPU.into()) }))
}

/// The verdict of running our module and the reference's: the reference as emitted
/// (passthrough) is the truth; ours as emitted tells a difference in our SPIR-V apart from a
/// difference in naga's reading of it (ours on the default path). Without passthrough (never
/// under CI) only the two default paths are compared. Also returns what the device gave for
/// [ours, the reference] as emitted (on the default paths without passthrough), which the CPU
/// device must give too ([`judge_cpu`]).
fn judge(
    has_passthrough: bool,
    mut run: impl FnMut(&[u32], bool) -> Result<Vec<Vec<u8>>, String>,
    ours: &[u32],
    reference: &[u32],
    compare: impl Fn(&[Vec<u8>], &[Vec<u8>]) -> Option<String>,
) -> Result<(Verdict, OnDevice), String> {
    let ours_default = run(ours, false).map_err(|e| format!("ours, default path: {e}"))?;
    if !has_passthrough {
        if common::ci() {
            panic!("the device lacks Features::PASSTHROUGH_SHADERS but CI=true");
        }
        let reference_default = run(reference, false).map_err(|e| format!("the reference cannot run on the default path: {e}"))?;
        let verdict = match compare(&ours_default, &reference_default) {
            None => Verdict::Same,
            Some(d) => Verdict::OursDiffers(format!("(default paths only) {d}")),
        };
        return Ok((verdict, [ours_default, reference_default]));
    }
    let truth = run(reference, true).map_err(|e| format!("the reference as emitted: {e}"))?;
    let ours_emitted = run(ours, true).map_err(|e| format!("ours as emitted: {e}"))?;
    let verdict = if let Some(d) = compare(&ours_emitted, &truth) {
        Verdict::OursDiffers(d)
    } else if let Some(d) = compare(&ours_default, &truth) {
        Verdict::NagaReadsOursDifferently(d)
    } else {
        Verdict::Same
    };
    Ok((verdict, [ours_emitted, truth]))
}

/// What the GPU device gave for [ours, the reference] (see [`judge`]).
type OnDevice = [Vec<Vec<u8>>; 2];

/// The colour targets by location (locations 0..8).
fn targets(outputs: &[Varying]) -> Result<Vec<Option<Varying>>, String> {
    let count = outputs.iter().map(|v| v.location + 1).max().unwrap_or(0);
    if count > 8 {
        return Err("a colour output at location 8 or more".into());
    }
    Ok((0..count).map(|l| outputs.iter().find(|v| v.location == l).cloned()).collect())
}

/// Per-vertex value of component `c` of the varying at `location` for vertex `v` (0..3).
fn varying_value(v: usize, location: u32, c: u32, kind: naga::ScalarKind) -> String {
    let n = v + location as usize * 3 + c as usize;
    match kind {
        // Integers are flat (the first vertex's value) and small: 0 at location 0, where shaders
        // put indices (`flat in int index` indexing a two-element array stays in bounds).
        naga::ScalarKind::Sint => format!("{}i", n % 2),
        naga::ScalarKind::Uint => format!("{}u", n % 2),
        _ => format!("{:?}", [0.125f32, 0.875, -0.375, 0.5, 1.25, 0.0625][n % 6]),
    }
}

/// A vertex stage drawing one triangle over the whole target (`w` 1, 2 and 1.5 at the three
/// vertices) and writing every varying the fragment shader reads.
fn generated_vertex(varyings: &[Varying]) -> String {
    let mut fields = String::from("  @builtin(position) position: vec4<f32>,\n");
    let mut body = String::new();
    for v in varyings {
        let _ = writeln!(fields, "  {} v{}: {},", v.wgsl_attributes(), v.location, v.wgsl_type());
        let values: Vec<String> = (0..3)
            .map(|vertex| {
                let parts: Vec<String> = (0..v.components).map(|c| varying_value(vertex, v.location, c, v.scalar.kind)).collect();
                format!("{}({})", v.wgsl_type(), parts.join(", "))
            })
            .collect();
        let _ = writeln!(body, "  var a{0} = array<{1}, 3>({2});\n  out.v{0} = a{0}[i];", v.location, v.wgsl_type(), values.join(", "));
    }
    format!(
        "struct Out {{\n{fields}}}\n@vertex fn main(@builtin(vertex_index) i: u32) -> Out {{\n  var out: Out;\n  \
         var xy = array<vec2<f32>, 3>(vec2<f32>(-1.0, -1.0), vec2<f32>(3.0, -1.0), vec2<f32>(-1.0, 3.0));\n  \
         var w = array<f32, 3>(1.0, 2.0, 1.5);\n  out.position = vec4<f32>(xy[i] * w[i], 0.5 * w[i], w[i]);\n{body}  return out;\n}}\n"
    )
}

/// A fragment stage copying every varying the vertex shader writes (at locations below 8) to
/// the colour target of its location, or writing 1.0 to target 0 when there is none (so the
/// covered pixels still show where the vertex shader put the geometry). Returns the source and
/// its outputs.
fn generated_fragment(varyings: &[Varying]) -> (String, Vec<Varying>) {
    let copied: Vec<&Varying> = varyings.iter().filter(|v| v.location < 8).collect();
    if copied.is_empty() {
        let output = Varying {
            location: 0,
            scalar: naga::Scalar::F32,
            components: 4,
            interpolation: None,
            sampling: None,
        };
        return ("@fragment fn main() -> @location(0) vec4<f32> { return vec4<f32>(1.0); }\n".to_string(), vec![output]);
    }
    let mut inputs = String::new();
    let mut outputs = String::new();
    let mut body = String::new();
    for v in &copied {
        let _ = writeln!(inputs, "  {} v{}: {},", v.wgsl_attributes(), v.location, v.wgsl_type());
        // Four components (wgpu has no 3-component colour format); the padding is not compared.
        let (ty, padding) = match (v.scalar.kind, v.components) {
            (naga::ScalarKind::Sint, c) => ("vec4<i32>", ["", "0i, 0i, 0i", "0i, 0i", "0i", ""][c as usize]),
            (naga::ScalarKind::Uint, c) => ("vec4<u32>", ["", "0u, 0u, 0u", "0u, 0u", "0u", ""][c as usize]),
            (_, c) => ("vec4<f32>", ["", "0.0, 0.0, 0.0", "0.0, 0.0", "0.0", ""][c as usize]),
        };
        let _ = writeln!(outputs, "  @location({0}) o{0}: {ty},", v.location);
        if v.components == 4 {
            let _ = writeln!(body, "  out.o{0} = i.v{0};", v.location);
        } else {
            let _ = writeln!(body, "  out.o{0} = {ty}(i.v{0}, {padding});", v.location);
        }
    }
    let source = format!("struct In {{\n{inputs}}}\nstruct Out {{\n{outputs}}}\n@fragment fn main(i: In) -> Out {{\n  var out: Out;\n{body}  return out;\n}}\n");
    // Targets of four components; only the varying's own components are compared.
    let outputs = copied.into_iter().map(|v| Varying { interpolation: None, sampling: None, ..v.clone() }).collect();
    (source, outputs)
}

/// Six vertices (two triangles covering most of the target) for one vertex input, 16 bytes
/// each: float inputs get the corner in x, y, then 0.25 + location / 8 and 1.0; integer inputs
/// small values.
fn vertex_data(v: &Varying) -> Vec<u8> {
    const CORNERS: [[f32; 2]; 6] = [[-0.9, -0.9], [0.9, -0.9], [-0.9, 0.9], [-0.9, 0.9], [0.9, -0.9], [0.9, 0.9]];
    let mut data = Vec::with_capacity(96);
    for (vertex, corner) in CORNERS.iter().enumerate() {
        for c in 0..4u32 {
            let word = match v.scalar.kind {
                naga::ScalarKind::Sint | naga::ScalarKind::Uint => ((vertex as u32 + v.location + c) % 4).to_le_bytes(),
                _ => {
                    let value = match c {
                        0 | 1 => corner[c as usize],
                        2 => 0.25 + v.location as f32 / 8.0,
                        _ => 1.0,
                    };
                    value.to_le_bytes()
                }
            };
            data.extend_from_slice(&word);
        }
    }
    data
}

// ---------------------------------------------------------------------------------------------
// Rendering

#[allow(unsafe_code)]
/// `workgroup_size`: what a passthrough compute pipeline must be told (wgpu cannot reflect it);
/// (1, 1, 1) for the render stages.
fn shader_module(device: &wgpu::Device, shader: Shader<'_>, passthrough: bool, workgroup_size: [u32; 3]) -> wgpu::ShaderModule {
    let Shader::SpirV(words, entry) = shader;
    // Every module given here passed spirv-val (ours and the reference in compile_ours/
    // compile_reference, the generated stage is naga's output for WGSL naga validated), and the
    // layouts are built from the module's own resources.
    common::spirv_module(device, words, entry, passthrough, workgroup_size)
}

fn entry_name(shader: Shader<'_>) -> &str {
    let Shader::SpirV(_, entry) = shader;
    entry
}

/// Draws once and returns every colour target's texels (rows unpadded), in location order
/// (an empty vector for a location without target).
/// The targets' texels (in [`Setup::read_targets`] order), then the bytes of every written
/// storage buffer and image ([`read_written`]) for a fragment shader.
fn render(gpu: &shader_runtime::Gpu, vs: Shader<'_>, fs: Shader<'_>, setup: &Setup<'_>, passthrough: bool) -> Result<Vec<Vec<u8>>, String> {
    let device = &gpu.wgpu().ok_or("not a wgpu device")?.device;
    let (staging, written) = common::catching_wgpu_errors(device, || record(gpu, vs, fs, setup, passthrough))??;
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let result = read_back(device, &staging, &setup.read_targets()).and_then(|mut texels| {
        texels.extend(read_written(device, &written)?);
        Ok(texels)
    });
    if let Some(error) = pollster::block_on(scope.pop()) {
        return Err(format!("wgpu (readback): {error}"));
    }
    result
}

/// Records and submits the draw: the read-back buffers of the targets and of the written
/// storage resources.
#[allow(clippy::type_complexity)]
fn record(
    gpu: &shader_runtime::Gpu,
    vs: Shader<'_>,
    fs: Shader<'_>,
    setup: &Setup<'_>,
    passthrough: bool,
) -> Result<(Vec<Option<wgpu::Buffer>>, Vec<wgpu::Buffer>), String> {
    let w = gpu.wgpu().ok_or("not a wgpu device")?;
    let (device, queue) = (&w.device, &w.queue);
    let vs_module = shader_module(device, vs, passthrough, [1, 1, 1]);
    let fs_module = shader_module(device, fs, passthrough, [1, 1, 1]);

    let bound = bind(device, queue, setup.inputs, setup.stage);
    let Bound { groups, pipeline_layout, immediate_size, .. } = &bound;
    let immediate_size = *immediate_size;

    // Vertex buffers.
    let attributes: Vec<[wgpu::VertexAttribute; 1]> = setup
        .vertex_buffers
        .iter()
        .map(|(v, _)| [wgpu::VertexAttribute { format: v.vertex_format(), offset: 0, shader_location: v.location }])
        .collect();
    let buffer_layouts: Vec<Option<wgpu::VertexBufferLayout>> = attributes
        .iter()
        .map(|attributes| Some(wgpu::VertexBufferLayout { array_stride: 16, step_mode: wgpu::VertexStepMode::Vertex, attributes }))
        .collect();
    let vertex_buffers: Vec<wgpu::Buffer> = setup
        .vertex_buffers
        .iter()
        .map(|(_, data)| {
            let buffer = device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size: data.len() as u64,
                usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            queue.write_buffer(&buffer, 0, data);
            buffer
        })
        .collect();

    // Targets.
    let color_states: Vec<Option<wgpu::ColorTargetState>> = setup
        .targets
        .iter()
        .map(|t| t.as_ref().map(|v| wgpu::ColorTargetState { format: v.target_format(), blend: None, write_mask: wgpu::ColorWrites::ALL }))
        .collect();
    let textures: Vec<Option<wgpu::Texture>> =
        setup.targets.iter().map(|t| t.as_ref().map(|v| device.create_texture(&target_descriptor(v.target_format())))).collect();
    let target_views: Vec<Option<wgpu::TextureView>> = textures.iter().map(|t| t.as_ref().map(|t| t.create_view(&Default::default()))).collect();
    let depth_texture = setup.depth.then(|| device.create_texture(&target_descriptor(wgpu::TextureFormat::Depth32Float)));
    let depth_view = depth_texture.as_ref().map(|t| t.create_view(&Default::default()));

    let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: None,
        layout: Some(pipeline_layout),
        vertex: wgpu::VertexState {
            module: &vs_module,
            entry_point: Some(entry_name(vs)),
            compilation_options: Default::default(),
            buffers: &buffer_layouts,
        },
        primitive: wgpu::PrimitiveState { topology: wgpu::PrimitiveTopology::TriangleList, cull_mode: None, ..Default::default() },
        depth_stencil: setup.depth.then(|| wgpu::DepthStencilState {
            format: wgpu::TextureFormat::Depth32Float,
            depth_write_enabled: Some(true),
            depth_compare: Some(wgpu::CompareFunction::Always),
            stencil: Default::default(),
            bias: Default::default(),
        }),
        multisample: wgpu::MultisampleState::default(),
        fragment: Some(wgpu::FragmentState {
            module: &fs_module,
            entry_point: Some(entry_name(fs)),
            compilation_options: Default::default(),
            targets: &color_states,
        }),
        multiview_mask: None,
        cache: None,
    });

    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
    {
        let attachments: Vec<Option<wgpu::RenderPassColorAttachment>> = target_views
            .iter()
            .map(|view| {
                view.as_ref().map(|view| wgpu::RenderPassColorAttachment {
                    view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations { load: wgpu::LoadOp::Clear(wgpu::Color { r: 77.0, g: 77.0, b: 77.0, a: 77.0 }), store: wgpu::StoreOp::Store },
                })
            })
            .collect();
        let depth_stencil_attachment = depth_view.as_ref().map(|view| wgpu::RenderPassDepthStencilAttachment {
            view,
            depth_ops: Some(wgpu::Operations { load: wgpu::LoadOp::Clear(1.0), store: wgpu::StoreOp::Store }),
            stencil_ops: None,
        });
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: None,
            color_attachments: &attachments,
            depth_stencil_attachment,
            ..Default::default()
        });
        pass.set_pipeline(&pipeline);
        for (index, group) in groups.iter().enumerate() {
            pass.set_bind_group(index as u32, group, &[]);
        }
        for (slot, buffer) in vertex_buffers.iter().enumerate() {
            pass.set_vertex_buffer(slot as u32, buffer.slice(..));
        }
        if immediate_size > 0 {
            let mut data = setup.inputs.immediates.clone();
            data.resize(immediate_size as usize, 0);
            pass.set_immediates(0, &data);
        }
        pass.draw(0..setup.vertex_count, 0..1);
    }
    let mut staging = Vec::new();
    let mut textures = textures;
    textures.extend(depth_texture.map(Some));
    for (texture, target) in textures.iter().zip(&setup.read_targets()) {
        let (Some(texture), Some(v)) = (texture, target) else {
            staging.push(None);
            continue;
        };
        let aspect = if setup.depth && v.location == DEPTH.location { wgpu::TextureAspect::DepthOnly } else { wgpu::TextureAspect::All };
        let row = padded_row(v.target_format());
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: (row * HEIGHT) as u64,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo { aspect, ..texture.as_image_copy() },
            wgpu::TexelCopyBufferInfo { buffer: &buffer, layout: wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(row), rows_per_image: Some(HEIGHT) } },
            wgpu::Extent3d { width: WIDTH, height: HEIGHT, depth_or_array_layers: 1 },
        );
        staging.push(Some(buffer));
    }
    let written = if setup.reads_stores() { copy_written(device, &mut encoder, setup.inputs, &bound) } else { Vec::new() };
    queue.submit([encoder.finish()]);
    Ok((staging, written))
}

/// A colour or depth target of a draw, on both devices.
fn target_descriptor(format: wgpu::TextureFormat) -> wgpu::TextureDescriptor<'static> {
    wgpu::TextureDescriptor {
        label: None,
        size: wgpu::Extent3d { width: WIDTH, height: HEIGHT, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    }
}

/// The bind groups of a draw or dispatch and what they hold: per resource (in
/// `Inputs::resources` order) its buffer (a 4-byte placeholder for a texture or sampler) and
/// its texture.
struct Bound {
    groups: Vec<wgpu::BindGroup>,
    pipeline_layout: wgpu::PipelineLayout,
    immediate_size: u32,
    buffers: Vec<wgpu::Buffer>,
    textures: Vec<Option<wgpu::Texture>>,
}

/// Creates every resource of `inputs` with its deterministic contents, the bind groups and the
/// pipeline layout (visible to `visibility`). Storage buffers and textures can be copied from
/// (the compute differential reads them back).
fn bind(device: &wgpu::Device, queue: &wgpu::Queue, inputs: &Inputs, visibility: wgpu::ShaderStages) -> Bound {
    let resources = &inputs.resources;
    let group_count = resources.iter().map(|r| r.group + 1).max().unwrap_or(0);
    let mut layouts = Vec::new();
    let mut groups = Vec::new();
    let mut owned_buffers = Vec::new();
    let mut views = Vec::new();
    let mut samplers = Vec::new();
    let mut textures = Vec::new();
    let filtering = filtering(resources);
    for resource in resources {
        match &resource.kind {
            ResourceKind::Uniform | ResourceKind::Storage { .. } => {
                let usage = match resource.kind {
                    ResourceKind::Uniform => wgpu::BufferUsages::UNIFORM,
                    _ => wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
                };
                let bytes = buffer_bytes(resource);
                let size = bytes.len() as u64;
                let buffer = device.create_buffer(&wgpu::BufferDescriptor { label: None, size, usage: usage | wgpu::BufferUsages::COPY_DST, mapped_at_creation: false });
                queue.write_buffer(&buffer, 0, &bytes);
                owned_buffers.push(buffer);
                views.push(None);
                samplers.push(None);
                textures.push(None);
            }
            ResourceKind::Texture { dim, format, .. } | ResourceKind::StorageTexture { dim, format, .. } => {
                let extent = gpu_inputs::texture_extent(*dim);
                let texture = device.create_texture(&texture_descriptor(resource));
                let block = format.block_copy_size(None).unwrap_or(4);
                queue.write_texture(
                    wgpu::TexelCopyTextureInfo { texture: &texture, mip_level: 0, origin: wgpu::Origin3d::ZERO, aspect: wgpu::TextureAspect::All },
                    &resource.data,
                    wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(extent.width * block), rows_per_image: Some(extent.height) },
                    extent,
                );
                let view = texture.create_view(&wgpu::TextureViewDescriptor { dimension: Some(*dim), ..Default::default() });
                owned_buffers.push(device.create_buffer(&wgpu::BufferDescriptor { label: None, size: 4, usage: wgpu::BufferUsages::UNIFORM, mapped_at_creation: false }));
                views.push(Some(view));
                samplers.push(None);
                textures.push(Some(texture));
            }
            ResourceKind::Sampler { comparison } => {
                let sampler = device.create_sampler(&sampler_descriptor(*comparison, filtering));
                owned_buffers.push(device.create_buffer(&wgpu::BufferDescriptor { label: None, size: 4, usage: wgpu::BufferUsages::UNIFORM, mapped_at_creation: false }));
                views.push(None);
                samplers.push(Some(sampler));
                textures.push(None);
            }
        }
    }
    for group in 0..group_count {
        let members: Vec<usize> = (0..resources.len()).filter(|&i| resources[i].group == group).collect();
        let entries: Vec<wgpu::BindGroupLayoutEntry> = members
            .iter()
            .map(|&i| wgpu::BindGroupLayoutEntry {
                binding: resources[i].binding,
                visibility,
                ty: match &resources[i].kind {
                    ResourceKind::Uniform => wgpu::BindingType::Buffer { ty: wgpu::BufferBindingType::Uniform, has_dynamic_offset: false, min_binding_size: None },
                    ResourceKind::Storage { read_only } => wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Storage { read_only: *read_only },
                        has_dynamic_offset: false,
                        min_binding_size: None,
                    },
                    ResourceKind::Texture { sample, dim, .. } => wgpu::BindingType::Texture { sample_type: *sample, view_dimension: *dim, multisampled: false },
                    ResourceKind::StorageTexture { access, dim, format } => {
                        wgpu::BindingType::StorageTexture { access: *access, format: *format, view_dimension: *dim }
                    }
                    ResourceKind::Sampler { comparison: true } => wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Comparison),
                    ResourceKind::Sampler { comparison: false } if filtering => wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
                    ResourceKind::Sampler { comparison: false } => wgpu::BindingType::Sampler(wgpu::SamplerBindingType::NonFiltering),
                },
                count: None,
            })
            .collect();
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor { label: None, entries: &entries });
        let group_entries: Vec<wgpu::BindGroupEntry> = members
            .iter()
            .map(|&i| wgpu::BindGroupEntry {
                binding: resources[i].binding,
                resource: match (&views[i], &samplers[i]) {
                    (Some(view), _) => wgpu::BindingResource::TextureView(view),
                    (_, Some(sampler)) => wgpu::BindingResource::Sampler(sampler),
                    _ => owned_buffers[i].as_entire_binding(),
                },
            })
            .collect();
        groups.push(device.create_bind_group(&wgpu::BindGroupDescriptor { label: None, layout: &layout, entries: &group_entries }));
        layouts.push(layout);
    }
    let layout_refs: Vec<Option<&wgpu::BindGroupLayout>> = layouts.iter().map(Some).collect();
    let immediate_size = (inputs.immediates.len() as u32).next_multiple_of(4);
    let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor { label: None, bind_group_layouts: &layout_refs, immediate_size });
    Bound { groups, pipeline_layout, immediate_size, buffers: owned_buffers, textures }
}

/// A buffer resource's bytes as bound: its data padded to 4 bytes (16 for a uniform buffer).
fn buffer_bytes(resource: &gpu_inputs::Resource) -> Vec<u8> {
    let align = if resource.kind == ResourceKind::Uniform { 16 } else { 4 };
    let mut bytes = resource.data.clone();
    bytes.resize(resource.data.len().max(4).next_multiple_of(align), 0);
    bytes
}

/// Samplers filter linearly unless an integer texture is bound (which a filtering sampler may
/// not sample; naga's reflection does not say which sampler goes with which texture).
fn filtering(resources: &[gpu_inputs::Resource]) -> bool {
    !resources.iter().any(|r| {
        matches!(r.kind, ResourceKind::Texture { sample: wgpu::TextureSampleType::Sint | wgpu::TextureSampleType::Uint, .. })
    })
}

/// The texture of a (storage) texture resource, on both devices.
fn texture_descriptor(resource: &gpu_inputs::Resource) -> wgpu::TextureDescriptor<'static> {
    let (ResourceKind::Texture { dim, format, .. } | ResourceKind::StorageTexture { dim, format, .. }) = &resource.kind else {
        unreachable!("texture_descriptor of a {:?}", resource.kind)
    };
    let dimension = match dim {
        wgpu::TextureViewDimension::D1 => wgpu::TextureDimension::D1,
        wgpu::TextureViewDimension::D3 => wgpu::TextureDimension::D3,
        _ => wgpu::TextureDimension::D2,
    };
    let storage = matches!(resource.kind, ResourceKind::StorageTexture { .. });
    let usage = wgpu::TextureUsages::TEXTURE_BINDING
        | wgpu::TextureUsages::COPY_DST
        | if storage { wgpu::TextureUsages::STORAGE_BINDING | wgpu::TextureUsages::COPY_SRC } else { wgpu::TextureUsages::empty() };
    wgpu::TextureDescriptor {
        label: None,
        size: gpu_inputs::texture_extent(*dim),
        mip_level_count: 1,
        sample_count: 1,
        dimension,
        format: *format,
        usage: if storage { usage - wgpu::TextureUsages::TEXTURE_BINDING } else { usage },
        view_formats: &[],
    }
}

/// Every sampler: repeat, filtering as [`filtering`] says, `LessEqual` for a comparison one.
fn sampler_descriptor(comparison: bool, filtering: bool) -> wgpu::SamplerDescriptor<'static> {
    let filter = if filtering { wgpu::FilterMode::Linear } else { wgpu::FilterMode::Nearest };
    wgpu::SamplerDescriptor {
        address_mode_u: wgpu::AddressMode::Repeat,
        address_mode_v: wgpu::AddressMode::Repeat,
        address_mode_w: wgpu::AddressMode::Repeat,
        mag_filter: filter,
        min_filter: filter,
        compare: comparison.then_some(wgpu::CompareFunction::LessEqual),
        ..Default::default()
    }
}

fn padded_row(format: wgpu::TextureFormat) -> u32 {
    (WIDTH * format.block_copy_size(None).unwrap_or(16)).next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT)
}

fn read_back(device: &wgpu::Device, staging: &[Option<wgpu::Buffer>], targets: &[Option<Varying>]) -> Result<Vec<Vec<u8>>, String> {
    common::map_for_reading(device, staging.iter().flatten())?;
    let mut out = Vec::new();
    for (buffer, target) in staging.iter().zip(targets) {
        let (Some(buffer), Some(v)) = (buffer, target) else {
            out.push(Vec::new());
            continue;
        };
        let row = padded_row(v.target_format()) as usize;
        let used = (WIDTH * v.target_format().block_copy_size(None).unwrap_or(16)) as usize;
        let view = buffer.get_mapped_range(..).map_err(|e| format!("readback: {e}"))?;
        let mut texels = Vec::with_capacity(used * HEIGHT as usize);
        for y in 0..HEIGHT as usize {
            texels.extend_from_slice(&view[y * row..y * row + used]);
        }
        drop(view);
        buffer.unmap();
        out.push(texels);
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// Comparison

/// Whether two float results agree (module documentation: the tolerance).
fn close(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()) || (a - b).abs() <= TOLERANCE + TOLERANCE * a.abs().max(b.abs())
}

/// The first difference between two renders, with how many texels differ, or `None`.
fn compare(targets: &[Option<Varying>], ours: &[Vec<u8>], truth: &[Vec<u8>]) -> Option<String> {
    for (location, target) in targets.iter().enumerate() {
        let Some(v) = target else { continue };
        let stride = v.target_format().block_copy_size(None).unwrap_or(16) as usize / 4;
        let words = |bytes: &[u8]| common::u32s(bytes);
        let (a, b) = (words(&ours[location]), words(&truth[location]));
        let mut first = None;
        let mut count = 0;
        for texel in 0..(WIDTH * HEIGHT) as usize {
            let differs = (0..v.components as usize).any(|c| {
                let (x, y) = (a[texel * stride + c], b[texel * stride + c]);
                match v.scalar.kind {
                    naga::ScalarKind::Float => !close(f32::from_bits(x), f32::from_bits(y)),
                    _ => x != y,
                }
            });
            if differs {
                count += 1;
                if first.is_none() {
                    let show = |w: &[u32]| -> String {
                        let comps = &w[texel * stride..texel * stride + v.components as usize];
                        match v.scalar.kind {
                            naga::ScalarKind::Float => format!("{:?}", comps.iter().map(|&c| f32::from_bits(c)).collect::<Vec<_>>()),
                            naga::ScalarKind::Sint => format!("{:?}", comps.iter().map(|&c| c as i32).collect::<Vec<_>>()),
                            _ => format!("{comps:?}"),
                        }
                    };
                    first = Some(format!(
                        "location {location}, texel ({}, {}): {} vs reference {}",
                        texel % WIDTH as usize,
                        texel / WIDTH as usize,
                        show(&a),
                        show(&b)
                    ));
                }
            }
        }
        if let Some(first) = first {
            return Some(format!("{count} of {} texels differ; first at {first}", WIDTH * HEIGHT));
        }
    }
    None
}

// ---------------------------------------------------------------------------------------------
// Compute

#[test]
fn compute_matches_reference_compilers() {
    let adapter_features = common::gpu().and_then(|g| g.wgpu()).map_or(wgpu::Features::empty(), |w| w.adapter.features());
    let features = adapter_features & (wgpu::Features::SHADER_F64 | wgpu::Features::SHADER_I16);
    let mut devices = Devices::new(features);
    // Without glslang the GLSL programs are skipped (said once here; a failure with CI=true).
    common::skip_without_glslang();
    let started = std::time::Instant::now();
    let mut reports = Reports::new(devices.cpu_only);
    let only = std::env::var("COMPUTE_DIFF_ONLY").ok();
    for program in &programs(true) {
        if only.as_ref().is_some_and(|only| !program.name.contains(only.as_str())) || devices.skips_corpus(program) {
            continue;
        }
        if std::env::var_os("RENDER_DIFF_VERBOSE").is_some() {
            eprintln!("running {}", program.name);
        }
        for (entry, verdict, cpu) in run_program(&mut devices, program, true) {
            reports.add(program, &entry, verdict, cpu);
        }
    }
    reports.conclude("compute differential", "COMPUTE_DIFF_REPORT", "compute_differential.md", started.elapsed());
}

/// A storage buffer or storage texture the shader may write: what a dispatch is judged by.
fn written(resource: &gpu_inputs::Resource) -> bool {
    match resource.kind {
        ResourceKind::Storage { read_only } => !read_only,
        ResourceKind::StorageTexture { access, .. } => access != wgpu::StorageTextureAccess::ReadOnly,
        _ => false,
    }
}

/// One workgroup of `entry` with every resource filled as for a draw; compares every written
/// storage buffer and storage texture afterwards (the same truth and verdicts as [`run_entry`]).
fn run_compute_entry(
    devices: &mut Devices,
    entry: &naga::EntryPoint,
    inputs: &Inputs,
    ours: &[u32],
    reference: &[u32],
    on_cpu: bool,
) -> Result<(Verdict, Verdict), String> {
    if !inputs.resources.iter().any(written) {
        return Err("no writable storage buffer or storage texture".into());
    }
    let (has_passthrough, cpu_only) = (devices.has_passthrough, devices.cpu_only);
    let (name, size) = (entry.name.as_str(), entry.workgroup_size);
    let run = |words: &[u32], passthrough: bool| -> Result<Vec<Vec<u8>>, String> {
        let result = dispatch(devices.get(passthrough)?, words, name, size, inputs, passthrough);
        if result.is_err() {
            devices.reset(passthrough);
        }
        result
    };
    let compare = |ours: &[Vec<u8>], truth: &[Vec<u8>]| compare_written(inputs, ours, truth);
    if cpu_only {
        return Ok((cpu_only_verdict(|words| dispatch_cpu(words, name, inputs), ours, reference, compare), Verdict::Skipped(NO_GPU.into())));
    }
    let (verdict, on_device) = judge(has_passthrough, run, ours, reference, compare)?;
    let cpu = if on_cpu {
        judge_cpu(&on_device, |words| dispatch_cpu(words, name, inputs), ours, reference, compare)
    } else {
        Verdict::Skipped(CORPUS_NOT_ON_CPU.into())
    };
    if matches!(verdict, Verdict::Same) && std::env::var_os("RENDER_DIFF_VERBOSE").is_some() {
        let kinds: Vec<String> = inputs.resources.iter().map(|r| format!("{:?}", r.kind).split([' ', '{']).next().unwrap_or("").to_string()).collect();
        eprintln!("same {name}: {kinds:?}, {} bytes of push constants", inputs.immediates.len());
    }
    Ok((verdict, cpu))
}

/// Dispatches one workgroup and returns the bytes of every written resource ([`written`]), in
/// resource order (texture rows padded to wgpu's copy alignment, the padding zero on both sides).
fn dispatch(gpu: &shader_runtime::Gpu, words: &[u32], entry: &str, size: [u32; 3], inputs: &Inputs, passthrough: bool) -> Result<Vec<Vec<u8>>, String> {
    let w = gpu.wgpu().ok_or("not a wgpu device")?;
    let (device, queue) = (&w.device, &w.queue);
    let staging = common::catching_wgpu_errors(device, || {
        let module = shader_module(device, Shader::SpirV(words, entry), passthrough, size);
        let bound = bind(device, queue, inputs, wgpu::ShaderStages::COMPUTE);
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: None,
            layout: Some(&bound.pipeline_layout),
            module: &module,
            entry_point: Some(entry),
            compilation_options: Default::default(),
            cache: None,
        });
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor { label: None });
        {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor::default());
            pass.set_pipeline(&pipeline);
            for (index, group) in bound.groups.iter().enumerate() {
                pass.set_bind_group(index as u32, group, &[]);
            }
            if bound.immediate_size > 0 {
                let mut data = inputs.immediates.clone();
                data.resize(bound.immediate_size as usize, 0);
                pass.set_immediates(0, &data);
            }
            pass.dispatch_workgroups(1, 1, 1);
        }
        let staging = copy_written(device, &mut encoder, inputs, &bound);
        queue.submit([encoder.finish()]);
        staging
    })?;
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let out = read_written(device, &staging);
    if let Some(error) = pollster::block_on(scope.pop()) {
        return Err(format!("wgpu (readback): {error}"));
    }
    out
}

/// Copies every written resource ([`written`]) of a draw or dispatch to a read-back buffer,
/// in resource order (texture rows padded to wgpu's copy alignment).
fn copy_written(device: &wgpu::Device, encoder: &mut wgpu::CommandEncoder, inputs: &Inputs, bound: &Bound) -> Vec<wgpu::Buffer> {
    let mut staging = Vec::new();
    for (i, resource) in inputs.resources.iter().enumerate() {
        if !written(resource) {
            continue;
        }
        let read = |size: u64| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: None,
                size,
                usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        };
        match (&resource.kind, &bound.textures[i]) {
            (ResourceKind::StorageTexture { dim, format, .. }, Some(texture)) => {
                let extent = gpu_inputs::texture_extent(*dim);
                let row = (extent.width * format.block_copy_size(None).unwrap_or(16)).next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
                let buffer = read(u64::from(row * extent.height * extent.depth_or_array_layers));
                encoder.copy_texture_to_buffer(
                    texture.as_image_copy(),
                    wgpu::TexelCopyBufferInfo {
                        buffer: &buffer,
                        layout: wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(row), rows_per_image: Some(extent.height) },
                    },
                    extent,
                );
                staging.push(buffer);
            }
            _ => {
                let source = &bound.buffers[i];
                let buffer = read(source.size());
                encoder.copy_buffer_to_buffer(source, 0, &buffer, 0, source.size());
                staging.push(buffer);
            }
        }
    }
    staging
}

/// The bytes of the buffers [`copy_written`] filled.
fn read_written(device: &wgpu::Device, staging: &[wgpu::Buffer]) -> Result<Vec<Vec<u8>>, String> {
    common::map_for_reading(device, staging)?;
    let mut out = Vec::new();
    for buffer in staging {
        out.push(buffer.get_mapped_range(..).map_err(|e| format!("readback: {e}"))?.to_vec());
        buffer.unmap();
    }
    Ok(out)
}

/// The first difference between the written resources of two dispatches, or `None`. A buffer
/// holds values of any type, so it is compared word by word: equal bits, or two normal
/// (non-zero exponent, finite) floats within [`close`]'s tolerance. Small integers (the inputs'
/// values) are denormals as floats, so integer words are compared exactly.
fn compare_written(inputs: &Inputs, ours: &[Vec<u8>], truth: &[Vec<u8>]) -> Option<String> {
    let normal = |w: u32| f32::from_bits(w).is_normal();
    let written = inputs.resources.iter().filter(|r| written(r));
    for ((resource, a), b) in written.zip(ours).zip(truth) {
        let (a, b) = (common::u32s(a), common::u32s(b));
        let differs = |(x, y): (&u32, &u32)| x != y && !(normal(*x) && normal(*y) && close(f32::from_bits(*x), f32::from_bits(*y)));
        let count = a.iter().zip(&b).filter(|&p| differs(p)).count();
        if let Some(k) = a.iter().zip(&b).position(differs) {
            return Some(format!(
                "binding ({}, {}): {count} of {} words differ; first at byte {}: {:#x} ({}) vs reference {:#x} ({})",
                resource.group,
                resource.binding,
                a.len(),
                k * 4,
                a[k],
                f32::from_bits(a[k]),
                b[k],
                f32::from_bits(b[k])
            ));
        }
    }
    None
}

// ---------------------------------------------------------------------------------------------
// The CPU device

/// The CPU device's column: our module and the reference's, run on the CPU device
/// (`shader-cpu`) with the same inputs, must each give what the GPU device gave for the same
/// module as emitted (`on_device`, from [`judge`]), within the same tolerance. A module the CPU
/// device does not support yet is a skip (counted by reason); one it calls invalid, or fails to
/// bind, is a difference (every module here passed spirv-val and runs on the GPU).
fn judge_cpu(
    on_device: &OnDevice,
    mut run: impl FnMut(&[u32]) -> Result<Vec<Vec<u8>>, Verdict>,
    ours: &[u32],
    reference: &[u32],
    compare: impl Fn(&[Vec<u8>], &[Vec<u8>]) -> Option<String>,
) -> Verdict {
    for ((who, words), gpu) in [("ours", ours), ("the reference", reference)].into_iter().zip(on_device) {
        let cpu = match run(words) {
            Ok(cpu) => cpu,
            Err(Verdict::Skipped(reason)) => return Verdict::Skipped(reason),
            Err(Verdict::CpuDiffers(d)) => return Verdict::CpuDiffers(format!("{who}: {d}")),
            Err(other) => return other,
        };
        if let Some(d) = compare(&cpu, gpu) {
            return Verdict::CpuDiffers(format!("{who} (the GPU's value after `vs reference`): {d}"));
        }
    }
    Verdict::Same
}

/// Without a GPU: our module and the reference's both on the CPU device, the reference's result
/// the truth (as [`judge`] on the GPU, the one device standing in for both paths). What the CPU
/// device does not support is a skip; an error on either module is a difference.
fn cpu_only_verdict(
    mut run: impl FnMut(&[u32]) -> Result<Vec<Vec<u8>>, Verdict>,
    ours: &[u32],
    reference: &[u32],
    compare: impl Fn(&[Vec<u8>], &[Vec<u8>]) -> Option<String>,
) -> Verdict {
    let mut results = Vec::new();
    for (who, words) in [("ours", ours), ("the reference", reference)] {
        match run(words) {
            Ok(result) => results.push(result),
            Err(Verdict::CpuDiffers(d)) => return Verdict::OursDiffers(format!("(the CPU device) {who}: {d}")),
            Err(other) => return other,
        }
    }
    match compare(&results[0], &results[1]) {
        None => Verdict::Same,
        Some(d) => Verdict::OursDiffers(format!("(the CPU device) {d}")),
    }
}

/// The CPU column's skip reason in the run without a GPU (the first column is the CPU device's).
const NO_GPU: &str = "no GPU adapter: the first column compared both modules on the CPU device";

/// A CPU device error as the CPU column's verdict.
fn cpu_failure(error: shader_cpu::Error) -> Verdict {
    match error {
        shader_cpu::Error::Unsupported(_) => Verdict::Skipped(error.to_string()),
        _ => Verdict::CpuDiffers(error.to_string()),
    }
}

/// The runtime's CPU device: it makes the textures and samplers from the same wgpu descriptors
/// as the GPU device gets.
fn cpu_device() -> &'static shader_runtime::Gpu {
    static CPU: std::sync::OnceLock<shader_runtime::Gpu> = std::sync::OnceLock::new();
    CPU.get_or_init(shader_runtime::Gpu::cpu)
}

/// Sanitizer off (the GPU has none to compare with), every core.
const CPU_OPTIONS: shader_cpu::Options = shader_cpu::Options { sanitize: false, threads: None };

/// The resources of `inputs` on the CPU device, in `Inputs::resources` order.
struct CpuBound {
    buffers: Vec<Option<shader_cpu::Buffer>>,
    textures: Vec<Option<shader_runtime::Texture>>,
    samplers: Vec<Option<shader_runtime::Sampler>>,
}

fn bind_cpu(inputs: &Inputs) -> Result<CpuBound, Verdict> {
    let gpu = cpu_device();
    let filtering = filtering(&inputs.resources);
    let mut bound = CpuBound { buffers: Vec::new(), textures: Vec::new(), samplers: Vec::new() };
    for resource in &inputs.resources {
        let (mut buffer, mut texture, mut sampler) = (None, None, None);
        match &resource.kind {
            ResourceKind::Uniform | ResourceKind::Storage { .. } => buffer = Some(shader_cpu::Buffer::from_bytes(&buffer_bytes(resource))),
            ResourceKind::Texture { .. } | ResourceKind::StorageTexture { .. } => {
                let t = gpu.texture(&texture_descriptor(resource));
                t.write_level(gpu, 0, &resource.data).map_err(|e| Verdict::Skipped(format!("the CPU device: {e}")))?;
                texture = Some(t);
            }
            ResourceKind::Sampler { comparison } => sampler = Some(gpu.sampler_with(&sampler_descriptor(*comparison, filtering))),
        }
        bound.buffers.push(buffer);
        bound.textures.push(texture);
        bound.samplers.push(sampler);
    }
    Ok(bound)
}

impl CpuBound {
    fn bindings<'a>(&'a self, inputs: &Inputs) -> Result<Vec<shader_cpu::Binding<'a>>, Verdict> {
        let mut bindings = Vec::new();
        for (i, r) in inputs.resources.iter().enumerate() {
            let resource = match (&self.buffers[i], &self.textures[i], &self.samplers[i]) {
                (Some(buffer), _, _) => shader_cpu::Resource::Buffer(buffer),
                (_, Some(texture), _) => {
                    shader_cpu::Resource::Image(texture.cpu_image().map_err(|e| Verdict::Skipped(format!("the CPU device: {e}")))?)
                }
                (_, _, Some(sampler)) => shader_cpu::Resource::Sampler(sampler.cpu()),
                _ => unreachable!("bind_cpu makes one of the three"),
            };
            bindings.push(shader_cpu::Binding { set: r.group, binding: r.binding, element: 0, resource });
        }
        Ok(bindings)
    }
}

/// [`render`] on the CPU device: the same draw (one vertex buffer holding the inputs side by
/// side instead of one buffer each), targets cleared alike, depth compare `Always`.
fn render_cpu(vs: Shader<'_>, fs: Shader<'_>, setup: &Setup<'_>) -> Result<Vec<Vec<u8>>, Verdict> {
    let program = |shader: Shader<'_>| {
        let Shader::SpirV(words, entry) = shader;
        shader_cpu::Program::new(words, entry, &[]).map_err(cpu_failure)
    };
    let (vertex, fragment) = (program(vs)?, program(fs)?);
    let bound = bind_cpu(setup.inputs)?;
    let bindings = bound.bindings(setup.inputs)?;
    let count = setup.vertex_count as usize;
    let stride = 16 * setup.vertex_buffers.len();
    let mut interleaved = vec![0u8; stride * count];
    for (k, (_, data)) in setup.vertex_buffers.iter().enumerate() {
        for v in 0..count {
            interleaved[v * stride + 16 * k..][..16].copy_from_slice(&data[v * 16..][..16]);
        }
    }
    let attributes: Vec<shader_cpu::Attribute> = setup
        .vertex_buffers
        .iter()
        .enumerate()
        .map(|(k, (v, _))| {
            let format = shader_runtime::cpu_vertex_format(v.vertex_format());
            shader_cpu::Attribute { location: v.location, offset: 16 * k as u32, format }
        })
        .collect();
    let vertex_data = shader_cpu::Buffer::from_bytes(&interleaved);
    let vertex_buffer =
        (!attributes.is_empty()).then_some(shader_cpu::VertexBuffer { buffer: &vertex_data, stride: stride as u32, attributes: &attributes });
    let gpu = cpu_device();
    let target = |format: wgpu::TextureFormat, clear: f64| -> Result<shader_runtime::Texture, Verdict> {
        let texture = gpu.texture(&target_descriptor(format));
        texture.cpu_image().map_err(|e| Verdict::Skipped(format!("the CPU device: {e}")))?.clear([clear; 4]);
        Ok(texture)
    };
    let colors: Vec<Option<shader_runtime::Texture>> =
        setup.targets.iter().map(|t| t.as_ref().map(|v| target(v.target_format(), 77.0)).transpose()).collect::<Result<_, _>>()?;
    let depth = setup.depth.then(|| target(wgpu::TextureFormat::Depth32Float, 1.0)).transpose()?;
    fn image(t: &shader_runtime::Texture) -> &shader_cpu::Image {
        t.cpu_image().expect("made above")
    }
    let color_images: Vec<Option<&shader_cpu::Image>> = colors.iter().map(|t| t.as_ref().map(image)).collect();
    let vertices: Vec<u32> = (0..setup.vertex_count).collect();
    let draw = shader_cpu::Draw {
        bindings: &bindings,
        push_constants: &setup.inputs.immediates,
        vertex_buffer,
        vertices: &vertices,
        instances: 0..1,
        topology: shader_cpu::Topology::TriangleList,
        cull: None,
        blend: None,
        blend_constant: [0.0; 4],
        colors: &color_images,
        depth: depth.as_ref().map(image),
        depth_compare: shader_cpu::Compare::Always,
        depth_write: true,
        stencil: None,
        samples: 1,
        alpha_to_coverage: false,
    };
    shader_cpu::draw(&vertex, &fragment, &draw, &CPU_OPTIONS).map_err(cpu_failure)?;
    let mut out: Vec<Vec<u8>> = colors.iter().map(|t| t.as_ref().map_or_else(Vec::new, |t| image(t).read_level(0))).collect();
    out.extend(depth.as_ref().map(|t| image(t).read_level(0)));
    if setup.reads_stores() {
        out.extend(written_cpu(&bound, setup.inputs)?);
    }
    Ok(out)
}

/// [`dispatch`] on the CPU device: the written resources' bytes in the same form.
fn dispatch_cpu(words: &[u32], entry: &str, inputs: &Inputs) -> Result<Vec<Vec<u8>>, Verdict> {
    let program = shader_cpu::Program::new(words, entry, &[]).map_err(cpu_failure)?;
    let bound = bind_cpu(inputs)?;
    program.dispatch(&bound.bindings(inputs)?, &inputs.immediates, [1, 1, 1], &CPU_OPTIONS).map_err(cpu_failure)?;
    written_cpu(&bound, inputs)
}

/// The written resources' bytes on the CPU device, in the form of [`read_written`]'s.
fn written_cpu(bound: &CpuBound, inputs: &Inputs) -> Result<Vec<Vec<u8>>, Verdict> {
    let mut out = Vec::new();
    for (i, resource) in inputs.resources.iter().enumerate() {
        if !written(resource) {
            continue;
        }
        match (&bound.buffers[i], &bound.textures[i]) {
            (Some(buffer), _) => out.push(buffer.to_bytes()),
            (_, Some(texture)) => {
                // Rows padded to wgpu's copy alignment with zeros, as the GPU's read-back.
                let used = (texture.width() * texture.format().block_copy_size(None).unwrap_or(16)) as usize;
                let row = used.next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT as usize);
                let texels = texture.cpu_image().map_err(|e| Verdict::Skipped(format!("the CPU device: {e}")))?.read_level(0);
                let mut padded = Vec::with_capacity(texels.len() / used * row);
                for line in texels.chunks(used) {
                    padded.extend_from_slice(line);
                    padded.resize(padded.len() + row - used, 0);
                }
                out.push(padded);
            }
            _ => unreachable!("a written resource is a buffer or a storage texture"),
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// Report

/// The verdicts of the two compilers' modules on the GPU device ([`KNOWN`]) and of the CPU
/// device against the GPU device ([`CPU_KNOWN`]).
struct Reports {
    gpu: Report,
    cpu: Report,
    cpu_only: bool,
}

impl Reports {
    /// `cpu_only`: the run without a GPU, whose first column compares the two modules on the CPU
    /// device: a difference there is explained by [`CPU_ONLY_KNOWN`] (stale entries fail) or by
    /// [`KNOWN`] (a difference of the modules shows on any device; not checked for staleness,
    /// since many KNOWN entries are the driver's or naga's), and the CPU column is all skips.
    fn new(cpu_only: bool) -> Reports {
        let gpu = if cpu_only {
            Report { known_list: CPU_ONLY_KNOWN, also_known: KNOWN, ..Default::default() }
        } else {
            Report { known_list: KNOWN, ..Default::default() }
        };
        Reports { gpu, cpu: Report { known_list: CPU_KNOWN, ..Default::default() }, cpu_only }
    }

    fn add(&mut self, program: &Program, entry: &str, verdict: Verdict, cpu: Verdict) {
        self.gpu.add(program, entry, verdict);
        self.cpu.add(program, entry, cpu);
    }

    /// Prints (and with `report_var` set, writes) both summaries; fails on an unexplained
    /// difference, a stale KNOWN entry or nothing compared.
    fn conclude(&self, title: &str, report_var: &str, file: &str, elapsed: Duration) {
        let summary = if self.cpu_only {
            self.gpu.summary(&format!("{title} without a GPU, ours against the reference on the CPU device"), elapsed)
        } else {
            self.gpu.summary(title, elapsed) + &self.cpu.summary(&format!("{title}, the CPU device against the GPU"), elapsed)
        };
        eprintln!("{summary}");
        common::write_corpus_report(report_var, file, &summary);
        let reports: &[(&Report, &str)] =
            if self.cpu_only { &[(&self.gpu, "CPU_ONLY_KNOWN")] } else { &[(&self.gpu, "KNOWN"), (&self.cpu, "CPU_KNOWN")] };
        for &(report, list) in reports {
            assert!(report.unexplained.is_empty(), "unexplained differences:\n{}", report.unexplained.join("\n"));
            assert!(report.stale.is_empty(), "listed in {list} but now the same (remove them): {:?}", report.stale);
            assert!(report.same > 0, "nothing was compared ({list})");
        }
    }
}

#[derive(Default)]
struct Report {
    /// The differences understood ([`KNOWN`], [`CPU_KNOWN`], [`CPU_ONLY_KNOWN`]).
    known_list: &'static [(&'static str, &'static str)],
    /// Explanations also accepted but not checked for staleness (see [`Reports::new`]).
    also_known: &'static [(&'static str, &'static str)],
    cases: usize,
    same: usize,
    known: Vec<String>,
    unexplained: Vec<String>,
    skipped: BTreeMap<String, Vec<String>>,
    corpus_same: usize,
    corpus_cases: usize,
    /// KNOWN entries whose case now gives the same results.
    stale: Vec<String>,
}

impl Report {
    fn add(&mut self, program: &Program, entry: &str, verdict: Verdict) {
        let name = if entry.is_empty() { program.name.clone() } else { format!("{}:{entry}", program.name) };
        self.cases += 1;
        if program.corpus {
            self.corpus_cases += 1;
        }
        let difference = match verdict {
            Verdict::Same => {
                if self.known_list.iter().any(|(known, _)| *known == name) {
                    self.stale.push(name.clone());
                }
                self.same += 1;
                if program.corpus {
                    self.corpus_same += 1;
                }
                return;
            }
            Verdict::Skipped(reason) => {
                // The reason's first line, without program-specific detail after a colon.
                if std::env::var_os("RENDER_DIFF_VERBOSE").is_some() {
                    eprintln!("skipped {name}: {reason}");
                }
                let key = reason.lines().next().unwrap_or("").chars().take(120).collect::<String>();
                self.skipped.entry(key).or_default().push(name);
                return;
            }
            Verdict::OursDiffers(d) => format!("our SPIR-V differs from the reference: {d}"),
            Verdict::NagaReadsOursDifferently(d) => format!("naga's reading of our SPIR-V differs (ours as emitted is right): {d}"),
            Verdict::CpuDiffers(d) => format!("the CPU device differs from the GPU: {d}"),
        };
        match self.known_list.iter().chain(self.also_known).find(|(known, _)| *known == name) {
            Some((_, why)) => self.known.push(format!("{name}: {difference} -- known: {why}")),
            None => self.unexplained.push(format!("{name}: {difference}")),
        }
    }

    fn summary(&self, title: &str, elapsed: Duration) -> String {
        let skipped: usize = self.skipped.values().map(Vec::len).sum();
        let mut text = format!(
            "{title}: {} cases ({} from the corpus), {} same ({} corpus), {} different ({} known, {} unexplained), {} skipped; {:.1}s\n",
            self.cases,
            self.corpus_cases,
            self.same,
            self.corpus_same,
            self.known.len() + self.unexplained.len(),
            self.known.len(),
            self.unexplained.len(),
            skipped,
            elapsed.as_secs_f32()
        );
        for line in self.known.iter().chain(&self.unexplained) {
            let _ = writeln!(text, "  DIFFERENT {line}");
        }
        let mut reasons: Vec<_> = self.skipped.iter().collect();
        reasons.sort_by_key(|(_, names)| std::cmp::Reverse(names.len()));
        for (reason, names) in reasons {
            let _ = writeln!(text, "  skipped {}x: {reason} (e.g. {})", names.len(), names.iter().take(3).cloned().collect::<Vec<_>>().join(", "));
        }
        text
    }
}
