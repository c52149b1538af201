//! Infinite subtraction sets — `primes`, `squares`, `fibonacci`, `powers-of-2`, unions of them
//! with finite elements (`1,primes`), and "all-but" sets (`all-but:2,5`: any positive number
//! except 2 and 5) — and the fast dynamic programmes that tabulate their Grundy sequences.
//!
//! # Closed form: `G(n) = n mod k`
//! Let `k` be the least positive integer not in `S`. If no element of `S` is a multiple of `k`,
//! then `G(n) = n mod k`: the options of `n` never share its residue (so no option has value
//! `n mod k`), and `n−1, …, n−(k−1)` (all in `S`) reach every smaller residue. This settles
//! `1,primes` (k = 4: no prime is a multiple of 4 — the source documents' "period 34" is wrong)
//! and `powers-of-2` (k = 3). For the sequences the multiple test is exact: a prime multiple of
//! `k ≥ 2` can only be `k` itself, a power of two is a multiple of `k` only when `k` is one,
//! while `k²` is a square and every `k` divides some Fibonacci number.
//!
//! # Union sets: witness search by value and residue ([`union_table`])
//! The naive table costs `O(N·|S ∩ [1,N]|)` — for primes to 10^7 that is 3·10^12 steps. We
//! split `S` into *direct* elements (finite ones, the sparse sequences, and dense elements
//! `≤ HEAD`), read for every `n`, and the *tail* (dense elements `> HEAD`), which lies in known
//! residue classes mod [`MODULUS`] (primes: the units; squares: the quadratic residues). For
//! each heap `n`, after the direct elements, let `v` be the mex so far. Whether some tail
//! element `t` has `G(n − t) = v` is decided by whichever scan is shorter:
//! - the heaps `m < n` with `G(m) = v` in the residue classes `m ≡ n − ρ` (ρ a tail residue),
//!   newest first, testing `n − m ∈ S` in a bitmap — a hit marks `v` and we try the next mex;
//!   no hit proves `G(n) = v`;
//! - or the tail, ascending, read until some option has value `v` (resuming there for the
//!   next candidate); reading all of it completes the option set, and the mex is exact.
//!
//! A heap reads the tail once the entries its list scans have examined, plus the next list,
//! would exceed the unread tail, so no heap costs more than about twice the naive mex
//! (squares, whose many values each hold few heaps, mostly read the tail; primes mostly find a
//! witness in a few list entries).
//!
//! Small Grundy values of the prime game are split by parity almost perfectly (e.g. `G = 0` at
//! ~15 000 odd heaps below 10^5 but only 5 even ones), so the value lists in the admissible
//! classes are short and a witness for a reached value is found after a few tests: the table
//! to 10^7 costs seconds (see `benches/subtraction.rs`). The algorithm is exact for any set;
//! only its speed depends on this structure.
//!
//! # Sets without the primes: the block scan ([`scan_table`])
//! For the squares the witness search does not pay: a heap's ~√n options take so many values
//! that the mex is almost always settled only by reading them all. The definition's mex,
//! read a block of heaps at a time so that every element is one contiguous pass over known
//! values, is cheaper: `squares` to 10^7 is 2·10^10 option reads, about 25 s of CPU on two
//! threads. (Word-parallel and residue-class schemes were measured; none beat it, since
//! proving a value absent needs about √n probes either way.)
//!
//! # All-but sets ([`all_but_table`])
//! With `S = ℕ⁺ \ F`, heap `n` reaches every `m < n` except `n − f` (`f ∈ F`). The values seen
//! so far always form an initial segment `0..distinct` (each new value is a mex of old ones),
//! so `G(n)` is the least value all of whose occurrences are excluded, else `distinct`: one
//! count per value and `|F|` steps per heap.

use crate::error::GameError;
use crate::limits::{check_memory, human_bytes};
use crate::numeric::integer::{gcd, isqrt};
use crate::numeric::primes::{any_prime_up_to, is_prime};
use crate::numeric::MexSet;

/// Residues of tail elements are tracked modulo this (primes > 5 are units mod 60; squares
/// take 12 of the 60 residues).
pub const MODULUS: usize = 60;

/// Dense-sequence elements up to this are read directly for every heap; larger ones are the
/// tail. Must be at least [`MODULUS`] so that every tail prime is a unit.
pub const HEAD: u64 = 64;

/// A list scan must be this many times shorter than the unread tail to be chosen: a failed
/// scan (the usual case for a set like the squares, whose values each hold few heaps) is
/// wasted, while reading the tail always makes progress.
const LIST_COST: usize = 4;

/// Largest number of exceptions an all-but set may list (each costs a step per heap).
pub const MAX_EXCEPTIONS: u128 = 100_000;

/// An infinite sequence of removals.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sequence {
    /// 2, 3, 5, 7, …
    Primes,
    /// 1, 4, 9, 16, …
    Squares,
    /// 1, 2, 3, 5, 8, … (each value once)
    Fibonacci,
    /// 1, 2, 4, 8, …
    PowersOfTwo,
}

impl Sequence {
    /// Every sequence, in the order specs list them.
    pub const ALL: [Sequence; 4] = [
        Sequence::Primes,
        Sequence::Squares,
        Sequence::Fibonacci,
        Sequence::PowersOfTwo,
    ];

    /// The spec word.
    pub fn name(self) -> &'static str {
        match self {
            Sequence::Primes => "primes",
            Sequence::Squares => "squares",
            Sequence::Fibonacci => "fibonacci",
            Sequence::PowersOfTwo => "powers-of-2",
        }
    }

    /// Parses a spec word (a few natural spellings are accepted).
    pub fn parse(word: &str) -> Option<Sequence> {
        match word.to_ascii_lowercase().as_str() {
            "primes" | "prime" => Some(Sequence::Primes),
            "squares" | "square" => Some(Sequence::Squares),
            "fibonacci" | "fib" => Some(Sequence::Fibonacci),
            "powers-of-2" | "powers-of-two" | "pow2" => Some(Sequence::PowersOfTwo),
            _ => None,
        }
    }

    /// Sparse sequences have `O(log n)` elements up to `n`: they are always read directly.
    fn is_sparse(self) -> bool {
        matches!(self, Sequence::Fibonacci | Sequence::PowersOfTwo)
    }

    /// Whether `s` is in the sequence.
    pub fn contains(self, s: u64) -> bool {
        match self {
            Sequence::Primes => is_prime(s),
            Sequence::Squares => s > 0 && isqrt(s as u128).pow(2) == s as u128,
            Sequence::Fibonacci => {
                let (mut a, mut b) = (1u64, 2u64);
                while a < s {
                    (a, b) = (b, a.saturating_add(b));
                }
                a == s
            }
            Sequence::PowersOfTwo => s.is_power_of_two(),
        }
    }

    /// Calls `stop` with the elements `≤ n` in ascending order until it returns true;
    /// returns whether it did.
    pub fn any_up_to(self, n: u64, stop: &mut dyn FnMut(u64) -> bool) -> bool {
        match self {
            Sequence::Primes => any_prime_up_to(n, stop),
            Sequence::Squares => (1..=isqrt(n as u128) as u64).any(|k| stop(k * k)),
            Sequence::Fibonacci => {
                let (mut a, mut b) = (1u64, 2u64);
                while a <= n {
                    if stop(a) {
                        return true;
                    }
                    if a > u64::MAX - b {
                        break;
                    }
                    (a, b) = (b, a + b);
                }
                false
            }
            Sequence::PowersOfTwo => (0..64).map(|i| 1u64 << i).take_while(|&p| p <= n).any(stop),
        }
    }

    /// An upper bound on the number of elements `≤ n`.
    pub fn count_up_to(self, n: u64) -> u128 {
        match self {
            // π(n) < 1.26 n / ln n for n > 1 (Rosser–Schoenfeld); n/2 + 1 is simpler and safe.
            Sequence::Primes => n as u128 / 2 + 1,
            Sequence::Squares => isqrt(n as u128),
            Sequence::Fibonacci => 93,
            Sequence::PowersOfTwo => 64,
        }
    }

    /// Whether the sequence can hold a multiple of a number `k ≥ 2` that it does not hold.
    fn has_multiple_of_a_non_member(self) -> bool {
        match self {
            // A prime multiple of k is k itself, which is not an element.
            Sequence::Primes => false,
            // k is not a power of two, so it has an odd factor no power of two has.
            Sequence::PowersOfTwo => false,
            Sequence::Squares => true,
            // Every integer divides some Fibonacci number (the Pisano period).
            Sequence::Fibonacci => true,
        }
    }

    /// `residues[ρ]` is true when elements `> HEAD` may be `≡ ρ (mod MODULUS)`.
    fn tail_residues(self) -> [bool; MODULUS] {
        let mut residues = [false; MODULUS];
        for (rho, flag) in residues.iter_mut().enumerate() {
            *flag = match self {
                Sequence::Primes => gcd(rho as u64, MODULUS as u64) == 1,
                Sequence::Squares => (0..MODULUS).any(|k| k * k % MODULUS == rho),
                Sequence::Fibonacci | Sequence::PowersOfTwo => true,
            };
        }
        residues
    }
}

/// A subtraction set with infinitely many elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InfiniteSet {
    /// `S = finite ∪ sequences`; `cycle` is `k` when `G(n) = n mod k` (see the module doc).
    Union {
        /// Listed elements, as sorted disjoint intervals.
        finite: Vec<(u64, u64)>,
        /// The sequences joined in, sorted, without repeats.
        sequences: Vec<Sequence>,
        /// `k` when `G(n) = n mod k`.
        cycle: Option<u64>,
    },
    /// `S` = every positive integer except the listed intervals.
    AllBut {
        /// The exceptions, as sorted disjoint intervals.
        excluded: Vec<(u64, u64)>,
    },
}

impl InfiniteSet {
    /// `finite ∪ sequences`; `finite` must be normalised (sorted disjoint intervals).
    pub fn union(finite: Vec<(u64, u64)>, mut sequences: Vec<Sequence>) -> InfiniteSet {
        sequences.sort_unstable();
        sequences.dedup();
        // k = the least positive integer not in S, jumping over finite intervals (every
        // sequence misses 6, so the walk through sequence elements is short).
        let mut k = 1u64;
        loop {
            if let Some(&(_, hi)) = finite.iter().find(|&&(lo, hi)| lo <= k && k <= hi) {
                k = hi.saturating_add(1);
            } else if sequences.iter().any(|q| q.contains(k)) {
                k += 1;
            } else {
                break;
            }
        }
        let finite_multiple =
            |&(lo, hi): &(u64, u64)| lo.div_ceil(k).checked_mul(k).is_some_and(|m| m <= hi);
        let cycle = (k >= 2
            && !finite.iter().any(finite_multiple)
            && !sequences.iter().any(|q| q.has_multiple_of_a_non_member()))
        .then_some(k);
        InfiniteSet::Union {
            finite,
            sequences,
            cycle,
        }
    }

    /// Every positive integer except `excluded` (normalised intervals); refuses huge lists.
    pub fn all_but(excluded: Vec<(u64, u64)>, spec: &str) -> Result<InfiniteSet, GameError> {
        let count: u128 = excluded.iter().map(|&(lo, hi)| (hi - lo) as u128 + 1).sum();
        if count > MAX_EXCEPTIONS {
            return Err(GameError::bad_spec(
                spec,
                format!("{count} exceptions listed; all-but sets may exclude at most {MAX_EXCEPTIONS} numbers"),
            ));
        }
        Ok(InfiniteSet::AllBut { excluded })
    }

    /// The spec after `subtraction:`.
    pub fn spec_args(&self) -> String {
        match self {
            InfiniteSet::Union {
                finite, sequences, ..
            } => {
                let mut parts = Vec::new();
                if !finite.is_empty() {
                    parts.push(format_intervals(finite));
                }
                parts.extend(sequences.iter().map(|q| q.name().to_string()));
                parts.join(",")
            }
            InfiniteSet::AllBut { excluded } => format!("all-but:{}", format_intervals(excluded)),
        }
    }

    /// Whether `s` is an element.
    pub fn contains(&self, s: u64) -> bool {
        let in_intervals = |list: &[(u64, u64)]| list.iter().any(|&(lo, hi)| lo <= s && s <= hi);
        match self {
            InfiniteSet::Union {
                finite, sequences, ..
            } => in_intervals(finite) || sequences.iter().any(|q| q.contains(s)),
            InfiniteSet::AllBut { excluded } => s > 0 && !in_intervals(excluded),
        }
    }

    /// Calls `stop` with the elements `≤ n` until it returns true (each element once; in
    /// ascending order except that a union reads its finite part first); returns whether it
    /// stopped.
    pub fn any_up_to(&self, n: u64, stop: &mut dyn FnMut(u64) -> bool) -> bool {
        match self {
            InfiniteSet::Union {
                finite, sequences, ..
            } => {
                let in_finite = |s: u64| finite.iter().any(|&(lo, hi)| lo <= s && s <= hi);
                let mut earlier: Vec<Sequence> = Vec::with_capacity(sequences.len());
                finite
                    .iter()
                    .take_while(|&&(lo, _)| lo <= n)
                    .any(|&(lo, hi)| (lo..=hi.min(n)).any(&mut *stop))
                    || sequences.iter().any(|&q| {
                        let stopped = q.any_up_to(n, &mut |s| {
                            // Each element once: skip those read from an earlier part.
                            !in_finite(s) && !earlier.iter().any(|e| e.contains(s)) && stop(s)
                        });
                        earlier.push(q);
                        stopped
                    })
            }
            InfiniteSet::AllBut { excluded } => {
                let mut next = 1u64;
                for &(lo, hi) in excluded.iter().take_while(|&&(lo, _)| lo <= n) {
                    if (next..lo).any(&mut *stop) {
                        return true;
                    }
                    next = hi.saturating_add(1);
                }
                next <= n && (next..=n).any(stop)
            }
        }
    }

    /// An upper bound on the number of elements `≤ n`.
    pub fn count_up_to(&self, n: u64) -> u128 {
        match self {
            InfiniteSet::Union {
                finite, sequences, ..
            } => {
                let listed: u128 = finite
                    .iter()
                    .filter(|&&(lo, _)| lo <= n)
                    .map(|&(lo, hi)| (hi.min(n) - lo) as u128 + 1)
                    .sum();
                listed + sequences.iter().map(|q| q.count_up_to(n)).sum::<u128>()
            }
            InfiniteSet::AllBut { .. } => n as u128,
        }
    }

    /// `k` when `G(n) = n mod k` for every `n`.
    pub fn cycle(&self) -> Option<u64> {
        match self {
            InfiniteSet::Union { cycle, .. } => *cycle,
            InfiniteSet::AllBut { .. } => None,
        }
    }

    /// `G(0..=to)` by the fast programme for this kind of set.
    pub fn table(&self, to: u64) -> Result<Vec<u32>, GameError> {
        self.table_each(to, &mut |_, _| Ok(()))
    }

    /// [`InfiniteSet::table`], handing the values to `each` in chunks as they are computed,
    /// so that `table` writes them while the table grows.
    pub fn table_each(&self, to: u64, each: Chunks) -> Result<Vec<u32>, GameError> {
        match self {
            InfiniteSet::Union {
                finite, sequences, ..
            } => union_table(finite, sequences, to, each),
            InfiniteSet::AllBut { excluded } => all_but_table(excluded, to, each),
        }
    }
}

/// Where a table hands its values as they are computed: `(first heap, values from it on)`.
pub type Chunks<'a> = &'a mut dyn FnMut(u64, &[u32]) -> Result<(), GameError>;

/// Heaps between two chunks of the heap-by-heap tables (the block scan hands on each block).
const CHUNK: usize = 1 << 16;

/// Hands `values[*emitted..]` to `each` and marks them handed on.
fn emit(values: &[u32], emitted: &mut usize, each: Chunks) -> Result<(), GameError> {
    if *emitted < values.len() {
        each(*emitted as u64, &values[*emitted..])?;
        *emitted = values.len();
    }
    Ok(())
}

/// Refuses tables whose heaps or memory do not fit (`bytes_per_heap` for all arrays).
fn check_table(to: u64, bytes_per_heap: u128) -> Result<usize, GameError> {
    if to >= u32::MAX as u64 {
        return Err(GameError::TooLarge(format!(
            "a table of G(0..={to}) for an infinite subtraction set needs {} of memory; tables stop below 2^32 heaps",
            human_bytes((to as u128 + 1) * bytes_per_heap)
        )));
    }
    check_memory(
        &format!("a table of G(0..={to})"),
        (to as u128 + 1) * bytes_per_heap,
    )?;
    Ok(to as usize + 1)
}

/// `G(0..=to)` of `S = finite ∪ sequences`: by witness search when the set holds the primes,
/// else by reading every element block by block ([`scan_table`], module doc).
pub fn union_table(
    finite: &[(u64, u64)],
    sequences: &[Sequence],
    to: u64,
    each: Chunks,
) -> Result<Vec<u32>, GameError> {
    if sequences.contains(&Sequence::Primes) {
        return witness_table(finite, sequences, to, each);
    }
    // values (4) + elements (at most √to squares, finite elements, sparse sequences) + the
    // per-block option masks (fixed).
    let len = check_table(to, 4)?;
    let mut elements: Vec<u32> = Vec::new();
    for &(lo, hi) in finite.iter().take_while(|&&(lo, _)| lo <= to) {
        elements.extend(lo as u32..=hi.min(to) as u32);
    }
    for &q in sequences {
        q.any_up_to(to, &mut |s| {
            elements.push(s as u32);
            false
        });
    }
    elements.sort_unstable();
    elements.dedup();
    scan_table(&elements, len, SCAN_BLOCK, each)
}

/// Heaps per block of [`scan_table`]: the option masks of a block stay in the L2 cache.
const SCAN_BLOCK: usize = 4096;

/// `G(0..len)` for the sorted subtraction set `elements`, reading every option of every
/// heap, a block of `block` heaps at a time: an element `s ≥ block` reaches from every heap
/// of the block to heaps before it, already known, so it is read for the whole block in one
/// contiguous pass (split between two threads on large tables) that sets bits in per-heap
/// masks of option values; the smaller elements are then read heap by heap, in order.
/// This is the definition's mex, `O(len · |S ∩ [1, len)|)` steps, but cache-friendly —
/// ten times faster than a witness search for the squares, whose option values are so
/// varied that proving a value absent almost always needs every option anyway.
/// Each finished block goes to `each`.
pub fn scan_table(
    elements: &[u32],
    len: usize,
    block: usize,
    each: Chunks,
) -> Result<Vec<u32>, GameError> {
    let mut values = vec![0u32; len];
    let near = elements.partition_point(|&s| (s as usize) < block);
    let (near, far) = elements.split_at(near);
    let threads = if len >= 1 << 20 { 2 } else { 1 };
    let mut masks: Vec<Vec<u64>> = vec![Vec::new(); threads];
    let mut max_value = 0u32;
    let mut seen: Vec<u64> = Vec::new();
    for start in (0..len).step_by(block) {
        let end = (start + block).min(len);
        // Far options lead before `start`: their values are ≤ max_value.
        let words = max_value as usize / 64 + 1;
        let reachable = far.partition_point(|&s| (s as usize) < end);
        let chunk = reachable.div_ceil(threads).max(1);
        let known = &values[..start];
        let fill = |mask: &mut Vec<u64>, part: &[u32]| {
            mask.clear();
            mask.resize((end - start) * words, 0);
            for &s in part {
                let s = s as usize;
                let first = start.max(s);
                for (i, &g) in known[first - s..end - s].iter().enumerate() {
                    let g = g as usize;
                    mask[(first - start + i) * words + g / 64] |= 1 << (g % 64);
                }
            }
        };
        if threads > 1 && reachable > 64 {
            std::thread::scope(|scope| {
                let mut parts = far[..reachable].chunks(chunk);
                let (first, rest) = masks.split_at_mut(1);
                let (head, tail) = (parts.next().unwrap_or(&[]), parts.next().unwrap_or(&[]));
                scope.spawn(|| fill(&mut rest[0], tail));
                fill(&mut first[0], head);
            });
        } else {
            fill(&mut masks[0], &far[..reachable]);
            for mask in &mut masks[1..] {
                mask.clear();
                mask.resize((end - start) * words, 0);
            }
        }
        for n in start..end {
            let row = (n - start) * words..(n - start + 1) * words;
            seen.clear();
            seen.extend_from_slice(&masks[0][row.clone()]);
            for mask in &masks[1..] {
                for (w, m) in seen.iter_mut().zip(&mask[row.clone()]) {
                    *w |= m;
                }
            }
            for &s in near.iter().take_while(|&&s| s as usize <= n) {
                let g = values[n - s as usize] as usize;
                if g / 64 >= seen.len() {
                    seen.resize(g / 64 + 1, 0);
                }
                seen[g / 64] |= 1 << (g % 64);
            }
            let value = seen
                .iter()
                .position(|&w| w != u64::MAX)
                .map_or(seen.len() * 64, |i| {
                    i * 64 + seen[i].trailing_ones() as usize
                });
            values[n] = value as u32;
            max_value = max_value.max(value as u32);
        }
        each(start as u64, &values[start..end])?;
        crate::progress::report("heaps", end as u64, len as u64);
    }
    Ok(values)
}

/// `G(0..=to)` of `S = finite ∪ sequences` by witness search (module doc).
fn witness_table(
    finite: &[(u64, u64)],
    sequences: &[Sequence],
    to: u64,
    each: Chunks,
) -> Result<Vec<u32>, GameError> {
    // values (4) + one list entry per heap (4) + membership bit + tail element (≤ 4).
    let len = check_table(to, 13)?;
    let mut member = vec![0u64; len / 64 + 1];
    let mut direct = Vec::new();
    let mut tail = Vec::new();
    let mut tail_residue = [false; MODULUS];
    for &(lo, hi) in finite.iter().take_while(|&&(lo, _)| lo <= to) {
        direct.extend(lo..=hi.min(to));
    }
    for &q in sequences {
        if !q.is_sparse() {
            for (flag, allowed) in tail_residue.iter_mut().zip(q.tail_residues()) {
                *flag |= allowed;
            }
        }
        q.any_up_to(to, &mut |s| {
            if q.is_sparse() || s <= HEAD {
                direct.push(s);
            } else {
                tail.push(s as u32);
            }
            false
        });
    }
    direct.sort_unstable();
    direct.dedup();
    tail.sort_unstable();
    tail.dedup();
    for s in direct
        .iter()
        .map(|&s| s as usize)
        .chain(tail.iter().map(|&s| s as usize))
    {
        member[s / 64] |= 1 << (s % 64);
    }
    let in_set = |s: usize| member[s / 64] >> (s % 64) & 1 == 1;
    let support: Vec<usize> = (0..MODULUS).filter(|&rho| tail_residue[rho]).collect();

    let mut values: Vec<u32> = Vec::with_capacity(len);
    // heaps_by_class[v * MODULUS + r]: heaps m with G(m) = v and m ≡ r, ascending.
    let mut heaps_by_class: Vec<Vec<u32>> = Vec::new();
    let mut seen = MexSet::new();
    let mut tail_len = 0;
    let mut classes = Vec::with_capacity(MODULUS);
    let mut emitted = 0;
    for n in 0..len {
        seen.clear();
        for &d in direct.iter().take_while(|&&d| d as usize <= n) {
            seen.insert(values[n - d as usize] as u64);
        }
        while tail_len < tail.len() && tail[tail_len] as usize <= n {
            tail_len += 1;
        }
        classes.clear();
        classes.extend(support.iter().map(|&rho| (n + MODULUS - rho) % MODULUS));
        // tail[..tail_read] have been read into `seen` (reading resumes where it stopped).
        let mut tail_read = 0;
        // Value-list entries scanned for this heap: once another scan could take them past the
        // unread tail, reading the tail is the cheaper way to settle every remaining candidate.
        let mut scanned = 0;
        let value = loop {
            let v = seen.mex();
            if tail_read == tail_len {
                break v; // every option has been read
            }
            let lists = classes
                .iter()
                .filter_map(|&r| heaps_by_class.get(v as usize * MODULUS + r));
            let listed: usize = lists.clone().map(Vec::len).sum();
            if (scanned + listed) * LIST_COST > tail_len - tail_read {
                // Reading the tail is cheaper: read it until some option has value v.
                let witness = tail[tail_read..tail_len].iter().position(|&t| {
                    let g = values[n - t as usize] as u64;
                    seen.insert(g);
                    g == v
                });
                match witness {
                    Some(i) => tail_read += i + 1,
                    None => break seen.mex(), // the option set is complete
                }
                continue;
            }
            let witnessed = lists.flat_map(|list| list.iter().rev()).any(|&m| {
                scanned += 1;
                in_set(n - m as usize)
            });
            if !witnessed {
                break v;
            }
            seen.insert(v);
        };
        let slot = value as usize * MODULUS + n % MODULUS;
        if slot >= heaps_by_class.len() {
            heaps_by_class.resize_with((value as usize + 1) * MODULUS, Vec::new);
        }
        heaps_by_class[slot].push(n as u32);
        values.push(value as u32);
        if n % CHUNK == CHUNK - 1 {
            emit(&values, &mut emitted, each)?;
            crate::progress::report("heaps", n as u64 + 1, len as u64);
        }
    }
    emit(&values, &mut emitted, each)?;
    Ok(values)
}

/// `G(0..=to)` of `S = ℕ⁺ \ excluded` by counting values (module doc).
pub fn all_but_table(
    excluded: &[(u64, u64)],
    to: u64,
    each: Chunks,
) -> Result<Vec<u32>, GameError> {
    // values (4) + counts (4, at most one per heap).
    let len = check_table(to, 8)?;
    let exceptions: Vec<usize> = excluded
        .iter()
        .take_while(|&&(lo, _)| lo <= to)
        .flat_map(|&(lo, hi)| lo as usize..=hi.min(to) as usize)
        .collect();
    let mut values: Vec<u32> = Vec::with_capacity(len);
    let mut count: Vec<u32> = Vec::new(); // occurrences of each value among G(0..n)
    let mut removed: Vec<u32> = Vec::new(); // scratch: occurrences excluded for this n
    let mut emitted = 0;
    for n in 0..len {
        let mut value = count.len() as u32;
        for &f in exceptions.iter().take_while(|&&f| f <= n) {
            removed[values[n - f] as usize] += 1;
        }
        for &f in exceptions.iter().take_while(|&&f| f <= n) {
            let v = values[n - f];
            if removed[v as usize] == count[v as usize] {
                value = value.min(v);
            }
        }
        for &f in exceptions.iter().take_while(|&&f| f <= n) {
            removed[values[n - f] as usize] = 0;
        }
        if value as usize == count.len() {
            count.push(0);
            removed.push(0);
        }
        count[value as usize] += 1;
        values.push(value);
        if n % CHUNK == CHUNK - 1 {
            emit(&values, &mut emitted, each)?;
        }
    }
    emit(&values, &mut emitted, each)?;
    Ok(values)
}

/// `1,3..5,9`: the spec form of normalised intervals.
pub fn format_intervals(intervals: &[(u64, u64)]) -> String {
    let parts: Vec<String> = intervals
        .iter()
        .map(|&(lo, hi)| match hi - lo {
            0 => lo.to_string(),
            1 => format!("{lo},{hi}"),
            _ => format!("{lo}..{hi}"),
        })
        .collect();
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::family::{Family, Play};
    use crate::impartial::games::subtraction::Subtraction;
    use crate::impartial::heap::{HeapFamily, HeapRules};
    use crate::impartial::table::heap_table;
    use crate::impartial::{HeapGame, Heaps, Solver};
    use crate::theory::period::HeapSequence;
    use proptest::prelude::*;

    fn game(args: &str) -> Subtraction {
        Subtraction::parse(args, args).unwrap()
    }

    fn fast_table(g: &Subtraction, to: u64) -> Vec<u64> {
        HeapFamily::new(g.clone()).values(to).unwrap()
    }

    fn sequences() -> impl Strategy<Value = Vec<Sequence>> {
        proptest::sample::subsequence(Sequence::ALL.to_vec(), 1..=2)
    }

    proptest! {
        /// The witness search (and the n mod k closed form, where it applies) agrees with the
        /// definition on unions of sequences and finite elements, past HEAD so that the tail
        /// and both scans are exercised.
        #[test]
        fn union_tables_match_the_definition(
            seqs in sequences(),
            finite in proptest::collection::btree_set(1u64..90, 0..3),
        ) {
            let mut args: Vec<String> = finite.iter().map(u64::to_string).collect();
            args.extend(seqs.iter().map(|q| q.name().to_string()));
            let g = game(&args.join(","));
            prop_assert_eq!(fast_table(&g, 700), heap_table(&g, 700).unwrap());
        }

        /// The block scan, with blocks small enough that both the far (whole-block) and the
        /// near (heap by heap) passes run, is the definition's mex for any set.
        #[test]
        fn block_scan_matches_the_definition(
            set in proptest::collection::btree_set(1u32..200, 1..40),
            block in 1usize..40,
            len in 1usize..600,
        ) {
            let elements: Vec<u32> = set.into_iter().collect();
            let mut expected: Vec<u32> = Vec::with_capacity(len);
            for n in 0..len {
                let options = elements.iter().filter(|&&s| s as usize <= n);
                let value = crate::numeric::mex(options.map(|&s| expected[n - s as usize] as u64));
                expected.push(value as u32);
            }
            prop_assert_eq!(scan_table(&elements, len, block, &mut |_, _| Ok(())).unwrap(), expected);
        }

        #[test]
        fn all_but_tables_match_the_definition(excluded in proptest::collection::btree_set(1u64..30, 1..5)) {
            let list: Vec<String> = excluded.iter().map(u64::to_string).collect();
            let g = game(&format!("all-but:{}", list.join(",")));
            prop_assert_eq!(fast_table(&g, 300), heap_table(&g, 300).unwrap());
        }

        #[test]
        fn generic_solver_agrees_on_small_heaps(seqs in sequences(), n in 0u64..150) {
            let names: Vec<&str> = seqs.iter().map(|q| q.name()).collect();
            let g = game(&names.join(","));
            let view = Heaps(&g);
            let mut solver = Solver::new(&view);
            prop_assert_eq!(solver.grundy(&n).unwrap().0, fast_table(&g, n)[n as usize]);
        }

        #[test]
        fn set_membership_matches_options(n in 0u64..400, args in proptest::sample::select(vec!["1,primes", "squares,7", "fibonacci", "all-but:2,5"])) {
            let g = game(args);
            let mut removals = Vec::new();
            g.heap_options(n, &mut |o| removals.push(n - o[0]));
            removals.sort_unstable();
            let tested: Vec<u64> = (1..=n).filter(|&s| g.contains(s)).collect();
            prop_assert_eq!(removals, tested);
        }

        #[test]
        fn membership_matches_enumeration(n in 0u64..3000) {
            for q in Sequence::ALL {
                let mut listed = Vec::new();
                q.any_up_to(n, &mut |s| { listed.push(s); false });
                let tested: Vec<u64> = (1..=n).filter(|&s| q.contains(s)).collect();
                prop_assert_eq!(&listed, &tested);
                prop_assert!(listed.len() as u128 <= q.count_up_to(n));
            }
        }

    }

    /// "1 or a prime" is G(n) = n mod 4 — not period 34 with zeros at n mod 34 ∈ {4,8,20,24,28}
    /// as the source documents claim.
    #[test]
    fn one_or_a_prime_is_n_mod_4() {
        let g = game("1,primes");
        assert_eq!(g.infinite_set().unwrap().cycle(), Some(4));
        let table = heap_table(&g, 2000).unwrap();
        assert!(table.iter().enumerate().all(|(n, &v)| v == n as u64 % 4));
        // The claim: for x ≥ 68, G(x) = G(x mod 34), zero iff x mod 34 ∈ {4, 8, 20, 24, 28}.
        // It fails at its very first heap.
        let claimed_zero = |n: usize| [4, 8, 20, 24, 28].contains(&(n % 34));
        let first_wrong = (68..=2000).find(|&n| (table[n] == 0) != claimed_zero(n));
        assert_eq!(first_wrong, Some(68));
        assert_ne!(table[102], table[102 % 34]); // G(102) = 2, G(0) = 0: no period 34
        let family = HeapFamily::new(g);
        assert_eq!(family.grundy(u64::MAX).unwrap().0, u64::MAX % 4);
    }

    /// Every kind of table hands on its values in order, in more than one chunk, and the
    /// chunks make up the table (`table` streams them).
    #[test]
    fn tables_hand_on_their_values_in_chunks() {
        for args in ["primes", "squares", "all-but:2,5"] {
            let set = game(args).infinite_set().unwrap().clone();
            let to = 3 * CHUNK as u64 + 17;
            let mut streamed = Vec::new();
            let mut chunks = 0;
            let table = set
                .table_each(to, &mut |first, values| {
                    assert_eq!(first, streamed.len() as u64, "{args}");
                    streamed.extend_from_slice(values);
                    chunks += 1;
                    Ok(())
                })
                .unwrap();
            assert_eq!(streamed, table, "{args}");
            assert_eq!(table.len() as u64, to + 1);
            assert!(chunks > 3, "{args}: {chunks} chunks");
        }
    }

    #[test]
    fn cycles_found_exactly_where_the_theorem_applies() {
        let cycle = |args: &str| game(args).infinite_set().unwrap().cycle();
        assert_eq!(cycle("powers-of-2"), Some(3));
        assert_eq!(cycle("3,powers-of-2"), Some(5));
        assert_eq!(cycle("primes"), None); // 1 is missing: k = 1
        assert_eq!(cycle("1,squares"), None); // k = 2 divides 4
        assert_eq!(cycle("fibonacci"), None); // k = 4 divides 8
        assert_eq!(cycle("1,4,primes"), Some(6)); // S ⊇ {1..5}, no multiple of 6
        assert_eq!(cycle("1,6,primes"), Some(4)); // 4 is missing, 6 is no multiple of it
        assert_eq!(cycle("1,8,primes"), None); // 8 is a multiple of the missing 4
        assert_eq!(cycle("all-but:3"), None);
        // k = 10^12 + 1 = 10001 · 99990001, found without walking the interval.
        assert_eq!(cycle("1..1000000000000,primes"), Some(1_000_000_000_001));
    }

    /// The source documents also claim period 34 for Fibonacci removals; it fails at once.
    #[test]
    fn fibonacci_has_no_period_34() {
        let table = fast_table(&game("fibonacci"), 5000);
        assert_ne!(table[34], table[0]);
        assert!((0..4966).filter(|&n| table[n + 34] != table[n]).count() > 4000);
    }

    /// The squares by the block scan (two threads, many blocks) against the definition read
    /// straight from the rules, and against OEIS A014586's first terms.
    #[test]
    fn squares_to_2_20_match_the_definition() {
        let len = (1 << 20) + 7;
        let fast = game("squares")
            .infinite_set()
            .unwrap()
            .table(len as u64 - 1)
            .unwrap();
        assert_eq!(
            &fast[..30],
            [
                0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 0, 1, 0, 1, 2, 3, 2, 3,
                4, 5
            ]
        );
        for n in (0..len).step_by(997).chain(len - 64..len) {
            let options = (1..).map(|k: usize| k * k).take_while(|&s| s <= n);
            let value = crate::numeric::mex(options.map(|s| fast[n - s] as u64));
            assert_eq!(fast[n] as u64, value, "n = {n}");
        }
    }

    #[test]
    fn primes_to_3_10_4_match_the_definition() {
        let g = game("primes");
        let fast = fast_table(&g, 30_000);
        assert_eq!(&fast[..12], [0, 0, 1, 1, 2, 2, 3, 3, 4, 0, 0, 1]);
        assert_eq!(fast, heap_table(&g, 30_000).unwrap());
    }

    /// Run with `--ignored`: the prime table to 10^7 against the naive programme's prefix and
    /// the all-options definition at sampled heaps.
    #[test]
    #[ignore]
    fn primes_to_10_7() {
        let g = game("primes");
        let fast = g.infinite_set().unwrap().table(10_000_000).unwrap();
        let prefix = heap_table(&g, 100_000).unwrap();
        assert!(prefix.iter().zip(&fast).all(|(&a, &b)| a == b as u64));
        let mut primes = Vec::new();
        Sequence::Primes.any_up_to(10_000_000, &mut |p| {
            primes.push(p);
            false
        });
        for n in (9_000_000..10_000_000).step_by(99_991) {
            let mut seen = MexSet::new();
            for &p in primes.iter().take_while(|&&p| p <= n) {
                seen.insert(fast[(n - p) as usize] as u64);
            }
            assert_eq!(seen.mex(), fast[n as usize] as u64, "n = {n}");
        }
    }

    #[test]
    fn specs_round_trip_and_errors_are_clear() {
        assert_eq!(game("primes,1").spec(), "subtraction:1,primes");
        assert_eq!(
            game("squares,2..4,prime").spec(),
            "subtraction:2..4,primes,squares"
        );
        assert_eq!(game("all-but:5,2").spec(), "subtraction:all-but:2,5");
        assert_eq!(game("all-but:2..4").spec(), "subtraction:all-but:2..4");
        for bad in [
            "all-but:",
            "all-but:0",
            "primes,0",
            "primes,x",
            "all-but:1..200000",
        ] {
            assert!(Subtraction::parse(bad, bad).is_err(), "{bad}");
        }
        let huge = Subtraction::parse("primes", "p").unwrap();
        let err = huge.infinite_set().unwrap().table(1 << 40).unwrap_err();
        assert!(err.to_string().contains("refused"), "{err}");
    }

    #[test]
    fn winning_moves_and_misere_for_infinite_sets() {
        let family = HeapFamily::new(game("primes"));
        let s = family.solve(&["100", "37"], Play::Normal).unwrap();
        let view = Heaps(family.rules());
        let mut solver = Solver::new(&view);
        let to: Vec<(usize, u64)> = solver
            .winning_moves(&[100, 37])
            .unwrap()
            .into_iter()
            .map(|(i, o)| (i, o[0]))
            .collect();
        assert_eq!(
            to,
            [
                (0, 93),
                (0, 87),
                (0, 57),
                (0, 27),
                (0, 11),
                (0, 3),
                (1, 35),
                (1, 34),
                (1, 0)
            ]
        );
        assert_eq!(s.winning_moves.len(), to.len());
        for (m, (i, heap)) in s.winning_moves.iter().zip(to) {
            assert_eq!((m.component, m.to.as_str()), (i, heap.to_string().as_str()));
        }
        assert!(
            family.sequence().unwrap().period_rule() == crate::theory::period::PeriodRule::None
        );
    }

    /// Misère: proved for the closed forms, checked on the table otherwise; either way the
    /// answer (or the refusal) must agree with the definition.
    #[test]
    fn misere_agrees_with_the_definition_or_refuses() {
        use crate::theory::misere::tests::brute_force_misere;
        use std::collections::HashMap;
        for args in [
            "1,primes",
            "powers-of-2",
            "primes",
            "squares",
            "all-but:2,5",
            "fibonacci",
        ] {
            let g = game(args);
            let mut memo = HashMap::new();
            for a in 0..9u64 {
                for b in 0..9u64 {
                    let expected = brute_force_misere(&g, &[a, b], &mut memo);
                    match g.misere_outcome(&[a, b]) {
                        Ok(w) => assert_eq!(w, expected, "{args} {a} {b}"),
                        Err(e) => assert!(e.to_string().contains("Anti-SG/SJ"), "{e}"),
                    }
                }
            }
        }
    }
}
