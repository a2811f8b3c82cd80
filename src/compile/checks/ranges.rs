//! Numbers are within what their ludeme allows: board sizes, ranks and files,
//! leaps, slide limits, repetition counts, pieces in hand, points on a line.

use crate::compile::bind::{bind, ludeme_of};
use crate::compile::board::MAX_SQUARES;
use crate::compile::decls::Decls;
use crate::diagnostics::{OutOfRange, Problem};
use crate::syntax::ast::{Node, NodeKind};

pub(super) fn check(game: &Node, out: &mut Vec<Problem>) {
    let board = Decls::collect(game).board;
    visit(game, board, out);
}

fn visit(n: &Node, board: Option<(u32, u32)>, out: &mut Vec<Problem>) {
    match &n.kind {
        NodeKind::Form(f) => {
            if let Some(l) = ludeme_of(f) {
                let (b, _) = bind(f, l);
                let int = |name: &str| b.one(name).and_then(|x| x.as_int().map(|v| (x, v)));
                let mut need = |name: &str, lo: i64, hi: i64, what: &str| {
                    if let Some((node, v)) = int(name) {
                        if v < lo || v > hi {
                            out.push(
                                OutOfRange::new(node.span, v.to_string(), what.to_string())
                                    .origin(node.origin.as_ref())
                                    .help(format!("use a number from {lo} to {hi}")),
                            );
                        }
                    }
                };
                match l.name {
                    "square" => need("size", 1, 25, "a square board has 1 to 25 squares a side"),
                    "hexHexagon" => need("side", 1, 13, "a hexagon has 1 to 13 cells a side"),
                    "hexStar" => need("points", 1, 6, "a star's points have 1 to 6 cells a side"),
                    "rectangle" | "hexRhombus" => {
                        need("width", 1, 26, "a board has 1 to 26 files");
                        need("height", 1, 26, "a board has 1 to 26 ranks");
                        let height = match int("height") {
                            None if l.name == "hexRhombus" => int("width"),
                            h => h,
                        };
                        if let (Some((_, w)), Some((_, h))) = (int("width"), height) {
                            if (1..=26).contains(&w)
                                && (1..=26).contains(&h)
                                && w * h > MAX_SQUARES as i64
                            {
                                out.push(
                                    OutOfRange::new(
                                        n.span,
                                        format!("{w}×{h} = {} squares", w * h),
                                        format!("a board has at most {MAX_SQUARES} squares"),
                                    )
                                    .origin(n.origin.as_ref())
                                    .help("make the board smaller"),
                                );
                            }
                        }
                    }
                    "rank" => need(
                        "number",
                        1,
                        board.map_or(26, |b| i64::from(b.1)),
                        "not a rank of this board",
                    ),
                    "file" => need(
                        "number",
                        1,
                        board.map_or(26, |b| i64::from(b.0)),
                        "not a file of this board",
                    ),
                    "leap" => {
                        need("across", 0, 25, "a leap goes 0 to 25 squares each way");
                        need("ahead", 0, 25, "a leap goes 0 to 25 squares each way");
                        if int("across").map(|x| x.1) == Some(0)
                            && int("ahead").map(|x| x.1) == Some(0)
                        {
                            out.push(
                                OutOfRange::new(
                                    n.span,
                                    "(leap 0 0)".to_string(),
                                    "a leap must go somewhere".to_string(),
                                )
                                .origin(n.origin.as_ref())
                                .help("give at least one of the two distances a value above 0"),
                            );
                        }
                    }
                    "slide" | "bracketed" => {
                        let what = if l.name == "slide" {
                            "a slide goes 1 to 25 squares"
                        } else {
                            "a line holds 1 to 25 pieces"
                        };
                        need("min", 1, 25, what);
                        need("max", 1, 25, what);
                        // A slide of `min` squares, or a line of `min`
                        // enemies with the move's square and the mover's
                        // piece at its ends, needs a line of the board that
                        // long: no line of a tiled board is longer than its
                        // longer side.
                        let ends = if l.name == "slide" { 1 } else { 2 };
                        if let (Some((node, lo)), Some((w, h))) = (int("min"), board) {
                            let room = i64::from(w.max(h)) - ends;
                            if (1..=25).contains(&lo) && lo > room {
                                let (unit, most) = if l.name == "slide" {
                                    ("squares", "a slide goes")
                                } else {
                                    ("pieces", "a bracketed line holds")
                                };
                                out.push(
                                    OutOfRange::new(
                                        node.span,
                                        format!("min:{lo}"),
                                        format!(
                                            "on this {w}×{h} board {most} at most {} {unit}",
                                            room.max(0)
                                        ),
                                    )
                                    .origin(node.origin.as_ref())
                                    .help(format!(
                                        "use min: {} or less, or a larger board",
                                        room.max(1)
                                    )),
                                );
                            }
                        }
                        if let (Some((_, lo)), Some((node, hi))) = (int("min"), int("max")) {
                            if (1..=25).contains(&lo) && (1..=25).contains(&hi) && lo > hi {
                                out.push(
                                    OutOfRange::new(
                                        node.span,
                                        format!("min:{lo} max:{hi}"),
                                        "the fewest is more than the most".to_string(),
                                    )
                                    .origin(node.origin.as_ref())
                                    .help(format!("make max: {lo} or more, or min: {hi} or less")),
                                );
                            }
                        }
                    }
                    "repeated" => need("times", 2, 100, "a position occurs 2 to 100 times"),
                    "hand" => need("count", 0, 99, "a hand holds 0 to 99 pieces of a kind"),
                    "line" if b.all("points").len() < 2 => out.push(
                        OutOfRange::new(
                            n.span,
                            format!("{} point", b.all("points").len()),
                            "a line joins two points or more".to_string(),
                        )
                        .origin(n.origin.as_ref())
                        .help("name two points or more, in order along the line"),
                    ),
                    _ => {}
                }
            }
            for a in &f.args {
                visit(a, board, out);
            }
        }
        NodeKind::List(items) => items.iter().for_each(|i| visit(i, board, out)),
        NodeKind::Named(nm) => visit(&nm.value, board, out),
        _ => {}
    }
}
