//! Source-line debug info in our SPIR-V (`OpString`, `OpSource`, `OpLine`; on by default,
//! `CompileOptions::strip_debug` leaves it out) and the CPU device's sanitizer naming the source
//! line of each finding from it.
//!
//! The lines are checked against the source text (the line a statement is on, found by
//! searching for it), against glslang's `-g` output for the same program, and by spirv-val and
//! naga on both the module with lines and the stripped one.

mod common;

use rspirv::dr::Operand;
use rspirv::spirv::Op;
use shader_core::{CompileOptions, Language, Target};

fn compile(name: &str, source: &str, options: &CompileOptions) -> Vec<u32> {
    shader_core::compile(name, source, options).unwrap_or_else(|e| panic!("{}", e.render())).spirv
}

fn glsl_options(target: Target) -> CompileOptions {
    CompileOptions { language: Language::Glsl, target, ..Default::default() }
}

fn wgsl_options(target: Target) -> CompileOptions {
    CompileOptions { language: Language::Wgsl, target, ..Default::default() }
}

/// The 1-based line of the only line of `source` containing `needle`, and the 1-based column
/// where it starts there.
fn find(source: &str, needle: &str) -> (u32, u32) {
    let hits: Vec<(u32, u32)> = source
        .lines()
        .enumerate()
        .filter_map(|(k, line)| line.find(needle).map(|at| (k as u32 + 1, line[..at].chars().count() as u32 + 1)))
        .collect();
    assert_eq!(hits.len(), 1, "`{needle}` must occur on exactly one line of the test program");
    hits[0]
}

/// The debug instructions of a module: `OpString` names by id, `OpSource` operands, and every
/// `OpLine` inside function bodies as (file id, line, column).
struct LineInfo {
    strings: Vec<(u32, String)>,
    source: Option<Vec<Operand>>,
    lines: Vec<(u32, u32, u32)>,
    /// `OpLine`s outside functions (glslang writes them; we do not).
    global_lines: Vec<(u32, u32, u32)>,
    no_lines: usize,
}

fn line_info(words: &[u32]) -> LineInfo {
    let module = shader_cpu::load_module(words).expect("rspirv reads the module");
    let mut info = LineInfo { strings: Vec::new(), source: None, lines: Vec::new(), global_lines: Vec::new(), no_lines: 0 };
    for inst in &module.debug_string_source {
        match (inst.class.opcode, inst.operands.first()) {
            (Op::String, Some(Operand::LiteralString(name))) => info.strings.push((inst.result_id.unwrap_or(0), name.clone())),
            (Op::Source, _) => info.source = Some(inst.operands.clone()),
            _ => {}
        }
    }
    let line = |inst: &rspirv::dr::Instruction| match (inst.class.opcode, &inst.operands[..]) {
        (Op::Line, [Operand::IdRef(file), Operand::LiteralBit32(line), Operand::LiteralBit32(column)]) => Some((*file, *line, *column)),
        _ => None,
    };
    for inst in module.functions.iter().flat_map(|f| &f.blocks).flat_map(|b| &b.instructions) {
        info.lines.extend(line(inst));
        info.no_lines += usize::from(inst.class.opcode == Op::NoLine);
    }
    info.global_lines = module.global_inst_iter().filter_map(line).collect();
    info
}

fn validate(words: &[u32], what: &str) {
    if let Err(e) = common::validate_spirv(words) {
        panic!("{what}: invalid SPIR-V:\n{e}");
    }
}

const GLSL: &str = "#version 450
layout(local_size_x = 4) in;
layout(std430, set = 0, binding = 0) buffer Data { uint v[]; } data;
uint twice(uint x) {
    return x * 2u;
}
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint s = 0u;
    for (uint k = 0u; k < i; k++) {
        s += twice(k);
    }
    if (s > 3u) {
        data.v[i] = s;
    } else {
        data.v[i] = 7u; s = 1u;
    }
}
";

const WGSL: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;
fn twice(x: u32) -> u32 {
    return x * 2u;
}
@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    var s = 0u;
    for (var k = 0u; k < i; k++) {
        s += twice(k);
    }
    if s > 3u {
        data[i] = s;
    } else {
        data[i] = 7u; s = 1u;
    }
}
";

/// The statements of the test programs, as text: each line's `OpLine` gives the column where
/// its statement starts, also when its first code is an expression (an initializer, an index:
/// the IR's `Emit` starts there). GLSL's parameter copy has an `OpLine` at the start of the
/// signature, WGSL's entry point inputs one at the function's first attribute.
const GLSL_STATEMENTS: &[&str] = &[
    "uint twice(",
    "return x * 2u;",
    "uint i = ",
    "uint s = 0u;",
    "for (",
    "s += twice(k);",
    "if (s > 3u)",
    "data.v[i] = s;",
    "data.v[i] = 7u;",
];
const WGSL_STATEMENTS: &[&str] = &[
    // The entry point's inputs, read at its start.
    "@compute",
    "return x * 2u;",
    "let i = ",
    "var s = 0u;",
    "for (",
    "s += twice(k);",
    "if s > 3u",
    "data[i] = s;",
    "data[i] = 7u;",
];

/// Every line with code gets an `OpLine` naming the file, the line and the column where the
/// statement starts, and no `OpLine` names another line: the lines are exactly those of the
/// code found in the source text, and every column points into that code. Both targets, GLSL and WGSL; the module passes
/// spirv-val and naga with the lines and stripped.
#[test]
fn lines_name_the_statements() {
    for (language, name, source, statements) in [
        (Language::Glsl, "lines.comp", GLSL, GLSL_STATEMENTS),
        (Language::Wgsl, "lines.wgsl", WGSL, WGSL_STATEMENTS),
    ] {
        for target in [Target::Wgpu, Target::Vulkan] {
            let what = format!("{name} ({target:?})");
            let options = CompileOptions { language, target, ..Default::default() };
            let words = compile(name, source, &options);
            validate(&words, &what);
            let info = line_info(&words);
            assert_eq!(info.strings.len(), 1, "{what}: one OpString: {:?}", info.strings);
            let (file, file_name) = info.strings[0].clone();
            assert_eq!(file_name, name, "{what}: the OpString names the file as diagnostics do");
            let (language_operand, version) = match language {
                Language::Glsl => (rspirv::spirv::SourceLanguage::GLSL, 450),
                _ => (rspirv::spirv::SourceLanguage::Unknown, 0),
            };
            assert_eq!(
                info.source,
                Some(vec![Operand::SourceLanguage(language_operand), Operand::LiteralBit32(version), Operand::IdRef(file)]),
                "{what}: OpSource"
            );
            let want: Vec<(u32, u32)> = statements.iter().map(|&s| find(source, s)).collect();
            let mut seen: Vec<(u32, u32)> = info.lines.iter().map(|&(f, line, column)| {
                assert_eq!(f, file, "{what}: OpLine names the file's OpString");
                (line, column)
            }).collect();
            seen.sort();
            seen.dedup();
            // A line's OpLine is repeated in each block its code is in; its column is that of the
            // first statement on the line (a `for`'s condition and step keep their own).
            let lines: std::collections::BTreeSet<u32> = seen.iter().map(|l| l.0).collect();
            let want_lines: std::collections::BTreeMap<u32, u32> = want.iter().copied().collect();
            assert_eq!(lines.iter().collect::<Vec<_>>(), want_lines.keys().collect::<Vec<_>>(), "{what}: the lines with OpLine");
            for (line, column) in &seen {
                let text = source.lines().nth(*line as usize - 1).unwrap_or_default();
                assert!(
                    *column >= want_lines[line] && !text.chars().nth(*column as usize - 1).is_none_or(char::is_whitespace),
                    "{what}: OpLine {line}:{column} points outside the code of `{text}`"
                );
            }
            for (line, column) in want {
                assert!(seen.contains(&(line, column)), "{what}: no OpLine at the statement {line}:{column}: {seen:?}");
                let others: Vec<u32> = seen.iter().filter(|l| l.0 == line && l.1 != column).map(|l| l.1).collect();
                let text = source.lines().nth(line as usize - 1).unwrap_or_default();
                assert!(others.iter().all(|_| text.trim_start().starts_with("for (")), "{what}: line {line} has OpLines at columns {others:?} besides the statement's");
            }

            let stripped = compile(name, source, &CompileOptions { strip_debug: true, ..options.clone() });
            validate(&stripped, &format!("{what}, stripped"));
            let info = line_info(&stripped);
            assert!(info.strings.is_empty() && info.source.is_none() && info.lines.is_empty() && info.no_lines == 0, "{what}: stripped");
            assert_eq!(without_line_info(&words), stripped, "{what}: the module with lines is the stripped one plus line info");
        }
    }
}

/// `words` with the line info removed, reassembled.
fn without_line_info(words: &[u32]) -> Vec<u32> {
    use rspirv::binary::Assemble;
    let mut module = shader_cpu::load_module(words).expect("rspirv reads the module");
    common::expect::strip_line_info(&mut module);
    module.assemble()
}

/// glslang `-g` names the same lines: every line we give an `OpLine` has one in glslang's module
/// of the same program (glslang puts the signature's before `OpFunction`).
#[test]
fn lines_agree_with_glslang_g() {
    if common::skip_without_glslang() {
        return;
    }
    let theirs = common::compile_glslang_with(GLSL, "comp", &["-g"]).expect("glslang compiles the program");
    let ours = compile("lines.comp", GLSL, &glsl_options(Target::Vulkan));
    let (theirs, ours) = (line_info(&theirs), line_info(&ours));
    assert!(theirs.source.is_some_and(|s| s[..2] == [Operand::SourceLanguage(rspirv::spirv::SourceLanguage::GLSL), Operand::LiteralBit32(450)]));
    let their_lines: std::collections::BTreeSet<u32> = theirs.lines.iter().chain(&theirs.global_lines).map(|l| l.1).collect();
    let our_lines: std::collections::BTreeSet<u32> = ours.lines.iter().map(|l| l.1).collect();
    assert!(our_lines.is_subset(&their_lines), "ours {our_lines:?}, glslang's {their_lines:?}");
}

/// Every `ok` program of the suites compiles with `strip_debug` to exactly its module with the
/// line info removed, and both forms pass spirv-val and naga (the suites validate the form with
/// lines and snapshot the stripped one).
#[test]
fn suite_programs_with_and_without_lines() {
    let root = common::workspace_root().join("tests");
    let mut checked = 0;
    for (folder, extensions) in [("wgsl/ok", &["wgsl"][..]), ("glsl/ok", &["vert", "frag", "comp"][..]), ("agsl/ok", &["agsl"][..])] {
        for path in common::expect::files(&root.join(folder), extensions) {
            let source = std::fs::read_to_string(&path).expect("readable");
            let name = common::expect::file_name(&path);
            let directives = common::glsl_directives(&source);
            // As the suites compile them: WGSL and AGSL for wgpu, GLSL for both targets.
            let targets = if folder == "glsl/ok" { &[Target::Wgpu, Target::Vulkan][..] } else { &[Target::Wgpu] };
            for &target in targets {
                let include_dirs = vec![std::path::PathBuf::from("tests/glsl/include")];
                let options = CompileOptions { language: Language::from_path(&name), target, include_dirs, ..Default::default() };
                let Ok(with_lines) = shader_core::compile(&name, &source, &options) else { continue };
                let stripped = compile(&name, &source, &CompileOptions { strip_debug: true, ..options });
                assert_eq!(without_line_info(&with_lines.spirv), stripped, "{folder}/{name} ({target:?})");
                for (words, form) in [(&with_lines.spirv, "with lines"), (&stripped, "stripped")] {
                    let valid = match folder {
                        "glsl/ok" => common::validate_spirv_glsl_with(words, target == Target::Wgpu, &directives),
                        _ => common::validate_spirv(words),
                    };
                    if let Err(e) = valid {
                        panic!("{folder}/{name} ({target:?}, {form}): {e}");
                    }
                }
                checked += 1;
            }
        }
    }
    eprintln!("debug_info: {checked} modules checked with and without lines");
    assert!(checked > 300, "{checked} modules");
}

/// A program with one sanitizer finding of each kind, each on its own line.
const FINDINGS: &str = "#version 450
layout(local_size_x = 8) in;
layout(std430, set = 0, binding = 0) buffer Out { uint r[]; } outp;
shared uint tile[8];
shared uint unwritten[8];
void main() {
    uint i = gl_LocalInvocationID.x;
    uint k[4] = uint[4](1u, 2u, 3u, 4u);
    outp.r[i + 60u] = i;
    outp.r[i] = k[i % 5u];
    tile[i] = i;
    outp.r[8u + i] = tile[(i + 1u) % 8u];
    outp.r[16u + i] = unwritten[i];
    outp.r[24u + i] = 100u / (i & 1u);
    if (i < 2u) {
        barrier();
    }
}
";

/// Which statement of [`FINDINGS`] makes each kind of finding.
fn findings_statement(kind: &shader_cpu::FindingKind) -> &'static str {
    use shader_cpu::FindingKind as K;
    match kind {
        K::BufferOutOfBounds { .. } => "outp.r[i + 60u] = i;",
        K::IndexOutOfBounds { .. } => "outp.r[i] = k[i % 5u];",
        K::WorkgroupRace { .. } => "outp.r[8u + i] = tile[",
        K::UnwrittenWorkgroupRead { .. } => "outp.r[16u + i] = unwritten[i];",
        K::DivergentBarrier { .. } => "barrier();",
        K::DivisionByZero { .. } => "outp.r[24u + i] = 100u / (i & 1u);",
        other => panic!("unexpected finding {other:?}"),
    }
}

/// Each sanitizer finding names the file, line and column of the offending statement, found by
/// searching the source: in our module (Vulkan target, unchecked indices so the accesses reach
/// the device; our integer division guards its divisor, so the division by zero is glslang's
/// only) and in glslang's `-g` module (its `OpLine` column is 0; only the line is compared
/// there).
#[test]
fn findings_name_the_source_line() {
    let options = CompileOptions { bounds_checks: shader_core::BoundsChecks::Unchecked, ..glsl_options(Target::Vulkan) };
    let mut modules = vec![("ours", compile("findings.comp", FINDINGS, &options))];
    if !common::skip_without_glslang() {
        modules.push(("glslang -g", common::compile_glslang_with(FINDINGS, "comp", &["-g"]).expect("glslang compiles the program")));
    }
    for (compiler, words) in modules {
        common::spirv_val(&words, "vulkan1.1").unwrap_or_else(|e| panic!("{compiler}: {e}"));
        let program = shader_cpu::Program::new(&words, "main", &[]).expect("decodes");
        let out = shader_cpu::Buffer::zeroed(64 * 4);
        let options = shader_cpu::Options { sanitize: true, threads: Some(1) };
        let report = program.dispatch(&[shader_cpu::Binding::buffer(0, 0, &out)], &[], [1, 1, 1], &options).expect("runs");
        let mut kinds = std::collections::HashSet::new();
        for finding in &report.findings {
            let (line, column) = find(FINDINGS, findings_statement(&finding.kind));
            let location = finding.location.as_ref().unwrap_or_else(|| panic!("{compiler}: no location: {finding}"));
            assert_eq!(location.line, line, "{compiler}: {finding}");
            if compiler == "ours" {
                // The column of the statement (also where its first code is an index).
                assert!(location.file == "findings.comp" && location.column == column, "{compiler}: {finding}");
                assert!(finding.to_string().starts_with(&format!("findings.comp:{line}:{}: ", location.column)), "{finding}");
            } else {
                assert!(location.file.ends_with(".comp"), "{compiler}: {finding}");
            }
            kinds.insert(std::mem::discriminant(&finding.kind));
        }
        let divisions = report.findings.iter().filter(|f| matches!(f.kind, shader_cpu::FindingKind::DivisionByZero { remainder: false })).count();
        assert_eq!(divisions, if compiler == "ours" { 0 } else { 4 }, "{compiler}: the even invocations divide by zero");
        assert_eq!(kinds.len(), if compiler == "ours" { 5 } else { 6 }, "{compiler}: every kind of finding: {:#?}", report.findings);
    }
}

/// The same for WGSL (out-of-bounds and a race; WGSL zeroes workgroup memory and its uniformity
/// rules refuse a barrier in non-uniform control flow), and without line info there is no
/// location.
#[test]
fn wgsl_findings_name_the_source_line() {
    let source = "@group(0) @binding(0) var<storage, read_write> out: array<u32>;
var<workgroup> tile: array<u32, 8>;
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
    tile[i] = i;
    out[i + 60u] = i;
    out[i] = tile[(i + 1u) % 8u];
}
";
    for strip_debug in [false, true] {
        let options = CompileOptions { bounds_checks: shader_core::BoundsChecks::Unchecked, strip_debug, ..wgsl_options(Target::Vulkan) };
        let words = compile("findings.wgsl", source, &options);
        validate(&words, "findings.wgsl");
        let program = shader_cpu::Program::new(&words, "main", &[]).expect("decodes");
        let out = shader_cpu::Buffer::zeroed(64 * 4);
        let options = shader_cpu::Options { sanitize: true, threads: Some(1) };
        let report = program.dispatch(&[shader_cpu::Binding::buffer(0, 0, &out)], &[], [1, 1, 1], &options).expect("runs");
        assert!(!report.findings.is_empty());
        for finding in &report.findings {
            let statement = match finding.kind {
                shader_cpu::FindingKind::BufferOutOfBounds { .. } => "out[i + 60u] = i;",
                shader_cpu::FindingKind::WorkgroupRace { .. } => "out[i] = tile[",
                _ => panic!("unexpected finding {finding}"),
            };
            let (line, column) = find(source, statement);
            match &finding.location {
                Some(location) if !strip_debug => {
                    assert!(location.file == "findings.wgsl" && location.line == line && location.column == column, "{finding}");
                }
                location => assert!(strip_debug && location.is_none(), "{finding}"),
            }
        }
    }
}

/// A checkout of a crate with shaders in `dir`: a GLSL shader including a file, a WGSL shader
/// importing a module, and a shader library `noise` outside the crate (as a library from another
/// crate is).
fn checkout(dir: &std::path::Path) {
    let _ = std::fs::remove_dir_all(dir);
    let files = [
        ("crate/shaders/main.comp", "#version 450\n#extension GL_GOOGLE_include_directive : require\nlayout(local_size_x = 1) in;\n#include \"common.glsl\"\n#include <noise/hash.glsl>\nlayout(std430, binding = 0) buffer B { uint v[]; } b;\nvoid main() {\n    b.v[0] = twice(hash(3u));\n}\n"),
        ("crate/shaders/common.glsl", "uint twice(uint x) {\n    return x * 2u;\n}\n"),
        ("library/noise/hash.glsl", "uint hash(uint x) {\n    return x ^ 61u;\n}\n"),
        ("crate/shaders/main.wgsl", "import package::util::twice;\n@group(0) @binding(0) var<storage, read_write> v: array<u32>;\n@compute @workgroup_size(1)\nfn main() {\n    v[0] = twice(3u);\n}\n"),
        ("crate/shaders/util.wgsl", "fn twice(x: u32) -> u32 {\n    return x * 2u;\n}\n"),
    ];
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("creates the folder");
        std::fs::write(path, text).expect("writes the file");
    }
}

/// With `source_root` (what `shader!` passes: the crate's folder) the same shaders compiled in
/// two checkouts give the same bytes: `OpString` names each file relative to the root, and a
/// shader library's file as `package/path`. Without it, files are named as read (the CLI), and
/// the bytes differ between the checkouts.
#[test]
fn names_relative_to_the_source_root_are_reproducible() {
    let base = std::env::temp_dir().join(format!("shader-e2e-debug-names-{}", std::process::id()));
    let roots = [base.join("a"), base.join("checkout-b")];
    let mut modules: Vec<Vec<Vec<u32>>> = Vec::new();
    for (root, with_root) in roots.iter().flat_map(|r| [(r, true), (r, false)]) {
        checkout(root);
        let krate = root.join("crate");
        let options = |language| CompileOptions {
            language,
            include_dirs: vec![krate.join("shaders")],
            packages: vec![("noise".to_string(), root.join("library/noise"))],
            module_root: Some(krate.join("shaders")),
            source_root: with_root.then(|| krate.clone()),
            ..Default::default()
        };
        let mut words = Vec::new();
        for (file, language, expected) in [
            ("main.comp", Language::Glsl, &["shaders/main.comp", "shaders/common.glsl", "noise/hash.glsl"][..]),
            ("main.wgsl", Language::Wgsl, &["shaders/main.wgsl", "shaders/util.wgsl"][..]),
        ] {
            let path = krate.join("shaders").join(file);
            let text = std::fs::read_to_string(&path).expect("reads the shader");
            let module = compile(&path.display().to_string(), &text, &options(language));
            validate(&module, file);
            let mut names: Vec<String> = line_info(&module).strings.into_iter().map(|(_, name)| name).collect();
            names.sort();
            let mut expected: Vec<String> = match with_root {
                true => expected.iter().map(|s| s.to_string()).collect(),
                false => expected.iter().map(|s| s.replace("shaders/", &format!("{}/shaders/", krate.display()))).collect(),
            };
            if !with_root {
                expected.iter_mut().filter(|s| s.starts_with("noise/")).for_each(|s| *s = root.join("library").join(&*s).display().to_string());
            }
            expected.sort();
            assert_eq!(names, expected, "{file} in {} (source_root: {with_root})", root.display());
            words.push(module);
        }
        modules.push(words);
    }
    assert_eq!(modules[0], modules[2], "the same bytes in both checkouts with a source root");
    for (k, (a, b)) in modules[1].iter().zip(&modules[3]).enumerate() {
        assert_ne!(a, b, "shader {k}: the full paths differ without one");
    }
    let _ = std::fs::remove_dir_all(&base);
}

/// A GLSL program renumbering its lines with `#line` (plain, with a file name, with a
/// source-string number) in the main file and in an included one.
const RENUMBERED: &str = "#version 450
#extension GL_GOOGLE_include_directive : require
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer B { uint v[]; } b;
#include \"inc.glsl\"
void main() {
    uint i = gl_GlobalInvocationID.x;
#line 100
    b.v[i] = f(i);
#line 200 \"other.glsl\"
    b.v[i] += 2u;
    b.v[i] *= 3u;
#line 300
    b.v[i] += 5u;
#line 400 7
    b.v[i] += 6u;
}
";
const RENUMBERED_INCLUDE: &str = "uint f(uint x) {\n    x += 1u;\n#line 50 \"named.glsl\"\n    return x + 1u;\n}\n";

/// The `OpLine`s of a module as (file name without folders, line) (glslang puts a function's
/// signature line before `OpFunction`).
fn named_lines(words: &[u32]) -> std::collections::BTreeSet<(String, u32)> {
    let info = line_info(words);
    let name = |id: u32| {
        let (_, name) = info.strings.iter().find(|(s, _)| *s == id).expect("an `OpLine` names an `OpString`");
        std::path::Path::new(name).file_name().expect("a file name").to_string_lossy().into_owned()
    };
    info.lines.iter().chain(&info.global_lines).map(|&(file, line, _)| (name(file), line)).collect()
}

/// `#line` renumbers the line info as glslang -g does: each `OpLine` after one carries the line
/// it gives and the file name of a `#line N "name"` (which holds for a later `#line N`; a
/// source-string number goes back to the file's own name), in the main file and an included
/// one. Checked against glslang -g's `OpLine`s of the same files, and the lines expected from
/// the text. Diagnostics after a `#line` name the same line and file as glslang's errors.
#[test]
fn line_directives_renumber_the_lines() {
    if common::skip_without_glslang() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("shader-e2e-line-directives-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("creates the folder");
    std::fs::write(dir.join("main.comp"), RENUMBERED).expect("writes");
    std::fs::write(dir.join("inc.glsl"), RENUMBERED_INCLUDE).expect("writes");
    let glslang = |file: &str| {
        std::process::Command::new("glslangValidator").args(["-V", "-g", file, "-o", "out.spv"]).current_dir(&dir).output().expect("runs glslang")
    };
    assert!(glslang("main.comp").status.success());
    let bytes = std::fs::read(dir.join("out.spv")).expect("glslang wrote the module");
    let theirs: Vec<u32> = bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let main = dir.join("main.comp");
    let ours = compile(&main.display().to_string(), RENUMBERED, &glsl_options(Target::Vulkan));
    validate(&ours, "main.comp");
    let (ours, theirs) = (named_lines(&ours), named_lines(&theirs));
    let expected = [("main.comp", 100), ("other.glsl", 200), ("other.glsl", 201), ("other.glsl", 300), ("main.comp", 400), ("named.glsl", 50)];
    for (file, line) in expected {
        let line = (file.to_string(), line);
        assert!(ours.contains(&line) && theirs.contains(&line), "{line:?}: ours {ours:?}, glslang's {theirs:?}");
    }
    assert!(ours.is_subset(&theirs), "ours {ours:?}, glslang's {theirs:?}");
    // A diagnostic on the line after `#line 200 "other.glsl"` + 1.
    let bad = RENUMBERED.replace("b.v[i] *= 3u;", "b.v[i] *= undefined_name;");
    std::fs::write(dir.join("bad.comp"), &bad).expect("writes");
    let their_error = String::from_utf8_lossy(&glslang("bad.comp").stdout).into_owned();
    assert!(their_error.contains("ERROR: other.glsl:201:"), "{their_error}");
    let options = glsl_options(Target::Vulkan);
    let error = shader_core::compile(&dir.join("bad.comp").display().to_string(), &bad, &options).expect_err("an unknown name").render();
    assert!(error.contains("this is line 201 of `other.glsl` as renumbered by `#line`"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Races between workgroups found when the worker threads' records are joined name the source
/// position too (the access's, recorded with it), as those a thread finds among its own
/// workgroups do. 32 workgroups of 4 on two threads, each working a while first: workgroup w
/// writes its own words and reads workgroup w + 1's, so neighbours run by
/// different threads race at the join. Each finding names the line and column of the write or
/// the read.
#[test]
fn races_between_workgroups_name_the_source_line() {
    let source = "#version 450
layout(local_size_x = 4) in;
layout(std430, set = 0, binding = 0) buffer Data { uint v[]; } data;
void main() {
    uint g = gl_GlobalInvocationID.x;
    uint s = 0u;
    for (uint k = 0u; k < 500u; k++) { s += k ^ g; }
    data.v[g] = s;
    data.v[1024u + g] = data.v[(g + 4u) % 128u];
}
";
    let words = compile("between.comp", source, &glsl_options(Target::Vulkan));
    validate(&words, "between.comp");
    let program = shader_cpu::Program::new(&words, "main", &[]).expect("decodes");
    let write = find(source, "data.v[g] = s;");
    let read = find(source, "data.v[1024u + g] = ");
    for threads in [1, 2] {
        let data = shader_cpu::Buffer::zeroed(2048 * 4);
        let options = shader_cpu::Options { sanitize: true, threads: Some(threads) };
        let report = program.dispatch(&[shader_cpu::Binding::buffer(0, 0, &data)], &[], [32, 1, 1], &options).expect("runs");
        assert_eq!(report.findings.len(), 128, "{threads} threads: every word races once: {:?}", report.findings);
        for finding in &report.findings {
            assert!(matches!(finding.kind, shader_cpu::FindingKind::BufferRaceBetweenWorkgroups { .. }), "{finding}");
            let location = finding.location.as_ref().unwrap_or_else(|| panic!("{threads} threads: no location: {finding}"));
            let at = (location.line, location.column);
            assert!(location.file == "between.comp" && (at == write || at == read), "{threads} threads: {finding}");
        }
    }
}
