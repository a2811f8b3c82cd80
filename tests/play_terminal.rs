//! `lud play` on a real terminal (a pseudo-terminal): a new player's
//! session against the computer, and a game of computers shown as it is
//! played. Unix only; where no pseudo-terminal can be opened the tests say
//! so and pass.
#![cfg(unix)]

#[path = "support/pty.rs"]
mod pty;

use pty::lud_on_a_terminal;

#[test]
fn a_new_player_plays_shatranj_against_the_computer() {
    let Some(mut p) = lud_on_a_terminal(&[
        "play",
        "games/shatranj.lud",
        "--white",
        "human",
        "--black",
        "ai",
        "--seed",
        "7",
    ]) else {
        return;
    };
    // The legend, before the first board.
    p.exp_string("Pieces: K King, R Rook, N Horse, Q Counsellor, B Elephant, P Pawn.")
        .unwrap();
    p.exp_string("Parentheses ( ) show the last move.").unwrap();
    p.exp_string("1. White to move").unwrap();
    p.send_line("help").unwrap();
    p.exp_string("undo    take back the last move").unwrap();
    p.exp_string("1. White to move").unwrap();
    // A move; the computer answers; the board shows the answer in
    // parentheses.
    p.send_line("e2e3").unwrap();
    p.exp_string("1. White plays e3 (e2e3)").unwrap();
    p.exp_string("1... Black plays ").unwrap();
    let board = p.exp_string("2. White to move").unwrap();
    // On the board (not in the move line): the square the reply left is
    // `( )`, the one it went to holds its piece in parentheses.
    assert!(
        board
            .lines()
            .any(|l| l.starts_with(|c: char| c.is_ascii_digit()) && l.contains("( )")),
        "no last move on the board: {board}"
    );
    p.send_line("hint").unwrap();
    p.exp_string("Hint: ").unwrap();
    p.exp_string("plies ahead").unwrap();
    // Take the turn back: both plies.
    p.send_line("undo").unwrap();
    p.exp_string("Taken back: ").unwrap();
    p.exp_string("Taken back: 1. White plays e3 (e2e3)")
        .unwrap();
    p.exp_string("1. White to move").unwrap();
    p.send_line("flip").unwrap();
    p.exp_string("1  R  N  B  Q  K  B  N  R").unwrap();
    p.exp_string("   h  g  f  e  d  c  b  a").unwrap();
    p.send_line("resign").unwrap();
    p.exp_string("White resigns.").unwrap();
    p.exp_string("Result: Black wins by resignation (0-1)")
        .unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn a_game_of_computers_shows_its_moves_on_a_terminal_unless_quiet() {
    let args = [
        "play",
        "games/shatranj.lud",
        "--white",
        "random",
        "--black",
        "random",
        "--seed",
        "3",
        "--max-plies",
        "8",
    ];
    let Some(mut p) = lud_on_a_terminal(&args) else {
        return;
    };
    let all = p.exp_eof().unwrap();
    assert!(all.contains("1. White plays "), "no moves shown: {all}");
    assert!(all.contains("8 plies in "), "no count of plies: {all}");
    assert!(all.contains("Result: "), "{all}");
    let mut quiet = args.to_vec();
    quiet.push("--quiet");
    let Some(mut p) = lud_on_a_terminal(&quiet) else {
        return;
    };
    let all = p.exp_eof().unwrap();
    assert!(!all.contains("plies in "), "--quiet shows plies: {all}");
    assert!(!all.contains("White plays "), "--quiet shows moves: {all}");
    assert!(all.contains("Result: "), "{all}");
}
