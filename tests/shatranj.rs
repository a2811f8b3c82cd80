//! Shatranj, rule by rule (RULES.md SH-1 .. SH-15). Each test sets up a
//! position where the rule decides, and would fail if the rule were broken.

#[path = "support/common.rs"]
mod common;

use std::sync::OnceLock;

use common::{moves_from, name_on as piece_name, play};
use lud::notation::parse_move;
use lud::{Game, Outcome, Position};

fn game() -> &'static Game {
    static G: OnceLock<Game> = OnceLock::new();
    G.get_or_init(|| common::game("games/shatranj.lud"))
}

fn pos(fen: &str) -> Position {
    common::pos(game(), fen)
}

fn win(winner: usize, kind: &str) -> Outcome {
    Outcome::win(winner, kind)
}

#[test]
fn sh_1_the_board_is_8_by_8_and_plain() {
    let m = game().model();
    assert_eq!((m.board.width, m.board.height), (8, 8));
    assert!(m.board.marked.iter().all(|&x| !x), "no square is marked");
    assert!(
        m.board.parse("h8").is_some()
            && m.board.parse("i1").is_none()
            && m.board.parse("a9").is_none()
    );
    assert!(!lud::draw::board(&game().start()).contains('['));
}

#[test]
fn sh_2_start_position_kings_face_each_other() {
    let start = game().start();
    assert_eq!(
        start.to_string(),
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1"
    );
    assert_eq!(piece_name(&start, "d1").as_deref(), Some("King"));
    assert_eq!(piece_name(&start, "d8").as_deref(), Some("King"));
    assert_eq!(piece_name(&start, "e1").as_deref(), Some("Counsellor"));
    assert_eq!(start.side_to_move(), 0, "White moves first");
}

#[test]
fn sh_3_king_steps_one_square_and_never_castles() {
    let p = pos("r6k/8/8/8/3K4/8/8/R7 w - - 0 1");
    assert_eq!(
        moves_from(&p, "d4"),
        ["d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5"]
    );
    let p = pos("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R w - - 0 1");
    assert!(parse_move(&p, "e1g1").is_err(), "no castling");
    assert_eq!(moves_from(&p, "e1"), ["e1d1", "e1f1"]);
}

#[test]
fn sh_4_rook_slides_orthogonally_until_the_first_piece() {
    let p = pos("4k3/7p/8/8/P7/8/8/R2n1K2 w - - 0 1");
    assert_eq!(
        moves_from(&p, "a1"),
        ["a1a2", "a1a3", "a1b1", "a1c1", "a1d1"]
    );
}

#[test]
fn sh_5_horse_leaps_and_cannot_be_blocked() {
    let p = pos("4k3/7p/8/8/8/8/PPP5/RNB1K3 w - - 0 1");
    assert_eq!(moves_from(&p, "b1"), ["b1a3", "b1c3", "b1d2"]);
}

#[test]
fn sh_6_counsellor_steps_one_square_diagonally() {
    let p = pos("4k3/7p/8/8/3Q4/8/P7/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "d4"), ["d4c3", "d4c5", "d4e3", "d4e5"]);
}

#[test]
fn sh_7_elephant_leaps_exactly_two_diagonally() {
    // Over its own pawns on b2 and d2.
    let p = pos("4k3/7p/8/8/8/8/1P1P4/2B1K3 w - - 0 1");
    assert_eq!(moves_from(&p, "c1"), ["c1a3", "c1e3"]);
    let p = pos("4k3/7p/8/8/3B4/8/P7/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "d4"), ["d4b2", "d4b6", "d4f2", "d4f6"]);
}

#[test]
fn sh_8_pawn_steps_one_captures_diagonally_no_double_step_no_en_passant() {
    let p = pos("4k3/7p/8/3pP3/8/3p4/4P3/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "e2"), ["e2d3", "e2e3"], "no e2e4, no f3");
    assert_eq!(
        moves_from(&p, "e5"),
        ["e5e6"],
        "no capture en passant on d6"
    );
    // Blocked straight ahead, and no capture onto an empty square.
    let p = pos("4k3/7p/8/8/8/4n3/4P3/4K3 w - - 0 1");
    assert!(moves_from(&p, "e2").is_empty());
    // Black's pawns go down the board.
    let p = pos("4k3/8/8/3p4/8/8/P7/4K3 b - - 0 1");
    assert_eq!(moves_from(&p, "d5"), ["d5d4"]);
}

#[test]
fn sh_9_pawn_on_the_last_rank_becomes_a_counsellor() {
    let mut p = pos("4k3/1P5p/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "b7"), ["b7b8q"], "one move, promoting");
    assert!(parse_move(&p, "b7b8r").is_err(), "only a counsellor");
    play(&mut p, "b7b8");
    assert_eq!(piece_name(&p, "b8").as_deref(), Some("Counsellor"));
    let mut p = pos("4k3/7p/8/8/8/8/p7/4K2R b - - 0 1");
    play(&mut p, "a2a1");
    assert_eq!(piece_name(&p, "a1").as_deref(), Some("Counsellor"));
}

#[test]
fn sh_10_moving_onto_an_enemy_piece_captures_it() {
    let mut p = pos("4k3/7p/8/8/P7/8/8/R2n1K2 w - - 0 1");
    play(&mut p, "a1d1");
    assert_eq!(piece_name(&p, "d1").as_deref(), Some("Rook"));
    assert_eq!(p.to_string(), "4k3/7p/8/8/P7/8/8/3R1K2 b - - 0 1");
}

#[test]
fn sh_11_a_move_may_not_leave_the_own_king_attacked() {
    // The horse on d2 is pinned by the rook on d7.
    let p = pos("3k4/3r4/8/8/8/7p/3N4/3K4 w - - 0 1");
    assert!(moves_from(&p, "d2").is_empty());
    // The king may not step onto the rook's rank.
    let p = pos("4k3/8/8/8/8/7P/r7/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "e1"), ["e1d1", "e1f1"]);
    let err = parse_move(&p, "e1e2").unwrap_err();
    assert!(
        err.message.contains("leave your king in check"),
        "{}",
        err.message
    );
}

#[test]
fn sh_12_checkmate_loses() {
    let p = pos("k6R/8/1K6/8/8/7p/7P/8 b - - 0 1");
    assert!(p.in_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Some(win(0, "checkmate")));
}

#[test]
fn sh_13_stalemate_loses() {
    let p = pos("k7/2K5/1Q6/8/8/7p/7P/8 b - - 0 1");
    assert!(!p.in_check());
    assert_eq!(p.outcome(), Some(win(0, "stalemate")));
}

#[test]
fn sh_14_bare_king_loses_after_his_one_move() {
    let mut q = pos("4k3/8/8/8/8/8/p7/R3K3 w - - 0 1");
    play(&mut q, "a1a2"); // Black is bare ...
    assert_eq!(q.outcome(), None, "... but gets one move");
    play(&mut q, "e8d7"); // ... which does not bare White
    assert_eq!(q.outcome(), Some(win(0, "bare king")));
}

#[test]
fn sh_14_bare_king_who_bares_the_other_draws() {
    let mut p = pos("4k3/8/8/8/8/8/3r4/3RK3 b - - 0 1");
    play(&mut p, "d2d1"); // White is bare
    assert_eq!(p.outcome(), None);
    play(&mut p, "e1d1"); // and his one move bares Black
    assert_eq!(p.outcome(), Some(Outcome::draw("bare kings")));
}

#[test]
fn sh_14_stalemate_on_the_baring_move_decides_first() {
    let mut p = pos("7k/5Kp1/8/8/8/8/8/6R1 w - - 0 1");
    play(&mut p, "g1g7"); // bares Black and leaves him no move
    assert_eq!(p.outcome(), Some(win(0, "stalemate")));
}

#[test]
fn sh_15_seventy_moves_without_capture_or_pawn_move_draw() {
    let quiet = "4k3/7p/8/8/8/8/P7/4K3 w - - 139 80";
    let mut p = pos(quiet);
    play(&mut p, "e1d1");
    assert_eq!(p.outcome(), Some(Outcome::draw("70-move rule")));
    let mut p = pos(quiet);
    play(&mut p, "a2a3"); // a pawn move starts the count again
    assert_eq!(p.outcome(), None);
    assert_eq!(p.counter(0), 0);
}

#[test]
fn sh_15_threefold_repetition_draws() {
    let mut p = game().start();
    for (i, m) in ["b1c3", "b8c6", "c3b1", "c6b8", "b1c3", "b8c6", "c3b1"]
        .iter()
        .enumerate()
    {
        play(&mut p, m);
        assert_eq!(p.outcome(), None, "after move {}", i + 1);
    }
    play(&mut p, "c6b8"); // the start position, a third time
    assert_eq!(p.outcome(), Some(Outcome::draw("repetition")));
}
