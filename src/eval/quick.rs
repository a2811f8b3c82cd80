//! Conditions made ready for speed. The conditions judged at every node —
//! a player's pieces (on the board or in hand), a counter or a score
//! compared with a number, whether the piece on `(to)` stands in a full
//! line, and `and`/`or`/`not` of such — are turned once,
//! when the engine is built, into a form that reads the state at once
//! ([`Quick`]): a conjunction of such comparisons is one flat list, judged
//! in one loop. Any other condition stays as written and is judged by
//! [`Ctx::cond`], so both routes give the same answer.

use super::{Ctx, Rules};
use crate::bits::Bits;
use crate::compile::model::{CmpOp, Cond, IntExpr, PlayerRef, SiteRef};
use crate::state::{EMPTY, HAND_KINDS, NO_SQ};

/// A condition ready to judge: see the module's documentation.
#[derive(Clone, Debug)]
pub(crate) enum Quick {
    /// Every one of these comparisons holds.
    All(Box<[Test]>),
    /// Every one holds.
    And(Box<[Quick]>),
    /// One holds.
    Or(Box<[Quick]>),
    /// It does not hold.
    Not(Box<Quick>),
    /// Two numbers read from the state compared.
    Cmp(CmpOp, Num, Num),
    /// The piece on the move's square `(to)` stands in a full line of the
    /// board (`(inLine (to))`).
    InLineTo,
    /// Any other condition, judged as written.
    Full(Box<Cond>),
}

/// A number read from the state compared with a constant: whether it lies
/// in `lo..=hi` (or, `outside`, does not), so that judging it takes no
/// branch on the operator.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Test {
    num: Num,
    lo: i64,
    hi: i64,
    outside: bool,
}

impl Test {
    /// `num op lit`.
    fn new(num: Num, op: CmpOp, lit: i64) -> Test {
        let (lo, hi, outside) = match op {
            CmpOp::Eq => (lit, lit, false),
            CmpOp::Ne => (lit, lit, true),
            // `x < MIN` and `x > MAX` never hold: the whole range, read inverted.
            CmpOp::Lt if lit == i64::MIN => (i64::MIN, i64::MAX, true),
            CmpOp::Gt if lit == i64::MAX => (i64::MIN, i64::MAX, true),
            CmpOp::Lt => (i64::MIN, lit - 1, false),
            CmpOp::Le => (i64::MIN, lit, false),
            CmpOp::Gt => (lit + 1, i64::MAX, false),
            CmpOp::Ge => (lit, i64::MAX, false),
        };
        Test {
            num,
            lo,
            hi,
            outside,
        }
    }
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
            IntExpr::CountIn(..)
            | IntExpr::Size(_)
            | IntExpr::Liberties(..)
            | IntExpr::Area(..)
            | IntExpr::Captured
            | IntExpr::Sum(_)
            | IntExpr::Diff(..) => return None,
        })
    }
}

impl Quick {
    /// `c` made ready. A combination none of whose parts reads the state
    /// at once stays whole, judged as written in one step.
    pub(crate) fn new(c: &Cond) -> Quick {
        let full = || Quick::Full(Box::new(c.clone()));
        let all = |cs: &[Cond]| -> Option<Box<[Quick]>> {
            let qs: Box<[Quick]> = cs.iter().map(Quick::new).collect();
            qs.iter().any(|q| !q.is_full()).then_some(qs)
        };
        match c {
            Cond::And(cs) => match all(cs) {
                None => full(),
                Some(qs) => match qs.iter().map(Quick::test).collect::<Option<Vec<_>>>() {
                    Some(tests) => Quick::All(tests.into()),
                    None => Quick::And(qs),
                },
            },
            Cond::Or(cs) => all(cs).map_or_else(full, Quick::Or),
            Cond::Not(inner) => match Quick::new(inner) {
                Quick::Full(_) => full(),
                q => Quick::Not(Box::new(q)),
            },
            Cond::Cmp(op, a, b) => match (Num::new(a), Num::new(b)) {
                (Some(num), Some(Num::Lit(lit))) => {
                    Quick::All(Box::new([Test::new(num, *op, lit)]))
                }
                (Some(Num::Lit(lit)), Some(num)) => {
                    Quick::All(Box::new([Test::new(num, op.flipped(), lit)]))
                }
                (Some(a), Some(b)) => Quick::Cmp(*op, a, b),
                _ => full(),
            },
            Cond::InLine(SiteRef::To) => Quick::InLineTo,
            _ => full(),
        }
    }

    fn is_full(&self) -> bool {
        matches!(self, Quick::Full(_))
    }

    /// Whether some part of it is judged as written ([`Quick::Full`]), and
    /// so may ask whether a player can move (and make moves).
    pub(crate) fn has_full(&self) -> bool {
        match self {
            Quick::Full(_) => true,
            Quick::And(qs) | Quick::Or(qs) => qs.iter().any(Quick::has_full),
            Quick::Not(q) => q.has_full(),
            Quick::All(_) | Quick::Cmp(..) | Quick::InLineTo => false,
        }
    }

    /// The one comparison with a constant this is, if it is one.
    fn test(&self) -> Option<Test> {
        match self {
            Quick::All(tests) if tests.len() == 1 => Some(tests[0]),
            _ => None,
        }
    }
}

impl<B: Bits, E: Rules<B>> Ctx<'_, B, E> {
    /// Whether the condition holds (as [`Ctx::cond`] judges the condition
    /// it was made from).
    #[inline]
    pub(crate) fn quick(&self, q: &Quick) -> bool {
        match q {
            // A condition kept whole costs what judging it as written does.
            Quick::Full(c) => self.cond(c),
            Quick::All(tests) => self.tests(tests),
            _ => self.ready(q),
        }
    }

    /// Whether every comparison holds (one copy, called: inlined where
    /// each condition is judged, it made the engine's hot loops larger).
    #[inline(never)]
    fn tests(&self, tests: &[Test]) -> bool {
        tests.iter().all(|t| {
            let v = self.num(t.num);
            (t.lo <= v && v <= t.hi) != t.outside
        })
    }

    fn ready(&self, q: &Quick) -> bool {
        match q {
            Quick::All(tests) => self.tests(tests),
            Quick::Cmp(op, a, b) => op.apply(self.num(*a), self.num(*b)),
            Quick::And(qs) => qs.iter().all(|q| self.quick(q)),
            Quick::Or(qs) => qs.iter().any(|q| self.quick(q)),
            Quick::Not(q) => !self.quick(q),
            Quick::InLineTo => self.mv.is_some_and(|m| {
                m.to() != NO_SQ
                    && self.st.at(m.to()) != EMPTY
                    && self.e.in_full_line(self.st, m.to())
            }),
            Quick::Full(c) => self.cond(c),
        }
    }

    // Inlined into each comparison: a call per number cost a game whose
    // moves are guarded by counts 8% of its perft (read at every node).
    #[allow(clippy::inline_always)]
    #[inline(always)]
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
