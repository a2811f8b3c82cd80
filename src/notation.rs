//! Moves as text: coordinate notation `e2e4`, a promotion marked by the small
//! letter of the new piece (`e7e8q`). Reading a move checks it against the
//! legal moves and says exactly why one is refused.

use crate::explain;
use crate::game::Position;
use crate::moves::Move;

/// A move that could not be read or is not legal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct MoveError {
    /// What is wrong.
    pub message: String,
    /// What to do.
    pub help: Option<String>,
}

impl MoveError {
    fn new(message: impl Into<String>, help: Option<String>) -> Self {
        MoveError {
            message: message.into(),
            help,
        }
    }
}

/// The text of a move: `e2e4`, `e7e8q`.
pub fn move_text(pos: &Position, m: Move) -> String {
    let model = pos.model();
    let b = &model.board;
    let mut s = format!("{}{}", b.name(m.from), b.name(m.to));
    if let Some(p) = m.promotion() {
        s.push(model.pieces[p].letter.to_ascii_lowercase());
    }
    s
}

/// Splits `e2e4q` into its parts: two square names and an optional letter.
fn split(text: &str) -> Option<(&str, &str, Option<char>)> {
    let t = text.trim();
    let sq_len = |s: &str| -> usize {
        let mut it = s.char_indices();
        match it.next() {
            Some((_, c)) if c.is_ascii_lowercase() => {}
            _ => return 0,
        }
        let digits = s[1..].chars().take_while(char::is_ascii_digit).count();
        if digits == 0 {
            0
        } else {
            1 + digits
        }
    };
    let a = sq_len(t);
    if a == 0 {
        return None;
    }
    let rest = t[a..].trim_start_matches('-');
    let b = sq_len(rest);
    if b == 0 {
        return None;
    }
    let tail = rest[b..].trim_start_matches('=');
    let mut chars = tail.chars();
    let promo = match (chars.next(), chars.next()) {
        (None, _) => None,
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
        _ => return None,
    };
    Some((&t[..a], &rest[..b], promo))
}

const FORMAT_HELP: &str =
    "write a move as its from and to squares, as in e2e3; add the new piece's letter for a promotion, as in e7e8q";

/// Reads a move and checks it is legal here, or says why not.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let Some((f, t, promo)) = split(text) else {
        return Err(MoveError::new(
            format!("`{}` is not a move", text.trim()),
            Some(FORMAT_HELP.into()),
        ));
    };
    let model = pos.model();
    let b = &model.board;
    let last = format!(
        "{}{}",
        crate::compile::board::Board::file_name(b.width - 1),
        b.height
    );
    let from = b.parse(f).ok_or_else(|| {
        MoveError::new(
            format!("{f} is not a square of this board"),
            Some(format!("squares run from a1 to {last}")),
        )
    })?;
    let to = b.parse(t).ok_or_else(|| {
        MoveError::new(
            format!("{t} is not a square of this board"),
            Some(format!("squares run from a1 to {last}")),
        )
    })?;
    if let Some(o) = pos.outcome() {
        return Err(MoveError::new(
            format!("the game is over: {}", crate::draw::outcome_text(model, &o)),
            None,
        ));
    }
    let promo_piece = match promo {
        None => None,
        Some(c) => Some(model.piece_by_letter(c).ok_or_else(|| {
            MoveError::new(
                format!("no piece has the letter '{c}'"),
                Some(format!(
                    "the pieces are {}",
                    model
                        .pieces
                        .iter()
                        .map(|p| format!("{} ({})", p.letter.to_ascii_lowercase(), p.name))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            )
        })?),
    };
    let legal = pos.legal_moves();
    let matching: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from == from && m.to == to)
        .collect();
    if !matching.is_empty() {
        let chosen: Vec<Move> = matching
            .iter()
            .copied()
            .filter(|m| promo_piece.is_none() || m.promotion() == promo_piece)
            .collect();
        let mut kinds: Vec<Option<usize>> = chosen.iter().map(|m| m.promotion()).collect();
        kinds.dedup();
        match (chosen.len(), promo_piece) {
            (0, Some(p)) => {
                let options: Vec<String> = matching.iter().map(|m| move_text(pos, *m)).collect();
                return Err(MoveError::new(
                    format!("this move cannot promote to {}", model.pieces[p].name),
                    Some(format!("play {}", options.join(" or "))),
                ));
            }
            (1, _) => return Ok(chosen[0]),
            _ if kinds.len() == 1 => return Ok(chosen[0]),
            _ => {
                let options: Vec<String> = matching.iter().map(|m| move_text(pos, *m)).collect();
                return Err(MoveError::new(
                    "this move promotes: say to what".to_string(),
                    Some(format!("play {}", options.join(" or "))),
                ));
            }
        }
    }
    let (message, help) = explain::why_not(pos, from, to, promo_piece);
    Err(MoveError::new(message, help))
}

/// Why a move generated for this position is refused (for [`Position::play`]).
pub(crate) fn explain_refusal(pos: &Position, m: Move) -> String {
    explain::why_not(pos, m.from, m.to, m.promotion()).0
}
