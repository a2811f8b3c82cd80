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
use super::{Engine, Gen, GenKind, NO_KIND};
use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::compile::model::{ForbidDef, IntExpr, Target, MAX_PLAYERS};
use crate::compile::model::{MoveClass, MoveKind};
use crate::eval::{Ctx, MoveCtx};
use crate::moves::{Move, NO_PIECE};
use crate::state::{Hist, KeyCounts, State, NO_SQ};
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

/// Where a listing of legal moves puts them: a [`MoveBuf`], or another
/// form of the moves made as they are found (see [`SmallCodes`]).
pub(crate) trait MoveSink {
    /// One more legal move.
    fn push(&mut self, m: Move);
    /// Whether no move has been put here since it was cleared.
    fn is_empty(&self) -> bool;
    /// Forgets every move put here.
    fn clear(&mut self);
    /// The sink itself where it is a [`MoveBuf`] (the general pipeline
    /// lists into another sink only where the game has no `(maximum ...)`:
    /// a buffer is needed to keep only the best moves).
    fn as_buf(&mut self) -> Option<&mut MoveBuf>;
    /// The moves of rule `rule` to each square `to` of `tos` from
    /// `from(to)`, none a promotion, in the order of the squares.
    #[inline]
    fn push_plain<B: Bits>(&mut self, tos: B, rule: u8, from: impl Fn(Sq) -> Sq) {
        if B::WORDS > 2 {
            // A word at a time: the sets' iterator searches a wide set
            // from its first word for each square.
            crate::bits::each_square(tos, |to| {
                self.push(Move::new(from(to), to, rule, NO_PIECE));
                true
            });
            return;
        }
        for to in tos.iter() {
            self.push(Move::new(from(to), to, rule, NO_PIECE));
        }
    }
    /// As [`MoveSink::push_plain`], every move from the one square `from`.
    #[inline]
    fn push_from<B: Bits>(&mut self, tos: B, rule: u8, from: Sq) {
        self.push_plain(tos, rule, |_| from);
    }
}

/// How many codes [`SmallCodes::plain_word`] writes at a time.
const CHUNK: usize = 8;

/// From how many squares in a word of 64 [`SmallCodes::push_from`] writes
/// the word's codes a byte at a time (through [`PLACES`]) rather than a
/// square at a time.
const DENSE: u32 = 24;

/// For each byte, the places of its set bits in order, each where a
/// code's target square stands (see [`Move::plain_code`]); zero after the
/// last.
static PLACES: [[u32; 8]; 256] = places();

/// The table [`PLACES`].
const fn places() -> [[u32; 8]; 256] {
    let mut t = [[0u32; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut i, mut n) = (0, 0);
        while i < 8 {
            if (b >> i) & 1 == 1 {
                t[b][n] = (i as u32) << 16;
                n += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
}

impl MoveSink for MoveBuf {
    #[inline]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
    #[inline]
    fn is_empty(&self) -> bool {
        Vec::is_empty(self)
    }
    #[inline]
    fn clear(&mut self) {
        Vec::clear(self);
    }
    #[inline]
    fn as_buf(&mut self) -> Option<&mut MoveBuf> {
        Some(self)
    }
}

/// The legal moves as their [`Move::small_code`]s, made as they are found,
/// after the codes `codes` held before (its first `base`, which stay); a
/// move whose code does not fit is only noted (`wide`).
pub(crate) struct SmallCodes<'a> {
    pub(crate) codes: &'a mut Vec<i64>,
    pub(crate) base: usize,
    pub(crate) wide: bool,
}

impl MoveSink for SmallCodes<'_> {
    #[inline]
    fn push(&mut self, m: Move) {
        match m.small_code() {
            Some(c) => self.codes.push(c),
            None => self.wide = true,
        }
    }
    #[inline]
    fn is_empty(&self) -> bool {
        self.codes.len() == self.base && !self.wide
    }
    #[inline]
    fn clear(&mut self) {
        self.codes.truncate(self.base);
        self.wide = false;
    }
    #[inline]
    fn as_buf(&mut self) -> Option<&mut MoveBuf> {
        None
    }
    #[inline]
    fn push_plain<B: Bits>(&mut self, tos: B, rule: u8, from: impl Fn(Sq) -> Sq) {
        // A word of 64 squares at a time (one for most boards).
        for i in 0..B::WORDS {
            self.plain_word(tos.word(i), 64 * i as Sq, rule, &from);
        }
    }
    /// A dense word of squares is written a byte of squares at a time: the
    /// codes of the byte's set squares, from [`PLACES`], eight at once (no
    /// chain through the squares one by one).
    #[inline]
    fn push_from<B: Bits>(&mut self, tos: B, rule: u8, from: Sq) {
        for i in 0..B::WORDS {
            let t = tos.word(i);
            let first = 64 * i as Sq;
            if t.count_ones() < DENSE {
                self.plain_word(t, first, rule, |_| from);
                continue;
            }
            self.codes.reserve(t.count_ones() as usize + 8);
            let mut at = Move::plain_code(from, first, rule);
            for k in 0..8 {
                let byte = (t >> (8 * k)) as u8;
                let places = &PLACES[usize::from(byte)];
                let keep = self.codes.len() + byte.count_ones() as usize;
                let eight: [i64; 8] = std::array::from_fn(|j| at + i64::from(places[j]));
                self.codes.extend_from_slice(&eight);
                self.codes.truncate(keep);
                at += 8 << 16;
            }
        }
    }
}

impl SmallCodes<'_> {
    /// The codes of the moves of rule `rule` to the squares of word `t`
    /// (`first` its first square), each from `from(to)`.
    ///
    /// Written [`CHUNK`] codes at a time whatever the number of squares
    /// (those past the last square written over or cut off): a loop
    /// through the squares one by one ended at a number the branch
    /// predictor could not foresee, a stall of some dozen cycles for each
    /// start square, where the codes of one start square cost a few.
    #[inline]
    fn plain_word(&mut self, mut t: u64, first: Sq, rule: u8, from: impl Fn(Sq) -> Sq) {
        let mut left = t.count_ones() as usize;
        while left > 0 {
            let len = self.codes.len();
            self.codes.resize(len + CHUNK, 0);
            for c in &mut self.codes[len..len + CHUNK] {
                // Past the last square, `to` is past the word (no
                // square): a code cut off below.
                let to = first + t.trailing_zeros() as Sq;
                *c = Move::plain_code(from(to), to, rule);
                t &= t.wrapping_sub(1);
            }
            let n = left.min(CHUNK);
            self.codes.truncate(len + n);
            left -= n;
        }
    }
}

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

/// The class of move `m` (of a piece of `kind`: [`Engine::move_kind`]) as
/// a restriction reads it ([`crate::eval::Ctx::cond`]).
#[inline]
pub(super) fn move_class(m: Move, kind: u8) -> MoveClass {
    if m.to == NO_SQ {
        MoveClass::Pass
    } else if m.from == NO_SQ && kind == NO_KIND {
        MoveClass::Removal
    } else {
        MoveClass::Other
    }
}

/// What a caller knows of how often a position occurred before, so that
/// neither its history entry ([`Engine::hist_entry_seen`]) nor its end
/// rules ([`Engine::ending_seen`]) search back through the game for it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Seen<'a> {
    /// Nothing: a search back through the history counts it.
    Unknown,
    /// It has not occurred among the entries it could repeat.
    New,
    /// The history's keys, counted as they were played.
    Counted(&'a KeyCounts),
    /// This many times, counting this time (from its history entry).
    Times(u8),
}

/// A history entry's count of a key found `earlier` times before.
#[inline]
fn reps_of(earlier: usize) -> u8 {
    1 + earlier.min(254) as u8
}

impl<B: Bits> Engine<B> {
    /// The history entry of a state (for the positions after it).
    pub(crate) fn hist_entry(&self, st: &State<B>, hist: &[Hist]) -> Hist {
        self.hist_entry_seen(st, hist, Seen::Unknown, None)
    }

    /// [`Engine::hist_entry`], knowing what `seen` says of the state's
    /// repetitions and, where `lg` is given, whether the player to move is
    /// in check (read from it in a game with a check rule). Inlined
    /// always, so that each caller's knowledge is folded into its copy.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn hist_entry_seen(
        &self,
        st: &State<B>,
        hist: &[Hist],
        seen: Seen<'_>,
        lg: Option<&Legality<B>>,
    ) -> Hist {
        let checked = self.needs_check_history
            && match lg {
                Some(lg) if self.check_rule.is_some() => lg.in_check,
                _ => self.in_check(st, st.side),
            };
        let men = st.men();
        let reps = self
            .reps_seen(st, men, seen)
            .unwrap_or_else(|| reps_of(self.earlier(st, men, hist)));
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
            side: st.side,
        }
    }

    /// Whether rule `g`'s condition, made ready ([`Gen::quick`]), holds for
    /// a move of `side` from `from` to `to` (either [`NO_SQ`] where the
    /// condition reads nothing of it); true for a rule without one.
    #[inline]
    pub(super) fn guard_holds(
        &self,
        st: &State<B>,
        g: &Gen<B>,
        side: u8,
        from: Sq,
        to: Sq,
    ) -> bool {
        g.quick.as_ref().is_none_or(|c| {
            Ctx::new(self, st, &[], None)
                .in_move(MoveCtx::new(side, from, to, g.piece))
                .quick(c)
        })
    }

    /// How many times `st` (which has `men` pieces) has occurred, counting
    /// now, where `seen` tells it without a search back through the game.
    #[inline]
    pub(super) fn reps_seen(&self, st: &State<B>, men: u8, seen: Seen<'_>) -> Option<u8> {
        match seen {
            Seen::Unknown => None,
            Seen::New => Some(1),
            Seen::Counted(keys) => Some(reps_of(keys.count(st.hash, men, self.monotone))),
            Seen::Times(n) => Some(n),
        }
    }

    /// How many entries of `hist` have the key of `st` (which has `men` pieces).
    #[inline]
    pub(crate) fn earlier(&self, st: &State<B>, men: u8, hist: &[Hist]) -> usize {
        crate::state::same_men_back(hist, men, self.monotone)
            .filter(|h| h.hash == st.hash)
            .count()
    }

    /// The kind of the piece move `m` moves or drops ([`NO_KIND`] for a
    /// removal or a pass): as a restriction's condition reads the move.
    #[inline]
    pub(super) fn move_kind(&self, st: &State<B>, m: Move) -> u8 {
        if m.from != NO_SQ {
            crate::state::code_piece(st.at(m.from).max(1))
        } else if m.to == NO_SQ {
            NO_KIND
        } else {
            match self.model.moves[m.rule as usize].kind {
                MoveKind::Drop { piece, .. } => piece as u8,
                _ => NO_KIND,
            }
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
        boards: Option<&KeyCounts>,
    ) -> Option<usize> {
        let mut child: Option<State<B>> = None;
        let kind = self.move_kind(st, m);
        for (k, (idx, f)) in forbids.iter().enumerate().skip(start) {
            let is_check = idx.is_some() && *idx == self.check_rule;
            if is_check && safe {
                continue;
            }
            // A condition the move alone decides (`(passing)`,
            // `(removing)`, and those joined by them) needs no position made.
            if !is_check {
                match f.by_move[move_class(m, kind) as usize] {
                    Some(true) => return Some(k),
                    Some(false) => continue,
                    None => {}
                }
            }
            // Made in place: a state is large, copied once.
            let c = match &mut child {
                Some(c) => c,
                None => {
                    let c = child.insert(*st);
                    self.make(c, m);
                    c
                }
            };
            let refused = if is_check {
                self.in_check(c, st.side)
            } else {
                Ctx::new(self, c, hist, Some(parent))
                    .knowing_boards(boards)
                    .after(st)
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

    /// Where a restriction asks whether a board recurs, the board keys of
    /// `hist` counted.
    pub(super) fn board_counts(&self, hist: &[Hist]) -> Option<KeyCounts> {
        self.board_reps.then(|| {
            let mut b = KeyCounts::with_room(hist.len());
            for h in hist {
                b.add_key(self.board_key(h.hash, h.side), h.men, false);
            }
            b
        })
    }

    /// The legal moves under the first `level` forbid rules of the game (and
    /// those of the phase), through the general pipeline. With `first`,
    /// stops at the first legal move (when no rule lapses on forbidding all,
    /// which needs every move) and counts only moves not offered when stuck
    /// if `normal` is set. `out` must be a [`MoveBuf`] where the game has a
    /// `(maximum ...)` (see [`Engine::general_into`]).
    pub(super) fn general_moves_with<S: MoveSink>(
        &self,
        st: &State<B>,
        hist: &[Hist],
        level: usize,
        first: bool,
        normal: bool,
        out: &mut S,
    ) {
        out.clear();
        let lg = self.legality(st);
        let forbids = self.forbid_list(st, level);
        let parent = self.hist_entry_seen(st, hist, Seen::Unknown, Some(&lg));
        let lapsing = forbids.iter().any(|(_, f)| f.unless_all);
        // The drops no restriction can refuse, found as square sets: not
        // made. (Not worth finding for the first legal move alone.)
        let cleared = if first && !lapsing {
            super::cleared::Cleared::default()
        } else {
            self.cleared_drops(st, hist, &lg, &forbids, parent)
        };
        // Where a restriction asks whether a board recurs, the history's
        // board keys counted once a second move is judged in full: each
        // then looks its board up rather than searching back through the
        // game. (The first, often the only one, searches.)
        let judged = std::cell::Cell::new(0u32);
        let boards = std::cell::OnceCell::new();
        let refusal = |m: Move, safe: bool, start: usize| {
            if cleared.has(m, safe) {
                return None;
            }
            if let Some(k) = cleared.refused_by(m, start) {
                return Some(k);
            }
            let n = judged.replace(judged.get() + 1);
            let boards = if first || n == 0 {
                None
            } else {
                boards.get_or_init(|| self.board_counts(hist)).as_ref()
            };
            self.first_refusal(st, hist, parent, m, safe, &forbids, start, boards)
        };
        for stuck in [false, true] {
            if stuck && (!self.has_stuck || normal) {
                break;
            }
            if !lapsing {
                // No rule needs to see every move before it judges one:
                // each move judged as it is found, kept if no rule refuses
                // it (with `first`, the first such ends the search).
                let judge = |out: &mut S, m: Move, safe: bool| {
                    if refusal(m, safe, 0).is_none() {
                        out.push(m);
                        return !first;
                    }
                    true
                };
                if cleared.wholes() && self.overlap[lg.side as usize] == 0 {
                    // A drop rule whose squares are all judged as sets: its
                    // cleared drops written straight, in the same order.
                    let phase = self.phase_of_moves(st);
                    for g in self.gens[lg.side as usize]
                        .iter()
                        .filter(|g| g.stuck == stuck && g.phase == phase)
                    {
                        if let Some(set) = cleared.whole(g.rule) {
                            // Every one legal: written as a set. (Never
                            // with `first`: no drop is cleared for it.)
                            out.push_from(set, g.rule, NO_SQ);
                        } else if !self.each_of_gen(st, &lg, g, &mut |m, safe| judge(out, m, safe))
                        {
                            break;
                        }
                    }
                } else {
                    self.each_pseudo(st, &lg, stuck, &mut |m, safe| judge(out, m, safe));
                }
                if !out.is_empty() {
                    if let Some(most) = self.model.maximum.as_ref().filter(|_| !first) {
                        self.keep_greatest_in(st, hist, parent, &most.expr, out);
                    }
                    return;
                }
                continue;
            }
            let mut cands = Cands::new();
            self.each_pseudo(st, &lg, stuck, &mut |m, safe| {
                cands.push((m, safe));
                true
            });
            let mut refused: SmallVec<[Option<usize>; 96]> =
                cands.iter().map(|&(m, safe)| refusal(m, safe, 0)).collect();
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
                        refused[i] = refusal(m, safe, k + 1);
                    }
                }
            }
            for (i, (m, _)) in cands.iter().enumerate() {
                if refused[i].is_none() {
                    out.push(*m);
                }
            }
            if !out.is_empty() {
                if let Some(most) = &self.model.maximum {
                    self.keep_greatest_in(st, hist, parent, &most.expr, out);
                }
                return;
            }
        }
    }

    /// [`Engine::keep_greatest`] in a sink, which is a [`MoveBuf`]
    /// wherever the game has a `(maximum ...)` ([`Engine::general_into`]
    /// lists into a buffer there).
    fn keep_greatest_in<S: MoveSink>(
        &self,
        st: &State<B>,
        hist: &[Hist],
        parent: Hist,
        expr: &IntExpr,
        out: &mut S,
    ) {
        match out.as_buf() {
            Some(buf) => self.keep_greatest(st, hist, parent, expr, buf),
            None => debug_assert!(false, "a game with a maximum listed into a sink"),
        }
    }

    /// Keeps of `moves` those after which `expr` is greatest
    /// (`(maximum ...)`).
    #[inline(never)]
    pub(super) fn keep_greatest(
        &self,
        st: &State<B>,
        hist: &[Hist],
        parent: Hist,
        expr: &IntExpr,
        moves: &mut MoveBuf,
    ) {
        if moves.len() < 2 {
            return;
        }
        let values: SmallVec<[i64; 96]> = moves
            .iter()
            .map(|&m| self.value_after(st, hist, parent, expr, m))
            .collect();
        let best = values.iter().copied().max().unwrap_or(0);
        let mut i = 0;
        moves.retain(|_| {
            i += 1;
            values[i - 1] == best
        });
    }

    /// The number `expr` in the position after `m`, judged as a
    /// restriction's condition is.
    pub(super) fn value_after(
        &self,
        st: &State<B>,
        hist: &[Hist],
        parent: Hist,
        expr: &IntExpr,
        m: Move,
    ) -> i64 {
        let kind = self.move_kind(st, m);
        let mut c = *st;
        self.make(&mut c, m);
        Ctx::new(self, &c, hist, Some(parent))
            .after(st)
            .in_move(MoveCtx::new(st.side, m.from, m.to, kind))
            .int(expr)
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
    #[inline]
    pub(super) fn general_at(&self, st: &State<B>, hist: &[Hist], level: usize) -> bool {
        self.restricted && self.general_restricted(st, hist, level)
    }

    /// [`Engine::general_at`] in a game with restrictions.
    #[inline(never)]
    fn general_restricted(&self, st: &State<B>, hist: &[Hist], level: usize) -> bool {
        if self.model.maximum.is_some() {
            return true;
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
        // The repetitions matter only where the bits differ with them.
        let max_reps = if all == (all & 3).wrapping_mul(0x5555_5555_5555_5555) {
            0
        } else {
            let reps = 1 + self.earlier(st, st.men(), hist);
            hist.last()
                .map_or(0, |h| usize::from(h.max_reps))
                .max(reps)
                .min(KILL_REPS)
        };
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
    pub(crate) fn legal_moves<S: MoveSink>(&self, st: &State<B>, hist: &[Hist], out: &mut S) {
        self.legal_moves_at(st, hist, usize::MAX, out);
    }

    /// The legal moves under the first `level` forbid rules of the game.
    pub(crate) fn legal_moves_at<S: MoveSink>(
        &self,
        st: &State<B>,
        hist: &[Hist],
        level: usize,
        out: &mut S,
    ) {
        if self.general_at(st, hist, level) {
            self.general_into(st, hist, level, out);
            return;
        }
        out.clear();
        let lg = self.legality(st);
        let check = self.check_rule.is_some_and(|c| c < level);
        self.list_legal(st, &lg, check, out);
        if out.is_empty() && self.has_stuck {
            // No other move: the moves offered when stuck.
            self.general_into(st, hist, level, out);
        }
    }

    /// The legal moves of the general pipeline, put in `out` (cleared
    /// first).
    fn general_into<S: MoveSink>(&self, st: &State<B>, hist: &[Hist], level: usize, out: &mut S) {
        if let Some(buf) = out.as_buf() {
            self.general_moves(st, hist, level, buf);
            return;
        }
        if self.model.maximum.is_none() {
            // Written into the sink as found (square sets of drops as
            // sets); a maximum needs the moves in a buffer first.
            self.general_moves_with(st, hist, level, false, false, out);
            return;
        }
        out.clear();
        with_spare(|v| {
            self.general_moves(st, hist, level, v);
            for &m in v.iter() {
                out.push(m);
            }
        });
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
        let found = self.has_unstuck_move(st, level);
        if !found && self.has_stuck {
            return with_spare(|v| {
                self.general_moves_with(st, hist, level, true, false, v);
                !v.is_empty()
            });
        }
        found
    }

    /// Whether the player to move has a legal move by a rule not offered
    /// only when stuck, where no restriction but check needs the general path.
    fn has_unstuck_move(&self, st: &State<B>, level: usize) -> bool {
        let lg = self.legality(st);
        let check = self.check_rule.is_some_and(|c| c < level);
        let mut found = false;
        self.each_pseudo(st, &lg, false, &mut |m, safe| {
            found = !check || safe || self.passes_check_in(st, &lg, m);
            !found
        });
        found
    }

    /// Whether the player to move has a legal move that is not one offered
    /// only when stuck.
    pub(crate) fn has_normal_move_at(&self, st: &State<B>, hist: &[Hist], level: usize) -> bool {
        if self.general_at(st, hist, level) {
            return with_spare(|v| {
                self.general_moves_with(st, hist, level, true, true, v);
                !v.is_empty()
            });
        }
        self.has_unstuck_move(st, level)
    }

    /// The first forbid rule (index into the game's, or `None` with the
    /// rule's text for a phase's) that refuses a generated move, if any.
    /// Where `(maximum ...)` refuses `m`, a move no restriction refuses:
    /// its number and the greatest a legal move makes.
    pub(crate) fn below_maximum(
        &self,
        st: &State<B>,
        m: Move,
        hist: &[Hist],
    ) -> Option<(i64, i64)> {
        let most = self.model.maximum.as_ref()?;
        let parent = self.hist_entry(st, hist);
        let mine = self.value_after(st, hist, parent, &most.expr, m);
        let mut legal = MoveBuf::new();
        self.legal_moves(st, hist, &mut legal);
        let best = legal
            .iter()
            .map(|&l| self.value_after(st, hist, parent, &most.expr, l))
            .max()?;
        (mine < best).then_some((mine, best))
    }

    pub(crate) fn refusal(&self, st: &State<B>, m: Move, hist: &[Hist]) -> Option<&ForbidDef> {
        let mut child = *st;
        self.make(&mut child, m);
        let parent = self.hist_entry(st, hist);
        let kind = self.move_kind(st, m);
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
