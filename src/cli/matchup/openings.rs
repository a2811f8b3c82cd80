//! The openings of `lud match`: read from a file (a position string a
//! line, or `moves ...` from the start), or drawn as random plies from the
//! start. Each opening is played twice, the colours swapped.

use std::path::Path;

use crate::game::{Game, Position};
use crate::input::{read_file, MAX_RECORD_BYTES};
use crate::moves::Move;
use crate::notation::parse_move;

/// Where the games of a pair start.
#[derive(Clone, Debug)]
pub(super) struct Opening {
    /// The line as written (for the records' `Opening` tag); empty for the
    /// game's own start.
    pub(super) text: String,
    /// The position the record starts from, without history.
    pub(super) start: Position,
    /// Whether `start` was given as a position string (else it is the
    /// game's start).
    pub(super) given: bool,
    /// The moves played from `start` before the players take over.
    pub(super) moves: Vec<Move>,
}

impl Opening {
    /// The game's own start, with no moves.
    pub(super) fn plain(game: &Game) -> Opening {
        Opening {
            text: String::new(),
            start: game.start(),
            given: false,
            moves: Vec::new(),
        }
    }
}

/// Reads an openings file, or says what is wrong where (`FILE:LINE: ...`,
/// with a hint).
pub(super) fn read(game: &Game, path: &Path) -> Result<Vec<Opening>, String> {
    let name = path.display();
    let bytes =
        read_file(path, MAX_RECORD_BYTES).map_err(|e| format!("cannot read {name}: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "{name}: the file is not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to()
        )
    })?;
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{name}:{}", i + 1);
        let opening = if let Some(rest) = line
            .strip_prefix("moves")
            .filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
        {
            let mut pos = game.start();
            let mut moves = Vec::new();
            for (k, word) in rest.split_whitespace().enumerate() {
                let m = parse_move(&pos, word).map_err(|e| {
                    format!(
                        "{at}: move {} (`{word}`) cannot be played: {}\n  help: a line `moves ...` lists moves from the start, each legal after the ones before it (`moves e2e4 e7e5`)",
                        k + 1,
                        e.message
                    )
                })?;
                pos.play_unchecked(m);
                moves.push(m);
            }
            Opening {
                text: line.to_string(),
                start: game.start(),
                given: false,
                moves,
            }
        } else {
            let start = game.position(line).map_err(|e| {
                format!(
                    "{at}: this is not a position of {}: {}\n  help: each line is a position string (as `lud show` and records write them), `moves` and moves from the start, or a `#` comment",
                    game.name(),
                    e.message
                )
            })?;
            Opening {
                text: line.to_string(),
                start,
                given: true,
                moves: Vec::new(),
            }
        };
        if let Some(o) = end_of(&opening) {
            return Err(format!(
                "{at}: the game is already over there ({o})\n  help: give openings from which the game goes on"
            ));
        }
        out.push(opening);
    }
    if out.is_empty() {
        return Err(format!(
            "{name} has no openings\n  help: write a position string or `moves ...` on a line (lines starting with `#` are comments)"
        ));
    }
    Ok(out)
}

/// The position after an opening.
pub(super) fn after(o: &Opening) -> Position {
    let mut pos = o.start.clone();
    for &m in &o.moves {
        pos.play_unchecked(m);
    }
    pos
}

/// How the game ends right after the opening, if it does (or has no move).
fn end_of(o: &Opening) -> Option<String> {
    let pos = after(o);
    if let Some(out) = pos.outcome() {
        return Some(crate::draw::outcome_text(pos.model(), &out));
    }
    pos.legal_moves()
        .is_empty()
        .then(|| "no legal move".to_string())
}

/// `plies` random legal plies from the start, drawn with `rng`, and more if
/// the last turn is not over yet (the opening ends between turns); an
/// opening after which the game is over is drawn again (at most 1000
/// times).
pub(super) fn random(game: &Game, plies: u32, rng: &mut fastrand::Rng) -> Option<Opening> {
    for _ in 0..1000 {
        let mut pos = game.start();
        let mut moves = Vec::new();
        // `plies` plies, then the last turn finished, so that the players
        // start on a whole turn.
        let mut ply = 0;
        while ply < plies || (pos.mid_turn() && pos.outcome().is_none()) {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.usize(..legal.len())];
            pos.play_unchecked(m);
            moves.push(m);
            ply += 1;
        }
        let mut text = String::from("moves");
        let mut p = game.start();
        for &m in &moves {
            text.push(' ');
            text.push_str(&crate::notation::move_text(&p, m));
            p.play_unchecked(m);
        }
        let o = Opening {
            text,
            start: game.start(),
            given: false,
            moves,
        };
        if o.moves.len() >= plies as usize && !pos.mid_turn() && end_of(&o).is_none() {
            return Some(o);
        }
    }
    None
}
