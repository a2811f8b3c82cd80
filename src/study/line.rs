//! A game of a study as one line of JSON (JSON Lines: one object a line),
//! the format `lud selfplay` writes and `lud analyze` reads:
//!
//! ```json
//! {"game":"Mill","rules":"9c1f0e3a5b7d2468","players":["random","random"],"sides":["White","Black"],
//!  "seed":1,"max_plies":5000,"index":17,"result":"win","winner":"Black",
//!  "ending":"checkmate","plies":212,"branching":[16,16,...],"seconds":0.00041}
//! ```
//!
//! (one line in the file). `ruleset` and `options` appear when the study
//! set them, `random_plies` when the study played its games' first plies
//! at random, `half` when a win was a half-win, `winner` and `ending` when
//! the rules ended the game, `moves` and `eval` when the study kept them. `result` is `win`, `draw`, `capped` (still
//! going at `max_plies`) or `stuck` (no legal move and no end rule for it).

use serde::{Deserialize, Serialize};

use super::{End, Played, Study};

/// One game of a study, as written in a results file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Line {
    /// The game's name.
    pub game: String,
    /// A fingerprint of the game file's text (FNV-1a, 64 bits, in hex): a
    /// file changed since is another study, whatever its name.
    #[serde(default)]
    pub rules: String,
    /// The ruleset the study named, if it named one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
    /// The options the study set, each `NAME=VALUE`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// Who played each side (`random`, `alphabeta:10000`...), by player
    /// number.
    pub players: Vec<String>,
    /// The sides' names, by player number.
    pub sides: Vec<String>,
    /// The study's seed.
    pub seed: u64,
    /// The study's cap on a game's length, in plies.
    pub max_plies: u32,
    /// The plies at the start of each game played at random, whoever plays
    /// (`lud selfplay --random-plies`; written where not 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub random_plies: u32,
    /// The game's number in the study.
    pub index: u64,
    /// `win`, `draw`, `capped` or `stuck`.
    pub result: String,
    /// The winner's name, for a win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// Whether the win was a half-win.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub half: bool,
    /// The kind of ending, as the game file names it, when the rules ended
    /// the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<String>,
    /// The game's length in plies.
    pub plies: u32,
    /// The legal moves of each position a move was played from.
    pub branching: Vec<u32>,
    /// The moves played, in the notation of records, when the study kept
    /// them (`lud selfplay --moves`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// What each position a move was played from was worth to the first
    /// player by lud's evaluation, in hundredths, when the study kept it
    /// (`lud selfplay --eval`, games of two players).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eval: Vec<i32>,
    /// The time the game took, in seconds.
    pub seconds: f64,
}

/// What makes a study, but for its seed ([`Line::study_key`]).
pub(crate) type StudyKey<'a> = (
    &'a String,
    &'a String,
    &'a Option<String>,
    &'a Vec<String>,
    &'a Vec<String>,
    &'a Vec<String>,
    u32,
    u32,
);

/// Whether a number is 0 (left out of a line).
#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Whether a character would act on a terminal rather than show: a
/// control character, a byte order mark, or one of Unicode's marks that
/// turn text around (U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069).
fn unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}

/// `s` with each character that would act on a terminal written as its
/// escape (`\u{1b}`), the others as they are.
pub(crate) fn escaped(s: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if unsafe_char(c) {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// `n` and a noun, in the plural but for one: `1 game`, `2 games`, `1 ply`,
/// `0 plies`, `3 entries`.
pub(crate) fn counted(n: impl Into<u64>, noun: &str) -> String {
    let n: u64 = n.into();
    if n == 1 {
        return format!("1 {noun}");
    }
    match noun.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{n} {stem}ies"),
        _ => format!("{n} {noun}s"),
    }
}

/// Why a results file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// A line is not UTF-8 text.
    #[error("line {line} is not UTF-8 text")]
    NotText {
        /// The line's number, from 1.
        line: usize,
    },
    /// A line is longer than any game's line can be.
    #[error("line {line} is longer than {} MiB", MAX_LINE >> 20)]
    TooLong {
        /// The line's number, from 1.
        line: usize,
    },
    /// A line is not a game of a study.
    #[error("line {line}, column {column}: {message}")]
    Bad {
        /// The line's number, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The file could not be read.
    #[error("line {line}: {message}")]
    Io {
        /// The line being read, from 1.
        line: usize,
        /// The system's message.
        message: String,
    },
}

/// The longest time a game of a results file may say it took, in seconds
/// (a year).
pub(crate) const MAX_SECONDS: f64 = 366.0 * 86_400.0;

/// The longest line read, in bytes (a game of 100,000 plies, the longest
/// cap, writes some 700 kB).
pub const MAX_LINE: u64 = 16 << 20;

/// The games of a results file, one a line, read as they come (blank lines
/// skipped), so that a file of any length is read in bounded memory.
pub struct Reader<R> {
    r: R,
    buf: Vec<u8>,
    number: usize,
    at: u64,
    torn: Option<u64>,
    failed: bool,
    /// Lines of games read.
    good: usize,
}

impl<R: std::io::BufRead> Reader<R> {
    /// A reader of the lines of `r`.
    pub fn new(r: R) -> Self {
        Reader {
            r,
            buf: Vec::new(),
            number: 0,
            at: 0,
            torn: None,
            failed: false,
            good: 0,
        }
    }

    /// Where a last line cut short (a run stopped while writing it: no
    /// newline after it, and not a whole game) starts, in bytes, once the
    /// reader is done; it is not among the lines read.
    pub fn torn(&self) -> Option<u64> {
        self.torn
    }

    /// The lines read so far.
    pub fn lines_read(&self) -> usize {
        self.number
    }

    fn fail(&mut self, e: LineError) -> Result<Line, LineError> {
        self.failed = true;
        Err(e)
    }
}

impl<R: std::io::BufRead> Iterator for Reader<R> {
    type Item = Result<Line, LineError>;

    fn next(&mut self) -> Option<Self::Item> {
        use std::io::{BufRead as _, Read as _};
        loop {
            if self.failed || self.torn.is_some() {
                return None;
            }
            self.buf.clear();
            let read = (&mut self.r)
                .take(MAX_LINE + 1)
                .read_until(b'\n', &mut self.buf);
            let n = match read {
                Ok(0) => return None,
                Ok(n) => n,
                Err(e) => {
                    let line = self.number + 1;
                    return Some(self.fail(LineError::Io {
                        line,
                        message: e.to_string(),
                    }));
                }
            };
            self.number += 1;
            let start = self.at;
            self.at += n as u64;
            let ended = self.buf.last() == Some(&b'\n');
            if !ended && n as u64 > MAX_LINE {
                let line = self.number;
                return Some(self.fail(LineError::TooLong { line }));
            }
            // A last line cut short is set aside only where it follows
            // lines of games, or starts as one: a file of something else is
            // an error, never cut.
            let may_be_torn = !ended && (self.good > 0 || self.buf.starts_with(b"{\"game\""));
            let text = match std::str::from_utf8(&self.buf) {
                Ok(t) => t.trim_end_matches(['\n', '\r']),
                Err(_) if may_be_torn => {
                    self.torn = Some(start);
                    return None;
                }
                Err(_) => {
                    let line = self.number;
                    return Some(self.fail(LineError::NotText { line }));
                }
            };
            // A byte order mark, which some editors write, opens the file.
            let text = match text.strip_prefix('\u{feff}') {
                Some(t) if self.number == 1 => t,
                _ => text,
            };
            if text.trim().is_empty() {
                continue;
            }
            return match serde_json::from_str::<Line>(text) {
                Ok(mut l) => match l.escape_controls().check() {
                    Ok(()) => {
                        self.good += 1;
                        Some(Ok(l))
                    }
                    Err(message) => {
                        let line = self.number;
                        Some(self.fail(LineError::Bad {
                            line,
                            column: 1,
                            message,
                        }))
                    }
                },
                Err(_) if may_be_torn => {
                    self.torn = Some(start);
                    None
                }
                Err(e) => {
                    let line = self.number;
                    // serde's message ends with the place, given apart here.
                    let message = e.to_string();
                    let message = match message.rsplit_once(" at line ") {
                        Some((m, _)) => m.to_string(),
                        None => message,
                    };
                    // serde names the type it read into (`struct Line with
                    // 19 elements`): what the reader needs is the shape.
                    let message = if text.trim_start().starts_with('[') {
                        "not a results file: each line is one JSON object (a game), and this is an array".to_string()
                    } else if !text.trim_start().starts_with('{') {
                        "not a results file: each line is one JSON object (a game)".to_string()
                    } else if message.contains("struct Line") {
                        "not a game's line: each line is one JSON object with the fields `lud selfplay` writes".to_string()
                    } else {
                        escaped(&message)
                    };
                    Some(self.fail(LineError::Bad {
                        line,
                        column: e.column(),
                        message,
                    }))
                }
            };
        }
    }
}

impl Line {
    /// The line of game `played` of `study`.
    pub fn new(study: &Study, played: &Played) -> Line {
        let (result, winner, half, ending) = match &played.end {
            End::Win { winner, kind, half } => (
                "win",
                Some(study.sides.get(*winner).cloned().unwrap_or_default()),
                *half,
                Some(kind.clone()),
            ),
            End::Draw { kind } => ("draw", None, false, Some(kind.clone())),
            End::Capped => ("capped", None, false, None),
            End::Stuck => ("stuck", None, false, None),
        };
        Line {
            game: study.game.clone(),
            rules: study.rules.clone(),
            ruleset: study.ruleset.clone(),
            options: study
                .options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
            players: study.agents.iter().map(ToString::to_string).collect(),
            sides: study.sides.clone(),
            seed: study.seed,
            max_plies: study.max_plies,
            random_plies: study.random_plies,
            index: played.index,
            result: result.to_string(),
            winner,
            half,
            ending,
            plies: played.plies,
            branching: played.branching.clone(),
            moves: played.moves.clone(),
            eval: played.eval.clone(),
            // Microseconds are enough, and keep the lines short.
            seconds: (played.seconds * 1e6).round() / 1e6,
        }
    }

    /// Whether the line holds together: a length within its cap (and the
    /// cap within lud's), a count of legal moves for each ply (and moves and
    /// evaluations, where kept), a known result, a winner among the sides.
    fn check(&self) -> Result<(), String> {
        let plies = self.plies as usize;
        if self.max_plies > crate::bench::MAX_CAP || self.plies > self.max_plies {
            return Err(format!(
                "{}, at most {}: not a game of `lud selfplay` (whose cap is at most {})",
                counted(self.plies, "ply"),
                self.max_plies,
                crate::bench::MAX_CAP
            ));
        }
        for (what, n) in [
            ("branching", self.branching.len()),
            ("moves", self.moves.len()),
            ("eval", self.eval.len()),
        ] {
            if n != plies && (what == "branching" || n != 0) {
                return Err(format!(
                    "{} in `{what}` for a game of {}",
                    counted(n as u64, "entry"),
                    counted(self.plies, "ply")
                ));
            }
        }
        if let Some(k) = self.branching.iter().position(|&b| b == 0) {
            return Err(format!(
                "`branching` has 0 at ply {}: a move was played from each of these positions, so each had at least one legal move",
                k + 1
            ));
        }
        // A game's time: never negative or infinite, and no game of lud's
        // cap takes a year (1e308 would make every sum infinite).
        if !(0.0..=MAX_SECONDS).contains(&self.seconds) {
            return Err(format!(
                "`seconds` is {}: a game's time is between 0 and {MAX_SECONDS} seconds (a year)",
                if self.seconds.abs() < 1e9 {
                    format!("{}", self.seconds)
                } else {
                    format!("{:e}", self.seconds)
                }
            ));
        }
        if self.sides.is_empty() {
            return Err("`sides` is empty: a line names the game's sides".to_string());
        }
        if let Some((i, s)) = self
            .sides
            .iter()
            .enumerate()
            .find(|(i, s)| self.sides[..*i].contains(s))
        {
            return Err(format!(
                "`sides` names {} twice (as side {} and side {}): each of the game's players is one side",
                s,
                self.sides.iter().position(|t| t == s).unwrap_or(0) + 1,
                i + 1
            ));
        }
        if self.players.len() != self.sides.len() {
            return Err(format!(
                "`players` has {} for {}: a line names who played each side",
                counted(self.players.len() as u64, "entry"),
                counted(self.sides.len() as u64, "side")
            ));
        }
        if !self.eval.is_empty() && self.sides.len() != 2 {
            return Err(format!(
                "`eval` is kept for games of two players, and this one has {}",
                self.sides.len()
            ));
        }
        if self.result == "capped" && self.plies != self.max_plies {
            return Err(format!(
                "a game `capped` at {}, but `plies` is {}: a game is capped when it reaches `max_plies`",
                counted(self.max_plies, "ply"),
                self.plies
            ));
        }
        if self.half && self.result != "win" {
            return Err(format!(
                "`half` (a half-win) on a game that ended `{}`: only a win is a half-win",
                self.result
            ));
        }
        match (self.result.as_str(), &self.winner) {
            ("win", Some(w)) if self.sides.contains(w) => Ok(()),
            ("win", _) => Err("a win without a winner among the sides".to_string()),
            ("draw" | "capped" | "stuck", None) => Ok(()),
            (r @ ("draw" | "capped" | "stuck"), Some(w)) => Err(format!(
                "a game that ended `{r}` has no winner, but this line names {w}"
            )),
            (r, _) => Err(format!(
                "`{r}` is not a result: a line's result is win, draw, capped or stuck"
            )),
        }
    }

    /// Every string of the line with its control characters (and those
    /// that turn text around, such as U+202E) written as escapes
    /// (`\u{1b}`): what a file says is printed, never obeyed by a
    /// terminal. No line `lud selfplay` writes has any.
    fn escape_controls(&mut self) -> &Self {
        let fix = |s: &mut String| {
            if s.chars().any(unsafe_char) {
                *s = escaped(s);
            }
        };
        for s in [&mut self.game, &mut self.rules, &mut self.result] {
            fix(s);
        }
        for s in [&mut self.ruleset, &mut self.winner, &mut self.ending]
            .into_iter()
            .flatten()
        {
            fix(s);
        }
        for v in [
            &mut self.options,
            &mut self.players,
            &mut self.sides,
            &mut self.moves,
        ] {
            v.iter_mut().for_each(fix);
        }
        self
    }

    /// The line as JSON, without a newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// How the game ended (a `win` whose winner is not one of `sides` is
    /// read as `stuck`, which no line `lud selfplay` writes is).
    pub fn end(&self) -> End {
        let kind = self.ending.clone().unwrap_or_default();
        match self.result.as_str() {
            "win" => match self
                .winner
                .as_ref()
                .and_then(|w| self.sides.iter().position(|s| s == w))
            {
                Some(winner) => End::Win {
                    winner,
                    kind,
                    half: self.half,
                },
                None => End::Stuck,
            },
            "draw" => End::Draw { kind },
            "capped" => End::Capped,
            _ => End::Stuck,
        }
    }

    /// A line of `study` with no game in it: what every game of the study
    /// has in common.
    fn header(study: &Study) -> Line {
        Line::new(
            study,
            &Played {
                index: 0,
                end: End::Capped,
                plies: 0,
                branching: Vec::new(),
                moves: Vec::new(),
                eval: Vec::new(),
                seconds: 0.0,
            },
        )
    }

    /// What makes the study of a line, but for its seed: the game (name
    /// and fingerprint), ruleset, options, players, sides, cap and random
    /// plies at the start.
    pub(crate) fn study_key(&self) -> StudyKey<'_> {
        (
            &self.game,
            &self.rules,
            &self.ruleset,
            &self.options,
            &self.players,
            &self.sides,
            self.max_plies,
            self.random_plies,
        )
    }

    /// Whether this line is a game of `study` (the same game,
    /// configuration, players, seed and cap), whatever its number.
    pub fn of_study(&self, study: &Study) -> bool {
        let probe = Line::header(study);
        self.study_key() == probe.study_key() && self.seed == probe.seed
    }

    /// The game as a label: its name, ruleset and options.
    pub fn game_label(&self) -> String {
        use std::fmt::Write as _;
        let mut s = self.game.clone();
        if let Some(r) = &self.ruleset {
            let _ = write!(s, " ({r})");
        }
        for o in &self.options {
            let _ = write!(s, " {o}");
        }
        s
    }

    /// The study a line belongs to, as a label: the game, its ruleset and
    /// options, and the players (and their random plies at the start).
    pub fn study_label(&self) -> String {
        let random = match self.random_plies {
            0 => String::new(),
            n => format!(", {n} random plies first"),
        };
        format!(
            "{}, {}{random}",
            self.game_label(),
            self.players.join(" v ")
        )
    }
}

impl Study {
    /// The study as a label: the game, its ruleset and options, and the
    /// players.
    pub fn label(&self) -> String {
        Line::header(self).study_label()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Line {
        let game = crate::build::compile_str("t.lud", crate::EXAMPLE).unwrap();
        let study = Study::new(&game, &[super::super::Agent::Random], 3);
        Line::new(&study, &study.play(&game, 0))
    }

    #[test]
    fn a_line_reads_back_as_written() {
        let l = sample();
        let text = format!("{}\n\n{}\n", l.to_json(), l.to_json());
        let mut r = Reader::new(text.as_bytes());
        let read: Vec<Line> = r.by_ref().map(Result::unwrap).collect();
        assert_eq!(read, vec![l.clone(), l]);
        assert_eq!(r.torn(), None);
    }

    #[test]
    fn counts_and_strings_from_a_file_are_told_plainly() {
        assert_eq!(counted(1u32, "game"), "1 game");
        assert_eq!(counted(0u32, "ply"), "0 plies");
        assert_eq!(counted(2u32, "entry"), "2 entries");
        assert_eq!(counted(3u32, "play"), "3 plays");
        assert_eq!(
            escaped("a\u{1b}[31m\u{0}\u{202e}b"),
            "a\\u{1b}[31m\\u{0}\\u{202e}b"
        );
        let l = sample();
        let mut v: serde_json::Value = serde_json::from_str(&l.to_json()).unwrap();
        v["ending"] = "\u{1b}]0;x\u{7}".into();
        let text = format!("\u{feff}{v}\n");
        let read: Vec<Line> = Reader::new(text.as_bytes()).map(Result::unwrap).collect();
        assert_eq!(read[0].ending.as_deref(), Some("\\u{1b}]0;x\\u{7}"));
    }

    #[test]
    fn a_torn_last_line_is_set_aside_and_a_bad_one_is_an_error() {
        let l = sample().to_json();
        let torn = format!("{l}\n{}", &l[..l.len() / 2]);
        let mut r = Reader::new(torn.as_bytes());
        assert_eq!(r.by_ref().flatten().count(), 1);
        assert_eq!(r.torn(), Some(l.len() as u64 + 1));
        let bad = format!("{l}\n{{\"game\": 3}}\n{l}\n");
        let read: Vec<_> = Reader::new(bad.as_bytes()).collect();
        assert!(
            matches!(read[..], [Ok(_), Err(LineError::Bad { line: 2, .. })]),
            "{read:?}"
        );
        let binary = [b"{\xff\xfe}\n".as_slice(), l.as_bytes()].concat();
        let read: Vec<_> = Reader::new(&binary[..]).collect();
        assert_eq!(read, vec![Err(LineError::NotText { line: 1 })]);
    }
}
