//! The pipeline a game file goes through in the fuzz tests, the soak and the
//! crash fixtures: `lud check`, and for a file that checks clean `perft 1`
//! (with `--divide`) and `perft 2` where the start has few moves, seeded random play (`bench`), `show`, `describe`,
//! `graph`, `fmt --check`, `explain` with and without a move, the computer
//! player, and a record written, replayed and explained. Every step
//! is a guarded subprocess (`run.rs`): a panic, a stack overflow, a hang or a
//! run over 1 GiB is a failure, and so is an exit code the step does not allow
//! (a file that checks clean must run). The first failure ends a file's run.
#![allow(dead_code)]

use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use super::run::{hang_guard, lud, Failure, Run};

/// The most moves a start position may have for the pipeline to count the
/// next ply too (`perft 2`).
const PERFT2_MOST_MOVES: usize = 400;

/// How much of the pipeline to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Depth {
    /// Check, perft 2 and seeded random play (a few random games in one
    /// `bench` run): what the soak runs for every generated game.
    Soak,
    /// Everything: also `show`, `describe`, `graph`, `fmt --check`,
    /// `explain`, the computer player (against a random player, and against
    /// itself), the record replayed and explained.
    Full,
}

/// What a file's runs came to.
#[derive(Debug, Default)]
pub(crate) struct Report {
    /// Whether `lud check --allow-warnings` accepted the file.
    pub(crate) checked: bool,
    /// Processes run.
    pub(crate) runs: u64,
    /// Games played to their end or the cap (random, computer, bench).
    pub(crate) games: u64,
    /// Each failure: the command line and what happened.
    pub(crate) failures: Vec<(String, Failure)>,
    /// The slowest run: its CPU time and command line.
    pub(crate) slowest: (Duration, String),
    /// The largest resident set seen, in KiB.
    pub(crate) peak_rss_kib: u64,
}

impl Report {
    fn note(&mut self, r: &Run, allowed: &[i32]) -> bool {
        self.runs += 1;
        if r.cpu > self.slowest.0 {
            self.slowest = (r.cpu, r.line.clone());
        }
        self.peak_rss_kib = self.peak_rss_kib.max(r.peak_rss_kib);
        match r.failure(allowed) {
            Some(f) => {
                self.failures.push((r.line.clone(), f));
                false
            }
            None => true,
        }
    }

    /// Adds another report's figures to this one.
    pub(crate) fn add(&mut self, o: Report) {
        self.runs += o.runs;
        self.games += o.games;
        self.failures.extend(o.failures);
        if o.slowest.0 > self.slowest.0 {
            self.slowest = o.slowest;
        }
        self.peak_rss_kib = self.peak_rss_kib.max(o.peak_rss_kib);
    }
}

/// Runs `file` through the pipeline. `seed` seeds the random players; `config`
/// is extra arguments naming a ruleset or options (`--option`, `name=value`),
/// used for the runs after the check; `scratch` is a file path the record may
/// be written to.
pub(crate) fn pipeline(
    file: &Path,
    seed: u64,
    config: &[String],
    depth: Depth,
    scratch: &Path,
) -> Report {
    let mut rep = Report::default();
    let limit = hang_guard();
    let f = file.to_str().expect("a UTF-8 path");
    let cfg: Vec<&str> = config.iter().map(String::as_str).collect();
    let with = |base: &[&str]| -> Vec<String> {
        base.iter()
            .chain(cfg.iter())
            .map(|s| (*s).to_string())
            .collect()
    };
    // After a failure the file's later steps are skipped: they would most
    // likely meet the same bug (a hang would cost its time limit again).
    let go = |rep: &mut Report, args: Vec<String>, allowed: &[i32]| -> Option<Run> {
        if !rep.failures.is_empty() {
            return None;
        }
        let a: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = lud(&a, limit);
        rep.note(&r, allowed).then_some(r)
    };

    // 1. check: 0 (clean or warnings allowed) or 1 (refused with diagnostics).
    let Some(r) = go(
        &mut rep,
        vec!["check".into(), "--allow-warnings".into(), f.into()],
        &[0, 1],
    ) else {
        return rep;
    };
    if r.code != Some(0) {
        return rep;
    }
    rep.checked = true;
    // 2. perft 1, dividing: the moves of the start position; then perft 2
    // where the start has few enough moves that the second ply stays small
    // (a generated board of 600 squares with many riders has thousands, and
    // its perft 2 would take the hang guard's time without finding more).
    let moves: Vec<String> = match go(&mut rep, with(&["perft", f, "1", "--divide"]), &[0]) {
        Some(r) => r
            .stdout
            .lines()
            .filter_map(|l| l.split_once(": ").map(|(m, _)| m.to_string()))
            .filter(|m| !m.contains(' '))
            .collect(),
        None => Vec::new(),
    };
    if moves.len() <= PERFT2_MOST_MOVES {
        go(&mut rep, with(&["perft", f, "2"]), &[0]);
    }
    // 3. seeded random play, several games in one run.
    let s = seed.to_string();
    if go(
        &mut rep,
        with(&["bench", f, "--games", "4", "--cap", "300", "--seed", &s]),
        &[0],
    )
    .is_some()
    {
        rep.games += 4;
    }
    if depth == Depth::Soak {
        return rep;
    }
    // 4. the game shown, described, drawn as a graph, its layout checked;
    // explain: the start position, a legal move, a move that is not one.
    go(&mut rep, with(&["show", f]), &[0]);
    go(&mut rep, with(&["describe", f]), &[0]);
    go(&mut rep, with(&["graph", f, "--text"]), &[0]);
    go(
        &mut rep,
        vec!["fmt".into(), "--check".into(), f.into()],
        &[0, 1],
    );
    go(&mut rep, with(&["explain", f]), &[0]);
    if let Some(m) = moves.get(seed as usize % moves.len().max(1)) {
        go(&mut rep, with(&["explain", f, m]), &[0]);
    }
    go(&mut rep, with(&["explain", f, "a1a2"]), &[0, 1]);
    // 5. a random player against the computer, with a record; the record
    // replayed and explained.
    let rec = scratch.to_str().expect("a UTF-8 path");
    let _ = std::fs::remove_file(scratch);
    let play = play_args(f, "random", "ai", "300", "120", &s);
    if go(
        &mut rep,
        with(&[&play[..], &["--record", rec]].concat()),
        &[0],
    )
    .is_some()
    {
        rep.games += 1;
        if scratch.exists() {
            go(&mut rep, vec!["replay".into(), f.into(), rec.into()], &[0]);
            go(
                &mut rep,
                vec!["explain".into(), f.into(), "--record".into(), rec.into()],
                &[0],
            );
        }
    }
    // 6. the computer against itself.
    if go(
        &mut rep,
        with(&play_args(f, "ai", "ai", "200", "40", &s)),
        &[0],
    )
    .is_some()
    {
        rep.games += 1;
    }
    rep
}

/// `play FILE` between `white` and `black` (`random` or `ai`), the computer
/// searching `ai_nodes` nodes a move, at most `plies` plies, seeded.
pub(crate) fn play_args<'a>(
    file: &'a str,
    white: &'a str,
    black: &'a str,
    ai_nodes: &'a str,
    plies: &'a str,
    seed: &'a str,
) -> [&'a str; 12] {
    [
        "play",
        file,
        "--white",
        white,
        "--black",
        black,
        "--ai-nodes",
        ai_nodes,
        "--max-plies",
        plies,
        "--seed",
        seed,
    ]
}

/// A failure report: the file, how to reproduce, what happened.
pub(crate) fn describe(file: &Path, text: &str, rep: &Report) -> String {
    let mut s = format!("{}:\n", file.display());
    for (line, f) in &rep.failures {
        let _ = writeln!(s, "  {line}\n    -> {f}");
    }
    s.push_str("--- the file ---\n");
    s.push_str(text);
    s
}

/// Each configuration `lud check` tries for a game file that compiles (the
/// defaults, each ruleset, each option value), as command-line arguments.
pub(crate) fn config_args(file: &Path) -> Vec<Vec<String>> {
    let src = lud::compile::read_source(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let game = lud::build::compile(&src).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    game.model()
        .options
        .all_configs()
        .into_iter()
        .map(|c| {
            let mut args = Vec::new();
            if let Some(r) = c.ruleset {
                args.push("--ruleset".to_string());
                args.push(r);
            }
            for (k, v) in c.options {
                args.push("--option".to_string());
                args.push(format!("{k}={v}"));
            }
            args
        })
        .collect()
}

/// Runs `job(i)` for `i` in `0..count` on `workers` threads (each job runs its
/// own subprocesses), and returns the reports in order.
pub(crate) fn parallel<F>(count: u64, workers: usize, job: F) -> Vec<Report>
where
    F: Fn(u64) -> Report + Sync,
{
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Mutex;
    let next = AtomicU64::new(0);
    let out: Mutex<Vec<(u64, Report)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..workers.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count {
                    break;
                }
                let r = job(i);
                out.lock().expect("no worker panicked").push((i, r));
            });
        }
    });
    let mut v = out.into_inner().expect("no worker panicked");
    v.sort_by_key(|(i, _)| *i);
    v.into_iter().map(|(_, r)| r).collect()
}

/// The number of workers: one per core.
pub(crate) fn workers() -> usize {
    std::thread::available_parallelism().map_or(2, std::num::NonZero::get)
}
