//! Hex on its rhombus of hexagons: a chain joining a player's two edges
//! wins, in either orientation and along any of the six directions; a full
//! board always holds exactly one such chain. The chains are judged again
//! by a small independent search of the cells (its own neighbours: the two
//! on the rank, two above, two below), not by lud's.

#[path = "support/common.rs"]
mod common;

use common::play;
use lud::{Game, Outcome, Position};

const N: usize = 11;

/// Each cell's owner (0 Red, 1 Blue), cell `x + 11 y` for file `x`, rank `y`.
fn owners(p: &Position) -> Vec<Option<usize>> {
    (0..N * N)
        .map(|sq| p.piece_at(sq).map(|(_, o)| o))
        .collect()
}

/// Whether `player`'s stones join their two edges (Red: rank 1 to rank 11;
/// Blue: file a to file k), by a flood from the first edge.
fn joined(cells: &[Option<usize>], player: usize) -> bool {
    let start = |i: usize| if player == 0 { i } else { i * N };
    let at_goal = |sq: usize| {
        if player == 0 {
            sq / N == N - 1
        } else {
            sq % N == N - 1
        }
    };
    let mut seen = [false; N * N];
    let mut todo: Vec<usize> = (0..N)
        .map(start)
        .filter(|&sq| cells[sq] == Some(player))
        .collect();
    for &sq in &todo {
        seen[sq] = true;
    }
    while let Some(sq) = todo.pop() {
        if at_goal(sq) {
            return true;
        }
        let (x, y) = ((sq % N) as i32, (sq / N) as i32);
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (-1, 1), (0, -1), (1, -1)] {
            let (nx, ny) = (x + dx, y + dy);
            if (0..N as i32).contains(&nx) && (0..N as i32).contains(&ny) {
                let q = (nx + ny * N as i32) as usize;
                if !seen[q] && cells[q] == Some(player) {
                    seen[q] = true;
                    todo.push(q);
                }
            }
        }
    }
    false
}

/// Plays Red's cells and Blue's in turn, as far as the lists go or until
/// the game ends after a move of Blue's.
fn game_of(g: &Game, red: &[&str], blue: &[&str]) -> Position {
    let mut p = g.start();
    for i in 0..red.len().max(blue.len()) {
        if let Some(r) = red.get(i) {
            assert_eq!(p.outcome(), None, "ended before {r}");
            play(&mut p, &format!("@{r}"));
        }
        if let Some(b) = blue.get(i) {
            if p.outcome().is_some() {
                break;
            }
            play(&mut p, &format!("@{b}"));
        }
    }
    p
}

fn hex() -> Game {
    common::game("games/hex.lud")
}

#[test]
fn hex_red_wins_by_joining_the_lowest_and_highest_ranks() {
    // Up file c, from c1 to c11: each cell is NE of the one before.
    let red: Vec<String> = (1..=11).map(|r| format!("c{r}")).collect();
    let red: Vec<&str> = red.iter().map(String::as_str).collect();
    let blue = ["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10"];
    let p = game_of(&hex(), &red, &blue);
    assert_eq!(p.outcome(), Some(Outcome::win(0, "joining the red edges")));
    assert!(joined(&owners(&p), 0) && !joined(&owners(&p), 1));
}

#[test]
fn hex_blue_wins_by_joining_files_a_and_k_along_a_winding_chain() {
    // From a6: SE to b5, E to c5, NE to c6 and c7, E to d7, SE to e6, SW
    // to e5, E to f5 and g5, NE to g6, E to h6 ... k6; j6 closes it last.
    let blue = [
        "a6", "b5", "c5", "c6", "c7", "d7", "e6", "e5", "f5", "g5", "g6", "h6", "i6", "k6", "j6",
    ];
    let red = [
        "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1", "k1", "a11", "b11", "c11",
        "d11",
    ];
    let mut p = hex().start();
    for (r, b) in red.iter().zip(blue) {
        play(&mut p, &format!("@{r}"));
        assert_eq!(p.outcome(), None);
        play(&mut p, &format!("@{b}"));
        if b == "j6" {
            break;
        }
        assert_eq!(p.outcome(), None, "after {b}");
        assert!(!joined(&owners(&p), 1));
    }
    assert_eq!(p.outcome(), Some(Outcome::win(1, "joining the blue edges")));
    assert!(joined(&owners(&p), 1));
}

#[test]
fn hex_cells_touching_only_at_the_wrong_diagonal_do_not_join() {
    // c1 c2 ... along file c but skipping up through d: c5 and d6 are not
    // neighbours (d6 is NE of d5, not of c5), so the chain is broken.
    let red = [
        "c1", "c2", "c3", "c4", "c5", "d6", "d7", "d8", "d9", "d10", "d11",
    ];
    let blue = ["k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9", "k10"];
    let p = game_of(&hex(), &red, &blue);
    assert_eq!(p.outcome(), None, "{p}");
    assert!(!joined(&owners(&p), 0));
    // d5 joins them (c5's E neighbour, d6's SW one).
    let mut p = p;
    play(&mut p, "@a11");
    play(&mut p, "@d5");
    assert_eq!(p.outcome(), Some(Outcome::win(0, "joining the red edges")));
}

#[test]
fn hex_random_games_end_with_exactly_one_chain_and_never_earlier() {
    let g = hex();
    for seed in 0..40 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut p = g.start();
        loop {
            let cells = owners(&p);
            match p.outcome() {
                None => {
                    assert!(!joined(&cells, 0) && !joined(&cells, 1), "seed {seed}: {p}");
                    let moves = p.legal_moves();
                    assert!(
                        !moves.is_empty(),
                        "seed {seed}: a full board without a winner"
                    );
                    p.play_unchecked(moves[rng.usize(..moves.len())]);
                }
                Some(o) => {
                    let w = o.winner().expect("a winner");
                    assert!(
                        joined(&cells, w) && !joined(&cells, 1 - w),
                        "seed {seed}: {p}"
                    );
                    break;
                }
            }
        }
    }
    // Full boards, every cell filled at random (whatever the turn order):
    // lud names the one player the search finds joined.
    for seed in 0..100 {
        let mut rng = fastrand::Rng::with_seed(1000 + seed);
        let cells: Vec<Option<usize>> = (0..N * N).map(|_| Some(rng.usize(..2))).collect();
        let ranks: Vec<String> = (0..N)
            .rev()
            .map(|y| {
                (0..N)
                    .map(|x| {
                        if cells[x + N * y] == Some(0) {
                            'S'
                        } else {
                            's'
                        }
                    })
                    .collect()
            })
            .collect();
        let p = common::pos(&g, &format!("{} w - - 0 1", ranks.join("/")));
        let w = p.outcome().and_then(|o| o.winner()).expect("a winner");
        assert!(
            joined(&cells, w) && !joined(&cells, 1 - w),
            "seed {seed}: {p}"
        );
    }
}
