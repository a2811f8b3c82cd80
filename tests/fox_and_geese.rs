//! Fox and Geese on its cross of 33 points (a 7x7 grid without its four 2x2
//! corners). The moves lud finds are compared, position by position, with a
//! small independent Fox and Geese written here (a 7x7 mailbox, the cross
//! tested by coordinates, jump series grown by recursion), in perft and
//! along random games to their end.

#[path = "support/common.rs"]
mod common;

use std::collections::HashMap;

use common::{legal, play, pos};
use lud::{Game, Outcome, Position};

fn game() -> Game {
    common::game("games/fox-and-geese.lud")
}

/// Whether (x, y) is a point of the cross.
fn on_cross(x: i32, y: i32) -> bool {
    (0..7).contains(&x) && (0..7).contains(&y) && ((2..=4).contains(&x) || (2..=4).contains(&y))
}

fn name(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// The independent game: the fox's point, the geese as a set of points
/// (bit x + 7y), and whose turn it is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Ref {
    fox: (i32, i32),
    geese: u64,
    geese_to_move: bool,
}

const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

impl Ref {
    fn start() -> Ref {
        let mut geese = 0;
        for (x, y) in [(2, 0), (3, 0), (4, 0), (2, 1), (3, 1), (4, 1)] {
            geese |= bit(x, y);
        }
        for x in 0..7 {
            geese |= bit(x, 2);
        }
        Ref {
            fox: (3, 4),
            geese,
            geese_to_move: true,
        }
    }

    fn goose(&self, x: i32, y: i32) -> bool {
        on_cross(x, y) && self.geese & bit(x, y) != 0
    }

    fn empty(&self, x: i32, y: i32) -> bool {
        on_cross(x, y) && !self.goose(x, y) && self.fox != (x, y)
    }

    /// Every move, written as lud writes it, with the position it leads to.
    fn moves(&self) -> Vec<(String, Ref)> {
        let mut out = Vec::new();
        if self.geese_to_move {
            for y in 0..7 {
                for x in 0..7 {
                    if !self.goose(x, y) {
                        continue;
                    }
                    // Forward (north) or sideways, never back.
                    for (dx, dy) in [(0, 1), (1, 0), (-1, 0)] {
                        let (tx, ty) = (x + dx, y + dy);
                        if self.empty(tx, ty) {
                            let geese = self.geese & !bit(x, y) | bit(tx, ty);
                            out.push((
                                format!("{}{}", name(x, y), name(tx, ty)),
                                Ref {
                                    geese,
                                    geese_to_move: false,
                                    ..*self
                                },
                            ));
                        }
                    }
                }
            }
        } else {
            let (fx, fy) = self.fox;
            for (dx, dy) in ORTH {
                if self.empty(fx + dx, fy + dy) {
                    out.push((
                        format!("{}{}", name(fx, fy), name(fx + dx, fy + dy)),
                        Ref {
                            fox: (fx + dx, fy + dy),
                            geese_to_move: true,
                            ..*self
                        },
                    ));
                }
            }
            // A series of jumps goes on while it can; only its ends are moves.
            let mut path = name(fx, fy);
            self.jumps(fx, fy, self.geese, &mut path, &mut out);
        }
        out
    }

    fn jumps(&self, x: i32, y: i32, geese: u64, path: &mut String, out: &mut Vec<(String, Ref)>) {
        let at = Ref { geese, ..*self };
        for (dx, dy) in ORTH {
            let (ox, oy, tx, ty) = (x + dx, y + dy, x + 2 * dx, y + 2 * dy);
            // The fox leaves its start point, which is empty behind it.
            let free = on_cross(tx, ty) && geese & bit(tx, ty) == 0;
            if at.goose(ox, oy) && free {
                let left = geese & !bit(ox, oy);
                let len = path.len();
                path.push_str(&name(tx, ty));
                let before = out.len();
                let more = Ref {
                    geese: left,
                    ..*self
                };
                if more.can_jump(tx, ty) {
                    self.jumps(tx, ty, left, path, out);
                }
                if out.len() == before {
                    out.push((
                        path.clone(),
                        Ref {
                            fox: (tx, ty),
                            geese: left,
                            geese_to_move: true,
                        },
                    ));
                }
                path.truncate(len);
            }
        }
    }

    fn can_jump(&self, x: i32, y: i32) -> bool {
        ORTH.iter().any(|&(dx, dy)| {
            self.goose(x + dx, y + dy)
                && on_cross(x + 2 * dx, y + 2 * dy)
                && self.geese & bit(x + 2 * dx, y + 2 * dy) == 0
        })
    }
}

fn bit(x: i32, y: i32) -> u64 {
    1 << (x + 7 * y)
}

fn ref_perft(r: &Ref, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    r.moves().iter().map(|(_, n)| ref_perft(n, depth - 1)).sum()
}

#[test]
fn fox_and_geese_perft_matches_an_independent_counter() {
    let g = game();
    let start = g.start();
    for depth in 1..=6 {
        let lud = lud::perft::perft(&start, depth);
        assert_eq!(lud, ref_perft(&Ref::start(), depth), "depth {depth}");
    }
    // The figure the issue gives.
    assert_eq!(lud::perft::perft(&start, 4), 1070);
}

#[test]
fn fox_and_geese_holes_are_not_points() {
    let g = game();
    let board = &g.model().board;
    for hole in ["a1", "b2", "f1", "g2", "a6", "b7", "f6", "g7"] {
        assert!(board.parse(hole).is_none(), "{hole} is a hole");
    }
    for point in ["c1", "a3", "g5", "d7"] {
        assert!(board.parse(point).is_some(), "{point} is a point");
    }
    // A goose on a5 may go nowhere forward (a6 is a hole) and b5 is taken.
    let p = pos(&g, "7/7/Gf2GGG/7/7/7/7 g - - 0 1");
    assert!(
        !legal(&p).iter().any(|m| m.starts_with("a5")),
        "{:?}",
        legal(&p)
    );
    assert!(g.position("G6/7/3f3/7/GGGG3/7/7 g - - 0 1").is_err());
}

#[test]
fn fox_and_geese_a_series_of_jumps_is_one_move_taking_every_goose_jumped() {
    let g = game();
    // Fox on d5; geese on d4 and c3 (and two far away): d5 over d4 to d3,
    // then over c3 to b3. Stopping at d3 is no move: the series goes on.
    let mut p = pos(&g, "2G4/3G3/3f3/3G3/2G4/7/7 f - - 0 1");
    let moves = legal(&p);
    assert!(moves.contains(&"d5d3b3".to_string()), "{moves:?}");
    assert!(!moves.contains(&"d5d3".to_string()), "{moves:?}");
    play(&mut p, "d5d3b3");
    assert_eq!(common::name_on(&p, "d4"), None);
    assert_eq!(common::name_on(&p, "c3"), None);
    assert_eq!(common::name_on(&p, "b3").as_deref(), Some("Fox"));
    // Four geese were left before; two now: the fox has won.
    assert_eq!(
        p.outcome(),
        Some(Outcome::win(1, "too few geese to pen the fox in"))
    );
}

#[test]
fn fox_and_geese_the_geese_win_by_penning_the_fox_and_lose_when_stuck() {
    let g = game();
    // The fox in the top arm's corner c7: geese on d7, e7 and c5; d6 steps
    // sideways to c6 and the fox can neither step nor jump.
    let mut p = pos(&g, "2fGG2/3G3/2G4/7/7/7/7 g - - 0 1");
    assert!(p.outcome().is_none());
    play(&mut p, "d6c6");
    assert_eq!(p.outcome(), Some(Outcome::win(0, "no moves")), "{p}");
    // Geese that cannot move lose: three on the top row between holes and
    // one on a5 under a hole, with the fox beside it.
    let p = pos(&g, "2GGG2/7/Gf5/7/7/7/7 g - - 0 1");
    assert_eq!(p.outcome(), Some(Outcome::win(1, "no moves")), "{p}");
}

/// Plays random games with lud and the independent game side by side: the
/// same moves at every position, and the same ending.
#[test]
fn fox_and_geese_random_games_agree_with_an_independent_game_to_the_end() {
    let g = game();
    let mut endings: HashMap<String, usize> = HashMap::new();
    for seed in 0..300u64 {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut p: Position = g.start();
        let mut r = Ref::start();
        let mut seen: HashMap<Ref, u32> = HashMap::new();
        seen.insert(r, 1);
        for ply in 0.. {
            let expected = if (r.geese.count_ones()) < 4 {
                Some(Outcome::win(1, "too few geese to pen the fox in"))
            } else if r.moves().is_empty() {
                Some(Outcome::win(usize::from(r.geese_to_move), "no moves"))
            } else if seen[&r] >= 3 {
                Some(Outcome::draw("repetition"))
            } else {
                None
            };
            assert_eq!(p.outcome(), expected, "seed {seed} ply {ply}\n{p}");
            if let Some(o) = expected {
                *endings.entry(o.to_string()).or_default() += 1;
                break;
            }
            let mine = legal(&p);
            let mut theirs: Vec<String> = r.moves().into_iter().map(|(m, _)| m).collect();
            theirs.sort();
            assert_eq!(mine, theirs, "seed {seed} ply {ply}\n{p}");
            let (text, next) = r.moves().swap_remove(rng.usize(..theirs.len()));
            play(&mut p, &text);
            r = next;
            *seen.entry(r).or_default() += 1;
        }
    }
    // Random geese rarely pen a random fox in (a test above does): the fox
    // takes too many of them, or they stick at the top, or the game goes
    // round in circles.
    assert_eq!(endings.len(), 3, "three kinds of ending: {endings:?}");
}
