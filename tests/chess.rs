//! Chess (FIDE), `games/chess.lud`: the rules the perft tables
//! (`tests/perft/chess.perft`) cannot single out: each condition of castling,
//! en passant only at once and never into check, the promotion choice, the
//! draws (stalemate, fifty moves, threefold repetition, dead positions), and
//! standard FEN in and out.

#[path = "support/common.rs"]
mod common;

use common::{legal, moves_from, play, pos};
use lud::{Game, Outcome};

fn chess() -> Game {
    common::game("games/chess.lud")
}

fn draw_kind(p: &lud::Position) -> Option<String> {
    match p.outcome() {
        Some(Outcome::Draw { kind }) => Some(kind),
        _ => None,
    }
}

#[test]
fn castling_both_ways_moves_the_rook_too() {
    let g = chess();
    let mut p = pos(&g, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let king = moves_from(&p, "e1");
    assert!(king.contains(&"e1g1".to_string()), "{king:?}");
    assert!(king.contains(&"e1c1".to_string()), "{king:?}");
    play(&mut p, "e1g1");
    assert_eq!(p.to_string(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    play(&mut p, "e8c8");
    assert_eq!(p.to_string(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

#[test]
fn castling_needs_the_rights_the_position_gives() {
    let g = chess();
    let p = pos(&g, "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
    assert!(moves_from(&p, "e1").contains(&"e1g1".to_string()));
    assert!(!moves_from(&p, "e1").contains(&"e1c1".to_string()));
    let p = pos(&g, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert!(!moves_from(&p, "e1")
        .iter()
        .any(|m| m == "e1g1" || m == "e1c1"));
    assert_eq!(p.to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
}

#[test]
fn a_king_or_rook_that_moved_cannot_castle() {
    let g = chess();
    let mut p = pos(&g, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut p, "h1h2");
    play(&mut p, "e8e7");
    assert_eq!(p.to_string(), "r6r/4k3/8/8/8/8/7R/R3K3 w Q - 2 2");
    play(&mut p, "h2h1");
    play(&mut p, "e7e8");
    // Back on their squares, but they have moved.
    assert!(!moves_from(&p, "e1").contains(&"e1g1".to_string()));
    assert!(moves_from(&p, "e1").contains(&"e1c1".to_string()));
    assert_eq!(p.to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w Q - 4 3");
}

#[test]
fn no_castling_out_of_through_or_into_check_nor_across_a_piece() {
    let g = chess();
    // Out of check: a rook on e8 gives check.
    let p = pos(&g, "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!moves_from(&p, "e1")
        .iter()
        .any(|m| m == "e1g1" || m == "e1c1"));
    // Through check: f1 attacked (kingside refused), d1 free (queenside allowed).
    let p = pos(&g, "5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let k = moves_from(&p, "e1");
    assert!(
        !k.contains(&"e1g1".to_string()) && k.contains(&"e1c1".to_string()),
        "{k:?}"
    );
    // Into check: g1 attacked.
    let p = pos(&g, "1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!moves_from(&p, "e1").contains(&"e1g1".to_string()));
    // b1 attacked does not matter: the king does not cross it.
    let p = pos(&g, "1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(moves_from(&p, "e1").contains(&"e1c1".to_string()));
    // A piece between: no castling, even on b1.
    let p = pos(&g, "6k1/8/8/8/8/8/8/RN2K1NR w KQ - 0 1");
    assert!(!moves_from(&p, "e1")
        .iter()
        .any(|m| m == "e1g1" || m == "e1c1"));
}

#[test]
fn explain_names_the_castling_condition_that_fails() {
    let g = chess();
    for (fen, why) in [
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1",
            "the Rook on h1 has moved",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3KN1R w KQkq - 0 1",
            "the Knight on f1 stands between",
        ),
        (
            "5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "would cross f1, which is attacked",
        ),
        ("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "is in check"),
        (
            "1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "leave your king in check",
        ),
    ] {
        let p = pos(&g, fen);
        let e = lud::notation::parse_move(&p, "e1g1").expect_err("illegal");
        let text = format!("{} {:?}", e.message, e.help);
        assert!(text.contains(why), "{fen}: {text}");
    }
}

#[test]
fn en_passant_only_on_the_next_move() {
    let g = chess();
    let mut p = pos(&g, "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1");
    play(&mut p, "a2a4");
    assert_eq!(p.to_string(), "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1");
    assert!(moves_from(&p, "b4").contains(&"b4a3".to_string()));
    let mut taken = p.clone();
    play(&mut taken, "b4a3");
    assert_eq!(taken.to_string(), "4k3/8/8/8/8/p7/8/4K3 w - - 0 2");
    // Not a move later.
    play(&mut p, "e8d8");
    play(&mut p, "e1d1");
    assert!(!moves_from(&p, "b4").contains(&"b4a3".to_string()));
    // Nor after a single step.
    let mut p = pos(&g, "4k3/8/8/8/1p6/P7/8/4K3 w - - 0 1");
    play(&mut p, "a3a4");
    assert!(!moves_from(&p, "b4").contains(&"b4a3".to_string()));
}

#[test]
fn en_passant_that_would_uncover_check_along_the_rank_is_illegal() {
    let g = chess();
    // Both pawns leave the fifth rank: the rook on h5 would check the king on a5.
    let p = pos(&g, "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1");
    assert!(!legal(&p).contains(&"b5c6".to_string()));
    let p = pos(&g, "8/8/8/KPp5/8/8/8/4k3 w - c6 0 1");
    assert!(legal(&p).contains(&"b5c6".to_string()));
}

#[test]
fn a_bad_en_passant_field_is_refused() {
    let g = chess();
    let e = g
        .position("4k3/8/8/8/8/8/8/4K3 b - e3 0 1")
        .expect_err("no pawn passed e3");
    assert!(e.message.contains("e3"), "{}", e.message);
    let e = g
        .position("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1")
        .expect_err("no rooks");
    assert!(e.message.contains("castling right"), "{}", e.message);
}

#[test]
fn a_pawn_promotes_to_the_piece_its_player_chooses() {
    let g = chess();
    let p = pos(&g, "8/P7/8/8/8/8/8/k1K5 w - - 0 1");
    assert_eq!(
        moves_from(&p, "a7"),
        vec!["a7a8b", "a7a8n", "a7a8q", "a7a8r"]
    );
}

#[test]
fn checkmate_and_stalemate() {
    let g = chess();
    let mut p = pos(&g, "k7/8/1K6/8/8/8/7Q/8 w - - 0 1");
    play(&mut p, "h2h8");
    assert_eq!(
        p.outcome().and_then(|o| o.winner()),
        Some(0),
        "back-rank mate"
    );
    let mut p = pos(&g, "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1");
    play(&mut p, "c1c7");
    assert_eq!(draw_kind(&p).as_deref(), Some("stalemate"));
}

#[test]
fn dead_positions_are_drawn() {
    let g = chess();
    for (fen, dead) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", true),
        ("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false), // c8 and c1: two shades
        ("3bk3/8/8/8/8/8/8/2B1K3 w - - 0 1", true),   // d8 and c1: one shade
        ("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/3RK3 w - - 0 1", false),
        ("4k3/4p3/8/8/8/8/8/4K3 w - - 0 1", false),
        ("1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false),
    ] {
        let p = pos(&g, fen);
        assert_eq!(
            draw_kind(&p).as_deref() == Some("dead position"),
            dead,
            "{fen}"
        );
    }
    // A capture that leaves king against king ends the game.
    let mut p = pos(&g, "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    assert_eq!(draw_kind(&p), None);
    play(&mut p, "e1d2");
    assert_eq!(draw_kind(&p).as_deref(), Some("dead position"));
}

#[test]
fn fifty_moves_without_capture_or_pawn_move_draw() {
    let g = chess();
    let mut p = pos(&g, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    play(&mut p, "a1a2");
    assert_eq!(draw_kind(&p).as_deref(), Some("fifty-move rule"));
    let mut p = pos(&g, "4k3/8/8/8/8/8/P7/R3K3 w - - 99 80");
    play(&mut p, "a2a3");
    assert_eq!(draw_kind(&p), None, "a pawn move resets the count");
}

#[test]
fn threefold_repetition_draws() {
    let g = chess();
    let mut p = g.start();
    for _ in 0..2 {
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            assert_eq!(p.outcome(), None);
            play(&mut p, m);
        }
    }
    assert_eq!(draw_kind(&p).as_deref(), Some("threefold repetition"));
}

#[test]
fn fen_round_trips() {
    let g = chess();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/8/8/8/8/K6k b - - 37 90",
    ] {
        assert_eq!(pos(&g, fen).to_string(), fen);
    }
    assert_eq!(
        g.start().to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn castling_rights_count_in_a_repetition() {
    let g = chess();
    let mut p = g.start();
    // The kings walk out and back: the first position after e7e6 still had
    // both castlings, the later ones none, so they are not the same position.
    for m in [
        "e2e4", "e7e6", "e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1", "e7e8",
    ] {
        assert_eq!(p.outcome(), None, "before {m}");
        play(&mut p, m);
    }
    assert_eq!(p.outcome(), None, "only twice without castling rights");
}

/// Positions are the same when the castling rights are (FIDE 9.2): a rook
/// that moves and comes back after its king has moved changes nothing, so
/// the third occurrence draws (the key once counted every unmoved rook).
#[test]
fn a_rook_moved_and_back_after_its_king_moved_repeats_the_position() {
    let g = chess();
    let mut p = g.start();
    // No rights after e7e8; the knights out (Nf3, Nf6) is a position that
    // then occurs three times: the rooks' walk in between changes nothing.
    for m in [
        "e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8", "g1f3", "g8f6", "h1g1", "h8g8", "g1h1",
        "g8h8", "f3g1", "f6g8", "g1f3",
    ] {
        assert_eq!(p.outcome(), None, "before {m}");
        play(&mut p, m);
    }
    play(&mut p, "g8f6");
    assert_eq!(draw_kind(&p).as_deref(), Some("threefold repetition"));
    // The position read from its string is the same position.
    assert_eq!(pos(&g, &p.to_string()).key(), p.key());
}

#[test]
fn an_en_passant_square_counts_only_if_a_pawn_could_take() {
    let g = chess();
    let mut p = g.start();
    play(&mut p, "e2e4");
    assert_eq!(
        p.to_string(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // So the position after e2e4 occurs three times.
    for m in [
        "g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8", "f3g1",
    ] {
        assert_eq!(p.outcome(), None, "before {m}");
        play(&mut p, m);
    }
    assert_eq!(draw_kind(&p).as_deref(), Some("threefold repetition"));
    // A square no pawn can take on is dropped when read.
    assert_eq!(
        pos(&g, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").to_string(),
        "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn without_a_castling_field_the_rights_follow_the_start_squares() {
    let g = chess();
    let p = pos(&g, "r3k2r/8/8/8/8/8/8/R3K2R w");
    let k = moves_from(&p, "e1");
    assert!(
        k.contains(&"e1g1".to_string()) && k.contains(&"e1c1".to_string()),
        "{k:?}"
    );
    assert_eq!(p.to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}
