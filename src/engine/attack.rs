//! Is a square attacked? The move rules read backwards: leap tables reversed
//! at compile time, slides found as the first piece along each ray.

use super::{Engine, Gen, GenKind};
use crate::bits::Bits;
use crate::compile::model::Target;
use crate::state::{code_piece, code_player, State, EMPTY};

impl<B: Bits> Engine<B> {
    /// Whether a piece of `by` could capture on `sq` by one of its rules
    /// (own-king safety of the attacker aside). `occ` is the occupancy.
    pub(crate) fn attacked(&self, st: &State<B>, sq: u8, by: u8, occ: B) -> bool {
        let att = &self.attacks[by as usize];
        let theirs = st.by_player[by as usize];
        for (piece, rev) in &att.leaps {
            if !(rev[sq as usize] & st.by_piece[*piece as usize] & theirs).is_empty() {
                return true;
            }
        }
        for d in 0..8u8 {
            let kinds = att.slides[d as usize];
            if kinds == 0 {
                continue;
            }
            // A piece sliding in `d` reaches `sq` from the opposite side.
            if let Some(b) = self.first_blocker(sq, (d + 4) & 7, occ) {
                let c = st.at(b);
                if c != EMPTY && code_player(c) == by && kinds & (1 << code_piece(c)) != 0 {
                    return true;
                }
            }
        }
        for &gi in &att.forward {
            let g = &self.gens[by as usize][gi];
            for from in st.pieces(g.piece, by).iter() {
                if self.reach(g, from, occ).has(sq) {
                    return true;
                }
            }
        }
        false
    }

    /// The squares a rule reaches from `sq` before its target filter.
    #[inline]
    pub(crate) fn reach(&self, g: &Gen<B>, sq: u8, occ: B) -> B {
        match &g.kind {
            GenKind::Leap(t) => t[sq as usize],
            GenKind::Slide(ds) => {
                let mut r = B::ZERO;
                for &d in ds {
                    r |= self.ray_attack(sq, d, occ);
                }
                r
            }
            GenKind::SlideMax(ds, near) => {
                let mut r = B::ZERO;
                for &d in ds {
                    r |= self.ray_attack(sq, d, occ) & near[sq as usize][d as usize];
                }
                r
            }
        }
    }

    /// The squares a rule may move to from `sq` for `side`: reach, filtered by
    /// what the rule may land on.
    #[inline]
    pub(crate) fn targets(&self, st: &State<B>, g: &Gen<B>, sq: u8, side: u8, occ: B) -> B {
        let r = self.reach(g, sq, occ);
        match g.target {
            Target::Empty => r & !occ,
            Target::Enemy => r & occ & !st.by_player[side as usize],
            Target::NotFriend => r & !st.by_player[side as usize],
        }
    }
}
