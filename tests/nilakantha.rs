//! Nilakantha's Intellectual Game, rule by rule (RULES.md NI-1 .. NI-12).

#[path = "support/common.rs"]
mod common;

use common::{legal, moves_from, name_on, piece_on, play, pos};
use lud::compile::model::Worth;
use lud::{Game, Outcome};

fn game(options: &[(&str, &str)]) -> Game {
    common::game_with("games/nilakantha.lud", None, options)
}

#[test]
fn ni_1_plain_board_with_the_goose_foot_marks() {
    let g = game(&[]);
    let b = &g.model().board;
    let mut marked: Vec<String> = (0..64u16)
        .filter(|&s| b.marked[s as usize])
        .map(|s| b.name(s))
        .collect();
    marked.sort();
    assert_eq!(
        marked,
        [
            "a1", "a4", "a5", "a8", "d1", "d4", "d5", "d8", "e1", "e4", "e5", "e8", "h1", "h4",
            "h5", "h8"
        ]
    );
    assert!(g
        .model()
        .regions
        .iter()
        .any(|(n, s)| n == "Marked" && s.len() == 16));
    assert!(lud::draw::board(&g.start()).contains("[R]"));
}

#[test]
fn ni_2_the_pieces_move_as_described() {
    let g = game(&[]);
    let p = pos(&g, "4k3/p7/8/8/3Q4/8/7P/4K3 w - - 0 1");
    assert_eq!(
        moves_from(&p, "d4"),
        ["d4c3", "d4c5", "d4e3", "d4e5"],
        "counsellor"
    );
    let p = pos(&g, "4k3/p7/8/8/3B4/8/7P/4K3 w - - 0 1");
    assert_eq!(
        moves_from(&p, "d4"),
        ["d4b2", "d4b6", "d4f2", "d4f6"],
        "camel"
    );
    let p = pos(&g, "4k3/p7/8/8/3N4/8/7P/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "d4").len(), 8, "horse");
    let p = pos(&g, "4k3/p7/8/8/3R4/8/7P/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "d4").len(), 14, "elephant");
    let p = pos(&g, "4k3/p7/8/8/8/8/7P/4K2R w - - 0 1");
    assert_eq!(
        moves_from(&p, "e1"),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
        "king, no castling"
    );
}

#[test]
fn ni_3_setup_king_faces_king_counsellor_faces_counsellor() {
    let s = game(&[]).start();
    assert_eq!(name_on(&s, "e1").as_deref(), Some("King"));
    assert_eq!(name_on(&s, "e8").as_deref(), Some("King"));
    assert_eq!(name_on(&s, "a1").as_deref(), Some("Elephant"));
    assert_eq!(name_on(&s, "b8").as_deref(), Some("Horse"));
    assert_eq!(name_on(&s, "c1").as_deref(), Some("Camel"));
    // The counsellors stand on the d-file (advanced, NI-5).
    assert_eq!(name_on(&s, "d3").as_deref(), Some("Counsellor"));
    assert_eq!(name_on(&s, "d6").as_deref(), Some("Counsellor"));
    // Option: the other way round.
    let s = game(&[("king-file", "d")]).start();
    assert_eq!(name_on(&s, "d1").as_deref(), Some("King"));
    assert_eq!(name_on(&s, "d8").as_deref(), Some("King"));
    assert_eq!(name_on(&s, "e3").as_deref(), Some("Counsellor"));
}

#[test]
fn ni_4_option_king_and_elephant_transposed() {
    let s = game(&[("transpose", "a-file")]).start();
    assert_eq!(name_on(&s, "a1").as_deref(), Some("King"));
    assert_eq!(name_on(&s, "e1").as_deref(), Some("Elephant"));
    assert_eq!(name_on(&s, "a8").as_deref(), Some("King"));
    let s = game(&[("transpose", "h-file"), ("king-file", "d")]).start();
    assert_eq!(name_on(&s, "h1").as_deref(), Some("King"));
    assert_eq!(name_on(&s, "d1").as_deref(), Some("Elephant"));
    assert_eq!(name_on(&s, "h8").as_deref(), Some("King"));
    let s = game(&[]).start();
    assert_eq!(name_on(&s, "a1").as_deref(), Some("Elephant"));
}

#[test]
fn ni_5_counsellor_its_pawn_and_a_chosen_pawn_advance_first() {
    let g = game(&[]);
    let mut p = g.start();
    assert_eq!(name_on(&p, "d4").as_deref(), Some("Pawn"));
    assert_eq!(name_on(&p, "d5").as_deref(), Some("Pawn"));
    let sq = |n: &str| p.model().board.parse(n).unwrap() as usize;
    assert_eq!(p.origin(sq("d4")), Some(sq("d2")), "the pawn started on d2");
    // White chooses one other pawn to advance two squares, then Black.
    assert_eq!(
        legal(&p),
        ["a2a4", "b2b4", "c2c4", "e2e4", "f2f4", "g2g4", "h2h4"]
    );
    play(&mut p, "g2g4");
    assert_eq!(p.side_to_move(), 1);
    assert_eq!(
        legal(&p),
        ["a7a5", "b7b5", "c7c5", "e7e5", "f7f5", "g7g5", "h7h5"]
    );
    play(&mut p, "b7b5");
    // Then normal play: no double steps any more, White moves.
    assert_eq!(p.side_to_move(), 0);
    assert!(!legal(&p).contains(&"a2a4".to_string()));
    assert!(legal(&p).contains(&"a2a3".to_string()));
    // Option: a fixed file for both, and no setup turn.
    let p = game(&[("setup-pawn", "c")]).start();
    assert_eq!(name_on(&p, "c4").as_deref(), Some("Pawn"));
    assert_eq!(name_on(&p, "c5").as_deref(), Some("Pawn"));
    assert!(legal(&p).contains(&"c4c5".to_string()) || legal(&p).contains(&"a2a3".to_string()));
    assert!(!legal(&p).contains(&"a2a4".to_string()));
    let p = game(&[("setup-pawn", "centre")]).start();
    assert_eq!(name_on(&p, "e4").as_deref(), Some("Pawn"));
}

#[test]
fn ni_6_pawn_steps_one_square_and_never_two() {
    let g = game(&[]);
    let p = pos(&g, "4k3/p7/8/8/8/8/3P3P/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "d2"), ["d2d3"]);
    let p = pos(&g, "4k3/p7/8/8/8/2p1p3/3P3P/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "d2"), ["d2c3", "d2d3", "d2e3"]);
}

#[test]
fn ni_7_promotion_on_a_marked_square_stays_there() {
    let g = game(&[]);
    let mut p = pos(&g, "6k1/P7/8/8/8/8/7P/4K3 w - - 0 1 origin=a7:a2");
    play(&mut p, "a7a8q");
    assert_eq!(name_on(&p, "a8").as_deref(), Some("Counsellor"));
}

#[test]
fn ni_8_promotion_on_an_unmarked_square_goes_back_to_where_the_pawn_started() {
    let g = game(&[]);
    let mut p = pos(&g, "6k1/1P6/8/8/8/8/7P/4K3 w - - 0 1 origin=b7:b2");
    play(&mut p, "b7b8");
    assert_eq!(name_on(&p, "b8"), None);
    assert_eq!(piece_on(&p, "b2"), Some(("Counsellor".into(), 0)));
    // The start square taken: the nearest empty square of that rank, the
    // one nearer the centre on a tie (c2 rather than a2) ...
    let mut p = pos(&g, "6k1/1P6/8/8/8/8/1P5P/4K3 w - - 0 1 origin=b7:b2");
    play(&mut p, "b7b8");
    assert_eq!(name_on(&p, "c2").as_deref(), Some("Counsellor"));
    // ... or the nearer one.
    let mut p = pos(&g, "6k1/1P6/8/8/8/8/1PP4P/4K3 w - - 0 1 origin=b7:b2");
    play(&mut p, "b7b8");
    assert_eq!(name_on(&p, "a2").as_deref(), Some("Counsellor"));
    // The whole rank full: it stays.
    let mut p = pos(&g, "6k1/1P6/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 origin=b7:b2");
    play(&mut p, "b7b8");
    assert_eq!(name_on(&p, "b8").as_deref(), Some("Counsellor"));
    // Black's pawns go back to rank 7.
    let mut p = pos(&g, "4k3/7p/8/8/8/8/2p5/6K1 b - - 0 1 origin=c2:c7");
    play(&mut p, "c2c1");
    assert_eq!(piece_on(&p, "c7"), Some(("Counsellor".into(), 1)));
}

#[test]
fn ni_9_checkmate_wins() {
    let p = pos(&game(&[]), "k6R/8/1K6/8/7p/7P/8/8 b - - 0 1");
    assert_eq!(p.outcome(), Some(Outcome::win(0, "checkmate")));
}

#[test]
fn ni_10_isolating_the_king_is_a_half_victory() {
    let g = game(&[]);
    let mut p = pos(&g, "k7/8/8/8/8/8/r7/R3K3 w - - 0 1");
    play(&mut p, "a1a2");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: 0,
            kind: "isolation".into(),
            worth: Worth::HalfWin
        })
    );
    // Judged before checkmate: a bare king that is also mated.
    let p = pos(&g, "k6R/8/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        p.outcome().map(|o| o.kind().to_string()).as_deref(),
        Some("isolation")
    );
}

#[test]
fn ni_11_perpetual_check_wins_for_the_checking_side() {
    let g = game(&[]);
    // The elephant (a rook) checks from e7 and e6 while the king goes f8, f7;
    // the checks begin outside the cycle (see tests/parsi.rs, PA-17).
    let mut p = pos(&g, "5k2/p7/8/8/4R3/8/7P/K7 w - - 0 1");
    for m in [
        "e4f4", "f8g8", "f4g4", "g8f8", "g4f4", "f8g8", "f4g4", "g8f8",
    ] {
        assert_eq!(p.outcome(), None, "before {m}");
        play(&mut p, m);
    }
    play(&mut p, "g4f4");
    assert_eq!(p.outcome(), Some(Outcome::win(0, "perpetual check")));
}

#[test]
fn ni_12_a_stalemated_king_slays_a_piece_next_to_him() {
    let g = game(&[]);
    // Black's king on a8 cannot move and its pawn is blocked: he slays the
    // counsellor on b8 (protected, so he could not take it by moving).
    let mut p = pos(&g, "kQ6/2P5/P7/8/8/7p/7P/4K3 b - - 0 1");
    assert!(!p.in_check());
    assert_eq!(legal(&p), ["a8xb8"], "only the slaying move");
    assert_eq!(p.outcome(), None);
    play(&mut p, "a8xb8");
    assert_eq!(name_on(&p, "b8"), None);
    assert_eq!(name_on(&p, "a8").as_deref(), Some("King"), "the king stays");
    // Not while he has another move.
    let p = pos(&g, "kQ6/8/8/8/8/7p/7P/4K3 b - - 0 1");
    assert!(!legal(&p).iter().any(|m| m.contains('x')));
    // No piece next to him: a draw.
    let p = pos(&g, "k7/2K5/1Q6/8/8/7p/7P/8 b - - 0 1");
    assert_eq!(p.outcome(), Some(Outcome::draw("stalemate")));
}
