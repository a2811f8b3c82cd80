//! Is a square attacked? The move rules read backwards: leap tables reversed
//! at compile time, slides found as the first piece along each ray, and rules
//! with conditions (or promotions that may not be possible) tried forwards.

use super::{Engine, Gen, GenKind, NO_KIND};
use crate::bits::Bits;
use crate::compile::board::Dir;
use crate::compile::board::Sq;
use crate::compile::model::{Hurdle, Target};
use crate::eval::{Ctx, MoveCtx};
use crate::state::{code_piece, code_player, State, EMPTY};

impl<B: Bits> Engine<B> {
    /// Whether a piece of `by` could capture on `sq` by one of its rules
    /// (own-king safety of the attacker aside). A capture that would have to
    /// promote where no promotion is possible is no attack. `occ` is the
    /// occupancy.
    pub(crate) fn attacked(&self, st: &State<B>, sq: Sq, by: u8, occ: B) -> bool {
        self.attacked_at(st, sq, by, occ)
    }

    /// The squares of `sqs` that [`Engine::attacked`] finds attacked (each
    /// counted as occupied). Where `by` attacks only by leaps and slides,
    /// the squares its pieces attack are found forwards, once for all of
    /// `sqs`; only a square where an attack hangs on a promotion is then
    /// judged on its own.
    pub(crate) fn attacked_among(&self, st: &State<B>, sqs: B, by: u8, occ: B) -> B {
        let att = &self.attacks[by as usize];
        let (sure, unsure) = if att.forward.is_empty() {
            self.attack_map(st, sqs, by, occ)
        } else {
            (B::ZERO, sqs)
        };
        let mut out = sure & sqs;
        for sq in (unsure & sqs & !out).iter() {
            if self.attacked_at(st, sq, by, occ | B::bit(sq)) {
                out |= B::bit(sq);
            }
        }
        out
    }

    /// The squares `by`'s leaps and slides attack, found forwards from its
    /// pieces (for a player with no rule tried forwards): those surely
    /// attacked, and those a piece reaches only where it must promote
    /// (attacked if it can, see [`Engine::can_land`]). Only squares that
    /// may be in `want` are looked for.
    #[inline]
    fn attack_map(&self, st: &State<B>, want: B, by: u8, occ: B) -> (B, B) {
        let att = &self.attacks[by as usize];
        let theirs = st.by_player[by as usize];
        let (mut sure, mut unsure) = (B::ZERO, B::ZERO);
        let wanted = want.count();
        for ((piece, rev), fwd) in att.leaps.iter().zip(&att.leaps_fwd) {
            let mine = st.by_piece[*piece as usize] & theirs;
            if mine.is_empty() {
                continue;
            }
            let mut hit = B::ZERO;
            // From the target squares backwards where they are fewer.
            if wanted < mine.count() {
                for sq in want.iter() {
                    if !(rev[sq as usize] & mine).is_empty() {
                        hit |= B::bit(sq);
                    }
                }
            } else {
                for f in mine.iter() {
                    hit |= fwd[f as usize];
                }
            }
            match self.promos[*piece as usize].as_ref() {
                Some(p) => {
                    let zone = p.zone[by as usize];
                    sure |= hit & !zone;
                    unsure |= hit & zone;
                }
                None => sure |= hit,
            }
        }
        for (&(kinds, dirs), rays) in att.slide_groups.iter().zip(&att.group_rays) {
            let sliders = st.of_kinds(kinds, by);
            if sliders.is_empty() {
                continue;
            }
            let mut hit = B::ZERO;
            for s in sliders.iter() {
                if (rays[s as usize] & want).is_empty() {
                    continue;
                }
                let mut ds = dirs;
                while ds != 0 {
                    let d = ds.trailing_zeros() as u8;
                    ds &= ds - 1;
                    hit |= self.ray_attack_open(s, d, occ);
                }
            }
            if att.slide_promoting & kinds == 0 {
                sure |= hit;
            } else {
                // Which slider reaches a square is found again there.
                unsure |= hit;
            }
        }
        (sure, unsure & !sure)
    }

    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn attacked_at(&self, st: &State<B>, sq: Sq, by: u8, occ: B) -> bool {
        let att = &self.attacks[by as usize];
        let theirs = st.by_player[by as usize];
        for (piece, rev) in &att.leaps {
            let from = rev[sq as usize] & st.by_piece[*piece as usize] & theirs;
            if from.is_empty() {
                continue;
            }
            match self.promos[*piece as usize].as_ref() {
                Some(p) if p.zone[by as usize].has(sq) => {
                    if from.iter().any(|f| self.can_land(st, by, *piece, f, sq)) {
                        return true;
                    }
                }
                _ => return true,
            }
        }
        for (&(kinds, dirs), lines) in att.slide_groups.iter().zip(&att.group_lines) {
            let sliders = st.of_kinds(kinds, by);
            if (sliders & lines[sq as usize]).is_empty() {
                continue;
            }
            let mut ds = dirs;
            while ds != 0 {
                let d = ds.trailing_zeros() as u8;
                ds &= ds - 1;
                // A piece sliding in `d` reaches `sq` from the opposite side.
                let od = (d + 4) & 7;
                if (self.rays[sq as usize][od as usize] & sliders).is_empty() {
                    continue;
                }
                let Some(b) = self.first_blocker(sq, od, occ) else {
                    continue;
                };
                if !sliders.has(b) {
                    continue;
                }
                if att.slide_promoting & kinds == 0 {
                    return true;
                }
                let piece = code_piece(st.at(b));
                match self.promos[piece as usize].as_ref() {
                    Some(p) if p.zone[by as usize].has(sq) => {
                        if self.can_land(st, by, piece, b, sq) {
                            return true;
                        }
                    }
                    _ => return true,
                }
            }
        }
        for (&gi, rev) in att.forward.iter().zip(&att.forward_from) {
            let g = &self.gens[by as usize][gi];
            let mut froms = st.pieces(g.piece, by) & g.from_mask;
            if let Some(r) = rev.get(sq as usize) {
                froms &= *r;
            }
            for from in froms.iter() {
                if rev.is_empty() && !self.reach(g, from, occ).has(sq) {
                    continue;
                }
                if let Some(c) = &g.quick {
                    let ctx =
                        Ctx::new(self, st, &[], None).in_move(MoveCtx::new(by, from, sq, g.piece));
                    if !ctx.quick(c) {
                        continue;
                    }
                }
                if self.promos[g.piece as usize]
                    .as_ref()
                    .is_some_and(|p| p.zone[by as usize].has(sq))
                    && !self.can_land(st, by, g.piece, from, sq)
                {
                    continue;
                }
                return true;
            }
        }
        false
    }

    /// The pieces of `by` that attack `sq`, and those of them that do by a
    /// leap (which nothing can block), where `by`'s attacks depend only on
    /// where pieces stand (no rule tried forwards; see [`Engine::attacked`]
    /// for the rest).
    pub(crate) fn attackers(&self, st: &State<B>, sq: Sq, by: u8, occ: B) -> (B, B) {
        let att = &self.attacks[by as usize];
        let theirs = st.by_player[by as usize];
        let mut found = B::ZERO;
        for (piece, rev) in &att.leaps {
            for f in (rev[sq as usize] & st.by_piece[*piece as usize] & theirs).iter() {
                if self.promos[*piece as usize]
                    .as_ref()
                    .is_none_or(|p| !p.zone[by as usize].has(sq))
                    || self.can_land(st, by, *piece, f, sq)
                {
                    found |= B::bit(f);
                }
            }
        }
        let leaping = found;
        for &(kinds, dirs) in &att.slide_groups {
            let sliders = st.of_kinds(kinds, by);
            let mut ds = dirs;
            while ds != 0 && !sliders.is_empty() {
                let d = ds.trailing_zeros() as u8;
                ds &= ds - 1;
                let od = (d + 4) & 7;
                if let Some(b) = self.first_blocker(sq, od, occ).filter(|&b| sliders.has(b)) {
                    let piece = code_piece(st.at(b));
                    if self.promos[piece as usize]
                        .as_ref()
                        .is_none_or(|p| !p.zone[by as usize].has(sq))
                        || self.can_land(st, by, piece, b, sq)
                    {
                        found |= B::bit(b);
                    }
                }
            }
        }
        (found, leaping)
    }

    /// Whether a piece of `kind` moving from `from` to `to` in the promotion
    /// zone can promote (or stay as it is), so that the move can be made.
    pub(crate) fn can_land(&self, st: &State<B>, by: u8, kind: u8, from: Sq, to: Sq) -> bool {
        let mut any = false;
        self.promotion_choices(st, by, kind, from, to, &mut |_| {
            any = true;
            false
        });
        any
    }

    /// The squares a rule reaches from `sq` before its target filter.
    // Inlining these two measured 9% fewer instructions in perft.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn reach(&self, g: &Gen<B>, sq: Sq, occ: B) -> B {
        match &g.kind {
            GenKind::Leap(t) => t[sq as usize],
            GenKind::Slide(ds) => {
                let mut r = B::ZERO;
                for &d in ds {
                    r |= self.ray_attack_open(sq, d, occ);
                }
                r
            }
            GenKind::SlideRange(ds, near) => {
                let mut r = B::ZERO;
                for &d in ds {
                    r |= self.ray_attack(sq, d, occ) & near[sq as usize][d as usize];
                }
                r
            }
            GenKind::Remove(z) => *z,
            GenKind::Pass => B::ZERO,
            GenKind::Ride(rays) => {
                let mut r = B::ZERO;
                for ray in &rays[sq as usize] {
                    for &s in ray {
                        r |= B::bit(s);
                        if occ.has(s) {
                            break;
                        }
                    }
                }
                r
            }
            GenKind::Hop(rays, hurdle) => {
                let mut r = B::ZERO;
                for ray in &rays[sq as usize] {
                    let Some(h) = ray.iter().position(|&s| occ.has(s)) else {
                        continue;
                    };
                    match hurdle {
                        Hurdle::Right => {
                            if let Some(&s) = ray.get(h + 1) {
                                r |= B::bit(s);
                            }
                        }
                        Hurdle::Beyond => {
                            for &s in &ray[h + 1..] {
                                r |= B::bit(s);
                                if occ.has(s) {
                                    break;
                                }
                            }
                        }
                    }
                }
                r
            }
            GenKind::Path(t) => t[sq as usize]
                .iter()
                .filter(|(_, mask)| (*mask & occ).is_empty())
                .fold(B::ZERO, |acc, (to, _)| acc | B::bit(*to)),
            GenKind::Castle(..) => B::ZERO,
            GenKind::Drop(sites, ..) => *sites,
            GenKind::CaptureJump(dirs, opts) => {
                // One jump, over any piece, to an empty square.
                let b = self.board();
                let mut r = B::ZERO;
                for &d in dirs {
                    let mut first = b.step(sq, Dir(d));
                    if opts.far {
                        while let Some(q) = first.filter(|&q| !occ.has(q)) {
                            first = b.step(q, Dir(d));
                        }
                    }
                    if let Some(m) = first.filter(|&m| occ.has(m)) {
                        let mut land = b.step(m, Dir(d));
                        while let Some(l) = land.filter(|&l| !occ.has(l)) {
                            r |= B::bit(l);
                            land = if opts.far { b.step(l, Dir(d)) } else { None };
                        }
                    }
                }
                r
            }
        }
    }

    /// Where a piece on `from` may castle to with a partner of kind
    /// `partner`, going `steps` squares along its rank: towards the first
    /// piece on each side, if that is an unmoved partner of its own beyond
    /// the landing square; the piece unmoved, not attacked, and not
    /// crossing an attacked square.
    fn castle_targets(
        &self,
        st: &State<B>,
        from: Sq,
        side: u8,
        occ: B,
        partner: u8,
        steps: u8,
    ) -> B {
        let mut out = B::ZERO;
        if !st.unmoved.has(from) {
            return out;
        }
        let enemy = self.next_player(side);
        let want = crate::state::code(partner, side);
        let mut safe_here: Option<bool> = None;
        for d in [Dir::E, Dir::W] {
            let Some(p) = self.first_blocker(from, d.0, occ) else {
                continue;
            };
            if st.at(p) != want || !st.unmoved.has(p) {
                continue;
            }
            let b = self.board();
            let mut sq = from;
            let mut ok = true;
            for i in 0..steps {
                match b.step(sq, d) {
                    Some(next) if next != p => sq = next,
                    _ => {
                        ok = false;
                        break;
                    }
                }
                if i + 1 < steps && self.attacked(st, sq, enemy, occ) {
                    ok = false;
                    break;
                }
            }
            if !ok {
                continue;
            }
            if !*safe_here.get_or_insert_with(|| !self.attacked(st, from, enemy, occ)) {
                return B::ZERO;
            }
            out |= B::bit(sq);
        }
        out
    }

    /// The squares a rule could reach from `sq` in some position: on an
    /// empty board, but a hopper's whole ray beyond its first square.
    pub(crate) fn potential(&self, g: &Gen<B>, sq: Sq) -> B {
        match &g.kind {
            GenKind::Ride(_) | GenKind::Hop(..) | GenKind::Path(_) => super::potential(g, sq),
            GenKind::CaptureJump(dirs, opts) if opts.far => {
                // The whole rays but the first square.
                let b = self.board();
                let mut r = B::ZERO;
                for &d in dirs {
                    let mut q = b.step(sq, Dir(d)).and_then(|q| b.step(q, Dir(d)));
                    while let Some(t) = q {
                        r |= B::bit(t);
                        q = b.step(t, Dir(d));
                    }
                }
                r
            }
            GenKind::CaptureJump(dirs, _) => dirs
                .iter()
                .filter_map(|&d| self.board().walk(sq, Dir(d), 2))
                .fold(B::ZERO, |acc, t| acc | B::bit(t)),
            GenKind::Castle(_, steps) => [Dir::E, Dir::W]
                .into_iter()
                .filter_map(|d| self.board().walk(sq, d, u32::from(*steps)))
                .fold(B::ZERO, |acc, t| acc | B::bit(t)),
            _ => self.reach(g, sq, B::ZERO),
        }
    }

    /// The squares a rule may move to from `sq` for `side`: reach, filtered by
    /// what the rule may land on. For a removal, the enemy pieces it may take.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn targets(&self, st: &State<B>, g: &Gen<B>, sq: Sq, side: u8, occ: B) -> B {
        if let GenKind::Castle(partner, steps) = g.kind {
            return self.castle_targets(st, sq, side, occ, partner, steps);
        }
        if let GenKind::CaptureJump(..) = g.kind {
            let mut out = B::ZERO;
            self.jump_series(st, g, sq, side, &mut |to, _| {
                out |= B::bit(to);
                true
            });
            return out;
        }
        if let GenKind::Drop(sites, gravity, hand) = g.kind {
            if hand != NO_KIND && st.in_hand(side, hand) == 0 {
                return B::ZERO;
            }
            let mut empty = sites & !occ;
            if let Some(ts) = &g.to_set {
                empty &= self.to_set(st, ts, side);
            }
            if gravity == u8::MAX {
                return empty;
            }
            let b = self.board();
            let mut out = B::ZERO;
            for q in empty.iter() {
                if b.step(q, Dir(gravity)).is_none_or(|r| occ.has(r)) {
                    out |= B::bit(q);
                }
            }
            return out;
        }
        let r = self.reach(g, sq, occ);
        if g.piece == NO_KIND {
            // Removal: enemy pieces, never royal ones.
            let mut t =
                r & occ & !st.by_player[side as usize] & !self.royals(st, self.next_player(side));
            if let Some(ts) = &g.to_set {
                t &= self.to_set(st, ts, side);
            }
            return t;
        }
        r & landing(st, g.target, side, occ)
    }
}

/// The squares a move of `side` may end on by what it may land on
/// (`target`), whatever its start square: empty ones, enemy pieces,
/// either, or the square passed over that may be taken en passant.
#[inline]
pub(crate) fn landing<B: Bits>(st: &State<B>, target: Target, side: u8, occ: B) -> B {
    let mine = st.by_player[side as usize];
    match target {
        Target::Empty => !occ,
        Target::Enemy => occ & !mine,
        Target::NotFriend => !mine,
        Target::EnPassant => {
            // The square may be empty by now (the piece that passed was
            // taken or sent elsewhere): then there is nothing to take.
            if st.passer != crate::state::NO_SQ
                && st.at(st.passer) != EMPTY
                && code_player(st.at(st.passer)) != side
            {
                st.passed & !occ
            } else {
                B::ZERO
            }
        }
    }
}

impl<B: Bits> Gen<B> {
    /// Where [`Engine::targets`] is [`Engine::reach`] filtered by a set of
    /// squares alone (a piece's plain move): that set, the same from every
    /// start square ([`landing`]).
    #[inline]
    pub(crate) fn target_mask(&self, st: &State<B>, side: u8, occ: B) -> Option<B> {
        if self.piece == NO_KIND
            || matches!(
                self.kind,
                GenKind::Castle(..) | GenKind::CaptureJump(..) | GenKind::Drop(..)
            )
        {
            return None;
        }
        Some(landing(st, self.target, side, occ))
    }
}
