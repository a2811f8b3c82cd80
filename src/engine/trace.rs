//! Attacks that a piece standing in the way can stop (slides, rides, lame
//! leaps) or make (hops), traced backwards from each target square: the
//! check rule then tests only the moves that leave or reach the squares
//! between a royal piece and the enemy pieces that could attack it that
//! way ([`Engine::uncovered`]), rather than every move.

use super::{Engine, GenKind};
use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::compile::model::{Cond, SiteRef};
use crate::state::State;

/// The most squares-between an engine keeps traced, over all its rules;
/// beyond, every move is tested as before.
const MAX_TRACED: usize = 1 << 20;

/// For one target square: each square an attack may come from, with the
/// squares between.
pub(crate) type Lines<B> = Box<[(Sq, B)]>;

/// A square an attack may come from, the square it reaches, and the
/// squares between.
type Reach<B> = (Sq, Sq, B);

/// One attacking rule of a player, traced backwards.
#[derive(Clone, Debug)]
pub(crate) struct Trace<B: Bits> {
    /// The kind of piece that attacks by it.
    pub piece: u8,
    /// The squares it may attack from.
    pub from_mask: B,
    /// Whether a piece arriving between can make the attack (a hurdle).
    pub hop: bool,
    /// For each target square: each square from which the rule reaches it
    /// on an empty board, with the squares between, whose contents decide
    /// whether it does on the board as it stands.
    pub lines: Box<[Lines<B>]>,
}

/// Whether a condition of an attacking rule reads nothing but what stands
/// on the attacker's own square and on its target, and nothing that a
/// piece's move elsewhere changes: whether another square is occupied.
fn ends_only(c: &Cond) -> bool {
    match c {
        Cond::And(cs) | Cond::Or(cs) => cs.iter().all(ends_only),
        Cond::Not(c) => ends_only(c),
        Cond::Holds(s, ..) => matches!(s, SiteRef::From | SiteRef::To),
        c => super::conds::own_square_only(c) || !super::sensitivity(c).occupancy,
    }
}

impl<B: Bits> Engine<B> {
    /// Traces each player's attacks where some can be blocked
    /// ([`super::Attacks::blockable`]) and every such rule is a slide, a
    /// ride, a hop or a lame leap whose condition reads only its two ends
    /// (otherwise none is traced, and every move is tested). Not where some
    /// move has effects on the board beyond its two squares: such a move
    /// may empty or fill any square.
    pub(super) fn find_traces(&mut self) {
        let mut budget = MAX_TRACED;
        let elsewhere = self.acting.iter().any(|&a| a)
            || self.promos.iter().flatten().any(|p| {
                p.rules
                    .iter()
                    .any(|r| !r.after.is_empty() || r.relocate.is_some())
            });
        if elsewhere {
            return;
        }
        for p in 0..self.players() as usize {
            if !self.attacks[p].blockable {
                continue;
            }
            let mut traces = Vec::new();
            let mut whole = true;
            for &gi in &self.attacks[p].forward {
                let g = &self.gens[p][gi];
                if !g.guard.as_ref().is_none_or(ends_only) {
                    whole = false;
                    break;
                }
                let Some((hop, pairs)) = self.reaches(&g.kind) else {
                    whole = false;
                    break;
                };
                if pairs.is_empty() {
                    continue;
                }
                if pairs.len() > budget {
                    whole = false;
                    break;
                }
                budget -= pairs.len();
                let mut lines: Vec<Vec<(Sq, B)>> = vec![Vec::new(); self.rays.len()];
                for (s, q, between) in pairs {
                    lines[q as usize].push((s, between));
                }
                traces.push(Trace {
                    piece: g.piece,
                    from_mask: g.from_mask,
                    hop,
                    lines: lines.into_iter().map(Vec::into_boxed_slice).collect(),
                });
            }
            if whole {
                self.attacks[p].traced = Some(traces.into_boxed_slice());
            }
        }
    }

    /// Every square a rule of kind `kind` reaches from every square on an
    /// empty board, with the squares between: `(from, to, between)`, and
    /// whether the rule hops; none for a leap (nothing stands between);
    /// `None` for a kind whose reach is not decided by such squares alone.
    fn reaches(&self, kind: &GenKind<B>) -> Option<(bool, Vec<Reach<B>>)> {
        let n = self.rays.len();
        let mut out = Vec::new();
        let along = |out: &mut Vec<Reach<B>>, s: Sq, d: u8, within: B| {
            for q in (self.rays[s as usize][d as usize] & within).iter() {
                let reach = self.ray_attack(s, d, B::bit(q));
                out.push((s, q, reach & !B::bit(q)));
            }
        };
        let hop = match kind {
            GenKind::Leap(_) => false,
            GenKind::Slide(ds) => {
                for s in 0..n as Sq {
                    for &d in ds {
                        along(&mut out, s, d, self.all);
                    }
                }
                false
            }
            GenKind::SlideRange(ds, near) => {
                for s in 0..n as Sq {
                    for &d in ds {
                        along(&mut out, s, d, near[s as usize][d as usize]);
                    }
                }
                false
            }
            GenKind::Ride(rays) | GenKind::Hop(rays, _) => {
                for (s, per) in rays.iter().enumerate() {
                    for ray in per {
                        let mut between = B::ZERO;
                        for &q in ray {
                            out.push((s as Sq, q, between));
                            between |= B::bit(q);
                        }
                    }
                }
                matches!(kind, GenKind::Hop(..))
            }
            GenKind::Path(paths) => {
                for (s, per) in paths.iter().enumerate() {
                    for &(q, between) in per {
                        out.push((s as Sq, q, between));
                    }
                }
                false
            }
            GenKind::Remove(_)
            | GenKind::Castle(..)
            | GenKind::CaptureJump(..)
            | GenKind::Drop(..)
            | GenKind::Pass => return None,
        };
        Some((hop, out))
    }

    /// Where `side`'s enemy's attacks are traced ([`Trace`]): the squares
    /// between `side`'s royal pieces and the enemy pieces that could attack
    /// them by a traced rule (a move leaving one of them may uncover an
    /// attack), and those of them on a hop's way (a piece arriving may make
    /// one). `None` where the enemy's blockable attacks are not traced.
    #[inline]
    pub(super) fn uncovered(&self, st: &State<B>, side: u8) -> Option<(B, B)> {
        let enemy = self.next_player(side);
        let traces = self.attacks[enemy as usize].traced.as_deref()?;
        let royals = self.royals(st, side);
        let (mut left, mut reached) = (B::ZERO, B::ZERO);
        for t in traces {
            let theirs = st.pieces(t.piece, enemy) & t.from_mask;
            if theirs.is_empty() {
                continue;
            }
            for k in royals.iter() {
                for &(s, between) in &t.lines[k as usize] {
                    if theirs.has(s) {
                        left |= between;
                        if t.hop {
                            reached |= between;
                        }
                    }
                }
            }
        }
        Some((left, reached))
    }
}
