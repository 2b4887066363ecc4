//! Hash maps for the compiler's internal tables. They hash small keys (handles, interned types,
//! names) all the time; rustc's Fx hash is several times cheaper than SipHash there, and
//! profiles of WGSL compilation showed SipHash at over a tenth of the time.

pub type FxHashMap<K, V> = rustc_hash::FxHashMap<K, V>;
pub type FxHashSet<K> = rustc_hash::FxHashSet<K>;

/// The Fx hash of one value, for tables that keep hashes beside their entries.
pub fn hash_one<T: std::hash::Hash + ?Sized>(value: &T) -> u64 {
    use std::hash::BuildHasher;
    rustc_hash::FxBuildHasher.hash_one(value)
}
