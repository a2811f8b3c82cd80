//! `(push DIRS)`: after a move, the row of pieces right next to where it
//! landed moves one square further along each direction, if there is room;
//! with `off:True` a row at the edge still moves and its last piece falls
//! off the board.

#[path = "support/common.rs"]
mod common;

use common::{play, pos};
use lud::Game;

const REPEL: &str = r#"(game "Repel"
    (players {(player "White" N) (player "Black" S)})
    (equipment {
        (board (square 5))
        (piece "Man" "M" (step Orthogonal to:Empty then:(push Orthogonal)))
        (piece "Stone" "S" (step Orthogonal to:Empty then:(push Orthogonal off:True)))
    })
    (rules
        (start {(place White "Man" a1) (place White "Stone" c1) (place Black "Man" e5)})
        (end {(if (noMoves Next) (loss Next "no moves"))})))"#;

fn repel() -> Game {
    lud::build::compile_str("repel.lud", REPEL).expect("the example compiles")
}

fn board(p: &lud::Position) -> String {
    p.to_string()
        .split(' ')
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn push_moves_the_row_next_to_the_landing_square_one_square_on_if_there_is_room() {
    let g = repel();
    // b2 to b3: east, the row c3 d3 moves to d3 e3; west, a3 is at the
    // edge and stays; south, b2 is empty now; north, b4 is empty.
    let mut p = pos(&g, "5/5/m1mM1/1M3/5 w - - 0 1");
    play(&mut p, "b2b3");
    assert_eq!(board(&p), "5/5/mM1mM/5/5");
    // A row that reaches the edge does not move.
    let mut q = pos(&g, "5/5/2mmM/1M3/5 w - - 0 1");
    play(&mut q, "b2b3");
    assert_eq!(board(&q), "5/5/1MmmM/5/5");
}

#[test]
fn push_off_lets_the_last_piece_of_a_row_at_the_edge_fall_off() {
    let g = repel();
    let before = pos(&g, "5/5/m1mM1/1S3/5 w - - 0 1");
    let mut p = before.clone();
    play(&mut p, "b2b3");
    assert_eq!(board(&p), "5/5/1S1mM/5/5");
    let m = lud::notation::parse_move(&before, "b2b3").expect("legal");
    let words = lud::explain::legal_move(&before, m);
    assert!(
        words.contains(
            "now a3 is empty, c3 is empty, d3 holds Black's Man and e3 holds White's Man."
        ),
        "{words}"
    );
    assert!(words.contains("pushed one square further"), "{words}");
}

#[test]
fn a_promotion_pushes_from_the_square_promoted_on() {
    let src = REPEL.replace(
        r#"(piece "Man" "M" (step Orthogonal to:Empty then:(push Orthogonal)))"#,
        r#"(piece "Man" "M" (step Orthogonal to:Empty) (promote (lastRank) "Stone" then:(push {E W})))"#,
    );
    assert_ne!(src, REPEL);
    let g = lud::build::compile_str("repel.lud", &src).expect("compiles");
    // b4 to b5 promotes; c5 is pushed to d5.
    let mut p = pos(&g, "2m2/1M3/5/5/5 w - - 0 1");
    play(&mut p, "b4b5=S");
    assert_eq!(board(&p), "1S1m1/5/5/5/5");
}
