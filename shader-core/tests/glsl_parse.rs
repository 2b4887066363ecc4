//! GLSL parser tests: operator precedence as a table, every declaration and statement form,
//! error recovery, nesting limits, and the GLSL corpus. The tokenizer here is a throwaway
//! stand-in for the preprocessor (no directives: lines starting with `#` are skipped).

use shader_core::glsl::ast::*;
use shader_core::glsl::parser::parse;
use shader_core::glsl::token::{Token, TokenKind};
use shader_core::span::{FileId, Span};

// ---- a crude tokenizer ----

const PUNCT: &[&str] = &[
    "<<=", ">>=", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "^^", "+=", "-=", "*=", "/=", "%=",
    "&=", "|=", "^=",
];

/// Tokens of `source` and the `#version` it declares (100 when it has none).
fn tokenize(source: &str) -> (Vec<Token>, u32, bool) {
    let mut version = (100, false);
    let mut tokens = Vec::new();
    let bytes = source.as_bytes();
    let mut i = 0;
    let mut line_start = true;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if line_start && c == b'#' {
            let end = source[i..].find('\n').map_or(source.len(), |n| i + n);
            let line = &source[i..end];
            let mut words = line.trim_start_matches('#').split_whitespace();
            if words.next() == Some("version") {
                let n = words.next().and_then(|w| w.parse().ok()).unwrap_or(100);
                version = (n, words.next() == Some("es"));
            }
            i = end;
            continue;
        }
        line_start = false;
        let start = i;
        let kind = if source[i..].starts_with("//") {
            i = source[i..].find('\n').map_or(source.len(), |n| i + n);
            continue;
        } else if source[i..].starts_with("/*") {
            i = source[i + 2..].find("*/").map_or(source.len(), |n| i + 2 + n + 2);
            continue;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            TokenKind::Ident
        } else if c.is_ascii_digit() || (c == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            let mut float = false;
            if source[i..].starts_with("0x") || source[i..].starts_with("0X") {
                i += 2;
                while i < bytes.len() && bytes[i].is_ascii_hexdigit() {
                    i += 1;
                }
            } else {
                while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
                    float |= bytes[i] == b'.';
                    i += 1;
                }
                if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
                    float = true;
                    i += 1;
                    if i < bytes.len() && (bytes[i] == b'+' || bytes[i] == b'-') {
                        i += 1;
                    }
                    while i < bytes.len() && bytes[i].is_ascii_digit() {
                        i += 1;
                    }
                }
            }
            let suffix_start = i;
            while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                i += 1;
            }
            let suffix = source[suffix_start..i].to_ascii_lowercase();
            float |= suffix.contains('f') && !source[start..].starts_with("0x");
            if float {
                TokenKind::FloatLit
            } else {
                TokenKind::IntLit
            }
        } else {
            let p = PUNCT.iter().find(|p| source[i..].starts_with(*p)).map_or(1, |p| p.len());
            i += p.max(source[i..].chars().next().map_or(1, char::len_utf8));
            i = i.max(start + p);
            TokenKind::Punct
        };
        tokens.push(Token { kind, text: source[start..i].into(), span: Span::new(FileId(0), start as u32, i as u32) });
    }
    (tokens, version.0, version.1)
}

fn parse_src(source: &str) -> (TranslationUnit, shader_core::diag::Diagnostics) {
    let (tokens, version, es) = tokenize(source);
    parse(&tokens, version.max(450), es)
}

fn parse_ok(source: &str) -> TranslationUnit {
    let (tu, diags) = parse_src(source);
    let messages: Vec<_> = diags.iter().map(|d| format!("{} at {:?}", d.message, d.primary_span())).collect();
    assert!(messages.is_empty(), "unexpected errors in\n{source}\n{messages:#?}");
    tu
}

// ---- printing expressions fully parenthesized ----

fn show(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Ident(i) => i.name.to_string(),
        ExprKind::StringLit(text) => format!("{text:?}"),
        ExprKind::Literal(Literal::Bool(b)) => b.to_string(),
        ExprKind::Literal(Literal::Int { value, suffix }) => format!("{value}{suffix:?}").replace("None", ""),
        ExprKind::Literal(Literal::Float { value, suffix }) => format!("{value:?}{suffix:?}").replace("None", ""),
        ExprKind::Unary { op, operand } => match op {
            UnaryOp::PostIncrement => format!("({}++)", show(operand)),
            UnaryOp::PostDecrement => format!("({}--)", show(operand)),
            _ => {
                let o = match op {
                    UnaryOp::Neg => "-",
                    UnaryOp::Plus => "+",
                    UnaryOp::Not => "!",
                    UnaryOp::BitNot => "~",
                    UnaryOp::PreIncrement => "++",
                    _ => "--",
                };
                format!("({o}{})", show(operand))
            }
        },
        ExprKind::Binary { op, left, right } => format!("({} {} {})", show(left), op_text(*op), show(right)),
        ExprKind::Assign { op, target, value } => {
            format!("({} {}= {})", show(target), op.map_or("", op_text), show(value))
        }
        ExprKind::Ternary { condition, accept, reject } => {
            format!("({} ? {} : {})", show(condition), show(accept), show(reject))
        }
        ExprKind::Sequence(items) => format!("({})", items.iter().map(show).collect::<Vec<_>>().join(", ")),
        ExprKind::Index { base, index } => format!("{}[{}]", show(base), show(index)),
        ExprKind::Field { base, field } => format!("{}.{}", show(base), field.name),
        ExprKind::Call { callee, args } => {
            let name = match callee {
                Callee::Function(f) => f.name.to_string(),
                Callee::Type(t) => format!("type {}{}", show_type(t), "[]".repeat(t.array.len())),
            };
            format!("{name}({})", args.iter().map(show).collect::<Vec<_>>().join(", "))
        }
        ExprKind::MethodCall { base, method, args } => {
            format!("{}.{}({})", show(base), method.name, args.iter().map(show).collect::<Vec<_>>().join(", "))
        }
    }
}

fn show_type(t: &TypeSpecifier) -> String {
    match &t.kind {
        TypeKind::Builtin(b) => format!("{b:?}"),
        TypeKind::Struct(s) => format!("struct {:?}", s.name.as_ref().map(|n| &n.name)),
        TypeKind::Named(n) => n.name.to_string(),
    }
}

fn op_text(op: BinaryOp) -> &'static str {
    use BinaryOp::*;
    match op {
        Mul => "*",
        Div => "/",
        Mod => "%",
        Add => "+",
        Sub => "-",
        Shl => "<<",
        Shr => ">>",
        Less => "<",
        Greater => ">",
        LessEqual => "<=",
        GreaterEqual => ">=",
        Equal => "==",
        NotEqual => "!=",
        BitAnd => "&",
        BitXor => "^",
        BitOr => "|",
        LogicalAnd => "&&",
        LogicalXor => "^^",
        LogicalOr => "||",
    }
}

fn function_body(tu: &TranslationUnit) -> &[Stmt] {
    tu.decls
        .iter()
        .find_map(|d| match d {
            ExternalDeclaration::Function(f) => Some(f.body.stmts.as_slice()),
            _ => None,
        })
        .expect("a function definition")
}

// ---- precedence ----

#[test]
fn precedence_table() {
    let cases = [
        ("a + b * c", "(a + (b * c))"),
        ("a * b + c", "((a * b) + c)"),
        ("a - b - c", "((a - b) - c)"),
        ("a / b % c", "((a / b) % c)"),
        ("a << b + c", "(a << (b + c))"),
        ("a < b << c", "(a < (b << c))"),
        ("a == b < c", "(a == (b < c))"),
        ("a & b == c", "(a & (b == c))"),
        ("a ^ b & c", "(a ^ (b & c))"),
        ("a | b ^ c", "(a | (b ^ c))"),
        ("a && b | c", "(a && (b | c))"),
        ("a ^^ b && c", "(a ^^ (b && c))"),
        ("a || b ^^ c", "(a || (b ^^ c))"),
        ("a || b && c || d", "((a || (b && c)) || d)"),
        ("a ? b : c ? d : e", "(a ? b : (c ? d : e))"),
        ("a || b ? c, d : e", "((a || b) ? (c, d) : e)"),
        ("a = b = c", "(a = (b = c))"),
        ("a += b * c", "(a += (b * c))"),
        ("a <<= b", "(a <<= b)"),
        ("a = b ? c : d", "(a = (b ? c : d))"),
        ("a = 1, b = 2", "((a = 1), (b = 2))"),
        ("-a * b", "((-a) * b)"),
        ("-a.x", "(-a.x)"),
        ("!a && b", "((!a) && b)"),
        ("~a & b", "((~a) & b)"),
        ("- -a", "(-(-a))"),
        ("++a.x", "(++a.x)"),
        ("a++ + ++b", "((a++) + (++b))"),
        ("a[i]++", "(a[i]++)"),
        ("a.b[c].d", "a.b[c].d"),
        ("f(a, b)[0].xy", "f(a, b)[0].xy"),
        ("(a + b) * c", "((a + b) * c)"),
        ("vec3(1.0, 2, x).zyx", "type Vector(Scalar { kind: Float, width: 4 }, Tri)(1.0, 2, x).zyx"),
        ("float[2](1.0, 2.0)", "type Scalar(Scalar { kind: Float, width: 4 })[](1.0, 2.0)"),
        ("arr.length()", "arr.length()"),
        ("f(void)", "f()"),
        ("0x10u + 010 + 7UL + 3s", "(((16U + 8) + 7UL) + 3S)"),
        ("1.5lf * 2.0hf * 1e3 * .5f", "(((1.5LF * 2.0HF) * 1000.0) * 0.5)"),
        ("true ^^ false", "(true ^^ false)"),
        ("a < b == c > d", "((a < b) == (c > d))"),
        ("a >> 1 >= b", "((a >> 1) >= b)"),
        ("texture2D(s, uv)", "texture2D(s, uv)"),
        ("sampler2D(t, s)", "type Sampler(ImageType { scalar: Scalar { kind: Float, width: 4 }, dim: D2, arrayed: false, multisampled: false, shadow: false })(t, s)"),
    ];
    let mut failures = Vec::new();
    for (source, expected) in cases {
        let tu = parse_ok(&format!("void main() {{ {source}; }}"));
        let StmtKind::Expr(e) = &function_body(&tu)[0].kind else { panic!("{source}: not an expression statement") };
        let got = show(e);
        if got != expected {
            failures.push(format!("{source}\n   got      {got}\n   expected {expected}"));
        }
    }
    assert!(failures.is_empty(), "precedence mismatches:\n{}", failures.join("\n"));
}

#[test]
fn expression_spans_cover_their_tokens() {
    let source = "void main() { x = (a + b) * c; }";
    let tu = parse_ok(source);
    let StmtKind::Expr(e) = &function_body(&tu)[0].kind else { panic!() };
    assert_eq!(&source[e.span.range()], "x = (a + b) * c");
    let ExprKind::Assign { value, .. } = &e.kind else { panic!() };
    let ExprKind::Binary { left, .. } = &value.kind else { panic!() };
    assert_eq!(&source[left.span.range()], "(a + b)");
    assert_eq!(&source[function_body(&tu)[0].span.range()], "x = (a + b) * c;");
}

// ---- declarations ----

const DECLARATIONS: &str = r#"
#version 460
precision highp float;
precision mediump int;
layout(local_size_x = 64, local_size_y = 1, local_size_z_id = 2) in;
layout(std140) uniform;
layout(early_fragment_tests) in;
invariant gl_Position;
precise p0, p1;
out gl_PerVertex { vec4 gl_Position; float gl_PointSize; float gl_ClipDistance[]; };
layout(location = 0) in vec3 position;
layout(location = 1, component = 2) flat in int id;
centroid noperspective out vec2 uv;
layout(location = 0, index = 1) out vec4 color;
layout(set = 0, binding = 1) uniform sampler2D tex;
layout(binding = 2) uniform texture2DArray layers;
layout(binding = 3) uniform sampler samp;
layout(binding = 4, rgba8) uniform readonly restrict image2D img;
layout(binding = 5, r32ui) coherent volatile uniform uimage3D counters;
layout(input_attachment_index = 0, set = 1, binding = 0) uniform subpassInputMS attachment;
layout(binding = 6, offset = 4) uniform atomic_uint hits;
layout(std140, binding = 0) uniform Globals { layout(row_major) mat4 mvp; mat3x4 normal; float t; } globals;
layout(std430, set = 1, binding = 1) readonly buffer Particles { uint count; vec4 data[]; } particles[4];
layout(push_constant) uniform Push { int8_t a; uint64_t b; f16vec3 c; dmat2x3 d; } push;
layout(scalar, binding = 9) buffer Unnamed { layout(offset = 16) float values[2][3]; };
layout(constant_id = 3) const int SIZE = 4;
shared float scratch[64];
struct Light { vec3 position; float intensity[2]; };
struct { int x; } anonymous;
struct Pair { Light a, b[2]; } pairs[2], single;
Light lights[SIZE];
const float[3] weights = float[3](0.25, 0.5, 0.25), more[2] = { {1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}, };
const vec2 offsets[] = vec2[](vec2(0), vec2(1));
highp vec4 scale(in vec4 v, const float k, out float r, inout int n[2], float);
void noargs(void);
layout(buffer_reference, std430) buffer Node { Node next; int value; };
Node head;
sample in vec4 perSample;
patch out vec4 tessFactor;
layout(location = 2) smooth in vec4 color2;
nonuniformEXT int dynamicIndex;
vec4 scale(in vec4 v, const float k, out float r, inout int n[2], float) { return v * k; }
[[random(4)]] void main() [[subgroup_uniform_control_flow]] { }
"#;

#[test]
fn every_declaration_form() {
    let tu = parse_ok(DECLARATIONS);
    assert_eq!(tu.version, 460);
    let decls: Vec<&Declaration> = tu
        .decls
        .iter()
        .filter_map(|d| match d {
            ExternalDeclaration::Declaration(d) => Some(d),
            _ => None,
        })
        .collect();
    let kinds: Vec<&str> = decls
        .iter()
        .map(|d| match &d.kind {
            DeclarationKind::Variables(_) => "var",
            DeclarationKind::Prototype(_) => "proto",
            DeclarationKind::Precision { .. } => "precision",
            DeclarationKind::Block(_) => "block",
            DeclarationKind::Qualifiers(_) => "quals",
            DeclarationKind::Redeclaration { .. } => "redecl",
        })
        .collect();
    #[rustfmt::skip]
    let expected = [
        "precision", "precision", "quals", "quals", "quals", "redecl", "redecl", "block",
        "var", "var", "var", "var", "var", "var", "var", "var", "var", "var", "var",
        "block", "block", "block", "block", "var", "var", "var", "var", "var", "var", "var", "var",
        "proto", "proto", "block", "var", "var", "var", "var", "var",
    ];
    assert_eq!(kinds, expected);

    // `layout(local_size_x = 64, ...) in;`
    let DeclarationKind::Qualifiers(q) = &decls[2].kind else { panic!() };
    let size = q.layout("local_size_x").and_then(|l| l.value.as_ref()).map(show);
    assert_eq!(size.as_deref(), Some("64"));
    assert!(q.layout("LOCAL_SIZE_Z_ID").is_some());
    assert_eq!(q.storage().map(|s| s.0).collect::<Vec<_>>(), [StorageQualifier::In]);

    // `invariant gl_Position;`
    let DeclarationKind::Redeclaration { qualifiers, names } = &decls[5].kind else { panic!() };
    assert!(qualifiers.is_invariant());
    assert_eq!(names[0].name, "gl_Position");

    // `out gl_PerVertex { ... };`
    let DeclarationKind::Block(b) = &decls[7].kind else { panic!() };
    assert_eq!(b.name.name, "gl_PerVertex");
    assert!(b.instance.is_none());
    assert_eq!(b.members.len(), 3);
    assert!(b.members[2].declarators[0].array[0].size.is_none());

    // `layout(location = 1, component = 2) flat in int id;`
    let DeclarationKind::Variables(v) = &decls[9].kind else { panic!() };
    assert_eq!(v.ty.qualifiers.interpolation(), Some(Interpolation::Flat));
    assert_eq!(v.ty.qualifiers.layout("component").and_then(|l| l.value.as_ref()).map(show).as_deref(), Some("2"));
    assert!(matches!(v.ty.ty.kind, TypeKind::Builtin(BuiltinType::Scalar(s)) if s == shader_core::ir::Scalar::I32));

    // `centroid noperspective out vec2 uv;`
    let DeclarationKind::Variables(v) = &decls[10].kind else { panic!() };
    assert!(v.ty.qualifiers.has_auxiliary(Auxiliary::Centroid));
    assert_eq!(v.ty.qualifiers.interpolation(), Some(Interpolation::NoPerspective));

    // Image with format and memory qualifiers.
    let DeclarationKind::Variables(v) = &decls[15].kind else { panic!() };
    assert!(v.ty.qualifiers.layout("rgba8").is_some_and(|l| l.value.is_none()));
    assert!(v.ty.qualifiers.has_memory(MemoryQualifier::ReadOnly) && v.ty.qualifiers.has_memory(MemoryQualifier::Restrict));
    let TypeKind::Builtin(BuiltinType::Image(image)) = v.ty.ty.kind else { panic!() };
    assert_eq!((image.dim, image.arrayed, image.scalar), (ImageDim::D2, false, shader_core::ir::Scalar::F32));

    let DeclarationKind::Variables(v) = &decls[17].kind else { panic!() };
    assert!(matches!(v.ty.ty.kind, TypeKind::Builtin(BuiltinType::SubpassInput { multisampled: true, .. })));

    // Uniform block with instance name and member layout.
    let DeclarationKind::Block(b) = &decls[19].kind else { panic!() };
    assert_eq!(b.instance.as_ref().map(|i| i.name.as_str()), Some("globals"));
    assert!(b.members[0].qualifiers.layout("row_major").is_some());
    let TypeKind::Builtin(BuiltinType::Matrix { columns, rows, .. }) = b.members[1].ty.kind else { panic!() };
    assert_eq!((columns as u32, rows as u32), (3, 4));

    // Buffer block array.
    let DeclarationKind::Block(b) = &decls[20].kind else { panic!() };
    assert_eq!(b.array.len(), 1);
    assert!(b.qualifiers.has_memory(MemoryQualifier::ReadOnly));
    assert!(b.qualifiers.storage().any(|s| s.0 == StorageQualifier::Buffer));

    // Anonymous block with a two-dimensional member.
    let DeclarationKind::Block(b) = &decls[22].kind else { panic!() };
    assert!(b.instance.is_none());
    assert_eq!(b.members[0].declarators[0].array.len(), 2);

    // `layout(constant_id = 3) const int SIZE = 4;`
    let DeclarationKind::Variables(v) = &decls[23].kind else { panic!() };
    assert!(v.ty.qualifiers.layout("constant_id").is_some());
    assert_eq!(v.declarators[0].init.as_ref().map(|i| matches!(i, Initializer::Expr(_))), Some(true));

    // Struct definitions: named without declarators, anonymous, with declarators, then use.
    let DeclarationKind::Variables(v) = &decls[25].kind else { panic!() };
    assert!(v.declarators.is_empty());
    let TypeKind::Struct(s) = &v.ty.ty.kind else { panic!() };
    assert_eq!(s.name.as_ref().map(|n| n.name.as_str()), Some("Light"));
    let DeclarationKind::Variables(v) = &decls[26].kind else { panic!() };
    assert!(matches!(&v.ty.ty.kind, TypeKind::Struct(s) if s.name.is_none()));
    let DeclarationKind::Variables(v) = &decls[27].kind else { panic!() };
    assert_eq!(v.declarators.len(), 2);
    let TypeKind::Struct(s) = &v.ty.ty.kind else { panic!() };
    assert_eq!(s.members[0].declarators.len(), 2);
    assert!(matches!(&s.members[0].ty.kind, TypeKind::Named(n) if n.name == "Light"));
    let DeclarationKind::Variables(v) = &decls[28].kind else { panic!() };
    assert!(matches!(&v.ty.ty.kind, TypeKind::Named(n) if n.name == "Light"));

    // Arrays on the type and on the name; initializer lists with a trailing comma.
    let DeclarationKind::Variables(v) = &decls[29].kind else { panic!() };
    assert_eq!(v.ty.ty.array.len(), 1);
    assert_eq!(v.declarators[1].array.len(), 1);
    let Some(Initializer::List(rows, _)) = &v.declarators[1].init else { panic!() };
    assert_eq!(rows.len(), 2);
    assert!(matches!(&rows[0], Initializer::List(items, _) if items.len() == 3));
    let DeclarationKind::Variables(v) = &decls[30].kind else { panic!() };
    assert!(v.declarators[0].array[0].size.is_none());

    // Prototype with parameter qualifiers, an unnamed parameter and a precision on the return.
    let DeclarationKind::Prototype(p) = &decls[31].kind else { panic!() };
    assert_eq!(p.return_type.qualifiers.precision(), Some(Precision::High));
    assert_eq!(p.params.len(), 5);
    let dirs: Vec<_> = p.params.iter().map(|p| p.qualifiers.storage().map(|s| s.0).collect::<Vec<_>>()).collect();
    use StorageQualifier::*;
    assert_eq!(dirs, [vec![In], vec![Const], vec![Out], vec![InOut], vec![]]);
    assert_eq!(p.params[3].array.len(), 1);
    assert!(p.params[4].name.is_none());
    let DeclarationKind::Prototype(p) = &decls[32].kind else { panic!() };
    assert!(p.params.is_empty());

    // buffer_reference block names become type names.
    let DeclarationKind::Block(b) = &decls[33].kind else { panic!() };
    assert!(matches!(&b.members[0].ty.kind, TypeKind::Named(n) if n.name == "Node"));
    let DeclarationKind::Variables(v) = &decls[34].kind else { panic!() };
    assert!(matches!(&v.ty.ty.kind, TypeKind::Named(n) if n.name == "Node"));

    let DeclarationKind::Variables(v) = &decls[38].kind else { panic!() };
    assert!(v.ty.qualifiers.is_nonuniform());

    let functions = tu.decls.iter().filter(|d| matches!(d, ExternalDeclaration::Function(_))).count();
    assert_eq!(functions, 2);
}

#[test]
fn words_reserved_only_recently_still_name_variables() {
    // `sample`, `buffer`, `shared`, `patch` became keywords in GLSL 4.x; GLSL 1.x shaders use
    // them as names.
    // (Parsed at the version it gives: `parse_src` raises every version to 450.)
    let (tokens, _, _) = tokenize("void main() { float sample = 1.0; vec4 buffer; sample = sample * 2.0; patch(sample); }");
    let (tu, diags) = parse(&tokens, 110, false);
    assert!(diags.is_empty(), "{:?}", diags.iter().map(|d| &d.message).collect::<Vec<_>>());
    assert_eq!(function_body(&tu).len(), 4);
    // In 4.50 they are qualifier keywords, not names (GLSL 4.60 §3.6).
    let (_, diags) = parse(&tokens, 450, false);
    assert!(diags.iter().any(|d| d.message.contains("`sample` is a qualifier keyword")), "{:?}", diags.iter().map(|d| &d.message).collect::<Vec<_>>());
}

#[test]
fn texture_words_are_types_only_from_140() {
    let (tokens, _, _) = tokenize("uniform texture2D t;");
    let (_, diags) = parse(&tokens, 450, false);
    assert!(diags.is_empty());
    let (tu, diags) = parse(&tokens, 110, false);
    // In GLSL 1.10 `texture2D` is a function name; as a type it is an unknown name.
    assert!(diags.is_empty());
    let ExternalDeclaration::Declaration(Declaration { kind: DeclarationKind::Variables(v), .. }) = &tu.decls[0] else {
        panic!()
    };
    assert!(matches!(&v.ty.ty.kind, TypeKind::Named(n) if n.name == "texture2D"));
}

// ---- statements ----

#[test]
fn every_statement_form() {
    let source = r#"
struct S { int x; };
void main() {
    { }
    ;
    int a = 1, b[2] = int[2](1, 2);
    S s = S(1);
    S[2] pair;
    const highp float k = 2.0;
    a = a + 1;
    if (a > 0) a = 0; else if (a < 0) { a = 1; } else a = 2;
    if (a == 1) discard;
    switch (a) {
        case 0:
        case 1: a = 2;
        default: break;
        case 2: { a = 3; } break;
    }
    for (int i = 0; i < 4; ++i) { continue; }
    for (;;) break;
    for (a = 0, b[0] = 1; a < 3; a++, b[0]--) ;
    while (a < 10) a++;
    while (bool c = a < 3) { }
    do { a--; } while (a > 0);
    [[unroll]] for (int i = 0; i < 2; i++) { }
    [[dont_unroll, dependency_length(4)]] while (false) { }
    [[flatten]] if (true) { }
    demote;
    return;
}
float f() { return 1.0; }
"#;
    let tu = parse_ok(source);
    let body = function_body(&tu);
    let names: Vec<String> = body
        .iter()
        .map(|s| {
            let name = format!("{:?}", s.kind);
            name.split([' ', '(', '{']).next().unwrap_or("").to_string()
        })
        .collect();
    #[rustfmt::skip]
    let expected = [
        "Block", "Empty", "Declaration", "Declaration", "Declaration", "Declaration", "Expr", "If", "If",
        "Switch", "For", "For", "For", "While", "While", "DoWhile", "For", "While", "If", "Demote", "Return",
    ];
    assert_eq!(names, expected);

    // `S s = S(1);` is a declaration whose initializer constructs the struct.
    let StmtKind::Declaration(d) = &body[3].kind else { panic!() };
    let DeclarationKind::Variables(v) = &d.kind else { panic!() };
    let Some(Initializer::Expr(init)) = &v.declarators[0].init else { panic!() };
    assert!(matches!(&init.kind, ExprKind::Call { callee: Callee::Type(_), .. }));
    // `S[2] pair;` declares with the dimension on the type.
    let StmtKind::Declaration(d) = &body[4].kind else { panic!() };
    let DeclarationKind::Variables(v) = &d.kind else { panic!() };
    assert_eq!(v.ty.ty.array.len(), 1);

    // else-if chains nest in `reject`.
    let StmtKind::If { reject: Some(reject), .. } = &body[7].kind else { panic!() };
    assert!(matches!(reject.kind, StmtKind::If { reject: Some(_), .. }));

    // The switch body is flat: labels and statements in order.
    let StmtKind::Switch { body: switch, .. } = &body[9].kind else { panic!() };
    let flat: Vec<&str> = switch
        .stmts
        .iter()
        .map(|s| match s.kind {
            StmtKind::Case(_) => "case",
            StmtKind::Default => "default",
            StmtKind::Break => "break",
            StmtKind::Block(_) => "block",
            StmtKind::Expr(_) => "expr",
            _ => "other",
        })
        .collect();
    assert_eq!(flat, ["case", "case", "expr", "default", "break", "case", "block", "break"]);

    let StmtKind::For { init, condition: Some(_), step: Some(_), .. } = &body[10].kind else { panic!() };
    assert!(matches!(init.kind, StmtKind::Declaration(_)));
    let StmtKind::For { init, condition: None, step: None, .. } = &body[11].kind else { panic!() };
    assert!(matches!(init.kind, StmtKind::Empty));
    let StmtKind::For { init, step: Some(step), .. } = &body[12].kind else { panic!() };
    assert!(matches!(&init.kind, StmtKind::Expr(Expr { kind: ExprKind::Sequence(items), .. }) if items.len() == 2));
    assert!(matches!(&step.kind, ExprKind::Sequence(_)));
    assert!(matches!(&body[14].kind, StmtKind::While { condition: Condition::Declaration(_), .. }));

    assert_eq!(body[16].attributes.iter().map(|a| a.name.name.as_str()).collect::<Vec<_>>(), ["unroll"]);
    assert_eq!(body[17].attributes.len(), 2);
    assert_eq!(body[17].attributes[1].args.len(), 1);
}

// ---- errors ----

#[test]
fn recovers_and_reports_several_errors() {
    let source = r#"
uniform float ok1;
float broken = ;
void main() {
    int a = 1 +;
    a = 2;
    if (a) { a = ) ; }
    a = 3;
}
vec3 also broken;
struct T { int x; float ; };
float ok2;
"#;
    let (tu, diags) = parse_src(source);
    let messages: Vec<String> = diags.iter().map(|d| d.message.clone()).collect();
    assert_eq!(messages.len(), 5, "{messages:#?}");
    assert!(messages.iter().all(|m| m.starts_with("expected")), "{messages:#?}");
    // Everything around the errors is still there.
    let names: Vec<String> = tu
        .decls
        .iter()
        .filter_map(|d| match d {
            ExternalDeclaration::Declaration(Declaration { kind: DeclarationKind::Variables(v), .. }) => {
                v.declarators.first().map(|d| d.name.name.to_string())
            }
            ExternalDeclaration::Function(f) => Some(format!("{}()", f.prototype.name.name)),
            _ => None,
        })
        .collect();
    assert_eq!(names, ["ok1", "main()", "ok2"]);
    let body = function_body(&tu);
    assert_eq!(body.len(), 3, "a = 2; if (...) {{ }}; a = 3; survive");
    // The diagnostic points at the offending token.
    let first = diags.iter().next().and_then(|d| d.primary_span()).expect("a span");
    assert_eq!(&source[first.range()], ";");
}

#[test]
fn errors_at_end_of_input() {
    for source in ["void main() {", "void main() { a = (1 + ", "struct S {", "uniform B { int x; }", "float f(", "layout(", "#version 450\n"] {
        let (_, diags) = parse_src(source);
        if source.starts_with('#') {
            assert!(diags.is_empty());
        } else {
            assert!(diags.has_errors(), "{source}");
        }
    }
}

#[test]
fn garbage_never_panics() {
    let pieces = ["(", ")", "{", "}", "[", "]", ";", ",", "x", "int", "struct", "layout", "=", "+", "?", ":", "1", "if", "else", "for", "uniform", "."];
    // A deterministic pseudo-random walk over token soup.
    let mut state = 12345u32;
    for _ in 0..300 {
        let mut source = String::new();
        for _ in 0..40 {
            state = state.wrapping_mul(1103515245).wrapping_add(12345);
            source.push_str(pieces[(state >> 16) as usize % pieces.len()]);
            source.push(' ');
        }
        let _ = parse_src(&source);
    }
}

// ---- nesting ----

#[test]
fn deep_nesting_is_diagnosed_not_overflowed() {
    let n = 20_000;
    let parens = format!("void main() {{ x = {}1{}; }} float after;", "(".repeat(n), ")".repeat(n));
    let braces = format!("void main() {{ {} }} float after;", "{".repeat(n) + &"}".repeat(n));
    let unary = format!("void main() {{ x = {}1; }} float after;", "-".repeat(n));
    let init = format!("float a[1] = {}1{}; float after;", "{".repeat(n), "}".repeat(n));
    let assign = format!("void main() {{ {}1; }} float after;", "a = ".repeat(n));
    let ternary = format!("void main() {{ x = {}1; }} float after;", "c ? 1 : ".repeat(n));
    for source in [parens, braces, unary, init, assign, ternary] {
        let (tu, diags) = parse_src(&source);
        let nesting = diags.iter().filter(|d| d.message.contains("nesting is too deep")).count();
        assert_eq!(nesting, 1, "{:?}", diags.iter().map(|d| &d.message).collect::<Vec<_>>());
        // Parsing resumes after the too-deep construct.
        let after = tu.decls.iter().any(|d| {
            matches!(d, ExternalDeclaration::Declaration(Declaration { kind: DeclarationKind::Variables(v), .. })
                if v.declarators.first().is_some_and(|d| d.name.name == "after"))
        });
        assert!(after, "the declaration after the deep construct is parsed");
    }
    // Moderate nesting is fine.
    let ok = format!("void main() {{ x = {}1{}; {}{} }}", "(".repeat(40), ")".repeat(40), "{".repeat(40), "}".repeat(40));
    parse_ok(&ok);
}

// ---- corpus ----

#[test]
#[allow(clippy::print_stdout)] // the corpus count and misses are this test's report
fn corpus_files_glslang_accepts_parse() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    let Ok(manifest) = std::fs::read_to_string(root.join("MANIFEST.tsv")) else {
        eprintln!("corpus not found at {}; skipped", root.display());
        return;
    };
    let mut total = 0;
    let mut clean = 0;
    let mut misses = Vec::new();
    for row in manifest.lines().skip(1) {
        let cols: Vec<&str> = row.split('\t').collect();
        if cols.len() < 4 || cols[1] != "glsl" || cols[3] != "1" {
            continue;
        }
        let Ok(source) = std::fs::read_to_string(root.join(cols[0])) else { continue };
        total += 1;
        let (tokens, version, es) = tokenize(&source);
        let (_, diags) = parse(&tokens, version, es);
        if diags.is_empty() {
            clean += 1;
        } else {
            let first = diags.iter().next().expect("non-empty");
            let at = first.primary_span().map_or(0, |s| s.start as usize);
            let line = source[..at.min(source.len())].matches('\n').count() + 1;
            let uses_macros = source.lines().any(|l| l.trim_start().starts_with("#define") || l.trim_start().starts_with("#if"));
            misses.push(format!("{}:{line}: {}{}", cols[0], first.message, if uses_macros { "  [macros/#if]" } else { "" }));
        }
    }
    let macro_misses = misses.iter().filter(|m| m.ends_with("[macros/#if]")).count();
    println!("GLSL corpus: {clean}/{total} files parse without errors ({macro_misses} of the misses use macros or #if)");
    for m in &misses {
        println!("  miss {m}");
    }
    assert!(total > 0);
    assert!(clean * 100 >= total * 95, "only {clean}/{total} corpus files parse");
}

#[test]
fn every_type_keyword_is_a_builtin_type() {
    let mut words: Vec<String> = "void bool int uint float double int8_t uint8_t int16_t uint16_t int32_t uint32_t int64_t uint64_t \
        float16_t float32_t float64_t atomic_uint sampler samplerShadow subpassInput isubpassInput usubpassInputMS \
        sampler2DRectShadow samplerCubeArrayShadow sampler2DArrayShadow sampler1DShadow isampler2DMSArray usamplerBuffer \
        image2DMS uimageCubeArray iimage1DArray image2DRect imageBuffer texture2DMSArray utexture3D itextureCube \
        u64image2D i64imageBuffer f16subpassInputMS f16sampler2DShadow f16texture2DMSArray accelerationStructureEXT rayQueryEXT"
        .split_whitespace()
        .map(str::to_string)
        .collect();
    for prefix in ["", "i", "u", "b", "d", "f16", "f32", "f64", "i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64"] {
        for n in 2..=4 {
            words.push(format!("{prefix}vec{n}"));
        }
    }
    for prefix in ["", "d", "f16", "f32", "f64"] {
        for c in 2..=4 {
            words.push(format!("{prefix}mat{c}"));
            for r in 2..=4 {
                words.push(format!("{prefix}mat{c}x{r}"));
            }
        }
    }
    for kind in ["", "i", "u"] {
        for family in ["sampler", "texture", "image"] {
            for dim in ["1D", "2D", "3D", "Cube", "2DRect", "Buffer", "1DArray", "2DArray", "CubeArray", "2DMS", "2DMSArray"] {
                words.push(format!("{kind}{family}{dim}"));
            }
        }
    }
    for word in &words {
        assert!(shader_core::glsl::parser::builtin_type(word, 460, false).is_some(), "{word} is not a type");
    }
    for word in ["vec5", "mat1", "sampler3DShadow", "isampler2DShadow", "image2DShadow", "sampler2DMSShadow", "imageCubeMS", "i64subpassInput", "vec", "Sampler2D"] {
        assert!(shader_core::glsl::parser::builtin_type(word, 460, false).is_none(), "{word} is a type");
    }
}
