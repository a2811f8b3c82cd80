//! What end rules and restrictions surely do at a node, found once for the
//! node: which repetition counts and mobility bounds rule a condition in or
//! out ([`Engine::find_kills`], [`Engine::robustly_mobile`]).

use super::Engine;
use crate::bits::Bits;
use crate::compile::model::{Cond, PlayerRef, Target, MAX_PLAYERS};
use crate::state::State;

/// The most repetitions [`Engine::kills`] tells apart: its bits for this
/// many stand for any number from it up.
pub(super) const KILL_REPS: usize = 31;

/// What holds for every move of a node, found once for the node.
pub(super) struct Hints {
    /// The most times any position of the history (with this one) has occurred.
    pub(super) max_reps: usize,
    /// The player after the mover keeps a legal move whatever the mover does.
    pub(super) next_mobile: bool,
}

impl<B: Bits> Engine<B> {
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
    /// witnesses. In a game whose moves may change squares far from their
    /// own ([`Engine::far_moves`]) there is no such bound: never.
    pub(super) fn robustly_mobile(&self, st: &State<B>, player: u8, run: bool, blocked: B) -> bool {
        if self.far_moves {
            return false;
        }
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
    pub(super) fn exposed(&self, st: &State<B>, side: u8) -> B {
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
    pub(super) fn surely_false(&self, c: &Cond, h: &Hints, mover: u8, next: u8) -> bool {
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
    pub(super) fn named(&self, p: PlayerRef, mover: u8, next: u8) -> u8 {
        match p {
            PlayerRef::Next => next,
            PlayerRef::Opponent => self.next_player(mover),
            PlayerRef::Fixed(i) => i,
            PlayerRef::Mover => mover,
        }
    }

    pub(super) fn surely_true(&self, c: &Cond, h: &Hints, mover: u8, next: u8) -> bool {
        match c {
            Cond::And(cs) => cs.iter().all(|c| self.surely_true(c, h, mover, next)),
            Cond::Or(cs) => cs.iter().any(|c| self.surely_true(c, h, mover, next)),
            Cond::Not(c) => self.surely_false(c, h, mover, next),
            Cond::Is(a, b) => self.named(*a, mover, next) == self.named(*b, mover, next),
            _ => false,
        }
    }
}
