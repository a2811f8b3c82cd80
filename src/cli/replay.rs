//! `lud replay FILE RECORD`: plays a record back, every move checked, and
//! checks that it is of this game and that the result it claims is where its
//! moves lead.
//!
//! - A file of several records, one after another (`lud match --records`),
//!   has each checked, a line each; `--game N` picks one to show.
//! - So does a results file of `lud selfplay --moves` (JSON lines, read a
//!   line at a time): each game's moves, ruleset, options and result are
//!   replayed as a record's.
//! - `--pgn` prints the record as PGN (SAN where the game has it, `[FEN]`
//!   and `[SetUp]` when it starts from a position) instead of the board.
//! - `--step` walks the record ply by ply. On a terminal it shows one
//!   position at a time: Enter or `n` for the next ply, `b` for the one
//!   before, a number for that ply, `q` to stop. When the standard input is
//!   not a terminal it prints every position, one after the other.

use std::io::IsTerminal;
use std::path::Path;

use super::{records, ConfigArgs, EXIT_INPUT, EXIT_OK, EXIT_USAGE};
use crate::game::{Game, Position};
use crate::input::{read_line, Line, MAX_LINE_BYTES};

/// What `lud replay` was asked.
pub(super) struct Options<'a> {
    /// The game file.
    pub(super) file: &'a Path,
    /// The record.
    pub(super) record: &'a Path,
    /// The ruleset and options, overriding the record's.
    pub(super) config: &'a ConfigArgs,
    /// Print PGN instead of the board.
    pub(super) pgn: bool,
    /// Walk the record ply by ply.
    pub(super) step: bool,
    /// Which record of a file of several (from 1).
    pub(super) game: Option<usize>,
}

pub(super) fn run(o: &Options<'_>) -> i32 {
    let mut all = match records::replayable(o.record) {
        Ok(records::Replayable::Results(reader)) => return results(o, reader),
        Ok(records::Replayable::Records(all)) => all,
        Err(c) => return c,
    };
    let count = all.len();
    let name = o.record.display();
    if count == 1 || o.game.is_some() {
        let n = o.game.unwrap_or(1);
        if n == 0 || n > count {
            eoutln!(
                "error: {name} holds {count} record{}: --game takes 1 to {count}, not {n}",
                if count == 1 { "" } else { "s" }
            );
            return EXIT_USAGE;
        }
        let (line0, rec) = all.swap_remove(n - 1);
        let at = if count == 1 {
            String::new()
        } else {
            format!("record {n} (line {}): ", line0 + 1)
        };
        return match rec {
            Ok(rec) => match records::load_game(o.file, o.config, &rec) {
                Ok(game) => replay_one(o, &rec, &at, &game),
                Err(c) => c,
            },
            Err(e) => {
                eoutln!("error: {name}: {at}{e}");
                EXIT_INPUT
            }
        };
    }
    if o.step {
        eoutln!(
            "error: {name} holds {count} records, and --step walks one: pick it with --game N (1 to {count})"
        );
        return EXIT_USAGE;
    }
    let items = all.into_iter().enumerate().map(|(k, (line0, rec))| {
        Item::Game(
            format!("record {} (line {}): ", k + 1, line0 + 1),
            rec.map(Box::new).map_err(|e| e.to_string()),
        )
    });
    check_all(o, items, "record")
}

/// One record of a file to check: where it stands in the file (`record 3
/// (line 12): `) and the record or why it does not read as one; or where
/// the file stops being one to read on, and why.
enum Item {
    Game(String, Result<Box<records::Loaded>, String>),
    /// A game of a results file whose moves were not kept (or one before
    /// the one `--game N` picks): not checked, counted.
    Skip,
    Stop(String),
}

/// A results file of `lud selfplay` (its games' moves kept by `--moves`):
/// each game checked, a line each, or the one `--game N` picks (the N-th
/// game of the file) replayed as a record is.
fn results(o: &Options<'_>, mut reader: crate::study::Reader<records::Stream>) -> i32 {
    let name = o.record.display();
    if o.step && o.game.is_none() {
        eoutln!(
            "error: {name} is a file of results, and --step walks one game: pick it with --game N"
        );
        return EXIT_USAGE;
    }
    if o.game == Some(0) {
        eoutln!("error: --game counts the games of {name} from 1, not 0");
        return EXIT_USAGE;
    }
    // The file the study played, by its fingerprint: an edited file may
    // not replay its games, and is said once.
    let fingerprint = std::fs::read(o.file)
        .map(|t| crate::study::fingerprint(&t))
        .unwrap_or_default();
    let mut differs = false;
    let mut count = 0;
    let mut stopped = false;
    let code = {
        let items = std::iter::from_fn(|| {
            if stopped {
                return None;
            }
            let item = reader.next()?;
            let line = reader.lines_read();
            Some(match item {
                Ok(l) => {
                    count += 1;
                    if !differs && !l.rules.is_empty() && l.rules != fingerprint {
                        differs = true;
                        eoutln!(
                            "note: {name}: line {line}: the study played another version of {} (its fingerprint {}, the file's now {fingerprint}); its games may not replay",
                            o.file.display(),
                            l.rules
                        );
                    }
                    let at = format!("game {count} (line {line}, index {}): ", l.index);
                    match o.game {
                        // A game before the one asked for is not looked at.
                        Some(n) if count < n => Item::Skip,
                        // Its moves not kept (a game of a run without
                        // `--moves`): counted, not checked.
                        None if l.moves.is_empty() && l.plies > 0 => Item::Skip,
                        _ => match records::of_line(o.record, &l, line) {
                            Ok(rec) => Item::Game(at, Ok(Box::new(rec))),
                            Err(e) => Item::Game(at, Err(e)),
                        },
                    }
                }
                Err(e) => {
                    stopped = true;
                    Item::Stop(format!("{e} (not a line of `lud selfplay`'s results)"))
                }
            })
        });
        match o.game {
            Some(n) => match items.take(n).last() {
                Some(Item::Stop(e)) => {
                    eoutln!("error: {name}: {e}");
                    EXIT_INPUT
                }
                Some(Item::Game(at, Ok(rec))) if count == n => {
                    match records::load_game(o.file, o.config, &rec) {
                        Ok(game) => replay_one(o, &rec, &at, &game),
                        Err(c) => c,
                    }
                }
                Some(Item::Game(at, Err(e))) if count == n => {
                    eoutln!("error: {name}: {at}{e}");
                    EXIT_INPUT
                }
                _ if count == 0 => {
                    eoutln!("error: {name} holds no game");
                    EXIT_INPUT
                }
                _ => {
                    eoutln!(
                        "error: {name} holds {count} game{}: --game takes 1 to {count}, not {n}",
                        if count == 1 { "" } else { "s" }
                    );
                    EXIT_USAGE
                }
            },
            None => check_all(o, items, "game"),
        }
    };
    if let Some(at) = reader.torn() {
        eoutln!(
            "note: {name}: its last line, from byte {at}, was cut short (a run stopped while writing it) and is not checked"
        );
    }
    code
}

/// Checks every record of a file of several (each with where it stands in
/// the file, and the record or why it does not read as one): with `--pgn`
/// each printed, else a line each; the exit code. `noun` names one.
fn check_all(o: &Options<'_>, items: impl Iterator<Item = Item>, noun: &str) -> i32 {
    let name = o.record.display();
    let mut games = records::Compiled::default();
    let (mut count, mut failed, mut skipped) = (0, 0, 0);
    let skipped_note = |skipped: usize| {
        if skipped > 0 {
            eoutln!(
                "note: {name}: {skipped} line{} without moves skipped: {} played without `lud selfplay --moves`",
                if skipped == 1 { "" } else { "s" },
                if skipped == 1 { "its game was" } else { "their games were" }
            );
        }
    };
    for item in items {
        let (at, rec) = match item {
            Item::Game(at, rec) => (at, rec),
            Item::Skip => {
                skipped += 1;
                continue;
            }
            Item::Stop(e) => {
                eoutln!("error: {name}: {e}");
                skipped_note(skipped);
                if count > 0 {
                    eoutln!(
                        "error: {name}: stopped there; of the {count} {noun}{} before, {failed} did not replay by the rules",
                        if count == 1 { "" } else { "s" }
                    );
                }
                return EXIT_INPUT;
            }
        };
        count += 1;
        let rec = match rec {
            Ok(rec) => rec,
            Err(e) => {
                eoutln!("error: {name}: {at}{e}");
                failed += 1;
                continue;
            }
        };
        // A record of another game, or whose tags name settings the game
        // does not have, stops the run: the others are likely so.
        let game = match games.game_for(o.file, o.config, &rec) {
            Ok(g) => g,
            Err(c) => {
                eoutln!("error: {name}: stopped at {}", at.trim_end_matches(": "));
                return c;
            }
        };
        let code = if o.pgn {
            if count > 1 {
                outln!();
            }
            replay_one(o, &rec, &at, &game)
        } else {
            match replayed(o, &rec, &at, &game) {
                Ok(positions) => {
                    let result = rec.record.tag("Result").unwrap_or("*");
                    let ending = rec
                        .record
                        .tag("Ending")
                        .map(|e| format!(" ({e})"))
                        .unwrap_or_default();
                    outln!(
                        "{at}{}, {result}{ending}",
                        crate::study::counted(positions.len().saturating_sub(1) as u64, "ply")
                    );
                    EXIT_OK
                }
                Err(c) => c,
            }
        };
        if code != EXIT_OK {
            failed += 1;
        }
    }
    let nouns = if count == 1 {
        noun.to_string()
    } else {
        format!("{noun}s")
    };
    skipped_note(skipped);
    if count == 0 && skipped > 0 {
        eoutln!("error: {name}: none of its games kept its moves, so none could be checked");
        eoutln!("  help: `lud selfplay --moves` keeps each game's moves");
        return EXIT_INPUT;
    }
    if count == 0 {
        eoutln!("error: {name} holds no {noun}");
        return EXIT_INPUT;
    }
    if failed > 0 {
        let verb = if failed == 1 { "does" } else { "do" };
        eoutln!("error: {name}: {failed} of {count} {nouns} {verb} not replay by the rules");
        return EXIT_INPUT;
    }
    if !o.pgn {
        outln!("{count} {nouns}, every move and result by the rules (--game N shows one)");
    }
    EXIT_OK
}

/// A record's game and its positions, every move checked and its result
/// where its moves lead; else the error printed (`at` names the record in
/// a file of several) and the exit code.
fn replayed(
    o: &Options<'_>,
    rec: &records::Loaded,
    at: &str,
    game: &Game,
) -> Result<Positions, i32> {
    if let Some(Err(e)) = rec.claim.as_ref().map(|c| c.check_sides(game)) {
        eoutln!("error: {}: {at}{e}", o.record.display());
        return Err(EXIT_INPUT);
    }
    let positions = rec.record.positions(game).map_err(|e| {
        eoutln!("error: {}: {at}{e}", o.record.display());
        EXIT_INPUT
    })?;
    let Some((pos, _)) = positions.last() else {
        return Err(EXIT_INPUT);
    };
    // A results line's own claim says more than its record's Result tag.
    let checked = match &rec.claim {
        Some(c) => c.check(pos).and_then(|()| c.check_branching(&positions)),
        None => rec.record.check_result(pos).map_err(|e| e.to_string()),
    };
    if let Err(e) = checked {
        eoutln!("error: {}: {at}{e}", o.record.display());
        return Err(EXIT_INPUT);
    }
    Ok(positions)
}

/// Replays one record as asked: its PGN, its positions one by one, or
/// its last position.
fn replay_one(o: &Options<'_>, rec: &records::Loaded, at: &str, game: &Game) -> i32 {
    let positions = match replayed(o, rec, at, game) {
        Ok(p) => p,
        Err(c) => return c,
    };
    let Some((pos, _)) = positions.last() else {
        return EXIT_INPUT;
    };
    if o.pgn {
        return match rec.record.to_pgn(game) {
            Ok(text) => {
                out!("{text}");
                EXIT_OK
            }
            Err(e) => {
                eoutln!("error: {}: {at}{e}", o.record.display());
                EXIT_INPUT
            }
        };
    }
    if o.step {
        if std::io::stdin().is_terminal() {
            step_through(&positions);
        } else {
            for i in 0..positions.len() {
                show(&positions, i);
                outln!();
            }
        }
        outln!("{pos}");
        return EXIT_OK;
    }
    out!("{}", crate::draw::position(pos));
    outln!("{pos}");
    EXIT_OK
}

/// A record's positions, each with the move that led to it.
type Positions = Vec<(Position, String)>;

/// Prints position `i` of the record with the ply that led to it.
fn show(positions: &[(Position, String)], i: usize) {
    let last = positions.len() - 1;
    if i == 0 {
        outln!("Start (ply 0 of {last})");
    } else {
        outln!("Ply {i} of {last}: {}", positions[i].1);
    }
    out!("{}", crate::draw::position(&positions[i].0));
}

/// Shows one position at a time, as the player asks.
fn step_through(positions: &[(Position, String)]) {
    let last = positions.len() - 1;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut i = 0;
    show(positions, i);
    loop {
        out!("Enter or n: next ply, b: back, a number: that ply, q: stop: ");
        super::io::flush_out();
        let line = match read_line(&mut input, MAX_LINE_BYTES) {
            Ok(Line::Text(t)) => t,
            Ok(Line::NotText | Line::TooLong) => continue,
            Ok(Line::End | Line::Flood) | Err(_) => {
                outln!();
                return;
            }
        };
        match line.trim() {
            "" | "n" | "next" => {
                if i == last {
                    outln!("That was the last ply.");
                    return;
                }
                i += 1;
            }
            "b" | "back" => {
                if i == 0 {
                    outln!("This is the start.");
                    continue;
                }
                i -= 1;
            }
            "q" | "quit" => return,
            t => match t.parse::<usize>() {
                Ok(n) if n <= last => i = n,
                _ => {
                    outln!("Type Enter, n, b, q, or a ply from 0 to {last}.");
                    continue;
                }
            },
        }
        show(positions, i);
    }
}
