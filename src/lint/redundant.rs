//! `lud::lint::rule_adds_nothing`: a move rule of a piece every move of
//! which an earlier rule of the same piece makes too, doing the same thing
//! with it. A move two rules of a piece make alike is made once, by the
//! first: the later rule never makes a move of its own (a step along the
//! lines under a slide along them, say). Found from the rules' shapes
//! alone, where one surely holds the other in every position: a step or
//! slide whose directions are among an earlier step's or slide's, that
//! lands on what the earlier one lands on, from wherever it starts, under
//! no condition the later one does not share.

use crate::compile::board::Dir;
use crate::compile::model::{Model, MoveDef, MoveKind, RelDir, Target};
use crate::diagnostics::{Problem, RuleAddsNothing};

pub(super) fn check(model: &Model, out: &mut Vec<Problem>) {
    for piece in &model.pieces {
        for (i, &later) in piece.moves.iter().enumerate() {
            let b = &model.moves[later];
            let holder = piece.moves[..i]
                .iter()
                .map(|&r| &model.moves[r])
                .find(|a| holds(model, a, b));
            if let Some(a) = holder {
                let remove = match &b.origin {
                    None => "remove it".to_string(),
                    Some(o) => format!(
                        "it comes from the macro \"{}\" (used where marked): remove it from the \
                         {}'s rules there, or from the define if no piece needs it",
                        o.name, piece.name
                    ),
                };
                out.push(
                    RuleAddsNothing::new(b.span, piece.name.clone(), a.text.clone())
                        .origin(b.origin.as_ref())
                        .help(format!(
                            "{remove}; if it should do more than the earlier rule, say what \
                             (a `then:` effect, a `put:`): its moves are then moves of their \
                             own, written with /2 (`a1a2/2`)"
                        )),
                );
            }
        }
    }
}

/// Whether rule `a` makes every move rule `b` makes, in every position,
/// doing the same thing with it.
fn holds(model: &Model, a: &MoveDef, b: &MoveDef) -> bool {
    let same_turn = a.phase == b.phase && a.part == b.part && a.when_stuck == b.when_stuck;
    let lands = a.target == b.target
        || (a.target == Target::NotFriend && matches!(b.target, Target::Empty | Target::Enemy));
    a.same_deeds(b)
        && same_turn
        && lands
        && wider(a.guard.as_ref(), b.guard.as_ref())
        && wider(a.from.as_ref(), b.from.as_ref())
        && wider(a.avoid.as_ref(), b.avoid.as_ref())
        && reaches(model, &a.kind, &b.kind)
}

/// Whether a limit of the earlier rule (`x`) leaves it free wherever the
/// later one's (`y`) does: it has none, or the same.
fn wider<T: PartialEq>(x: Option<&T>, y: Option<&T>) -> bool {
    x.is_none() || x == y
}

/// Whether a move of shape `a` reaches every square one of shape `b`
/// reaches, whatever stands on the board.
fn reaches(model: &Model, a: &MoveKind, b: &MoveKind) -> bool {
    match (a, b) {
        (MoveKind::Step(da), MoveKind::Step(db)) => among(model, db, da),
        // A slide of at least one square reaches the first square of its ray.
        (MoveKind::Slide(da, min, _), MoveKind::Step(db)) => *min <= 1 && among(model, db, da),
        (MoveKind::Slide(da, amin, amax), MoveKind::Slide(db, bmin, bmax)) => {
            let far_enough = match (amax, bmax) {
                (None, _) => true,
                (Some(x), Some(y)) => x >= y,
                (Some(_), None) => false,
            };
            amin <= bmin && far_enough && among(model, db, da)
        }
        _ => false,
    }
}

/// Whether every direction of `inner` is one of `outer`, for every player
/// (directions turned from each one's forward).
fn among(model: &Model, inner: &[RelDir], outer: &[RelDir]) -> bool {
    model.players.iter().all(|p| {
        let turned =
            |ds: &[RelDir]| -> Vec<Dir> { ds.iter().map(|d| d.resolve(p.forward)).collect() };
        let outer = turned(outer);
        turned(inner).iter().all(|d| outer.contains(d))
    })
}
