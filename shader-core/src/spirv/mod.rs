//! The SPIR-V back end: validated IR in, SPIR-V words out (via rspirv).

use crate::diag::Diagnostics;
use crate::ir::validate::ModuleInfo;
use crate::ir::Module;

#[derive(Clone, Debug)]
pub struct Options {
    /// `(1, 0)` to `(1, 6)`.
    pub version: (u8, u8),
    /// Emit `OpName`/`OpMemberName` for debugging.
    pub debug_names: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { version: (1, 0), debug_names: true }
    }
}

/// Emits a validated module. Fails only for IR the back end cannot express.
pub fn emit(module: &Module, info: &ModuleInfo, options: &Options) -> Result<Vec<u32>, Diagnostics> {
    let _ = (module, info, options);
    Err(crate::diag::Diagnostic::error("the SPIR-V back end is not written yet", Default::default()).into())
}
