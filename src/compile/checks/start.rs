//! The start position puts at most one piece on each square.

use crate::compile::bind::{bind, forms_of};
use crate::compile::board::Board;
use crate::compile::decls::Decls;
use crate::compile::ludemes::{lookup, Cat};
use crate::compile::sites::{eval, players, region_nodes, SiteCtx};
use crate::diagnostics::{Problem, SquareTaken};
use crate::source::Span;
use crate::syntax::ast::Node;

pub(super) fn check(game: &Node, decls: &Decls, out: &mut Vec<Problem>) {
    let Some((w, h)) = decls.board else { return };
    let board = Board::rectangle(w, h);
    let regions = region_nodes(game);
    let players = players(game);
    let pieces: Vec<String> = decls.pieces.iter().map(|p| p.name.clone()).collect();
    let mut taken: Vec<Option<Span>> = vec![None; board.len()];
    for (form, node) in forms_of(game, Cat::Place) {
        let Some(l) = lookup(&form.head) else {
            continue;
        };
        let (b, _) = bind(form, l);
        let Some(sites) = b.one("sites") else {
            continue;
        };
        let mover = b
            .one("player")
            .and_then(Node::as_ident)
            .and_then(|p| players.iter().position(|d| d.0 == p));
        let ctx = SiteCtx {
            board: &board,
            regions: &regions,
            players: &players,
            mover,
            pieces: &pieces,
            start: None,
        };
        for sq in eval(sites, &ctx) {
            if let Some(first) = taken[sq as usize] {
                out.push(
                    SquareTaken::new(sites.span, board.name(sq))
                        .origin(node.origin.as_ref())
                        .note(first, "first piece placed here")
                        .help("place one piece on each square; remove one of the two"),
                );
            } else {
                taken[sq as usize] = Some(sites.span);
            }
        }
    }
}
