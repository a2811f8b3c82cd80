//! `lud::lint::start_in_check`: a royal piece attacked in the start position.

use crate::compile::board::Sq;
use crate::diagnostics::{Problem, StartInCheck};
use crate::game::Game;

pub(super) fn check(game: &Game, out: &mut Vec<Problem>) {
    let model = game.model();
    let start = game.start();
    for (p, player) in model.players.iter().enumerate() {
        if !start.is_checked(p) {
            continue;
        }
        // Name the player's first royal piece, where its placement is written.
        let Some(place) = model
            .start
            .iter()
            .find(|pl| usize::from(pl.player) == p && model.pieces[usize::from(pl.piece)].royal)
        else {
            continue;
        };
        let square = (0..model.board.len())
            .find(|&sq| {
                start
                    .piece_at(sq)
                    .is_some_and(|(k, o)| o == p && model.pieces[k].royal)
            })
            .map_or_else(String::new, |sq| model.board.name(sq as Sq));
        out.push(
            StartInCheck::new(
                place.span,
                player.name.clone(),
                model.pieces[usize::from(place.piece)].name.clone(),
                square,
            )
            .help(format!(
                "move the pieces so that no {} stands attacked at the start (a player in check at the start may have no legal move)",
                model.pieces[usize::from(place.piece)].name
            )),
        );
    }
}
