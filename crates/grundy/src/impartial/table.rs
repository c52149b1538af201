//! Dense Grundy sequences of heap games, filled bottom-up.
//!
//! Because every option of heap `n` consists of heaps `< n` (the [`HeapGame`] invariant),
//! `G(0..=n)` can be filled left to right with no recursion and no hashing: one `Vec` of values
//! and one reusable [`MexSet`].

use crate::error::GameError;
use crate::impartial::game::HeapGame;
use crate::limits::{check_memory, table_bytes};
use crate::numeric::mex::MexSet;
use crate::numeric::Nimber;

/// `G(0), …, G(to)` of `game` by the definition. Refuses (before allocating) when the table
/// would not fit in memory.
///
/// ```
/// use grundy::impartial::table::heap_table;
/// use grundy::HeapGame;
/// struct Subtract134;
/// impl HeapGame for Subtract134 {
///     fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
///         [1, 3, 4].iter().filter(|&&s| s <= n).for_each(|&s| visit(&[n - s]));
///     }
/// }
/// assert_eq!(heap_table(&Subtract134, 9)?, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]);
/// # Ok::<(), grundy::GameError>(())
/// ```
pub fn heap_table<G: HeapGame + ?Sized>(game: &G, to: u64) -> Result<Vec<u64>, GameError> {
    heap_table_each(game, to, &mut |_, _| Ok(()))
}

/// [`heap_table`], handing each value to `sink` as soon as it is known: `table` writes the
/// values while the table grows (issue 20), instead of after the last one.
pub fn heap_table_each<G: HeapGame + ?Sized>(
    game: &G,
    to: u64,
    sink: &mut dyn FnMut(u64, Nimber) -> Result<(), GameError>,
) -> Result<Vec<u64>, GameError> {
    let len = to
        .checked_add(1)
        .ok_or_else(|| GameError::TooLarge("a table to 2^64−1 cannot be stored".into()))?;
    check_memory(
        &format!("a table of G(0..={to})"),
        table_bytes(len, std::mem::size_of::<u64>() as u64),
    )?;
    let mut values: Vec<u64> = Vec::with_capacity(len as usize);
    let mut seen = MexSet::new();
    for n in 0..len {
        seen.clear();
        game.heap_options(n, &mut |heaps| {
            // Invariant of HeapGame: every heap of an option is < n, so already in `values`.
            let v = heaps.iter().fold(0, |acc, &h| acc ^ values[h as usize]);
            seen.insert(v);
        });
        let value = seen.mex();
        values.push(value);
        sink(n, Nimber(value))?;
        if n % 65536 == 65535 {
            crate::progress::report("heaps", n + 1, len);
        }
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::game::Heaps;
    use crate::impartial::solver::Solver;

    /// Kayles-like toy: remove one token and optionally split the rest in two.
    struct SplitAfterTakingOne;
    impl HeapGame for SplitAfterTakingOne {
        fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
            if n == 0 {
                return;
            }
            let rest = n - 1;
            for a in 0..=rest / 2 {
                visit(&[a, rest - a]);
            }
        }
    }

    #[test]
    fn table_agrees_with_generic_solver() {
        let table = heap_table(&SplitAfterTakingOne, 60).unwrap();
        let game = Heaps(&SplitAfterTakingOne);
        let mut solver = Solver::new(&game);
        for (n, &v) in table.iter().enumerate() {
            assert_eq!(solver.grundy(&(n as u64)).unwrap().0, v, "n = {n}");
        }
    }

    /// Each value reaches the sink, in order, before the next is computed: the sink sees
    /// `G(n)` while only `G(0..=n)` exist (the default `for_each_value` streams through it).
    #[test]
    fn each_value_is_handed_on_as_it_is_computed() {
        let mut streamed = Vec::new();
        let table = heap_table_each(&SplitAfterTakingOne, 200, &mut |n, v| {
            assert_eq!(n, streamed.len() as u64);
            streamed.push(v.0);
            Ok(())
        })
        .unwrap();
        assert_eq!(streamed, table);
        // A sink that fails stops the table there.
        let mut calls = 0;
        let stopped = heap_table_each(&SplitAfterTakingOne, 200, &mut |n, _| {
            calls += 1;
            match n {
                10 => Err(GameError::io_other("closed".to_string())),
                _ => Ok(()),
            }
        });
        assert!(stopped.is_err());
        assert_eq!(calls, 11);
    }

    #[test]
    fn refuses_huge_tables() {
        assert!(matches!(
            heap_table(&SplitAfterTakingOne, 1 << 60),
            Err(GameError::TooLarge(_))
        ));
        assert!(heap_table(&SplitAfterTakingOne, u64::MAX).is_err());
    }
}
