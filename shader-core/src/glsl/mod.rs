//! The GLSL front end: preprocessing (`preprocess`), parsing (`parser` to `ast`) and lowering
//! to the IR.

pub mod ast;
pub mod parse_diagnostics;
pub mod parser;
pub mod preprocess;
pub mod token;
