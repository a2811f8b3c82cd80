//! The game's own opening (`(info opening:"...")`): the moves the computer
//! player makes while the game follows them.
//!
//! Each line, a string, runs from the start position: moves in the game's
//! notation separated by spaces. A move in brackets, `(@d2)`, is a reply
//! the line expects: the game may follow it, and the computer never makes
//! it. Every other move is the computer's to make, for whichever side it
//! plays, where its line has reached; where lines part, the first line's
//! move is made.

use super::parse_move;
use crate::game::{Game, Position};
use crate::moves::Move;

/// Where an opening stops being playable: the move that is not legal where
/// it stands (or the bracket out of place), as written, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Unplayable {
    /// The line, from 1.
    pub line: usize,
    /// The move's place in its line, from 1.
    pub index: usize,
    /// The move as written.
    pub text: String,
    /// Why it is refused (the reason `lud play` gives).
    pub reason: String,
    /// Where the move stands in its line's text, in bytes.
    pub at: std::ops::Range<usize>,
}

/// One move of the opening: where it is made, the move, and whose it is.
pub(crate) struct Step {
    /// The position the move is made in.
    pub pos: Position,
    /// The move.
    pub mv: Move,
    /// The computer's to play, or the reply the line expects.
    pub whose: Whose,
}

/// Whose move of an opening line it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Whose {
    /// Written bare: the computer plays it.
    Book,
    /// Written in brackets: the other side's expected reply, never the
    /// computer's.
    Reply,
}

/// A word of a line: a move as written, and whose it is (in brackets or not).
struct Word<'t> {
    text: &'t str,
    whose: Whose,
    /// As written, brackets and all.
    raw: &'t str,
}

/// Where `part`, a slice of `whole`, stands in it, in bytes.
fn place(whole: &str, part: &str) -> std::ops::Range<usize> {
    let start = part.as_ptr() as usize - whole.as_ptr() as usize;
    start..start + part.len()
}

/// The words of one line, or what is wrong with its brackets (the word at
/// fault, from 1, as written, and why).
fn words(line: &str) -> Result<Vec<Word<'_>>, (usize, &str, String)> {
    let mut out = Vec::new();
    let mut open = false;
    let mut opened = (0, "");
    for raw in line.split_whitespace() {
        let mut text = raw;
        let mut whose = if open { Whose::Reply } else { Whose::Book };
        if let Some(rest) = text.strip_prefix('(') {
            if open {
                return Err((out.len() + 1, raw, "a `(` inside brackets".into()));
            }
            (text, open, whose) = (rest, true, Whose::Reply);
            opened = (out.len() + 1, raw);
        }
        if let Some(rest) = text.strip_suffix(')') {
            if !open {
                return Err((out.len() + 1, raw, "a `)` with no `(` before it".into()));
            }
            (text, open) = (rest, false);
        }
        if text.is_empty() || text.contains(['(', ')']) {
            return Err((
                out.len() + 1,
                raw,
                "brackets go around whole moves: `(@d2)`".into(),
            ));
        }
        out.push(Word { text, whose, raw });
    }
    if open {
        let (index, raw) = opened;
        return Err((index, raw, "its `(` is never closed".into()));
    }
    Ok(out)
}

/// The moves of the opening of `game`, line after line, each in the
/// position it is made in, up to the first move that cannot be made; that
/// move, if any (the lines after it are left out too).
pub(crate) fn book(game: &Game) -> (Vec<Step>, Option<Unplayable>) {
    let mut out = Vec::new();
    for (l, (line, _)) in game.model().info.opening.iter().enumerate() {
        let words = match words(line) {
            Ok(w) => w,
            Err((index, raw, reason)) => {
                let bad = Unplayable {
                    line: l + 1,
                    index,
                    text: raw.to_string(),
                    reason,
                    at: place(line, raw),
                };
                return (out, Some(bad));
            }
        };
        let mut pos = game.start();
        for (i, word) in words.iter().enumerate() {
            let refused = |reason: String| Unplayable {
                line: l + 1,
                index: i + 1,
                text: word.text.to_string(),
                reason,
                at: place(line, word.raw),
            };
            if let Some(o) = pos.outcome() {
                return (out, Some(refused(format!("the game is over: {o}"))));
            }
            let m = match parse_move(&pos, word.text) {
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
            out.push(Step {
                pos,
                mv: m,
                whose: word.whose,
            });
            pos = next;
        }
    }
    (out, None)
}

/// The computer's move of the opening in `pos`, if the game has an
/// opening and `pos` is one of its positions (the same board, player to
/// move and counters) where a line makes a move not in brackets.
pub(crate) fn move_in(pos: &Position) -> Option<Move> {
    // No position after more plies than the longest line has moves is in
    // the opening (the usual case, looked at first).
    let longest = pos
        .model()
        .info
        .opening
        .iter()
        .map(|(l, _)| l.split_whitespace().count())
        .max()?;
    if usize::try_from(pos.ply()).map_or(true, |p| p > longest) {
        return None;
    }
    let here = pos.to_string();
    book(&pos.game())
        .0
        .into_iter()
        .find(|s| s.whose == Whose::Book && s.pos.to_string() == here)
        .map(|s| s.mv)
}
