//! `lud::lint::opening_not_playable`: a move of the game's opening that is
//! not legal where it stands.

use crate::diagnostics::{OpeningNotPlayable, Problem};
use crate::game::Game;
use crate::notation::opening::line;

pub(super) fn check(game: &Game, out: &mut Vec<Problem>) {
    let Some((_, span)) = &game.model().info.opening else {
        return;
    };
    if let (_, Some(bad)) = line(game) {
        out.push(
            OpeningNotPlayable::new(*span, bad.index, bad.text, bad.reason).help(
                "write the opening's moves in the game's notation, as `lud play` shows them, each legal after the ones before it",
            ),
        );
    }
}
