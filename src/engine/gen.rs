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

use super::{DrawGroup, Engine, FromSet, Gen, GenKind, Lit, Mark, NO_KIND};
use crate::bits::Bits;
use crate::compile::model::{Cond, ForbidDef, KindExpr, PlayerRef, Target, MAX_PLAYERS};
use crate::eval::{Ctx, MoveCtx};
use crate::moves::{Move, NO_PIECE};
use crate::state::{Hist, State, NO_SQ, OWN_MOVE};
use smallvec::SmallVec;
use std::cell::RefCell;

/// How many draws [`Engine::random_move`] makes against the upper bounds
/// before it finds every piece's moves exactly.
const RANDOM_TRIES: usize = 32;

/// Whether rule `g` surely has no move for `side` in `st`, at a glance:
/// nothing may be taken en passant, or no piece that castles, or none it
/// castles with, is unmoved.
#[inline]
fn idle<B: Bits>(st: &State<B>, g: &Gen<B>, side: u8) -> bool {
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
fn few<B: Bits>(b: B) -> u32 {
    if b.is_empty() {
        0
    } else if b.clear_lsb().is_empty() {
        1
    } else {
        2
    }
}

/// A bulk group as a random draw weighs it.
#[derive(Clone, Copy, Debug)]
struct Slot<B: Bits> {
    /// The squares its pieces stand on (none outside its phase).
    from: B,
    /// The sum of their most moves.
    sum: u32,
    /// The running total of the sums up to this group.
    total: u32,
}

/// Reusable space for [`Engine::random_move`] (no allocation once grown).
#[derive(Debug, Default)]
pub(crate) struct Scratch<B: Bits> {
    /// Moves listed by rules not counted in bulk, with whether they are safe.
    cands: Vec<(Move, bool)>,
    /// Every legal move, where they are all generated.
    buf: MoveBuf,
    /// For each player, one per bulk group of the engine numbered `owner`
    /// (see [`Slot`]), as the player's last draw left them: found again
    /// only from the first group whose pieces changed.
    slots: [Vec<Slot<B>>; MAX_PLAYERS],
    /// The [`Engine::id`] of the engine the slots are for (0: none).
    owner: u64,
}

/// A reusable buffer of moves (no allocation once it has grown).
pub(crate) type MoveBuf = Vec<Move>;

/// The forbid rules in force (a few: kept on the stack).
type ForbidList<'a> = SmallVec<[(Option<usize>, &'a ForbidDef); 8]>;

/// Candidate moves with whether the check test can be skipped (on the
/// stack up to a typical number of moves).
type Cands = SmallVec<[(Move, bool); 96]>;

thread_local! {
    /// Move buffers lent to the tests that need every legal move of a
    /// position (`noMoves`, counting), so that they allocate once per thread
    /// rather than once per position. A stack: such tests nest.
    static SPARE: RefCell<Vec<MoveBuf>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with a spare move buffer.
fn with_spare<R>(f: impl FnOnce(&mut MoveBuf) -> R) -> R {
    let mut buf = SPARE.with(|s| s.borrow_mut().pop()).unwrap_or_default();
    buf.clear();
    let r = f(&mut buf);
    SPARE.with(|s| s.borrow_mut().push(buf));
    r
}

/// The most repetitions [`Engine::kills`] tells apart: its bits for this
/// many stand for any number from it up.
const KILL_REPS: usize = 31;

/// What holds for every move of a node, found once for the node.
struct Hints {
    /// The most times any position of the history (with this one) has occurred.
    max_reps: usize,
    /// The player after the mover keeps a legal move whatever the mover does.
    next_mobile: bool,
}

/// What a position's legality tests share.
pub(crate) struct Legality<B: Bits> {
    side: u8,
    occ: B,
    in_check: bool,
    /// The squares from which a move must be tested against check: the
    /// pinned pieces (every square if attacks can be uncovered otherwise,
    /// or if they were not computed).
    danger: B,
    /// Captures must be tested (an enemy attack depends on piece counts).
    test_captures: bool,
    /// Squares the phase forbids moves to.
    blocked: B,
    /// How many royal pieces the player to move has: 0, 1, or 2 for more.
    royals: u32,
    /// Whether every square counts as a danger square (see [`Engine::danger`]).
    danger_all: bool,
    /// In check by one piece, where attacks depend only on where pieces
    /// stand: the squares where a move of a piece that is neither royal nor
    /// pinned ends the check (taking the checking piece, or standing in
    /// its way); in double check none. `None` otherwise.
    evasion: Option<B>,
}

impl<B: Bits> Engine<B> {
    pub(crate) fn legality(&self, st: &State<B>) -> Legality<B> {
        self.legality_with(st, true)
    }

    /// [`Engine::legality`]; without `danger`, the pinned pieces are not
    /// found and every square counts as dangerous (moves judged one by one
    /// ask [`Engine::is_pinned`] instead).
    fn legality_with(&self, st: &State<B>, danger: bool) -> Legality<B> {
        let side = st.side;
        let occ = st.occupied();
        let enemy = self.next_player(side);
        let att = &self.attacks[enemy as usize];
        // The royal pieces within reach of a promotion that decides an
        // attack (one test where both zones are the same).
        let threat_blockable = self.zone_threat(st, side, att.zone_blockable);
        let threat_counts = if att.zone_counts == att.zone_blockable {
            threat_blockable
        } else {
            self.zone_threat(st, side, att.zone_counts)
        };
        let danger_all = self.check_rule.is_some() && (att.blockable || threat_blockable);
        let (in_check, danger) = if self.check_rule.is_none() {
            (false, B::ZERO)
        } else if !danger || danger_all {
            (self.in_check_after(st, side), self.all)
        } else {
            (self.in_check_after(st, side), self.pins(st, side))
        };
        let evasion = if in_check {
            self.evasion(st, side, occ)
        } else {
            None
        };
        Legality {
            evasion,
            danger_all,
            royals: if self.check_rule.is_some() {
                few(self.royals(st, side))
            } else {
                0
            },
            blocked: self.phase_mask(st),
            side,
            occ,
            in_check,
            danger,
            test_captures: att.counts || threat_counts,
        }
    }

    /// Squares from which a move might uncover an attack on `side`'s royal
    /// pieces: the lines from each royal piece towards an enemy slider.
    fn danger(&self, st: &State<B>, side: u8) -> B {
        let other = self.next_player(side);
        let att = &self.attacks[other as usize];
        if att.blockable || self.zone_threat(st, side, att.zone_blockable) {
            return self.all;
        }
        self.danger_lines(st, side)
    }

    /// The lines of [`Engine::danger`], when attacks are not blockable
    /// otherwise: every square of them, so that they stay a bound after one
    /// more move (see [`Engine::robustly_mobile`]).
    fn danger_lines(&self, st: &State<B>, side: u8) -> B {
        let other = self.next_player(side);
        let att = &self.attacks[other as usize];
        let mut danger = B::ZERO;
        let royals = self.royals(st, side);
        for (&(kinds, dirs), lines) in att.slide_groups.iter().zip(&att.group_lines) {
            let sliders = st.of_kinds(kinds, other);
            if royals
                .iter()
                .all(|r| (sliders & lines[r as usize]).is_empty())
            {
                continue;
            }
            let mut ds = dirs;
            while ds != 0 {
                let d = ds.trailing_zeros() as u8;
                ds &= ds - 1;
                let od = (d + 4) & 7;
                for r in royals.iter() {
                    let ray = self.rays[r as usize][od as usize];
                    if !(ray & sliders).is_empty() {
                        danger |= ray;
                    }
                }
            }
        }
        danger
    }

    /// Whether `side`, to move, is in check: where the last move was the
    /// enemy's plain move and its attacks depend only on where pieces stand,
    /// by whether the piece moved attacks the royal piece or uncovered a
    /// slider's line to it (the royal piece was not attacked before: the
    /// check rule forbade it); otherwise in full.
    fn in_check_after(&self, st: &State<B>, side: u8) -> bool {
        let enemy = self.next_player(side);
        let (from, to) = st.last;
        if from == OWN_MOVE && st.mover == side {
            return false;
        }
        let simple = self.simple_attacks[enemy as usize];
        if from == NO_SQ || st.mover != enemy || !(simple || self.own_attacks[enemy as usize]) {
            return self.in_check(st, side);
        }
        let royals = self.royals(st, side);
        if few(royals) != 1 {
            return self.in_check(st, side);
        }
        let k = royals.lsb();
        let occ = st.occupied();
        let att = &self.attacks[enemy as usize];
        if !simple
            && (att.zone_counts | att.zone_blockable).has(k)
            && !self.zone_quiet(st, k, enemy)
        {
            return self.in_check(st, side);
        }
        let n = self.rays.len();
        // The piece moved, by a leap or along a line.
        let c = st.at(to);
        if c != crate::state::EMPTY && crate::state::code_player(c) == enemy {
            let kind = crate::state::code_piece(c);
            let lands = || {
                self.promos[kind as usize]
                    .as_ref()
                    .is_none_or(|p| !p.zone[enemy as usize].has(k))
                    || self.can_land(st, enemy, kind, to, k)
            };
            if att
                .leaps
                .iter()
                .any(|(p, rev)| *p == kind && rev[k as usize].has(to))
                && lands()
            {
                return true;
            }
            // Rules tried forwards whose conditions read only the piece's
            // own square (see `Engine::own_attacks`).
            if !simple
                && att.forward.iter().any(|&gi| {
                    let g = &self.gens[enemy as usize][gi];
                    g.piece == kind
                        && g.from_mask.has(to)
                        && self.reach(g, to, occ).has(k)
                        && g.guard.as_ref().is_none_or(|c| {
                            Ctx::new(self, st, &[], None)
                                .in_move(MoveCtx::new(enemy, to, k, kind))
                                .cond(c)
                        })
                })
                && lands()
            {
                return true;
            }
            let d = self.line_dir[k as usize * n + to as usize];
            if d != u8::MAX
                && att.slides[((d + 4) & 7) as usize] & (1 << kind) != 0
                && self.first_blocker(k, d, occ) == Some(to)
                && lands()
            {
                return true;
            }
        }
        // A line opened where it stood.
        let d = self.line_dir[k as usize * n + from as usize];
        if d == u8::MAX {
            return false;
        }
        self.first_blocker(k, d, occ).is_some_and(|b| {
            let c = st.at(b);
            crate::state::code_player(c) == enemy
                && att.slides[((d + 4) & 7) as usize] & (1 << crate::state::code_piece(c)) != 0
                && (att.slide_promoting & (1 << crate::state::code_piece(c)) == 0
                    || self.attacked(st, k, enemy, occ))
        })
    }

    /// [`Legality::evasion`] for `side`, in check.
    fn evasion(&self, st: &State<B>, side: u8, occ: B) -> Option<B> {
        let enemy = self.next_player(side);
        if !self.simple_attacks[enemy as usize] {
            return None;
        }
        let royals = self.royals(st, side);
        if few(royals) != 1 {
            return None;
        }
        let k = royals.lsb();
        let (givers, leaping) = self.attackers(st, k, enemy, occ);
        Some(match givers.count() {
            // A leap cannot be blocked; a slide can, on the squares between.
            1 if leaping.is_empty() => givers | self.between(k, givers.lsb()),
            1 => givers,
            0 => return None,
            _ => B::ZERO,
        })
    }

    /// The pieces of `side` pinned to a royal piece: each the only piece
    /// between that royal piece and an enemy slider that slides towards it
    /// (when nothing but sliders' attacks can be uncovered, moving any other
    /// piece leaves the royal pieces as attacked as they were).
    fn pins(&self, st: &State<B>, side: u8) -> B {
        let other = self.next_player(side);
        let att = &self.attacks[other as usize];
        let occ = st.occupied();
        let mine = st.by_player[side as usize];
        let royals = self.royals(st, side);
        let mut pinned = B::ZERO;
        for (&(kinds, dirs), lines) in att.slide_groups.iter().zip(&att.group_lines) {
            let sliders = st.of_kinds(kinds, other);
            if royals
                .iter()
                .all(|r| (sliders & lines[r as usize]).is_empty())
            {
                continue;
            }
            let mut ds = dirs;
            while ds != 0 {
                let d = ds.trailing_zeros() as u8;
                ds &= ds - 1;
                // From the royal piece towards a slider moving in `d`.
                let od = (d + 4) & 7;
                for r in royals.iter() {
                    if (self.rays[r as usize][od as usize] & sliders).is_empty() {
                        continue;
                    }
                    if let Some(b1) = self.first_blocker(r, od, occ).filter(|&b| mine.has(b)) {
                        if self
                            .first_blocker(b1, od, occ)
                            .is_some_and(|b2| sliders.has(b2))
                        {
                            pinned |= B::bit(b1);
                        }
                    }
                }
            }
        }
        pinned
    }

    /// Whether the piece on `sq` is one of [`Engine::pins`], asked for one
    /// square without finding them all.
    fn is_pinned(&self, st: &State<B>, side: u8, sq: u8) -> bool {
        let other = self.next_player(side);
        let att = &self.attacks[other as usize];
        let n = self.rays.len();
        let occ = st.occupied();
        self.royals(st, side).iter().any(|r| {
            let d = self.line_dir[r as usize * n + sq as usize];
            if d == u8::MAX || self.first_blocker(r, d, occ) != Some(sq) {
                return false;
            }
            let sliders = st.of_kinds(att.slides[((d + 4) & 7) as usize], other);
            self.first_blocker(sq, d, occ)
                .is_some_and(|b| sliders.has(b))
        })
    }

    /// Whether a royal piece of `side` stands on one of `zone` within reach
    /// of an enemy piece that must promote to capture there (so whether it
    /// is attacked depends on what that promotion allows).
    #[inline]
    fn zone_threat(&self, st: &State<B>, side: u8, zone: B) -> bool {
        !zone.is_empty() && self.zone_threat_in(st, side, zone)
    }

    /// [`Engine::zone_threat`] for a zone that is not empty.
    #[inline]
    fn zone_threat_in(&self, st: &State<B>, side: u8, zone: B) -> bool {
        let enemy = self.next_player(side);
        (self.royals(st, side) & zone)
            .iter()
            .any(|r| !self.zone_quiet(st, r, enemy))
    }

    /// Whether no piece of `by` that promotes to kinds found as it moves
    /// can capture on `sq` (so whether `sq` is attacked depends on nothing
    /// such a promotion allows).
    #[inline]
    pub(crate) fn zone_quiet(&self, st: &State<B>, sq: u8, by: u8) -> bool {
        let att = &self.attacks[by as usize];
        !att.dyn_other
            && att
                .dyn_leaps
                .iter()
                .all(|(k, rev)| (rev[sq as usize] & st.pieces(*k, by)).is_empty())
    }

    /// Whether the check rule needs no test for a move of rule `g` from
    /// `from` (`capture`: the move takes a piece).
    #[inline]
    fn safe(&self, lg: &Legality<B>, g: &Gen<B>, from: u8, capture: bool) -> bool {
        if self.check_rule.is_none() {
            return true;
        }
        !lg.in_check
            && (g.piece == NO_KIND || self.royalish & (1 << g.piece) == 0)
            && (from == NO_SQ || !lg.danger.has(from))
            && !(lg.test_captures && capture)
    }

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
    fn each_of_gen(
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
    fn starts(&self, st: &State<B>, g: &Gen<B>, side: u8) -> B {
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
    fn starts_where(&self, st: &State<B>, side: u8, e: &FromSet<B>) -> B {
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
    fn marked_all(&self, st: &State<B>, side: u8, lits: &[Lit<B>]) -> B {
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
    fn each_promotion(
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
    fn each_jump_series(
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
    fn each_extra(
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
    fn each_pseudo(
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

    /// [`Engine::passes_check`], without making the move where it is the
    /// only royal piece moving by a plain rule and attacks depend only on
    /// where pieces stand: then the move is legal if its destination is not
    /// attacked once the piece has left its square.
    /// Where attacks read only the board, such a move is judged on a copy
    /// where the piece has only been moved (no hash, counters or turn).
    #[inline]
    fn passes_check_in(&self, st: &State<B>, lg: &Legality<B>, m: Move) -> bool {
        if self.royal_fast[m.rule as usize]
            && m.promo == NO_PIECE
            && m.extra == NO_SQ
            && lg.royals == 1
        {
            let enemy = self.next_player(lg.side);
            if self.attack_decides(st, enemy, m.to) {
                let occ = (lg.occ & !B::bit(m.from)) | B::bit(m.to);
                return !self.attacked(st, m.to, enemy, occ);
            }
            if self.board_attacks[enemy as usize] {
                let mut moved = *st;
                moved.take(m.to);
                moved.shift(m.from, m.to);
                for e in &self.model.moves[m.rule as usize].effects {
                    if let crate::compile::model::Effect::SetFlag(f) = e {
                        moved.flags[*f as usize] |= B::bit(m.to);
                    }
                }
                return !self.attacked(&moved, m.to, enemy, moved.occupied());
            }
        }
        self.passes_check(st, m)
    }

    /// The legal moves of rule `g` from `from` to `t`, a royal piece's
    /// moves judged as [`Engine::passes_check_in`] judges them one by one,
    /// by whether their destination is attacked, all destinations at once;
    /// `None` where that does not apply.
    fn count_royal(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        g: &Gen<B>,
        from: u8,
        t: B,
    ) -> Option<u64> {
        if !self.royal_fast[g.rule as usize] || lg.royals != 1 || !(t & g.promo_zone).is_empty() {
            return None;
        }
        let enemy = self.next_player(lg.side);
        if !self.simple_attacks[enemy as usize] && !self.own_attacks[enemy as usize] {
            return None;
        }
        let occ = lg.occ & !B::bit(from);
        // Where an attack depends on a promotion found as it moves (only in
        // those zones): one by one.
        let att = &self.attacks[enemy as usize];
        let mut loud = B::ZERO;
        for q in (t & (att.zone_counts | att.zone_blockable)).iter() {
            if !self.attack_decides(st, enemy, q) {
                loud |= B::bit(q);
            }
        }
        let quiet = t & !loud;
        let mut n = u64::from((quiet & !self.attacked_among(st, quiet, enemy, occ)).count());
        for to in loud.iter() {
            if self.passes_check(st, Move::new(from, to, g.rule, NO_PIECE)) {
                n += 1;
            }
        }
        Some(n)
    }

    /// Whether a royal piece's plain move to `to` is legal exactly when `to`
    /// is not attacked by `enemy` once the piece has moved there, judged on
    /// the board as it stands: `enemy`'s attacks read only where pieces stand
    /// (or only the attacker's own square), and no promotion found as it
    /// moves decides an attack on `to`.
    #[inline]
    fn attack_decides(&self, st: &State<B>, enemy: u8, to: u8) -> bool {
        let att = &self.attacks[enemy as usize];
        self.simple_attacks[enemy as usize]
            || (self.own_attacks[enemy as usize]
                && (!(att.zone_counts | att.zone_blockable).has(to)
                    || self.zone_quiet(st, to, enemy)))
    }

    /// Whether `m` leaves the mover's royal pieces unattacked.
    #[inline]
    fn passes_check(&self, st: &State<B>, m: Move) -> bool {
        let mut child = *st;
        self.make(&mut child, m);
        !self.in_check(&child, st.side)
    }

    /// The history entry of a state (for the positions after it).
    pub(crate) fn hist_entry(&self, st: &State<B>, hist: &[Hist]) -> Hist {
        let checked = self.needs_check_history && self.in_check(st, st.side);
        self.entry(st, hist, checked)
    }

    fn entry(&self, st: &State<B>, hist: &[Hist], checked: bool) -> Hist {
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
    fn hist_entry_knowing(&self, st: &State<B>, lg: &Legality<B>, hist: &[Hist]) -> Hist {
        if self.check_rule.is_some() {
            self.entry(st, hist, self.needs_check_history && lg.in_check)
        } else {
            self.hist_entry(st, hist)
        }
    }

    /// The forbid rules in force, with their global index (`None` for a
    /// phase's), up to `level` global ones.
    fn forbid_list<'a>(&'a self, st: &State<B>, level: usize) -> ForbidList<'a> {
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
    fn first_refusal(
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
    fn general_moves_with(
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

    fn general_moves(&self, st: &State<B>, hist: &[Hist], level: usize, out: &mut MoveBuf) {
        self.general_moves_with(st, hist, level, false, false, out);
    }

    /// Whether the legal moves of `st` under the first `level` forbid rules
    /// need the general pipeline: a restriction other than check is in
    /// force that could refuse some move here (the phase's, or one of the
    /// game's that [`Engine::surely_false`] cannot rule out for this node).
    fn general_at(&self, st: &State<B>, hist: &[Hist], level: usize) -> bool {
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

    /// Fills [`Engine::kills`] from [`Engine::surely_false`].
    pub(crate) fn find_kills(&mut self) {
        for i in 0..MAX_PLAYERS * MAX_PLAYERS {
            let (side, next) = ((i / MAX_PLAYERS) as u8, (i % MAX_PLAYERS) as u8);
            let mut all = u64::MAX;
            let mut prefix = vec![all];
            for (fi, f) in self.model.forbids.iter().enumerate() {
                if Some(fi) != self.check_rule {
                    let mut k = 0u64;
                    for max_reps in 0..=KILL_REPS {
                        for next_mobile in [false, true] {
                            let h = Hints {
                                // The last bit stands for any more.
                                max_reps: if max_reps == KILL_REPS {
                                    usize::MAX - 1
                                } else {
                                    max_reps
                                },
                                next_mobile,
                            };
                            if self.surely_false(&f.cond, &h, side, next) {
                                k |= 1 << (2 * max_reps + usize::from(next_mobile));
                            }
                        }
                    }
                    all &= k;
                }
                prefix.push(all);
            }
            self.kills[i] = prefix.into_boxed_slice();
        }
    }

    /// Whether `player` keeps a legal move after any single move that does
    /// not check it, of the other player or (`run`) its own, where it may
    /// not move to `blocked`: enough of its pieces have a plain one-square
    /// move (a step, a leap, or a slide's first square) to a square it does
    /// not hold, not blocked and where it need not promote, each to a square
    /// of its own (its witness). After the other player's move eight such
    /// pieces (not royal, not on a line from its royal pieces to an enemy
    /// slider) are enough: one move takes at most two pieces (a capture, and
    /// an extra move's capture), pins at most three (along the lines through
    /// the squares it vacates and the one it ends on), and lands on at most
    /// two witnesses (only moves that may not capture need witnesses of
    /// their own). After its own move four are (none on any line of an
    /// enemy slider, so its royal pieces may move too; every move has a
    /// witness of its own): the move spoils the piece moved and at most two
    /// witnesses.
    fn robustly_mobile(&self, st: &State<B>, player: u8, run: bool, blocked: B) -> bool {
        let (danger, need) = if run {
            (self.exposed(st, player), 4)
        } else {
            (self.danger(st, player), 8)
        };
        let theirs = st.by_player[player as usize];
        let occ = st.occupied();
        let mut found = B::ZERO;
        let mut witnesses = B::ZERO;
        let mut n = 0;
        for &gi in &self.mobility[player as usize] {
            let g = &self.gens[player as usize][gi as usize];
            let zone = self.promos[g.piece as usize]
                .as_ref()
                .map_or(B::ZERO, |p| p.zone[player as usize]);
            let ok_all = !zone
                & !blocked
                & match g.target {
                    Target::Empty => !occ,
                    Target::NotFriend => !theirs,
                    Target::Enemy | Target::EnPassant => B::ZERO,
                };
            // The other player's landing spoils only moves that may not
            // capture; the player's own spoils any.
            let spoilable = run || g.target == Target::Empty;
            let free_all = if spoilable {
                ok_all & !witnesses
            } else {
                ok_all
            };
            if !g.shifts.is_empty() {
                for sh in &g.shifts {
                    let movers = st.pieces(g.piece, player) & !danger & !found & sh.back(free_all);
                    found |= movers;
                    if spoilable {
                        witnesses |= sh.ahead(movers);
                    }
                }
                n = found.count();
                if n >= need {
                    return true;
                }
                continue;
            }
            for p in (st.pieces(g.piece, player) & !danger & !found).iter() {
                let free = g.first_steps[p as usize] & free_all;
                if !free.is_empty() {
                    found |= B::bit(p);
                    if spoilable {
                        witnesses |= B::bit(free.lsb());
                    }
                    n += 1;
                    if n >= need {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Squares where a piece of `side` might be pinned to a royal piece
    /// whatever its royal pieces do: every line of an enemy slider (every
    /// square where attacks can be uncovered otherwise).
    fn exposed(&self, st: &State<B>, side: u8) -> B {
        let other = self.next_player(side);
        let att = &self.attacks[other as usize];
        // Some square of `zone_blockable` is not quiet.
        let zone_loud = !att.zone_blockable.is_empty()
            && (att.dyn_other
                || att
                    .dyn_near_blockable
                    .iter()
                    .any(|(k, near)| !(*near & st.pieces(*k, other)).is_empty()));
        if att.blockable || zone_loud {
            return self.all;
        }
        let mut lines = B::ZERO;
        for (&(kinds, _), rays) in att.slide_groups.iter().zip(&att.group_rays) {
            for s in st.of_kinds(kinds, other).iter() {
                lines |= rays[s as usize];
            }
        }
        lines
    }

    /// Whether a restriction's condition is false after every move of the
    /// player `mover` in this node, after which `next` moves, by the hints
    /// alone.
    fn surely_false(&self, c: &Cond, h: &Hints, mover: u8, next: u8) -> bool {
        let is_next = |p: &PlayerRef| self.named(*p, mover, next) == next;
        match c {
            Cond::And(cs) => {
                // "Not in check and no moves": the next player keeps a move.
                let stalemate = h.next_mobile
                    && cs.iter().any(|c| matches!(c, Cond::NoMoves(p, _) if is_next(p)))
                    && cs.iter().any(|c| matches!(c, Cond::Not(x) if matches!(&**x, Cond::InCheck(p) if is_next(p))));
                stalemate || cs.iter().any(|c| self.surely_false(c, h, mover, next))
            }
            Cond::Or(cs) => cs.iter().all(|c| self.surely_false(c, h, mover, next)),
            Cond::Not(c) => self.surely_true(c, h, mover, next),
            Cond::Repeated(n) | Cond::PerpetualCheck(n) => h.max_reps + 1 < *n as usize,
            Cond::Is(a, b) => self.named(*a, mover, next) != self.named(*b, mover, next),
            _ => false,
        }
    }

    /// The player `p` names after a move of `mover`, when `next` moves.
    fn named(&self, p: PlayerRef, mover: u8, next: u8) -> u8 {
        match p {
            PlayerRef::Next => next,
            PlayerRef::Opponent => self.next_player(mover),
            PlayerRef::Fixed(i) => i,
            PlayerRef::Mover => mover,
        }
    }

    fn surely_true(&self, c: &Cond, h: &Hints, mover: u8, next: u8) -> bool {
        match c {
            Cond::And(cs) => cs.iter().all(|c| self.surely_true(c, h, mover, next)),
            Cond::Or(cs) => cs.iter().any(|c| self.surely_true(c, h, mover, next)),
            Cond::Not(c) => self.surely_false(c, h, mover, next),
            Cond::Is(a, b) => self.named(*a, mover, next) == self.named(*b, mover, next),
            _ => false,
        }
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

    /// A legal move chosen uniformly at random (`pick(n)` gives a number
    /// below `n`), or `None` if there is none. Where the only restriction is
    /// check, moves are drawn and only the one drawn is tested, until one
    /// passes (each legal move as likely as the others): first against an
    /// upper bound on each piece's moves (so that only the drawn piece's
    /// moves are found; a draw beyond its real moves is drawn again), then,
    /// after a few misses, among the moves found exactly. Otherwise every
    /// legal move is generated. `cands` and `buf` are scratch space.
    pub(crate) fn random_move(
        &self,
        st: &State<B>,
        hist: &[Hist],
        scratch: &mut Scratch<B>,
        pick: &mut dyn FnMut(usize) -> usize,
    ) -> Option<Move> {
        let Scratch {
            cands,
            buf,
            slots,
            owner,
        } = scratch;
        if self.has_stuck || self.general_at(st, hist, usize::MAX) {
            self.legal_moves(st, hist, buf);
            return (!buf.is_empty()).then(|| buf[pick(buf.len())]);
        }
        // Only the moves drawn are judged: whether their piece is pinned, one by one.
        let lg = self.legality_with(st, false);
        let side = lg.side;
        // In check most moves fail: draw among the moves found exactly.
        if self.overlap[side as usize] != 0 || lg.in_check {
            return self.random_exact(st, &lg, cands, pick);
        }
        cands.clear();
        // Rules counted in bulk give, per piece, an upper bound on its moves
        // (no move is found yet); the others list theirs.
        let phase = self.phase_of_moves(st);
        let gens = &self.gens[side as usize];
        let draws = &self.draws[side as usize];
        for &(gi, _) in draws.listed.iter().filter(|d| d.1 == phase) {
            let g = &gens[gi as usize];
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
            let n = bound as usize + cands.len();
            if n == 0 {
                return None;
            }
            let mut r = pick(n);
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

    /// For the `r`-th of the most moves of group `d`'s pieces (on `from`):
    /// the piece's square, the rule, and which of the rule's most moves
    /// from there it is.
    #[inline]
    fn drawn_piece(
        &self,
        d: &DrawGroup<B>,
        mut from: B,
        side: u8,
        mut r: usize,
    ) -> Option<(u8, &Gen<B>, usize)> {
        let sq = if d.uniform > 0 {
            let w = usize::from(d.uniform);
            for _ in 0..r / w {
                from = from.clear_lsb();
            }
            r %= w;
            (!from.is_empty()).then(|| from.lsb())?
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
    fn nth_target(&self, g: &Gen<B>, from: u8, t: B, mut r: usize) -> Option<Move> {
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
    fn passes_drawn(&self, st: &State<B>, lg: &Legality<B>, g: &Gen<B>, m: Move) -> bool {
        // In check, a move onto an evasion square ends it (if not pinned).
        let ends_check = !lg.in_check || lg.evasion.is_some_and(|e| e.has(m.to));
        let must_test = self.royalish & (1 << g.piece) != 0
            || !ends_check
            || (lg.test_captures && lg.occ.has(m.to))
            || lg.danger_all
            || self.is_pinned(st, lg.side, m.from);
        let safe = self.check_rule.is_none() || !must_test;
        safe || self.passes_check_in(st, lg, m)
    }

    /// [`Engine::random_move`] among the moves found exactly: every
    /// piece's targets as square sets, and the other rules' moves listed.
    fn random_exact(
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
        let mut sets: SmallVec<[(u16, u8, B, u32); 64]> = SmallVec::new();
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
                // In check, only the moves that end it (royal pieces aside).
                let ends_check = match lg.evasion {
                    Some(e) if self.royalish & (1 << g.piece) == 0 => e,
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
                if let Some(e) = lg
                    .evasion
                    .filter(|_| self.royalish & (1 << g.piece) == 0 && !lg.danger.has(from))
                {
                    // In check: the moves that end it, none other.
                    n += u64::from(g.moves_to(t & e));
                    continue;
                }
                if (!lg.test_captures || (t & lg.occ).is_empty()) && self.safe(&lg, g, from, false)
                {
                    n += u64::from(g.moves_to(t));
                    continue;
                }
                if let Some(k) = self.count_royal(st, &lg, g, from, t) {
                    n += k;
                    continue;
                }
                self.each_of_gen_from(g, from, t, &mut |m, _| {
                    if self.passes_check_in(st, &lg, m) {
                        n += 1;
                    }
                    true
                });
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

    /// Counts into `n` the moves of a leap given as steps along the
    /// numbering ([`Gen::shifts`]), or of a short slide along one such step
    /// ([`Gen::ranged`]), from those of `froms` whose moves need no test of
    /// their own, all at once; returns those start squares.
    #[inline]
    fn count_shifted(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        g: &Gen<B>,
        froms: B,
        n: &mut u64,
    ) -> B {
        if self.royalish & (1 << g.piece) != 0 || (lg.test_captures && g.target != Target::Empty) {
            return B::ZERO;
        }
        let ends_check = match (lg.in_check, lg.evasion) {
            (false, _) => self.all,
            (true, Some(e)) => e,
            (true, None) => return B::ZERO,
        };
        let easy = froms & !lg.danger & !g.near_dyn;
        if easy.is_empty() {
            return B::ZERO;
        }
        let mine = st.by_player[lg.side as usize];
        let open = !lg.blocked
            & ends_check
            & match g.target {
                Target::Empty => !lg.occ,
                Target::Enemy => lg.occ & !mine,
                Target::NotFriend => !mine,
                Target::EnPassant => B::ZERO,
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
    fn each_of_gen_from(&self, g: &Gen<B>, from: u8, t: B, f: &mut dyn FnMut(Move, bool) -> bool) {
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
    fn count_promotions(&self, st: &State<B>, lg: &Legality<B>, g: &Gen<B>, from: u8, z: B) -> u64 {
        let mut n = 0;
        for to in z.iter() {
            let safe = self.safe(lg, g, from, lg.occ.has(to));
            self.each_promotion(st, lg.side, g, from, to, safe, &mut |m, safe| {
                if safe || self.passes_check_in(st, lg, m) {
                    n += 1;
                }
                true
            });
        }
        n
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

#[cfg(test)]
mod tests {
    use super::{MoveBuf, Scratch};
    use crate::bits::Bits;
    use crate::compile::options::Config;
    use crate::engine::Engine;
    use crate::game::{on_pos, Game};
    use crate::moves::Move;
    use crate::source::SourceFile;
    use crate::state::{Hist, State};

    /// Every shipped game under every configuration.
    fn every_game() -> Vec<(String, Game)> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|x| x != "lud") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let source = SourceFile::new(path.display().to_string(), &text);
            let Ok(base) = crate::compile::compile_with(&source, &Config::default()) else {
                panic!("{} does not compile", path.display());
            };
            for config in base.model().options.all_configs() {
                let Ok(g) = crate::compile::compile_with(&source, &config) else {
                    panic!("{} {config:?} does not compile", path.display());
                };
                out.push((format!("{} {config:?}", path.display()), g));
            }
        }
        out
    }

    /// Random games per game and configuration.
    const SEEDS: u64 = 12;

    /// Plays seeded random games and calls `check` on every position.
    fn walk(plies: usize, check: &mut dyn FnMut(&str, &Game, &crate::game::Position)) {
        for (name, g) in every_game() {
            for seed in 0..SEEDS {
                let mut rng = fastrand::Rng::with_seed(seed);
                let mut pos = g.start();
                for _ in 0..plies {
                    check(&name, &g, &pos);
                    let moves = pos.legal_moves();
                    if moves.is_empty() || pos.outcome().is_some() {
                        break;
                    }
                    pos.play_unchecked(moves[rng.usize(..moves.len())]);
                }
            }
        }
    }

    fn sorted(mut v: Vec<Move>) -> Vec<Move> {
        v.sort_by_key(|m| (m.from, m.to, m.rule, m.promo, m.extra));
        v
    }

    /// The shortcuts of the check test against the test in full: check
    /// found from the last move, pinned pieces one by one and all at once,
    /// and in check the squares that end it.
    fn shortcuts_agree<B: Bits>(name: &str, e: &Engine<B>, st: &State<B>, hist: &[Hist]) {
        // Counting in bulk, and the rules ruled out per node (general_at),
        // against every move tested against every rule.
        let mut every = MoveBuf::new();
        e.general_moves(st, hist, usize::MAX, &mut every);
        assert_eq!(
            e.count_legal(st, hist),
            every.len() as u64,
            "{name}: moves counted in bulk"
        );
        if e.check_rule.is_none() {
            return;
        }
        let side = st.side;
        let full = e.in_check(st, side);
        assert_eq!(e.in_check_after(st, side), full, "{name}: in check");
        let lg = e.legality_with(st, true);
        if !lg.danger_all {
            let pins = e.pins(st, side);
            for q in st.by_player[side as usize].iter() {
                assert_eq!(
                    e.is_pinned(st, side, q),
                    pins.has(q),
                    "{name}: pinned on {q}"
                );
            }
        }
        if let Some(ev) = lg.evasion {
            let mut legal = MoveBuf::new();
            e.legal_moves(st, hist, &mut legal);
            for m in legal {
                let kind = crate::state::code_piece(st.at(m.from).max(1));
                let g = e.gens[side as usize].iter().find(|g| g.rule == m.rule);
                if g.is_some_and(|g| g.bulk) && e.royalish & (1 << kind) == 0 {
                    assert!(ev.has(m.to), "{name}: a legal move off the evasion squares");
                }
            }
        }
    }

    #[test]
    fn the_shortcuts_agree_with_the_full_tests() {
        let mut positions = 0;
        walk(200, &mut |name, _, pos| {
            positions += 1;
            on_pos!(&pos.0, |e, s, h| shortcuts_agree(name, e, s, h));
        });
        assert!(positions > 1000, "{positions} positions");
    }

    #[test]
    fn a_random_move_is_legal_and_there_is_one_when_there_are_legal_moves() {
        // One scratch space per size of board, shared by every game and
        // position in turn (what it keeps must follow them).
        let mut scratches: Vec<Box<dyn std::any::Any>> = Vec::new();
        walk(60, &mut |name, _, pos| {
            on_pos!(&pos.0, |e, s, h| {
                let scratch = scratch_for(&mut scratches, e);
                let mut buf = MoveBuf::new();
                e.legal_moves(s, h, &mut buf);
                let legal = sorted(buf);
                let mut rng = fastrand::Rng::with_seed(u64::from(s.ply));
                for _ in 0..4 {
                    let m = e.random_move(s, h, scratch, &mut |n| rng.usize(..n));
                    match m {
                        Some(m) => assert!(legal.contains(&m), "{name}: {m:?} is not legal"),
                        None => assert!(legal.is_empty(), "{name}: no move drawn"),
                    }
                }
            });
        });
    }

    /// The scratch space for engines of `e`'s board size in `all`.
    fn scratch_for<'a, B: Bits + 'static>(
        all: &'a mut Vec<Box<dyn std::any::Any>>,
        _e: &crate::engine::Engine<B>,
    ) -> &'a mut Scratch<B> {
        let i = match all.iter().position(|x| x.is::<Scratch<B>>()) {
            Some(i) => i,
            None => {
                all.push(Box::new(Scratch::<B>::default()));
                all.len() - 1
            }
        };
        all[i].downcast_mut().expect("found by its type")
    }

    /// Draws many moves in one position and checks that each legal move
    /// comes up about as often as the others (within six standard
    /// deviations of the binomial count).
    /// The scratch space in `scratches` is the one the game was played
    /// with so far (what it keeps must follow the position).
    fn draws_uniformly(
        name: &str,
        pos: &crate::game::Position,
        scratches: &mut Vec<Box<dyn std::any::Any>>,
    ) {
        on_pos!(&pos.0, |e, s, h| {
            let mut buf = MoveBuf::new();
            e.legal_moves(s, h, &mut buf);
            let legal = sorted(buf);
            let n = 200 * legal.len();
            let mut counts = vec![0usize; legal.len()];
            let scratch = scratch_for(scratches, e);
            let mut rng = fastrand::Rng::with_seed(7);
            for _ in 0..n {
                let m = e
                    .random_move(s, h, scratch, &mut |k| rng.usize(..k))
                    .unwrap();
                let key = |x: &Move| (x.from, x.to, x.rule, x.promo, x.extra);
                counts[legal.binary_search_by_key(&key(&m), key).unwrap()] += 1;
            }
            let p = 1.0 / legal.len() as f64;
            let mean = n as f64 * p;
            let sd = (n as f64 * p * (1.0 - p)).sqrt();
            for (m, &c) in legal.iter().zip(&counts) {
                assert!(
                    (c as f64 - mean).abs() < 6.0 * sd,
                    "{name}: {m:?} drawn {c} times, expected about {mean:.0}"
                );
            }
        });
    }

    #[test]
    fn a_scratch_space_serves_one_engine_after_another() {
        // The start positions of every game, each after the others, twice
        // round, drawn with one scratch space per size of board: what it
        // keeps for one game must not serve another.
        let mut scratches: Vec<Box<dyn std::any::Any>> = Vec::new();
        let games: Vec<_> = every_game()
            .into_iter()
            .filter(|(name, _)| name.ends_with("Config { ruleset: None, options: [] }"))
            .collect();
        for (name, g) in games.iter().chain(games.iter().rev()) {
            draws_uniformly(name, &g.start(), &mut scratches);
        }
        // Two games alike but for how far the piece moves: the same squares,
        // and not the same bounds.
        for reach in [
            "(step Orthogonal)",
            "(slide Orthogonal)",
            "(step Orthogonal)",
        ] {
            let text = crate::EXAMPLE
                .replace("(square 3)", "(square 8)")
                .replace("c3)}", "h8) (place White \"Rook\" d4)}")
                .replace(
                    "(step All))",
                    &format!("(step All))\n(piece \"Rook\" \"R\" {reach})"),
                );
            let g = crate::compile::compile_str("t.lud", &text).expect("it compiles");
            draws_uniformly(reach, &g.start(), &mut scratches);
        }
    }

    #[test]
    fn random_moves_are_uniform_over_the_legal_moves() {
        // In every game: a position some moves in, and the first in check
        // with a choice of moves (drawn among the moves that end it).
        let mut in_check = 0;
        // The games are played by random draws too, with one scratch space
        // per size of board, so that the draws judged find it as a game
        // (and the game before) left it.
        let mut scratches: Vec<Box<dyn std::any::Any>> = Vec::new();
        for (name, g) in every_game() {
            if !name.ends_with("Config { ruleset: None, options: [] }") {
                continue;
            }
            let mut rng = fastrand::Rng::with_seed(3);
            let mut pos = g.start();
            let mut checked = false;
            for ply in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                if ply == 6 && moves.len() > 1 {
                    draws_uniformly(&name, &pos, &mut scratches);
                }
                if !checked && pos.in_check() && moves.len() > 1 {
                    draws_uniformly(&name, &pos, &mut scratches);
                    checked = true;
                    in_check += 1;
                }
                let m = on_pos!(&pos.0, |e, s, h| e.random_move(
                    s,
                    h,
                    scratch_for(&mut scratches, e),
                    &mut |k| rng.usize(..k)
                ));
                let m = m.expect("a move drawn where there are legal moves");
                assert!(moves.contains(&m), "{name}: {m:?} is not legal");
                pos.play_unchecked(m);
            }
        }
        assert!(in_check >= 3, "only {in_check} games reached a check");
    }
}
