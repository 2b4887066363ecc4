//! Instructions written as words (SPIR-V 2.3: the word count and opcode, then the operands),
//! straight into the section they belong to: no rspirv `Instruction` and operand vector per
//! instruction (those cost more than the rest of the back end's work on an instruction).
//!
//! Operands are plain words: ids as they are, enumerants as their value, bit masks as their
//! bits, 64-bit literals low word first (SPIR-V 2.2.1); [`inst_string`] writes an
//! instruction with a literal string.

use crate::ir::Module;
use spirv::{Op, Word};

/// Appends instruction `op` whose operands are `head` followed by `operands` (the head is
/// usually the result type and id). Inlined: at most call sites the lengths are constants, and
/// the words are then stored directly.
#[inline]
pub(super) fn inst(words: &mut Vec<Word>, op: Op, head: &[Word], operands: &[Word]) {
    let count = 1 + head.len() + operands.len();
    words.reserve(count);
    words.push((count as u32) << 16 | op as u32);
    push_all(words, head);
    push_all(words, operands);
}

/// Appends instruction `op` whose operands are `before`, the literal string `string`, then
/// `after`.
pub(super) fn inst_string(words: &mut Vec<Word>, op: Op, before: &[Word], string: &str, after: &[Word]) {
    let start = words.len();
    words.reserve(2 + before.len() + string.len() / 4 + after.len());
    words.push(op as u32);
    push_all(words, before);
    literal_string(words, string);
    push_all(words, after);
    words[start] |= ((words.len() - start) as u32) << 16;
}

/// Appends `operands`. Most are a few words long: those are stored directly, without the
/// `memcpy` call that `extend_from_slice` makes for a slice of unknown length (one per slice,
/// empty ones too: 46,514 calls per pass of the WGSL corpus, callgrind, eighteenth session).
#[inline(always)]
fn push_all(words: &mut Vec<Word>, operands: &[Word]) {
    match *operands {
        [] => {}
        [a] => words.push(a),
        [a, b] => words.extend_from_slice(&[a, b]),
        [a, b, c] => words.extend_from_slice(&[a, b, c]),
        [a, b, c, d] => words.extend_from_slice(&[a, b, c, d]),
        _ => words.extend_from_slice(operands),
    }
}

/// A literal string (SPIR-V 2.2.1): UTF-8 bytes in little-endian words, nul-terminated and
/// padded with nuls to a word.
pub(super) fn literal_string(words: &mut Vec<Word>, string: &str) {
    let chunks = string.as_bytes().chunks_exact(4);
    // The last 0 to 3 bytes, then the nuls (a shift rather than a copy: see `push_all`).
    let last = chunks.remainder().iter().rev().fold(0, |word, &byte| word << 8 | u32::from(byte));
    for c in chunks {
        words.push(u32::from_le_bytes([c[0], c[1], c[2], c[3]]));
    }
    words.push(last);
}

/// The sections of the module being written, in the order of SPIR-V 2.4's logical layout
/// (the capabilities, extensions and memory model, known at the end, and the debug names,
/// from the IR's strings, are written with the sections into the output, `mod.rs` `finish`).
#[derive(Default)]
pub(super) struct Sections {
    /// Imports of extended instruction sets named by raw instructions (`GLSL.std.450` is
    /// added at the end, with the capabilities, extensions and memory model, `finish`).
    pub ext_inst_imports: Vec<Word>,
    pub entry_points: Vec<Word>,
    pub execution_modes: Vec<Word>,
    /// `OpString` and `OpSource`.
    pub debug_strings: Vec<Word>,
    pub annotations: Vec<Word>,
    /// Types, constants and global variables, in the order declared.
    pub globals: Vec<Word>,
    pub functions: Vec<Word>,
}

impl Sections {
    /// Empty sections with room for what a module like `module` usually needs (a few words
    /// per expression, type, constant and global), so that they seldom grow while written.
    pub fn sized_for(module: &Module) -> Sections {
        let code = module.functions.iter().map(|(_, f)| f.expressions.len() + 2 * f.locals.len() + 8).sum::<usize>();
        let declared = module.types.len() + module.const_expressions.len() + module.globals.len();
        Sections {
            entry_points: Vec::with_capacity(16 * module.entry_points.len()),
            annotations: Vec::with_capacity(4 * declared + 16),
            globals: Vec::with_capacity(6 * declared + code + 32),
            functions: Vec::with_capacity(6 * code),
            ..Sections::default()
        }
    }
}
