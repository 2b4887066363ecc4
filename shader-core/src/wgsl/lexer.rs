//! The WGSL lexer: source text to small `Copy` tokens (kind + span).
//!
//! Text is re-sliced from the source when needed; literal values are computed by
//! [`literal_value`] on demand. Keywords are lexed as [`TokenKind::Ident`]; the parser compares
//! the text, which keeps the token set small and lets the January 2021 draft's extra keywords
//! (`type`, `elseif`, `fallthrough`, `void`) coexist with the current language.
//!
//! `<` and `>` that open and close template lists are told apart from comparison and shift
//! operators by the spec's template list discovery algorithm (WGSL §3.9, "Template Lists"), run
//! over the tokens: a template `<` or `>` that is a token of its own changes kind in place, and
//! the few operator tokens holding a template `>` are split (`>>`, `>=` and `>>=` where a
//! template list closes, `array<vec3<f32>>`).
//!
//! The draft's `[[` and `]]` are not tokens here: `a[b[i]]` would make `]]` ambiguous. The parser
//! recognises two adjacent bracket tokens where an attribute list may start.

use super::ast::{FloatSuffix, IntSuffix, Literal};
use super::parse_diagnostics as msg;
use crate::diag::Diagnostics;
use crate::span::{FileId, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub start: u32,
    pub end: u32,
}

impl Token {
    pub fn span(self, file: FileId) -> Span {
        Span::new(file, self.start, self.end)
    }

    pub fn text(self, source: &str) -> &str {
        &source[self.start as usize..self.end as usize]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// Identifiers and keywords.
    Ident,
    /// A lone `_` (phony assignment); not an identifier in WGSL.
    Underscore,
    IntLiteral,
    FloatLiteral,
    /// `<` that opens a template list.
    TemplateStart,
    /// `>` that closes a template list.
    TemplateEnd,
    And,
    AndAnd,
    AndEq,
    Arrow,
    At,
    Slash,
    SlashEq,
    Bang,
    BangEq,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Colon,
    Comma,
    Eq,
    EqEq,
    Greater,
    GreaterEq,
    Shr,
    ShrEq,
    Less,
    LessEq,
    Shl,
    ShlEq,
    Percent,
    PercentEq,
    Minus,
    MinusEq,
    MinusMinus,
    Dot,
    Plus,
    PlusEq,
    PlusPlus,
    Pipe,
    PipePipe,
    PipeEq,
    LParen,
    RParen,
    Semicolon,
    Star,
    StarEq,
    Tilde,
    Caret,
    CaretEq,
    /// A character that starts no token; already reported.
    Error,
    Eof,
}

/// Tokenizes `source`. The result always ends with one [`TokenKind::Eof`] token.
pub fn tokenize(source: &str, file: FileId) -> (Vec<Token>, Diagnostics) {
    let mut diagnostics = Diagnostics::new();
    let mut tokens = lex(source, file, &mut diagnostics);
    // Template `<` and `>` that are tokens of their own change kind in place; only operator
    // tokens holding a template `>` (`>>`, `>=`, `>>=`, `->`) are split again, with the template
    // positions known (relexing the whole source showed up in profiles).
    let split = discover_templates(source, &mut tokens);
    if split.tokens.is_empty() {
        return (tokens, diagnostics);
    }
    let bytes = source.as_bytes();
    let mut out = Vec::with_capacity(tokens.len() + 2 * split.tokens.len());
    let mut from = 0;
    for &index in &split.tokens {
        out.extend_from_slice(&tokens[from..index]);
        from = index + 1;
        let t = tokens[index];
        let (start, end) = (t.start as usize, t.end as usize);
        let mut i = start;
        while i < end {
            let (kind, len) = if split.is_start(i) {
                (TokenKind::TemplateStart, 1)
            } else if split.is_end(i) {
                (TokenKind::TemplateEnd, 1)
            } else {
                // The longest operator that does not swallow a template-closing `>`: one that
                // ends before the next template end.
                let before_end = (i + 1..end).find(|&p| split.is_end(p)).unwrap_or(end);
                operator(&bytes[i..before_end]).unwrap_or((t.kind, end - i))
            };
            out.push(Token { kind, start: i as u32, end: (i + len) as u32 });
            i += len;
        }
    }
    out.extend_from_slice(&tokens[from..]);
    (out, diagnostics)
}

/// The operator tokens of more than one byte that hold a template `<` or `>` (token indices,
/// ascending), and those template positions (byte offsets, ascending).
#[derive(Default)]
struct Split {
    tokens: Vec<usize>,
    starts: Vec<u32>,
    ends: Vec<u32>,
}

impl Split {
    fn is_start(&self, pos: usize) -> bool {
        self.starts.binary_search(&(pos as u32)).is_ok()
    }
    fn is_end(&self, pos: usize) -> bool {
        self.ends.binary_search(&(pos as u32)).is_ok()
    }
}

/// Whether a token is an operator or punctuation, whose characters template list discovery
/// examines one at a time.
fn is_punct(kind: TokenKind) -> bool {
    !matches!(
        kind,
        TokenKind::Ident
            | TokenKind::Underscore
            | TokenKind::Error
            | TokenKind::Eof
            | TokenKind::IntLiteral
            | TokenKind::FloatLiteral
    )
}

/// WGSL §3.9 "Template list discovery", run over tokens instead of code points: identifiers and
/// literals are atoms, operator tokens are taken one character at a time, exactly as the
/// algorithm's steps examine them. Comments and blankspace are already gone. A template `<` or
/// `>` that is a token of its own becomes [`TokenKind::TemplateStart`] or
/// [`TokenKind::TemplateEnd`] here; the tokens that must be split are returned.
fn discover_templates(source: &str, tokens: &mut [Token]) -> Split {
    struct Candidate {
        token: usize,
        position: u32,
        depth: u32,
    }
    let bytes = source.as_bytes();
    let mut split = Split::default();
    let mut pending: Vec<Candidate> = Vec::new();
    let mut depth = 0u32;
    // The character after position `p` of the punctuation token `t`, when it is punctuation
    // too (the next character of the token, or the first of the next token).
    let next_punct = |tokens: &[Token], t: usize, p: u32| -> Option<(u8, u32)> {
        if p + 1 < tokens[t].end {
            return Some((bytes[p as usize + 1], p + 1));
        }
        let next = tokens.get(t + 1)?;
        is_punct(next.kind).then(|| (bytes[next.start as usize], next.start))
    };
    // Marks the template `<` or `>` at `p` in token `t`.
    let mark = |tokens: &mut [Token], split: &mut Split, t: usize, p: u32, kind: TokenKind| {
        let token = &mut tokens[t];
        if token.end - token.start == 1 {
            token.kind = kind;
        } else {
            if split.tokens.last() != Some(&t) {
                split.tokens.push(t);
            }
            if kind == TokenKind::TemplateStart {
                split.starts.push(p);
            } else {
                split.ends.push(p);
            }
        }
    };
    // Whether the previous item was an identifier (a `<` after one may open a list).
    let mut after_ident = false;
    // Whether the next character was consumed with the one before it (`<=`, `==`, `&&`, ...).
    let mut skip = false;
    for t in 0..tokens.len() {
        let token = tokens[t];
        if !is_punct(token.kind) {
            after_ident = token.kind == TokenKind::Ident;
            skip = false;
            continue;
        }
        for p in token.start..token.end {
            let c = bytes[p as usize];
            if std::mem::take(&mut skip) {
                after_ident = false;
                continue;
            }
            if std::mem::take(&mut after_ident) && c == b'<' {
                // `<<` and `<=` after an identifier are operators: no template argument
                // starts with `<` or `=`.
                if matches!(next_punct(tokens, t, p), Some((b'<' | b'=', _))) {
                    skip = true;
                } else {
                    pending.push(Candidate { token: t, position: p, depth });
                }
                continue;
            }
            match c {
                b'>' => {
                    if pending.last().is_some_and(|c| c.depth == depth) {
                        let c = pending.pop().expect("checked non-empty");
                        mark(tokens, &mut split, c.token, c.position, TokenKind::TemplateStart);
                        mark(tokens, &mut split, t, p, TokenKind::TemplateEnd);
                    } else if matches!(next_punct(tokens, t, p), Some((b'=', _))) {
                        skip = true;
                    }
                }
                b'(' | b'[' => depth += 1,
                b')' | b']' => {
                    while pending.last().is_some_and(|c| c.depth >= depth) {
                        pending.pop();
                    }
                    depth = depth.saturating_sub(1);
                }
                b'!' => skip = matches!(next_punct(tokens, t, p), Some((b'=', _))),
                b'=' => {
                    if matches!(next_punct(tokens, t, p), Some((b'=', _))) {
                        skip = true;
                    } else {
                        depth = 0;
                        pending.clear();
                    }
                }
                // A WESL qualified path (`array<util::T, 2>`) does not end a template list.
                b':' if matches!(next_punct(tokens, t, p), Some((b':', q)) if q == p + 1) => skip = true,
                b';' | b'{' | b':' => {
                    depth = 0;
                    pending.clear();
                }
                b'&' | b'|' if matches!(next_punct(tokens, t, p), Some((d, _)) if d == c) => {
                    skip = true;
                    while pending.last().is_some_and(|c| c.depth >= depth) {
                        pending.pop();
                    }
                }
                _ => {}
            }
        }
    }
    split.tokens.sort_unstable();
    split.tokens.dedup();
    split.starts.sort_unstable();
    split.ends.sort_unstable();
    split
}

/// WGSL §3.2 "Blankspace and Line Breaks".
fn is_blank(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r' | '\u{85}' | '\u{200E}' | '\u{200F}' | '\u{2028}' | '\u{2029}'
    )
}

/// The line breaks, as the spec lists them; [`line_comment_end`] matches their UTF-8 bytes and
/// is tested against this list.
#[cfg(test)]
fn is_line_break(c: char) -> bool {
    matches!(c, '\n' | '\u{0B}' | '\u{0C}' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_ascii_alphabetic() || (!c.is_ascii() && unicode_ident::is_xid_start(c))
}

fn is_ident_continue(c: char) -> bool {
    unicode_ident::is_xid_continue(c)
}

/// Where the line comment whose text starts at `i` ends: at the first line break (WGSL §3.2,
/// not included) or at the end of `source`.
fn line_comment_end(source: &str, mut i: usize) -> usize {
    // (`source` is a `&str` only to say that it is UTF-8.)
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    let has_zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGH != 0;
    // Whether any of eight bytes may start a line break: a byte below 0x0e (`\n`, `\x0b`,
    // `\x0c`, `\r`, or a harmless tab) or the first byte of U+0085 (0xc2) or of U+2028 and
    // U+2029 (0xe2). The tests never miss such a byte; a false alarm only means that the bytes
    // are looked at one character at a time. (Comments are most of the bytes of some files.)
    let may_break = |x: u64| x.wrapping_sub(ONES * 0x0e) & !x & HIGH != 0 || has_zero(x ^ (ONES * 0xc2)) || has_zero(x ^ (ONES * 0xe2));
    let bytes = source.as_bytes();
    loop {
        while let Some(chunk) = bytes.get(i..i + 8) {
            if may_break(u64::from_le_bytes(chunk.try_into().expect("eight bytes"))) {
                break;
            }
            i += 8;
        }
        // Byte by byte: a line break's encoding starts with none of the bytes that continue
        // another character's, so `i` need not be at a character boundary here.
        match bytes.get(i..) {
            None | Some([]) => return bytes.len(),
            // [`is_line_break`]'s characters, UTF-8 encoded.
            Some([b'\n' | 0x0b | 0x0c | b'\r', ..] | [0xc2, 0x85, ..] | [0xe2, 0x80, 0xa8 | 0xa9, ..]) => return i,
            Some(_) => i += 1,
        }
    }
}

/// [`ASCII_CLASS`] values: blankspace (WGSL §3.2), a letter or `_` (an identifier's start),
/// a digit, anything else (a byte of a non-ASCII character included).
const BLANK: u8 = 1;
const LETTER: u8 = 2;
const DIGIT: u8 = 3;
const OTHER: u8 = 0;

/// The class of each byte; the table is tested against [`is_blank`], [`is_ident_start`] and
/// [`is_ident_continue`].
static ASCII_CLASS: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut b = 0;
    while b < 128 {
        table[b] = match b as u8 {
            b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r' => BLANK,
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => LETTER,
            b'0'..=b'9' => DIGIT,
            _ => OTHER,
        };
        b += 1;
    }
    table
};

/// The end of the identifier characters (XID_Continue) starting at `i`.
fn ident_end(source: &str, mut i: usize) -> usize {
    let bytes = source.as_bytes();
    loop {
        match bytes.get(i) {
            Some(&b) if ASCII_CLASS[b as usize] >= LETTER => i += 1,
            Some(&b) if b >= 0x80 => match source[i..].chars().next().filter(|&c| is_ident_continue(c)) {
                Some(c) => i += c.len_utf8(),
                None => return i,
            },
            _ => return i,
        }
    }
}

/// Whether a numeric literal's text is one [`literal_value`] always accepts, so the lexer need
/// not compute its value to find errors: at most nine digits with at most one `.`, no leading
/// zero before another digit unless a `.` follows, and at most an `f` suffix (or `i`/`u`
/// without a `.`). Nine digits fit `i32`, `u32` and `i64`, and make a finite `f32`.
fn obviously_valid(text: &[u8]) -> bool {
    let (body, suffix) = match text {
        [body @ .., b'f' | b'i' | b'u'] => (body, text.last().copied()),
        _ => (text, None),
    };
    let point = body.iter().filter(|&&b| b == b'.').count();
    let digits = body.len() - point;
    let leading_zero = body.len() > 1 && body[0] == b'0' && body[1] != b'.';
    point <= 1
        && (1..=9).contains(&digits)
        && body.iter().all(|&b| b == b'.' || b.is_ascii_digit())
        && !(leading_zero && point == 0)
        && !(point == 1 && matches!(suffix, Some(b'i' | b'u')))
}

fn lex(source: &str, file: FileId, diagnostics: &mut Diagnostics) -> Vec<Token> {
    let bytes = source.as_bytes();
    let mut tokens = Vec::with_capacity(source.len() / 3 + 1);
    let mut i = 0usize;
    let span = |a: usize, b: usize| Span::new(file, a as u32, b as u32);
    while i < bytes.len() {
        // The common cases first, by the byte's class: ASCII blankspace and identifiers.
        match ASCII_CLASS[bytes[i] as usize] {
            BLANK => {
                i += 1;
                while bytes.get(i).is_some_and(|&b| ASCII_CLASS[b as usize] == BLANK) {
                    i += 1;
                }
                continue;
            }
            LETTER => {
                let start = i;
                i = ident_end(source, i + 1);
                let kind = if i - start == 1 && bytes[start] == b'_' { TokenKind::Underscore } else { TokenKind::Ident };
                tokens.push(Token { kind, start: start as u32, end: i as u32 });
                continue;
            }
            // Other ASCII but the starts of comments and of numbers like `.5`: an operator,
            // punctuation, or (below) a character that starts no token.
            OTHER if bytes[i] < 0x80 && !matches!(bytes[i], b'/' | b'.') => {
                if let Some((kind, len)) = operator(&bytes[i..]) {
                    tokens.push(Token { kind, start: i as u32, end: (i + len) as u32 });
                    i += len;
                    continue;
                }
            }
            _ => {}
        }
        // ASCII is nearly all of any shader: decode a char only for the rest.
        let c = match bytes[i] {
            b if b < 0x80 => b as char,
            _ => source[i..].chars().next().expect("i is a char boundary below len"),
        };
        if is_blank(c) {
            i += c.len_utf8();
            // The rest of an ASCII run at once (indentation).
            while bytes.get(i).is_some_and(|&b| b < 0x80 && is_blank(b as char)) {
                i += 1;
            }
            continue;
        }
        let start = i;
        // Comments (WGSL §3.3): line comments end at a line break, block comments nest.
        if c == '/' && bytes.get(i + 1) == Some(&b'/') {
            i = line_comment_end(source, i + 2);
            continue;
        }
        if c == '/' && bytes.get(i + 1) == Some(&b'*') {
            let mut depth = 0usize;
            let mut closed = false;
            while i < bytes.len() {
                if bytes[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if bytes[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        closed = true;
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            if !closed {
                diagnostics.push(msg::unterminated_block_comment(span(start, start + 2)));
            }
            continue;
        }
        let kind;
        if c.is_ascii_digit() || (c == '.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            let (end, k) = scan_number(bytes, i);
            i = end;
            // A letter glued to a number is a bad suffix, not a new identifier.
            let bad_end = ident_end(source, i);
            if bad_end > i {
                diagnostics.push(msg::malformed_literal("invalid suffix", span(i, bad_end)));
                i = bad_end;
            } else if !obviously_valid(&bytes[start..i]) {
                if let Err(e) = literal_value(&source[start..i]) {
                    diagnostics.push(e.into_diagnostic(span(start, i)));
                }
            }
            kind = k;
        } else if is_ident_start(c) {
            i = ident_end(source, i + c.len_utf8());
            kind = if i - start == 1 && c == '_' { TokenKind::Underscore } else { TokenKind::Ident };
        } else if let Some((k, len)) = operator(&bytes[i..]) {
            i += len;
            kind = k;
        } else {
            i += c.len_utf8();
            diagnostics.push(msg::unexpected_character(c, span(start, i)));
            kind = TokenKind::Error;
        }
        tokens.push(Token { kind, start: start as u32, end: i as u32 });
    }
    let end = bytes.len() as u32;
    tokens.push(Token { kind: TokenKind::Eof, start: end, end });
    tokens
}

/// The longest operator or punctuation token at the start of `rest`.
fn operator(rest: &[u8]) -> Option<(TokenKind, usize)> {
    use TokenKind::*;
    // A `match` on the next bytes (a table of candidates scanned per token showed up in
    // profiles); `0` past the end matches no operator byte.
    let next = |n: usize| rest.get(n).copied().unwrap_or(0);
    let (c1, c2) = (next(1), next(2));
    let either = |second: u8, long: TokenKind, short: TokenKind| if c1 == second { (long, 2) } else { (short, 1) };
    Some(match *rest.first()? {
        b'<' => match (c1, c2) {
            (b'<', b'=') => (ShlEq, 3),
            (b'<', _) => (Shl, 2),
            (b'=', _) => (LessEq, 2),
            _ => (Less, 1),
        },
        b'>' => match (c1, c2) {
            (b'>', b'=') => (ShrEq, 3),
            (b'>', _) => (Shr, 2),
            (b'=', _) => (GreaterEq, 2),
            _ => (Greater, 1),
        },
        b'&' => match c1 {
            b'&' => (AndAnd, 2),
            b'=' => (AndEq, 2),
            _ => (And, 1),
        },
        b'|' => match c1 {
            b'|' => (PipePipe, 2),
            b'=' => (PipeEq, 2),
            _ => (Pipe, 1),
        },
        b'-' => match c1 {
            b'>' => (Arrow, 2),
            b'=' => (MinusEq, 2),
            b'-' => (MinusMinus, 2),
            _ => (Minus, 1),
        },
        b'+' => match c1 {
            b'=' => (PlusEq, 2),
            b'+' => (PlusPlus, 2),
            _ => (Plus, 1),
        },
        b'=' => either(b'=', EqEq, Eq),
        b'!' => either(b'=', BangEq, Bang),
        b'*' => either(b'=', StarEq, Star),
        b'/' => either(b'=', SlashEq, Slash),
        b'%' => either(b'=', PercentEq, Percent),
        b'^' => either(b'=', CaretEq, Caret),
        b'~' => (Tilde, 1),
        b'@' => (At, 1),
        b'(' => (LParen, 1),
        b')' => (RParen, 1),
        b'[' => (LBracket, 1),
        b']' => (RBracket, 1),
        b'{' => (LBrace, 1),
        b'}' => (RBrace, 1),
        b',' => (Comma, 1),
        b'.' => (Dot, 1),
        b':' => (Colon, 1),
        b';' => (Semicolon, 1),
        _ => return None,
    })
}

/// Scans the longest numeric literal starting at `i` (WGSL §3.6 "Literals"); returns its end
/// and kind. Malformed forms are reported by [`literal_value`].
fn scan_number(b: &[u8], mut i: usize) -> (usize, TokenKind) {
    let digits = |i: &mut usize, hex: bool| {
        let s = *i;
        while b.get(*i).is_some_and(|c| if hex { c.is_ascii_hexdigit() } else { c.is_ascii_digit() }) {
            *i += 1;
        }
        *i > s
    };
    let exponent = |i: &mut usize, marks: &[u8]| {
        if b.get(*i).is_some_and(|c| marks.contains(c)) {
            *i += 1;
            if matches!(b.get(*i), Some(b'+' | b'-')) {
                *i += 1;
            }
            digits(i, false);
            true
        } else {
            false
        }
    };
    if b[i] == b'0' && matches!(b.get(i + 1), Some(b'x' | b'X')) {
        i += 2;
        digits(&mut i, true);
        let mut float = false;
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i, true);
            float = true;
        }
        if exponent(&mut i, b"pP") {
            return (i + float_suffix(&b[i..]), TokenKind::FloatLiteral);
        }
        if float {
            return (i, TokenKind::FloatLiteral);
        }
        return (i + int_suffix(&b[i..]), TokenKind::IntLiteral);
    }
    digits(&mut i, false);
    let mut float = false;
    if b.get(i) == Some(&b'.') {
        i += 1;
        digits(&mut i, false);
        float = true;
    }
    if exponent(&mut i, b"eE") {
        float = true;
    }
    match float_suffix(&b[i..]) {
        0 if float => (i, TokenKind::FloatLiteral),
        0 => (i + int_suffix(&b[i..]), TokenKind::IntLiteral),
        n => (i + n, TokenKind::FloatLiteral),
    }
}

/// Length of a float suffix at the start of `b`: `f`, `h`, or naga's `lf` (f64).
fn float_suffix(b: &[u8]) -> usize {
    match b {
        [b'f' | b'h', ..] => 1,
        [b'l', b'f', ..] => 2,
        _ => 0,
    }
}

/// Length of an integer suffix at the start of `b`: `i`, `u`, or naga's `li`/`lu` (i64/u64).
fn int_suffix(b: &[u8]) -> usize {
    match b {
        [b'i' | b'u', ..] => 1,
        [b'l', b'i' | b'u', ..] => 2,
        _ => 0,
    }
}

/// Why a literal's text has no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiteralError {
    Malformed(&'static str),
    LeadingZero,
    OutOfRange(&'static str),
}

impl LiteralError {
    pub fn into_diagnostic(self, span: Span) -> crate::diag::Diagnostic {
        match self {
            LiteralError::Malformed(what) => msg::malformed_literal(what, span),
            LiteralError::LeadingZero => msg::leading_zero(span),
            LiteralError::OutOfRange(ty) => msg::literal_out_of_range(ty, span),
        }
    }
}

/// The value of a numeric literal token's text (WGSL §3.6): abstract ints must fit i64, `i`
/// suffixed ones i32, `u` suffixed ones u32; floats must be finite in their type.
pub fn literal_value(text: &str) -> Result<Literal, LiteralError> {
    match small_decimal_int(text) {
        Some(literal) => Ok(literal),
        None => any_literal_value(text),
    }
}

/// [`literal_value`] of any literal.
fn any_literal_value(text: &str) -> Result<Literal, LiteralError> {
    let (hex, body) = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let is_float =
        if hex { body.contains(['.', 'p', 'P']) } else { body.contains(['.', 'e', 'E']) || body.ends_with(['f', 'h']) };
    if is_float {
        let suffixed = !hex || body.contains(['p', 'P']);
        let (digits, suffix) = if let Some(d) = body.strip_suffix("lf").filter(|_| suffixed) {
            (d, Some(FloatSuffix::F64))
        } else if let Some(d) = body.strip_suffix('f').filter(|_| suffixed) {
            (d, Some(FloatSuffix::F32))
        } else if let Some(d) = body.strip_suffix('h') {
            (d, Some(FloatSuffix::F16))
        } else {
            (body, None)
        };
        let value = if hex { hex_float(digits)? } else { decimal_float(digits, suffix)? };
        let finite = match suffix {
            None | Some(FloatSuffix::F64) => value.is_finite(),
            Some(FloatSuffix::F32) => (value as f32).is_finite(),
            Some(FloatSuffix::F16) => half::f16::from_f64(value).is_finite(),
        };
        if !finite {
            let ty = match suffix {
                None => "an abstract float",
                Some(FloatSuffix::F32) => "f32",
                Some(FloatSuffix::F16) => "f16",
                Some(FloatSuffix::F64) => "f64",
            };
            return Err(LiteralError::OutOfRange(ty));
        }
        let value = match suffix {
            Some(FloatSuffix::F32) => value as f32 as f64,
            Some(FloatSuffix::F16) => half::f16::from_f64(value).to_f64(),
            None | Some(FloatSuffix::F64) => value,
        };
        return Ok(Literal::Float { value, suffix });
    }
    let (digits, suffix) = if let Some(d) = body.strip_suffix("li") {
        (d, Some(IntSuffix::I64))
    } else if let Some(d) = body.strip_suffix("lu") {
        (d, Some(IntSuffix::U64))
    } else if let Some(d) = body.strip_suffix('i') {
        (d, Some(IntSuffix::I32))
    } else if let Some(d) = body.strip_suffix('u') {
        (d, Some(IntSuffix::U32))
    } else {
        (body, None)
    };
    if digits.is_empty() {
        return Err(LiteralError::Malformed("missing digits"));
    }
    if !hex && digits.len() > 1 && digits.starts_with('0') {
        return Err(LiteralError::LeadingZero);
    }
    let value = u128::from_str_radix(digits, if hex { 16 } else { 10 }).ok();
    let (max, ty) = match suffix {
        None => (i64::MAX as u128, "an abstract int (i64)"),
        Some(IntSuffix::I32) => (i32::MAX as u128, "i32"),
        Some(IntSuffix::U32) => (u32::MAX as u128, "u32"),
        Some(IntSuffix::I64) => (i64::MAX as u128, "i64"),
        Some(IntSuffix::U64) => (u64::MAX as u128, "u64"),
    };
    match value {
        // A u64 above i64::MAX keeps its bit pattern.
        Some(v) if v <= max => Ok(Literal::Int { value: v as u64 as i64, suffix }),
        _ => Err(LiteralError::OutOfRange(ty)),
    }
}

/// The common case of [`literal_value`] without its general parsing: a decimal integer of at
/// most nine digits, unsuffixed or with `i` or `u` (`0`, `64`, `3u`), which always fits its type.
fn small_decimal_int(text: &str) -> Option<Literal> {
    let (digits, suffix) = match text.as_bytes() {
        [digits @ .., b'i'] => (digits, Some(IntSuffix::I32)),
        [digits @ .., b'u'] => (digits, Some(IntSuffix::U32)),
        digits => (digits, None),
    };
    let leading_zero = digits.len() > 1 && digits[0] == b'0';
    if digits.is_empty() || digits.len() > 9 || leading_zero || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = digits.iter().fold(0i64, |value, d| value * 10 + i64::from(d - b'0'));
    Some(Literal::Int { value, suffix })
}

fn decimal_float(digits: &str, suffix: Option<FloatSuffix>) -> Result<f64, LiteralError> {
    if digits.ends_with(['e', 'E', '+', '-']) {
        return Err(LiteralError::Malformed("exponent has no digits"));
    }
    // `0f`/`1h` are floats, but `01f` is not (WGSL §3.6 decimal_float_literal).
    if !digits.contains(['.', 'e', 'E']) && digits.len() > 1 && digits.starts_with('0') {
        return Err(LiteralError::LeadingZero);
    }
    let value = if suffix == Some(FloatSuffix::F32) {
        // Round once, directly to f32.
        digits.parse::<f32>().map(f64::from)
    } else {
        digits.parse::<f64>()
    };
    value.map_err(|_| LiteralError::Malformed("not a decimal float"))
}

/// `1.8p3` (without `0x` and suffix): mantissa hex digits with an optional point, binary exponent.
fn hex_float(text: &str) -> Result<f64, LiteralError> {
    let (mantissa, exp) = match text.find(['p', 'P']) {
        Some(p) => (&text[..p], Some(&text[p + 1..])),
        None => (text, None),
    };
    let exp: i64 = match exp {
        Some(e) if e.trim_start_matches(['+', '-']).is_empty() => {
            return Err(LiteralError::Malformed("exponent has no digits"))
        }
        // Saturate huge exponents; the result is then 0 or infinite, which is checked later.
        Some(e) => e.parse::<i64>().unwrap_or(if e.starts_with('-') { -100_000 } else { 100_000 }),
        None => 0,
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int.is_empty() && frac.is_empty() {
        return Err(LiteralError::Malformed("hex float has no digits"));
    }
    // Keep the first 15 significant hex digits (60 bits, more than f64's 53) and fold the rest
    // into a sticky bit so rounding stays correct.
    let mut m: u64 = 0;
    let mut shift: i64 = 0;
    let mut kept = 0;
    let mut sticky = false;
    for (i, c) in int.chars().chain(frac.chars()).enumerate() {
        let d = c.to_digit(16).ok_or(LiteralError::Malformed("not a hex digit"))? as u64;
        let in_frac = i >= int.len();
        if kept < 15 {
            m = m * 16 + d;
            if m != 0 {
                kept += 1;
            }
            if in_frac {
                shift -= 4;
            }
        } else {
            sticky |= d != 0;
            if !in_frac {
                shift += 4;
            }
        }
    }
    if sticky {
        m |= 1;
    }
    Ok(ldexp(m as f64, exp.saturating_add(shift)))
}

/// `x * 2^e`, exact whenever the result is representable.
fn ldexp(mut x: f64, mut e: i64) -> f64 {
    while e > 1000 {
        x *= f64::from_bits(((1000 + 1023) as u64) << 52);
        e -= 1000;
        if x.is_infinite() {
            return x;
        }
    }
    while e < -1000 {
        x *= f64::from_bits(((-1000i64 + 1023) as u64) << 52);
        e += 1000;
        if x == 0.0 {
            return x;
        }
    }
    x * f64::from_bits(((e + 1023) as u64) << 52)
}

#[cfg(test)]
mod tests {
    use super::*;
    use TokenKind::*;

    fn kinds(src: &str) -> Vec<TokenKind> {
        let (tokens, diags) = tokenize(src, FileId(0));
        assert!(diags.is_empty(), "{src}: {diags:?}");
        tokens.into_iter().map(|t| t.kind).filter(|&k| k != Eof).collect()
    }

    fn errors(src: &str) -> Vec<String> {
        tokenize(src, FileId(0)).1.into_iter().map(|d| d.message).collect()
    }

    /// The fast comment scan ends exactly where [`is_line_break`] says, wherever the character
    /// falls in its eight-byte chunk, after ASCII or multi-byte text.
    #[test]
    fn line_comments_end_at_every_line_break_and_nothing_else() {
        let chars = (0..0x3100u32).chain([0xfeff, 0x1_f600]).filter_map(char::from_u32);
        for c in chars {
            for filler in ["", "a", "ab", "abcdefg", "这是", "テスト입니다", "é\tx"] {
                let text = format!("{filler}{c}{filler}");
                let expected = if is_line_break(c) { filler.len() } else { text.len() };
                assert_eq!(line_comment_end(&text, 0), expected, "{c:?} after {filler:?}");
                let tail = format!("{text}\nx");
                let expected = if is_line_break(c) { filler.len() } else { text.len() };
                assert_eq!(line_comment_end(&tail, 0), expected, "{c:?} after {filler:?}, then a newline");
            }
        }
    }

    /// The byte class table agrees with the character predicates on every ASCII byte.
    #[test]
    fn ascii_classes_agree_with_the_character_classes() {
        for b in 0..=255u8 {
            let class = ASCII_CLASS[b as usize];
            if b >= 0x80 {
                assert_eq!(class, OTHER, "{b:#x}");
                continue;
            }
            let c = b as char;
            assert_eq!(class == BLANK, is_blank(c), "{c:?}");
            assert_eq!(class == LETTER, is_ident_start(c), "{c:?}");
            assert_eq!(class >= LETTER, is_ident_continue(c), "{c:?}");
            assert_eq!(class == DIGIT, c.is_ascii_digit(), "{c:?}");
        }
    }

    /// Every literal the lexer does not evaluate has a value: all texts of up to five
    /// characters over digits, `.` and the suffix letters, and longer digit runs.
    #[test]
    fn obviously_valid_literals_have_values() {
        let alphabet = b"0159.fiuhl";
        let mut texts: Vec<Vec<u8>> = vec![Vec::new()];
        let mut accepted = 0;
        for _ in 0..5 {
            texts = texts.iter().flat_map(|t| alphabet.iter().map(move |&c| [&t[..], &[c]].concat())).collect();
            for t in &texts {
                if obviously_valid(t) {
                    accepted += 1;
                    let text = std::str::from_utf8(t).unwrap();
                    assert!(literal_value(text).is_ok(), "{text}: {:?}", literal_value(text));
                }
            }
        }
        assert!(accepted > 1000);
        for n in 1..=12 {
            for text in ["9".repeat(n), format!("9{}u", "9".repeat(n - 1)), format!("{}i", "9".repeat(n)), format!("9.{}f", "9".repeat(n))] {
                if obviously_valid(text.as_bytes()) {
                    assert!(literal_value(&text).is_ok(), "{text}");
                } else {
                    assert!(n >= 9, "{text}");
                }
            }
        }
    }

    #[test]
    fn small_decimal_ints_take_the_general_path_s_value() {
        let mut texts: Vec<String> = ["0", "7", "0i", "0u", "42u", "42i", "999999999", "999999999u", "2147483647i"]
            .iter()
            .map(|t| t.to_string())
            .collect();
        for n in (0..=9).chain([10, 99, 100, 12345, 2147483, 99999999, 123456789]) {
            for suffix in ["", "i", "u"] {
                texts.push(format!("{n}{suffix}"));
            }
        }
        let mut fast = 0;
        for text in texts.iter().map(String::as_str).chain(["00", "01", "0x1", "1li", "1lu", "1f", "1e3", "1234567890", "1.0"]) {
            if let Some(literal) = small_decimal_int(text) {
                fast += 1;
                assert_eq!(Ok(literal), any_literal_value(text), "{text}");
            }
        }
        assert_eq!(fast, 8 + 3 * 17, "the short forms take the fast path, the others do not");
    }

    #[test]
    fn literal_values() {
        let int = |v, s| Ok(Literal::Int { value: v, suffix: s });
        let float = |v, s| Ok(Literal::Float { value: v, suffix: s });
        let cases: &[(&str, Result<Literal, LiteralError>)] = &[
            ("0", int(0, None)),
            ("1", int(1, None)),
            ("123", int(123, None)),
            ("1i", int(1, Some(IntSuffix::I32))),
            ("1u", int(1, Some(IntSuffix::U32))),
            ("0x1F", int(31, None)),
            ("0X1fu", int(31, Some(IntSuffix::U32))),
            ("0x7fffffffi", int(i32::MAX as i64, Some(IntSuffix::I32))),
            ("4294967295u", int(u32::MAX as i64, Some(IntSuffix::U32))),
            ("9223372036854775807", int(i64::MAX, None)),
            ("2147483648i", Err(LiteralError::OutOfRange("i32"))),
            ("4294967296u", Err(LiteralError::OutOfRange("u32"))),
            ("0x80000000i", Err(LiteralError::OutOfRange("i32"))),
            ("9223372036854775808", Err(LiteralError::OutOfRange("an abstract int (i64)"))),
            ("99999999999999999999999999999999999999999", Err(LiteralError::OutOfRange("an abstract int (i64)"))),
            ("012", Err(LiteralError::LeadingZero)),
            ("1.", float(1.0, None)),
            (".5", float(0.5, None)),
            ("1.5", float(1.5, None)),
            ("1e-3", float(1e-3, None)),
            ("1E3", float(1000.0, None)),
            ("2.5e+2", float(250.0, None)),
            ("1.5h", float(1.5, Some(FloatSuffix::F16))),
            ("1f", float(1.0, Some(FloatSuffix::F32))),
            ("0f", float(0.0, Some(FloatSuffix::F32))),
            ("0h", float(0.0, Some(FloatSuffix::F16))),
            ("01f", Err(LiteralError::LeadingZero)),
            ("01.5", float(1.5, None)),
            ("0.1f", float(0.1f32 as f64, Some(FloatSuffix::F32))),
            ("0x1.8p3", float(12.0, None)),
            ("0x1p-2f", float(0.25, Some(FloatSuffix::F32))),
            ("0x.8", float(0.5, None)),
            ("0x1.", float(1.0, None)),
            ("0xA.8p0h", float(10.5, Some(FloatSuffix::F16))),
            ("0x1P+4", float(16.0, None)),
            ("1e39f", Err(LiteralError::OutOfRange("f32"))),
            ("1e5h", Err(LiteralError::OutOfRange("f16"))),
            ("1e400", Err(LiteralError::OutOfRange("an abstract float"))),
            ("0x1p99999999999999999999", Err(LiteralError::OutOfRange("an abstract float"))),
            ("1e", Err(LiteralError::Malformed("exponent has no digits"))),
            ("1li", int(1, Some(IntSuffix::I64))),
            ("0xFFFFFFFFFFFFFFFFlu", int(-1, Some(IntSuffix::U64))),
            ("9223372036854775808li", Err(LiteralError::OutOfRange("i64"))),
            ("18446744073709551616lu", Err(LiteralError::OutOfRange("u64"))),
            ("6.0lf", float(6.0, Some(FloatSuffix::F64))),
            ("1lf", float(1.0, Some(FloatSuffix::F64))),
            ("0x1p1lf", float(2.0, Some(FloatSuffix::F64))),
            ("0x1p", Err(LiteralError::Malformed("exponent has no digits"))),
            ("0x", Err(LiteralError::Malformed("missing digits"))),
        ];
        for (text, expected) in cases {
            assert_eq!(&literal_value(text), expected, "{text}");
        }
        // Hex floats with more digits than f64 holds still round correctly.
        assert_eq!(literal_value("0x1.00000000000008p0"), float(1.0, None));
        assert_eq!(literal_value("0x1.000000000000081p0"), float(1.0 + f64::EPSILON, None));
    }

    #[test]
    fn literal_token_kinds_and_extent() {
        let cases: &[(&str, TokenKind)] = &[
            ("1", IntLiteral),
            ("1i", IntLiteral),
            ("0x1Fu", IntLiteral),
            ("1.", FloatLiteral),
            (".5", FloatLiteral),
            ("1e-3", FloatLiteral),
            ("1.5h", FloatLiteral),
            ("1f", FloatLiteral),
            ("0x1.8p3", FloatLiteral),
            ("0x1p-2f", FloatLiteral),
            ("0x1f", IntLiteral),
            ("1li", IntLiteral),
            ("0x1lu", IntLiteral),
            ("2.5lf", FloatLiteral),
            ("2lf", FloatLiteral),
        ];
        for &(text, kind) in cases {
            assert_eq!(kinds(text), vec![kind], "{text}");
        }
        assert_eq!(kinds("1-2"), vec![IntLiteral, Minus, IntLiteral]);
        assert_eq!(kinds("a.x"), vec![Ident, Dot, Ident]);
    }

    #[test]
    fn lexing_errors_have_spans_and_do_not_stop_lexing() {
        let (tokens, diags) = tokenize("let a = 1x; $ let b = 2147483648i; /* open", FileId(0));
        let messages: Vec<_> = diags.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "malformed numeric literal: invalid suffix",
                "unexpected character '$' (U+0024)",
                "numeric literal does not fit in i32",
                "unterminated block comment"
            ]
        );
        assert_eq!(diags.0[0].primary_span().unwrap().range(), 9..10);
        assert_eq!(diags.0[1].primary_span().unwrap().range(), 12..13);
        assert!(tokens.iter().any(|t| t.kind == Error));
        assert_eq!(errors("0x"), ["malformed numeric literal: missing digits"]);
        assert_eq!(errors("007"), ["integer literals cannot have leading zeros"]);
    }

    #[test]
    fn operators_and_punctuation() {
        assert_eq!(
            kinds("-> && || << >> <= >= == != += -= *= /= %= &= |= ^= <<= >>= ++ -- @ ! ~ ^ % . , : ; ( ) [ ] { }"),
            vec![
                Arrow, AndAnd, PipePipe, Shl, Shr, LessEq, GreaterEq, EqEq, BangEq, PlusEq, MinusEq, StarEq, SlashEq,
                PercentEq, AndEq, PipeEq, CaretEq, ShlEq, ShrEq, PlusPlus, MinusMinus, At, Bang, Tilde, Caret, Percent,
                Dot, Comma, Colon, Semicolon, LParen, RParen, LBracket, RBracket, LBrace, RBrace
            ]
        );
    }

    #[test]
    fn comments_and_identifiers() {
        assert_eq!(kinds("a /* x /* nested */ y */ b // c\n d"), vec![Ident, Ident, Ident]);
        assert_eq!(kinds("héllo Δx _a __b _"), vec![Ident, Ident, Ident, Ident, Underscore]);
        assert_eq!(kinds("a\u{2028}b\u{200E}c"), vec![Ident, Ident, Ident]);
        assert_eq!(errors("a /* /* */"), ["unterminated block comment"]);
    }

    #[test]
    fn template_lists_are_discovered() {
        assert_eq!(
            kinds("array<vec3<f32>>"),
            vec![Ident, TemplateStart, Ident, TemplateStart, Ident, TemplateEnd, TemplateEnd]
        );
        assert_eq!(kinds("a < b"), vec![Ident, Less, Ident]);
        assert_eq!(kinds("a<b>c"), vec![Ident, TemplateStart, Ident, TemplateEnd, Ident]);
        assert_eq!(kinds("a << b >> c"), vec![Ident, Shl, Ident, Shr, Ident]);
        assert_eq!(kinds("a <= b > c"), vec![Ident, LessEq, Ident, Greater, Ident]);
        assert_eq!(kinds("(a < b) > c"), vec![LParen, Ident, Less, Ident, RParen, Greater, Ident]);
        assert_eq!(kinds("a < b || c > d"), vec![Ident, Less, Ident, PipePipe, Ident, Greater, Ident]);
        // `x = a<b>=c` closes the list before `=`.
        assert_eq!(kinds("x=vec2<f32>=y"), vec![Ident, Eq, Ident, TemplateStart, Ident, TemplateEnd, Eq, Ident]);
        assert_eq!(kinds("var<storage,read_write>"), vec![Ident, TemplateStart, Ident, Comma, Ident, TemplateEnd]);
        assert_eq!(
            kinds("fn f()->vec4<f32>{}"),
            vec![Ident, Ident, LParen, RParen, Arrow, Ident, TemplateStart, Ident, TemplateEnd, LBrace, RBrace]
        );
        assert_eq!(
            kinds("a<b<c>>=d"),
            vec![Ident, TemplateStart, Ident, TemplateStart, Ident, TemplateEnd, TemplateEnd, Eq, Ident]
        );
    }
}
