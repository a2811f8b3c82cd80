//! Conditions made ready for speed. The conditions judged at every node —
//! a player's pieces (on the board or in hand), a counter or a score
//! compared with a number, and `and`/`or`/`not` of such — are turned once,
//! when the engine is built, into a form that reads the state at once
//! ([`Quick`]); any other condition stays as written and is judged by
//! [`Ctx::cond`], so both routes give the same answer.

use super::{Ctx, Rules};
use crate::bits::Bits;
use crate::compile::model::{CmpOp, Cond, IntExpr, PlayerRef};
use crate::state::HAND_KINDS;

/// A condition ready to judge: see the module's documentation.
#[derive(Clone, Debug)]
pub(crate) enum Quick {
    /// Every one holds.
    And(Box<[Quick]>),
    /// One holds.
    Or(Box<[Quick]>),
    /// It does not hold.
    Not(Box<Quick>),
    /// Two numbers compared.
    Cmp(CmpOp, Num, Num),
    /// Any other condition, judged as written.
    Full(Box<Cond>),
}

/// A number a [`Quick`] condition reads straight from the state.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Num {
    /// A constant.
    Lit(i64),
    /// A player's pieces on the board, of one kind or all.
    Count(PlayerRef, Option<u8>),
    /// A player's pieces in hand, of one kind or all.
    InHand(PlayerRef, Option<u8>),
    /// A `(pliesSince ...)` counter.
    Counter(u8),
    /// A player's score.
    Score(PlayerRef),
}

impl Num {
    fn new(e: &IntExpr) -> Option<Num> {
        Some(match e {
            IntExpr::Lit(i) => Num::Lit(*i),
            IntExpr::Count(p, k) => Num::Count(*p, *k),
            IntExpr::InHand(p, k) => Num::InHand(*p, *k),
            IntExpr::PliesSince(i) => Num::Counter(*i),
            IntExpr::Score(p) => Num::Score(*p),
            IntExpr::CountIn(..) | IntExpr::Size(_) => return None,
        })
    }
}

impl Quick {
    /// `c` made ready.
    pub(crate) fn new(c: &Cond) -> Quick {
        let all = |cs: &[Cond]| cs.iter().map(Quick::new).collect();
        match c {
            Cond::And(cs) => Quick::And(all(cs)),
            Cond::Or(cs) => Quick::Or(all(cs)),
            Cond::Not(c) => Quick::Not(Box::new(Quick::new(c))),
            Cond::Cmp(op, a, b) => match (Num::new(a), Num::new(b)) {
                (Some(a), Some(b)) => Quick::Cmp(*op, a, b),
                _ => Quick::Full(Box::new(c.clone())),
            },
            c => Quick::Full(Box::new(c.clone())),
        }
    }
}

impl<B: Bits, E: Rules<B>> Ctx<'_, B, E> {
    /// Whether the condition holds (as [`Ctx::cond`] judges the condition
    /// it was made from).
    pub(crate) fn quick(&self, q: &Quick) -> bool {
        match q {
            Quick::Cmp(op, a, b) => op.apply(self.num(*a), self.num(*b)),
            Quick::And(qs) => qs.iter().all(|q| self.quick(q)),
            Quick::Or(qs) => qs.iter().any(|q| self.quick(q)),
            Quick::Not(q) => !self.quick(q),
            Quick::Full(c) => self.cond(c),
        }
    }

    #[inline]
    fn num(&self, n: Num) -> i64 {
        let st = self.st;
        match n {
            Num::Lit(i) => i,
            Num::Count(p, None) => i64::from(st.by_player[self.player(p) as usize].count()),
            Num::Count(p, Some(k)) => i64::from(st.pieces(k, self.player(p)).count()),
            Num::InHand(p, None) => i64::from(st.hand_total(self.player(p))),
            Num::InHand(p, Some(k)) => i64::from(st.in_hand(self.player(p), k)),
            Num::Counter(i) => i64::from(st.counters[i as usize]),
            Num::Score(p) => i64::from(st.score[self.player(p) as usize]),
        }
    }
}

/// The kinds a hand holds, as many as the bytes of its word.
const _: () = assert!(HAND_KINDS <= 8);
