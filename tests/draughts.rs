//! English draughts, `games/draughts.lud`: compulsory capture, a series of
//! jumps as one move, crowning that ends the move, kings both ways, and the
//! player who cannot move losing (move-tree counts are in
//! `tests/perft/draughts.perft`).

#[path = "support/common.rs"]
mod common;

use common::{legal, moves_from, play, pos};
use lud::Game;

fn draughts() -> Game {
    common::game("games/draughts.lud")
}

#[test]
fn a_capture_is_compulsory() {
    let g = draughts();
    // Black's man on c3 can take d4; the man on a1 may then not step.
    let p = pos(&g, "8/8/8/8/3m4/2M5/8/M7 b - - 0 1");
    assert_eq!(legal(&p), vec!["c3e5"]);
    // Without the capture, every step is allowed.
    let p = pos(&g, "8/8/8/8/8/2M5/8/M7 b - - 0 1");
    assert_eq!(legal(&p), vec!["a1b2", "c3b4", "c3d4"]);
}

#[test]
fn a_series_of_jumps_is_one_move_and_takes_every_piece_jumped() {
    let g = draughts();
    let mut p = pos(&g, "8/8/5m2/8/3m4/2M5/8/8 b - - 0 1");
    // c3 takes d4 then f6: it may not stop on e5.
    assert_eq!(legal(&p), vec!["c3e5g7"]);
    play(&mut p, "c3e5g7");
    assert_eq!(p.to_string(), "8/6M1/8/8/8/8/8/8 w - - 0 1");
    // Two series from one square, by two routes.
    let p = pos(&g, "8/8/3m1m2/8/3m4/2M5/8/8 b - - 0 1");
    let got = legal(&p);
    assert!(got.contains(&"c3e5g7".to_string()), "{got:?}");
    assert!(got.contains(&"c3e5c7".to_string()), "{got:?}");
    assert_eq!(got.len(), 2);
}

/// A king's series of jumps may end on the square it started from (left
/// empty when it set out): the king is still there afterwards, and every
/// piece it jumped is gone (the engine once took the king too).
#[test]
fn a_series_of_jumps_may_end_where_it_began() {
    let g = draughts();
    let mut p = pos(&g, "8/8/8/8/3m1m2/2K5/3m1m2/8 b - - 0 1");
    // Round the four men either way.
    assert_eq!(legal(&p), vec!["c3e1g3e5c3", "c3e5g3e1c3"]);
    play(&mut p, "c3e5g3e1c3");
    assert_eq!(p.to_string(), "8/8/8/8/8/2K5/8/8 w - - 0 1");
}

#[test]
fn a_man_is_crowned_on_the_far_row_and_that_ends_its_move() {
    let g = draughts();
    // b6 takes c7 landing on d8, crowned; as a king it could go on over e7,
    // but the crowning ends the move.
    let mut p = pos(&g, "8/2m1m3/1M6/8/8/8/8/8 b - - 0 1");
    assert_eq!(moves_from(&p, "b6"), vec!["b6d8k"]);
    play(&mut p, "b6d8k");
    assert_eq!(p.to_string(), "3K4/4m3/8/8/8/8/8/8 w - - 0 1");
}

#[test]
fn kings_move_and_jump_both_ways_men_only_forward() {
    let g = draughts();
    let p = pos(&g, "8/8/8/8/3K4/8/8/8 b - - 0 1");
    assert_eq!(moves_from(&p, "d4"), vec!["d4c3", "d4c5", "d4e3", "d4e5"]);
    let p = pos(&g, "8/8/8/8/3M4/8/8/8 b - - 0 1");
    assert_eq!(moves_from(&p, "d4"), vec!["d4c5", "d4e5"]);
    // A king jumps backwards, a man does not.
    let p = pos(&g, "8/8/8/8/3K4/2m5/8/8 b - - 0 1");
    assert_eq!(moves_from(&p, "d4"), vec!["d4b2"]);
    let p = pos(&g, "8/8/8/3m4/3M4/2m5/8/8 b - - 0 1");
    assert!(!moves_from(&p, "d4").contains(&"d4b2".to_string()));
}

#[test]
fn a_player_who_cannot_move_loses() {
    let g = draughts();
    let mut p = pos(&g, "8/8/8/8/8/1m6/M7/8 b - - 0 1");
    play(&mut p, "a2c4");
    let o = p.outcome().expect("White has no piece left");
    assert_eq!(o.winner(), Some(0), "{o:?}");
}
