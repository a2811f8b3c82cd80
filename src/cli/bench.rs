//! `lud bench FILE [--games N] [--cap PLIES] [--seed S] [--threads N] [--json]`

use std::path::Path;

use super::{check_threads, load, ConfigArgs, EXIT_OK, EXIT_USAGE};
use crate::bench::MAX_CAP;

/// What to run.
pub(super) struct Options {
    pub games: u64,
    pub cap: u32,
    pub seed: u64,
    pub threads: usize,
    pub json: bool,
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
    let p = crate::bench::playouts(&game, o.games, o.cap, o.seed, o.threads);
    let players: Vec<&str> = game
        .model()
        .players
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    let state_bytes = game.state_size();
    let mean = p.plies as f64 / p.games.max(1) as f64;
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
            "plies": p.plies,
            "mean_plies": mean,
            "wins": wins,
            "draws": p.draws,
            "seconds": p.seconds,
            "threads": p.threads,
            "playouts_per_second": p.per_second(),
            "states_per_second": p.states_per_second(),
            "state_bytes": state_bytes,
        });
        outln!("{v}");
        return EXIT_OK;
    }
    let pct = |n: u64| 100.0 * n as f64 / p.games.max(1) as f64;
    let results: Vec<String> = players
        .iter()
        .zip(&p.wins)
        .map(|(name, w)| format!("{name} wins {:.1}%", pct(*w)))
        .chain([format!("draws {:.1}%", pct(p.draws))])
        .collect();
    outln!("game          {}", game.name());
    outln!(
        "playouts      {} random games from the start, {} ended by the rules, {} stopped at the cap of {} plies",
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
