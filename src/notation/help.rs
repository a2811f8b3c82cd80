//! How to type a move in this game, in plain English: computed from the
//! kinds of move the game has (piece moves, SAN, castling, promotions,
//! drops and columns, removals, moves in several parts), with examples taken
//! from the position's legal moves where it has some.

use crate::compile::board::Sq;
use std::fmt::Write as _;

use crate::compile::board::Dir;
use crate::compile::model::{Effect, KindExpr, MoveKind};
use crate::game::Position;
use crate::moves::Move;

use super::san::{plain_kind, san, writes_san};
use super::texts_of;

/// Whether a drop rule's pieces fall along the files (north or south): then
/// a column may be typed by its letter (where the game drops one kind; where
/// it drops several, the letter alone is answered with the drops to choose
/// from).
pub(super) fn drops_in_columns(pos: &Position) -> bool {
    pos.model().moves.iter().any(
        |r| matches!(r.kind, MoveKind::Drop { gravity: Some(d), .. } if d == Dir(0) || d == Dir(4)),
    )
}

/// The first legal move that meets `keep`, as text.
fn example(pos: &Position, keep: impl Fn(Move, &str) -> bool) -> Option<String> {
    let legal = pos.legal_moves();
    legal
        .iter()
        .zip(texts_of(pos, &legal))
        .find(|(m, t)| keep(**m, t))
        .map(|(_, t)| t)
}

/// " as in X" when there is an example, else nothing.
fn as_in(e: Option<String>) -> String {
    e.map_or_else(String::new, |e| format!(", as in {e}"))
}

/// How to type a move in this game, one line per kind of move it has, for a
/// player: plain English, no rule-file syntax. The first lines are the main
/// ways (the hint for a move that cannot be read is made of them).
pub fn move_help(pos: &Position) -> Vec<String> {
    let model = pos.model();
    let b = &model.board;
    let mut lines = Vec::new();
    let mut san_details = false;
    let piece_moves = model.moves.iter().any(|r| {
        r.piece.is_some() && !matches!(r.kind, MoveKind::Drop { .. } | MoveKind::Remove(_))
    });
    if piece_moves {
        let ex = example(pos, |m, t| {
            m.from().is_some() && m.promotion().is_none() && !t.contains([',', 'x'])
        })
        .unwrap_or_else(|| {
            // No move to show: the first two squares of the board.
            let second = Sq::from(b.len() > 1);
            format!("{}{}", b.name(0), b.name(second))
        });
        lines.push(format!(
            "Move a piece by writing the square it leaves and the square it goes to, as in {ex}."
        ));
    }
    if writes_san(model) {
        let plain = plain_kind(model);
        let sans: Vec<(Move, String)> = pos
            .legal_moves()
            .into_iter()
            .filter_map(|m| san(pos, m).map(|s| (m, s)))
            .collect();
        let lettered = sans
            .iter()
            .find(|(m, s)| {
                m.from()
                    .and_then(|f| pos.piece_at(f))
                    .is_some_and(|p| Some(p.0) != plain)
                    && !s.starts_with('O')
            })
            .map(|(_, s)| s.clone());
        let mut line = format!(
            "Or write it in SAN, as chess players do: the piece's letter and the square it goes to{}",
            as_in(lettered)
        );
        if let Some(k) = plain {
            let ex = sans
                .iter()
                .find(|(m, _)| m.from().and_then(|f| pos.piece_at(f)).map(|p| p.0) == Some(k))
                .map(|(_, s)| s.clone());
            let _ = write!(
                line,
                "; a {} by the square alone{}",
                model.pieces[k].name,
                as_in(ex)
            );
        }
        line.push('.');
        lines.push(line);
        san_details = true;
    }
    let mut dropped = Vec::new();
    let lettered = super::drops_name_pieces(model);
    for r in &model.moves {
        if let MoveKind::Drop { piece, gravity, .. } = &r.kind {
            if dropped.contains(piece) {
                continue;
            }
            dropped.push(*piece);
            let name = &model.pieces[*piece].name;
            let at = example(pos, |m, _| super::dropped_kind(model, m) == Some(*piece));
            let columns = matches!(gravity, Some(d) if *d == Dir(0) || *d == Dir(4));
            if lettered {
                // The column's letter alone would not say which piece.
                let mark = format!("{}@", model.pieces[*piece].letter);
                lines.push(if columns {
                    format!(
                        "Drop a {name} into a column by writing {mark} and the square it lands on{}.",
                        as_in(at)
                    )
                } else {
                    format!(
                        "Put a {name} down by writing {mark} and the square{}.",
                        as_in(at)
                    )
                });
            } else if columns {
                let column = at.as_ref().and_then(|t| t.get(1..2)).map(str::to_string);
                lines.push(format!(
                    "Drop a {name} into a column by typing the column's letter{}; or write @ and the square it lands on{}.",
                    as_in(column),
                    as_in(at)
                ));
            } else {
                lines.push(format!(
                    "Put a {name} down by writing @ and the square{}.",
                    as_in(at)
                ));
            }
        }
    }
    if pos.game().has_alike_rules() {
        let ex = example(pos, |_, t| t.contains('/'));
        lines.push(format!(
            "Two rules here can make the same move doing different things (put the same piece on the same square, or move a piece between the same squares): the second rule's move has /2 after it{}.",
            as_in(ex)
        ));
    }
    let castles: Vec<(String, String, u32)> = model
        .moves
        .iter()
        .filter_map(|r| match (&r.kind, r.piece) {
            (MoveKind::Castle { partner, steps }, Some(k)) => Some((
                model.pieces[k].name.clone(),
                model.pieces[*partner].name.clone(),
                *steps,
            )),
            _ => None,
        })
        .collect();
    for (king, partner, steps) in castles {
        let mut line = format!("Castle by moving the {king} {steps} squares towards a {partner}");
        let squares = super::san::castle_squares(pos, true);
        if let Some((f, t)) = squares.first() {
            let _ = write!(line, ", as in {}{}", b.name(*f), b.name(*t));
        }
        if writes_san(model) {
            let _ = write!(
                line,
                "; or write O-O (towards the {}-file) or O-O-O (towards the a-file)",
                crate::compile::board::Board::file_name(b.width - 1)
            );
        }
        line.push('.');
        lines.push(line);
    }
    if san_details {
        // An example letter: the first kind that is neither royal nor plain.
        let plain = plain_kind(model);
        let letter = model
            .pieces
            .iter()
            .enumerate()
            .find(|(k, p)| !p.royal && Some(*k) != plain)
            .map_or('R', |(_, p)| p.letter);
        lines.push(format!(
            "In SAN, x marks a capture, + a check and # a mate; when two pieces of a kind can go to the square, add the file or rank the piece leaves, as in {letter}bd2 or {letter}1a3."
        ));
    }
    if let Some(r) = model
        .player_moves
        .iter()
        .filter_map(|&i| model.moves.get(i))
        .find(|r| matches!(r.kind, MoveKind::Remove(_)))
    {
        let ex = example(pos, |m, _| m.from().is_none() && m.extra().is_none());
        lines.push(format!(
            "Remove an enemy piece by writing x and its square{}{}.",
            as_in(ex),
            if r.when_stuck {
                ", when you have no other move"
            } else {
                ""
            }
        ));
    }
    if model
        .moves
        .iter()
        .any(|r| matches!(r.kind, MoveKind::CaptureJump { again: true, .. }))
    {
        lines.push("A series of jumps names every square the piece lands on, as in c3e5c7.".into());
    }
    if model.moves.iter().any(|r| r.stay) {
        lines.push(
            "A piece that takes without moving: its square, x, and the square of the piece it takes, as in d8xe7."
                .into(),
        );
    }
    let again = |e: &Effect| matches!(e, Effect::MoveAgain(_));
    if model.moves.iter().any(|r| r.effects.iter().any(again))
        || model
            .pieces
            .iter()
            .flat_map(|p| &p.promotions)
            .any(|p| p.effects.iter().any(again))
    {
        lines.push(
            "When a piece may move again in the same turn, add a comma and the square it goes on to, as in b7b8n,c6."
                .into(),
        );
    }
    let mut promoted: Vec<usize> = Vec::new();
    for p in model.pieces.iter().flat_map(|p| &p.promotions) {
        match &p.to {
            KindExpr::Fixed(kinds) => promoted.extend(kinds),
            KindExpr::StartKind(_) | KindExpr::Lost => {
                promoted.extend(0..model.pieces.len());
            }
        }
    }
    promoted.sort_unstable();
    promoted.dedup();
    promoted.retain(|&k| !model.pieces[k].royal && model.pieces[k].promotions.is_empty());
    if !promoted.is_empty() {
        let letters: Vec<String> = promoted
            .iter()
            .map(|&k| {
                format!(
                    "{} ({})",
                    model.pieces[k].letter.to_ascii_lowercase(),
                    model.pieces[k].name
                )
            })
            .collect();
        let choose = model
            .pieces
            .iter()
            .flat_map(|p| &p.promotions)
            .any(|p| !matches!(&p.to, KindExpr::Fixed(k) if k.len() == 1) || p.optional);
        lines.push(format!(
            "A move that promotes {} the letter of the new piece{}: {}.",
            if choose { "ends with" } else { "may end with" },
            if writes_san(model) {
                let l = model.pieces[promoted[0]].letter;
                format!(" (e8{}, or e8={l} in SAN)", l.to_ascii_lowercase())
            } else {
                String::new()
            },
            letters.join(", ")
        ));
    }
    lines
}
