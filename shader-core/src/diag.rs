//! Diagnostics: what every front end and the validator report, and the one place that renders
//! them (codespan-reporting) as `file:line:col`, the source line and a caret.

use crate::span::{FileId, SourceMap, Span};
use codespan_reporting::diagnostic as cs;
use codespan_reporting::files::{Error as FilesError, Files};
use codespan_reporting::term;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Warning,
    Error,
}

/// A labelled span: the primary label carries the caret, secondary ones add context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub span: Span,
    pub message: String,
    pub primary: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    pub labels: Vec<Label>,
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error whose caret sits at `span`.
    pub fn error(message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            labels: vec![Label { span, message: String::new(), primary: true }],
            notes: Vec::new(),
        }
    }

    pub fn warning(message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(message, span) }
    }

    /// Text printed under the caret of the primary label.
    pub fn with_label_message(mut self, message: impl Into<String>) -> Diagnostic {
        if let Some(label) = self.labels.iter_mut().find(|l| l.primary) {
            label.message = message.into();
        }
        self
    }

    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label { span, message: message.into(), primary: false });
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The span of the primary label, if any.
    pub fn primary_span(&self) -> Option<Span> {
        self.labels.iter().find(|l| l.primary).map(|l| l.span)
    }

    /// Renders as `error: message`, `--> file:line:col`, the line and a caret.
    pub fn render(&self, sources: &SourceMap) -> String {
        render(std::slice::from_ref(self), sources)
    }
}

/// Everything one compilation reported, in the order it was found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn new() -> Diagnostics {
        Diagnostics::default()
    }

    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.0.push(diagnostic);
    }

    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }

    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    pub fn render(&self, sources: &SourceMap) -> String {
        render(&self.0, sources)
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(diagnostic: Diagnostic) -> Diagnostics {
        Diagnostics(vec![diagnostic])
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

/// Renders diagnostics without colour, one after another.
pub fn render(diagnostics: &[Diagnostic], sources: &SourceMap) -> String {
    let config = term::Config::default();
    let mut out = String::new();
    for diagnostic in diagnostics {
        let severity = match diagnostic.severity {
            Severity::Error => cs::Severity::Error,
            Severity::Warning => cs::Severity::Warning,
        };
        let labels = diagnostic
            .labels
            .iter()
            .filter(|l| (l.span.file.0 as usize) < sources.files().len())
            .map(|l| {
                let style = if l.primary { cs::LabelStyle::Primary } else { cs::LabelStyle::Secondary };
                cs::Label::new(style, l.span.file, clamp(l.span, sources)).with_message(&l.message)
            })
            .collect();
        let rendered = cs::Diagnostic::new(severity)
            .with_message(&diagnostic.message)
            .with_labels(labels)
            .with_notes(diagnostic.notes.clone());
        let mut one = String::new();
        if term::emit_to_string(&mut one, &config, sources, &rendered).is_err() {
            // Only reachable with a span outside its file; still say what went wrong.
            one = format!("error: {}\n", diagnostic.message);
        }
        out.push_str(&window_long_lines(&one));
    }
    out
}

/// Source lines longer than this many characters are shown as a window around the caret.
const MAX_LINE: usize = 160;
/// Characters kept before the first caret of a windowed line.
const BEFORE_CARET: usize = 60;

/// Minified or generated shaders can put a megabyte on one line: codespan prints lines whole,
/// so cut every snippet line (`N │ source` and the caret lines under it) to one window of
/// columns around the carets, marking what was cut with `…`. The `file:line:col` header keeps
/// the real position.
fn window_long_lines(rendered: &str) -> String {
    let lines: Vec<&str> = rendered.split('\n').collect();
    // (gutter end in chars, is a source line) for every snippet line.
    let gutter = |line: &str| -> Option<(usize, bool)> {
        let bar = line.chars().position(|c| c == '│')?;
        let head: String = line.chars().take(bar).collect();
        let head = head.trim();
        let source = !head.is_empty() && head.chars().all(|c| c.is_ascii_digit());
        (head.is_empty() || source).then_some((bar + 2, source))
    };
    let too_long = lines.iter().any(|l| gutter(l).is_some_and(|(g, _)| l.chars().count() > g + MAX_LINE));
    if !too_long {
        return rendered.to_string();
    }
    // The columns (after the gutter) of the carets and dashes under the source lines.
    let mut first: Option<usize> = None;
    for line in &lines {
        if let Some((g, false)) = gutter(line) {
            if let Some(c) = line.chars().skip(g).position(|c| c == '^' || c == '-') {
                first = Some(first.map_or(c, |f: usize| f.min(c)));
            }
        }
    }
    let start = first.unwrap_or(0).saturating_sub(BEFORE_CARET);
    let end = start + MAX_LINE;
    let mut out = Vec::with_capacity(lines.len());
    for line in &lines {
        let Some((g, source)) = gutter(line) else {
            out.push(line.to_string());
            continue;
        };
        let chars: Vec<char> = line.chars().collect();
        let (head, body) = chars.split_at(g.min(chars.len()));
        let mut text: String = head.iter().collect();
        if body.is_empty() {
            out.push(text);
            continue;
        }
        let cut_front = start > 0 && body.len() > start;
        if source {
            text.push(if cut_front { '…' } else { ' ' });
            text.extend(body.iter().skip(start).take(end - start));
            if body.len() > end {
                text.push('…');
            }
        } else {
            // Caret lines keep their label message whole.
            text.push(' ');
            text.extend(body.iter().skip(start));
        }
        out.push(text);
    }
    out.join("\n")
}

/// Keeps a span inside its file and on character boundaries, so rendering cannot fail.
fn clamp(span: Span, sources: &SourceMap) -> std::ops::Range<usize> {
    let text = &sources.get(span.file).text;
    let fix = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let start = fix(span.start as usize);
    start..fix(span.end as usize).max(start)
}

impl<'a> Files<'a> for SourceMap {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, FilesError> {
        self.files().get(id.0 as usize).map(|f| f.name.as_str()).ok_or(FilesError::FileMissing)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, FilesError> {
        self.files().get(id.0 as usize).map(|f| &*f.text).ok_or(FilesError::FileMissing)
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, FilesError> {
        let file = self.files().get(id.0 as usize).ok_or(FilesError::FileMissing)?;
        Ok(match file.line_starts().binary_search(&(byte_index as u32)) {
            Ok(i) => i,
            Err(i) => i - 1,
        })
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<std::ops::Range<usize>, FilesError> {
        let file = self.files().get(id.0 as usize).ok_or(FilesError::FileMissing)?;
        let starts = file.line_starts();
        let start = *starts.get(line_index).ok_or(FilesError::LineTooLarge {
            given: line_index,
            max: starts.len() - 1,
        })? as usize;
        let end = starts.get(line_index + 1).map_or(file.text.len(), |&s| s as usize);
        Ok(start..end)
    }
}

/// The candidate closest to `name` by edit distance, if it is close enough to be a likely typo
/// (at most a third of the name's length, and at least one edit away): for "did you mean" help.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    // One- and two-letter names are too short for an edit to be a likely typo.
    let limit = name.chars().count() / 3;
    if limit == 0 {
        return None;
    }
    candidates
        .into_iter()
        .map(|c| (edit_distance(&name.to_ascii_lowercase(), &c.to_ascii_lowercase()), c))
        .filter(|&(d, _)| d > 0 && d <= limit)
        .min_by_key(|&(d, c)| (d, c))
        .map(|(_, c)| c)
}

/// Levenshtein distance over chars.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb)).min(row[j] + 1).min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::closest;

    /// A diagnostic on a 1 MB line prints a window around the caret, with the real column.
    #[test]
    fn long_line_is_windowed() {
        let mut text = String::from("const a = 1;");
        while text.len() < 500_000 {
            text.push_str(" const b0 = 1;");
        }
        let at = text.len() + 11;
        text.push_str(" const c = nothing;");
        while text.len() < 1_000_000 {
            text.push_str(" const b1 = 2;");
        }
        let sources = crate::span::SourceMap::single("long.wgsl", text);
        let d = super::Diagnostic::error("unknown name `nothing`", crate::span::Span::new(crate::span::FileId(0), at as u32, at as u32 + 7));
        let out = super::render(&[d], &sources);
        assert!(out.len() < 1000, "not windowed ({} bytes):\n{}", out.len(), &out[..out.len().min(2000)]);
        assert!(out.contains(&format!("long.wgsl:1:{}", at + 1)), "{out}");
        let source_line = out.lines().find(|l| l.starts_with("1 │")).expect("the source line");
        let caret_line = out.lines().find(|l| l.contains('^')).expect("the caret line");
        let col = |l: &str, pat: &str| l.find(pat).map(|b| l[..b].chars().count());
        assert_eq!(col(source_line, "nothing"), col(caret_line, "^^^^^^^"), "caret under the name:\n{out}");
        assert!(source_line.contains('…'), "{out}");
    }

    #[test]
    fn suggests_only_near_names() {
        assert_eq!(closest("bindings", ["binding", "set", "location"]), Some("binding"));
        assert_eq!(closest("Binding", ["binding"]), None, "an exact match (ignoring case) is no typo");
        assert_eq!(closest("xyz", ["binding", "set"]), None);
        assert_eq!(closest("locaton", ["location", "local_size_x"]), Some("location"));
    }
}
