//! The start position puts at most one piece on each square, and names
//! each piece's player (not `Mover` or `Next`: there is no turn yet).

use crate::compile::bind::{bind, forms_of};
use crate::compile::board::Board;
use crate::compile::decls::Decls;
use crate::compile::ludemes::{lookup, Cat};
use crate::compile::sites::{eval, players, region_nodes, SiteCtx};
use crate::diagnostics::{BadPlayers, Problem, SquareTaken};
use crate::source::Span;
use crate::syntax::ast::Node;

pub(super) fn check(game: &Node, decls: &Decls, out: &mut Vec<Problem>) {
    let Some((w, h)) = decls.board else { return };
    let board = Board::new(decls.tiling, w, h);
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
        let player = b.one("player");
        if let Some(pn) = player {
            if let Some(word @ ("Mover" | "Next" | "Opponent")) = pn.as_ident() {
                let names: Vec<String> = players.iter().map(|d| d.0.clone()).collect();
                out.push(
                    BadPlayers::new(
                        pn.span,
                        format!("`{word}` names a player by the turn, and the start position comes before any turn"),
                    )
                    .origin(pn.origin.as_ref())
                    .help(format!("name the player: {}", names.join(" or "))),
                );
            }
        }
        let mover = player
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
