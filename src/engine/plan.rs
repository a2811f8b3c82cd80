//! How the engine finds moves fast, decided once when it is built: which
//! rules give their moves as square sets, how random draws weigh each
//! rule's moves, and which rules may make the same move (and so cannot be
//! counted in bulk).

use super::conds::exclusive;
use super::{Dir, DrawGroup, DrawRule, Draws, Engine, Gen, GenKind, Target, NORMAL, NO_KIND};
use crate::bits::Bits;
use crate::compile::board::Sq;
use crate::compile::model::MoveKind;

impl<B: Bits> Engine<B> {
    /// Which rules give their moves as square sets ([`Gen::sets`]), and
    /// which random draws weigh as sets ([`Gen::draw_sets`]).
    pub(super) fn find_sets(&mut self) {
        for g in self.gens.iter_mut().flatten() {
            g.sets = if g.piece == NO_KIND {
                matches!(g.kind, GenKind::Drop(..))
                    && (g.guard.is_none()
                        || g.guard_fixed
                        || g.to_set.as_ref().is_some_and(|t| t.exact))
            } else {
                self.promos
                    .get(g.piece as usize)
                    .is_none_or(Option::is_none)
                    && !matches!(g.kind, GenKind::Castle(..) | GenKind::CaptureJump(..))
                    && g.target != Target::EnPassant
                    && (g.guard.is_none() || g.guard_by_from)
            };
            g.draw_sets = g.sets
                && (matches!(
                    g.kind,
                    GenKind::Drop(..)
                        | GenKind::Slide(_)
                        | GenKind::SlideRange(..)
                        | GenKind::Ride(_)
                ) || g.guard_fixed && matches!(g.kind, GenKind::Leap(_)));
        }
    }

    /// The rules as random draws see them ([`Engine::draws`]), and the
    /// first steps of plain rules.
    pub(super) fn find_draws(&mut self) {
        let n = self.squares();
        for p in 0..self.players() as usize {
            let mut draws = Draws::default();
            for (gi, g) in self.gens[p].iter().enumerate() {
                if g.stuck {
                    continue;
                }
                if !g.bulk {
                    draws.listed.push((gi as u16, g.phase));
                    continue;
                }
                let most_at = self.most.len() as u32;
                for sq in 0..n as Sq {
                    let w = g.moves_to(self.potential(g, sq));
                    self.most.push(u16::try_from(w).unwrap_or(u16::MAX));
                }
                let rule = DrawRule {
                    gen: gi as u16,
                    from_mask: g.from_mask,
                    most_at,
                };
                match draws
                    .groups
                    .iter_mut()
                    .find(|d| d.piece == g.piece && d.phase == g.phase)
                {
                    Some(d) => {
                        d.from_mask |= g.from_mask;
                        d.rules.push(rule);
                    }
                    None => draws.groups.push(DrawGroup {
                        piece: g.piece,
                        phase: g.phase,
                        from_mask: g.from_mask,
                        most_at: 0,
                        uniform: 0,
                        rules: vec![rule],
                    }),
                }
            }
            // Each group's most moves per square: the sum over its rules.
            for d in &mut draws.groups {
                d.most_at = self.most.len() as u32;
                let mut uniform = None;
                for sq in 0..n as Sq {
                    let w = d
                        .rules
                        .iter()
                        .filter(|r| r.from_mask.has(sq))
                        .map(|r| u32::from(self.most[r.most_at as usize + sq as usize]))
                        .sum::<u32>();
                    let w = u16::try_from(w).unwrap_or(u16::MAX);
                    self.most.push(w);
                    if d.from_mask.has(sq) && *uniform.get_or_insert(w) != w {
                        uniform = Some(0);
                    }
                }
                d.uniform = uniform.unwrap_or(0);
            }
            self.draws[p] = draws;
            let board = &self.model.board;
            for g in &mut self.gens[p] {
                g.first_steps = match &g.kind {
                    GenKind::Leap(table) => table.clone(),
                    GenKind::Slide(ds) => (0..board.len() as Sq)
                        .map(|sq| {
                            ds.iter()
                                .filter_map(|&d| board.step(sq, Dir(d)))
                                .fold(B::ZERO, |acc, q| acc | B::bit(q))
                        })
                        .collect(),
                    _ => Box::default(),
                };
            }
            // The rules the mobility bound reads, those that find many
            // pieces at once first.
            let mut order: Vec<u16> = (0..self.gens[p].len() as u16)
                .filter(|&gi| {
                    let g = &self.gens[p][gi as usize];
                    g.plain
                        && g.phase == NORMAL
                        && self.royalish & (1 << g.piece) == 0
                        && !g.first_steps.is_empty()
                })
                .collect();
            order.sort_by_key(|&gi| self.gens[p][gi as usize].shifts.is_empty());
            self.mobility[p] = order.into_boxed_slice();
        }
    }

    /// Marks the rules two of which can make moves that read alike: the
    /// same piece put down on the same square, a removal from the same
    /// square, a pass, a piece's move to the same square by two rules that
    /// do different things there (rules in force together, with
    /// conditions that can hold together). The notation numbers such moves
    /// where they meet ([`Engine::alike`]). Two rules of a piece that make
    /// the same move and do the same thing make it once, the first of them
    /// ([`Engine::find_overlaps`]).
    pub(super) fn find_alike(&mut self) {
        let dropped = |rule: u8| match self.model.moves[rule as usize].kind {
            MoveKind::Drop { piece, .. } => Some(piece),
            _ => None,
        };
        let mut alike = vec![false; self.model.moves.len()];
        for gens in &self.gens[..self.players() as usize] {
            for (i, a) in gens.iter().enumerate() {
                for b in &gens[i + 1..] {
                    if a.rule == b.rule || !may_meet(a, b) {
                        continue;
                    }
                    let meet = match (&a.kind, &b.kind) {
                        (GenKind::Drop(x, ..), GenKind::Drop(y, ..)) => {
                            dropped(a.rule) == dropped(b.rule) && !(*x & *y).is_empty()
                        }
                        (GenKind::Remove(x), GenKind::Remove(y)) => !(*x & *y).is_empty(),
                        (GenKind::Pass, GenKind::Pass) => true,
                        _ => {
                            a.piece != NO_KIND
                                && a.piece == b.piece
                                && !self.same_deeds(a.rule, b.rule)
                                && self.may_share_move(a, b)
                        }
                    };
                    if meet {
                        alike[a.rule as usize] = true;
                        alike[b.rule as usize] = true;
                    }
                }
            }
        }
        self.alike = alike.into();
    }

    /// Marks the kinds two of whose rules can make the same move (same
    /// squares, both able to land on the same kind of square, both moving or
    /// both capturing without moving, conditions that can hold together)
    /// and do the same thing with it ([`Engine::same_deeds`]), and takes
    /// them off bulk counting. Such a move is made once, by the first of
    /// the rules: [`Engine::same_as`] names, for each rule, the first rule
    /// of its piece that does the same thing. (Rules that do different
    /// things make moves of their own, numbered: [`Engine::find_alike`].)
    pub(super) fn find_overlaps(&mut self) {
        let rules = &self.model.moves;
        let same_as = (0..rules.len())
            .map(|r| {
                let first = (0..r).find(|&o| {
                    rules[o].piece.is_some()
                        && rules[o].piece == rules[r].piece
                        && self.same_deeds(o as u8, r as u8)
                });
                first.unwrap_or(r) as u8
            })
            .collect();
        self.same_as = same_as;
        for p in 0..self.players() as usize {
            let gens = &self.gens[p];
            let mut kinds = 0u32;
            for (i, a) in gens.iter().enumerate() {
                if a.piece == NO_KIND {
                    continue;
                }
                for b in &gens[i + 1..] {
                    if b.piece != a.piece
                        || !self.same_deeds(a.rule, b.rule)
                        || !self.may_share_move(a, b)
                    {
                        continue;
                    }
                    kinds |= 1 << a.piece;
                }
            }
            self.overlap[p] = kinds;
            for g in &mut self.gens[p] {
                if g.piece != NO_KIND && kinds & (1 << g.piece) != 0 {
                    g.bulk = false;
                    g.count_bulk = false;
                    g.lists_bulk = false;
                }
            }
        }
    }

    /// Whether two rules of a player, of the same piece, can make the same
    /// move in some position: in force together ([`may_meet`]), from a
    /// square both can start from, to a square both can reach.
    fn may_share_move(&self, a: &Gen<B>, b: &Gen<B>) -> bool {
        may_meet(a, b)
            && (a.from_mask & b.from_mask)
                .iter()
                .any(|sq| !(self.potential(a, sq) & self.potential(b, sq)).is_empty())
    }

    /// Whether two move rules (indices into the model's) do the same thing
    /// with a move they both make ([`MoveDef::same_deeds`]).
    ///
    /// [`MoveDef::same_deeds`]: crate::compile::model::MoveDef::same_deeds
    fn same_deeds(&self, a: u8, b: u8) -> bool {
        self.model.moves[a as usize].same_deeds(&self.model.moves[b as usize])
    }
}

/// Whether two rules of a player can make moves in the same position that
/// land alike: in force together (the same phase or part, both offered when
/// stuck or neither), both moving or both capturing without moving, able
/// to land on the same kind of square, with conditions that can hold
/// together.
fn may_meet<B: Bits>(a: &Gen<B>, b: &Gen<B>) -> bool {
    let landing_apart = matches!(
        (a.target, b.target),
        (Target::Empty | Target::EnPassant, Target::Enemy)
            | (Target::Enemy, Target::Empty | Target::EnPassant)
    );
    b.phase == a.phase
        && b.stuck == a.stuck
        && b.stay == a.stay
        && !landing_apart
        && !matches!((&a.guard, &b.guard), (Some(x), Some(y)) if exclusive(x, y))
}

/// Folds the player's move `n` (a drop, a removal or a pass: a rule of no
/// piece) into the rules of the player already in `gens`: where an earlier
/// rule makes the same moves as `n`, doing the same thing with them, each
/// such move is made by one rule only. Two rules alike in all but their
/// squares, where one has no condition (or both the same one): the other
/// loses the squares it shares with it (a pass, being one move, is made by
/// the unguarded rule alone: a later unguarded pass leaves each earlier
/// guarded one making nothing, as a removal from no square). `None`: `n`
/// makes no move of its own. Rules with different conditions keep their shared
/// squares, their moves numbered apart ([`Engine::find_alike`]).
pub(super) fn fold_player_move<B: Bits>(
    model: &crate::compile::model::Model,
    gens: &mut [Gen<B>],
    mut n: Gen<B>,
) -> Option<Gen<B>> {
    let mn = &model.moves[n.rule as usize];
    for e in gens.iter_mut().filter(|e| e.piece == NO_KIND) {
        let me = &model.moves[e.rule as usize];
        let same_kind = match (&me.kind, &mn.kind, &e.kind, &n.kind) {
            (
                MoveKind::Drop { piece: p, .. },
                MoveKind::Drop { piece: q, .. },
                GenKind::Drop(_, f, h),
                GenKind::Drop(_, g, k),
            ) => p == q && f == g && h == k,
            (MoveKind::Remove(_), MoveKind::Remove(_), GenKind::Remove(_), GenKind::Remove(_))
            | (MoveKind::Pass, MoveKind::Pass, GenKind::Pass, GenKind::Pass) => true,
            _ => false,
        };
        if !same_kind
            || e.phase != n.phase
            || e.stuck != n.stuck
            || e.target != n.target
            || me.from != mn.from
            || me.avoid != mn.avoid
            || !me.same_deeds(mn)
        {
            continue;
        }
        if me.guard.is_none() || me.guard == mn.guard {
            // The earlier rule makes every move of `n` it shares.
            match (&e.kind, &mut n.kind) {
                (GenKind::Drop(s, ..), GenKind::Drop(t, ..))
                | (GenKind::Remove(s), GenKind::Remove(t)) => *t &= !*s,
                _ => return None,
            }
        } else if mn.guard.is_none() {
            // `n` makes every move of the earlier rule it shares.
            match (&mut e.kind, &n.kind) {
                (GenKind::Drop(s, ..), GenKind::Drop(t, ..))
                | (GenKind::Remove(s), GenKind::Remove(t)) => *s &= !*t,
                // The earlier pass makes nothing (every pass it made, `n`
                // makes); the loop goes on to any other such pass.
                _ => e.kind = GenKind::Remove(B::ZERO),
            }
        }
    }
    Some(n)
}
