//! Squares named relative to a move (`(from)`, `(to)`, `(adjacent ...)`,
//! `(origin)`) stand only where there is a move: in a move's condition, a
//! promotion, a restriction (judged on the move just made). An end rule is
//! judged between moves, so there they would mean nothing.

use crate::compile::bind::{forms_of, walk};
use crate::compile::ludemes::{Cat, Ty};
use crate::diagnostics::{NoMoveHere, PlayerMoveInPiece, Problem};
use crate::syntax::ast::{Node, NodeKind};

pub(super) fn check(game: &Node, out: &mut Vec<Problem>) {
    for (_, piece) in forms_of(game, Cat::Piece) {
        let NodeKind::Form(pf) = &piece.kind else {
            continue;
        };
        let name = pf.args.first().and_then(Node::as_str).unwrap_or("?");
        for a in &pf.args {
            let NodeKind::Form(f) = &a.kind else { continue };
            if matches!(f.head.as_str(), "drop" | "remove") {
                out.push(
                    PlayerMoveInPiece::new(a.span, f.head.clone(), name.to_string())
                        .origin(a.origin.as_ref())
                        .help(format!(
                            "`{}` moves no piece of the board: put it in `(play ...)`, as in `(play {})`",
                            f.head, a
                        )),
                );
            }
        }
    }
    for (_, end) in forms_of(game, Cat::End) {
        walk(end, Ty::Of(&[Cat::End]), &mut |n, _| {
            let NodeKind::Form(f) = &n.kind else { return };
            if matches!(f.head.as_str(), "from" | "to" | "adjacent" | "origin") {
                out.push(
                    NoMoveHere::new(n.span, f.head.clone(), "an end rule")
                        .origin(n.origin.as_ref())
                        .help(
                            "end rules are judged before each turn, with no move in hand; \
                             test squares of a move in the move's `if:`, or in a \
                             `(forbid ...)`, which is judged on the move just made",
                        ),
                );
            }
        });
    }
}
