//! The interner: every distinct canonical form is stored once and named by a `u32` id, so
//! equality of games is equality of ids and caches can key on pairs of ids.
//!
//! Thread safety without a global lock on reads: nodes live in an append-only table of
//! chunks that never move (chunk `k` holds `1024·2^k` slots), each slot written once; a
//! reader holding an id reads its node with no lock at all. Writers take one of 64 shard
//! locks of the dedup map (chosen by the key's hash), so two threads interning the same form
//! agree on one id, and threads interning different forms rarely wait for each other.
//!
//! Values `x + n·↑ + *m` are keyed by those coordinates ([`Nui`]) and get their options only
//! when asked, so the integer 2^40 or `Game::nimber(100000)` is one node, not a chain of them.

use super::nui::Nui;
use crate::numeric::dyadic::Dyadic;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock};

/// A short partizan game in canonical form: an interned id. `Ord` orders ids (for sorting
/// and maps), not values; compare games with `Game::compare` or `Game::le`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Game(pub(super) u32);

/// A game's canonical left and right options (sorted by id).
pub(super) type Options = (Box<[Game]>, Box<[Game]>);

pub(super) struct Node {
    /// Set when the game is `x + n·↑ + *m`.
    pub nui: Option<Nui>,
    /// (left stop, right stop) of a form node with options on both sides, read off its
    /// options when it is interned: `≤` between forms rejects (or accepts) most pairs by
    /// their stops alone ([`stops`]), without a cache lookup.
    stops: Option<(Dyadic, Dyadic)>,
    options: OnceLock<Options>,
    pub neg: OnceLock<Game>,
    /// `(root, m)`, `m ≥ 1`, once this game is known to be `root + *m`: set by the sum that
    /// built it from a form and a nimber. Two games with one root and different `m` differ by
    /// the nonzero nimber `*(m ⊕ m')`, so neither is `≤` the other, which `le` answers at once
    /// (a sum with `*m` has `m` such options a side, compared pairwise when simplified).
    /// Unset when not known; the first sum to build a game sets it. Invariant: `root` has a
    /// smaller id than the game, so following roots ends ([`nim_root`]).
    pub nim_root: OnceLock<(Game, u32)>,
}

#[derive(PartialEq, Eq, Hash)]
enum Key {
    Nui(Nui),
    Form(Box<[Game]>, Box<[Game]>),
}

/// A fast multiplicative hasher for small integer keys (ids, pairs of ids).
#[derive(Default, Clone, Copy)]
pub(super) struct IdHasher(u64);

impl Hasher for IdHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    /// The product's high bits are its best mixed; folding them down gives the low bits
    /// (a hash map's bucket index) the same quality.
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}

pub(super) type IdMap<K, V> = HashMap<K, V, BuildHasherDefault<IdHasher>>;

const SHARDS: usize = 64;

/// A concurrent map: 64 independently locked hash maps. Locks are held only for one lookup
/// or insert, never across a recursive call, so no lock order can deadlock.
pub(super) struct ShardedMap<K, V> {
    shards: [Mutex<IdMap<K, V>>; SHARDS],
}

impl<K: Hash + Eq, V: Copy> ShardedMap<K, V> {
    pub fn new() -> ShardedMap<K, V> {
        ShardedMap {
            shards: std::array::from_fn(|_| Mutex::new(IdMap::default())),
        }
    }

    /// The shard is chosen by hash bits 50–55, not the top 7: the shard's own map files keys
    /// by those top bits (its control bytes), and if every key of a shard shared them, each
    /// lookup would compare against most of its probe group.
    fn shard(&self, key: &K) -> &Mutex<IdMap<K, V>> {
        let mut h = IdHasher::default();
        key.hash(&mut h);
        &self.shards[(h.finish() >> 50) as usize % SHARDS]
    }

    pub fn get(&self, key: &K) -> Option<V> {
        lock(self.shard(key)).get(key).copied()
    }

    pub fn insert(&self, key: K, value: V) {
        lock(self.shard(&key)).insert(key, value);
    }

    /// The value stored under `key`, or `make()` stored and returned; `make` runs under the
    /// shard lock, so it must not touch this map.
    fn get_or_insert_with(&self, key: K, make: impl FnOnce() -> V) -> V {
        let mut shard = lock(self.shard(&key));
        *shard.entry(key).or_insert_with(make)
    }
}

/// A poisoned lock only means another thread panicked mid-insert of a complete entry; the
/// maps hold no partial state, so carry on.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

const FIRST_CHUNK: usize = 1024;
const CHUNKS: usize = 32;

struct Table {
    chunks: [OnceLock<Box<[OnceLock<Node>]>>; CHUNKS],
    next: AtomicU32,
    dedup: OnceLock<ShardedMap<Key, Game>>,
}

static TABLE: Table = Table {
    chunks: [const { OnceLock::new() }; CHUNKS],
    next: AtomicU32::new(0),
    dedup: OnceLock::new(),
};

/// (chunk, offset) of an id: chunk `k` covers ids `1024·(2^k − 1) .. 1024·(2^(k+1) − 1)`.
fn place(id: u32) -> (usize, usize) {
    let v = id as usize / FIRST_CHUNK + 1;
    let k = (usize::BITS - 1 - v.leading_zeros()) as usize;
    (k, id as usize - FIRST_CHUNK * ((1 << k) - 1))
}

fn slot(id: u32) -> &'static OnceLock<Node> {
    let (k, offset) = place(id);
    let chunk = TABLE.chunks[k].get_or_init(|| {
        (0..FIRST_CHUNK << k)
            .map(|_| OnceLock::new())
            .collect::<Vec<_>>()
            .into_boxed_slice()
    });
    &chunk[offset]
}

fn intern(key: Key) -> Game {
    let dedup = TABLE.dedup.get_or_init(ShardedMap::new);
    if let Some(known) = dedup.get(&key) {
        return known;
    }
    let nui = match &key {
        Key::Nui(v) => Some(*v),
        Key::Form(..) => None,
    };
    let options = match &key {
        Key::Form(l, r) => Some((l.clone(), r.clone())),
        Key::Nui(_) => None,
    };
    // A canonical form that is not `x + n·↑ + *m` is not a number, so its left stop is the
    // best right stop of its left options, and dually.
    let form_stops = match &key {
        Key::Form(l, r) => {
            let left = extreme_stop(l, |s| s.1, Dyadic::max);
            let right = extreme_stop(r, |s| s.0, Dyadic::min);
            left.zip(right)
        }
        Key::Nui(_) => None,
    };
    dedup.get_or_insert_with(key, || {
        let id = TABLE.next.fetch_add(1, Ordering::Relaxed);
        // 4·10^9 nodes would need terabytes; memory runs out long before.
        assert!(id < u32::MAX, "the game table is full");
        let node = Node {
            nui,
            stops: form_stops,
            options: options.map(OnceLock::from).unwrap_or_default(),
            neg: OnceLock::new(),
            nim_root: OnceLock::new(),
        };
        if slot(id).set(node).is_err() {
            unreachable!("each id is handed out once");
        }
        Game(id)
    })
}

/// The node of an interned game.
pub(super) fn node(g: Game) -> &'static Node {
    // Ids come only from `intern`, which fills the slot before publishing the id.
    slot(g.0)
        .get()
        .expect("a game id always names a stored node")
}

/// `(root, m)` with `g = root + *m` and `root` not known to be another game plus a nimber
/// (following [`Node::nim_root`] to its end; `(g, 0)` if `g` has none).
pub(super) fn nim_root(g: Game) -> (Game, u32) {
    let (mut root, mut m) = (g, 0);
    while let Some(&(next, step)) = node(root).nim_root.get() {
        (root, m) = (next, m ^ step);
    }
    (root, m)
}

/// (left stop, right stop) of `g`, when known without a search: for `x + n·↑ + *m` both
/// are `x`; for a form, stored at interning (unknown if an option's stops were unknown, or a
/// side was empty).
pub(super) fn stops(g: Game) -> Option<(Dyadic, Dyadic)> {
    let n = node(g);
    match n.nui {
        Some(v) => Some((v.number, v.number)),
        None => n.stops,
    }
}

/// The best of one stop over `games` (`better` picks), if every one is known and there is one.
fn extreme_stop(
    games: &[Game],
    stop: impl Fn((Dyadic, Dyadic)) -> Dyadic,
    better: fn(Dyadic, Dyadic) -> Dyadic,
) -> Option<Dyadic> {
    let mut known = games.iter().map(|&o| stops(o).map(&stop));
    let first = known.next()??;
    known.try_fold(first, |best, s| Some(better(best, s?)))
}

/// The game `x + n·↑ + *m`.
pub(super) fn intern_nui(v: Nui) -> Game {
    intern(Key::Nui(v))
}

/// The game with these canonical options, which must not form a value of [`Nui`] (the
/// caller has recognised those). Options are sorted and deduplicated here.
pub(super) fn intern_form(mut left: Vec<Game>, mut right: Vec<Game>) -> Game {
    left.sort_unstable();
    left.dedup();
    right.sort_unstable();
    right.dedup();
    intern(Key::Form(left.into(), right.into()))
}

/// The canonical options of `g`.
pub(super) fn options(g: Game) -> &'static Options {
    let n = node(g);
    n.options.get_or_init(|| {
        let v = n.nui.expect("a form node has its options from birth");
        let (left, right) = v
            .options()
            .unwrap_or_else(|e| panic!("options of {v:?}: {e}"));
        let ids = |side: Vec<Nui>| -> Box<[Game]> {
            let mut ids: Vec<Game> = side.into_iter().map(intern_nui).collect();
            ids.sort_unstable();
            ids.into()
        };
        (ids(left), ids(right))
    })
}

/// How many distinct games have been interned so far (all threads).
pub fn interned_count() -> usize {
    TABLE.next.load(Ordering::Relaxed) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_tile_the_ids() {
        assert_eq!(place(0), (0, 0));
        assert_eq!(place(1023), (0, 1023));
        assert_eq!(place(1024), (1, 0));
        assert_eq!(place(3071), (1, 2047));
        assert_eq!(place(3072), (2, 0));
    }
}
