//! Shader diagnostics as Rust compile errors: each one is placed on the string literal (or
//! the `path` token) and its message shows the shader line and a caret.
//!
//! A stable proc macro cannot point a span inside a literal (`Literal::subspan` is unstable),
//! so rustc underlines the whole literal and prints its location; the message then shows only
//! the offending line, numbered as in the Rust file, with the caret: one location, not two. A
//! shader in its own file (`path`) gets a `--> file:line:col` line, since rustc's location is
//! the `path` token. Notes starting with `help: ` become `= help:` lines.
//!
//! rust-analyzer runs the macro with spans that have no file name and whose line numbers are
//! not the file's (its proc-macro server does not report real positions), so when the literal's
//! span has no file the lines are numbered within the shader source and say so.

use proc_macro2::Span;
use shader_core::diag::{Diagnostic, Severity};
use shader_core::span::SourceMap;
use std::path::Path;

/// Where the shader's main file (FileId 0) sits: in a Rust string literal, or in its own file.
pub enum Origin {
    Literal(LiteralMap),
    File { display: String },
}

/// A string literal's position in the Rust file and the map from value bytes to token bytes.
pub struct LiteralMap {
    rust_file: String,
    /// 1-based line and 0-based column (characters) of the literal's first character.
    line: usize,
    column: usize,
    /// The literal's token text (`r#"..."#` or `"..."`).
    token: String,
    /// For each byte of the value (and one past the end), its offset in `token`.
    value_to_token: Vec<usize>,
}

impl LiteralMap {
    pub fn new(lit: &syn::LitStr) -> LiteralMap {
        let span = lit.span();
        let token = lit.token().to_string();
        let start = span.start();
        let rust_file = span.file();
        let value_to_token = map_value(&token, &lit.value());
        LiteralMap { rust_file, line: start.line, column: start.column, token, value_to_token }
    }

    /// The Rust file position of byte `offset` of the value, and the Rust line's text as far
    /// as the literal shows it.
    fn locate(&self, offset: usize) -> (usize, usize, String) {
        let in_token = self.value_to_token.get(offset).or(self.value_to_token.last()).copied().unwrap_or(0);
        let before = &self.token[..in_token.min(self.token.len())];
        let newlines = before.matches('\n').count();
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column_in_line = before[line_start..].chars().count();
        let (column, prefix) = if newlines == 0 {
            (self.column + column_in_line, " ".repeat(self.column))
        } else {
            (column_in_line, String::new())
        };
        let line_end = self.token[line_start..].find('\n').map_or(self.token.len(), |i| line_start + i);
        let text = format!("{prefix}{}", &self.token[line_start..line_end]);
        (self.line + newlines, column + 1, text)
    }
}

/// Maps each byte of a string literal's value to its offset in the token text, following
/// escapes (Rust reference §"String literals"). Raw strings map one to one.
fn map_value(token: &str, value: &str) -> Vec<usize> {
    let bytes = token.as_bytes();
    if token.starts_with('r') {
        let start = token.find('"').map_or(0, |i| i + 1);
        return (0..=value.len()).map(|i| start + i).collect();
    }
    let mut map = Vec::with_capacity(value.len() + 1);
    let mut i = token.find('"').map_or(0, |i| i + 1);
    let end = token.len().saturating_sub(1);
    while i < end {
        if bytes[i] == b'\\' && i + 1 < end {
            let escape = bytes[i + 1];
            match escape {
                // Line continuation: the newline and leading whitespace vanish.
                b'\n' | b'\r' => {
                    i += 2;
                    while i < end && (bytes[i] as char).is_ascii_whitespace() {
                        i += 1;
                    }
                }
                b'u' => {
                    let close = token[i..].find('}').map_or(end, |j| i + j + 1);
                    let ch = token[i..close]
                        .trim_start_matches("\\u{")
                        .trim_end_matches('}')
                        .replace('_', "");
                    let len = u32::from_str_radix(&ch, 16).ok().and_then(char::from_u32).map_or(1, char::len_utf8);
                    map.extend(std::iter::repeat_n(i, len));
                    i = close;
                }
                b'x' => {
                    map.push(i);
                    i += 4;
                }
                _ => {
                    map.push(i);
                    i += 2;
                }
            }
        } else {
            let ch_len = token[i..].chars().next().map_or(1, char::len_utf8);
            map.extend(std::iter::repeat_n(i, ch_len).enumerate().map(|(k, at)| at + k));
            i += ch_len;
        }
    }
    map.push(end);
    map
}

/// One `syn::Error` per error diagnostic, each on `span`, all combined. File names under the
/// crate folder `base` are shown relative to it.
pub fn to_errors(diagnostics: &[Diagnostic], sources: &SourceMap, origin: &Origin, span: Span, base: &Path) -> Option<syn::Error> {
    let mut errors: Option<syn::Error> = None;
    for diagnostic in diagnostics.iter().filter(|d| d.severity == Severity::Error) {
        let error = syn::Error::new(span, relative_to(&render(diagnostic, sources, origin), base));
        match &mut errors {
            Some(all) => all.combine(error),
            None => errors = Some(error),
        }
    }
    errors
}

/// `text` with the crate folder `base` taken off the file names in it: the compiler reads
/// imported modules and included files by full path (rustc's working directory is not the
/// crate's), and a message should name them as the user wrote them, relative to the crate.
pub fn relative_to(text: &str, base: &Path) -> String {
    let prefix = format!("{}{}", base.display(), std::path::MAIN_SEPARATOR);
    text.replace(&prefix, "")
}

/// Renders like rustc: the message, the line and a caret (with `--> file:line:col` for a shader
/// in its own file or an included one), then notes and helps.
pub fn render(diagnostic: &Diagnostic, sources: &SourceMap, origin: &Origin) -> String {
    let mut out = diagnostic.message.clone();
    let mut labels: Vec<_> = diagnostic.labels.iter().collect();
    labels.sort_by_key(|l| !l.primary);
    for label in labels {
        // `Span::default()`: a diagnostic about the whole shader (e.g. its stage), no line.
        if label.span == shader_core::span::Span::default() {
            continue;
        }
        let Some(file) = sources.files().get(label.span.file.0 as usize) else { continue };
        // `location` is `None` where rustc's own location (the literal) already names the file.
        let (location, line, column, text) = match origin {
            Origin::Literal(map) if label.span.file.0 == 0 && !map.rust_file.is_empty() => {
                let (line, column, text) = map.locate(label.span.start as usize);
                (None, line, column, text)
            }
            _ => {
                let (line, column) = file.line_col(label.span.start.min(file.text.len() as u32));
                let text = file.text.lines().nth(line as usize - 1).unwrap_or("").to_string();
                let location = match origin {
                    Origin::File { display } if label.span.file.0 == 0 => format!("{display}:{line}:{column}"),
                    // rust-analyzer: no file name and no real line numbers for the literal.
                    Origin::Literal(_) if label.span.file.0 == 0 => format!("line {line}, column {column} of the shader source"),
                    _ => format!("{}:{line}:{column}", file.name),
                };
                (Some(location), line as usize, column as usize, text)
            }
        };
        let text = text.trim_end();
        let gutter = " ".repeat(line.to_string().len());
        let width = file
            .text
            .get(label.span.range())
            .map_or(1, |s| s.lines().next().unwrap_or("").chars().count())
            .clamp(1, text.chars().count().saturating_sub(column - 1).max(1));
        let marker = if label.primary { "^" } else { "-" };
        match location {
            Some(location) => out.push_str(&format!("\n{gutter}--> {location}\n{gutter} |\n{line} | {text}\n{gutter} | ")),
            None => out.push_str(&format!("\n{gutter} |\n{line} | {text}\n{gutter} | ")),
        }
        out.push_str(&" ".repeat(column - 1));
        out.push_str(&marker.repeat(width));
        if !label.message.is_empty() {
            out.push(' ');
            out.push_str(&label.message);
        }
    }
    for note in &diagnostic.notes {
        match note.strip_prefix("help: ") {
            Some(help) => out.push_str(&format!("\n = help: {help}")),
            None => out.push_str(&format!("\n = note: {note}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::map_value;

    #[test]
    fn escapes_map_to_their_token_bytes() {
        // value "a\nb" from token "\"a\\nb\"": a at 1, \n at 2, b at 4, end at 5.
        assert_eq!(map_value("\"a\\nb\"", "a\nb"), vec![1, 2, 4, 5]);
        assert_eq!(map_value("r#\"ab\"#", "ab"), vec![3, 4, 5]);
        assert_eq!(map_value("\"é\"", "é"), vec![1, 2, 3]);
    }
}
