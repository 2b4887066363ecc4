//! Source-line debug info (SPIR-V 2.4 section 7a and 3.42.2): one `OpString` per source file the
//! code comes from (named as read, or relative to `CompileOptions::source_root`), an `OpSource`
//! naming the language and the main file, and an `OpLine` before the first instruction of each
//! statement that starts on another line than the code before it in the same block (an `OpLine`
//! holds until the end of its block).
//! Code the front ends made up (no span) gets `OpNoLine`. The CPU device's sanitizer names the
//! source line of a finding from these; GPU debuggers such as RenderDoc show them.
//!
//! Cost: two comparisons per instruction; the line and column are computed once per statement
//! (`SourceFile::line_col`: the file's line starts are indexed on first use, as for
//! diagnostics; counting newlines from the previous statement instead cost as much, since
//! statement spans jump back and forth).
//!
//! Placement rules kept: no `OpLine` between a merge instruction and its branch (SPIR-V 2.11:
//! the merge must be the second-to-last instruction), none before `OpPhi`s, and none outside
//! function bodies (naga's SPIR-V front end reads `OpLine` only inside functions).
//!
//! The `OpLine`s are no rspirv instructions (an operand vector each cost more than the rest of
//! the line info): [`Mark`]s record where they go, and [`assemble_function`] writes their words
//! between the instructions. The `OpString` ids are allocated last, in
//! [`Writer::finish_lines`]: so a module with line info is the stripped one plus the
//! `OpString`/`OpSource`/`OpLine`/`OpNoLine` instructions, id for id.

use super::*;
use crate::span::{Renumbering, SourceFile, SourceMap};

/// What [`emit_with_lines`] needs to write source lines: the files the module's spans point
/// into, the names `OpString` gives them (by index in the source map;
/// `CompileOptions::debug_name`) and the language for `OpSource`.
#[derive(Clone, Copy, Debug)]
pub struct DebugInfo<'s> {
    pub sources: &'s SourceMap,
    pub names: &'s [String],
    /// GLSL `#line`s: an `OpLine` names the line (and file) they give, as glslang -g does.
    pub renumbered: &'s [Renumbering],
    /// `OpSource`'s language: GLSL or ESSL for GLSL sources; `Unknown` for WGSL and AGSL
    /// (SPIR-V's `WGSL` value is too new for the spirv-val of Vulkan SDKs in use).
    pub language: spirv::SourceLanguage,
    /// `OpSource`'s version: the `#version` of GLSL, 0 otherwise.
    pub version: u32,
}

/// The column an `OpLine` gives code starting at byte `start` (column `column`) on `line` of
/// `file`: the column of the statement it is part of when the line starts with that statement,
/// else its own. The IR's expression statements (`Emit`) start at their expression, so the
/// first code of `uint i = f(x);` or `out[i] = v;` is the initializer or the index: when the
/// code before it on the line ends no statement and opens or closes no block (no `;`, `{`,
/// `}`), the line's first code is where the statement starts. (A `for`'s condition after
/// `for (init;` keeps its own column.)
fn statement_column(file: &SourceFile, line: u32, start: u32, column: u32) -> u32 {
    let Some(&line_start) = file.line_starts().get(line as usize - 1) else { return column };
    let Some(before) = file.text.get(line_start as usize..start as usize) else { return column };
    let code = before.trim_start();
    if code.is_empty() || code.contains([';', '{', '}']) {
        return column;
    }
    before[..before.len() - code.len()].chars().count() as u32 + 1
}

/// An `OpLine` (or, with `line` 0, an `OpNoLine`) before instruction `at` of block `block` of a
/// function; `file` is the index in the source map.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mark {
    pub block: u32,
    pub at: u32,
    pub file: u32,
    pub line: u32,
    pub column: u32,
}

/// Writes `function` as rspirv's `Function::assemble_into` does, with the words of `marks` (in
/// order) before their instructions; `ids` gives the `OpString` of each file.
pub(super) fn assemble_function(function: &dr::Function, marks: &[Mark], ids: &HashMap<u32, Word>, words: &mut Vec<u32>) {
    use rspirv::binary::Assemble;
    if let Some(def) = &function.def {
        def.assemble_into(words);
    }
    for parameter in &function.parameters {
        parameter.assemble_into(words);
    }
    let mut marks = marks.iter().peekable();
    for (b, block) in function.blocks.iter().enumerate() {
        if let Some(label) = &block.label {
            label.assemble_into(words);
        }
        for (k, inst) in block.instructions.iter().enumerate() {
            while let Some(mark) = marks.next_if(|m| (m.block, m.at) == (b as u32, k as u32)) {
                match ids.get(&mark.file) {
                    Some(&file) if mark.line != 0 => words.extend([4 << 16 | Op::Line as u32, file, mark.line, mark.column]),
                    _ => words.push(1 << 16 | Op::NoLine as u32),
                }
            }
            inst.assemble_into(words);
        }
    }
    if let Some(end) = &function.end {
        end.assemble_into(words);
    }
}

/// Per-module state of the line info.
#[derive(Default)]
pub(super) struct Lines {
    /// Files an `OpLine` refers to, by index in the source map.
    pub used: BTreeSet<u32>,
    /// The last span looked up and its (file, line, column): statements write several
    /// instructions each.
    pub cached: Option<(Span, u32, u32, u32)>,
    /// The (file, line) in force in the open block.
    pub in_block: Option<(u32, u32)>,
    /// The file of the last `OpLine` (already in `used`).
    pub last_file: Option<u32>,
    /// The marks of the function being written, then of every function written, in
    /// `module.functions` order.
    pub marks: Vec<Mark>,
    pub functions: Vec<Vec<Mark>>,
}

impl<'a> Writer<'a> {
    /// Before instruction `op` goes into the open block: an `OpLine` when the statement being
    /// written starts on another line than what the block holds, `OpNoLine` for code without a
    /// source position after code with one.
    pub(super) fn mark_line(&mut self, op: Op) {
        let Some(debug) = self.debug else { return };
        // Outside any statement (a function's implicit return) there is no source position.
        let span = if self.f.depth == 0 { Span::default() } else { self.span };
        let position = match self.lines.cached {
            Some((cached, file, line, column)) if cached == span => Some((file, line, column)),
            _ if span == Span::default() => None,
            _ => {
                let position = debug.sources.files().get(span.file.0 as usize).map(|file| {
                    let (line, column) = file.line_col(span.start);
                    let column = statement_column(file, line, span.start, column);
                    // After a `#line`: its line, and its file name (past the source map's files).
                    match Renumbering::at(debug.renumbered.iter(), span) {
                        Some(at) => {
                            let named = at.name.as_ref().and_then(|_| debug.renumbered.iter().position(|r| std::ptr::eq(r, at)));
                            let file = named.map_or(span.file.0, |k| (debug.names.len() + k) as u32);
                            (file, at.line_of(line), column)
                        }
                        None => (span.file.0, line, column),
                    }
                });
                if let Some((file, line, column)) = position {
                    self.lines.cached = Some((span, file, line, column));
                }
                position
            }
        };
        let changed = match position {
            Some((file, line, _)) => self.lines.in_block != Some((file, line)),
            None => self.lines.in_block.is_some(),
        };
        if !changed {
            return;
        }
        let Some(block) = &self.f.current else { return };
        if op == Op::Phi || block.instructions.last().is_some_and(|i| matches!(i.class.opcode, Op::SelectionMerge | Op::LoopMerge)) {
            return;
        }
        // The open block becomes block `blocks.len()` when it ends.
        let (block, at) = (self.f.blocks.len() as u32, block.instructions.len() as u32);
        let mark = match position {
            Some((file, line, column)) => {
                self.lines.in_block = Some((file, line));
                if self.lines.last_file != Some(file) {
                    self.lines.last_file = Some(file);
                    self.lines.used.insert(file);
                }
                Mark { block, at, file, line, column }
            }
            None => {
                self.lines.in_block = None;
                Mark { block, at, file: 0, line: 0, column: 0 }
            }
        };
        self.lines.marks.push(mark);
    }

    /// The function just written is done: its marks, those of the first block moved past the
    /// `variables` `OpVariable`s put in front of it.
    pub(super) fn finish_function_lines(&mut self, variables: usize) {
        if self.debug.is_none() {
            return;
        }
        let mut marks = std::mem::take(&mut self.lines.marks);
        for mark in marks.iter_mut().take_while(|m| m.block == 0) {
            mark.at += variables as u32;
        }
        self.lines.functions.push(marks);
    }

    /// The `OpString`s (ids allocated now, after every other id) and the `OpSource`; the
    /// `OpString` of each file for the `OpLine`s.
    pub(super) fn finish_lines(&mut self) -> HashMap<u32, Word> {
        let Some(debug) = self.debug else { return HashMap::default() };
        // The main file is named by `OpSource` even when no line points into it.
        self.lines.used.insert(0);
        let mut ids = HashMap::default();
        let mut strings = Vec::new();
        let mut by_name: HashMap<&str, Word> = HashMap::default();
        for &file in &self.lines.used {
            // Past the source map's files: the file a `#line` names (one `OpString` per name).
            let name = match debug.names.get(file as usize) {
                Some(name) => name,
                None => match debug.renumbered.get(file as usize - debug.names.len()).and_then(|r| r.name.as_ref()) {
                    Some(name) => name,
                    None => continue,
                },
            };
            let id = match by_name.get(name.as_str()) {
                Some(&id) => id,
                None => {
                    let id = self.b.id();
                    by_name.insert(name, id);
                    strings.push(dr::Instruction::new(Op::String, None, Some(id), vec![Operand::LiteralString(name.clone())]));
                    id
                }
            };
            ids.insert(file, id);
        }
        let mut source = vec![Operand::SourceLanguage(debug.language), Operand::LiteralBit32(debug.version)];
        source.extend(ids.get(&0).map(|&id| Operand::IdRef(id)));
        strings.push(dr::Instruction::new(Op::Source, None, None, source));
        self.b.module_mut().debug_string_source.splice(0..0, strings);
        ids
    }
}
