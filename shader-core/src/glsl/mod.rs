//! The GLSL front end: preprocessor, parser, syntax tree and lowering.

pub mod ast;
pub mod parse_diagnostics;
pub mod parser;
pub mod token;
