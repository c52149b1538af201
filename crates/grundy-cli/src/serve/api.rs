//! The JSON API of `grundy serve`, free of HTTP: a command name and its JSON body in, the
//! answer `--json` prints out. Every answer comes from the CLI command's own function
//! (`commands::solve::answer`, …), so the page and the terminal cannot disagree. Bounds that
//! keep one request small (rows per page, heaps per plot, seconds per period search) and the
//! rule that graph files are uploaded as text are enforced here.

use crate::commands::{self, partizan, PlayArgs};
use crate::output::Answer;
use crate::plot::Kind;
use grundy::impartial::explain::Derivation;
use grundy::impartial::family::{Family, Play, Winner};
use grundy::impartial::play::{parse_command, parse_command_for, Advice, Command, Session, Side};
use grundy::numeric::number::parse_u64_expr;
use grundy::partizan::games::catalogue::Entry;
use grundy::partizan::games::col::Col;
use grundy::partizan::games::snort::Snort;
use grundy::partizan::games::tinted_graph::TintedGraph;
use grundy::partizan::games::{solve as partizan_solve, Side as PartizanSide};
use grundy::registry::parse_spec;
use grundy::theory::period::PeriodReport;
use grundy::GameError;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The commands `POST /api/<command>` answers (and `GET /api/games`).
pub const COMMANDS: &[&str] = &[
    "solve",
    "value",
    "table",
    "period",
    "explain",
    "plot",
    "games",
    "play",
    "hint",
    "cgt",
    "thermograph",
];

/// Most rows of one table page (values); a page of derivations holds at most
/// [`MAX_EXPLAINED_ROWS`].
pub const MAX_TABLE_ROWS: u64 = 2000;
/// Most derivations one table page holds (each lists every option).
pub const MAX_EXPLAINED_ROWS: u64 = 200;
/// Largest heap a table page or a plot reaches: the sequence is computed up to it.
pub const MAX_HEAP: u64 = 1 << 20;
/// Most heaps one plot draws (the SVG holds a point per heap).
pub const MAX_PLOTTED: u64 = 10_000;
/// Longest and default period search, and its largest table.
pub const MAX_PERIOD_SECONDS: f64 = 5.0;
const DEFAULT_PERIOD_SECONDS: f64 = 2.0;
const MAX_PERIOD_HEAP: u64 = 1 << 22;
/// Most components in one request.
pub const MAX_COMPONENTS: usize = 1000;
/// Most legal moves a play answer lists for the page's board.
pub const MAX_LISTED_MOVES: usize = 2000;

/// Why a request was refused: the CLI's message, said with a 4xx status by the server.
#[derive(Debug)]
pub struct Refusal(pub String);

impl From<GameError> for Refusal {
    fn from(e: GameError) -> Refusal {
        Refusal(e.to_string().replace('\n', " "))
    }
}

/// Answers `command` with body `body`: the text `grundy <command> … --json` prints.
pub fn answer(command: &str, body: Value) -> Result<String, Refusal> {
    match command {
        "games" => written(&commands::games::answer()),
        "solve" => with_files(body, |r: Positions| {
            let refs = r.refs()?;
            let play = PlayArgs { misere: r.misere };
            written(&commands::solve::answer(&r.game, &refs, play)?)
        }),
        "explain" => with_files(body, |r: Positions| {
            written(&commands::explain::answer(&r.game, &r.refs()?)?)
        }),
        "value" => with_files(body, |r: One| {
            written(&commands::value::answer(&r.game, &r.position)?)
        }),
        "table" => written(&parse(body).and_then(table)?),
        "period" => written(&parse(body).and_then(period)?),
        "plot" => written(&parse(body).and_then(plot)?),
        "cgt" => written(&commands::cgt::answer(&parse::<Expr>(body)?.expr)?),
        "thermograph" => written(&commands::thermograph::answer(&parse::<Expr>(body)?.expr)?),
        "play" => with_files(body, |r| written(&play(r)?)),
        "hint" => with_files(body, |r| written(&hint(r)?)),
        other => Err(Refusal(format!(
            "there is no command `{other}`: the API has {}",
            COMMANDS.join(", ")
        ))),
    }
}

/// Largest answer: past this the request asked for more than a page should show.
pub const ANSWER_LIMIT: usize = 16 << 20;

/// `value` as JSON text, refused as soon as it grows past [`ANSWER_LIMIT`], so that a huge
/// answer (millions of winning moves) never sits in memory whole.
fn written<T: serde::Serialize>(value: &T) -> Result<String, Refusal> {
    struct Limited(Vec<u8>);
    impl std::io::Write for Limited {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            if self.0.len() + bytes.len() > ANSWER_LIMIT {
                return Err(std::io::Error::other("the answer is too long"));
            }
            self.0.extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut out = Limited(Vec::new());
    match serde_json::to_writer(&mut out, value) {
        Ok(()) => String::from_utf8(out.0).map_err(|e| Refusal(format!("writing JSON: {e}"))),
        Err(e) if e.is_io() => Err(Refusal(format!(
            "the answer is longer than {}, more than this server sends; ask for less (the CLI has no such limit)",
            grundy::limits::human_bytes(ANSWER_LIMIT as u128)
        ))),
        Err(e) => Err(Refusal(format!("writing JSON: {e}"))),
    }
}

fn parse<T: DeserializeOwned>(body: Value) -> Result<T, Refusal> {
    serde_json::from_value(body).map_err(|e| Refusal(format!("bad request: {e}")))
}

/// A heap bound given as a number or as text such as `"2^20"`.
#[derive(Deserialize)]
#[serde(untagged)]
enum Number {
    Integer(u64),
    Text(String),
}

impl Number {
    fn get(&self, what: &str) -> Result<u64, Refusal> {
        match self {
            Number::Integer(n) => Ok(*n),
            Number::Text(text) => {
                parse_u64_expr(text).map_err(|e| Refusal(format!("`{what}`: {e}")))
            }
        }
    }
}

/// `solve` and `explain`: `{"game", "positions": [...], "misere"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Positions {
    game: String,
    #[serde(default)]
    positions: Vec<String>,
    #[serde(default)]
    misere: bool,
    /// Graphs uploaded as text, named by `@NAME` positions (see [`with_files`]).
    #[serde(default)]
    #[allow(dead_code)]
    files: BTreeMap<String, String>,
}

/// The positions of a request as `&str`, refused past [`MAX_COMPONENTS`].
fn component_refs(positions: &[String]) -> Result<Vec<&str>, Refusal> {
    if positions.len() > MAX_COMPONENTS {
        return Err(Refusal(format!(
            "{} components in one request; the server takes at most {MAX_COMPONENTS}",
            positions.len()
        )));
    }
    Ok(positions.iter().map(String::as_str).collect())
}

impl Positions {
    fn refs(&self) -> Result<Vec<&str>, Refusal> {
        component_refs(&self.positions)
    }
}

/// `value`: `{"game", "position"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct One {
    game: String,
    position: String,
    #[serde(default)]
    #[allow(dead_code)]
    files: BTreeMap<String, String>,
}

/// `cgt` and `thermograph`: `{"expr"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expr {
    expr: String,
}

/// `table`: `{"game", "to", "from" (default 0), "explain"}`; one page of `table --json`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    game: String,
    to: Number,
    from: Option<Number>,
    #[serde(default)]
    explain: bool,
}

fn table(r: Table) -> Result<Answer<Vec<Derivation>>, Refusal> {
    let to = r.to.get("to")?;
    let from = r.from.as_ref().map_or(Ok(0), |f| f.get("from"))?;
    if to > MAX_HEAP {
        return Err(Refusal(format!(
            "a table page ends at most at heap {MAX_HEAP} on this server (asked: {to}); use `grundy table` for more"
        )));
    }
    let rows = to.saturating_sub(from) + 1;
    let most = if r.explain {
        MAX_EXPLAINED_ROWS
    } else {
        MAX_TABLE_ROWS
    };
    if rows > most {
        return Err(Refusal(format!(
            "a page holds at most {most} rows (asked: {rows}, from {from} to {to}); ask for the next page with `from`"
        )));
    }
    Ok(commands::table::page(&r.game, from, to, r.explain)?)
}

/// `period`: `{"game", "max", "time"}` (seconds, at most [`MAX_PERIOD_SECONDS`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Period {
    game: String,
    max: Option<Number>,
    time: Option<f64>,
}

fn period(r: Period) -> Result<PeriodReport, Refusal> {
    let max = r
        .max
        .as_ref()
        .map_or(Ok(MAX_PERIOD_HEAP), |m| m.get("max"))?;
    let time = r.time.unwrap_or(DEFAULT_PERIOD_SECONDS);
    if !(time > 0.0 && time <= MAX_PERIOD_SECONDS) {
        return Err(Refusal(format!(
            "`time` is {time} seconds; the server searches for more than 0 and at most {MAX_PERIOD_SECONDS} seconds"
        )));
    }
    if max > MAX_PERIOD_HEAP {
        return Err(Refusal(format!(
            "`max` is {max}; the server grows tables to at most {MAX_PERIOD_HEAP}"
        )));
    }
    let search = commands::period::SearchArgs {
        game: r.game,
        max,
        time: Duration::from_secs_f64(time),
    };
    Ok(commands::period::answer(&search)?.1)
}

/// `plot`: `{"game", "to", "kind": "scatter"|"histogram"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlotRequest {
    game: String,
    to: Number,
    kind: Option<String>,
}

fn plot(r: PlotRequest) -> Result<Value, Refusal> {
    let to = r.to.get("to")?;
    if to >= MAX_PLOTTED {
        return Err(Refusal(format!(
            "a plot on this server draws fewer than {MAX_PLOTTED} heaps (asked: to {to}); use `grundy plot` for more"
        )));
    }
    let kind = match r.kind.as_deref().unwrap_or("scatter") {
        "scatter" => Kind::Scatter,
        "histogram" => Kind::Histogram,
        other => {
            return Err(Refusal(format!(
                "`kind` is `{other}`: scatter or histogram"
            )))
        }
    };
    Ok(commands::plot::answer(&r.game, to, kind)?)
}

/// `play` and `hint`: the game, the position, the person's move (`COMPONENT TO`, as typed in
/// `grundy play`; none: the engine moves), and the person's side in partizan games.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRequest {
    game: String,
    positions: Vec<String>,
    #[serde(rename = "move")]
    played: Option<String>,
    /// Whether the engine replies (default yes); `false` with no move shows the position to
    /// the person who moves first, with their legal moves.
    reply: Option<bool>,
    side: Option<String>,
    #[serde(default)]
    #[allow(dead_code)]
    files: BTreeMap<String, String>,
}

impl PlayRequest {
    fn refs(&self) -> Result<Vec<&str>, Refusal> {
        component_refs(&self.positions)
    }

    fn side(&self) -> Result<PartizanSide, Refusal> {
        match self.side.as_deref().map(str::to_ascii_lowercase).as_deref() {
            None | Some("left") => Ok(PartizanSide::Left),
            Some("right") => Ok(PartizanSide::Right),
            Some(other) => Err(Refusal(format!("`side` is `{other}`: left or right"))),
        }
    }
}

/// How the page draws a game's board: a presentation hint, not a rule.
fn board(name: &str, family: Option<&dyn Family>) -> &'static str {
    match name {
        "wythoff" => "queen",
        "mock-turtles" | "ruler" | "twins" => "coins",
        "domineering" | "clobber" | "konane" => "grid",
        "brg-hackenbush" => "stalk",
        "toads-and-frogs" | "toppling-dominoes" => "strip",
        "snort" | "col" => "graph",
        _ if family.is_some_and(|f| {
            grundy::impartial::play::draws_heaps(f) && !f.whole_position_moves()
        }) =>
        {
            "heaps"
        }
        _ => "text",
    }
}

/// For the `"graph"` board (Snort, Col): each position's graph as the library parsed it,
/// `{"path", "vertices": [{"index", "state", "at"}], "edges": [[u, v]]}`, so that the page
/// draws vertices and edges without reading the notation. `state` is `uncoloured`,
/// `tinted-left` or `tinted-right` (only that player may colour it; coloured vertices have
/// left the graph); `at` is the character the vertex is written at, which the moves' `at`
/// names; `path` says the graph is the path `0-1-…`, written `.-.-.`. `None` for other games.
fn graphs(name: &str, positions: &[String]) -> Result<Option<Vec<Value>>, GameError> {
    let parsed: fn(&str) -> Result<TintedGraph, GameError> = match name {
        "snort" => |p| Ok(p.parse::<Snort>()?.graph().clone()),
        "col" => |p| Ok(p.parse::<Col>()?.graph().clone()),
        _ => return Ok(None),
    };
    let drawn = |position: &String| -> Result<Value, GameError> {
        let g = parsed(position)?;
        let vertices: Vec<Value> = (0..g.vertex_count())
            .map(|v| {
                let state = match g.tint(v) {
                    None => "uncoloured",
                    Some(PartizanSide::Left) => "tinted-left",
                    Some(PartizanSide::Right) => "tinted-right",
                };
                json!({"index": v, "state": state, "at": g.site(v)})
            })
            .collect();
        let edges: Vec<[usize; 2]> = g.edges().map(|(u, v)| [u, v]).collect();
        Ok(json!({"path": g.is_path(), "vertices": vertices, "edges": edges}))
    };
    positions
        .iter()
        .map(drawn)
        .collect::<Result<_, _>>()
        .map(Some)
}

/// One stateless step of `grundy play`: the person's move (if any) and the engine's reply.
fn play(r: PlayRequest) -> Result<Value, Refusal> {
    let refs = r.refs()?;
    if let Some(entry) = partizan::find(&r.game, &refs) {
        return play_partizan(entry, &r);
    }
    if r.side.is_some() {
        return Err(Refusal(format!(
            "`side` chooses Left or Right in partizan games; in `{}` both players have the same moves",
            r.game
        )));
    }
    let family = parse_spec(&r.game)?;
    let family = family.as_ref();
    let reply = r.reply.unwrap_or(true);
    let first = if r.played.is_some() || !reply {
        Side::Human
    } else {
        Side::Engine
    };
    let mut session = Session::new(family, r.positions.clone(), first)?;
    let mut yours = None;
    let mut warning = None;
    if let Some(text) = &r.played {
        let whole = family.whole_position_moves();
        let count = session.positions().len();
        let (component, to) = match parse_command_for(text, count, whole).map_err(Refusal)? {
            Command::Move { component, to } if whole => (component.min(count - 1), to),
            Command::Move { component, to } => (component, to),
            _ => return Err(not_a_move(text)),
        };
        let before = session.positions().to_vec();
        let was_won = won(family, &before);
        session
            .play_human(component, &to)
            .map_err(|e| Refusal(commands::play::illegal_move_message(e)))?;
        if was_won && session.winner().is_none() && won(family, session.positions()) {
            warning = Some(
                "that move throws your win away: the position was won for you, and now I can win",
            );
        }
        yours = Some(json!({"component": component, "from": before.get(component), "to": to}));
    }
    let engine = match session.winner() {
        None if reply => Some(advice_json(&session.play_engine()?)),
        _ => None,
    };
    let winner = session.winner().map(|w| match w {
        Side::Human => "you",
        Side::Engine => "engine",
    });
    let positions = session.positions().to_vec();
    let (moves, omitted) = match winner {
        Some(_) => (Vec::new(), false),
        None => impartial_moves(family, &positions)?,
    };
    let spec = family.spec();
    Ok(json!({
        "game": spec,
        "board": board(spec.split(':').next().unwrap_or_default(), Some(family)),
        "your_move": yours,
        "warning": warning,
        "engine_move": engine,
        "positions": positions,
        "winner": winner,
        "moves": moves,
        "moves_omitted": omitted,
    }))
}

fn not_a_move(text: &str) -> Refusal {
    Refusal(format!(
        "`{}` is not a move: `move` is written `COMPONENT TO` (hint: POST /api/hint; the engine's reason comes with its move)",
        text.trim()
    ))
}

/// Whether the player to move wins `positions` (normal play).
fn won(family: &dyn Family, positions: &[String]) -> bool {
    let refs: Vec<&str> = positions.iter().map(String::as_str).collect();
    family.outcome(&refs, Play::Normal).ok() == Some(Winner::First)
}

fn advice_json(m: &Advice) -> Value {
    json!({
        "component": m.component,
        "from": m.from,
        "to": m.to,
        "wins": m.wins,
        "why": commands::play::render(m, &|i| i.to_string()),
    })
}

/// The person's legal moves, `{"component", "to"}` each, so the page can turn a click on the
/// board into a move without knowing the rules; at most [`MAX_LISTED_MOVES`].
fn impartial_moves(
    family: &dyn Family,
    positions: &[String],
) -> Result<(Vec<Value>, bool), GameError> {
    let components: Vec<String> = if family.whole_position_moves() {
        vec![positions.join(" ")]
    } else {
        positions.to_vec()
    };
    let mut moves = Vec::new();
    for (component, position) in components.iter().enumerate() {
        let listed = match family.moves(position) {
            Ok(listed) => listed,
            Err(GameError::TooLarge(_)) => return Ok((moves, true)),
            Err(e) => return Err(e),
        };
        for to in listed {
            if moves.len() == MAX_LISTED_MOVES {
                return Ok((moves, true));
            }
            moves.push(json!({"component": component, "to": to}));
        }
    }
    Ok((moves, false))
}

fn play_partizan(entry: &Entry, r: &PlayRequest) -> Result<Value, Refusal> {
    let human = r.side()?;
    let engine_side = human.other();
    let mut session = (entry.session)();
    let mut positions: Vec<String> = r
        .positions
        .iter()
        .map(|p| session.parse(p))
        .collect::<Result<_, _>>()?;
    let mut yours = None;
    if let Some(text) = &r.played {
        let (component, to) = match parse_command(text, positions.len()).map_err(Refusal)? {
            Command::Move { component, to } => (component, to),
            _ => return Err(not_a_move(text)),
        };
        let from = positions[component].clone();
        let to = partizan::legal(session.as_mut(), &from, &to, human)
            .map_err(|e| Refusal(commands::play::illegal_move_message(e)))?;
        positions[component] = to.clone();
        yours = Some(json!({"component": component, "from": from, "to": to}));
    }
    let texts: Vec<&str> = positions.iter().map(String::as_str).collect();
    let engine = match r.reply {
        Some(false) => Ok(None),
        _ => partizan_solve::advise(session.as_mut(), &texts, engine_side)?
            .map(Some)
            .ok_or(()),
    };
    let mut winner = None;
    let engine = match engine {
        Ok(None) => None,
        Err(()) => {
            winner = Some("you");
            None
        }
        Ok(Some(advice)) => {
            let c = advice.choice.component;
            let from = std::mem::replace(&mut positions[c], advice.choice.to.clone());
            let mut reply = json!({"component": c, "from": from, "to": advice.choice.to, "wins": advice.wins, "why": advice.reason()});
            if let Some(label) = &advice.choice.label {
                reply["label"] = json!(label);
            }
            Some(reply)
        }
    };
    let mut moves = Vec::new();
    if winner.is_none() {
        for (component, position) in positions.iter().enumerate() {
            let listed = session.moves(position, human)?;
            // Where each move acts, for games whose notation does not show it by itself.
            let sites = session.move_sites(position, human)?;
            for (k, (to, _)) in listed.into_iter().enumerate() {
                let mut entry = json!({"component": component, "to": to});
                if let Some(site) = sites.as_ref().and_then(|s| s.get(k)) {
                    entry["at"] = json!(site.at);
                    entry["label"] = json!(site.label);
                }
                moves.push(entry);
            }
        }
        if moves.is_empty() {
            winner = Some("engine");
        }
    }
    let omitted = moves.len() > MAX_LISTED_MOVES;
    moves.truncate(MAX_LISTED_MOVES);
    let mut answer = json!({
        "game": entry.name,
        "board": board(entry.name, None),
        "side": partizan::side_name(human),
        "your_move": yours,
        "warning": null,
        "engine_move": engine,
        "positions": positions,
        "winner": winner,
        "moves": moves,
        "moves_omitted": omitted,
    });
    if let Some(graphs) = graphs(entry.name, &positions)? {
        answer["graphs"] = json!(graphs);
    }
    Ok(answer)
}

/// `hint`: the move the engine would make for the person, and why.
fn hint(r: PlayRequest) -> Result<Value, Refusal> {
    let refs = r.refs()?;
    if let Some(entry) = partizan::find(&r.game, &refs) {
        let mut session = (entry.session)();
        let positions: Vec<String> = refs
            .iter()
            .map(|p| session.parse(p))
            .collect::<Result<_, _>>()?;
        let texts: Vec<&str> = positions.iter().map(String::as_str).collect();
        return match partizan_solve::advise(session.as_mut(), &texts, r.side()?)? {
            Some(a) => {
                let mut answer = json!({
                    "component": a.choice.component,
                    "from": positions[a.choice.component],
                    "to": a.choice.to,
                    "wins": a.wins,
                    "why": a.reason(),
                });
                if let Some(label) = &a.choice.label {
                    answer["label"] = json!(label);
                }
                Ok(answer)
            }
            None => Err(Refusal(
                "no hint: you have no move; the game is over".into(),
            )),
        };
    }
    let family = parse_spec(&r.game)?;
    let session = Session::new(family.as_ref(), r.positions.clone(), Side::Human)?;
    let advice = session
        .hint()
        .map_err(|e| Refusal(format!("no hint: {e}")))?;
    Ok(advice_json(&advice))
}

/// Where uploaded graph texts are written for one request; removed when dropped.
struct Uploads(PathBuf);

impl Drop for Uploads {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Parses `body` as `T`, with its graph positions taken from the request, never from the
/// server's disk: `"files": {"NAME": "TEXT"}` uploads a graph, and a position `@NAME` names
/// it. The texts are written to a fresh private directory for the length of the request (the
/// library reads graphs from files), and an `@` position naming anything else is refused.
fn with_files<T: DeserializeOwned>(
    mut body: Value,
    answer: impl FnOnce(T) -> Result<String, Refusal>,
) -> Result<String, Refusal> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let files: BTreeMap<String, String> = match body.get("files") {
        Some(files) => serde_json::from_value(files.clone())
            .map_err(|e| Refusal(format!("bad request: `files`: {e}")))?,
        None => BTreeMap::new(),
    };
    let dir = std::env::temp_dir().join(format!(
        "grundy-serve-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let uploads = Uploads(dir.clone());
    if !files.is_empty() {
        std::fs::create_dir_all(&dir)
            .map_err(|e| Refusal(format!("cannot store the uploaded files: {e}")))?;
    }
    for (name, text) in &files {
        let plain = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
            && !name.starts_with('.');
        if !plain {
            return Err(Refusal(format!(
                "file name `{name}`: use letters, digits, `.`, `_` and `-`"
            )));
        }
        std::fs::write(dir.join(name), text)
            .map_err(|e| Refusal(format!("cannot store the uploaded file `{name}`: {e}")))?;
    }
    let prefix = format!("{}/", dir.display());
    let rewrite = |text: &mut Value| -> Result<(), Refusal> {
        let Value::String(s) = text else {
            return Ok(());
        };
        let Some(name) = s.trim().strip_prefix('@') else {
            return Ok(());
        };
        let name = name.split('#').next().unwrap_or_default();
        if !files.contains_key(name) {
            return Err(Refusal(format!(
                "`{s}`: the server reads no files from its disk; upload the graph's text as \"files\": {{\"NAME\": \"…\"}} and write the position `@NAME`"
            )));
        }
        *s = s.trim().replacen('@', &format!("@{prefix}"), 1);
        Ok(())
    };
    if let Some(Value::Array(positions)) = body.get_mut("positions") {
        positions.iter_mut().try_for_each(&rewrite)?;
    }
    if let Some(position) = body.get_mut("position") {
        rewrite(position)?;
    }
    let request: T = parse(body)?;
    // Answers and messages speak of `@NAME`, not of the private directory.
    let result = answer(request)
        .map(|text| text.replace(&prefix, ""))
        .map_err(|Refusal(m)| Refusal(m.replace(&prefix, "")));
    drop(uploads);
    result
}
