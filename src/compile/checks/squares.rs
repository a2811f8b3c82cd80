//! Every square name is on the board, and identifiers that stand for squares
//! have the shape of square names.

use crate::compile::bind::walk;
use crate::compile::decls::{looks_like_square, parse_square, Decls};
use crate::compile::ludemes::{describe_ty, Cat, Ty};
use crate::diagnostics::{BadSquare, OnHole, Problem, WrongType};
use crate::syntax::ast::{Node, NodeKind};

pub(super) fn check(game: &Node, decls: &Decls, out: &mut Vec<Problem>) {
    walk(game, Ty::Of(&[Cat::Game]), &mut |n, ty| {
        let (NodeKind::Ident(s), Ty::Sites | Ty::Square) = (&n.kind, ty) else {
            return;
        };
        if !looks_like_square(s) {
            out.push(
                WrongType::new(n.span, describe_ty(ty), n.describe())
                    .origin(n.origin.as_ref())
                    .help("name a square as a1, or a region as \"Name\""),
            );
            return;
        }
        let Some((w, h)) = decls.board else { return };
        match parse_square(s) {
            Some((x, y)) if x < w && y < h => {
                if decls.holes.contains(&(x, y)) && !decls.hole_spans.contains(&n.span) {
                    out.push(
                        OnHole::new(n.span, s.clone())
                            .origin(n.origin.as_ref())
                            .help(
                            "name a square of the board; its holes are drawn blank by `lud show`",
                        ),
                    );
                }
            }
            _ => out.push(
                BadSquare::new(n.span, s.clone(), w, h)
                    .origin(n.origin.as_ref())
                    .help(format!(
                        "squares run from a1 to {}{}",
                        char::from(b'a' + (w - 1) as u8),
                        h
                    )),
            ),
        }
    });
}
