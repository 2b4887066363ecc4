//! Hash maps for the compiler's internal tables. They hash small keys (handles, interned types,
//! names) all the time; rustc's Fx hash is several times cheaper than SipHash there, and
//! profiles of WGSL compilation showed SipHash at over a tenth of the time.

pub type FxHashMap<K, V> = rustc_hash::FxHashMap<K, V>;
pub type FxHashSet<K> = rustc_hash::FxHashSet<K>;
