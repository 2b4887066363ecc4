//! Shared spellings: the text of identifiers and tokens, one allocation per distinct spelling.

use crate::hash::FxHashSet;

/// A name or token spelling, shared: a front end makes one per distinct spelling ([`Spellings`]),
/// so lexing, parsing and cloning a name does not allocate (a `String` per WGSL identifier was
/// the parser's largest source of allocations by callgrind, a `String` per GLSL preprocessing
/// token the preprocessor's).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Name(std::sync::Arc<str>);

impl Name {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::borrow::Borrow<str> for Name {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Name {
    fn from(s: &str) -> Name {
        Name(s.into())
    }
}

impl From<String> for Name {
    fn from(s: String) -> Name {
        Name(s.into())
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::fmt::Debug for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&*self.0, f)
    }
}

/// The distinct spellings seen so far: [`Spellings::get`] returns the shared [`Name`] of a
/// text, allocating only the first time the text is seen.
#[derive(Default)]
pub(crate) struct Spellings(FxHashSet<Name>);

impl Spellings {
    /// Room for `n` spellings before the table first grows (each growth rehashes every text).
    pub fn with_capacity(n: usize) -> Spellings {
        Spellings(FxHashSet::with_capacity_and_hasher(n, Default::default()))
    }

    pub fn get(&mut self, text: &str) -> Name {
        if let Some(name) = self.0.get(text) {
            return name.clone();
        }
        let name = Name::from(text);
        self.0.insert(name.clone());
        name
    }
}
