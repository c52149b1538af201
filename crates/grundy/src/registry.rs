//! The one registry of game names: [`CATALOGUE`] lists every family with its aliases, and
//! [`parse_spec`] is the one place that turns a GAME spec (`subtraction:1,3,4`) into a
//! [`Family`], the text adapter the CLI and the Python package talk to.
//!
//! To add a family: write `impartial/games/<name>.rs` (the definition as a [`HeapGame`] or
//! [`ImpartialGame`], its fast paths, and tests of each fast path against the generic
//! solver), then add one [`Entry`] here.
//!
//! [`HeapGame`]: crate::impartial::HeapGame
//! [`ImpartialGame`]: crate::impartial::ImpartialGame

use crate::error::GameError;
use crate::impartial::family::Family;
use crate::impartial::games::octal::{self, TakeAndBreak};
use crate::impartial::games::{
    chessboard, coin_product, coins, gcd, geography, geography_grid, hackenbush, loopy_graph,
    moore, nim, prime_heap, staircase, subtraction, wythoff,
};
use crate::impartial::heap::HeapFamily;
use crate::impartial::text::Text;

/// Builds a family from the text after `name:` (empty when there is none) and the whole spec
/// (for error messages).
pub type Builder = fn(args: &str, spec: &str) -> Result<Box<dyn Family>, GameError>;

/// One family in the catalogue: its spec name, what it is, an example, and its parser.
pub struct Entry {
    /// The name before the first `:` of a spec (or the whole spec).
    pub name: &'static str,
    /// Other names accepted for the same family.
    pub aliases: &'static [&'static str],
    /// One line on the rules and how values are computed.
    pub summary: &'static str,
    /// A complete example command line after `grundy`.
    pub example: &'static str,
    /// Builds the family from the text after `name:` (empty when there is none).
    pub build: Builder,
}

/// Every family grundy knows, in the order `grundy games` lists them. Each entry's example is
/// a command line that runs; names and aliases are unique.
///
/// ```
/// let nim = grundy::CATALOGUE.iter().find(|e| e.name == "nim").unwrap();
/// assert_eq!(nim.aliases, ["poker-nim"]);
/// assert!(nim.example.starts_with("solve nim"));
/// let family = (nim.build)("", "nim").unwrap();
/// assert_eq!(family.spec(), "nim");
/// ```
pub const CATALOGUE: &[Entry] = &[
    Entry {
        name: "nim",
        aliases: &["poker-nim"],
        summary: "Nim: take any number of tokens from one heap; G(n) = n (poker-nim: Nim with additions, same outcome)",
        example: "solve nim 3 5 7",
        build: |args, spec| plain(args, spec, HeapFamily::new(nim::Nim)),
    },
    Entry {
        name: "subtraction",
        aliases: &["sub"],
        summary: "subtraction game: remove s tokens, s in a set: numbers, ranges a..b, primes, squares, fibonacci, powers-of-2, or all-but:LIST",
        example: "solve subtraction:1,3,4 10 20 30",
        build: |args, spec| {
            Ok(Box::new(HeapFamily::new(subtraction::Subtraction::parse(
                args, spec,
            )?)))
        },
    },
    Entry {
        name: "mock-turtles",
        aliases: &["mock-turtle"],
        summary: "coin strip, heads at the given positions: turn 1, 2 or 3 coins, the rightmost heads→tails; a head at x is worth the x-th odious number",
        example: "solve mock-turtles 0 3 5",
        build: |args, spec| plain(args, spec, Text(coins::CoinStrip::new(coins::CoinGame::MockTurtles))),
    },
    Entry {
        name: "ruler",
        aliases: &[],
        summary: "coin strip: turn any run of consecutive coins, the rightmost heads→tails; a head at x is worth the largest power of 2 dividing x+1",
        example: "solve ruler 2 6 7",
        build: |args, spec| plain(args, spec, Text(coins::CoinStrip::new(coins::CoinGame::Ruler))),
    },
    Entry {
        name: "twins",
        aliases: &[],
        summary: "coin strip: turn exactly two coins, the rightmost heads→tails; a head at x is worth x (Twins is Nim)",
        example: "solve twins 3 5 7",
        build: |args, spec| plain(args, spec, Text(coins::CoinStrip::new(coins::CoinGame::Twins))),
    },
    Entry {
        name: "turning-corners",
        aliases: &["corners"],
        summary: "coin grid, heads `x,y`: turn the four corners of a rectangle, (x,y) heads→tails; a head is worth x ⊗ y (nim-product)",
        example: "solve turning-corners 3,5 6,2",
        build: |args, spec| plain(args, spec, Text(coin_product::CoinProduct::TURNING_CORNERS)),
    },
    Entry {
        name: "product",
        aliases: &["tartan"],
        summary: "coin grid product G1×G2 of two strips (mock-turtles, ruler, twins), heads `x,y`; Tartan theorem: worth G1(x) ⊗ G2(y)",
        example: "solve product:mock-turtles,ruler 2,3 4,1",
        build: |args, spec| Ok(Box::new(Text(coin_product::CoinProduct::parse(args, spec)?))),
    },
    Entry {
        name: "gcd",
        aliases: &[],
        summary: "gcd game: from a heap of x take y with gcd(x, y) = 1; G(odd x) = index of its smallest prime factor among the primes",
        example: "solve gcd 3 5 9",
        build: |args, spec| plain(args, spec, HeapFamily::new(gcd::Gcd::new())),
    },
    Entry {
        name: "prime-heap",
        aliases: &[],
        summary: "prime-heap game: take 1..K from one heap; whoever leaves some heap prime wins at once (one game, not a sum)",
        example: "solve prime-heap:7 1140 1139",
        build: |args, spec| Ok(Box::new(Text(prime_heap::PrimeHeap::parse(args, spec)?))),
    },
    Entry {
        name: "hackenbush",
        aliases: &["green-hackenbush"],
        summary: "Green Hackenbush: cut an edge; what no longer touches the ground (vertex 0) falls off. Position: @FILE of edges `u v`",
        example: "solve hackenbush @examples/graphs/hackenbush-house.txt",
        build: |args, spec| plain(args, spec, Text(hackenbush::Hackenbush)),
    },
    Entry {
        name: "geography",
        aliases: &["vertex-geography"],
        summary: "undirected vertex geography: slide the token to an unvisited neighbour. Position: @FILE of edges `u v` and `start S`",
        example: "solve geography @examples/graphs/petersen.txt",
        build: |args, spec| plain(args, spec, Text(geography::Geography)),
    },
    Entry {
        name: "geography-grid",
        aliases: &[],
        summary: "geography on an N×M board (`geography-grid:N,M`): step to an adjacent unvisited cell. Position: `r,c` (default the corner 0,0)",
        example: "solve geography-grid:1000,1000 0,0",
        build: |args, spec| Ok(Box::new(Text(geography_grid::GeographyGrid::parse(
                args, spec,
            )?))),
    },
    Entry {
        name: "graph",
        aliases: &["loopy"],
        summary: "explicit game graph, cycles allowed: moves `u v`, tokens `start S` (several = a sum); Smith's generalised Sprague–Grundy values, ∞ and draws. Position: @FILE",
        example: "solve graph @examples/graphs/loopy.txt",
        build: |args, spec| plain(args, spec, Text(loopy_graph::LoopyGraph)),
    },
    Entry {
        name: "wythoff",
        aliases: &[],
        summary: "Wythoff's game: a queen at a,b moves left, down or diagonally (take from one heap, or equally from both); one queen exact to 2^62, sums by Grundy table",
        example: "solve wythoff 4,6",
        build: |args, spec| plain(args, spec, Text(wythoff::Wythoff::new())),
    },
    Entry {
        name: "moore",
        aliases: &[],
        summary: "Moore's Nim_K: take from 1 to K heaps at once; POSITION lists the heaps of one game",
        example: "solve moore:2 3 5 6",
        build: |args, spec| Ok(Box::new(Text(moore::Moore::parse(args, spec)?))),
    },
    Entry {
        name: "staircase",
        aliases: &["staircase-nim"],
        summary: "staircase Nim: move coins from step i down to step i−1; POSITION lists coins per step, step 0 first",
        example: "solve staircase 3 1 4 1",
        build: |args, spec| plain(args, spec, Text(staircase::Staircase)),
    },
    Entry {
        name: "chessboard",
        aliases: &[],
        summary: "coins on an N×N board (chessboard:N, default 15), moving to (x−2,y±1) or (x±1,y−2); POSITION lists coins x,y (1-based)",
        example: "solve chessboard 5,4 3,3",
        build: |args, spec| Ok(Box::new(Text(chessboard::Chessboard::parse(args, spec)?))),
    },
    Entry {
        name: "octal",
        aliases: &OCTAL_NAMES,
        summary: "octal/hexadecimal take-and-break game by CGSuite code (0.137, 4.07, 0.f; `!` after a digit: the parts left must differ; a bare code is the same spec: `solve 0.6 5`); each of its names stands for one code, e.g. Grundy's game is 4!.0 (split a heap into two of different sizes)",
        example: "solve octal:0.77 10 20 30",
        build: |args, spec| {
            let (name, _) = split(spec);
            Ok(Box::new(HeapFamily::new(TakeAndBreak::from_name(
                &name, args, spec,
            )?)))
        },
    },
];

/// The names of octal games, read from the one table of their codes ([`octal::ALIASES`]).
const OCTAL_NAMES: [&str; octal::ALIASES.len()] = {
    let mut names = [""; octal::ALIASES.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = octal::ALIASES[i].0;
        i += 1;
    }
    names
};

/// What an alias stands for when it is not simply another name of its family: the code of a
/// named octal game (`kayles` → `0.77`).
pub fn alias_meaning(alias: &str) -> Option<&'static str> {
    octal::ALIASES
        .iter()
        .find(|(name, _)| *name == alias)
        .map(|(_, code)| *code)
}

/// A family without parameters (`nim`, `hackenbush`): any text after `name:` is refused.
fn plain(
    args: &str,
    spec: &str,
    family: impl Family + 'static,
) -> Result<Box<dyn Family>, GameError> {
    if !args.is_empty() {
        return Err(GameError::bad_spec(spec, "this game takes no parameters"));
    }
    Ok(Box::new(family))
}

/// A spec's lower-case name and the text after its first `:`.
fn split(spec: &str) -> (String, &str) {
    let trimmed = spec.trim();
    let (name, args) = trimmed.split_once(':').unwrap_or((trimmed, ""));
    (name.to_ascii_lowercase(), args.trim())
}

/// The catalogue entry of a name or alias: the one name lookup.
fn find(name: &str) -> Option<&'static Entry> {
    CATALOGUE
        .iter()
        .find(|e| e.name == name || e.aliases.contains(&name))
}

/// Parses a GAME spec such as `nim` or `subtraction:1,3,4`: a name or alias of [`CATALOGUE`],
/// then the family's own arguments after `:`; a bare octal code (`0.6`, `4.07`) stands for
/// `octal:<code>`. Errors name the spec and what is wrong.
///
/// ```
/// let game = grundy::parse_spec("sub:1,3,4").unwrap();
/// assert_eq!(game.spec(), "subtraction:1,3,4"); // the canonical spec, alias resolved
/// assert_eq!(grundy::parse_spec("0.6").unwrap().spec(), "octal:0.6");
/// let err = grundy::parse_spec("no-such-game").err().unwrap().to_string();
/// assert!(err.contains("no-such-game"), "{err}");
/// assert!(grundy::parse_spec("subtraction:1,x").is_err());
/// ```
pub fn parse_spec(spec: &str) -> Result<Box<dyn Family>, GameError> {
    let (entry, args) = resolve(spec)?;
    (entry.build)(args, spec)
}

/// The take-and-break game a spec names, for the long-run driver (progress, checkpoints,
/// statistics): octal codes and their names, and Grundy's game; `None` for other families
/// and unknown names.
pub fn parse_long_run(spec: &str) -> Result<Option<TakeAndBreak>, GameError> {
    match resolve(spec) {
        Ok((entry, args)) if entry.name == "octal" => {
            TakeAndBreak::from_name(&split(spec).0, args, spec).map(Some)
        }
        _ => Ok(None),
    }
}

/// The catalogue entry of a spec and the text for its builder. A bare code is the text after
/// `octal:`: no name starts with a digit or a point, so `0.6` can mean nothing else, and the
/// octal builder reads a name that is not one of its aliases as `octal`.
fn resolve(spec: &str) -> Result<(&'static Entry, &str), GameError> {
    let (name, args) = split(spec);
    if let Some(entry) = find(&name) {
        return Ok((entry, args));
    }
    let trimmed = spec.trim();
    if trimmed.starts_with(|c: char| c.is_ascii_digit() || c == '.') && trimmed.contains('.') {
        let octal = find("octal").expect("the catalogue has octal");
        return Ok((octal, trimmed));
    }
    Err(GameError::bad_spec(spec, unknown_name(&name)))
}

/// Why `name` names no game: a partizan game where one is meant (it has no Grundy values),
/// else the names closest to it and the list of families.
fn unknown_name(name: &str) -> String {
    if let Some(entry) = crate::partizan::games::catalogue::find(name, &[]) {
        return format!(
            "`{}` is a partizan game, which has no Grundy values (no table, period or count); `value`, `solve`, `explain`, `play` and `batch` take it, e.g. `grundy {}`",
            entry.name, entry.example
        );
    }
    if matches!(name, "misere" | "misère") {
        return "misère play is an option, not a game: `grundy solve --misere nim 1 2`".into();
    }
    let names: Vec<&str> = CATALOGUE.iter().map(|e| e.name).collect();
    let near = nearest_names(name);
    let tip = if near.is_empty() {
        String::new()
    } else {
        format!("did you mean `{}`? ", near.join("` or `"))
    };
    format!(
        "unknown game `{name}`; {tip}known games: {} (see `grundy games`)",
        names.join(", ")
    )
}

/// The names and aliases (impartial and partizan) a mistyped `name` most likely meant: those
/// it begins, or within a third of its length in edits (`kayle`, `grundy`, `dawson`).
fn nearest_names(name: &str) -> Vec<&'static str> {
    let partizan = crate::partizan::games::catalogue::CATALOGUE
        .iter()
        .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()));
    let all = CATALOGUE
        .iter()
        .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()))
        .chain(partizan);
    let reach = (name.chars().count() / 3).max(1);
    all.filter(|candidate| {
        (name.len() >= 3 && candidate.starts_with(name)) || edit_distance(name, candidate) <= reach
    })
    .take(3)
    .collect()
}

/// Levenshtein distance in characters, with one row of the table.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substituted = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substituted.min(diagonal + 1).min(row[j] + 1);
        }
    }
    row[b.len()]
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

    /// Each name is listed once: the octal names come from the table of their codes.
    #[test]
    fn every_name_is_listed_once_and_octal_names_have_codes() {
        let mut names: Vec<&str> = CATALOGUE
            .iter()
            .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()))
            .collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count);
        assert_eq!(alias_meaning("kayles"), Some("0.77"));
        assert_eq!(alias_meaning("poker-nim"), None);
        let octal = CATALOGUE.iter().find(|e| e.name == "octal").unwrap();
        for alias in octal.aliases {
            assert!(
                !octal.summary.contains(alias),
                "{alias} in the summary again"
            );
            assert!(parse_spec(alias).is_ok(), "{alias}");
        }
    }

    /// A bare code is `octal:<code>`: the same canonical spec and the same values, from the
    /// long-run driver too; a bad bare code gets the code's own error, not "unknown game".
    #[test]
    fn a_bare_code_is_an_octal_spec() {
        for (bare, canonical) in [
            ("0.6", "octal:0.6"),
            (".6", "octal:0.6"),
            (" 0.137 ", "octal:0.137"),
            ("4.07", "octal:4.07"),
            ("0.F", "octal:0.f"),
            ("4!.0", "octal:4!.0"),
        ] {
            let game = parse_spec(bare).unwrap();
            assert_eq!(game.spec(), canonical, "{bare}");
            let spelled = parse_spec(canonical).unwrap();
            for heap in ["0", "1", "7", "30", "101"] {
                assert_eq!(
                    game.value(heap).unwrap(),
                    spelled.value(heap).unwrap(),
                    "{bare} {heap}"
                );
            }
            let long = parse_long_run(bare).unwrap().expect("an octal game");
            assert_eq!(long.spec(), canonical);
        }
        // Officers (0.6): G(5) = 1, G(6) = 0 (Winning Ways).
        let officers = parse_spec("0.6").unwrap();
        assert_eq!(
            officers.value("5").unwrap(),
            parse_spec("officers").unwrap().value("5").unwrap()
        );
        let err = parse_spec("1.5").err().unwrap().to_string();
        assert!(
            err.contains("before the point is 1") && !err.contains("unknown"),
            "{err}"
        );
        let err = parse_spec("0.x").err().unwrap().to_string();
        assert!(err.contains("`x` is not a code digit"), "{err}");
        // A number without a point is not a code: the GAME was left out.
        let err = parse_spec("5").err().unwrap().to_string();
        assert!(err.contains("unknown game `5`"), "{err}");
        assert!(parse_long_run("nim").unwrap().is_none());
        assert!(parse_long_run("no-such-game").unwrap().is_none());
    }

    /// Near misses name what was meant; a partizan game is named as one.
    #[test]
    fn unknown_names_suggest_the_nearest() {
        for (typed, meant) in [
            ("kayle", "`kayles`"),
            ("grundy", "`grundys-game`"),
            ("Wythof", "`wythoff`"),
            ("subtract", "`subtraction`"),
            ("dawson", "`dawsons-kayles` or `dawsons-chess`"),
            ("dominering", "`domineering`"),
        ] {
            let err = parse_spec(typed).err().unwrap().to_string();
            assert!(
                err.contains(&format!("did you mean {meant}?")),
                "{typed}: {err}"
            );
        }
        let err = parse_spec("misere").err().unwrap().to_string();
        assert!(err.contains("`grundy solve --misere nim 1 2`"), "{err}");
        let err = parse_spec("xyzzy").err().unwrap().to_string();
        assert!(!err.contains("did you mean"), "{err}");
        let err = parse_spec("domineering").err().unwrap().to_string();
        assert!(
            err.contains("`domineering` is a partizan game") && !err.contains("unknown"),
            "{err}"
        );
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "nim"), 3);
        assert_eq!(edit_distance("nim", "nim"), 0);
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
