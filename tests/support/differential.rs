//! Differential testing of `lud` against a reference written from RULES.md
//! (`*_ref.rs`, driven through `ref_core.rs`'s [`Rules`]: the test file
//! declares `ref_core` at its root): seeded random games are played in `lud` and followed in the
//! reference; at every ply the legal moves and the result are compared, and
//! at sampled positions the whole tree of depth 2 (perft 2, and the move
//! list after every move, so that a difference names the exact moves) in two
//! ways:
//!
//! * **played**: the position as `lud` made it by playing the game, against
//!   the reference with the game's history;
//! * **read**: `lud`'s own position string of it, read back, against the
//!   reference with the history dropped (a position string has none).
//!
//! The games mix `lud`'s own random player (a uniform choice among the legal
//! moves) with players biased towards captures (so that games thin out to
//! promotions, bare kings and stalemates) and a shuffling player that prefers
//! checks and moving a piece back (so that positions repeat and checks
//! recur). Positions are sampled at random, and more often where something
//! special is at hand (a check, a promotion, few moves, a bare king, a
//! repeated position, a turn phase such as an opening or a setup).
#![allow(dead_code)]

use std::collections::BTreeMap;

use lud::compile::model::Worth;
use lud::notation::move_text;
use lud::position::to_text;
use lud::{Game, Move, Outcome, Position};

/// How a game ended, in terms both sides can give: the references' result.
pub(crate) use crate::ref_core::Result as Verdict;
use crate::ref_core::Rules;

/// `lud`'s result as a verdict.
pub(crate) fn verdict_of(o: Option<Outcome>) -> Option<Verdict> {
    o.map(|o| match o {
        Outcome::Win {
            winner,
            kind,
            worth,
            ..
        } => Verdict::Win {
            winner,
            kind,
            half: worth == Worth::HalfWin,
        },
        Outcome::Draw { kind } => Verdict::Draw { kind },
    })
}

/// One configuration of a game: `lud`'s compiled game and the reference's
/// start position under the same rules.
pub(crate) struct Setup<R> {
    /// Ruleset and options, for messages.
    pub(crate) label: String,
    pub(crate) game: Game,
    pub(crate) start: R,
}

/// What a run compared and found.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    /// Positions whose tree of depth 2 was compared (each in both ways).
    pub(crate) positions: usize,
    /// Plies whose move list and result were compared while following games.
    pub(crate) plies: usize,
    /// Leaves of depth 2 summed over the positions compared, both ways.
    pub(crate) leaves: u64,
    pub(crate) games: usize,
    /// How many sampled positions had each feature, and how games ended.
    pub(crate) seen: BTreeMap<String, usize>,
    /// Every disagreement, written out for a bug report.
    pub(crate) disagreements: Vec<String>,
}

impl Tally {
    fn see(&mut self, what: impl Into<String>) {
        *self.seen.entry(what.into()).or_default() += 1;
    }
}

/// The longest game played, in plies.
const CAP: usize = 400;

/// How the moves of a game are chosen.
#[derive(Clone, Copy, Debug)]
enum Style {
    /// `lud play`'s random player: every legal move alike.
    Uniform,
    /// A capture (or a removal) with this chance in percent, if there is one.
    Captures(u8),
    /// Back to a position of the game, with a check if it can (nine in
    /// ten), else back to a position (seven in ten), else a check (one in
    /// two): cycles of checks and repetitions.
    Shuffle,
    /// For the first player: a capture with a chance of one in two, else a
    /// move that does not check and leaves the opponent the fewest moves
    /// (towards stalemates and what follows them); the second player plays
    /// at random.
    Squeeze,
}

impl Style {
    fn of(seed: u64) -> Style {
        match seed % 6 {
            0 | 1 => Style::Uniform,
            2 => Style::Captures(70),
            3 => Style::Captures(95),
            4 => Style::Shuffle,
            _ => Style::Squeeze,
        }
    }
}

fn lud_look(p: &Position) -> (Vec<(String, Move)>, Option<Verdict>) {
    let mut v: Vec<(String, Move)> = p
        .legal_moves()
        .into_iter()
        .map(|m| (move_text(p, m), m))
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    (v, verdict_of(p.outcome()))
}

fn texts(v: &[(String, Move)]) -> Vec<String> {
    v.iter().map(|(t, _)| t.clone()).collect()
}

/// The difference of two move lists, or None if they are the same.
fn list_diff(ours: &[String], theirs: &[String]) -> Option<String> {
    if ours == theirs {
        return None;
    }
    let extra: Vec<&String> = ours.iter().filter(|m| !theirs.contains(m)).collect();
    let lacks: Vec<&String> = theirs.iter().filter(|m| !ours.contains(m)).collect();
    Some(format!(
        "lud has {} moves, the reference {}; only lud: {extra:?}; only the reference: {lacks:?}",
        ours.len(),
        theirs.len()
    ))
}

/// Compares the trees of depth 2 of `ours` and `theirs`; the number of
/// leaves (perft 2) if they agree, else every difference.
pub(crate) fn compare_tree<R: Rules>(ours: &Position, theirs: &R) -> Result<u64, String> {
    let (lm, lv) = lud_look(ours);
    let (rm, rv) = theirs.moves_and_result();
    let mut problems = Vec::new();
    if lv != rv {
        problems.push(format!("result: lud {lv:?}, the reference {rv:?}"));
    }
    if let Some(d) = list_diff(&texts(&lm), &rm) {
        problems.push(d);
    }
    // perft 2 by the reference, and each move's list on both sides.
    let mut theirs_leaves = 0u64;
    let mut ours_leaves = 0u64;
    for text in &rm {
        let mut r = theirs.clone();
        assert!(r.play(text), "the reference refuses its own move {text}");
        let (rm2, rv2) = r.moves_and_result();
        theirs_leaves += rm2.len() as u64;
        let Some((_, m)) = lm.iter().find(|(t, _)| t == text) else {
            continue;
        };
        let mut p = ours.clone();
        p.play_unchecked(*m);
        let (lm2, lv2) = lud_look(&p);
        ours_leaves += lm2.len() as u64;
        if lv2 != rv2 {
            problems.push(format!(
                "after {text}: result: lud {lv2:?}, the reference {rv2:?}"
            ));
        }
        if let Some(d) = list_diff(&texts(&lm2), &rm2) {
            problems.push(format!("after {text} ({}): {d}", to_text(&p)));
        }
    }
    let perft = lud::perft::perft(ours, 2);
    if problems.is_empty() && perft == ours_leaves && perft == theirs_leaves {
        return Ok(perft);
    }
    Err(format!(
        "perft 2: lud {perft} (its move lists {ours_leaves}), the reference {theirs_leaves}\n    {}",
        problems.join("\n    ")
    ))
}

/// Compares the trees of depth 2 of a position string read by `lud` and the
/// reference's same position; panics with every difference.
pub(crate) fn assert_same_tree<R: Rules>(game: &Game, text: &str, theirs: &R) -> u64 {
    let ours = game
        .position(text)
        .unwrap_or_else(|e| panic!("{text}: {}", e.message));
    compare_tree(&ours, theirs).unwrap_or_else(|e| panic!("{text}\n  {e}"))
}

/// Perft from the start of every configuration, counted by `lud` and by the
/// reference: to depth 3 in a debug build, 4 in an optimised one.
pub(crate) fn assert_same_perft_from_the_start<R: Rules>(setups: &[Setup<R>]) {
    let depth = if cfg!(debug_assertions) { 3 } else { 4 };
    for s in setups {
        assert_eq!(
            lud::perft::perft(&s.game.start(), depth),
            s.start.perft(depth),
            "[{}] perft {depth}",
            s.label
        );
    }
}

/// The captures and removals among `moves`.
fn captures(p: &Position, moves: &[Move]) -> Vec<Move> {
    moves
        .iter()
        .filter(|m| m.from().is_none() || p.piece_at(m.to()).is_some())
        .copied()
        .collect()
}

/// Pieces of each player.
fn census(p: &Position) -> [usize; 2] {
    let mut n = [0, 0];
    for sq in 0..64 {
        if let Some((_, owner)) = p.piece_at(sq) {
            if owner < 2 {
                n[owner] += 1;
            }
        }
    }
    n
}

/// Plays the games of a configuration until `want` positions have been
/// compared (or a generous number of games has been played).
pub(crate) fn run<R: Rules>(s: &Setup<R>, want: usize) -> Tally {
    let mut t = Tally::default();
    let per_game = (want / 20).clamp(4, 25);
    let mut seed = 0;
    while t.positions < want && t.disagreements.len() < 10 && seed < 50 + 4 * want as u64 {
        play_one(s, seed, per_game, want, &mut t);
        seed += 1;
    }
    t
}

#[allow(clippy::too_many_lines)]
fn play_one<R: Rules>(s: &Setup<R>, seed: u64, per_game: usize, want: usize, t: &mut Tally) {
    // Each configuration plays its own games (FNV-1a of its label).
    let salt = s.label.bytes().fold(0xCBF2_9CE4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    });
    let mut rng = fastrand::Rng::with_seed(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ salt);
    let style = Style::of(seed.wrapping_add(salt));
    let mut ours = s.game.start();
    let mut theirs = s.start.clone();
    let mut line: Vec<String> = Vec::new();
    let mut keys: Vec<u64> = vec![ours.key()];
    let mut promoted = false;
    let mut taken = 0;
    t.games += 1;
    let report = |t: &mut Tally, line: &[String], how: &str, p: &Position, what: &str| {
        t.disagreements.push(format!(
            "[{}] seed {seed}, ply {} ({how}): {}\n  moves from the start: {}\n  {what}",
            s.label,
            line.len(),
            to_text(p),
            line.join(" ")
        ));
    };
    for ply in 0..CAP {
        let (lm, lv) = lud_look(&ours);
        let (rm, rv) = theirs.moves_and_result();
        t.plies += 1;
        let mut problems = Vec::new();
        if lv != rv {
            problems.push(format!("result: lud {lv:?}, the reference {rv:?}"));
        }
        if let Some(d) = list_diff(&texts(&lm), &rm) {
            problems.push(d);
        }
        if !problems.is_empty() {
            report(t, &line, "played", &ours, &problems.join("\n  "));
            return;
        }
        if lm.is_empty() {
            if let Some(v) = lv {
                t.see(format!("ending {}", v.kind()));
            }
            return;
        }
        // Sample this position?
        let n = census(&ours);
        let here = ours.key();
        let mut features = Vec::new();
        if ours.in_check() {
            features.push("check");
        }
        if lm
            .iter()
            .any(|(_, m)| m.promotion().is_some() || m.extra().is_some())
        {
            features.push("promotion at hand");
        }
        if promoted {
            features.push("just promoted");
        }
        if lm.iter().any(|(text, _)| text.contains('x')) {
            features.push("removal at hand");
        }
        if lm.len() <= 5 {
            features.push("few moves");
        }
        if n[0] == 1 || n[1] == 1 {
            features.push("bare king");
        }
        if keys[..keys.len() - 1].contains(&here) {
            features.push("repeated");
        }
        if ours.phase().is_some() {
            features.push("phase");
        }
        let sample = taken < per_game
            && t.positions < want
            && ((ply == 0 && seed.is_multiple_of(4))
                || (!features.is_empty() && rng.u8(..2) == 0)
                || rng.u8(..100) < 5);
        if sample {
            taken += 1;
            t.positions += 1;
            for f in &features {
                t.see(*f);
            }
            if ply > 100 {
                t.see("ply > 100");
            }
            match compare_tree(&ours, &theirs) {
                Ok(n) => t.leaves += n,
                Err(e) => {
                    report(t, &line, "played", &ours, &e);
                    return;
                }
            }
            let text = to_text(&ours);
            match s.game.position(&text) {
                Err(e) => {
                    let what = format!("lud cannot read its own position string: {}", e.message);
                    report(t, &line, "read", &ours, &what);
                    return;
                }
                Ok(read) => {
                    let mut fresh = theirs.clone();
                    fresh.forget_history();
                    match compare_tree(&read, &fresh) {
                        Ok(n) => t.leaves += n,
                        Err(e) => {
                            report(t, &line, "read", &ours, &e);
                            return;
                        }
                    }
                }
            }
            if taken == per_game {
                return;
            }
        }
        // The next move.
        let moves: Vec<Move> = lm.iter().map(|(_, m)| *m).collect();
        let any = |rng: &mut fastrand::Rng, v: &[Move]| v[rng.usize(..v.len())];
        let m = match style {
            Style::Uniform => any(&mut rng, &moves),
            Style::Captures(pct) => {
                let captures = captures(&ours, &moves);
                if !captures.is_empty() && rng.u8(..100) < pct {
                    any(&mut rng, &captures)
                } else {
                    any(&mut rng, &moves)
                }
            }
            Style::Squeeze if ours.side_to_move() == 1 => any(&mut rng, &moves),
            Style::Squeeze => {
                let captures = captures(&ours, &moves);
                if !captures.is_empty() && rng.u8(..2) == 0 {
                    any(&mut rng, &captures)
                } else {
                    // Each move by (gives check, the replies left that are
                    // neither removals nor a stalemated king's slaying, both
                    // written with an `x`): the least, checks last.
                    let opponent = 1 - ours.side_to_move();
                    let score = |m: Move| {
                        let mut p = ours.clone();
                        p.play_unchecked(m);
                        let replies = p
                            .legal_moves()
                            .into_iter()
                            .filter(|&r| !move_text(&p, r).contains('x'))
                            .count();
                        (p.is_checked(opponent), replies)
                    };
                    let scores: Vec<(bool, usize)> = moves.iter().map(|&m| score(m)).collect();
                    let least = scores.iter().copied().min().expect("moves");
                    let best: Vec<Move> = moves
                        .iter()
                        .zip(&scores)
                        .filter(|(_, s)| **s == least)
                        .map(|(m, _)| *m)
                        .collect();
                    any(&mut rng, &best)
                }
            }
            Style::Shuffle => {
                // Each move with whether it makes a position of the game
                // again and whether it checks.
                let opponent = 1 - ours.side_to_move();
                let after: Vec<(Move, bool, bool)> = moves
                    .iter()
                    .map(|&m| {
                        let mut p = ours.clone();
                        p.play_unchecked(m);
                        (m, keys.contains(&p.key()), p.is_checked(opponent))
                    })
                    .collect();
                let pick = |want: &dyn Fn(&(Move, bool, bool)) -> bool| -> Vec<Move> {
                    after.iter().filter(|a| want(a)).map(|a| a.0).collect()
                };
                let back_with_check = pick(&|a| a.1 && a.2);
                let back = pick(&|a| a.1);
                let checks = pick(&|a| a.2);
                if !back_with_check.is_empty() && rng.u8(..10) < 9 {
                    any(&mut rng, &back_with_check)
                } else if !back.is_empty() && rng.u8(..10) < 7 {
                    any(&mut rng, &back)
                } else if !checks.is_empty() && rng.u8(..2) == 0 {
                    any(&mut rng, &checks)
                } else {
                    any(&mut rng, &moves)
                }
            }
        };
        let text = move_text(&ours, m);
        promoted = m.promotion().is_some();
        assert!(theirs.play(&text), "the reference refuses {text}");
        ours.play_unchecked(m);
        keys.push(ours.key());
        line.push(text);
    }
}

/// Runs every configuration, `want` positions each, on as many threads as
/// there are cores; prints a line per configuration, and fails with every
/// disagreement found.
///
/// `LUD_DIFF_ONLY=text` keeps only the configurations whose label contains
/// `text` (to chase one disagreement).
pub(crate) fn check_all<R: Rules + Send + Sync>(setups: &[Setup<R>], want: usize) {
    let only = std::env::var("LUD_DIFF_ONLY").unwrap_or_default();
    let setups: Vec<&Setup<R>> = setups.iter().filter(|s| s.label.contains(&only)).collect();
    let started = std::time::Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: std::sync::Mutex<Vec<(usize, Tally)>> = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.min(setups.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(s) = setups.get(i) else { break };
                let t = run(s, want);
                results.lock().expect("no panic").push((i, t));
            });
        }
    });
    let mut results = results.into_inner().expect("no panic");
    results.sort_by_key(|(i, _)| *i);
    let mut failures = Vec::new();
    let mut short = Vec::new();
    let (mut positions, mut plies) = (0, 0);
    for (i, t) in &results {
        let s = &setups[*i];
        eprintln!(
            "[{}] {} positions ({} leaves at depth 2), {} plies, {} games, {} disagreements; {:?}",
            s.label,
            t.positions,
            t.leaves,
            t.plies,
            t.games,
            t.disagreements.len(),
            t.seen
        );
        positions += t.positions;
        plies += t.plies;
        failures.extend(t.disagreements.iter().cloned());
        if t.positions < want && t.disagreements.is_empty() {
            short.push(format!("[{}] {} positions", s.label, t.positions));
        }
    }
    eprintln!(
        "{} configurations, {positions} positions, {plies} plies in {:.1} s",
        setups.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(short.is_empty(), "too few positions: {short:?}");
}
