//! Instruction-count harness for compile speed: compiles the same corpus files with our compiler
//! and with naga, N times each, inside two separately named functions so that callgrind can count
//! each side on its own. Instruction counts are repeatable on a loaded machine, where wall-clock
//! timings (the criterion benches `glsl_compile` and `wgsl_compile`) move by ±20%.
//!
//! ```text
//! cargo bench -p shader-core --bench compile_count --no-run      # prints the binary's path
//! valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measure_ours*' BIN glsl 3   # ours only
//! valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measure_naga*' BIN glsl 3   # naga only
//! BIN wgsl 1                     # without valgrind: lists the files and wall times
//! BIN wgsl 41 interleaved        # wall clock: ours and naga alternating, min and median
//! BIN wgsl 41 files              # wall clock per file: the minimum of 41 alternating runs each
//! ```
//!
//! Arguments: the language (`glsl` or `wgsl`), the number of iterations (default 1), and
//! optionally `ours` or `naga` to run only one side (the file selection always runs both, but
//! outside the collected functions), or `interleaved`: after one warm-up pass per side, N passes
//! per side timed one pass at a time, the two sides alternating (and taking turns at going
//! first) in the same process on the same files, so both see the same machine load; prints the
//! minimum and median pass of each side and their ratios. Or `files`: each file compiled N times
//! by each side, alternating call by call; prints the minimum time of each side per file, their
//! ratio and how far ours is over half of naga's, the files with the most time over first (which
//! files the 0.5x target is lost on).
//!
//! `COMPILE_COUNT_STRIP_DEBUG=1` compiles ours with `strip_debug` (no `OpLine`/`OpString`/
//! `OpSource`), to measure what the source-line debug info costs; every run prints the total
//! size of our modules (compiled outside the measured functions).
//!
//! Heap allocations per pass (the workspace forbids `unsafe`, so no counting allocator here):
//! dhat's "Total" blocks of `BIN wgsl 3 ours` minus those of `BIN wgsl 1 ours`, halved (the file
//! selection compiles every file once with each compiler in both runs):
//!
//! ```text
//! valgrind --tool=dhat --dhat-out-file=/dev/null BIN wgsl 1 ours 2>&1 | grep 'Total:'
//! valgrind --tool=dhat --dhat-out-file=/dev/null BIN wgsl 3 ours 2>&1 | grep 'Total:'
//! ```
//!
//! File sets. GLSL: corpus files (`../shared/corpus/MANIFEST.tsv`) glslang accepts with a
//! vertex, fragment or compute stage, that naga's GLSL front end + validator + SPIR-V writer and
//! our compiler (Vulkan target) both accept. WGSL: corpus files the manifest marks as accepted by
//! naga that we accept too. naga's side is its front end, `Validator::validate` with all flags,
//! (WGSL: override processing) and `back::spv::write_vec`; ours is `shader_core::compile`, which
//! also runs our IR validator and (WGSL) uniformity analysis.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};


/// The source language of a run.
#[derive(Clone, Copy, PartialEq)]
enum Lang {
    Glsl,
    Wgsl,
}

/// One input both compilers accept.
struct Input {
    name: String,
    path: PathBuf,
    source: String,
    stage: Option<shader_core::ir::Stage>,
}

/// Set from `COMPILE_COUNT_STRIP_DEBUG` in `main`.
static STRIP_DEBUG: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn ours(lang: Lang, input: &Input) -> Result<Vec<u32>, String> {
    let strip_debug = STRIP_DEBUG.load(std::sync::atomic::Ordering::Relaxed);
    let options = match lang {
        Lang::Glsl => shader_core::CompileOptions {
            language: shader_core::Language::Glsl,
            stage: input.stage,
            target: shader_core::Target::Vulkan,
            include_dirs: input.path.parent().map(PathBuf::from).into_iter().collect(),
            strip_debug,
            ..Default::default()
        },
        Lang::Wgsl => shader_core::CompileOptions { strip_debug, ..Default::default() },
    };
    shader_core::compile(&input.name, &input.source, &options)
        .map(|compiled| compiled.spirv)
        .map_err(|e| e.render().lines().next().unwrap_or_default().to_string())
}

fn naga(lang: Lang, input: &Input) -> Result<Vec<u32>, String> {
    let module = match lang {
        Lang::Glsl => {
            let stage = match input.stage {
                Some(shader_core::ir::Stage::Vertex) => naga::ShaderStage::Vertex,
                Some(shader_core::ir::Stage::Fragment) => naga::ShaderStage::Fragment,
                _ => naga::ShaderStage::Compute,
            };
            naga::front::glsl::Frontend::default()
                .parse(&naga::front::glsl::Options::from(stage), &input.source)
                .map_err(|e| e.to_string())?
        }
        Lang::Wgsl => naga::front::wgsl::parse_str(&input.source).map_err(|e| e.to_string())?,
    };
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .map_err(|e| e.to_string())?;
    if lang == Lang::Wgsl {
        let (module, info) = naga::back::pipeline_constants::process_overrides(&module, &info, None, &Default::default())
            .map_err(|e| e.to_string())?;
        return naga::back::spv::write_vec(&module, &info, &naga::back::spv::Options::default(), None)
            .map_err(|e| e.to_string());
    }
    naga::back::spv::write_vec(&module, &info, &naga::back::spv::Options::default(), None).map_err(|e| e.to_string())
}

/// Corpus files of `lang` that the manifest marks as accepted by the reference compiler.
fn candidates(lang: Lang) -> Vec<(String, PathBuf, Option<shader_core::ir::Stage>)> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    let Ok(manifest) = std::fs::read_to_string(corpus.join("MANIFEST.tsv")) else {
        eprintln!("no corpus at {}; nothing to count", corpus.display());
        return Vec::new();
    };
    manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            if cells.len() < 5 {
                return None;
            }
            let stage = match lang {
                Lang::Glsl if cells[1] == "glsl" && cells[3] == "1" => Some(match cells[2] {
                    "vert" => shader_core::ir::Stage::Vertex,
                    "frag" => shader_core::ir::Stage::Fragment,
                    "comp" => shader_core::ir::Stage::Compute,
                    _ => return None,
                }),
                Lang::Wgsl if cells[1] == "wgsl" && cells[4] == "1" => None,
                _ => return None,
            };
            Some((cells[0].to_string(), corpus.join(cells[0]), stage))
        })
        .collect()
}

/// Reads every candidate and keeps those both compilers accept.
fn inputs(lang: Lang) -> Vec<Input> {
    // naga's SPIR-V writer panics on some modules its own front end built; such files count as
    // rejected, and the panic messages would only bury the output.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut kept = Vec::new();
    for (name, path, stage) in candidates(lang) {
        let Ok(source) = std::fs::read_to_string(&path) else { continue };
        let input = Input { name, path, source, stage };
        let both = std::panic::catch_unwind(|| ours(lang, &input).is_ok() && naga(lang, &input).is_ok());
        if both.unwrap_or(false) {
            kept.push(input);
        }
    }
    std::panic::set_hook(hook);
    kept
}

/// Our side: the function callgrind's `--toggle-collect='*measure_ours*'` counts.
#[inline(never)]
fn measure_ours(lang: Lang, inputs: &[Input], iterations: usize) {
    for _ in 0..iterations {
        for input in inputs {
            black_box(ours(lang, black_box(input)).ok());
        }
    }
}

/// naga's side: the function callgrind's `--toggle-collect='*measure_naga*'` counts.
#[inline(never)]
fn measure_naga(lang: Lang, inputs: &[Input], iterations: usize) {
    for _ in 0..iterations {
        for input in inputs {
            black_box(naga(lang, black_box(input)).ok());
        }
    }
}

/// The minimum and the median of some pass times, in milliseconds.
fn min_median(times: &mut [Duration]) -> (f64, f64) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let n = times.len();
    let median = if n % 2 == 1 { ms(times[n / 2]) } else { (ms(times[n / 2 - 1]) + ms(times[n / 2])) / 2.0 };
    (ms(times[0]), median)
}

/// Wall clock, ours and naga alternating pass by pass (the first pass of each side is a
/// warm-up and not counted).
fn interleaved(lang: Lang, inputs: &[Input], passes: usize) {
    let time = |f: &dyn Fn()| {
        let start = Instant::now();
        f();
        start.elapsed()
    };
    let run_ours = || measure_ours(lang, inputs, 1);
    let run_naga = || measure_naga(lang, inputs, 1);
    time(&run_ours);
    time(&run_naga);
    let (mut ours, mut naga) = (Vec::with_capacity(passes), Vec::with_capacity(passes));
    for pass in 0..passes {
        if pass % 2 == 0 {
            ours.push(time(&run_ours));
            naga.push(time(&run_naga));
        } else {
            naga.push(time(&run_naga));
            ours.push(time(&run_ours));
        }
    }
    let (ours_min, ours_median) = min_median(&mut ours);
    let (naga_min, naga_median) = min_median(&mut naga);
    eprintln!("interleaved, {passes} passes per side (ms per pass of all files):");
    eprintln!("  ours: min {ours_min:.2}, median {ours_median:.2}");
    eprintln!("  naga: min {naga_min:.2}, median {naga_median:.2}");
    eprintln!("  ours/naga: min {:.3}, median {:.3}", ours_min / naga_min, ours_median / naga_median);
}

/// Wall clock per file: the minimum of `runs` calls per side, the sides alternating call by call.
fn per_file(lang: Lang, inputs: &[Input], runs: usize) {
    let fastest = |f: &dyn Fn()| {
        let start = Instant::now();
        f();
        start.elapsed()
    };
    let mut rows = Vec::new();
    for input in inputs {
        let (mut ours_min, mut naga_min) = (Duration::MAX, Duration::MAX);
        for _ in 0..runs.max(1) {
            ours_min = ours_min.min(fastest(&|| drop(black_box(ours(lang, black_box(input))))));
            naga_min = naga_min.min(fastest(&|| drop(black_box(naga(lang, black_box(input))))));
        }
        let (o, n) = (ours_min.as_secs_f64() * 1e6, naga_min.as_secs_f64() * 1e6);
        rows.push((o - n / 2.0, o, n, input.source.len(), &input.name));
    }
    let (ours_total, naga_total): (f64, f64) = (rows.iter().map(|r| r.1).sum(), rows.iter().map(|r| r.2).sum());
    let over: f64 = rows.iter().map(|r| r.0).sum();
    eprintln!("per file, minimum of {runs} runs per side (microseconds):");
    eprintln!("  all files: ours {ours_total:.0}, naga {naga_total:.0}, ours/naga {:.3}; ours over half of naga's: {over:.0}", ours_total / naga_total);
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    eprintln!("  {:>8} {:>8} {:>8} {:>6} {:>7}  file", "over", "ours", "naga", "ratio", "bytes");
    for (over, o, n, bytes, name) in rows {
        eprintln!("  {over:8.1} {o:8.1} {n:8.1} {:6.3} {bytes:7}  {name}", o / n);
    }
}

fn main() {
    // `cargo bench` passes `--bench`; skip flags so the harness also runs under it.
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let lang = match args.first().map(String::as_str) {
        Some("wgsl") => Lang::Wgsl,
        _ => Lang::Glsl,
    };
    let iterations: usize = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(1);
    let only = args.get(2).map(String::as_str);
    STRIP_DEBUG.store(std::env::var("COMPILE_COUNT_STRIP_DEBUG").is_ok_and(|v| v == "1"), std::sync::atomic::Ordering::Relaxed);
    let inputs = inputs(lang);
    eprintln!("{} files both compilers accept, {iterations} iteration(s)", inputs.len());
    let words: usize = inputs.iter().filter_map(|input| ours(lang, input).ok()).map(|w| w.len()).sum();
    eprintln!("ours: {} bytes of SPIR-V for all files (strip_debug {})", words * 4, STRIP_DEBUG.load(std::sync::atomic::Ordering::Relaxed));
    if std::env::var("COMPILE_COUNT_LIST").is_ok_and(|v| v == "1") {
        for input in &inputs {
            eprintln!("  {}", input.name);
        }
    }
    if only == Some("files") {
        per_file(lang, &inputs, iterations);
        return;
    }
    if only == Some("interleaved") {
        interleaved(lang, &inputs, iterations);
        return;
    }
    if only != Some("naga") {
        let start = Instant::now();
        measure_ours(lang, &inputs, iterations);
        eprintln!("ours: {:.1} ms", start.elapsed().as_secs_f64() * 1e3);
    }
    if only != Some("ours") {
        let start = Instant::now();
        measure_naga(lang, &inputs, iterations);
        eprintln!("naga: {:.1} ms", start.elapsed().as_secs_f64() * 1e3);
    }
}
