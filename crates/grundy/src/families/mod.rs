//! Game families, one file each, and the registry that turns a GAME spec into a [`Family`].
//!
//! To add a family: write `families/<name>.rs` (the definition as a [`HeapGame`] or
//! [`ImpartialGame`], its fast paths, and tests of each fast path against the generic
//! solver), then add one [`Entry`] to [`CATALOGUE`].
//!
//! [`HeapGame`]: crate::engine::HeapGame
//! [`ImpartialGame`]: crate::engine::ImpartialGame

pub mod geography;
pub mod geography_grid;
pub mod graph_file;
pub mod hackenbush;
pub mod heap;
pub mod loopy_graph;
pub mod nim;
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
        name: "hackenbush",
        aliases: &["green-hackenbush"],
        summary: "Green Hackenbush: cut an edge; what no longer touches the ground (vertex 0) falls off. Position: @FILE of edges `u v`",
        example: "solve hackenbush @examples/graphs/hackenbush-house.txt",
        build: |args, spec| {
            no_args(args, spec)?;
            Ok(Box::new(hackenbush::Hackenbush))
        },
    },
    Entry {
        name: "geography",
        aliases: &["vertex-geography"],
        summary: "undirected vertex geography: slide the token to an unvisited neighbour. Position: @FILE of edges `u v` and `start S`",
        example: "solve geography @examples/graphs/petersen.txt",
        build: |args, spec| {
            no_args(args, spec)?;
            Ok(Box::new(geography::Geography))
        },
    },
    Entry {
        name: "geography-grid",
        aliases: &[],
        summary: "geography on an N×M board (`geography-grid:N,M`): step to an adjacent unvisited cell. Position: `r,c` (default the corner 0,0)",
        example: "solve geography-grid:1000,1000 0,0",
        build: |args, spec| Ok(Box::new(geography_grid::GeographyGrid::parse(args, spec)?)),
    },
    Entry {
        name: "graph",
        aliases: &["loopy"],
        summary: "explicit game graph, cycles allowed: moves `u v`, tokens `start S` (several = a sum); Smith's generalised Sprague–Grundy values, ∞ and draws. Position: @FILE",
        example: "solve graph @examples/graphs/loopy.txt",
        build: |args, spec| {
            no_args(args, spec)?;
            Ok(Box::new(loopy_graph::LoopyGraph))
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
