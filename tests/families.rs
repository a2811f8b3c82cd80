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
    let six = "11/11/11/11/11/11/11/11/s10/s10/SSSS1S5 b - - 0 1";
    for (g, wins) in [(&standard, false), (&free, true)] {
        let mut p = pos(g, six);
        play(&mut p, "@e1");
        assert_eq!(p.outcome().is_some(), wins, "{p}");
    }
    // Five, not six: a win under both.
    let five = "11/11/11/11/11/11/11/11/s10/s10/SSSS7 b - - 0 1";
    for g in [&standard, &free] {
        let mut p = pos(g, five);
        play(&mut p, "@e1");
        assert_eq!(p.outcome(), Some(Outcome::win(0, "five in a row")));
    }
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
