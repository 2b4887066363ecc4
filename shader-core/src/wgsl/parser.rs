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

/// The deepest nesting of expressions, blocks and operator chains the parser accepts.
pub const MAX_DEPTH: u32 = 128;

pub fn parse(source: &str, file: FileId) -> (TranslationUnit, Diagnostics) {
    let (mut tokens, mut diagnostics) = lexer::tokenize(source, file);
    // Bad characters were reported by the lexer; the grammar never wants them.
    tokens.retain(|t| t.kind != K::Error);
    let mut parser = Parser { source, file, tokens, pos: 0, braces: 0, depth: 0, diags: Diagnostics::new() };
    let unit = parser.translation_unit();
    diagnostics.extend(parser.diags);
    (unit, diagnostics)
}

/// WGSL §15.1 keywords: never identifiers, and words the parser dispatches on.
const KEYWORDS: &[&str] = &[
    "alias", "break", "case", "const", "const_assert", "continue", "continuing", "default", "diagnostic",
    "discard", "else", "enable", "false", "fn", "for", "if", "let", "loop", "override", "requires", "return",
    "struct", "switch", "true", "var", "while",
];

/// WGSL §15.2 reserved words (W3C CRD 2025-08-09, the list naga 30 uses as well).
const RESERVED: &[&str] = &[
    "NULL", "Self", "abstract", "active", "alignas", "alignof", "as", "asm", "asm_fragment", "async",
    "attribute", "auto", "await", "become", "cast", "catch", "class", "co_await", "co_return", "co_yield",
    "coherent", "column_major", "common", "compile", "compile_fragment", "concept", "const_cast", "consteval",
    "constexpr", "constinit", "crate", "debugger", "decltype", "delete", "demote", "demote_to_helper", "do",
    "dynamic_cast", "enum", "explicit", "export", "extends", "extern", "external", "fallthrough", "filter",
    "final", "finally", "friend", "from", "fxgroup", "get", "goto", "groupshared", "highp", "impl",
    "implements", "import", "inline", "instanceof", "interface", "layout", "lowp", "macro", "macro_rules",
    "match", "mediump", "meta", "mod", "module", "move", "mut", "mutable", "namespace", "new", "nil",
    "noexcept", "noinline", "nointerpolation", "non_coherent", "noncoherent", "noperspective", "null",
    "nullptr", "of", "operator", "package", "packoffset", "partition", "pass", "patch", "pixelfragment",
    "precise", "precision", "premerge", "priv", "protected", "pub", "public", "readonly", "ref", "regardless",
    "register", "reinterpret_cast", "require", "resource", "restrict", "self", "set", "shared", "sizeof",
    "smooth", "snorm", "static", "static_assert", "static_cast", "std", "subroutine", "super", "target",
    "template", "this", "thread_local", "throw", "trait", "try", "type", "typedef", "typeid", "typename",
    "typeof", "union", "unless", "unorm", "unsafe", "unsized", "use", "using", "varying", "virtual",
    "volatile", "wgsl", "where", "with", "writeonly", "yield",
];

/// Words that start a global declaration or directive: where global error recovery resumes.
const ITEM_WORDS: &[&str] = &[
    "fn", "var", "const", "override", "struct", "alias", "type", "let", "const_assert", "enable", "requires",
    "diagnostic",
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

    fn at_word(&self, word: &str) -> bool {
        let t = self.peek();
        t.kind == K::Ident && self.text(t) == word
    }

    fn span(&self, t: Token) -> Span {
        t.span(self.file)
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
    fn enter(&mut self) -> PResult<()> {
        if self.depth >= MAX_DEPTH {
            let span = self.span(self.peek());
            return Err(self.error(msg::nesting_too_deep(span)));
        }
        self.depth += 1;
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        self.enter()?;
        let r = f(self);
        self.leave();
        r
    }

    /// An identifier that is not a keyword. Reserved words and `__` prefixes are reported but
    /// still accepted, which keeps the tree intact.
    fn ident(&mut self) -> PResult<Ident> {
        let t = self.peek();
        let text = self.text(t);
        if t.kind != K::Ident || KEYWORDS.contains(&text) {
            return Err(self.unexpected("an identifier"));
        }
        self.bump();
        let span = self.span(t);
        if RESERVED.contains(&text) {
            self.diags.push(msg::reserved_word(text, span));
        } else if text.starts_with("__") {
            self.diags.push(msg::double_underscore(text, span));
        }
        Ok(Ident { name: text.to_string(), span })
    }

    /// Any identifier-like token, keywords included (attribute names such as `const`).
    fn any_word(&mut self, what: &str) -> PResult<Ident> {
        let t = self.expect(K::Ident, what)?;
        Ok(Ident { name: self.text(t).to_string(), span: self.span(t) })
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
            K::Ident => ITEM_WORDS.contains(&self.text(t)),
            _ => false,
        }
    }

    /// Skips to the next global declaration outside braces.
    fn recover_global(&mut self) {
        while !self.at(K::Eof) && !(self.braces == 0 && self.at_item_start()) {
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
            let is_directive = self.at_word("enable")
                || self.at_word("requires")
                || (self.at_word("diagnostic") && self.peek_at(1).kind == K::LParen);
            let result = if is_directive {
                if !unit.decls.is_empty() {
                    let span = self.span(self.peek());
                    self.diags.push(msg::directive_after_declaration(span));
                }
                self.directive().map(|d| unit.directives.push(d))
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

    /// `(severity, rule)` or `(severity, name.name)` with an optional trailing comma.
    fn diagnostic_control(&mut self) -> PResult<(Ident, Vec<Ident>)> {
        self.expect(K::LParen, "'('")?;
        let severity = self.ident()?;
        self.expect(K::Comma, "','")?;
        let mut rule = vec![self.ident()?];
        if self.eat(K::Dot) {
            rule.push(self.ident()?);
        }
        self.eat(K::Comma);
        self.expect(K::RParen, "')'")?;
        Ok((severity, rule))
    }

    /// Zero or more attributes, in either syntax: `@name(args)` or the draft's `[[a, b(args)]]`.
    fn attributes(&mut self) -> PResult<Vec<Attribute>> {
        let mut attrs = Vec::new();
        loop {
            if self.at(K::At) {
                let at = self.bump();
                let name = self.any_word("an attribute name")?;
                let args = if self.at(K::LParen) { self.arguments()? } else { Vec::new() };
                attrs.push(Attribute { name, args, span: self.span_from(at.start) });
            } else if self.at_draft_attributes() {
                self.draft_attribute_list(&mut attrs)?;
            } else {
                return Ok(attrs);
            }
        }
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
            let args = if self.at(K::LParen) { self.arguments()? } else { Vec::new() };
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
                    Some(init) if attrs.is_empty() => GlobalDecl::Const(ConstDecl { name, ty, init, span }),
                    init if !attrs.is_empty() => {
                        GlobalDecl::Override(OverrideDecl { attrs, name, ty, init, span })
                    }
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
        Ok(Some(decl))
    }

    /// `var<space, access> name [: T] [= e]` without the `;`; `attrs` also collects draft
    /// attributes written on the type.
    fn var_decl(&mut self, mut attrs: Vec<Attribute>, start: u32) -> PResult<VarDecl> {
        self.bump();
        let (mut space, mut access) = (None, None);
        if self.at(K::TemplateStart) {
            let open = self.peek().start;
            let args = self.template_args()?;
            let count = args.len();
            let mut idents = args.into_iter().map(|e| match e.kind {
                ExprKind::Ident(i) => Some(i),
                _ => None,
            });
            space = idents.next().flatten();
            access = idents.next().flatten();
            if space.is_none() || count > 2 || (count == 2 && access.is_none()) {
                let span = self.span_from(open);
                self.diags.push(msg::bad_var_template(span));
            }
        }
        let name = self.ident()?;
        let ty = self.optional_type(&mut attrs)?;
        let init = if self.eat(K::Eq) { Some(self.expression()?) } else { None };
        Ok(VarDecl { attrs, space, access, name, ty, init, span: self.span_from(start) })
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
        let name = self.ident()?;
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
    fn template_args(&mut self) -> PResult<Vec<Expr>> {
        self.bump();
        let mut args = Vec::new();
        while !self.at(K::TemplateEnd) {
            args.push(self.expression()?);
            if !self.eat(K::Comma) {
                break;
            }
        }
        self.expect(K::TemplateEnd, "',' or '>' in the template list")?;
        Ok(args)
    }

    /// `( e, e, ... )` (trailing comma allowed).
    fn arguments(&mut self) -> PResult<Vec<Expr>> {
        self.expect(K::LParen, "'('")?;
        let mut args = Vec::new();
        while !self.at(K::RParen) {
            args.push(self.expression()?);
            if !self.eat(K::Comma) {
                break;
            }
        }
        self.expect(K::RParen, "',' or ')' in the argument list")?;
        Ok(args)
    }

    fn struct_decl(&mut self, attrs: Vec<Attribute>, start: u32) -> PResult<StructDecl> {
        self.bump();
        let name = self.ident()?;
        self.expect(K::LBrace, "'{' after the struct name")?;
        let mut members = Vec::new();
        while !self.at(K::RBrace) && !self.at(K::Eof) {
            let member_start = self.peek().start;
            let mut attrs = self.attributes()?;
            let name = self.ident()?;
            self.expect(K::Colon, "':' after the member name")?;
            let ty = self.type_specifier(&mut attrs)?;
            members.push(StructMember { attrs, name, ty, span: self.span_from(member_start) });
            // Members are separated by `,` today and were terminated by `;` in the draft.
            if !self.eat(K::Comma) && !self.eat(K::Semicolon) && !self.at(K::RBrace) {
                return Err(self.unexpected("',' or '}' after the struct member"));
            }
        }
        self.expect(K::RBrace, "'}' to close the struct")?;
        Ok(StructDecl { attrs, name, members, span: self.span_from(start) })
    }

    fn function_decl(&mut self, attrs: Vec<Attribute>, start: u32) -> PResult<FunctionDecl> {
        self.bump();
        let name = self.ident()?;
        self.expect(K::LParen, "'(' after the function name")?;
        let mut params = Vec::new();
        while !self.at(K::RParen) {
            let param_start = self.peek().start;
            let mut attrs = self.attributes()?;
            let name = self.ident()?;
            self.expect(K::Colon, "':' after the parameter name")?;
            let ty = self.type_specifier(&mut attrs)?;
            params.push(Param { attrs, name, ty, span: self.span_from(param_start) });
            if !self.eat(K::Comma) {
                break;
            }
        }
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

    /// `attribute* { statements }`; statement attributes (only `@diagnostic`) are dropped.
    fn compound(&mut self) -> PResult<Block> {
        self.attributes()?;
        self.block()
    }

    fn block(&mut self) -> PResult<Block> {
        let open = self.expect(K::LBrace, "'{'")?;
        self.enter()?;
        let mut stmts = Vec::new();
        while !self.at(K::RBrace) && !self.at(K::Eof) {
            self.statement_into(&mut stmts);
        }
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

    fn expect_semicolon(&mut self) -> PResult<()> {
        self.expect_after(K::Semicolon, "';'", "statement").map(drop)
    }

    fn statement(&mut self) -> PResult<Option<Stmt>> {
        let start = self.peek().start;
        if self.eat(K::Semicolon) {
            return Ok(None);
        }
        let attrs = self.attributes()?;
        if self.at(K::LBrace) {
            let block = self.block()?;
            return Ok(Some(Stmt { kind: StmtKind::Block(block), span: self.span_from(start) }));
        }
        let t = self.peek();
        let word = if t.kind == K::Ident { self.text(t) } else { "" };
        let kind = match word {
            "return" => {
                self.bump();
                let value = if self.at(K::Semicolon) { None } else { Some(self.expression()?) };
                self.expect_semicolon()?;
                StmtKind::Return(value)
            }
            "if" => self.if_statement()?,
            "switch" => self.switch_statement()?,
            "loop" => self.loop_statement(attrs)?,
            "for" => self.for_statement(attrs)?,
            "while" => {
                self.bump();
                let condition = self.expression()?;
                let body = self.compound()?;
                StmtKind::While { attrs, condition, body }
            }
            "break" => {
                self.bump();
                if self.at_word("if") {
                    let span = self.span_from(start);
                    self.diags.push(msg::break_if_outside_continuing(span));
                    self.bump();
                    self.expression()?;
                }
                self.expect_semicolon()?;
                StmtKind::Break
            }
            "continue" => self.keyword_statement(StmtKind::Continue)?,
            "discard" => self.keyword_statement(StmtKind::Discard)?,
            "fallthrough" => self.keyword_statement(StmtKind::Fallthrough)?,
            "const_assert" => {
                self.bump();
                let e = self.expression()?;
                self.expect_semicolon()?;
                StmtKind::ConstAssert(e)
            }
            "var" | "let" | "const" => {
                let kind = self.local_declaration(start)?;
                self.expect_semicolon()?;
                kind
            }
            _ => {
                let kind = self.simple_statement()?;
                self.expect_semicolon()?;
                kind
            }
        };
        Ok(Some(Stmt { kind, span: self.span_from(start) }))
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
        self.expect(K::Eq, "'=' and an initializer")?;
        let init = self.expression()?;
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
            let rhs = self.expression()?;
            return Ok(StmtKind::Assign { lhs: None, op: None, rhs });
        }
        let t = self.peek();
        if t.kind == K::Ident && KEYWORDS.contains(&self.text(t)) {
            return Err(self.unexpected("a statement"));
        }
        let lhs = self.unary()?;
        let t = self.peek();
        if t.kind == K::Eq {
            self.bump();
            let rhs = self.expression()?;
            return Ok(StmtKind::Assign { lhs: Some(lhs), op: None, rhs });
        }
        if let Some(op) = compound_assign_op(t.kind) {
            self.bump();
            let rhs = self.expression()?;
            return Ok(StmtKind::Assign { lhs: Some(lhs), op: Some(op), rhs });
        }
        if self.eat(K::PlusPlus) {
            return Ok(StmtKind::Increment(lhs));
        }
        if self.eat(K::MinusMinus) {
            return Ok(StmtKind::Decrement(lhs));
        }
        if matches!(lhs.kind, ExprKind::Call { .. }) {
            return Ok(StmtKind::Call(lhs));
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
            let condition = match self.expression() {
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
            let stmt = Stmt { kind: StmtKind::If { condition, accept, reject }, span: Span::new(self.file, start, end) };
            if arms.is_empty() {
                return Ok(stmt.kind);
            }
            reject = Some(Box::new(stmt));
        }
        Err(self.unexpected("an if statement"))
    }

    fn switch_statement(&mut self) -> PResult<StmtKind> {
        self.bump();
        let selector = self.expression()?;
        self.attributes()?;
        self.expect(K::LBrace, "'{' to open the switch body")?;
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
        Ok(StmtKind::Switch { selector, clauses })
    }

    fn loop_statement(&mut self, mut attrs: Vec<Attribute>) -> PResult<StmtKind> {
        self.bump();
        attrs.extend(self.attributes()?);
        let open = self.expect(K::LBrace, "'{' after 'loop'")?;
        self.enter()?;
        let mut stmts = Vec::new();
        let mut continuing = None;
        while !self.at(K::RBrace) && !self.at(K::Eof) {
            if self.at_word("continuing") {
                match self.continuing() {
                    Ok(c) => continuing = Some(c),
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
        self.attributes()?;
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
                let parsed = self.expression().and_then(|e| self.expect_semicolon().map(|()| e));
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
        Ok(Continuing { body: Block { stmts, span: self.span_from(open.start) }, break_if, span })
    }

    fn for_statement(&mut self, attrs: Vec<Attribute>) -> PResult<StmtKind> {
        self.bump();
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
        let condition = if self.at(K::Semicolon) { None } else { Some(self.expression()?) };
        self.expect_after(K::Semicolon, "';'", "the for loop's condition")?;
        let update = if self.at(K::RParen) {
            None
        } else {
            let start = self.peek().start;
            let kind = self.simple_statement()?;
            Some(Box::new(Stmt { kind, span: self.span_from(start) }))
        };
        self.expect(K::RParen, "')' to close the for loop header")?;
        let body = self.compound()?;
        Ok(StmtKind::For { attrs, init, condition, update, body })
    }

    // ---- expressions (WGSL §8.19 "Operator Precedence and Associativity") ----

    fn expression(&mut self) -> PResult<Expr> {
        self.nested(Self::expression_inner)
    }

    /// expression: relational (('&&' relational)* | ('||' relational)*) | bitwise.
    /// Bitwise operands are unary expressions, and `&&`/`||` never mix without parentheses.
    fn expression_inner(&mut self) -> PResult<Expr> {
        let saved_depth = self.depth;
        let result = self.expression_chain();
        self.depth = saved_depth;
        let (e, last) = result?;
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
    /// for the mixing diagnostic. Each chained operator counts as one nesting level, since the
    /// tree it builds is that deep.
    fn expression_chain(&mut self) -> PResult<(Expr, Option<K>)> {
        let lhs = self.unary()?;
        let t = self.peek();
        if matches!(t.kind, K::And | K::Pipe | K::Caret) {
            let op = binary_op(t.kind).expect("bitwise operator");
            let mut e = lhs;
            while self.at(t.kind) {
                self.bump();
                self.enter()?;
                let rhs = self.unary()?;
                e = binary(op, e, rhs);
            }
            return Ok((e, Some(t.kind)));
        }
        let (mut e, mut last) = self.relational_tail(lhs)?;
        let t = self.peek();
        if matches!(t.kind, K::AndAnd | K::PipePipe) {
            let op = binary_op(t.kind).expect("logical operator");
            while self.at(t.kind) {
                self.bump();
                self.enter()?;
                let rhs = self.unary()?;
                let (rhs, _) = self.relational_tail(rhs)?;
                e = binary(op, e, rhs);
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
            return Ok((binary(op, lhs, rhs), Some(t.kind)));
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
            return Ok((binary(op, lhs, rhs), Some(t.kind)));
        }
        let mut e = lhs;
        let mut last = None;
        loop {
            let t = self.peek();
            match t.kind {
                K::Star | K::Slash | K::Percent => {
                    self.bump();
                    self.enter()?;
                    let rhs = self.unary()?;
                    e = binary(binary_op(t.kind).expect("multiplicative"), e, rhs);
                    last = Some(t.kind);
                }
                K::Plus | K::Minus => {
                    self.bump();
                    self.enter()?;
                    let mut rhs = self.unary()?;
                    while matches!(self.peek().kind, K::Star | K::Slash | K::Percent) {
                        let m = self.bump();
                        self.enter()?;
                        let r = self.unary()?;
                        rhs = binary(binary_op(m.kind).expect("multiplicative"), rhs, r);
                    }
                    e = binary(binary_op(t.kind).expect("additive"), e, rhs);
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
        let operand = self.nested(Self::unary)?;
        let span = self.span_from(t.start);
        Ok(Expr { kind: ExprKind::Unary { op, expr: Box::new(operand) }, span })
    }

    /// singular: primary ('[' e ']' | '.' member)*.
    fn singular(&mut self) -> PResult<Expr> {
        let mut e = self.primary()?;
        loop {
            if self.eat(K::LBracket) {
                let index = self.expression()?;
                self.expect(K::RBracket, "']'")?;
                let span = self.span_from(e.span.start);
                e = Expr { kind: ExprKind::Index { base: Box::new(e), index: Box::new(index) }, span };
            } else if self.eat(K::Dot) {
                let member = self.ident()?;
                let span = self.span_from(e.span.start);
                e = Expr { kind: ExprKind::Member { base: Box::new(e), member }, span };
            } else {
                return Ok(e);
            }
        }
    }

    fn primary(&mut self) -> PResult<Expr> {
        let t = self.peek();
        let span = self.span(t);
        match t.kind {
            K::IntLiteral | K::FloatLiteral => {
                self.bump();
                // Malformed literals were reported by the lexer; a zero keeps the tree whole.
                let literal = lexer::literal_value(self.text(t)).unwrap_or(if t.kind == K::IntLiteral {
                    Literal::Int { value: 0, suffix: None }
                } else {
                    Literal::Float { value: 0.0, suffix: None }
                });
                Ok(Expr { kind: ExprKind::Literal(literal), span })
            }
            K::Ident if matches!(self.text(t), "true" | "false") => {
                self.bump();
                Ok(Expr { kind: ExprKind::Literal(Literal::Bool(self.text(t) == "true")), span })
            }
            K::Ident if !KEYWORDS.contains(&self.text(t)) => {
                let name = self.ident()?;
                let mut e = if self.at(K::TemplateStart) {
                    let args = self.template_args()?;
                    Expr { kind: ExprKind::Templated { name, args }, span: self.span_from(t.start) }
                } else {
                    Expr { kind: ExprKind::Ident(name), span }
                };
                if self.at(K::LParen) {
                    let args = self.arguments()?;
                    e = Expr { kind: ExprKind::Call { callee: Box::new(e), args }, span: self.span_from(t.start) };
                }
                Ok(e)
            }
            K::LParen => {
                self.bump();
                let inner = self.expression()?;
                self.expect(K::RParen, "')'")?;
                Ok(Expr { kind: ExprKind::Paren(Box::new(inner)), span: self.span_from(t.start) })
            }
            _ => Err(self.unexpected("an expression")),
        }
    }
}

fn binary(op: BinaryOp, left: Expr, right: Expr) -> Expr {
    let span = left.span.to(right.span);
    Expr { kind: ExprKind::Binary { op, left: Box::new(left), right: Box::new(right) }, span }
}
