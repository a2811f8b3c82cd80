//! The arithmetic of a match: the Elo difference a score means, its 95%
//! interval from the games' own spread, and the sequential probability
//! ratio test that stops a match once it has answered "is player 1 at
//! least ELO1 stronger, or at most ELO0?".
//!
//! The Elo interval is cutechess's: the mean score `mu` of the games and
//! its standard error `sqrt(var / n)` (the variance of the games' scores
//! 1, 1/2, 0), mapped through `elo(s) = -400 log10(1/s - 1)` at
//! `mu ± 1.96 se`. The test is the generalised SPRT of fishtest and
//! cutechess (after Michel Van den Bergh), with the normal approximation
//! of the log-likelihood ratio, `LLR = n (s1 - s0) (2 mu - s0 - s1) / (2
//! var)`, where `s0`, `s1` are the scores the two hypotheses' Elo
//! differences give. On the pentanomial model the sample is the pairs of
//! games (each opening played with both colours), each scored 0, 1/4, ...,
//! 1, which takes the correlation of a pair's two games into account.

/// The 97.5% quantile of the standard normal distribution.
const Z975: f64 = 1.959_963_984_540_054;

/// The score a player expects with an Elo advantage of `elo`.
pub(super) fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference a mean score of `score` (0 to 1) means: `-inf` at 0,
/// `inf` at 1.
pub(super) fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The mean and the variance of a sample given as (value, count) pairs.
fn mean_var(sample: &[(f64, u64)]) -> Option<(f64, f64, f64)> {
    let n: u64 = sample.iter().map(|&(_, c)| c).sum();
    if n == 0 {
        return None;
    }
    let n = n as f64;
    let mu = sample.iter().map(|&(v, c)| v * c as f64).sum::<f64>() / n;
    let var = sample
        .iter()
        .map(|&(v, c)| c as f64 * (v - mu).powi(2))
        .sum::<f64>()
        / n;
    Some((n, mu, var))
}

/// An Elo difference with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Elo {
    /// The mean score, 0 to 1.
    pub(super) score: f64,
    /// The Elo difference.
    pub(super) diff: f64,
    /// The interval's lower end.
    pub(super) low: f64,
    /// The interval's upper end.
    pub(super) high: f64,
}

impl Elo {
    /// From wins, draws and losses (of one player against the other).
    pub(super) fn of(wins: u64, draws: u64, losses: u64) -> Option<Elo> {
        let (n, mu, var) = mean_var(&[(1.0, wins), (0.5, draws), (0.0, losses)])?;
        let se = (var / n).sqrt();
        Some(Elo {
            score: mu,
            diff: elo_of(mu),
            low: elo_of(mu - Z975 * se),
            high: elo_of(mu + Z975 * se),
        })
    }

    /// Half the interval's width (cutechess's "+/-").
    pub(super) fn margin(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// The log-likelihood ratio of the hypothesis "the Elo difference is
/// `elo1`" against "it is `elo0`", from a sample of scores (each 0 to 1)
/// given as (score, count); 0 for an empty sample. As fishtest does, each
/// count is taken as at least 1/1000, so that a sample without spread (a
/// clean sweep) still has a variance.
pub(super) fn llr(elo0: f64, elo1: f64, sample: &[(f64, u64)]) -> f64 {
    if sample.iter().all(|&(_, c)| c == 0) {
        return 0.0;
    }
    let counts: Vec<(f64, f64)> = sample
        .iter()
        .map(|&(v, c)| (v, (c as f64).max(1e-3)))
        .collect();
    let n: f64 = counts.iter().map(|&(_, c)| c).sum();
    let mu = counts.iter().map(|&(v, c)| v * c).sum::<f64>() / n;
    let var = counts
        .iter()
        .map(|&(v, c)| c * (v - mu).powi(2))
        .sum::<f64>()
        / n;
    if var <= 0.0 {
        return 0.0;
    }
    let (s0, s1) = (expected(elo0), expected(elo1));
    n * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var)
}

/// The test's bounds for errors `alpha` (accepting `elo1` wrongly) and
/// `beta` (accepting `elo0` wrongly): below the first, `elo0` is accepted;
/// above the second, `elo1`.
pub(super) fn bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

/// Where a sequential test stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Sprt {
    /// The hypotheses' Elo differences.
    pub(super) elo0: f64,
    /// The hypotheses' Elo differences.
    pub(super) elo1: f64,
    /// The log-likelihood ratio so far.
    pub(super) llr: f64,
    /// Its lower bound (accept `elo0`).
    pub(super) lower: f64,
    /// Its upper bound (accept `elo1`).
    pub(super) upper: f64,
}

impl Sprt {
    /// The test of `elo0` against `elo1` with alpha = beta = 0.05 on the
    /// pentanomial counts `pairs` (pairs scoring 0, 1/2, 1, 3/2, 2 points).
    pub(super) fn pentanomial(elo0: f64, elo1: f64, pairs: [u64; 5]) -> Sprt {
        let sample: Vec<(f64, u64)> = pairs
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as f64 / 4.0, c))
            .collect();
        let (lower, upper) = bounds(0.05, 0.05);
        Sprt {
            elo0,
            elo1,
            llr: llr(elo0, elo1, &sample),
            lower,
            upper,
        }
    }

    /// The test's verdict, if it has one.
    pub(super) fn verdict(&self) -> Option<bool> {
        if self.llr >= self.upper {
            Some(true)
        } else if self.llr <= self.lower {
            Some(false)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn near(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Two results as cutechess-cli printed them (wins, losses, draws):
    /// "Score of A vs B: 99 - 97 - 104 \[0.503\] 300 ... Elo difference:
    /// 2.3 +/- 31.8" and "Score ...: 45 - 37 - 18 \[0.540\] 100 ... Elo
    /// difference: 27.9 +/- 62.4". cutechess's normal quantile is an
    /// approximation (about 1.956 for 1.960), so its margins are a little
    /// narrower.
    #[test]
    fn elo_agrees_with_cutechess() {
        let e = Elo::of(99, 104, 97).unwrap();
        assert!(near(e.score, 0.503, 0.0005), "{e:?}");
        assert!(near(e.diff, 2.3, 0.05), "{e:?}");
        assert!(near(e.margin(), 31.8, 0.15), "{e:?}");
        let e = Elo::of(45, 18, 37).unwrap();
        assert!(near(e.diff, 27.9, 0.05), "{e:?}");
        assert!(near(e.margin(), 62.4, 0.15), "{e:?}");
        // An even score is no difference; a clean sweep is beyond measure.
        assert!(near(Elo::of(3, 4, 3).unwrap().diff, 0.0, 1e-12));
        assert!(Elo::of(5, 0, 0).unwrap().diff.is_infinite());
        assert!(Elo::of(0, 0, 0).is_none());
    }

    #[test]
    fn expected_score_inverts_elo() {
        for elo in [-300.0, -20.0, 0.0, 5.0, 400.0] {
            assert!(near(elo_of(expected(elo)), elo, 1e-9));
        }
        assert!(near(expected(400.0), 10.0 / 11.0, 1e-12));
    }

    /// alpha = beta = 0.05: the bounds are -/+ ln 19 = 2.944.
    #[test]
    fn bounds_are_fishtests() {
        let (lo, hi) = bounds(0.05, 0.05);
        assert!(near(lo, -2.944_438_979, 1e-9) && near(hi, 2.944_438_979, 1e-9));
    }

    /// A worked example of the normal approximation, by hand: pairs
    /// scoring 0, 1/2, 1, 3/2, 2 points counted 10, 20, 40, 20, 10 (as
    /// normalised scores 0, 1/4, ..., 1: mean 1/2, variance 0.075); elo0 =
    /// 0, elo1 = 10: s0 = 1/2, s1 = 0.514387; LLR = 100 * 0.014387 * (1 -
    /// 1/2 - 0.514387) / (2 * 0.075) = -0.13799.
    #[test]
    fn llr_by_hand() {
        let s = Sprt::pentanomial(0.0, 10.0, [10, 20, 40, 20, 10]);
        let s1 = expected(10.0);
        assert!(near(s1, 0.514_387, 1e-6));
        let by_hand = 100.0 * (s1 - 0.5) * (1.0 - 0.5 - s1) / (2.0 * 0.075);
        assert!(near(s.llr, by_hand, 1e-9));
        assert!(near(s.llr, -0.138_0, 1e-4), "{}", s.llr);
        assert_eq!(s.verdict(), None);
        // A player that wins every pair but one: elo1 is accepted.
        let s = Sprt::pentanomial(0.0, 10.0, [0, 0, 1, 10, 89]);
        assert_eq!(s.verdict(), Some(true), "{s:?}");
        let s = Sprt::pentanomial(0.0, 10.0, [89, 10, 1, 0, 0]);
        assert_eq!(s.verdict(), Some(false), "{s:?}");
        // No games: no evidence.
        assert!(near(Sprt::pentanomial(0.0, 10.0, [0; 5]).llr, 0.0, 1e-12));
        // A clean sweep has no spread, but the counts taken as at least
        // 1/1000 give it one: ten pairs won outright accept elo1.
        assert_eq!(
            Sprt::pentanomial(0.0, 10.0, [0, 0, 0, 0, 10]).verdict(),
            Some(true)
        );
    }
}
