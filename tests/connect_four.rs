//! Connect Four, `games/connect-four.lud`: discs fall to the lowest empty
//! square of their column, four in a row wins in every direction, and a full
//! grid is a draw (the move-tree counts are in `tests/perft/connect-four.perft`).

#[path = "support/common.rs"]
mod common;

use common::{legal, play, pos};
use lud::{Game, Outcome};

fn connect_four() -> Game {
    common::game("games/connect-four.lud")
}

#[test]
fn a_disc_falls_to_the_lowest_empty_square() {
    let g = connect_four();
    let mut p = g.start();
    assert_eq!(
        legal(&p),
        vec!["@a1", "@b1", "@c1", "@d1", "@e1", "@f1", "@g1"]
    );
    play(&mut p, "@d1");
    play(&mut p, "@d2");
    assert!(legal(&p).contains(&"@d3".to_string()));
    assert!(!legal(&p).iter().any(|m| m == "@d2" || m == "@e2"));
    assert_eq!(p.to_string(), "7/7/7/7/3d3/3D3 y - - 0 2");
    let e = lud::notation::parse_move(&p, "@e4").expect_err("e4 is in the air");
    assert!(e.message.contains("e4"), "{}", e.message);
}

#[test]
fn a_full_column_takes_no_more_discs() {
    let g = connect_four();
    let p = pos(&g, "D6/d6/D6/d6/D6/d6 y - - 0 4");
    assert!(!legal(&p).iter().any(|m| m.starts_with("@a")));
    assert_eq!(legal(&p).len(), 6);
}

fn winner_after(g: &Game, moves: &[&str]) -> Option<usize> {
    let mut p = g.start();
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(p.outcome(), None, "over before move {i} ({m})");
        play(&mut p, m);
    }
    p.outcome().and_then(|o| o.winner())
}

#[test]
fn four_in_a_row_wins_across_up_and_on_both_diagonals() {
    let g = connect_four();
    // Across: Yellow a1 b1 c1 d1.
    let across = ["@a1", "@a2", "@b1", "@b2", "@c1", "@c2", "@d1"];
    assert_eq!(winner_after(&g, &across), Some(0));
    // Up: Red d2 d3 d4 d5 (Yellow elsewhere).
    let up = ["@d1", "@d2", "@a1", "@d3", "@b1", "@d4", "@a2", "@d5"];
    assert_eq!(winner_after(&g, &up), Some(1));
    // Rising diagonal for Yellow: a1 b2 c3 d4.
    let rising = [
        "@a1", "@b1", "@b2", "@c1", "@c2", "@d1", "@c3", "@d2", "@d3", "@g1", "@d4",
    ];
    assert_eq!(winner_after(&g, &rising), Some(0));
    // Falling diagonal for Yellow: d1 c2 b3 a4.
    let falling = [
        "@d1", "@c1", "@c2", "@b1", "@b2", "@a1", "@b3", "@a2", "@a3", "@g1", "@a4",
    ];
    assert_eq!(winner_after(&g, &falling), Some(0));
    // Three in a row is not yet a win.
    let three = ["@a1", "@a2", "@b1", "@b2", "@c1"];
    assert_eq!(winner_after(&g, &three), None);
}

#[test]
fn a_full_grid_without_four_in_a_row_is_a_draw() {
    let g = connect_four();
    // 41 discs, none four in a row; Red's last disc goes on a6.
    let mut p = pos(
        &g,
        "1DdDdDd/dDDDdDd/DDDdDDD/ddDdddD/DDdddDd/dDdDddD r - - 0 21",
    );
    assert_eq!(legal(&p), vec!["@a6"]);
    play(&mut p, "@a6");
    assert_eq!(p.outcome(), Some(Outcome::draw("full board")), "{p}");
}
