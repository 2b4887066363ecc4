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
//! The `OpLine`s are written into the function's words before their instruction, naming the
//! file by its index in the source map; the `OpString` ids are allocated last, in
//! [`Writer::finish_lines`], which puts them in place of the indices: so a module with line
//! info is the stripped one plus the `OpString`/`OpSource`/`OpLine`/`OpNoLine` instructions,
//! id for id.

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
    /// Where an `OpLine`'s file operand is in `Sections::functions`, and the file (index in
    /// the source map) whose `OpString` id goes there.
    pub files: Vec<(usize, u32)>,
    /// The first entry of `files` that belongs to the function being written.
    pub function_start: usize,
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
        if !self.f.open || op == Op::Phi || matches!(self.f.last_op, Some(Op::SelectionMerge | Op::LoopMerge)) {
            return;
        }
        let words = &mut self.s.functions;
        match position {
            Some((file, line, column)) => {
                self.lines.in_block = Some((file, line));
                if self.lines.last_file != Some(file) {
                    self.lines.last_file = Some(file);
                    self.lines.used.insert(file);
                }
                // Line 0 (after a `#line 0`) is no line.
                if line != 0 && file_name(debug, file).is_some() {
                    self.lines.files.push((words.len() + 1, file));
                    inst(words, Op::Line, &[file, line, column], &[]);
                } else {
                    inst(words, Op::NoLine, &[], &[]);
                }
            }
            None => {
                self.lines.in_block = None;
                inst(words, Op::NoLine, &[], &[]);
            }
        }
    }

    /// The function just written is done: its `OpLine`s (all after its entry block's label)
    /// moved past the `variables` words of `OpVariable`s put in front of them.
    pub(super) fn finish_function_lines(&mut self, variables: usize) {
        for (at, _) in &mut self.lines.files[self.lines.function_start..] {
            *at += variables;
        }
        self.lines.function_start = self.lines.files.len();
    }

    /// The `OpString`s (ids allocated now, after every other id) and the `OpSource`; the
    /// `OpLine`s get the `OpString` of their file.
    pub(super) fn finish_lines(&mut self) {
        let Some(debug) = self.debug else { return };
        // The main file is named by `OpSource` even when no line points into it.
        self.lines.used.insert(0);
        let mut ids = HashMap::default();
        let mut strings = Vec::new();
        let mut by_name: HashMap<&str, Word> = HashMap::default();
        for &file in &self.lines.used {
            let Some(name) = file_name(debug, file) else { continue };
            let id = match by_name.get(name) {
                Some(&id) => id,
                None => {
                    let id = self.next_id;
                    self.next_id += 1;
                    by_name.insert(name, id);
                    inst_string(&mut strings, Op::String, &[id], name, &[]);
                    id
                }
            };
            ids.insert(file, id);
        }
        let main = ids.get(&0).copied();
        inst(&mut strings, Op::Source, &[debug.language as u32, debug.version], main.as_slice());
        self.s.debug_strings.splice(0..0, strings);
        // `mark_line` wrote an `OpLine` only for a file with a name, which has an id now.
        for &(at, file) in &self.lines.files {
            if let (Some(word), Some(&id)) = (self.s.functions.get_mut(at), ids.get(&file)) {
                *word = id;
            }
        }
    }
}

/// The name `OpString` gives file `file` of an `OpLine`: a source map file's, or past those the
/// file a `#line` names (one `OpString` per name).
fn file_name<'s>(debug: &DebugInfo<'s>, file: u32) -> Option<&'s str> {
    match debug.names.get(file as usize) {
        Some(name) => Some(name),
        None => debug.renumbered.get(file as usize - debug.names.len()).and_then(|r| r.name.as_deref()),
    }
}
