//! Self-test of the Parsi Chess reference implementation in
//! `tests/support/parsi_ref.rs` (the oracle for differential tests against
//! `lud`). Every position is reached by playing moves from the start; each
//! test names the rules (RULES.md PA-x, G-x) it checks.

#[path = "support/parsi_ref.rs"]
mod parsi_ref;
#[path = "support/ref_core.rs"]
mod ref_core;

use parsi_ref::{Boorj, Options, RefGame, Result, Rules, Ruleset, Stalemate};

fn murray0() -> Options {
    Options {
        opening: 0,
        ..Options::murray()
    }
}

/// Plays `moves` (space separated) from the start; each must be legal.
fn game(opts: Options, moves: &str) -> RefGame {
    let mut g = RefGame::new(opts);
    g.play_line(moves);
    g
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| (*s).to_string()).collect()
}

const START_MOVES: [&str; 18] = [
    "a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "c2c3", "d2d3", "d2d4", "e1d3", "e1f3", "e2e3", "e2e4",
    "f2f3", "g1f3", "g1h3", "g2g3", "h2h3", "h2h4",
];

// PA-2, PA-8, PA-10: the start position and its moves.
#[test]
fn start_position() {
    for o in [Options::murray(), murray0(), Options::shastree()] {
        let g = RefGame::new(o);
        assert_eq!(g.board_fen(), "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
        assert_eq!(g.side_to_move(), 0);
        assert_eq!(g.result(), None);
        assert_eq!(g.legal_moves(), strs(&START_MOVES));
        assert_eq!(g.perft(0), 1);
    }
}

#[test]
fn play_refuses_illegal_moves() {
    let mut g = RefGame::new(murray0());
    for bad in ["e2e5", "b2b4", "e1e2", "d8c6", "", "e2e4q", "xa7"] {
        assert!(!g.play(bad), "{bad}");
    }
    assert_eq!(g.board_fen(), "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    assert!(g.play("e2e4"));
    assert_eq!(g.side_to_move(), 1);
}

// Perft from the start, depths 1..3 (depth 4 in `perft_depth_4`).
#[test]
fn perft_from_start() {
    let murray = RefGame::new(Options::murray());
    let m0 = RefGame::new(murray0());
    let shastree = RefGame::new(Options::shastree());
    let want = [
        (&murray, [18, 352, 7408]),
        (&m0, [18, 324, 6681]),
        (&shastree, [18, 324, 6681]),
    ];
    for (g, counts) in want {
        for (d, n) in counts.into_iter().enumerate() {
            assert_eq!(g.perft(d as u32 + 1), n, "depth {}", d + 1);
        }
    }
}

// About a second with the test profile (opt-level 1).
#[test]
fn perft_depth_4() {
    assert_eq!(RefGame::new(Options::murray()).perft(4), 164_807);
    assert_eq!(RefGame::new(murray0()).perft(4), 136_554);
    assert_eq!(RefGame::new(Options::shastree()).perft(4), 136_548);
}

// PA-14: N moves each, no piece into the opponent's half meanwhile.
#[test]
fn opening_moves_in_a_row() {
    let mut g = RefGame::new(Options::murray());
    let mut sides = Vec::new();
    for m in [
        "e2e4", "d2d4", "g1f3", "f3h4", "e7e5", "d7d5", "b8c6", "c6a5", "a2a3", "a7a6",
    ] {
        sides.push(g.side_to_move());
        assert!(g.play(m), "{m}: {:?}", g.legal_moves());
    }
    assert_eq!(sides, [0, 0, 0, 0, 1, 1, 1, 1, 0, 1]);
    // During the opening: nothing crosses the middle line.
    let g = game(Options::murray(), "e2e4");
    assert!(!g.legal_moves().contains(&"e4e5".to_string()));
    assert!(g.legal_moves().iter().all(|m| {
        let rank = m.as_bytes()[3];
        rank <= b'4'
    }));
    let g = game(Options::murray(), "e2e4 d2d4 g1f3 a2a3 e7e5");
    assert_eq!(g.side_to_move(), 1);
    assert!(g.legal_moves().iter().all(|m| m.as_bytes()[3] >= b'5'));
    // After the opening, crossing is allowed.
    let g = game(Options::murray(), "e2e4 d2d4 g1f3 a2a3 e7e5 d7d5 h7h6 a7a6");
    assert_eq!(g.side_to_move(), 0);
    assert!(g.legal_moves().contains(&"e4d5".to_string()));
    assert!(g.legal_moves().contains(&"f3g5".to_string()));
}

// PA-10: double steps on files a, d, e, h only, guarded by the piece behind.
#[test]
fn double_step_guard() {
    // The vizier leaves d1 and comes back: Shastree allows d2d4, Murray not.
    let line = "c2c3 a7a6 d1c2 a6a5 c2d1 h7h6";
    let s = game(Options::shastree(), line);
    assert_eq!(s.moves_from("d2"), strs(&["d2d3", "d2d4"]));
    let m = game(murray0(), line);
    assert_eq!(m.moves_from("d2"), strs(&["d2d3"]));
    // The king leapt away: no e2e4 in either.
    for o in [murray0(), Options::shastree()] {
        let g = game(o, "e1f3 a7a6");
        assert_eq!(g.moves_from("e2"), strs(&["e2e3"]));
    }
    // Black: the king d8 guards d7, the vizier e8 guards e7.
    let g = game(Options::shastree(), "a2a3 e7e6 a3a4 e8e7 a4a5 e7e8 b2b3");
    assert_eq!(g.moves_from("e7"), Vec::<String>::new());
    assert_eq!(g.moves_from("d7"), strs(&["d7d5", "d7d6"]));
}

// PA-8: the king's knight leap.
#[test]
fn king_leap() {
    // Once per game.
    let g = game(murray0(), "e1f3 a7a6");
    assert_eq!(
        g.moves_from("f3"),
        strs(&["f3e3", "f3e4", "f3f4", "f3g3", "f3g4"])
    );
    // Murray: it captures, also out of check; Shastree: neither.
    let line = "b1a3 h7h6 a3b5 h6h5 b5d4 h5h4 d4c6";
    assert_eq!(
        game(murray0(), line).legal_moves(),
        strs(&["b7c6", "b8c6", "d7c6", "d8c6", "d8e6"])
    );
    assert_eq!(
        game(Options::shastree(), line).legal_moves(),
        strs(&["b7c6", "b8c6", "d7c6"])
    );
    // Shastree: not after having been in check (c1g5 checks d8).
    let s = game(Options::shastree(), "d2d3 e7e5 c1g5 f7f6 g5h4 g8h6 a2a3");
    assert_eq!(s.moves_from("d8"), strs(&["d8e7"]));
    let m = game(murray0(), "d2d3 e7e5 c1g5 f7f6 g5h4 g8h6 a2a3");
    assert_eq!(m.moves_from("d8"), strs(&["d8c6", "d8e6", "d8e7", "d8f7"]));
}

// PA-8 Murray: the unused leap gives check and guards squares.
#[test]
fn unused_leap_is_an_attack() {
    let line = "e1d3 e7e6 d3c4 d8e7 a2a3 e7d6";
    let m = game(murray0(), line);
    assert_eq!(
        m.legal_moves(),
        strs(&["c4b3", "c4b4", "c4c3", "c4d3", "c4d4"])
    );
    let s = game(Options::shastree(), line);
    assert!(s.legal_moves().contains(&"c4b5".to_string()));
    assert_eq!(s.legal_moves().len(), 21);
}

// PA-11, PA-12, PA-13 Murray: horse promotion with and without its leap.
#[test]
fn murray_horse_promotion() {
    let line = "b1c3 e7e6 a2a4 f8b4 a4a5 b4c3 a5a6 b8c6 a6b7 g8f6";
    let g = game(murray0(), line);
    assert_eq!(
        g.moves_from("b7"),
        strs(&["b7b8n", "b7b8n,a6", "b7b8n,c6", "b7b8n,d7"])
    );
    let mut after = g.clone();
    assert!(after.play("b7b8n,c6"));
    assert_eq!(
        after.board_fen(),
        "r1bkq2r/p1pp1ppp/2N1pn2/8/8/2b5/1PPPPPPP/R1BQKBNR"
    );
    // PA-13 Murray: no horse that would give check (king on d7).
    let g = game(
        murray0(),
        "b1c3 e7e6 a2a4 f8b4 a4a5 b4c3 a5a6 b8c6 a6b7 d7d6 h2h3 d8d7",
    );
    assert!(g.moves_from("b7").is_empty());
    // Shastree: that promotion is fine, but a8's rook commands b8: no leap.
    let g = game(
        Options::shastree(),
        "b1c3 e7e6 a2a4 f8b4 a4a5 b4c3 a5a6 b8c6 a6b7 d7d6 h2h3 d8d7",
    );
    assert_eq!(g.moves_from("b7"), strs(&["b7b8n"]));
}

// PA-13 Shastree: the leap when nothing commands the promotion square.
#[test]
fn shastree_horse_leap() {
    let g = game(
        Options::shastree(),
        "b1a3 e7e6 c2c3 f8a3 c3c4 b8a6 c4c5 a6b4 c5c6 a7a5 c6b7 a8a7",
    );
    assert_eq!(
        g.moves_from("b7"),
        strs(&["b7b8n", "b7b8n,a6", "b7b8n,c6", "b7b8n,d7"])
    );
}

// PA-11 Murray: the camel square needs the lost camel of that colour; the
// king's square takes any lost type; PA-12: no check along the last rank.
#[test]
fn murray_camel_and_king_square() {
    // f1's camel (the colour of c8) lost: b7xc8 becomes possible.
    let g = game(
        murray0(),
        "b1c3 e7e6 a2a4 f8b4 a4a5 b4c3 a5a6 b8c6 a6b7 c6e5 e2e3 g8f6 f1c4 e5c4",
    );
    assert!(g.legal_moves().contains(&"b7c8b".to_string()));
    // Without it, the black king may stand next to the pawn on c8.
    let g = game(
        murray0(),
        "b1c3 e7e6 a2a4 f8b4 a4a5 b4c3 a5a6 d7d6 a6b7 c8d7 h2h3 d8c8",
    );
    assert_eq!(g.side_to_move(), 0);
    assert!(g.moves_from("b7").is_empty());
    // A pawn on c7 checks d8 (a horse was lost), and promotes there.
    let line = "b1c3 e7e6 a2a4 f8b4 a4a5 b4c3 h2h3 b7b6 a5b6 g8f6 b6c7";
    let g = game(murray0(), line);
    assert_eq!(g.legal_moves(), strs(&["d8b7", "d8c6", "d8c7", "d8e7"]));
    let g = game(murray0(), &format!("{line} d8e7 h3h4 e8d8"));
    assert_eq!(
        g.moves_from("c7"),
        strs(&[
            "c7b8n", "c7b8n,a6", "c7b8n,c6", "c7b8n,d7", "c7d8n", "c7d8n,b7", "c7d8n,c6",
            "c7d8n,e6", "c7d8n,f7",
        ])
    );
    // PA-13: capture on b8, then leap on; b8 is left empty.
    let mut g = g;
    assert!(g.play("c7b8n,a6"));
    assert_eq!(
        g.board_fen(),
        "r1bq3r/p2pkppp/N3pn2/8/7P/2b5/1PPPPPP1/R1BQKBNR"
    );
}

// PA-15: checkmate, and the pawn's mate (Piedmat).
#[test]
fn checkmate_kinds() {
    let line = "f2f3 e7e5 g2g3 a7a6 g3g4 e8e7 a2a3 e7h4";
    let s = game(Options::shastree(), line);
    assert_eq!(s.result(), Some(Result::win(1, "checkmate")));
    assert!(s.legal_moves().is_empty());
    assert_eq!(s.perft(1), 0);
    // Murray: the king leaps out.
    assert_eq!(game(murray0(), line).legal_moves(), strs(&["e1d3", "e1g2"]));
    let line = "e1f3 b8c6 f3g3 h7h5 a2a3 e7e5 g1h3 f8a3 h3g5 e8f8 g5h7 c6d4 h7f8 d7d5 d1e1 h5h4";
    for o in [murray0(), Options::shastree()] {
        assert_eq!(game(o, line).result(), Some(Result::win(1, "Piedmat")));
    }
}

// PA-17 perpetual check; G-4 threefold repetition.
#[test]
fn perpetual_check_and_repetition() {
    let cycle = "c2c3 e7e6 d1a4 c7c6 a4a5 d8e7 a5a3 e7d8 a3a5 d8e7 a5a3 e7d8";
    let g = game(murray0(), cycle);
    assert!(!g.legal_moves().contains(&"a3a5".to_string()));
    assert!(g.legal_moves().contains(&"a3a4".to_string()));
    assert_eq!(g.result(), None);
    // One quiet move in between: the repetition is allowed and draws.
    let g = game(
        murray0(),
        "c2c3 e7e6 d1a4 c7c6 a4a5 d8e7 a5a6 e7d8 a6a5 d8e7 a5a6 e7d8 a6a5",
    );
    assert_eq!(g.result(), Some(Result::draw("repetition")));
    let knights = "g1f3 g8f6 f3g1 f6g8";
    let g = game(Options::shastree(), &format!("{knights} {knights}"));
    assert_eq!(g.result(), Some(Result::draw("repetition")));
    // With the opening, its progress is part of the position (G-5).
    let opening = "g1f3 f3g1 g1f3 f3g1 g8f6 f6g8 g8f6 f6g8";
    let g = game(Options::murray(), &format!("{opening} {knights}"));
    assert_eq!(g.result(), None);
    let g = game(Options::murray(), &format!("{opening} {knights} {knights}"));
    assert!(g.result().is_some());
}

const STALE_GAME: &str = concat!(
    "g1h3 e7e6 e1f3 e8e7 g2g3 g8f6 a2a3 c7c6 d2d4 f6h5 a1a2 a7a5 a3a4 e7h4 h3g5 h4f4 g3f4 f8b4 ",
    "g5e6 d8e7 e6f8 b4d2 f8d7 h8g8 c1d2 c8d7 d2c1 g8f8 d1d3 e7f6 h1g1 f8h8 b1c3 f6e6 b2b3 c6c5 ",
    "d3c4 e6d8 c1d2 d7b5 a2a1 d8c7 c3e4 h5f6 c4b4 b8c6 a4b5 c6e5 d4e5 f6d7 b4a4 h7h6 d2b4 d7f8 ",
    "f3g2 c5b4 e4f6 f8e6 f4f5 a8b8 a1d1 h8h7 d1d6 e6f4 g2g3 h6h5 g3f3 b8e8 f1h3 f4d5 g1f1 d5b6 ",
    "c2c3 e8e5 f1b1 b6d7 f6g8 e5f5 f3g3 f5f6 a4a2 f6e6 b5b6 c7d8 b1g1 e6g6 g3f4 f7f6 g1g5 g6g5 ",
    "h3d7 h5h4 a2b2 g5c5 b2c2 c5g5 d6d4 g5g4 d7g4 d8e8 f4e3 e8f7 e3f3 h7h8 c2h7 f7f8 d4b4 f8f7 ",
    "b4c4 f7e8 h7f5 a5a4 c4c5 h8h6 e2e3 a4b3 f5e5 e8f8 e5g3 h6h5 g4e6 h5d5 g3g2 d5e5 c5c7 e5e6 ",
    "g2f1 f6f5 g8e7 e6e5 f1e2 h4h3 e2c2 g7g6 e7c8 f8g8 c7f7 b3c2 c8d6 e5e6 d6e4 g8h8 f7c7 e6e4 ",
    "c7g7 c2c1b g7g6 e4e8 g6c6 b7c6 b6b7 c1e3 f2e3 e8c8 f3g3 f5f4 g3h3 f4f3 b7c8b h8h7 c8d7 ",
    "h7h8 d7c6 h8g8 e3e4 g8f8 c6d7 f8g7 h3g4 g7h6 g4h3 h6g7 h3g3 g7g8 d7e6 g8h7 g3f3 h7g7 e6d7 ",
    "g7g6 h2h3 g6g5 d7g4 g5g6 g4c8 g6g5 f3e2 g5h5 e2d2 h5g6 c8g4 g6g5 d2e2 g5g6 e2f3 g6g7 f3g3 ",
    "g7f7 g3f2 f7g8 g4h5 g8g7 f2g1 g7g8 h5e8 g8g7 g1f1 g7f8 e8a4 f8e7 f1e1 e7e6 e4e5 e6e7 e1d1 ",
    "e7d8 d1e1 d8c7 e1d1 c7c8 d1c1 c8d8 c1b1 d8e7 b1b2 e7d8 a4e8 d8e8 b2c1 e8d8 h3h4 d8c7 c1d1 ",
    "c7b8 c3c4 b8c8 d1e1 c8d8 e1d1 d8d7 d1c1 d7c7 c4c5 c7c6 c1d1 c6c7 e5e6 c7c8 d1c2 c8b7 c2b2 ",
    "b7b8 b2c2 b8c7 c2d3 c7b7 d3e3 b7c7 e3f3 c7b8 f3e3 b8c7 h4h5 c7b7 e3f2 b7c7 h5h6 c7c6 f2e2 ",
    "c6b5 e2f1 b5c4 f1e2 c4d5 e2d1 d5e5 d1e2 e5d5 e2d1 d5c6 d1c2 c6c5 c2b2 c5b6 h6h7 b6b7 b2b1 ",
    "b7c8 e6e7 c8d7 b1b2 d7e7 b2a2 e7d6 a2a1 d6d7 a1b1 d7e6 h7h8r e6f5 b1c2 f5g5 h8h6 g5f4 c2b1 ",
    "f4g4 h6g6 g4h3 g6f6 h3h4 f6f2 h4h3 b1a2 h3g3 f2f6 g3g4 f6a6 g4g3 a2b3 g3g4 a6c6 g4g5 b3c3 ",
    "g5f4 c3d2 f4e4 c6c7 e4f5 c7d7 f5g5 d7e7 g5h4 d2e2 h4g3 e7e5 g3g2 e2d2 g2h2 e5a5 h2h1 d2d1 ",
    "h1h2 a5f5 h2h1 f5f7 h1h2 f7d7 h2h1 d7h7 h1g2 h7b7 g2h3 b7h7 h3g3 d1c2 g3f3 h7h6 f3g4 c2d2 ",
    "g4g5 h6h2 g5g6 h2h1 g6f7 d2d3 f7e6 h1f1 e6e5 f1f5 e5d6 f5g5 d6e7 g5e5 e7d6 e5e6 d6c5 d3d2 ",
    "c5c4 e6b6 c4d4 b6b7 d4e4 d2c3 e4f4 c3d4 f4g4 b7g7 g4h3 d4c5 h3h2 g7c7 h2g2 c7c8 g2g3 c5d6 ",
    "g3h4 d6d7 h4g3 d7c6 g3f4 c6b7 f4f3 b7a8 f3e2 c8c6 e2d1 c6c1 d1d2 c1c8 d2e2 c8f8 e2d1 f8e8 ",
    "d1c2 e8e1 c2b3 e1e2 b3a4 a8b8 a4b4 e2e6 b4c5 b8c8 c5c4 e6e2 c4b5 e2e5 b5b6 e5e2 b6a7 e2b2 ",
    "a7a8"
);

const BOORJ_GAME: &str = concat!(
    "a2a3 d8c6 d2d4 h7h6 b2b3 g7g6 d1d3 b7b6 d3c3 c6d5 c1e3 g6g5 e3c1 h6h5 e2e4 d5d6 g1f3 g8f6 ",
    "c3b2 c8a6 e1d2 h8h6 f3g1 a6c4 b1c3 h5h4 h2h3 d6e6 f2f3 f6g4 f1c4 e6d6 h3g4 f8g7 c3a2 b8a6 ",
    "d2e3 a8d8 c4d3 g7d4 e3d4 h6e6 h1h2 e6e5 a3a4 e5c5 d3b5 f7f6 b5e2 e8f7 h2h4 e7e6 h4h5 f6f5 ",
    "h5h3 e6e5 d4d3 c7c6 d3d2 c5c3 a2b4 f5e4 e2d3 c3d3 d2b1 d8c8 a4a5 a6b8 b1a2 f7h5 c2c3 h5h6 ",
    "g1e2 d6c7 f3f4 c8h8 b2d2 h6h7 b4a6 c7c8 c3c4 h7g8 f4g5 c6c5 h3h4 g8d8 d2d3 h8h7 h4h3 d8e7 ",
    "d3c2 e7e6 h3g3 h7h4 c2c3 b8a6 a5b6 h4h6 e2g1 e6e8 b3b4 h6h5 c1e3 e8h8 a2b2 h8g8 e3d4 g8f7 ",
    "d4c5 f7f2 c5f2 a6c5 a1c1 c5e6 c3e1 c8b8 b2a2 e6f8 c1c3 h5h1 c3e3 f8e6 e3c3 e6d8 e1d2 d8c6 ",
    "a2a1 h1h6 b6a7 c6a7 g1f3 h6g6 c3e3 b8a8 d2e1 g6h6 e1d1 h6h1 e3b3 a7b5 a1a2 b5d6 f3e1 a8b8 ",
    "e1d3 d6f5 d3f4 h1g1 f4h3 e4e3 g3f3 d7d6 f3f4 f5h6 f2h4 g1g2 a2a1 g2f2 b4b5 b8a7 d1b1 h6f7 ",
    "b3b2 f2f1 h4g3 a7b6 g3e1 d6d5 b1d1 d5c4 b2e2 f1e1 f4f5 b6b5 e2h2 b5c6 a1b1 e1g1 h2c2 c6c7 ",
    "c2a2 g1f1 b1c2 f7d8 f5e5 c4c3 g5g6 d8b7 c2b3 f1f5 d1f3 f5f4 b3a3 f4a4 a3a4 b7c5 a4b4 c5e6 ",
    "e5f5 e6f8 a2a1 f8h7 a1a7 c7b8 h3f4 h7f8 f4e6 f8h7 g6g7 h7g5 f3g3 b8a7 b4c3 g5h3 g3e5 e3e2 ",
    "e5d4 a7a6 d4d2 e2e1n,f3 d2g5 h3f2 g5h4 f3e5 f5f8 f2g4 f8g8 g4f6 g8d8 e5d7 e6c5 a6b6 h4a4 ",
    "b6c7 a4a1 c7b6 d8b8 b6c5 g7g8n f6e8 a1a2 e8g7 b8d8 d7e5 a2d5 c5b6 d5c5 b6b7 c3b3 e5f7 d8d4 ",
    "b7b8 d4b4 b8a8 b3b2 g7h5 c5d4 f7d6 d4e5 d6f5 b4b5 h5f6 b2b3 f5e3 e5e4 a8a7 e4c4 e3c2 b5c5 ",
    "a7b7 c4a6 b7a6 c5c3 f6d5 b3b2 d5f4 b2c1 f4e6 g8e7 a6a7 c3a3 a7b7 a3a1 c2b4 a1a3 b4a6 e7g6 ",
    "e6d8 c1c2 d8f7 a3a1 f7g5 a1a5 g5e6 g6e7 b7a8 a5b5 a6b4 b5b4 e6c5 b4b3 c5a6 c2d3 a6b8 d3e2 ",
    "b8c6"
);

// PA-16: no stalemating move (Draw, Confiscate); AllowedConfiscate lets it be
// made and the stalemated player removes a piece; PA-19 then draws.
#[test]
fn stalemate_rules() {
    let base = murray0();
    for st in [Stalemate::Draw, Stalemate::Confiscate] {
        let g = game(
            Options {
                stalemate: st,
                ..base
            },
            STALE_GAME,
        );
        assert_eq!(g.board_fen(), "k1K5/8/8/8/8/8/1R6/8");
        assert!(!g.legal_moves().contains(&"b2b7".to_string()));
        assert_eq!(g.legal_moves().len(), 16);
    }
    let mut g = game(
        Options {
            stalemate: Stalemate::AllowedConfiscate,
            ..base
        },
        STALE_GAME,
    );
    assert!(g.play("b2b7"));
    assert_eq!(g.result(), None);
    assert_eq!(g.legal_moves(), strs(&["xb7"]));
    assert!(g.play("xb7"));
    assert_eq!(g.board_fen(), "k1K5/8/8/8/8/8/8/8");
    assert_eq!(g.result(), Some(Result::draw("bare kings")));
}

// PA-18: Boorj, judged before stalemate.
#[test]
fn boorj() {
    let base = murray0();
    let g = game(base, BOORJ_GAME);
    assert_eq!(g.board_fen(), "k7/4N3/2n5/8/8/1R6/4K3/8");
    // NotAnEnd: e7xc6 would stalemate the bare king.
    assert!(!g.legal_moves().contains(&"e7c6".to_string()));
    let mut g = game(
        Options {
            boorj: Boorj::HalfWin,
            ..base
        },
        BOORJ_GAME,
    );
    assert!(g.play("e7c6"));
    assert_eq!(g.result(), Some(Result::half_win(0, "Boorj")));
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.perft(2), 0);
    let mut g = game(
        Options {
            boorj: Boorj::Draw,
            ..base
        },
        BOORJ_GAME,
    );
    assert!(g.play("e7c6"));
    assert_eq!(g.result(), Some(Result::draw("Boorj")));
}

// PA-8 as an option of its own: Murray's rules with Shastree's king leap,
// which may not capture (e1d3) and is no attack. Read from a position string.
#[test]
fn one_rule_of_the_other_account() {
    let text = "3k4/8/8/8/8/3r4/8/4K3 w - - 0 1";
    let m = RefGame::from_fen(murray0(), text);
    assert_eq!(
        m.legal_moves(),
        strs(&["e1c2", "e1d3", "e1e2", "e1f1", "e1f2", "e1g2"])
    );
    let mixed = Options {
        king_leap: Ruleset::Shastree,
        ..murray0()
    };
    let g = RefGame::from_fen(mixed, text);
    assert_eq!(
        g.legal_moves(),
        strs(&["e1c2", "e1e2", "e1f1", "e1f2", "e1g2"])
    );
}
