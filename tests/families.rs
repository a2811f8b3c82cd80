//! The families of games that issue 17 opened: effects on other squares
//! (`flip`, `capture` over `bracketed`, `sandwiched`, `surrounded`), passing,
//! turns in parts (`continue`, `put:`), where pieces stand (`reached`), exact
//! lines (`inARow ... exact:True`) and scores (`byScore`). Each test plays
//! the rule through a shipped game or a small game written for it (the
//! move-tree counts are in `tests/perft/*.perft`).

#[path = "support/common.rs"]
mod common;

use common::{legal, name_on, play, pos};
use lud::{Game, Outcome};

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn reversi_a_disc_goes_only_where_it_turns_discs_over_and_turns_every_bracketed_line() {
    let g = common::game("games/reversi.lud");
    let mut p = g.start();
    assert_eq!(sorted(legal(&p)), ["@c4", "@d3", "@e6", "@f5"]);
    play(&mut p, "@d3");
    // d4 was White's, bracketed between d3 and d5: now Black's.
    assert_eq!(p.piece_at(27).map(|(_, o)| o), Some(0));
    // Two lines at once: c4 c3 along the file (to c2), d4 along the
    // diagonal (to e3); d3 beside them is not bracketed.
    let mut q = pos(&g, "8/8/8/8/2dd4/2ddD3/2D5/8 b - - 0 1");
    play(&mut q, "@c5");
    assert_eq!(
        q.to_string().split(' ').next(),
        Some("8/8/8/2D5/2DD4/2DdD3/2D5/8")
    );
}

#[test]
fn reversi_a_player_with_no_move_passes_and_the_game_ends_when_neither_can_move() {
    let g = common::game("games/reversi.lud");
    // a1 White, b1 Black: Black brackets nothing; White can.
    let mut p = pos(&g, "8/8/8/8/8/8/8/dD6 b - - 0 1");
    assert_eq!(legal(&p), ["pass"]);
    play(&mut p, "pass");
    assert_eq!(legal(&p), ["@c1"]);
    play(&mut p, "@c1");
    // Every disc is White's: neither player can move; the most discs win.
    assert_eq!(p.outcome(), Some(Outcome::win(1, "most discs")), "{p}");
}

#[test]
fn byscore_equal_scores_draw() {
    let g = common::game("games/reversi.lud");
    // Two discs each, no move for either.
    let p = pos(&g, "D1d5/8/8/8/8/8/8/d1D5 b - - 0 1");
    assert_eq!(p.outcome(), Some(Outcome::draw("most discs")));
}

#[test]
fn gomoku_exactly_five_wins_and_six_does_not_unless_freestyle() {
    let standard = common::game("games/gomoku.lud");
    let free = common::game_with("games/gomoku.lud", None, &[("rule", "freestyle")]);
    // Black: a1 b1 c1 d1 and f1; e1 makes six.
    let six = "15/15/15/15/15/15/15/15/15/15/15/15/s14/s14/SSSS1S9 b - - 0 1";
    for (g, wins) in [(&standard, false), (&free, true)] {
        let mut p = pos(g, six);
        play(&mut p, "@e1");
        assert_eq!(p.outcome().is_some(), wins, "{p}");
    }
    // Five, not six: a win under both.
    let five = "15/15/15/15/15/15/15/15/15/15/15/15/s14/s14/SSSS11 b - - 0 1";
    for g in [&standard, &free] {
        let mut p = pos(g, five);
        play(&mut p, "@e1");
        assert_eq!(p.outcome(), Some(Outcome::win(0, "five in a row")));
    }
    // On the far corner of the 15x15 board (squares past the first 128):
    // k11 l12 m13 n14, and o15 or j10 makes five along the diagonal.
    let corner = "15/13S1/12S2/11S3/10S4/s14/15/15/15/15/15/15/15/15/s14 b - - 0 1";
    for mv in ["@o15", "@j10"] {
        let mut p = pos(&standard, corner);
        play(&mut p, mv);
        assert_eq!(p.outcome(), Some(Outcome::win(0, "five in a row")), "{mv}");
    }
    let mut p = pos(&standard, corner);
    play(&mut p, "@o14");
    assert_eq!(p.outcome(), None);
}

#[test]
fn breakthrough_a_piece_on_the_far_rank_wins_without_promoting() {
    let g = common::game("games/breakthrough.lud");
    let mut p = pos(&g, "7p/P7/8/8/8/8/8/8 w - - 0 1");
    play(&mut p, "a7b8");
    assert_eq!(p.outcome(), Some(Outcome::win(0, "reached the far rank")));
    assert_eq!(name_on(&p, "b8").as_deref(), Some("Pawn"));
}

#[test]
fn amazons_a_turn_is_a_queen_move_then_an_arrow_from_where_it_landed() {
    let g = common::game("games/amazons.lud");
    let mut p = g.start();
    play(&mut p, "d1d7");
    assert_eq!(p.side_to_move(), 0, "the same player shoots");
    assert!(p.mid_turn());
    let shots = legal(&p);
    assert!(shots.iter().all(|m| m.starts_with("d7")), "{shots:?}");
    assert!(
        shots.contains(&"d7d1".to_string()),
        "the square it left is free"
    );
    play(&mut p, "d7g7");
    assert_eq!(name_on(&p, "g7").as_deref(), Some("Arrow"));
    assert_eq!(name_on(&p, "d7").as_deref(), Some("Queen"));
    assert_eq!(p.side_to_move(), 1);
    assert!(!p.mid_turn());
    // Counting by parts: a level per ply.
    let start = g.start();
    assert_eq!(lud::perft::perft(&start, 1), 2176);
    let queen_moves = start.legal_moves().len() as u64;
    assert_eq!(lud::perft::perft_parts(&start, 1), queen_moves);
    assert_eq!(lud::perft::perft_parts(&start, 2), 2176);
}

#[test]
fn connect6_the_first_turn_is_one_stone_and_every_later_turn_two() {
    let g = common::game("games/connect6.lud");
    let mut p = g.start();
    play(&mut p, "@f6");
    assert_eq!(p.side_to_move(), 1, "Black's first turn is one stone");
    play(&mut p, "@a1");
    assert_eq!(p.side_to_move(), 1, "White puts a second stone");
    play(&mut p, "@a2");
    assert_eq!(p.side_to_move(), 0);
    play(&mut p, "@g6");
    assert_eq!(p.side_to_move(), 0);
}

#[test]
fn connect6_six_in_a_row_wins_with_the_first_stone_of_a_turn() {
    let g = common::game("games/connect6.lud");
    let mut p = g.start();
    for m in [
        "@a1", "@k11", "@k10", "@b1", "@c1", "@k9", "@k8", "@d1", "@e1", "@k7", "@j11",
    ] {
        play(&mut p, m);
    }
    assert_eq!(p.outcome(), None);
    play(&mut p, "@f1");
    assert_eq!(p.outcome(), Some(Outcome::win(0, "six in a row")));
}

/// Men that take by custodian capture, and a chief taken only when
/// surrounded; the square e5 counts as an enemy's when empty.
const CUSTODIAN: &str = r#"(game "Custodian"
    (players {(player "White" N) (player "Black" S)})
    (equipment {
        (board (square 9))
        (piece "Man" "M" (slide Orthogonal to:Empty then:{
            (capture (sandwiched Orthogonal piece:"Man" hostile:{e5}))
            (capture (surrounded Orthogonal piece:"Chief" hostile:{e5}))}))
        (piece "Chief" "C" (slide Orthogonal to:Empty))
    })
    (rules
        (start {(place White "Man" {a1 c3}) (place Black "Man" {b3 h8}) (place Black "Chief" i9)})
        (end {(if (noMoves Next) (loss Next "no moves"))})))"#;

fn custodian() -> Game {
    lud::build::compile_str("custodian.lud", CUSTODIAN).expect("the example compiles")
}

#[test]
fn sandwiched_takes_an_enemy_between_the_mover_and_a_friend_or_a_hostile_square() {
    let g = custodian();
    let mut p = g.start();
    play(&mut p, "a1a3");
    assert_eq!(name_on(&p, "b3"), None, "b3 stood between a3 and c3");
    assert_eq!(name_on(&p, "h8").as_deref(), Some("Man"));
    // A man moving between two enemies is safe.
    let mut q = pos(&g, "9/9/9/9/9/9/m1m6/9/1M7 w - - 0 1");
    play(&mut q, "b1b3");
    assert_eq!(name_on(&q, "b3").as_deref(), Some("Man"));
    assert_eq!(name_on(&q, "a3").as_deref(), Some("Man"));
    assert_eq!(name_on(&q, "c3").as_deref(), Some("Man"));
    // The empty hostile square holds the far side.
    let mut h = pos(&g, "9/9/9/9/9/4m4/M8/9/9 w - - 0 1");
    play(&mut h, "a3e3");
    assert_eq!(
        name_on(&h, "e4"),
        None,
        "e4 stood between e3 and the empty e5"
    );
    // Occupied, it is a plain square: a Black man on e5 holds for Black.
    let mut o = pos(&g, "9/9/9/9/4m4/4m4/M8/9/9 w - - 0 1");
    play(&mut o, "a3e3");
    assert_eq!(name_on(&o, "e4").as_deref(), Some("Man"));
}

#[test]
fn surrounded_takes_the_chief_only_when_held_on_every_side() {
    let g = custodian();
    // The chief on e4: d4 and f4 White, e5 hostile; a man comes to e3.
    let mut p = pos(&g, "9/9/9/9/9/3McM3/M8/9/9 w - - 0 1");
    play(&mut p, "a3e3");
    assert_eq!(name_on(&p, "e4"), None);
    // Held on two sides only: it stays (the men's sandwich is for men).
    let mut r = pos(&g, "9/9/9/9/9/9/9/1Mc6/3M5 w - - 0 1");
    play(&mut r, "d1d2");
    assert_eq!(
        name_on(&r, "c2").as_deref(),
        Some("Chief"),
        "b2 and d2 do not surround it"
    );
}

// ------------------------------------------------------------------ tafl

#[test]
fn tablut_a_man_between_two_enemies_or_an_enemy_and_the_empty_throne_is_taken() {
    let g = common::game("games/tablut.lud");
    // Black (capitals, first) moves b1b3: the White man on c3 stands
    // between b3 and d3.
    let mut p = pos(&g, "9/9/9/9/4k4/9/2mM5/9/1M7 b - - 0 1");
    play(&mut p, "b1b3");
    assert_eq!(name_on(&p, "c3"), None);
    assert_eq!(name_on(&p, "d3").as_deref(), Some("Man"));
    // e1e3: the White man on e4 stands between e3 and the empty throne.
    let mut t = pos(&g, "9/9/2k6/9/9/4m4/9/9/4M4 b - - 0 1");
    play(&mut t, "e1e3");
    assert_eq!(name_on(&t, "e4"), None, "the empty throne is hostile");
    // With the king on the throne, a White man beside it is safe from
    // that side: the king is White's.
    let mut k = pos(&g, "9/9/9/9/4k4/4m4/9/9/4M4 b - - 0 1");
    play(&mut k, "e1e3");
    assert_eq!(name_on(&k, "e4").as_deref(), Some("Man"));
}

#[test]
fn tablut_the_king_away_from_the_throne_is_taken_by_two() {
    let g = common::game("games/tablut.lud");
    let mut p = pos(&g, "9/9/1Mk6/9/9/9/9/9/3M5 b - - 0 1");
    play(&mut p, "d1d7");
    assert_eq!(name_on(&p, "c7"), None);
    assert_eq!(p.outcome(), Some(Outcome::win(0, "the king was taken")));
}

#[test]
fn tablut_the_king_on_the_throne_is_taken_only_on_four_sides() {
    let g = common::game("games/tablut.lud");
    // d1d5: the king on e5 between d5 and f5 is not taken.
    let mut two = pos(&g, "9/9/9/9/4kM3/9/9/9/3M5 b - - 0 1");
    play(&mut two, "d1d5");
    assert_eq!(name_on(&two, "e5").as_deref(), Some("King"));
    assert_eq!(two.outcome(), None);
    // Three sides held, the fourth closed: taken.
    let mut four = pos(&g, "9/9/9/4M4/3MkM3/9/9/9/4M4 b - - 0 1");
    play(&mut four, "e1e4");
    assert_eq!(name_on(&four, "e5"), None);
    assert_eq!(four.outcome(), Some(Outcome::win(0, "the king was taken")));
}

#[test]
fn tablut_the_king_beside_the_throne_is_taken_on_three_sides_and_the_throne() {
    let g = common::game("games/tablut.lud");
    // The king on e4, the throne e5 empty above it; d4 and f4 held.
    let mut p = pos(&g, "9/9/9/9/9/3MkM3/9/9/4M4 b - - 0 1");
    play(&mut p, "e1e3");
    assert_eq!(name_on(&p, "e4"), None);
    assert_eq!(p.outcome(), Some(Outcome::win(0, "the king was taken")));
    // Two sides only (d4 and f4 without e3): the king beside the throne stays.
    let mut q = pos(&g, "9/9/9/9/9/4kM3/9/9/3M5 b - - 0 1");
    play(&mut q, "d1d4");
    assert_eq!(name_on(&q, "e4").as_deref(), Some("King"));
}

#[test]
fn tablut_men_neither_stop_on_nor_cross_the_throne_and_the_king_does() {
    let g = common::game("games/tablut.lud");
    let p = pos(&g, "9/9/2k6/9/M8/9/9/9/9 b - - 0 1");
    let east: Vec<String> = common::moves_from(&p, "a5")
        .into_iter()
        .filter(|m| m.ends_with('5'))
        .collect();
    assert_eq!(east, ["a5b5", "a5c5", "a5d5"]);
    let k = pos(&g, "M8/9/9/9/1k7/9/9/9/9 w - - 0 1");
    assert!(legal(&k).contains(&"b5h5".to_string()), "{:?}", legal(&k));
}

#[test]
fn tablut_the_king_wins_on_an_edge_or_only_a_corner_as_the_option_says() {
    let edge = common::game("games/tablut.lud");
    let corner = common::game_with("games/tablut.lud", None, &[("escape", "corner")]);
    let start = "9/9/2k6/9/9/9/9/9/M8 w - - 0 1";
    let mut p = pos(&edge, start);
    play(&mut p, "c7c9");
    assert_eq!(p.outcome(), Some(Outcome::win(1, "the king escaped")));
    let mut q = pos(&corner, start);
    play(&mut q, "c7c9");
    assert_eq!(q.outcome(), None, "c9 is no corner");
    play(&mut q, "a1b1");
    play(&mut q, "c9a9");
    assert_eq!(q.outcome(), Some(Outcome::win(1, "the king escaped")));
    // Men may not go into a corner.
    let m = pos(&corner, "9/9/9/9/9/9/9/9/1M7 b - - 0 1");
    assert!(!legal(&m).contains(&"b1a1".to_string()));
}

#[test]
fn holds_with_an_owner_asks_whose_piece_it_is() {
    // A man that may take only a King, and only the first player's.
    let src = r#"(game "Owner"
        (players {(player "White" N) (player "Black" S)})
        (equipment {
            (board (square 4))
            (piece "King" "K" (step All))
            (piece "Hunter" "H" (step All to:Enemy if:(holds (to) "King" owner:White)))
        })
        (rules
            (start {(place Black "Hunter" b2) (place White "King" a1) (place White "King" c3)})
            (end {(if (noMoves Next) (loss Next "no moves"))})))"#;
    let g = lud::build::compile_str("owner.lud", src).expect("compiles");
    let p = pos(&g, "4/2K1/1h2/K3 b - - 0 1");
    assert_eq!(common::moves_from(&p, "b2"), ["b2a1", "b2c3"]);
    let q = pos(&g, "4/2k1/1h2/K3 b - - 0 1");
    assert_eq!(common::moves_from(&q, "b2"), ["b2a1"]);
}

// ---------------------------------------------------------------- morris

#[test]
fn morris_men_are_placed_from_hand_and_only_then_move_along_the_lines() {
    let g = common::game("games/morris.lud");
    let mut p = g.start();
    assert_eq!(legal(&p).len(), 24);
    assert_eq!(p.to_string(), "7/7/7/7/7/7/7 w - - 0 1 hand=9M,9m");
    play(&mut p, "@d1");
    assert_eq!(p.in_hand(0, 0), 8);
    assert!(lud::draw::board(&p).contains("In hand: White 8 Man; Black 9 Man"));
    // With men in hand, no man moves: every move is a placement.
    assert!(legal(&p).iter().all(|m| m.starts_with('@')));
    // Hand empty: d1 goes to a neighbour on its lines only.
    let q = pos(&g, "M2M2M/7/7/7/7/7/3M3 w - - 0 1 hand=9m");
    let mut along = common::moves_from(&q, "d1");
    along.sort();
    assert_eq!(along, ["d1a1", "d1d2", "d1g1"]);
}

#[test]
fn morris_a_mill_takes_a_man_in_no_mill_unless_every_man_is_in_one() {
    let g = common::game("games/morris.lud");
    // Black's mill a7 d7 g7, and b2 alone; White closes a1 d1 g1.
    let mut p = pos(&g, "m2m2m/7/7/7/7/1m5/M2M3 w - - 0 1 hand=5M,5m");
    play(&mut p, "@g1");
    assert!(p.mid_turn(), "the removal is the turn's second part");
    assert_eq!(legal(&p), ["xb2"]);
    play(&mut p, "xb2");
    assert!(!p.mid_turn());
    assert_eq!(p.side_to_move(), 1);
    // Every Black man in a mill: any may be taken.
    let mut q = pos(&g, "m2m2m/7/7/7/7/7/M2M3 w - - 0 1 hand=5M,5m");
    play(&mut q, "@g1");
    assert_eq!(legal(&q), ["xa7", "xd7", "xg7"]);
    // No mill, no removal.
    let mut r = pos(&g, "m2m2m/7/7/7/7/7/M2M3 w - - 0 1 hand=5M,5m");
    play(&mut r, "@b2");
    assert_eq!(r.side_to_move(), 1);
}

#[test]
fn morris_three_men_fly_and_two_lose() {
    let g = common::game("games/morris.lud");
    // White has three men and nothing in hand: d1 may fly to any empty point.
    let p = pos(&g, "m2m2m/1m5/7/7/7/7/M2M2M w - - 0 1");
    assert_eq!(common::moves_from(&p, "d1").len(), 24 - 7);
    // Black, with four men, moves along the lines only.
    let q = pos(&g, "m2m2m/1m5/7/7/7/7/M2M2M b - - 0 1");
    let mut from_b6 = common::moves_from(&q, "b6");
    from_b6.sort();
    assert_eq!(from_b6, ["b6b4", "b6d6"]);
    // A mill that leaves Black with two men ends the game.
    let mut r = pos(&g, "m2m3/7/7/7/7/7/M2M3 w - - 0 1 hand=1M");
    play(&mut r, "@g1");
    play(&mut r, "xa7");
    assert_eq!(r.outcome(), Some(Outcome::win(0, "fewer than three men")));
}

#[test]
fn a_hand_field_reads_back_and_is_refused_when_it_is_not_a_count_and_a_letter() {
    let g = common::game("games/morris.lud");
    let p = pos(&g, "7/7/7/7/7/7/M6 b - - 0 1 hand=8M,9m");
    assert_eq!(p.to_string(), "7/7/7/7/7/7/M6 b - - 0 1 hand=8M,9m");
    assert_eq!((p.in_hand(0, 0), p.in_hand(1, 0)), (8, 9));
    for bad in ["hand=9Q", "hand=M9", "hand=100M"] {
        let text = format!("7/7/7/7/7/7/M6 b - - 0 1 {bad}");
        let e = g.position(&text).expect_err(bad);
        assert!(e.message.contains("hand"), "{bad}: {}", e.message);
    }
}

#[test]
fn a_hand_field_is_refused_in_a_game_without_hands() {
    // Connect Four neither gives pieces in hand nor drops them from one.
    let g = common::game("games/connect-four.lud");
    let start = g.start().to_string();
    let e = g
        .position(&format!("{start} hand=5S"))
        .expect_err("a hand in a game without hands");
    assert!(e.message.contains("no hands"), "{}", e.message);
    // An empty hand says nothing and is read.
    assert!(g.position(&format!("{start} hand=")).is_ok());
}

#[test]
fn count_in_counts_a_players_pieces_on_some_squares_only() {
    // A race: the first player with two men on their far rank wins.
    let src = r#"(game "Race"
        (players {(player "White" N) (player "Black" S)})
        (equipment {(board (square 4)) (piece "Man" "M" (step Forward to:Empty))})
        (rules
            (start {(place White "Man" {a1 b1 c1}) (place Black "Man" {b4 c4 d4})})
            (end {
                (if (>= (count Mover "Man" in:(lastRank)) 2) (win Mover "two home"))
                (if (noMoves Next) (loss Next "no moves"))})))"#;
    let g = lud::build::compile_str("race.lud", src).expect("compiles");
    // One White man home already (a4): the second wins, Black's men at
    // the top do not count for White.
    let mut p = pos(&g, "Mm2/1M1m/2M1/4 w - - 0 1");
    play(&mut p, "c2c3");
    assert_eq!(p.outcome(), None);
    play(&mut p, "d3d2");
    play(&mut p, "c3c4");
    assert_eq!(p.outcome(), Some(Outcome::win(0, "two home")));
}

#[test]
fn a_position_in_the_middle_of_a_turn_says_which_part_and_from_where() {
    let g = common::game("games/amazons.lud");
    let mut p = g.start();
    play(&mut p, "d1d7");
    let text = p.to_string();
    assert!(text.ends_with(" part=1:d7"), "{text}");
    let back = pos(&g, &text);
    assert_eq!(legal(&back), legal(&p));
    assert!(back.mid_turn());
    assert_eq!(back.to_string(), text);
    // A part the game does not have, or in a game of one part a turn.
    assert!(g.position(&text.replace("part=1", "part=2")).is_err());
    let chess = common::game("games/chess.lud");
    let e = chess
        .position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 part=1:e4")
        .expect_err("chess has no parts");
    assert!(e.message.contains("part"), "{}", e.message);
}

#[test]
fn a_hand_of_too_many_men_and_a_line_of_one_point_are_refused() {
    let game = |start: &str, lines: &str| {
        format!(
            r#"(game "T"
                (players {{(player "White" N) (player "Black" S)}})
                (equipment {{(board (square 3) lines:{{{lines}}}) (piece "Man" "M" (along to:Empty))}})
                (rules (start {{{start}}}) (play (drop "Man" (everywhere) fromHand:True))
                    (end {{(if (noMoves Next) (loss Next "no moves"))}})))"#
        )
    };
    let ok = game(r#"(hand White "Man" 99)"#, "(line a1 b1 c1)");
    assert!(lud::build::compile_str("ok.lud", &ok).is_ok());
    for (start, lines, found) in [
        (r#"(hand White "Man" 100)"#, "(line a1 b1 c1)", "100"),
        (r#"(hand White "Man" 9)"#, "(line a1)", "1 point"),
    ] {
        let text = game(start, lines);
        let Err(d) = lud::build::compile_str("bad.lud", &text) else {
            panic!("{start} {lines} was accepted");
        };
        let plain = d.render_plain();
        assert!(
            plain.contains("out_of_range") && plain.contains(found),
            "{plain}"
        );
    }
}

/// The whole turns of `p`, listed part by part through the public API.
fn turns_listed(p: &lud::Position) -> u64 {
    if p.outcome().is_some() {
        return 0;
    }
    p.legal_moves()
        .into_iter()
        .map(|m| {
            let mut c = p.clone();
            c.play_unchecked(m);
            if c.mid_turn() {
                turns_listed(&c)
            } else {
                1
            }
        })
        .sum()
}

/// A man steps north and then places a stone north of where it landed;
/// where that square is taken or off the board, the turn ends after the step.
const STEP_THEN_STONE: &str = r#"(game "Step then stone"
    (players {(player "White" N) (player "Black" S)})
    (equipment {
        (board (rectangle 3 4))
        (piece "Man" "M" (step Forward to:Empty then:(continue (step Forward to:Empty put:"Stone"))))
        (piece "Stone" "S")})
    (rules
        (start {(place White "Man" {a1 c1 b2}) (place Black "Man" {a4 c3})})
        (end {(if (noMoves Next) (loss Next "no moves"))})))"#;

#[test]
fn whole_turns_counted_in_bulk_are_the_turns_listed_part_by_part() {
    let amazons = common::game("games/amazons.lud");
    let morris = common::game("games/morris.lud");
    let small = lud::build::compile_str("step.lud", STEP_THEN_STONE).unwrap();
    let mut tried = 0;
    for (g, plies) in [(&morris, 120), (&small, 6), (&amazons, 60)] {
        for seed in 1..=6 {
            let mut p = g.start();
            // Every position of a random game, whole turns and halves.
            let mut rng = fastrand::Rng::with_seed(seed);
            for _ in 0..plies {
                if !p.mid_turn() {
                    assert_eq!(lud::perft::perft(&p, 1), turns_listed(&p), "{p}");
                    tried += 1;
                }
                let moves = p.legal_moves();
                if moves.is_empty() || p.outcome().is_some() {
                    break;
                }
                p.play_unchecked(moves[rng.usize(..moves.len())]);
            }
        }
    }
    assert!(tried > 500, "{tried} positions");
    // The small game's turns that end after the step count once each.
    let start = small.start();
    assert_eq!(lud::perft::perft(&start, 1), turns_listed(&start));
    assert_eq!(
        lud::perft::perft(&start, 1),
        3,
        "a1 and c1 step and place; b2 steps to b3 and the turn ends"
    );
}

/// A king that stays where it is and puts a stone on an empty square next
/// to it; a rook that starts on `ROOK`.
const ROYAL_PUT: &str = r#"(game "Royal put"
    (players {(player "White" N) (player "Black" S)})
    (equipment {
        (board (square 5))
        (piece "King" "K" royal:True (step All to:Empty put:"Stone"))
        (piece "Rook" "R" (slide Orthogonal))
        (piece "Stone" "S")})
    (rules
        (start {(place White "King" a1) (place Black "Rook" ROOK) (place Black "King" e5)})
        (play (forbid (inCheck Mover) reason:"it would leave your king in check"))
        (end {(if (noMoves Next) (loss Next "no moves"))})))"#;

#[test]
fn a_royal_piece_that_puts_a_piece_is_judged_on_the_square_it_stays_on() {
    let with_rook = |sq: &str| {
        let text = ROYAL_PUT.replace("ROOK", sq);
        lud::build::compile_str("put.lud", &text).unwrap()
    };
    // The rook on b5 attacks b1 and b2, not the king's a1: a stone may go
    // on either (the king was judged as if it moved there, and refused).
    assert_eq!(
        sorted(legal(&with_rook("b5").start())),
        ["a1a2", "a1b1", "a1b2"]
    );
    // The rook on a5 gives check: only the stone on a2 stops it.
    assert_eq!(sorted(legal(&with_rook("a5").start())), ["a1a2"]);
}

#[test]
fn a_piece_put_on_an_enemy_takes_it_off_the_board() {
    // A pawn that stays and puts a new pawn one square west, onto whatever
    // stands there: the queen it lands on is taken, in every respect.
    let g = lud::build::compile_str(
        "put.lud",
        r#"(game "Put"
            (players {(player "White" N) (player "Black" S)})
            (equipment {(board (square 3)) (piece "Q" "Q" (step All to:Empty)) (piece "P" "P" (step W put:"P"))})
            (rules (start {(place White "Q" a1) (place White "Q" c3) (place Black "P" c1)})
                (end {(if (= (count Next) 0) (loss Next "gone"))})))"#,
    )
    .unwrap();
    let mut p = pos(&g, "3/3/Qp1 b");
    play(&mut p, "b1a1");
    // The same board read afresh: the queen on a1 is gone, and with it
    // White's last piece, so the end rule holds.
    let fresh = pos(&g, "3/3/pp1 w");
    assert_eq!(name_on(&p, "a1"), name_on(&fresh, "a1"));
    assert_eq!(p.outcome(), fresh.outcome());
    assert_eq!(p.outcome(), Some(Outcome::win(1, "gone")));
    assert_eq!(p.key(), fresh.key(), "the hash forgets the queen too");
}

/// A king on a1 and, on a2, a piece of the kind `PIECE` (a rook, or a
/// leaper two squares straight), pinned by a black rook on `PINNER`.
const PINNED: &str = r#"(game "Pinned"
    (players {(player "White" N) (player "Black" S)})
    (equipment {
        (board (square 5))
        (piece "King" "K" royal:True (step All))
        (piece "Rook" "R" (slide Orthogonal))
        (piece "Dabbaba" "D" (leap 0 2))})
    (rules
        (start {(place White "King" a1) (place White "PIECE" a2) (place Black "Rook" PINNER) (place Black "King" e5)})
        (play (forbid (inCheck Mover) reason:"it would leave your king in check"))
        (end {(if (noMoves Next) (loss Next "no moves"))})))"#;

#[test]
fn a_pinned_piece_moves_only_between_its_royal_piece_and_the_pinner_or_onto_the_pinner() {
    let start = |piece: &str, pinner: &str| {
        let text = PINNED.replace("PIECE", piece).replace("PINNER", pinner);
        lud::build::compile_str("pinned.lud", &text)
            .unwrap()
            .start()
    };
    // The rook slides up the file to the pinner and takes it, and no
    // further along the rank.
    let rook = start("Rook", "a4");
    assert_eq!(sorted(legal(&rook)), ["a1b1", "a1b2", "a2a3", "a2a4"]);
    // The leaper reaches a4 beyond the pinner (uncovering the king) and c2
    // off the line: neither is legal.
    let leaper = start("Dabbaba", "a3");
    assert_eq!(sorted(legal(&leaper)), ["a1b1", "a1b2"]);
    // With the pinner on a4 the leaper lands on it, taking it.
    let taker = start("Dabbaba", "a4");
    assert_eq!(sorted(legal(&taker)), ["a1b1", "a1b2", "a2a4"]);
    // Counted as listed.
    for p in [&rook, &leaper, &taker] {
        assert_eq!(lud::perft::perft(p, 1), legal(p).len() as u64);
    }
}

/// A king on a3 and a man on b4 pinned by a black bishop on c5; the man
/// steps orthogonally and, on the last rank, becomes a rook that pushes
/// the pieces beside it.
const PINNED_PUSH: &str = include_str!("fixtures/check/pinned-push.lud");

#[test]
fn a_pinned_piece_whose_promotion_pushes_the_pinner_away_may_leave_the_line() {
    let p = lud::build::compile_str("pinned-push.lud", PINNED_PUSH)
        .unwrap()
        .start();
    let moves = sorted(legal(&p));
    // b4-b5 leaves the bishop's diagonal, but the new rook pushes the
    // bishop from c5 to d5: the king is safe. a4, c4 and b3 uncover it.
    assert!(moves.iter().any(|m| m.starts_with("b4b5")), "{moves:?}");
    assert!(
        !moves
            .iter()
            .any(|m| m.starts_with("b4a4") || m.starts_with("b4c4") || m.starts_with("b4b3")),
        "{moves:?}"
    );
    assert_eq!(lud::perft::perft(&p, 1), moves.len() as u64);
}

/// A king on a1 shielded by its rook on a3 from a black rook on a5, and a
/// pusher on c3 whose step pushes the row west of where it lands, off the
/// board if need be.
const PUSH_SHIELD: &str = include_str!("fixtures/check/push-shield.lud");

#[test]
fn a_move_whose_effect_pushes_away_the_royal_pieces_shield_is_refused() {
    let p = lud::build::compile_str("push-shield.lud", PUSH_SHIELD)
        .unwrap()
        .start();
    // c3-b3 pushes the rook off a3 and the board: the black rook on a5
    // would take the king. The pusher stands on no line to the king, so the
    // move was taken as safe without a test.
    assert_eq!(
        sorted(legal(&p)),
        ["a1a2", "a1b1", "a1b2", "a3a2", "a3a4", "a3a5", "c3c2", "c3c4", "c3d3"]
    );
    assert_eq!(lud::perft::perft(&p, 1), 9);
}

/// In check: a king on a5 checked along the rank by a rook on e5; its rook
/// on b4 shields it from a bishop on e1; a man on c4 that, on the last
/// rank, becomes a rook that pushes the piece south-west of it.
const PROMOTED_PUSH_IN_CHECK: &str = include_str!("fixtures/check/promoted-push-in-check.lud");

#[test]
fn in_check_a_block_whose_promotion_pushes_away_another_shield_is_refused() {
    let p = lud::build::compile_str("promoted-push-in-check.lud", PROMOTED_PUSH_IN_CHECK)
        .unwrap()
        .start();
    assert!(p.in_check());
    // c4-c5 blocks the rook's rank, but the new rook pushes the rook on
    // b4 to a3, opening the bishop's diagonal to the king: refused. The
    // rook on b4 is pinned; the king steps to a4.
    assert_eq!(sorted(legal(&p)), ["a5a4"]);
    assert_eq!(lud::perft::perft(&p, 1), 1);
}

/// In check: a king on a1 checked by a rook on a4; a man on b4 that, on the
/// last rank, becomes a rook that pushes the piece south-west of it off the
/// board.
const PROMOTED_PUSH_OFF: &str = include_str!("fixtures/check/promoted-push-off.lud");

#[test]
fn in_check_a_move_whose_promotion_pushes_the_checker_off_the_board_is_offered() {
    let p = lud::build::compile_str("promoted-push-off.lud", PROMOTED_PUSH_OFF)
        .unwrap()
        .start();
    assert!(p.in_check());
    // b4-b5 lands off the rook's file, but the new rook pushes the rook on
    // a4 off the board: the check ends.
    assert_eq!(sorted(legal(&p)), ["a1b1", "a1b2", "b4b5r"]);
    assert_eq!(lud::perft::perft(&p, 1), 3);
}

#[test]
fn a_capture_without_moving_that_opens_a_line_to_the_royal_piece_is_refused() {
    let p = lud::build::compile_str(
        "stay-shield.lud",
        include_str!("fixtures/check/stay-shield.lud"),
    )
    .unwrap()
    .start();
    // The archer's shot at a3 leaves it on b3 and empties a3: the rook on
    // a5 would take the king. Only the king moves.
    assert_eq!(sorted(legal(&p)), ["a1a2", "a1b1", "a1b2"]);
    assert_eq!(lud::perft::perft(&p, 1), 3);
}

#[test]
fn castling_that_moves_the_royal_pieces_shield_is_refused() {
    let p = lud::build::compile_str(
        "castle-shield.lud",
        include_str!("fixtures/check/castle-shield.lud"),
    )
    .unwrap()
    .start();
    // The lord castles e3-g3 and sends the rook from h3 to f3, opening
    // the file from h1 to the king; the rook, pinned, stays on the file.
    let moves = sorted(legal(&p));
    assert!(!moves.iter().any(|m| m.starts_with("e3g3")), "{moves:?}");
    assert_eq!(
        moves,
        ["h3h1", "h3h2", "h3h4", "h5g4", "h5g5", "h5g6", "h5h4", "h5h6"]
    );
    assert_eq!(lud::perft::perft(&p, 1), 8);
}

#[test]
fn a_check_uncovered_by_a_promotions_push_is_seen() {
    let mut p = lud::build::compile_str(
        "promoted-push-discover.lud",
        include_str!("fixtures/check/promoted-push-discover.lud"),
    )
    .unwrap()
    .start();
    let m = p
        .legal_moves()
        .into_iter()
        .find(|&m| lud::notation::move_text(&p, m).starts_with("c4c5"))
        .expect("c4-c5 is legal");
    p.play(m).unwrap();
    // The new stone on c5 pushed the stone on d4 to e3: the bishop on b2
    // checks the king on e5, which must step out of its diagonal.
    assert!(p.in_check());
    assert_eq!(sorted(legal(&p)), ["e5d5", "e5e4"]);
}

#[test]
fn a_move_whose_flip_takes_every_move_of_the_next_player_is_refused_where_stalemate_is_forbidden() {
    let p = lud::build::compile_str(
        "flip-stalemate.lud",
        include_str!("fixtures/check/flip-stalemate.lud"),
    )
    .unwrap()
    .start();
    // The flipper's step a3-a2 turns black's eight men white: black, its
    // king without a move, would be stalemated. Black's eight men, each
    // with a step, were taken as enough for black to keep a move whatever
    // white does.
    assert_eq!(sorted(legal(&p)), ["a10a9", "j2j3"]);
    assert_eq!(lud::perft::perft(&p, 1), 2);
}
