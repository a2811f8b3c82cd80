//! Move-tree counts (perft): the number of move sequences of a given length
//! from a position. A finished game has no moves: end rules are judged at
//! every node, so a count stops where the game file says the game ends.
//! The last level is counted in bulk, without making the moves.
//!
//! ```
//! let game = lud::build::compile_str("t.lud", lud::EXAMPLE).unwrap();
//! assert_eq!(lud::perft::perft(&game.start(), 1), 2);
//! ```

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::bits::Bits;
use crate::engine::{Engine, MoveBuf};
use crate::game::{on_pos, Position};
use crate::state::{Hist, State};

/// The deepest count `lud perft` accepts. Each ply down is one level of
/// recursion; deep counts run on a thread whose stack is sized for them
/// ([`stack_size`]), so any depth up to this one is safe (a deep, narrow game
/// reaches it; a branching game never finishes long before).
pub const MAX_DEPTH: u32 = 10_000;

/// Counts at most this deep run on the caller's stack; deeper ones on a
/// thread of their own with a stack of [`stack_size`].
const INLINE_DEPTH: u32 = 64;

/// Stack bytes per ply of depth: a level of the recursion takes about 1 KB
/// (a state is copied onto it: 352 bytes on boards of up to 64 squares, 672
/// above), in debug and release builds alike; four times that is kept.
const STACK_PER_PLY: usize = 4 << 10;

/// Stack bytes for what is not per ply (move generation, end rules).
const STACK_BASE: usize = 8 << 20;

/// The stack a thread needs to count `depth` plies deep.
pub fn stack_size(depth: u32) -> usize {
    STACK_BASE.saturating_add((depth.min(MAX_DEPTH) as usize).saturating_mul(STACK_PER_PLY))
}

/// The most threads a count or a bench may use: four per core (at least 8).
/// More only adds threads that wait.
pub fn max_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    cores.saturating_mul(4).max(8)
}

/// The threads to use for a request of `threads` (0: one per core), within
/// [`max_threads`].
pub(crate) fn threads_for(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
    } else {
        threads.min(max_threads())
    }
}

/// How far a count has come, for a progress display (the hook a front end
/// reads; nothing here draws): the count is split into parts, one per move
/// from the root, and each part adds its nodes when it is done. On several
/// threads the positions two plies down are counted in parallel: their nodes
/// are added as each is done, and a root move is done when all of its are.
/// Updated once per part, never per node, so a count runs at full speed.
#[derive(Debug, Default)]
pub struct Progress {
    /// Parts in all: the moves from the root (0 until they are known).
    pub parts: AtomicUsize,
    /// Parts counted.
    pub done: AtomicUsize,
    /// Nodes counted so far.
    pub nodes: AtomicU64,
}

/// The number of leaf nodes `depth` moves deep.
///
/// # Panics
///
/// If `depth` is more than [`MAX_DEPTH`] (the command line refuses it).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    assert!(
        depth <= MAX_DEPTH,
        "perft depth {depth} is more than {MAX_DEPTH}"
    );
    if depth <= INLINE_DEPTH {
        return perft_here(pos, depth);
    }
    // Deep: on a thread with a stack sized for the depth.
    std::thread::scope(|s| {
        match std::thread::Builder::new()
            .name("perft".into())
            .stack_size(stack_size(depth))
            .spawn_scoped(s, || perft_here(pos, depth))
        {
            Ok(h) => h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
            Err(_) => perft_here(pos, depth),
        }
    })
}

/// [`perft`] on the caller's stack.
fn perft_here(pos: &Position, depth: u32) -> u64 {
    count_here(pos, depth, Plies::Turns)
}

/// What one level of a count is, in games whose turns have parts
/// (`(continue ...)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plies {
    /// A whole turn, every part of it (as published counts of such games count).
    Turns,
    /// Each part of a turn on its own.
    Parts,
}

/// Counts on the caller's stack, a level being a turn or a part.
fn count_here(pos: &Position, depth: u32, plies: Plies) -> u64 {
    on_pos!(&pos.0, |e, s, h| {
        let mut hist = h.to_vec();
        // A turn of several parts takes a buffer per part.
        let per_turn = if e.has_parts {
            e.model.parts.len().min(crate::engine::MAX_PARTS) + 1
        } else {
            1
        };
        let mut bufs = vec![MoveBuf::new(); (depth as usize + 1) * per_turn];
        count(e, s, &mut hist, depth, &mut bufs, plies == Plies::Turns)
    })
}

/// The number of leaf nodes `depth` parts of turns deep: in a game whose
/// turns have several parts (`(continue ...)`), each part counts as a level
/// (the same as [`perft`] elsewhere).
///
/// # Panics
///
/// If `depth` is more than [`MAX_DEPTH`].
pub fn perft_parts(pos: &Position, depth: u32) -> u64 {
    assert!(
        depth <= MAX_DEPTH,
        "perft depth {depth} is more than {MAX_DEPTH}"
    );
    if depth <= INLINE_DEPTH {
        return count_here(pos, depth, Plies::Parts);
    }
    std::thread::scope(|s| {
        match std::thread::Builder::new()
            .stack_size(stack_size(depth))
            .spawn_scoped(s, || count_here(pos, depth, Plies::Parts))
        {
            Ok(h) => h.join().unwrap_or(0),
            Err(_) => count_here(pos, depth, Plies::Parts),
        }
    })
}

/// [`perft`] on `threads` threads (0: one per core; at most
/// [`max_threads`]): the subtrees two plies down are counted in parallel
/// (rayon). The same count as [`perft`].
pub fn perft_threads(pos: &Position, depth: u32, threads: usize) -> u64 {
    if threads == 1 || depth < 3 {
        return perft(pos, depth);
    }
    perft_progress(pos, depth, threads, &Progress::default())
}

/// [`perft_threads`], updating `progress` as each part is done (see
/// [`Progress`]). The same count as [`perft`].
///
/// # Panics
///
/// If `depth` is more than [`MAX_DEPTH`].
pub fn perft_progress(pos: &Position, depth: u32, threads: usize, progress: &Progress) -> u64 {
    use rayon::prelude::*;
    assert!(
        depth <= MAX_DEPTH,
        "perft depth {depth} is more than {MAX_DEPTH}"
    );
    let threads = threads_for(threads);
    if depth < 2 || pos.outcome().is_some() || pos.has_parts() {
        // Nothing to split: no moves from the root, or one leaf below each.
        let n = perft(pos, depth);
        let parts = if depth == 1 { n as usize } else { 0 };
        progress.parts.store(parts, Ordering::Relaxed);
        progress.nodes.store(n, Ordering::Relaxed);
        progress.done.store(parts, Ordering::Relaxed);
        return n;
    }
    let children: Vec<Position> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            child
        })
        .collect();
    progress.parts.store(children.len(), Ordering::Relaxed);
    if threads == 1 || depth < 3 {
        // Each part on the calling thread (which `perft` gives a deep stack
        // of its own).
        return children
            .iter()
            .map(|c| {
                let n = perft(c, depth - 1);
                progress.nodes.fetch_add(n, Ordering::Relaxed);
                progress.done.fetch_add(1, Ordering::Relaxed);
                n
            })
            .sum();
    }
    // The positions two plies down, each with the root move above it (a
    // finished game below the root counts 0), and how many are left below
    // each root move.
    let mut leaves = Vec::new();
    let mut left = Vec::with_capacity(children.len());
    for (root, child) in children.iter().enumerate() {
        let before = leaves.len();
        if child.outcome().is_none() {
            for m2 in child.legal_moves() {
                let mut grandchild = child.clone();
                grandchild.play_unchecked(m2);
                leaves.push((root, grandchild));
            }
        }
        left.push(AtomicUsize::new(leaves.len() - before));
        if leaves.len() == before {
            progress.done.fetch_add(1, Ordering::Relaxed);
        }
    }
    // On a pool whose threads have deep stacks, or on the calling thread.
    let part = |(root, p): &(usize, Position), on_pool: bool| {
        let n = if on_pool {
            perft_here(p, depth - 2)
        } else {
            perft(p, depth - 2)
        };
        progress.nodes.fetch_add(n, Ordering::Relaxed);
        if left[*root].fetch_sub(1, Ordering::Relaxed) == 1 {
            progress.done.fetch_add(1, Ordering::Relaxed);
        }
        n
    };
    let builder = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(stack_size(depth));
    match builder.build() {
        Ok(pool) => pool.install(|| leaves.par_iter().map(|l| part(l, true)).sum()),
        Err(_) => leaves.iter().map(|l| part(l, false)).sum(),
    }
}

/// The count below each legal move: (move text, count), in generation order.
///
/// # Panics
///
/// If `depth` is more than [`MAX_DEPTH`].
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let n = perft_below(&child, depth, Plies::Turns);
            (crate::notation::move_text(pos, m), n)
        })
        .collect()
}

/// The count below a move, `child` the position it left, in a count
/// `depth` levels deep from the position before it (`depth` at least 1):
/// by parts, `depth - 1` parts; by whole turns, `depth - 1` turns, or
/// `depth` where the move left its turn going (the rest of the turn is
/// still the first level). The lines of a divided count add up to it.
pub fn perft_below(child: &Position, depth: u32, plies: Plies) -> u64 {
    match plies {
        Plies::Parts => perft_parts(child, depth - 1),
        Plies::Turns if child.mid_turn() => perft(child, depth),
        Plies::Turns => perft(child, depth - 1),
    }
}

fn count<B: Bits>(
    e: &Engine<B>,
    st: &State<B>,
    hist: &mut Vec<Hist>,
    depth: u32,
    bufs: &mut [MoveBuf],
    turns: bool,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    // Whether a move here may continue the turn (then, counting turns, the
    // last level is not counted in bulk).
    let parts = turns && e.has_parts && e.continues[e.phase_of_moves(st) as usize];
    if depth == 1 && !parts {
        let n = e.count_legal(st, hist);
        if e.ending(st, hist, Some(n > 0)).is_some() {
            return 0;
        }
        return n;
    }
    if depth == 1 {
        // Whole turns counted without making the moves where the engine
        // can; the moves it cannot tell are made and counted below.
        let mut slow = smallvec::SmallVec::new();
        if let Some(n) = e.count_turns(st, hist, &mut slow) {
            if e.ending(st, hist, Some(n > 0 || !slow.is_empty()))
                .is_some()
            {
                return 0;
            }
            let mut total = n;
            if !slow.is_empty() {
                hist.push(e.hist_entry(st, hist));
                for &m in &slow {
                    let mut child = *st;
                    e.make(&mut child, m);
                    let below = u32::from(child.part != 0);
                    total += count(e, &child, hist, below, bufs, turns);
                }
                hist.pop();
            }
            return total;
        }
    }
    let Some((buf, rest)) = bufs.split_first_mut() else {
        return 0;
    };
    e.legal_moves(st, hist, buf);
    if e.ending(st, hist, Some(!buf.is_empty())).is_some() {
        return 0;
    }
    let mut total = 0;
    hist.push(e.hist_entry(st, hist));
    for &m in buf.iter() {
        let mut child = *st;
        e.make(&mut child, m);
        let below = if parts && child.part != 0 {
            depth
        } else {
            depth - 1
        };
        total += count(e, &child, hist, below, rest, turns);
    }
    hist.pop();
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each side has one move at every ply, forever.
    const SHUTTLE: &str = r#"(game "Shuttle"
        (players {(player "White" N) (player "Black" S)})
        (equipment {(board (square 2)) (piece "Man" "M" (step {N S} to:Empty))})
        (rules
            (start {(place White "Man" a1) (place Black "Man" b2)})
            (end {(if (noMoves Next) (loss Next "no moves"))})))"#;

    #[test]
    fn a_deep_count_runs_on_a_stack_of_its_own() {
        let game = crate::build::compile_str("shuttle.lud", SHUTTLE).unwrap();
        let start = game.start();
        // A caller with a small stack: 3000 plies would overflow it.
        let n = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(move || (perft(&start, 3000), perft_threads(&start, 3000, 2)))
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(n, (1, 1));
    }

    #[test]
    fn progress_counts_every_root_move_and_its_nodes() {
        let game = crate::build::compile_str("t.lud", crate::EXAMPLE).unwrap();
        let start = game.start();
        for threads in [1, 2] {
            let p = Progress::default();
            let n = perft_progress(&start, 4, threads, &p);
            assert_eq!(n, perft(&start, 4));
            let parts = p.parts.load(Ordering::Relaxed);
            assert_eq!(parts, start.legal_moves().len(), "threads {threads}");
            assert_eq!(p.done.load(Ordering::Relaxed), parts, "threads {threads}");
            assert_eq!(p.nodes.load(Ordering::Relaxed), n, "threads {threads}");
        }
        for depth in [0, 1] {
            let p = Progress::default();
            let n = perft_progress(&start, depth, 2, &p);
            let parts = if depth == 0 {
                0
            } else {
                start.legal_moves().len()
            };
            assert_eq!(p.parts.load(Ordering::Relaxed), parts, "depth {depth}");
            assert_eq!(p.done.load(Ordering::Relaxed), parts, "depth {depth}");
            assert_eq!(p.nodes.load(Ordering::Relaxed), n, "depth {depth}");
        }
    }

    /// White has one move; then Black has none.
    const ONE_MOVE: &str = r#"(game "One move"
        (players {(player "White" N) (player "Black" S)})
        (equipment {(board (square 2)) (piece "Man" "M" (step Forward to:Empty))})
        (rules
            (start {(place White "Man" a1) (place Black "Man" b1)})
            (end {(if (noMoves Next) (loss Next "no moves"))})))"#;

    #[test]
    fn a_root_move_with_nothing_below_is_done_at_once_on_threads() {
        let game = crate::build::compile_str("one.lud", ONE_MOVE).unwrap();
        let start = game.start();
        assert_eq!(start.legal_moves().len(), 1);
        let p = Progress::default();
        assert_eq!(perft_progress(&start, 5, 2, &p), perft(&start, 5));
        assert_eq!(p.parts.load(Ordering::Relaxed), 1);
        assert_eq!(p.done.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn threads_are_bounded_by_the_machine() {
        assert_eq!(threads_for(100_000), max_threads());
        assert!(max_threads() >= 8);
        assert!(stack_size(u32::MAX) <= stack_size(MAX_DEPTH));
    }
}
