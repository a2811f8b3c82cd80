//! `lud::lint::opening_not_playable`: a move of the game's opening that is
//! not legal where it stands.

use crate::diagnostics::{OpeningNotPlayable, Problem};
use crate::game::Game;
use crate::notation::opening::book;

pub(super) fn check(game: &Game, out: &mut Vec<Problem>) {
    let lines = &game.model().info.opening;
    let (_, Some(bad)) = book(game) else {
        return;
    };
    let Some((text, span)) = lines.get(bad.line - 1) else {
        return;
    };
    let at = if lines.len() > 1 {
        format!("move {} of line {}", bad.index, bad.line)
    } else {
        format!("move {}", bad.index)
    };
    // The move itself, where the string has no escapes (its text is then
    // the source's, between the quotes).
    let raw_len = (span.end - span.start) as usize;
    let span = match (u32::try_from(bad.at.start), u32::try_from(bad.at.end)) {
        (Ok(start), Ok(end)) if raw_len == text.len() + 2 => crate::source::Span {
            start: span.start + 1 + start,
            end: span.start + 1 + end,
        },
        _ => *span,
    };
    out.push(
        OpeningNotPlayable::new(span, at, bad.text, bad.reason).help(
            "write each line's moves from the start in the game's notation, as `lud play` shows them, each legal after the ones before it, the replies it expects in brackets: `(@d2)`",
        ),
    );
}
