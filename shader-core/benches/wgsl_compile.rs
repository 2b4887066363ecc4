//! Compile speed, WGSL -> SPIR-V words: our `compile` against naga (wgsl-in parse, validation,
//! override defaults, spv-out), in the same run, on the shared corpus files naga accepts and on
//! our own test programs (`tests/wgsl/ok`).
//!
//! ```text
//! cargo bench -p shader-core --bench wgsl_compile            # every file both compilers accept
//! cargo bench -p shader-core --bench wgsl_compile -- total   # only the whole-set totals
//! ```
//!
//! Files our compiler rejects are listed and left out, so both sides always time the same work.
//! Settings are kept short (10 samples, 0.3 s per measurement) so a full run takes minutes.

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// One input both compilers accept.
struct Input {
    name: String,
    source: String,
}

fn ours(input: &Input) -> Result<Vec<u32>, String> {
    shader_core::compile(&input.name, &input.source, &shader_core::CompileOptions::default())
        .map(|compiled| compiled.spirv)
        .map_err(|e| e.render().lines().next().unwrap_or_default().to_string())
}

fn naga(source: &str) -> Result<Vec<u32>, String> {
    let module = naga::front::wgsl::parse_str(source).map_err(|e| e.to_string())?;
    let info = naga::valid::Validator::new(naga::valid::ValidationFlags::all(), naga::valid::Capabilities::all())
        .validate(&module)
        .map_err(|e| e.to_string())?;
    let (module, info) = naga::back::pipeline_constants::process_overrides(&module, &info, None, &Default::default())
        .map_err(|e| e.to_string())?;
    naga::back::spv::write_vec(&module, &info, &naga::back::spv::Options::default(), None).map_err(|e| e.to_string())
}

/// The corpus files the manifest marks as accepted by naga, then our own ok programs.
fn candidates() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = root.join("../../shared/corpus");
    let mut files = Vec::new();
    match std::fs::read_to_string(corpus.join("MANIFEST.tsv")) {
        Ok(manifest) => {
            for line in manifest.lines().skip(1) {
                let cells: Vec<&str> = line.split('\t').collect();
                if cells.len() >= 5 && cells[1] == "wgsl" && cells[4] == "1" {
                    files.push((cells[0].to_string(), corpus.join(cells[0])));
                }
            }
        }
        Err(_) => eprintln!("no corpus at {}; timing our own test programs only", corpus.display()),
    }
    let ok = root.join("../tests/wgsl/ok");
    let mut own: Vec<PathBuf> = std::fs::read_dir(&ok)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    own.retain(|p| p.extension().is_some_and(|e| e == "wgsl"));
    own.sort();
    files.extend(own.into_iter().map(|p| (format!("tests/{}", p.file_name().unwrap_or_default().to_string_lossy()), p)));
    files
}

/// Reads every candidate and keeps those both compilers accept, printing the rest.
fn inputs() -> Vec<Input> {
    let mut kept = Vec::new();
    let mut rejected = Vec::new();
    for (name, path) in candidates() {
        let Ok(source) = std::fs::read_to_string(&path) else {
            rejected.push(format!("{name}: cannot read"));
            continue;
        };
        let input = Input { name: name.rsplit('/').next().unwrap_or(&name).to_string(), source };
        // A panic in our compiler must not end the benchmark run; it is reported like a rejection.
        let result = std::panic::catch_unwind(|| ours(&input)).unwrap_or_else(|_| Err("compiler panicked".into()));
        match (result, naga(&input.source)) {
            (Ok(_), Ok(_)) => kept.push(Input { name, ..input }),
            (Err(e), _) => rejected.push(format!("{name}: ours rejects: {e}")),
            (_, Err(e)) => rejected.push(format!("{name}: naga rejects: {}", e.lines().next().unwrap_or_default())),
        }
    }
    if !rejected.is_empty() {
        eprintln!("skipped {} files:\n  {}", rejected.len(), rejected.join("\n  "));
    }
    eprintln!("timing {} files", kept.len());
    kept
}

fn wgsl_compile(c: &mut Criterion) {
    let inputs = inputs();
    if inputs.is_empty() {
        eprintln!("nothing to time: our compiler accepts none of the files");
        return;
    }
    let mut total = c.benchmark_group("total");
    total.bench_function("ours", |b| {
        b.iter(|| {
            for input in &inputs {
                black_box(ours(black_box(input)).ok());
            }
        })
    });
    total.bench_function("naga", |b| {
        b.iter(|| {
            for input in &inputs {
                black_box(naga(black_box(&input.source)).ok());
            }
        })
    });
    total.finish();
    for input in &inputs {
        let mut group = c.benchmark_group(&input.name);
        group.bench_function("ours", |b| b.iter(|| ours(black_box(input))));
        group.bench_function("naga", |b| b.iter(|| naga(black_box(&input.source))));
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_millis(300));
    targets = wgsl_compile
}
criterion_main!(benches);
