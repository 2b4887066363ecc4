//! The WGSL front end: current W3C WGSL plus the January 2021 draft syntax.

use crate::diag::Diagnostics;
use crate::ir::Module;
use crate::span::FileId;

/// Parses and lowers a WGSL module. On success also returns warnings.
pub fn translate(source: &str, file: FileId) -> Result<(Module, Diagnostics), Diagnostics> {
    let _ = (source, file);
    Err(crate::diag::Diagnostic::error("the WGSL front end is not written yet", Default::default()).into())
}
