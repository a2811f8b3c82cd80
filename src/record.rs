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
//!
//! Words: a *ply* is one player's move, a half-move (the record's ply 3 is
//! its third move written); a *turn* is a player's plies in a row (one ply,
//! or the parts of a turn in parts, `(continue ...)`); a *move* is the
//! numbered pair of turns, as the record numbers it (`2. e2e4 e7e5` is move
//! 2). Move numbers follow the start position's counter: a record that
//! starts from a position string whose move number is 4 starts at `4.`
//! (`4... e7e5` when the second player moves first).
//!
//! A turn of several plies is written after one number, and the second
//! player's turn then has its own (`4...`), so that where each turn starts
//! is written: where a queen moves and then shoots an arrow in the same
//! turn, `1. d1d7 d7g7 1... d10d8 d8h8 2. ...`.
//!
//! [`Record::to_pgn`] writes a record as PGN that chess programs read: the
//! seven standard tags, `[SetUp "1"]` and `[FEN "..."]` when it starts from a
//! position, `[Variant "<the game's name>"]` (chess programs take
//! `"Chess"` for the standard game; lud knows no game by name), and the
//! moves in SAN where the game has
//! it ([`crate::notation::san`]). [`Record::parse`] reads PGN back:
//! comments `{...}` and `; ...`, variations `(...)`, NAGs `$1`, marks `!?`,
//! move numbers `4.` and `4...`, SAN or coordinates, a `[FEN]` tag as the
//! start position (a `[Position]` tag, lud's own, wins over it).

use std::fmt::Write as _;

use crate::game::{Game, Position};
use crate::notation::{move_text, parse_move, san};

/// A move numbered as records write it: `3. e2e4` for the first player
/// (`side` 0), `3... e7e5` for another.
pub fn numbered(number: u32, side: usize, text: &str) -> String {
    if side == 0 {
        format!("{number}. {text}")
    } else {
        format!("{number}... {text}")
    }
}

/// A move after the end: the game is over at ply `i`, by whichever rule
/// ended it, whatever the move (one the notation would read is refused
/// here, where the board alone might not say why).
fn over_before(
    pos: &Position,
    i: usize,
    number: u32,
    side: usize,
    text: &str,
) -> Result<(), RecordError> {
    match pos.outcome() {
        Some(o) => Err(RecordError::Move {
            ply: i + 1,
            numbered: numbered(number, side, text),
            reason: format!(
                "the game is over at ply {i}: {}",
                crate::draw::outcome_text(pos.model(), &o)
            ),
        }),
        None => Ok(()),
    }
}

/// The move number of a position, as its position string writes it (its
/// plies over the players, plus one): a record starting there numbers its
/// first ply so.
fn start_number(pos: &Position) -> u32 {
    let players = u32::try_from(pos.model().players.len().max(1)).unwrap_or(1);
    pos.ply() / players + 1
}

/// Move numbers as records write them, counted ply by ply from a start
/// position: the number goes up when the first player's turn begins (not
/// at the first ply), so that the plies of one turn, a turn in parts or a
/// phase's moves in a row, share their number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumbers {
    /// The number of the last ply counted (of the start, before any).
    number: u32,
    /// The player who made the last ply counted (`None` before any).
    last: Option<usize>,
}

impl MoveNumbers {
    /// Counting from `start`, whose move number is its position string's.
    pub fn from_start(start: &Position) -> MoveNumbers {
        MoveNumbers {
            number: start_number(start),
            last: None,
        }
    }

    /// The number of the next ply, made by `side`, without counting it.
    pub fn peek(&self, side: usize) -> u32 {
        if side == 0 && self.last.is_some_and(|l| l != 0) {
            self.number + 1
        } else {
            self.number
        }
    }

    /// Counts the next ply, made by `side`: its number.
    pub fn count(&mut self, side: usize) -> u32 {
        self.number = self.peek(side);
        self.last = Some(side);
        self.number
    }
}

/// What is written before each ply of a record's move text (`"4. "`,
/// `"4... "` or nothing) and the move number of each ply, from the player
/// who made each ply and the number of the first move. A turn is the plies
/// of one player in a row; the number goes up when the first player's turn
/// begins (not at the first ply). The first player's turn is always
/// numbered; another player's turn when it opens the record, or when it or
/// the turn before it has several plies.
fn numbering(sides: &[usize], first_number: u32) -> Vec<(String, u32)> {
    // The turns, as (player, plies).
    let mut turns: Vec<(usize, usize)> = Vec::new();
    for &side in sides {
        match turns.last_mut() {
            Some((player, plies)) if *player == side => *plies += 1,
            _ => turns.push((side, 1)),
        }
    }
    let mut out = Vec::with_capacity(sides.len());
    let mut numbers = MoveNumbers {
        number: first_number,
        last: None,
    };
    for (k, &(side, plies)) in turns.iter().enumerate() {
        let number = numbers.count(side);
        let prefix = if side == 0 {
            format!("{number}. ")
        } else if k == 0 || plies > 1 || turns[k - 1].1 > 1 {
            format!("{number}... ")
        } else {
            String::new()
        };
        out.push((prefix, number));
        // The turn's other plies share its number.
        out.extend(std::iter::repeat_n((String::new(), number), plies - 1));
    }
    out
}

/// A game record. Two records are equal when their tags, their moves and
/// the players of their plies ([`Record::plies_by`]) are.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// `[Key "value"]` tags, in order.
    pub tags: Vec<(String, String)>,
    /// The moves in coordinate notation.
    pub moves: Vec<String>,
    /// The player who made each ply (0 for the first), where it is known:
    /// as long as `moves`, or shorter (a record read from text), and then
    /// the players are taken to alternate from the `FirstSide` tag's. It
    /// tells which plies are one turn ([`Record::to_text`]).
    pub sides: Vec<usize>,
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
    /// The result that ends the moves is not the one of the `Result` tag (or
    /// the moves end with two different results).
    #[error("the moves end with {moves}, but the record also says {tag}; make the two agree")]
    TwoResults {
        /// The `Result` tag (or the first result in the moves).
        tag: String,
        /// The result written after the moves.
        moves: String,
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
    #[error("ply {ply} ({numbered}) cannot be played: {reason}")]
    Move {
        /// 1-based index of the move in the record (its ply).
        ply: usize,
        /// The move as written, with its number (`3... e7e5`).
        numbered: String,
        /// Why.
        reason: String,
    },
}

impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        self.tags == other.tags && self.moves == other.moves && self.plies_by() == other.plies_by()
    }
}

impl Eq for Record {}

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

    /// Appends a move played in `pos` (before it is played), with the player
    /// who makes it.
    pub fn push(&mut self, pos: &Position, m: crate::Move) {
        if self.sides.len() != self.moves.len() {
            self.sides = self.plies_by();
        }
        self.moves.push(move_text(pos, m));
        self.sides.push(pos.side_to_move());
    }

    /// Takes back the last ply; its move as written, if there was one.
    pub fn pop(&mut self) -> Option<String> {
        let m = self.moves.pop();
        self.sides.truncate(self.moves.len());
        m
    }

    /// The player who made each ply: [`Record::sides`] where it covers every
    /// ply, else the players alternating from the `FirstSide` tag's (the
    /// first player's if it has none).
    pub fn plies_by(&self) -> Vec<usize> {
        if self.sides.len() == self.moves.len() {
            return self.sides.clone();
        }
        let first_side = self
            .tag("FirstSide")
            .and_then(|v| v.parse::<usize>().ok())
            .unwrap_or(0);
        (0..self.moves.len())
            .map(|i| (i + first_side) % 2)
            .collect()
    }

    /// The move numbers after the record's plies, counted from `start`
    /// (its start position) as its text numbers them: where a game resumed
    /// from it goes on.
    pub fn move_numbers(&self, start: &Position) -> MoveNumbers {
        let mut numbers = MoveNumbers::from_start(start);
        for side in self.plies_by() {
            numbers.count(side);
        }
        numbers
    }

    /// The record as text: the tags, then the moves numbered by turns (see
    /// the module's notes).
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
        let mut line = String::new();
        // The move number of the start position (its sixth field).
        let number = self
            .start_text()
            .and_then(|p| p.split_whitespace().nth(5))
            .and_then(|n| n.parse::<u32>().ok())
            .filter(|&n| n > 0)
            .unwrap_or(1);
        for (m, (prefix, _)) in self.moves.iter().zip(numbering(&self.plies_by(), number)) {
            line.push_str(&prefix);
            line.push_str(m);
            line.push(' ');
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

    /// The records of a text that holds one or more, one after another
    /// (as `lud match --records` writes them): a record starts at a tag
    /// line that follows moves. Each comes with the number of lines before
    /// it, and its errors from [`Record::parse_at`] count lines from the
    /// start of the whole text.
    pub fn split(text: &str) -> Vec<(usize, &str)> {
        let mut parts = Vec::new();
        let (mut start, mut start_line) = (0, 0);
        let (mut at, mut line) = (0, 0);
        let mut moves = false;
        for raw in text.split_inclusive('\n') {
            let t = raw.trim_start_matches('\u{feff}').trim();
            if t.starts_with('[') {
                if moves {
                    parts.push((start_line, &text[start..at]));
                    (start, start_line) = (at, line);
                    moves = false;
                }
            } else if !t.is_empty() && !t.starts_with(';') && !t.starts_with('%') {
                moves = true;
            }
            at += raw.len();
            line += 1;
        }
        parts.push((start_line, &text[start..]));
        parts
    }

    /// [`Record::parse`] of a record that starts after `lines_before`
    /// lines of a longer text (from [`Record::split`]): its errors name the
    /// longer text's lines.
    pub fn parse_at(text: &str, lines_before: usize) -> Result<Record, RecordError> {
        Record::parse(text).map_err(|e| match e {
            RecordError::Syntax { line, message } => RecordError::Syntax {
                line: line + lines_before,
                message,
            },
            e => e,
        })
    }

    /// Reads a record (a byte order mark before it is skipped). A text with
    /// no tags and no moves is [`RecordError::Empty`].
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut r = Record::default();
        let mut movetext = String::new();
        // The line of the record each line of the move text is.
        let mut text_lines: Vec<usize> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with(';') || line.starts_with('%') {
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
                if r.tag(k).is_some() {
                    return Err(RecordError::Syntax {
                        line: i + 1,
                        message: format!("the tag `{k}` is given twice; give it once"),
                    });
                }
                r.tags
                    .push((k.to_string(), v.replace("\\\"", "\"").replace("\\\\", "\\")));
                continue;
            }
            movetext.push_str(raw);
            movetext.push('\n');
            text_lines.push(i + 1);
        }
        let (moves, results) =
            moves_of(&movetext).map_err(|(at, message)| RecordError::Syntax {
                line: text_lines.get(at).copied().unwrap_or(1),
                message,
            })?;
        r.moves = moves;
        // The result written after the moves is a claim like the tag's: it
        // must agree with it, and stands for it where there is no tag.
        for result in results {
            match r.tag("Result") {
                Some(tag) if tag != result => {
                    return Err(RecordError::TwoResults {
                        tag: tag.to_string(),
                        moves: result,
                    })
                }
                Some(_) => {}
                None => r.set_tag("Result", result),
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
                "the game is not over after its last move (ply {}); is the record cut short? (A game that ended outside the rules, by resignation or on time, says so in a tag: [Termination \"resignation\"])",
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
            .is_some_and(|t| !t.trim().is_empty() && !t.trim().eq_ignore_ascii_case("normal"))
            || self.tag("Ending") == Some("Draw by move limit")
    }

    /// The start position string: the `Position` tag, else the `FEN` tag.
    pub fn start_text(&self) -> Option<&str> {
        self.tag("Position").or_else(|| self.tag("FEN"))
    }

    /// The start position: the `Position` tag, else the `FEN` tag, else the
    /// game's start.
    pub fn start(&self, game: &Game) -> Result<Position, RecordError> {
        match self.start_text() {
            Some(p) => game
                .position(p)
                .map_err(|e| RecordError::Position(e.message)),
            None => Ok(game.start()),
        }
    }

    /// Plays the record's moves from its start position, each checked.
    pub fn replay(&self, game: &Game) -> Result<Position, RecordError> {
        Ok(self
            .positions(game)?
            .pop()
            .map_or_else(|| game.start(), |(p, _)| p))
    }

    /// Every position of the record, each checked: the start, then the
    /// position after each ply with that ply's move numbered as the record
    /// writes it (`3... e7e5`). The first entry's text is empty.
    ///
    /// The plies of a turn in parts share its number (`1. d1d7`, `1. d7g7`,
    /// `1... d10d8`).
    pub fn positions(&self, game: &Game) -> Result<Vec<(Position, String)>, RecordError> {
        let mut pos = self.start(game)?;
        let mut numbers = MoveNumbers::from_start(&pos);
        let mut out = vec![(pos.clone(), String::new())];
        for (i, text) in self.moves.iter().enumerate() {
            let side = pos.side_to_move();
            let number = numbers.count(side);
            over_before(&pos, i, number, side, text)?;
            let m = parse_move(&pos, text).map_err(|e| RecordError::Move {
                ply: i + 1,
                numbered: numbered(number, side, text),
                reason: e.message,
            })?;
            let written = numbered(number, side, &move_text(&pos, m));
            pos.play_unchecked(m);
            out.push((pos.clone(), written));
        }
        Ok(out)
    }

    /// The record as PGN (see the module's notes): replayed, every move
    /// checked and written in SAN where the game has it.
    pub fn to_pgn(&self, game: &Game) -> Result<String, RecordError> {
        let start = self.start(game)?;
        let model = game.model();
        let mut pos = start.clone();
        let mut numbers = MoveNumbers::from_start(&start);
        // (the move as written, the player who made it)
        let mut written = Vec::with_capacity(self.moves.len());
        let mut sides = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let side = pos.side_to_move();
            let number = numbers.count(side);
            over_before(&pos, i, number, side, text)?;
            let m = parse_move(&pos, text).map_err(|e| RecordError::Move {
                ply: i + 1,
                numbered: numbered(number, side, text),
                reason: e.message,
            })?;
            written.push(san(&pos, m).unwrap_or_else(|| move_text(&pos, m)));
            sides.push(side);
            pos.play_unchecked(m);
        }
        // Numbered as the record's own text numbers them: a turn of
        // several plies after one number.
        let moves: Vec<String> = numbering(&sides, start_number(&start))
            .into_iter()
            .zip(written)
            .map(|((prefix, _), w)| prefix + &w)
            .collect();
        let result = match (self.tag("Result"), pos.outcome()) {
            (Some(r @ ("1-0" | "0-1" | "1/2-1/2" | "*")), _) => r.to_string(),
            (_, Some(o)) => o.score().to_string(),
            _ => "*".to_string(),
        };
        let player = |i: usize| {
            model
                .players
                .get(i)
                .and_then(|p| self.tag(&p.name))
                .unwrap_or("?")
                .to_string()
        };
        let mut tags: Vec<(String, String)> = vec![
            ("Event".into(), self.tag("Event").unwrap_or("?").into()),
            ("Site".into(), self.tag("Site").unwrap_or("?").into()),
            (
                "Date".into(),
                self.tag("Date").unwrap_or("????.??.??").into(),
            ),
            ("Round".into(), self.tag("Round").unwrap_or("?").into()),
            ("White".into(), player(0)),
            ("Black".into(), player(1)),
            ("Result".into(), result.clone()),
        ];
        tags.push(("Variant".into(), game.name().into()));
        if self.start_text().is_some() {
            let full = start.to_string();
            let fen: Vec<&str> = full.split_whitespace().take(6).collect();
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), fen.join(" ")));
            if full.split_whitespace().count() > 6 {
                tags.push(("Position".into(), full.clone()));
            }
        }
        for key in ["Game", "Ruleset", "Options", "Termination", "Ending"] {
            if let Some(v) = self.tag(key) {
                tags.push((key.into(), v.into()));
            }
        }
        let mut s = String::new();
        for (k, v) in &tags {
            let _ = writeln!(
                s,
                "[{k} \"{}\"]",
                v.replace('\\', "\\\\").replace('"', "\\\"")
            );
        }
        s.push('\n');
        let mut line = String::new();
        for token in moves.iter().map(String::as_str).chain([result.as_str()]) {
            if !line.is_empty() && line.len() + 1 + token.len() > 79 {
                s.push_str(&line);
                s.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(token);
        }
        s.push_str(&line);
        s.push('\n');
        Ok(s)
    }
}

/// The moves of a record's move text, PGN's extras left out: comments
/// `{...}` and `; ...`, variations `(...)`, NAGs `$1`, marks `!?`, move
/// numbers (`4.`, `4...`, `4.e4`); and the results written among them. A
/// comment or variation never closed, or a bracket closing none, is an
/// error: the line of the move text it is on (from 0), and what is wrong.
fn moves_of(text: &str) -> Result<(Vec<String>, Vec<String>), (usize, String)> {
    let mut moves = Vec::new();
    let mut results = Vec::new();
    // The lines the open variations began on.
    let mut open: Vec<usize> = Vec::new();
    let mut line = 0usize;
    let mut clean = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\n' => {
                line += 1;
                clean.push('\n');
            }
            '{' => {
                // A comment runs to the next `}`.
                let from = line;
                let mut closed = false;
                for c in chars.by_ref() {
                    if c == '}' {
                        closed = true;
                        break;
                    }
                    line += usize::from(c == '\n');
                }
                if !closed {
                    return Err((
                        from,
                        "a comment `{` is never closed: end it with `}`".into(),
                    ));
                }
                clean.push(' ');
            }
            '}' => {
                return Err((
                    line,
                    "a `}` closes no comment: a comment is `{ ... }`, and does not nest".into(),
                ))
            }
            ';' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        break;
                    }
                }
                clean.push(' ');
            }
            '(' => {
                open.push(line);
                clean.push(' ');
            }
            ')' => {
                if open.pop().is_none() {
                    return Err((line, "a `)` closes no variation `(`".into()));
                }
                clean.push(' ');
            }
            _ if !open.is_empty() => {}
            _ => clean.push(c),
        }
    }
    if let Some(&from) = open.first() {
        return Err((
            from,
            "a variation `(` is never closed: end it with `)`".into(),
        ));
    }
    for tok in clean.split_whitespace() {
        if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*") {
            results.push(tok.to_string());
            continue;
        }
        if tok.starts_with('$') {
            continue;
        }
        // A move number, alone or before its move: `4.`, `4...`, `4.e4`.
        let t = tok.trim_start_matches(|c: char| c.is_ascii_digit());
        let t = if t.len() < tok.len() && t.starts_with('.') {
            t.trim_start_matches('.')
        } else {
            tok
        };
        let t = t.trim_end_matches(['!', '?']);
        if !t.is_empty() {
            moves.push(t.to_string());
        }
    }
    Ok((moves, results))
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_comment_or_variation_never_closed_is_an_error_on_its_line() {
        use super::{Record, RecordError};
        let line_of = |text: &str| match Record::parse(text) {
            Err(RecordError::Syntax { line, message }) => (line, message),
            other => panic!("{text:?}: {other:?}"),
        };
        let (line, m) = line_of("[Game \"G\"]\n1. e2e4 (e7e5 2. g1f3\n");
        assert_eq!(line, 2);
        assert!(m.contains("never closed"), "{m}");
        let (line, m) = line_of("[Game \"G\"]\n\n1. e2e4\n{oops e7e5 2. g1f3 1-0\n");
        assert_eq!(line, 4);
        assert!(m.contains("comment"), "{m}");
        let (_, m) = line_of("1. e2e4 {c {nested}} e7e5 *");
        assert!(m.contains("closes no comment"), "{m}");
        let (_, m) = line_of("1. e2e4 e7e5) *");
        assert!(m.contains("closes no variation"), "{m}");
        // Closed ones, over lines too, are left out as before.
        let r = Record::parse("1. e2e4 {a\ncomment} (1. d2d4\n(1. c2c4)) e7e5 *").unwrap();
        assert_eq!(r.moves, ["e2e4", "e7e5"]);
    }

    #[test]
    fn records_one_after_another_are_split_at_the_tags_after_moves() {
        let text = "[Game \"G\"]\n[Result \"1-0\"]\n\n1. a1 a2 1-0\n\n[Game \"G\"]\n; a comment\n1. b1 *\n[Game \"G\"]\n[Result \"*\"]\n";
        let parts = Record::split(text);
        let starts: Vec<usize> = parts.iter().map(|p| p.0).collect();
        assert_eq!(starts, [0, 5, 8]);
        assert_eq!(parts[1].1, "[Game \"G\"]\n; a comment\n1. b1 *\n");
        assert_eq!(parts.iter().map(|p| p.1).collect::<String>(), text);
        // One record, or none: one part, the whole text.
        assert_eq!(Record::split("[Game \"G\"]\n1. a1 *\n").len(), 1);
        assert_eq!(Record::split(""), [(0, "")]);
        // A byte order mark, and CRLF line ends.
        let marked = "\u{feff}[Game \"G\"]\r\n[Result \"*\"]\r\n1. a1 *\r\n";
        assert_eq!(Record::split(marked).len(), 1);
        let twice = format!("{marked}[Game \"G\"]\r\n1. b1 *\r\n");
        assert_eq!(Record::split(&twice)[1], (3, "[Game \"G\"]\r\n1. b1 *\r\n"));
        // Errors name the whole text's lines.
        let bad = "[Game \"G\"]\n1. a1 *\n[Game \"G\"]\n[Game \"H\"]\n";
        let parts = Record::split(bad);
        assert_eq!(parts.len(), 2);
        let e = Record::parse_at(parts[1].1, parts[1].0).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 4: the tag `Game` is given twice"),
            "{e}"
        );
    }
    use super::*;

    fn game() -> Game {
        crate::build::compile_str("t.lud", crate::EXAMPLE).unwrap()
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
        assert_eq!(
            Record::parse("[Result \"1-0\"]\n\n1. a1b1 *\n"),
            Err(RecordError::TwoResults {
                tag: "1-0".into(),
                moves: "*".into()
            })
        );
        let cut = Record::parse("[Result \"1-0\"]\n\n1. a1b1 1-0\n").unwrap();
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

    #[test]
    fn pgn_extras_are_passed_over() {
        let text = "[Event \"x\"]\n\n1.e4 {a comment\nover two lines} e5 $1 2. Nf3!? (2. f4 exf4 (2... d5)) Nc6 ; to the end\n3... a6?? 1-0\n% escaped\n";
        let r = Record::parse(text).unwrap();
        assert_eq!(r.moves, ["e4", "e5", "Nf3", "Nc6", "a6"]);
        assert_eq!(r.tag("Event"), Some("x"));
        let castles = Record::parse("1. O-O 0-0-0 1/2-1/2\n").unwrap();
        assert_eq!(castles.moves, ["O-O", "0-0-0"]);
    }

    #[test]
    fn move_numbers_follow_the_start_position() {
        let mut r = Record {
            moves: vec!["a1b1".into(), "b8a8".into(), "b1c1".into()],
            ..Record::default()
        };
        assert!(
            r.to_text().ends_with("\n1. a1b1 b8a8 2. b1c1\n"),
            "{}",
            r.to_text()
        );
        r.set_tag("Position", "k7/8/8/8/8/8/8/K7 w - - 0 7");
        assert!(
            r.to_text().ends_with("\n7. a1b1 b8a8 8. b1c1\n"),
            "{}",
            r.to_text()
        );
        r.set_tag("FirstSide", "1");
        assert!(
            r.to_text().ends_with("\n7... a1b1 8. b8a8 b1c1\n"),
            "{}",
            r.to_text()
        );
    }

    #[test]
    fn move_numbers_counted_ply_by_ply_agree_with_the_records_numbering() {
        let lines: [&[usize]; 6] = [
            &[0, 0, 1, 1, 0, 0],
            &[0, 1, 1, 0, 0, 1],
            &[1, 0, 1],
            &[0, 1, 0, 1, 0],
            &[1, 1, 0, 0, 1],
            &[0, 1, 2, 0, 2, 2, 1],
        ];
        for sides in lines {
            let mut numbers = MoveNumbers {
                number: 5,
                last: None,
            };
            let counted: Vec<u32> = sides.iter().map(|&s| numbers.count(s)).collect();
            let written: Vec<u32> = numbering(sides, 5).iter().map(|n| n.1).collect();
            assert_eq!(counted, written, "{sides:?}");
        }
    }

    #[test]
    fn a_turn_in_parts_is_written_after_one_number() {
        let prefixes = |sides: &[usize], first: u32| -> Vec<String> {
            numbering(sides, first)
                .into_iter()
                .map(|(p, _)| p)
                .collect()
        };
        // Two parts a turn.
        assert_eq!(
            prefixes(&[0, 0, 1, 1, 0, 0], 1),
            ["1. ", "", "1... ", "", "2. ", ""]
        );
        // One part, then two: the second player's turns are numbered.
        assert_eq!(
            prefixes(&[0, 1, 1, 0, 0, 1], 1),
            ["1. ", "1... ", "", "2. ", "", "2... "]
        );
        // One ply a turn: as before, from the start's number.
        assert_eq!(prefixes(&[1, 0, 1], 7), ["7... ", "8. ", ""]);
        let numbers: Vec<u32> = numbering(&[0, 0, 1, 1, 0], 3).iter().map(|n| n.1).collect();
        assert_eq!(numbers, [3, 3, 3, 3, 4]);
        // A record with its players known writes them so.
        let r = Record {
            moves: vec!["a1b1".into(), "b1c1".into(), "b8a8".into()],
            sides: vec![0, 0, 1],
            ..Record::default()
        };
        assert!(
            r.to_text().ends_with("\n1. a1b1 b1c1 1... b8a8\n"),
            "{}",
            r.to_text()
        );
        // Read back, the text knows no players: they alternate, and the
        // record is not the same; with one ply a turn it is.
        assert_ne!(Record::parse(&r.to_text()).unwrap(), r);
        let plain = Record {
            moves: r.moves.clone(),
            sides: vec![0, 1, 0],
            ..Record::default()
        };
        assert_eq!(Record::parse(&plain.to_text()).unwrap(), plain);
    }
}
