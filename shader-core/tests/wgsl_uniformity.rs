//! WGSL uniformity analysis (WGSL §15.2) through `wgsl::translate`: a table of small programs,
//! each with the verdict the spec gives it. Rendered diagnostics of typical errors are pinned
//! by the `tests/wgsl/err/uniformity_*.wgsl` snapshots; this table covers the rules.

use shader_core::diag::{Diagnostics, Severity};
use shader_core::span::FileId;
use shader_core::wgsl::translate;

#[derive(Debug)]
enum Expect {
    /// Compiles without any diagnostic.
    Clean,
    /// Compiles with exactly one warning whose message contains the text.
    Warning(&'static str),
    /// Rejected with exactly one error whose message contains the text.
    Error(&'static str),
}
use Expect::*;

const COMPUTE_PRELUDE: &str = "
var<workgroup> wg: u32;
var<workgroup> counter: atomic<u32>;
var<private> priv_value: u32;
struct U { n: u32, flag: u32 }
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<storage, read> ro: array<u32>;
@group(0) @binding(2) var<storage, read_write> rw: array<u32>;
@group(0) @binding(3) var rw_tex: texture_storage_2d<r32float, read_write>;
";

const FRAGMENT_PRELUDE: &str = "
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var d: texture_depth_2d;
@group(0) @binding(3) var sc: sampler_comparison;
struct U { n: u32, flag: u32 }
@group(0) @binding(4) var<uniform> u: U;
";

/// (name, prelude, program, verdict)
const CASES: &[(&str, &str, &str, Expect)] = &[
    // --- sources of non-uniformity (§15.2.5, §15.2.8)
    ("builtin local_invocation_index", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            if li < 4u { workgroupBarrier(); }
        }", Error("`workgroupBarrier` must only be called from uniform control flow")),
    ("builtin workgroup_id and num_workgroups are uniform", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main(@builtin(workgroup_id) w: vec3<u32>, @builtin(num_workgroups) n: vec3<u32>) {
            if w.x < n.y { workgroupBarrier(); }
        }", Clean),
    ("uniform buffer and read-only storage are uniform", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main() {
            if u.flag != 0u && ro[u.n] > 2u { storageBarrier(); }
        }", Clean),
    ("read_write storage", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main() {
            if rw[0] != 0u { storageBarrier(); }
        }", Error("`storageBarrier` must only be called")),
    ("workgroup variable", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main() {
            while wg < 3u { workgroupBarrier(); }
        }", Error("`workgroupBarrier` must only be called")),
    ("private variable", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main() {
            if priv_value == 0u { workgroupBarrier(); }
        }", Error("`workgroupBarrier` must only be called")),
    ("atomic result", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main() {
            if atomicLoad(&counter) == 0u { workgroupBarrier(); }
        }", Error("`workgroupBarrier` must only be called")),
    ("read_write storage texture load", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main() {
            if textureLoad(rw_tex, vec2<u32>(0u)).x > 0.0 { workgroupBarrier(); }
        }", Error("`workgroupBarrier` must only be called")),
    ("workgroupUniformLoad result is uniform", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main() {
            if workgroupUniformLoad(&wg) == 0u { workgroupBarrier(); }
        }", Clean),
    ("workgroupUniformLoad in non-uniform control flow", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            if li == 0u { _ = workgroupUniformLoad(&wg); }
        }", Error("`workgroupUniformLoad` must only be called")),
    ("constants and overrides are uniform", COMPUTE_PRELUDE, "
        override steps: u32 = 4u;
        const K = 3u;
        @compute @workgroup_size(64) fn main() {
            for (var i = 0u; i < steps + K; i++) { workgroupBarrier(); }
        }", Clean),

    // --- control flow (§15.2.7)
    ("barrier after a branch reconverges", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            if li == 0u { wg = 1u; } else { wg = 2u; }
            workgroupBarrier();
        }", Clean),
    ("barrier after a non-uniform return", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            if li >= 32u { return; }
            workgroupBarrier();
        }", Error("`workgroupBarrier` must only be called")),
    ("non-uniform switch selector", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            switch li { case 0u: { workgroupBarrier(); } default: {} }
        }", Error("`workgroupBarrier` must only be called")),
    ("barrier after a loop with a non-uniform break", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            for (var i = 0u; i < 64u; i++) { if i == li { break; } }
            workgroupBarrier();
        }", Clean),
    ("barrier in a loop after a non-uniform break", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            for (var i = 0u; i < 64u; i++) { workgroupBarrier(); if i == li { break; } }
        }", Error("`workgroupBarrier` must only be called")),
    ("non-uniform break if", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            var i = 0u;
            loop { workgroupBarrier(); continuing { i++; break if i > li; } }
        }", Error("`workgroupBarrier` must only be called")),
    ("loop counter stays uniform", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            var i = 0u;
            loop { if li == i { wg = i; } workgroupBarrier(); continuing { i++; break if i >= u.n; } }
        }", Clean),
    ("loop counter made non-uniform by a break", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            var i = 0u;
            loop { if i == li { break; } i++; }
            if i > 3u { workgroupBarrier(); }
        }", Error("`workgroupBarrier` must only be called")),
    ("variable assigned in a non-uniform branch", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            var x = 0u;
            if li == 5u { x = 1u; }
            if x == 1u { workgroupBarrier(); }
        }", Error("`workgroupBarrier` must only be called")),
    ("variable overwritten with a uniform value", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            var x = li;
            x = u.n;
            if x == 1u { workgroupBarrier(); }
        }", Clean),
    ("non-uniform array index", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            var a = array<u32, 4>(1u, 2u, 3u, 4u);
            if a[li % 4u] == 1u { workgroupBarrier(); }
        }", Error("`workgroupBarrier` must only be called")),
    ("pointer alias stores", COMPUTE_PRELUDE, "
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            var x = 0u;
            let p = &x;
            *p = li;
            if x == 1u { workgroupBarrier(); }
        }", Error("`workgroupBarrier` must only be called")),
    ("short-circuit right operand runs non-uniformly", COMPUTE_PRELUDE, "
        fn sync() -> bool { workgroupBarrier(); return true; }
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            let b = li == 0u && sync();
        }", Error("`workgroupBarrier` must only be called from uniform control flow")),
    ("short-circuit, reported at the call", COMPUTE_PRELUDE, "
        fn sync() -> bool { workgroupBarrier(); return true; }
        @compute @workgroup_size(64) fn main() {
            let b = priv_value == 0u || sync();
        }", Error("`sync` must only be called from uniform control flow")),

    // --- functions (§15.2.4 tags, per call site)
    ("call to a barrier function under a non-uniform branch", COMPUTE_PRELUDE, "
        fn sync() { workgroupBarrier(); }
        @compute @workgroup_size(64) fn main() {
            if priv_value == 1u { sync(); }
        }", Error("`sync` must only be called from uniform control flow")),
    ("call to a barrier function in uniform control flow", COMPUTE_PRELUDE, "
        fn sync() { workgroupBarrier(); }
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            if li == 0u { wg = 1u; }
            sync();
        }", Clean),
    ("parameter required to be uniform gets a uniform value", COMPUTE_PRELUDE, "
        fn sync_n(n: u32) { for (var i = 0u; i < n; i++) { workgroupBarrier(); } }
        @compute @workgroup_size(64) fn main() { sync_n(u.n); }", Clean),
    ("parameter required to be uniform gets a non-uniform value", COMPUTE_PRELUDE, "
        fn sync_n(n: u32) { for (var i = 0u; i < n; i++) { workgroupBarrier(); } }
        @compute @workgroup_size(64) fn main() { sync_n(atomicLoad(&counter)); }", Error("argument 1 of `sync_n` must be uniform")),
    ("entry parameter through a helper", COMPUTE_PRELUDE, "
        fn sync_n(n: u32) { for (var i = 0u; i < n; i++) { workgroupBarrier(); } }
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) { sync_n(li); }",
        Error("`workgroupBarrier` must only be called")),
    ("non-uniform return value", COMPUTE_PRELUDE, "
        fn count() -> u32 { return atomicLoad(&counter); }
        @compute @workgroup_size(64) fn main() { if count() > 1u { workgroupBarrier(); } }",
        Error("`workgroupBarrier` must only be called")),
    ("return value from uniform data", COMPUTE_PRELUDE, "
        fn limit() -> u32 { return u.n * 2u; }
        @compute @workgroup_size(64) fn main() { if limit() > 1u { workgroupBarrier(); } }", Clean),
    ("return value depends on the argument only", COMPUTE_PRELUDE, "
        fn twice(x: u32) -> u32 { return x * 2u; }
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            let a = twice(li);
            if twice(u.n) > 1u { workgroupBarrier(); }
        }", Clean),
    ("non-uniform return inside the callee reconverges at the call", COMPUTE_PRELUDE, "
        fn f(li: u32) { if li == 0u { return; } wg = li; }
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            f(li);
            workgroupBarrier();
        }", Clean),
    ("pointer parameter receives a non-uniform value", COMPUTE_PRELUDE, "
        fn store_to(p: ptr<function, u32>, v: u32) { *p = v; }
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            var x = 0u;
            store_to(&x, li);
            if x == 0u { workgroupBarrier(); }
        }", Error("`workgroupBarrier` must only be called")),
    ("pointer parameter receives a uniform value", COMPUTE_PRELUDE, "
        fn store_to(p: ptr<function, u32>, v: u32) { *p = v; }
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            var x = li;
            store_to(&x, u.n);
            if x == 0u { workgroupBarrier(); }
        }", Clean),
    ("pointee contents required to be uniform", COMPUTE_PRELUDE, "
        fn sync_if(p: ptr<function, u32>) { if *p != 0u { workgroupBarrier(); } }
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            var x = 0u;
            if li == 3u { x = 1u; }
            sync_if(&x);
        }", Error("`workgroupBarrier` must only be called")),

    // --- derivatives and implicit-LOD sampling, with diagnostic filters (§2.3)
    ("textureSample in non-uniform control flow", FRAGMENT_PRELUDE, "
        @fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
            if uv.x > 0.5 { return textureSample(t, s, uv); }
            return vec4<f32>(0.0);
        }", Error("`textureSample` must only be called")),
    ("textureSampleCompare after a non-uniform return", FRAGMENT_PRELUDE, "
        @fragment fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
            if pos.x > 10.0 { return vec4<f32>(0.0); }
            return vec4<f32>(textureSampleCompare(d, sc, pos.xy, 0.5));
        }", Error("`textureSampleCompare` must only be called")),
    ("fwidthFine under a front_facing branch", FRAGMENT_PRELUDE, "
        @fragment fn main(@builtin(front_facing) ff: bool, @location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
            var c = vec4<f32>(0.0);
            if ff { c.x = fwidthFine(uv.x); }
            return c;
        }", Error("`fwidthFine` must only be called")),
    ("explicit-LOD sampling and gathers need no uniformity", FRAGMENT_PRELUDE, "
        @fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
            var c = vec4<f32>(0.0);
            if uv.x > 0.5 {
                c = textureSampleLevel(t, s, uv, 0.0) + textureGather(0, t, s, uv)
                    + textureSampleGrad(t, s, uv, vec2<f32>(0.0), vec2<f32>(0.0))
                    + vec4<f32>(textureSampleCompareLevel(d, sc, uv, 0.5));
            }
            return c;
        }", Clean),
    ("uniform-buffer condition around textureSample", FRAGMENT_PRELUDE, "
        @fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
            if u.flag != 0u { return textureSampleBias(t, s, uv, 1.0); }
            return textureSample(t, s, uv);
        }", Clean),
    ("discard does not affect uniformity", FRAGMENT_PRELUDE, "
        @fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
            if uv.x > 0.5 { discard; }
            return textureSample(t, s, uv) + dpdx(uv.x);
        }", Clean),
    ("module directive off", FRAGMENT_PRELUDE, "
        diagnostic(off, derivative_uniformity);
        @fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
            if uv.x > 0.5 { return textureSample(t, s, uv); }
            return vec4<f32>(dpdy(uv.y));
        }", Clean),
    ("module directive warning", FRAGMENT_PRELUDE, "
        diagnostic(warning, derivative_uniformity);
        @fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
            if uv.x > 0.5 { return textureSample(t, s, uv); }
            return vec4<f32>(0.0);
        }", Warning("`textureSample` must only be called")),
    ("module directive info", FRAGMENT_PRELUDE, "
        diagnostic(info, derivative_uniformity);
        @fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
            if uv.x > 0.5 { return textureSample(t, s, uv); }
            return vec4<f32>(0.0);
        }", Clean),
    ("function attribute overrides the module directive", FRAGMENT_PRELUDE, "
        diagnostic(off, derivative_uniformity);
        @diagnostic(error, derivative_uniformity)
        @fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
            if uv.x > 0.5 { return textureSample(t, s, uv); }
            return vec4<f32>(0.0);
        }", Error("`textureSample` must only be called")),
    ("warning in a callee stays a warning at the call", FRAGMENT_PRELUDE, "
        @diagnostic(warning, derivative_uniformity)
        fn shade(uv: vec2<f32>) -> vec4<f32> { return textureSample(t, s, uv); }
        @fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
            if uv.x > 0.5 { return shade(uv); }
            return vec4<f32>(0.0);
        }", Warning("`textureSample` must only be called from uniform control flow")),
    ("warning in a callee stays a warning at the call site", FRAGMENT_PRELUDE, "
        var<private> lit: bool;
        @diagnostic(warning, derivative_uniformity)
        fn shade(uv: vec2<f32>) -> vec4<f32> { return textureSample(t, s, uv); }
        @fragment fn main() -> @location(0) vec4<f32> {
            if lit { return shade(vec2<f32>(0.5)); }
            return vec4<f32>(0.0);
        }", Warning("`shade` must only be called from uniform control flow")),
    ("off in a callee", FRAGMENT_PRELUDE, "
        @diagnostic(off, derivative_uniformity)
        fn shade(uv: vec2<f32>) -> vec4<f32> { return textureSample(t, s, uv); }
        @fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
            if uv.x > 0.5 { return shade(uv); }
            return vec4<f32>(0.0);
        }", Clean),
    ("barriers cannot be filtered", COMPUTE_PRELUDE, "
        diagnostic(off, derivative_uniformity);
        @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {
            if li == 0u { workgroupBarrier(); }
        }", Error("`workgroupBarrier` must only be called")),

    // --- subgroups: a warning by default (see uniformity.rs), an error when asked for
    ("subgroup op in non-uniform control flow", "enable subgroups;", "
        @compute @workgroup_size(64) fn main(@builtin(subgroup_invocation_id) id: u32) {
            if id == 0u { _ = subgroupAdd(1u); }
        }", Warning("`subgroupAdd` must only be called")),
    ("subgroup_uniformity as error", "enable subgroups; diagnostic(error, subgroup_uniformity);", "
        @compute @workgroup_size(64) fn main(@builtin(subgroup_invocation_id) id: u32) {
            if id == 0u { _ = subgroupBallot(true); }
        }", Error("`subgroupBallot` must only be called")),
    ("subgroup op in uniform control flow", "enable subgroups;", "
        @compute @workgroup_size(64) fn main(@builtin(subgroup_invocation_id) id: u32) {
            _ = subgroupAdd(id);
        }", Clean),
];

fn check(name: &str, source: &str, expect: &Expect) -> Result<(), String> {
    let result = translate(source, FileId(0));
    let (diags, compiled): (Diagnostics, bool) = match result {
        Ok((_, d)) => (d, true),
        Err(d) => (d, false),
    };
    let messages: Vec<String> = diags.iter().map(|d| format!("{:?}: {}", d.severity, d.message)).collect();
    let only = |severity: Severity, text: &str| {
        diags.len() == 1 && diags.iter().all(|d| d.severity == severity && d.message.contains(text))
    };
    let ok = match expect {
        Clean => compiled && diags.is_empty(),
        Warning(text) => compiled && only(Severity::Warning, text),
        Error(text) => !compiled && only(Severity::Error, text),
    };
    if ok {
        Ok(())
    } else {
        Err(format!("{name}: expected {expect:?}, compiled: {compiled}, got {messages:?}"))
    }
}

#[test]
fn uniformity_rules() {
    let failures: Vec<String> = CASES
        .iter()
        .filter_map(|(name, prelude, program, expect)| {
            // Directives must come first (WGSL §4).
            let (directives, rest): (Vec<&str>, Vec<&str>) =
                program.lines().partition(|l| l.trim_start().starts_with("diagnostic(") || l.trim_start().starts_with("enable "));
            let source = format!("{}\n{prelude}\n{}", directives.join("\n"), rest.join("\n"));
            check(name, &source, expect).err()
        })
        .collect();
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), CASES.len(), failures.join("\n"));
}

/// Every error points at the offending call and labels the non-uniform condition.
#[test]
fn error_labels_the_call_and_the_condition() {
    let source = "@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {\n    if li == 0u { workgroupBarrier(); }\n}\n";
    let Err(diags) = translate(source, FileId(0)) else { panic!("expected an error") };
    let d = diags.iter().next().expect("one diagnostic");
    let text = |span: shader_core::span::Span| &source[span.range()];
    assert_eq!(text(d.primary_span().unwrap()), "workgroupBarrier()");
    let secondary: Vec<&str> = d.labels.iter().filter(|l| !l.primary).map(|l| text(l.span)).collect();
    assert!(secondary.contains(&"li == 0u"), "labels: {secondary:?}");
}

/// Loops are iterated to a fixpoint: nested loops neither hang nor report an error twice.
#[test]
fn nested_loops_report_once() {
    let mut body = String::from("if li == 3u { return; } workgroupBarrier();");
    for depth in 0..8 {
        body = format!("var v{depth} = 0u; loop {{ {body} v{depth} += li; if v{depth} > 9u {{ break; }} }}");
    }
    let source = format!("@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) li: u32) {{ {body} }}");
    // On a thread with a deadline that only tells a hang from a slow run (no timing asserted).
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(translate(&source, FileId(0)).err());
    });
    let diags = rx
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("the uniformity analysis finishes (a fixpoint, not a hang)")
        .expect("expected an error");
    assert_eq!(diags.len(), 1, "{diags:?}");
}
