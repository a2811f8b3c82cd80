//! What a plain board implies where a position string is silent: which
//! pieces are unmoved and where each piece started.

use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::compile::model::{MoveKind, Target};
use crate::engine::Engine;
use crate::state::{code_piece, code_player, State, NO_SQ};

use super::write::castling_kinds;

/// The pieces' unmoved status a plain board implies: a piece is unmoved if
/// the start position has the same piece, unmoved, on its square; but the
/// pieces that castle and their partners are unmoved only as the castling
/// rights say (`rights`: for each player, the partners' squares, with the
/// castling piece's).
pub(super) fn default_unmoved<B: Bits>(e: &Engine<B>, s: &State<B>, rights: B) -> B {
    let (castlers, partners) = castling_kinds(e);
    let mut d = B::ZERO;
    for sq in s.occupied().iter() {
        let c = s.at(sq);
        if (castlers | partners) & (1 << code_piece(c)) != 0 {
            continue;
        }
        if e.start.at(sq) == c && e.start.unmoved.has(sq) {
            d |= B::bit(sq);
        }
    }
    d | rights
}

/// Whether kind `k` can be dropped, or promoted to from another kind:
/// whether a player may have more pieces of it than at the start.
pub(super) fn gainable<B: Bits>(e: &Engine<B>, k: u8) -> bool {
    let dropped = e
        .model
        .moves
        .iter()
        .any(|m| matches!(m.kind, MoveKind::Drop { piece, .. } if piece == k as usize));
    dropped
        || (0..e.model.pieces.len() as u8).any(|j| j != k && e.promotion_targets(j).contains(&k))
}

/// For each square, where its piece is taken to have started when the
/// position string does not say ([`NO_SQ`] for an empty square or an
/// unknown start). A piece standing where the start position has the same
/// piece is that piece. Every other piece started on the nearest free start
/// square of its kind and owner (one whose piece is not at home) from which
/// its moves could have brought it on an empty board: without taking a
/// piece if it can, in the fewest moves, then over the shortest distance;
/// no two pieces from one square. A piece left over is
/// taken for a promoted piece, from the nearest free start square of a kind
/// that promotes to it; one still left was dropped where it stands if its
/// kind can be dropped, else its start is unknown.
pub(super) fn default_origins<B: Bits>(e: &Engine<B>, st: &State<B>) -> Vec<Sq> {
    let n = e.squares();
    let b = e.board();
    let mut out = vec![NO_SQ; n];
    // The start position's pieces not at home: (square at the start, origin, code).
    let mut free: Vec<(Sq, Sq, u8)> = Vec::new();
    for s in e.start.occupied().iter() {
        let c = e.start.at(s);
        if st.at(s) == c {
            out[s as usize] = e.start.origin_of(s);
        } else {
            free.push((s, e.start.origin_of(s), c));
        }
    }
    let mut away: Vec<Sq> = st
        .occupied()
        .iter()
        .filter(|&q| st.at(q) != e.start.at(q))
        .collect();
    if away.is_empty() {
        return out;
    }
    let geo = |a: Sq, q: Sq| {
        let (a, q) = (b.cell(a), b.cell(q));
        let dx = i64::from(a.x) - i64::from(q.x);
        let dy = i64::from(a.y) - i64::from(q.y);
        dx * dx + dy * dy
    };
    let mut used = vec![false; free.len()];
    // Without taking a piece where it can, in the fewest moves from the
    // start square, then over the shortest distance.
    let mut pairs: Vec<(bool, u32, i64, Sq, usize)> = Vec::new();
    for (i, &(s, _, c)) in free.iter().enumerate() {
        if !away.iter().any(|&q| st.at(q) == c) {
            continue;
        }
        let quiet = moves_from(e, s, code_piece(c), code_player(c), true);
        let any = moves_from(e, s, code_piece(c), code_player(c), false);
        for &q in away.iter().filter(|&&q| st.at(q) == c) {
            let q_ = q as usize;
            if quiet[q_] != u32::MAX {
                pairs.push((false, quiet[q_], geo(s, q), q, i));
            } else if any[q_] != u32::MAX {
                pairs.push((true, any[q_], geo(s, q), q, i));
            }
        }
    }
    pairs.sort_unstable();
    for (_, _, _, q, i) in pairs {
        if !used[i] && out[q as usize] == NO_SQ {
            used[i] = true;
            out[q as usize] = free[i].1;
        }
    }
    away.retain(|&q| out[q as usize] == NO_SQ);
    // Promoted pieces: from a free start square of a kind that promotes to theirs.
    let mut pairs: Vec<(i64, Sq, usize)> = Vec::new();
    for &q in &away {
        let c = st.at(q);
        for (i, &(s, _, from)) in free.iter().enumerate() {
            if !used[i]
                && code_player(from) == code_player(c)
                && code_piece(from) != code_piece(c)
                && e.promotion_targets(code_piece(from))
                    .contains(&code_piece(c))
            {
                pairs.push((geo(s, q), q, i));
            }
        }
    }
    pairs.sort_unstable();
    for (_, q, i) in pairs {
        if !used[i] && out[q as usize] == NO_SQ {
            used[i] = true;
            out[q as usize] = free[i].1;
        }
    }
    for q in away {
        let k = code_piece(st.at(q));
        if out[q as usize] == NO_SQ
            && e.model
                .moves
                .iter()
                .any(|m| matches!(m.kind, MoveKind::Drop { piece, .. } if piece == k as usize))
        {
            out[q as usize] = q;
        }
    }
    out
}

/// For each square, the fewest moves a piece of `kind` owned by `player`
/// needs to go there from `from` on an empty board, by any of its rules
/// (conditions aside), or (`quiet`) by those that may land on an empty
/// square; `u32::MAX` where it never gets.
pub(super) fn moves_from<B: Bits>(
    e: &Engine<B>,
    from: Sq,
    kind: u8,
    player: u8,
    quiet: bool,
) -> Vec<u32> {
    let mut dist = vec![u32::MAX; e.squares()];
    dist[from as usize] = 0;
    let gens: Vec<_> = e.gens[player as usize]
        .iter()
        .filter(|g| g.piece == kind && !g.stay)
        .filter(|g| !quiet || matches!(g.target, Target::Empty | Target::NotFriend))
        .collect();
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(s) = queue.pop_front() {
        for g in gens.iter().filter(|g| g.from_mask.has(s)) {
            for t in e.potential(g, s).iter() {
                if dist[t as usize] == u32::MAX {
                    dist[t as usize] = dist[s as usize] + 1;
                    queue.push_back(t);
                }
            }
        }
    }
    dist
}
