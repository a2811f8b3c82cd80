//! Legal move generation, counting (bulk counting for perft) and the test of
//! one move.
//!
//! Legality: a move is legal if no forbid rule holds after it. The rule "not
//! in check afterwards" is answered without making the move whenever that is
//! safe: the player is not in check, the piece is not royal, and it does not
//! stand on a line from its king along which an enemy slider could attack
//! (the "danger" squares, computed once per position). Every other move is
//! made on a copy and tested.

use super::{Engine, Gen};
use crate::bits::Bits;
use crate::eval::Ctx;
use crate::moves::{Move, NO_PIECE};
use crate::state::State;

/// A reusable buffer of moves (no allocation once it has grown).
pub(crate) type MoveBuf = Vec<Move>;

/// What a position's legality tests share.
pub(crate) struct Legality<B: Bits> {
    side: u8,
    occ: B,
    in_check: bool,
    danger: B,
    /// Every move must be made and tested (other forbid rules exist).
    full: bool,
    /// No move needs testing at all (no forbid rule).
    free: bool,
}

impl<B: Bits> Engine<B> {
    pub(crate) fn legality(&self, st: &State<B>) -> Legality<B> {
        let side = st.side;
        let occ = st.occupied();
        let free = !self.check_rule && self.other_forbids.is_empty();
        let full = !self.other_forbids.is_empty();
        let (in_check, danger) = if self.check_rule {
            (self.in_check(st, side), self.danger(st, side, occ))
        } else {
            (false, B::ZERO)
        };
        Legality {
            side,
            occ,
            in_check,
            danger,
            full,
            free,
        }
    }

    /// Squares from which a move might uncover an attack on `side`'s royal
    /// pieces: the lines from each royal piece towards an enemy slider.
    fn danger(&self, st: &State<B>, side: u8, occ: B) -> B {
        let other = self.next_player(side);
        let att = &self.attacks[other as usize];
        if !att.forward.is_empty() {
            return !B::ZERO;
        }
        let _ = occ;
        let mut danger = B::ZERO;
        let royals = self.royals(st, side);
        for d in 0..8u8 {
            let kinds = att.slides[d as usize];
            if kinds == 0 {
                continue;
            }
            let mut sliders = B::ZERO;
            let mut k = kinds;
            while k != 0 {
                let t = k.trailing_zeros();
                k &= k - 1;
                sliders |= st.by_piece[t as usize];
            }
            sliders &= st.by_player[other as usize];
            if sliders.is_empty() {
                continue;
            }
            let od = (d + 4) & 7;
            for r in royals.iter() {
                let ray = self.rays[r as usize][od as usize];
                if !(ray & sliders).is_empty() {
                    danger |= ray;
                }
            }
        }
        danger
    }

    /// Whether moves of rule `g` from `from` are legal without testing.
    #[inline]
    fn safe(&self, lg: &Legality<B>, g: &Gen<B>, from: u8) -> bool {
        lg.free
            || (!lg.full
                && !lg.in_check
                && self.royal & (1 << g.piece) == 0
                && !lg.danger.has(from)
                && !self.promotes_to_royal(g.piece))
    }

    fn promotes_to_royal(&self, piece: u8) -> bool {
        self.promos[piece as usize]
            .as_ref()
            .is_some_and(|p| p.to.iter().any(|&t| self.royal & (1 << t) != 0))
    }

    /// Makes `m` on a copy and judges every forbid rule.
    pub(crate) fn test(&self, st: &State<B>, m: Move, hist: &[u64]) -> bool {
        self.refusal(st, m, hist).is_none()
    }

    /// The forbid rule (index into the model's) that makes a generated move
    /// illegal, if any.
    pub(crate) fn refusal(&self, st: &State<B>, m: Move, hist: &[u64]) -> Option<usize> {
        let mut child = *st;
        self.make(&mut child, m);
        if let Some(i) = self.check_rule_index {
            if self.in_check(&child, st.side) {
                return Some(i);
            }
        }
        if self.other_forbids.is_empty() {
            return None;
        }
        let ctx = Ctx::new(self, &child, hist, Some(st.hash));
        self.other_forbids
            .iter()
            .copied()
            .find(|&i| ctx.cond(&self.model.forbids[i].cond))
    }

    /// Calls `f` with every move the rules generate in `st` (before forbid
    /// rules), with whether it is known legal without a test.
    #[inline]
    fn each_pseudo(&self, st: &State<B>, lg: &Legality<B>, mut f: impl FnMut(Move, bool) -> bool) {
        let side = lg.side;
        for g in &self.gens[side as usize] {
            let promo = self.promos[g.piece as usize].as_ref();
            for from in st.pieces(g.piece, side).iter() {
                let t = self.targets(st, g, from, side, lg.occ);
                if t.is_empty() {
                    continue;
                }
                let safe = self.safe(lg, g, from);
                match promo {
                    None => {
                        for to in t.iter() {
                            if !f(Move::new(from, to, g.rule, NO_PIECE), safe) {
                                return;
                            }
                        }
                    }
                    Some(p) => {
                        let zone = p.zone[side as usize];
                        for to in t.iter() {
                            if zone.has(to) {
                                for &k in &p.to {
                                    if !f(Move::new(from, to, g.rule, k), safe) {
                                        return;
                                    }
                                }
                            } else if !f(Move::new(from, to, g.rule, NO_PIECE), safe) {
                                return;
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every move the rules generate, legal or not (forbid rules not applied).
    pub(crate) fn pseudo_moves(&self, st: &State<B>, out: &mut MoveBuf) {
        out.clear();
        let lg = self.legality(st);
        self.each_pseudo(st, &lg, |m, _| {
            out.push(m);
            true
        });
    }

    /// The legal moves of the player to move.
    pub(crate) fn legal_moves(&self, st: &State<B>, hist: &[u64], out: &mut MoveBuf) {
        out.clear();
        let lg = self.legality(st);
        self.each_pseudo(st, &lg, |m, safe| {
            if safe || self.test(st, m, hist) {
                out.push(m);
            }
            true
        });
    }

    /// Whether the player to move has a legal move.
    pub(crate) fn has_legal(&self, st: &State<B>, hist: &[u64]) -> bool {
        let lg = self.legality(st);
        let mut found = false;
        self.each_pseudo(st, &lg, |m, safe| {
            found = safe || self.test(st, m, hist);
            !found
        });
        found
    }

    /// The number of legal moves, counting safe moves in bulk.
    pub(crate) fn count_legal(&self, st: &State<B>, hist: &[u64]) -> u64 {
        let lg = self.legality(st);
        let side = lg.side;
        let mut n = 0u64;
        for g in &self.gens[side as usize] {
            let promo = self.promos[g.piece as usize].as_ref();
            for from in st.pieces(g.piece, side).iter() {
                let t = self.targets(st, g, from, side, lg.occ);
                if t.is_empty() {
                    continue;
                }
                if self.safe(&lg, g, from) {
                    n += u64::from(match promo {
                        None => t.count(),
                        Some(p) => {
                            let z = t & p.zone[side as usize];
                            (t ^ z).count() + z.count() * p.to.len() as u32
                        }
                    });
                    continue;
                }
                for to in t.iter() {
                    match promo {
                        Some(p) if p.zone[side as usize].has(to) => {
                            for &k in &p.to {
                                n += u64::from(self.test(st, Move::new(from, to, g.rule, k), hist));
                            }
                        }
                        _ => {
                            n += u64::from(self.test(
                                st,
                                Move::new(from, to, g.rule, NO_PIECE),
                                hist,
                            ));
                        }
                    }
                }
            }
        }
        n
    }
}
