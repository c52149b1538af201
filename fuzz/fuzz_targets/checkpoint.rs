//! Checkpoint files. The first byte picks the game (Officers, Kayles, Grundy's game) and the
//! mode:
//! - raw: the rest is the file;
//! - damaged: a true checkpoint of `G(0..300)`, then the rest read as edits (flip a bit, set a
//!   byte, cut the file, insert a byte); the file must be refused, or be unchanged and give
//!   back the same values, never other values;
//! - well formed: the rest is the body and the target appends the right checksum, so that
//!   the fields behind it are reached; a file that loads is then resumed by a real run, whose
//!   first heaps must be the game's (the resume spot check).
//!
//! Never a panic.
#![no_main]

use grundy::impartial::games::octal::checkpoint::{self, Fnv64};
use grundy::impartial::games::octal::rules::MoveRules;
use grundy::impartial::games::octal::sequence::Run;
use grundy::registry::parse_long_run;
use libfuzzer_sys::fuzz_target;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

const GAMES: [&str; 3] = ["officers", "kayles", "grundys-game"];

/// Heaps in the true checkpoints, and in the reference table.
const HEAPS: u64 = 300;

struct Game {
    rules: MoveRules,
    spec: String,
    /// `G(0..HEAPS)`, computed without a checkpoint.
    values: Vec<u16>,
    /// The bytes of a true checkpoint of `values`.
    file: Vec<u8>,
}

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("grundy-fuzz-{}-{name}", std::process::id()))
}

fn games() -> &'static [Game] {
    static GAMES_BUILT: OnceLock<Vec<Game>> = OnceLock::new();
    GAMES_BUILT.get_or_init(|| {
        GAMES
            .iter()
            .map(|name| {
                let game = parse_long_run(name).unwrap().unwrap();
                let (rules, spec) = (game.rules().clone(), game.spec().to_string());
                let outcome = Run::new(&rules, &spec).compute(HEAPS - 1).unwrap();
                let values: Vec<u16> = (0..HEAPS).map(|n| outcome.value(n).unwrap()).collect();
                let path = scratch("true.ck");
                checkpoint::save(&path, &spec, &values).unwrap();
                let file = std::fs::read(&path).unwrap();
                std::fs::remove_file(&path).unwrap();
                Game {
                    rules,
                    spec,
                    values,
                    file,
                }
            })
            .collect()
    })
}

fn read(bytes: &[u8], spec: &str) -> Result<Vec<u16>, grundy::GameError> {
    checkpoint::read(bytes, bytes.len() as u64, Path::new("fuzz.ck"), spec)
}

/// Applies edits of three bytes each (kind, where, what) to a copy of `file`.
fn damage(file: &[u8], edits: &[u8]) -> Vec<u8> {
    let mut bytes = file.to_vec();
    for edit in edits.chunks_exact(3) {
        let at = (edit[1] as usize * 7 + edit[2] as usize) % (bytes.len() + 1);
        match edit[0] % 4 {
            0 if at < bytes.len() => bytes[at] ^= 1 << (edit[2] % 8),
            1 if at < bytes.len() => bytes[at] = edit[2],
            2 => bytes.truncate(at),
            3 => bytes.insert(at, edit[2]),
            _ => {}
        }
    }
    bytes
}

fuzz_target!(|data: &[u8]| {
    grundy_fuzz::init();
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let game = &games()[choice as usize % GAMES.len()];
    match (choice / 4) % 3 {
        0 => {
            let _ = read(rest, &game.spec);
        }
        1 => {
            let bytes = damage(&game.file, rest);
            if let Ok(values) = read(&bytes, &game.spec) {
                assert_eq!(bytes, game.file, "a changed file was accepted");
                assert_eq!(values, game.values);
            }
        }
        _ => {
            let mut sum = Fnv64::default();
            sum.update(rest);
            let mut bytes = rest.to_vec();
            bytes.extend_from_slice(&sum.finish().to_le_bytes());
            let Ok(values) = read(&bytes, &game.spec) else {
                return;
            };
            let path = scratch("resume.ck");
            std::fs::write(&path, &bytes).unwrap();
            let to = values.len() as u64 + 20;
            let run = Run::new(&game.rules, &game.spec)
                .checkpoint(path.clone(), Duration::from_secs(3600))
                .compute(to);
            if let Ok(outcome) = run {
                for n in 0..to.min(256).min(HEAPS) {
                    assert_eq!(outcome.value(n), Some(game.values[n as usize]), "G({n})");
                }
            }
            let _ = std::fs::remove_file(&path);
        }
    }
});
