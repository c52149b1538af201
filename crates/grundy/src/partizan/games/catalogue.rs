//! The partizan games by name, with their conventions and an example each: what
//! `grundy games` lists and how every command finds a partizan game.

use super::clobber::Clobber;
use super::col::Col;
use super::cutcake::Cutcake;
use super::domineering::Domineering;
use super::hackenbush::Hackenbush;
use super::konane::Konane;
use super::search::{Search, Session};
use super::snort::Snort;
use super::toads_frogs::ToadsFrogs;
use super::toppling_dominoes::TopplingDominoes;
use super::PartizanRules;

/// One partizan game.
pub struct Entry {
    /// The name on the command line.
    pub name: &'static str,
    /// Other names accepted for it.
    pub aliases: &'static [&'static str],
    /// The rules and the notation, Left's side first.
    pub summary: &'static str,
    /// A complete example command line after `grundy`.
    pub example: &'static str,
    /// A fresh session (an empty transposition table) for this game.
    pub session: fn() -> Box<dyn Session>,
}

fn session<P: PartizanRules>() -> Box<dyn Session> {
    Box::new(Search::<P>::default())
}

/// Every partizan game, in the order `grundy games` lists them.
pub const CATALOGUE: &[Entry] = &[
    Entry {
        name: "domineering",
        aliases: &[],
        summary: "Domineering: place a domino on two empty cells; Left vertical, Right horizontal (CGSuite's convention). Rows separated by `|`, `.` empty, `#` blocked",
        example: "value domineering ..#|...|...",
        session: session::<Domineering>,
    },
    Entry {
        name: "brg-hackenbush",
        aliases: &["blue-red-hackenbush", "hackenbush-brg"],
        summary: "Blue-Red-Green Hackenbush: cut a blue (L, Left's), red (R, Right's) or green (G, anyone's) edge; what loses contact with the ground falls. A stalk `LRG` from the ground up, `@FILE` of lines `u v COLOUR` (ground 0), or `0-1L,1-2R`; `hackenbush STALK` works too",
        example: "value brg-hackenbush LRLRRLLR",
        session: session::<Hackenbush>,
    },
    Entry {
        name: "toads-and-frogs",
        aliases: &["toads-frogs", "toads"],
        summary: "Toads and Frogs on a strip `TT..FF`: a toad T (Left's) steps right onto an empty square or jumps one frog; a frog F (Right's) does the same leftwards",
        example: "value toads-and-frogs T.TFF",
        session: session::<ToadsFrogs>,
    },
    Entry {
        name: "clobber",
        aliases: &[],
        summary: "Clobber: move one of your stones onto an orthogonally adjacent enemy stone, removing it. `x` Left, `o` Right, `.` empty, rows separated by `|`",
        example: "solve clobber xox|ox.",
        session: session::<Clobber>,
    },
    Entry {
        name: "konane",
        aliases: &[],
        summary: "Konane: jump one of your stones over an adjacent enemy stone onto an empty cell, removing it; further jumps in the same direction are allowed. `x` Left, `o` Right, `.` empty, rows separated by `|`",
        example: "value konane xo.|.ox|...",
        session: session::<Konane>,
    },
    Entry {
        name: "cutcake",
        aliases: &[],
        summary: "Cutcake (CGSuite's convention): `m,n` is m rows of n columns; Left cuts vertically (splitting n), Right horizontally (splitting m). Sums of pieces as `2,3+1,4`",
        example: "value cutcake 8,3",
        session: session::<Cutcake>,
    },
    Entry {
        name: "snort",
        aliases: &[],
        summary: "Snort: colour a vertex, never next to the opponent's colour. Paths `L-.-.-R`, graphs `TINTS/EDGES` (`L..R/0-1,1-2`) or `@FILE`; `.` uncoloured, `L`/`R` tinted (only that player may colour it)",
        example: "value snort L-.-.-.-L",
        session: session::<Snort>,
    },
    Entry {
        name: "col",
        aliases: &[],
        summary: "Col: colour a vertex, never next to your own colour. Paths `L-.-.-R`, graphs `TINTS/EDGES` (`L..R/0-1,1-2`) or `@FILE`; `.` uncoloured, `L`/`R` tinted (only that player may colour it)",
        example: "value col R-.-R-.-L-.-R-.-R-.",
        session: session::<Col>,
    },
    Entry {
        name: "toppling-dominoes",
        aliases: &["toppling"],
        summary: "Toppling Dominoes: topple one of your dominoes left or right; it and all beyond it fall. A row of `L` (blue, Left's), `R` (red, Right's), `G` (green, anyone's)",
        example: "value toppling-dominoes LRRLRRL",
        session: session::<TopplingDominoes>,
    },
];

/// The partizan game a command names, if any. `hackenbush` is the impartial Green Hackenbush
/// of `@FILE` pictures; with stalks (`hackenbush LRLRRLLR`) it is Blue-Red-Green Hackenbush.
pub fn find(name: &str, positions: &[&str]) -> Option<&'static Entry> {
    let name = name.trim().to_ascii_lowercase();
    if name == "hackenbush"
        && !positions.is_empty()
        && positions.iter().all(|p| !p.trim().starts_with('@'))
    {
        return CATALOGUE.iter().find(|e| e.name == "brg-hackenbush");
    }
    CATALOGUE
        .iter()
        .find(|e| e.name == name || e.aliases.contains(&name.as_str()))
}
