//! `lud perft FILE DEPTH [--position P] [--divide] [--threads N]`
//!
//! The depth is at most [`crate::perft::MAX_DEPTH`] and the threads at most
//! [`crate::perft::max_threads`] (usage errors). A count that runs longer
//! than two seconds says how far it has come on stderr; with `--divide`,
//! each move's count is printed as soon as it is known.

use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::{check_threads, load, start_position, ConfigArgs, Start, EXIT_OK, EXIT_USAGE};
use crate::perft::{Progress, MAX_DEPTH};

/// When the first progress line is written, and the longest gap between two.
const FIRST_REPORT: Duration = Duration::from_secs(2);
const MAX_GAP: Duration = Duration::from_secs(60);

pub(super) fn run(
    file: &Path,
    config: &ConfigArgs,
    depth: u32,
    start: &Start<'_>,
    divide: bool,
    threads: usize,
) -> i32 {
    if depth > MAX_DEPTH {
        eoutln!("error: perft depth {depth} is more than {MAX_DEPTH}");
        eoutln!(
            "  help: the count is at most {MAX_DEPTH} plies deep; a game with more than one move a ply never finishes long before"
        );
        return EXIT_USAGE;
    }
    if let Err(c) = check_threads(threads) {
        return c;
    }
    let game = match load(file, config) {
        Ok(g) => g,
        Err(c) => return c,
    };
    let pos = match start_position(&game, start) {
        Ok(p) => p,
        Err(c) => return c,
    };
    let t = Instant::now();
    let progress = Progress::default();
    let (stop, stopped) = mpsc::channel::<()>();
    let nodes = std::thread::scope(|s| {
        let progress = &progress;
        s.spawn(move || report_progress(progress, depth, t, &stopped));
        let nodes = if divide {
            divided(&pos, depth, progress)
        } else {
            Some(crate::perft::perft_progress(&pos, depth, threads, progress))
        };
        let _ = stop.send(());
        nodes
    });
    let Some(nodes) = nodes else {
        return EXIT_OK; // stdout was closed: nothing more to say
    };
    let secs = t.elapsed().as_secs_f64();
    outln!("{nodes}");
    eoutln!(
        "depth {depth}: {nodes} nodes in {secs:.3} s ({:.1} M nodes/s)",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    EXIT_OK
}

/// The count below each move, printed as each is known; `None` if stdout
/// was closed (the rest is not counted).
fn divided(pos: &crate::Position, depth: u32, progress: &Progress) -> Option<u64> {
    let mut total = 0;
    if depth > 0 {
        let moves = pos.legal_moves();
        progress.parts.store(moves.len(), Ordering::Relaxed);
        for m in moves {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let n = crate::perft::perft(&child, depth - 1);
            outln!("{}: {n}", crate::notation::move_text(pos, m));
            if super::io::stdout_closed() {
                return None;
            }
            total += n;
            progress.nodes.fetch_add(n, Ordering::Relaxed);
            progress.done.fetch_add(1, Ordering::Relaxed);
        }
    }
    outln!();
    Some(total)
}

/// Writes how far the count has come, on stderr: first after two seconds,
/// then at growing gaps (at most a minute), until told to stop.
fn report_progress(progress: &Progress, depth: u32, t: Instant, stop: &mpsc::Receiver<()>) {
    let mut gap = FIRST_REPORT;
    loop {
        match stop.recv_timeout(gap) {
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            _ => return,
        }
        let parts = progress.parts.load(Ordering::Relaxed);
        let done = progress.done.load(Ordering::Relaxed);
        let nodes = progress.nodes.load(Ordering::Relaxed);
        eoutln!(
            "perft depth {depth}: {done} of {parts} parts counted ({nodes} nodes), {:.0} s",
            t.elapsed().as_secs_f64()
        );
        gap = (gap * 2).min(MAX_GAP);
    }
}
