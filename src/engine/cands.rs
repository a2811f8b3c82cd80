//! Candidate moves: each move rule's moves with their start squares,
//! promotions, jump series and extra moves, before any restriction.

use super::gen::{idle, MoveBuf};
use super::legality::Legality;
use super::{Engine, FromSet, Gen, GenKind, Lit, Mark, NO_KIND};
use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::compile::model::{KindExpr, PlayerRef, Target};
use crate::eval::{Ctx, MoveCtx};
use crate::moves::{Move, NO_PIECE};
use crate::state::{State, NO_SQ};
use smallvec::SmallVec;

/// What tells two moves apart: from, to, promotion, second part (its
/// square and what its rule does), jumps, what the rule does
/// ([`Engine::same_as`]).
type MoveKey = (Sq, Sq, u8, Sq, Option<u8>, [u8; 4], Option<u8>);

impl<B: Bits> Engine<B> {
    /// Calls `f` with each kind a piece of `kind` moving from `from` to `to`
    /// may become there ([`NO_KIND`]: it stays as it is), until `f` says stop.
    pub(crate) fn promotion_choices(
        &self,
        st: &State<B>,
        by: u8,
        kind: u8,
        from: Sq,
        to: Sq,
        f: &mut dyn FnMut(u8) -> bool,
    ) {
        let Some(p) = self.promos.get(kind as usize).and_then(Option::as_ref) else {
            f(NO_KIND);
            return;
        };
        if !p.zone[by as usize].has(to) {
            f(NO_KIND);
            return;
        }
        if let Some(fixed) = &p.fixed {
            for &k in fixed {
                if !f(k) {
                    return;
                }
            }
            return;
        }
        let mut offered = 0u32;
        let mut stay = false;
        for r in p.rules.iter().filter(|r| r.zone[by as usize].has(to)) {
            stay |= r.optional;
            let mut candidates: Vec<u8> = Vec::new();
            match &r.kinds {
                KindExpr::Fixed(k) => candidates.extend(k.iter().map(|&x| x as u8)),
                KindExpr::StartKind(site) => {
                    let q = self.site(st, site, by, from, to);
                    if let Some(&k) = self.start_kind.get(q as usize) {
                        if k != NO_KIND {
                            candidates.push(k);
                        }
                    }
                }
                KindExpr::Lost => {
                    for k in 0..self.model.pieces.len() as u8 {
                        if k != kind
                            && self.royal & (1 << k) == 0
                            && st.pieces(k, by).count()
                                < u32::from(self.start_count[by as usize][k as usize])
                        {
                            candidates.push(k);
                        }
                    }
                }
            }
            for k in candidates {
                if offered & (1 << k) != 0 {
                    continue;
                }
                if let Some(c) = &r.guard {
                    let ctx = Ctx::new(self, st, &[], None)
                        .in_move(MoveCtx::new(by, from, to, kind).offering(k));
                    if !ctx.cond(c) {
                        continue;
                    }
                }
                offered |= 1 << k;
                if !f(k) {
                    return;
                }
            }
        }
        if stay {
            f(NO_KIND);
        }
    }

    /// Calls `f` with every move rule `g` generates in `st` (before the
    /// forbid rules), with whether the check rule needs no test for it.
    /// Stops when `f` returns false; returns false if stopped.
    pub(super) fn each_of_gen(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        g: &Gen<B>,
        f: &mut dyn FnMut(Move, bool) -> bool,
    ) -> bool {
        let side = lg.side;
        if g.piece == NO_KIND {
            if let GenKind::Pass = g.kind {
                if let Some(c) = &g.quick {
                    let ctx = Ctx::new(self, st, &[], None)
                        .in_move(MoveCtx::new(side, NO_SQ, NO_SQ, NO_KIND));
                    if !ctx.quick(c) {
                        return true;
                    }
                }
                return f(Move::new(NO_SQ, NO_SQ, g.rule, NO_PIECE), false);
            }
            if let Some(c) = g.quick.as_ref().filter(|_| g.guard_fixed) {
                let ctx = Ctx::new(self, st, &[], None)
                    .in_move(MoveCtx::new(side, NO_SQ, NO_SQ, NO_KIND));
                if !ctx.quick(c) {
                    return true;
                }
            }
            let exact = g.guard_fixed || g.to_set.as_ref().is_some_and(|ts| ts.exact);
            for to in (self.targets(st, g, 0, side, lg.occ) & !lg.blocked).iter() {
                if let Some(c) = g.quick.as_ref().filter(|_| !exact) {
                    let ctx = Ctx::new(self, st, &[], None)
                        .in_move(MoveCtx::new(side, NO_SQ, to, NO_KIND));
                    if !ctx.quick(c) {
                        continue;
                    }
                }
                // A removal empties a square, which may open a line to the
                // mover's own royal piece: always tested.
                let removes = matches!(g.kind, GenKind::Remove(_));
                if !f(
                    Move::new(NO_SQ, to, g.rule, NO_PIECE),
                    self.safe(lg, g, NO_SQ, true) && !removes && !lg.danger_to.has(to),
                ) {
                    return false;
                }
            }
            return true;
        }
        if idle(st, g, side) {
            return true;
        }
        let promo = self.promos[g.piece as usize].as_ref();
        if let GenKind::CaptureJump(..) = g.kind {
            return self.each_jump_series(st, lg, g, f);
        }
        if g.guard_fixed && !self.guard_holds(st, g, side, NO_SQ, NO_SQ) {
            return true;
        }
        let per_from = g.guard_by_from && g.guard_set.is_none() && !g.guard_fixed;
        for from in self.starts(st, g, side).iter() {
            if per_from && !self.guard_holds(st, g, side, from, NO_SQ) {
                continue;
            }
            let t = self.targets(st, g, from, side, lg.occ) & !lg.blocked;
            for to in t.iter() {
                if !g.guard_by_from && !self.guard_holds(st, g, side, from, to) {
                    continue;
                }
                let capture = lg.occ.has(to) || g.target == Target::EnPassant;
                // Taking en passant empties a square off the mover's lines: always tested.
                let safe = self.safe(lg, g, from, capture)
                    && g.target != Target::EnPassant
                    && !lg.danger_to.has(to);
                match promo {
                    Some(p) if !g.stay && p.zone[side as usize].has(to) => {
                        if let Some(fixed) = &p.fixed {
                            for &k in fixed {
                                if !f(Move::new(from, to, g.rule, k), safe) {
                                    return false;
                                }
                            }
                            continue;
                        }
                        if !self.each_promotion(st, side, g, from, to, safe, f) {
                            return false;
                        }
                    }
                    _ => {
                        if !f(Move::new(from, to, g.rule, NO_PIECE), safe) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// The squares rule `g` of `side` may start from: its pieces on its
    /// start squares, where its condition (if judged for all at once) holds.
    #[inline]
    pub(super) fn starts(&self, st: &State<B>, g: &Gen<B>, side: u8) -> B {
        let mut froms = st.pieces(g.piece, side) & g.from_mask;
        if g.anchored {
            froms &= if st.anchor == NO_SQ {
                B::ZERO
            } else {
                B::bit(st.anchor)
            };
        }
        match &g.guard_set {
            Some(e) if !froms.is_empty() => froms & self.starts_where(st, side, e),
            _ => froms,
        }
    }

    /// The start squares where a condition of `side`'s move holds.
    pub(super) fn starts_where(&self, st: &State<B>, side: u8, e: &FromSet<B>) -> B {
        match e {
            FromSet::All(lits) => self.marked_all(st, side, lits),
            FromSet::And(es) => es
                .iter()
                .fold(self.all, |acc, e| acc & self.starts_where(st, side, e)),
            FromSet::Or(es) => es
                .iter()
                .fold(B::ZERO, |acc, e| acc | self.starts_where(st, side, e)),
            FromSet::Not(e) => self.all & !self.starts_where(st, side, e),
        }
    }

    /// The start squares where every one of the marks read holds
    /// ([`FromSet::All`]).
    #[inline]
    pub(super) fn marked_all(&self, st: &State<B>, side: u8, lits: &[Lit<B>]) -> B {
        let mut acc = self.all;
        for l in lits {
            let marked = match l.mark {
                Mark::Unmoved => st.unmoved & st.occupied(),
                Mark::Flagged(f) => st.flags[f as usize],
                Mark::Remembers(p, f) => {
                    let who = match p {
                        PlayerRef::Mover | PlayerRef::Next => side,
                        PlayerRef::Opponent => self.next_player(side),
                        PlayerRef::Fixed(i) => i,
                    };
                    if st.facts[who as usize] & (1 << f) != 0 {
                        self.all
                    } else {
                        B::ZERO
                    }
                }
            };
            let v = l.site.back(marked);
            acc &= if l.negated { !v } else { v };
        }
        acc
    }

    /// The moves of rule `g` from `from` to `to`, a square where its piece
    /// promotes to kinds found when it moves (and any extra move each
    /// promotion allows). Returns false if `f` said stop.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn each_promotion(
        &self,
        st: &State<B>,
        side: u8,
        g: &Gen<B>,
        from: Sq,
        to: Sq,
        safe: bool,
        f: &mut dyn FnMut(Move, bool) -> bool,
    ) -> bool {
        let mut go_on = true;
        let relocates = self.promos[g.piece as usize]
            .as_ref()
            .is_some_and(|p| p.relocates);
        self.promotion_choices(st, side, g.piece, from, to, &mut |k| {
            let base = Move::new(from, to, g.rule, if k == NO_KIND { NO_PIECE } else { k });
            // A piece sent elsewhere empties the square it promoted on.
            go_on = f(base, safe && !(relocates && k != NO_KIND));
            if go_on && k != NO_KIND {
                go_on = self.each_extra(st, side, g.piece, base, f);
            }
            go_on
        });
        go_on
    }

    /// The moves of a `jump` rule: one per series of jumps (and kind
    /// promoted to). Returns false if `f` said stop.
    pub(super) fn each_jump_series(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        g: &Gen<B>,
        f: &mut dyn FnMut(Move, bool) -> bool,
    ) -> bool {
        let side = lg.side;
        let promo = self.promos[g.piece as usize].as_ref();
        for from in (st.pieces(g.piece, side) & g.from_mask).iter() {
            // The pieces jumped leave lines open: always tested.
            let safe = self.check_rule.is_none();
            let mut go = true;
            self.jump_series(st, g, from, side, &mut |to, path| {
                if lg.blocked.has(to) {
                    return true;
                }
                if let Some(c) = &g.quick {
                    let ctx = Ctx::new(self, st, &[], None)
                        .in_move(MoveCtx::new(side, from, to, g.piece));
                    if !ctx.quick(c) {
                        return true;
                    }
                }
                let mut emit = |k: u8| {
                    let mut m = Move::new(from, to, g.rule, k);
                    m.path = path.0.to_le_bytes();
                    go = f(m, safe);
                    go
                };
                match promo {
                    Some(p) if p.zone[side as usize].has(to) => {
                        self.promotion_choices(st, side, g.piece, from, to, &mut |k| {
                            emit(if k == NO_KIND { NO_PIECE } else { k })
                        });
                    }
                    _ => {
                        emit(NO_PIECE);
                    }
                }
                go
            });
            if !go {
                return false;
            }
        }
        true
    }

    /// The extra moves a promotion allows (`moveAgain`): each is `base` with
    /// a second part. Returns false if `f` said stop.
    pub(super) fn each_extra(
        &self,
        st: &State<B>,
        side: u8,
        kind: u8,
        base: Move,
        f: &mut dyn FnMut(Move, bool) -> bool,
    ) -> bool {
        let Some(rule) = self.promo_rule(kind, side, base.to, base.promo) else {
            return true;
        };
        let Some(again) = &rule.again else {
            return true;
        };
        let mut mid = *st;
        self.apply(&mut mid, base);
        let ctx = Ctx::new(self, &mid, &[], None)
            .in_move(MoveCtx::new(side, base.from, base.to, kind).offering(base.promo));
        if !ctx.cond(again) {
            return true;
        }
        let occ = mid.occupied();
        // The extra move never takes a royal piece (the first part may have
        // given check; a game ends by mate, not by taking the king).
        let royal = self.royals(&mid, self.next_player(side));
        // Two rules of the piece that make the same move and do the same
        // thing make it once (as [`Engine::each_pseudo`] does).
        let mut made: SmallVec<[(Sq, u8); 16]> = SmallVec::new();
        // Moves of the piece from where it promoted (its rules' `from:`),
        // that go there: not a capture without moving, not a `put:`.
        let goes = |g2: &Gen<B>| {
            let r = &self.model.moves[g2.rule as usize];
            g2.from_mask.has(base.to) && !r.stay && r.put.is_none()
        };
        for g2 in self.gens[side as usize].iter().filter(|g2| {
            g2.piece == base.promo && !g2.stuck && g2.phase == super::NORMAL && goes(g2)
        }) {
            for t2 in (self.targets(&mid, g2, base.to, side, occ) & !royal).iter() {
                if let Some(c) = &g2.guard {
                    let ctx = Ctx::new(self, &mid, &[], None)
                        .in_move(MoveCtx::new(side, base.to, t2, g2.piece));
                    if !ctx.cond(c) {
                        continue;
                    }
                }
                let deed = (t2, self.same_as[g2.rule as usize]);
                if made.contains(&deed) {
                    continue;
                }
                made.push(deed);
                let mut m = base;
                m.extra = t2;
                m.extra_rule = g2.rule;
                if !f(m, false) {
                    return false;
                }
            }
        }
        true
    }

    /// Calls `f` with every candidate move of the player to move: the rules'
    /// moves (`stuck`: only the rules offered when stuck).
    pub(super) fn each_pseudo(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        stuck: bool,
        f: &mut dyn FnMut(Move, bool) -> bool,
    ) {
        let overlap = self.overlap[lg.side as usize];
        if overlap != 0 {
            // Two rules of a kind may make the same move doing the same
            // thing: the first makes it. A series of jumps is not the slide
            // to the same square.
            // Looked through in turn while few; past that, hashed (a piece
            // of two rules each of thousands of moves stays linear).
            let mut seen: SmallVec<[MoveKey; 64]> = SmallVec::new();
            let mut many = rustc_hash::FxHashSet::<MoveKey>::default();
            let mut dedup = |m: Move, safe: bool| {
                let kind = if m.from == NO_SQ {
                    NO_KIND
                } else {
                    crate::state::code_piece(st.at(m.from))
                };
                if kind != NO_KIND && overlap & (1 << kind) != 0 {
                    let deeds = |rule: u8| self.same_as.get(usize::from(rule)).copied();
                    let key = (
                        m.from,
                        m.to,
                        m.promo,
                        m.extra,
                        deeds(m.extra_rule),
                        m.path,
                        deeds(m.rule),
                    );
                    if many.is_empty() {
                        if seen.contains(&key) {
                            return true;
                        }
                        if seen.len() < 64 {
                            seen.push(key);
                        } else {
                            many.extend(seen.drain(..));
                            many.insert(key);
                        }
                    } else if !many.insert(key) {
                        return true;
                    }
                }
                f(m, safe)
            };
            let phase = self.phase_of_moves(st);
            for g in self.gens[lg.side as usize]
                .iter()
                .filter(|g| g.stuck == stuck && g.phase == phase)
            {
                if !self.each_of_gen(st, lg, g, &mut dedup) {
                    return;
                }
            }
            return;
        }
        let phase = self.phase_of_moves(st);
        for g in self.gens[lg.side as usize]
            .iter()
            .filter(|g| g.stuck == stuck && g.phase == phase)
        {
            if !self.each_of_gen(st, lg, g, f) {
                return;
            }
        }
    }

    /// Every move the rules generate, legal or not (forbid rules not applied).
    pub(crate) fn pseudo_moves(&self, st: &State<B>, out: &mut MoveBuf) {
        out.clear();
        let lg = self.legality(st);
        for stuck in [false, true] {
            self.each_pseudo(st, &lg, stuck, &mut |m, _| {
                out.push(m);
                true
            });
        }
    }
}
