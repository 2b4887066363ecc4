//! A pipeline's interface as text, and the differences between two: what hot reload compares.
//!
//! `shader!` generates typed Rust code (binding structs, buffer types, `WORKGROUP_SIZE`) for the
//! interface of one entry point. A shader reloaded at run time may only replace the module when
//! that code still fits, so the macro embeds [`describe`] of the build-time reflection and the
//! runtime compares it with [`describe`] of the new compile through [`changes`]. Both sides call
//! this one function, so every field reflection reports (entry point, stage, workgroup size,
//! each binding's group/number/kind/type/access/layout down to struct members, push constants,
//! override constants, vertex inputs, fragment outputs) is compared, and a field added to
//! reflection is compared without touching this file.
//!
//! The text is one line per leaf value: `item \t path \t value`, where `item` names a binding,
//! push-constant block, override or the entry point the way a user reads it
//! (``binding @group(0) @binding(1)``) and `path` is the field inside it
//! (``buffer.members[pos].offset``; array elements with a name are indexed by it).

use crate::reflect::Reflection;
use serde_json::Value;

/// The interface of entry point `entry` of a reflected module, one line per leaf value.
/// `None` when the module has no entry point of that name.
pub fn describe(reflection: &Reflection, entry: &str) -> Option<String> {
    let ep = reflection.entry_points.iter().find(|ep| ep.name == entry)?;
    let mut lines = Vec::new();
    flatten("entry point", "", &to_value(ep), &mut lines);
    for b in &reflection.bindings {
        flatten(&format!("binding @group({}) @binding({})", b.group, b.binding), "", &to_value(b), &mut lines);
    }
    for (index, pc) in reflection.push_constants.iter().enumerate() {
        flatten(&format!("push constants #{index}"), "", &to_value(pc), &mut lines);
    }
    for sc in &reflection.specialization_constants {
        flatten(&format!("override @id({})", sc.id), "", &to_value(sc), &mut lines);
    }
    Some(lines.iter().map(|(item, path, value)| format!("{item}\t{path}\t{value}\n")).collect())
}

/// How `new` differs from `old` (both [`describe`] texts), one readable sentence per change,
/// in `old`'s order then the additions; empty when they are equal.
pub fn changes(old: &str, new: &str) -> Vec<String> {
    let old = parse(old);
    let new = parse(new);
    let label = |item: &str, lines: &[(&str, &str, &str)]| match lines.iter().find(|(i, p, _)| *i == item && *p == "name") {
        Some((_, _, name)) => format!("{item} `{}`", name.trim_matches('"')),
        None => item.to_string(),
    };
    let has_item = |lines: &[(&str, &str, &str)], item: &str| lines.iter().any(|(i, _, _)| *i == item);
    let mut out: Vec<String> = Vec::new();
    for (item, path, value) in &old {
        if !has_item(&new, item) {
            push_once(&mut out, format!("{} was removed", label(item, &old)));
            continue;
        }
        match new.iter().find(|(i, p, _)| i == item && p == path) {
            Some((_, _, v)) if v == value => {}
            Some((_, _, v)) => out.push(format!("{}: `{path}` is {v}, was {value}", label(item, &old))),
            None => push_once(&mut out, one_side(&label(item, &old), path, &new, item, &format!("(was {value}) is gone"), "is gone")),
        }
    }
    for (item, path, value) in &new {
        if !has_item(&old, item) {
            push_once(&mut out, format!("{} was added", label(item, &new)));
        } else if !old.iter().any(|(i, p, _)| i == item && p == path) {
            push_once(&mut out, one_side(&label(item, &old), path, &old, item, &format!("= {value} is new"), "is new"));
        }
    }
    out
}

fn push_once(out: &mut Vec<String>, line: String) {
    if !out.contains(&line) {
        out.push(line);
    }
}

/// A field only one side has: the whole array element when `other` has none of its fields
/// (`leaf` then `whole` say how).
fn one_side(label: &str, path: &str, other: &[(&str, &str, &str)], item: &str, leaf: &str, whole: &str) -> String {
    match missing_element(item, path, other) {
        element if element == path => format!("{label}: `{path}` {leaf}"),
        element => format!("{label}: `{element}` {whole}"),
    }
}

/// The shortest array element of `path` (`buffer.members[extra]`) of which `other` has no
/// field at all, so a whole member or input added or removed is one change; else `path`.
fn missing_element<'a>(item: &str, path: &'a str, other: &[(&str, &str, &str)]) -> &'a str {
    for (end, _) in path.match_indices(']') {
        let element = &path[..=end];
        if !other.iter().any(|(i, p, _)| *i == item && p.starts_with(element)) {
            return element;
        }
    }
    path
}

fn parse(text: &str) -> Vec<(&str, &str, &str)> {
    text.lines()
        .filter_map(|line| {
            let mut parts = line.splitn(3, '\t');
            Some((parts.next()?, parts.next()?, parts.next()?))
        })
        .collect()
}

fn to_value<T: serde::Serialize>(value: &T) -> Value {
    // Reflection types are plain data: serializing them cannot fail.
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// Leaves of `value` as (item, path, value) lines. Array elements that are objects with a
/// `name` are indexed by the name (a reordering of members is then a change of their offsets,
/// which is what matters), others by position.
fn flatten(item: &str, path: &str, value: &Value, out: &mut Vec<(String, String, String)>) {
    let join = |key: &str| if path.is_empty() { key.to_string() } else { format!("{path}.{key}") };
    match value {
        Value::Object(fields) => {
            for (key, v) in fields {
                flatten(item, &join(key), v, out);
            }
        }
        Value::Array(elements) => {
            if elements.is_empty() {
                out.push((item.to_string(), path.to_string(), "[]".to_string()));
            }
            for (index, element) in elements.iter().enumerate() {
                let key = match element.get("name").and_then(Value::as_str) {
                    Some(name) => format!("{path}[{name}]"),
                    None => format!("{path}[{index}]"),
                };
                flatten(item, &key, element, out);
            }
        }
        leaf => out.push((item.to_string(), path.to_string(), leaf.to_string())),
    }
}
