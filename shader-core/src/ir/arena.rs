//! Arenas and typed handles: every IR node lives in an [`Arena`] (or, for types, a
//! [`UniqueArena`] that interns) and is referred to by a 4-byte [`Handle`]. Spans live beside
//! the items, not inside them.

use crate::span::Span;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::num::NonZeroU32;

/// An index into an arena of `T`. `Option<Handle<T>>` is 4 bytes.
pub struct Handle<T> {
    index: NonZeroU32,
    marker: PhantomData<fn() -> T>,
}

impl<T> Handle<T> {
    pub fn from_index(index: usize) -> Handle<T> {
        let index = u32::try_from(index + 1).ok().and_then(NonZeroU32::new).expect("arena overflow");
        Handle { index, marker: PhantomData }
    }

    /// Position in the arena, from 0.
    pub fn index(self) -> usize {
        self.index.get() as usize - 1
    }
}

impl<T> Clone for Handle<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Handle<T> {}
impl<T> PartialEq for Handle<T> {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}
impl<T> Eq for Handle<T> {}
impl<T> PartialOrd for Handle<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Handle<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.index.cmp(&other.index)
    }
}
impl<T> Hash for Handle<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.index.hash(state)
    }
}
impl<T> fmt::Debug for Handle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", self.index())
    }
}

/// The capacity an arena starts with at its first item.
pub(crate) const ARENA_START: usize = 16;

/// A growable list of `T` with a span per item. Each item sits beside its span in one vector,
/// so an arena allocates (and grows) one buffer, not two.
#[derive(Clone, Debug)]
pub struct Arena<T> {
    items: Vec<(T, Span)>,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena { items: Vec::new() }
    }
}

impl<T> Arena<T> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn append(&mut self, item: T, span: Span) -> Handle<T> {
        if self.items.capacity() == 0 {
            // Arenas of a module hold tens of items: skip the doublings from 4.
            self.items.reserve(ARENA_START);
        }
        self.items.push((item, span));
        Handle::from_index(self.items.len() - 1)
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn get(&self, handle: Handle<T>) -> Option<&T> {
        self.items.get(handle.index()).map(|(item, _)| item)
    }

    pub fn span(&self, handle: Handle<T>) -> Span {
        self.items.get(handle.index()).map(|&(_, span)| span).unwrap_or_default()
    }

    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Handle<T>, &T)> + '_ {
        self.items.iter().enumerate().map(|(i, (item, _))| (Handle::from_index(i), item))
    }

    pub fn iter_mut(&mut self) -> impl ExactSizeIterator<Item = (Handle<T>, &mut T)> + '_ {
        self.items.iter_mut().enumerate().map(|(i, (item, _))| (Handle::from_index(i), item))
    }

    pub fn handles(&self) -> impl ExactSizeIterator<Item = Handle<T>> {
        (0..self.items.len()).map(Handle::from_index)
    }

    pub fn check(&self, handle: Handle<T>) -> bool {
        handle.index() < self.items.len()
    }
}

impl<T> std::ops::Index<Handle<T>> for Arena<T> {
    type Output = T;
    fn index(&self, handle: Handle<T>) -> &T {
        &self.items[handle.index()].0
    }
}

impl<T> std::ops::IndexMut<Handle<T>> for Arena<T> {
    fn index_mut(&mut self, handle: Handle<T>) -> &mut T {
        &mut self.items[handle.index()].0
    }
}

/// The capacity a [`UniqueArena`] starts with at its first item: a module's type arena holds
/// tens of types (44 on average over the WGSL corpus).
const UNIQUE_START: usize = 64;

/// How many values of a [`UniqueArena`] can have a slot ([`Interned::slot`]).
pub const SLOTS: usize = 64;

/// What a [`UniqueArena`] holds. The values asked for most often may have a slot, a number
/// below [`SLOTS`] of their own: those are found by index, without hashing.
pub trait Interned: Eq + Hash + Clone {
    fn slot(&self) -> Option<usize> {
        None
    }
}

/// An arena that stores each distinct value once: inserting an equal value returns the
/// existing handle. Used for types.
///
/// The lookup table holds handles (with each item's hash), not copies of the items: a new item
/// is hashed once and stored once, and the table grows without hashing anything again. Values
/// with a slot are found through `slots` instead (and are in the table too).
#[derive(Clone, Debug)]
pub struct UniqueArena<T: Interned> {
    items: Vec<(T, Span)>,
    lookup: hashbrown::HashTable<(u64, Handle<T>)>,
    slots: [Option<Handle<T>>; SLOTS],
}

impl<T: Interned> Default for UniqueArena<T> {
    fn default() -> Self {
        UniqueArena { items: Vec::new(), lookup: hashbrown::HashTable::new(), slots: [None; SLOTS] }
    }
}

impl<T: Interned> UniqueArena<T> {
    pub fn new() -> Self {
        Self::default()
    }

    /// The handle of `value`, adding it if it is new. The first insertion's span is kept.
    pub fn insert(&mut self, value: T, span: Span) -> Handle<T> {
        let slot = value.slot();
        if let Some(handle) = slot.and_then(|i| self.slots[i]) {
            return handle;
        }
        let hash = crate::hash::hash_one(&value);
        let items = &self.items;
        if let Some(&(_, handle)) = self.lookup.find(hash, |&(h, handle)| h == hash && items[handle.index()].0 == value) {
            return handle;
        }
        if self.items.capacity() == 0 {
            self.items.reserve(UNIQUE_START);
            self.lookup.reserve(UNIQUE_START, |&(h, _)| h);
        }
        let handle = Handle::from_index(self.items.len());
        self.items.push((value, span));
        self.lookup.insert_unique(hash, (hash, handle), |&(h, _)| h);
        if let Some(i) = slot {
            self.slots[i] = Some(handle);
        }
        handle
    }

    /// Gives a placeholder its final value (GLSL's forward-declared `buffer_reference` blocks,
    /// whose pointer type exists before the block's members do). Later inserts of `value`
    /// return `handle`.
    pub fn replace(&mut self, handle: Handle<T>, value: T) {
        let Some((slot, _)) = self.items.get_mut(handle.index()) else { return };
        let old = std::mem::replace(slot, value);
        // The old value no longer finds `handle`...
        if let Ok(entry) = self.lookup.find_entry(crate::hash::hash_one(&old), |&(_, h)| h == handle) {
            entry.remove();
        }
        if let Some(i) = old.slot().filter(|&i| self.slots[i] == Some(handle)) {
            self.slots[i] = None;
        }
        // ...and the new one finds it, not an equal item elsewhere.
        let items = &self.items;
        let value = &items[handle.index()].0;
        let hash = crate::hash::hash_one(value);
        if let Ok(entry) = self.lookup.find_entry(hash, |&(h, other)| h == hash && items[other.index()].0 == *value) {
            entry.remove();
        }
        self.lookup.insert_unique(hash, (hash, handle), |&(h, _)| h);
        if let Some(i) = value.slot() {
            self.slots[i] = Some(handle);
        }
    }

    /// The item with slot `i` ([`Interned::slot`]), when there is one.
    #[inline]
    pub fn in_slot(&self, i: usize) -> Option<Handle<T>> {
        self.slots.get(i).copied().flatten()
    }

    pub fn find(&self, value: &T) -> Option<Handle<T>> {
        let hash = crate::hash::hash_one(value);
        self.lookup.find(hash, |&(h, handle)| h == hash && self.items[handle.index()].0 == *value).map(|&(_, handle)| handle)
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn get(&self, handle: Handle<T>) -> Option<&T> {
        self.items.get(handle.index()).map(|(item, _)| item)
    }

    pub fn span(&self, handle: Handle<T>) -> Span {
        self.items.get(handle.index()).map(|&(_, span)| span).unwrap_or_default()
    }

    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Handle<T>, &T)> + '_ {
        self.items.iter().enumerate().map(|(i, (item, _))| (Handle::from_index(i), item))
    }

    pub fn check(&self, handle: Handle<T>) -> bool {
        handle.index() < self.items.len()
    }
}

impl<T: Interned> std::ops::Index<Handle<T>> for UniqueArena<T> {
    type Output = T;
    fn index(&self, handle: Handle<T>) -> &T {
        &self.items[handle.index()].0
    }
}

// Text form (`ir::text`): a handle is its index, an arena the list of its items. Spans are not
// part of the text; parsed items get the default span.

impl<T> serde::Serialize for Handle<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u32(self.index() as u32)
    }
}

impl<'de, T> serde::Deserialize<'de> for Handle<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let index = u32::deserialize(deserializer)?;
        if index == u32::MAX {
            return Err(serde::de::Error::custom("handle index out of range"));
        }
        Ok(Handle::from_index(index as usize))
    }
}

impl<T: serde::Serialize> serde::Serialize for Arena<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.items.iter().map(|(item, _)| item))
    }
}

impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Arena<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let items = Vec::<T>::deserialize(deserializer)?;
        Ok(Arena { items: items.into_iter().map(|item| (item, Span::default())).collect() })
    }
}

impl<T: Interned + serde::Serialize> serde::Serialize for UniqueArena<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.items.iter().map(|(item, _)| item))
    }
}

/// Items are kept in the order written, so handles in the text stay valid; a repeated item
/// (only in hand-written text) keeps its place and later lookups find the first copy.
impl<'de, T: Interned + serde::Deserialize<'de>> serde::Deserialize<'de> for UniqueArena<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let items = Vec::<T>::deserialize(deserializer)?;
        let mut arena = UniqueArena::default();
        for item in items {
            let hash = crate::hash::hash_one(&item);
            let handle = Handle::from_index(arena.items.len());
            let known = arena.lookup.find(hash, |&(h, other)| h == hash && arena.items[other.index()].0 == item).is_some();
            if !known {
                arena.lookup.insert_unique(hash, (hash, handle), |&(h, _)| h);
                if let Some(i) = item.slot() {
                    arena.slots[i] = Some(handle);
                }
            }
            arena.items.push((item, Span::default()));
        }
        Ok(arena)
    }
}
