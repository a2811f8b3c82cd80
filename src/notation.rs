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
///
/// A removal (a move of the player, not of a piece) is `xd5`; a capture
/// without moving is `d8xe7`; an extra move in the same turn follows a comma:
/// `b7b8n,c6`.
pub fn move_text(pos: &Position, m: Move) -> String {
    let model = pos.model();
    let b = &model.board;
    let Some(from) = m.from() else {
        let drop = model
            .moves
            .get(m.rule())
            .is_some_and(|r| matches!(r.kind, crate::compile::model::MoveKind::Drop { .. }));
        return format!("{}{}", if drop { "@" } else { "x" }, b.name(m.to));
    };
    let stay = model.moves.get(m.rule()).is_some_and(|r| r.stay);
    let jumps = m.jumps();
    let mut s = if jumps.len() > 0 {
        // A series of jumps: every square it lands on.
        let mut s = b.name(from as u8);
        for (_, land) in jumps.hops(b, from as u8) {
            s.push_str(&b.name(land));
        }
        s
    } else if stay {
        format!("{}x{}", b.name(from as u8), b.name(m.to))
    } else {
        format!("{}{}", b.name(from as u8), b.name(m.to))
    };
    if let Some(p) = m.promotion() {
        s.push(model.pieces[p].letter.to_ascii_lowercase());
    }
    if let Some(x) = m.extra() {
        s.push(',');
        s.push_str(&b.name(x as u8));
    }
    s
}

/// A move as typed, made comparable with [`move_text`]: no spaces, `=` and
/// `-` dropped, the promotion letter small.
fn normalise(text: &str) -> String {
    let t: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, '=' | '-' | ' '))
        .collect();
    t.to_lowercase()
}

/// Splits `e2e4q` into its parts: two square names and an optional letter
/// (an `x` between the squares, and a `,square` extra part, are passed over).
fn split(text: &str) -> Option<(&str, &str, Option<char>)> {
    let t = text.trim();
    let t = t.split(',').next().unwrap_or(t);
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
    let rest = t[a..].trim_start_matches(['-', 'x']);
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
    let want = normalise(text);
    let legal = pos.legal_moves();
    if let Some(m) = legal.iter().find(|m| move_text(pos, **m) == want) {
        return Ok(*m);
    }
    if let Some(sq) = want.strip_prefix('@') {
        let model = pos.model();
        let drops: Vec<String> = legal
            .iter()
            .map(|m| move_text(pos, *m))
            .filter(|t| t.starts_with('@'))
            .collect();
        return Err(MoveError::new(
            if model.board.parse(sq).is_none() {
                format!("{sq} is not a square of this board")
            } else {
                format!("you cannot put a piece on {sq} now")
            },
            Some(if drops.is_empty() {
                "no piece may be put down now".into()
            } else {
                format!("you may put a piece on: {}", drops.join(" "))
            }),
        ));
    }
    if let Some(sq) = want.strip_prefix('x') {
        let model = pos.model();
        if model.board.parse(sq).is_none() {
            return Err(MoveError::new(
                format!("{sq} is not a square of this board"),
                None,
            ));
        }
        if let Some(o) = pos.outcome() {
            return Err(MoveError::new(
                format!("the game is over: {}", crate::draw::outcome_text(model, &o)),
                None,
            ));
        }
        let removals: Vec<String> = legal
            .iter()
            .filter(|m| m.from().is_none())
            .map(|m| move_text(pos, *m))
            .collect();
        return Err(MoveError::new(
            format!("you cannot remove the piece on {sq}"),
            Some(if removals.is_empty() {
                "no removal is allowed now".into()
            } else {
                format!("you may remove: {}", removals.join(" "))
            }),
        ));
    }
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
    let matching: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from == from && m.to == to && m.extra().is_none())
        .collect();
    if let Some((_, extra)) = want.split_once(',') {
        let extras: Vec<String> = legal
            .iter()
            .filter(|m| m.from == from && m.to == to && m.extra().is_some())
            .map(|m| move_text(pos, *m))
            .collect();
        if !matching.is_empty() || !extras.is_empty() {
            return Err(MoveError::new(
                format!("the piece cannot move on to {extra} in the same turn"),
                Some(if extras.is_empty() {
                    "no extra move is allowed after this one".into()
                } else {
                    format!("play one of {}, or the move alone", extras.join(" "))
                }),
            ));
        }
    }
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
