//! Whether a move leaves the mover's royal pieces safe, without making it
//! where that is safe to skip: pins, evasion squares, the danger lines and
//! the check after the opponent's last move.

use super::gen::few;
use super::{Engine, Gen, NO_KIND};
use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::eval::{Ctx, MoveCtx};
use crate::moves::{Move, NO_PIECE};
use crate::state::{State, NO_SQ, OWN_MOVE};

/// What a position's legality tests share.
pub(crate) struct Legality<B: Bits> {
    pub(super) side: u8,
    pub(super) occ: B,
    pub(super) in_check: bool,
    /// The squares from which a move must be tested against check: the
    /// pinned pieces, and where blockable attacks are traced the squares
    /// between ([`Engine::uncovered`]); every square if attacks can be
    /// uncovered otherwise, or if they were not computed.
    pub(super) danger: B,
    /// Captures must be tested (an enemy attack depends on piece counts).
    pub(super) test_captures: bool,
    /// Squares the phase forbids moves to.
    pub(super) blocked: B,
    /// How many royal pieces the player to move has: 0, 1, or 2 for more.
    pub(super) royals: u32,
    /// Whether every square counts as a danger square (see [`Engine::danger`]).
    pub(super) danger_all: bool,
    /// The squares onto which a move must be tested: where a piece arriving
    /// may make an attack (a hurdle on a hop's way); every square where the
    /// enemy's blockable attacks are not traced.
    pub(super) danger_to: B,
    /// The squares onto which a move from a safe square must be tested:
    /// `danger_to`, and where attacks count pieces, the occupied squares.
    pub(super) test_to: B,
    /// In check by one piece, where attacks depend only on where pieces
    /// stand: the squares where a move of a piece that is neither royal nor
    /// pinned ends the check (taking the checking piece, or standing in
    /// its way); in double check none. `None` otherwise.
    pub(super) evasion: Option<B>,
}

impl<B: Bits> Engine<B> {
    pub(crate) fn legality(&self, st: &State<B>) -> Legality<B> {
        self.legality_with(st, true)
    }

    /// [`Engine::legality`]; without `danger`, the pinned pieces are not
    /// found and every square counts as dangerous (moves judged one by one
    /// ask [`Engine::is_pinned`] instead).
    #[inline]
    pub(super) fn legality_with(&self, st: &State<B>, danger: bool) -> Legality<B> {
        if self.check_rule.is_none() {
            // No check rule: no move is refused for what it uncovers.
            return Legality {
                evasion: None,
                danger_all: false,
                danger_to: B::ZERO,
                test_to: B::ZERO,
                royals: 0,
                blocked: self.phase_mask(st),
                side: st.side,
                occ: st.occupied(),
                in_check: false,
                danger: B::ZERO,
                test_captures: false,
            };
        }
        self.legality_checked(st, danger)
    }

    /// [`Engine::legality_with`] under a check rule.
    #[inline(never)]
    fn legality_checked(&self, st: &State<B>, danger: bool) -> Legality<B> {
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
        // Blockable attacks, traced: the squares whose moves they concern
        // (not for moves judged one by one, as a random draw judges them:
        // there one test costs less than tracing).
        let traced = if danger && att.blockable && !threat_blockable {
            self.uncovered(st, side)
        } else {
            None
        };
        let danger_all = att.blockable && traced.is_none() || threat_blockable;
        let (uncovered, danger_to) = match traced {
            Some(t) => t,
            None if att.blockable => (self.all, self.all),
            None => (B::ZERO, B::ZERO),
        };
        let in_check = self.in_check_after(st, side);
        let danger = if !danger || danger_all {
            self.all
        } else {
            self.pins(st, side) | uncovered
        };
        let evasion = if in_check {
            self.evasion(st, side, occ)
        } else {
            None
        };
        let test_captures = att.counts || threat_counts;
        Legality {
            evasion,
            danger_all,
            danger_to,
            test_to: if test_captures {
                occ | danger_to
            } else {
                danger_to
            },
            // Only reached under a check rule (see `legality_with`).
            royals: few(self.royals(st, side)),
            blocked: self.phase_mask(st),
            side,
            occ,
            in_check,
            danger,
            test_captures,
        }
    }

    /// Squares from which a move might uncover an attack on `side`'s royal
    /// pieces: the lines from each royal piece towards an enemy slider.
    pub(super) fn danger(&self, st: &State<B>, side: u8) -> B {
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
    pub(super) fn danger_lines(&self, st: &State<B>, side: u8) -> B {
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
    pub(super) fn in_check_after(&self, st: &State<B>, side: u8) -> bool {
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
    pub(super) fn evasion(&self, st: &State<B>, side: u8, occ: B) -> Option<B> {
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
    pub(super) fn pins(&self, st: &State<B>, side: u8) -> B {
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
    pub(super) fn is_pinned(&self, st: &State<B>, side: u8, sq: Sq) -> bool {
        let occ = st.occupied();
        self.royals(st, side)
            .iter()
            .any(|r| self.pinner(st, side, r, sq, occ).is_some())
    }

    /// The enemy slider that pins the piece of `side` on `sq` to the royal
    /// piece on `r` (`sq` the first piece from `r` on their line, the
    /// slider the next, sliding towards `r`), with the direction from `r`.
    fn pinner(&self, st: &State<B>, side: u8, r: Sq, sq: Sq, occ: B) -> Option<(Sq, u8)> {
        let other = self.next_player(side);
        let d = self.line_dir[r as usize * self.rays.len() + sq as usize];
        if d == u8::MAX || self.first_blocker(r, d, occ) != Some(sq) {
            return None;
        }
        let sliders = st.of_kinds(
            self.attacks[other as usize].slides[((d + 4) & 7) as usize],
            other,
        );
        let b = self.first_blocker(sq, d, occ)?;
        sliders.has(b).then_some((b, d))
    }

    /// For a piece on `from` pinned to the mover's one royal piece, where
    /// nothing but slides can be uncovered and attacks depend only on where
    /// pieces stand: the squares its plain moves (rule `g`'s, see
    /// [`Engine::plain_make`]) may end on and leave the royal piece as
    /// safe as it was, those between the royal piece and the pinning
    /// slider and the slider's own (a piece that leaves the line, or leaps
    /// beyond the slider, uncovers the attack). `None` where the moves
    /// must be tested one by one: out of those cases, in check, where the
    /// piece's promotions have effects of their own, or where the piece is
    /// not pinned.
    #[inline]
    pub(super) fn pin_line(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        g: &Gen<B>,
        from: Sq,
        plainly: bool,
    ) -> Option<B> {
        let enemy = self.next_player(lg.side);
        // Not `plainly` (see `moves_plainly`: a promotion's effects,
        // `then:` or `moveTo:`, change squares beyond the move's two): such
        // moves are made and tested.
        if !self.plain_make[g.rule as usize]
            || !plainly
            || lg.in_check
            || lg.royals != 1
            || lg.test_captures
            || !self.simple_attacks[enemy as usize]
            || self.attacks[enemy as usize].blockable
        {
            return None;
        }
        let k = self.royals(st, lg.side).lsb();
        let (pinner, d) = self.pinner(st, lg.side, k, from, lg.occ)?;
        Some(self.rays[k as usize][d as usize] & !self.rays[pinner as usize][d as usize])
    }

    /// Whether a royal piece of `side` stands on one of `zone` within reach
    /// of an enemy piece that must promote to capture there (so whether it
    /// is attacked depends on what that promotion allows).
    #[inline]
    pub(super) fn zone_threat(&self, st: &State<B>, side: u8, zone: B) -> bool {
        !zone.is_empty() && self.zone_threat_in(st, side, zone)
    }

    /// [`Engine::zone_threat`] for a zone that is not empty.
    #[inline]
    pub(super) fn zone_threat_in(&self, st: &State<B>, side: u8, zone: B) -> bool {
        let enemy = self.next_player(side);
        (self.royals(st, side) & zone)
            .iter()
            .any(|r| !self.zone_quiet(st, r, enemy))
    }

    /// Whether no piece of `by` that promotes to kinds found as it moves
    /// can capture on `sq` (so whether `sq` is attacked depends on nothing
    /// such a promotion allows).
    #[inline]
    pub(crate) fn zone_quiet(&self, st: &State<B>, sq: Sq, by: u8) -> bool {
        let att = &self.attacks[by as usize];
        !att.dyn_other
            && att
                .dyn_leaps
                .iter()
                .all(|(k, rev)| (rev[sq as usize] & st.pieces(*k, by)).is_empty())
    }

    /// Whether a move of rule `g` changes the board only by a piece of no
    /// kind that is or may become royal leaving its square for where it
    /// lands (no effects that act, see [`Engine::effects_tested`]): what
    /// every shortcut of the check rule asks first.
    #[inline]
    pub(super) fn moves_plainly(&self, g: &Gen<B>) -> bool {
        (g.piece == NO_KIND || self.royalish & (1 << g.piece) == 0)
            && !self.effects_tested[g.rule as usize]
    }

    /// [`Engine::moves_plainly`] for the moves of rule `g` that do not
    /// promote (see [`Engine::unpromoted_tested`]).
    #[inline]
    pub(super) fn moves_plainly_unpromoted(&self, g: &Gen<B>) -> bool {
        (g.piece == NO_KIND || self.royalish & (1 << g.piece) == 0)
            && !self.unpromoted_tested[g.rule as usize]
    }

    /// Whether the check rule needs no test for a move of rule `g` from
    /// `from` (`capture`: the move takes a piece).
    #[inline]
    pub(super) fn safe(&self, lg: &Legality<B>, g: &Gen<B>, from: Sq, capture: bool) -> bool {
        if self.check_rule.is_none() {
            return true;
        }
        !lg.in_check
            && self.moves_plainly(g)
            && (from == NO_SQ || !lg.danger.has(from))
            && !(lg.test_captures && capture)
    }

    /// [`Engine::safe`] for a move of rule `g` from `from` to `to`: and not
    /// onto a square where a piece arriving may make an attack.
    #[inline]
    pub(super) fn safe_to(&self, lg: &Legality<B>, g: &Gen<B>, from: Sq, to: Sq) -> bool {
        self.safe(lg, g, from, false) && !lg.test_to.has(to)
    }

    /// Whether the check rule needs no test for any move of rule `g` from
    /// `froms` ([`Engine::safe`] for each, captures or not).
    #[inline]
    pub(super) fn all_safe(&self, lg: &Legality<B>, g: &Gen<B>, froms: B) -> bool {
        self.check_rule.is_none()
            || (!lg.in_check
                && !lg.test_captures
                && self.moves_plainly(g)
                && (froms & lg.danger).is_empty()
                && lg.danger_to.is_empty())
    }

    /// [`Engine::passes_check`], without making the move where it is the
    /// only royal piece moving by a plain rule and attacks depend only on
    /// where pieces stand: then the move is legal if its destination is not
    /// attacked once the piece has left its square.
    /// Where attacks read only the board, such a move is judged on a copy
    /// where the piece has only been moved (no hash, counters or turn).
    #[inline]
    pub(super) fn passes_check_in(&self, st: &State<B>, lg: &Legality<B>, m: Move) -> bool {
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

    /// The squares of `t` a royal piece's plain moves from `from` reach
    /// legally, judged all at once (as [`Engine::passes_check_in`] judges
    /// each, by whether its destination is attacked), and those that must
    /// be tested one by one (where an attack depends on
    /// a promotion found as it moves); `None` where that does not apply.
    pub(super) fn royal_split(
        &self,
        st: &State<B>,
        lg: &Legality<B>,
        g: &Gen<B>,
        from: Sq,
        t: B,
    ) -> Option<(B, B)> {
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
        Some((quiet & !self.attacked_among(st, quiet, enemy, occ), loud))
    }

    /// Whether a royal piece's plain move to `to` is legal exactly when `to`
    /// is not attacked by `enemy` once the piece has moved there, judged on
    /// the board as it stands: `enemy`'s attacks read only where pieces stand
    /// (or only the attacker's own square), and no promotion found as it
    /// moves decides an attack on `to`.
    #[inline]
    pub(super) fn attack_decides(&self, st: &State<B>, enemy: u8, to: Sq) -> bool {
        let att = &self.attacks[enemy as usize];
        self.simple_attacks[enemy as usize]
            || (self.own_attacks[enemy as usize]
                && (!(att.zone_counts | att.zone_blockable).has(to)
                    || self.zone_quiet(st, to, enemy)))
    }

    /// Whether `m` leaves the mover's royal pieces unattacked.
    #[inline]
    pub(super) fn passes_check(&self, st: &State<B>, m: Move) -> bool {
        let mut child = *st;
        self.make(&mut child, m);
        !self.in_check(&child, st.side)
    }
}
