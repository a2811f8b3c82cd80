//! Game records: tags and moves, PGN-like, replayable to the same position.
//!
//! ```text
//! [Game "My Game"]
//! [White "ai"]
//! [Black "random"]
//! [Result "1-0"]
//! [Ending "White wins by checkmate"]
//!
//! 1. e2e3 e7e6 2. d1e2 d8e7 1-0
//! ```

use std::fmt::Write as _;

use crate::game::{Game, Position};
use crate::notation::{move_text, parse_move};

/// A game record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// `[Key "value"]` tags, in order.
    pub tags: Vec<(String, String)>,
    /// The moves in coordinate notation.
    pub moves: Vec<String>,
}

/// A record that cannot be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A line of the record is malformed.
    #[error("line {line}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The start position tag cannot be read.
    #[error("the Position tag cannot be read: {0}")]
    Position(String),
    /// The record has no tags and no moves.
    #[error("the record is empty: a record has tags such as [Game \"...\"] and moves such as 1. e2e4 e7e5")]
    Empty,
    /// The record is of another game.
    #[error("the record is of \"{record}\", not of \"{game}\"; replay it with the file of \"{record}\"{}", file.as_ref().map_or_else(String::new, |f| format!(" (its File tag says {f})")))]
    WrongGame {
        /// The game the record names (its `Game` tag).
        record: String,
        /// The game it was given.
        game: String,
        /// The file the record names (its `File` tag).
        file: Option<String>,
    },
    /// The `Result` tag is not a result.
    #[error("the Result tag is \"{0}\"; a result is 1-0, 0-1, 1/2-1/2 or * (unfinished)")]
    BadResult(String),
    /// The record claims a result that its moves do not reach.
    #[error("the record says {claimed}, but {actual}")]
    WrongResult {
        /// The `Result` tag.
        claimed: String,
        /// What the replay reached, in words.
        actual: String,
    },
    /// A move is not legal where it stands.
    #[error("move {number} ({text}) cannot be played: {reason}")]
    Move {
        /// 1-based index of the move.
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        reason: String,
    },
}

impl Record {
    /// The value of a tag.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag (replacing it if present).
    pub fn set_tag(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(k, _)| k == key) {
            Some(t) => t.1 = value,
            None => self.tags.push((key.to_string(), value)),
        }
    }

    /// Appends a move played in `pos` (before it is played).
    pub fn push(&mut self, pos: &Position, m: crate::Move) {
        self.moves.push(move_text(pos, m));
    }

    /// The record as text. `first_player` is who moved first (for numbering).
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for (k, v) in &self.tags {
            let _ = writeln!(
                s,
                "[{k} \"{}\"]",
                v.replace('\\', "\\\\").replace('"', "\\\"")
            );
        }
        s.push('\n');
        let first_side = self
            .tag("FirstSide")
            .and_then(|v| v.parse::<usize>().ok())
            .unwrap_or(0);
        let mut line = String::new();
        let mut number = 1;
        for (i, m) in self.moves.iter().enumerate() {
            let side = (i + first_side) % 2;
            if side == 0 {
                let _ = write!(line, "{number}. ");
            } else if i == 0 {
                let _ = write!(line, "{number}... ");
            }
            line.push_str(m);
            line.push(' ');
            if side == 1 {
                number += 1;
            }
            if line.len() > 72 {
                s.push_str(line.trim_end());
                s.push('\n');
                line.clear();
            }
        }
        if let Some(r) = self.tag("Result") {
            line.push_str(r);
        }
        if !line.trim().is_empty() {
            s.push_str(line.trim_end());
            s.push('\n');
        }
        s
    }

    /// Reads a record (a byte order mark before it is skipped). A text with
    /// no tags and no moves is [`RecordError::Empty`].
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut r = Record::default();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with(';') {
                continue;
            }
            if let Some(inner) = line.strip_prefix('[') {
                let inner = inner.strip_suffix(']').ok_or_else(|| RecordError::Syntax {
                    line: i + 1,
                    message: "a tag must end with `]`".into(),
                })?;
                let (k, v) = inner.split_once(' ').ok_or_else(|| RecordError::Syntax {
                    line: i + 1,
                    message: "a tag is `[Key \"value\"]`".into(),
                })?;
                let v = v.trim();
                let v = v
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .ok_or_else(|| RecordError::Syntax {
                        line: i + 1,
                        message: "a tag's value is in double quotes".into(),
                    })?;
                r.tags
                    .push((k.to_string(), v.replace("\\\"", "\"").replace("\\\\", "\\")));
                continue;
            }
            for tok in line.split_whitespace() {
                let t = tok.trim_start_matches(|c: char| c.is_ascii_digit());
                if t.starts_with('.') && t.trim_start_matches('.').is_empty() {
                    continue; // a move number
                }
                if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*") {
                    continue;
                }
                r.moves.push(tok.to_string());
            }
        }
        if r.tags.is_empty() && r.moves.is_empty() {
            return Err(RecordError::Empty);
        }
        Ok(r)
    }

    /// Whether the record is of `game`: its `Game` tag, if it has one, is the
    /// game's name.
    pub fn check_game(&self, game: &Game) -> Result<(), RecordError> {
        match self.tag("Game") {
            Some(name) if name != game.name() => Err(RecordError::WrongGame {
                record: name.to_string(),
                game: game.name().to_string(),
                file: self.tag("File").map(str::to_string),
            }),
            _ => Ok(()),
        }
    }

    /// Whether the result the record claims (its `Result` tag) is where its
    /// moves lead: the same result when the game is over; `*` (unfinished)
    /// or no tag when it is not, unless a `Termination` tag says the game
    /// was stopped outside the rules (as `lud play` writes for its move
    /// limit).
    pub fn check_result(&self, end: &Position) -> Result<(), RecordError> {
        let Some(claimed) = self.tag("Result") else {
            return Ok(());
        };
        if !matches!(claimed, "1-0" | "0-1" | "1/2-1/2" | "*") {
            return Err(RecordError::BadResult(claimed.to_string()));
        }
        let wrong = |actual: String| {
            Err(RecordError::WrongResult {
                claimed: claimed.to_string(),
                actual,
            })
        };
        match end.outcome() {
            Some(o) if o.score() != claimed => wrong(format!(
                "the game ends {} after its last move ({})",
                o.score(),
                crate::draw::outcome_text(end.model(), &o)
            )),
            None if claimed != "*" && !self.stopped_outside_the_rules() => wrong(format!(
                "the game is not over after its last move (move {}); is the record cut short?",
                self.moves.len()
            )),
            _ => Ok(()),
        }
    }

    /// Whether a `Termination` tag says the game was stopped by something
    /// other than its rules (a move limit, an adjudication), or the `Ending`
    /// tag is the move limit of `lud play` (its records before it wrote
    /// `Termination`).
    fn stopped_outside_the_rules(&self) -> bool {
        self.tag("Termination")
            .is_some_and(|t| !t.trim().is_empty() && t != "normal")
            || self.tag("Ending") == Some("Draw by move limit")
    }

    /// Plays the record's moves from its start position, each checked.
    pub fn replay(&self, game: &Game) -> Result<Position, RecordError> {
        let mut pos = match self.tag("Position") {
            Some(p) => game
                .position(p)
                .map_err(|e| RecordError::Position(e.message))?,
            None => game.start(),
        };
        for (i, text) in self.moves.iter().enumerate() {
            let m = parse_move(&pos, text).map_err(|e| RecordError::Move {
                number: i + 1,
                text: text.clone(),
                reason: e.message,
            })?;
            pos.play_unchecked(m);
        }
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        crate::compile::compile_str("t.lud", crate::EXAMPLE).unwrap()
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let r = Record::parse("\u{feff}[Game \"Kings\"]\n\n1. a1b1 *\n").unwrap();
        assert_eq!(r.tag("Game"), Some("Kings"));
        assert_eq!(r.moves, ["a1b1"]);
    }

    #[test]
    fn a_record_with_nothing_in_it_is_empty() {
        assert_eq!(Record::parse(""), Err(RecordError::Empty));
        assert_eq!(Record::parse("\n ; note\n"), Err(RecordError::Empty));
        assert!(Record::parse("[Game \"Kings\"]\n").is_ok());
    }

    #[test]
    fn the_game_tag_must_name_the_game() {
        let g = game();
        let r = Record::parse("[Game \"Chess\"]\n\n1. a1b1\n").unwrap();
        assert!(matches!(
            r.check_game(&g),
            Err(RecordError::WrongGame { record, game, file: None }) if record == "Chess" && game == "Kings"
        ));
        let r = Record::parse("[Game \"Kings\"]\n\n1. a1b1\n").unwrap();
        assert_eq!(r.check_game(&g), Ok(()));
    }

    #[test]
    fn a_claimed_result_must_be_where_the_moves_lead() {
        let g = game();
        let cut = Record::parse("[Result \"1-0\"]\n\n1. a1b1 *\n").unwrap();
        let end = cut.replay(&g).unwrap();
        assert!(matches!(
            cut.check_result(&end),
            Err(RecordError::WrongResult { .. })
        ));
        let stopped =
            Record::parse("[Result \"1/2-1/2\"]\n[Termination \"move limit\"]\n\n1. a1b1\n")
                .unwrap();
        assert_eq!(stopped.check_result(&end), Ok(()));
        let open = Record::parse("[Result \"*\"]\n\n1. a1b1\n").unwrap();
        assert_eq!(open.check_result(&end), Ok(()));
        let odd = Record::parse("[Result \"2-0\"]\n\n1. a1b1\n").unwrap();
        assert_eq!(
            odd.check_result(&end),
            Err(RecordError::BadResult("2-0".into()))
        );
    }
}
