//! `lud bench FILE [--games N] [--cap PLIES] [--seed S] [--threads N] [--json] [--quiet]`
//!
//! On a terminal, a bar on stderr shows the games played and the time left
//! (not with `--quiet`, never when stderr is not a terminal).

use std::path::Path;
use std::sync::atomic::Ordering;

use indicatif::ProgressBar;

use super::progress::Bar;
use super::{check_threads, load, ConfigArgs, EXIT_OK, EXIT_USAGE};
use crate::bench::{Progress, MAX_CAP};

/// The progress bar: games played, the time taken and left, and the bar in
/// the rest of the line.
const TEMPLATE: &str = "{spinner} {human_pos}/{human_len} games, {elapsed}, ETA {eta} [{wide_bar}]";

/// What to run.
pub(super) struct Options {
    pub games: u64,
    pub cap: u32,
    pub seed: u64,
    pub threads: usize,
    pub json: bool,
    pub quiet: bool,
}

pub(super) fn run(file: &Path, config: &ConfigArgs, o: &Options) -> i32 {
    if o.cap > MAX_CAP {
        eoutln!("error: --cap {} is more than {MAX_CAP} plies", o.cap);
        eoutln!("  help: a random game is capped at {MAX_CAP} plies at most (the default is 200, as RBG's benchmarks)");
        return EXIT_USAGE;
    }
    if let Err(c) = check_threads(o.threads) {
        return c;
    }
    let game = match load(file, config) {
        Ok(g) => g,
        Err(c) => return c,
    };
    let progress = Progress::default();
    let bar = Bar::new(o.quiet, TEMPLATE, |b| b.set_length(o.games));
    let show = |b: &ProgressBar| {
        b.set_position(progress.done.load(Ordering::Relaxed));
    };
    let p = bar.run_with(show, || {
        crate::bench::playouts_progress(&game, o.games, o.cap, o.seed, o.threads, &progress)
    });
    let players = game.model().player_names();
    let state_bytes = game.state_size();
    let mean = p.plies as f64 / p.games.max(1) as f64;
    // Every game in one share: each player's wins, the draws, the capped,
    // the stuck.
    let counts: Vec<u64> = p
        .wins
        .iter()
        .copied()
        .chain([p.draws, p.capped, p.stuck])
        .collect();
    let tenths = shares(&counts, p.games);
    let pct = |i: usize| tenths[i] as f64 / 10.0;
    let draws_at = p.wins.len();
    if o.json {
        let wins: serde_json::Map<String, serde_json::Value> = players
            .iter()
            .zip(&p.wins)
            .map(|(name, w)| ((*name).to_string(), serde_json::json!(w)))
            .collect();
        let v = serde_json::json!({
            "game": game.name(),
            "file": file.display().to_string(),
            "games": p.games,
            "cap_plies": o.cap,
            "ended_by_rules": p.ended,
            "capped": p.capped,
            "stuck": p.stuck,
            "plies": p.plies,
            "mean_plies": mean,
            "wins": wins,
            "draws": p.draws,
            "shares_percent": {
                "wins": players
                    .iter()
                    .zip(0..draws_at)
                    .map(|(name, i)| ((*name).to_string(), serde_json::json!(pct(i))))
                    .collect::<serde_json::Map<_, _>>(),
                "draws": pct(draws_at),
                "capped": pct(draws_at + 1),
                "stuck": pct(draws_at + 2),
            },
            "seconds": p.seconds,
            "threads": p.threads,
            "playouts_per_second": p.per_second(),
            "states_per_second": p.states_per_second(),
            "state_bytes": state_bytes,
        });
        outln!("{v}");
        return EXIT_OK;
    }
    let mut results: Vec<String> = players
        .iter()
        .zip(0..draws_at)
        .map(|(name, i)| format!("{name} wins {:.1}%", pct(i)))
        .chain([
            format!("draws {:.1}%", pct(draws_at)),
            format!("capped at {} plies {:.1}%", o.cap, pct(draws_at + 1)),
        ])
        .collect();
    // Games with no legal move that no end rule ends, where there are any.
    let stuck = if p.stuck > 0 {
        results.push(format!("stuck {:.1}%", pct(draws_at + 2)));
        format!(
            ", {} stuck with no legal move and no end rule for it",
            p.stuck
        )
    } else {
        String::new()
    };
    outln!("game          {}", game.name());
    outln!(
        "playouts      {} random games from the start, {} ended by the rules, {} stopped at the cap of {} plies{stuck}",
        p.games, p.ended, p.capped, o.cap
    );
    outln!("results       {}", results.join(", "));
    outln!("mean length   {mean:.1} plies");
    outln!(
        "time          {:.3} s on {} thread(s)",
        p.seconds,
        p.threads
    );
    outln!("playouts/s    {:.0}", p.per_second());
    outln!("states/s      {:.0}", p.states_per_second());
    outln!("state size    {state_bytes} bytes");
    EXIT_OK
}

/// Each count's share of `total`, in tenths of a percent, rounded so that
/// shares of counts that make up the total add up to exactly 100.0% (the
/// largest remainders are rounded up; on a tie, the earlier count).
pub(super) fn shares(counts: &[u64], total: u64) -> Vec<u64> {
    let total = u128::from(total.max(1));
    let exact: Vec<u128> = counts.iter().map(|&c| u128::from(c) * 1000).collect();
    let mut tenths: Vec<u64> = exact.iter().map(|e| (e / total) as u64).collect();
    if counts.iter().map(|&c| u128::from(c)).sum::<u128>() == total {
        let short = 1000u64.saturating_sub(tenths.iter().sum()) as usize;
        let mut order: Vec<usize> = (0..counts.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(exact[i] % total));
        for &i in order.iter().take(short) {
            tenths[i] += 1;
        }
    } else {
        // Not all games are here: each share rounded on its own.
        for (t, e) in tenths.iter_mut().zip(&exact) {
            *t += u64::from(e % total * 2 >= total);
        }
    }
    tenths
}

#[cfg(test)]
mod tests {
    use super::shares;

    #[test]
    fn shares_of_every_game_add_up_to_a_hundred_percent() {
        // 1/3 each: 33.3% three times would make 99.9%.
        assert_eq!(shares(&[1, 1, 1], 3), [334, 333, 333]);
        assert_eq!(shares(&[44, 44, 4, 1908], 2000), [22, 22, 2, 954]);
        assert_eq!(shares(&[2, 1, 4], 7), [286, 143, 571]);
        assert_eq!(shares(&[0, 0, 0, 0], 0), [0, 0, 0, 0]);
        for (counts, total) in [(vec![5, 7, 11, 977], 1000), (vec![1, 2, 3, 4, 5, 6], 21)] {
            assert_eq!(shares(&counts, total).iter().sum::<u64>(), 1000);
        }
    }

    #[test]
    fn shares_of_some_games_are_each_rounded() {
        assert_eq!(shares(&[1, 1], 3), [333, 333]);
        assert_eq!(shares(&[2], 3), [667]);
    }
}
