//! Move-tree counts (perft): the number of move sequences of a given length
//! from a position. A finished game has no moves: end rules are judged at
//! every node, so a count stops where the game file says the game ends.
//! The last level is counted in bulk, without making the moves.
//!
//! ```
//! let game = lud::compile::compile_str("t.lud", lud::EXAMPLE).unwrap();
//! assert_eq!(lud::perft::perft(&game.start(), 1), 2);
//! ```

use crate::bits::Bits;
use crate::engine::{Engine, MoveBuf};
use crate::game::{on_pos, Position};
use crate::state::{Hist, State};

/// The number of leaf nodes `depth` moves deep.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    on_pos!(&pos.0, |e, s, h| {
        let mut hist = h.clone();
        let mut bufs = vec![MoveBuf::new(); depth as usize + 1];
        count(e, s, &mut hist, depth, &mut bufs)
    })
}

/// [`perft`] on `threads` threads (0: one per core): the subtrees two plies
/// down are counted in parallel (rayon). The same count as [`perft`].
pub fn perft_threads(pos: &Position, depth: u32, threads: usize) -> u64 {
    use rayon::prelude::*;
    if threads == 1 || depth < 3 {
        return perft(pos, depth);
    }
    if pos.outcome().is_some() {
        return 0;
    }
    // The positions two plies down (a finished game below the root counts 0).
    let mut leaves = Vec::new();
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        if child.outcome().is_some() {
            continue;
        }
        for m2 in child.legal_moves() {
            let mut grandchild = child.clone();
            grandchild.play_unchecked(m2);
            leaves.push(grandchild);
        }
    }
    let count = || leaves.par_iter().map(|p| perft(p, depth - 2)).sum();
    let mut builder = rayon::ThreadPoolBuilder::new();
    if threads > 0 {
        builder = builder.num_threads(threads);
    }
    match builder.build() {
        Ok(pool) => pool.install(count),
        Err(_) => leaves.iter().map(|p| perft(p, depth - 2)).sum(),
    }
}

/// The count below each legal move: (move text, count), in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (crate::notation::move_text(pos, m), perft(&child, depth - 1))
        })
        .collect()
}

fn count<B: Bits>(
    e: &Engine<B>,
    st: &State<B>,
    hist: &mut Vec<Hist>,
    depth: u32,
    bufs: &mut [MoveBuf],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        let n = e.count_legal(st, hist);
        if e.ending(st, hist, Some(n > 0)).is_some() {
            return 0;
        }
        return n;
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
        total += count(e, &child, hist, depth - 1, rest);
    }
    hist.pop();
    total
}
