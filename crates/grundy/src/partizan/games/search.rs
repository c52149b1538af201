//! The generic canonical-form search: a position is the sum of its regions, and a region is
//! `{values of Left's moves | values of Right's moves}`, simplified by the engine
//! ([`Game::from_options`]). Regions are looked up in a transposition table under their
//! normalised key, so a region met again — or its mirror image, or its negative — costs one
//! lookup.

use super::{persist, MoveSite, PartizanRules, Side};
use crate::error::GameError;
use crate::limits::{human_bytes, Budget};
use crate::partizan::Game;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Bytes one table entry costs beyond its key: the value, hash-map slack, and the engine's
/// interned forms it keeps alive (measured on Domineering, about one new form per 3 regions).
const ENTRY_OVERHEAD: usize = 64;

/// Bytes one distinct option value costs while its region is open.
const VALUE_BYTES: usize = std::mem::size_of::<Game>();

/// The deepest nesting of regions the search walks. Each level takes up to about 1 KiB of
/// stack (measured on Toads and Frogs: 6000 levels overflow 4 MiB but fit in 6 MiB), grown
/// on the heap as needed ([`STACK_SEGMENT`]) and not counted in the memory budget, and a
/// strip of 6000 cells can be played for millions of moves: 4000 levels (about 4 MiB) bound
/// that stack and refuse such a strip at once.
const MAX_DEPTH: usize = 4000;

/// Stack the search keeps free below each level before descending: more than one level
/// takes (about 1 KiB, plus what the engine's simplification and a game's move generation
/// use), so the next check comes before the stack runs out.
const STACK_RED_ZONE: usize = 128 << 10;

/// The stack segment allocated when the red zone is reached: the caller's thread may have any
/// stack (2 MiB for a spawned thread, less if its builder says so), so the search never
/// assumes the command line's 8 MiB. One segment holds about 4000 levels.
const STACK_SEGMENT: usize = 4 << 20;

/// A fast hasher for table keys (small structs of integers): multiply and rotate per word.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, b: u8) {
        self.write_u64(b as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The transposition table of one game.
pub struct Search<P> {
    table: HashMap<P, Game, BuildHasherDefault<KeyHasher>>,
    /// Most bytes the table and the open positions may hold together.
    budget: usize,
    /// The memory budget `budget` is half of (`None`: a figure given to
    /// [`Search::with_memory`]), so that a refusal names the limit to raise.
    budget_from: Option<Budget>,
    /// Bytes the table holds: each key's inline and heap bytes plus [`ENTRY_OVERHEAD`].
    stored: usize,
    /// Bytes held on the recursion's path: for each open region its key, the move being
    /// valued, that move's regions and the distinct values found so far. Moves are built one
    /// at a time ([`PartizanRules::lazy_moves`]), so a row of 5000 dominoes holds a few rows
    /// a level (tens of MB at [`MAX_DEPTH`]), not 10^4 (20 GB when whole lists were held).
    open: usize,
    /// Regions being valued, one inside the other: the recursion's depth.
    depth: usize,
    /// Where and how often to save the table (see [`Search::checkpoint_to`]).
    checkpoint: Option<Checkpoint>,
}

struct Checkpoint {
    path: PathBuf,
    every: Duration,
    last: Instant,
    on_save: fn(usize, &Path),
}

impl<P: PartizanRules> Default for Search<P> {
    fn default() -> Self {
        let budget = Budget::current();
        Search {
            budget_from: Some(budget),
            ..Search::with_memory(budget.bytes as usize / 2)
        }
    }
}

impl<P: PartizanRules> Search<P> {
    /// A table that refuses to grow past about `bytes` of memory.
    pub fn with_memory(bytes: usize) -> Search<P> {
        Search {
            table: HashMap::default(),
            budget: bytes,
            budget_from: None,
            stored: 0,
            open: 0,
            depth: 0,
            checkpoint: None,
        }
    }

    /// Saves the table to `path` (atomically, [`persist::save`]) whenever `every` has passed
    /// since the last save, so that a long search killed at any moment resumes from there
    /// ([`persist::load`]). `on_save` hears of each save (regions saved, the file): progress.
    pub fn checkpoint_to(&mut self, path: &Path, every: Duration, on_save: fn(usize, &Path)) {
        self.checkpoint = Some(Checkpoint {
            path: path.to_path_buf(),
            every,
            last: Instant::now(),
            on_save,
        });
    }

    /// Every region stored, with its value (in no particular order).
    pub fn entries(&self) -> impl Iterator<Item = (P, Game)> + '_ {
        self.table.iter().map(|(k, &v)| (k.clone(), v))
    }

    /// The stored value of a normalised region.
    pub fn get(&self, key: &P) -> Option<Game> {
        self.table.get(key).copied()
    }

    /// Stores `value` for the region `key` (as written by [`Search::entries`]): how a saved
    /// table comes back.
    pub fn insert(&mut self, key: P, value: Game) {
        let bytes = entry_bytes(&key);
        if self.table.insert(key, value).is_none() {
            self.stored += bytes;
        }
    }

    /// Refuses unless `more` bytes fit in the budget beside what is stored and open.
    fn reserve(&self, more: usize) -> Result<(), GameError> {
        let total = self.stored.saturating_add(self.open).saturating_add(more);
        if total <= self.budget {
            return Ok(());
        }
        let limit = match &self.budget_from {
            Some(budget) => format!("half the memory budget of {}", budget.describe()),
            None => format!(
                "the {} this search was given",
                human_bytes(self.budget as u128)
            ),
        };
        Err(GameError::TooLarge(format!(
            "the transposition table reached {} regions and the positions open on the search's path {} (about {} in all), more than the search may hold: {limit}; try a smaller position",
            self.table.len(),
            human_bytes(self.open as u128),
            human_bytes(total as u128)
        )))
    }

    /// Runs `work` with `bytes` more counted as open, refused first unless they fit.
    fn holding<T>(
        &mut self,
        bytes: usize,
        work: impl FnOnce(&mut Self) -> Result<T, GameError>,
    ) -> Result<T, GameError> {
        self.reserve(bytes)?;
        self.open += bytes;
        let result = work(self);
        self.open -= bytes;
        result
    }

    /// Regions stored so far.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether no region is stored yet.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The canonical form of `position`: the sum of its regions' values.
    pub fn value(&mut self, position: &P) -> Result<Game, GameError> {
        let regions = position.components();
        self.holding(regions.iter().map(entry_bytes).sum(), |search| {
            regions.iter().try_fold(Game::zero(), |sum, region| {
                sum.try_add(search.region(region)?)
            })
        })
    }

    fn region(&mut self, region: &P) -> Result<Game, GameError> {
        if let Some(value) = region.shortcut() {
            return Ok(value);
        }
        let (key, negative) = region.normalise();
        let value = match self.table.get(&key) {
            Some(&value) => value,
            None => {
                if self.depth >= MAX_DEPTH {
                    return Err(GameError::TooLarge(format!(
                        "the search went more than {MAX_DEPTH} moves deep; try a smaller position"
                    )));
                }
                self.depth += 1;
                let options = self.holding(entry_bytes(&key), |search| {
                    stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || {
                        let left = search.values(key.lazy_moves(Side::Left))?;
                        Ok((left, search.values(key.lazy_moves(Side::Right))?))
                    })
                });
                self.depth -= 1;
                let (left, right) = options?;
                let value = Game::try_from_options(&left, &right)?;
                self.reserve(entry_bytes(&key))?;
                self.insert(key, value);
                if let Some(c) = &self.checkpoint {
                    if c.last.elapsed() >= c.every {
                        persist::save(self, &c.path.clone())?;
                        (c.on_save)(self.table.len(), &c.path);
                        if let Some(c) = &mut self.checkpoint {
                            c.last = Instant::now();
                        }
                    }
                }
                value
            }
        };
        if negative {
            value.try_neg()
        } else {
            Ok(value)
        }
    }

    /// The values of `moves`, each once, sorted: many moves reach equal values, and the
    /// engine's simplification is quadratic in the number of options. Each move is counted as
    /// open while it is valued, and each distinct value while the list is held.
    fn values(&mut self, mut moves: impl Iterator<Item = P>) -> Result<Vec<Game>, GameError> {
        let mut values = Vec::new();
        let result = moves.try_for_each(|m| {
            let value = self.holding(entry_bytes(&m), |search| search.value(&m))?;
            if let Err(at) = values.binary_search(&value) {
                self.reserve(VALUE_BYTES)?;
                self.open += VALUE_BYTES;
                values.insert(at, value);
            }
            Ok(())
        });
        self.open -= values.len() * VALUE_BYTES;
        result.map(|()| values)
    }
}

/// What one position costs in the table or a move list: its inline size, the heap bytes it
/// owns (a strip of 5000 cells owns 5000), and [`ENTRY_OVERHEAD`].
fn entry_bytes<P: PartizanRules>(position: &P) -> usize {
    std::mem::size_of::<P>() + position.heap_bytes() + ENTRY_OVERHEAD
}

/// One game's positions as text, with its transposition table: what the command line talks
/// to, so that it needs no game types.
pub trait Session {
    /// The position written back in the game's notation (an error when it does not parse).
    fn parse(&self, text: &str) -> Result<String, GameError>;
    /// The canonical form of a position.
    fn value(&mut self, text: &str) -> Result<Game, GameError>;
    /// How many moves `side` has from a position, counted without listing them.
    fn move_count(&self, text: &str, side: Side) -> Result<u128, GameError>;
    /// `side`'s moves from a position: each new position, written, with its value. Refused
    /// (`GameError::TooLarge`) past [`MAX_LISTED_MOVES`], before any is built.
    fn moves(&mut self, text: &str, side: Side) -> Result<Vec<(String, Game)>, GameError>;
    /// Where each of [`Session::moves`] acts, in the same order (see
    /// [`PartizanRules::move_sites`]).
    fn move_sites(&self, text: &str, side: Side) -> Result<Option<Vec<MoveSite>>, GameError>;
}

/// The most moves listed from one position or sum (`solve`, `explain`, `play`): each is
/// valued and written, so a cake of 10^18 rows (5·10^17 cuts) must be refused, not walked.
pub const MAX_LISTED_MOVES: u128 = 100_000;

/// The refusal for listing `count` moves of `side`.
pub fn too_many_moves(count: u128, side: Side) -> GameError {
    GameError::TooLarge(format!(
        "{} has {count} moves; at most {MAX_LISTED_MOVES} are listed",
        match side {
            Side::Left => "Left",
            Side::Right => "Right",
        }
    ))
}

impl<P: PartizanRules> Session for Search<P> {
    fn parse(&self, text: &str) -> Result<String, GameError> {
        Ok(text.parse::<P>()?.to_string())
    }

    fn value(&mut self, text: &str) -> Result<Game, GameError> {
        Search::value(self, &text.parse::<P>()?)
    }

    fn move_count(&self, text: &str, side: Side) -> Result<u128, GameError> {
        Ok(text.parse::<P>()?.move_count(side))
    }

    fn moves(&mut self, text: &str, side: Side) -> Result<Vec<(String, Game)>, GameError> {
        let position: P = text.parse()?;
        let count = position.move_count(side);
        if count > MAX_LISTED_MOVES {
            return Err(too_many_moves(count, side));
        }
        position
            .lazy_moves(side)
            .map(|m| Ok((m.to_string(), Search::value(self, &m)?)))
            .collect()
    }

    fn move_sites(&self, text: &str, side: Side) -> Result<Option<Vec<MoveSite>>, GameError> {
        Ok(text.parse::<P>()?.move_sites(side))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::games::toads_frogs::ToadsFrogs;
    use crate::partizan::games::toppling_dominoes::TopplingDominoes;

    fn row(text: &str) -> TopplingDominoes {
        text.parse().unwrap()
    }

    /// A key is counted with the cells it owns (the bug: 24 bytes for a row of 5000), once.
    #[test]
    fn a_key_counts_the_cells_it_owns() {
        let mut search = Search::<TopplingDominoes>::with_memory(1 << 20);
        let long = row(&"LR".repeat(2500));
        let one = entry_bytes(&long);
        assert!(one >= std::mem::size_of::<TopplingDominoes>() + 5000 + ENTRY_OVERHEAD);
        search.insert(long, Game::zero());
        assert_eq!(search.stored, one);
        search.insert(row(&"LR".repeat(2500)), Game::zero());
        assert_eq!(
            search.stored, one,
            "a key stored again is not counted twice"
        );
        search.insert(row("LRG"), Game::zero());
        assert_eq!(search.stored, one + entry_bytes(&row("LRG")));
    }

    /// Past the budget the search refuses and names the figure, and it can answer again
    /// afterwards (nothing is left counted as open).
    #[test]
    fn the_budget_counts_open_move_lists_and_refuses() {
        let mut search = Search::<TopplingDominoes>::with_memory(1 << 20);
        let err = search.value(&row(&"LR".repeat(2500))).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("open on the search's path")
                && text.contains("the 1.0 MiB this search was given"),
            "{text}"
        );
        assert_eq!(search.open, 0);
        assert_eq!(search.depth, 0);
        let small = row("LRLGR");
        let fresh = Search::<TopplingDominoes>::with_memory(1 << 20).value(&small);
        assert_eq!(search.value(&small).unwrap(), fresh.unwrap());
    }

    /// A long row holds a few rows per open region, not its whole move list: 2500 `LR` (10^4
    /// moves of up to 5000 cells a level, 20 GB along the path when the lists were held)
    /// descend to [`MAX_DEPTH`] within 128 MiB and are refused there, counted all the way
    /// down; a budget the path does not fit names the bytes.
    #[test]
    fn a_long_row_holds_one_move_a_level() {
        let long = row(&"LR".repeat(2500));
        let mut search = Search::<TopplingDominoes>::with_memory(128 << 20);
        let err = search.value(&long).unwrap_err().to_string();
        assert!(err.contains("more than 4000 moves deep"), "{err}");
        assert_eq!((search.open, search.depth), (0, 0));
        let mut search = Search::<TopplingDominoes>::with_memory(16 << 20);
        let err = search.value(&long).unwrap_err().to_string();
        assert!(
            err.contains("open on the search's path") && err.contains("the 16.0 MiB this search"),
            "{err}"
        );
        assert_eq!((search.open, search.depth), (0, 0));
    }

    /// A strip played for thousands of moves is refused at [`MAX_DEPTH`], not a stack
    /// overflow (run on a main-thread-sized stack, as the command line does; see the next
    /// test for smaller stacks).
    #[test]
    fn a_deep_search_is_refused_before_the_stack_overflows() {
        let text = std::thread::Builder::new()
            .stack_size(8 << 20)
            .spawn(|| {
                let strip: ToadsFrogs = format!("{}.{}", "T".repeat(100), "F".repeat(100))
                    .parse()
                    .unwrap();
                let mut search = Search::<ToadsFrogs>::with_memory(1 << 30);
                let err = search.value(&strip).unwrap_err().to_string();
                assert_eq!((search.open, search.depth), (0, 0));
                err
            })
            .unwrap()
            .join()
            .unwrap();
        assert!(text.contains("more than 4000 moves deep"), "{text}");
    }

    /// A library caller's thread may have a small stack (a spawned thread's default is 2 MiB):
    /// the search grows its own, so a strip that nests thousands of regions deep is refused
    /// at [`MAX_DEPTH`] on a 256 KiB thread too, not an abort; and a strip that ends gets the
    /// same value on a 64 KiB thread as on the main thread's 8 MiB (both aborted before).
    #[test]
    fn a_deep_search_is_safe_on_a_small_stack() {
        let on_stack = |stack: usize, text: &'static str| {
            std::thread::Builder::new()
                .stack_size(stack)
                .spawn(move || {
                    let strip: ToadsFrogs = text.parse().unwrap();
                    Search::<ToadsFrogs>::with_memory(1 << 30)
                        .value(&strip)
                        .map_err(|e| e.to_string())
                })
                .unwrap()
                .join()
                .unwrap()
        };
        let deep = format!("{}.{}", "T".repeat(100), "F".repeat(100)).leak();
        let err = on_stack(256 << 10, deep).unwrap_err();
        assert!(err.contains("more than 4000 moves deep"), "{err}");
        let fits = format!("TT{}F", ".".repeat(40)).leak();
        let small = on_stack(64 << 10, fits).unwrap();
        assert_eq!(small, on_stack(8 << 20, fits).unwrap());
    }
}
