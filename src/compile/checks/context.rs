//! What a move names (`(from)`, `(to)`, `(adjacent ...)`, `(origin)`, the
//! moving piece's `(flagged "name")`) and what tests a move (`(removing)`,
//! `(kindIs ...)`, `(lostCouldReach)`) stand only where there is a move: in
//! a move's condition, a promotion, a restriction (judged on the move just
//! made). Three places have none: an end rule (judged between moves), a
//! remembered fact (judged after every move and at the start, on the
//! position alone) and the start position (set before any move). There they
//! would mean nothing, and silently never hold: they are refused. So are
//! the squares of the piece that moves (`(from)`, `(adjacent ...)`,
//! `(origin)`) in a drop, a removal or a pass, which move none.

use crate::compile::bind::{forms_of, walk};
use crate::compile::ludemes::{Cat, Ty};
use crate::diagnostics::{NoMoveHere, NoStartSquare, PlayerMoveInPiece, Problem};
use crate::syntax::ast::{Form, Node, NodeKind};

/// The places with no move: their category, how they are named, and what to
/// do instead (`{piece}` stands for the name of the game's first piece).
const NO_MOVE: &[(&[Cat], &str, &str)] = &[
    (
        &[Cat::End],
        "an end rule",
        "end rules are judged before each turn, with no move in hand; test \
         squares of a move in the move's `if:`, or in a `(forbid ...)`, which \
         is judged on the move just made",
    ),
    (
        &[Cat::Remember],
        "a remembered fact",
        "a remembered fact is judged on the position after every move and at \
         the start, with no move in hand; test the position (`(inCheck Next)`, \
         `(holds a1 \"{piece}\")`), or test the move in its `if:` or in a `(forbid ...)`",
    ),
    (
        &[Cat::Start],
        "the start position",
        "the start position is set before any move; name the square, as in `a1`",
    ),
];

/// What a form says about a move, if it needs one.
fn needs_move(f: &Form) -> Option<&'static str> {
    match f.head.as_str() {
        "from" | "to" | "adjacent" | "origin" => Some("names a square of a move"),
        // Without a square, the piece tested is the one moving.
        "flagged" if f.args.len() < 2 => Some("without a square tests the piece that moves"),
        "removing" | "kindIs" | "lostCouldReach" | "nextTo" => Some("tests the move being made"),
        _ => None,
    }
}

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
    // The examples name a piece of the game (and a1, a square of any board).
    let piece = forms_of(game, Cat::Piece)
        .iter()
        .filter(|(f, _)| f.head == "piece")
        .find_map(|(f, _)| f.args.first().and_then(Node::as_str))
        .unwrap_or("Pawn")
        .to_string();
    for (f, node) in forms_of(game, Cat::Move) {
        if !matches!(f.head.as_str(), "drop" | "remove" | "pass") {
            continue;
        }
        let rule = match f.head.as_str() {
            "drop" => "drop",
            "remove" => "removal",
            _ => "pass",
        };
        walk(node, Ty::Of(&[Cat::Move]), &mut |n, _| {
            let NodeKind::Form(g) = &n.kind else { return };
            if matches!(g.head.as_str(), "from" | "adjacent" | "origin") {
                let name = if g.args.is_empty() {
                    g.head.clone()
                } else {
                    format!("{} ...", g.head)
                };
                out.push(
                    NoStartSquare::new(n.span, name, rule)
                        .origin(n.origin.as_ref())
                        .help(match rule {
                            "drop" => "a drop puts a new piece down: test where it lands with \
                                       `(to)`, and what stands around it with \
                                       `(nextTo DIRECTIONS ...)`, as in `(nextTo All owner:Mover)`"
                                .to_string(),
                            "removal" => "a removal takes a piece off without moving one: test \
                                          the square it empties with `(to)`"
                                .to_string(),
                            _ => "a pass moves nothing: test the position instead".to_string(),
                        }),
                );
            }
        });
    }
    for &(cats, place, help) in NO_MOVE {
        let help = help.replace("{piece}", &piece);
        for (_, node) in forms_of(game, cats[0]) {
            walk(node, Ty::Of(cats), &mut |n, _| {
                let NodeKind::Form(f) = &n.kind else { return };
                if let Some(what) = needs_move(f) {
                    out.push(
                        NoMoveHere::new(n.span, f.head.clone(), what, place)
                            .origin(n.origin.as_ref())
                            .help(help.clone()),
                    );
                }
            });
        }
    }
}
