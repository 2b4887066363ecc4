//! Compile speed, GLSL -> SPIR-V words: our `compile` (Vulkan target, in-process) against
//! `glslangValidator -V` (a process per file) and naga's GLSL front end (in-process: parse,
//! validate, spv-out), on the shared corpus files (stage vert/frag/comp) that glslang and we both
//! accept; naga is timed on the subset it accepts too.
//!
//! ```text
//! cargo bench -p shader-core --bench glsl_compile                       # summary table + totals
//! GLSL_BENCH_PER_FILE=1 cargo bench -p shader-core --bench glsl_compile -- spv.  # + per-file groups
//! ```
//!
//! Method. Criterion cannot time a child process fairly (spawn cost dominates and varies), so
//! the summary table is measured by hand, the same way for all three compilers: every file is
//! compiled [`RUNS`] times and the median wall time is kept; totals are sums of per-file
//! medians. glslang is one `glslangValidator -V FILE -o OUT` process per run, timed from spawn to
//! exit, i.e. what a build script pays. Most of that is fixed cost: process start plus glslang
//! building its built-in symbol tables, which it does for every stage it compiles. That baseline
//! is measured as the median of compiling an empty compute shader (`void main() {}`) and shown
//! separately, with a "glslang minus baseline" column as a lower bound of its per-file work. Criterion then times the in-process totals (ours and
//! naga over the naga subset, short settings: 10 samples, 0.3 s) so that those two have proper
//! confidence intervals. Ratios are glslang (or naga) time divided by ours: above 1 means we are
//! faster; "per-file median" is the median of the per-file ratios. Build with `--release` (cargo bench does) for meaningful numbers.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// Timed runs per file and compiler for the summary table; the median is kept.
const RUNS: usize = 5;

/// One corpus file we and glslang accept.
struct Input {
    name: String,
    path: PathBuf,
    source: String,
    stage: shader_core::ir::Stage,
    /// naga's GLSL front end, validator and SPIR-V writer accept it too.
    naga: bool,
}

fn ours(input: &Input) -> Result<Vec<u32>, String> {
    let options = shader_core::CompileOptions {
        language: shader_core::Language::Glsl,
        stage: Some(input.stage),
        target: shader_core::Target::Vulkan,
        include_dirs: input.path.parent().map(PathBuf::from).into_iter().collect(),
        ..Default::default()
    };
    shader_core::compile(&input.name, &input.source, &options)
        .map(|compiled| compiled.spirv)
        .map_err(|e| e.render().lines().next().unwrap_or_default().to_string())
}

fn naga(input: &Input) -> Result<Vec<u32>, String> {
    let stage = match input.stage {
        shader_core::ir::Stage::Vertex => naga::ShaderStage::Vertex,
        shader_core::ir::Stage::Fragment => naga::ShaderStage::Fragment,
        shader_core::ir::Stage::Compute => naga::ShaderStage::Compute,
    };
    let module = naga::front::glsl::Frontend::default()
        .parse(&naga::front::glsl::Options::from(stage), &input.source)
        .map_err(|e| e.to_string())?;
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .map_err(|e| e.to_string())?;
    naga::back::spv::write_vec(&module, &info, &naga::back::spv::Options::default(), None).map_err(|e| e.to_string())
}

/// One `glslangValidator -V` process; `Ok` when it produced SPIR-V.
fn glslang(path: &Path, out: &Path) -> Result<(), String> {
    let output = Command::new("glslangValidator")
        .arg("-V")
        .arg(path)
        .arg("-o")
        .arg(out)
        .output()
        .map_err(|e| format!("cannot run glslangValidator: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&output.stdout).lines().nth(1).unwrap_or_default().to_string())
    }
}

/// The median wall time of `RUNS` calls of `work`.
fn median_time(mut work: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[RUNS / 2]
}

/// Corpus files the manifest marks as accepted by glslang, with a vert/frag/comp stage.
fn candidates() -> Vec<(String, PathBuf, shader_core::ir::Stage)> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    let Ok(manifest) = std::fs::read_to_string(corpus.join("MANIFEST.tsv")) else {
        eprintln!("no corpus at {}; nothing to time", corpus.display());
        return Vec::new();
    };
    manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            if cells.len() < 4 || cells[1] != "glsl" || cells[3] != "1" {
                return None;
            }
            let stage = match cells[2] {
                "vert" => shader_core::ir::Stage::Vertex,
                "frag" => shader_core::ir::Stage::Fragment,
                "comp" => shader_core::ir::Stage::Compute,
                _ => return None,
            };
            Some((cells[0].to_string(), corpus.join(cells[0]), stage))
        })
        .collect()
}

/// Reads every candidate and keeps those we accept (glslang's verdict is re-checked while
/// timing it), printing how many were left out.
fn inputs() -> Vec<Input> {
    let mut kept = Vec::new();
    let mut rejected = 0;
    // naga's SPIR-V writer panics on some modules its own front end built; those files count as
    // rejected by naga, and the panic messages would only bury the table.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    for (name, path, stage) in candidates() {
        let Ok(source) = std::fs::read_to_string(&path) else { continue };
        let mut input = Input { name, path, source, stage, naga: false };
        // A panic in our compiler must not end the benchmark run; it counts as a rejection.
        let accepted = std::panic::catch_unwind(|| ours(&input).is_ok()).unwrap_or(false);
        if !accepted {
            rejected += 1;
            continue;
        }
        input.naga = std::panic::catch_unwind(|| naga(&input).is_ok()).unwrap_or(false);
        kept.push(input);
    }
    std::panic::set_hook(hook);
    eprintln!("{} files we accept ({rejected} glslang-accepted files we reject are left out)", kept.len());
    kept
}

/// Per-file medians of all three compilers, and the summary table.
fn summary(inputs: &[Input]) -> Vec<usize> {
    let out = std::env::temp_dir().join(format!("glsl-bench-{}.spv", std::process::id()));
    let empty = std::env::temp_dir().join(format!("glsl-bench-empty-{}.comp", std::process::id()));
    let _ = std::fs::write(&empty, "#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n");
    let startup = median_time(|| {
        let _ = glslang(&empty, &out);
    });
    let _ = std::fs::remove_file(&empty);
    let mut both = Vec::new();
    let (mut t_ours, mut t_glslang, mut t_ours_naga_set, mut t_naga) =
        (Duration::ZERO, Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let mut ratios_glslang = Vec::new();
    let mut ratios_naga = Vec::new();
    for (index, input) in inputs.iter().enumerate() {
        if glslang(&input.path, &out).is_err() {
            continue;
        }
        both.push(index);
        let ours_time = median_time(|| {
            black_box(ours(black_box(input)).ok());
        });
        let glslang_time = median_time(|| {
            black_box(glslang(&input.path, &out).ok());
        });
        t_ours += ours_time;
        t_glslang += glslang_time;
        ratios_glslang.push(glslang_time.as_secs_f64() / ours_time.as_secs_f64());
        if input.naga {
            let naga_time = median_time(|| {
                black_box(naga(black_box(input)).ok());
            });
            t_ours_naga_set += ours_time;
            t_naga += naga_time;
            ratios_naga.push(naga_time.as_secs_f64() / ours_time.as_secs_f64());
        }
    }
    let _ = std::fs::remove_file(&out);
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let naga_files = ratios_naga.len();
    let glslang_work = t_glslang.saturating_sub(startup * both.len() as u32);
    eprintln!(
        "\nGLSL -> SPIR-V compile time (sum of per-file medians of {RUNS} runs; glslang baseline, an empty shader: {:.2} ms/process)\n",
        ms(startup)
    );
    eprintln!("| set | files | ours | glslangValidator -V (process) | glslang minus baseline | naga (glsl-in) | glslang / ours | naga / ours |");
    eprintln!("|---|---|---|---|---|---|---|---|");
    eprintln!(
        "| corpus files glslang and we accept | {} | {:.1} ms | {:.1} ms | {:.1} ms | - | {:.1}x (per-file median {:.1}x) | - |",
        both.len(),
        ms(t_ours),
        ms(t_glslang),
        ms(glslang_work),
        ms(t_glslang) / ms(t_ours),
        median(&mut ratios_glslang),
    );
    eprintln!(
        "| of those, files naga accepts | {naga_files} | {:.1} ms | - | - | {:.1} ms | - | {:.2}x (per-file median {:.2}x) |",
        ms(t_ours_naga_set),
        ms(t_naga),
        ms(t_naga) / ms(t_ours_naga_set),
        median(&mut ratios_naga),
    );
    eprintln!();
    both
}

fn median(values: &mut [f64]) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn glsl_compile(c: &mut Criterion) {
    let inputs = inputs();
    if inputs.is_empty() {
        eprintln!("nothing to time");
        return;
    }
    let both = summary(&inputs);
    let both: Vec<&Input> = both.iter().map(|&i| &inputs[i]).collect();
    let naga_set: Vec<&Input> = both.iter().copied().filter(|i| i.naga).collect();
    let mut total = c.benchmark_group("glsl_total");
    total.bench_function("ours", |b| {
        b.iter(|| {
            for input in &both {
                black_box(ours(black_box(input)).ok());
            }
        })
    });
    total.bench_function("ours_naga_subset", |b| {
        b.iter(|| {
            for input in &naga_set {
                black_box(ours(black_box(input)).ok());
            }
        })
    });
    total.bench_function("naga_naga_subset", |b| {
        b.iter(|| {
            for input in &naga_set {
                black_box(naga(black_box(input)).ok());
            }
        })
    });
    total.finish();
    if std::env::var("GLSL_BENCH_PER_FILE").is_ok_and(|v| v == "1") {
        for input in &both {
            let mut group = c.benchmark_group(&input.name);
            group.bench_function("ours", |b| b.iter(|| ours(black_box(input))));
            if input.naga {
                group.bench_function("naga", |b| b.iter(|| naga(black_box(input))));
            }
            group.finish();
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_millis(300));
    targets = glsl_compile
}
criterion_main!(benches);
