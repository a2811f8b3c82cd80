//! The soak (issue 15), run by CI as `cargo test --profile quick -- --ignored`:
//!
//! - 10,000 generated games (tests/support/gen.rs) through `lud check`, and
//!   those that check clean through `perft 2` and seeded random play; every
//!   tenth also through `explain`, the computer player, and its record
//!   replayed (tests/support/pipeline.rs);
//! - 100,000 seeded random games across the shipped games, under every
//!   ruleset and option value, in `lud bench` batches, and games of the
//!   computer player against a random one under each configuration.
//!
//! Every run is a subprocess of the release binary with a hang guard and a
//! 1 GiB memory cap (tests/support/run.rs): no panic, no hang, no run over
//! 1 GiB. Each test prints its figures. `LUD_SOAK_GAMES`, `LUD_SOAK_SEED` and
//! `LUD_SOAK_SELFPLAY` change the counts and the seeds (to soak longer by hand).

#[path = "support/gen.rs"]
mod gen;
#[path = "support/pipeline.rs"]
mod pipeline;
#[path = "support/run.rs"]
mod run;

use std::path::{Path, PathBuf};
use std::time::Instant;

use pipeline::{parallel, pipeline, workers, Depth, Report};

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.replace('_', "").parse().ok())
        .unwrap_or(default)
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&dir).expect("the scratch folder can be made");
    dir
}

/// Prints a report's figures, and fails with every failure (the file, the
/// command and what happened) if there is one.
fn conclude(what: &str, total: &Report, failed: &[String], t0: Instant) {
    println!(
        "{what}: {} runs, {} games, {} failures; slowest run {:.2} s of CPU ({}); peak RSS seen {} MiB; wall time {:.1} s on {} workers",
        total.runs,
        total.games,
        total.failures.len(),
        total.slowest.0.as_secs_f64(),
        total.slowest.1,
        total.peak_rss_kib / 1024,
        t0.elapsed().as_secs_f64(),
        workers(),
    );
    assert!(
        failed.is_empty(),
        "{what}: {} failure(s):\n{}",
        failed.len(),
        failed
            .iter()
            .take(30)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Generated games: none may crash, hang or blow up in check, perft 2 or
/// random play (and the computer player, every tenth game).
#[test]
#[ignore = "the soak: minutes in an optimised build (CI runs it)"]
fn soak_generated_games_never_crash_hang_or_blow_up() {
    let games = env_u64("LUD_SOAK_GAMES", 10_000);
    let base = env_u64("LUD_SOAK_SEED", 1_000_000);
    let dir = scratch("soak-generated");
    let t0 = Instant::now();
    let reports = parallel(games, workers(), |i| {
        let g = gen::game(base + i);
        let file = dir.join(format!("g{}.lud", g.seed));
        std::fs::write(&file, &g.text).expect("the scratch file can be written");
        let mut config = Vec::new();
        if let Some((name, values)) = g.options.first() {
            if i % 3 == 0 {
                config = vec![
                    "--option".to_string(),
                    format!("{name}={}", values[i as usize % values.len()]),
                ];
            }
        }
        let depth = if i % 10 == 0 {
            Depth::Full
        } else {
            Depth::Soak
        };
        let rec = dir.join(format!("g{}.record", g.seed));
        let rep = pipeline(&file, g.seed, &config, depth, &rec);
        if rep.failures.is_empty() {
            let _ = std::fs::remove_file(&file);
        }
        let _ = std::fs::remove_file(&rec);
        rep
    });
    let checked = reports.iter().filter(|r| r.checked).count();
    let mut failed = Vec::new();
    let mut total = Report::default();
    for (i, r) in reports.into_iter().enumerate() {
        if !r.failures.is_empty() {
            let seed = base + i as u64;
            let file = dir.join(format!("g{seed}.lud"));
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            failed.push(pipeline::describe(&file, &text, &r));
        }
        total.add(r);
    }
    // Every failure, for the one who minimises them.
    let list = dir.join("FAILURES.txt");
    std::fs::write(&list, failed.join("\n")).expect("the failure list can be written");
    if !failed.is_empty() {
        println!("every failure: {}", list.display());
    }
    println!(
        "generated games: {games} (seeds {base}..{}), {checked} passed `lud check --allow-warnings` ({:.1}%)",
        base + games,
        100.0 * checked as f64 / games.max(1) as f64
    );
    conclude("generated games", &total, &failed, t0);
}

/// The shipped games: 100,000 seeded random games under every configuration,
/// and the computer player against a random one under each.
#[test]
#[ignore = "the soak: minutes in an optimised build (CI runs it)"]
fn soak_shipped_games_self_play() {
    const BATCH: u64 = 1_000;
    let want = env_u64("LUD_SOAK_SELFPLAY", 100_000);
    let base = env_u64("LUD_SOAK_SEED", 1_000_000);
    let games_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&games_dir)
        .expect("games/ can be read")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "lud"))
        .collect();
    files.sort();
    // (file, configuration) pairs; the random games shared out among them.
    let mut jobs: Vec<(PathBuf, Vec<String>)> = Vec::new();
    for f in &files {
        for c in pipeline::config_args(f) {
            jobs.push((f.clone(), c));
        }
    }
    let batches = want.div_ceil(BATCH);
    let limit = run::hang_guard();
    let t0 = Instant::now();
    // The batches shared out among the configurations in turn, then one game
    // of the computer for each configuration.
    let n = batches + jobs.len() as u64;
    let reports = parallel(n, workers(), |i| {
        let ai = i >= batches;
        let j = if ai {
            i - batches
        } else {
            i % jobs.len() as u64
        };
        let (file, config) = &jobs[j as usize];
        let f = file.to_str().expect("a UTF-8 path");
        let seed = (base + i).to_string();
        let mut args: Vec<&str> = Vec::new();
        let mut rep = Report::default();
        let batch = BATCH.to_string();
        let games = if ai {
            // The computer against a random player.
            args.extend(pipeline::play_args(f, "random", "ai", "2000", "200", &seed));
            1
        } else {
            args.extend([
                "bench", f, "--games", &batch, "--cap", "200", "--seed", &seed,
            ]);
            BATCH
        };
        args.extend(config.iter().map(String::as_str));
        let r = run::lud(&args, limit);
        rep.runs = 1;
        rep.slowest = (r.cpu, r.line.clone());
        rep.peak_rss_kib = r.peak_rss_kib;
        match r.failure(&[0]) {
            Some(e) => rep.failures.push((r.line.clone(), e)),
            None => rep.games = games,
        }
        rep
    });
    let mut total = Report::default();
    for r in reports {
        total.add(r);
    }
    let failed: Vec<String> = total
        .failures
        .iter()
        .map(|(line, f)| format!("  {line}\n    -> {f}"))
        .collect();
    println!(
        "shipped games: {} files, {} configurations, {} random games asked for",
        files.len(),
        jobs.len(),
        batches * BATCH
    );
    conclude("shipped games", &total, &failed, t0);
}
