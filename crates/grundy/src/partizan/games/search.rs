//! The generic canonical-form search: a position is the sum of its regions, and a region is
//! `{values of Left's moves | values of Right's moves}`, simplified by the engine
//! ([`Game::from_options`]). Regions are looked up in a transposition table under their
//! normalised key, so a region met again — or its mirror image, or its negative — costs one
//! lookup.

use super::{persist, MoveSite, PartizanRules, Side};
use crate::error::GameError;
use crate::limits::{human_bytes, memory_budget};
use crate::partizan::Game;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Bytes one table entry costs beyond its key: the value, hash-map slack, and the engine's
/// interned forms it keeps alive (measured on Domineering, about one new form per 3 regions).
const ENTRY_OVERHEAD: usize = 64;

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
    /// Most entries the memory budget allows.
    capacity: usize,
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
        Search::with_memory(memory_budget() as usize / 2)
    }
}

impl<P: PartizanRules> Search<P> {
    /// A table that refuses to grow past about `bytes` of memory.
    pub fn with_memory(bytes: usize) -> Search<P> {
        Search {
            table: HashMap::default(),
            capacity: bytes / (std::mem::size_of::<P>() + ENTRY_OVERHEAD),
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
        self.table.insert(key, value);
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
        let mut sum = Game::zero();
        for region in position.components() {
            sum = sum.try_add(self.region(&region)?)?;
        }
        Ok(sum)
    }

    fn region(&mut self, region: &P) -> Result<Game, GameError> {
        if let Some(value) = region.shortcut() {
            return Ok(value);
        }
        let (key, negative) = region.normalise();
        let value = match self.table.get(&key) {
            Some(&value) => value,
            None => {
                let left = self.values(key.moves(Side::Left))?;
                let right = self.values(key.moves(Side::Right))?;
                let value = Game::try_from_options(&left, &right)?;
                if self.table.len() >= self.capacity {
                    return Err(GameError::TooLarge(format!(
                        "the transposition table reached {} regions (about {}), the memory this machine allows; try a smaller position",
                        self.table.len(),
                        human_bytes((self.table.len() * (std::mem::size_of::<P>() + ENTRY_OVERHEAD)) as u128)
                    )));
                }
                self.table.insert(key, value);
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

    /// The values of `positions`, each once: many moves reach equal values, and the engine's
    /// simplification is quadratic in the number of options.
    fn values(&mut self, positions: Vec<P>) -> Result<Vec<Game>, GameError> {
        let mut values = positions
            .iter()
            .map(|p| self.value(p))
            .collect::<Result<Vec<Game>, _>>()?;
        values.sort_unstable();
        values.dedup();
        Ok(values)
    }
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
            .moves(side)
            .iter()
            .map(|m| Ok((m.to_string(), Search::value(self, m)?)))
            .collect()
    }

    fn move_sites(&self, text: &str, side: Side) -> Result<Option<Vec<MoveSite>>, GameError> {
        Ok(text.parse::<P>()?.move_sites(side))
    }
}
