//! Self-test of the Nīlakaṇṭha reference in `tests/support/nilakantha_ref.rs`
//! (the oracle for `tests/nilakantha_reference.rs`). Every expected move list
//! is worked out by hand from RULES.md; each test is named for the rules it
//! checks.

#[path = "support/nilakantha_ref.rs"]
mod nilakantha_ref;
#[path = "support/ref_core.rs"]
mod ref_core;

use nilakantha_ref::{KingFile, Options, RefGame, Result, Rules, SetupPawn, Transpose};

fn with(king_file: KingFile, transpose: Transpose, setup_pawn: SetupPawn) -> Options {
    Options {
        king_file,
        transpose,
        setup_pawn,
    }
}

// NI-3, NI-5: the array, counsellor and its pawn advanced; White's setup
// turn offers the seven other pawns of rank 2, two squares; so does
// Black's, whatever White chose.
#[test]
fn ni_3_ni_5_start_position_and_the_setup_turns() {
    let g = RefGame::new(Options::default());
    assert_eq!(
        g.board_fen(),
        "rnb1kbnr/ppp1pppp/3q4/3p4/3P4/3Q4/PPP1PPPP/RNB1KBNR"
    );
    assert_eq!(
        g.legal_moves(),
        ["a2a4", "b2b4", "c2c4", "e2e4", "f2f4", "g2g4", "h2h4"]
    );
    assert_eq!(g.perft(2), 49);
    // The advanced pieces keep the squares of the array as their start.
    assert_eq!(g.piece_on("d4"), Some(('P', "d2".to_string())));
    assert_eq!(g.piece_on("d6"), Some(('q', "d8".to_string())));
    let mut g = g;
    assert!(!g.play("g1f3"), "no piece move in a setup turn");
    g.play_line("a2a4");
    assert_eq!(
        g.legal_moves(),
        ["a7a5", "b7b5", "c7c5", "e7e5", "f7f5", "g7g5", "h7h5"]
    );
    g.play_line("h7h5");
    // NI-6: normal play, one step only.
    assert_eq!(g.moves_from("b2"), ["b2b3"]);
    assert!(g.legal_moves().contains(&"g1f3".to_string()));
    assert_eq!(g.piece_on("a4"), Some(('P', "a2".to_string())));
}

// NI-3 option, NI-4: the king on d, or exchanged with an elephant.
#[test]
fn ni_3_ni_4_king_file_and_transposition() {
    let g = RefGame::new(with(KingFile::D, Transpose::None, SetupPawn::Choose));
    assert_eq!(
        g.board_fen(),
        "rnbk1bnr/pppp1ppp/4q3/4p3/4P3/4Q3/PPPP1PPP/RNBK1BNR"
    );
    let g = RefGame::new(with(KingFile::E, Transpose::AFile, SetupPawn::Choose));
    assert_eq!(
        g.board_fen(),
        "knb1rbnr/ppp1pppp/3q4/3p4/3P4/3Q4/PPP1PPPP/KNB1RBNR"
    );
    let g = RefGame::new(with(KingFile::D, Transpose::HFile, SetupPawn::Choose));
    assert_eq!(
        g.board_fen(),
        "rnbr1bnk/pppp1ppp/4q3/4p3/4P3/4Q3/PPPP1PPP/RNBR1BNK"
    );
}

// NI-5 option: a fixed other pawn; no setup turn. With the centre pawn,
// White's 22 first moves: six pawn steps and two pawn captures (NI-6), the
// horses' six leaps, the camels' three (NI-2: two squares diagonally; d3
// is taken), three king steps, two counsellor steps.
#[test]
fn ni_5_option_a_fixed_pawn_and_no_setup_turn() {
    let g = RefGame::new(with(KingFile::E, Transpose::None, SetupPawn::Centre));
    assert_eq!(
        g.board_fen(),
        "rnb1kbnr/ppp2ppp/3q4/3pp3/3PP3/3Q4/PPP2PPP/RNB1KBNR"
    );
    assert_eq!(
        g.legal_moves(),
        [
            "a2a3", "b1a3", "b1c3", "b1d2", "b2b3", "c1a3", "c1e3", "c2c3", "d3c4", "d3e2", "d4e5",
            "e1d1", "e1d2", "e1e2", "e4d5", "f1h3", "f2f3", "g1e2", "g1f3", "g1h3", "g2g3", "h2h3"
        ]
    );
    let g = RefGame::new(with(KingFile::E, Transpose::None, SetupPawn::File(1)));
    assert_eq!(
        g.board_fen(),
        "rnb1kbnr/p1p1pppp/3q4/1p1p4/1P1P4/3Q4/P1P1PPPP/RNB1KBNR"
    );
    assert_eq!(g.piece_on("b4"), Some(('P', "b2".to_string())));
}

// NI-7: on a marked square of the last rank the pawn becomes a Counsellor
// there, and may check from there.
#[test]
fn ni_7_promotion_on_a_marked_square() {
    let mut g = RefGame::from_fen("4k3/P6p/8/8/8/8/8/4K3 w - - 0 1 origin=a7:a2");
    g.play_line("a7a8q");
    assert_eq!(g.board_fen(), "Q3k3/7p/8/8/8/8/8/4K3");
    let mut g = RefGame::from_fen("8/3Pk2p/8/8/8/8/8/4K3 w - - 0 1 origin=d7:d2");
    g.play_line("d7d8q");
    assert_eq!(
        g.legal_moves(),
        ["e7d6", "e7d7", "e7d8", "e7e6", "e7e8", "e7f6", "e7f7", "e7f8"]
    );
}

// NI-8: on an unmarked square the pawn goes back to its start square as a
// Counsellor; if that is taken, to the nearest empty square of that rank
// (nearer the centre on a tie); if the rank is full, it stays.
#[test]
fn ni_8_promotion_on_an_unmarked_square_goes_back() {
    let mut g = RefGame::from_fen("4k3/1P5p/8/8/8/8/8/4K3 w - - 0 1 origin=b7:b2");
    g.play_line("b7b8q");
    assert_eq!(g.board_fen(), "4k3/7p/8/8/8/8/1Q6/4K3");
    assert_eq!(g.piece_on("b2"), Some(('Q', "b2".to_string())));
    // Taking on the promotion square leaves it empty.
    let mut g = RefGame::from_fen("2r1k3/1P5p/8/8/8/8/8/4K3 w - - 0 1 origin=b7:b2");
    assert_eq!(g.moves_from("b7"), ["b7b8q", "b7c8q"]);
    g.play_line("b7c8q");
    assert_eq!(g.board_fen(), "4k3/7p/8/8/8/8/1Q6/4K3");
    // d2 taken: c2 and e2 are as near; e2 is nearer the centre.
    let mut g = RefGame::from_fen("4k3/2P4p/8/8/8/8/3P4/4K3 w - - 0 1 origin=c7:d2");
    g.play_line("c7c8q");
    assert_eq!(g.board_fen(), "4k3/7p/8/8/8/8/3PQ3/4K3");
    // The whole rank taken: it stays on b8.
    let mut g = RefGame::from_fen("4k3/1P5p/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 origin=b7:b2");
    g.play_line("b7b8q");
    assert_eq!(g.board_fen(), "1Q2k3/7p/8/8/8/8/PPPPPPPP/4K3");
    // Black's pawns go back to rank 7.
    let mut g = RefGame::from_fen("4k3/8/8/8/8/8/1p5P/4K3 b - - 0 1 origin=b2:b7");
    g.play_line("b2b1q");
    assert_eq!(g.board_fen(), "4k3/1q6/8/8/8/8/7P/4K3");
}

// NI-8, G-1: the Counsellor sent back to b7 checks the King on c6, who has
// eight answers, all king moves (issue 15's example).
#[test]
fn ni_8_the_counsellor_sent_back_gives_check() {
    let mut g = RefGame::from_fen(
        "8/8/2K5/8/8/2Q1B1k1/2p5/8 b - - 0 178 origin=c2:b7,c3:b2,e3:c1,g3:e8,c6:e1",
    );
    g.play_line("c2c1q");
    assert_eq!(
        g.legal_moves(),
        ["c6b5", "c6b6", "c6b7", "c6c5", "c6c7", "c6d5", "c6d6", "c6d7"]
    );
}

// NI-8, G-1: going back empties g8, and the Rook (Elephant) on h8 then
// attacks the King on b8: the promotion by capture is illegal.
#[test]
fn ni_8_going_back_may_not_expose_the_own_king() {
    let g = RefGame::from_fen("1K4br/5P2/8/8/8/8/8/k7 w - - 0 1 origin=f7:f2");
    assert_eq!(
        g.legal_moves(),
        ["b8a7", "b8a8", "b8b7", "b8c7", "b8c8", "f7f8q"]
    );
}

// NI-9: checkmate wins.
#[test]
fn ni_9_checkmate_wins() {
    let g = RefGame::from_fen("R6k/6pp/8/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(g.result(), Some(Result::win(0, "checkmate")));
    assert_eq!(g.perft(1), 0);
}

// NI-10: taking all but the king is a half-victory, judged before
// checkmate.
#[test]
fn ni_10_isolation_is_a_half_victory() {
    let mut g = RefGame::from_fen("k7/8/8/8/8/8/8/r2RK3 w - - 0 1");
    assert_eq!(g.result(), None);
    g.play_line("d1a1");
    assert_eq!(g.result(), Some(Result::half_win(0, "isolation")));
    assert_eq!(g.legal_moves(), Vec::<String>::new());
    let g = RefGame::from_fen("R6k/8/7K/8/8/8/8/8 b - - 0 1");
    assert_eq!(g.result(), Some(Result::half_win(0, "isolation")));
}

// NI-11: the third occurrence of a position after a check wins for the
// checker if all his moves since its first occurrence checked; else it is
// only a repetition (G-4).
#[test]
fn ni_11_perpetual_check_wins() {
    let start = "R3k3/7p/8/8/8/8/8/4K3 b - - 0 1";
    let mut g = RefGame::from_fen(start);
    g.play_line("e8e7 a8a7 e7e8 a7a8 e8e7 a8a7 e7e8");
    assert_eq!(g.result(), None);
    g.play_line("a7a8");
    assert_eq!(g.result(), Some(Result::win(0, "perpetual check")));
    let mut g = RefGame::from_fen(start);
    g.play_line("e8e7 a8a1 e7e8 a1a8 e8e7 a8a1 e7e8");
    assert_eq!(g.result(), None);
    g.play_line("a1a8");
    assert_eq!(g.result(), Some(Result::draw("repetition")));
}

// NI-12: a stalemated king slays an enemy piece next to him and stays; not
// if that exposes him (G-1), not while he has another move, and with no
// piece to slay the game is drawn.
#[test]
fn ni_12_the_stalemated_king_slays() {
    let mut g = RefGame::from_fen("7k/5KNp/7P/8/8/8/8/8 b - - 0 1");
    assert_eq!(g.legal_moves(), ["h8xg7"]);
    g.play_line("h8xg7");
    assert_eq!(g.board_fen(), "7k/5K1p/7P/8/8/8/8/8");
    let g = RefGame::from_fen("R5Qk/7p/5K1P/8/8/8/8/8 b - - 0 1");
    assert_eq!(g.legal_moves(), Vec::<String>::new());
    assert_eq!(g.result(), Some(Result::draw("stalemate")));
    // Here the king may step to g8 (g7 is guarded by the pawn on h6), so he
    // slays nothing.
    let g = RefGame::from_fen("7k/6Np/7P/8/8/8/8/5K2 b - - 0 1");
    assert_eq!(g.legal_moves(), ["h8g8"]);
}
