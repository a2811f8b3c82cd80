//! `lud replay --step` on a real terminal (a pseudo-terminal): one position
//! at a time, Enter for the next ply, `b` for the one before, a number for
//! that ply, `q` to stop. Unix only; where no pseudo-terminal can be opened
//! the test says so and passes.
#![cfg(unix)]

#[path = "support/pty.rs"]
mod pty;

use pty::lud_on_a_terminal;

#[test]
fn step_walks_a_record_forward_back_and_to_a_ply() {
    let Some(mut p) = lud_on_a_terminal(&[
        "replay",
        "games/chess.lud",
        "tests/fixtures/records/opera.pgn",
        "--step",
    ]) else {
        return;
    };
    p.exp_string("Start (ply 0 of 33)").unwrap();
    p.exp_string("b: back").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Ply 1 of 33: 1. e2e4").unwrap();
    p.exp_string("b: back").unwrap();
    p.send_line("n").unwrap();
    p.exp_string("Ply 2 of 33: 1... e7e5").unwrap();
    p.exp_string("b: back").unwrap();
    p.send_line("b").unwrap();
    p.exp_string("Ply 1 of 33: 1. e2e4").unwrap();
    p.exp_string("b: back").unwrap();
    p.send_line("33").unwrap();
    p.exp_string("Ply 33 of 33: 17. d1d8").unwrap();
    p.exp_string("b: back").unwrap();
    p.send_line("99").unwrap();
    p.exp_string("Type Enter, n, b, q, or a ply from 0 to 33.")
        .unwrap();
    p.send_line("q").unwrap();
    // The end position, as replay prints it.
    p.exp_string("1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17")
        .unwrap();
    p.exp_eof().unwrap();
}
