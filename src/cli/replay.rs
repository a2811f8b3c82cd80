//! `lud replay FILE RECORD`: plays a record back, every move checked, and
//! checks that it is of this game and that the result it claims is where its
//! moves lead.
//!
//! - `--pgn` prints the record as PGN (SAN where the game has it, `[FEN]`
//!   and `[SetUp]` when it starts from a position) instead of the board.
//! - `--step` walks the record ply by ply. On a terminal it shows one
//!   position at a time: Enter or `n` for the next ply, `b` for the one
//!   before, a number for that ply, `q` to stop. When the standard input is
//!   not a terminal it prints every position, one after the other.

use std::io::IsTerminal;
use std::path::Path;

use super::{records, ConfigArgs, EXIT_INPUT, EXIT_OK};
use crate::game::Position;
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
}

pub(super) fn run(o: &Options<'_>) -> i32 {
    let record = o.record;
    let rec = match records::read(record) {
        Ok(r) => r,
        Err(c) => return c,
    };
    let game = match records::load_game(o.file, o.config, &rec) {
        Ok(g) => g,
        Err(c) => return c,
    };
    let positions = match rec.record.positions(&game) {
        Ok(p) => p,
        Err(e) => {
            eoutln!("error: {}: {e}", record.display());
            return EXIT_INPUT;
        }
    };
    let Some((pos, _)) = positions.last() else {
        return EXIT_INPUT;
    };
    if let Err(e) = rec.record.check_result(pos) {
        eoutln!("error: {}: {e}", record.display());
        return EXIT_INPUT;
    }
    if o.pgn {
        return match rec.record.to_pgn(&game) {
            Ok(text) => {
                out!("{text}");
                EXIT_OK
            }
            Err(e) => {
                eoutln!("error: {}: {e}", record.display());
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
