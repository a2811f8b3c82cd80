//! The game's own opening (`(info opening:"...")`): the moves the computer
//! player makes from the start position while the game follows them.

use super::parse_move;
use crate::game::{Game, Position};
use crate::moves::Move;

/// Where an opening stops being playable: the move (counted from 1) that is
/// not legal where it stands, as written, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Unplayable {
    /// The move's place in the line, from 1.
    pub index: usize,
    /// The move as written.
    pub text: String,
    /// Why it is refused (the reason `lud play` gives).
    pub reason: String,
}

/// The positions of the opening of `game` and the move it makes in each,
/// in order, up to its first move that is not legal; that move, if any.
pub(crate) fn line(game: &Game) -> (Vec<(Position, Move)>, Option<Unplayable>) {
    let mut out = Vec::new();
    let Some((text, _)) = &game.model().info.opening else {
        return (out, None);
    };
    let mut pos = game.start();
    for (i, word) in text.split_whitespace().enumerate() {
        let refused = |reason: String| Unplayable {
            index: i + 1,
            text: word.to_string(),
            reason,
        };
        if let Some(o) = pos.outcome() {
            return (out, Some(refused(format!("the game is over: {o}"))));
        }
        let m = match parse_move(&pos, word) {
            Ok(m) => m,
            Err(e) => return (out, Some(refused(e.to_string()))),
        };
        let next = {
            let mut p = pos.clone();
            if let Err(e) = p.play(m) {
                return (out, Some(refused(e.to_string())));
            }
            p
        };
        out.push((pos, m));
        pos = next;
    }
    (out, None)
}

/// The opening's move in `pos`, if the game has an opening and `pos` is
/// one of its positions (the same board, player to move and counters).
pub(crate) fn move_in(pos: &Position) -> Option<Move> {
    pos.model().info.opening.as_ref()?;
    let game = pos.game();
    let here = pos.to_string();
    line(&game)
        .0
        .into_iter()
        .find(|(p, _)| p.to_string() == here)
        .map(|(_, m)| m)
}
