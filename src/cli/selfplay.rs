//! `lud selfplay FILE -n N [--white P] [--black P] [--threads T] [--seed S]
//! [--shard I/K] [--out FILE] [--max-plies N]`: a study of N games, one JSON
//! line each (`study::Line`), written as each game ends. A rerun with the
//! same file skips the games already in it (a run stopped by Ctrl-C, or
//! killed, resumes where it stopped). At the end a short summary;
//! `lud analyze` reads the lines.

use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use indicatif::ProgressBar;

use super::progress::Bar;
use super::{check_threads, load, ConfigArgs, EXIT_INPUT, EXIT_OK, EXIT_USAGE};
use crate::bench::{Progress, MAX_CAP};
use crate::study::{
    counted, fingerprint, Agent, End, Line, Numbers, Played, Reader, Shard, Study,
    DEFAULT_MAX_PLIES,
};

/// The exit code of a run stopped by Ctrl-C (as a shell reports SIGINT).
const EXIT_INTERRUPTED: i32 = 130;

const TEMPLATE: &str = "{spinner} {human_pos}/{human_len} games, {elapsed}, ETA {eta} [{wide_bar}]";

/// The arguments of `lud selfplay`.
#[derive(Debug, clap::Args)]
pub struct SelfplayArgs {
    /// The game file.
    file: PathBuf,
    /// How many games the study has (with `--shard`, in all shards).
    #[arg(short = 'n', long = "games", default_value_t = 100)]
    games: u64,
    /// Player 1, who moves first (also `--first`, for games whose first
    /// player is not White): `random`, or `alphabeta`, `mcts` or `rave` with
    /// an optional `:NODES` a move (`alphabeta:10k`; default 10000 nodes,
    /// one thread, so that every run plays the same games).
    #[arg(long, visible_alias = "first", default_value = "random", value_parser = parse_agent)]
    white: Agent,
    /// Player 2 (and any player after it), as `--white` (also `--second`).
    #[arg(long, visible_alias = "second", default_value = "random", value_parser = parse_agent)]
    black: Agent,
    /// Games played at once (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// The study's seed: game number i plays the same way whenever it is
    /// played with the same seed, whatever the threads or shards.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play only part I of K of the games (`--shard 3/8`); the K parts
    /// together are the whole study.
    #[arg(long, value_name = "I/K", value_parser = parse_shard)]
    shard: Option<Shard>,
    /// Write one JSON line a game to this file (`-`: stdout). A file that
    /// already holds games of the same study is added to: its games are not
    /// played again.
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// A game still going after this many plies is `capped` (at most 100000).
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
    max_plies: u32,
    /// Play each game's first N plies at random, whoever plays, so that
    /// games between searching players (which choose alike from alike
    /// positions) differ; part of the study, as the players are.
    #[arg(long, value_name = "N", default_value_t = 0)]
    random_plies: u32,
    /// Keep each game's moves in its line (`"moves"`, as records write
    /// them), to replay it.
    #[arg(long)]
    moves: bool,
    /// Keep what each position was worth to the first player by lud's
    /// evaluation, in hundredths (`"eval"`; games of two players), for
    /// `lud analyze`'s decisiveness.
    #[arg(long)]
    eval: bool,
    /// Show no progress (it is shown on stderr, and only on a terminal).
    #[arg(long)]
    quiet: bool,
    /// The ruleset and options.
    #[command(flatten)]
    config: ConfigArgs,
}

fn parse_agent(s: &str) -> Result<Agent, String> {
    s.parse()
}

fn parse_shard(s: &str) -> Result<Shard, String> {
    s.parse()
}

/// Where the lines go.
enum Sink {
    /// Nowhere: only the summary.
    None,
    /// Stdout.
    Stdout,
    /// A file, appended to.
    File(File),
}

/// What the games played so far add up to.
#[derive(Default)]
struct Tally {
    games: u64,
    wins: Vec<u64>,
    draws: u64,
    capped: u64,
    stuck: u64,
    plies: u64,
    /// The first write error, after which the run stops.
    failed: Option<String>,
}

impl Tally {
    /// Counts a game of `plies` that ended with `result` (`win`, `draw`,
    /// `capped` or `stuck`), won by side `winner` where it was won.
    fn count(&mut self, result: &str, winner: Option<usize>, plies: u32) {
        self.games += 1;
        self.plies += u64::from(plies);
        match (result, winner) {
            ("win", Some(w)) => {
                if let Some(c) = self.wins.get_mut(w) {
                    *c += 1;
                }
            }
            ("draw", _) => self.draws += 1,
            ("capped", _) => self.capped += 1,
            ("stuck", _) => self.stuck += 1,
            _ => {}
        }
    }

    /// This tally and `other`'s games together.
    fn and(&self, other: &Tally) -> Tally {
        Tally {
            games: self.games + other.games,
            wins: self
                .wins
                .iter()
                .zip(&other.wins)
                .map(|(a, b)| a + b)
                .collect(),
            draws: self.draws + other.draws,
            capped: self.capped + other.capped,
            stuck: self.stuck + other.stuck,
            plies: self.plies + other.plies,
            failed: None,
        }
    }
}

pub(super) fn run(a: &SelfplayArgs) -> i32 {
    if a.max_plies > MAX_CAP || a.max_plies == 0 {
        eoutln!(
            "error: --max-plies {} is not between 1 and {MAX_CAP}",
            a.max_plies
        );
        eoutln!("  help: a game is capped at {MAX_CAP} plies at most (the default is {DEFAULT_MAX_PLIES})");
        return EXIT_USAGE;
    }
    if let Err(c) = check_threads(a.threads) {
        return c;
    }
    let game = match load(&a.file, &a.config) {
        Ok(g) => g,
        Err(c) => return c,
    };
    let mut study = Study::new(&game, &[a.white, a.black], a.seed);
    study.max_plies = a.max_plies;
    // Where every player plays at random, random plies first change
    // nothing: the study is the one without them.
    study.random_plies = if study.agents.iter().all(|p| *p == Agent::Random) {
        0
    } else {
        a.random_plies
    };
    study.keep_moves = a.moves;
    study.keep_eval = a.eval;
    study.ruleset.clone_from(&a.config.ruleset);
    // The options in one order: the same settings are the same study.
    study.options = a.config.config().map(|c| c.options).unwrap_or_default();
    study.options.sort();
    // The file as it was compiled (a change since makes another study).
    study.rules = std::fs::read(&a.file)
        .map(|t| fingerprint(&t))
        .unwrap_or_default();
    let shard = a.shard.unwrap_or(Shard::ALL);
    let range = shard.range(a.games);
    let mut earlier = Tally {
        wins: vec![0; study.sides.len()],
        ..Tally::default()
    };
    let (sink, have) = match a.out.as_deref() {
        None => (Sink::None, Numbers::default()),
        Some(p) if p == Path::new("-") => (Sink::Stdout, Numbers::default()),
        Some(p) => match open_out(p, &study, &range, &mut earlier) {
            Ok((f, have)) => (Sink::File(f), have),
            Err(c) => return c,
        },
    };
    let to_play = (range.end - range.start).saturating_sub(have.len());
    let progress = Arc::new(Progress::default());
    interrupt_stops(&progress);
    let tally = Mutex::new(Tally {
        wins: vec![0; study.sides.len()],
        ..Tally::default()
    });
    let sink = Mutex::new(sink);
    let done = |p: Played| {
        let line = Line::new(&study, &p);
        let mut t = tally
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if t.failed.is_some() {
            return;
        }
        let written = match &mut *sink
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
        {
            Sink::None => Ok(()),
            Sink::Stdout => {
                outln!("{}", line.to_json());
                // Nobody reads the lines any more: no more games.
                if super::io::stdout_closed() {
                    progress.stop.store(true, Ordering::Relaxed);
                }
                Ok(())
            }
            Sink::File(f) => f.write_all(format!("{}\n", line.to_json()).as_bytes()),
        };
        if let Err(e) = written {
            t.failed = Some(e.to_string());
            progress.stop.store(true, Ordering::Relaxed);
            return;
        }
        let (result, winner) = match p.end {
            End::Win { winner, .. } => ("win", Some(winner)),
            End::Draw { .. } => ("draw", None),
            End::Capped => ("capped", None),
            End::Stuck => ("stuck", None),
        };
        t.count(result, winner, p.plies);
    };
    let bar = Bar::new(a.quiet, TEMPLATE, |b| b.set_length(to_play));
    let show = |b: &ProgressBar| b.set_position(progress.done.load(Ordering::Relaxed));
    let t0 = Instant::now();
    bar.run_with(show, || {
        study.play_many(
            &game,
            range.clone(),
            &|i| have.contains(i),
            a.threads,
            &progress,
            &done,
        );
    });
    let seconds = t0.elapsed().as_secs_f64();
    let t = tally
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let to_stderr = matches!(a.out.as_deref(), Some(p) if p == Path::new("-"));
    let say = |s: String| {
        if to_stderr {
            eoutln!("{s}");
        } else {
            outln!("{s}");
        }
    };
    summary(&study, &t, &earlier, seconds, a, shard)
        .into_iter()
        .for_each(say);
    if let Some(e) = t.failed {
        eoutln!("error: cannot write the results: {e}");
        eoutln!("  help: the games written so far are kept; free some space and run the same command again to go on");
        return EXIT_INPUT;
    }
    if progress.stop.load(Ordering::Relaxed) && !super::io::stdout_closed() {
        eoutln!("stopped (interrupted) after {}", counted(t.games, "game"));
        if a.out.is_some() && !to_stderr {
            eoutln!("  help: the same command goes on from there");
        }
        return EXIT_INTERRUPTED;
    }
    EXIT_OK
}

/// The summary lines: the games of this run (`t`), and the results of
/// these with the study's games the file already held (`earlier`).
fn summary(
    study: &Study,
    run: &Tally,
    earlier: &Tally,
    seconds: f64,
    a: &SelfplayArgs,
    shard: Shard,
) -> Vec<String> {
    let had = earlier.games;
    let t = &run.and(earlier);
    let players: Vec<String> = study
        .sides
        .iter()
        .zip(&study.agents)
        .map(|(s, p)| format!("{s} {p}"))
        .collect();
    let mut out = vec![
        format!("game          {}", study.game),
        format!("players       {}", players.join(", ")),
    ];
    let mut played = format!("{} played", counted(run.games, "game"));
    if had > 0 {
        let _ = write!(
            played,
            " ({had} already in the file: the results and length below are of all {})",
            t.games
        );
    }
    if shard != Shard::ALL {
        let _ = write!(played, ", shard {shard} of a study of {}", a.games);
    }
    out.push(format!("games         {played}"));
    if t.games > 0 {
        // Every game in one share (a complete set adds up to 100.0%).
        let counts: Vec<u64> = t
            .wins
            .iter()
            .copied()
            .chain([t.draws, t.capped, t.stuck])
            .collect();
        let tenths = super::bench::shares(&counts, t.games);
        let pct = |i: usize| tenths[i] as f64 / 10.0;
        let n = t.wins.len();
        let mut results: Vec<String> = study
            .sides
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{s} wins {:.1}%", pct(i)))
            .collect();
        results.push(format!("draws {:.1}%", pct(n)));
        if t.capped > 0 {
            results.push(format!(
                "capped at {} plies {:.1}%",
                study.max_plies,
                pct(n + 1)
            ));
        }
        if t.stuck > 0 {
            results.push(format!("stuck {:.1}%", pct(n + 2)));
        }
        out.push(format!("results       {}", results.join(", ")));
        out.push(format!(
            "mean length   {:.1} plies",
            t.plies as f64 / t.games as f64
        ));
    }
    out.push(format!(
        "time          {seconds:.2} s, {:.0} games/s",
        run.games as f64 / seconds.max(1e-9)
    ));
    if let Some(p) = a.out.as_deref().filter(|p| *p != Path::new("-")) {
        out.push(format!("results in    {} (lud analyze {0})", p.display()));
    }
    out
}

/// Opens the results file to add to, after reading the games of this study
/// it already holds (all tallied in `earlier`; those in `range` returned,
/// not to be played again), and locks it for this run (another run on
/// the same file is refused while this one writes). A last line cut short
/// by a stopped run is cut off. What is not a plain file (a pipe, a
/// terminal, `/dev/stdout`) is written to without being read back.
fn open_out(
    path: &Path,
    study: &Study,
    range: &std::ops::Range<u64>,
    earlier: &mut Tally,
) -> Result<(File, Numbers), i32> {
    let cannot = |what: &str, e: &dyn std::fmt::Display| {
        eoutln!("error: cannot {what} {}: {e}", path.display());
        EXIT_INPUT
    };
    let mut have = Numbers::default();
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => {
            eoutln!("error: {} is a folder", path.display());
            eoutln!("  help: --out takes a file to write the games to, as in --out results.jsonl");
            return Err(EXIT_INPUT);
        }
        Ok(m) if !m.is_file() => {
            let f = super::io::open_stream(path, &m, true).map_err(|e| {
                let code = cannot("write", &e);
                eoutln!("  help: --out - writes the lines to the standard output, for a pipe");
                code
            })?;
            return Ok((f, have));
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(cannot("read", &e)),
    }
    let mut f = OpenOptions::new()
        .read(true)
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| cannot("write", &e))?;
    match f.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            eoutln!("error: another run is writing to {}", path.display());
            eoutln!("  help: wait for it to end, or give this run another file with --out (shards each their own)");
            return Err(EXIT_INPUT);
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(cannot("lock", &e)),
    }
    let mut reader = Reader::new(BufReader::new(&f));
    // Every game of the study in the file is tallied (the summary is of
    // them all, as `lud analyze` finds them), whatever this run's range;
    // those in the range are not played again.
    let mut all = Numbers::default();
    for item in reader.by_ref() {
        match item {
            Ok(line) if line.of_study(study) => {
                if range.contains(&line.index) {
                    have.insert(line.index);
                }
                if all.insert(line.index) {
                    let winner = line
                        .winner
                        .as_ref()
                        .and_then(|w| study.sides.iter().position(|s| s == w));
                    earlier.count(&line.result, winner, line.plies);
                }
            }
            Ok(line) => {
                eoutln!(
                    "error: {}:{}: a game of another study ({}, seed {}, at most {} plies)",
                    path.display(),
                    reader.lines_read(),
                    line.study_label(),
                    line.seed,
                    line.max_plies
                );
                eoutln!("  help: this run is a study of {}, seed {}, at most {} plies (a game file changed since is another study too); write it to another file with --out", study.label(), study.seed, study.max_plies);
                return Err(EXIT_INPUT);
            }
            Err(e) => {
                eoutln!("error: {}: {e}", path.display());
                eoutln!("  help: --out adds to a results file of `lud selfplay`; give another file name");
                return Err(EXIT_INPUT);
            }
        }
    }
    let torn = reader.torn();
    drop(reader);
    let fixed = match torn {
        Some(at) => {
            eoutln!(
                "note: {}: an unfinished last line (a run stopped while writing it) is dropped",
                path.display()
            );
            f.set_len(at)
        }
        None if last_byte(&mut f).is_some_and(|b| b != b'\n') => f.write_all(b"\n"),
        None => Ok(()),
    };
    fixed.map_err(|e| cannot("write", &e))?;
    Ok((f, have))
}

/// The file's last byte, if it has one.
fn last_byte(f: &mut File) -> Option<u8> {
    use std::io::{Read, Seek, SeekFrom};
    f.seek(SeekFrom::End(-1)).ok()?;
    let mut b = [0u8];
    f.read_exact(&mut b).ok()?;
    Some(b[0])
}

/// How long the games under way are given to end once the run is told to
/// stop.
const GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// The first Ctrl-C (or SIGTERM, SIGHUP) stops the run after the games
/// under way (their lines written), if they end within [`GRACE`]; else, or
/// at a second one, it ends at once. Nothing written is lost either way,
/// and a game cut off is played again by the same command (each game is
/// the same on every run).
fn interrupt_stops(progress: &Arc<Progress>) {
    let progress = Arc::clone(progress);
    let _ = ctrlc::set_handler(move || {
        if progress.stop.swap(true, Ordering::Relaxed) {
            std::process::exit(EXIT_INTERRUPTED);
        }
        eoutln!("\nstopping after the games under way (interrupt again, Ctrl-C, to stop at once)");
        let _ = std::thread::Builder::new().spawn(|| {
            std::thread::sleep(GRACE);
            eoutln!("stopped: the games still under way are left, and the same command plays them");
            std::process::exit(EXIT_INTERRUPTED);
        });
    });
}
