//! Game families, one file each, and the registry that turns a GAME spec into a [`Family`].
//!
//! To add a family: write `families/<name>.rs` (the definition as a [`HeapGame`] or
//! [`ImpartialGame`], its fast paths, and tests of each fast path against the generic
//! solver), then add one [`Entry`] to [`CATALOGUE`].
//!
//! [`HeapGame`]: crate::engine::HeapGame
//! [`ImpartialGame`]: crate::engine::ImpartialGame

pub mod grundys_game;
pub mod heap;
pub mod nim;
pub mod octal;
pub mod subtraction;

use crate::error::GameError;
use crate::family::Family;
use heap::HeapFamily;

/// Builds a family from the text after `name:` (empty when there is none) and the whole spec
/// (for error messages).
pub type Builder = fn(args: &str, spec: &str) -> Result<Box<dyn Family>, GameError>;

/// One family in the catalogue: its spec name, what it is, an example, and its parser.
pub struct Entry {
    /// The name before the first `:` of a spec (or the whole spec).
    pub name: &'static str,
    /// Other names accepted for the same family.
    pub aliases: &'static [&'static str],
    pub summary: &'static str,
    /// A complete example command line after `grundy`.
    pub example: &'static str,
    /// Builds the family from the text after `name:` (empty when there is none).
    pub build: Builder,
}

/// Every family grundy knows, in the order `grundy games` lists them.
pub const CATALOGUE: &[Entry] = &[
    Entry {
        name: "nim",
        aliases: &["poker-nim"],
        summary: "Nim: take any number of tokens from one heap; G(n) = n (poker-nim: Nim with additions, same outcome)",
        example: "solve nim 3 5 7",
        build: |args, spec| {
            no_args(args, spec)?;
            Ok(Box::new(HeapFamily::new(nim::Nim)))
        },
    },
    Entry {
        name: "subtraction",
        aliases: &["sub"],
        summary: "subtraction game: remove s tokens, s in a set (list and/or ranges a..b)",
        example: "solve subtraction:1,3,4 10 20 30",
        build: |args, spec| {
            Ok(Box::new(HeapFamily::new(subtraction::Subtraction::parse(
                args, spec,
            )?)))
        },
    },
    Entry {
        name: "octal",
        aliases: &[
            "kayles",
            "dawsons-kayles",
            "dawsons-chess",
            "treblecross",
            "officers",
        ],
        summary: "octal/hexadecimal take-and-break game by CGSuite code (0.137, 4.07, 0.f); kayles = 0.77, dawsons-kayles = 0.07, dawsons-chess = 0.137, treblecross = 0.007, officers = 0.6",
        example: "solve octal:0.77 10 20 30",
        build: |args, spec| {
            let name = spec.trim().split(':').next().unwrap_or("").trim().to_ascii_lowercase();
            Ok(Box::new(HeapFamily::new(octal::TakeAndBreak::from_name(
                &name, args, spec,
            )?)))
        },
    },
    Entry {
        name: grundys_game::NAME,
        aliases: &[],
        summary: "Grundy's game: split one heap into two heaps of different sizes",
        example: "solve grundys-game 10 20 30",
        build: |args, spec| {
            Ok(Box::new(HeapFamily::new(grundys_game::parse(args, spec)?)))
        },
    },
];

fn no_args(args: &str, spec: &str) -> Result<(), GameError> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(GameError::bad_spec(spec, "this game takes no parameters"))
    }
}

/// Parses a GAME spec such as `nim` or `subtraction:1,3,4`.
pub fn parse_spec(spec: &str) -> Result<Box<dyn Family>, GameError> {
    let trimmed = spec.trim();
    let (name, args) = trimmed.split_once(':').unwrap_or((trimmed, ""));
    let name = name.to_ascii_lowercase();
    let entry = CATALOGUE
        .iter()
        .find(|e| e.name == name || e.aliases.contains(&name.as_str()))
        .ok_or_else(|| {
            let names: Vec<&str> = CATALOGUE.iter().map(|e| e.name).collect();
            GameError::bad_spec(
                spec,
                format!(
                    "unknown game `{name}`; known games: {} (see `grundy games`)",
                    names.join(", ")
                ),
            )
        })?;
    (entry.build)(args.trim(), spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_example_parses() {
        for entry in CATALOGUE {
            let spec = entry.example.split_whitespace().nth(1).unwrap();
            assert!(parse_spec(spec).is_ok(), "{}", entry.example);
        }
    }

    #[test]
    fn unknown_names_list_the_known_ones() {
        let err = parse_spec("chess").err().unwrap().to_string();
        assert!(
            err.contains("unknown game `chess`") && err.contains("nim"),
            "{err}"
        );
        assert!(parse_spec("nim:3").is_err());
    }
}
