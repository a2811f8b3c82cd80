//! Making a move on a state (the caller copies the state first: copy-make).

use super::{Engine, NO_KIND};
use crate::bits::Bits;
use crate::compile::board::Dir;
use crate::compile::board::Sq;
use crate::compile::model::{Effect, KindExpr, MoveKind, PlayerRef, Target};
use crate::eval::Ctx;
use crate::moves::{Move, NO_PIECE};
use crate::state::{code, State, EMPTY, NO_SQ, OWN_MOVE, SCORE_MAX};

thread_local! {
    /// How deep the tests of whether a part of a turn has a move are nested
    /// in one another (see `continue_turn`).
    static PART_DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

impl<B: Bits> Engine<B> {
    /// Takes the piece on `sq` off, keeping the hash.
    #[inline]
    fn take_hashed(&self, st: &mut State<B>, sq: Sq) -> bool {
        let c = st.at(sq);
        if c == EMPTY {
            return false;
        }
        st.hash ^= self.z(c, sq);
        st.take(sq);
        true
    }

    /// Moves the piece on `from` to `to` (capturing what is there), keeping the hash.
    #[inline]
    fn shift_hashed(&self, st: &mut State<B>, from: Sq, to: Sq) -> bool {
        if from == to {
            // A series of jumps back to where it began: the piece stays, moved.
            st.unmoved &= !B::bit(from);
            return false;
        }
        let captured = self.take_hashed(st, to);
        let c = st.at(from);
        st.hash ^= self.z(c, from) ^ self.z(c, to);
        st.shift(from, to);
        captured
    }

    /// Plays the parts of `m` that change the board, without passing the
    /// turn. Returns the kind of the piece that moved ([`NO_KIND`] for a
    /// removal) and whether anything was captured.
    pub(crate) fn apply(&self, st: &mut State<B>, m: Move) -> (u8, bool) {
        let side = st.side;
        let rule = &self.model.moves[m.rule as usize];
        // Whatever the last move passed over can be taken only now.
        let passer = st.passer;
        if passer != NO_SQ {
            st.hash ^= self.z(EMPTY, passer);
            st.passer = NO_SQ;
            st.passed = B::ZERO;
        }
        if self.plain_make[m.rule as usize] && m.promo == NO_PIECE && m.extra == NO_SQ {
            // A piece moves, taking what stands there: nothing else.
            let kind = crate::state::code_piece(st.at(m.from).max(1));
            return (kind, self.shift_hashed(st, m.from, m.to));
        }
        if let MoveKind::Drop {
            piece, from_hand, ..
        } = rule.kind
        {
            if from_hand {
                let k = piece as u8;
                let n = st.in_hand(side, k);
                st.hash ^= super::z_hand(side, k, n) ^ super::z_hand(side, k, n.saturating_sub(1));
                st.set_hand(side, k, n.saturating_sub(1));
            }
            st.put(m.to, piece as u8, side);
            st.hash ^= self.z(code(piece as u8, side), m.to);
            let captured =
                self.acting[m.rule as usize] && self.apply_effects(st, &rule.effects, side, m.to);
            return (NO_KIND, captured);
        }
        if m.to == NO_SQ {
            // A pass.
            return (NO_KIND, false);
        }
        if rule.piece.is_none() {
            let captured = self.take_hashed(st, m.to);
            return (NO_KIND, captured);
        }
        let c = st.at(m.from);
        let kind = if c == EMPTY {
            NO_KIND
        } else {
            crate::state::code_piece(c)
        };
        let mut landed = m.to;
        if let Some(k) = rule.put {
            // The piece stays; a new one is put where the move lands, taking
            // what stood there.
            let took_there = self.take_hashed(st, m.to);
            st.put(m.to, k as u8, side);
            st.hash ^= self.z(code(k as u8, side), m.to);
            if self.acting[m.rule as usize] {
                let took = self.apply_effects(st, &rule.effects, side, m.to);
                return (kind, took_there || took);
            }
            return (kind, took_there);
        }
        let captured = if rule.stay {
            landed = m.from;
            self.take_hashed(st, m.to)
        } else if let MoveKind::CaptureJump { takes: false, .. } = rule.kind {
            // Hops that take nothing: the piece goes where the series ends.
            self.shift_hashed(st, m.from, m.to);
            false
        } else if let MoveKind::CaptureJump { .. } = rule.kind {
            // The pieces jumped, taken once the piece has landed.
            let mut jumped = B::ZERO;
            if m.jumps().index().is_none() {
                for (over, _) in m.jumps().hops(self.board(), m.from) {
                    jumped |= B::bit(over);
                }
            } else {
                for (over, _) in self.series_hops(st, m) {
                    jumped |= B::bit(over);
                }
            }
            self.shift_hashed(st, m.from, m.to);
            for q in jumped.iter() {
                self.take_hashed(st, q);
            }
            true
        } else if rule.target == Target::EnPassant {
            self.take_hashed(st, passer);
            self.shift_hashed(st, m.from, m.to);
            true
        } else {
            self.shift_hashed(st, m.from, m.to)
        };
        if let MoveKind::Castle { .. } = rule.kind {
            // The partner: the first piece beyond the landing square, to the
            // square the piece crossed last.
            let b = self.board();
            let d = if b.cell(m.to).x > b.cell(m.from).x {
                Dir::E
            } else {
                Dir::W
            };
            if let (Some(p), Some(q)) = (
                self.first_blocker(m.to, d.0, st.occupied()),
                b.step(m.to, d.opposite()),
            ) {
                self.shift_hashed(st, p, q);
            }
        }
        for e in &rule.effects {
            match e {
                Effect::SetFlag(f) => st.flags[*f as usize] |= B::bit(landed),
                Effect::EnPassant => {
                    let between = self.between(m.from, m.to);
                    if self.can_take_passing(st, between, self.next_player(side)) {
                        st.passed = between;
                        st.passer = landed;
                        st.hash ^= self.z(EMPTY, landed);
                    }
                }
                Effect::MoveAgain(_)
                | Effect::Flip(_)
                | Effect::Capture(_)
                | Effect::Transform(..)
                | Effect::AddScore(..)
                | Effect::Push(..)
                | Effect::Continue(_) => {}
            }
        }
        let mut captured = captured;
        if self.acting[m.rule as usize] {
            captured |= self.apply_effects(st, &rule.effects, side, landed);
        }
        if m.promo != NO_PIECE {
            let old = st.at(m.to);
            let new = code(m.promo, side);
            st.hash ^= self.z(old, m.to) ^ self.z(new, m.to);
            st.retype(m.to, m.promo);
            if let Some(r) = self.promo_rule(kind, side, m.to, m.promo) {
                for &f in &r.flags {
                    st.flags[f as usize] |= B::bit(m.to);
                }
                if let Some(site) = &r.identity {
                    let o = self.site(st, site, side, m.from, m.to);
                    st.origin.as_mut()[m.to as usize] = B::orig(o);
                }
                if !r.after.is_empty() {
                    captured |= self.apply_effects(st, &r.after, side, m.to);
                }
                if let Some(site) = &r.relocate {
                    let want = self.site(st, site, side, m.to, m.to);
                    if let Some(q) = self.relocation(st, want) {
                        if q != m.to {
                            let c = st.at(m.to);
                            st.hash ^= self.z(c, m.to) ^ self.z(c, q);
                            st.shift(m.to, q);
                        }
                    }
                }
            }
        }
        if m.extra != NO_SQ {
            captured |= self.shift_hashed(st, m.to, m.extra);
            if let Some(r2) = self.model.moves.get(m.extra_rule as usize) {
                for e in &r2.effects {
                    if let Effect::SetFlag(f) = e {
                        st.flags[*f as usize] |= B::bit(m.extra);
                    }
                }
                // The second rule's effects, as its move would do them.
                captured |= self.apply_effects(st, &r2.effects, side, m.extra);
            }
        }
        (kind, captured)
    }

    /// Applies the effects on other squares (flips, captures) of a move of
    /// `side` that landed on `to`, in order. Returns whether a piece was taken.
    pub(crate) fn apply_effects(
        &self,
        st: &mut State<B>,
        effects: &[Effect],
        side: u8,
        to: Sq,
    ) -> bool {
        let mut took = false;
        for e in effects {
            match e {
                Effect::Flip(p) => {
                    for q in self.pattern_squares(st, p, side, to).iter() {
                        let old = st.at(q);
                        st.reown(q, side);
                        st.hash ^= self.z(old, q) ^ self.z(st.at(q), q);
                    }
                }
                Effect::Capture(p) => {
                    for q in self.pattern_squares(st, p, side, to).iter() {
                        took |= self.take_hashed(st, q);
                    }
                }
                Effect::AddScore(p, n) => {
                    let (pl, add) = {
                        let ctx = Ctx::new(self, &*st, &[], None)
                            .in_move(crate::eval::MoveCtx::new(side, NO_SQ, to, NO_KIND));
                        (ctx.player(*p), ctx.int(n))
                    };
                    let old = st.score[pl as usize];
                    let new = i64::from(old)
                        .saturating_add(add)
                        .clamp(-SCORE_MAX, SCORE_MAX) as i16;
                    st.score[pl as usize] = new;
                    st.hash ^= super::hash::z_score(pl, old) ^ super::hash::z_score(pl, new);
                }
                Effect::Push(dirs, off) => {
                    let forward = self.model.players[side as usize].forward;
                    for rd in dirs {
                        let occ = st.occupied();
                        let (row, beyond) = self
                            .board()
                            .push_row(to, rd.resolve(forward), |q| occ.has(q));
                        let Some(&last) = row.last() else { continue };
                        match beyond {
                            Some(b) if !occ.has(b) => {
                                self.shift_hashed(st, last, b);
                            }
                            None if *off => took |= self.take_hashed(st, last),
                            _ => continue,
                        }
                        for w in row.windows(2).rev() {
                            self.shift_hashed(st, w[0], w[1]);
                        }
                    }
                }
                Effect::Transform(p, k) => {
                    for q in self.pattern_squares(st, p, side, to).iter() {
                        let old = st.at(q);
                        st.retype(q, *k as u8);
                        st.hash ^= self.z(old, q) ^ self.z(st.at(q), q);
                    }
                }
                Effect::SetFlag(_)
                | Effect::MoveAgain(_)
                | Effect::EnPassant
                | Effect::Continue(_) => {}
            }
        }
        took
    }

    /// Whether [`Engine::apply_effects`] changes anything for `effects`
    /// (marks, moving again and parts of turns are seen to elsewhere).
    pub(super) fn acts(effects: &[Effect]) -> bool {
        effects.iter().any(|e| {
            !matches!(
                e,
                Effect::SetFlag(_) | Effect::MoveAgain(_) | Effect::EnPassant | Effect::Continue(_)
            )
        })
    }

    /// Whether a piece of `by` could land on one of `passed` by a
    /// `to:EnPassant` rule (where no such move exists, nothing is recorded
    /// and positions write no en-passant square, as FEN does).
    pub(crate) fn can_take_passing(&self, st: &State<B>, passed: B, by: u8) -> bool {
        if passed.is_empty() {
            return false;
        }
        let occ = st.occupied();
        self.gens[by as usize]
            .iter()
            .filter(|g| g.target == Target::EnPassant)
            .any(|g| {
                (st.pieces(g.piece, by) & g.from_mask)
                    .iter()
                    .any(|f| !(self.reach(g, f, occ) & passed).is_empty())
            })
    }

    /// The squares strictly between two squares of one line (rank, file or
    /// diagonal); none if they are not on one.
    pub(crate) fn between(&self, a: Sq, b: Sq) -> B {
        for d in 0..8u8 {
            if self.rays[a as usize][d as usize].has(b) {
                return self.rays[a as usize][d as usize]
                    & self.rays[b as usize][((d + 4) & 7) as usize];
            }
        }
        B::ZERO
    }

    /// Where a relocated piece goes: `want` if it is empty, else the nearest
    /// empty square of its rank (the one nearer the centre on a tie); `None`
    /// if the rank is full (or `want` is no square).
    pub(crate) fn relocation(&self, st: &State<B>, want: Sq) -> Option<Sq> {
        if want == crate::state::NO_SQ {
            return None;
        }
        if st.at(want) == EMPTY {
            return Some(want);
        }
        let b = self.board();
        let cell = b.cell(want);
        let centre2 = i64::from(b.width) - 1; // twice the centre's file
        (0..b.width)
            .filter_map(|x| b.at(x, cell.y))
            .filter(|&q| st.at(q) == EMPTY)
            .min_by_key(|&q| {
                let x = i64::from(b.cell(q).x);
                ((x - i64::from(cell.x)).abs(), (2 * x - centre2).abs())
            })
    }

    /// The promotion rule that made a piece of `kind` landing on `to` become `promo`.
    pub(crate) fn promo_rule(
        &self,
        kind: u8,
        side: u8,
        to: Sq,
        promo: u8,
    ) -> Option<&super::PromoRule<B>> {
        if kind == NO_KIND {
            return None;
        }
        let p = self.promos[kind as usize].as_ref()?;
        p.rules.iter().find(|r| {
            r.zone[side as usize].has(to)
                && match &r.kinds {
                    KindExpr::Fixed(k) => k.contains(&(promo as usize)),
                    KindExpr::StartKind(_) | KindExpr::Lost => true,
                }
        })
    }

    /// Plays `m` on `st` without checking it: the board, counters, turn,
    /// phase and remembered facts. The move must come from this engine's
    /// generator for this state.
    pub(crate) fn make(&self, st: &mut State<B>, m: Move) {
        let side = st.side;
        // Castling rights lost: unmoved pieces of the kinds that castle that
        // this move moves or takes (no move makes a piece unmoved).
        let rights = if self.castle_kinds == 0 {
            B::ZERO
        } else {
            self.castle_squares(st) & st.unmoved
        };
        // A move in a row of one player's moves leaves `last` unknown: the
        // other player's royal pieces may already stand attacked.
        let alternate = st.mover != side;
        let (kind, captured) = self.apply(st, m);
        // A promoted piece sent elsewhere (`moveTo:`) does not stand on
        // `m.to`, and a promotion's effects (`then:`) may move other pieces:
        // either makes the rule's moves tested (`effects_tested`).
        let plain_promo = m.promo == NO_PIECE || !self.effects_tested[m.rule as usize];
        st.last =
            if self.plain_make[m.rule as usize] && m.extra == NO_SQ && alternate && plain_promo {
                (m.from, m.to)
            } else {
                (NO_SQ, NO_SQ)
            };
        if !(rights & !st.unmoved).is_empty() {
            st.hash ^= self.rights_key(rights) ^ self.rights_key(rights & st.unmoved);
        }
        st.took = captured;
        st.passes = if m.to == NO_SQ && m.from == NO_SQ {
            st.passes.saturating_add(1)
        } else {
            0
        };
        for (i, ev) in self.counters.iter().enumerate() {
            let reset = (ev.capture && captured)
                || (ev.promotion && m.promo != NO_PIECE)
                || (kind != NO_KIND && ev.moved & (1 << kind) != 0);
            st.counters[i] = if reset {
                0
            } else {
                st.counters[i].saturating_add(1)
            };
        }
        if self.has_parts {
            st.hash ^= super::z_part(st);
            let landed = if rule_stays(&self.model.moves[m.rule as usize]) {
                m.from
            } else {
                m.to
            };
            if self.continue_turn(st, m, side, landed) {
                st.hash ^= super::z_part(st);
                st.last = (OWN_MOVE, OWN_MOVE);
                st.mover = side;
                st.ply += 1;
                return;
            }
        }
        st.hash ^= self.zobrist_side[side as usize] ^ self.z_phase(st);
        (st.side, st.phase, st.phase_left) = self.next_turn(st);
        if st.side == side {
            st.last = (OWN_MOVE, OWN_MOVE);
        }
        st.mover = side;
        st.ply += 1;
        st.hash ^= self.zobrist_side[st.side as usize] ^ self.z_phase(st);
        if !self.model.player_flags.is_empty() {
            self.remember(st);
        }
    }

    /// Hands the turn over without a move (the *null move* of a search):
    /// nothing on the board changes, a piece that could be taken en passant
    /// no longer can, and the next player is to move. Only for a search's
    /// guesses: the rules never make it.
    pub(crate) fn make_null(&self, st: &mut State<B>) {
        if st.passer != NO_SQ {
            st.hash ^= self.z(EMPTY, st.passer);
            st.passer = NO_SQ;
            st.passed = B::ZERO;
        }
        let side = st.side;
        st.hash ^= self.zobrist_side[side as usize] ^ self.z_phase(st);
        (st.side, st.phase, st.phase_left) = self.next_turn(st);
        st.mover = side;
        st.ply += 1;
        st.took = false;
        st.last = (NO_SQ, NO_SQ);
        st.hash ^= self.zobrist_side[st.side as usize] ^ self.z_phase(st);
    }

    /// After a move of `side` that landed on `landed`: whether the turn goes
    /// on with a part (`(continue ...)` whose condition holds and which has a
    /// move). Sets the state's part and anchor either way.
    fn continue_turn(&self, st: &mut State<B>, m: Move, side: u8, landed: Sq) -> bool {
        st.part = 0;
        st.anchor = NO_SQ;
        let rule = &self.model.moves[m.rule as usize];
        for e in &rule.effects {
            let Effect::Continue(k) = e else { continue };
            if *k >= super::MAX_PARTS || *k >= self.model.parts.len() {
                continue;
            }
            if let Some(c) = &self.part_quick[*k] {
                // A condition that asks whether a player can move makes
                // moves, whose parts are judged again: past two such
                // levels it is judged without restrictions (as below).
                let ctx = Ctx::new(self, st, &[], None).in_move(crate::eval::MoveCtx::new(
                    side,
                    m.from,
                    landed,
                    self.move_kind(st, m),
                ));
                let holds = if c.has_full() {
                    let depth = PART_DEPTH.with(|d| d.replace(d.get() + 1));
                    let level = if depth < 2 { usize::MAX } else { 0 };
                    let holds = ctx.at_level(level).quick(c);
                    PART_DEPTH.with(|d| d.set(depth));
                    holds
                } else {
                    ctx.quick(c)
                };
                if !holds {
                    continue;
                }
            }
            st.part = *k as u8 + 1;
            st.anchor = landed;
            // Whether the part has a move is judged by every restriction;
            // but a restriction that reads whether a player can move makes
            // moves, whose parts are judged again: past two such levels the
            // part's moves are judged without restrictions, so that the
            // judging ends (a rule file can ask this of itself forever).
            let has = match self.part_has_plain_move(st, *k as u8) {
                Some(has) => has,
                None => {
                    let depth = PART_DEPTH.with(|d| d.replace(d.get() + 1));
                    let level = if depth < 2 { usize::MAX } else { 0 };
                    let has = self.has_legal_at(st, &[], level);
                    PART_DEPTH.with(|d| d.set(depth));
                    has
                }
            };
            if has {
                return true;
            }
            st.part = 0;
            st.anchor = NO_SQ;
        }
        false
    }

    /// Whether part `k` of the turn (just entered in `st`) has a move, where
    /// that can be told from the piece on the anchor square alone: no
    /// restriction, no check, and every rule of the part a plain move of
    /// that piece (no condition, promotion, castling, jump series or taking
    /// en passant). `None` where it cannot.
    fn part_has_plain_move(&self, st: &State<B>, k: u8) -> Option<bool> {
        if self.restricted || self.check_rule.is_some() || self.has_stuck || st.anchor == NO_SQ {
            return None;
        }
        let side = st.side;
        let phase = super::PART_BASE + k;
        let occ = st.occupied();
        let blocked = self.phase_mask(st);
        let mut has = false;
        for g in self.gens[side as usize].iter().filter(|g| g.phase == phase) {
            let plain = g.piece != NO_KIND
                && g.anchored
                && g.guard.is_none()
                && !g.stuck
                && self.promos[g.piece as usize].is_none()
                && g.target != Target::EnPassant
                && !matches!(
                    g.kind,
                    super::GenKind::Castle(..) | super::GenKind::CaptureJump(..)
                );
            if !plain {
                return None;
            }
            if !has && (st.pieces(g.piece, side) & g.from_mask).has(st.anchor) {
                // An empty first square of a leap or slide is a move where
                // empty squares are targets: no need to find the others.
                let open = matches!(g.target, Target::Empty | Target::NotFriend)
                    && g.first_steps
                        .get(st.anchor as usize)
                        .is_some_and(|&f| !(f & !occ & !blocked).is_empty());
                has = open || !(self.targets(st, g, st.anchor, side, occ) & !blocked).is_empty();
            }
        }
        Some(has)
    }

    /// Records every remembered fact that now holds.
    pub(crate) fn remember(&self, st: &mut State<B>) {
        if self.model.player_flags.is_empty() {
            return;
        }
        let mut set = [0u8; crate::compile::model::MAX_PLAYERS];
        {
            let ctx = Ctx::new(self, st, &[], None);
            for (i, def) in self.model.player_flags.iter().enumerate() {
                let p = match def.player {
                    PlayerRef::Mover => st.mover,
                    PlayerRef::Next => st.side,
                    PlayerRef::Opponent => self.next_player(st.mover),
                    PlayerRef::Fixed(x) => x,
                };
                if st.facts[p as usize] & (1 << i) == 0 && ctx.cond(&def.cond) {
                    set[p as usize] |= 1 << i;
                }
            }
        }
        for (f, s) in st.facts.iter_mut().zip(set) {
            *f |= s;
        }
    }
}

/// Whether a move of the rule leaves its piece where it was (capturing
/// without moving, or putting a new piece).
fn rule_stays(rule: &crate::compile::model::MoveDef) -> bool {
    rule.stay || rule.put.is_some()
}
