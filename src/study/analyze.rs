//! What a game designer reads off a study's games: results by side with
//! their 95% intervals, the kinds of endings, how long games last, how many
//! moves a position offers as a game goes on, and the outcome and duration
//! metrics of Ludii's evaluation suite, with their definitions (Ludii's
//! `Evaluation/src/metrics/single/` in the Ludii repository; Browne,
//! *Evolutionary Game Design*, 2011, for the measures they come from).
//!
//! Games are gathered into [`Summary`]s by study: the same game, ruleset,
//! options, players and cap, whatever the seed (two runs with different
//! seeds are one larger sample). A game that appears twice (the same seed
//! and number) is counted once; where its two lines say different things,
//! [`Gathered::add`] says where the first was (a hash of each game's
//! contents is kept for that, 8 bytes and its place a game).

use std::collections::{BTreeMap, HashMap};

use super::{End, Line, Numbers};

/// The 95% two-sided normal quantile.
const Z95: f64 = 1.959_963_984_540_054;

/// A share with its 95% interval (Wilson's score interval, which stays
/// within 0..1 and behaves for shares near 0 or 1 and small samples).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Share {
    /// The share, 0 to 1.
    pub value: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
}

impl Share {
    /// A mean with its normal 95% interval, from its standard error (kept
    /// within 0..1).
    pub fn normal(mean: f64, se: f64) -> Share {
        Share {
            value: mean,
            low: (mean - Z95 * se).max(0.0),
            high: (mean + Z95 * se).min(1.0),
        }
    }

    /// `count` out of `total` (0 of 0 is 0, with the interval 0..1).
    pub fn of(count: f64, total: f64) -> Share {
        if total <= 0.0 {
            return Share {
                value: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let p = count / total;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * total)) / (1.0 + z2 / total);
        let half =
            Z95 * (p * (1.0 - p) / total + z2 / (4.0 * total * total)).sqrt() / (1.0 + z2 / total);
        // At none or all, the bound there is exactly 0 or 1 (rounding
        // would leave 5.6e-17).
        Share {
            value: p,
            low: if count <= 0.0 {
                0.0
            } else {
                (centre - half).max(0.0)
            },
            high: if count >= total {
                1.0
            } else {
                (centre + half).min(1.0)
            },
        }
    }
}

/// The games of one study, gathered.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// What the games have in common (the first game's line, with nothing
    /// of its own game kept): the game, its ruleset and options, the
    /// players and sides, the cap.
    pub study: Line,
    /// The seeds the games came from.
    pub seeds: Vec<u64>,
    /// Games counted.
    pub games: u64,
    /// Games that appeared more than once, counted once.
    pub duplicates: u64,
    /// Wins of each side.
    pub wins: Vec<u64>,
    /// Of which half-wins.
    pub half_wins: Vec<u64>,
    /// Games drawn by the rules.
    pub draws: u64,
    /// Games still going at the cap.
    pub capped: u64,
    /// Games with no legal move and no end rule for it.
    pub stuck: u64,
    /// Games by how they ended: (`White wins`, `checkmate`) and the like.
    pub endings: BTreeMap<(String, String), u64>,
    /// Games by length in plies: `lengths[n]` games lasted `n` plies.
    pub lengths: Vec<u64>,
    /// The sum of the legal moves at ply `k` over the games that reached it.
    branching_sum: Vec<f64>,
    /// The games that played a move at ply `k`.
    branching_games: Vec<u64>,
    /// Over the games of at least one ply: their number, the sum of each
    /// one's share of positions with more than one legal move, and the sum
    /// of each one's plies times the log10 of its mean branching.
    per_game: (u64, f64, f64),
    /// Games with a winner and an evaluation, and the sum of the share of
    /// each played before its winner's evaluation first passed the best
    /// the losing side ever had.
    decisive: (u64, f64),
    /// The time the games took, in seconds.
    pub seconds: f64,
    /// The numbers of the games counted, by seed.
    seen: HashMap<u64, Numbers>,
    /// Each game's contents (a hash of what it says of its game, its time
    /// aside) and where it was read, by seed and number: a game read again
    /// with other contents is told.
    contents: HashMap<(u64, u64), (u64, Place)>,
}

/// Where a line was read: the file (by its number among those read, from
/// 0) and the line (from 1).
pub type Place = (usize, usize);

/// A hash of what a line says of its game, but for its time (two runs of
/// one study play the same game in different times).
fn contents(line: &Line) -> u64 {
    use std::hash::{Hash as _, Hasher as _};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (
        &line.result,
        &line.winner,
        line.half,
        &line.ending,
        line.plies,
        &line.branching,
        &line.moves,
        &line.eval,
    )
        .hash(&mut h);
    h.finish()
}

/// The metrics of a summary.
#[derive(Clone, Debug, PartialEq)]
pub struct Metrics {
    /// Each side's wins, as a share of all games.
    pub wins: Vec<Share>,
    /// Draws by the rules, as a share of all games (Ludii's Drawishness:
    /// "percentage of games which end in a draw, not including
    /// timeouts").
    pub drawishness: Share,
    /// Games with a winner (Ludii's Completion).
    pub completion: Share,
    /// Games stopped at the cap (Ludii's Timeouts).
    pub timeouts: Share,
    /// Games that stopped with no legal move and no end rule for it.
    pub stuck: Share,
    /// 1 minus the largest difference between two sides' win rates
    /// (Ludii's Balance).
    pub balance: f64,
    /// The first player's score (a win 1, a draw ½) over the games the
    /// rules ended, with the normal 95% interval of a mean (a game's score
    /// takes three values, so a share's binomial interval would be too wide
    /// where many games are drawn); `None` where the rules ended no game
    /// (every game capped or stuck), which gives no score.
    pub first_player_score: Option<Share>,
    /// The standard error of the first player's score (for the difference
    /// of two studies).
    pub first_player_se: f64,
    /// Mean length in plies (Ludii's `DurationMoves`), and its standard
    /// deviation.
    pub length_mean: f64,
    /// The standard deviation of the length.
    pub length_sd: f64,
    /// Length percentiles: 10th, 50th (median), 90th.
    pub length_percentiles: [u32; 3],
    /// Shortest and longest game.
    pub length_range: (u32, u32),
    /// Mean legal moves a position (over every position a move was played
    /// from).
    pub branching: f64,
    /// The share of a game's positions with more than one legal move,
    /// averaged over the games (Ludii's `DecisionMoves`).
    pub decision_moves: f64,
    /// log10 of the game-tree size estimated for each game as b^d, b its
    /// mean branching and d its length, averaged over the games (Ludii's
    /// `GameTreeComplexity`; after Allis 1994).
    pub game_tree_log10: f64,
    /// Ludii's Decisiveness: the mean share of a won game that was played
    /// before the winner's evaluation first rose above the highest the
    /// losing side ever reached, over the won games with evaluations, and
    /// their number (`None` without evaluations: `lud selfplay --eval`).
    pub decisiveness: Option<(f64, u64)>,
}

impl Summary {
    fn new(first: &Line) -> Summary {
        Summary {
            study: Line {
                game: first.game.clone(),
                rules: first.rules.clone(),
                ruleset: first.ruleset.clone(),
                options: first.options.clone(),
                players: first.players.clone(),
                sides: first.sides.clone(),
                max_plies: first.max_plies,
                random_plies: first.random_plies,
                ..Line::default()
            },
            wins: vec![0; first.sides.len()],
            half_wins: vec![0; first.sides.len()],
            ..Summary::default()
        }
    }

    /// Whether `line` is a game of this summary's study (any seed).
    fn holds(&self, line: &Line) -> bool {
        self.study.study_key() == line.study_key()
    }

    /// Counts one game, read at `at`; where a game of the same seed and
    /// number was read before with other contents, where it was.
    fn add(&mut self, line: &Line, at: Place) -> Option<Place> {
        let hash = contents(line);
        // A seed not seen yet (looked up in `seen`, not in the list: a
        // study may have a hundred thousand seeds).
        let new_seed = !self.seen.contains_key(&line.seed);
        if !self.seen.entry(line.seed).or_default().insert(line.index) {
            self.duplicates += 1;
            return match self.contents.get(&(line.seed, line.index)) {
                Some(&(h, first)) if h != hash => Some(first),
                _ => None,
            };
        }
        self.contents.insert((line.seed, line.index), (hash, at));
        if new_seed {
            self.seeds.push(line.seed);
        }
        self.games += 1;
        self.seconds += line.seconds;
        let end = line.end();
        let (who, kind) = match &end {
            End::Win { winner, kind, half } => {
                self.wins[*winner] += 1;
                if *half {
                    self.half_wins[*winner] += 1;
                }
                let side = &self.study.sides[*winner];
                (format!("{side} wins"), kind.clone())
            }
            End::Draw { kind } => {
                self.draws += 1;
                ("draw".to_string(), kind.clone())
            }
            End::Capped => {
                self.capped += 1;
                (
                    "capped".to_string(),
                    format!(
                        "still going at {}",
                        super::counted(self.study.max_plies, "ply")
                    ),
                )
            }
            End::Stuck => {
                self.stuck += 1;
                (
                    "stuck".to_string(),
                    "no legal move, no end rule".to_string(),
                )
            }
        };
        *self.endings.entry((who, kind)).or_default() += 1;
        let n = line.plies as usize;
        if self.lengths.len() <= n {
            self.lengths.resize(n + 1, 0);
        }
        self.lengths[n] += 1;
        let k = line.branching.len();
        if self.branching_sum.len() < k {
            self.branching_sum.resize(k, 0.0);
            self.branching_games.resize(k, 0);
        }
        for (i, &b) in line.branching.iter().enumerate() {
            self.branching_sum[i] += f64::from(b);
            self.branching_games[i] += 1;
        }
        if k > 0 {
            let decisions = line.branching.iter().filter(|&&b| b > 1).count();
            let mean = line.branching.iter().map(|&b| f64::from(b)).sum::<f64>() / k as f64;
            self.per_game.0 += 1;
            self.per_game.1 += decisions as f64 / k as f64;
            if mean > 0.0 {
                self.per_game.2 += k as f64 * mean.log10();
            }
        }
        if let (End::Win { winner, .. }, false) = (&end, line.eval.is_empty()) {
            if let Some(share) = decided_at(&line.eval, *winner) {
                self.decisive.0 += 1;
                self.decisive.1 += share;
            }
        }
        None
    }

    /// Mean legal moves at each ply, over the games that reached it, up to
    /// the last ply that at least `min_games` games reached.
    pub fn branching_by_ply(&self, min_games: u64) -> Vec<(usize, f64)> {
        self.branching_sum
            .iter()
            .zip(&self.branching_games)
            .enumerate()
            .take_while(|(_, (_, &g))| g >= min_games.max(1))
            .map(|(i, (s, &g))| (i, s / g as f64))
            .collect()
    }

    /// The metrics.
    pub fn metrics(&self) -> Metrics {
        let n = self.games as f64;
        let won: u64 = self.wins.iter().sum();
        let rates: Vec<f64> = self.wins.iter().map(|&w| w as f64 / n.max(1.0)).collect();
        let mut balance = 1.0f64;
        for (i, a) in rates.iter().enumerate() {
            for b in &rates[i + 1..] {
                balance = balance.min(1.0 - (a - b).abs());
            }
        }
        let (first, first_se) = self.first_player();
        let mut lengths = self.lengths.iter().enumerate().filter(|(_, &c)| c > 0);
        let total_plies: f64 = lengths.clone().map(|(l, &c)| l as f64 * c as f64).sum();
        let mean = total_plies / n.max(1.0) + 0.0;
        let var = lengths
            .clone()
            .map(|(l, &c)| (l as f64 - mean).powi(2) * c as f64)
            .sum::<f64>()
            / (n - 1.0).max(1.0);
        let positions: u64 = self.branching_games.iter().sum();
        // (`+ 0.0`: a sum of nothing is -0.0, shown as "-0.00".)
        let branching = self.branching_sum.iter().sum::<f64>() / (positions.max(1) as f64) + 0.0;
        Metrics {
            wins: self.wins.iter().map(|&w| Share::of(w as f64, n)).collect(),
            drawishness: Share::of(self.draws as f64, n),
            completion: Share::of(won as f64, n),
            timeouts: Share::of(self.capped as f64, n),
            stuck: Share::of(self.stuck as f64, n),
            balance,
            first_player_score: first_se.is_finite().then_some(first),
            first_player_se: first_se,
            length_mean: mean,
            length_sd: var.sqrt(),
            length_percentiles: [0.1, 0.5, 0.9].map(|q| self.percentile(q)),
            length_range: (
                lengths.clone().next().map_or(0, |(l, _)| l as u32),
                lengths.next_back().map_or(0, |(l, _)| l as u32),
            ),
            branching,
            decision_moves: self.per_game.1 / self.per_game.0.max(1) as f64,
            game_tree_log10: self.per_game.2 / self.per_game.0.max(1) as f64,
            decisiveness: (self.decisive.0 > 0)
                .then(|| (self.decisive.1 / self.decisive.0 as f64, self.decisive.0)),
        }
    }

    /// The first player's mean score over the games the rules ended, with
    /// its interval, and its standard error. The interval is the normal one
    /// of a mean, from the games with z²/2 wins and z²/2 losses added (as
    /// Agresti and Coull adjust a share's): where every game went one way
    /// the games show no spread, and the plain normal interval would have
    /// none (100% to 100% after 20 wins in 20); this one is as wide as the
    /// number of games allows (81% to 100% there, Wilson's share of wins
    /// 84% to 100%), and much as the plain one elsewhere.
    fn first_player(&self) -> (Share, f64) {
        let won = self.wins.first().copied().unwrap_or(0) as f64;
        let lost = self.wins.iter().skip(1).sum::<u64>() as f64;
        let drawn = self.draws as f64;
        let n = won + lost + drawn;
        if n == 0.0 {
            return (Share::of(0.0, 0.0), f64::INFINITY);
        }
        let mean = (won + drawn / 2.0) / n;
        let added = Z95 * Z95 / 2.0;
        let (won, lost, m) = (won + added, lost + added, n + 2.0 * added);
        let centre = (won + drawn / 2.0) / m;
        let squares =
            won * (1.0 - centre).powi(2) + drawn * (0.5 - centre).powi(2) + lost * centre.powi(2);
        let se = (squares / (m - 1.0) / m).sqrt();
        let around = Share::normal(centre, se);
        let share = Share {
            value: mean,
            low: around.low.min(mean),
            high: around.high.max(mean),
        };
        (share, se)
    }

    /// The length below which a share `q` of the games ended (the nearest
    /// rank).
    fn percentile(&self, q: f64) -> u32 {
        let rank = ((q * self.games as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (l, &c) in self.lengths.iter().enumerate() {
            seen += c;
            if seen >= rank {
                return l as u32;
            }
        }
        0
    }
}

/// The share of a won game (by ply) played before the winner's evaluation
/// (`eval` is the first player's, ply by ply) first rose above the highest
/// the losing side ever had; `None` for a game of no plies.
fn decided_at(eval: &[i32], winner: usize) -> Option<f64> {
    if eval.is_empty() {
        return None;
    }
    // In i64: the negation of any i32 a file may hold (`i32::MIN` too).
    let for_winner = |v: i32| {
        let v = i64::from(v);
        if winner == 0 {
            v
        } else {
            -v
        }
    };
    let threshold = eval.iter().map(|&v| -for_winner(v)).max()?;
    let at = eval
        .iter()
        .position(|&v| for_winner(v) > threshold)
        .unwrap_or(eval.len());
    Some(at as f64 / eval.len() as f64)
}

/// Games gathered into summaries, one for each study, in the order each
/// study was first seen.
#[derive(Debug, Default)]
pub struct Gathered {
    /// The summaries.
    pub studies: Vec<Summary>,
}

impl Gathered {
    /// Counts one game, read at `at` (a game of the same seed and number
    /// is counted once); where one was read before with other contents,
    /// where it was.
    pub fn add(&mut self, line: &Line, at: Place) -> Option<Place> {
        match self.studies.iter_mut().find(|s| s.holds(line)) {
            Some(s) => s.add(line, at),
            None => {
                let mut s = Summary::new(line);
                let conflict = s.add(line, at);
                self.studies.push(s);
                conflict
            }
        }
    }
}

/// The difference between two means, `a − b`, with its normal 95%
/// interval, from their standard errors.
pub fn difference_of_means(a: f64, a_se: f64, b: f64, b_se: f64) -> Share {
    let half = Z95 * (a_se * a_se + b_se * b_se).sqrt();
    Share {
        value: a - b,
        low: a - b - half,
        high: a - b + half,
    }
}

/// The difference between two shares, `a − b`, with its 95% interval
/// (Newcombe's method 10, from the two Wilson intervals).
pub fn difference(a: Share, b: Share) -> Share {
    let d = a.value - b.value;
    let low = d - ((a.value - a.low).powi(2) + (b.high - b.value).powi(2)).sqrt();
    let high = d + ((a.high - a.value).powi(2) + (b.value - b.low).powi(2)).sqrt();
    Share {
        value: d,
        low,
        high,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-4
    }

    #[test]
    fn wilson_intervals_match_published_values() {
        // Newcombe (1998), Table I: 81 of 263, 15 of 148, 0 of 20, 1 of 29.
        let s = Share::of(81.0, 263.0);
        assert!(near(s.low, 0.2553) && near(s.high, 0.3662), "{s:?}");
        let s = Share::of(15.0, 148.0);
        assert!(near(s.low, 0.0624) && near(s.high, 0.1605), "{s:?}");
        let s = Share::of(0.0, 20.0);
        assert!(s.low == 0.0 && near(s.high, 0.1611), "{s:?}");
        assert!(Share::of(20.0, 20.0).high >= 1.0);
        let s = Share::of(1.0, 29.0);
        assert!(near(s.low, 0.0061) && near(s.high, 0.1718), "{s:?}");
    }

    #[test]
    fn a_difference_of_shares_matches_newcombes_example() {
        // Newcombe (1998), Table II, example (a): 56/70 − 48/80, method 10:
        // 0.0524 to 0.3339.
        let d = difference(Share::of(56.0, 70.0), Share::of(48.0, 80.0));
        assert!(
            near(d.value, 0.2) && near(d.low, 0.0524) && near(d.high, 0.3339),
            "{d:?}"
        );
    }

    #[test]
    fn the_first_players_score_has_an_interval_when_every_game_went_one_way() {
        let score = |wins: u64, losses: u64, draws: u64| {
            let s = Summary {
                wins: vec![wins, losses],
                draws,
                ..Summary::default()
            };
            s.first_player().0
        };
        // 20 wins of 20: the plain normal interval is 100% to 100%; with
        // 1.92 wins and losses added, the mean is 21.92 / 23.84 = 0.9195,
        // the sum of squares 21.92 × 0.0805² + 1.92 × 0.9195² = 1.765, the
        // standard error sqrt(1.765 / 22.84 / 23.84) = 0.0569, the interval
        // 0.808 to 1 (Wilson's for 20 of 20 wins: 0.839 to 1).
        let s = score(20, 0, 0);
        assert!(
            near(s.value, 1.0) && near(s.low, 0.808) && near(s.high, 1.0),
            "{s:?}"
        );
        let s = score(0, 20, 0);
        assert!(
            near(s.value, 0.0) && near(s.low, 0.0) && near(s.high, 0.192),
            "{s:?}"
        );
        // Many draws: much as the plain interval (0.5 ± 1.96 × 0.0159 =
        // 0.469 to 0.531), a little wider (0.465 to 0.535).
        let s = score(5, 5, 90);
        assert!(
            near(s.value, 0.5) && near(s.low, 0.465) && near(s.high, 0.535),
            "{s:?}"
        );
    }

    #[test]
    fn a_game_is_decided_when_the_winner_passes_the_losers_best() {
        // The loser (second player) was at best 30 ahead (-30 for the first
        // player); the winner passes 30 at the fourth of five plies.
        assert_eq!(decided_at(&[0, -30, 10, 40, 90], 0), Some(0.6));
        // Won by the second player, who is ahead from the start.
        assert_eq!(decided_at(&[-5, -10], 1), Some(0.0));
        // Never above the loser's best (20, at the start): decided at the
        // end.
        assert_eq!(decided_at(&[-20, 10], 0), Some(1.0));
        assert_eq!(decided_at(&[], 0), None);
        // The extremes of an i32, negated without overflow.
        assert_eq!(decided_at(&[i32::MIN, 0], 1), Some(0.0));
        assert_eq!(decided_at(&[i32::MIN, i32::MAX], 0), Some(1.0));
    }
}
