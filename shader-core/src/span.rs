//! Source positions: byte spans into one of the files of a [`SourceMap`].

use std::ops::Range;

/// Identifies one source file inside a [`SourceMap`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// A byte range in one source file. `Span::default()` is "no position".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub const fn new(file: FileId, start: u32, end: u32) -> Span {
        Span { file, start, end }
    }

    /// The smallest span covering both; `self`'s file wins.
    pub fn to(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

/// One source file: its display name and text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    /// Shared: the GLSL preprocessor's `<predefined>` file is the same text in every compile
    /// (copying it was about 1% of compiling a small shader).
    pub text: std::sync::Arc<str>,
    /// Byte offsets of the line starts, computed on first use: only diagnostics need them,
    /// and indexing every file (and the `<predefined>` one) cost ~5% of a GLSL compile.
    line_starts: std::sync::OnceLock<Vec<u32>>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<std::sync::Arc<str>>) -> SourceFile {
        SourceFile { name: name.into(), text: text.into(), line_starts: std::sync::OnceLock::new() }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let line = match self.line_starts().binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.line_starts()[line] as usize;
        let end = (offset as usize).min(self.text.len());
        let col = self.text.get(start..end).map_or(end - start, |s| s.chars().count());
        (line as u32 + 1, col as u32 + 1)
    }

    pub fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            std::iter::once(0).chain(self.text.match_indices('\n').map(|(i, _)| i as u32 + 1)).collect()
        })
    }
}

/// A renumbering of lines (GLSL `#line`): from byte `offset` of `file` on (the start of the line
/// after the directive), physical line `physical_line` is presumed to be line `line`, of the file
/// named `name` (`#line N "name"`; `None`: the file itself). Diagnostics and the SPIR-V line info
/// read positions through these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renumbering {
    pub file: FileId,
    pub offset: u32,
    pub physical_line: u32,
    pub line: u32,
    pub name: Option<String>,
}

impl Renumbering {
    /// The renumbering in force at `span`: the last one of its file before it.
    pub fn at<'a>(mut list: impl DoubleEndedIterator<Item = &'a Renumbering>, span: Span) -> Option<&'a Renumbering> {
        list.rfind(|r| r.file == span.file && r.offset <= span.start)
    }

    /// The presumed line of physical line `physical` (at or after this renumbering).
    pub fn line_of(&self, physical: u32) -> u32 {
        (i64::from(self.line) + i64::from(physical) - i64::from(self.physical_line)).clamp(0, i64::from(u32::MAX)) as u32
    }
}

/// Every file one compilation read: the main source and whatever it included.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// A map holding just one file, which gets `FileId(0)`.
    pub fn single(name: impl Into<String>, text: impl Into<std::sync::Arc<str>>) -> SourceMap {
        let mut map = SourceMap::new();
        map.add(name, text);
        map
    }

    pub fn add(&mut self, name: impl Into<String>, text: impl Into<std::sync::Arc<str>>) -> FileId {
        self.files.push(SourceFile::new(name, text));
        FileId(self.files.len() as u32 - 1)
    }

    pub fn get(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }

    /// The text a span covers.
    pub fn slice(&self, span: Span) -> &str {
        self.get(span.file).text.get(span.range()).unwrap_or("")
    }
}
