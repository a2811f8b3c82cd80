//! Self-test of the Shatranj reference in `tests/support/shatranj_ref.rs`
//! (the oracle for `tests/shatranj_reference.rs`). Every expected move list
//! is worked out by hand from RULES.md; each test is named for the rules it
//! checks.

#[path = "support/ref_core.rs"]
mod ref_core;
#[path = "support/shatranj_ref.rs"]
mod shatranj_ref;

use shatranj_ref::{RefGame, Result, Rules};

// SH-2: the array; SH-5, SH-7, SH-8: the only first moves are the eight
// pawn steps, the horses' four leaps and the elephants' four leaps over the
// pawns. Neither side's first move touches the other's, so perft 2 = 16².
#[test]
fn sh_2_start_position_and_its_moves() {
    let g = RefGame::new();
    assert_eq!(g.board_fen(), "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR");
    assert_eq!(g.side_to_move(), 0);
    assert_eq!(
        g.legal_moves(),
        [
            "a2a3", "b1a3", "b1c3", "b2b3", "c1a3", "c1e3", "c2c3", "d2d3", "e2e3", "f1d3", "f1h3",
            "f2f3", "g1f3", "g1h3", "g2g3", "h2h3"
        ]
    );
    assert_eq!(g.perft(2), 256);
    assert_eq!(g.result(), None);
}

// SH-3: eight squares around, no castling.
#[test]
fn sh_3_king_one_square_any_way() {
    let g = RefGame::from_fen("k7/p7/8/8/3K4/8/7P/8 w - - 0 1");
    assert_eq!(
        g.moves_from("d4"),
        ["d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5"]
    );
    let g = RefGame::from_fen("k7/p7/8/8/8/8/7P/R2K3R w - - 0 1");
    assert_eq!(g.moves_from("d1"), ["d1c1", "d1c2", "d1d2", "d1e1", "d1e2"]);
}

// SH-4, SH-10: the rook stops at the first piece, taking it if it is an enemy.
#[test]
fn sh_4_sh_10_rook_slides_to_the_first_piece() {
    let g = RefGame::from_fen("k7/p7/3n4/8/3R4/8/3P4/K7 w - - 0 1");
    assert_eq!(
        g.moves_from("d4"),
        ["d4a4", "d4b4", "d4c4", "d4d3", "d4d5", "d4d6", "d4e4", "d4f4", "d4g4", "d4h4"]
    );
    let mut g = g;
    g.play_line("d4d6");
    assert_eq!(g.board_fen(), "k7/p7/3R4/8/8/8/3P4/K7");
}

// SH-5: eight leaps, whatever stands around the horse.
#[test]
fn sh_5_horse_leaps_over_pieces() {
    let g = RefGame::from_fen("k7/p7/8/2PPP3/2PNP3/2PPP3/8/K7 w - - 0 1");
    assert_eq!(
        g.moves_from("d4"),
        ["d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4f5"]
    );
}

// SH-6: one square diagonally.
#[test]
fn sh_6_counsellor_one_square_diagonally() {
    let g = RefGame::from_fen("k7/p7/8/8/3Q4/8/8/K7 w - - 0 1");
    assert_eq!(g.moves_from("d4"), ["d4c3", "d4c5", "d4e3", "d4e5"]);
}

// SH-7: exactly two squares diagonally, over whatever stands between; not
// onto its own piece; from the corner only one.
#[test]
fn sh_7_elephant_leaps_two_squares_diagonally() {
    let g = RefGame::from_fen("k7/p7/5P2/2P1P3/3B4/2P1P3/8/K7 w - - 0 1");
    assert_eq!(g.moves_from("d4"), ["d4b2", "d4b6", "d4f2"]);
    let g = RefGame::from_fen("k7/p7/8/8/8/8/1P6/B6K w - - 0 1");
    assert_eq!(g.moves_from("a1"), ["a1c3"]);
}

// SH-8: one step forward onto an empty square, no double step, captures
// diagonally forward only (never straight ahead).
#[test]
fn sh_8_pawn_steps_one_and_captures_diagonally() {
    let g = RefGame::from_fen("k7/p7/8/8/8/2p1p3/3P4/K7 w - - 0 1");
    assert_eq!(g.moves_from("d2"), ["d2c3", "d2d3", "d2e3"]);
    let g = RefGame::from_fen("k7/p7/8/8/8/3p4/3P4/K7 w - - 0 1");
    assert_eq!(g.moves_from("d2"), Vec::<String>::new());
    // Black's pawns go down the board.
    let g = RefGame::from_fen("k7/8/8/8/3p4/2P1P3/8/K7 b - - 0 1");
    assert_eq!(g.moves_from("d4"), ["d4c3", "d4d3", "d4e3"]);
}

// SH-9: on the last rank a pawn becomes a Counsellor, nothing else.
#[test]
fn sh_9_promotion_to_counsellor_only() {
    let mut g = RefGame::from_fen("k6r/p5P1/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(g.moves_from("g7"), ["g7g8q", "g7h8q"]);
    g.play_line("g7h8q");
    assert_eq!(g.board_fen(), "k6Q/p7/8/8/8/8/8/K7");
    let g = RefGame::from_fen("k7/8/8/8/8/8/3p4/K5N1 b - - 0 1");
    assert_eq!(g.moves_from("d2"), ["d2d1q"]);
}

// SH-11 (G-1): a pinned piece stays; the king does not step into an attack;
// a check must be answered.
#[test]
fn sh_11_no_move_leaves_the_own_king_attacked() {
    let g = RefGame::from_fen("3r4/8/8/8/8/8/3N4/3K3k w - - 0 1");
    assert_eq!(g.legal_moves(), ["d1c1", "d1c2", "d1e1", "d1e2"]);
    let g = RefGame::from_fen("k7/p7/8/8/8/8/8/K5rR w - - 0 1");
    assert_eq!(g.legal_moves(), ["a1a2", "a1b2", "h1g1"]);
}

// SH-12: in check with no legal move: the player to move loses.
#[test]
fn sh_12_checkmate_loses() {
    let g = RefGame::from_fen("R6k/6pp/8/8/8/8/8/K7 b - - 0 1");
    assert_eq!(g.result(), Some(Result::win(0, "checkmate")));
    assert_eq!(g.legal_moves(), Vec::<String>::new());
    assert_eq!(g.perft(1), 0);
}

// SH-13: not in check with no legal move: he loses too (checked before
// SH-14: Black here is also bare).
#[test]
fn sh_13_stalemate_loses() {
    let g = RefGame::from_fen("k7/P7/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(g.result(), Some(Result::win(0, "stalemate")));
}

// SH-14: a bare king has one move; if it takes the other's last piece the
// game is drawn, else he loses.
#[test]
fn sh_14_bare_king_one_move_then_loss_or_draw() {
    let mut g = RefGame::from_fen("k7/8/8/8/8/8/8/KR6 b - - 0 1");
    assert_eq!(g.result(), None, "Black, bared, still has his move");
    assert_eq!(g.legal_moves(), ["a8a7"]);
    g.play_line("a8a7");
    assert_eq!(g.result(), Some(Result::win(0, "bare king")));
    let mut g = RefGame::from_fen("k7/1R6/8/8/8/8/8/K7 b - - 0 1");
    assert_eq!(g.legal_moves(), ["a8b7"]);
    g.play_line("a8b7");
    assert_eq!(g.result(), Some(Result::draw("bare kings")));
    // The player who bared the other plays on meanwhile: after a capture
    // that bares Black, Black has his move.
    let mut g = RefGame::from_fen("k7/1n6/8/8/8/8/1R6/K7 w - - 0 1");
    g.play_line("b2b7");
    assert_eq!(g.result(), None);
    assert_eq!(g.legal_moves(), ["a8b7"]);
}

// SH-15: 140 plies without a capture or a pawn move draw; a pawn move or a
// capture starts the count again.
#[test]
fn sh_15_seventy_moves_each_draw() {
    let g = RefGame::from_fen("k7/p7/8/8/8/8/7P/K7 w - - 139 80");
    assert_eq!(g.result(), None);
    let mut quiet = g.clone();
    quiet.play_line("a1b1");
    assert_eq!(quiet.result(), Some(Result::draw("70-move rule")));
    let mut pawn = g;
    pawn.play_line("h2h3");
    assert_eq!(pawn.result(), None);
    pawn.play_line("a8b8 a1b1 b8a8 b1a1");
    assert_eq!(pawn.result(), None);
}

// SH-15, G-4, G-5: the third occurrence of a position (board and side to
// move) draws.
#[test]
fn sh_15_threefold_repetition_draws() {
    let mut g = RefGame::new();
    g.play_line("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    assert_eq!(g.result(), None);
    g.play_line("f6g8");
    assert_eq!(g.result(), Some(Result::draw("repetition")));
    // Without the history (a position read from a string) it starts again.
    g.forget_history();
    assert_eq!(g.result(), None);
    assert_eq!(g.perft(1), 16);
}
