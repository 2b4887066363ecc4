//! The GLSL front end: preprocessing (this module's `preprocess`), then parsing and lowering
//! to the IR.

pub mod preprocess;
