//! Game records on the command line (`replay`, `explain --record`,
//! `play --resume`): read with a bound, checked against the game they are
//! replayed on, and played with the ruleset and options their tags name.
//! A tag that names a ruleset or an option the game does not have is an
//! error of the record (exit 1), shown at the tag.

use std::path::Path;

use miette::{NamedSource, SourceSpan};

use super::{load_with, report, ConfigArgs, EXIT_INPUT};
use crate::compile::model::Worth;
use crate::compile::options::ConfigError;
use crate::eval::Outcome;
use crate::game::Game;
use crate::input::{read_file, MAX_RECORDS_BYTES, MAX_RECORD_BYTES};
use crate::record::{Record, RecordError};
use crate::study::{Line, Reader};

/// A record as read: its text (for pointing at its tags) and what it says.
pub(super) struct Loaded {
    /// The file.
    pub(super) path: std::path::PathBuf,
    /// Its text (in a file of several records, this record's alone).
    pub(super) text: String,
    /// The lines of the file before it (0 but in a file of several).
    pub(super) line0: usize,
    /// The record.
    pub(super) record: Record,
    /// Where the record is a game of a results file: what its line says of
    /// the game's end, checked where its moves lead.
    pub(super) claim: Option<Claim>,
}

/// What a line of a results file says of its game: its line, how it ended
/// (`win`, `draw`, `capped`, `stuck`), the winner, the kind of ending, and
/// the study's cap and sides.
pub(super) struct Claim {
    /// The line, from 1.
    pub(super) line: usize,
    result: String,
    winner: Option<String>,
    half: bool,
    ending: Option<String>,
    plies: u32,
    max_plies: u32,
    sides: Vec<String>,
    /// The legal moves of each position a move was played from, as the
    /// line gives them.
    branching: Vec<u32>,
}

impl Claim {
    /// Whether the line's sides are `game`'s players, each once, in the
    /// game's order (as `lud selfplay` writes them); else what differs.
    pub(super) fn check_sides(&self, game: &Game) -> Result<(), String> {
        let players = game.model().player_names();
        if self
            .sides
            .iter()
            .map(String::as_str)
            .eq(players.iter().copied())
        {
            return Ok(());
        }
        let sides = self.sides.join(", ");
        let theirs = players.join(", ");
        let why = if self.sides.len() != players.len() {
            format!(
                "the line names {} sides ({sides}), but {} has {} players ({theirs})",
                self.sides.len(),
                game.name(),
                players.len()
            )
        } else if let Some(s) = self.sides.iter().find(|s| !players.contains(&s.as_str())) {
            format!(
                "the line's sides are {sides}, but {s} is not a player of {} (its players: {theirs})",
                game.name()
            )
        } else {
            format!(
                "the line's sides are {sides}, but {}'s players in their order of play are {theirs}",
                game.name()
            )
        };
        Err(format!(
            "{why}: not a line `lud selfplay` wrote for this game (its sides are the game's players, in order)"
        ))
    }

    /// Whether each position a move was played from (`positions`, the
    /// record's, the first at the start) has as many legal moves as the
    /// line's `branching` says; else the first ply where it differs.
    pub(super) fn check_branching(
        &self,
        positions: &[(crate::game::Position, String)],
    ) -> Result<(), String> {
        for (i, (&said, (pos, _))) in self.branching.iter().zip(positions).enumerate() {
            let legal = pos.legal_moves().len();
            if u32::try_from(legal).ok() != Some(said) {
                return Err(format!(
                    "the line's `branching` says ply {} was played from a position of {said} legal moves, but the rules give {legal} there",
                    i + 1
                ));
            }
        }
        Ok(())
    }

    /// Whether the game ends as the line says where its moves lead
    /// (`end`): the winner and kind of ending by the rules, or still going
    /// at the cap (`capped`), or with no legal move and no end rule holding
    /// (`stuck`); else what differs.
    pub(super) fn check(&self, end: &crate::game::Position) -> Result<(), String> {
        let won = if self.half { "won a half-win" } else { "won" };
        let said = match (&self.winner, &self.ending) {
            (Some(w), Some(e)) => format!("the line says {w} {won} ({e})"),
            (Some(w), None) => format!("the line says {w} {won}"),
            (None, Some(e)) => format!("the line says {} ({e})", self.result),
            (None, None) => format!("the line says {}", self.result),
        };
        let actual = match end.outcome() {
            Some(o) => format!(
                "the rules end it {}",
                crate::draw::outcome_text(end.model(), &o)
            ),
            None => "the game is not over".to_string(),
        };
        let fits = match (self.result.as_str(), end.outcome()) {
            ("win", Some(o)) => {
                o.winner().and_then(|w| self.sides.get(w)) == self.winner.as_ref()
                    && self.ending.as_deref().is_none_or(|e| e == o.kind())
                    && matches!(
                        o,
                        Outcome::Win { worth, .. } if (worth == Worth::HalfWin) == self.half
                    )
            }
            ("draw", Some(o)) => {
                o.winner().is_none() && self.ending.as_deref().is_none_or(|e| e == o.kind())
            }
            ("capped", None) => self.plies == self.max_plies,
            ("stuck", None) => end.legal_moves().is_empty(),
            _ => false,
        };
        if fits {
            return Ok(());
        }
        let why = match self.result.as_str() {
            "capped" if end.outcome().is_none() => format!(
                "the game is not over short of the study's cap of {} plies",
                self.max_plies
            ),
            "stuck" if end.outcome().is_none() => "the player to move has legal moves".to_string(),
            _ => actual,
        };
        Err(format!(
            "{said}, but after its {} {why}",
            crate::study::counted(self.plies, "move")
        ))
    }
}

/// Reads and parses a record, printing why not.
pub(super) fn read(path: &Path) -> Result<Loaded, i32> {
    let text = read_text(path)?;
    if text.trim_start().starts_with("{\"") {
        eoutln!(
            "error: {}: this is a results file of `lud selfplay` (a game a line), and this command takes one record",
            path.display()
        );
        eoutln!("  help: `lud replay GAME {0} --game N --pgn > game.txt` writes its N-th game as a record; `lud replay GAME {0}` checks them all", path.display());
        return Err(EXIT_INPUT);
    }
    let count = Record::split(&text).len();
    if count > 1 {
        eoutln!(
            "error: {}: the file holds {count} records one after another, and this command takes one; `lud replay GAME FILE` checks each, `--game N` replays one",
            path.display()
        );
        return Err(EXIT_INPUT);
    }
    let record = Record::parse(&text).map_err(|e| {
        eoutln!("error: {}: {e}", path.display());
        EXIT_INPUT
    })?;
    Ok(Loaded {
        path: path.to_path_buf(),
        text,
        line0: 0,
        record,
        claim: None,
    })
}

/// A record of a file of several: the lines of the file before it, and the
/// record or why it does not read as one.
pub(super) type Part = (usize, Result<Loaded, RecordError>);

/// The records of `text` (read from `path`), one after another (as `lud
/// match --records` writes them): each record with the lines of the file
/// before it, parsed or why not.
fn parts(path: &Path, text: &str) -> Vec<Part> {
    Record::split(text)
        .into_iter()
        .map(|(line0, part)| {
            let loaded = Record::parse_at(part, line0).map(|record| Loaded {
                path: path.to_path_buf(),
                text: part.to_string(),
                line0,
                record,
                claim: None,
            });
            (line0, loaded)
        })
        .collect()
}

/// The byte order mark some editors write at the start of a file.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// A stream of bytes read from its start, boxed.
pub(super) type Stream = Box<dyn std::io::BufRead>;

/// What `lud replay` was given: a results file of `lud selfplay`, read a
/// game at a time, or records one after another.
pub(super) enum Replayable {
    /// The games of a results file (JSON lines), read one at a time in
    /// bounded memory.
    Results(Reader<Stream>),
    /// Each record of a file of records (see [`parts`]).
    Records(Vec<Part>),
}

/// Opens `path` (`-`: the standard input) for `lud replay`: a results file
/// if its first character other than white space opens a JSON object with
/// a key (`{"game"`), else records; printing why not where it cannot be
/// read. Read from the start once (a stream cannot be read again): the
/// bytes looked at go back in front of the rest.
pub(super) fn replayable(path: &Path) -> Result<Replayable, i32> {
    use std::io::{BufRead as _, Read as _};
    let name = path.display();
    let cannot = |e: &dyn std::fmt::Display| {
        eoutln!("error: cannot read {name}: {e}");
        EXIT_INPUT
    };
    // The file's size, where the file system says it (for a message).
    let mut size = None;
    let mut r: Stream = if path == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        let file = crate::input::open_file(path).map_err(|e| cannot(&e))?;
        size = file.metadata().ok().map(|m| m.len());
        Box::new(std::io::BufReader::new(file))
    };
    // The first bytes decide: read until two characters other than white
    // space (after a byte order mark) are at hand, or as far as a record
    // may reach (a longer run of white space is no results file), or to
    // the end.
    let mut head: Vec<u8> = Vec::new();
    let mut look = Marks::default();
    loop {
        look.scan(&head, false);
        if look.seen.len() >= 2 || head.len() > MAX_RECORD_BYTES {
            break;
        }
        let buf = r.fill_buf().map_err(|e| cannot(&e))?;
        if buf.is_empty() {
            look.scan(&head, true);
            break;
        }
        let n = buf.len();
        head.extend_from_slice(buf);
        r.consume(n);
    }
    let seen = look.seen;
    let (first, second) = (seen.first().copied(), seen.get(1).copied());
    let rest: Stream = Box::new(std::io::BufReader::new(std::io::Cursor::new(head).chain(r)));
    // A results file's line opens a JSON object with a key (`{"game"`);
    // a record may open with a `{comment}`, or a `[Tag "..."]`, where a
    // JSON array opens with `[{` or `[]`.
    match (first, second) {
        (Some(b'['), Some(b'{' | b']')) => {
            eoutln!("error: {name}: not a results file: each line is one JSON object (a game), and this is a JSON array");
            eoutln!(
                "  help: `lud selfplay --moves --out FILE` writes a results file, one game a line"
            );
            Err(EXIT_INPUT)
        }
        (Some(b'{'), Some(b'"')) => Ok(Replayable::Results(Reader::new(rest))),
        _ => {
            let mut bytes = Vec::new();
            rest.take(MAX_RECORDS_BYTES as u64 + 1)
                .read_to_end(&mut bytes)
                .map_err(|e| cannot(&e))?;
            if bytes.len() > MAX_RECORDS_BYTES {
                return Err(cannot(&crate::input::InputError::TooLarge {
                    size,
                    limit: MAX_RECORDS_BYTES,
                }));
            }
            Ok(Replayable::Records(parts(path, &utf8(path, bytes)?)))
        }
    }
}

/// The first two characters other than white space of the bytes read so
/// far (after a byte order mark), looked for once over each byte however
/// the bytes come in.
#[derive(Default)]
struct Marks {
    /// The bytes already looked at.
    scanned: usize,
    /// The characters found.
    seen: Vec<u8>,
}

impl Marks {
    /// Looks at the bytes of `head` past those already looked at (`end`:
    /// no more will come, so a part of a byte order mark is no mark).
    fn scan(&mut self, head: &[u8], end: bool) {
        if self.scanned == 0 {
            if !end && head.len() < BOM.len() && BOM.starts_with(head) {
                // Perhaps a byte order mark: wait for the rest.
                return;
            }
            if head.starts_with(BOM) {
                self.scanned = BOM.len();
            }
        }
        for &b in head.get(self.scanned..).unwrap_or_default() {
            if self.seen.len() == 2 {
                break;
            }
            if !b.is_ascii_whitespace() {
                self.seen.push(b);
            }
        }
        self.scanned = self.scanned.max(head.len());
    }
}

/// The record of a game of a results file (at `line`, from 1), as `lud
/// selfplay --moves` kept it: its game, ruleset, options and moves as tags
/// and moves, its result as `1-0`, `0-1` or `1/2-1/2` in a game of two
/// players (`*` for a game the study's cap stopped), and the line's
/// [`Claim`].
pub(super) fn of_line(path: &Path, l: &Line, line: usize) -> Result<Loaded, String> {
    if l.moves.is_empty() && l.plies > 0 {
        return Err(format!(
            "the game's moves were not kept: `lud selfplay --moves` keeps them (this line has its {} counted only)",
            crate::study::counted(l.plies, "ply")
        ));
    }
    if l.moves.len() != l.plies as usize {
        return Err(format!(
            "the line says {}, but keeps {}",
            crate::study::counted(l.plies, "ply"),
            crate::study::counted(l.moves.len() as u64, "move")
        ));
    }
    let mut record = Record::default();
    record.set_tag("Game", l.game.clone());
    if let Some(r) = &l.ruleset {
        record.set_tag("Ruleset", r.clone());
    }
    if !l.options.is_empty() {
        record.set_tag("Options", l.options.join(" "));
    }
    let two = l.sides.len() == 2;
    let winner = l
        .winner
        .as_ref()
        .and_then(|w| l.sides.iter().position(|s| s == w));
    let result = match (l.result.as_str(), winner) {
        ("win", Some(0)) if two => Some("1-0"),
        ("win", Some(1)) if two => Some("0-1"),
        ("draw", _) if two => Some("1/2-1/2"),
        ("capped", _) => Some("*"),
        _ => None,
    };
    if let Some(r) = result {
        record.set_tag("Result", r);
    }
    if let Some(e) = &l.ending {
        record.set_tag("Ending", e.clone());
    }
    record.moves.clone_from(&l.moves);
    Ok(Loaded {
        path: path.to_path_buf(),
        text: record.to_text(),
        line0: 0,
        record,
        claim: Some(Claim {
            line,
            result: l.result.clone(),
            winner: l.winner.clone(),
            half: l.half,
            ending: l.ending.clone(),
            plies: l.plies,
            max_plies: l.max_plies,
            sides: l.sides.clone(),
            branching: l.branching.clone(),
        }),
    })
}

/// The games compiled for the records of one file, by the ruleset and
/// options their tags name: a file of many records compiles each setting
/// once (the few most recent kept).
#[derive(Default)]
pub(super) struct Compiled(Vec<(Option<String>, Option<String>, Game)>);

impl Compiled {
    /// The most settings kept at once.
    const KEPT: usize = 8;

    /// [`load_game`], compiled once for each setting.
    pub(super) fn game_for(
        &mut self,
        file: &Path,
        flags: &ConfigArgs,
        rec: &Loaded,
    ) -> Result<Game, i32> {
        let (ruleset, options) = if flags.is_empty() {
            (
                rec.record.tag("Ruleset").map(str::to_string),
                rec.record.tag("Options").map(str::to_string),
            )
        } else {
            (None, None)
        };
        if let Some((_, _, game)) = self
            .0
            .iter()
            .find(|(r, o, _)| *r == ruleset && *o == options)
        {
            if let Err(e) = rec.record.check_game(game) {
                eoutln!("error: {}: {e}", rec.path.display());
                return Err(EXIT_INPUT);
            }
            return Ok(game.clone());
        }
        let game = load_game(file, flags, rec)?;
        if self.0.len() == Self::KEPT {
            self.0.remove(0);
        }
        self.0.push((ruleset, options, game.clone()));
        Ok(game)
    }
}

/// A record file's text, read with a bound, printing why not.
fn read_text(path: &Path) -> Result<String, i32> {
    let bytes = read_file(path, MAX_RECORD_BYTES).map_err(|e| {
        eoutln!("error: cannot read {}: {e}", path.display());
        EXIT_INPUT
    })?;
    utf8(path, bytes)
}

/// `bytes` (a record read from `path`) as text, printing why not.
fn utf8(path: &Path, bytes: Vec<u8>) -> Result<String, i32> {
    String::from_utf8(bytes).map_err(|e| {
        eoutln!(
            "error: {}: the record is not UTF-8 text (byte {} is not)",
            path.display(),
            e.utf8_error().valid_up_to()
        );
        EXIT_INPUT
    })
}

/// Compiles the game for a record: with the command line's ruleset and
/// options if it gives any, else with the record's (whose errors point at
/// its tags); refuses a record of another game.
pub(super) fn load_game(file: &Path, flags: &ConfigArgs, rec: &Loaded) -> Result<Game, i32> {
    let game = if flags.is_empty() {
        if let Some(bad) = rec
            .record
            .tag("Options")
            .and_then(|o| o.split_whitespace().find(|t| !t.contains('=')))
        {
            eoutln!(
                "error: {}: the record's Options tag has `{bad}`, but an option is NAME=VALUE",
                rec.path.display()
            );
            return Err(EXIT_INPUT);
        }
        let tags = ConfigArgs {
            ruleset: rec.record.tag("Ruleset").map(str::to_string),
            options: rec
                .record
                .tag("Options")
                .map(|o| o.split_whitespace().map(str::to_string).collect())
                .unwrap_or_default(),
        };
        match &rec.claim {
            Some(c) => load_with(
                file,
                &tags,
                Some(&|e: &ConfigError| {
                    eoutln!(
                        "error: {}: line {}: the study's settings do not fit {}: {}",
                        rec.path.display(),
                        c.line,
                        file.display(),
                        e.message
                    );
                    eoutln!("  help: replay it with the game file the study played, or override the settings with --ruleset/--option");
                    EXIT_INPUT
                }),
            )?,
            None => load_with(file, &tags, Some(&|e: &ConfigError| at_tag(rec, e)))?,
        }
    } else {
        load_with(file, flags, None)?
    };
    if let Err(e) = rec.record.check_game(&game) {
        eoutln!("error: {}: {e}", rec.path.display());
        return Err(EXIT_INPUT);
    }
    Ok(game)
}

/// Reports a ruleset or option error found in the record's tags, pointing
/// at the tag; the exit code.
fn at_tag(rec: &Loaded, e: &ConfigError) -> i32 {
    let arg = e.src.inner();
    // The command-line form the error was made for, and its tag.
    let (tag, value, offset) = if let Some(name) = arg.strip_prefix("--ruleset ") {
        ("Ruleset", name, e.span.offset().saturating_sub(10))
    } else if let Some(item) = arg.strip_prefix("--option ") {
        ("Options", item, e.span.offset().saturating_sub(9))
    } else {
        ("Options", arg.as_str(), e.span.offset())
    };
    // A record after others is shown at its own lines of the file: the
    // lines before it stand as empty lines.
    let before = rec.line0;
    let span = tag_value(&rec.text, tag, value).map_or_else(
        || SourceSpan::new(before.into(), 0),
        |at| SourceSpan::new((before + at + offset).into(), e.span.len()),
    );
    let moved = ConfigError {
        message: format!("the record's {tag} tag: {}", e.message),
        src: NamedSource::new(
            rec.path.display().to_string(),
            "\n".repeat(before) + &rec.text,
        ),
        span,
        label: e.label.clone(),
        help: Some(format!(
            "{}; or replay with --ruleset/--option to override the record's",
            e.help.as_deref().unwrap_or("fix the tag")
        )),
    };
    report(&moved);
    EXIT_INPUT
}

/// The byte offset in `text` of `value` inside the `[tag "..."]` line.
fn tag_value(text: &str, tag: &str, value: &str) -> Option<usize> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with(&format!("[{tag} ")) {
            let lead = line.len() - trimmed.len();
            let open = trimmed.find('"')? + 1;
            let inner = &trimmed[open..];
            return inner.find(value).map(|i| at + lead + open + i);
        }
        at += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{Marks, BOM};

    /// The characters found by looking at `chunks` as they come, each
    /// appended to the bytes before it.
    fn marks_of(chunks: &[&[u8]]) -> Vec<u8> {
        let (mut head, mut look) = (Vec::new(), Marks::default());
        for c in chunks {
            head.extend_from_slice(c);
            look.scan(&head, false);
        }
        look.scan(&head, true);
        look.seen
    }

    #[test]
    fn the_first_marks_are_found_however_the_bytes_come() {
        let whole = [BOM, b" \n{\"game\"".as_slice()].concat();
        // All at once, a byte at a time (the mark cut in three), in two.
        assert_eq!(marks_of(&[&whole]), b"{\"");
        let bytes: Vec<&[u8]> = whole.chunks(1).collect();
        assert_eq!(marks_of(&bytes), b"{\"");
        assert_eq!(marks_of(&[&whole[..2], &whole[2..]]), b"{\"");
        // A part of a mark that the input ends in is bytes like others;
        // a mark after the first bytes is no mark.
        assert_eq!(marks_of(&[&BOM[..2]]), BOM[..2].to_vec());
        assert_eq!(marks_of(&[b" ", BOM]), BOM[..2].to_vec());
        assert_eq!(marks_of(&[b"\t\n", b" ", b"[E"]), b"[E");
        assert_eq!(marks_of(&[b" \n"]), b"");
    }
}
