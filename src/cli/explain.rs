//! `lud explain FILE [MOVE] [--position P | --record R [--ply N]] [--verbose]`
//!
//! With `--ply N`, the record is played to its ply N only (0 for its start).
//!
//! Exit 0 when the move is legal (or no move is asked about), 1 when it is
//! refused or the input is wrong.

use std::path::PathBuf;

use super::{load, records, start_position, ConfigArgs, Start, EXIT_INPUT, EXIT_OK};
use crate::notation::{move_text, parse_move};
use crate::record::{numbered, MoveNumbers};

/// What `lud explain` was asked.
pub(super) struct Options {
    pub(super) file: PathBuf,
    pub(super) mv: Option<String>,
    pub(super) position: Option<String>,
    pub(super) legality: crate::position::Legality,
    pub(super) record: Option<PathBuf>,
    /// Stop after this many plies of the record.
    pub(super) ply: Option<usize>,
    /// Plain English, or with the rules as written (`--verbose`).
    pub(super) detail: crate::explain::Detail,
    pub(super) config: ConfigArgs,
}

pub(super) fn run(o: &Options) -> i32 {
    let loaded = match &o.record {
        Some(path) => match records::read(path) {
            Ok(r) => Some(r),
            Err(c) => return c,
        },
        None => None,
    };
    // A record names the ruleset and options it was played with.
    let game = match &loaded {
        Some(rec) => records::load_game(&o.file, &o.config, rec),
        None => load(&o.file, &o.config),
    };
    let game = match game {
        Ok(g) => g,
        Err(c) => return c,
    };
    let record = loaded.map(|l| l.record);
    let start_text = record
        .as_ref()
        .and_then(|r| r.start_text().map(str::to_string))
        .or_else(|| o.position.clone());
    let mut pos = match start_position(
        &game,
        &Start {
            text: start_text.as_deref(),
            legality: o.legality,
        },
    ) {
        Ok(p) => p,
        Err(c) => return c,
    };
    if let Some(rec) = &record {
        let plies = rec.moves.len();
        let mut numbers = MoveNumbers::from_start(&pos);
        if let Some(n) = o.ply.filter(|&n| n > plies) {
            eoutln!("error: --ply {n}: the record has {plies} plies; give 0 to {plies}");
            return EXIT_INPUT;
        }
        for (i, text) in rec.moves.iter().enumerate() {
            if o.ply == Some(i) {
                break;
            }
            let side = pos.side_to_move();
            let number = numbers.count(side);
            if pos.outcome().is_some() {
                eoutln!(
                    "error: the game ended before ply {} ({}); the record goes on",
                    i + 1,
                    numbered(number, side, text)
                );
                return EXIT_INPUT;
            }
            let m = match parse_move(&pos, text) {
                Ok(m) => m,
                Err(e) => {
                    eoutln!(
                        "error: ply {} ({}) cannot be played: {}",
                        i + 1,
                        numbered(number, side, text),
                        e.message
                    );
                    return EXIT_INPUT;
                }
            };
            let mover = &game.model().players[side].name;
            let written = move_text(&pos, m);
            pos.play_unchecked(m);
            if pos.outcome().is_some() {
                outln!(
                    "The game ended with {mover}'s {written}, on move {number} (ply {} of the record).",
                    i + 1
                );
            }
            if o.ply == Some(i + 1) {
                outln!(
                    "After ply {} of {plies} of the record ({}).",
                    i + 1,
                    numbered(number, side, &written)
                );
            }
        }
    }
    let Some(text) = &o.mv else {
        out!("{}", crate::explain::position_with(&pos, o.detail));
        return EXIT_OK;
    };
    if let Some(outcome) = pos.outcome() {
        out!("{}", crate::explain::position_with(&pos, o.detail));
        outln!(
            "No move can be played: {}.",
            crate::draw::outcome_text(game.model(), &outcome)
        );
        return EXIT_INPUT;
    }
    match parse_move(&pos, text) {
        Ok(m) => {
            out!("{}", crate::explain::legal_move_with(&pos, m, o.detail));
            EXIT_OK
        }
        Err(e) => {
            let bare = text.trim().trim_end_matches(['+', '#', '!', '?']);
            // The message names the move as lud writes it, which may differ
            // from the text typed in letter case (`R@b2` for `r@b2`).
            let strip = |prefix: String| {
                e.message
                    .get(..prefix.len())
                    .filter(|head| head.eq_ignore_ascii_case(&prefix))
                    .map(|_| &e.message[prefix.len()..])
            };
            let reason = strip(format!("{text} is not allowed: "))
                .or_else(|| strip(format!("{bare}: ")))
                .unwrap_or(&e.message);
            outln!("{text} is not legal: {reason}.");
            if let Some(h) = &e.help {
                outln!("  {h}");
            }
            if o.detail == crate::explain::Detail::Rules {
                // The rules behind the refusal, if it is one the rules make.
                let why = crate::explain::refusal_of_text(&pos, text)
                    .filter(|r| r.message == e.message && r.help == e.help);
                for rule in why.map(|r| r.rules).unwrap_or_default() {
                    outln!("  The rule: `{rule}`.");
                }
            }
            EXIT_INPUT
        }
    }
}
