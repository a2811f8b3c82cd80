//! `lud perft FILE DEPTH [--position P] [--divide] [--parts] [--threads N] [--quiet]`
//!
//! The depth is at most [`crate::perft::MAX_DEPTH`] and the threads at most
//! [`crate::perft::max_threads`] (usage errors). On a terminal, a bar on
//! stderr shows the moves from the root counted and the nodes per second
//! (not with `--quiet`, never when stderr is not a terminal); with
//! `--divide`, each move's count is printed as soon as it is known.

use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Instant;

use indicatif::{HumanCount, ProgressBar};

use super::progress::Bar;
use super::{check_threads, load, start_position, ConfigArgs, Start, EXIT_OK, EXIT_USAGE};
use crate::perft::{Progress, MAX_DEPTH};

/// The progress bar: moves from the root counted, nodes, nodes per second,
/// the time taken, and the bar in the rest of the line.
const TEMPLATE: &str =
    "{spinner} depth {prefix}: {pos}/{len} root moves, {msg}, {elapsed} [{wide_bar}]";

/// How `perft` counts.
pub(super) struct Counting {
    /// The count below each move, printed.
    pub(super) divide: bool,
    /// Each part of a turn a level (not each whole turn).
    pub(super) parts: bool,
    /// Threads to count on.
    pub(super) threads: usize,
    /// No progress bar.
    pub(super) quiet: bool,
}

pub(super) fn run(
    file: &Path,
    config: &ConfigArgs,
    depth: u32,
    start: &Start<'_>,
    how: &Counting,
) -> i32 {
    let &Counting {
        divide,
        parts,
        threads,
        quiet,
    } = how;
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
    let bar = Bar::new(quiet, TEMPLATE, |b| {
        b.set_prefix(depth.to_string());
        b.set_message("0 nodes");
    });
    let show = |b: &ProgressBar| {
        let nodes = progress.nodes.load(Ordering::Relaxed);
        let rate = nodes as f64 / t.elapsed().as_secs_f64().max(1e-9) / 1e6;
        b.update(|s| {
            s.set_len(progress.parts.load(Ordering::Relaxed) as u64);
            s.set_pos(progress.done.load(Ordering::Relaxed) as u64);
        });
        b.set_message(format!("{} nodes, {rate:.1} M nodes/s", HumanCount(nodes)));
    };
    let nodes = bar.run_with(show, || {
        if divide {
            divided(&pos, depth, parts, &progress, &bar)
        } else if parts {
            Some(crate::perft::perft_parts(&pos, depth))
        } else {
            Some(crate::perft::perft_progress(
                &pos, depth, threads, &progress,
            ))
        }
    });
    let Some(nodes) = nodes else {
        return EXIT_OK; // stdout was closed: nothing more to say
    };
    let secs = t.elapsed().as_secs_f64();
    outln!("{nodes}");
    // In a game whose turns have several parts, say what a level is.
    let levels = match (game.model().parts.is_empty(), parts) {
        (true, _) => "",
        (false, false) => " (a level is a whole turn; --parts counts each part)",
        (false, true) => " (a level is a part of a turn)",
    };
    eoutln!(
        "depth {depth}: {nodes} nodes{levels} in {secs:.3} s ({:.1} M nodes/s)",
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    EXIT_OK
}

/// The count below each move, printed as each is known (above the bar, if
/// there is one); `None` if stdout was closed (the rest is not counted).
/// A level is a part of a turn if `parts`; otherwise a whole turn, so that
/// below a move that leaves the turn going on the same depth is counted
/// (the counts add up to `perft`'s).
fn divided(
    pos: &crate::Position,
    depth: u32,
    parts: bool,
    progress: &Progress,
    bar: &Bar,
) -> Option<u64> {
    let mut total = 0;
    if depth > 0 {
        let moves = pos.legal_moves();
        progress.parts.store(moves.len(), Ordering::Relaxed);
        let texts = crate::notation::texts_of(pos, &moves);
        for (m, text) in moves.into_iter().zip(texts) {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let plies = if parts {
                crate::perft::Plies::Parts
            } else {
                crate::perft::Plies::Turns
            };
            let n = crate::perft::perft_below(&child, depth, plies);
            bar.suspend(|| outln!("{text}: {n}"));
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
