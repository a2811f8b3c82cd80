//! Drawing a position for the terminal, and results in words.

use std::fmt::Write as _;

use crate::compile::model::Model;
use crate::eval::Outcome;
use crate::game::Position;

/// The board as text: ranks from the last down, files lettered below. Each
/// square is three characters: ` R ` for a piece (capitals for the first
/// player), ` . ` for an empty square; a marked square is bracketed: `[R]`, `[ ]`.
pub fn board(pos: &Position) -> String {
    let model = pos.model();
    let b = &model.board;
    let mut s = String::new();
    let label_w = b.height.to_string().len();
    for y in (0..b.height).rev() {
        let _ = write!(s, "{:>label_w$} ", y + 1);
        for x in 0..b.width {
            let sq = b.at(x, y).unwrap_or(0);
            let marked = b.marked[sq as usize];
            let ch = match pos.piece_at(sq as usize) {
                Some((piece, owner)) => {
                    let l = model.pieces[piece].letter;
                    if owner == 0 {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    }
                }
                None if marked => ' ',
                None => '.',
            };
            if marked {
                let _ = write!(s, "[{ch}]");
            } else {
                let _ = write!(s, " {ch} ");
            }
        }
        s.truncate(s.trim_end().len());
        s.push('\n');
    }
    let _ = write!(s, "{:label_w$} ", "");
    for x in 0..b.width {
        let _ = write!(s, " {} ", crate::compile::board::Board::file_name(x));
    }
    s.truncate(s.trim_end().len());
    s.push('\n');
    s
}

/// The board, then whose turn it is (and check), or the result.
pub fn position(pos: &Position) -> String {
    let mut s = board(pos);
    let model = pos.model();
    match pos.outcome() {
        Some(o) => {
            let _ = writeln!(s, "{}", outcome_text(model, &o));
        }
        None => {
            let _ = write!(s, "{} to move", model.players[pos.side_to_move()].name);
            if model.has_royal() && pos.in_check() {
                s.push_str(" (in check)");
            }
            s.push('\n');
        }
    }
    s
}

/// A result in words: "White wins by checkmate", "Draw by repetition".
pub fn outcome_text(model: &Model, o: &Outcome) -> String {
    match o {
        Outcome::Win {
            winner,
            kind,
            worth,
        } => format!(
            "{} wins {}by {kind}",
            model
                .players
                .get(*winner)
                .map_or_else(|| format!("player {}", winner + 1), |p| p.name.clone()),
            if *worth == crate::compile::model::Worth::HalfWin {
                "a half-win "
            } else {
                ""
            }
        ),
        Outcome::Draw { kind } => format!("Draw by {kind}"),
    }
}
