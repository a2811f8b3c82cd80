//! Legal move generation, counting (bulk counting for perft) and the test of
//! one move.
//!
//! The rules generate candidate moves (with their conditions, start
//! squares, promotions and extra moves); the forbid rules then remove moves,
//! in the order the file gives them. The rule "not in check afterwards" is
//! answered without making the move whenever that is safe: the player is not
//! in check, the piece is not royal, and it is not pinned (the only piece
//! between its king and an enemy slider that slides towards the king; found
//! once per position, or for the one move drawn at random). Every other
//! move is made on a copy and tested. A game whose only restriction is that rule takes the fast path;
//! others go through the general pipeline.

use super::kills::KILL_REPS;
use super::legality::Legality;
use super::{Engine, FromSet, Gen, GenKind, Lit, Mark, NO_KIND};
use crate::bits::Bits;
use crate::compile::model::{ForbidDef, KindExpr, PlayerRef, Target, MAX_PLAYERS};
use crate::eval::{Ctx, MoveCtx};
use crate::moves::{Move, NO_PIECE};
use crate::state::{Hist, State, NO_SQ};
use smallvec::SmallVec;
use std::cell::RefCell;

/// Whether rule `g` surely has no move for `side` in `st`, at a glance:
/// nothing may be taken en passant, or no piece that castles, or none it
/// castles with, is unmoved.
#[inline]
pub(super) fn idle<B: Bits>(st: &State<B>, g: &Gen<B>, side: u8) -> bool {
    (g.target == Target::EnPassant && st.passer == NO_SQ)
        || match g.kind {
            GenKind::Castle(partner, _) => {
                (st.pieces(g.piece, side) & g.from_mask & st.unmoved).is_empty()
                    || (st.pieces(partner, side) & st.unmoved).is_empty()
            }
            _ => false,
        }
}

/// How many squares `b` holds: 0, 1, or 2 for more (no full count).
#[inline]
pub(super) fn few<B: Bits>(b: B) -> u32 {
    if b.is_empty() {
        0
    } else if b.clear_lsb().is_empty() {
        1
    } else {
        2
    }
}

/// A reusable buffer of moves (no allocation once it has grown).
pub(crate) type MoveBuf = Vec<Move>;

/// The forbid rules in force (a few: kept on the stack).
pub(super) type ForbidList<'a> = SmallVec<[(Option<usize>, &'a ForbidDef); 8]>;

/// Candidate moves with whether the check test can be skipped (on the
/// stack up to a typical number of moves).
pub(super) type Cands = SmallVec<[(Move, bool); 96]>;

thread_local! {
    /// Move buffers lent to the tests that need every legal move of a
    /// position (`noMoves`, counting), so that they allocate once per thread
    /// rather than once per position. A stack: such tests nest.
    static SPARE: RefCell<Vec<MoveBuf>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with a spare move buffer.
pub(super) fn with_spare<R>(f: impl FnOnce(&mut MoveBuf) -> R) -> R {
    let mut buf = SPARE.with(|s| s.borrow_mut().pop()).unwrap_or_default();
    buf.clear();
    let r = f(&mut buf);
    SPARE.with(|s| s.borrow_mut().push(buf));
    r
}

impl<B: Bits> Engine<B> {
    /// Calls `f` with each kind a piece of `kind` moving from `from` to `to`
    /// may become there ([`NO_KIND`]: it stays as it is), until `f` says stop.
    pub(crate) fn promotion_choices(
        &self,
        st: &State<B>,
        by: u8,
        kind: u8,
        from: u8,
        to: u8,
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
                if let Some(c) = &g.guard {
                    let ctx = Ctx::new(self, st, &[], None)
                        .in_move(MoveCtx::new(side, NO_SQ, NO_SQ, NO_KIND));
                    if !ctx.cond(c) {
                        return true;
                    }
                }
                return f(Move::new(NO_SQ, NO_SQ, g.rule, NO_PIECE), false);
            }
            for to in (self.targets(st, g, 0, side, lg.occ) & !lg.blocked).iter() {
                if let Some(c) = &g.guard {
                    let ctx = Ctx::new(self, st, &[], None)
                        .in_move(MoveCtx::new(side, NO_SQ, to, NO_KIND));
                    if !ctx.cond(c) {
                        continue;
                    }
                }
                // A removal empties a square, which may open a line to the
                // mover's own royal piece: always tested.
                let removes = matches!(g.kind, GenKind::Remove(_));
                if !f(
                    Move::new(NO_SQ, to, g.rule, NO_PIECE),
                    self.safe(lg, g, NO_SQ, true) && !removes,
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
        for from in self.starts(st, g, side).iter() {
            if let Some(c) = g
                .guard
                .as_ref()
                .filter(|_| g.guard_by_from && g.guard_set.is_none())
            {
                let ctx =
                    Ctx::new(self, st, &[], None).in_move(MoveCtx::new(side, from, NO_SQ, g.piece));
                if !ctx.cond(c) {
                    continue;
                }
            }
            let t = self.targets(st, g, from, side, lg.occ) & !lg.blocked;
            for to in t.iter() {
                if let Some(c) = g.guard.as_ref().filter(|_| !g.guard_by_from) {
                    let ctx = Ctx::new(self, st, &[], None)
                        .in_move(MoveCtx::new(side, from, to, g.piece));
                    if !ctx.cond(c) {
                        continue;
                    }
                }
                let capture = lg.occ.has(to) || g.target == Target::EnPassant;
                // Taking en passant empties a square off the mover's lines: always tested.
                let safe = self.safe(lg, g, from, capture) && g.target != Target::EnPassant;
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
        from: u8,
        to: u8,
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
                if let Some(c) = &g.guard {
                    let ctx = Ctx::new(self, st, &[], None)
                        .in_move(MoveCtx::new(side, from, to, g.piece));
                    if !ctx.cond(c) {
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
        for g2 in self.gens[side as usize]
            .iter()
            .filter(|g2| g2.piece == base.promo && !g2.stuck && g2.phase == super::NORMAL)
        {
            for t2 in (self.targets(&mid, g2, base.to, side, occ) & !royal).iter() {
                if let Some(c) = &g2.guard {
                    let ctx = Ctx::new(self, &mid, &[], None)
                        .in_move(MoveCtx::new(side, base.to, t2, g2.piece));
                    if !ctx.cond(c) {
                        continue;
                    }
                }
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
            // Two rules of a kind may make the same move: the first makes it.
            let mut seen: SmallVec<[(u8, u8, u8, u8); 64]> = SmallVec::new();
            let mut dedup = |m: Move, safe: bool| {
                let key = (m.from, m.to, m.promo, m.extra);
                let kind = if m.from == NO_SQ {
                    NO_KIND
                } else {
                    crate::state::code_piece(st.at(m.from))
                };
                if kind != NO_KIND && overlap & (1 << kind) != 0 {
                    if seen.contains(&key) {
                        return true;
                    }
                    seen.push(key);
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

    /// The history entry of a state (for the positions after it).
    pub(crate) fn hist_entry(&self, st: &State<B>, hist: &[Hist]) -> Hist {
        let checked = self.needs_check_history && self.in_check(st, st.side);
        self.entry(st, hist, checked)
    }

    pub(super) fn entry(&self, st: &State<B>, hist: &[Hist], checked: bool) -> Hist {
        let men = st.men();
        let reps = 1 + self.earlier(st, men, hist).min(254) as u8;
        // Keys from before the number of pieces changed cannot recur.
        let max_reps = match hist.last() {
            Some(h) if !self.monotone || h.men == men => h.max_reps.max(reps),
            _ => reps,
        };
        Hist {
            hash: st.hash,
            checked,
            mover: st.mover,
            reps,
            max_reps,
            men,
        }
    }

    /// How many entries of `hist` have the key of `st` (which has `men` pieces).
    #[inline]
    pub(crate) fn earlier(&self, st: &State<B>, men: u8, hist: &[Hist]) -> usize {
        crate::state::same_men_back(hist, men, self.monotone)
            .filter(|h| h.hash == st.hash)
            .count()
    }

    /// [`Engine::hist_entry`] when whether the player to move is in check is known.
    pub(super) fn hist_entry_knowing(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        hist: &[Hist],
    ) -> Hist {
        if self.check_rule.is_some() {
            self.entry(st, hist, self.needs_check_history && lg.in_check)
        } else {
            self.hist_entry(st, hist)
        }
    }

    /// The forbid rules in force, with their global index (`None` for a
    /// phase's), up to `level` global ones.
    pub(super) fn forbid_list<'a>(&'a self, st: &State<B>, level: usize) -> ForbidList<'a> {
        let mut v: ForbidList<'a> = self
            .model
            .forbids
            .iter()
            .enumerate()
            .take(level)
            .map(|(i, f)| (Some(i), f))
            .collect();
        if let (Some(p), Some((_, rest))) = (
            self.model.phases.get(st.phase as usize),
            self.phase_masks.get(st.phase as usize),
        ) {
            v.extend(rest.iter().map(|&i| (None, &p.forbids[i])));
        }
        v
    }

    /// The squares the phase forbids moves to, for the player to move.
    #[inline]
    pub(crate) fn phase_mask(&self, st: &State<B>) -> B {
        self.phase_masks
            .get(st.phase as usize)
            .map_or(B::ZERO, |(m, _)| m[st.side as usize])
    }

    /// The index (in `forbids`) of the first rule from `start` on that
    /// refuses `m`, making the child state on first need.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn first_refusal(
        &self,
        st: &State<B>,
        hist: &[Hist],
        parent: Hist,
        m: Move,
        safe: bool,
        forbids: &[(Option<usize>, &ForbidDef)],
        start: usize,
    ) -> Option<usize> {
        let mut child: Option<State<B>> = None;
        let kind = if m.from == NO_SQ {
            NO_KIND
        } else {
            crate::state::code_piece(st.at(m.from).max(1))
        };
        for (k, (idx, f)) in forbids.iter().enumerate().skip(start) {
            let is_check = idx.is_some() && *idx == self.check_rule;
            if is_check && safe {
                continue;
            }
            let c = child.get_or_insert_with(|| {
                let mut c = *st;
                self.make(&mut c, m);
                c
            });
            let refused = if is_check {
                self.in_check(c, st.side)
            } else {
                Ctx::new(self, c, hist, Some(parent))
                    .in_move(MoveCtx::new(st.side, m.from, m.to, kind))
                    .at_level(idx.unwrap_or(usize::MAX))
                    .cond(&f.cond)
            };
            if refused {
                return Some(k);
            }
        }
        None
    }

    /// The legal moves under the first `level` forbid rules of the game (and
    /// those of the phase), through the general pipeline. With `first`,
    /// stops at the first legal move (when no rule lapses on forbidding all,
    /// which needs every move) and counts only moves not offered when stuck
    /// if `normal` is set.
    pub(super) fn general_moves_with(
        &self,
        st: &State<B>,
        hist: &[Hist],
        level: usize,
        first: bool,
        normal: bool,
        out: &mut MoveBuf,
    ) {
        out.clear();
        let lg = self.legality(st);
        let forbids = self.forbid_list(st, level);
        let parent = self.hist_entry_knowing(st, &lg, hist);
        let lapsing = forbids.iter().any(|(_, f)| f.unless_all);
        for stuck in [false, true] {
            if stuck && (!self.has_stuck || normal) {
                break;
            }
            let mut cands = Cands::new();
            if first && !lapsing {
                // Early exit: the first move no rule refuses.
                self.each_pseudo(st, &lg, stuck, &mut |m, safe| {
                    if self
                        .first_refusal(st, hist, parent, m, safe, &forbids, 0)
                        .is_none()
                    {
                        cands.push((m, safe));
                        return false;
                    }
                    true
                });
                out.extend(cands.iter().map(|(m, _)| *m));
                if !out.is_empty() {
                    return;
                }
                continue;
            }
            self.each_pseudo(st, &lg, stuck, &mut |m, safe| {
                cands.push((m, safe));
                true
            });
            let mut refused: SmallVec<[Option<usize>; 96]> = cands
                .iter()
                .map(|&(m, safe)| self.first_refusal(st, hist, parent, m, safe, &forbids, 0))
                .collect();
            // A rule that lapses when it would forbid every move still
            // allowed by the rules before it.
            for (k, (_, f)) in forbids.iter().enumerate() {
                if !f.unless_all {
                    continue;
                }
                let before: SmallVec<[usize; 96]> = (0..cands.len())
                    .filter(|&i| refused[i].is_none_or(|r| r >= k))
                    .collect();
                if !before.is_empty() && before.iter().all(|&i| refused[i] == Some(k)) {
                    for i in before {
                        let (m, safe) = cands[i];
                        refused[i] = self.first_refusal(st, hist, parent, m, safe, &forbids, k + 1);
                    }
                }
            }
            for (i, (m, _)) in cands.iter().enumerate() {
                if refused[i].is_none() {
                    out.push(*m);
                }
            }
            if !out.is_empty() {
                return;
            }
        }
    }

    pub(super) fn general_moves(
        &self,
        st: &State<B>,
        hist: &[Hist],
        level: usize,
        out: &mut MoveBuf,
    ) {
        self.general_moves_with(st, hist, level, false, false, out);
    }

    /// Whether the legal moves of `st` under the first `level` forbid rules
    /// need the general pipeline: a restriction other than check is in
    /// force that could refuse some move here (the phase's, or one of the
    /// game's that [`Engine::surely_false`] cannot rule out for this node).
    pub(super) fn general_at(&self, st: &State<B>, hist: &[Hist], level: usize) -> bool {
        if !self.restricted {
            return false;
        }
        if self
            .phase_masks
            .get(st.phase as usize)
            .is_some_and(|(_, rest)| !rest.is_empty())
        {
            return true;
        }
        let (next, next_phase, _) = self.next_turn(st);
        let kills = &self.kills[st.side as usize * MAX_PLAYERS + next as usize];
        // The bits of the rules in force, ANDed.
        let all = kills[level.min(kills.len() - 1)];
        if all == u64::MAX {
            return false;
        }
        let reps = 1 + self.earlier(st, st.men(), hist);
        let max_reps = hist
            .last()
            .map_or(0, |h| usize::from(h.max_reps))
            .max(reps)
            .min(KILL_REPS);
        // Bits for the next player stuck or not: the general path unless
        // every rule is ruled out; the bound only where it decides that.
        let (stuck, mobile) = (all >> (2 * max_reps) & 1, all >> (2 * max_reps + 1) & 1);
        if stuck == mobile {
            return stuck == 0;
        }
        // The squares the next player may not move to, and whether its
        // phase restricts it otherwise (then no bound).
        let (blocked, restricted) = self
            .phase_masks
            .get(next_phase as usize)
            .map_or((B::ZERO, false), |(m, rest)| {
                (m[next as usize], !rest.is_empty())
            });
        let is_mobile = !restricted && self.robustly_mobile(st, next, next == st.side, blocked);
        (if is_mobile { mobile } else { stuck }) == 0
    }

    /// The legal moves of the player to move.
    pub(crate) fn legal_moves(&self, st: &State<B>, hist: &[Hist], out: &mut MoveBuf) {
        self.legal_moves_at(st, hist, usize::MAX, out);
    }

    /// The legal moves under the first `level` forbid rules of the game.
    pub(crate) fn legal_moves_at(
        &self,
        st: &State<B>,
        hist: &[Hist],
        level: usize,
        out: &mut MoveBuf,
    ) {
        if self.general_at(st, hist, level) {
            self.general_moves(st, hist, level, out);
            return;
        }
        out.clear();
        let lg = self.legality(st);
        let check = self.check_rule.is_some_and(|c| c < level);
        self.each_pseudo(st, &lg, false, &mut |m, safe| {
            if !check || safe || self.passes_check_in(st, &lg, m) {
                out.push(m);
            }
            true
        });
        if out.is_empty() && self.has_stuck {
            // No other move: the moves offered when stuck.
            self.general_moves(st, hist, level, out);
        }
    }

    /// Whether the player to move has a legal move under the first `level`
    /// forbid rules (moves offered only when stuck counted).
    pub(crate) fn has_legal_at(&self, st: &State<B>, hist: &[Hist], level: usize) -> bool {
        if self.general_at(st, hist, level) {
            return with_spare(|v| {
                self.general_moves_with(st, hist, level, true, false, v);
                !v.is_empty()
            });
        }
        let lg = self.legality(st);
        let check = self.check_rule.is_some_and(|c| c < level);
        let mut found = false;
        self.each_pseudo(st, &lg, false, &mut |m, safe| {
            found = !check || safe || self.passes_check_in(st, &lg, m);
            !found
        });
        if !found && self.has_stuck {
            return with_spare(|v| {
                self.general_moves_with(st, hist, level, true, false, v);
                !v.is_empty()
            });
        }
        found
    }

    /// Whether the player to move has a legal move that is not one offered
    /// only when stuck.
    pub(crate) fn has_normal_move_at(&self, st: &State<B>, hist: &[Hist], level: usize) -> bool {
        if self.general_at(st, hist, level) || self.has_stuck {
            return with_spare(|v| {
                self.general_moves_with(st, hist, level, true, true, v);
                !v.is_empty()
            });
        }
        self.has_legal_at(st, hist, level)
    }

    /// The first forbid rule (index into the game's, or `None` with the
    /// rule's text for a phase's) that refuses a generated move, if any.
    pub(crate) fn refusal(&self, st: &State<B>, m: Move, hist: &[Hist]) -> Option<&ForbidDef> {
        let mut child = *st;
        self.make(&mut child, m);
        let parent = self.hist_entry(st, hist);
        let kind = if m.from == NO_SQ {
            NO_KIND
        } else {
            crate::state::code_piece(st.at(m.from).max(1))
        };
        for (idx, f) in self.forbid_list(st, usize::MAX) {
            let refused = if idx.is_some() && idx == self.check_rule {
                self.in_check(&child, st.side)
            } else {
                Ctx::new(self, &child, hist, Some(parent))
                    .in_move(MoveCtx::new(st.side, m.from, m.to, kind))
                    .at_level(idx.unwrap_or(usize::MAX))
                    .cond(&f.cond)
            };
            if refused {
                return Some(f);
            }
        }
        None
    }
}
