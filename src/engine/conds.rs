//! What a condition can depend on, read from its form: whether it reads
//! only the board, the moving piece's own square, where the move goes, and
//! whether where pieces stand or how many there are can change it. The
//! legality shortcuts rest on these answers.

use super::{Cond, IntExpr, PlayerRef, SiteRef};
use crate::compile::model::CmpOp;

/// What a condition's truth can depend on, for the legality shortcuts.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Sensitivity {
    /// Where pieces stand (beyond the moving piece's own square and flags).
    pub occupancy: bool,
    /// How many pieces each player has.
    pub counts: bool,
}

/// Whether `c`, judged for a move of the attacker, reads only the board:
/// where pieces stand and what they carry, and players named from the mover
/// (not the player to move, the counters, the remembered facts or the
/// history). Such conditions read the same on a state where a piece has
/// only been moved (see [`Engine::passes_check_in`]).
pub(super) fn board_only(c: &Cond) -> bool {
    fn int(e: &IntExpr, named: &dyn Fn(&PlayerRef) -> bool) -> bool {
        match e {
            IntExpr::Lit(_) => true,
            IntExpr::Count(p, _) | IntExpr::CountIn(p, ..) => named(p),
            IntExpr::PliesSince(_)
            | IntExpr::InHand(..)
            | IntExpr::Score(_)
            | IntExpr::Captured => false,
            IntExpr::Size(_) | IntExpr::Liberties(..) => true,
            IntExpr::Area(p, _) => named(p),
            IntExpr::Sum(xs) => xs.iter().all(|x| int(x, named)),
            IntExpr::Diff(a, b) => int(a, named) && int(b, named),
        }
    }
    let named = |p: &PlayerRef| !matches!(p, PlayerRef::Next);
    let int = |e: &IntExpr| int(e, &named);
    match c {
        Cond::And(cs) | Cond::Or(cs) => cs.iter().all(board_only),
        Cond::Not(c) => board_only(c),
        Cond::Cmp(_, a, b) => int(a) && int(b),
        Cond::Is(a, b) => named(a) && named(b),
        Cond::Unmoved(_)
        | Cond::AtStart(_)
        | Cond::Flagged(..)
        | Cond::LostCouldReach
        | Cond::KindIs(_)
        | Cond::Removing
        | Cond::Passing
        | Cond::Absent(_)
        | Cond::In(..)
        | Cond::Checks(_)
        | Cond::Holds(_, _, None)
        | Cond::InLine(_)
        | Cond::Exists(_)
        | Cond::SameShade(_) => true,
        Cond::Holds(_, _, Some(p)) | Cond::NextTo(_, _, Some(p)) => named(p),
        Cond::NextTo(_, _, None) => true,
        Cond::Lost(p, _)
        | Cond::Reached(p, ..)
        | Cond::Connected(p, ..)
        | Cond::Attacked(_, p)
        | Cond::CheckedBy(p, _)
        | Cond::Material(p, _)
        | Cond::InARow(p, ..) => named(p),
        Cond::InCheck(_)
        | Cond::NoMoves(..)
        | Cond::Repeated(_)
        | Cond::RepeatedBoard(_)
        | Cond::PerpetualCheck(_)
        | Cond::Remembers(..)
        | Cond::Passes(_)
        | Cond::Capturing => false,
    }
}

/// Whether `c`, judged for a move of the attacker, reads nothing but what
/// the attacker's own square holds and carries (moved or not, where it
/// started, its marks): another piece's move cannot change it.
pub(super) fn own_square_only(c: &Cond) -> bool {
    match c {
        Cond::And(cs) | Cond::Or(cs) => cs.iter().all(own_square_only),
        Cond::Not(c) => own_square_only(c),
        Cond::Unmoved(s) | Cond::AtStart(s) | Cond::Flagged(_, s) => *s == SiteRef::From,
        _ => false,
    }
}

pub(crate) fn sensitivity(c: &Cond) -> Sensitivity {
    let mut s = Sensitivity::default();
    visit(c, &mut s);
    s
}

pub(super) fn visit(c: &Cond, s: &mut Sensitivity) {
    match c {
        Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| visit(c, s)),
        Cond::Not(c) => visit(c, s),
        Cond::Flagged(_, SiteRef::From)
        | Cond::Remembers(..)
        | Cond::KindIs(_)
        | Cond::In(..)
        | Cond::Removing
        | Cond::Passing => {}
        Cond::Lost(..) | Cond::LostCouldReach | Cond::Absent(_) => s.counts = true,
        Cond::Cmp(_, a, b) => {
            let mut left = vec![a, b];
            while let Some(e) = left.pop() {
                match e {
                    IntExpr::Sum(xs) => left.extend(xs),
                    IntExpr::Diff(x, y) => left.extend([&**x, &**y]),
                    _ => {}
                }
                if let IntExpr::Count(..)
                | IntExpr::CountIn(..)
                | IntExpr::InHand(..)
                | IntExpr::Score(_)
                | IntExpr::Captured = e
                {
                    s.counts = true;
                }
                if let IntExpr::CountIn(..)
                | IntExpr::Size(_)
                | IntExpr::Liberties(..)
                | IntExpr::Area(..) = e
                {
                    s.occupancy = true;
                }
            }
        }
        _ => s.occupancy = true,
    }
}

pub(super) fn mentions_perpetual(c: &Cond) -> bool {
    c.mentions(&|c| matches!(c, Cond::PerpetualCheck(_)))
}

/// Whether a condition judged for a move reads anything of the move: its
/// squares, its piece, its kind (what it reads of the player who makes it,
/// and of the position, is the same for all of a rule's moves).
pub(super) fn reads_move(c: &Cond) -> bool {
    match c {
        Cond::And(cs) | Cond::Or(cs) => cs.iter().any(reads_move),
        Cond::Not(c) => reads_move(c),
        Cond::Cmp(_, a, b) => [a, b].iter().any(|e| {
            e.mentions(&|e| {
                matches!(
                    e,
                    IntExpr::Size(_) | IntExpr::Liberties(..) | IntExpr::Captured
                )
            })
        }),
        Cond::InCheck(_)
        | Cond::Is(..)
        | Cond::NoMoves(..)
        | Cond::Repeated(_)
        | Cond::RepeatedBoard(_)
        | Cond::PerpetualCheck(_)
        | Cond::Remembers(..)
        | Cond::Lost(..)
        | Cond::CheckedBy(..)
        | Cond::Material(..)
        | Cond::InARow(..)
        | Cond::Reached(..)
        | Cond::Connected(..)
        | Cond::Passes(_)
        | Cond::SameShade(_)
        | Cond::Capturing => false,
        _ => true,
    }
}

/// Whether a condition judged for a move reads where the move goes (its
/// destination, or the kind a promotion offers there).
pub(super) fn reads_to(c: &Cond) -> bool {
    fn site(s: &SiteRef) -> bool {
        match s {
            SiteRef::To => true,
            SiteRef::HomeOf(inner) => site(inner),
            _ => false,
        }
    }
    c.mentions(&|c| match c {
        Cond::Unmoved(s)
        | Cond::AtStart(s)
        | Cond::Flagged(_, s)
        | Cond::Absent(s)
        | Cond::In(s, _)
        | Cond::Attacked(s, _)
        | Cond::Checks(s)
        | Cond::InLine(s)
        | Cond::Holds(s, ..) => site(s),
        Cond::KindIs(_) | Cond::LostCouldReach | Cond::Exists(_) | Cond::NextTo(..) => true,
        Cond::Cmp(_, a, b) => [a, b].iter().any(|e| {
            e.mentions(&|e| match e {
                IntExpr::Size(_) => true,
                IntExpr::Liberties(s, _) => site(s),
                _ => false,
            })
        }),
        _ => false,
    })
}

/// Whether `a` and `b` can never hold together: a comparison with a number
/// in the conjunction of one and a comparison with a number in the
/// conjunction of the other read the same quantity and ask for ranges that
/// do not meet (`(> (count Mover) 3)` and `(= (count Mover) 3)`). Both are
/// judged in one position for one move, so such rules never make the same move.
pub(super) fn exclusive(a: &Cond, b: &Cond) -> bool {
    let (ra, rb) = (ranges(a), ranges(b));
    ra.iter().any(|(x, lo, hi)| {
        rb.iter()
            .any(|(y, lo2, hi2)| x == y && (hi < lo2 || hi2 < lo))
    })
}

/// The comparisons of a quantity with a number that `c` needs (the
/// conjuncts of an `and`), each as the range of values it allows.
fn ranges(c: &Cond) -> Vec<(&IntExpr, i64, i64)> {
    let mut out = Vec::new();
    let mut stack = vec![c];
    while let Some(c) = stack.pop() {
        let (op, x, n) = match c {
            Cond::And(cs) => {
                stack.extend(cs);
                continue;
            }
            Cond::Cmp(_, IntExpr::Lit(_), IntExpr::Lit(_)) => continue,
            Cond::Cmp(op, x, IntExpr::Lit(n)) => (*op, x, *n),
            Cond::Cmp(op, IntExpr::Lit(n), x) => (op.flipped(), x, *n),
            _ => continue,
        };
        let (lo, hi) = match op {
            CmpOp::Eq => (n, n),
            CmpOp::Lt => (i64::MIN, n.saturating_sub(1)),
            CmpOp::Le => (i64::MIN, n),
            CmpOp::Gt => (n.saturating_add(1), i64::MAX),
            CmpOp::Ge => (n, i64::MAX),
            CmpOp::Ne => continue,
        };
        out.push((x, lo, hi));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmp(op: CmpOp, a: IntExpr, b: IntExpr) -> Cond {
        Cond::Cmp(op, a, b)
    }

    fn men() -> IntExpr {
        IntExpr::Count(PlayerRef::Mover, None)
    }

    #[test]
    fn conditions_asking_for_ranges_that_do_not_meet_exclude_each_other() {
        let three = IntExpr::Lit(3);
        let more = cmp(CmpOp::Gt, men(), three.clone());
        let exactly = cmp(CmpOp::Eq, men(), three.clone());
        assert!(exclusive(&more, &exactly));
        // Inside a conjunction, and with the number first.
        let hand = cmp(
            CmpOp::Eq,
            IntExpr::InHand(PlayerRef::Mover, None),
            IntExpr::Lit(0),
        );
        let flying = Cond::And(vec![hand.clone(), cmp(CmpOp::Eq, three.clone(), men())]);
        let moving = Cond::And(vec![hand, more.clone()]);
        assert!(exclusive(&moving, &flying));
        // Ranges that meet, other quantities, a disjunction: not known.
        assert!(!exclusive(&more, &cmp(CmpOp::Ge, men(), IntExpr::Lit(4))));
        assert!(!exclusive(
            &cmp(CmpOp::Le, men(), three.clone()),
            &cmp(CmpOp::Ge, men(), three.clone())
        ));
        let theirs = cmp(
            CmpOp::Eq,
            IntExpr::Count(PlayerRef::Next, None),
            three.clone(),
        );
        assert!(!exclusive(&more, &theirs));
        let either = Cond::Or(vec![exactly.clone(), more.clone()]);
        assert!(!exclusive(&more, &either));
        assert!(!exclusive(&cmp(CmpOp::Ne, men(), three), &exactly));
    }
}
