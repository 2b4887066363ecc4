//! The preprocessing lexer: splits one file into logical lines of preprocessing tokens,
//! removing comments and line continuations (GLSL 4.60 §3.1, §3.3, §3.4).

use crate::diag::{Diagnostic, Diagnostics};
use crate::span::{FileId, Span};
use std::rc::Rc;

/// What a preprocessing token is. `Str` and `Other` only exist inside the preprocessor:
/// strings are header names of `#include`/`#line`, `Other` a character GLSL has no use for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Ident,
    Int,
    Float,
    Punct,
    Str,
    Other,
    /// An empty macro argument next to `##` (C11 §6.10.3.3); removed before output.
    Placemarker,
}

/// A preprocessing token. `hide` is its hide set (the macros it may no longer expand, sorted
/// macro-name ids; Prosser's algorithm, as in C11 §6.10.3.4).
#[derive(Clone, Debug)]
pub(super) struct PTok {
    pub kind: Kind,
    pub text: String,
    pub span: Span,
    /// Whitespace or a comment precedes the token on its line (tells `#define F(x)` from
    /// `#define F (x)`).
    pub ws_before: bool,
    pub hide: Rc<Vec<u32>>,
    /// Why the token is not a valid GLSL token (a bad numeric literal, an unterminated
    /// string); reported only if the token reaches the output or an `#if`.
    pub malformed: Option<String>,
}

impl PTok {
    pub fn is_punct(&self, text: &str) -> bool {
        self.kind == Kind::Punct && self.text == text
    }
}

/// One logical line: its tokens and the offset of the newline that ends it (or the file length).
#[derive(Clone, Debug, Default)]
pub(super) struct Line {
    pub toks: Vec<PTok>,
    pub end: u32,
}

/// GLSL operators and punctuation, longest first so that the first match is the longest
/// (GLSL 4.60 §3.4 plus `##` of §3.3).
const PUNCTS: [&str; 47] = [
    "<<=", ">>=", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "^^", "+=", "-=",
    "*=", "/=", "%=", "&=", "|=", "^=", "##", "+", "-", "*", "/", "%", "<", ">", "=", "!", "~",
    "&", "|", "^", "(", ")", "[", "]", "{", "}", ".", ",", ";", "?", ":", "#",
];

/// Integer suffixes: `u`, and those of GL_EXT_shader_explicit_arithmetic_types (`l`/`ul` for
/// 64-bit, `s`/`us` for 16-bit).
const INT_SUFFIXES: [&str; 15] = ["", "u", "U", "l", "L", "ul", "UL", "uL", "Ul", "s", "S", "us", "US", "uS", "Us"];
/// Float suffixes: `f`, `lf` (double, GLSL 4.00) and `hf` (float16, the same extension).
const FLOAT_SUFFIXES: [&str; 7] = ["", "f", "F", "lf", "LF", "hf", "HF"];

/// Splits `text` (the contents of `file`) into logical lines. Lexical errors that do not depend
/// on whether a line is skipped (an unterminated comment) go to `diags`.
pub(super) fn lex_file(text: &str, file: FileId, diags: &mut Diagnostics) -> Vec<Line> {
    let mut lexer = Lexer { bytes: text.as_bytes(), text, pos: 0, file, splices: text.as_bytes().contains(&b'\\'), no_hide: Rc::default() };
    // Sized up front: growing these vectors was a tenth of the lexer's cost.
    // (A rough line count: counting the newlines exactly cost more than the regrowth.)
    let mut lines = Vec::with_capacity(text.len() / 32 + 1);
    let mut toks = Vec::new();
    let mut ws = false;
    while let Some(c) = lexer.cur() {
        match c {
            b'\n' => {
                lines.push(Line { toks: std::mem::take(&mut toks), end: lexer.pos as u32 });
                lexer.pos += 1;
                ws = false;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                lexer.bump();
                ws = true;
            }
            b'/' if lexer.nth(1) == Some(b'/') => {
                if !lexer.splices {
                    // No continuation can extend the comment: it ends at the next newline.
                    lexer.pos = lexer.bytes[lexer.pos..].iter().position(|&c| c == b'\n').map_or(lexer.bytes.len(), |n| lexer.pos + n);
                }
                while lexer.cur().is_some_and(|c| c != b'\n') {
                    lexer.bump();
                }
                ws = true;
            }
            b'/' if lexer.nth(1) == Some(b'*') => {
                // A block comment is one space, even across newlines (C11 §5.1.1.2 phase 3),
                // so it does not end a directive line.
                let start = lexer.pos;
                lexer.bump();
                lexer.bump();
                if !lexer.splices {
                    // Jump to the `*/` (or to the end, where the loop reports it unterminated).
                    lexer.pos = lexer.text[lexer.pos..].find("*/").map_or(lexer.bytes.len(), |n| lexer.pos + n);
                }
                loop {
                    match lexer.cur() {
                        None => {
                            let span = Span::new(file, start as u32, start as u32 + 2);
                            diags.push(Diagnostic::error("unterminated comment", span).with_label_message("the comment starts here"));
                            break;
                        }
                        Some(b'*') if lexer.nth(1) == Some(b'/') => {
                            lexer.bump();
                            lexer.bump();
                            break;
                        }
                        Some(_) => lexer.bump(),
                    }
                }
                ws = true;
            }
            _ => {
                if toks.capacity() == 0 {
                    // Most lines have a dozen tokens or fewer; only lines with tokens allocate.
                    toks.reserve(12);
                }
                let mut tok = lexer.token();
                tok.ws_before = ws;
                toks.push(tok);
                ws = false;
            }
        }
    }
    lines.push(Line { toks, end: text.len() as u32 });
    lines
}

/// Lexes a string made by `##` pasting: `Some` when it is exactly one valid token.
pub(super) fn lex_one(text: &str) -> Option<(Kind, String)> {
    let mut diags = Diagnostics::new();
    let mut lines = lex_file(text, FileId(0), &mut diags);
    if lines.len() != 1 || !diags.is_empty() || lines[0].toks.len() != 1 {
        return None;
    }
    let tok = lines[0].toks.pop()?;
    (tok.malformed.is_none() && tok.kind != Kind::Other).then_some((tok.kind, tok.text))
}

struct Lexer<'t> {
    bytes: &'t [u8],
    text: &'t str,
    pos: usize,
    file: FileId,
    /// The text has a backslash, so line continuations may need splicing; without one every
    /// logical byte is a physical byte and the fast paths below apply.
    splices: bool,
    /// The empty hide set every lexed token starts with, shared: `Rc::default()` per token
    /// was an allocation per token.
    no_hide: Rc<Vec<u32>>,
}

impl Lexer<'_> {
    /// Skips line continuations (`\` newline, GLSL 4.60 §3.2) at `p`.
    fn splice(&self, mut p: usize) -> usize {
        if !self.splices {
            return p;
        }
        while self.bytes.get(p) == Some(&b'\\') {
            match (self.bytes.get(p + 1), self.bytes.get(p + 2)) {
                (Some(b'\n'), _) => p += 2,
                (Some(b'\r'), Some(b'\n')) => p += 3,
                _ => break,
            }
        }
        p
    }

    /// The current logical byte (after continuations).
    fn cur(&mut self) -> Option<u8> {
        self.pos = self.splice(self.pos);
        self.bytes.get(self.pos).copied()
    }

    /// The logical byte `n` places ahead.
    fn nth(&self, n: usize) -> Option<u8> {
        let mut p = self.splice(self.pos);
        for _ in 0..n {
            p = self.splice(p + 1);
        }
        self.bytes.get(p).copied()
    }

    fn bump(&mut self) {
        self.pos = self.splice(self.pos);
        if self.pos < self.bytes.len() {
            self.pos += 1;
        }
    }

    /// Consumes bytes while `f` holds, appending them to `out`.
    fn take_while(&mut self, out: &mut String, f: impl Fn(u8) -> bool) {
        if !self.splices {
            // Every `f` accepts ASCII bytes only, so the run ends on a char boundary.
            let end = self.bytes[self.pos..].iter().position(|&c| !f(c)).map_or(self.bytes.len(), |n| self.pos + n);
            out.push_str(&self.text[self.pos..end]);
            self.pos = end;
            return;
        }
        while let Some(c) = self.cur() {
            if !f(c) {
                break;
            }
            out.push(c as char);
            self.bump();
        }
    }

    fn token(&mut self) -> PTok {
        let start = self.splice(self.pos);
        let c = self.cur().unwrap_or(0);
        let mut text = String::new();
        let mut malformed = None;
        let kind = if c.is_ascii_alphabetic() || c == b'_' {
            self.take_while(&mut text, |c| c.is_ascii_alphanumeric() || c == b'_');
            Kind::Ident
        } else if c.is_ascii_digit() || (c == b'.' && self.nth(1).is_some_and(|c| c.is_ascii_digit())) {
            let (kind, m) = self.number(&mut text);
            malformed = m;
            kind
        } else if c == b'"' {
            text.push('"');
            self.bump();
            loop {
                match self.cur() {
                    None | Some(b'\n') => {
                        malformed = Some("unterminated string".to_string());
                        break;
                    }
                    Some(b'"') => {
                        text.push('"');
                        self.bump();
                        break;
                    }
                    // An escaped quote does not end the string (GL_EXT_debug_printf strings
                    // take C's escapes).
                    Some(b'\\') if matches!(self.nth(1), Some(b'"' | b'\\')) => {
                        text.push('\\');
                        text.push(char::from(self.nth(1).unwrap_or(b'\\')));
                        self.bump();
                        self.bump();
                    }
                    Some(_) => {
                        let ch = self.text[self.pos..].chars().next().unwrap_or('\u{fffd}');
                        text.push(ch);
                        self.pos += ch.len_utf8();
                    }
                }
            }
            Kind::Str
        } else if let Some(p) = PUNCTS.iter().find(|p| {
            if self.splices {
                p.bytes().enumerate().all(|(i, b)| self.nth(i) == Some(b))
            } else {
                // The first-byte test first: most candidates fail it, without a `memcmp` call.
                let rest = &self.bytes[self.pos..];
                rest.first() == p.as_bytes().first() && rest.starts_with(p.as_bytes())
            }
        }) {
            for _ in 0..p.len() {
                self.bump();
            }
            text.push_str(p);
            Kind::Punct
        } else {
            let ch = self.text[self.pos..].chars().next().unwrap_or('\u{fffd}');
            text.push(ch);
            self.pos += ch.len_utf8().max(1);
            Kind::Other
        };
        PTok {
            kind,
            text,
            span: Span::new(self.file, start as u32, self.pos as u32),
            ws_before: false,
            hide: Rc::clone(&self.no_hide),
            malformed,
        }
    }

    /// A numeric literal (GLSL 4.60 §4.1.3, §4.1.4), with the suffixes of the 16/64-bit
    /// extensions. Trailing identifier characters belong to the literal (as a C pp-number) and
    /// make it malformed unless they are a known suffix.
    fn number(&mut self, text: &mut String) -> (Kind, Option<String>) {
        let mut malformed = None;
        let is_hex = self.cur() == Some(b'0') && matches!(self.nth(1), Some(b'x' | b'X'));
        let mut kind = Kind::Int;
        if is_hex {
            for _ in 0..2 {
                text.push(self.cur().unwrap_or(b'0') as char);
                self.bump();
            }
            let before = text.len();
            self.take_while(text, |c| c.is_ascii_hexdigit());
            if text.len() == before {
                malformed = Some("a hexadecimal literal needs at least one digit".to_string());
            }
        } else {
            self.take_while(text, |c| c.is_ascii_digit());
            if self.cur() == Some(b'.') {
                kind = Kind::Float;
                text.push('.');
                self.bump();
                self.take_while(text, |c| c.is_ascii_digit());
            }
            let exponent = matches!(self.cur(), Some(b'e' | b'E'))
                && match self.nth(1) {
                    Some(b'+' | b'-') => self.nth(2).is_some_and(|c| c.is_ascii_digit()),
                    Some(c) => c.is_ascii_digit(),
                    None => false,
                };
            if exponent {
                kind = Kind::Float;
                for _ in 0..2 {
                    if let Some(c) = self.cur().filter(|c| matches!(c, b'e' | b'E' | b'+' | b'-')) {
                        text.push(c as char);
                        self.bump();
                    }
                }
                self.take_while(text, |c| c.is_ascii_digit());
            }
            // GLSL 4.60 §4.1.3: a leading 0 makes an octal literal.
            if kind == Kind::Int && text.len() > 1 && text.starts_with('0') && text.bytes().any(|b| b > b'7') {
                malformed = Some(format!("`{text}` is not a valid octal literal"));
            }
        }
        let digits_end = text.len();
        self.take_while(text, |c| c.is_ascii_alphanumeric() || c == b'_');
        let suffix = &text[digits_end..];
        let valid = if kind == Kind::Float { &FLOAT_SUFFIXES[..] } else { &INT_SUFFIXES[..] };
        if !valid.contains(&suffix) && malformed.is_none() {
            malformed = Some(format!("invalid suffix `{suffix}` on a numeric literal"));
        }
        (kind, malformed)
    }
}
