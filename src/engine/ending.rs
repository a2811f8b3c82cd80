//! The engine's side of conditions: the answers the evaluator asks for
//! ([`Rules`]), whether a piece attacks a square by its own rules, and the
//! end rules judged in a position.

use super::{Engine, GenKind, Seen, NO_KIND};
use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::compile::model::{Cond, IntExpr, OutcomeDef, Pattern, RelDir, SiteRef, Target, Worth};
use crate::eval::{Ctx, MoveCtx, Outcome, Rules};
use crate::state::{code_piece, code_player, Hist, State, EMPTY, NO_SQ};

impl<B: Bits> Rules<B> for Engine<B> {
    fn next_player(&self, p: u8) -> u8 {
        Engine::next_player(self, p)
    }
    fn site(&self, st: &State<B>, s: &SiteRef, mover: u8, from: Sq, to: Sq) -> Sq {
        Engine::site(self, st, s, mover, from, to)
    }
    fn monotone(&self) -> bool {
        self.monotone
    }
    fn earlier(&self, st: &State<B>, men: u8, hist: &[Hist]) -> usize {
        Engine::earlier(self, st, men, hist)
    }
    fn in_check(&self, st: &State<B>, player: u8) -> bool {
        Engine::in_check(self, st, player)
    }
    fn has_legal_at(&self, st: &State<B>, hist: &[Hist], level: usize) -> bool {
        Engine::has_legal_at(self, st, hist, level)
    }
    fn has_normal_move_at(&self, st: &State<B>, hist: &[Hist], level: usize) -> bool {
        Engine::has_normal_move_at(self, st, hist, level)
    }
    fn attacked(&self, st: &State<B>, sq: Sq, by: u8, occ: B) -> bool {
        Engine::attacked(self, st, sq, by, occ)
    }
    fn piece_attacks(&self, st: &State<B>, a: Sq, r: Sq) -> bool {
        Engine::piece_attacks(self, st, a, r)
    }
    fn royals(&self, st: &State<B>, player: u8) -> B {
        Engine::royals(self, st, player)
    }
    fn pattern_squares(&self, st: &State<B>, p: &Pattern, side: u8, to: Sq) -> B {
        Engine::pattern_squares(self, st, p, side, to)
    }
    fn in_full_line(&self, st: &State<B>, q: Sq) -> bool {
        Engine::in_full_line(self, st, q)
    }
    fn in_a_row(&self, mine: B, n: u32, exact: bool) -> bool {
        Engine::in_a_row(self, mine, n, exact)
    }
    fn connected(&self, mine: B, from: B, to: B) -> bool {
        Engine::connected(self, mine, from, to)
    }
    fn light(&self) -> B {
        self.light
    }
    fn liberties(&self, st: &State<B>, q: Sq, dirs: &[RelDir], mover: u8) -> u32 {
        let fwd = self.model.players[mover as usize].forward;
        Engine::liberties(self, st, q, super::dir_mask(dirs, fwd))
    }
    fn has_liberty(&self, st: &State<B>, q: Sq, dirs: &[RelDir], mover: u8) -> bool {
        let fwd = self.model.players[mover as usize].forward;
        Engine::has_liberty(self, st, q, super::dir_mask(dirs, fwd))
    }
    fn neighbours_along(&self, q: Sq, dirs: &[RelDir], mover: u8) -> B {
        let fwd = self.model.players[mover as usize].forward;
        let mut m = super::dir_mask(dirs, fwd);
        let next = self.board().neighbours(q);
        let mut out = B::ZERO;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            if let Some(n) = next[d] {
                out |= B::bit(n);
            }
        }
        out
    }
    fn area(&self, st: &State<B>, player: u8, dirs: &[RelDir]) -> u32 {
        let fwd = self.model.players[player as usize].forward;
        Engine::area(self, st, player, super::dir_mask(dirs, fwd))
    }
    fn board_key(&self, hash: u64, side: u8) -> u64 {
        Engine::board_key(self, hash, side)
    }
    fn start_count(&self, p: u8, k: u8) -> u8 {
        self.start_count[p as usize][k as usize]
    }
    fn lost_could_reach(&self, st: &State<B>, mover: u8, k: u8, to: Sq) -> bool {
        let class = &self.reach_class[k as usize];
        let c = class[to as usize];
        let started = self.start_squares[mover as usize][k as usize]
            .iter()
            .filter(|&s| class[s as usize] == c)
            .count();
        let here = st.pieces(k, mover);
        let now = here.iter().filter(|&s| class[s as usize] == c).count();
        // Never more of a kind than at the start, whatever the class.
        now < started && here.count() < u32::from(self.start_count[mover as usize][k as usize])
    }
}

impl<B: Bits> Engine<B> {
    /// Whether the piece on `a` could capture on `r` by one of its rules.
    pub(crate) fn piece_attacks(&self, st: &State<B>, a: Sq, r: Sq) -> bool {
        let c = st.at(a);
        if c == EMPTY {
            return false;
        }
        let (kind, owner) = (code_piece(c), code_player(c));
        let occ = st.occupied();
        self.gens[owner as usize].iter().any(|g| {
            g.piece == kind
                && g.phase == super::NORMAL
                && g.target != Target::Empty
                && !g.stuck
                && g.from_mask.has(a)
                && !matches!(g.kind, GenKind::Remove(_))
                && self.reach(g, a, occ).has(r)
                && g.guard.as_ref().is_none_or(|cond| {
                    Ctx::new(self, st, &[], None)
                        .in_move(MoveCtx::new(owner, a, r, kind))
                        .cond(cond)
                })
                && (self.promos[kind as usize]
                    .as_ref()
                    .is_none_or(|p| !p.zone[owner as usize].has(r))
                    || self.can_land(st, owner, kind, a, r))
        })
    }

    /// The result if an end rule holds in `st`, with the rule's index.
    /// `has_moves` passes on what the caller already knows.
    pub(crate) fn ending(
        &self,
        st: &State<B>,
        hist: &[Hist],
        has_moves: Option<bool>,
    ) -> Option<(Outcome, usize)> {
        self.ending_seen(st, hist, has_moves, Seen::Unknown)
    }

    /// [`Engine::ending`], knowing what `seen` says of how often the
    /// position occurred (so that its repetitions are not counted again).
    #[inline]
    pub(crate) fn ending_seen(
        &self,
        st: &State<B>,
        hist: &[Hist],
        has_moves: Option<bool>,
        seen: Seen<'_>,
    ) -> Option<(Outcome, usize)> {
        let reps = self.reps_seen(st, st.men(), seen);
        self.ending_reps(st, hist, has_moves, reps)
    }

    /// [`Engine::ending`], knowing how many times the position has occurred
    /// (counting now), where known.
    fn ending_reps(
        &self,
        st: &State<B>,
        hist: &[Hist],
        has_moves: Option<bool>,
        reps: Option<u8>,
    ) -> Option<(Outcome, usize)> {
        let ctx = Ctx::new(self, st, hist, None)
            .knowing_moves(has_moves)
            .knowing_reps(reps);
        let mut fewest = None;
        for &i in &self.end_order[usize::from(has_moves == Some(true))] {
            let (i, end) = (i as usize, &self.model.ends[i as usize]);
            if self.end_men[i] != u32::MAX {
                let least = *fewest.get_or_insert_with(|| {
                    st.by_player[..self.model.players.len()]
                        .iter()
                        .map(|b| b.count())
                        .min()
                        .unwrap_or(0)
                });
                if least > self.end_men[i] {
                    continue;
                }
            }
            let holds = if let Some((p, kind, sites)) = &self.end_reached[i] {
                let pl = ctx.player(*p) as usize;
                let mut on = st.by_player[pl] & sites[pl];
                if let Some(k) = kind {
                    on &= st.by_piece[*k as usize];
                }
                !on.is_empty()
            } else {
                match &end.cond {
                    // The two common end rules that need no context.
                    Cond::Repeated(n) => ctx.repeated(*n),
                    Cond::Cmp(op, IntExpr::PliesSince(counter), IntExpr::Lit(n)) => {
                        op.apply(i64::from(st.counters[*counter as usize]), *n)
                    }
                    _ => ctx.quick(&self.end_quick[i]),
                }
            };
            if holds {
                let o = match &end.outcome {
                    OutcomeDef::Win(p, k, worth, _) => Outcome::Win {
                        winner: ctx.player(*p) as usize,
                        kind: k.clone(),
                        worth: *worth,
                    },
                    OutcomeDef::Loss(p, k, worth, _) => Outcome::Win {
                        winner: self.next_player(ctx.player(*p)) as usize,
                        kind: k.clone(),
                        worth: *worth,
                    },
                    OutcomeDef::Draw(k) => Outcome::Draw { kind: k.clone() },
                    OutcomeDef::ByScore(e, k, komi) => {
                        // In half points, the komi added to the second player's.
                        let score = |p: u8| {
                            Ctx::new(self, st, hist, None)
                                .in_move(MoveCtx::new(p, NO_SQ, NO_SQ, NO_KIND))
                                .int(e)
                                .saturating_mul(2)
                        };
                        let (a, b) = (score(0), score(1).saturating_add(komi.0));
                        if a == b {
                            Outcome::Draw { kind: k.clone() }
                        } else {
                            Outcome::Win {
                                winner: usize::from(b > a),
                                kind: k.clone(),
                                worth: Worth::Win,
                            }
                        }
                    }
                };
                return Some((o, i));
            }
        }
        None
    }
}
