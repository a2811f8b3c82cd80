//! Moves defined by the geometry of squares (leaps, Betza notations) are
//! not written on a board of hexagons.

use crate::compile::bind::walk;
use crate::compile::board::Tiling;
use crate::compile::decls::Decls;
use crate::compile::ludemes::{Cat, Ty};
use crate::diagnostics::{NotOnHexes, Problem};
use crate::syntax::ast::{Node, NodeKind};

pub(super) fn check(game: &Node, decls: &Decls, out: &mut Vec<Problem>) {
    if decls.tiling != Tiling::Hexes {
        return;
    }
    walk(game, Ty::Of(&[Cat::Game]), &mut |n, _| {
        let NodeKind::Form(f) = &n.kind else { return };
        let what = match f.head.as_str() {
            "leap" => "a leap (squares across and ahead)",
            "betza" => "a Betza notation",
            _ => return,
        };
        out.push(
            NotOnHexes::new(n.span, what)
                .origin(n.origin.as_ref())
                .help("on hexagons, move with `step`, `slide` or `jump` in the six directions: E, W, NE, NW, SE, SW (`All`)"),
        );
    });
}
