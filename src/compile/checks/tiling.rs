//! Moves defined by the geometry of squares (leaps, Betza notations) and
//! the directions cells of hexagons do not have (N, S) are not written on
//! a board of hexagons.

use crate::compile::bind::walk;
use crate::compile::board::Tiling;
use crate::compile::decls::Decls;
use crate::compile::ludemes::{Cat, Ty, DIRECTION};
use crate::diagnostics::{NotOnHexes, Problem};
use crate::syntax::ast::{Node, NodeKind};

pub(super) fn check(game: &Node, decls: &Decls, out: &mut Vec<Problem>) {
    if decls.tiling != Tiling::Hexes {
        return;
    }
    walk(game, Ty::Of(&[Cat::Game]), &mut |n, ty| {
        // A direction named outright that no cell has.
        if let (NodeKind::Ident(d), Ty::Const(c)) = (&n.kind, ty) {
            if std::ptr::eq(c, std::ptr::addr_of!(DIRECTION)) && (d == "N" || d == "S") {
                out.push(
                    NotOnHexes::new(n.span, format!("the direction {d}"))
                        .origin(n.origin.as_ref())
                        .help("a cell of hexagons has six neighbours, E and W along its rank, NE and NW above, SE and SW below: there is no N or S"),
                );
            }
            return;
        }
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
