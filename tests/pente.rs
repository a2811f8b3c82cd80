//! Pente: a stone takes exactly two enemy stones bracketed by another of
//! its player's (`(bracketed All min:2 max:2)`), five in a row or five
//! pairs taken wins. Random games are refereed move by move by a small
//! independent Pente written here (its own board, captures, scores and
//! ends), and counts of two plies below positions of those games are
//! checked against its own count.

#[path = "support/common.rs"]
mod common;

use common::play;
use lud::{Game, Outcome, Position};

fn game(size: usize) -> Game {
    common::game_with("games/pente.lud", None, &[("size", &size.to_string())])
}

/// The eight directions, as (file, rank) steps.
const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// The referee's Pente: each point's owner, the stones each has taken, and
/// the outcome once over.
#[derive(Clone)]
struct Referee {
    n: i32,
    board: Vec<Option<usize>>,
    taken: [i64; 2],
    over: Option<Outcome>,
}

impl Referee {
    fn new(n: usize) -> Self {
        Referee {
            n: n as i32,
            board: vec![None; n * n],
            taken: [0, 0],
            over: None,
        }
    }

    /// The owner of the stone on (f, r): none if empty or off the board.
    fn at(&self, f: i32, r: i32) -> Option<usize> {
        if (0..self.n).contains(&f) && (0..self.n).contains(&r) {
            self.board[(f + self.n * r) as usize]
        } else {
            None
        }
    }

    /// The points a player may put a stone on: the centre first, then any
    /// empty point; none once the game is over.
    fn moves(&self) -> Vec<usize> {
        if self.over.is_some() {
            return Vec::new();
        }
        if self.board.iter().all(Option::is_none) {
            let c = self.n / 2;
            return vec![(c + self.n * c) as usize];
        }
        (0..self.board.len())
            .filter(|&q| self.board[q].is_none())
            .collect()
    }

    /// `player` puts a stone on `q`: the pairs it brackets are taken, then
    /// the game ends on five in a row, ten stones taken or a full board.
    fn put(&mut self, q: usize, player: usize) {
        let (f, r) = (q as i32 % self.n, q as i32 / self.n);
        self.board[q] = Some(player);
        let enemy = Some(1 - player);
        for (df, dr) in DIRS {
            if self.at(f + df, r + dr) == enemy
                && self.at(f + 2 * df, r + 2 * dr) == enemy
                && self.at(f + 3 * df, r + 3 * dr) == Some(player)
            {
                for k in 1..=2 {
                    self.board[(f + k * df + self.n * (r + k * dr)) as usize] = None;
                }
                self.taken[player] += 2;
            }
        }
        let line = DIRS[..]
            .chunks(2)
            .map(|pair| {
                1 + pair
                    .iter()
                    .map(|&(df, dr)| {
                        (1..self.n)
                            .take_while(|&k| self.at(f + k * df, r + k * dr) == Some(player))
                            .count()
                    })
                    .sum::<usize>()
            })
            .max()
            .unwrap_or(1);
        self.over = if line >= 5 {
            Some(Outcome::win(player, "five in a row"))
        } else if self.taken[player] >= 10 {
            Some(Outcome::win(player, "five pairs taken"))
        } else if self.board.iter().all(Option::is_some) {
            Some(Outcome::draw("full board"))
        } else {
            None
        };
    }

    /// Positions two plies below: each move's count of replies.
    fn perft2(&self, player: usize) -> u64 {
        self.moves()
            .into_iter()
            .map(|q| {
                let mut next = self.clone();
                next.put(q, player);
                next.moves().len() as u64
            })
            .sum()
    }
}

/// The points of `p`'s board, each's owner.
fn board_of(p: &Position) -> Vec<Option<usize>> {
    let squares = p.model().board.len();
    (0..squares)
        .map(|q| p.piece_at(q).map(|(_, o)| o))
        .collect()
}

#[test]
fn pente_takes_exactly_two_bracketed_stones() {
    let g = game(13);
    // White's moves on the left, Black's on the right (b2, l-file ones
    // are out of the way).
    let line = |moves: &[&str]| {
        let mut p = g.start();
        for m in moves {
            play(&mut p, m);
        }
        p
    };
    // White g7 (the centre), Black h7 i7: White j7 takes the pair.
    let mut p = line(&["@g7", "@h7", "@a1", "@i7"]);
    play(&mut p, "@j7");
    assert_eq!(common::piece_on(&p, "h7"), None, "{p}");
    assert_eq!(common::piece_on(&p, "i7"), None, "{p}");
    assert_eq!(p.score(0), 2);
    // One stone bracketed (g7 h7 i7) is not taken.
    let mut p = line(&["@g7", "@h7"]);
    play(&mut p, "@i7");
    assert_eq!(common::piece_on(&p, "h7").map(|x| x.1), Some(1), "{p}");
    assert_eq!(p.score(0), 0);
    // Nor three (h7 i7 j7).
    let mut p = line(&["@g7", "@h7", "@a1", "@i7", "@a3", "@j7"]);
    play(&mut p, "@k7");
    for sq in ["h7", "i7", "j7"] {
        assert_eq!(common::piece_on(&p, sq).map(|x| x.1), Some(1), "{sq}\n{p}");
    }
    // A diagonal pair (h8 i9, from g7 to j10) is taken; the pair Black
    // put between g7 and g4 (g6 g5) is not, as no stone closed it.
    let mut p = line(&["@g7", "@h8", "@g4", "@i9", "@a1", "@g6", "@a3", "@g5"]);
    play(&mut p, "@j10");
    assert_eq!(common::piece_on(&p, "h8"), None, "{p}");
    assert_eq!(common::piece_on(&p, "i9"), None, "{p}");
    for sq in ["g6", "g5"] {
        assert_eq!(common::piece_on(&p, sq).map(|x| x.1), Some(1), "{sq}\n{p}");
    }
    assert_eq!(p.score(0), 2);
    // A stone put into the bracket is safe: White g7 and j7, Black h7,
    // then Black i7 fills the gap and stays.
    let mut p = line(&["@g7", "@h7", "@j7"]);
    play(&mut p, "@i7");
    assert_eq!(common::piece_on(&p, "h7").map(|x| x.1), Some(1), "{p}");
    assert_eq!(common::piece_on(&p, "i7").map(|x| x.1), Some(1), "{p}");
    assert_eq!(p.score(1), 0);
}

#[test]
fn pente_the_first_stone_goes_on_the_centre() {
    for (size, centre) in [(19, "j10"), (13, "g7")] {
        let p = game(size).start();
        assert_eq!(
            common::legal(&p),
            vec![format!("@{centre}")],
            "{size}x{size}"
        );
    }
}

#[test]
fn pente_random_games_match_an_independent_referee() {
    let (mut pairs, mut ends, mut checked) = (0u64, [0usize; 3], 0usize);
    for size in [13usize, 19] {
        let g = game(size);
        for seed in 0..60u64 {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut p = g.start();
            let mut referee = Referee::new(size);
            loop {
                let player = p.side_to_move();
                let mut ours: Vec<usize> = p.legal_moves().iter().map(|m| m.to()).collect();
                ours.sort_unstable();
                assert_eq!(ours, referee.moves(), "seed {seed}\n{p}");
                // Every few plies, the count two plies below.
                if p.ply() % 7 == 3 {
                    assert_eq!(
                        lud::perft::perft(&p, 2),
                        referee.perft2(player),
                        "seed {seed}, ply {}\n{p}",
                        p.ply()
                    );
                    checked += 1;
                }
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.usize(..moves.len())];
                let before = referee.taken[player];
                p.play(m).unwrap();
                referee.put(m.to(), player);
                pairs += ((referee.taken[player] - before) / 2) as u64;
                assert_eq!(board_of(&p), referee.board, "seed {seed}\n{p}");
                assert_eq!(p.score(player), referee.taken[player], "seed {seed}\n{p}");
                assert_eq!(p.outcome(), referee.over, "seed {seed}\n{p}");
                if let Some(o) = &referee.over {
                    let k = match o.winner() {
                        None => 2,
                        Some(_) if referee.taken[player] >= 10 => 1,
                        Some(_) => 0,
                    };
                    ends[k] += 1;
                }
            }
        }
    }
    assert!(
        pairs > 100 && ends[0] > 10 && ends[1] > 0 && checked > 500,
        "pairs taken {pairs}, endings (five, pairs, full) {ends:?}, counts checked {checked}"
    );
}

/// A game of drops allowed only where `cond` holds, on 8x8.
fn drops_where(cond: &str) -> Game {
    let text = format!(
        r#"(game "Drops"
    (players {{(player "White" N) (player "Black" S)}})
    (equipment {{(board (square 8)) (piece "Stone" "S")}})
    (rules
        (start {{}})
        (play (drop "Stone" (everywhere) if:{cond}))
        (end {{(if (noMoves Next) (draw "no drop"))}})))"#
    );
    lud::build::compile_str("drops.lud", &text).unwrap_or_else(|e| panic!("{cond}: {e:?}"))
}

/// Whether a stone of `me` on empty `q` of an 8x8 `board` brackets a line
/// of `lo` to `hi` enemy stones along some direction.
fn brackets(board: &[Option<usize>], q: usize, me: usize, lo: usize, hi: usize) -> bool {
    let at = |f: i32, r: i32| {
        if (0..8).contains(&f) && (0..8).contains(&r) {
            board[(f + 8 * r) as usize]
        } else {
            None
        }
    };
    let (f, r) = (q as i32 % 8, q as i32 / 8);
    DIRS.iter().any(|&(df, dr)| {
        let n = (1..8)
            .take_while(|&k| at(f + k * df, r + k * dr) == Some(1 - me))
            .count();
        (lo..=hi).contains(&n) && at(f + (n as i32 + 1) * df, r + (n as i32 + 1) * dr) == Some(me)
    })
}

#[test]
fn pente_bracketed_lines_of_a_length_are_found_alike_by_square_sets_and_square_by_square() {
    // A drop's `(exists ...)` alone is judged as square sets for every
    // square at once; inside an `or` with a false condition, square by
    // square. Both must find the squares the referee finds.
    let cases = [
        ("(bracketed All min:2 max:3)", 2, 3),
        ("(bracketed All min:2)", 2, usize::MAX),
        ("(bracketed All max:2)", 1, 2),
        ("(bracketed All min:3 max:3)", 3, 3),
        ("(bracketed All)", 1, usize::MAX),
        ("(sandwiched All)", 1, 1),
    ];
    let mut rng = fastrand::Rng::with_seed(7);
    for (pattern, lo, hi) in cases {
        let by_sets = drops_where(&format!("(exists {pattern})"));
        let one_by_one = drops_where(&format!("(or (exists {pattern}) (= 1 0))"));
        let mut found = 0;
        for _ in 0..300 {
            let board: Vec<Option<usize>> = (0..64)
                .map(|_| match rng.u8(..10) {
                    0..=3 => None,
                    4..=6 => Some(0),
                    _ => Some(1),
                })
                .collect();
            let me = rng.usize(..2);
            let ranks: Vec<String> = (0..8)
                .rev()
                .map(|r| {
                    let mut rank = String::new();
                    let mut run = 0;
                    for f in 0..8 {
                        match board[f + 8 * r] {
                            None => run += 1,
                            Some(o) => {
                                if run > 0 {
                                    rank += &run.to_string();
                                    run = 0;
                                }
                                rank.push(['S', 's'][o]);
                            }
                        }
                    }
                    if run > 0 {
                        rank += &run.to_string();
                    }
                    rank
                })
                .collect();
            let fen = format!("{} {} - - 0 1", ranks.join("/"), ["w", "b"][me]);
            let want: Vec<usize> = (0..64)
                .filter(|&q| board[q].is_none() && brackets(&board, q, me, lo, hi))
                .collect();
            found += want.len();
            for g in [&by_sets, &one_by_one] {
                let p = common::pos(g, &fen);
                let mut got: Vec<usize> = p.legal_moves().iter().map(|m| m.to()).collect();
                got.sort_unstable();
                assert_eq!(got, want, "{pattern}: {fen}");
            }
        }
        assert!(found > 100, "{pattern}: only {found} squares found");
    }
}
