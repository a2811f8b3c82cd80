//! Parsi Chess, rule by rule (RULES.md PA-1 .. PA-19). Each test sets up a
//! position where the rule decides and checks both rulesets where their
//! readings differ.

#[path = "support/common.rs"]
mod common;

use common::{legal, moves_from, name_on as piece_on, play, pos, refusal};
use lud::compile::model::Worth;
use lud::notation::parse_move;
use lud::{Game, Outcome, Position};

fn game(ruleset: &str, options: &[(&str, &str)]) -> Game {
    common::game_with("games/parsi-chess.lud", Some(ruleset), options)
}

fn murray() -> Game {
    game("Murray", &[])
}

fn shastree() -> Game {
    game("Shastree", &[])
}

#[test]
fn pa_1_plain_board_with_sixteen_marked_squares() {
    let g = murray();
    let b = &g.model().board;
    let marked: Vec<String> = (0..64u16)
        .filter(|&s| b.marked[s as usize])
        .map(|s| b.name(s))
        .collect();
    let mut want = Vec::new();
    for r in ["1", "4", "5", "8"] {
        for f in ["a", "d", "e", "h"] {
            want.push(format!("{f}{r}"));
        }
    }
    let mut got = marked.clone();
    got.sort();
    want.sort();
    assert_eq!(got, want);
    let drawing = lud::draw::board(&g.start());
    assert!(
        drawing.contains("[R]") && drawing.contains("[ ]"),
        "{drawing}"
    );
}

#[test]
fn pa_2_setup_each_king_faces_the_enemy_vizier() {
    for g in [murray(), shastree()] {
        let s = g.start();
        assert!(s
            .to_string()
            .starts_with("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"));
        assert_eq!(piece_on(&s, "e1").as_deref(), Some("King"));
        assert_eq!(piece_on(&s, "e8").as_deref(), Some("Vizier"));
        assert_eq!(piece_on(&s, "d8").as_deref(), Some("King"));
        assert_eq!(piece_on(&s, "d1").as_deref(), Some("Vizier"));
        let rook = &g.model().pieces[g.model().piece_by_name("Rook").unwrap()];
        assert!(rook.aliases.contains(&"Chariot".to_string()));
    }
}

/// A position with one White piece on d4 (and kings and pawns far away).
fn alone_on_d4(piece: char) -> Position {
    pos(
        &shastree(),
        &format!("k7/p7/8/8/3{piece}4/8/7P/4K3 w - - 0 1"),
    )
}

#[test]
fn pa_3_rook_slides_orthogonally() {
    let m = moves_from(&alone_on_d4('R'), "d4");
    assert_eq!(m.len(), 14, "{m:?}");
    assert!(m.contains(&"d4d8".to_string()) && !m.contains(&"d4e5".to_string()));
}

#[test]
fn pa_4_horse_leaps_like_a_knight() {
    assert_eq!(
        moves_from(&alone_on_d4('N'), "d4"),
        ["d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4f5"]
    );
}

#[test]
fn pa_5_camel_slides_diagonally() {
    let m = moves_from(&alone_on_d4('B'), "d4");
    assert_eq!(m.len(), 13, "{m:?}");
    assert!(m.contains(&"d4a7".to_string()), "captures on its diagonal");
    assert!(!m.contains(&"d4d5".to_string()));
}

#[test]
fn pa_6_vizier_slides_both_ways() {
    assert_eq!(moves_from(&alone_on_d4('Q'), "d4").len(), 27);
}

#[test]
fn pa_4_horse_cannot_be_blocked() {
    let g = murray();
    let p = pos(&g, "k7/p7/8/8/8/PPP5/PNP5/PPP1K3 w - - 0 1 flags=leapt:e1");
    assert_eq!(moves_from(&p, "b2"), ["b2a4", "b2c4", "b2d1", "b2d3"]);
}

#[test]
fn pa_7_king_steps_one_square_and_never_castles() {
    let p = pos(&murray(), "k7/p7/8/8/8/8/7P/4K2R w - - 0 1 flags=leapt:e1");
    assert_eq!(
        moves_from(&p, "e1"),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    assert!(parse_move(&p, "e1g1").is_err());
}

#[test]
fn pa_8_king_leap_murray_once_any_time_capturing_and_attacking() {
    let g = murray();
    // Once, to any empty square, and capturing.
    let mut p = pos(&g, "3k4/p7/8/8/8/5p2/7P/4K3 w - - 0 1");
    assert_eq!(
        moves_from(&p, "e1"),
        ["e1c2", "e1d1", "e1d2", "e1d3", "e1f1", "e1f2", "e1f3"]
    );
    play(&mut p, "e1f3"); // the capture
    play(&mut p, "a7a6");
    let after = moves_from(&p, "f3");
    assert!(
        after.iter().all(
            |m| !["f3d2", "f3d4", "f3e5", "f3g5", "f3h4", "f3e1", "f3g1", "f3h2"]
                .contains(&m.as_str())
        ),
        "the leap is gone: {after:?}"
    );
    // Also after the king has moved, and after having been in check.
    let p = pos(&g, "3k4/p7/8/8/8/8/4K2P/8 w - - 0 1 moved=e2");
    assert!(moves_from(&p, "e2").contains(&"e2g3".to_string()));
    // Out of check: the king's only escapes are leaps.
    let p = pos(&g, "4k3/p7/8/8/8/8/3PPP2/r3K3 w - - 0 1");
    assert!(p.in_check());
    assert_eq!(moves_from(&p, "e1"), ["e1c2", "e1d3", "e1f3", "e1g2"]);
    // While unused the leap attacks: it gives check ...
    // (Black's own leap used: else Black, who moved last, would attack e1.)
    assert!(pos(&g, "8/p7/8/8/8/3k4/7P/4K3 b - - 0 1 flags=leapt:d3").in_check());
    // ... but not once used.
    assert!(!pos(&g, "8/p7/8/8/8/3k4/7P/4K3 b - - 0 1 flags=leapt:e1,d3").in_check());
}

#[test]
fn pa_8_king_leap_shastree_never_after_check_never_capturing() {
    let g = shastree();
    let p = pos(&g, "3k4/p7/8/8/8/5p2/7P/4K3 w - - 0 1");
    assert_eq!(
        moves_from(&p, "e1"),
        ["e1c2", "e1d1", "e1d2", "e1d3", "e1f1", "e1f2"],
        "no capture"
    );
    // The leap is no attack.
    assert!(!pos(&g, "8/p7/8/8/8/3k4/7P/4K3 b - - 0 1").in_check());
    // In check now: the leap is gone, so this is mate.
    let p = pos(&g, "4k3/p7/8/8/8/8/3PPP2/r3K3 w - - 0 1");
    assert!(moves_from(&p, "e1").is_empty());
    assert_eq!(p.outcome(), Some(Outcome::win(1, "checkmate")));
    // Once checked, never again, even after escaping.
    let mut p = pos(&g, "3k4/p7/8/8/8/8/7P/r3K3 w - - 0 1");
    play(&mut p, "e1e2");
    play(&mut p, "a7a6");
    assert!(!moves_from(&p, "e2").contains(&"e2g3".to_string()));
    assert!(p.to_string().contains("facts=been_in_check:w"));
}

#[test]
fn pa_9_pawn_steps_one_captures_diagonally_no_en_passant() {
    let g = shastree();
    let p = pos(&g, "k7/p7/8/3pP3/3p4/4P3/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "e3"), ["e3d4", "e3e4"]);
    assert_eq!(
        moves_from(&p, "e5"),
        ["e5e6"],
        "no capture en passant on d6"
    );
}

#[test]
fn pa_10_double_step_only_for_files_a_d_e_h() {
    let g = shastree();
    let s = g.start();
    let doubles: Vec<String> = legal(&s)
        .into_iter()
        .filter(|m| m.as_bytes()[1] == b'2' && m.as_bytes()[3] == b'4')
        .collect();
    assert_eq!(doubles, ["a2a4", "d2d4", "e2e4", "h2h4"]);
    // The square in between must be empty.
    let p = pos(
        &g,
        "rnbkqbnr/pppppppp/8/8/8/3n4/PPPPPPPP/RNBQKBNR w - - 0 1",
    );
    assert!(!legal(&p).contains(&"d2d4".to_string()));
}

#[test]
fn pa_10_double_step_murray_needs_the_piece_behind_never_moved() {
    // The a1 rook went away and came back: Murray refuses, Shastree allows.
    let fen = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 moved=a1";
    assert!(
        !legal(&pos(&murray(), &format!("{fen} phase=opening:4"))).contains(&"a2a4".to_string())
    );
    assert!(legal(&pos(&shastree(), fen)).contains(&"a2a4".to_string()));
    // The h1 rook now stands on a1: the piece that started there is not there.
    let fen = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w - - 0 1 moved=a1 origin=a1:h1";
    assert!(!legal(&pos(&shastree(), fen)).contains(&"a2a4".to_string()));
    // The piece behind is gone: no double step in either.
    let fen = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w - - 0 1";
    assert!(!legal(&pos(&shastree(), fen)).contains(&"a2a4".to_string()));
    assert!(!legal(&pos(&murray(), fen)).contains(&"a2a4".to_string()));
}

#[test]
fn pa_11_murray_promotes_to_the_kind_of_the_square_if_one_is_lost() {
    let g = murray();
    // A horse is lost: b8 makes a horse (which may leap on, PA-13).
    let p = pos(&g, "7k/1P5p/8/8/8/8/8/R1BQKBNR w - - 0 1 flags=leapt:e1");
    assert_eq!(
        moves_from(&p, "b7"),
        ["b7b8n", "b7b8n,a6", "b7b8n,c6", "b7b8n,d7"]
    );
    // Nothing lost: no promotion, so no move (PA-12).
    let p = pos(&g, "7k/1P5p/8/8/8/8/8/RNBQKBNR w - - 0 1 flags=leapt:e1");
    assert!(moves_from(&p, "b7").is_empty());
}

#[test]
fn pa_11_murray_camel_must_be_one_that_could_reach_the_square() {
    let g = murray();
    // c8 is of f1's colour. The f1 camel lost: promote; the c1 camel lost: not.
    let p = pos(&g, "7k/2P4p/8/8/8/8/8/RNBQK1NR w - - 0 1 flags=leapt:e1");
    assert_eq!(moves_from(&p, "c7"), ["c7c8b"]);
    let p = pos(&g, "7k/2P4p/8/8/8/8/8/RN1QKBNR w - - 0 1 flags=leapt:e1");
    assert!(moves_from(&p, "c7").is_empty());
}

#[test]
fn pa_11_murray_on_the_enemy_kings_square_any_lost_kind() {
    let g = murray();
    let p = pos(&g, "7k/3P3p/8/8/8/8/8/1NBQKB1R w - - 0 1 flags=leapt:e1");
    let m = moves_from(&p, "d7");
    assert!(
        m.contains(&"d7d8r".to_string()) && m.contains(&"d7d8n".to_string()),
        "{m:?}"
    );
    assert!(
        !m.iter()
            .any(|x| x.starts_with("d7d8q") || x.starts_with("d7d8b") || x.starts_with("d7d8p")),
        "{m:?}"
    );
    assert!(parse_move(&p, "d7d8").is_err(), "the player must choose");
}

#[test]
fn pa_11s_shastree_promotes_to_the_master_piece_of_the_file() {
    let g = shastree();
    // The b1 horse is gone: b8 makes a horse.
    let p = pos(&g, "7k/1P5p/8/8/8/8/8/R1BQKBNR w - - 0 1");
    assert!(moves_from(&p, "b7").contains(&"b7b8n".to_string()));
    // The other horse stands in for it? No: the b1 horse itself must be gone.
    let p = pos(&g, "7k/1P5p/8/8/8/8/8/R1BQKBNR w - - 0 1 origin=g1:b1");
    assert!(moves_from(&p, "b7").is_empty());
    // The king's pawn becomes a vizier, if the vizier is gone.
    let p = pos(&g, "7k/4P2p/8/8/8/8/8/RNB1KBNR w - - 0 1");
    assert_eq!(moves_from(&p, "e7"), ["e7e8q"]);
    let p = pos(&g, "7k/4P2p/8/8/8/8/8/RNBQKBNR w - - 0 1");
    assert!(moves_from(&p, "e7").is_empty());
    // The promoted piece becomes the master piece again.
    let mut p = pos(&g, "7k/1P5p/8/8/8/8/8/R1BQKBNR w - - 0 1");
    play(&mut p, "b7b8n");
    let sq = |n: &str| p.model().board.parse(n).unwrap() as usize;
    assert_eq!(p.origin(sq("b8")), Some(sq("b1")), "{p}");
    // Black's king's pawn is on the d-file.
    let p = pos(&g, "rnbk1bnr/8/8/8/8/8/3p4/5K2 b - - 0 1");
    assert_eq!(moves_from(&p, "d2"), ["d2d1q"]);
}

#[test]
fn pa_12_a_pawn_that_cannot_promote_stays_and_gives_no_check() {
    let g = murray();
    let p = pos(&g, "7k/1P5p/8/8/8/8/8/RNBQKBNR w - - 0 1 flags=leapt:e1");
    let why = refusal(&p, "b7b8n");
    assert!(why.contains("no promotion is possible"), "{why}");
    // The pawn on b7 does not check a8: it could not capture there.
    let p = pos(&g, "k7/1P6/8/8/8/8/1RR4p/4K3 b - - 0 1 flags=leapt:e1");
    assert!(!p.in_check());
    // Under Shastree the a1 rook's absence would allow it: check.
    let p = pos(
        &shastree(),
        "k7/1P6/8/8/8/8/1RR4p/4K3 b - - 0 1 origin=b2:h1,c2:-",
    );
    assert!(p.in_check());
    let p = pos(
        &shastree(),
        "k7/1P6/8/8/8/8/1RR4p/4K3 b - - 0 1 origin=b2:a1",
    );
    assert!(!p.in_check());
}

#[test]
fn pa_13_murray_no_promotion_to_a_horse_that_gives_check() {
    let g = murray();
    let p = pos(&g, "8/1P1k3p/3p4/8/8/8/8/R1BQKBNR w - - 0 1 flags=leapt:e1");
    assert!(
        moves_from(&p, "b7").is_empty(),
        "{:?}",
        moves_from(&p, "b7")
    );
    // Shastree knows no such restriction.
    let p = pos(&shastree(), "8/1P1k3p/3p4/8/8/8/8/R1BQKBNR w - - 0 1");
    assert!(moves_from(&p, "b7").contains(&"b7b8n".to_string()));
}

#[test]
fn pa_13_shastree_extra_leap_only_if_the_square_is_not_attacked() {
    // The black rook on h8 attacks b8.
    let fen = "7r/1P5p/4k3/8/8/8/8/R1BQKBNR w - - 0 1";
    assert_eq!(moves_from(&pos(&shastree(), fen), "b7"), ["b7b8n"]);
    let m = moves_from(&pos(&murray(), &format!("{fen} flags=leapt:e1")), "b7");
    assert_eq!(m, ["b7b8n", "b7b8n,a6", "b7b8n,c6", "b7b8n,d7"]);
    // The extra leap is part of the same turn.
    let mut p = pos(&murray(), &format!("{fen} flags=leapt:e1"));
    play(&mut p, "b7b8n,c6");
    assert_eq!(piece_on(&p, "c6").as_deref(), Some("Horse"));
    assert_eq!(p.side_to_move(), 1);
}

#[test]
fn pa_14_murray_opening_moves_in_a_row_in_the_own_half() {
    let g = murray();
    let mut p = g.start();
    for m in ["e2e4", "d2d4", "g1f3", "b1c3"] {
        assert_eq!(p.side_to_move(), 0, "White is still moving");
        play(&mut p, m);
    }
    assert_eq!(p.side_to_move(), 1);
    assert!(
        legal(&p).contains(&"d7d5".to_string()),
        "d5 is in Black's own half"
    );
    assert!(!legal(&p).contains(&"c6d4".to_string()));
    let p2 = pos(
        &g,
        "rnbkqbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1 phase=opening:3",
    );
    let why = refusal(&p2, "e4e5");
    // The opening's restriction (PA-14) refuses it, with its reason.
    assert!(
        why.contains(
            "e4e5 is not allowed: in the opening no piece may move into the opponent's half"
        ),
        "{why}"
    );
    assert!(legal(&p2).contains(&"g1f3".to_string()));
    // Four moves each, then alternation.
    let mut p = g.start();
    for m in [
        "e2e4", "d2d4", "g1f3", "b1c3", "e7e5", "d7d5", "g8f6", "b8c6",
    ] {
        play(&mut p, m);
    }
    assert_eq!(p.side_to_move(), 0);
    play(&mut p, "e4d5");
    assert_eq!(p.side_to_move(), 1, "after the opening, one move each");
    // Option: 0 turns the opening off; Shastree has none.
    for g in [game("Murray", &[("opening-moves", "0")]), shastree()] {
        let mut p = g.start();
        play(&mut p, "e2e4");
        assert_eq!(p.side_to_move(), 1);
    }
    // Another length.
    let g = game("Murray", &[("opening-moves", "3")]);
    let mut p = g.start();
    for m in ["e2e4", "d2d4", "g1f3"] {
        play(&mut p, m);
    }
    assert_eq!(p.side_to_move(), 1);
}

#[test]
fn pa_15_mate_by_a_pawn_is_piedmat() {
    let p = pos(&shastree(), "2N5/2K5/k7/1P6/PP5p/7P/8/8 b - - 0 1");
    assert_eq!(p.outcome(), Some(Outcome::win(0, "Piedmat")));
    let p = pos(&shastree(), "k6R/8/1K6/8/7p/7P/8/8 b - - 0 1");
    assert_eq!(p.outcome(), Some(Outcome::win(0, "checkmate")));
    // The file ranks the kinds of win: Piedmat above checkmate above Boorj.
    let ranks: Vec<(String, u8)> = shastree()
        .model()
        .ends
        .iter()
        .filter_map(|e| match &e.outcome {
            lud::compile::model::OutcomeDef::Win(_, k, _, r)
            | lud::compile::model::OutcomeDef::Loss(_, k, _, r) => Some((k.clone(), *r)),
            lud::compile::model::OutcomeDef::Draw(_)
            | lud::compile::model::OutcomeDef::ByScore(..) => None,
        })
        .collect();
    let rank = |k: &str| ranks.iter().find(|(x, _)| x == k).map(|(_, r)| *r).unwrap();
    assert!(rank("Piedmat") > rank("checkmate") && rank("checkmate") > rank("Boorj"));
}

#[test]
fn pa_16_a_move_may_not_stalemate_the_opponent() {
    let p = pos(&shastree(), "7k/5K2/8/7p/7P/8/8/6Q1 w - - 0 1");
    assert!(!legal(&p).contains(&"g1g6".to_string()));
    let why = refusal(&p, "g1g6");
    // The restriction on stalemating (PA-16) refuses it, with its reason.
    assert!(
        why.contains("g1g6 is not allowed: it would stalemate the opponent"),
        "{why}"
    );
    // Murray alike (with the king's leap used, so no check from it).
    let p = pos(&murray(), "7k/5K2/8/7p/7P/8/8/6Q1 w - - 0 1 flags=leapt:f7");
    assert!(!legal(&p).contains(&"g1g6".to_string()));
}

// White's only move, c6c7, leaves Black without a move (and Black's king
// has used its leap).
const ONLY_MOVE_STALEMATES: &str = "k7/p7/P1P5/8/8/6p1/5pP1/5p1K w - - 0 1 flags=leapt:a8";

#[test]
fn pa_16_if_every_move_stalemates_it_may_be_made_and_draws() {
    let mut p = pos(&shastree(), ONLY_MOVE_STALEMATES);
    assert_eq!(legal(&p), ["c6c7"]);
    play(&mut p, "c6c7");
    assert_eq!(p.outcome(), Some(Outcome::draw("stalemate")));
}

#[test]
fn pa_16_option_the_stalemated_player_confiscates_a_piece() {
    let mut p = pos(
        &game("Shastree", &[("stalemate", "confiscate")]),
        ONLY_MOVE_STALEMATES,
    );
    play(&mut p, "c6c7");
    assert_eq!(p.outcome(), None);
    assert_eq!(legal(&p), ["xa6", "xc7", "xg2"], "never the king");
    play(&mut p, "xc7");
    assert_eq!(piece_on(&p, "c7"), None);
    // The other reading: stalemating is allowed, and the stalemated player confiscates.
    let g = game("Shastree", &[("stalemate", "stalemate-confiscates")]);
    let mut p = pos(&g, "7k/5K2/8/7p/7P/8/8/6Q1 w - - 0 1");
    play(&mut p, "g1g6");
    assert_eq!(legal(&p), ["xg6", "xh4"]);
}

/// A confiscation is a move like any other: it may not leave the
/// stalemated player's own king attacked (G-1). Here the Camel on g2 shields
/// White's king on h2 from the Vizier on f2, so it may not be removed.
#[test]
fn pa_16_a_confiscation_may_not_expose_the_own_king_under_either_option() {
    // Both kings' leaps used, so the stalemated king has no leap either.
    let stalemated = "8/8/8/3n4/8/8/5qbK/4k3 w - - 0 1 flags=leapt:h2,e1";
    for option in ["confiscate", "stalemate-confiscates"] {
        let g = game("Shastree", &[("stalemate", option), ("boorj", "none")]);
        assert_eq!(
            legal(&pos(&g, stalemated)),
            ["xd5", "xf2"],
            "{option}: never xg2"
        );
    }
    // Reached by the move that stalemates, where that is allowed.
    let g = game(
        "Shastree",
        &[("stalemate", "stalemate-confiscates"), ("boorj", "none")],
    );
    let mut p = pos(&g, "8/8/8/3n4/8/8/6bK/4kq2 b - - 0 1 flags=leapt:h2,e1");
    play(&mut p, "f1f2");
    assert_eq!(legal(&p), ["xd5", "xf2"]);
}

#[test]
fn pa_17_perpetual_check_is_not_allowed() {
    // The checks begin from a position outside the cycle, so no position
    // occurs a third time before the checking move would repeat one (from
    // inside the cycle, threefold repetition, G-4, would draw first).
    for g in [murray(), shastree()] {
        let mut p = pos(&g, "k7/p7/P7/8/3Q4/8/8/7K w - - 0 1");
        for m in [
            "d4e4", "a8b8", "e4e5", "b8a8", "e5e4", "a8b8", "e4e5", "b8a8",
        ] {
            play(&mut p, m);
        }
        // e5e4 would give check and make the position a third time.
        let why = refusal(&p, "e5e4");
        // The restriction on perpetual check (PA-17) refuses it.
        assert!(
            why.contains("e5e4 is not allowed: it would check perpetually"),
            "{why}"
        );
        assert!(legal(&p).contains(&"e5d4".to_string()));
    }
}

#[test]
fn pa_18_boorj_half_win_draw_or_nothing() {
    let fen = "k7/8/8/8/8/8/r7/R3K3 w - - 0 1";
    let mut p = pos(&shastree(), fen);
    play(&mut p, "a1a2");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: 0,
            kind: "Boorj".into(),
            worth: Worth::HalfWin
        })
    );
    let mut p = pos(&game("Shastree", &[("boorj", "draw")]), fen);
    play(&mut p, "a1a2");
    assert_eq!(p.outcome(), Some(Outcome::draw("Boorj")));
    let mut p = pos(&murray(), &format!("{fen} flags=leapt:e1"));
    play(&mut p, "a1a2");
    assert_eq!(p.outcome(), None, "Murray: play goes on to mate");
}

#[test]
fn pa_19_kings_alone_draw() {
    for g in [murray(), shastree()] {
        let p = pos(&g, "k7/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(p.outcome(), Some(Outcome::draw("bare kings")));
    }
}
