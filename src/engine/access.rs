//! The engine's small accessors: squares and players, turns and phases,
//! rays, royal pieces, promotion targets, sites.

use super::{Engine, Gen, NORMAL, PART_BASE};
use crate::bits::Bits;
use crate::compile::board::Board;
use crate::compile::board::Sq;
use crate::compile::model::{KindExpr, SiteRef};
use crate::state::{State, NO_SQ};

impl<B: Bits> Engine<B> {
    /// Number of squares.
    #[inline]
    pub(crate) fn squares(&self) -> usize {
        self.rays.len()
    }

    /// The board.
    pub(crate) fn board(&self) -> &Board {
        &self.model.board
    }

    /// Number of players.
    #[inline]
    pub(crate) fn players(&self) -> u8 {
        self.model.players.len() as u8
    }

    /// The player after `p` in turn order.
    #[inline]
    pub(crate) fn next_player(&self, p: u8) -> u8 {
        if p + 1 >= self.players() {
            0
        } else {
            p + 1
        }
    }

    /// Puts a state into phase `p` (or the first later phase that has moves),
    /// with the first player to move.
    pub(crate) fn enter_phase(&self, st: &mut State<B>, p: usize) {
        (st.phase, st.phase_left) = self.phase_entered(p);
    }

    /// The phase and the moves left in it on entering phase `p` (the first
    /// from it on that has moves).
    fn phase_entered(&self, mut p: usize) -> (u8, u8) {
        while let Some(ph) = self.model.phases.get(p) {
            if ph.moves_each > 0 {
                return (p as u8, ph.moves_each.min(255) as u8);
            }
            p += 1;
        }
        (self.model.phases.len() as u8, 0)
    }

    /// Who moves after a move in `st`, in which phase, with how many moves
    /// left in it: `(side, phase, phase_left)`.
    pub(crate) fn next_turn(&self, st: &State<B>) -> (u8, u8, u8) {
        let next = self.next_player(st.side);
        let Some(ph) = self.model.phases.get(st.phase as usize) else {
            return (next, st.phase, st.phase_left);
        };
        let left = st.phase_left.saturating_sub(1);
        if left > 0 {
            (st.side, st.phase, left)
        } else if next == 0 {
            let (phase, left) = self.phase_entered(st.phase as usize + 1);
            (next, phase, left)
        } else {
            (next, st.phase, ph.moves_each.min(255) as u8)
        }
    }

    /// Whether rule `g` is played in the state's phase: a phase's own moves
    /// in that phase, the pieces' moves otherwise.
    #[inline]
    pub(crate) fn in_phase(&self, st: &State<B>, g: &Gen<B>) -> bool {
        g.phase == self.phase_of_moves(st)
    }

    /// The phase whose move rules are in force in `st` ([`NORMAL`] for
    /// normal play, or a phase without moves of its own).
    #[inline]
    pub(crate) fn phase_of_moves(&self, st: &State<B>) -> u8 {
        if st.part != 0 {
            return PART_BASE + st.part - 1;
        }
        if self.model.phases.is_empty() {
            return NORMAL;
        }
        let active = self
            .model
            .phases
            .get(st.phase as usize)
            .is_some_and(|p| !p.moves.is_empty());
        if active {
            st.phase
        } else {
            NORMAL
        }
    }

    /// The squares attacked by a slide from `sq` in direction `d`, stopping
    /// on the first piece of `occ`.
    #[inline]
    pub(crate) fn ray_attack(&self, sq: Sq, d: u8, occ: B) -> B {
        let ray = self.rays[sq as usize][d as usize];
        let blockers = ray & occ;
        if blockers.is_empty() {
            ray
        } else {
            let b = if self.dir_up[d as usize] {
                blockers.lsb()
            } else {
                blockers.msb()
            };
            ray ^ self.rays[b as usize][d as usize]
        }
    }

    /// [`Engine::ray_attack`] without a branch on whether a piece stops the
    /// ray: its last square stands in for one (nothing lies beyond it).
    /// Faster where rays often run to the edge (slides that take nothing,
    /// on open boards); slower where a piece nearly always stops them.
    #[inline]
    pub(crate) fn ray_attack_open(&self, sq: Sq, d: u8, occ: B) -> B {
        let ray = self.rays[sq as usize][d as usize];
        let blockers = (ray & occ) | B::bit(self.ray_end[sq as usize][d as usize]);
        let b = if self.dir_up[d as usize] {
            blockers.lsb()
        } else {
            blockers.msb()
        };
        ray ^ self.rays[b as usize][d as usize]
    }

    /// The first piece of `occ` from `sq` in direction `d`.
    #[inline]
    pub(crate) fn first_blocker(&self, sq: Sq, d: u8, occ: B) -> Option<Sq> {
        let blockers = self.rays[sq as usize][d as usize] & occ;
        if blockers.is_empty() {
            None
        } else if self.dir_up[d as usize] {
            Some(blockers.lsb())
        } else {
            Some(blockers.msb())
        }
    }

    /// The squares holding `player`'s royal pieces.
    #[inline]
    pub(crate) fn royals(&self, st: &State<B>, player: u8) -> B {
        st.of_kinds(self.royal, player)
    }

    /// Whether `player` has a royal piece under attack.
    pub(crate) fn in_check(&self, st: &State<B>, player: u8) -> bool {
        let occ = st.occupied();
        let by = self.next_player(player);
        self.royals(st, player)
            .iter()
            .any(|k| self.attacked(st, k, by, occ))
    }

    /// Every kind a piece of `kind` might promote to.
    pub(crate) fn promotion_targets(&self, kind: u8) -> Vec<u8> {
        let Some(p) = self.promos.get(kind as usize).and_then(Option::as_ref) else {
            return Vec::new();
        };
        let mut out: Vec<u8> = Vec::new();
        for r in &p.rules {
            match &r.kinds {
                KindExpr::Fixed(k) => out.extend(k.iter().map(|&x| x as u8)),
                KindExpr::StartKind(_) | KindExpr::Lost => out.extend(
                    (0..self.model.pieces.len() as u8)
                        .filter(|&k| k != kind && self.royal & (1 << k) == 0),
                ),
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The square a [`SiteRef`] names for a move from `from` to `to` by `mover`.
    pub(crate) fn site(&self, st: &State<B>, s: &SiteRef, mover: u8, from: Sq, to: Sq) -> Sq {
        match s {
            SiteRef::From => from,
            SiteRef::To => to,
            SiteRef::Square(q) => *q,
            SiteRef::Adjacent(d) => {
                if from == NO_SQ {
                    return NO_SQ;
                }
                let fwd = self.model.players[mover as usize].forward;
                self.board().step(from, d.resolve(fwd)).unwrap_or(NO_SQ)
            }
            SiteRef::Origin => {
                if from == NO_SQ {
                    NO_SQ
                } else {
                    st.origin_of(from)
                }
            }
            SiteRef::StartOf(k) => {
                let s = self.start_squares[mover as usize][*k as usize];
                if s.is_empty() {
                    NO_SQ
                } else {
                    s.lsb()
                }
            }
            SiteRef::HomeOf(inner) => {
                let q = self.site(st, inner, mover, from, to);
                if q == NO_SQ {
                    return NO_SQ;
                }
                let fwd = self.model.players[mover as usize].forward;
                let back = fwd.opposite();
                let mut cur = q;
                while let Some(nx) = self.board().step(cur, back) {
                    cur = nx;
                }
                cur
            }
        }
    }
}
