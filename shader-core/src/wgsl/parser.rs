//! The WGSL parser: tokens to [`ast`](super::ast), with error recovery.
//!
//! Recursive descent over the current W3C WGSL grammar (WGSL §10 "Statements", §8 "Expressions",
//! §16 "Grammar Summary"), also accepting the January 2021 draft's forms (`[[attr]]` lists,
//! `type X = T;`, `-> void`, `elseif`, `fallthrough;`, `var<in>`, attributes on types) where they
//! do not clash with the current language.
//!
//! Errors never stop the parse: a failed statement is skipped up to its `;` or the `}` closing
//! its construct, a failed global declaration up to the next declaration keyword or attribute
//! outside braces. Every loop consumes a token or stops, and nesting is limited to
//! [`MAX_DEPTH`], so no input can hang the parser or overflow its stack.

use super::ast::*;
use super::lexer::{self, Token, TokenKind as K};
use super::parse_diagnostics as msg;
use crate::diag::{Diagnostic, Diagnostics};
use crate::span::{FileId, Span};
use crate::wesl::cond::Chain;

/// The deepest nesting of expressions, blocks and operator chains the parser accepts.
pub const MAX_DEPTH: u32 = 128;

pub fn parse(source: &str, file: FileId) -> (TranslationUnit, Diagnostics) {
    parse_with_features(source, file, &[])
}

/// [`parse`] with the WESL features `@if` tests (a feature not listed is false).
pub fn parse_with_features(source: &str, file: FileId, features: &[(String, bool)]) -> (TranslationUnit, Diagnostics) {
    parse_onto(source, file, features, Vec::new())
}

/// [`parse_with_features`] with `exprs` as the start of [`TranslationUnit::exprs`] (WESL links
/// modules whose operands share one vector).
pub fn parse_onto(source: &str, file: FileId, features: &[(String, bool)], mut exprs: Vec<Expr>) -> (TranslationUnit, Diagnostics) {
    let (mut tokens, mut diagnostics) = lexer::tokenize(source, file);
    // Bad characters were reported by the lexer (so there are none without a diagnostic); the
    // grammar never wants them.
    if !diagnostics.is_empty() {
        tokens.retain(|t| t.kind != K::Error);
    }
    // About one distinct word per eight tokens: sized once instead of regrown.
    let words = (tokens.len() / 8).min(4096);
    let tokens_len = tokens.len();
    let names = crate::hash::FxHashMap::with_capacity_and_hasher(words, Default::default());
    let mut parser = Parser {
        source,
        file,
        tokens,
        pos: 0,
        braces: 0,
        depth: 0,
        diags: Diagnostics::new(),
        statement_filters: Vec::new(),
        features,
        chain: Chain::default(),
        qualified_names: false,
        names,
        words: Vec::with_capacity(words),
        last_word: (u32::MAX, 0),
        exprs: {
            exprs.reserve(tokens_len / 2);
            exprs
        },
        pending: Vec::new(),
    };
    let mut unit = parser.translation_unit();
    unit.statement_filters = std::mem::take(&mut parser.statement_filters);
    unit.qualified_names = parser.qualified_names;
    unit.exprs = parser.exprs;
    diagnostics.extend(parser.diags);
    (unit, diagnostics)
}

/// Membership in one of the sorted word lists below (binary search: identifiers are checked
/// against them constantly, a linear scan showed up in profiles).
/// The shader-stage attributes (WGSL §12.3.x, and the 2021 draft's `stage(...)`): a function
/// has at most one.
/// How many arguments an attribute takes (WGSL §12, the January 2021 draft's for its own, and
/// naga's `@early_depth_test(force)`); `None` for names the lowering reports as unknown (and
/// WESL's, which `wesl::cond` reads).
fn attribute_arity(name: &str) -> Option<std::ops::RangeInclusive<usize>> {
    Some(match name {
        "const" | "invariant" | "must_use" | "vertex" | "fragment" | "compute" | "block" => 0..=0,
        "align" | "binding" | "blend_src" | "builtin" | "group" | "id" | "location" | "size" => 1..=1,
        "stage" | "stride" | "access" | "offset" | "set" | "constant_id" | "span" => 1..=1,
        "diagnostic" => 2..=2,
        "interpolate" => 1..=2,
        "workgroup_size" => 1..=3,
        "early_depth_test" => 0..=1,
        _ => return None,
    })
}

fn is_stage_attribute(name: &str) -> bool {
    matches!(name, "vertex" | "fragment" | "compute" | "stage")
}

fn is_in(list: &[&str], word: &str) -> bool {
    list.binary_search(&word).is_ok()
}

/// What a word is to the parser besides a plain identifier.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Word {
    /// In [`KEYWORDS`]: never an identifier.
    Keyword,
    /// In [`RESERVED`]: reported when used as an identifier.
    Reserved,
}

/// A word's shared [`Name`] and its class, for the words of [`KEYWORDS`], [`RESERVED`] and
/// [`PREDECLARED`]; `None` for other words (plain identifiers, a [`Name`] of their own).
/// One hash table: one lookup per distinct word of a file (binary searches over the lists were
/// most of the parser's `memcmp` by callgrind), and the predeclared names are made once per
/// process instead of once per file (a `Name` per distinct word of each file was 9,290
/// allocations per pass of the WGSL corpus).
fn known_word(text: &str) -> Option<&'static (Name, Option<Word>)> {
    type Words = crate::hash::FxHashMap<&'static str, (Name, Option<Word>)>;
    static WORDS: std::sync::OnceLock<Words> = std::sync::OnceLock::new();
    let words = WORDS.get_or_init(|| {
        let predeclared = PREDECLARED.iter().map(|&w| (w, None));
        let reserved = RESERVED.iter().map(|&w| (w, Some(Word::Reserved)));
        // A keyword wins over a reserved word of the same spelling.
        let keywords = KEYWORDS.iter().map(|&w| (w, Some(Word::Keyword)));
        predeclared.chain(reserved).chain(keywords).map(|(w, class)| (w, (Name::from(w), class))).collect()
    });
    words.get(text)
}

/// Predeclared words (WGSL §6.9 types and §17 built-in functions, §12 attributes, §13.3
/// built-in values and the enumerants of §14-§15: address spaces, access modes, interpolation,
/// texel formats; naga's 64-bit types) and vector swizzles: the names most files use, made once
/// per process by [`known_word`]. Not a grammar list: a word missing here is only allocated.
const PREDECLARED: &[&str] = &[
    // Types.
    "array", "atomic", "binding_array", "bool", "f16", "f32", "f64", "i32", "i64", "ptr", "sampler",
    "sampler_comparison", "u32", "u64", "vec2", "vec3", "vec4", "vec2f", "vec3f", "vec4f", "vec2h",
    "vec3h", "vec4h", "vec2i", "vec3i", "vec4i", "vec2u", "vec3u", "vec4u", "mat2x2", "mat2x3",
    "mat2x4", "mat3x2", "mat3x3", "mat3x4", "mat4x2", "mat4x3", "mat4x4", "mat2x2f", "mat2x3f",
    "mat2x4f", "mat3x2f", "mat3x3f", "mat3x4f", "mat4x2f", "mat4x3f", "mat4x4f", "mat2x2h",
    "mat2x3h", "mat2x4h", "mat3x2h", "mat3x3h", "mat3x4h", "mat4x2h", "mat4x3h", "mat4x4h",
    "texture_1d", "texture_2d", "texture_2d_array", "texture_3d", "texture_cube", "texture_cube_array",
    "texture_multisampled_2d", "texture_depth_multisampled_2d", "texture_external", "texture_depth_2d",
    "texture_depth_2d_array", "texture_depth_cube", "texture_depth_cube_array", "texture_storage_1d",
    "texture_storage_2d", "texture_storage_2d_array", "texture_storage_3d",
    // Enumerants.
    "function", "private", "workgroup", "uniform", "storage", "handle", "push_constant", "read",
    "write", "read_write", "perspective", "linear", "flat", "center", "centroid", "sample", "first",
    "either", "rgba8unorm", "rgba8snorm", "rgba8uint", "rgba8sint", "rgba16uint", "rgba16sint",
    "rgba16float", "r32uint", "r32sint", "r32float", "rg32uint", "rg32sint", "rg32float", "rgba32uint",
    "rgba32sint", "rgba32float", "bgra8unorm",
    // Built-in values.
    "vertex_index", "instance_index", "position", "front_facing", "frag_depth", "sample_index",
    "sample_mask", "local_invocation_id", "local_invocation_index", "global_invocation_id",
    "workgroup_id", "num_workgroups", "subgroup_invocation_id", "subgroup_size", "primitive_index",
    "clip_distances",
    // Attributes.
    "align", "binding", "blend_src", "builtin", "compute", "fragment", "group", "id", "interpolate",
    "invariant", "location", "must_use", "size", "vertex", "workgroup_size", "stage", "stride",
    "offset", "block",
    // Built-in functions.
    "abs", "acos", "acosh", "all", "any", "arrayLength", "asin", "asinh", "atan", "atan2", "atanh",
    "bitcast", "ceil", "clamp", "cos", "cosh", "countLeadingZeros", "countOneBits",
    "countTrailingZeros", "cross", "degrees", "determinant", "distance", "dot", "dot4I8Packed",
    "dot4U8Packed", "exp", "exp2", "extractBits", "faceForward", "firstLeadingBit",
    "firstTrailingBit", "floor", "fma", "fract", "frexp", "insertBits", "inverseSqrt", "ldexp",
    "length", "log", "log2", "max", "min", "mix", "modf", "normalize", "pow", "quantizeToF16",
    "radians", "reflect", "refract", "reverseBits", "round", "saturate", "select", "sign", "sin",
    "sinh", "smoothstep", "sqrt", "step", "tan", "tanh", "transpose", "trunc", "dpdx", "dpdxCoarse",
    "dpdxFine", "dpdy", "dpdyCoarse", "dpdyFine", "fwidth", "fwidthCoarse", "fwidthFine",
    "textureDimensions", "textureGather", "textureGatherCompare", "textureLoad", "textureNumLayers",
    "textureNumLevels", "textureNumSamples", "textureSample", "textureSampleBias",
    "textureSampleCompare", "textureSampleCompareLevel", "textureSampleGrad", "textureSampleLevel",
    "textureSampleBaseClampToEdge", "textureStore", "atomicLoad", "atomicStore", "atomicAdd",
    "atomicSub", "atomicMax", "atomicMin", "atomicAnd", "atomicOr", "atomicXor", "atomicExchange",
    "atomicCompareExchangeWeak", "pack4x8snorm", "pack4x8unorm", "pack4xI8", "pack4xU8",
    "pack4xI8Clamp", "pack4xU8Clamp", "pack2x16snorm", "pack2x16unorm", "pack2x16float",
    "unpack4x8snorm", "unpack4x8unorm", "unpack4xI8", "unpack4xU8", "unpack2x16snorm",
    "unpack2x16unorm", "unpack2x16float", "storageBarrier", "textureBarrier", "workgroupBarrier",
    "workgroupUniformLoad",
    // Swizzles.
    "x", "y", "z", "w", "r", "g", "b", "a", "xy", "xz", "yz", "zw", "xyz", "xyzw", "rg", "rgb", "rgba",
];

/// WGSL §15.1 keywords: never identifiers, and words the parser dispatches on.
const KEYWORDS: &[&str] = &[
    "alias",
    "break",
    "case",
    "const",
    "const_assert",
    "continue",
    "continuing",
    "default",
    "diagnostic",
    "discard",
    "else",
    "enable",
    "false",
    "fn",
    "for",
    "if",
    "let",
    "loop",
    "override",
    "requires",
    "return",
    "struct",
    "switch",
    "true",
    "var",
    "while",
];

/// WGSL §15.2 reserved words (W3C CRD 2025-08-09, the list naga 30 uses as well).
const RESERVED: &[&str] = &[
    "NULL",
    "Self",
    "abstract",
    "active",
    "alignas",
    "alignof",
    "as",
    "asm",
    "asm_fragment",
    "async",
    "attribute",
    "auto",
    "await",
    "become",
    "cast",
    "catch",
    "class",
    "co_await",
    "co_return",
    "co_yield",
    "coherent",
    "column_major",
    "common",
    "compile",
    "compile_fragment",
    "concept",
    "const_cast",
    "consteval",
    "constexpr",
    "constinit",
    "crate",
    "debugger",
    "decltype",
    "delete",
    "demote",
    "demote_to_helper",
    "do",
    "dynamic_cast",
    "enum",
    "explicit",
    "export",
    "extends",
    "extern",
    "external",
    "fallthrough",
    "filter",
    "final",
    "finally",
    "friend",
    "from",
    "fxgroup",
    "get",
    "goto",
    "groupshared",
    "highp",
    "impl",
    "implements",
    "import",
    "inline",
    "instanceof",
    "interface",
    "layout",
    "lowp",
    "macro",
    "macro_rules",
    "match",
    "mediump",
    "meta",
    "mod",
    "module",
    "move",
    "mut",
    "mutable",
    "namespace",
    "new",
    "nil",
    "noexcept",
    "noinline",
    "nointerpolation",
    "non_coherent",
    "noncoherent",
    "noperspective",
    "null",
    "nullptr",
    "of",
    "operator",
    "package",
    "packoffset",
    "partition",
    "pass",
    "patch",
    "pixelfragment",
    "precise",
    "precision",
    "premerge",
    "priv",
    "protected",
    "pub",
    "public",
    "readonly",
    "ref",
    "regardless",
    "register",
    "reinterpret_cast",
    "require",
    "resource",
    "restrict",
    "self",
    "set",
    "shared",
    "sizeof",
    "smooth",
    "snorm",
    "static",
    "static_assert",
    "static_cast",
    "std",
    "subroutine",
    "super",
    "target",
    "template",
    "this",
    "thread_local",
    "throw",
    "trait",
    "try",
    "type",
    "typedef",
    "typeid",
    "typename",
    "typeof",
    "union",
    "unless",
    "unorm",
    "unsafe",
    "unsized",
    "use",
    "using",
    "varying",
    "virtual",
    "volatile",
    "wgsl",
    "where",
    "with",
    "writeonly",
    "yield",
];

/// Words that start a global declaration or directive: where global error recovery resumes.
const ITEM_WORDS: &[&str] = &[
    "alias",
    "const",
    "const_assert",
    "diagnostic",
    "enable",
    "fn",
    "let",
    "override",
    "requires",
    "struct",
    "type",
    "var",
];

/// The error was already reported; the caller recovers.
struct Reported;
type PResult<T> = Result<T, Reported>;

struct Parser<'a> {
    source: &'a str,
    file: FileId,
    tokens: Vec<Token>,
    pos: usize,
    /// How many `{` are open at `pos`: global recovery resumes only outside braces.
    braces: u32,
    depth: u32,
    diags: Diagnostics,
    /// `@diagnostic` attributes on statements, with the range each covers.
    statement_filters: Vec<StatementFilter>,
    /// WESL conditional translation: the features `@if` reads, and the `@if`/`@elif` chain of
    /// the list being parsed (declarations, statements of a block, members, parameters).
    features: &'a [(String, bool)],
    chain: Chain,
    /// A WESL qualified path (`a::b`) was parsed.
    qualified_names: bool,
    /// Each distinct word's index in `words`: one table lookup per identifier.
    names: crate::hash::FxHashMap<&'a str, u32>,
    /// Each distinct word's [`Name`] and [`word`] class.
    words: Vec<(Name, Option<Word>)>,
    /// The start of the token [`Parser::token_word`] looked up last, and its index in `words`.
    last_word: (u32, u32),
    /// [`TranslationUnit::exprs`].
    exprs: Vec<Expr>,
    /// The arguments of the lists being parsed (nested lists above their outer list's), moved
    /// to `exprs` when their list ends so that each list is consecutive there.
    pending: Vec<Expr>,
}

fn binary_op(kind: K) -> Option<BinaryOp> {
    Some(match kind {
        K::Plus => BinaryOp::Add,
        K::Minus => BinaryOp::Subtract,
        K::Star => BinaryOp::Multiply,
        K::Slash => BinaryOp::Divide,
        K::Percent => BinaryOp::Modulo,
        K::EqEq => BinaryOp::Equal,
        K::BangEq => BinaryOp::NotEqual,
        K::Less => BinaryOp::Less,
        K::LessEq => BinaryOp::LessEqual,
        K::Greater => BinaryOp::Greater,
        K::GreaterEq => BinaryOp::GreaterEqual,
        K::And => BinaryOp::And,
        K::Pipe => BinaryOp::Or,
        K::Caret => BinaryOp::Xor,
        K::AndAnd => BinaryOp::LogicalAnd,
        K::PipePipe => BinaryOp::LogicalOr,
        K::Shl => BinaryOp::ShiftLeft,
        K::Shr => BinaryOp::ShiftRight,
        _ => return None,
    })
}

fn compound_assign_op(kind: K) -> Option<BinaryOp> {
    Some(match kind {
        K::PlusEq => BinaryOp::Add,
        K::MinusEq => BinaryOp::Subtract,
        K::StarEq => BinaryOp::Multiply,
        K::SlashEq => BinaryOp::Divide,
        K::PercentEq => BinaryOp::Modulo,
        K::AndEq => BinaryOp::And,
        K::PipeEq => BinaryOp::Or,
        K::CaretEq => BinaryOp::Xor,
        K::ShlEq => BinaryOp::ShiftLeft,
        K::ShrEq => BinaryOp::ShiftRight,
        _ => return None,
    })
}

fn is_relational(kind: K) -> bool {
    matches!(kind, K::Less | K::LessEq | K::Greater | K::GreaterEq | K::EqEq | K::BangEq)
}

impl<'a> Parser<'a> {
    // ---- token plumbing ----

    fn peek(&self) -> Token {
        self.tokens[self.pos]
    }

    fn peek_at(&self, n: usize) -> Token {
        self.tokens[(self.pos + n).min(self.tokens.len() - 1)]
    }

    fn at(&self, kind: K) -> bool {
        self.peek().kind == kind
    }

    fn text(&self, t: Token) -> &'a str {
        t.text(self.source)
    }

    /// The shared [`Name`] of a spelling (one allocation per distinct name of the file) and
    /// its [`word`] class.
    fn word_entry(&mut self, text: &'a str) -> &(Name, Option<Word>) {
        let index = self.word_index(text);
        &self.words[index as usize]
    }

    /// The index in `words` of a spelling, added when new.
    fn word_index(&mut self, text: &'a str) -> u32 {
        let next = self.words.len() as u32;
        let index = *self.names.entry(text).or_insert(next);
        if index == next {
            let entry = known_word(text).cloned().unwrap_or_else(|| (Name::from(text), None));
            self.words.push(entry);
        }
        index
    }

    /// [`Parser::word_entry`] of an identifier token, remembered for the token last asked about
    /// ([`Parser::primary`] asks whether a word is a keyword, then [`Parser::ident`] reads it).
    fn token_word(&mut self, t: Token) -> &(Name, Option<Word>) {
        if self.last_word.0 != t.start {
            self.last_word = (t.start, self.word_index(t.text(self.source)));
        }
        &self.words[self.last_word.1 as usize]
    }

    fn name(&mut self, text: &'a str) -> Name {
        self.word_entry(text).0.clone()
    }

    /// Whether `t` is a keyword (the table lookup [`Parser::ident`] makes too).
    fn is_keyword_token(&mut self, t: Token) -> bool {
        t.kind == K::Ident && self.token_word(t).1 == Some(Word::Keyword)
    }

    fn at_word(&self, word: &str) -> bool {
        let t = self.peek();
        t.kind == K::Ident && self.text(t) == word
    }

    fn span(&self, t: Token) -> Span {
        t.span(self.file)
    }

    /// Adds an operand to [`TranslationUnit::exprs`].
    fn push(&mut self, e: Expr) -> ExprId {
        self.exprs.push(e);
        ExprId(self.exprs.len() as u32 - 1)
    }

    fn push_opt(&mut self, e: Option<Expr>) -> Option<ExprId> {
        e.map(|e| self.push(e))
    }

    /// [`Parser::expression`], added to [`TranslationUnit::exprs`].
    fn expression_id(&mut self) -> PResult<ExprId> {
        let e = self.expression()?;
        Ok(self.push(e))
    }

    fn list(&self, list: ExprList) -> &[Expr] {
        &self.exprs[list.start as usize..][..list.len as usize]
    }

    /// Ends the list whose arguments are `pending[mark..]`: moves them to `exprs`, or on an
    /// error drops them.
    fn end_list(&mut self, mark: usize, parsed: PResult<()>) -> PResult<ExprList> {
        if let Err(e) = parsed {
            self.pending.truncate(mark);
            return Err(e);
        }
        let start = self.exprs.len() as u32;
        self.exprs.extend(self.pending.drain(mark..));
        Ok(ExprList { start, len: self.exprs.len() as u32 - start })
    }

    /// From byte `start` to the end of the last consumed token.
    fn span_from(&self, start: u32) -> Span {
        let end = if self.pos == 0 { start } else { self.tokens[self.pos - 1].end.max(start) };
        Span::new(self.file, start, end)
    }

    fn bump(&mut self) -> Token {
        let t = self.peek();
        if t.kind != K::Eof {
            self.pos += 1;
            match t.kind {
                K::LBrace => self.braces += 1,
                K::RBrace => self.braces = self.braces.saturating_sub(1),
                _ => {}
            }
        }
        t
    }

    fn eat(&mut self, kind: K) -> bool {
        if self.at(kind) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn eat_word(&mut self, word: &str) -> bool {
        if self.at_word(word) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn error(&mut self, diagnostic: Diagnostic) -> Reported {
        self.diags.push(diagnostic);
        Reported
    }

    /// Reports `expected <what>, found <next token>` at the next token.
    fn unexpected(&mut self, what: &str) -> Reported {
        let t = self.peek();
        let d = msg::expected(what, self.text(t), self.span(t));
        self.error(d)
    }

    fn expect(&mut self, kind: K, what: &str) -> PResult<Token> {
        if self.at(kind) {
            Ok(self.bump())
        } else {
            Err(self.unexpected(what))
        }
    }

    fn expect_after(&mut self, kind: K, what: &str, after: &str) -> PResult<Token> {
        if self.at(kind) {
            Ok(self.bump())
        } else {
            let t = self.peek();
            let d = msg::expected_after(what, after, self.text(t), self.span(t));
            Err(self.error(d))
        }
    }

    /// Enters one nesting level; the caller must call [`Parser::leave`] on success.
    #[inline]
    fn enter(&mut self) -> PResult<()> {
        if self.depth >= MAX_DEPTH {
            return Err(self.too_deep());
        }
        self.depth += 1;
        Ok(())
    }

    #[cold]
    fn too_deep(&mut self) -> Reported {
        let span = self.span(self.peek());
        self.error(msg::nesting_too_deep(span, MAX_DEPTH))
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// An identifier that is not a keyword. Reserved words and `__` prefixes are reported but
    /// still accepted, which keeps the tree intact.
    fn ident(&mut self) -> PResult<Ident> {
        let t = self.peek();
        if t.kind != K::Ident {
            return Err(self.unexpected("an identifier"));
        }
        let (name, class) = self.token_word(t);
        if *class == Some(Word::Keyword) {
            return Err(self.unexpected("an identifier"));
        }
        let (name, class) = (name.clone(), *class);
        self.bump();
        let span = self.span(t);
        // (The name's text, not a slice of the source: no character boundary checks.)
        if class == Some(Word::Reserved) {
            self.diags.push(msg::reserved_word(&name, span));
        } else if name.starts_with("__") {
            self.diags.push(msg::double_underscore(&name, span));
        }
        Ok(Ident { name, span })
    }

    /// Any identifier-like token, keywords included (attribute names such as `const`).
    fn any_word(&mut self, what: &str) -> PResult<Ident> {
        let t = self.expect(K::Ident, what)?;
        Ok(Ident { name: self.name(self.text(t)), span: self.span(t) })
    }

    // ---- recovery ----

    /// Skips the rest of a failed statement: through its `;`, or up to the `}` that closes the
    /// enclosing block, or through the `}` that closes a construct the statement opened.
    fn recover_statement(&mut self, braces_at_start: u32) {
        loop {
            let t = self.peek();
            match t.kind {
                K::Eof => return,
                K::Semicolon if self.braces == braces_at_start => {
                    self.bump();
                    return;
                }
                K::RBrace if self.braces <= braces_at_start => return,
                K::RBrace => {
                    self.bump();
                    if self.braces == braces_at_start {
                        return;
                    }
                }
                _ => {
                    self.bump();
                }
            }
        }
    }

    fn at_item_start(&self) -> bool {
        let t = self.peek();
        match t.kind {
            K::At => true,
            K::LBracket => self.peek_at(1).kind == K::LBracket,
            K::Ident => is_in(ITEM_WORDS, self.text(t)),
            _ => false,
        }
    }

    /// Skips to the next global declaration outside braces.
    fn recover_global(&mut self) {
        while !(self.at(K::Eof) || self.braces == 0 && self.at_item_start()) {
            self.bump();
        }
    }

    // ---- module ----

    fn translation_unit(&mut self) -> TranslationUnit {
        let mut unit = TranslationUnit::default();
        while !self.at(K::Eof) {
            let before = self.pos;
            if self.eat(K::Semicolon) {
                continue;
            }
            if self.at_word("import") || self.attributes_then_import() {
                if !unit.directives.is_empty() || !unit.decls.is_empty() {
                    let span = self.span(self.peek());
                    self.diags.push(Diagnostic::error("`import` must come before directives and declarations", span));
                }
                if self.conditional_import(&mut unit.imports).is_err() {
                    self.recover_global();
                }
                continue;
            }
            let is_directive = self.at_word("enable")
                || self.at_word("requires")
                || (self.at_word("diagnostic") && self.peek_at(1).kind == K::LParen);
            let result = if is_directive {
                if !unit.decls.is_empty() {
                    let span = self.span(self.peek());
                    self.diags.push(msg::directive_after_declaration(span));
                }
                self.directive().map(|d| {
                    self.check_directive_conflict(&unit.directives, &d);
                    unit.directives.push(d)
                })
            } else {
                self.global_decl().map(|d| unit.decls.extend(d))
            };
            if result.is_err() {
                if self.pos == before {
                    self.bump();
                }
                self.recover_global();
            }
        }
        unit
    }

    /// WGSL §4 directives: `enable`, `requires`, `diagnostic`.
    fn directive(&mut self) -> PResult<Directive> {
        let keyword = self.bump();
        let start = keyword.start;
        let directive = match self.text(keyword) {
            "diagnostic" => {
                let (severity, rule) = self.diagnostic_control()?;
                Directive::Diagnostic { severity, rule, span: Span::default() }
            }
            word => {
                let mut names = vec![self.ident()?];
                while self.eat(K::Comma) {
                    if self.at(K::Semicolon) {
                        break;
                    }
                    names.push(self.ident()?);
                }
                if word == "enable" {
                    Directive::Enable(names)
                } else {
                    Directive::Requires(names)
                }
            }
        };
        self.expect_after(K::Semicolon, "';'", "directive")?;
        Ok(match directive {
            Directive::Diagnostic { severity, rule, .. } => {
                Directive::Diagnostic { severity, rule, span: self.span_from(start) }
            }
            d => d,
        })
    }

    /// WGSL §2.3: two `diagnostic` directives for one rule must agree on the severity (a full
    /// duplicate is allowed, as in naga and Tint).
    fn check_directive_conflict(&mut self, earlier: &[Directive], directive: &Directive) {
        let Directive::Diagnostic { severity, rule, span } = directive else { return };
        let same_rule = |other: &[Ident]| other.len() == rule.len() && other.iter().zip(rule).all(|(a, b)| a.name == b.name);
        let conflict = earlier.iter().find_map(|d| match d {
            Directive::Diagnostic { severity: s, rule: r, span } if same_rule(r) && s.name != severity.name => Some(*span),
            _ => None,
        });
        if let Some(first) = conflict {
            let name: Vec<&str> = rule.iter().map(|r| r.name.as_str()).collect();
            self.diags.push(msg::conflicting_diagnostic_directive(&name.join("."), *span, first));
        }
    }

    /// `(severity, rule)` or `(severity, name.name)` with an optional trailing comma. Both are
    /// context-dependent names (WGSL §2.3, §15.4): any identifier-like token, keywords included.
    fn diagnostic_control(&mut self) -> PResult<(Ident, Vec<Ident>)> {
        self.expect(K::LParen, "'('")?;
        let severity = self.any_word("a diagnostic severity")?;
        if !matches!(severity.name.as_str(), "error" | "warning" | "info" | "off") {
            self.diags.push(msg::unknown_severity(&severity.name, severity.span));
        }
        self.expect(K::Comma, "','")?;
        let mut rule = vec![self.any_word("a diagnostic rule name")?];
        if self.eat(K::Dot) {
            rule.push(self.any_word("a diagnostic rule name")?);
        }
        self.eat(K::Comma);
        self.expect(K::RParen, "')'")?;
        Ok((severity, rule))
    }

    /// Zero or more attributes, in either syntax: `@name(args)` or the draft's `[[a, b(args)]]`.
    fn attributes(&mut self) -> PResult<Vec<Attribute>> {
        let mut attrs = Vec::new();
        // Most declarations, statements, parameters and members have none.
        if !matches!(self.peek().kind, K::At | K::LBracket) {
            return Ok(attrs);
        }
        loop {
            if self.at(K::At) {
                let at = self.bump();
                let name = self.any_word("an attribute name")?;
                let args = if name.name == "diagnostic" && self.at(K::LParen) {
                    // `@diagnostic(severity, rule)`: names, not expressions (`@diagnostic(off, fn)`).
                    let (severity, rule) = self.diagnostic_control()?;
                    let rule_span = rule[0].span.to(rule[rule.len() - 1].span);
                    let rule = Ident { name: rule.iter().map(|r| r.name.as_str()).collect::<Vec<_>>().join(".").into(), span: rule_span };
                    let start = self.exprs.len() as u32;
                    self.exprs.extend([severity, rule].map(|i| Expr { span: i.span, kind: ExprKind::Ident(i) }));
                    ExprList { start, len: 2 }
                } else if self.at(K::LParen) {
                    self.argument_list()?
                } else {
                    ExprList::default()
                };
                attrs.push(Attribute { name, args, span: self.span_from(at.start) });
            } else if self.at_draft_attributes() {
                self.draft_attribute_list(&mut attrs)?;
            } else {
                break;
            }
        }
        // WGSL §12 (Attributes): an attribute may not be given twice to one object or type;
        // only `diagnostic` may repeat (with different rules, checked where filters are made).
        let (exprs, diags) = (&self.exprs, &mut self.diags);
        for (i, a) in attrs.iter().enumerate() {
            if let Some(want) = attribute_arity(&a.name.name).filter(|want| !want.contains(&a.args.len())) {
                diags.push(msg::attribute_arity(&a.name.name, want, a.args.len(), a.span));
            }
            if a.name.name == "diagnostic" {
                let rule = |b: &Attribute| match b.args.of(exprs).get(1) {
                    Some(Expr { kind: ExprKind::Ident(rule), span }) if b.name.name == "diagnostic" => Some((rule.name.clone(), *span)),
                    _ => None,
                };
                if let Some((name, span)) = rule(a) {
                    if let Some((_, first)) = attrs[..i].iter().filter_map(rule).find(|(other, _)| *other == name) {
                        diags.push(msg::repeated_diagnostic_rule(&name, span, first));
                    }
                }
                continue;
            }
            if let Some(first) = attrs[..i].iter().find(|b| b.name.name == a.name.name) {
                diags.push(msg::repeated_attribute(&a.name.name, a.span, first.span));
            } else if let Some(first) = attrs[..i].iter().find(|b| is_stage_attribute(&b.name.name) && is_stage_attribute(&a.name.name)) {
                diags.push(msg::second_stage_attribute(&a.name.name, a.span, first.span));
            }
        }
        Ok(attrs)
    }

    fn at_draft_attributes(&self) -> bool {
        self.at(K::LBracket) && self.peek_at(1).kind == K::LBracket
    }

    /// Draft 2021 §"decoration_list": `[[ name, name(args), ... ]]`.
    fn draft_attribute_list(&mut self, attrs: &mut Vec<Attribute>) -> PResult<()> {
        self.bump();
        self.bump();
        loop {
            let name = self.any_word("an attribute name")?;
            let args = if self.at(K::LParen) { self.argument_list()? } else { ExprList::default() };
            let span = name.span.to(self.span_from(name.span.start));
            attrs.push(Attribute { name, args, span });
            if !self.eat(K::Comma) {
                break;
            }
        }
        self.expect(K::RBracket, "']]' to close the attribute list")?;
        self.expect(K::RBracket, "']]' to close the attribute list")?;
        Ok(())
    }

    /// One global declaration; `None` for forms that produce nothing.
    fn global_decl(&mut self) -> PResult<Option<GlobalDecl>> {
        let start = self.peek().start;
        let mut attrs = self.attributes()?;
        let keep = self.chain.keep(&mut attrs, &self.exprs, self.features, &mut self.diags);
        let t = self.peek();
        let word = if t.kind == K::Ident { self.text(t) } else { "" };
        let decl = match word {
            "var" => {
                let var = self.var_decl(attrs, start)?;
                self.expect_after(K::Semicolon, "';'", "variable declaration")?;
                GlobalDecl::Var(var)
            }
            // Draft: module-scope `let` was a constant.
            "const" | "let" => {
                self.bump();
                let name = self.ident()?;
                let ty = self.optional_type(&mut attrs)?;
                let init = if self.eat(K::Eq) { Some(self.expression()?) } else { None };
                self.expect_after(K::Semicolon, "';'", "constant declaration")?;
                let span = self.span_from(start);
                match init {
                    // Draft 2021: `[[constant_id(n)]] const x: T [= e];` is pipeline-overridable.
                    Some(init) if attrs.is_empty() => {
                        let (ty, init) = (self.push_opt(ty), self.push(init));
                        GlobalDecl::Const(ConstDecl { name, ty, init, span })
                    }
                    init if !attrs.is_empty() => GlobalDecl::Override(OverrideDecl { attrs, name, ty, init, span }),
                    _ => return Err(self.error(msg::unknown_const_form(span))),
                }
            }
            "override" => {
                self.bump();
                let name = self.ident()?;
                let ty = self.optional_type(&mut attrs)?;
                let init = if self.eat(K::Eq) { Some(self.expression()?) } else { None };
                self.expect_after(K::Semicolon, "';'", "override declaration")?;
                GlobalDecl::Override(OverrideDecl { attrs, name, ty, init, span: self.span_from(start) })
            }
            "alias" | "type" => {
                self.bump();
                let name = self.ident()?;
                self.expect(K::Eq, "'='")?;
                // The AST has no place for a draft `[[stride]]` on an alias; it is dropped.
                let ty = self.type_specifier(&mut Vec::new())?;
                self.expect_after(K::Semicolon, "';'", "alias declaration")?;
                GlobalDecl::Alias { name, ty, span: self.span_from(start) }
            }
            "struct" => GlobalDecl::Struct(self.struct_decl(attrs, start)?),
            "fn" => GlobalDecl::Function(self.function_decl(attrs, start)?),
            "const_assert" => {
                self.bump();
                let expr = self.expression()?;
                self.expect_after(K::Semicolon, "';'", "const_assert")?;
                GlobalDecl::ConstAssert { expr, span: self.span_from(start) }
            }
            _ => return Err(self.unexpected("a declaration")),
        };
        Ok(keep.then_some(decl))
    }

    /// `var<space, access> name [: T] [= e]` without the `;`; `attrs` also collects draft
    /// attributes written on the type.
    fn var_decl(&mut self, mut attrs: Vec<Attribute>, start: u32) -> PResult<VarDecl> {
        self.bump();
        let mut template = ExprList::default();
        if self.at(K::TemplateStart) {
            let open = self.peek().start;
            template = self.template_args()?;
            let is_ident = |e: &Expr| matches!(e.kind, ExprKind::Ident(_));
            let ok = match self.list(template) {
                [space] => is_ident(space),
                [space, access] => is_ident(space) && is_ident(access),
                _ => false,
            };
            if !ok {
                let span = self.span_from(open);
                self.diags.push(msg::bad_var_template(span));
            }
        }
        let name = self.ident()?;
        let ty = self.optional_type(&mut attrs)?;
        let ty = self.push_opt(ty);
        let init = if self.eat(K::Eq) { Some(self.expression_id()?) } else { None };
        Ok(VarDecl { attrs, template, name, ty, init, span: self.span_from(start) })
    }

    /// `: T` if present.
    fn optional_type(&mut self, attrs: &mut Vec<Attribute>) -> PResult<Option<Expr>> {
        if self.eat(K::Colon) {
            Ok(Some(self.type_specifier(attrs)?))
        } else {
            Ok(None)
        }
    }

    /// A type: `name` or `name<args>`, optionally preceded by draft attributes (`[[stride(16)]]`,
    /// `[[access(read)]]`), which are appended to `attrs` since a type expression has no slot.
    fn type_specifier(&mut self, attrs: &mut Vec<Attribute>) -> PResult<Expr> {
        while self.at_draft_attributes() {
            self.draft_attribute_list(attrs)?;
        }
        let name = self.path_or_ident()?;
        if self.at(K::TemplateStart) {
            let args = self.template_args()?;
            let span = self.span_from(name.span.start);
            Ok(Expr { kind: ExprKind::Templated { name, args }, span })
        } else {
            let span = name.span;
            Ok(Expr { kind: ExprKind::Ident(name), span })
        }
    }

    /// `< e, e, ... >` (trailing comma allowed), at a template-start token.
    fn template_args(&mut self) -> PResult<ExprList> {
        let mark = self.pending.len();
        let parsed = self.template_args_into();
        self.end_list(mark, parsed)
    }

    fn template_args_into(&mut self) -> PResult<()> {
        self.bump();
        while !self.at(K::TemplateEnd) {
            // Draft 2021 allowed attributes on nested types (`ptr<storage, [[access(read)]] T>`);
            // a template argument has no place for them, so they are dropped.
            while self.at_draft_attributes() {
                self.draft_attribute_list(&mut Vec::new())?;
            }
            let e = self.expression()?;
            self.pending.push(e);
            if !self.eat(K::Comma) {
                break;
            }
        }
        self.expect(K::TemplateEnd, "',' or '>' in the template list")?;
        Ok(())
    }

    /// `( e, e, ... )` (trailing comma allowed): an attribute's arguments.
    /// `( e, e, ... )` (trailing comma allowed).
    fn argument_list(&mut self) -> PResult<ExprList> {
        let mark = self.pending.len();
        let parsed = self.arguments_into();
        self.end_list(mark, parsed)
    }

    fn arguments_into(&mut self) -> PResult<()> {
        self.expect(K::LParen, "'('")?;
        while !self.at(K::RParen) {
            let e = self.expression()?;
            self.pending.push(e);
            if !self.eat(K::Comma) {
                break;
            }
        }
        self.expect(K::RParen, "',' or ')' in the argument list")?;
        Ok(())
    }

    fn struct_decl(&mut self, attrs: Vec<Attribute>, start: u32) -> PResult<StructDecl> {
        self.bump();
        let name = self.ident()?;
        self.expect(K::LBrace, "'{' after the struct name")?;
        let mut members = Vec::new();
        let outer = std::mem::take(&mut self.chain);
        while !self.at(K::RBrace) && !self.at(K::Eof) {
            let member_start = self.peek().start;
            let mut attrs = self.attributes()?;
            let keep = self.chain.keep(&mut attrs, &self.exprs, self.features, &mut self.diags);
            let name = self.ident()?;
            self.expect(K::Colon, "':' after the member name")?;
            let ty = self.type_specifier(&mut attrs)?;
            if keep {
                members.push(StructMember { attrs, name, ty, span: self.span_from(member_start) });
            }
            // Members are separated by `,` today and were terminated by `;` in the draft.
            if !self.eat(K::Comma) && !self.eat(K::Semicolon) && !self.at(K::RBrace) {
                return Err(self.unexpected("',' or '}' after the struct member"));
            }
        }
        self.chain = outer;
        self.expect(K::RBrace, "'}' to close the struct")?;
        Ok(StructDecl { attrs, name, members, span: self.span_from(start) })
    }

    fn function_decl(&mut self, attrs: Vec<Attribute>, start: u32) -> PResult<FunctionDecl> {
        self.bump();
        let name = self.ident()?;
        self.expect(K::LParen, "'(' after the function name")?;
        let mut params = Vec::new();
        let outer = std::mem::take(&mut self.chain);
        while !self.at(K::RParen) {
            let param_start = self.peek().start;
            let mut attrs = self.attributes()?;
            let keep = self.chain.keep(&mut attrs, &self.exprs, self.features, &mut self.diags);
            let name = self.ident()?;
            self.expect(K::Colon, "':' after the parameter name")?;
            let ty = self.type_specifier(&mut attrs)?;
            if keep {
                params.push(Param { attrs, name, ty, span: self.span_from(param_start) });
            }
            if !self.eat(K::Comma) {
                break;
            }
        }
        self.chain = outer;
        self.expect(K::RParen, "',' or ')' in the parameter list")?;
        let mut return_attrs = Vec::new();
        let mut return_type = None;
        if self.eat(K::Arrow) {
            return_attrs = self.attributes()?;
            // Draft 2021: `-> void` is "no return type".
            if self.at_word("void") && !self.at_draft_attributes() {
                self.bump();
            } else {
                return_type = Some(self.type_specifier(&mut return_attrs)?);
            }
        }
        let body = self.compound()?;
        Ok(FunctionDecl { attrs, name, params, return_attrs, return_type, body, span: self.span_from(start) })
    }

    // ---- statements ----

    /// `attribute* { statements }`; the attributes (only `@diagnostic` is meaningful) become
    /// filters over the block.
    fn compound(&mut self) -> PResult<Block> {
        let attrs = self.statement_attributes()?;
        let block = self.block()?;
        self.filters_over(&attrs, block.span);
        Ok(block)
    }

    /// Attributes before a compound statement or a switch or loop body.
    fn statement_attributes(&mut self) -> PResult<Vec<Attribute>> {
        let attrs = self.attributes()?;
        self.check_statement_attributes(&attrs);
        Ok(attrs)
    }

    /// WGSL §12 (Attributes): `@diagnostic` is the only attribute that applies to a statement.
    fn check_statement_attributes(&mut self, attrs: &[Attribute]) {
        for a in attrs.iter().filter(|a| a.name.name != "diagnostic") {
            self.diags.push(msg::attribute_on_statement(&a.name.name, a.name.span));
        }
    }

    /// Records the `@diagnostic` attributes among `attrs` as filters over `span`.
    fn filters_over(&mut self, attrs: &[Attribute], span: Span) {
        for attribute in attrs.iter().filter(|a| a.name.name == "diagnostic") {
            self.statement_filters.push(StatementFilter { attribute: attribute.clone(), span });
        }
    }

    fn block(&mut self) -> PResult<Block> {
        let open = self.expect(K::LBrace, "'{'")?;
        self.enter()?;
        let mut stmts = Vec::new();
        let outer = std::mem::take(&mut self.chain);
        while !self.at(K::RBrace) && !self.at(K::Eof) {
            self.statement_into(&mut stmts);
        }
        self.chain = outer;
        self.leave();
        self.expect(K::RBrace, "'}'")?;
        Ok(Block { stmts, span: self.span_from(open.start) })
    }

    /// Parses one statement into `stmts`, recovering from errors; always makes progress.
    fn statement_into(&mut self, stmts: &mut Vec<Stmt>) {
        let before = self.pos;
        let braces = self.braces;
        match self.statement() {
            Ok(Some(s)) => stmts.push(s),
            Ok(None) => {}
            Err(Reported) => {
                if self.pos == before && !self.at(K::RBrace) {
                    self.bump();
                }
                self.recover_statement(braces);
            }
        }
        if self.pos == before && !self.at(K::Eof) && !self.at(K::RBrace) {
            self.bump();
        }
    }

    /// Expects the `;` ending a statement. When the next token plainly starts another statement
    /// (or closes the block), the `;` is reported missing and parsing goes on as if it were
    /// there, so the next statement is not skipped.
    fn expect_semicolon(&mut self) -> PResult<()> {
        const STATEMENT_WORDS: &[&str] = &[
    "break",
    "const",
    "const_assert",
    "continue",
    "discard",
    "for",
    "if",
    "let",
    "loop",
    "return",
    "switch",
    "var",
    "while",
];
        if self.eat(K::Semicolon) {
            return Ok(());
        }
        let t = self.peek();
        let d = msg::expected_after("';'", "statement", self.text(t), self.span(t));
        self.diags.push(d);
        if t.kind == K::RBrace || (t.kind == K::Ident && is_in(STATEMENT_WORDS, self.text(t))) {
            Ok(())
        } else {
            Err(Reported)
        }
    }

    /// One statement; `None` for the empty statement. Each kind is parsed by its own function
    /// so this dispatcher, which sits on the recursion path of nested blocks, stays small.
    fn statement(&mut self) -> PResult<Option<Stmt>> {
        let start = self.peek().start;
        if self.eat(K::Semicolon) {
            return Ok(None);
        }
        let mut attrs = self.attributes()?;
        let keep = self.chain.keep(&mut attrs, &self.exprs, self.features, &mut self.diags);
        let t = self.peek();
        let word = if t.kind == K::Ident { self.text(t) } else { "" };
        if let (Some(first), Some(last)) = (attrs.first(), attrs.last()) {
            // WGSL §9 (Statements grammar): attributes precede only these statements.
            if t.kind == K::LBrace || matches!(word, "if" | "switch" | "loop" | "for" | "while") {
                self.check_statement_attributes(&attrs);
            } else {
                self.diags.push(msg::attributes_before_statement(first.span.to(last.span)));
            }
        }
        // Picking a function and calling it once keeps this frame small: a `match` with a call
        // per arm would reserve a result slot per arm in debug builds.
        type Parse<'a> = fn(&mut Parser<'a>, Vec<Attribute>, u32) -> PResult<StmtKind>;
        let parse: Parse<'a> = match word {
            _ if t.kind == K::LBrace => |p, _, _| p.block().map(StmtKind::Block),
            "return" => |p, _, _| p.return_statement(),
            "if" => |p, _, _| p.if_statement(),
            "switch" => |p, _, _| p.switch_statement(),
            "loop" => |p, attrs, _| p.loop_statement(attrs),
            "for" => |p, attrs, _| p.for_statement(attrs),
            "while" => |p, attrs, _| p.while_statement(attrs),
            "break" => |p, _, _| p.break_statement(),
            "continue" => |p, _, _| p.keyword_statement(StmtKind::Continue),
            "discard" => |p, _, _| p.keyword_statement(StmtKind::Discard),
            "fallthrough" => |p, _, _| p.keyword_statement(StmtKind::Fallthrough),
            "const_assert" => |p, _, _| p.const_assert_statement(),
            "var" | "let" | "const" => |p, _, start| {
                let kind = p.local_declaration(start)?;
                p.expect_semicolon()?;
                Ok(kind)
            },
            _ => |p, _, _| {
                let kind = p.simple_statement()?;
                p.expect_semicolon()?;
                Ok(kind)
            },
        };
        // (Most statements have no attributes: then nothing is collected or dropped.)
        let diagnostics: Vec<Attribute> =
            if attrs.is_empty() { Vec::new() } else { attrs.iter().filter(|a| a.name.name == "diagnostic").cloned().collect() };
        // The chain of the statements after this one is this statement's, not the one of a
        // block nested in it.
        let chain = self.chain;
        let kind = parse(self, attrs, start)?;
        self.chain = chain;
        let span = self.span_from(start);
        if !keep {
            return Ok(None);
        }
        self.filters_over(&diagnostics, span);
        Ok(Some(Stmt { kind, span }))
    }

    fn return_statement(&mut self) -> PResult<StmtKind> {
        self.bump();
        let value = if self.at(K::Semicolon) { None } else { Some(self.expression_id()?) };
        self.expect_semicolon()?;
        Ok(StmtKind::Return(value))
    }

    fn while_statement(&mut self, attrs: Vec<Attribute>) -> PResult<StmtKind> {
        self.bump();
        let condition = self.expression_id()?;
        let body = self.compound()?;
        Ok(StmtKind::While { attrs, condition, body })
    }

    fn break_statement(&mut self) -> PResult<StmtKind> {
        let start = self.bump().start;
        if self.at_word("if") {
            let span = self.span_from(start);
            self.diags.push(msg::break_if_outside_continuing(span));
            self.bump();
            self.expression()?;
        }
        self.expect_semicolon()?;
        Ok(StmtKind::Break)
    }

    fn const_assert_statement(&mut self) -> PResult<StmtKind> {
        self.bump();
        let e = self.expression_id()?;
        self.expect_semicolon()?;
        Ok(StmtKind::ConstAssert(e))
    }

    fn keyword_statement(&mut self, kind: StmtKind) -> PResult<StmtKind> {
        self.bump();
        self.expect_semicolon()?;
        Ok(kind)
    }

    /// `var ...`, `let name [: T] = e` or `const name [: T] = e`, without the `;`.
    fn local_declaration(&mut self, start: u32) -> PResult<StmtKind> {
        let t = self.peek();
        if self.text(t) == "var" {
            return Ok(StmtKind::Var(self.var_decl(Vec::new(), start)?));
        }
        self.bump();
        let name = self.ident()?;
        // Draft attributes on a local's type have no meaning; dropped.
        let ty = self.optional_type(&mut Vec::new())?;
        let ty = self.push_opt(ty);
        self.expect(K::Eq, "'=' and an initializer")?;
        let init = self.expression_id()?;
        Ok(if self.text(t) == "let" {
            StmtKind::Let { name, ty, init }
        } else {
            StmtKind::Const(ConstDecl { name, ty, init, span: self.span_from(start) })
        })
    }

    /// Assignment, compound assignment, `++`, `--`, phony assignment or call, without the `;`
    /// (WGSL §10.2-10.4, §10.6). Also the `for` header's init and update parts.
    fn simple_statement(&mut self) -> PResult<StmtKind> {
        if self.eat(K::Underscore) {
            self.expect(K::Eq, "'=' after '_'")?;
            let rhs = self.expression_id()?;
            return Ok(StmtKind::Assign { lhs: None, op: None, rhs });
        }
        let t = self.peek();
        if self.is_keyword_token(t) {
            return Err(self.unexpected("a statement"));
        }
        let lhs = self.unary()?;
        let t = self.peek();
        if t.kind == K::Eq {
            self.bump();
            let lhs = self.push(lhs);
            let rhs = self.expression_id()?;
            return Ok(StmtKind::Assign { lhs: Some(lhs), op: None, rhs });
        }
        if let Some(op) = compound_assign_op(t.kind) {
            self.bump();
            let lhs = self.push(lhs);
            let rhs = self.expression_id()?;
            return Ok(StmtKind::Assign { lhs: Some(lhs), op: Some(op), rhs });
        }
        if self.eat(K::PlusPlus) {
            return Ok(StmtKind::Increment(self.push(lhs)));
        }
        if self.eat(K::MinusMinus) {
            return Ok(StmtKind::Decrement(self.push(lhs)));
        }
        if matches!(lhs.kind, ExprKind::Call { .. }) {
            return Ok(StmtKind::Call(self.push(lhs)));
        }
        if binary_op(t.kind).is_some() || t.kind == K::Semicolon {
            return Err(self.error(msg::invalid_statement(lhs.span)));
        }
        Err(self.unexpected("'=', '++', '--' or ';'"))
    }

    /// `if c {} else if c {} elseif c {} else {}`; the `else if` chain is collected in a loop so
    /// long chains cost no parser stack.
    fn if_statement(&mut self) -> PResult<StmtKind> {
        let mut arms = Vec::new(); // (start, condition, body)
        let mut start = self.bump().start;
        let mut otherwise = None;
        let mut chained = 0;
        let result = loop {
            let condition = match self.expression_id() {
                Ok(c) => c,
                Err(e) => break Err(e),
            };
            let accept = match self.compound() {
                Ok(b) => b,
                Err(e) => break Err(e),
            };
            arms.push((start, condition, accept));
            let else_start = self.peek().start;
            if self.at_word("else") && self.peek_at(1).kind == K::Ident && self.text(self.peek_at(1)) == "if" {
                self.bump();
                self.bump();
            } else if self.at_word("elseif") {
                self.bump();
            } else {
                if self.eat_word("else") {
                    match self.compound() {
                        Ok(b) => otherwise = Some(b),
                        Err(e) => break Err(e),
                    }
                }
                break Ok(());
            }
            start = else_start;
            if let Err(e) = self.enter() {
                break Err(e);
            }
            chained += 1;
        };
        self.depth -= chained;
        result?;
        let end = self.span_from(0).end;
        let mut reject = otherwise.map(|b| {
            let span = b.span;
            Box::new(Stmt { kind: StmtKind::Block(b), span })
        });
        while let Some((start, condition, accept)) = arms.pop() {
            let stmt =
                Stmt { kind: StmtKind::If { condition, accept, reject }, span: Span::new(self.file, start, end) };
            if arms.is_empty() {
                return Ok(stmt.kind);
            }
            reject = Some(Box::new(stmt));
        }
        Err(self.unexpected("an if statement"))
    }

    fn switch_statement(&mut self) -> PResult<StmtKind> {
        self.bump();
        let selector = self.expression_id()?;
        let body_attrs = self.statement_attributes()?;
        let open = self.expect(K::LBrace, "'{' to open the switch body")?;
        let mut clauses = Vec::new();
        while !self.at(K::RBrace) && !self.at(K::Eof) {
            let start = self.peek().start;
            let mut selectors = Vec::new();
            if self.eat_word("case") {
                loop {
                    if self.eat_word("default") {
                        selectors.push(None);
                    } else {
                        selectors.push(Some(self.expression()?));
                    }
                    if !self.eat(K::Comma) || self.at(K::Colon) || self.at(K::LBrace) || self.at(K::At) {
                        break;
                    }
                }
            } else if self.eat_word("default") {
                selectors.push(None);
            } else {
                return Err(self.unexpected("'case', 'default' or '}'"));
            }
            self.eat(K::Colon);
            let body = self.compound()?;
            clauses.push(SwitchClause { selectors, body, span: self.span_from(start) });
        }
        self.expect(K::RBrace, "'}' to close the switch")?;
        let body_span = self.span_from(open.start);
        self.filters_over(&body_attrs, body_span);
        Ok(StmtKind::Switch { selector, clauses })
    }

    fn loop_statement(&mut self, mut attrs: Vec<Attribute>) -> PResult<StmtKind> {
        self.bump();
        attrs.extend(self.statement_attributes()?);
        let open = self.expect(K::LBrace, "'{' after 'loop'")?;
        self.enter()?;
        let mut stmts = Vec::new();
        let mut continuing = None;
        while !self.at(K::RBrace) && !self.at(K::Eof) {
            if self.at_word("continuing") {
                match self.continuing() {
                    Ok(c) => continuing = Some(Box::new(c)),
                    Err(Reported) => self.recover_statement(self.braces),
                }
                if !self.at(K::RBrace) {
                    self.leave();
                    return Err(self.unexpected("'}': 'continuing' must be the last part of a loop"));
                }
                break;
            }
            self.statement_into(&mut stmts);
        }
        self.leave();
        self.expect(K::RBrace, "'}' to close the loop")?;
        Ok(StmtKind::Loop { attrs, body: Block { stmts, span: self.span_from(open.start) }, continuing })
    }

    /// `continuing { statements [break if e;] }`.
    fn continuing(&mut self) -> PResult<Continuing> {
        let start = self.bump().start;
        let body_attrs = self.statement_attributes()?;
        let open = self.expect(K::LBrace, "'{' after 'continuing'")?;
        self.enter()?;
        let mut stmts = Vec::new();
        let mut break_if = None;
        while !self.at(K::RBrace) && !self.at(K::Eof) {
            if self.at_word("break") && self.peek_at(1).kind == K::Ident && self.text(self.peek_at(1)) == "if" {
                let break_start = self.peek().start;
                let braces = self.braces;
                self.bump();
                self.bump();
                let parsed = self.expression_id().and_then(|e| self.expect_semicolon().map(|()| e));
                match parsed {
                    Ok(e) => break_if = Some(e),
                    Err(Reported) => self.recover_statement(braces),
                }
                if !self.at(K::RBrace) {
                    let span = self.span_from(break_start);
                    self.diags.push(msg::break_if_not_last(span));
                }
                continue;
            }
            self.statement_into(&mut stmts);
        }
        self.leave();
        self.expect(K::RBrace, "'}' to close the continuing block")?;
        let span = self.span_from(start);
        let body_span = self.span_from(open.start);
        self.filters_over(&body_attrs, body_span);
        Ok(Continuing { body: Block { stmts, span: body_span }, break_if, span })
    }

    fn for_statement(&mut self, attrs: Vec<Attribute>) -> PResult<StmtKind> {
        self.bump();
        let (init, condition, update) = self.for_header()?;
        let body = self.compound()?;
        Ok(StmtKind::For { attrs, init, condition, update, body })
    }

    /// `( init? ; condition? ; update? )`; kept out of [`Parser::for_statement`] so its
    /// temporaries are off the stack while the body is parsed.
    #[allow(clippy::type_complexity)]
    #[inline(never)]
    fn for_header(&mut self) -> PResult<(Option<Box<Stmt>>, Option<ExprId>, Option<Box<Stmt>>)> {
        self.expect(K::LParen, "'(' after 'for'")?;
        let init = if self.at(K::Semicolon) {
            None
        } else {
            let start = self.peek().start;
            let kind = if self.at_word("var") || self.at_word("let") || self.at_word("const") {
                self.local_declaration(start)?
            } else {
                self.simple_statement()?
            };
            Some(Box::new(Stmt { kind, span: self.span_from(start) }))
        };
        self.expect_after(K::Semicolon, "';'", "the for loop's initializer")?;
        let condition = if self.at(K::Semicolon) { None } else { Some(self.expression_id()?) };
        self.expect_after(K::Semicolon, "';'", "the for loop's condition")?;
        let update = if self.at(K::RParen) {
            None
        } else {
            let start = self.peek().start;
            let kind = self.simple_statement()?;
            Some(Box::new(Stmt { kind, span: self.span_from(start) }))
        };
        self.expect(K::RParen, "')' to close the for loop header")?;
        Ok((init, condition, update))
    }

    // ---- expressions (WGSL §8.19 "Operator Precedence and Associativity") ----

    /// Only small frames sit on the recursion path (expression, unary, singular, primary and
    /// the paren/identifier helpers); the operator-chain logic lives in functions that are called
    /// after the left operand is parsed. Debug builds reserve a slot for every temporary, so
    /// this is what keeps [`MAX_DEPTH`] levels well inside a 2 MiB thread stack.
    fn expression(&mut self) -> PResult<Expr> {
        self.enter()?;
        let saved = self.depth;
        let result = match self.unary() {
            // No operator follows (most expressions: arguments, indices, initializers): there is
            // no chain to parse.
            Ok(lhs) if binary_op(self.peek().kind).is_none() => Ok(lhs),
            Ok(lhs) => self.expression_rest(lhs),
            Err(e) => Err(e),
        };
        self.depth = saved - 1;
        result
    }

    /// expression: relational (('&&' relational)* | ('||' relational)*) | bitwise.
    /// Bitwise operands are unary expressions, and `&&`/`||` never mix without parentheses.
    #[inline(never)]
    fn expression_rest(&mut self, lhs: Expr) -> PResult<Expr> {
        let (e, last) = self.expression_chain(lhs)?;
        let t = self.peek();
        if binary_op(t.kind).is_some() {
            let d = if is_relational(t.kind) && last.is_some_and(is_relational) {
                msg::chained_comparison(self.span(t))
            } else {
                let previous = last.map_or("", |k| match k {
                    K::And => "&",
                    K::Pipe => "|",
                    K::Caret => "^",
                    K::AndAnd => "&&",
                    K::PipePipe => "||",
                    K::Shl => "<<",
                    K::Shr => ">>",
                    K::Less => "<",
                    K::LessEq => "<=",
                    K::Greater => ">",
                    K::GreaterEq => ">=",
                    K::EqEq => "==",
                    K::BangEq => "!=",
                    K::Plus | K::Minus => "+/-",
                    _ => "*, / and %",
                });
                msg::mixed_operators(self.text(t), previous, self.span(t))
            };
            return Err(self.error(d));
        }
        Ok(e)
    }

    /// The operator chain of one expression; also returns the last operator token kind it used,
    /// for the mixing diagnostic. A chain is a loop, not nesting: its length is not limited
    /// (every later pass walks left-deep chains in a loop; the lowering cuts them into `let`s).
    fn expression_chain(&mut self, lhs: Expr) -> PResult<(Expr, Option<K>)> {
        let t = self.peek();
        if matches!(t.kind, K::And | K::Pipe | K::Caret) {
            let op = binary_op(t.kind).expect("bitwise operator");
            let mut e = lhs;
            while self.at(t.kind) {
                self.bump();
                let rhs = self.unary()?;
                e = self.binary(op, e, rhs);
            }
            return Ok((e, Some(t.kind)));
        }
        let (mut e, mut last) = self.relational_tail(lhs)?;
        let t = self.peek();
        if matches!(t.kind, K::AndAnd | K::PipePipe) {
            let op = binary_op(t.kind).expect("logical operator");
            while self.at(t.kind) {
                self.bump();
                let rhs = self.unary()?;
                let (rhs, _) = self.relational_tail(rhs)?;
                e = self.binary(op, e, rhs);
            }
            last = Some(t.kind);
        }
        Ok((e, last))
    }

    /// relational: shift (op shift)?
    fn relational_tail(&mut self, lhs: Expr) -> PResult<(Expr, Option<K>)> {
        let (lhs, last) = self.shift_tail(lhs)?;
        let t = self.peek();
        if is_relational(t.kind) {
            self.bump();
            let rhs = self.unary()?;
            let (rhs, _) = self.shift_tail(rhs)?;
            let op = binary_op(t.kind).expect("relational operator");
            return Ok((self.binary(op, lhs, rhs), Some(t.kind)));
        }
        Ok((lhs, last))
    }

    /// shift: unary ('<<' | '>>') unary | additive.
    fn shift_tail(&mut self, lhs: Expr) -> PResult<(Expr, Option<K>)> {
        let t = self.peek();
        if matches!(t.kind, K::Shl | K::Shr) {
            self.bump();
            let rhs = self.unary()?;
            let op = binary_op(t.kind).expect("shift operator");
            return Ok((self.binary(op, lhs, rhs), Some(t.kind)));
        }
        let mut e = lhs;
        let mut last = None;
        loop {
            let t = self.peek();
            match t.kind {
                K::Star | K::Slash | K::Percent => {
                    self.bump();
                    let rhs = self.unary()?;
                    e = self.binary(binary_op(t.kind).expect("multiplicative"), e, rhs);
                    last = Some(t.kind);
                }
                K::Plus | K::Minus => {
                    self.bump();
                    let mut rhs = self.unary()?;
                    while matches!(self.peek().kind, K::Star | K::Slash | K::Percent) {
                        let m = self.bump();
                        let r = self.unary()?;
                        rhs = self.binary(binary_op(m.kind).expect("multiplicative"), rhs, r);
                    }
                    e = self.binary(binary_op(t.kind).expect("additive"), e, rhs);
                    last = Some(t.kind);
                }
                _ => return Ok((e, last)),
            }
        }
    }

    /// unary: ('-' | '!' | '~' | '*' | '&') unary | singular.
    fn unary(&mut self) -> PResult<Expr> {
        let t = self.peek();
        let op = match t.kind {
            K::Minus => UnaryOp::Negate,
            K::Bang => UnaryOp::Not,
            K::Tilde => UnaryOp::BitNot,
            K::Star => UnaryOp::Deref,
            K::And => UnaryOp::AddressOf,
            _ => return self.singular(),
        };
        self.bump();
        self.enter()?;
        let operand = self.unary();
        self.leave();
        let operand = operand?;
        let span = self.span_from(t.start);
        Ok(Expr { kind: ExprKind::Unary { op, expr: self.push(operand) }, span })
    }

    /// singular: primary ('[' e ']' | '.' member)*. Each postfix is one nesting level: the
    /// lowering recurses into the base (`v.xyzw.xyzw...` is unbounded otherwise).
    fn singular(&mut self) -> PResult<Expr> {
        let saved = self.depth;
        let result = self.postfixes();
        self.depth = saved;
        result
    }

    fn postfixes(&mut self) -> PResult<Expr> {
        let mut e = self.primary()?;
        loop {
            if matches!(self.peek().kind, K::LBracket | K::Dot) {
                self.enter()?;
            }
            if self.eat(K::LBracket) {
                let index = self.expression()?;
                self.expect(K::RBracket, "']'")?;
                let span = self.span_from(e.span.start);
                e = Expr { kind: ExprKind::Index { base: self.push(e), index: self.push(index) }, span };
            } else if self.eat(K::Dot) {
                let member = self.ident()?;
                let span = self.span_from(e.span.start);
                e = Expr { kind: ExprKind::Member { base: self.push(e), member }, span };
            } else {
                return Ok(e);
            }
        }
    }

    fn primary(&mut self) -> PResult<Expr> {
        let t = self.peek();
        match t.kind {
            K::IntLiteral | K::FloatLiteral => Ok(self.literal()),
            // (`true` and `false` are keywords: one table lookup for any word.)
            K::Ident if !self.is_keyword_token(t) => self.ident_expression(),
            K::Ident if matches!(self.text(t), "true" | "false") => {
                self.bump();
                Ok(Expr { kind: ExprKind::Literal(Literal::Bool(self.text(t) == "true")), span: self.span(t) })
            }
            K::LParen => self.paren_expression(),
            _ => Err(self.unexpected("an expression")),
        }
    }

    fn literal(&mut self) -> Expr {
        let t = self.bump();
        // Malformed literals were reported by the lexer; a zero keeps the tree whole.
        let literal = lexer::literal_value(self.text(t)).unwrap_or(if t.kind == K::IntLiteral {
            Literal::Int { value: 0, suffix: None }
        } else {
            Literal::Float { value: 0.0, suffix: None }
        });
        Expr { kind: ExprKind::Literal(literal), span: self.span(t) }
    }

    /// `name`, `name<args>`, `name(args)` or `name<args>(args)`.
    fn ident_expression(&mut self) -> PResult<Expr> {
        let name = self.path_or_ident()?;
        let start = name.span.start;
        let mut e = if self.at(K::TemplateStart) {
            let args = self.template_args()?;
            Expr { kind: ExprKind::Templated { name, args }, span: self.span_from(start) }
        } else {
            let span = name.span;
            Expr { kind: ExprKind::Ident(name), span }
        };
        if self.at(K::LParen) {
            let args = self.argument_list()?;
            e = Expr { kind: ExprKind::Call { callee: self.push(e), args }, span: self.span_from(start) };
        }
        Ok(e)
    }

    /// An identifier, or a WESL qualified path `a::b::c` (also `package::...`, `super::...`)
    /// as one [`Ident`] whose name holds the whole path; [`crate::wesl`] resolves it.
    fn path_or_ident(&mut self) -> PResult<Ident> {
        let at_path = |p: &Self, n: usize| {
            let (a, b) = (p.peek_at(n), p.peek_at(n + 1));
            a.kind == K::Colon && b.kind == K::Colon && a.end == b.start
        };
        if self.peek().kind != K::Ident || !at_path(self, 1) {
            return self.ident();
        }
        let first = self.bump();
        let mut name = self.text(first).to_string();
        while at_path(self, 0) && self.peek_at(2).kind == K::Ident {
            self.bump();
            self.bump();
            name.push_str("::");
            let segment = self.bump();
            name.push_str(self.text(segment));
        }
        self.qualified_names = true;
        Ok(Ident { name: name.into(), span: self.span_from(first.start) })
    }

    /// Whether attributes at the cursor are followed by `import` (WESL `@if(A) import a::b;`).
    fn attributes_then_import(&self) -> bool {
        let mut i = 0;
        while self.peek_at(i).kind == K::At {
            // `@` and the attribute's name, then its balanced argument list, if any.
            i += 2;
            let mut depth = 0usize;
            loop {
                match self.peek_at(i).kind {
                    K::LParen => depth += 1,
                    K::RParen if depth > 0 => depth -= 1,
                    K::Eof => return false,
                    _ if depth == 0 => break,
                    _ => {}
                }
                i += 1;
                if depth == 0 {
                    break;
                }
            }
        }
        let t = self.peek_at(i);
        i > 0 && t.kind == K::Ident && self.text(t) == "import"
    }

    /// An import with its attributes: only `@if`, `@elif` and `@else` (which continue the
    /// module's chain like a declaration's); a false condition drops the import's paths.
    fn conditional_import(&mut self, out: &mut Vec<ImportPath>) -> PResult<()> {
        let mut attrs = self.attributes()?;
        let keep = self.chain.keep(&mut attrs, &self.exprs, self.features, &mut self.diags);
        for a in &attrs {
            // The wording of `lower::check_attrs`, which sees no imports.
            self.diags.push(Diagnostic::error(format!("`@{}` is not allowed on an import", a.name.name), a.name.span));
        }
        let mut paths = Vec::new();
        let result = self.import(&mut paths);
        if keep {
            out.extend(paths);
        }
        result
    }

    /// WESL `import path;` with nested `{ a, b::c }` lists; each leaf path goes to `out`.
    fn import(&mut self, out: &mut Vec<ImportPath>) -> PResult<()> {
        let start = self.bump().start;
        let first = out.len();
        self.import_tree(&mut Vec::new(), out)?;
        self.expect_after(K::Semicolon, "';'", "import")?;
        let span = self.span_from(start);
        for path in &mut out[first..] {
            path.span = span;
        }
        Ok(())
    }

    fn import_tree(&mut self, prefix: &mut Vec<Ident>, out: &mut Vec<ImportPath>) -> PResult<()> {
        self.enter()?;
        let depth = prefix.len();
        loop {
            if self.eat(K::LBrace) {
                while !self.at(K::RBrace) {
                    self.import_tree(prefix, out)?;
                    if !self.eat(K::Comma) {
                        break;
                    }
                }
                self.expect(K::RBrace, "',' or '}' in the import list")?;
                break;
            }
            prefix.push(self.any_word("a module or item name")?);
            if !self.eat(K::Colon) {
                // WESL: `import a::b as c;` (also inside `{ }` lists).
                let alias = if self.at_word("as") {
                    self.bump();
                    Some(self.ident()?)
                } else {
                    None
                };
                out.push(ImportPath { segments: prefix.clone(), alias, span: Span::default() });
                break;
            }
            self.expect(K::Colon, "'::'")?;
        }
        prefix.truncate(depth);
        self.leave();
        Ok(())
    }

    fn paren_expression(&mut self) -> PResult<Expr> {
        let open = self.bump();
        let inner = self.expression()?;
        self.expect(K::RParen, "')'")?;
        Ok(Expr { kind: ExprKind::Paren(self.push(inner)), span: self.span_from(open.start) })
    }

    fn binary(&mut self, op: BinaryOp, left: Expr, right: Expr) -> Expr {
        let span = left.span.to(right.span);
        Expr { kind: ExprKind::Binary { op, left: self.push(left), right: self.push(right) }, span }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn word_lists_are_sorted_for_binary_search() {
        for list in [super::KEYWORDS, super::RESERVED, super::ITEM_WORDS] {
            assert!(list.windows(2).all(|w| w[0] < w[1]), "{list:?}");
        }
    }

    use super::*;

    fn parse_ok(src: &str) -> TranslationUnit {
        let (unit, diags) = parse(src, FileId(0));
        assert!(diags.is_empty(), "{src}\n{diags:#?}");
        EXPRS.with(|exprs| *exprs.borrow_mut() = unit.exprs.clone());
        unit
    }

    thread_local! {
        /// The operands of the unit [`parse_ok`] parsed last, for [`sexpr`].
        static EXPRS: std::cell::RefCell<Vec<Expr>> = const { std::cell::RefCell::new(Vec::new()) };
    }

    fn operand(id: ExprId) -> String {
        EXPRS.with(|exprs| sexpr(&exprs.borrow()[id.0 as usize]))
    }

    fn operands(list: ExprList) -> String {
        list.ids().map(operand).collect::<Vec<_>>().join(",")
    }

    fn errors(src: &str) -> Vec<String> {
        parse(src, FileId(0)).1.into_iter().map(|d| d.message).collect()
    }

    /// A compact rendering of an expression: `(op a b)`, `(call f args)`, `[paren]`.
    fn sexpr(e: &Expr) -> String {
        match &e.kind {
            ExprKind::Literal(Literal::Bool(b)) => b.to_string(),
            ExprKind::Literal(Literal::Int { value, suffix }) => {
                let s = match suffix {
                    None => "",
                    Some(IntSuffix::I32) => "i",
                    Some(IntSuffix::U32) => "u",
                    Some(IntSuffix::I64) => "li",
                    Some(IntSuffix::U64) => "lu",
                };
                format!("{value}{s}")
            }
            ExprKind::Literal(Literal::Float { value, suffix }) => {
                let s = match suffix {
                    None => "",
                    Some(FloatSuffix::F32) => "f",
                    Some(FloatSuffix::F16) => "h",
                    Some(FloatSuffix::F64) => "lf",
                };
                format!("{value:?}{s}")
            }
            ExprKind::Ident(i) => i.name.to_string(),
            ExprKind::Templated { name, args } => format!("{}<{}>", name.name, operands(*args)),
            ExprKind::Call { callee, args } if args.is_empty() => format!("(call {})", operand(*callee)),
            ExprKind::Call { callee, args } => format!("(call {} {})", operand(*callee), operands(*args)),
            ExprKind::Index { base, index } => format!("([] {} {})", operand(*base), operand(*index)),
            ExprKind::Member { base, member } => format!("(. {} {})", operand(*base), member.name),
            ExprKind::Unary { op, expr } => {
                let op = match op {
                    UnaryOp::Negate => "-",
                    UnaryOp::Not => "!",
                    UnaryOp::BitNot => "~",
                    UnaryOp::Deref => "*",
                    UnaryOp::AddressOf => "&",
                };
                format!("({op} {})", operand(*expr))
            }
            ExprKind::Binary { op, left, right } => {
                let op = match op {
                    BinaryOp::Add => "+",
                    BinaryOp::Subtract => "-",
                    BinaryOp::Multiply => "*",
                    BinaryOp::Divide => "/",
                    BinaryOp::Modulo => "%",
                    BinaryOp::Equal => "==",
                    BinaryOp::NotEqual => "!=",
                    BinaryOp::Less => "<",
                    BinaryOp::LessEqual => "<=",
                    BinaryOp::Greater => ">",
                    BinaryOp::GreaterEqual => ">=",
                    BinaryOp::And => "&",
                    BinaryOp::Or => "|",
                    BinaryOp::Xor => "^",
                    BinaryOp::LogicalAnd => "&&",
                    BinaryOp::LogicalOr => "||",
                    BinaryOp::ShiftLeft => "<<",
                    BinaryOp::ShiftRight => ">>",
                };
                format!("({op} {} {})", operand(*left), operand(*right))
            }
            ExprKind::Paren(inner) => format!("[{}]", operand(*inner)),
        }
    }

    /// The initializer of `const x = <src>;`.
    fn expr(src: &str) -> String {
        let unit = parse_ok(&format!("const x = {src};"));
        match &unit.decls[..] {
            [GlobalDecl::Const(c)] => operand(c.init),
            other => panic!("{other:?}"),
        }
    }

    fn body(src: &str) -> Vec<Stmt> {
        let unit = parse_ok(&format!("fn f() {{ {src} }}"));
        match unit.decls.into_iter().next() {
            Some(GlobalDecl::Function(f)) => f.body.stmts,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn precedence_and_associativity() {
        let cases = [
            ("1 + 2 * 3", "(+ 1 (* 2 3))"),
            ("a - b - c", "(- (- a b) c)"),
            ("a * b / c % d", "(% (/ (* a b) c) d)"),
            ("a + b * c - d", "(- (+ a (* b c)) d)"),
            ("a + (b + (c))", "(+ a [(+ b [c])])"),
            ("-a * b", "(* (- a) b)"),
            ("- -a", "(- (- a))"),
            ("!~a", "(! (~ a))"),
            ("a < b && c > d", "(&& (< a b) (> c d))"),
            ("a || b || c", "(|| (|| a b) c)"),
            ("a && b && !c", "(&& (&& a b) (! c))"),
            ("a & b & c", "(& (& a b) c)"),
            ("a | b", "(| a b)"),
            ("a ^ b ^ c", "(^ (^ a b) c)"),
            ("a << 2u", "(<< a 2u)"),
            ("a >> b", "(>> a b)"),
            ("a << b < c", "(< (<< a b) c)"),
            ("a + b < c * d", "(< (+ a b) (* c d))"),
            ("a + b == c", "(== (+ a b) c)"),
            ("a != b", "(!= a b)"),
            ("a <= b || c >= d", "(|| (<= a b) (>= c d))"),
            ("(a & b) != 0u && c", "(&& (!= [(& a b)] 0u) c)"),
            ("*p + 1", "(+ (* p) 1)"),
            ("&a.b[2]", "(& ([] (. a b) 2))"),
            ("a[i][j].x", "(. ([] ([] a i) j) x)"),
            ("vec3<f32>(1.0, 2.0, 3.0).xy", "(. (call vec3<f32> 1.0,2.0,3.0) xy)"),
            ("array<vec3<f32>, 4>()", "(call array<vec3<f32>,4>)"),
            ("bitcast<u32>(x)", "(call bitcast<u32> x)"),
            ("f(a < b, c)", "(call f (< a b),c)"),
            ("f(a, b,)", "(call f a,b)"),
            ("vec2f(1, 2)", "(call vec2f 1,2)"),
            ("select(a, b, c > d)", "(call select a,b,(> c d))"),
            ("array<f32, 2 * N>(1.0, 2.0)", "(call array<f32,(* 2 N)> 1.0,2.0)"),
            ("true && false", "(&& true false)"),
            ("0x1.8p3 + 1e-3f + 1.5h + 7i + 0x10u", "(+ (+ (+ (+ 12.0 0.0010000000474974513f) 1.5h) 7i) 16u)"),
        ];
        for (src, want) in cases {
            assert_eq!(expr(src), want, "{src}");
        }
    }

    #[test]
    fn operator_mixing_and_chaining_are_errors() {
        let cases = [
            ("a < b < c", "comparison operators cannot be chained"),
            ("a == b == c", "comparison operators cannot be chained"),
            ("a & b | c", "operator '|' cannot be mixed with '&' without parentheses"),
            ("a & b + c", "operator '+' cannot be mixed with '&' without parentheses"),
            ("a << b << c", "operator '<<' cannot be mixed with '<<' without parentheses"),
            ("a + b << c", "operator '<<' cannot be mixed with '+/-' without parentheses"),
            ("a || b && c", "operator '&&' cannot be mixed with '||' without parentheses"),
            ("a && b || c", "operator '||' cannot be mixed with '&&' without parentheses"),
            ("a & b && c", "operator '&&' cannot be mixed with '&' without parentheses"),
        ];
        for (src, want) in cases {
            assert_eq!(errors(&format!("const x = {src};")), [want], "{src}");
        }
    }

    #[test]
    fn template_lists_and_split_closers() {
        let unit = parse_ok(
            "var<private> a: array<vec3<f32>>;
             var<storage, read_write> b: array<array<u32, 4>, 8>;
             var<private> c: ptr<function, vec2<i32>>;
             fn f() { var x = a >> b; x >>= 1u; let q = u<v; let w = m < n && o > p; }",
        );
        let ty = |i: usize| match &unit.decls[i] {
            GlobalDecl::Var(v) => operand(v.ty.unwrap()),
            _ => panic!(),
        };
        assert_eq!(ty(0), "array<vec3<f32>>");
        assert_eq!(ty(1), "array<array<u32,4>,8>");
        assert_eq!(ty(2), "ptr<function,vec2<i32>>");
        let GlobalDecl::Var(b) = &unit.decls[1] else { panic!() };
        assert_eq!(
            (b.space(&unit).unwrap().name.as_str(), b.access(&unit).unwrap().name.as_str()),
            ("storage", "read_write")
        );
        let GlobalDecl::Function(f) = &unit.decls[3] else { panic!() };
        let kinds: Vec<String> = f
            .body
            .stmts
            .iter()
            .map(|s| match &s.kind {
                StmtKind::Var(v) => operand(v.init.unwrap()),
                StmtKind::Assign { lhs, op, rhs } => format!("{} {op:?}= {}", operand(lhs.unwrap()), operand(*rhs)),
                StmtKind::Let { init, .. } => operand(*init),
                other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(kinds, ["(>> a b)", "x Some(ShiftRight)= 1u", "(< u v)", "(&& (< m n) (> o p))"]);
    }

    fn names(attrs: &[Attribute]) -> Vec<String> {
        attrs
            .iter()
            .map(|a| {
                if a.args.is_empty() {
                    a.name.name.to_string()
                } else {
                    format!("{}({})", a.name.name, operands(a.args))
                }
            })
            .collect()
    }

    #[test]
    fn current_syntax_module() {
        let unit = parse_ok(
            "enable f16, subgroups,;
             requires readonly_and_readwrite_storage_textures;
             diagnostic(off, derivative_uniformity);
             @id(7) override scale: f32 = 1.0;
             override count: u32;
             alias V = vec4<f32>;
             const_assert 1 < 2;
             struct S { @align(16) @size(32) a: vec3<f32>, b: array<u32, 4>, }
             @group(0) @binding(1) var<storage, read> buf: array<S>;
             var<workgroup> shared_data: array<f32, 64>;
             @vertex fn vs(@builtin(vertex_index) i: u32, @location(0) @interpolate(flat, either) c: vec4<f32>,)
                 -> @builtin(position) @invariant vec4<f32> { return vec4f(); }
             @compute @workgroup_size(8, 8, 1) @diagnostic(off, derivative_uniformity)
             fn cs() {}",
        );
        let directives: Vec<String> = unit
            .directives
            .iter()
            .map(|d| match d {
                Directive::Enable(n) => {
                    format!("enable {}", n.iter().map(|i| i.name.as_str()).collect::<Vec<_>>().join(","))
                }
                Directive::Requires(n) => format!("requires {}", n[0].name),
                Directive::Diagnostic { severity, rule, .. } => {
                    format!("diagnostic {} {}", severity.name, rule[0].name)
                }
            })
            .collect();
        assert_eq!(
            directives,
            [
                "enable f16,subgroups",
                "requires readonly_and_readwrite_storage_textures",
                "diagnostic off derivative_uniformity"
            ]
        );
        let summary: Vec<String> = unit
            .decls
            .iter()
            .map(|d| match d {
                GlobalDecl::Var(v) => format!(
                    "var {:?} {}<{},{}>: {}",
                    names(&v.attrs),
                    v.name.name,
                    v.space(&unit).map_or("", |s| &s.name),
                    v.access(&unit).map_or("", |s| &s.name),
                    operand(v.ty.unwrap())
                ),
                GlobalDecl::Const(c) => format!("const {}", c.name.name),
                GlobalDecl::Override(o) => format!(
                    "override {:?} {} {}",
                    names(&o.attrs),
                    o.name.name,
                    o.init.as_ref().map_or("-".into(), sexpr)
                ),
                GlobalDecl::Alias { name, ty, .. } => format!("alias {} = {}", name.name, sexpr(ty)),
                GlobalDecl::Struct(s) => format!(
                    "struct {} {:?}",
                    s.name.name,
                    s.members
                        .iter()
                        .map(|m| format!("{:?} {}: {}", names(&m.attrs), m.name.name, sexpr(&m.ty)))
                        .collect::<Vec<_>>()
                ),
                GlobalDecl::Function(f) => format!(
                    "fn {:?} {}({:?}) -> {:?} {}",
                    names(&f.attrs),
                    f.name.name,
                    f.params
                        .iter()
                        .map(|p| format!("{:?} {}: {}", names(&p.attrs), p.name.name, sexpr(&p.ty)))
                        .collect::<Vec<_>>(),
                    names(&f.return_attrs),
                    f.return_type.as_ref().map_or("()".into(), sexpr)
                ),
                GlobalDecl::ConstAssert { expr, .. } => format!("const_assert {}", sexpr(expr)),
            })
            .collect();
        assert_eq!(
            summary,
            [
                r#"override ["id(7)"] scale 1.0"#,
                r#"override [] count -"#,
                "alias V = vec4<f32>",
                "const_assert (< 1 2)",
                r#"struct S ["[\"align(16)\", \"size(32)\"] a: vec3<f32>", "[] b: array<u32,4>"]"#,
                r#"var ["group(0)", "binding(1)"] buf<storage,read>: array<S>"#,
                r#"var [] shared_data<workgroup,>: array<f32,64>"#,
                r#"fn ["vertex"] vs(["[\"builtin(vertex_index)\"] i: u32", "[\"location(0)\", \"interpolate(flat,either)\"] c: vec4<f32>"]) -> ["builtin(position)", "invariant"] vec4<f32>"#,
                r#"fn ["compute", "workgroup_size(8,8,1)", "diagnostic(off,derivative_uniformity)"] cs([]) -> [] ()"#,
            ]
        );
    }

    #[test]
    fn statements() {
        let stmts = body(
            "var i: i32 = 0; let a = 1; const b: u32 = 2u; var<function> c = 3;
             i = 1; i += 2; i <<= 1u; i++; i--; _ = f(); f(1); (*p).x = 2; *p = 3;
             if a < 1 { return; } else if (a > 2) { discard; } else { }
             switch a { case 1, 2: {} case 3, default {} default: { break; } }
             loop { if a == 0 { break; } continuing { i++; break if i > 3; } }
             for (var j = 0; j < 4; j++) { continue; }
             for (;;) { break; }
             for (i = 0; i < 2; f()) {}
             @diagnostic(off, derivative_uniformity) while i < 10 { i += 1; }
             { ; { let z = 0; } }
             const_assert 1 < 2;
             return a;",
        );
        let kinds: Vec<String> = stmts
            .iter()
            .map(|s| match &s.kind {
                StmtKind::Var(v) => format!("var {}", v.name.name),
                StmtKind::Let { name, .. } => format!("let {}", name.name),
                StmtKind::Const(c) => format!("const {}", c.name.name),
                StmtKind::Assign { lhs, op, rhs } => {
                    format!("{} {op:?}= {}", lhs.map_or("_".into(), operand), operand(*rhs))
                }
                StmtKind::Increment(e) => format!("{}++", operand(*e)),
                StmtKind::Decrement(e) => format!("{}--", operand(*e)),
                StmtKind::Call(e) => format!("call {}", operand(*e)),
                StmtKind::If { reject: Some(r), .. } => match &r.kind {
                    StmtKind::If { reject: Some(r2), condition, .. } => {
                        format!("if else-if({}) else {}", operand(*condition), matches!(r2.kind, StmtKind::Block(_)))
                    }
                    _ => "if?".into(),
                },
                StmtKind::Switch { clauses, .. } => format!(
                    "switch {:?}",
                    clauses
                        .iter()
                        .map(|c| c
                            .selectors
                            .iter()
                            .map(|s| s.as_ref().map_or("default".into(), sexpr))
                            .collect::<Vec<_>>()
                            .join(","))
                        .collect::<Vec<_>>()
                ),
                StmtKind::Loop { body, continuing: Some(c), .. } => format!(
                    "loop {} continuing {} break if {}",
                    body.stmts.len(),
                    c.body.stmts.len(),
                    c.break_if.map_or("-".into(), operand)
                ),
                StmtKind::For { init, condition, update, .. } => format!(
                    "for {} {} {}",
                    init.is_some(),
                    condition.map_or("-".into(), operand),
                    update.is_some()
                ),
                StmtKind::While { attrs, condition, .. } => format!("while {:?} {}", names(attrs), operand(*condition)),
                StmtKind::Block(b) => format!("block {}", b.stmts.len()),
                StmtKind::ConstAssert(e) => format!("const_assert {}", operand(*e)),
                StmtKind::Return(e) => format!("return {}", e.map_or("-".into(), operand)),
                other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "var i",
                "let a",
                "const b",
                "var c",
                "i None= 1",
                "i Some(Add)= 2",
                "i Some(ShiftLeft)= 1u",
                "i++",
                "i--",
                "_ None= (call f)",
                "call (call f 1)",
                "(. [(* p)] x) None= 2",
                "(* p) None= 3",
                "if else-if([(> a 2)]) else true",
                r#"switch ["1,2", "3,default", "default"]"#,
                "loop 1 continuing 1 break if (> i 3)",
                "for true (< j 4) true",
                "for false - false",
                "for true (< i 2) true",
                r#"while ["diagnostic(off,derivative_uniformity)"] (< i 10)"#,
                "block 1",
                "const_assert (< 1 2)",
                "return a",
            ]
        );
    }

    #[test]
    fn january_2021_draft_syntax() {
        let unit = parse_ok(
            "[[block]] struct Uniforms {
               [[offset(0)]] mvp: mat4x4<f32>;
               [[offset(64)]] data: [[stride(16)]] array<vec4<f32>, 4>;
             };
             [[group(0), binding(0)]] var<uniform> u: Uniforms;
             [[binding(1), group(0)]] var<storage_buffer> s: [[access(read)]] Uniforms;
             @group(1) [[binding(2)]] var<uniform> mixed: array<[[stride(16)]] array<f32, 4>, 2>;
             [[location(0)]] var<in> pos: vec3<f32>;
             [[builtin(position)]] var<out> out_pos: vec4<f32>;
             type Arr = [[stride(4)]] array<f32>;
             [[constant_id(3)]] const gain: f32 = 1.0;
             [[constant_id(4)]] const bias: f32;
             const two: i32 = 2;
             [[stage(vertex)]]
             fn main() -> void {
               const k: i32 = 1;
               if (k == 1) { out_pos = vec4<f32>(pos, 1.0); } elseif (k == 2) { discard; } else { return; }
               switch (k) { case 1, 2: { fallthrough; } default: {} }
               loop { continuing { } }
             }
             [[stage(compute), workgroup_size(64)]]
             fn cs([[builtin(global_invocation_id)]] id: vec3<u32>) -> [[location(0)]] f32 { return 1.0; }",
        );
        let d = &unit.decls;
        let GlobalDecl::Struct(st) = &d[0] else { panic!("{:?}", d[0]) };
        assert_eq!(names(&st.attrs), ["block"]);
        assert_eq!(names(&st.members[1].attrs), ["offset(64)", "stride(16)"]);
        let GlobalDecl::Var(v) = &d[1] else { panic!() };
        assert_eq!(names(&v.attrs), ["group(0)", "binding(0)"]);
        let GlobalDecl::Var(v) = &d[2] else { panic!() };
        assert_eq!(v.space(&unit).unwrap().name, "storage_buffer");
        assert_eq!(names(&v.attrs), ["binding(1)", "group(0)", "access(read)"]);
        let GlobalDecl::Var(v) = &d[3] else { panic!() };
        assert_eq!(names(&v.attrs), ["group(1)", "binding(2)"]);
        assert_eq!(operand(v.ty.unwrap()), "array<array<f32,4>,2>");
        let d = &d[1..];
        let GlobalDecl::Var(v) = &d[3] else { panic!() };
        assert_eq!(v.space(&unit).unwrap().name, "in");
        assert!(matches!(&d[5], GlobalDecl::Alias { name, .. } if name.name == "Arr"));
        assert!(matches!(&d[6], GlobalDecl::Override(o) if o.name.name == "gain" && o.init.is_some()));
        assert!(matches!(&d[7], GlobalDecl::Override(o) if o.name.name == "bias" && o.init.is_none()));
        assert!(matches!(&d[8], GlobalDecl::Const(c) if c.name.name == "two"));
        let GlobalDecl::Function(f) = &d[9] else { panic!() };
        assert_eq!(names(&f.attrs), ["stage(vertex)"]);
        assert!(f.return_type.is_none());
        assert!(matches!(f.body.stmts[0].kind, StmtKind::Const(_)));
        let StmtKind::If { reject: Some(r), .. } = &f.body.stmts[1].kind else { panic!() };
        assert!(matches!(&r.kind, StmtKind::If { reject: Some(_), .. }));
        let StmtKind::Switch { clauses, .. } = &f.body.stmts[2].kind else { panic!() };
        assert!(matches!(clauses[0].body.stmts[0].kind, StmtKind::Fallthrough));
        assert!(matches!(&f.body.stmts[3].kind, StmtKind::Loop { continuing: Some(c), .. } if c.break_if.is_none()));
        let GlobalDecl::Function(f) = &d[10] else { panic!() };
        assert_eq!(names(&f.attrs), ["stage(compute)", "workgroup_size(64)"]);
        assert_eq!(names(&f.params[0].attrs), ["builtin(global_invocation_id)"]);
        assert_eq!(names(&f.return_attrs), ["location(0)"]);
    }

    #[test]
    fn recovery_reports_several_errors_and_keeps_going() {
        let src = "fn f() {
  let a = ;
  let b = 1
  let c = 2;
  x = = 3;
  if a { let d = 1 }
}
fn g() -> { }
struct S { a: }
fn h() { return 1; }";
        let (unit, diags) = parse(src, FileId(0));
        let found: Vec<(String, &str)> =
            diags.iter().map(|d| (d.message.clone(), &src[d.primary_span().unwrap().range()])).collect();
        assert_eq!(
            found,
            [
                ("expected an expression, found ';'".to_string(), ";"),
                ("expected ';' after statement, found 'let'".to_string(), "let"),
                ("expected an expression, found '='".to_string(), "="),
                ("expected ';' after statement, found '}'".to_string(), "}"),
                ("expected an identifier, found '{'".to_string(), "{"),
                ("expected an identifier, found '}'".to_string(), "}"),
            ]
        );
        let fns: Vec<&str> = unit
            .decls
            .iter()
            .filter_map(|d| match d {
                GlobalDecl::Function(f) => Some(f.name.name.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(fns, ["f", "h"]);
        let GlobalDecl::Function(f) = &unit.decls[0] else { panic!() };
        // `let c` survives between the broken statements, and the `if` keeps its body.
        assert!(f.body.stmts.iter().any(|s| matches!(&s.kind, StmtKind::Let { name, .. } if name.name == "c")));
    }

    #[test]
    fn other_errors() {
        let cases: &[(&str, &[&str])] = &[
            ("fn f() { let filter = 1; }", &["'filter' is a reserved word and cannot be used as an identifier"]),
            ("const __x = 1;", &["identifier '__x' starts with '__', which is reserved"]),
            ("const a = 1; enable f16;", &["directives must come before any declaration"]),
            ("fn f() { break if true; }", &["'break if' is only allowed at the end of a continuing block"]),
            (
                "fn f() { loop { continuing { break if true; i++; } } }",
                &["'break if' must be the last statement of a continuing block"],
            ),
            (
                "fn f() { a + 1; }",
                &["expression is not a statement; expected an assignment, '++', '--' or a function call"],
            ),
            ("var<> x: i32;", &["expected an address space and optional access mode, like 'var<storage, read>'"]),
            (
                "var<private, read, write> x: i32;",
                &["expected an address space and optional access mode, like 'var<storage, read>'"],
            ),
            ("const x: i32;", &["a module-scope 'const' needs an initializer"]),
            ("fn f() { switch x { foo: {} } }", &["expected 'case', 'default' or '}', found 'foo'"]),
            ("fn f() { if x {} else }", &["expected '{', found '}'"]),
            ("struct S { a: i32 b: i32 }", &["expected ',' or '}' after the struct member, found 'b'"]),
            ("fn f() {", &["expected '}', found end of file"]),
            ("const x = 1x;", &["malformed numeric literal: invalid suffix"]),
            ("fn f() { let x = 1; } }", &["expected a declaration, found '}'"]),
            ("[[stage(vertex)] fn f() {}", &["expected ']]' to close the attribute list, found 'fn'"]),
        ];
        for (src, want) in cases {
            assert_eq!(errors(src), *want, "{src}");
        }
    }

    #[test]
    fn nesting_is_limited() {
        let src = format!("const x = {}1{};", "(".repeat(1000), ")".repeat(1000));
        assert_eq!(errors(&src), ["nesting is too deep"]);
        let src = format!("fn f() {{ {} {} let y = 1 }}", "{".repeat(1000), "}".repeat(1000));
        assert_eq!(errors(&src), ["nesting is too deep", "expected ';' after statement, found '}'"]);
        // 100 levels are fine.
        let src = format!("const x = {}1{};", "(".repeat(100), ")".repeat(100));
        assert!(errors(&src).is_empty());
    }
}
