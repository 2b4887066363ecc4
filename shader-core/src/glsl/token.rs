//! Tokens the GLSL preprocessor hands to the parser (defined by the preprocessor).

pub use super::preprocess::{Token, TokenKind};
