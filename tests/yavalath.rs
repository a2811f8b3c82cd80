//! Yavalath on its hexagon of 61 cells (a 9x9 rhombus without its two far
//! corners): four in a row wins, three in a row without four loses, and the
//! holes are neither moves nor squares. Random games are judged again by a
//! small independent count of the lines through the stone just played (its
//! own three axes: along the rank, along the file, and file+rank constant).

#[path = "support/common.rs"]
mod common;

use common::play;
use lud::{Game, Outcome, Position};

const W: i32 = 9;

fn game() -> Game {
    common::game("games/yavalath.lud")
}

fn pos(g: &Game, text: &str) -> Position {
    g.position(text)
        .unwrap_or_else(|e| panic!("{text}: {}", e.message))
}

/// Whether cell (x, y) of the rhombus is on the hexagon.
fn on_board(x: i32, y: i32) -> bool {
    (0..W).contains(&x) && (0..W).contains(&y) && (4..=12).contains(&(x + y))
}

/// The longest run of `owner`'s stones through (x, y), over the three axes.
fn longest(p: &Position, x: i32, y: i32, owner: usize) -> u32 {
    let mine = |x: i32, y: i32| {
        on_board(x, y) && p.piece_at((x + W * y) as usize).map(|(_, o)| o) == Some(owner)
    };
    [(1, 0), (0, 1), (1, -1)]
        .iter()
        .map(|&(dx, dy)| {
            let mut n = 1;
            for s in [1, -1] {
                let (mut cx, mut cy) = (x + s * dx, y + s * dy);
                while mine(cx, cy) {
                    n += 1;
                    cx += s * dx;
                    cy += s * dy;
                }
            }
            n
        })
        .max()
        .unwrap_or(1)
}

#[test]
fn yavalath_holes_are_not_squares() {
    let g = game();
    let p = g.start();
    assert_eq!(p.legal_moves().len(), 61);
    assert!(g.model().board.parse("a1").is_none(), "a1 is a hole");
    assert!(g.model().board.parse("e1").is_some());
    assert!(g.model().board.parse("i9").is_none(), "i9 is a hole");
    let err = g
        .position("9/9/9/9/9/9/9/9/S8 b - - 0 1")
        .expect_err("refused");
    assert!(err.message.contains("hole"), "{}", err.message);
    let mut p = g.start();
    assert!(lud::notation::parse_move(&p, "@a1").is_err());
    play(&mut p, "@e5");
    assert_eq!(p.legal_moves().len(), 60);
}

#[test]
fn yavalath_four_wins_and_three_loses_along_each_axis() {
    let g = game();
    // White on d5 e5 f5 and c5 empty: c5 makes four along the rank; g5
    // makes four too. Black's stones elsewhere.
    let rank = "9/9/9/9/3SSS3/9/9/4ss3/4s4 w - - 0 1";
    for mv in ["@c5", "@g5"] {
        let mut p = pos(&g, rank);
        play(&mut p, mv);
        assert_eq!(
            p.outcome(),
            Some(Outcome::win(0, "four in a row")),
            "{mv}\n{p}"
        );
    }
    // Two in a row along the file (e4 e5): e6 makes three, and loses.
    let file = "9/9/9/9/4S4/4S4/9/4ss3/4s4 w - - 0 1";
    let mut p = pos(&g, file);
    play(&mut p, "@e6");
    assert_eq!(p.outcome(), Some(Outcome::win(1, "three in a row")), "{p}");
    // Along the third axis (file + rank constant): e5 f4 g3, then d6 makes
    // four.
    let diagonal = "9/9/9/9/4S4/5S3/6S2/9/4s4 w - - 0 1";
    let mut p = pos(&g, diagonal);
    play(&mut p, "@d6");
    assert_eq!(p.outcome(), Some(Outcome::win(0, "four in a row")), "{p}");
    // A move that makes four along one line and three along another wins.
    let both = "9/9/9/9/3SSS3/2S6/2S6/9/4s4 w - - 0 1";
    let mut p = pos(&g, both);
    play(&mut p, "@c5");
    assert_eq!(p.outcome(), Some(Outcome::win(0, "four in a row")), "{p}");
}

#[test]
fn yavalath_random_games_end_as_an_independent_count_of_lines_says() {
    let g = game();
    let mut endings = [0usize; 3];
    for seed in 0..300u64 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut p = g.start();
        loop {
            let moves = p.legal_moves();
            if moves.is_empty() {
                assert_eq!(
                    p.outcome().map(|o| o.winner()),
                    Some(None),
                    "a full board is a draw"
                );
                endings[2] += 1;
                break;
            }
            let m = moves[rng.usize(..moves.len())];
            let owner = p.side_to_move();
            p.play(m).unwrap();
            let (x, y) = ((m.to() % 9) as i32, (m.to() / 9) as i32);
            assert!(on_board(x, y), "a move onto a hole: {m:?}");
            let n = longest(&p, x, y, owner);
            let expected = match n {
                4.. => Some(Outcome::win(owner, "four in a row")),
                3 => Some(Outcome::win(1 - owner, "three in a row")),
                _ => None,
            };
            if expected.is_some() {
                assert_eq!(p.outcome(), expected, "seed {seed}\n{p}");
                endings[usize::from(n == 3)] += 1;
                break;
            }
            assert!(
                p.outcome().is_none() || p.legal_moves().is_empty(),
                "seed {seed}\n{p}"
            );
        }
    }
    assert!(
        endings[0] > 5 && endings[1] > 100,
        "both endings come up: {endings:?}"
    );
}
