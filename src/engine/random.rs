//! Random moves drawn uniformly over the legal moves, without finding them
//! all: each piece's moves are bounded by a table, a draw beyond a piece's
//! real moves is drawn again ([`Engine::random_move`]).

use super::gen::{idle, MoveBuf};
use super::legality::Legality;
use super::{DrawGroup, Engine, Gen, Seen};
use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::compile::model::MAX_PLAYERS;
use crate::moves::{Move, NO_PIECE};
use crate::state::{Hist, KeyCounts, State, NO_SQ};
use smallvec::SmallVec;

/// How many draws [`Engine::random_move`] makes against the upper bounds
/// before it finds every piece's moves exactly.
pub(super) const RANDOM_TRIES: usize = 32;

/// A bulk group as a random draw weighs it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Slot<B: Bits> {
    /// The squares its pieces stand on (none outside its phase).
    pub(super) from: B,
    /// The sum of their most moves.
    pub(super) sum: u32,
    /// The running total of the sums up to this group.
    pub(super) total: u32,
}

/// The `i`-th square of square sets `(rule, from, squares, count)` taken
/// one after the other: which set, and the square.
#[inline]
fn nth_of_sets<B: Bits>(sets: &[(u16, Sq, B, u32)], mut i: usize) -> Option<(usize, Sq)> {
    for (k, s) in sets.iter().enumerate() {
        if i < s.3 as usize {
            return Some((k, s.2.nth(i as u32)));
        }
        i -= s.3 as usize;
    }
    None
}

/// Reusable space for [`Engine::random_move`] (no allocation once grown).
#[derive(Debug, Default)]
pub(crate) struct Scratch<B: Bits> {
    /// Moves listed by rules not counted in bulk, with whether they are safe.
    pub(super) cands: Vec<(Move, bool)>,
    /// Every legal move, where they are all generated.
    pub(super) buf: MoveBuf,
    /// Rules whose moves are given as square sets (see
    /// [`Engine::move_sets`]): the rule, the start square, and the squares
    /// not yet refused.
    pub(super) sets: Vec<(u16, Sq, B, u32)>,
    /// For each player, one per bulk group of the engine numbered `owner`
    /// (see [`Slot`]), as the player's last draw left them: found again
    /// only from the first group whose pieces changed.
    pub(super) slots: [Vec<Slot<B>>; MAX_PLAYERS],
    /// The [`Engine::id`] of the engine the slots are for (0: none).
    pub(super) owner: u64,
}

impl<B: Bits> Engine<B> {
    /// A legal move chosen uniformly at random (`pick(n)` gives a number
    /// below `n`), or `None` if there is none. Where the only restriction is
    /// check, moves are drawn and only the one drawn is tested, until one
    /// passes (each legal move as likely as the others): first against an
    /// upper bound on each piece's moves (so that only the drawn piece's
    /// moves are found; a draw beyond its real moves is drawn again), then,
    /// after a few misses, among the moves found exactly; the moves offered
    /// only when stuck are found only if there is no other. Where other
    /// restrictions apply, the moves the rules offer are found and drawn
    /// from, only the one drawn tested against the restrictions, a refused
    /// one struck off before the next draw ([`Engine::random_general`]).
    /// `scratch` is scratch space.
    #[cfg(test)]
    pub(crate) fn random_move(
        &self,
        st: &State<B>,
        hist: &[Hist],
        scratch: &mut Scratch<B>,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        self.random_move_known(st, hist, None, scratch, pick)
    }

    /// [`Engine::random_move`] where the caller keeps the history's keys
    /// counted as it grows: `known` holds its keys and its board keys
    /// ([`Engine::board_key`], kept where [`Engine::board_reps`]), so that
    /// restrictions find repetitions without a search back through it.
    #[inline]
    pub(crate) fn random_move_known(
        &self,
        st: &State<B>,
        hist: &[Hist],
        known: Option<(&KeyCounts, &KeyCounts)>,
        scratch: &mut Scratch<B>,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        if !self.general_at(st, hist, usize::MAX) {
            let m = self.random_unstuck(st, scratch, pick);
            if m.is_some() || !self.has_stuck {
                return m;
            }
        }
        self.random_general(st, hist, known, scratch, pick)
    }

    /// [`Engine::random_move`] under restrictions other than check: each
    /// move the rules offer (first those not offered only when stuck) as
    /// likely to be drawn; a drawn move a restriction refuses is struck
    /// off and another drawn, so each legal move is as likely as the
    /// others to be the first that passes. Where a restriction lapses when
    /// it would forbid every move, every legal move is found first. Kept
    /// out of line: the games without such restrictions pay nothing for it
    /// (inlined, it cost the random games of a mill game 16%).
    #[inline(never)]
    fn random_general(
        &self,
        st: &State<B>,
        hist: &[Hist],
        known: Option<(&KeyCounts, &KeyCounts)>,
        scratch: &mut Scratch<B>,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        let forbids = self.forbid_list(st, usize::MAX);
        if self.model.maximum.is_some() || forbids.iter().any(|(_, f)| f.unless_all) {
            let buf = &mut scratch.buf;
            self.legal_moves(st, hist, buf);
            return (!buf.is_empty()).then(|| buf[pick(buf.len())]);
        }
        let lg = self.legality(st);
        let seen = known.map_or(Seen::Unknown, |k| Seen::Counted(k.0));
        let parent = self.hist_entry_seen(st, hist, seen, Some(&lg));
        let boards = known.map(|k| k.1).filter(|_| self.board_reps);
        let side = lg.side;
        let phase = self.phase_of_moves(st);
        let gens = &self.gens[side as usize];
        let Scratch { cands, sets, .. } = scratch;
        for stuck in [false, true] {
            if stuck && !self.has_stuck {
                break;
            }
            cands.clear();
            sets.clear();
            // The moves offered: as square sets where a rule gives them so
            // (a drop's empty squares), else listed.
            let mut in_sets = 0usize;
            if self.overlap[side as usize] != 0 {
                self.each_pseudo(st, &lg, stuck, &mut |m, safe| {
                    cands.push((m, safe));
                    true
                });
            } else {
                for (gi, g) in gens.iter().enumerate() {
                    if g.stuck != stuck || g.phase != phase {
                        continue;
                    }
                    if self.move_sets(st, &lg, g, &mut |from, t| {
                        let c = t.count();
                        in_sets += c as usize;
                        sets.push((gi as u16, from, t, c));
                    }) {
                        continue;
                    }
                    self.each_of_gen(st, &lg, g, &mut |m, safe| {
                        cands.push((m, safe));
                        true
                    });
                }
            }
            loop {
                let n = cands.len() + in_sets;
                if n == 0 {
                    break;
                }
                let r = pick(n);
                if r < cands.len() {
                    let (m, safe) = cands[r];
                    if self
                        .first_refusal(st, hist, parent, m, safe, &forbids, 0, boards)
                        .is_none()
                    {
                        return Some(m);
                    }
                    cands.swap_remove(r);
                    continue;
                }
                let Some((k, to)) = nth_of_sets(sets, r - cands.len()) else {
                    break;
                };
                let (gi, from, t, c) = &mut sets[k];
                let g = &gens[usize::from(*gi)];
                let m = Move::new(*from, to, g.rule, NO_PIECE);
                let safe =
                    self.set_move_safe(&lg, g, m) && !matches!(g.kind, super::GenKind::Remove(_));
                if self
                    .first_refusal(st, hist, parent, m, safe, &forbids, 0, boards)
                    .is_none()
                {
                    return Some(m);
                }
                *t &= !B::bit(to);
                *c -= 1;
                in_sets -= 1;
            }
        }
        None
    }

    /// [`Engine::random_move`] among the moves not offered only when
    /// stuck, where no restriction but check applies.
    fn random_unstuck(
        &self,
        st: &State<B>,
        scratch: &mut Scratch<B>,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        let Scratch {
            cands,
            buf: _,
            sets,
            slots,
            owner,
        } = scratch;
        // Only the moves drawn are judged: whether their piece is pinned, one by one.
        let lg = self.legality_with(st, false);
        let side = lg.side;
        // In check most moves fail: draw among the moves found exactly.
        if self.overlap[side as usize] != 0 || lg.in_check {
            return self.random_exact(st, &lg, cands, pick);
        }
        cands.clear();
        sets.clear();
        // Rules counted in bulk give, per piece, an upper bound on its moves
        // (no move is found yet); others give their squares per piece, or
        // list their moves.
        let phase = self.phase_of_moves(st);
        let gens = &self.gens[side as usize];
        let draws = &self.draws[side as usize];
        let mut in_sets = 0usize;
        for &(gi, _) in draws.listed.iter().filter(|d| d.1 == phase) {
            let g = &gens[gi as usize];
            if g.draw_sets
                && self.move_sets(st, &lg, g, &mut |from, t| {
                    let c = t.count();
                    in_sets += c as usize;
                    sets.push((gi, from, t, c));
                })
            {
                continue;
            }
            if !idle(st, g, side) {
                self.each_of_gen(st, &lg, g, &mut |m, safe| {
                    cands.push((m, safe));
                    true
                });
            }
        }
        if *owner != self.id {
            *owner = self.id;
            slots.iter_mut().for_each(Vec::clear);
        }
        let slots = &mut slots[side as usize];
        if slots.len() != draws.groups.len() {
            let none = Slot {
                from: B::ZERO,
                sum: 0,
                total: 0,
            };
            slots.clear();
            slots.resize(draws.groups.len(), none);
        }
        let mut changed = slots.len();
        for (i, (d, slot)) in draws.groups.iter().zip(slots.iter_mut()).enumerate() {
            let from = if d.phase == phase {
                st.pieces(d.piece, side) & d.from_mask
            } else {
                B::ZERO
            };
            if from != slot.from {
                slot.from = from;
                slot.sum = if d.uniform > 0 {
                    from.count() * u32::from(d.uniform)
                } else {
                    let most = &self.most[d.most_at as usize..];
                    from.iter().map(|sq| u32::from(most[sq as usize])).sum()
                };
                changed = changed.min(i);
            }
        }
        if changed < slots.len() {
            let mut total = changed.checked_sub(1).map_or(0, |i| slots[i].total);
            for slot in &mut slots[changed..] {
                total += slot.sum;
                slot.total = total;
            }
        }
        let bound = slots.last().map_or(0, |s| s.total);
        for _ in 0..RANDOM_TRIES {
            let n = bound as usize + cands.len() + in_sets;
            if n == 0 {
                return None;
            }
            let mut r = pick(n);
            if r >= bound as usize + cands.len() {
                let Some((k, to)) = nth_of_sets(sets, r - bound as usize - cands.len()) else {
                    break;
                };
                let (gi, from, t, c) = &mut sets[k];
                let g = &gens[usize::from(*gi)];
                let m = Move::new(*from, to, g.rule, NO_PIECE);
                if self.set_move_safe(&lg, g, m) || self.passes_check_in(st, &lg, m) {
                    return Some(m);
                }
                *t &= !B::bit(to);
                *c -= 1;
                in_sets -= 1;
                continue;
            }
            if r >= bound as usize {
                let i = r - bound as usize;
                let (m, safe) = cands[i];
                if safe || self.passes_check_in(st, &lg, m) {
                    return Some(m);
                }
                cands.swap_remove(i);
                continue;
            }
            // The group whose running total first passes r, then its piece.
            let Some(k) = slots.iter().position(|s| r < s.total as usize) else {
                break;
            };
            if k > 0 {
                r -= slots[k - 1].total as usize;
            }
            let d = &draws.groups[k];
            let Some((from, g, rest)) = self.drawn_piece(d, slots[k].from, side, r) else {
                break;
            };
            r = rest;
            let t = self.targets(st, g, from, side, lg.occ) & !lg.blocked;
            // Beyond the piece's real moves: draw again.
            let Some(m) = self.nth_target(g, from, t, r) else {
                continue;
            };
            if self.passes_drawn(st, &lg, g, m) {
                return Some(m);
            }
        }
        cands.clear();
        self.random_exact(st, &lg, cands, pick)
    }

    /// Calls `f` with the moves of rule `g` as square sets, one per start
    /// square ([`NO_SQ`] for a drop), each square one move, where
    /// the rule allows it: a drop whose condition is judged on square sets
    /// ([`super::toset::ToSet`]) or reads nothing of the move; a piece's
    /// rule without promotions, castling, jump series or taking en passant,
    /// whose condition (if any) reads no more than the start square.
    /// Returns false, calling nothing, for other rules.
    pub(super) fn move_sets(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        g: &Gen<B>,
        f: &mut impl FnMut(Sq, B),
    ) -> bool {
        use super::GenKind;
        let side = lg.side;
        if !g.sets {
            return false;
        }
        if g.guard_fixed && !self.guard_holds(st, g, side, NO_SQ, NO_SQ) {
            return true;
        }
        if g.piece == super::NO_KIND {
            let t = self.targets(st, g, 0, side, lg.occ) & !lg.blocked;
            if !t.is_empty() {
                f(NO_SQ, t);
            }
            return true;
        }
        if idle(st, g, side) {
            return true;
        }
        let per_from = g.guard_set.is_none() && !g.guard_fixed;
        for from in self.starts(st, g, side).iter() {
            if per_from && !self.guard_holds(st, g, side, from, NO_SQ) {
                continue;
            }
            let t = match &g.kind {
                // A slide to empty squares only: its rays often run to the
                // edge, found without a branch.
                GenKind::Slide(ds) if g.target == crate::compile::model::Target::Empty => {
                    let mut r = B::ZERO;
                    for &d in ds {
                        r |= self.ray_attack_open(from, d, lg.occ);
                    }
                    r & !lg.occ
                }
                _ => self.targets(st, g, from, side, lg.occ),
            } & !lg.blocked;
            if !t.is_empty() {
                f(from, t);
            }
        }
        true
    }

    /// Whether move `m` of a rule given as square sets needs no test of the
    /// check rule (as [`Engine::each_of_gen`] judges it).
    pub(super) fn set_move_safe(&self, lg: &Legality<B>, g: &Gen<B>, m: Move) -> bool {
        if m.from == NO_SQ {
            self.safe(lg, g, NO_SQ, true) && !lg.danger_to.has(m.to)
        } else {
            self.safe_to(lg, g, m.from, m.to)
        }
    }

    /// For the `r`-th of the most moves of group `d`'s pieces (on `from`):
    /// the piece's square, the rule, and which of the rule's most moves
    /// from there it is.
    #[inline]
    pub(super) fn drawn_piece(
        &self,
        d: &DrawGroup<B>,
        from: B,
        side: u8,
        mut r: usize,
    ) -> Option<(Sq, &Gen<B>, usize)> {
        let sq = if d.uniform > 0 {
            let w = usize::from(d.uniform);
            let k = r / w;
            r %= w;
            (k < from.count() as usize).then(|| from.nth(k as u32))?
        } else {
            let most = &self.most[d.most_at as usize..];
            let mut found = None;
            for sq in from.iter() {
                let w = usize::from(most[sq as usize]);
                if r < w {
                    found = Some(sq);
                    break;
                }
                r -= w;
            }
            found?
        };
        for rule in &d.rules {
            if rule.from_mask.has(sq) {
                let w = usize::from(self.most[rule.most_at as usize + sq as usize]);
                if r < w {
                    return Some((sq, &self.gens[side as usize][rule.gen as usize], r));
                }
                r -= w;
            }
        }
        None
    }

    /// The `r`-th move of a bulk rule `g` from `from` to the targets `t`
    /// (a square in a promotion zone counts once per kind offered), if
    /// there are that many.
    pub(super) fn nth_target(&self, g: &Gen<B>, from: Sq, t: B, mut r: usize) -> Option<Move> {
        if (t & g.promo_zone).is_empty() {
            return (r < t.count() as usize)
                .then(|| Move::new(from, t.nth(r as u32), g.rule, NO_PIECE));
        }
        for q in t.iter() {
            let promoting = g.promo_zone.has(q);
            let w = if promoting { g.promo_count as usize } else { 1 };
            if r < w {
                let promo = if promoting {
                    self.promos[g.piece as usize]
                        .as_ref()
                        .and_then(|p| p.fixed.as_ref())
                        .map_or(NO_PIECE, |f| f[r])
                } else {
                    NO_PIECE
                };
                return Some(Move::new(from, q, g.rule, promo));
            }
            r -= w;
        }
        None
    }

    /// Whether a move drawn from a bulk rule `g` passes the check rule
    /// (tested only if it may not).
    pub(super) fn passes_drawn(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        g: &Gen<B>,
        m: Move,
    ) -> bool {
        if self.check_rule.is_none() {
            return true;
        }
        // In check, a move onto an evasion square ends it (if not pinned,
        // and if it changes no other square: `effects_tested`).
        let ends_check = !lg.in_check || lg.evasion.is_some_and(|e| e.has(m.to));
        let must_test = !self.moves_plainly(g)
            || !ends_check
            || (lg.test_captures && lg.occ.has(m.to))
            // Draws judge by `legality_with(st, false)`, which never traces:
            // where attacks are blockable, `danger_all` holds.
            || lg.danger_all
            || self.is_pinned(st, lg.side, m.from);
        !must_test || self.passes_check_in(st, lg, m)
    }

    /// [`Engine::random_move`] among the moves found exactly: every
    /// piece's targets as square sets, and the other rules' moves listed.
    pub(super) fn random_exact(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        cands: &mut Vec<(Move, bool)>,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        cands.clear();
        let side = lg.side;
        let check = self.check_rule.is_some();
        // Rules counted in bulk give their targets as square sets, one per
        // piece (the moves are not made into a list); the others list theirs.
        let mut sets: SmallVec<[(u16, Sq, B, u32); 64]> = SmallVec::new();
        let mut total = 0u32;
        if self.overlap[side as usize] == 0 {
            let phase = self.phase_of_moves(st);
            for (gi, g) in self.gens[side as usize]
                .iter()
                .enumerate()
                .filter(|(_, g)| !g.stuck && g.phase == phase)
            {
                if !g.bulk {
                    self.each_of_gen(st, lg, g, &mut |m, safe| {
                        cands.push((m, safe));
                        true
                    });
                    continue;
                }
                // In check, only the moves that end it (royal pieces, and
                // moves whose effects change other squares, aside). Not as
                // `legal_split` does: draws judge by `legality_with(st,
                // false)`, whose `danger` is every square; a pinned piece's
                // drawn move is tested by `passes_drawn`.
                let ends_check = match lg.evasion {
                    Some(e) if self.moves_plainly(g) => e,
                    _ => self.all,
                };
                for from in (st.pieces(g.piece, side) & g.from_mask).iter() {
                    let t = self.targets(st, g, from, side, lg.occ) & !lg.blocked & ends_check;
                    if !t.is_empty() {
                        let w = g.moves_to(t);
                        sets.push((gi as u16, from, t, w));
                        total += w;
                    }
                }
            }
        } else {
            self.each_pseudo(st, lg, false, &mut |m, safe| {
                cands.push((m, safe));
                true
            });
        }
        loop {
            let n = total as usize + cands.len();
            if n == 0 {
                return None;
            }
            let mut r = pick(n);
            if r >= total as usize {
                let i = r - total as usize;
                let (m, safe) = cands[i];
                if !check || safe || self.passes_check_in(st, lg, m) {
                    return Some(m);
                }
                cands.swap_remove(i);
                continue;
            }
            // The r-th move of the sets: its rule, square, target and promotion.
            let k = sets.iter().position(|s| {
                let here = r < s.3 as usize;
                if !here {
                    r -= s.3 as usize;
                }
                here
            })?;
            let (gi, from, t, _) = sets[k];
            let g = &self.gens[side as usize][gi as usize];
            let m = self.nth_target(g, from, t, r)?;
            if self.passes_drawn(st, lg, g, m) {
                return Some(m);
            }
            // Illegal whatever it promotes to: drop the square.
            let w = if g.promo_zone.has(m.to) {
                g.promo_count
            } else {
                1
            };
            sets[k].2 = t & !B::bit(m.to);
            sets[k].3 -= w;
            total -= w;
        }
    }
}
