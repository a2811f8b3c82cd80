//! Typing moves in `lud play` on a real terminal (a pseudo-terminal): a
//! chess session in SAN (`e4`, `Nf3`, `O-O`, `0-0` refused with the reason
//! while it is not allowed), and a Connect Four session that types columns.
//! Unix only; where no pseudo-terminal can be opened the tests say so and
//! pass.
#![cfg(unix)]

#[path = "support/pty.rs"]
mod pty;

use pty::lud_on_a_terminal;

#[test]
fn a_chess_player_types_san() {
    let Some(mut p) = lud_on_a_terminal(&[
        "play",
        "games/chess.lud",
        "--white",
        "human",
        "--black",
        "human",
    ]) else {
        return;
    };
    for (typed, played) in [("e4", "e2e4"), ("e5", "e7e5"), ("Nf3", "g1f3")] {
        p.send_line(typed).unwrap();
        p.exp_string(&format!("plays {typed} ({played})")).unwrap();
    }
    p.send_line("Nd4").unwrap();
    p.exp_string("Nd4: no Knight can move to d4").unwrap();
    p.send_line("Nc6").unwrap();
    p.exp_string("plays Nc6 (b8c6)").unwrap();
    p.send_line("O-O").unwrap();
    p.exp_string("O-O: castling is not allowed now").unwrap();
    p.send_line("Bc4").unwrap();
    p.exp_string("plays Bc4 (f1c4)").unwrap();
    p.send_line("Bc5").unwrap();
    p.exp_string("plays Bc5 (f8c5)").unwrap();
    p.send_line("0-0").unwrap();
    p.exp_string("plays O-O (e1g1)").unwrap();
    p.send_line("quit").unwrap();
    p.exp_string("1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 f8c5 4. e1g1")
        .unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn a_connect_four_player_types_columns() {
    let Some(mut p) = lud_on_a_terminal(&[
        "play",
        "games/connect-four.lud",
        "--white",
        "human",
        "--black",
        "human",
    ]) else {
        return;
    };
    p.send_line("d").unwrap();
    p.exp_string("plays @d1").unwrap();
    p.send_line("d").unwrap();
    p.exp_string("plays @d2").unwrap();
    p.send_line("e1").unwrap();
    p.exp_string("to put a piece on e1, write @e1").unwrap();
    p.send_line("xyz").unwrap();
    p.exp_string("`xyz` is not a move").unwrap();
    p.exp_string("Drop a Disc into a column").unwrap();
    p.send_line("e").unwrap();
    p.exp_string("plays @e1").unwrap();
    p.send_line("quit").unwrap();
    p.exp_string("1. @d1 @d2 2. @e1").unwrap();
    p.exp_eof().unwrap();
}
