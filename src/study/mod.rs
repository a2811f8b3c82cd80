//! Self-play studies: many games of one game between two (or more)
//! players, each game summed up in one line of JSON (who played, who won
//! and how, how long it lasted, how many moves each position offered),
//! and what a game designer reads off a file of such lines ([`analyze`],
//! [`report`]).
//!
//! A study is deterministic: game number `i` of a study depends only on the
//! study (game, ruleset, options, players, seed, cap) and on `i`, never on
//! the threads, the order the games are played in, or how the numbers are
//! cut into shards ([`Shard`]), so shards played apart add up to the study
//! played at once, and a study stopped half-way resumes where it stopped.
//!
//! ```
//! use lud::study::{Agent, Study};
//! let game = lud::build::compile_str("t.lud", lud::EXAMPLE).unwrap();
//! let mut study = Study::new(&game, &[Agent::Random, Agent::Random], 7);
//! study.max_plies = 100;
//! let (a, b) = (study.play(&game, 3), study.play(&game, 3));
//! assert_eq!((&a.end, &a.branching), (&b.end, &b.branching));
//! assert_eq!(a.branching.len(), a.plies as usize);
//! ```

pub mod analyze;
mod line;
pub mod report;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::Ordering;
use std::time::Instant;

use rayon::prelude::*;

use crate::ai;
use crate::bench::{Progress, RandomGames};
use crate::compile::model::Worth;
use crate::eval::Outcome;
use crate::game::{on_pos, Game};
use crate::moves::Move;
use crate::state::{Hist, State};

pub(crate) use line::counted;
pub use line::{Line, LineError, Reader, MAX_LINE};

/// A fingerprint of a game file's text: FNV-1a, 64 bits, in hex. Any
/// change to the file (a comment too) makes another study.
pub fn fingerprint(text: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in text {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The longest game a study plays by default, in plies; a game still going
/// then is `capped`.
pub const DEFAULT_MAX_PLIES: u32 = 5_000;

/// Who makes the moves of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    /// A uniformly random legal move.
    Random,
    /// lud's computer player, searching this many nodes a move on one
    /// thread (so that its games are the same on every run).
    Search {
        /// How it searches.
        method: ai::Method,
        /// Nodes a move.
        nodes: u64,
    },
}

impl Agent {
    /// The search settings of a searching agent.
    fn settings(self) -> Option<ai::Settings> {
        match self {
            Agent::Random => None,
            Agent::Search { method, nodes } => Some(ai::Settings {
                max_nodes: nodes,
                threads: 1,
                method,
                ..ai::Settings::default()
            }),
        }
    }
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Agent::Random => f.write_str("random"),
            Agent::Search { method, nodes } => {
                let name = match method {
                    ai::Method::AlphaBeta => "alphabeta",
                    ai::Method::Mcts => "mcts",
                    ai::Method::Rave => "rave",
                };
                write!(f, "{name}:{nodes}")
            }
        }
    }
}

/// The nodes a searching agent gets when its spec names none.
pub const DEFAULT_NODES: u64 = 10_000;

impl FromStr for Agent {
    type Err = String;

    /// `random`, or `alphabeta`, `mcts` or `rave`, each with an optional
    /// `:NODES` a move (`10000`, `10k`, `1m`; default 10000).
    fn from_str(s: &str) -> Result<Agent, String> {
        let s = s.trim();
        let (name, budget) = match s.split_once(':') {
            Some((n, b)) => (n, Some(b)),
            None => (s, None),
        };
        let method = match name.to_ascii_lowercase().as_str() {
            "random" if budget.is_none() => return Ok(Agent::Random),
            "random" => return Err(format!("`{s}`: the random player takes no budget")),
            "alphabeta" | "ab" => ai::Method::AlphaBeta,
            "mcts" => ai::Method::Mcts,
            "rave" => ai::Method::Rave,
            _ => {
                return Err(format!(
                    "`{s}` is not a player: use random, alphabeta[:NODES], mcts[:NODES] or rave[:NODES]"
                ))
            }
        };
        let nodes = match budget {
            None => DEFAULT_NODES,
            Some(b) => parse_count(b).ok_or_else(|| {
                format!("`{b}` is not a number of nodes: write it as 10000, 10k or 1m")
            })?,
        };
        if nodes == 0 {
            return Err(format!(
                "`{s}`: a searching player needs at least 1 node a move"
            ));
        }
        Ok(Agent::Search { method, nodes })
    }
}

/// `10000`, `10k`, `2m` (`_` allowed between digits).
fn parse_count(s: &str) -> Option<u64> {
    let s = s.trim().replace('_', "");
    let (digits, times) = match s.chars().last()? {
        'k' | 'K' => (&s[..s.len() - 1], 1_000),
        'm' | 'M' => (&s[..s.len() - 1], 1_000_000),
        _ => (&s[..], 1),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<u64>().ok()?.checked_mul(times)
}

/// A part of a study's games: shard `index` of `count` (counted from 1)
/// plays the games numbered from `(index-1)·n/count` up to `index·n/count`
/// of a study of `n` games, so that the shards together play each game
/// once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which part, from 1 (a shard numbered 0 or above its count has no
    /// games).
    pub index: u64,
    /// Of how many.
    pub count: u64,
}

impl Shard {
    /// The whole study.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// The game numbers of this shard in a study of `games` games.
    pub fn range(self, games: u64) -> std::ops::Range<u64> {
        if self.index == 0 || self.index > self.count {
            return 0..0;
        }
        let at = |i: u64| (u128::from(games) * u128::from(i) / u128::from(self.count)) as u64;
        at(self.index - 1)..at(self.index)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `I/K`, with `1 <= I <= K`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("`{s}` is not a shard: write I/K with 1 <= I <= K, as in 3/8");
        let (i, k) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = k.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A set of game numbers, kept as runs of consecutive numbers: the games
/// of a study or of a shard come nearly in order, so that a few runs hold
/// millions of games.
#[derive(Clone, Debug, Default)]
pub struct Numbers {
    /// Each run's first number, and the number after its last.
    runs: std::collections::BTreeMap<u64, u64>,
    len: u64,
}

impl Numbers {
    /// Whether `i` is in the set.
    pub fn contains(&self, i: u64) -> bool {
        self.runs
            .range(..=i)
            .next_back()
            .is_some_and(|(_, &end)| i < end)
    }

    /// Adds `i`; false if it was there already.
    pub fn insert(&mut self, i: u64) -> bool {
        if self.contains(i) {
            return false;
        }
        let mut start = i;
        let mut end = i.saturating_add(1);
        if let Some((&s, &e)) = self.runs.range(..i).next_back() {
            if e == i {
                start = s;
            }
        }
        if let Some(next) = self.runs.remove(&end) {
            end = next;
        }
        self.runs.insert(start, end);
        self.len += 1;
        true
    }

    /// How many numbers the set holds.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// How a game of a study ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// An end rule gave a player the game.
    Win {
        /// The winner's number (0 for the first player).
        winner: usize,
        /// The kind of ending, as the game file names it.
        kind: String,
        /// A half-win (a lesser win, where the rules have one).
        half: bool,
    },
    /// An end rule drew the game.
    Draw {
        /// The kind of ending, as the game file names it.
        kind: String,
    },
    /// Still going at the study's cap on plies.
    Capped,
    /// No legal move, and no end rule that says what that means.
    Stuck,
}

impl End {
    fn of(outcome: Option<Outcome>, capped: bool) -> End {
        match outcome {
            Some(Outcome::Win {
                winner,
                kind,
                worth,
                ..
            }) => End::Win {
                winner,
                kind,
                half: worth == Worth::HalfWin,
            },
            Some(Outcome::Draw { kind }) => End::Draw { kind },
            None if capped => End::Capped,
            None => End::Stuck,
        }
    }

    /// What `player` scores: 1 for a win (a half-win too), 0 for a loss,
    /// ½ for a draw, nothing for a game that did not end by the rules.
    pub fn points(&self, player: usize) -> Option<f64> {
        match self {
            End::Win { winner, .. } => Some(if *winner == player { 1.0 } else { 0.0 }),
            End::Draw { .. } => Some(0.5),
            End::Capped | End::Stuck => None,
        }
    }
}

/// One game of a study, as it was played.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// Its number in the study.
    pub index: u64,
    /// How it ended.
    pub end: End,
    /// Its length in plies.
    pub plies: u32,
    /// The number of legal moves of each position a move was played from,
    /// ply by ply.
    pub branching: Vec<u32>,
    /// The moves played, in the notation of records (only when the study
    /// keeps them, [`Study::keep_moves`]).
    pub moves: Vec<String>,
    /// What each position a move was played from is worth to the first
    /// player by lud's evaluation, in hundredths (only when the study keeps
    /// it, [`Study::keep_eval`], in a game of two players).
    pub eval: Vec<i32>,
    /// The time it took, in seconds (the one thing that differs from run
    /// to run).
    pub seconds: f64,
}

/// A study: the game and its configuration, the players, the seed and the
/// cap on a game's length. Each game is played from the start.
#[derive(Clone, Debug)]
pub struct Study {
    /// The game's name.
    pub game: String,
    /// A fingerprint of the game file's text ([`fingerprint`]; empty if
    /// not known): with the name, what says which game it is.
    pub rules: String,
    /// The ruleset named on the command line, if one was.
    pub ruleset: Option<String>,
    /// The options set, `NAME=VALUE`, in the order given.
    pub options: Vec<(String, String)>,
    /// Who plays each side, by player number.
    pub agents: Vec<Agent>,
    /// The players' names, by number.
    pub sides: Vec<String>,
    /// The study's seed.
    pub seed: u64,
    /// A game still going after this many plies is capped.
    pub max_plies: u32,
    /// The first this many plies of each game are played at random,
    /// whoever plays (games between searching players, which choose alike
    /// from alike positions, then differ); part of what makes a study.
    pub random_plies: u32,
    /// Whether each game keeps its moves (not part of what makes a study:
    /// the games are the same either way).
    pub keep_moves: bool,
    /// Whether each game keeps the evaluation of its positions (not part
    /// of what makes a study either).
    pub keep_eval: bool,
}

/// What a game's positions showed as it was played.
#[derive(Default)]
struct Trace {
    branching: Vec<u32>,
    moves: Vec<Move>,
    eval: Vec<i32>,
}

impl Trace {
    /// A position with `legal` moves, left by `m`, worth `eval` to the
    /// first player.
    fn ply(&mut self, legal: usize, m: Move, eval: Option<i32>, keep_moves: bool) {
        self.branching
            .push(u32::try_from(legal).unwrap_or(u32::MAX));
        if keep_moves {
            self.moves.push(m);
        }
        if let Some(v) = eval {
            self.eval.push(v);
        }
    }
}

impl Study {
    /// A study of `game` between `agents` (the last one plays every side
    /// beyond the list), seeded by `seed`, capped at
    /// [`DEFAULT_MAX_PLIES`], in the game's default configuration.
    pub fn new(game: &Game, agents: &[Agent], seed: u64) -> Study {
        let sides: Vec<String> = game
            .model()
            .players
            .iter()
            .map(|p| p.name.clone())
            .collect();
        let last = agents.last().copied().unwrap_or(Agent::Random);
        let agents = (0..sides.len())
            .map(|i| agents.get(i).copied().unwrap_or(last))
            .collect();
        Study {
            game: game.name().to_string(),
            rules: String::new(),
            ruleset: None,
            options: Vec::new(),
            agents,
            sides,
            seed,
            max_plies: DEFAULT_MAX_PLIES,
            random_plies: 0,
            keep_moves: false,
            keep_eval: false,
        }
    }

    /// The seed of game number `index`.
    pub fn game_seed(&self, index: u64) -> u64 {
        let mut x = self.seed ^ index.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        x ^= x >> 31;
        x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x ^= x >> 29;
        x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 32)
    }

    /// Plays game number `index` of the study (`game` must be the game the
    /// study was made for).
    pub fn play(&self, game: &Game, index: u64) -> Played {
        let t0 = Instant::now();
        let mut rng = fastrand::Rng::with_seed(self.game_seed(index));
        let start = game.start();
        let mut trace = Trace::default();
        let (outcome, plies) = if self.agents.iter().all(|a| *a == Agent::Random) {
            on_pos!(&start.0, |e, s, h| {
                let ev = self.keep_eval.then(|| ai::Evaluator::new(e));
                let mut on_ply = |st: &State<_>, hist: &[Hist], m: Move| {
                    let eval = ev.as_ref().and_then(|ev| ev.for_first(e, st));
                    trace.ply(e.count_legal(st, hist) as usize, m, eval, self.keep_moves);
                };
                RandomGames::new(h.len(), self.max_plies).play(
                    e,
                    s,
                    h,
                    self.max_plies,
                    &mut rng,
                    Some(&mut on_ply),
                )
            })
        } else {
            self.play_searching(game, &mut rng, &mut |pos, legal, m| {
                let eval = (self.keep_eval && pos.model().players.len() == 2).then(|| {
                    let v = ai::evaluate(pos);
                    if pos.side_to_move() == 0 {
                        v
                    } else {
                        -v
                    }
                });
                trace.ply(legal, m, eval, self.keep_moves);
            })
        };
        let seconds = t0.elapsed().as_secs_f64();
        let mut pos = game.start();
        let moves = trace
            .moves
            .into_iter()
            .map(|m| {
                let text = crate::notation::move_text(&pos, m);
                pos.play_unchecked(m);
                text
            })
            .collect();
        Played {
            index,
            end: End::of(outcome, plies >= self.max_plies),
            plies,
            branching: trace.branching,
            moves,
            eval: trace.eval,
            seconds,
        }
    }

    /// A game with a searching player in it: move by move on a position,
    /// each searching player keeping its search's memory through the game.
    /// `on_ply` is shown each position a move is played from, its number
    /// of legal moves, and the move.
    fn play_searching(
        &self,
        game: &Game,
        rng: &mut fastrand::Rng,
        on_ply: &mut dyn FnMut(&crate::game::Position, usize, Move),
    ) -> (Option<Outcome>, u32) {
        let memories: Vec<ai::Memory> = self.agents.iter().map(|_| ai::Memory::new()).collect();
        let mut pos = game.start();
        let mut plies = 0u32;
        loop {
            if let Some(o) = pos.outcome() {
                return (Some(o), plies);
            }
            if plies >= self.max_plies {
                return (None, plies);
            }
            let moves = pos.rule_moves();
            if moves.is_empty() {
                return (None, plies);
            }
            let side = pos.side_to_move();
            let agent = if plies < self.random_plies {
                Agent::Random
            } else {
                self.agents.get(side).copied().unwrap_or(Agent::Random)
            };
            let m = match agent.settings() {
                None => moves[rng.usize(..moves.len())],
                Some(settings) => {
                    let control = ai::Control {
                        memory: memories.get(side),
                        ..ai::Control::default()
                    };
                    ai::think_with(&pos, settings, rng, control)
                        .best
                        .filter(|m| moves.contains(m))
                        .unwrap_or(moves[0])
                }
            };
            on_ply(&pos, moves.len(), m);
            pos.play_unchecked(m);
            plies += 1;
        }
    }

    /// Plays the games numbered `indexes` but those `skip` is true of, on
    /// `threads` threads (0: one per core), handing each to `done` as it
    /// ends (from any thread, in no set order) and counting it in
    /// `progress`; a stop set in `progress` ends each thread after its
    /// game under way.
    pub fn play_many(
        &self,
        game: &Game,
        indexes: std::ops::Range<u64>,
        skip: &(dyn Fn(u64) -> bool + Sync),
        threads: usize,
        progress: &Progress,
        done: &(dyn Fn(Played) + Sync),
    ) {
        let threads = crate::perft::threads_for(threads);
        let one = |i: u64| {
            if skip(i) || progress.stop.load(Ordering::Relaxed) {
                return;
            }
            let played = self.play(game, i);
            progress.done.fetch_add(1, Ordering::Relaxed);
            done(played);
        };
        if threads == 1 {
            indexes.for_each(one);
            return;
        }
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            // One game at a time to each thread, so that a stop waits for
            // no more than the games under way.
            Ok(pool) => {
                let first = indexes.start;
                let n = usize::try_from(indexes.end.saturating_sub(first)).unwrap_or(usize::MAX);
                pool.install(|| {
                    (0..n)
                        .into_par_iter()
                        .with_max_len(1)
                        .for_each(|k| one(first + k as u64));
                });
            }
            Err(_) => indexes.for_each(one),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_merge_into_runs_in_any_order() {
        let mut n = Numbers::default();
        let order = [5u64, 3, 4, 0, 9, 1, 2, 8, 6, 7, 4, 9];
        let fresh: Vec<bool> = order.iter().map(|&i| n.insert(i)).collect();
        assert_eq!(
            fresh,
            [true, true, true, true, true, true, true, true, true, true, false, false]
        );
        assert_eq!(n.len(), 10);
        assert_eq!(n.runs.len(), 1, "{:?}", n.runs);
        assert!((0..10).all(|i| n.contains(i)) && !n.contains(10));
        let mut gaps = Numbers::default();
        for i in (0..20).step_by(2) {
            gaps.insert(i);
        }
        assert_eq!((gaps.len(), gaps.runs.len()), (10, 10));
        assert!(!gaps.contains(1) && gaps.contains(18) && !gaps.contains(u64::MAX));
    }

    #[test]
    fn shards_cover_every_game_once() {
        for games in [0u64, 1, 7, 100, u64::MAX] {
            for count in [1u64, 3, 8] {
                let ranges: Vec<_> = (1..=count)
                    .map(|index| Shard { index, count }.range(games))
                    .collect();
                assert_eq!(ranges[0].start, 0);
                assert_eq!(ranges[ranges.len() - 1].end, games);
                assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
            }
        }
        assert_eq!(Shard { index: 0, count: 0 }.range(10), 0..0);
        assert_eq!(Shard { index: 4, count: 3 }.range(10), 0..0);
    }
}
