//! The preprocessing lexer: splits one file into logical lines of preprocessing tokens,
//! removing comments and line continuations (GLSL 4.60 §3.1, §3.3, §3.4).

use crate::diag::{Diagnostic, Diagnostics};
use crate::name::{Name, Spellings};
use crate::span::{FileId, Span};
use std::borrow::Cow;
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
    /// The spelling, continuations removed; shared with every other token spelled alike.
    pub text: Name,
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

/// A lexed file: all its tokens in order, and how many of them each logical line has (and the
/// offset of the newline that ends it, or the file length). One vector for the file instead of
/// one per line: a line's vector was an allocation per line.
#[derive(Debug, Default)]
pub(super) struct Lexed {
    pub toks: Vec<PTok>,
    pub lines: Vec<LineEnd>,
}

#[derive(Clone, Copy, Debug, Default)]
pub(super) struct LineEnd {
    pub toks: u32,
    pub end: u32,
}

impl Lexed {
    /// Each line with its own tokens (for the short texts read line by line at once).
    pub fn into_lines(self) -> Vec<Line> {
        let mut toks = self.toks.into_iter();
        self.lines.iter().map(|l| Line { toks: toks.by_ref().take(l.toks as usize).collect(), end: l.end }).collect()
    }
}

/// The GLSL operators and punctuation (GLSL 4.60 §3.4, plus `#` and `##` of §3.3).
const PUNCTS: [&str; 47] = [
    "<<=", ">>=", "<=", ">=", "==", "!=", "<<", ">>", "++", "--", "&&", "||", "^^", "##", "+=", "-=", "*=", "/=", "%=", "&=", "|=",
    "^=", "+", "-", "*", "/", "%", "<", ">", "=", "!", "~", "&", "|", "^", "(", ")", "[", "]", "{", "}", ".", ",", ";", "?", ":",
    "#",
];

thread_local! {
    /// The shared spellings of [`PUNCTS`], made once per thread (per thread, so that compiles
    /// on different threads do not count references on the same names): a punctuation token
    /// takes its name from here instead of hashing its text into the compile's [`Spellings`].
    static PUNCT_NAMES: Rc<[Name]> = PUNCTS.iter().map(|p| Name::from(*p)).collect();
}

/// The index in [`PUNCTS`] of `p` (evaluated at compile time).
const fn punct_index(p: &str) -> usize {
    let mut i = 0;
    while i < PUNCTS.len() {
        let (a, b) = (PUNCTS[i].as_bytes(), p.as_bytes());
        if a.len() == b.len() && a[0] == b[0] && (a.len() < 2 || a[1] == b[1]) && (a.len() < 3 || a[2] == b[2]) {
            return i;
        }
        i += 1;
    }
    panic!("not a punctuation")
}

/// The index in [`PUNCTS`] of the operator or punctuation `bytes` starts with, the longest that
/// fits, or `None`.
fn punct(bytes: [u8; 3]) -> Option<usize> {
    macro_rules! at {
        ($p:literal) => {
            const { punct_index($p) }
        };
    }
    Some(match bytes {
        [b'<', b'<', b'='] => at!("<<="),
        [b'>', b'>', b'='] => at!(">>="),
        [b'<', b'=', _] => at!("<="),
        [b'>', b'=', _] => at!(">="),
        [b'=', b'=', _] => at!("=="),
        [b'!', b'=', _] => at!("!="),
        [b'<', b'<', _] => at!("<<"),
        [b'>', b'>', _] => at!(">>"),
        [b'+', b'+', _] => at!("++"),
        [b'-', b'-', _] => at!("--"),
        [b'&', b'&', _] => at!("&&"),
        [b'|', b'|', _] => at!("||"),
        [b'^', b'^', _] => at!("^^"),
        [b'#', b'#', _] => at!("##"),
        [b'+', b'=', _] => at!("+="),
        [b'-', b'=', _] => at!("-="),
        [b'*', b'=', _] => at!("*="),
        [b'/', b'=', _] => at!("/="),
        [b'%', b'=', _] => at!("%="),
        [b'&', b'=', _] => at!("&="),
        [b'|', b'=', _] => at!("|="),
        [b'^', b'=', _] => at!("^="),
        [b'+', ..] => at!("+"),
        [b'-', ..] => at!("-"),
        [b'*', ..] => at!("*"),
        [b'/', ..] => at!("/"),
        [b'%', ..] => at!("%"),
        [b'<', ..] => at!("<"),
        [b'>', ..] => at!(">"),
        [b'=', ..] => at!("="),
        [b'!', ..] => at!("!"),
        [b'~', ..] => at!("~"),
        [b'&', ..] => at!("&"),
        [b'|', ..] => at!("|"),
        [b'^', ..] => at!("^"),
        [b'(', ..] => at!("("),
        [b')', ..] => at!(")"),
        [b'[', ..] => at!("["),
        [b']', ..] => at!("]"),
        [b'{', ..] => at!("{"),
        [b'}', ..] => at!("}"),
        [b'.', ..] => at!("."),
        [b',', ..] => at!(","),
        [b';', ..] => at!(";"),
        [b'?', ..] => at!("?"),
        [b':', ..] => at!(":"),
        [b'#', ..] => at!("#"),
        _ => return None,
    })
}

/// Integer suffixes: `u`, and those of GL_EXT_shader_explicit_arithmetic_types (`l`/`ul` for
/// 64-bit, `s`/`us` for 16-bit).
const INT_SUFFIXES: [&str; 15] = ["", "u", "U", "l", "L", "ul", "UL", "uL", "Ul", "s", "S", "us", "US", "uS", "Us"];
/// Float suffixes: `f`, `lf` (double, GLSL 4.00) and `hf` (float16, the same extension).
const FLOAT_SUFFIXES: [&str; 7] = ["", "f", "F", "lf", "LF", "hf", "HF"];

/// Splits `text` (the contents of `file`) into logical lines. Lexical errors that do not depend
/// on whether a line is skipped (an unterminated comment) go to `diags`.
/// Token spellings are shared through `spellings`.
pub(super) fn lex_file(text: &str, file: FileId, spellings: &mut Spellings, diags: &mut Diagnostics) -> Lexed {
    let mut lexer = Lexer {
        bytes: text.as_bytes(),
        text,
        pos: 0,
        file,
        splices: text.as_bytes().contains(&b'\\'),
        no_hide: Rc::default(),
        puncts: PUNCT_NAMES.with(Rc::clone),
    };
    // Sized up front: growing these vectors was a tenth of the lexer's cost.
    // (Rough counts: counting the newlines exactly cost more than the regrowth.)
    let mut lines = Vec::with_capacity(text.len() / 32 + 1);
    let mut toks = Vec::with_capacity(text.len() / 4 + 1);
    let mut line_start = 0;
    let mut ws = false;
    while let Some(c) = lexer.cur() {
        match c {
            b'\n' => {
                lines.push(LineEnd { toks: (toks.len() - line_start) as u32, end: lexer.pos as u32 });
                line_start = toks.len();
                lexer.pos += 1;
                ws = false;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                // The whole run at once (indentation is most of a file's bytes).
                lexer.skip_while(|c| matches!(c, b' ' | b'\t' | b'\r' | 0x0b | 0x0c));
                ws = true;
            }
            b'/' if lexer.nth(1) == Some(b'/') => {
                if !lexer.splices {
                    // No continuation can extend the comment: it ends at the next newline.
                    // (`str::find` of a char is a word-at-a-time `memchr`; a byte loop here was
                    // 3 M instructions of the GLSL corpus, one file being 0.5 MB of comments.)
                    lexer.pos = lexer.text[lexer.pos..].find('\n').map_or(lexer.bytes.len(), |n| lexer.pos + n);
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
                let mut tok = lexer.token(spellings);
                tok.ws_before = ws;
                toks.push(tok);
                ws = false;
            }
        }
    }
    lines.push(LineEnd { toks: (toks.len() - line_start) as u32, end: text.len() as u32 });
    Lexed { toks, lines }
}

/// Lexes a string made by `##` pasting: `Some` when it is exactly one valid token.
pub(super) fn lex_one(text: &str, spellings: &mut Spellings) -> Option<(Kind, Name)> {
    let mut diags = Diagnostics::new();
    let mut lexed = lex_file(text, FileId(0), spellings, &mut diags);
    if lexed.lines.len() != 1 || !diags.is_empty() || lexed.toks.len() != 1 {
        return None;
    }
    let tok = lexed.toks.pop()?;
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
    /// [`PUNCT_NAMES`].
    puncts: Rc<[Name]>,
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

    /// Consumes bytes while `f` holds; returns how many (logical bytes).
    fn skip_while(&mut self, f: impl Fn(u8) -> bool) -> usize {
        if !self.splices {
            // Every `f` accepts ASCII bytes only, so the run ends on a char boundary.
            let n = self.bytes[self.pos..].iter().position(|&c| !f(c)).unwrap_or(self.bytes.len() - self.pos);
            self.pos += n;
            return n;
        }
        let mut n = 0;
        while let Some(c) = self.cur() {
            if !f(c) {
                break;
            }
            n += 1;
            self.bump();
        }
        n
    }

    /// The logical text of the bytes `start..end`: without the line continuations in them.
    /// (Inlined: it is asked about every token, and most files have no continuation.)
    #[inline(always)]
    fn logical(&self, start: usize, end: usize) -> Cow<'_, str> {
        let text = &self.text[start..end];
        if !self.splices || !text.contains('\\') {
            return Cow::Borrowed(text);
        }
        Cow::Owned(Self::spliced(text))
    }

    /// `text` without its line continuations.
    fn spliced(text: &str) -> String {
        let bytes = text.as_bytes();
        let mut out = String::with_capacity(text.len());
        let (mut i, mut from) = (0, 0);
        while i < bytes.len() {
            let len = match bytes[i..] {
                [b'\\', b'\n', ..] => 2,
                [b'\\', b'\r', b'\n', ..] => 3,
                _ => 0,
            };
            if len == 0 {
                i += 1;
            } else {
                // A continuation starts with `\\`, so both cuts are on char boundaries.
                out.push_str(&text[from..i]);
                i += len;
                from = i;
            }
        }
        out.push_str(&text[from..]);
        out
    }

    fn token(&mut self, spellings: &mut Spellings) -> PTok {
        let start = self.splice(self.pos);
        let c = self.cur().unwrap_or(0);
        let mut malformed = None;
        let kind = if c.is_ascii_alphabetic() || c == b'_' {
            self.skip_while(|c| c.is_ascii_alphanumeric() || c == b'_');
            Kind::Ident
        } else if c.is_ascii_digit() || (c == b'.' && self.nth(1).is_some_and(|c| c.is_ascii_digit())) {
            let (kind, m) = self.number(start);
            malformed = m;
            kind
        } else if c == b'"' {
            self.bump();
            loop {
                match self.cur() {
                    None | Some(b'\n') => {
                        malformed = Some("unterminated string".to_string());
                        break;
                    }
                    Some(b'"') => {
                        self.bump();
                        break;
                    }
                    // An escaped quote does not end the string (GL_EXT_debug_printf strings
                    // take C's escapes).
                    Some(b'\\') if matches!(self.nth(1), Some(b'"' | b'\\')) => {
                        self.bump();
                        self.bump();
                    }
                    Some(_) => {
                        let ch = self.text[self.pos..].chars().next().unwrap_or('\u{fffd}');
                        self.pos += ch.len_utf8();
                    }
                }
            }
            Kind::Str
        } else if let Some(p) = punct(if self.splices {
            [c, self.nth(1).unwrap_or(0), self.nth(2).unwrap_or(0)]
        } else {
            let rest = &self.bytes[self.pos..];
            [c, rest.get(1).copied().unwrap_or(0), rest.get(2).copied().unwrap_or(0)]
        }) {
            for _ in 0..PUNCTS[p].len() {
                self.bump();
            }
            // The spelling is the operator whatever continuations split it.
            return PTok {
                kind: Kind::Punct,
                text: self.puncts[p].clone(),
                span: Span::new(self.file, start as u32, self.pos as u32),
                ws_before: false,
                hide: Rc::clone(&self.no_hide),
                malformed: None,
            };
        } else {
            let ch = self.text[self.pos..].chars().next().unwrap_or('\u{fffd}');
            self.pos += ch.len_utf8().max(1);
            Kind::Other
        };
        PTok {
            kind,
            text: spellings.get(&self.logical(start, self.pos)),
            span: Span::new(self.file, start as u32, self.pos as u32),
            ws_before: false,
            hide: Rc::clone(&self.no_hide),
            malformed,
        }
    }

    /// A numeric literal (GLSL 4.60 §4.1.3, §4.1.4), with the suffixes of the 16/64-bit
    /// extensions. Trailing identifier characters belong to the literal (as a C pp-number) and
    /// make it malformed unless they are a known suffix.
    fn number(&mut self, start: usize) -> (Kind, Option<String>) {
        let mut malformed = None;
        let is_hex = self.cur() == Some(b'0') && matches!(self.nth(1), Some(b'x' | b'X'));
        let mut kind = Kind::Int;
        if is_hex {
            self.bump();
            self.bump();
            if self.skip_while(|c| c.is_ascii_hexdigit()) == 0 {
                malformed = Some("a hexadecimal literal needs at least one digit".to_string());
            }
        } else {
            self.skip_while(|c| c.is_ascii_digit());
            if self.cur() == Some(b'.') {
                kind = Kind::Float;
                self.bump();
                self.skip_while(|c| c.is_ascii_digit());
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
                    if self.cur().is_some_and(|c| matches!(c, b'e' | b'E' | b'+' | b'-')) {
                        self.bump();
                    }
                }
                self.skip_while(|c| c.is_ascii_digit());
            }
            // GLSL 4.60 §4.1.3: a leading 0 makes an octal literal.
            let text = self.logical(start, self.pos);
            if kind == Kind::Int && text.len() > 1 && text.starts_with('0') && text.bytes().any(|b| b > b'7') {
                malformed = Some(format!("`{text}` is not a valid octal literal"));
            }
        }
        let digits_end = self.logical(start, self.pos).len();
        self.skip_while(|c| c.is_ascii_alphanumeric() || c == b'_');
        let text = self.logical(start, self.pos);
        let suffix = &text[digits_end..];
        let valid = if kind == Kind::Float { &FLOAT_SUFFIXES[..] } else { &INT_SUFFIXES[..] };
        if !valid.contains(&suffix) && malformed.is_none() {
            malformed = Some(format!("invalid suffix `{suffix}` on a numeric literal"));
        }
        (kind, malformed)
    }
}
