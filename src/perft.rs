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
