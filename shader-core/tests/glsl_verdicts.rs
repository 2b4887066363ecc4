//! GLSL verdicts found by the mutation differential (`tests/glsl_mutants.rs`) and pinned here
//! rather than as suite files (a new suite file shifts every mutant of the fixed seeds). Each
//! verdict is also checked against glslangValidator when it is installed (required with
//! `CI=true`).

use shader_core::{compile, CompileOptions, Language};

/// (declarations before `main`, the expected local size, or a piece of the expected error).
const CASES: &[(&str, Result<[u32; 3], &str>)] = &[
    ("layout(local_size_x = 8) in;\nlayout(local_size_x = 16) in;", Err("changes the size an earlier declaration set (8)")),
    ("layout(local_size_x = 1) in;\nlayout(local_size_x = 16) in;", Err("changes the size an earlier declaration set (1)")),
    ("layout(local_size_x = 8) in;\nlayout(local_size_y = 2) in;\nlayout(local_size_z = 4, local_size_x = 9) in;", Err("(8)")),
    ("layout(local_size_x_id = 1) in;\nlayout(local_size_x_id = 2) in;", Err("changes the constant id an earlier declaration set (1)")),
    ("layout(local_size_x = 8) in;\nlayout(local_size_x = 8, local_size_y = 2) in;\nlayout(local_size_y = 2) in;", Ok([8, 2, 1])),
    ("layout(local_size_x = 16, local_size_x = 8) in;", Ok([8, 1, 1])),
    ("layout(local_size_x = 4) in;\nlayout(local_size_x_id = 2) in;\nlayout(local_size_x = 4) in;", Ok([4, 1, 1])),
    ("layout(local_size_y = 3) in;\nlayout(local_size_x = 5) in;", Ok([5, 3, 1])),
];

/// A compute shader's workgroup size declared by several `layout(...) in;` declarations:
/// repeating a size or an id is allowed, changing one an earlier declaration set is not
/// (glslang: "cannot change previously set size"), and within one declaration the last
/// qualifier wins (GLSL 4.60 §4.4).
#[test]
fn a_workgroup_size_may_be_repeated_not_changed() {
    let mut failures = Vec::new();
    for &(declarations, expected) in CASES {
        let source = format!("#version 450\n{declarations}\nvoid main() {{}}\n");
        let options = CompileOptions { language: Language::Glsl, ..Default::default() };
        match (compile("a.comp", &source, &options), expected) {
            (Ok(out), Ok(size)) => {
                let found = out.ir.module().entry_points.first().map(|e| e.workgroup_size);
                if found != Some(size) {
                    failures.push(format!("{declarations}\n  size {found:?}, expected {size:?}"));
                }
            }
            (Ok(_), Err(message)) => failures.push(format!("{declarations}\n  compiled; expected `{message}`")),
            (Err(e), Ok(_)) => failures.push(format!("{declarations}\n  refused:\n{}", e.render())),
            (Err(e), Err(message)) => {
                let text = e.render();
                if !text.contains(message) || text.matches("error").count() != 1 {
                    failures.push(format!("{declarations}\n  expected one error with `{message}`:\n{text}"));
                }
            }
        }
        if let Some(accepted) = glslang_accepts("a.comp", &source) {
            if accepted != expected.is_ok() {
                failures.push(format!("{declarations}\n  glslang's verdict differs (accepts: {accepted})"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A declaration without declarators is an empty declaration, allowed for any type, `void`
/// too (GLSL 4.60 §4.1 grammar: `fully_specified_type SEMICOLON`; glslang accepts `void;` in a
/// function body and at global scope): nothing is declared. Each program must compile.
#[test]
fn a_declaration_may_declare_nothing() {
    const PROGRAMS: &[&str] = &[
        "void main() { void; c = vec4(1); }",
        "void;\nvoid main() { c = vec4(1); }",
        "void main() { float; int; vec2; c = vec4(1); }",
        "const void;\nuniform void;\nvoid main() { const void; c = vec4(1); }",
        "struct S { float x; };\nvoid main() { S; c = vec4(1); }",
    ];
    let mut failures = Vec::new();
    for program in PROGRAMS {
        let source = format!("#version 450\nlayout(location = 0) out vec4 c;\n{program}\n");
        let options = CompileOptions { language: Language::Glsl, ..Default::default() };
        if let Err(e) = compile("a.frag", &source, &options) {
            failures.push(format!("{program}\n  refused:\n{}", e.render()));
        }
        if glslang_accepts("a.frag", &source) == Some(false) {
            failures.push(format!("{program}\n  glslang refuses it"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Qualifiers a declaration's kind does not take, each refused with one located error naming
/// the rule, as glslang refuses them; their allowed neighbours compile.
#[test]
fn qualifiers_outside_their_declarations() {
    const BLOCKS: &str = "layout(set = 0, binding = 0) uniform U { uniform vec4 a; } u;\n";
    const CASES: &[(&str, &str, Option<&str>)] = &[
        // (file name, program, a piece of the expected error or None when it compiles)
        ("a.comp", "layout(local_size_x = 512, local_size_y = 1) buffer;\nvoid main() {}", Some("applies only to `in`")),
        ("a.comp", "layout(local_size_x = 4) uniform;\nvoid main() {}", Some("applies only to `in`")),
        ("a.vert", "layout(set = 0, binding = 0) uniform B { layout(location = 0) in vec3 p; };\nvoid main() { gl_Position = vec4(p, 1); }", Some("a member may only repeat its block's storage qualifier")),
        ("a.vert", "layout(set = 0, binding = 0) uniform B { const vec4 a; } b;\nvoid main() { gl_Position = b.a; }", Some("a member may only repeat")),
        ("a.vert", "layout(set = 0, binding = 0) buffer B { uniform vec4 a; } b;\nvoid main() { gl_Position = b.a; }", Some("a member may only repeat")),
        ("a.vert", "layout(set = 0, binding = 1) buffer C { buffer vec4 c; coherent buffer vec4 d; } cc;\nlayout(location = 0) out O { out vec4 x; } o;\nvoid main() { cc.c = u.a; o.x = cc.d; gl_Position = u.a; }", None),
    ];
    let mut failures = Vec::new();
    for &(name, program, expected) in CASES {
        let source = format!("#version 450\n{BLOCKS}{program}\n");
        let options = CompileOptions { language: Language::Glsl, ..Default::default() };
        match (compile(name, &source, &options), expected) {
            (Ok(_), None) => {}
            (Ok(_), Some(message)) => failures.push(format!("{program}\n  compiled; expected `{message}`")),
            (Err(e), None) => failures.push(format!("{program}\n  refused:\n{}", e.render())),
            (Err(e), Some(message)) => {
                let text = e.render();
                if !text.contains(message) || text.matches("error").count() != 1 || !text.contains(&format!("{name}:")) {
                    failures.push(format!("{program}\n  expected one located error with `{message}`:\n{text}"));
                }
            }
        }
        if let Some(accepted) = glslang_accepts(name, &source) {
            if accepted != expected.is_none() {
                failures.push(format!("{program}\n  glslang's verdict differs (accepts: {accepted})"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Layout qualifiers newer than the desktop `#version`, allowed by an extension only where it is
/// enabled before them (`#extension` holds from where it is written, GLSL 4.60 §3.3): each
/// refused with one located error naming the version and the extension, as glslang refuses them
/// ("not supported for this version or the enabled extensions"); their allowed neighbours
/// compile.
#[test]
fn layouts_need_their_version_or_extension() {
    const PACK: &str = "#extension GL_ARB_shading_language_420pack : enable\n";
    const SSO: &str = "#extension GL_ARB_separate_shader_objects : enable\n";
    const SAMPLER: &str = "layout(set = 0, binding = 0) uniform sampler2D s;\n";
    const OUT: &str = "layout(location = 0) out vec4 c;\nvoid main() { c = vec4(1); }\n";
    let cases: Vec<(&str, String, Option<&str>)> = vec![
        // (file name, program, a piece of the expected error or None when it compiles)
        ("a.frag", format!("#version 400\nlayout(set = 0, binding = 0) uniform U {{\n{PACK}vec4 a; }} u;\n{OUT}"), Some("`binding` needs GLSL 4.20 or `#extension GL_ARB_shading_language_420pack")),
        ("a.frag", format!("#version 400\n{SAMPLER}{PACK}{OUT}"), Some("`binding` needs GLSL 4.20")),
        ("a.frag", format!("#version 410\n{SAMPLER}{OUT}"), Some("`binding` needs GLSL 4.20")),
        ("a.frag", format!("#version 400\n{PACK}{SAMPLER}layout(set = 0, binding = 1) uniform U {{ vec4 a; }} u;\n{OUT}"), None),
        ("a.frag", format!("#version 420\n{SAMPLER}{OUT}"), None),
        ("a.frag", format!("#version 310 es\nprecision highp float;\nlayout(binding = 0) uniform highp sampler2D s;\n{OUT}"), None),
        ("a.frag", format!("#version 150\n{OUT}"), Some("`location` needs GLSL 3.30 or `#extension GL_ARB_separate_shader_objects")),
        ("a.frag", format!("#version 150\n{SSO}{OUT}"), None),
        ("a.frag", format!("#version 150\n#extension GL_ARB_explicit_attrib_location : enable\n{OUT}"), None),
        ("a.frag", format!("#version 400\nlayout(location = 1) in vec4 p;\n{OUT}"), Some("`location` needs GLSL 4.10")),
        ("a.frag", format!("#version 400\n{SSO}layout(location = 1) in vec4 p;\n{OUT}"), None),
        ("a.vert", "#version 330\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n".into(), None),
        ("a.vert", "#version 330\nlayout(location = 0) in vec4 p;\nlayout(location = 0) out vec4 q;\nvoid main() { gl_Position = p; q = p; }\n".into(), Some("`location` needs GLSL 4.10")),
        ("a.frag", format!("#version 430\nlayout(location = 1, component = 2) in vec2 p;\n{OUT}"), Some("`component` needs GLSL 4.40")),
        ("a.frag", format!("#version 440\nlayout(location = 1, component = 2) in vec2 p;\n{OUT}"), None),
        ("a.frag", format!("#version 410\nlayout(early_fragment_tests) in;\n{OUT}"), Some("`early_fragment_tests` needs GLSL 4.20")),
        ("a.frag", format!("#version 420\nlayout(early_fragment_tests) in;\n{OUT}"), None),
    ];
    let mut failures = Vec::new();
    for (name, source, expected) in &cases {
        check_verdict(name, source, *expected, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// An array declared `[]` without an initializer is implicitly sized in desktop GLSL: by the
/// largest constant index used on it, plus one, or 1 without any (GLSL 4.60 §4.1.9, §4.2), a
/// local as a global (private or `shared`). glslang sizes them so: each program compiles, its
/// SPIR-V passes spirv-val, and its array lengths (every `OpTypeArray`) are glslang's. Used
/// otherwise than through constant indices, or in GLSL ES, it is refused with one located
/// error, as glslang refuses it.
#[test]
fn implicitly_sized_arrays() {
    const CASES: &[(&str, &str, Option<&str>)] = &[
        // (file name, program after `#version 450` and the output `c`, a piece of the expected
        // error or None when it compiles)
        ("a.frag", "void main() { int a[][2]; a[3][1] = 5; a[1][0] = 2; c = vec4(a[3][1], a[1][0], 0, 1); }", None),
        ("a.frag", "const int K = 3;\nvoid main() { float a[]; a[K] = 1.0; a[K - 1] += 2.0; c = vec4(a[K]); }", None),
        ("a.frag", "void main() { int a[], b[3]; a[7] = b[1]; c = vec4(a[7]); }", None),
        ("a.frag", "void main() { int a[]; c = vec4(a[1]); { float a[]; a[5] = 1.0; c.x = a[5]; } }", None),
        ("a.frag", "struct S { float x; };\nvoid main() { S a[]; a[1].x = 1.0; c = vec4(a[1].x); }", None),
        ("a.frag", "void main() { mat2 a[]; a[2][1][0] = 1.0; c = vec4(a[2][1][0]); }", None),
        ("a.frag", "int g[];\nvoid f() { g[6] = 2; }\nvoid main() { g[2] = 1; f(); c = vec4(g[2]); }", None),
        ("a.frag", "int g[];\nvoid main() { c = vec4(1); }", None),
        ("a.comp", "shared uint s[];\nvoid main() { s[4] = 1u; c = vec4(1); }", None),
        ("a.frag", "void main() { float a[]; int i = 1; c = vec4(a[i]); }", Some("may only be indexed with a constant expression")),
        ("a.frag", "void main() { float a[]; c = vec4(a.length()); }", Some("`a` has no length yet")),
        ("a.frag", "void main() { float a[]; a[1] = 1.0; float b[2] = a; c = vec4(b[0]); }", Some("may only be used through its elements")),
        ("a.frag", "int g[];\nvoid main() { int b[2]; g[1] = 2; b = g; c = vec4(b[0]); }", Some("may only be used through its elements")),
        ("a.frag", "void main() { int a[2][]; c = vec4(1); }", Some("only the outer dimension")),
        ("a.frag", "int g[2][];\nvoid main() { c = vec4(1); }", Some("only the outer dimension")),
        ("a.frag", "void main() { const int a[]; c = vec4(1); }", Some("a `const` array needs an initializer")),
    ];
    let mut failures = Vec::new();
    for &(name, program, expected) in CASES {
        let output = if name.ends_with(".comp") { "layout(local_size_x = 1) in;\nvec4 c;\n" } else { "layout(location = 0) out vec4 c;\n" };
        let source = format!("#version 450\n{output}{program}\n");
        let options = CompileOptions { language: Language::Glsl, target: shader_core::Target::Vulkan, ..Default::default() };
        match (compile(name, &source, &options), expected) {
            (Ok(out), None) => {
                if let Some(e) = spirv_val(&out.spirv) {
                    failures.push(format!("{program}\n  invalid SPIR-V: {e}"));
                }
                if let Some(theirs) = glslang_spirv(name, &source) {
                    let (ours, theirs) = (array_lengths(&out.spirv), array_lengths(&theirs));
                    if ours != theirs {
                        failures.push(format!("{program}\n  array lengths {ours:?}, glslang's {theirs:?}"));
                    }
                }
            }
            (Ok(_), Some(message)) => failures.push(format!("{program}\n  compiled; expected `{message}`")),
            (Err(e), None) => failures.push(format!("{program}\n  refused:\n{}", e.render())),
            (Err(e), Some(message)) => {
                let text = e.render();
                if !text.contains(message) || text.matches("error").count() != 1 || !text.contains(&format!("{name}:")) {
                    failures.push(format!("{program}\n  expected one located error with `{message}`:\n{text}"));
                }
            }
        }
        if let Some(accepted) = glslang_accepts(name, &source) {
            if accepted != expected.is_none() {
                failures.push(format!("{program}\n  glslang's verdict differs (accepts: {accepted})"));
            }
        }
    }
    // GLSL ES has no implicit sizes: each declaration is reported once, its uses are not.
    let source = "#version 310 es\nprecision highp float;\nlayout(location = 0) out vec4 c;\nint g[];\nvoid main() { int a[]; a[1] = 2; g[0] = 1; c = vec4(1); }\n";
    let options = CompileOptions { language: Language::Glsl, target: shader_core::Target::Vulkan, ..Default::default() };
    match compile("a.frag", source, &options) {
        Ok(_) => failures.push("GLSL ES: implicit sizes compiled".into()),
        Err(e) => {
            let text = e.render();
            if text.matches("in GLSL ES, an unsized array needs an initializer").count() != 2 || text.matches("error").count() != 2 {
                failures.push(format!("GLSL ES: expected two errors, one per declaration:\n{text}"));
            }
        }
    }
    if glslang_accepts("a.frag", source) == Some(true) {
        failures.push("GLSL ES: glslang accepts implicit sizes".into());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// An atomic function's value operands convert to the variable's type only as implicit
/// conversions do (GLSL 4.60 §4.1.10; GLSL ES has none): glslang finds no overload otherwise
/// (SHADER_MUTANTS_SEED=3: `atomicCompSwap(ssbo.u32, 10, 2u)` in `#version 310 es`).
#[test]
fn atomic_operands_convert_implicitly_only() {
    const BLOCK: &str = "layout(local_size_x = 1) in;\nlayout(set = 0, binding = 0) buffer B { int i; uint u; } b;\n";
    const CASES: &[(&str, &str, Option<&str>)] = &[
        // (version, body of main, a piece of the expected error or None when it compiles)
        ("310 es", "atomicCompSwap(b.u, 10, 2u);", Some("cannot convert `int` to `uint`")),
        ("310 es", "atomicAdd(b.i, 1u);", Some("cannot convert `uint` to `int`")),
        ("310 es", "atomicCompSwap(b.u, 10u, 2u); atomicAdd(b.i, 1);", None),
        ("450", "atomicAdd(b.i, 1u);", Some("cannot convert `uint` to `int`")),
        ("450", "atomicAdd(b.u, 1); atomicCompSwap(b.u, 1, 2); atomicMax(b.i, -3);", None),
    ];
    let mut failures = Vec::new();
    for &(version, body, expected) in CASES {
        let source = format!("#version {version}\n{BLOCK}void main() {{ {body} }}\n");
        check_verdict("a.comp", &source, expected, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `precision P T;` names `float`, `int` or an opaque type (GLSL 4.60 §4.7.4), at global and
/// local scope; a name that is no type is an error (SHADER_MUTANTS_SEED=10 and 11:
/// `precision lowp sampler1e40;` was accepted).
#[test]
fn precision_statements_name_float_int_or_opaque_types() {
    const CASES: &[(&str, Option<&str>)] = &[
        // (type, a piece of the expected error or None when it compiles)
        ("lowp sampler1e40", Some("sampler1e40")),
        ("highp uimage0", Some("uimage0")),
        ("highp vec2", Some("a precision statement applies only to")),
        ("highp uint", Some("a precision statement applies only to")),
        ("highp bool", Some("a precision statement applies only to")),
        ("highp S", Some("a precision statement applies only to")),
        ("highp int[2]", Some("a precision statement applies only to")),
        ("highp int", None),
        ("mediump float", None),
        ("highp sampler2D", None),
        ("highp uimage2D", None),
        ("highp texture2D", None),
        ("highp sampler", None),
    ];
    let mut failures = Vec::new();
    for version in ["310 es", "450"] {
        for &(ty, expected) in CASES {
            for (global, local) in [(ty, "highp int"), ("highp int", ty)] {
                let source = format!(
                    "#version {version}\nprecision mediump float;\nstruct S {{ float a; }};\nprecision {global};\nlayout(local_size_x = 1) in;\nvoid main() {{ precision {local}; }}\n"
                );
                check_verdict("a.comp", &source, expected, &mut failures);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A name declared in a nested scope hides every function of that name, declared or built-in
/// (GLSL 4.60 §4.2): calling it there is an error (glslang: "can't use function syntax on
/// variable"; SHADER_MUTANTS_SEED=11, local_prototypes.frag). A prototype in a block inside
/// makes it a function there again; a variable still reads as one (glslang).
#[test]
fn a_variable_hides_the_functions_of_its_name() {
    const CASES: &[(&str, Option<&str>)] = &[
        // (program after the output `c`, a piece of the expected error or None when it compiles)
        ("float g(float x) { return x; }\nvoid main() { float g = 1.0; c = vec4(g(2.0)); }", Some("`g` is a variable here")),
        ("float g(float x) { return x; }\nvoid main() { float g = 1.0; { c = vec4(g(2.0)); } }", Some("`g` is a variable here")),
        ("float g(float x) { return x; }\nfloat f(float g) { return g(1.0); }\nvoid main() { c = vec4(f(1.0)); }", Some("`g` is a variable here")),
        ("float g(float x) { return x; }\nvoid main() { for (int g = 0; g < 2; g++) { c = vec4(g(1.0)); } }", Some("`g` is a variable here")),
        ("void main() { float sin = 1.0; c = vec4(sin(1.0)); }", Some("`sin` is a variable here")),
        ("float sin = 1.0;\nvoid main() { c = vec4(sin(1.0)); }", Some("`sin` is a variable here")),
        ("float g(float x) { return x; }\nvoid main() { float g = 2.0; { float g(float x); c = vec4(g(1.0) + g); } }", None),
        ("float g(float x) { return x; }\nvoid main() { { float g = 2.0; } c = vec4(g(1.0)); }", None),
        ("void main() { c = vec4(sin(1.0)); }\nfloat sin = 1.0;", None),
        ("float g(float x) { return x; }\nvoid main() { float g2 = 1.0; c = vec4(g(g2)); }", None),
    ];
    assert_verdicts("a.frag", CASES, |program| format!("#version 450\nlayout(location = 0) out vec4 c;\n{program}\n"));
}

/// A redeclared built-in used before a redeclaration, per name, as glslang decides (GLSL 4.60
/// §4.4.1.3, §4.4.2.3: the first redeclaration comes before any use): `gl_FragCoord`'s first
/// redeclaration only (a later one may follow a use; SHADER_MUTANTS_SEED=11,
/// redeclaration_before_global_use.frag), every `gl_FragDepth` redeclaration with a depth layout
/// and none without, `gl_PerVertex` after the use of any of its members, and every `invariant`
/// statement.
#[test]
fn redeclarations_after_a_use() {
    const FRAG_COORD: &str = "layout(origin_upper_left) in vec4 gl_FragCoord;\n";
    const DEPTH: &str = "layout(depth_greater) out float gl_FragDepth;\n";
    let cases: Vec<(&str, String, Option<&str>)> = vec![
        // (file name, program after `#version 450` and for fragment shaders the output `c`, a
        // piece of the expected error or None when it compiles)
        ("a.frag", format!("{FRAG_COORD}{FRAG_COORD}void main() {{ c = gl_FragCoord; }}"), None),
        ("a.frag", format!("{FRAG_COORD}vec4 g = gl_FragCoord;\n{FRAG_COORD}void main() {{ c = gl_FragCoord + g; }}"), None),
        ("a.frag", format!("{FRAG_COORD}void f() {{ c = gl_FragCoord; }}\n{FRAG_COORD}void main() {{ f(); }}"), None),
        ("a.frag", format!("vec4 g = gl_FragCoord;\n{FRAG_COORD}void main() {{ c = g; }}"), Some("cannot redeclare `gl_FragCoord` after its use")),
        ("a.frag", format!("void f() {{ c = gl_FragCoord; }}\n{FRAG_COORD}{FRAG_COORD}void main() {{ f(); }}"), Some("cannot redeclare `gl_FragCoord` after its use")),
        ("a.frag", format!("{DEPTH}{DEPTH}void main() {{ c = vec4(1); gl_FragDepth = 0.5; }}"), None),
        ("a.frag", format!("{DEPTH}void f() {{ gl_FragDepth = 0.5; }}\n{DEPTH}void main() {{ c = vec4(1); f(); }}"), Some("cannot redeclare `gl_FragDepth` after its use")),
        ("a.frag", format!("{DEPTH}void f() {{ c.x = gl_FragDepth; }}\n{DEPTH}void main() {{ c = vec4(1); f(); }}"), Some("cannot redeclare `gl_FragDepth` after its use")),
        ("a.frag", format!("{DEPTH}float g = gl_FragDepth;\n{DEPTH}void main() {{ c = vec4(g); }}"), Some("cannot redeclare `gl_FragDepth` after its use")),
        ("a.frag", "out float gl_FragDepth;\nvoid f() { gl_FragDepth = 0.5; }\nout float gl_FragDepth;\nvoid main() { c = vec4(1); f(); }".into(), None),
        ("a.frag", "void f() { gl_FragDepth = 0.5; }\nout float gl_FragDepth;\nvoid main() { c = vec4(1); f(); }".into(), None),
        ("a.vert", "void f() { gl_PointSize = 1.0; }\nout gl_PerVertex { vec4 gl_Position; };\nvoid main() { gl_Position = vec4(1); }".into(), Some("cannot redeclare `gl_PerVertex` after the use of its member `gl_PointSize`")),
        ("a.vert", "void f() { gl_ClipDistance[0] = 1.0; }\nout gl_PerVertex { vec4 gl_Position; };\nvoid main() { gl_Position = vec4(1); }".into(), Some("after the use of its member `gl_ClipDistance`")),
        ("a.vert", "void f() { gl_Position = vec4(1); }\nout gl_PerVertex { vec4 gl_Position; };\nvoid main() { f(); }".into(), Some("after the use of its member `gl_Position`")),
        ("a.vert", "out gl_PerVertex { vec4 gl_Position; };\nvoid f() { gl_Position = vec4(1); }\nvoid main() { f(); }".into(), None),
        ("a.vert", "void f() { gl_ClipDistance[1] = 1.0; }\nout float gl_ClipDistance[2];\nvoid main() { gl_Position = vec4(1); }".into(), None),
        ("a.vert", "invariant gl_Position;\nvoid f() { gl_Position = vec4(1); }\ninvariant gl_Position;\nvoid main() { f(); }".into(), Some("cannot make `gl_Position` invariant after its use")),
        ("a.vert", "invariant gl_Position;\ninvariant gl_Position;\nvoid f() { gl_Position = vec4(1); }\nvoid main() { f(); }".into(), None),
    ];
    let mut failures = Vec::new();
    for (name, program, expected) in &cases {
        let output = if name.ends_with(".frag") { "layout(location = 0) out vec4 c;\n" } else { "" };
        let source = format!("#version 450\n{output}{program}\n");
        check_verdict(name, &source, *expected, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `= {}` is GL_EXT_null_initializer's (glslang: "empty { } initializer: not supported for this
/// version or the enabled extensions"), enabled before it (SHADER_MUTANTS_SEED=12: the
/// extension's name mangled in shaders-msl_comp_shared-zero-init.comp was accepted).
#[test]
fn an_empty_initializer_needs_its_extension() {
    const EXT: &str = "#extension GL_EXT_null_initializer : enable\n";
    let cases: Vec<(String, Option<&str>)> = vec![
        // (program, a piece of the expected error or None when it compiles)
        ("#version 450\nOUT\nvoid main() { vec4 v = {}; c = v; }".into(), Some("`{}` exists only with `#extension GL_EXT_null_initializer")),
        ("#version 450\nOUT\nstruct S { float a; };\nvoid main() { S s = {}; c = vec4(s.a); }".into(), Some("GL_EXT_null_initializer")),
        ("#version 450\nOUT\nvec4 g = {};\nvoid main() { c = g; }".into(), Some("GL_EXT_null_initializer")),
        ("#version 450\nOUT\nvoid main() { float a[2] = { {}, 1.0 }; c = vec4(a[0]); }".into(), Some("GL_EXT_null_initializer")),
        ("#version 450\n#extension GL_EXT_null_initializer : disable\nOUT\nvoid main() { vec4 v = {}; c = v; }".into(), Some("GL_EXT_null_initializer")),
        ("#version 450\nOUT\nvoid main() { vec4 v = {}; c = v; }\n#extension GL_EXT_null_initializer : enable\nvoid f() { vec4 v = {}; c = v; }".into(), Some("GL_EXT_null_initializer")),
        ("#version 310 es\nprecision highp float;\nOUT\nvoid main() { vec4 v = {}; c = v; }".into(), Some("GL_EXT_null_initializer")),
        (format!("#version 450\n{EXT}OUT\nstruct S {{ float a; }};\nvec4 g = {{}};\nvoid main() {{ vec4 v = {{}}; S s = {{}}; c = v + g + s.a; }}"), None),
        (format!("#version 310 es\n{EXT}precision highp float;\nOUT\nvoid main() {{ vec4 v = {{}}; c = v; }}"), None),
    ];
    let mut failures = Vec::new();
    for (program, expected) in &cases {
        let source = program.replace("OUT", "layout(location = 0) out vec4 c;") + "\n";
        check_verdict("a.frag", &source, *expected, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// An implicitly sized array (`int a[];`) redeclared in the same scope with a size takes it
/// (GLSL 4.60 §4.1.9, §4.2; glslang accepts it), globals and locals, with or without an
/// initializer; `[]` again changes nothing. The element type stays, an explicit size cannot
/// change, and the size must exceed every constant index used before (§4.1.9). Each program
/// that compiles passes spirv-val, with glslang's `OpTypeArray` lengths.
#[test]
fn implicitly_sized_arrays_redeclared_with_a_size() {
    const CASES: &[(&str, Option<&str>)] = &[
        // (program after the output `c`, a piece of the expected error or None when it compiles)
        ("int a[];\nint a[3];\nvoid main() { a[2] = 1; c = vec4(a[2]); }", None),
        ("void main() { int a[]; int a[3]; a[2] = 1; c = vec4(a[2]); }", None),
        ("void main() { int a[]; a[1] = 4; int a[3]; a[2] = 1; c = vec4(a[2] + a[1]); }", None),
        ("int a[];\nint a[];\nvoid main() { a[2] = 1; c = vec4(a[2]); }", None),
        ("int a[][2];\nint a[3][2];\nvoid main() { a[2][1] = 1; c = vec4(a[2][1]); }", None),
        ("int a[];\nint a[3] = int[3](1, 2, 3);\nvoid main() { c = vec4(a[2]); }", None),
        ("int a[];\nint a[] = int[3](1, 2, 3);\nvoid main() { c = vec4(a[2]); }", None),
        ("void main() { int a[]; int a[2] = int[2](5, 6); c = vec4(a[1]); }", None),
        ("void main() { int a[]; int a[] = { 5, 6, 7 }; c = vec4(a[2]); }", None),
        ("int a[];\nint a[3];\nint a[3];\nvoid main() { c = vec4(a[2]); }", Some("`a` is already declared in this scope")),
        ("int a[3];\nint a[];\nvoid main() { c = vec4(a[2]); }", Some("`a` is already declared in this scope")),
        ("float a[];\nint a[3];\nvoid main() { c = vec4(a[2]); }", Some("`a` is redeclared as an array of `int`")),
        ("int a;\nint a[3];\nvoid main() { c = vec4(a[2]); }", Some("`a` is already declared in this scope")),
        ("int a[][2];\nint a[3][3];\nvoid main() { c = vec4(a[2][1]); }", Some("`a` is redeclared as an array of `int[3]`")),
    ];
    let mut failures = Vec::new();
    for &(program, expected) in CASES {
        let source = format!("#version 450\nlayout(location = 0) out vec4 c;\n{program}\n");
        check_verdict("a.frag", &source, expected, &mut failures);
        if expected.is_some() {
            continue;
        }
        let options = CompileOptions { language: Language::Glsl, target: shader_core::Target::Vulkan, ..Default::default() };
        if let Ok(out) = compile("a.frag", &source, &options) {
            if let Some(e) = spirv_val(&out.spirv) {
                failures.push(format!("{program}\n  invalid SPIR-V: {e}"));
            }
            if let Some(theirs) = glslang_spirv("a.frag", &source) {
                let (ours, theirs) = (array_lengths(&out.spirv), array_lengths(&theirs));
                if ours != theirs {
                    failures.push(format!("{program}\n  array lengths {ours:?}, glslang's {theirs:?}"));
                }
            }
        }
    }
    // A size not above an index used before (§4.1.9; glslang does not check it): one error.
    for program in [
        "void main() { int a[]; a[5] = 1; int a[3]; c = vec4(a[2]); }",
        "int a[];\nint b = a[5];\nint a[3];\nvoid main() { c = vec4(a[2] + b); }",
    ] {
        let source = format!("#version 450\nlayout(location = 0) out vec4 c;\n{program}\n");
        let options = CompileOptions { language: Language::Glsl, target: shader_core::Target::Vulkan, ..Default::default() };
        match compile("a.frag", &source, &options) {
            Ok(_) => failures.push(format!("{program}\n  compiled")),
            Err(e) => {
                let text = e.render();
                if !text.contains("is redeclared with 3 elements, but index 5 was used on it before") || text.matches("error").count() != 1 {
                    failures.push(format!("{program}\n  expected one error about index 5:\n{text}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// An array sized by a specialization-constant expression (an `OpSpecConstantOp` Length) is
/// taken whatever the expression's default, as glslang takes it: a pipeline may specialize it
/// to a positive length (SHADER_MUTANTS_SEED=11: `int(COUNT) * -1` in spec_constants.comp was
/// refused). A constant itself as the size must have a positive default (glslang: "array size
/// must be a positive integer"). Each program that compiles passes spirv-val, with glslang's
/// `OpTypeArray` lengths (a specialized one counts as unknown in both).
#[test]
fn specialization_constant_expression_sizes_are_not_checked() {
    const CASES: &[(&str, Option<&str>)] = &[
        // (declarations after `COUNT`, a piece of the expected error or None when it compiles)
        ("const int D = int(COUNT) * -1;\nshared float a[D];", None),
        ("const int D = int(COUNT) * 0;\nshared float a[D];", None),
        ("const int D = int(COUNT) - 4;\nshared float a[D];", None),
        ("const uint D = COUNT * 4294967295u;\nshared float a[D];", None),
        ("const int D = int(COUNT) * -1;\nlayout(set = 0, binding = 1) buffer B { float a[D]; } b;", None),
        ("const int D = int(COUNT) * 2;\nshared float a[D];", None),
        ("layout(constant_id = 1) const int N = -2;\nshared float a[N];", Some("not a non-negative 32-bit integer")),
        ("layout(constant_id = 1) const int N = 0;\nshared float a[N];", Some("array size must be greater than zero")),
    ];
    let mut failures = Vec::new();
    for &(declarations, expected) in CASES {
        let source = format!("#version 450\nlayout(local_size_x = 1) in;\nlayout(constant_id = 4) const uint COUNT = 4u;\n{declarations}\nvoid main() {{ }}\n");
        check_verdict("a.comp", &source, expected, &mut failures);
        if expected.is_some() {
            continue;
        }
        let options = CompileOptions { language: Language::Glsl, target: shader_core::Target::Vulkan, ..Default::default() };
        if let Ok(out) = compile("a.comp", &source, &options) {
            if let Some(e) = spirv_val(&out.spirv) {
                failures.push(format!("{declarations}\n  invalid SPIR-V: {e}"));
            }
            if let Some(theirs) = glslang_spirv("a.comp", &source) {
                let (ours, theirs) = (array_lengths(&out.spirv), array_lengths(&theirs));
                if ours != theirs {
                    failures.push(format!("{declarations}\n  array lengths {ours:?}, glslang's {theirs:?}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A scoped atomic at `gl_ScopeInvocation` takes no storage or memory semantics (Vulkan
/// VUID-StandaloneSpirv-None-04641): refused with one located error. glslang accepts it and
/// writes a module spirv-val refuses (SHADER_MUTANTS_SEED=17, spv.memoryScopeSemantics.comp#4:
/// `gl_SemanticsRelease`, 4, as the scope; we emitted the same invalid module); with semantics
/// 0 it compiles and validates.
#[test]
fn invocation_scope_atomics_take_no_semantics() {
    const HEAD: &str = "#version 450\n#extension GL_KHR_memory_scope_semantics : require\nlayout(local_size_x = 1) in;\nshared uint u;\nlayout(set = 0, binding = 0, r32ui) uniform uimage2D img;\n";
    const CASES: &[(&str, bool)] = &[
        // (body of main, whether it is refused)
        ("atomicCompSwap(u, 10u, 20u, gl_ScopeInvocation, gl_StorageSemanticsBuffer, gl_SemanticsAcquire, gl_StorageSemanticsBuffer, gl_SemanticsAcquire);", true),
        ("atomicCompSwap(u, 10u, 20u, gl_SemanticsRelease, 0, 0, gl_StorageSemanticsShared, gl_SemanticsAcquire);", true),
        ("atomicAdd(u, 1u, gl_ScopeInvocation, gl_StorageSemanticsShared, gl_SemanticsRelease);", true),
        ("imageAtomicAdd(img, ivec2(0), 1u, gl_ScopeInvocation, gl_StorageSemanticsImage, gl_SemanticsRelease);", true),
        ("atomicAdd(u, 1u, gl_ScopeInvocation, 0, 0); atomicCompSwap(u, 10u, 20u, gl_ScopeInvocation, 0, 0, 0, 0);", false),
    ];
    let mut failures = Vec::new();
    for &(body, refused) in CASES {
        let source = format!("{HEAD}void main() {{ {body} }}\n");
        let options = CompileOptions { language: Language::Glsl, target: shader_core::Target::Vulkan, ..Default::default() };
        match compile("a.comp", &source, &options) {
            Ok(_) if refused => failures.push(format!("{body}\n  compiled")),
            Ok(out) => {
                if let Some(e) = spirv_val(&out.spirv) {
                    failures.push(format!("{body}\n  invalid SPIR-V: {e}"));
                }
            }
            Err(e) if refused => {
                let text = e.render();
                if !text.contains("at `gl_ScopeInvocation` takes no storage or memory semantics") || text.matches("error").count() != 1 || !text.contains("a.comp:") {
                    failures.push(format!("{body}\n  expected one located error:\n{text}"));
                }
                // The oracle: glslang's module for it is invalid.
                if let Some(theirs) = glslang_spirv("a.comp", &source) {
                    if spirv_val(&theirs).is_none() {
                        failures.push(format!("{body}\n  glslang's module passes spirv-val"));
                    }
                }
            }
            Err(e) => failures.push(format!("{body}\n  refused:\n{}", e.render())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// [`check_verdict`] of each case's program, `source(case)`; panics with every failure.
fn assert_verdicts(name: &str, cases: &[(&str, Option<&str>)], source: impl Fn(&str) -> String) {
    let mut failures = Vec::new();
    for &(case, expected) in cases {
        check_verdict(name, &source(case), expected, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Compiles `source` for the Vulkan target and records in `failures` where our verdict is not
/// `expected` (`None`: it compiles; `Some(piece)`: one located error containing `piece`) or
/// differs from glslangValidator's.
fn check_verdict(name: &str, source: &str, expected: Option<&str>, failures: &mut Vec<String>) {
    let options = CompileOptions { language: Language::Glsl, target: shader_core::Target::Vulkan, ..Default::default() };
    match (compile(name, source, &options), expected) {
        (Ok(_), None) => {}
        (Ok(_), Some(message)) => failures.push(format!("{source}\n  compiled; expected `{message}`")),
        (Err(e), None) => failures.push(format!("{source}\n  refused:\n{}", e.render())),
        (Err(e), Some(message)) => {
            let text = e.render();
            if !text.contains(message) || text.matches("error").count() != 1 || !text.contains(&format!("{name}:")) {
                failures.push(format!("{source}\n  expected one located error with `{message}`:\n{text}"));
            }
        }
    }
    if let Some(accepted) = glslang_accepts(name, source) {
        if accepted != expected.is_none() {
            failures.push(format!("{source}\n  glslang's verdict differs (accepts: {accepted})"));
        }
    }
}

/// The lengths of a module's `OpTypeArray`s, sorted (its 32-bit `OpConstant` lengths).
fn array_lengths(words: &[u32]) -> Vec<u32> {
    let mut constants = std::collections::HashMap::new();
    let mut lengths = Vec::new();
    let mut at = 5;
    while at < words.len() {
        let (count, opcode) = ((words[at] >> 16) as usize, words[at] & 0xffff);
        let operands = &words[at + 1..(at + count.max(1)).min(words.len())];
        match (opcode, operands) {
            (43, [_, id, value]) => {
                constants.insert(*id, *value);
            }
            (28, [_, _, length]) => lengths.push(constants.get(length).copied().unwrap_or(u32::MAX)),
            _ => {}
        }
        at += count.max(1);
    }
    lengths.sort_unstable();
    lengths
}

/// `spirv-val --target-env vulkan1.1`'s complaint, or `None` when the module is valid (or the
/// tool is missing, which `CI=true` does not allow).
fn spirv_val(words: &[u32]) -> Option<String> {
    let path = scratch_dir().join("a.spv");
    std::fs::write(&path, words.iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>()).ok()?;
    let out = std::process::Command::new("spirv-val").args(["--target-env", "vulkan1.1"]).arg(&path).output();
    let _ = std::fs::remove_dir_all(path.parent()?);
    match out {
        Ok(out) if out.status.success() => None,
        Ok(out) => Some(String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout)),
        Err(_) => {
            assert!(std::env::var("CI").map_or(true, |v| v != "true"), "spirv-val is required with CI=true");
            None
        }
    }
}

/// glslangValidator's SPIR-V for a shader it accepts (`name` gives the stage).
fn glslang_spirv(name: &str, source: &str) -> Option<Vec<u32>> {
    let dir = scratch_dir();
    std::fs::write(dir.join(name), source).ok()?;
    let status = std::process::Command::new("glslangValidator").arg("-V").arg(dir.join(name)).arg("-o").arg(dir.join("a.spv")).output().ok()?;
    let bytes = if status.status.success() { std::fs::read(dir.join("a.spv")).ok() } else { None };
    let _ = std::fs::remove_dir_all(&dir);
    Some(bytes?.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
}

/// A new temporary directory (the tests run in parallel and share file names).
fn scratch_dir() -> std::path::PathBuf {
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("glsl_verdicts_scratch_{}_{call}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// Whether glslangValidator accepts a shader for Vulkan (`name` gives the stage); `None` when
/// it is not installed (a failure with `CI=true`).
fn glslang_accepts(name: &str, source: &str) -> Option<bool> {
    // One directory per call: the tests run in parallel and share file names.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("glsl_verdicts_{}_{call}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let path = dir.join(name);
    std::fs::write(&path, source).ok()?;
    let status = std::process::Command::new("glslangValidator").arg("-V").arg(&path).arg("-o").arg(dir.join("a.spv")).output();
    let _ = std::fs::remove_dir_all(&dir);
    match status {
        Ok(out) => Some(out.status.success()),
        Err(_) => {
            assert!(std::env::var("CI").map_or(true, |v| v != "true"), "glslangValidator is required with CI=true");
            eprintln!("SKIPPED: glslangValidator not installed; verdicts not compared");
            None
        }
    }
}

/// A built-in function of a specialization constant is no specialization-constant operation
/// in GLSL: an array sized `max(K, 3)` and a global `const int L = max(K, 3);` are refused as
/// glslang refuses them (WGSL's override-expressions take `max`, `min`, `clamp` and `abs` of
/// integers, written as comparisons and selects: `spec_length::copy`); `K * 2 + 1` is one.
#[test]
fn builtin_calls_of_specialization_constants_are_not_spec_operations() {
    let cases: &[(&str, bool)] = &[
        ("shared float a[max(K, 3)];\nvoid main() { }", false),
        ("shared float a[abs(K)];\nvoid main() { }", false),
        ("const int L = max(K, 3);\nshared float a[L];\nvoid main() { }", false),
        ("shared float a[K * 2 + 1];\nvoid main() { a[0] = 1.0; }", true),
        ("const int L = K > 3 ? K : 3;\nshared float a[L];\nvoid main() { a[0] = 1.0; }", true),
    ];
    let mut failures = Vec::new();
    for &(body, accepted) in cases {
        let source = format!("#version 450\nlayout(local_size_x = 1) in;\nlayout(constant_id = 0) const int K = 3;\n{body}\n");
        let options = CompileOptions { language: Language::Glsl, ..Default::default() };
        match compile("a.comp", &source, &options) {
            Ok(_) if !accepted => failures.push(format!("{body}\n  accepted")),
            Err(e) if accepted => failures.push(format!("{body}\n  refused:\n{}", e.render())),
            Err(e) if !e.render().contains("a.comp:4:") => failures.push(format!("{body}\n  not located on line 4:\n{}", e.render())),
            _ => {}
        }
        if let Some(glslang) = glslang_accepts("a.comp", &source) {
            if glslang != accepted {
                failures.push(format!("{body}\n  glslang's verdict differs (accepts: {glslang})"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Workgroup-size layouts belong to the standalone `layout(...) in;` (GLSL 4.60 §4.4.1.4):
/// on a block member (SHADER_MUTANTS_SEED=15, block_align.comp#2) or a variable they are an
/// error, as glslang's "can only apply to a standalone qualifier", except a size of 1, which
/// glslang lets pass; 0 is an error anywhere.
#[test]
fn workgroup_size_layouts_only_on_the_standalone_qualifier() {
    let cases: &[(&str, Option<&str>)] = &[
        ("layout(std430, binding = 0) buffer B { layout(local_size_x = 200) float f; float g; } b;", Some("applies only to a standalone")),
        ("layout(std430, binding = 0) buffer B { layout(local_size_y = 4) float f; float g; } b;", Some("applies only to a standalone")),
        ("layout(std430, binding = 0) buffer B { layout(local_size_x_id = 3) float f; float g; } b;", Some("applies only to a standalone")),
        ("layout(std140, binding = 1) uniform U { layout(local_size_z = 2) float f; } u;", Some("applies only to a standalone")),
        ("layout(std430, binding = 0) buffer B { layout(local_size_x = 0) float f; float g; } b;", Some("local size must be at least 1")),
        ("layout(std430, binding = 0) buffer B { layout(local_size_x = 1) float f; float g; } b;", None),
        ("layout(local_size_x = 8, std430, binding = 0) buffer B { float f; float g; } b;", Some("applies only to a standalone")),
        ("layout(std430, binding = 0) buffer B { float f; float g; } b;", None),
    ];
    assert_verdicts("a.comp", cases, |declaration| format!("#version 450\nlayout(local_size_x = 1) in;\n{declaration}\nvoid main() {{ }}\n"));
}

/// A constant texel offset outside [gl_MinProgramTexelOffset, gl_MaxProgramTexelOffset] =
/// [-8, 7] is an error in every lookup but a gather (GLSL 4.60 §8.9.2; SHADER_MUTANTS_SEED=14,
/// shaders_frag_texel-fetch-offset.frag#0: `ivec2(-1, 2147483648)` was accepted).
#[test]
fn texel_offsets_lie_in_the_minimum_range() {
    let cases: &[(&str, Option<&str>)] = &[
        ("texelFetchOffset(t, ivec2(0), 0, ivec2(-1, 100))", Some("texel offset 100 is outside")),
        ("texelFetchOffset(t, ivec2(0), 0, ivec2(-9, 0))", Some("texel offset -9 is outside")),
        ("textureOffset(t, vec2(0.5), ivec2(8, 0))", Some("texel offset 8 is outside")),
        ("textureOffset(t, vec2(0.5), ivec2(0, -9), 1.0)", Some("texel offset -9 is outside")),
        ("textureLodOffset(t, vec2(0.5), 0.0, ivec2(-9, 0))", Some("texel offset -9 is outside")),
        ("textureGradOffset(t, vec2(0.5), vec2(0.0), vec2(0.0), ivec2(-9, 0))", Some("texel offset -9 is outside")),
        ("textureProjOffset(t, vec3(0.5), ivec2(-9, 0))", Some("texel offset -9 is outside")),
        ("textureOffset(t, vec2(0.5), ivec2(7, -8))", None),
        ("texelFetchOffset(t, ivec2(0), 0, ivec2(-8, 7))", None),
        ("textureGatherOffset(t, vec2(0.5), ivec2(-9, 0))", None),
    ];
    let mut failures = Vec::new();
    for &(call, expected) in cases {
        let source = format!(
            "#version 450\nlayout(location = 0) out vec4 color;\nlayout(binding = 0) uniform sampler2D t;\nvoid main() {{\n    color = vec4({call});\n}}\n"
        );
        check_verdict("a.frag", &source, expected, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `layout(primitive_culling);` (GL_EXT_ray_flags_primitive_culling) names no storage, so a
/// function body may hold it as glslang takes it (SHADER_MUTANTS_SEED=14, ext_ray_query.comp#3);
/// a default with a storage qualifier stays global (glslang: "not allowed in nested scope").
/// The module declares SPV_KHR_ray_query, which brings the capability (spirv-val).
#[test]
fn primitive_culling_default_in_a_function_body() {
    let head = "#version 460\n#extension GL_EXT_ray_flags_primitive_culling : require\nlayout(local_size_x = 1) in;\n";
    let cases: &[(&str, Option<&str>)] = &[
        ("void main() {\n    layout(primitive_culling);\n}\n", None),
        ("layout(primitive_culling);\nvoid main() {\n}\n", None),
        ("void main() {\n    layout(std430) buffer;\n}\n", Some("layout defaults must be declared at global scope")),
    ];
    let mut failures = Vec::new();
    for &(body, expected) in cases {
        let source = format!("{head}{body}");
        check_verdict("a.comp", &source, expected, &mut failures);
        if expected.is_none() {
            let options = CompileOptions { language: Language::Glsl, target: shader_core::Target::Vulkan, ..Default::default() };
            let words = compile("a.comp", &source, &options).map(|c| c.spirv).unwrap_or_default();
            if let Some(e) = spirv_val(&words) {
                failures.push(format!("{source}\n  spirv-val: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The data of a scoped atomic (GL_KHR_memory_scope_semantics) take the variable's type by
/// implicit conversion only, as overload resolution gives them (SHADER_MUTANTS_SEED=14,
/// spv.memoryScopeSemantics.comp#0: `atomicCompSwap(int64_var, int64_t(10), uint64_var, ...)`
/// was accepted with an explicit conversion).
#[test]
fn scoped_atomic_data_convert_implicitly_only() {
    let cases: &[(&str, Option<&str>)] = &[
        ("atomi64, int64_t(10), atomu64", Some("needs a scalar of the variable's type")),
        ("atomi, 10, atomu", Some("needs a scalar of the variable's type")),
        ("atomi, 10u, 20", Some("needs a scalar of the variable's type")),
        ("atomu, 10, value", None),
        ("atomu, 10u, atomi", None),
        ("atomi64, 10, int64_t(atomu64)", None),
        // Scope and semantics are `int` parameters (SHADER_MUTANTS_SEED=14: a `0u` semantics).
        ("atomu, 10u, 20u, gl_ScopeDevice, 0, 0u, 0, 0);\n    atomicCompSwap(atomu, 1u, 2u", Some("must be an `int`")),
        ("atomu, 10u, 20u, 1u, 0, 0, 0, 0);\n    atomicCompSwap(atomu, 1u, 2u", Some("must be an `int`")),
    ];
    assert_verdicts("a.comp", cases, |args| format!(
        "#version 450\n#extension GL_KHR_memory_scope_semantics : require\n#extension GL_ARB_gpu_shader_int64 : require\n#pragma use_vulkan_memory_model\n\
         layout(local_size_x = 1) in;\nshared int atomi;\nshared uint atomu;\nshared uint value;\nshared uint64_t atomu64;\nshared int64_t atomi64;\n\
         void main() {{\n    atomicCompSwap({args}, gl_ScopeDevice, gl_StorageSemanticsShared, gl_SemanticsAcquire, gl_StorageSemanticsShared, gl_SemanticsAcquire);\n}}\n"
    ));
}

/// An extension's opaque type name is a type only where one of its extensions is enabled, as
/// glslang's scanner reads it (glslang 12 `tokenizeIdentifier`); elsewhere it is a name, so a
/// declaration of that type is an error and a variable of that name compiles
/// (SHADER_MUTANTS_SEED=18, spv.ext.AccelDecl.frag#0: `accelerationStructureEXT` without its
/// extension was accepted). `accelerationStructureEXT`: GL_EXT_ray_query or GL_EXT_ray_tracing;
/// `rayQueryEXT`: GL_EXT_ray_query in desktop GLSL 4.60; `i64image2D` & co.:
/// GL_EXT_shader_image_int64 (no 64-bit sampler or texture type); `f16sampler2D` & co.:
/// GL_AMD_gpu_shader_half_float_fetch.
#[test]
fn extension_opaque_types_need_their_extension() {
    const RAY_QUERY: &str = "#extension GL_EXT_ray_query : enable";
    const INT64: &str = "#extension GL_EXT_shader_image_int64 : enable\n#extension GL_EXT_shader_explicit_arithmetic_types_int64 : enable";
    const HALF: &str = "#extension GL_AMD_gpu_shader_half_float_fetch : enable";
    let cases: &[(&str, &str, &str, Option<&str>)] = &[
        // (version, extensions, declarations, a piece of the expected error or None)
        ("460", "", "layout(binding = 0) uniform accelerationStructureEXT as;", Some("GL_EXT_ray_query")),
        ("460", RAY_QUERY, "layout(binding = 0) uniform accelerationStructureEXT as;", None),
        ("450", RAY_QUERY, "layout(binding = 0) uniform accelerationStructureEXT as;", None),
        ("460", "", "int accelerationStructureEXT = 1;", None),
        ("460", "", "void f() { rayQueryEXT q; }", Some("GL_EXT_ray_query")),
        ("460", RAY_QUERY, "void f() { rayQueryEXT q; }", None),
        ("450", RAY_QUERY, "void f() { rayQueryEXT q; }", Some("rayQueryEXT")),
        ("450", RAY_QUERY, "int rayQueryEXT = 2;", None),
        ("460", "", "void f() { int rayQueryEXT = 2; }", None),
        ("460", "", "layout(binding = 0, r64i) uniform i64image2D im;", Some("GL_EXT_shader_image_int64")),
        ("460", INT64, "layout(binding = 0, r64i) uniform i64image2D im;", None),
        ("460", INT64, "layout(binding = 0, r64ui) uniform u64imageCubeArray im;", None),
        ("460", "", "int i64image2D = 1;", None),
        ("460", INT64, "layout(binding = 0) uniform i64sampler2D s;", Some("i64sampler2D")),
        ("460", INT64, "layout(binding = 0) uniform u64texture2D t;", Some("u64texture2D")),
        ("460", "", "layout(binding = 0) uniform f16sampler2D s;", Some("GL_AMD_gpu_shader_half_float_fetch")),
        ("460", HALF, "layout(binding = 0) uniform f16sampler2D s;", None),
        ("460", HALF, "layout(binding = 0) uniform f16texture2DArray t;", None),
        ("460", "", "layout(binding = 0) uniform f16texture2DArray t;", Some("GL_AMD_gpu_shader_half_float_fetch")),
        ("460", "", "float f16sampler2D = 1.0;", None),
    ];
    let mut failures = Vec::new();
    for &(version, extensions, declarations, expected) in cases {
        let source = format!("#version {version}\n{extensions}\n{declarations}\nlayout(location = 0) out vec4 c;\nvoid main() {{ c = vec4(1.0); }}\n");
        check_verdict("a.frag", &source, expected, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
