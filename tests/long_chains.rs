//! Issue 14: long flat operator chains (`x + 1u + 1u + ...`) are not nesting. 5,000 and 200,000
//! terms compile in WGSL and GLSL through every pass (parser, lowering, constant folding,
//! uniformity, validation, SPIR-V emission, dropping the syntax tree), while true nesting
//! (parentheses, postfixes) still stops at a located "nesting is too deep" error before any
//! pass could overflow its stack. The sources are generated here, not committed.
//!
//! Test threads have 2 MiB stacks (the main thread of the CLI has 8 MiB, see
//! `shader-cli/tests/cli_chains.rs`), so passing here is the stricter check.

mod common;

use common::{bytes_u32, run_compute_both, u32s, validate_spirv, BufferBinding};

/// `o[1] + 1u + ... + 1u` (`n` terms), `o[2] * ... * o[2]` (`n` factors), and with `logic`,
/// `(o[3] > 0u) && c && ... && c` (`n` operands), in WGSL.
fn wgsl_chains(n: usize, logic: bool) -> String {
    let sum = std::iter::once("o[1]").chain(std::iter::repeat_n("1u", n - 1)).collect::<Vec<_>>().join(" + ");
    let product = vec!["o[2]"; n].join(" * ");
    let konst = std::iter::once("0u").chain(std::iter::repeat_n("1u", n - 1)).collect::<Vec<_>>().join(" + ");
    let and = if logic {
        let and = std::iter::once("(o[3] > 0u)").chain(std::iter::repeat_n("c", n - 1)).collect::<Vec<_>>().join(" && ");
        format!("if {and} {{ o[6] = 1u; }}")
    } else {
        String::new()
    };
    format!(
        "@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n\
         const K = {konst};\n\
         @compute @workgroup_size(1) fn main() {{\n  let c = o[4] != 0u;\n  o[0] = {sum};\n  o[5] = {product};\n  o[7] = K + {konst};\n  {and}\n}}\n"
    )
}

/// The same chains in GLSL.
fn glsl_chains(n: usize, logic: bool) -> String {
    let sum = std::iter::once("o[1]").chain(std::iter::repeat_n("1u", n - 1)).collect::<Vec<_>>().join(" + ");
    let product = vec!["o[2]"; n].join(" * ");
    let konst = std::iter::once("0u").chain(std::iter::repeat_n("1u", n - 1)).collect::<Vec<_>>().join(" + ");
    let and = if logic {
        let and = std::iter::once("(o[3] > 0u)").chain(std::iter::repeat_n("c", n - 1)).collect::<Vec<_>>().join(" && ");
        format!("if ({and}) {{ o[6] = 1u; }}")
    } else {
        String::new()
    };
    format!(
        "#version 450\nlayout(local_size_x = 1) in;\nlayout(std430, binding = 0) buffer B {{ uint o[]; }};\n\
         const uint K = {konst};\n\
         void main() {{\n  bool c = o[4] != 0u;\n  o[0] = {sum};\n  o[5] = {product};\n  o[7] = K + {konst};\n  {and}\n}}\n"
    )
}

fn options(name: &str) -> shader_core::CompileOptions {
    let language = if name.ends_with(".wgsl") { shader_core::Language::Wgsl } else { shader_core::Language::Glsl };
    shader_core::CompileOptions { language, ..Default::default() }
}

fn compile(name: &str, source: &str) -> Vec<u32> {
    let options = options(name);
    let compiled = shader_core::compile(name, source, &options).unwrap_or_else(|e| panic!("{name}: {}", e.render()));
    validate_spirv(&compiled.spirv).unwrap_or_else(|e| panic!("{name}: {e}"));
    compiled.spirv
}

/// The values the chains must compute, from the inputs `[_, a, b, 1, 1, ...]` (CPU, wrapping
/// u32 arithmetic as both languages define it).
fn expected(n: usize, a: u32, b: u32) -> (u32, u32, u32) {
    let sum = a.wrapping_add(n as u32 - 1);
    let product = (0..n).fold(1u32, |p, _| p.wrapping_mul(b));
    (sum, product, 2 * (n as u32 - 1))
}

fn check_on_device(name: &str, words: &[u32], n: usize) {
    let (a, b) = (7u32, 3u32);
    let input = bytes_u32(&[0, a, b, 1, 1, 0, 0, 0]);
    let (default, passthrough) = match run_compute_both(words, "main", &[BufferBinding::storage(0, input)], [1, 1, 1]) {
        Ok(r) => r,
        Err(e) if e.contains("no GPU adapter") => {
            assert!(!common::ci() || common::cpu_only_run(), "no GPU adapter but CI=true");
            eprintln!("*** SKIPPED ({name} on the device): no GPU adapter ***");
            return;
        }
        Err(e) => panic!("{name}: {e}"),
    };
    let (sum, product, konst) = expected(n, a, b);
    for out in std::iter::once(default).chain(passthrough) {
        let o = u32s(&out[0]);
        assert_eq!((o[0], o[5], o[7], o[6]), (sum, product, konst, 1), "{name}");
    }
}

#[test]
fn wgsl_chains_of_5000_terms_compile_and_compute() {
    let words = compile("chains5000.wgsl", &wgsl_chains(5000, true));
    check_on_device("chains5000.wgsl", &words, 5000);
}

#[test]
fn glsl_chains_of_5000_terms_compile_and_compute() {
    let words = compile("chains5000.comp", &glsl_chains(5000, true));
    check_on_device("chains5000.comp", &words, 5000);
}

// The 200,000-term `&&` chain is left out: it compiles (see BENCHMARKS.md), but its 200,000
// short-circuit branches take spirv-val minutes.
#[test]
fn wgsl_chains_of_200000_terms_compile() {
    compile("chains200000.wgsl", &wgsl_chains(200_000, false));
}

#[test]
fn glsl_chains_of_200000_terms_compile() {
    compile("chains200000.comp", &glsl_chains(200_000, false));
}

/// The rendered error of a source that must be rejected: it names the file and line, and says
/// "nesting is too deep".
fn assert_too_deep(name: &str, source: &str) {
    let options = options(name);
    let error = match shader_core::compile(name, source, &options) {
        Ok(_) => panic!("{name}: accepted"),
        Err(e) => e.render(),
    };
    assert!(error.contains("nesting is too deep"), "{name}: {error}");
    assert!(error.contains(&format!("{name}:")), "{name}: no location in\n{error}");
}

#[test]
fn true_nesting_is_a_located_error() {
    let n = 100_000;
    let parens = format!("{}1u{}", "(".repeat(n), ")".repeat(n));
    let swizzles = format!("v{}", ".xyzw".repeat(n));
    assert_too_deep(
        "parens.wgsl",
        &format!("@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(1) fn main() {{ o[0] = {parens}; }}\n"),
    );
    assert_too_deep(
        "swizzles.wgsl",
        &format!("@group(0) @binding(0) var<storage, read_write> o: array<vec4u>;\n@compute @workgroup_size(1) fn main() {{ let v = o[0]; o[1] = {swizzles}; }}\n"),
    );
    let glsl = |body: &str| format!("#version 450\nlayout(local_size_x = 1) in;\nlayout(std430, binding = 0) buffer B {{ uvec4 o[]; }};\nvoid main() {{ uvec4 v = o[0]; {body} }}\n");
    assert_too_deep("parens.comp", &glsl(&format!("o[1].x = {parens};")));
    assert_too_deep("swizzles.comp", &glsl(&format!("o[1] = {swizzles};")));
    let calls = format!("{}1.0{}", "abs(".repeat(n), ")".repeat(n));
    assert_too_deep("calls.comp", &glsl(&format!("o[1].x = uint({calls});")));
}

/// `o[1] + (level k-1) + 1u + ... + 1u` (14 links a level, just under the cut), `levels` deep:
/// chains inside true nesting, the case where counting links alone would let the IR grow as
/// deep as links times levels.
fn nested_chains(levels: usize) -> String {
    let mut e = "o[1]".to_string();
    for _ in 0..levels {
        e = format!("o[1] + ({e}){}", " + 1u".repeat(13));
    }
    e
}

#[test]
fn chains_inside_nesting_stay_shallow() {
    let wgsl = format!(
        "@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(1) fn main() {{ o[0] = {}; }}\n",
        nested_chains(120)
    );
    compile("nested.wgsl", &wgsl);
    let glsl = format!(
        "#version 450\nlayout(local_size_x = 1) in;\nlayout(std430, binding = 0) buffer B {{ uint o[]; }};\nvoid main() {{ o[0] = {}; }}\n",
        nested_chains(90)
    );
    compile("nested.comp", &glsl);
}

#[test]
fn chains_in_a_short_circuit_operand() {
    let sum = std::iter::once("o[1]").chain(std::iter::repeat_n("1u", 4999)).collect::<Vec<_>>().join(" + ");
    // GLSL lowers a `&&` operand that needs statements to an `if`, so the chain is cut there.
    let glsl = format!(
        "#version 450\nlayout(local_size_x = 1) in;\nlayout(std430, binding = 0) buffer B {{ uint o[]; }};\nvoid main() {{ if (o[2] > 0u && ({sum}) > 3u) {{ o[0] = 1u; }} }}\n"
    );
    compile("and.comp", &glsl);
}

/// WGSL gives a `&&`/`||` right operand that needs statements (the `let`s of a cut chain) a
/// block of its own under an `if` (as GLSL does), so a long chain there compiles, and it still
/// runs only when the left operand does not decide (WGSL §8.7): `bump()` writes `o[3]`.
#[test]
fn chains_in_a_wgsl_short_circuit_operand() {
    let sum = |first: &str| std::iter::once(first).chain(std::iter::repeat_n("1u", 4999)).collect::<Vec<_>>().join(" + ");
    let wgsl = format!(
        "@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n\
         fn bump() -> u32 {{ o[3] += 1u; return 0u; }}\n\
         @compute @workgroup_size(1) fn main() {{\n\
           if o[2] > 0u && ({}) > 3u {{ o[0] = 1u; }}\n\
           if o[2] == 0u && ({}) > 3u {{ o[0] = 2u; }}\n\
           if o[2] > 0u || ({}) > 3u {{ o[5] = 1u; }}\n\
           if o[2] == 0u || ({}) > 3u {{ o[6] = 1u; }}\n\
         }}\n",
        sum("o[1]"),
        sum("bump()"),
        sum("bump()"),
        sum("bump()")
    );
    let words = compile("and.wgsl", &wgsl);
    let input = bytes_u32(&[0, 7, 3, 0, 0, 0, 0, 0]);
    let (default, passthrough) = match run_compute_both(&words, "main", &[BufferBinding::storage(0, input)], [1, 1, 1]) {
        Ok(r) => r,
        Err(e) if e.contains("no GPU adapter") => {
            assert!(!common::ci() || common::cpu_only_run(), "no GPU adapter but CI=true");
            eprintln!("*** SKIPPED (and.wgsl on the device): no GPU adapter ***");
            return;
        }
        Err(e) => panic!("and.wgsl: {e}"),
    };
    for out in std::iter::once(default).chain(passthrough) {
        let o = u32s(&out[0]);
        // Only the last `||` evaluates its right operand (`bump()` once; 0 + 4999 > 3).
        assert_eq!((o[0], o[3], o[5], o[6]), (1, 1, 1, 1), "{o:?}");
    }
}

/// GLSL `const` chains computed from a specialization constant: `C{i} = C{i-1} + 1u` (300
/// links) and `D{i} = D{i-1} + D{i-1}` (20 links, each using the one before twice). Both
/// targets compile them in well under a second (each link used to be walked once per path to
/// it, 2^n times: 13 s at 12 doubling links, past a minute at 20, so this fails then); the wgpu
/// target computes the short chain's uses where they are and keeps the long ones in
/// variables, and its module gives the values at the defaults on the device.
#[test]
fn glsl_const_chains_from_a_specialization_constant() {
    let mut src = String::from("#version 450\nlayout(local_size_x = 1) in;\nlayout(constant_id = 0) const uint C0 = 4u;\n\
                                layout(constant_id = 1) const uint D0 = 3u;\n");
    for i in 1..=300 {
        src += &format!("const uint C{i} = C{} + 1u;\n", i - 1);
    }
    for i in 1..=20 {
        src += &format!("const uint D{i} = D{} + D{};\n", i - 1, i - 1);
    }
    src += "layout(std430, binding = 0) buffer Out { uint o[]; };\n\
            void main() { o[0] = C300; o[1] = D20; o[2] = D16; o[3] = C3 + D3; }\n";
    for target in [shader_core::Target::Vulkan, shader_core::Target::Wgpu] {
        let options = shader_core::CompileOptions { target, ..options("chains.comp") };
        let start = std::time::Instant::now();
        let compiled = shader_core::compile("chains.comp", &src, &options).unwrap_or_else(|e| panic!("{}", e.render()));
        assert!(start.elapsed() < std::time::Duration::from_secs(10), "{target:?}: {:?}", start.elapsed());
        let checked = if target == shader_core::Target::Wgpu { validate_spirv(&compiled.spirv) } else { common::spirv_val(&compiled.spirv, "vulkan1.1") };
        checked.unwrap_or_else(|e| panic!("{target:?}: {e}"));
    }
    let words = compile("chains.comp", &src);
    let input = bytes_u32(&[0; 4]);
    let out = match common::run_compute(common::ShaderInput::SpirV(&words), "main", &[BufferBinding::storage(0, input)], [1, 1, 1]) {
        Ok(out) => out,
        Err(e) if e.contains("no GPU adapter") => {
            assert!(!common::ci() || common::cpu_only_run(), "no GPU adapter but CI=true");
            eprintln!("*** SKIPPED (chains.comp on the device): no GPU adapter ***");
            return;
        }
        Err(e) => panic!("chains.comp: {e}"),
    };
    assert_eq!(u32s(&out[0]), [304, 3 << 20, 3 << 16, 7 + 24]);
}
