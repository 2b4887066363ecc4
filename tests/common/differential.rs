//! Differential verdicts for the mutation tests (`wgsl_mutants`, `glsl_mutants`): every mutant
//! is compiled by us and by the reference compiler (naga for WGSL, `glslangValidator -V` for
//! GLSL), and where the two verdicts differ the disagreement must be matched by an entry of
//! [`INTENDED`], the short list of intended differences (each with its rule and spec section);
//! any other disagreement fails the test, to be fixed in the front end.
//!
//! Disagreements are grouped into classes by the rejecting compiler's first error message with
//! names and numbers blanked out, so a report lists a few dozen classes, not thousands of files.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

/// How many times the default mutant counts to run: `SHADER_MUTANTS=10` runs ten times as many
/// (the long run the README's development section describes). Unset or unparsable: 1.
pub fn scale() -> usize {
    std::env::var("SHADER_MUTANTS").ok().and_then(|v| v.parse().ok()).filter(|&n| n >= 1).unwrap_or(1)
}

/// The mutation seed: `default`, or mixed with `SHADER_MUTANTS_SEED=N` for another draw of
/// mutants (the long runs of the README's development section use a few seeds).
pub fn seed(default: u64) -> u64 {
    match std::env::var("SHADER_MUTANTS_SEED").ok().and_then(|v| v.parse::<u64>().ok()) {
        Some(n) => default ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15),
        None => default,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Lang {
    Wgsl,
    Glsl,
}

/// Which compiler accepted the mutant when the verdicts differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Direction {
    /// We compile it; the reference rejects it (classified by the reference's message).
    WeAccept,
    /// We reject it; the reference compiles it (classified by our message).
    WeReject,
}

/// Why a class of disagreement is listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// The reference compiler misses a rule of the language (or enforces one the language does
    /// not have); we follow the spec.
    ReferenceGap,
    /// Syntax of the WGSL draft of January 2021, which we support on purpose.
    DraftSyntax,
    /// FIXME: our bug, not yet fixed. Listed so the test guards every other class meanwhile;
    /// fixing it means deleting the entry (the test then fails if the class comes back).
    Bug,
}

/// One listed difference: a disagreement in `direction` whose rejecting compiler's first error
/// contains `pattern`.
pub struct Intended {
    pub lang: Lang,
    pub direction: Direction,
    pub kind: Kind,
    pub pattern: &'static str,
    /// The rule, and why the two compilers differ on it.
    pub rule: &'static str,
    /// Where the rule is written.
    pub spec: &'static str,
}

const fn entry(lang: Lang, direction: Direction, kind: Kind, pattern: &'static str, rule: &'static str, spec: &'static str) -> Intended {
    Intended { lang, direction, kind, pattern, rule, spec }
}

use Direction::{WeAccept, WeReject};
use Kind::{DraftSyntax, ReferenceGap};
use Lang::{Glsl, Wgsl};

/// The intended differences (and, marked [`Kind::Bug`], our known bugs). Keep it short: an
/// intended entry is a reference compiler's known gap or a syntax we support on purpose, never
/// a rule of ours that is missing.
pub const INTENDED: &[Intended] = &[
    // ---- WGSL, naga rejects what the spec allows
    entry(Wgsl, WeAccept, DraftSyntax, "expected global item", "module-scope `let` (a constant in the 2021 draft, `const` today)", "WGSL draft 2021-01 §6.2 module constants"),
    entry(Wgsl, WeAccept, ReferenceGap, "does not match the declared return type", "statements after a `return` are unreachable: the function's behaviour is {Return}, so it needs no final return (naga checks the last statement)", "WGSL §11.2 behaviour analysis, §10.1 function declaration"),
    entry(Wgsl, WeAccept, ReferenceGap, "Derivatives can only be taken from scalar and vector floats", "an AbstractInt argument of a derivative built-in converts to f32 (`fwidth(-1)`; naga concretizes it to i32 and rejects it)", "WGSL §17.6 derivative built-ins, §15.7 overload resolution"),
    entry(Wgsl, WeAccept, ReferenceGap, "attribute(s) not yet implemented", "`@diagnostic` on a statement (compound, `if`, `switch`, loops) filters the diagnostics inside it; naga 30 implements it on functions and modules only", "WGSL §2.3 diagnostic filtering (diagnostic_attr on statements)"),
    entry(Wgsl, WeAccept, ReferenceGap, "failed to convert expression to a concrete type", "a phony assignment keeps an abstract const-expression abstract (`_ = abs(-1e40);`: nothing converts it to f32; Tint accepts it, naga concretizes it and fails)", "WGSL \"Phony Assignment\" (assignment statements), §15.7 automatic conversions"),
    entry(Wgsl, WeAccept, ReferenceGap, "naga panicked", "naga 30 panics on the mutant (an assertion in `process_overrides`), so it gives no verdict", "(a naga bug, not a rule)"),
    entry(Wgsl, WeAccept, ReferenceGap, "] is invalid: Accessing index", "a const index past the length of an override-sized workgroup array is a pipeline-creation error, not a shader-creation one (naga's verdict includes pipeline creation with the overrides' defaults)", "WGSL §8.5.3 array access, §7.2.x override-sized arrays"),
    entry(Wgsl, WeAccept, ReferenceGap, "Not implemented as constant expression", "`ldexp` and `determinant` are const built-ins: a call with const-expression arguments is a const-expression, folded (naga 30 evaluates neither in a `const`; Tint folds both as we do: shader-core/tests/wgsl_verdicts.rs)", "WGSL §17.5 numeric built-in functions (`ldexp`, `determinant`: @const)"),
    entry(Wgsl, WeAccept, ReferenceGap, "Missing value for pipeline-overridable constant", "an `override` without an initializer is valid; the pipeline gives its value (naga's verdict includes pipeline creation without values; SHADER_MUTANTS_SEED=29)", "WGSL §7.2.x override declarations (an override without initializer must be given at pipeline creation)"),
    // ---- WGSL, naga accepts what the spec forbids
    entry(Wgsl, WeReject, ReferenceGap, "found `array<abstract-int", "an array of AbstractInts concretized to i32 must fit it (`var<private> a = array(1, 2147483648);`: naga 30 accepts it; Tint: \"value 2147483648 cannot be represented as 'i32'\"; SHADER_MUTANTS_SEED=29; our message names the types, not the value: FIXME)", "WGSL §15.7.1 AbstractInt conversion, §6.6 conversion rank"),
    entry(Wgsl, WeReject, ReferenceGap, "` in a const-expression: ", "`ldexp` or `determinant` of const-expressions whose value (or, for `determinant`, a product or sum on the way, in the matrix's type) its type cannot represent (naga 30 leaves both to run time; Tint: \"cannot be represented as 'f32'\")", "WGSL §8 (a const-expression that overflows is a shader-creation error), §17.5 ldexp, determinant"),
    entry(Wgsl, WeReject, ReferenceGap, "the exponent of `ldexp` is", "a const-expression `ldexp` exponent above the float type's bias + 1 (f32: 128) is a shader-creation error whatever `e1` is (naga 30 does not check it; Tint: \"e2 must be less than or equal to 128\")", "WGSL §17.5 ldexp"),
    entry(Wgsl, WeReject, ReferenceGap, "is not allowed on a", "a shader-stage, `@workgroup_size`, `@group`/`@binding` ... attribute only applies to the declarations it is defined for (naga ignores a misplaced one)", "WGSL §12 attributes"),
    entry(Wgsl, WeReject, ReferenceGap, "must only be called from uniform control flow", "barriers need uniform control flow (naga has no uniformity analysis for barriers)", "WGSL §15.2 uniformity analysis"),
    entry(Wgsl, WeReject, ReferenceGap, "the value does not fit in", "an AbstractInt converted to a concrete type must be representable (naga wraps or keeps it abstract)", "WGSL §6.6 conversion rank, §15.7.1 AbstractInt conversion"),
    entry(Wgsl, WeReject, ReferenceGap, "cannot convert `abstract-int` to", "an AbstractInt converted to a concrete type must be representable: to f16 it must be finite (naga converts to infinity); a built-in's AbstractInt argument converts to i32 by overload resolution, so `textureLoad(t, c, 2147483648)` does not fit (naga takes u32; Tint rejects it as we do)", "WGSL §15.7.2 floating point conversion, §15.7 overload resolution (conversion rank)"),
    entry(Wgsl, WeReject, ReferenceGap, "does not fit in `f16`", "an AbstractInt or AbstractFloat converted to f16 must be finite there (`let a: f16 = 4294967295;`; naga converts it to infinity)", "WGSL §15.7.2 floating point conversion, §15.7.6 conversion rank"),
    entry(Wgsl, WeReject, ReferenceGap, "expected a declaration, found end of file", "attributes belong to a declaration: trailing attributes are a syntax error (naga drops them)", "WGSL §5 global_decl grammar"),
    entry(Wgsl, WeReject, ReferenceGap, "the arguments of @workgroup_size must all have one type", "the arguments of `@workgroup_size` are all i32 or all u32 (AbstractInt ones convert to that type); naga 30 does not check it (its own const-exprs.wgsl mixes u32 and i32), Tint refuses it as we do", "WGSL \"workgroup_size\" attribute (all parameters the same type)"),
    entry(Wgsl, WeReject, ReferenceGap, "is not below", "a `@location` beyond any device (we refuse at compile time what WebGPU refuses at pipeline creation: maxInterStageShaderVariables, maxColorAttachments)", "WGSL §13.3.1.4 input-output locations; WebGPU §3.6.2 limits"),
    // ---- GLSL, glslang accepts what the spec forbids
    entry(Glsl, WeReject, ReferenceGap, "a string cannot hold a NUL character", "a string literal (debugPrintfEXT's format) with a NUL escape (`\\0`, `\\x0`) is refused: SPIR-V's literal strings end at their first NUL, so the text after it cannot be emitted (glslang cuts the string there without a word: `\"a \\x0 b\"` becomes OpString \"a \")", "SPIR-V 1.6 §2.2.1 (Literal String: nul-terminated), GL_EXT_debug_printf"),
    entry(Glsl, WeReject, ReferenceGap, "the gather component must be a constant", "the component of a sparse gather (`sparseTextureGather*ARB`) is a constant 0, 1, 2 or 3 as textureGather's (glslang checks it for `textureGather*` only and accepts `sparseTextureGatherARB(s, P, texel, 7)` or a non-constant)", "GL_ARB_sparse_texture2 (the sparse gathers are textureGather's overloads), GLSL 4.60 §8.9.4"),
    entry(Glsl, WeReject, ReferenceGap, "is already declared at global scope as a function; it cannot also name", "variables, structs, functions and block names of the global scope share one name space, in either order; glslang checks a block name or a nameless block's member only against functions declared after it (`void h() {}` then `out h { .. } o;` passes there, the other order does not)", "GLSL 4.60 §4.2 (one name space per scope), §4.3.9 (a block name is only the block's name)"),
    entry(Glsl, WeReject, ReferenceGap, "lies within the previous member", "an explicit member `offset` may not be smaller than the offset of the member before it (glslang 12 accepts `layout(offset = 0)` after other members of a std140 block and overlaps them)", "GLSL 4.60 §4.4.5 (Uniform and Shader Storage Block Layout Qualifiers: offset)"),
    entry(Glsl, WeAccept, ReferenceGap, "filename-based __FILE__", "`__FILE__` is the number of the source string being processed, 0 unless `#line N M` set another; glslang names a file given on its command line and refuses `__FILE__` before a `#line N M` unless GL_GOOGLE_cpp_style_line_directive is enabled, a rule of its file names", "GLSL 4.60 §3.3 (Preprocessor: `__FILE__` substitutes a decimal integer constant that says which source string number is being processed)"),
    entry(Glsl, WeReject, ReferenceGap, "is already declared at global scope as a variable; it cannot also name a block", "a block name is only the block's name: glslang accepts a block named like another interface's block instance declared before it (`out B {..} X;` then `uniform X {..} u;`)", "GLSL 4.60 §4.3.9 interface blocks"),
    entry(Wgsl, WeReject, ReferenceGap, "cannot bitcast", "`bitcast<T>(e)` needs T and e of one size; naga 30 takes only T's scalar and keeps e's vector size (`bitcast<vec3<i32>>(vec4<u32>)` passes it; Tint: \"no matching call\")", "WGSL §17.2.1 bitcast"),
    entry(Wgsl, WeReject, ReferenceGap, "is not less than the bit width", "a const-expression shift amount must be below the bit width of the shifted value, 64 for an AbstractInt (naga 30 accepts `0x7fffffffffffffff >> 4294967295` in a const)", "WGSL §8.9 bit expressions (shader-creation error for a const-expression e2 >= bit width)"),
    entry(Wgsl, WeReject, ReferenceGap, "bytes a variable may take", "a variable over 2^31 - 1 bytes (naga's own limit, `ir::limits`): naga's layouter misses a struct that reaches it through `@align(2147483648)` on a member", "naga's type size limit; SPIR-V 32-bit offsets (see shader-core/src/ir/limits.rs)"),
    entry(Wgsl, WeReject, ReferenceGap, "skips the declaration of", "a `continue` must not skip a declaration that the loop's `continuing` block uses (naga 30 accepts it and writes SPIR-V where the value does not dominate its use; Tint: \"continue statement bypasses declaration\")", "WGSL §9.4.8 continue statement"),
    entry(Wgsl, WeReject, ReferenceGap, "the type an AbstractInt index converts to", "an AbstractInt index converts to i32, so it must fit in i32 (naga accepts `a[2147483648]` into a runtime-sized array)", "WGSL §8.5.3 array access, §15.7.1 AbstractInt conversion"),
];

/// The first error line of a rejection, as the class key uses it.
pub fn normalize(message: &str) -> String {
    let mut out = String::new();
    let mut chars = message.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '`' | '"' => {
                let close = c;
                let mut inner = String::new();
                let mut closed = false;
                for d in chars.by_ref() {
                    if d == close {
                        closed = true;
                        break;
                    }
                    inner.push(d);
                }
                out.push(close);
                out.push('_');
                if closed {
                    out.push(close);
                }
            }
            c if c.is_ascii_digit() => {
                while chars.peek().is_some_and(|d| d.is_ascii_alphanumeric() || *d == '.') {
                    chars.next();
                }
                out.push('N');
            }
            c => out.push(c),
        }
    }
    let out = out.trim().to_string();
    match out.char_indices().nth(100) {
        Some((i, _)) => out[..i].to_string(),
        None => out,
    }
}

/// One mutant on which the two compilers disagree.
pub struct Disagreement {
    pub name: String,
    pub direction: Direction,
    /// The rejecting compiler's first error line.
    pub message: String,
    pub mutant: String,
}

/// Counts and disagreements of one run.
#[derive(Default)]
pub struct Tally {
    pub mutants: usize,
    /// Mutants both compilers judged (the rest were only checked for robustness).
    pub compared: usize,
    pub we_accept: usize,
    pub both_accept: usize,
    pub both_reject: usize,
    pub disagreements: Vec<Disagreement>,
}

impl Tally {
    /// Records one compared mutant: `ours`/`theirs` are `Ok(())` or the first error line.
    pub fn record(&mut self, name: &str, mutant: &str, ours: &Result<(), String>, theirs: &Result<(), String>) {
        self.compared += 1;
        match (ours, theirs) {
            (Ok(()), Ok(())) => self.both_accept += 1,
            (Err(_), Err(_)) => self.both_reject += 1,
            (Ok(()), Err(message)) | (Err(message), Ok(())) => self.disagreements.push(Disagreement {
                name: name.to_string(),
                direction: if ours.is_ok() { Direction::WeAccept } else { Direction::WeReject },
                message: message.clone(),
                mutant: mutant.to_string(),
            }),
        }
    }

    /// The markdown summary (for BENCHMARKS.md) and the disagreements no [`INTENDED`] entry
    /// explains, each with its mutant.
    pub fn report(&self, lang: Lang, reference: &str) -> (String, Vec<String>) {
        let mut classes: BTreeMap<(Direction, String, Option<Kind>), (usize, &Disagreement)> = BTreeMap::new();
        for d in &self.disagreements {
            let intended = INTENDED
                .iter()
                .find(|i| i.lang == lang && i.direction == d.direction && d.message.contains(i.pattern))
                .map(|i| i.kind);
            let entry = classes.entry((d.direction, normalize(&d.message), intended)).or_insert((0, d));
            entry.0 += 1;
        }
        let mut text = String::new();
        let _ = writeln!(
            text,
            "{} mutants; {} compared with {reference}: both accept {}, both reject {}, disagree {} \
             ({} classes)\n",
            self.mutants,
            self.compared,
            self.both_accept,
            self.both_reject,
            self.disagreements.len(),
            classes.len()
        );
        let _ = writeln!(text, "| who accepts | count | class (the rejecting compiler's first error) | intended |");
        let _ = writeln!(text, "|---|---|---|---|");
        let mut unexplained = Vec::new();
        for ((direction, class, intended), (count, example)) in &classes {
            let who = match direction {
                Direction::WeAccept => "we",
                Direction::WeReject => reference,
            };
            let _ = writeln!(text, "| {who} | {count} | {} | {} |", class.replace('|', "\\|"), intended.map_or("NO".to_string(), |k| format!("{k:?}")));
            if intended.is_none() {
                let excerpt: Vec<&str> = example.mutant.lines().take(40).collect();
                // The whole mutant, to compile again by hand.
                let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("mutants").join(example.name.replace(['/', '#'], "_"));
                let saved = std::fs::create_dir_all(file.parent().unwrap_or(&file))
                    .and_then(|()| std::fs::write(&file, &example.mutant))
                    .map_or_else(|e| format!("not saved: {e}"), |()| file.display().to_string());
                unexplained.push(format!(
                    "{count} x {who} accept(s): {class}\n  e.g. {}: {}\n--- mutant (first 40 lines; whole: {saved}) ---\n{}\n---",
                    example.name,
                    example.message,
                    excerpt.join("\n")
                ));
            }
        }
        (text, unexplained)
    }
}

/// The first error of one of our rejections.
pub fn our_first_error(error: &shader_core::CompileError) -> String {
    error
        .diagnostics
        .0
        .iter()
        .find(|d| d.severity == shader_core::diag::Severity::Error)
        .map(|d| d.message.clone())
        .unwrap_or_else(|| "(no error diagnostic)".to_string())
}

/// naga's verdict on a WGSL program (front end, validator, SPIR-V writer: what the naga CLI
/// does), with the first line of its error.
/// naga panicking on a mutant (a naga bug: naga 30's `process_overrides` asserts on some
/// override mutants) is an error message starting "naga panicked".
pub fn naga_verdict(source: &str) -> Result<(), String> {
    let compiled = std::panic::catch_unwind(|| super::compile_naga(source)).unwrap_or_else(|panic| {
        let what = panic.downcast_ref::<String>().map(String::as_str).or_else(|| panic.downcast_ref::<&str>().copied());
        Err(format!("naga panicked: {}", what.unwrap_or("(no message)").lines().next().unwrap_or("")))
    });
    compiled.map(drop).map_err(|e| {
        let first = e
            .lines()
            .map(|l| l.trim().trim_start_matches("error:").trim())
            .find(|l| !l.is_empty())
            .unwrap_or("(empty naga error)");
        // The validator's headline ("Function [0] 'f' is invalid") is vague; its last note
        // says which rule.
        match e.lines().rev().map(str::trim).find_map(|l| l.strip_prefix("= ")) {
            Some(note) => format!("{first}: {note}"),
            None => first.to_string(),
        }
    })
}

/// One GLSL program for [`glslang_verdicts`].
pub struct GlslJob {
    /// `vert`, `frag`, `comp`, ... (the file extension glslang reads the stage from).
    pub stage: String,
    pub source: String,
}

/// glslang's full name of a stage in its link messages ("Linking fragment stage").
fn stage_word(stage: &str) -> &'static str {
    match stage {
        "vert" => "vertex",
        "frag" => "fragment",
        "comp" => "compute",
        "geom" => "geometry",
        "tesc" => "tessellation control",
        "tese" => "tessellation evaluation",
        "mesh" => "mesh",
        "task" => "task",
        _ => "?",
    }
}

/// `glslangValidator -V` verdicts for `jobs`, batched to keep process start-up from dominating:
/// glslang compiles all files of one invocation and links them stage by stage, so one
/// invocation takes one file per stage and each error is attributed to its file (`ERROR:
/// <file>:`) or stage (`Linking <stage> stage`). A batch with an error that names neither is
/// run again one file at a time. Batches run on two threads. `None` when glslang is missing.
pub fn glslang_verdicts(jobs: &[GlslJob], include: &Path) -> Option<Vec<Result<(), String>>> {
    if super::skip_without_glslang() {
        return None;
    }
    // Greedy batches: one file per stage.
    let mut batches: Vec<Vec<usize>> = Vec::new();
    let mut open: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, job) in jobs.iter().enumerate() {
        let slot = open.entry(job.stage.as_str()).or_insert(0);
        if *slot == batches.len() {
            batches.push(Vec::new());
        }
        batches[*slot].push(i);
        *slot += 1;
    }
    let dir = std::env::temp_dir().join(format!("shader-e2e-glslang-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let results: Vec<Vec<(usize, Result<(), String>)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|w| {
                let (batches, dir) = (&batches, &dir);
                scope.spawn(move || {
                    let mut out = Vec::new();
                    for (b, batch) in batches.iter().enumerate().filter(|(b, _)| b % 2 == w) {
                        match run_batch(jobs, batch, &dir.join(format!("b{b}")), include) {
                            Some(verdicts) => out.extend(verdicts),
                            None => {
                                for (k, &i) in batch.iter().enumerate() {
                                    let one = run_batch(jobs, &[i], &dir.join(format!("b{b}-{k}")), include)
                                        .expect("a single file's errors are its own");
                                    out.extend(one);
                                }
                            }
                        }
                    }
                    out
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().expect("glslang worker")).collect()
    });
    let _ = std::fs::remove_dir_all(&dir);
    let mut verdicts: Vec<Result<(), String>> = vec![Ok(()); jobs.len()];
    for (i, verdict) in results.into_iter().flatten() {
        verdicts[i] = verdict;
    }
    Some(verdicts)
}

/// One glslang invocation on `batch` (distinct stages) in `dir`; `None` when an error cannot be
/// attributed to one file.
fn run_batch(jobs: &[GlslJob], batch: &[usize], dir: &Path, include: &Path) -> Option<Vec<(usize, Result<(), String>)>> {
    std::fs::create_dir_all(dir).expect("batch directory");
    let names: Vec<String> = batch.iter().map(|&i| format!("m{i}.{}", jobs[i].stage)).collect();
    for (name, &i) in names.iter().zip(batch) {
        std::fs::write(dir.join(name), &jobs[i].source).expect("write mutant");
    }
    let output = Command::new("glslangValidator")
        .current_dir(dir)
        .arg("-V")
        .arg(format!("-I{}", include.display()))
        .args(&names)
        .arg("-o")
        .arg("out.spv")
        .output()
        .expect("run glslangValidator");
    let _ = std::fs::remove_dir_all(dir);
    let mut verdicts: Vec<Result<(), String>> = vec![Ok(()); batch.len()];
    if output.status.success() {
        return Some(batch.iter().copied().zip(verdicts).collect());
    }
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    let mut unattributed = false;
    for line in text.lines().filter(|l| l.starts_with("ERROR: ")) {
        let rest = &line["ERROR: ".len()..];
        let owner = names.iter().position(|n| rest.starts_with(&format!("{n}:"))).or_else(|| {
            batch.iter().position(|&i| rest.starts_with(&format!("Linking {} stage", stage_word(&jobs[i].stage))))
        });
        match owner {
            Some(k) => {
                if verdicts[k].is_ok() {
                    verdicts[k] = Err(glslang_message(rest, &names[k]));
                }
            }
            // "ERROR: 2 compilation errors.  No code generated." follows a file's errors.
            None if rest.contains("compilation errors") => {}
            None => unattributed = true,
        }
    }
    if verdicts.iter().all(Result::is_ok) {
        // Failed without a message naming a file: e.g. SPIR-V generation after linking.
        unattributed = true;
    }
    if unattributed && batch.len() > 1 {
        return None;
    }
    if unattributed && verdicts[0].is_ok() {
        verdicts[0] = Err(text.lines().find(|l| !l.trim().is_empty() && !l.starts_with("m")).unwrap_or("glslang failed").to_string());
    }
    Some(batch.iter().copied().zip(verdicts).collect())
}

/// `m3.frag:12: 'x' : undeclared identifier` -> `'x' : undeclared identifier`.
fn glslang_message(rest: &str, name: &str) -> String {
    let rest = rest.strip_prefix(name).and_then(|r| r.strip_prefix(':')).unwrap_or(rest);
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches(':').trim();
    rest.to_string()
}
