//! Human text, in one layer: the library computes data (a solution, a derivation, a
//! certificate, statistics) and this module words it. The CLI prints these strings and the
//! Python package returns them; no other module of the library builds sentences for people,
//! apart from error messages and the one-line method names of `theory::period::certify`.

use crate::impartial::explain::{Certificate, Derivation, Explanation, MoveReason};
use crate::impartial::family::{Family, Move, Solution, Winner};
use crate::impartial::games::octal::stats::Stats;
use crate::impartial::play::Advice;
use crate::theory::period::census::CensusSummary;

impl Solution {
    /// The report `grundy solve` prints for `family`'s position: components, value, winner,
    /// winning moves, method.
    pub fn render(&self, family: &dyn Family) -> String {
        let spec = family.spec();
        let whole = family.whole_position_moves();
        let s = self;
        let mut text = String::new();
        let parts: Vec<String> = s
            .components
            .iter()
            .map(|c| match c.grundy {
                Some(g) => format!("G({}) = {g}", c.position),
                None => c.position.clone(),
            })
            .collect();
        text.push_str(&format!("game: {spec}\n"));
        text.push_str(&format!("components: {}\n", parts.join(", ")));
        match s.grundy {
            Some(g)
                if s.components.len() > 1 && s.components.iter().all(|c| c.grundy.is_some()) =>
            {
                text.push_str(&format!(
                    "Grundy value: {} = {g}\n",
                    s.components
                        .iter()
                        .filter_map(|c| c.grundy.map(|v| v.to_string()))
                        .collect::<Vec<_>>()
                        .join(" ⊕ ")
                ))
            }
            Some(g) => text.push_str(&format!("Grundy value: {g}\n")),
            None => {}
        }
        text.push_str(match s.winner {
            Winner::First => "winner: first player (the player to move)\n",
            Winner::Second => "winner: second player (every move loses)\n",
            Winner::Draw => "winner: none — perfect play never ends (draw)\n",
        });
        if !s.winning_moves.is_empty() {
            text.push_str(&format!("winning moves ({}):\n", s.winning_moves.len()));
            for m in &s.winning_moves {
                text.push_str(&format!("  {}\n", solution_move(s, m, whole)));
            }
        }
        if let Some(reason) = &s.moves_omitted {
            text.push_str(&format!("winning moves: not listed — {reason}\n"));
        }
        if let Some(m) = &s.one_winning_move {
            text.push_str(&format!(
                "one winning move: {}\n",
                solution_move(s, m, whole)
            ));
        }
        text.push_str(&format!("method: {}", s.method));
        text
    }
}

impl Derivation {
    /// One line: `n = 4: the moves leave {3, 1, 0}, so G(4) = mex{…} = mex{1, 1, 0} = 2`.
    pub fn render(&self) -> String {
        let label = if self.position.bytes().all(|b| b.is_ascii_digit()) {
            format!("n = {}", self.position)
        } else {
            format!("position {}", self.position)
        };
        let p = &self.position;
        if self.options.is_empty() {
            return format!("{label}: no moves, so G({p}) = mex{{}} = 0");
        }
        // Cells (`3,5`) and tuples already hold commas: list such options with `; `.
        let separator = if self.options.iter().any(|o| o.position.contains([',', ' '])) {
            "; "
        } else {
            ", "
        };
        let leaves = join_with(separator, self.options.iter().map(|o| o.position.clone()));
        let terms = join_with(
            separator,
            self.options.iter().map(|o| {
                match &o.parts[..] {
                    [] => "0".to_string(),
                    // One part: name it by the move (`G(3)` for a token moved to 3, not the
                    // whole `@FILE#at=3`); for heaps and cells the two are the same.
                    [_] => format!("G({})", o.position),
                    parts => parts
                        .iter()
                        .map(|part| format!("G({})", part.position))
                        .collect::<Vec<_>>()
                        .join("⊕"),
                }
            }),
        );
        let part_values = join(self.options.iter().map(|o| {
            match &o.parts[..] {
                [] => "0".to_string(),
                parts => parts
                    .iter()
                    .map(|part| part.grundy.map_or("?".to_string(), |v| v.to_string()))
                    .collect::<Vec<_>>()
                    .join("⊕"),
            }
        }));
        let values = join(self.options.iter().map(|o| o.grundy.to_string()));
        // Options that split a heap need one more step: first the parts, then their nim-sums.
        let sums = if part_values == values {
            String::new()
        } else {
            format!(" = mex{{{values}}}")
        };
        // Options that leave nothing have no term to evaluate: skip the repeated step.
        let terms = if terms == part_values {
            String::new()
        } else {
            format!("mex{{{terms}}} = ")
        };
        format!(
            "{label}: the moves leave {{{leaves}}}, so G({p}) = {terms}mex{{{part_values}}}{sums} = {}",
            self.grundy
        )
    }
}

/// A move of a solution as `solve` prints it: `component 0: 7 → 5`.
fn solution_move(s: &Solution, m: &Move, whole: bool) -> String {
    // Tuple games (Moore's Nim, staircase: `whole`) write a move as the whole new position,
    // which may change several entries: it reads against the whole old one.
    if whole {
        let entries: Vec<&str> = s.components.iter().map(|c| c.position.as_str()).collect();
        return format!("{} → {}", entries.join(" "), m.to);
    }
    let from = s
        .components
        .get(m.component)
        .map_or("?", |c| c.position.as_str());
    format!("component {}: {from} → {}", m.component, m.to)
}

fn join(items: impl Iterator<Item = String>) -> String {
    join_with(", ", items)
}

/// Most options written out in a derivation line; the rest are counted, so that a heap with
/// 10^5 options still reads as one line (the mex is always taken over all of them, and
/// `--json` lists them all).
pub const MAX_SHOWN_OPTIONS: usize = 20;

fn join_with(separator: &str, items: impl Iterator<Item = String>) -> String {
    let mut shown: Vec<String> = Vec::new();
    let mut more = 0usize;
    for item in items {
        if shown.len() < MAX_SHOWN_OPTIONS {
            shown.push(item);
        } else {
            more += 1;
        }
    }
    if more > 0 {
        shown.push(format!("… and {more} more options"));
    }
    shown.join(separator)
}

impl MoveReason {
    /// The argument in words, starting from the nim-sum before the move. Components are
    /// numbered from `first_index` (0 in `explain`, like `solve`).
    pub fn render(&self, first_index: usize) -> String {
        self.render_labelled(&|i| (i + first_index).to_string())
    }

    /// [`MoveReason::render`] with each component named by `label` (`play` keeps a
    /// component's number for the whole game, through splits and emptied heaps).
    pub fn render_labelled(&self, label: &dyn Fn(usize) -> String) -> String {
        if self.values_before.len() == 1 {
            return self.render_step_labelled(label);
        }
        let relation = if self.total_before == 0 { "" } else { " ≠ 0" };
        format!(
            "{} = {}{relation}; {}",
            xor_expression(&self.values_before),
            self.total_before,
            self.render_step_labelled(label)
        )
    }

    /// The move and what it does to the nim-sum (for lists under an already stated sum).
    pub fn render_step(&self, first_index: usize) -> String {
        self.render_step_labelled(&|i| (i + first_index).to_string())
    }

    fn render_step_labelled(&self, label: &dyn Fn(usize) -> String) -> String {
        let label = label(self.component);
        let from_value = self.values_before[self.component];
        let after = xor_expression(&self.values_after());
        let step = format!("component {label}: {} → {}", self.from, self.to);
        let single = self.values_before.len() == 1;
        match (self.total_before == 0, self.wins()) {
            (true, _) => format!(
                "every move loses against perfect play; {step} changes G = {from_value} to G = {}, giving {after} = {}, and the opponent can always bring it back to 0",
                self.to_grundy, self.total_after
            ),
            (false, true) if single => format!(
                "{step} changes G = {from_value} to G = 0: the opponent faces a zero position, from which every move leads to a non-zero value"
            ),
            (false, true) => format!(
                "{step} changes G = {from_value} to G = {} = {} ⊕ {from_value}, so the nim-sum becomes {after} = 0: the opponent faces a zero position, where every move makes it non-zero again",
                self.to_grundy, self.total_before
            ),
            (false, false) => format!(
                "{step} changes G = {from_value} to G = {}, giving {after} = {} ≠ 0: the opponent can win from there",
                self.to_grundy, self.total_after
            ),
        }
    }
}

impl Certificate {
    /// One paragraph: the period, the window checked, and the theorem's own statement.
    pub fn render(&self) -> String {
        format!(
            "period: G(n + {p}) = G(n) for every n ≥ {i} (preperiod {i}, period {p}), certified: checked for {i} ≤ n ≤ {c} in a table of G(0..={t}); the theorem needs {i} ≤ n ≤ {need}. Theorem: {th}.",
            p = self.period,
            i = self.preperiod,
            c = self.checked_to,
            t = self.table_to,
            need = self.needed_to,
            th = self.theorem
        )
    }
}

impl Explanation {
    /// The report `grundy explain` prints: derivations, the nim-sum, the winner, why each
    /// winning move wins (the first few and a count), the certificate and the method.
    pub fn render(&self) -> String {
        let mut lines = vec![format!("game: {}", self.game)];
        for c in &self.components {
            if let (Some(r), Some(cert)) = (&c.period_reduction, &self.certificate) {
                let (i, p) = (cert.preperiod, cert.period);
                lines.push(format!(
                    "G({h}) = G({r}) by the certified period (preperiod {i}, period {p}): {h} = {r} + {p}·{k} and {r} ≥ {i}",
                    h = r.heap,
                    r = r.reduced,
                    k = (r.heap - r.reduced) / p
                ));
            }
            let why = c.no_derivation.as_deref().unwrap_or_default();
            lines.push(match (&c.derivation, c.grundy) {
                (Some(d), _) => d.render(),
                (None, Some(g)) => format!(
                    "G({}) = {g} by {}; no derivation: {why}",
                    c.position, self.method
                ),
                (None, None) => format!("{}: not a nimber; no derivation: {why}", c.position),
            });
        }
        let values: Option<Vec<u64>> = self.components.iter().map(|c| c.grundy).collect();
        if let (Some(values), Some(total)) = (values, self.grundy) {
            let names: Vec<String> = self
                .components
                .iter()
                .map(|c| format!("G({})", c.position))
                .collect();
            let relation = if total == 0 { "" } else { " ≠ 0" };
            let sum = if values.len() > 1 {
                format!(
                    "nim-sum: {} = {} = {total}{relation}",
                    names.join(" ⊕ "),
                    xor_expression(&values)
                )
            } else {
                format!("value: {} = {total}{relation}", names[0])
            };
            lines.push(sum);
        }
        lines.push(match self.winner {
            // Without a nimber (prime-heap's win at once, a loopy ∞) no nim-sum decides it:
            // the family's rule, in `method`, does.
            Winner::First if self.grundy.is_none() => {
                "winner: the first player (the player to move), by the rule under `method`".to_string()
            }
            Winner::First => "winner: the first player (the player to move): some move leaves a nim-sum of 0".to_string(),
            Winner::Second => "winner: the second player: every move changes exactly one value, so it leaves a non-zero nim-sum, from which the opponent can always return to 0".to_string(),
            Winner::Draw => "winner: none — perfect play never ends (draw)".to_string(),
        });
        push_moves(
            &mut lines,
            "",
            self.winning_moves.iter().map(|m| m.render_step(0)),
        );
        push_moves(
            &mut lines,
            ", by the rule under `method`",
            self.rule_moves.iter().map(|m| {
                let (c, from, to) = (m.component, &m.from, &m.to);
                format!("component {c}: {from} → {to}")
            }),
        );
        if let Some(c) = &self.certificate {
            lines.push(c.render());
        }
        lines.push(format!("method: {}", self.method));
        lines.join("\n")
    }
}

/// `winning moves (N){how}:` and the first moves, one a line, then a count of the others (the
/// JSON lists them all); nothing when there are none.
fn push_moves(lines: &mut Vec<String>, how: &str, moves: impl ExactSizeIterator<Item = String>) {
    let count = moves.len();
    if count == 0 {
        return;
    }
    lines.push(format!("winning moves ({count}){how}:"));
    lines.extend(moves.take(MAX_SHOWN_OPTIONS).map(|m| format!("  {m}")));
    if let Some(more) = count.checked_sub(MAX_SHOWN_OPTIONS + 1) {
        lines.push(format!(
            "  … and {} more winning moves (`grundy solve` or `--json` lists them all)",
            more + 1
        ));
    }
}

impl Stats {
    /// The human form, one fact a line.
    pub fn describe(&self) -> String {
        let mut text = format!(
            "game: {}\nheaps: {} (G(0..={}))\nlargest value: {}, first at heap {}\nrare mask: {} ({} rare heaps, last at {})\nchecksum: fnv1a64 {}\nchecksum (ogsolve, c1:c0 running sums): {}",
            self.game,
            self.heaps,
            self.heaps.saturating_sub(1),
            self.largest_value,
            self.largest_first_at,
            self.rare_mask,
            self.rare_count,
            self.last_rare.map_or("none".to_string(), |n| n.to_string()),
            self.checksum.as_deref().unwrap_or(
                "not computed (over 2^31 heaps repeat a certified period; FNV has no shortcut)"
            ),
            self.ogsolve_checksum,
        );
        if let Some(p) = self.period {
            text.push_str(&format!(
                "\nperiod: preperiod {}, period {} (certified)",
                p.preperiod, p.period
            ));
        }
        text
    }

    /// `--histogram`: one line per value, `G = v: count` over heaps `1..heaps`.
    pub fn describe_histogram(&self) -> String {
        let mut text = format!("histogram (heaps 1..={}):", self.heaps.saturating_sub(1));
        for (v, count) in self.histogram.iter().enumerate() {
            text.push_str(&format!("\n  {v}: {count}"));
        }
        text
    }
}

impl CensusSummary {
    /// A human summary.
    pub fn render(&self) -> String {
        let mut text = String::from("sets per period (period: count):\n");
        let entries: Vec<String> = self
            .per_period
            .iter()
            .map(|(p, count)| match p {
                Some(p) => format!("{p}: {count}"),
                None => format!("uncertified: {count}"),
            })
            .collect();
        for line in entries.chunks(8) {
            text.push_str(&format!("  {}\n", line.join(", ")));
        }
        let list = |title: &str, records: &[(u64, u64, Vec<u64>)], first: &str, second: &str| {
            let mut out = format!("{title}:\n");
            for (a, b, set) in records {
                let set: Vec<String> = set.iter().map(u64::to_string).collect();
                out.push_str(&format!(
                    "  {first} {a}, {second} {b}: {{{}}}\n",
                    set.join(",")
                ));
            }
            out
        };
        text.push_str(&list(
            "longest periods",
            &self.longest_periods,
            "period",
            "preperiod",
        ));
        text.push_str(&list(
            "longest preperiods",
            &self.longest_preperiods,
            "preperiod",
            "period",
        ));
        text.trim_end().to_string()
    }
}

impl Advice {
    /// The argument in words; components numbered from `first_index`.
    pub fn render(&self, first_index: usize) -> String {
        match &self.values {
            Some(reason) => reason.render(first_index),
            None => format!(
                "component {}: {} → {}: {}",
                self.component + first_index,
                self.from,
                self.to,
                self.argument
            ),
        }
    }
}

/// `1 ⊕ 2 ⊕ 0` (or just `1` for one component).
fn xor_expression(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ⊕ ")
}
