//! Tokens the GLSL preprocessor hands to the parser. (Temporary copy: the preprocessor's own
//! definition replaces this module when the two front-end halves are merged.)

use crate::span::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// Identifiers and keywords; the parser decides which words are keywords.
    Ident,
    IntLit,
    FloatLit,
    /// An operator or punctuation; `text` is exactly it, e.g. `"<<="`, `"{"`, `";"`.
    Punct,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub text: String,
    pub span: Span,
}
