//! Go (`games/go.lud`): captures of whole groups, suicide refused, positional
//! superko, passes, and area scoring with komi. Random games are played in
//! step with a small independent Go written here (a mailbox, groups found by
//! a flood from each stone): at every position the legal moves and, at the
//! end, the winner by area must agree.

#[path = "support/common.rs"]
mod common;

use std::collections::HashSet;

use common::play;
use lud::{Game, Outcome, Position};

fn go(size: usize) -> Game {
    common::game_with("games/go.lud", None, &[("size", &size.to_string())])
}

fn pos(g: &Game, text: &str) -> Position {
    g.position(text)
        .unwrap_or_else(|e| panic!("{text}: {}", e.message))
}

/// What stands on each point: 0 empty, 1 Black, 2 White.
fn cells(p: &Position, n: usize) -> Vec<u8> {
    (0..n * n)
        .map(|sq| p.piece_at(sq).map_or(0, |(_, o)| o as u8 + 1))
        .collect()
}

/// How many points hold `c`.
fn count(b: &[u8], c: u8) -> usize {
    b.iter().map(|&x| usize::from(x == c)).sum()
}

/// The independent Go: points `x + n y`, four neighbours each.
struct Mini {
    n: usize,
}

impl Mini {
    fn around(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (x, y, n) = (i % self.n, i / self.n, self.n);
        [
            (x > 0).then(|| i - 1),
            (x + 1 < n).then(|| i + 1),
            (y > 0).then(|| i - n),
            (y + 1 < n).then(|| i + n),
        ]
        .into_iter()
        .flatten()
    }

    /// The group on `i` and its number of liberties.
    fn group(&self, b: &[u8], i: usize) -> (Vec<usize>, usize) {
        let c = b[i];
        let mut seen = vec![false; b.len()];
        let mut libs = HashSet::new();
        let mut todo = vec![i];
        seen[i] = true;
        let mut out = Vec::new();
        while let Some(q) = todo.pop() {
            out.push(q);
            for r in self.around(q) {
                if b[r] == 0 {
                    libs.insert(r);
                } else if b[r] == c && !seen[r] {
                    seen[r] = true;
                    todo.push(r);
                }
            }
        }
        (out, libs.len())
    }

    /// The board after `colour` plays on the empty point `i`: enemy groups
    /// next to it without a liberty taken off; `None` for a suicide.
    fn place(&self, b: &[u8], i: usize, colour: u8) -> Option<Vec<u8>> {
        let mut after = b.to_vec();
        after[i] = colour;
        let enemy = 3 - colour;
        for r in self.around(i).collect::<Vec<_>>() {
            if after[r] == enemy {
                let (g, libs) = self.group(&after, r);
                if libs == 0 {
                    for q in g {
                        after[q] = 0;
                    }
                }
            }
        }
        (self.group(&after, i).1 > 0).then_some(after)
    }

    /// The points `colour` may play: not suicide, and not making a board
    /// seen before (positional superko).
    fn legal(&self, b: &[u8], colour: u8, seen: &HashSet<Vec<u8>>) -> Vec<usize> {
        (0..b.len())
            .filter(|&i| b[i] == 0)
            .filter(|&i| self.place(b, i, colour).is_some_and(|a| !seen.contains(&a)))
            .collect()
    }

    /// Area scoring: stones, and empty regions reaching only one colour.
    fn area(&self, b: &[u8]) -> [usize; 2] {
        let mut score = [0; 2];
        for &c in b {
            if c > 0 {
                score[c as usize - 1] += 1;
            }
        }
        let mut seen = vec![false; b.len()];
        for i in 0..b.len() {
            if b[i] != 0 || seen[i] {
                continue;
            }
            let (mut size, mut touches) = (0, [false; 2]);
            let mut todo = vec![i];
            seen[i] = true;
            while let Some(q) = todo.pop() {
                size += 1;
                for r in self.around(q) {
                    if b[r] == 0 {
                        if !seen[r] {
                            seen[r] = true;
                            todo.push(r);
                        }
                    } else {
                        touches[b[r] as usize - 1] = true;
                    }
                }
            }
            match touches {
                [true, false] => score[0] += size,
                [false, true] => score[1] += size,
                _ => {}
            }
        }
        score
    }
}

/// Plays seeded random games of lud's Go, checking every position against
/// the independent Go; returns how many games ended and how many points
/// were refused as suicide or superko along the way.
fn lockstep(size: usize, games: u64) -> (usize, usize) {
    let g = go(size);
    let mini = Mini { n: size };
    let (mut ended, mut refused) = (0, 0);
    for seed in 0..games {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut p = g.start();
        let mut board = cells(&p, size);
        let mut seen: HashSet<Vec<u8>> = HashSet::from([board.clone()]);
        let mut passes = 0;
        for _ in 0..2000 {
            if let Some(o) = p.outcome() {
                assert_eq!(passes, 2, "seed {seed}: {o:?} before two passes");
                let [black, white] = mini.area(&board);
                // Komi 7.5: White wins ties of stones and territory.
                let winner = usize::from(2 * white + 15 > 2 * black);
                assert_eq!(
                    o,
                    Outcome::win(winner, "area"),
                    "seed {seed}: {black} to {white} + 7.5\n{p}"
                );
                ended += 1;
                break;
            }
            let colour = p.side_to_move() as u8 + 1;
            let moves = p.legal_moves();
            let mut stones: Vec<usize> = moves
                .iter()
                .filter(|m| !m.is_pass())
                .map(|m| m.to())
                .collect();
            stones.sort_unstable();
            let expected = mini.legal(&board, colour, &seen);
            assert_eq!(stones, expected, "seed {seed}: legal points\n{p}");
            assert!(moves.iter().any(|m| m.is_pass()), "passing is always legal");
            refused += count(&board, 0) - expected.len();
            let m = moves[rng.usize(..moves.len())];
            p.play(m).expect("legal");
            if m.is_pass() {
                passes += 1;
            } else {
                passes = 0;
                board = mini
                    .place(&board, m.to(), colour)
                    .expect("legal for the independent Go too");
                seen.insert(board.clone());
            }
            assert_eq!(cells(&p, size), board, "seed {seed}: the board after {m:?}");
        }
    }
    (ended, refused)
}

#[test]
fn go_random_games_agree_with_an_independent_go_to_the_area_count() {
    let (ended, refused) = lockstep(9, 6);
    assert_eq!(ended, 6, "every game ends by two passes");
    assert!(
        refused > 20,
        "suicide and superko come up ({refused} points refused)"
    );
}

#[test]
#[ignore = "long: the 19x19 board in step with the independent Go (cargo test --release -- --ignored)"]
fn go_random_games_on_the_full_board_agree_with_an_independent_go() {
    let (ended, _) = lockstep(19, 3);
    assert_eq!(ended, 3);
}

#[test]
fn go_a_group_without_liberties_is_taken_whole_and_only_it() {
    let g = go(9);
    // White's three stones d5 e5 f5, in a ring of Black's but for f4;
    // White's g1 stands alone elsewhere.
    let before = "9/9/9/3SSS3/2SsssS2/3SS4/9/9/6s2 b - - 0 1";
    let mut p = pos(&g, before);
    play(&mut p, "@f4");
    let after = cells(&p, 9);
    for sq in ["d5", "e5", "f5"] {
        let i = g.model().board.parse(sq).unwrap() as usize;
        assert_eq!(after[i], 0, "{sq} is taken\n{p}");
    }
    let g1 = g.model().board.parse("g1").unwrap() as usize;
    assert_eq!(after[g1], 2, "a group with liberties stays");
    assert_eq!(count(&after, 1), 8);
}

#[test]
fn go_suicide_is_refused_but_a_move_that_captures_first_is_not() {
    let g = go(9);
    // a1 is surrounded by Black's a2 and b1: White may not play there.
    let mut p = pos(&g, "9/9/9/9/9/9/9/S8/1S7 w - - 0 1");
    let legal = p.legal_moves().iter().any(|m| m.to() == 0 && !m.is_pass());
    assert!(!legal, "suicide refused\n{p}");
    let err = lud::notation::parse_move(&p, "@a1").expect_err("refused");
    assert!(
        err.message.contains("suicide"),
        "the reason is given: {}",
        err.message
    );
    // The same, but Black's a2 has no other liberty (White on a3 and b2):
    // White's a1 takes a2 first, and then has a liberty.
    p = pos(&g, "9/9/9/9/9/9/s8/Ss7/1S7 w - - 0 1");
    play(&mut p, "@a1");
    let a2 = g.model().board.parse("a2").unwrap() as usize;
    assert_eq!(p.piece_at(a2), None, "a2 taken\n{p}");
}

#[test]
fn go_an_immediate_recapture_of_a_ko_is_refused_by_positional_superko() {
    let g = go(9);
    //   rank 6: . . S s . . . . .
    //   rank 5: . S s . s . . . .   White's c5 has one liberty, d5
    //   rank 4: . . S s . . . . .
    let ko = "9/9/9/2Ss5/1Ss1s4/2Ss5/9/9/9 b - - 0 1";
    let mut p = pos(&g, ko);
    play(&mut p, "@d5");
    let c5 = g.model().board.parse("c5").unwrap() as usize;
    assert_eq!(p.piece_at(c5), None, "c5 taken\n{p}");
    // White may not retake on c5 at once: the board would be as before.
    let retakes = |p: &Position| p.legal_moves().iter().any(|m| m.to() == c5 && !m.is_pass());
    assert!(!retakes(&p), "the ko is refused\n{p}");
    // After a move elsewhere by each player, it may (the board is new).
    play(&mut p, "@i9");
    play(&mut p, "@i1");
    assert!(retakes(&p), "{p}");
}

#[test]
fn go_two_passes_end_the_game_and_the_komi_decides_a_close_count() {
    let g = go(9);
    // Black's wall on file e, White's on file f: Black 45 points
    // (files a to e), White 36 + 7.5 = 43.5.
    let board = "4Ss3/4Ss3/4Ss3/4Ss3/4Ss3/4Ss3/4Ss3/4Ss3/4Ss3 b - - 0 1";
    let mut p = pos(&g, board);
    play(&mut p, "pass");
    assert_eq!(p.outcome(), None, "one pass does not end it");
    play(&mut p, "pass");
    assert_eq!(p.outcome(), Some(Outcome::win(0, "area")), "45 to 43.5");
    // One file further right: Black 36, White 45 + 7.5.
    let board = "3Ss4/3Ss4/3Ss4/3Ss4/3Ss4/3Ss4/3Ss4/3Ss4/3Ss4 b - - 0 1";
    let mut p = pos(&g, board);
    play(&mut p, "pass");
    play(&mut p, "pass");
    assert_eq!(p.outcome(), Some(Outcome::win(1, "area")));
}

#[test]
fn go_the_computer_against_the_random_player_ends_by_two_passes_with_the_area_count() {
    let g = go(9);
    let mini = Mini { n: 9 };
    let settings = lud::ai::Settings {
        max_depth: 3,
        max_nodes: 3_000,
        ..lud::ai::Settings::default()
    };
    for (seed, ai) in [(1u64, 0usize), (2, 1)] {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut p = g.start();
        let mut last_two = [false; 2];
        while p.outcome().is_none() {
            let m = if p.side_to_move() == ai {
                lud::ai::choose(&p, settings, &mut rng).expect("a move")
            } else {
                let moves = p.legal_moves();
                moves[rng.usize(..moves.len())]
            };
            last_two = [last_two[1], m.is_pass()];
            p.play(m).expect("legal");
        }
        assert_eq!(
            last_two,
            [true, true],
            "seed {seed}: ended by two passes\n{p}"
        );
        let [black, white] = mini.area(&cells(&p, 9));
        let winner = usize::from(2 * white + 15 > 2 * black);
        assert_eq!(
            p.outcome(),
            Some(Outcome::win(winner, "area")),
            "{black} to {white} + 7.5\n{p}"
        );
        assert_eq!(
            winner, ai,
            "seed {seed}: the computer wins, {black} to {white} + 7.5\n{p}"
        );
    }
}
