//! Xiangqi, `games/xiangqi.lud`: each rule that sets it apart, on positions
//! built for it (the perft tables in `tests/perft/xiangqi.perft` and the
//! cross-check with fairy-stockfish cover the rules together).

#[path = "support/common.rs"]
mod common;

use common::{moves_from, play, pos};
use lud::Game;

fn xiangqi() -> Game {
    common::game("games/xiangqi.lud")
}

#[test]
fn the_generals_may_not_face_each_other() {
    let g = xiangqi();
    // Red's general on d1, Black's on e10: d1e1 would face it on the e-file.
    let p = pos(&g, "4k4/9/9/9/9/9/9/9/9/3K5 r - - 0 1");
    let m = moves_from(&p, "d1");
    assert!(!m.contains(&"d1e1".to_string()), "{m:?}");
    assert!(m.contains(&"d1d2".to_string()), "{m:?}");
    // A piece between lifts it; moving that piece off the file is then illegal.
    let p = pos(&g, "4k4/9/9/9/4C4/9/9/9/9/4K4 r - - 0 1");
    let m = moves_from(&p, "e6");
    assert!(m.iter().all(|t| t[2..3] == *"e"), "{m:?}");
}

#[test]
fn general_and_advisors_stay_in_the_palace() {
    let g = xiangqi();
    let p = pos(&g, "3k5/9/9/9/9/9/9/9/5A3/5K3 r - - 0 1");
    assert_eq!(moves_from(&p, "f1"), vec!["f1e1"]);
    assert_eq!(moves_from(&p, "f2"), vec!["f2e1", "f2e3"]);
}

#[test]
fn the_elephant_keeps_to_its_side_and_is_blocked_at_the_eye() {
    let g = xiangqi();
    let p = pos(&g, "3k5/9/9/9/9/2B6/9/9/9/4K4 r - - 0 1");
    // From c5 it may not cross the river to a7 or e7.
    assert_eq!(moves_from(&p, "c5"), vec!["c5a3", "c5e3"]);
    let p = pos(&g, "3k5/9/9/9/9/9/9/3P5/9/2B1K4 r - - 0 1");
    // d2 is empty, so c1e3 is open; a piece on b2 blocks c1a3.
    let p2 = pos(&g, "3k5/9/9/9/9/9/9/9/1P7/2B1K4 r - - 0 1");
    assert_eq!(moves_from(&p, "c1"), vec!["c1a3", "c1e3"]);
    assert_eq!(moves_from(&p2, "c1"), vec!["c1e3"]);
}

#[test]
fn the_horse_is_hobbled_by_a_piece_beside_it() {
    let g = xiangqi();
    let free = pos(&g, "3k5/9/9/9/9/4N4/9/9/9/5K3 r - - 0 1");
    assert_eq!(moves_from(&free, "e5").len(), 8);
    // A piece on e6 blocks the two leaps forward (d7, f7).
    let leg = pos(&g, "3k5/9/9/9/4P4/4N4/9/9/9/5K3 r - - 0 1");
    let m = moves_from(&leg, "e5");
    assert_eq!(m.len(), 6, "{m:?}");
    assert!(!m.contains(&"e5d7".to_string()) && !m.contains(&"e5f7".to_string()));
}

#[test]
fn the_cannon_captures_only_over_one_piece() {
    let g = xiangqi();
    let p = pos(&g, "3k5/9/4r4/9/4p4/9/9/4C4/9/5K3 r - - 0 1");
    let m = moves_from(&p, "e3");
    assert!(
        m.contains(&"e3e8".to_string()),
        "jumps e6 to take e8: {m:?}"
    );
    assert!(
        !m.contains(&"e3e6".to_string()),
        "no capture without a screen"
    );
    assert!(!m.contains(&"e3e7".to_string()), "no move past the screen");
    assert!(m.contains(&"e3e5".to_string()), "moves like a chariot");
}

#[test]
fn soldiers_turn_sideways_only_across_the_river() {
    let g = xiangqi();
    let p = pos(&g, "3k5/9/9/9/9/4P4/9/9/9/5K3 r - - 0 1");
    assert_eq!(moves_from(&p, "e5"), vec!["e5e6"]);
    let p = pos(&g, "3k5/9/9/9/4P4/9/9/9/9/5K3 r - - 0 1");
    assert_eq!(moves_from(&p, "e6"), vec!["e6d6", "e6e7", "e6f6"]);
}

#[test]
fn a_player_without_moves_loses_even_out_of_check() {
    let g = xiangqi();
    // Black's general on d10 is hemmed in: d9 and e10 are covered, not in check.
    let mut p = pos(&g, "3k5/9/4R4/9/9/9/9/9/9/5K3 r - - 0 1");
    play(&mut p, "e8e9");
    assert!(!p.in_check());
    let o = p.outcome().expect("the game is over");
    assert_eq!(o.winner(), Some(0), "{o:?}");
}
