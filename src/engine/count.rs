//! Counting legal moves without listing them (perft's last level): bulk
//! counts of whole target sets where the rules allow.

use super::gen::with_spare;
use super::legality::Legality;
use super::{Engine, Gen, GenKind, NO_KIND};
use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::compile::model::Target;
use crate::compile::model::{Cond, Effect, SiteRef};
use crate::moves::{Move, NO_PIECE};
use crate::state::{Hist, State, NO_SQ};
use smallvec::SmallVec;

/// A turn's opening rules as [`Engine::count_turns`] counts them (see
/// [`Engine::turn_plan`]).
pub(crate) type TurnPlan = Box<[(u16, u8, bool)]>;

impl<B: Bits> Engine<B> {
    /// The number of legal moves, counting plain moves in bulk.
    pub(crate) fn count_legal(&self, st: &State<B>, hist: &[Hist]) -> u64 {
        if self.general_at(st, hist, usize::MAX) || self.overlap[st.side as usize] != 0 {
            return with_spare(|v| {
                self.general_moves(st, hist, usize::MAX, v);
                v.len() as u64
            });
        }
        let lg = self.legality(st);
        let side = lg.side;
        let check = self.check_rule.is_some();
        let mut n = 0u64;
        let phase = self.phase_of_moves(st);
        for g in self.gens[side as usize]
            .iter()
            .filter(|g| !g.stuck && g.phase == phase)
        {
            if !g.count_bulk {
                if self.move_sets(st, &lg, g, &mut |from, t| {
                    if !check {
                        n += u64::from(t.count());
                        return;
                    }
                    for to in t.iter() {
                        let m = Move::new(from, to, g.rule, NO_PIECE);
                        if self.set_move_safe(&lg, g, m) || self.passes_check_in(st, &lg, m) {
                            n += 1;
                        }
                    }
                }) {
                    continue;
                }
                self.each_of_gen(st, &lg, g, &mut |m, safe| {
                    if !check || safe || self.passes_check_in(st, &lg, m) {
                        n += 1;
                    }
                    true
                });
                continue;
            }
            let mut froms = self.starts(st, g, side);
            if !g.shifts.is_empty() || g.ranged.is_some() {
                froms &= !self.count_shifted(st, &lg, g, froms, &mut n);
            }
            for from in froms.iter() {
                let mut t = self.targets(st, g, from, side, lg.occ) & !lg.blocked;
                if !(t & g.dyn_zone).is_empty() {
                    n += self.count_promotions(st, &lg, g, from, t & g.dyn_zone);
                    t &= !g.dyn_zone;
                }
                if t.is_empty() {
                    continue;
                }
                // The squares whose moves are surely legal, counted at once,
                // and those whose moves must each be tested, as the listing
                // judges them.
                let (sure, test) = self.legal_split(st, &lg, g, from, t);
                n += u64::from(g.moves_to(sure));
                if !test.is_empty() {
                    self.each_of_gen_from(g, from, test, &mut |m, _| {
                        if self.passes_check_in(st, &lg, m) {
                            n += 1;
                        }
                        true
                    });
                }
            }
        }
        if n == 0 && self.has_stuck {
            return with_spare(|v| {
                self.general_moves(st, hist, usize::MAX, v);
                v.len() as u64
            });
        }
        n
    }

    /// The slot of phase `phase` in [`Engine::turn_plans`].
    pub(super) fn plan_slot(&self, phase: u8) -> usize {
        if phase == super::NORMAL {
            self.model.phases.len()
        } else {
            usize::from(phase)
        }
    }

    /// What [`Engine::count_turns`] needs to know of `side`'s rules in
    /// phase `phase`, found once: each opening rule (its index) with the
    /// part it goes on to, and whether that part goes on only where the move
    /// completes a line. `None` where whole turns cannot be counted so.
    pub(super) fn turn_plan(&self, side: u8, phase: u8) -> Option<TurnPlan> {
        if self.restricted || self.check_rule.is_some() || self.overlap[side as usize] != 0 {
            return None;
        }
        let gens = &self.gens[side as usize];
        // Each opening rule with the part it goes on to, and whether that
        // part goes on only where the move completes a line.
        let mut openers: Vec<(u16, u8, bool)> = Vec::new();
        for (gi, g) in gens.iter().enumerate().filter(|(_, g)| g.phase == phase) {
            let rule = &self.model.moves[g.rule as usize];
            let [Effect::Continue(k)] = rule.effects.as_slice() else {
                return None;
            };
            let part = self.model.parts.get(*k)?;
            let drop = matches!(g.kind, GenKind::Drop(..));
            let lined = matches!(part.cond, Some(Cond::InLine(SiteRef::To)));
            if g.stuck
                || (g.piece == NO_KIND) != drop
                || g.target != Target::Empty
                || rule.put.is_some()
                || rule.stay
                || (drop || part.optional || part.cond.is_some()) && !lined
                || *k >= super::MAX_PARTS
                || g.piece != NO_KIND && self.promos[g.piece as usize].is_some()
            {
                return None;
            }
            openers.push((gi as u16, super::PART_BASE + *k as u8, lined));
        }
        // The unconditional parts' rules: plain moves of their piece from
        // where it landed; and no end rule may hold while a move is left.
        for &(_, p, lined) in &openers {
            if lined {
                continue;
            }
            if !self.end_order[1].is_empty() {
                return None;
            }
            for g in gens.iter().filter(|g| g.phase == p) {
                let plain = g.piece != NO_KIND
                    && g.anchored
                    && g.guard.is_none()
                    && !g.stuck
                    && self.promos[g.piece as usize].is_none()
                    && matches!(
                        g.kind,
                        GenKind::Leap(_)
                            | GenKind::Slide(_)
                            | GenKind::SlideRange(..)
                            | GenKind::Ride(_)
                    );
                if !plain {
                    return None;
                }
            }
        }
        Some(openers.into_boxed_slice())
    }

    /// The number of whole turns in `st` (perft's last level where turns
    /// have parts), making as few moves as it can, where every move here is
    /// a plain move of a piece or a drop that may go on to a part of the
    /// turn (`(continue ...)`):
    /// - unconditionally and compulsorily, to plain moves of that piece from
    ///   where it landed, where no end rule can hold while a move is left:
    ///   each such move counts its second part's moves (or 1, where that
    ///   part has none and the turn ends), without making either;
    /// - if it completes a line of the board (`if:(inLine (to))`): the
    ///   moves that complete none end the turn and count 1 each, unmade;
    ///   those that do are pushed on `slow`, to be made and counted.
    ///
    /// `None` where this does not apply. Never inlined: perft's loop stays
    /// as small for the games whose turns have one part.
    #[inline(never)]
    pub(crate) fn count_turns(
        &self,
        st: &State<B>,
        hist: &[Hist],
        slow: &mut SmallVec<[Move; 16]>,
    ) -> Option<u64> {
        if st.part != 0 || self.general_at(st, hist, usize::MAX) {
            return None;
        }
        let side = st.side;
        let phase = self.phase_of_moves(st);
        let plan = self.turn_plans[side as usize]
            .get(self.plan_slot(phase))?
            .as_ref()?;
        let gens = &self.gens[side as usize];
        let lg = self.legality(st);
        let mine = st.by_player[side as usize];
        let mut n = 0u64;
        for &(gi, p, lined) in plan {
            let g = &gens[gi as usize];
            // A rule whose condition reads nothing of the move and fails
            // here has no move (judged before finding any).
            if g.guard_fixed && !self.guard_holds(st, g, side, NO_SQ, NO_SQ) {
                continue;
            }
            let mut fits = true;
            let done = self.move_sets(st, &lg, g, &mut |from, t| {
                let moved = if from == NO_SQ { B::ZERO } else { B::bit(from) };
                if lined {
                    // The squares where the mover's men, without the one
                    // that moves, fill all of a line but that square.
                    let own = mine & !moved;
                    let mut closes = B::ZERO;
                    for l in &self.line_masks {
                        let gap = *l & !own;
                        if gap.count() == 1 {
                            closes |= gap;
                        }
                    }
                    n += u64::from((t & !closes).count());
                    for to in (t & closes).iter() {
                        slow.push(Move::new(from, to, g.rule, NO_PIECE));
                    }
                    return;
                }
                for to in t.iter() {
                    let moved = moved | B::bit(to);
                    let occ = lg.occ ^ moved;
                    let mine = mine ^ moved;
                    let mut a = 0u32;
                    for h in gens.iter().filter(|h| h.phase == p) {
                        if h.piece != g.piece || !h.from_mask.has(to) {
                            continue;
                        }
                        let r = self.reach(h, to, occ) & !lg.blocked;
                        a += match h.target {
                            Target::Empty => r & !occ,
                            Target::Enemy => r & occ & !mine,
                            Target::NotFriend => r & !mine,
                            Target::EnPassant => {
                                fits = false;
                                B::ZERO
                            }
                        }
                        .count();
                    }
                    n += u64::from(a.max(1));
                }
            });
            if !done || !fits {
                return None;
            }
        }
        if n == 0 && slow.is_empty() && self.has_stuck {
            // Moves offered only when stuck: found the general way.
            return None;
        }
        Some(n)
    }

    /// Of the start squares `froms` of a leap given as steps along the
    /// numbering ([`Gen::shifts`]) or of a short slide along one such step
    /// ([`Gen::ranged`]): those whose moves need no test of their own, and
    /// the squares any such move may end on (what it may land on, not
    /// barred, ending a check); the callers apply the steps, and a slide's
    /// path through empty squares. `None` where no start square is such.
    // Always inlined, as `legal_split` (once a call, it cost 1%).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn shift_easy(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        g: &Gen<B>,
        froms: B,
    ) -> Option<(B, B)> {
        if !self.moves_plainly(g)
            || (lg.test_captures && g.target != Target::Empty)
            || !lg.danger_to.is_empty()
        {
            return None;
        }
        let ends_check = match (lg.in_check, lg.evasion) {
            (false, _) => self.all,
            (true, Some(e)) => e,
            (true, None) => return None,
        };
        let easy = froms & !lg.danger & !g.near_dyn;
        if easy.is_empty() {
            return None;
        }
        let open = !lg.blocked & ends_check & super::attack::landing(st, g.target, lg.side, lg.occ);
        Some((easy, open))
    }

    /// Counts into `n` the moves of a leap given as steps along the
    /// numbering ([`Gen::shifts`]), or of a short slide along one such step
    /// ([`Gen::ranged`]), from those of `froms` whose moves need no test of
    /// their own, all at once; returns those start squares.
    #[inline]
    pub(super) fn count_shifted(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        g: &Gen<B>,
        froms: B,
        n: &mut u64,
    ) -> B {
        let Some((easy, open)) = self.shift_easy(st, lg, g, froms) else {
            return B::ZERO;
        };
        for sh in &g.shifts {
            *n += u64::from(g.moves_to(sh.ahead(easy) & open));
        }
        if let Some((sh, lo, hi)) = &g.ranged {
            // Step by step along the one direction, through empty squares.
            let empty = !lg.occ;
            let mut front = easy;
            for step in 1..=*hi {
                front = sh.ahead(front);
                if step >= *lo {
                    *n += u64::from(g.moves_to(front & open));
                }
                front &= empty;
                if front.is_empty() {
                    break;
                }
            }
        }
        easy
    }

    /// `each_of_gen` for one start square and its targets `t` (countable
    /// rules, no square of `t` where promotions are found as it moves).
    pub(super) fn each_of_gen_from(
        &self,
        g: &Gen<B>,
        from: Sq,
        t: B,
        f: &mut dyn FnMut(Move, bool) -> bool,
    ) {
        let fixed = self.promos[g.piece as usize]
            .as_ref()
            .and_then(|p| p.fixed.as_ref());
        for to in t.iter() {
            match fixed {
                Some(fixed) if g.promo_zone.has(to) => {
                    for &k in fixed {
                        if !f(Move::new(from, to, g.rule, k), false) {
                            return;
                        }
                    }
                }
                _ => {
                    if !f(Move::new(from, to, g.rule, NO_PIECE), false) {
                        return;
                    }
                }
            }
        }
    }

    /// The legal moves of rule `g` from `from` to the squares `z`, where
    /// its piece promotes to kinds found as it moves.
    #[inline(never)]
    pub(super) fn count_promotions(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        g: &Gen<B>,
        from: Sq,
        z: B,
    ) -> u64 {
        let mut n = 0;
        for to in z.iter() {
            let safe = self.safe_to(lg, g, from, to);
            self.each_promotion(st, lg.side, g, from, to, safe, &mut |m, safe| {
                if safe || self.passes_check_in(st, lg, m) {
                    n += 1;
                }
                true
            });
        }
        n
    }
}
