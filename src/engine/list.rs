//! Listing the legal moves a start square at a time: where a rule can be
//! listed in bulk ([`Gen::lists_bulk`]), the legal squares of each of its
//! pieces are found as one set, as [`Engine::count_legal`] counts them, and
//! only then listed; the moves come out in the order of
//! [`Engine::each_pseudo`], as if each had been tested one by one.

use super::gen::MoveSink;
use super::legality::Legality;
use super::{Engine, Gen, GenKind};
use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::moves::{Move, NO_PIECE};
use crate::state::State;

impl<B: Bits> Engine<B> {
    /// Pushes on `out` every legal move of the player to move by the rules
    /// not offered only when stuck (`check`: the check rule applies), in the
    /// order [`Engine::each_pseudo`] finds them (where rules overlap, see
    /// [`Engine::overlap`], by it, a move at a time).
    pub(super) fn list_legal<S: MoveSink>(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        check: bool,
        out: &mut S,
    ) {
        let keep = |out: &mut S, m: Move, safe: bool| {
            if !check || safe || self.passes_check_in(st, lg, m) {
                out.push(m);
            }
            true
        };
        if self.overlap[lg.side as usize] != 0 {
            self.each_pseudo(st, lg, false, &mut |m, safe| keep(out, m, safe));
            return;
        }
        let phase = self.phase_of_moves(st);
        for g in self.gens[lg.side as usize]
            .iter()
            .filter(|g| !g.stuck && g.phase == phase)
        {
            if g.lists_bulk && (check || self.check_rule.is_none()) {
                self.list_bulk(st, lg, g, out);
            } else if !(g.sets && self.list_sets(st, lg, g, check, out)) {
                // A move at a time.
                self.each_of_gen(st, lg, g, &mut |m, safe| keep(out, m, safe));
            }
        }
    }

    /// The moves of a rule that gives them as square sets ([`Gen::sets`]:
    /// a drop, or a piece's rule whose condition reads no more than its
    /// start square), pushed on `out` in the order [`Engine::each_of_gen`]
    /// finds them (`check`: the check rule applies): each start square's
    /// moves written all at once where none needs the check test. False,
    /// with nothing pushed, for other rules.
    fn list_sets<S: MoveSink>(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        g: &Gen<B>,
        check: bool,
        out: &mut S,
    ) -> bool {
        self.move_sets(st, lg, g, &mut |from, t| {
            // As `each_of_gen` judges each move: captures counted as such
            // for the whole set.
            let safe = !check || self.safe(lg, g, from, true);
            if safe && (!check || (t & lg.danger_to).is_empty()) {
                out.push_from(t, g.rule, from);
                return;
            }
            for to in t.iter() {
                let m = Move::new(from, to, g.rule, NO_PIECE);
                let capture = lg.occ.has(to);
                let sure = self.safe(lg, g, from, capture) && !lg.danger_to.has(to);
                if sure || self.passes_check_in(st, lg, m) {
                    out.push(m);
                }
            }
        })
    }

    /// The legal moves of a rule counted in bulk, pushed on `out` (the
    /// check rule applies, if the game has one).
    fn list_bulk<S: MoveSink>(&self, st: &State<B>, lg: &Legality<B>, g: &Gen<B>, out: &mut S) {
        let side = lg.side;
        let fixed = self.promos[g.piece as usize]
            .as_ref()
            .and_then(|p| p.fixed.as_deref());
        let froms = self.starts(st, g, side);
        if froms.is_empty() {
            // No piece of its kind left (common late in a game).
            return;
        }
        if !g.shifts.is_empty() && self.list_shifted(st, lg, g, froms, fixed, out) {
            return;
        }
        if fixed.is_none() && g.dyn_zone.is_empty() && self.all_safe(lg, g, froms) {
            if let Some(mask) = g.target_mask(st, side, lg.occ) {
                self.list_plain(g, froms, mask & !lg.blocked, lg.occ, out);
                return;
            }
        }
        for from in froms.iter() {
            let t = self.targets(st, g, from, side, lg.occ) & !lg.blocked;
            if t.is_empty() {
                continue;
            }
            // The squares whose moves are surely legal, and those whose
            // moves must each be tested; the rest of `t` is illegal.
            let (sure, test) = self.legal_split(st, lg, g, from, t & !g.dyn_zone);
            let test = test | (t & g.dyn_zone);
            if test.is_empty() && fixed.is_none() {
                out.push_from(sure, g.rule, from);
                continue;
            }
            for to in (sure | test).iter() {
                if g.dyn_zone.has(to) {
                    let safe = self.safe_to(lg, g, from, to);
                    self.each_promotion(st, side, g, from, to, safe, &mut |m, safe| {
                        if safe || self.passes_check_in(st, lg, m) {
                            out.push(m);
                        }
                        true
                    });
                    continue;
                }
                let ok = sure.has(to);
                let mut emit = |k: u8| {
                    let m = Move::new(from, to, g.rule, k);
                    if ok || self.passes_check_in(st, lg, m) {
                        out.push(m);
                    }
                };
                match fixed {
                    Some(kinds) if g.promo_zone.has(to) => kinds.iter().for_each(|&k| emit(k)),
                    _ => emit(NO_PIECE),
                }
            }
        }
    }

    /// The moves of rule `g` from `froms` to the squares it reaches in
    /// `mask` (its targets, see [`Gen::target_mask`]), each legal, none
    /// a promotion: pushed on `out` start square by start square.
    #[inline]
    fn list_plain<S: MoveSink>(&self, g: &Gen<B>, froms: B, mask: B, occ: B, out: &mut S) {
        if let GenKind::Leap(t) = &g.kind {
            // A leap's reach read straight from its table.
            for from in froms.iter() {
                out.push_from(t[from as usize] & mask, g.rule, from);
            }
            return;
        }
        for from in froms.iter() {
            out.push_from(self.reach(g, from, occ) & mask, g.rule, from);
        }
    }

    /// The legal moves of a leap given as steps along the numbering
    /// ([`Gen::shifts`], sorted by step) from `froms`, found for all its
    /// pieces at once and pushed on `out` start square by start square (the
    /// order of [`Engine::list_bulk`]), where every one of them needs no
    /// test of its own (see [`Engine::shift_easy`]); false (nothing pushed)
    /// otherwise.
    #[inline]
    fn list_shifted<S: MoveSink>(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        g: &Gen<B>,
        froms: B,
        fixed: Option<&[u8]>,
        out: &mut S,
    ) -> bool {
        let Some((easy, open)) = self.shift_easy(st, lg, g, froms) else {
            return false;
        };
        if easy != froms {
            return false;
        }
        let emit = |out: &mut S, from: Sq, to: Sq| match fixed {
            Some(kinds) if g.promo_zone.has(to) => {
                for &k in kinds {
                    out.push(Move::new(from, to, g.rule, k));
                }
            }
            _ => out.push(Move::new(from, to, g.rule, NO_PIECE)),
        };
        match &*g.shifts {
            [a] => {
                let tos = a.ahead(easy) & open;
                if fixed.is_none() || (tos & g.promo_zone).is_empty() {
                    out.push_plain(tos, g.rule, |to| a.source(to));
                } else {
                    for to in tos.iter() {
                        emit(out, a.source(to), to);
                    }
                }
            }
            [a, b] => {
                let fa = a.back(a.ahead(easy) & open);
                let fb = b.back(b.ahead(easy) & open);
                for from in (fa | fb).iter() {
                    if fa.has(from) {
                        emit(out, from, a.site(from));
                    }
                    if fb.has(from) {
                        emit(out, from, b.site(from));
                    }
                }
            }
            _ => return false,
        }
        true
    }

    /// Of the squares `t` a piece of rule `g` may move to from `from` (none
    /// where its promotions are found as it moves): those where the move is
    /// surely legal, and those where it must be tested; the others leave a
    /// royal piece attacked (as the listing and [`Engine::count_legal`]
    /// judge them). A rule tested only for what its promotions do
    /// ([`Engine::unpromoted_tested`]) has its moves that do not promote
    /// judged as plain ones, those that may tested.
    // Always inlined: once a call, it cost the listing of games of pieces
    // 2% (a call per start square).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn legal_split(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        g: &Gen<B>,
        from: Sq,
        t: B,
    ) -> (B, B) {
        if self.check_rule.is_none() || t.is_empty() {
            return (t, B::ZERO);
        }
        // Where its promotions change more than the move's two squares (a
        // pawn sent back to where it started, say), its moves onto the
        // promotion squares are tested, the others judged as its moves that
        // do not promote.
        let zone = if self.moves_plainly(g) {
            B::ZERO
        } else {
            t & (g.promo_zone | g.dyn_zone)
        };
        let plainly = self.moves_plainly_unpromoted(g);
        let (sure, test) = self.split_by(st, lg, g, from, t & !zone, plainly);
        (sure, test | zone)
    }

    /// [`Engine::legal_split`] of squares `t` (not empty) whose moves
    /// change the board only by the piece leaving `from` for where it
    /// lands, or not (`plainly`, as [`Engine::moves_plainly`]).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn split_by(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        g: &Gen<B>,
        from: Sq,
        t: B,
        plainly: bool,
    ) -> (B, B) {
        if t.is_empty() {
            return (t, B::ZERO);
        }
        let steady = plainly && !lg.danger.has(from);
        if let Some(e) = lg.evasion.filter(|_| steady) {
            // In check: the moves that end it, none other.
            return (t & e, B::ZERO);
        }
        if steady && !lg.in_check {
            // Only captures may need a test (where attacks count pieces),
            // and moves onto a hop's way.
            return (t & !lg.test_to, t & lg.test_to);
        }
        if let Some(line) = self.pin_line(st, lg, g, from, plainly) {
            return (t & line, B::ZERO);
        }
        self.royal_split(st, lg, g, from, t).unwrap_or((B::ZERO, t))
    }
}
