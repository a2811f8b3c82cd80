//! Drops that no restriction can refuse, found for all their squares at
//! once.
//!
//! Under restrictions (`forbid`) other than the check rule, the general
//! listing makes every move and judges each restriction on the position it
//! makes. For a drop, most of that work decides what square sets already
//! tell: the stone put where an empty point is next to it has a liberty
//! whatever it takes; a drop that takes nothing makes a board whose key is
//! the one before with the stone added, so whether that board was seen is
//! one look-up in the history's counted keys. [`Engine::cleared_drops`]
//! finds, for each drop rule in force, the squares where every restriction
//! is surely false on the position the drop would make, judged that way;
//! the listing makes only the others. Anything it cannot decide (any other
//! condition, effect or board) it leaves to the full test, so that the
//! moves found are the same.

use smallvec::SmallVec;

use super::legality::Legality;
use super::pattern::dir_mask;
use super::{Engine, Gen, GenKind};
use crate::bits::Bits;
use crate::compile::model::{CmpOp, Cond, Effect, ForbidDef, IntExpr, Shape, SiteRef};
use crate::moves::{Move, NO_PIECE};
use crate::state::{code_player, Hist, KeyCounts, State, EMPTY, NO_SQ};

/// For each drop rule in force, the squares where no restriction can
/// refuse its drop.
#[derive(Default)]
pub(super) struct Cleared<B: Bits> {
    /// The rule's index in the model, and its squares.
    rules: SmallVec<[(u8, B); 2]>,
    /// Whether the check rule is among the restrictions: a cleared drop
    /// must then be safe as well.
    check: bool,
}

impl<B: Bits> Cleared<B> {
    /// Whether move `m` (found `safe` of the check rule, or not) is surely
    /// legal without making it.
    #[inline]
    pub(super) fn has(&self, m: Move, safe: bool) -> bool {
        (safe || !self.check)
            && m.from == NO_SQ
            && m.to != NO_SQ
            && self
                .rules
                .iter()
                .any(|&(r, set)| r == m.rule && set.has(m.to))
    }
}

/// What the judging of a drop rule's restrictions knows of its drops.
struct Drops<'a, B: Bits> {
    st: &'a State<B>,
    hist: &'a [Hist],
    g: &'a Gen<B>,
    /// The squares the drop may go to that are still undecided.
    open: B,
    /// The squares where the rule's effects surely do nothing.
    quiet: B,
    /// The history's board keys, counted.
    boards: Option<&'a KeyCounts>,
    /// The entry of the position the drop is made from.
    parent: Hist,
}

impl<B: Bits> Engine<B> {
    /// For each drop rule of the player to move in force (`lg`), the squares
    /// where no restriction of `forbids` other than the check rule can
    /// refuse its drop (see the module's comment). `boards` counts the
    /// board keys of `hist`, `parent` is the entry of `st`.
    pub(super) fn cleared_drops(
        &self,
        st: &State<B>,
        hist: &[Hist],
        lg: &Legality<B>,
        forbids: &[(Option<usize>, &ForbidDef)],
        boards: Option<&KeyCounts>,
        parent: Hist,
    ) -> Cleared<B> {
        let mut out = Cleared::default();
        // Effects that look past the drop (parts of a turn, remembered
        // facts), or a board whose steps do not run both ways, are left to
        // the full test.
        if !self.steps_two_way || self.has_parts || !self.model.player_flags.is_empty() {
            return out;
        }
        let is_check = |idx: &Option<usize>| idx.is_some() && *idx == self.check_rule;
        out.check = forbids.iter().any(|(idx, _)| is_check(idx));
        let phase = self.phase_of_moves(st);
        for g in self.gens[lg.side as usize]
            .iter()
            .filter(|g| g.phase == phase)
        {
            if !self.judged_as_sets(g) {
                continue;
            }
            let mut t = B::ZERO;
            if !self.move_sets(st, lg, g, &mut |_, s| t |= s) || t.is_empty() {
                continue;
            }
            let mut d = Drops {
                st,
                hist,
                g,
                open: t,
                quiet: t & !self.may_take(st, g),
                boards,
                parent,
            };
            for (idx, f) in forbids {
                if is_check(idx) {
                    continue;
                }
                let (no, _) = self.verdict(&f.cond, &d);
                d.open &= no;
                if d.open.is_empty() {
                    break;
                }
            }
            if !d.open.is_empty() {
                out.rules.push((g.rule, d.open));
            }
        }
        out
    }

    /// Whether rule `g`'s drops can be judged as square sets: a drop that
    /// does not fall, whose effects (if any) only take enclosed groups.
    fn judged_as_sets(&self, g: &Gen<B>) -> bool {
        let GenKind::Drop(_, fall, _) = g.kind else {
            return false;
        };
        fall == u8::MAX
            && self.model.moves[g.rule as usize]
                .effects
                .iter()
                .all(|e| matches!(e, Effect::Capture(p) if p.shape == Shape::Enclosed))
    }

    /// The squares where a drop of rule `g` might take something: next to
    /// an enemy piece its enclosed-group effects may select, in a group
    /// with fewer than two liberties along their directions.
    fn may_take(&self, st: &State<B>, g: &Gen<B>) -> B {
        let side = st.side;
        let forward = self.model.players[side as usize].forward;
        let empty = self.all & !st.occupied();
        let mut out = B::ZERO;
        for e in &self.model.moves[g.rule as usize].effects {
            let Effect::Capture(p) = e else {
                continue;
            };
            let mask = dir_mask(&p.dirs, forward);
            let mut enemy = st.occupied() & !st.by_player[side as usize];
            if p.kinds != 0 {
                enemy &= st.all_of_kinds(p.kinds);
            }
            // A piece with two empty neighbours keeps one whatever square
            // the drop fills; so does any piece of a group with two
            // liberties (found by flooding the groups of the others).
            let mut doubt = enemy & !self.two_empty_next(empty, mask);
            while let Some(q) = doubt.iter().next() {
                let c = st.at(q);
                let group = self.group(
                    B::bit(q),
                    st.by_player[code_player(c) as usize] & enemy,
                    mask,
                );
                if (self.spread(group, mask) & empty).count() < 2 {
                    out |= self.spread(group & doubt, reverse(mask));
                }
                doubt &= !group;
            }
        }
        out
    }

    /// The squares with at least two empty neighbours (of `empty`) along
    /// the directions of `mask`.
    fn two_empty_next(&self, empty: B, mask: u8) -> B {
        let (mut one, mut two) = (B::ZERO, B::ZERO);
        let mut m = mask;
        while m != 0 {
            let d = m.trailing_zeros();
            m &= m - 1;
            let has = self.spread(empty, reverse(1 << d));
            two |= one & has;
            one |= has;
        }
        two
    }

    /// Where condition `c` is surely false, and where surely true, on the
    /// position a drop of `d.g` to each square of `d.open` would make.
    fn verdict(&self, c: &Cond, d: &Drops<'_, B>) -> (B, B) {
        let all = d.open;
        match c {
            Cond::And(cs) => cs.iter().fold((B::ZERO, all), |(no, yes), c| {
                let (n, y) = self.verdict(c, d);
                (no | n, yes & y)
            }),
            Cond::Or(cs) => cs.iter().fold((all, B::ZERO), |(no, yes), c| {
                let (n, y) = self.verdict(c, d);
                (no & n, yes | y)
            }),
            Cond::Not(c) => {
                let (no, yes) = self.verdict(c, d);
                (yes, no)
            }
            // A drop neither passes nor removes.
            Cond::Passing | Cond::Removing => (all, B::ZERO),
            Cond::Cmp(op, IntExpr::Liberties(SiteRef::To, dirs), IntExpr::Lit(n)) => {
                let free = all & self.sure_liberty(d.st, dirs);
                match (op, n) {
                    (CmpOp::Eq | CmpOp::Le, 0) | (CmpOp::Lt, 1) => (free, B::ZERO),
                    (CmpOp::Gt | CmpOp::Ne, 0) | (CmpOp::Ge, 1) => (B::ZERO, free),
                    _ => (B::ZERO, B::ZERO),
                }
            }
            Cond::RepeatedBoard(n) => (self.new_boards(*n, d), B::ZERO),
            _ => (B::ZERO, B::ZERO),
        }
    }

    /// The squares where a stone dropped has a liberty along `dirs` (for
    /// the player to move) after the drop, whose effects only take enemy
    /// pieces (empty squares stay empty): those with an empty neighbour,
    /// and those next to a piece of the player's with two (one of them is
    /// not where the stone goes).
    fn sure_liberty(&self, st: &State<B>, dirs: &[crate::compile::model::RelDir]) -> B {
        let forward = self.model.players[st.side as usize].forward;
        let mask = reverse(dir_mask(dirs, forward));
        let empty = self.all & !st.occupied();
        let own = st.by_player[st.side as usize];
        self.spread(empty, mask)
            | self.spread(own & self.two_empty_next(empty, reverse(mask)), mask)
    }

    /// The squares of `d.open` where a drop takes nothing and makes a
    /// board seen fewer than `n - 1` times before: the board key there is
    /// the one a drop on another such square makes, with the piece moved
    /// over. One drop is made to learn that key.
    fn new_boards(&self, n: u32, d: &Drops<'_, B>) -> B {
        let Some(boards) = d.boards.filter(|_| n >= 2) else {
            return B::ZERO;
        };
        let quiet = d.open & d.quiet;
        let Some(first) = quiet.iter().next() else {
            return B::ZERO;
        };
        let mut child = *d.st;
        self.make(&mut child, Move::new(NO_SQ, first, d.g.rule, NO_PIECE));
        let code = child.at(first);
        if code == EMPTY || child.took {
            // Not the drop the sets describe: leave it to the full test.
            return B::ZERO;
        }
        let men = child.men();
        if d.parent.men != men && d.hist.iter().all(|h| h.men != men) {
            // No board before had as many pieces (often so in a game where
            // pieces are only put, or before the first capture).
            return quiet;
        }
        let base = self.board_key(child.hash, child.side) ^ self.z(code, first);
        let parent = self.board_key(d.parent.hash, d.parent.side);
        let mut out = B::ZERO;
        for to in quiet.iter() {
            let key = base ^ self.z(code, to);
            let seen =
                boards.count(key, men, false) + usize::from(d.parent.men == men && parent == key);
            if (1 + seen as u64) < u64::from(n) {
                out |= B::bit(to);
            }
        }
        out
    }
}

/// The directions of `mask` turned round (bit `d` to the opposite
/// direction's): along them, [`Engine::spread`] of a set gives the squares
/// with a neighbour in the set along `mask`, on a board whose steps run
/// both ways ([`Engine::steps_two_way`]).
fn reverse(mask: u8) -> u8 {
    mask.rotate_left(4)
}

#[cfg(test)]
impl<B: Bits> Engine<B> {
    /// Checks that every move [`Engine::cleared_drops`] clears in `st` is
    /// one no restriction refuses when made and judged in full (the
    /// history searched, not counted). Returns how many of the moves
    /// offered it cleared, and how many of the others a restriction
    /// refused.
    pub(super) fn cleared_are_legal(
        &self,
        name: &str,
        st: &State<B>,
        hist: &[Hist],
    ) -> (usize, usize) {
        let lg = self.legality(st);
        let forbids = self.forbid_list(st, usize::MAX);
        let parent = self.hist_entry_seen(st, hist, super::Seen::Unknown, Some(&lg));
        let boards = self.board_counts(hist);
        let cleared = self.cleared_drops(st, hist, &lg, &forbids, boards.as_ref(), parent);
        let (mut clear, mut refused) = (0, 0);
        for stuck in [false, true] {
            self.each_pseudo(st, &lg, stuck, &mut |m, safe| {
                let verdict = self.first_refusal(st, hist, parent, m, safe, &forbids, 0, None);
                if cleared.has(m, safe) {
                    assert_eq!(
                        verdict, None,
                        "{name}: {m:?} cleared, but refused by a restriction"
                    );
                    clear += 1;
                } else if verdict.is_some() {
                    refused += 1;
                }
                true
            });
        }
        (clear, refused)
    }
}
