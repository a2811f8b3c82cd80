//! `lud replay FILE RECORD`: plays a record back, every move checked, and
//! checks that it is of this game and that the result it claims is where its
//! moves lead.
//!
//! - A file of several records, one after another (`lud match --records`),
//!   has each checked, a line each; `--game N` picks one to show.
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
    let mut all = match records::read_all(o.record) {
        Ok(r) => r,
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
    check_all(o, &all)
}

/// Checks every record of a file of several: with `--pgn` each printed,
/// else a line each; the exit code.
fn check_all(o: &Options<'_>, all: &[records::Part]) -> i32 {
    let (count, name) = (all.len(), o.record.display());
    let mut games = records::Compiled::default();
    let mut failed = 0;
    for (k, (line0, rec)) in all.iter().enumerate() {
        let at = format!("record {} (line {}): ", k + 1, line0 + 1);
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
        let game = match games.game_for(o.file, o.config, rec) {
            Ok(g) => g,
            Err(c) => {
                eoutln!("error: {name}: stopped at {}", at.trim_end_matches(": "));
                return c;
            }
        };
        let code = if o.pgn {
            if k > 0 {
                outln!();
            }
            replay_one(o, rec, &at, &game)
        } else {
            match replayed(o, rec, &at, &game) {
                Ok(positions) => {
                    let result = rec.record.tag("Result").unwrap_or("*");
                    let ending = rec
                        .record
                        .tag("Ending")
                        .map(|e| format!(" ({e})"))
                        .unwrap_or_default();
                    outln!(
                        "{at}{} plies, {result}{ending}",
                        positions.len().saturating_sub(1)
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
    if failed > 0 {
        eoutln!("error: {name}: {failed} of {count} records do not replay by the rules");
        return EXIT_INPUT;
    }
    if !o.pgn {
        outln!("{count} records, every move and result by the rules (--game N shows one)");
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
    let positions = rec.record.positions(game).map_err(|e| {
        eoutln!("error: {}: {at}{e}", o.record.display());
        EXIT_INPUT
    })?;
    let Some((pos, _)) = positions.last() else {
        return Err(EXIT_INPUT);
    };
    if let Err(e) = rec.record.check_result(pos) {
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
