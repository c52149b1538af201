//! Derivations as data: *why* a position has its Grundy value and *why* a move wins, in the
//! form learners write by hand —
//! `n = 4: the moves leave {3, 1, 0}, so G(4) = mex{G(3), G(1), G(0)} = mex{1, 1, 0} = 2`.
//!
//! Everything here is a serde struct (`grundy explain --json`) with a human renderer next to
//! it, so the text and the JSON always say the same thing. The values come from
//! [`Family::options`]; the mex is recomputed here, so a derivation is an independent check of
//! the family's value (the tests compare the two).

use crate::error::GameError;
use crate::impartial::family::{Family, Move, OptionReport, Play, Winner};
use crate::numeric::mex;
use crate::theory::period::PeriodRule;
use crate::theory::period::{certify, search, Budget, HeapSequence, Period};
use std::time::Duration;

/// `G(position) = mex{values of its options}`, with every option listed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Derivation {
    /// The position derived.
    pub position: String,
    /// Every option with its value (the text shows the first few and a count).
    pub options: Vec<OptionReport>,
    /// The mex of the options' values.
    pub grundy: u64,
}

/// The derivation of one component: `G(position)` by the mex rule.
pub fn derive(family: &dyn Family, position: &str) -> Result<Derivation, GameError> {
    let options = family.options(position)?;
    let grundy = mex(options.iter().map(|o| o.grundy));
    Ok(Derivation {
        position: position.trim().to_string(),
        options,
        grundy,
    })
}

/// One move, with the values before and after: why it wins, or (from a zero position) why
/// nothing does.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MoveReason {
    /// 0-based index of the component moved in.
    pub component: usize,
    /// The component before the move.
    pub from: String,
    /// What the move leaves in its place.
    pub to: String,
    /// The components' values before the move.
    pub values_before: Vec<u64>,
    /// The value of what the move leaves in place of the component.
    pub to_grundy: u64,
    /// The nim-sum before and after the move.
    pub total_before: u64,
    /// The nim-sum after the move (0 for a winning move).
    pub total_after: u64,
}

impl MoveReason {
    /// The reason for moving `component` from `from` to `to` (value `to_grundy`), given the
    /// components' values before; the nim-sums are computed here.
    pub fn new(
        component: usize,
        from: &str,
        to: &str,
        values_before: Vec<u64>,
        to_grundy: u64,
    ) -> MoveReason {
        let total_before = values_before.iter().fold(0, |a, v| a ^ v);
        let total_after = total_before ^ values_before[component] ^ to_grundy;
        MoveReason {
            component,
            from: from.to_string(),
            to: to.to_string(),
            values_before,
            to_grundy,
            total_before,
            total_after,
        }
    }

    /// Whether the move leaves the opponent a zero position (a win with perfect play).
    pub fn wins(&self) -> bool {
        self.total_after == 0
    }

    /// The values after the move, component by component.
    pub fn values_after(&self) -> Vec<u64> {
        let mut after = self.values_before.clone();
        after[self.component] = self.to_grundy;
        after
    }
}

/// A winning move where the values are not nimbers (prime-heap's move onto a prime, a loopy
/// game's move to a position of value 0 beside an ∞): the family's rule, in `method`, decides
/// it, not a nim-sum, so it carries no values.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RuleMove {
    /// 0-based index of the component moved in.
    pub component: usize,
    /// The component before the move.
    pub from: String,
    /// What the move leaves in its place.
    pub to: String,
}

/// A certified period of a heap sequence, in words: which theorem and which window of the
/// table was checked.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Certificate {
    /// Heaps before the periodic part.
    pub preperiod: u64,
    /// `G(n + period) = G(n)` for `n ≥ preperiod`.
    pub period: u64,
    /// The theorem that turns a finite check into a proof.
    pub theorem: String,
    /// The table that was computed: `G(0..=table_to)`.
    pub table_to: u64,
    /// `G(n + period) = G(n)` was checked for `checked_from ≤ n ≤ checked_to`.
    pub checked_from: u64,
    /// The last `n` of that check.
    pub checked_to: u64,
    /// The smallest window the theorem needs: `checked_from ≤ n ≤ needed_to`.
    pub needed_to: u64,
}

/// How far `explain` looks for a certificate: the `period` command's default table limit
/// (2^22), by the same search (`period::search`), so the two can only differ by the budget,
/// never by a separate table of their own. The tables within [`CERTIFICATE_WORK`] are always
/// computed, whatever the clock says; only the rounds past it are bounded by `time`.
pub const CERTIFICATE_BUDGET: Budget = Budget {
    start: 1023,
    max: 1 << 22,
    time: Some(Duration::from_secs(2)),
};

/// The work (options visited, [`HeapSequence::value_work`]) of the tables `explain` always
/// computes in its certificate search: about 2^27, under a second by the definition even on a
/// loaded machine, so a certificate within it is the same on every machine and at any load
/// (the closed form of `subtraction:1..1000000` certifies from 2·10^6 values, Kayles from
/// 10^3). Games whose tables cost more (Officers, or `octal:0.16`, whose rare-value run beats
/// the definition by far) go on round by round while [`CERTIFICATE_BUDGET`]'s time allows.
pub const CERTIFICATE_WORK: u128 = 1 << 27;

/// The certified period of `family`'s heap sequence, if its theorem proves one within
/// [`CERTIFICATE_WORK`], or within [`CERTIFICATE_BUDGET`] past it (`None` for non-heap
/// families and sequences with no rule).
pub fn certificate(family: &dyn Family) -> Result<Option<Certificate>, GameError> {
    certificate_within(family, CERTIFICATE_BUDGET.time)
}

/// [`certificate`] with another limit on the rounds past [`CERTIFICATE_WORK`] (`None`: up to
/// [`CERTIFICATE_BUDGET`]'s `max`, however long it takes; what tests compare against, since
/// their answer must not depend on the machine's load).
pub fn certificate_within(
    family: &dyn Family,
    time: Option<Duration>,
) -> Result<Option<Certificate>, GameError> {
    let Some(sequence) = family.sequence() else {
        return Ok(None);
    };
    // A closed form answers every heap by itself (the method says so): a certificate is for
    // answers read from a table.
    let rule = sequence.period_rule();
    if matches!(rule, PeriodRule::None | PeriodRule::ClosedForm { .. }) {
        return Ok(None);
    }
    let sure = last_round_within_work(sequence);
    let mut found = search(
        sequence,
        Budget {
            max: sure,
            time: None,
            ..CERTIFICATE_BUDGET
        },
    )?;
    if found.certified.is_none() && sure < CERTIFICATE_BUDGET.max {
        let further = Budget {
            start: next_round(sure),
            time,
            ..CERTIFICATE_BUDGET
        };
        // A first round past the memory budget ends the search with what it has.
        match search(sequence, further) {
            Ok(more) => found = more,
            Err(GameError::TooLarge(_)) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(found
        .certified
        .map(|period| Certificate::describe(period, rule, found.values.len() as u64)))
}

/// The round after the one that computes `G(0..=to)` (the search doubles its table).
fn next_round(to: u64) -> u64 {
    to.saturating_mul(2).saturating_add(1)
}

/// The largest round of the certificate search (`start`, `2·start + 1`, …, at most `max`)
/// whose table costs at most [`CERTIFICATE_WORK`]; the first round always counts.
fn last_round_within_work(sequence: &dyn HeapSequence) -> u64 {
    let Budget { start, max, .. } = CERTIFICATE_BUDGET;
    let mut round = start.min(max);
    let mut work = (0..=round).fold(0u128, |w, n| w.saturating_add(sequence.value_work(n)));
    while round < max {
        let further = next_round(round).min(max);
        let within = (round + 1..=further).try_fold(work, |w, n| {
            let w = w.saturating_add(sequence.value_work(n));
            (w <= CERTIFICATE_WORK).then_some(w)
        });
        match within {
            Some(w) => (round, work) = (further, w),
            None => break,
        }
    }
    round
}

impl Certificate {
    /// The certificate of `period` proved by `rule` from the table `G(0..len)`; the theorem's
    /// wording and window come from [`certify`], where the theorem is stated.
    fn describe(period: Period, rule: PeriodRule, len: u64) -> Certificate {
        let (i, p) = (period.preperiod, period.period);
        Certificate {
            preperiod: i,
            period: p,
            theorem: certify::statement(rule).expect("only a rule with a theorem certifies"),
            table_to: len - 1,
            checked_from: i,
            checked_to: len - 1 - p,
            needed_to: certify::last_checked(rule, i, p).expect("the rule has a theorem") as u64,
        }
    }
}

/// `G(heap) = G(reduced)` by the certified period: a large heap is explained by the small heap
/// of its residue class, whose derivation is short, instead of by its own options (10^5 of
/// them for Kayles at 10^5).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PeriodReduction {
    /// The heap asked about.
    pub heap: u64,
    /// `preperiod + (heap − preperiod) mod period`: the heap whose derivation is shown.
    pub reduced: u64,
}

/// Heaps up to this are derived from their own options (what a student checks by hand);
/// larger ones by the heap of their residue class under the certified period.
pub const PERIOD_REDUCTION_FROM: u64 = 1000;

/// Heaps above this are not derived when the family answers by a closed form: the closed
/// form is the explanation, and listing ~10^6 options would take seconds to say less.
pub const CLOSED_FORM_DERIVATION_LIMIT: u64 = 10_000;

/// A component of an explained sum.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ComponentExplanation {
    /// The component as the family writes it (`1000`, not `10^3`).
    pub position: String,
    /// Its Grundy value (`null` where it is not a nimber).
    pub grundy: Option<u64>,
    /// Set when the derivation shown is that of a smaller heap with the same value by the
    /// certified period.
    pub period_reduction: Option<PeriodReduction>,
    /// The mex derivation; `null` where the options cannot be listed (then
    /// `no_derivation` says why: the family cannot list them, or there are too many).
    pub derivation: Option<Derivation>,
    /// Why there is no derivation.
    pub no_derivation: Option<String>,
}

/// Everything `grundy explain GAME POSITION...` says.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Explanation {
    /// The game's canonical spec.
    pub game: String,
    /// One entry per component of the sum.
    pub components: Vec<ComponentExplanation>,
    /// The nim-sum of the components (`null` where a value is not a nimber).
    pub grundy: Option<u64>,
    /// Who wins with perfect play.
    pub winner: Winner,
    /// Every winning move, each with the argument why it wins.
    pub winning_moves: Vec<MoveReason>,
    /// Every winning move when the values are not all nimbers (then `winning_moves` is
    /// empty): the rule under `method` decides them.
    pub rule_moves: Vec<RuleMove>,
    /// The certified period of the heap sequence, where a theorem gives one.
    pub certificate: Option<Certificate>,
    /// How the values were computed (closed form, period, table, search).
    pub method: String,
}

/// Explains a sum of positions (one or more components) under normal play.
pub fn explain(family: &dyn Family, positions: &[&str]) -> Result<Explanation, GameError> {
    let solution = family.solve(positions, Play::Normal)?;
    // What to derive: the whole position in whole-position games (one value, the game's),
    // standalone texts where the family has them, else the family's canonical texts
    // (`1000`, not `10^3`).
    let reported: Vec<(String, Option<u64>)> = if family.whole_position_moves() {
        let entries: Vec<&str> = solution
            .components
            .iter()
            .map(|c| c.position.as_str())
            .collect();
        vec![(entries.join(" "), solution.grundy)]
    } else {
        let texts = match family.standalone_components(positions)? {
            Some(texts) => texts,
            None => solution
                .components
                .iter()
                .map(|c| c.position.clone())
                .collect(),
        };
        texts
            .into_iter()
            .zip(solution.components.iter().map(|c| c.grundy))
            .collect()
    };
    if solution.grundy.is_none() && reported.iter().all(|(_, g)| g.is_none()) {
        // No component has a nimber: explain only positions with a value (∞ in loopy games).
        for (position, _) in &reported {
            family.value(position)?;
        }
    }
    let certificate = certificate(family)?;
    let closed_form = solution.method.starts_with("closed form");
    let mut components = Vec::with_capacity(reported.len());
    for (position, grundy) in reported {
        let heap: Option<u64> = family
            .sequence()
            .and_then(|_| position.parse().ok())
            .filter(|_| !family.whole_position_moves());
        let period_reduction = match (&certificate, heap) {
            (Some(c), Some(n)) if n >= c.preperiod + c.period && n > PERIOD_REDUCTION_FROM => {
                Some(PeriodReduction {
                    heap: n,
                    reduced: c.preperiod + (n - c.preperiod) % c.period,
                })
            }
            _ => None,
        };
        let derived = period_reduction
            .as_ref()
            .map_or(position.clone(), |r| r.reduced.to_string());
        let shown_heap = period_reduction.as_ref().map_or(heap, |r| Some(r.reduced));
        let (derivation, no_derivation) = match shown_heap {
            Some(n) if closed_form && n > CLOSED_FORM_DERIVATION_LIMIT => (
                None,
                Some(format!(
                    "the closed form gives the value directly; heaps above {CLOSED_FORM_DERIVATION_LIMIT} are not derived option by option"
                )),
            ),
            _ => match derive(family, &derived) {
                Ok(d) => (Some(d), None),
                Err(GameError::Unsupported(why) | GameError::TooLarge(why)) => (None, Some(why)),
                Err(e) => return Err(e),
            },
        };
        if let (Some(d), Some(g)) = (&derivation, grundy) {
            if d.grundy != g {
                return Err(GameError::Unsupported(format!(
                    "internal inconsistency (a bug): the mex of the options of `{position}` is {} but the family says {g}",
                    d.grundy
                )));
            }
        }
        components.push(ComponentExplanation {
            position,
            grundy,
            period_reduction,
            derivation,
            no_derivation,
        });
    }
    let values: Option<Vec<u64>> = components.iter().map(|c| c.grundy).collect();
    // Whole-position games have one component, whatever entry a move starts at.
    let component_of = |m: &Move| m.component.min(components.len() - 1);
    // With nimbers, each winning move is argued by its nim-sums; without (prime-heap's win at
    // once, a loopy ∞), the family's rule decides them and they carry no values.
    let (winning_moves, rule_moves) = match (&values, solution.grundy) {
        (Some(values), Some(total)) => {
            let argued = solution
                .winning_moves
                .iter()
                .map(|m| {
                    let component = component_of(m);
                    let to_grundy = total ^ values[component];
                    MoveReason::new(
                        component,
                        &components[component].position,
                        &m.to,
                        values.clone(),
                        to_grundy,
                    )
                })
                .collect();
            (argued, Vec::new())
        }
        _ => {
            let by_rule = solution
                .winning_moves
                .iter()
                .map(|m| {
                    let component = component_of(m);
                    RuleMove {
                        component,
                        from: components[component].position.clone(),
                        to: m.to.clone(),
                    }
                })
                .collect();
            (Vec::new(), by_rule)
        }
    };
    Ok(Explanation {
        game: family.spec(),
        components,
        grundy: solution.grundy,
        winner: solution.winner,
        winning_moves,
        rule_moves,
        certificate,
        method: solution.method,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::parse_spec;

    /// A heap with 10^5 options reads as one short line: 20 options, then a count; the mex
    /// is still taken over all of them (G(5·10^5) = 5·10^5 mod 10^5+1 = 99996).
    #[test]
    fn long_derivations_are_cut_with_a_count() {
        let family = parse_spec("subtraction:1..100000").unwrap();
        let d = derive(family.as_ref(), "500000").unwrap();
        assert_eq!(d.grundy, 99_996);
        let line = d.render();
        assert!(
            line.contains("499980, … and 99980 more options}"),
            "{}",
            &line[..300]
        );
        assert!(line.ends_with("= 99996"), "{line}");
        assert!(line.len() < 2000, "{}", line.len());
        let kayles = parse_spec("kayles").unwrap();
        let text = explain(kayles.as_ref(), &["100000"]).unwrap().render();
        assert!(text.contains("… and 8318 more winning moves"), "{text}");
        assert!(text.len() < 10_000, "{}", text.len());
    }
    use proptest::prelude::*;

    /// Issue 13: Kayles at 10^5 is explained by the heap of its residue class under the
    /// certified period (71, 12), in a few lines of text and a small JSON document; a closed
    /// form with 10^6 options per heap is not derived at all, and answers at once.
    #[test]
    fn large_heaps_are_explained_by_the_period_or_the_closed_form() {
        let kayles = parse_spec("kayles").unwrap();
        let e = explain(kayles.as_ref(), &["100000"]).unwrap();
        let reduction = e.components[0].period_reduction.clone().unwrap();
        assert_eq!(
            (reduction.heap, reduction.reduced),
            (100_000, 71 + (100_000 - 71) % 12)
        );
        let d = e.components[0].derivation.as_ref().unwrap();
        assert_eq!(d.position, reduction.reduced.to_string());
        assert_eq!(Some(d.grundy), e.components[0].grundy);
        let text = e.render();
        assert!(
            text.contains("G(100000) = G(76) by the certified period (preperiod 71, period 12): 100000 = 76 + 12·8327 and 76 ≥ 71"),
            "{text}"
        );
        assert!(text.lines().count() < 40 && text.len() < 10_000, "{text}");
        #[cfg(feature = "serde")]
        assert!(serde_json::to_string(&e).unwrap().len() < 2_000_000);
        // The certificate needs G up to 2·10^6: within the work every machine computes, so it
        // is found at any load (it once missed a wall-clock limit under load 11). The time is
        // a sanity bound only (0.3 s on a quiet machine).
        let interval = parse_spec("subtraction:1..1000000").unwrap();
        let start = std::time::Instant::now();
        let e = explain(interval.as_ref(), &["5000000"]).unwrap();
        assert!(start.elapsed().as_secs() < 60, "{:?}", start.elapsed());
        assert_eq!(e.components[0].grundy, Some(999_996));
        assert!(e.components[0].derivation.is_none());
        assert!(e
            .render()
            .contains("G(5000000) = G(999996) by the certified period"));
    }

    /// The rounds computed whatever the clock says depend only on the rules: a closed form
    /// costs one unit a heap (the whole 2^22), Officers' splits n/2 options a heap (2^14 − 1),
    /// Kayles' first round certifies within them.
    #[test]
    fn the_certain_rounds_are_counted_in_work_not_time() {
        let round = |spec: &str| {
            let family = parse_spec(spec).unwrap();
            last_round_within_work(family.sequence().unwrap())
        };
        assert_eq!(round("subtraction:1..1000000"), 1 << 22);
        assert_eq!(round("officers"), (1 << 14) - 1);
        assert!(round("kayles") >= 1023);
        assert_eq!(round("subtraction:3,4,6,10"), 1 << 22);
        let officers = parse_spec("officers").unwrap();
        let sequence = officers.sequence().unwrap();
        let work: u128 = (0..1 << 15).map(|n| sequence.value_work(n)).sum();
        assert!(work > CERTIFICATE_WORK, "{work}");
    }

    #[test]
    fn textbook_subtraction_1_3_4_by_hand() {
        let family = parse_spec("subtraction:1,3,4").unwrap();
        let lines: Vec<String> = (0..=8)
            .map(|n| derive(family.as_ref(), &n.to_string()).unwrap().render())
            .collect();
        assert_eq!(
            lines,
            [
                "n = 0: no moves, so G(0) = mex{} = 0",
                "n = 1: the moves leave {0}, so G(1) = mex{G(0)} = mex{0} = 1",
                "n = 2: the moves leave {1}, so G(2) = mex{G(1)} = mex{1} = 0",
                "n = 3: the moves leave {2, 0}, so G(3) = mex{G(2), G(0)} = mex{0, 0} = 1",
                "n = 4: the moves leave {3, 1, 0}, so G(4) = mex{G(3), G(1), G(0)} = mex{1, 1, 0} = 2",
                "n = 5: the moves leave {4, 2, 1}, so G(5) = mex{G(4), G(2), G(1)} = mex{2, 0, 1} = 3",
                "n = 6: the moves leave {5, 3, 2}, so G(6) = mex{G(5), G(3), G(2)} = mex{3, 1, 0} = 2",
                "n = 7: the moves leave {6, 4, 3}, so G(7) = mex{G(6), G(4), G(3)} = mex{2, 2, 1} = 0",
                "n = 8: the moves leave {7, 5, 4}, so G(8) = mex{G(7), G(5), G(4)} = mex{0, 3, 2} = 1",
            ]
        );
        let values: Vec<u64> = (0..=8)
            .map(|n| derive(family.as_ref(), &n.to_string()).unwrap().grundy)
            .collect();
        assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1]);
    }

    #[test]
    fn sum_explains_every_winning_move() {
        let family = parse_spec("subtraction:1,3,4").unwrap();
        let e = explain(family.as_ref(), &["10", "20", "30"]).unwrap();
        assert_eq!(e.grundy, Some(3));
        let moves: Vec<(usize, &str, bool)> = e
            .winning_moves
            .iter()
            .map(|m| (m.component, m.to.as_str(), m.wins()))
            .collect();
        assert_eq!(moves, [(0, "6", true), (1, "17", true), (2, "26", true)]);
        let text = e.render();
        assert!(
            text.contains("nim-sum: G(10) ⊕ G(20) ⊕ G(30) = 1 ⊕ 2 ⊕ 0 = 3 ≠ 0"),
            "{text}"
        );
        assert!(
            text.contains("component 0: 10 → 6 changes G = 1 to G = 2 = 3 ⊕ 1, so the nim-sum becomes 2 ⊕ 2 ⊕ 0 = 0"),
            "{text}"
        );
        let c = e
            .certificate
            .expect("finite subtraction sets are certified");
        assert_eq!((c.preperiod, c.period, c.needed_to), (0, 7, 3));
        assert!(c.theorem.contains("k = 4"));
    }

    #[test]
    fn nim_has_no_certificate_and_a_losing_sum_has_no_moves() {
        let family = parse_spec("nim").unwrap();
        let e = explain(family.as_ref(), &["1", "2", "3"]).unwrap();
        assert_eq!((e.winner, e.grundy), (Winner::Second, Some(0)));
        assert!(e.winning_moves.is_empty() && e.certificate.is_none());
        assert!(e
            .render()
            .contains("nim-sum: G(1) ⊕ G(2) ⊕ G(3) = 1 ⊕ 2 ⊕ 3 = 0\n"));
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_value(&e).unwrap();
            assert_eq!(
                json["components"][2]["derivation"]["options"][1]["position"],
                "1"
            );
            assert_eq!(json["components"][2]["derivation"]["grundy"], 3);
        }
    }

    #[test]
    fn splitting_options_show_the_nim_sum_step() {
        let d = Derivation {
            position: "5".into(),
            options: vec![
                OptionReport {
                    position: "4".into(),
                    parts: vec![part("4", 2)],
                    grundy: 2,
                },
                OptionReport {
                    position: "1+3".into(),
                    parts: vec![part("1", 1), part("3", 1)],
                    grundy: 0,
                },
                OptionReport {
                    position: "0".into(),
                    parts: vec![],
                    grundy: 0,
                },
            ],
            grundy: 1,
        };
        assert_eq!(
            d.render(),
            "n = 5: the moves leave {4, 1+3, 0}, so G(5) = mex{G(4), G(1)⊕G(3), 0} = mex{2, 1⊕1, 0} = mex{2, 0, 0} = 1"
        );
    }

    fn part(position: &str, grundy: u64) -> crate::impartial::family::ComponentReport {
        crate::impartial::family::ComponentReport {
            position: position.into(),
            grundy: Some(grundy),
        }
    }

    #[test]
    fn huge_positions_are_explained_without_listing_options() {
        let family = parse_spec("nim").unwrap();
        assert!(matches!(
            derive(family.as_ref(), "10^18"),
            Err(GameError::TooLarge(_))
        ));
        let e = explain(family.as_ref(), &["10^18", "3"]).unwrap();
        assert_eq!(e.components[1].derivation.as_ref().unwrap().position, "3");
        assert!(e.components[0].derivation.is_none());
        assert_eq!(e.winning_moves.len(), 1);
        let text = e.render();
        assert!(
            text.contains("G(1000000000000000000) = 1000000000000000000 by closed form G(n) = n; no derivation: the closed form gives the value directly"),
            "{text}"
        );
    }

    /// `explain prime-heap:3 9` (the mover wins at once: 9 → 7 leaves a prime) once gave the
    /// reason "some move leaves a nim-sum of 0", though no component has a nimber.
    #[test]
    fn a_win_at_once_is_not_explained_by_a_nim_sum() {
        let family = parse_spec("prime-heap:3").unwrap();
        let text = explain(family.as_ref(), &["9"]).unwrap().render();
        assert!(!text.contains("nim-sum"), "{text}");
        assert!(
            text.contains(
                "winner: the first player (the player to move), by the rule under `method`"
            ) && text.contains(
                "method: heap 0 (9) can be moved onto the prime 7: the player to move wins at once"
            ),
            "{text}"
        );
        assert!(
            text.contains("winning moves (1), by the rule under `method`:\n  component 0: 9 → 7"),
            "{text}"
        );
    }

    /// Explain lists every winning move `solve` finds (issue 8: every winning move, and why):
    /// with their nim-sums when the values are nimbers, else in `rule_moves`.
    #[test]
    fn rule_moves_are_the_winning_moves_of_solve() {
        let family = parse_spec("prime-heap:3").unwrap();
        for position in [
            &["9"][..],
            &["9", "4"],
            &["1"],
            &["8", "10"],
            &["4", "6", "9"],
        ] {
            let explained = explain(family.as_ref(), position).unwrap();
            let solved = family.solve(position, Play::Normal).unwrap();
            assert!(explained.winning_moves.is_empty() || explained.rule_moves.is_empty());
            let moves: Vec<(usize, String)> = explained
                .winning_moves
                .iter()
                .map(|m| (m.component, m.to.clone()))
                .chain(
                    explained
                        .rule_moves
                        .iter()
                        .map(|m| (m.component, m.to.clone())),
                )
                .collect();
            let expected: Vec<(usize, String)> = solved
                .winning_moves
                .iter()
                .map(|m| (m.component, m.to.clone()))
                .collect();
            assert_eq!(moves, expected, "{position:?}");
            assert!(solved.grundy.is_none() || explained.rule_moves.is_empty());
            for m in &explained.rule_moves {
                assert_eq!(m.from, position[m.component], "{position:?}");
            }
        }
    }

    proptest! {
        #[test]
        fn derivations_agree_with_values(set in proptest::collection::btree_set(1u64..9, 1..4), n in 0u64..60) {
            let spec = format!("subtraction:{}", set.iter().map(u64::to_string).collect::<Vec<_>>().join(","));
            let family = parse_spec(&spec).unwrap();
            let d = derive(family.as_ref(), &n.to_string()).unwrap();
            prop_assert_eq!(Some(d.grundy), family.value(&n.to_string()).unwrap().finite().map(|v| v.0));
            prop_assert_eq!(d.options.len() as usize, set.iter().filter(|&&s| s <= n).count());
        }
    }
}
