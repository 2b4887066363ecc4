//! The GLSL parser: preprocessed tokens to an [`ast::TranslationUnit`] (GLSL 4.60 §9 grammar,
//! GLSL ES 1.00-3.20, and the Vulkan GLSL / GL_EXT additions: 420pack initializer lists,
//! control-flow attributes, `demote`, `nonuniformEXT`, explicit arithmetic types).
//!
//! Recursive descent; binary operators by precedence climbing. Two classic C ambiguities are
//! settled with the information a GLSL parser has:
//! - a statement starting with a type word is a declaration unless the type (with its array
//!   dimensions) is followed by `(`, which makes it a constructor call; struct names count as
//!   type words (the parser keeps the set of declared struct names, like a C typedef table), and
//!   `Foo x` (a name followed by a name) is a declaration of an unknown type;
//! - words that only recent GLSL versions reserve (`sample`, `patch`, `buffer`, `shared`,
//!   `precise`, ...) are qualifiers only where a qualifier can stand: followed by a word or `;`.
//!   Older shaders that use them as variable names keep working.
//!
//! Errors never stop the parse: a failed declaration or statement is skipped up to its `;`
//! (or the `}` of a block it opened) and parsing goes on, so one run reports several errors.
//! Nesting (parentheses, blocks, unary chains, initializer lists, structs) is limited to
//! [`MAX_DEPTH`] levels so hostile input cannot overflow the stack.

use super::ast::*;
use super::parse_diagnostics as diag;
use super::token::{Token, TokenKind};
use crate::diag::Diagnostics;
use crate::ir::{Coherence, Scalar, ScalarKind, VectorSize};
use crate::span::Span;
use std::collections::HashSet;

/// How deeply statements and expressions may nest. Real shaders stay far below; the limit keeps
/// recursion within a 2 MiB thread stack even in debug builds.
pub const MAX_DEPTH: usize = 96;

/// Parses a preprocessed token stream. `version` and `es` come from `#version` (they decide
/// whether `texture2D` & co. are type names). Never fails outright: returns what it could
/// build and every error found.
pub fn parse(tokens: &[Token], version: u32, es: bool) -> (TranslationUnit, Diagnostics) {
    parse_dialect(tokens, version, es, super::Dialect::GLSL)
}

/// [`parse`], where the tokens at the indices in `plain_words` are names even though they
/// spell an extension's type ([`extension_type_enablers`]): none of the extensions that make
/// the word a keyword is enabled there, so glslang's scanner reads an identifier
/// (`int int64_t(int x)`, `float float16_t = 1.0;` without GL_EXT_shader_explicit_arithmetic_types).
pub fn parse_with_plain_words(tokens: &[Token], version: u32, es: bool, plain_words: HashSet<usize>) -> (TranslationUnit, Diagnostics) {
    parse_inner(tokens, version, es, super::Dialect::GLSL, plain_words)
}

/// [`parse`] for a dialect, whose type table replaces GLSL's (AGSL reads its own type names);
/// everything else is the GLSL grammar.
pub fn parse_dialect(tokens: &[Token], version: u32, es: bool, dialect: super::Dialect) -> (TranslationUnit, Diagnostics) {
    parse_inner(tokens, version, es, dialect, HashSet::new())
}

fn parse_inner(tokens: &[Token], version: u32, es: bool, dialect: super::Dialect, plain_words: HashSet<usize>) -> (TranslationUnit, Diagnostics) {
    let eof = tokens.last().map_or(Span::default(), |t| Span::new(t.span.file, t.span.end, t.span.end));
    let mut p = Parser {
        tokens,
        pos: 0,
        diags: Diagnostics::new(),
        type_names: Default::default(),
        depth: 0,
        depth_reported: false,
        switch_depth: 0,
        extension_words: Vec::new(),
        eof,
        version,
        es,
        dialect,
        plain_words,
    };
    let mut decls = Vec::new();
    let mut decl_ends = Vec::new();
    while p.pos < tokens.len() {
        let start = p.pos;
        // Stray `;` between declarations (`void f() { };`) is accepted, as glslang does.
        if p.eat(";") {
            continue;
        }
        // `[[subgroup_uniform_control_flow]] void main()`: function attributes
        // (GL_EXT_subgroup_uniform_control_flow), kept on the function for the lowering's
        // extension check.
        let Some(leading) = p.attributes() else {
            p.recover();
            continue;
        };
        match p.declaration(true) {
            Some(mut d) => {
                match &mut d {
                    ExternalDeclaration::Function(f) => drop(f.attributes.splice(0..0, leading)),
                    ExternalDeclaration::Declaration(Declaration { kind: DeclarationKind::Prototype(f), .. }) => {
                        drop(f.attributes.splice(0..0, leading))
                    }
                    // glslang's grammar takes attributes before functions and statements only.
                    _ => {
                        if let Some(first) = leading.first() {
                            p.error(diag::attributes_not_allowed_here(first.span));
                        }
                    }
                }
                decls.push(d);
                decl_ends.push(p.pos);
            }
            None => p.recover(),
        }
        if p.pos == start {
            p.pos += 1;
        }
    }
    let extension_words = std::mem::take(&mut p.extension_words);
    (TranslationUnit { version, es, decls, decl_ends, extension_words }, p.diags)
}

struct Parser<'t> {
    tokens: &'t [Token],
    pos: usize,
    diags: Diagnostics,
    /// Declared struct names (and `buffer_reference` block names): words that start a type.
    type_names: crate::hash::FxHashSet<crate::name::Name>,
    depth: usize,
    /// Only the first nesting error is reported; the rest of a too-deep construct is skipped.
    depth_reported: bool,
    switch_depth: usize,
    /// [`TranslationUnit::extension_words`].
    extension_words: Vec<ExtensionWord>,
    eof: Span,
    version: u32,
    es: bool,
    dialect: super::Dialect,
    /// Indices of tokens that spell an extension's type but are names (see
    /// [`parse_with_plain_words`]).
    plain_words: HashSet<usize>,
}

/// Statement keywords: never a type or variable name.
/// (A `match`, not a table: `contains` on a slice compared the word with every entry through
/// `memcmp`, for every name the parser read.)
fn is_statement_keyword(word: &str) -> bool {
    matches!(
        word,
        "if" | "else" | "switch" | "case" | "default" | "while" | "do" | "for" | "break" | "continue" | "return" | "discard"
            | "struct" | "precision" | "layout" | "true" | "false"
    )
}

/// Words reserved for future use (GLSL 4.60 §3.6): using one as a name is an error.
fn is_reserved_word(word: &str) -> bool {
    matches!(
        word,
        "common" | "partition" | "active" | "asm" | "class" | "union" | "enum" | "typedef" | "template" | "this" | "resource"
            | "goto" | "inline" | "noinline" | "public" | "static" | "extern" | "external" | "interface" | "long" | "short" | "half"
            | "fixed" | "unsigned" | "superp" | "input" | "output" | "hvec2" | "hvec3" | "hvec4" | "fvec2" | "fvec3" | "fvec4" | "filter"
            | "sizeof" | "cast" | "namespace" | "using" | "sampler3DRect"
    )
}

impl<'t> Parser<'t> {
    // ---- token access ----

    fn peek(&self) -> &'t str {
        self.peek_at(0)
    }

    fn peek_at(&self, n: usize) -> &'t str {
        self.tokens.get(self.pos + n).map_or("", |t| t.text.as_str())
    }

    fn kind_at(&self, n: usize) -> Option<TokenKind> {
        self.tokens.get(self.pos + n).map(|t| t.kind)
    }

    fn is_word_at(&self, n: usize) -> bool {
        self.kind_at(n) == Some(TokenKind::Ident)
    }

    fn is_punct(&self, text: &str) -> bool {
        self.kind_at(0) == Some(TokenKind::Punct) && self.peek() == text
    }

    fn span(&self) -> Span {
        self.tokens.get(self.pos).map_or(self.eof, |t| t.span)
    }

    fn prev_span(&self) -> Span {
        match self.pos.checked_sub(1).and_then(|i| self.tokens.get(i)) {
            Some(t) => t.span,
            None => self.span(),
        }
    }

    /// The span from `start` to the last consumed token.
    fn since(&self, start: Span) -> Span {
        start.to(self.prev_span())
    }

    fn at_end(&self) -> bool {
        self.pos >= self.tokens.len()
    }

    fn bump(&mut self) -> &'t Token {
        let t = &self.tokens[self.pos];
        self.pos += 1;
        t
    }

    /// Consumes the punctuation or keyword `text` if it is next.
    fn eat(&mut self, text: &str) -> bool {
        if !self.at_end() && self.peek() == text && self.kind_at(0) != Some(TokenKind::IntLit) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, text: &str, after: &str) -> Option<Span> {
        if self.eat(text) {
            Some(self.prev_span())
        } else {
            self.error(diag::expected_after(&format!("'{text}'"), after, self.peek(), self.span()));
            None
        }
    }

    /// Expects the `close` of an `open` token at `open_span`.
    fn expect_close(&mut self, open: &str, close: &str, open_span: Span) -> Option<Span> {
        if self.eat(close) {
            Some(self.prev_span())
        } else {
            self.error(diag::unclosed(open, close, self.peek(), self.span(), open_span));
            None
        }
    }

    fn error(&mut self, d: crate::diag::Diagnostic) {
        self.diags.push(d);
    }

    fn ident(&mut self, what: &str) -> Option<Ident> {
        if self.is_word_at(0) && !is_statement_keyword(self.peek()) {
            let t = self.bump();
            if is_reserved_word(&t.text) {
                // Reported, then used as a name so that parsing goes on.
                self.error(crate::diag::Diagnostic::error(format!("`{}` is a reserved word in GLSL and cannot be a name (GLSL 4.60 §3.6)", t.text), t.span));
            } else if self.is_qualifier_keyword(&t.text) {
                self.error(crate::diag::Diagnostic::error(format!("`{}` is a qualifier keyword and cannot be a name (GLSL 4.60 §3.6)", t.text), t.span));
            }
            Some(Ident { name: t.text.clone(), span: t.span })
        } else {
            self.error(diag::expected(what, self.peek(), self.span()));
            None
        }
    }

    /// The name a declaration gives (a variable, parameter, function, struct, block, member):
    /// [`Self::ident`], and not a core type keyword (`float`, `vec3`, `sampler2D`; GLSL 4.60
    /// §3.6, glslang: a syntax error). A call's name is read by `ident`: `texture2D(s, uv)` is
    /// the old function where `texture2D` is no type.
    fn declared_name(&mut self, what: &str) -> Option<Ident> {
        let name = self.ident(what)?;
        // An extension's type word is a name where its extensions are off (`plain_words`);
        // the other extension words (`rayQueryEXT`) are taken as names everywhere.
        let keyword = match extension_type_enablers(&name.name) {
            Some(_) => !self.plain_words.contains(&(self.pos - 1)),
            None => !extension_type_word(&name.name),
        };
        if self.builtin_type(&name.name).is_some() && keyword {
            self.error(crate::diag::Diagnostic::error(format!("`{}` is a type keyword and cannot be a name (GLSL 4.60 §3.6)", name.name), name.span));
        }
        Some(name)
    }

    fn enter(&mut self) -> Option<()> {
        if self.depth >= MAX_DEPTH {
            if !self.depth_reported {
                self.depth_reported = true;
                self.error(diag::nesting_too_deep(MAX_DEPTH, self.span()));
            }
            return None;
        }
        self.depth += 1;
        Some(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
        if self.depth == 0 {
            self.depth_reported = false;
        }
    }

    /// Error recovery: skips to just after the next `;` at this brace level, or past the `}`
    /// closing a brace opened while skipping, or to (not past) a `}` closing the current block.
    fn recover(&mut self) {
        let mut braces = 0usize;
        while let Some(t) = self.tokens.get(self.pos) {
            if t.kind == TokenKind::Punct {
                match t.text.as_str() {
                    ";" if braces == 0 => {
                        self.pos += 1;
                        return;
                    }
                    "{" => braces += 1,
                    "}" => {
                        if braces == 0 {
                            return;
                        }
                        braces -= 1;
                        if braces == 0 {
                            self.pos += 1;
                            // `struct S { ... } s;` / a block: also take the rest up to `;`
                            // when it follows directly on the same declaration.
                            if self.is_punct(";") {
                                self.pos += 1;
                            }
                            return;
                        }
                    }
                    _ => {}
                }
            }
            self.pos += 1;
        }
    }

    // ---- words ----

    fn builtin_type(&self, word: &str) -> Option<BuiltinType> {
        (self.dialect.builtin_type)(word, self.version, self.es)
    }

    /// The built-in type the next token names, if it is one here (not a plain word).
    fn builtin_type_here(&self) -> Option<BuiltinType> {
        if !self.is_word_at(0) || self.plain_words.contains(&self.pos) {
            return None;
        }
        self.builtin_type(self.peek())
    }

    /// Whether the next token starts a type: a built-in type here or a declared struct.
    fn is_type_word_here(&self) -> bool {
        self.is_type_word(self.builtin_type_here())
    }

    /// [`Self::is_type_word_here`] given [`Self::builtin_type_here`].
    fn is_type_word(&self, builtin: Option<BuiltinType>) -> bool {
        builtin.is_some() || (self.is_word_at(0) && self.type_names.contains(self.peek()))
    }

    /// Whether the word `n` tokens ahead is a qualifier here: a `layout(`, or a qualifier
    /// keyword followed by a word or `;`.
    /// Whether `word` is a qualifier keyword in this version (GLSL 4.60 §3.6 keywords, with the
    /// versions that introduced them: memory qualifiers in 4.20, `buffer` in 4.30, `sample`,
    /// `patch` and `precise` in 4.00; all of them in ES 3.10). ES 1.00 (and AGSL) is not checked.
    fn is_qualifier_keyword(&self, word: &str) -> bool {
        let (es, v) = (self.es, self.version);
        if es && v < 300 {
            return false;
        }
        match word {
            "const" | "in" | "out" | "inout" | "uniform" | "shared" | "flat" | "smooth" | "centroid" | "invariant" | "highp"
            | "mediump" | "lowp" | "attribute" | "varying" | "noperspective" => true,
            "coherent" | "volatile" | "restrict" | "readonly" | "writeonly" | "devicecoherent" | "queuefamilycoherent"
            | "workgroupcoherent" | "subgroupcoherent" | "shadercallcoherent" | "nonprivate" => es || v >= 420,
            "buffer" => es || v >= 430,
            "sample" | "patch" | "precise" => (es && v >= 310) || (!es && v >= 400),
            _ => false,
        }
    }

    fn is_qualifier_at(&self, n: usize) -> bool {
        if !self.is_word_at(n) {
            return false;
        }
        let word = self.peek_at(n);
        if word == "layout" || SPIRV_QUALIFIERS.contains(&word) {
            return self.peek_at(n + 1) == "(";
        }
        qualifier_word(word).is_some() && (self.is_word_at(n + 1) || self.peek_at(n + 1) == ";")
    }

    /// Whether a statement starting here is a declaration (see the module doc).
    fn starts_declaration(&self) -> bool {
        if !self.is_word_at(0) {
            return false;
        }
        let word = self.peek();
        if word == "struct" || (word == "precision" && precision_word(self.peek_at(1)).is_some()) {
            return true;
        }
        if self.is_qualifier_at(0) {
            return true;
        }
        if self.is_type_word_here() {
            // Skip array dimensions: `float[2] a;` declares, `float[2](a, b)` constructs.
            let mut i = 1;
            let mut brackets = 0usize;
            loop {
                match self.peek_at(i) {
                    "[" => brackets += 1,
                    "]" if brackets > 0 => brackets -= 1,
                    "" => return false,
                    _ if brackets > 0 => {}
                    "(" => return false,
                    _ => return true,
                }
                i += 1;
            }
        }
        // `Foo x` can only declare (a type the parser does not know, e.g. from a macro).
        self.is_word_at(1) && !is_statement_keyword(word)
    }

    // ---- declarations ----

    /// A declaration or (when `top_level`) a function definition. Consumes the final `;`.
    fn declaration(&mut self, top_level: bool) -> Option<ExternalDeclaration> {
        let start = self.span();
        if self.peek() == "precision" && self.is_word_at(0) {
            self.bump();
            let Some(precision) = precision_word(self.peek()) else {
                self.error(diag::precision_needs_precision_qualifier(self.peek(), self.span()));
                return None;
            };
            self.bump();
            let ty = self.type_specifier()?;
            self.expect(";", "a precision statement")?;
            let kind = DeclarationKind::Precision { precision, ty };
            return Some(ExternalDeclaration::Declaration(Declaration { kind, span: self.since(start) }));
        }
        let qualifiers = self.qualifiers()?;
        let decl = |kind, span| Some(ExternalDeclaration::Declaration(Declaration { kind, span }));
        if self.eat(";") {
            if qualifiers.is_empty() {
                self.error(diag::empty_declaration(self.prev_span()));
                return None;
            }
            return decl(DeclarationKind::Qualifiers(qualifiers), self.since(start));
        }
        // A block name may already be a type name: a forward-declared `buffer_reference` block.
        let block = self.peek_at(1) == "{" && self.builtin_type_here().is_none();
        if !qualifiers.is_empty() && self.is_word_at(0) && (block || !self.is_type_word_here()) && self.peek() != "struct" {
            match self.peek_at(1) {
                "{" => {
                    let block = self.interface_block(qualifiers, start)?;
                    return decl(DeclarationKind::Block(block), self.since(start));
                }
                ";" | "," => {
                    let mut names = vec![self.ident("a name")?];
                    while self.eat(",") {
                        names.push(self.ident("a name")?);
                    }
                    self.expect(";", "a qualifier redeclaration")?;
                    // `layout(buffer_reference) buffer Node;` forward-declares a type.
                    if qualifiers.layout("buffer_reference").is_some() {
                        self.type_names.extend(names.iter().map(|n| n.name.clone()));
                    }
                    return decl(DeclarationKind::Redeclaration { qualifiers, names }, self.since(start));
                }
                _ => {}
            }
        }
        let ty = self.type_specifier()?;
        let full = FullySpecifiedType { span: self.since(start), qualifiers, ty };
        if self.eat(";") {
            let kind = DeclarationKind::Variables(VariableDeclaration { ty: full, declarators: Vec::new() });
            return decl(kind, self.since(start));
        }
        let name = self.declared_name("a name")?;
        if self.is_punct("(") {
            let mut prototype = self.function_prototype(full, name, start)?;
            // Attributes may also sit between the header and the body (see `parse`).
            let attributes = self.attributes()?;
            if self.is_punct("{") {
                if !top_level {
                    self.error(diag::function_definition_not_allowed_here(self.span()));
                }
                let body = self.block()?;
                let span = self.since(start);
                if !top_level {
                    return None;
                }
                return Some(ExternalDeclaration::Function(FunctionDefinition { prototype, body, span, attributes }));
            }
            self.expect(";", "a function prototype")?;
            prototype.attributes = attributes;
            return decl(DeclarationKind::Prototype(prototype), self.since(start));
        }
        let mut declarators = vec![self.declarator(name)?];
        while self.eat(",") {
            let name = self.declared_name("a name")?;
            declarators.push(self.declarator(name)?);
        }
        self.expect(";", "a declaration")?;
        decl(DeclarationKind::Variables(VariableDeclaration { ty: full, declarators }), self.since(start))
    }

    /// The rest of `name[dims] = init` once the name is read.
    fn declarator(&mut self, name: Ident) -> Option<Declarator> {
        let start = name.span;
        let array = self.array_specifiers()?;
        let init = if self.eat("=") { Some(self.initializer()?) } else { None };
        Some(Declarator { name, array, init, span: self.since(start) })
    }

    fn initializer(&mut self) -> Option<Initializer> {
        if !self.is_punct("{") {
            return Some(Initializer::Expr(self.assignment()?));
        }
        self.enter()?;
        let result = self.initializer_list();
        self.leave();
        result
    }

    fn initializer_list(&mut self) -> Option<Initializer> {
        let token = self.pos;
        let open = self.bump().span;
        let mut items = Vec::new();
        while !self.is_punct("}") {
            items.push(self.initializer()?);
            if !self.eat(",") {
                break;
            }
        }
        self.expect_close("{", "}", open)?;
        let span = self.since(open);
        if items.is_empty() {
            // glslang's grammar: "empty { } initializer" needs GL_EXT_null_initializer.
            self.extension_words.push(ExtensionWord { word: "{}", extension: "GL_EXT_null_initializer", token, span });
        }
        Some(Initializer::List(items, span))
    }

    /// `(params)` and the prototype around them; the `(` is next.
    fn function_prototype(&mut self, return_type: FullySpecifiedType, name: Ident, start: Span) -> Option<FunctionPrototype> {
        let open = self.bump().span;
        let mut params = Vec::new();
        if self.peek() == "void" && self.peek_at(1) == ")" {
            self.bump();
        }
        if !self.is_punct(")") {
            loop {
                params.push(self.parameter()?);
                if !self.eat(",") {
                    break;
                }
            }
        }
        self.expect_close("(", ")", open)?;
        Some(FunctionPrototype { return_type, name, params, span: self.since(start), attributes: Vec::new() })
    }

    fn parameter(&mut self) -> Option<Parameter> {
        let start = self.span();
        let qualifiers = self.qualifiers()?;
        let ty = self.type_specifier()?;
        let (name, array) = if self.is_word_at(0) {
            let name = self.declared_name("a parameter name")?;
            (Some(name), self.array_specifiers()?)
        } else {
            (None, Vec::new())
        };
        Some(Parameter { qualifiers, ty, name, array, span: self.since(start) })
    }

    /// `qualifiers BlockName { members } [instance[dims]] ;` with the qualifiers read.
    fn interface_block(&mut self, qualifiers: TypeQualifiers, start: Span) -> Option<InterfaceBlock> {
        let name = self.declared_name("a block name")?;
        if qualifiers.layout("buffer_reference").is_some() {
            self.type_names.insert(name.name.clone());
        }
        let members = self.member_list()?;
        let (instance, array) = if self.is_word_at(0) {
            let instance = self.declared_name("an instance name")?;
            (Some(instance), self.array_specifiers()?)
        } else {
            (None, Vec::new())
        };
        self.expect(";", "an interface block")?;
        Some(InterfaceBlock { qualifiers, name, members, instance, array, span: self.since(start) })
    }

    /// `{ member; ... }` of a struct or block. A bad member is skipped, the rest still parsed.
    fn member_list(&mut self) -> Option<Vec<StructMember>> {
        let open = self.expect("{", "the name")?;
        let mut members = Vec::new();
        while !self.is_punct("}") && !self.at_end() {
            let before = self.pos;
            match self.struct_member() {
                Some(m) => members.push(m),
                None => self.recover(),
            }
            if self.pos == before {
                self.pos += 1;
            }
        }
        self.expect_close("{", "}", open)?;
        Some(members)
    }

    fn struct_member(&mut self) -> Option<StructMember> {
        let start = self.span();
        let qualifiers = self.qualifiers()?;
        let ty = self.type_specifier()?;
        let mut declarators = Vec::new();
        loop {
            let name = self.declared_name("a member name")?;
            let array = self.array_specifiers()?;
            declarators.push(MemberDeclarator { span: self.since(name.span), name, array });
            if !self.eat(",") {
                break;
            }
        }
        self.expect(";", "a member declaration")?;
        Some(StructMember { qualifiers, ty, declarators, span: self.since(start) })
    }

    // ---- types and qualifiers ----

    fn qualifiers(&mut self) -> Option<TypeQualifiers> {
        let start = self.span();
        let mut qualifiers = Vec::new();
        let mut words = Vec::new();
        while self.is_qualifier_at(0) {
            let q_start = self.span();
            let token = self.pos;
            let word = self.bump().text.as_str();
            words.push(word);
            if let Some((word, extension)) = qualifier_extension(word) {
                self.extension_words.push(ExtensionWord { word, extension, token, span: q_start });
            }
            let kind = if word == "layout" {
                QualifierKind::Layout(self.layout_list()?)
            } else if SPIRV_QUALIFIERS.contains(&word) {
                let word = word.to_string();
                QualifierKind::Spirv(SpirvQualifier { word, args: self.spirv_arguments()? })
            } else {
                qualifier_word(word)?
            };
            qualifiers.push(Qualifier { kind, span: self.since(q_start) });
        }
        self.check_repetition(&qualifiers, &words);
        let span = if qualifiers.is_empty() { Span::new(start.file, start.start, start.start) } else { self.since(start) };
        Some(TypeQualifiers { qualifiers, span })
    }

    /// GLSL 4.60 §4.7 (order and repetition of qualification), as glslang enforces it: no
    /// qualifier word twice (`layout(...)` and the SPIR-V qualifiers may repeat), and at most one
    /// storage qualifier (`in out` and `const in` combine), one interpolation, one auxiliary and
    /// one precision qualifier.
    fn check_repetition(&mut self, qualifiers: &[Qualifier], words: &[&str]) {
        let class = |k: &QualifierKind| -> Option<&'static str> {
            match k {
                QualifierKind::Storage(_) => Some("storage"),
                QualifierKind::Memory(MemoryQualifier::Coherent | MemoryQualifier::ScopedCoherent(_) | MemoryQualifier::ShaderCallCoherent) => {
                    Some("coherence")
                }
                QualifierKind::Interpolation(_) => Some("interpolation"),
                QualifierKind::Auxiliary(_) => Some("auxiliary"),
                QualifierKind::Precision(_) => Some("precision"),
                _ => None,
            }
        };
        let combines = |a: &QualifierKind, b: &QualifierKind| {
            use StorageQualifier as S;
            matches!(
                (a, b),
                (QualifierKind::Storage(S::In), QualifierKind::Storage(S::Out | S::Const))
                    | (QualifierKind::Storage(S::Out | S::Const), QualifierKind::Storage(S::In))
            )
        };
        for (i, (q, word)) in qualifiers.iter().zip(words).enumerate() {
            if matches!(q.kind, QualifierKind::Layout(_) | QualifierKind::Spirv(_)) {
                continue;
            }
            if let Some(k) = words[..i].iter().position(|w| w == word) {
                self.error(diag::replicated_qualifier(word, q.span, qualifiers[k].span));
                continue;
            }
            let Some(what) = class(&q.kind) else { continue };
            if let Some(k) = qualifiers[..i].iter().position(|e| class(&e.kind) == Some(what) && !combines(&e.kind, &q.kind)) {
                self.error(diag::conflicting_qualifiers(what, words[k], word, q.span, qualifiers[k].span));
            }
        }
    }

    /// `( [key =] value | [key =] [values], ... )` after a GL_EXT_spirv_intrinsics qualifier.
    fn spirv_arguments(&mut self) -> Option<Vec<SpirvArg>> {
        let open = self.expect("(", "a SPIR-V qualifier")?;
        let mut args = Vec::new();
        while !self.is_punct(")") {
            let start = self.span();
            let key = if self.is_word_at(0) && self.peek_at(1) == "=" {
                let key = self.ident("a name")?;
                self.bump();
                Some(key)
            } else {
                None
            };
            let mut values = Vec::new();
            if self.is_punct("[") {
                let list_open = self.bump().span;
                while !self.is_punct("]") {
                    values.push(self.conditional()?);
                    if !self.eat(",") {
                        break;
                    }
                }
                self.expect_close("[", "]", list_open)?;
            } else {
                values.push(self.conditional()?);
            }
            args.push(SpirvArg { key, values, span: self.since(start) });
            if !self.eat(",") {
                break;
            }
        }
        self.expect_close("(", ")", open)?;
        Some(args)
    }

    /// `( id [= value], ... )` after `layout`.
    fn layout_list(&mut self) -> Option<Vec<LayoutQualifier>> {
        let open = self.expect("(", "'layout'")?;
        let mut list = Vec::new();
        loop {
            // Any word is a layout name, `shared` included (GLSL 4.60 §4.4).
            if !self.is_word_at(0) {
                self.error(diag::expected("a layout qualifier name", self.peek(), self.span()));
                return None;
            }
            let t = self.bump();
            let name = Ident { name: t.text.clone(), span: t.span };
            let known = super::layout_names::is_known(&name.name);
            if !known {
                let mut d = crate::diag::Diagnostic::error(format!("unknown layout qualifier `{}`", name.name), name.span);
                if let Some(near) = crate::diag::closest(&name.name, super::layout_names::KNOWN.iter().copied()) {
                    d = d.with_note(format!("help: did you mean `{near}`?"));
                }
                self.error(d);
            }
            let value = if self.eat("=") { Some(self.conditional()?) } else { None };
            if known && super::layout_names::takes_value(&name.name) != value.is_some() {
                self.error(diag::layout_value(&name.name, value.is_none(), self.since(name.span)));
            }
            list.push(LayoutQualifier { span: self.since(name.span), name, value });
            if !self.eat(",") {
                break;
            }
        }
        self.expect_close("(", ")", open)?;
        Some(list)
    }

    fn type_specifier(&mut self) -> Option<TypeSpecifier> {
        let start = self.span();
        let kind = if self.is_word_at(0) && self.peek() == "struct" {
            TypeKind::Struct(self.struct_definition()?)
        } else if let Some(builtin) = self.builtin_type_here() {
            self.bump();
            TypeKind::Builtin(builtin)
        } else if self.is_word_at(0) && !is_statement_keyword(self.peek()) && qualifier_word(self.peek()).is_none() {
            TypeKind::Named(self.ident("a type")?)
        } else {
            self.error(diag::expected_type(self.peek(), self.span()));
            return None;
        };
        let array = self.array_specifiers()?;
        Some(TypeSpecifier { kind, array, span: self.since(start) })
    }

    fn struct_definition(&mut self) -> Option<StructDefinition> {
        self.enter()?;
        let result = self.struct_definition_inner();
        self.leave();
        result
    }

    fn struct_definition_inner(&mut self) -> Option<StructDefinition> {
        let start = self.bump().span;
        let name = if self.is_word_at(0) { Some(self.declared_name("a struct name")?) } else { None };
        if let Some(name) = &name {
            // Known before the members so a later `S x;` or `S(...)` parses as a type.
            self.type_names.insert(name.name.clone());
        }
        let members = self.member_list()?;
        Some(StructDefinition { name, members, span: self.since(start) })
    }

    /// Zero or more `[size]` / `[]`.
    fn array_specifiers(&mut self) -> Option<Vec<ArraySpecifier>> {
        let mut dims = Vec::new();
        while self.is_punct("[") {
            let open = self.bump().span;
            let size = if self.is_punct("]") { None } else { Some(self.conditional()?) };
            self.expect_close("[", "]", open)?;
            dims.push(ArraySpecifier { size, span: self.since(open) });
        }
        Some(dims)
    }

    // ---- statements ----

    /// `{ statements }`; the `{` is next. Bad statements are skipped; always returns a block
    /// unless the `{` is missing.
    fn block(&mut self) -> Option<Block> {
        let open = self.expect("{", "a function header")?;
        let mut stmts = Vec::new();
        while !self.is_punct("}") && !self.at_end() {
            let before = self.pos;
            match self.statement() {
                Some(s) => stmts.push(s),
                None => self.recover(),
            }
            if self.pos == before {
                self.pos += 1;
            }
        }
        self.expect_close("{", "}", open);
        Some(Block { stmts, span: self.since(open) })
    }

    fn statement(&mut self) -> Option<Stmt> {
        self.enter()?;
        let result = self.statement_inner();
        self.leave();
        result
    }

    /// Dispatches on the first token. Each form is its own function: in debug builds a frame
    /// holds every arm's temporaries, and this function is on the stack once per nesting level.
    fn statement_inner(&mut self) -> Option<Stmt> {
        let start = self.span();
        let mut attributes = self.attributes()?;
        let word = if self.is_word_at(0) { self.peek() } else { "" };
        let declaration = !matches!(word, "if" | "switch" | "while" | "do" | "for") && self.starts_declaration();
        if let (Some(first), false) = (attributes.first(), matches!(word, "if" | "switch" | "while" | "do" | "for") || declaration) {
            self.error(diag::attributes_not_allowed_here(first.span));
        }
        let kind = match word {
            "if" => self.if_statement()?,
            "switch" => self.switch_statement()?,
            "case" | "default" if word == "case" || self.peek_at(1) == ":" => self.case_label()?,
            "while" => self.while_statement()?,
            "do" => self.do_statement()?,
            "for" => self.for_statement()?,
            "break" | "continue" | "discard" => self.jump_statement()?,
            "demote" if self.peek_at(1) == ";" => {
                self.pos += 2;
                StmtKind::Demote
            }
            "return" => self.return_statement()?,
            _ if self.is_punct("{") => StmtKind::Block(self.block()?),
            _ if self.is_punct(";") => {
                self.bump();
                StmtKind::Empty
            }
            _ if declaration => {
                let mut d = self.local_declaration()?;
                match &mut d.kind {
                    // A prototype takes them as at global scope (glslang's grammar: `[[...]]
                    // float g(float);` in a body; the lowering checks them as a function's).
                    DeclarationKind::Prototype(p) => drop(p.attributes.splice(0..0, std::mem::take(&mut attributes))),
                    _ => {
                        if let Some(first) = attributes.first() {
                            self.error(diag::attributes_not_allowed_here(first.span));
                        }
                    }
                }
                StmtKind::Declaration(Box::new(d))
            }
            _ => self.expression_statement()?,
        };
        Some(Stmt { kind, attributes, span: self.since(start) })
    }

    fn if_statement(&mut self) -> Option<StmtKind> {
        self.bump();
        let condition = self.paren_expression("'if'")?;
        let accept = Box::new(self.statement()?);
        let reject = if self.eat("else") { Some(Box::new(self.statement()?)) } else { None };
        Some(StmtKind::If { condition, accept, reject })
    }

    fn switch_statement(&mut self) -> Option<StmtKind> {
        self.bump();
        let selector = self.paren_expression("'switch'")?;
        self.switch_depth += 1;
        let body = self.block();
        self.switch_depth -= 1;
        Some(StmtKind::Switch { selector, body: body? })
    }

    /// `case expr:` or `default:`.
    fn case_label(&mut self) -> Option<StmtKind> {
        let label = self.bump();
        if self.switch_depth == 0 {
            self.error(diag::case_outside_switch(&label.text, label.span));
        }
        if label.text == "default" {
            self.bump();
            return Some(StmtKind::Default);
        }
        let value = self.expression()?;
        self.expect(":", "a case value")?;
        Some(StmtKind::Case(value))
    }

    fn while_statement(&mut self) -> Option<StmtKind> {
        self.bump();
        let open = self.expect("(", "'while'")?;
        let condition = self.condition()?;
        self.expect_close("(", ")", open)?;
        let body = Box::new(self.statement()?);
        Some(StmtKind::While { condition, body })
    }

    fn do_statement(&mut self) -> Option<StmtKind> {
        self.bump();
        let body = Box::new(self.statement()?);
        if !self.eat("while") {
            self.error(diag::expected_after("'while'", "the body of 'do'", self.peek(), self.span()));
            return None;
        }
        let condition = self.paren_expression("'while'")?;
        self.expect(";", "'do ... while (...)'")?;
        Some(StmtKind::DoWhile { body, condition })
    }

    fn jump_statement(&mut self) -> Option<StmtKind> {
        let word = self.bump().text.as_str();
        self.expect(";", &format!("'{word}'"))?;
        Some(match word {
            "break" => StmtKind::Break,
            "continue" => StmtKind::Continue,
            _ => StmtKind::Discard,
        })
    }

    fn return_statement(&mut self) -> Option<StmtKind> {
        self.bump();
        let value = if self.is_punct(";") { None } else { Some(self.expression()?) };
        self.expect(";", "the return value")?;
        Some(StmtKind::Return(value))
    }

    /// A declaration inside a function (functions cannot be defined there).
    fn local_declaration(&mut self) -> Option<Declaration> {
        match self.declaration(false)? {
            ExternalDeclaration::Declaration(d) => Some(d),
            ExternalDeclaration::Function(_) => None,
        }
    }

    fn expression_statement(&mut self) -> Option<StmtKind> {
        let e = self.expression()?;
        self.expect(";", "an expression")?;
        Some(StmtKind::Expr(e))
    }

    /// A `[[name, name(arg)]]` list (GL_EXT_control_flow_attributes; one per position, as in
    /// glslang's grammar: a second is reported), or nothing.
    fn attributes(&mut self) -> Option<Vec<Attribute>> {
        let mut attributes: Vec<Attribute> = Vec::new();
        while self.is_punct("[") && self.peek_at(1) == "[" {
            let open = self.span();
            if let Some(first) = attributes.first() {
                // Reported, then read so that parsing goes on.
                self.error(diag::second_attribute_list(open, first.span));
            }
            self.pos += 2;
            loop {
                let name = self.ident("an attribute name")?;
                let mut args = Vec::new();
                // glslang's grammar: `name` or `name(constant-expression)`.
                if self.is_punct("(") {
                    let open = self.bump().span;
                    if self.is_punct(")") {
                        self.error(diag::expected("an attribute argument", ")", self.span()));
                    } else {
                        args.push(self.conditional()?);
                    }
                    self.expect_close("(", ")", open)?;
                }
                attributes.push(Attribute { span: self.since(name.span), name, args });
                if !self.eat(",") {
                    break;
                }
            }
            self.expect_close("[[", "]", open)?;
            self.expect_close("[[", "]", open)?;
        }
        Some(attributes)
    }

    fn for_statement(&mut self) -> Option<StmtKind> {
        self.bump();
        let open = self.expect("(", "'for'")?;
        let init_start = self.span();
        let init = if self.is_punct(";") {
            self.bump();
            StmtKind::Empty
        } else if self.starts_declaration() {
            StmtKind::Declaration(Box::new(self.local_declaration()?))
        } else {
            self.expression_statement()?
        };
        let init = Box::new(Stmt { kind: init, attributes: Vec::new(), span: self.since(init_start) });
        let condition = if self.is_punct(";") { None } else { Some(self.condition()?) };
        self.expect(";", "the condition of 'for'")?;
        let step = if self.is_punct(")") { None } else { Some(self.expression()?) };
        self.expect_close("(", ")", open)?;
        let body = Box::new(self.statement()?);
        Some(StmtKind::For { init, condition, step, body })
    }

    /// A loop condition: an expression or `type name = init`.
    fn condition(&mut self) -> Option<Condition> {
        if !self.starts_declaration() {
            return Some(Condition::Expr(self.expression()?));
        }
        let start = self.span();
        let qualifiers = self.qualifiers()?;
        let ty = self.type_specifier()?;
        let ty = FullySpecifiedType { span: self.since(start), qualifiers, ty };
        let name = self.declared_name("a name")?;
        self.expect("=", "the name of a condition variable")?;
        let init = self.assignment()?;
        Some(Condition::Declaration(Box::new(ConditionDeclaration { ty, name, init, span: self.since(start) })))
    }

    /// `( expression )` after `after`.
    fn paren_expression(&mut self, after: &str) -> Option<Expr> {
        let open = self.expect("(", after)?;
        let e = self.expression()?;
        self.expect_close("(", ")", open)?;
        Some(e)
    }

    // ---- expressions (GLSL 4.60 §5.1 precedence) ----

    /// `a, b, c`
    fn expression(&mut self) -> Option<Expr> {
        let first = self.assignment()?;
        if !self.is_punct(",") {
            return Some(first);
        }
        let start = first.span;
        let mut items = vec![first];
        while self.eat(",") {
            items.push(self.assignment()?);
        }
        Some(Expr { kind: ExprKind::Sequence(items), span: self.since(start) })
    }

    /// Assignment (right-associative) and everything tighter. Every path that nests
    /// expressions passes through here, so this is where depth is counted.
    fn assignment(&mut self) -> Option<Expr> {
        self.enter()?;
        let result = self.assignment_inner();
        self.leave();
        result
    }

    fn assignment_inner(&mut self) -> Option<Expr> {
        let target = self.conditional()?;
        let op = match self.kind_at(0).filter(|k| *k == TokenKind::Punct).map(|_| self.peek()) {
            Some("=") => None,
            Some(text) => match assign_op(text) {
                Some(op) => Some(op),
                None => return Some(target),
            },
            None => return Some(target),
        };
        self.bump();
        let value = self.assignment()?;
        let span = target.span.to(value.span);
        Some(Expr { kind: ExprKind::Assign { op, target: Box::new(target), value: Box::new(value) }, span })
    }

    /// `c ? a : b`: the middle is a full expression, the last an assignment expression.
    fn conditional(&mut self) -> Option<Expr> {
        let condition = self.binary(0)?;
        if !self.eat("?") {
            return Some(condition);
        }
        let accept = self.expression()?;
        self.expect(":", "the '?' branch")?;
        let reject = self.assignment()?;
        let span = condition.span.to(reject.span);
        let kind = ExprKind::Ternary { condition: Box::new(condition), accept: Box::new(accept), reject: Box::new(reject) };
        Some(Expr { kind, span })
    }

    /// Left-associative binary operators binding at least as tight as `min_precedence`.
    fn binary(&mut self, min_precedence: u8) -> Option<Expr> {
        let mut left = self.unary()?;
        while let Some((op, precedence)) = (self.kind_at(0) == Some(TokenKind::Punct)).then(|| binary_op(self.peek())).flatten() {
            if precedence < min_precedence {
                break;
            }
            self.bump();
            let right = self.binary(precedence + 1)?;
            let span = left.span.to(right.span);
            left = Expr { kind: ExprKind::Binary { op, left: Box::new(left), right: Box::new(right) }, span };
        }
        Some(left)
    }

    fn unary(&mut self) -> Option<Expr> {
        let op = match (self.kind_at(0), self.peek()) {
            (Some(TokenKind::Punct), "-") => UnaryOp::Neg,
            (Some(TokenKind::Punct), "+") => UnaryOp::Plus,
            (Some(TokenKind::Punct), "!") => UnaryOp::Not,
            (Some(TokenKind::Punct), "~") => UnaryOp::BitNot,
            (Some(TokenKind::Punct), "++") => UnaryOp::PreIncrement,
            (Some(TokenKind::Punct), "--") => UnaryOp::PreDecrement,
            _ => return self.postfix(),
        };
        let start = self.bump().span;
        self.enter()?;
        let operand = self.unary();
        self.leave();
        let operand = operand?;
        Some(Expr { kind: ExprKind::Unary { op, operand: Box::new(operand) }, span: self.since(start) })
    }

    /// Each postfix is one nesting level: the lowering recurses into the base
    /// (`v.xyzw.xyzw...` is unbounded otherwise).
    fn postfix(&mut self) -> Option<Expr> {
        let saved = self.depth;
        let result = self.postfixes();
        while self.depth > saved {
            self.leave();
        }
        result
    }

    fn postfixes(&mut self) -> Option<Expr> {
        let mut e = self.primary()?;
        loop {
            if self.kind_at(0) != Some(TokenKind::Punct) {
                break;
            }
            if matches!(self.peek(), "[" | "." | "++" | "--") {
                self.enter()?;
            }
            match self.peek() {
                "[" => {
                    let open = self.bump().span;
                    let index = self.expression()?;
                    self.expect_close("[", "]", open)?;
                    let span = self.since(e.span);
                    e = Expr { kind: ExprKind::Index { base: Box::new(e), index: Box::new(index) }, span };
                }
                "." => {
                    self.bump();
                    let name = self.ident("a field name or swizzle")?;
                    if self.is_punct("(") {
                        let args = self.call_arguments()?;
                        let span = self.since(e.span);
                        e = Expr { kind: ExprKind::MethodCall { base: Box::new(e), method: name, args }, span };
                    } else {
                        let span = self.since(e.span);
                        e = Expr { kind: ExprKind::Field { base: Box::new(e), field: name }, span };
                    }
                }
                "++" | "--" => {
                    let op = if self.bump().text == "++" { UnaryOp::PostIncrement } else { UnaryOp::PostDecrement };
                    let span = self.since(e.span);
                    e = Expr { kind: ExprKind::Unary { op, operand: Box::new(e) }, span };
                }
                _ => break,
            }
        }
        Some(e)
    }

    /// Literals, parentheses, names, calls and constructors. Kept small (see
    /// [`Self::statement_inner`]): it is on the stack once per parenthesis level.
    fn primary(&mut self) -> Option<Expr> {
        match self.kind_at(0) {
            Some(TokenKind::IntLit | TokenKind::FloatLit) => self.literal(),
            Some(TokenKind::StrLit) => {
                let t = self.bump();
                match decode_string(&t.text) {
                    Ok(text) => {
                        if text.contains('\0') {
                            // Found by fuzzing (`fuzz/`, mutants): OpString's literal ends at its first
                            // NUL, so the words after it made the module invalid.
                            self.error(crate::diag::Diagnostic::error(
                                "a string cannot hold a NUL character (`\\0`, `\\x0`): a SPIR-V string ends at its first NUL",
                                t.span,
                            ));
                        }
                        Some(Expr { kind: ExprKind::StringLit(text), span: t.span })
                    }
                    Err(bad) => {
                        // The escape itself when the token is spelt in the source as it is here.
                        let span = if (t.span.end - t.span.start) as usize == t.text.len() {
                            Span::new(t.span.file, t.span.start + bad.at as u32, t.span.start + (bad.at + bad.len) as u32)
                        } else {
                            t.span
                        };
                        self.error(crate::diag::Diagnostic::error(bad.message, span));
                        None
                    }
                }
            }
            Some(TokenKind::Punct) if self.peek() == "(" => self.parenthesized(),
            Some(TokenKind::Ident) => self.word_expression(),
            _ => {
                self.error(diag::expected("an expression", self.peek(), self.span()));
                None
            }
        }
    }

    fn literal(&mut self) -> Option<Expr> {
        let t = self.bump();
        let literal = if t.kind == TokenKind::IntLit {
            self.int_literal(&t.text, t.span)?
        } else {
            self.float_literal(&t.text, t.span)?
        };
        Some(Expr { kind: ExprKind::Literal(literal), span: t.span })
    }

    fn parenthesized(&mut self) -> Option<Expr> {
        let open = self.bump().span;
        let mut e = self.expression()?;
        self.expect_close("(", ")", open)?;
        // The parentheses belong to the span: diagnostics on `(a + b)` cover them.
        e.span = self.since(open);
        Some(e)
    }

    fn word_expression(&mut self) -> Option<Expr> {
        let start = self.span();
        let word = self.peek();
        let builtin = self.builtin_type_here();
        let callee = match word {
            "true" | "false" => {
                self.bump();
                return Some(Expr { kind: ExprKind::Literal(Literal::Bool(word == "true")), span: start });
            }
            // Texture types cannot be constructed, so `texture2D(s, uv)` is always the GLSL
            // 1.10 built-in function, whatever the version says.
            _ if matches!(builtin, Some(BuiltinType::Texture(_))) && self.peek_at(1) == "(" => Callee::Function(self.ident("a function name")?),
            _ if self.is_type_word(builtin) => {
                let ty = self.type_specifier()?;
                if !self.is_punct("(") {
                    self.error(diag::expected_after("'('", "a type in an expression", self.peek(), self.span()));
                    return None;
                }
                Callee::Type(Box::new(ty))
            }
            _ => {
                let name = self.ident("an expression")?;
                if !self.is_punct("(") {
                    return Some(Expr { span: name.span, kind: ExprKind::Ident(name) });
                }
                Callee::Function(name)
            }
        };
        let args = self.call_arguments()?;
        Some(Expr { kind: ExprKind::Call { callee, args }, span: self.since(start) })
    }

    /// `( args )` with `(void)` meaning no arguments; the `(` is next.
    fn call_arguments(&mut self) -> Option<Vec<Expr>> {
        let open = self.bump().span;
        let mut args = Vec::new();
        if self.peek() == "void" && self.peek_at(1) == ")" {
            self.bump();
        }
        if !self.is_punct(")") {
            loop {
                args.push(self.assignment()?);
                if !self.eat(",") {
                    break;
                }
            }
        }
        self.expect_close("(", ")", open)?;
        Some(args)
    }

    // ---- literals (GLSL 4.60 §4.1.3, §4.1.4) ----

    fn int_literal(&mut self, text: &str, span: Span) -> Option<Literal> {
        let lower = text.to_ascii_lowercase();
        let (digits, suffix) = if let Some(d) = lower.strip_suffix("ul").or_else(|| lower.strip_suffix("lu")) {
            (d, IntSuffix::UL)
        } else if let Some(d) = lower.strip_suffix("us").or_else(|| lower.strip_suffix("su")) {
            (d, IntSuffix::US)
        } else if let Some(d) = lower.strip_suffix('u') {
            (d, IntSuffix::U)
        } else if let Some(d) = lower.strip_suffix('l') {
            (d, IntSuffix::L)
        } else if let Some(d) = lower.strip_suffix('s') {
            (d, IntSuffix::S)
        } else {
            (lower.as_str(), IntSuffix::None)
        };
        let (radix, body) = if let Some(hex) = digits.strip_prefix("0x") {
            (16, hex)
        } else if digits.len() > 1 && digits.starts_with('0') {
            (8, &digits[1..])
        } else {
            (10, digits)
        };
        if body.is_empty() || !body.chars().all(|c| c.is_digit(radix)) {
            self.error(diag::malformed_literal(&format!("'{text}' is not an integer"), span));
            return None;
        }
        // GLSL 4.60 §4.1.3: a literal must fit its type's bits (as glslang checks: 32 bits
        // without a suffix or with `u`, 16 with `s`/`us`, 64 with `l`/`ul`; `-` is an operator,
        // so `2147483648` is the bit pattern of -2^31 and fits).
        let bits = match suffix {
            IntSuffix::L | IntSuffix::UL => 64,
            IntSuffix::S | IntSuffix::US => 16,
            IntSuffix::None | IntSuffix::U => 32,
        };
        match u64::from_str_radix(body, radix) {
            Ok(value) if bits == 64 || value >> bits == 0 => Some(Literal::Int { value, suffix }),
            _ => {
                self.error(diag::literal_out_of_range(bits, span));
                None
            }
        }
    }

    fn float_literal(&mut self, text: &str, span: Span) -> Option<Literal> {
        let lower = text.to_ascii_lowercase();
        let (digits, suffix) = if let Some(d) = lower.strip_suffix("lf") {
            (d, FloatSuffix::LF)
        } else if let Some(d) = lower.strip_suffix("hf") {
            (d, FloatSuffix::HF)
        } else if let Some(d) = lower.strip_suffix('f') {
            (d, FloatSuffix::None)
        } else {
            (lower.as_str(), FloatSuffix::None)
        };
        // Rust's float syntax is a superset for these digits except for "inf"/"nan" words,
        // which the lexer never produces as a FloatLit; reject them anyway.
        let ok = digits.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | '+' | '-'));
        match digits.parse::<f64>() {
            Ok(value) if ok => Some(Literal::Float { value, suffix }),
            _ => {
                self.error(diag::malformed_literal(&format!("'{text}' is not a floating-point number"), span));
                None
            }
        }
    }
}

/// `Some(precision)` for `lowp`/`mediump`/`highp`.
fn precision_word(word: &str) -> Option<Precision> {
    match word {
        "lowp" => Some(Precision::Low),
        "mediump" => Some(Precision::Medium),
        "highp" => Some(Precision::High),
        _ => None,
    }
}

/// Qualifier keywords other than `layout`.
/// GL_EXT_spirv_intrinsics qualifiers that take an argument list.
const SPIRV_QUALIFIERS: &[&str] = &["spirv_instruction", "spirv_decorate", "spirv_decorate_string", "spirv_execution_mode"];

fn qualifier_word(word: &str) -> Option<QualifierKind> {
    use QualifierKind as Q;
    use StorageQualifier as S;
    Some(match word {
        "const" => Q::Storage(S::Const),
        "in" => Q::Storage(S::In),
        "out" => Q::Storage(S::Out),
        "inout" => Q::Storage(S::InOut),
        "attribute" => Q::Storage(S::Attribute),
        "varying" => Q::Storage(S::Varying),
        "uniform" => Q::Storage(S::Uniform),
        "buffer" => Q::Storage(S::Buffer),
        "shared" => Q::Storage(S::Shared),
        "smooth" => Q::Interpolation(Interpolation::Smooth),
        "flat" => Q::Interpolation(Interpolation::Flat),
        "noperspective" => Q::Interpolation(Interpolation::NoPerspective),
        "centroid" => Q::Auxiliary(Auxiliary::Centroid),
        "sample" => Q::Auxiliary(Auxiliary::Sample),
        "patch" => Q::Auxiliary(Auxiliary::Patch),
        "invariant" => Q::Invariant,
        "precise" => Q::Precise,
        "coherent" => Q::Memory(MemoryQualifier::Coherent),
        "devicecoherent" => Q::Memory(MemoryQualifier::ScopedCoherent(Coherence::Device)),
        "queuefamilycoherent" => Q::Memory(MemoryQualifier::ScopedCoherent(Coherence::QueueFamily)),
        "workgroupcoherent" => Q::Memory(MemoryQualifier::ScopedCoherent(Coherence::Workgroup)),
        "subgroupcoherent" => Q::Memory(MemoryQualifier::ScopedCoherent(Coherence::Subgroup)),
        "volatile" => Q::Memory(MemoryQualifier::Volatile),
        "restrict" => Q::Memory(MemoryQualifier::Restrict),
        "readonly" => Q::Memory(MemoryQualifier::ReadOnly),
        "writeonly" => Q::Memory(MemoryQualifier::WriteOnly),
        "nonprivate" => Q::Memory(MemoryQualifier::NonPrivate),
        "shadercallcoherent" => Q::Memory(MemoryQualifier::ShaderCallCoherent),
        "nonuniformEXT" => Q::NonUniform,
        "pervertexEXT" | "pervertexNV" => Q::PerVertex,
        "perprimitiveEXT" | "perprimitiveNV" => Q::PerPrimitive,
        "spirv_by_reference" => Q::SpirvByReference,
        "spirv_literal" => Q::SpirvLiteral,
        _ => return precision_word(word).map(Q::Precision),
    })
}

/// The extension a qualifier keyword needs, as glslang's grammar requires it where the word
/// is parsed: GL_KHR_memory_scope_semantics' scoped coherence and `nonprivate`, GL_EXT_ray_tracing's
/// `shadercallcoherent`, the mesh shaders' `perprimitive*`, the barycentrics' `pervertex*`.
fn qualifier_extension(word: &str) -> Option<(&'static str, &'static str)> {
    const SCOPES: &str = "GL_KHR_memory_scope_semantics";
    Some(match word {
        "devicecoherent" => ("devicecoherent", SCOPES),
        "queuefamilycoherent" => ("queuefamilycoherent", SCOPES),
        "workgroupcoherent" => ("workgroupcoherent", SCOPES),
        "subgroupcoherent" => ("subgroupcoherent", SCOPES),
        "nonprivate" => ("nonprivate", SCOPES),
        "shadercallcoherent" => ("shadercallcoherent", "GL_EXT_ray_tracing"),
        // Keywords only with their extension (glslang's scanner; without it a name, so a
        // qualifier there is a syntax error).
        "perprimitiveNV" => ("perprimitiveNV", "GL_NV_mesh_shader"),
        "perprimitiveEXT" => ("perprimitiveEXT", "GL_EXT_mesh_shader"),
        "pervertexNV" => ("pervertexNV", "GL_NV_fragment_shader_barycentric"),
        "pervertexEXT" => ("pervertexEXT", "GL_EXT_fragment_shader_barycentric"),
        _ => return None,
    })
}

/// Compound assignment operators.
fn assign_op(text: &str) -> Option<BinaryOp> {
    Some(match text {
        "*=" => BinaryOp::Mul,
        "/=" => BinaryOp::Div,
        "%=" => BinaryOp::Mod,
        "+=" => BinaryOp::Add,
        "-=" => BinaryOp::Sub,
        "<<=" => BinaryOp::Shl,
        ">>=" => BinaryOp::Shr,
        "&=" => BinaryOp::BitAnd,
        "^=" => BinaryOp::BitXor,
        "|=" => BinaryOp::BitOr,
        _ => return None,
    })
}

/// Binary operators and their precedence, higher binds tighter (GLSL 4.60 §5.1).
fn binary_op(text: &str) -> Option<(BinaryOp, u8)> {
    use BinaryOp as B;
    Some(match text {
        "||" => (B::LogicalOr, 0),
        "^^" => (B::LogicalXor, 1),
        "&&" => (B::LogicalAnd, 2),
        "|" => (B::BitOr, 3),
        "^" => (B::BitXor, 4),
        "&" => (B::BitAnd, 5),
        "==" => (B::Equal, 6),
        "!=" => (B::NotEqual, 6),
        "<" => (B::Less, 7),
        ">" => (B::Greater, 7),
        "<=" => (B::LessEqual, 7),
        ">=" => (B::GreaterEqual, 7),
        "<<" => (B::Shl, 8),
        ">>" => (B::Shr, 8),
        "+" => (B::Add, 9),
        "-" => (B::Sub, 9),
        "*" => (B::Mul, 10),
        "/" => (B::Div, 10),
        "%" => (B::Mod, 10),
        _ => return None,
    })
}

/// The built-in type a word names, if any (GLSL 4.60 §4.1, GL_EXT_shader_explicit_arithmetic_types,
/// GL_KHR_vulkan_glsl). Texture types (`texture2D`) exist only from GLSL 1.40 / ES 3.00 on,
/// where the GLSL 1.10 function of the same name is gone.
/// A type name an extension declares (`float16_t`, `i64vec2`, `accelerationStructureEXT`): a
/// keyword only with its extension, so glslang takes it as a name otherwise; the core type
/// names (`float`, `vec3`, `sampler2D`) are keywords everywhere (GLSL 4.60 §3.6).
fn extension_type_word(word: &str) -> bool {
    let sized = ["f", "i", "u"].iter().any(|p| {
        word.strip_prefix(p).is_some_and(|r| ["8", "16", "32", "64"].iter().any(|b| r.strip_prefix(b).is_some_and(|r| r.starts_with("vec") || r.starts_with("mat"))))
    });
    sized || word.ends_with("_t") || word.ends_with("EXT") || word.ends_with("NV") || word.ends_with("KHR") || word.ends_with("ARB") || word.ends_with("AMD")
}

/// The extensions that make `word` a type keyword, when it is one of the explicit arithmetic
/// types (`int64_t`, `u8vec2`, `float16_t`, `f64mat3x2` ...), an extension's opaque type
/// (`accelerationStructureEXT`, `rayQueryEXT`, `i64image2D`, `f16sampler2D`): without any of
/// them enabled the word is a name, as glslang's scanner reads it
/// (`TScanContext::tokenizeIdentifier`, glslang 12; `rayQueryEXT` also needs desktop GLSL 4.60,
/// [`extension_type_keyword`]). The first is the one diagnostics suggest.
#[inline]
pub fn extension_type_enablers(word: &str) -> Option<&'static [&'static str]> {
    // Most identifiers are ruled out without the comparisons (the front end asks about every
    // identifier token).
    if !may_be_extension_type(word) {
        return None;
    }
    enablers_of_type_word(word)
}

/// Whether `word` may be one of [`enablers_of_type_word`]'s: each starts with `i`, `u` or `f`
/// and ends with `_t` or a digit or has `1` or `6` second (`f16sampler2D`, `i64imageCube`),
/// or is `accelerationStructureEXT` or `rayQueryEXT` (a test checks every word that function
/// knows), which rules out `int`, `uint`, `float` and most names.
fn may_be_extension_type(word: &str) -> bool {
    matches!(
        word.as_bytes(),
        [b'i' | b'u' | b'f', .., b'_', b't'] | [b'i' | b'u' | b'f', .., b'0'..=b'9'] | [b'i' | b'u' | b'f', b'1' | b'6', ..] | [b'a' | b'r', .., b'E', b'X', b'T']
    )
}

/// Whether the extension type word `word` (one [`extension_type_enablers`] knows, with the
/// extensions `enablers`) is a type keyword where `enabled` tells which extensions are on: one
/// of its extensions is, and `rayQueryEXT` is a keyword only in desktop GLSL 4.60 (glslang 12's
/// scanner; `#version 450` with GL_EXT_ray_query takes it as a name). Elsewhere it is a name.
pub fn extension_type_keyword(word: &str, enablers: &[&str], version: u32, es: bool, enabled: impl Fn(&str) -> bool) -> bool {
    (word != "rayQueryEXT" || (!es && version >= 460)) && enablers.iter().any(|e| enabled(e))
}

#[inline(never)]
fn enablers_of_type_word(word: &str) -> Option<&'static [&'static str]> {
    const ALL: &str = "GL_EXT_shader_explicit_arithmetic_types";
    let vector = |prefix: &str| word.strip_prefix(prefix).is_some_and(|n| matches!(n, "2" | "3" | "4"));
    let matrix = |prefix: &str| {
        word.strip_prefix(prefix).is_some_and(|n| {
            let (c, r) = n.split_once('x').unwrap_or((n, n));
            matches!(c, "2" | "3" | "4") && matches!(r, "2" | "3" | "4")
        })
    };
    // GL_EXT_shader_image_int64 declares image types only; GL_AMD_gpu_shader_half_float_fetch
    // every sampler, texture, image and subpass input type.
    let opaque = |prefix: &str, families: &[&str]| {
        word.strip_prefix(prefix).is_some_and(|r| families.iter().any(|f| r.starts_with(f))) && builtin_type(word, 460, false).is_some()
    };
    Some(match word {
        "accelerationStructureEXT" => &["GL_EXT_ray_query", "GL_EXT_ray_tracing"],
        "rayQueryEXT" => &["GL_EXT_ray_query"],
        _ if opaque("i64", &["image"]) || opaque("u64", &["image"]) => &["GL_EXT_shader_image_int64"],
        _ if opaque("f16", &["sampler", "texture", "image", "subpassInput"]) => &["GL_AMD_gpu_shader_half_float_fetch"],
        "int64_t" | "uint64_t" => &[ALL, "GL_EXT_shader_explicit_arithmetic_types_int64", "GL_ARB_gpu_shader_int64"],
        _ if vector("i64vec") || vector("u64vec") => &[ALL, "GL_EXT_shader_explicit_arithmetic_types_int64", "GL_ARB_gpu_shader_int64"],
        "int8_t" | "uint8_t" => &[ALL, "GL_EXT_shader_explicit_arithmetic_types_int8", "GL_EXT_shader_8bit_storage"],
        _ if vector("i8vec") || vector("u8vec") => &[ALL, "GL_EXT_shader_explicit_arithmetic_types_int8", "GL_EXT_shader_8bit_storage"],
        "int16_t" | "uint16_t" => &[ALL, "GL_EXT_shader_explicit_arithmetic_types_int16", "GL_AMD_gpu_shader_int16", "GL_EXT_shader_16bit_storage"],
        _ if vector("i16vec") || vector("u16vec") => {
            &[ALL, "GL_EXT_shader_explicit_arithmetic_types_int16", "GL_AMD_gpu_shader_int16", "GL_EXT_shader_16bit_storage"]
        }
        "int32_t" | "uint32_t" => &[ALL, "GL_EXT_shader_explicit_arithmetic_types_int32"],
        _ if vector("i32vec") || vector("u32vec") => &[ALL, "GL_EXT_shader_explicit_arithmetic_types_int32"],
        "float32_t" => &[ALL, "GL_EXT_shader_explicit_arithmetic_types_float32"],
        _ if vector("f32vec") || matrix("f32mat") => &[ALL, "GL_EXT_shader_explicit_arithmetic_types_float32"],
        "float64_t" => &[ALL, "GL_EXT_shader_explicit_arithmetic_types_float64"],
        _ if vector("f64vec") || matrix("f64mat") => &[ALL, "GL_EXT_shader_explicit_arithmetic_types_float64"],
        "float16_t" => &[ALL, "GL_EXT_shader_explicit_arithmetic_types_float16", "GL_AMD_gpu_shader_half_float", "GL_EXT_shader_16bit_storage"],
        _ if vector("f16vec") => &[ALL, "GL_EXT_shader_explicit_arithmetic_types_float16", "GL_AMD_gpu_shader_half_float", "GL_EXT_shader_16bit_storage"],
        _ if matrix("f16mat") => &[ALL, "GL_EXT_shader_explicit_arithmetic_types_float16", "GL_AMD_gpu_shader_half_float"],
        _ => return None,
    })
}

pub fn builtin_type(word: &str, version: u32, es: bool) -> Option<BuiltinType> {
    fn scalar(word: &str) -> Option<Scalar> {
        Some(match word {
            "bool" => Scalar::BOOL,
            "int" | "int32_t" => Scalar::I32,
            "uint" | "uint32_t" => Scalar::U32,
            "float" | "float32_t" => Scalar::F32,
            "double" | "float64_t" => Scalar::F64,
            "int8_t" => Scalar::I8,
            "uint8_t" => Scalar::U8,
            "int16_t" => Scalar::I16,
            "uint16_t" => Scalar::U16,
            "int64_t" => Scalar::I64,
            "uint64_t" => Scalar::U64,
            "float16_t" => Scalar::F16,
            _ => return None,
        })
    }
    fn size(digit: &str) -> Option<VectorSize> {
        match digit {
            "2" => Some(VectorSize::Bi),
            "3" => Some(VectorSize::Tri),
            "4" => Some(VectorSize::Quad),
            _ => None,
        }
    }
    const VECTORS: &[(&str, Scalar)] = &[
        ("vec", Scalar::F32),
        ("ivec", Scalar::I32),
        ("uvec", Scalar::U32),
        ("bvec", Scalar::BOOL),
        ("dvec", Scalar::F64),
        ("f16vec", Scalar::F16),
        ("f32vec", Scalar::F32),
        ("f64vec", Scalar::F64),
        ("i8vec", Scalar::I8),
        ("u8vec", Scalar::U8),
        ("i16vec", Scalar::I16),
        ("u16vec", Scalar::U16),
        ("i32vec", Scalar::I32),
        ("u32vec", Scalar::U32),
        ("i64vec", Scalar::I64),
        ("u64vec", Scalar::U64),
    ];
    const MATRICES: &[(&str, Scalar)] =
        &[("mat", Scalar::F32), ("dmat", Scalar::F64), ("f16mat", Scalar::F16), ("f32mat", Scalar::F32), ("f64mat", Scalar::F64)];

    // Every type word below starts with one of these (asked about every word of an expression).
    if !matches!(word.as_bytes().first(), Some(b'a' | b'b' | b'd' | b'f' | b'i' | b'm' | b'r' | b's' | b't' | b'u' | b'v')) {
        return None;
    }
    if word == "void" {
        return Some(BuiltinType::Void);
    }
    if let Some(s) = scalar(word) {
        return Some(BuiltinType::Scalar(s));
    }
    for &(prefix, s) in VECTORS {
        if let Some(n) = word.strip_prefix(prefix).and_then(size) {
            return Some(BuiltinType::Vector(s, n));
        }
    }
    for &(prefix, s) in MATRICES {
        let Some(rest) = word.strip_prefix(prefix) else { continue };
        let (columns, rows) = match rest.split_once('x') {
            Some((c, r)) => (size(c), size(r)),
            None => (size(rest), size(rest)),
        };
        if let (Some(columns), Some(rows)) = (columns, rows) {
            return Some(BuiltinType::Matrix { scalar: s, columns, rows });
        }
    }
    match word {
        "atomic_uint" => return Some(BuiltinType::AtomicUint),
        "accelerationStructureEXT" => return Some(BuiltinType::AccelerationStructure),
        "rayQueryEXT" => return Some(BuiltinType::RayQuery),
        "sampler" => return Some(BuiltinType::SamplerState { shadow: false }),
        "samplerShadow" => return Some(BuiltinType::SamplerState { shadow: true }),
        _ => {}
    }
    // `image2D` starts with `i` too: a prefix counts only before a family name.
    let families = ["sampler", "texture", "image", "subpassInput"];
    let (scalar, rest) = [("i64", Scalar::I64), ("u64", Scalar::U64), ("f16", Scalar::F16), ("i", Scalar::I32), ("u", Scalar::U32)]
        .into_iter()
        // GL_EXT_shader_image_int64 declares 64-bit images only (no `i64sampler2D`: glslang
        // takes it as a name).
        .find_map(|(prefix, s)| {
            word.strip_prefix(prefix).filter(|r| families.iter().any(|f| r.starts_with(f)) && (s.width != 8 || r.starts_with("image"))).map(|r| (s, r))
        })
        .unwrap_or((Scalar::F32, word));
    let kind = scalar.kind;
    if let Some(ms) = rest.strip_prefix("subpassInput").filter(|_| scalar.width != 8) {
        return match ms {
            "" => Some(BuiltinType::SubpassInput { scalar, multisampled: false }),
            "MS" => Some(BuiltinType::SubpassInput { scalar, multisampled: true }),
            _ => None,
        };
    }
    #[derive(PartialEq)]
    enum Family {
        Sampler,
        Texture,
        Image,
    }
    let (family, rest) = if let Some(r) = rest.strip_prefix("sampler") {
        (Family::Sampler, r)
    } else if let Some(r) = rest.strip_prefix("texture") {
        (Family::Texture, r)
    } else if let Some(r) = rest.strip_prefix("image") {
        (Family::Image, r)
    } else {
        return None;
    };
    if family == Family::Texture && (version < 140 || (es && version < 300)) {
        return None;
    }
    let (dim, rest) = [
        ("2DRect", ImageDim::Rect),
        ("1D", ImageDim::D1),
        ("2D", ImageDim::D2),
        ("3D", ImageDim::D3),
        ("Cube", ImageDim::Cube),
        ("Buffer", ImageDim::Buffer),
    ]
    .into_iter()
    .find_map(|(name, dim)| rest.strip_prefix(name).map(|r| (dim, r)))?;
    let (multisampled, rest) = match rest.strip_prefix("MS") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let (arrayed, rest) = match rest.strip_prefix("Array") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let shadow = match rest {
        "" => false,
        "Shadow" => true,
        _ => return None,
    };
    let valid = (!multisampled || dim == ImageDim::D2)
        && (!arrayed || matches!(dim, ImageDim::D1 | ImageDim::D2 | ImageDim::Cube))
        && (!shadow || (family == Family::Sampler && kind == ScalarKind::Float && !multisampled && dim != ImageDim::D3 && dim != ImageDim::Buffer));
    if !valid {
        return None;
    }
    let image = ImageType { scalar, dim, arrayed, multisampled, shadow };
    Some(match family {
        Family::Sampler => BuiltinType::Sampler(image),
        Family::Texture => BuiltinType::Texture(image),
        Family::Image => BuiltinType::Image(image),
    })
}

/// An escape sequence glslang does not accept in a string literal: its byte offset and length
/// in the token, and why.
pub(crate) struct BadEscape {
    pub at: usize,
    pub len: usize,
    pub message: &'static str,
}

/// The text of a string literal token (with its quotes) with C's escapes decoded, as glslang
/// reads GL_EXT_debug_printf strings: `\n`-style letters, `\'`, `\"`, `\?`, `\\`, octal (up
/// to three digits) and hex (as many digits as follow, at least one) escapes; any other escape
/// is an error, as in glslang's scanner.
pub(crate) fn decode_string(token: &str) -> Result<String, BadEscape> {
    let open = usize::from(token.starts_with('"'));
    let inner = &token[open..];
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    let mut out = String::new();
    let mut chars = inner.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some((_, e)) = chars.next() else {
            out.push('\\');
            break;
        };
        let code = match e {
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'n' => 10,
            'r' => 13,
            't' => 9,
            'v' => 11,
            '\'' | '"' | '?' | '\\' => e as u32,
            'x' => {
                let mut v: u32 = 0;
                let mut digits = 0;
                while let Some(d) = chars.peek().and_then(|&(_, c)| c.to_digit(16)) {
                    v = v.wrapping_mul(16).wrapping_add(d) & 0xFF_FFFF;
                    digits += 1;
                    chars.next();
                }
                if digits == 0 {
                    return Err(BadEscape { at: open + at, len: 2, message: "expected hex digits after `\\x` in this escape sequence" });
                }
                v
            }
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|&(_, c)| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                v
            }
            other => {
                let len = 1 + other.len_utf8();
                return Err(BadEscape { at: open + at, len, message: "invalid escape sequence (C's are: \\a \\b \\f \\n \\r \\t \\v \\' \\\" \\? \\\\, octal \\NNN and hex \\xNN)" });
            }
        };
        out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    /// The quick test of [`super::extension_type_enablers`] keeps every word the full one knows:
    /// all words made of a type word's stem (or any short prefix) and a size or shape suffix.
    #[test]
    fn extension_type_words_pass_the_quick_test() {
        let stems = ["int", "uint", "float", "i64vec", "u64vec", "i8vec", "u8vec", "i16vec", "u16vec", "i32vec", "u32vec", "f16vec", "f32vec", "f64vec", "f16mat", "f32mat", "f64mat", "vec", "mat", "x", ""];
        let sizes = ["", "8", "16", "32", "64", "1", "2", "3", "4", "5"];
        let tails = ["", "_t", "x2", "x3", "x4", "x5", "t", "_"];
        let mut known = 0;
        for stem in stems {
            for size in sizes {
                for tail in tails {
                    let word = format!("{stem}{size}{tail}");
                    if super::enablers_of_type_word(&word).is_some() {
                        known += 1;
                        assert!(super::may_be_extension_type(&word), "{word}");
                    }
                }
            }
        }
        // 11 scalars, 33 vectors (11 stems), 36 matrices (3 stems, 12 shapes each).
        assert_eq!(known, 11 + 33 + 36);
    }

    /// The same for the extensions' opaque types: every sampler, texture, image and subpass
    /// input name with a prefix (any prefix: `i64sampler2D` is none), and the ray query types.
    #[test]
    fn extension_opaque_type_words_pass_the_quick_test() {
        let prefixes = ["i64", "u64", "f16", "i32", "f64", "i8", "i", "u", "f", ""];
        let families = ["sampler", "texture", "image", "subpassInput"];
        let dims = ["1D", "2D", "3D", "Cube", "2DRect", "Buffer", "2DMS", "MS", ""];
        let tails = ["", "Array", "Shadow", "ArrayShadow"];
        let mut known = 0;
        for prefix in prefixes {
            for family in families {
                for dim in dims {
                    for tail in tails {
                        let word = format!("{prefix}{family}{dim}{tail}");
                        if super::enablers_of_type_word(&word).is_some() {
                            known += 1;
                            assert!(super::may_be_extension_type(&word), "{word}");
                        }
                    }
                }
            }
        }
        for word in ["accelerationStructureEXT", "rayQueryEXT"] {
            assert!(super::enablers_of_type_word(word).is_some() && super::may_be_extension_type(word), "{word}");
        }
        // i64 and u64 images: 11 shapes each (as `builtin_type` spells them); f16: 18
        // samplers, 11 textures, 11 images, 2 subpass inputs.
        assert_eq!(known, 2 * 11 + 18 + 11 + 11 + 2);
    }
}
